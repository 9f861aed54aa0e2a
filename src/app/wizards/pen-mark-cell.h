/* pen-mark-cell.h: one cell of a wizard's Mastery row, with the Mark in it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-wizard.h"

G_BEGIN_DECLS

#define PEN_TYPE_MARK_CELL (pen_mark_cell_get_type ())
G_DECLARE_FINAL_TYPE (PenMarkCell, pen_mark_cell, PEN, MARK_CELL, AdwBin)

GtkWidget *pen_mark_cell_new  (guint        cell);
/* Shows the cell of wizard (NULL: none) with the die face under it (0: unknown); redraws
 * only when what it shows changed. Its menu activates board.mark and board.gain-mark. */
void       pen_mark_cell_show (PenMarkCell *self,
                               PenWizard   *wizard,
                               guint        face);

G_END_DECLS
