/* test-whole-game.c: whole games through PenGame, from new-game to the final score, playing
 * by the turn rules: Study turns at the Guild, Trials under Rift with the dice chosen before
 * the roll, Mortal Wounds ending the turn, Rests, an override and undo in the middle —
 * 2 players app-dealt, 3 players physical with a rule-built deck, and a solo game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "game-test-common.h"
#include "pen-show.h"
#include "pen-solo-sim.h"

typedef struct
{
  PenGame  *game;
  PenTable *table;
  guint     contracts;
  guint     trials;
  guint     failed;
  guint     wounds;
  guint     rests;
  guint     refusals;
  guint     overrides;
  guint     undos;
} Play;

/* Submits json; in a physical game the table's faces come with it (as the app asks) */
static gboolean
try_submit (Play        *p,
            const char  *json,
            GError     **error)
{
  g_autofree char *full = NULL;

  if (pen_table_get_table_rolls (p->table))
    {
      g_autoptr(JsonNode) node = pen_json_parse (json, -1, NULL);
      g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", NULL);
      g_autoptr(GArray) rolls = action ? pen_action_list_rolls (action, p->table, NULL) : NULL;

      if (rolls != NULL && rolls->len > 0)
        {
          /* and without them it is refused, so the app must ask */
          g_autoptr(GError) local = NULL;

          g_assert_false (pen_game_submit_json (p->game, json, &local));
          g_assert_error (local, PEN_ERROR, PEN_ERROR_NEEDS_FACES);
          full = with_faces (p->table, json, 1 + pen_table_get_turn (p->table) % 6);
          json = full;
        }
    }
  return pen_game_submit_json (p->game, json, error);
}

static void
submit (Play       *p,
        const char *json)
{
  g_autoptr(GError) error = NULL;

  if (!try_submit (p, json, &error))
    g_error ("refused: %s: %s", json, error->message);
}

static void
submitf (Play       *p,
         const char *format,
         ...) G_GNUC_PRINTF (2, 3);

static void
submitf (Play       *p,
         const char *format,
         ...)
{
  g_autofree char *json = NULL;
  va_list args;

  va_start (args, format);
  json = g_strdup_vprintf (format, args);
  va_end (args);
  submit (p, json);
}

/* json is refused by rule */
static void
refused (Play       *p,
         const char *json,
         PenRule     rule)
{
  g_autoptr(GError) error = NULL;
  guint position = pen_game_get_position (p->game);

  g_assert_false (try_submit (p, json, &error));
  g_assert_error (error, PEN_RULE_ERROR, rule);
  g_assert_cmpuint (pen_game_get_position (p->game), ==, position);
  p->refusals++;
}

static guint
n_supply (PenWizard *w)
{
  return g_list_model_get_n_items (pen_wizard_get_supply (w));
}

/* The rightmost Guild cell holding a known contract, or -1 */
static int
known_contract (PenTable *table)
{
  GListModel *row = pen_table_get_contract_row (table);

  for (int s = PEN_CONTRACT_CELLS - 1; s >= 0; s--)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (row, s);
      if (pen_table_card_get_card_id (tc) != NULL)
        return s;
    }
  return -1;
}

static gboolean
first_trial_known (PenTable *table)
{
  GListModel *row = pen_table_get_trial_row (table);
  g_autoptr(PenTableCard) tc = NULL;

  if (g_list_model_get_n_items (row) == 0)
    return FALSE;
  tc = g_list_model_get_item (row, 0);
  return pen_table_card_get_card_id (tc) != NULL;
}

