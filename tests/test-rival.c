/* test-rival.c: the solo Rival (pen-rival.h), its rival-turn action, the simulated games
 * (pen-solo-sim.h) and `penumbra-cli solo`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "game-test-common.h"
#include "pen-catalog.h"
#include "pen-rival.h"
#include "pen-show.h"
#include "pen-solo-sim.h"

static char *tmp_dir;

/* The rules of pen-rival.h, written again independently: the trial margin and the bonus per
 * level come from data/rival.json, read here with plain json-glib. */
typedef struct
{
  guint margin;
  guint unknown;
  guint bonus[4];
  guint extra[4];
  guint arcana[4];
} Oracle;

static Oracle oracle;

static void
load_oracle (void)
{
  const char *datadir = g_getenv ("PENUMBRA_DATADIR");
  g_autofree char *path = g_build_filename (datadir, "rival.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;
  JsonArray *levels;

  g_assert_nonnull (datadir);
  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  oracle.margin = json_object_get_int_member (root, "trial_margin");
  oracle.unknown = json_object_get_int_member (root, "unknown_difficulty");
  levels = json_object_get_array_member (root, "levels");
  for (guint i = 0; i < json_array_get_length (levels); i++)
    {
      JsonObject *l = json_array_get_object_element (levels, i);
      guint lv = json_object_get_int_member (l, "level");

      g_assert_cmpuint (lv, <=, 3);
      oracle.bonus[lv] = json_object_get_int_member (l, "strength_bonus");
      oracle.extra[lv] = json_object_get_int_member (l, "rest_extra_dice");
      oracle.arcana[lv] = json_object_get_int_member (l, "trial_arcana");
    }
}

static int
oracle_difficulty (const char *id)
{
  PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), id);
  int d = card ? pen_card_get_difficulty (card) : -1;

  return d > 0 ? d : (int) oracle.unknown;
}

static guint
oracle_strength (PenTable *table,
                 PenWizard *w)
{
  GListModel *marks = pen_wizard_get_marks (w);
  guint n = g_list_model_get_n_items (pen_wizard_get_supply (w));

  for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
    {
      g_autoptr(PenMark) m = g_list_model_get_item (marks, i);
      n += pen_mark_get_state (m) != PEN_MARK_WOUNDED;
    }
  return n + oracle.bonus[pen_table_get_solo_level (table)];
}

static const char *
step_kind (JsonArray *steps,
           guint      i)
{
  return json_object_get_string_member (json_array_get_object_element (steps, i), "action");
}

static JsonObject *
find_step (JsonArray  *steps,
           const char *kind)
{
  for (guint i = 0; i < json_array_get_length (steps); i++)
    if (g_str_equal (step_kind (steps, i), kind))
      return json_array_get_object_element (steps, i);
  return NULL;
}

static guint
count_steps (JsonArray  *steps,
             const char *kind)
{
  guint n = 0;

  for (guint i = 0; i < json_array_get_length (steps); i++)
    n += g_str_equal (step_kind (steps, i), kind);
  return n;
}

static guint class_placements;
static guint rival_short_of_dice;

