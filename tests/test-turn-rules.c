/* test-turn-rules.c: the book's turn flow enforced — each refusal names its rule, and the
 * table's explicit override applies the action and is recorded (log, history label)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "game-test-common.h"
#include "pen-box.h"

/* On the mid-game table (game-test-common.h) it is Ann's second Study turn (two placements).
 * Trial row: scrollers, aranea. Guild: sorcerous-prison, lost-hut, scarlet-pact, brightshine.
 * Fate: fresh-batch, heroism, wildwood, unity, basilisk. */
#define END "{\"action\": \"turn-end\"}"
#define TRIAL_TURN END "\n{\"action\": \"turn-start\", \"kind\": \"trial\"}"
#define REST_TURN END "\n{\"action\": \"turn-start\", \"kind\": \"rest\"}"
#define GUILD(w) "{\"action\": \"die-place\", \"wizard\": " #w ", \"index\": 0, " \
  "\"location\": \"guild\"}"
#define WOUND(w) "{\"action\": \"mortal-wound\", \"wizard\": " #w "}"
#define BEGIN(props) TRIAL_TURN "\n{\"action\": \"trial-begin\", \"wizard\": 1, " \
  "\"index\": 0, \"properties\": {" props "}}"

typedef struct
{
  const char *prep;     /* lines applied first (may be NULL) */
  const char *json;     /* the action the rules refuse */
  PenRule     rule;
} RuleCase;

static const RuleCase cases[] = {
  /* the issue's cases */
  { NULL, "{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 0, \"path\": \"light\"}",
    PEN_RULE_TRIAL_ON_TRIAL_TURN },                            /* a Trial on a Study turn */
  { NULL, "{\"action\": \"trial-begin\", \"wizard\": 0, \"index\": 0}",
    PEN_RULE_TRIAL_ON_TRIAL_TURN },
  { REST_TURN, "{\"action\": \"trial-fail\", \"wizard\": 1, \"index\": 0}",
    PEN_RULE_TRIAL_ON_TRIAL_TURN },
  { TRIAL_TURN "\n{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, \"path\": \"dark\"}",
    "{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, \"path\": \"light\"}",
    PEN_RULE_ONE_TRIAL_PER_TURN },                             /* two Trials in one turn */
  { TRIAL_TURN "\n{\"action\": \"trial-fail\", \"wizard\": 1, \"index\": 0}",
    "{\"action\": \"trial-begin\", \"wizard\": 1, \"index\": 0}", PEN_RULE_ONE_TRIAL_PER_TURN },
  { REST_TURN, "{\"action\": \"contract-take\", \"wizard\": 1, \"slot\": 0}",
    PEN_RULE_CONTRACT_ON_STUDY_TURN },                         /* a contract on a Rest turn */
  { TRIAL_TURN, "{\"action\": \"contract-take\", \"wizard\": 1, \"slot\": 0}",
    PEN_RULE_CONTRACT_ON_STUDY_TURN },                         /* ... and on a Trial turn */
  { NULL, "{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0}",
    PEN_RULE_CONTRACT_NEEDS_GUILD },                           /* no Guild placement */
  { GUILD (0) "\n{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0}",
    "{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 1}",
    PEN_RULE_CONTRACT_NEEDS_GUILD },                           /* one per Guild placement */
  { GUILD (0), "{\"action\": \"contract-take\", \"wizard\": 1, \"slot\": 0}",
    PEN_RULE_CURRENT_PLAYER },                                 /* for the other player */
  { TRIAL_TURN, "{\"action\": \"trial-begin\", \"wizard\": 0, \"index\": 0}",
    PEN_RULE_CURRENT_PLAYER },
  /* a Trial turn attempts one Trial (ONE TRIAL): ended with none attempted */
  { TRIAL_TURN, "{\"action\": \"turn-end\"}", PEN_RULE_ONE_TRIAL_PER_TURN },
  /* a Mortal Wound ends the turn at once */
  { WOUND (0) "\n{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\", \"value\": 3}",
    "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0}",
    PEN_RULE_MORTAL_WOUND_ENDS_TURN },
  { GUILD (0) "\n" WOUND (0), "{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0}",
    PEN_RULE_MORTAL_WOUND_ENDS_TURN },
  { TRIAL_TURN "\n" WOUND (1),
    "{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, \"path\": \"light\"}",
    PEN_RULE_MORTAL_WOUND_ENDS_TURN },
  { BEGIN ("\"trap\": true") "\n" WOUND (1),
    "{\"action\": \"trial-begin\", \"wizard\": 1, \"index\": 0}",
    PEN_RULE_MORTAL_WOUND_ENDS_TURN },
  /* facing a Trial's Threat is attempting it */
  { NULL, "{\"action\": \"threat\", \"wizard\": 0, \"dice\": [1], "
    "\"trial\": {\"index\": 0}}", PEN_RULE_TRIAL_ON_TRIAL_TURN },
  /* the other turn rules pen-turn.c enforces */
  { TRIAL_TURN, "{\"action\": \"die-place\", \"wizard\": 1, \"index\": 0}",
    PEN_RULE_PLACEMENT_ON_STUDY_TURN },
  { END, "{\"action\": \"die-place\", \"wizard\": 1, \"index\": 0}",
    PEN_RULE_PLACEMENT_ON_STUDY_TURN },                        /* before a turn is declared */
  { "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0}\n"
    "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0}",
    "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0}", PEN_RULE_PLACEMENTS_PER_TURN },
  { "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, \"trinket\": true}",
    "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, \"trinket\": true}",
    PEN_RULE_TRINKET_ONCE },
  { WOUND (0) "\n" END "\n{\"action\": \"turn-start\", \"kind\": \"study\"}\n" END,
    "{\"action\": \"turn-start\", \"kind\": \"study\"}", PEN_RULE_REST_AFTER_MORTAL_WOUND },
  { WOUND (0), WOUND (0), PEN_RULE_ONE_MORTAL_WOUND },
  { TRIAL_TURN "\n{\"action\": \"trial-reserve\", \"wizard\": 1, \"index\": 0}",
    "{\"action\": \"trial-begin\", \"wizard\": 1, \"index\": 0}", PEN_RULE_RESERVED_TRIAL_ONLY },
  { "{\"action\": \"trial-reserve\", \"wizard\": 0, \"index\": 0}",
    "{\"action\": \"trial-reserve\", \"wizard\": 0, \"index\": 0}", PEN_RULE_ONE_RESERVED_TRIAL },
  { BEGIN ("\"shield\": \"Discard a 6\""),
    "{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, \"path\": \"light\"}",
    PEN_RULE_SHIELD_FIRST },
  { NULL, "{\"action\": \"turn-end\", \"reveal\": \"fresh-batch\"}",
    PEN_RULE_FATE_ON_TRIAL_OR_REST },
  { "{\"action\": \"ingredient-gain\", \"wizard\": 1, \"ingredient\": \"fruit\", \"count\": 4}",
    "{\"action\": \"exchange\", \"wizard\": 1, \"give\": {\"fruit\": 4}, \"get\": {\"jewel\": 2}}",
    PEN_RULE_CURRENT_PLAYER },                                 /* the Bazaar on Ann's turn */
  { TRIAL_TURN "\n{\"action\": \"ingredient-gain\", \"wizard\": 1, \"ingredient\": \"fruit\", "
    "\"count\": 4}",
    "{\"action\": \"exchange\", \"wizard\": 1, \"give\": {\"fruit\": 4}, \"get\": {\"jewel\": 2}}",
    PEN_RULE_NOT_ON_THIS_TURN },                               /* ... on a Trial turn */
  /* the Brewery sells Potions for Jewels (play finding A4) */
  { NULL, "{\"action\": \"buy\", \"wizard\": 0, \"card\": \"triplet\", \"pay\": {\"fruit\": 1}}",
    PEN_RULE_MARKET_CURRENCY },
  { REST_TURN "\n{\"action\": \"ingredient-gain\", \"wizard\": 1, \"ingredient\": \"blood\"}",
    "{\"action\": \"contract-reserve\", \"wizard\": 1, \"slot\": 0}",
    PEN_RULE_BIND_DURING_STUDY },                              /* Bind on a Rest turn */
  /* Bind: "Once per placement in the City" — none made yet, then a second Bind for one */
  { "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"blood\"}",
    "{\"action\": \"contract-reserve\", \"wizard\": 0, \"slot\": 0}",
    PEN_RULE_BIND_CITY_PLACEMENT },
  { "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"blood\", "
    "\"count\": 2}\n" GUILD (0) "\n{\"action\": \"contract-reserve\", \"wizard\": 0, "
    "\"slot\": 0}",
    "{\"action\": \"contract-reserve\", \"wizard\": 0, \"slot\": 3}",
    PEN_RULE_BIND_CITY_PLACEMENT },
  { BEGIN ("\"rift\": 1"), "{\"action\": \"threat\", \"wizard\": 1, \"dice\": [2]}",
    PEN_RULE_RIFT_BEFORE_ROLL },                               /* no preparation */
  { BEGIN ("\"rift\": 1"), "{\"action\": \"threat\", \"wizard\": 1, \"threat\": 1, "
    "\"dice\": [2]}", PEN_RULE_RIFT_BEFORE_ROLL },             /* no dice chosen for it */
  /* a Prophecy the app judges, confirmed against the table: End of Time with 5 Fate cards
   * left, Unity with Ann at no Trial passed and Bob at one */
  { NULL, "{\"action\": \"prophecy-fulfil\", \"card\": \"end-of-time\"}",
    PEN_RULE_PROPHECY_CONDITION },
  { "{\"action\": \"fate-reveal\", \"card\": \"fresh-batch\"}\n"
    "{\"action\": \"fate-reveal\", \"card\": \"heroism\"}\n"
    "{\"action\": \"fate-reveal\", \"card\": \"wildwood\"}\n"
    "{\"action\": \"fate-reveal\", \"card\": \"unity\"}",
    "{\"action\": \"prophecy-fulfil\", \"card\": \"unity\"}", PEN_RULE_PROPHECY_CONDITION },
  /* a Contract whose task Ann cannot do (the table named it: nine Monsters symbols) */
  { GUILD (0) "\n{\"action\": \"card-identify\", \"card\": \"brightshine\", \"values\": "
    "{\"task\": {\"kind\": \"have-experience\", \"symbols\": {\"monsters\": 9}}}}",
    "{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 3}", PEN_RULE_CONTRACT_TASK },
  /* a Trial named with a Difficulty its Fate stack does not hold (the game records the
   * stack's, "stack_difficulty", when the table names it) */
  { "{\"action\": \"correct\", \"target\": \"trial_row[1].id\", \"value\": \"trial#20\"}",
    "{\"action\": \"card-identify\", \"card\": \"trial#20\", \"as\": \"hollow-bell\", "
    "\"entry\": {\"name\": {\"en\": \"Hollow Bell\"}}, \"values\": {\"difficulty\": 3}, "
    "\"stack_difficulty\": 2}", PEN_RULE_STACK_DIFFICULTY },
  /* a card turned up named as one the table knows cannot be it (the game records why,
   * "as_gone", when the table names it: out of the game, placed, set aside) */
  { "{\"action\": \"correct\", \"target\": \"trial_row[1].id\", \"value\": \"trial#21\"}",
    "{\"action\": \"card-identify\", \"card\": \"trial#21\", \"as\": \"quiet-moor\", "
    "\"entry\": {\"name\": {\"en\": \"Quiet Moor\"}}, \"as_gone\": \"out-of-game\"}",
    PEN_RULE_CARD_STILL_POSSIBLE },
};

static void
run_lines (PenTable   *table,
           const char *lines)
{
  g_auto(GStrv) v = NULL;

  if (lines == NULL)
    return;
  v = g_strsplit (lines, "\n", -1);
  for (guint i = 0; v[i] != NULL; i++)
    run (table, v[i]);
}

/* json with an "override" member (the whole text of its value) */
static char *
with_override (const char *json,
               const char *value)
{
  return g_strdup_printf ("%.*s, \"override\": %s}", (int) strlen (json) - 1, json, value);
}

static gboolean
overruled (PenAction *action,
           PenRule    rule)
{
  GArray *rules = pen_action_get_overrides (action);

  for (guint i = 0; rules != NULL && i < rules->len; i++)
    if (g_array_index (rules, guint, i) == rule)
      return TRUE;
  return FALSE;
}

static void
test_refused_by_rule (void)
{
  g_autoptr(PenTable) base = mid_game_table ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const RuleCase *c = &cases[i];
      g_autoptr(PenTable) table = table_copy (base);
      g_autoptr(JsonNode) node = pen_json_parse (c->json, -1, NULL);
      g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", NULL);
      g_autoptr(GError) error = NULL;
      g_autofree char *before = NULL, *after = NULL, *id = NULL;

      g_test_message ("%s (%s)", c->json, pen_rule_to_string (c->rule));
      run_lines (table, c->prep);
      before = table_snapshot (table);
      g_assert_nonnull (action);
      g_assert_false (pen_action_get_override (action));
      /* the dry run says the same, and changes nothing */
      {
        g_autoptr(GError) dry = NULL;

        g_assert_false (pen_action_check (action, table, &dry));
        g_assert_error (dry, PEN_RULE_ERROR, c->rule);
        after = table_snapshot (table);
        g_assert_cmpstr (before, ==, after);
        g_clear_pointer (&after, g_free);
      }
      g_assert_false (pen_action_apply (action, table, &error));
      g_assert_error (error, PEN_RULE_ERROR, c->rule);
      g_assert_cmpint (pen_rule_from_error (error), ==, c->rule);
      /* the message: the JSON path, the reason, the rule's id */
      g_assert_true (error->message[0] == '$');
      g_assert_nonnull (strstr (error->message, pen_rule_get_reason (c->rule)));
      id = g_strdup_printf ("(rule %s;", pen_rule_to_string (c->rule));
      g_assert_nonnull (strstr (error->message, id));
      after = table_snapshot (table);
      g_assert_cmpstr (before, ==, after);
      g_assert_null (pen_action_get_overrides (action));
    }
}

/* With the override, the same action applies, says which rule it overruled, and its history
 * label shows it; an override naming another rule does not lift this one. */
static void
test_override_applies (void)
{
  g_autoptr(PenTable) base = mid_game_table ();
  const char *marker = " — override: ";

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const RuleCase *c = &cases[i];
      g_autoptr(PenTable) table = table_copy (base);
      g_autoptr(JsonNode) node = pen_json_parse (c->json, -1, NULL);
      g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", NULL);
      g_autoptr(PenAction) by_id = NULL, other = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) out = NULL;
      g_autofree char *before = NULL, *after = NULL, *text = NULL, *ids = NULL, *wrong = NULL;
      g_autofree char *reverted = NULL;

      g_test_message ("%s (%s)", c->json, pen_rule_to_string (c->rule));
      run_lines (table, c->prep);
      before = table_snapshot (table);
      pen_action_set_override (action, TRUE);
      g_assert_true (pen_action_get_override (action));
      g_assert_true (pen_action_check (action, table, NULL));
      if (!pen_action_apply (action, table, &error))
        g_error ("%s with the override: %s", c->json, error->message);
      after = table_snapshot (table);
      g_assert_cmpstr (before, !=, after);
      g_assert_true (overruled (action, c->rule));
      g_assert_nonnull (strstr (pen_action_get_label (action), marker));
      g_assert_nonnull (strstr (pen_action_get_label (action), pen_rule_get_label (c->rule)));
      /* the log keeps it */
      out = pen_action_to_json (action);
      text = pen_json_to_string (out, FALSE);
      g_assert_nonnull (strstr (text, "\"override\":true"));

      /* naming the rules it broke does it too; naming another one does not */
      {
        GArray *rules = pen_action_get_overrides (action);
        GString *list = g_string_new ("[");

        for (guint k = 0; k < rules->len; k++)
          g_string_append_printf (list, "%s\"%s\"", k ? ", " : "",
                                  pen_rule_to_string (g_array_index (rules, guint, k)));
        g_string_append (list, "]");
        ids = g_string_free (list, FALSE);
      }
      pen_action_revert (action, table);
      reverted = table_snapshot (table);
      g_assert_cmpstr (before, ==, reverted);
      g_free (text);
      text = with_override (c->json, ids);
      by_id = apply_ok (table, text);
      g_assert_true (overruled (by_id, c->rule));
      pen_action_revert (by_id, table);
      wrong = with_override (c->json, c->rule == PEN_RULE_SHIELD_FIRST ? "[\"one-reserved-trial\"]"
                                                                      : "[\"shield-task-first\"]");
      {
        g_autoptr(JsonNode) n = pen_json_parse (wrong, -1, NULL);
        g_autoptr(GError) e = NULL;

        other = pen_action_new_from_json (n, "$", NULL);
        g_assert_false (pen_action_apply (other, table, &e));
        g_assert_error (e, PEN_RULE_ERROR, c->rule);
      }
    }
}

/* An action no rule refuses carries no override, even when it asks for one */
static void
test_override_only_what_is_refused (void)
{
  g_autoptr(PenTable) table = mid_game_table ();
  g_autoptr(PenAction) action = apply_ok (table, "{\"action\": \"die-place\", \"wizard\": 0, "
                                                 "\"index\": 0, \"location\": \"guild\", "
                                                 "\"override\": true}");

  g_assert_nonnull (pen_action_get_overrides (action));
  g_assert_cmpuint (pen_action_get_overrides (action)->len, ==, 0);
  g_assert_null (strstr (pen_action_get_label (action), " — "));
  g_assert_cmpuint (pen_table_get_guild_placements (table), ==, 1);
  /* an unknown rule id is bad input */
  apply_refused (table, "{\"action\": \"turn-end\", \"override\": [\"no-such-rule\"]}",
                 PEN_ERROR_INVALID);
  apply_refused (table, "{\"action\": \"turn-end\", \"override\": 1}", PEN_ERROR_INVALID);
}

