/* test-cli-game.c: `penumbra-cli new/apply/log/show/undo/redo` as a user runs them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "game-test-common.h"
#include "pen-test-utils.h"

static char *tmp_dir;


/* Runs the built penumbra-cli with args (NULL-terminated) and input on its standard input */
static void
cli (PenCliResult *result,
     const char   *input,
     const char   *first,
     ...)
{
  g_autoptr(GSubprocessLauncher) launcher = pen_test_cli_launcher (tmp_dir, input);
  g_autoptr(GSubprocess) proc = NULL;
  va_list args;

  va_start (args, first);
  proc = pen_test_cli_spawn (launcher, first, args);
  va_end (args);
  pen_test_cli_finish (proc, result);
}

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p; p++)
    n += *p == '\n';
  return n;
}

/* exit 2, nothing on stdout, one line "penumbra-cli: ..." on stderr */
static void
assert_cli_error (PenCliResult *r,
                  const char   *needle)
{
  if (r->status != 2)
    g_error ("exit status %d, expected 2 (stderr: %s)", r->status, r->err);
  g_assert_cmpstr (r->out, ==, "");
  g_assert_true (g_str_has_prefix (r->err, "penumbra-cli: "));
  g_assert_true (g_str_has_suffix (r->err, "\n"));
  g_assert_cmpuint (count_lines (r->err), ==, 1);
  if (needle != NULL && strstr (r->err, needle) == NULL)
    g_error ("stderr \"%s\" does not name \"%s\"", r->err, needle);
}

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

static JsonObject *
parse_object (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = pen_json_parse (text, -1, &error);

  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  return json_object_ref (json_node_get_object (node));
}

/* The lines `apply` should print for actions first..last */
static char *
applied_lines (guint first,
               guint last)
{
  GString *s = g_string_new (NULL);

  for (guint i = first; i <= last; i++)
    g_string_append_printf (s, "applied %u\n", i);
  return g_string_free (s, FALSE);
}

/* ---- new ---- */

static void
test_new (void)
{
  g_autofree char *a = tmp_path ("new-a.json");
  g_autofree char *b = tmp_path ("new-b.json");
  g_autofree char *before = NULL, *data_a = NULL, *data_b = NULL;
  g_auto(PenCliResult) r = { 0, };
  g_autoptr(JsonObject) show = NULL;

  cli (&r, NULL, "new", "--players", "2", "--seed", "7", "--out", a, NULL);
  pen_test_assert_cli_ok (&r);
  show = parse_object (r.out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (show, "players")), ==,
                    2);
  g_assert_cmpstr (json_object_get_string_member (show, "turn_kind"), ==, "none");
  g_assert_false (json_object_has_member (show, "random"));
  pen_cli_result_clear (&r);

  /* the same seed, the same game */
  cli (&r, NULL, "new", "--players", "2", "--seed", "7", "--out", b, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  data_a = pen_test_file_contents (a);
  data_b = pen_test_file_contents (b);
  g_assert_cmpstr (data_a, ==, data_b);

  /* never over an existing file */
  before = pen_test_file_contents (a);
  cli (&r, NULL, "new", "--players", "3", "--out", a, NULL);
  assert_cli_error (&r, NULL);
  pen_cli_result_clear (&r);
  g_clear_pointer (&data_a, g_free);
  data_a = pen_test_file_contents (a);
  g_assert_cmpstr (before, ==, data_a);

  /* bad options */
  {
    g_autofree char *c = tmp_path ("new-c.json");

    cli (&r, NULL, "new", "--players", "5", "--out", c, NULL);
    assert_cli_error (&r, "--players");
    pen_cli_result_clear (&r);
    cli (&r, NULL, "new", "--players", "2", "--solo", "2", "--out", c, NULL);
    assert_cli_error (&r, "--solo");
    pen_cli_result_clear (&r);
    cli (&r, NULL, "new", "--players", "2", NULL);
    assert_cli_error (&r, "--out");
    pen_cli_result_clear (&r);
    g_assert_false (g_file_test (c, G_FILE_TEST_EXISTS));
    cli (&r, NULL, "new", "--players", "1", "--solo", "2", "--out", c, NULL);
    pen_test_assert_cli_ok (&r);
    g_clear_pointer (&show, json_object_unref);
    show = parse_object (r.out);
    g_assert_cmpint (json_object_get_int_member (show, "solo_level"), ==, 2);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (show, "players")), ==,
                      2);
  }
}

/* ---- apply, log, show, undo, redo ---- */

static const char * const game_lines[] = {
  "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\"}",
  "{\"action\": \"turn-end\"}",
  "{\"action\": \"turn-start\", \"kind\": \"trial\"}",
  "{\"action\": \"threat\", \"wizard\": 1, \"count\": 3}",
  "{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, \"path\": \"light\"}",
  "{\"action\": \"fate\", \"wizard\": 0, \"light\": 1}",
  "{\"action\": \"turn-end\"}",
  "{\"action\": \"turn-start\", \"kind\": \"study\"}",
  "{\"action\": \"die-reroll\", \"wizard\": 0, \"index\": 1}",
  "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, \"location\": \"forest\"}",
  "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"fruit\", \"count\": 20}",
  "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"spark\"}",
};

