/* test-ui-score.c: the Score page on the demo game: its totals are the scoring core's, a Goal's
 * points typed into the page are an undoable action, the numbers the rulebook does not print
 * can be typed in, the exports write what they should, and an ended game is archived once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "pen-archive.h"
#include "pen-board-layout.h"
#include "pen-catalog.h"
#include "pen-demo.h"
#include "pen-end-form.h"
#include "pen-end-sheet.h"
#include "pen-json.h"
#include "pen-phase-banner.h"
#include "pen-score-archive.h"
#include "pen-score-chart.h"
#include "pen-score-expander.h"
#include "pen-score-export.h"
#include "pen-score-page.h"
#include "pen-score-player-group.h"
#include "pen-score-row.h"
#include "pen-score-sheet-view.h"
#include "pen-score-unknown.h"
#include "pen-show.h"
#include "pen-table-page.h"
#include "pen-test-gtk-utils.h"

/* Every label under root with a CSS class, in widget order */
static void
collect_labels (GtkWidget  *root,
                const char *css_class,
                GPtrArray  *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, css_class))
        g_ptr_array_add (out, (gpointer) gtk_label_get_label (GTK_LABEL (child)));
      collect_labels (child, css_class, out);
    }
}

/* The total the ranking header shows for a player */
static int
shown_total (PenScorePage *page,
             const char   *name)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GPtrArray) totals = g_ptr_array_new ();

  collect_labels (GTK_WIDGET (page), "rank-name", names);
  collect_labels (GTK_WIDGET (page), "rank-total", totals);
  g_assert_cmpuint (names->len, ==, totals->len);
  for (guint i = 0; i < names->len; i++)
    if (g_str_equal (g_ptr_array_index (names, i), name))
      return atoi (g_ptr_array_index (totals, i));
  g_assert_not_reached ();
  return 0;
}

static int
core_total (PenGame    *game,
            const char *name)
{
  g_autoptr(PenScoreSheet) sheet = pen_show_score (pen_game_get_table (game));

  for (guint i = 0; i < sheet->results->len; i++)
    {
      PenScoreResult *r = g_ptr_array_index (sheet->results, i);
      if (g_str_equal (r->name, name))
        return r->total;
    }
  g_assert_not_reached ();
  return 0;
}

/* The page's entry for a Goal's points of one wizard (named "goal-GOAL-WIZARD") */
static GtkWidget *
find_goal_row (GtkWidget  *root,
               const char *goal,
               int         wizard)
{
  g_autofree char *name = g_strdup_printf ("goal-%s-%d", goal, wizard);

  return pen_test_find_named (root, name);
}

typedef struct
{
  PenGame        *game;
  GtkWindow      *window;
  PenScorePage   *page;
  GFile          *archive;
  guint           refused;
} Fixture;

/* What the window does with a page's action: submit it to the game */
static void
page_submit_cb (PenScorePage *page,
                PenAction    *action,
                Fixture      *f)
{
  g_autoptr(GError) error = NULL;

  if (!pen_game_submit (f->game, action, &error))
    f->refused++;
}

static gboolean
submit (Fixture    *f,
        const char *json)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = pen_game_submit_json (f->game, json, &error);

  g_assert_no_error (error);
  pen_test_flush ();
  return ok;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pen-ui-score-XXXXXX", &error);

  g_assert_no_error (error);
  f->archive = g_file_new_build_filename (dir, "archive", NULL);
  f->game = pen_demo_new_game (&error);
  g_assert_no_error (error);
  /* the page as the window holds it: under a toast overlay, its actions submitted */
  f->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (f->window, 1000, 800);
  f->page = g_object_new (PEN_TYPE_SCORE_PAGE, NULL);
  {
    GtkWidget *overlay = adw_toast_overlay_new ();

    adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), GTK_WIDGET (f->page));
    gtk_window_set_child (f->window, overlay);
  }
  g_signal_connect (f->page, "submit", G_CALLBACK (page_submit_cb), f);
  pen_score_page_set_archive_dir (f->page, f->archive);
  g_object_set (f->page, "game", f->game, NULL);
  gtk_window_present (f->window);
  pen_test_flush ();
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GPtrArray) entries = pen_archive_list (f->archive, NULL, NULL);

  for (guint i = 0; entries != NULL && i < entries->len; i++)
    g_file_delete (((PenArchiveEntry *) g_ptr_array_index (entries, i))->file, NULL, NULL);
  g_file_delete (f->archive, NULL, NULL);
  gtk_window_destroy (f->window);
  pen_test_flush ();
  g_clear_object (&f->game);
  g_clear_object (&f->archive);
}

/* The header shows each player's total exactly as the scoring core counts it */
static void
test_totals (Fixture       *f,
             gconstpointer  data)
{
  const char *names[] = { "Ann", "Boris", "Chloe" };
  PenScoreChart *chart;
  int min_width;

  /* fits a phone: 360 px wide */
  gtk_widget_measure (GTK_WIDGET (f->page), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL,
                      NULL, NULL);
  g_assert_cmpint (min_width, <=, 360);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_cmpint (shown_total (f->page, names[i]), ==, core_total (f->game, names[i]));
  /* the chart says the same in words */
  chart = PEN_SCORE_CHART (pen_test_find_first (GTK_WIDGET (f->page), PEN_TYPE_SCORE_CHART));
  g_assert_nonnull (chart);
  g_assert_nonnull (strstr (pen_score_chart_get_description (chart), "Boris, 2 points"));
  g_assert_nonnull (strstr (pen_score_chart_get_description (chart), "Arcana +2"));
}