/* The ids are stable and distinct, and every rule has its reason in both languages' catalog */
static void
test_rule_ids (void)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint r = 1; r < PEN_N_RULES; r++)
    {
      const char *id = pen_rule_to_string (r);

      g_assert_nonnull (id);
      g_assert_false (g_hash_table_contains (seen, id));
      g_hash_table_add (seen, (gpointer) id);
      g_assert_cmpint (pen_rule_from_string (id), ==, r);
      g_assert_cmpstr (pen_rule_get_reason (r), !=, "");
    }
  g_assert_cmpint (pen_rule_from_string ("no-such-rule"), ==, PEN_RULE_NONE);
  g_assert_cmpstr (pen_rule_to_string (PEN_RULE_TRIAL_ON_TRIAL_TURN), ==,
                   "trial-only-on-trial-turn");
  g_assert_cmpint (pen_rule_from_error (NULL), ==, PEN_RULE_NONE);
}

/* A Mortal Wound during a Trial: the turn is over, the trial card leaves the game (it is
 * neither in the row nor with the wizard) and the turn still ends as usual */
static void
test_mortal_wound_ends_trial (void)
{
  g_autoptr(PenTable) table = mid_game_table ();
  PenWizard *bob = pen_table_get_wizard (table, 1);
  GListModel *row = pen_table_get_trial_row (table);
  g_autofree char *ids = NULL;

  run_lines (table, BEGIN ("\"trap\": true"));
  ids = card_ids (row);
  g_assert_cmpstr (ids, ==, "scrollers,aranea");
  run (table, WOUND (1));
  g_assert_null (pen_table_get_trial (table));
  g_clear_pointer (&ids, g_free);
  ids = card_ids (row);
  g_assert_cmpstr (ids, ==, "aranea");
  g_assert_cmpint (pen_wizard_find_card (bob, "scrollers"), <, 0);
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (bob)), ==, 0);
  g_assert_cmpint (pen_table_get_placements_left (table), ==, 0);
  /* the turn still ends (it reveals the next Fate card), and the next one must be a Rest */
  run (table, END);
  g_assert_true (pen_wizard_get_must_rest (bob));
}

/* The Threat of a Trial faced from its card, without "Begin this Trial…" (the threat names
 * the Trial): a Mortal Wound in that roll takes the card out of the game all the same. The
 * book, Trials › Passing a Trial: "If as a result of the Threat roll your Wizard receives a
 * Mortal Wound …, your turn ends immediately and the Trial card leaves the game." */
static void
test_threat_of_trial_mortal_wound (void)
{
  g_autoptr(PenTable) table = mid_game_table ();
  PenWizard *bob = pen_table_get_wizard (table, 1);
  GListModel *row = pen_table_get_trial_row (table);
  PenMark *wounded = pen_wizard_get_mark_in_cell (bob, 0);
  g_autofree char *ids = NULL, *roll = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  guint8 face, faces[8];

  g_assert_nonnull (wounded);
  g_assert_cmpint (pen_mark_get_state (wounded), ==, PEN_MARK_WOUNDED);
  face = pen_mark_get_value (wounded);
  g_assert_cmpuint (face, >=, 1);
  /* more dice of its face than Bob's supply and Marks can take */
  memset (faces, face, sizeof faces);
  run_lines (table, TRIAL_TURN);
  /* the same roll without the Trial: a Mortal Wound, and the card stays in the row */
  {
    g_autoptr(PenTable) plain = table_copy (table);
    g_autofree char *plain_ids = NULL;

    roll = g_strdup_printf ("{\"action\": \"threat\", \"wizard\": 1, "
                            "\"dice\": [%u, %u, %u, %u, %u, %u, %u, %u]}",
                            face, face, face, face, face, face, face, face);
    run (plain, roll);
    g_assert_cmpuint (pen_wizard_get_mortal_wounds (pen_table_get_wizard (plain, 1)), ==,
                      pen_wizard_get_mortal_wounds (bob) + 1);
    plain_ids = card_ids (pen_table_get_trial_row (plain));
    g_assert_cmpstr (plain_ids, ==, "scrollers,aranea");
  }
  /* the typed action names the Trial: the second card of the row */
  action = pen_action_new_threat (1, NULL, faces, G_N_ELEMENTS (faces), NULL, NULL, "Aranea");
  pen_action_set_trial (action, 1, NULL);
  g_assert_true (pen_action_apply (action, table, &error));
  g_assert_no_error (error);
  g_assert_true (pen_wizard_get_mortal_wound_this_turn (bob));
  g_assert_null (pen_table_get_trial (table));
  ids = card_ids (row);
  g_assert_cmpstr (ids, ==, "scrollers");
  g_assert_cmpint (pen_wizard_find_card (bob, "aranea"), <, 0);
  /* the turn is over: no other Trial */
  apply_refused (table, "{\"action\": \"trial-begin\", \"wizard\": 1, \"index\": 0}",
                 PEN_ERROR_REFUSED);
  /* undone, the card is back in the row, and no trial is in progress */
  pen_action_revert (action, table);
  g_clear_pointer (&ids, g_free);
  ids = card_ids (row);
  g_assert_cmpstr (ids, ==, "scrollers,aranea");
  g_assert_null (pen_table_get_trial (table));
}

/* A threat that names a Trial: it is the Trial's Threat step, under the Trial's rules */
static void
test_threat_of_trial_rules (void)
{
  g_autoptr(PenTable) table = mid_game_table ();
  const PenTrial *trial;

  /* (on a Study turn it is refused as the attempt it is: one of the cases above) */
  run_lines (table, TRIAL_TURN);
  /* a roll without a Mortal Wound begins it: the Trial is in progress, its main roll made */
  run (table, "{\"action\": \"threat\", \"wizard\": 1, \"dice\": [], "
       "\"trial\": {\"index\": 0}}");
  trial = pen_table_get_trial (table);
  g_assert_nonnull (trial);
  g_assert_cmpstr (trial->card, ==, "scrollers");
  g_assert_cmpint (trial->index, ==, 0);
  g_assert_true (trial->threat_rolled);
  /* another roll for the same Trial is fine; for another one it is refused */
  run (table, "{\"action\": \"threat\", \"wizard\": 1, \"dice\": [], "
       "\"trial\": {\"index\": 0}}");
  apply_refused (table, "{\"action\": \"threat\", \"wizard\": 1, \"dice\": [], "
                 "\"trial\": {\"index\": 1}}", PEN_ERROR_REFUSED);
  apply_refused (table, "{\"action\": \"threat\", \"wizard\": 1, \"dice\": [], "
                 "\"trial\": {\"row\": 1}}", PEN_ERROR_INVALID);
  /* and it is passed as usual */
  run (table, "{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, "
       "\"path\": \"light\"}");
  g_assert_null (pen_table_get_trial (table));
}

/* The CLI: a refused line exits 2 naming the line, the JSON path and the rule; with the
 * override the line applies and the log keeps it */
static void
test_cli (void)
{
  const char *exe = g_getenv ("PENUMBRA_CLI");
  g_autofree char *dir = g_dir_make_tmp ("penumbra-rules-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "game.json", NULL);
  g_autofree char *input = NULL, *out = NULL, *err = NULL, *log = NULL;
  const char * const *mid = mid_game_actions ();
  g_autoptr(GString) s = g_string_new (NULL);
  const char *argv_apply[] = { exe, "apply", file, NULL };
  const char *argv_log[] = { exe, "log", file, NULL };
  const char *bad = "{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 0, "
                    "\"path\": \"light\"}";
  int status;
  guint n = 0;

  g_assert_nonnull (exe);
  for (guint i = 0; mid[i] != NULL; i++, n++)
    g_string_append_printf (s, "%s\n", mid[i]);
  g_string_append_printf (s, "%s\n", bad);
  input = g_strdup (s->str);
  {
    g_autoptr(GSubprocess) p = g_subprocess_newv (argv_apply, G_SUBPROCESS_FLAGS_STDIN_PIPE
                                                  | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                  | G_SUBPROCESS_FLAGS_STDERR_PIPE, NULL);
    g_assert_true (g_subprocess_communicate_utf8 (p, input, NULL, &out, &err, NULL));
    status = g_subprocess_get_exit_status (p);
  }
  g_assert_cmpint (status, ==, 2);
  {
    g_autofree char *expected = g_strdup_printf ("penumbra-cli: line %u: $: A Trial is "
                                                 "attempted only on a Trial turn", n + 1);
    g_assert_true (g_str_has_prefix (err, expected));
    g_assert_nonnull (strstr (err, "(rule trial-only-on-trial-turn;"));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_free (input);
  input = with_override (bad, "true");
  {
    g_autoptr(GSubprocess) p = g_subprocess_newv (argv_apply, G_SUBPROCESS_FLAGS_STDIN_PIPE
                                                  | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                  | G_SUBPROCESS_FLAGS_STDERR_PIPE, NULL);
    g_autofree char *line = g_strconcat (input, "\n", NULL);

    g_assert_true (g_subprocess_communicate_utf8 (p, line, NULL, &out, &err, NULL));
    g_assert_cmpint (g_subprocess_get_exit_status (p), ==, 0);
  }
  {
    g_autoptr(GSubprocess) p = g_subprocess_newv (argv_log, G_SUBPROCESS_FLAGS_STDOUT_PIPE, NULL);

    g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, &log, NULL, NULL));
  }
  /* the override is in the log (and what the path's task took and its reward gave, nothing
   * for a task the catalogue does not know, and the Light or Darkness it brought, "fate") */
  g_assert_nonnull (strstr (log, "{\"action\":\"trial-take\",\"wizard\":0,\"index\":0,"
                                 "\"path\":\"light\",\"override\":true,\"task_pay\":{},"
                                 "\"reward\":{},\"fate\":{"));
  g_unlink (file);
  g_rmdir (dir);
}

/* Through a game: the override is in the saved log, and a reloaded game shows it again */
static void
test_game_reload (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenGame) loaded = NULL;
  g_autoptr(PenAction) last = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  const char * const *mid = mid_game_actions ();

  for (guint i = 0; mid[i] != NULL; i++)
    {
      g_assert_true (pen_game_submit_json (game, mid[i], &error));
      g_assert_no_error (error);
    }
  g_assert_false (pen_game_submit_json (game, "{\"action\": \"contract-take\", \"wizard\": 0, "
                                        "\"slot\": 1}", &error));
  g_assert_error (error, PEN_RULE_ERROR, PEN_RULE_CONTRACT_NEEDS_GUILD);
  g_clear_error (&error);
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"contract-take\", \"wizard\": 0, "
                                       "\"slot\": 1, \"override\": true}", &error));
  g_assert_no_error (error);
  data = pen_game_to_data (game);
  loaded = pen_game_load_from_data (data, strlen (data), &error);
  g_assert_no_error (error);
  last = g_list_model_get_item (pen_game_get_history (loaded),
                                pen_game_get_position (loaded) - 1);
  g_assert_true (overruled (last, PEN_RULE_CONTRACT_NEEDS_GUILD));
  g_assert_nonnull (strstr (pen_action_get_label (last), " — override: "));
}

/* A save written before a rule was enforced holds a step the rule now refuses: it still loads,
 * the step marked as an override in its log and history, and a damaged save still fails */
static void
test_old_save_loads (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenGame) loaded = NULL;
  g_autoptr(PenGame) broken = NULL;
  g_autoptr(PenAction) last = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL, *again = NULL;
  const char * const *mid = mid_game_actions ();
  g_autoptr(GString) old = NULL;

  for (guint i = 0; mid[i] != NULL; i++)
    g_assert_true (pen_game_submit_json (game, mid[i], &error));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"contract-take\", \"wizard\": 0, "
                                       "\"slot\": 1, \"override\": true}", &error));
  g_assert_no_error (error);
  data = pen_game_to_data (game);
  /* as an older version wrote it: no override */
  old = g_string_new (data);
  g_assert_cmpuint (g_string_replace (old, ",\"override\":true", "", 0), ==, 1);
  loaded = pen_game_load_from_data (old->str, old->len, &error);
  g_assert_no_error (error);
  last = g_list_model_get_item (pen_game_get_history (loaded),
                                pen_game_get_position (loaded) - 1);
  g_assert_true (overruled (last, PEN_RULE_CONTRACT_NEEDS_GUILD));
  again = pen_game_to_data (loaded);
  g_assert_nonnull (strstr (again, "\"override\":true"));

  /* a step that is not a rule's refusal still makes the save damaged */
  g_assert_cmpuint (g_string_replace (old, "\"slot\":1", "\"slot\":9", 1), ==, 1);
  broken = pen_game_load_from_data (old->str, old->len, &error);
  g_assert_null (broken);
  g_assert_nonnull (error);
}

/* Setup, "Ready-made deck for the first game": "find the listed cards and lay them out in the
 * order given", the Fate deck "top to bottom" Wildwood, Guild Revival, Aranea, Mastery, … At a
 * real table with that deck the next card is known: another one is refused by rule
 * fate-printed-order (the table may overrule it, and the log keeps the override); a deck the
 * table shuffled, or one the app dealt, has no such rule. */
static void
test_fate_printed_order (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenGame) loaded = NULL;
  g_autoptr(PenAction) last = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PenTable) shuffled = pen_table_new ();
  g_autoptr(PenTable) dealt = pen_table_new ();
  g_autoptr(GString) old = NULL;
  g_autofree char *data = NULL;
  PenTable *table = pen_game_get_table (game);
  static const char * const rest[] = {
    "{\"action\": \"turn-start\", \"kind\": \"rest\"}",
  };

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": "
                                       "[\"Ann\", \"Bo\"], \"seed\": 3, \"mode\": "
                                       "\"physical\", \"ready_made\": true}", &error));
  g_assert_no_error (error);
  g_assert_true (pen_table_get_fate_printed (table));
  g_assert_cmpstr (pen_table_get_fate_next (table), ==, "wildwood");

  /* Aranea lies third: refused, with the card that comes next */
  g_assert_true (pen_game_submit_json (game, rest[0], &error));
  g_assert_no_error (error);
  apply_refused (table, "{\"action\": \"turn-end\", \"reveal\": \"aranea\"}",
                 -1);
  g_assert_false (pen_game_submit_json (game, "{\"action\": \"turn-end\", \"reveal\": "
                                        "\"aranea\"}", &error));
  g_assert_error (error, PEN_RULE_ERROR, PEN_RULE_FATE_PRINTED_ORDER);
  g_assert_nonnull (strstr (error->message, "the next card is wildwood"));
  g_assert_nonnull (strstr (error->message, "fate-printed-order"));
  g_clear_error (&error);
  /* the next card is taken as it is */
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-end\", \"reveal\": "
                                       "\"wildwood\"}", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (pen_table_get_fate_next (table), ==, "guild-revival");

  /* the table's deck came out otherwise: overruled, recorded, the order of the rest kept */
  g_assert_true (pen_game_submit_json (game, rest[0], &error));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-end\", \"reveal\": "
                                       "\"mastery\", \"override\": true}", &error));
  g_assert_no_error (error);
  last = g_list_model_get_item (pen_game_get_history (game), pen_game_get_position (game) - 1);
  g_assert_true (overruled (last, PEN_RULE_FATE_PRINTED_ORDER));
  g_assert_cmpstr (pen_table_get_fate_next (table), ==, "guild-revival");

  /* saved and opened again; a save from before the flag was kept opens too */
  data = pen_game_to_data (game);
  g_assert_nonnull (strstr (data, "\"fate_printed\":true"));
  loaded = pen_game_load_from_data (data, strlen (data), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pen_table_get_fate_next (pen_game_get_table (loaded)), ==, "guild-revival");
  g_clear_object (&loaded);
  old = g_string_new (data);
  g_assert_cmpuint (g_string_replace (old, ",\"fate_printed\":true", "", 0), ==, 1);
  loaded = pen_game_load_from_data (old->str, old->len, &error);
  g_assert_no_error (error);
  g_assert_true (pen_table_get_fate_printed (pen_game_get_table (loaded)));

  /* the CLI: exit 2 with the path and the rule; `show` names the next card */
  {
    const char *exe = g_getenv ("PENUMBRA_CLI");
    g_autofree char *dir = g_dir_make_tmp ("penumbra-fate-XXXXXX", NULL);
    g_autofree char *file = g_build_filename (dir, "game.json", NULL);
    g_autofree char *out = NULL, *err = NULL;
    const char *argv_apply[] = { exe, "apply", file, NULL };
    const char *argv_show[] = { exe, "show", file, NULL };
    g_autoptr(GSubprocess) p = NULL;
    g_autoptr(GSubprocess) q = NULL;

    g_assert_nonnull (exe);
    p = g_subprocess_newv (argv_apply, G_SUBPROCESS_FLAGS_STDIN_PIPE
                           | G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                           NULL);
    g_assert_true (g_subprocess_communicate_utf8 (p, "{\"action\": \"new-game\", \"players\": "
                                                  "[\"Ann\", \"Bo\"], \"seed\": 3, \"mode\": "
                                                  "\"physical\", \"ready_made\": true}\n"
                                                  "{\"action\": \"turn-start\", \"kind\": "
                                                  "\"rest\"}\n"
                                                  "{\"action\": \"turn-end\", \"reveal\": "
                                                  "\"aranea\"}\n", NULL, &out, &err, NULL));
    g_assert_cmpint (g_subprocess_get_exit_status (p), ==, 2);
    g_assert_true (g_str_has_prefix (err, "penumbra-cli: line 3: $.reveal: The first-game Fate "
                                          "deck lies in the order the rulebook prints"));
    g_assert_nonnull (strstr (err, "the next card is wildwood, not aranea (rule "
                                   "fate-printed-order;"));
    g_clear_pointer (&out, g_free);
    q = g_subprocess_newv (argv_show, G_SUBPROCESS_FLAGS_STDOUT_PIPE, NULL);
    g_assert_true (g_subprocess_communicate_utf8 (q, NULL, NULL, &out, NULL, NULL));
    g_assert_nonnull (strstr (out, "\"next\""));
    g_assert_nonnull (strstr (out, "\"wildwood\""));
    g_unlink (file);
    g_rmdir (dir);
  }

  /* the table shuffled a deck built by the rules; the app dealt the first-game deck */
  run (shuffled, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 3, "
                 "\"mode\": \"physical\"}");
  g_assert_false (pen_table_get_fate_printed (shuffled));
  g_assert_null (pen_table_get_fate_next (shuffled));
  run (dealt, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 3, "
              "\"ready_made\": true}");
  g_assert_false (pen_table_get_fate_printed (dealt));
}

