/* test-threat.c: the Threat rules, their exact odds, and the two CLI subcommands
 *
 * Oracles: the rulebook's worked example, brute force over all 6^n rolls through the resolver,
 * and properties (order of the dice, one Mortal Wound a turn, laws summing to 1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "pen-json.h"
#include "pen-threat.h"
#include "pen-types.h"

#define TOLERANCE 1e-12

/* The board of the rulebook's Threat example: Spark 2, Bone 6 and orange 6 in the supply, a
 * Jasper mark of value 2, no mark of value 4 or 5. */
static PenBoard *
example_board (void)
{
  PenBoard *board = pen_board_new ();

  pen_board_add_die (board, PEN_COLOR_SPARK, 2);
  pen_board_add_die (board, PEN_COLOR_BONE, 6);
  pen_board_add_die (board, PEN_COLOR_ORANGE, 6);
  pen_board_add_mark (board, PEN_MARK_JASPER, 2, PEN_MARK_CHARGED);
  return board;
}

static const char example_wizard_json[] =
  "{\"supply\": [{\"color\": \"spark\", \"value\": 2}, {\"color\": \"bone\", \"value\": 6},"
  " {\"color\": \"orange\", \"value\": 6}],"
  " \"marks\": [{\"kind\": \"jasper\", \"value\": 2, \"state\": \"charged\"}]}";

static PenBoard *
random_board (GRand *rand)
{
  PenBoard *board = pen_board_new ();
  guint n_supply = g_rand_int_range (rand, 0, 10);
  guint n_disc = g_rand_int_range (rand, 0, PEN_DISCIPLINE_CELLS + 1);
  guint n_spark = g_rand_int_range (rand, 0, PEN_SPARK_CELLS + 1);
  /* Few distinct values make collisions (several marks or dice per face) common. */
  guint spread = g_rand_int_range (rand, 1, 7);

  for (guint i = 0; i < n_supply; i++)
    {
      PenDieValue die;

      die.color = g_rand_int_range (rand, 0, PEN_N_COLORS);
      die.value = g_rand_int_range (rand, 1, 7);
      die.temporary = g_rand_int_range (rand, 0, 4) == 0;
      g_array_append_val (board->supply, die);
    }
  for (guint i = 0; i < n_disc + n_spark; i++)
    pen_board_add_mark (board,
                        i < n_disc ? (PenMarkKind) g_rand_int_range (rand, 0, PEN_MARK_SPARK)
                                   : PEN_MARK_SPARK,
                        g_rand_int_range (rand, 1, spread + 1),
                        g_rand_int_range (rand, 0, PEN_N_MARK_STATES));
  board->mortal_wound_this_turn = g_rand_int_range (rand, 0, 6) == 0;
  return board;
}

static guint
count_wounded (const PenBoard *board)
{
  guint n = 0;

  for (guint i = 0; i < board->marks->len; i++)
    if (g_array_index (board->marks, PenMarkValue, i).state == PEN_MARK_WOUNDED)
      n++;
  return n;
}

/* ---- The rulebook's example ------------------------------------------------------------- */

