/* pen-setup-assistant.h: builds a new game step by step and tells the table what to lay out
 *
 * Five steps: players, seed and mode; Talents and starting disciplines; the common play area;
 * the Fate deck; each wizard's starting pieces. "finished" carries the complete new-game action
 * (its "start" and "setup" members filled in) and, in physical mode, the die-set actions that
 * bring the app's dice to the faces the table rolled (submit them right after the new game).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-setup.h"

G_BEGIN_DECLS

#define PEN_SETUP_ASSISTANT_STEPS 5

#define PEN_TYPE_SETUP_ASSISTANT (pen_setup_assistant_get_type ())
G_DECLARE_FINAL_TYPE (PenSetupAssistant, pen_setup_assistant, PEN, SETUP_ASSISTANT, AdwWindow)

/* base_action: the start page's new-game action (players, seed, mode, ready_made,
 * cell_values); NULL or a malformed one gives two unnamed players. */
PenSetupAssistant *pen_setup_assistant_new            (const char        *base_action);

guint              pen_setup_assistant_get_step       (PenSetupAssistant *self);
void               pen_setup_assistant_set_step       (PenSetupAssistant *self,
                                                       guint              step);
/* Back and Next, as the buttons do; FALSE when the move is not possible */
gboolean           pen_setup_assistant_back           (PenSetupAssistant *self);
gboolean           pen_setup_assistant_next           (PenSetupAssistant *self);

guint64            pen_setup_assistant_get_seed       (PenSetupAssistant *self);
void               pen_setup_assistant_set_seed       (PenSetupAssistant *self,
                                                       guint64            seed);
gboolean           pen_setup_assistant_get_physical   (PenSetupAssistant *self);
void               pen_setup_assistant_set_physical   (PenSetupAssistant *self,
                                                       gboolean           physical);
gboolean           pen_setup_assistant_get_ready_made (PenSetupAssistant *self);
void               pen_setup_assistant_set_ready_made (PenSetupAssistant *self,
                                                       gboolean           ready_made);

/* The layout the seed deals (owned by the assistant; replaced when the seed or deck changes) */
const PenSetup    *pen_setup_assistant_get_setup      (PenSetupAssistant *self);

/* Talents of player (0-based, in the order given). App-dealt: which of the two dealt ones is
 * kept (0 or 1). Physical: the catalogue id of the Talent kept, NULL for one the catalogue does
 * not name. */
gboolean           pen_setup_assistant_keep_talent    (PenSetupAssistant *self,
                                                       guint              player,
                                                       guint              which);
gboolean           pen_setup_assistant_set_talent     (PenSetupAssistant *self,
                                                       guint              player,
                                                       const char        *talent_id);
/* The turn-order number printed on the kept Talent, as the player reads it (0: not given);
 * used when the catalogue does not know it */
gboolean           pen_setup_assistant_set_turn_number (PenSetupAssistant *self,
                                                        guint              player,
                                                        guint              number);
/* The starting discipline (a PenMarkKind below PEN_MARK_SPARK, or -1 for none chosen yet) */
gboolean           pen_setup_assistant_set_start_mark (PenSetupAssistant *self,
                                                       guint              player,
                                                       int                mark);
int                pen_setup_assistant_get_start_mark (PenSetupAssistant *self,
                                                       guint              player);
/* Physical mode: the face the table rolled for a die (wizard in turn order, die index in the
 * supply); 0 keeps the app's roll. */
gboolean           pen_setup_assistant_set_die        (PenSetupAssistant *self,
                                                       guint              wizard,
                                                       guint              index,
                                                       guint              value);

/* The complete new-game action as JSON text */
char              *pen_setup_assistant_build_action   (PenSetupAssistant *self);
/* The die-set actions to submit after it (physical mode), NULL-terminated */
char             **pen_setup_assistant_build_corrections (PenSetupAssistant *self);
/* Transient for parent, sized to fit inside it (a phone-sized window gets a full-size one) */
void               pen_setup_assistant_present        (PenSetupAssistant *self,
                                                       GtkWindow         *parent);
/* Emits "finished" and closes the window (what the Finish button does) */
void               pen_setup_assistant_finish         (PenSetupAssistant *self);

G_END_DECLS