/* The book, "The Fate deck in play": End of Time is fulfilled when the Fate deck has run out
 * of cards, Unity when every Wizard has passed 3 Trials. The table's "fulfilled" is taken
 * with no override once the table meets the condition, and the refusal says what is missing. */
static void
test_prophecy_condition (void)
{
  g_autoptr(PenTable) table = mid_game_table ();
  g_autoptr(PenTable) unity = pen_table_new ();
  g_autoptr(PenAction) done = NULL;
  g_autoptr(GError) error = NULL;
  static const char * const fate[] = { "fresh-batch", "heroism", "wildwood", "unity",
                                       "basilisk" };
  static const char * const trials[] = { "goldeater", "scrollers", "aranea", "wildwood",
                                         "basilisk", "plains-of-agony" };

  /* End of Time: refused while one card is left, the count said */
  g_assert_false (pen_turn_prophecy_met (table, "end-of-time"));
  for (guint i = 0; i < G_N_ELEMENTS (fate); i++)
    {
      g_autofree char *reveal = g_strdup_printf ("{\"action\": \"fate-reveal\", \"card\": "
                                                 "\"%s\"}", fate[i]);
      g_autoptr(JsonNode) node = pen_json_parse ("{\"action\": \"prophecy-fulfil\", \"card\": "
                                                 "\"end-of-time\"}", -1, NULL);
      g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", NULL);
      g_autofree char *count = g_strdup_printf ("%zu Fate card", G_N_ELEMENTS (fate) - i);

      g_assert_false (pen_action_apply (action, table, &error));
      g_assert_error (error, PEN_RULE_ERROR, PEN_RULE_PROPHECY_CONDITION);
      g_assert_true (g_str_has_prefix (error->message, "$.card: "));
      g_assert_nonnull (strstr (error->message, count));
      g_clear_error (&error);
      run (table, reveal);
    }
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_fate_deck (table)), ==, 0);
  g_assert_true (pen_turn_prophecy_met (table, "end-of-time"));
  done = apply_ok (table, "{\"action\": \"prophecy-fulfil\", \"card\": \"end-of-time\"}");
  g_assert_cmpuint (pen_action_get_overrides (done)->len, ==, 0);
  g_assert_null (strstr (pen_action_get_label (done), " — override: "));
  g_assert_cmpint (pen_table_get_phase (table), ==, PEN_PHASE_FINAL_ROUND);
  g_assert_cmpstr (pen_table_get_ended_by (table), ==, "end-of-time");

  /* Unity: refused until the last Wizard's third Trial, naming who is short */
  run (unity, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 3, "
              "\"setup\": {\"prophecies\": [\"end-of-time\", \"unity\"], "
              "\"fate_deck\": [\"fresh-batch\"]}}");
  for (guint i = 0; i < G_N_ELEMENTS (trials); i++)
    {
      g_autofree char *gain = g_strdup_printf ("{\"action\": \"card-gain\", \"wizard\": %u, "
                                               "\"card\": \"%s\"}", i % 2, trials[i]);
      g_autoptr(JsonNode) node = pen_json_parse ("{\"action\": \"prophecy-fulfil\", \"card\": "
                                                 "\"unity\"}", -1, NULL);
      g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", NULL);
      /* Ann gains on even steps, Bob on odd ones: the first one short is named */
      g_autofree char *who = i < 5 ? g_strdup_printf ("Ann has passed %u", (i + 1) / 2)
                                   : g_strdup ("Bob has passed 2");

      g_assert_false (pen_action_apply (action, unity, &error));
      g_assert_error (error, PEN_RULE_ERROR, PEN_RULE_PROPHECY_CONDITION);
      g_assert_nonnull (strstr (error->message, who));
      g_clear_error (&error);
      run (unity, gain);
    }
  g_assert_cmpuint (pen_turn_count_trials (pen_table_get_wizard (unity, 1)), ==, 3);
  g_assert_true (pen_turn_prophecy_met (unity, "unity"));
  run (unity, "{\"action\": \"prophecy-fulfil\", \"card\": \"unity\"}");
  g_assert_cmpstr (pen_table_get_ended_by (unity), ==, "unity");

  /* a Prophecy the book gives no condition for is the table's to judge */
  g_assert_false (pen_turn_prophecy_checkable ("guild-revival"));
  g_assert_true (pen_turn_prophecy_met (unity, "guild-revival"));
  g_assert_true (pen_turn_check_prophecy (unity, "guild-revival", "$", NULL));
}

/* The CLI: End of Time confirmed with Fate cards left exits 2 with the JSON path and the
 * rule; with the override it applies and the log keeps the override */
static void
test_cli_prophecy (void)
{
  const char *exe = g_getenv ("PENUMBRA_CLI");
  g_autofree char *dir = g_dir_make_tmp ("penumbra-rules-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "game.json", NULL);
  g_autofree char *out = NULL, *err = NULL, *log = NULL, *expected = NULL;
  const char * const *mid = mid_game_actions ();
  g_autoptr(GString) s = g_string_new (NULL);
  const char *argv_apply[] = { exe, "apply", file, NULL };
  const char *argv_log[] = { exe, "log", file, NULL };
  const char *bad = "{\"action\": \"prophecy-fulfil\", \"card\": \"end-of-time\"}";
  guint n = 0;

  g_assert_nonnull (exe);
  for (guint i = 0; mid[i] != NULL; i++, n++)
    g_string_append_printf (s, "%s\n", mid[i]);
  g_string_append_printf (s, "%s\n", bad);
  {
    g_autoptr(GSubprocess) p = g_subprocess_newv (argv_apply, G_SUBPROCESS_FLAGS_STDIN_PIPE
                                                  | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                  | G_SUBPROCESS_FLAGS_STDERR_PIPE, NULL);
    g_assert_true (g_subprocess_communicate_utf8 (p, s->str, NULL, &out, &err, NULL));
    g_assert_cmpint (g_subprocess_get_exit_status (p), ==, 2);
  }
  expected = g_strdup_printf ("penumbra-cli: line %u: $.card: A Prophecy is fulfilled when the "
                              "condition printed on it is met: End of Time is fulfilled when "
                              "the Fate deck runs out, and 5 Fate cards are left", n + 1);
  g_assert_true (g_str_has_prefix (err, expected));
  g_assert_nonnull (strstr (err, "(rule prophecy-condition;"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    g_autoptr(GSubprocess) p = g_subprocess_newv (argv_apply, G_SUBPROCESS_FLAGS_STDIN_PIPE
                                                  | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                  | G_SUBPROCESS_FLAGS_STDERR_PIPE, NULL);

    g_assert_true (g_subprocess_communicate_utf8 (p, "{\"action\": \"prophecy-fulfil\", "
                                                  "\"card\": \"end-of-time\", \"override\": "
                                                  "[\"prophecy-condition\"]}\n", NULL, &out,
                                                  &err, NULL));
    g_assert_cmpint (g_subprocess_get_exit_status (p), ==, 0);
  }
  {
    g_autoptr(GSubprocess) p = g_subprocess_newv (argv_log, G_SUBPROCESS_FLAGS_STDOUT_PIPE, NULL);

    g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, &log, NULL, NULL));
  }
  g_assert_nonnull (strstr (log, "{\"action\":\"prophecy-fulfil\",\"card\":\"end-of-time\","
                                 "\"override\":[\"prophecy-condition\"]}"));
  g_unlink (file);
  g_rmdir (dir);
}

/* Urgent Contracts (Russian rules chapter) are never reserved, not even face down from the
 * deck. The rulebook names none: the user catalogue adds one (last of the tests, as the user
 * file it writes is this process's). */
static void
test_urgent_contract (void)
{
  g_autoptr(JsonNode) card = pen_json_parse ("{\"id\": \"plague-cart\", \"type\": \"contract\", "
                                             "\"name\": {\"en\": \"Plague Cart\"}, "
                                             "\"difficulty\": 2, \"urgent\": true}", -1, NULL);
  g_autoptr(PenTable) table = pen_table_new ();
  g_autoptr(PenAction) done = NULL;
  g_autoptr(GError) error = NULL;
  const char *reserve = "{\"action\": \"contract-reserve\", \"wizard\": 0, \"card\": "
                        "\"plague-cart\"}";

  g_assert_true (pen_catalog_add_user_card (pen_catalog_get_default (),
                                            json_node_get_object (card), &error));
  g_assert_no_error (error);
  run (table, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 5, "
              "\"setup\": {\"prophecies\": [\"end-of-time\"], \"contract_row\": "
              "[\"lost-hut\", \"scarlet-pact\", \"brightshine\", null], \"contract_deck\": "
              "[\"plague-cart\", \"sorcerous-prison\"]}}");
  run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"blood\"}");
  run (table, "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, \"location\": \"guild\"}");
  {
    g_autoptr(JsonNode) node = pen_json_parse (reserve, -1, NULL);
    g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", NULL);
    g_autofree char *before = table_snapshot (table), *after = NULL;

    g_assert_false (pen_action_apply (action, table, &error));
    g_assert_error (error, PEN_RULE_ERROR, PEN_RULE_URGENT_NOT_RESERVED);
    g_assert_true (g_str_has_prefix (error->message, "$.card: "));
    g_assert_nonnull (strstr (error->message, "(rule urgent-contract-not-reserved;"));
    after = table_snapshot (table);
    g_assert_cmpstr (before, ==, after);
  }
  done = apply_ok (table, "{\"action\": \"contract-reserve\", \"wizard\": 0, \"card\": "
                          "\"plague-cart\", \"override\": true}");
  g_assert_true (overruled (done, PEN_RULE_URGENT_NOT_RESERVED));
  g_assert_nonnull (strstr (pen_action_get_label (done), " — override: "));
  g_assert_cmpint (pen_wizard_find_card (pen_table_get_wizard (table, 0), "plague-cart"), >=, 0);
}

/* Bind ("Discard 1 Blood to Reserve one Contract") with a wounded Mark's Blood: WOUNDED MARKS
 * AS BLOOD, "This Blood can be used exactly like Blood in your Ingredient supply"; USE BLOOD,
 * "instead of discarding 1 Blood from your Ingredient supply you can flip any wounded Mark".
 * The supply's Blood goes first unless "blood_source" says the Marks; the Mark flipped is
 * written into the action ("blood_mark") */
static void
test_bind_wounded_mark (void)
{
  for (guint k = 0; k < 3; k++)
    {
      g_autoptr(PenTable) table = pen_table_new ();
      g_autoptr(PenAction) done = NULL;
      g_autoptr(PenMark) mark = NULL;
      g_autofree char *wound = NULL;
      PenWizard *ann;
      JsonObject *params;

      run (table, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 5, "
                  "\"setup\": {\"prophecies\": [\"end-of-time\"], \"contract_row\": "
                  "[\"lost-hut\", \"scarlet-pact\", \"brightshine\", \"sorcerous-prison\"]}}");
      run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
      ann = pen_table_get_wizard (table, 0);
      run (table, "{\"action\": \"mark-gain\", \"wizard\": 0, \"kind\": \"ruby\", "
                  "\"rest_effect\": false}");
      mark = g_list_model_get_item (pen_wizard_get_marks (ann), 0);
      wound = g_strdup_printf ("{\"action\": \"mark-wound\", \"wizard\": 0, \"cell\": %u}",
                               pen_mark_get_cell (mark));
      run (table, wound);
      /* k = 0: the Mark's Blood only; 1: the supply's too, first; 2: the Marks first */
      if (k > 0)
        run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": "
                    "\"blood\"}");
      run (table, GUILD (0));
      done = apply_ok (table, k == 2 ? "{\"action\": \"contract-reserve\", \"wizard\": 0, "
                                       "\"slot\": 0, \"blood_source\": \"marks-first\"}"
                                     : "{\"action\": \"contract-reserve\", \"wizard\": 0, "
                                       "\"slot\": 0}");
      g_assert_cmpint (pen_wizard_find_card (ann, "lost-hut"), >=, 0);
      params = pen_action_get_params (done);
      g_assert_cmpint (pen_mark_get_state (mark), ==,
                       k == 1 ? PEN_MARK_WOUNDED : PEN_MARK_DISCHARGED);
      g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD), ==, k == 2);
      g_assert_cmpint (json_object_has_member (params, "blood_mark"), ==, k != 1);
      if (k != 1)
        g_assert_cmpint (json_object_get_int_member (params, "blood_mark"), ==,
                         pen_mark_get_cell (mark));
    }
}

/* Every rule the core enforces has its refusal and override tested: here (cases[] or
 * test_urgent_contract ()), or, for the locations' rules, in test-locations.c */
static void
test_every_rule_tested (void)
{
  static const PenRule elsewhere[] = {
    PEN_RULE_CELL_CONDITION, PEN_RULE_CELL_TAKEN, PEN_RULE_LOCATION_COST,
    PEN_RULE_LOCATION_GIVES, PEN_RULE_SHOP_ONE_ARTIFACT, PEN_RULE_CLASS_IN_GAME,
    PEN_RULE_BRIBE_DURING_STUDY, PEN_RULE_KNOCK_OUT,
    PEN_RULE_URGENT_NOT_RESERVED,   /* test_urgent_contract () */
    PEN_RULE_FATE_PRINTED_ORDER,    /* test_fate_printed_order () */
    PEN_RULE_TRIAL_TASK,            /* test_trial_task_refused (): it writes the catalogue */
    PEN_RULE_DEFEND,                /* test_contract_withstand_defend_refused (): the same */
  };

  for (guint r = 1; r < PEN_N_RULES; r++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
        found = found || cases[i].rule == r;
      for (guint i = 0; i < G_N_ELEMENTS (elsewhere); i++)
        found = found || elsewhere[i] == r;
      if (!found)
        g_error ("rule %s has no refusal case", pen_rule_to_string (r));
    }
}


/* The final round (rulebook "End of the game"): "the current player finishes their turn as
 * usual, after which all players take one more turn each, including the player on whose turn
 * the Prophecy was fulfilled". Whatever the moment the table confirms it during player P's
 * turn — before P chose a turn type, after, mid-turn — the turns that end from then on are
 * P's, then one for every player, the last P's again; End of Time found at the end of P's
 * turn gives the others and P one more each. */
typedef enum
{
  BEFORE_TYPE,    /* P has not chosen a turn type yet */
  AFTER_STUDY,    /* P chose Study and placed a die */
  AFTER_TRIAL,    /* P chose Trial */
  AT_TURN_END,    /* the Fate deck runs out at the end of P's Rest: End of Time */
  N_MOMENTS
} Moment;

