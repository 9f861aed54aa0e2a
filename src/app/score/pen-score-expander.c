/* pen-score-expander.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-score-expander.h"
#include "pen-score-figure.h"

struct _PenScoreExpander
{
  AdwExpanderRow  parent_instance;

  PenScoreFigure *figure;
  char           *key;
  GHashTable     *expanded;   /* shared with the page: the keys of the open expanders */
};

G_DEFINE_FINAL_TYPE (PenScoreExpander, pen_score_expander, ADW_TYPE_EXPANDER_ROW)

enum {
  PROP_0,
  PROP_FIGURE,   /* the figure's properties: "points", "unknown", "open", "show-points",
                    "total" */
};

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

  object_class->dispose = pen_score_expander_dispose;
  object_class->finalize = pen_score_expander_finalize;

  /* get_property and set_property: the figure's */
  pen_score_figure_install_properties (object_class, PROP_FIGURE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-score-expander.ui");
  gtk_widget_class_bind_template_child (widget_class, PenScoreExpander, figure);
}

static void
pen_score_expander_init (PenScoreExpander *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
