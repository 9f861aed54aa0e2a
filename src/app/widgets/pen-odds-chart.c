/* pen-odds-chart.c: the what-if curve of a Threat roll as a bar chart
 *
 * For 0, 1, 2… dice removed by a card, a solid bar for the Mortal Wound chance and an outlined
 * one for the chance of any wound; a dot marks DEFEND's Mortal Wound chance. Whoever shows the
 * chart says the same in words (and makes that its accessible label). It redraws only when it
 * is given a new curve.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "pen-odds-chart.h"
#include "pen-threat.h"

#define CHART_HEIGHT 150
#define MAX_GROUPS 13

struct _PenOddsChart
{
  GtkWidget  parent_instance;

  GArray    *curve;
};

G_DEFINE_FINAL_TYPE (PenOddsChart, pen_odds_chart, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CURVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

GArray *
pen_odds_chart_get_curve (PenOddsChart *self)
{
  g_return_val_if_fail (PEN_IS_ODDS_CHART (self), NULL);
  return self->curve;
}

void
pen_odds_chart_set_curve (PenOddsChart *self,
                          GArray       *curve)
{
  g_return_if_fail (PEN_IS_ODDS_CHART (self));

  if (self->curve == curve)
    return;
  g_clear_pointer (&self->curve, g_array_unref);
  self->curve = curve != NULL ? g_array_ref (curve) : NULL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURVE]);
}

/* The legend, its items side by side while they fit in width and on further lines when not
 * (a phone, Russian), so none is cut; drawn on cr when not NULL. Returns its height. */
static int
legend (PenOddsChart *self,
        cairo_t      *cr,
        int           width)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  /* the items are apart by three spaces */
  g_auto(GStrv) items = g_strsplit (_("■ Mortal Wound   □ a wound   ● Mortal Wound with DEFEND"),
                                    "   ", -1);
  int x = 0, y = 0, line_h = 0, gap = 16;

  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  for (guint i = 0; items[i] != NULL; i++)
    {
      int w, h;

      if (*items[i] == '\0')
        continue;
      pango_layout_set_width (layout, -1);
      pango_layout_set_text (layout, items[i], -1);
      pango_layout_get_pixel_size (layout, &w, &h);
      if (x > 0 && x + w > width)
        {
          x = 0;
          y += line_h;
          line_h = 0;
        }
      if (w > width)
        {
          /* longer than the whole width: wrapped on its own */
          pango_layout_set_width (layout, MAX (width, 1) * PANGO_SCALE);
          pango_layout_get_pixel_size (layout, &w, &h);
        }
      if (cr != NULL)
        {
          cairo_move_to (cr, x, y);
          pango_cairo_show_layout (cr, layout);
        }
      x += w + gap;
      line_h = MAX (line_h, h);
    }
  return y + line_h;
}

static void
draw (PenOddsChart *self,
      cairo_t      *cr,
      int           width,
      int           height)
{
  GdkRGBA fg;
  guint n = MIN (self->curve->len, MAX_GROUPS);
  double left = 36, top = legend (self, NULL, width) + 5, bottom = 22;
  double plot_w = width - left - 6, plot_h = height - top - bottom;
  double group_w = plot_w / n, bar_w = MIN (group_w * 0.35, 28);
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);

  /* grid and axis labels */
  cairo_set_line_width (cr, 1);
  for (guint g = 0; g <= 2; g++)
    {
      double y = top + plot_h - plot_h * g / 2.0;
      char text[8];

      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, g == 0 ? 0.6 : 0.18);
      cairo_move_to (cr, left, floor (y) + 0.5);
      cairo_line_to (cr, width - 6, floor (y) + 0.5);
      cairo_stroke (cr);
      g_snprintf (text, sizeof text, "%u%%", g * 50);
      pango_layout_set_text (layout, text, -1);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.7);
      cairo_move_to (cr, 0, y - 8);
      pango_cairo_show_layout (cr, layout);
    }

  for (guint i = 0; i < n; i++)
    {
      const PenThreatCurvePoint *pt = &g_array_index (self->curve, PenThreatCurvePoint, i);
      double x = left + group_w * i + (group_w - 2 * bar_w) / 2;
      double hm = plot_h * pt->by_card.p_mortal_wound;
      double hw = plot_h * pt->by_card.p_wounded;
      char text[8];
      int tw, th;

      /* Mortal Wound: solid */
      cairo_set_source_rgb (cr, 0.75, 0.11, 0.16);
      cairo_rectangle (cr, x, top + plot_h - hm, bar_w, hm);
      cairo_fill (cr);
      /* any wound: outlined, so it reads without colour */
      cairo_set_source_rgba (cr, 0.90, 0.38, 0.0, 0.35);
      cairo_rectangle (cr, x + bar_w + 0.5, top + plot_h - hw + 0.5, bar_w - 1, MAX (hw - 1, 0));
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.90, 0.38, 0.0);
      cairo_stroke (cr);
      if (i > 0 && pt->by_defend_possible)
        {
          double y = top + plot_h - plot_h * pt->by_defend.p_mortal_wound;

          cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.9);
          cairo_arc (cr, x + bar_w / 2, y, 3.5, 0, 2 * G_PI);
          cairo_fill (cr);
        }

      g_snprintf (text, sizeof text, i == 0 ? "0" : "−%u", i);
      pango_layout_set_text (layout, text, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.8);
      cairo_move_to (cr, left + group_w * i + (group_w - tw) / 2, height - bottom + 3);
      pango_cairo_show_layout (cr, layout);
    }

  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.8);
  legend (self, cr, width);
}

static void
pen_odds_chart_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  PenOddsChart *self = PEN_ODDS_CHART (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (self->curve == NULL || self->curve->len == 0 || width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw (self, cr, width, height);
  cairo_destroy (cr);
}

static void
pen_odds_chart_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  PenOddsChart *self = PEN_ODDS_CHART (widget);

  /* the plot keeps its height; a legend on more lines adds to it */
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size > 0)
    *minimum = *natural = CHART_HEIGHT - 22 + legend (self, NULL, for_size) + 5;
  else
    *minimum = *natural = orientation == GTK_ORIENTATION_VERTICAL ? CHART_HEIGHT : 0;
}

static GtkSizeRequestMode
pen_odds_chart_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
pen_odds_chart_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  PenOddsChart *self = PEN_ODDS_CHART (object);

  switch (prop_id)
    {
    case PROP_CURVE:
      g_value_set_boxed (value, self->curve);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_odds_chart_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  PenOddsChart *self = PEN_ODDS_CHART (object);

  switch (prop_id)
    {
    case PROP_CURVE:
      pen_odds_chart_set_curve (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_odds_chart_finalize (GObject *object)
{
  PenOddsChart *self = PEN_ODDS_CHART (object);

  g_clear_pointer (&self->curve, g_array_unref);

  G_OBJECT_CLASS (pen_odds_chart_parent_class)->finalize (object);
}

static void
pen_odds_chart_class_init (PenOddsChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pen_odds_chart_finalize;
  object_class->get_property = pen_odds_chart_get_property;
  object_class->set_property = pen_odds_chart_set_property;
  widget_class->snapshot = pen_odds_chart_snapshot;
  widget_class->measure = pen_odds_chart_measure;
  widget_class->get_request_mode = pen_odds_chart_get_request_mode;

  properties[PROP_CURVE] =
    g_param_spec_boxed ("curve", NULL, NULL, G_TYPE_ARRAY,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (widget_class, "oddschart");
}

static void
pen_odds_chart_init (PenOddsChart *self)
{
}
