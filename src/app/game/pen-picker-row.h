/* pen-picker-row.h: a row that asks the table to pick one of a few answers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_PICKER_ROW (pen_picker_row_get_type ())
G_DECLARE_FINAL_TYPE (PenPickerRow, pen_picker_row, PEN, PICKER_ROW, AdwPreferencesRow)

/* items: the answers (GtkStringObject), the first one "not said" */
GtkWidget   *pen_picker_row_new           (const char   *title,
                                           GListModel   *items);
guint        pen_picker_row_get_selected  (PenPickerRow *self);
GtkDropDown *pen_picker_row_get_drop_down (PenPickerRow *self);

/* For an AdwActionRow with a suffix control (a drop-down) that must stay an action row: puts
 * the suffix under the title, the title and subtitle wrapping by words, never squeezed beside
 * it one letter a line at 360 px */
void         pen_picker_row_stack_action_row (AdwActionRow *row,
                                              GtkWidget    *suffix);
/* A drop-down whose long items never widen the window past a phone: the button's item wraps
 * between words (never cut), the popup's items show in full */
void         pen_picker_row_narrow_drop_down (GtkDropDown  *drop_down);

G_END_DECLS
