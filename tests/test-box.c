/* test-box.c: cards the catalogue cannot name, their identification, and the pickers of
 * physical play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "game-test-common.h"
#include "pen-box.h"
#include "pen-catalog.h"
#include "pen-rule.h"
#include "pen-setup-draft.h"
#include "pen-show.h"
#include "pen-solo-sim.h"
#include "pen-test-utils.h"

static char *tmp_dir;

static void
submit_refused (PenGame    *game,
                const char *json,
                const char *message_part)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = table_snapshot (pen_game_get_table (game));
  g_autofree char *after = NULL;

  g_assert_false (pen_game_submit_json (game, json, &error));
  g_assert_nonnull (error);
  if (strstr (error->message, message_part) == NULL)
    g_error ("%s: expected \"%s\" in \"%s\"", json, message_part, error->message);
  after = table_snapshot (pen_game_get_table (game));
  g_assert_cmpstr (before, ==, after);
}

static char *
cell_id (PenTable *table,
         guint     cell)
{
  g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_contract_row (table), cell);

  return g_strdup (pen_table_card_get_card_id (tc));
}

static gboolean
list_holds (GListModel *list,
            const char *id)
{
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (list, i);

      if (g_strcmp0 (pen_table_card_get_card_id (tc), id) == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
has (GPtrArray  *ids,
     const char *id)
{
  return g_ptr_array_find_with_equal_func (ids, id, g_str_equal, NULL);
}

/* App-dealt: the Guild row, the Contract deck and the markets are full, the cards the
 * catalogue cannot name as placeholders with a display name; the table names them once. */
static void
test_app_dealt_placeholders (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table;
  PenCatalog *catalog = pen_catalog_get_default ();
  g_autoptr(GPtrArray) unidentified = NULL;
  guint placeholders = 0, row_placeholder = G_MAXUINT;
  g_autofree char *ph = NULL;
  g_autofree char *json = NULL;
  PenCard *card;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 7}");
  table = pen_game_get_table (game);

  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_contract_deck (table)), ==, 32);
  /* two Potions, two Artifacts, and two unnamed Discipline cards by each of the four Classes */
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_markets (table)), ==, 4 + 4 * 2);
  /* the rest of the Potion and Artifact decks lie beside their markets */
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_market_decks (table)), ==,
                    14 - 2 + 36 - 2);
  for (guint c = 0; c < 4; c++)
    {
      g_autofree char *id = cell_id (table, c);

      g_assert_nonnull (id);
      g_assert_nonnull (pen_catalog_lookup (catalog, id));
      if (pen_card_id_is_placeholder (id))
        {
          placeholders++;
          row_placeholder = c;
        }
    }
  /* 32 of the 36 contracts are unnamed: some seed gives a placeholder in the row; seed 7 does */
  g_assert_cmpuint (placeholders, >, 0);
  ph = cell_id (table, row_placeholder);
  card = pen_catalog_lookup (catalog, ph);
  g_assert_true (pen_card_is_placeholder (card));
  g_assert_cmpint (pen_card_get_card_type (card), ==, PEN_CARD_CONTRACT);
  g_assert_true (g_str_has_prefix (pen_card_get_name (card, "en"), "Contract "));
  g_assert_true (g_str_has_suffix (pen_card_get_name (card, "en"), " of 36"));
  g_assert_false (pen_card_is_known (card, "vp"));

  /* the snapshot holds the id, never the display name */
  {
    g_autofree char *snap = table_snapshot (table);

    g_assert_nonnull (strstr (snap, ph));
    g_assert_null (strstr (snap, "of 36"));
  }

  unidentified = pen_box_list_unidentified (table);
  g_assert_cmpuint (unidentified->len, >=, placeholders);
  {
    gboolean found = FALSE;

    for (guint i = 0; i < unidentified->len; i++)
      {
        PenCardSighting *s = g_ptr_array_index (unidentified, i);

        g_assert_true (pen_card_id_is_placeholder (s->card));
        if (g_str_equal (s->card, ph))
          {
            g_assert_cmpstr (s->where, ==, "contract-row");
            g_assert_cmpint (s->wizard, ==, -1);
            found = TRUE;
          }
      }
    g_assert_true (found);
  }

  /* named with a new name and its printed numbers: it joins the user catalogue */
  json = g_strdup_printf ("{\"action\": \"card-identify\", \"card\": \"%s\", \"as\": "
                          "\"dark-bargain\", \"entry\": {\"name\": {\"en\": \"Dark Bargain\"}}, "
                          "\"values\": {\"difficulty\": 1, \"vp\": 3, \"symbols\": "
                          "[\"society\"], \"dark\": 1, \"light\": 0, \"threat\": 2, "
                          "\"task\": {\"kind\": \"discard-ingredients\", \"ingredients\": "
                          "{\"crystal\": 3}}, \"reward\": {\"ingredients\": {\"arcana\": 2}, "
                          "\"cards\": [\"potion\"], \"dark\": 1}}}", ph);
  /* a reward the card cannot print is refused, and nothing is kept */
  {
    g_autofree char *bad = g_strdup_printf ("{\"action\": \"card-identify\", \"card\": \"%s\", "
                                            "\"as\": \"bad-bargain\", \"entry\": {\"name\": "
                                            "{\"en\": \"Bad Bargain\"}}, \"values\": "
                                            "{\"reward\": {\"gold\": 1}}}", ph);
    submit_refused (game, bad, "reward");
    g_assert_null (pen_catalog_lookup (catalog, "bad-bargain"));
  }
  pen_test_run (game, json);
  {
    g_autofree char *now = cell_id (table, row_placeholder);
    g_autoptr(GPtrArray) after = pen_box_list_unidentified (table);

    g_assert_cmpstr (now, ==, "dark-bargain");
    g_assert_cmpuint (after->len, ==, unidentified->len - 1);
  }
  card = pen_catalog_lookup (catalog, "dark-bargain");
  g_assert_nonnull (card);
  g_assert_true (pen_card_is_user_added (card));
  g_assert_cmpint (pen_card_get_vp (card), ==, 3);
  g_assert_cmpint (pen_card_get_difficulty (card), ==, 1);
  g_assert_cmpuint (pen_card_count_symbol (card, PEN_SYMBOL_SOCIETY), ==, 1);
  g_assert_cmpint (pen_card_get_threat (card), ==, 2);
  g_assert_nonnull (pen_card_get_task (card));
  g_assert_nonnull (pen_card_get_reward (card));
  /* shareable: the user catalogue's export holds it */
  {
    g_autoptr(JsonNode) user = pen_catalog_user_to_json (catalog);
    g_autofree char *text = pen_json_to_string (user, FALSE);

    g_assert_nonnull (strstr (text, "\"dark-bargain\""));
  }

  /* the same card cannot lie twice on the table */
  for (guint c = 0; c < 4; c++)
    {
      g_autofree char *id = cell_id (table, c);

      if (pen_card_id_is_placeholder (id))
        {
          g_autofree char *again = g_strdup_printf ("{\"action\": \"card-identify\", \"card\": "
                                                    "\"%s\", \"as\": \"dark-bargain\"}", id);
          submit_refused (game, again, "on the table already");
        }
    }
  /* a named card needs no "as"; a placeholder needs one */
  submit_refused (game, "{\"action\": \"card-identify\", \"card\": \"dark-bargain\", "
                  "\"as\": \"lost-hut\"}", "named already");
  submit_refused (game, "{\"action\": \"card-identify\", \"card\": \"contract#36\", "
                  "\"as\": \"goldeater\"}", "");

  /* undo puts the placeholder back; the catalogue keeps what the table said */
  g_assert_true (pen_game_undo (game));
  {
    g_autofree char *now = cell_id (table, row_placeholder);
    g_assert_cmpstr (now, ==, ph);
  }
  g_assert_nonnull (pen_catalog_lookup (catalog, "dark-bargain"));

  /* the log replays to the same table */
  {
    g_autofree char *data = pen_game_to_data (game);
    g_autoptr(GError) error = NULL;
    g_autoptr(PenGame) loaded = pen_game_load_from_data (data, strlen (data), &error);

    g_assert_no_error (error);
    g_assert_nonnull (loaded);
  }
}

/* App-dealt: a Potion bought from the Brewery is replaced from the top of its deck */
static void
test_market_refill (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table;
  GListModel *markets, *decks;
  g_autofree char *bought = NULL;
  g_autofree char *top = NULL;
  g_autofree char *json = NULL;
  g_autoptr(GPtrArray) next = NULL;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 9}");
  table = pen_game_get_table (game);
  markets = pen_table_get_markets (table);
  decks = pen_table_get_market_decks (table);
  for (guint i = 0; i < g_list_model_get_n_items (markets) && bought == NULL; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);
      if (g_str_equal (pen_table_card_get_zone (tc), "brewery"))
        bought = g_strdup (pen_table_card_get_card_id (tc));
    }
  for (guint i = 0; i < g_list_model_get_n_items (decks) && top == NULL; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (decks, i);
      if (g_str_equal (pen_table_card_get_zone (tc), "brewery"))
        top = g_strdup (pen_table_card_get_card_id (tc));
    }
  next = pen_draw_candidates (game, PEN_DRAW_POTION);
  g_assert_cmpuint (next->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (next, 0), ==, top);

  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  json = g_strdup_printf ("{\"action\": \"buy\", \"wizard\": 0, \"card\": \"%s\", "
                          "\"pay\": {}}", bought);
  pen_test_run (game, json);
  g_assert_true (list_holds (markets, top));
  g_assert_false (list_holds (markets, bought));
  g_assert_false (list_holds (decks, top));
  /* (the Class markets' two cards each beside them) */
  g_assert_cmpuint (g_list_model_get_n_items (markets), ==, 4 + 4 * 2);
  g_assert_cmpuint (g_list_model_get_n_items (decks), ==, 14 - 2 + 36 - 2 - 1);
}

/* App-dealt: naming a placeholder as a named card the app dealt face down in the deck is
 * refused (play finding W6); a log from before, replayed, still trades the two places */
static void
test_identify_swaps_with_deck (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table;
  GListModel *deck;
  g_autofree char *ph = NULL;
  g_autofree char *json = NULL;
  int lost_hut = -1;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 7}");
  table = pen_game_get_table (game);
  deck = pen_table_get_contract_deck (table);
  for (guint c = 0; c < 4 && ph == NULL; c++)
    {
      g_autofree char *id = cell_id (table, c);
      if (pen_card_id_is_placeholder (id))
        ph = g_steal_pointer (&id);
    }
  g_assert_nonnull (ph);
  for (guint i = 0; i < g_list_model_get_n_items (deck); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (deck, i);
      if (g_strcmp0 (pen_table_card_get_card_id (tc), "lost-hut") == 0)
        lost_hut = (int) i;
    }
  if (lost_hut < 0)
    {
      g_test_skip ("Lost Hut is in the row for this seed");
      return;
    }
  json = g_strdup_printf ("{\"action\": \"card-identify\", \"card\": \"%s\", \"as\": "
                          "\"lost-hut\"}", ph);
  submit_refused (game, json, "lies face down in a deck where the app dealt it");
  /* the replay of an older log applies the action as it was played */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = json_from_string (json, &error);
    g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", &error);
    g_autoptr(PenTableCard) tc = NULL;

    g_assert_no_error (error);
    g_assert_true (pen_action_apply (action, table, &error));
    g_assert_no_error (error);
    tc = g_list_model_get_item (deck, lost_hut);

    g_assert_cmpstr (pen_table_card_get_card_id (tc), ==, ph);
    g_assert_false (list_holds (deck, "lost-hut"));
    g_assert_true (list_holds (pen_table_get_contract_row (table), "lost-hut"));
  }
}

/* Set-up: a Guild card that turns out to be of Difficulty 2 goes to the bottom of the deck */
static void
test_identify_setup_rule (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table;
  GListModel *deck;
  g_autofree char *ph = NULL;
  g_autofree char *top = NULL;
  g_autofree char *json = NULL;
  guint cell = 0;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 11}");
  table = pen_game_get_table (game);
  deck = pen_table_get_contract_deck (table);
  for (guint c = 0; c < 4 && ph == NULL; c++)
    {
      g_autofree char *id = cell_id (table, c);
      if (pen_card_id_is_placeholder (id))
        {
          ph = g_steal_pointer (&id);
          cell = c;
        }
    }
  g_assert_nonnull (ph);
  {
    g_autoptr(PenTableCard) tc = g_list_model_get_item (deck, 0);
    top = g_strdup (pen_table_card_get_card_id (tc));
  }
  json = g_strdup_printf ("{\"action\": \"card-identify\", \"card\": \"%s\", \"as\": "
                          "\"hard-road\", \"entry\": {\"name\": {\"en\": \"Hard Road\"}, "
                          "\"difficulty\": 2}}", ph);
  pen_test_run (game, json);
  {
    g_autofree char *now = cell_id (table, cell);
    g_autoptr(PenTableCard) last = g_list_model_get_item (deck,
                                                          g_list_model_get_n_items (deck) - 1);

    g_assert_cmpstr (now, ==, top);
    g_assert_cmpstr (pen_table_card_get_card_id (last), ==, "hard-road");
    g_assert_cmpuint (g_list_model_get_n_items (deck), ==, 32);
  }
}