static void
end_turn (Play *p)
{
  PenTable *table = p->table;
  GListModel *deck = pen_table_get_fate_deck (table);
  g_autoptr(GString) json = g_string_new ("{\"action\": \"turn-end\"");

  if (pen_table_get_turn_kind (table) != PEN_TURN_STUDY && g_list_model_get_n_items (deck) > 0)
    {
      g_autoptr(PenTableCard) top = g_list_model_get_item (deck, 0);
      const char *id = pen_table_card_get_card_id (top);

      if (id == NULL)
        id = pen_solo_sim_pick_fate (table);
      if (id != NULL)
        g_string_append_printf (json, ", \"reveal\": \"%s\"", id);
      if (pen_table_get_physical (table) && pen_solo_sim_pick_contract (table) != NULL)
        g_string_append_printf (json, ", \"contract\": \"%s\"",
                                pen_solo_sim_pick_contract (table));
    }
  g_string_append (json, "}");
  submit (p, json->str);
}

static void
study (Play *p,
       guint w)
{
  PenWizard *wizard = pen_table_get_wizard (p->table, w);
  int slot;

  submit (p, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  slot = known_contract (p->table);
  if (slot >= 0)
    {
      g_autofree char *take = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": %u, "
                                               "\"slot\": %d}", w, slot);

      /* the Guild first: no die placed there, no contract */
      refused (p, take, PEN_RULE_CONTRACT_NEEDS_GUILD);
      if (n_supply (wizard) > 0)
        {
          submitf (p, "{\"action\": \"die-place\", \"wizard\": %u, \"index\": 0, "
                   "\"location\": \"guild\"}", w);
          submit (p, take);
          p->contracts++;
        }
    }
  if (n_supply (wizard) > 0 && pen_table_get_placements_left (p->table) > 0)
    submitf (p, "{\"action\": \"die-place\", \"wizard\": %u, \"index\": 0, "
             "\"location\": \"forest\"}", w);
  /* no trial on a Study turn */
  if (first_trial_known (p->table))
    {
      g_autofree char *take = g_strdup_printf ("{\"action\": \"trial-take\", \"wizard\": %u, "
                                               "\"index\": 0, \"path\": \"light\"}", w);
      refused (p, take, PEN_RULE_TRIAL_ON_TRIAL_TURN);
    }
  end_turn (p);
}

