/* pen-rules-toc-row.h: a section in the Rules page's contents, with its expander
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_RULES_TOC_ROW (pen_rules_toc_row_get_type ())
G_DECLARE_FINAL_TYPE (PenRulesTocRow, pen_rules_toc_row, PEN, RULES_TOC_ROW, AdwBin)

G_END_DECLS
