/* pen-score-page.h: a page of the game window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_SCORE_PAGE (pen_score_page_get_type ())
G_DECLARE_FINAL_TYPE (PenScorePage, pen_score_page, PEN, SCORE_PAGE, AdwBin)

PenGame *pen_score_page_get_game (PenScorePage *self);
void     pen_score_page_set_game (PenScorePage *self,
                                 PenGame *game);

G_END_DECLS
