/* test-action-new.c: the typed constructors of PenAction against the kinds table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-action.h"
#include "pen-demo.h"
#include "pen-json.h"
#include "pen-test-utils.h"

static char *
action_text (PenAction *action)
{
  g_autoptr(JsonNode) node = pen_action_to_json (action);

  return pen_json_to_string (node, FALSE);
}

static JsonObject *
parse_object (const char *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = pen_json_parse (json, -1, &error);

  g_assert_no_error (error);
  return json_object_ref (json_node_get_object (node));
}

/* One action of every kind, made by its constructor */
static GPtrArray *
one_of_each (void)
{
  GPtrArray *all = g_ptr_array_new_with_free_func (g_object_unref);
  guint give[PEN_N_INGREDIENTS] = { 4, 0, }, get[PEN_N_INGREDIENTS] = { 0, 1, };
  g_autoptr(JsonObject) players = parse_object ("{\"players\": [\"Ann\", \"Bob\"], \"seed\": 1}");
  const guint task_dice[] = { 0 }, gain_wizards[] = { 0 };
  g_autoptr(JsonObject) pay = parse_object ("{\"fruit\": 2}");
  g_autoptr(JsonObject) properties = parse_object ("{\"rift\": 2}");
  g_autoptr(JsonArray) corrections = json_array_new ();

  g_ptr_array_add (all, pen_action_new_with_params ("new-game", players));
  g_ptr_array_add (all, pen_action_new_die_gain (0, PEN_COLOR_RED, FALSE));
  g_ptr_array_add (all, pen_action_new_die_discard (0, 1));
  g_ptr_array_add (all, pen_action_new_die_place (0, 1));
  g_ptr_array_add (all, pen_action_new_die_set (0, 1, 6));
  g_ptr_array_add (all, pen_action_new_die_flip (0, 1, TRUE));
  g_ptr_array_add (all, pen_action_new_die_adjust (0, 1, -1, FALSE));
  g_ptr_array_add (all, pen_action_new_die_reroll (0, 1, FALSE));
  g_ptr_array_add (all, pen_action_new_die_recolor (0, 1, PEN_COLOR_BLUE));
  g_ptr_array_add (all, pen_action_new_ingredient_gain (1, PEN_INGREDIENT_FRUIT, 2));
  g_ptr_array_add (all, pen_action_new_ingredient_spend (1, PEN_INGREDIENT_FRUIT, 1));
  g_ptr_array_add (all, pen_action_new_mark_gain (0, PEN_MARK_RUBY));
  g_ptr_array_add (all, pen_action_new_mark ("use", 0, 3));
  g_ptr_array_add (all, pen_action_new_mark ("recharge", 0, 3));
  g_ptr_array_add (all, pen_action_new_mark ("wound", 0, 3));
  g_ptr_array_add (all, pen_action_new_mark ("heal", 0, 3));
  g_ptr_array_add (all, pen_action_new_mark ("blood", 0, 3));
  g_ptr_array_add (all, pen_action_new_card_gain (0, "aranea", NULL));
  g_ptr_array_add (all, pen_action_new_card_rotate (0, "aranea", TRUE));
  g_ptr_array_add (all, pen_action_new_card_move (0, "aranea", "inventory"));
  g_ptr_array_add (all, pen_action_new_card_discard (0, "aranea"));
  g_ptr_array_add (all, pen_action_new_contract_take (0, 2, NULL));
  g_ptr_array_add (all, pen_action_new_contract_reserve (0, -1, "aranea"));
  g_ptr_array_add (all, pen_action_new_trial_take (0, 1, NULL, PEN_PATH_LIGHT));
  g_ptr_array_add (all, pen_action_new_trial_fail (0, -1, "aranea"));
  g_ptr_array_add (all, pen_action_new_trial_reserve (0, 1));
  g_ptr_array_add (all, pen_action_new_trial_begin (0, 1, NULL, properties));
  g_ptr_array_add (all, pen_action_new_trial_property ("shield", NULL, FALSE));
  g_ptr_array_add (all, pen_action_new_vigilance_use (1));
  g_ptr_array_add (all, pen_action_new_fate (0, 1, 0));
  g_ptr_array_add (all, pen_action_new_mortal_wound (0));
  g_ptr_array_add (all, pen_action_new_turn_start (PEN_TURN_STUDY));
  g_ptr_array_add (all, pen_action_new_turn_end (NULL, NULL));
  g_ptr_array_add (all, pen_action_new_fate_reveal ("aranea"));
  {
    /* the whole preparation, picks and adjustments: every key of the kind */
    static const guint defend[] = { 0 };
    static const guint8 dice[] = { 1, 2 };
    static const gint adjust[] = { 0, 1 }, picks[] = { -1, 2 };
    PenThreatPrep prep;

    pen_threat_prep_init (&prep, 4);
    prep.uncancellable = 1;
    prep.discard = 1;
    prep.discard_all = TRUE;
    prep.defend = 1;
    prep.defend_dice = defend;
    prep.defend_placed = 1;
    prep.rift = 2;
    g_ptr_array_add (all, pen_action_new_threat (0, &prep, dice, 2, adjust, picks, "Goldeater"));
  }
  g_ptr_array_add (all, pen_action_new_goal_vp (0, "goal", 3));
  g_ptr_array_add (all, pen_action_new_setting_hide_odds (TRUE));
  g_ptr_array_add (all, pen_action_new_correct ("players[0].light", json_node_init_int (
                                                  json_node_alloc (), 2)));
  g_ptr_array_add (all, pen_action_new_task_pay (0, task_dice, 1, give, NULL, 0));
  g_ptr_array_add (all, pen_action_new_recount (corrections));
  g_ptr_array_add (all, pen_action_new_prophecy_fulfil ("unity", TRUE));
  g_ptr_array_add (all, pen_action_new_rival_turn (NULL, NULL));
  g_ptr_array_add (all, pen_action_new_exchange (0, give, get));
  g_ptr_array_add (all, pen_action_new_brew (0, "potion", NULL));
  g_ptr_array_add (all, pen_action_new_buy (0, "potion", pay, NULL));
  {
    const char * const reveal[] = { "triplet", "ichor", NULL };

    g_ptr_array_add (all, pen_action_new_bribe (0, "brewery", reveal));
  }
  g_ptr_array_add (all, pen_action_new_knock_out (0, 1, 0));
  g_ptr_array_add (all, pen_action_new_resource_gain ("harvest", 1, gain_wizards, give));
  g_ptr_array_add (all, pen_action_new_board_value (8, 3));
  g_ptr_array_add (all, pen_action_new_card_identify ("unknown-1", "aranea"));
  g_ptr_array_add (all, pen_action_new_place (0, 0, "ruins", "blood", 0, 3, -1, NULL, NULL, 0));
  {
    g_autoptr(PenGame) demo = pen_demo_new_game (NULL);
    g_autoptr(JsonNode) table = pen_table_to_json (pen_game_get_table (demo));

    g_ptr_array_add (all, pen_action_new_resume (table, NULL));
  }
  return all;
}

