/* pen-step-label.h: one numbered instruction of a list of steps (the Rival's turn)
 *
 * Shows the "string" of its GtkStringObject item, wrapped, as the panel's labels do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_STEP_LABEL (pen_step_label_get_type ())
G_DECLARE_FINAL_TYPE (PenStepLabel, pen_step_label, PEN, STEP_LABEL, AdwBin)

/* For gtk_flow_box_bind_model () over a GtkStringList */
GtkWidget *pen_step_label_create (gpointer item,
                                  gpointer user_data);

G_END_DECLS
