/* game-test-common.h: helpers shared by test-actions.c, test-game.c and test-cli-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib/gstdio.h>

#include "pen-action.h"
#include "pen-game.h"
#include "pen-json.h"
#include "pen-rule.h"
#include "pen-table.h"
#include "pen-turn.h"
#include "pen-test-utils.h"

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
  /* a refusal by a named rule (pen-rule.h) is a refusal */
  if (error->domain == PEN_RULE_ERROR)
    {
      g_assert_cmpint (pen_rule_from_error (error), !=, PEN_RULE_NONE);
      if (code >= 0 && code != PEN_ERROR_REFUSED)
        g_error ("%s: refused by rule (%s), expected error code %d", json, error->message, code);
      g_assert_cmpstr (error->message, !=, "");
      after = table_snapshot (table);
      g_assert_cmpstr (before, ==, after);
      return;
    }
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

/* ---- damaged saves ---- */

typedef struct
{
  char *name;
  char *data;
  int   code;     /* PEN_ERROR_CORRUPT or PEN_ERROR_NEWER */
} BadSave;

static inline void
bad_save_clear (BadSave *bad)
{
  g_free (bad->name);
  g_free (bad->data);
}

/* good: a valid save; edit: a JavaScript-ish change made on the parsed document */
typedef void (*SaveEdit) (JsonObject *root);

static inline char *
edit_save (const char *good,
           SaveEdit    edit)
{
  g_autoptr(JsonNode) node = pen_json_parse (good, -1, NULL);

  g_assert_nonnull (node);
  edit (json_node_get_object (node));
  return pen_json_to_string (node, TRUE);
}

static inline JsonObject *
first_player (JsonObject *root)
{
  JsonObject *snap = json_object_get_object_member (root, "snapshot");
  JsonArray *players = json_object_get_array_member (snap, "players");

  return json_array_get_object_element (players, 0);
}

static void
edit_tamper_name (JsonObject *r)
{
  json_object_set_string_member (first_player (r), "name", "Mallory");
}

static void
edit_tamper_die (JsonObject *r)
{
  JsonArray *supply = json_object_get_array_member (first_player (r), "supply");
  JsonObject *die = json_array_get_object_element (supply, 0);

  json_object_set_int_member (die, "value", 7 - json_object_get_int_member (die, "value"));
}

static void
edit_tamper_random (JsonObject *r)
{
  JsonObject *snap = json_object_get_object_member (r, "snapshot");

  json_object_set_string_member (snap, "random", "1:2:3:4");
}

static void
edit_tamper_log (JsonObject *r)
{
  JsonArray *log = json_object_get_array_member (r, "log");
  JsonObject *first = json_array_get_object_element (log, 0);

  json_object_set_int_member (first, "seed", json_object_get_int_member (first, "seed") + 1);
}

static void
edit_newer (JsonObject *r)
{
  json_object_set_int_member (r, "version", 2);
}

static void
edit_version_zero (JsonObject *r)
{
  json_object_set_int_member (r, "version", 0);
}

static void
edit_version_string (JsonObject *r)
{
  json_object_set_string_member (r, "version", "1");
}

static void
edit_version_double (JsonObject *r)
{
  json_object_set_double_member (r, "version", 1.5);
}

static void
edit_format (JsonObject *r)
{
  json_object_set_string_member (r, "format", "penumbra-companion-deck");
}

static void
edit_format_type (JsonObject *r)
{
  json_object_set_int_member (r, "format", 1);
}

static void
edit_no_snapshot (JsonObject *r)
{
  json_object_remove_member (r, "snapshot");
}

static void
edit_no_log (JsonObject *r)
{
  json_object_remove_member (r, "log");
}

static void
edit_log_type (JsonObject *r)
{
  json_object_set_string_member (r, "log", "[]");
}

static void
edit_snapshot_type (JsonObject *r)
{
  json_object_set_array_member (r, "snapshot", json_array_new ());
}

static void
edit_position_big (JsonObject *r)
{
  json_object_set_int_member (r, "position", 10000);
}

static void
edit_position_negative (JsonObject *r)
{
  json_object_set_int_member (r, "position", -1);
}

static void
edit_position_zero (JsonObject *r)
{
  json_object_set_int_member (r, "position", 0);
}

static void
edit_unknown_key (JsonObject *r)
{
  json_object_set_int_member (r, "cheat", 1);
}

static void
edit_empty_log (JsonObject *r)
{
  json_object_set_array_member (r, "log", json_array_new ());
  json_object_set_int_member (r, "position", 0);
}

static void
edit_log_element (JsonObject *r)
{
  json_array_add_int_element (json_object_get_array_member (r, "log"), 5);
}

static void
edit_log_unknown_action (JsonObject *r)
{
  JsonObject *a = json_object_new ();

  json_object_set_string_member (a, "action", "win-game");
  json_array_add_object_element (json_object_get_array_member (r, "log"), a);
}

static void
edit_log_control_chars (JsonObject *r)
{
  JsonObject *a = json_object_new ();

  json_object_set_string_member (a, "action", "line one\nline two\r\x1b[2J");
  json_array_add_object_element (json_object_get_array_member (r, "log"), a);
}

static void
edit_log_refused (JsonObject *r)
{
  /* a second new-game in the applied part: the rules refuse it on replay */
  JsonArray *log = json_object_get_array_member (r, "log");
  JsonNode *copy = json_node_copy (json_array_get_element (log, 0));
  g_autoptr(JsonArray) fresh = json_array_new ();

  json_array_add_element (fresh, json_node_copy (json_array_get_element (log, 0)));
  json_array_add_element (fresh, copy);
  json_object_set_array_member (r, "log", json_array_ref (fresh));
  json_object_set_int_member (r, "position", 2);
}

