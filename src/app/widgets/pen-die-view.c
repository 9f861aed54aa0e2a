/* pen-die-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-die-view.h"

#define DIE_SIZE 40

struct _PenDieView
{
  GtkWidget parent_instance;

  PenColor  color;
  guint     value;
  gboolean  temporary;
  gboolean  set;        /* set_die was called: what is shown is the die's */
};

G_DEFINE_FINAL_TYPE (PenDieView, pen_die_view, GTK_TYPE_WIDGET)

/* Fill and pip colours; the Spark die is clear, so it is drawn pale with a dark outline. */
static const struct { double fill[3]; double pip[3]; } palette[PEN_N_COLORS] = {
  [PEN_COLOR_BONE]   = { { 0.93, 0.89, 0.78 }, { 0.24, 0.20, 0.16 } },
  [PEN_COLOR_RED]    = { { 0.75, 0.11, 0.16 }, { 1.0, 1.0, 1.0 } },
  [PEN_COLOR_ORANGE] = { { 0.90, 0.38, 0.0 }, { 1.0, 1.0, 1.0 } },
  [PEN_COLOR_YELLOW] = { { 0.96, 0.83, 0.18 }, { 0.24, 0.20, 0.0 } },
  [PEN_COLOR_GREEN]  = { { 0.18, 0.55, 0.34 }, { 1.0, 1.0, 1.0 } },
  [PEN_COLOR_BLUE]   = { { 0.11, 0.44, 0.85 }, { 1.0, 1.0, 1.0 } },
  [PEN_COLOR_PURPLE] = { { 0.51, 0.24, 0.61 }, { 1.0, 1.0, 1.0 } },
  [PEN_COLOR_SPARK]  = { { 0.86, 0.93, 0.98 }, { 0.10, 0.30, 0.50 } },
};

char *
pen_die_view_describe (PenColor color,
                       guint    value,
                       gboolean temporary)
{
  if (temporary)
    /* Translators: a die's name, then its face: "Red die showing 5, temporary" */
    return g_strdup_printf (_("%s showing %u, temporary"), pen_color_get_die_name (color), value);
  /* Translators: a die's name, then its face: "Red die showing 5" */
  return g_strdup_printf (_("%s showing %u"), pen_color_get_die_name (color), value);
}

static void
pip (cairo_t *cr,
     double   x,
     double   y,
     double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
}

static void
pen_die_view_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  PenDieView *self = PEN_DIE_VIEW (widget);
  int w = gtk_widget_get_width (widget);
  int h = gtk_widget_get_height (widget);
  double s = MIN (w, h) - 2;
  double x0 = (w - s) / 2, y0 = (h - s) / 2, r = s * 0.18, pr = s * 0.09;
  /* pip positions on a 3×3 grid, for faces 1–6 */
  static const guint8 layout[7][9] = {
    { 0 }, { 0,0,0, 0,1,0, 0,0,0 }, { 1,0,0, 0,0,0, 0,0,1 }, { 1,0,0, 0,1,0, 0,0,1 },
    { 1,0,1, 0,0,0, 1,0,1 }, { 1,0,1, 0,1,0, 1,0,1 }, { 1,0,1, 1,0,1, 1,0,1 },
  };
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, w, h);
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  const double *fill = palette[self->color].fill;
  const double *ink = palette[self->color].pip;
  PangoLayout *layout_text;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x0 + s - r, y0 + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x0 + s - r, y0 + s - r, r, 0, G_PI / 2);
  cairo_arc (cr, x0 + r, y0 + s - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x0 + r, y0 + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, fill[0], fill[1], fill[2]);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_set_line_width (cr, 1.5);
  if (self->temporary)
    {
      /* a temporary die is dashed: it lives on a card and leaves at the end of the turn */
      double dash[] = { 3, 2 };
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_line_width (cr, 2);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);

  cairo_set_source_rgb (cr, ink[0], ink[1], ink[2]);
  if (self->value >= 1 && self->value <= 6)
    for (guint i = 0; i < 9; i++)
      if (layout[self->value][i])
        pip (cr, x0 + s * (0.25 + 0.25 * (i % 3)), y0 + s * (0.25 + 0.25 * (i / 3)), pr);
  cairo_fill (cr);

  /* the colour's letter, so colour is never the only cue */
  layout_text = gtk_widget_create_pango_layout (widget, pen_color_get_short_label (self->color));
  {
    PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
    pango_font_description_set_absolute_size (font, s * 0.22 * PANGO_SCALE);
    pango_layout_set_font_description (layout_text, font);
    pango_font_description_free (font);
  }
  cairo_move_to (cr, x0 + s * 0.40, y0 + s * 0.02);
  if (self->value == 1 || self->value == 3 || self->value == 5)
    cairo_move_to (cr, x0 + s * 0.40, y0 + s * 0.70);
  pango_cairo_show_layout (cr, layout_text);
  g_object_unref (layout_text);
  cairo_destroy (cr);
}

static void
pen_die_view_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  *minimum = *natural = DIE_SIZE;
}

static void
pen_die_view_class_init (PenDieViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = pen_die_view_snapshot;
  widget_class->measure = pen_die_view_measure;
  gtk_widget_class_set_css_name (widget_class, "die");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
pen_die_view_init (PenDieView *self)
{
  self->value = 1;
}

GtkWidget *
pen_die_view_new (void)
{
  return g_object_new (PEN_TYPE_DIE_VIEW, NULL);
}

void
pen_die_view_set_die (PenDieView *self,
                      PenColor    color,
                      guint       value,
                      gboolean    temporary)
{
  g_autofree char *label = NULL;

  /* a die shown again as it is (another die of the supply changed) draws nothing */
  if (self->set && self->color == MIN (color, PEN_COLOR_SPARK) && self->value == value
      && self->temporary == !!temporary)
    return;
  label = pen_die_view_describe (color, value, temporary);
  self->color = MIN (color, PEN_COLOR_SPARK);
  self->value = value;
  self->temporary = !!temporary;
  self->set = TRUE;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
