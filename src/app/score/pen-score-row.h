/* pen-score-row.h: one line of the score sheet, with its points on the right
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_SCORE_ROW (pen_score_row_get_type ())
G_DECLARE_FINAL_TYPE (PenScoreRow, pen_score_row, PEN, SCORE_ROW, AdwActionRow)

/* A row titled title (subtitle may be NULL) showing points ("+3", "0", "−3"); open tags a
 * house value; unknown shows "?" instead of the points. */
GtkWidget *pen_score_row_new          (const char *title,
                                       const char *subtitle,
                                       int         points,
                                       gboolean    open);
void       pen_score_row_set_points   (PenScoreRow *self,
                                       int          points);
int        pen_score_row_get_points   (PenScoreRow *self);
void       pen_score_row_set_unknown  (PenScoreRow *self,
                                       gboolean     unknown);

G_END_DECLS
