/* test-threat-roll.c: the Threat roll in progress (PenThreatRoll), without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "pen-demo.h"
#include "pen-json.h"
#include "pen-threat-roll.h"

typedef struct
{
  guint odds_changed;
  guint roll_changed;
  guint notifies;
} Counts;

static void
odds_changed_cb (PenThreatRoll *roll,
                 Counts        *counts)
{
  counts->odds_changed++;
}

static void
roll_changed_cb (PenThreatRoll *roll,
                 Counts        *counts)
{
  counts->roll_changed++;
}

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           Counts     *counts)
{
  counts->notifies++;
}

static PenThreatRoll *
watched_roll (Counts *counts)
{
  PenThreatRoll *roll = pen_threat_roll_new ();

  g_signal_connect (roll, "odds-changed", G_CALLBACK (odds_changed_cb), counts);
  g_signal_connect (roll, "roll-changed", G_CALLBACK (roll_changed_cb), counts);
  g_signal_connect (roll, "notify", G_CALLBACK (notify_cb), counts);
  return roll;
}

/* Red 6, Yellow 5, Spark 6, Yellow 4, Bone 3; Marks Ruby 3, Amethyst 5 (wounded), Spark 2 */
static PenBoard *
make_board (void)
{
  PenBoard *board = pen_board_new ();

  pen_board_add_die (board, PEN_COLOR_RED, 6);
  pen_board_add_die (board, PEN_COLOR_YELLOW, 5);
  pen_board_add_die (board, PEN_COLOR_SPARK, 6);
  pen_board_add_die (board, PEN_COLOR_YELLOW, 4);
  pen_board_add_die (board, PEN_COLOR_BONE, 3);
  pen_board_add_mark (board, PEN_MARK_RUBY, 3, PEN_MARK_CHARGED);
  pen_board_add_mark (board, PEN_MARK_AMETHYST, 5, PEN_MARK_WOUNDED);
  pen_board_add_mark (board, PEN_MARK_SPARK, 2, PEN_MARK_CHARGED);
  return board;
}

static char *
action_text (PenAction *action)
{
  g_autoptr(JsonNode) node = pen_action_to_json (action);

  return pen_json_to_string (node, FALSE);
}

/* The odds by brute force: every one of the 6^n rolls resolved on the board. */
static void
enumerate_odds (const PenBoard *board,
                guint           n,
                double         *p_mortal,
                double         *p_wounded,
                double         *lost)
{
  guint total = 1, mortal = 0, wounded = 0, n_lost = 0;
  guint8 faces[8];

  g_assert_cmpuint (n, <=, G_N_ELEMENTS (faces));
  for (guint i = 0; i < n; i++)
    total *= 6;
  for (guint r = 0; r < total; r++)
    {
      g_auto(PenThreatResult) result = { 0, };
      guint x = r;

      for (guint i = 0; i < n; i++, x /= 6)
        faces[i] = x % 6 + 1;
      pen_threat_resolve (board, faces, n, NULL, &result);
      mortal += result.mortal_wound;
      wounded += result.wounded->len > 0;
      n_lost += result.lost->len;
    }
  *p_mortal = (double) mortal / total;
  *p_wounded = (double) wounded / total;
  *lost = (double) n_lost / total;
}

/* Step 1: the counters stay within the rules, notify only on a real change, and the odds
 * follow the preparation */
