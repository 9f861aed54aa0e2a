/* pen-recount-mark-row.h: a Mark's state in "Check the table"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_RECOUNT_MARK_ROW (pen_recount_mark_row_get_type ())
G_DECLARE_FINAL_TYPE (PenRecountMarkRow, pen_recount_mark_row, PEN, RECOUNT_MARK_ROW, AdwComboRow)

G_END_DECLS
