/* test-tasks.c: the task kinds of Contracts and Trials, against the rulebook's examples and
 * brute-force oracles, and `penumbra-cli task`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <gio/gio.h>

#include "pen-json.h"
#include "pen-tasks.h"
#include "pen-types.h"

#define WASTE_SCALE 16

static PenBoard *
board_of (const char *dice)
{
  /* "R5 P3 S2 B6 t" : colour letter (B R O Y G U P S) and face; a lower-case letter marks a
   * temporary die */
  PenBoard *board = pen_board_new ();
  g_auto(GStrv) parts = g_strsplit (dice, " ", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *p = parts[i];
      gboolean temporary = g_ascii_islower (p[0]);
      char letter = g_ascii_toupper (p[0]);
      int color = -1;

      if (*p == '\0')
        continue;
      for (int c = 0; c < PEN_N_COLORS; c++)
        if (pen_color_get_letter (c)[0] == letter)
          color = c;
      g_assert_cmpint (color, >=, 0);
      pen_board_add_die (board, color, p[1] - '0');
      g_array_index (board->supply, PenDieValue, board->supply->len - 1).temporary = temporary;
    }
  return board;
}

static PenTask *
sum_task (guint colors,
          int   at_least)
{
  PenTask *task = pen_task_new (PEN_TASK_DISCARD_SUM);

  task->colors = colors;
  task->at_least = at_least;
  return task;
}

static PenTask *
exact_task (guint        colors,
            const char  *faces)
{
  PenTask *task = pen_task_new (PEN_TASK_DISCARD_EXACT);

  task->colors = colors;
  for (const char *p = faces; *p; p++)
    task->values[task->n_values++] = *p - '0';
  return task;
}

#define C(x) (1u << PEN_COLOR_##x)

static char *
use_string (GArray *use)
{
  GString *s = g_string_new ("");

  for (guint i = 0; i < use->len; i++)
    g_string_append_printf (s, "%s%u", i ? " " : "", g_array_index (use, guint, i));
  return g_string_free (s, FALSE);
}

static void
assert_use (const PenTask  *task,
            const PenBoard *board,
            const char     *expected)
{
  g_autoptr(PenTaskResult) r = pen_task_solve (task, board, NULL);
  g_autofree char *got = use_string (r->use);

  if (expected == NULL)
    {
      g_assert_false (r->feasible);
      g_assert_cmpuint (r->use->len, ==, 0);
      return;
    }
  g_assert_true (r->feasible);
  g_assert_cmpstr (got, ==, expected);
}

/* ---- the rulebook's own examples ---------------------------------------------------------- */

static void
test_book_discard_sum (void)
{
  g_autoptr(PenTask) purple6 = sum_task (C (PURPLE), 6);
  g_autoptr(PenTask) red_purple8 = sum_task (C (RED) | C (PURPLE), 8);
  g_autoptr(PenBoard) a = board_of ("P6");
  g_autoptr(PenBoard) b = board_of ("P3 P4");
  g_autoptr(PenBoard) c = board_of ("P3 B6 P4 P6");
  g_autoptr(PenBoard) d = board_of ("R5 B6 P3 Y6");
  g_autoptr(PenBoard) e = board_of ("P5");
  g_autoptr(PenTaskResult) r = NULL;

  /* "one purple 6, or a purple 3 and a purple 4" */
  assert_use (purple6, a, "0");
  assert_use (purple6, b, "0 1");
  assert_use (purple6, c, "3");          /* one die is cheaper than two */
  assert_use (purple6, e, NULL);
  /* Red and/or Purple in any combination */
  assert_use (red_purple8, d, "0 2");
  r = pen_task_solve (red_purple8, d, NULL);
  g_assert_cmpint (r->sum, ==, 8);
  g_clear_pointer (&r, pen_task_result_free);

  r = pen_task_solve (purple6, e, NULL);
  g_assert_cmpint (r->shortfall, ==, 1);
}

static void
test_book_discard_exact (void)
{
  g_autoptr(PenTask) red55 = exact_task (C (RED), "55");
  g_autoptr(PenTask) yb24 = exact_task (C (YELLOW) | C (BLUE), "24");
  g_autoptr(PenBoard) a = board_of ("R5 R3 R5");
  g_autoptr(PenBoard) b = board_of ("R5 B5 R4");
  g_autoptr(PenBoard) c = board_of ("R5 S5");
  g_autoptr(PenBoard) yy = board_of ("Y4 Y2");
  g_autoptr(PenBoard) yu = board_of ("U4 Y2");
  g_autoptr(PenBoard) uu = board_of ("U2 U4 R2");
  g_autoptr(PenBoard) no = board_of ("Y2 R4 B4");
  g_autoptr(PenTaskResult) r = NULL;

  /* "exactly two Red dice with values 5 and 5" */
  assert_use (red55, a, "0 2");
  assert_use (red55, b, NULL);           /* a Bone die never stands for a Red one */
  assert_use (red55, c, "0 1");          /* a Spark die may */
  /* "Yellow and/or Blue, 2 and 4": any combination */
  assert_use (yb24, yy, "0 1");
  assert_use (yb24, yu, "0 1");
  assert_use (yb24, uu, "0 1");
  assert_use (yb24, no, NULL);
  r = pen_task_solve (yb24, no, NULL);
  g_assert_cmpuint (r->n_missing_values, ==, 1);
  g_assert_cmpuint (r->missing_values[0], ==, 4);
}

static void
test_book_roll_sum (void)
{
  g_autoptr(PenTask) task = pen_task_new (PEN_TASK_ROLL_SUM);
  g_autoptr(PenBoard) board = board_of ("Y1 B3 Y6 S2");
  g_autoptr(PenTaskResult) r = NULL;
  g_autofree char *use = NULL;

  /* "two Yellow dice ... a sum of 7 or more": 21 of 36 rolls */
  task->colors = C (YELLOW);
  task->count = 2;
  task->at_least = 7;
  r = pen_task_solve (task, board, NULL);
  g_assert_true (r->feasible);
  g_assert_cmpfloat_with_epsilon (r->p_success, 21.0 / 36.0, 1e-15);
  use = use_string (r->use);
  g_assert_cmpstr (use, ==, "0 2");   /* the Yellow dice, not the Spark */
  g_assert_cmpfloat (r->p_success_with_crystals, ==, r->p_success);  /* no Crystals */
  g_assert_cmpuint (r->manipulations, ==, 0);
  g_clear_pointer (&r, pen_task_result_free);

  /* "three Purple dice ... 16 or more": 10 of 216 rolls */
  g_assert_cmpfloat_with_epsilon (pen_roll_sum_probability (3, 16), 10.0 / 216.0, 1e-15);

  /* a Spark die stands in for the missing Yellow one */
  g_array_remove_index (board->supply, 0);
  r = pen_task_solve (task, board, NULL);
  g_assert_true (r->feasible);
  g_clear_pointer (&r, pen_task_result_free);
  g_array_remove_index (board->supply, 2);
  r = pen_task_solve (task, board, NULL);
  g_assert_false (r->feasible);
  g_assert_cmpint (r->shortfall, ==, 1);
  g_assert_cmpfloat_with_epsilon (r->p_success, 21.0 / 36.0, 1e-15);
}

static void
test_book_ingredients (void)
{
  g_autoptr(PenTask) task = pen_task_new (PEN_TASK_DISCARD_INGREDIENTS);
  g_autoptr(PenBoard) board = pen_board_new ();
  g_autoptr(PenTaskResult) r = NULL;

  /* "Discard 3 Crystals" */
  task->ingredients[PEN_INGREDIENT_CRYSTAL] = 3;
  board->ingredients[PEN_INGREDIENT_CRYSTAL] = 2;
  r = pen_task_solve (task, board, NULL);
  g_assert_false (r->feasible);
  g_assert_cmpuint (r->missing_ingredients[PEN_INGREDIENT_CRYSTAL], ==, 1);
  g_assert_cmpuint (r->pay[PEN_INGREDIENT_CRYSTAL], ==, 0);
  g_clear_pointer (&r, pen_task_result_free);

  board->ingredients[PEN_INGREDIENT_CRYSTAL] = 3;
  r = pen_task_solve (task, board, NULL);
  g_assert_true (r->feasible);
  g_assert_cmpuint (r->pay[PEN_INGREDIENT_CRYSTAL], ==, 3);
  g_clear_pointer (&r, pen_task_result_free);

  /* Crystal Suppression: Crystals cannot be used at all */
  task->suppress_crystals = TRUE;
  r = pen_task_solve (task, board, NULL);
  g_assert_false (r->feasible);
  g_assert_true (r->crystals_suppressed);
}

