/* pen-phase-banner.h: the final round and the end of the game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_PHASE_BANNER (pen_phase_banner_get_type ())
G_DECLARE_FINAL_TYPE (PenPhaseBanner, pen_phase_banner, PEN, PHASE_BANNER, PenSection)

/* Once the game is over: who won (or leads, while printed numbers are unknown); else NULL */
const char *pen_phase_banner_get_result (PenPhaseBanner *self);

G_END_DECLS
