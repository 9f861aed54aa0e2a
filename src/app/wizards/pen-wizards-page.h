/* pen-wizards-page.h: a page of the game window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-section.h"

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_WIZARDS_PAGE (pen_wizards_page_get_type ())
G_DECLARE_FINAL_TYPE (PenWizardsPage, pen_wizards_page, PEN, WIZARDS_PAGE, PenSection)

PenGame *pen_wizards_page_get_game (PenWizardsPage *self);
void     pen_wizards_page_set_game (PenWizardsPage *self,
                                   PenGame *game);

G_END_DECLS
