/* bench-save.c: what one action costs through the app's door (pen_game_submit () and its
 * autosave) with LOG actions already in the game's log
 *
 *   bench-save LOG [COUNT]
 *
 * plays a two-player game up to LOG actions (a cycle of die, ingredient and setting actions
 * that keeps the table the same size), then COUNT more (default 10), and prints the bytes
 * written per action and the save's size. Run it under callgrind to count the instructions of
 * the COUNT actions only (tests/bench/save.sh does):
 *
 *   valgrind --tool=callgrind --collect-atstart=no bench-save 2000
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <valgrind/callgrind.h>

#include "pen-file.h"
#include "pen-game.h"
#include "pen-turn.h"

static const char * const cycle[] = {
  "{\"action\":\"die-gain\",\"wizard\":0,\"color\":\"red\"}",
  "{\"action\":\"setting\",\"hide_odds\":true}",
  "{\"action\":\"die-discard\",\"wizard\":0,\"index\":0}",
  "{\"action\":\"setting\",\"hide_odds\":false}",
  "{\"action\":\"ingredient-gain\",\"wizard\":1,\"ingredient\":\"fruit\",\"count\":1}",
  "{\"action\":\"ingredient-spend\",\"wizard\":1,\"ingredient\":\"fruit\",\"count\":1}",
};

static void
submit (PenGame    *game,
        const char *json)
{
  g_autoptr(GError) error = NULL;

  if (!pen_game_submit_json (game, json, &error))
    g_error ("%s: %s", json, error->message);
  if (pen_game_get_save_error (game) != NULL)
    g_error ("not saved: %s", pen_game_get_save_error (game)->message);
}

int
main (int    argc,
      char **argv)
{
  guint log = argc > 1 ? atoi (argv[1]) : 100;
  guint count = argc > 2 ? atoi (argv[2]) : 10;
  g_autofree char *dir = g_dir_make_tmp ("penumbra-bench-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PenGame) game = pen_game_new ();
  guint64 bytes;
  gint64 start, elapsed;
  GStatBuf st;

  g_setenv ("XDG_DATA_HOME", dir, TRUE);
  pen_turn_set_card_language ("en");
  pen_game_set_file (game, file);
  submit (game, "{\"action\":\"new-game\",\"players\":[\"Ann\",\"Boris\"],\"seed\":1}");
  for (guint i = 1; i < log; i++)
    submit (game, cycle[i % G_N_ELEMENTS (cycle)]);

  bytes = pen_file_get_bytes_written ();
  start = g_get_monotonic_time ();
  CALLGRIND_TOGGLE_COLLECT;
  for (guint i = log; i < log + count; i++)
    submit (game, cycle[i % G_N_ELEMENTS (cycle)]);
  CALLGRIND_TOGGLE_COLLECT;
  elapsed = g_get_monotonic_time () - start;
  bytes = pen_file_get_bytes_written () - bytes;

  g_stat (path, &st);
  g_print ("log %u: %" G_GUINT64_FORMAT " bytes written per action, save %" G_GINT64_FORMAT
           " bytes, %.2f ms per action (wall, fsync included)\n", log, bytes / count,
           (gint64) st.st_size, elapsed / 1000.0 / count);
  g_unlink (path);
  {
    g_autofree char *lock = g_build_filename (dir, ".game.json.lock", NULL);
    g_unlink (lock);
  }
  g_rmdir (dir);
  return 0;
}
