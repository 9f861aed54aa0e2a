/* pen-score-figure.h: the points at the end of a line of the score sheet
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PEN_TYPE_SCORE_FIGURE (pen_score_figure_get_type ())
G_DECLARE_FINAL_TYPE (PenScoreFigure, pen_score_figure, PEN, SCORE_FIGURE, GtkBox)

/* The points ("+3", "0", "-3"; "?" while unknown) with a "house value" tag before them when
 * the rulebook does not print the value (open); show-points hides the points.
 *
 * A row that ends in a figure (PenScoreRow, PenScoreExpander) binds it as its template child
 * "figure" and calls pen_score_figure_install_properties () in its class_init: the row's
 * properties, from first_prop_id on, are then the figure's ("points", "unknown", "open",
 * "show-points"), and the row has no others. */
void pen_score_figure_install_properties (GObjectClass *klass,
                                          guint         first_prop_id);

G_END_DECLS