static void
check_final_round (guint  n_players,
                   guint  p,
                   Moment moment)
{
  g_autoptr(PenTable) table = pen_table_new ();
  g_autoptr(GString) json = g_string_new ("{\"action\": \"new-game\", \"players\": [");
  g_autoptr(GArray) ended = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n;

  for (guint i = 0; i < n_players; i++)
    g_string_append_printf (json, "%s\"P%u\"", i ? ", " : "", i);
  /* Guild Revival: a Prophecy only the table can judge, so that it may be confirmed at any
   * moment (End of Time, the app's to judge, is found by the app at a turn's end) */
  g_string_append_printf (json, "], \"seed\": 11, \"setup\": {\"prophecies\": [\"end-of-time\", "
                          "\"guild-revival\"],"
                          " \"trial_row\": [\"goldeater\"], \"fate_deck\": [%s]}}",
                          moment == AT_TURN_END ? "\"wildwood\""
                          : "\"wildwood\", \"aranea\", \"fresh-batch\", \"heroism\", "
                            "\"basilisk\", \"festival\", \"mastery\", \"plains-of-agony\"");
  run (table, json->str);
  n = pen_table_get_n_players (table);   /* solo: the Rival is the second wizard */

  /* a first round, then Study turns up to P's turn of the second round */
  for (guint i = 0; i < n + p; i++)
    {
      run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
      run (table, END);
    }
  g_assert_cmpuint (pen_table_get_current (table), ==, p);

  switch (moment)
    {
    case BEFORE_TYPE:
      run (table, "{\"action\": \"prophecy-fulfil\", \"card\": \"guild-revival\"}");
      break;
    case AFTER_STUDY:
      run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
      {
        g_autofree char *place = g_strdup_printf ("{\"action\": \"die-place\", \"wizard\": %u, "
                                                  "\"index\": 0}", p);
        run (table, place);
      }
      run (table, "{\"action\": \"prophecy-fulfil\", \"card\": \"guild-revival\"}");
      break;
    case AFTER_TRIAL:
      run (table, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
      run (table, "{\"action\": \"prophecy-fulfil\", \"card\": \"guild-revival\"}");
      break;
    case AT_TURN_END:
      run (table, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
      run (table, END);
      g_assert_cmpstr (pen_table_get_ended_by (table), ==, "end-of-time");
      g_array_append_val (ended, p);
      break;
    case N_MOMENTS:
    default:
      g_assert_not_reached ();
    }
  g_assert_cmpint (pen_table_get_phase (table), ==, PEN_PHASE_FINAL_ROUND);

  while (pen_table_get_phase (table) != PEN_PHASE_ENDED)
    {
      guint who = pen_table_get_current (table);

      if (pen_table_get_turn_kind (table) == PEN_TURN_NONE)
        run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
      /* the Trial turn of AFTER_TRIAL attempted none: done anyway, this test is about the
       * round */
      run (table, pen_table_get_turn_kind (table) == PEN_TURN_TRIAL
                  ? "{\"action\": \"turn-end\", \"override\": true}" : END);
      g_array_append_val (ended, who);
      g_assert_cmpuint (ended->len, <=, n + 1);
    }
  /* P's turn, then each player once, P last */
  g_assert_cmpuint (ended->len, ==, n + 1);
  for (guint i = 0; i <= n; i++)
    g_assert_cmpuint (g_array_index (ended, guint, i), ==, (p + i) % n);
  apply_refused (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}", -1);
}

/* Noticed late: the prophecy was fulfilled on the turn that just ended; that turn is over, so
 * every player has one more turn, the current one first */
static void
check_fulfilled_last_turn (guint n_players)
{
  g_autoptr(PenTable) table = pen_table_new ();
  g_autoptr(GString) json = g_string_new ("{\"action\": \"new-game\", \"players\": [");
  guint n, first, turns = 0;

  for (guint i = 0; i < n_players; i++)
    g_string_append_printf (json, "%s\"P%u\"", i ? ", " : "", i);
  g_string_append (json, "], \"seed\": 2}");
  run (table, json->str);
  n = pen_table_get_n_players (table);
  /* End of Time with Fate cards left: the table overrules the app's count explicitly */
  apply_refused (table, "{\"action\": \"prophecy-fulfil\", \"card\": \"end-of-time\", "
                        "\"on_last_turn\": true, \"override\": [\"prophecy-condition\"]}",
                 PEN_ERROR_REFUSED);   /* none has ended */
  run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  apply_refused (table, "{\"action\": \"prophecy-fulfil\", \"card\": \"end-of-time\", "
                        "\"on_last_turn\": true, \"override\": [\"prophecy-condition\"]}",
                 PEN_ERROR_REFUSED);   /* this one began */
  run (table, END);
  first = pen_table_get_current (table);
  run (table, "{\"action\": \"prophecy-fulfil\", \"card\": \"end-of-time\", "
              "\"on_last_turn\": true, \"override\": [\"prophecy-condition\"]}");
  while (pen_table_get_phase (table) != PEN_PHASE_ENDED)
    {
      g_assert_cmpuint (pen_table_get_current (table), ==, (first + turns) % n);
      run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
      run (table, END);
      turns++;
    }
  g_assert_cmpuint (turns, ==, n);
}

static void
test_final_round (void)
{
  for (guint players = 1; players <= 4; players++)
    for (Moment m = 0; m < N_MOMENTS; m++)
      {
        guint n = players == 1 ? 2 : players;

        for (guint p = 0; p < n; p++)
          {
            g_test_message ("%u players, P%u, moment %d", players, p, m);
            check_final_round (players, p, m);
          }
      }
  for (guint players = 1; players <= 4; players++)
    check_fulfilled_last_turn (players);
}

static char *
supply_text (PenWizard *w)
{
  GListModel *supply = pen_wizard_get_supply (w);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (supply); i++)
    {
      g_autoptr(PenDie) d = g_list_model_get_item (supply, i);

      g_string_append_printf (s, "%s%s%u", i ? "," : "",
                              pen_color_to_string (pen_die_get_color (d)), pen_die_get_value (d));
    }
  return g_string_free (s, FALSE);
}

/* Rift (X): the player chooses the dice it discards before the roll, and the Threat action
 * carries that choice (rift_dice, indices in the supply before the roll) with the roll */
static void
test_rift_before_roll (void)
{
  g_autoptr(PenTable) base = mid_game_table ();
  PenWizard *bob;
  g_autofree char *want = NULL;

  run_lines (base, BEGIN ("\"rift\": 1"));
  bob = pen_table_get_wizard (base, 1);
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (bob)), >=, 2);

  /* the table rolled no Threat die here: only Rift acts, on the die Bob chose, the second */
  for (guint chosen = 0; chosen < 2; chosen++)
    {
      g_autoptr(PenTable) table = table_copy (base);
      g_autoptr(PenAction) action = NULL;
      g_autoptr(JsonNode) out = NULL;
      g_autofree char *json = NULL, *text = NULL, *before = NULL, *after = NULL;
      g_autoptr(GString) expect = g_string_new (NULL);
      g_auto(GStrv) dice = NULL;

      bob = pen_table_get_wizard (table, 1);
      before = supply_text (bob);
      dice = g_strsplit (before, ",", -1);
      for (guint i = 0; dice[i] != NULL; i++)
        if (i != chosen)
          g_string_append_printf (expect, "%s%s", expect->len ? "," : "", dice[i]);
      json = g_strdup_printf ("{\"action\": \"threat\", \"wizard\": 1, \"threat\": 0, "
                              "\"rift_dice\": [%u], \"dice\": []}", chosen);
      action = apply_ok (table, json);
      after = supply_text (bob);
      g_assert_cmpstr (after, ==, expect->str);
      g_assert_true (pen_table_get_trial (table)->threat_rolled);
      g_assert_nonnull (strstr (pen_action_get_label (action), "Rift 1"));
      out = pen_action_to_json (action);
      text = pen_json_to_string (out, FALSE);
      g_assert_nonnull (strstr (text, "\"rift_dice\":[")); /* the log keeps the choice */
      /* Rift acts once, on the main roll: a later roll (Retaliation) needs no choice */
      run (table, "{\"action\": \"threat\", \"wizard\": 1, \"dice\": [6]}");
    }

  /* app-dealt: the discard is chosen, then the app rolls the rest */
  {
    g_autoptr(PenTable) table = table_copy (base);
    g_autofree char *before = NULL;

    bob = pen_table_get_wizard (table, 1);
    before = supply_text (bob);
    run (table, "{\"action\": \"threat\", \"wizard\": 1, \"threat\": 2, \"rift_dice\": [0], "
                "\"count\": 2}");
    g_assert_true (pen_table_get_trial (table)->threat_rolled);
  }

  /* the choice must fit: as many dice as Rift discards, dice Bob has */
  apply_refused (base, "{\"action\": \"threat\", \"wizard\": 1, \"threat\": 0, "
                       "\"rift_dice\": [0, 1], \"dice\": []}", PEN_ERROR_INVALID);
  apply_refused (base, "{\"action\": \"threat\", \"wizard\": 1, \"threat\": 0, "
                       "\"rift_dice\": [40], \"dice\": []}", PEN_ERROR_INVALID);
  apply_refused (base, "{\"action\": \"threat\", \"wizard\": 1, \"rift_dice\": [0], "
                       "\"dice\": [3]}", PEN_ERROR_REFUSED);   /* the roll is of 0 dice */
  apply_refused (base, "{\"action\": \"threat\", \"wizard\": 0, \"rift_dice\": [0], "
                       "\"dice\": []}", PEN_ERROR_INVALID);    /* no Rift for Ann */
  /* a cancelled Rift asks for nothing */
  run (base, "{\"action\": \"trial-property\", \"cancel\": \"rift\"}");
  want = supply_text (pen_table_get_wizard (base, 1));
  run (base, "{\"action\": \"threat\", \"wizard\": 1, \"dice\": []}");
  {
    g_autofree char *now = supply_text (pen_table_get_wizard (base, 1));
    g_assert_cmpstr (now, ==, want);
  }
}

/* Physical mode with the table rolling (new-game "table_rolls"): every die the table rolls
 * comes with its face in the action ("faces", in the order pen_action_list_rolls gives);
 * without it the action is refused, so the app asks. */
#define PHYSICAL_NEW \
  "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 3," \
  " \"mode\": \"physical\", \"table_rolls\": true," \
  " \"start\": [{\"mark\": \"ruby\"}, {\"mark\": \"jasper\"}]," \
  " \"setup\": {\"prophecies\": [\"end-of-time\"], \"trial_row\": [\"aranea\"]," \
  "  \"fate_deck\": [\"wildwood\", \"aranea\", \"fresh-batch\"]}}"

static const struct
{
  const char *prep;
  const char *json;
} rolling[] = {
  { NULL, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\"}" },
  { NULL, "{\"action\": \"die-reroll\", \"wizard\": 0, \"index\": 1}" },
  { NULL, "{\"action\": \"turn-start\", \"kind\": \"rest\"}" },      /* Bone dice, marks */
  { NULL, "{\"action\": \"mark-gain\", \"wizard\": 0, \"kind\": \"amber\"}" },
  { "{\"action\": \"mark-wound\", \"wizard\": 1, \"cell\": 0}",
    "{\"action\": \"mark-heal\", \"wizard\": 1, \"cell\": 0}" },
  { "{\"action\": \"turn-start\", \"kind\": \"trial\"}",    /* difficulty 2: a Spark Mark */
    "{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 0, \"path\": \"dark\"}" },
};

static void
test_physical_rolls (void)
{
  g_autoptr(PenTable) base = pen_table_new ();

  run (base, PHYSICAL_NEW);
  for (guint c = 0; c < G_N_ELEMENTS (rolling); c++)
    {
      g_autoptr(PenTable) table = table_copy (base);
      g_autoptr(JsonNode) node = pen_json_parse (rolling[c].json, -1, NULL);
      g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", NULL);
      g_autoptr(GArray) rolls = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree guint *faces = NULL;
      g_autofree char *before = NULL, *after = NULL;
      guint n_before[2];

      g_test_message ("%s", rolling[c].json);
      run_lines (table, rolling[c].prep);
      before = table_snapshot (table);
      g_assert_false (pen_action_apply (action, table, &error));
      g_assert_error (error, PEN_ERROR, PEN_ERROR_NEEDS_FACES);
      g_assert_true (g_str_has_prefix (error->message, "$.faces: physical mode: the table rolls"));
      after = table_snapshot (table);
      g_assert_cmpstr (before, ==, after);

      /* what to ask for, without touching the table (nor its generator) */
      g_clear_error (&error);
      rolls = pen_action_list_rolls (action, table, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (rolls->len, >=, 1);
      g_clear_pointer (&after, g_free);
      after = table_snapshot (table);
      g_assert_cmpstr (before, ==, after);

      /* a face too few or too many is bad input */
      faces = g_new (guint, rolls->len + 1);
      for (guint i = 0; i <= rolls->len; i++)
        faces[i] = 1 + (i * 2 + c) % 6;
      pen_action_set_faces (action, faces, rolls->len + 1);
      g_clear_error (&error);
      g_assert_false (pen_action_apply (action, table, &error));
      g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);

      for (guint w = 0; w < 2; w++)
        n_before[w] = g_list_model_get_n_items (
          pen_wizard_get_supply (pen_table_get_wizard (table, w)));
      pen_action_set_faces (action, faces, rolls->len);
      g_clear_error (&error);
      g_assert_true (pen_action_apply (action, table, &error));
      g_assert_no_error (error);

      /* the dice show the table's faces: the new ones (or the rerolled one) */
      for (guint w = 0; w < 2; w++)
        {
          GListModel *supply = pen_wizard_get_supply (pen_table_get_wizard (table, w));
          guint n = g_list_model_get_n_items (supply);

          if (g_str_has_prefix (rolling[c].json, "{\"action\": \"die-reroll\"") && w == 0)
            {
              g_autoptr(PenDie) d = g_list_model_get_item (supply, 1);
              g_assert_cmpuint (pen_die_get_value (d), ==, faces[0]);
              g_assert_cmpuint (pen_die_get_color (d), ==, g_array_index (rolls, guint, 0));
            }
          else if (n > n_before[w])
            {
              g_assert_cmpuint (n - n_before[w], ==, rolls->len);
              for (guint i = 0; i < rolls->len; i++)
                {
                  g_autoptr(PenDie) d = g_list_model_get_item (supply, n_before[w] + i);
                  g_assert_cmpuint (pen_die_get_value (d), ==, faces[i]);
                  g_assert_cmpuint (pen_die_get_color (d), ==, g_array_index (rolls, guint, i));
                }
            }
        }
    }

  /* the Threat dice: the table gives their faces, the app never rolls them */
  apply_refused (base, "{\"action\": \"threat\", \"wizard\": 0, \"count\": 3}",
                 PEN_ERROR_NEEDS_FACES);
  run (base, "{\"action\": \"threat\", \"wizard\": 0, \"dice\": [6, 6, 6]}");

  /* the starting dice too, when the table says them */
  {
    g_autoptr(PenTable) table = pen_table_new ();
    g_autofree char *json = g_strdup_printf ("%.*s, \"faces\": [1, 2, 3, 4, 5, 6, 1, 2]}",
                                             (int) strlen (PHYSICAL_NEW) - 1, PHYSICAL_NEW);
    GListModel *supply;

    run (table, json);
    supply = pen_wizard_get_supply (pen_table_get_wizard (table, 1));
    for (guint i = 0; i < 4; i++)
      {
        g_autoptr(PenDie) d = g_list_model_get_item (supply, i);
        g_assert_cmpuint (pen_die_get_value (d), ==, (4 + i) % 6 + 1);
      }
  }

  /* app-dealt mode keeps the seeded generator: the same game rolls the same */
  {
    g_autoptr(PenTable) a = pen_table_new ();
    g_autoptr(PenTable) b = pen_table_new ();
    g_autofree char *sa = NULL, *sb = NULL;

    run (a, MID_GAME_NEW);
    run (b, MID_GAME_NEW);
    run (a, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\"}");
    run (b, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\"}");
    sa = table_snapshot (a);
    sb = table_snapshot (b);
    g_assert_cmpstr (sa, ==, sb);
  }
}

/* The Rival's dice in such a game: its turn comes with the faces the table rolled for it */
static void
test_physical_rival (void)
{
  g_autoptr(PenTable) table = pen_table_new ();
  guint asked = 0;

  run (table, "{\"action\": \"new-game\", \"players\": [\"P\"], \"solo\": 1, "
              "\"mode\": \"physical\", \"table_rolls\": true, \"seed\": 9}");
  for (guint t = 0; t < 30 && pen_table_get_phase (table) == PEN_PHASE_PLAYING; t++)
    {
      GListModel *deck = pen_table_get_fate_deck (table);
      g_autofree char *reveal = NULL, *json = NULL;

      if (g_list_model_get_n_items (deck) > 0)
        {
          g_autoptr(PenTableCard) top = g_list_model_get_item (deck, 0);
          if (pen_table_card_get_card_id (top) != NULL)
            reveal = g_strdup_printf (", \"reveal\": \"%s\"", pen_table_card_get_card_id (top));
        }
      if (reveal == NULL)
        break;
      if (!pen_wizard_get_rival (pen_table_get_wizard (table, pen_table_get_current (table))))
        {
          g_autofree char *rest = with_faces (table, "{\"action\": \"turn-start\", "
                                                     "\"kind\": \"rest\"}", 2);
          g_autofree char *end = g_strdup_printf ("{\"action\": \"turn-end\"%s}", reveal);

          run (table, rest);
          run (table, end);
          continue;
        }
      json = g_strdup_printf ("{\"action\": \"rival-turn\"%s}", reveal);
      {
        g_autoptr(JsonNode) node = pen_json_parse (json, -1, NULL);
        g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(GArray) rolls = pen_action_list_rolls (action, table, &error);
        g_autofree char *full = NULL;

        g_assert_no_error (error);
        if (rolls->len > 0)
          {
            apply_refused (table, json, PEN_ERROR_NEEDS_FACES);
            asked++;
          }
        full = with_faces (table, json, 6);
        run (table, full);
      }
    }
  g_assert_cmpuint (asked, >, 0);
}

static guint
n_without_value (PenTable *table,
                 guint     wizard)
{
  g_autoptr(GArray) cells = pen_table_list_marks_without_value (table, wizard);

  return cells->len;
}

static char *
cells_text (GArray *cells)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < cells->len; i++)
    g_string_append_printf (s, "%s%u", i ? "," : "", g_array_index (cells, guint, i));
  return g_string_free (s, FALSE);
}

/* A board value entered during the game applies to it at once, to every board, and is
 * undone like any step; the Threat page learns which marks still lack one. */
