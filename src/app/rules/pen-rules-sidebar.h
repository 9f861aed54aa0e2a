/* pen-rules-sidebar.h: the Rules page's list column, the search and the contents
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-rules.h"

G_BEGIN_DECLS

#define PEN_TYPE_RULES_SIDEBAR (pen_rules_sidebar_get_type ())
G_DECLARE_FINAL_TYPE (PenRulesSidebar, pen_rules_sidebar, PEN, RULES_SIDEBAR, AdwBin)

GtkSearchEntry *pen_rules_sidebar_get_search_entry (PenRulesSidebar *self);

/* (Re)builds the contents from the reference's sections in its current language. */
void            pen_rules_sidebar_build_contents   (PenRulesSidebar *self,
                                                    PenRules        *rules);
/* Selects the section in the contents, opening its ancestors (and itself when expand). */
void            pen_rules_sidebar_select           (PenRulesSidebar *self,
                                                    PenRules        *rules,
                                                    const char      *id,
                                                    gboolean         expand);
/* Searches for text (as typed in the entry); "" shows the contents again. */
void            pen_rules_sidebar_search           (PenRulesSidebar *self,
                                                    const char      *text);
/* Runs the search in the entry again (the language changed). */
void            pen_rules_sidebar_refresh_search   (PenRulesSidebar *self);

G_END_DECLS
