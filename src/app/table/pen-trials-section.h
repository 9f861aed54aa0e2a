/* pen-trials-section.h: the trial row
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_TRIALS_SECTION (pen_trials_section_get_type ())
G_DECLARE_FINAL_TYPE (PenTrialsSection, pen_trials_section, PEN, TRIALS_SECTION, PenSection)

G_END_DECLS
