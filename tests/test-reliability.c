/* test-reliability.c: nothing acknowledged is lost, nothing crashes (docs/reliability.md)
 *
 * Hostile JSON, failing disks (through the fault hook of pen-file.c), two writers at once and
 * processes killed in the middle of a game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <sys/stat.h>
#include <utime.h>

#include "game-test-common.h"
#include "pen-test-utils.h"
#include "pen-archive.h"
#include "pen-board-layout.h"
#include "pen-catalog.h"
#include "pen-file.h"
#include "pen-score.h"
#include "pen-solo-sim.h"

static char *tmp_dir;

static PenScoreSheet *
sheet_for (const char *name)
{
  g_autofree char *text = g_strdup_printf ("{\"players\": [{\"name\": \"%s\", \"arcana\": 3}]}",
                                           name);
  g_autoptr(JsonNode) node = pen_json_parse (text, -1, NULL);
  g_autoptr(PenScoreRules) rules = pen_score_rules_new_default ();
  g_autoptr(PenScoreInput) input = NULL;
  g_autoptr(GError) error = NULL;

  input = pen_score_input_from_json (node, "$", rules, &error);
  g_assert_no_error (error);
  return pen_score_compute (input);
}


static GSubprocessLauncher *
launcher_new (const char *fault,
              const char *input)
{
  GSubprocessLauncher *launcher = pen_test_cli_launcher (tmp_dir, input);

  if (fault != NULL)
    g_subprocess_launcher_setenv (launcher, "PENUMBRA_FAULT", fault, TRUE);
  else
    g_subprocess_launcher_unsetenv (launcher, "PENUMBRA_FAULT");
  return launcher;
}


/* Runs penumbra-cli with args (NULL-terminated), input on stdin, PENUMBRA_FAULT=fault */
static void
cli (PenCliResult *result,
     const char   *fault,
     const char   *input,
     const char   *first,
     ...)
{
  g_autoptr(GSubprocessLauncher) launcher = launcher_new (fault, input);
  g_autoptr(GSubprocess) proc = NULL;
  va_list args;

  va_start (args, first);
  proc = pen_test_cli_spawn (launcher, first, args);
  va_end (args);
  pen_test_cli_finish (proc, result);
}

static void
assert_cli_error (PenCliResult *r,
                  const char   *needle)
{
  if (r->status != 2)
    g_error ("exit status %d, expected 2 (stderr: %s)", r->status, r->err);
  g_assert_true (g_str_has_prefix (r->err, "penumbra-cli: "));
  g_assert_nonnull (strchr (r->err, '\n'));
  g_assert_true (strchr (r->err, '\n')[1] == '\0');
  if (needle != NULL && strstr (r->err, needle) == NULL)
    g_error ("stderr \"%s\" does not name \"%s\"", r->err, needle);
}

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

/* The names in dir other than the given ones (a leftover temporary file, say) */
static char *
other_files (const char *dir,
             const char *keep1,
             const char *keep2)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  GString *s = g_string_new (NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)) != NULL)
    if (g_strcmp0 (name, keep1) != 0 && g_strcmp0 (name, keep2) != 0
        && !g_str_has_suffix (name, ".lock") && !g_str_has_prefix (name, "stdin-"))
      g_string_append_printf (s, "%s ", name);
  return g_string_free (s, FALSE);
}

static char *
nested (guint       depth,
        const char *open,
        const char *inner,
        const char *close)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < depth; i++)
    g_string_append (s, open);
  g_string_append (s, inner);
  for (guint i = 0; i < depth; i++)
    g_string_append (s, close);
  return g_string_free (s, FALSE);
}

/* ---- 1 and 5: hostile JSON ---- */

