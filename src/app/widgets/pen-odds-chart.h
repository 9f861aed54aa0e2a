/* pen-odds-chart.h: the what-if curve of a Threat roll as a bar chart
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PEN_TYPE_ODDS_CHART (pen_odds_chart_get_type ())
G_DECLARE_FINAL_TYPE (PenOddsChart, pen_odds_chart, PEN, ODDS_CHART, GtkWidget)

/* curve: PenThreatCurvePoint (pen_threat_what_if()), or NULL for an empty chart */
GArray    *pen_odds_chart_get_curve (PenOddsChart *self);
void       pen_odds_chart_set_curve (PenOddsChart *self,
                                     GArray       *curve);

G_END_DECLS
