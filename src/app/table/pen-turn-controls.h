/* pen-turn-controls.h: starting a turn (Study, Trial, Rest) and ending it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_TURN_CONTROLS (pen_turn_controls_get_type ())
G_DECLARE_FINAL_TYPE (PenTurnControls, pen_turn_controls, PEN, TURN_CONTROLS, PenSection)

/* As the buttons do: each submits one action */
void pen_turn_controls_start_turn (PenTurnControls *self,
                                   PenTurnKind      kind);
void pen_turn_controls_end_turn   (PenTurnControls *self);

G_END_DECLS
