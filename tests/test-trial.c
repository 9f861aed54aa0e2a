/* test-trial.c: a Trial turn's trial in progress with its Properties, and Urgent contracts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "game-test-common.h"

/* Bob's Trial turn on the mid-game table (see game-test-common.h); trial row: scrollers,
 * aranea */
static PenTable *
trial_turn_table (void)
{
  PenTable *table = mid_game_table ();

  run (table, "{\"action\": \"turn-end\"}");
  run (table, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  g_assert_cmpuint (pen_table_get_current (table), ==, 1);
  return table;
}

static void
begin (PenTable   *table,
       const char *properties)
{
  g_autofree char *json = g_strdup_printf ("{\"action\": \"trial-begin\", \"wizard\": 1, "
                                           "\"index\": 0, \"properties\": {%s}}", properties);
  run (table, json);
}

/* The hand-written snapshot stays what json-glib writes, and reads back the same */
static void
check_snapshot (PenTable *table)
{
  g_autofree char *fast = pen_table_snapshot (table);
  g_autoptr(JsonNode) node = pen_json_parse (fast, -1, NULL);
  g_autofree char *generated = NULL, *again = NULL;
  g_autoptr(PenTable) copy = pen_table_new ();
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (node);
  generated = pen_json_to_string (node, FALSE);
  g_assert_cmpstr (fast, ==, generated);
  g_assert_true (pen_table_load_json (copy, node, &error));
  g_assert_no_error (error);
  again = pen_table_snapshot (copy);
  g_assert_cmpstr (fast, ==, again);
}

static void
test_begin_holds_properties (void)
{
  g_autoptr(PenTable) table = trial_turn_table ();
  const PenTrial *trial;

  g_assert_null (pen_table_get_trial (table));
  check_snapshot (table);
  /* no "trial" member when none is in progress: older saves read the same */
  {
    g_autofree char *snap = pen_table_snapshot (table);
    g_assert_null (strstr (snap, "\"trial\":"));
  }
  begin (table, "\"rift\": 2, \"vigilance\": 3, \"shield\": \"Discard \\\"two\\\" 5s\", "
         "\"trap\": true, \"suppress_crystals\": true, \"suppress_potions\": false");
  trial = pen_table_get_trial (table);
  g_assert_nonnull (trial);
  g_assert_cmpuint (trial->wizard, ==, 1);
  g_assert_cmpint (trial->index, ==, 0);
  g_assert_cmpstr (trial->card, ==, "scrollers");
  g_assert_cmpuint (trial->rift, ==, 2);
  g_assert_cmpuint (trial->vigilance, ==, 3);
  g_assert_cmpstr (trial->shield_task, ==, "Discard \"two\" 5s");
  g_assert_true (pen_trial_in_force (trial, PEN_TRIAL_TRAP));
  g_assert_true (pen_trial_in_force (trial, PEN_TRIAL_SUPPRESS_CRYSTALS));
  g_assert_false (pen_trial_in_force (trial, PEN_TRIAL_SUPPRESS_POTIONS));
  g_assert_false (pen_trial_in_force (trial, PEN_TRIAL_SUPPRESS_PETS));
  /* the card stays in the row while it is attempted */
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_trial_row (table)), ==, 2);
  check_snapshot (table);

  run (table, "{\"action\": \"trial-property\", \"cancel\": \"suppress_crystals\", "
       "\"with\": \"spell\"}");
  trial = pen_table_get_trial (table);
  g_assert_false (pen_trial_in_force (trial, PEN_TRIAL_SUPPRESS_CRYSTALS));
  g_assert_true (trial->properties & PEN_TRIAL_SUPPRESS_CRYSTALS);
  run (table, "{\"action\": \"vigilance-use\", \"count\": 2}");
  g_assert_cmpuint (pen_table_get_trial (table)->vigilance_used, ==, 2);
  check_snapshot (table);

  /* a broken trial member in a snapshot is refused */
  {
    static const char * const bad[] = {
      "\"vigilance_used\":2", "\"vigilance_used\":9",
      "\"cancelled\":[\"suppress_crystals\"]", "\"cancelled\":[\"suppress_pets\"]",
    };
    g_autofree char *snap = pen_table_snapshot (table);
    g_autofree char *broken = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) s = g_string_new (snap);

    g_assert_nonnull (strstr (snap, bad[0]));
    g_assert_nonnull (strstr (snap, bad[2]));
    g_string_replace (s, bad[0], bad[1], 1);
    g_assert_false (pen_table_load_snapshot (table, s->str, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
    g_clear_error (&error);
    g_string_assign (s, snap);
    g_string_replace (s, bad[2], bad[3], 1);
    g_assert_false (pen_table_load_snapshot (table, s->str, &error));
    g_clear_error (&error);
    broken = table_snapshot (table);
    g_assert_cmpstr (broken, ==, snap);
  }
}

