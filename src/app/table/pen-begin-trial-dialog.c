/* pen-begin-trial-dialog.c: "Begin this Trial", the form for the card's Properties
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-begin-trial-dialog.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

/* The Properties with a switch, in the order of the rulebook */
static const PenTrialProperty switch_properties[] = {
  PEN_TRIAL_SHIELD, PEN_TRIAL_TRAP, PEN_TRIAL_SUPPRESS_CRYSTALS, PEN_TRIAL_SUPPRESS_POTIONS,
  PEN_TRIAL_SUPPRESS_ARTIFACTS, PEN_TRIAL_SUPPRESS_PETS
};
#define N_SWITCHES G_N_ELEMENTS (switch_properties)

struct _PenBeginTrialDialog
{
  AdwMessageDialog  parent_instance;

  AdwActionRow     *spin_rows[2];
  GtkSpinButton    *spins[2];        /* Rift, Vigilance */
  AdwActionRow     *switch_rows[N_SWITCHES];
  GtkSwitch        *switches[N_SWITCHES];
  AdwEntryRow      *shield_task;

  PenSection       *section;         /* weak */
  int               index;
  char             *card;
};

G_DEFINE_FINAL_TYPE (PenBeginTrialDialog, pen_begin_trial_dialog, ADW_TYPE_MESSAGE_DIALOG)

/* What the form says, as the trial-begin action of the current wizard */
static PenAction *
form_action (PenBeginTrialDialog *self,
             guint                wizard)
{
  PenTrialProperty flags = 0;
  g_autofree char *task = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (
                                                  self->shield_task))));

  for (guint i = 0; i < N_SWITCHES; i++)
    if (gtk_switch_get_active (self->switches[i]))
      flags |= switch_properties[i];
  return pen_action_new_trial_begin_with (wizard, self->index, self->card,
                                          gtk_spin_button_get_value_as_int (self->spins[0]),
                                          gtk_spin_button_get_value_as_int (self->spins[1]),
                                          flags, task);
}

static void
pen_begin_trial_dialog_response (AdwMessageDialog *dialog,
                                 const char       *response)
{
  PenBeginTrialDialog *self = PEN_BEGIN_TRIAL_DIALOG (dialog);
  PenTable *table = self->section != NULL ? pen_section_get_table (self->section) : NULL;

  if (g_str_equal (response, "begin") && table != NULL)
    pen_section_submit_new (self->section, form_action (self, pen_table_get_current (table)));
  if (ADW_MESSAGE_DIALOG_CLASS (pen_begin_trial_dialog_parent_class)->response != NULL)
    ADW_MESSAGE_DIALOG_CLASS (pen_begin_trial_dialog_parent_class)->response (dialog, response);
}

static void
pen_begin_trial_dialog_dispose (GObject *object)
{
  PenBeginTrialDialog *self = PEN_BEGIN_TRIAL_DIALOG (object);

  g_clear_weak_pointer (&self->section);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_BEGIN_TRIAL_DIALOG);

  G_OBJECT_CLASS (pen_begin_trial_dialog_parent_class)->dispose (object);
}

static void
pen_begin_trial_dialog_finalize (GObject *object)
{
  PenBeginTrialDialog *self = PEN_BEGIN_TRIAL_DIALOG (object);

  g_free (self->card);

  G_OBJECT_CLASS (pen_begin_trial_dialog_parent_class)->finalize (object);
}

static void
pen_begin_trial_dialog_class_init (PenBeginTrialDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);
  static const char *const spin_ids[] = { "rift", "vigilance" };

  object_class->dispose = pen_begin_trial_dialog_dispose;
  object_class->finalize = pen_begin_trial_dialog_finalize;
  dialog_class->response = pen_begin_trial_dialog_response;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-begin-trial-dialog.ui");
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *row = g_strdup_printf ("row_%s", spin_ids[i]);
      g_autofree char *spin = g_strdup_printf ("form_%s", spin_ids[i]);

      gtk_widget_class_bind_template_child_full (widget_class, row, FALSE,
                                                 G_STRUCT_OFFSET (PenBeginTrialDialog, spin_rows)
                                                 + i * sizeof (gpointer));
      gtk_widget_class_bind_template_child_full (widget_class, spin, FALSE,
                                                 G_STRUCT_OFFSET (PenBeginTrialDialog, spins)
                                                 + i * sizeof (gpointer));
    }
  for (guint i = 0; i < N_SWITCHES; i++)
    {
      const char *id = pen_trial_property_to_string (switch_properties[i]);
      g_autofree char *row = g_strdup_printf ("row_%s", id);
      g_autofree char *sw = g_strdup_printf ("form_%s", id);

      gtk_widget_class_bind_template_child_full (widget_class, row, FALSE,
                                                 G_STRUCT_OFFSET (PenBeginTrialDialog,
                                                                  switch_rows)
                                                 + i * sizeof (gpointer));
      gtk_widget_class_bind_template_child_full (widget_class, sw, FALSE,
                                                 G_STRUCT_OFFSET (PenBeginTrialDialog, switches)
                                                 + i * sizeof (gpointer));
    }
  gtk_widget_class_bind_template_child (widget_class, PenBeginTrialDialog, shield_task);
}

static void
pen_begin_trial_dialog_init (PenBeginTrialDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_widget_keep_scroll_still (GTK_WIDGET (self));
  /* a wheel turn over a number scrolls the form */
  pen_spin_buttons_scroll_when_focused (GTK_WIDGET (self));

  /* the titles name the Properties as the core does */
  for (guint i = 0; i < 2; i++)
    {
      PenTrialProperty p = i == 0 ? PEN_TRIAL_RIFT : PEN_TRIAL_VIGILANCE;
      g_autofree char *title = g_strdup_printf (_("%s (X)"), pen_trial_property_get_label (p));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->spin_rows[i]), title);
      pen_widget_set_accessible_label (GTK_WIDGET (self->spins[i]), title);
    }
  for (guint i = 0; i < N_SWITCHES; i++)
    {
      const char *title = pen_trial_property_get_label (switch_properties[i]);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->switch_rows[i]), title);
      pen_widget_set_accessible_label (GTK_WIDGET (self->switches[i]), title);
    }
}

AdwMessageDialog *
pen_begin_trial_dialog_open (PenSection *section,
                             int         index,
                             const char *card)
{
  PenBeginTrialDialog *self;
  GtkRoot *root;
  g_autofree char *body = NULL;

  g_return_val_if_fail (PEN_IS_SECTION (section), NULL);
  g_return_val_if_fail (card != NULL, NULL);

  root = gtk_widget_get_root (GTK_WIDGET (section));
  self = g_object_new (PEN_TYPE_BEGIN_TRIAL_DIALOG,
                       "transient-for", GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, NULL);
  g_set_weak_pointer (&self->section, section);
  self->index = index;
  self->card = g_strdup (card);
  body = g_strdup_printf (_("Which Properties does %s have? They are in force from now until "
                            "the trial ends. The rulebook prints no card's Properties: read "
                            "them off the card."), pen_turn_card_name (card));
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), body);
  gtk_window_present (GTK_WINDOW (self));
  return ADW_MESSAGE_DIALOG (self);
}
