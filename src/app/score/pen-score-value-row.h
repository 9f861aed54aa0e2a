/* pen-score-value-row.h: a number to type in on the score sheet
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-score-form.h"

G_BEGIN_DECLS

#define PEN_TYPE_SCORE_VALUE_ROW (pen_score_value_row_get_type ())
G_DECLARE_FINAL_TYPE (PenScoreValueRow, pen_score_value_row, PEN, SCORE_VALUE_ROW, AdwEntryRow)

/* An entry for field; key is the Goal's or the card's id, number the wizard or the cell.
 * Applied, it checks the text (pen_score_form_parse) and activates score.goal-vp (isi),
 * score.card-vp (si) or score.cell-vp (ui); text it cannot take marks it with "error". */
GtkWidget *pen_score_value_row_new (PenScoreField  field,
                                    const char    *key,
                                    guint          number,
                                    const char    *title);

G_END_DECLS
