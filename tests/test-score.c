/* test-score.c: end-of-game scoring, its tables, its JSON and CSV, and `penumbra-cli score`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pen-cli.h"
#include "pen-json.h"
#include "pen-score.h"

/* The spec's sample input (../shared/spec/cli.md, `penumbra-cli score`). */
#define SPEC_SAMPLE \
  "{\"players\": [{\"name\": \"Ann\", \"arcana\": 5, \"mortal_wounds\": 1," \
  " \"reserved_contracts\": 1, \"board_vp\": 3," \
  " \"trials\": [{\"id\": \"goldeater\", \"vp\": 4, \"symbols\": [\"monsters\"], \"light\": 0," \
  " \"dark\": 1}]," \
  " \"contracts\": [{\"vp\": 2, \"symbols\": [\"wilds\"], \"light\": 1, \"dark\": 0}]," \
  " \"tomes\": [{\"symbols\": [\"society\"]}]," \
  " \"goal_vp\": {\"mastery\": 4}}]}"

static PenScoreSheet *
score_text (const char  *text,
            GError     **error)
{
  g_autoptr(JsonNode) node = pen_json_parse (text, -1, error);
  g_autoptr(PenScoreRules) rules = NULL;
  g_autoptr(PenScoreInput) input = NULL;

  if (node == NULL)
    return NULL;
  rules = pen_score_rules_new_default ();
  input = pen_score_input_from_json (node, "$", rules, error);
  if (input == NULL)
    return NULL;
  return pen_score_compute (input);
}

static PenScoreResult *
result_named (PenScoreSheet *sheet,
              const char    *name)
{
  for (guint i = 0; i < sheet->results->len; i++)
    {
      PenScoreResult *result = g_ptr_array_index (sheet->results, i);

      if (g_str_equal (result->name, name))
        return result;
    }
  g_assert_not_reached ();
  return NULL;
}

/* An independent reading of the rulebook's experience rule: lay the symbols out one by one,
 * take away complete rows of six different kinds while there are any, and look each kind's
 * pile up in the printed table (1, 2, 4, 6, 9), extended past five by the given step. */
static int
oracle_experience (const guint counts[PEN_N_SYMBOLS],
                   int         step)
{
  static const int printed[] = { 0, 1, 2, 4, 6, 9 };
  guint left[PEN_N_SYMBOLS];
  int points = 0;

  memcpy (left, counts, sizeof left);
  for (;;)
    {
      gboolean full = TRUE;

      for (guint s = 0; s < PEN_N_SYMBOLS; s++)
        if (left[s] == 0)
          full = FALSE;
      if (!full)
        break;
      for (guint s = 0; s < PEN_N_SYMBOLS; s++)
        left[s]--;
      points += 7;
    }

  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    {
      guint n = counts[s];   /* the same symbol counts in both */

      if (n <= 5)
        points += printed[n];
      else
        points += 9 + (int) (n - 5) * step;
    }
  return points;
}

static void
test_tables_match_rulebook (void)
{
  g_autoptr(PenScoreRules) rules = pen_score_rules_new_default ();
  static const int printed[] = { 1, 2, 4, 6, 9 };
  const PenScoreGoalRule *heroism, *mastery;
  gboolean open;

  g_assert_cmpint (rules->arcana_each, ==, 1);
  g_assert_cmpint (rules->mortal_wound_each, ==, -3);
  g_assert_cmpint (rules->reserved_contract_each, ==, -3);
  g_assert_cmpint (rules->set_of_six, ==, 7);
  g_assert_cmpuint (rules->identical_printed, ==, 5);
  for (guint n = 1; n <= 5; n++)
    {
      g_assert_cmpint (pen_score_identical_points (rules, n, &open), ==, printed[n - 1]);
      g_assert_false (open);
    }
  g_assert_cmpint (pen_score_identical_points (rules, 0, &open), ==, 0);

  /* Past five the book is silent: the default keeps 9 as the cap, and says it is open. */
  g_assert_cmpint (pen_score_identical_points (rules, 6, &open), ==, 9);
  g_assert_true (open);
  g_assert_cmpint (pen_score_identical_points (rules, 11, &open), ==, 9);

  heroism = pen_score_rules_get_goal (rules, "heroism");
  g_assert_nonnull (heroism);
  g_assert_true (heroism->computed);
  g_assert_cmpint (heroism->per_passed_trial, ==, 2);
  mastery = pen_score_rules_get_goal (rules, "mastery");
  g_assert_nonnull (mastery);
  g_assert_false (mastery->computed);
  g_assert_null (pen_score_rules_get_goal (rules, "dragons"));

  /* Fate: open table, 0 by default whatever the paths */
  for (guint light = 0; light < 8; light++)
    for (guint dark = 0; dark < 8; dark++)
      g_assert_cmpint (pen_score_fate_points (rules, light, dark), ==, 0);
}

static void
test_experience_rulebook_example (void)
{
  g_autoptr(PenScoreRules) rules = pen_score_rules_new_default ();
  /* 1 Monsters, 4 Magical Beasts, 1 Wilds, 1 Mystic, 3 Wizards, 1 Society */
  const guint counts[PEN_N_SYMBOLS] = { 1, 4, 1, 1, 3, 1 };
  guint sets = 0;

  g_assert_cmpint (pen_score_experience (rules, counts, &sets), ==, 21);
  g_assert_cmpuint (sets, ==, 1);
}