static void
test_json_strict (void)
{
  static const struct { const char *json; const char *message; } bad[] = {
    /* 5: integers beyond 64 bits used to wrap into valid values */
    { "{\"arcana\": -18446744073709551611}", "$.arcana: -18446744073709551611 is out of range" },
    { "{\"value\": -18446744073709551613}", "$.value: -18446744073709551613 is out of range" },
    { "{\"a\": [0, 9223372036854775808]}", "$.a[1]: 9223372036854775808 is out of range" },
    { "{\"a\": 1e999}", "$.a: 1e999 is out of range" },
    { "{\"a\": 1, \"b\": 2, \"a\": 3}", "$.a: duplicate key" },
    { "{\"a\": {\"x\": 1, \"\\u0078\": 2}}", "$.a.x: duplicate key" },
    { "{\"a\": \"x\\u0000y\"}", "$.a: a string holds a NUL character" },
    { "[\"\\ud800\"]", "$[0]: a string holds an unpaired surrogate" },
    { "[\"\\udc00\\ud800\"]", "$[0]: a string holds an unpaired surrogate" },
    { "{\"a\": 1} x", "$: malformed JSON: 1:10: unexpected 'x'" },
    { "{\"a\": 01}", "$: malformed JSON" },
    { "{'a': 1}", "$: malformed JSON" },
    { "[1, ]", "$: malformed JSON" },
    { "{\"a\": \"tab\there\"}", "$: malformed JSON" },
    { "", "$: empty input" },
    { " \n ", "$: empty input" },
    { "\xef\xbb\xbf{}", "$: malformed JSON" },
    { "[\"\xc3\x28\"]", "$: the input is not valid UTF-8 (at byte 2)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) node = pen_json_parse (bad[i].json, -1, &error);

      g_assert_null (node);
      g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
      if (!g_str_has_prefix (error->message, bad[i].message))
        g_error ("%s: \"%s\", expected \"%s...\"", bad[i].json, error->message, bad[i].message);
    }

  /* a duplicate among many keys (checked with a hash table) */
  {
    g_autoptr(GString) many = g_string_new ("{");
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = NULL;

    for (guint i = 0; i < 40; i++)
      g_string_append_printf (many, "\"k%u\": %u, ", i, i);
    g_string_append (many, "\"inner\": {\"k7\": 1}, \"k7\": 0}");
    node = pen_json_parse (many->str, -1, &error);
    g_assert_null (node);
    g_assert_cmpstr (error->message, ==, "$.k7: duplicate key");
  }

  /* a NUL byte inside the given length */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = pen_json_parse ("{\"a\": 1}\0{}", 11, &error);

    g_assert_null (node);
    g_assert_cmpstr (error->message, ==, "$: the input holds a NUL byte (at byte 8)");
  }

  /* the edges are read exactly */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = pen_json_parse ("{\"max\": 9223372036854775807, \"min\": "
                                               "-9223372036854775808, \"s\": \"\\ud83d\\ude00\"}",
                                               -1, &error);
    JsonObject *obj;

    g_assert_no_error (error);
    obj = json_node_get_object (node);
    g_assert_cmpint (json_object_get_int_member (obj, "max"), ==, G_MAXINT64);
    g_assert_cmpint (json_object_get_int_member (obj, "min"), ==, G_MININT64);
    g_assert_cmpstr (json_object_get_string_member (obj, "s"), ==, "\xf0\x9f\x98\x80");
  }
}

static void
test_json_depth (void)
{
  g_autofree char *ok = nested (PEN_JSON_MAX_DEPTH, "[", "1", "]");
  g_autofree char *deep = nested (PEN_JSON_MAX_DEPTH + 1, "[", "1", "]");
  g_autofree char *hostile = nested (100000, "[", "", "");
  g_autofree char *objects = nested (100000, "{\"k\":", "1", "}");
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;

  node = pen_json_parse (ok, -1, &error);
  g_assert_no_error (error);
  g_clear_pointer (&node, json_node_unref);

  node = pen_json_parse (deep, -1, &error);
  g_assert_null (node);
  g_assert_cmpstr (error->message, ==, "$[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]"
                   "[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]"
                   "[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: nested "
                   "deeper than 64 levels");
  g_clear_error (&error);

  /* 1: this crashed json-glib's parser (stack overflow) */
  node = pen_json_parse (hostile, -1, &error);
  g_assert_null (node);
  g_assert_nonnull (strstr (error->message, "nested deeper than 64 levels"));
  g_clear_error (&error);
  node = pen_json_parse (objects, -1, &error);
  g_assert_null (node);
  g_assert_true (g_str_has_prefix (error->message, "$.k.k.k.k"));
  g_clear_error (&error);

  /* and as a save */
  {
    g_autoptr(PenGame) game = pen_game_load_from_data (hostile, strlen (hostile), &error);

    g_assert_null (game);
    g_assert_error (error, PEN_ERROR, PEN_ERROR_CORRUPT);
  }
}