/* The mid-game actions plus game_lines, as apply's input; returns the number of lines */
static char *
full_game_input (guint *n)
{
  GString *s = g_string_new (NULL);
  const char * const *mid = mid_game_actions ();

  *n = 0;
  for (guint i = 0; mid[i]; i++, (*n)++)
    g_string_append_printf (s, "%s\n", mid[i]);
  /* Ann's second turn goes on: a Trinket placement, then the rest of the game */
  g_string_append (s, "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, \"trinket\":"
                      " true}\n");
  (*n)++;
  for (guint i = 0; i < G_N_ELEMENTS (game_lines); i++, (*n)++)
    g_string_append_printf (s, "%s\n", game_lines[i]);
  return g_string_free (s, FALSE);
}

static void
test_apply_log_replay (void)
{
  g_autofree char *f = tmp_path ("replay-f.json");
  g_autofree char *g = tmp_path ("replay-g.json");
  g_autofree char *input = NULL, *expected = NULL, *log = NULL;
  g_autofree char *show_f = NULL, *show_g = NULL, *data_f = NULL, *data_g = NULL;
  g_auto(PenCliResult) r = { 0, };
  guint n;

  input = full_game_input (&n);
  cli (&r, input, "apply", f, NULL);
  pen_test_assert_cli_ok (&r);
  expected = applied_lines (1, n);
  g_assert_cmpstr (r.out, ==, expected);
  pen_cli_result_clear (&r);

  cli (&r, NULL, "log", f, NULL);
  pen_test_assert_cli_ok (&r);
  log = g_steal_pointer (&r.out);
  g_assert_cmpuint (count_lines (log), ==, n);
  pen_cli_result_clear (&r);

  /* replaying the log into a missing file gives the same game */
  cli (&r, log, "apply", g, NULL);
  pen_test_assert_cli_ok (&r);
  g_assert_cmpstr (r.out, ==, expected);
  pen_cli_result_clear (&r);
  cli (&r, NULL, "show", f, NULL);
  pen_test_assert_cli_ok (&r);
  show_f = g_steal_pointer (&r.out);
  pen_cli_result_clear (&r);
  cli (&r, NULL, "show", g, NULL);
  pen_test_assert_cli_ok (&r);
  show_g = g_steal_pointer (&r.out);
  pen_cli_result_clear (&r);
  g_assert_cmpstr (show_f, ==, show_g);
  data_f = pen_test_file_contents (f);
  data_g = pen_test_file_contents (g);
  g_assert_cmpstr (data_f, ==, data_g);

  /* the log is what the library holds */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(PenGame) game = pen_game_load_from_data (data_f, strlen (data_f), &error);
    g_autofree char *lines = NULL;

    g_assert_no_error (error);
    lines = pen_game_log_to_lines (game);
    g_assert_cmpstr (lines, ==, log);
    g_assert_cmpuint (pen_game_get_position (game), ==, n);
  }

  /* undo, redo: redo gives the very same dice (the last action rolled one) */
  cli (&r, NULL, "undo", f, NULL);
  pen_test_assert_cli_ok (&r);
  {
    g_autoptr(JsonObject) o = parse_object (r.out);
    JsonObject *undone = json_object_get_object_member (o, "undone");

    g_assert_cmpstr (json_object_get_string_member (undone, "action"), ==, "die-gain");
    g_assert_cmpint (json_object_get_int_member (o, "position"), ==, n - 1);
    g_assert_true (json_object_get_boolean_member (o, "can_undo"));
    g_assert_true (json_object_get_boolean_member (o, "can_redo"));
  }
  pen_cli_result_clear (&r);
  cli (&r, NULL, "show", f, NULL);
  pen_test_assert_cli_ok (&r);
  g_assert_cmpstr (r.out, !=, show_f);
  pen_cli_result_clear (&r);
  cli (&r, NULL, "log", f, NULL);
  pen_test_assert_cli_ok (&r);
  g_assert_cmpuint (count_lines (r.out), ==, n - 1);
  pen_cli_result_clear (&r);
  cli (&r, NULL, "redo", f, NULL);
  pen_test_assert_cli_ok (&r);
  {
    g_autoptr(JsonObject) o = parse_object (r.out);

    g_assert_true (json_object_has_member (o, "redone"));
    g_assert_cmpint (json_object_get_int_member (o, "position"), ==, n);
    g_assert_false (json_object_get_boolean_member (o, "can_redo"));
  }
  pen_cli_result_clear (&r);
  cli (&r, NULL, "show", f, NULL);
  pen_test_assert_cli_ok (&r);
  g_assert_cmpstr (r.out, ==, show_f);
  pen_cli_result_clear (&r);

  /* nothing to redo: exit 2, the file as it was */
  {
    g_autofree char *before = pen_test_file_contents (f);
    g_autofree char *after = NULL;

    cli (&r, NULL, "redo", f, NULL);
    assert_cli_error (&r, "redo");
    pen_cli_result_clear (&r);
    after = pen_test_file_contents (f);
    g_assert_cmpstr (before, ==, after);
  }

  /* undo down to the new-game, which stays */
  for (guint i = n; i > 1; i--)
    {
      cli (&r, NULL, "undo", f, NULL);
      pen_test_assert_cli_ok (&r);
      pen_cli_result_clear (&r);
    }
  {
    g_autofree char *before = pen_test_file_contents (f);
    g_autofree char *after = NULL;

    cli (&r, NULL, "undo", f, NULL);
    assert_cli_error (&r, "undo");
    pen_cli_result_clear (&r);
    after = pen_test_file_contents (f);
    g_assert_cmpstr (before, ==, after);
  }
  /* and all the way back */
  for (guint i = 1; i < n; i++)
    {
      cli (&r, NULL, "redo", f, NULL);
      pen_test_assert_cli_ok (&r);
      pen_cli_result_clear (&r);
    }
  cli (&r, NULL, "show", f, NULL);
  pen_test_assert_cli_ok (&r);
  g_assert_cmpstr (r.out, ==, show_f);
}

