/* pen-threat-page.h: a page of the game window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_THREAT_PAGE (pen_threat_page_get_type ())
G_DECLARE_FINAL_TYPE (PenThreatPage, pen_threat_page, PEN, THREAT_PAGE, AdwBin)

PenGame *pen_threat_page_get_game (PenThreatPage *self);
void     pen_threat_page_set_game (PenThreatPage *self,
                                  PenGame *game);

G_END_DECLS
