/* pen-score-row.c
 *
 * An item of the score sheet, a hint, a Mark on the board, a player of an archived game: a
 * title and the points, with a "house value" tag in words when the figure is not printed. The
 * figure is a PenScoreFigure, whose properties the row offers as its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-score-figure.h"
#include "pen-score-row.h"

struct _PenScoreRow
{
  AdwActionRow    parent_instance;

  PenScoreFigure *figure;
};

G_DEFINE_FINAL_TYPE (PenScoreRow, pen_score_row, ADW_TYPE_ACTION_ROW)

enum {
  PROP_0,
  PROP_FIGURE,   /* the figure's properties: "points", "unknown", "open", "show-points",
                    "total" */
};

void
pen_score_row_set_points (PenScoreRow *self,
                          int          points)
{
  g_return_if_fail (PEN_IS_SCORE_ROW (self));

  g_object_set (self, "points", points, NULL);
}

int
pen_score_row_get_points (PenScoreRow *self)
{
  int points;

  g_return_val_if_fail (PEN_IS_SCORE_ROW (self), 0);

  g_object_get (self->figure, "points", &points, NULL);
  return points;
}

void
pen_score_row_set_unknown (PenScoreRow *self,
                           gboolean     unknown)
{
  g_return_if_fail (PEN_IS_SCORE_ROW (self));

  g_object_set (self, "unknown", unknown, NULL);
}

GtkWidget *
pen_score_row_new (const char *title,
                   const char *subtitle,
                   int         points,
                   gboolean    open)
{
  return g_object_new (PEN_TYPE_SCORE_ROW, "title", title ? title : "",
                       "subtitle", subtitle ? subtitle : "", "subtitle-lines", 0,
                       "points", points, "open", open, NULL);
}

static void
pen_score_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_SCORE_ROW);

  G_OBJECT_CLASS (pen_score_row_parent_class)->dispose (object);
}

static void
pen_score_row_class_init (PenScoreRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_score_row_dispose;

  /* get_property and set_property: the figure's */
  pen_score_figure_install_properties (object_class, PROP_FIGURE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-score-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenScoreRow, figure);
}

static void
pen_score_row_init (PenScoreRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
