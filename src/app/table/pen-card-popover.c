/* pen-card-popover.c: what can be done with a trial in the row or a reserved card
 *
 * Every action is in the template; update () shows those that apply now. A tap submits one
 * typed action from the section the popover is in.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-card-popover.h"
#include "pen-helper-buttons.h"
#include "pen-rule-button.h"
#include "pen-table-util.h"
#include "pen-turn.h"

struct _PenCardPopover
{
  GtkPopover        parent_instance;

  GtkLabel         *heading;
  GtkWidget        *turn_note;
  GtkWidget        *progress_note;
  GtkWidget        *other_note;
  GtkWidget        *begin;
  PenHelperButtons *helpers;
  GtkWidget        *light;
  GtkWidget        *dark;
  GtkWidget        *failed;
  GtkWidget        *fulfilled;
  GtkWidget        *stays;
  GtkWidget        *separator;
  GtkWidget        *reserve;
  GtkLabel         *reserve_label;
  GtkWidget        *one_note;
  GtkWidget        *rule;
  GtkWidget        *rule_reserving;

  guint             wizard;
  int               index;
  char             *card;
};

G_DEFINE_FINAL_TYPE (PenCardPopover, pen_card_popover, GTK_TYPE_POPOVER)

static gboolean
trial_matches (const PenTrial *trial,
               int             index,
               const char     *id)
{
  return trial != NULL && (index >= 0 ? trial->index == index
                                      : trial->index < 0 && g_strcmp0 (trial->card, id) == 0);
}

void
pen_card_popover_update (PenCardPopover *self,
                         PenTable       *table,
                         int             index,
                         const char     *card)
{
  PenWizard *w = pen_tu_current_wizard (table);
  const PenTrial *trial;
  gboolean is_trial = index >= 0 || pen_tu_card_type (card) == PEN_CARD_TRIAL;
  gboolean trial_turn, other, actions;
  g_autofree char *head = NULL, *label = NULL;

  g_return_if_fail (PEN_IS_CARD_POPOVER (self));
  if (w == NULL)
    return;
  trial = pen_table_get_trial (table);
  self->wizard = pen_table_get_current (table);
  self->index = index;
  g_free (self->card);
  self->card = g_strdup (card);
  if (is_trial)
    pen_helper_buttons_set_trial (self->helpers, self->wizard, index, card);
  else
    pen_helper_buttons_set_card (self->helpers, self->wizard, card);

  if (!is_trial)
    {
      /* a reserved contract */
      head = g_strdup_printf (_("%s: a reserved contract"), pen_turn_card_name (card));
      gtk_label_set_label (self->heading, head);
      gtk_widget_set_visible (self->turn_note, FALSE);
      gtk_widget_set_visible (self->progress_note, FALSE);
      gtk_widget_set_visible (self->other_note, FALSE);
      gtk_widget_set_visible (self->begin, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->helpers), TRUE);
      gtk_widget_set_visible (self->light, FALSE);
      gtk_widget_set_visible (self->dark, FALSE);
      gtk_widget_set_visible (self->failed, FALSE);
      gtk_widget_set_visible (self->fulfilled, TRUE);
      gtk_widget_set_visible (self->stays, TRUE);
      gtk_widget_set_visible (self->separator, FALSE);
      gtk_widget_set_visible (self->reserve, FALSE);
      gtk_widget_set_visible (self->one_note, FALSE);
      gtk_widget_set_visible (self->rule, FALSE);
      gtk_widget_set_visible (self->rule_reserving, TRUE);
      return;
    }

  head = g_strdup_printf (_("%s attempts %s"), pen_wizard_get_display_name (w),
                          pen_turn_card_name (card));
  gtk_label_set_label (self->heading, head);
  trial_turn = pen_table_get_turn_kind (table) == PEN_TURN_TRIAL;
  other = trial_turn && trial != NULL && !trial_matches (trial, index, card);
  actions = !other;
  gtk_widget_set_visible (self->turn_note, !trial_turn);
  /* its Properties are in force from the moment it is chosen */
  gtk_widget_set_visible (self->begin, trial_turn && trial == NULL);
  gtk_widget_set_visible (self->progress_note, trial_turn && trial_matches (trial, index, card));
  gtk_widget_set_visible (self->other_note, other);
  gtk_widget_set_visible (GTK_WIDGET (self->helpers), actions);
  gtk_widget_set_visible (self->light, actions);
  gtk_widget_set_visible (self->dark, actions);
  gtk_widget_set_visible (self->failed, actions);
  gtk_widget_set_visible (self->fulfilled, FALSE);
  gtk_widget_set_visible (self->stays, FALSE);
  gtk_widget_set_visible (self->rule, TRUE);
  gtk_widget_set_visible (self->rule_reserving, FALSE);

  actions = actions && index >= 0 && trial == NULL;
  gtk_widget_set_visible (self->separator, actions);
  gtk_widget_set_visible (self->reserve, actions);
  gtk_widget_set_visible (self->one_note, actions && pen_tu_has_reserved_trial (w));
  gtk_widget_set_sensitive (self->reserve, !pen_tu_has_reserved_trial (w));
  label = g_strdup_printf (_("_Reserve it for %s"), pen_wizard_get_display_name (w));
  gtk_label_set_label (self->reserve_label, label);
}

