/* pen-threat-roll.h: the Threat roll in progress, as the Threat page fills it in
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "pen-action.h"
#include "pen-random.h"
#include "pen-threat.h"
#include "pen-threat-questions.h"

G_BEGIN_DECLS

typedef enum
{
  PEN_THREAT_ROLL_PREPARING,   /* step 1: nothing rolled yet */
  PEN_THREAT_ROLL_BY_APP,      /* the app rolled, from a copy of the game's generator */
  PEN_THREAT_ROLL_BY_TABLE,    /* the table rolls; the player enters the faces */
} PenThreatRollMode;

/* The counters of step 1 */
typedef enum
{
  PEN_THREAT_COUNT_THREAT,         /* Threat dice that effects may discard */
  PEN_THREAT_COUNT_UNCANCELLABLE,  /* Threat dice nothing discards */
  PEN_THREAT_COUNT_DISCARD,        /* dice discarded by cards, added up */
  PEN_THREAT_COUNT_DEFEND,         /* DEFEND: Yellow dice discarded from the supply */
  PEN_THREAT_COUNT_DEFEND_PLACED,  /* DEFEND: Yellow dice placed in the location */
  PEN_THREAT_COUNT_RIFT,           /* Rift (X) */
  PEN_THREAT_N_COUNTS
} PenThreatCount;

/* The Threat dice in all (threat + uncancellable), and every counter, stay within this. */
#define PEN_THREAT_ROLL_MAX_DICE 30

#define PEN_TYPE_THREAT_ROLL_MODE (pen_threat_roll_mode_get_type ())
GType pen_threat_roll_mode_get_type (void);
#define PEN_TYPE_THREAT_COUNT (pen_threat_count_get_type ())
GType pen_threat_count_get_type (void);

#define PEN_TYPE_THREAT_ROLL (pen_threat_roll_get_type ())
G_DECLARE_FINAL_TYPE (PenThreatRoll, pen_threat_roll, PEN, THREAT_ROLL, GObject)

/* Signals besides notify::
 *  "odds-changed": an input of the odds changed (the board, a counter, discard-all): the
 *                  prepared board, n-dice, the odds and the what-if curve are new.
 *  "roll-changed": the faces, an adjustment or a pick changed (and so the result). */

PenThreatRoll     *pen_threat_roll_new           (void);

/* The board of the wizard facing the roll (copied; nothing happens when it is equal to the
 * one held). A new board drops the picks of step 3. */
void               pen_threat_roll_set_board     (PenThreatRoll   *self,
                                                  const PenBoard  *board);
const PenBoard    *pen_threat_roll_get_board     (PenThreatRoll   *self);

guint              pen_threat_roll_get_wizard    (PenThreatRoll   *self);
void               pen_threat_roll_set_wizard    (PenThreatRoll   *self,
                                                  guint            wizard);
const char        *pen_threat_roll_get_source    (PenThreatRoll   *self);
void               pen_threat_roll_set_source    (PenThreatRoll   *self,
                                                  const char      *source);

guint              pen_threat_roll_get_count     (PenThreatRoll   *self,
                                                  PenThreatCount   count);
/* Clamps to what the rules allow (the dice in all, the Yellow dice of the supply). Only while
 * preparing: FALSE when nothing changed. */
gboolean           pen_threat_roll_set_count     (PenThreatRoll   *self,
                                                  PenThreatCount   count,
                                                  guint            value);
gboolean           pen_threat_roll_change_count  (PenThreatRoll   *self,
                                                  PenThreatCount   count,
                                                  int              delta);
gboolean           pen_threat_roll_get_discard_all (PenThreatRoll *self);
gboolean           pen_threat_roll_set_discard_all (PenThreatRoll *self,
                                                    gboolean       discard_all);

/* A new Threat: every counter to 0 but these, the roll dropped. */
void               pen_threat_roll_start         (PenThreatRoll   *self,
                                                  guint            wizard,
                                                  guint            threat,
                                                  guint            uncancellable,
                                                  guint            rift,
                                                  const char      *source);

/* The Trial whose Threat this is (its index in the row, or -1 and the reserved card's id):
 * the action names it (pen_action_set_trial), so the roll begins that Trial and a Mortal
 * Wound takes its card out of the game. pen_threat_roll_start forgets it; index -1 and card
 * NULL: no Trial. */
void               pen_threat_roll_set_trial     (PenThreatRoll   *self,
                                                  int              index,
                                                  const char      *card);
gboolean           pen_threat_roll_get_trial     (PenThreatRoll   *self,
                                                  int             *index,
                                                  const char     **card);