static void
test_board_value (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ann = NULL, bob = NULL, after = NULL;
  g_autofree char *a = NULL, *b = NULL, *c = NULL;
  PenMark *spark;

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": "
                                       "[\"Ann\", \"Bob\"], \"seed\": 4, \"start\": "
                                       "[{\"mark\": \"ruby\"}, {}]}", &error));
  g_assert_no_error (error);
  ann = pen_table_list_marks_without_value (table, 0);
  bob = pen_table_list_marks_without_value (table, 1);
  a = cells_text (ann);
  b = cells_text (bob);
  g_assert_cmpstr (a, ==, "0,8");     /* the starting mark and the Spark Mark */
  g_assert_cmpstr (b, ==, "8");

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"board-value\", \"cell\": 8, "
                                       "\"value\": 3}", &error));
  g_assert_no_error (error);
  after = pen_table_list_marks_without_value (table, 0);
  c = cells_text (after);
  g_assert_cmpstr (c, ==, "0");
  g_assert_cmpuint (n_without_value (table, 1), ==, 0);
  spark = pen_wizard_get_mark_in_cell (pen_table_get_wizard (table, 1), 8);
  g_assert_cmpuint (pen_mark_get_value (spark), ==, 3);
  g_assert_cmpuint (pen_table_get_cell_value (table, 8), ==, 3);

  /* it counts in the game: a Threat 3 on Bob (whose dice show no 3) wounds the Spark Mark */
  {
    g_autoptr(GString) json = g_string_new ("{\"action\": \"threat\", \"wizard\": 1, "
                                            "\"dice\": [3]}");
    GListModel *supply = pen_wizard_get_supply (pen_table_get_wizard (table, 1));

    for (guint i = 0; i < g_list_model_get_n_items (supply); i++)
      {
        g_autofree char *set = g_strdup_printf ("{\"action\": \"die-set\", \"wizard\": 1, "
                                                "\"index\": %u, \"value\": 6}", i);
        g_assert_true (pen_game_submit_json (game, set, &error));
      }
    g_assert_true (pen_game_submit_json (game, json->str, &error));
    g_assert_no_error (error);
    g_assert_cmpint (pen_mark_get_state (spark), ==, PEN_MARK_WOUNDED);
    while (pen_game_get_position (game) > 2)
      g_assert_true (pen_game_undo (game));
  }

  /* undone, the cell is unknown again; the same value twice is refused */
  g_assert_false (pen_game_submit_json (game, "{\"action\": \"board-value\", \"cell\": 8, "
                                        "\"value\": 3}", &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_REFUSED);
  g_clear_error (&error);
  g_assert_true (pen_game_undo (game));
  spark = pen_wizard_get_mark_in_cell (pen_table_get_wizard (table, 1), 8);
  g_assert_cmpuint (pen_mark_get_value (spark), ==, 0);
  g_assert_cmpuint (n_without_value (table, 1), ==, 1);
  apply_refused (table, "{\"action\": \"board-value\", \"cell\": 11, \"value\": 3}",
                 PEN_ERROR_INVALID);
  apply_refused (table, "{\"action\": \"board-value\", \"cell\": 1, \"value\": 7}",
                 PEN_ERROR_INVALID);
}

/* The rulebook's task kinds on a Contract (Contracts and Trials › Tasks): "Discard 3 Crystals"
 * (here 3 Fruits) and "Discard any number of Red dice with a sum of 12 or more". Fulfilled at
 * the Guild, the task's cost leaves the wizard's supply in the same step, exactly, and the
 * reward's Ingredients and dice arrive; undone, all of it comes back; the action records what
 * was paid, so a replay pays the same. */
static guint
count_color (PenWizard *w,
             PenColor   color,
             guint     *sum)
{
  GListModel *supply = pen_wizard_get_supply (w);
  guint n = 0;

  if (sum != NULL)
    *sum = 0;
  for (guint i = 0; i < g_list_model_get_n_items (supply); i++)
    {
      g_autoptr(PenDie) die = g_list_model_get_item (supply, i);

      if (pen_die_get_color (die) != color)
        continue;
      n++;
      if (sum != NULL)
        *sum += pen_die_get_value (die);
    }
  return n;
}

static void
test_contract_task_cost (void)
{
  g_autoptr(PenTable) table = mid_game_table ();
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autofree char *before = NULL, *after = NULL;
  guint reds, red_sum, reds_after, red_sum_after, n_supply;

  run (table, "{\"action\": \"card-identify\", \"card\": \"lost-hut\", \"values\": {\"task\": "
              "{\"kind\": \"discard-ingredients\", \"ingredients\": {\"fruit\": 3}}, "
              "\"reward\": {\"ingredients\": {\"arcana\": 2}, \"dice\": [\"purple\"]}}}");
  run (table, "{\"action\": \"card-identify\", \"card\": \"scarlet-pact\", \"values\": "
              "{\"task\": {\"kind\": \"discard-sum\", \"colors\": [\"red\"], \"at_least\": 12}}}");
  run (table, GUILD (0));
  run (table, GUILD (0));
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT), ==, 4);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), ==, 2);

  /* Lost Hut: 3 Fruits go, 2 Arcana and a Purple die come */
  before = table_snapshot (table);
  n_supply = g_list_model_get_n_items (pen_wizard_get_supply (ann));
  {
    g_autoptr(PenAction) take = apply_ok (table, "{\"action\": \"contract-take\", "
                                                 "\"wizard\": 0, \"slot\": 1}");
    JsonObject *params = pen_action_get_params (take);
    g_autoptr(JsonNode) node = pen_action_to_json (take);
    g_autofree char *text = pen_json_to_string (node, FALSE);

    g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT), ==, 1);
    g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), ==, 4);
    g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (ann)), ==, n_supply + 1);
    g_assert_cmpuint (count_color (ann, PEN_COLOR_PURPLE, NULL), ==, 1);
    g_assert_true (json_object_has_member (params, "task_pay"));
    g_assert_nonnull (strstr (text, "\"task_pay\":{\"ingredients\":{\"fruit\":3}}"));
    g_assert_nonnull (strstr (text, "\"reward\":{\"dice\":[\"purple\"],"));
    pen_action_revert (take, table);
    after = table_snapshot (table);
    g_assert_cmpstr (before, ==, after);
    g_clear_pointer (&after, g_free);

    /* the same action again (a redo, a replay) takes what it recorded */
    g_assert_true (pen_action_apply (take, table, NULL));
    g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT), ==, 1);
  }

  /* Scarlet Pact: Red dice of a sum of 12 or more, the fewest and least wasteful: two 6s */
  reds = count_color (ann, PEN_COLOR_RED, &red_sum);
  n_supply = g_list_model_get_n_items (pen_wizard_get_supply (ann));
  run (table, "{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 2}");
  reds_after = count_color (ann, PEN_COLOR_RED, &red_sum_after);
  g_assert_cmpuint (reds - reds_after, ==, 2);
  g_assert_cmpuint (red_sum - red_sum_after, ==, 12);
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (ann)), ==, n_supply - 2);
}

/* A wizard who cannot pay is refused (contract-task), and nothing moves; the table can still
 * overrule, and then nothing is taken */
static void
test_contract_task_refused (void)
{
  g_autoptr(PenTable) table = mid_game_table ();
  PenWizard *ann = pen_table_get_wizard (table, 0);

  run (table, "{\"action\": \"card-identify\", \"card\": \"sorcerous-prison\", \"values\": "
              "{\"task\": {\"kind\": \"discard-ingredients\", "
              "\"ingredients\": {\"crystal\": 3}}}}");
  run (table, GUILD (0));
  apply_refused (table, "{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0}", -1);
  /* the table is told what is short, not only the rule */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = pen_json_parse ("{\"action\": \"contract-take\", \"wizard\": 0, "
                                               "\"slot\": 0}", -1, NULL);
    g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", NULL);
    const char *said;

    g_assert_false (pen_action_apply (action, table, &error));
    said = pen_rule_get_error_label (error);
    g_assert_cmpint (pen_rule_from_error (error), ==, PEN_RULE_CONTRACT_TASK);
    g_assert_true (g_str_has_prefix (said, "Ann cannot do the task of "));
    g_assert_cmpstr (said, !=, pen_rule_get_label (PEN_RULE_CONTRACT_TASK));
    g_assert_false (g_str_has_suffix (said, "."));
    g_test_message ("%s", said);
  }
  run (table, "{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, "
              "\"override\": [\"contract-task\"]}");
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_CRYSTAL), ==, 0);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD), ==, 3);
}

/* Two Threat faces that bring Ann a Mortal Wound (mortal TRUE) or do not, found by the Threat
 * rules themselves against her board as it lies */
static gboolean
withstand_faces (PenTable *table,
                 gboolean  mortal,
                 guint8    faces[2])
{
  g_autoptr(PenBoard) board = pen_wizard_to_board (pen_table_get_wizard (table, 0));

  for (guint a = 1; a <= 6; a++)
    for (guint b = a; b <= 6; b++)
      {
        g_auto(PenThreatResult) result = { 0, };
        PenThreatChoices choices;

        faces[0] = a;
        faces[1] = b;
        pen_threat_choices_init (&choices);
        g_assert_true (pen_threat_resolve (board, faces, 2, &choices, &result));
        if (result.mortal_wound == mortal)
          return TRUE;
      }
  return FALSE;
}

/* WITHSTAND THREAT (Contracts and Trials › Tasks): "Roll and apply the indicated number of
 * Threat dice. The task is fulfilled if the Wizard did not receive a Mortal Wound during this
 * Threat roll." The roll is part of the step (play finding S2, session 12): without a Mortal
 * Wound the Contract is fulfilled; with one it is not (no reward, it stays in the Guild: "the
 * Contract is not discarded and stays in the Guild") and the turn is over */
/* A game whose Guild row begins with a Contract the user catalogue names ("withstand-hut": the
 * rulebook's own example task, "Roll and apply three Threat dice", here two), Ann on her Study
 * turn with a die placed at the Guild */
static PenTable *
withstand_table (void)
{
  PenTable *table = pen_table_new ();

  if (pen_catalog_lookup (pen_catalog_get_default (), "withstand-hut") == NULL)
    {
      g_autoptr(JsonNode) card = pen_json_parse ("{\"id\": \"withstand-hut\", \"type\": "
                                                 "\"contract\", \"name\": {\"en\": \"Withstand "
                                                 "Hut\"}, \"difficulty\": 1, \"vp\": 2, "
                                                 "\"task\": {\"kind\": \"withstand\", "
                                                 "\"threat\": 2}, \"reward\": {\"ingredients\": "
                                                 "{\"arcana\": 2}}}", -1, NULL);
      g_autoptr(GError) error = NULL;

      g_assert_true (pen_catalog_add_user_card (pen_catalog_get_default (),
                                                json_node_get_object (card), &error));
      g_assert_no_error (error);
    }
  run (table, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 5, "
              "\"setup\": {\"prophecies\": [\"end-of-time\"], \"contract_row\": "
              "[\"withstand-hut\", \"lost-hut\", \"scarlet-pact\", \"brightshine\"], "
              "\"contract_deck\": [\"sorcerous-prison\"]}}");
  run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  run (table, "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, \"location\": "
              "\"guild\"}");
  return table;
}

static void
test_contract_withstand (void)
{
  for (guint mortal = 0; mortal < 2; mortal++)
    {
      g_autoptr(PenTable) table = withstand_table ();
      PenWizard *ann = pen_table_get_wizard (table, 0);
      g_autoptr(PenAction) take = NULL;
      g_autofree char *before = NULL, *after = NULL, *json = NULL, *replayed = NULL;
      guint8 faces[2];
      guint arcana, n_cards;

      g_assert_cmpuint (pen_turn_contract_withstand ("withstand-hut"), ==, 2);
      g_assert_cmpuint (pen_turn_contract_withstand ("lost-hut"), ==, 0);
      if (mortal)
        {
          /* the board's values said, and every Mark wounded, so a face no supply die shows
           * hits a wounded one */
          for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
            {
              g_autofree char *value = g_strdup_printf ("{\"action\": \"board-value\", "
                                                        "\"cell\": %u, \"value\": %u}", cell,
                                                        cell % 6 + 1);
              run (table, value);
            }
          for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
            if (pen_wizard_get_mark_in_cell (ann, cell) != NULL)
              {
                g_autofree char *wound = g_strdup_printf ("{\"action\": \"mark-wound\", "
                                                          "\"wizard\": 0, \"cell\": %u}", cell);
                run (table, wound);
              }
        }
      g_assert_true (withstand_faces (table, mortal, faces));
      arcana = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA);
      n_cards = g_list_model_get_n_items (pen_wizard_get_cards (ann));
      before = table_snapshot (table);
      json = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, "
                              "\"withstand\": [%u, %u]}", faces[0], faces[1]);
      take = apply_ok (table, json);
      g_test_message ("%s", pen_action_get_label (take));
      g_assert_nonnull (strstr (pen_action_get_label (take), "faces Threat:"));
      if (!mortal)
        {
          g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), ==,
                            arcana + 2);
          g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_cards (ann)), ==,
                            n_cards + 1);
          g_assert_cmpint (pen_wizard_find_card (ann, "withstand-hut"), >=, 0);
          g_assert_false (pen_wizard_get_mortal_wound_this_turn (ann));
          g_assert_true (g_str_has_prefix (pen_action_get_label (take),
                                           "Ann fulfils the contract Withstand Hut"));
        }
      else
        {
          g_autoptr(PenTableCard) cell = g_list_model_get_item (
            pen_table_get_contract_row (table), 0);

          g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), ==, arcana);
          g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_cards (ann)), ==, n_cards);
          g_assert_cmpstr (pen_table_card_get_card_id (cell), ==, "withstand-hut");
          g_assert_true (pen_wizard_get_mortal_wound_this_turn (ann));
          g_assert_cmpuint (pen_table_get_placements_left (table), ==, 0);
          g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (ann)), ==, 0);
          g_assert_true (g_str_has_prefix (pen_action_get_label (take),
                                           "Ann does not fulfil the contract Withstand Hut"));
        }
      /* undone as one step; applied again, the same table */
      after = table_snapshot (table);
      pen_action_revert (take, table);
      replayed = table_snapshot (table);
      g_assert_cmpstr (before, ==, replayed);
      g_clear_pointer (&replayed, g_free);
      g_assert_true (pen_action_apply (take, table, NULL));
      replayed = table_snapshot (table);
      g_assert_cmpstr (after, ==, replayed);
    }
}

/* In app-dealt play the app rolls the task's Threat dice and writes them into the action, so a
 * replay rolls the same; in physical play the table says them, nothing prefilled */
static void
test_contract_withstand_faces (void)
{
  g_autoptr(PenTable) table = withstand_table ();
  g_autoptr(PenAction) take = NULL;
  g_autofree char *after = NULL, *replayed = NULL;
  JsonArray *rolled;

  /* the wrong number of faces is refused */
  apply_refused (table, "{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, "
                        "\"withstand\": [1, 2, 3]}", PEN_ERROR_INVALID);
  take = apply_ok (table, "{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0}");
  rolled = json_object_get_array_member (pen_action_get_params (take), "withstand");
  g_assert_cmpuint (json_array_get_length (rolled), ==, 2);
  after = table_snapshot (table);
  pen_action_revert (take, table);
  g_assert_true (pen_action_apply (take, table, NULL));
  replayed = table_snapshot (table);
  g_assert_cmpstr (after, ==, replayed);
  pen_action_revert (take, table);

  pen_table_set_table_rolls (table, TRUE);
  apply_refused (table, "{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0}",
                 PEN_ERROR_NEEDS_FACES);
}

/* A save from before the Withstand roll (play finding V10): its Contract was fulfilled with no
 * Threat rolled and its log says nothing of "withstand". It opens as it was played, at a real
 * table too, where a new step would be asked the faces; before, the app called it damaged. */
static void
test_contract_withstand_old_save (void)
{
  static const char * const steps[] = {
    "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 5, "
    "\"mode\": \"physical\", \"table_rolls\": true, "
    "\"setup\": {\"prophecies\": [\"end-of-time\"], \"contract_row\": "
    "[\"withstand-hut\", \"lost-hut\", \"scarlet-pact\", \"brightshine\"], "
    "\"contract_deck\": [\"sorcerous-prison\"]}}",
    "{\"action\": \"turn-start\", \"kind\": \"study\"}",
    "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, \"location\": \"guild\"}",
    /* what the older app wrote: no faces, no roll */
    "{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, \"withstand\": null}",
  };
  g_autoptr(PenTable) hut = withstand_table ();  /* the user card */
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) re = g_regex_new (",\"withstand\":null|\"withstand\":null,", 0, 0, NULL);
  g_autofree char *data = NULL, *old = NULL;
  g_autofree char *before = NULL, *after = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      pen_game_submit_json (game, steps[i], &error);
      g_assert_no_error (error);
    }
  /* fulfilled: the Hut left the row */
  {
    g_autoptr(PenTableCard) cell = g_list_model_get_item (
      pen_table_get_contract_row (pen_game_get_table (game)), 0);

    g_assert_cmpstr (cell != NULL ? pen_table_card_get_card_id (cell) : NULL, !=,
                     "withstand-hut");
  }
  data = pen_game_to_data (game);
  old = g_regex_replace_literal (re, data, -1, 0, "", 0, NULL);
  g_assert_null (strstr (old, "withstand\":"));
  loaded = pen_game_load_from_data (old, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  before = table_snapshot (pen_game_get_table (game));
  after = table_snapshot (pen_game_get_table (loaded));
  g_assert_cmpstr (before, ==, after);
}

/* History says by which path a Trial was passed, as the Trial row's menu does: the Light and
 * Darkness counted at the end can be followed (play finding P6, session 12) */
static void
test_trial_path_in_label (void)
{
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(PenTable) table = mid_game_table ();
      g_autoptr(PenAction) take = NULL;
      g_autofree char *json = g_strdup_printf ("{\"action\": \"trial-take\", \"wizard\": 1, "
                                               "\"index\": 0, \"path\": \"%s\"}",
                                               i == 0 ? "light" : "dark");

      run_lines (table, TRIAL_TURN);
      take = apply_ok (table, json);
      g_test_message ("%s", pen_action_get_label (take));
      g_assert_cmpstr (pen_action_get_label (take), ==,
                       i == 0 ? "Bob passes the trial Scrollers by the path of Light"
                              : "Bob passes the trial Scrollers by the path of Darkness");
    }
}