static void
test_experience_rulebook_example_items (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenScoreSheet) sheet = score_text (
    "{\"players\": [{\"name\": \"Ann\","
    " \"trials\": [{\"vp\": 0, \"symbols\": [\"monsters\", \"beasts\", \"beasts\"]},"
    "              {\"vp\": 0, \"symbols\": [\"wizards\"]}],"
    " \"contracts\": [{\"vp\": 0, \"symbols\": [\"beasts\", \"wilds\", \"mystic\"]},"
    "                 {\"vp\": 0, \"symbols\": [\"wizards\", \"wizards\", \"beasts\"]}],"
    " \"tomes\": [{\"symbols\": [\"society\"]}]}]}", &error);
  PenScoreResult *ann;
  int sum = 0;

  g_assert_no_error (error);
  ann = result_named (sheet, "Ann");
  g_assert_cmpint (ann->points[PEN_SCORE_EXPERIENCE], ==, 21);
  g_assert_cmpuint (ann->sets_of_six, ==, 1);
  g_assert_cmpuint (ann->symbols[PEN_SYMBOL_BEASTS], ==, 4);

  /* the items say where the 21 come from: one set (7) and six piles 1+6+1+1+4+1 */
  for (guint i = 0; i < ann->items->len; i++)
    {
      PenScoreItem *item = g_ptr_array_index (ann->items, i);

      if (item->category != PEN_SCORE_EXPERIENCE)
        continue;
      sum += item->points;
      if (item->kind == PEN_SCORE_ITEM_SET_OF_SIX)
        {
          g_assert_cmpuint (item->count, ==, 1);
          g_assert_cmpint (item->points, ==, 7);
        }
      else if (g_strcmp0 (item->id, "beasts") == 0)
        {
          const char * const beasts[] = { "trials[0]", "trials[0]", "contracts[0]",
                                          "contracts[1]", NULL };

          g_assert_cmpuint (item->count, ==, 4);
          g_assert_cmpint (item->points, ==, 6);
          g_assert_true (g_strv_equal ((const char * const *) item->sources, beasts));
        }
      else if (g_strcmp0 (item->id, "wizards") == 0)
        g_assert_cmpint (item->points, ==, 4);
      g_assert_nonnull (item->text);
      g_assert_false (item->open);
    }
  g_assert_cmpint (sum, ==, 21);
}

/* Every multiset of up to 14 symbols, against the oracle, with the default table and with a
 * house step; and the hints' marginal values against the oracle's differences. */
static void
test_experience_brute_force (void)
{
  g_autoptr(PenScoreRules) rules = pen_score_rules_new_default ();
  g_autoptr(PenScoreRules) house = pen_score_rules_new_default ();
  g_autoptr(JsonNode) table = pen_json_parse ("{\"step\": 3}", -1, NULL);
  g_autoptr(GError) error = NULL;
  guint counts[PEN_N_SYMBOLS] = { 0, };
  guint checked = 0;
  const guint max_total = 14;

  g_assert_true (pen_score_rules_override_experience (house, table, "$", &error));
  g_assert_no_error (error);

  for (;;)
    {
      guint total = 0;
      int expected, expected_house;

      for (guint s = 0; s < PEN_N_SYMBOLS; s++)
        total += counts[s];

      if (total <= max_total)
        {
          expected = oracle_experience (counts, 0);
          expected_house = oracle_experience (counts, 3);
          g_assert_cmpint (pen_score_experience (rules, counts, NULL), ==, expected);
          g_assert_cmpint (pen_score_experience (house, counts, NULL), ==, expected_house);

          for (guint s = 0; s < PEN_N_SYMBOLS; s++)
            {
              guint more[PEN_N_SYMBOLS];
              gboolean completes = FALSE;
              gboolean all_others = TRUE;

              memcpy (more, counts, sizeof more);
              more[s]++;
              g_assert_cmpint (pen_score_experience_marginal (rules, counts, s, &completes), ==,
                               oracle_experience (more, 0) - expected);
              /* one more completes a set exactly when this kind is the (joint) rarest and
               * every other kind has more */
              for (guint o = 0; o < PEN_N_SYMBOLS; o++)
                if (o != s && counts[o] <= counts[s])
                  all_others = FALSE;
              g_assert_cmpint (completes, ==, all_others);
            }
          checked++;
        }

      /* next count vector, odometer style, each digit 0..max_total */
      {
        guint d = 0;

        while (d < PEN_N_SYMBOLS && counts[d] == max_total)
          counts[d++] = 0;
        if (d == PEN_N_SYMBOLS)
          break;
        counts[d]++;
      }
    }

  /* C(14 + 6, 6) multisets of size at most 14 */
  g_assert_cmpuint (checked, ==, 38760);
}

static void
test_spec_sample (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenScoreSheet) sheet = score_text (SPEC_SAMPLE, &error);
  PenScoreResult *ann;

  g_assert_no_error (error);
  ann = result_named (sheet, "Ann");
  g_assert_cmpint (ann->points[PEN_SCORE_ARCANA], ==, 5);
  g_assert_cmpint (ann->points[PEN_SCORE_TRIALS], ==, 4);
  g_assert_cmpint (ann->points[PEN_SCORE_MORTAL_WOUNDS], ==, -3);
  /* The spec's sample prints experience 5 (and total 13). Its symbols are one Monsters
   * (Goldeater), one Wilds (the contract) and one Society (the tome): three kinds, one of
   * each, no set of six, so the rulebook's table gives 1 + 1 + 1 = 3 and the total is 11. */
  g_assert_cmpint (ann->points[PEN_SCORE_EXPERIENCE], ==, 3);
  g_assert_cmpint (ann->points[PEN_SCORE_CONTRACTS], ==, 2);
  g_assert_cmpint (ann->points[PEN_SCORE_RESERVED_CONTRACTS], ==, -3);
  g_assert_cmpint (ann->points[PEN_SCORE_BOARD], ==, 3);
  /* no "goals" in play: the 4 entered for Mastery do not count (the spec prints 0) */
  g_assert_cmpint (ann->points[PEN_SCORE_GOALS], ==, 0);
  g_assert_cmpint (ann->points[PEN_SCORE_FATE], ==, 0);
  g_assert_cmpint (ann->total, ==, 11);
  g_assert_cmpuint (ann->light, ==, 1);
  g_assert_cmpuint (ann->dark, ==, 1);
  g_assert_cmpuint (ann->place, ==, 1);
  g_assert_cmpuint (sheet->ranking->len, ==, 1);

  /* With Heroism in play (the spec shows "goals": ["heroism", ...]) Ann's one passed Trial
   * adds 2: the total is then the spec's 13, from goals 2 and experience 3, not goals 0 and
   * experience 5. */
  {
    g_autofree char *with_heroism = g_strconcat ("{\"goals\": [\"heroism\"], ", SPEC_SAMPLE + 1,
                                                 NULL);
    g_autoptr(PenScoreSheet) heroic = score_text (with_heroism, &error);
    PenScoreResult *ann2;

    g_assert_no_error (error);
    ann2 = result_named (heroic, "Ann");
    g_assert_cmpint (ann2->points[PEN_SCORE_EXPERIENCE], ==, 3);
    g_assert_cmpint (ann2->points[PEN_SCORE_GOALS], ==, 2);
    g_assert_cmpint (ann2->total, ==, 13);
  }

  /* the note that explains the missing Mastery points */
  {
    gboolean found = FALSE;

    for (guint i = 0; i < ann->items->len; i++)
      {
        PenScoreItem *item = g_ptr_array_index (ann->items, i);

        if (item->kind == PEN_SCORE_ITEM_GOAL_NOT_IN_PLAY)
          {
            g_assert_cmpstr (item->id, ==, "mastery");
            g_assert_cmpint (item->points, ==, 0);
            found = TRUE;
          }
      }
    g_assert_true (found);
  }
}