/* The end-of-game sheet: every card in a play area whose printed numbers are unknown */
static void
test_unknown_numbers (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table;
  g_autoptr(GPtrArray) list = NULL;
  gboolean aranea = FALSE, wildwood = FALSE;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 3, "
                "\"ready_made\": true}");
  table = pen_game_get_table (game);
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"aranea\", "
                "\"zone\": \"experience\"}");
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 1, \"card\": \"wildwood\", "
                "\"zone\": \"experience\"}");
  /* Sorcerous Prison's Darkness is not printed in the book: named later, it moves the Fate
   * then, once */
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 1, \"card\": \"sorcerous-prison\", "
                "\"zone\": \"experience\"}");
  {
    PenWizard *bo = pen_table_get_wizard (table, 1);
    guint dark = pen_wizard_get_dark (bo), light = pen_wizard_get_light (bo);
    g_autoptr(GPtrArray) before = pen_box_list_unknown_numbers (table);
    gboolean listed = FALSE;

    for (guint i = 0; i < before->len; i++)
      {
        PenCardSighting *s = g_ptr_array_index (before, i);

        if (g_str_equal (s->card, "sorcerous-prison"))
          {
            listed = TRUE;
            g_assert_true (g_strv_contains ((const char * const *) s->missing, "dark"));
            g_assert_false (g_strv_contains ((const char * const *) s->missing, "light"));
          }
      }
    g_assert_true (listed);
    pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"sorcerous-prison\", "
                  "\"values\": {\"dark\": 2, \"light\": 0}}");
    g_assert_cmpuint (pen_wizard_get_dark (bo), ==, dark + 2);
    g_assert_cmpuint (pen_wizard_get_light (bo), ==, light);
    /* asked once: saying it again changes nothing */
    pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"sorcerous-prison\", "
                  "\"values\": {\"dark\": 2}}");
    g_assert_cmpuint (pen_wizard_get_dark (bo), ==, dark + 2);
  }
  /* the table types in Wildwood's numbers: asked once, then known */
  pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"wildwood\", \"values\": "
                "{\"vp\": 4, \"symbols\": [\"wilds\"], \"reward\": {\"light\": {\"dice\": "
                "[\"green\"]}, \"dark\": {\"ingredients\": {\"blood\": 2}}}}}");
  /* all or nothing: a bad field keeps the good ones out too */
  submit_refused (game, "{\"action\": \"card-identify\", \"card\": \"aranea\", \"values\": "
                  "{\"vp\": 2, \"task\": {\"kind\": \"juggle\"}}}", "task");
  g_assert_false (pen_card_is_known (pen_catalog_lookup (pen_catalog_get_default (), "aranea"),
                                     "vp"));
  g_assert_nonnull (pen_card_get_reward (pen_catalog_lookup (pen_catalog_get_default (),
                                                             "wildwood")));
  list = pen_box_list_unknown_numbers (table);
  for (guint i = 0; i < list->len; i++)
    {
      PenCardSighting *s = g_ptr_array_index (list, i);

      if (g_str_equal (s->card, "aranea"))
        {
          aranea = TRUE;
          g_assert_cmpint (s->wizard, ==, 0);
          g_assert_true (g_strv_contains ((const char * const *) s->missing, "vp"));
        }
      if (g_str_equal (s->card, "wildwood"))
        wildwood = TRUE;
    }
  g_assert_true (aranea);
  g_assert_false (wildwood);
  g_assert_cmpint (pen_card_get_vp (pen_catalog_lookup (pen_catalog_get_default (), "wildwood")),
                   ==, 4);
}

static void
start_physical (PenGame *game,
                gboolean solo)
{
  g_autoptr(GString) json = g_string_new ("{\"action\": \"new-game\", \"mode\": \"physical\", ");

  g_string_append (json, solo ? "\"players\": [\"Ann\"], " : "\"players\": [\"Ann\", \"Bo\"], ");
  g_string_append (json, "\"setup\": {\"trial_row\": [\"goldeater\", \"scrollers\"], "
                   "\"prophecies\": [\"end-of-time\"], \"contract_row\": [null, null, null, null], "
                   "\"fate_deck\": [");
  for (guint i = 0; i < 12; i++)
    g_string_append (json, i ? ", null" : "null");
  g_string_append (json, "]}}");
  pen_test_run (game, json->str);
}

/* Physical, a deck built by the rules (every card unknown): the Fate picker offers exactly
 * the cards the first stack can hold, never an impossible one */
static void
test_fate_picker_physical (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) later = NULL;
  g_autofree char *another = NULL;

  start_physical (game, TRUE);
  /* Goldeater passed by the Rival (the issue's case) */
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 1, \"card\": \"goldeater\", "
                "\"zone\": \"experience\"}");
  first = pen_draw_candidates (game, PEN_DRAW_FATE);
  g_assert_cmpuint (first->len, >, 0);
  /* stack one of a two-wizard deck: two Difficulty 2 Trials, the Goal and a Prophecy fill
   * its four cards, so no Event */
  g_assert_true (has (first, "wildwood"));
  g_assert_true (has (first, "mastery"));
  g_assert_true (has (first, "guild-revival"));
  g_assert_false (has (first, "harvest"));
  for (guint i = 0; i < first->len; i++)
    {
      PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                          g_ptr_array_index (first, i));

      g_assert_cmpstr (g_ptr_array_index (first, i), !=, "end-of-time");
      g_assert_false (pen_card_is_placeholder (card));
      if (pen_card_get_card_type (card) == PEN_CARD_TRIAL)
        g_assert_cmpint (pen_card_get_difficulty (card), ==, 2);
    }
  g_assert_false (has (first, "goldeater"));
  g_assert_false (has (first, "out-of-tune-clock"));
  g_assert_false (has (first, "basilisk"));
  /* `show` gives the same list */
  {
    g_autoptr(JsonNode) show = pen_show_game (game);
    JsonObject *fate = json_object_get_object_member (json_node_get_object (show), "fate_deck");
    JsonArray *possible = json_object_get_array_member (fate, "possible");

    g_assert_cmpuint (json_array_get_length (possible), ==, first->len);
    for (guint i = 0; i < first->len; i++)
      g_assert_cmpstr (json_array_get_string_element (possible, i), ==,
                       g_ptr_array_index (first, i));
  }
  /* and the core refuses it: Goldeater lies in the Rival's Experience zone */
  submit_refused (game, "{\"action\": \"fate-reveal\", \"card\": \"goldeater\"}",
                  "on the table");

  /* revealed cards are gone; the one Goal of the deck is out, so no other Goal can come */
  pen_test_run (game, "{\"action\": \"fate-reveal\", \"card\": \"wildwood\"}");
  pen_test_run (game, "{\"action\": \"fate-reveal\", \"card\": \"mastery\"}");
  later = pen_draw_candidates (game, PEN_DRAW_FATE);
  g_assert_false (has (later, "wildwood"));
  g_assert_false (has (later, "mastery"));
  g_assert_false (has (later, "heroism"));
  /* two players' stack holds two Difficulty 2 Trials: one more may still come */
  g_assert_true (has (later, "fog-of-oblivion"));
  pen_test_run (game, "{\"action\": \"fate-reveal\", \"card\": \"fog-of-oblivion\"}");
  {
    g_autoptr(GPtrArray) full = pen_draw_candidates (game, PEN_DRAW_FATE);

    g_assert_false (has (full, "pack-of-direwolves"));
  }

  /* the box's eight Events are all named: no unnamed one to offer */
  g_assert_null (pen_draw_another (game, PEN_CARD_EVENT));
  /* another card: a fresh placeholder, revealed and then named */
  another = pen_draw_another (game, PEN_CARD_PROPHECY);
  g_assert_nonnull (another);
  g_assert_true (pen_card_id_is_placeholder (another));
  {
    g_autofree char *reveal = g_strdup_printf ("{\"action\": \"fate-reveal\", \"card\": \"%s\"}",
                                               another);
    g_autofree char *second = NULL;
    g_autoptr(GPtrArray) open = NULL;

    pen_test_run (game, reveal);
    open = pen_box_list_unidentified (pen_game_get_table (game));
    g_assert_cmpuint (open->len, ==, 1);
    g_assert_cmpstr (((PenCardSighting *) g_ptr_array_index (open, 0))->card, ==, another);
    second = pen_draw_another (game, PEN_CARD_PROPHECY);
    g_assert_cmpstr (second, !=, another);
  }
}

/* Contracts and market cards still possible in physical play */
static void
test_other_pickers (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GPtrArray) contracts = NULL;
  g_autoptr(GPtrArray) potions = NULL;
  g_autoptr(GPtrArray) row = NULL;

  start_physical (game, FALSE);
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"lost-hut\", "
                "\"zone\": \"experience\"}");
  contracts = pen_draw_candidates (game, PEN_DRAW_CONTRACT);
  g_assert_false (has (contracts, "lost-hut"));
  g_assert_true (has (contracts, "brightshine"));
  potions = pen_draw_candidates (game, PEN_DRAW_POTION);
  g_assert_cmpuint (potions->len, >, 0);
  for (guint i = 0; i < potions->len; i++)
    g_assert_cmpint (pen_card_get_card_type (pen_catalog_lookup (pen_catalog_get_default (),
                                                                 g_ptr_array_index (potions,
                                                                                    i))),
                     ==, PEN_CARD_POTION);
  row = pen_draw_candidates (game, PEN_DRAW_TRIAL_ROW);
  g_assert_false (has (row, "goldeater"));
  g_assert_true (has (row, "gloomy-lady"));
  g_assert_false (has (row, "wildwood"));
}

/* App-dealt: the Fate picker is the top card, and nothing else */
static void
test_fate_picker_app (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(PenTableCard) top = NULL;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 5, "
                "\"ready_made\": true}");
  ids = pen_draw_candidates (game, PEN_DRAW_FATE);
  top = g_list_model_get_item (pen_table_get_fate_deck (pen_game_get_table (game)), 0);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (ids, 0), ==, pen_table_card_get_card_id (top));
}

/* The score names its cards, in the card language of the moment, never by id */
static void
test_score_names (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GString) texts = g_string_new (NULL);

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 3, "
                "\"ready_made\": true}");
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"aranea\", "
                "\"zone\": \"experience\"}");
  pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"aranea\", \"values\": "
                "{\"vp\": 3, \"symbols\": [\"monsters\", \"monsters\"]}}");
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 1, \"card\": \"contract#30\", "
                "\"zone\": \"experience\"}");
  for (guint lang = 0; lang < 2; lang++)
    {
      g_autoptr(PenScoreSheet) sheet = NULL;

      pen_turn_set_card_language (lang == 0 ? "en" : "ru");
      sheet = pen_show_score (pen_game_get_table (game));
      g_string_truncate (texts, 0);
      for (guint p = 0; p < sheet->results->len; p++)
        {
          PenScoreResult *r = g_ptr_array_index (sheet->results, p);

          for (guint i = 0; i < r->items->len; i++)
            {
              PenScoreItem *item = g_ptr_array_index (r->items, i);
              g_autofree char *from = pen_score_item_describe_sources (item);

              g_string_append_printf (texts, "%s | %s\n", item->text ? item->text : "",
                                      from ? from : "");
            }
        }
      if (lang == 0)
        {
          g_assert_nonnull (strstr (texts->str, "Trial “Aranea”"));
          g_assert_nonnull (strstr (texts->str, "Aranea ×2"));
          g_assert_nonnull (strstr (texts->str, "Contract 30 of 36"));
        }
      else
        g_assert_nonnull (strstr (texts->str, "Аранея"));
      g_assert_null (strstr (texts->str, "aranea"));
      g_assert_null (strstr (texts->str, "contract#30"));
    }
  pen_turn_set_card_language ("en");
}

/* Naming a card turned face up offers what it may be: not a card face up elsewhere, nor one
 * out of the game (the Guild's rightmost Contract discarded at the end of a Rest) */
static void
test_possible_names (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  g_autofree char *right = NULL;
  g_autofree char *json = NULL;
  const char *as = NULL;
  PenTable *table;
  GListModel *deck;

  /* app-dealt, the named Contracts dealt nowhere (the catalogue learned them later): each
   * may be the unnamed card turned face up */
  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], "
                "\"seed\": 1, \"setup\": {\"trial_row\": [\"goldeater\", \"scrollers\"], "
                "\"prophecies\": [\"end-of-time\"], \"fate_deck\": [\"wildwood\", "
                "\"aranea\"], \"contract_row\": [\"contract#30\", \"contract#31\", "
                "\"contract#32\", \"contract#33\"], \"contract_deck\": [\"contract#29\", "
                "\"contract#28\", \"contract#27\"]}}");
  table = pen_game_get_table (game);
  deck = pen_table_get_contract_deck (table);
  right = cell_id (table, PEN_CONTRACT_CELLS - 1);
  g_assert_true (pen_card_id_is_placeholder (right));

  before = pen_box_list_possible_names (game, PEN_CARD_CONTRACT);
  g_assert_cmpuint (before->len, >, 1);
  for (guint c = 0; c < PEN_CONTRACT_CELLS; c++)
    {
      g_autofree char *id = cell_id (table, c);

      g_assert_false (g_ptr_array_find_with_equal_func (before, id, g_str_equal, NULL));
    }
  /* the rightmost cell is named as one of them */
  as = g_ptr_array_index (before, 0);
  json = g_strdup_printf ("{\"action\": \"card-identify\", \"card\": \"%s\", \"as\": "
                          "\"%s\"}", right, as);
  pen_test_run (game, json);
  g_assert_true (list_holds (pen_table_get_contract_row (table), as));

  /* a Rest: its end discards the rightmost Contract, out of the game */
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  pen_test_run (game, "{\"action\": \"turn-end\"}");
  g_assert_false (list_holds (pen_table_get_contract_row (table), as));
  g_assert_false (list_holds (deck, as));
  after = pen_box_list_possible_names (game, PEN_CARD_CONTRACT);
  g_assert_false (g_ptr_array_find_with_equal_func (after, as, g_str_equal, NULL));
  /* the others are still possible */
  g_assert_cmpuint (after->len, ==, before->len - 1);
  for (guint i = 1; i < before->len; i++)
    g_assert_true (g_ptr_array_find_with_equal_func (after, g_ptr_array_index (before, i),
                                                     g_str_equal, NULL));
}

