/* pen-markets-section.h: the markets and the cards for sale in each
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_MARKETS_SECTION (pen_markets_section_get_type ())
G_DECLARE_FINAL_TYPE (PenMarketsSection, pen_markets_section, PEN, MARKETS_SECTION, PenSection)

/* The toast saying what the last Bribe did (1 Jewel spent), with Undo, while it is shown;
 * for tests */
AdwToast *pen_markets_section_get_bribe_toast (PenMarketsSection *self);

G_END_DECLS
