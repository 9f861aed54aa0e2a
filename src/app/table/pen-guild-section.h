/* pen-guild-section.h: the Guild's four contract cells, an Urgent contract's effect, and Bind
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_GUILD_SECTION (pen_guild_section_get_type ())
G_DECLARE_FINAL_TYPE (PenGuildSection, pen_guild_section, PEN, GUILD_SECTION, PenSection)

G_END_DECLS
