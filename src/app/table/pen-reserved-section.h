/* pen-reserved-section.h: what the current wizard reserved
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_RESERVED_SECTION (pen_reserved_section_get_type ())
G_DECLARE_FINAL_TYPE (PenReservedSection, pen_reserved_section, PEN, RESERVED_SECTION,
                      PenSection)

G_END_DECLS
