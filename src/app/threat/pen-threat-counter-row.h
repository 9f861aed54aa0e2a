/* pen-threat-counter-row.h: one counter of step 1 of a Threat roll, with − and +
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-threat-roll.h"

G_BEGIN_DECLS

#define PEN_TYPE_THREAT_COUNTER_ROW (pen_threat_counter_row_get_type ())
G_DECLARE_FINAL_TYPE (PenThreatCounterRow, pen_threat_counter_row, PEN, THREAT_COUNTER_ROW,
                      AdwActionRow)

PenThreatCount pen_threat_counter_row_get_count (PenThreatCounterRow *self);

G_END_DECLS
