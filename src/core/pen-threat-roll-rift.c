/* pen-threat-roll-rift.c: the dice the player chooses for Rift (X), part of PenThreatRoll
 *
 * Rift discards X supply dice of the player's choice before the Threat roll (Book, Trials ›
 * Properties). Nothing is chosen for the player, except when every die DEFEND leaves must go;
 * DEFEND's Yellow dice are spent first and cannot be chosen. Until the choice is complete the
 * preparation is not ok, so nothing is rolled and no odds are shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-threat-roll-private.h"

/* The dice Rift discards: X, or what DEFEND leaves of the supply */
static gboolean
same_supply (const PenBoard *a,
             const PenBoard *b)
{
  if (a == NULL || b == NULL || a->supply->len != b->supply->len)
    return FALSE;
  for (guint i = 0; i < a->supply->len; i++)
    {
      const PenDieValue *x = &g_array_index (a->supply, PenDieValue, i);
      const PenDieValue *y = &g_array_index (b->supply, PenDieValue, i);

      if (x->color != y->color || x->value != y->value || !x->temporary != !y->temporary)
        return FALSE;
    }
  return TRUE;
}

/* A new board: the dice chosen for Rift stay chosen while the supply is the same (a Mark's
 * value entered, a Mark wounded elsewhere), else they are forgotten. */
void
_pen_threat_roll_keep_rift_dice (PenThreatRoll  *self,
                                 const PenBoard *board)
{
  if (!same_supply (board, self->board))
    g_array_set_size (self->rift_dice, 0);
}

guint
_pen_threat_roll_rift_needed (PenThreatRoll *self)
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
void
_pen_threat_roll_fit_rift_dice (PenThreatRoll *self)
{
  guint needed = _pen_threat_roll_rift_needed (self);

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

guint
_pen_threat_roll_rift_missing (PenThreatRoll *self)
{
  guint needed = _pen_threat_roll_rift_needed (self);

  return needed > self->rift_dice->len ? needed - self->rift_dice->len : 0;
}

guint
pen_threat_roll_get_rift_needed (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), 0);
  return _pen_threat_roll_rift_needed (self);
}

guint
pen_threat_roll_get_rift_missing (PenThreatRoll *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_ROLL (self), 0);
  return _pen_threat_roll_rift_missing (self);
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

  needed = _pen_threat_roll_rift_needed (self);
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
  _pen_threat_roll_prep_changed (self);
  return TRUE;
}
