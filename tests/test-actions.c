/* test-actions.c: every action kind applies and reverts exactly, refuses what the rules
 * refuse without touching the table, and follows the rulebook's turn rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "game-test-common.h"
#include "pen-rest.h"

typedef struct
{
  const char *kind;
  const char *prep;     /* actions applied first, one per line (may be NULL) */
  const char *params;   /* the other members of the action under test */
} KindCase;

/* On the mid-game table (Ann's Study turn, see game-test-common.h):
 * Ann: supply bone, red, spark, red 6, red; marks ruby@0 discharged, ruby@1, spark@8;
 *      blood 3, trinket 2, arcana 2, fruit 4; druid, scarlet-downpour, radiant-staff,
 *      liquid-luck. Bob: jasper@0 wounded, spark@8; pariah, goldeater.
 * Trial row: scrollers, aranea. Guild: sorcerous-prison, lost-hut, scarlet-pact, brightshine.
 * Fate: fresh-batch, heroism, wildwood, unity, basilisk. */
/* Bob's Trial turn, and Bob attempting trial_row[0] (scrollers) with some properties */
#define TRIAL_TURN "{\"action\": \"turn-end\"}\n{\"action\": \"turn-start\", \"kind\": \"trial\"}"
#define TRIAL_BEGIN(props) TRIAL_TURN "\n{\"action\": \"trial-begin\", \"wizard\": 1, " \
  "\"index\": 0, \"properties\": {" props "}}"

static const KindCase valid_cases[] = {
  { "die-gain", NULL, "\"wizard\": 1, \"color\": \"green\"" },
  { "die-gain", NULL, "\"wizard\": 0, \"color\": \"spark\", \"value\": 4, \"temporary\": true" },
  { "die-discard", NULL, "\"wizard\": 0, \"index\": 1" },
  { "die-place", NULL, "\"wizard\": 0, \"index\": 0, \"location\": \"guild\"" },
  { "die-place", NULL, "\"wizard\": 0, \"index\": 2, \"trinket\": true, \"outside\": true" },
  { "die-place", NULL, "\"wizard\": 1, \"index\": 0, \"override\": true" },
  { "die-set", NULL, "\"wizard\": 0, \"index\": 1, \"value\": 2" },
  { "die-flip", NULL, "\"wizard\": 0, \"index\": 3" },
  { "die-adjust", NULL, "\"wizard\": 0, \"index\": 3, \"delta\": -1" },
  { "die-reroll", NULL, "\"wizard\": 0, \"index\": 2" },
  { "die-reroll", NULL, "\"wizard\": 0, \"index\": 2, \"value\": 1" },
  { "die-recolor", NULL, "\"wizard\": 0, \"index\": 0, \"color\": \"purple\"" },
  { "ingredient-gain", NULL, "\"wizard\": 0, \"ingredient\": \"jewel\", \"count\": 2" },
  { "ingredient-gain", NULL, "\"wizard\": 0, \"ingredient\": \"fruit\", \"count\": 40" },
  { "ingredient-spend", NULL, "\"wizard\": 0, \"ingredient\": \"blood\"" },
  { "mark-gain", NULL, "\"wizard\": 0, \"kind\": \"amethyst\"" },
  { "mark-gain", NULL, "\"wizard\": 1, \"kind\": \"spark\", \"rest_effect\": false" },
  { "mark-use", NULL, "\"wizard\": 0, \"cell\": 1" },
  { "mark-recharge", NULL, "\"wizard\": 0, \"cell\": 0" },
  { "mark-wound", NULL, "\"wizard\": 0, \"cell\": 8" },
  { "mark-heal", NULL, "\"wizard\": 1, \"cell\": 0" },
  { "mark-heal", NULL, "\"wizard\": 1, \"cell\": 0, \"rest_effect\": false" },
  { "mark-blood", NULL, "\"wizard\": 1, \"cell\": 0" },
  { "card-gain", NULL, "\"wizard\": 1, \"card\": \"alchemy\"" },
  { "card-gain", NULL, "\"wizard\": 1, \"card\": \"radiant-staff\", \"zone\": \"equipment\"" },
  { "card-rotate", NULL, "\"wizard\": 0, \"card\": \"scarlet-downpour\"" },
  { "card-move", NULL, "\"wizard\": 0, \"card\": \"liquid-luck\", \"zone\": \"inventory\"" },
  { "card-discard", NULL, "\"wizard\": 0, \"card\": \"radiant-staff\"" },
  { "contract-take", "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, \"location\": \"guild\"}", "\"wizard\": 0, \"slot\": 1" },
  { "contract-take", "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, \"location\": \"guild\"}\n{\"action\": \"contract-reserve\", \"wizard\": 0, \"slot\": 0}",
    "\"wizard\": 0, \"card\": \"sorcerous-prison\"" },
  { "contract-take", NULL, "\"wizard\": 1, \"slot\": 1, \"override\": true" },
  { "contract-reserve", "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, "
    "\"location\": \"bazaar\"}", "\"wizard\": 0, \"slot\": 3" },
  { "trial-take", NULL, "\"wizard\": 0, \"index\": 1, \"path\": \"light\", "
    "\"override\": true" },
  { "trial-take", TRIAL_TURN, "\"wizard\": 1, \"index\": 1, \"path\": \"light\"" },
  { "trial-take", TRIAL_TURN "\n{\"action\": \"trial-reserve\", \"wizard\": 1, \"index\": 0}",
    "\"wizard\": 1, \"card\": \"scrollers\", \"path\": \"dark\"" },
  { "trial-fail", NULL, "\"wizard\": 0, \"index\": 0, \"override\": [\"trial-only-on-trial-turn\"]" },
  { "trial-fail", TRIAL_TURN, "\"wizard\": 1, \"index\": 0" },
  { "trial-reserve", NULL, "\"wizard\": 0, \"index\": 0" },
  { "trial-begin", TRIAL_TURN, "\"wizard\": 1, \"index\": 0, \"properties\": {\"rift\": 2, "
    "\"vigilance\": 3, \"shield\": \"Discard a 6\", \"trap\": true, \"suppress_crystals\": true, "
    "\"suppress_pets\": false}" },
  { "trial-begin", TRIAL_TURN, "\"wizard\": 1, \"index\": 1" },
  { "trial-property", TRIAL_BEGIN ("\"rift\": 1, \"trap\": true"), "\"cancel\": \"rift\"" },
  { "trial-property", TRIAL_BEGIN ("\"shield\": true"), "\"shield_done\": true" },
  { "trial-property", TRIAL_BEGIN ("\"suppress_artifacts\": true"),
    "\"cancel\": \"suppress_artifacts\", \"with\": \"potion\"" },
  { "vigilance-use", TRIAL_BEGIN ("\"vigilance\": 2"), "\"count\": 1" },
  { "trial-take", TRIAL_BEGIN ("\"trap\": true"), "\"wizard\": 1, \"index\": 0, "
    "\"path\": \"dark\"" },
  { "trial-fail", TRIAL_BEGIN ("\"trap\": true"), "\"wizard\": 1, \"index\": 0" },
  { "threat", TRIAL_BEGIN ("\"rift\": 1"), "\"wizard\": 1, \"threat\": 0, \"dice\": [], "
    "\"rift_dice\": [0]" },
  { "fate", NULL, "\"wizard\": 0, \"light\": 2, \"dark\": 1" },
  { "mortal-wound", NULL, "\"wizard\": 0" },
  { "mortal-wound", NULL, "\"wizard\": 1" },
  { "turn-start", "{\"action\": \"turn-end\"}", "\"kind\": \"rest\"" },
  { "turn-start", "{\"action\": \"turn-end\"}", "\"kind\": \"trial\"" },
  { "turn-end", NULL, NULL },
  { "turn-end", "{\"action\": \"turn-end\"}\n{\"action\": \"turn-start\", \"kind\": \"rest\"}",
    NULL },
  { "fate-reveal", NULL, "\"card\": \"fresh-batch\"" },
  { "threat", NULL, "\"wizard\": 0, \"count\": 4" },
  { "threat", NULL, "\"wizard\": 1, \"dice\": [1, 1, 3, 3], \"lose_first\": [\"spark\"]" },
  { "setting", NULL, "\"hide_odds\": true" },
  { "board-value", NULL, "\"cell\": 0, \"value\": 6" },
  { "board-value", NULL, "\"cell\": 5, \"value\": 0" },
  { "task-pay", NULL, "\"wizard\": 0, \"dice\": [0, 3], \"ingredients\": {\"blood\": 2,"
    " \"fruit\": 1}" },
  { "task-pay", NULL, "\"wizard\": 1, \"marks\": [0]" },
  { "correct", NULL, "\"target\": \"players[0].ingredients.jewel\", \"value\": 4" },
  { "correct", NULL, "\"target\": \"players[1].supply[0].value\", \"value\": 6" },
  { "recount", NULL, "\"corrections\": [{\"target\": \"players[0].ingredients.jewel\", "
    "\"value\": 4}, {\"target\": \"players[1].supply[0].value\", \"value\": 6}]" },
  /* End of Time with Fate cards left: the table overrules the app's count */
  { "prophecy-fulfil", NULL, "\"card\": \"end-of-time\", \"override\": [\"prophecy-condition\"]" },
  { "goal-vp", NULL, "\"wizard\": 1, \"goal\": \"mastery\", \"vp\": 4" },
  { "goal-vp", "{\"action\": \"goal-vp\", \"wizard\": 0, \"goal\": \"mastery\", \"vp\": 3}",
    "\"wizard\": 0, \"goal\": \"mastery\", \"vp\": null" },
  /* the Rest options and the market (pen-rest.h); Ann's Study turn counts as the Bazaar */
  { "exchange", NULL, "\"wizard\": 0, \"give\": {\"fruit\": 4}, \"get\": {\"jewel\": 2}" },
  { "exchange", NULL, "\"wizard\": 0, \"give\": {\"trinket\": 2}, \"get\": {\"fruit\": 4, "
    "\"jewel\": 2}" },
  { "brew", "{\"action\": \"exchange\", \"wizard\": 0, \"give\": {\"fruit\": 4}, "
    "\"get\": {\"crystal\": 3}}", "\"wizard\": 0, \"card\": \"liquid-luck\"" },
  { "brew", "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"silverling\"}",
    "\"wizard\": 0, \"card\": \"silverling\", \"pay\": {\"trinket\": 1}" },
  { "buy", "{\"action\": \"exchange\", \"wizard\": 0, \"give\": {\"trinket\": 1}, "
    "\"get\": {\"jewel\": 2}}", "\"wizard\": 0, \"card\": \"wand-of-everwood\"" },
  /* a Potion is bought for Jewels (market-currency) */
  { "buy", "{\"action\": \"exchange\", \"wizard\": 0, \"give\": {\"fruit\": 4}, "
    "\"get\": {\"jewel\": 2}}", "\"wizard\": 0, \"card\": \"triplet\", \"pay\": {\"jewel\": 1}" },
  { "resource-gain", NULL, "\"gains\": [{\"wizard\": 0, \"ingredients\": {\"fruit\": 2}}, "
    "{\"wizard\": 1, \"ingredients\": {\"crystal\": 1}}], \"event\": \"harvest\"" },
  { "card-identify", "{\"action\": \"card-gain\", \"wizard\": 1, \"card\": \"potion#9\"}",
    "\"card\": \"potion#9\", \"as\": \"test-elixir\", "
    "\"entry\": {\"name\": {\"en\": \"Test Elixir\"}}" },
  { "bribe", "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"jewel\", "
    "\"count\": 1}", "\"wizard\": 0, \"market\": \"brewery\"" },
  { "place", NULL, "\"wizard\": 0, \"index\": 0, \"location\": \"ruins\", \"threat\": 2" },
  { "place", NULL, "\"wizard\": 0, \"index\": 1, \"location\": \"forest\", "
    "\"resource\": [{\"fruit\": 1}]" },
  { "knock-out", "{\"action\": \"place\", \"wizard\": 0, \"index\": 1, \"location\": "
    "\"forest\", \"resource\": [{\"fruit\": 1}]}\n{\"action\": \"die-recolor\", "
    "\"wizard\": 0, \"index\": 0, \"color\": \"red\"}",
    "\"wizard\": 0, \"discard\": 0, \"placed\": 0" },
};