/* All orders of n items (Heap's algorithm), each passed to cb */
static void
permute (const char **items,
         guint        n,
         guint        k,
         void       (*cb) (const char **items, guint n, gpointer data),
         gpointer     data)
{
  if (k <= 1)
    {
      cb (items, n, data);
      return;
    }
  for (guint i = 0; i < k; i++)
    {
      const char *t;

      permute (items, n, k - 1, cb, data);
      t = items[k % 2 == 0 ? i : 0];
      items[k % 2 == 0 ? i : 0] = items[k - 1];
      items[k - 1] = t;
    }
}

static const char * const bind_named[] = {
  "lost-hut", "sorcerous-prison", "scarlet-pact", "brightshine"
};

/* One app-dealt deck order: a Bind keeps one of the top three (each in turn), the two others
 * go to the bottom; a Rest then refills the Guild from the top. When that card is unnamed, the
 * names offered are exactly the oracle's: none of the named Contracts, since the app dealt
 * each of them to a place it knows (the deck, the two at its bottom, Ann's reserve; play
 * finding W6); naming it as one in the deck is refused */
static void
bind_order_cb (const char **deck,
               guint        n,
               gpointer     data)
{
  guint *checked = data;

  for (guint keep = 0; keep < 3; keep++)
    {
      g_autoptr(PenGame) game = pen_game_new ();
      g_autoptr(GString) json = g_string_new (NULL);
      g_autoptr(GPtrArray) names = NULL;
      g_autoptr(GPtrArray) possible = NULL;
      g_autoptr(GPtrArray) after = g_ptr_array_new (); /* the deck after the Bind, top first */
      g_autoptr(GHashTable) oracle = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(PenAction) bind = NULL;
      g_autoptr(JsonNode) node = NULL;
      const char *refill;
      guint listed = 0;

      g_string_append (json, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], "
                       "\"seed\": 3, \"setup\": {\"trial_row\": [\"goldeater\", "
                       "\"scrollers\"], \"prophecies\": [\"end-of-time\"], "
                       "\"fate_deck\": [\"wildwood\", \"aranea\"], \"contract_row\": "
                       "[\"contract#30\", \"contract#31\", \"contract#32\", \"contract#33\"], "
                       "\"contract_deck\": [");
      for (guint i = 0; i < n; i++)
        g_string_append_printf (json, "%s\"%s\"", i ? ", " : "", deck[i]);
      g_string_append (json, "]}}");
      pen_test_run (game, json->str);
      pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, "
                    "\"ingredient\": \"blood\"}");
      g_string_printf (json, "{\"action\": \"contract-reserve\", \"override\": true, "
                       "\"wizard\": 0, \"card\": \"%s\"}", deck[keep]);
      pen_test_run (game, json->str);
      /* the fact the log keeps: the two looked at and put at the bottom */
      bind = g_list_model_get_item (pen_game_get_history (game), 2);
      node = pen_action_to_json (bind);
      {
        JsonArray *bottom = json_object_get_array_member (json_node_get_object (node),
                                                          "bottom");

        g_assert_nonnull (bottom);
        g_assert_cmpuint (json_array_get_length (bottom), ==, 2);
      }
      for (guint i = 3; i < n; i++)
        g_ptr_array_add (after, (gpointer) deck[i]);
      for (guint i = 0; i < 3; i++)
        if (i != keep)
          g_ptr_array_add (after, (gpointer) deck[i]);
      pen_test_assert_cards (pen_table_get_contract_deck (pen_game_get_table (game)), after);

      pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
      pen_test_run (game, "{\"action\": \"turn-end\"}");
      refill = g_ptr_array_index (after, 0);
      g_assert_true (list_holds (pen_table_get_contract_row (pen_game_get_table (game)),
                                 refill));
      if (!pen_card_id_is_placeholder (refill))
        continue;

      /* the oracle: a named Contract no deck, row or play area holds (none here: the app
       * dealt all four) */
      for (guint i = 0; i < G_N_ELEMENTS (bind_named); i++)
        if (!list_holds (pen_table_get_contract_deck (pen_game_get_table (game)), bind_named[i])
            && !list_holds (pen_table_get_contract_row (pen_game_get_table (game)),
                            bind_named[i])
            && !g_str_equal (bind_named[i], deck[keep]))
          g_hash_table_add (oracle, (gpointer) bind_named[i]);
      g_assert_cmpuint (g_hash_table_size (oracle), ==, 0);
      names = pen_box_list_names_for (game, refill);
      possible = pen_box_list_possible_names (game, PEN_CARD_CONTRACT);
      for (guint i = 0; i < G_N_ELEMENTS (bind_named); i++)
        {
          const char *id = bind_named[i];
          gboolean expected = g_hash_table_contains (oracle, id);
          g_autofree char *identify = g_strdup_printf ("{\"action\": \"card-identify\", "
                                                       "\"card\": \"%s\", \"as\": \"%s\"}",
                                                       refill, id);

          if (has (names, id) != expected || has (possible, id) != expected)
            g_error ("deck %s…, kept %s: %s %s offered", deck[0], deck[keep], id,
                     expected ? "not" : "wrongly");
          g_assert_cmpint (pen_box_card_placed (game, id), ==,
                           pen_table_card_list_index (
                             pen_table_get_contract_deck (pen_game_get_table (game)), id) >= 0);
          if (expected)
            {
              PenTable *table = pen_game_get_table (game);

              pen_test_run (game, identify);
              /* the two traded places: the named card in the row, the placeholder below */
              g_assert_true (list_holds (pen_table_get_contract_row (table), id));
              g_assert_true (list_holds (pen_table_get_contract_deck (table), refill));
              g_assert_true (pen_game_undo (game));
              listed++;
            }
          else if (pen_box_card_placed (game, id))
            submit_refused (game, identify, "lies face down in a deck where the app dealt it");
        }
      g_assert_cmpuint (listed, ==, g_hash_table_size (oracle));
      (*checked)++;
    }
}

/* One app-dealt deck order of three named Contracts and two unnamed ones (Brightshine, in the
 * catalogue, was not dealt): Rest turns refill the Guild from the top until the deck is out.
 * Each unnamed refill may be only a named Contract the app never dealt (the oracle: the four
 * less those the set-up laid in the deck or the row), never one it dealt face down at a place
 * it knows: the picker offers exactly the oracle's, naming it so is taken without moving the
 * deck (nothing to trade places with), naming it as one of the deck is refused (play finding
 * W6) */
static char *
deck_ids (PenTable *table)
{
  GListModel *deck = pen_table_get_contract_deck (table);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (deck); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (deck, i);

      g_string_append_printf (out, "%s,", pen_table_card_get_card_id (tc));
    }
  return g_string_free (out, FALSE);
}

static void
dealt_order_cb (const char **deck,
                guint        n,
                gpointer     data)
{
  guint *checked = data;
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GString) json = g_string_new (NULL);
  g_autoptr(GHashTable) oracle = g_hash_table_new (g_str_hash, g_str_equal);
  PenTable *table;

  for (guint i = 0; i < G_N_ELEMENTS (bind_named); i++)
    {
      gboolean dealt = FALSE;

      for (guint j = 0; j < n; j++)
        dealt |= g_str_equal (deck[j], bind_named[i]);
      if (!dealt)
        g_hash_table_add (oracle, (gpointer) bind_named[i]);
    }
  g_string_append (json, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], "
                   "\"seed\": 3, \"setup\": {\"trial_row\": [\"goldeater\", "
                   "\"scrollers\"], \"prophecies\": [\"end-of-time\"], "
                   "\"fate_deck\": [\"wildwood\", \"aranea\", \"goldeater\", \"wildwood\", "
                   "\"aranea\", \"wildwood\"], \"contract_row\": "
                   "[\"contract#30\", \"contract#31\", \"contract#32\", \"contract#33\"], "
                   "\"contract_deck\": [");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (json, "%s\"%s\"", i ? ", " : "", deck[i]);
  g_string_append (json, "]}}");
  pen_test_run (game, json->str);
  table = pen_game_get_table (game);

  while (g_list_model_get_n_items (pen_table_get_contract_deck (table)) > 0
         && pen_table_get_phase (table) == PEN_PHASE_PLAYING)
    {
      g_autoptr(PenTableCard) top = g_list_model_get_item (pen_table_get_contract_deck (table),
                                                           0);
      g_autofree char *refill = g_strdup (pen_table_card_get_card_id (top));
      g_autoptr(GPtrArray) names = NULL;
      g_autoptr(GPtrArray) possible = NULL;

      pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
      pen_test_run (game, "{\"action\": \"turn-end\"}");
      g_assert_true (list_holds (pen_table_get_contract_row (table), refill));
      if (!pen_card_id_is_placeholder (refill))
        continue;
      names = pen_box_list_names_for (game, refill);
      possible = pen_box_list_possible_names (game, PEN_CARD_CONTRACT);
      for (guint i = 0; i < G_N_ELEMENTS (bind_named); i++)
        {
          const char *id = bind_named[i];
          gboolean expected = g_hash_table_contains (oracle, id);
          g_autofree char *identify = g_strdup_printf ("{\"action\": \"card-identify\", "
                                                       "\"card\": \"%s\", \"as\": \"%s\"}",
                                                       refill, id);

          if (has (names, id) != expected || has (possible, id) != expected)
            g_error ("deck %s %s %s…, refill %s: %s %s offered", deck[0], deck[1], deck[2],
                     refill, id, expected ? "not" : "wrongly");
          g_assert_cmpint (pen_box_card_placed (game, id), ==,
                           list_holds (pen_table_get_contract_deck (table), id));
          if (expected)
            {
              g_autofree char *before = deck_ids (table);
              g_autofree char *after = NULL;

              pen_test_run (game, identify);
              g_assert_true (list_holds (pen_table_get_contract_row (table), id));
              g_assert_false (list_holds (pen_table_get_contract_row (table), refill));
              after = deck_ids (table);
              g_assert_cmpstr (before, ==, after);
              g_assert_true (pen_game_undo (game));
            }
          else if (list_holds (pen_table_get_contract_deck (table), id))
            submit_refused (game, identify, "lies face down in a deck where the app dealt it");
          else if (list_holds (pen_table_get_contract_row (table), id))
            submit_refused (game, identify, "on the table already");
          else
            submit_refused (game, identify, "is out of the game");
        }
      (*checked)++;
    }
}

static void
test_dealt_deck_not_named (void)
{
  const char *deck[] = {
    "lost-hut", "sorcerous-prison", "scarlet-pact", "contract#34", "contract#35"
  };
  guint checked = 0;

  permute (deck, G_N_ELEMENTS (deck), G_N_ELEMENTS (deck), dealt_order_cb, &checked);
  /* every order turns up both unnamed ones */
  g_assert_cmpuint (checked, ==, 2 * 120);
}

/* The Contracts an app-dealt set-up put at the bottom of the deck ("extra": "contract_bottom")
 * lie where the table saw them go, also where the table deals: never offered for a card turned
 * up from the top. A save from before the record loads and offers them, as it did */
static void
test_setup_bottom_not_named (void)
{
  for (guint recorded = 0; recorded < 2; recorded++)
    {
      g_autoptr(PenGame) game = pen_game_new ();
      g_autoptr(GPtrArray) names = NULL;
      g_autofree char *json = g_strdup_printf (
        "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 3, "
        "\"mode\": \"physical\", \"setup\": {\"trial_row\": [\"goldeater\", \"scrollers\"], "
        "\"prophecies\": [\"end-of-time\"], \"fate_deck\": [\"wildwood\", \"aranea\"], "
        "\"contract_row\": [\"contract#30\", \"contract#31\", \"contract#32\", "
        "\"contract#33\"], \"contract_deck\": [\"contract#29\", \"lost-hut\", "
        "\"brightshine\", \"scarlet-pact\"]%s}}",
        recorded ? ", \"extra\": {\"contract_bottom\": [\"brightshine\", \"scarlet-pact\"]}" : "");

      pen_test_run (game, json);
      names = pen_box_list_names_for (game, "contract#30");
      g_assert_true (has (names, "lost-hut"));
      g_assert_cmpint (has (names, "brightshine"), !=, recorded);
      g_assert_cmpint (has (names, "scarlet-pact"), !=, recorded);
      g_assert_cmpint (pen_box_card_placed (game, "scarlet-pact"), ==, recorded);
      g_assert_false (pen_box_card_placed (game, "lost-hut"));
      if (recorded)
        submit_refused (game, "{\"action\": \"card-identify\", \"card\": \"contract#30\", "
                        "\"as\": \"scarlet-pact\"}", "where the table saw it put");
      else
        {
          /* the physical deck's pool: the two trade places */
          pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"contract#30\", "
                        "\"as\": \"scarlet-pact\"}");
          g_assert_true (list_holds (pen_table_get_contract_row (pen_game_get_table (game)),
                                     "scarlet-pact"));
        }
    }
}

/* The same through penumbra-cli: `cards` lists the Guild's unnamed refill with its cell and
 * the names it may have (never one the app dealt: the two the Bind put at the bottom, nor one
 * still in the deck); `apply` refuses naming it as one of them (exit 2, $.as) and takes the
 * one the app never dealt */
