/* pen-threat-roll.c: the Threat roll in progress
 *
 * What the Threat page fills in, step by step (the counters of step 1, the faces of step 2, the
 * choices of step 3), with what follows from it: the prepared board, the dice to roll, the
 * exact odds and the what-if curve, the distribution. Everything derived is cached and computed
 * again only when one of its inputs changes; the odds, the costly part, only when first asked
 * for after such a change. The roll ends as ONE "threat" action (pen_threat_roll_to_action()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pen-threat-roll.h"


struct _PenThreatRoll
{
  GObject              parent_instance;

  PenBoard            *board;
  guint                wizard;
  char                *source;
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

G_DEFINE_FINAL_TYPE (PenThreatRoll, pen_threat_roll, G_TYPE_OBJECT)
G_DEFINE_ENUM_TYPE (PenThreatRollMode, pen_threat_roll_mode,
                    G_DEFINE_ENUM_VALUE (PEN_THREAT_ROLL_PREPARING, "preparing"),
                    G_DEFINE_ENUM_VALUE (PEN_THREAT_ROLL_BY_APP, "by-app"),
                    G_DEFINE_ENUM_VALUE (PEN_THREAT_ROLL_BY_TABLE, "by-table"))
G_DEFINE_ENUM_TYPE (PenThreatCount, pen_threat_count,
                    G_DEFINE_ENUM_VALUE (PEN_THREAT_COUNT_THREAT, "threat"),
                    G_DEFINE_ENUM_VALUE (PEN_THREAT_COUNT_UNCANCELLABLE, "uncancellable"),
                    G_DEFINE_ENUM_VALUE (PEN_THREAT_COUNT_DISCARD, "discard"),
                    G_DEFINE_ENUM_VALUE (PEN_THREAT_COUNT_DEFEND, "defend"),
                    G_DEFINE_ENUM_VALUE (PEN_THREAT_COUNT_DEFEND_PLACED, "defend-placed"),
                    G_DEFINE_ENUM_VALUE (PEN_THREAT_COUNT_RIFT, "rift"))

enum
{
  PROP_0,
  PROP_WIZARD,
  PROP_SOURCE,
  /* the counters, in PenThreatCount order */
  PROP_THREAT,
  PROP_UNCANCELLABLE,
  PROP_DISCARD,
  PROP_DEFEND,
  PROP_DEFEND_PLACED,
  PROP_RIFT,
  PROP_DISCARD_ALL,
  PROP_MODE,
  PROP_N_DICE,
  PROP_PREP_OK,
  PROP_N_FACES,
  PROP_COMPLETE,
  PROP_RIFT_MISSING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  ODDS_CHANGED,
  ROLL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- caches ------------------------------------------------------------------------------- */

static void
clear_result (PenThreatRoll *self)
{
  if (self->have_result)
    pen_threat_result_clear (&self->result);
  self->have_result = FALSE;
  self->result_valid = FALSE;
  g_clear_pointer (&self->questions, g_ptr_array_unref);
  g_clear_pointer (&self->picks, g_array_unref);
  self->any_pick = FALSE;
}

static void
clear_face_picks (PenThreatRoll *self,
                  guint          face)
{
  if (face < PEN_THREAT_N_FACES)
    {
      g_clear_pointer (&self->pick_die[face], g_array_unref);
      g_clear_pointer (&self->pick_mark[face], g_array_unref);
    }
}

static void
clear_picks (PenThreatRoll *self)
{
  for (guint f = 0; f < PEN_THREAT_N_FACES; f++)
    clear_face_picks (self, f);
}

static gboolean
roll_complete (PenThreatRoll *self)
{
  return self->prep_ok && self->mode != PEN_THREAT_ROLL_PREPARING
    && self->faces->len == self->prep_result.n_dice;
}

