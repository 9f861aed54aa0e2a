/* pen-widget-utils.h: small helpers shared by the app's widgets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void pen_widget_remove_all (GtkWidget *container);

G_END_DECLS