static void
test_prepare (void)
{
  Counts counts = { 0, };
  g_autoptr(PenThreatRoll) roll = watched_roll (&counts);
  g_autoptr(PenBoard) board = make_board ();
  g_autoptr(PenBoard) same = make_board ();
  const PenThreatOdds *odds;
  double p_mortal, p_wounded, lost;
  guint notifies;

  g_assert_false (pen_threat_roll_get_prep_ok (roll));
  pen_threat_roll_set_board (roll, board);
  g_assert_cmpuint (counts.odds_changed, ==, 1);
  /* an equal board is no change */
  pen_threat_roll_set_board (roll, same);
  g_assert_cmpuint (counts.odds_changed, ==, 1);
  g_assert_true (pen_threat_roll_get_prep_ok (roll));

  pen_threat_roll_start (roll, 0, 4, 0, 0, "Goldeater");
  g_assert_cmpuint (pen_threat_roll_get_n_dice (roll), ==, 4);
  g_assert_cmpstr (pen_threat_roll_get_source (roll), ==, "Goldeater");
  /* two Yellow dice: a third DEFEND is refused */
  g_assert_true (pen_threat_roll_change_count (roll, PEN_THREAT_COUNT_DEFEND, 1));
  g_assert_true (pen_threat_roll_change_count (roll, PEN_THREAT_COUNT_DEFEND, 1));
  notifies = counts.notifies;
  g_assert_false (pen_threat_roll_change_count (roll, PEN_THREAT_COUNT_DEFEND, 1));
  g_assert_false (pen_threat_roll_set_count (roll, PEN_THREAT_COUNT_THREAT, 4));
  g_object_set (roll, "threat", 4, NULL);
  g_assert_cmpuint (counts.notifies, ==, notifies);
  g_assert_cmpuint (pen_threat_roll_get_count (roll, PEN_THREAT_COUNT_DEFEND), ==, 2);
  g_assert_cmpuint (pen_threat_roll_get_n_dice (roll), ==, 2);
  /* DEFEND spends the Yellow dice that protect least: the 4 (no Mark) before the 5 (a wounded
   * Mark under it) */
  g_assert_cmpuint (pen_threat_roll_get_defend_dice (roll)->len, ==, 2);
  g_assert_cmpuint (g_array_index (pen_threat_roll_get_defend_dice (roll), guint, 0), ==, 3);
  g_assert_cmpuint (g_array_index (pen_threat_roll_get_defend_dice (roll), guint, 1), ==, 1);
  /* at most 30 Threat dice in all */
  g_assert_true (pen_threat_roll_set_count (roll, PEN_THREAT_COUNT_UNCANCELLABLE, 40));
  g_assert_cmpuint (pen_threat_roll_get_count (roll, PEN_THREAT_COUNT_UNCANCELLABLE), ==, 26);
  g_assert_false (pen_threat_roll_change_count (roll, PEN_THREAT_COUNT_THREAT, 1));
  g_assert_true (pen_threat_roll_set_count (roll, PEN_THREAT_COUNT_UNCANCELLABLE, 1));

  /* the odds against brute force, on the board as step 1 leaves it */
  g_assert_cmpuint (pen_threat_roll_get_n_dice (roll), ==, 3);
  odds = pen_threat_roll_get_odds (roll);
  g_assert_nonnull (odds);
  /* cached until an input changes */
  g_assert_true (pen_threat_roll_get_odds (roll) == odds);
  g_assert_cmpuint (pen_threat_roll_get_prep_result (roll)->board->supply->len, ==, 3);
  enumerate_odds (pen_threat_roll_get_prep_result (roll)->board, 3, &p_mortal, &p_wounded,
                  &lost);
  g_assert_cmpfloat_with_epsilon (odds->summary.p_mortal_wound, p_mortal, 1e-9);
  g_assert_cmpfloat_with_epsilon (odds->summary.p_wounded, p_wounded, 1e-9);
  g_assert_cmpfloat_with_epsilon (odds->summary.expected_dice_lost, lost, 1e-9);
  /* the curve's first point is the roll itself; the next, one die fewer by a card */
  {
    const GError *error = NULL;
    GArray *curve = pen_threat_roll_get_curve (roll, &error);
    const PenThreatCurvePoint *pt;

    g_assert_no_error ((GError *) error);
    g_assert_cmpuint (curve->len, >, 1);
    pt = &g_array_index (curve, PenThreatCurvePoint, 1);
    enumerate_odds (pen_threat_roll_get_prep_result (roll)->board, 2, &p_mortal, &p_wounded,
                    &lost);
    g_assert_cmpfloat_with_epsilon (pt->by_card.p_mortal_wound, p_mortal, 1e-9);
    g_assert_cmpfloat_with_epsilon (pt->by_card.p_wounded, p_wounded, 1e-9);
  }

  /* DEFEND on an uncancellable Threat: refused, with the reason */
  pen_threat_roll_start (roll, 0, 0, 1, 0, NULL);
  g_assert_null (pen_threat_roll_get_source (roll));
  g_assert_true (pen_threat_roll_change_count (roll, PEN_THREAT_COUNT_DEFEND, 1));
  g_assert_false (pen_threat_roll_get_prep_ok (roll));
  g_assert_nonnull (pen_threat_roll_get_prep_error (roll));
  g_assert_null (pen_threat_roll_get_odds (roll));
  g_assert_false (pen_threat_roll_roll_by_table (roll));
}