/* A Goal's points typed into the page: an action, so the total moves and undo restores it */
static void
test_goal_vp_undo (Fixture       *f,
                   gconstpointer  data)
{
  PenWizard *ann = pen_table_get_wizard (pen_game_get_table (f->game), 0);
  GtkWidget *row;
  int before, vp = -1;

  /* the top of the demo's Fate deck: Mastery is the third card, a Goal */
  g_assert_true (submit (f, "{\"action\":\"fate-reveal\",\"card\":\"guild-revival\"}"));
  g_assert_true (submit (f, "{\"action\":\"fate-reveal\",\"card\":\"aranea\"}"));
  g_assert_true (submit (f, "{\"action\":\"fate-reveal\",\"card\":\"mastery\"}"));
  pen_test_flush ();
  before = shown_total (f->page, "Ann");
  g_assert_cmpint (before, ==, core_total (f->game, "Ann"));

  /* Ann's row for Mastery: type 4, press apply */
  row = find_goal_row (GTK_WIDGET (f->page), "mastery", 0);
  g_assert_nonnull (row);
  gtk_editable_set_text (GTK_EDITABLE (row), "4");
  g_signal_emit_by_name (row, "apply");
  pen_test_flush ();

  g_assert_true (pen_wizard_get_goal_vp (ann, "mastery", &vp));
  g_assert_cmpint (vp, ==, 4);
  g_assert_cmpint (core_total (f->game, "Ann"), ==, before + 4);
  g_assert_cmpint (shown_total (f->page, "Ann"), ==, before + 4);
  g_assert_cmpint (pen_score_page_get_sheet (f->page)->results->len, ==, 3);

  /* and through the page's action, as a keyboard user reaches it */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "score.goal-vp", "(isi)", 1,
                                             "mastery", 2));
  pen_test_flush ();
  g_assert_cmpint (shown_total (f->page, "Boris"), ==, core_total (f->game, "Boris"));

  /* undo twice: both entries are gone, model and view */
  g_assert_true (pen_game_undo (f->game));
  g_assert_true (pen_game_undo (f->game));
  pen_test_flush ();
  g_assert_false (pen_wizard_get_goal_vp (ann, "mastery", NULL));
  g_assert_cmpint (core_total (f->game, "Ann"), ==, before);
  g_assert_cmpint (shown_total (f->page, "Ann"), ==, before);
  row = find_goal_row (GTK_WIDGET (f->page), "mastery", 0);
  g_assert_nonnull (row);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "");

  /* a computed Goal (Heroism) is not typed in: refused, nothing changes */
  g_assert_cmpuint (f->refused, ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "score.goal-vp", "(isi)", 0,
                                             "heroism", 3));
  pen_test_flush ();
  g_assert_cmpuint (f->refused, ==, 1);
  g_assert_cmpint (shown_total (f->page, "Ann"), ==, before);
}

/* The description of a player's group on the page ("Place 2 · 11 points") */
static const char *
group_description (PenScorePage *page,
                   const char   *name)
{
  g_autoptr(GPtrArray) groups = g_ptr_array_new ();

  pen_test_collect (GTK_WIDGET (page), PEN_TYPE_SCORE_PLAYER_GROUP, groups);
  for (guint i = 0; i < groups->len; i++)
    if (g_strcmp0 (adw_preferences_group_get_title (groups->pdata[i]), name) == 0)
      return adw_preferences_group_get_description (groups->pdata[i]);
  return NULL;
}

/* A card whose points the rulebook does not print: typed in on the page, then counted */
static void
test_unknown_value (Fixture       *f,
                    gconstpointer  data)
{
  GtkWidget *row = pen_test_find_named (GTK_WIDGET (f->page), "vp-goldeater");
  int before = shown_total (f->page, "Boris");

  /* Boris passed Goldeater: its VP is unknown, so it counts 0 until typed in */
  g_assert_nonnull (row);
  /* "2 points + unknown" beside Ann's as many: neither a place nor a tie is known (play
   * finding B8: "Place 1, tied" for "3 + unknown" and 3) */
  for (guint i = 0; i < 20 && core_total (f->game, "Ann") < before; i++)
    submit (f, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": "
               "\"arcana\", \"count\": 1}");
  {
    g_autoptr(PenScoreSheet) sheet = pen_show_score (pen_game_get_table (f->game));
    const char *said = group_description (f->page, "Boris");
    g_autofree char *points = pen_score_unknown_format_points (before, TRUE);
    g_autofree char *want = NULL;
    guint place = 0, reached = 0;

    /* someone has as many points or more: Goldeater's may or may not put Boris ahead */
    for (guint i = 0; i < sheet->results->len; i++)
      {
        PenScoreResult *r = g_ptr_array_index (sheet->results, i);

        if (g_str_equal (r->name, "Boris"))
          place = r->place;
        else
          reached += r->total >= before;
      }
    g_assert_cmpuint (reached, >, 0);
    want = g_strdup_printf (_("Place %u for now · %s"), place, points);
    g_assert_cmpstr (said, ==, want);
  }
  gtk_editable_set_text (GTK_EDITABLE (row), "3");
  g_signal_emit_by_name (row, "apply");
  pen_test_flush ();
  g_assert_cmpint (shown_total (f->page, "Boris"), ==, before + 3);
  g_assert_cmpint (core_total (f->game, "Boris"), ==, before + 3);
  /* known now: the row is gone */
  g_assert_null (pen_test_find_named (GTK_WIDGET (f->page), "vp-goldeater"));

  /* its symbols: one Monsters symbol is 1 point of Experience (1 identical symbol) */
  {
    GtkWidget *save = pen_test_find_named (GTK_WIDGET (f->page), "symbols-goldeater");
    g_autofree char *name = g_strdup_printf ("symbols-goldeater-%s",
                                             pen_symbol_to_string (PEN_SYMBOL_MONSTERS));
    GtkWidget *spin = pen_test_find_named (GTK_WIDGET (f->page), name);

    g_assert_nonnull (save);
    g_assert_nonnull (spin);
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 1);
    g_signal_emit_by_name (save, "clicked");
    pen_test_flush ();
    g_assert_cmpint (shown_total (f->page, "Boris"), ==, before + 3 + 1);
    g_assert_cmpint (core_total (f->game, "Boris"), ==, before + 3 + 1);
    g_assert_null (pen_test_find_named (GTK_WIDGET (f->page), "symbols-goldeater"));
  }

  /* take the answers back so the other tests see the rulebook's catalogue */
  g_assert_true (pen_catalog_set_user_value (pen_catalog_get_default (), "goldeater", "vp",
                                             NULL, NULL));
  g_assert_true (pen_catalog_set_user_value (pen_catalog_get_default (), "goldeater", "symbols",
                                             NULL, NULL));
  pen_test_flush ();
  g_assert_cmpint (shown_total (f->page, "Boris"), ==, before);
}

/* The first entry row under root whose title starts with prefix */
static GtkWidget *
find_titled_row (GtkWidget  *root,
                 const char *prefix)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (ADW_IS_ENTRY_ROW (child)
          && g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child)),
                               prefix))
        return child;
      if ((found = find_titled_row (child, prefix)) != NULL)
        return found;
    }
  return NULL;
}

static guint
marks_in_cell (PenGame *game,
               guint    wizard,
               guint    cell)
{
  PenWizard *w = pen_table_get_wizard (pen_game_get_table (game), wizard);

  return pen_wizard_get_mark_in_cell (w, cell) != NULL;
}

