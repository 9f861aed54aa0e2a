/* test-ui-resource.c: the Resource die's faces, typed in once (play finding Y3, issue 9)
 *
 * App-dealt play: the place dialog's Forest asks what the die gave while its faces are not
 * typed in, and offers to type them; once typed, "The app rolls" comes first and the app rolls
 * it; a second game does not ask again. The Harvest's "The App Rolls" and the Preferences row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "pen-event-panel.h"
#include "pen-json.h"
#include "pen-locations.h"
#include "pen-place-dialog.h"
#include "pen-preferences-window.h"
#include "pen-resource-faces-dialog.h"
#include "pen-table-page.h"
#include "pen-test-gtk-utils.h"
#include "pen-test-utils.h"

static void
submit_cb (GObject   *dialog,
           PenAction *action,
           PenGame   *game)
{
  g_autoptr(GError) error = NULL;

  if (!pen_game_submit (game, action, &error))
    g_error ("%s: refused: %s", G_OBJECT_TYPE_NAME (dialog), error->message);
}

static GtkWindow *
parent_window (void)
{
  GtkWidget *window = adw_window_new ();

  adw_window_set_content (ADW_WINDOW (window), adw_status_page_new ());
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  return GTK_WINDOW (window);
}

/* Ann's Study turn in an app-dealt game, a Bone 2 her only die */
static PenGame *
forest_game (guint seed)
{
  PenGame *game = pen_game_new ();
  PenWizard *ann;
  g_autofree char *start = g_strdup_printf ("{\"action\": \"new-game\", \"players\": "
                                            "[\"Ann\", \"Bob\"], \"seed\": %u}", seed);

  pen_test_run (game, start);
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  ann = pen_table_get_wizard (pen_game_get_table (game), 0);
  while (g_list_model_get_n_items (pen_wizard_get_supply (ann)) > 0)
    pen_test_run (game, "{\"action\": \"die-discard\", \"wizard\": 0, \"index\": 0}");
  pen_test_run (game, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"bone\", "
                "\"value\": 2}");
  return game;
}

static PenPlaceDialog *
forest_dialog (GtkWindow *window,
               PenGame   *game)
{
  g_autoptr(GError) error = NULL;
  PenPlaceDialog *dialog = pen_place_dialog_new (window, game, 0, 0, &error);
  const char * const *sections;

  g_assert_no_error (error);
  g_signal_connect (dialog, "submit", G_CALLBACK (submit_cb), game);
  sections = pen_place_dialog_get_sections (dialog);
  for (guint i = 0; sections[i] != NULL; i++)
    if (g_str_equal (sections[i], "forest/resource"))
      gtk_check_button_set_active (pen_place_dialog_get_section_button (dialog, i), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
  pen_test_flush ();
  return dialog;
}

static const char *
picker_item (GtkDropDown *picker,
             guint        i)
{
  return gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (picker)), i);
}

/* The faces dialog opened by a tap: the newest of its kind among the windows */
static PenResourceFacesDialog *
find_faces_dialog (void)
{
  /* transfer none */
  GListModel *windows = gtk_window_get_toplevels ();
  PenResourceFacesDialog *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (windows); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (windows, i);

      if (PEN_IS_RESOURCE_FACES_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        found = PEN_RESOURCE_FACES_DIALOG (w);
    }
  return found;
}

/* Under LANGUAGE=ru (screenshots): the words asserted are the translated ones */
static gboolean
russian (void)
{
  return g_getenv ("PENUMBRA_LOCALEDIR") != NULL && g_strcmp0 (g_getenv ("LANGUAGE"), "ru") == 0;
}

/* The scrolled window around widget shows it (the Table page is long) */
static void
scroll_to (GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_point_t at;

  if (scroller == NULL || gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)) == NULL
      || !gtk_widget_compute_point (widget, gtk_scrolled_window_get_child (
                                      GTK_SCROLLED_WINDOW (scroller)),
                                    &GRAPHENE_POINT_INIT (0, 0), &at))
    return;
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)),
                            MAX (0, at.y - 24));
}

/* With PEN_SCREENSHOT_DIR: window (dialog over it, if any) at the desktop's and a phone's
 * size, "-ru" added under LANGUAGE=ru */