/* board without the supply dice listed (ascending indices) */
static PenBoard *
board_without (const PenBoard *board,
               const guint    *gone,
               guint           n_gone)
{
  PenBoard *copy = pen_board_copy (board);

  for (guint i = n_gone; i > 0; i--)
    g_array_remove_index (copy->supply, gone[i - 1]);
  return copy;
}

/* Rift (X): the player chooses the X supply dice before the roll; nothing is rolled and no
 * odds are shown until they are chosen, and the odds are those of the dice left */
static void
test_rift (void)
{
  Counts counts = { 0, };
  g_autoptr(PenThreatRoll) roll = watched_roll (&counts);
  g_autoptr(PenBoard) board = make_board ();
  g_autoptr(PenBoard) left = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autofree char *text = NULL;
  const PenThreatPrepResult *prep;
  const PenThreatOdds *odds;
  const GError *error = NULL;
  double p_mortal, p_wounded, lost;
  guint notifies;

  pen_threat_roll_set_board (roll, board);
  pen_threat_roll_start (roll, 0, 3, 0, 1, "Goldeater");
  /* nothing chosen for the player */
  g_assert_cmpuint (pen_threat_roll_get_rift_needed (roll), ==, 1);
  g_assert_cmpuint (pen_threat_roll_get_rift_missing (roll), ==, 1);
  g_assert_cmpuint (pen_threat_roll_get_rift_dice (roll)->len, ==, 0);
  g_assert_false (pen_threat_roll_get_prep_ok (roll));
  g_assert_cmpstr (pen_threat_roll_get_prep_error (roll)->message, ==, "Choose 1 die for Rift");
  g_assert_null (pen_threat_roll_get_odds (roll));
  g_assert_null (pen_threat_roll_get_curve (roll, &error));
  g_assert_nonnull (error);
  g_assert_false (pen_threat_roll_roll_by_table (roll));
  g_assert_false (pen_threat_roll_toggle_rift_die (roll, 5));

  /* the Spark 6 goes: the odds are those of the four dice left, by brute force */
  notifies = counts.notifies;
  g_assert_true (pen_threat_roll_toggle_rift_die (roll, 2));
  g_assert_cmpuint (counts.notifies, >, notifies);
  g_assert_cmpuint (pen_threat_roll_get_rift_missing (roll), ==, 0);
  g_assert_true (pen_threat_roll_get_prep_ok (roll));
  prep = pen_threat_roll_get_prep_result (roll);
  g_assert_cmpuint (prep->rifted->len, ==, 1);
  g_assert_cmpuint (g_array_index (prep->rifted, PenThreatLostDie, 0).index, ==, 2);
  g_assert_cmpint (g_array_index (prep->rifted, PenThreatLostDie, 0).die.color, ==,
                   PEN_COLOR_SPARK);
  left = board_without (board, (const guint[]) { 2 }, 1);
  g_assert_true (pen_board_equal (prep->board, left));
  odds = pen_threat_roll_get_odds (roll);
  g_assert_nonnull (odds);
  enumerate_odds (left, 3, &p_mortal, &p_wounded, &lost);
  g_assert_cmpfloat_with_epsilon (odds->summary.p_mortal_wound, p_mortal, 1e-9);
  g_assert_cmpfloat_with_epsilon (odds->summary.p_wounded, p_wounded, 1e-9);
  g_assert_cmpfloat_with_epsilon (odds->summary.expected_dice_lost, lost, 1e-9);
  g_assert_nonnull (pen_threat_roll_get_curve (roll, &error));

  /* another die: it takes the place of the one chosen before; the same one again unchooses */
  g_assert_true (pen_threat_roll_toggle_rift_die (roll, 4));
  g_assert_cmpuint (pen_threat_roll_get_rift_dice (roll)->len, ==, 1);
  g_assert_cmpuint (g_array_index (pen_threat_roll_get_rift_dice (roll), guint, 0), ==, 4);
  g_clear_pointer (&left, pen_board_free);
  left = board_without (board, (const guint[]) { 4 }, 1);
  g_assert_true (pen_board_equal (pen_threat_roll_get_prep_result (roll)->board, left));
  enumerate_odds (left, 3, &p_mortal, &p_wounded, &lost);
  g_assert_cmpfloat_with_epsilon (pen_threat_roll_get_odds (roll)->summary.p_mortal_wound,
                                  p_mortal, 1e-9);
  g_assert_cmpfloat_with_epsilon (pen_threat_roll_get_odds (roll)->summary.expected_dice_lost,
                                  lost, 1e-9);
  g_assert_true (pen_threat_roll_toggle_rift_die (roll, 4));
  g_assert_cmpuint (pen_threat_roll_get_rift_missing (roll), ==, 1);
  g_assert_false (pen_threat_roll_get_prep_ok (roll));

  /* Rift 2: the second choice is asked for as such */
  g_assert_true (pen_threat_roll_toggle_rift_die (roll, 0));
  g_assert_true (pen_threat_roll_change_count (roll, PEN_THREAT_COUNT_RIFT, 1));
  g_assert_cmpstr (pen_threat_roll_get_prep_error (roll)->message, ==,
                   "Choose 1 more die for Rift");
  g_assert_true (pen_threat_roll_toggle_rift_die (roll, 3));
  g_assert_true (pen_threat_roll_get_prep_ok (roll));
  g_clear_pointer (&left, pen_board_free);
  left = board_without (board, (const guint[]) { 0, 3 }, 2);
  g_assert_true (pen_board_equal (pen_threat_roll_get_prep_result (roll)->board, left));
  enumerate_odds (left, 3, &p_mortal, &p_wounded, &lost);
  g_assert_cmpfloat_with_epsilon (pen_threat_roll_get_odds (roll)->summary.p_wounded,
                                  p_wounded, 1e-9);

  /* DEFEND goes first: it spends the Yellow 4, which Rift then cannot take; the Yellow die is
   * no Rift choice any more */
  g_assert_true (pen_threat_roll_change_count (roll, PEN_THREAT_COUNT_DEFEND, 1));
  g_assert_cmpuint (g_array_index (pen_threat_roll_get_defend_dice (roll), guint, 0), ==, 3);
  g_assert_cmpuint (pen_threat_roll_get_rift_dice (roll)->len, ==, 1);
  g_assert_cmpuint (pen_threat_roll_get_rift_missing (roll), ==, 1);
  g_assert_false (pen_threat_roll_toggle_rift_die (roll, 3));
  g_assert_true (pen_threat_roll_toggle_rift_die (roll, 1));
  g_assert_true (pen_threat_roll_get_prep_ok (roll));
  g_assert_cmpuint (pen_threat_roll_get_n_dice (roll), ==, 2);

  /* the table rolls; the action carries the dice chosen */
  g_assert_true (pen_threat_roll_roll_by_table (roll));
  g_assert_false (pen_threat_roll_toggle_rift_die (roll, 2));
  g_assert_true (pen_threat_roll_add_face (roll, 6));
  g_assert_true (pen_threat_roll_add_face (roll, 3));
  action = pen_threat_roll_to_action (roll, NULL);
  text = action_text (action);
  g_assert_cmpstr (text, ==, "{\"action\":\"threat\",\"wizard\":0,\"threat\":3,"
                   "\"defend\":[3],\"rift\":2,\"dice\":[6,3],"
                   "\"extra\":{\"source\":\"Goldeater\"},\"rift_dice\":[0,1]}");
  g_assert_true (pen_threat_roll_restart (roll));

  /* when every die left must go, there is nothing to choose */
  g_assert_true (pen_threat_roll_set_count (roll, PEN_THREAT_COUNT_RIFT, 4));
  g_assert_cmpuint (pen_threat_roll_get_rift_needed (roll), ==, 4);
  g_assert_cmpuint (pen_threat_roll_get_rift_missing (roll), ==, 0);
  g_assert_true (pen_threat_roll_get_prep_ok (roll));
  g_assert_cmpuint (pen_threat_roll_get_prep_result (roll)->board->supply->len, ==, 0);
  g_assert_false (pen_threat_roll_toggle_rift_die (roll, 0));

  /* a board whose supply is the same (a Mark's value entered) keeps the choice; another
   * supply drops it */
  pen_threat_roll_start (roll, 0, 2, 0, 1, NULL);
  g_assert_true (pen_threat_roll_toggle_rift_die (roll, 2));
  {
    g_autoptr(PenBoard) marked = pen_board_copy (board);
    g_autoptr(PenBoard) fewer = pen_board_copy (board);

    pen_board_add_mark (marked, PEN_MARK_RUBY, 4, PEN_MARK_CHARGED);
    pen_threat_roll_set_board (roll, marked);
    g_assert_cmpuint (pen_threat_roll_get_rift_dice (roll)->len, ==, 1);
    g_assert_true (pen_threat_roll_get_prep_ok (roll));
    g_array_remove_index (fewer->supply, 0);
    pen_threat_roll_set_board (roll, fewer);
    g_assert_cmpuint (pen_threat_roll_get_rift_dice (roll)->len, ==, 0);
    g_assert_false (pen_threat_roll_get_prep_ok (roll));
    pen_threat_roll_set_board (roll, board);
    g_assert_true (pen_threat_roll_toggle_rift_die (roll, 2));
  }

  /* a new Threat forgets the choice */
  pen_threat_roll_start (roll, 0, 2, 0, 1, NULL);
  g_assert_cmpuint (pen_threat_roll_get_rift_dice (roll)->len, ==, 0);
  g_assert_cmpuint (pen_threat_roll_get_rift_missing (roll), ==, 1);
}