/* The points under a board cell: typed in on the page, then every Mark on it counts them */
static void
test_board_cell (Fixture       *f,
                 gconstpointer  data)
{
  const char *names[] = { "Ann", "Boris", "Chloe" };
  int before[3];
  GtkWidget *row = find_titled_row (GTK_WIDGET (f->page), "Board cell 1:");
  guint with_mark = 0;

  g_assert_nonnull (row);
  for (guint i = 0; i < 3; i++)
    before[i] = shown_total (f->page, names[i]);
  gtk_editable_set_text (GTK_EDITABLE (row), "2");
  g_signal_emit_by_name (row, "apply");
  pen_test_flush ();
  for (guint i = 0; i < 3; i++)
    {
      int expected = before[i] + 2 * marks_in_cell (f->game, i, 0);

      with_mark += marks_in_cell (f->game, i, 0);
      g_assert_cmpint (shown_total (f->page, names[i]), ==, expected);
      g_assert_cmpint (core_total (f->game, names[i]), ==, expected);
    }
  /* the demo's wizards all start with a Mark in the first cell */
  g_assert_cmpuint (with_mark, ==, 3);
  g_assert_null (find_titled_row (GTK_WIDGET (f->page), "Board cell 1:"));

  g_assert_true (pen_board_layout_set_user_value (pen_board_layout_get_default (), 0, "vp",
                                                  NULL, NULL));
  pen_test_flush ();
  for (guint i = 0; i < 3; i++)
    g_assert_cmpint (shown_total (f->page, names[i]), ==, before[i]);
}

static GtkWidget *
find_of_type (GtkWidget *widget,
              GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_of_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
collect_arrows (GtkWidget *widget,
                GPtrArray *arrows)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_has_css_class (child, "expander-row-arrow"))
      g_ptr_array_add (arrows, child);
    else
      collect_arrows (child, arrows);
}

/* The exported picture is a clean sheet: where each row's arrow is on screen, the picture
 * holds one plain colour (the arrow opens nothing on paper), and the screen keeps its arrows */
static void
assert_no_arrows (GtkWidget  *page,
                  GdkTexture *texture)
{
  const int pad = 24;   /* the picture's margin (pen-score-export.c) */
  GtkWidget *view = find_of_type (page, PEN_TYPE_SCORE_SHEET_VIEW);
  g_autoptr(GPtrArray) arrows = g_ptr_array_new ();
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  g_autofree guint32 *pixels = g_new (guint32, (gsize) width * height);
  guint checked = 0;

  g_assert_nonnull (view);
  gdk_texture_download (texture, (guchar *) pixels, (gsize) width * 4);
  collect_arrows (view, arrows);
  for (guint i = 0; i < arrows->len; i++)
    {
      GtkWidget *arrow = g_ptr_array_index (arrows, i);
      graphene_rect_t bounds;
      guint32 first;

      if (!gtk_widget_get_mapped (arrow) || !gtk_widget_compute_bounds (arrow, view, &bounds))
        continue;
      g_assert_cmpfloat (gtk_widget_get_opacity (arrow), ==, 1);
      first = pixels[(pad + (int) bounds.origin.y) * width + pad + (int) bounds.origin.x];
      for (int y = (int) bounds.origin.y; y < (int) (bounds.origin.y + bounds.size.height); y++)
        for (int x = (int) bounds.origin.x; x < (int) (bounds.origin.x + bounds.size.width); x++)
          g_assert_cmphex (pixels[(pad + y) * width + pad + x], ==, first);
      checked++;
    }
  g_assert_cmpuint (checked, >, 0);
}

/* The picture holds the sheet, not only its background: the names, numbers and chart give it
 * many colours (a blank picture has one) */
static void
assert_drawn (GdkTexture *texture)
{
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  g_autofree guint32 *pixels = g_new (guint32, (gsize) width * height);
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);

  gdk_texture_download (texture, (guchar *) pixels, (gsize) width * 4);
  for (gsize i = 0; i < (gsize) width * height; i++)
    g_hash_table_add (colours, GUINT_TO_POINTER (pixels[i]));
  g_test_message ("%u colours in the exported picture", g_hash_table_size (colours));
  g_assert_cmpuint (g_hash_table_size (colours), >, 20);
}

static void
test_exports (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) dir = g_file_get_parent (f->archive);
  g_autoptr(GFile) csv = g_file_get_child (dir, "score.csv");
  g_autoptr(GFile) png = g_file_get_child (dir, "score.png");
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GdkTexture) texture = NULL;

  g_assert_true (pen_score_page_export_csv (f->page, csv, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_load_contents (csv, NULL, &text, NULL, NULL, NULL));
  lines = g_strsplit (text, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==, "Name,Arcana,Trials,Mortal Wounds,Experience,Contracts,"
                                 "Reserved Contracts,Board,Goals,Fate,Total,Place");
  /* ranking order: Boris 2, Ann 1, Chloe 0 */
  g_assert_true (g_str_has_prefix (lines[1], "Boris,2,"));
  g_assert_true (g_str_has_suffix (lines[1], ",2,1"));
  g_assert_true (g_str_has_prefix (lines[3], "Chloe,"));

  g_assert_true (pen_score_page_export_png (f->page, png, &error));
  g_assert_no_error (error);
  texture = gdk_texture_new_from_file (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), >, 200);
  g_assert_cmpint (gdk_texture_get_height (texture), >, 200);
  assert_drawn (texture);
  assert_no_arrows (GTK_WIDGET (f->page), texture);
  g_file_delete (csv, NULL, NULL);
  g_file_delete (png, NULL, NULL);
}

/* What came of an export is said on its row, where nothing covers a tap: a toast at the
 * window's foot sat over "Export as Image…" at 1280×800 and took the next tap (play finding
 * P8) */
static void
test_export_says_on_row (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GFile) dir = g_file_get_parent (f->archive);
  g_autoptr(GFile) csv = g_file_get_child (dir, "score & co.csv");
  g_autoptr(GFile) bad = g_file_get_child (dir, "no-such-folder/score.png");
  GtkWidget *export = pen_test_find_first (GTK_WIDGET (f->page), PEN_TYPE_SCORE_EXPORT);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  const char *subtitle;

  g_assert_nonnull (export);
  pen_test_collect (export, ADW_TYPE_ACTION_ROW, rows);
  g_assert_cmpuint (rows->len, ==, 2);
  pen_score_export_save (PEN_SCORE_EXPORT (export), csv, FALSE);
  g_assert_true (g_file_query_exists (csv, NULL));
  /* a file name, not markup */
  g_assert_cmpstr (adw_action_row_get_subtitle (g_ptr_array_index (rows, 0)), ==,
                   "Saved score & co.csv");
  g_assert_cmpstr (adw_action_row_get_subtitle (g_ptr_array_index (rows, 1)), ==,
                   "A PNG picture of the sheet and its chart, as shown");
  pen_score_export_save (PEN_SCORE_EXPORT (export), bad, TRUE);
  subtitle = adw_action_row_get_subtitle (g_ptr_array_index (rows, 1));
  g_assert_true (g_str_has_prefix (subtitle, "Could not export: "));
  g_file_delete (csv, NULL, NULL);
}

/* The file chooser the export opens, shown as a dialog of its own (no portal here) */
static GtkFileChooser *
shown_chooser (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (w) && gtk_widget_get_visible (w))
        return GTK_FILE_CHOOSER (w);
    }
  return NULL;
}

/* The export's chooser starts in the user's Documents (CSV) or Pictures (image), or the home
 * folder when that one is not made, with the game's name and the date for the file; it
 * started in the app's working folder (play finding R21) */
