/* pen-threat.c: the Threat rules (see pen-threat.h for the rules, choices and defaults)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "pen-threat.h"

#define N_FACES 6

/* ---- Rankings ------------------------------------------------------------------------------- */

/* rank[colour]: lower is lost first. */
static void
color_ranks (const PenThreatChoices *choices,
             guint                   rank[PEN_N_COLORS])
{
  static const PenColor default_order[PEN_N_COLORS] = {
    PEN_COLOR_BONE, PEN_COLOR_RED, PEN_COLOR_ORANGE, PEN_COLOR_YELLOW, PEN_COLOR_GREEN,
    PEN_COLOR_BLUE, PEN_COLOR_PURPLE, PEN_COLOR_SPARK,
  };
  gboolean placed[PEN_N_COLORS] = { FALSE, };
  guint next = 0;

  for (guint i = 0; choices != NULL && i < MIN (choices->n_lose_first, PEN_N_COLORS); i++)
    {
      PenColor c = choices->lose_first[i];

      if ((guint) c < PEN_N_COLORS && !placed[c])
        {
          placed[c] = TRUE;
          rank[c] = next++;
        }
    }
  for (guint i = 0; i < PEN_N_COLORS; i++)
    if (!placed[default_order[i]])
      {
        placed[default_order[i]] = TRUE;
        rank[default_order[i]] = next++;
      }
}

/* A total order of supply dice: the smaller key is lost first. */
static guint64
die_key (const PenDieValue *die,
         guint              index,
         const guint        rank[PEN_N_COLORS],
         gboolean           keep_temporary)
{
  guint temp = (!die->temporary != !keep_temporary) ? 0 : 1;

  return ((guint64) rank[die->color] << 40) | ((guint64) temp << 32) | index;
}

/* A total order of non-wounded marks: the smaller key is wounded first. */
static guint64
mark_key (const PenMarkValue *mark,
          guint               index,
          gboolean            wound_charged_first)
{
  guint state = ((mark->state == PEN_MARK_CHARGED) == !!wound_charged_first) ? 0 : 1;
  guint spark = mark->kind == PEN_MARK_SPARK ? 1 : 0;

  return ((guint64) state << 40) | ((guint64) spark << 32) | index;
}

/* How much a supply die of each face protects in a coming roll: 0 when no mark has that value
 * (the die would only be lost in place of a miss), 1 when only non-wounded marks do, 2 when a
 * wounded mark does (a Threat die there may be a Mortal Wound). */
static void
face_protection (const PenBoard *board,
                 guint           protection[N_FACES + 1])
{
  memset (protection, 0, sizeof (guint) * (N_FACES + 1));
  for (guint i = 0; i < board->marks->len; i++)
    {
      const PenMarkValue *mark = &g_array_index (board->marks, PenMarkValue, i);
      guint p = mark->state == PEN_MARK_WOUNDED ? 2 : 1;

      if (mark->value >= 1 && mark->value <= N_FACES)
        protection[mark->value] = MAX (protection[mark->value], p);
    }
}

void
pen_threat_choices_init (PenThreatChoices *choices)
{
  g_return_if_fail (choices != NULL);

  memset (choices, 0, sizeof *choices);
}

/* ---- Resolution ----------------------------------------------------------------------------- */

void
pen_threat_result_clear (PenThreatResult *result)
{
  g_clear_pointer (&result->board, pen_board_free);
  g_clear_pointer (&result->dice, g_array_unref);
  g_clear_pointer (&result->lost, g_array_unref);
  g_clear_pointer (&result->wounded, g_array_unref);
  g_clear_pointer (&result->misses, g_array_unref);
  g_clear_pointer (&result->discarded, g_array_unref);
  result->n_wounded_hits = 0;
  result->mortal_wound = FALSE;
}

