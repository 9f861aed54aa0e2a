/* pen-name-card-row.h: a card the app cannot name yet, with its "Name It…" button
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_NAME_CARD_ROW (pen_name_card_row_get_type ())
G_DECLARE_FINAL_TYPE (PenNameCardRow, pen_name_card_row, PEN, NAME_CARD_ROW, AdwActionRow)

/* The button activates "card.name" with the card's id: the section holding the row installs
 * that action and opens the naming dialog. */
GtkWidget  *pen_name_card_row_new      (const char     *card,
                                        const char     *title);
const char *pen_name_card_row_get_card (PenNameCardRow *self);

G_END_DECLS