static void
test_export_folder (Fixture       *f,
                    gconstpointer  data)
{
  const char *config = g_getenv ("XDG_CONFIG_HOME");
  g_autofree char *docs = g_build_filename (config, "Docs", NULL);
  g_autofree char *pics = g_build_filename (config, "No Pictures", NULL);
  g_autofree char *dirs = g_strdup_printf ("XDG_DOCUMENTS_DIR=\"%s\"\n"
                                           "XDG_PICTURES_DIR=\"%s\"\n", docs, pics);
  g_autofree char *dirs_file = g_build_filename (config, "user-dirs.dirs", NULL);
  GtkWidget *export = pen_test_find_first (GTK_WIDGET (f->page), PEN_TYPE_SCORE_EXPORT);
  const char *actions[] = { "export.csv", "export.png" };
  const char *folders[] = { docs, g_get_home_dir () };
  const char *ends[] = { ".csv", ".png" };

  g_assert_nonnull (export);
  g_assert_cmpint (g_mkdir_with_parents (docs, 0700), ==, 0);
  g_assert_true (g_file_set_contents (dirs_file, dirs, -1, NULL));
  g_reload_user_special_dirs_cache ();
  g_assert_cmpstr (g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS), ==, docs);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkFileChooser *chooser;
      g_autoptr(GFile) folder = NULL;
      g_autoptr(GFile) expected = g_file_new_for_path (folders[i]);
      g_autofree char *name = NULL;

      g_assert_null (shown_chooser ());
      g_assert_true (gtk_widget_activate_action (export, actions[i], NULL));
      pen_test_flush ();
      chooser = shown_chooser ();
      g_assert_nonnull (chooser);
      folder = gtk_file_chooser_get_current_folder (chooser);
      g_assert_nonnull (folder);
      g_assert_true (g_file_equal (folder, expected));
      name = gtk_file_chooser_get_current_name (chooser);
      g_assert_true (g_str_has_prefix (name, "penumbra-score-"));
      g_assert_true (g_str_has_suffix (name, ends[i]));
      gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
      pen_test_flush ();
    }
  g_assert_null (shown_chooser ());
  g_unlink (dirs_file);
  g_rmdir (docs);
  g_reload_user_special_dirs_cache ();
}

/* The end of the game: final sheet, archived once, even when undone and redone */
static void
test_end_archives_once (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) title = g_ptr_array_new ();
  PenArchiveEntry *entry;
  JsonArray *players;

  collect_labels (GTK_WIDGET (f->page), "score-title", title);
  g_assert_cmpuint (title->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (title, 0), ==, "Running Score");
  g_assert_true (submit (f, "{\"action\":\"correct\",\"target\":\"phase\","
                                               "\"value\":\"ended\"}"));
  pen_test_flush ();
  entries = pen_archive_list (f->archive, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 1);
  entry = g_ptr_array_index (entries, 0);
  g_assert_cmpstr (entry->players[0], ==, "Ann");
  g_assert_null (entry->save_path);
  players = json_object_get_array_member (json_node_get_object (entry->sheet), "players");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (players, 1),
                                               "total"), ==, core_total (f->game, "Boris"));
  g_ptr_array_set_size (title, 0);
  collect_labels (GTK_WIDGET (f->page), "score-title", title);
  g_assert_cmpstr (g_ptr_array_index (title, 0), ==, "Final Scores");
  g_assert_true (pen_archive_contains (f->archive, pen_score_page_get_sheet (f->page), NULL));

  /* undo, redo: the same sheet, not kept twice */
  g_assert_true (pen_game_undo (f->game));
  pen_test_flush ();
  g_assert_true (pen_game_redo (f->game, NULL));
  pen_test_flush ();
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = pen_archive_list (f->archive, NULL, &error);
  g_assert_cmpuint (entries->len, ==, 1);

  /* the archive tab lists it */
  g_ptr_array_set_size (title, 0);
  pen_score_page_set_archive_dir (f->page, f->archive);
  {
    GtkWidget *archive = pen_test_find_first (GTK_WIDGET (f->page), PEN_TYPE_SCORE_ARCHIVE);
    g_autoptr(GPtrArray) games = g_ptr_array_new ();

    /* one row per game kept, titled with its date */
    g_assert_nonnull (archive);
    pen_test_collect (archive, PEN_TYPE_SCORE_EXPANDER, games);
    g_assert_cmpuint (games->len, ==, entries->len);
    g_assert_cmpstr (adw_preferences_row_get_title (g_ptr_array_index (games, 0)), !=, "");
  }
  /* each player's row ends in the total, written plainly: a total is not a change (play
   * finding W11: "+19", "+13", "+1"; a negative one would read "-2" beside them) */
  {
    GtkWidget *archive = pen_test_find_first (GTK_WIDGET (f->page), PEN_TYPE_SCORE_ARCHIVE);
    g_autoptr(GPtrArray) rows = g_ptr_array_new ();
    guint n_positive = 0;

    entry = g_ptr_array_index (entries, 0);
    pen_test_collect (archive, PEN_TYPE_SCORE_ROW, rows);
    g_assert_cmpuint (rows->len, ==, pen_archive_entry_get_n_results (entry));
    for (guint i = 0; i < rows->len; i++)
      {
        const char *name = adw_preferences_row_get_title (g_ptr_array_index (rows, i));
        g_autoptr(GPtrArray) points = g_ptr_array_new ();
        g_autofree char *expected = NULL;

        collect_labels (g_ptr_array_index (rows, i), "score-points", points);
        g_assert_cmpuint (points->len, ==, 1);
        for (guint seat = 0; seat < pen_archive_entry_get_n_results (entry); seat++)
          if (g_str_equal (pen_archive_entry_get_result_name (entry, seat), name))
            {
              int total = pen_archive_entry_get_result_total (entry, seat);

              expected = g_strdup_printf ("%d", total);
              n_positive += total > 0;
            }
        g_assert_nonnull (expected);
        g_assert_cmpstr (g_ptr_array_index (points, 0), ==, expected);
      }
    /* the check above means something: some total would have read "+N" */
    g_assert_cmpuint (n_positive, >, 0);
  }
}

static const char *
stack_shown (GtkWidget *root)
{
  g_autoptr(GPtrArray) stacks = g_ptr_array_new ();

  pen_test_collect (root, GTK_TYPE_STACK, stacks);
  for (guint i = 0; i < stacks->len; i++)
    if (g_strcmp0 (gtk_stack_get_visible_child_name (g_ptr_array_index (stacks, i)),
                   "missing") == 0)
      return "missing";
  return "sheet";
}

/* The play-tester's #20 and #21: a correction after the end replaces the game's archive entry
 * (one entry, always current), and the finished game, opened again, shows its final score, not
 * the sheet of numbers still unknown */