/* 1: every JSON-reading command, an apply line and a loaded save, with deep nesting */
static void
test_cli_deep (void)
{
  /* every command that reads a JSON document */
  static const char * const commands[] = { "threat-odds", "threat-resolve", "task", "score" };
  g_autofree char *hostile = nested (100000, "[", "", "");
  g_autofree char *line = g_strconcat ("{\"action\": \"setting\", \"hide_odds\": ", hostile,
                                       "}\n", NULL);
  g_autofree char *save = tmp_path ("deep.json");
  g_autofree char *good = tmp_path ("deep-good.json");
  g_autofree char *before = NULL, *after = NULL;
  g_auto(PenCliResult) r = { 0, };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      cli (&r, NULL, hostile, commands[i], NULL);
      assert_cli_error (&r, "nested deeper than 64 levels");
      pen_cli_result_clear (&r);
    }

  cli (&r, NULL, NULL, "new", "--players", "2", "--out", good, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  before = pen_test_file_contents (good);
  cli (&r, NULL, line, "apply", good, NULL);
  assert_cli_error (&r, "line 1: $.hide_odds");
  pen_cli_result_clear (&r);
  after = pen_test_file_contents (good);
  g_assert_cmpstr (before, ==, after);

  /* a NUL in a line is refused, not read as the end of it */
  {
    g_autofree char *in_path = tmp_path ("nul-line.txt");
    static const char nul_line[] = "{\"action\": \"setting\", \"hide_odds\": true}\0junk\n";
    g_autoptr(GSubprocessLauncher) launcher = NULL;
    g_autoptr(GSubprocess) proc = NULL;
    g_autoptr(GError) error = NULL;
    g_auto(PenCliResult) nr = { 0, };

    g_assert_true (g_file_set_contents (in_path, nul_line, sizeof nul_line - 1, NULL));
    launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                          | G_SUBPROCESS_FLAGS_STDERR_PIPE);
    g_subprocess_launcher_set_stdin_file_path (launcher, in_path);
    proc = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("PENUMBRA_CLI"), "apply", good,
                                        NULL);
    g_assert_no_error (error);
    pen_test_cli_finish (proc, &nr);
    assert_cli_error (&nr, "line 1: $: the line holds a NUL byte");
    g_clear_pointer (&after, g_free);
    after = pen_test_file_contents (good);
    g_assert_cmpstr (before, ==, after);
  }

  g_assert_true (g_file_set_contents (save, hostile, -1, NULL));
  for (guint i = 0; i < 5; i++)
    {
      static const char * const game_commands[] = { "show", "log", "undo", "redo", "apply" };

      cli (&r, NULL, "", game_commands[i], save, NULL);
      assert_cli_error (&r, "the save is damaged");
      pen_cli_result_clear (&r);
    }

  /* 5: a die value beyond 64 bits is refused, not logged as 3 */
  cli (&r, NULL, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\", \"value\": "
       "-18446744073709551613}\n", "apply", good, NULL);
  assert_cli_error (&r, "$.value: -18446744073709551613 is out of range");
  pen_cli_result_clear (&r);
}

/* ---- 2 and 4: failing disks ---- */

typedef struct
{
  const char *fault;
  const char *cause;
} Fault;

static const Fault faults[] = {
  { "write:ENOSPC", "No space left on device" },
  { "open:EACCES", "Permission denied" },
  { "open:EROFS", "Read-only file system" },
  { "fsync:EIO", "Input/output error" },
  { "rename:EROFS", "Read-only file system" },
};

static void
test_cli_faults (void)
{
  g_autofree char *path = tmp_path ("full.json");
  g_autofree char *fresh = tmp_path ("fresh.json");
  g_auto(PenCliResult) r = { 0, };

  cli (&r, NULL, NULL, "new", "--players", "2", "--seed", "3", "--out", path, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  cli (&r, NULL, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\"}\n"
       "{\"action\": \"die-gain\", \"wizard\": 1, \"color\": \"red\"}\n", "apply", path, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  cli (&r, NULL, NULL, "undo", path, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);

  for (guint f = 0; f < G_N_ELEMENTS (faults); f++)
    {
      static const char * const changes[][2] = {
        { "undo", NULL }, { "redo", NULL },
        { "apply", "{\"action\": \"setting\", \"hide_odds\": true}\n" },
      };
      g_autofree char *before = pen_test_file_contents (path);

      for (guint c = 0; c < G_N_ELEMENTS (changes); c++)
        {
          g_autofree char *after = NULL, *left = NULL;

          /* 2: undo on a full disk used to report success and empty the save */
          cli (&r, faults[f].fault, changes[c][1], changes[c][0], path, NULL);
          g_test_message ("%s under %s: %s", changes[c][0], faults[f].fault, r.err);
          assert_cli_error (&r, faults[f].cause);
          g_assert_nonnull (strstr (r.err, "full.json"));
          g_assert_nonnull (strstr (r.err, "cannot save"));
          if (g_str_equal (changes[c][0], "apply"))
            g_assert_cmpstr (r.out, ==, "");
          pen_cli_result_clear (&r);
          after = pen_test_file_contents (path);
          g_assert_cmpstr (after, ==, before);
          left = other_files (tmp_dir, "full.json", "deep-good.json");
          g_assert_true (strstr (left, ".tmp") == NULL);
        }

      /* 4: the first save of a new file leaves no file at all when it fails */
      cli (&r, faults[f].fault, NULL, "new", "--players", "2", "--out", fresh, NULL);
      assert_cli_error (&r, faults[f].cause);
      pen_cli_result_clear (&r);
      g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));
      cli (&r, faults[f].fault, "{\"action\": \"new-game\", \"players\": [\"A\"]}\n", "apply",
           fresh, NULL);
      assert_cli_error (&r, faults[f].cause);
      pen_cli_result_clear (&r);
      g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));
    }

  /* a failing fsync of the folder is reported too (the new file is in place) */
  cli (&r, "dir-fsync:EIO", NULL, "undo", path, NULL);
  assert_cli_error (&r, "Input/output error");
  pen_cli_result_clear (&r);

  /* the third line's save fails: the two before it are kept and acknowledged, not the third */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(PenGame) game = NULL;
    g_autoptr(GFile) file = g_file_new_for_path (path);
    guint before;

    game = pen_game_load (file, &error);
    g_assert_no_error (error);
    before = pen_game_get_position (game);
    g_clear_object (&game);
    cli (&r, "write:ENOSPC:3", "{\"action\": \"setting\", \"hide_odds\": true}\n"
         "{\"action\": \"setting\", \"hide_odds\": false}\n"
         "{\"action\": \"setting\", \"hide_odds\": true}\n"
         "{\"action\": \"setting\", \"hide_odds\": false}\n", "apply", path, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "line 3: "));
    g_assert_nonnull (strstr (r.err, "No space left on device"));
    {
      g_autofree char *expected = g_strdup_printf ("applied %u\napplied %u\n", before + 1,
                                                   before + 2);
      g_assert_cmpstr (r.out, ==, expected);
    }
    pen_cli_result_clear (&r);
    game = pen_game_load (file, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (pen_game_get_position (game), ==, before + 2);
  }
}

