/* pen-picker-row.h: a row that asks the table to pick one of a few answers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_PICKER_ROW (pen_picker_row_get_type ())
G_DECLARE_FINAL_TYPE (PenPickerRow, pen_picker_row, PEN, PICKER_ROW, AdwActionRow)

/* items: the answers (GtkStringObject), the first one "not said" */
GtkWidget   *pen_picker_row_new           (const char   *title,
                                           GListModel   *items);
guint        pen_picker_row_get_selected  (PenPickerRow *self);
GtkDropDown *pen_picker_row_get_drop_down (PenPickerRow *self);

G_END_DECLS