static gint
choose_supply_die (const PenBoard         *board,
                   const gboolean         *gone,
                   guint8                  face,
                   const guint             rank[PEN_N_COLORS],
                   const PenThreatChoices *choices)
{
  guint64 best_key = G_MAXUINT64;
  gint best = -1;

  for (guint j = 0; j < board->supply->len; j++)
    {
      const PenDieValue *die = &g_array_index (board->supply, PenDieValue, j);
      guint64 key;

      if (gone[j] || die->value != face)
        continue;
      key = die_key (die, j, rank, choices->keep_temporary);
      if (key < best_key)
        {
          best_key = key;
          best = (gint) j;
        }
    }
  return best;
}

static gint
choose_mark (GArray                 *marks,
             guint8                  face,
             const PenThreatChoices *choices)
{
  guint64 best_key = G_MAXUINT64;
  gint best = -1;

  for (guint j = 0; j < marks->len; j++)
    {
      const PenMarkValue *mark = &g_array_index (marks, PenMarkValue, j);
      guint64 key;

      if (mark->state == PEN_MARK_WOUNDED || mark->value != face)
        continue;
      key = mark_key (mark, j, choices->wound_charged_first);
      if (key < best_key)
        {
          best_key = key;
          best = (gint) j;
        }
    }
  return best;
}

static gint
find_wounded_mark (GArray *marks,
                   guint8  face)
{
  for (guint j = 0; j < marks->len; j++)
    {
      const PenMarkValue *mark = &g_array_index (marks, PenMarkValue, j);

      if (mark->state == PEN_MARK_WOUNDED && mark->value == face)
        return (gint) j;
    }
  return -1;
}

