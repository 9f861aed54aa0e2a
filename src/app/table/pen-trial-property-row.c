/* pen-trial-property-row.c: one Property of the trial in progress
 *
 * The row is named "property-ID" while shown, its buttons "vigilance-use", "shield-done" and
 * "cancel-ID" while they apply: what is not in force has no name to be found by.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-table-util.h"
#include "pen-trial-property-row.h"
#include "pen-widget-utils.h"

struct _PenTrialPropertyRow
{
  AdwActionRow      parent_instance;

  GtkWidget        *use;
  GtkWidget        *done;
  GtkWidget        *cancel;

  PenTrialProperty  property;
};

G_DEFINE_FINAL_TYPE (PenTrialPropertyRow, pen_trial_property_row, ADW_TYPE_ACTION_ROW)

static const char *
property_hint (PenTrialProperty property)
{
  switch (property)
    {
    case PEN_TRIAL_SHIELD:
      return _("Its own task comes before the task of either path");
    case PEN_TRIAL_TRAP:
      return _("Failing it brings a Mortal Wound card");
    case PEN_TRIAL_SUPPRESS_CRYSTALS:
      return _("No Crystals during the whole trial");
    case PEN_TRIAL_SUPPRESS_POTIONS:
      return _("No Potions during the whole trial");
    case PEN_TRIAL_SUPPRESS_ARTIFACTS:
      return _("No Artifacts during the whole trial");
    case PEN_TRIAL_SUPPRESS_PETS:
      return _("No Pets during the whole trial");
    default:
      return "";
    }
}

static void
show_named (GtkWidget  *widget,
            gboolean    shown,
            const char *name)
{
  gtk_widget_set_visible (widget, shown);
  gtk_widget_set_name (widget, shown ? name : NULL);
}

gboolean
pen_trial_property_row_update (PenTrialPropertyRow *self,
                               const PenTrial      *trial)
{
  PenTrialProperty p = self->property;
  const char *id = pen_trial_property_to_string (p);
  gboolean shown = trial != NULL && (trial->properties & p) != 0;
  gboolean cancelled, spent;
  g_autofree char *title = NULL, *sub = NULL, *name = NULL, *acc = NULL;

  name = g_strdup_printf ("property-%s", id);
  show_named (GTK_WIDGET (self), shown, name);
  if (!shown)
    return FALSE;

  cancelled = (trial->cancelled & p) != 0;
  /* Rift and Vigilance act at the main Threat roll; after it they are spent */
  spent = (p == PEN_TRIAL_RIFT || p == PEN_TRIAL_VIGILANCE) && trial->threat_rolled;
  if (p == PEN_TRIAL_RIFT)
    title = g_strdup_printf (_("Rift %u"), trial->rift);
  else if (p == PEN_TRIAL_VIGILANCE)
    title = g_strdup_printf (_("Vigilance %u"), trial->vigilance);
  else
    title = g_strdup (pen_trial_property_get_label (p));

  if (cancelled)
    sub = g_strdup (_("Cancelled: no longer in force"));
  else if (spent && p == PEN_TRIAL_RIFT)
    sub = g_strdup (_("Applied at the Threat roll"));
  else if (p == PEN_TRIAL_RIFT)
    sub = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                        "Before the Threat roll, discard %u die from the "
                                        "supply (the Threat helper counts it)",
                                        "Before the Threat roll, discard %u dice from the "
                                        "supply (the Threat helper counts them)",
                                        trial->rift), trial->rift);
  else if (p == PEN_TRIAL_VIGILANCE)
    sub = g_strdup_printf (spent ? _("%u of %u wizard cards or chains used; the Threat "
                                     "roll is over")
                                 : _("%u of %u wizard cards or chains used before the "
                                     "Threat roll (Primagic does not count)"),
                           trial->vigilance_used, trial->vigilance);
  else if (p == PEN_TRIAL_SHIELD && trial->shield_done)
    sub = g_strdup (_("Its task is done: go on to a path"));
  else if (p == PEN_TRIAL_SHIELD)
    sub = trial->shield_task != NULL ? g_strdup_printf (_("First its task: %s"),
                                                        trial->shield_task)
                                     : g_strdup (_("First its task (see the card), then a path"));
  else if (p == PEN_TRIAL_TRAP)
    sub = g_strdup (_("Warning: failing it brings a Mortal Wound card"));
  else
    sub = g_strdup (property_hint (p));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), sub);
  if (cancelled)
    gtk_widget_add_css_class (GTK_WIDGET (self), "dim-label");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "dim-label");

  show_named (self->use, p == PEN_TRIAL_VIGILANCE && !cancelled && !spent, "vigilance-use");
  gtk_widget_set_sensitive (self->use, trial->vigilance_used < trial->vigilance);
  show_named (self->done, p == PEN_TRIAL_SHIELD && !cancelled && !trial->shield_done,
              "shield-done");
  g_free (name);
  name = g_strdup_printf ("cancel-%s", id);
  show_named (self->cancel, !cancelled && !spent && !(p == PEN_TRIAL_SHIELD && trial->shield_done),
              name);
  acc = g_strdup_printf (_("Cancel %s (Liquid Darkness, Corruption, Pariah…)"),
                         pen_trial_property_get_label (p));
  pen_widget_set_accessible_label (self->cancel, acc);
  pen_widget_set_tooltip_text (self->cancel, acc);
  return TRUE;
}

static void
use_clicked_cb (PenTrialPropertyRow *self)
{
  pen_tu_submit (GTK_WIDGET (self), pen_action_new_vigilance_use (1));
}

static void
done_clicked_cb (PenTrialPropertyRow *self)
{
  pen_tu_submit (GTK_WIDGET (self), pen_action_new_trial_property (NULL, NULL, TRUE));
}

static void
cancel_clicked_cb (PenTrialPropertyRow *self)
{
  pen_tu_submit (GTK_WIDGET (self),
                 pen_action_new_trial_property (pen_trial_property_to_string (self->property),
                                                NULL, FALSE));
}

static void
pen_trial_property_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_TRIAL_PROPERTY_ROW);

  G_OBJECT_CLASS (pen_trial_property_row_parent_class)->dispose (object);
}

static void
pen_trial_property_row_class_init (PenTrialPropertyRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_trial_property_row_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-trial-property-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenTrialPropertyRow, use);
  gtk_widget_class_bind_template_child (widget_class, PenTrialPropertyRow, done);
  gtk_widget_class_bind_template_child (widget_class, PenTrialPropertyRow, cancel);
  gtk_widget_class_bind_template_callback (widget_class, use_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, done_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
}

static void
pen_trial_property_row_init (PenTrialPropertyRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_widget_set_accessible_label (self->use, _("One more wizard card or chain used"));
  pen_widget_set_accessible_label (self->done, _("The Shield’s task is done"));
}

GtkWidget *
pen_trial_property_row_new (guint property)
{
  PenTrialPropertyRow *self = g_object_new (PEN_TYPE_TRIAL_PROPERTY_ROW, NULL);

  self->property = property;
  return GTK_WIDGET (self);
}
