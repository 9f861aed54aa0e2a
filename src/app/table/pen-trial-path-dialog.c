/* pen-trial-path-dialog.c: the task and reward printed on a Trial's path
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-box.h"
#include "pen-catalog.h"
#include "pen-printed-task.h"
#include "pen-trial-path-dialog.h"
#include "pen-widget-utils.h"
#include "pen-turn.h"

struct _PenTrialPathDialog
{
  AdwMessageDialog  parent_instance;

  PenPrintedTask   *printed;

  PenGame          *game;
  char             *card;
  PenPath           path;
  PenAction        *take;
  gboolean          correcting;  /* the path is remembered: what is said replaces it */
};

G_DEFINE_FINAL_TYPE (PenTrialPathDialog, pen_trial_path_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum {
  SUBMIT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

gboolean
pen_trial_path_unknown (const char *card,
                        PenPath     path)
{
  PenCard *c = card != NULL ? pen_catalog_lookup (pen_catalog_get_default (), card) : NULL;

  return c != NULL && pen_card_get_card_type (c) == PEN_CARD_TRIAL
         && pen_card_get_path_task (c, path) == NULL;
}

PenAction *
pen_trial_path_dialog_get_action (PenTrialPathDialog *self)
{
  PenCardReward said;
  const PenTask *printed;

  g_return_val_if_fail (PEN_IS_TRIAL_PATH_DIALOG (self), NULL);

  printed = pen_printed_task_get_task (self->printed);
  if (!pen_printed_task_get_said (self->printed) || !pen_printed_task_get_valid (self->printed)
      || printed == NULL)
    return NULL;
  pen_printed_task_get_reward (self->printed, &said);
  if (self->correcting)
    return pen_box_correct_path_action (self->card, self->path, printed, &said);
  return pen_box_name_path_action (self->card, self->path, printed, &said);
}

void
pen_trial_path_dialog_set_correcting (PenTrialPathDialog *self,
                                      const char         *why)
{
  g_autofree char *body = NULL;

  g_return_if_fail (PEN_IS_TRIAL_PATH_DIALOG (self));

  self->correcting = TRUE;
  body = g_strdup_printf ("%s\n\n%s", why != NULL ? why : "",
                          _("If the card was read wrong, say its task and reward again: they "
                            "replace what is remembered. “Skip” passes by what is "
                            "remembered."));
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), g_strstrip (body));
}

GtkWidget *
pen_trial_path_dialog_get_printed (PenTrialPathDialog *self)
{
  g_return_val_if_fail (PEN_IS_TRIAL_PATH_DIALOG (self), NULL);
  return GTK_WIDGET (self->printed);
}

static void
update_cb (PenTrialPathDialog *self)
{
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "pass",
                                           pen_printed_task_get_said (self->printed)
                                           && pen_printed_task_get_valid (self->printed));
}

static void
pen_trial_path_dialog_response (AdwMessageDialog *dialog,
                                const char       *response)
{
  PenTrialPathDialog *self = PEN_TRIAL_PATH_DIALOG (dialog);

  /* the card's print first (remembered), then the pass that pays and gives by it */
  if (g_strcmp0 (response, "pass") == 0)
    {
      g_autoptr(PenAction) name = pen_trial_path_dialog_get_action (self);

      if (name != NULL)
        g_signal_emit (self, signals[SUBMIT], 0, name);
    }
  if ((g_strcmp0 (response, "pass") == 0 || g_strcmp0 (response, "skip") == 0)
      && self->take != NULL)
    g_signal_emit (self, signals[SUBMIT], 0, self->take);
  if (ADW_MESSAGE_DIALOG_CLASS (pen_trial_path_dialog_parent_class)->response != NULL)
    ADW_MESSAGE_DIALOG_CLASS (pen_trial_path_dialog_parent_class)->response (dialog, response);
}

static void
pen_trial_path_dialog_dispose (GObject *object)
{
  PenTrialPathDialog *self = PEN_TRIAL_PATH_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_TRIAL_PATH_DIALOG);
  g_clear_object (&self->game);
  g_clear_object (&self->take);
  g_clear_pointer (&self->card, g_free);

  G_OBJECT_CLASS (pen_trial_path_dialog_parent_class)->dispose (object);
}

static void
pen_trial_path_dialog_class_init (PenTrialPathDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);

  object_class->dispose = pen_trial_path_dialog_dispose;
  dialog_class->response = pen_trial_path_dialog_response;

  /* an action to submit: the naming, then the pass */
  signals[SUBMIT] = g_signal_new ("submit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_ACTION);

  g_type_ensure (PEN_TYPE_PRINTED_TASK);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-trial-path-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PenTrialPathDialog, printed);
  gtk_widget_class_bind_template_callback (widget_class, update_cb);
}

static void
pen_trial_path_dialog_init (PenTrialPathDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* at 360 px its scrolling part kept a ~60 px strip above the buttons (play finding E3) */
  pen_scrolled_hold_content (gtk_widget_get_parent (gtk_widget_get_ancestor (
                               GTK_WIDGET (self->printed), GTK_TYPE_SCROLLED_WINDOW)), 300);
}

PenTrialPathDialog *
pen_trial_path_dialog_new (GtkWindow  *parent,
                           PenGame    *game,
                           const char *card,
                           PenPath     path,
                           PenAction  *take)
{
  PenTrialPathDialog *self;
  g_autofree char *heading = NULL;

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);
  g_return_val_if_fail (card != NULL, NULL);

  self = g_object_new (PEN_TYPE_TRIAL_PATH_DIALOG, "transient-for", parent, NULL);
  self->game = g_object_ref (game);
  self->card = g_strdup (card);
  self->path = path;
  g_set_object (&self->take, take);
  heading = g_strdup_printf (path == PEN_PATH_LIGHT
                             /* Translators: the heading of the dialog, %s a Trial card */
                             ? _("The Light Path of %s")
                             : _("The Darkness Path of %s"),
                             pen_turn_card_name (card));
  adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (self), heading);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self),
                               _("The task and reward printed on this path, read once and "
                                 "remembered. Passing the Trial pays the task and gives the "
                                 "reward."));
  pen_printed_task_set_game (self->printed, game);
  update_cb (self);
  return self;
}