gboolean
pen_threat_resolve (const PenBoard         *board,
                    const guint8           *dice,
                    guint                   n_dice,
                    const PenThreatChoices *choices,
                    PenThreatResult        *result)
{
  PenThreatChoices defaults;
  guint rank[PEN_N_COLORS];
  g_autofree gboolean *gone = NULL;
  GArray *marks;
  GArray *supply;
  gboolean honoured = TRUE;

  g_return_val_if_fail (board != NULL, FALSE);
  g_return_val_if_fail (dice != NULL || n_dice == 0, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  for (guint i = 0; i < n_dice; i++)
    g_return_val_if_fail (dice[i] >= 1 && dice[i] <= N_FACES, FALSE);

  if (choices == NULL)
    {
      pen_threat_choices_init (&defaults);
      choices = &defaults;
    }
  color_ranks (choices, rank);

  memset (result, 0, sizeof *result);
  result->board = pen_board_copy (board);
  result->dice = g_array_sized_new (FALSE, TRUE, sizeof (PenThreatDieResult), n_dice);
  result->lost = g_array_new (FALSE, TRUE, sizeof (PenThreatLostDie));
  result->wounded = g_array_new (FALSE, TRUE, sizeof (guint));
  result->misses = g_array_new (FALSE, TRUE, sizeof (guint8));
  result->discarded = g_array_new (FALSE, TRUE, sizeof (PenThreatLostDie));

  /* The supply keeps its original indices during the roll: lost dice are only flagged. */
  gone = g_new0 (gboolean, board->supply->len + 1);
  marks = result->board->marks;

  for (guint i = 0; i < n_dice; i++)
    {
      guint8 face = dice[i];
      gint pick = choices->picks != NULL ? choices->picks[i] : -1;
      PenThreatDieResult r = { face, PEN_THREAT_MISS, -1 };
      gint target;

      if (!choices->ignore_supply
          && (target = choose_supply_die (board, gone, face, rank, choices)) >= 0)
        {
          PenThreatLostDie lost;

          if (pick >= 0)
            {
              if ((guint) pick < board->supply->len && !gone[pick]
                  && g_array_index (board->supply, PenDieValue, pick).value == face)
                target = pick;
              else
                honoured = FALSE;
            }
          gone[target] = TRUE;
          lost.index = (guint) target;
          lost.die = g_array_index (board->supply, PenDieValue, target);
          g_array_append_val (result->lost, lost);
          r.hit = PEN_THREAT_HIT_DIE;
        }
      else if ((target = choose_mark (marks, face, choices)) >= 0)
        {
          guint index;

          if (pick >= 0)
            {
              if ((guint) pick < marks->len
                  && g_array_index (marks, PenMarkValue, pick).value == face
                  && g_array_index (marks, PenMarkValue, pick).state != PEN_MARK_WOUNDED)
                target = pick;
              else
                honoured = FALSE;
            }
          g_array_index (marks, PenMarkValue, target).state = PEN_MARK_WOUNDED;
          index = (guint) target;
          g_array_append_val (result->wounded, index);
          r.hit = PEN_THREAT_HIT_MARK;
        }
      else if ((target = find_wounded_mark (marks, face)) >= 0)
        {
          if (pick >= 0)
            {
              if ((guint) pick < marks->len
                  && g_array_index (marks, PenMarkValue, pick).value == face
                  && g_array_index (marks, PenMarkValue, pick).state == PEN_MARK_WOUNDED)
                target = pick;
              else
                honoured = FALSE;
            }
          result->n_wounded_hits++;
          r.hit = PEN_THREAT_HIT_WOUNDED;
        }
      else
        {
          if (pick >= 0)
            honoured = FALSE;
          g_array_append_val (result->misses, face);
        }

      r.target = target;
      g_array_append_val (result->dice, r);
    }

  /* At most one card a turn; the card's discard comes only after the whole roll. */
  result->mortal_wound = result->n_wounded_hits > 0 && !board->mortal_wound_this_turn;

  supply = result->board->supply;
  g_array_set_size (supply, 0);
  for (guint j = 0; j < board->supply->len; j++)
    {
      const PenDieValue *die = &g_array_index (board->supply, PenDieValue, j);

      if (gone[j])
        continue;
      if (result->mortal_wound)
        {
          PenThreatLostDie discarded = { j, *die };

          g_array_append_val (result->discarded, discarded);
        }
      else
        g_array_append_val (supply, *die);
    }
  if (result->mortal_wound)
    result->board->mortal_wound_this_turn = TRUE;

  return honoured;
}

/* ---- Preparation ---------------------------------------------------------------------------- */

void
pen_threat_prep_init (PenThreatPrep *prep,
                      guint          threat)
{
  g_return_if_fail (prep != NULL);

  memset (prep, 0, sizeof *prep);
  prep->threat = threat;
  prep->vigilance = -1;
}

void
pen_threat_prep_result_clear (PenThreatPrepResult *result)
{
  g_clear_pointer (&result->board, pen_board_free);
  g_clear_pointer (&result->defended, g_array_unref);
  g_clear_pointer (&result->rifted, g_array_unref);
  result->n_dice = 0;
  result->n_cancelled = 0;
}

typedef struct
{
  guint   index;
  guint64 key;
} RankedDie;

static int
ranked_die_compare (gconstpointer a,
                    gconstpointer b)
{
  const RankedDie *x = a;
  const RankedDie *y = b;

  return x->key < y->key ? -1 : x->key > y->key ? 1 : 0;
}

static GArray *
ranked_indices (GArray *ranked)
{
  GArray *out = g_array_sized_new (FALSE, FALSE, sizeof (guint), ranked->len);

  g_array_sort (ranked, ranked_die_compare);
  for (guint i = 0; i < ranked->len; i++)
    g_array_append_val (out, g_array_index (ranked, RankedDie, i).index);
  return out;
}

GArray *
pen_threat_defend_order (const PenBoard *board)
{
  g_autoptr(GArray) ranked = g_array_new (FALSE, FALSE, sizeof (RankedDie));
  guint protection[N_FACES + 1];

  g_return_val_if_fail (board != NULL, NULL);

  face_protection (board, protection);
  for (guint i = 0; i < board->supply->len; i++)
    {
      const PenDieValue *die = &g_array_index (board->supply, PenDieValue, i);
      RankedDie r;

      if (die->color != PEN_COLOR_YELLOW || die->value < 1 || die->value > N_FACES)
        continue;
      r.index = i;
      r.key = ((guint64) protection[die->value] << 40)
              | ((guint64) (die->temporary ? 0 : 1) << 32) | i;
      g_array_append_val (ranked, r);
    }
  return ranked_indices (ranked);
}

GArray *
pen_threat_rift_order (const PenBoard         *board,
                       const PenThreatChoices *choices)
{
  g_autoptr(GArray) ranked = g_array_new (FALSE, FALSE, sizeof (RankedDie));
  guint protection[N_FACES + 1];
  guint rank[PEN_N_COLORS];
  gboolean keep_temporary = choices != NULL && choices->keep_temporary;

  g_return_val_if_fail (board != NULL, NULL);

  color_ranks (choices, rank);
  face_protection (board, protection);
  for (guint i = 0; i < board->supply->len; i++)
    {
      const PenDieValue *die = &g_array_index (board->supply, PenDieValue, i);
      guint temp = (!die->temporary != !keep_temporary) ? 0 : 1;
      RankedDie r;

      if (die->value < 1 || die->value > N_FACES || (guint) die->color >= PEN_N_COLORS)
        continue;
      r.index = i;
      r.key = ((guint64) rank[die->color] << 48) | ((guint64) temp << 44)
              | ((guint64) protection[die->value] << 40) | i;
      g_array_append_val (ranked, r);
    }
  return ranked_indices (ranked);
}

static void
append_lost (GArray         *array,
             const PenBoard *board,
             guint           index)
{
  PenThreatLostDie lost = { index, g_array_index (board->supply, PenDieValue, index) };

  g_array_append_val (array, lost);
}

gboolean
pen_threat_prep_apply (const PenBoard         *board,
                       const PenThreatPrep    *prep,
                       const PenThreatChoices *choices,
                       PenThreatPrepResult    *result,
                       GError                **error)
{
  g_autofree gboolean *gone = NULL;
  guint n_yellow = 0;
  guint n_left, n_card, n_rift, n_supply;
  guint defend_total;

  g_return_val_if_fail (board != NULL, FALSE);
  g_return_val_if_fail (prep != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (result, 0, sizeof *result);

  if (prep->vigilance >= 0 && prep->n_cards > (guint) prep->vigilance)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED,
                   g_dngettext (GETTEXT_PACKAGE,
                                "Vigilance allows only %d card or chain before the Threat roll",
                                "Vigilance allows only %d cards or chains before the Threat roll",
                                prep->vigilance),
                   prep->vigilance);
      return FALSE;
    }

  defend_total = prep->defend + prep->defend_placed;
  if (prep->defend > G_MAXUINT / 2 || prep->defend_placed > G_MAXUINT / 2
      || defend_total > prep->threat)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED,
                   g_dngettext (GETTEXT_PACKAGE,
                                "DEFEND can discard only %u Threat die here",
                                "DEFEND can discard only %u Threat dice here", prep->threat),
                   prep->threat);
      return FALSE;
    }

  for (guint i = 0; i < board->supply->len; i++)
    if (g_array_index (board->supply, PenDieValue, i).color == PEN_COLOR_YELLOW)
      n_yellow++;
  if (prep->defend > n_yellow)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED,
                   g_dngettext (GETTEXT_PACKAGE,
                                "DEFEND needs %u Yellow die but the supply has %u",
                                "DEFEND needs %u Yellow dice but the supply has %u",
                                prep->defend),
                   prep->defend, n_yellow);
      return FALSE;
    }

  result->defended = g_array_new (FALSE, TRUE, sizeof (PenThreatLostDie));
  result->rifted = g_array_new (FALSE, TRUE, sizeof (PenThreatLostDie));
  gone = g_new0 (gboolean, board->supply->len + 1);

  if (prep->defend_dice != NULL)
    {
      for (guint i = 0; i < prep->defend; i++)
        {
          guint j = prep->defend_dice[i];

          if (j >= board->supply->len || gone[j]
              || g_array_index (board->supply, PenDieValue, j).color != PEN_COLOR_YELLOW)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                           "DEFEND die %u is not a Yellow die of the supply", j);
              pen_threat_prep_result_clear (result);
              return FALSE;
            }
          gone[j] = TRUE;
          append_lost (result->defended, board, j);
        }
    }
  else
    {
      g_autoptr(GArray) order = pen_threat_defend_order (board);

      for (guint i = 0; i < prep->defend; i++)
        {
          guint j = g_array_index (order, guint, i);

          gone[j] = TRUE;
          append_lost (result->defended, board, j);
        }
    }

  n_left = prep->threat - defend_total;
  n_card = prep->discard_all ? n_left : MIN (prep->discard, n_left);
  n_left -= n_card;
  result->n_cancelled = prep->threat - n_left;
  if (prep->uncancellable > G_MAXUINT - n_left)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "too many Threat dice");
      pen_threat_prep_result_clear (result);
      return FALSE;
    }
  result->n_dice = n_left + prep->uncancellable;

  /* Rift triggers last, at the end of step 1, on what DEFEND left. */
  n_supply = board->supply->len - result->defended->len;
  n_rift = MIN (prep->rift, n_supply);
  if (prep->rift_dice != NULL)
    {
      for (guint i = 0; i < n_rift; i++)
        {
          guint j = prep->rift_dice[i];

          if (j >= board->supply->len || gone[j])
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                           "Rift die %u is not a die left in the supply", j);
              pen_threat_prep_result_clear (result);
              return FALSE;
            }
          gone[j] = TRUE;
          append_lost (result->rifted, board, j);
        }
    }
  else
    {
      g_autoptr(GArray) order = pen_threat_rift_order (board, choices);

      for (guint i = 0; i < order->len && result->rifted->len < n_rift; i++)
        {
          guint j = g_array_index (order, guint, i);

          if (gone[j])
            continue;
          gone[j] = TRUE;
          append_lost (result->rifted, board, j);
        }
    }

  result->board = pen_board_copy (board);
  g_array_set_size (result->board->supply, 0);
  for (guint j = 0; j < board->supply->len; j++)
    if (!gone[j])
      g_array_append_val (result->board->supply, g_array_index (board->supply, PenDieValue, j));

  return TRUE;
}

