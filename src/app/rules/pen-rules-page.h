/* pen-rules-page.h: a page of the game window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_RULES_PAGE (pen_rules_page_get_type ())
G_DECLARE_FINAL_TYPE (PenRulesPage, pen_rules_page, PEN, RULES_PAGE, AdwBin)

/* Opens the section for a game term in English or Russian ("Rift", "разлом", "Mortal
 * Wounds") or a section id ("mark-states"); an unknown term becomes a search. */
void        pen_rules_page_show           (PenRulesPage *self,
                                           const char   *term_or_id);
/* The id of the section in view, or NULL */
const char *pen_rules_page_get_section_id (PenRulesPage *self);

G_END_DECLS