/* For every player the items add up to each category's figure, and the figures to the total. */
static void
assert_traceable (PenScoreSheet *sheet)
{
  for (guint i = 0; i < sheet->results->len; i++)
    {
      PenScoreResult *result = g_ptr_array_index (sheet->results, i);
      int sums[PEN_N_SCORE_CATEGORIES] = { 0, };
      int total = 0;

      for (guint j = 0; j < result->items->len; j++)
        {
          PenScoreItem *item = g_ptr_array_index (result->items, j);

          g_assert_cmpint (item->category, <, PEN_N_SCORE_CATEGORIES);
          g_assert_nonnull (item->text);
          sums[item->category] += item->points;
          if (item->sources != NULL)
            g_assert_cmpuint (g_strv_length (item->sources), ==, item->count);
          if (item->kind == PEN_SCORE_ITEM_IDENTICAL)
            g_assert_nonnull (item->sources);
          if (j > 0)   /* in the rulebook's order */
            g_assert_cmpint (item->category, >=,
                             ((PenScoreItem *) g_ptr_array_index (result->items,
                                                                  j - 1))->category);
        }
      for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
        {
          g_assert_cmpint (sums[c], ==, result->points[c]);
          total += result->points[c];
        }
      g_assert_cmpint (total, ==, result->total);
      g_assert_cmpuint (result->hints->len, ==, PEN_N_SYMBOLS);
    }
}

static void
test_ties_share_places (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenScoreSheet) sheet = score_text (
    "{\"players\": [{\"name\": \"Dan\", \"arcana\": 1},"
    "               {\"name\": \"Bob\", \"arcana\": 4},"
    "               {\"name\": \"Ann\", \"arcana\": 7},"
    "               {\"name\": \"Cid\", \"board_vp\": 4}]}", &error);
  g_autoptr(JsonNode) json = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (result_named (sheet, "Ann")->place, ==, 1);
  g_assert_cmpuint (result_named (sheet, "Bob")->place, ==, 2);
  g_assert_cmpuint (result_named (sheet, "Cid")->place, ==, 2);
  g_assert_cmpuint (result_named (sheet, "Dan")->place, ==, 4);

  json = pen_score_sheet_to_json (sheet, FALSE);
  text = pen_json_to_string (json, FALSE);
  g_assert_nonnull (strstr (text, "\"ranking\":[[\"Ann\"],[\"Bob\",\"Cid\"],[\"Dan\"]]"));
  assert_traceable (sheet);
}

/* Play finding B8: "3 + unknown" and 3 share no known place, nor a known tie; a player with
 * unknown points already ahead keeps a known place, and a player behind both is last for sure */
static void
test_place_known_with_unknown (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenScoreSheet) sheet = score_text (
    "{\"players\": [{\"name\": \"Vera\", \"board_vp\": 3},"
    "               {\"name\": \"Boris\", \"board_vp\": 3},"
    "               {\"name\": \"Olga\"}]}", &error);
  g_autoptr(PenScoreSheet) ahead = score_text (
    "{\"players\": [{\"name\": \"Vera\", \"board_vp\": 5},"
    "               {\"name\": \"Boris\", \"board_vp\": 3}]}", &error);
  const gboolean vera[] = { TRUE, FALSE, FALSE };
  const gboolean vera_olga[] = { TRUE, FALSE, TRUE };

  g_assert_no_error (error);
  /* the sheet itself counts the unknown part as 0: a tie for first */
  g_assert_cmpuint (result_named (sheet, "Vera")->place, ==, 1);
  g_assert_cmpuint (result_named (sheet, "Boris")->place, ==, 1);
  /* every point known: every place known */
  for (guint i = 0; i < 3; i++)
    g_assert_true (pen_score_sheet_place_known (sheet, i, NULL));
  /* Vera's unknown points may put her ahead: neither first place nor the tie is known */
  g_assert_false (pen_score_sheet_place_known (sheet, 0, vera));
  g_assert_false (pen_score_sheet_place_known (sheet, 1, vera));
  g_assert_true (pen_score_sheet_place_known (sheet, 2, vera));
  /* Olga's unknown points may reach either of them */
  g_assert_false (pen_score_sheet_place_known (sheet, 2, vera_olga));
  /* ahead already, Vera stays ahead whatever her unknown points are */
  g_assert_true (pen_score_sheet_place_known (ahead, 0, vera));
  g_assert_true (pen_score_sheet_place_known (ahead, 1, vera));
}

static void
test_all_tied (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenScoreSheet) sheet = score_text (
    "{\"players\": [{\"name\": \"A\"}, {\"name\": \"B\"}, {\"name\": \"C\"}]}", &error);

  g_assert_no_error (error);
  g_assert_cmpuint (sheet->ranking->len, ==, 1);
  g_assert_cmpuint (((GPtrArray *) g_ptr_array_index (sheet->ranking, 0))->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpuint (((PenScoreResult *) g_ptr_array_index (sheet->results, i))->place, ==, 1);
}

static void
test_heroism_and_goals (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenScoreSheet) sheet = score_text (
    "{\"goals\": [\"heroism\", \"mastery\"],"
    " \"players\": [{\"name\": \"Ann\", \"goal_vp\": {\"mastery\": 4},"
    "                \"trials\": [{\"id\": \"goldeater\", \"vp\": 4},"
    "                             {\"id\": \"aranea\", \"vp\": 5},"
    "                             {\"id\": \"basilisk\", \"vp\": 6}]},"
    "               {\"name\": \"Bob\"}]}", &error);
  PenScoreResult *ann, *bob;
  guint heroism_items = 0;

  g_assert_no_error (error);
  ann = result_named (sheet, "Ann");
  bob = result_named (sheet, "Bob");
  /* Heroism: 2 per passed Trial, 3 Trials; Mastery: the 4 entered */
  g_assert_cmpint (ann->points[PEN_SCORE_GOALS], ==, 2 * 3 + 4);
  g_assert_cmpint (ann->points[PEN_SCORE_TRIALS], ==, 15);
  g_assert_cmpint (ann->total, ==, 25);
  g_assert_cmpint (bob->points[PEN_SCORE_GOALS], ==, 0);

  for (guint i = 0; i < ann->items->len; i++)
    {
      PenScoreItem *item = g_ptr_array_index (ann->items, i);

      if (item->kind == PEN_SCORE_ITEM_GOAL && g_strcmp0 (item->id, "heroism") == 0)
        {
          const char * const trials[] = { "goldeater", "aranea", "basilisk", NULL };

          g_assert_cmpuint (item->count, ==, 3);
          g_assert_cmpint (item->points, ==, 6);
          g_assert_true (g_strv_equal ((const char * const *) item->sources, trials));
          heroism_items++;
        }
    }
  g_assert_cmpuint (heroism_items, ==, 1);
  assert_traceable (sheet);
}