/* In-process: the app's autosave, the user catalogue and board files, the archive */
static void
test_save_paths_faults (void)
{
  g_autofree char *path = tmp_path ("app.json");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;

  pen_game_set_file (game, file);
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": [\"A\", "
                                       "\"B\"], \"seed\": 5}", &error));
  g_assert_no_error (error);
  g_assert_null (pen_game_get_save_error (game));
  saved = pen_test_file_contents (path);

  for (guint f = 0; f < G_N_ELEMENTS (faults); f++)
    {
      static const PenFileFault stages[] = { PEN_FILE_FAULT_WRITE, PEN_FILE_FAULT_OPEN,
                                             PEN_FILE_FAULT_OPEN, PEN_FILE_FAULT_FSYNC,
                                             PEN_FILE_FAULT_RENAME };
      static const int errnos[] = { ENOSPC, EACCES, EROFS, EIO, EROFS };
      g_autofree char *after = NULL;
      guint position = pen_game_get_position (game);

      pen_file_set_fault (stages[f], errnos[f]);
      /* the change is made; the banner says it is not saved yet */
      g_assert_true (pen_game_submit_json (game, "{\"action\": \"die-gain\", \"wizard\": 0, "
                                           "\"color\": \"red\"}", &error));
      g_assert_no_error (error);
      g_assert_cmpuint (pen_game_get_position (game), ==, position + 1);
      g_assert_nonnull (pen_game_get_save_error (game));
      g_assert_nonnull (strstr (pen_game_get_save_error (game)->message, faults[f].cause));
      after = pen_test_file_contents (path);
      g_assert_cmpstr (after, ==, saved);
      /* undo and redo are no different */
      g_assert_true (pen_game_undo (game));
      g_assert_nonnull (pen_game_get_save_error (game));
      g_assert_true (pen_game_redo (game, &error));
      g_assert_nonnull (pen_game_get_save_error (game));
      g_clear_pointer (&after, g_free);
      after = pen_test_file_contents (path);
      g_assert_cmpstr (after, ==, saved);
      g_assert_false (pen_game_retry_save (game));

      /* the disk is back: the retry saves it */
      pen_file_set_fault (PEN_FILE_FAULT_NONE, 0);
      g_assert_true (pen_game_retry_save (game));
      g_assert_null (pen_game_get_save_error (game));
      g_free (saved);
      saved = pen_test_file_contents (path);
      {
        g_autoptr(PenGame) again = pen_game_load (file, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (pen_game_get_position (again), ==, position + 1);
      }
    }

  /* user files: the catalogue answers, the board values, an archived game */
  {
    g_autofree char *cards = tmp_path ("user-cards.json");
    g_autofree char *board = tmp_path ("user-board.json");
    g_autoptr(PenCatalog) catalog = pen_catalog_new (cards);
    g_autoptr(PenBoardLayout) layout = pen_board_layout_new (board);
    g_autoptr(JsonNode) value = json_node_init_int (json_node_alloc (), 4);
    g_autoptr(JsonNode) card_node = pen_json_parse ("{\"id\": \"cup-day\", \"type\": \"event\", "
                                                    "\"name\": {\"en\": \"Cup Day\"}}", -1,
                                                    NULL);
    JsonObject *card = json_node_get_object (card_node);
    g_autofree char *archive_path = tmp_path ("archive");
    g_autoptr(GFile) archive = g_file_new_for_path (archive_path);
    g_autofree char *cards_before = NULL, *board_before = NULL;

    g_assert_true (pen_catalog_add_user_card (catalog, card, &error));
    g_assert_no_error (error);
    g_assert_true (pen_board_layout_set_user_value (layout, 0, "value", value, &error));
    g_assert_no_error (error);
    cards_before = pen_test_file_contents (cards);
    board_before = pen_test_file_contents (board);
    g_assert_nonnull (cards_before);
    g_assert_nonnull (board_before);

    for (guint f = 0; f < G_N_ELEMENTS (faults); f++)
      {
        static const PenFileFault stages[] = { PEN_FILE_FAULT_WRITE, PEN_FILE_FAULT_OPEN,
                                               PEN_FILE_FAULT_OPEN, PEN_FILE_FAULT_FSYNC,
                                               PEN_FILE_FAULT_RENAME };
        static const int errnos[] = { ENOSPC, EACCES, EROFS, EIO, EROFS };
        g_autoptr(JsonNode) other = json_node_init_int (json_node_alloc (), 5);
        g_autofree char *c = NULL, *b = NULL;
        g_autoptr(PenScoreSheet) sheet = NULL;
        g_autoptr(GPtrArray) entries = NULL;
        g_autoptr(PenArchiveEntry) entry = NULL;

        pen_file_set_fault (stages[f], errnos[f]);
        json_object_set_string_member (card, "id", "cup-night");
        g_assert_false (pen_catalog_add_user_card (catalog, card, &error));
        g_assert_nonnull (strstr (error->message, faults[f].cause));
        g_clear_error (&error);
        g_assert_false (pen_board_layout_set_user_value (layout, 0, "value", other, &error));
        g_assert_nonnull (strstr (error->message, faults[f].cause));
        g_clear_error (&error);
        sheet = sheet_for ("Ann");
        entry = pen_archive_add (archive, NULL, sheet, path, &error);
        g_assert_null (entry);
        g_assert_nonnull (strstr (error->message, faults[f].cause));
        g_clear_error (&error);
        pen_file_set_fault (PEN_FILE_FAULT_NONE, 0);

        c = pen_test_file_contents (cards);
        b = pen_test_file_contents (board);
        g_assert_cmpstr (c, ==, cards_before);
        g_assert_cmpstr (b, ==, board_before);
        entries = pen_archive_list (archive, NULL, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (entries->len, ==, 0);
      }
  }
}

/* A killed write leaves its temporary file; the next look at the folder removes it */
static void
test_leftovers (void)
{
  g_autoptr(GFile) dir = pen_game_get_saves_dir ();
  g_autofree char *path = g_file_get_path (dir);
  g_autofree char *old_gio = g_build_filename (path, ".goutputstream-ABC123", NULL);
  g_autofree char *old_ours = g_build_filename (path, ".game-x.json.Q1w2E3.tmp", NULL);
  g_autofree char *fresh = g_build_filename (path, ".game-y.json.R4t5Y6.tmp", NULL);
  g_autofree char *other = g_build_filename (path, ".notes.tmp", NULL);
  struct utimbuf old = { time (NULL) - 3600, time (NULL) - 3600 };
  g_autoptr(GListModel) saves = NULL;

  g_mkdir_with_parents (path, 0700);
  g_assert_true (g_file_set_contents (old_gio, "{\"format\":", -1, NULL));
  g_assert_true (g_file_set_contents (old_ours, "", -1, NULL));
  g_assert_true (g_file_set_contents (fresh, "{", -1, NULL));
  g_assert_true (g_file_set_contents (other, "mine", -1, NULL));
  g_assert_cmpint (utime (old_gio, &old), ==, 0);
  g_assert_cmpint (utime (old_ours, &old), ==, 0);
  g_assert_cmpint (utime (other, &old), ==, 0);

  saves = pen_game_list_saves ();
  g_assert_false (g_file_test (old_gio, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (old_ours, G_FILE_TEST_EXISTS));
  /* a write in progress (a fresh file) and what is not ours stay */
  g_assert_true (g_file_test (fresh, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));
  g_unlink (fresh);
  g_unlink (other);
}

/* ---- 3: two writers ---- */

static GPtrArray *
read_log (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_load (file, &error);
  g_autofree char *lines = NULL;
  g_auto(GStrv) split = NULL;
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  g_assert_no_error (error);
  lines = pen_game_log_to_lines (game);
  split = g_strsplit (lines, "\n", -1);
  for (guint i = 0; split[i] && *split[i]; i++)
    g_ptr_array_add (out, g_strdup (split[i]));
  return out;
}

/* Every "applied N" of out is the line-th of lines at position N of the log */
static guint
check_acknowledged (GPtrArray   *log,
                    const char  *out,
                    const char  *line)
{
  g_auto(GStrv) acks = g_strsplit (out, "\n", -1);
  guint n = 0;

  for (guint i = 0; acks[i] && *acks[i]; i++, n++)
    {
      guint64 position = 0;

      g_assert_true (g_str_has_prefix (acks[i], "applied "));
      position = g_ascii_strtoull (acks[i] + 8, NULL, 10);
      g_assert_cmpuint (position, >=, 1);
      g_assert_cmpuint (position, <=, log->len);
      g_assert_cmpstr (g_ptr_array_index (log, position - 1), ==, line);
    }
  return n;
}

static void
test_two_writers (void)
{
  static const char line_a[] = "{\"action\":\"setting\",\"hide_odds\":true}";
  static const char line_b[] = "{\"action\":\"die-gain\",\"wizard\":1,\"color\":\"red\"}";
  g_autofree char *path = tmp_path ("shared.json");
  g_auto(PenCliResult) r = { 0, };
  GString *in_a = g_string_new (NULL), *in_b = g_string_new (NULL);

  cli (&r, NULL, NULL, "new", "--players", "2", "--out", path, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  for (guint i = 0; i < 20; i++)
    {
      g_string_append_printf (in_a, "%s\n", line_a);
      g_string_append_printf (in_b, "%s\n", line_b);
    }

  for (guint round = 0; round < 3; round++)
    {
      g_autoptr(GSubprocessLauncher) la = launcher_new (NULL, in_a->str);
      g_autoptr(GSubprocessLauncher) lb = launcher_new (NULL, in_b->str);
      g_autoptr(GSubprocess) a = NULL, b = NULL;
      g_auto(PenCliResult) ra = { 0, };
      g_auto(PenCliResult) rb = { 0, };
      g_autoptr(GPtrArray) before = read_log (path);
      g_autoptr(GPtrArray) log = NULL;
      guint acked_a, acked_b;
      const char * const args[] = { "apply", path, NULL };

      /* round 2: the second writer gives up at once */
      if (round == 2)
        g_subprocess_launcher_setenv (lb, "PENUMBRA_LOCK_TIMEOUT_MS", "0", TRUE);
      a = g_subprocess_launcher_spawn (la, NULL, g_getenv ("PENUMBRA_CLI"), args[0], args[1],
                                       NULL);
      b = g_subprocess_launcher_spawn (lb, NULL, g_getenv ("PENUMBRA_CLI"), args[0], args[1],
                                       NULL);
      g_assert_nonnull (a);
      g_assert_nonnull (b);
      pen_test_cli_finish (a, &ra);
      pen_test_cli_finish (b, &rb);
      g_test_message ("round %u: a %d %s, b %d %s", round, ra.status, ra.err, rb.status, rb.err);

      log = read_log (path);
      acked_a = check_acknowledged (log, ra.out, line_a);
      acked_b = check_acknowledged (log, rb.out, line_b);
      /* 3: both used to print applied 2…21 and one side's 20 were lost */
      g_assert_cmpuint (log->len, ==, before->len + acked_a + acked_b);
      for (guint i = 0; i < before->len; i++)
        g_assert_cmpstr (g_ptr_array_index (log, i), ==, g_ptr_array_index (before, i));
      /* a writer either applied all its lines or refused clearly, having applied none */
      for (guint w = 0; w < 2; w++)
        {
          PenCliResult *x = w ? &rb : &ra;
          guint acked = w ? acked_b : acked_a;

          if (x->status == 0)
            g_assert_cmpuint (acked, ==, 20);
          else
            {
              assert_cli_error (x, "another program is changing this game");
              g_assert_cmpuint (acked, ==, 0);
            }
        }
      g_assert_true (ra.status == 0 || rb.status == 0);
    }
  g_string_free (in_a, TRUE);
  g_string_free (in_b, TRUE);

  /* a writer that holds the lock long: the other waits, then refuses clearly */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(PenFileLock) lock = pen_file_lock (path, 0, &error);
    g_autofree char *before = pen_test_file_contents (path);
    g_autofree char *after = NULL;
    static const char * const commands[][2] = {
      { "undo", NULL }, { "redo", NULL }, { "apply", "{\"action\":\"setting\",\"hide_odds\":true}\n" },
    };

    g_assert_no_error (error);
    g_setenv ("PENUMBRA_LOCK_TIMEOUT_MS", "200", TRUE);
    for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
      {
        cli (&r, NULL, commands[c][1], commands[c][0], path, NULL);
        assert_cli_error (&r, "another program is changing this game");
        g_assert_cmpstr (r.out, ==, "");
        pen_cli_result_clear (&r);
      }
    g_unsetenv ("PENUMBRA_LOCK_TIMEOUT_MS");
    after = pen_test_file_contents (path);
    g_assert_cmpstr (after, ==, before);
  }
}

/* The app's door: a game whose file another program changed is not overwritten */
static void
test_changed_on_disk (void)
{
  g_autofree char *path = tmp_path ("app-cli.json");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(PenCliResult) r = { 0, };
  g_autofree char *cli_version = NULL, *after = NULL;

  cli (&r, NULL, NULL, "new", "--players", "2", "--out", path, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  game = pen_game_load (file, &error);
  g_assert_no_error (error);
  g_assert_false (pen_game_changed_on_disk (game));

  cli (&r, NULL, "{\"action\": \"die-gain\", \"wizard\": 1, \"color\": \"red\"}\n", "apply",
       path, NULL);
  pen_test_assert_cli_ok (&r);
  pen_cli_result_clear (&r);
  cli_version = pen_test_file_contents (path);
  g_assert_true (pen_game_changed_on_disk (game));

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"setting\", \"hide_odds\": true}",
                                       &error));
  g_assert_nonnull (pen_game_get_save_error (game));
  g_assert_nonnull (strstr (pen_game_get_save_error (game)->message, "another program"));
  after = pen_test_file_contents (path);
  g_assert_cmpstr (after, ==, cli_version);

  /* reloading gives the other program's action */
  reloaded = pen_game_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pen_game_get_position (reloaded), ==, 2);
  g_assert_false (pen_game_changed_on_disk (reloaded));
  g_assert_true (pen_game_submit_json (reloaded, "{\"action\": \"setting\", \"hide_odds\": "
                                       "true}", &error));
  g_assert_null (pen_game_get_save_error (reloaded));
}