static void
test_rulebook_example (void)
{
  g_autoptr(PenBoard) board = example_board ();
  g_auto(PenThreatPrepResult) prep_result = { 0, };
  g_auto(PenThreatResult) result = { 0, };
  g_autoptr(GError) error = NULL;
  static const guint8 roll[] = { 2, 2, 4, 5, 6 };
  PenThreatPrep prep;
  const PenThreatLostDie *lost;
  const PenThreatDieResult *dice;

  /* Step 1: Threat 7, Silverling discards 2 before the roll. */
  pen_threat_prep_init (&prep, 7);
  prep.discard = 2;
  prep.n_cards = 1;
  g_assert_true (pen_threat_prep_apply (board, &prep, NULL, &prep_result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (prep_result.n_dice, ==, 5);
  g_assert_cmpuint (prep_result.n_cancelled, ==, 2);
  g_assert_true (pen_board_equal (prep_result.board, board));

  /* Steps 2 and 3: the roll 2 2 4 5 6. */
  g_assert_true (pen_threat_resolve (prep_result.board, roll, G_N_ELEMENTS (roll), NULL,
                                     &result));
  g_assert_cmpuint (result.lost->len, ==, 2);
  lost = (const PenThreatLostDie *) (gpointer) result.lost->data;
  g_assert_cmpuint (lost[0].index, ==, 0);
  g_assert_cmpint (lost[0].die.color, ==, PEN_COLOR_SPARK);
  g_assert_cmpuint (lost[0].die.value, ==, 2);
  /* the book chooses the Bone 6 over the orange 6; so does the default */
  g_assert_cmpuint (lost[1].index, ==, 1);
  g_assert_cmpint (lost[1].die.color, ==, PEN_COLOR_BONE);
  g_assert_cmpuint (lost[1].die.value, ==, 6);
  g_assert_cmpuint (result.wounded->len, ==, 1);
  g_assert_cmpuint (g_array_index (result.wounded, guint, 0), ==, 0);
  g_assert_cmpuint (result.misses->len, ==, 2);
  g_assert_cmpuint (g_array_index (result.misses, guint8, 0), ==, 4);
  g_assert_cmpuint (g_array_index (result.misses, guint8, 1), ==, 5);
  g_assert_false (result.mortal_wound);
  g_assert_cmpuint (result.n_wounded_hits, ==, 0);
  g_assert_cmpuint (result.discarded->len, ==, 0);

  dice = (const PenThreatDieResult *) (gpointer) result.dice->data;
  g_assert_cmpint (dice[0].hit, ==, PEN_THREAT_HIT_DIE);
  g_assert_cmpint (dice[1].hit, ==, PEN_THREAT_HIT_MARK);
  g_assert_cmpint (dice[1].target, ==, 0);
  g_assert_cmpint (dice[2].hit, ==, PEN_THREAT_MISS);
  g_assert_cmpint (dice[3].hit, ==, PEN_THREAT_MISS);
  g_assert_cmpint (dice[4].hit, ==, PEN_THREAT_HIT_DIE);
  g_assert_cmpint (dice[4].target, ==, 1);

  /* After: the orange 6 stays, the Jasper mark is wounded, the turn goes on. */
  g_assert_cmpuint (result.board->supply->len, ==, 1);
  g_assert_cmpint (g_array_index (result.board->supply, PenDieValue, 0).color, ==,
                   PEN_COLOR_ORANGE);
  g_assert_cmpint (g_array_index (result.board->marks, PenMarkValue, 0).state, ==,
                   PEN_MARK_WOUNDED);
  g_assert_false (result.board->mortal_wound_this_turn);
}

static void
test_rulebook_example_mortal (void)
{
  g_autoptr(PenBoard) board = example_board ();
  g_auto(PenThreatResult) result = { 0, };
  /* one more 2: it falls on the Jasper mark the second 2 has just wounded */
  static const guint8 roll[] = { 2, 2, 2, 4, 5, 6 };

  pen_threat_resolve (board, roll, G_N_ELEMENTS (roll), NULL, &result);
  g_assert_true (result.mortal_wound);
  g_assert_cmpuint (result.n_wounded_hits, ==, 1);
  /* Threat dice knocked out two dice; the card discards the rest of the supply after. */
  g_assert_cmpuint (result.lost->len, ==, 2);
  g_assert_cmpuint (result.discarded->len, ==, 1);
  g_assert_cmpint (g_array_index (result.discarded, PenThreatLostDie, 0).die.color, ==,
                   PEN_COLOR_ORANGE);
  g_assert_cmpuint (result.board->supply->len, ==, 0);
  g_assert_true (result.board->mortal_wound_this_turn);
  g_assert_cmpuint (result.misses->len, ==, 2);
  g_assert_cmpint (g_array_index (result.dice, PenThreatDieResult, 2).hit, ==,
                   PEN_THREAT_HIT_WOUNDED);
}

/* ---- Resolution details ------------------------------------------------------------------ */

static void
test_second_mark_takes_the_wound (void)
{
  g_autoptr(PenBoard) board = pen_board_new ();
  g_auto(PenThreatResult) result = { 0, };
  static const guint8 roll[] = { 2, 2 };

  /* Two non-wounded marks of value 2: the second 2 wounds the other mark, no Mortal Wound. */
  pen_board_add_mark (board, PEN_MARK_JASPER, 2, PEN_MARK_CHARGED);
  pen_board_add_mark (board, PEN_MARK_RUBY, 2, PEN_MARK_DISCHARGED);
  pen_threat_resolve (board, roll, 2, NULL, &result);
  g_assert_false (result.mortal_wound);
  g_assert_cmpuint (result.wounded->len, ==, 2);
  /* the discharged mark is wounded first */
  g_assert_cmpuint (g_array_index (result.wounded, guint, 0), ==, 1);
  g_assert_cmpuint (g_array_index (result.wounded, guint, 1), ==, 0);
  g_assert_cmpuint (count_wounded (result.board), ==, 2);
}

static void
test_mortal_wound_once (void)
{
  g_autoptr(PenBoard) board = pen_board_new ();
  g_auto(PenThreatResult) result = { 0, };
  g_auto(PenThreatResult) again = { 0, };
  static const guint8 roll[] = { 3, 3, 1, 3, 6 };

  pen_board_add_die (board, PEN_COLOR_RED, 6);
  pen_board_add_die (board, PEN_COLOR_BLUE, 4);
  pen_board_add_mark (board, PEN_MARK_AMBER, 3, PEN_MARK_WOUNDED);
  pen_board_add_mark (board, PEN_MARK_SPARK, 1, PEN_MARK_WOUNDED);

  /* Four dice fall on wounded marks, one card; the 6 after them still knocks out the red 6. */
  pen_threat_resolve (board, roll, G_N_ELEMENTS (roll), NULL, &result);
  g_assert_true (result.mortal_wound);
  g_assert_cmpuint (result.n_wounded_hits, ==, 4);
  g_assert_cmpuint (result.misses->len, ==, 0);
  g_assert_cmpuint (result.lost->len, ==, 1);
  g_assert_cmpint (g_array_index (result.lost, PenThreatLostDie, 0).die.color, ==, PEN_COLOR_RED);
  g_assert_cmpuint (result.discarded->len, ==, 1);
  g_assert_cmpuint (g_array_index (result.discarded, PenThreatLostDie, 0).index, ==, 1);
  g_assert_cmpuint (result.board->supply->len, ==, 0);
  g_assert_true (result.board->mortal_wound_this_turn);

  /* A card was gained earlier this turn: no second card, and no second discard. */
  board->mortal_wound_this_turn = TRUE;
  pen_threat_resolve (board, roll, G_N_ELEMENTS (roll), NULL, &again);
  g_assert_false (again.mortal_wound);
  g_assert_cmpuint (again.n_wounded_hits, ==, 4);
  g_assert_cmpuint (again.misses->len, ==, 0);
  g_assert_cmpuint (again.discarded->len, ==, 0);
  g_assert_cmpuint (again.board->supply->len, ==, 1);
  g_assert_true (again.board->mortal_wound_this_turn);
}

static void
test_choices (void)
{
  g_autoptr(PenBoard) board = pen_board_new ();
  static const guint8 roll[] = { 4, 4, 4, 5 };
  PenThreatChoices choices;

  pen_board_add_die (board, PEN_COLOR_SPARK, 4);      /* 0 */
  pen_board_add_die (board, PEN_COLOR_RED, 4);        /* 1 */
  pen_board_add_die (board, PEN_COLOR_RED, 4);        /* 2, temporary */
  pen_board_add_die (board, PEN_COLOR_BONE, 4);       /* 3 */
  pen_board_add_die (board, PEN_COLOR_PURPLE, 4);     /* 4 */
  g_array_index (board->supply, PenDieValue, 2).temporary = TRUE;
  pen_board_add_mark (board, PEN_MARK_SPARK, 5, PEN_MARK_DISCHARGED);   /* 0 */
  pen_board_add_mark (board, PEN_MARK_EMERALD, 5, PEN_MARK_CHARGED);    /* 1 */
  pen_board_add_mark (board, PEN_MARK_SAPPHIRE, 5, PEN_MARK_DISCHARGED); /* 2 */

  /* Defaults: bone, then the temporary red, then the other red; spark and purple stay.
   * The discharged discipline mark is wounded before the discharged spark one. */
  {
    g_auto(PenThreatResult) r = { 0, };

    g_assert_true (pen_threat_resolve (board, roll, G_N_ELEMENTS (roll), NULL, &r));
    g_assert_cmpuint (g_array_index (r.lost, PenThreatLostDie, 0).index, ==, 3);
    g_assert_cmpuint (g_array_index (r.lost, PenThreatLostDie, 1).index, ==, 2);
    g_assert_cmpuint (g_array_index (r.lost, PenThreatLostDie, 2).index, ==, 1);
    g_assert_cmpuint (g_array_index (r.wounded, guint, 0), ==, 2);
  }

  /* lose_first puts colours in front; keep_temporary; wound_charged_first. */
  {
    g_auto(PenThreatResult) r = { 0, };

    pen_threat_choices_init (&choices);
    choices.lose_first[0] = PEN_COLOR_SPARK;
    choices.lose_first[1] = PEN_COLOR_RED;
    choices.n_lose_first = 2;
    choices.keep_temporary = TRUE;
    choices.wound_charged_first = TRUE;
    g_assert_true (pen_threat_resolve (board, roll, G_N_ELEMENTS (roll), &choices, &r));
    g_assert_cmpuint (g_array_index (r.lost, PenThreatLostDie, 0).index, ==, 0);
    g_assert_cmpuint (g_array_index (r.lost, PenThreatLostDie, 1).index, ==, 1);
    g_assert_cmpuint (g_array_index (r.lost, PenThreatLostDie, 2).index, ==, 2);
    g_assert_cmpuint (g_array_index (r.wounded, guint, 0), ==, 1);
  }

  /* Explicit picks win; one that does not fit falls back to the default and says so. */
  {
    g_auto(PenThreatResult) r = { 0, };
    g_auto(PenThreatResult) bad = { 0, };
    static const gint picks[] = { 4, -1, 0, 0 };
    static const gint bad_picks[] = { 4, 4, -1, 1 };

    pen_threat_choices_init (&choices);
    choices.picks = picks;
    g_assert_true (pen_threat_resolve (board, roll, G_N_ELEMENTS (roll), &choices, &r));
    g_assert_cmpuint (g_array_index (r.lost, PenThreatLostDie, 0).index, ==, 4);
    g_assert_cmpuint (g_array_index (r.lost, PenThreatLostDie, 1).index, ==, 3);
    g_assert_cmpuint (g_array_index (r.lost, PenThreatLostDie, 2).index, ==, 0);
    g_assert_cmpuint (g_array_index (r.wounded, guint, 0), ==, 0);

    /* die 1 picks the purple die die 0 already took; die 3 picks a mark, fine */
    choices.picks = bad_picks;
    g_assert_false (pen_threat_resolve (board, roll, G_N_ELEMENTS (roll), &choices, &bad));
    g_assert_cmpuint (g_array_index (bad.lost, PenThreatLostDie, 1).index, ==, 3);
    g_assert_cmpuint (g_array_index (bad.wounded, guint, 0), ==, 1);
  }

  /* Ignoring the supply: every die goes to the marks. */
  {
    g_auto(PenThreatResult) r = { 0, };

    pen_threat_choices_init (&choices);
    choices.ignore_supply = TRUE;
    pen_threat_resolve (board, roll, G_N_ELEMENTS (roll), &choices, &r);
    g_assert_cmpuint (r.lost->len, ==, 0);
    g_assert_cmpuint (r.misses->len, ==, 3);
    g_assert_cmpuint (r.wounded->len, ==, 1);
    g_assert_cmpuint (r.board->supply->len, ==, 5);
  }
}

/* The order of the Threat dice never changes what happens. */
static void
test_order_independence (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261129);

  for (guint trial = 0; trial < 300; trial++)
    {
      g_autoptr(PenBoard) board = random_board (rand);
      guint n = g_rand_int_range (rand, 0, 10);
      guint8 dice[10];
      g_auto(PenThreatResult) first = { 0, };

      for (guint i = 0; i < n; i++)
        dice[i] = g_rand_int_range (rand, 1, 7);
      pen_threat_resolve (board, dice, n, NULL, &first);

      for (guint shuffle = 0; shuffle < 12; shuffle++)
        {
          g_auto(PenThreatResult) other = { 0, };
          guint8 perm[10];
          gboolean seen_lost[16] = { FALSE, };
          gboolean seen_wounded[16] = { FALSE, };
          guint miss_faces[7] = { 0, }, miss_faces_first[7] = { 0, };

          memcpy (perm, dice, n);
          for (guint i = n; i > 1; i--)
            {
              guint j = g_rand_int_range (rand, 0, i);
              guint8 t = perm[i - 1];

              perm[i - 1] = perm[j];
              perm[j] = t;
            }
          pen_threat_resolve (board, perm, n, NULL, &other);

          g_assert_cmpuint (other.lost->len, ==, first.lost->len);
          g_assert_cmpuint (other.wounded->len, ==, first.wounded->len);
          g_assert_cmpuint (other.misses->len, ==, first.misses->len);
          g_assert_cmpuint (other.n_wounded_hits, ==, first.n_wounded_hits);
          g_assert_cmpint (other.mortal_wound, ==, first.mortal_wound);
          g_assert_cmpuint (other.discarded->len, ==, first.discarded->len);
          g_assert_true (pen_board_equal (other.board, first.board));

          /* the same pieces, not just the same numbers */
          for (guint i = 0; i < first.lost->len; i++)
            seen_lost[g_array_index (first.lost, PenThreatLostDie, i).index] = TRUE;
          for (guint i = 0; i < other.lost->len; i++)
            g_assert_true (seen_lost[g_array_index (other.lost, PenThreatLostDie, i).index]);
          for (guint i = 0; i < first.wounded->len; i++)
            seen_wounded[g_array_index (first.wounded, guint, i)] = TRUE;
          for (guint i = 0; i < other.wounded->len; i++)
            g_assert_true (seen_wounded[g_array_index (other.wounded, guint, i)]);
          for (guint i = 0; i < first.misses->len; i++)
            miss_faces_first[g_array_index (first.misses, guint8, i)]++;
          for (guint i = 0; i < other.misses->len; i++)
            miss_faces[g_array_index (other.misses, guint8, i)]++;
          g_assert_cmpmem (miss_faces, sizeof miss_faces, miss_faces_first,
                           sizeof miss_faces_first);
        }

      /* the accounting adds up */
      g_assert_cmpuint (first.lost->len + first.wounded->len + first.misses->len
                        + first.n_wounded_hits, ==, n);
      g_assert_cmpuint (first.board->supply->len + first.lost->len + first.discarded->len, ==,
                        board->supply->len);
      g_assert_cmpuint (count_wounded (first.board), ==,
                        count_wounded (board) + first.wounded->len);
      if (first.mortal_wound)
        {
          g_assert_false (board->mortal_wound_this_turn);
          g_assert_cmpuint (first.board->supply->len, ==, 0);
        }
      g_assert_true (first.board->mortal_wound_this_turn
                     == (board->mortal_wound_this_turn || first.mortal_wound));
    }
}

/* ---- Odds ------------------------------------------------------------------------------- */

/* All 6^n rolls through the resolver, against the odds from face counts. */
static void
check_against_brute_force (const PenBoard *board,
                           guint           n,
                           gboolean        ignore_supply)
{
  g_autoptr(PenThreatOdds) odds = pen_threat_odds_new (board, n, ignore_supply);
  PenThreatChoices choices;
  const guint max_a = board->supply->len, max_w = board->marks->len;
  g_autofree double *count = g_new0 (double, (max_a + 1) * (max_w + 1) * 2);
  guint8 dice[8] = { 0, };
  guint total = 1;
  double e_lost = 0, e_wounds = 0, p_mortal = 0, p_wounded = 0, sum = 0;

  pen_threat_choices_init (&choices);
  choices.ignore_supply = ignore_supply;
  for (guint i = 0; i < n; i++)
    total *= 6;

  for (guint roll = 0; roll < total; roll++)
    {
      g_auto(PenThreatResult) result = { 0, };
      guint r = roll;

      for (guint i = 0; i < n; i++, r /= 6)
        dice[i] = 1 + r % 6;
      pen_threat_resolve (board, dice, n, &choices, &result);
      count[((result.mortal_wound ? 1 : 0) * (max_w + 1) + result.wounded->len) * (max_a + 1)
            + result.lost->len] += 1;
    }

  for (guint m = 0; m < 2; m++)
    for (guint w = 0; w <= max_w; w++)
      for (guint a = 0; a <= max_a; a++)
        {
          double p = count[(m * (max_w + 1) + w) * (max_a + 1) + a] / total;

          g_assert_cmpfloat_with_epsilon (pen_threat_odds_get (odds, a, w, m), p, TOLERANCE);
          sum += pen_threat_odds_get (odds, a, w, m);
          e_lost += p * a;
          e_wounds += p * w;
          if (m)
            p_mortal += p;
          if (w)
            p_wounded += p;
        }

  g_assert_cmpfloat_with_epsilon (sum, 1.0, TOLERANCE);
  g_assert_cmpuint (odds->summary.n_dice, ==, n);
  g_assert_cmpfloat_with_epsilon (odds->summary.p_mortal_wound, p_mortal, TOLERANCE);
  g_assert_cmpfloat_with_epsilon (odds->summary.p_wounded, p_wounded, TOLERANCE);
  g_assert_cmpfloat_with_epsilon (odds->summary.p_unharmed, count[0] / total, TOLERANCE);
  g_assert_cmpfloat_with_epsilon (odds->summary.expected_dice_lost, e_lost, TOLERANCE);
  g_assert_cmpfloat_with_epsilon (odds->summary.expected_wounds, e_wounds, TOLERANCE);
}

static void
test_odds_brute_force (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7246);
  g_autoptr(PenBoard) example = example_board ();

  for (guint n = 0; n <= 6; n++)
    check_against_brute_force (example, n, FALSE);

  for (guint i = 0; i < 150; i++)
    {
      g_autoptr(PenBoard) board = random_board (rand);

      for (guint n = 0; n <= 4; n++)
        check_against_brute_force (board, n, FALSE);
      if (i % 5 == 0)
        check_against_brute_force (board, 5, FALSE);
      if (i % 25 == 0)
        check_against_brute_force (board, 6, FALSE);
      /* with the supply ignored (the Artifact's effect) */
      if (i % 10 == 0)
        check_against_brute_force (board, 4, TRUE);
    }
}