/* Trials › Passing a Trial: after the Threat, the TASK of the chosen path, then its REWARD.
 * The task is the book's own example, "Discard 3 Crystals"; the reward 2 Arcana and a Purple
 * die. Passed by Light, the Crystals leave Bob's supply and the reward arrives in the same
 * step, recorded in the action; undone, all of it comes back. The Darkness path, read later,
 * joins the catalogue beside the Light one. */
#define SCROLLERS pen_catalog_lookup (pen_catalog_get_default (), "scrollers")

static void
test_trial_task_cost (void)
{
  g_autoptr(PenTable) table = mid_game_table ();
  PenWizard *bob = pen_table_get_wizard (table, 1);
  g_autofree char *before = NULL, *after = NULL;
  guint n_supply, purples;

  run (table, END);
  run (table, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 1, \"ingredient\": "
              "\"crystal\", \"count\": 4}");
  run (table, "{\"action\": \"card-identify\", \"card\": \"scrollers\", \"values\": "
              "{\"task\": {\"light\": {\"kind\": \"discard-ingredients\", "
              "\"ingredients\": {\"crystal\": 3}}}, \"reward\": {\"light\": "
              "{\"ingredients\": {\"arcana\": 2}, \"dice\": [\"purple\"]}}}}");
  g_assert_nonnull (pen_card_get_path_task (SCROLLERS, PEN_PATH_LIGHT));
  g_assert_null (pen_card_get_path_task (SCROLLERS, PEN_PATH_DARK));
  run (table, "{\"action\": \"threat\", \"wizard\": 1, \"dice\": [6], "
              "\"trial\": {\"index\": 0}}");

  before = table_snapshot (table);
  n_supply = g_list_model_get_n_items (pen_wizard_get_supply (bob));
  purples = count_color (bob, PEN_COLOR_PURPLE, NULL);
  {
    g_autoptr(PenAction) take = apply_ok (table, "{\"action\": \"trial-take\", "
                                                 "\"wizard\": 1, \"index\": 0, "
                                                 "\"path\": \"light\"}");
    g_autoptr(JsonNode) node = pen_action_to_json (take);
    g_autofree char *text = pen_json_to_string (node, FALSE);

    g_assert_cmpuint (pen_wizard_get_ingredient (bob, PEN_INGREDIENT_CRYSTAL), ==, 1);
    g_assert_cmpuint (pen_wizard_get_ingredient (bob, PEN_INGREDIENT_ARCANA), >=, 2);
    g_assert_cmpuint (count_color (bob, PEN_COLOR_PURPLE, NULL), ==, purples + 1);
    g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (bob)), ==, n_supply + 1);
    g_assert_nonnull (strstr (text, "\"task_pay\":{\"ingredients\":{\"crystal\":3}}"));
    g_assert_nonnull (strstr (text, "\"reward\":{\"dice\":[\"purple\"],"));
    pen_action_revert (take, table);
    after = table_snapshot (table);
    g_assert_cmpstr (before, ==, after);

    /* a redo takes what it recorded */
    g_assert_true (pen_action_apply (take, table, NULL));
    g_assert_cmpuint (pen_wizard_get_ingredient (bob, PEN_INGREDIENT_CRYSTAL), ==, 1);
  }

  /* the Darkness path read later: both are kept */
  run (table, "{\"action\": \"card-identify\", \"card\": \"scrollers\", \"values\": "
              "{\"task\": {\"dark\": {\"kind\": \"discard-sum\", \"colors\": [\"red\"], "
              "\"at_least\": 8}}}}");
  g_assert_nonnull (pen_card_get_path_task (SCROLLERS, PEN_PATH_LIGHT));
  g_assert_nonnull (pen_card_get_path_task (SCROLLERS, PEN_PATH_DARK));
  g_assert_nonnull (pen_card_get_path_reward (SCROLLERS, PEN_PATH_LIGHT));
}

/* The first card of zone in list (a market or a deck), or NULL */
static const char *
first_in (GListModel *list,
          const char *zone,
          guint       skip)
{
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (list, i);

      if (g_strcmp0 (pen_table_card_get_zone (tc), zone) == 0 && skip-- == 0)
        return pen_table_card_get_card_id (tc);
    }
  return NULL;
}

/* Contracts and Trials › Rewards › Cards: "Artifact. Gain any Artifact from the Shop market or
 * from the top of the Artifact deck" (play finding E2, session 14): the Artifact of the Shop
 * taken, the Shop refilled from its deck; the Potion from the top of its deck, dealt; both in
 * Bob's play area, the log keeping which, undo and redo the same */
static PenTable *
mid_game_market_table (void)
{
  PenTable *table = pen_table_new ();
  const char * const *actions = mid_game_actions ();
  g_autofree char *with_markets = NULL;

  /* the same game, the Brewery and the Shop laid out with their decks */
  g_assert_true (g_str_has_suffix (MID_GAME_NEW, "}}"));
  with_markets = g_strdup_printf ("%.*s, \"markets\": {\"brewery\": [\"triplet\", "
                                  "\"dead-water\"], \"shop\": [\"wand-of-everwood\", "
                                  "\"ringing-staff\"]}, \"market_decks\": {\"brewery\": "
                                  "[\"silverling\", \"ichor\"], \"shop\": [\"pulsing-staff\", "
                                  "\"thorny-patch\"]}}}", (int) strlen (MID_GAME_NEW) - 2,
                                  MID_GAME_NEW);
  run (table, with_markets);
  for (guint i = 1; actions[i] != NULL; i++)
    run (table, actions[i]);
  return table;
}

static void
test_trial_reward_cards (void)
{
  g_autoptr(PenTable) table = mid_game_market_table ();
  PenWizard *bob = pen_table_get_wizard (table, 1);
  GListModel *markets = pen_table_get_markets (table);
  GListModel *decks = pen_table_get_market_decks (table);
  g_autofree char *before = NULL, *after = NULL, *shop = NULL, *shop_next = NULL;
  g_autofree char *potion_top = NULL, *json = NULL, *taken = NULL, *again = NULL;

  run (table, END);
  run (table, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  /* 3: the catalogue may know the Light path already (trial-task-cost) */
  run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 1, \"ingredient\": "
              "\"crystal\", \"count\": 3}");
  run (table, "{\"action\": \"card-identify\", \"card\": \"scrollers\", \"values\": "
              "{\"task\": {\"light\": {\"kind\": \"discard-ingredients\", "
              "\"ingredients\": {\"crystal\": 1}}}, \"reward\": {\"light\": "
              "{\"cards\": [\"artifact\", \"potion\"]}}}}");
  run (table, "{\"action\": \"threat\", \"wizard\": 1, \"dice\": [6], "
              "\"trial\": {\"index\": 0}}");
  shop = g_strdup (first_in (markets, "shop", 0));
  shop_next = g_strdup (first_in (decks, "shop", 0));
  potion_top = g_strdup (first_in (decks, "brewery", 0));
  g_assert_nonnull (shop);
  g_assert_nonnull (shop_next);
  g_assert_nonnull (potion_top);

  before = table_snapshot (table);
  json = g_strdup_printf ("{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, "
                          "\"path\": \"light\", \"reward_cards\": [{\"kind\": \"artifact\", "
                          "\"card\": \"%s\"}, {\"kind\": \"potion\", \"from\": \"deck\"}]}",
                          shop);
  {
    g_autoptr(PenAction) take = apply_ok (table, json);
    g_autoptr(JsonNode) node = pen_action_to_json (take);
    g_autofree char *text = pen_json_to_string (node, FALSE);
    g_autofree char *expect = g_strdup_printf ("\"reward_cards\":[{\"kind\":\"artifact\","
                                               "\"card\":\"%s\",\"from\":\"market\","
                                               "\"reveal\":\"%s\"},{\"kind\":\"potion\","
                                               "\"from\":\"deck\",\"card\":\"%s\"}]",
                                               shop, shop_next, potion_top);
    int potion;

    g_test_message ("%s", text);
    g_assert_nonnull (strstr (text, expect));
    g_assert_cmpint (pen_wizard_find_card (bob, shop), >=, 0);
    g_assert_cmpint (potion = pen_wizard_find_card (bob, potion_top), >=, 0);
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_wizard_get_cards (bob),
                                                          (guint) potion);

      g_assert_cmpstr (pen_table_card_get_zone (tc), ==, PEN_ZONE_INVENTORY);
    }
    /* the Shop refilled from the top of its deck; the Potion deck one card shorter */
    g_assert_cmpstr (first_in (markets, "shop", 0), ==, shop_next);
    g_assert_cmpstr (first_in (decks, "shop", 0), !=, shop_next);
    g_assert_cmpstr (first_in (decks, "brewery", 0), !=, potion_top);
    g_assert_nonnull (strstr (pen_action_get_label (take), "; gains "));
    taken = table_snapshot (table);

    pen_action_revert (take, table);
    after = table_snapshot (table);
    g_assert_cmpstr (before, ==, after);
    /* a redo takes what it recorded */
    g_assert_true (pen_action_apply (take, table, NULL));
    g_assert_cmpint (pen_wizard_find_card (bob, shop), >=, 0);
    g_assert_cmpint (pen_wizard_find_card (bob, potion_top), >=, 0);
    g_assert_cmpstr (first_in (markets, "shop", 0), ==, shop_next);
    again = table_snapshot (table);
    g_assert_cmpstr (taken, ==, again);
  }
}

/* The same for a Contract fulfilled (contract-take): its reward's Artifact from the Shop, the
 * Shop refilled from its deck, written into the action; undo and redo give the same table */
static void
test_contract_reward_cards (void)
{
  g_autoptr(PenTable) table = mid_game_market_table ();
  PenWizard *ann = pen_table_get_wizard (table, 0);
  GListModel *markets = pen_table_get_markets (table);
  GListModel *decks = pen_table_get_market_decks (table);
  GListModel *row = pen_table_get_contract_row (table);
  g_autofree char *before = NULL, *after = NULL, *shop = NULL, *shop_next = NULL;
  g_autofree char *json = NULL, *taken = NULL, *again = NULL;
  int slot = -1;

  run (table, "{\"action\": \"card-identify\", \"card\": \"lost-hut\", \"values\": {\"task\": "
              "{\"kind\": \"discard-ingredients\", \"ingredients\": {\"fruit\": 3}}, "
              "\"reward\": {\"cards\": [\"artifact\"]}}}");
  run (table, GUILD (0));
  for (guint i = 0; i < g_list_model_get_n_items (row) && slot < 0; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (row, i);

      if (g_strcmp0 (pen_table_card_get_card_id (tc), "lost-hut") == 0)
        slot = (int) i;
    }
  g_assert_cmpint (slot, >=, 0);
  shop = g_strdup (first_in (markets, "shop", 1));
  shop_next = g_strdup (first_in (decks, "shop", 0));
  g_assert_nonnull (shop);
  g_assert_nonnull (shop_next);

  before = table_snapshot (table);
  json = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": %d, "
                          "\"reward_cards\": [{\"kind\": \"artifact\", \"card\": \"%s\"}]}",
                          slot, shop);
  {
    g_autoptr(PenAction) take = apply_ok (table, json);
    g_autoptr(JsonNode) node = pen_action_to_json (take);
    g_autofree char *text = pen_json_to_string (node, FALSE);
    g_autofree char *expect = g_strdup_printf ("\"reward_cards\":[{\"kind\":\"artifact\","
                                               "\"card\":\"%s\",\"from\":\"market\","
                                               "\"reveal\":\"%s\"}]", shop, shop_next);

    g_test_message ("%s", text);
    g_test_message ("%s", pen_action_get_label (take));
    g_assert_nonnull (strstr (text, expect));
    g_assert_cmpint (pen_wizard_find_card (ann, shop), >=, 0);
    g_assert_cmpint (pen_wizard_find_card (ann, "lost-hut"), >=, 0);
    /* the Shop refilled from the top of its deck */
    g_assert_cmpstr (first_in (markets, "shop", 1), ==, shop_next);
    g_assert_cmpstr (first_in (decks, "shop", 0), !=, shop_next);
    g_assert_nonnull (strstr (pen_action_get_label (take), "; gains "));
    taken = table_snapshot (table);

    pen_action_revert (take, table);
    after = table_snapshot (table);
    g_assert_cmpstr (before, ==, after);
    g_assert_cmpint (pen_wizard_find_card (ann, shop), <, 0);
    /* a redo takes what it recorded */
    g_assert_true (pen_action_apply (take, table, NULL));
    again = table_snapshot (table);
    g_assert_cmpstr (taken, ==, again);
    pen_action_revert (take, table);
  }

  /* the same fulfilment as a second Guild placement's effect (Study: two placements), the Artifact
   * from the top of the deck: the place action records the card dealt */
  g_clear_pointer (&json, g_free);
  g_clear_pointer (&taken, g_free);
  g_clear_pointer (&again, g_free);
  g_clear_pointer (&after, g_free);
  g_clear_pointer (&before, g_free);
  before = table_snapshot (table);
  json = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, \"index\": 0, "
                          "\"location\": \"guild\", \"section\": \"contract\", \"slot\": %d, "
                          "\"reward_cards\": [{\"kind\": \"artifact\", \"from\": \"deck\"}]}",
                          slot);
  {
    g_autoptr(PenAction) place = apply_ok (table, json);
    g_autoptr(JsonNode) node = pen_action_to_json (place);
    g_autofree char *text = pen_json_to_string (node, FALSE);
    g_autofree char *expect = g_strdup_printf ("\"reward_cards\":[{\"kind\":\"artifact\","
                                               "\"from\":\"deck\",\"card\":\"%s\"}]",
                                               shop_next);

    g_test_message ("%s", text);
    g_test_message ("%s", pen_action_get_label (place));
    g_assert_nonnull (strstr (text, expect));
    g_assert_cmpint (pen_wizard_find_card (ann, shop_next), >=, 0);
    g_assert_nonnull (strstr (pen_action_get_label (place), "; gains "));
    taken = table_snapshot (table);
    pen_action_revert (place, table);
    after = table_snapshot (table);
    g_assert_cmpstr (before, ==, after);
    g_assert_true (pen_action_apply (place, table, NULL));
    again = table_snapshot (table);
    g_assert_cmpstr (taken, ==, again);
  }
}

/* A reward card not in the market named as from it, or of another kind: refused */
static void
test_trial_reward_cards_refused (void)
{
  g_autoptr(PenTable) table = mid_game_market_table ();

  run (table, END);
  run (table, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 1, \"ingredient\": "
              "\"crystal\", \"count\": 3}");
  run (table, "{\"action\": \"threat\", \"wizard\": 1, \"dice\": [6], "
              "\"trial\": {\"index\": 0}}");
  apply_refused (table, "{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, \"path\": "
                        "\"light\", \"reward_cards\": [{\"kind\": \"artifact\", \"card\": "
                        "\"liquid-luck\"}]}", PEN_ERROR_INVALID);
  apply_refused (table, "{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, \"path\": "
                        "\"light\", \"reward_cards\": [{\"kind\": \"tome\"}]}",
                 PEN_ERROR_INVALID);
  apply_refused (table, "{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, \"path\": "
                        "\"light\", \"reward_cards\": [{\"kind\": \"potion\", "
                        "\"from\": \"market\"}]}", PEN_ERROR_INVALID);
}

/* Bob cannot do the chosen path's task: refused by trial-task with what is short, and nothing
 * moves (the Trial stays in the row); "Do It Anyway" passes it, takes nothing, and the log
 * keeps the override */
static void
test_trial_task_refused (void)
{
  g_autoptr(PenTable) table = mid_game_table ();
  PenWizard *bob = pen_table_get_wizard (table, 1);
  GListModel *row = pen_table_get_trial_row (table);
  guint n_row;

  run (table, END);
  run (table, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  run (table, "{\"action\": \"card-identify\", \"card\": \"aranea\", \"values\": "
              "{\"task\": {\"light\": {\"kind\": \"discard-ingredients\", "
              "\"ingredients\": {\"crystal\": 3}}}}}");
  n_row = g_list_model_get_n_items (row);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = pen_json_parse ("{\"action\": \"trial-take\", \"wizard\": 1, "
                                               "\"index\": 1, \"path\": \"light\"}", -1, NULL);
    g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", NULL);
    const char *said;

    g_assert_false (pen_action_apply (action, table, &error));
    g_assert_cmpint (pen_rule_from_error (error), ==, PEN_RULE_TRIAL_TASK);
    said = pen_rule_get_error_label (error);
    g_assert_true (g_str_has_prefix (said, "Bob cannot do the task of Aranea"));
    g_assert_nonnull (strstr (error->message, "trial-task"));
    g_test_message ("%s", said);
  }
  g_assert_cmpuint (g_list_model_get_n_items (row), ==, n_row);
  {
    g_autoptr(PenAction) take = apply_ok (table, "{\"action\": \"trial-take\", "
                                                 "\"wizard\": 1, \"index\": 1, "
                                                 "\"path\": \"light\", "
                                                 "\"override\": [\"trial-task\"]}");
    g_autoptr(JsonNode) node = pen_action_to_json (take);
    g_autofree char *text = pen_json_to_string (node, FALSE);

    g_assert_nonnull (strstr (text, "\"override\":[\"trial-task\"]"));
    g_assert_nonnull (strstr (text, "\"task_pay\":{}"));
  }
  g_assert_cmpuint (g_list_model_get_n_items (row), ==, n_row - 1);
  g_assert_cmpuint (pen_wizard_get_ingredient (bob, PEN_INGREDIENT_CRYSTAL), ==, 0);
}

/* A Trial whose path of Darkness has the task WITHSTAND THREAT (Contracts and Trials › Tasks;
 * the rulebook's own example, "Roll and apply three Threat dice", here two) and a reward of 2
 * Arcana, in the user catalogue; a game whose Trial row begins with it, Ann on her Trial turn
 * with its Threat faced (a 6: nothing happens on a board with no 6 held). physical: a real
 * table, which says every face. */