/* Every kind of the table has its constructor, and each makes an action of its own kind that
 * reads back unchanged */
static void
test_every_kind (void)
{
  g_autoptr(GPtrArray) all = one_of_each ();
  const char * const *kinds = pen_action_list_kinds ();
  g_autoptr(GHashTable) made = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < all->len; i++)
    {
      PenAction *action = g_ptr_array_index (all, i);
      g_autofree char *text = NULL;
      g_autoptr(JsonNode) node = NULL;
      g_autoptr(PenAction) again = NULL;
      g_autofree char *again_text = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (action);
      g_assert_true (g_strv_contains (kinds, pen_action_get_kind (action)));
      g_assert_false (g_hash_table_contains (made, pen_action_get_kind (action)));
      g_hash_table_add (made, (gpointer) pen_action_get_kind (action));

      text = action_text (action);
      node = pen_json_parse (text, -1, &error);
      g_assert_no_error (error);
      again = pen_action_new_from_json (node, "$", &error);
      g_assert_no_error (error);
      again_text = action_text (again);
      g_assert_cmpstr (text, ==, again_text);
    }
  for (guint i = 0; kinds[i] != NULL; i++)
    if (!g_hash_table_contains (made, kinds[i]))
      g_error ("no constructor makes a \"%s\" action", kinds[i]);
  g_assert_cmpuint (g_hash_table_size (made), ==, g_strv_length ((char **) kinds));
}

