/* pen-score-sheet-view.h: the sheet as drawn and exported: title, ranking, chart, players
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pen-score-standing.h"

G_BEGIN_DECLS

#define PEN_TYPE_SCORE_SHEET_VIEW (pen_score_sheet_view_get_type ())
G_DECLARE_FINAL_TYPE (PenScoreSheetView, pen_score_sheet_view, PEN, SCORE_SHEET_VIEW, GtkBox)

/* Shows shared's sheet for table in its phase. The players, best first, are a list model
 * of PenScoreStanding: a player whose rows show the same as before keeps them. FALSE when
 * nothing changed. */
gboolean    pen_score_sheet_view_show     (PenScoreSheetView *self,
                                           PenScoreShared    *shared,
                                           PenTable          *table,
                                           GStrv              goals_by_hand,
                                           GHashTable        *expanded);
/* Forgets what was shown: the next show rebuilds every player */
void        pen_score_sheet_view_clear    (PenScoreSheetView *self);
GListModel *pen_score_sheet_view_get_players (PenScoreSheetView *self);

G_END_DECLS
