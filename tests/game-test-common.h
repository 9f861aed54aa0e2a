/* game-test-common.h: helpers shared by test-actions.c, test-game.c and test-cli-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib/gstdio.h>

#include "pen-action.h"
#include "pen-game.h"
#include "pen-json.h"
#include "pen-table.h"
#include "pen-turn.h"

/* Every test points XDG_DATA_HOME at a fresh directory before anything reads it, so no real
 * user data (catalogue answers, saved games) is read or touched. */
static inline char *
game_test_init (int    *argc,
                char ***argv)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("penumbra-gametest-XXXXXX", &error);

  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", dir, TRUE);
  g_setenv ("XDG_CONFIG_HOME", dir, TRUE);
  g_setenv ("LC_ALL", "C", TRUE);
  g_test_init (argc, argv, NULL);
  pen_turn_set_card_language ("en");
  return dir;
}

static inline void
game_test_rmdir (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        game_test_rmdir (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static inline char *
table_snapshot (PenTable *table)
{
  g_autoptr(JsonNode) node = pen_table_to_json (table);

  return pen_json_to_string (node, FALSE);
}

/* Applies one action given as JSON text; asserts it is accepted. */
static inline PenAction *
apply_ok (PenTable   *table,
          const char *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = pen_json_parse (json, -1, &error);
  g_autoptr(PenAction) action = NULL;

  g_assert_no_error (error);
  action = pen_action_new_from_json (node, "$", &error);
  g_assert_no_error (error);
  if (!pen_action_apply (action, table, &error))
    g_error ("refused: %s: %s", json, error->message);
  g_assert_true (pen_action_get_applied (action));
  return g_steal_pointer (&action);
}

/* Applies and forgets (the action is not kept for revert) */
static inline void
run (PenTable   *table,
     const char *json)
{
  g_autoptr(PenAction) action = apply_ok (table, json);
}

/* Asserts that the action is refused with PEN_ERROR (code, or any code when code < 0) and
 * that the table did not change at all. */
static inline void
apply_refused (PenTable   *table,
               const char *json,
               int         code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = pen_json_parse (json, -1, &error);
  g_autoptr(PenAction) action = NULL;
  g_autofree char *before = table_snapshot (table);
  g_autofree char *after = NULL;

  g_assert_no_error (error);
  action = pen_action_new_from_json (node, "$", &error);
  if (action == NULL)
    {
      /* refused by the shape check already */
      g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
      g_assert_true (code < 0 || code == PEN_ERROR_INVALID);
      return;
    }
  if (pen_action_apply (action, table, &error))
    g_error ("accepted, expected a refusal: %s", json);
  g_assert_nonnull (error);
  g_assert_true (error->domain == PEN_ERROR);
  if (code >= 0 && error->code != code)
    g_error ("%s: error code %d, expected %d (%s)", json, error->code, code, error->message);
  g_assert_cmpstr (error->message, !=, "");
  g_assert_false (pen_action_get_applied (action));
  after = table_snapshot (table);
  g_assert_cmpstr (before, ==, after);
}

static inline PenTable *
table_copy (PenTable *table)
{
  g_autoptr(JsonNode) node = pen_table_to_json (table);
  g_autoptr(GError) error = NULL;
  PenTable *copy = pen_table_new ();

  pen_table_load_json (copy, node, &error);
  g_assert_no_error (error);
  return copy;
}

/* A game that is under way: two wizards with a Talent each, a trial row, a Fate deck, the
 * Guild row and a contract deck, known cell values. */
#define MID_GAME_NEW \
  "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 42," \
  " \"cell_values\": [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5]," \
  " \"start\": [{\"mark\": \"ruby\", \"talent\": \"druid\"}," \
  "            {\"mark\": \"jasper\", \"talent\": \"pariah\"}]," \
  " \"setup\": {\"prophecies\": [\"end-of-time\"], \"trial_row\": [\"goldeater\", \"scrollers\"]," \
  "  \"fate_deck\": [\"aranea\", \"fresh-batch\", \"heroism\", \"wildwood\", \"unity\"," \
  "                \"basilisk\"]," \
  "  \"contract_row\": [\"lost-hut\", \"scarlet-pact\", \"brightshine\", null]," \
  "  \"contract_deck\": [\"sorcerous-prison\"]}}"

static inline const char * const *
mid_game_actions (void)
{
  static const char * const actions[] = {
    MID_GAME_NEW,
    /* Ann's first turn: Study, one placement */
    "{\"action\": \"turn-start\", \"kind\": \"study\"}",
    "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, \"location\": \"forest\"}",
    "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"blood\", \"count\": 3}",
    "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"trinket\", \"count\": 2}",
    "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"arcana\", \"count\": 2}",
    "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"fruit\", \"count\": 4}",
    "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\", \"value\": 6}",
    "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"blue\", \"temporary\": true}",
    "{\"action\": \"mark-gain\", \"wizard\": 0, \"kind\": \"ruby\"}",
    "{\"action\": \"mark-use\", \"wizard\": 0, \"cell\": 0}",
    "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"scarlet-downpour\"}",
    "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"radiant-staff\"}",
    "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"liquid-luck\"}",
    "{\"action\": \"turn-end\"}",
    /* Bob's first turn: a Trial, passed in the dark; the turn end brings Aranea */
    "{\"action\": \"turn-start\", \"kind\": \"trial\"}",
    "{\"action\": \"threat\", \"wizard\": 1, \"dice\": [6]}",
    "{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, \"path\": \"dark\"}",
    "{\"action\": \"mark-wound\", \"wizard\": 1, \"cell\": 0}",
    "{\"action\": \"turn-end\"}",
    /* Ann's second turn: Study, two placements */
    "{\"action\": \"turn-start\", \"kind\": \"study\"}",
    NULL
  };

  return actions;
}

static inline PenTable *
mid_game_table (void)
{
  PenTable *table = pen_table_new ();
  const char * const *actions = mid_game_actions ();

  for (guint i = 0; actions[i] != NULL; i++)
    run (table, actions[i]);
  return table;
}

/* Index of the first die in wizard's supply with colour (and value, when value > 0), or -1 */
static inline int
find_die (PenWizard *wizard,
          PenColor   color,
          guint      value)
{
  GListModel *supply = pen_wizard_get_supply (wizard);

  for (guint i = 0; i < g_list_model_get_n_items (supply); i++)
    {
      g_autoptr(PenDie) die = g_list_model_get_item (supply, i);

      if ((int) color >= 0 && pen_die_get_color (die) != color)
        continue;
      if (value > 0 && pen_die_get_value (die) != value)
        continue;
      return i;
    }
  return -1;
}

static inline char *
card_ids (GListModel *list)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (list, i);
      const char *id = pen_table_card_get_card_id (tc);

      g_string_append_printf (s, "%s%s", i ? "," : "", id ? id : "-");
    }
  return g_string_free (s, FALSE);
}