static void
test_fate_table (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenScoreSheet) sheet = score_text (
    "{\"fate_table\": {\"points\": [1, 2, 4], \"step\": 3},"
    " \"players\": [{\"name\": \"Ann\", \"light\": 2,"
    "                \"trials\": [{\"vp\": 1, \"light\": 2}, {\"vp\": 1, \"dark\": 1}],"
    "                \"contracts\": [{\"vp\": 1, \"light\": 1}]},"
    "               {\"name\": \"Bob\", \"contracts\": [{\"vp\": 1, \"dark\": 2}, {\"vp\": 0}]}]}",
    &error);
  g_autoptr(GError) error2 = NULL;
  g_autoptr(PenScoreSheet) dominant = score_text (
    "{\"fate_table\": {\"basis\": \"dominant\", \"points\": [0, 1, 5]},"
    " \"players\": [{\"name\": \"Ann\", \"light\": 4, \"dark\": 3}]}", &error2);
  PenScoreResult *ann, *bob;

  g_assert_no_error (error);
  ann = result_named (sheet, "Ann");
  bob = result_named (sheet, "Bob");
  /* Ann: light 2 + 2 + 1 = 5, dark 1, difference 4: past the list, 4 + 3 */
  g_assert_cmpuint (ann->light, ==, 5);
  g_assert_cmpuint (ann->dark, ==, 1);
  g_assert_cmpint (ann->points[PEN_SCORE_FATE], ==, 7);
  /* Bob: dark 2, difference 2 */
  g_assert_cmpint (bob->points[PEN_SCORE_FATE], ==, 2);
  assert_traceable (sheet);

  g_assert_no_error (error2);
  /* dominant: the larger, 4, is past the list of three: 5 + 0 */
  g_assert_cmpint (result_named (dominant, "Ann")->points[PEN_SCORE_FATE], ==, 5);
}

static void
test_experience_override (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenScoreSheet) sheet = score_text (
    "{\"experience_table\": {\"identical\": [1, 2, 4, 6, 9, 12]},"
    " \"players\": [{\"name\": \"Ann\", \"tomes\": [{\"symbols\": [\"mystic\", \"mystic\","
    " \"mystic\", \"mystic\", \"mystic\", \"mystic\", \"mystic\"]}]}]}", &error);
  PenScoreResult *ann;
  gboolean open_item = FALSE;

  g_assert_no_error (error);
  ann = result_named (sheet, "Ann");
  /* 7 identical: the list ends at 6 (12), and the default step is 0 */
  g_assert_cmpint (ann->points[PEN_SCORE_EXPERIENCE], ==, 12);
  for (guint i = 0; i < ann->items->len; i++)
    {
      PenScoreItem *item = g_ptr_array_index (ann->items, i);

      if (item->kind == PEN_SCORE_ITEM_IDENTICAL)
        {
          open_item = item->open;
          /* the item says where its value comes from: past the printed table (play finding
           * C7) */
          g_assert_cmpstr (item->text, ==, "7 identical Mystic symbols: 12 points (open table) "
                           "— the rulebook’s table ends at 5 identical = 9 points");
        }
    }
  g_assert_true (open_item);
}

/* The "tables" of --details, fed back as the input's overrides, give the same figures. */
static void
test_tables_round_trip (void)
{
  const char *input =
    "{\"experience_table\": {\"identical\": [1, 2, 4, 6, 9, 13], \"step\": 2},"
    " \"fate_table\": {\"basis\": \"dominant\", \"points\": [0, 1, 3], \"step\": 4},"
    " \"players\": [{\"name\": \"Ann\", \"light\": 5, \"tomes\": [{\"symbols\": [\"wilds\","
    " \"wilds\", \"wilds\", \"wilds\", \"wilds\", \"wilds\", \"wilds\", \"wilds\"]}]}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(PenScoreSheet) sheet = score_text (input, &error);
  g_autoptr(JsonNode) tables = NULL;
  g_autoptr(PenScoreRules) rules = pen_score_rules_new_default ();
  JsonObject *obj;
  PenScoreResult *ann;

  g_assert_no_error (error);
  ann = result_named (sheet, "Ann");
  /* 8 Wilds: 13 for six, then 2 for each of two more */
  g_assert_cmpint (ann->points[PEN_SCORE_EXPERIENCE], ==, 17);
  /* dominant 5: 3 for three, then 4 for each of two more */
  g_assert_cmpint (ann->points[PEN_SCORE_FATE], ==, 11);

  tables = pen_score_rules_to_json (sheet->rules);
  obj = json_node_get_object (tables);
  g_assert_true (pen_score_rules_override_experience (rules,
                                                      json_object_get_member (obj,
                                                                              "experience_table"),
                                                      "$", &error));
  g_assert_true (pen_score_rules_override_fate (rules, json_object_get_member (obj, "fate_table"),
                                                "$", &error));
  g_assert_no_error (error);
  g_assert_cmpint (pen_score_fate_points (rules, 5, 0), ==, 11);
  g_assert_cmpint (pen_score_identical_points (rules, 8, NULL), ==, 17);
  g_assert_cmpint (json_object_get_int_member (obj, "identical_printed"), ==, 5);
}