static void
test_cli_bind_bottom (void)
{
  g_autofree char *file = g_build_filename (tmp_dir, "cli-bind.json", NULL);
  const char *apply[] = { "apply", file, NULL };
  const char *cards[] = { "cards", file, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonArray *open;
  JsonObject *refill = NULL;
  int status;
  const char *lines =
    "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 3, \"setup\": "
    "{\"trial_row\": [\"goldeater\", \"scrollers\"], \"prophecies\": [\"end-of-time\"], "
    "\"fate_deck\": [\"wildwood\", \"aranea\"], \"contract_row\": [\"contract#30\", "
    "\"contract#31\", \"contract#32\", \"contract#33\"], \"contract_deck\": [\"contract#29\", "
    "\"brightshine\", \"scarlet-pact\", \"contract#21\", \"lost-hut\"]}}\n"
    "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"blood\"}\n"
    "{\"action\": \"contract-reserve\", \"override\": true, \"wizard\": 0, "
    "\"card\": \"brightshine\"}\n"
    "{\"action\": \"turn-start\", \"kind\": \"rest\"}\n"
    "{\"action\": \"turn-end\"}\n";

  g_remove (file);
  if (!pen_test_run_cli (apply, tmp_dir, lines, &out, &err, &status))
    {
      g_test_skip ("PENUMBRA_CLI is not set");
      return;
    }
  g_assert_cmpint (status, ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_true (pen_test_run_cli (cards, tmp_dir, "", &out, &err, &status));
  g_assert_cmpint (status, ==, 0);
  root = json_from_string (out, NULL);
  g_assert_nonnull (root);
  open = json_object_get_array_member (json_node_get_object (root), "unidentified");
  for (guint i = 0; i < json_array_get_length (open); i++)
    {
      JsonObject *o = json_array_get_object_element (open, i);

      if (g_str_equal (json_object_get_string_member (o, "card"), "contract#21"))
        refill = o;
    }
  g_assert_nonnull (refill);
  g_assert_cmpstr (json_object_get_string_member (refill, "where"), ==, "contract-row");
  g_assert_cmpint (json_object_get_int_member (refill, "index"), ==, 0);
  {
    JsonArray *names = json_object_get_array_member (refill, "names");
    g_autoptr(GString) all = g_string_new (",");

    for (guint i = 0; i < json_array_get_length (names); i++)
      g_string_append_printf (all, "%s,", json_array_get_string_element (names, i));
    /* only the one the app never dealt: Lost Hut lies in its deck (play finding W6) */
    g_assert_null (strstr (all->str, ",lost-hut,"));
    g_assert_nonnull (strstr (all->str, ",sorcerous-prison,"));
    g_assert_null (strstr (all->str, ",scarlet-pact,"));
    g_assert_null (strstr (all->str, ",brightshine,"));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_true (pen_test_run_cli (apply, tmp_dir, "{\"action\": \"card-identify\", \"card\": "
                                   "\"contract#21\", \"as\": \"scarlet-pact\"}\n",
                                   &out, &err, &status));
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, "$.as"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_true (pen_test_run_cli (apply, tmp_dir, "{\"action\": \"card-identify\", \"card\": "
                                   "\"contract#21\", \"as\": \"lost-hut\"}\n",
                                   &out, &err, &status));
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, "where the app dealt it"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_true (pen_test_run_cli (apply, tmp_dir, "{\"action\": \"card-identify\", \"card\": "
                                   "\"contract#21\", \"as\": \"sorcerous-prison\"}\n",
                                   &out, &err, &status));
  g_assert_cmpint (status, ==, 0);
  g_remove (file);
}

/* penumbra-cli cards: each card to name has its "index" (its Guild cell, its card of the
 * row or of its market) and its "names", the same as the core's and never a card a deck of
 * the app-dealt table holds; the cards with unknown numbers have neither */
static void
test_cli_cards_index_names (void)
{
  g_autofree char *file = g_build_filename (tmp_dir, "cli-cards.json", NULL);
  const char *apply[] = { "apply", file, NULL };
  const char *cards[] = { "cards", file, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GFile) gfile = g_file_new_for_path (file);
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) core = NULL;
  JsonArray *open;
  JsonArray *unknown;
  PenTable *table;
  guint indexed = 0;
  int status;

  g_remove (file);
  if (!pen_test_run_cli (apply, tmp_dir, "{\"action\": \"new-game\", \"players\": [\"Ann\", "
                         "\"Bo\", \"Cy\"], \"seed\": 7}\n", &out, &err, &status))
    {
      g_test_skip ("PENUMBRA_CLI is not set");
      return;
    }
  g_assert_cmpint (status, ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_true (pen_test_run_cli (cards, tmp_dir, "", &out, &err, &status));
  g_assert_cmpint (status, ==, 0);
  root = json_from_string (out, NULL);
  g_assert_nonnull (root);

  game = pen_game_load (gfile, &error);
  g_assert_no_error (error);
  table = pen_game_get_table (game);
  core = pen_box_list_unidentified (table);
  open = json_object_get_array_member (json_node_get_object (root), "unidentified");
  g_assert_cmpuint (json_array_get_length (open), ==, core->len);
  for (guint i = 0; i < core->len; i++)
    {
      PenCardSighting *s = g_ptr_array_index (core, i);
      JsonObject *o = json_array_get_object_element (open, i);
      g_autoptr(GPtrArray) names = pen_box_list_names_for (game, s->card);
      JsonArray *given = json_object_get_array_member (o, "names");

      g_assert_cmpstr (json_object_get_string_member (o, "card"), ==, s->card);
      if (g_str_equal (s->where, "contract-row") || g_str_equal (s->where, "trial-row"))
        {
          GListModel *row = g_str_equal (s->where, "contract-row")
                            ? pen_table_get_contract_row (table) : pen_table_get_trial_row (table);
          g_autoptr(PenTableCard) tc = NULL;

          g_assert_true (json_object_has_member (o, "index"));
          tc = g_list_model_get_item (row, json_object_get_int_member (o, "index"));
          g_assert_cmpstr (pen_table_card_get_card_id (tc), ==, s->card);
          indexed++;
        }
      else if (s->index >= 0)
        {
          g_assert_cmpint (json_object_get_int_member (o, "index"), ==, s->index);
          g_assert_cmpint (s->index, <, 2);
          indexed++;
        }
      else
        g_assert_false (json_object_has_member (o, "index"));
      g_assert_nonnull (given);
      g_assert_cmpuint (json_array_get_length (given), ==, names->len);
      for (guint k = 0; k < names->len; k++)
        {
          const char *id = json_array_get_string_element (given, k);

          g_assert_cmpstr (id, ==, g_ptr_array_index (names, k));
          g_assert_false (list_holds (pen_table_get_contract_deck (table), id));
          g_assert_false (list_holds (pen_table_get_fate_deck (table), id));
          g_assert_false (list_holds (pen_table_get_market_decks (table), id));
        }
    }
  g_assert_cmpuint (indexed, >, 0);
  unknown = json_object_get_array_member (json_node_get_object (root), "unknown_numbers");
  for (guint i = 0; i < json_array_get_length (unknown); i++)
    g_assert_false (json_object_has_member (json_array_get_object_element (unknown, i),
                                            "names"));
  g_remove (file);
}

/* Play finding R4: each card to name says where the table finds it: its Guild cell, its card
 * of the row, its card among its market's (the app-dealt table holds placeholders everywhere) */
static void
test_unidentified_where (void)
{
  for (guint seed = 1; seed <= 20; seed++)
    {
      g_autoptr(PenGame) game = pen_game_new ();
      g_autoptr(GPtrArray) open = NULL;
      g_autofree char *json = g_strdup_printf ("{\"action\": \"new-game\", \"players\": "
                                               "[\"Ann\", \"Bo\", \"Cy\"], \"seed\": %u}", seed);
      PenTable *table;
      guint markets = 0;

      pen_test_run (game, json);
      table = pen_game_get_table (game);
      open = pen_box_list_unidentified (table);
      for (guint i = 0; i < open->len; i++)
        {
          PenCardSighting *s = g_ptr_array_index (open, i);
          GListModel *list = NULL;
          g_autoptr(PenTableCard) tc = NULL;

          if (g_str_equal (s->where, "contract-row"))
            list = pen_table_get_contract_row (table);
          else if (g_str_equal (s->where, "trial-row"))
            list = pen_table_get_trial_row (table);
          if (list != NULL)
            {
              g_assert_cmpint (s->index, >=, 0);
              tc = g_list_model_get_item (list, s->index);
              g_assert_cmpstr (pen_table_card_get_card_id (tc), ==, s->card);
              continue;
            }
          if (s->wizard >= 0 || g_str_equal (s->where, "in-play"))
            {
              g_assert_cmpint (s->index, ==, -1);
              continue;
            }
          /* a market's card: the index-th of the cards by that market */
          list = pen_table_get_markets (table);
          g_assert_cmpint (s->index, >=, 0);
          for (guint j = 0, k = 0; j < g_list_model_get_n_items (list); j++)
            {
              g_autoptr(PenTableCard) m = g_list_model_get_item (list, j);

              if (g_strcmp0 (pen_table_card_get_zone (m), s->where) != 0)
                continue;
              if (k++ == (guint) s->index)
                {
                  g_assert_cmpstr (pen_table_card_get_card_id (m), ==, s->card);
                  markets++;
                }
            }
          g_assert_cmpint (s->index, <, 2);
        }
      /* the Class markets' cards are unnamed: two each */
      g_assert_cmpuint (markets, >=, 2);
    }
}

/* Play finding U4: a Bind (app-dealt) puts the two Contracts it looked at at the bottom; the
 * Guild's refill from the top, unnamed, is never offered as one of them. Every order of a
 * deck of the four named Contracts and two unnamed ones, each choice of the Bind */
static void
test_bind_bottom_not_named (void)
{
  const char *deck[] = {
    "lost-hut", "sorcerous-prison", "scarlet-pact", "brightshine", "contract#34", "contract#35"
  };
  guint checked = 0;

  permute (deck, G_N_ELEMENTS (deck), G_N_ELEMENTS (deck), bind_order_cb, &checked);
  /* a refill unnamed: the deck's fourth card, or after the Bind kept from the top two */
  g_assert_cmpuint (checked, >, 100);
}

/* The play-tester's #17: a Trial passed by the path of Light whose Light is not printed in
 * the book is asked at the end; the answer moves the Fate of the wizard who passed it, by that
 * path only, once */
static void
test_trial_path_unknown (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GPtrArray) list = NULL;
  PenWizard *bo;
  guint light, dark;
  gboolean listed = FALSE;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 5, "
                "\"setup\": {\"prophecies\": [\"end-of-time\"], \"trial_row\": [\"scrollers\"], "
                "\"fate_deck\": [\"wildwood\", \"aranea\"]}}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  pen_test_run (game, "{\"action\": \"turn-end\"}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  pen_test_run (game, "{\"action\": \"threat\", \"wizard\": 1, \"count\": 0}");
  pen_test_run (game, "{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, "
                "\"path\": \"light\"}");
  bo = pen_table_get_wizard (pen_game_get_table (game), 1);
  light = pen_wizard_get_light (bo);
  dark = pen_wizard_get_dark (bo);
  list = pen_box_list_unknown_numbers (pen_game_get_table (game));
  for (guint i = 0; i < list->len; i++)
    {
      PenCardSighting *s = g_ptr_array_index (list, i);

      if (g_str_equal (s->card, "scrollers"))
        {
          listed = TRUE;
          g_assert_cmpint (s->wizard, ==, 1);
          g_assert_true (g_strv_contains ((const char * const *) s->missing, "light"));
          g_assert_false (g_strv_contains ((const char * const *) s->missing, "dark"));
        }
    }
  g_assert_true (listed);
  pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"scrollers\", "
                "\"values\": {\"light\": 2, \"dark\": 1}}");
  g_assert_cmpuint (pen_wizard_get_light (bo), ==, light + 2);
  g_assert_cmpuint (pen_wizard_get_dark (bo), ==, dark);
  /* undo takes the Fate back; the catalogue keeps the answer, and redo moves the same */
  g_assert_true (pen_game_undo (game));
  g_assert_cmpuint (pen_wizard_get_light (bo), ==, light);
  g_assert_true (pen_game_redo (game, NULL));
  g_assert_cmpuint (pen_wizard_get_light (bo), ==, light + 2);
}

/* A Trial the Rival passed (inside a rival-turn action) whose Light or Darkness the book does
 * not print, named on the end sheet: the Rival's Fate moves by the answer once, and the save
 * opens again, its log giving the same table (the Rival's step replays what it moved then,
 * not what the catalogue says now) */
static void
test_rival_trial_replays (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) unknown = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, "rival-trial.json", NULL);
  g_autofree char *json = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PenGame) again = NULL;
  PenTable *table = pen_game_get_table (game);
  const PenCardSighting *found = NULL;
  PenWizard *rival = NULL;
  guint light, dark;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Solo\"], \"solo\": 2, "
                "\"seed\": 21}");
  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    if (pen_wizard_get_rival (pen_table_get_wizard (table, w)))
      rival = pen_table_get_wizard (table, w);
  g_assert_nonnull (rival);
  /* play until the Rival holds a passed Trial whose path's number is unknown */
  for (guint i = 0; i < 400 && found == NULL && pen_table_get_phase (table) != PEN_PHASE_ENDED;
       i++)
    {
      g_assert_true (pen_solo_sim_step (game, &error));
      g_assert_no_error (error);
      g_clear_pointer (&unknown, g_ptr_array_unref);
      unknown = pen_box_list_unknown_numbers (table);
      for (guint k = 0; k < unknown->len && found == NULL; k++)
        {
          const PenCardSighting *s = g_ptr_array_index (unknown, k);
          PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), s->card);

          if (pen_table_get_wizard (table, s->wizard) == rival
              && pen_card_get_card_type (card) == PEN_CARD_TRIAL
              && (g_strv_contains ((const char * const *) s->missing, "light")
                  || g_strv_contains ((const char * const *) s->missing, "dark")))
            found = s;
        }
    }
  g_assert_nonnull (found);
  light = pen_wizard_get_light (rival);
  dark = pen_wizard_get_dark (rival);
  json = g_strdup_printf ("{\"action\": \"card-identify\", \"card\": \"%s\", "
                          "\"values\": {\"light\": 2, \"dark\": 1}}", found->card);
  pen_test_run (game, json);
  /* the path it was passed by only */
  g_assert_cmpuint (pen_wizard_get_light (rival) + pen_wizard_get_dark (rival), ==,
                    light + dark + (g_strv_contains ((const char * const *) found->missing,
                                                     "light") ? 2 : 1));
  light = pen_wizard_get_light (rival);
  dark = pen_wizard_get_dark (rival);

  g_assert_true (pen_game_save (game, file, &error));
  g_assert_no_error (error);
  again = pen_game_load (file, &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);
  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    if (pen_wizard_get_rival (pen_table_get_wizard (pen_game_get_table (again), w)))
      {
        g_assert_cmpuint (pen_wizard_get_light (pen_table_get_wizard (pen_game_get_table (again),
                                                                      w)), ==, light);
        g_assert_cmpuint (pen_wizard_get_dark (pen_table_get_wizard (pen_game_get_table (again),
                                                                     w)), ==, dark);
      }
  g_unlink (path);
}

