/* pen-setup-pieces-step.h: step 5 of the set-up assistant: each wizard's starting pieces
 *
 * A checklist per wizard, from the table the draft's action lays out (its preview): board,
 * Marks, starting Discipline card and Ingredients, dice. App-dealt: the faces the app rolled;
 * physical: a 1–6 field per die for the face the table rolled.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-setup-step.h"

G_BEGIN_DECLS

#define PEN_TYPE_SETUP_PIECES_STEP (pen_setup_pieces_step_get_type ())
G_DECLARE_FINAL_TYPE (PenSetupPiecesStep, pen_setup_pieces_step, PEN, SETUP_PIECES_STEP,
                      PenSetupStep)

G_END_DECLS
