/* pen-test-gtk-utils.h: helpers shared by the UI tests, compiled once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Runs the main loop until nothing is pending */
void       pen_test_flush      (void);
/* The first widget of type under root (depth first), or NULL */
GtkWidget *pen_test_find_first (GtkWidget  *root,
                                GType       type);
/* Every widget of type under root, depth first, appended to out */
void       pen_test_collect    (GtkWidget  *root,
                                GType       type,
                                GPtrArray  *out);
/* The first button under root whose label is label, or NULL */
GtkWidget *pen_test_find_button (GtkWidget  *root,
                                 const char *label);
/* The first widget under root named name (gtk_widget_set_name), or NULL */
GtkWidget *pen_test_find_named (GtkWidget  *root,
                                const char *name);
/* Whether a label under root reads text */
gboolean   pen_test_has_label  (GtkWidget  *root,
                                const char *text);

/* Draws widget into snapshot with its top left corner at (x, y) (for screenshots) */
void       pen_test_render_onto (GtkSnapshot *snapshot,
                                 GtkWidget   *widget,
                                 int          x,
                                 int          y);

G_END_DECLS
