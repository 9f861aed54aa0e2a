/* test-game.c: the game log — random play with undo and redo, saves and damaged saves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "game-test-common.h"
#include "pen-show.h"

/* ---- invariants ---- */

typedef struct
{
  guint turn;
  guint mw[4];
} TurnMark;

static void
check_invariants (PenTable *table)
{
  guint n = pen_table_get_n_players (table);
  guint discipline_marks = 0;
  GListModel *placed = pen_table_get_placed (table);

  g_assert_cmpuint (n, >=, 1);
  g_assert_cmpuint (n, <=, 4);
  g_assert_cmpuint (pen_table_get_current (table), <, n);
  g_assert_cmpint (pen_table_get_placements_left (table), >=, 0);
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_contract_row (table)), ==,
                    PEN_CONTRACT_CELLS);
  for (guint i = 0; i < g_list_model_get_n_items (placed); i++)
    {
      g_autoptr(PenDie) die = g_list_model_get_item (placed, i);
      g_assert_cmpuint (pen_die_get_value (die), >=, 1);
      g_assert_cmpuint (pen_die_get_value (die), <=, 6);
    }

  for (guint w = 0; w < n; w++)
    {
      PenWizard *wizard = pen_table_get_wizard (table, w);
      GListModel *supply = pen_wizard_get_supply (wizard);
      GListModel *marks = pen_wizard_get_marks (wizard);
      gboolean used[PEN_MARK_CELLS] = { FALSE, };

      for (guint i = 0; i < g_list_model_get_n_items (supply); i++)
        {
          g_autoptr(PenDie) die = g_list_model_get_item (supply, i);
          g_assert_cmpuint (pen_die_get_value (die), >=, 1);
          g_assert_cmpuint (pen_die_get_value (die), <=, 6);
          g_assert_cmpint (pen_die_get_color (die), <, PEN_N_COLORS);
        }
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        g_assert_cmpuint (pen_wizard_get_ingredient (wizard, k), <=, PEN_INGREDIENT_CAP);
      for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
        {
          g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
          guint cell = pen_mark_get_cell (mark);

          g_assert_cmpuint (cell, <, PEN_MARK_CELLS);
          g_assert_false (used[cell]);
          used[cell] = TRUE;
          if (pen_mark_get_kind (mark) == PEN_MARK_SPARK)
            g_assert_cmpuint (cell, >=, PEN_DISCIPLINE_CELLS);
          else
            {
              g_assert_cmpuint (cell, <, PEN_DISCIPLINE_CELLS);
              discipline_marks++;
            }
          g_assert_cmpint (pen_mark_get_state (mark), <=, PEN_MARK_WOUNDED);
          g_assert_true (pen_wizard_get_mark_in_cell (wizard, cell) == mark);
        }
    }
  g_assert_cmpuint (discipline_marks, <=, PEN_MARK_TOKENS);
}

static TurnMark
turn_mark (PenTable *table)
{
  TurnMark m = { pen_table_get_turn (table), { 0, } };

  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    m.mw[w] = pen_wizard_get_mortal_wounds (pen_table_get_wizard (table, w));
  return m;
}

/* ---- random play ---- */

static const char * const wizard_cards[] = {
  "alchemy", "barrier", "chant", "healing", "mystery", "rift", "scarlet-downpour", "duplica",
  "triplet", "liquid-luck", "ichor", "silverling", "all-colour-wolf", "sniffer",
  "radiant-staff", "thorny-patch", "guard-wand", "manual-of-good-manners", "druid",
};
static const char * const zones[] = {
  "grimoire", "inventory", "experience", "equipment", "reserved", "talent",
};
static const char * const ingredients[] = {
  "blood", "crystal", "jewel", "fruit", "trinket", "arcana",
};
static const char * const colors[] = {
  "bone", "red", "orange", "yellow", "green", "blue", "purple", "spark",
};
static const char * const mark_kinds[] = {
  "ruby", "amber", "jasper", "emerald", "sapphire", "amethyst", "spark",
};
static const char * const contracts[] = {
  "lost-hut", "scarlet-pact", "brightshine", "sorcerous-prison",
};

#define PICK(r, arr) (arr[g_rand_int_range (r, 0, G_N_ELEMENTS (arr))])

static guint
list_len (GListModel *list)
{
  return g_list_model_get_n_items (list);
}

static const char *
card_at (GListModel *list,
         guint       i)
{
  g_autoptr(PenTableCard) tc = NULL;

  if (i >= list_len (list))
    return NULL;
  tc = g_list_model_get_item (list, i);
  return pen_table_card_get_card_id (tc);   /* the list keeps the card */
}