/* ---- Exact odds ----------------------------------------------------------------------------- *
 *
 * With k Threat dice of face f, and s supply dice of face f, u non-wounded and w wounded marks
 * of value f, face f contributes lost = min (k, s), wounds = min (max (k - s, 0), u), and a
 * Mortal Wound hit when k > s + u and u + w > 0. Faces are independent given their counts, and
 * the counts (k1..k6) of n dice follow the multinomial law n! / (k1! … k6!) / 6^n. So the law of
 * the totals is n! times the coefficient of t^n in the product over faces of the exponential
 * generating functions
 *
 *     G_f (t) = Σ_k (t/6)^k / k! · x^lost(k) · y^wounds(k) · z^mortal(k),
 *
 * a polynomial product in (t, x, y) with z an OR. The table cur[m][a][w][d] holds the
 * coefficient of t^d x^a y^w z^m of the product so far, d innermost. Faces with no supply die
 * and no mark change nothing but t; they are merged into one factor e^(j t/6). The last face
 * only needs the coefficient of t^n. Every term is non-negative, so plain double sums are
 * accurate to a few ulps. */

typedef struct
{
  guint    s;      /* supply dice of this face (at most n) */
  guint    u;      /* non-wounded marks of this value (at most n) */
  gboolean mortal; /* a die beyond s + u gains a Mortal Wound card */
} FaceLaw;

