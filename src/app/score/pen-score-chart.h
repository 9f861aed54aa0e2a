/* pen-score-chart.h: a stacked bar per player, one segment per scoring category
 *
 * Points above zero stack to the right of the zero line, penalties to its left. Every segment
 * that has room carries its figure, a legend names the categories, and the accessible
 * description gives every figure, so nothing depends on telling colours apart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pen-score.h"

G_BEGIN_DECLS

#define PEN_TYPE_SCORE_CHART (pen_score_chart_get_type ())
G_DECLARE_FINAL_TYPE (PenScoreChart, pen_score_chart, PEN, SCORE_CHART, GtkWidget)

GtkWidget *pen_score_chart_new        (void);
/* Copies what it draws from sheet (players in ranking order); NULL clears the chart. */
void       pen_score_chart_set_sheet  (PenScoreChart       *self,
                                       const PenScoreSheet *sheet);
/* The accessible description: one line per player with every non-zero category. */
const char *pen_score_chart_get_description (PenScoreChart *self);
/* Whether every whole name has its room at width (beside its bar, or on a line above it) */
gboolean    pen_score_chart_names_fit  (PenScoreChart       *self,
                                        int                  width);

G_END_DECLS
