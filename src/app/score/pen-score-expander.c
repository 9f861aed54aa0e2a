/* pen-score-expander.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-score-expander.h"

struct _PenScoreExpander
{
  AdwExpanderRow  parent_instance;

  GtkLabel       *points_label;
  GtkWidget      *open_tag;
  char           *key;
  GHashTable     *expanded;   /* shared with the page: the keys of the open expanders */
  int             points;
};

G_DEFINE_FINAL_TYPE (PenScoreExpander, pen_score_expander, ADW_TYPE_EXPANDER_ROW)

enum {
  PROP_0,
  PROP_POINTS,
  PROP_OPEN,
  PROP_SHOW_POINTS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
expanded_cb (PenScoreExpander *self)
{
  if (self->expanded == NULL || self->key == NULL)
    return;
  if (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (self)))
    g_hash_table_add (self->expanded, g_strdup (self->key));
  else
    g_hash_table_remove (self->expanded, self->key);
}

GtkWidget *
pen_score_expander_new (const char *key,
                        GHashTable *expanded,
                        const char *title,
                        const char *subtitle)
{
  PenScoreExpander *self = g_object_new (PEN_TYPE_SCORE_EXPANDER, "title", title,
                                         "subtitle", subtitle ? subtitle : "", NULL);

  self->key = g_strdup (key);
  self->expanded = expanded ? g_hash_table_ref (expanded) : NULL;
  if (expanded != NULL && key != NULL)
    adw_expander_row_set_expanded (ADW_EXPANDER_ROW (self),
                                   g_hash_table_contains (expanded, key));
  g_signal_connect (self, "notify::expanded", G_CALLBACK (expanded_cb), NULL);
  return GTK_WIDGET (self);
}

static void
set_points (PenScoreExpander *self,
            int               points)
{
  g_autofree char *text = g_strdup_printf ("%+d", points);

  self->points = points;
  gtk_label_set_label (self->points_label, points == 0 ? "0" : text);
  if (points < 0)
    gtk_widget_add_css_class (GTK_WIDGET (self->points_label), "negative");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->points_label), "negative");
}

static void
pen_score_expander_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  PenScoreExpander *self = PEN_SCORE_EXPANDER (object);

  switch (prop_id)
    {
    case PROP_POINTS:
      g_value_set_int (value, self->points);
      break;
    case PROP_OPEN:
      g_value_set_boolean (value, gtk_widget_get_visible (self->open_tag));
      break;
    case PROP_SHOW_POINTS:
      g_value_set_boolean (value, gtk_widget_get_visible (GTK_WIDGET (self->points_label)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_score_expander_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  PenScoreExpander *self = PEN_SCORE_EXPANDER (object);

  switch (prop_id)
    {
    case PROP_POINTS:
      set_points (self, g_value_get_int (value));
      break;
    case PROP_OPEN:
      gtk_widget_set_visible (self->open_tag, g_value_get_boolean (value));
      break;
    case PROP_SHOW_POINTS:
      gtk_widget_set_visible (GTK_WIDGET (self->points_label), g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_score_expander_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_SCORE_EXPANDER);

  G_OBJECT_CLASS (pen_score_expander_parent_class)->dispose (object);
}

static void
pen_score_expander_finalize (GObject *object)
{
  PenScoreExpander *self = PEN_SCORE_EXPANDER (object);

  g_free (self->key);
  g_clear_pointer (&self->expanded, g_hash_table_unref);

  G_OBJECT_CLASS (pen_score_expander_parent_class)->finalize (object);
}

static void
pen_score_expander_class_init (PenScoreExpanderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = pen_score_expander_get_property;
  object_class->set_property = pen_score_expander_set_property;
  object_class->dispose = pen_score_expander_dispose;
  object_class->finalize = pen_score_expander_finalize;

  properties[PROP_POINTS] =
    g_param_spec_int ("points", NULL, NULL, G_MININT, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_OPEN] =
    g_param_spec_boolean ("open", NULL, NULL, FALSE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_POINTS] =
    g_param_spec_boolean ("show-points", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-score-expander.ui");
  gtk_widget_class_bind_template_child (widget_class, PenScoreExpander, points_label);
  gtk_widget_class_bind_template_child (widget_class, PenScoreExpander, open_tag);
}

static void
pen_score_expander_init (PenScoreExpander *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  set_points (self, 0);
}