static int
face_law_cost_compare (gconstpointer a,
                       gconstpointer b)
{
  const FaceLaw *x = a;
  const FaceLaw *y = b;
  guint cx = (x->s + 1) * (x->u + 1) * (x->mortal ? 2 : 1);
  guint cy = (y->s + 1) * (y->u + 1) * (y->mortal ? 2 : 1);

  return cx < cy ? -1 : cx > cy ? 1 : 0;
}

void
pen_threat_odds_free (PenThreatOdds *odds)
{
  if (odds == NULL)
    return;
  g_free (odds->joint);
  g_free (odds);
}

double
pen_threat_odds_get (const PenThreatOdds *odds,
                     guint                lost,
                     guint                wounds,
                     gboolean             mortal)
{
  g_return_val_if_fail (odds != NULL, 0.0);

  if (lost > odds->max_lost || wounds > odds->max_wounds)
    return 0.0;
  return odds->joint[((mortal ? 1 : 0) * (odds->max_wounds + 1) + wounds) * (odds->max_lost + 1)
                     + lost];
}

PenThreatOdds *
pen_threat_odds_new (const PenBoard *board,
                     guint           n_dice,
                     gboolean        ignore_supply)
{
  const guint n = n_dice;
  const guint stride = n + 1;
  guint supply_count[N_FACES + 1] = { 0, };
  guint fresh_count[N_FACES + 1] = { 0, };
  guint wounded_count[N_FACES + 1] = { 0, };
  FaceLaw laws[N_FACES];
  guint n_laws = 0, n_plain = 0;
  guint max_a = 0, max_w = 0;
  guint n_cols;
  double q[PEN_THREAT_ODDS_MAX_DICE + 1];
  g_autofree double *cur = NULL;
  g_autofree double *next = NULL;
  g_autofree guint *lo = NULL;
  g_autofree guint *next_lo = NULL;
  PenThreatOdds *odds;
  double n_fact = 1.0;

  g_return_val_if_fail (board != NULL, NULL);
  g_return_val_if_fail (n_dice <= PEN_THREAT_ODDS_MAX_DICE, NULL);

  if (!ignore_supply)
    for (guint i = 0; i < board->supply->len; i++)
      {
        guint8 v = g_array_index (board->supply, PenDieValue, i).value;

        if (v >= 1 && v <= N_FACES)
          supply_count[v]++;
      }
  for (guint i = 0; i < board->marks->len; i++)
    {
      const PenMarkValue *mark = &g_array_index (board->marks, PenMarkValue, i);

      if (mark->value < 1 || mark->value > N_FACES)
        continue;
      if (mark->state == PEN_MARK_WOUNDED)
        wounded_count[mark->value]++;
      else
        fresh_count[mark->value]++;
    }

  for (guint f = 1; f <= N_FACES; f++)
    {
      FaceLaw law;

      law.s = MIN (supply_count[f], n);
      law.u = MIN (fresh_count[f], n);
      law.mortal = (fresh_count[f] + wounded_count[f] > 0) && !board->mortal_wound_this_turn;
      if (law.s == 0 && law.u == 0 && !law.mortal)
        {
          n_plain++;
          continue;
        }
      laws[n_laws++] = law;
      max_a += law.s;
      max_w += law.u;
    }
  max_a = MIN (max_a, n);
  max_w = MIN (max_w, n);
  /* Cheap faces first: the table grows with each face, and the last face costs least. */
  qsort (laws, n_laws, sizeof (FaceLaw), face_law_cost_compare);

#define COL(m, a, w) ((((m) * (max_a + 1)) + (a)) * (max_w + 1) + (w))
  n_cols = COL (2, 0, 0);
  cur = g_new0 (double, (gsize) n_cols * stride);
  next = g_new0 (double, (gsize) n_cols * stride);
  lo = g_new (guint, n_cols);
  next_lo = g_new (guint, n_cols);
  for (guint c = 0; c < n_cols; c++)
    lo[c] = G_MAXUINT;

  q[0] = 1.0;
  for (guint k = 1; k <= n; k++)
    q[k] = q[k - 1] / (6.0 * k);

  /* The faces that nothing lies on: e^(j t / 6). */
  {
    double p = 1.0;

    for (guint d = 0; d <= n; d++)
      {
        cur[COL (0, 0, 0) * stride + d] = p;
        p = p * n_plain / (6.0 * (d + 1));
        if (n_plain == 0)
          break;
      }
    lo[COL (0, 0, 0)] = 0;
  }

  for (guint i = 0; i < n_laws; i++)
    {
      const FaceLaw *law = &laws[i];
      const gboolean last = (i + 1 == n_laws);

      memset (next, 0, sizeof (double) * n_cols * stride);
      for (guint c = 0; c < n_cols; c++)
        next_lo[c] = G_MAXUINT;

      for (guint m = 0; m < 2; m++)
        for (guint a = 0; a <= max_a; a++)
          for (guint w = 0; w <= max_w; w++)
            {
              const guint c = COL (m, a, w);
              const double *src = cur + (gsize) c * stride;
              const guint from = lo[c];

              if (from == G_MAXUINT)
                continue;

              for (guint k = 0; from + k <= n; k++)
                {
                  guint da, dw, dm, t;
                  double *dst;
                  const double qk = q[k];

                  if (k <= law->s)
                    da = k, dw = 0, dm = 0;
                  else if (k <= law->s + law->u)
                    da = law->s, dw = k - law->s, dm = 0;
                  else
                    da = law->s, dw = law->u, dm = law->mortal ? 1 : 0;

                  /* Counts beyond n cannot happen: clipped s and u keep these in range. */
                  t = COL (m | dm, a + da, w + dw);
                  dst = next + (gsize) t * stride + k;
                  if (last)
                    dst[n - k] += qk * src[n - k];
                  else
                    {
                      for (guint d = from; d + k <= n; d++)
                        dst[d] += qk * src[d];
                    }
                  next_lo[t] = MIN (next_lo[t], from + k);
                }
            }

      {
        double *swap = cur;
        guint *swap_lo = lo;

        cur = next;
        next = swap;
        lo = next_lo;
        next_lo = swap_lo;
      }
    }

  for (guint k = 2; k <= n; k++)
    n_fact *= k;

  odds = g_new0 (PenThreatOdds, 1);
  odds->max_lost = max_a;
  odds->max_wounds = max_w;
  odds->joint = g_new0 (double, n_cols);
  odds->summary.n_dice = n;

  for (guint m = 0; m < 2; m++)
    for (guint a = 0; a <= max_a; a++)
      for (guint w = 0; w <= max_w; w++)
        {
          double p = cur[(gsize) COL (m, a, w) * stride + n] * n_fact;

          odds->joint[(m * (max_w + 1) + w) * (max_a + 1) + a] = p;
          if (m)
            odds->summary.p_mortal_wound += p;
          if (w > 0)
            odds->summary.p_wounded += p;
          if (m == 0 && a == 0 && w == 0)
            odds->summary.p_unharmed = p;
          odds->summary.expected_wounds += p * w;
          odds->summary.expected_dice_lost += p * a;
        }
#undef COL

  return odds;
}