/* The play-tester's #16 and #42: naming a card offers exactly the names it may still have */
static void
test_names_for (void)
{
  /* app-dealt: a Contract seen at set-up and put at the bottom of the deck is not the next
   * unnamed one; every name offered lies in the deck the app dealt */
  {
    g_autoptr(PenGame) game = pen_game_new ();
    g_autoptr(JsonObject) values = json_object_new ();
    g_autoptr(PenAction) name = NULL;
    g_autoptr(GPtrArray) names = NULL;
    g_autoptr(GError) error = NULL;
    g_autofree char *left = NULL;
    g_autofree char *other = NULL;
    PenTable *table;

    pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], "
                  "\"seed\": 11}");
    table = pen_game_get_table (game);
    for (guint c = 0; c < PEN_CONTRACT_CELLS && left == NULL; c++)
      {
        g_autofree char *id = cell_id (table, c);

        if (pen_card_id_is_placeholder (id))
          left = g_steal_pointer (&id);
      }
    g_assert_nonnull (left);
    json_object_set_int_member (values, "difficulty", 2);
    name = pen_box_identify_action (left, NULL, "Moonlit Errand", values);
    g_assert_true (pen_game_submit (game, name, &error));
    g_assert_no_error (error);
    /* Setup › Guild: a Difficulty 2 Contract to the bottom, the next card in its cell */
    g_assert_true (list_holds (pen_table_get_contract_deck (table), "moonlit-errand"));
    g_assert_false (list_holds (pen_table_get_contract_row (table), "moonlit-errand"));
    for (guint c = 0; c < PEN_CONTRACT_CELLS && other == NULL; c++)
      {
        g_autofree char *id = cell_id (table, c);

        if (pen_card_id_is_placeholder (id))
          other = g_steal_pointer (&id);
      }
    g_assert_nonnull (other);
    names = pen_box_list_names_for (game, other);
    g_assert_false (g_ptr_array_find_with_equal_func (names, "moonlit-errand", g_str_equal,
                                                      NULL));
    /* app-dealt: never a card the app dealt into its deck (play finding W6) */
    for (guint i = 0; i < names->len; i++)
      g_assert_false (list_holds (pen_table_get_contract_deck (table),
                                  g_ptr_array_index (names, i)));

    /* the end of a Rest discards the rightmost Contract, dealt by the app: out of the game */
    {
      g_autofree char *right = cell_id (table, PEN_CONTRACT_CELLS - 1);
      g_autoptr(GPtrArray) after = NULL;

      g_assert_false (pen_card_id_is_placeholder (right));
      pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
      pen_test_run (game, "{\"action\": \"turn-end\"}");
      g_clear_pointer (&other, g_free);
      for (guint c = 0; c < PEN_CONTRACT_CELLS && other == NULL; c++)
        {
          g_autofree char *id = cell_id (table, c);

          if (pen_card_id_is_placeholder (id))
            other = g_steal_pointer (&id);
        }
      g_assert_nonnull (other);
      after = pen_box_list_names_for (game, other);
      g_assert_false (has (after, right));
      g_assert_false (has (after, "moonlit-errand"));
    }
  }

  /* physical, a deck built by the rules: a Trial revealed from the first stack is one of
   * Difficulty 2, from the second of Difficulty 3; never one set aside at set-up */
  {
    g_autoptr(PenGame) game = pen_game_new ();
    g_autofree char *first = NULL;
    g_autofree char *second = NULL;
    g_autoptr(GPtrArray) names = NULL;
    g_autoptr(GPtrArray) later = NULL;
    g_autofree char *json = NULL;

    start_physical (game, FALSE);
    first = pen_draw_another (game, PEN_CARD_TRIAL);
    g_assert_nonnull (first);
    json = g_strdup_printf ("{\"action\": \"fate-reveal\", \"card\": \"%s\"}", first);
    pen_test_run (game, json);
    names = pen_box_list_names_for (game, first);
    g_assert_true (has (names, "wildwood"));
    g_assert_false (has (names, "goldeater"));           /* in the row */
    g_assert_false (has (names, "out-of-tune-clock"));   /* Difficulty 1: back in the box */
    g_assert_false (has (names, "gloomy-lady"));
    g_assert_false (has (names, "plains-of-agony"));     /* Difficulty 3: the next stack */
    g_assert_false (has (names, "basilisk"));
    for (guint i = 0; i < names->len; i++)
      {
        PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                            g_ptr_array_index (names, i));

        g_assert_cmpint (pen_card_get_card_type (card), ==, PEN_CARD_TRIAL);
        g_assert_cmpint (pen_card_get_difficulty (card), ==, 2);
      }

    /* three more of the first stack's four cards, then one of the second */
    pen_test_run (game, "{\"action\": \"fate-reveal\", \"card\": \"wildwood\"}");
    pen_test_run (game, "{\"action\": \"fate-reveal\", \"card\": \"mastery\"}");
    pen_test_run (game, "{\"action\": \"fate-reveal\", \"card\": \"guild-revival\"}");
    second = pen_draw_another (game, PEN_CARD_TRIAL);
    g_assert_nonnull (second);
    g_free (json);
    json = g_strdup_printf ("{\"action\": \"fate-reveal\", \"card\": \"%s\"}", second);
    pen_test_run (game, json);
    later = pen_box_list_names_for (game, second);
    g_assert_true (has (later, "plains-of-agony"));
    g_assert_false (has (later, "wildwood"));
    g_assert_false (has (later, "fog-of-oblivion"));
    g_assert_false (has (later, "basilisk"));
    /* the first one, named only now (at the end sheet, say), is still of the first stack */
    g_clear_pointer (&names, g_ptr_array_unref);
    names = pen_box_list_names_for (game, first);
    g_assert_true (has (names, "fog-of-oblivion"));
    g_assert_false (has (names, "plains-of-agony"));
  }
}

static void
test_user_card_id (void)
{
  PenCatalog *catalog = pen_catalog_get_default ();
  g_autofree char *a = pen_box_user_card_id (catalog, "Dark Bargain's End");
  g_autofree char *b = pen_box_user_card_id (catalog, "Тёмная Сделка");
  g_autofree char *c = pen_box_user_card_id (catalog, "Goldeater");

  g_assert_cmpstr (a, ==, "dark-bargains-end");
  /* a card typed in Russian only */
  {
    g_autoptr(PenGame) game = pen_game_new ();
    g_autofree char *json = NULL;
    PenCard *card;

    pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], "
                  "\"seed\": 2}");
    pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"artifact#30\"}");
    json = g_strdup_printf ("{\"action\": \"card-identify\", \"card\": \"artifact#30\", "
                            "\"as\": \"%s\", \"entry\": {\"name\": {\"ru\": "
                            "\"Тёмная Сделка\"}}}", b);
    pen_test_run (game, json);
    card = pen_catalog_lookup (catalog, b);
    g_assert_nonnull (card);
    g_assert_cmpstr (pen_card_get_name (card, "ru"), ==, "Тёмная Сделка");
    g_assert_cmpstr (pen_card_get_name (card, "en"), ==, "Тёмная Сделка");
  }
  g_assert_true (g_str_has_prefix (b, "card-"));
  /* never the id of another card */
  g_assert_cmpstr (c, ==, "goldeater-2");
}

/* The placeholder of type the list holds, or NULL */
static const char *
another_of (GPtrArray   *ids,
            PenCardType  type)
{
  for (guint i = 0; i < ids->len; i++)
    {
      PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), g_ptr_array_index (ids, i));

      g_assert_true (pen_card_is_placeholder (card));
      if (pen_card_get_card_type (card) == type)
        return g_ptr_array_index (ids, i);
    }
  return NULL;
}

/* Physical, a deck built by the rules: "another card" is offered for each type the stack can
 * still hold, and the card is then named only as a card of that type, of its stack */
static void
test_another_fate_types (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) later = NULL;
  g_autoptr(GPtrArray) next = NULL;
  g_autoptr(GPtrArray) names = NULL;
  g_autofree char *json = NULL;
  g_autofree char *prophecy = NULL;
  const char *trial;

  start_physical (game, TRUE);
  first = pen_draw_another_each (game, PEN_DRAW_FATE);
  /* stack one of a two-wizard deck: Trials, the Goal and a Prophecy; every Event is named,
   * so there is no unnamed one to offer */
  g_assert_nonnull (another_of (first, PEN_CARD_TRIAL));
  g_assert_nonnull (another_of (first, PEN_CARD_GOAL));
  g_assert_nonnull (another_of (first, PEN_CARD_PROPHECY));
  g_assert_null (another_of (first, PEN_CARD_EVENT));
  g_assert_cmpuint (first->len, ==, 3);
  /* a Trial from the first stack must be of Difficulty 2 */
  trial = another_of (first, PEN_CARD_TRIAL);
  g_assert_cmpint (pen_box_required_difficulty (game, trial), ==, 0);   /* not revealed yet */
  json = g_strdup_printf ("{\"action\": \"fate-reveal\", \"card\": \"%s\"}", trial);
  pen_test_run (game, json);
  g_assert_cmpint (pen_box_required_difficulty (game, trial), ==, 2);
  names = pen_box_list_names_for (game, trial);
  g_assert_true (has (names, "wildwood"));
  for (guint i = 0; i < names->len; i++)
    {
      PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                          g_ptr_array_index (names, i));

      g_assert_cmpint (pen_card_get_card_type (card), ==, PEN_CARD_TRIAL);
      if (pen_card_get_difficulty (card) != PEN_CARD_UNKNOWN)
        g_assert_cmpint (pen_card_get_difficulty (card), ==, 2);
    }
  g_clear_pointer (&names, g_ptr_array_unref);

  /* the Goal came up: a Trial or a Prophecy may still come, no other Goal */
  pen_test_run (game, "{\"action\": \"fate-reveal\", \"card\": \"mastery\"}");
  later = pen_draw_another_each (game, PEN_DRAW_FATE);
  g_assert_cmpuint (later->len, ==, 2);
  g_assert_nonnull (another_of (later, PEN_CARD_TRIAL));
  g_assert_null (another_of (later, PEN_CARD_GOAL));
  prophecy = g_strdup (another_of (later, PEN_CARD_PROPHECY));
  g_assert_nonnull (prophecy);
  /* named as a Prophecy, never one in play (End of Time) */
  g_clear_pointer (&json, g_free);
  json = g_strdup_printf ("{\"action\": \"fate-reveal\", \"card\": \"%s\"}", prophecy);
  pen_test_run (game, json);
  names = pen_box_list_names_for (game, prophecy);
  g_assert_cmpuint (names->len, >, 0);
  g_assert_true (has (names, "guild-revival"));
  g_assert_false (has (names, "end-of-time"));
  for (guint i = 0; i < names->len; i++)
    g_assert_cmpint (pen_card_get_card_type (pen_catalog_lookup (pen_catalog_get_default (),
                                                                 g_ptr_array_index (names, i))),
                     ==, PEN_CARD_PROPHECY);
  g_assert_cmpint (pen_box_required_difficulty (game, prophecy), ==, 0);
  /* the stack's last card */
  pen_test_run (game, "{\"action\": \"fate-reveal\", \"card\": \"wildwood\"}");
  /* the second stack: Difficulty 3 Trials and a Prophecy, no Goal */
  next = pen_draw_another_each (game, PEN_DRAW_FATE);
  g_assert_nonnull (another_of (next, PEN_CARD_TRIAL));
  g_assert_nonnull (another_of (next, PEN_CARD_PROPHECY));
  g_assert_null (another_of (next, PEN_CARD_GOAL));
  g_clear_pointer (&json, g_free);
  json = g_strdup_printf ("{\"action\": \"fate-reveal\", \"card\": \"%s\"}",
                          another_of (next, PEN_CARD_TRIAL));
  pen_test_run (game, json);
  g_assert_cmpint (pen_box_required_difficulty (game, another_of (next, PEN_CARD_TRIAL)), ==, 3);
  /* the other draws: their one type */
  {
    g_autoptr(GPtrArray) contract = pen_draw_another_each (game, PEN_DRAW_CONTRACT);

    g_assert_cmpuint (contract->len, ==, 1);
    g_assert_nonnull (another_of (contract, PEN_CARD_CONTRACT));
  }
}

/* The ids of the face-up placeholders, as a set */
static void
note_unidentified (PenTable   *table,
                   GHashTable *shown)
{
  g_autoptr(GPtrArray) now = pen_box_list_unidentified (table);

  for (guint i = 0; i < now->len; i++)
    g_hash_table_add (shown, g_strdup (((PenCardSighting *) g_ptr_array_index (now, i))->card));
}

/* The play-tester's #3: a number the table named never comes back on another card, through
 * naming, fulfilling, refilling and naming again */
