/* pen-threat-die-tile.h: one Threat die of the roll, with its ↓ and ↑ adjustments
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PEN_TYPE_THREAT_DIE_TILE (pen_threat_die_tile_get_type ())
G_DECLARE_FINAL_TYPE (PenThreatDieTile, pen_threat_die_tile, PEN, THREAT_DIE_TILE, GtkWidget)

GtkWidget *pen_threat_die_tile_new (void);
/* die `index` rolled `rolled` and shows `face` after adjustments; removable: the table's roll,
 * where tapping the die takes it back */
void       pen_threat_die_tile_set (PenThreatDieTile *self,
                                    guint             index,
                                    guint             rolled,
                                    guint             face,
                                    gboolean          removable);

G_END_DECLS