static PenBoard *
rich_board (void)
{
  PenBoard *board = pen_board_new ();
  static const struct { PenColor color; guint value; } supply[] = {
    { PEN_COLOR_BONE, 1 }, { PEN_COLOR_BONE, 3 }, { PEN_COLOR_RED, 2 }, { PEN_COLOR_RED, 5 },
    { PEN_COLOR_ORANGE, 4 }, { PEN_COLOR_YELLOW, 6 }, { PEN_COLOR_YELLOW, 2 },
    { PEN_COLOR_GREEN, 3 }, { PEN_COLOR_BLUE, 1 }, { PEN_COLOR_PURPLE, 6 },
    { PEN_COLOR_SPARK, 4 }, { PEN_COLOR_SPARK, 5 },
  };
  static const struct { PenMarkKind kind; guint value; PenMarkState state; } marks[] = {
    { PEN_MARK_RUBY, 1, PEN_MARK_CHARGED }, { PEN_MARK_AMBER, 2, PEN_MARK_WOUNDED },
    { PEN_MARK_JASPER, 2, PEN_MARK_DISCHARGED }, { PEN_MARK_EMERALD, 3, PEN_MARK_CHARGED },
    { PEN_MARK_SAPPHIRE, 4, PEN_MARK_CHARGED }, { PEN_MARK_AMETHYST, 4, PEN_MARK_WOUNDED },
    { PEN_MARK_RUBY, 5, PEN_MARK_DISCHARGED }, { PEN_MARK_JASPER, 6, PEN_MARK_CHARGED },
    { PEN_MARK_SPARK, 1, PEN_MARK_CHARGED }, { PEN_MARK_SPARK, 3, PEN_MARK_WOUNDED },
    { PEN_MARK_SPARK, 6, PEN_MARK_DISCHARGED },
  };

  for (guint i = 0; i < G_N_ELEMENTS (supply); i++)
    pen_board_add_die (board, supply[i].color, supply[i].value);
  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    pen_board_add_mark (board, marks[i].kind, marks[i].value, marks[i].state);
  return board;
}