/* Checks a plan against the rules of pen-rival.h; returns its kind */
static PenTurnKind
check_plan (PenTable     *table,
            PenRivalPlan *plan)
{
  guint current = pen_table_get_current (table);
  PenWizard *w = pen_table_get_wizard (table, current);
  JsonArray *steps = pen_rival_plan_get_steps (plan);
  guint n_dice = g_list_model_get_n_items (pen_wizard_get_supply (w));
  const char *card = pen_rival_plan_get_card (plan);
  PenTurnKind kind = pen_rival_plan_get_kind (plan);
  guint level = pen_table_get_solo_level (table);
  JsonObject *start;

  g_assert_cmpuint (json_array_get_length (steps), >=, 2);
  start = json_array_get_object_element (steps, 0);
  g_assert_cmpstr (json_object_get_string_member (start, "action"), ==, "turn-start");
  g_assert_cmpstr (json_object_get_string_member (start, "kind"), ==,
                   pen_turn_kind_to_string (kind));
  g_assert_cmpstr (step_kind (steps, json_array_get_length (steps) - 1), ==, "turn-end");
  g_assert_nonnull (pen_rival_plan_get_why (plan));
  g_assert_nonnull (pen_rival_plan_get_instructions (plan)[0]);
  /* every step acts on the Rival itself, and it studies only in the game's four Classes */
  for (guint i = 0; i < json_array_get_length (steps); i++)
    {
      JsonObject *s = json_array_get_object_element (steps, i);
      const char *where = json_object_get_string_member_with_default (s, "location", "");

      if (json_object_has_member (s, "wizard"))
        g_assert_cmpint (json_object_get_int_member (s, "wizard"), ==, current);
      if (g_str_has_suffix (where, "-class"))
        {
          g_autofree char *id = g_strndup (where, strlen (where) - strlen ("-class"));

          g_assert_cmpuint (pen_table_get_classes (table), !=, 0);
          g_assert_true (pen_table_has_class (table, pen_mark_kind_from_string (id)));
          class_placements++;
        }
    }

  if (pen_wizard_get_must_rest (w) || n_dice == 0)
    {
      g_assert_cmpint (kind, ==, PEN_TURN_REST);
      g_assert_null (card);
    }
  else
    g_assert_nonnull (card);

  if (card != NULL && g_str_has_prefix (card, "trial-"))
    {
      /* the oracle: the trials of the row that the Rival beats */
      GListModel *row = pen_table_get_trial_row (table);
      guint strength = oracle_strength (table, w);
      int want = -1, want_d = 0, short_d = 0;
      gboolean hardest = g_str_equal (card, "trial-hardest");

      for (guint i = 0; i < g_list_model_get_n_items (row); i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (row, i);
          int d;

          if (pen_table_card_get_card_id (tc) == NULL)
            continue;
          d = oracle_difficulty (pen_table_card_get_card_id (tc));
          if (strength >= d + oracle.margin && n_dice < (guint) d && (short_d == 0 || d < short_d))
            short_d = d;
          if (strength >= d + oracle.margin && n_dice >= (guint) d
              && (want < 0 || (hardest ? d > want_d : d < want_d)))
            {
              want = i;
              want_d = d;
            }
        }
      if (want >= 0)
        {
          JsonObject *take = find_step (steps, "trial-take");

          g_assert_cmpint (kind, ==, PEN_TURN_TRIAL);
          g_assert_nonnull (take);
          g_assert_cmpint (json_object_get_int_member (take, "index"), ==, want);
          g_assert_cmpuint (count_steps (steps, "die-discard"), ==, want_d);
          g_assert_cmpuint (count_steps (steps, "ingredient-gain"), ==, oracle.arcana[level] > 0);
        }
      else
        {
          const char *why = pen_rival_plan_get_why (plan);

          g_assert_cmpint (kind, ==, PEN_TURN_STUDY);
          /* the why names the real reason: too few dice for a trial within its strength */
          if (short_d > 0)
            {
              g_autofree char *needs = g_strdup_printf ("needs %d dice and it holds only %u",
                                                        short_d, n_dice);

              g_assert_nonnull (strstr (why, needs));
              g_assert_null (strstr (why, "No trial in the row is within its strength"));
              rival_short_of_dice++;
            }
          else
            g_assert_nonnull (strstr (why, "No trial in the row is within its strength"));
        }
    }

  if (kind == PEN_TURN_STUDY)
    {
      int placements = pen_table_get_turn (table) < pen_table_get_n_players (table) ? 1 : 2;
      JsonObject *place = find_step (steps, "die-place");

      g_assert_cmpuint (count_steps (steps, "die-place"), ==, MIN ((guint) placements, n_dice));
      /* at the Guild it takes the rightmost named contract, when there is one */
      if (g_strcmp0 (json_object_get_string_member (place, "location"), "guild") == 0)
        {
          GListModel *contracts = pen_table_get_contract_row (table);
          int slot = -1;
          JsonObject *take = find_step (steps, "contract-take");

          for (int s = PEN_CONTRACT_CELLS - 1; s >= 0 && slot < 0; s--)
            {
              g_autoptr(PenTableCard) tc = g_list_model_get_item (contracts, s);
              if (pen_table_card_get_card_id (tc))
                slot = s;
            }
          if (slot < 0)
            g_assert_null (take);
          else
            g_assert_cmpint (json_object_get_int_member (take, "slot"), ==, slot);
        }
    }
  if (kind == PEN_TURN_REST)
    g_assert_cmpuint (count_steps (steps, "die-gain"), ==, oracle.extra[level]);
  return kind;
}

/* 200 whole games over the three levels, turn by turn: every Rival plan follows the rules, the
 * rival-turn action is never refused, and every game ends. */
static void
test_rival_simulated_games (void)
{
  guint kinds[PEN_N_TURN_KINDS] = { 0, };
  guint contracts = 0, trials = 0;

  for (guint g = 0; g < 200; g++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PenGame) game = pen_solo_sim_new_game (1000 + g, 1 + g % 3, &error);
      PenTable *table;

      g_assert_no_error (error);
      table = pen_game_get_table (game);
      while (pen_table_get_phase (table) != PEN_PHASE_ENDED)
        {
          g_assert_cmpuint (pen_table_get_turn (table), <, PEN_SOLO_SIM_MAX_TURNS);
          if (pen_rival_is_due (table))
            {
              g_autoptr(PenRivalPlan) plan = pen_rival_plan_turn (table,
                                                                  pen_table_get_current (table),
                                                                  NULL, NULL, &error);
              g_assert_no_error (error);
              kinds[check_plan (table, plan)]++;
            }
          if (!pen_solo_sim_step (game, &error))
            g_error ("game %u, turn %u: %s", g, pen_table_get_turn (table), error->message);
        }
      g_assert_cmpstr (pen_phase_to_string (pen_table_get_phase (table)), ==, "ended");
      g_assert_nonnull (pen_table_get_ended_by (table));

      {
        PenWizard *rival = pen_table_get_wizard (table, 1);
        GListModel *cards = pen_wizard_get_cards (rival);

        g_assert_true (pen_wizard_get_rival (rival));
        for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
          {
            g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
            PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                                pen_table_card_get_card_id (tc));
            if (pen_card_get_card_type (card) == PEN_CARD_CONTRACT)
              contracts++;
          }
        trials += pen_turn_count_trials (rival);
      }
    }
  /* the Rival competes for the same cards: over 200 games it takes both kinds */
  g_assert_cmpuint (kinds[PEN_TURN_TRIAL], >, 0);
  g_assert_cmpuint (kinds[PEN_TURN_STUDY], >, 0);
  g_assert_cmpuint (kinds[PEN_TURN_REST], >, 0);
  g_assert_cmpuint (contracts, >, 0);
  g_assert_cmpuint (class_placements, >, 0);
  g_assert_cmpuint (trials, ==, kinds[PEN_TURN_TRIAL]);
  /* the Rival is sometimes strong enough for a trial but holds too few dice */
  g_assert_cmpuint (rival_short_of_dice, >, 0);
}

/* A plan depends only on the table: planning twice gives the same plan, and planning does not
 * move the game's generator; two games from one seed are identical. */