/* Physical play never rolls for the table: `new --physical` takes the starting dice's faces
 * (--start-dice, each wizard's in supply order) and refuses to start without them, saying
 * which dice the table rolls; nothing is written then */
static void
test_new_physical_start_dice (void)
{
  g_autofree char *f = tmp_path ("new-physical.json");
  g_auto(PenCliResult) r = { 0, };
  g_autoptr(JsonObject) show = NULL;
  static const guint faces[] = { 6, 1, 4, 2, 3, 5 };
  guint k = 0;

  cli (&r, NULL, "new", "--players", "2", "--physical", "--out", f, NULL);
  assert_cli_error (&r, "--start-dice");
  g_assert_nonnull (strstr (r.err, "Player 2: bone, bone, spark"));
  g_assert_false (g_file_test (f, G_FILE_TEST_EXISTS));
  pen_cli_result_clear (&r);
  /* too few, too many, not a face */
  cli (&r, NULL, "new", "--players", "2", "--physical", "--start-dice", "6,1,4", "--out", f,
       NULL);
  assert_cli_error (&r, "3 faces for the 6 starting dice");
  pen_cli_result_clear (&r);
  cli (&r, NULL, "new", "--players", "2", "--physical", "--start-dice", "6,1,4,2,3,5,1",
       "--out", f, NULL);
  assert_cli_error (&r, "--start-dice");
  pen_cli_result_clear (&r);
  cli (&r, NULL, "new", "--players", "2", "--physical", "--start-dice", "6,1,7,2,3,5",
       "--out", f, NULL);
  assert_cli_error (&r, "\"7\" is not a die face");
  pen_cli_result_clear (&r);
  /* the app rolls in app-dealt play: no faces to give */
  cli (&r, NULL, "new", "--players", "2", "--start-dice", "6,1,4,2,3,5", "--out", f, NULL);
  assert_cli_error (&r, "only with --physical");
  pen_cli_result_clear (&r);
  g_assert_false (g_file_test (f, G_FILE_TEST_EXISTS));

  /* the faces the table rolled, whatever the seed */
  cli (&r, NULL, "new", "--players", "2", "--physical", "--seed", "99", "--start-dice",
       "6,1,4,2,3,5", "--out", f, NULL);
  pen_test_assert_cli_ok (&r);
  show = parse_object (r.out);
  for (guint w = 0; w < 2; w++)
    {
      JsonObject *player = json_array_get_object_element (json_object_get_array_member
                                                            (show, "players"), w);
      JsonArray *supply = json_object_get_array_member (player, "supply");

      for (guint d = 0; d < json_array_get_length (supply); d++)
        g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (supply, d),
                                                     "value"), ==, faces[k++]);
    }
  g_assert_cmpuint (k, ==, G_N_ELEMENTS (faces));
}

