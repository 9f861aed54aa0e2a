/* pen-widget-utils.c: small helpers shared by the app's widgets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <pango/pangocairo.h>

#include "pen-widget-utils.h"

/* Every child of a box, list box, flow box or any other widget that holds its children
 * directly */
void
pen_widget_remove_all (GtkWidget *container)
{
  GtkWidget *child;

  g_return_if_fail (GTK_IS_WIDGET (container));

  while ((child = gtk_widget_get_first_child (container)) != NULL)
    {
      if (GTK_IS_BOX (container))
        gtk_box_remove (GTK_BOX (container), child);
      else if (GTK_IS_LIST_BOX (container))
        gtk_list_box_remove (GTK_LIST_BOX (container), child);
      else if (GTK_IS_FLOW_BOX (container))
        gtk_flow_box_remove (GTK_FLOW_BOX (container), child);
      else
        gtk_widget_unparent (child);
    }
}

void
pen_widget_set_accessible_label (GtkWidget  *widget,
                                 const char *label)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

/* GTK 4.8 runs the tooltip query under the pointer again on every gtk_widget_set_tooltip_text
 * (), changed or not: a tooltip in view is hidden and shown again, with its relayout and
 * frames. A view that sets its tooltips on each refresh sets them through this. */
void
pen_widget_set_tooltip_text (GtkWidget  *widget,
                             const char *text)
{
  /* GTK takes "" for no tooltip */
  if (text != NULL && *text == '\0')
    text = NULL;
  if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0)
    return;
  gtk_widget_set_tooltip_text (widget, text);
}

GtkWidget *
pen_placeholder_row (const char *text)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), text);
  gtk_widget_add_css_class (row, "dim-label");
  return row;
}

/* A page shown for the first time pays, in the frame that shows it, for its text laid out
 * (pango, harfbuzz) and for its glyphs drawn the first time (FreeType loads and hints each
 * glyph, cairo caches its mask): 8 M instructions of the turn controls' start page on an undo.
 * Done once ahead, at idle, the frame finds it all cached: GTK keeps a widget's measurements
 * until it changes, skips an allocation whose size did not change, and cairo keeps the glyphs
 * of a font (the labels' own layouts hold the very fonts their text nodes are drawn with). */
static void
draw_text_offscreen (GtkWidget *widget)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    {
      PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (widget));
      cairo_surface_t *surface;
      PangoRectangle ink;
      cairo_t *cr;

      pango_layout_get_pixel_extents (layout, &ink, NULL);
      if (ink.width <= 0 || ink.height <= 0)
        return;
      /* an image surface, as the frames are drawn into: the same font options, and so the
       * same glyph masks */
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, MIN (ink.width, 2048),
                                            MIN (ink.height, 512));
      cr = cairo_create (surface);
      cairo_move_to (cr, -ink.x, -ink.y);
      pango_cairo_show_layout (cr, layout);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    draw_text_offscreen (child);
}

void
pen_widget_warm_hidden (GtkWidget *page,
                        int        width)
{
  int min_w, min_h, nat_h;

  g_return_if_fail (GTK_IS_WIDGET (page));

  if (width <= 0 || !gtk_widget_get_visible (page) || gtk_widget_get_mapped (page)
      || gtk_widget_get_root (page) == NULL)
    return;
  /* what its parent will ask when it is shown: its width, its height for that width */
  gtk_widget_measure (page, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
  width = MAX (width, min_w);
  gtk_widget_measure (page, GTK_ORIENTATION_VERTICAL, width, &min_h, &nat_h, NULL, NULL);
  gtk_widget_measure (page, GTK_ORIENTATION_HORIZONTAL, nat_h, NULL, NULL, NULL, NULL);
  gtk_widget_size_allocate (page, &(GtkAllocation) { 0, 0, width, nat_h }, -1);
  draw_text_offscreen (page);
}
