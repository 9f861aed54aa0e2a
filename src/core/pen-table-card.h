/* pen-table-card.h: A card instance on the table: in a row, a deck, a market or a wizard's play area.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_TYPE_TABLE_CARD (pen_table_card_get_type ())
G_DECLARE_FINAL_TYPE (PenTableCard, pen_table_card, PEN, TABLE_CARD, GObject)

PenTableCard *pen_table_card_new (const char *  card_id,
                                  const char *  zone,
                                  gboolean      rotated,
                                  const char *  path);
const char *pen_table_card_get_card_id (PenTableCard *self);
void pen_table_card_set_card_id (PenTableCard *self, const char *card_id);
const char *pen_table_card_get_zone (PenTableCard *self);
void pen_table_card_set_zone (PenTableCard *self, const char *zone);
gboolean pen_table_card_get_rotated (PenTableCard *self);
void pen_table_card_set_rotated (PenTableCard *self, gboolean rotated);
const char *pen_table_card_get_path (PenTableCard *self);
void pen_table_card_set_path (PenTableCard *self, const char *path);

/* The position of the first card of id in cards (a list of PenTableCard), or -1 */
int pen_table_card_list_index (GListModel *cards, const char *id);

G_END_DECLS
