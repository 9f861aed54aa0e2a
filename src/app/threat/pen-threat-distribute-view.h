/* pen-threat-distribute-view.h: step 3 of a Threat roll: who loses what, and "Apply"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-threat-roll.h"

G_BEGIN_DECLS

#define PEN_TYPE_THREAT_DISTRIBUTE_VIEW (pen_threat_distribute_view_get_type ())
G_DECLARE_FINAL_TYPE (PenThreatDistributeView, pen_threat_distribute_view, PEN,
                      THREAT_DISTRIBUTE_VIEW, AdwBin)

void        pen_threat_distribute_view_set_roll        (PenThreatDistributeView *self,
                                                        PenThreatRoll           *roll);
void        pen_threat_distribute_view_set_wizard_name (PenThreatDistributeView *self,
                                                        const char              *name);
/* "Applied: …" above the step, or NULL */
void        pen_threat_distribute_view_set_applied     (PenThreatDistributeView *self,
                                                        const char              *applied);
/* The sentence for the complete roll, or NULL */
const char *pen_threat_distribute_view_get_summary     (PenThreatDistributeView *self);

G_END_DECLS