static void
test_rival_deterministic (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) a = pen_solo_sim_play (77, 2, &error);
  g_autoptr(PenGame) b = NULL;
  g_autoptr(PenGame) c = NULL;
  g_autofree char *log_a = NULL, *log_b = NULL, *log_c = NULL;
  PenTable *table;

  g_assert_no_error (error);
  b = pen_solo_sim_play (77, 2, &error);
  g_assert_no_error (error);
  c = pen_solo_sim_play (78, 2, &error);
  g_assert_no_error (error);
  log_a = pen_game_log_to_lines (a);
  log_b = pen_game_log_to_lines (b);
  log_c = pen_game_log_to_lines (c);
  g_assert_cmpstr (log_a, ==, log_b);
  g_assert_cmpstr (log_a, !=, log_c);

  /* mid-game: the first Rival turn */
  {
    g_autoptr(PenGame) game = pen_solo_sim_new_game (5, 1, &error);
    g_autofree char *before = NULL, *after = NULL;
    g_autoptr(PenRivalPlan) p1 = NULL, p2 = NULL;
    g_autoptr(JsonNode) j1 = NULL, j2 = NULL;
    g_autofree char *s1 = NULL, *s2 = NULL;

    g_assert_no_error (error);
    table = pen_game_get_table (game);
    g_assert_true (pen_solo_sim_step (game, &error));
    g_assert_true (pen_rival_is_due (table));
    before = table_snapshot (table);
    p1 = pen_rival_plan_turn (table, 1, NULL, NULL, &error);
    g_assert_no_error (error);
    p2 = pen_rival_plan_turn (table, 1, NULL, NULL, &error);
    g_assert_no_error (error);
    after = table_snapshot (table);
    g_assert_cmpstr (before, ==, after);
    j1 = pen_rival_plan_to_json (p1);
    j2 = pen_rival_plan_to_json (p2);
    s1 = pen_json_to_string (j1, FALSE);
    s2 = pen_json_to_string (j2, FALSE);
    g_assert_cmpstr (s1, ==, s2);

    /* the wizard must be the current one, the Rival, between turns */
    g_assert_null (pen_rival_plan_turn (table, 0, NULL, NULL, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_REFUSED);
  }
}

/* App-dealt play: the Guild's Contracts are mostly placeholders ("Contract 13 of 36"); the
 * Rival's instruction names the card once, not "the contract Contract 13 of 36" (play finding
 * S5) */
static void
test_rival_placeholder_contract (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  gboolean seen = FALSE;

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": [\"P\"], "
                                       "\"solo\": 1, \"mode\": \"app\", "
                                       "\"ready_made\": true, \"seed\": 703598}", &error));
  g_assert_no_error (error);
  for (guint t = 0; t < 60 && !seen && pen_table_get_phase (table) != PEN_PHASE_ENDED; t++)
    {
      if (pen_rival_is_due (table))
        {
          g_autoptr(PenRivalPlan) plan = pen_rival_plan_turn (table, 1, NULL, NULL, &error);
          JsonObject *take;

          g_assert_no_error (error);
          take = find_step (pen_rival_plan_get_steps (plan), "contract-take");
          if (take != NULL)
            {
              g_autoptr(PenTableCard) tc =
                g_list_model_get_item (pen_table_get_contract_row (table),
                                       json_object_get_int_member (take, "slot"));
              const char *id = pen_table_card_get_card_id (tc);
              const char * const *lines = pen_rival_plan_get_instructions (plan);
              g_autofree char *doubled = g_strdup_printf ("contract %s", pen_turn_card_name (id));
              gboolean named = FALSE;

              for (guint i = 0; lines[i] != NULL; i++)
                {
                  if (pen_card_id_is_placeholder (id))
                    {
                      /* no placeholder number reads as a card's name (T12): it says where */
                      g_assert_null (strstr (lines[i], doubled));
                      g_assert_null (strstr (lines[i], pen_turn_card_name (id)));
                      named = named || strstr (lines[i], "rightmost contract of the Guild, one "
                                                         "not named yet") != NULL;
                    }
                  else
                    named = named || strstr (lines[i], pen_turn_card_name (id)) != NULL;
                }
              g_assert_true (named);
              seen = pen_card_id_is_placeholder (id);
            }
          g_assert_true (pen_game_submit_json (game, "{\"action\": \"rival-turn\"}", &error));
          g_assert_no_error (error);
          continue;
        }
      g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", "
                                           "\"kind\": \"rest\"}", &error));
      g_assert_no_error (error);
      g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-end\"}", &error));
      g_assert_no_error (error);
    }
  /* the game took a placeholder to the Rival at least once */
  g_assert_true (seen);
}

/* A Study card naming a Class that went back to the box: the why-line says so and names the
 * Class the Rival goes to, one of the game (play finding T12); its very first turn says it
 * places one die only */