/* The roll changed: the result is computed again when asked for. Notifies what changed. */
static void
roll_changed (PenThreatRoll *self,
              guint          old_n_faces,
              gboolean       old_complete)
{
  clear_result (self);
  if (old_n_faces != self->faces->len)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_FACES]);
  if (old_complete != roll_complete (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
  g_signal_emit (self, signals[ROLL_CHANGED], 0);
}

/* The dice Rift discards: X, or what DEFEND leaves of the supply */
static guint
rift_needed (PenThreatRoll *self)
{
  guint left;

  if (self->board == NULL || self->defend_dice->len > self->board->supply->len)
    return 0;
  left = self->board->supply->len - self->defend_dice->len;
  return MIN (self->counts[PEN_THREAT_COUNT_RIFT], left);
}

static gboolean
array_has (GArray *array,
           guint   value)
{
  for (guint i = 0; i < array->len; i++)
    if (g_array_index (array, guint, i) == value)
      return TRUE;
  return FALSE;
}

/* The Rift choice after a change of step 1: DEFEND goes first, a lower Rift drops the dice
 * chosen last, and when every die left must go there is nothing to choose. */
static void
fit_rift_dice (PenThreatRoll *self)
{
  guint needed = rift_needed (self);

  for (guint i = self->rift_dice->len; i > 0; i--)
    {
      guint j = g_array_index (self->rift_dice, guint, i - 1);

      if (self->board == NULL || j >= self->board->supply->len
          || array_has (self->defend_dice, j))
        g_array_remove_index (self->rift_dice, i - 1);
    }
  if (self->rift_dice->len > needed)
    g_array_set_size (self->rift_dice, needed);
  if (self->board != NULL && needed > 0
      && needed == self->board->supply->len - self->defend_dice->len)
    for (guint j = 0; j < self->board->supply->len; j++)
      if (!array_has (self->defend_dice, j) && !array_has (self->rift_dice, j))
        g_array_append_val (self->rift_dice, j);
}

static guint
rift_missing (PenThreatRoll *self)
{
  guint needed = rift_needed (self);

  return needed > self->rift_dice->len ? needed - self->rift_dice->len : 0;
}

/* Step 1 as the counters say; the DEFEND dice are the first of the default order */
static void
fill_prep (PenThreatRoll *self,
           PenThreatPrep *prep)
{
  pen_threat_prep_init (prep, self->counts[PEN_THREAT_COUNT_THREAT]);
  prep->uncancellable = self->counts[PEN_THREAT_COUNT_UNCANCELLABLE];
  prep->discard = self->counts[PEN_THREAT_COUNT_DISCARD];
  prep->discard_all = self->discard_all;
  prep->defend_placed = self->counts[PEN_THREAT_COUNT_DEFEND_PLACED];
  prep->rift = self->counts[PEN_THREAT_COUNT_RIFT];
  prep->defend = self->defend_dice->len;
  prep->defend_dice = prep->defend > 0 ? (const guint *) self->defend_dice->data : NULL;
  /* the player's choice once complete; the default order only to look for other refusals */
  prep->rift_dice = self->rift_dice->len > 0 && self->rift_dice->len == rift_needed (self)
    ? (const guint *) self->rift_dice->data : NULL;
}

/* An input of step 1 changed: step 1 again (cheap); the odds and the result when asked for. */
static void
prep_changed (PenThreatRoll *self)
{
  gboolean old_ok = self->prep_ok;
  guint old_n = self->prep_result.n_dice;
  gboolean old_complete = roll_complete (self);
  guint old_missing = rift_missing (self);
  PenThreatPrep prep;

  pen_threat_prep_result_clear (&self->prep_result);
  memset (&self->prep_result, 0, sizeof self->prep_result);
  g_clear_error (&self->prep_error);
  g_clear_pointer (&self->odds, pen_threat_odds_free);
  g_clear_pointer (&self->curve, g_array_unref);
  g_clear_error (&self->curve_error);
  self->curve_valid = FALSE;
  g_array_set_size (self->defend_dice, 0);
  g_clear_pointer (&self->defend_order, g_array_unref);
  self->prep_ok = FALSE;

  if (self->board != NULL)
    {
      self->defend_order = pen_threat_defend_order (self->board);
      g_array_append_vals (self->defend_dice, self->defend_order->data,
                           MIN (self->counts[PEN_THREAT_COUNT_DEFEND], self->defend_order->len));
      fit_rift_dice (self);
      fill_prep (self, &prep);
      self->prep_ok = pen_threat_prep_apply (self->board, &prep, NULL, &self->prep_result,
                                             &self->prep_error);
      /* a refusal of the rules first; then the dice Rift takes, which the player chooses
       * before anything is rolled or any odds are shown */
      if (self->prep_ok && rift_missing (self) > 0)
        {
          guint missing = rift_missing (self);

          self->prep_ok = FALSE;
          if (self->rift_dice->len == 0)
            g_set_error (&self->prep_error, PEN_ERROR, PEN_ERROR_REFUSED,
                         g_dngettext (GETTEXT_PACKAGE, "Choose %u die for Rift",
                                      "Choose %u dice for Rift", missing), missing);
          else
            g_set_error (&self->prep_error, PEN_ERROR, PEN_ERROR_REFUSED,
                         g_dngettext (GETTEXT_PACKAGE, "Choose %u more die for Rift",
                                      "Choose %u more dice for Rift", missing), missing);
        }
      if (!self->prep_ok)
        {
          pen_threat_prep_result_clear (&self->prep_result);
          memset (&self->prep_result, 0, sizeof self->prep_result);
        }
    }
  else
    g_set_error_literal (&self->prep_error, PEN_ERROR, PEN_ERROR_INVALID, "no board");

  if (old_ok != self->prep_ok)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PREP_OK]);
  if (old_n != self->prep_result.n_dice)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_DICE]);
  if (old_missing != rift_missing (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RIFT_MISSING]);
  g_signal_emit (self, signals[ODDS_CHANGED], 0);
  if (self->mode != PEN_THREAT_ROLL_PREPARING)
    roll_changed (self, self->faces->len, old_complete);
}