/* The save written by hand holds what the game holds, and reads back to the same game */
static void
test_save_format (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_solo_sim_play (7, 2, &error);
  g_autoptr(PenGame) again = NULL;
  g_autofree char *data = NULL, *lines = NULL, *lines_again = NULL;
  g_autofree char *snapshot = NULL, *saved_snapshot = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonNode) table = NULL;
  JsonObject *obj;
  JsonArray *log;

  g_assert_no_error (error);
  /* a redo tail too */
  g_assert_true (pen_game_undo (game));
  data = pen_game_to_data (game);
  root = pen_json_parse (data, -1, &error);
  g_assert_no_error (error);
  obj = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (obj, "format"), ==, PEN_SAVE_FORMAT);
  g_assert_cmpint (json_object_get_int_member (obj, "version"), ==, PEN_SAVE_VERSION);
  g_assert_cmpint (json_object_get_int_member (obj, "position"), ==,
                   pen_game_get_position (game));
  log = json_object_get_array_member (obj, "log");
  g_assert_cmpuint (json_array_get_length (log), ==,
                    g_list_model_get_n_items (pen_game_get_history (game)));
  for (guint i = 0; i < json_array_get_length (log); i++)
    {
      g_autoptr(PenAction) action = g_list_model_get_item (pen_game_get_history (game), i);
      g_autoptr(JsonNode) expected = pen_action_to_json (action);
      g_autofree char *a = pen_json_to_string (expected, FALSE);
      g_autofree char *b = pen_json_to_string (json_array_get_element (log, i), FALSE);

      g_assert_cmpstr (a, ==, b);
    }
  table = pen_table_to_json (pen_game_get_table (game));
  snapshot = pen_json_to_string (table, FALSE);
  saved_snapshot = pen_json_to_string (json_object_get_member (obj, "snapshot"), FALSE);
  g_assert_cmpstr (snapshot, ==, saved_snapshot);

  again = pen_game_load_from_data (data, strlen (data), &error);
  g_assert_no_error (error);
  lines = pen_game_log_to_lines (game);
  lines_again = pen_game_log_to_lines (again);
  g_assert_cmpstr (lines, ==, lines_again);
  g_assert_cmpuint (pen_game_get_position (again), ==, pen_game_get_position (game));
  g_assert_true (pen_game_get_can_redo (again));
}