static void
test_odds_properties (void)
{
  g_autoptr(PenBoard) board = rich_board ();
  double previous_unharmed = 2.0, previous_mortal = -1.0;

  for (guint n = 0; n <= PEN_THREAT_ODDS_MAX_DICE; n++)
    {
      g_autoptr(PenThreatOdds) odds = pen_threat_odds_new (board, n, FALSE);
      double sum = 0.0;

      for (guint m = 0; m < 2; m++)
        for (guint w = 0; w <= odds->max_wounds; w++)
          for (guint a = 0; a <= odds->max_lost; a++)
            {
              double p = pen_threat_odds_get (odds, a, w, m);

              g_assert_cmpfloat (p, >=, 0.0);
              /* a die lost and a wound each need a Threat die */
              if (a + w > n)
                g_assert_cmpfloat (p, ==, 0.0);
              sum += p;
            }
      g_assert_cmpfloat_with_epsilon (sum, 1.0, TOLERANCE);
      /* more dice can only do more harm */
      g_assert_cmpfloat (odds->summary.p_unharmed, <=, previous_unharmed + TOLERANCE);
      g_assert_cmpfloat (odds->summary.p_mortal_wound, >=, previous_mortal - TOLERANCE);
      g_assert_cmpfloat (odds->summary.expected_dice_lost, <=, board->supply->len);
      previous_unharmed = odds->summary.p_unharmed;
      previous_mortal = odds->summary.p_mortal_wound;
    }

  /* a card gained earlier this turn: no Mortal Wound can be gained */
  board->mortal_wound_this_turn = TRUE;
  {
    g_autoptr(PenThreatOdds) odds = pen_threat_odds_new (board, 30, FALSE);

    g_assert_cmpfloat (odds->summary.p_mortal_wound, ==, 0.0);
  }

  /* n = 0 is certain safety; a bare board too */
  {
    g_autoptr(PenThreatOdds) none = pen_threat_odds_new (board, 0, FALSE);
    g_autoptr(PenBoard) bare = pen_board_new ();
    g_autoptr(PenThreatOdds) misses = pen_threat_odds_new (bare, 30, FALSE);

    g_assert_cmpfloat (none->summary.p_unharmed, ==, 1.0);
    g_assert_cmpfloat_with_epsilon (misses->summary.p_unharmed, 1.0, TOLERANCE);
  }
}

static void
test_odds_ignore_supply (void)
{
  g_autoptr(PenBoard) board = rich_board ();
  g_autoptr(PenBoard) empty = rich_board ();
  g_autoptr(PenThreatOdds) ignoring = pen_threat_odds_new (board, 12, TRUE);
  g_autoptr(PenThreatOdds) without = NULL;

  g_array_set_size (empty->supply, 0);
  without = pen_threat_odds_new (empty, 12, FALSE);
  g_assert_cmpfloat_with_epsilon (ignoring->summary.p_mortal_wound,
                                  without->summary.p_mortal_wound, TOLERANCE);
  g_assert_cmpfloat_with_epsilon (ignoring->summary.expected_wounds,
                                  without->summary.expected_wounds, TOLERANCE);
  g_assert_cmpfloat (ignoring->summary.expected_dice_lost, ==, 0.0);
}

