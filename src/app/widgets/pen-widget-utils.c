/* pen-widget-utils.c: small helpers shared by the app's widgets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

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

/* A dialog's default size suits a desktop; on a phone the window it belongs to is 360 px
 * wide, and a bigger dialog would stick out of the screen. Keeps the default size, at most the
 * parent's (its laid-out size, or the default size it will get). */
void
pen_window_fit_parent (GtkWindow *window,
                       GtkWindow *parent)
{
  int w, h, dw, dh;

  g_return_if_fail (GTK_IS_WINDOW (window));

  if (parent == NULL)
    return;
  gtk_window_set_transient_for (window, parent);
  w = gtk_widget_get_width (GTK_WIDGET (parent));
  h = gtk_widget_get_height (GTK_WIDGET (parent));
  if (w <= 0 || h <= 0)
    gtk_window_get_default_size (parent, &w, &h);
  gtk_window_get_default_size (window, &dw, &dh);
  if (w > 0 && dw > w)
    dw = w;
  if (h > 0 && dh > h)
    dh = h;
  gtk_window_set_default_size (window, dw, dh);
}
