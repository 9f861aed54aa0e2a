/* pen-wrap-bin.c: a bin whose width does not depend on its height
 *
 * For a wrapping label beside other widgets in a horizontal box. GTK 4.8's box allocates its
 * children by asking each its width for the box's height, and a wrapping label answers that
 * by a binary search that lays its text out eight to ten times, more with "lines" and
 * ellipsizing (the undo note's label: 67 layouts, about 5 M instructions, on every undo).
 * Its width for no height is what the box gives it anyway: the label is laid out height for
 * width, and wraps to the width it is allocated.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-wrap-bin.h"

struct _PenWrapBin
{
  AdwBin parent_instance;
};

G_DEFINE_FINAL_TYPE (PenWrapBin, pen_wrap_bin, ADW_TYPE_BIN)

static GtkSizeRequestMode
pen_wrap_bin_get_request_mode (GtkWidget *widget)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  return child != NULL ? gtk_widget_get_request_mode (child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
pen_wrap_bin_measure (GtkWidget      *widget,
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
pen_wrap_bin_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  if (child != NULL && gtk_widget_should_layout (child))
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

static void
pen_wrap_bin_class_init (PenWrapBinClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->get_request_mode = pen_wrap_bin_get_request_mode;
  widget_class->measure = pen_wrap_bin_measure;
  widget_class->size_allocate = pen_wrap_bin_size_allocate;
}

static void
pen_wrap_bin_init (PenWrapBin *self)
{
  /* its own measure, not AdwBin's GtkBinLayout */
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
}

GtkWidget *
pen_wrap_bin_new (void)
{
  return g_object_new (PEN_TYPE_WRAP_BIN, NULL);
}
