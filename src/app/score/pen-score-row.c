/* pen-score-row.c
 *
 * An item of the score sheet, a hint, a Mark on the board, a player of an archived game: a
 * title and the points, with a "house value" tag in words when the figure is not printed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-score-row.h"

struct _PenScoreRow
{
  AdwActionRow  parent_instance;

  GtkLabel     *points_label;
  GtkWidget    *open_tag;
  int           points;
  gboolean      unknown;
};

G_DEFINE_FINAL_TYPE (PenScoreRow, pen_score_row, ADW_TYPE_ACTION_ROW)

enum {
  PROP_0,
  PROP_POINTS,
  PROP_OPEN,
  PROP_UNKNOWN,
  PROP_SHOW_POINTS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_points (PenScoreRow *self)
{
  g_autofree char *text = g_strdup_printf ("%+d", self->points);

  gtk_label_set_label (self->points_label, self->unknown ? "?" : self->points == 0 ? "0" : text);
  if (self->points < 0 && !self->unknown)
    gtk_widget_add_css_class (GTK_WIDGET (self->points_label), "negative");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->points_label), "negative");
}

void
pen_score_row_set_points (PenScoreRow *self,
                          int          points)
{
  g_return_if_fail (PEN_IS_SCORE_ROW (self));

  if (self->points == points)
    return;
  self->points = points;
  update_points (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POINTS]);
}

int
pen_score_row_get_points (PenScoreRow *self)
{
  g_return_val_if_fail (PEN_IS_SCORE_ROW (self), 0);

  return self->points;
}

void
pen_score_row_set_unknown (PenScoreRow *self,
                           gboolean     unknown)
{
  g_return_if_fail (PEN_IS_SCORE_ROW (self));

  unknown = !!unknown;
  if (self->unknown == unknown)
    return;
  self->unknown = unknown;
  update_points (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNKNOWN]);
}

GtkWidget *
pen_score_row_new (const char *title,
                   const char *subtitle,
                   int         points,
                   gboolean    open)
{
  return g_object_new (PEN_TYPE_SCORE_ROW, "title", title ? title : "", "subtitle", subtitle ? subtitle : "",
                       "subtitle-lines", 0, "points", points, "open", open, NULL);
}

static void
pen_score_row_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PenScoreRow *self = PEN_SCORE_ROW (object);

  switch (prop_id)
    {
    case PROP_POINTS:
      g_value_set_int (value, self->points);
      break;
    case PROP_OPEN:
      g_value_set_boolean (value, gtk_widget_get_visible (self->open_tag));
      break;
    case PROP_UNKNOWN:
      g_value_set_boolean (value, self->unknown);
      break;
    case PROP_SHOW_POINTS:
      g_value_set_boolean (value, gtk_widget_get_visible (GTK_WIDGET (self->points_label)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_score_row_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  PenScoreRow *self = PEN_SCORE_ROW (object);

  switch (prop_id)
    {
    case PROP_POINTS:
      pen_score_row_set_points (self, g_value_get_int (value));
      break;
    case PROP_OPEN:
      gtk_widget_set_visible (self->open_tag, g_value_get_boolean (value));
      break;
    case PROP_UNKNOWN:
      pen_score_row_set_unknown (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_POINTS:
      gtk_widget_set_visible (GTK_WIDGET (self->points_label), g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
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

  object_class->get_property = pen_score_row_get_property;
  object_class->set_property = pen_score_row_set_property;
  object_class->dispose = pen_score_row_dispose;

  properties[PROP_POINTS] =
    g_param_spec_int ("points", NULL, NULL, G_MININT, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_OPEN] =
    g_param_spec_boolean ("open", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNKNOWN] =
    g_param_spec_boolean ("unknown", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_POINTS] =
    g_param_spec_boolean ("show-points", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-score-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenScoreRow, points_label);
  gtk_widget_class_bind_template_child (widget_class, PenScoreRow, open_tag);
}

static void
pen_score_row_init (PenScoreRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update_points (self);
}