static void
test_rival_class_not_in_game (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  guint seen = 0, first = 0;

  /* the Amber and Sapphire Classes went back to the box: two of the Rival's Study cards name
   * them */
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": [\"P\"], "
                                       "\"solo\": 1, \"mode\": \"app\", \"seed\": 11, "
                                       "\"setup\": {\"classes\": [\"ruby\", \"jasper\", "
                                       "\"emerald\", \"amethyst\"]}}", &error));
  g_assert_no_error (error);
  g_assert_false (pen_table_has_class (table, PEN_MARK_SAPPHIRE));
  for (guint t = 0; t < 120 && pen_table_get_phase (table) != PEN_PHASE_ENDED; t++)
    {
      if (pen_rival_is_due (table))
        {
          g_autoptr(PenRivalPlan) plan = pen_rival_plan_turn (table, 1, NULL, NULL, &error);
          const char *why;

          g_assert_no_error (error);
          why = pen_rival_plan_get_why (plan);
          first += strstr (why, "On its first turn it places one die only.") != NULL;
          if (strstr (why, "The card names ") != NULL)
            {
              PenMarkKind named = PEN_N_MARK_KINDS, to = PEN_N_MARK_KINDS;

              for (PenMarkKind k = 0; k < PEN_MARK_SPARK; k++)
                {
                  g_autofree char *names = g_strdup_printf ("The card names %s, which is not "
                                                            "in this game",
                                                            pen_mark_kind_get_class_definite (k));
                  g_autofree char *goes = g_strdup_printf ("it goes to %s, the next Class "
                                                           "laid out.",
                                                           pen_mark_kind_get_class_definite (k));

                  if (strstr (why, names) != NULL)
                    named = k;
                  if (strstr (why, goes) != NULL)
                    to = k;
                }
              g_assert_cmpint (named, <, PEN_MARK_SPARK);
              g_assert_cmpint (to, <, PEN_MARK_SPARK);
              g_assert_false (pen_table_has_class (table, named));
              g_assert_true (pen_table_has_class (table, to));
              seen++;
            }
          g_assert_true (pen_game_submit_json (game, "{\"action\": \"rival-turn\"}", &error));
          g_assert_no_error (error);
          continue;
        }
      g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", "
                                           "\"kind\": \"rest\"}", &error));
      g_assert_no_error (error);
      g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-end\"}", &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (seen, >, 0);
  g_assert_cmpuint (first, <=, 1);
}

/* Undo of a rival-turn restores the table exactly (snapshot), redo gives the same turn again
 * (no re-roll), and the label carries the instructions. */
static void
test_rival_undo (void)
{
  g_autoptr(GError) error = NULL;

  for (guint seed = 0; seed < 20; seed++)
    {
      g_autoptr(PenGame) game = pen_solo_sim_new_game (seed, 3, &error);
      PenTable *table;

      g_assert_no_error (error);
      table = pen_game_get_table (game);
      /* a few rounds in, so trials and rests are possible */
      for (guint t = 0; t < 2 * (seed % 6) + 1; t++)
        g_assert_true (pen_solo_sim_step (game, &error));
      if (!pen_rival_is_due (table))
        continue;
      {
        g_autofree char *before = table_snapshot (table);
        g_autofree char *applied = NULL, *undone = NULL, *redone = NULL;
        guint pos = pen_game_get_position (game);
        g_autoptr(PenAction) last = NULL;

        if (!pen_solo_sim_step (game, &error))
          g_error ("%s", error->message);
        g_assert_cmpuint (pen_game_get_position (game), ==, pos + 1);
        last = g_list_model_get_item (pen_game_get_history (game), pos);
        g_assert_cmpstr (pen_action_get_kind (last), ==, "rival-turn");
        g_assert_true (g_str_has_prefix (pen_action_get_label (last), "Rival's turn: "));
        g_assert_nonnull (strstr (pen_action_get_label (last), "Rival"));
        applied = table_snapshot (table);
        g_assert_cmpstr (applied, !=, before);
        g_assert_false (pen_rival_is_due (table));

        g_assert_true (pen_game_undo (game));
        undone = table_snapshot (table);
        g_assert_cmpstr (undone, ==, before);
        g_assert_true (pen_rival_is_due (table));

        g_assert_true (pen_game_redo (game, &error));
        g_assert_no_error (error);
        redone = table_snapshot (table);
        g_assert_cmpstr (redone, ==, applied);
      }
    }
}

/* History says what a Rival's turn did, like any wizard's actions: a Trial or Rest turn ends
 * with the Fate card it revealed, by name, and nothing of the plan's instructions to the table
 * (play finding Y1: "Reveal the next Fate card: the Table page shows which once the turn is
 * played" stood in History after the fact, and no Fate card was named). */
static void
test_rival_history_label (void)
{
  g_autoptr(GError) error = NULL;
  guint checked = 0;

  for (guint seed = 0; seed < 10; seed++)
    {
      g_autoptr(PenGame) game = pen_solo_sim_new_game (seed, 1, &error);
      PenTable *table;

      g_assert_no_error (error);
      table = pen_game_get_table (game);
      for (guint t = 0; t < 60 && pen_table_get_phase (table) != PEN_PHASE_ENDED; t++)
        {
          gboolean rival = pen_rival_is_due (table);
          GListModel *deck = pen_table_get_fate_deck (table);
          guint before = g_list_model_get_n_items (deck);
          g_autoptr(PenTableCard) top = before > 0 ? g_list_model_get_item (deck, 0) : NULL;
          g_autofree char *top_id = top ? g_strdup (pen_table_card_get_card_id (top)) : NULL;
          guint pos = pen_game_get_position (game);
          g_autoptr(PenAction) last = NULL;
          const char *label;

          if (!pen_solo_sim_step (game, &error))
            g_error ("%s", error->message);
          if (!rival)
            continue;
          last = g_list_model_get_item (pen_game_get_history (game), pos);
          g_assert_cmpstr (pen_action_get_kind (last), ==, "rival-turn");
          label = pen_action_get_label (last);
          g_assert_true (g_str_has_prefix (label, "Rival's turn: Rival"));
          g_assert_null (strstr (label, "Table page"));
          g_assert_null (strstr (label, "Reveal the next"));
          g_assert_nonnull (strstr (label, "Rival ends the turn"));
          /* a placement names its location as the place dialog does, not by its id */
          g_assert_null (strstr (label, "places a die in guild"));
          g_assert_null (strstr (label, "places a die in ruins"));
          g_assert_null (strstr (label, "-class:"));
          if (g_list_model_get_n_items (deck) + 1 == before)
            {
              g_autofree char *fate = g_strdup_printf ("Fate: %s", pen_turn_card_name (top_id));

              g_assert_nonnull (strstr (label, fate));
              checked++;
            }
        }
    }
  g_assert_cmpuint (checked, >, 0);
}

