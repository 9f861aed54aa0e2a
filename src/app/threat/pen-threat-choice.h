/* pen-threat-choice.h: a choice the rules leave to the player in step 3 of a Threat roll
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pen-threat-roll.h"

G_BEGIN_DECLS

#define PEN_TYPE_THREAT_CHOICE (pen_threat_choice_get_type ())
G_DECLARE_FINAL_TYPE (PenThreatChoice, pen_threat_choice, PEN, THREAT_CHOICE, GtkWidget)

/* "Which 2 dice showing 6 are lost?", and a button per candidate of the prepared board */
GtkWidget *pen_threat_choice_new (const PenBoard          *board,
                                  const PenThreatQuestion *question);

G_END_DECLS