static void
test_blood_from_marks (void)
{
  g_autoptr(PenTask) task = pen_task_new (PEN_TASK_DISCARD_INGREDIENTS);
  g_autoptr(PenBoard) board = pen_board_new ();
  g_autoptr(PenTaskResult) r = NULL;
  g_autofree char *marks = NULL;

  /* mark 0 (value 2) is wounded but covered by the charged mark 1 of value 2; mark 3 (value 5)
   * is wounded and uncovered: a Threat 5 would be a Mortal Wound, so it is flipped first */
  pen_board_add_mark (board, PEN_MARK_RUBY, 2, PEN_MARK_WOUNDED);
  pen_board_add_mark (board, PEN_MARK_AMBER, 2, PEN_MARK_CHARGED);
  pen_board_add_mark (board, PEN_MARK_JASPER, 4, PEN_MARK_DISCHARGED);
  pen_board_add_mark (board, PEN_MARK_SPARK, 5, PEN_MARK_WOUNDED);
  board->ingredients[PEN_INGREDIENT_BLOOD] = 2;

  task->ingredients[PEN_INGREDIENT_BLOOD] = 1;
  r = pen_task_solve (task, board, NULL);
  g_assert_true (r->feasible);
  g_assert_cmpuint (r->blood_from_marks, ==, 1);
  marks = use_string (r->marks);
  g_assert_cmpstr (marks, ==, "3");
  g_assert_cmpuint (r->pay[PEN_INGREDIENT_BLOOD], ==, 0);
  g_clear_pointer (&r, pen_task_result_free);
  g_clear_pointer (&marks, g_free);

  /* marks first, then the supply */
  task->ingredients[PEN_INGREDIENT_BLOOD] = 3;
  r = pen_task_solve (task, board, NULL);
  g_assert_true (r->feasible);
  g_assert_cmpuint (r->blood_from_marks, ==, 2);
  g_assert_cmpuint (r->pay[PEN_INGREDIENT_BLOOD], ==, 1);
  marks = use_string (r->marks);
  g_assert_cmpstr (marks, ==, "0 3");
  g_clear_pointer (&r, pen_task_result_free);
  g_clear_pointer (&marks, g_free);

  task->ingredients[PEN_INGREDIENT_BLOOD] = 5;
  r = pen_task_solve (task, board, NULL);
  g_assert_false (r->feasible);
  g_assert_cmpuint (r->missing_ingredients[PEN_INGREDIENT_BLOOD], ==, 1);
  g_assert_cmpuint (r->marks->len, ==, 0);
  g_clear_pointer (&r, pen_task_result_free);

  /* the overrides */
  task->ingredients[PEN_INGREDIENT_BLOOD] = 3;
  task->blood_source = PEN_BLOOD_SUPPLY_FIRST;
  r = pen_task_solve (task, board, NULL);
  g_assert_cmpuint (r->pay[PEN_INGREDIENT_BLOOD], ==, 2);
  g_assert_cmpuint (r->blood_from_marks, ==, 1);
  marks = use_string (r->marks);
  g_assert_cmpstr (marks, ==, "3");
  g_clear_pointer (&r, pen_task_result_free);

  task->blood_source = PEN_BLOOD_SUPPLY_ONLY;
  r = pen_task_solve (task, board, NULL);
  g_assert_false (r->feasible);
}

static void
test_have_experience (void)
{
  g_autoptr(PenTask) task = pen_task_new (PEN_TASK_HAVE_EXPERIENCE);
  g_autoptr(PenBoard) board = board_of ("B1");
  guint experience[PEN_N_SYMBOLS] = { 1, 3, 0, 0, 0, 0 };
  g_autoptr(PenTaskResult) r = NULL;

  /* "Have two Monsters symbols" */
  task->symbols[PEN_SYMBOL_MONSTERS] = 2;
  r = pen_task_solve (task, board, experience);
  g_assert_false (r->feasible);
  g_assert_cmpuint (r->missing_symbols[PEN_SYMBOL_MONSTERS], ==, 1);
  g_clear_pointer (&r, pen_task_result_free);

  experience[PEN_SYMBOL_MONSTERS] = 2;
  r = pen_task_solve (task, board, experience);
  g_assert_true (r->feasible);
  g_assert_cmpuint (r->use->len, ==, 0);   /* nothing is spent */
}

static void
test_substitutions (void)
{
  g_autoptr(PenTask) bone = sum_task (C (BONE), 5);
  g_autoptr(PenTask) spark = sum_task (C (SPARK), 2);
  g_autoptr(PenTask) zero = sum_task (C (RED), -3);
  g_autoptr(PenBoard) a = board_of ("S5 R5 B5");
  g_autoptr(PenBoard) b = board_of ("S5 R5");
  g_autoptr(PenBoard) c = board_of ("R6 B6 S1");
  g_autoptr(PenBoard) d = board_of ("R2 r1 R6");
  g_autoptr(PenBoard) empty = board_of ("B6");

  assert_use (bone, a, "2");      /* the Bone die first */
  assert_use (bone, b, "1");      /* then a coloured one, keeping the Spark */
  assert_use (spark, c, NULL);    /* a Spark task takes Spark dice only */
  /* a target brought down to zero or less still takes one die, the cheapest: the temporary */
  assert_use (zero, d, "1");
  assert_use (zero, empty, NULL);
}

static void
test_weights (void)
{
  g_autoptr(PenBoard) board = board_of ("R1 R2 R3 R4 U5 S6 B1 y2");
  g_autoptr(PenTask) task = sum_task (C (BONE), 1);

  g_assert_cmpuint (pen_task_die_weight (task, board, 0), ==, 130);  /* one of four Red */
  g_assert_cmpuint (pen_task_die_weight (task, board, 4), ==, 220);  /* the only Blue */
  g_assert_cmpuint (pen_task_die_weight (task, board, 5), ==, 300);  /* Spark */
  g_assert_cmpuint (pen_task_die_weight (task, board, 6), ==, 100);  /* Bone */
  g_assert_cmpuint (pen_task_die_weight (task, board, 7), ==, 10);   /* temporary */
  task->weights[PEN_COLOR_SPARK] = 0;
  task->temporary_weight = 500;
  g_assert_cmpuint (pen_task_die_weight (task, board, 5), ==, 0);
  g_assert_cmpuint (pen_task_die_weight (task, board, 7), ==, 500);
  assert_use (task, board, "5");
}

static void
test_shield (void)
{
  /* Shield: any dice for 6 or more; task: Red dice for 6 or more. Alone, the Shield would take
   * the cheap Red 6 (one of six Red dice); together, the Bone dice pay the Shield so that the
   * Red 6 can pay the task. */
  g_autoptr(PenBoard) board = board_of ("R6 R1 R1 R1 R1 R1 B3 B3");
  g_autoptr(PenTask) task = sum_task (C (RED), 6);
  g_autoptr(PenTaskResult) r = NULL;
  g_autoptr(PenTaskResult) alone = NULL;
  g_autofree char *use = NULL;
  g_autofree char *shield_use = NULL;

  task->shield = sum_task (C (BONE), 6);
  alone = pen_task_solve (task->shield, board, NULL);
  g_assert_cmpuint (alone->use->len, ==, 1);
  g_assert_cmpuint (g_array_index (alone->use, guint, 0), ==, 0);

  r = pen_task_solve (task, board, NULL);
  g_assert_true (r->feasible);
  g_assert_true (r->shield_feasible);
  use = use_string (r->use);
  shield_use = use_string (r->shield_use);
  g_assert_cmpstr (use, ==, "0 6 7");
  g_assert_cmpstr (shield_use, ==, "6 7");
  g_assert_cmpint (r->sum, ==, 6);
  g_assert_cmpint (r->shield_sum, ==, 6);
  g_clear_pointer (&r, pen_task_result_free);

  /* both possible alone, not together */
  g_array_set_size (board->supply, 6);
  r = pen_task_solve (task, board, NULL);
  g_assert_false (r->feasible);
  g_assert_true (r->conflict);
  g_assert_cmpuint (r->use->len, ==, 0);
}