/* The constructors write what the app used to write by hand */
static void
test_same_as_json (void)
{
  struct { PenAction *action; const char *json; } cases[] = {
    { pen_action_new_die_flip (1, 2, FALSE),
      "{\"action\":\"die-flip\",\"wizard\":1,\"index\":2}" },
    { pen_action_new_prophecy_fulfil ("guild-revival", FALSE),
      "{\"action\":\"prophecy-fulfil\",\"card\":\"guild-revival\"}" },
    { pen_action_new_prophecy_fulfil ("guild-revival", TRUE),
      "{\"action\":\"prophecy-fulfil\",\"card\":\"guild-revival\",\"on_last_turn\":true}" },
    { pen_action_new_die_adjust (0, 3, -1, TRUE),
      "{\"action\":\"die-adjust\",\"wizard\":0,\"index\":3,\"delta\":-1,\"primagic\":true}" },
    { pen_action_new_die_gain (2, PEN_COLOR_YELLOW, FALSE),
      "{\"action\":\"die-gain\",\"wizard\":2,\"color\":\"yellow\"}" },
    { pen_action_new_ingredient_spend (2, PEN_INGREDIENT_FRUIT, 2),
      "{\"action\":\"ingredient-spend\",\"wizard\":2,\"ingredient\":\"fruit\",\"count\":2}" },
    { pen_action_new_mark ("heal", 1, 4),
      "{\"action\":\"mark-heal\",\"wizard\":1,\"cell\":4}" },
    { pen_action_new_contract_take (0, -1, "aranea"),
      "{\"action\":\"contract-take\",\"wizard\":0,\"card\":\"aranea\"}" },
    { pen_action_new_trial_take (1, 0, NULL, PEN_PATH_DARK),
      "{\"action\":\"trial-take\",\"wizard\":1,\"index\":0,\"path\":\"dark\"}" },
    { pen_action_new_turn_start (PEN_TURN_REST),
      "{\"action\":\"turn-start\",\"kind\":\"rest\"}" },
    { pen_action_new_setting_hide_odds (FALSE),
      "{\"action\":\"setting\",\"hide_odds\":false}" },
    /* what the place dialog wrote: the section, and only the answers the table gave */
    { pen_action_new_place (1, 2, "ruins", "blood", 0, 4, -1, NULL, NULL, 0),
      "{\"action\":\"place\",\"wizard\":1,\"index\":2,\"location\":\"ruins\","
      "\"section\":\"blood\",\"threat\":4}" },
    { pen_action_new_place (0, 0, "guild", "contract", 0, 0, 2, NULL, NULL, 0),
      "{\"action\":\"place\",\"wizard\":0,\"index\":0,\"location\":\"guild\","
      "\"section\":\"contract\",\"slot\":2}" },
    { pen_action_new_place (0, 1, "school", "card", 5, 0, -1, "aranea",
                            (PenIngredient[]) { PEN_INGREDIENT_FRUIT, PEN_INGREDIENT_BLOOD }, 2),
      "{\"action\":\"place\",\"wizard\":0,\"index\":1,\"location\":\"school\","
      "\"section\":\"card\",\"value\":5,\"card\":\"aranea\","
      "\"resource\":[{\"fruit\":1},{\"blood\":1}]}" },
    { pen_action_new_task_pay (1, (const guint[]) { 0, 3 }, 2,
                               (const guint[PEN_N_INGREDIENTS]) { [PEN_INGREDIENT_CRYSTAL] = 2 },
                               (const guint[]) { 4 }, 1),
      "{\"action\":\"task-pay\",\"wizard\":1,\"dice\":[0,3],\"ingredients\":{\"crystal\":2},"
      "\"marks\":[4]}" },
    { pen_action_new_resource_gain ("harvest", 2, (const guint[]) { 0, 1 },
                                    (const guint[2 * PEN_N_INGREDIENTS]) {
                                      [PEN_INGREDIENT_FRUIT] = 2,
                                      [PEN_N_INGREDIENTS + PEN_INGREDIENT_JEWEL] = 1 }),
      "{\"action\":\"resource-gain\",\"gains\":[{\"wizard\":0,\"ingredients\":{\"fruit\":2}},"
      "{\"wizard\":1,\"ingredients\":{\"jewel\":1}}],\"event\":\"harvest\"}" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = action_text (cases[i].action);

      g_assert_cmpstr (text, ==, cases[i].json);
      g_object_unref (cases[i].action);
    }
}

/* Every optional parameter given, and every one left out: each constructor writes the keys in
 * the same order as before its rewrite into parameter lists, and only keys its kind takes (a
 * key the kinds table does not know makes it fail) */
static void
test_options (void)
{
  g_autoptr(JsonObject) pay = parse_object ("{\"fruit\": 2}");
  g_autoptr(JsonObject) properties = parse_object ("{\"rift\": 2}");
  g_autoptr(JsonArray) earlier = json_array_new ();
  g_autoptr(JsonNode) table = pen_json_parse ("{\"turn\": 3}", -1, NULL);
  static const guint8 dice[] = { 6, 1 };
  static const gint adjust[] = { -1, 0 }, picks[] = { 1, -1 };
  static const guint defend[] = { 2 };
  PenThreatPrep prep;
  struct { PenAction *action; const char *json; } cases[] = {
    { pen_action_new_die_gain (0, PEN_COLOR_RED, TRUE),
      "{\"action\":\"die-gain\",\"wizard\":0,\"color\":\"red\",\"temporary\":true}" },
    { pen_action_new_die_set (1, 0, 6),
      "{\"action\":\"die-set\",\"wizard\":1,\"index\":0,\"value\":6}" },
    { pen_action_new_die_recolor (1, 2, PEN_COLOR_GREEN),
      "{\"action\":\"die-recolor\",\"wizard\":1,\"index\":2,\"color\":\"green\"}" },
    { pen_action_new_mark_gain (0, PEN_MARK_RUBY),
      "{\"action\":\"mark-gain\",\"wizard\":0,\"kind\":\"ruby\"}" },
    { pen_action_new_card_gain (0, "aranea", "inventory"),
      "{\"action\":\"card-gain\",\"wizard\":0,\"card\":\"aranea\",\"zone\":\"inventory\"}" },
    { pen_action_new_card_rotate (1, "aranea", FALSE),
      "{\"action\":\"card-rotate\",\"wizard\":1,\"card\":\"aranea\",\"rotated\":false}" },
    { pen_action_new_contract_reserve (0, 2, "aranea"),
      "{\"action\":\"contract-reserve\",\"wizard\":0,\"card\":\"aranea\",\"slot\":2}" },
    { pen_action_new_trial_take (0, -1, "aranea", PEN_PATH_LIGHT),
      "{\"action\":\"trial-take\",\"wizard\":0,\"card\":\"aranea\",\"path\":\"light\"}" },
    { pen_action_new_trial_fail (0, 1, "aranea"),
      "{\"action\":\"trial-fail\",\"wizard\":0,\"index\":1}" },
    { pen_action_new_trial_begin (0, 1, NULL, properties),
      "{\"action\":\"trial-begin\",\"wizard\":0,\"index\":1,\"properties\":{\"rift\":2}}" },
    { pen_action_new_trial_property (NULL, "aranea", TRUE),
      "{\"action\":\"trial-property\",\"with\":\"aranea\",\"shield_done\":true}" },
    { pen_action_new_fate (0, 0, -2), "{\"action\":\"fate\",\"wizard\":0,\"dark\":-2}" },
    { pen_action_new_fate (1, 1, 1),
      "{\"action\":\"fate\",\"wizard\":1,\"light\":1,\"dark\":1}" },
    { pen_action_new_turn_end ("aranea", "unity"),
      "{\"action\":\"turn-end\",\"reveal\":\"aranea\",\"contract\":\"unity\"}" },
    { pen_action_new_goal_vp (1, "goal", -1),
      "{\"action\":\"goal-vp\",\"wizard\":1,\"goal\":\"goal\",\"vp\":null}" },
    { pen_action_new_goal_vp (1, "goal", 0),
      "{\"action\":\"goal-vp\",\"wizard\":1,\"goal\":\"goal\",\"vp\":0}" },
    { pen_action_new_buy (0, "potion", pay, "aranea"),
      "{\"action\":\"buy\",\"wizard\":0,\"card\":\"potion\",\"pay\":{\"fruit\":2},"
      "\"reveal\":\"aranea\"}" },
    { pen_action_new_brew (0, "potion", NULL),
      "{\"action\":\"brew\",\"wizard\":0,\"card\":\"potion\"}" },
    { pen_action_new_exchange (0, (const guint[PEN_N_INGREDIENTS]) { [PEN_INGREDIENT_FRUIT] = 2 },
                               (const guint[PEN_N_INGREDIENTS]) { 0, }),
      "{\"action\":\"exchange\",\"wizard\":0,\"give\":{\"fruit\":2},\"get\":{}}" },
    { pen_action_new_place (0, 1, "school", "card", 5, 2, 1, "aranea",
                            (PenIngredient[]) { PEN_INGREDIENT_JEWEL }, 1),
      "{\"action\":\"place\",\"wizard\":0,\"index\":1,\"location\":\"school\","
      "\"section\":\"card\",\"value\":5,\"threat\":2,\"slot\":1,\"card\":\"aranea\","
      "\"resource\":[{\"jewel\":1}]}" },
    { pen_action_new_correct ("players[0].light", json_node_init_int (json_node_alloc (), 2)),
      "{\"action\":\"correct\",\"target\":\"players[0].light\",\"value\":2}" },
    { pen_action_new_resume (table, earlier),
      "{\"action\":\"resume\",\"table\":{\"turn\":3},\"earlier\":[]}" },
    { pen_action_new_card_identify ("unknown-1", "aranea"),
      "{\"action\":\"card-identify\",\"card\":\"unknown-1\",\"as\":\"aranea\"}" },
    { pen_action_new_threat (0, NULL, NULL, 3, NULL, NULL, NULL),
      "{\"action\":\"threat\",\"wizard\":0,\"count\":3}" },
    { NULL, "{\"action\":\"threat\",\"wizard\":1,\"threat\":4,\"discard_all\":true,"
      "\"defend\":[2],\"rift\":1,\"dice\":[6,1],\"adjust\":[-1,0],\"picks\":[1,-1],"
      "\"extra\":{\"source\":\"Goldeater\"}}" },
  };

  pen_threat_prep_init (&prep, 4);
  prep.discard_all = TRUE;
  prep.defend = 1;
  prep.defend_dice = defend;
  prep.rift = 1;
  cases[G_N_ELEMENTS (cases) - 1].action = pen_action_new_threat (1, &prep, dice, 2, adjust,
                                                                  picks, "Goldeater");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = NULL;

      g_assert_nonnull (cases[i].action);
      text = action_text (cases[i].action);
      g_assert_cmpstr (text, ==, cases[i].json);
      g_object_unref (cases[i].action);
    }
}

