/* test-ui-saves.c: the app with whatever the saves folder holds (docs/reliability.md)
 *
 * Damaged saves are listed as damaged with their whole cause in plain text, never resumed,
 * never changed, and can be set aside; a failed autosave shows a banner and is retried; a save
 * changed by another program is read again, not overwritten.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <utime.h>

#include "pen-application.h"
#include "pen-file.h"
#include "pen-json.h"
#include "pen-save-row.h"
#include "pen-start-page.h"
#include "pen-window.h"

static void
flush (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until *flag or condition() holds; fails after max_seconds */
static void
wait_until (gboolean   (*condition) (gpointer),
            gpointer     data,
            guint        max_seconds)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (max_seconds, timeout_cb, &timed_out);

  while (!condition (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  g_assert_true (condition (data));
}

static void
collect (GtkWidget *root,
         GType      type,
         GPtrArray *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        g_ptr_array_add (out, child);
      collect (child, type, out);
    }
}

static GtkWidget *
find_first (GtkWidget *root,
            GType      type)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();

  collect (root, type, all);
  return all->len ? g_ptr_array_index (all, 0) : NULL;
}

/* The row of the saves list for the file named name */
static AdwActionRow *
save_row (PenStartPage *page,
          const char   *name)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  collect (GTK_WIDGET (page), PEN_TYPE_SAVE_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      GFile *file = pen_save_row_get_file (g_ptr_array_index (rows, i));
      g_autofree char *base = file ? g_file_get_basename (file) : NULL;

      if (g_strcmp0 (base, name) == 0)
        return g_ptr_array_index (rows, i);
    }
  return NULL;
}

static GtkButton *
button_labelled (GtkWidget  *root,
                 const char *prefix)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  collect (root, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      const char *label = gtk_button_get_label (g_ptr_array_index (buttons, i));

      if (label != NULL && g_str_has_prefix (label, prefix)
          && gtk_widget_get_visible (g_ptr_array_index (buttons, i)))
        return g_ptr_array_index (buttons, i);
    }
  return NULL;
}

/* The start page's Resume button (its label: the game's players), when shown */
static GtkButton *
resume_button (GtkWidget *page)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect (page, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = g_ptr_array_index (labels, i);
      GtkWidget *button = gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON);

      if (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (label)), "Resume ")
          && button != NULL && gtk_widget_get_visible (button))
        return GTK_BUTTON (button);
    }
  return NULL;
}

/* The lines of the Resume button, "title\nsubtitle" */
static char *
resume_text (GtkButton *button)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GStrvBuilder) lines = g_strv_builder_new ();
  g_auto(GStrv) text = NULL;

  collect (GTK_WIDGET (button), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    g_strv_builder_add (lines, gtk_label_get_label (g_ptr_array_index (labels, i)));
  text = g_strv_builder_end (lines);
  return g_strjoinv ("\n", text);
}

static char *
write_save (const char *dir,
            const char *name,
            const char *data,
            time_t      mtime)
{
  char *path = g_build_filename (dir, name, NULL);
  struct utimbuf times = { mtime, mtime };

  g_assert_true (g_file_set_contents (path, data, -1, NULL));
  g_assert_cmpint (utime (path, &times), ==, 0);
  return path;
}

static char *
contents (const char *path)
{
  char *data = NULL;

  g_file_get_contents (path, &data, NULL, NULL);
  return data;
}

static char *
good_save_text (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", "
                                       "\"Boris\"], \"seed\": 4}", &error));
  g_assert_no_error (error);
  return pen_game_to_data (game);
}

static gboolean
game_is (gpointer data)
{
  gpointer *pair = data;

  return pen_window_get_game (pair[0]) != NULL && pen_window_get_game (pair[0]) != pair[1];
}

static GtkLabel *
save_banner (PenWindow *window)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect (GTK_WIDGET (window), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_has_css_class (g_ptr_array_index (labels, i), "save-error"))
      return g_ptr_array_index (labels, i);
  return NULL;
}

static gboolean
banner_hidden (gpointer data)
{
  return !gtk_widget_get_visible (GTK_WIDGET (save_banner (data)));
}