static void
test_describe (void)
{
  g_autoptr(PenBoard) board = board_of ("R5 B1 P3");
  g_autoptr(PenTask) task = sum_task (C (RED) | C (PURPLE), 8);
  g_autoptr(PenTaskResult) r = pen_task_solve (task, board, NULL);
  g_autofree char *text = pen_task_result_describe (r, task, board);
  g_autoptr(PenTask) exact = exact_task (C (YELLOW) | C (BLUE), "24");
  g_autoptr(PenBoard) b2 = board_of ("U4 Y2 Y2");
  g_autoptr(PenTaskResult) r2 = pen_task_solve (exact, b2, NULL);
  g_autofree char *text2 = pen_task_result_describe (r2, exact, b2);
  g_autoptr(PenTaskResult) r3 = pen_task_solve (exact, board, NULL);
  g_autofree char *text3 = pen_task_result_describe (r3, exact, board);

  g_assert_cmpstr (text, ==, "Discard the Red 5 and the Purple 3 (sum 8).");
  g_assert_cmpstr (text2, ==, "Discard the Blue 4 and the Yellow 2.");
  g_assert_cmpstr (text3, ==, "Not possible: no die that fits shows 2 and 4.");

  {
    g_autoptr(PenTask) roll = pen_task_new (PEN_TASK_ROLL_SUM);
    g_autoptr(PenTask) pay = pen_task_new (PEN_TASK_DISCARD_INGREDIENTS);
    g_autoptr(PenBoard) b3 = board_of ("Y3 S4");
    g_autoptr(PenTaskResult) r4 = NULL;
    g_autoptr(PenTaskResult) r5 = NULL;
    g_autofree char *text4 = NULL;
    g_autofree char *text5 = NULL;

    roll->colors = C (YELLOW);
    roll->count = 2;
    roll->at_least = 9;
    b3->ingredients[PEN_INGREDIENT_CRYSTAL] = 1;
    r4 = pen_task_solve (roll, b3, NULL);
    text4 = pen_task_result_describe (r4, roll, b3);
    g_assert_cmpstr (text4, ==, "Roll 1 Yellow die and 1 Spark die: 28% chance of 9 or more as "
                     "they fall, 52% with up to 1 Crystal spent well.");

    pay->ingredients[PEN_INGREDIENT_BLOOD] = 2;
    pay->ingredients[PEN_INGREDIENT_CRYSTAL] = 1;
    b3->ingredients[PEN_INGREDIENT_BLOOD] = 1;
    pen_board_add_mark (b3, PEN_MARK_RUBY, 1, PEN_MARK_WOUNDED);
    r5 = pen_task_solve (pay, b3, NULL);
    text5 = pen_task_result_describe (r5, pay, b3);
    g_assert_cmpstr (text5, ==, "Discard 1 Blood and 1 Crystal, and flip 1 wounded Mark for "
                     "Blood.");
  }
}

/* ---- brute-force oracles ------------------------------------------------------------------- */

static gboolean
set_fits (const PenTask  *task,
          const PenBoard *board,
          const guint    *dice,
          guint           n,
          gint64         *waste)
{
  if (n == 0)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!pen_task_color_accepts (task->colors,
                                 g_array_index (board->supply, PenDieValue, dice[i]).color))
      return FALSE;

  if (task->kind == PEN_TASK_DISCARD_SUM)
    {
      int sum = 0;
      for (guint i = 0; i < n; i++)
        sum += g_array_index (board->supply, PenDieValue, dice[i]).value;
      *waste = sum - MAX (task->at_least, 1);
      return *waste >= 0;
    }
  else
    {
      guint want[7] = { 0, }, got[7] = { 0, };
      for (guint i = 0; i < task->n_values; i++)
        want[task->values[i]]++;
      for (guint i = 0; i < n; i++)
        got[g_array_index (board->supply, PenDieValue, dice[i]).value]++;
      *waste = 0;
      return memcmp (want, got, sizeof want) == 0;
    }
}

static gint64
set_weight (const PenTask  *task,
            const PenBoard *board,
            GArray         *use)
{
  gint64 w = 0;

  for (guint i = 0; i < use->len; i++)
    w += pen_task_die_weight (task, board, g_array_index (use, guint, i));
  return w;
}

static PenBoard *
random_board (GRand *rand,
              guint  n)
{
  PenBoard *board = pen_board_new ();

  for (guint i = 0; i < n; i++)
    {
      /* mostly a few colours, so that colours repeat */
      static const PenColor palette[] = {
        PEN_COLOR_BONE, PEN_COLOR_RED, PEN_COLOR_PURPLE, PEN_COLOR_SPARK, PEN_COLOR_YELLOW,
        PEN_COLOR_BONE, PEN_COLOR_RED,
      };
      pen_board_add_die (board, palette[g_rand_int_range (rand, 0, G_N_ELEMENTS (palette))],
                         g_rand_int_range (rand, 1, 7));
      g_array_index (board->supply, PenDieValue, i).temporary = g_rand_int_range (rand, 0, 8) == 0;
    }
  return board;
}

static PenTask *
random_dice_task (GRand *rand)
{
  static const guint masks[] = {
    C (RED), C (RED) | C (PURPLE), C (BONE), C (SPARK), C (YELLOW) | C (BONE), C (PURPLE),
  };
  guint colors = masks[g_rand_int_range (rand, 0, G_N_ELEMENTS (masks))];

  if (g_rand_boolean (rand))
    return sum_task (colors, g_rand_int_range (rand, -2, 25));
  else
    {
      char faces[5] = { 0, };
      guint n = g_rand_int_range (rand, 1, 4);
      for (guint i = 0; i < n; i++)
        faces[i] = '0' + g_rand_int_range (rand, 1, 7);
      return exact_task (colors, faces);
    }
}

static void
test_oracle_single (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261129);

  for (guint round = 0; round < 3000; round++)
    {
      guint n = g_rand_int_range (rand, 0, 11);
      g_autoptr(PenBoard) board = random_board (rand, n);
      g_autoptr(PenTask) task = random_dice_task (rand);
      g_autoptr(PenTaskResult) r = pen_task_solve (task, board, NULL);
      gint64 best = G_MAXINT64, chosen_waste = 0;
      guint dice[16];

      for (guint mask = 0; mask < (1u << n); mask++)
        {
          gint64 w = 0, waste;
          guint k = 0;

          for (guint i = 0; i < n; i++)
            if (mask & (1u << i))
              {
                dice[k++] = i;
                w += pen_task_die_weight (task, board, i);
              }
          if (set_fits (task, board, dice, k, &waste))
            best = MIN (best, w * WASTE_SCALE + waste);
        }

      g_assert_cmpint (r->feasible, ==, best != G_MAXINT64);
      if (!r->feasible)
        {
          g_assert_cmpuint (r->use->len, ==, 0);
          continue;
        }
      for (guint i = 0; i < r->use->len; i++)
        dice[i] = g_array_index (r->use, guint, i);
      g_assert_true (set_fits (task, board, dice, r->use->len, &chosen_waste));
      g_assert_cmpint (set_weight (task, board, r->use) * WASTE_SCALE + chosen_waste, ==, best);
      for (guint i = 1; i < r->use->len; i++)
        g_assert_cmpuint (dice[i - 1], <, dice[i]);
    }
}

static void
test_oracle_shield (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint round = 0; round < 1500; round++)
    {
      guint n = g_rand_int_range (rand, 0, 8);
      g_autoptr(PenBoard) board = random_board (rand, n);
      g_autoptr(PenTask) task = random_dice_task (rand);
      g_autoptr(PenTaskResult) r = NULL;
      gint64 best = G_MAXINT64;
      guint total = 1;

      task->shield = random_dice_task (rand);
      r = pen_task_solve (task, board, NULL);
      for (guint i = 0; i < n; i++)
        total *= 3;

      /* every die: unused, the Shield's or the task's */
      for (guint code = 0; code < total; code++)
        {
          guint a[8], b[8], na = 0, nb = 0, x = code;
          gint64 w = 0, wa, wb;

          for (guint i = 0; i < n; i++, x /= 3)
            {
              if (x % 3 == 1)
                a[na++] = i;
              else if (x % 3 == 2)
                b[nb++] = i;
              if (x % 3 != 0)
                w += pen_task_die_weight (task, board, i);
            }
          if (set_fits (task->shield, board, a, na, &wa) && set_fits (task, board, b, nb, &wb))
            best = MIN (best, w * WASTE_SCALE + wa + wb);
        }

      g_assert_cmpint (r->feasible, ==, best != G_MAXINT64);
      g_assert_true (r->optimal);
      if (r->feasible)
        {
          guint a[8], b[8], na = 0, nb = 0;
          gint64 wa, wb;

          for (guint i = 0; i < r->use->len; i++)
            {
              guint d = g_array_index (r->use, guint, i);
              gboolean in_shield = FALSE;
              for (guint j = 0; j < r->shield_use->len; j++)
                in_shield |= g_array_index (r->shield_use, guint, j) == d;
              if (in_shield)
                a[na++] = d;
              else
                b[nb++] = d;
            }
          g_assert_cmpuint (na, ==, r->shield_use->len);
          g_assert_true (set_fits (task->shield, board, a, na, &wa));
          g_assert_true (set_fits (task, board, b, nb, &wb));
          g_assert_cmpint (set_weight (task, board, r->use) * WASTE_SCALE + wa + wb, ==, best);
        }
      else
        {
          g_assert_cmpuint (r->use->len, ==, 0);
          g_assert_cmpuint (r->shield_use->len, ==, 0);
        }
    }
}