/* A typed action applies as its JSON does */
static void
test_applies (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  PenWizard *wizard;
  guint value;
  g_autoptr(PenAction) flip = pen_action_new_die_flip (0, 0, FALSE);

  g_assert_no_error (error);
  wizard = pen_table_get_wizard (pen_game_get_table (game), 0);
  value = pen_die_get_value (pen_wizard_get_die (wizard, 0));
  g_assert_true (pen_game_submit (game, flip, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pen_die_get_value (pen_wizard_get_die (wizard, 0)), ==, 7 - value);
}

/* A kind or key the table does not know is the caller's mistake, said plainly */
static void
test_unknown_kind (void)
{
  g_autoptr(JsonObject) params = parse_object ("{\"wizard\": 0}");

  if (g_test_subprocess ())
    {
      g_assert_null (pen_action_new_with_params ("die-juggle", params));
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*die-juggle*not a known action*");
}

/* The typed forms of trial-begin, brew and buy (what the app's forms submit) write what the
 * JSON-object constructors write */
static void
test_typed_forms (void)
{
  g_autoptr(JsonObject) properties = parse_object ("{\"rift\": 2, \"vigilance\": 1,"
                                                   " \"shield\": \"Pay 2 Fruit\","
                                                   " \"trap\": true}");
  g_autoptr(JsonObject) shield_only = parse_object ("{\"shield\": true,"
                                                    " \"suppress_pets\": true}");
  g_autoptr(JsonObject) none = json_object_new ();
  g_autoptr(JsonObject) pay = parse_object ("{\"crystal\": 1, \"fruit\": 2}");
  g_autoptr(JsonObject) paid_nothing = json_object_new ();
  guint counts[PEN_N_INGREDIENTS] = { 0, }, zeros[PEN_N_INGREDIENTS] = { 0, };
  struct { PenAction *typed; PenAction *by_object; } cases[] = {
    { pen_action_new_trial_begin_with (0, 1, NULL, 2, 1, PEN_TRIAL_SHIELD | PEN_TRIAL_TRAP,
                                       "Pay 2 Fruit"),
      pen_action_new_trial_begin (0, 1, NULL, properties) },
    /* an empty task: a Shield whose task is not written down */
    { pen_action_new_trial_begin_with (1, -1, "aranea", 0, 0,
                                       PEN_TRIAL_SHIELD | PEN_TRIAL_SUPPRESS_PETS, ""),
      pen_action_new_trial_begin (1, -1, "aranea", shield_only) },
    { pen_action_new_trial_begin_with (0, 3, NULL, 0, 0, 0, NULL),
      pen_action_new_trial_begin (0, 3, NULL, none) },
    { NULL, pen_action_new_brew (0, "potion", pay) },
    { pen_action_new_brew_paid (0, "potion", NULL), pen_action_new_brew (0, "potion", NULL) },
    { pen_action_new_brew_paid (0, "potion", zeros),
      pen_action_new_brew (0, "potion", paid_nothing) },
    { NULL, pen_action_new_buy (1, "wand-of-everwood", pay, "aranea") },
    { pen_action_new_buy_paid (1, "wand-of-everwood", NULL, NULL),
      pen_action_new_buy (1, "wand-of-everwood", NULL, NULL) },
  };

  counts[PEN_INGREDIENT_FRUIT] = 2;
  counts[PEN_INGREDIENT_CRYSTAL] = 1;
  cases[3].typed = pen_action_new_brew_paid (0, "potion", counts);
  cases[6].typed = pen_action_new_buy_paid (1, "wand-of-everwood", counts, "aranea");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *typed = NULL, *by_object = NULL;

      g_assert_nonnull (cases[i].typed);
      g_assert_nonnull (cases[i].by_object);
      typed = action_text (cases[i].typed);
      by_object = action_text (cases[i].by_object);
      g_assert_cmpstr (typed, ==, by_object);
      g_object_unref (cases[i].typed);
      g_object_unref (cases[i].by_object);
    }
}

/* The typed trial-begin applies: the trial in progress has exactly the Properties given */
static void
test_trial_begin_applies (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenAction) begin = NULL;
  PenTable *table;
  const PenTrial *trial;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  pen_test_run (game, "{\"action\": \"turn-end\"}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  begin = pen_action_new_trial_begin_with (pen_table_get_current (table), 0, NULL, 3, 2,
                                           PEN_TRIAL_SHIELD | PEN_TRIAL_SUPPRESS_CRYSTALS,
                                           "Discard a Blue die");
  g_assert_true (pen_game_submit (game, begin, &error));
  g_assert_no_error (error);
  trial = pen_table_get_trial (table);
  g_assert_nonnull (trial);
  g_assert_cmpuint (trial->wizard, ==, pen_table_get_current (table));
  g_assert_cmpint (trial->index, ==, 0);
  g_assert_cmphex (trial->properties, ==, PEN_TRIAL_RIFT | PEN_TRIAL_VIGILANCE | PEN_TRIAL_SHIELD
                                          | PEN_TRIAL_SUPPRESS_CRYSTALS);
  g_assert_cmpuint (trial->rift, ==, 3);
  g_assert_cmpuint (trial->vigilance, ==, 2);
  g_assert_cmpstr (trial->shield_task, ==, "Discard a Blue die");
}

