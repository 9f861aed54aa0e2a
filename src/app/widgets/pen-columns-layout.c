/* pen-columns-layout.c: two columns side by side when there is room, else one above the other
 *
 * Libadwaita 1.2 has no breakpoints: the first two children of the widget sit side by side,
 * each half the width, from "min-wide" pixels on, and are stacked below it ("spacing" between
 * them either way). The minimum width is that of ONE column, so the window can always shrink.
 * In a .ui: <property name="layout-manager"><object class="PenColumnsLayout"/></property>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-columns-layout.h"

struct _PenColumnsLayout
{
  GtkLayoutManager parent_instance;

  int              min_wide;
  int              spacing;
};

G_DEFINE_FINAL_TYPE (PenColumnsLayout, pen_columns_layout, GTK_TYPE_LAYOUT_MANAGER)

enum
{
  PROP_0,
  PROP_MIN_WIDE,
  PROP_SPACING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
get_columns (GtkWidget  *widget,
             GtkWidget **a,
             GtkWidget **b)
{
  *a = gtk_widget_get_first_child (widget);
  *b = *a != NULL ? gtk_widget_get_next_sibling (*a) : NULL;
  return *b != NULL;
}

static void
pen_columns_layout_measure (GtkLayoutManager *manager,
                            GtkWidget        *widget,
                            GtkOrientation    orientation,
                            int               for_size,
                            int              *minimum,
                            int              *natural,
                            int              *minimum_baseline,
                            int              *natural_baseline)
{
  PenColumnsLayout *self = PEN_COLUMNS_LAYOUT (manager);
  int min_a = 0, nat_a = 0, min_b = 0, nat_b = 0;
  GtkWidget *a, *b;

  *minimum = *natural = 0;
  if (!get_columns (widget, &a, &b))
    return;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      gtk_widget_measure (a, orientation, -1, &min_a, &nat_a, NULL, NULL);
      gtk_widget_measure (b, orientation, -1, &min_b, &nat_b, NULL, NULL);
      *minimum = MAX (min_a, min_b);
      *natural = MAX (*minimum, nat_a + nat_b + self->spacing);
    }
  else if (for_size >= self->min_wide)
    {
      int col = (for_size - self->spacing) / 2;

      gtk_widget_measure (a, orientation, col, &min_a, &nat_a, NULL, NULL);
      gtk_widget_measure (b, orientation, for_size - col - self->spacing, &min_b, &nat_b, NULL,
                          NULL);
      *minimum = MAX (min_a, min_b);
      *natural = MAX (nat_a, nat_b);
    }
  else
    {
      gtk_widget_measure (a, orientation, for_size, &min_a, &nat_a, NULL, NULL);
      gtk_widget_measure (b, orientation, for_size, &min_b, &nat_b, NULL, NULL);
      *minimum = min_a + min_b + self->spacing;
      *natural = nat_a + nat_b + self->spacing;
    }
}

static void
pen_columns_layout_allocate (GtkLayoutManager *manager,
                             GtkWidget        *widget,
                             int               width,
                             int               height,
                             int               baseline)
{
  PenColumnsLayout *self = PEN_COLUMNS_LAYOUT (manager);
  int h_a, h_b, unused;
  GtkWidget *a, *b;

  if (!get_columns (widget, &a, &b))
    return;
  if (width >= self->min_wide)
    {
      int col = (width - self->spacing) / 2;
      int col_b = width - col - self->spacing;

      gtk_widget_measure (a, GTK_ORIENTATION_VERTICAL, col, &h_a, &unused, NULL, NULL);
      gtk_widget_measure (b, GTK_ORIENTATION_VERTICAL, col_b, &h_b, &unused, NULL, NULL);
      gtk_widget_size_allocate (a, &(GtkAllocation) { 0, 0, col, MAX (h_a, height) }, -1);
      gtk_widget_size_allocate (b, &(GtkAllocation) { col + self->spacing, 0, col_b,
                                                      MAX (h_b, height) }, -1);
    }
  else
    {
      gtk_widget_measure (a, GTK_ORIENTATION_VERTICAL, width, &h_a, &unused, NULL, NULL);
      gtk_widget_measure (b, GTK_ORIENTATION_VERTICAL, width, &h_b, &unused, NULL, NULL);
      gtk_widget_size_allocate (a, &(GtkAllocation) { 0, 0, width, h_a }, -1);
      gtk_widget_size_allocate (b, &(GtkAllocation) { 0, h_a + self->spacing, width,
                                                      MAX (h_b, height - h_a - self->spacing) },
                                -1);
    }
}

static GtkSizeRequestMode
pen_columns_layout_get_request_mode (GtkLayoutManager *manager,
                                     GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
pen_columns_layout_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  PenColumnsLayout *self = PEN_COLUMNS_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_MIN_WIDE:
      g_value_set_int (value, self->min_wide);
      break;
    case PROP_SPACING:
      g_value_set_int (value, self->spacing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_columns_layout_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  PenColumnsLayout *self = PEN_COLUMNS_LAYOUT (object);
  int *field = prop_id == PROP_MIN_WIDE ? &self->min_wide : &self->spacing;

  if (prop_id != PROP_MIN_WIDE && prop_id != PROP_SPACING)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  if (*field == g_value_get_int (value))
    return;
  *field = g_value_get_int (value);
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
  g_object_notify_by_pspec (object, pspec);
}

static void
pen_columns_layout_class_init (PenColumnsLayoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  object_class->get_property = pen_columns_layout_get_property;
  object_class->set_property = pen_columns_layout_set_property;
  layout_class->get_request_mode = pen_columns_layout_get_request_mode;
  layout_class->measure = pen_columns_layout_measure;
  layout_class->allocate = pen_columns_layout_allocate;

  properties[PROP_MIN_WIDE] =
    g_param_spec_int ("min-wide", NULL, NULL, 0, G_MAXINT, 720,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SPACING] =
    g_param_spec_int ("spacing", NULL, NULL, 0, G_MAXINT, 24,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_columns_layout_init (PenColumnsLayout *self)
{
  self->min_wide = 720;
  self->spacing = 24;
}

GtkLayoutManager *
pen_columns_layout_new (void)
{
  return g_object_new (PEN_TYPE_COLUMNS_LAYOUT, NULL);
}