static char *
format_percent (double p)
{
  /* sums of exact probabilities may miss 0 or 1 by a few ulps */
  if (p < 1e-12)
    p = 0.0;
  else if (p > 1.0 - 1e-12)
    p = 1.0;

  if (p > 0.0 && p < 0.005)
    /* Translators: a probability below one percent */
    return g_strdup (_("<1%"));
  if (p < 1.0 && p > 0.995)
    /* Translators: a probability above 99 percent but not certain */
    return g_strdup (_(">99%"));
  /* Translators: a probability in percent, e.g. "12%" */
  return g_strdup_printf (_("%d%%"), (int) floor (p * 100.0 + 0.5));
}

char *
pen_threat_summary_to_string (const PenThreatSummary *summary)
{
  g_autofree char *mortal = NULL;
  g_autofree char *wound = NULL;
  g_autofree char *dice = NULL;
  guint lost;

  g_return_val_if_fail (summary != NULL, NULL);

  if (summary->n_dice == 0)
    return g_strdup (_("No Threat dice to roll"));
  if (summary->p_unharmed > 1.0 - 1e-12)
    return g_strdup (_("Every Threat die misses: no harm possible"));

  mortal = format_percent (summary->p_mortal_wound);
  wound = format_percent (summary->p_wounded);
  lost = (guint) floor (summary->expected_dice_lost + 0.5);
  if (lost > 0)
    dice = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "you lose about %u die",
                                         "you lose about %u dice", lost), lost);
  else if (summary->expected_dice_lost > 0.0)
    dice = g_strdup (_("you may lose a die"));
  else
    dice = g_strdup (_("you lose no dice"));

  /* Translators: the three parts of the Threat odds line: Mortal Wound chance, wound chance,
   * and the dice lost, e.g. "Mortal Wound: 12%; wound: 40%; you lose about 2 dice" */
  return g_strdup_printf (_("Mortal Wound: %s; wound: %s; %s"), mortal, wound, dice);
}

