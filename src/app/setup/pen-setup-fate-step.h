/* pen-setup-fate-step.h: step 4 of the set-up assistant: the Fate deck
 *
 * App-dealt or the first-game deck: card by card, top first, in three stacks, the first-game
 * cards left out at this player count listed apart. Physical with the deck built by the rules:
 * the steps of building it (the app records only how many cards it holds).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-setup-step.h"

G_BEGIN_DECLS

#define PEN_TYPE_SETUP_FATE_STEP (pen_setup_fate_step_get_type ())
G_DECLARE_FINAL_TYPE (PenSetupFateStep, pen_setup_fate_step, PEN, SETUP_FATE_STEP,
                      PenSetupStep)

G_END_DECLS
