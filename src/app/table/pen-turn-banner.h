/* pen-turn-banner.h: whose turn it is, of which kind, and what is left of it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_TURN_BANNER (pen_turn_banner_get_type ())
G_DECLARE_FINAL_TYPE (PenTurnBanner, pen_turn_banner, PEN, TURN_BANNER, PenSection)

/* "Ann’s turn — Study" */
const char *pen_turn_banner_get_title (PenTurnBanner *self);
/* "Turn 3 · round 2 · Fate deck on the table" */
const char *pen_turn_banner_get_detail (PenTurnBanner *self);
/* What the turn is at: the placements left, the Trial's step…; NULL when nothing is shown */
const char *pen_turn_banner_get_step  (PenTurnBanner *self);

G_END_DECLS
