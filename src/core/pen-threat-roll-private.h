/* pen-threat-roll-private.h: what the files of PenThreatRoll share
 *
 * pen-threat-roll.c holds the object, its properties and step 1 (the counters, the board,
 * the caches); pen-threat-roll-rift.c the dice the player chooses for Rift;
 * pen-threat-roll-play.c steps 2 and 3 (the faces, the adjustments, the picks, the
 * distribution, the action).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-threat-roll.h"

G_BEGIN_DECLS

struct _PenThreatRoll
{
  GObject              parent_instance;

  PenBoard            *board;
  guint                wizard;
  char                *source;
  /* the Trial whose Threat step this is: trial_row[trial_index], or the reserved trial_card;
   * neither (-1, NULL) for any other Threat */
  int                  trial_index;
  char                *trial_card;
  guint                counts[PEN_THREAT_N_COUNTS];
  gboolean             discard_all;

  PenThreatRollMode    mode;
  PenRandom            rolled_from;       /* BY_APP: the generator the faces came from */
  GArray              *faces;             /* guint8, as rolled */
  GArray              *adjust;            /* gint, one per die */
  GArray              *pick_die[PEN_THREAT_N_FACES];  /* see pen_threat_ask() */
  GArray              *pick_mark[PEN_THREAT_N_FACES];

  /* step 1, computed at every change of its inputs (it is cheap) */
  gboolean             prep_ok;
  GError              *prep_error;
  PenThreatPrepResult  prep_result;
  GArray              *defend_order;      /* guint */
  GArray              *defend_dice;       /* guint, the first counts[DEFEND] of the order */
  GArray              *rift_dice;         /* guint, the dice the player chose for Rift, in the
                                           * order chosen; never a DEFEND die */
  /* the odds, computed when first asked for */
  PenThreatOdds       *odds;
  gboolean             curve_valid;
  GArray              *curve;
  GError              *curve_error;
  /* step 3, computed when first asked for */
  gboolean             result_valid;
  gboolean             have_result;
  PenThreatResult      result;
  GPtrArray           *questions;
  GArray              *picks;             /* gint, one per die */
  gboolean             any_pick;
};

/* pen-threat-roll.c */
void      _pen_threat_roll_clear_result    (PenThreatRoll *self);
void      _pen_threat_roll_clear_face_picks (PenThreatRoll *self,
                                             guint          face);
void      _pen_threat_roll_clear_picks     (PenThreatRoll *self);
gboolean  _pen_threat_roll_roll_complete   (PenThreatRoll *self);
/* The roll changed: the result is computed again when asked for. Notifies what changed. */
void      _pen_threat_roll_roll_changed    (PenThreatRoll *self,
                                            guint          old_n_faces,
                                            gboolean       old_complete);
/* the mode changed */
void      _pen_threat_roll_notify_mode     (PenThreatRoll *self);
/* Step 1 as the counters say */
void      _pen_threat_roll_fill_prep       (PenThreatRoll *self,
                                            PenThreatPrep *prep);
/* Back to step 1 without a roll; notifies. TRUE when there was one. */
gboolean  _pen_threat_roll_drop_roll       (PenThreatRoll *self);
/* An input of step 1 changed */
void      _pen_threat_roll_prep_changed    (PenThreatRoll *self);

/* pen-threat-roll-rift.c */
guint     _pen_threat_roll_rift_needed     (PenThreatRoll *self);
guint     _pen_threat_roll_rift_missing    (PenThreatRoll *self);
void      _pen_threat_roll_fit_rift_dice   (PenThreatRoll *self);
/* before board replaces self->board */
void      _pen_threat_roll_keep_rift_dice  (PenThreatRoll  *self,
                                            const PenBoard *board);

G_END_DECLS
