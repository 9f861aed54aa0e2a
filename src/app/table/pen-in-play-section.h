/* pen-in-play-section.h: the prophecies, goals and events in play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_IN_PLAY_SECTION (pen_in_play_section_get_type ())
G_DECLARE_FINAL_TYPE (PenInPlaySection, pen_in_play_section, PEN, IN_PLAY_SECTION, PenSection)

G_END_DECLS
