/* pen-threat-prep-view.h: step 1 of a Threat roll, the preparation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-threat-roll.h"

G_BEGIN_DECLS

#define PEN_TYPE_THREAT_PREP_VIEW (pen_threat_prep_view_get_type ())
G_DECLARE_FINAL_TYPE (PenThreatPrepView, pen_threat_prep_view, PEN, THREAT_PREP_VIEW, AdwBin)

void pen_threat_prep_view_set_roll (PenThreatPrepView *self,
                                    PenThreatRoll     *roll);

/* "the Spark 2" (translated) */
char *pen_threat_describe_die      (const PenDieValue *die);
/* "a", "a and b", "a, b and c" (translated) */
char *pen_threat_join_list         (GPtrArray         *items);

G_END_DECLS