/* The rival-turn action refuses what it must, and a save of a simulated game replays. */
static void
test_rival_refusals_and_replay (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_solo_sim_new_game (3, 1, &error);
  g_autoptr(PenGame) loaded = NULL;
  g_autofree char *data = NULL;
  g_autofree char *a = NULL, *b = NULL;
  PenTable *table;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  /* the player's turn: not the Rival's */
  g_assert_false (pen_game_submit_json (game, "{\"action\": \"rival-turn\"}", &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_REFUSED);
  g_clear_error (&error);
  g_assert_false (pen_game_submit_json (game, "{\"action\": \"rival-turn\", \"x\": 1}", &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);
  /* a game that is not solo has no Rival */
  {
    g_autoptr(PenGame) duo = pen_game_new ();
    g_assert_true (pen_game_submit_json (duo, "{\"action\": \"new-game\", \"players\": "
                                         "[\"A\", \"B\"]}", &error));
    g_assert_false (pen_rival_is_due (pen_game_get_table (duo)));
    g_assert_false (pen_game_submit_json (duo, "{\"action\": \"rival-turn\"}", &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_REFUSED);
    g_clear_error (&error);
  }

  while (pen_table_get_phase (table) != PEN_PHASE_ENDED)
    g_assert_true (pen_solo_sim_step (game, &error));
  /* over */
  g_assert_false (pen_game_submit_json (game, "{\"action\": \"rival-turn\"}", &error));
  g_clear_error (&error);

  /* loading replays the whole log and checks it against the snapshot */
  data = pen_game_to_data (game);
  loaded = pen_game_load_from_data (data, strlen (data), &error);
  g_assert_no_error (error);
  a = table_snapshot (table);
  b = table_snapshot (pen_game_get_table (loaded));
  g_assert_cmpstr (a, ==, b);
}

/* Physical mode: the table names the Fate card; without it a Trial or Rest turn is refused. */
static void
test_rival_physical (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  gboolean seen = FALSE;

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": [\"P\"], "
                                       "\"solo\": 1, \"mode\": \"physical\", "
                                       "\"table_rolls\": true, \"seed\": 9}",
                                       &error));
  g_assert_no_error (error);
  for (guint t = 0; t < 40 && !seen && pen_table_get_phase (table) != PEN_PHASE_ENDED; t++)
    {
      if (pen_rival_is_due (table))
        {
          g_autoptr(PenRivalPlan) plan = pen_rival_plan_turn (table, 1, NULL, NULL, &error);
          g_assert_no_error (error);
          /* the table rolls the Rival's dice: the plan says "roll", never a face */
          {
            g_autofree char *said = g_strjoinv (" ",
                                                (char **) pen_rival_plan_get_instructions (plan));

            g_assert_null (strstr (said, " showing "));
          }
          if (pen_rival_plan_get_kind (plan) != PEN_TURN_STUDY
              && g_list_model_get_n_items (pen_table_get_fate_deck (table)) > 0)
            {
              g_autoptr(PenTableCard) top = g_list_model_get_item (pen_table_get_fate_deck (table),
                                                                   0);
              g_autofree char *json = NULL;

              g_assert_true (pen_rival_plan_get_needs_reveal (plan));
              g_assert_false (pen_game_submit_json (game, "{\"action\": \"rival-turn\"}",
                                                    &error));
              g_assert_error (error, PEN_ERROR, PEN_ERROR_REFUSED);
              g_assert_true (g_str_has_prefix (error->message, "$.reveal"));
              g_clear_error (&error);
              g_autofree char *text = NULL;

              text = g_strdup_printf ("{\"action\": \"rival-turn\", \"reveal\": \"%s\"}",
                                      pen_table_card_get_card_id (top));
              /* the table rolls the Rival's dice too */
              json = with_faces (table, text, 4);
              g_assert_true (pen_game_submit_json (game, json, &error));
              g_assert_no_error (error);
              seen = TRUE;
              continue;
            }
          g_assert_false (pen_rival_plan_get_needs_reveal (plan));
          {
            g_autofree char *json = with_faces (table, "{\"action\": \"rival-turn\"}", 5);
            g_assert_true (pen_game_submit_json (game, json, &error));
          }
        }
      else
        {
          /* the player rests, naming the top card */
          g_autoptr(PenTableCard) top = g_list_model_get_item (pen_table_get_fate_deck (table),
                                                               0);
          g_autofree char *json = g_strdup_printf ("{\"action\": \"turn-end\", \"reveal\": "
                                                   "\"%s\"}", pen_table_card_get_card_id (top));
          g_autofree char *rest = with_faces (table, "{\"action\": \"turn-start\", \"kind\": "
                                              "\"rest\"}", 2);

          g_assert_true (pen_game_submit_json (game, rest, &error));
          g_assert_true (pen_game_submit_json (game, json, &error));
        }
      g_assert_no_error (error);
    }
  g_assert_true (seen);
}

/* Physical play, a Study at the Guild: the Rival takes a contract, the row shifts right and the
 * table reveals a new one on the left (the book: "Reveal a new Contract card … in the vacated
 * leftmost place"). The plan says so, the action takes the table's card ("contract"), and the
 * cell is never left empty when the table named it (play finding T2). */
/* Play finding V3: at a real table, a Fate card the table turned up and did not name ("Another
 * card: name it (Trial)") is not named by a placeholder's number in the Rival's instructions */
static void
test_rival_placeholder_fate (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  gboolean seen = FALSE;

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": [\"P\"], "
                                       "\"solo\": 1, \"mode\": \"physical\", "
                                       "\"table_rolls\": true, \"seed\": 9}",
                                       &error));
  g_assert_no_error (error);
  for (guint t = 0; t < 40 && !seen && pen_table_get_phase (table) != PEN_PHASE_ENDED; t++)
    {
      g_autoptr(PenTableCard) next = g_list_model_get_item (pen_table_get_contract_deck (table),
                                                            0);
      const char *next_id = pen_table_card_get_card_id (next);
      g_autoptr(PenTableCard) top = g_list_model_get_item (pen_table_get_fate_deck (table), 0);
      const char *top_id = top ? pen_table_card_get_card_id (top) : NULL;
      g_autofree char *json = NULL;

      if (pen_rival_is_due (table))
        {
          g_autoptr(PenRivalPlan) plan = pen_rival_plan_turn (table, 1, NULL, next_id, &error);

          g_assert_no_error (error);
          if (pen_rival_plan_get_kind (plan) != PEN_TURN_STUDY && top_id != NULL)
            {
              g_autoptr(PenRivalPlan) unnamed = pen_rival_plan_turn (table, 1, "trial#18",
                                                                     next_id, &error);
              g_autofree char *joined = NULL;

              g_assert_no_error (error);
              joined = g_strjoinv ("\n", (char **) pen_rival_plan_get_instructions (unnamed));
              g_assert_nonnull (strstr (joined,
                                        "Reveal the next Fate card; it is not named yet."));
              g_assert_null (strstr (joined, pen_turn_card_name ("trial#18")));
              seen = TRUE;
              break;
            }
          g_autofree char *turn = g_strdup_printf ("{\"action\": \"rival-turn\", "
                                                   "\"contract\": \"%s\"}", next_id);

          json = with_faces (table, turn, 3);
        }
      else
        {
          g_autofree char *rest = with_faces (table, "{\"action\": \"turn-start\", \"kind\": "
                                              "\"rest\"}", 2);

          g_assert_true (pen_game_submit_json (game, rest, &error));
          g_assert_no_error (error);
          json = top_id ? g_strdup_printf ("{\"action\": \"turn-end\", \"reveal\": \"%s\", "
                                           "\"contract\": \"%s\"}", top_id, next_id)
                        : g_strdup_printf ("{\"action\": \"turn-end\", \"contract\": \"%s\"}",
                                           next_id);
        }
      g_assert_true (pen_game_submit_json (game, json, &error));
      g_assert_no_error (error);
    }
  g_assert_true (seen);
}

