/* pen-steady-bin.c: a bin that always draws a node, whether its child is shown or not
 *
 * GTK 4.8 compares the render nodes of two frames to find what to redraw; a container node
 * whose children overlap (an overlay: the page and what lies over it) can be compared child
 * by child only while it has as many children as before. A child that draws nothing adds no
 * node, so showing or hiding what lies in an overlay redraws the whole overlay (the page
 * under the undo note: 990×695 px on the Wizards page, about 4 M instructions a frame with
 * the cairo renderer). This bin always adds one node, an empty container: the overlay keeps
 * its number of children and only the bin's child is redrawn when it comes or goes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-steady-bin.h"

struct _PenSteadyBin
{
  AdwBin         parent_instance;

  GskRenderNode *empty;
};

G_DEFINE_FINAL_TYPE (PenSteadyBin, pen_steady_bin, ADW_TYPE_BIN)

static void
pen_steady_bin_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  PenSteadyBin *self = PEN_STEADY_BIN (widget);

  /* the same node every frame: nothing to compare, nothing drawn */
  gtk_snapshot_append_node (snapshot, self->empty);
  GTK_WIDGET_CLASS (pen_steady_bin_parent_class)->snapshot (widget, snapshot);
}

static void
pen_steady_bin_finalize (GObject *object)
{
  g_clear_pointer (&PEN_STEADY_BIN (object)->empty, gsk_render_node_unref);

  G_OBJECT_CLASS (pen_steady_bin_parent_class)->finalize (object);
}

static void
pen_steady_bin_class_init (PenSteadyBinClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pen_steady_bin_finalize;
  GTK_WIDGET_CLASS (klass)->snapshot = pen_steady_bin_snapshot;
}

static void
pen_steady_bin_init (PenSteadyBin *self)
{
  self->empty = gsk_container_node_new (NULL, 0);
}

GtkWidget *
pen_steady_bin_new (void)
{
  return g_object_new (PEN_TYPE_STEADY_BIN, NULL);
}