static char *
action_text (const char *kind,
             const char *params)
{
  if (params == NULL)
    return g_strdup_printf ("{\"action\": \"%s\"}", kind);
  return g_strdup_printf ("{\"action\": \"%s\", %s}", kind, params);
}

static void
run_prep (PenTable   *table,
          const char *prep)
{
  g_auto(GStrv) lines = NULL;

  if (prep == NULL)
    return;
  lines = g_strsplit (prep, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    run (table, lines[i]);
}

/* A loaded snapshot is the same table */
static void
test_snapshot_roundtrip (void)
{
  g_autoptr(PenTable) table = mid_game_table ();
  g_autoptr(PenTable) copy = table_copy (table);
  g_autofree char *a = table_snapshot (table);
  g_autofree char *b = table_snapshot (copy);

  g_assert_cmpstr (a, ==, b);
  /* and loading over a different table gives it too */
  {
    g_autoptr(PenTable) other = pen_table_new ();
    g_autoptr(JsonNode) node = pen_table_to_json (table);
    g_autoptr(GError) error = NULL;
    g_autofree char *c = NULL;

    run (other, "{\"action\": \"new-game\", \"players\": [\"X\", \"Y\", \"Z\"], \"seed\": 9}");
    pen_table_load_json (other, node, &error);
    g_assert_no_error (error);
    c = table_snapshot (other);
    g_assert_cmpstr (a, ==, c);
  }
}

static void
test_apply_revert_every_kind (void)
{
  const char * const *kinds = pen_action_list_kinds ();
  g_autoptr(GHashTable) covered = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(PenTable) base = mid_game_table ();

  for (guint i = 0; i < G_N_ELEMENTS (valid_cases); i++)
    {
      const KindCase *c = &valid_cases[i];
      g_autoptr(PenTable) table = table_copy (base);
      g_autofree char *json = action_text (c->kind, c->params);
      g_autofree char *before = NULL, *after = NULL, *reverted = NULL;
      g_autoptr(PenAction) action = NULL;

      run_prep (table, c->prep);
      before = table_snapshot (table);
      action = apply_ok (table, json);
      after = table_snapshot (table);
      if (g_str_equal (before, after))
        g_error ("%s changed nothing", json);
      g_assert_cmpstr (pen_action_get_kind (action), ==, c->kind);
      g_assert_cmpstr (pen_action_get_label (action), !=, "");
      pen_action_revert (action, table);
      g_assert_false (pen_action_get_applied (action));
      reverted = table_snapshot (table);
      if (!g_str_equal (before, reverted))
        g_error ("%s: revert did not restore the table", json);

      /* applying again gives the very same table (no re-roll) */
      {
        g_autoptr(GError) error = NULL;
        g_autofree char *again = NULL;

        g_assert_true (pen_action_apply (action, table, &error));
        g_assert_no_error (error);
        again = table_snapshot (table);
        if (!g_str_equal (after, again))
          g_error ("%s: a second apply after revert differs", json);
      }
      g_hash_table_add (covered, (gpointer) c->kind);
    }

  /* new-game: from an empty table and back */
  {
    g_autoptr(PenTable) table = pen_table_new ();
    g_autofree char *before = table_snapshot (table);
    g_autofree char *reverted = NULL;
    g_autoptr(PenAction) action = apply_ok (table, MID_GAME_NEW);

    g_assert_cmpuint (pen_table_get_n_players (table), ==, 2);
    pen_action_revert (action, table);
    reverted = table_snapshot (table);
    g_assert_cmpstr (before, ==, reverted);
    g_assert_cmpuint (pen_table_get_n_players (table), ==, 0);
    g_hash_table_add (covered, (gpointer) "new-game");
  }

  /* resume: from an empty table to a saved one (an older save's table) and back */
  {
    g_autoptr(PenTable) table = pen_table_new ();
    g_autoptr(PenTable) saved = pen_table_new ();
    g_autofree char *before = table_snapshot (table);
    g_autofree char *want = NULL, *after = NULL, *reverted = NULL;
    g_autoptr(PenAction) first = apply_ok (saved, MID_GAME_NEW);
    g_autoptr(JsonNode) node = NULL;
    g_autoptr(PenAction) action = NULL;
    g_autoptr(GError) error = NULL;

    run (saved, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
    want = table_snapshot (saved);
    node = pen_table_to_json (saved);
    action = pen_action_new_resume (node, NULL);
    g_assert_true (pen_action_apply (action, table, &error));
    g_assert_no_error (error);
    after = table_snapshot (table);
    g_assert_cmpstr (after, ==, want);
    pen_action_revert (action, table);
    reverted = table_snapshot (table);
    g_assert_cmpstr (before, ==, reverted);
    g_hash_table_add (covered, (gpointer) "resume");
  }

  /* rival-turn: on a solo table, after the player's first turn (more in test-rival.c) */
  {
    g_autoptr(PenTable) table = pen_table_new ();
    g_autofree char *before = NULL, *after = NULL, *reverted = NULL, *again = NULL;
    g_autoptr(PenAction) action = NULL;
    g_autoptr(GError) error = NULL;

    run (table, "{\"action\": \"new-game\", \"players\": [\"Solo\"], \"solo\": 2, "
         "\"seed\": 4}");
    run (table, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
    run (table, "{\"action\": \"turn-end\"}");
    before = table_snapshot (table);
    action = apply_ok (table, "{\"action\": \"rival-turn\"}");
    after = table_snapshot (table);
    g_assert_cmpstr (before, !=, after);
    pen_action_revert (action, table);
    reverted = table_snapshot (table);
    g_assert_cmpstr (before, ==, reverted);
    g_assert_true (pen_action_apply (action, table, &error));
    g_assert_no_error (error);
    again = table_snapshot (table);
    g_assert_cmpstr (after, ==, again);
    g_hash_table_add (covered, (gpointer) "rival-turn");
  }

  for (guint i = 0; kinds[i]; i++)
    if (!g_hash_table_contains (covered, kinds[i]))
      g_error ("no apply/revert case for the kind %s", kinds[i]);
}

static const KindCase refused_cases[] = {
  /* dice */
  { "die-adjust", NULL, "\"wizard\": 0, \"index\": 3, \"delta\": 1" },          /* a 6 up */
  { "die-adjust", "{\"action\": \"die-set\", \"wizard\": 0, \"index\": 0, \"value\": 1}",
    "\"wizard\": 0, \"index\": 0, \"delta\": -1" },                              /* a 1 down */
  { "die-adjust", NULL, "\"wizard\": 0, \"index\": 0, \"delta\": 0" },
  { "die-recolor", NULL, "\"wizard\": 0, \"index\": 0, \"color\": \"bone\"" },
  { "die-flip", "{\"action\": \"mortal-wound\", \"wizard\": 0}", "\"wizard\": 0, \"index\": 0" },
  { "die-reroll", "{\"action\": \"mortal-wound\", \"wizard\": 0}",
    "\"wizard\": 0, \"index\": 0" },                                /* no dice left */
  { "die-discard", "{\"action\": \"threat\", \"wizard\": 1, \"dice\": []}\n"
    "{\"action\": \"mortal-wound\", \"wizard\": 1}", "\"wizard\": 1, \"index\": 0" },
  /* placements: two on a later Study turn, the Trinket once per turn, Appear costs Arcana */
  { "die-place", "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0}\n"
    "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0}", "\"wizard\": 0, \"index\": 0" },
  { "die-place", "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, \"trinket\": true}",
    "\"wizard\": 0, \"index\": 0, \"trinket\": true" },
  { "die-place", "{\"action\": \"ingredient-spend\", \"wizard\": 0, \"ingredient\": \"trinket\","
    " \"count\": 2}", "\"wizard\": 0, \"index\": 0, \"trinket\": true" },
  { "die-place", "{\"action\": \"ingredient-spend\", \"wizard\": 0, \"ingredient\": \"arcana\","
    " \"count\": 2}", "\"wizard\": 0, \"index\": 0, \"outside\": true" },
  /* ingredients */
  { "ingredient-spend", NULL, "\"wizard\": 0, \"ingredient\": \"jewel\"" },
  { "ingredient-spend", NULL, "\"wizard\": 0, \"ingredient\": \"blood\", \"count\": 4" },
  /* marks */
  { "mark-use", NULL, "\"wizard\": 0, \"cell\": 0" },                 /* discharged */
  { "mark-use", NULL, "\"wizard\": 0, \"cell\": 5" },                 /* empty cell */
  { "mark-use", NULL, "\"wizard\": 1, \"cell\": 0" },                 /* wounded */
  { "mark-recharge", NULL, "\"wizard\": 0, \"cell\": 1" },
  { "mark-recharge", NULL, "\"wizard\": 1, \"cell\": 0" },            /* wounded */
  { "mark-heal", NULL, "\"wizard\": 0, \"cell\": 1" },
  { "mark-blood", NULL, "\"wizard\": 0, \"cell\": 0" },
  { "mark-wound", NULL, "\"wizard\": 1, \"cell\": 0" },
  { "mark-gain", "{\"action\": \"mark-gain\", \"wizard\": 0, \"kind\": \"spark\"}\n"
    "{\"action\": \"mark-gain\", \"wizard\": 0, \"kind\": \"spark\"}",
    "\"wizard\": 0, \"kind\": \"spark\"" },                             /* three spark cells */
  /* cards */
  { "card-gain", NULL, "\"wizard\": 0, \"card\": \"scarlet-downpour\"" },   /* twice */
  { "card-gain", NULL, "\"wizard\": 0, \"card\": \"druid\"" },
  { "card-gain", NULL, "\"wizard\": 1, \"card\": \"radiant-staff\", \"zone\": \"inventory\"" },
  { "card-gain", NULL, "\"wizard\": 1, \"card\": \"alchemy\", \"zone\": \"equipment\"" },
  { "card-move", NULL, "\"wizard\": 0, \"card\": \"radiant-staff\", \"zone\": \"grimoire\"" },
  { "card-move", NULL, "\"wizard\": 0, \"card\": \"scarlet-downpour\", \"zone\": \"equipment\"" },
  { "card-rotate", NULL, "\"wizard\": 1, \"card\": \"scarlet-downpour\"" },
  { "card-rotate", NULL, "\"wizard\": 0, \"card\": \"scarlet-downpour\", \"rotated\": false" },
  { "card-discard", NULL, "\"wizard\": 1, \"card\": \"radiant-staff\"" },
  /* contracts and trials */
  { "contract-reserve", NULL, "\"wizard\": 1, \"slot\": 0" },          /* no Blood */
  { "contract-reserve", NULL, "\"wizard\": 0, \"card\": \"lost-hut\"" }, /* not in the deck */
  { "contract-take", NULL, "\"wizard\": 0, \"card\": \"lost-hut\"" },    /* not reserved */
  { "contract-take", "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, \"location\": \"guild\"}\n{\"action\": \"contract-take\", \"wizard\": 0, \"slot\": 0}\n{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, \"location\": \"guild\"}",
    "\"wizard\": 0, \"slot\": 0" },                                     /* the deck ran out */
  { "trial-take", NULL, "\"wizard\": 0, \"card\": \"scrollers\", \"path\": \"light\"" },
  { "trial-reserve", "{\"action\": \"trial-reserve\", \"wizard\": 0, \"index\": 0}",
    "\"wizard\": 0, \"index\": 0" },                                    /* a second one */
  { "trial-take", "{\"action\": \"trial-fail\", \"wizard\": 0, \"index\": 0, \"override\": true}\n"
    "{\"action\": \"trial-fail\", \"wizard\": 0, \"index\": 0, \"override\": true}",
    "\"wizard\": 0, \"index\": 0, \"path\": \"dark\", \"override\": true" }, /* row empty */
  /* Fate, wounds, turns */
  { "trial-begin", NULL, "\"wizard\": 0, \"index\": 0" },           /* a Study turn */
  { "trial-begin", TRIAL_TURN, "\"wizard\": 0, \"index\": 0" },     /* Bob's turn */
  { "trial-begin", TRIAL_BEGIN (""), "\"wizard\": 1, \"index\": 1" },  /* one at a time */
  { "trial-begin", TRIAL_TURN "\n{\"action\": \"trial-reserve\", \"wizard\": 1, \"index\": 0}",
    "\"wizard\": 1, \"index\": 0" },                                   /* reserved one only */
  { "trial-property", NULL, "\"cancel\": \"rift\"" },                  /* no trial */
  { "trial-property", TRIAL_BEGIN ("\"trap\": true"), "\"cancel\": \"rift\"" },
  { "trial-property", TRIAL_BEGIN ("\"rift\": 2") "\n{\"action\": \"trial-property\", "
    "\"cancel\": \"rift\"}", "\"cancel\": \"rift\"" },                  /* twice */
  { "trial-property", TRIAL_BEGIN ("\"rift\": 2") "\n{\"action\": \"threat\", \"wizard\": 1, "
    "\"threat\": 0, \"rift_dice\": [0, 1], \"dice\": []}", "\"cancel\": \"rift\"" },                          /* already applied */
  { "trial-property", TRIAL_BEGIN ("\"suppress_potions\": true"),
    "\"cancel\": \"suppress_potions\", \"with\": \"potion\"" },
  { "trial-property", TRIAL_BEGIN ("\"trap\": true"), "\"shield_done\": true" },
  { "vigilance-use", TRIAL_BEGIN ("\"vigilance\": 1"), "\"count\": 2" },
  { "vigilance-use", TRIAL_BEGIN ("\"trap\": true"), "\"count\": 1" },
  { "vigilance-use", TRIAL_BEGIN ("\"vigilance\": 3") "\n{\"action\": \"threat\", "
    "\"wizard\": 1, \"dice\": []}", "\"count\": 1" },
  { "vigilance-use", TRIAL_BEGIN ("\"vigilance\": 1") "\n{\"action\": \"trial-property\", "
    "\"cancel\": \"vigilance\"}", "\"count\": 1" },
  { "trial-take", TRIAL_BEGIN ("\"shield\": \"Discard a 6\""),
    "\"wizard\": 1, \"index\": 0, \"path\": \"light\"" },                /* Shield first */
  { "trial-take", TRIAL_BEGIN (""), "\"wizard\": 1, \"index\": 1, \"path\": \"light\"" },
  { "trial-fail", TRIAL_BEGIN (""), "\"wizard\": 0, \"index\": 0" },
  { "fate", NULL, "\"wizard\": 0, \"dark\": -1" },
  { "mortal-wound", "{\"action\": \"mortal-wound\", \"wizard\": 0}", "\"wizard\": 0" },
  { "mortal-wound", "{\"action\": \"threat\", \"wizard\": 1, \"dice\": [1, 1, 1, 1, 1]}",
    "\"wizard\": 1" },
  { "turn-start", NULL, "\"kind\": \"study\"" },
  { "turn-end", "{\"action\": \"turn-end\"}", NULL },
  { "turn-end", "{\"action\": \"turn-end\"}\n{\"action\": \"turn-start\", \"kind\": \"study\"}",
    "\"reveal\": \"fresh-batch\"" },                                     /* Study reveals none */
  { "turn-start", "{\"action\": \"mortal-wound\", \"wizard\": 0}\n"
    "{\"action\": \"turn-end\"}\n{\"action\": \"turn-start\", \"kind\": \"study\"}\n"
    "{\"action\": \"turn-end\"}", "\"kind\": \"study\"" },              /* must Rest */
  { "fate-reveal", NULL, "\"card\": \"basilisk\"" },                   /* not the top card */
  { "board-value", NULL, "\"cell\": 0, \"value\": 1" },                /* shows 1 already */
  { "fate-reveal", NULL, "\"card\": \"goldeater\"" },                  /* not in the deck */
  { "new-game", NULL, "\"players\": [\"Cy\"]" },
  { "resume", NULL, "\"table\": {\"players\": []}" },            /* a game under way */
  { "rival-turn", NULL, NULL },                                        /* no Rival here */
  { "task-pay", NULL, "\"wizard\": 0, \"ingredients\": {\"blood\": 4}" },
  { "task-pay", NULL, "\"wizard\": 0, \"dice\": [0], \"marks\": [1]" },  /* not wounded */
  { "task-pay", NULL, "\"wizard\": 1, \"marks\": [0, 0]" },                /* flipped once */
  { "prophecy-fulfil", NULL, "\"card\": \"unity\"" },
  { "prophecy-fulfil", NULL, "\"card\": \"end-of-time\"" },       /* Fate cards left */
  { "prophecy-fulfil", "{\"action\": \"prophecy-fulfil\", \"card\": \"end-of-time\", "
    "\"override\": true}", "\"card\": \"end-of-time\", \"override\": true" },   /* ending */
  /* Rest options and the market: whose turn, what they have */
  { "exchange", NULL, "\"wizard\": 1, \"give\": {\"fruit\": 4}, \"get\": {\"jewel\": 2}" },
  { "exchange", NULL, "\"wizard\": 0, \"give\": {\"jewel\": 2}, \"get\": {\"fruit\": 4}" },
  { "exchange", "{\"action\": \"turn-end\"}\n{\"action\": \"turn-start\", \"kind\": \"trial\"}",
    "\"wizard\": 1, \"give\": {\"fruit\": 4}, \"get\": {\"jewel\": 2}" },  /* a Trial turn */
  { "exchange", "{\"action\": \"turn-end\"}",
    "\"wizard\": 1, \"give\": {\"fruit\": 4}, \"get\": {\"jewel\": 2}" },  /* between turns */
  { "brew", NULL, "\"wizard\": 0, \"card\": \"liquid-luck\"" },          /* no Crystals */
  { "brew", NULL, "\"wizard\": 0, \"card\": \"triplet\"" },              /* not hers */
  { "brew", "{\"action\": \"card-move\", \"wizard\": 0, \"card\": \"liquid-luck\", "
    "\"zone\": \"inventory\"}", "\"wizard\": 0, \"card\": \"liquid-luck\", "
    "\"pay\": {\"crystal\": 2}" },                                      /* brewed already */
  { "buy", NULL, "\"wizard\": 0, \"card\": \"radiant-staff\", \"pay\": {}" },  /* has one */
  { "buy", NULL, "\"wizard\": 0, \"card\": \"wand-of-everwood\"" },     /* no Jewel */
  { "buy", NULL, "\"wizard\": 1, \"card\": \"triplet\", \"pay\": {}" },       /* Ann's turn */
  { "bribe", NULL, "\"wizard\": 1, \"market\": \"brewery\"" },             /* Ann's turn */
  { "knock-out", "{\"action\": \"place\", \"wizard\": 0, \"index\": 1, \"location\": "
    "\"forest\", \"resource\": [{\"fruit\": 1}]}",
    "\"wizard\": 1, \"discard\": 0, \"placed\": 0" },                  /* Ann's turn */
  { "card-identify", NULL, "\"card\": \"potion#9\", \"as\": \"triplet\"" },  /* not here */
  { "card-identify", "{\"action\": \"card-gain\", \"wizard\": 1, \"card\": \"potion#9\"}",
    "\"card\": \"potion#9\", \"as\": \"goldeater\"" },                   /* a Trial */
  { "card-identify", "{\"action\": \"card-gain\", \"wizard\": 1, \"card\": \"potion#9\"}",
    "\"card\": \"potion#9\", \"as\": \"liquid-luck\"" },                 /* Ann has it */
  { "place", NULL, "\"wizard\": 0, \"index\": 0, \"location\": \"sapphire-class\", "
    "\"section\": \"mark\", \"arcana\": 0" },                          /* not a Blue 6 */
};

static const KindCase invalid_cases[] = {
  { "die-adjust", NULL, "\"wizard\": 0, \"index\": 3, \"delta\": 2" },
  { "board-value", NULL, "\"cell\": 0, \"value\": 7" },
  { "die-set", NULL, "\"wizard\": 0, \"index\": 0, \"value\": 7" },
  { "die-set", NULL, "\"wizard\": 0, \"index\": 0" },
  { "die-flip", NULL, "\"wizard\": 0, \"index\": 5" },
  { "die-reroll", NULL, "\"wizard\": 0, \"index\": 0, \"value\": 9" },
  { "die-recolor", NULL, "\"wizard\": 0, \"index\": 0" },
  { "ingredient-spend", NULL, "\"wizard\": 0, \"ingredient\": \"blood\", \"count\": -1" },
  { "mark-recharge", NULL, "\"wizard\": 0" },
  { "mark-heal", NULL, "\"wizard\": 1, \"cell\": 0, \"rest_effect\": 1" },
  { "mark-wound", NULL, "\"wizard\": 0, \"cell\": -1" },
  { "mark-blood", NULL, "\"wizard\": 2, \"cell\": 0" },
  { "card-rotate", NULL, "\"wizard\": 0" },
  { "card-move", NULL, "\"wizard\": 0, \"card\": \"liquid-luck\"" },
  { "card-discard", NULL, "\"wizard\": 0, \"card\": 5" },
  { "trial-fail", NULL, "\"wizard\": 0" },
  { "fate", NULL, "\"wizard\": 0, \"light\": 100" },
  { "mortal-wound", NULL, "\"wizard\": -1" },
  { "fate-reveal", NULL, NULL },
  { "die-discard", NULL, "\"wizard\": 0, \"index\": 9" },
  { "die-gain", NULL, "\"wizard\": 5, \"color\": \"red\"" },
  { "die-gain", NULL, "\"wizard\": 0, \"color\": \"pink\"" },
  { "die-gain", NULL, "\"wizard\": 0, \"color\": \"red\", \"colour\": \"red\"" },
  { "die-gain", NULL, "\"wizard\": \"0\", \"color\": \"red\"" },
  { "ingredient-gain", NULL, "\"wizard\": 0, \"ingredient\": \"gold\"" },
  { "ingredient-gain", NULL, "\"wizard\": 0, \"ingredient\": \"blood\", \"count\": 0" },
  { "mark-gain", NULL, "\"wizard\": 0, \"kind\": \"onyx\"" },
  { "mark-use", NULL, "\"wizard\": 0, \"cell\": 11" },
  { "card-gain", NULL, "\"wizard\": 1, \"card\": \"alchemy\", \"zone\": \"attic\"" },
  { "card-gain", NULL, "\"wizard\": 1, \"card\": \"no-such-card\"" },
  { "contract-take", NULL, "\"wizard\": 0, \"slot\": 7" },
  { "contract-take", NULL, "\"wizard\": 0, \"slot\": 0, \"card\": \"lost-hut\"" },
  { "contract-take", NULL, "\"wizard\": 0, \"slot\": 0, \"reveal\": \"goldeater\"" },
  { "contract-reserve", NULL, "\"wizard\": 0, \"slot\": 0, \"reveal\": \"no-such-card\"" },
  { "contract-reserve", NULL, "\"wizard\": 0, \"slot\": 0, \"reveal\": \"goldeater\"" },
  { "trial-take", NULL, "\"wizard\": 0, \"index\": 5, \"path\": \"light\"" },
  { "trial-take", NULL, "\"wizard\": 0, \"index\": 0" },
  { "trial-reserve", NULL, "\"wizard\": 0, \"card\": \"scrollers\"" },
  { "trial-begin", TRIAL_TURN, "\"wizard\": 1, \"index\": 0, \"properties\": {\"rift\": 0}" },
  { "trial-begin", TRIAL_TURN, "\"wizard\": 1, \"index\": 0, \"properties\": {\"fog\": true}" },
  { "trial-begin", TRIAL_TURN, "\"wizard\": 1, \"index\": 0, \"properties\": {\"shield\": \"\"}" },
  { "trial-begin", TRIAL_TURN, "\"wizard\": 1, \"index\": 0, \"properties\": {\"trap\": 1}" },
  { "trial-property", TRIAL_BEGIN ("\"rift\": 2"), "\"cancel\": \"fog\"" },
  { "trial-property", TRIAL_BEGIN ("\"rift\": 2"), NULL },
  { "trial-property", TRIAL_BEGIN ("\"rift\": 2"), "\"cancel\": \"rift\", \"with\": \"wand\"" },
  { "vigilance-use", TRIAL_BEGIN ("\"vigilance\": 2"), "\"count\": 0" },
  { "vigilance-use", TRIAL_BEGIN ("\"vigilance\": 2"), NULL },
  { "turn-start", "{\"action\": \"turn-end\"}", "\"kind\": \"nap\"" },
  { "turn-start", "{\"action\": \"turn-end\"}", "\"kind\": \"none\"" },
  { "turn-end", NULL, "\"contract\": \"goldeater\"" },
  { "threat", NULL, "\"wizard\": 0" },
  { "threat", NULL, "\"wizard\": 0, \"dice\": [0]" },
  { "setting", NULL, NULL },
  { "task-pay", NULL, "\"wizard\": 0" },
  { "task-pay", NULL, "\"wizard\": 0, \"dice\": [0, 0]" },
  { "task-pay", NULL, "\"wizard\": 0, \"dice\": [9]" },
  { "task-pay", NULL, "\"wizard\": 0, \"ingredients\": {\"gold\": 1}" },
  { "correct", NULL, "\"target\": \"random\", \"value\": \"0:0:0:0\"" },
  { "correct", NULL, "\"target\": \"players[7].name\", \"value\": \"Zed\"" },
  { "correct", NULL, "\"target\": \"players[0].ingredients.blood\", \"value\": 13" },
  { "correct", NULL, "\"target\": \"players[0].supply[0].value\", \"value\": 0" },
  { "correct", NULL, "\"target\": \"players[0].marks[0].cell\", \"value\": 9" },
  { "correct", NULL, "\"target\": \"current\", \"value\": 3" },
  { "correct", NULL, "\"target\": \"contract_row\", \"value\": []" },
  { "correct", NULL, "\"target\": \"players[0].ingredients.blood\"" },
  /* a recount is all or nothing: the valid first correction must not stay */
  { "recount", NULL, "\"corrections\": [{\"target\": \"players[0].ingredients.jewel\", "
    "\"value\": 4}, {\"target\": \"players[0].ingredients.blood\", \"value\": 13}]" },
  { "recount", NULL, "\"corrections\": [{\"target\": \"turn\", \"value\": 1, \"x\": 2}]" },
  { "recount", NULL, "\"corrections\": {}" },
  { "goal-vp", NULL, "\"wizard\": 0, \"goal\": \"heroism\", \"vp\": 2" },   /* computed */
  { "goal-vp", NULL, "\"wizard\": 0, \"goal\": \"goldeater\", \"vp\": 2" }, /* not a Goal */
  { "goal-vp", NULL, "\"wizard\": 0, \"goal\": \"mastery\", \"vp\": 100" },
  { "goal-vp", NULL, "\"wizard\": 0, \"goal\": \"mastery\"" },
  /* the Bazaar rate: multiples of 4 Fruits = 3 Crystals = 2 Jewels = 1 Trinket only */
  { "exchange", NULL, "\"wizard\": 0, \"give\": {\"fruit\": 2}, \"get\": {\"jewel\": 1}" },
  { "exchange", NULL, "\"wizard\": 0, \"give\": {\"fruit\": 4}, \"get\": {\"jewel\": 4}" },
  { "exchange", NULL, "\"wizard\": 0, \"give\": {\"blood\": 1}, \"get\": {\"trinket\": 1}" },
  { "exchange", NULL, "\"wizard\": 0, \"give\": {\"trinket\": 1}, \"get\": {\"arcana\": 1}" },
  { "exchange", NULL, "\"wizard\": 0, \"give\": {\"fruit\": 4, \"trinket\": 1}, "
    "\"get\": {\"fruit\": 4, \"jewel\": 2}" },                          /* both sides */
  { "exchange", NULL, "\"wizard\": 0, \"give\": {\"fruit\": 4}" },
  { "exchange", NULL, "\"wizard\": 0, \"give\": {\"fruit\": 4}, \"get\": {\"gold\": 1}" },
  { "brew", NULL, "\"wizard\": 0, \"card\": \"scarlet-downpour\"" },     /* a Spell */
  { "brew", NULL, "\"wizard\": 0, \"card\": \"liquid-luck\", \"pay\": {\"fruit\": 1}" },
  { "brew", "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"silverling\"}",
    "\"wizard\": 0, \"card\": \"silverling\"" },                       /* cost unknown */
  { "buy", NULL, "\"wizard\": 0, \"card\": \"scarlet-downpour\", \"pay\": {}" },
  { "buy", NULL, "\"wizard\": 0, \"card\": \"silverling\"" },            /* cost unknown */
  { "buy", NULL, "\"wizard\": 0, \"card\": \"triplet\", \"pay\": {}, \"reveal\": \"druid\"" },
  { "resource-gain", NULL, "\"gains\": []" },
  { "resource-gain", NULL, "\"gains\": [{\"wizard\": 0, \"ingredients\": {\"fruit\": 1}}, "
    "{\"wizard\": 2, \"ingredients\": {\"fruit\": 1}}]" },              /* all or nothing */
  { "resource-gain", NULL, "\"gains\": [{\"wizard\": 0, \"ingredients\": {\"gold\": 1}}]" },
  { "resource-gain", NULL, "\"gains\": [{\"wizard\": 0}]" },
  { "resource-gain", NULL, "\"gains\": [{\"wizard\": 0, \"ingredients\": {}}]" },
  { "card-identify", "{\"action\": \"card-gain\", \"wizard\": 1, \"card\": \"potion#9\"}",
    "\"card\": \"potion#9\", \"as\": \"no-such-card\"" },
  { "place", NULL, "\"wizard\": 0, \"index\": 0, \"location\": \"tavern\"" },
  { "place", NULL, "\"wizard\": 0, \"index\": 0, \"location\": \"ruby-class\"" },
  { "place", NULL, "\"wizard\": 0, \"index\": 0, \"location\": \"forest\", "
    "\"resource\": [{\"gold\": 1}]" },
};

static void
test_refusals (void)
{
  g_autoptr(PenTable) base = mid_game_table ();
  g_autoptr(GHashTable) covered = g_hash_table_new (g_str_hash, g_str_equal);
  const char * const *kinds = pen_action_list_kinds ();

  /* every kind has a refusal that must leave the table as it was */
  for (guint i = 0; i < G_N_ELEMENTS (refused_cases); i++)
    g_hash_table_add (covered, (gpointer) refused_cases[i].kind);
  for (guint i = 0; i < G_N_ELEMENTS (invalid_cases); i++)
    g_hash_table_add (covered, (gpointer) invalid_cases[i].kind);
  g_hash_table_add (covered, (gpointer) "new-game");   /* below, on an empty table */
  for (guint i = 0; kinds[i]; i++)
    if (!g_hash_table_contains (covered, kinds[i]))
      g_error ("no refusal case for the kind %s", kinds[i]);

  for (guint i = 0; i < G_N_ELEMENTS (refused_cases); i++)
    {
      const KindCase *c = &refused_cases[i];
      g_autoptr(PenTable) table = table_copy (base);
      g_autofree char *json = action_text (c->kind, c->params);

      g_test_message ("refused: %s", json);
      run_prep (table, c->prep);
      apply_refused (table, json, PEN_ERROR_REFUSED);
    }
  for (guint i = 0; i < G_N_ELEMENTS (invalid_cases); i++)
    {
      const KindCase *c = &invalid_cases[i];
      g_autoptr(PenTable) table = table_copy (base);
      g_autofree char *json = action_text (c->kind, c->params);

      g_test_message ("invalid: %s", json);
      run_prep (table, c->prep);
      apply_refused (table, json, PEN_ERROR_INVALID);
    }

  /* nothing but new-game on an empty table */
  {
    g_autoptr(PenTable) table = pen_table_new ();
    static const char * const before_game[] = {
      "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\"}",
      "{\"action\": \"mortal-wound\", \"wizard\": 0}",
      "{\"action\": \"turn-start\", \"kind\": \"study\"}",
      "{\"action\": \"turn-end\"}",
      "{\"action\": \"threat\", \"wizard\": 0, \"count\": 1}",
    };

    for (guint i = 0; i < G_N_ELEMENTS (before_game); i++)
      apply_refused (table, before_game[i], PEN_ERROR_REFUSED);
    apply_refused (table, "{\"action\": \"new-game\", \"players\": []}", PEN_ERROR_INVALID);
    apply_refused (table, "{\"action\": \"resume\"}", PEN_ERROR_INVALID);
    apply_refused (table, "{\"action\": \"resume\", \"table\": {\"turn\": \"x\"}}",
                   PEN_ERROR_INVALID);
    apply_refused (table, "{\"action\": \"resume\", \"table\": {}, \"earlier\": 3}",
                   PEN_ERROR_INVALID);
    apply_refused (table, "{\"action\": \"new-game\", \"players\": [\"a\", \"b\", \"c\", \"d\","
                          " \"e\"]}", PEN_ERROR_INVALID);
    apply_refused (table, "{\"action\": \"new-game\", \"players\": [\"a\", \"b\"], \"solo\": 1}",
                   PEN_ERROR_INVALID);
    apply_refused (table, "{\"action\": \"new-game\", \"players\": [\"a\"], \"mode\": \"vr\"}",
                   PEN_ERROR_INVALID);
    apply_refused (table, "{\"action\": \"new-game\", \"players\": [\"a\"], \"start\":"
                          " [{\"mark\": \"spark\"}]}", PEN_ERROR_INVALID);
    apply_refused (table, "{\"action\": \"new-game\", \"players\": [\"a\"], \"setup\":"
                          " {\"trial_row\": [\"no-such-trial\"]}}", PEN_ERROR_INVALID);
  }
}

/* ---- the rulebook ---- */

static PenTable *
two_player_table (const char *setup)
{
  PenTable *table = pen_table_new ();
  g_autofree char *json = NULL;

  /* without a Fate deck End of Time would end the game at once */
  if (setup == NULL)
    setup = "{\"prophecies\": [\"end-of-time\"], \"fate_deck\": [\"wildwood\", \"aranea\","
            " \"basilisk\"]}";
  json = g_strdup_printf (
    "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 7,"
    " \"cell_values\": [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5],"
    " \"start\": [{\"mark\": \"ruby\"}, {\"mark\": \"emerald\"}]%s%s}",
    ", \"setup\": ", setup);

  run (table, json);
  return table;
}

static guint
n_dice (PenTable *table,
        guint     w)
{
  return g_list_model_get_n_items (pen_wizard_get_supply (pen_table_get_wizard (table, w)));
}

/* Ingredients: at most 12 of each, the excess goes back */
static void
test_rule_ingredient_cap (void)
{
  g_autoptr(PenTable) table = two_player_table (NULL);
  PenWizard *ann = pen_table_get_wizard (table, 0);

  run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"crystal\","
              " \"count\": 10}");
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_CRYSTAL), ==, 10);
  run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"crystal\","
              " \"count\": 5}");
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_CRYSTAL), ==, 12);
  run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"crystal\"}");
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_CRYSTAL), ==, 12);
  /* the other ingredients are counted apart: the total may be larger */
  run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"arcana\","
              " \"count\": 12}");
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), ==, 12);
  apply_refused (table, "{\"action\": \"ingredient-spend\", \"wizard\": 0, \"ingredient\":"
                        " \"crystal\", \"count\": 13}", PEN_ERROR_REFUSED);
  run (table, "{\"action\": \"ingredient-spend\", \"wizard\": 0, \"ingredient\": \"crystal\","
              " \"count\": 12}");
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_CRYSTAL), ==, 0);
}

