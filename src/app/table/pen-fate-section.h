/* pen-fate-section.h: the Fate deck — how many cards are left and the odds of the next one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_FATE_SECTION (pen_fate_section_get_type ())
G_DECLARE_FINAL_TYPE (PenFateSection, pen_fate_section, PEN, FATE_SECTION, PenSection)

G_END_DECLS