static void
test_large_supply (void)
{
  /* 40 dice, and the full 200: the search is over sums, not subsets */
  g_autoptr(GRand) rand = g_rand_new_with_seed (40);
  g_autoptr(PenBoard) board = random_board (rand, 200);
  g_autoptr(PenTask) task = sum_task (C (BONE), 300);
  g_autoptr(PenTaskResult) r = NULL;
  int total = 0;

  for (guint i = 0; i < board->supply->len; i++)
    total += g_array_index (board->supply, PenDieValue, i).value;
  r = pen_task_solve (task, board, NULL);
  g_assert_true (r->feasible);
  g_assert_cmpint (r->sum, >=, 300);
  g_assert_cmpint (r->sum, <=, 305);
  g_clear_pointer (&r, pen_task_result_free);

  task->at_least = total + 1;
  r = pen_task_solve (task, board, NULL);
  g_assert_false (r->feasible);
  g_assert_cmpint (r->shortfall, ==, 1);
  g_clear_pointer (&r, pen_task_result_free);

  task->shield = sum_task (C (RED), 40);
  task->at_least = 120;
  r = pen_task_solve (task, board, NULL);
  g_assert_true (r->feasible);
  g_assert_true (r->optimal);
  g_assert_cmpint (r->shield_sum, >=, 40);
  g_assert_cmpint (r->sum, >=, 120);
  g_clear_pointer (&r, pen_task_result_free);

  /* a joint table too large to hold: the Shield is chosen first, and the answer says so */
  {
    g_autoptr(PenTask) exact = exact_task (C (BONE), "112233445566");

    exact->shield = sum_task (C (BONE), total / 2);
    r = pen_task_solve (exact, board, NULL);
    g_assert_false (r->optimal);
    g_assert_true (r->feasible);
    g_assert_cmpint (r->shield_sum, >=, total / 2);
    g_assert_cmpuint (r->use->len, ==, r->shield_use->len + 12);
  }
}

static void
test_withstand_after_shield (void)
{
  /* the Shield's 4 leaves the supply before the Threat roll, so a Threat 4 wounds the Mark */
  g_autoptr(PenBoard) board = board_of ("B4 R6");
  g_autoptr(PenTask) task = pen_task_new (PEN_TASK_WITHSTAND);
  g_autoptr(PenTaskResult) r = NULL;
  g_autoptr(PenTaskResult) r2 = NULL;
  g_autofree char *text = NULL;

  pen_board_add_mark (board, PEN_MARK_RUBY, 4, PEN_MARK_WOUNDED);
  task->threat = 1;
  r = pen_task_solve (task, board, NULL);
  g_assert_cmpfloat_with_epsilon (r->p_success, 1.0, 1e-15);
  text = pen_task_result_describe (r, task, board);
  g_assert_cmpstr (text, ==, "Withstand 1 Threat die: 100% chance of no Mortal Wound.");

  task->shield = exact_task (C (BONE), "4");
  r2 = pen_task_solve (task, board, NULL);
  g_assert_true (r2->feasible);
  g_assert_cmpfloat_with_epsilon (r2->p_success, 5.0 / 6.0, 1e-15);
  g_assert_cmpuint (r2->use->len, ==, 1);
  g_assert_cmpuint (g_array_index (r2->use, guint, 0), ==, 0);
}

static void
test_roll_enumeration (void)
{
  for (guint count = 1; count <= 5; count++)
    {
      guint all = 1;

      for (guint i = 0; i < count; i++)
        all *= 6;
      for (int target = -1; target <= 6 * (int) count + 1; target++)
        {
          guint good = 0;

          for (guint code = 0; code < all; code++)
            {
              int sum = 0;
              for (guint i = 0, x = code; i < count; i++, x /= 6)
                sum += x % 6 + 1;
              good += sum >= target;
            }
          g_assert_cmpfloat_with_epsilon (pen_roll_sum_probability (count, target),
                                          (double) good / all, 1e-14);
        }
    }
}

/* Independent expectimax over ordered faces, no memory, no tie-breaks. */
static double
expectimax (guint8 *faces,
            guint   count,
            int     target,
            guint   crystals)
{
  double best;
  int sum = 0;

  for (guint i = 0; i < count; i++)
    sum += faces[i];
  if (sum >= target)
    return 1.0;
  best = 0.0;
  for (guint i = 0; i < count; i++)
    {
      guint8 keep = faces[i];

      if (crystals >= 1)
        {
          double v = 0.0;
          for (guint8 g = 1; g <= 6; g++)
            {
              faces[i] = g;
              v += expectimax (faces, count, target, crystals - 1) / 6.0;
            }
          best = MAX (best, v);
        }
      if (crystals >= 2)
        {
          guint8 options[3] = { 7 - keep, keep < 6 ? keep + 1 : 0, keep > 1 ? keep - 1 : 0 };
          for (guint k = 0; k < 3; k++)
            if (options[k] != 0)
              {
                faces[i] = options[k];
                best = MAX (best, expectimax (faces, count, target, crystals - 2));
              }
        }
      faces[i] = keep;
    }
  return best;
}

static double
expectimax_before_roll (guint count,
                        int   target,
                        guint crystals)
{
  guint all = 1;
  double p = 0.0;

  for (guint i = 0; i < count; i++)
    all *= 6;
  for (guint code = 0; code < all; code++)
    {
      guint8 faces[4];
      for (guint i = 0, x = code; i < count; i++, x /= 6)
        faces[i] = x % 6 + 1;
      p += expectimax (faces, count, target, crystals) / all;
    }
  return p;
}

static void
test_crystal_policy (void)
{
  guint all = (1u << PEN_MANIPULATE_REROLL) | (1u << PEN_MANIPULATE_ADJUST)
              | (1u << PEN_MANIPULATE_FLIP);
  g_autoptr(PenTask) task = pen_task_new (PEN_TASK_ROLL_SUM);
  g_autoptr(PenBoard) board = board_of ("Y1 Y2");
  g_autoptr(PenTaskResult) r = NULL;
  double issue;

  for (guint count = 1; count <= 3; count++)
    for (guint crystals = 0; crystals <= (count == 3 ? 3 : 4); crystals++)
      for (int target = 2; target <= 6 * (int) count + 1; target += (count == 3 ? 3 : 1))
        {
          g_autoptr(PenRollPolicy) policy = pen_roll_policy_new (count, target, crystals, all);
          double expected = expectimax_before_roll (count, target, crystals);

          g_assert_cmpfloat_with_epsilon (pen_roll_policy_get_p_success (policy), expected,
                                          1e-9);
          if (crystals == 0)
            g_assert_cmpfloat_with_epsilon (pen_roll_policy_get_p_success (policy),
                                            pen_roll_sum_probability (count, target), 1e-12);
        }

  /* The issue's example: two Yellow dice for 7 or more, 58% as they fall, higher with up to two
   * Crystals spent well. */
  issue = expectimax_before_roll (2, 7, 2);
  task->colors = C (YELLOW);
  task->count = 2;
  task->at_least = 7;
  board->ingredients[PEN_INGREDIENT_CRYSTAL] = 5;
  task->max_crystals = 2;
  r = pen_task_solve (task, board, NULL);
  g_assert_cmpuint (r->crystals, ==, 2);
  g_assert_cmpuint (r->manipulations, ==, all);
  g_assert_cmpfloat_with_epsilon (r->p_success_with_crystals, issue, 1e-12);
  g_assert_cmpfloat (r->p_success_with_crystals, >, r->p_success);
  g_test_message ("2 Yellow for 7+: %.4f as they fall, %.4f with 2 Crystals (%.3f spent)",
                  r->p_success, r->p_success_with_crystals, r->expected_crystals);
  g_clear_pointer (&r, pen_task_result_free);

  /* one Crystal: rerolls only */
  task->max_crystals = 1;
  r = pen_task_solve (task, board, NULL);
  g_assert_cmpuint (r->manipulations, ==, 1u << PEN_MANIPULATE_REROLL);
  g_assert_cmpfloat_with_epsilon (r->p_success_with_crystals, expectimax_before_roll (2, 7, 1),
                                  1e-12);
  g_clear_pointer (&r, pen_task_result_free);

  /* Crystal Suppression */
  task->max_crystals = -1;
  task->suppress_crystals = TRUE;
  r = pen_task_solve (task, board, NULL);
  g_assert_cmpuint (r->crystals, ==, 0);
  g_assert_cmpuint (r->manipulations, ==, 0);
  g_assert_cmpfloat (r->p_success_with_crystals, ==, r->p_success);
  g_clear_pointer (&r, pen_task_result_free);

  /* advice: 1 and 2 showing, 7 needed, 2 Crystals: flip the 1 to a 6 (8) */
  task->suppress_crystals = FALSE;
  task->max_crystals = 2;
  task->n_rolled = 2;
  task->rolled[0] = 2;
  task->rolled[1] = 1;
  r = pen_task_solve (task, board, NULL);
  g_assert_true (r->has_advice);
  g_assert_cmpint (r->advice_action, ==, PEN_ROLL_FLIP);
  g_assert_cmpuint (r->advice_value, ==, 1);
  g_assert_cmpfloat (r->advice_p, ==, 1.0);
  g_clear_pointer (&r, pen_task_result_free);

  /* already enough: stop */
  task->rolled[0] = 6;
  r = pen_task_solve (task, board, NULL);
  g_assert_cmpint (r->advice_action, ==, PEN_ROLL_STOP);
}

