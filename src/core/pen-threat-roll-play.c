/* pen-threat-roll-play.c: steps 2 and 3 of PenThreatRoll
 *
 * The faces (rolled by the app from a copy of the game's generator, or entered by the table),
 * the "adjust" effects, the choices of step 3 and the distribution they give, and the whole
 * roll as ONE "threat" action.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pen-threat-roll-private.h"

/* ---- step 3: the distribution and its questions -------------------------------------------- */

static void
ensure_result (PenThreatRoll *self)
{
  g_autofree guint8 *faces = NULL;
  PenThreatChoices choices;

  if (self->result_valid)
    return;
  self->result_valid = TRUE;
  if (!_pen_threat_roll_roll_complete (self))
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

/* ---- step 2 ---------------------------------------------------------------------------------- */

static void
start_rolling (PenThreatRoll     *self,
               PenThreatRollMode  mode,
               const PenRandom   *random)
{
  gboolean old_complete = _pen_threat_roll_roll_complete (self);

  g_array_set_size (self->faces, 0);
  g_array_set_size (self->adjust, 0);
  _pen_threat_roll_clear_picks (self);
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
  _pen_threat_roll_notify_mode (self);
  _pen_threat_roll_roll_changed (self, 0, old_complete);
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
  return _pen_threat_roll_drop_roll (self);
}

void
pen_threat_roll_set_faces (PenThreatRoll *self,
                           const guint8  *faces,
                           guint          n_faces)
{
  guint old_n_faces = self->faces->len;
  gboolean old_complete = _pen_threat_roll_roll_complete (self);

  g_return_if_fail (PEN_IS_THREAT_ROLL (self));

  /* nothing is rolled before step 1 is allowed and complete (Rift's dice chosen) */
  if (!self->prep_ok)
    return;
  g_array_set_size (self->faces, 0);
  g_array_set_size (self->adjust, 0);
  _pen_threat_roll_clear_picks (self);
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
      _pen_threat_roll_notify_mode (self);
    }
  _pen_threat_roll_roll_changed (self, old_n_faces, old_complete);
}

gboolean
pen_threat_roll_add_face (PenThreatRoll *self,
                          guint          face)
{
  guint old_n_faces = self->faces->len;
  gboolean old_complete = _pen_threat_roll_roll_complete (self);
  guint8 f = face;
  gint zero = 0;

  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);

  if (self->mode != PEN_THREAT_ROLL_BY_TABLE || face < 1 || face > 6
      || self->faces->len >= self->prep_result.n_dice)
    return FALSE;
  g_array_append_val (self->faces, f);
  g_array_append_val (self->adjust, zero);
  _pen_threat_roll_clear_face_picks (self, face);
  _pen_threat_roll_roll_changed (self, old_n_faces, old_complete);
  return TRUE;
}

gboolean
pen_threat_roll_remove_face (PenThreatRoll *self,
                             guint          index)
{
  guint old_n_faces = self->faces->len;
  gboolean old_complete = _pen_threat_roll_roll_complete (self);

  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);

  if (self->mode != PEN_THREAT_ROLL_BY_TABLE || index >= self->faces->len)
    return FALSE;
  _pen_threat_roll_clear_face_picks (self, pen_threat_roll_get_face (self, index));
  g_array_remove_index (self->faces, index);
  g_array_remove_index (self->adjust, index);
  _pen_threat_roll_roll_changed (self, old_n_faces, old_complete);
  return TRUE;
}

gboolean
pen_threat_roll_adjust (PenThreatRoll *self,
                        guint          index,
                        int            delta)
{
  gboolean complete = _pen_threat_roll_roll_complete (self);
  int face;

  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), FALSE);

  if (self->mode == PEN_THREAT_ROLL_PREPARING || index >= self->faces->len || delta == 0)
    return FALSE;
  face = (int) pen_threat_roll_get_face (self, index) + delta;
  if (face < 1 || face > 6)
    return FALSE;
  _pen_threat_roll_clear_face_picks (self, pen_threat_roll_get_face (self, index));
  _pen_threat_roll_clear_face_picks (self, face);
  g_array_index (self->adjust, gint, index) += delta;
  _pen_threat_roll_roll_changed (self, self->faces->len, complete);
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
  return _pen_threat_roll_roll_complete (self);
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
            _pen_threat_roll_roll_changed (self, self->faces->len,
                                           _pen_threat_roll_roll_complete (self));
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
  _pen_threat_roll_fill_prep (self, &prep);
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
  /* the Threat step of a Trial: the roll attempts it */
  if (action != NULL && (self->trial_index >= 0 || self->trial_card != NULL))
    pen_action_set_trial (action, self->trial_index, self->trial_card);
  return action;
}
