/* pen-width-bin.c: a bin whose width does not depend on its height
 *
 * A wrapping label is laid out height for width, but GTK 4.8 still asks it its width for a
 * height: a horizontal box allocating its children asks each one so, and so does a widget
 * not filling its allocation (halign or valign) in height-for-width mode. The label answers
 * by a binary search that lays its text out about 18 times, on every allocation after its
 * text changed: the wrapping undo note cost 5 M instructions on every undo and redo. This bin
 * answers a width for any height with its child's width for no height (one layout, cached),
 * and PenSection, the base of every section, derives from it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-width-bin.h"

G_DEFINE_TYPE (PenWidthBin, pen_width_bin, ADW_TYPE_BIN)

static GtkSizeRequestMode
pen_width_bin_get_request_mode (GtkWidget *widget)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  return child != NULL ? gtk_widget_get_request_mode (child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
pen_width_bin_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  if (child == NULL || !gtk_widget_should_layout (child))
    return;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    for_size = -1;
  gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline,
                      natural_baseline);
}

static void
pen_width_bin_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  if (child != NULL && gtk_widget_should_layout (child))
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

static void
pen_width_bin_class_init (PenWidthBinClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->get_request_mode = pen_width_bin_get_request_mode;
  widget_class->measure = pen_width_bin_measure;
  widget_class->size_allocate = pen_width_bin_size_allocate;
}

static void
pen_width_bin_init (PenWidthBin *self)
{
  /* AdwBin's GtkBinLayout would measure in its stead */
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
}

GtkWidget *
pen_width_bin_new (void)
{
  return g_object_new (PEN_TYPE_WIDTH_BIN, NULL);
}
