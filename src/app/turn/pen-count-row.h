/* pen-count-row.h: a row with a spin button for one PenCount of a form
 *
 * Title, subtitle and the spin button's value follow the count (the value both ways); the
 * spin button steps by the count's step up to its upper bound.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-count.h"

G_BEGIN_DECLS

#define PEN_TYPE_COUNT_ROW (pen_count_row_get_type ())
G_DECLARE_FINAL_TYPE (PenCountRow, pen_count_row, PEN, COUNT_ROW, AdwActionRow)

PenCount      *pen_count_row_get_count (PenCountRow *self);
void           pen_count_row_set_count (PenCountRow *self,
                                        PenCount    *count);
GtkSpinButton *pen_count_row_get_spin  (PenCountRow *self);
/* For gtk_list_box_bind_model () over a model of PenCount */
GtkWidget     *pen_count_row_create    (gpointer     item,
                                        gpointer     user_data);

G_END_DECLS