/* The first turn of each player has one placement, later Study turns two; the Trinket
 * placement is once per turn. */
static void
test_rule_placements (void)
{
  g_autoptr(PenTable) table = pen_table_new ();
#define PLACE "{\"action\": \"die-place\", \"wizard\": %u, \"index\": 0}"

  run (table, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\", \"Cy\"], \"seed\": 3,"
              " \"setup\": {\"prophecies\": [\"end-of-time\"], \"fate_deck\": [\"aranea\"]}}");
  for (guint round = 0; round < 3; round++)
    for (guint w = 0; w < 3; w++)
      {
        guint expected = round == 0 ? 1 : 2;
        g_autofree char *json = g_strdup_printf (PLACE, w);

        g_assert_cmpuint (pen_table_get_current (table), ==, w);
        run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"trinket\","
                    " \"count\": 2}");
        run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
        g_assert_cmpint (pen_table_get_placements_left (table), ==, expected);
        for (guint k = 0; k < expected; k++)
          {
            run (table, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"bone\"}");
            {
              g_autofree char *gain = g_strdup_printf ("{\"action\": \"die-gain\", \"wizard\":"
                                                       " %u, \"color\": \"bone\"}", w);
              run (table, gain);
            }
            run (table, json);
          }
        g_assert_cmpint (pen_table_get_placements_left (table), ==, 0);
        apply_refused (table, json, PEN_ERROR_REFUSED);
        if (w == 0)
          {
            /* Hurry: one Trinket placement, once */
            guint trinkets = pen_wizard_get_ingredient (pen_table_get_wizard (table, 0),
                                                        PEN_INGREDIENT_TRINKET);
            run (table, "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, \"trinket\":"
                        " true}");
            g_assert_cmpuint (pen_wizard_get_ingredient (pen_table_get_wizard (table, 0),
                                                         PEN_INGREDIENT_TRINKET), ==,
                              trinkets - 1);
            g_assert_true (pen_table_get_trinket_used (table));
            apply_refused (table, "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0,"
                                  " \"trinket\": true}", PEN_ERROR_REFUSED);
          }
        run (table, "{\"action\": \"turn-end\"}");
        g_assert_false (pen_table_get_trinket_used (table));
      }
  /* a Trial or Rest turn has no placements */
  run (table, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  g_assert_cmpint (pen_table_get_placements_left (table), ==, 0);
}