static void
test_summary_string (void)
{
  g_autoptr(PenBoard) board = pen_board_new ();
  struct { guint n; const char *text; } cases[] = {
    { 0, "No Threat dice to roll" },
    { 1, "Mortal Wound: 0%; wound: 17%; you may lose a die" },
  };

  pen_board_add_die (board, PEN_COLOR_BONE, 1);
  pen_board_add_mark (board, PEN_MARK_RUBY, 2, PEN_MARK_CHARGED);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PenThreatOdds) odds = pen_threat_odds_new (board, cases[i].n, FALSE);
      g_autofree char *text = pen_threat_summary_to_string (&odds->summary);

      g_assert_cmpstr (text, ==, cases[i].text);
    }

  {
    g_autoptr(PenBoard) bare = pen_board_new ();
    g_autoptr(PenThreatOdds) odds = pen_threat_odds_new (bare, 3, FALSE);
    g_autofree char *text = pen_threat_summary_to_string (&odds->summary);

    g_assert_cmpstr (text, ==, "Every Threat die misses: no harm possible");
  }

  {
    /* one die of each face: one Threat die always knocks exactly one die out */
    g_autoptr(PenBoard) six = pen_board_new ();
    g_autoptr(PenThreatOdds) one = NULL;
    g_autoptr(PenThreatOdds) all = NULL;
    g_autofree char *one_text = NULL;
    g_autofree char *all_text = NULL;

    for (guint f = 1; f <= 6; f++)
      {
        pen_board_add_die (six, PEN_COLOR_RED, f);
        pen_board_add_die (six, PEN_COLOR_BLUE, f);
      }
    one = pen_threat_odds_new (six, 1, FALSE);
    one_text = pen_threat_summary_to_string (&one->summary);
    g_assert_cmpstr (one_text, ==, "Mortal Wound: 0%; wound: 0%; you lose about 1 die");
    all = pen_threat_odds_new (six, 60, FALSE);
    all_text = pen_threat_summary_to_string (&all->summary);
    g_assert_cmpstr (all_text, ==, "Mortal Wound: 0%; wound: 0%; you lose about 12 dice");
  }

  {
    g_autoptr(PenBoard) doom = pen_board_new ();
    g_autoptr(PenThreatOdds) odds = NULL;
    g_autofree char *text = NULL;

    for (guint f = 1; f <= 6; f++)
      pen_board_add_mark (doom, PEN_MARK_SPARK, f, PEN_MARK_WOUNDED);
    odds = pen_threat_odds_new (doom, 1, FALSE);
    text = pen_threat_summary_to_string (&odds->summary);
    g_assert_cmpstr (text, ==, "Mortal Wound: 100%; wound: 0%; you lose no dice");
  }
}

/* ---- Preparation ------------------------------------------------------------------------ */

static PenBoard *
defend_board (void)
{
  PenBoard *board = pen_board_new ();

  pen_board_add_die (board, PEN_COLOR_YELLOW, 2);  /* 0: shields a wounded mark */
  pen_board_add_die (board, PEN_COLOR_BONE, 4);    /* 1 */
  pen_board_add_die (board, PEN_COLOR_YELLOW, 5);  /* 2: shields nothing */
  pen_board_add_die (board, PEN_COLOR_YELLOW, 3);  /* 3: shields a fresh mark */
  pen_board_add_die (board, PEN_COLOR_SPARK, 6);   /* 4 */
  pen_board_add_die (board, PEN_COLOR_RED, 1);     /* 5, temporary */
  g_array_index (board->supply, PenDieValue, 5).temporary = TRUE;
  pen_board_add_mark (board, PEN_MARK_JASPER, 2, PEN_MARK_WOUNDED);
  pen_board_add_mark (board, PEN_MARK_RUBY, 3, PEN_MARK_CHARGED);
  return board;
}