static void
rest (Play *p)
{
  submit (p, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  p->rests++;
  end_turn (p);
}

/* A Trial under Rift 1: the die Rift takes is chosen before the roll; a 1, 1, 1 on a board
 * whose 1s are wounded is a Mortal Wound, the Trial then leaves the game */
static void
trial (Play    *p,
       guint    w,
       gboolean wound)
{
  PenWizard *wizard = pen_table_get_wizard (p->table, w);
  g_autofree char *card = NULL;
  g_autofree char *take = g_strdup_printf ("{\"action\": \"trial-take\", \"wizard\": %u, "
                                           "\"index\": 0, \"path\": \"dark\"}", w);

  submit (p, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  {
    g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_trial_row (p->table), 0);
    card = g_strdup (pen_table_card_get_card_id (tc));
  }
  submitf (p, "{\"action\": \"trial-begin\", \"wizard\": %u, \"index\": 0, "
           "\"properties\": {\"rift\": 1}}", w);
  /* the roll without Rift's choice is refused */
  {
    g_autofree char *bare = g_strdup_printf ("{\"action\": \"threat\", \"wizard\": %u, "
                                             "\"threat\": 1, \"dice\": [6]}", w);
    if (n_supply (wizard) > 1)
      refused (p, bare, PEN_RULE_RIFT_BEFORE_ROLL);
  }
  if (wound)
    {
      submitf (p, "{\"action\": \"mortal-wound\", \"wizard\": %u}", w);
      p->wounds++;
      /* the turn is over: the card has left the game, nothing more is attempted */
      g_assert_null (pen_table_get_trial (p->table));
      {
        g_autofree char *ids = card_ids (pen_table_get_trial_row (p->table));
        g_auto(GStrv) v = g_strsplit (ids, ",", -1);

        g_assert_false (g_strv_contains ((const char * const *) v, card));
      }
      refused (p, take, PEN_RULE_MORTAL_WOUND_ENDS_TURN);
      end_turn (p);
      g_assert_true (pen_wizard_get_must_rest (wizard));
      return;
    }
  if (n_supply (wizard) > 1)
    submitf (p, "{\"action\": \"threat\", \"wizard\": %u, \"threat\": 0, \"rift_dice\": [%u], "
             "\"dice\": []}", w, n_supply (wizard) - 1);
  else
    submitf (p, "{\"action\": \"threat\", \"wizard\": %u, \"threat\": 0, \"dice\": []}", w);
  submit (p, take);
  p->trials++;
  /* one Trial a turn */
  if (first_trial_known (p->table))
    refused (p, take, PEN_RULE_ONE_TRIAL_PER_TURN);
  end_turn (p);
}

static void
check_undo_redo (Play *p)
{
  g_autofree char *now = table_snapshot (p->table);
  g_autofree char *back = NULL;
  guint steps = MIN (6, pen_game_get_position (p->game) - 1);

  for (guint i = 0; i < steps; i++)
    g_assert_true (pen_game_undo (p->game));
  for (guint i = 0; i < steps; i++)
    {
      g_autoptr(GError) error = NULL;
      g_assert_true (pen_game_redo (p->game, &error));
      g_assert_no_error (error);
    }
  back = table_snapshot (p->table);
  g_assert_cmpstr (now, ==, back);
  p->undos += steps;
}

/* Scripted turns to the end of the game: the table confirms End of Time at turn 18 if the
 * deck has not run out by then */
static void
play_game (Play *p)
{
  PenTable *table = p->table;
  guint n = pen_table_get_n_players (table);

  while (pen_table_get_phase (table) != PEN_PHASE_ENDED)
    {
      guint turn = pen_table_get_turn (table);
      guint w = pen_table_get_current (table);
      PenWizard *wizard = pen_table_get_wizard (table, w);

      g_assert_cmpuint (turn, <, 200);
      if (turn == 18 && pen_table_get_phase (table) == PEN_PHASE_PLAYING)
        /* early, with Fate cards left: the table overrules End of Time's count */
        submit (p, "{\"action\": \"prophecy-fulfil\", \"card\": \"end-of-time\", "
                   "\"override\": [\"prophecy-condition\"]}");
      if (turn == 7)
        check_undo_redo (p);

      if (pen_wizard_get_rival (wizard))
        {
          g_autoptr(GError) error = NULL;

          g_assert_true (pen_solo_sim_step (p->game, &error));
          g_assert_no_error (error);
          continue;
        }
      if (pen_wizard_get_must_rest (wizard))
        {
          refused (p, "{\"action\": \"turn-start\", \"kind\": \"study\"}",
                   PEN_RULE_REST_AFTER_MORTAL_WOUND);
          rest (p);
        }
      else if (turn == n + 1)
        {
          /* the table overrules the book once: a contract on a Rest turn */
          submit (p, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
          p->rests++;
          if (known_contract (table) >= 0)
            {
              g_autofree char *take = g_strdup_printf ("{\"action\": \"contract-take\", "
                                                       "\"wizard\": %u, \"slot\": %d}", w,
                                                       known_contract (table));
              g_autofree char *over = g_strdup_printf ("%.*s, \"override\": true}",
                                                       (int) strlen (take) - 1, take);
              g_autoptr(PenAction) last = NULL;

              refused (p, take, PEN_RULE_CONTRACT_ON_STUDY_TURN);
              submit (p, over);
              last = g_list_model_get_item (pen_game_get_history (p->game),
                                            pen_game_get_position (p->game) - 1);
              g_assert_cmpuint (pen_action_get_overrides (last)->len, >=, 1);
              g_assert_nonnull (strstr (pen_action_get_label (last), " — override: "));
              p->overrides++;
              p->contracts++;
            }
          end_turn (p);
        }
      else if (turn >= n && turn % 3 == 1 && first_trial_known (table) && n_supply (wizard) > 0)
        trial (p, w, turn % 6 == 4);
      else if (n_supply (wizard) == 0 || turn % 5 == 4)
        rest (p);
      else
        study (p, w);
    }

  /* the final score: everyone, ranked */
  {
    g_autoptr(PenScoreSheet) sheet = pen_show_score (table);
    guint ranked = 0;

    g_assert_cmpuint (sheet->results->len, ==, n);
    for (guint i = 0; i < sheet->ranking->len; i++)
      ranked += ((GPtrArray *) g_ptr_array_index (sheet->ranking, i))->len;
    g_assert_cmpuint (ranked, ==, n);
  }
  /* a game played so reloads to the same table */
  {
    g_autofree char *data = pen_game_to_data (p->game);
    g_autoptr(GError) error = NULL;
    g_autoptr(PenGame) loaded = pen_game_load_from_data (data, strlen (data), &error);
    g_autofree char *a = NULL, *b = NULL;

    g_assert_no_error (error);
    a = table_snapshot (table);
    b = table_snapshot (pen_game_get_table (loaded));
    g_assert_cmpstr (a, ==, b);
  }
  g_test_message ("%u contracts, %u trials, %u Mortal Wounds, %u rests, %u refusals, "
                  "%u overrides, %u undone and redone, %u turns", p->contracts, p->trials,
                  p->wounds, p->rests, p->refusals, p->overrides, p->undos,
                  pen_table_get_turn (table));
  g_assert_cmpuint (p->contracts, >, 0);
  g_assert_cmpuint (p->rests, >, 0);
  g_assert_cmpuint (p->refusals, >, 0);
}

static void
test_two_players_app (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  Play p = { game, pen_game_get_table (game), };

  submit (&p, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 77,"
              " \"start\": [{\"mark\": \"ruby\"}, {\"mark\": \"jasper\"}],"
              " \"setup\": {\"prophecies\": [\"end-of-time\"],"
              "  \"trial_row\": [\"goldeater\", \"scrollers\", \"aranea\"],"
              "  \"fate_deck\": [\"wildwood\", \"fresh-batch\", \"basilisk\", \"heroism\","
              "   \"plains-of-agony\", \"festival\", \"gloomy-lady\", \"smoky-beast\"],"
              "  \"contract_row\": [\"lost-hut\", \"sorcerous-prison\", \"scarlet-pact\","
              "   \"brightshine\"]}}");
  play_game (&p);
  g_assert_cmpuint (p.trials, >, 0);
  g_assert_cmpuint (p.wounds, >, 0);
  g_assert_cmpuint (p.overrides, ==, 1);
}

static void
test_three_players_physical (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  Play p = { game, pen_game_get_table (game), };

  /* the deck built by the rules from the seed; the table rolls every die */
  submit (&p, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\", \"Cy\"], "
              "\"seed\": 31, \"mode\": \"physical\", \"table_rolls\": true}");
  /* the Guild row as the table laid it out (the catalogue names only some contracts) */
  submit (&p, "{\"action\": \"recount\", \"corrections\": ["
              "{\"target\": \"contract_row[0].id\", \"value\": \"lost-hut\"},"
              "{\"target\": \"contract_row[1].id\", \"value\": \"sorcerous-prison\"},"
              "{\"target\": \"contract_row[2].id\", \"value\": \"scarlet-pact\"},"
              "{\"target\": \"contract_row[3].id\", \"value\": \"brightshine\"}]}");
  play_game (&p);
}

static void
test_solo (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_solo_sim_new_game (5, 2, &error);
  Play p = { game, pen_game_get_table (game), };

  g_assert_no_error (error);
  play_game (&p);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = game_test_init (&argc, &argv);
  int ret;

  g_test_add_func ("/penumbra/whole-game/two-players-app", test_two_players_app);
  g_test_add_func ("/penumbra/whole-game/three-players-physical", test_three_players_physical);
  g_test_add_func ("/penumbra/whole-game/solo", test_solo);
  ret = g_test_run ();
  pen_test_remove_tree (dir);
  return ret;
}