/* Back to step 1 without a roll; notifies. */
static gboolean
drop_roll (PenThreatRoll *self)
{
  guint old_n_faces = self->faces->len;
  gboolean old_complete = roll_complete (self);
  gboolean had_roll = self->mode != PEN_THREAT_ROLL_PREPARING || self->faces->len > 0;

  g_array_set_size (self->faces, 0);
  g_array_set_size (self->adjust, 0);
  clear_picks (self);
  if (self->mode != PEN_THREAT_ROLL_PREPARING)
    {
      self->mode = PEN_THREAT_ROLL_PREPARING;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
    }
  if (had_roll)
    roll_changed (self, old_n_faces, old_complete);
  return had_roll;
}

/* ---- step 3: the distribution and its questions -------------------------------------------- */

static void
ensure_result (PenThreatRoll *self)
{
  g_autofree guint8 *faces = NULL;
  PenThreatChoices choices;

  if (self->result_valid)
    return;
  self->result_valid = TRUE;
  if (!roll_complete (self))
    return;
  faces = g_new0 (guint8, MAX (self->faces->len, 1));
  for (guint i = 0; i < self->faces->len; i++)
    faces[i] = pen_threat_roll_get_face (self, i);
  self->picks = g_array_new (FALSE, FALSE, sizeof (gint));
  self->questions = pen_threat_ask (self->prep_result.board, faces, self->faces->len,
                                    self->pick_die, self->pick_mark, self->picks);
  for (guint i = 0; i < self->picks->len; i++)
    self->any_pick |= g_array_index (self->picks, gint, i) >= 0;
  pen_threat_choices_init (&choices);
  choices.picks = (const gint *) self->picks->data;
  /* a pick that no longer fits falls back to the default: the result is complete anyway */
  pen_threat_resolve (self->prep_result.board, faces, self->faces->len, &choices, &self->result);
  self->have_result = TRUE;
}

/* ---- public API ---------------------------------------------------------------------------- */

PenThreatRoll *
pen_threat_roll_new (void)
{
  return g_object_new (PEN_TYPE_THREAT_ROLL, NULL);
}

void
pen_threat_roll_set_board (PenThreatRoll  *self,
                           const PenBoard *board)
{
  g_return_if_fail (PEN_IS_THREAT_ROLL (self));

  if (board == self->board
      || (board != NULL && self->board != NULL && pen_board_equal (board, self->board)))
    return;
  g_clear_pointer (&self->board, pen_board_free);
  self->board = board != NULL ? pen_board_copy (board) : NULL;
  /* the pieces chosen may be gone */
  clear_picks (self);
  g_array_set_size (self->rift_dice, 0);
  prep_changed (self);
}

const PenBoard *
pen_threat_roll_get_board (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), NULL);
  return self->board;
}

guint
pen_threat_roll_get_wizard (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), 0);
  return self->wizard;
}