/* A random action, mostly plausible on this table, sometimes not */
static char *
random_action (GRand    *r,
               PenTable *table)
{
  guint n = pen_table_get_n_players (table);
  guint w = g_rand_int_range (r, 0, 100) < 70 ? pen_table_get_current (table)
                                              : (guint) g_rand_int_range (r, 0, n + 1);
  PenWizard *wizard = pen_table_get_wizard (table, MIN (w, n - 1));
  guint dice = list_len (pen_wizard_get_supply (wizard));
  guint die = dice ? (guint) g_rand_int_range (r, 0, dice + 1) : 0;
  GListModel *owned = pen_wizard_get_cards (wizard);
  const char *own = list_len (owned) ? card_at (owned, g_rand_int_range (r, 0, list_len (owned)))
                                     : "alchemy";
  guint cell = g_rand_int_range (r, 0, 100) < 80 ? (guint) g_rand_int_range (r, 0, 3)
                                                 : (guint) g_rand_int_range (r, 0, 11);
  GListModel *trials = pen_table_get_trial_row (table);
  GListModel *fate = pen_table_get_fate_deck (table);
  gboolean physical = pen_table_get_physical (table);
  guint pick = g_rand_int_range (r, 0, 1000);

  if (g_rand_int_range (r, 0, 100) < 40 && cell < PEN_MARK_CELLS)
    {
      /* aim at a cell that holds a mark */
      GListModel *marks = pen_wizard_get_marks (wizard);
      if (list_len (marks))
        {
          g_autoptr(PenMark) m = g_list_model_get_item (marks, g_rand_int_range (r, 0,
                                                                                 list_len (marks)));
          cell = pen_mark_get_cell (m);
        }
    }

  if (pen_wizard_get_rival (pen_table_get_wizard (table, pen_table_get_current (table)))
      && pen_table_get_turn_kind (table) == PEN_TURN_NONE && g_rand_boolean (r))
    {
      /* the Rival plays its whole turn as one action */
      if (physical && list_len (fate))
        return g_strdup_printf ("{\"action\": \"rival-turn\", \"reveal\": \"%s\"}",
                                card_at (fate, g_rand_int_range (r, 0, list_len (fate))));
      return g_strdup ("{\"action\": \"rival-turn\"}");
    }
  if (pick < 90)
    {
      if (pen_table_get_turn_kind (table) != PEN_TURN_NONE && g_rand_int_range (r, 0, 4) != 0)
        goto turn_end;
      return g_strdup_printf ("{\"action\": \"turn-start\", \"kind\": \"%s\"}",
                              g_rand_int_range (r, 0, 10) < 6 ? "study"
                              : g_rand_boolean (r) ? "trial" : "rest");
    }
  if (pick < 160)
    {
turn_end:
      {
        GString *s = g_string_new ("{\"action\": \"turn-end\"");

        if (physical && list_len (fate) && g_rand_int_range (r, 0, 10) < 9)
          g_string_append_printf (s, ", \"reveal\": \"%s\"",
                                  card_at (fate, g_rand_int_range (r, 0, list_len (fate))));
        if (g_rand_int_range (r, 0, 10) == 0)
          g_string_append_printf (s, ", \"contract\": \"%s\"", PICK (r, contracts));
        g_string_append (s, "}");
        return g_string_free (s, FALSE);
      }
    }
  if (pick < 250)
    {
      GString *s = g_string_new (NULL);

      g_string_printf (s, "{\"action\": \"die-gain\", \"wizard\": %u, \"color\": \"%s\"", w,
                       PICK (r, colors));
      if (g_rand_boolean (r))
        g_string_append_printf (s, ", \"value\": %d", g_rand_int_range (r, 1, 7));
      if (g_rand_int_range (r, 0, 4) == 0)
        g_string_append (s, ", \"temporary\": true");
      g_string_append (s, "}");
      return g_string_free (s, FALSE);
    }
  if (pick < 290)
    return g_strdup_printf ("{\"action\": \"die-discard\", \"wizard\": %u, \"index\": %u}", w,
                            die);
  if (pick < 370)
    return g_strdup_printf ("{\"action\": \"die-place\", \"wizard\": %u, \"index\": %u%s%s}", w,
                            die, g_rand_int_range (r, 0, 5) == 0 ? ", \"trinket\": true" : "",
                            g_rand_int_range (r, 0, 8) == 0 ? ", \"outside\": true" : "");
  if (pick < 390)
    return g_strdup_printf ("{\"action\": \"die-set\", \"wizard\": %u, \"index\": %u,"
                            " \"value\": %d}", w, die, g_rand_int_range (r, 0, 8));
  if (pick < 405)
    return g_strdup_printf ("{\"action\": \"die-flip\", \"wizard\": %u, \"index\": %u}", w, die);
  if (pick < 430)
    return g_strdup_printf ("{\"action\": \"die-adjust\", \"wizard\": %u, \"index\": %u,"
                            " \"delta\": %d}", w, die, g_rand_boolean (r) ? 1 : -1);
  if (pick < 445)
    return g_strdup_printf ("{\"action\": \"die-reroll\", \"wizard\": %u, \"index\": %u}", w,
                            die);
  if (pick < 460)
    return g_strdup_printf ("{\"action\": \"die-recolor\", \"wizard\": %u, \"index\": %u,"
                            " \"color\": \"%s\"}", w, die, PICK (r, colors));
  if (pick < 520)
    return g_strdup_printf ("{\"action\": \"ingredient-gain\", \"wizard\": %u, \"ingredient\":"
                            " \"%s\", \"count\": %d}", w, PICK (r, ingredients),
                            g_rand_int_range (r, 1, 8));
  if (pick < 560)
    return g_strdup_printf ("{\"action\": \"ingredient-spend\", \"wizard\": %u, \"ingredient\":"
                            " \"%s\", \"count\": %d}", w, PICK (r, ingredients),
                            g_rand_int_range (r, 1, 4));
  if (pick < 590)
    return g_strdup_printf ("{\"action\": \"mark-gain\", \"wizard\": %u, \"kind\": \"%s\"%s}", w,
                            PICK (r, mark_kinds),
                            g_rand_int_range (r, 0, 4) == 0 ? ", \"rest_effect\": false" : "");
  if (pick < 650)
    {
      static const char * const verbs[] = { "use", "recharge", "wound", "heal", "blood" };
      return g_strdup_printf ("{\"action\": \"mark-%s\", \"wizard\": %u, \"cell\": %u}",
                              PICK (r, verbs), w, cell);
    }
  if (pick < 690)
    {
      if (g_rand_boolean (r))
        return g_strdup_printf ("{\"action\": \"card-gain\", \"wizard\": %u, \"card\": \"%s\"}",
                                w, PICK (r, wizard_cards));
      return g_strdup_printf ("{\"action\": \"card-gain\", \"wizard\": %u, \"card\": \"%s\","
                              " \"zone\": \"%s\"}", w, PICK (r, wizard_cards), PICK (r, zones));
    }
  if (pick < 710)
    return g_strdup_printf ("{\"action\": \"card-rotate\", \"wizard\": %u, \"card\": \"%s\"%s}",
                            w, own, g_rand_int_range (r, 0, 3) == 0 ? ", \"rotated\": false" : "");
  if (pick < 720)
    return g_strdup_printf ("{\"action\": \"card-move\", \"wizard\": %u, \"card\": \"%s\","
                            " \"zone\": \"%s\"}", w, own, PICK (r, zones));
  if (pick < 730)
    return g_strdup_printf ("{\"action\": \"card-discard\", \"wizard\": %u, \"card\": \"%s\"}", w,
                            own);
  if (pick < 760)
    {
      const char *verb = g_rand_boolean (r) ? "take" : "reserve";

      if (g_rand_int_range (r, 0, 4) == 0)
        return g_strdup_printf ("{\"action\": \"contract-%s\", \"wizard\": %u, \"card\": \"%s\"}",
                                verb, w, PICK (r, contracts));
      return g_strdup_printf ("{\"action\": \"contract-%s\", \"wizard\": %u, \"slot\": %d%s}",
                              verb, w, g_rand_int_range (r, 0, 4),
                              physical && g_rand_boolean (r)
                              ? ", \"reveal\": \"brightshine\"" : "");
    }
  if (pick < 800)
    {
      static const char * const verbs[] = { "take", "fail", "reserve" };
      const char *verb = PICK (r, verbs);
      const char *path = g_str_equal (verb, "take") ? (g_rand_boolean (r) ? ", \"path\": \"light\""
                                                                         : ", \"path\": \"dark\"")
                                                    : "";
      guint rl = list_len (trials);

      if (g_rand_int_range (r, 0, 4) == 0)
        return g_strdup_printf ("{\"action\": \"trial-%s\", \"wizard\": %u, \"card\": \"%s\"%s}",
                                verb, w, own, path);
      return g_strdup_printf ("{\"action\": \"trial-%s\", \"wizard\": %u, \"index\": %d%s}", verb,
                              w, rl ? g_rand_int_range (r, 0, rl + 1) : 0, path);
    }
  if (pick < 820)
    return g_strdup_printf ("{\"action\": \"fate\", \"wizard\": %u, \"light\": %d, \"dark\": %d}",
                            w, g_rand_int_range (r, -1, 3), g_rand_int_range (r, -1, 3));
  if (pick < 850)
    return g_strdup_printf ("{\"action\": \"mortal-wound\", \"wizard\": %u}", w);
  if (pick < 860)
    {
      const char *id = list_len (fate) ? card_at (fate, physical ? g_rand_int_range (r, 0,
                                                                                    list_len (fate))
                                                                 : 0) : "aranea";
      return g_strdup_printf ("{\"action\": \"fate-reveal\", \"card\": \"%s\"}", id);
    }
  if (pick < 930)
    {
      if (g_rand_boolean (r))
        return g_strdup_printf ("{\"action\": \"threat\", \"wizard\": %u, \"count\": %d}", w,
                                g_rand_int_range (r, 0, 6));
      return g_strdup_printf ("{\"action\": \"threat\", \"wizard\": %u, \"dice\": [%d, %d, %d],"
                              " \"lose_first\": [\"%s\"]}", w, g_rand_int_range (r, 1, 7),
                              g_rand_int_range (r, 1, 7), g_rand_int_range (r, 1, 7),
                              PICK (r, colors));
    }
  if (pick < 945)
    {
      switch (g_rand_int_range (r, 0, 6))
        {
        case 0:
          /* rarely: it starts the end of the game */
          if (g_rand_int_range (r, 0, 8) != 0)
            return g_strdup ("{\"action\": \"setting\", \"hide_odds\": true}");
          /* End of Time and Unity are the app's to judge: the table overrules it */
          return g_strdup_printf ("{\"action\": \"prophecy-fulfil\", \"card\": \"%s\", "
                                  "\"override\": true}",
                                  g_rand_boolean (r) ? "end-of-time" : "unity");
        case 1:
          return g_strdup_printf ("{\"action\": \"goal-vp\", \"wizard\": %u, \"goal\":"
                                  " \"mastery\", \"vp\": %d}", w, g_rand_int_range (r, -3, 30));
        case 2:
          return g_strdup_printf ("{\"action\": \"goal-vp\", \"wizard\": %u, \"goal\":"
                                  " \"mastery\", \"vp\": null}", w);
        case 3:
          return g_strdup_printf ("{\"action\": \"recount\", \"corrections\": ["
                                  "{\"target\": \"players[%u].ingredients.%s\", \"value\": %d},"
                                  " {\"target\": \"players[%u].light\", \"value\": %d}]}",
                                  w, PICK (r, ingredients), g_rand_int_range (r, 0, 14), w,
                                  g_rand_int_range (r, -1, 6));
        case 4:
          return g_strdup_printf ("{\"action\": \"task-pay\", \"wizard\": %u, \"dice\": [%u],"
                                  " \"ingredients\": {\"%s\": %d}, \"marks\": [%u]}", w, die,
                                  PICK (r, ingredients), g_rand_int_range (r, 0, 3), cell);
        default:
          return g_strdup_printf ("{\"action\": \"setting\", \"hide_odds\": %s}",
                                  g_rand_boolean (r) ? "true" : "false");
        }
    }
  if (pick < 980)
    {
      switch (g_rand_int_range (r, 0, 4))
        {
        case 0:
          return g_strdup_printf ("{\"action\": \"correct\", \"target\": \"players[%u].ingredients"
                                  ".%s\", \"value\": %d}", w, PICK (r, ingredients),
                                  g_rand_int_range (r, 0, 14));
        case 1:
          return g_strdup_printf ("{\"action\": \"correct\", \"target\": \"players[%u].supply[%u]"
                                  ".value\", \"value\": %d}", w, die, g_rand_int_range (r, 0, 8));
        case 2:
          return g_strdup_printf ("{\"action\": \"correct\", \"target\": \"players[%u].marks[0]"
                                  ".cell\", \"value\": %d}", w, g_rand_int_range (r, 0, 11));
        default:
          return g_strdup_printf ("{\"action\": \"correct\", \"target\": \"current\", \"value\":"
                                  " %d}", g_rand_int_range (r, 0, 4));
        }
    }
  /* malformed on purpose */
  switch (g_rand_int_range (r, 0, 4))
    {
    case 0:
      return g_strdup ("{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\", \"x\": 1}");
    case 1:
      return g_strdup ("{\"action\": \"teleport\"}");
    case 2:
      return g_strdup ("{\"action\": \"new-game\", \"players\": [\"Again\"]}");
    default:
      return g_strdup ("{\"action\": \"die-set\", \"wizard\": 0, \"index\": 0, \"value\": 1.5}");
    }
}

