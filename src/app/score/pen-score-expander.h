/* pen-score-expander.h: a category of the score sheet, opened to show the items behind it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_SCORE_EXPANDER (pen_score_expander_get_type ())
G_DECLARE_FINAL_TYPE (PenScoreExpander, pen_score_expander, PEN, SCORE_EXPANDER, AdwExpanderRow)

/* An expander that stays open across rebuilds: its key is in expanded (a set of strings)
 * while it is open. The points show only with show-points. */
GtkWidget *pen_score_expander_new (const char *key,
                                   GHashTable *expanded,
                                   const char *title,
                                   const char *subtitle);

G_END_DECLS