void
pen_threat_roll_set_wizard (PenThreatRoll *self,
                            guint          wizard)
{
  g_return_if_fail (PEN_IS_THREAT_ROLL (self));

  if (self->wizard == wizard)
    return;
  self->wizard = wizard;
  drop_roll (self);
  if (self->rift_dice->len > 0)
    {
      /* another wizard's board: the dice chosen were not theirs */
      g_array_set_size (self->rift_dice, 0);
      prep_changed (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIZARD]);
}

const char *
pen_threat_roll_get_source (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), NULL);
  return self->source;
}

void
pen_threat_roll_set_source (PenThreatRoll *self,
                            const char    *source)
{
  g_return_if_fail (PEN_IS_THREAT_ROLL (self));

  if (source != NULL && *source == '\0')
    source = NULL;
  if (g_strcmp0 (self->source, source) == 0)
    return;
  g_free (self->source);
  self->source = g_strdup (source);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOURCE]);
}

guint
pen_threat_roll_get_count (PenThreatRoll  *self,
                           PenThreatCount  count)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), 0);
  g_return_val_if_fail (count < PEN_THREAT_N_COUNTS, 0);
  return self->counts[count];
}

static guint
count_yellow (const PenBoard *board)
{
  guint n = 0;

  for (guint i = 0; board != NULL && i < board->supply->len; i++)
    n += g_array_index (board->supply, PenDieValue, i).color == PEN_COLOR_YELLOW;
  return n;
}

/* Sets a counter within its bounds, without computing anything again; TRUE when it changed. */
static gboolean
store_count (PenThreatRoll  *self,
             PenThreatCount  count,
             guint           value)
{
  guint max = PEN_THREAT_ROLL_MAX_DICE;

  if (count == PEN_THREAT_COUNT_THREAT)
    max -= self->counts[PEN_THREAT_COUNT_UNCANCELLABLE];
  else if (count == PEN_THREAT_COUNT_UNCANCELLABLE)
    max -= self->counts[PEN_THREAT_COUNT_THREAT];
  else if (count == PEN_THREAT_COUNT_DEFEND && self->board != NULL)
    /* only the Yellow dice there are */
    max = MIN (max, MAX (count_yellow (self->board), self->counts[count]));
  value = MIN (value, max);
  if (self->counts[count] == value)
    return FALSE;
  self->counts[count] = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THREAT + count]);
  return TRUE;
}

gboolean
pen_threat_roll_set_count (PenThreatRoll  *self,
                           PenThreatCount  count,
                           guint           value)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);
  g_return_val_if_fail (count < PEN_THREAT_N_COUNTS, FALSE);

  if (self->mode != PEN_THREAT_ROLL_PREPARING || !store_count (self, count, value))
    return FALSE;
  prep_changed (self);
  return TRUE;
}

gboolean
pen_threat_roll_change_count (PenThreatRoll  *self,
                              PenThreatCount  count,
                              int             delta)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);
  g_return_val_if_fail (count < PEN_THREAT_N_COUNTS, FALSE);

  if (delta < 0 && (guint) -delta > self->counts[count])
    return FALSE;
  /* never shrinks a count through its bounds: a DEFEND above the Yellow dice stays */
  if (delta > 0 && self->counts[count] + delta > PEN_THREAT_ROLL_MAX_DICE)
    return FALSE;
  return pen_threat_roll_set_count (self, count, self->counts[count] + delta);
}

gboolean
pen_threat_roll_get_discard_all (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);
  return self->discard_all;
}

gboolean
pen_threat_roll_set_discard_all (PenThreatRoll *self,
                                 gboolean       discard_all)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);

  discard_all = !!discard_all;
  if (self->mode != PEN_THREAT_ROLL_PREPARING || self->discard_all == discard_all)
    return FALSE;
  self->discard_all = discard_all;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISCARD_ALL]);
  prep_changed (self);
  return TRUE;
}