static void
test_correction_rearchives (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GFile) dir = g_file_get_parent (f->archive);
  g_autoptr(GFile) save = g_file_get_child (dir, "game.json");
  g_autofree char *path = g_file_get_path (save);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(PenEndForm) unknown = pen_end_form_new ();
  g_autoptr(GError) error = NULL;
  PenArchiveEntry *entry;
  JsonArray *players;
  int boris;

  pen_game_set_file (f->game, save);
  /* a card whose points the book does not print: the end sheet would ask them */
  g_assert_true (submit (f, "{\"action\":\"card-gain\",\"wizard\":1,"
                            "\"card\":\"night-of-horrors\",\"zone\":\"experience\"}"));
  g_assert_true (submit (f, "{\"action\":\"correct\",\"target\":\"phase\","
                            "\"value\":\"ended\"}"));
  pen_test_flush ();
  entries = pen_archive_list (f->archive, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_cmpstr (((PenArchiveEntry *) g_ptr_array_index (entries, 0))->save_path, ==, path);

  /* a correction on the Score page after the end: Boris gains an Arcana */
  boris = core_total (f->game, "Boris");
  g_assert_true (submit (f, "{\"action\":\"ingredient-gain\",\"wizard\":1,"
                            "\"ingredient\":\"arcana\",\"count\":1}"));
  pen_test_flush ();
  g_assert_cmpint (core_total (f->game, "Boris"), ==, boris + 1);
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = pen_archive_list (f->archive, NULL, &error);
  g_assert_cmpuint (entries->len, ==, 1);
  entry = g_ptr_array_index (entries, 0);
  players = json_object_get_array_member (json_node_get_object (entry->sheet), "players");
  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);

      if (g_str_equal (json_object_get_string_member (p, "name"), "Boris"))
        g_assert_cmpint (json_object_get_int_member (p, "total"), ==, boris + 1);
    }
  g_assert_true (pen_archive_contains (f->archive, pen_score_page_get_sheet (f->page), path));
  g_assert_true (pen_test_has_label (GTK_WIDGET (f->page), "Kept in the Archive"));
  g_assert_false (pen_test_has_label (GTK_WIDGET (f->page), "Not in the Archive"));

  /* opened again (another page, as after a restart): the final score, though a card still
   * lacks its points */
  pen_end_form_update (unknown, pen_game_get_table (f->game));
  g_assert_cmpuint (pen_end_form_get_n_items (unknown), >, 0);
  {
    GtkWindow *window = GTK_WINDOW (gtk_window_new ());
    PenScorePage *page = g_object_new (PEN_TYPE_SCORE_PAGE, NULL);

    gtk_window_set_child (window, GTK_WIDGET (page));
    pen_score_page_set_archive_dir (page, f->archive);
    g_object_set (page, "game", f->game, NULL);
    gtk_window_present (window);
    pen_test_flush ();
    g_assert_cmpstr (stack_shown (GTK_WIDGET (page)), ==, "sheet");
    gtk_window_destroy (window);
    pen_test_flush ();
  }
  /* a finished game the archive does not hold still asks its numbers first */
  {
    GtkWindow *window = GTK_WINDOW (gtk_window_new ());
    PenScorePage *page = g_object_new (PEN_TYPE_SCORE_PAGE, NULL);
    g_autoptr(GFile) empty = g_file_get_child (dir, "empty-archive");

    gtk_window_set_child (window, GTK_WIDGET (page));
    pen_score_page_set_archive_dir (page, empty);
    g_object_set (page, "game", f->game, NULL);
    gtk_window_present (window);
    pen_test_flush ();
    g_assert_cmpstr (stack_shown (GTK_WIDGET (page)), ==, "missing");
    gtk_window_destroy (window);
    pen_test_flush ();
  }
}

/* After the final score is shown, numbers left unknown and all, the Table page's banner says who
 * won with the final points: it no longer says that the Score page will ask the numbers still
 * unknown (play finding D2) */
static void
test_banner_after_final (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(PenTablePage) table_page = pen_test_table_page_new (f->game);
  PenPhaseBanner *banner = PEN_PHASE_BANNER (pen_test_find_first (GTK_WIDGET (table_page),
                                                                  PEN_TYPE_PHASE_BANNER));
  PenEndSheet *sheet;
  g_autofree char *won = NULL;
  const PenScoreSheet *final;
  const char *leader = NULL;
  int total = 0;

  /* a card whose points the book does not print: the end sheet asks them */
  g_assert_true (submit (f, "{\"action\":\"card-gain\",\"wizard\":1,"
                            "\"card\":\"night-of-horrors\",\"zone\":\"experience\"}"));
  g_assert_true (submit (f, "{\"action\":\"correct\",\"target\":\"phase\","
                            "\"value\":\"ended\"}"));
  pen_test_flush ();
  g_assert_cmpstr (stack_shown (GTK_WIDGET (f->page)), ==, "missing");
  g_assert_nonnull (strstr (pen_phase_banner_get_result (banner),
                            "the Score page asks for the numbers still unknown"));
  g_assert_false (pen_game_get_final_score_shown (f->game));

  /* the table leaves the card's points unknown and shows the final score */
  sheet = PEN_END_SHEET (pen_test_find_first (GTK_WIDGET (f->page), PEN_TYPE_END_SHEET));
  g_assert_nonnull (sheet);
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (pen_end_sheet_get_score_button (sheet))));
  g_signal_emit_by_name (pen_end_sheet_get_score_button (sheet), "clicked");
  pen_test_flush ();
  g_assert_cmpstr (stack_shown (GTK_WIDGET (f->page)), ==, "sheet");
  g_assert_true (pen_game_get_final_score_shown (f->game));

  final = pen_score_page_get_sheet (f->page);
  for (guint i = 0; i < final->results->len; i++)
    {
      PenScoreResult *r = g_ptr_array_index (final->results, i);

      if (r->place == 1)
        {
          g_assert_null (leader);
          leader = r->display_name;
          total = r->total;
        }
    }
  g_assert_nonnull (leader);
  won = g_strdup_printf ("%s wins with %d point%s", leader, total, total == 1 ? "" : "s");
  g_assert_cmpstr (pen_phase_banner_get_result (banner), ==, won);

  /* undone, the game is not over: its final score is no longer shown */
  g_assert_true (pen_game_undo (f->game));
  pen_test_flush ();
  g_assert_false (pen_game_get_final_score_shown (f->game));
}

/* Only what changed is made again: a die flip changes no score and keeps every player's rows;
 * a point for Boris makes his rows again and keeps the others', as does its undo */