/* Temporary dice leave at the end of their owner's turn; the others stay */
static void
test_rule_temporary_dice (void)
{
  g_autoptr(PenTable) table = two_player_table (NULL);

  run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  run (table, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"blue\", \"value\": 3,"
              " \"temporary\": true}");
  run (table, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"green\", \"value\": 2}");
  run (table, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"blue\", \"value\": 5,"
              " \"temporary\": true}");
  g_assert_cmpuint (n_dice (table, 0), ==, 4 + 3);
  run (table, "{\"action\": \"turn-end\"}");
  g_assert_cmpuint (n_dice (table, 0), ==, 4 + 1);
  g_assert_cmpint (find_die (pen_table_get_wizard (table, 0), PEN_COLOR_BLUE, 0), ==, -1);
  g_assert_cmpint (find_die (pen_table_get_wizard (table, 0), PEN_COLOR_GREEN, 2), >=, 0);
}

/* A Mortal Wound: every die discarded, no more placements, the next turn a Rest; at most one
 * card per wizard per turn, on anybody's turn. */
static void
test_rule_mortal_wound (void)
{
  g_autoptr(PenTable) table = two_player_table (NULL);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  PenWizard *bob = pen_table_get_wizard (table, 1);

  run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  g_assert_cmpint (pen_table_get_placements_left (table), ==, 1);
  run (table, "{\"action\": \"mortal-wound\", \"wizard\": 0}");
  g_assert_cmpuint (n_dice (table, 0), ==, 0);
  g_assert_cmpuint (pen_wizard_get_mortal_wounds (ann), ==, 1);
  g_assert_true (pen_wizard_get_must_rest (ann));
  g_assert_cmpint (pen_table_get_placements_left (table), ==, 0);
  apply_refused (table, "{\"action\": \"mortal-wound\", \"wizard\": 0}", PEN_ERROR_REFUSED);
  /* Bob is wounded on Ann's turn: one card for him too, this turn */
  run (table, "{\"action\": \"mortal-wound\", \"wizard\": 1}");
  apply_refused (table, "{\"action\": \"mortal-wound\", \"wizard\": 1}", PEN_ERROR_REFUSED);
  run (table, "{\"action\": \"turn-end\"}");

  /* Bob's turn is a new turn: he must rest, and may gain another card in it */
  apply_refused (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}", PEN_ERROR_REFUSED);
  apply_refused (table, "{\"action\": \"turn-start\", \"kind\": \"trial\"}", PEN_ERROR_REFUSED);
  run (table, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  g_assert_false (pen_wizard_get_must_rest (bob));
  run (table, "{\"action\": \"mortal-wound\", \"wizard\": 1}");
  g_assert_cmpuint (pen_wizard_get_mortal_wounds (bob), ==, 2);
  run (table, "{\"action\": \"turn-end\"}");

  /* Ann rests (her supply was discarded), then plays on */
  apply_refused (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}", PEN_ERROR_REFUSED);
  run (table, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  g_assert_cmpuint (n_dice (table, 0), ==, 2 + 2);   /* 2 Bone, ruby, spark */
  run (table, "{\"action\": \"mortal-wound\", \"wizard\": 0}");
  g_assert_cmpuint (pen_wizard_get_mortal_wounds (ann), ==, 2);

  /* a Threat whose Mortal Wound comes on top of a card this turn gives none */
  {
    g_autoptr(PenTable) t = two_player_table (NULL);

    run (t, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
    run (t, "{\"action\": \"mark-wound\", \"wizard\": 0, \"cell\": 0}");
    run (t, "{\"action\": \"threat\", \"wizard\": 0, \"dice\": [1, 1, 1, 1, 1, 1]}");
    g_assert_cmpuint (pen_wizard_get_mortal_wounds (pen_table_get_wizard (t, 0)), <=, 1);
    run (t, "{\"action\": \"threat\", \"wizard\": 0, \"dice\": [1, 1, 1, 1, 1, 1]}");
    g_assert_cmpuint (pen_wizard_get_mortal_wounds (pen_table_get_wizard (t, 0)), <=, 1);
    apply_refused (t, "{\"action\": \"mortal-wound\", \"wizard\": 0}", -1);
  }
}

/* Rest: rotated cards unrotate (a brewed Potion back to the Grimoire), discharged marks
 * recharge, 2 Bone dice and a die per non-wounded mark, taken from the placed dice first. */
static void
test_rule_rest (void)
{
  g_autoptr(PenTable) table = two_player_table (NULL);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  GListModel *placed = pen_table_get_placed (table);
  GListModel *supply = pen_wizard_get_supply (ann);
  guint counts[PEN_N_COLORS] = { 0, };

  /* Ann: ruby@0, ruby@1, emerald@2, spark@8 */
  run (table, "{\"action\": \"mark-gain\", \"wizard\": 0, \"kind\": \"ruby\","
              " \"rest_effect\": false}");
  run (table, "{\"action\": \"mark-gain\", \"wizard\": 0, \"kind\": \"emerald\","
              " \"rest_effect\": false}");
  run (table, "{\"action\": \"mark-use\", \"wizard\": 0, \"cell\": 0}");
  run (table, "{\"action\": \"mark-wound\", \"wizard\": 0, \"cell\": 1}");
  run (table, "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"scarlet-downpour\"}");
  run (table, "{\"action\": \"card-rotate\", \"wizard\": 0, \"card\": \"scarlet-downpour\"}");
  run (table, "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"triplet\","
              " \"zone\": \"inventory\"}");
  run (table, "{\"action\": \"card-rotate\", \"wizard\": 0, \"card\": \"triplet\"}");

  /* Bob places dice: a Bone, a red and a green die are in the locations (Ann is first,
   * so Bob's placements are corrections outside his turn, overruling the rule) */
  run (table, "{\"action\": \"die-gain\", \"wizard\": 1, \"color\": \"red\", \"value\": 4}");
  run (table, "{\"action\": \"die-gain\", \"wizard\": 1, \"color\": \"green\", \"value\": 2}");
  run (table, "{\"action\": \"die-gain\", \"wizard\": 1, \"color\": \"purple\", \"value\": 2}");
  for (guint i = 0; i < 3; i++)
    run (table, "{\"action\": \"die-place\", \"wizard\": 1, \"index\": 0,"
                " \"override\": true}");                                  /* 2 Bone + green */
  run (table, "{\"action\": \"die-place\", \"wizard\": 1, \"index\": 1, \"override\": true}");
  run (table, "{\"action\": \"die-place\", \"wizard\": 1, \"index\": 2, \"override\": true}");
  g_assert_cmpuint (g_list_model_get_n_items (placed), ==, 5);

  run (table, "{\"action\": \"die-discard\", \"wizard\": 0, \"index\": 0}");
  run (table, "{\"action\": \"die-discard\", \"wizard\": 0, \"index\": 0}");
  run (table, "{\"action\": \"die-discard\", \"wizard\": 0, \"index\": 0}");
  run (table, "{\"action\": \"die-discard\", \"wizard\": 0, \"index\": 0}");
  g_assert_cmpuint (n_dice (table, 0), ==, 0);

  run (table, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");

  /* 2 Bone + ruby@0 (recharged) + emerald@2 + spark@8; the wounded ruby@1 gives nothing */
  g_assert_cmpuint (n_dice (table, 0), ==, 5);
  for (guint i = 0; i < g_list_model_get_n_items (supply); i++)
    {
      g_autoptr(PenDie) die = g_list_model_get_item (supply, i);
      counts[pen_die_get_color (die)]++;
      g_assert_cmpuint (pen_die_get_value (die), >=, 1);
      g_assert_cmpuint (pen_die_get_value (die), <=, 6);
    }
  g_assert_cmpuint (counts[PEN_COLOR_BONE], ==, 2);
  g_assert_cmpuint (counts[PEN_COLOR_RED], ==, 1);
  g_assert_cmpuint (counts[PEN_COLOR_GREEN], ==, 1);
  g_assert_cmpuint (counts[PEN_COLOR_SPARK], ==, 1);
  /* taken from the locations: both Bone dice, the red and the green one; the purple stays */
  g_assert_cmpuint (g_list_model_get_n_items (placed), ==, 1);
  {
    g_autoptr(PenDie) left = g_list_model_get_item (placed, 0);
    g_assert_cmpint (pen_die_get_color (left), ==, PEN_COLOR_PURPLE);
  }

  g_assert_cmpint (pen_mark_get_state (pen_wizard_get_mark_in_cell (ann, 0)), ==,
                   PEN_MARK_CHARGED);
  g_assert_cmpint (pen_mark_get_state (pen_wizard_get_mark_in_cell (ann, 1)), ==,
                   PEN_MARK_WOUNDED);
  {
    GListModel *cards = pen_wizard_get_cards (ann);
    int i = pen_wizard_find_card (ann, "scarlet-downpour");
    g_autoptr(PenTableCard) spell = g_list_model_get_item (cards, i);
    g_autoptr(PenTableCard) potion = g_list_model_get_item (cards,
                                                            pen_wizard_find_card (ann, "triplet"));

    g_assert_false (pen_table_card_get_rotated (spell));
    g_assert_cmpstr (pen_table_card_get_zone (spell), ==, PEN_ZONE_GRIMOIRE);
    g_assert_false (pen_table_card_get_rotated (potion));
    g_assert_cmpstr (pen_table_card_get_zone (potion), ==, PEN_ZONE_GRIMOIRE);
  }
  g_assert_cmpint (pen_table_get_placements_left (table), ==, 0);
}

/* A brewed Potion that unrotates, by any effect, goes back to the Grimoire as a Recipe; a Pet
 * stays in the Inventory */
static void
test_rule_potion_unrotate (void)
{
  g_autoptr(PenTable) table = two_player_table (NULL);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  GListModel *cards = pen_wizard_get_cards (ann);

  run (table, "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"triplet\"}");
  run (table, "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"sniffer\"}");
  run (table, "{\"action\": \"card-move\", \"wizard\": 0, \"card\": \"triplet\","
              " \"zone\": \"inventory\"}");
  run (table, "{\"action\": \"card-move\", \"wizard\": 0, \"card\": \"sniffer\","
              " \"zone\": \"inventory\"}");
  run (table, "{\"action\": \"card-rotate\", \"wizard\": 0, \"card\": \"triplet\"}");
  run (table, "{\"action\": \"card-rotate\", \"wizard\": 0, \"card\": \"sniffer\"}");
  run (table, "{\"action\": \"card-rotate\", \"wizard\": 0, \"card\": \"triplet\","
              " \"rotated\": false}");
  run (table, "{\"action\": \"card-rotate\", \"wizard\": 0, \"card\": \"sniffer\","
              " \"rotated\": false}");
  {
    g_autoptr(PenTableCard) potion = g_list_model_get_item (cards,
                                                            pen_wizard_find_card (ann, "triplet"));
    g_autoptr(PenTableCard) pet = g_list_model_get_item (cards,
                                                         pen_wizard_find_card (ann, "sniffer"));

    g_assert_false (pen_table_card_get_rotated (potion));
    g_assert_cmpstr (pen_table_card_get_zone (potion), ==, PEN_ZONE_GRIMOIRE);
    g_assert_false (pen_table_card_get_rotated (pet));
    g_assert_cmpstr (pen_table_card_get_zone (pet), ==, PEN_ZONE_INVENTORY);
  }
}

/* Gaining a mark: the first free cell, charged, and the Rest effect above it */
static void
test_rule_gain_mark (void)
{
  g_autoptr(PenTable) table = two_player_table (NULL);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  PenMark *mark;

  run (table, "{\"action\": \"mark-gain\", \"wizard\": 0, \"kind\": \"sapphire\"}");
  mark = pen_wizard_get_mark_in_cell (ann, 1);
  g_assert_nonnull (mark);
  g_assert_cmpint (pen_mark_get_kind (mark), ==, PEN_MARK_SAPPHIRE);
  g_assert_cmpint (pen_mark_get_state (mark), ==, PEN_MARK_CHARGED);
  g_assert_cmpuint (pen_mark_get_value (mark), ==, 2);     /* the cell value given */
  g_assert_cmpint (find_die (ann, PEN_COLOR_BLUE, 0), >=, 0);
  g_assert_cmpuint (n_dice (table, 0), ==, 5);

  /* a healed mark gives its effect again; a recharged one does not */
  run (table, "{\"action\": \"mark-wound\", \"wizard\": 0, \"cell\": 1}");
  run (table, "{\"action\": \"mark-heal\", \"wizard\": 0, \"cell\": 1}");
  g_assert_cmpuint (n_dice (table, 0), ==, 6);
  run (table, "{\"action\": \"mark-use\", \"wizard\": 0, \"cell\": 1}");
  run (table, "{\"action\": \"mark-recharge\", \"wizard\": 0, \"cell\": 1}");
  g_assert_cmpuint (n_dice (table, 0), ==, 6);
  /* blood: a wounded mark flips to discharged */
  run (table, "{\"action\": \"mark-wound\", \"wizard\": 0, \"cell\": 1}");
  run (table, "{\"action\": \"mark-blood\", \"wizard\": 0, \"cell\": 1}");
  g_assert_cmpint (pen_mark_get_state (pen_wizard_get_mark_in_cell (ann, 1)), ==,
                   PEN_MARK_DISCHARGED);

  /* eight discipline cells */
  for (guint i = 2; i < 8; i++)
    run (table, "{\"action\": \"mark-gain\", \"wizard\": 0, \"kind\": \"amber\"}");
  apply_refused (table, "{\"action\": \"mark-gain\", \"wizard\": 0, \"kind\": \"amber\"}",
                 PEN_ERROR_REFUSED);
  g_assert_cmpint (pen_wizard_first_free_cell (ann, TRUE), ==, 9);
}

/* A contract taken from the Guild: the ones left of it shift right, a new one on the left */
static void
test_rule_contract_take (void)
{
  g_autoptr(PenTable) table = two_player_table (
    "{\"contract_row\": [\"lost-hut\", \"scarlet-pact\", \"brightshine\", null],"
    " \"contract_deck\": [\"sorcerous-prison\"]}");
  GListModel *row = pen_table_get_contract_row (table);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autofree char *ids = NULL;

  run (table, "{\"action\": \"contract-take\", \"wizard\": 0, \"override\": true, \"slot\": 2}");
  ids = card_ids (row);
  g_assert_cmpstr (ids, ==, "sorcerous-prison,lost-hut,scarlet-pact,-");
  g_assert_cmpint (pen_wizard_find_card (ann, "brightshine"), >=, 0);
  g_assert_cmpuint (pen_wizard_get_light (ann), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_contract_deck (table)), ==, 0);

  /* the rightmost: nothing left of it moves but all shift */
  run (table, "{\"action\": \"contract-take\", \"wizard\": 0, \"override\": true, \"slot\": 0}");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (row);
  g_assert_cmpstr (ids, ==, "-,lost-hut,scarlet-pact,-");
  g_assert_cmpuint (g_list_model_get_n_items (row), ==, PEN_CONTRACT_CELLS);

  /* reserving from the row costs one Blood and shifts the same way */
  run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 1, \"ingredient\": \"blood\"}");
  run (table, "{\"action\": \"contract-reserve\", \"override\": true, \"wizard\": 1, \"slot\": 2}");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (row);
  g_assert_cmpstr (ids, ==, "-,-,lost-hut,-");
  g_assert_cmpuint (pen_wizard_get_ingredient (pen_table_get_wizard (table, 1),
                                               PEN_INGREDIENT_BLOOD), ==, 0);
}

/* Bind: a contract reserved from the top three of the deck; the others looked at go to the
 * bottom of the deck (app mode, where the app knows the order) */
static void
test_rule_contract_bind (void)
{
  g_autoptr(PenTable) table = two_player_table (
    "{\"contract_row\": [null, null, null, null],"
    " \"contract_deck\": [\"lost-hut\", \"scarlet-pact\", \"brightshine\", \"sorcerous-prison\"]}");
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autofree char *ids = NULL;

  run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"blood\","
              " \"count\": 3}");
  /* the fourth card was not looked at */
  apply_refused (table, "{\"action\": \"contract-reserve\", \"override\": true, \"wizard\": 0,"
                        " \"card\": \"sorcerous-prison\"}", PEN_ERROR_REFUSED);
  run (table, "{\"action\": \"contract-reserve\", \"override\": true, \"wizard\": 0, "
              "\"card\": \"scarlet-pact\"}");
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD), ==, 2);
  g_assert_cmpint (pen_wizard_find_card (ann, "scarlet-pact"), >=, 0);
  ids = card_ids (pen_table_get_contract_deck (table));
  g_assert_cmpstr (ids, ==, "sorcerous-prison,lost-hut,brightshine");
  /* a reserved contract is fulfilled from the reserve */
  run (table, "{\"action\": \"contract-take\", \"wizard\": 0, \"override\": true, \"card\": \"scarlet-pact\"}");
  g_assert_cmpuint (pen_wizard_get_dark (ann), ==, 1);
  run (table, "{\"action\": \"contract-reserve\", \"override\": true, \"wizard\": 0, "
              "\"card\": \"sorcerous-prison\"}");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (pen_table_get_contract_deck (table));
  g_assert_cmpstr (ids, ==, "lost-hut,brightshine");
}