void
pen_threat_roll_start (PenThreatRoll *self,
                       guint          wizard,
                       guint          threat,
                       guint          uncancellable,
                       guint          rift,
                       const char    *source)
{
  const guint counts[PEN_THREAT_N_COUNTS] = { [PEN_THREAT_COUNT_THREAT] = threat,
                                              [PEN_THREAT_COUNT_RIFT] = rift };
  gboolean changed = FALSE;

  g_return_if_fail (PEN_IS_THREAT_ROLL (self));

  g_object_freeze_notify (G_OBJECT (self));
  pen_threat_roll_set_wizard (self, wizard);
  pen_threat_roll_set_source (self, source);
  drop_roll (self);
  if (self->rift_dice->len > 0)
    {
      g_array_set_size (self->rift_dice, 0);
      changed = TRUE;
    }
  /* the uncancellable dice last, within what the Threat dice leave */
  for (guint c = 0; c < PEN_THREAT_N_COUNTS; c++)
    changed |= store_count (self, c, counts[c]);
  changed |= store_count (self, PEN_THREAT_COUNT_UNCANCELLABLE, uncancellable);
  if (self->discard_all)
    {
      self->discard_all = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISCARD_ALL]);
      changed = TRUE;
    }
  if (changed)
    prep_changed (self);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
pen_threat_roll_get_prep_ok (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);
  return self->prep_ok;
}

const GError *
pen_threat_roll_get_prep_error (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), NULL);
  return self->prep_error;
}

const PenThreatPrepResult *
pen_threat_roll_get_prep_result (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), NULL);
  return self->prep_ok ? &self->prep_result : NULL;
}

guint
pen_threat_roll_get_n_dice (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), 0);
  return self->prep_result.n_dice;
}

GArray *
pen_threat_roll_get_defend_dice (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), NULL);
  return self->defend_dice;
}

GArray *
pen_threat_roll_get_defend_order (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), NULL);
  return self->defend_order;
}

guint
pen_threat_roll_get_rift_needed (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), 0);
  return rift_needed (self);
}

guint
pen_threat_roll_get_rift_missing (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), 0);
  return rift_missing (self);
}

GArray *
pen_threat_roll_get_rift_dice (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), NULL);
  return self->rift_dice;
}

gboolean
pen_threat_roll_toggle_rift_die (PenThreatRoll *self,
                                 guint          index)
{
  guint needed;

  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);

  needed = rift_needed (self);
  if (self->mode != PEN_THREAT_ROLL_PREPARING || self->board == NULL || needed == 0
      || index >= self->board->supply->len || array_has (self->defend_dice, index)
      || needed == self->board->supply->len - self->defend_dice->len)
    return FALSE;
  if (array_has (self->rift_dice, index))
    {
      for (guint i = 0; i < self->rift_dice->len; i++)
        if (g_array_index (self->rift_dice, guint, i) == index)
          {
            g_array_remove_index (self->rift_dice, i);
            break;
          }
    }
  else
    {
      /* all chosen: the die chosen longest ago makes room */
      if (self->rift_dice->len >= needed)
        g_array_remove_index (self->rift_dice, 0);
      g_array_append_val (self->rift_dice, index);
    }
  prep_changed (self);
  return TRUE;
}

const PenThreatOdds *
pen_threat_roll_get_odds (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), NULL);

  if (self->odds == NULL && self->prep_ok)
    self->odds = pen_threat_odds_new (self->prep_result.board, self->prep_result.n_dice, FALSE);
  return self->odds;
}

GArray *
pen_threat_roll_get_curve (PenThreatRoll  *self,
                           const GError  **error)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), NULL);

  if (!self->curve_valid && self->board != NULL && rift_missing (self) > 0)
    {
      /* no odds before the player has chosen what Rift takes */
      self->curve_error = g_error_copy (self->prep_error);
      self->curve_valid = TRUE;
    }
  if (!self->curve_valid && self->board != NULL)
    {
      PenThreatPrep prep;

      fill_prep (self, &prep);
      self->curve = pen_threat_what_if (self->board, &prep, NULL, &self->curve_error);
      self->curve_valid = TRUE;
    }
  if (error != NULL)
    *error = self->curve_error;
  return self->curve;
}

PenThreatRollMode
pen_threat_roll_get_mode (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), PEN_THREAT_ROLL_PREPARING);
  return self->mode;
}