typedef struct
{
  guint accepted;
  guint refused;
  guint undos;
  guint redos;
  guint reloads;
  guint max_position;
  guint kinds_accepted;
} Stats;

static void
assert_snapshot (PenGame    *game,
                 GPtrArray  *snaps)
{
  guint p = pen_game_get_position (game);
  g_autofree char *now = table_snapshot (pen_game_get_table (game));

  g_assert_cmpuint (p, <, snaps->len);
  if (!g_str_equal (now, g_ptr_array_index (snaps, p)))
    g_error ("position %u: the table differs from the one first seen there", p);
}

/* At most one Mortal Wound card per wizard per turn: compare with the first state of the
 * current turn on this branch of the history. */
static void
assert_one_wound_per_turn (PenGame *game,
                           GArray  *marks)
{
  guint p = pen_game_get_position (game);
  TurnMark *now = &g_array_index (marks, TurnMark, p);
  guint q = p;

  guint overruled = 0;

  while (q > 1 && g_array_index (marks, TurnMark, q - 1).turn == now->turn)
    q--;
  /* a second one only by an explicit override of the rule, which the action records */
  for (guint i = q; i < p; i++)
    {
      g_autoptr(PenAction) a = g_list_model_get_item (pen_game_get_history (game), i);
      GArray *rules = pen_action_get_overrides (a);

      for (guint k = 0; rules != NULL && k < rules->len; k++)
        if (g_array_index (rules, guint, k) == PEN_RULE_ONE_MORTAL_WOUND)
          overruled++;
    }
  for (guint w = 0; w < 4; w++)
    {
      /* the state at q is the turn's first: the turn-end (or new-game) adds no wound */
      guint before = g_array_index (marks, TurnMark, q).mw[w];
      if (now->mw[w] > before + 1 + overruled)
        g_error ("position %u: wizard %u has %u Mortal Wounds, %u before turn %u", p, w,
                 now->mw[w], before, now->turn);
    }
}