static void
edit_snapshot_key (JsonObject *r)
{
  json_object_set_int_member (json_object_get_object_member (r, "snapshot"), "extra_key", 1);
}


/* Every way a save can be damaged that the tests know of, from a valid save */
static inline GArray *
bad_saves (const char *good)
{
  static const struct { const char *name; SaveEdit edit; int code; } edits[] = {
    { "tampered-name", edit_tamper_name, PEN_ERROR_CORRUPT },
    { "tampered-die", edit_tamper_die, PEN_ERROR_CORRUPT },
    { "tampered-random", edit_tamper_random, PEN_ERROR_CORRUPT },
    { "tampered-log", edit_tamper_log, PEN_ERROR_CORRUPT },
    { "newer", edit_newer, PEN_ERROR_NEWER },
    { "version-zero", edit_version_zero, PEN_ERROR_CORRUPT },
    { "version-string", edit_version_string, PEN_ERROR_CORRUPT },
    { "version-double", edit_version_double, PEN_ERROR_CORRUPT },
    { "wrong-format", edit_format, PEN_ERROR_CORRUPT },
    { "format-type", edit_format_type, PEN_ERROR_CORRUPT },
    { "no-snapshot", edit_no_snapshot, PEN_ERROR_CORRUPT },
    { "no-log", edit_no_log, PEN_ERROR_CORRUPT },
    { "log-type", edit_log_type, PEN_ERROR_CORRUPT },
    { "snapshot-type", edit_snapshot_type, PEN_ERROR_CORRUPT },
    { "position-big", edit_position_big, PEN_ERROR_CORRUPT },
    { "position-negative", edit_position_negative, PEN_ERROR_CORRUPT },
    { "position-zero", edit_position_zero, PEN_ERROR_CORRUPT },
    { "unknown-key", edit_unknown_key, PEN_ERROR_CORRUPT },
    { "empty-log", edit_empty_log, PEN_ERROR_CORRUPT },
    { "log-element", edit_log_element, PEN_ERROR_CORRUPT },
    { "log-unknown-action", edit_log_unknown_action, PEN_ERROR_CORRUPT },
    { "log-control-chars", edit_log_control_chars, PEN_ERROR_CORRUPT },
    { "log-refused", edit_log_refused, PEN_ERROR_CORRUPT },
    { "snapshot-key", edit_snapshot_key, PEN_ERROR_CORRUPT },
  };
  static const struct { const char *name; const char *data; int code; } raw[] = {
    { "empty", "", PEN_ERROR_CORRUPT },
    { "garbage", "\x01\x02 this is not JSON \xff\xfe", PEN_ERROR_CORRUPT },
    { "array", "[]", PEN_ERROR_CORRUPT },
    { "number", "42\n", PEN_ERROR_CORRUPT },
    { "string", "\"penumbra-companion-save\"", PEN_ERROR_CORRUPT },
    { "null", "null", PEN_ERROR_CORRUPT },
    { "object", "{}", PEN_ERROR_CORRUPT },
    { "newer-bare", "{\"format\": \"penumbra-companion-save\", \"version\": 99}",
      PEN_ERROR_NEWER },
    { "newer-future", "{\"format\": \"penumbra-companion-save\", \"version\": 3, \"moves\":"
      " \"something new\"}", PEN_ERROR_NEWER },
  };
  GArray *out = g_array_new (FALSE, TRUE, sizeof (BadSave));
  gsize len = strlen (good);

  g_array_set_clear_func (out, (GDestroyNotify) bad_save_clear);
  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      BadSave b = { g_strdup (edits[i].name), edit_save (good, edits[i].edit), edits[i].code };
      g_array_append_val (out, b);
    }
  for (guint i = 0; i < G_N_ELEMENTS (raw); i++)
    {
      BadSave b = { g_strdup (raw[i].name), g_strdup (raw[i].data), raw[i].code };
      g_array_append_val (out, b);
    }
  /* truncated anywhere */
  for (guint k = 1; k <= 7; k++)
    {
      BadSave b = { g_strdup_printf ("truncated-%u", k), g_strndup (good, len * k / 8),
                    PEN_ERROR_CORRUPT };
      g_array_append_val (out, b);
    }
  {
    BadSave b = { g_strdup ("truncated-last"), g_strndup (good, len - 3), PEN_ERROR_CORRUPT };
    g_array_append_val (out, b);
  }
  return out;
}

/* json with "faces" for every die it rolls on table (all showing face), as the app asks the
 * table in physical mode (pen_action_list_rolls) */
static inline char *
with_faces (PenTable   *table,
            const char *json,
            guint       face)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = pen_json_parse (json, -1, &error);
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GArray) rolls = NULL;
  g_autoptr(JsonNode) out = NULL;

  g_assert_no_error (error);
  action = pen_action_new_from_json (node, "$", &error);
  g_assert_no_error (error);
  rolls = pen_action_list_rolls (action, table, &error);
  g_assert_no_error (error);
  if (rolls->len > 0)
    {
      g_autofree guint *faces = g_new (guint, rolls->len);

      for (guint i = 0; i < rolls->len; i++)
        faces[i] = face;
      pen_action_set_faces (action, faces, rolls->len);
    }
  out = pen_action_to_json (action);
  return pen_json_to_string (out, FALSE);
}