static void
test_named_number_not_shown_again (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GHashTable) named = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  PenCatalog *catalog = pen_catalog_get_default ();
  static const char * const contracts[] = {
    "lost-hut", "sorcerous-prison", "scarlet-pact", "brightshine"
  };
  PenTable *table;
  GListModel *deck;
  guint traded = 0, renamed_seen = 0, typed = 0;

  /* where the table deals (a deck is a pool: its named cards lie at no known place); app-dealt
   * play no longer trades places with its decks' cards (play finding W6) */
  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 7, "
                "\"mode\": \"physical\"}");
  table = pen_game_get_table (game);
  deck = pen_table_get_contract_deck (table);
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");

  /* until the deck runs out: name every unnamed Guild card (as a named Contract still in the
   * deck while there is one, then as a card typed in), then fulfil the leftmost cell */
  for (guint round = 0; round < 40 && g_list_model_get_n_items (deck) > 0; round++)
    {
      for (guint c = 0; c < PEN_CONTRACT_CELLS; c++)
        {
          g_autofree char *id = cell_id (table, c);
          g_autoptr(PenAction) action = NULL;
          g_autoptr(GError) error = NULL;
          g_autofree char *typed_name = NULL;
          const char *as = NULL;
          PenCard *card;

          if (!pen_card_id_is_placeholder (id))
            continue;
          /* never a number the table named before */
          g_assert_false (g_hash_table_contains (named, id));
          card = pen_catalog_lookup (catalog, id);
          g_assert_nonnull (card);
          if (pen_card_get_placeholder_number (card) > 36)
            {
              /* the box prints no such number: shown with none (S6: not "Contract 45") */
              g_assert_cmpstr (pen_card_get_name (card, "en"), ==, "Contract ? of 36");
              renamed_seen++;
            }
          for (guint k = 0; k < G_N_ELEMENTS (contracts) && as == NULL; k++)
            if (list_holds (deck, contracts[k]))
              as = contracts[k];
          /* a few typed in (each joins the user catalogue for the later tests too) */
          if (as == NULL && typed >= 3)
            continue;
          if (as == NULL)
            typed_name = g_strdup_printf ("Test Contract %u", ++typed);
          else
            traded++;
          action = pen_box_name_action (id, as, typed_name, NULL);
          if (!pen_game_submit (game, action, &error))
            g_error ("naming %s: %s", id, error->message);
          g_hash_table_add (named, g_strdup (id));
          g_assert_false (list_holds (deck, id));
          g_assert_false (list_holds (pen_table_get_contract_row (table), id));
        }
      {
        g_autoptr(GHashTable) shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                             NULL);
        GHashTableIter iter;
        gpointer key;

        note_unidentified (table, shown);
        g_hash_table_iter_init (&iter, shown);
        while (g_hash_table_iter_next (&iter, &key, NULL))
          g_assert_false (g_hash_table_contains (named, key));
      }
      {
        /* the table says what it turned up: the pool's first card */
        g_autoptr(PenTableCard) top = g_list_model_get_item (deck, 0);
        g_autofree char *take = g_strdup_printf ("{\"action\": \"contract-take\", "
                                                 "\"wizard\": 0, \"slot\": 0, \"override\": "
                                                 "true, \"reveal\": \"%s\"}",
                                                 pen_table_card_get_card_id (top));

        pen_test_run (game, take);
      }
    }
  /* named Contracts were traded from the deck (those the app had not dealt face up), and a
   * renumbered card came up */
  g_assert_cmpuint (traded, >=, 2);
  g_assert_cmpuint (renamed_seen, >, 0);
  g_assert_cmpuint (typed, >, 0);

  /* undo and redo give the same table: the new number does not depend on anything else */
  {
    g_autofree char *before = table_snapshot (table);
    g_autofree char *after = NULL;

    for (guint i = 0; i < 6; i++)
      g_assert_true (pen_game_undo (game));
    for (guint i = 0; i < 6; i++)
      g_assert_true (pen_game_redo (game, NULL));
    after = table_snapshot (table);
    g_assert_cmpstr (before, ==, after);
  }
}

/* An old log's card-identify, without "renumber", replays as it always did */
static void
test_identify_old_log_keeps_number (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenAction) action = NULL;
  g_autofree char *ph = NULL;
  PenTable *table;
  GListModel *deck;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 7}");
  table = pen_game_get_table (game);
  deck = pen_table_get_contract_deck (table);
  for (guint c = 0; c < PEN_CONTRACT_CELLS && ph == NULL; c++)
    {
      g_autofree char *id = cell_id (table, c);

      if (pen_card_id_is_placeholder (id))
        ph = g_steal_pointer (&id);
    }
  g_assert_nonnull (ph);
  if (!list_holds (deck, "lost-hut"))
    {
      g_test_skip ("Lost Hut is in the row for this seed");
      return;
    }
  /* the app's action says "renumber"; the JSON of an old log does not */
  action = pen_box_name_action (ph, "lost-hut", NULL, NULL);
  g_assert_true (json_object_get_boolean_member (pen_action_get_params (action), "renumber"));
  g_clear_object (&action);
  action = pen_box_identify_action (ph, "lost-hut", NULL, NULL);
  g_assert_false (json_object_has_member (pen_action_get_params (action), "renumber"));
  /* replayed (app-dealt play refuses it when submitted now: play finding W6) */
  g_assert_true (pen_action_apply (action, table, NULL));
  g_assert_true (list_holds (deck, ph));
}

/* The typed numbers become the action's values, only those said */
static void
test_name_action_numbers (void)
{
  PenCardNumbers numbers = PEN_CARD_NUMBERS_INIT;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *json = NULL;
  JsonObject *values;

  *pen_card_numbers_at (&numbers, "vp") = 3;
  *pen_card_numbers_at (&numbers, "difficulty") = 0;
  numbers.symbols_said = TRUE;
  numbers.symbols = 1u << PEN_SYMBOL_SOCIETY;
  action = pen_box_name_action ("contract#12", NULL, "Deep Ledger", &numbers);
  values = json_object_get_object_member (pen_action_get_params (action), "values");
  g_assert_cmpint (json_object_get_int_member (values, "vp"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (values, "difficulty"), ==, 0);
  g_assert_false (json_object_has_member (values, "threat"));
  g_assert_false (json_object_has_member (values, "light"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (values, "symbols")),
                    ==, 1);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (values,
                                                                                "symbols"), 0),
                   ==, "society");
  g_assert_cmpstr (json_object_get_string_member (pen_action_get_params (action), "as"), ==,
                   "deep-ledger");
  /* nothing said: no values at all; a named card's numbers are not a renaming */
  g_clear_object (&action);
  numbers = (PenCardNumbers) PEN_CARD_NUMBERS_INIT;
  action = pen_box_name_action ("aranea", NULL, NULL, &numbers);
  g_assert_false (json_object_has_member (pen_action_get_params (action), "values"));
  g_assert_false (json_object_has_member (pen_action_get_params (action), "renumber"));
}

/* One path of a Trial named: only that path's task and reward are sent, under the path's key,
 * and a reward not said is not sent at all (the other path's, read later, is kept beside it) */
static void
test_name_path_action (void)
{
  g_autoptr(PenTask) task = pen_task_new (PEN_TASK_DISCARD_INGREDIENTS);
  PenCardReward reward = { 0 };
  g_autoptr(PenAction) action = NULL;
  JsonObject *values, *tasks, *rewards, *dark;

  task->ingredients[PEN_INGREDIENT_CRYSTAL] = 3;
  reward.said = TRUE;
  reward.ingredients[PEN_INGREDIENT_ARCANA] = 2;
  reward.dice[PEN_COLOR_PURPLE] = 1;
  action = pen_box_name_path_action ("scrollers", PEN_PATH_DARK, task, &reward);
  g_assert_cmpstr (json_object_get_string_member (pen_action_get_params (action), "card"), ==,
                   "scrollers");
  values = json_object_get_object_member (pen_action_get_params (action), "values");
  tasks = json_object_get_object_member (values, "task");
  g_assert_false (json_object_has_member (tasks, "light"));
  dark = json_object_get_object_member (tasks, "dark");
  g_assert_cmpstr (json_object_get_string_member (dark, "kind"), ==, "discard-ingredients");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (dark,
                                                                              "ingredients"),
                                               "crystal"), ==, 3);
  rewards = json_object_get_object_member (values, "reward");
  g_assert_false (json_object_has_member (rewards, "light"));
  dark = json_object_get_object_member (rewards, "dark");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (dark,
                                                                              "ingredients"),
                                               "arcana"), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (dark, "dice"),
                                                  0), ==, "purple");

  /* the reward not said: the task alone */
  g_clear_object (&action);
  reward.said = FALSE;
  action = pen_box_name_path_action ("scrollers", PEN_PATH_LIGHT, task, &reward);
  values = json_object_get_object_member (pen_action_get_params (action), "values");
  g_assert_true (json_object_has_member (json_object_get_object_member (values, "task"),
                                         "light"));
  g_assert_false (json_object_has_member (values, "reward"));
}

/* Physical: "another card" in each Guild picker is an unnamed Contract the core takes where
 * the picker puts it (an empty cell, the deck's top three for a Bind), to be named there */
static void
test_guild_another_accepted (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GPtrArray) open = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *json = NULL;
  g_autoptr(GPtrArray) candidates = NULL;

  start_physical (game, FALSE);
  candidates = pen_draw_candidates (game, PEN_DRAW_CONTRACT);
  g_assert_true (has (candidates, "lost-hut"));
  /* an empty cell filled with a card the catalogue cannot name */
  first = pen_draw_another (game, PEN_CARD_CONTRACT);
  g_assert_nonnull (first);
  json = g_strdup_printf ("{\"action\": \"correct\", \"target\": \"contract_row[0].id\", "
                          "\"value\": \"%s\"}", first);
  pen_test_run (game, json);
  /* the next "another card" is a fresh one */
  second = pen_draw_another (game, PEN_CARD_CONTRACT);
  g_assert_nonnull (second);
  g_assert_cmpstr (first, !=, second);
  /* reserved from the deck's top three (Bind), on Ann's Study turn */
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": "
                "\"blood\"}");
  g_clear_pointer (&json, g_free);
  /* (no City placement made: the table overrules Bind's "once per placement in the City") */
  json = g_strdup_printf ("{\"action\": \"contract-reserve\", \"override\": true, "
                          "\"wizard\": 0, \"card\": \"%s\"}", second);
  pen_test_run (game, json);
  open = pen_box_list_unidentified (pen_game_get_table (game));
  g_assert_cmpuint (open->len, ==, 2);
  g_assert_cmpstr (((PenCardSighting *) g_ptr_array_index (open, 0))->card, ==, first);
  g_assert_cmpstr (((PenCardSighting *) g_ptr_array_index (open, 0))->where, ==,
                   "contract-row");
  g_assert_cmpstr (((PenCardSighting *) g_ptr_array_index (open, 1))->card, ==, second);
  /* Lost Hut put in a cell is no longer a candidate */
  g_clear_pointer (&json, g_free);
  pen_test_run (game, "{\"action\": \"correct\", \"target\": \"contract_row[1].id\", "
                "\"value\": \"lost-hut\"}");
  g_clear_pointer (&candidates, g_ptr_array_unref);
  candidates = pen_draw_candidates (game, PEN_DRAW_CONTRACT);
  g_assert_false (has (candidates, "lost-hut"));
}

/* Physical: a Contract the table laid in the row at set-up stays in the deck's pool; discarded
 * at the end of a Rest, it is out of the game and never offered as the next card turned up
 * (play finding R14: Brightshine offered again right after it was discarded); so is one the
 * log turned up since and the row discarded. The table the log gives is unchanged (saves made
 * before still open). */
static void
test_guild_discarded_not_offered (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GPtrArray) candidates = NULL;
  PenTable *table;

  /* as the set-up assistant records it: the Contracts the table laid in the Guild, and the
   * pool of the deck, which still lists them */
  pen_test_run (game, "{\"action\": \"new-game\", \"mode\": \"physical\", "
                "\"players\": [\"Ann\", \"Bo\"], \"setup\": {\"trial_row\": [\"goldeater\", "
                "\"scrollers\"], \"prophecies\": [\"end-of-time\"], "
                "\"contract_row\": [\"sorcerous-prison\", null, null, \"lost-hut\"], "
                "\"contract_deck\": [\"lost-hut\", \"brightshine\", \"scarlet-pact\", "
                "\"sorcerous-prison\"], "
                "\"fate_deck\": [null, null, null, null, null, null, null, null]}}");
  table = pen_game_get_table (game);
  candidates = pen_draw_candidates (game, PEN_DRAW_CONTRACT);
  g_assert_false (has (candidates, "lost-hut"));
  /* a Rest: its end discards the rightmost Contract, Lost Hut */
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  pen_test_run (game, "{\"action\": \"turn-end\", \"reveal\": \"wildwood\", "
                "\"contract\": \"scarlet-pact\"}");
  g_assert_false (list_holds (pen_table_get_contract_row (table), "lost-hut"));
  g_clear_pointer (&candidates, g_ptr_array_unref);
  candidates = pen_draw_candidates (game, PEN_DRAW_CONTRACT);
  g_assert_false (has (candidates, "lost-hut"));
  /* the others the deck may hold still are */
  g_assert_true (has (candidates, "brightshine"));
}

/* Physical play: a Contract the set-up laid in the Guild and the row then discarded is not
 * a name the naming dialog offers for a card turned up later (T7), nor a possible name */
static void
test_guild_discarded_not_named (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GPtrArray) possible = NULL;
  PenTable *table;

  pen_test_run (game, "{\"action\": \"new-game\", \"mode\": \"physical\", "
                "\"players\": [\"Ann\", \"Bo\"], \"setup\": {\"trial_row\": [\"goldeater\", "
                "\"scrollers\"], \"prophecies\": [\"end-of-time\"], "
                "\"contract_row\": [\"sorcerous-prison\", \"contract#12\", null, \"lost-hut\"], "
                "\"contract_deck\": [\"lost-hut\", \"brightshine\", \"scarlet-pact\", "
                "\"sorcerous-prison\"], "
                "\"fate_deck\": [null, null, null, null, null, null, null, null]}}");
  table = pen_game_get_table (game);
  /* a Rest: its end discards the rightmost Contract, Lost Hut */
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  pen_test_run (game, "{\"action\": \"turn-end\", \"reveal\": \"wildwood\", "
                "\"contract\": \"scarlet-pact\"}");
  g_assert_false (list_holds (pen_table_get_contract_row (table), "lost-hut"));
  /* the unnamed Guild card, to be named now */
  g_assert_true (list_holds (pen_table_get_contract_row (table), "contract#12"));
  names = pen_box_list_names_for (game, "contract#12");
  g_assert_false (has (names, "lost-hut"));
  g_assert_false (has (names, "sorcerous-prison"));
  g_assert_true (has (names, "brightshine"));
  possible = pen_box_list_possible_names (game, PEN_CARD_CONTRACT);
  g_assert_false (has (possible, "lost-hut"));
  g_assert_true (has (possible, "brightshine"));
}