static void
random_play (const char *new_game,
             guint32     seed,
             guint       steps)
{
  g_autoptr(GRand) r = g_rand_new_with_seed (seed);
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GPtrArray) snaps = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) marks = g_array_new (FALSE, TRUE, sizeof (TurnMark));
  g_autoptr(GHashTable) kinds = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  PenTable *table = pen_game_get_table (game);
  Stats stats = { 0, };

  g_ptr_array_add (snaps, table_snapshot (table));
  {
    TurnMark none = { 0, };
    g_array_append_val (marks, none);
  }
  g_assert_true (pen_game_submit_json (game, new_game, &error));
  g_assert_no_error (error);
  g_ptr_array_add (snaps, table_snapshot (table));
  {
    TurnMark m = turn_mark (table);
    g_array_append_val (marks, m);
  }
  check_invariants (table);

  for (guint step = 0; step < steps; step++)
    {
      guint dice = g_rand_int_range (r, 0, 100);

      /* every other step the next undo's snapshot is parsed ahead, as the app does: the undos
       * below restore the very same tables either way */
      if (step % 2)
        pen_game_prepare_undo (game);

      if (dice < 8 && pen_game_get_can_undo (game))
        {
          guint k = g_rand_int_range (r, 1, 6);

          for (guint i = 0; i < k && pen_game_get_can_undo (game); i++)
            {
              g_assert_true (pen_game_undo (game));
              stats.undos++;
              assert_snapshot (game, snaps);
            }
        }
      else if (dice < 13 && pen_game_get_can_redo (game))
        {
          guint k = g_rand_int_range (r, 1, 4);

          for (guint i = 0; i < k && pen_game_get_can_redo (game); i++)
            {
              /* redo never re-rolls: the table is the one first seen at that position */
              g_assert_true (pen_game_redo (game, &error));
              g_assert_no_error (error);
              stats.redos++;
              assert_snapshot (game, snaps);
            }
        }
      else
        {
          g_autofree char *json = random_action (r, table);
          guint p = pen_game_get_position (game);

          /* now and then the table overrules the rules, or says what its dice show */
          if (g_str_has_suffix (json, "}") && g_rand_int_range (r, 0, 100) < 12)
            {
              char *more = g_strdup_printf ("%.*s, \"override\": true}",
                                            (int) strlen (json) - 1, json);
              g_free (json);
              json = more;
            }
          if (pen_table_get_physical (table) && g_rand_int_range (r, 0, 100) < 80
              && (strstr (json, "\"die-gain\"") || strstr (json, "\"die-reroll\"")
                  || strstr (json, "\"turn-start\"") || strstr (json, "\"mark-")
                  || strstr (json, "\"trial-take\"") || strstr (json, "\"rival-turn\"")))
            {
              /* the dice the action rolls, asked as the app asks the table; now and then one
               * face too many */
              g_autoptr(JsonNode) node = pen_json_parse (json, -1, NULL);
              g_autoptr(PenAction) a = node ? pen_action_new_from_json (node, "$", NULL) : NULL;
              g_autoptr(GArray) rolls = a ? pen_action_list_rolls (a, table, NULL) : NULL;

              if (rolls != NULL && rolls->len > 0)
                {
                  guint k = rolls->len + (g_rand_int_range (r, 0, 10) == 0 ? 1 : 0);
                  g_autofree guint *faces = g_new (guint, k);
                  g_autoptr(JsonNode) out = NULL;

                  for (guint i = 0; i < k; i++)
                    faces[i] = g_rand_int_range (r, 1, 7);
                  pen_action_set_faces (a, faces, k);
                  out = pen_action_to_json (a);
                  g_free (json);
                  json = pen_json_to_string (out, FALSE);
                }
            }
          g_autoptr(GError) local_error = NULL;

          if (pen_game_submit_json (game, json, &local_error))
            {
              g_autoptr(PenAction) last = NULL;
              TurnMark m = turn_mark (table);

              g_assert_no_error (local_error);
              g_assert_cmpuint (pen_game_get_position (game), ==, p + 1);
              g_assert_false (pen_game_get_can_redo (game));
              g_ptr_array_set_size (snaps, p + 1);
              g_ptr_array_add (snaps, table_snapshot (table));
              g_array_set_size (marks, p + 1);
              g_array_append_val (marks, m);
              stats.accepted++;
              last = g_list_model_get_item (pen_game_get_history (game), p);
              g_hash_table_add (kinds, (gpointer) pen_action_get_kind (last));
            }
          else
            {
              /* a refusal changes nothing */
              g_assert_nonnull (local_error);
              if (local_error->domain == PEN_RULE_ERROR)
                g_assert_cmpint (pen_rule_from_error (local_error), !=, PEN_RULE_NONE);
              else
                {
                  g_assert_true (local_error->domain == PEN_ERROR);
                  g_assert_true (local_error->code == PEN_ERROR_INVALID
                                 || local_error->code == PEN_ERROR_REFUSED
                                 || local_error->code == PEN_ERROR_NEEDS_FACES);
                }
              g_assert_cmpuint (pen_game_get_position (game), ==, p);
              stats.refused++;
              /* every other one: the whole check is slow under ASan */
              if (stats.refused % 2 == 0)
                assert_snapshot (game, snaps);
            }
        }
      check_invariants (table);
      assert_one_wound_per_turn (game, marks);
      /* what a snapshot holds, a snapshot can restore: else a refusal or an undo could not */
      if (step % 50 == 0)
        {
          g_autoptr(PenTable) copy = table_copy (table);
          g_autofree char *a = table_snapshot (table);
          g_autofree char *b = table_snapshot (copy);

          g_assert_cmpstr (a, ==, b);
        }
      stats.max_position = MAX (stats.max_position, pen_game_get_position (game));

      /* now and then: save, load, save again gives the same bytes and the same game */
      if (step % 5000 == 4999 || step == steps - 1)
        {
          g_autofree char *data = pen_game_to_data (game);
          g_autoptr(PenGame) loaded = pen_game_load_from_data (data, strlen (data), &error);
          g_autofree char *again = NULL;

          g_assert_no_error (error);
          again = pen_game_to_data (loaded);
          g_assert_cmpstr (data, ==, again);
          g_assert_cmpuint (pen_game_get_position (loaded), ==, pen_game_get_position (game));
          g_assert_cmpuint (g_list_model_get_n_items (pen_game_get_history (loaded)), ==,
                            g_list_model_get_n_items (pen_game_get_history (game)));
          assert_snapshot (loaded, snaps);
          /* the loaded game redoes exactly as this one */
          if (pen_game_get_can_redo (loaded))
            {
              g_assert_true (pen_game_redo (loaded, &error));
              g_assert_no_error (error);
              assert_snapshot (loaded, snaps);
            }
          stats.reloads++;
        }
    }

  {
    g_autofree char *last = table_snapshot (table);
    g_test_message ("final snapshot: %zu bytes", strlen (last));
  }
  g_test_message ("seed %u: %u accepted, %u refused, %u undos, %u redos, %u reloads, "
                  "longest log %u, %u kinds accepted, phase %s, turn %u", seed, stats.accepted,
                  stats.refused, stats.undos, stats.redos, stats.reloads, stats.max_position,
                  g_hash_table_size (kinds), pen_phase_to_string (pen_table_get_phase (table)),
                  pen_table_get_turn (table));
  g_assert_cmpuint (stats.accepted, >, steps / 4);
  g_assert_cmpuint (stats.refused, >, steps / 20);
  g_assert_cmpuint (g_hash_table_size (kinds), >=, 33);
  if (pen_table_get_solo_level (table) > 0)
    g_assert_true (g_hash_table_contains (kinds, "rival-turn"));

  /* undo everything: back to the table right after new-game */
  while (pen_game_get_can_undo (game))
    {
      g_assert_true (pen_game_undo (game));
      assert_snapshot (game, snaps);
    }
  g_assert_cmpuint (pen_game_get_position (game), ==, 1);
  g_assert_false (pen_game_undo (game));
  {
    g_autofree char *now = table_snapshot (table);
    g_assert_cmpstr (now, ==, g_ptr_array_index (snaps, 1));
  }
  /* and redo everything: the same tables, no re-roll */
  while (pen_game_get_can_redo (game))
    {
      g_assert_true (pen_game_redo (game, &error));
      g_assert_no_error (error);
      assert_snapshot (game, snaps);
      check_invariants (table);
    }
  g_assert_cmpuint (pen_game_get_position (game), ==, snaps->len - 1);
}