/* A game begun with `new` (the table dealt from the seed) replays from its log too */
static void
test_new_log_replay (void)
{
  static const char * const variants[][6] = {
    { "--players", "3", NULL },
    { "--players", "2", "--ready-made" },
    { "--players", "4", "--physical", "--start-dice", "1,2,3,4,5,6,1,2,3,4,5,6" },
    { "--players", "1", NULL },
    { "--players", "2", "--physical", "--table-markets", "--start-dice", "6,5,4,3,2,1" },
    /* an unnamed starting card is numbered once: its number is in the log */
    { "--players", "2", "--start-cards", "unity-with-nature,discipline", "--start-ingredients",
      "fruit=2,blood=1/arcana=1" },
  };

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autofree char *name_f = g_strdup_printf ("new-replay-%u-f.json", v);
      g_autofree char *name_g = g_strdup_printf ("new-replay-%u-g.json", v);
      g_autofree char *f = tmp_path (name_f);
      g_autofree char *g = tmp_path (name_g);
      g_autofree char *log = NULL, *show_f = NULL;
      g_auto(PenCliResult) r = { 0, };

      cli (&r, NULL, "new", variants[v][0], variants[v][1], "--seed", "123", "--out", f,
           variants[v][2], variants[v][3], variants[v][4], variants[v][5], NULL);
      pen_test_assert_cli_ok (&r);
      pen_cli_result_clear (&r);
      /* the same input in both modes: the table's faces are given */
      cli (&r, "{\"action\": \"turn-start\", \"kind\": \"study\"}\n"
               "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\", \"value\": 4}\n"
               "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0}\n"
               "{\"action\": \"threat\", \"wizard\": 0, \"dice\": [3, 5]}\n"
               "{\"action\": \"turn-end\"}\n", "apply", f, NULL);
      pen_test_assert_cli_ok (&r);
      g_assert_cmpstr (r.out, ==, "applied 2\napplied 3\napplied 4\napplied 5\napplied 6\n");
      pen_cli_result_clear (&r);
      cli (&r, NULL, "log", f, NULL);
      pen_test_assert_cli_ok (&r);
      log = g_steal_pointer (&r.out);
      pen_cli_result_clear (&r);
      /* the table says its market cards: the Brewery's start unknown */
      if (variants[v][3] != NULL && g_str_equal (variants[v][3], "--table-markets"))
        g_assert_nonnull (strstr (log, "\"brewery\":[null,null]"));
      cli (&r, log, "apply", g, NULL);
      pen_test_assert_cli_ok (&r);
      pen_cli_result_clear (&r);
      cli (&r, NULL, "show", f, NULL);
      pen_test_assert_cli_ok (&r);
      show_f = g_steal_pointer (&r.out);
      pen_cli_result_clear (&r);
      cli (&r, NULL, "show", g, NULL);
      pen_test_assert_cli_ok (&r);
      g_assert_cmpstr (r.out, ==, show_f);
    }
}

/* --start-cards, --start-ingredients: each player's starting Discipline card (a named one,
 * or "discipline" for one the catalogue cannot name) and Ingredients, added to the game the
 * seed deals (S12); bad ones are refused and write nothing */
static void
test_new_start (void)
{
  g_autofree char *f = tmp_path ("new-start-f.json");
  g_autofree char *g = tmp_path ("new-start-g.json");
  g_autofree char *bad = tmp_path ("new-start-bad.json");
  g_auto(PenCliResult) r = { 0, };
  g_autoptr(JsonObject) with = NULL, without = NULL;
  JsonArray *players_with, *players_without;

  cli (&r, NULL, "new", "--players", "2", "--seed", "7", "--start-cards",
       "unity-with-nature,discipline", "--start-ingredients", "fruit=2,blood=1/", "--out", f,
       NULL);
  pen_test_assert_cli_ok (&r);
  with = parse_object (r.out);
  pen_cli_result_clear (&r);
  cli (&r, NULL, "new", "--players", "2", "--seed", "7", "--out", g, NULL);
  pen_test_assert_cli_ok (&r);
  without = parse_object (r.out);
  pen_cli_result_clear (&r);
  players_with = json_object_get_array_member (with, "players");
  players_without = json_object_get_array_member (without, "players");
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *a = json_array_get_object_element (players_with, i);
      JsonObject *b = json_array_get_object_element (players_without, i);
      JsonArray *cards_a = json_object_get_array_member (a, "cards");
      JsonArray *cards_b = json_object_get_array_member (b, "cards");
      JsonObject *ing = json_object_get_object_member (a, "ingredients");
      JsonObject *added;

      /* the same Talent as the seed deals, and one card more */
      g_assert_cmpuint (json_array_get_length (cards_a), ==, json_array_get_length (cards_b) + 1);
      g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (cards_a, 0),
                                                      "id"), ==,
                       json_object_get_string_member (json_array_get_object_element (cards_b, 0),
                                                      "id"));
      added = json_array_get_object_element (cards_a, json_array_get_length (cards_a) - 1);
      g_assert_cmpstr (json_object_get_string_member (added, "zone"), ==, "grimoire");
      if (i == 0)
        {
          g_assert_cmpstr (json_object_get_string_member (added, "id"), ==,
                           "unity-with-nature");
          g_assert_cmpint (json_object_get_int_member (ing, "fruit"), ==, 2);
          g_assert_cmpint (json_object_get_int_member (ing, "blood"), ==, 1);
        }
      else
        {
          g_assert_true (g_str_has_prefix (json_object_get_string_member (added, "id"),
                                           "discipline#"));
          g_assert_cmpint (json_object_get_int_member (ing, "fruit"), ==, 0);
        }
    }

  /* one per player; an ingredient by its name, 0 to 12; a Discipline card */
  cli (&r, NULL, "new", "--players", "2", "--start-cards", "discipline", "--out", bad, NULL);
  assert_cli_error (&r, "--start-cards");
  pen_cli_result_clear (&r);
  cli (&r, NULL, "new", "--players", "2", "--start-ingredients", "fruit=13/", "--out", bad,
       NULL);
  assert_cli_error (&r, "--start-ingredients");
  pen_cli_result_clear (&r);
  cli (&r, NULL, "new", "--players", "1", "--start-ingredients", "gold=1", "--out", bad, NULL);
  assert_cli_error (&r, "--start-ingredients");
  pen_cli_result_clear (&r);
  cli (&r, NULL, "new", "--players", "2", "--start-cards", "goldeater,discipline", "--out", bad,
       NULL);
  assert_cli_error (&r, "$.start[0].card");
  pen_cli_result_clear (&r);
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
}

