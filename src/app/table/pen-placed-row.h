/* pen-placed-row.h: a die placed in a location, with its Knock Out button
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-die.h"

G_BEGIN_DECLS

#define PEN_TYPE_PLACED_ROW (pen_placed_row_get_type ())
G_DECLARE_FINAL_TYPE (PenPlacedRow, pen_placed_row, PEN, PLACED_ROW, AdwActionRow)

GtkWidget  *pen_placed_row_new               (PenDie       *die);
PenDie     *pen_placed_row_get_die           (PenPlacedRow *self);
gboolean    pen_placed_row_get_can_knock     (PenPlacedRow *self);
void        pen_placed_row_set_can_knock     (PenPlacedRow *self,
                                              gboolean      can_knock);
const char *pen_placed_row_get_knock_tooltip (PenPlacedRow *self);
void        pen_placed_row_set_knock_tooltip (PenPlacedRow *self,
                                              const char   *tooltip);

G_END_DECLS
