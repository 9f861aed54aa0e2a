/* test-correct-label.c: a correction reads as words in the History, never a path or an id
 *
 * Every value of a game's snapshot, leaves and lists alike, is corrected in turn (to what it
 * already holds, so the table stays valid), and the step's label must name no path, no key and
 * no id. The corrections the app makes (a card put in an empty Guild cell, a Mortal Wound taken
 * back) and those of the CLI (a wizard's Blood, a Mark's state) say exactly what happened.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pen-catalog.h"
#include "pen-correct-label.h"
#include "pen-demo.h"
#include "pen-test-utils.h"

static const char *
last_label (PenGame *game)
{
  g_autoptr(PenAction) last = g_list_model_get_item (pen_game_get_history (game),
                                                     pen_game_get_position (game) - 1);

  return pen_action_get_label (last);
}

/* label reads as words: nothing of the path, no JSON, no id of the value */
static void
assert_words (const char *label,
              const char *target,
              JsonNode   *value)
{
  g_assert_nonnull (label);
  g_assert_cmpstr (label, !=, "");
  /* nothing of the path: no snapshot key ("mortal_wounds", "contract_row"), no index */
  if ((strpbrk (target, ".[") != NULL && strstr (label, target) != NULL)
      || strpbrk (label, "[]{}$_\"") != NULL)
    g_error ("the correction of %s reads \"%s\"", target, label);
  /* no id: "lost-hut", "wounded", "bone" (a name is shown as it is typed) */
  if (value != NULL && JSON_NODE_HOLDS_VALUE (value)
      && json_node_get_value_type (value) == G_TYPE_STRING
      && !g_str_has_suffix (target, ".name") && strlen (json_node_get_string (value)) > 2
      && strstr (label, json_node_get_string (value)) != NULL)
    g_error ("the correction of %s shows the id: \"%s\"", target, label);
}

static void
correct_every_value (PenGame    *game,
                     JsonNode   *node,
                     const char *path,
                     guint      *n_labelled)
{
  if (*path != '\0')
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PenAction) action = pen_action_new_correct (path, json_node_copy (node));
      g_autofree char *before = NULL, *after = NULL;

      before = pen_table_snapshot (pen_game_get_table (game));
      if (pen_game_submit (game, action, &error))
        {
          after = pen_table_snapshot (pen_game_get_table (game));
          /* nothing changed, the label still says what was corrected */
          g_assert_cmpstr (before, ==, after);
          assert_words (last_label (game), path, node);
          (*n_labelled)++;
          g_assert_true (pen_game_undo (game));
        }
      else
        /* only the generator's state may not be corrected */
        g_assert_true (g_str_equal (path, "random") || g_str_equal (path, "seed"));
    }

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *obj = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (obj);

      for (GList *l = members; l; l = l->next)
        {
          g_autofree char *child = *path ? g_strdup_printf ("%s.%s", path, (char *) l->data)
                                         : g_strdup (l->data);

          correct_every_value (game, json_object_get_member (obj, l->data), child, n_labelled);
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *arr = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          g_autofree char *child = g_strdup_printf ("%s[%u]", path, i);

          correct_every_value (game, json_array_get_element (arr, i), child, n_labelled);
        }
    }
}

/* every value of a game in progress (the demo: cards in zones, marks, dice, a trial row) */
static void
test_every_value (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(JsonNode) snap = NULL;
  guint n_labelled = 0;

  g_assert_no_error (error);
  snap = pen_table_to_json (pen_game_get_table (game));
  correct_every_value (game, snap, "", &n_labelled);
  g_test_message ("%u corrections labelled", n_labelled);
  g_assert_cmpuint (n_labelled, >, 100);
}

static void
submit_correct (PenGame    *game,
                const char *target,
                JsonNode   *value)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenAction) action = pen_action_new_correct (target, value);

  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
}

/* what the app's own corrections say */
static void
test_app_corrections (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  PenCatalog *catalog = pen_catalog_get_default ();
  const char *lost_hut = pen_card_get_name (pen_catalog_lookup (catalog, "lost-hut"), "en");
  g_autoptr(JsonNode) wounded = json_node_init_string (json_node_alloc (), "wounded");
  const char *label;

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": "
                                       "[\"Ann\", \"Bob\"], \"seed\": 3, \"mode\": \"physical\","
                                       " \"table_rolls\": true, \"start\": [{\"mark\": \"ruby\"},"
                                       " {\"mark\": \"jasper\"}], \"setup\": {\"prophecies\":"
                                       " [\"end-of-time\"], \"trial_row\": [\"aranea\"],"
                                       " \"fate_deck\": [\"wildwood\"]}}", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_contract_row (table)), >, 0);

  /* an empty Guild cell filled (the play-test's "Correct contract_row[0].id to "lost-hut"") */
  submit_correct (game, "contract_row[0].id", json_node_init_string (json_node_alloc (),
                                                                      "lost-hut"));
  label = last_label (game);
  g_test_message ("%s", label);
  assert_words (label, "contract_row[0].id", NULL);
  g_assert_nonnull (strstr (label, lost_hut));
  g_assert_nonnull (strstr (label, "1"));
  g_assert_null (strstr (label, "lost-hut"));

  /* another card in its place */
  submit_correct (game, "contract_row[0].id", json_node_init_string (json_node_alloc (),
                                                                      "brightshine"));
  label = last_label (game);
  g_test_message ("%s", label);
  g_assert_nonnull (strstr (label, lost_hut));
  g_assert_nonnull (strstr (label, pen_card_get_name (pen_catalog_lookup (catalog,
                                                                          "brightshine"), "en")));

  /* a Mortal Wound taken back */
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"mortal-wound\", \"wizard\": 1}",
                                       &error));
  g_assert_no_error (error);
  submit_correct (game, "players[1].mortal_wounds", json_node_init_int (json_node_alloc (), 0));
  label = last_label (game);
  g_test_message ("%s", label);
  assert_words (label, "players[1].mortal_wounds", NULL);
  g_assert_nonnull (strstr (label, "Bob"));
  g_assert_nonnull (strstr (label, "0"));

  /* the CLI's: Blood, a Mark's state */
  submit_correct (game, "players[0].ingredients.blood", json_node_init_int (json_node_alloc (),
                                                                            4));
  label = last_label (game);
  g_test_message ("%s", label);
  g_assert_nonnull (strstr (label, "Ann"));
  g_assert_nonnull (strstr (label, "Blood"));
  g_assert_nonnull (strstr (label, "4"));
  submit_correct (game, "players[0].marks[0].state", json_node_copy (wounded));
  label = last_label (game);
  g_test_message ("%s", label);
  assert_words (label, "players[0].marks[0].state", wounded);
  g_assert_nonnull (strstr (label, "Ruby"));
  g_assert_nonnull (strstr (label, "Wounded"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/penumbra/correct-label/every-value", test_every_value);
  g_test_add_func ("/penumbra/correct-label/app-corrections", test_app_corrections);

  return g_test_run ();
}