/* The end of a Trial or Rest turn: the rightmost contract goes, the row shifts right and
 * refills; the next Fate card comes into play. A Study turn does neither. */
static void
test_rule_turn_end_refresh (void)
{
  g_autoptr(PenTable) table = two_player_table (
    "{\"prophecies\": [\"end-of-time\"], \"trial_row\": [\"goldeater\"],"
    " \"fate_deck\": [\"aranea\", \"heroism\", \"unity\", \"fresh-batch\", \"wildwood\"],"
    " \"contract_row\": [\"lost-hut\", \"scarlet-pact\", \"brightshine\", null],"
    " \"contract_deck\": [\"sorcerous-prison\"]}");
  GListModel *row = pen_table_get_contract_row (table);
  g_autofree char *ids = NULL;

  run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  run (table, "{\"action\": \"turn-end\"}");
  ids = card_ids (row);
  g_assert_cmpstr (ids, ==, "lost-hut,scarlet-pact,brightshine,-");
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_fate_deck (table)), ==, 5);

  /* the Trial turns here attempt no Trial (one-trial-per-turn): done anyway, as this test is
   * about what the end of such a turn refreshes */
  run (table, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  run (table, "{\"action\": \"turn-end\", \"override\": true}");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (row);
  g_assert_cmpstr (ids, ==, "sorcerous-prison,lost-hut,scarlet-pact,brightshine");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (pen_table_get_trial_row (table));
  g_assert_cmpstr (ids, ==, "goldeater,aranea");     /* a trial joins the row */

  run (table, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  run (table, "{\"action\": \"turn-end\"}");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (row);
  g_assert_cmpstr (ids, ==, "-,sorcerous-prison,lost-hut,scarlet-pact");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (pen_table_get_in_play (table));
  g_assert_cmpstr (ids, ==, "end-of-time,heroism");  /* a goal goes in play */

  run (table, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  run (table, "{\"action\": \"turn-end\", \"override\": true}");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (pen_table_get_in_play (table));
  g_assert_cmpstr (ids, ==, "end-of-time,heroism,unity");   /* and a prophecy */
  g_assert_cmpint (pen_table_get_phase (table), ==, PEN_PHASE_PLAYING);

  /* an event is shown until the next card comes */
  run (table, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  run (table, "{\"action\": \"turn-end\", \"override\": true}");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (pen_table_get_in_play (table));
  g_assert_cmpstr (ids, ==, "end-of-time,heroism,unity,fresh-batch");
  run (table, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  run (table, "{\"action\": \"turn-end\", \"override\": true}");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (pen_table_get_in_play (table));
  g_assert_cmpstr (ids, ==, "end-of-time,heroism,unity");
  g_assert_cmpuint (g_list_model_get_n_items (row), ==, PEN_CONTRACT_CELLS);
}

/* The contract that refills the Guild row, when the table names it, leaves the contract deck;
 * in physical mode the app does not know the deck's order, so an unnamed one stays unknown. */
static void
test_rule_contract_reveal (void)
{
  g_autoptr(PenTable) table = two_player_table (
    "{\"prophecies\": [\"end-of-time\"], \"fate_deck\": [\"wildwood\", \"aranea\"],"
    " \"contract_row\": [\"lost-hut\", \"brightshine\", null, null],"
    " \"contract_deck\": [\"scarlet-pact\", \"sorcerous-prison\"]}");
  g_autoptr(PenTable) physical = pen_table_new ();
  g_autofree char *ids = NULL;

  run (table, "{\"action\": \"contract-take\", \"wizard\": 0, \"override\": true, \"slot\": 1,"
              " \"reveal\": \"sorcerous-prison\"}");
  ids = card_ids (pen_table_get_contract_row (table));
  g_assert_cmpstr (ids, ==, "sorcerous-prison,lost-hut,-,-");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (pen_table_get_contract_deck (table));
  g_assert_cmpstr (ids, ==, "scarlet-pact");
  run (table, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  run (table, "{\"action\": \"turn-end\", \"override\": true, \"contract\": \"scarlet-pact\"}");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (pen_table_get_contract_row (table));
  g_assert_cmpstr (ids, ==, "scarlet-pact,sorcerous-prison,lost-hut,-");
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_contract_deck (table)), ==, 0);

  run (physical, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 2,"
                 " \"mode\": \"physical\", \"setup\": {\"prophecies\": [\"end-of-time\"],"
                 " \"fate_deck\": [\"wildwood\", \"aranea\", \"basilisk\"],"
                 " \"contract_row\": [\"lost-hut\", \"brightshine\", null, null],"
                 " \"contract_deck\": [\"scarlet-pact\", \"sorcerous-prison\"]}}");
  run (physical, "{\"action\": \"turn-start\", \"kind\": \"rest\", \"faces\": [1, 2, 3]}");
  /* the table shuffled the Fate deck: it must say which card came */
  apply_refused (physical, "{\"action\": \"turn-end\"}", PEN_ERROR_REFUSED);
  run (physical, "{\"action\": \"turn-end\", \"reveal\": \"aranea\"}");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (pen_table_get_contract_row (physical));
  g_assert_cmpstr (ids, ==, "-,lost-hut,brightshine,-");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (pen_table_get_contract_deck (physical));
  g_assert_cmpstr (ids, ==, "scarlet-pact,sorcerous-prison");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (pen_table_get_trial_row (physical));
  g_assert_cmpstr (ids, ==, "aranea");
  run (physical, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  run (physical, "{\"action\": \"turn-end\", \"override\": true, \"reveal\": \"basilisk\","
                 " \"contract\": \"sorcerous-prison\"}");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (pen_table_get_contract_row (physical));
  g_assert_cmpstr (ids, ==, "sorcerous-prison,-,lost-hut,brightshine");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (pen_table_get_contract_deck (physical));
  g_assert_cmpstr (ids, ==, "scarlet-pact");
  /* a contract taken from the row: the gap is unknown unless named */
  run (physical, "{\"action\": \"contract-take\", \"wizard\": 0, \"override\": true, \"slot\": 3}");
  g_clear_pointer (&ids, g_free);
  ids = card_ids (pen_table_get_contract_row (physical));
  g_assert_cmpstr (ids, ==, "-,sorcerous-prison,-,lost-hut");
}

/* End of Time: when the Fate deck runs out, the current turn ends as usual and then every
 * player has exactly one more turn. */
static void
check_end_of_time (guint n_players,
                   guint trigger)
{
  g_autoptr(PenTable) table = pen_table_new ();
  g_autoptr(GString) json = g_string_new ("{\"action\": \"new-game\", \"players\": [");
  guint turns = 0;

  for (guint i = 0; i < n_players; i++)
    g_string_append_printf (json, "%s\"P%u\"", i ? ", " : "", i);
  g_string_append (json, "], \"seed\": 11, \"setup\": {\"prophecies\": [\"end-of-time\"],"
                         " \"fate_deck\": [\"wildwood\"]}}");
  run (table, json->str);
  n_players = pen_table_get_n_players (table);

  /* Study turns until the trigger player, who rests and reveals the last Fate card */
  for (guint i = 0; i < trigger; i++)
    {
      run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
      run (table, "{\"action\": \"turn-end\"}");
      g_assert_cmpint (pen_table_get_phase (table), ==, PEN_PHASE_PLAYING);
    }
  run (table, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  run (table, "{\"action\": \"turn-end\"}");
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_fate_deck (table)), ==, 0);
  g_assert_cmpint (pen_table_get_phase (table), ==, PEN_PHASE_FINAL_ROUND);
  g_assert_cmpstr (pen_table_get_ended_by (table), ==, "end-of-time");

  /* every player, the trigger player included, once more */
  while (pen_table_get_phase (table) != PEN_PHASE_ENDED)
    {
      g_assert_cmpuint (pen_table_get_current (table), ==, (trigger + 1 + turns) % n_players);
      run (table, (turns % 2) ? "{\"action\": \"turn-start\", \"kind\": \"trial\"}"
                              : "{\"action\": \"turn-start\", \"kind\": \"study\"}");
      /* a Trial turn with no Trial attempted: done anyway, this test is about the round */
      run (table, "{\"action\": \"turn-end\", \"override\": true}");
      turns++;
      g_assert_cmpuint (turns, <=, n_players);
    }
  g_assert_cmpuint (turns, ==, n_players);
  apply_refused (table, "{\"action\": \"turn-start\", \"kind\": \"rest\"}", PEN_ERROR_REFUSED);
}

static void
test_rule_end_of_time (void)
{
  check_end_of_time (1, 0);   /* solo: the Rival is the second wizard */
  check_end_of_time (2, 0);
  check_end_of_time (2, 1);
  check_end_of_time (3, 1);
  check_end_of_time (4, 2);
}

/* A fulfilled prophecy revealed from the deck: Unity when every wizard has three trials */
static void
test_rule_prophecy_unity (void)
{
  g_autoptr(PenTable) table = pen_table_new ();

  run (table, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 5,"
              " \"setup\": {\"prophecies\": [\"end-of-time\"], \"trial_row\": [\"goldeater\","
              " \"scrollers\", \"aranea\", \"wildwood\", \"basilisk\", \"plains-of-agony\"],"
              " \"fate_deck\": [\"unity\", \"heroism\", \"fresh-batch\"]}}");
  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *take = g_strdup_printf ("{\"action\": \"trial-take\", \"override\": true, \"wizard\": %u,"
                                               " \"index\": 0, \"path\": \"light\"}", i % 2);
      run (table, take);
    }
  run (table, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  run (table, "{\"action\": \"turn-end\", \"override\": true}");
  g_assert_cmpint (pen_table_get_phase (table), ==, PEN_PHASE_FINAL_ROUND);
  g_assert_cmpstr (pen_table_get_ended_by (table), ==, "unity");
  g_assert_cmpuint (pen_table_get_final_turns (table), ==, 2);
}

/* A prophecy the table declares fulfilled during a turn: that turn ends as usual, then every
 * player has one more; with four players that is five turn ends, and the table must still be
 * saved, copied and undone. */
static void
test_rule_prophecy_fulfil_four (void)
{
  g_autoptr(PenTable) table = pen_table_new ();
  g_autoptr(PenTable) copy = NULL;
  g_autoptr(PenAction) fulfil = NULL;
  g_autofree char *before = NULL, *after = NULL, *copied = NULL;
  guint turns = 0;

  run (table, "{\"action\": \"new-game\", \"players\": [\"A\", \"B\", \"C\", \"D\"],"
              " \"seed\": 8}");
  run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  before = table_snapshot (table);
  /* the table overrules End of Time's count of the Fate deck */
  fulfil = apply_ok (table, "{\"action\": \"prophecy-fulfil\", \"card\": \"end-of-time\", "
                            "\"override\": [\"prophecy-condition\"]}");
  g_assert_cmpint (pen_table_get_phase (table), ==, PEN_PHASE_FINAL_ROUND);
  after = table_snapshot (table);
  copy = table_copy (table);
  copied = table_snapshot (copy);
  g_assert_cmpstr (after, ==, copied);
  /* a refused action leaves this table as it is */
  apply_refused (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}",
                 PEN_ERROR_REFUSED);
  apply_refused (table, "{\"action\": \"prophecy-fulfil\", \"card\": \"end-of-time\", "
                        "\"override\": true}", PEN_ERROR_REFUSED);
  /* and an action after it reverts to it */
  {
    g_autoptr(PenAction) next = apply_ok (table, "{\"action\": \"turn-end\"}");
    g_autofree char *reverted = NULL;

    pen_action_revert (next, table);
    reverted = table_snapshot (table);
    g_assert_cmpstr (after, ==, reverted);
  }
  while (pen_table_get_phase (table) != PEN_PHASE_ENDED)
    {
      if (pen_table_get_turn_kind (table) == PEN_TURN_NONE)
        run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
      run (table, "{\"action\": \"turn-end\"}");
      turns++;
      g_assert_cmpuint (turns, <=, 5);
    }
  g_assert_cmpuint (turns, ==, 5);   /* the current turn, then one each */
  pen_action_revert (fulfil, table);
  {
    g_autofree char *now = table_snapshot (table);
    g_assert_cmpstr (before, ==, now);
  }
}

/* Counters stay within what a snapshot can hold, or a refusal and an undo could not restore
 * the table: Light and Darkness at most 999, Mortal Wound cards at most 99 */
static void
test_rule_counters_restorable (void)
{
  g_autoptr(PenTable) table = two_player_table (NULL);
  PenWizard *ann = pen_table_get_wizard (table, 0);

  for (guint i = 0; i < 10; i++)
    run (table, "{\"action\": \"fate\", \"wizard\": 0, \"light\": 99, \"dark\": 99}");
  run (table, "{\"action\": \"fate\", \"wizard\": 0, \"light\": 9, \"dark\": 9}");
  g_assert_cmpuint (pen_wizard_get_light (ann), ==, 999);
  apply_refused (table, "{\"action\": \"fate\", \"wizard\": 0, \"light\": 1}",
                 PEN_ERROR_REFUSED);
  apply_refused (table, "{\"action\": \"fate\", \"wizard\": 0, \"dark\": 1}",
                 PEN_ERROR_REFUSED);

  run (table, "{\"action\": \"correct\", \"target\": \"players[0].mortal_wounds\","
              " \"value\": 99}");
  apply_refused (table, "{\"action\": \"mortal-wound\", \"wizard\": 0}", PEN_ERROR_REFUSED);
  run (table, "{\"action\": \"mark-wound\", \"wizard\": 0, \"cell\": 0}");
  run (table, "{\"action\": \"threat\", \"wizard\": 0, \"dice\": [1, 1, 1, 1, 1, 1]}");
  g_assert_cmpuint (pen_wizard_get_mortal_wounds (ann), ==, 99);
  {
    g_autoptr(PenTable) copy = table_copy (table);
    g_autofree char *a = table_snapshot (table);
    g_autofree char *b = table_snapshot (copy);

    g_assert_cmpstr (a, ==, b);
  }
}

/* Trials of Arcana: a trial harder than the wizard's Spark Marks gives one, with its die */
static void
test_rule_spark_mark (void)
{
  g_autoptr(PenTable) table = two_player_table (
    "{\"trial_row\": [\"goldeater\", \"aranea\", \"wildwood\", \"plains-of-agony\","
    " \"basilisk\"]}");
  PenWizard *bob = pen_table_get_wizard (table, 1);
  guint dice = n_dice (table, 1);

  /* difficulty 1, one Spark Mark: nothing */
  run (table, "{\"action\": \"trial-take\", \"override\": true, \"wizard\": 1, \"index\": 0, \"path\": \"dark\"}");
  g_assert_cmpuint (pen_wizard_count_marks (bob, PEN_MARK_SPARK), ==, 1);
  g_assert_cmpuint (pen_wizard_get_dark (bob), ==, 1);
  /* difficulty 2 > 1: a Spark Mark in the next spark cell and a Spark die */
  run (table, "{\"action\": \"trial-take\", \"override\": true, \"wizard\": 1, \"index\": 0, \"path\": \"light\"}");
  g_assert_cmpuint (pen_wizard_count_marks (bob, PEN_MARK_SPARK), ==, 2);
  g_assert_nonnull (pen_wizard_get_mark_in_cell (bob, PEN_DISCIPLINE_CELLS + 1));
  g_assert_cmpuint (n_dice (table, 1), ==, dice + 1);
  g_assert_cmpint (find_die (bob, PEN_COLOR_SPARK, 0), >=, 0);
  g_assert_cmpuint (pen_wizard_get_light (bob), ==, 1);
  /* difficulty 2, two Spark Marks: nothing */
  run (table, "{\"action\": \"trial-take\", \"override\": true, \"wizard\": 1, \"index\": 0, \"path\": \"light\"}");
  g_assert_cmpuint (pen_wizard_count_marks (bob, PEN_MARK_SPARK), ==, 2);
  /* difficulty 3 > 2, a wounded Spark Mark counts as one */
  run (table, "{\"action\": \"mark-wound\", \"wizard\": 1, \"cell\": 9}");
  run (table, "{\"action\": \"trial-take\", \"override\": true, \"wizard\": 1, \"index\": 0, \"path\": \"light\"}");
  g_assert_cmpuint (pen_wizard_count_marks (bob, PEN_MARK_SPARK), ==, 3);
  /* difficulty 4 > 3, but the three spark cells are full: the trial still passes */
  run (table, "{\"action\": \"trial-take\", \"override\": true, \"wizard\": 1, \"index\": 0, \"path\": \"dark\"}");
  g_assert_cmpuint (pen_wizard_count_marks (bob, PEN_MARK_SPARK), ==, 3);
  g_assert_cmpuint (pen_turn_count_trials (bob), ==, 5);
  g_assert_cmpuint (pen_wizard_get_dark (bob), ==, 3);
}

/* At most one reserved trial; it can be passed from the reserve */
static void
test_rule_reserved_trial (void)
{
  g_autoptr(PenTable) table = two_player_table (
    "{\"trial_row\": [\"goldeater\", \"aranea\", \"wildwood\"]}");
  PenWizard *ann = pen_table_get_wizard (table, 0);

  run (table, "{\"action\": \"trial-reserve\", \"wizard\": 0, \"index\": 1}");
  apply_refused (table, "{\"action\": \"trial-reserve\", \"wizard\": 0, \"index\": 0}",
                 PEN_ERROR_REFUSED);
  /* while it is reserved, no other trial may be attempted (Russian chapter) */
  apply_refused (table, "{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 0,"
                        " \"path\": \"dark\"}", PEN_ERROR_REFUSED);
  apply_refused (table, "{\"action\": \"trial-fail\", \"wizard\": 0, \"index\": 0}",
                 PEN_ERROR_REFUSED);
  /* Bob may reserve his own */
  run (table, "{\"action\": \"trial-reserve\", \"wizard\": 1, \"index\": 0}");
  apply_refused (table, "{\"action\": \"trial-take\", \"wizard\": 1, \"card\": \"aranea\","
                        " \"path\": \"light\"}", PEN_ERROR_REFUSED);
  run (table, "{\"action\": \"trial-take\", \"override\": true, \"wizard\": 0, \"card\": \"aranea\","
              " \"path\": \"light\"}");
  g_assert_cmpuint (pen_turn_count_trials (ann), ==, 1);
  /* once passed, a new one may be reserved */
  run (table, "{\"action\": \"trial-reserve\", \"wizard\": 0, \"index\": 0}");
}

/* The Bazaar rate against an oracle built from the rate itself: the valid one-for-one
 * exchanges are exactly k lots of one ingredient for k lots of another (a lot being 4 Fruits,
 * 3 Crystals, 2 Jewels or 1 Trinket), every other amount pair is refused. */
static void
test_rule_bazaar_rate (void)
{
  static const PenIngredient bazaar[] = {
    PEN_INGREDIENT_FRUIT, PEN_INGREDIENT_CRYSTAL, PEN_INGREDIENT_JEWEL, PEN_INGREDIENT_TRINKET
  };
  static const guint lot[] = { 4, 3, 2, 1 };
  guint accepted = 0;

  for (guint x = 0; x < G_N_ELEMENTS (bazaar); x++)
    for (guint y = 0; y < G_N_ELEMENTS (bazaar); y++)
      for (guint a = 0; a <= 12; a++)
        for (guint b = 0; b <= 24; b++)
          {
            guint give[PEN_N_INGREDIENTS] = { 0, }, get[PEN_N_INGREDIENTS] = { 0, };
            g_autoptr(GError) error = NULL;
            gboolean expected = FALSE, ok;

            give[bazaar[x]] = a;
            get[bazaar[y]] += b;
            for (guint k = 1; x != y && k <= 12; k++)
              expected |= a == k * lot[x] && b == k * lot[y];
            ok = pen_rest_check_exchange (give, get, NULL, NULL, &error);
            if (ok != expected)
              g_error ("%u %s for %u %s: %s", a, pen_ingredient_to_string (bazaar[x]), b,
                       pen_ingredient_to_string (bazaar[y]), ok ? "accepted" : error->message);
            accepted += ok;
          }
  /* 12 ordered pairs of different ingredients; k lots while k * lot fits both bounds */
  g_assert_cmpuint (accepted, >, 12);

  /* the rulebook's example: one placement, 8 Fruits into 4 Jewels, 1 Trinket into 2 more
   * Jewels and 1 more Trinket into 3 Crystals; not 2 Fruits for 1 Jewel */
  {
    g_autoptr(PenTable) table = two_player_table (NULL);
    PenWizard *ann = pen_table_get_wizard (table, 0);

    run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"fruit\","
                " \"count\": 10}");
    run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"trinket\","
                " \"count\": 2}");
    run (table, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
    run (table, "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0,"
                " \"location\": \"bazaar\"}");
    run (table, "{\"action\": \"exchange\", \"wizard\": 0, \"give\": {\"fruit\": 8},"
                " \"get\": {\"jewel\": 4}}");
    run (table, "{\"action\": \"exchange\", \"wizard\": 0, \"give\": {\"trinket\": 1},"
                " \"get\": {\"jewel\": 2}}");
    run (table, "{\"action\": \"exchange\", \"wizard\": 0, \"give\": {\"trinket\": 1},"
                " \"get\": {\"crystal\": 3}}");
    g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT), ==, 2);
    g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL), ==, 6);
    g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_CRYSTAL), ==, 3);
    g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_TRINKET), ==, 0);
    apply_refused (table, "{\"action\": \"exchange\", \"wizard\": 0, \"give\": {\"fruit\": 2},"
                          " \"get\": {\"jewel\": 1}}", PEN_ERROR_INVALID);
    /* the cap: 6 Jewels into 12 more Fruits leaves 12, the excess goes back */
    run (table, "{\"action\": \"exchange\", \"wizard\": 0, \"give\": {\"jewel\": 6},"
                " \"get\": {\"fruit\": 12}}");
    g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT), ==, 12);
    g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL), ==, 0);
  }
}

