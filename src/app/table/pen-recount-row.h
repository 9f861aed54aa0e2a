/* pen-recount-row.h: a counted value of "Check the table": a die, an ingredient, a card in a
 * row, the Fate deck's count
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_RECOUNT_ROW (pen_recount_row_get_type ())
G_DECLARE_FINAL_TYPE (PenRecountRow, pen_recount_row, PEN, RECOUNT_ROW, AdwActionRow)

G_END_DECLS
