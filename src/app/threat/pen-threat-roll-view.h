/* pen-threat-roll-view.h: step 2 of a Threat roll: the app rolls, or the table does
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-threat-roll.h"

G_BEGIN_DECLS

#define PEN_TYPE_THREAT_ROLL_VIEW (pen_threat_roll_view_get_type ())
G_DECLARE_FINAL_TYPE (PenThreatRollView, pen_threat_roll_view, PEN, THREAT_ROLL_VIEW, AdwBin)

void pen_threat_roll_view_set_roll     (PenThreatRollView *self,
                                        PenThreatRoll     *roll);
/* physical play: the app never rolls for the table */
void pen_threat_roll_view_set_physical (PenThreatRollView *self,
                                        gboolean           physical);

G_END_DECLS
