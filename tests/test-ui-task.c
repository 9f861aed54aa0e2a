/* test-ui-task.c: the task helper answers from the wizard's real supply and pays in one step
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "pen-demo.h"
#include "pen-json.h"
#include "pen-task-dialog.h"
#include "pen-test-utils.h"

static void
submit_cb (PenTaskDialog *dialog,
           PenAction     *action,
           PenGame       *game)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
}

static guint
supply_size (PenGame *game)
{
  return g_list_model_get_n_items (pen_wizard_get_supply (
    pen_table_get_wizard (pen_game_get_table (game), 0)));
}

static void
test_task_pay (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autofree char *before = NULL;
  g_autofree char *restored = NULL;
  PenTaskDialog *dialog;
  guint n;

  g_assert_no_error (error);
  dialog = pen_task_dialog_new (game, 0);
  g_signal_connect (dialog, "submit", G_CALLBACK (submit_cb), game);

  /* a total nobody can reach: refused, and nothing is paid */
  pen_task_dialog_set_task (dialog, "discard-sum", (1u << PEN_COLOR_RED), 60);
  g_assert_false (pen_task_dialog_get_feasible (dialog));

  /* Ann has a Red die: a Red total of 1 or more is possible and costs exactly one die */
  pen_task_dialog_set_task (dialog, "discard-sum", (1u << PEN_COLOR_RED), 1);
  g_assert_true (pen_task_dialog_get_feasible (dialog));
  n = supply_size (game);
  before = pen_test_snapshot_text (game);
  pen_task_dialog_pay (dialog);
  g_assert_cmpuint (supply_size (game), ==, n - 1);

  /* one step back gives the table as it was */
  g_assert_true (pen_game_undo (game));
  restored = pen_test_snapshot_text (game);
  g_assert_cmpstr (before, ==, restored);

  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *tmp = g_dir_make_tmp ("penumbra-ui-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", tmp, TRUE);
  g_setenv ("XDG_CONFIG_HOME", tmp, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/penumbra/ui/task/pay", test_task_pay);
  return g_test_run ();
}