static void
test_hints (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenScoreSheet) sheet = score_text (
    "{\"players\": [{\"name\": \"Ann\", \"tomes\": [{\"symbols\": [\"monsters\", \"beasts\","
    " \"wilds\", \"mystic\", \"wizards\", \"wizards\"]}]}]}", &error);
  PenScoreResult *ann;

  g_assert_no_error (error);
  ann = result_named (sheet, "Ann");
  for (guint i = 0; i < ann->hints->len; i++)
    {
      PenScoreHint *hint = g_ptr_array_index (ann->hints, i);

      g_assert_nonnull (hint->text);
      switch (hint->symbol)
        {
        case PEN_SYMBOL_SOCIETY:
          /* the missing kind: 1 for the pile and 7 for the set */
          g_assert_cmpint (hint->gain, ==, 8);
          g_assert_true (hint->completes_set);
          break;
        case PEN_SYMBOL_WIZARDS:
          /* 2 → 3 identical: 2 → 4 */
          g_assert_cmpint (hint->gain, ==, 2);
          g_assert_false (hint->completes_set);
          break;
        default:
          g_assert_cmpint (hint->gain, ==, 1);
          g_assert_false (hint->completes_set);
        }
      g_assert_false (hint->open);
    }
}

static void
test_csv (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenScoreSheet) sheet = score_text (
    "{\"players\": [{\"name\": \"Bob \\\"the\\\" Red, Jr\", \"arcana\": 2},"
    "               {\"name\": \"=SUM(A1)\", \"arcana\": 5, \"mortal_wounds\": 1},"
    "               {\"name\": \"Ann\", \"arcana\": 2}]}", &error);
  g_autofree char *csv = NULL;
  g_autofree char *labels = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_no_error (error);
  csv = pen_score_sheet_to_csv (sheet, FALSE);
  lines = g_strsplit (csv, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);   /* header, 3 rows, "" after the last */
  g_assert_cmpstr (lines[0], ==, "name,arcana,trials,mortal_wounds,experience,contracts,"
                                 "reserved_contracts,board,goals,fate,total,place");
  /* all three total 2 (5 - 3 for the second): one shared first place, in input order */
  g_assert_cmpstr (lines[1], ==, "\"Bob \"\"the\"\" Red, Jr\",2,0,0,0,0,0,0,0,0,2,1");
  g_assert_cmpstr (lines[2], ==, "'=SUM(A1),5,0,-3,0,0,0,0,0,0,2,1");
  g_assert_cmpstr (lines[3], ==, "Ann,2,0,0,0,0,0,0,0,0,2,1");
  g_assert_cmpstr (lines[4], ==, "");

  labels = pen_score_sheet_to_csv (sheet, TRUE);
  g_assert_true (g_str_has_prefix (labels, "Name,Arcana,Trials,"));

  /* the sheet to read names each player as shown: a solo game's Rival translated, as the
   * score page and the image show it (play finding S9); the ids' sheet keeps the stored name */
  {
    PenScoreResult *ann = g_ptr_array_index (sheet->results, 2);
    g_autofree char *shown = NULL;
    g_autofree char *ids = NULL;

    g_free (ann->display_name);
    ann->display_name = g_strdup ("Соперник");
    shown = pen_score_sheet_to_csv (sheet, TRUE);
    g_assert_nonnull (strstr (shown, "\r\nСоперник,2,0,0,0,0,0,0,0,0,2,1\r\n"));
    g_assert_null (strstr (shown, "Ann"));
    ids = pen_score_sheet_to_csv (sheet, FALSE);
    g_assert_nonnull (strstr (ids, "\r\nAnn,2,"));
  }
}

/* One key per player: the same figures give the same key, a change of one player's changes
 * that player's key only */
static void
test_keys (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenScoreSheet) sheet = score_text ("{\"players\": [{\"name\": \"Ann\", \"arcana\": 2},"
                                               " {\"name\": \"Bob\", \"arcana\": 2}]}", &error);
  g_autoptr(PenScoreSheet) same = score_text ("{\"players\": [{\"name\": \"Ann\", \"arcana\": 2},"
                                              " {\"name\": \"Bob\", \"arcana\": 2}]}", &error);
  g_autoptr(PenScoreSheet) more = score_text ("{\"players\": [{\"name\": \"Ann\", \"arcana\": 2},"
                                              " {\"name\": \"Bob\", \"arcana\": 3}]}", &error);
  g_auto(GStrv) keys = NULL, same_keys = NULL, more_keys = NULL;

  g_assert_no_error (error);
  keys = pen_score_sheet_list_keys (sheet);
  same_keys = pen_score_sheet_list_keys (same);
  more_keys = pen_score_sheet_list_keys (more);
  g_assert_cmpuint (g_strv_length (keys), ==, 2);
  g_assert_true (g_strv_equal ((const char * const *) keys, (const char * const *) same_keys));
  g_assert_cmpstr (keys[0], !=, keys[1]);
  /* Ann ties with Bob no more (her place changes), and Bob's figures change */
  g_assert_cmpstr (more_keys[1], !=, keys[1]);
}

