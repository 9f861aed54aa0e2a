/* pen-table-page.h: a page of the game window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_TABLE_PAGE (pen_table_page_get_type ())
G_DECLARE_FINAL_TYPE (PenTablePage, pen_table_page, PEN, TABLE_PAGE, AdwBin)

PenGame *pen_table_page_get_game (PenTablePage *self);
void     pen_table_page_set_game (PenTablePage *self,
                                 PenGame *game);

/* Starts the guided recount that compares the app with the physical table */
void     pen_table_page_check_table (PenTablePage *self);

G_END_DECLS