/* On a Rest turn: exchange any number of times, brew Recipes at their cost, buy from the
 * markets the table recorded (the revealed card takes the place) */
static void
test_rule_rest_options (void)
{
  g_autoptr(PenTable) table = two_player_table (
    "{\"prophecies\": [\"end-of-time\"], \"fate_deck\": [\"wildwood\", \"aranea\"],"
    " \"markets\": {\"brewery\": [\"triplet\", \"dead-water\"],"
    "               \"shop\": [\"wand-of-everwood\", \"thorny-patch\"]}}");
  PenWizard *ann = pen_table_get_wizard (table, 0);
  GListModel *markets = pen_table_get_markets (table);
  g_autoptr(PenTableCard) first = NULL;

  run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"fruit\","
              " \"count\": 12}");
  run (table, "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"liquid-luck\"}");
  /* not between turns */
  apply_refused (table, "{\"action\": \"brew\", \"wizard\": 0, \"card\": \"liquid-luck\","
                        " \"pay\": {\"crystal\": 2}}", PEN_ERROR_REFUSED);
  run (table, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  /* 12 Fruits: 8 into 6 Crystals, then 4 into 2 Jewels */
  run (table, "{\"action\": \"exchange\", \"wizard\": 0, \"give\": {\"fruit\": 8},"
              " \"get\": {\"crystal\": 6}}");
  run (table, "{\"action\": \"exchange\", \"wizard\": 0, \"give\": {\"fruit\": 4},"
              " \"get\": {\"jewel\": 2}}");
  run (table, "{\"action\": \"brew\", \"wizard\": 0, \"card\": \"liquid-luck\"}");
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_CRYSTAL), ==, 4);
  {
    g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_wizard_get_cards (ann),
                                                        pen_wizard_find_card (ann, "liquid-luck"));
    g_assert_cmpstr (pen_table_card_get_zone (tc), ==, PEN_ZONE_INVENTORY);
  }
  /* a brewed Potion is not brewed again */
  apply_refused (table, "{\"action\": \"brew\", \"wizard\": 0, \"card\": \"liquid-luck\"}",
                 PEN_ERROR_REFUSED);
  /* only what lies in the recorded market */
  apply_refused (table, "{\"action\": \"buy\", \"wizard\": 0, \"card\": \"guard-wand\","
                        " \"pay\": {\"jewel\": 1}}", PEN_ERROR_REFUSED);
  /* the Wand costs 1 Jewel and 1 Trinket: she has no Trinket */
  apply_refused (table, "{\"action\": \"buy\", \"wizard\": 0, \"card\": \"wand-of-everwood\"}",
                 PEN_ERROR_REFUSED);
  /* a Blue die's discount: the table says what was paid; Guard Wand refills the place */
  run (table, "{\"action\": \"buy\", \"wizard\": 0, \"card\": \"wand-of-everwood\","
              " \"pay\": {\"jewel\": 1}, \"reveal\": \"guard-wand\"}");
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL), ==, 1);
  g_assert_cmpint (pen_wizard_find_card (ann, "wand-of-everwood"), >=, 0);
  g_assert_cmpuint (g_list_model_get_n_items (markets), ==, 4);
  first = g_list_model_get_item (markets, 2);
  g_assert_cmpstr (pen_table_card_get_card_id (first), ==, "guard-wand");
  g_assert_cmpstr (pen_table_card_get_zone (first), ==, "shop");
  /* without a revealed card the place stays empty */
  run (table, "{\"action\": \"buy\", \"wizard\": 0, \"card\": \"triplet\", \"pay\": {}}");
  g_assert_cmpuint (g_list_model_get_n_items (markets), ==, 3);
  {
    g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_wizard_get_cards (ann),
                                                        pen_wizard_find_card (ann, "triplet"));
    g_assert_cmpstr (pen_table_card_get_zone (tc), ==, PEN_ZONE_INVENTORY);
  }
  /* not Bob, whose turn it is not */
  apply_refused (table, "{\"action\": \"exchange\", \"wizard\": 1, \"give\": {\"fruit\": 4},"
                        " \"get\": {\"jewel\": 2}}", PEN_ERROR_REFUSED);
}

