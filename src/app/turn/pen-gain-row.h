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
#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_TYPE_GAIN_ROW (pen_gain_row_get_type ())
G_DECLARE_FINAL_TYPE (PenGainRow, pen_gain_row, PEN, GAIN_ROW, GtkBox)

/* A row's choice once the Resource die's faces are typed in: face f (0 … 5) of
 * pen_locations_get_resource_faces (), which may show more than one Ingredient. Below
 * PEN_N_INGREDIENTS the choice is an Ingredient (its count the value); PEN_N_INGREDIENTS is
 * "not said". */
#define PEN_GAIN_ROW_FACE(f) (PEN_N_INGREDIENTS + 1 + (f))

/* For gtk_flow_box_bind_model () over a model of PenCount */
GtkWidget *pen_gain_row_create (gpointer item,
                                gpointer user_data);

G_END_DECLS