static void
start_rolling (PenThreatRoll     *self,
               PenThreatRollMode  mode,
               const PenRandom   *random)
{
  gboolean old_complete = roll_complete (self);

  g_array_set_size (self->faces, 0);
  g_array_set_size (self->adjust, 0);
  clear_picks (self);
  self->mode = mode;
  if (random != NULL)
    {
      PenRandom r = *random;

      self->rolled_from = r;
      for (guint i = 0; i < self->prep_result.n_dice; i++)
        {
          guint8 face = pen_random_die (&r);
          gint zero = 0;
          g_array_append_val (self->faces, face);
          g_array_append_val (self->adjust, zero);
        }
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
  roll_changed (self, 0, old_complete);
}

gboolean
pen_threat_roll_roll_by_app (PenThreatRoll   *self,
                             const PenRandom *random)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);
  g_return_val_if_fail (random != NULL, FALSE);

  if (!self->prep_ok || self->mode != PEN_THREAT_ROLL_PREPARING)
    return FALSE;
  start_rolling (self, PEN_THREAT_ROLL_BY_APP, random);
  return TRUE;
}

gboolean
pen_threat_roll_roll_by_table (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);

  if (!self->prep_ok || self->mode != PEN_THREAT_ROLL_PREPARING)
    return FALSE;
  start_rolling (self, PEN_THREAT_ROLL_BY_TABLE, NULL);
  return TRUE;
}

gboolean
pen_threat_roll_restart (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);
  return drop_roll (self);
}

void
pen_threat_roll_set_faces (PenThreatRoll *self,
                           const guint8  *faces,
                           guint          n_faces)
{
  guint old_n_faces = self->faces->len;
  gboolean old_complete = roll_complete (self);

  g_return_if_fail (PEN_IS_THREAT_ROLL (self));

  /* nothing is rolled before step 1 is allowed and complete (Rift's dice chosen) */
  if (!self->prep_ok)
    return;
  g_array_set_size (self->faces, 0);
  g_array_set_size (self->adjust, 0);
  clear_picks (self);
  for (guint i = 0; i < n_faces && i < self->prep_result.n_dice; i++)
    {
      gint zero = 0;
      guint8 f = CLAMP (faces[i], 1, 6);
      g_array_append_val (self->faces, f);
      g_array_append_val (self->adjust, zero);
    }
  if (self->mode != PEN_THREAT_ROLL_BY_TABLE)
    {
      self->mode = PEN_THREAT_ROLL_BY_TABLE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
    }
  roll_changed (self, old_n_faces, old_complete);
}

gboolean
pen_threat_roll_add_face (PenThreatRoll *self,
                          guint          face)
{
  guint old_n_faces = self->faces->len;
  gboolean old_complete = roll_complete (self);
  guint8 f = face;
  gint zero = 0;

  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);

  if (self->mode != PEN_THREAT_ROLL_BY_TABLE || face < 1 || face > 6
      || self->faces->len >= self->prep_result.n_dice)
    return FALSE;
  g_array_append_val (self->faces, f);
  g_array_append_val (self->adjust, zero);
  clear_face_picks (self, face);
  roll_changed (self, old_n_faces, old_complete);
  return TRUE;
}

gboolean
pen_threat_roll_remove_face (PenThreatRoll *self,
                             guint          index)
{
  guint old_n_faces = self->faces->len;
  gboolean old_complete = roll_complete (self);

  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);

  if (self->mode != PEN_THREAT_ROLL_BY_TABLE || index >= self->faces->len)
    return FALSE;
  clear_face_picks (self, pen_threat_roll_get_face (self, index));
  g_array_remove_index (self->faces, index);
  g_array_remove_index (self->adjust, index);
  roll_changed (self, old_n_faces, old_complete);
  return TRUE;
}

gboolean
pen_threat_roll_adjust (PenThreatRoll *self,
                        guint          index,
                        int            delta)
{
  gboolean complete = roll_complete (self);
  int face;

  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);

  if (self->mode == PEN_THREAT_ROLL_PREPARING || index >= self->faces->len || delta == 0)
    return FALSE;
  face = (int) pen_threat_roll_get_face (self, index) + delta;
  if (face < 1 || face > 6)
    return FALSE;
  clear_face_picks (self, pen_threat_roll_get_face (self, index));
  clear_face_picks (self, face);
  g_array_index (self->adjust, gint, index) += delta;
  roll_changed (self, self->faces->len, complete);
  return TRUE;
}