static void
test_only_changed (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GPtrArray) before = g_ptr_array_new ();
  g_autoptr(GPtrArray) after = g_ptr_array_new ();
  int boris;

  pen_test_collect (GTK_WIDGET (f->page), PEN_TYPE_SCORE_PLAYER_GROUP, before);
  g_assert_cmpuint (before->len, ==, 3);
  for (guint i = 0; i < before->len; i++)
    g_object_add_weak_pointer (g_ptr_array_index (before, i), &before->pdata[i]);

  g_assert_true (submit (f, "{\"action\":\"die-flip\",\"wizard\":0,\"index\":0}"));
  pen_test_collect (GTK_WIDGET (f->page), PEN_TYPE_SCORE_PLAYER_GROUP, after);
  g_assert_cmpuint (after->len, ==, 3);
  for (guint i = 0; i < after->len; i++)
    g_assert_true (g_ptr_array_index (after, i) == g_ptr_array_index (before, i));

  /* Boris leads (2 points) and stays first with one more Arcana */
  boris = shown_total (f->page, "Boris");
  g_assert_true (submit (f, "{\"action\":\"ingredient-gain\",\"wizard\":1,"
                            "\"ingredient\":\"arcana\",\"count\":1}"));
  g_assert_cmpint (shown_total (f->page, "Boris"), ==, boris + 1);
  g_assert_cmpint (shown_total (f->page, "Boris"), ==, core_total (f->game, "Boris"));
  g_ptr_array_set_size (after, 0);
  pen_test_collect (GTK_WIDGET (f->page), PEN_TYPE_SCORE_PLAYER_GROUP, after);
  g_assert_cmpuint (after->len, ==, 3);
  g_assert_null (g_ptr_array_index (before, 0));   /* Boris's group, made again */
  g_assert_true (g_ptr_array_index (after, 0) != NULL);
  g_assert_true (g_ptr_array_index (after, 1) == g_ptr_array_index (before, 1));
  g_assert_true (g_ptr_array_index (after, 2) == g_ptr_array_index (before, 2));

  g_assert_true (pen_game_undo (f->game));
  pen_test_flush ();
  g_assert_cmpint (shown_total (f->page, "Boris"), ==, boris);
  g_ptr_array_set_size (after, 0);
  pen_test_collect (GTK_WIDGET (f->page), PEN_TYPE_SCORE_PLAYER_GROUP, after);
  g_assert_true (g_ptr_array_index (after, 1) == g_ptr_array_index (before, 1));
  g_assert_true (g_ptr_array_index (after, 2) == g_ptr_array_index (before, 2));
  for (guint i = 1; i < before->len; i++)
    g_object_remove_weak_pointer (g_ptr_array_index (before, i), &before->pdata[i]);
}

/* ---- the figure at the end of a row ---- */

/* Where the label reading text stands in row (-1 when there is none) */
static double
label_x (GtkWidget  *row,
         const char *text,
         double     *width)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  graphene_rect_t bounds;

  pen_test_collect (row, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_label (g_ptr_array_index (labels, i)), text) == 0
        && gtk_widget_get_mapped (g_ptr_array_index (labels, i))
        && gtk_widget_compute_bounds (g_ptr_array_index (labels, i), row, &bounds))
      {
        *width = bounds.size.width;
        return bounds.origin.x;
      }
  return -1;
}

static GtkWidget *
plain_label (const char *text,
             const char *style)
{
  GtkWidget *label = gtk_label_new (text);
  g_auto(GStrv) classes = g_strsplit (style, " ", -1);

  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  for (guint i = 0; classes[i] != NULL; i++)
    gtk_widget_add_css_class (label, classes[i]);
  return label;
}

/* The points and the "house value" tag of a row and of an expander stand where they stood as
 * two labels of their own, a row's two suffixes and an expander's two actions */
static void
test_figure_place (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *row = pen_score_row_new ("Goldeater", NULL, -3, TRUE);
  GtkWidget *expander = pen_score_expander_new (NULL, NULL, "Arcana", NULL);
  GtkWidget *plain_row = adw_action_row_new ();
  GtkWidget *plain_expander = adw_expander_row_new ();
  const char *tag = "house value";
  struct { GtkWidget *row, *plain; const char *points; } pairs[] = {
    { row, plain_row, "-3" },
    { expander, plain_expander, "+2" },
  };

  g_object_set (expander, "points", 2, "show-points", TRUE, "open", TRUE, NULL);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (plain_row), "Goldeater");
  adw_action_row_add_suffix (ADW_ACTION_ROW (plain_row), plain_label (tag, "open-value"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (plain_row),
                             plain_label ("-3", "score-points numeric negative"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (plain_expander), "Arcana");
  /* an expander's actions pack from the end */
  adw_expander_row_add_action (ADW_EXPANDER_ROW (plain_expander),
                               plain_label ("+2", "score-points numeric"));
  adw_expander_row_add_action (ADW_EXPANDER_ROW (plain_expander), plain_label (tag, "open-value"));
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      gtk_list_box_append (GTK_LIST_BOX (list), pairs[i].row);
      gtk_list_box_append (GTK_LIST_BOX (list), pairs[i].plain);
    }
  gtk_window_set_child (GTK_WINDOW (window), list);
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 400);
  gtk_window_present (GTK_WINDOW (window));
  for (guint i = 0; i < 10; i++)
    {
      g_usleep (20000);
      pen_test_flush ();
    }

  g_assert_cmpint (pen_score_row_get_points (PEN_SCORE_ROW (row)), ==, -3);
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      double w = 0, plain_w = 0;

      g_assert_cmpfloat (label_x (pairs[i].row, tag, &w), >, 0);
      g_assert_cmpfloat (label_x (pairs[i].row, tag, &w), ==,
                         label_x (pairs[i].plain, tag, &plain_w));
      g_assert_cmpfloat (w, ==, plain_w);
      g_assert_cmpfloat (label_x (pairs[i].row, pairs[i].points, &w), >, 0);
      g_assert_cmpfloat (label_x (pairs[i].row, pairs[i].points, &w), ==,
                         label_x (pairs[i].plain, pairs[i].points, &plain_w));
      g_assert_cmpfloat (w, ==, plain_w);
    }
  /* the points hidden, the tag alone; unknown points read "?" */
  g_object_set (row, "show-points", FALSE, NULL);
  pen_score_row_set_unknown (PEN_SCORE_ROW (row), TRUE);
  pen_test_flush ();
  {
    double w;

    g_assert_cmpfloat (label_x (row, "-3", &w), <, 0);
    g_assert_cmpfloat (label_x (row, tag, &w), >, 0);
    g_object_set (row, "show-points", TRUE, NULL);
    pen_test_flush ();
    g_assert_cmpfloat (label_x (row, "?", &w), >, 0);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- the solo Rival in the archive, at 360 px ---- */

/* Every mapped label under root is at least as wide as its longest word (a label given less
 * breaks a word in the middle); the words that do not fit are logged. Counts the labels. */
static gboolean
words_fit (GtkWidget *widget,
           guint     *n_checked)
{
  gboolean fits = TRUE;

  if (!gtk_widget_get_mapped (widget))
    return TRUE;
  if (GTK_IS_LABEL (widget) && gtk_label_get_ellipsize (GTK_LABEL (widget)) == PANGO_ELLIPSIZE_NONE
      && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    {
      const char *text = gtk_label_get_text (GTK_LABEL (widget));
      g_autoptr(PangoLayout) probe = pango_layout_copy (gtk_label_get_layout (GTK_LABEL (widget)));
      g_auto(GStrv) words = g_strsplit_set (text, " \n\t", -1);

      pango_layout_set_attributes (probe, NULL);
      pango_layout_set_width (probe, -1);
      for (guint i = 0; words[i] != NULL; i++)
        {
          int word_width = 0;

          pango_layout_set_text (probe, words[i], -1);
          pango_layout_get_pixel_size (probe, &word_width, NULL);
          if (word_width > gtk_widget_get_width (widget))
            {
              g_test_message ("\"%s\" is laid out %d px wide, its word \"%s\" needs %d", text,
                              gtk_widget_get_width (widget), words[i], word_width);
              fits = FALSE;
            }
        }
      (*n_checked)++;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    fits &= words_fit (c, n_checked);
  return fits;
}

/* With PEN_SCREENSHOT_DIR set, the window as drawn, for docs/screenshots */
static void
screenshot (GtkWidget  *window,
            const char *name)
{
  const char *dir = g_getenv ("PEN_SCREENSHOT_DIR");
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL;
  int w = gtk_widget_get_width (window), h = gtk_widget_get_height (window);

  if (dir == NULL)
    return;
  file = g_strdup_printf ("%s/%s.png", dir, name);
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.98, 0.98, 0.98, 1 },
                             &GRAPHENE_RECT_INIT (0, 0, w, h));
  pen_test_render_onto (snapshot, window, 0, 0);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  g_assert_true (gdk_texture_save_to_png (texture, file));
  g_test_message ("saved %s", file);
}

/* How many rows under root (root not counted) have part in their title or subtitle */
static guint
count_label (GtkWidget  *root,
             const char *part)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  guint n = 0;

  pen_test_collect (root, ADW_TYPE_PREFERENCES_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      const char *title = adw_preferences_row_get_title (g_ptr_array_index (rows, i));
      const char *subtitle = ADW_IS_EXPANDER_ROW (g_ptr_array_index (rows, i))
                             ? adw_expander_row_get_subtitle (g_ptr_array_index (rows, i)) : NULL;

      n += (title != NULL && strstr (title, part) != NULL)
           + (subtitle != NULL && strstr (subtitle, part) != NULL);
    }
  return n;
}