static void
test_prep_defend (void)
{
  g_autoptr(PenBoard) board = defend_board ();
  g_autoptr(GArray) order = pen_threat_defend_order (board);
  PenThreatPrep prep;

  g_assert_cmpuint (order->len, ==, 3);
  g_assert_cmpuint (g_array_index (order, guint, 0), ==, 2);
  g_assert_cmpuint (g_array_index (order, guint, 1), ==, 3);
  g_assert_cmpuint (g_array_index (order, guint, 2), ==, 0);

  /* each Yellow die discards one Threat die and leaves the supply */
  {
    g_auto(PenThreatPrepResult) r = { 0, };
    g_autoptr(GError) error = NULL;

    pen_threat_prep_init (&prep, 4);
    prep.defend = 2;
    g_assert_true (pen_threat_prep_apply (board, &prep, NULL, &r, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (r.n_dice, ==, 2);
    g_assert_cmpuint (r.n_cancelled, ==, 2);
    g_assert_cmpuint (r.defended->len, ==, 2);
    g_assert_cmpuint (g_array_index (r.defended, PenThreatLostDie, 0).index, ==, 2);
    g_assert_cmpuint (g_array_index (r.defended, PenThreatLostDie, 1).index, ==, 3);
    g_assert_cmpuint (r.board->supply->len, ==, 4);
  }

  /* explicit dice, and a placed Yellow die that is already off the supply */
  {
    g_auto(PenThreatPrepResult) r = { 0, };
    static const guint dice[] = { 0 };

    pen_threat_prep_init (&prep, 4);
    prep.defend = 1;
    prep.defend_dice = dice;
    prep.defend_placed = 1;
    g_assert_true (pen_threat_prep_apply (board, &prep, NULL, &r, NULL));
    g_assert_cmpuint (r.n_dice, ==, 2);
    g_assert_cmpuint (r.board->supply->len, ==, 5);
    g_assert_cmpint (g_array_index (r.board->supply, PenDieValue, 0).color, ==, PEN_COLOR_BONE);
  }

  /* refusals and bad input */
  {
    g_auto(PenThreatPrepResult) r = { 0, };
    g_autoptr(GError) error = NULL;
    static const guint not_yellow[] = { 1 };

    pen_threat_prep_init (&prep, 5);
    prep.defend = 4;
    g_assert_false (pen_threat_prep_apply (board, &prep, NULL, &r, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_REFUSED);
    g_clear_error (&error);

    pen_threat_prep_init (&prep, 1);
    prep.defend = 2;
    g_assert_false (pen_threat_prep_apply (board, &prep, NULL, &r, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_REFUSED);
    g_clear_error (&error);

    pen_threat_prep_init (&prep, 3);
    prep.defend = 1;
    prep.defend_dice = not_yellow;
    g_assert_false (pen_threat_prep_apply (board, &prep, NULL, &r, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
    g_assert_null (r.board);
  }
}

static void
test_prep_cards_and_properties (void)
{
  g_autoptr(PenBoard) board = defend_board ();
  PenThreatPrep prep;

  /* uncancellable dice survive every discard */
  {
    g_auto(PenThreatPrepResult) r = { 0, };

    pen_threat_prep_init (&prep, 2);
    prep.uncancellable = 3;
    prep.discard = 5;
    prep.n_cards = 1;
    g_assert_true (pen_threat_prep_apply (board, &prep, NULL, &r, NULL));
    g_assert_cmpuint (r.n_dice, ==, 3);
    g_assert_cmpuint (r.n_cancelled, ==, 2);
  }
  {
    g_auto(PenThreatPrepResult) r = { 0, };
    g_autoptr(GError) error = NULL;

    pen_threat_prep_init (&prep, 2);
    prep.uncancellable = 1;
    prep.defend = 2;  /* DEFEND cannot touch the uncancellable die */
    g_assert_true (pen_threat_prep_apply (board, &prep, NULL, &r, NULL));
    g_assert_cmpuint (r.n_dice, ==, 1);
    pen_threat_prep_result_clear (&r);

    prep.defend = 3;
    g_assert_false (pen_threat_prep_apply (board, &prep, NULL, &r, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_REFUSED);
  }
  {
    g_auto(PenThreatPrepResult) r = { 0, };

    pen_threat_prep_init (&prep, 6);
    prep.uncancellable = 1;
    prep.discard_all = TRUE;
    prep.n_cards = 1;
    g_assert_true (pen_threat_prep_apply (board, &prep, NULL, &r, NULL));
    g_assert_cmpuint (r.n_dice, ==, 1);
  }

  /* Vigilance limits cards and chains, not Primagic */
  {
    g_auto(PenThreatPrepResult) r = { 0, };
    g_autoptr(GError) error = NULL;

    pen_threat_prep_init (&prep, 6);
    prep.vigilance = 1;
    prep.n_cards = 2;
    prep.discard = 3;
    g_assert_false (pen_threat_prep_apply (board, &prep, NULL, &r, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_REFUSED);

    prep.n_cards = 1;
    prep.defend = 3;
    g_clear_error (&error);
    g_assert_true (pen_threat_prep_apply (board, &prep, NULL, &r, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (r.n_dice, ==, 0);
  }

  /* Rift at the end of step 1: after DEFEND, bone first, then by colour */
  {
    g_auto(PenThreatPrepResult) r = { 0, };

    pen_threat_prep_init (&prep, 3);
    prep.defend = 1;  /* the Yellow 5 */
    prep.rift = 2;
    g_assert_true (pen_threat_prep_apply (board, &prep, NULL, &r, NULL));
    g_assert_cmpuint (r.n_dice, ==, 2);
    g_assert_cmpuint (r.rifted->len, ==, 2);
    g_assert_cmpuint (g_array_index (r.rifted, PenThreatLostDie, 0).index, ==, 1);  /* bone */
    g_assert_cmpuint (g_array_index (r.rifted, PenThreatLostDie, 1).index, ==, 5);  /* red */
    g_assert_cmpuint (r.board->supply->len, ==, 3);
  }
  {
    g_auto(PenThreatPrepResult) r = { 0, };
    PenThreatChoices choices;

    /* the colour order of losses applies to Rift too; Rift takes what there is */
    pen_threat_choices_init (&choices);
    choices.lose_first[0] = PEN_COLOR_SPARK;
    choices.n_lose_first = 1;
    pen_threat_prep_init (&prep, 3);
    prep.rift = 1;
    g_assert_true (pen_threat_prep_apply (board, &prep, &choices, &r, NULL));
    g_assert_cmpuint (g_array_index (r.rifted, PenThreatLostDie, 0).index, ==, 4);
    pen_threat_prep_result_clear (&r);

    prep.rift = 40;
    g_assert_true (pen_threat_prep_apply (board, &prep, NULL, &r, NULL));
    g_assert_cmpuint (r.rifted->len, ==, 6);
    g_assert_cmpuint (r.board->supply->len, ==, 0);
  }
  {
    g_auto(PenThreatPrepResult) r = { 0, };
    g_autoptr(GError) error = NULL;
    static const guint rift_dice[] = { 4, 0 };
    static const guint defend_dice[] = { 0 };

    pen_threat_prep_init (&prep, 3);
    prep.rift = 2;
    prep.rift_dice = rift_dice;
    g_assert_true (pen_threat_prep_apply (board, &prep, NULL, &r, NULL));
    g_assert_cmpuint (g_array_index (r.rifted, PenThreatLostDie, 1).index, ==, 0);
    pen_threat_prep_result_clear (&r);

    /* a die DEFEND already discarded cannot be discarded again */
    prep.defend = 1;
    prep.defend_dice = defend_dice;
    g_assert_false (pen_threat_prep_apply (board, &prep, NULL, &r, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  }
}

static void
assert_summary_equal (const PenThreatSummary *a,
                      const PenThreatSummary *b)
{
  g_assert_cmpuint (a->n_dice, ==, b->n_dice);
  g_assert_cmpfloat_with_epsilon (a->p_mortal_wound, b->p_mortal_wound, TOLERANCE);
  g_assert_cmpfloat_with_epsilon (a->p_wounded, b->p_wounded, TOLERANCE);
  g_assert_cmpfloat_with_epsilon (a->p_unharmed, b->p_unharmed, TOLERANCE);
  g_assert_cmpfloat_with_epsilon (a->expected_wounds, b->expected_wounds, TOLERANCE);
  g_assert_cmpfloat_with_epsilon (a->expected_dice_lost, b->expected_dice_lost, TOLERANCE);
}

static void
test_what_if (void)
{
  g_autoptr(PenBoard) board = defend_board ();
  g_autoptr(GArray) curve = NULL;
  g_autoptr(GArray) order = pen_threat_defend_order (board);
  g_autoptr(GError) error = NULL;
  PenThreatPrep prep;

  pen_threat_prep_init (&prep, 5);
  prep.uncancellable = 1;
  prep.rift = 1;
  curve = pen_threat_what_if (board, &prep, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (curve->len, ==, 6);

  for (guint k = 0; k < curve->len; k++)
    {
      const PenThreatCurvePoint *point = &g_array_index (curve, PenThreatCurvePoint, k);
      g_autoptr(PenBoard) after_rift = pen_board_copy (board);
      g_autoptr(PenBoard) defended = pen_board_copy (board);
      g_autoptr(PenThreatOdds) by_card = NULL;

      g_assert_cmpuint (point->removed, ==, k);
      g_assert_true (point->by_card_possible);
      /* Rift takes the Bone 4 */
      g_array_remove_index (after_rift->supply, 1);
      by_card = pen_threat_odds_new (after_rift, 6 - k, FALSE);
      assert_summary_equal (&point->by_card, &by_card->summary);

      g_assert_true (point->by_defend_possible == (k <= 3));
      if (point->by_defend_possible)
        {
          g_autoptr(PenThreatOdds) by_defend = NULL;
          g_autofree gboolean *drop = g_new0 (gboolean, board->supply->len);

          for (guint i = 0; i < k; i++)
            drop[g_array_index (order, guint, i)] = TRUE;
          drop[1] = TRUE;  /* and Rift still takes the Bone 4 */
          for (guint i = board->supply->len; i-- > 0;)
            if (drop[i])
              g_array_remove_index (defended->supply, i);
          by_defend = pen_threat_odds_new (defended, 6 - k, FALSE);
          assert_summary_equal (&point->by_defend, &by_defend->summary);
        }
      if (k > 0)
        {
          const PenThreatCurvePoint *before = point - 1;

          g_assert_cmpfloat (point->by_card.p_unharmed, >=, before->by_card.p_unharmed);
        }
    }

  /* Vigilance already used up: no further card, DEFEND still possible */
  {
    g_autoptr(GArray) limited = NULL;

    prep.vigilance = 0;
    limited = pen_threat_what_if (board, &prep, NULL, &error);
    g_assert_no_error (error);
    g_assert_true (g_array_index (limited, PenThreatCurvePoint, 0).by_card_possible);
    g_assert_false (g_array_index (limited, PenThreatCurvePoint, 1).by_card_possible);
    g_assert_true (g_array_index (limited, PenThreatCurvePoint, 1).by_defend_possible);
  }
}

/* ---- The CLI ---------------------------------------------------------------------------- */

typedef struct
{
  int   status;
  char *out;
  char *err;
} CliRun;

static void
cli_run_clear (CliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

static void
run_cli (const char *command,
         const char *input,
         gsize       length,
         CliRun     *run)
{
  const char *cli = g_getenv ("PENUMBRA_CLI");
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GBytes) in = g_bytes_new (input, length);
  g_autoptr(GBytes) out = NULL;
  g_autoptr(GBytes) err = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (cli);
  proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                           | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error, cli, command, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate (proc, in, NULL, &out, &err, &error);
  g_assert_no_error (error);
  /* never a crash: a normal exit, 0 or 2 */
  g_assert_true (g_subprocess_get_if_exited (proc));
  run->status = g_subprocess_get_exit_status (proc);
  /* empty GBytes may have NULL data */
  run->out = g_strndup (g_bytes_get_size (out) ? g_bytes_get_data (out, NULL) : "",
                        g_bytes_get_size (out));
  run->err = g_strndup (g_bytes_get_size (err) ? g_bytes_get_data (err, NULL) : "",
                        g_bytes_get_size (err));
}

/* The contract of a refusal: exit 2, nothing on stdout, one line on stderr. */
static void
assert_refusal (const CliRun *run)
{
  const char *newline;

  g_assert_cmpint (run->status, ==, 2);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_true (g_str_has_prefix (run->err, "penumbra-cli: "));
  newline = strchr (run->err, '\n');
  g_assert_nonnull (newline);
  g_assert_cmpstr (newline, ==, "\n");
}

static void
test_cli_resolve (void)
{
  g_auto(CliRun) run = { 0, };
  g_auto(CliRun) order = { 0, };
  g_auto(CliRun) mortal = { 0, };
  g_autofree char *input = g_strdup_printf ("{\"wizard\": %s, \"dice\": [2, 2, 4, 5, 6]}",
                                            example_wizard_json);
  g_autofree char *input_order = g_strdup_printf (
    "{\"wizard\": %s, \"dice\": [6, 2, 5, 4, 2], \"lose_first\": [\"orange\", \"spark\"],"
    " \"extra\": {\"note\": 1}}", example_wizard_json);
  g_autofree char *input_mortal = g_strdup_printf (
    "{\"wizard\": %s, \"dice\": [2, 2, 2, 4, 5, 6]}", example_wizard_json);

  run_cli ("threat-resolve", input, strlen (input), &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpstr (run.out, ==,
    "{\"lost_dice\":[{\"color\":\"spark\",\"value\":2},{\"color\":\"bone\",\"value\":6}],"
    "\"wounded_marks\":[0],\"misses\":[4,5],\"mortal_wound\":false,"
    "\"wizard\":{\"supply\":[{\"color\":\"orange\",\"value\":6}],"
    "\"marks\":[{\"kind\":\"jasper\",\"value\":2,\"state\":\"wounded\"}],"
    "\"ingredients\":{\"blood\":0,\"crystal\":0,\"jewel\":0,\"fruit\":0,\"trinket\":0,"
    "\"arcana\":0},\"mortal_wound_this_turn\":false}}\n");

  run_cli ("threat-resolve", input_order, strlen (input_order), &order);
  g_assert_cmpint (order.status, ==, 0);
  g_assert_cmpstr (order.out, ==,
    "{\"lost_dice\":[{\"color\":\"orange\",\"value\":6},{\"color\":\"spark\",\"value\":2}],"
    "\"wounded_marks\":[0],\"misses\":[5,4],\"mortal_wound\":false,"
    "\"wizard\":{\"supply\":[{\"color\":\"bone\",\"value\":6}],"
    "\"marks\":[{\"kind\":\"jasper\",\"value\":2,\"state\":\"wounded\"}],"
    "\"ingredients\":{\"blood\":0,\"crystal\":0,\"jewel\":0,\"fruit\":0,\"trinket\":0,"
    "\"arcana\":0},\"mortal_wound_this_turn\":false}}\n");

  run_cli ("threat-resolve", input_mortal, strlen (input_mortal), &mortal);
  g_assert_cmpint (mortal.status, ==, 0);
  g_assert_cmpstr (mortal.out, ==,
    "{\"lost_dice\":[{\"color\":\"spark\",\"value\":2},{\"color\":\"bone\",\"value\":6}],"
    "\"wounded_marks\":[0],\"misses\":[4,5],\"mortal_wound\":true,"
    "\"wizard\":{\"supply\":[],"
    "\"marks\":[{\"kind\":\"jasper\",\"value\":2,\"state\":\"wounded\"}],"
    "\"ingredients\":{\"blood\":0,\"crystal\":0,\"jewel\":0,\"fruit\":0,\"trinket\":0,"
    "\"arcana\":0},\"mortal_wound_this_turn\":true}}\n");
}

static void
test_cli_odds (void)
{
  g_autoptr(PenBoard) board = example_board ();

  for (guint count = 0; count <= 30; count += 5)
    {
      g_auto(CliRun) run = { 0, };
      g_autofree char *input = g_strdup_printf ("{\"wizard\": %s, \"count\": %u}",
                                                example_wizard_json, count);
      g_autoptr(PenThreatOdds) odds = pen_threat_odds_new (board, count, FALSE);
      g_autoptr(JsonNode) node = NULL;
      g_autoptr(GList) members = NULL;
      g_autoptr(GError) error = NULL;
      static const char * const keys[] = {
        "count", "p_mortal_wound", "p_wounded", "p_unharmed", "expected_wounds",
        "expected_dice_lost",
      };
      const double values[] = {
        count, odds->summary.p_mortal_wound, odds->summary.p_wounded, odds->summary.p_unharmed,
        odds->summary.expected_wounds, odds->summary.expected_dice_lost,
      };
      JsonObject *obj;
      guint i = 0;

      run_cli ("threat-odds", input, strlen (input), &run);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_cmpstr (run.err, ==, "");
      g_assert_true (g_str_has_suffix (run.out, "}\n"));
      node = pen_json_parse (run.out, -1, &error);
      g_assert_no_error (error);
      obj = json_node_get_object (node);
      members = json_object_get_members (obj);
      g_assert_cmpuint (g_list_length (members), ==, G_N_ELEMENTS (keys));
      /* the spec's keys, in the spec's order, as plain numbers */
      for (GList *l = members; l != NULL; l = l->next, i++)
        {
          JsonNode *value = json_object_get_member (obj, l->data);

          g_assert_cmpstr (l->data, ==, keys[i]);
          g_assert_true (JSON_NODE_HOLDS_VALUE (value));
          g_assert_cmpfloat_with_epsilon (json_node_get_double (value), values[i], 1e-15);
        }
      g_assert_cmpint (json_object_get_int_member (obj, "count"), ==, count);
    }
}

static void
test_cli_bad_input (void)
{
  static const struct { const char *command; const char *input; const char *message; } cases[] = {
    { "threat-resolve", "{\"wizard\": {\"supply\": []}, \"dice\": [2, 7]}",
      "penumbra-cli: $.dice[1]: 7 is not a die face (1-6)\n" },
    { "threat-resolve", "{\"wizard\": {\"supply\": []}, \"dice\": [2, 0.5]}",
      "penumbra-cli: $.dice[1]: 0.5 is not a whole number\n" },
    { "threat-resolve", "{\"wizard\": {\"supply\": []}}", "penumbra-cli: $.dice: missing\n" },
    { "threat-resolve", "{\"dice\": []}", "penumbra-cli: $.wizard: missing\n" },
    { "threat-resolve", "{\"wizard\": {\"supply\": []}, \"dice\": [], \"dices\": []}",
      "penumbra-cli: $.dices: unknown key\n" },
    { "threat-resolve", "{\"wizard\": {\"supply\": []}, \"dice\": {}}",
      "penumbra-cli: $.dice: expected an array, found an object\n" },
    { "threat-resolve",
      "{\"wizard\": {\"supply\": [{\"color\": \"red\", \"value\": 9}]}, \"dice\": []}",
      "penumbra-cli: $.wizard.supply[0].value: 9 is not a die face (1-6)\n" },
    { "threat-resolve",
      "{\"wizard\": {\"supply\": []}, \"dice\": [], \"lose_first\": [\"bone\", \"pink\"]}",
      "penumbra-cli: $.lose_first[1]: \"pink\" is not a known die colour\n" },
    { "threat-resolve",
      "{\"wizard\": {\"supply\": []}, \"dice\": [], \"lose_first\": [\"bone\", \"bone\"]}",
      "penumbra-cli: $.lose_first[1]: \"bone\" is listed twice\n" },
    { "threat-odds", "{\"wizard\": {\"supply\": []}, \"count\": 31}",
      "penumbra-cli: $.count: 31 is out of range (0-30)\n" },
    { "threat-odds", "{\"wizard\": {\"supply\": []}, \"count\": -1}",
      "penumbra-cli: $.count: -1 is out of range (0-30)\n" },
    { "threat-odds", "{\"wizard\": {\"supply\": []}}", "penumbra-cli: $.count: missing\n" },
    { "threat-odds", "{\"wizard\": {\"supply\": []}, \"count\": 3, \"dice\": []}",
      "penumbra-cli: $.dice: unknown key\n" },
    { "threat-odds", "{\"wizard\": {\"supply\": [], \"marks\": [{\"kind\": \"ruby\"}]},"
      " \"count\": 3}", "penumbra-cli: $.wizard.marks[0].value: missing\n" },
    { "threat-odds", "[]", "penumbra-cli: $: expected an object, found an array\n" },
    { "threat-odds", "", NULL },
    { "threat-odds", "{\"wizard\": ", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(CliRun) run = { 0, };

      run_cli (cases[i].command, cases[i].input, strlen (cases[i].input), &run);
      assert_refusal (&run);
      if (cases[i].message != NULL)
        g_assert_cmpstr (run.err, ==, cases[i].message);
      else
        g_assert_true (g_str_has_prefix (run.err, "penumbra-cli: $: "));
    }
}

/* A few hundred byte-level and JSON-level mutations of good inputs: exit 0 with one JSON
 * document, or exit 2 with the refusal contract; never a crash. */
static void
test_cli_fuzz (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (31337);
  g_autofree char *resolve = g_strdup_printf (
    "{\"wizard\": %s, \"dice\": [2, 2, 4, 5, 6], \"lose_first\": [\"bone\", \"red\"]}",
    example_wizard_json);
  g_autofree char *odds = g_strdup_printf ("{\"wizard\": %s, \"count\": 5}",
                                           example_wizard_json);
  static const char * const splices[] = {
    "null", "true", "-1", "0", "7", "31", "1e400", "2.5", "\"\"", "\"spark\"", "[]", "{}",
    "[1,2,3]", "{\"a\":1}", "\"wounded\"", "\xff", "\\u0000", "99999999999999999999", ",",
    "]", "}", "\"",
  };
  guint n_ok = 0, n_refused = 0;

  for (guint i = 0; i < 400; i++)
    {
      const gboolean is_resolve = i % 2 == 0;
      const char *base = is_resolve ? resolve : odds;
      g_autoptr(GString) text = g_string_new (base);
      g_auto(CliRun) run = { 0, };
      guint n_mutations = g_rand_int_range (rand, 1, 4);

      for (guint m = 0; m < n_mutations; m++)
        {
          guint pos = g_rand_int_range (rand, 0, text->len + 1);

          switch (g_rand_int_range (rand, 0, 5))
            {
            case 0:  /* flip a byte */
              if (pos < text->len)
                text->str[pos] = (char) g_rand_int_range (rand, 1, 256);
              break;
            case 1:  /* cut a piece */
              g_string_erase (text, pos,
                              MIN (text->len - pos, (guint) g_rand_int_range (rand, 1, 8)));
              break;
            case 2:  /* insert a byte */
              g_string_insert_c (text, pos, (char) g_rand_int_range (rand, 1, 256));
              break;
            default:  /* replace a number or a word by some JSON value */
              {
                guint end = pos;

                while (end < text->len && (g_ascii_isalnum (text->str[end])
                                           || text->str[end] == '-'))
                  end++;
                g_string_erase (text, pos, end - pos);
                g_string_insert (text, pos,
                                 splices[g_rand_int_range (rand, 0, G_N_ELEMENTS (splices))]);
              }
              break;
            }
        }

      run_cli (is_resolve ? "threat-resolve" : "threat-odds", text->str, text->len, &run);
      if (run.status == 0)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(JsonNode) node = pen_json_parse (run.out, -1, &error);

          g_assert_no_error (error);
          g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
          g_assert_true (g_str_has_suffix (run.out, "\n"));
          g_assert_cmpstr (run.err, ==, "");
          n_ok++;
        }
      else
        {
          assert_refusal (&run);
          n_refused++;
        }
    }

  /* both branches were exercised */
  g_assert_cmpuint (n_ok, >, 0);
  g_assert_cmpuint (n_refused, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/penumbra/threat/resolve/rulebook-example", test_rulebook_example);
  g_test_add_func ("/penumbra/threat/resolve/rulebook-example-mortal", test_rulebook_example_mortal);
  g_test_add_func ("/penumbra/threat/resolve/second-mark", test_second_mark_takes_the_wound);
  g_test_add_func ("/penumbra/threat/resolve/mortal-once", test_mortal_wound_once);
  g_test_add_func ("/penumbra/threat/resolve/choices", test_choices);
  g_test_add_func ("/penumbra/threat/resolve/order-independence", test_order_independence);
  g_test_add_func ("/penumbra/threat/odds/brute-force", test_odds_brute_force);
  g_test_add_func ("/penumbra/threat/odds/properties", test_odds_properties);
  g_test_add_func ("/penumbra/threat/odds/ignore-supply", test_odds_ignore_supply);
  g_test_add_func ("/penumbra/threat/odds/summary", test_summary_string);
  g_test_add_func ("/penumbra/threat/prep/defend", test_prep_defend);
  g_test_add_func ("/penumbra/threat/prep/cards-and-properties", test_prep_cards_and_properties);
  g_test_add_func ("/penumbra/threat/what-if", test_what_if);
  g_test_add_func ("/penumbra/threat/cli/resolve", test_cli_resolve);
  g_test_add_func ("/penumbra/threat/cli/odds", test_cli_odds);
  g_test_add_func ("/penumbra/threat/cli/bad-input", test_cli_bad_input);
  g_test_add_func ("/penumbra/threat/cli/fuzz", test_cli_fuzz);

  return g_test_run ();
}