static void
shot (GtkWindow  *window,
      GtkWidget  *dialog,
      const char *name)
{
  static const int sizes[][2] = { { 1280, 800 }, { 360, 720 } };
  const char *dir = g_getenv ("PEN_SCREENSHOT_DIR");
  gboolean ru = g_strcmp0 (g_getenv ("LANGUAGE"), "ru") == 0;

  if (dir == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *file = g_strdup_printf ("%s/resource-%s-%s%s.png", dir, name,
                                               i == 0 ? "desktop" : "phone", ru ? "-ru" : "");

      gtk_window_set_default_size (window, sizes[i][0], sizes[i][1]);
      pen_test_wait_frames (10);
      pen_test_save_over (GTK_WIDGET (window), dialog, sizes[i][0], sizes[i][1], file);
    }
  gtk_window_set_default_size (window, 1280, 800);
  pen_test_wait_frames (10);
}

/* the faces the test's table reads off its die: 1 Fruit, 2 Fruits, 1 Crystal, 2 Crystals,
 * 1 Jewel and 1 Fruit, 1 Jewel */
static const guint die[6][3] = {
  { 1, 0, 0 }, { 2, 0, 0 }, { 0, 1, 0 }, { 0, 2, 0 }, { 1, 0, 1 }, { 0, 0, 1 },
};

/* App-dealt Forest, faces unknown: the table picks what the die gave, or types the faces in;
 * typed in, the dialog asks again ("The app rolls" first, chosen), the app rolls, and the log
 * holds what it gave. A second game does not ask again. */
static void
test_forest_faces (void)
{
  static const PenIngredient kinds[] = {
    PEN_INGREDIENT_FRUIT, PEN_INGREDIENT_CRYSTAL, PEN_INGREDIENT_JEWEL,
  };
  g_autoptr(PenGame) game = forest_game (7);
  GtkWindow *window = parent_window ();
  PenWizard *ann = pen_table_get_wizard (pen_game_get_table (game), 0);
  PenPlaceDialog *dialog;
  PenResourceFacesDialog *faces;
  GtkDropDown *picker;
  guint had[3], gained[3], sum = 0;
  gboolean matches = FALSE;

  g_assert_false (pen_locations_get_resource_faces (pen_locations_get_default (), NULL));
  dialog = forest_dialog (window, game);
  picker = pen_place_dialog_get_picker (dialog, "resource-0");
  g_assert_nonnull (picker);
  g_assert_cmpstr (picker_item (picker, 0), ==, "—");
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "place"));
  g_assert_true (gtk_widget_get_visible (pen_place_dialog_get_resource_faces (dialog)));
  shot (window, GTK_WIDGET (dialog), "place-unknown");

  /* "Type the Resource Die's Faces…": every face must show something before Save */
  g_signal_emit_by_name (pen_place_dialog_get_resource_faces (dialog), "clicked");
  pen_test_flush ();
  faces = find_faces_dialog ();
  g_assert_nonnull (faces);
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (faces), "save"));
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (faces),
                                                           "forget"));
  g_assert_null (pen_resource_faces_dialog_get_spin (faces, 0, PEN_INGREDIENT_BLOOD));
  for (guint f = 0; f < 6; f++)
    {
      for (guint k = 0; k < 3; k++)
        gtk_spin_button_set_value (pen_resource_faces_dialog_get_spin (faces, f, kinds[k]),
                                   die[f][k]);
      g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (faces), "save")
                     == (f == 5));
    }
  shot (window, GTK_WIDGET (faces), "faces");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (faces), "save");
  pen_test_flush ();
  g_assert_true (pen_locations_get_resource_faces (pen_locations_get_default (), NULL));

  /* asked again in place: the app rolls, chosen already, so Place may go */
  g_assert_false (gtk_widget_get_visible (pen_place_dialog_get_resource_faces (dialog)));
  picker = pen_place_dialog_get_picker (dialog, "resource-0");
  g_assert_nonnull (picker);
  g_assert_cmpstr (picker_item (picker, 0), ==, dgettext (GETTEXT_PACKAGE, "The app rolls"));
  g_assert_cmpuint (gtk_drop_down_get_selected (picker), ==, 0);
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "place"));
  shot (window, GTK_WIDGET (dialog), "place-app-rolls");
  for (guint k = 0; k < 3; k++)
    had[k] = pen_wizard_get_ingredient (ann, kinds[k]);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "place");
  pen_test_flush ();
  for (guint k = 0; k < 3; k++)
    {
      gained[k] = pen_wizard_get_ingredient (ann, kinds[k]) - had[k];
      sum += gained[k];
    }
  /* what one of the faces shows, no more */
  for (guint f = 0; f < 6; f++)
    matches |= gained[0] == die[f][0] && gained[1] == die[f][1] && gained[2] == die[f][2];
  g_assert_true (matches);
  g_assert_cmpuint (sum, >, 0);
  {
    g_autofree char *log = pen_game_log_to_lines (game);

    g_assert_nonnull (strstr (log, "\"location\":\"forest\""));
    g_assert_nonnull (strstr (log, "\"resource\":[{"));
  }

  /* a second game: the faces are remembered, nothing is asked */
  {
    g_autoptr(PenGame) second = forest_game (11);
    PenPlaceDialog *again = forest_dialog (window, second);
    GtkDropDown *roll = pen_place_dialog_get_picker (again, "resource-0");

    g_assert_false (gtk_widget_get_visible (pen_place_dialog_get_resource_faces (again)));
    g_assert_cmpstr (picker_item (roll, 0), ==, dgettext (GETTEXT_PACKAGE, "The app rolls"));
    g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (again),
                                                            "place"));
    gtk_window_destroy (GTK_WINDOW (again));
  }
  /* and another run of the app reads them from the user's data */
  {
    g_autofree char *file = pen_locations_get_default_user_file ();
    g_autoptr(PenLocations) reread = pen_locations_new (file);
    guint got[6][PEN_N_INGREDIENTS];

    g_assert_true (pen_locations_get_resource_faces (reread, got));
    for (guint f = 0; f < 6; f++)
      for (guint k = 0; k < 3; k++)
        g_assert_cmpuint (got[f][kinds[k]], ==, die[f][k]);
  }
  gtk_window_destroy (window);
}