/* Physical play: naming the Guild's unnamed card as a Contract the row discarded (out of the
 * game) is refused by rule card-still-possible, the table unchanged; "Do It Anyway" takes it
 * and the log records the override (issue 9: it was accepted and traded places with the
 * deck's pool) */
static void
test_out_of_game_name_refused (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PenAction) named = NULL;
  GArray *overrides;
  const char *json = "{\"action\": \"card-identify\", \"card\": \"contract#12\", "
                     "\"as\": \"lost-hut\"}";
  PenTable *table;

  pen_test_run (game, "{\"action\": \"new-game\", \"mode\": \"physical\", "
                "\"players\": [\"Ann\", \"Bo\"], \"setup\": {\"trial_row\": [\"goldeater\", "
                "\"scrollers\"], \"prophecies\": [\"end-of-time\"], "
                "\"contract_row\": [\"sorcerous-prison\", \"contract#12\", null, \"lost-hut\"], "
                "\"contract_deck\": [\"lost-hut\", \"brightshine\", \"scarlet-pact\", "
                "\"sorcerous-prison\"], "
                "\"fate_deck\": [null, null, null, null, null, null, null, null]}}");
  table = pen_game_get_table (game);
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  pen_test_run (game, "{\"action\": \"turn-end\", \"reveal\": \"wildwood\", "
                "\"contract\": \"scarlet-pact\"}");
  g_assert_false (list_holds (pen_table_get_contract_row (table), "lost-hut"));
  g_assert_cmpstr (pen_box_name_impossible (game, "contract#12", "lost-hut"), ==,
                   "out-of-game");
  g_assert_null (pen_box_name_impossible (game, "contract#12", "brightshine"));
  submit_refused (game, json, "lost-hut is out of the game");
  g_assert_false (pen_game_submit_json (game, json, &error));
  g_assert_cmpint (pen_rule_from_error (error), ==, PEN_RULE_CARD_STILL_POSSIBLE);
  g_assert_nonnull (strstr (error->message, "card-still-possible"));
  g_assert_true (list_holds (pen_table_get_contract_row (table), "contract#12"));
  /* the table overrules (a card it misread earlier): taken, the override in the log */
  pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"contract#12\", "
                "\"as\": \"lost-hut\", \"override\": true}");
  g_assert_true (list_holds (pen_table_get_contract_row (table), "lost-hut"));
  named = g_list_model_get_item (pen_game_get_history (game), pen_game_get_position (game) - 1);
  g_assert_cmpstr (json_object_get_string_member (pen_action_get_params (named), "as_gone"), ==,
                   "out-of-game");
  overrides = pen_action_get_overrides (named);
  g_assert_nonnull (overrides);
  g_assert_cmpuint (overrides->len, ==, 1);
  g_assert_cmpuint (g_array_index (overrides, guint, 0), ==, PEN_RULE_CARD_STILL_POSSIBLE);
}

/* Play finding Z7: a name typed for a placeholder that the catalogue knows for a card of
 * its type (any case, English or Russian) is that card, not a new one: the action names it by
 * its id, and a card no longer possible is refused by rule card-still-possible */
static void
test_typed_known_name (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PenAction) typed = NULL;
  g_autoptr(PenAction) russian = NULL;
  g_autoptr(PenAction) gone = NULL;
  g_autoptr(PenAction) fresh = NULL;
  g_autoptr(PenAction) other_type = NULL;
  PenCatalog *catalog = pen_catalog_get_default ();
  PenTable *table;
  JsonObject *params;

  const struct { const char *card, *name, *id; } known[] = {
    { "contract#12", "  BRIGHTSHINE ", "brightshine" },
    { "contract#12", "блескорог", "brightshine" },
    /* Goldeater is a Trial: no Contract of that name */
    { "contract#12", "Goldeater", NULL },
    { "trial#17", "goldEATER", "goldeater" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    {
      g_autofree char *id = pen_box_known_card_named (catalog, known[i].card, known[i].name);

      g_assert_cmpstr (id, ==, known[i].id);
    }

  typed = pen_box_name_action ("contract#12", NULL, "brightShine", NULL);
  params = pen_action_get_params (typed);
  g_assert_cmpstr (json_object_get_string_member (params, "as"), ==, "brightshine");
  g_assert_false (json_object_has_member (params, "entry"));
  russian = pen_box_name_action ("contract#12", NULL, "Блескорог", NULL);
  g_assert_cmpstr (json_object_get_string_member (pen_action_get_params (russian), "as"), ==,
                   "brightshine");
  other_type = pen_box_name_action ("contract#12", NULL, "Goldeater", NULL);
  g_assert_true (json_object_has_member (pen_action_get_params (other_type), "entry"));
  g_assert_cmpstr (json_object_get_string_member (pen_action_get_params (other_type), "as"), !=,
                   "goldeater");

  pen_test_run (game, "{\"action\": \"new-game\", \"mode\": \"physical\", "
                "\"players\": [\"Ann\", \"Bo\"], \"setup\": {\"trial_row\": [\"goldeater\", "
                "\"scrollers\"], \"prophecies\": [\"end-of-time\"], "
                "\"contract_row\": [\"sorcerous-prison\", \"contract#12\", null, \"lost-hut\"], "
                "\"contract_deck\": [\"lost-hut\", \"brightshine\", \"scarlet-pact\", "
                "\"sorcerous-prison\"], "
                "\"fate_deck\": [null, null, null, null, null, null, null, null]}}");
  table = pen_game_get_table (game);
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  pen_test_run (game, "{\"action\": \"turn-end\", \"reveal\": \"wildwood\", "
                "\"contract\": \"scarlet-pact\"}");
  /* Lost Hut is out of the game: typed, it is refused as the picker would never offer it */
  gone = pen_box_name_action ("contract#12", NULL, "LOST HUT", NULL);
  g_assert_cmpstr (json_object_get_string_member (pen_action_get_params (gone), "as"), ==,
                   "lost-hut");
  g_assert_false (pen_game_submit (game, gone, &error));
  g_assert_cmpint (pen_rule_from_error (error), ==, PEN_RULE_CARD_STILL_POSSIBLE);
  g_assert_true (list_holds (pen_table_get_contract_row (table), "contract#12"));
  g_clear_error (&error);
  /* Brightshine is still possible: typed in Russian, it is that card */
  fresh = pen_box_name_action ("contract#12", NULL, "блескорог", NULL);
  g_assert_true (pen_game_submit (game, fresh, &error));
  g_assert_no_error (error);
  g_assert_true (list_holds (pen_table_get_contract_row (table), "brightshine"));
  g_assert_false (list_holds (pen_table_get_contract_row (table), "contract#12"));
}

/* Physical play, a Fate deck not built by the rules: a Trial turned up from it is never one
 * of the Difficulty 1 Trials the set-up set aside (Setup › Starting row): refused by rule
 * card-still-possible; a Trial of another difficulty is taken */
static void
test_set_aside_name_refused (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *trial = NULL;
  g_autofree char *reveal = NULL;
  g_autofree char *json = NULL;

  pen_test_run (game, "{\"action\": \"new-game\", \"mode\": \"physical\", "
                "\"players\": [\"Ann\", \"Bo\"], \"setup\": {\"trial_row\": [\"goldeater\", "
                "\"scrollers\"], \"prophecies\": [\"end-of-time\"], "
                "\"contract_row\": [null, null, null, null], "
                "\"fate_deck\": [null, null, null, null, null, null, null, null]}}");
  trial = pen_draw_another (game, PEN_CARD_TRIAL);
  g_assert_nonnull (trial);
  reveal = g_strdup_printf ("{\"action\": \"fate-reveal\", \"override\": true, "
                            "\"card\": \"%s\"}", trial);
  pen_test_run (game, reveal);
  g_assert_cmpstr (pen_box_name_impossible (game, trial, "gloomy-lady"), ==, "set-aside");
  g_assert_null (pen_box_name_impossible (game, trial, "basilisk"));
  json = g_strdup_printf ("{\"action\": \"card-identify\", \"card\": \"%s\", "
                          "\"as\": \"gloomy-lady\"}", trial);
  submit_refused (game, json, "set aside at set-up");
  g_assert_false (pen_game_submit_json (game, json, &error));
  g_assert_cmpint (pen_rule_from_error (error), ==, PEN_RULE_CARD_STILL_POSSIBLE);
  g_clear_pointer (&json, g_free);
  json = g_strdup_printf ("{\"action\": \"card-identify\", \"card\": \"%s\", "
                          "\"as\": \"basilisk\"}", trial);
  pen_test_run (game, json);
  g_assert_true (list_holds (pen_table_get_trial_row (pen_game_get_table (game)), "basilisk"));
}

/* A Trial of the starting row the table did not read out at set-up is a placeholder of
 * Difficulty 1 (play finding X9): its names are the Difficulty 1 Trials still possible, a
 * name of another difficulty is refused by rule stack-difficulty, and it changes nothing the
 * Fate picker offers (no Difficulty 1 Trial; the first stack's count of Trials) */
static void
test_row_placeholder_difficulty (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenGame) named = pen_game_new ();
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GPtrArray) fate = NULL;
  g_autoptr(GPtrArray) fate_named = NULL;
  g_autoptr(GPtrArray) another = NULL;
  g_autoptr(GError) error = NULL;
  GString *deck = g_string_new (NULL);
  g_autofree char *deck_str = NULL;
  g_autofree char *json = NULL;
  g_autofree char *json_named = NULL;

  for (guint i = 0; i < 12; i++)
    g_string_append (deck, i ? ", null" : "null");
  deck_str = g_string_free (deck, FALSE);
  json = g_strdup_printf ("{\"action\": \"new-game\", \"mode\": \"physical\", "
                          "\"players\": [\"Ann\", \"Bo\"], \"setup\": {\"trial_row\": "
                          "[\"trial#17\", \"scrollers\"], \"prophecies\": [\"end-of-time\"], "
                          "\"contract_row\": [null, null, null, null], \"fate_deck\": [%s]}}",
                          deck_str);
  json_named = g_strdup_printf ("{\"action\": \"new-game\", \"mode\": \"physical\", "
                                "\"players\": [\"Ann\", \"Bo\"], \"setup\": {\"trial_row\": "
                                "[\"goldeater\", \"scrollers\"], \"prophecies\": "
                                "[\"end-of-time\"], \"contract_row\": [null, null, null, null], "
                                "\"fate_deck\": [%s]}}", deck_str);
  pen_test_run (game, json);
  pen_test_run (named, json_named);
  g_assert_cmpint (pen_box_required_difficulty (game, "trial#17"), ==, 1);
  names = pen_box_list_names_for (game, "trial#17");
  g_assert_true (has (names, "goldeater"));
  g_assert_true (has (names, "gloomy-lady"));
  g_assert_false (has (names, "scrollers"));
  g_assert_false (has (names, "wildwood"));
  /* the Fate deck's picker is the same as with a named row: the same Trials of Difficulty 2,
   * no Difficulty 1 one, an unnamed Trial still offered */
  fate = pen_draw_candidates (game, PEN_DRAW_FATE);
  fate_named = pen_draw_candidates (named, PEN_DRAW_FATE);
  g_assert_false (has (fate, "goldeater"));
  g_assert_false (has (fate, "gloomy-lady"));
  g_assert_true (has (fate, "wildwood"));
  for (guint i = 0; i < fate_named->len; i++)
    if (!g_str_equal (g_ptr_array_index (fate_named, i), "goldeater"))
      g_assert_true (has (fate, g_ptr_array_index (fate_named, i)));
  another = pen_draw_another_each (game, PEN_DRAW_FATE);
  g_assert_true (has (another, "trial#18"));
  /* named with another difficulty: refused by the row's rule */
  g_assert_false (pen_game_submit_json (game, "{\"action\": \"card-identify\", "
                                        "\"card\": \"trial#17\", \"as\": \"wildwood\"}",
                                        &error));
  g_assert_cmpint (pen_rule_from_error (error), ==, PEN_RULE_STACK_DIFFICULTY);
  pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"trial#17\", "
                "\"as\": \"gloomy-lady\"}");
  g_assert_true (list_holds (pen_table_get_trial_row (pen_game_get_table (game)),
                             "gloomy-lady"));
}

/* A save from before a Bind recorded the Contracts it put at the bottom ("bottom"): loaded,
 * an app-dealt game gives the same record and the same names (the app dealt the deck, the
 * replay puts the same two at the bottom), and a physical one, which has no record, says
 * nothing about them: they stay possible names (unknown), never refused */
