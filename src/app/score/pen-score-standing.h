/* pen-score-standing.h: one player's place on the score sheet, an item of its list model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "pen-score.h"
#include "pen-table.h"

G_BEGIN_DECLS

#define PEN_TYPE_SCORE_STANDING (pen_score_standing_get_type ())
G_DECLARE_FINAL_TYPE (PenScoreStanding, pen_score_standing, PEN, SCORE_STANDING, GObject)

/* The sheet is shared by the standings made from it: it is freed with the last of them. */
typedef struct _PenScoreShared PenScoreShared;

PenScoreShared       *pen_score_shared_new             (PenScoreSheet   *sheet);
PenScoreShared       *pen_score_shared_ref             (PenScoreShared  *shared);
void                  pen_score_shared_unref           (PenScoreShared  *shared);
const PenScoreSheet  *pen_score_shared_get_sheet       (PenScoreShared  *shared);

/* Wizard's result on the sheet (its place among the results is the wizard's index), tied
 * with another player or not; goals_by_hand: the Goals in play whose points are typed in;
 * expanded: the keys of the sheet's open expanders, shared with the page; figures: the
 * player's key of the sheet (pen_score_sheet_list_keys()), for the standing's key. */
PenScoreStanding     *pen_score_standing_new           (PenScoreShared  *shared,
                                                        guint            wizard,
                                                        gboolean         tied,
                                                        PenTable        *table,
                                                        GStrv            goals_by_hand,
                                                        GHashTable      *expanded,
                                                        const char      *figures);
const PenScoreResult *pen_score_standing_get_result    (PenScoreStanding *self);
guint                 pen_score_standing_get_wizard    (PenScoreStanding *self);
gboolean              pen_score_standing_get_tied      (PenScoreStanding *self);
/* FALSE when points not known yet (of this player or another) may still change its place or
 * its tie: pen_score_sheet_place_known () */
gboolean              pen_score_standing_get_place_known (PenScoreStanding *self);
PenTable             *pen_score_standing_get_table     (PenScoreStanding *self);
const char * const   *pen_score_standing_get_goals     (PenScoreStanding *self);
GHashTable           *pen_score_standing_get_expanded  (PenScoreStanding *self);
/* What the player's rows show, as text: equal keys, equal rows */
const char           *pen_score_standing_get_key       (PenScoreStanding *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenScoreShared, pen_score_shared_unref)

G_END_DECLS