/* The typed corrections write what a correction with a JSON value writes, and apply */
static void
test_correct_typed (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenAction) blood = pen_action_new_correct_int ("players[0].ingredients.blood", 4);
  g_autoptr(PenAction) name = pen_action_new_correct_string ("players[1].name", "Zed");
  g_autoptr(PenAction) blood_node = pen_action_new_correct ("players[0].ingredients.blood",
                                                            json_node_init_int (json_node_alloc (),
                                                                                4));
  g_autoptr(PenAction) name_node = pen_action_new_correct ("players[1].name",
                                                           json_node_init_string (
                                                             json_node_alloc (), "Zed"));
  g_autofree char *blood_text = action_text (blood), *blood_node_text = action_text (blood_node);
  g_autofree char *name_text = action_text (name), *name_node_text = action_text (name_node);
  PenTable *table;

  g_assert_no_error (error);
  g_assert_cmpstr (blood_text, ==, "{\"action\":\"correct\","
                   "\"target\":\"players[0].ingredients.blood\",\"value\":4}");
  g_assert_cmpstr (blood_text, ==, blood_node_text);
  g_assert_cmpstr (name_text, ==, "{\"action\":\"correct\",\"target\":\"players[1].name\","
                   "\"value\":\"Zed\"}");
  g_assert_cmpstr (name_text, ==, name_node_text);

  table = pen_game_get_table (game);
  g_assert_true (pen_game_submit (game, blood, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pen_wizard_get_ingredient (pen_table_get_wizard (table, 0),
                                               PEN_INGREDIENT_BLOOD), ==, 4);
  g_assert_true (pen_game_submit (game, name, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (pen_wizard_get_name (pen_table_get_wizard (table, 1)), ==, "Zed");
}

/* A copy is the same action, changed on its own: the override and the faces the table rolled
 * go on the copy the dialogs submit, never on the action they were shown */
static void
test_dup (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenAction) gain = pen_action_new_die_gain (0, PEN_COLOR_RED, FALSE);
  g_autoptr(PenAction) copy = NULL, faced = NULL;
  g_autofree char *before = action_text (gain);
  g_autofree char *copy_text = NULL, *after = NULL, *faced_text = NULL;
  PenWizard *ann;
  guint n;

  g_assert_no_error (error);
  copy = pen_action_dup (gain);
  copy_text = action_text (copy);
  g_assert_cmpstr (copy_text, ==, before);
  g_assert_cmpstr (pen_action_get_kind (copy), ==, "die-gain");
  g_assert_false (pen_action_get_applied (copy));

  pen_action_set_override (copy, TRUE);
  faced = pen_action_dup (copy);
  pen_action_set_faces (faced, (const guint[]) { 5 }, 1);
  after = action_text (gain);
  g_assert_cmpstr (after, ==, before);
  g_free (copy_text);
  copy_text = action_text (copy);
  g_assert_cmpstr (copy_text, ==, "{\"action\":\"die-gain\",\"wizard\":0,\"color\":\"red\","
                   "\"override\":true}");
  faced_text = action_text (faced);
  g_assert_cmpstr (faced_text, ==, "{\"action\":\"die-gain\",\"wizard\":0,\"color\":\"red\","
                   "\"override\":true,\"faces\":[5]}");

  /* the copy applies as the action would, with the face given */
  ann = pen_table_get_wizard (pen_game_get_table (game), 0);
  n = g_list_model_get_n_items (pen_wizard_get_supply (ann));
  g_assert_true (pen_game_submit (game, faced, &error));
  g_assert_no_error (error);
  g_assert_true (pen_action_get_override (faced));
  g_assert_false (pen_action_get_applied (gain));
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (ann)), ==, n + 1);
  g_assert_cmpuint (pen_die_get_value (pen_wizard_get_die (ann, n)), ==, 5);
  g_assert_cmpint (pen_die_get_color (pen_wizard_get_die (ann, n)), ==, PEN_COLOR_RED);
}

