/* pen-threat-roll.c: the Threat roll in progress
 *
 * What the Threat page fills in, step by step (the counters of step 1, the faces of step 2, the
 * choices of step 3), with what follows from it: the prepared board, the dice to roll, the
 * exact odds and the what-if curve, the distribution. Everything derived is cached and computed
 * again only when one of its inputs changes; the odds, the costly part, only when first asked
 * for after such a change. The roll ends as ONE "threat" action (pen_threat_roll_to_action()).
 *
 * This file holds the object, its properties and step 1 (the board, the counters, the
 * caches); the Rift choice is in pen-threat-roll-rift.c, steps 2 and 3 (faces, adjustments,
 * picks, the distribution, the action) in pen-threat-roll-play.c; they share
 * pen-threat-roll-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pen-threat-roll-private.h"



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

void
_pen_threat_roll_clear_result (PenThreatRoll *self)
{
  if (self->have_result)
    pen_threat_result_clear (&self->result);
  self->have_result = FALSE;
  self->result_valid = FALSE;
  g_clear_pointer (&self->questions, g_ptr_array_unref);
  g_clear_pointer (&self->picks, g_array_unref);
  self->any_pick = FALSE;
}

void
_pen_threat_roll_clear_face_picks (PenThreatRoll *self,
                  guint          face)
{
  if (face < PEN_THREAT_N_FACES)
    {
      g_clear_pointer (&self->pick_die[face], g_array_unref);
      g_clear_pointer (&self->pick_mark[face], g_array_unref);
    }
}

void
_pen_threat_roll_clear_picks (PenThreatRoll *self)
{
  for (guint f = 0; f < PEN_THREAT_N_FACES; f++)
    _pen_threat_roll_clear_face_picks (self, f);
}

gboolean
_pen_threat_roll_roll_complete (PenThreatRoll *self)
{
  return self->prep_ok && self->mode != PEN_THREAT_ROLL_PREPARING
    && self->faces->len == self->prep_result.n_dice;
}

/* The roll changed: the result is computed again when asked for. Notifies what changed. */
void
_pen_threat_roll_roll_changed (PenThreatRoll *self,
              guint          old_n_faces,
              gboolean       old_complete)
{
  _pen_threat_roll_clear_result (self);
  if (old_n_faces != self->faces->len)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_FACES]);
  if (old_complete != _pen_threat_roll_roll_complete (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
  g_signal_emit (self, signals[ROLL_CHANGED], 0);
}

/* Step 1 as the counters say; the DEFEND dice are the first of the default order */
void
_pen_threat_roll_fill_prep (PenThreatRoll *self,
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
  prep->rift_dice = self->rift_dice->len > 0
                    && self->rift_dice->len == _pen_threat_roll_rift_needed (self)
    ? (const guint *) self->rift_dice->data : NULL;
}

/* An input of step 1 changed: step 1 again (cheap); the odds and the result when asked for. */
void
_pen_threat_roll_prep_changed (PenThreatRoll *self)
{
  gboolean old_ok = self->prep_ok;
  guint old_n = self->prep_result.n_dice;
  gboolean old_complete = _pen_threat_roll_roll_complete (self);
  guint old_missing = _pen_threat_roll_rift_missing (self);
  PenThreatPrep prep;

  pen_threat_prep_result_clear (&self->prep_result);
  memset (&self->prep_result, 0, sizeof self->prep_result);
  g_clear_error (&self->prep_error);
  g_clear_pointer (&self->odds, pen_threat_odds_free);
  g_clear_pointer (&self->curve, g_array_unref);
  g_clear_error (&self->curve_error);
  g_clear_pointer (&self->trial_card, g_free);
  self->curve_valid = FALSE;
  g_array_set_size (self->defend_dice, 0);
  g_clear_pointer (&self->defend_order, g_array_unref);
  self->prep_ok = FALSE;

  if (self->board != NULL)
    {
      self->defend_order = pen_threat_defend_order (self->board);
      g_array_append_vals (self->defend_dice, self->defend_order->data,
                           MIN (self->counts[PEN_THREAT_COUNT_DEFEND], self->defend_order->len));
      _pen_threat_roll_fit_rift_dice (self);
      _pen_threat_roll_fill_prep (self, &prep);
      self->prep_ok = pen_threat_prep_apply (self->board, &prep, NULL, &self->prep_result,
                                             &self->prep_error);
      /* a refusal of the rules first; then the dice Rift takes, which the player chooses
       * before anything is rolled or any odds are shown */
      if (self->prep_ok && _pen_threat_roll_rift_missing (self) > 0)
        {
          guint missing = _pen_threat_roll_rift_missing (self);

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
  if (old_missing != _pen_threat_roll_rift_missing (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RIFT_MISSING]);
  g_signal_emit (self, signals[ODDS_CHANGED], 0);
  if (self->mode != PEN_THREAT_ROLL_PREPARING)
    _pen_threat_roll_roll_changed (self, self->faces->len, old_complete);
}

void
_pen_threat_roll_notify_mode (PenThreatRoll *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
}

/* Back to step 1 without a roll; notifies. */
gboolean
_pen_threat_roll_drop_roll (PenThreatRoll *self)
{
  guint old_n_faces = self->faces->len;
  gboolean old_complete = _pen_threat_roll_roll_complete (self);
  gboolean had_roll = self->mode != PEN_THREAT_ROLL_PREPARING || self->faces->len > 0;

  g_array_set_size (self->faces, 0);
  g_array_set_size (self->adjust, 0);
  _pen_threat_roll_clear_picks (self);
  if (self->mode != PEN_THREAT_ROLL_PREPARING)
    {
      self->mode = PEN_THREAT_ROLL_PREPARING;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
    }
  if (had_roll)
    _pen_threat_roll_roll_changed (self, old_n_faces, old_complete);
  return had_roll;
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
  _pen_threat_roll_keep_rift_dice (self, board);
  g_clear_pointer (&self->board, pen_board_free);
  self->board = board != NULL ? pen_board_copy (board) : NULL;
  /* the pieces chosen may be gone */
  _pen_threat_roll_clear_picks (self);
  _pen_threat_roll_prep_changed (self);
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
  _pen_threat_roll_drop_roll (self);
  if (self->rift_dice->len > 0)
    {
      /* another wizard's board: the dice chosen were not theirs */
      g_array_set_size (self->rift_dice, 0);
      _pen_threat_roll_prep_changed (self);
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
  _pen_threat_roll_prep_changed (self);
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
  _pen_threat_roll_prep_changed (self);
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
  pen_threat_roll_set_trial (self, -1, NULL);
  pen_threat_roll_set_wizard (self, wizard);
  pen_threat_roll_set_source (self, source);
  _pen_threat_roll_drop_roll (self);
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
    _pen_threat_roll_prep_changed (self);
  g_object_thaw_notify (G_OBJECT (self));
}

void
pen_threat_roll_set_trial (PenThreatRoll *self,
                           int            index,
                           const char    *card)
{
  g_return_if_fail (PEN_IS_THREAT_ROLL (self));

  self->trial_index = MAX (index, -1);
  g_free (self->trial_card);
  self->trial_card = index < 0 ? g_strdup (card) : NULL;
}

gboolean
pen_threat_roll_get_trial (PenThreatRoll  *self,
                           int            *index,
                           const char    **card)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);

  if (index != NULL)
    *index = self->trial_index;
  if (card != NULL)
    *card = self->trial_card;
  return self->trial_index >= 0 || self->trial_card != NULL;
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

  if (!self->curve_valid && self->board != NULL && _pen_threat_roll_rift_missing (self) > 0)
    {
      /* no odds before the player has chosen what Rift takes */
      self->curve_error = g_error_copy (self->prep_error);
      self->curve_valid = TRUE;
    }
  if (!self->curve_valid && self->board != NULL)
    {
      PenThreatPrep prep;

      _pen_threat_roll_fill_prep (self, &prep);
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
      g_value_set_boolean (value, _pen_threat_roll_roll_complete (self));
      break;
    case PROP_RIFT_MISSING:
      g_value_set_uint (value, _pen_threat_roll_rift_missing (self));
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

  _pen_threat_roll_clear_result (self);
  _pen_threat_roll_clear_picks (self);
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
  self->trial_index = -1;
  self->faces = g_array_new (FALSE, FALSE, sizeof (guint8));
  self->adjust = g_array_new (FALSE, FALSE, sizeof (gint));
  self->defend_dice = g_array_new (FALSE, FALSE, sizeof (guint));
  self->rift_dice = g_array_new (FALSE, FALSE, sizeof (guint));
  g_set_error_literal (&self->prep_error, PEN_ERROR, PEN_ERROR_INVALID, "no board");
}
