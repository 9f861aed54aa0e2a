/* pen-begin-trial-dialog.h: "Begin this Trial", the form for the card's Properties
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_BEGIN_TRIAL_DIALOG (pen_begin_trial_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PenBeginTrialDialog, pen_begin_trial_dialog, PEN, BEGIN_TRIAL_DIALOG,
                      AdwMessageDialog)

/* The form for trial_row[index] (index >= 0) or the current wizard's reserved card, shown;
 * its "begin" response submits trial-begin from section with the Properties set in it. Its
 * widgets are named "form-rift", "form-vigilance" (spin buttons), "form-shield", "form-trap",
 * "form-suppress_crystals", … (switches) and "form-shield-task" (an entry row). */
AdwMessageDialog *pen_begin_trial_dialog_open (PenSection *section,
                                               int         index,
                                               const char *card);

G_END_DECLS
