/* pen-gain-row.h: one Resource die of an Event's roll: whose, which Ingredient it gave and
 * how many
 *
 * Bound to a PenCount: title (the wizard, or "Ann, the second die"), choice (the
 * PenIngredient) and value (how many), both ways.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pen-count.h"

G_BEGIN_DECLS

#define PEN_TYPE_GAIN_ROW (pen_gain_row_get_type ())
G_DECLARE_FINAL_TYPE (PenGainRow, pen_gain_row, PEN, GAIN_ROW, GtkBox)

/* For gtk_flow_box_bind_model () over a model of PenCount */
GtkWidget *pen_gain_row_create (gpointer item,
                                gpointer user_data);

G_END_DECLS
