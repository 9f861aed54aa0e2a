/* pen-rules-article.h: the Rules page's reading column, one section of the reference
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-rules.h"

G_BEGIN_DECLS

#define PEN_TYPE_RULES_ARTICLE (pen_rules_article_get_type ())
G_DECLARE_FINAL_TYPE (PenRulesArticle, pen_rules_article, PEN, RULES_ARTICLE, AdwBin)

/* Shows section (of rules, which names its parent and links), scrolled to the top. */
void pen_rules_article_show (PenRulesArticle *self,
                             PenRules        *rules,
                             PenRulesSection *section);

G_END_DECLS