/* Collects the paths of every value in a snapshot: "players[0].supply[2].value", … */
static void
collect_paths (JsonNode   *node,
               const char *path,
               GPtrArray  *out)
{
  if (*path)
    g_ptr_array_add (out, g_strdup (path));
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &name, &member))
        {
          g_autofree char *p = *path ? g_strdup_printf ("%s.%s", path, name) : g_strdup (name);
          collect_paths (member, p, out);
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *arr = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          g_autofree char *p = g_strdup_printf ("%s[%u]", path, i);
          collect_paths (json_array_get_element (arr, i), p, out);
        }
    }
}

static PenGame *mid_game (void);

/* Corrections of any value of the table to odd values: each is refused or leaves a table that
 * every action, the show and the score handle without a critical, and that reloads. */
static void
test_fuzz_corrections (void)
{
  static const char * const values[] = {
    "0", "1", "3", "6", "7", "12", "13", "-1", "99", "2.5", "true", "false", "null", "\"\"",
    "\"spark\"", "\"wounded\"", "\"study\"", "\"final-round\"", "\"physical\"",
    "\"goldeater\"", "\"no-such\"", "[]", "{}", "[1, 2]", "{\"id\": \"aranea\"}",
  };
  g_autoptr(GRand) r = g_rand_new_with_seed (4242);
  guint accepted = 0;

  for (guint round = 0; round < 80; round++)
    {
      g_autoptr(PenGame) game = mid_game ();
      PenTable *table = pen_game_get_table (game);

      for (guint k = 0; k < 10; k++)
        {
          g_autoptr(JsonNode) snap = pen_table_to_json (table);
          g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
          g_autofree char *json = NULL;
          g_autoptr(GError) error = NULL;

          collect_paths (snap, "", paths);
          json = g_strdup_printf ("{\"action\": \"correct\", \"target\": \"%s\", \"value\": %s}",
                                  (char *) g_ptr_array_index (paths, g_rand_int_range (r, 0,
                                                                                       paths->len)),
                                  values[g_rand_int_range (r, 0, G_N_ELEMENTS (values))]);
          if (!pen_game_submit_json (game, json, &error))
            continue;
          accepted++;
          if (pen_table_get_n_players (table) == 0)
            break;
          for (guint a = 0; a < 20; a++)
            {
              g_autofree char *action = random_action (r, table);
              g_autoptr(GError) e = NULL;

              pen_game_submit_json (game, action, &e);
              if (pen_table_get_n_players (table) == 0)
                break;
            }
          if (pen_table_get_n_players (table) == 0)
            break;
          {
            g_autoptr(JsonNode) shown = pen_show_table (table);
            g_autoptr(PenTable) copy = table_copy (table);
            g_assert_nonnull (shown);
          }
        }
      /* and it all undoes */
      while (pen_game_get_can_undo (game))
        g_assert_true (pen_game_undo (game));
    }
  g_test_message ("%u corrections accepted", accepted);
  g_assert_cmpuint (accepted, >, 20);
}

