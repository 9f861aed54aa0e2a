/* pen-trial-path-dialog.h: the task and reward printed on a Trial's path, asked as it is passed
 *
 * The Trial's chosen path (Light or Darkness) prints a task and a reward the rulebook does not
 * give: the table reads them off the card once (the Contract's questions, PenPrintedTask) and
 * the user catalogue keeps them. "Pass the Trial" submits the naming (card-identify), then the
 * pass (trial-take), which pays the task and gives the reward; "Skip" submits the pass alone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-action.h"
#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_TRIAL_PATH_DIALOG (pen_trial_path_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PenTrialPathDialog, pen_trial_path_dialog, PEN, TRIAL_PATH_DIALOG,
                      AdwMessageDialog)

/* take: the trial-take to submit after the answer (a reference is kept) */
PenTrialPathDialog *pen_trial_path_dialog_new (GtkWindow  *parent,
                                              PenGame    *game,
                                              const char *card,
                                              PenPath     path,
                                              PenAction  *take);
/* Whether the path's task or reward is still to be read off card */
gboolean            pen_trial_path_unknown    (const char *card,
                                              PenPath     path);
/* The card-identify action for what is typed, or NULL while nothing is said (transfer full) */
PenAction          *pen_trial_path_dialog_get_action (PenTrialPathDialog *self);
/* The path is remembered already and the pass is refused by it (why: the refusal): what the
 * table says now corrects the catalogue (card-identify "correct") */
void                pen_trial_path_dialog_set_correcting (PenTrialPathDialog *self,
                                                          const char         *why);
/* For tests */
GtkWidget          *pen_trial_path_dialog_get_printed (PenTrialPathDialog *self);

G_END_DECLS
