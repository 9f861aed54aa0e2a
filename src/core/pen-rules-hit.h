/* pen-rules-hit.h: one search result of the rules reference, as a list item
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-rules.h"

G_BEGIN_DECLS

#define PEN_TYPE_RULES_HIT (pen_rules_hit_get_type ())
G_DECLARE_FINAL_TYPE (PenRulesHit, pen_rules_hit, PEN, RULES_HIT, GObject)

/* A copy of result, for a GListModel of results (a view's rows bind to it). */
PenRulesHit          *pen_rules_hit_new        (const PenRulesResult *result);
const PenRulesResult *pen_rules_hit_get_result (PenRulesHit          *self);
const char           *pen_rules_hit_get_id     (PenRulesHit          *self);

/* Searches as pen_rules_search () and returns the results as a GListStore of PenRulesHit. */
GListStore           *pen_rules_hit_search     (PenRules             *rules,
                                                const char           *query,
                                                guint                 max_results,
                                                GError              **error);

G_END_DECLS