/* The play-tester's #34 and the Russian banner: a finished solo game is archived with a mark of
 * which player is the Rival, so the Archive shows it by its name in the language shown (run
 * in English and in Russian); an entry kept before the mark is listed as it was stored; and at
 * 360 px the "Kept in the Archive" banner breaks no word */
static void
test_archive_rival (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("pen-ui-score-rival-XXXXXX", &error);
  g_autoptr(GFile) archive = g_file_new_build_filename (tmp, "archive", NULL);
  g_autoptr(GFile) save = g_file_new_build_filename (tmp, "solo.json", NULL);
  g_autoptr(GFile) old = g_file_get_child (archive, "old.json");
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *path = g_file_get_path (save);
  const char *old_text = "{\"format\": \"penumbra-companion-archive\", \"version\": 1, "
                         "\"date\": \"2026-01-01T12:00:00Z\", \"players\": [\"Masha\", "
                         "\"Rival\"], \"sheet\": {\"players\": [{\"name\": \"Masha\", "
                         "\"total\": 3}, {\"name\": \"Rival\", \"total\": 5}]}, "
                         "\"save\": \"/games/before-the-mark.json\"}";
  GtkWindow *window;
  PenScorePage *page;
  GtkWidget *shown;
  PenArchiveEntry *entry;
  int rival = -1;
  guint n_checked = 0;
  gboolean russian = g_strcmp0 (g_getenv ("LANGUAGE"), "ru") == 0;

  g_assert_no_error (error);
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": "
                                       "[\"Masha\"], \"solo\": 2, \"seed\": 21}", &error));
  g_assert_no_error (error);
  pen_game_set_file (game, save);
  for (guint w = 0; w < pen_table_get_n_players (pen_game_get_table (game)); w++)
    if (pen_wizard_get_rival (pen_table_get_wizard (pen_game_get_table (game), w)))
      rival = (int) w;
  g_assert_cmpint (rival, >=, 0);
  if (russian)
    g_assert_cmpstr (_("Rival"), !=, "Rival");

  window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (window, 360, 720);
  page = g_object_new (PEN_TYPE_SCORE_PAGE, NULL);
  gtk_window_set_child (window, GTK_WIDGET (page));
  pen_score_page_set_archive_dir (page, archive);
  g_object_set (page, "game", game, NULL);
  gtk_window_present (window);
  pen_test_flush ();

  /* the end: kept with the mark; the name stored stays the language-free one */
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"correct\", \"target\": \"phase\", "
                                       "\"value\": \"ended\"}", &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 10; i++)
    {
      g_usleep (10000);
      pen_test_flush ();
    }
  entries = pen_archive_list (archive, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 1);
  entry = g_ptr_array_index (entries, 0);
  g_assert_cmpint (entry->rival, ==, rival);
  g_assert_cmpstr (entry->players[rival], ==, "Rival");
  g_assert_cmpstr (entry->save_path, ==, path);
  g_assert_cmpstr (pen_archive_entry_get_display_name (entry, rival), ==, _("Rival"));

  /* the banner at 360 px: every word whole */
  g_assert_true (pen_test_has_label (GTK_WIDGET (page), _("Kept in the Archive")));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  g_assert_true (words_fit (GTK_WIDGET (page), &n_checked));
  g_assert_cmpuint (n_checked, >, 3);
  screenshot (GTK_WIDGET (window), russian ? "score-archived-phone-ru" : "score-archived-phone");

  /* the Archive: the Rival by its shown name, the player by hers; an entry of a game kept
   * before the mark (no "extra"), as stored */
  g_assert_true (g_file_replace_contents (old, old_text, strlen (old_text), NULL, FALSE,
                                          G_FILE_CREATE_NONE, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "score.show-archive", NULL));
  for (guint i = 0; i < 10; i++)
    {
      g_usleep (10000);
      pen_test_flush ();
    }
  shown = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_SCORE_ARCHIVE);
  g_assert_true (gtk_widget_get_mapped (shown));
  {
    g_autoptr(GPtrArray) games = g_ptr_array_new ();

    pen_test_collect (shown, PEN_TYPE_SCORE_EXPANDER, games);
    g_assert_cmpuint (games->len, ==, 2);
    /* the solo game, newest: its summary and its Rival's row */
    g_assert_nonnull (strstr (adw_expander_row_get_subtitle (g_ptr_array_index (games, 0)),
                              _("Rival")));
    g_assert_nonnull (strstr (adw_expander_row_get_subtitle (g_ptr_array_index (games, 0)),
                              "Masha"));
    g_assert_cmpuint (count_label (g_ptr_array_index (games, 0), _("Rival")), ==, 1);
    /* the old entry, as it was stored */
    g_assert_nonnull (strstr (adw_expander_row_get_subtitle (g_ptr_array_index (games, 1)),
                              "Rival 5"));
    if (russian)
      {
        g_assert_cmpuint (count_label (g_ptr_array_index (games, 0), "Rival"), ==, 0);
        g_assert_null (strstr (adw_expander_row_get_subtitle (g_ptr_array_index (games, 0)),
                               "Rival"));
      }
    /* open: the players' rows, each ending in its total */
    adw_expander_row_set_expanded (g_ptr_array_index (games, 1), TRUE);
    for (guint i = 0; i < 20; i++)
      {
        g_usleep (10000);
        pen_test_flush ();
      }
  }
  g_assert_true (words_fit (GTK_WIDGET (page), &n_checked));
  screenshot (GTK_WIDGET (window), russian ? "score-archive-phone-ru" : "score-archive-phone");

  /* and at desktop size, the banner's button beside its text */
  {
    g_autoptr(GPtrArray) stacks = g_ptr_array_new ();

    pen_test_collect (GTK_WIDGET (page), GTK_TYPE_STACK, stacks);
    for (guint i = 0; i < stacks->len; i++)
      if (gtk_stack_get_child_by_name (g_ptr_array_index (stacks, i), "archive") != NULL)
        gtk_stack_set_visible_child_name (g_ptr_array_index (stacks, i), "sheet");
  }
  gtk_window_set_default_size (window, 1280, 800);
  for (guint i = 0; i < 20; i++)
    {
      g_usleep (10000);
      pen_test_flush ();
    }
  g_assert_true (words_fit (GTK_WIDGET (page), &n_checked));
  screenshot (GTK_WIDGET (window),
              russian ? "score-archived-desktop-ru" : "score-archived-desktop");

  gtk_window_destroy (window);
  pen_test_flush ();
  g_file_delete (old, NULL, NULL);
  g_file_delete (entry->file, NULL, NULL);
  g_file_delete (archive, NULL, NULL);
  g_file_delete (save, NULL, NULL);
  {
    g_autoptr(GFile) dir = g_file_new_for_path (tmp);

    g_file_delete (dir, NULL, NULL);
  }
}

