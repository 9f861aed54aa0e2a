/* pen-score-figure.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-score-figure.h"

struct _PenScoreFigure
{
  GtkBox     parent_instance;

  GtkLabel  *points_label;
  GtkWidget *open_tag;
  int        points;
  gboolean   unknown;
  gboolean   total;
};

G_DEFINE_FINAL_TYPE (PenScoreFigure, pen_score_figure, GTK_TYPE_BOX)

/* in the order install_properties () gives them ids */
enum {
  PROP_0,
  PROP_POINTS,
  PROP_UNKNOWN,
  PROP_OPEN,
  PROP_SHOW_POINTS,
  PROP_TOTAL,
};

/* The figure's properties, on the figure and on every row that ends in one */
static void
install_properties (GObjectClass *klass,
                    guint         first_prop_id,
                    GParamFlags   flags)
{
  flags |= G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS;
  g_object_class_install_property (klass, first_prop_id,
                                   g_param_spec_int ("points", NULL, NULL, G_MININT, G_MAXINT,
                                                     0, flags));
  g_object_class_install_property (klass, first_prop_id + 1,
                                   g_param_spec_boolean ("unknown", NULL, NULL, FALSE, flags));
  g_object_class_install_property (klass, first_prop_id + 2,
                                   g_param_spec_boolean ("open", NULL, NULL, FALSE, flags));
  g_object_class_install_property (klass, first_prop_id + 3,
                                   g_param_spec_boolean ("show-points", NULL, NULL, TRUE, flags));
  /* a total is not a change: "19", "-2", never "+19" (play finding W11) */
  g_object_class_install_property (klass, first_prop_id + 4,
                                   g_param_spec_boolean ("total", NULL, NULL, FALSE, flags));
}

/* A row's properties are those of its template child "figure" */
static GObject *
figure_of (GObject *row)
{
  return gtk_widget_get_template_child (GTK_WIDGET (row), G_OBJECT_TYPE (row), "figure");
}

static void
forward_get (GObject    *object,
             guint       prop_id,
             GValue     *value,
             GParamSpec *pspec)
{
  g_object_get_property (figure_of (object), pspec->name, value);
}

static void
forward_set (GObject      *object,
             guint         prop_id,
             const GValue *value,
             GParamSpec   *pspec)
{
  g_object_set_property (figure_of (object), pspec->name, value);
}

void
pen_score_figure_install_properties (GObjectClass *klass,
                                     guint         first_prop_id)
{
  g_return_if_fail (GTK_IS_WIDGET_CLASS (klass));

  g_type_ensure (PEN_TYPE_SCORE_FIGURE);
  klass->get_property = forward_get;
  klass->set_property = forward_set;
  /* set through the row with g_object_set (), which notifies */
  install_properties (klass, first_prop_id, 0);
}

static void
update_points (PenScoreFigure *self)
{
  g_autofree char *text = g_strdup_printf (self->total ? "%d" : "%+d", self->points);

  gtk_label_set_label (self->points_label, self->unknown ? "?" : self->points == 0 ? "0" : text);
  if (self->points < 0 && !self->unknown)
    gtk_widget_add_css_class (GTK_WIDGET (self->points_label), "negative");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->points_label), "negative");
}

static void
pen_score_figure_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  PenScoreFigure *self = PEN_SCORE_FIGURE (object);

  switch (prop_id)
    {
    case PROP_POINTS:
      g_value_set_int (value, self->points);
      break;
    case PROP_UNKNOWN:
      g_value_set_boolean (value, self->unknown);
      break;
    case PROP_OPEN:
      g_value_set_boolean (value, gtk_widget_get_visible (self->open_tag));
      break;
    case PROP_SHOW_POINTS:
      g_value_set_boolean (value, gtk_widget_get_visible (GTK_WIDGET (self->points_label)));
      break;
    case PROP_TOTAL:
      g_value_set_boolean (value, self->total);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_score_figure_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  PenScoreFigure *self = PEN_SCORE_FIGURE (object);

  switch (prop_id)
    {
    case PROP_POINTS:
      if (self->points == g_value_get_int (value))
        return;
      self->points = g_value_get_int (value);
      update_points (self);
      break;
    case PROP_UNKNOWN:
      if (self->unknown == g_value_get_boolean (value))
        return;
      self->unknown = g_value_get_boolean (value);
      update_points (self);
      break;
    case PROP_OPEN:
      gtk_widget_set_visible (self->open_tag, g_value_get_boolean (value));
      break;
    case PROP_SHOW_POINTS:
      gtk_widget_set_visible (GTK_WIDGET (self->points_label), g_value_get_boolean (value));
      break;
    case PROP_TOTAL:
      if (self->total == g_value_get_boolean (value))
        return;
      self->total = g_value_get_boolean (value);
      update_points (self);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_object_notify_by_pspec (object, pspec);
}

static void
pen_score_figure_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_SCORE_FIGURE);

  G_OBJECT_CLASS (pen_score_figure_parent_class)->dispose (object);
}

static void
pen_score_figure_class_init (PenScoreFigureClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = pen_score_figure_get_property;
  object_class->set_property = pen_score_figure_set_property;
  object_class->dispose = pen_score_figure_dispose;

  install_properties (object_class, PROP_POINTS, G_PARAM_EXPLICIT_NOTIFY);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-score-figure.ui");
  gtk_widget_class_bind_template_child (widget_class, PenScoreFigure, points_label);
  gtk_widget_class_bind_template_child (widget_class, PenScoreFigure, open_tag);
}

static void
pen_score_figure_init (PenScoreFigure *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update_points (self);
}
