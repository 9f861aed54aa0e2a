/* pen-trial-panel.h: the trial a Trial turn is attempting, with its Properties
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_TRIAL_PANEL (pen_trial_panel_get_type ())
G_DECLARE_FINAL_TYPE (PenTrialPanel, pen_trial_panel, PEN, TRIAL_PANEL, PenSection)

G_END_DECLS