static void
test_policy_advice_consistent (void)
{
  /* the advised action's odds are those the policy promises */
  guint all = (1u << PEN_MANIPULATE_REROLL) | (1u << PEN_MANIPULATE_ADJUST)
              | (1u << PEN_MANIPULATE_FLIP);
  g_autoptr(PenRollPolicy) policy = pen_roll_policy_new (3, 14, 4, all);

  for (guint code = 0; code < 216; code++)
    for (guint c = 0; c <= 4; c++)
      {
        guint8 faces[3];
        guint face;
        double p;
        PenRollAction action;

        for (guint i = 0, x = code; i < 3; i++, x /= 6)
          faces[i] = x % 6 + 1;
        action = pen_roll_policy_advise (policy, faces, c, &face, &p);
        g_assert_cmpfloat_with_epsilon (p, expectimax (faces, 3, 14, c), 1e-9);
        if (action != PEN_ROLL_STOP)
          g_assert_true (face == faces[0] || face == faces[1] || face == faces[2]);
      }
}

/* Resolves one Threat roll by the rulebook, die by die; TRUE on a Mortal Wound. */
static gboolean
threat_mortal (const PenBoard *board,
               const guint8   *dice,
               guint           n)
{
  g_autoptr(PenBoard) b = pen_board_copy (board);
  gboolean mortal = FALSE;

  for (guint k = 0; k < n; k++)
    {
      gboolean done = FALSE;

      for (guint i = 0; i < b->supply->len && !done; i++)
        if (g_array_index (b->supply, PenDieValue, i).value == dice[k])
          {
            g_array_remove_index (b->supply, i);
            done = TRUE;
          }
      for (guint i = 0; i < b->marks->len && !done; i++)
        {
          PenMarkValue *m = &g_array_index (b->marks, PenMarkValue, i);
          if (m->value == dice[k] && m->state != PEN_MARK_WOUNDED)
            {
              m->state = PEN_MARK_WOUNDED;
              done = TRUE;
            }
        }
      for (guint i = 0; i < b->marks->len && !done; i++)
        {
          PenMarkValue *m = &g_array_index (b->marks, PenMarkValue, i);
          if (m->value == dice[k])
            mortal = done = TRUE;
        }
    }
  return mortal;
}

static void
test_withstand_oracle (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);

  for (guint round = 0; round < 60; round++)
    {
      g_autoptr(PenBoard) board = random_board (rand, g_rand_int_range (rand, 0, 5));
      guint threat = g_rand_int_range (rand, 0, 5), all = 1, safe = 0;
      g_autoptr(PenTask) task = pen_task_new (PEN_TASK_WITHSTAND);
      g_autoptr(PenTaskResult) r = NULL;

      for (guint m = g_rand_int_range (rand, 0, 5); m > 0; m--)
        pen_board_add_mark (board, g_rand_int_range (rand, 0, PEN_N_MARK_KINDS),
                            g_rand_int_range (rand, 1, 7), g_rand_int_range (rand, 0, 3));
      for (guint i = 0; i < threat; i++)
        all *= 6;
      for (guint code = 0; code < all; code++)
        {
          guint8 dice[5];
          for (guint i = 0, x = code; i < threat; i++, x /= 6)
            dice[i] = x % 6 + 1;
          safe += !threat_mortal (board, dice, threat);
        }
      task->threat = threat;
      r = pen_task_solve (task, board, NULL);
      g_assert_true (r->feasible);
      g_assert_cmpfloat_with_epsilon (r->p_success, (double) safe / all, 1e-12);
    }
}


/* ---- Crystals for dice that do not fit ------------------------------------------------------ */

static void
test_crystal_plan (void)
{
  g_autoptr(PenTask) red55 = exact_task (C (RED), "55");
  g_autoptr(PenBoard) board = board_of ("R5 R2 B5");
  g_autoptr(PenTaskResult) r = NULL;
  g_autofree char *text = NULL;
  const PenTaskChange *c;

  board->ingredients[PEN_INGREDIENT_CRYSTAL] = 5;
  r = pen_task_solve (red55, board, NULL);
  g_assert_false (r->feasible);
  g_assert_true (r->has_plan);
  g_assert_true (r->plan_feasible);
  /* flipping the Red 2 (2 Crystals) beats recolouring the Bone 5 (3) */
  g_assert_cmpuint (r->plan_crystals, ==, 2);
  g_assert_cmpuint (r->plan_use->len, ==, 2);
  g_assert_cmpuint (r->plan_changes->len, ==, 1);
  c = &g_array_index (r->plan_changes, PenTaskChange, 0);
  g_assert_cmpuint (c->index, ==, 1);
  g_assert_cmpint (c->color, ==, PEN_COLOR_RED);
  g_assert_cmpuint (c->value, ==, 5);
  g_assert_cmpuint (c->crystals, ==, 2);
  text = pen_task_result_describe (r, red55, board);
  g_assert_cmpstr (text, ==, "Not possible: no die that fits shows 5. With 2 Crystals it can "
                   "be done: turn the Red 2 into a Red 5.");
  g_clear_pointer (&r, pen_task_result_free);

  /* not enough Crystals, or none allowed */
  board->ingredients[PEN_INGREDIENT_CRYSTAL] = 1;
  r = pen_task_solve (red55, board, NULL);
  g_assert_true (r->has_plan);
  g_assert_false (r->plan_feasible);
  g_assert_cmpuint (r->plan_changes->len, ==, 0);
  g_clear_pointer (&r, pen_task_result_free);
  board->ingredients[PEN_INGREDIENT_CRYSTAL] = 5;
  red55->suppress_crystals = TRUE;
  r = pen_task_solve (red55, board, NULL);
  g_assert_false (r->plan_feasible);
  g_clear_pointer (&r, pen_task_result_free);

  /* a roll short of a Yellow die: recolour the Bone die (3), and 2 Crystals are left for the
   * roll, enough to flip the lower die of any pair under 7 */
  {
    g_autoptr(PenTask) roll = pen_task_new (PEN_TASK_ROLL_SUM);
    g_autoptr(PenBoard) b2 = board_of ("Y3 B2");

    roll->colors = C (YELLOW);
    roll->count = 2;
    roll->at_least = 7;
    b2->ingredients[PEN_INGREDIENT_CRYSTAL] = 5;
    r = pen_task_solve (roll, b2, NULL);
    g_assert_false (r->feasible);
    g_assert_true (r->plan_feasible);
    g_assert_cmpuint (r->plan_crystals, ==, 3);
    g_assert_cmpfloat_with_epsilon (r->plan_p_success, 1.0, 1e-12);
  }
}

