/* pen-in-play-row.h: a prophecy, goal or event in play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-table.h"

G_BEGIN_DECLS

#define PEN_TYPE_IN_PLAY_ROW (pen_in_play_row_get_type ())
G_DECLARE_FINAL_TYPE (PenInPlayRow, pen_in_play_row, PEN, IN_PLAY_ROW, AdwActionRow)

GtkWidget *pen_in_play_row_new    (PenTableCard *card);
/* Shows the card as it stands in table (a prophecy's progress depends on the whole table) */
void       pen_in_play_row_update (PenInPlayRow *self,
                                   PenTable     *table);

G_END_DECLS