/* Vigilance X counts wizard cards or chains before the Threat roll, and no more than X */
static void
test_vigilance (void)
{
  g_autoptr(PenTable) table = trial_turn_table ();

  begin (table, "\"vigilance\": 3");
  run (table, "{\"action\": \"vigilance-use\", \"count\": 1}");
  run (table, "{\"action\": \"vigilance-use\", \"count\": 1}");
  g_assert_cmpuint (pen_table_get_trial (table)->vigilance_used, ==, 2);
  apply_refused (table, "{\"action\": \"vigilance-use\", \"count\": 2}", PEN_ERROR_REFUSED);
  run (table, "{\"action\": \"vigilance-use\", \"count\": 1}");
  apply_refused (table, "{\"action\": \"vigilance-use\", \"count\": 1}", PEN_ERROR_REFUSED);
  g_assert_cmpuint (pen_table_get_trial (table)->vigilance_used, ==, 3);
  /* the main Threat roll ends its reach */
  g_assert_false (pen_table_get_trial (table)->threat_rolled);
  run (table, "{\"action\": \"threat\", \"wizard\": 1, \"dice\": []}");
  g_assert_true (pen_table_get_trial (table)->threat_rolled);
}

/* Cancelling Rift before the Threat roll stops it; after, it has already acted */
static void
test_cancel_rift (void)
{
  g_autoptr(PenTable) table = trial_turn_table ();
  g_autoptr(PenTable) late = NULL;

  begin (table, "\"rift\": 2, \"trap\": true");
  late = table_copy (table);
  run (table, "{\"action\": \"trial-property\", \"cancel\": \"rift\"}");
  g_assert_false (pen_trial_in_force (pen_table_get_trial (table), PEN_TRIAL_RIFT));
  g_assert_true (pen_trial_in_force (pen_table_get_trial (table), PEN_TRIAL_TRAP));

  /* Rift's dice are chosen before the roll, with it */
  run (late, "{\"action\": \"threat\", \"wizard\": 1, \"threat\": 0, \"rift_dice\": [0, 1], "
             "\"dice\": []}");
  apply_refused (late, "{\"action\": \"trial-property\", \"cancel\": \"rift\"}",
                 PEN_ERROR_REFUSED);
  /* Trap still can be cancelled after the roll: it acts only on failing */
  run (late, "{\"action\": \"trial-property\", \"cancel\": \"trap\", \"with\": \"talent\"}");
}

/* Potion Suppression cannot be cancelled with a Potion; Artifact Suppression can */
static void
test_cancel_needs_usable_effect (void)
{
  g_autoptr(PenTable) table = trial_turn_table ();

  begin (table, "\"suppress_potions\": true, \"suppress_artifacts\": true");
  apply_refused (table, "{\"action\": \"trial-property\", \"cancel\": \"suppress_potions\", "
                 "\"with\": \"potion\"}", PEN_ERROR_REFUSED);
  /* no Potion at all while Potion Suppression is in force */
  apply_refused (table, "{\"action\": \"trial-property\", \"cancel\": \"suppress_artifacts\", "
                 "\"with\": \"potion\"}", PEN_ERROR_REFUSED);
  run (table, "{\"action\": \"trial-property\", \"cancel\": \"suppress_potions\", "
       "\"with\": \"spell\"}");
  run (table, "{\"action\": \"trial-property\", \"cancel\": \"suppress_artifacts\", "
       "\"with\": \"potion\"}");
  g_assert_cmpuint (pen_table_get_trial (table)->cancelled, ==,
                    PEN_TRIAL_SUPPRESS_POTIONS | PEN_TRIAL_SUPPRESS_ARTIFACTS);
}

/* Shield's task comes before either path; a cancelled Shield needs none */
static void
test_shield_first (void)
{
  g_autoptr(PenTable) table = trial_turn_table ();
  g_autoptr(PenTable) cancelled = NULL;
  PenWizard *bob;

  begin (table, "\"shield\": true");
  cancelled = table_copy (table);
  apply_refused (table, "{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, "
                 "\"path\": \"light\"}", PEN_ERROR_REFUSED);
  run (table, "{\"action\": \"trial-property\", \"shield_done\": true}");
  apply_refused (table, "{\"action\": \"trial-property\", \"cancel\": \"shield\"}",
                 PEN_ERROR_REFUSED);
  run (table, "{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, \"path\": \"light\"}");
  /* the trial is over: it has left the row and is Bob's */
  g_assert_null (pen_table_get_trial (table));
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_trial_row (table)), ==, 1);
  bob = pen_table_get_wizard (table, 1);
  g_assert_cmpuint (pen_turn_count_trials (bob), ==, 2);

  run (cancelled, "{\"action\": \"trial-property\", \"cancel\": \"shield\"}");
  run (cancelled, "{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, "
       "\"path\": \"dark\"}");
}