/* At 360 px a long name is not cut beside its bar: it gets its own line above it, so the chart
 * grows; at desktop size the names stay beside the bars (play finding R20) */
static void
test_chart_long_names (void)
{
  const char *text = "{\"players\": [{\"name\": \"Владислав Прохоров\", \"arcana\": 3}, "
                     "{\"name\": \"Екатерина Долгорукова\", \"arcana\": 2}, "
                     "{\"name\": \"Александра Котова\", \"arcana\": 1}, "
                     "{\"name\": \"Святослав Тихонов\"}]}";
  g_autoptr(JsonNode) node = pen_json_parse (text, -1, NULL);
  g_autoptr(PenScoreRules) rules = pen_score_rules_new_default ();
  g_autoptr(PenScoreInput) input = NULL;
  g_autoptr(PenScoreSheet) sheet = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *chart = pen_score_chart_new ();
  GtkWidget *window = gtk_window_new ();
  int narrow, wide;

  input = pen_score_input_from_json (node, "$", rules, &error);
  g_assert_no_error (error);
  sheet = pen_score_compute (input);
  gtk_window_set_child (GTK_WINDOW (window), chart);
  pen_score_chart_set_sheet (PEN_SCORE_CHART (chart), sheet);

  g_assert_true (pen_score_chart_names_fit (PEN_SCORE_CHART (chart), 336));
  g_assert_true (pen_score_chart_names_fit (PEN_SCORE_CHART (chart), 1200));
  gtk_widget_measure (chart, GTK_ORIENTATION_VERTICAL, 336, &narrow, NULL, NULL, NULL);
  gtk_widget_measure (chart, GTK_ORIENTATION_VERTICAL, 1200, &wide, NULL, NULL, NULL);
  /* four name lines more at 336 px (the legend may take more lines too) */
  g_assert_cmpint (narrow, >=, wide + 4 * 20);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *tmp = g_dir_make_tmp ("penumbra-ui-XXXXXX", NULL);

  /* never touch the user's saves, settings, archive or card catalogue */
  g_setenv ("XDG_DATA_HOME", tmp, TRUE);
  g_setenv ("XDG_CONFIG_HOME", tmp, TRUE);
  /* ui-score-ru: in Russian (gettext reads LANGUAGE only outside the plain C locale) */
  if (g_getenv ("PENUMBRA_LOCALEDIR") != NULL)
    g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  /* gtk_test_init () keeps the C locale */
  if (g_getenv ("PENUMBRA_LOCALEDIR") != NULL)
    {
      setlocale (LC_ALL, "");
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PENUMBRA_LOCALEDIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
  adw_init ();
  g_test_add ("/penumbra/ui/score/only-changed", Fixture, NULL, fixture_set_up, test_only_changed,
              fixture_tear_down);
  g_test_add ("/penumbra/ui/score/totals", Fixture, NULL, fixture_set_up, test_totals,
              fixture_tear_down);
  g_test_add ("/penumbra/ui/score/goal-vp-undo", Fixture, NULL, fixture_set_up, test_goal_vp_undo,
              fixture_tear_down);
  g_test_add ("/penumbra/ui/score/unknown-value", Fixture, NULL, fixture_set_up, test_unknown_value,
              fixture_tear_down);
  g_test_add ("/penumbra/ui/score/board-cell", Fixture, NULL, fixture_set_up, test_board_cell,
              fixture_tear_down);
  g_test_add ("/penumbra/ui/score/exports", Fixture, NULL, fixture_set_up, test_exports,
              fixture_tear_down);
  g_test_add ("/penumbra/ui/score/export-says-on-row", Fixture, NULL, fixture_set_up,
              test_export_says_on_row, fixture_tear_down);
  g_test_add ("/penumbra/ui/score/export-folder", Fixture, NULL, fixture_set_up,
              test_export_folder, fixture_tear_down);
  g_test_add ("/penumbra/ui/score/end-archives-once", Fixture, NULL, fixture_set_up,
              test_end_archives_once, fixture_tear_down);
  g_test_add ("/penumbra/ui/score/banner-after-final", Fixture, NULL, fixture_set_up,
              test_banner_after_final, fixture_tear_down);
  g_test_add ("/penumbra/ui/score/correction-rearchives", Fixture, NULL, fixture_set_up,
              test_correction_rearchives, fixture_tear_down);
  g_test_add_func ("/penumbra/ui/score/figure-place", test_figure_place);
  g_test_add_func ("/penumbra/ui/score/archive-rival", test_archive_rival);
  g_test_add_func ("/penumbra/ui/score/chart-long-names", test_chart_long_names);
  return g_test_run ();
}
