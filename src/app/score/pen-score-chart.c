/* pen-score-chart.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-score-chart.h"

#define ROW_HEIGHT    30
#define ROW_GAP       10
#define NAME_COLUMN_MAX      240
#define TOTAL_WIDTH   48
#define LEGEND_LINE   24
#define NAME_LINE     22
#define LEGEND_SWATCH 14
#define PAD           6

typedef struct
{
  char *name;
  int   points[PEN_N_SCORE_CATEGORIES];
  int   total;
  guint place;
} ChartRow;

struct _PenScoreChart
{
  GtkWidget  parent_instance;

  GArray    *rows;          /* of ChartRow, ranking order */
  char      *description;
};

G_DEFINE_FINAL_TYPE (PenScoreChart, pen_score_chart, GTK_TYPE_WIDGET)

/* One colour per category, far enough apart on a light or a dark background; the figures
 * and the legend carry the meaning, the colours only help the eye. */
static const GdkRGBA category_colors[PEN_N_SCORE_CATEGORIES] = {
  [PEN_SCORE_ARCANA]             = { 0.51, 0.24, 0.61, 1 },
  [PEN_SCORE_TRIALS]             = { 0.11, 0.44, 0.85, 1 },
  [PEN_SCORE_MORTAL_WOUNDS]      = { 0.75, 0.11, 0.16, 1 },
  [PEN_SCORE_EXPERIENCE]         = { 0.18, 0.62, 0.38, 1 },
  [PEN_SCORE_CONTRACTS]          = { 0.90, 0.38, 0.00, 1 },
  [PEN_SCORE_RESERVED_CONTRACTS] = { 0.55, 0.35, 0.20, 1 },
  [PEN_SCORE_BOARD]              = { 0.96, 0.76, 0.07, 1 },
  [PEN_SCORE_GOALS]              = { 0.13, 0.63, 0.70, 1 },
  [PEN_SCORE_FATE]               = { 0.47, 0.47, 0.47, 1 },
};

static void
chart_row_clear (gpointer data)
{
  ChartRow *row = data;

  g_free (row->name);
}

static gboolean
is_light (const GdkRGBA *c)
{
  return 0.299 * c->red + 0.587 * c->green + 0.114 * c->blue > 0.6;
}

static PangoLayout *
make_layout (GtkWidget  *widget,
             const char *text,
             gboolean    bold)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);

  if (bold)
    {
      PangoAttrList *attrs = pango_attr_list_new ();

      pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }
  return layout;
}

/* The widest "1. Name" */
static int
widest_name (PenScoreChart *self)
{
  int widest = 0;

  for (guint i = 0; i < self->rows->len; i++)
    {
      ChartRow *row = &g_array_index (self->rows, ChartRow, i);
      g_autofree char *text = g_strdup_printf ("%u. %s", row->place, row->name);
      g_autoptr(PangoLayout) layout = make_layout (GTK_WIDGET (self), text, FALSE);
      int w;

      pango_layout_get_pixel_size (layout, &w, NULL);
      widest = MAX (widest, w);
    }
  return widest;
}

/* The room a name column may take beside the bars at width: a third at most */
static int
column_room (int width)
{
  return MIN (NAME_COLUMN_MAX, width / 3);
}

/* A name that does not fit beside its bar goes on its own line above it, whole (play finding
 * R20: «Владислав Пр…» at 360 px) */
static gboolean
names_above (PenScoreChart *self,
             int            width)
{
  return widest_name (self) + PAD > column_room (width);
}

/* The width of the name column beside the bars (0 when the names are above them) */
static int
name_width (PenScoreChart *self,
            int            width)
{
  if (names_above (self, width))
    return 0;
  return widest_name (self) + PAD;
}

static int
row_height (PenScoreChart *self,
            int            width)
{
  return ROW_HEIGHT + ROW_GAP + (names_above (self, width) ? NAME_LINE : 0);
}

gboolean
pen_score_chart_names_fit (PenScoreChart *self,
                           int            width)
{
  g_return_val_if_fail (PEN_IS_SCORE_CHART (self), FALSE);

  if (names_above (self, width))
    return widest_name (self) <= width - TOTAL_WIDTH;
  return widest_name (self) + PAD <= name_width (self, width);
}

/* Lays the legend out in lines for a width; returns the number of lines and, when x/y are
 * given, each entry's position. */
