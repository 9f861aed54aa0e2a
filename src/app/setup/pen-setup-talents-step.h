/* pen-setup-talents-step.h: step 2 of the set-up assistant: Talents, starting disciplines and
 * the turn order they give
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-setup-step.h"

G_BEGIN_DECLS

#define PEN_TYPE_SETUP_TALENTS_STEP (pen_setup_talents_step_get_type ())
G_DECLARE_FINAL_TYPE (PenSetupTalentsStep, pen_setup_talents_step, PEN, SETUP_TALENTS_STEP,
                      PenSetupStep)

G_END_DECLS