static void
test_input_errors (void)
{
  static const struct { const char *json; const char *message; } cases[] = {
    { "{\"players\": [{\"name\": \"Ann\", \"trials\": [{\"vp\": 1}, {\"vp\": 2, \"symbols\":"
      " [\"dragons\"]}]}]}",
      "$.players[0].trials[1].symbols[0]: \"dragons\" is not a known experience symbol" },
    { "{\"players\": [{\"name\": \"Ann\", \"colour\": 1}]}", "$.players[0].colour: unknown key" },
    { "{\"players\": [{\"name\": \"Ann\", \"arcana\": -1}]}",
      "$.players[0].arcana: -1 is out of range (0-12)" },
    { "{\"players\": [{\"name\": \"Ann\", \"arcana\": 13}]}",
      "$.players[0].arcana: 13 is out of range (0-12)" },
    { "{\"players\": [{\"name\": \"Ann\", \"mortal_wounds\": -2}]}",
      "$.players[0].mortal_wounds: -2 is out of range (0-99)" },
    { "{\"players\": [{\"name\": \"Ann\", \"reserved_contracts\": 1.5}]}",
      "$.players[0].reserved_contracts: 1.5 is not a whole number" },
    { "{\"players\": [{\"name\": \"Ann\", \"contracts\": [{\"vp\": -1}]}]}",
      "$.players[0].contracts[0].vp: -1 is out of range (0-99)" },
    { "{\"players\": [{\"name\": \"Ann\", \"contracts\": [{\"symbols\": []}]}]}",
      "$.players[0].contracts[0].vp: missing" },
    { "{\"players\": [{\"arcana\": 1}]}", "$.players[0].name: missing" },
    { "{\"players\": [{\"name\": \"\"}]}", "$.players[0].name: a name cannot be empty" },
    { "{\"players\": [{\"name\": \"Ann\"}, {\"name\": \"Ann\"}]}",
      "$.players[1].name: \"Ann\" is the name of players[0] too" },
    { "{\"players\": []}", "$.players: there must be at least one player" },
    { "{\"goals\": []}", "$.players: missing" },
    { "{\"players\": {}}", "$.players: expected an array, found an object" },
    { "{\"players\": [{\"name\": \"A\"}, {\"name\": \"B\"}, {\"name\": \"C\"}, {\"name\": \"D\"},"
      " {\"name\": \"E\"}]}", "$.players: 5 players, but there are at most 4" },
    { "[]", "$: expected an object, found an array" },
    { "{\"players\": [{\"name\": \"Ann\"}], \"player\": 1}", "$.player: unknown key" },
    { "{\"players\": [{\"name\": \"Ann\", \"trials\": [{\"vp\": 3, \"light\": 1, \"dark\": 1}]}]}",
      "$.players[0].trials[0]: light and dark are both above 0, but a passed Trial leads one way"
      " only" },
    { "{\"players\": [{\"name\": \"Ann\", \"tomes\": [{\"symbols\": [\"mystic\"], \"vp\": 1}]}]}",
      "$.players[0].tomes[0].vp: unknown key" },
    { "{\"players\": [{\"name\": \"Ann\", \"trials\": [{\"id\": \"Gold Eater\", \"vp\": 3}]}]}",
      "$.players[0].trials[0].id: \"Gold Eater\" is not a card id (lower-case words joined by -)"
    },
    { "{\"players\": [{\"name\": \"Ann\", \"trials\": [{\"id\": \"goldeater\", \"vp\": 3}]},"
      " {\"name\": \"Bob\", \"trials\": [{\"id\": \"goldeater\", \"vp\": 3}]}]}",
      "$.players[1].trials[0].id: \"goldeater\" is passed by Ann already" },
    { "{\"goals\": [\"glory\"], \"players\": [{\"name\": \"Ann\"}]}",
      "$.goals[0]: \"glory\" is not a known goal" },
    { "{\"goals\": [\"heroism\", \"heroism\"], \"players\": [{\"name\": \"Ann\"}]}",
      "$.goals[1]: \"heroism\" is already in play (there is one card of each Goal)" },
    { "{\"goals\": [3], \"players\": [{\"name\": \"Ann\"}]}", "$.goals[0]: expected a goal id" },
    { "{\"players\": [{\"name\": \"Ann\", \"goal_vp\": {\"heroism\": 2}}]}",
      "$.players[0].goal_vp.heroism: heroism is worked out from the passed Trials; do not give"
      " its points" },
    { "{\"players\": [{\"name\": \"Ann\", \"goal_vp\": {\"glory\": 2}}]}",
      "$.players[0].goal_vp.glory: \"glory\" is not a known goal" },
    { "{\"players\": [{\"name\": \"Ann\", \"goal_vp\": {\"mastery\": -2}}]}",
      "$.players[0].goal_vp.mastery: -2 is out of range (0-99)" },
    { "{\"fate_table\": {\"basis\": \"purity\"}, \"players\": [{\"name\": \"Ann\"}]}",
      "$.fate_table.basis: \"purity\" is not a known Fate table basis" },
    { "{\"fate_table\": {\"points\": []}, \"players\": [{\"name\": \"Ann\"}]}",
      "$.fate_table.points: a table needs 1 to 64 values" },
    { "{\"experience_table\": {\"identical\": [1, -2]}, \"players\": [{\"name\": \"Ann\"}]}",
      "$.experience_table.identical[1]: -2 is out of range (0-999)" },
    { "{\"experience_table\": {\"set_of_six\": 8}, \"players\": [{\"name\": \"Ann\"}]}",
      "$.experience_table.set_of_six: unknown key" },
    { "{\"players\": [{\"name\": \"Ann\", \"trials\": [{\"vp\": 1, \"symbols\": \"wilds\"}]}]}",
      "$.players[0].trials[0].symbols: expected an array, found a string" },
    /* extra is free-form, seed is the CLI's */
    { "{\"players\": [{\"name\": \"Ann\", \"extra\": {\"x\": [1]}, \"goal_vp\": {\"extra\": 1}}],"
      " \"extra\": null, \"seed\": 4}", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PenScoreSheet) sheet = score_text (cases[i].json, &error);

      if (cases[i].message == NULL)
        {
          g_assert_no_error (error);
          g_assert_nonnull (sheet);
          continue;
        }
      g_assert_null (sheet);
      g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

/* The CLI in-process: returns the exit status, fills stdout and stderr. */
static int
run_cli (const char  *input,
         const char  *option,
         char       **out_text,
         char       **err_text)
{
  g_autoptr(GInputStream) in = g_memory_input_stream_new_from_data (g_strdup (input), -1, g_free);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GOutputStream) err = g_memory_output_stream_new_resizable ();
  char *argv[] = { (char *) "penumbra-cli", (char *) "score", (char *) option, NULL };
  int status;

  status = pen_cli_run (option ? 3 : 2, argv, in, out, err);
  g_output_stream_write_all (out, "", 1, NULL, NULL, NULL);
  g_output_stream_write_all (err, "", 1, NULL, NULL, NULL);
  g_output_stream_close (out, NULL, NULL);
  g_output_stream_close (err, NULL, NULL);
  *out_text = g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
  *err_text = g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (err));
  return status;
}

/* Exit 0 with one JSON document and a newline, or exit 2 with nothing on stdout and one
 * "penumbra-cli: $…" line on stderr. */
static void
assert_contract (int         status,
                 const char *out,
                 const char *err)
{
  if (status == 0)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) node = NULL;

      g_assert_cmpstr (err, ==, "");
      g_assert_true (g_str_has_suffix (out, "\n"));
      node = pen_json_parse (out, -1, &error);
      g_assert_no_error (error);
      g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
      return;
    }

  g_assert_cmpint (status, ==, 2);
  g_assert_cmpstr (out, ==, "");
  g_assert_true (g_str_has_prefix (err, "penumbra-cli: "));
  g_assert_true (g_str_has_suffix (err, "\n"));
  g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);   /* one line */
}