static PenTable *
withstand_trial_table (gboolean physical)
{
  PenTable *table = pen_table_new ();
  g_autofree char *game = NULL;

  if (pen_catalog_lookup (pen_catalog_get_default (), "withstand-cave") == NULL)
    {
      g_autoptr(JsonNode) card = pen_json_parse ("{\"id\": \"withstand-cave\", \"type\": "
                                                 "\"trial\", \"name\": {\"en\": \"Withstand "
                                                 "Cave\"}, \"difficulty\": 1, \"vp\": 2, "
                                                 "\"light\": 0, \"dark\": 1, \"symbols\": [], "
                                                 "\"task\": {\"dark\": {\"kind\": "
                                                 "\"withstand\", \"threat\": 2}}, "
                                                 "\"reward\": {\"dark\": {\"ingredients\": "
                                                 "{\"arcana\": 2}}}}", -1, NULL);
      g_autoptr(GError) error = NULL;

      g_assert_true (pen_catalog_add_user_card (pen_catalog_get_default (),
                                                json_node_get_object (card), &error));
      g_assert_no_error (error);
    }
  game = g_strdup ("{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                   "\"seed\": 5, \"cell_values\": [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1], "
                   "\"setup\": {\"prophecies\": [\"end-of-time\"], \"trial_row\": "
                   "[\"withstand-cave\", \"scrollers\"], \"fate_deck\": [\"aranea\", "
                   "\"fresh-batch\", \"heroism\"], \"contract_row\": [\"lost-hut\", "
                   "\"scarlet-pact\", \"brightshine\", null], \"contract_deck\": "
                   "[\"sorcerous-prison\"]}}");
  run (table, game);
  run (table, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  run (table, "{\"action\": \"threat\", \"wizard\": 0, \"dice\": [6], "
              "\"trial\": {\"index\": 0}}");
  pen_table_set_table_rolls (table, physical);
  return table;
}

/* Every Mark of Ann's wounded, so a face no supply die shows hits a wounded one */
static void
wound_all (PenTable *table)
{
  PenWizard *ann = pen_table_get_wizard (table, 0);

  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    if (pen_wizard_get_mark_in_cell (ann, cell) != NULL)
      {
        g_autofree char *wound = g_strdup_printf ("{\"action\": \"mark-wound\", "
                                                  "\"wizard\": 0, \"cell\": %u}", cell);
        run (table, wound);
      }
}

/* Trials › Passing a Trial › TASK: a path whose task is WITHSTAND THREAT rolls that Threat as
 * part of the pass (play finding, session 13). Without a Mortal Wound the Trial is passed and
 * the reward given; with one, "the task is not fulfilled, the Trial is failed. Your turn ends
 * immediately and the Trial card leaves the game": no reward, no Experience, the card gone.
 * Undone as one step. */
static void
test_trial_withstand (void)
{
  g_assert_cmpuint (pen_turn_trial_withstand ("scrollers", PEN_PATH_DARK), ==, 0);
  for (guint mortal = 0; mortal < 2; mortal++)
    {
      g_autoptr(PenTable) table = withstand_trial_table (FALSE);
      PenWizard *ann = pen_table_get_wizard (table, 0);
      GListModel *row = pen_table_get_trial_row (table);
      g_autoptr(PenAction) take = NULL;
      g_autofree char *before = NULL, *after = NULL, *json = NULL, *replayed = NULL;
      guint8 faces[2];
      guint arcana, n_cards;

      g_assert_cmpuint (pen_turn_trial_withstand ("withstand-cave", PEN_PATH_DARK), ==, 2);
      g_assert_cmpuint (pen_turn_trial_withstand ("withstand-cave", PEN_PATH_LIGHT), ==, 0);
      if (mortal)
        wound_all (table);
      g_assert_true (withstand_faces (table, mortal, faces));
      arcana = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA);
      n_cards = g_list_model_get_n_items (pen_wizard_get_cards (ann));
      before = table_snapshot (table);
      json = g_strdup_printf ("{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 0, "
                              "\"path\": \"dark\", \"withstand\": [%u, %u]}",
                              faces[0], faces[1]);
      take = apply_ok (table, json);
      g_test_message ("%s", pen_action_get_label (take));
      g_assert_nonnull (strstr (pen_action_get_label (take), "faces Threat: "));
      g_assert_null (pen_table_get_trial (table));
      g_assert_cmpuint (pen_table_get_trials_this_turn (table), ==, 1);
      if (!mortal)
        {
          g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), ==,
                            arcana + 2);
          g_assert_cmpint (pen_wizard_find_card (ann, "withstand-cave"), >=, 0);
          g_assert_false (pen_wizard_get_mortal_wound_this_turn (ann));
          g_assert_true (g_str_has_prefix (pen_action_get_label (take),
                                           "Ann passes the trial Withstand Cave by the path "
                                           "of Darkness"));
        }
      else
        {
          g_autoptr(PenTableCard) first = g_list_model_get_item (row, 0);

          g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), ==, arcana);
          g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_cards (ann)), ==, n_cards);
          g_assert_cmpint (pen_wizard_find_card (ann, "withstand-cave"), <, 0);
          /* the card left the game: the row has Scrollers first now */
          g_assert_cmpstr (pen_table_card_get_card_id (first), ==, "scrollers");
          g_assert_true (pen_wizard_get_mortal_wound_this_turn (ann));
          g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (ann)), ==, 0);
          g_assert_true (g_str_has_prefix (pen_action_get_label (take),
                                           "Ann fails the trial Withstand Cave; "));
          g_assert_nonnull (strstr (pen_action_get_label (take), "a Mortal Wound"));
          /* no second attempt this turn */
          apply_refused (table, "{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 0, "
                                "\"path\": \"light\"}", -1);
        }
      /* undone as one step; applied again, the same table */
      after = table_snapshot (table);
      pen_action_revert (take, table);
      replayed = table_snapshot (table);
      g_assert_cmpstr (before, ==, replayed);
      g_clear_pointer (&replayed, g_free);
      g_assert_true (pen_action_apply (take, table, NULL));
      replayed = table_snapshot (table);
      g_assert_cmpstr (after, ==, replayed);
    }
}

/* App-dealt: the app rolls the task's Threat dice from the game's generator and writes them
 * into the action, so a redo and a replay roll the same. Physical: the table says them,
 * nothing prefilled: refused with NEEDS_FACES naming "$.withstand" until given. */
static void
test_trial_withstand_faces (void)
{
  {
    g_autoptr(PenTable) table = withstand_trial_table (FALSE);
    g_autoptr(PenTable) twin = withstand_trial_table (FALSE);
    g_autoptr(PenAction) take = NULL;
    g_autoptr(PenAction) again = NULL;
    g_autofree char *after = NULL, *replayed = NULL, *other = NULL;
    JsonArray *rolled;
    JsonObject *params;

    apply_refused (table, "{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 0, "
                          "\"path\": \"dark\", \"withstand\": [1, 2, 3]}", PEN_ERROR_INVALID);
    take = apply_ok (table, "{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 0, "
                            "\"path\": \"dark\"}");
    params = pen_action_get_params (take);
    rolled = json_object_get_array_member (params, "withstand");
    g_assert_cmpuint (json_array_get_length (rolled), ==, 2);
    g_assert_true (json_object_get_boolean_member (params, "withstand_rolled"));
    after = table_snapshot (table);
    pen_action_revert (take, table);
    g_assert_true (pen_action_apply (take, table, NULL));
    replayed = table_snapshot (table);
    g_assert_cmpstr (after, ==, replayed);
    /* the same game played again rolls the same */
    again = apply_ok (twin, "{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 0, "
                            "\"path\": \"dark\"}");
    other = table_snapshot (twin);
    g_assert_cmpstr (after, ==, other);
  }
  {
    g_autoptr(PenTable) table = withstand_trial_table (TRUE);
    PenWizard *ann = pen_table_get_wizard (table, 0);
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = pen_json_parse ("{\"action\": \"trial-take\", \"wizard\": 0, "
                                               "\"index\": 0, \"path\": \"dark\"}", -1, NULL);
    g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", NULL);
    g_autoptr(PenAction) take = NULL;
    guint8 faces[2];
    guint arcana = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA);
    g_autofree char *json = NULL;

    g_assert_false (pen_action_apply (action, table, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_NEEDS_FACES);
    g_assert_true (g_str_has_prefix (error->message, "$.withstand: "));
    g_assert_cmpuint (pen_action_withstand_dice (action, table, NULL), ==, 2);
    g_assert_true (withstand_faces (table, FALSE, faces));
    json = g_strdup_printf ("{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 0, "
                            "\"path\": \"dark\", \"withstand\": [%u, %u]}", faces[0], faces[1]);
    take = apply_ok (table, json);
    g_assert_false (json_object_has_member (pen_action_get_params (take), "withstand_rolled"));
    g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), ==, arcana + 2);
    g_assert_cmpint (pen_wizard_find_card (ann, "withstand-cave"), >=, 0);
  }
}

/* A save from before the Trial's Withstand roll: its trial-take says nothing of "withstand".
 * It opens as it was played (no roll), at a real table too. */
static void
test_trial_withstand_old_save (void)
{
  g_autoptr(PenTable) cave = withstand_trial_table (FALSE);  /* the user card */
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) re = g_regex_new (",\"withstand\":null|\"withstand\":null,", 0, 0, NULL);
  g_autofree char *data = NULL, *old = NULL;
  const char * const steps[] = {
    "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 5, "
    "\"setup\": {\"prophecies\": [\"end-of-time\"], \"trial_row\": "
    "[\"withstand-cave\", \"scrollers\"], \"fate_deck\": [\"aranea\", \"fresh-batch\"], "
    "\"contract_row\": [\"lost-hut\", \"scarlet-pact\", \"brightshine\", null], "
    "\"contract_deck\": [\"sorcerous-prison\"]}}",
    "{\"action\": \"turn-start\", \"kind\": \"trial\"}",
    /* what the older app wrote: no faces, no roll */
    "{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 0, \"path\": \"dark\", "
    "\"withstand\": null}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      pen_game_submit_json (game, steps[i], &error);
      g_assert_no_error (error);
    }
  data = pen_game_to_data (game);
  old = g_regex_replace_literal (re, data, -1, 0, "", 0, NULL);
  g_assert_null (strstr (old, "\"withstand\":"));
  loaded = pen_game_load_from_data (old, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_cmpint (pen_wizard_find_card (pen_table_get_wizard (pen_game_get_table (loaded), 0),
                                         "withstand-cave"), >=, 0);
}

/* Play finding V4: a path's task typed wrong and remembered could only be overruled on every
 * pass. card-identify with "correct": true replaces what the catalogue remembers of that path
 * (task and reward); without it, a path already known stays as it was */
static void
test_trial_path_correct (void)
{
  g_autoptr(PenTable) table = withstand_trial_table (FALSE);

  run (table, "{\"action\": \"card-identify\", \"card\": \"withstand-cave\", \"values\": "
              "{\"task\": {\"dark\": {\"kind\": \"withstand\", \"threat\": 3}}}}");
  g_assert_cmpuint (pen_turn_trial_withstand ("withstand-cave", PEN_PATH_DARK), ==, 2);
  {
    g_autoptr(PenTask) t = pen_task_new (PEN_TASK_WITHSTAND);
    PenCardReward reward = { 0, };
    g_autoptr(PenAction) fix = NULL;

    t->threat = 3;
    reward.said = TRUE;
    reward.ingredients[PEN_INGREDIENT_ARCANA] = 1;
    fix = pen_box_correct_path_action ("withstand-cave", PEN_PATH_DARK, t, &reward);
    g_assert_true (pen_action_apply (fix, table, NULL));
  }
  g_assert_cmpuint (pen_turn_trial_withstand ("withstand-cave", PEN_PATH_DARK), ==, 3);
  {
    /* the catalogue's entry is a new card once a value changes */
    PenCard *cave = pen_catalog_lookup (pen_catalog_get_default (), "withstand-cave");
    g_autoptr(JsonNode) node = json_node_copy (pen_card_get_path_reward (cave, PEN_PATH_DARK));
    g_autofree char *text = pen_json_to_string (node, FALSE);

    g_assert_nonnull (strstr (text, "\"arcana\":1"));
  }
  /* back as the tests before it read the card */
  run (table, "{\"action\": \"card-identify\", \"card\": \"withstand-cave\", \"correct\": true, "
              "\"values\": {\"task\": {\"dark\": {\"kind\": \"withstand\", \"threat\": 2}}, "
              "\"reward\": {\"dark\": {\"ingredients\": {\"arcana\": 2}}}}}");
  g_assert_cmpuint (pen_turn_trial_withstand ("withstand-cave", PEN_PATH_DARK), ==, 2);
}

/* The supply index of Ann's first die of color at or after from, or -1 */
static int
supply_index (PenTable *table,
              PenColor  color,
              guint     from)
{
  PenWizard *ann = pen_table_get_wizard (table, 0);

  for (guint i = from; i < g_list_model_get_n_items (pen_wizard_get_supply (ann)); i++)
    if (pen_die_get_color (pen_wizard_get_die (ann, i)) == color)
      return (int) i;
  return -1;
}

static guint
n_yellow (PenTable *table)
{
  PenWizard *ann = pen_table_get_wizard (table, 0);
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (pen_wizard_get_supply (ann)); i++)
    n += pen_die_get_color (pen_wizard_get_die (ann, i)) == PEN_COLOR_YELLOW;
  return n;
}

/* Applies json and asserts it is refused by the rule "defend", the table untouched */
static void
refused_by_defend (PenTable   *table,
                   const char *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = pen_json_parse (json, -1, NULL);
  g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", &error);

  g_assert_no_error (error);
  apply_refused (table, json, PEN_ERROR_REFUSED);
  g_assert_false (pen_action_apply (action, table, &error));
  g_assert_error (error, PEN_RULE_ERROR, PEN_RULE_DEFEND);
  g_assert_nonnull (strstr (error->message, "(rule defend;"));
  g_test_message ("%s", error->message);
}

/* DEFEND (Primagic, dice effects): "before the Threat roll, discard any number of Yellow dice
 * from your supply to discard the same number of Threat dice. This can be done when attempting
 * to fulfil a Contract, when passing a Trial". A Contract's Withstand 2 with one Yellow die
 * discarded rolls one Threat die: app-dealt, one face rolled and recorded; physical, one face
 * asked. The die leaves the supply; undone as one step with the roll; redone the same. */
static void
test_contract_withstand_defend (void)
{
  g_autoptr(PenTable) table = withstand_table ();
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(PenAction) take = NULL;
  g_autofree char *before = NULL, *after = NULL, *replayed = NULL, *json = NULL;
  guint arcana = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA);
  int y;

  run (table, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"yellow\", \"value\": 3}");
  y = supply_index (table, PEN_COLOR_YELLOW, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpuint (n_yellow (table), ==, 1);
  before = table_snapshot (table);
  json = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, "
                          "\"defend\": [%d]}", y);
  take = apply_ok (table, json);
  g_test_message ("%s", pen_action_get_label (take));
  /* one Threat die rolled, the Yellow die gone, the other cancelled */
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      pen_action_get_params (take), "withstand")), ==, 1);
  g_assert_cmpuint (n_yellow (table), ==, 0);
  g_assert_nonnull (strstr (pen_action_get_label (take), "(1 cancelled)"));
  after = table_snapshot (table);
  pen_action_revert (take, table);
  replayed = table_snapshot (table);
  g_assert_cmpstr (before, ==, replayed);
  g_clear_pointer (&replayed, g_free);
  g_assert_true (pen_action_apply (take, table, NULL));
  replayed = table_snapshot (table);
  g_assert_cmpstr (after, ==, replayed);
  pen_action_revert (take, table);
  g_clear_object (&take);
  g_clear_pointer (&json, g_free);

  /* two Yellow dice: nothing is rolled, the task is done, the reward given */
  run (table, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"yellow\", \"value\": 5}");
  json = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, "
                          "\"defend\": [%d, %d]}", y, supply_index (table, PEN_COLOR_YELLOW,
                                                                      y + 1));
  take = apply_ok (table, json);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      pen_action_get_params (take), "withstand")), ==, 0);
  g_assert_cmpuint (n_yellow (table), ==, 0);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), ==, arcana + 2);
  g_assert_cmpint (pen_wizard_find_card (ann, "withstand-hut"), >=, 0);
  pen_action_revert (take, table);
  g_clear_object (&take);
  g_clear_pointer (&json, g_free);

  /* physical: the table says one face, not two */
  pen_table_set_table_rolls (table, TRUE);
  json = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, "
                          "\"defend\": [%d]}", y);
  apply_refused (table, json, PEN_ERROR_NEEDS_FACES);
  g_clear_pointer (&json, g_free);
  json = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, "
                          "\"defend\": [%d], \"withstand\": [6, 6]}", y);
  apply_refused (table, json, PEN_ERROR_INVALID);
  g_clear_pointer (&json, g_free);
  json = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, "
                          "\"defend\": [%d], \"withstand\": [6]}", y);
  take = apply_ok (table, json);
  g_assert_false (json_object_has_member (pen_action_get_params (take), "withstand_rolled"));
  g_assert_cmpuint (n_yellow (table), ==, 1);
  g_assert_nonnull (strstr (pen_action_get_label (take), "faces Threat: 6 (1 cancelled)"));
}

/* DEFEND refused: a die that is not Yellow, more Yellow dice than the roll has Threat dice, a
 * task with no Threat roll (rule "defend"; overruled, the dice go all the same); a die the
 * supply does not hold, or one named twice (not there: no override) */
