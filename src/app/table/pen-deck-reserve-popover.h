/* pen-deck-reserve-popover.h: Bind — look at the top three contracts of the deck, reserve one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-table.h"

G_BEGIN_DECLS

#define PEN_TYPE_DECK_RESERVE_POPOVER (pen_deck_reserve_popover_get_type ())
G_DECLARE_FINAL_TYPE (PenDeckReservePopover, pen_deck_reserve_popover, PEN, DECK_RESERVE_POPOVER,
                      GtkPopover)

void pen_deck_reserve_popover_update (PenDeckReservePopover *self,
                                      PenTable              *table);

G_END_DECLS