static void
test_rival_physical_guild (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  GListModel *row = pen_table_get_contract_row (table);
  gboolean seen = FALSE;

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": [\"P\"], "
                                       "\"solo\": 1, \"mode\": \"physical\", "
                                       "\"table_rolls\": true, \"seed\": 9}",
                                       &error));
  g_assert_no_error (error);
  for (guint t = 0; t < 60 && !seen && pen_table_get_phase (table) != PEN_PHASE_ENDED; t++)
    {
      g_autoptr(PenTableCard) next = g_list_model_get_item (pen_table_get_contract_deck (table),
                                                            0);
      const char *next_id = next ? pen_table_card_get_card_id (next) : NULL;
      g_autoptr(PenTableCard) top = g_list_model_get_item (pen_table_get_fate_deck (table), 0);
      const char *top_id = top ? pen_table_card_get_card_id (top) : NULL;

      g_assert_nonnull (next_id);
      if (pen_rival_is_due (table))
        {
          g_autoptr(PenRivalPlan) plan = pen_rival_plan_turn (table, 1, top_id, NULL, &error);
          g_autoptr(GString) text = g_string_new ("{\"action\": \"rival-turn\"");
          g_autofree char *json = NULL;
          gboolean guild = FALSE;
          JsonArray *steps;

          g_assert_no_error (error);
          steps = pen_rival_plan_get_steps (plan);
          for (guint i = 0; i < json_array_get_length (steps); i++)
            guild |= g_str_equal (json_object_get_string_member (
                                    json_array_get_object_element (steps, i), "action"),
                                  "contract-take");
          /* every turn that empties a cell asks the table for the new contract */
          g_assert_cmpint (pen_rival_plan_get_refills_guild (plan), ==,
                           guild || pen_rival_plan_get_kind (plan) != PEN_TURN_STUDY);
          if (pen_rival_plan_get_kind (plan) != PEN_TURN_STUDY && top_id != NULL)
            g_string_append_printf (text, ", \"reveal\": \"%s\"", top_id);
          g_string_append_printf (text, ", \"contract\": \"%s\"}", next_id);
          if (guild && pen_rival_plan_get_kind (plan) == PEN_TURN_STUDY)
            {
              g_autoptr(PenRivalPlan) named = pen_rival_plan_turn (table, 1, NULL, next_id, NULL);
              const char * const *lines = pen_rival_plan_get_instructions (named);
              g_autofree char *said = NULL;
              g_autofree char *joined = g_strjoinv ("\n", (char **) lines);

              /* a card not named yet is not given a placeholder's number as its name */
              said = pen_card_id_is_placeholder (next_id)
                     ? g_strdup ("reveal a new one on the left; it is not named yet.")
                     : g_strdup_printf ("reveal a new one on the left: %s.",
                                        pen_turn_card_name (next_id));
              g_assert_nonnull (strstr (joined, said));
              if (pen_card_id_is_placeholder (next_id))
                g_assert_null (strstr (joined, pen_turn_card_name (next_id)));
              seen = TRUE;
            }
          json = with_faces (table, text->str, 3);
          g_assert_true (pen_game_submit_json (game, json, &error));
          g_assert_no_error (error);
          if (seen)
            {
              g_autoptr(PenTableCard) first = g_list_model_get_item (row, 0);

              g_assert_cmpstr (pen_table_card_get_card_id (first), ==, next_id);
              /* undo takes the card off the row, redo reveals it again */
              g_assert_true (pen_game_undo (game));
              {
                g_autoptr(PenTableCard) back = g_list_model_get_item (row, 0);
                g_assert_cmpstr (pen_table_card_get_card_id (back), !=, next_id);
              }
              g_assert_true (pen_game_redo (game, &error));
              g_assert_no_error (error);
              {
                g_autoptr(PenTableCard) again = g_list_model_get_item (row, 0);
                g_assert_cmpstr (pen_table_card_get_card_id (again), ==, next_id);
              }
            }
        }
      else
        {
          /* the player rests: a new contract named for the row each time */
          g_autofree char *json = NULL;
          g_autofree char *rest = with_faces (table, "{\"action\": \"turn-start\", \"kind\": "
                                              "\"rest\"}", 2);

          json = top_id ? g_strdup_printf ("{\"action\": \"turn-end\", \"reveal\": \"%s\", "
                                           "\"contract\": \"%s\"}", top_id, next_id)
                        : g_strdup_printf ("{\"action\": \"turn-end\", \"contract\": \"%s\"}",
                                           next_id);
          g_assert_true (pen_game_submit_json (game, rest, &error));
          g_assert_no_error (error);
          g_assert_true (pen_game_submit_json (game, json, &error));
        }
      g_assert_no_error (error);
    }
  g_assert_true (seen);
}

