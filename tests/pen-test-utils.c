/* pen-test-utils.c: helpers shared by the tests, compiled once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "pen-catalog.h"
#include "pen-json.h"
#include "pen-setup.h"
#include "pen-table-card.h"
#include "pen-test-utils.h"

char *
pen_test_snapshot_text (PenGame *game)
{
  g_autoptr(JsonNode) node = pen_table_to_json (pen_game_get_table (game));

  return pen_json_to_string (node, FALSE);
}

char *
pen_test_take_action_text (PenAction *action)
{
  g_autoptr(PenAction) owned = action;
  g_autoptr(JsonNode) node = NULL;

  if (owned == NULL)
    return NULL;
  node = pen_action_to_json (owned);
  return pen_json_to_string (node, FALSE);
}

void
pen_test_run (PenGame    *game,
              const char *json)
{
  g_autoptr(GError) error = NULL;

  if (!pen_game_submit_json (game, json, &error))
    g_error ("refused: %s: %s", json, error->message);
}

void
pen_test_submit_cb (gpointer   sender,
                    PenAction *action,
                    PenGame   *game)
{
  g_autoptr(GError) error = NULL;

  if (!pen_game_submit (game, action, &error))
    g_error ("%s sent an action the rules refuse: %s: %s", G_OBJECT_TYPE_NAME (sender),
             pen_action_get_kind (action), error->message);
}

void
pen_cli_result_clear (PenCliResult *r)
{
  g_clear_pointer (&r->out, g_free);
  g_clear_pointer (&r->err, g_free);
}

GSubprocessLauncher *
pen_test_cli_launcher (const char *dir,
                       const char *input)
{
  GSubprocessLauncher *launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  static guint n;
  g_autofree char *name = g_strdup_printf ("stdin-%u.txt", n++);
  g_autofree char *in_path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (in_path, input ? input : "", -1, NULL));
  g_subprocess_launcher_set_stdin_file_path (launcher, in_path);
  return launcher;
}

GSubprocess *
pen_test_cli_spawn (GSubprocessLauncher *launcher,
                    const char          *first,
                    va_list              args)
{
  const char *exe = g_getenv ("PENUMBRA_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  GSubprocess *proc;

  g_assert_nonnull (exe);
  g_ptr_array_add (argv, (gpointer) exe);
  for (const char *a = first; a != NULL; a = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  g_ptr_array_add (argv, NULL);
  proc = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  return proc;
}

static char *
bytes_text (GBytes *bytes)
{
  return bytes != NULL && g_bytes_get_size (bytes) > 0
         ? g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes)) : g_strdup ("");
}

void
pen_test_cli_finish (GSubprocess  *proc,
                     PenCliResult *result)
{
  g_autoptr(GBytes) out = NULL, err = NULL;
  g_autoptr(GError) error = NULL;

  g_subprocess_communicate (proc, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));
  result->status = g_subprocess_get_exit_status (proc);
  result->out = bytes_text (out);
  result->err = bytes_text (err);
}

void
pen_test_assert_cli_ok (PenCliResult *r)
{
  if (r->status != 0)
    g_error ("exit status %d (stderr: %s)", r->status, r->err);
  g_assert_cmpstr (r->err, ==, "");
}

char *
pen_test_file_contents (const char *path)
{
  char *data = NULL;

  if (!g_file_get_contents (path, &data, NULL, NULL))
    return NULL;
  return data;
}

const char *
pen_test_talent_of (PenWizard *wizard)
{
  GListModel *cards = pen_wizard_get_cards (wizard);

  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
      PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                          pen_table_card_get_card_id (tc));

      if (card != NULL && pen_card_get_card_type (card) == PEN_CARD_TALENT)
        return pen_card_get_id (card);
    }
  return NULL;
}

int
pen_test_first_cell_mark (PenWizard *wizard)
{
  GListModel *marks = pen_wizard_get_marks (wizard);

  for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);

      if (pen_mark_get_cell (mark) == 0)
        return pen_mark_get_kind (mark);
    }
  return -1;
}

void
pen_test_assert_cards (GListModel *list,
                       GPtrArray  *ids)
{
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, ids->len);
  for (guint i = 0; i < ids->len; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (list, i);
      const char *id = g_ptr_array_index (ids, i);

      if (id == NULL || pen_setup_is_placeholder (id))
        g_assert_null (pen_table_card_get_card_id (tc));
      else
        g_assert_cmpstr (pen_table_card_get_card_id (tc), ==, id);
    }
}

void
pen_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR)
          && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        pen_test_remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

gboolean
pen_test_run_cli (const char * const *argv,
                  const char         *xdg_data_home,
                  const char         *input,
                  char              **out,
                  char              **err,
                  int                *status)
{
  const char *cli = g_getenv ("PENUMBRA_CLI");
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;

  if (cli == NULL)
    return FALSE;
  g_ptr_array_add (args, (gpointer) cli);
  for (guint i = 0; argv[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) argv[i]);
  g_ptr_array_add (args, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", xdg_data_home, TRUE);
  proc = g_subprocess_launcher_spawnv (launcher, (const char * const *) args->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, input, NULL, out, err, &error);
  g_assert_no_error (error);
  *status = g_subprocess_get_exit_status (proc);
  return TRUE;
}