#define FATE_CARDS \
  "\"aranea\", \"fresh-batch\", \"wildwood\", \"heroism\", \"secret-deal\", \"fog-of-oblivion\"," \
  " \"practice\", \"plains-of-agony\", \"festival\", \"radomir-flaming\", \"unity\"," \
  " \"swarm-of-umbrals\", \"harvest\", \"smoky-beast\", \"wanderer\", \"basilisk\"," \
  " \"night-of-horrors\", \"personal-training\", \"dragan-ivancevic\", \"mastery\"," \
  " \"lair-of-the-fleshrenders\", \"awakened-spark\", \"song-of-overcoming\"," \
  " \"guild-revival\", \"pack-of-direwolves\", \"extracurricular-reading\""

static void
test_random_play_app (void)
{
  random_play ("{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\", \"Cy\"], \"seed\": 77,"
               " \"cell_values\": [1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2],"
               " \"start\": [{\"mark\": \"ruby\", \"talent\": \"druid\"}, {\"mark\": \"amber\"},"
               "            {\"mark\": \"sapphire\", \"talent\": \"pariah\"}],"
               " \"setup\": {\"prophecies\": [\"end-of-time\"],"
               "  \"trial_row\": [\"goldeater\", \"scrollers\", \"out-of-tune-clock\"],"
               "  \"fate_deck\": [" FATE_CARDS ", " FATE_CARDS "],"
               "  \"contract_row\": [\"lost-hut\", \"scarlet-pact\", \"brightshine\","
               "                    \"sorcerous-prison\"],"
               "  \"contract_deck\": [\"lost-hut\", \"scarlet-pact\", \"brightshine\","
               "   \"sorcerous-prison\", \"lost-hut\", \"scarlet-pact\", \"brightshine\"]}}",
               20261129, 10000);
}