static int
oracle_crystals (guint          colors,
                 const PenDieValue *die,
                 guint          to)
{
  /* Dijkstra over faces by hand: adjust ±1 and flip, 2 Crystals each */
  int dist[7];
  gboolean done[7] = { FALSE, };
  int colour = 0;

  if (!pen_task_color_accepts (colors, die->color))
    {
      if ((colors & (C (RED) | C (ORANGE) | C (YELLOW) | C (GREEN) | C (BLUE) | C (PURPLE))) == 0)
        return -1;
      colour = 3;
    }
  for (guint f = 1; f <= 6; f++)
    dist[f] = 1000;
  dist[die->value] = 0;
  for (guint round = 0; round < 6; round++)
    {
      guint u = 0;
      for (guint f = 1; f <= 6; f++)
        if (!done[f] && (u == 0 || dist[f] < dist[u]))
          u = f;
      done[u] = TRUE;
      if (u > 1)
        dist[u - 1] = MIN (dist[u - 1], dist[u] + 2);
      if (u < 6)
        dist[u + 1] = MIN (dist[u + 1], dist[u] + 2);
      dist[7 - u] = MIN (dist[7 - u], dist[u] + 2);
    }
  return colour + dist[to];
}

static void
test_oracle_crystal_plan (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  guint plans = 0;

  for (guint round = 0; round < 1500; round++)
    {
      guint n = g_rand_int_range (rand, 0, 6);
      g_autoptr(PenBoard) board = random_board (rand, n);
      g_autoptr(PenTask) task = random_dice_task (rand);
      g_autoptr(PenTaskResult) r = NULL;
      g_autoptr(PenBoard) trial = NULL;
      gint64 best = G_MAXINT64;
      guint budget = g_rand_int_range (rand, 0, 13), total = 1;

      board->ingredients[PEN_INGREDIENT_CRYSTAL] = budget;
      r = pen_task_solve (task, board, NULL);
      if (r->feasible)
        {
          g_assert_false (r->has_plan);
          continue;
        }
      g_assert_true (r->has_plan);

      trial = pen_board_copy (board);
      for (guint i = 0; i < n; i++)
        total *= 7;
      /* every die: unused (0) or spent showing face 1..6 */
      for (guint code = 0; code < total; code++)
        {
          guint dice[8], k = 0, x = code;
          gint64 w = 0, crystals = 0, waste;
          gboolean possible = TRUE;

          /* an empty supply has no array to copy from (NULL): nothing to copy */
          if (n > 0)
            memcpy (trial->supply->data, board->supply->data, n * sizeof (PenDieValue));

          for (guint i = 0; i < n; i++, x /= 7)
            {
              PenDieValue *die = &g_array_index (trial->supply, PenDieValue, i);
              int cost;

              if (x % 7 == 0)
                continue;
              cost = oracle_crystals (task->colors, die, x % 7);
              if (cost < 0)
                possible = FALSE;
              crystals += cost;
              w += pen_task_die_weight (task, board, i);
              /* the changed die fits the task now */
              die->value = x % 7;
              if (!pen_task_color_accepts (task->colors, die->color))
                die->color = PEN_COLOR_RED + g_bit_nth_lsf (task->colors >> PEN_COLOR_RED, -1);
              dice[k++] = i;
            }
          if (possible && set_fits (task, trial, dice, k, &waste))
            best = MIN (best, (crystals << 40) + w * WASTE_SCALE + waste);
        }

      if (best == G_MAXINT64 || (best >> 40) > budget)
        {
          g_assert_false (r->plan_feasible);
          continue;
        }
      plans++;
      g_assert_true (r->plan_feasible);
      g_assert_cmpint (r->plan_crystals, ==, best >> 40);
      {
        g_autoptr(PenBoard) changed = pen_board_copy (board);
        guint dice[8];
        gint64 waste;

        for (guint i = 0; i < r->plan_changes->len; i++)
          {
            const PenTaskChange *c = &g_array_index (r->plan_changes, PenTaskChange, i);
            PenDieValue *die = &g_array_index (changed->supply, PenDieValue, c->index);

            g_assert_cmpint (c->from_color, ==, die->color);
            g_assert_cmpuint (c->from_value, ==, die->value);
            g_assert_cmpint (c->crystals, ==, oracle_crystals (task->colors, die, c->value));
            die->color = c->color;
            die->value = c->value;
          }
        for (guint i = 0; i < r->plan_use->len; i++)
          dice[i] = g_array_index (r->plan_use, guint, i);
        g_assert_true (set_fits (task, changed, dice, r->plan_use->len, &waste));
        g_assert_cmpint (((gint64) r->plan_crystals << 40)
                         + set_weight (task, board, r->plan_use) * WASTE_SCALE + waste, ==, best);
      }
    }
  g_test_message ("%u plans checked", plans);
  g_assert_cmpuint (plans, >, 50);
}

static void
test_oracle_shield_plan (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (13);
  guint plans = 0;

  for (guint round = 0; round < 300; round++)
    {
      guint n = g_rand_int_range (rand, 0, 5), total = 1;
      g_autoptr(PenBoard) board = random_board (rand, n);
      g_autoptr(PenTask) task = random_dice_task (rand);
      g_autoptr(PenTaskResult) r = NULL;
      guint budget = g_rand_int_range (rand, 0, 13);
      gint64 best = G_MAXINT64;
      g_autoptr(PenBoard) sa = NULL;
      g_autoptr(PenBoard) sb = NULL;

      task->shield = random_dice_task (rand);
      board->ingredients[PEN_INGREDIENT_CRYSTAL] = budget;
      r = pen_task_solve (task, board, NULL);
      if (r->feasible)
        continue;
      g_assert_true (r->has_plan);

      sa = pen_board_copy (board);
      sb = pen_board_copy (board);
      for (guint i = 0; i < n; i++)
        total *= 13;
      /* every die: unused (0), the Shield's showing 1..6, or the task's showing 1..6 */
      for (guint code = 0; code < total; code++)
        {
          guint a[8], b[8], na = 0, nb = 0, x = code;
          gint64 w = 0, crystals = 0, wa, wb;
          gboolean possible = TRUE;

          /* the boards start each assignment as the wizard's */
          if (n > 0)
            {
              memcpy (sa->supply->data, board->supply->data, n * sizeof (PenDieValue));
              memcpy (sb->supply->data, board->supply->data, n * sizeof (PenDieValue));
            }
          for (guint i = 0; i < n; i++, x /= 13)
            {
              const PenTask *t = x % 13 <= 6 ? task->shield : task;
              PenBoard *changed = x % 13 <= 6 ? sa : sb;
              PenDieValue *die = &g_array_index (changed->supply, PenDieValue, i);
              guint face = (x % 13 - 1) % 6 + 1;
              int cost;

              if (x % 13 == 0)
                continue;
              cost = oracle_crystals (t->colors, die, face);
              possible &= cost >= 0;
              crystals += cost;
              w += pen_task_die_weight (task, board, i);
              die->value = face;
              if (!pen_task_color_accepts (t->colors, die->color))
                die->color = PEN_COLOR_RED + g_bit_nth_lsf (t->colors >> PEN_COLOR_RED, -1);
              if (t == task)
                b[nb++] = i;
              else
                a[na++] = i;
            }
          if (possible && set_fits (task->shield, sa, a, na, &wa)
              && set_fits (task, sb, b, nb, &wb))
            best = MIN (best, (crystals << 40) + w * WASTE_SCALE + wa + wb);
        }

      if (best == G_MAXINT64 || (best >> 40) > budget)
        {
          g_assert_false (r->plan_feasible);
          continue;
        }
      plans++;
      g_assert_true (r->plan_feasible);
      g_assert_cmpint (r->plan_crystals, ==, best >> 40);
      {
        g_autoptr(PenBoard) changed = pen_board_copy (board);
        guint a[8], b[8], na = 0, nb = 0;
        gint64 wa, wb;

        for (guint i = 0; i < r->plan_changes->len; i++)
          {
            const PenTaskChange *c = &g_array_index (r->plan_changes, PenTaskChange, i);
            PenDieValue *die = &g_array_index (changed->supply, PenDieValue, c->index);
            die->color = c->color;
            die->value = c->value;
          }
        for (guint i = 0; i < r->plan_use->len; i++)
          {
            guint d = g_array_index (r->plan_use, guint, i);
            gboolean in_shield = FALSE;

            for (guint j = 0; j < r->plan_shield_use->len; j++)
              in_shield |= g_array_index (r->plan_shield_use, guint, j) == d;
            if (in_shield)
              a[na++] = d;
            else
              b[nb++] = d;
          }
        g_assert_cmpuint (na, ==, r->plan_shield_use->len);
        g_assert_true (set_fits (task->shield, changed, a, na, &wa));
        g_assert_true (set_fits (task, changed, b, nb, &wb));
        g_assert_cmpint (((gint64) r->plan_crystals << 40)
                         + set_weight (task, board, r->plan_use) * WASTE_SCALE + wa + wb, ==, best);
      }
    }
  g_test_message ("%u Shield plans checked", plans);
  g_assert_cmpuint (plans, >, 20);
}

