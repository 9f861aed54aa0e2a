/* pen-test-utils.h: helpers shared by the tests, compiled once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-game.h"

G_BEGIN_DECLS

/* The table as its snapshot JSON text, to compare states */
char     *pen_test_snapshot_text (PenGame    *game);
/* The action as its JSON text, to look at its parameters; takes action (NULL gives NULL) */
char     *pen_test_take_action_text (PenAction *action);
/* Submits json to the game; a refusal fails the test */
void      pen_test_run           (PenGame    *game,
                                  const char *json);
/* A "submit" handler (a section's, a dialog's): the test plays the window's part and submits
 * the action to game (the user data); a refusal fails the test */
void      pen_test_submit_cb     (gpointer    sender,
                                  PenAction  *action,
                                  PenGame    *game);

/* The id of the wizard's Talent card, or NULL */
const char *pen_test_talent_of       (PenWizard  *wizard);
/* The kind of the wizard's Mark in cell 0, or -1 */
int         pen_test_first_cell_mark (PenWizard  *wizard);
/* Asserts a table list holds exactly the ids (a placeholder or NULL: an unidentified card) */
void        pen_test_assert_cards    (GListModel *list,
                                      GPtrArray  *ids);

/* Removes path and everything below it (a test's own data directory; a link is removed, not
 * followed) */
void        pen_test_remove_tree     (const char *path);

/* Runs the built penumbra-cli ($PENUMBRA_CLI) with argv (NULL-ended), XDG_DATA_HOME set to
 * xdg_data_home and input on its standard input; FALSE when the build gave no CLI */
gboolean    pen_test_run_cli         (const char * const *argv,
                                      const char         *xdg_data_home,
                                      const char         *input,
                                      char              **out,
                                      char              **err,
                                      int                *status);

/* What a run of penumbra-cli gave */
typedef struct
{
  int   status;
  char *out;
  char *err;
} PenCliResult;

void      pen_cli_result_clear   (PenCliResult *r);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PenCliResult, pen_cli_result_clear)

/* A launcher for penumbra-cli: stdout and stderr piped, input (NULL: nothing) on its standard
 * input from a new file "stdin-N.txt" in dir (a command that fails before reading it must not
 * make the test write into a closed pipe) */
GSubprocessLauncher *pen_test_cli_launcher (const char  *dir,
                                            const char  *input);
/* Starts the built penumbra-cli ($PENUMBRA_CLI) with the arguments first, args (NULL-ended) */
GSubprocess *pen_test_cli_spawn    (GSubprocessLauncher *launcher,
                                    const char          *first,
                                    va_list              args);
/* Waits for proc and fills result (transfer full) */
void      pen_test_cli_finish    (GSubprocess  *proc,
                                  PenCliResult *result);
/* Exit status 0 and nothing on stderr */
void      pen_test_assert_cli_ok (PenCliResult *r);
/* The file's contents, or NULL when it cannot be read */
char     *pen_test_file_contents (const char   *path);

G_END_DECLS
