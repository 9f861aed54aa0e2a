/* test-old-saves.c: saves of the first version, whose new-game action did not record the
 * set-up, open and go on from the table they saved; their old log is kept whole, and nothing
 * else is taken for one of them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-action.h"
#include "pen-game.h"
#include "pen-json.h"
#include "pen-table.h"
#include "game-test-common.h"
#include "pen-test-utils.h"

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "first-version", name, NULL);
}

static JsonNode *
read_json (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  JsonNode *node;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  node = pen_json_parse (text, -1, &error);
  g_assert_no_error (error);
  return node;
}

/* Every member the old snapshot has is what the resumed table gives */
static void
assert_table_is_snapshot (PenTable *table,
                          JsonNode *snapshot)
{
  g_autoptr(JsonNode) now = pen_table_to_json (table);
  JsonObject *old = json_node_get_object (snapshot);
  g_autoptr(GList) members = json_object_get_members (old);

  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *a = json_object_get_member (old, l->data);
      JsonNode *b = json_object_get_member (json_node_get_object (now), l->data);

      if (b == NULL || !json_node_equal (a, b))
        g_error ("the resumed table differs from the saved one at $.snapshot.%s",
                 (const char *) l->data);
    }
}

static void
test_resume (gconstpointer data)
{
  const char *name = data;
  g_autofree char *path = fixture_path (name);
  g_autofree char *before = NULL, *after = NULL, *copy = NULL, *saved = NULL, *live = NULL;
  g_autoptr(JsonNode) file = read_json (path);
  JsonObject *obj = json_node_get_object (file);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) again = NULL;
  g_autoptr(PenAction) first = NULL;
  g_autoptr(GFile) out = NULL;
  g_autofree char *dir = NULL;
  JsonObject *params;

  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  game = pen_game_load (gfile, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);

  /* loading wrote nothing */
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
  g_clear_object (&gfile);
  pen_game_set_file (game, NULL);

  /* one step, the resume, holding the old log whole (the undone step too) */
  g_assert_cmpuint (g_list_model_get_n_items (pen_game_get_history (game)), ==, 1);
  g_assert_cmpuint (pen_game_get_position (game), ==, 1);
  g_assert_false (pen_game_get_can_undo (game));
  g_assert_false (pen_game_get_can_redo (game));
  first = g_list_model_get_item (pen_game_get_history (game), 0);
  g_assert_cmpstr (pen_action_get_kind (first), ==, "resume");
  params = pen_action_get_params (first);
  g_assert_true (json_node_equal (json_object_get_member (params, "earlier"),
                                  json_object_get_member (obj, "log")));
  g_assert_true (json_node_equal (json_object_get_member (params, "table"),
                                  json_object_get_member (obj, "snapshot")));
  assert_table_is_snapshot (pen_game_get_table (game), json_object_get_member (obj, "snapshot"));

  /* it goes on (unless it had ended), is saved in today's form and reads back as it was */
  if (pen_table_get_phase (pen_game_get_table (game)) != PEN_PHASE_ENDED)
    {
      g_autoptr(PenAction) action = pen_action_new_setting_hide_odds (TRUE);

      g_assert_true (pen_game_submit (game, action, &error));
      g_assert_no_error (error);
      g_assert_true (pen_game_get_can_undo (game));
    }
  dir = g_dir_make_tmp ("penumbra-old-saves-XXXXXX", &error);
  g_assert_no_error (error);
  copy = g_build_filename (dir, "game.json", NULL);
  out = g_file_new_for_path (copy);
  g_assert_true (pen_game_save (game, out, &error));
  g_assert_no_error (error);
  again = pen_game_load (out, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pen_game_get_position (again), ==, pen_game_get_position (game));
  saved = pen_test_snapshot_text (again);
  live = pen_test_snapshot_text (game);
  g_assert_cmpstr (saved, ==, live);
  g_clear_object (&again);
  pen_test_remove_tree (dir);
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
}

/* Resuming is for first-version saves only, and only from a table that reads: a damaged one
 * stays damaged, and so does today's save whose snapshot its log does not give. */
static void
test_still_damaged (void)
{
  g_autofree char *path = fixture_path ("three-players.json");
  g_autoptr(JsonNode) file = read_json (path);
  JsonObject *obj = json_node_get_object (file);
  JsonObject *snapshot = json_object_get_object_member (obj, "snapshot");
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autofree char *text = NULL;
  JsonObject *first;

  /* a first-version save whose table does not read (a turn that is no number) */
  json_object_set_string_member (snapshot, "turn", "eleven");
  text = pen_json_to_string (file, FALSE);
  game = pen_game_load_from_data (text, -1, &error);
  g_assert_null (game);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_CORRUPT);
  g_clear_error (&error);
  g_clear_pointer (&text, g_free);

  /* the same with a recorded set-up is today's save: its log must give its snapshot */
  json_object_set_int_member (snapshot, "turn", 0);
  first = json_array_get_object_element (json_object_get_array_member (obj, "log"), 0);
  json_object_set_object_member (first, "setup", json_object_new ());
  text = pen_json_to_string (file, FALSE);
  game = pen_game_load_from_data (text, -1, &error);
  g_assert_null (game);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_CORRUPT);
}

