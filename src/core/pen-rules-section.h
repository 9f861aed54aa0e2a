/* pen-rules-section.h: One section of the rules reference (data/rules-LANG.json)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define PEN_TYPE_RULES_SECTION (pen_rules_section_get_type ())
G_DECLARE_FINAL_TYPE (PenRulesSection, pen_rules_section, PEN, RULES_SECTION, GObject)

PenRulesSection    *pen_rules_section_new            (const char         *id,
                                                      const char         *title,
                                                      const char         *parent,
                                                      const char * const *keywords,
                                                      const char * const *see_also,
                                                      const char         *body);
/* The id is the same in every language ("threat", "mortal-wound"). */
const char         *pen_rules_section_get_id         (PenRulesSection    *self);
const char         *pen_rules_section_get_title      (PenRulesSection    *self);
/* The parent section's id, or NULL for a top-level section. */
const char         *pen_rules_section_get_parent     (PenRulesSection    *self);
const char * const *pen_rules_section_get_keywords   (PenRulesSection    *self);
const char * const *pen_rules_section_get_see_also   (PenRulesSection    *self);
/* Plain text; lines starting with "• " are list items, "1. " steps. */
const char         *pen_rules_section_get_body       (PenRulesSection    *self);

G_END_DECLS
