/* pen-override-dialog.c: a refusal by the rules, and "Do it anyway"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-override-dialog.h"

struct _PenOverrideDialog
{
  AdwMessageDialog  parent_instance;

  PenGame          *game;
  PenAction        *action;
  PenRule           rule;
};

G_DEFINE_FINAL_TYPE (PenOverrideDialog, pen_override_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum {
  SUBMIT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

gboolean
pen_override_dialog_can_override (const GError *error)
{
  return pen_rule_from_error (error) != PEN_RULE_NONE;
}

PenRule
pen_override_dialog_get_rule (PenOverrideDialog *self)
{
  g_return_val_if_fail (PEN_IS_OVERRIDE_DIALOG (self), PEN_RULE_NONE);
  return self->rule;
}

static void
pen_override_dialog_response (AdwMessageDialog *dialog,
                              const char       *response)
{
  PenOverrideDialog *self = PEN_OVERRIDE_DIALOG (dialog);

  if (g_strcmp0 (response, "override") == 0 && self->action != NULL)
    {
      g_autoptr(PenAction) copy = pen_action_dup (self->action);

      pen_action_set_override (copy, TRUE);
      g_signal_emit (self, signals[SUBMIT], 0, copy);
    }
  if (ADW_MESSAGE_DIALOG_CLASS (pen_override_dialog_parent_class)->response != NULL)
    ADW_MESSAGE_DIALOG_CLASS (pen_override_dialog_parent_class)->response (dialog, response);
}

static void
pen_override_dialog_dispose (GObject *object)
{
  PenOverrideDialog *self = PEN_OVERRIDE_DIALOG (object);

  g_clear_object (&self->game);
  g_clear_object (&self->action);

  G_OBJECT_CLASS (pen_override_dialog_parent_class)->dispose (object);
}

static void
pen_override_dialog_class_init (PenOverrideDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);

  object_class->dispose = pen_override_dialog_dispose;
  dialog_class->response = pen_override_dialog_response;

  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass),
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-override-dialog.ui");

  /* The action again, as an override: for the window to submit */
  signals[SUBMIT] = g_signal_new ("submit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_ACTION);
}

static void
pen_override_dialog_init (PenOverrideDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

PenOverrideDialog *
pen_override_dialog_new (GtkWindow    *parent,
                         PenGame      *game,
                         PenAction    *action,
                         const GError *error)
{
  PenOverrideDialog *self;
  g_autofree char *body = NULL;

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);
  g_return_val_if_fail (PEN_IS_ACTION (action), NULL);
  g_return_val_if_fail (pen_override_dialog_can_override (error), NULL);

  self = g_object_new (PEN_TYPE_OVERRIDE_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->game = g_object_ref (game);
  self->action = g_object_ref (action);
  self->rule = pen_rule_from_error (error);

  /* what was tried, then the rule it breaks, when the reason is more than the rule itself */
  if (g_strcmp0 (pen_rule_get_error_label (error), pen_rule_get_label (self->rule)) != 0)
    body = g_strdup_printf (_("The rules refuse this step: %s.\n\nRule: %s."),
                            pen_rule_get_error_label (error), pen_rule_get_label (self->rule));
  else
    body = g_strdup_printf (_("The rules refuse this step: %s."),
                            pen_rule_get_error_label (error));
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), body);
  return self;
}
