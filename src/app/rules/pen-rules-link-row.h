/* pen-rules-link-row.h: a "see also" link to another rules section
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-rules-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_RULES_LINK_ROW (pen_rules_link_row_get_type ())
G_DECLARE_FINAL_TYPE (PenRulesLinkRow, pen_rules_link_row, PEN, RULES_LINK_ROW, AdwActionRow)

GtkWidget *pen_rules_link_row_new (PenRulesSection *section);

G_END_DECLS