guint
pen_threat_roll_get_n_faces (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), 0);
  return self->faces->len;
}

guint
pen_threat_roll_get_rolled (PenThreatRoll *self,
                            guint          index)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), 0);
  g_return_val_if_fail (index < self->faces->len, 0);
  return g_array_index (self->faces, guint8, index);
}

guint
pen_threat_roll_get_face (PenThreatRoll *self,
                          guint          index)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), 0);
  g_return_val_if_fail (index < self->faces->len, 0);
  return g_array_index (self->faces, guint8, index) + g_array_index (self->adjust, gint, index);
}

gboolean
pen_threat_roll_get_complete (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);
  return roll_complete (self);
}

GPtrArray *
pen_threat_roll_get_questions (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), NULL);
  ensure_result (self);
  return self->questions;
}

gboolean
pen_threat_roll_pick (PenThreatRoll *self,
                      gboolean       mark,
                      guint          face,
                      guint          index)
{
  GArray *chosen;

  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);

  if (face < 1 || face > 6)
    return FALSE;
  ensure_result (self);
  chosen = mark ? self->pick_mark[face] : self->pick_die[face];
  /* tapping a kept piece swaps it for the piece chosen longest ago, so the count stays what
   * the rules require */
  if (chosen == NULL || chosen->len == 0)
    return FALSE;
  for (guint i = 0; i < chosen->len; i++)
    if (g_array_index (chosen, guint, i) == index)
      return FALSE;
  /* only a candidate of the question */
  for (guint q = 0; q < self->questions->len; q++)
    {
      PenThreatQuestion *question = g_ptr_array_index (self->questions, q);

      if (question->mark != !!mark || question->face != face)
        continue;
      for (guint i = 0; i < question->candidates->len; i++)
        if (g_array_index (question->candidates, guint, i) == index)
          {
            g_array_remove_index (chosen, 0);
            g_array_append_val (chosen, index);
            roll_changed (self, self->faces->len, roll_complete (self));
            return TRUE;
          }
    }
  return FALSE;
}

const PenThreatResult *
pen_threat_roll_get_result (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), NULL);
  ensure_result (self);
  return self->have_result ? &self->result : NULL;
}

PenAction *
pen_threat_roll_to_action (PenThreatRoll   *self,
                           const PenRandom *random)
{
  PenAction *action;
  gboolean adjusted = FALSE;
  gboolean count;
  PenThreatPrep prep;

  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), NULL);

  ensure_result (self);
  if (!self->have_result)
    return NULL;
  fill_prep (self, &prep);
  for (guint i = 0; i < self->adjust->len; i++)
    adjusted |= g_array_index (self->adjust, gint, i) != 0;
  /* the game rolls again from the same generator state: the same faces. (Should another action
   * have used the generator since, the faces shown are sent as "dice" instead, so what is
   * applied is always what the player saw.) */
  count = self->mode == PEN_THREAT_ROLL_BY_APP && random != NULL
    && memcmp (&self->rolled_from, random, sizeof (PenRandom)) == 0;
  action = pen_action_new_threat (self->wizard, &prep,
                                  count ? NULL : (const guint8 *) self->faces->data,
                                  self->faces->len,
                                  adjusted ? (const gint *) self->adjust->data : NULL,
                                  self->any_pick ? (const gint *) self->picks->data : NULL,
                                  self->source);
  if (action != NULL && self->rift_dice->len > 0)
    {
      /* the dice the player chose for Rift (supply indices before step 1) */
      JsonArray *rift = json_array_sized_new (self->rift_dice->len);

      for (guint i = 0; i < self->rift_dice->len; i++)
        json_array_add_int_element (rift, g_array_index (self->rift_dice, guint, i));
      json_object_set_array_member (pen_action_get_params (action), "rift_dice", rift);
    }
  return action;
}

/* ---- GObject ------------------------------------------------------------------------------- */

