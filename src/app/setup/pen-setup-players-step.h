/* pen-setup-players-step.h: step 1 of the set-up assistant: players, seed and who deals
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-setup-step.h"

G_BEGIN_DECLS

#define PEN_TYPE_SETUP_PLAYERS_STEP (pen_setup_players_step_get_type ())
G_DECLARE_FINAL_TYPE (PenSetupPlayersStep, pen_setup_players_step, PEN, SETUP_PLAYERS_STEP,
                      PenSetupStep)

/* Takes the typed seed; FALSE (and the row marked) when it is not a number */
gboolean pen_setup_players_step_apply_seed (PenSetupPlayersStep *self);

G_END_DECLS