/* ---- step 1 and the odds (computed when first asked after a change) ---- */
gboolean           pen_threat_roll_get_prep_ok   (PenThreatRoll   *self);
/* why the preparation is refused, or NULL */
const GError      *pen_threat_roll_get_prep_error (PenThreatRoll  *self);
/* NULL when refused */
const PenThreatPrepResult *pen_threat_roll_get_prep_result (PenThreatRoll *self);
guint              pen_threat_roll_get_n_dice    (PenThreatRoll   *self);
/* the supply indices DEFEND spends (guint), the default order */
GArray            *pen_threat_roll_get_defend_dice (PenThreatRoll *self);
GArray            *pen_threat_roll_get_defend_order (PenThreatRoll *self);
/* Rift (X) before the roll: the player chooses which supply dice it discards (never a DEFEND
 * die); nothing is chosen for them, except when every die left must go. Until the choice is
 * complete the preparation is not ok ("Choose 1 die for Rift"), so nothing can be rolled and
 * no odds are shown. needed: how many dice Rift discards; missing: how many are still to be
 * chosen (the "rift-missing" property). */
guint              pen_threat_roll_get_rift_needed (PenThreatRoll *self);
guint              pen_threat_roll_get_rift_missing (PenThreatRoll *self);
/* the supply indices chosen (guint), in the order chosen */
GArray            *pen_threat_roll_get_rift_dice (PenThreatRoll   *self);
/* Chooses or unchooses a supply die; when X are chosen already, the one chosen longest ago
 * makes room. Only while preparing: FALSE when nothing changed. */
gboolean           pen_threat_roll_toggle_rift_die (PenThreatRoll *self,
                                                    guint          index);
/* NULL when refused */
const PenThreatOdds *pen_threat_roll_get_odds    (PenThreatRoll   *self);
/* PenThreatCurvePoint, or NULL with error set (owned by the roll) */
GArray            *pen_threat_roll_get_curve     (PenThreatRoll   *self,
                                                  const GError   **error);

/* ---- step 2 ---- */
PenThreatRollMode  pen_threat_roll_get_mode      (PenThreatRoll   *self);
/* Rolls n-dice faces from a copy of random (the game's generator stays as it is). */
gboolean           pen_threat_roll_roll_by_app   (PenThreatRoll   *self,
                                                  const PenRandom *random);
gboolean           pen_threat_roll_roll_by_table (PenThreatRoll   *self);
/* Back to step 1: the roll is dropped. */
gboolean           pen_threat_roll_restart       (PenThreatRoll   *self);
/* The table's faces (replacing those entered): starts a table roll if need be. */
void               pen_threat_roll_set_faces     (PenThreatRoll   *self,
                                                  const guint8    *faces,
                                                  guint            n_faces);
gboolean           pen_threat_roll_add_face      (PenThreatRoll   *self,
                                                  guint            face);
gboolean           pen_threat_roll_remove_face   (PenThreatRoll   *self,
                                                  guint            index);
/* "adjust X Threat dice": a 1 cannot go down, a 6 cannot go up */
gboolean           pen_threat_roll_adjust        (PenThreatRoll   *self,
                                                  guint            index,
                                                  int              delta);
guint              pen_threat_roll_get_n_faces   (PenThreatRoll   *self);
/* the face rolled, and the face after adjustments */
guint              pen_threat_roll_get_rolled    (PenThreatRoll   *self,
                                                  guint            index);
guint              pen_threat_roll_get_face      (PenThreatRoll   *self,
                                                  guint            index);
gboolean           pen_threat_roll_get_complete  (PenThreatRoll   *self);

/* ---- step 3 ---- */
/* The questions (PenThreatQuestion) of a complete roll, in face order; NULL before. */
GPtrArray         *pen_threat_roll_get_questions (PenThreatRoll   *self);
/* Tapping a piece not chosen swaps it for the one chosen longest ago. */
gboolean           pen_threat_roll_pick          (PenThreatRoll   *self,
                                                  gboolean         mark,
                                                  guint            face,
                                                  guint            index);
/* The distribution of a complete roll on the prepared board, or NULL. */
const PenThreatResult *pen_threat_roll_get_result (PenThreatRoll  *self);

/* The whole roll as one "threat" action, or NULL before it is complete. random is the game's
 * generator now: when it is still the one the app rolled from, the action says "count" (the
 * game draws the same faces), else the faces shown go as "dice". */
PenAction         *pen_threat_roll_to_action     (PenThreatRoll   *self,
                                                  const PenRandom *random);

G_END_DECLS
