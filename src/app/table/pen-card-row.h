/* pen-card-row.h: a card of the trial row or a reserved card, with its actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-table-card.h"

G_BEGIN_DECLS

#define PEN_TYPE_CARD_ROW (pen_card_row_get_type ())
G_DECLARE_FINAL_TYPE (PenCardRow, pen_card_row, PEN, CARD_ROW, AdwActionRow)

void pen_card_row_refresh (PenCardRow *self);

G_END_DECLS
