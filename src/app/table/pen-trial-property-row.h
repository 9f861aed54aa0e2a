/* pen-trial-property-row.h: one Property of the trial in progress, with what can be done to it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-table.h"

G_BEGIN_DECLS

#define PEN_TYPE_TRIAL_PROPERTY_ROW (pen_trial_property_row_get_type ())
G_DECLARE_FINAL_TYPE (PenTrialPropertyRow, pen_trial_property_row, PEN, TRIAL_PROPERTY_ROW,
                      AdwActionRow)

/* The row of property (a PenTrialProperty) */
GtkWidget *pen_trial_property_row_new    (guint                property);
/* Shows the property in trial; hides the row (and unnames it) when the card lacks it.
 * Returns whether it is shown. */
gboolean   pen_trial_property_row_update (PenTrialPropertyRow *self,
                                          const PenTrial      *trial);

G_END_DECLS