static void
test_damaged_saves (void)
{
  g_autoptr(GFile) dir_file = pen_game_get_saves_dir ();
  g_autofree char *dir = g_file_get_path (dir_file);
  g_autofree char *good_text = good_save_text ();
  g_autofree char *truncated_text = g_strndup (good_text, strlen (good_text) / 2);
  g_autofree char *deep_text = NULL;
  g_autofree char *good = NULL, *truncated = NULL, *deep = NULL, *odd = NULL;
  g_autoptr(PenApplication) app = pen_application_new ();
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GError) error = NULL;
  time_t now = time (NULL);
  PenWindow *window;
  PenStartPage *page;
  AdwActionRow *row;
  GtkButton *resume, *aside;

  {
    GString *s = g_string_new (NULL);
    for (guint i = 0; i < 100000; i++)
      g_string_append_c (s, '[');
    deep_text = g_string_free (s, FALSE);
  }
  g_mkdir_with_parents (dir, 0700);
  good = write_save (dir, "game-good.json", good_text, now - 300);
  /* the newest ones are damaged: Resume must not offer them */
  truncated = write_save (dir, "game-truncated.json", truncated_text, now - 10);
  deep = write_save (dir, "game-deep.json", deep_text, now - 20);
  odd = write_save (dir, "game-<b>&amp;.json", "{\"format\": \"<i>x</i>\"}", now - 30);

  /* 1: a deeply nested file as the game to resume crashed the app at every start */
  g_settings_set_string (settings, "last-game", deep);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  window = pen_window_new (app);
  pen_window_resume_last (window);
  gtk_window_present (GTK_WINDOW (window));
  flush ();
  g_assert_null (pen_window_get_game (window));

  page = PEN_START_PAGE (find_first (GTK_WIDGET (window), PEN_TYPE_START_PAGE));
  g_assert_nonnull (page);
  pen_start_page_check_saves (page);
  flush ();

  /* 6: listed as damaged, with the whole cause, as plain text */
  row = save_row (page, "game-truncated.json");
  g_assert_nonnull (row);
  g_assert_false (adw_preferences_row_get_use_markup (ADW_PREFERENCES_ROW (row)));
  g_assert_cmpint (adw_action_row_get_subtitle_lines (row), ==, 0);
  g_test_message ("%s", adw_action_row_get_subtitle (row));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (row), "damaged, left as it is: the save "
                                                                "is damaged: $: malformed JSON: "));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (row), "unexpected end of input"));
  g_assert_null (button_labelled (GTK_WIDGET (row), "Open"));
  g_assert_nonnull (button_labelled (GTK_WIDGET (row), "Set _Aside"));
  row = save_row (page, "game-deep.json");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (row), "nested deeper than 64 levels"));
  row = save_row (page, "game-<b>&amp;.json");
  g_assert_nonnull (row);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (row),
                            "not a Penumbra Companion save (format \"<i>x</i>\")"));
  row = save_row (page, "game-good.json");
  g_assert_nonnull (button_labelled (GTK_WIDGET (row), "Open"));

  /* Resume is for the newest save that can be read */
  resume = resume_button (GTK_WIDGET (page));
  g_assert_nonnull (resume);
  g_signal_emit_by_name (resume, "clicked");
  flush ();
  g_assert_nonnull (pen_window_get_game (window));
  g_assert_cmpstr (g_file_peek_path (pen_game_get_file (pen_window_get_game (window))), ==,
                   good);
  pen_window_set_game (window, NULL);

  /* never changed */
  {
    g_autofree char *t = contents (truncated);
    g_autofree char *d = contents (deep);

    g_assert_cmpstr (t, ==, truncated_text);
    g_assert_cmpstr (d, ==, deep_text);
  }

  /* Set aside moves it out of the list, whole */
  aside = button_labelled (GTK_WIDGET (save_row (page, "game-truncated.json")), "Set _Aside");
  g_signal_emit_by_name (aside, "clicked");
  flush ();
  g_assert_false (g_file_test (truncated, G_FILE_TEST_EXISTS));
  {
    g_autofree char *moved = g_strconcat (truncated, ".damaged", NULL);
    g_autofree char *t = contents (moved);

    g_assert_cmpstr (t, ==, truncated_text);
  }
  pen_start_page_check_saves (page);
  g_assert_null (save_row (page, "game-truncated.json"));
  g_assert_nonnull (save_row (page, "game-deep.json"));

  gtk_window_destroy (GTK_WINDOW (window));
  flush ();
  g_unlink (deep);
  g_unlink (odd);
  g_unlink (good);
}

