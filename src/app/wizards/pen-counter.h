/* pen-counter.h: a count with a button for one fewer and one more
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PEN_TYPE_COUNTER (pen_counter_get_type ())
G_DECLARE_FINAL_TYPE (PenCounter, pen_counter, PEN, COUNTER, GtkBox)

G_END_DECLS