/* Step 2 and 3 at the table: faces, adjustments, choices, and the action they make */
static void
test_table_roll (void)
{
  Counts counts = { 0, };
  g_autoptr(PenThreatRoll) roll = watched_roll (&counts);
  g_autoptr(PenBoard) board = make_board ();
  g_autoptr(PenAction) action = NULL;
  g_autofree char *text = NULL;
  const PenThreatResult *result;
  PenThreatQuestion *q;
  guint odds_changed;

  pen_threat_roll_set_board (roll, board);
  pen_threat_roll_start (roll, 0, 4, 0, 0, NULL);
  odds_changed = counts.odds_changed;
  g_assert_true (pen_threat_roll_roll_by_table (roll));
  g_assert_cmpint (pen_threat_roll_get_mode (roll), ==, PEN_THREAT_ROLL_BY_TABLE);
  /* rolling locks step 1 */
  g_assert_false (pen_threat_roll_change_count (roll, PEN_THREAT_COUNT_THREAT, 1));
  g_assert_true (pen_threat_roll_add_face (roll, 6));
  g_assert_true (pen_threat_roll_add_face (roll, 6));
  g_assert_true (pen_threat_roll_add_face (roll, 3));
  g_assert_false (pen_threat_roll_add_face (roll, 7));
  g_assert_null (pen_threat_roll_get_result (roll));
  g_assert_null (pen_threat_roll_to_action (roll, NULL));
  g_assert_true (pen_threat_roll_add_face (roll, 1));
  g_assert_false (pen_threat_roll_add_face (roll, 2));
  g_assert_true (pen_threat_roll_get_complete (roll));
  /* faces are no input of the odds */
  g_assert_cmpuint (counts.odds_changed, ==, odds_changed);

  /* two 6s on Red 6 and Spark 6: no question (both are lost); the 3 takes the Bone 3 */
  result = pen_threat_roll_get_result (roll);
  g_assert_cmpuint (result->lost->len, ==, 3);
  g_assert_cmpuint (pen_threat_roll_get_questions (roll)->len, ==, 0);
  /* one 6 only: which of Red and Spark is lost is the player's */
  g_assert_true (pen_threat_roll_remove_face (roll, 1));
  g_assert_false (pen_threat_roll_get_complete (roll));
  g_assert_true (pen_threat_roll_add_face (roll, 2));
  g_assert_cmpuint (pen_threat_roll_get_questions (roll)->len, ==, 1);
  q = g_ptr_array_index (pen_threat_roll_get_questions (roll), 0);
  g_assert_false (q->mark);
  g_assert_cmpuint (q->face, ==, 6);
  g_assert_cmpuint (q->candidates->len, ==, 2);
  /* by default the Spark is kept: the Red is lost */
  g_assert_cmpuint (g_array_index (q->chosen, guint, 0), ==, 0);
  g_assert_false (pen_threat_roll_pick (roll, FALSE, 6, 0));
  g_assert_false (pen_threat_roll_pick (roll, FALSE, 6, 4));
  g_assert_true (pen_threat_roll_pick (roll, FALSE, 6, 2));
  result = pen_threat_roll_get_result (roll);
  g_assert_cmpint (g_array_index (result->lost, PenThreatLostDie, 0).die.color, ==,
                   PEN_COLOR_SPARK);

  /* the 2 wounds the Spark Mark, the 1 misses */
  g_assert_cmpuint (result->wounded->len, ==, 1);
  g_assert_false (result->mortal_wound);
  /* "adjust": the 1 cannot go down; up, it becomes a 2 and falls on the wounded Spark Mark */
  g_assert_false (pen_threat_roll_adjust (roll, 2, -1));
  g_assert_true (pen_threat_roll_adjust (roll, 2, 1));
  g_assert_cmpuint (pen_threat_roll_get_rolled (roll, 2), ==, 1);
  g_assert_cmpuint (pen_threat_roll_get_face (roll, 2), ==, 2);
  result = pen_threat_roll_get_result (roll);
  g_assert_cmpuint (result->wounded->len, ==, 1);
  g_assert_true (result->mortal_wound);

  action = pen_threat_roll_to_action (roll, NULL);
  text = action_text (action);
  g_assert_cmpstr (text, ==, "{\"action\":\"threat\",\"wizard\":0,\"threat\":4,"
                   "\"dice\":[6,3,1,2],\"adjust\":[0,0,1,0],\"picks\":[2,-1,-1,-1]}");

  /* a Trial's Threat step names its Trial: the row's, or a reserved card */
  g_clear_object (&action);
  g_clear_pointer (&text, g_free);
  g_assert_false (pen_threat_roll_get_trial (roll, NULL, NULL));
  pen_threat_roll_set_trial (roll, 1, NULL);
  action = pen_threat_roll_to_action (roll, NULL);
  text = action_text (action);
  g_assert_nonnull (strstr (text, ",\"trial\":{\"index\":1}"));
  g_clear_object (&action);
  g_clear_pointer (&text, g_free);
  pen_threat_roll_set_trial (roll, -1, "goldeater");
  action = pen_threat_roll_to_action (roll, NULL);
  text = action_text (action);
  g_assert_nonnull (strstr (text, ",\"trial\":{\"card\":\"goldeater\"}"));

  /* back to step 1: the roll is dropped, the Trial stays */
  g_assert_true (pen_threat_roll_restart (roll));
  g_assert_true (pen_threat_roll_get_trial (roll, NULL, NULL));
  /* a new Threat forgets it */
  pen_threat_roll_start (roll, 0, 4, 0, 0, NULL);
  g_assert_false (pen_threat_roll_get_trial (roll, NULL, NULL));
  g_assert_cmpuint (pen_threat_roll_get_n_faces (roll), ==, 0);
  g_assert_false (pen_threat_roll_get_complete (roll));
  g_assert_true (pen_threat_roll_change_count (roll, PEN_THREAT_COUNT_THREAT, 1));
}