/* Saves are listed by players, turn and date, never by file name; a finished game opens to
 * its score and is never the one to resume */
static void
test_saves_listed (void)
{
  g_autoptr(GFile) dir_file = pen_game_get_saves_dir ();
  g_autofree char *dir = g_file_get_path (dir_file);
  g_autofree char *going_path = g_build_filename (dir, "game-going.json", NULL);
  g_autofree char *done_path = g_build_filename (dir, "game-done.json", NULL);
  g_autoptr(GFile) going_file = g_file_new_for_path (going_path);
  g_autoptr(GFile) done_file = g_file_new_for_path (done_path);
  g_autoptr(PenGame) going = pen_game_new ();
  g_autoptr(PenGame) done = pen_game_new ();
  g_autoptr(PenApplication) app = pen_application_new ();
  g_autoptr(GError) error = NULL;
  const char *new_game = "{\"action\": \"new-game\", \"players\": [\"Vera\", \"Oleg\"], "
                         "\"seed\": 5, \"setup\": {\"prophecies\": [\"end-of-time\"], "
                         "\"trial_row\": [\"goldeater\"], \"fate_deck\": [\"wildwood\"]}}";
  AdwActionRow *row;
  PenWindow *window;
  PenStartPage *page;
  GtkButton *resume;
  AdwViewStack *stack;

  g_mkdir_with_parents (dir, 0700);
  pen_game_set_file (going, going_file);
  pen_game_set_file (done, done_file);
  g_assert_true (pen_game_submit_json (going, new_game, &error));
  g_assert_true (pen_game_submit_json (going, "{\"action\": \"turn-start\", \"kind\": "
                                       "\"study\"}", &error));
  g_assert_true (pen_game_submit_json (going, "{\"action\": \"turn-end\"}", &error));
  g_assert_true (pen_game_submit_json (done, new_game, &error));
  for (guint i = 0; i < 12 && pen_table_get_phase (pen_game_get_table (done)) != PEN_PHASE_ENDED;
       i++)
    {
      g_assert_true (pen_game_submit_json (done, "{\"action\": \"turn-start\", \"kind\": "
                                           "\"rest\"}", &error));
      g_assert_true (pen_game_submit_json (done, "{\"action\": \"turn-end\"}", &error));
    }
  g_assert_no_error (error);
  g_assert_cmpint (pen_table_get_phase (pen_game_get_table (done)), ==, PEN_PHASE_ENDED);
  /* the finished one is the newest */
  {
    struct utimbuf t = { time (NULL) - 100, time (NULL) - 100 };

    g_assert_cmpint (utime (going_path, &t), ==, 0);
  }

  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  window = pen_window_new (app);
  pen_window_resume_last (window);
  pen_window_set_game (window, NULL);
  gtk_window_present (GTK_WINDOW (window));
  flush ();
  page = PEN_START_PAGE (find_first (GTK_WIDGET (window), PEN_TYPE_START_PAGE));
  pen_start_page_refresh (page);
  pen_start_page_check_saves (page);

  row = save_row (page, "game-going.json");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Vera, Oleg");
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (row), "Turn 2 · "));
  g_assert_null (strstr (adw_action_row_get_subtitle (row), "game-going"));
  row = save_row (page, "game-done.json");
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (row), "Finished · "));
  g_assert_null (button_labelled (GTK_WIDGET (row), "Open"));

  /* Resume is for the game still going, named by its players, turn and date, never by a
   * file's name or the C library's "%x" (play findings V13, R23) */
  resume = resume_button (GTK_WIDGET (page));
  g_assert_nonnull (resume);
  {
    g_autofree char *text = resume_text (resume);

    g_test_message ("%s", text);
    g_assert_true (g_str_has_prefix (text, "Resume Vera and Oleg's Game\nTurn 2 · "));
    g_assert_null (strstr (text, "/"));
    g_assert_null (strstr (text, "game-"));
  }
  g_assert_null (strstr (adw_action_row_get_subtitle (save_row (page, "game-going.json")), "/"));
  g_signal_emit_by_name (resume, "clicked");
  flush ();
  g_assert_cmpstr (g_file_peek_path (pen_game_get_file (pen_window_get_game (window))), ==,
                   going_path);
  pen_window_set_game (window, NULL);

  /* the finished one opens to its score */
  g_signal_emit_by_name (button_labelled (GTK_WIDGET (row), "Score"), "clicked");
  flush ();
  g_assert_cmpstr (g_file_peek_path (pen_game_get_file (pen_window_get_game (window))), ==,
                   done_path);
  stack = ADW_VIEW_STACK (find_first (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "score");

  gtk_window_destroy (GTK_WINDOW (window));
  flush ();
  g_unlink (going_path);
  g_unlink (done_path);
}