/* Trap: failing brings a Mortal Wound, at most one per turn */
static void
test_trap (void)
{
  g_autoptr(PenTable) table = trial_turn_table ();
  g_autoptr(PenTable) wounded = NULL;
  g_autoptr(PenTable) plain = NULL;
  PenWizard *bob = pen_table_get_wizard (table, 1);
  guint before = pen_wizard_get_mortal_wounds (bob);

  plain = table_copy (table);
  begin (table, "\"trap\": true");
  wounded = table_copy (table);

  run (table, "{\"action\": \"trial-fail\", \"wizard\": 1, \"index\": 0}");
  g_assert_null (pen_table_get_trial (table));
  g_assert_cmpuint (pen_wizard_get_mortal_wounds (bob), ==, before + 1);
  g_assert_true (pen_wizard_get_mortal_wound_this_turn (bob));

  /* a Mortal Wound before: the turn is over and the trial has left the game (not back to the
   * row), so there is nothing left to fail, and no second Mortal Wound */
  bob = pen_table_get_wizard (wounded, 1);
  {
    GListModel *row = pen_table_get_trial_row (wounded);
    guint n = g_list_model_get_n_items (row);
    g_autoptr(PenTableCard) first = g_list_model_get_item (row, 0);
    g_autofree char *id = g_strdup (pen_table_card_get_card_id (first));

    run (wounded, "{\"action\": \"mortal-wound\", \"wizard\": 1}");
    g_assert_null (pen_table_get_trial (wounded));
    g_assert_cmpuint (g_list_model_get_n_items (row), ==, n - 1);
    for (guint i = 0; i < n - 1; i++)
      {
        g_autoptr(PenTableCard) tc = g_list_model_get_item (row, i);
        g_assert_cmpstr (pen_table_card_get_card_id (tc), !=, id);
      }
    g_assert_cmpint (pen_wizard_find_card (bob, id), <, 0);
  }
  apply_refused (wounded, "{\"action\": \"trial-fail\", \"wizard\": 1, \"index\": 0}",
                 PEN_ERROR_REFUSED);
  g_assert_cmpuint (pen_wizard_get_mortal_wounds (bob), ==, before + 1);

  /* no Trap, or a cancelled one: failing wounds nobody */
  bob = pen_table_get_wizard (plain, 1);
  begin (plain, "\"trap\": true");
  run (plain, "{\"action\": \"trial-property\", \"cancel\": \"trap\"}");
  run (plain, "{\"action\": \"trial-fail\", \"wizard\": 1, \"index\": 0}");
  g_assert_cmpuint (pen_wizard_get_mortal_wounds (bob), ==, before);
}

/* trial-take / trial-fail name the trial in progress; the end of the turn ends it */
static void
test_same_trial_and_turn_end (void)
{
  g_autoptr(PenTable) table = trial_turn_table ();

  begin (table, "\"rift\": 1");
  apply_refused (table, "{\"action\": \"trial-fail\", \"wizard\": 1, \"index\": 1}",
                 PEN_ERROR_REFUSED);
  apply_refused (table, "{\"action\": \"trial-begin\", \"wizard\": 1, \"index\": 1}",
                 PEN_ERROR_REFUSED);
  run (table, "{\"action\": \"turn-end\"}");
  g_assert_null (pen_table_get_trial (table));
  /* properties exist only within a trial */
  apply_refused (table, "{\"action\": \"trial-property\", \"cancel\": \"rift\"}",
                 PEN_ERROR_REFUSED);
}

/* undo through the game restores the trial in progress exactly */
static void
test_undo (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GError) error = NULL;
  const char * const *actions = mid_game_actions ();
  PenTable *table = pen_game_get_table (game);

  for (guint i = 0; actions[i]; i++)
    g_assert_true (pen_game_submit_json (game, actions[i], NULL));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-end\"}", NULL));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", \"kind\": "
                                       "\"trial\"}", NULL));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"trial-begin\", \"wizard\": 1, "
                                       "\"index\": 1, \"properties\": {\"vigilance\": 2}}",
                                       &error));
  g_assert_no_error (error);
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"vigilance-use\", \"count\": 1}",
                                       NULL));
  g_assert_cmpuint (pen_table_get_trial (table)->vigilance_used, ==, 1);
  g_assert_true (pen_game_undo (game));
  g_assert_cmpuint (pen_table_get_trial (table)->vigilance_used, ==, 0);
  g_assert_true (pen_game_undo (game));
  g_assert_null (pen_table_get_trial (table));
  g_assert_true (pen_game_redo (game, NULL));
  g_assert_cmpstr (pen_table_get_trial (table)->card, ==, "aranea");
}