/* Finding Z1: the mouse wheel over the faces' numbers scrolls the list of faces, it does not
 * change a number the table has not put the focus in; and a face shows at most
 * PEN_RESOURCE_FACE_MAX Ingredients in all: no number goes past it, a face over it in all is
 * said and Save waits */
static void
test_faces_wheel_and_bound (void)
{
  GtkWindow *window = parent_window ();
  PenResourceFacesDialog *faces = pen_resource_faces_dialog_new (window);
  GtkSpinButton *spin;
  g_autoptr(GPtrArray) spins = g_ptr_array_new ();

  gtk_window_present (GTK_WINDOW (faces));
  pen_test_flush ();
  pen_test_collect (GTK_WIDGET (faces), GTK_TYPE_SPIN_BUTTON, spins);
  g_assert_cmpuint (spins->len, ==, 18);
  for (guint i = 0; i < spins->len; i++)
    {
      GtkWidget *one = g_ptr_array_index (spins, i);

      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (faces));

      g_assert_nonnull (gtk_widget_get_ancestor (one, GTK_TYPE_SCROLLED_WINDOW));
      /* the number the dialog opens in (face 1's Fruits, for typing) is the table's focus */
      g_assert_cmpint (pen_test_spin_takes_wheel (one), ==,
                       focus != NULL && gtk_widget_is_ancestor (focus, one));
      g_assert_cmpfloat (gtk_adjustment_get_upper (gtk_spin_button_get_adjustment (
                           GTK_SPIN_BUTTON (one))), ==, PEN_RESOURCE_FACE_MAX);
    }
  spin = pen_resource_faces_dialog_get_spin (faces, 0, PEN_INGREDIENT_FRUIT);
  gtk_widget_grab_focus (GTK_WIDGET (spin));
  pen_test_flush ();
  g_assert_true (pen_test_spin_takes_wheel (GTK_WIDGET (spin)));

  /* typed past the bound: kept at it */
  gtk_spin_button_set_value (spin, 9);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, PEN_RESOURCE_FACE_MAX);
  gtk_spin_button_set_value (spin, 2);
  for (guint f = 0; f < 6; f++)
    gtk_spin_button_set_value (pen_resource_faces_dialog_get_spin (faces, f,
                                                                   PEN_INGREDIENT_JEWEL), 1);
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (faces), "save"));
  /* three Fruits and a Jewel on face 1: too many in all */
  gtk_spin_button_set_value (spin, PEN_RESOURCE_FACE_MAX);
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (faces), "save"));
  g_assert_true (russian ()
                 || pen_test_has_label (GTK_WIDGET (faces), "Face 1 shows too many: a face of "
                                        "the Resource die shows at most 3 Ingredients in all."));
  gtk_spin_button_set_value (spin, 2);
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (faces), "save"));
  gtk_window_destroy (GTK_WINDOW (faces));
  gtk_window_destroy (window);
}