/* ---- SIGKILL over whole simulated games ---- */

static GPtrArray *
sim_lines (guint64 seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_solo_sim_play (seed, 1 + seed % 3, &error);
  g_autofree char *text = NULL;
  g_auto(GStrv) split = NULL;
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  g_assert_no_error (error);
  text = pen_game_log_to_lines (game);
  split = g_strsplit (text, "\n", -1);
  for (guint i = 0; split[i] && *split[i]; i++)
    g_ptr_array_add (out, g_strdup (split[i]));
  return out;
}

/* Runs apply on path with lines[from..], kills it (SIGKILL) delay_us after its first
 * acknowledgement (or lets it finish when delay_us < 0); returns the highest position
 * acknowledged, 0 for none */
static guint
apply_and_kill (const char *path,
                GPtrArray  *lines,
                guint       from,
                gint64      delay_us)
{
  GString *input = g_string_new (NULL);
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  guint acked = 0;
  char *line;

  for (guint i = from; i < lines->len; i++)
    g_string_append_printf (input, "%s\n", (char *) g_ptr_array_index (lines, i));
  launcher = launcher_new (NULL, input->str);
  g_string_free (input, TRUE);
  g_subprocess_launcher_set_flags (launcher, G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                             | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  proc = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("PENUMBRA_CLI"), "apply", path,
                                      NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (proc));
  while ((line = g_data_input_stream_read_line (out, NULL, NULL, NULL)) != NULL)
    {
      g_assert_true (g_str_has_prefix (line, "applied "));
      acked = g_ascii_strtoull (line + 8, NULL, 10);
      g_free (line);
      if (delay_us >= 0)
        {
          g_usleep (delay_us);
          g_subprocess_send_signal (proc, SIGKILL);
          delay_us = -1;
        }
    }
  g_subprocess_wait (proc, NULL, NULL);
  return acked;
}