/* An Event's Resource rolls: every gain at once, capped at 12, all or nothing */
static void
test_rule_resource_gain (void)
{
  g_autoptr(PenTable) table = two_player_table (NULL);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  PenWizard *bob = pen_table_get_wizard (table, 1);
  g_autoptr(PenAction) action = NULL;

  run (table, "{\"action\": \"ingredient-gain\", \"wizard\": 1, \"ingredient\": \"jewel\","
              " \"count\": 11}");
  /* Harvest: both roll, Ann (who revealed it) rolls one more; listed twice, both count */
  action = apply_ok (table, "{\"action\": \"resource-gain\", \"event\": \"harvest\", \"gains\":"
                            " [{\"wizard\": 0, \"ingredients\": {\"fruit\": 2}},"
                            "  {\"wizard\": 1, \"ingredients\": {\"jewel\": 2}},"
                            "  {\"wizard\": 0, \"ingredients\": {\"fruit\": 1, \"crystal\": 1}}]}");
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT), ==, 3);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_CRYSTAL), ==, 1);
  g_assert_cmpuint (pen_wizard_get_ingredient (bob, PEN_INGREDIENT_JEWEL), ==, 12);
  g_assert_nonnull (strstr (pen_action_get_label (action), "Harvest"));
  pen_action_revert (action, table);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT), ==, 0);
  g_assert_cmpuint (pen_wizard_get_ingredient (bob, PEN_INGREDIENT_JEWEL), ==, 11);
}