/* ---- the CLI ---- */

static int
run_cli (char       **out,
         char       **err,
         const char  *first,
         ...)
{
  const char *exe = g_getenv ("PENUMBRA_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = 0;
  va_list args;

  g_assert_nonnull (exe);
  g_ptr_array_add (argv, (gpointer) exe);
  va_start (args, first);
  for (const char *a = first; a != NULL; a = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDIN_FROM_DEV_NULL, NULL, NULL, out,
                err, &status, &error);
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static void
test_rival_cli (void)
{
  static const char * const top[] = {
    "games", "level", "rival", "player", "turns", "end_reasons", NULL
  };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *obj, *reasons;
  gint64 sum = 0;

  g_assert_cmpint (run_cli (&out, &err, "solo", "--games", "6", "--seed", "4", "--level", "2",
                            NULL), ==, 0);
  g_assert_cmpstr (err, ==, "");
  node = pen_json_parse (out, -1, &error);
  g_assert_no_error (error);
  obj = json_node_get_object (node);
  g_assert_true (pen_json_check_keys (obj, "$", top, &error));
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (obj, "games"), ==, 6);
  g_assert_cmpint (json_object_get_int_member (obj, "level"), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      static const char * const who[] = { "rival", "player" };
      static const char * const keys[] = { "mean_score", "min", "max", NULL };
      JsonObject *s = json_object_get_object_member (obj, who[i]);
      double mean;

      g_assert_true (pen_json_check_keys (s, "$", keys, &error));
      mean = json_object_get_double_member (s, "mean_score");
      g_assert_cmpfloat (json_object_get_int_member (s, "min"), <=, mean);
      g_assert_cmpfloat (mean, <=, json_object_get_int_member (s, "max"));
    }
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (obj, "turns"),
                                                    "mean"), >, 0);
  reasons = json_object_get_object_member (obj, "end_reasons");
  g_assert_true (json_object_has_member (reasons, "end-of-time"));
  {
    g_autoptr(GList) members = json_object_get_members (reasons);
    for (GList *l = members; l; l = l->next)
      sum += json_object_get_int_member (reasons, l->data);
  }
  g_assert_cmpint (sum, ==, 6);
  g_assert_null (json_object_get_member (reasons, "unfinished"));

  /* the same seed, the same figures */
  {
    g_autofree char *again = NULL, *err2 = NULL;
    g_assert_cmpint (run_cli (&again, &err2, "solo", "--games", "6", "--seed", "4", "--level",
                              "2", NULL), ==, 0);
    g_assert_cmpstr (again, ==, out);
  }

  /* bad options: exit 2, empty stdout, one line on stderr */
  {
    const char *bad[][8] = {
      { "solo", NULL },
      { "solo", "--games", "0", NULL },
      { "solo", "--games", "2", "--level", "4", NULL },
      { "solo", "--games", "2", "--level", "0", NULL },
      { "solo", "--games", "2", "--out", "/tmp/never-written.json", NULL },
      { "solo", "--games", "1", "--bogus", NULL },
      { "solo", "--games", "1", "extra", NULL },
    };
    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autofree char *o = NULL, *e = NULL;
        int status = run_cli (&o, &e, bad[i][0], bad[i][1], bad[i][2], bad[i][3], bad[i][4],
                              bad[i][5], bad[i][6], bad[i][7]);

        g_assert_cmpint (status, ==, 2);
        g_assert_cmpstr (o, ==, "");
        g_assert_true (g_str_has_prefix (e, "penumbra-cli: "));
        g_assert_nonnull (strchr (e, '\n'));
        g_assert_cmpstr (strchr (e, '\n') + 1, ==, "");
      }
    g_assert_false (g_file_test ("/tmp/never-written.json", G_FILE_TEST_EXISTS));
  }

  /* --out: a normal save the app can open, at its end */
  {
    g_autofree char *path = g_build_filename (tmp_dir, "solo.json", NULL);
    g_autofree char *o = NULL, *e = NULL, *o2 = NULL, *e2 = NULL;
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(PenGame) game = NULL;

    g_assert_cmpint (run_cli (&o, &e, "solo", "--games", "1", "--seed", "8", "--out", path,
                              NULL), ==, 0);
    game = pen_game_load (file, &error);
    g_assert_no_error (error);
    g_assert_cmpint (pen_table_get_phase (pen_game_get_table (game)), ==, PEN_PHASE_ENDED);
    g_assert_cmpuint (pen_table_get_solo_level (pen_game_get_table (game)), ==, 1);
    /* never overwritten */
    g_assert_cmpint (run_cli (&o2, &e2, "solo", "--games", "1", "--out", path, NULL), ==, 2);
    g_assert_cmpstr (o2, ==, "");
  }
}

