/* pen-score-unknown.h: "Numbers to Type In", the figures the rulebook does not print
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-score-form.h"
#include "pen-table.h"

G_BEGIN_DECLS

#define PEN_TYPE_SCORE_UNKNOWN (pen_score_unknown_get_type ())
G_DECLARE_FINAL_TYPE (PenScoreUnknown, pen_score_unknown, PEN, SCORE_UNKNOWN,
                      AdwPreferencesGroup)

/* An entry for the victory points and the symbols of each card of unknown (card ids) whose
 * figures are unknown, one for each board cell under a Mark whose points are; the symbols
 * are counted in form. Shows nothing (and hides) when there is nothing to type in; builds
 * its rows again only when the list changed, or always with force. */
void pen_score_unknown_show (PenScoreUnknown *self,
                             PenTable        *table,
                             GPtrArray       *unknown,
                             PenScoreForm    *form,
                             gboolean         force);

G_END_DECLS
