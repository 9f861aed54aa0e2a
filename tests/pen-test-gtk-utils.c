/* pen-test-gtk-utils.c: helpers shared by the UI tests, compiled once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-test-gtk-utils.h"

void
pen_test_flush (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

GtkWidget *
pen_test_find_first (GtkWidget *root,
                     GType      type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        return child;
      if ((found = pen_test_find_first (child, type)) != NULL)
        return found;
    }
  return NULL;
}

void
pen_test_collect (GtkWidget *root,
                  GType      type,
                  GPtrArray *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        g_ptr_array_add (out, child);
      pen_test_collect (child, type, out);
    }
}

GtkWidget *
pen_test_find_button (GtkWidget  *root,
                      const char *label)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (child)),
                                              label) == 0)
        return child;
      if ((found = pen_test_find_button (child, label)) != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
pen_test_find_named (GtkWidget  *root,
                     const char *name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (g_strcmp0 (gtk_widget_get_name (child), name) == 0)
        return child;
      if ((found = pen_test_find_named (child, name)) != NULL)
        return found;
    }
  return NULL;
}

gboolean
pen_test_has_label (GtkWidget  *root,
                    const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (child)), text) == 0)
        return TRUE;
      if (pen_test_has_label (child, text))
        return TRUE;
    }
  return FALSE;
}

void
pen_test_render_onto (GtkSnapshot *snapshot,
                      GtkWidget   *widget,
                      int          x,
                      int          y)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  graphene_point_t at = GRAPHENE_POINT_INIT (x, y);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &at);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), gtk_widget_get_width (widget),
                          gtk_widget_get_height (widget));
  gtk_snapshot_restore (snapshot);
}