static guint
legend_layout (PenScoreChart *self,
               int            width,
               int           *xs,
               int           *ys)
{
  int x = 0, line = 0;

  for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
    {
      g_autoptr(PangoLayout) layout = make_layout (GTK_WIDGET (self),
                                                   pen_score_category_get_label (c), FALSE);
      int w;

      pango_layout_get_pixel_size (layout, &w, NULL);
      w += LEGEND_SWATCH + 6 + 14;
      if (x > 0 && x + w > width)
        {
          x = 0;
          line++;
        }
      if (xs != NULL)
        {
          xs[c] = x;
          ys[c] = line;
        }
      x += w;
    }
  return line + 1;
}

static void
pen_score_chart_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  PenScoreChart *self = PEN_SCORE_CHART (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 240;
      *natural = 640;
    }
  else
    {
      int width = for_size > 0 ? for_size : 640;
      guint lines = legend_layout (self, width, NULL, NULL);

      *minimum = *natural = self->rows->len * row_height (self, width) + PAD
                            + lines * LEGEND_LINE;
    }
}

static GtkSizeRequestMode
pen_score_chart_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
draw_text (GtkSnapshot   *snapshot,
           PangoLayout   *layout,
           float          x,
           float          y,
           const GdkRGBA *color)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

static void
pen_score_chart_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  PenScoreChart *self = PEN_SCORE_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int names = name_width (self, width);
  gboolean above = names_above (self, width);
  int line = row_height (self, width);
  int bar_left = names, bar_width = MAX (width - names - TOTAL_WIDTH, 40);
  int max_pos = 1, max_neg = 0;
  float zero, scale;
  GdkRGBA fg;
  GdkRGBA axis;
  int xs[PEN_N_SCORE_CATEGORIES], ys[PEN_N_SCORE_CATEGORIES];
  int legend_top = self->rows->len * line + PAD;

  /* GTK 4.8 has no gtk_widget_get_color () yet */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  axis = fg;
  axis.alpha = 0.5;

  for (guint i = 0; i < self->rows->len; i++)
    {
      ChartRow *row = &g_array_index (self->rows, ChartRow, i);
      int pos = 0, neg = 0;

      for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
        {
          if (row->points[c] > 0)
            pos += row->points[c];
          else
            neg -= row->points[c];
        }
      max_pos = MAX (max_pos, pos);
      max_neg = MAX (max_neg, neg);
    }
  scale = (float) bar_width / (max_pos + max_neg);
  zero = bar_left + max_neg * scale;

  for (guint i = 0; i < self->rows->len; i++)
    {
      ChartRow *row = &g_array_index (self->rows, ChartRow, i);
      float top = i * line;
      float y = top + (above ? NAME_LINE : 0);
      float right = zero, left = zero;
      g_autofree char *name = g_strdup_printf ("%u. %s", row->place, row->name);
      g_autofree char *total = g_strdup_printf ("%d", row->total);
      g_autoptr(PangoLayout) name_layout = make_layout (widget, name, FALSE);
      g_autoptr(PangoLayout) total_layout = make_layout (widget, total, TRUE);
      int tw, th;

      /* above its bar the name has the whole width, the total's column aside */
      pango_layout_set_width (name_layout,
                              (above ? width - TOTAL_WIDTH : names - PAD) * PANGO_SCALE);
      pango_layout_set_ellipsize (name_layout, PANGO_ELLIPSIZE_END);
      pango_layout_get_pixel_size (name_layout, NULL, &th);
      if (above)
        draw_text (snapshot, name_layout, 0, top + (NAME_LINE - th) / 2.0, &fg);
      else
        draw_text (snapshot, name_layout, 0, y + (ROW_HEIGHT - th) / 2.0, &fg);

      for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
        {
          int p = row->points[c];
          float w = ABS (p) * scale;
          float x;
          g_autofree char *figure = NULL;
          g_autoptr(PangoLayout) layout = NULL;
          const GdkRGBA *color = &category_colors[c];
          GdkRGBA ink = is_light (color) ? (GdkRGBA) { 0, 0, 0, 0.87 }
                                         : (GdkRGBA) { 1, 1, 1, 1 };
          int fw, fh;

          if (p == 0)
            continue;
          if (p > 0)
            {
              x = right;
              right += w;
            }
          else
            {
              left -= w;
              x = left;
            }
          gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x, y, w, ROW_HEIGHT));
          /* a thin gap keeps neighbouring segments apart without colour */
          gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 1, 1, 1, 0.8 },
                                     &GRAPHENE_RECT_INIT (x + w - 1, y, 1, ROW_HEIGHT));
          figure = g_strdup_printf ("%d", p);
          layout = make_layout (widget, figure, FALSE);
          pango_layout_get_pixel_size (layout, &fw, &fh);
          if (fw + 4 <= w)
            draw_text (snapshot, layout, x + (w - fw) / 2, y + (ROW_HEIGHT - fh) / 2.0, &ink);
        }
      pango_layout_get_pixel_size (total_layout, &tw, &th);
      draw_text (snapshot, total_layout, width - tw, y + (ROW_HEIGHT - th) / 2.0, &fg);
    }

  /* the zero line, by the bars only when the names are above them (not through a name) */
  if (above)
    for (guint i = 0; i < self->rows->len; i++)
      gtk_snapshot_append_color (snapshot, &axis,
                                 &GRAPHENE_RECT_INIT (zero - 1, i * line + NAME_LINE, 2,
                                                      ROW_HEIGHT));
  else if (self->rows->len > 0)
    gtk_snapshot_append_color (snapshot, &axis,
                               &GRAPHENE_RECT_INIT (zero - 1, 0, 2,
                                                    self->rows->len * line - ROW_GAP));

  legend_layout (self, width, xs, ys);
  for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
    {
      g_autoptr(PangoLayout) layout = make_layout (widget, pen_score_category_get_label (c),
                                                   FALSE);
      float y = legend_top + ys[c] * LEGEND_LINE;
      float swatch_y = y + (LEGEND_LINE - LEGEND_SWATCH) / 2.0;
      int lh;

      pango_layout_get_pixel_size (layout, NULL, &lh);
      gtk_snapshot_append_color (snapshot, &category_colors[c],
                                 &GRAPHENE_RECT_INIT (xs[c], swatch_y, LEGEND_SWATCH,
                                                      LEGEND_SWATCH));
      draw_text (snapshot, layout, xs[c] + LEGEND_SWATCH + 6, y + (LEGEND_LINE - lh) / 2.0, &fg);
    }
}

