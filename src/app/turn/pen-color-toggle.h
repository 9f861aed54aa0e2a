/* pen-color-toggle.h: a die colour to ask for, as a toggle: its letter, named in full for
 * the tooltip and the screen reader, never colour alone
 *
 * Bound to a PenCount whose index is the PenColor and whose value (0 or 1) is the toggle.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pen-count.h"

G_BEGIN_DECLS

#define PEN_TYPE_COLOR_TOGGLE (pen_color_toggle_get_type ())
G_DECLARE_FINAL_TYPE (PenColorToggle, pen_color_toggle, PEN, COLOR_TOGGLE, GtkToggleButton)

/* For gtk_flow_box_bind_model () over a model of PenCount */
GtkWidget *pen_color_toggle_create (gpointer item,
                                    gpointer user_data);

G_END_DECLS