/* ---- the CLI ------------------------------------------------------------------------------- */

static int
run_cli (const char  *input,
         char       **out,
         char       **err)
{
  const char *cli = g_getenv ("PENUMBRA_CLI");
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) in = g_bytes_new (input, strlen (input));
  g_autoptr(GBytes) o = NULL;
  g_autoptr(GBytes) e = NULL;

  g_assert_nonnull (cli);
  proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                           | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error, cli, "task", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate (proc, in, NULL, &o, &e, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));   /* no crash, whatever the input */
  *out = g_strndup (g_bytes_get_size (o) ? g_bytes_get_data (o, NULL) : "", g_bytes_get_size (o));
  *err = g_strndup (g_bytes_get_size (e) ? g_bytes_get_data (e, NULL) : "", g_bytes_get_size (e));
  return g_subprocess_get_exit_status (proc);
}

static JsonObject *
cli_ok (const char *input,
        JsonNode  **keep)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = run_cli (input, &out, &err);

  if (status != 0)
    g_test_message ("input %s\nstderr %s", input, err);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (err, ==, "");
  g_assert_true (g_str_has_suffix (out, "}\n"));
  *keep = pen_json_parse (out, -1, &error);
  g_assert_no_error (error);
  return json_node_get_object (*keep);
}

static void
test_cli_good (void)
{
  g_autoptr(JsonNode) n1 = NULL, n2 = NULL, n3 = NULL, n4 = NULL, n5 = NULL, n6 = NULL;
  g_autoptr(JsonNode) n7 = NULL;
  JsonObject *o;
  JsonArray *use;

  o = cli_ok ("{\"wizard\": {\"supply\": [{\"color\": \"red\", \"value\": 5},"
              " {\"color\": \"bone\", \"value\": 6}, {\"color\": \"purple\", \"value\": 3}]},"
              " \"task\": {\"kind\": \"discard-sum\", \"colors\": [\"red\", \"purple\"],"
              " \"at_least\": 8}}", &n1);
  g_assert_true (json_object_get_boolean_member (o, "feasible"));
  use = json_object_get_array_member (o, "use");
  g_assert_cmpuint (json_array_get_length (use), ==, 2);
  g_assert_cmpint (json_array_get_int_element (use, 0), ==, 0);
  g_assert_cmpint (json_array_get_int_element (use, 1), ==, 2);
  g_assert_cmpint (json_object_get_int_member (o, "sum"), ==, 8);

  o = cli_ok ("{\"wizard\": {\"supply\": [{\"color\": \"yellow\", \"value\": 1},"
              " {\"color\": \"yellow\", \"value\": 2}], \"ingredients\": {\"crystal\": 2}},"
              " \"task\": {\"kind\": \"roll-sum\", \"color\": \"yellow\", \"count\": 2,"
              " \"at_least\": 7, \"rolled\": [1, 2]}}", &n2);
  g_assert_true (json_object_get_boolean_member (o, "feasible"));
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o, "p_success"), 21.0 / 36.0,
                                  1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o, "p_success_with_crystals"),
                                  expectimax_before_roll (2, 7, 2), 1e-12);
  g_assert_cmpint (json_object_get_int_member (o, "crystals"), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "manipulations")),
                    ==, 3);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (o, "advice"),
                                                  "action"), ==, "flip");

  o = cli_ok ("{\"wizard\": {\"supply\": [], \"marks\": [{\"kind\": \"ruby\", \"value\": 3,"
              " \"state\": \"wounded\"}], \"ingredients\": {\"blood\": 1, \"crystal\": 3}},"
              " \"task\": {\"kind\": \"discard-ingredients\", \"ingredients\": {\"blood\": 2,"
              " \"crystal\": 3}}}", &n3);
  g_assert_true (json_object_get_boolean_member (o, "feasible"));
  g_assert_cmpint (json_object_get_int_member (o, "blood_from_marks"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "pay"),
                                               "blood"), ==, 1);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (o, "marks"), 0),
                   ==, 0);

  o = cli_ok ("{\"wizard\": {\"supply\": [{\"color\": \"spark\", \"value\": 2}]},"
              " \"task\": {\"kind\": \"withstand\", \"threat\": 0}}", &n4);
  g_assert_cmpfloat (json_object_get_double_member (o, "p_success"), ==, 1.0);

  o = cli_ok ("{\"wizard\": {\"supply\": []}, \"experience\": {\"monsters\": 1},"
              " \"task\": {\"kind\": \"have-experience\", \"symbols\": {\"monsters\": 2}}}", &n5);
  g_assert_false (json_object_get_boolean_member (o, "feasible"));
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "shortfall"),
                                               "monsters"), ==, 1);

  o = cli_ok ("{\"wizard\": {\"supply\": [{\"color\": \"yellow\", \"value\": 2},"
              " {\"color\": \"blue\", \"value\": 4}, {\"color\": \"bone\", \"value\": 5}]},"
              " \"task\": {\"kind\": \"discard-exact\", \"colors\": [\"yellow\", \"blue\"],"
              " \"values\": [2, 4], \"shield\": {\"kind\": \"discard-sum\", \"colors\":"
              " [\"bone\"], \"at_least\": 5}}, \"seed\": 3}", &n6);
  g_assert_true (json_object_get_boolean_member (o, "feasible"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "use")), ==, 3);
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (o, "shield"),
                                                 "feasible"));

  o = cli_ok ("{\"wizard\": {\"supply\": [{\"color\": \"spark\", \"value\": 6},"
              " {\"color\": \"red\", \"value\": 6}]}, \"task\": {\"kind\": \"discard-sum\","
              " \"colors\": [\"red\"], \"at_least\": 6, \"weights\": {\"spark\": 0}},"
              " \"extra\": {\"note\": 1}}", &n7);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (o, "use"), 0),
                   ==, 0);
}

static void
test_cli_bad (void)
{
  static const struct { const char *input; const char *message; } cases[] = {
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"x\"}}",
      "$.task.kind: \"x\" is not a known task kind" },
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"discard-sum\", \"colors\":"
      " [\"red\", \"pink\"], \"at_least\": 3}}",
      "$.task.colors[1]: \"pink\" is not a known die colour" },
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"discard-sum\", \"colors\":"
      " [\"red\"]}}", "$.task.at_least: missing" },
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"discard-sum\", \"colors\":"
      " [\"red\"], \"at_least\": 3, \"values\": [1]}}", "$.task.values: unknown key" },
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"discard-exact\", \"colors\":"
      " [\"red\"], \"values\": [1, 7]}}", "$.task.values[1]: 7 is not a die face (1-6)" },
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"discard-exact\", \"colors\":"
      " [], \"values\": [1]}}", "$.task.colors: name at least one die colour" },
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"roll-sum\", \"color\":"
      " \"yellow\", \"count\": 11, \"at_least\": 7}}", "$.task.count: 11 is out of range (1-10)" },
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"roll-sum\", \"color\":"
      " \"yellow\", \"count\": 2, \"at_least\": 7, \"rolled\": [1]}}",
      "$.task.rolled: expected 2 faces, found 1" },
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"withstand\", \"threat\": 31}}",
      "$.task.threat: 31 is out of range (0-30)" },
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"discard-ingredients\","
      " \"ingredients\": {\"gold\": 1}}}", "$.task.ingredients.gold: unknown key" },
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"have-experience\","
      " \"symbols\": {}}, \"experience\": {\"monsters\": -1}}",
      "$.experience.monsters: -1 is out of range (0-999)" },
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"withstand\", \"threat\": 1,"
      " \"shield\": {\"kind\": \"withstand\", \"threat\": 1}}}",
      "$.task.shield.kind: a Shield is a discard-sum or discard-exact task, not withstand" },
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"withstand\", \"threat\": 1,"
      " \"shield\": {\"kind\": \"discard-sum\", \"colors\": [\"red\"], \"at_least\": 1,"
      " \"shield\": {}}}}", "$.task.shield.shield: unknown key" },
    { "{\"wizard\": {\"supply\": []}}", "$.task: missing" },
    { "{\"task\": {\"kind\": \"withstand\", \"threat\": 1}}", "$.wizard: missing" },
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"withstand\", \"threat\": 1},"
      " \"taks\": 1}", "$.taks: unknown key" },
    { "{\"wizard\": {\"supply\": [{\"color\": \"red\", \"value\": 9}]}, \"task\": {}}",
      "$.wizard.supply[0].value: 9 is not a die face (1-6)" },
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"discard-sum\", \"colors\":"
      " [\"red\", \"red\"], \"at_least\": 1}}", "$.task.colors[1]: \"red\" is listed twice" },
    { "{\"wizard\": {\"supply\": []}, \"task\": {\"kind\": \"discard-sum\", \"colors\":"
      " [\"red\"], \"at_least\": 1, \"weights\": {\"red\": -4}}}",
      "$.task.weights.red: -4 is out of range (0-10000)" },
    { "[]", NULL },
    { "", NULL },
    { "{\"wizard\": ", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status = run_cli (cases[i].input, &out, &err);

      g_assert_cmpint (status, ==, 2);
      g_assert_cmpstr (out, ==, "");
      g_assert_true (g_str_has_prefix (err, "penumbra-cli: $"));
      g_assert_true (g_str_has_suffix (err, "\n"));
      g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);   /* one line */
      if (cases[i].message != NULL)
        {
          g_autofree char *expected = g_strdup_printf ("penumbra-cli: %s\n", cases[i].message);
          g_assert_cmpstr (err, ==, expected);
        }
    }
}