/* Apply, revert and the table's own property notifications: valid use raises no critical
 * (G_DEBUG=fatal-warnings is set for the tests) and a revert notifies only real changes. */
static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           guint      *count)
{
  (*count)++;
}

static void
test_notify_only_on_change (void)
{
  g_autoptr(PenTable) table = mid_game_table ();
  guint count = 0;
  g_autoptr(PenAction) action = NULL;

  g_signal_connect (table, "notify", G_CALLBACK (notify_cb), &count);
  action = apply_ok (table, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\"}");
  g_assert_cmpuint (count, ==, 0);
  pen_action_revert (action, table);
  g_assert_cmpuint (count, ==, 0);
  g_clear_object (&action);
  action = apply_ok (table, "{\"action\": \"setting\", \"hide_odds\": true}");
  g_assert_cmpuint (count, ==, 1);
  pen_action_revert (action, table);
  g_assert_cmpuint (count, ==, 2);
  g_signal_handlers_disconnect_by_func (table, notify_cb, &count);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = game_test_init (&argc, &argv);
  int ret;

  g_test_add_func ("/penumbra/actions/snapshot-roundtrip", test_snapshot_roundtrip);
  g_test_add_func ("/penumbra/actions/apply-revert-every-kind", test_apply_revert_every_kind);
  g_test_add_func ("/penumbra/actions/refusals", test_refusals);
  g_test_add_func ("/penumbra/actions/notify-only-on-change", test_notify_only_on_change);
  g_test_add_func ("/penumbra/rules/ingredient-cap", test_rule_ingredient_cap);
  g_test_add_func ("/penumbra/rules/placements", test_rule_placements);
  g_test_add_func ("/penumbra/rules/temporary-dice", test_rule_temporary_dice);
  g_test_add_func ("/penumbra/rules/mortal-wound", test_rule_mortal_wound);
  g_test_add_func ("/penumbra/rules/rest", test_rule_rest);
  g_test_add_func ("/penumbra/rules/potion-unrotate", test_rule_potion_unrotate);
  g_test_add_func ("/penumbra/rules/gain-mark", test_rule_gain_mark);
  g_test_add_func ("/penumbra/rules/contract-take", test_rule_contract_take);
  g_test_add_func ("/penumbra/rules/turn-end-refresh", test_rule_turn_end_refresh);
  g_test_add_func ("/penumbra/rules/contract-bind", test_rule_contract_bind);
  g_test_add_func ("/penumbra/rules/contract-reveal", test_rule_contract_reveal);
  g_test_add_func ("/penumbra/rules/end-of-time", test_rule_end_of_time);
  g_test_add_func ("/penumbra/rules/prophecy-unity", test_rule_prophecy_unity);
  g_test_add_func ("/penumbra/rules/prophecy-fulfil-four", test_rule_prophecy_fulfil_four);
  g_test_add_func ("/penumbra/rules/counters-restorable", test_rule_counters_restorable);
  g_test_add_func ("/penumbra/rules/spark-mark", test_rule_spark_mark);
  g_test_add_func ("/penumbra/rules/reserved-trial", test_rule_reserved_trial);
  g_test_add_func ("/penumbra/rules/bazaar-rate", test_rule_bazaar_rate);
  g_test_add_func ("/penumbra/rules/rest-options", test_rule_rest_options);
  g_test_add_func ("/penumbra/rules/resource-gain", test_rule_resource_gain);

  ret = g_test_run ();
  pen_test_remove_tree (dir);
  return ret;
}
