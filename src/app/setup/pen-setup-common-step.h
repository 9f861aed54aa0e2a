/* pen-setup-common-step.h: step 3 of the set-up assistant: the common play area
 *
 * Boards and tokens, the four Classes, End of Time, the row of Trials (physical with the deck
 * built by the rules: which Difficulty 1 Trials came up), the Guild's Contracts (physical: which
 * ones are in the row) and the markets, which the app cannot deal.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-setup-step.h"

G_BEGIN_DECLS

#define PEN_TYPE_SETUP_COMMON_STEP (pen_setup_common_step_get_type ())
G_DECLARE_FINAL_TYPE (PenSetupCommonStep, pen_setup_common_step, PEN, SETUP_COMMON_STEP,
                      PenSetupStep)

G_END_DECLS
