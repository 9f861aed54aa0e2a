/* pen-wizard-card-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-turn.h"
#include "pen-wizard-card-row.h"

struct _PenWizardCardRow
{
  AdwActionRow  parent_instance;

  GtkButton    *rotate_button;
  GtkButton    *discard_button;
  PenTableCard *card;
};

G_DEFINE_FINAL_TYPE (PenWizardCardRow, pen_wizard_card_row, ADW_TYPE_ACTION_ROW)

static void
card_changed_cb (PenWizardCardRow *self)
{
  PenTableCard *card = self->card;
  const char *id = pen_table_card_get_card_id (card);
  const char *path = pen_table_card_get_path (card);
  g_autoptr(GString) sub = g_string_new (pen_zone_get_label (pen_table_card_get_zone (card)));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), pen_turn_card_name (id));
  if (path != NULL)
    g_string_append_printf (sub, " · %s", g_str_equal (path, "light") ? _("path of Light")
                                                                      : _("path of Darkness"));
  if (pen_table_card_get_rotated (card))
    g_string_append_printf (sub, " · %s", _("rotated"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), sub->str);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->rotate_button), "(ss)", "rotate", id);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->discard_button), "(ss)", "discard", id);
}

GtkWidget *
pen_wizard_card_row_new (PenTableCard *card)
{
  PenWizardCardRow *self = g_object_new (PEN_TYPE_WIZARD_CARD_ROW, NULL);

  self->card = g_object_ref (card);
  g_signal_connect_object (card, "notify", G_CALLBACK (card_changed_cb), self,
                           G_CONNECT_SWAPPED);
  card_changed_cb (self);
  /* named once their targets are set */
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->rotate_button), "board.card");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->discard_button), "board.card");
  return GTK_WIDGET (self);
}

static void
pen_wizard_card_row_dispose (GObject *object)
{
  PenWizardCardRow *self = PEN_WIZARD_CARD_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_WIZARD_CARD_ROW);
  g_clear_object (&self->card);

  G_OBJECT_CLASS (pen_wizard_card_row_parent_class)->dispose (object);
}

static void
pen_wizard_card_row_class_init (PenWizardCardRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pen_wizard_card_row_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-wizard-card-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenWizardCardRow, rotate_button);
  gtk_widget_class_bind_template_child (widget_class, PenWizardCardRow, discard_button);
}

static void
pen_wizard_card_row_init (PenWizardCardRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
