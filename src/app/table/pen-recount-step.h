/* pen-recount-step.h: one step of "Check the table": a wizard's, or the rows and the Fate deck
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_RECOUNT_STEP (pen_recount_step_get_type ())
G_DECLARE_FINAL_TYPE (PenRecountStep, pen_recount_step, PEN, RECOUNT_STEP, AdwPreferencesPage)

const char *pen_recount_step_get_name (PenRecountStep *self);

G_END_DECLS