/* Play finding A5: Tab goes from one face's number to the next, Fruits, Crystals, Jewels of
 * face 1, then of face 2 …, whatever the numbers typed: the − and + of a number, sensitive or
 * not once a value is typed, are no stops of their own (they are clicked, and the arrow keys
 * change the number), so the 18 numbers are typed in with Tab between them */
static void
test_faces_tab_order (void)
{
  static const PenIngredient order[] = {
    PEN_INGREDIENT_FRUIT, PEN_INGREDIENT_CRYSTAL, PEN_INGREDIENT_JEWEL
  };
  GtkWindow *window = parent_window ();
  PenResourceFacesDialog *faces = pen_resource_faces_dialog_new (window);
  GtkSpinButton *spin;

  gtk_window_present (GTK_WINDOW (faces));
  pen_test_wait_frames (3);
  /* it opens with the focus in face 1's Fruits */
  spin = pen_resource_faces_dialog_get_spin (faces, 0, PEN_INGREDIENT_FRUIT);
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (faces)),
                                         GTK_WIDGET (spin)));
  for (guint i = 0; i < 18; i++)
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (faces));
      GtkSpinButton *next;

      spin = pen_resource_faces_dialog_get_spin (faces, i / 3, order[i % 3]);
      g_assert_nonnull (focus);
      g_test_message ("Tab %u: %s in %s", i, G_OBJECT_TYPE_NAME (focus),
                      G_OBJECT_TYPE_NAME (gtk_widget_get_parent (focus)));
      g_assert_true (focus == GTK_WIDGET (spin)
                     || gtk_widget_is_ancestor (focus, GTK_WIDGET (spin)));
      /* in sight: the list follows the focus Tab moves */
      if (i > 0)
        {
          GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (spin),
                                                         GTK_TYPE_SCROLLED_WINDOW);
          GtkWidget *list = gtk_widget_get_ancestor (GTK_WIDGET (spin), GTK_TYPE_LIST_BOX);
          GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (
            GTK_SCROLLED_WINDOW (scroller));
          double value = gtk_adjustment_get_value (adjustment);
          graphene_rect_t bounds;

          /* where the number lies in the list, and the part of it the scroller shows */
          g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (spin), list, &bounds));
          g_assert_cmpfloat (bounds.origin.y, >=, value);
          g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=,
                             value + gtk_adjustment_get_page_size (adjustment) + 0.5);
        }
      /* a value typed makes its − sensitive (and + while below the bound) */
      gtk_spin_button_set_value (spin, i % 3 == 0 ? 1 : 0);
      pen_test_flush ();
      g_signal_emit_by_name (faces, "move-focus", GTK_DIR_TAB_FORWARD);
      /* the list laid out again, as before a person's next key */
      pen_test_wait_frames (3);
      if (i == 17)
        break;
      next = pen_resource_faces_dialog_get_spin (faces, (i + 1) / 3, order[(i + 1) % 3]);
      focus = gtk_root_get_focus (GTK_ROOT (faces));
      if (!(focus == GTK_WIDGET (next) || gtk_widget_is_ancestor (focus, GTK_WIDGET (next))))
        g_error ("Tab after face %u, %s went to a %s in a %s", i / 3 + 1,
                 pen_ingredient_to_string (order[i % 3]),
                 focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "nothing",
                 focus != NULL ? G_OBJECT_TYPE_NAME (gtk_widget_get_parent (focus)) : "");
    }
  /* the 18 typed, each a Fruit: Save */
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (faces), "save"));
  gtk_window_destroy (GTK_WINDOW (faces));
  gtk_window_destroy (window);
}