static void
test_random_play_solo_physical (void)
{
  random_play ("{\"action\": \"new-game\", \"players\": [\"Solo\"], \"solo\": 2, \"seed\": 5,"
               " \"mode\": \"physical\", \"table_rolls\": true,"
               " \"setup\": {\"prophecies\": [\"end-of-time\"],"
               "  \"trial_row\": [\"goldeater\", \"scrollers\"],"
               "  \"fate_deck\": [" FATE_CARDS "],"
               "  \"contract_row\": [\"lost-hut\", null, \"brightshine\", null],"
               "  \"contract_deck\": [\"scarlet-pact\", \"sorcerous-prison\"]}}",
               31337, 2500);
}

/* ---- saves ---- */

static PenGame *
mid_game (void)
{
  PenGame *game = pen_game_new ();
  const char * const *actions = mid_game_actions ();
  g_autoptr(GError) error = NULL;

  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_assert_true (pen_game_submit_json (game, actions[i], &error));
      g_assert_no_error (error);
    }
  return game;
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *data = NULL;

  g_file_get_contents (path, &data, NULL, &error);
  g_assert_no_error (error);
  return data;
}

static void
test_save_load_save (void)
{
  g_autoptr(PenGame) game = mid_game ();
  g_autofree char *dir = g_dir_make_tmp ("pen-save-XXXXXX", NULL);
  g_autofree char *path_a = g_build_filename (dir, "a.json", NULL);
  g_autofree char *path_b = g_build_filename (dir, "sub", "b.json", NULL);
  g_autoptr(GFile) file_a = g_file_new_for_path (path_a);
  g_autoptr(GFile) file_b = g_file_new_for_path (path_b);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) loaded = NULL;
  g_autofree char *a = NULL, *b = NULL, *snap = NULL, *snap_loaded = NULL;
  g_autofree char *after_redo = NULL;

  /* with a redo tail: three undone actions are saved too */
  g_assert_true (pen_game_undo (game));
  g_assert_true (pen_game_undo (game));
  g_assert_true (pen_game_undo (game));
  g_assert_true (pen_game_save (game, file_a, &error));
  g_assert_no_error (error);
  loaded = pen_game_load (file_a, &error);
  g_assert_no_error (error);
  g_assert_true (pen_game_get_file (loaded) != NULL);
  g_assert_true (pen_game_save (loaded, file_b, &error));   /* makes sub/ */
  g_assert_no_error (error);
  a = read_file (path_a);
  b = read_file (path_b);
  g_assert_cmpstr (a, ==, b);

  g_assert_cmpuint (pen_game_get_position (loaded), ==, pen_game_get_position (game));
  g_assert_cmpuint (pen_game_get_can_undo (loaded), ==, pen_game_get_can_undo (game));
  g_assert_true (pen_game_get_can_redo (loaded));
  snap = table_snapshot (pen_game_get_table (game));
  snap_loaded = table_snapshot (pen_game_get_table (loaded));
  g_assert_cmpstr (snap, ==, snap_loaded);

  /* the log as lines holds the applied actions only, one per line */
  {
    g_autofree char *lines = pen_game_log_to_lines (loaded);
    g_auto(GStrv) split = g_strsplit (lines, "\n", -1);

    g_assert_cmpuint (g_strv_length (split), ==, pen_game_get_position (loaded) + 1);
    g_assert_cmpstr (split[pen_game_get_position (loaded)], ==, "");
  }

  /* redo in both: the same table (the undone actions were not re-rolled) */
  while (pen_game_get_can_redo (game))
    {
      g_autofree char *x = NULL, *y = NULL;

      g_assert_true (pen_game_redo (game, &error));
      g_assert_true (pen_game_redo (loaded, &error));
      g_assert_no_error (error);
      x = table_snapshot (pen_game_get_table (game));
      y = table_snapshot (pen_game_get_table (loaded));
      g_assert_cmpstr (x, ==, y);
    }
  /* loaded has a file: its redo saved it */
  after_redo = read_file (path_a);
  {
    g_autofree char *expected = pen_game_to_data (loaded);
    g_assert_cmpstr (after_redo, ==, expected);
  }

  pen_test_remove_tree (dir);
}

