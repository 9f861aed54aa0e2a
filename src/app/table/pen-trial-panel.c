/* pen-trial-panel.c: the trial a Trial turn is attempting, with its Properties
 *
 * Shown only while a trial is in progress. A row per Property, made once; a change of the
 * trial updates their labels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-helper-buttons.h"
#include "pen-rule-button.h"
#include "pen-table-util.h"
#include "pen-trial-panel.h"
#include "pen-trial-property-row.h"
#include "pen-turn.h"

struct _PenTrialPanel
{
  PenSection        parent_instance;

  GtkLabel         *title;
  GtkLabel         *who;
  GtkListBox       *properties;
  GtkWidget        *no_properties;
  PenHelperButtons *helpers;
  GtkWidget        *failed;

  GtkWidget        *rows[PEN_N_TRIAL_PROPERTIES];
};

G_DEFINE_FINAL_TYPE (PenTrialPanel, pen_trial_panel, PEN_TYPE_SECTION)

static void
pen_trial_panel_position_changed (PenSection *section)
{
  PenTrialPanel *self = PEN_TRIAL_PANEL (section);
  PenTable *table = pen_section_get_table (section);
  const PenTrial *trial = table != NULL ? pen_table_get_trial (table) : NULL;
  g_autofree char *title = NULL, *who = NULL;
  guint shown = 0;

  if (trial != NULL && trial->wizard >= pen_table_get_n_players (table))
    trial = NULL;
  gtk_widget_set_visible (GTK_WIDGET (self), trial != NULL);
  if (trial == NULL)
    return;

  title = g_strdup_printf (_("Trial in progress: %s"), pen_turn_card_name (trial->card));
  gtk_label_set_label (self->title, title);
  who = g_strdup_printf (trial->index >= 0 ? _("%s attempts it from the trial row")
                                           : _("%s attempts the trial they reserved"),
                         pen_wizard_get_display_name (pen_table_get_wizard (table, trial->wizard)));
  gtk_label_set_label (self->who, who);
  for (guint i = 0; i < PEN_N_TRIAL_PROPERTIES; i++)
    shown += pen_trial_property_row_update (PEN_TRIAL_PROPERTY_ROW (self->rows[i]), trial);
  gtk_widget_set_visible (GTK_WIDGET (self->properties), shown > 0);
  gtk_widget_set_visible (self->no_properties, shown == 0);
  pen_helper_buttons_set_trial (self->helpers, trial->wizard, trial->index, trial->card);
  gtk_widget_set_tooltip_text (self->failed,
                               pen_trial_in_force (trial, PEN_TRIAL_TRAP)
                               ? _("Failed: the card leaves the game, and the Trap brings a "
                                   "Mortal Wound")
                               : _("Failed: the card leaves the game"));
}

static void
take (PenTrialPanel *self,
      GtkWidget     *button,
      int            path)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));
  const PenTrial *trial = table != NULL ? pen_table_get_trial (table) : NULL;

  if (trial == NULL)
    return;
  pen_tu_take_trial (button, trial->wizard, trial->index, trial->card, path);
}

static void
light_clicked_cb (PenTrialPanel *self,
                  GtkWidget     *button)
{
  take (self, button, PEN_PATH_LIGHT);
}

static void
dark_clicked_cb (PenTrialPanel *self,
                 GtkWidget     *button)
{
  take (self, button, PEN_PATH_DARK);
}

static void
failed_clicked_cb (PenTrialPanel *self,
                   GtkWidget     *button)
{
  take (self, button, -1);
}

static void
pen_trial_panel_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_TRIAL_PANEL);

  G_OBJECT_CLASS (pen_trial_panel_parent_class)->dispose (object);
}

static void
pen_trial_panel_class_init (PenTrialPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_trial_panel_dispose;
  section_class->position_changed = pen_trial_panel_position_changed;

  g_type_ensure (PEN_TYPE_HELPER_BUTTONS);
  g_type_ensure (PEN_TYPE_RULE_BUTTON);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-trial-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, PenTrialPanel, title);
  gtk_widget_class_bind_template_child (widget_class, PenTrialPanel, who);
  gtk_widget_class_bind_template_child (widget_class, PenTrialPanel, properties);
  gtk_widget_class_bind_template_child (widget_class, PenTrialPanel, no_properties);
  gtk_widget_class_bind_template_child (widget_class, PenTrialPanel, helpers);
  gtk_widget_class_bind_template_child (widget_class, PenTrialPanel, failed);
  gtk_widget_class_bind_template_callback (widget_class, light_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, dark_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, failed_clicked_cb);
}

static void
pen_trial_panel_init (PenTrialPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint i = 0; i < PEN_N_TRIAL_PROPERTIES; i++)
    {
      self->rows[i] = pen_trial_property_row_new (1u << i);
      gtk_list_box_append (self->properties, self->rows[i]);
    }
}