/* Names with quotes, backslashes, control characters and Cyrillic survive log and replay */
static void
test_replay_odd_names (void)
{
  g_autofree char *f = tmp_path ("names-f.json");
  g_autofree char *g = tmp_path ("names-g.json");
  g_autofree char *log = NULL, *show_f = NULL;
  g_auto(PenCliResult) r = { 0, };
  const char *input =
    "{\"action\": \"new-game\", \"players\": [\"\u0410\u043d\u043d\u0430 \\\"Q\\\"\","
    " \"back\\\\slash\\ttab\\u0007\"], \"seed\": 99}\n"
    "{\"action\": \"turn-start\", \"kind\": \"rest\"}\n"
    "{\"action\": \"turn-end\"}\n";

  cli (&r, input, "apply", f, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  cli (&r, NULL, "log", f, NULL);
  pen_test_assert_cli_ok (&r);
  log = g_steal_pointer (&r.out);
  pen_cli_result_clear (&r);
  g_assert_cmpuint (count_lines (log), ==, 3);
  cli (&r, log, "apply", g, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  cli (&r, NULL, "show", f, NULL);
  pen_test_assert_cli_ok (&r);
  show_f = g_steal_pointer (&r.out);
  g_assert_nonnull (strstr (show_f, "\xd0\x90\xd0\xbd\xd0\xbd\xd0\xb0"));   /* Анна */
  pen_cli_result_clear (&r);
  cli (&r, NULL, "show", g, NULL);
  pen_test_assert_cli_ok (&r);
  g_assert_cmpstr (r.out, ==, show_f);
}

/* apply stops at the first refused line: exit 2 naming the line, the lines before it kept */
static void
test_apply_refused_line (void)
{
  g_autofree char *f = tmp_path ("refused.json");
  g_autofree char *input = NULL;
  g_auto(PenCliResult) r = { 0, };
  guint n;

  input = full_game_input (&n);
  cli (&r, input, "apply", f, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);

  {
    static const struct { const char *bad; const char *needle; } bad_lines[] = {
      { "{\"action\": \"mortal-wound\", \"wizard\": 0}", NULL },          /* the second */
      { "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"fruit\","
        " \"count\": 0}", "$.count" },
      { "{\"action\": \"teleport\"}", "teleport" },
      { "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\", \"hue\": 1}", "hue" },
      { "{\"action\": \"die-gain\", \"wizard\": 0,", NULL },             /* broken JSON */
      { "[1, 2, 3]", NULL },
      { "{\"action\": \"new-game\", \"players\": [\"Again\"]}", NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad_lines); i++)
      {
        g_autofree char *before_log = NULL, *after_log = NULL, *text = NULL;
        g_autofree char *expected = NULL, *expected_log = NULL;
        g_autoptr(GString) log_now = NULL;

        cli (&r, NULL, "log", f, NULL);
        pen_test_assert_cli_ok (&r);
        before_log = g_steal_pointer (&r.out);
        pen_cli_result_clear (&r);
        n = count_lines (before_log);

        /* two good lines (one blank line between), the bad one at line 4, a good one after */
        text = g_strdup_printf ("{\"action\": \"mortal-wound\", \"wizard\": 0}\n"
                                "\n"
                                "{\"action\": \"setting\", \"hide_odds\": true}\n"
                                "%s\n"
                                "{\"action\": \"setting\", \"hide_odds\": false}\n",
                                bad_lines[i].bad);
        cli (&r, text, "apply", f, NULL);
        g_test_message ("bad line %s: %s", bad_lines[i].bad, r.err);
        g_assert_cmpint (r.status, ==, 2);
        expected = applied_lines (n + 1, n + 2);
        g_assert_cmpstr (r.out, ==, expected);
        g_assert_true (g_str_has_prefix (r.err, "penumbra-cli: line 4: "));
        g_assert_cmpuint (count_lines (r.err), ==, 1);
        if (bad_lines[i].needle)
          g_assert_nonnull (strstr (r.err, bad_lines[i].needle));
        pen_cli_result_clear (&r);

        cli (&r, NULL, "log", f, NULL);
        pen_test_assert_cli_ok (&r);
        after_log = g_steal_pointer (&r.out);
        pen_cli_result_clear (&r);
        log_now = g_string_new (before_log);
        g_string_append (log_now, "{\"action\":\"mortal-wound\",\"wizard\":0}\n"
                                  "{\"action\":\"setting\",\"hide_odds\":true}\n");
        g_assert_cmpstr (after_log, ==, log_now->str);

        /* one more good line, then back to where this case began */
        cli (&r, "{\"action\": \"setting\", \"hide_odds\": false}\n", "apply", f, NULL);
        pen_test_assert_cli_ok (&r);
        pen_cli_result_clear (&r);
        cli (&r, NULL, "undo", f, NULL);
        pen_test_assert_cli_ok (&r);
        pen_cli_result_clear (&r);
        cli (&r, NULL, "undo", f, NULL);
        pen_test_assert_cli_ok (&r);
        pen_cli_result_clear (&r);
        cli (&r, NULL, "undo", f, NULL);
        pen_test_assert_cli_ok (&r);
        pen_cli_result_clear (&r);
      }
  }

  /* a missing file is only created by a leading new-game */
  {
    g_autofree char *m = tmp_path ("never.json");

    cli (&r, "{\"action\": \"turn-start\", \"kind\": \"study\"}\n", "apply", m, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_cmpstr (r.out, ==, "");
    g_assert_true (g_str_has_prefix (r.err, "penumbra-cli: line 1: "));
    g_assert_false (g_file_test (m, G_FILE_TEST_EXISTS));
    pen_cli_result_clear (&r);
    cli (&r, NULL, "show", m, NULL);
    assert_cli_error (&r, NULL);
  }
}

#define NAME_TRIAL "{\"action\": \"card-identify\", \"card\": \"trial#17\", " \
  "\"as\": \"hollow-bell\", \"entry\": {\"name\": {\"en\": \"Hollow Bell\"}}, " \
  "\"values\": {\"difficulty\": %d}%s}\n"

/* A Trial named with a Difficulty its Fate stack does not hold: exit 2 with the JSON path and
 * the rule stack-difficulty, the file untouched; the stack's Difficulty is taken; the table's
 * override is taken and recorded in the log */
static void
test_stack_difficulty (void)
{
  g_autofree char *f = tmp_path ("stack.json");
  g_autofree char *before = NULL, *after = NULL;
  g_auto(PenCliResult) r = { 0, };

  /* two wizards: a Fate deck built by the rules is three stacks of four; a Rest turn reveals
   * an unnamed Trial from the first, the Difficulty 2 stack */
  cli (&r, "{\"action\": \"new-game\", \"mode\": \"physical\", \"players\": [\"Ann\", "
       "\"Bo\"], \"setup\": {\"trial_row\": [\"goldeater\", \"scrollers\"], "
       "\"prophecies\": [\"end-of-time\"], \"contract_row\": [null, null, null, null], "
       "\"fate_deck\": [null, null, null, null, null, null, null, null, null, null, null, "
       "null]}}\n"
       "{\"action\": \"turn-start\", \"kind\": \"rest\"}\n"
       "{\"action\": \"turn-end\", \"reveal\": \"trial#17\"}\n", "apply", f, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  before = pen_test_file_contents (f);

  {
    g_autofree char *line = g_strdup_printf (NAME_TRIAL, 3, "");

    cli (&r, line, "apply", f, NULL);
  }
  g_assert_cmpint (r.status, ==, 2);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_true (g_str_has_prefix (r.err, "penumbra-cli: line 1: $.values.difficulty: "));
  g_assert_nonnull (strstr (r.err, "(rule stack-difficulty;"));
  g_assert_nonnull (strstr (r.err, "Difficulty 2 stack"));
  pen_cli_result_clear (&r);
  after = pen_test_file_contents (f);
  g_assert_cmpstr (before, ==, after);

  /* overruled: taken, and the log says so */
  {
    g_autofree char *line = g_strdup_printf (NAME_TRIAL, 3,
                                             ", \"override\": [\"stack-difficulty\"]");

    cli (&r, line, "apply", f, NULL);
    pen_test_assert_cli_ok (&r);
    pen_cli_result_clear (&r);
  }
  cli (&r, NULL, "log", f, NULL);
  pen_test_assert_cli_ok (&r);
  g_assert_nonnull (strstr (r.out, "\"override\":[\"stack-difficulty\"]"));
  g_assert_nonnull (strstr (r.out, "\"stack_difficulty\":2"));
  pen_cli_result_clear (&r);
  /* the game reloads from its log */
  cli (&r, NULL, "show", f, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);

  /* undone, the stack's Difficulty is taken without an override */
  cli (&r, NULL, "undo", f, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  {
    g_autofree char *line = g_strdup_printf (NAME_TRIAL, 2, "");

    cli (&r, line, "apply", f, NULL);
    pen_test_assert_cli_ok (&r);
    pen_cli_result_clear (&r);
  }
}

/* A file that is not a valid save: exit 2, one stderr line, empty stdout, the file untouched,
 * whatever the command. */
static void
test_damaged_files (void)
{
  g_autofree char *good_path = tmp_path ("good.json");
  g_autofree char *good = NULL;
  g_autofree char *input = NULL;
  g_autoptr(GArray) bad = NULL;
  g_auto(PenCliResult) r = { 0, };
  guint n;

  input = full_game_input (&n);
  cli (&r, input, "apply", good_path, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  cli (&r, NULL, "undo", good_path, NULL);   /* a redo tail too */
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  good = pen_test_file_contents (good_path);
  bad = bad_saves (good);

  for (guint i = 0; i < bad->len; i++)
    {
      BadSave *b = &g_array_index (bad, BadSave, i);
      g_autofree char *name = g_strdup_printf ("bad-%s.json", b->name);
      g_autofree char *path = tmp_path (name);
      static const char * const commands[] = { "show", "log", "undo", "redo", "apply" };

      g_assert_true (g_file_set_contents (path, b->data, -1, NULL));
      for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
        {
          g_autofree char *after = NULL;
          gsize len = 0;

          cli (&r, "{\"action\": \"setting\", \"hide_odds\": true}\n", commands[c], path, NULL);
          g_test_message ("%s %s: %s", commands[c], b->name, r.err);
          assert_cli_error (&r, NULL);
          if (b->code == PEN_ERROR_NEWER)
            g_assert_nonnull (strstr (r.err, "newer version"));
          else
            g_assert_true (strstr (r.err, "damaged") || strstr (r.err, "not a Penumbra"));
          pen_cli_result_clear (&r);
          g_file_get_contents (path, &after, &len, NULL);
          g_assert_cmpuint (len, ==, strlen (b->data));
          g_assert_cmpstr (after, ==, b->data);
        }
      cli (&r, NULL, "new", "--players", "2", "--out", path, NULL);
      assert_cli_error (&r, NULL);
      pen_cli_result_clear (&r);
      g_unlink (path);
    }

  /* FILE arguments */
  cli (&r, NULL, "show", NULL);
  assert_cli_error (&r, NULL);
  pen_cli_result_clear (&r);
  cli (&r, NULL, "show", good_path, good_path, NULL);
  assert_cli_error (&r, NULL);
  pen_cli_result_clear (&r);
  cli (&r, NULL, "show", tmp_dir, NULL);
  assert_cli_error (&r, NULL);
  pen_cli_result_clear (&r);
  {
    g_autofree char *after = pen_test_file_contents (good_path);
    g_assert_cmpstr (after, ==, good);
  }
}

/* A Trial path whose task is WITHSTAND THREAT at a real table (session 13): trial-take is
 * refused with exit 2, the message naming $.withstand as every needs-faces does, until the
 * table says the Threat dice; given, the pass is applied with them and the file keeps them */
static void
test_trial_withstand (void)
{
  g_autofree char *f = tmp_path ("trial-withstand.json");
  g_autofree char *before = NULL, *after = NULL;
  g_auto(PenCliResult) r = { 0, };

  cli (&r, "{\"action\": \"new-game\", \"mode\": \"physical\", \"table_rolls\": true, "
       "\"players\": [\"Ann\", \"Bo\"], \"setup\": {\"trial_row\": [\"goldeater\", "
       "\"scrollers\"], \"prophecies\": [\"end-of-time\"], \"fate_deck\": [\"aranea\", "
       "\"fresh-batch\"]}}\n"
       "{\"action\": \"card-identify\", \"card\": \"scrollers\", \"values\": {\"task\": "
       "{\"dark\": {\"kind\": \"withstand\", \"threat\": 2}}}}\n"
       "{\"action\": \"turn-start\", \"kind\": \"trial\"}\n"
       "{\"action\": \"threat\", \"wizard\": 0, \"dice\": [6], \"trial\": {\"index\": 1}}\n",
       "apply", f, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  before = pen_test_file_contents (f);

  cli (&r, "{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 1, \"path\": \"dark\"}\n",
       "apply", f, NULL);
  assert_cli_error (&r, "line 1: $.withstand: ");
  pen_cli_result_clear (&r);
  after = pen_test_file_contents (f);
  g_assert_cmpstr (before, ==, after);

  cli (&r, "{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 1, \"path\": \"dark\", "
       "\"withstand\": [6, 6]}\n", "apply", f, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  cli (&r, NULL, "log", f, NULL);
  pen_test_assert_cli_ok (&r);
  g_assert_nonnull (strstr (r.out, "\"path\":\"dark\",\"withstand\":[6,6]"));
}

/* DEFEND before that Threat (session 13): a Yellow die of the supply discarded ("defend")
 * discards one Threat die, so the table says one face, not two; a die that is not Yellow is
 * refused by the rule "defend"; the file keeps the dice named */
static void
test_trial_withstand_defend (void)
{
  g_autofree char *f = tmp_path ("trial-withstand-defend.json");
  g_autofree char *before = NULL, *after = NULL;
  g_auto(PenCliResult) r = { 0, };

  cli (&r, "{\"action\": \"new-game\", \"mode\": \"physical\", \"table_rolls\": true, "
       "\"players\": [\"Ann\", \"Bo\"], \"setup\": {\"trial_row\": [\"goldeater\", "
       "\"scrollers\"], \"prophecies\": [\"end-of-time\"], \"fate_deck\": [\"aranea\", "
       "\"fresh-batch\"]}}\n"
       "{\"action\": \"card-identify\", \"card\": \"scrollers\", \"values\": {\"task\": "
       "{\"dark\": {\"kind\": \"withstand\", \"threat\": 2}}}}\n"
       "{\"action\": \"turn-start\", \"kind\": \"trial\"}\n"
       "{\"action\": \"threat\", \"wizard\": 0, \"dice\": [6], \"trial\": {\"index\": 1}}\n"
       "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"yellow\", \"value\": 3}\n",
       "apply", f, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  before = pen_test_file_contents (f);

  /* Ann's supply: the three dice she began with, then the Yellow 3 */
  cli (&r, "{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 1, \"path\": \"dark\", "
       "\"defend\": [0], \"withstand\": [6]}\n", "apply", f, NULL);
  assert_cli_error (&r, "(rule defend;");
  pen_cli_result_clear (&r);
  cli (&r, "{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 1, \"path\": \"dark\", "
       "\"defend\": [3], \"withstand\": [6, 6]}\n", "apply", f, NULL);
  assert_cli_error (&r, "line 1: $.withstand: ");
  pen_cli_result_clear (&r);
  after = pen_test_file_contents (f);
  g_assert_cmpstr (before, ==, after);

  cli (&r, "{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 1, \"path\": \"dark\", "
       "\"defend\": [3], \"withstand\": [6]}\n", "apply", f, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  cli (&r, NULL, "log", f, NULL);
  pen_test_assert_cli_ok (&r);
  g_assert_nonnull (strstr (r.out, "\"defend\":[3]"));
  g_assert_nonnull (strstr (r.out, "\"withstand\":[6]"));
}

/* A Trial's reward cards through the CLI (play finding E2, session 14): "reward_cards" with
 * no "card" deals the top of the Artifact deck (app-dealt), the log keeps which, "show" has it
 * in Ann's play area; a Shop card taken refills the Shop */
static void
test_trial_reward_cards (void)
{
  g_autofree char *f = tmp_path ("trial-reward-cards.json");
  g_auto(PenCliResult) r = { 0, };

  cli (&r, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 3, "
       "\"setup\": {\"trial_row\": [\"goldeater\", \"scrollers\"], \"prophecies\": "
       "[\"end-of-time\"], \"fate_deck\": [\"aranea\", \"fresh-batch\"], \"markets\": "
       "{\"shop\": [\"wand-of-everwood\", \"ringing-staff\"]}, \"market_decks\": {\"shop\": "
       "[\"pulsing-staff\", \"thorny-patch\"]}}}\n"
       "{\"action\": \"card-identify\", \"card\": \"goldeater\", \"values\": {\"task\": "
       "{\"light\": {\"kind\": \"discard-ingredients\", \"ingredients\": {\"crystal\": 1}}}, "
       "\"reward\": {\"light\": {\"cards\": [\"artifact\", \"artifact\"]}}}}\n"
       "{\"action\": \"turn-start\", \"kind\": \"trial\"}\n"
       "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"crystal\", "
       "\"count\": 1}\n"
       "{\"action\": \"threat\", \"wizard\": 0, \"dice\": [1], \"trial\": {\"index\": 0}}\n",
       "apply", f, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);

  cli (&r, "{\"action\": \"trial-take\", \"wizard\": 0, \"index\": 0, \"path\": \"light\", "
       "\"reward_cards\": [{\"kind\": \"artifact\", \"card\": \"ringing-staff\"}, "
       "{\"kind\": \"artifact\"}]}\n", "apply", f, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  cli (&r, NULL, "log", f, NULL);
  pen_test_assert_cli_ok (&r);
  g_test_message ("%s", r.out);
  /* the Shop's card refilled by the deck's top, then the deck's next card dealt */
  g_assert_nonnull (strstr (r.out, "\"reward_cards\":[{\"kind\":\"artifact\",\"card\":"
                                   "\"ringing-staff\",\"from\":\"market\",\"reveal\":"
                                   "\"pulsing-staff\"},{\"kind\":\"artifact\",\"card\":"
                                   "\"thorny-patch\",\"from\":\"deck\"}]"));
  pen_cli_result_clear (&r);
  cli (&r, NULL, "show", f, NULL);
  pen_test_assert_cli_ok (&r);
  g_assert_nonnull (strstr (r.out, "ringing-staff"));
  g_assert_nonnull (strstr (r.out, "thorny-patch"));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = game_test_init (&argc, &argv);
  int ret;

  tmp_dir = g_build_filename (dir, "files", NULL);
  g_mkdir_with_parents (tmp_dir, 0700);

  g_test_add_func ("/penumbra/cli-game/new", test_new);
  g_test_add_func ("/penumbra/cli-game/apply-log-replay", test_apply_log_replay);
  g_test_add_func ("/penumbra/cli-game/new-log-replay", test_new_log_replay);
  g_test_add_func ("/penumbra/cli-game/new-start", test_new_start);
  g_test_add_func ("/penumbra/cli-game/new-physical-start-dice", test_new_physical_start_dice);
  g_test_add_func ("/penumbra/cli-game/replay-odd-names", test_replay_odd_names);
  g_test_add_func ("/penumbra/cli-game/apply-refused-line", test_apply_refused_line);
  g_test_add_func ("/penumbra/cli-game/damaged-files", test_damaged_files);
  g_test_add_func ("/penumbra/cli-game/stack-difficulty", test_stack_difficulty);
  g_test_add_func ("/penumbra/cli-game/trial-reward-cards", test_trial_reward_cards);
  g_test_add_func ("/penumbra/cli-game/trial-withstand", test_trial_withstand);
  g_test_add_func ("/penumbra/cli-game/trial-withstand-defend", test_trial_withstand_defend);

  ret = g_test_run ();
  pen_test_remove_tree (dir);
  g_free (tmp_dir);
  return ret;
}