/* Every change is saved at once when the game has a file */
static void
test_autosave (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pen-autosave-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GError) error = NULL;
  const char * const *actions = mid_game_actions ();

  pen_game_set_file (game, file);
  g_assert_false (pen_game_get_can_undo (game));
  g_assert_false (pen_game_submit_json (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}",
                                        &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_REFUSED);
  g_clear_error (&error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  for (guint i = 0; actions[i]; i++)
    {
      g_autofree char *data = NULL, *expected = NULL;

      g_assert_true (pen_game_submit_json (game, actions[i], &error));
      g_assert_no_error (error);
      g_assert_null (pen_game_get_save_error (game));
      data = read_file (path);
      expected = pen_game_to_data (game);
      g_assert_cmpstr (data, ==, expected);
    }
  /* the new-game is the floor of undo */
  g_assert_true (pen_game_jump_to (game, 1, &error));
  g_assert_no_error (error);
  g_assert_false (pen_game_get_can_undo (game));
  g_assert_false (pen_game_undo (game));
  {
    g_autofree char *data = read_file (path);
    g_autofree char *expected = pen_game_to_data (game);
    g_assert_cmpstr (data, ==, expected);
  }
  g_assert_false (pen_game_jump_to (game, 0, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (pen_game_jump_to (game, 5, &error));
  g_assert_cmpuint (pen_game_get_position (game), ==, 5);
  /* a new action drops the redo tail */
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"setting\", \"hide_odds\": true}",
                                       &error));
  g_assert_no_error (error);
  g_assert_false (pen_game_get_can_redo (game));
  g_assert_cmpuint (g_list_model_get_n_items (pen_game_get_history (game)), ==, 6);
  g_assert_false (pen_game_redo (game, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_REFUSED);

  pen_test_remove_tree (dir);
}

/* The saves folder lives under XDG_DATA_HOME */
static void
test_saves_folder (void)
{
  g_autoptr(GFile) dir = pen_game_get_saves_dir ();
  g_autoptr(GFile) file = pen_game_new_save_file ();
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(PenGame) game = mid_game ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) saves = NULL;
  g_autofree char *dir_path = g_file_get_path (dir);

  g_assert_true (g_str_has_prefix (dir_path, g_get_user_data_dir ()));
  g_assert_true (g_file_equal (parent, dir));
  g_assert_true (pen_game_save (game, file, &error));
  g_assert_no_error (error);
  saves = pen_game_list_saves ();
  g_assert_cmpuint (g_list_model_get_n_items (saves), ==, 1);
  {
    g_autoptr(GFileInfo) info = g_list_model_get_item (saves, 0);
    GFile *listed = G_FILE (g_file_info_get_attribute_object (info, "standard::file"));
    g_assert_true (g_file_equal (listed, file));
  }
  /* a second one gets another name */
  {
    g_autoptr(GFile) other = pen_game_new_save_file ();
    g_assert_false (g_file_equal (other, file));
  }
  g_file_delete (file, NULL, NULL);
}

/* Damaged saves: a clear error, never a game, the file untouched */
static void
test_damaged_saves (void)
{
  g_autoptr(PenGame) game = mid_game ();
  g_autofree char *good = pen_game_to_data (game);
  g_autoptr(GArray) bad = bad_saves (good);
  g_autofree char *dir = g_dir_make_tmp ("pen-bad-XXXXXX", NULL);

  for (guint i = 0; i < bad->len; i++)
    {
      BadSave *b = &g_array_index (bad, BadSave, i);
      g_autofree char *path = g_build_filename (dir, b->name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(PenGame) loaded = NULL;
      g_autofree char *after = NULL;
      gsize len = 0;

      g_test_message ("damaged save: %s", b->name);
      g_assert_true (g_file_set_contents (path, b->data, -1, NULL));
      loaded = pen_game_load_from_data (b->data, strlen (b->data), &error);
      g_assert_null (loaded);
      g_assert_error (error, PEN_ERROR, b->code);
      g_assert_null (strchr (error->message, '\n'));
      g_clear_error (&error);

      loaded = pen_game_load (file, &error);
      g_assert_null (loaded);
      g_assert_error (error, PEN_ERROR, b->code);
      g_file_get_contents (path, &after, &len, NULL);
      g_assert_cmpuint (len, ==, strlen (b->data));
      g_assert_cmpstr (after, ==, b->data);
    }

  /* a missing file is an I/O error, not a damaged save */
  {
    g_autofree char *path = g_build_filename (dir, "missing.json", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(GError) error = NULL;

    g_assert_null (pen_game_load (file, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_IO);
  }
  pen_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = game_test_init (&argc, &argv);
  int ret;

  g_test_add_func ("/penumbra/game/save-load-save", test_save_load_save);
  g_test_add_func ("/penumbra/game/autosave", test_autosave);
  g_test_add_func ("/penumbra/game/saves-folder", test_saves_folder);
  g_test_add_func ("/penumbra/game/damaged-saves", test_damaged_saves);
  g_test_add_func ("/penumbra/game/fuzz-corrections", test_fuzz_corrections);
  g_test_add_func ("/penumbra/game/random-play-app", test_random_play_app);
  g_test_add_func ("/penumbra/game/random-play-solo-physical", test_random_play_solo_physical);

  ret = g_test_run ();
  pen_test_remove_tree (dir);
  return ret;
}