static void
test_contract_withstand_defend_refused (void)
{
  g_autoptr(PenTable) table = withstand_table ();
  PenWizard *ann = pen_table_get_wizard (table, 0);
  guint n_supply;
  g_autoptr(PenAction) take = NULL;
  g_autofree char *json = NULL;
  int other, y[3];

  for (guint i = 0; i < 3; i++)
    run (table, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"yellow\", "
                "\"value\": 2}");
  run (table, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\", \"value\": 2}");
  y[0] = supply_index (table, PEN_COLOR_YELLOW, 0);
  y[1] = supply_index (table, PEN_COLOR_YELLOW, y[0] + 1);
  y[2] = supply_index (table, PEN_COLOR_YELLOW, y[1] + 1);
  n_supply = g_list_model_get_n_items (pen_wizard_get_supply (ann));
  other = n_supply - 1;
  g_assert_cmpint (pen_die_get_color (pen_wizard_get_die (ann, other)), ==, PEN_COLOR_RED);

  json = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, "
                          "\"defend\": [%d]}", other);
  refused_by_defend (table, json);
  g_clear_pointer (&json, g_free);
  json = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, "
                          "\"defend\": [%d, %d, %d]}", y[0], y[1], y[2]);
  refused_by_defend (table, json);
  g_clear_pointer (&json, g_free);
  /* Lost Hut's task rolls no Threat: said so, not "0 Threat dice here" */
  json = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 1, "
                          "\"defend\": [%d]}", y[0]);
  refused_by_defend (table, json);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = pen_json_parse (json, -1, NULL);
    g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", NULL);

    g_assert_false (pen_action_apply (action, table, &error));
    g_assert_cmpstr (pen_rule_get_error_label (error), ==,
                     "This task rolls no Threat dice, so DEFEND has nothing to discard");
    g_assert_null (strstr (error->message, "0 Threat dice"));
    g_assert_nonnull (strstr (error->message, "the task rolls no Threat dice"));
  }
  g_clear_pointer (&json, g_free);
  /* three Yellow dice for two Threat dice */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *three = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": 0, "
                                              "\"slot\": 0, \"defend\": [%d, %d, %d]}", y[0],
                                              y[1], y[2]);
    g_autoptr(JsonNode) node = pen_json_parse (three, -1, NULL);
    g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", NULL);

    g_assert_false (pen_action_apply (action, table, &error));
    g_assert_cmpstr (pen_rule_get_error_label (error), ==,
                     "This task rolls 2 Threat dice, so DEFEND discards at most that many "
                     "Yellow dice");
  }
  json = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, "
                          "\"defend\": [%u]}", n_supply);
  apply_refused (table, json, PEN_ERROR_REFUSED);
  g_clear_pointer (&json, g_free);
  json = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, "
                          "\"defend\": [%d, %d]}", y[0], y[0]);
  apply_refused (table, json, PEN_ERROR_REFUSED);
  g_clear_pointer (&json, g_free);

  /* overruled: the three Yellow dice go, both Threat dice are discarded */
  json = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, "
                          "\"defend\": [%d, %d, %d], \"override\": [\"defend\"]}", y[0], y[1],
                          y[2]);
  take = apply_ok (table, json);
  g_assert_true (overruled (take, PEN_RULE_DEFEND));
  g_assert_cmpuint (n_yellow (table), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      pen_action_get_params (take), "withstand")), ==, 0);
  g_assert_cmpint (pen_wizard_find_card (ann, "withstand-hut"), >=, 0);
  pen_action_revert (take, table);
  g_clear_object (&take);
  g_clear_pointer (&json, g_free);
  /* the Red die, overruled: it goes and discards one Threat die */
  json = g_strdup_printf ("{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, "
                          "\"defend\": [%d], \"override\": true}", other);
  take = apply_ok (table, json);
  g_assert_true (overruled (take, PEN_RULE_DEFEND));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      pen_action_get_params (take), "withstand")), ==, 1);
}

/* The Guild's place action names the dice by the supply before the die is placed, as "index" */
static void
test_place_withstand_defend (void)
{
  g_autoptr(PenTable) table = pen_table_new ();
  g_autoptr(PenTable) hut = withstand_table ();  /* the user card */
  g_autoptr(PenAction) place = NULL;
  g_autofree char *json = NULL;
  int y;

  run (table, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 5, "
              "\"setup\": {\"prophecies\": [\"end-of-time\"], \"contract_row\": "
              "[\"withstand-hut\", \"lost-hut\", \"scarlet-pact\", \"brightshine\"], "
              "\"contract_deck\": [\"sorcerous-prison\"]}}");
  run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  run (table, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"yellow\", \"value\": 3}");
  y = supply_index (table, PEN_COLOR_YELLOW, 1);
  g_assert_cmpint (y, >, 0);
  g_assert_cmpint (pen_die_get_color (pen_wizard_get_die (pen_table_get_wizard (table, 0), 0)),
                   !=, PEN_COLOR_YELLOW);
  /* the die placed is no die to discard */
  apply_refused (table, "{\"action\": \"place\", \"wizard\": 0, \"index\": 0, \"location\": "
                        "\"guild\", \"slot\": 0, \"reveal\": \"sorcerous-prison\", "
                        "\"defend\": [0]}", PEN_ERROR_REFUSED);
  json = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, \"index\": 0, \"location\": "
                          "\"guild\", \"slot\": 0, \"reveal\": \"sorcerous-prison\", "
                          "\"defend\": [%d]}", y);
  place = apply_ok (table, json);
  g_test_message ("%s", pen_action_get_label (place));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      pen_action_get_params (place), "withstand")), ==, 1);
  g_assert_cmpuint (n_yellow (table), ==, 0);
}

/* DEFEND on a Trial path's Withstand Threat ("when passing a Trial"): one Yellow die, one Threat
 * die of two rolled; physical, one face asked */
static void
test_trial_withstand_defend (void)
{
  for (guint physical = 0; physical < 2; physical++)
    {
      g_autoptr(PenTable) table = withstand_trial_table (physical);
      PenWizard *ann = pen_table_get_wizard (table, 0);
      g_autoptr(PenAction) take = NULL;
      g_autofree char *json = NULL, *before = NULL, *replayed = NULL;
      int y;

      run (table, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"yellow\", "
                  "\"value\": 4}");
      y = supply_index (table, PEN_COLOR_YELLOW, 0);
      before = table_snapshot (table);
      json = g_strdup_printf ("{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 0, "
                              "\"path\": \"dark\", \"defend\": [%d]}", y);
      if (physical)
        {
          apply_refused (table, json, PEN_ERROR_NEEDS_FACES);
          g_clear_pointer (&json, g_free);
          json = g_strdup_printf ("{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 0, "
                                  "\"path\": \"dark\", \"defend\": [%d], \"withstand\": [6]}",
                                  y);
        }
      take = apply_ok (table, json);
      g_test_message ("%s", pen_action_get_label (take));
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                          pen_action_get_params (take), "withstand")), ==, 1);
      g_assert_cmpuint (n_yellow (table), ==, 0);
      g_assert_true (pen_wizard_find_card (ann, "withstand-cave") >= 0
                     || pen_wizard_get_mortal_wound_this_turn (ann));
      pen_action_revert (take, table);
      replayed = table_snapshot (table);
      g_assert_cmpstr (before, ==, replayed);
    }
}

/* DEFEND at the Ruins ("apply 1 Threat die, gain 2 Blood"): the discard effect is "with any
 * other effect involving Threat" too. A Yellow die of the supply discarded: the Threat die is
 * not rolled (nor asked at a real table), the 2 Blood gained; a Yellow die placed leaves no
 * Threat die for it (rule "defend") */
static void
test_ruins_defend (void)
{
  for (guint physical = 0; physical < 2; physical++)
    {
      g_autoptr(PenTable) table = pen_table_new ();
      PenWizard *ann;
      g_autoptr(PenAction) place = NULL;
      g_autofree char *json = NULL, *before = NULL, *replayed = NULL;
      guint blood;
      int y;

      run (table, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 5}");
      run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
      run (table, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"yellow\", "
                  "\"value\": 3}");
      pen_table_set_table_rolls (table, physical);
      ann = pen_table_get_wizard (table, 0);
      g_assert_cmpint (pen_die_get_color (pen_wizard_get_die (ann, 0)), !=, PEN_COLOR_YELLOW);
      y = supply_index (table, PEN_COLOR_YELLOW, 1);
      g_assert_cmpint (y, >, 0);
      blood = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD);
      before = table_snapshot (table);
      json = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, \"index\": 0, "
                              "\"location\": \"ruins\", \"defend\": [%d]}", y);
      place = apply_ok (table, json);
      g_test_message ("%s", pen_action_get_label (place));
      g_assert_nonnull (strstr (pen_action_get_label (place),
                                "discards the Yellow 3: DEFEND discards the Threat die"));
      g_assert_null (strstr (pen_action_get_label (place), "faces Threat"));
      g_assert_cmpuint (n_yellow (table), ==, 0);
      g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD), ==, blood + 2);
      pen_action_revert (place, table);
      replayed = table_snapshot (table);
      g_assert_cmpstr (before, ==, replayed);
      g_clear_pointer (&json, g_free);
      /* a face said with it is no roll to apply */
      json = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, \"index\": 0, "
                              "\"location\": \"ruins\", \"defend\": [%d], \"threat\": 4}", y);
      apply_refused (table, json, PEN_ERROR_INVALID);
      g_clear_pointer (&json, g_free);
      /* the Yellow die placed: no Threat die is left for another */
      run (table, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"yellow\", "
                  "\"value\": 5}");
      json = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, \"index\": %d, "
                              "\"location\": \"ruins\", \"defend\": [%d]}", y,
                              supply_index (table, PEN_COLOR_YELLOW, y + 1));
      refused_by_defend (table, json);
    }
}

/* DEFEND's "place" ("placing a Yellow die discards one Threat die … in the Guild (if the
 * Contract being fulfilled has Threat)"): a Yellow die placed in the Guild with die-place counts
 * for the contract-take after it, once ("yellow_placed" written in); a save from before, whose
 * step rolled both dice, opens as it was played */
static void
test_contract_withstand_yellow_die_place (void)
{
  g_autoptr(PenTable) table = withstand_table ();
  g_autoptr(PenAction) take = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(PenAction) probe = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL, *data = NULL, *old = NULL;
  int y;

  run (table, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"yellow\", \"value\": 3}");
  y = supply_index (table, PEN_COLOR_YELLOW, 0);
  json = g_strdup_printf ("{\"action\": \"die-place\", \"wizard\": 0, \"index\": %d, "
                          "\"location\": \"guild\", \"trinket\": true}", y);
  run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"trinket\", "
              "\"count\": 1}");
  run (table, json);
  g_assert_cmpuint (pen_table_get_guild_yellow (table), ==, 1);
  node = pen_json_parse ("{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0}", -1,
                         NULL);
  probe = pen_action_new_from_json (node, "$", NULL);
  g_assert_cmpuint (pen_action_withstand_dice (probe, table, NULL), ==, 1);
  take = apply_ok (table, "{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0}");
  g_test_message ("%s", pen_action_get_label (take));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      pen_action_get_params (take), "withstand")), ==, 1);
  g_assert_true (json_object_get_boolean_member (pen_action_get_params (take), "yellow_placed"));
  g_assert_cmpuint (pen_table_get_guild_yellow (table), ==, 0);

  /* a log from before: both dice rolled for the Hut, "yellow_placed" unknown */
  {
    const char *steps[] = {
      "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 5, "
      "\"setup\": {\"prophecies\": [\"end-of-time\"], \"contract_row\": "
      "[\"withstand-hut\", \"lost-hut\", \"scarlet-pact\", \"brightshine\"], "
      "\"contract_deck\": [\"sorcerous-prison\"]}}",
      "{\"action\": \"turn-start\", \"kind\": \"study\"}",
      "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"yellow\", \"value\": 3}",
    };
    g_autofree char *place = NULL;
    g_autoptr(GRegex) re = g_regex_new (",\"yellow_placed\":false", 0, 0, NULL);

    for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
      {
        pen_game_submit_json (game, steps[i], &error);
        g_assert_no_error (error);
      }
    place = g_strdup_printf ("{\"action\": \"die-place\", \"wizard\": 0, \"index\": %d, "
                             "\"location\": \"guild\"}",
                             supply_index (pen_game_get_table (game), PEN_COLOR_YELLOW, 0));
    pen_game_submit_json (game, place, &error);
    g_assert_no_error (error);
    pen_game_submit_json (game, "{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0, "
                          "\"yellow_placed\": false, \"withstand\": [6, 6]}", &error);
    g_assert_no_error (error);
    data = pen_game_to_data (game);
    old = g_regex_replace_literal (re, data, -1, 0, "", 0, NULL);
    g_assert_null (strstr (old, "yellow_placed"));
    loaded = pen_game_load_from_data (old, -1, &error);
    g_assert_no_error (error);
    g_assert_nonnull (loaded);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = game_test_init (&argc, &argv);
  int ret;

  g_test_add_func ("/penumbra/turn-rules/refused-by-rule", test_refused_by_rule);
  g_test_add_func ("/penumbra/turn-rules/override-applies", test_override_applies);
  g_test_add_func ("/penumbra/turn-rules/override-only-what-is-refused",
                   test_override_only_what_is_refused);
  g_test_add_func ("/penumbra/turn-rules/rule-ids", test_rule_ids);
  g_test_add_func ("/penumbra/turn-rules/mortal-wound-ends-trial", test_mortal_wound_ends_trial);
  g_test_add_func ("/penumbra/turn-rules/threat-of-trial-mortal-wound",
                   test_threat_of_trial_mortal_wound);
  g_test_add_func ("/penumbra/turn-rules/threat-of-trial-rules", test_threat_of_trial_rules);
  g_test_add_func ("/penumbra/turn-rules/final-round", test_final_round);
  g_test_add_func ("/penumbra/turn-rules/trial-path-in-label", test_trial_path_in_label);
  g_test_add_func ("/penumbra/turn-rules/rift-before-roll", test_rift_before_roll);
  g_test_add_func ("/penumbra/turn-rules/physical-rolls", test_physical_rolls);
  g_test_add_func ("/penumbra/turn-rules/physical-rival", test_physical_rival);
  g_test_add_func ("/penumbra/turn-rules/board-value", test_board_value);
  g_test_add_func ("/penumbra/turn-rules/fate-printed-order", test_fate_printed_order);
  g_test_add_func ("/penumbra/turn-rules/cli", test_cli);
  g_test_add_func ("/penumbra/turn-rules/game-reload", test_game_reload);
  g_test_add_func ("/penumbra/turn-rules/old-save-loads", test_old_save_loads);
  g_test_add_func ("/penumbra/turn-rules/prophecy-condition", test_prophecy_condition);
  g_test_add_func ("/penumbra/turn-rules/cli-prophecy", test_cli_prophecy);
  g_test_add_func ("/penumbra/turn-rules/every-rule-tested", test_every_rule_tested);
  /* last: it writes the user catalogue */
  g_test_add_func ("/penumbra/turn-rules/urgent-contract", test_urgent_contract);
  g_test_add_func ("/penumbra/turn-rules/bind-wounded-mark", test_bind_wounded_mark);
  g_test_add_func ("/penumbra/turn-rules/contract-task-cost", test_contract_task_cost);
  g_test_add_func ("/penumbra/turn-rules/contract-task-refused", test_contract_task_refused);
  g_test_add_func ("/penumbra/turn-rules/trial-task-cost", test_trial_task_cost);
  g_test_add_func ("/penumbra/turn-rules/trial-reward-cards", test_trial_reward_cards);
  g_test_add_func ("/penumbra/turn-rules/trial-reward-cards-refused",
                   test_trial_reward_cards_refused);
  g_test_add_func ("/penumbra/turn-rules/contract-reward-cards", test_contract_reward_cards);
  g_test_add_func ("/penumbra/turn-rules/trial-task-refused", test_trial_task_refused);
  /* last: they add a Contract to the user catalogue */
  g_test_add_func ("/penumbra/turn-rules/contract-withstand", test_contract_withstand);
  g_test_add_func ("/penumbra/turn-rules/contract-withstand-old-save",
                   test_contract_withstand_old_save);
  g_test_add_func ("/penumbra/turn-rules/contract-withstand-faces",
                   test_contract_withstand_faces);
  g_test_add_func ("/penumbra/turn-rules/trial-withstand", test_trial_withstand);
  g_test_add_func ("/penumbra/turn-rules/trial-withstand-faces", test_trial_withstand_faces);
  g_test_add_func ("/penumbra/turn-rules/trial-withstand-old-save",
                   test_trial_withstand_old_save);
  g_test_add_func ("/penumbra/turn-rules/contract-withstand-defend",
                   test_contract_withstand_defend);
  g_test_add_func ("/penumbra/turn-rules/contract-withstand-defend-refused",
                   test_contract_withstand_defend_refused);
  g_test_add_func ("/penumbra/turn-rules/place-withstand-defend", test_place_withstand_defend);
  g_test_add_func ("/penumbra/turn-rules/trial-withstand-defend", test_trial_withstand_defend);
  g_test_add_func ("/penumbra/turn-rules/ruins-defend", test_ruins_defend);
  g_test_add_func ("/penumbra/turn-rules/contract-withstand-yellow-die-place",
                   test_contract_withstand_yellow_die_place);
  g_test_add_func ("/penumbra/turn-rules/trial-path-correct", test_trial_path_correct);
  ret = g_test_run ();
  pen_test_remove_tree (dir);
  return ret;
}