static void
test_cli_in_process (void)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *dout = NULL, *derr = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonObject *player;
  g_autoptr(GList) members = NULL;
  static const char * const order[] = {
    "name", "arcana", "trials", "mortal_wounds", "experience", "contracts",
    "reserved_contracts", "board", "goals", "fate", "total", NULL
  };
  guint i = 0;

  g_assert_cmpint (run_cli (SPEC_SAMPLE, NULL, &out, &err), ==, 0);
  assert_contract (0, out, err);
  g_assert_cmpstr (out, ==,
                   "{\"players\":[{\"name\":\"Ann\",\"arcana\":5,\"trials\":4,"
                   "\"mortal_wounds\":-3,\"experience\":3,\"contracts\":2,"
                   "\"reserved_contracts\":-3,\"board\":3,\"goals\":0,\"fate\":0,"
                   "\"total\":11}],\"ranking\":[[\"Ann\"]]}\n");

  /* the keys in the spec's order, nothing more */
  node = pen_json_parse (out, -1, NULL);
  player = json_array_get_object_element (
    json_object_get_array_member (json_node_get_object (node), "players"), 0);
  members = json_object_get_members (player);
  for (GList *l = members; l != NULL; l = l->next, i++)
    g_assert_cmpstr (l->data, ==, order[i]);
  g_assert_null (order[i]);

  g_assert_cmpint (run_cli (SPEC_SAMPLE, "--details", &dout, &derr), ==, 0);
  assert_contract (0, dout, derr);
  g_assert_true (g_str_has_prefix (dout, "{\"players\":[{\"name\":\"Ann\",\"arcana\":5,"));
  g_assert_nonnull (strstr (dout, "\"total\":11,\"details\":{\"place\":1,\"items\":["));
  g_assert_nonnull (strstr (dout, "\"kind\":\"trial\",\"id\":\"goldeater\",\"index\":0,"
                                  "\"count\":1,\"points\":4"));
  g_assert_nonnull (strstr (dout, "\"tables\":{\"experience_table\":{\"identical\":[1,2,4,6,9],"
                                  "\"step\":0},\"fate_table\":{\"basis\":\"difference\","
                                  "\"points\":[0],\"step\":0},\"identical_printed\":5,"));
}

static void
test_cli_bad_inputs (void)
{
  static const char * const inputs[] = {
    "",
    "{",
    "null",
    "{\"players\": [{\"name\": \"Ann\", \"trials\": [{\"vp\": 1}, {\"vp\": 2, \"symbols\":"
    " [\"dragons\"]}]}]}",
    "{\"players\": [{\"name\": \"Ann\", \"arcana\": -4}]}",
    "{\"players\": [{\"name\": \"Ann\"}], \"seed\": -1}",
    "{\"players\": [{\"name\": \"Ann\"}], \"typo\": 1}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autofree char *out = NULL, *err = NULL;
      int status = run_cli (inputs[i], NULL, &out, &err);

      g_assert_cmpint (status, ==, 2);
      assert_contract (status, out, err);
    }

  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (inputs[3], NULL, &out, &err), ==, 2);
    g_assert_cmpstr (err, ==, "penumbra-cli: $.players[0].trials[1].symbols[0]: \"dragons\" is"
                              " not a known experience symbol\n");
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (SPEC_SAMPLE, "--no-such-option", &out, &err), ==, 2);
    assert_contract (2, out, err);
  }
}

/* The built binary, through a real pipe (PENUMBRA_CLI). */
static void
test_cli_binary (void)
{
  const char *cli = g_getenv ("PENUMBRA_CLI");
  static const struct { const char *input; int status; const char *out; const char *err; }
  cases[] = {
    { "{\"goals\": [\"heroism\"], \"players\": [{\"name\": \"Ann\", \"trials\": [{\"id\":"
      " \"aranea\", \"vp\": 3}]}, {\"name\": \"Bob\", \"arcana\": 5},"
      " {\"name\": \"Cid\", \"arcana\": 5}]}", 0,
      "{\"players\":[{\"name\":\"Ann\",\"arcana\":0,\"trials\":3,\"mortal_wounds\":0,"
      "\"experience\":0,\"contracts\":0,\"reserved_contracts\":0,\"board\":0,\"goals\":2,"
      "\"fate\":0,\"total\":5},{\"name\":\"Bob\",\"arcana\":5,\"trials\":0,\"mortal_wounds\":0,"
      "\"experience\":0,\"contracts\":0,\"reserved_contracts\":0,\"board\":0,\"goals\":0,"
      "\"fate\":0,\"total\":5},{\"name\":\"Cid\",\"arcana\":5,\"trials\":0,\"mortal_wounds\":0,"
      "\"experience\":0,\"contracts\":0,\"reserved_contracts\":0,\"board\":0,\"goals\":0,"
      "\"fate\":0,\"total\":5}],\"ranking\":[[\"Ann\",\"Bob\",\"Cid\"]]}\n", "" },
    { "{\"players\": [{\"name\": \"Ann\", \"trials\": [{\"vp\": 1}, {\"vp\": 2, \"symbols\":"
      " [\"dragons\"]}]}]}", 2, "",
      "penumbra-cli: $.players[0].trials[1].symbols[0]: \"dragons\" is not a known experience"
      " symbol\n" },
    { "{\"players\": [{\"name\": \"Ann\", \"reserved_contracts\": -1}]}", 2, "",
      "penumbra-cli: $.players[0].reserved_contracts: -1 is out of range (0-36)\n" },
  };

  if (cli == NULL)
    {
      g_test_skip ("PENUMBRA_CLI is not set");
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GSubprocess) proc = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *out = NULL, *err = NULL;

      proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                               | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error, cli, "score", NULL);
      g_assert_no_error (error);
      g_subprocess_communicate_utf8 (proc, cases[i].input, NULL, &out, &err, &error);
      g_assert_no_error (error);
      g_assert_true (g_subprocess_get_if_exited (proc));
      g_assert_cmpint (g_subprocess_get_exit_status (proc), ==, cases[i].status);
      g_assert_cmpstr (out, ==, cases[i].out);
      g_assert_cmpstr (err, ==, cases[i].err);
    }

  /* --input FILE and --details give the same figures as stdin */
  {
    g_autoptr(GSubprocess) proc = NULL;
    g_autoptr(GError) error = NULL;
    g_autofree char *out = NULL, *err = NULL;
    g_autofree char *path = NULL;
    int fd = g_file_open_tmp ("test-score-XXXXXX.json", &path, &error);

    g_assert_no_error (error);
    close (fd);
    g_assert_true (g_file_set_contents (path, SPEC_SAMPLE, -1, &error));
    proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                             &error, cli, "score", "--details", "--input", path, NULL);
    g_assert_no_error (error);
    g_subprocess_communicate_utf8 (proc, NULL, NULL, &out, &err, &error);
    g_assert_no_error (error);
    g_assert_cmpint (g_subprocess_get_exit_status (proc), ==, 0);
    g_assert_cmpstr (err, ==, "");
    g_assert_nonnull (strstr (out, "\"total\":11,\"details\":"));
    g_unlink (path);
  }
}