/* The app rolls from a copy of the game's generator: the action says "count" while the
 * generator is unchanged, and the game draws the faces shown */
static void
test_app_roll (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenThreatRoll) roll = pen_threat_roll_new ();
  g_autoptr(PenBoard) board = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(PenAction) moved = NULL;
  g_autofree char *text = NULL;
  g_autofree char *moved_text = NULL;
  g_autoptr(GString) dice = g_string_new ("\"dice\":[");
  PenTable *table;
  PenRandom r;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  board = pen_wizard_to_board (pen_table_get_wizard (table, 1));
  pen_threat_roll_set_board (roll, board);
  pen_threat_roll_start (roll, 1, 3, 1, 0, "Ichor");
  g_assert_true (pen_threat_roll_roll_by_app (roll, pen_table_get_random (table)));
  g_assert_false (pen_threat_roll_add_face (roll, 3));
  g_assert_true (pen_threat_roll_get_complete (roll));
  r = *pen_table_get_random (table);
  for (guint i = 0; i < 4; i++)
    {
      guint face = pen_random_die (&r);

      g_assert_cmpuint (pen_threat_roll_get_face (roll, i), ==, face);
      g_string_append_printf (dice, i > 0 ? ",%u" : "%u", face);
    }
  g_string_append_c (dice, ']');

  action = pen_threat_roll_to_action (roll, pen_table_get_random (table));
  text = action_text (action);
  g_assert_nonnull (strstr (text, "\"count\":4"));
  g_assert_nonnull (strstr (text, "\"uncancellable\":1"));
  g_assert_nonnull (strstr (text, "\"extra\":{\"source\":\"Ichor\"}"));
  g_assert_null (strstr (text, "\"dice\""));
  /* another generator state: the faces go as they were shown */
  moved = pen_threat_roll_to_action (roll, &r);
  moved_text = action_text (moved);
  g_assert_nonnull (strstr (moved_text, dice->str));

  /* the game takes it and draws the same faces: the board ends as the roll said */
  {
    g_auto(PenThreatResult) expected = { 0, };
    const PenThreatResult *result = pen_threat_roll_get_result (roll);
    g_autoptr(PenBoard) after = NULL;

    expected.board = pen_board_copy (result->board);
    g_assert_true (pen_game_submit (game, action, &error));
    g_assert_no_error (error);
    after = pen_wizard_to_board (pen_table_get_wizard (table, 1));
    g_assert_cmpuint (after->supply->len, ==, expected.board->supply->len);
    g_assert_true (pen_board_equal (after, expected.board));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/penumbra/forms/threat-roll/prepare", test_prepare);
  g_test_add_func ("/penumbra/forms/threat-roll/rift", test_rift);
  g_test_add_func ("/penumbra/forms/threat-roll/table-roll", test_table_roll);
  g_test_add_func ("/penumbra/forms/threat-roll/app-roll", test_app_roll);

  return g_test_run ();
}