static void
test_old_save_bind_bottom (void)
{
  for (guint physical = 0; physical < 2; physical++)
    {
      g_autoptr(PenGame) game = pen_game_new ();
      g_autoptr(PenGame) loaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(JsonGenerator) gen = json_generator_new ();
      g_autoptr(GPtrArray) names = NULL;
      g_autoptr(GPtrArray) names_loaded = NULL;
      g_autofree char *data = NULL;
      g_autofree char *old = NULL;
      g_autofree char *json = g_strdup_printf (
        "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 3, %s"
        "\"setup\": {\"trial_row\": [\"goldeater\", \"scrollers\"], "
        "\"prophecies\": [\"end-of-time\"], \"fate_deck\": [\"wildwood\", \"aranea\"], "
        "\"contract_row\": [\"contract#30\", \"contract#31\", \"contract#32\", "
        "\"contract#33\"], \"contract_deck\": [\"lost-hut\", \"sorcerous-prison\", "
        "\"scarlet-pact\", \"brightshine\", \"contract#34\"]}}",
        physical ? "\"mode\": \"physical\", " : "");
      JsonArray *log;
      guint stripped = 0;

      pen_test_run (game, json);
      pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, "
                    "\"ingredient\": \"blood\"}");
      pen_test_run (game, "{\"action\": \"contract-reserve\", \"override\": true, "
                    "\"wizard\": 0, \"card\": \"lost-hut\"}");
      names = pen_box_list_names_for (game, "contract#30");
      /* as an old save holds it: no "bottom" in any action */
      data = pen_game_to_data (game);
      g_assert_true (json_parser_load_from_data (parser, data, -1, NULL));
      log = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                          "log");
      for (guint i = 0; i < json_array_get_length (log); i++)
        {
          JsonObject *a = json_array_get_object_element (log, i);

          if (json_object_has_member (a, "bottom"))
            {
              json_object_remove_member (a, "bottom");
              stripped++;
            }
        }
      g_assert_cmpuint (stripped, ==, physical ? 0 : 1);
      json_generator_set_root (gen, json_parser_get_root (parser));
      old = json_generator_to_data (gen, NULL);
      loaded = pen_game_load_from_data (old, strlen (old), &error);
      g_assert_no_error (error);
      g_assert_nonnull (loaded);
      names_loaded = pen_box_list_names_for (loaded, "contract#30");
      g_assert_cmpuint (names_loaded->len, ==, names->len);
      for (guint i = 0; i < names->len; i++)
        g_assert_cmpstr (g_ptr_array_index (names_loaded, i), ==, g_ptr_array_index (names, i));
      if (physical)
        {
          /* nothing known of the two: possible, and naming one is not refused */
          g_assert_true (has (names_loaded, "sorcerous-prison"));
          g_assert_false (pen_box_card_placed (loaded, "sorcerous-prison"));
          g_assert_null (pen_box_name_impossible (loaded, "contract#30", "sorcerous-prison"));
        }
      else
        {
          g_assert_false (has (names_loaded, "sorcerous-prison"));
          g_assert_true (pen_box_card_placed (loaded, "sorcerous-prison"));
        }
    }
}

/* Physical play: a Contract deck that holds every unnamed Contract (the pool the set-up lays
 * out) still lets the table say "another card" for the Guild's refill: one of the pool's, which
 * the reveal takes out of the deck, and the next refill gets another one */
static void
test_another_from_pool (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GString) json = g_string_new ("{\"action\": \"new-game\", \"mode\": "
                                          "\"physical\", \"players\": [\"Ann\", \"Bo\"], "
                                          "\"setup\": {\"trial_row\": [\"goldeater\"], "
                                          "\"prophecies\": [\"end-of-time\"], "
                                          "\"contract_row\": [null, null, null, null], "
                                          "\"fate_deck\": [null, null, null, null, null, null, "
                                          "null, null, null, null, null, null], "
                                          "\"contract_deck\": [");
  int box = pen_catalog_get_box_count (pen_catalog_get_default (), PEN_CARD_CONTRACT);
  g_autoptr(GPtrArray) named = pen_catalog_list_by_type (pen_catalog_get_default (),
                                                         PEN_CARD_CONTRACT);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *end = NULL;
  PenTable *table;

  g_assert_cmpint (box, >, (int) named->len + 1);
  for (int n = (int) named->len + 1; n <= box; n++)
    {
      g_autofree char *id = pen_card_placeholder_id (PEN_CARD_CONTRACT, n);

      g_string_append_printf (json, "%s\"%s\"", n > (int) named->len + 1 ? ", " : "", id);
    }
  g_string_append (json, "]}}");
  pen_test_run (game, json->str);
  table = pen_game_get_table (game);

  first = pen_draw_another (game, PEN_CARD_CONTRACT);
  g_assert_nonnull (first);
  g_assert_true (list_holds (pen_table_get_contract_deck (table), first));
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  end = g_strdup_printf ("{\"action\": \"turn-end\", \"reveal\": \"heroism\", "
                         "\"contract\": \"%s\"}", first);
  pen_test_run (game, end);
  g_assert_true (list_holds (pen_table_get_contract_row (table), first));
  g_assert_false (list_holds (pen_table_get_contract_deck (table), first));

  second = pen_draw_another (game, PEN_CARD_CONTRACT);
  g_assert_nonnull (second);
  g_assert_cmpstr (second, !=, first);
}

/* Artifacts › Tomes: a Tome is an Artifact without an Equipment symbol. An unnamed Artifact may
 * be named as one and the Shop sells it; an unnamed Discipline card may not, and no Class
 * market takes one (play finding P5) */
static void
test_tome_is_artifact (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GPtrArray) as_artifact = NULL, as_discipline = NULL;
  g_autoptr(GError) error = NULL;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], "
                "\"seed\": 2}");
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"artifact#31\"}");
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 0, "
                "\"card\": \"discipline#95\"}");
  as_artifact = pen_box_list_names_for (game, "artifact#31");
  as_discipline = pen_box_list_names_for (game, "discipline#95");
  g_assert_true (has (as_artifact, "manual-of-good-manners"));
  g_assert_false (has (as_discipline, "manual-of-good-manners"));
  g_assert_false (pen_box_is_discipline_kind (PEN_CARD_TOME));
  g_assert_true (pen_box_is_artifact_kind (PEN_CARD_TOME));
  for (int d = 0; d < PEN_MARK_SPARK; d++)
    g_assert_false (pen_setup_draft_class_card_fits (d, "manual-of-good-manners"));
  /* named as the Tome it is */
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"card-identify\", \"card\": "
                                       "\"artifact#31\", \"as\": \"manual-of-good-manners\"}",
                                       &error));
  g_assert_no_error (error);
}

/* Scoring 4 counts the experience symbols of Tomes: an Artifact bought in the Shop and never
 * named may be one, so the end sheet asks for it wherever it lies (play finding A2); a named
 * Artifact of Equipment has none to ask */
static void
test_unknown_artifact_asked (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GPtrArray) list = NULL, after = NULL;
  gboolean placeholder = FALSE;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], "
                "\"seed\": 2}");
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 1, "
                "\"card\": \"artifact#13\", \"zone\": \"inventory\"}");
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": "
                "\"radiant-staff\"}");
  list = pen_box_list_unknown_numbers (pen_game_get_table (game));
  for (guint i = 0; i < list->len; i++)
    {
      PenCardSighting *s = g_ptr_array_index (list, i);

      g_assert_cmpstr (s->card, !=, "radiant-staff");
      if (g_str_equal (s->card, "artifact#13"))
        {
          placeholder = TRUE;
          g_assert_cmpint (s->wizard, ==, 1);
          g_assert_cmpstr (s->where, ==, "inventory");
          g_assert_true (g_strv_contains ((const char * const *) s->missing, "symbols"));
        }
    }
  g_assert_true (placeholder);
  /* named as the Tome it was, it counts where a Tome is kept and is asked no more */
  pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"artifact#13\", "
                "\"as\": \"manual-of-good-manners\"}");
  after = pen_box_list_unknown_numbers (pen_game_get_table (game));
  for (guint i = 0; i < after->len; i++)
    {
      PenCardSighting *s = g_ptr_array_index (after, i);

      g_assert_cmpstr (s->card, !=, "artifact#13");
      g_assert_cmpstr (s->card, !=, "manual-of-good-manners");
    }
}

/* An Artifact bought in the Shop lies in the Inventory until named; named at the end sheet as
 * the Tome it was, its experience symbol counts in Scoring 4 wherever it lies ("Tomes ... are
 * kept in the experience zone"), and for the tasks that ask for experience (play finding E1:
 * the end sheet asked for it, the score left it out) */
static void
test_unknown_artifact_tome_counts (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenScoreSheet) before = NULL, after = NULL;
  PenScoreResult *bo;
  PenWizard *wizard;
  guint symbols[PEN_N_SYMBOLS];

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], "
                "\"seed\": 2}");
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 1, "
                "\"card\": \"artifact#13\", \"zone\": \"inventory\"}");
  wizard = pen_table_get_wizard (pen_game_get_table (game), 1);
  pen_turn_count_experience (wizard, symbols);
  g_assert_cmpuint (symbols[PEN_SYMBOL_SOCIETY], ==, 0);
  before = pen_show_score (pen_game_get_table (game));
  bo = g_ptr_array_index (before->results, 1);
  g_assert_cmpint (bo->points[PEN_SCORE_EXPERIENCE], ==, 0);

  pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"artifact#13\", "
                "\"as\": \"manual-of-good-manners\"}");
  pen_turn_count_experience (wizard, symbols);
  g_assert_cmpuint (symbols[PEN_SYMBOL_SOCIETY], ==, 1);
  after = pen_show_score (pen_game_get_table (game));
  bo = g_ptr_array_index (after->results, 1);
  g_assert_cmpuint (bo->symbols[PEN_SYMBOL_SOCIETY], ==, 1);
  g_assert_cmpint (bo->points[PEN_SCORE_EXPERIENCE], ==, 1);
}

/* A reward in words puts each amount in its own plural form: "1 Crystal", not "1 Crystals"
 * (the Guild's place dialog after a Contract is named) */
static void
test_reward_describe_plurals (void)
{
  PenCardReward reward = { TRUE, };
  g_autofree char *one = NULL, *more = NULL;

  reward.ingredients[PEN_INGREDIENT_CRYSTAL] = 1;
  reward.ingredients[PEN_INGREDIENT_ARCANA] = 1;
  reward.dice[PEN_COLOR_RED] = 1;
  one = pen_card_reward_describe (&reward);
  g_assert_cmpstr (one, ==, "1 Crystal, 1 Arcana, 1 Red die");
  reward.ingredients[PEN_INGREDIENT_CRYSTAL] = 2;
  reward.dice[PEN_COLOR_RED] = 2;
  more = pen_card_reward_describe (&reward);
  g_assert_cmpstr (more, ==, "2 Crystals, 1 Arcana, 2 Red dice");
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  tmp_dir = game_test_init (&argc, &argv);
  g_test_add_func ("/penumbra/box/another-from-pool", test_another_from_pool);
  g_test_add_func ("/penumbra/box/out-of-game-name-refused", test_out_of_game_name_refused);
  g_test_add_func ("/penumbra/box/typed-known-name", test_typed_known_name);
  g_test_add_func ("/penumbra/box/set-aside-name-refused", test_set_aside_name_refused);
  g_test_add_func ("/penumbra/box/row-placeholder-difficulty", test_row_placeholder_difficulty);
  g_test_add_func ("/penumbra/box/old-save-bind-bottom", test_old_save_bind_bottom);
  g_test_add_func ("/penumbra/box/reward-describe-plurals", test_reward_describe_plurals);
  g_test_add_func ("/penumbra/box/name-path-action", test_name_path_action);
  g_test_add_func ("/penumbra/box/app-dealt-placeholders", test_app_dealt_placeholders);
  g_test_add_func ("/penumbra/box/identify-swaps-with-deck", test_identify_swaps_with_deck);
  g_test_add_func ("/penumbra/box/market-refill", test_market_refill);
  g_test_add_func ("/penumbra/box/identify-setup-rule", test_identify_setup_rule);
  g_test_add_func ("/penumbra/box/unknown-numbers", test_unknown_numbers);
  g_test_add_func ("/penumbra/box/fate-picker-physical", test_fate_picker_physical);
  g_test_add_func ("/penumbra/box/other-pickers", test_other_pickers);
  g_test_add_func ("/penumbra/box/fate-picker-app", test_fate_picker_app);
  g_test_add_func ("/penumbra/box/user-card-id", test_user_card_id);
  g_test_add_func ("/penumbra/box/possible-names", test_possible_names);
  g_test_add_func ("/penumbra/box/bind-bottom-not-named", test_bind_bottom_not_named);
  g_test_add_func ("/penumbra/box/dealt-deck-not-named", test_dealt_deck_not_named);
  g_test_add_func ("/penumbra/box/cli-cards-index-names", test_cli_cards_index_names);
  g_test_add_func ("/penumbra/box/setup-bottom-not-named", test_setup_bottom_not_named);
  g_test_add_func ("/penumbra/box/unidentified-where", test_unidentified_where);
  g_test_add_func ("/penumbra/box/cli-bind-bottom", test_cli_bind_bottom);
  g_test_add_func ("/penumbra/box/names-for", test_names_for);
  g_test_add_func ("/penumbra/box/trial-path-unknown", test_trial_path_unknown);
  g_test_add_func ("/penumbra/box/rival-trial-replays", test_rival_trial_replays);
  g_test_add_func ("/penumbra/box/score-names", test_score_names);
  g_test_add_func ("/penumbra/box/another-fate-types", test_another_fate_types);
  g_test_add_func ("/penumbra/box/identify-old-log-keeps-number",
                   test_identify_old_log_keeps_number);
  g_test_add_func ("/penumbra/box/name-action-numbers", test_name_action_numbers);
  g_test_add_func ("/penumbra/box/guild-another-accepted", test_guild_another_accepted);
  g_test_add_func ("/penumbra/box/guild-discarded-not-named",
                   test_guild_discarded_not_named);
  g_test_add_func ("/penumbra/box/guild-discarded-not-offered",
                   test_guild_discarded_not_offered);
  g_test_add_func ("/penumbra/box/tome-is-artifact", test_tome_is_artifact);
  g_test_add_func ("/penumbra/box/unknown-artifact-asked", test_unknown_artifact_asked);
  g_test_add_func ("/penumbra/box/unknown-artifact-tome-counts",
                   test_unknown_artifact_tome_counts);
  /* last: it adds Contracts to the user catalogue */
  g_test_add_func ("/penumbra/box/named-number-not-shown-again",
                   test_named_number_not_shown_again);
  ret = g_test_run ();
  pen_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return ret;
}