/* Random edits of valid inputs: the CLI answers 0 or 2 by its contract, never crashes, and a
 * score it accepts is traceable. */
static void
mutate_node (JsonNode *node,
             guint     depth)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *obj = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (obj);
      guint n = g_list_length (members);
      const char *name;

      if (n == 0)
        return;
      name = g_list_nth_data (members, g_test_rand_int_range (0, n));
      switch (g_test_rand_int_range (0, 6))
        {
        case 0:
          json_object_remove_member (obj, name);
          break;
        case 1:
          json_object_set_int_member (obj, name, g_test_rand_int_range (-5, 40));
          break;
        case 2:
          json_object_set_string_member (obj, name, "dragons");
          break;
        case 3:
          json_object_set_int_member (obj, "zz", 1);
          break;
        default:
          if (depth < 6)
            mutate_node (json_object_get_member (obj, name), depth + 1);
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      guint n = json_array_get_length (array);

      if (n == 0)
        {
          json_array_add_string_element (array, "wilds");
          return;
        }
      switch (g_test_rand_int_range (0, 5))
        {
        case 0:
          json_array_remove_element (array, g_test_rand_int_range (0, n));
          break;
        case 1:
          json_array_add_element (array,
                                  json_node_copy (json_array_get_element (array, n - 1)));
          break;
        case 2:
          json_array_add_double_element (array, 2.5);
          break;
        default:
          if (depth < 6)
            mutate_node (json_array_get_element (array, g_test_rand_int_range (0, n)),
                         depth + 1);
        }
    }
  else if (JSON_NODE_HOLDS_VALUE (node))
    {
      switch (g_test_rand_int_range (0, 4))
        {
        case 0:
          json_node_set_int (node, g_test_rand_int_range (-1000, 1000));
          break;
        case 1:
          json_node_set_string (node, g_test_rand_bit () ? "" : "society");
          break;
        case 2:
          json_node_set_boolean (node, TRUE);
          break;
        default:
          json_node_set_double (node, 1e300);
        }
    }
}

static void
test_random_mutations (void)
{
  static const char * const seeds[] = {
    SPEC_SAMPLE,
    "{\"goals\": [\"heroism\", \"mastery\"], \"fate_table\": {\"basis\": \"dominant\","
    " \"points\": [1, 2], \"step\": 1}, \"experience_table\": {\"identical\": [1, 2, 4, 6, 9,"
    " 12], \"step\": 3}, \"players\": [{\"name\": \"Ann\", \"arcana\": 12, \"goal_vp\":"
    " {\"mastery\": 3}, \"trials\": [{\"id\": \"aranea\", \"vp\": 5, \"symbols\": [\"beasts\","
    " \"wilds\"], \"light\": 2}], \"contracts\": [{\"id\": \"lost-hut\", \"vp\": 1, \"symbols\":"
    " [\"society\"], \"light\": 1}], \"tomes\": [{\"id\": \"manual-of-good-manners\","
    " \"symbols\": [\"society\"]}]}, {\"name\": \"Bob\", \"mortal_wounds\": 2, \"light\": 1,"
    " \"dark\": 4}]}",
  };
  guint accepted = 0, refused = 0;
  guint rounds = g_test_slow () ? 20000 : 2000;

  for (guint r = 0; r < rounds; r++)
    {
      /* a mutable tree: pen_json_parse () seals its nodes */
      g_autoptr(JsonNode) node = json_from_string (seeds[r % G_N_ELEMENTS (seeds)], NULL);
      g_autofree char *text = NULL;
      g_autofree char *out = NULL, *err = NULL;
      guint edits = g_test_rand_int_range (1, 4);
      int status;

      for (guint e = 0; e < edits; e++)
        mutate_node (node, 0);
      text = pen_json_to_string (node, FALSE);

      /* sometimes a byte-level cut too, to reach the parser's errors */
      if (g_test_rand_int_range (0, 8) == 0)
        text[g_test_rand_int_range (0, strlen (text))] = '\0';

      status = run_cli (text, g_test_rand_bit () ? "--details" : NULL, &out, &err);
      assert_contract (status, out, err);
      if (status == 0)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(PenScoreSheet) sheet = score_text (text, &error);

          g_assert_no_error (error);
          assert_traceable (sheet);
          accepted++;
        }
      else
        refused++;
    }

  g_test_message ("mutations: %u accepted, %u refused", accepted, refused);
  g_assert_cmpuint (accepted, >, 0);
  g_assert_cmpuint (refused, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/penumbra/score/tables/rulebook", test_tables_match_rulebook);
  g_test_add_func ("/penumbra/score/experience/rulebook-example", test_experience_rulebook_example);
  g_test_add_func ("/penumbra/score/experience/rulebook-example-items",
                   test_experience_rulebook_example_items);
  g_test_add_func ("/penumbra/score/experience/brute-force", test_experience_brute_force);
  g_test_add_func ("/penumbra/score/experience/override", test_experience_override);
  g_test_add_func ("/penumbra/score/experience/hints", test_hints);
  g_test_add_func ("/penumbra/score/tables/round-trip", test_tables_round_trip);
  g_test_add_func ("/penumbra/score/spec-sample", test_spec_sample);
  g_test_add_func ("/penumbra/score/ranking/ties", test_ties_share_places);
  g_test_add_func ("/penumbra/score/ranking/place-known-with-unknown",
                   test_place_known_with_unknown);
  g_test_add_func ("/penumbra/score/ranking/all-tied", test_all_tied);
  g_test_add_func ("/penumbra/score/goals/heroism", test_heroism_and_goals);
  g_test_add_func ("/penumbra/score/fate/table", test_fate_table);
  g_test_add_func ("/penumbra/score/csv", test_csv);
  g_test_add_func ("/penumbra/score/keys", test_keys);
  g_test_add_func ("/penumbra/score/input/errors", test_input_errors);
  g_test_add_func ("/penumbra/score/cli/in-process", test_cli_in_process);
  g_test_add_func ("/penumbra/score/cli/bad-inputs", test_cli_bad_inputs);
  g_test_add_func ("/penumbra/score/cli/binary", test_cli_binary);
  g_test_add_func ("/penumbra/score/cli/random-mutations", test_random_mutations);
  return g_test_run ();
}