/* The instructions joined by newlines */
static char *
plan_text (PenRivalPlan *plan)
{
  return g_strjoinv ("\n", (char **) pen_rival_plan_get_instructions (plan));
}

/* "Bone 3" as the plan writes a die */
static char *
die_said (PenDie *die)
{
  return g_strdup_printf ("%s %u", pen_color_get_label (pen_die_get_color (die)),
                          pen_die_get_value (die));
}

/* App-dealt play: the app rolls the Rival's dice, so its plan gives each face, and the die
 * the turn gains shows it; it never tells the table to roll (play finding V12) */
static void
test_rival_app_dealt_faces (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_solo_sim_new_game (31, 2, &error);
  PenTable *table = pen_game_get_table (game);
  gboolean class_seen = FALSE, rest_seen = FALSE;
  g_autofree char *label = NULL;

  g_assert_no_error (error);
  for (guint t = 0; t < 200 && !(class_seen && rest_seen)
       && pen_table_get_phase (table) != PEN_PHASE_ENDED; t++)
    {
      g_autoptr(PenRivalPlan) plan = NULL;
      g_autofree char *text = NULL;
      GListModel *supply = pen_wizard_get_supply (pen_table_get_wizard (table, 1));
      const char *showing;
      guint n;

      if (!pen_rival_is_due (table))
        {
          g_assert_true (pen_solo_sim_step (game, &error));
          g_assert_no_error (error);
          continue;
        }
      plan = pen_rival_plan_turn (table, 1, NULL, NULL, &error);
      g_assert_no_error (error);
      pen_rival_plan_predict_faces (plan, table);
      text = plan_text (plan);
      g_test_message ("%s", text);
      g_assert_null (strstr (text, "roll it into its supply"));
      g_assert_null (strstr (text, "and rolls them"));
      g_assert_true (pen_game_submit_json (game, "{\"action\": \"rival-turn\"}", &error));
      g_assert_no_error (error);
      n = g_list_model_get_n_items (supply);
      /* the history says what the turn did (play finding Y1), with the faces the preview
       * gave: checked below for the dice the preview names */
      {
        g_autoptr(PenAction) played = g_list_model_get_item (pen_game_get_history (game),
                                                             pen_game_get_position (game) - 1);

        g_clear_pointer (&label, g_free);
        label = g_strdup (pen_action_get_label (played));
      }

      /* a Class's die: the one gained last, unless a second Class gave another after it */
      if ((showing = strstr (text, " die showing ")) != NULL
          && strstr (showing + 1, " die showing ") == NULL)
        {
          guint face = 0;
          g_autoptr(PenDie) last = g_list_model_get_item (supply, n - 1);

          g_assert_cmpint (sscanf (showing, " die showing %u:", &face), ==, 1);
          g_assert_cmpuint (pen_die_get_value (last), ==, face);
          {
            g_autofree char *said = die_said (last);

            g_assert_nonnull (strstr (label, said));
          }
          class_seen = TRUE;
        }
      /* a Rest: the dice it takes back, then the level's Bone die (level 2: one) */
      if ((showing = strstr (text, "in its supply showing ")) != NULL)
        {
          g_autofree char *list = g_strndup (showing + strlen ("in its supply showing "),
                                             strcspn (showing + strlen ("in its supply "
                                                                        "showing "), "\n"));
          g_auto(GStrv) dice = NULL;
          guint k;

          g_assert_true (g_str_has_suffix (list, "."));
          list[strlen (list) - 1] = '\0';
          dice = g_strsplit (list, ", ", -1);
          k = g_strv_length (dice);
          g_assert_cmpuint (n, >=, k + 1);
          for (guint i = 0; i < k; i++)
            {
              g_autoptr(PenDie) die = g_list_model_get_item (supply, n - 1 - k + i);
              g_autofree char *said = die_said (die);

              g_assert_cmpstr (said, ==, dice[i]);
            }
          {
            g_autoptr(PenDie) extra = g_list_model_get_item (supply, n - 1);
            g_autofree char *said = die_said (extra);
            g_autofree char *line = g_strdup_printf ("Its level gives it 1 more Bone die, "
                                                     "showing %s.", said);

            g_assert_nonnull (strstr (text, line));
            g_assert_nonnull (strstr (label, said));
          }
          rest_seen = TRUE;
        }
    }
  g_assert_true (class_seen);
  g_assert_true (rest_seen);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  tmp_dir = game_test_init (&argc, &argv);
  load_oracle ();

  g_test_add_func ("/penumbra/rival/simulated-games", test_rival_simulated_games);
  g_test_add_func ("/penumbra/rival/deterministic", test_rival_deterministic);
  g_test_add_func ("/penumbra/rival/undo", test_rival_undo);
  g_test_add_func ("/penumbra/rival/history-label", test_rival_history_label);
  g_test_add_func ("/penumbra/rival/class-not-in-game", test_rival_class_not_in_game);
  g_test_add_func ("/penumbra/rival/placeholder-contract", test_rival_placeholder_contract);
  g_test_add_func ("/penumbra/rival/placeholder-fate", test_rival_placeholder_fate);
  g_test_add_func ("/penumbra/rival/refusals-and-replay", test_rival_refusals_and_replay);
  g_test_add_func ("/penumbra/rival/physical", test_rival_physical);
  g_test_add_func ("/penumbra/rival/physical-guild", test_rival_physical_guild);
  g_test_add_func ("/penumbra/rival/cli", test_rival_cli);
  g_test_add_func ("/penumbra/rival/app-dealt-faces", test_rival_app_dealt_faces);

  ret = g_test_run ();
  pen_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return ret;
}
