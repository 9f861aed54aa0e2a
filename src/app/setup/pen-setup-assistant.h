/* pen-setup-assistant.h: builds a new game step by step and tells the table what to lay out
 *
 * Five steps (one section class each, pen-setup-*-step.h): players, seed and mode; Talents and
 * starting disciplines; the common play area; the Fate deck; each wizard's starting pieces.
 * The answers live in a PenSetupDraft (core): "finished" carries it, complete, and
 * pen_setup_draft_start() makes the new game from it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-setup-draft.h"

G_BEGIN_DECLS

#define PEN_SETUP_ASSISTANT_STEPS 5

#define PEN_TYPE_SETUP_ASSISTANT (pen_setup_assistant_get_type ())
G_DECLARE_FINAL_TYPE (PenSetupAssistant, pen_setup_assistant, PEN, SETUP_ASSISTANT, AdwWindow)

/* On the start page's draft (players, seed, mode, deck, cell values), which it then holds */
PenSetupAssistant *pen_setup_assistant_new      (PenSetupDraft     *draft);
PenSetupDraft     *pen_setup_assistant_get_draft (PenSetupAssistant *self);

guint              pen_setup_assistant_get_step (PenSetupAssistant *self);
void               pen_setup_assistant_set_step (PenSetupAssistant *self,
                                                 guint              step);
/* Back and Next, as the buttons do; FALSE when the move is not possible */
gboolean           pen_setup_assistant_back     (PenSetupAssistant *self);
gboolean           pen_setup_assistant_next     (PenSetupAssistant *self);

/* Transient for parent, sized to fit inside it (a phone-sized window gets a full-size one) */
void               pen_setup_assistant_present  (PenSetupAssistant *self,
                                                 GtkWindow         *parent);
/* Emits "finished" and closes the window (what the Finish button does) */
void               pen_setup_assistant_finish   (PenSetupAssistant *self);

G_END_DECLS