static void
test_sigkill (void)
{
  const char *env = g_getenv ("PENUMBRA_KILL_GAMES");
  guint games = env ? atoi (env) : 40;
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  guint actions = 0, kills = 0;

  for (guint g = 0; g < games; g++)
    {
      g_autoptr(GPtrArray) lines = sim_lines (g);
      g_autofree char *name = g_strdup_printf ("killed-%u.json", g);
      g_autofree char *path = tmp_path (name);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      guint done = 0, round = 0;

      while (done < lines->len)
        {
          /* kills from 0 to 3 ms after an acknowledgement; every fourth run finishes */
          gint64 delay = round % 4 == 3 ? -1 : g_rand_int_range (rand, 0, 3000);
          guint acked = apply_and_kill (path, lines, done, delay);
          g_autoptr(GError) error = NULL;
          g_autoptr(PenGame) game = NULL;
          g_autofree char *log = NULL;
          g_auto(GStrv) split = NULL;
          guint position;

          round++;
          kills += delay >= 0;
          if (!g_file_test (path, G_FILE_TEST_EXISTS))
            {
              g_assert_cmpuint (acked, ==, 0);
              continue;
            }
          /* never unreadable; everything acknowledged is there, in order */
          game = pen_game_load (file, &error);
          g_assert_no_error (error);
          position = pen_game_get_position (game);
          g_assert_cmpuint (position, >=, acked);
          g_assert_cmpuint (position, >=, done);
          log = pen_game_log_to_lines (game);
          split = g_strsplit (log, "\n", -1);
          for (guint i = 0; i < position; i++)
            g_assert_cmpstr (split[i], ==, g_ptr_array_index (lines, i));
          done = position;
          /* the next writer removed what the killed ones left */
          if (delay < 0)
            {
              g_autofree char *left = other_files (tmp_dir, NULL, NULL);
              g_autofree char *prefix = g_strdup_printf (".%s.", name);
              g_assert_null (strstr (left, prefix));
            }
        }
      actions += lines->len;
    }
  g_test_message ("%u games, %u actions, %u kills", games, actions, kills);
  g_assert_cmpuint (kills, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = game_test_init (&argc, &argv);
  int ret;

  tmp_dir = g_build_filename (dir, "files", NULL);
  g_mkdir_with_parents (tmp_dir, 0700);
  g_unsetenv ("PENUMBRA_FAULT");
  g_unsetenv ("PENUMBRA_LOCK_TIMEOUT_MS");

  g_test_add_func ("/penumbra/reliability/json-strict", test_json_strict);
  g_test_add_func ("/penumbra/reliability/json-depth", test_json_depth);
  g_test_add_func ("/penumbra/reliability/cli-deep", test_cli_deep);
  g_test_add_func ("/penumbra/reliability/cli-faults", test_cli_faults);
  g_test_add_func ("/penumbra/reliability/save-paths-faults", test_save_paths_faults);
  g_test_add_func ("/penumbra/reliability/leftovers", test_leftovers);
  g_test_add_func ("/penumbra/reliability/two-writers", test_two_writers);
  g_test_add_func ("/penumbra/reliability/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/penumbra/reliability/save-format", test_save_format);
  g_test_add_func ("/penumbra/reliability/sigkill", test_sigkill);

  ret = g_test_run ();
  pen_test_remove_tree (dir);
  g_free (tmp_dir);
  return ret;
}
