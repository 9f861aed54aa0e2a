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
 * A row that ends in a figure (PenScoreRow, PenScoreExpander) offers its properties as its
 * own: pen_score_figure_install_properties () in the row's class_init, from first_prop_id on,
 * and pen_score_figure_forward_get () / _set () as the row's get_property and set_property. */
void pen_score_figure_install_properties (GObjectClass   *klass,
                                          guint           first_prop_id);
void pen_score_figure_forward_get        (PenScoreFigure *self,
                                          GParamSpec     *pspec,
                                          GValue         *value);
void pen_score_figure_forward_set        (PenScoreFigure *self,
                                          GParamSpec     *pspec,
                                          const GValue   *value);

G_END_DECLS
