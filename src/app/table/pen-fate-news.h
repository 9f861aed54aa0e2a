/* pen-fate-news.h: the Fate card just revealed, and what the table does with it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_FATE_NEWS (pen_fate_news_get_type ())
G_DECLARE_FINAL_TYPE (PenFateNews, pen_fate_news, PEN, FATE_NEWS, PenSection)

/* "Fate: Aranea — a Trial, add it to the row" after a reveal, else NULL */
const char *pen_fate_news_get_text (PenFateNews *self);

G_END_DECLS
