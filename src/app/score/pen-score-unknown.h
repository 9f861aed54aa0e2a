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

/* Whether wizard's score counts a card whose printed numbers are not known yet: a Contract or
 * Trial in its Experience zone without its points or symbols, or a Trial without the Light or
 * Darkness of the path it was passed by (they count 0 until typed in) */
gboolean pen_score_unknown_wizard_has (PenTable *table,
                                       guint     wizard);
/* The total as the table reads it: "14", or "14 + unknown" when has_unknown (the score is
 * honest about what it cannot count yet: play finding Y6). Transfer full. */
char    *pen_score_unknown_format_total  (int       total,
                                          gboolean  has_unknown);
/* The same with its unit: "14 points", "14 points + unknown". Transfer full. */
char    *pen_score_unknown_format_points (int       total,
                                          gboolean  has_unknown);

G_END_DECLS
