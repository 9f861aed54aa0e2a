/* test-locale.c: nothing translated enters a log or a snapshot — a game saved under one
 * interface language loads under the other, both ways, solo and in a group
 *
 * The binary runs itself with LANGUAGE=en or ru (the translations of the build tree, as
 * build-aux/run finds them): "--save solo|group FILE" plays a game and saves it, "--load FILE"
 * loads it; both print the Rival's name as shown, so the test knows the language was in use.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <glib/gi18n-lib.h>

#include "game-test-common.h"
#include "pen-solo-sim.h"

static PenGame *
play (const char *kind)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GError) error = NULL;
  PenTable *table = pen_game_get_table (game);

  if (g_str_equal (kind, "solo"))
    {
      g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": "
                                           "[\"Solo\"], \"solo\": 2, \"seed\": 21}", &error));
      g_assert_no_error (error);
      /* whole turns of the player and the Rival, every step labelled in the language */
      for (guint i = 0; i < 12 && pen_table_get_phase (table) != PEN_PHASE_ENDED; i++)
        {
          g_assert_true (pen_solo_sim_step (game, &error));
          g_assert_no_error (error);
        }
    }
  else
    {
      const char * const *mid = mid_game_actions ();

      for (guint i = 0; mid[i] != NULL; i++)
        {
          g_assert_true (pen_game_submit_json (game, mid[i], &error));
          g_assert_no_error (error);
        }
      g_assert_true (pen_game_submit_json (game, "{\"action\": \"contract-take\", \"wizard\": 0,"
                                           " \"slot\": 1, \"override\": true}", &error));
      g_assert_true (pen_game_submit_json (game, "{\"action\": \"board-value\", \"cell\": 9, "
                                           "\"value\": 2}", &error));
      g_assert_no_error (error);
    }
  return g_steal_pointer (&game);
}

static const char *
rival_shown (PenGame *game)
{
  PenTable *table = pen_game_get_table (game);

  for (guint i = 0; i < pen_table_get_n_players (table); i++)
    if (pen_wizard_get_rival (pen_table_get_wizard (table, i)))
      return pen_wizard_get_display_name (pen_table_get_wizard (table, i));
  /* no Rival: a label shows the language instead */
  return _("Rival");
}

static int
child (int    argc,
       char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autofree char *podir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "po", NULL);

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, podir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  if (g_str_equal (argv[1], "--save") && argc == 4)
    {
      g_autoptr(GFile) file = g_file_new_for_path (argv[3]);

      game = play (argv[2]);
      if (!pen_game_save (game, file, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
    }
  else if (g_str_equal (argv[1], "--load") && argc == 3)
    {
      g_autoptr(GFile) file = g_file_new_for_path (argv[2]);

      if (!(game = pen_game_load (file, &error)))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
    }
  else
    return 2;
  g_print ("%s\n", rival_shown (game));
  return 0;
}

static char *
run_child (const char  *self,
           const char  *lang,
           const char  *a,
           const char  *b,
           const char  *c,
           int         *status)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = g_get_environ ();
  const char *argv[] = { self, a, b, c, NULL };
  char *out = NULL, *err = NULL;

  env = g_environ_setenv (env, "LANGUAGE", lang, TRUE);
  env = g_environ_setenv (env, "LC_ALL", "C.UTF-8", TRUE);
  g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, status,
                &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (*status, NULL))
    g_test_message ("%s %s: %s", a, lang, err);
  g_free (err);
  return out;
}

static char *self_path;

static char *
file_text (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
check_both_ways (const char *kind)
{
  g_autofree char *dir = g_dir_make_tmp ("penumbra-locale-XXXXXX", NULL);
  g_autofree char *en = g_build_filename (dir, "en.json", NULL);
  g_autofree char *ru = g_build_filename (dir, "ru.json", NULL);
  g_autofree char *out = NULL, *en_text = NULL, *ru_text = NULL;
  int status;

  /* saved under English, and under Russian: the language was in use ... */
  out = run_child (self_path, "en", "--save", kind, en, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpstr (out, ==, "Rival\n");
  g_free (out);
  out = run_child (self_path, "ru", "--save", kind, ru, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpstr (out, ==, "Соперник\n");

  /* ... and the saves are the same bytes: no word of either language in them */
  en_text = file_text (en);
  ru_text = file_text (ru);
  g_assert_true (g_str_equal (en_text, ru_text));     /* (not cmpstr: whole saves) */
  g_assert_null (strstr (en_text, "Соперник"));

  /* each loads under the other language */
  g_free (out);
  out = run_child (self_path, "ru", "--load", en, NULL, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpstr (out, ==, "Соперник\n");
  g_free (out);
  out = run_child (self_path, "en", "--load", ru, NULL, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpstr (out, ==, "Rival\n");

  g_unlink (en);
  g_unlink (ru);
  g_rmdir (dir);
}

static void
test_solo (void)
{
  check_both_ways ("solo");
}

static void
test_group (void)
{
  check_both_ways ("group");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = NULL;
  int ret;

  if (argc >= 2 && (g_str_equal (argv[1], "--save") || g_str_equal (argv[1], "--load")))
    return child (argc, argv);

  self_path = g_canonicalize_filename (argv[0], NULL);
  dir = game_test_init (&argc, &argv);
  g_test_add_func ("/penumbra/locale/solo", test_solo);
  g_test_add_func ("/penumbra/locale/group", test_group);
  ret = g_test_run ();
  pen_test_remove_tree (dir);
  g_free (self_path);
  return ret;
}
