/* test-json.c: the strict JSON readers and the WIZARD object
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-demo.h"
#include "pen-json.h"
#include "pen-types.h"

static PenBoard *
board_from_text (const char *text,
                 GError    **error)
{
  g_autoptr(JsonNode) node = pen_json_parse (text, -1, error);

  if (node == NULL)
    return NULL;
  return pen_board_from_json (node, "$.wizard", error);
}

static void
test_board_roundtrip (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenBoard) board = board_from_text (
    "{\"supply\": [{\"color\": \"spark\", \"value\": 2}, {\"color\": \"bone\", \"value\": 6,"
    " \"temporary\": true}], \"marks\": [{\"kind\": \"jasper\", \"value\": 2, \"state\":"
    " \"charged\"}], \"ingredients\": {\"blood\": 3}}", &error);
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(PenBoard) again = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (board->supply->len, ==, 2);
  g_assert_cmpint (g_array_index (board->supply, PenDieValue, 1).color, ==, PEN_COLOR_BONE);
  g_assert_true (g_array_index (board->supply, PenDieValue, 1).temporary);
  g_assert_cmpuint (board->ingredients[PEN_INGREDIENT_BLOOD], ==, 3);
  g_assert_cmpuint (board->marks->len, ==, 1);

  node = pen_board_to_json (board);
  again = pen_board_from_json (node, "$", &error);
  g_assert_no_error (error);
  g_assert_true (pen_board_equal (board, again));
}

static void
test_board_errors (void)
{
  static const struct { const char *json; const char *message; } cases[] = {
    { "{\"supply\": [{\"color\": \"spark\", \"value\": 7}]}",
      "$.wizard.supply[0].value: 7 is not a die face (1-6)" },
    { "{\"supply\": [], \"colour\": 1}", "$.wizard.colour: unknown key" },
    { "{}", "$.wizard.supply: missing" },
    { "{\"supply\": [{\"color\": \"pink\", \"value\": 1}]}",
      "$.wizard.supply[0].color: \"pink\" is not a known die colour" },
    { "{\"supply\": [], \"ingredients\": {\"blood\": 13}}",
      "$.wizard.ingredients.blood: 13 is out of range (0-12)" },
    { "{\"supply\": [], \"marks\": [{\"kind\": \"ruby\", \"value\": 1.5}]}",
      "$.wizard.marks[0].value: 1.5 is not a whole number" },
    { "[1, 2]", "$.wizard: expected an object, found an array" },
    { "{\"supply\": [], \"extra\": {\"anything\": 1}}", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PenBoard) board = board_from_text (cases[i].json, &error);

      if (cases[i].message == NULL)
        {
          g_assert_no_error (error);
          g_assert_nonnull (board);
          continue;
        }
      g_assert_null (board);
      g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static void
test_parse_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = pen_json_parse ("{\"a\": ", -1, &error);

  g_assert_null (node);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "$: malformed JSON"));
}

/* The hand-written snapshot (undo's hot path) is exactly what json-glib writes for the same
 * document, so saves, undo and the log all agree. */
static void
check_snapshot (PenTable *table)
{
  g_autofree char *fast = pen_table_snapshot (table);
  g_autoptr(JsonNode) node = pen_json_parse (fast, -1, NULL);
  g_autofree char *generated = NULL;

  g_assert_nonnull (node);
  generated = pen_json_to_string (node, FALSE);
  g_assert_cmpstr (fast, ==, generated);
}

static void
test_snapshot_matches_generator (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenGame) odd = pen_game_new ();
  static const char *steps[] = {
    "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\", \"temporary\": true}",
    "{\"action\": \"mark-wound\", \"wizard\": 1, \"cell\": 8}",
    "{\"action\": \"card-rotate\", \"wizard\": 0, \"card\": \"scarlet-downpour\"}",
    "{\"action\": \"goal-vp\", \"wizard\": 0, \"goal\": \"mastery\", \"vp\": 3}",
    /* early, with Fate cards left: the table overrules End of Time's count */
    "{\"action\": \"prophecy-fulfil\", \"card\": \"end-of-time\", \"override\": true}",
  };

  g_assert_no_error (error);
  check_snapshot (pen_game_get_table (game));
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      pen_game_submit_json (game, steps[i], NULL);
      check_snapshot (pen_game_get_table (game));
    }

  /* names that need escaping, and text beyond ASCII */
  g_assert_true (pen_game_submit_json (odd, "{\"action\": \"new-game\", \"players\": "
                                            "[\"Ann \\\"the\\\" \\\\ \\t\\u0001\", "
                                            "\"Борис ✨\"], \"seed\": 5}", &error));
  g_assert_no_error (error);
  check_snapshot (pen_game_get_table (odd));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/penumbra/json/board/roundtrip", test_board_roundtrip);
  g_test_add_func ("/penumbra/json/board/errors", test_board_errors);
  g_test_add_func ("/penumbra/json/parse/errors", test_parse_errors);
  g_test_add_func ("/penumbra/json/snapshot/matches-generator", test_snapshot_matches_generator);
  return g_test_run ();
}
