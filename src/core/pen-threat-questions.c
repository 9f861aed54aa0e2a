/* pen-threat-questions.c: the choices the rules leave to the player in step 3 of a Threat roll
 *
 * The distribution is automatic (pen_threat_resolve()'s defaults); a question is asked only
 * where the rulebook leaves a real choice: several supply dice of the rolled face that differ
 * and not all of them lost, or several non-wounded Marks of that value that differ and not all
 * of them wounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-threat.h"
#include "pen-threat-questions.h"

void
pen_threat_question_free (PenThreatQuestion *q)
{
  g_clear_pointer (&q->candidates, g_array_unref);
  g_clear_pointer (&q->chosen, g_array_unref);
  g_free (q);
}

/* Two pieces are the same choice when nothing the rules or the score look at tells them
 * apart. */
static gboolean
all_alike (const PenBoard *board,
           gboolean        mark,
           GArray         *candidates)
{
  guint a = g_array_index (candidates, guint, 0);

  for (guint i = 1; i < candidates->len; i++)
    {
      guint b = g_array_index (candidates, guint, i);

      if (mark)
        {
          const PenMarkValue *ma = &g_array_index (board->marks, PenMarkValue, a);
          const PenMarkValue *mb = &g_array_index (board->marks, PenMarkValue, b);
          if (ma->kind != mb->kind || ma->state != mb->state)
            return FALSE;
        }
      else
        {
          const PenDieValue *da = &g_array_index (board->supply, PenDieValue, a);
          const PenDieValue *db = &g_array_index (board->supply, PenDieValue, b);
          if (da->color != db->color || da->temporary != db->temporary)
            return FALSE;
        }
    }
  return TRUE;
}

/* A real choice: fewer hits than candidates, and the candidates differ. */
static void
ask (GPtrArray      *questions,
     const PenBoard *board,
     gboolean        mark,
     guint           face,
     GArray         *candidates,
     GArray         *defaults,
     GArray        **picks)
{
  PenThreatQuestion *q;

  if (defaults->len == 0 || defaults->len >= candidates->len
      || all_alike (board, mark, candidates))
    {
      g_clear_pointer (picks, g_array_unref);
      return;
    }
  if (*picks == NULL || (*picks)->len != defaults->len)
    {
      g_clear_pointer (picks, g_array_unref);
      *picks = g_array_ref (defaults);
    }
  q = g_new0 (PenThreatQuestion, 1);
  q->mark = mark;
  q->face = face;
  q->candidates = g_array_ref (candidates);
  q->chosen = g_array_ref (*picks);
  g_ptr_array_add (questions, q);
}

GPtrArray *
pen_threat_ask (const PenBoard  *board,
                const guint8    *faces,
                guint            n_faces,
                GArray         **pick_die,
                GArray         **pick_mark,
                GArray          *picks)
{
  GPtrArray *questions = g_ptr_array_new_with_free_func ((GDestroyNotify) pen_threat_question_free);
  g_auto(PenThreatResult) first = { 0, };
  guint used_die[PEN_THREAT_N_FACES] = { 0, }, used_mark[PEN_THREAT_N_FACES] = { 0, };

  /* the defaults first: they tell which dice reach the supply and which the Marks */
  pen_threat_resolve (board, faces, n_faces, NULL, &first);
  for (guint f = 1; f <= 6; f++)
    {
      g_autoptr(GArray) dice_c = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GArray) marks_c = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GArray) def_dice = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GArray) def_marks = g_array_new (FALSE, FALSE, sizeof (guint));

      for (guint i = 0; i < board->supply->len; i++)
        if (g_array_index (board->supply, PenDieValue, i).value == f)
          g_array_append_val (dice_c, i);
      for (guint i = 0; i < board->marks->len; i++)
        {
          const PenMarkValue *m = &g_array_index (board->marks, PenMarkValue, i);
          if (m->value == f && m->state != PEN_MARK_WOUNDED)
            g_array_append_val (marks_c, i);
        }
      for (guint i = 0; i < first.dice->len; i++)
        {
          const PenThreatDieResult *r = &g_array_index (first.dice, PenThreatDieResult, i);
          guint t = r->target;

          if (r->face == f && r->hit == PEN_THREAT_HIT_DIE)
            g_array_append_val (def_dice, t);
          else if (r->face == f && r->hit == PEN_THREAT_HIT_MARK)
            g_array_append_val (def_marks, t);
        }
      ask (questions, board, FALSE, f, dice_c, def_dice, &pick_die[f]);
      ask (questions, board, TRUE, f, marks_c, def_marks, &pick_mark[f]);
    }

  /* the picks, die by die: the dice of a face that reach the supply take the chosen dice in
   * turn, and likewise for Marks */
  for (guint i = 0; i < first.dice->len; i++)
    {
      const PenThreatDieResult *r = &g_array_index (first.dice, PenThreatDieResult, i);
      gint pick = -1;

      if (r->hit == PEN_THREAT_HIT_DIE && pick_die[r->face] != NULL
          && used_die[r->face] < pick_die[r->face]->len)
        pick = g_array_index (pick_die[r->face], guint, used_die[r->face]++);
      else if (r->hit == PEN_THREAT_HIT_MARK && pick_mark[r->face] != NULL
               && used_mark[r->face] < pick_mark[r->face]->len)
        pick = g_array_index (pick_mark[r->face], guint, used_mark[r->face]++);
      g_array_append_val (picks, pick);
    }
  return questions;
}