/* Urgent contracts: never reserved, no Light or Darkness */
static void
test_urgent_contract (void)
{
  g_autoptr(PenTable) table = mid_game_table ();
  g_autoptr(JsonNode) card = NULL;
  g_autoptr(GError) error = NULL;
  PenWizard *ann = pen_table_get_wizard (table, 0);
  guint light = pen_wizard_get_light (ann), dark = pen_wizard_get_dark (ann);

  card = pen_json_parse ("{\"id\": \"plague-cart\", \"type\": \"contract\", "
                         "\"name\": {\"en\": \"Plague Cart\"}, \"difficulty\": 2, "
                         "\"light\": 1, \"urgent\": true}", -1, NULL);
  g_assert_true (pen_catalog_add_user_card (pen_catalog_get_default (),
                                            json_node_get_object (card), &error));
  g_assert_no_error (error);

  /* it reaches the Guild row's leftmost cell and the top of the deck */
  {
    g_autoptr(PenTableCard) cell = g_list_model_get_item (pen_table_get_contract_row (table), 0);
    pen_table_card_set_card_id (cell, "plague-cart");
  }
  g_list_store_insert (G_LIST_STORE (pen_table_get_contract_deck (table)), 0,
                       pen_table_card_new ("plague-cart", "contract-deck", FALSE, NULL));
  /* (Bind's turn overruled: what refuses is the Urgent contract) */
  apply_refused (table, "{\"action\": \"contract-reserve\", \"override\": "
                 "[\"bind-during-study\"], \"wizard\": 0, \"slot\": 0}", PEN_ERROR_REFUSED);
  apply_refused (table, "{\"action\": \"contract-reserve\", \"override\": "
                 "[\"bind-during-study\"], \"wizard\": 0, \"card\": \"plague-cart\"}",
                 PEN_ERROR_REFUSED);
  run (table, "{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, \"override\": true}");
  g_assert_cmpuint (pen_wizard_get_light (ann), ==, light);
  g_assert_cmpuint (pen_wizard_get_dark (ann), ==, dark);

  /* an ordinary light contract still moves the Fate */
  run (table, "{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 2, \"override\": true}");
  g_assert_cmpuint (pen_wizard_get_light (ann) + pen_wizard_get_dark (ann), >, light + dark);
  g_assert_true (pen_catalog_remove_user_card (pen_catalog_get_default (), "plague-cart",
                                               &error));
}

/* The Threat of a Trial counts as faced once its main roll names it (play finding V14): not
 * before, not for the other card of the row, not for the other wizard */
static void
test_threat_faced (void)
{
  g_autoptr(PenTable) table = trial_turn_table ();

  g_assert_false (pen_turn_trial_threat_faced (table, 1, 0, "scrollers"));
  begin (table, "");
  /* begun, its Threat not rolled yet */
  g_assert_false (pen_turn_trial_threat_faced (table, 1, 0, "scrollers"));
  run (table, "{\"action\": \"threat\", \"wizard\": 1, \"dice\": [6], "
       "\"trial\": {\"index\": 0}}");
  g_assert_true (pen_turn_trial_threat_faced (table, 1, 0, "scrollers"));
  g_assert_true (pen_turn_trial_threat_faced (table, 1, 0, NULL));
  g_assert_false (pen_turn_trial_threat_faced (table, 1, 1, "aranea"));
  g_assert_false (pen_turn_trial_threat_faced (table, 0, 0, "scrollers"));
  /* passed: nothing is in progress any more */
  run (table, "{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, "
       "\"path\": \"light\"}");
  g_assert_false (pen_turn_trial_threat_faced (table, 1, 0, "scrollers"));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = game_test_init (&argc, &argv);
  int ret;

  g_test_add_func ("/penumbra/trial/begin-holds-properties", test_begin_holds_properties);
  g_test_add_func ("/penumbra/trial/vigilance", test_vigilance);
  g_test_add_func ("/penumbra/trial/cancel-rift", test_cancel_rift);
  g_test_add_func ("/penumbra/trial/cancel-needs-usable-effect", test_cancel_needs_usable_effect);
  g_test_add_func ("/penumbra/trial/shield-first", test_shield_first);
  g_test_add_func ("/penumbra/trial/trap", test_trap);
  g_test_add_func ("/penumbra/trial/same-trial-and-turn-end", test_same_trial_and_turn_end);
  g_test_add_func ("/penumbra/trial/undo", test_undo);
  g_test_add_func ("/penumbra/trial/urgent-contract", test_urgent_contract);
  g_test_add_func ("/penumbra/trial/threat-faced", test_threat_faced);
  ret = g_test_run ();
  pen_test_remove_tree (dir);
  return ret;
}