/* Preferences: the faces known are listed and can be corrected */
static void
test_preferences_row (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.penumbracompanion.PenumbraCompanion");
  PenPreferencesWindow *prefs = pen_preferences_window_new (settings);
  GtkButton *button = pen_preferences_window_get_resource_button (prefs);
  PenResourceFacesDialog *faces;
  g_autoptr(JsonNode) known = pen_json_parse ("[{\"fruit\": 1}, {\"fruit\": 2}, "
                                              "{\"crystal\": 1}, {\"crystal\": 2}, "
                                              "{\"jewel\": 1, \"fruit\": 1}, {\"jewel\": 1}]",
                                              -1, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (pen_locations_set_resource_faces (pen_locations_get_default (), known, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (prefs));
  pen_test_flush ();
  g_assert_cmpstr (gtk_button_get_label (button), ==, dgettext (GETTEXT_PACKAGE, "_Correct…"));
  g_assert_true (russian () || pen_test_has_label (GTK_WIDGET (prefs), "1 Fruit · 2 Fruits · 1 Crystal · "
                                                         "2 Crystals · 1 Fruit, 1 Jewel · "
                                                         "1 Jewel"));
  g_signal_emit_by_name (button, "clicked");
  pen_test_flush ();
  faces = find_faces_dialog ();
  g_assert_nonnull (faces);
  /* the faces known, shown for correcting */
  g_assert_cmpint (gtk_spin_button_get_value_as_int (
                     pen_resource_faces_dialog_get_spin (faces, 1, PEN_INGREDIENT_FRUIT)), ==, 2);
  gtk_spin_button_set_value (pen_resource_faces_dialog_get_spin (faces, 1, PEN_INGREDIENT_FRUIT),
                             3);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (faces), "save");
  pen_test_flush ();
  g_assert_true (russian () || pen_test_has_label (GTK_WIDGET (prefs), "1 Fruit · 3 Fruits · 1 Crystal · "
                                                         "2 Crystals · 1 Fruit, 1 Jewel · "
                                                         "1 Jewel"));
  if (g_getenv ("PEN_SCREENSHOT_DIR") != NULL)
    {
      GtkWidget *page = gtk_widget_get_ancestor (GTK_WIDGET (button), ADW_TYPE_PREFERENCES_PAGE);

      adw_preferences_window_set_visible_page (ADW_PREFERENCES_WINDOW (prefs),
                                               ADW_PREFERENCES_PAGE (page));
      pen_test_flush ();
      scroll_to (GTK_WIDGET (button));
      shot (GTK_WINDOW (prefs), NULL, "preferences");
    }
  /* forgotten: the row says so */
  g_signal_emit_by_name (button, "clicked");
  pen_test_flush ();
  faces = find_faces_dialog ();
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (faces), "forget");
  pen_test_flush ();
  g_assert_false (pen_locations_get_resource_faces (pen_locations_get_default (), NULL));
  g_assert_cmpstr (gtk_button_get_label (button), ==, dgettext (GETTEXT_PACKAGE, "_Type In…"));
  g_assert_true (pen_test_has_label (GTK_WIDGET (prefs),
                                     dgettext (GETTEXT_PACKAGE, "Not typed in yet")));
  gtk_window_destroy (GTK_WINDOW (prefs));
}

/* The Harvest in app-dealt play: "Type the Resource Die's Faces…" until they are known, then
 * "The App Rolls" rolls every die (each wizard's, the revealing one's second) in one step */