static void
test_autosave_banner_and_reload (void)
{
  g_autoptr(GFile) dir_file = pen_game_get_saves_dir ();
  g_autofree char *dir = g_file_get_path (dir_file);
  g_autofree char *path = g_build_filename (dir, "game-live.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PenApplication) app = pen_application_new ();
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PenAction) show_odds = pen_action_new_setting_hide_odds (FALSE);
  g_autofree char *before = NULL, *after = NULL;
  PenWindow *window;
  GtkLabel *banner;

  g_mkdir_with_parents (dir, 0700);
  pen_game_set_file (game, file);
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", "
                                       "\"Boris\"], \"seed\": 4}", &error));
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  window = pen_window_new (app);
  pen_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  flush ();
  banner = save_banner (window);
  g_assert_nonnull (banner);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (banner)));

  /* a full disk: the change is shown, the banner says it is not saved yet, never silent */
  before = contents (path);
  pen_file_set_fault (PEN_FILE_FAULT_WRITE, ENOSPC);
  {
    g_autoptr(PenAction) gain = pen_action_new_die_gain (0, PEN_COLOR_RED, FALSE);

    g_assert_true (pen_window_submit (window, gain));
  }
  flush ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (banner)));
  g_test_message ("%s", gtk_label_get_label (banner));
  g_assert_nonnull (strstr (gtk_label_get_label (banner), "The last change is not saved yet"));
  g_assert_nonnull (strstr (gtk_label_get_label (banner), "No space left on device"));
  after = contents (path);
  g_assert_cmpstr (after, ==, before);

  /* space again: the retry saves it and the banner goes */
  pen_file_set_fault (PEN_FILE_FAULT_NONE, 0);
  wait_until (banner_hidden, window, 20);
  {
    g_autoptr(PenGame) saved = pen_game_load (file, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (pen_game_get_position (saved), ==, 2);
  }

  /* another program adds an action: the window reads it, it is not overwritten */
  {
    const char *cli = g_getenv ("PENUMBRA_CLI");
    g_autoptr(GSubprocess) proc = NULL;
    gpointer pair[2] = { window, pen_window_get_game (window) };
    static const char line[] = "{\"action\": \"setting\", \"hide_odds\": true}\n";
    g_autoptr(GBytes) in = g_bytes_new_static (line, strlen (line));

    g_assert_nonnull (cli);
    proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_SILENCE,
                             &error, cli, "apply", path, NULL);
    g_assert_no_error (error);
    g_subprocess_communicate (proc, in, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpint (g_subprocess_get_exit_status (proc), ==, 0);
    wait_until (game_is, pair, 20);
    g_assert_cmpuint (pen_game_get_position (pen_window_get_game (window)), ==, 3);
    /* and the next change goes on from it */
    g_assert_true (pen_window_submit (window, show_odds));
    g_assert_null (pen_game_get_save_error (pen_window_get_game (window)));
    {
      g_autoptr(PenGame) saved = pen_game_load (file, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (pen_game_get_position (saved), ==, 4);
    }
  }

  gtk_window_destroy (GTK_WINDOW (window));
  flush ();
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *tmp = g_dir_make_tmp ("penumbra-ui-XXXXXX", NULL);

  /* never touch the user's saves or settings */
  g_setenv ("XDG_DATA_HOME", tmp, TRUE);
  g_setenv ("XDG_CONFIG_HOME", tmp, TRUE);
  g_setenv ("LC_ALL", "C", TRUE);
  g_unsetenv ("PENUMBRA_FAULT");
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/penumbra/ui/saves/damaged", test_damaged_saves);
  g_test_add_func ("/penumbra/ui/saves/listed", test_saves_listed);
  g_test_add_func ("/penumbra/ui/saves/autosave-banner-and-reload", test_autosave_banner_and_reload);
  return g_test_run ();
}