/* A string parameter read back, and none where the action has no such string */
static void
test_get_string (void)
{
  g_autoptr(PenAction) buy = pen_action_new_buy_paid (1, "wand-of-everwood", NULL, "aranea");
  g_autoptr(PenAction) identify = pen_action_new_card_identify ("unknown-1", "aranea");

  g_assert_cmpstr (pen_action_get_string (buy, "card"), ==, "wand-of-everwood");
  g_assert_cmpstr (pen_action_get_string (buy, "reveal"), ==, "aranea");
  g_assert_null (pen_action_get_string (buy, "wizard"));
  g_assert_null (pen_action_get_string (buy, "pay"));
  g_assert_cmpstr (pen_action_get_string (identify, "as"), ==, "aranea");
  g_assert_null (pen_action_get_string (identify, "entry"));
}

/* Rift and Vigilance are given by their X, never as a flag */
static void
test_trial_begin_flags (void)
{
  if (g_test_subprocess ())
    {
      g_assert_null (pen_action_new_trial_begin_with (0, 0, NULL, 0, 0, PEN_TRIAL_RIFT, NULL));
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*Rift and Vigilance are given by their X*");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/penumbra/action-new/every-kind", test_every_kind);
  g_test_add_func ("/penumbra/action-new/same-as-json", test_same_as_json);
  g_test_add_func ("/penumbra/action-new/options", test_options);
  g_test_add_func ("/penumbra/action-new/applies", test_applies);
  g_test_add_func ("/penumbra/action-new/unknown-kind", test_unknown_kind);
  g_test_add_func ("/penumbra/action-new/typed-forms", test_typed_forms);
  g_test_add_func ("/penumbra/action-new/trial-begin-applies", test_trial_begin_applies);
  g_test_add_func ("/penumbra/action-new/trial-begin-flags", test_trial_begin_flags);
  g_test_add_func ("/penumbra/action-new/correct-typed", test_correct_typed);
  g_test_add_func ("/penumbra/action-new/dup", test_dup);
  g_test_add_func ("/penumbra/action-new/get-string", test_get_string);
  return g_test_run ();
}
