/* pen-test-utils.h: helpers shared by the tests, compiled once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-game.h"

G_BEGIN_DECLS

/* The table as its snapshot JSON text, to compare states */
char     *pen_test_snapshot_text (PenGame    *game);
/* The action as its JSON text, to look at its parameters; takes action (NULL gives NULL) */
char     *pen_test_take_action_text (PenAction *action);
/* Submits json to the game; a refusal fails the test */
void      pen_test_run           (PenGame    *game,
                                  const char *json);
/* A "submit" handler (a section's, a dialog's): the test plays the window's part and submits
 * the action to game (the user data); a refusal fails the test */
void      pen_test_submit_cb     (gpointer    sender,
                                  PenAction  *action,
                                  PenGame    *game);

G_END_DECLS