static void
test_harvest_app_rolls (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = pen_test_table_page_new (game);
  PenEventPanel *panel = PEN_EVENT_PANEL (pen_test_find_first (GTK_WIDGET (page),
                                                               PEN_TYPE_EVENT_PANEL));
  g_autoptr(JsonNode) known = pen_json_parse ("[{\"fruit\": 1}, {\"fruit\": 2}, "
                                              "{\"crystal\": 1}, {\"crystal\": 2}, "
                                              "{\"jewel\": 1}, {\"jewel\": 1}]", -1, NULL);
  g_autoptr(GError) error = NULL;
  PenTable *table = pen_game_get_table (game);
  guint before = 0, after = 0;
  GtkWindow *window = NULL;

  g_assert_true (pen_locations_set_resource_faces (pen_locations_get_default (), NULL, &error));
  /* screenshots: the page in a window, as the app shows it */
  if (g_getenv ("PEN_SCREENSHOT_DIR") != NULL)
    {
      window = parent_window ();
      adw_window_set_content (ADW_WINDOW (window), GTK_WIDGET (page));
      pen_test_flush ();
    }
  pen_test_harvest_game (game);
  pen_test_flush ();
  g_assert_cmpstr (pen_event_panel_get_event (panel), ==, "harvest");
  g_assert_true (gtk_widget_get_visible (pen_event_panel_get_faces_button (panel)));
  g_assert_false (gtk_widget_get_visible (pen_event_panel_get_roll_button (panel)));
  g_assert_null (pen_event_panel_get_roll_action (panel));
  if (window != NULL)
    {
      scroll_to (GTK_WIDGET (panel));
      shot (window, NULL, "harvest-unknown");
    }

  /* typed in elsewhere (Preferences, the place dialog): the panel follows */
  g_assert_true (pen_locations_set_resource_faces (pen_locations_get_default (), known, &error));
  g_assert_false (gtk_widget_get_visible (pen_event_panel_get_faces_button (panel)));
  g_assert_true (gtk_widget_get_visible (pen_event_panel_get_roll_button (panel)));
  if (window != NULL)
    shot (window, NULL, "harvest-known");
  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
      before += pen_wizard_get_ingredient (pen_table_get_wizard (table, w), k);
  g_signal_emit_by_name (pen_event_panel_get_roll_button (panel), "clicked");
  pen_test_flush ();
  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
      after += pen_wizard_get_ingredient (pen_table_get_wizard (table, w), k);
  /* three wizards and the revealing one's second die: four faces of at least 1 each */
  g_assert_cmpuint (after, >=, before + 4);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  {
    g_autofree char *log = pen_game_log_to_lines (game);

    g_assert_nonnull (strstr (log, "\"roll\":true,\"ingredients\":{"));
  }
  g_assert_true (pen_locations_set_resource_faces (pen_locations_get_default (), NULL, &error));
  if (window != NULL)
    gtk_window_destroy (window);
}

/* The Harvest's rows once the faces are typed in: each offers the faces, as the place dialog's
 * Forest question does (a face says what and how many at once: no count), and Apply waits for
 * every die's face; unknown, a kind said waits for its count, never 1 assumed (issue 9) */