/* ---- What if -------------------------------------------------------------------------------- */

GArray *
pen_threat_what_if (const PenBoard         *board,
                    const PenThreatPrep    *prep,
                    const PenThreatChoices *choices,
                    GError                **error)
{
  g_auto(PenThreatPrepResult) base = { 0, };
  g_autoptr(GArray) points = NULL;
  g_autoptr(GArray) defend_dice = NULL;
  g_autoptr(GArray) order = NULL;
  gboolean ignore_supply = choices != NULL && choices->ignore_supply;
  guint n_cancellable;

  g_return_val_if_fail (board != NULL, NULL);
  g_return_val_if_fail (prep != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!pen_threat_prep_apply (board, prep, choices, &base, error))
    return NULL;
  if (base.n_dice > PEN_THREAT_ODDS_MAX_DICE)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "the odds cover at most %d Threat dice", PEN_THREAT_ODDS_MAX_DICE);
      return NULL;
    }
  n_cancellable = prep->threat - base.n_cancelled;

  /* The DEFEND dice so far, then the default order for the rest. */
  defend_dice = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < base.defended->len; i++)
    g_array_append_val (defend_dice, g_array_index (base.defended, PenThreatLostDie, i).index);
  order = pen_threat_defend_order (board);
  for (guint i = 0; i < order->len; i++)
    {
      guint j = g_array_index (order, guint, i);
      gboolean used = FALSE;

      for (guint l = 0; l < base.defended->len && !used; l++)
        used = g_array_index (base.defended, PenThreatLostDie, l).index == j;
      if (!used)
        g_array_append_val (defend_dice, j);
    }

  points = g_array_new (FALSE, TRUE, sizeof (PenThreatCurvePoint));
  for (guint k = 0; k <= n_cancellable; k++)
    {
      PenThreatCurvePoint point = { 0, };
      PenThreatPrep p = *prep;
      g_auto(PenThreatPrepResult) defended = { 0, };
      g_autoptr(PenThreatOdds) by_card = NULL;

      point.removed = k;
      point.by_card_possible = k == 0 || prep->vigilance < 0
                               || prep->n_cards + 1 <= (guint) prep->vigilance;
      if (point.by_card_possible)
        {
          by_card = pen_threat_odds_new (base.board, base.n_dice - k, ignore_supply);
          point.by_card = by_card->summary;
        }

      p.defend = base.defended->len + k;
      p.defend_dice = (const guint *) (gpointer) defend_dice->data;
      if (p.defend <= defend_dice->len
          && pen_threat_prep_apply (board, &p, choices, &defended, NULL))
        {
          g_autoptr(PenThreatOdds) by_defend =
            pen_threat_odds_new (defended.board, defended.n_dice, ignore_supply);

          point.by_defend_possible = TRUE;
          point.by_defend = by_defend->summary;
        }
      g_array_append_val (points, point);
    }

  return g_steal_pointer (&points);
}
