/* pen-threat-odds-view.h: the odds of a Threat roll, and the switch that hides them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"
#include "pen-threat-roll.h"

G_BEGIN_DECLS

#define PEN_TYPE_THREAT_ODDS_VIEW (pen_threat_odds_view_get_type ())
G_DECLARE_FINAL_TYPE (PenThreatOddsView, pen_threat_odds_view, PEN, THREAT_ODDS_VIEW,
                      PenSection)

void pen_threat_odds_view_set_roll (PenThreatOddsView *self,
                                    PenThreatRoll     *roll);

G_END_DECLS
