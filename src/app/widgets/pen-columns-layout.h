/* pen-columns-layout.h: two columns side by side when there is room, else one above the other
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PEN_TYPE_COLUMNS_LAYOUT (pen_columns_layout_get_type ())
G_DECLARE_FINAL_TYPE (PenColumnsLayout, pen_columns_layout, PEN, COLUMNS_LAYOUT, GtkLayoutManager)

GtkLayoutManager *pen_columns_layout_new (void);

G_END_DECLS