static void
update_description (PenScoreChart *self)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < self->rows->len; i++)
    {
      ChartRow *row = &g_array_index (self->rows, ChartRow, i);
      gboolean any = FALSE;

      if (s->len > 0)
        g_string_append (s, "\n");
      /* Translators: a line of the chart's description: "1. Ann, 13 points:" */
      g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "%u. %s, %d point:",
                                              "%u. %s, %d points:", ABS (row->total)),
                              row->place, row->name, row->total);
      for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
        {
          if (row->points[c] == 0)
            continue;
          g_string_append_printf (s, "%s %s %+d", any ? "," : "",
                                  pen_score_category_get_label (c), row->points[c]);
          any = TRUE;
        }
      if (!any)
        g_string_append_printf (s, " %s", _("no points yet"));
    }
  g_free (self->description);
  self->description = g_string_free (s, FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description,
                                  -1);
}

void
pen_score_chart_set_sheet (PenScoreChart       *self,
                           const PenScoreSheet *sheet)
{
  g_return_if_fail (PEN_IS_SCORE_CHART (self));

  g_array_set_size (self->rows, 0);
  if (sheet != NULL)
    for (guint g = 0; g < sheet->ranking->len; g++)
      {
        GPtrArray *group = g_ptr_array_index (sheet->ranking, g);

        for (guint j = 0; j < group->len; j++)
          {
            const PenScoreResult *result = g_ptr_array_index (group, j);
            ChartRow row = { g_strdup (result->display_name), { 0, }, result->total, result->place };

            memcpy (row.points, result->points, sizeof row.points);
            g_array_append_val (self->rows, row);
          }
      }
  update_description (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

const char *
pen_score_chart_get_description (PenScoreChart *self)
{
  g_return_val_if_fail (PEN_IS_SCORE_CHART (self), NULL);

  return self->description;
}

static void
pen_score_chart_finalize (GObject *object)
{
  PenScoreChart *self = PEN_SCORE_CHART (object);

  g_clear_pointer (&self->rows, g_array_unref);
  g_clear_pointer (&self->description, g_free);

  G_OBJECT_CLASS (pen_score_chart_parent_class)->finalize (object);
}

static void
pen_score_chart_class_init (PenScoreChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pen_score_chart_finalize;
  widget_class->measure = pen_score_chart_measure;
  widget_class->get_request_mode = pen_score_chart_get_request_mode;
  widget_class->snapshot = pen_score_chart_snapshot;

  gtk_widget_class_set_css_name (widget_class, "score-chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
pen_score_chart_init (PenScoreChart *self)
{
  self->rows = g_array_new (FALSE, TRUE, sizeof (ChartRow));
  g_array_set_clear_func (self->rows, chart_row_clear);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Points per category"), -1);
  update_description (self);
}

GtkWidget *
pen_score_chart_new (void)
{
  return g_object_new (PEN_TYPE_SCORE_CHART, NULL);
}
