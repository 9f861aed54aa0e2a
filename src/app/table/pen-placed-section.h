/* pen-placed-section.h: the dice placed in locations, each with Knock Out
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_PLACED_SECTION (pen_placed_section_get_type ())
G_DECLARE_FINAL_TYPE (PenPlacedSection, pen_placed_section, PEN, PLACED_SECTION, PenSection)

/* Knock Out (Primagic) the die placed[i] of the table, discarding the current player's first
 * Red die; what the buttons do */
void pen_placed_section_knock_out (PenPlacedSection *self,
                                   guint             i);

G_END_DECLS