static void
test_harvest_face_rows (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = pen_test_table_page_new (game);
  PenEventPanel *panel = PEN_EVENT_PANEL (pen_test_find_first (GTK_WIDGET (page),
                                                               PEN_TYPE_EVENT_PANEL));
  g_autoptr(JsonNode) known = pen_json_parse ("[{\"fruit\": 1}, {\"fruit\": 2}, "
                                              "{\"crystal\": 1}, {\"crystal\": 1, "
                                              "\"jewel\": 1}, {\"jewel\": 2}, "
                                              "{\"jewel\": 2}]", -1, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) drops = g_ptr_array_new ();
  g_autoptr(GPtrArray) spins = g_ptr_array_new ();
  PenTable *table = pen_game_get_table (game);
  GtkWidget *apply;
  guint had[3][PEN_N_INGREDIENTS];
  /* rows: Ann, Boris, Cleo, then the revealing wizard's second die */
  const guint picks[] = { 2, 4, 5, 1 };
  const char *labels[] = { "—", "1 Fruit", "2 Fruits", "1 Crystal", "1 Crystal, 1 Jewel",
                           "2 Jewels", NULL };
  guint owner;

  g_assert_true (pen_locations_set_resource_faces (pen_locations_get_default (), NULL, &error));
  g_assert_no_error (error);
  pen_test_harvest_game (game);
  pen_test_flush ();
  apply = pen_test_find_button (GTK_WIDGET (panel), "_Apply the Harvest");

  /* unknown: the three kinds and a count; a kind said with no count applies nothing */
  pen_test_collect (GTK_WIDGET (panel), GTK_TYPE_DROP_DOWN, drops);
  g_assert_cmpuint (drops->len, ==, 4);
  for (guint i = 0; i < drops->len; i++)
    pen_event_panel_set_gain (panel, i, PEN_INGREDIENT_FRUIT, i == 0 ? 0 : 1);
  g_assert_false (gtk_widget_get_sensitive (apply));
  g_assert_null (pen_event_panel_get_action (panel));
  pen_event_panel_set_gain (panel, 0, PEN_INGREDIENT_FRUIT, 2);
  g_assert_true (gtk_widget_get_sensitive (apply));

  /* typed in: the rows are asked again, the faces their answers, each once, no count */
  g_assert_true (pen_locations_set_resource_faces (pen_locations_get_default (), known, &error));
  g_assert_no_error (error);
  pen_test_flush ();
  g_assert_false (gtk_widget_get_sensitive (apply));
  g_ptr_array_set_size (drops, 0);
  pen_test_collect (GTK_WIDGET (panel), GTK_TYPE_DROP_DOWN, drops);
  g_assert_cmpuint (drops->len, ==, 4);
  pen_test_collect (GTK_WIDGET (panel), GTK_TYPE_SPIN_BUTTON, spins);
  for (guint i = 0; i < spins->len; i++)
    g_assert_false (gtk_widget_get_visible (spins->pdata[i]));
  for (guint i = 0; i < drops->len; i++)
    {
      GListModel *model = gtk_drop_down_get_model (drops->pdata[i]);

      g_assert_cmpuint (g_list_model_get_n_items (model), ==, g_strv_length ((char **) labels));
      for (guint k = 0; labels[k] != NULL; k++)
        g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), k), ==,
                         labels[k]);
      g_assert_cmpuint (gtk_drop_down_get_selected (drops->pdata[i]), ==, 0);
    }
  for (guint w = 0; w < 3; w++)
    for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
      had[w][k] = pen_wizard_get_ingredient (pen_table_get_wizard (table, w), k);
  /* every die's face said before Apply */
  for (guint i = 0; i < drops->len; i++)
    {
      g_assert_false (gtk_widget_get_sensitive (apply));
      gtk_drop_down_set_selected (drops->pdata[i], picks[i]);
    }
  g_assert_true (gtk_widget_get_sensitive (apply));
  g_signal_emit_by_name (apply, "clicked");
  pen_test_flush ();
  /* Ann 2 Fruits, Boris 1 Crystal and 1 Jewel, Cleo 2 Jewels, the revealing wizard 1 Fruit */
  owner = pen_table_get_turn_kind (table) == PEN_TURN_NONE
          ? (pen_table_get_current (table) + 2) % 3 : pen_table_get_current (table);
  {
    guint want[3][PEN_N_INGREDIENTS] = { { 0, } };

    want[0][PEN_INGREDIENT_FRUIT] = 2;
    want[1][PEN_INGREDIENT_CRYSTAL] = 1;
    want[1][PEN_INGREDIENT_JEWEL] = 1;
    want[2][PEN_INGREDIENT_JEWEL] = 2;
    want[owner][PEN_INGREDIENT_FRUIT] += 1;
    for (guint w = 0; w < 3; w++)
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        g_assert_cmpuint (pen_wizard_get_ingredient (pen_table_get_wizard (table, w), k), ==,
                          had[w][k] + want[w][k]);
  }
  g_assert_true (pen_locations_set_resource_faces (pen_locations_get_default (), NULL, &error));
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
  if (g_getenv ("PENUMBRA_LOCALEDIR") != NULL)
    {
      setlocale (LC_ALL, "C.UTF-8");
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PENUMBRA_LOCALEDIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
  if (g_getenv ("PEN_SCREENSHOT_DIR") != NULL)
    pen_test_load_style ();
  g_test_add_func ("/penumbra/ui/resource/forest-faces", test_forest_faces);
  g_test_add_func ("/penumbra/ui/resource/preferences-row", test_preferences_row);
  g_test_add_func ("/penumbra/ui/resource/faces-wheel-and-bound", test_faces_wheel_and_bound);
  g_test_add_func ("/penumbra/ui/resource/faces-tab-order", test_faces_tab_order);
  g_test_add_func ("/penumbra/ui/resource/harvest-app-rolls", test_harvest_app_rolls);
  g_test_add_func ("/penumbra/ui/resource/harvest-face-rows", test_harvest_face_rows);
  return g_test_run ();
}