static void
pen_threat_roll_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  PenThreatRoll *self = PEN_THREAT_ROLL (object);

  switch (prop_id)
    {
    case PROP_WIZARD:
      g_value_set_uint (value, self->wizard);
      break;
    case PROP_SOURCE:
      g_value_set_string (value, self->source);
      break;
    case PROP_THREAT ... PROP_RIFT:
      g_value_set_uint (value, self->counts[prop_id - PROP_THREAT]);
      break;
    case PROP_DISCARD_ALL:
      g_value_set_boolean (value, self->discard_all);
      break;
    case PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;
    case PROP_N_DICE:
      g_value_set_uint (value, self->prep_result.n_dice);
      break;
    case PROP_PREP_OK:
      g_value_set_boolean (value, self->prep_ok);
      break;
    case PROP_N_FACES:
      g_value_set_uint (value, self->faces->len);
      break;
    case PROP_COMPLETE:
      g_value_set_boolean (value, roll_complete (self));
      break;
    case PROP_RIFT_MISSING:
      g_value_set_uint (value, rift_missing (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_threat_roll_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  PenThreatRoll *self = PEN_THREAT_ROLL (object);

  switch (prop_id)
    {
    case PROP_WIZARD:
      pen_threat_roll_set_wizard (self, g_value_get_uint (value));
      break;
    case PROP_SOURCE:
      pen_threat_roll_set_source (self, g_value_get_string (value));
      break;
    case PROP_THREAT ... PROP_RIFT:
      pen_threat_roll_set_count (self, prop_id - PROP_THREAT, g_value_get_uint (value));
      break;
    case PROP_DISCARD_ALL:
      pen_threat_roll_set_discard_all (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_threat_roll_finalize (GObject *object)
{
  PenThreatRoll *self = PEN_THREAT_ROLL (object);

  clear_result (self);
  clear_picks (self);
  pen_threat_prep_result_clear (&self->prep_result);
  g_clear_pointer (&self->board, pen_board_free);
  g_clear_pointer (&self->faces, g_array_unref);
  g_clear_pointer (&self->adjust, g_array_unref);
  g_clear_pointer (&self->defend_order, g_array_unref);
  g_clear_pointer (&self->defend_dice, g_array_unref);
  g_clear_pointer (&self->rift_dice, g_array_unref);
  g_clear_pointer (&self->odds, pen_threat_odds_free);
  g_clear_pointer (&self->curve, g_array_unref);
  g_clear_error (&self->curve_error);
  g_clear_error (&self->prep_error);
  g_free (self->source);

  G_OBJECT_CLASS (pen_threat_roll_parent_class)->finalize (object);
}

static void
pen_threat_roll_class_init (PenThreatRollClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  static const char * const counts[] = {
    "threat", "uncancellable", "discard", "defend", "defend-placed", "rift"
  };

  object_class->finalize = pen_threat_roll_finalize;
  object_class->get_property = pen_threat_roll_get_property;
  object_class->set_property = pen_threat_roll_set_property;

  properties[PROP_WIZARD] =
    g_param_spec_uint ("wizard", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SOURCE] =
    g_param_spec_string ("source", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  for (guint c = 0; c < PEN_THREAT_N_COUNTS; c++)
    properties[PROP_THREAT + c] =
      g_param_spec_uint (counts[c], NULL, NULL, 0, PEN_THREAT_ROLL_MAX_DICE, 0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DISCARD_ALL] =
    g_param_spec_boolean ("discard-all", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL, PEN_TYPE_THREAT_ROLL_MODE, PEN_THREAT_ROLL_PREPARING,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_DICE] =
    g_param_spec_uint ("n-dice", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PREP_OK] =
    g_param_spec_boolean ("prep-ok", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_FACES] =
    g_param_spec_uint ("n-faces", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPLETE] =
    g_param_spec_boolean ("complete", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RIFT_MISSING] =
    g_param_spec_uint ("rift-missing", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[ODDS_CHANGED] = g_signal_new ("odds-changed", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 0);
  signals[ROLL_CHANGED] = g_signal_new ("roll-changed", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 0);
}

static void
pen_threat_roll_init (PenThreatRoll *self)
{
  self->faces = g_array_new (FALSE, FALSE, sizeof (guint8));
  self->adjust = g_array_new (FALSE, FALSE, sizeof (gint));
  self->defend_dice = g_array_new (FALSE, FALSE, sizeof (guint));
  self->rift_dice = g_array_new (FALSE, FALSE, sizeof (guint));
  g_set_error_literal (&self->prep_error, PEN_ERROR, PEN_ERROR_INVALID, "no board");
}