/* the page opens the form ("table.begin-trial") */
static void
begin_clicked_cb (PenCardPopover *self)
{
  g_autofree char *card = g_strdup (self->card);

  gtk_popover_popdown (GTK_POPOVER (self));
  gtk_widget_activate_action (GTK_WIDGET (self), "table.begin-trial", "(is)", self->index,
                              card);
}

static void
light_clicked_cb (PenCardPopover *self)
{
  pen_tu_take_trial (GTK_WIDGET (self), self->wizard, self->index, self->card, PEN_PATH_LIGHT);
}

static void
dark_clicked_cb (PenCardPopover *self)
{
  pen_tu_take_trial (GTK_WIDGET (self), self->wizard, self->index, self->card, PEN_PATH_DARK);
}

static void
failed_clicked_cb (PenCardPopover *self)
{
  pen_tu_submit (GTK_WIDGET (self), pen_action_new_trial_fail (self->wizard, self->index,
                                                               self->card));
}

static void
fulfilled_clicked_cb (PenCardPopover *self)
{
  pen_tu_take_contract (GTK_WIDGET (self),
                        pen_action_new_contract_take (self->wizard, -1, self->card));
}

static void
reserve_clicked_cb (PenCardPopover *self)
{
  pen_tu_submit (GTK_WIDGET (self), pen_action_new_trial_reserve (self->wizard, self->index));
}

static void
close_clicked_cb (PenCardPopover *self)
{
  gtk_popover_popdown (GTK_POPOVER (self));
}

static void
pen_card_popover_finalize (GObject *object)
{
  PenCardPopover *self = PEN_CARD_POPOVER (object);

  g_free (self->card);

  G_OBJECT_CLASS (pen_card_popover_parent_class)->finalize (object);
}

static void
pen_card_popover_class_init (PenCardPopoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pen_card_popover_finalize;

  g_type_ensure (PEN_TYPE_HELPER_BUTTONS);
  g_type_ensure (PEN_TYPE_RULE_BUTTON);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-card-popover.ui");
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, heading);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, turn_note);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, progress_note);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, other_note);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, begin);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, helpers);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, light);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, dark);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, failed);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, fulfilled);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, stays);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, separator);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, reserve);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, reserve_label);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, one_note);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, rule);
  gtk_widget_class_bind_template_child (widget_class, PenCardPopover, rule_reserving);
  gtk_widget_class_bind_template_callback (widget_class, begin_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, light_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, dark_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, failed_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, fulfilled_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, reserve_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, close_clicked_cb);
}

static void
pen_card_popover_init (PenCardPopover *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