/* A save of a game whose table said End of Time was fulfilled with Fate cards left, written
 * before the rule prophecy-condition: it opens, the step marked as an override, the final round
 * on, and the game goes on to its end. */
static void
test_early_end_of_time (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenGame) loaded = NULL;
  g_autoptr(PenAction) last = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) old = NULL;
  g_autofree char *data = NULL;
  const char * const *mid = mid_game_actions ();
  PenTable *table;
  GArray *rules;

  for (guint i = 0; mid[i] != NULL; i++)
    g_assert_true (pen_game_submit_json (game, mid[i], &error));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"prophecy-fulfil\", \"card\": "
                                       "\"end-of-time\", \"override\": true}", &error));
  g_assert_no_error (error);
  data = pen_game_to_data (game);
  /* as the version before the rule wrote it: no override */
  old = g_string_new (data);
  g_assert_cmpuint (g_string_replace (old, ",\"override\":true", "", 0), ==, 1);
  g_assert_null (strstr (old->str, "override"));
  loaded = pen_game_load_from_data (old->str, old->len, &error);
  g_assert_no_error (error);
  table = pen_game_get_table (loaded);
  g_assert_cmpint (pen_table_get_phase (table), ==, PEN_PHASE_FINAL_ROUND);
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_fate_deck (table)), >, 0);
  last = g_list_model_get_item (pen_game_get_history (loaded),
                                pen_game_get_position (loaded) - 1);
  rules = pen_action_get_overrides (last);
  g_assert_nonnull (rules);
  g_assert_cmpuint (rules->len, ==, 1);
  g_assert_cmpuint (g_array_index (rules, guint, 0), ==, PEN_RULE_PROPHECY_CONDITION);
  /* Ann's Study turn ends, then each player has one more */
  for (guint i = 0; i < 3; i++)
    {
      if (pen_table_get_turn_kind (table) == PEN_TURN_NONE)
        g_assert_true (pen_game_submit_json (loaded, "{\"action\": \"turn-start\", \"kind\": "
                                             "\"study\"}", &error));
      g_assert_true (pen_game_submit_json (loaded, "{\"action\": \"turn-end\"}", &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (pen_table_get_phase (table), ==, PEN_PHASE_ENDED);
}

/* A save written while a new game could lay its markets out in another order than its log
 * gives (before the set-up was parsed back from its text): its snapshot differs from the replay
 * only in the order of the markets, and it opens. A market card that differs is still damage. */
static void
test_markets_order (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) file = NULL;
  g_autofree char *data = NULL;
  g_autofree char *text = NULL;
  JsonArray *markets, *rotated;
  guint n;

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": "
                                       "[\"Ann\", \"Bob\"], \"seed\": 7}", &error));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", \"kind\": "
                                       "\"rest\"}", &error));
  g_assert_no_error (error);
  data = pen_game_to_data (game);
  file = json_from_string (data, &error);
  g_assert_no_error (error);
  markets = json_object_get_array_member (json_object_get_object_member
                                            (json_node_get_object (file), "snapshot"),
                                          "markets");
  n = json_array_get_length (markets);
  g_assert_cmpuint (n, >=, 4);
  /* the last market first, each market's cards in their order */
  rotated = json_array_new ();
  for (guint i = 0; i < n; i++)
    json_array_add_element (rotated, json_node_copy (json_array_get_element (markets,
                                                                             (i + n - 2) % n)));
  json_object_set_array_member (json_object_get_object_member (json_node_get_object (file),
                                                               "snapshot"),
                                "markets", rotated);
  text = pen_json_to_string (file, FALSE);
  loaded = pen_game_load_from_data (text, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_clear_object (&loaded);
  g_clear_pointer (&text, g_free);

  /* a card of a market that is not the log's */
  json_object_set_string_member (json_array_get_object_element (rotated, 0), "id", "ichor-x");
  text = pen_json_to_string (file, FALSE);
  loaded = pen_game_load_from_data (text, -1, &error);
  g_assert_null (loaded);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_CORRUPT);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/penumbra/old-saves/three-players", "three-players.json", test_resume);
  g_test_add_data_func ("/penumbra/old-saves/solo-ended", "solo-ended.json", test_resume);
  g_test_add_data_func ("/penumbra/old-saves/ready-made", "ready-made.json", test_resume);
  g_test_add_func ("/penumbra/old-saves/still-damaged", test_still_damaged);
  g_test_add_func ("/penumbra/old-saves/markets-order", test_markets_order);
  g_test_add_func ("/penumbra/old-saves/early-end-of-time", test_early_end_of_time);
  return g_test_run ();
}
