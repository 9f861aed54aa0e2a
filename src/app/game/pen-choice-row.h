/* pen-choice-row.h: one of several choices, a row with a radio check button
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_CHOICE_ROW (pen_choice_row_get_type ())
G_DECLARE_FINAL_TYPE (PenChoiceRow, pen_choice_row, PEN, CHOICE_ROW, AdwActionRow)

/* group: another row of the same choice (NULL for the first), whose check this one joins */
GtkWidget      *pen_choice_row_new       (const char   *title,
                                          const char   *subtitle,
                                          PenChoiceRow *group);
GtkCheckButton *pen_choice_row_get_check (PenChoiceRow *self);

G_END_DECLS