static void
test_cli_fuzz (void)
{
  static const char * const seeds[] = {
    "{\"wizard\": {\"supply\": [{\"color\": \"red\", \"value\": 5}, {\"color\": \"spark\","
    " \"value\": 3}], \"marks\": [{\"kind\": \"ruby\", \"value\": 5, \"state\": \"wounded\"}],"
    " \"ingredients\": {\"blood\": 1, \"crystal\": 4}}, \"task\": {\"kind\": \"discard-sum\","
    " \"colors\": [\"red\"], \"at_least\": 8, \"shield\": {\"kind\": \"discard-exact\","
    " \"colors\": [\"bone\"], \"values\": [3]}}}",
    "{\"wizard\": {\"supply\": [{\"color\": \"yellow\", \"value\": 2}], \"ingredients\":"
    " {\"crystal\": 12}}, \"task\": {\"kind\": \"roll-sum\", \"color\": \"yellow\", \"count\": 1,"
    " \"at_least\": 5, \"max_crystals\": 3, \"rolled\": [2]}}",
    "{\"wizard\": {\"supply\": [], \"marks\": [{\"kind\": \"spark\", \"value\": 1}]},"
    " \"task\": {\"kind\": \"discard-ingredients\", \"ingredients\": {\"blood\": 1},"
    " \"blood_source\": \"supply-first\"}}",
    "{\"wizard\": {\"supply\": [{\"color\": \"bone\", \"value\": 4}]}, \"experience\":"
    " {\"wilds\": 2}, \"task\": {\"kind\": \"have-experience\", \"symbols\": {\"wilds\": 1}}}",
    "{\"wizard\": {\"supply\": [{\"color\": \"bone\", \"value\": 4}], \"marks\": [{\"kind\":"
    " \"amber\", \"value\": 4, \"state\": \"wounded\"}]}, \"task\": {\"kind\": \"withstand\","
    " \"threat\": 3}}",
  };
  static const char * const junk[] = {
    "-1", "0", "7", "1.5", "\"red\"", "\"x\"", "null", "true", "[]", "{}", "[1,2,3]", "1e308",
    "99999999999999999999", "\"discard-sum\"", "\"roll-sum\"", "[\"red\",\"spark\"]", "30",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  guint ok = 0, bad = 0;

  for (guint round = 0; round < 300; round++)
    {
      GString *s = g_string_new (seeds[g_rand_int_range (rand, 0, G_N_ELEMENTS (seeds))]);
      g_autofree char *input = NULL;
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status;

      for (guint k = g_rand_int_range (rand, 1, 4); k > 0; k--)
        {
          guint pos = g_rand_int_range (rand, 0, s->len);
          switch (g_rand_int_range (rand, 0, 4))
            {
            case 0:   /* replace a value after a colon */
              {
                const char *colon = strchr (s->str + pos, ':');
                if (colon != NULL)
                  {
                    guint start = colon - s->str + 1, end = start + 1;
                    while (end < s->len && s->str[end] != ',' && s->str[end] != '}'
                           && s->str[end] != ']')
                      end++;
                    g_string_erase (s, start, end - start);
                    g_string_insert (s, start, junk[g_rand_int_range (rand, 0,
                                                                      G_N_ELEMENTS (junk))]);
                  }
              }
              break;
            case 1:   /* delete a few characters */
              g_string_erase (s, pos, MIN (g_rand_int_range (rand, 1, 6), s->len - pos));
              break;
            case 2:   /* insert a junk value */
              g_string_insert (s, pos, junk[g_rand_int_range (rand, 0, G_N_ELEMENTS (junk))]);
              break;
            default:  /* flip a digit */
              for (guint i = pos; i < s->len; i++)
                if (g_ascii_isdigit (s->str[i]))
                  {
                    s->str[i] = '0' + g_rand_int_range (rand, 0, 10);
                    break;
                  }
              break;
            }
        }
      input = g_string_free (s, FALSE);
      status = run_cli (input, &out, &err);
      g_assert_true (status == 0 || status == 2);
      if (status == 0)
        {
          g_autoptr(JsonNode) node = NULL;
          g_autoptr(GError) error = NULL;

          g_assert_cmpstr (err, ==, "");
          node = pen_json_parse (out, -1, &error);
          g_assert_no_error (error);
          ok++;
        }
      else
        {
          g_assert_cmpstr (out, ==, "");
          g_assert_true (g_str_has_prefix (err, "penumbra-cli: "));
          bad++;
        }
    }
  g_test_message ("fuzz: %u accepted, %u rejected", ok, bad);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/penumbra/tasks/book/discard-sum", test_book_discard_sum);
  g_test_add_func ("/penumbra/tasks/book/discard-exact", test_book_discard_exact);
  g_test_add_func ("/penumbra/tasks/book/roll-sum", test_book_roll_sum);
  g_test_add_func ("/penumbra/tasks/book/ingredients", test_book_ingredients);
  g_test_add_func ("/penumbra/tasks/blood-from-marks", test_blood_from_marks);
  g_test_add_func ("/penumbra/tasks/have-experience", test_have_experience);
  g_test_add_func ("/penumbra/tasks/substitutions", test_substitutions);
  g_test_add_func ("/penumbra/tasks/weights", test_weights);
  g_test_add_func ("/penumbra/tasks/shield", test_shield);
  g_test_add_func ("/penumbra/tasks/describe", test_describe);
  g_test_add_func ("/penumbra/tasks/oracle/single", test_oracle_single);
  g_test_add_func ("/penumbra/tasks/oracle/shield", test_oracle_shield);
  g_test_add_func ("/penumbra/tasks/oracle/large-supply", test_large_supply);
  g_test_add_func ("/penumbra/tasks/oracle/roll-enumeration", test_roll_enumeration);
  g_test_add_func ("/penumbra/tasks/oracle/crystal-policy", test_crystal_policy);
  g_test_add_func ("/penumbra/tasks/oracle/policy-advice", test_policy_advice_consistent);
  g_test_add_func ("/penumbra/tasks/oracle/withstand", test_withstand_oracle);
  g_test_add_func ("/penumbra/tasks/withstand-after-shield", test_withstand_after_shield);
  g_test_add_func ("/penumbra/tasks/crystal-plan", test_crystal_plan);
  g_test_add_func ("/penumbra/tasks/oracle/crystal-plan", test_oracle_crystal_plan);
  g_test_add_func ("/penumbra/tasks/oracle/shield-plan", test_oracle_shield_plan);
  g_test_add_func ("/penumbra/tasks/cli/good", test_cli_good);
  g_test_add_func ("/penumbra/tasks/cli/bad", test_cli_bad);
  g_test_add_func ("/penumbra/tasks/cli/fuzz", test_cli_fuzz);
  return g_test_run ();
}
