/* pen-rules-result-row.h: a search result in the Rules page's list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-rules-hit.h"

G_BEGIN_DECLS

#define PEN_TYPE_RULES_RESULT_ROW (pen_rules_result_row_get_type ())
G_DECLARE_FINAL_TYPE (PenRulesResultRow, pen_rules_result_row, PEN, RULES_RESULT_ROW,
                      GtkListBoxRow)

GtkWidget   *pen_rules_result_row_new     (PenRulesHit       *hit);
PenRulesHit *pen_rules_result_row_get_hit (PenRulesResultRow *self);

G_END_DECLS
