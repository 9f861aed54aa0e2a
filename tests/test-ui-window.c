/* test-ui-window.c: the window on the demo game; a tap on a die is an action that changes
 * the model and the view, and undo restores both
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "pen-application.h"
#include "pen-demo.h"
#include "pen-die-view.h"
#include "pen-json.h"
#include "pen-rest-panel.h"
#include "pen-score-page.h"
#include "pen-section.h"
#include "pen-table-page.h"
#include "pen-window.h"
#include "pen-wizard-board.h"
#include "pen-width-bin.h"
#include "pen-widget-utils.h"
#include "pen-test-gtk-utils.h"
#include "pen-test-utils.h"

/* The first die button of the first wizard board in the window */
static char *
accessible_label (GtkWidget *widget)
{
  /* GTK_A11Y=test keeps the properties; the die button's tooltip mirrors its label */
  return g_strdup (gtk_widget_get_tooltip_text (widget));
}

static void
test_window_demo_die (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenApplication) app = pen_application_new ();
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *restored = NULL;
  g_autofree char *label_before = NULL;
  g_autofree char *label_after = NULL;
  g_autofree char *label_restored = NULL;
  PenWindow *window;
  GtkWidget *board, *die_view, *die_button;
  PenWizard *wizard;
  PenDie *die;
  guint value;

  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  window = pen_window_new (app);
  pen_window_set_game (window, game);
  pen_window_show_page (window, "wizards");
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();

  g_assert_true (pen_window_get_game (window) == game);
  board = pen_test_find_first (GTK_WIDGET (window), PEN_TYPE_WIZARD_BOARD);
  g_assert_nonnull (board);
  wizard = pen_wizard_board_get_wizard (PEN_WIZARD_BOARD (board));
  g_assert_cmpstr (pen_wizard_get_name (wizard), ==, "Ann");

  /* Chloe's Radiant Staff sits in her Conductor cell; nobody else has equipment */
  {
    GtkWidget *flow = gtk_widget_get_ancestor (board, GTK_TYPE_FLOW_BOX);
    GtkWidget *third = gtk_flow_box_child_get_child (gtk_flow_box_get_child_at_index (
      GTK_FLOW_BOX (flow), 2));

    g_assert_true (pen_test_has_label (third, "Radiant Staff"));
    g_assert_false (pen_test_has_label (board, "Radiant Staff"));
  }

  die_view = pen_test_find_first (board, PEN_TYPE_DIE_VIEW);
  g_assert_nonnull (die_view);
  die_button = gtk_widget_get_ancestor (die_view, GTK_TYPE_MENU_BUTTON);
  g_assert_nonnull (die_button);

  die = pen_wizard_get_die (wizard, 0);
  value = pen_die_get_value (die);
  before = pen_test_snapshot_text (game);
  label_before = accessible_label (die_button);
  g_assert_nonnull (strstr (label_before, "die showing"));

  /* flip the first die, exactly as its menu item does */
  g_assert_true (gtk_widget_activate_action (board, "board.die", "(sui)", "flip", 0, 0));
  pen_test_flush ();
  g_assert_cmpuint (pen_die_get_value (pen_wizard_get_die (wizard, 0)), ==, 7 - value);
  after = pen_test_snapshot_text (game);
  g_assert_cmpstr (before, !=, after);
  label_after = accessible_label (die_button);
  g_assert_cmpstr (label_before, !=, label_after);

  /* undo through the window action: model and view come back */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pen_test_flush ();
  restored = pen_test_snapshot_text (game);
  g_assert_cmpstr (before, ==, restored);
  g_assert_cmpuint (pen_die_get_value (pen_wizard_get_die (wizard, 0)), ==, value);
  label_restored = accessible_label (die_button);
  g_assert_cmpstr (label_before, ==, label_restored);

  /* redo gives the same face: no re-roll */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  pen_test_flush ();
  g_assert_cmpuint (pen_die_get_value (pen_wizard_get_die (wizard, 0)), ==, 7 - value);

  /* gaining a card: the "+" by Cards lists what the wizard does not hold yet */
  {
    GtkWidget *drop, *button;
    GtkStringObject *item;
    guint n_cards = g_list_model_get_n_items (pen_wizard_get_cards (wizard));
    guint n;

    drop = pen_test_find_first (board, GTK_TYPE_DROP_DOWN);
    g_assert_nonnull (drop);
    n = g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (drop)));
    g_assert_cmpuint (n, >, 10);
    /* Ann already has Scarlet Downpour: it is not offered */
    for (guint i = 0; i < n; i++)
      {
        g_autoptr(GtkStringObject) s = g_list_model_get_item (gtk_drop_down_get_model (
          GTK_DROP_DOWN (drop)), i);
        g_assert_null (strstr (gtk_string_object_get_string (s), "Scarlet Downpour"));
      }
    gtk_drop_down_set_selected (GTK_DROP_DOWN (drop), 0);
    item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (drop));
    g_assert_nonnull (item);
    button = gtk_widget_get_next_sibling (drop);
    g_assert_true (GTK_IS_BUTTON (button));
    g_signal_emit_by_name (button, "clicked");
    pen_test_flush ();
    g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_cards (wizard)), ==, n_cards + 1);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    pen_test_flush ();
    g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_cards (wizard)), ==, n_cards);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  pen_test_flush ();
}

static void
test_window_refusal_keeps_state (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenApplication) app = pen_application_new ();
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  PenWindow *window;

  g_application_register (G_APPLICATION (app), NULL, &error);
  window = pen_window_new (app);
  pen_window_set_game (window, game);
  before = pen_test_snapshot_text (game);
  /* spending Arcana nobody has is refused and changes nothing */
  {
    g_autoptr(PenAction) spend = pen_action_new_ingredient_spend (2, PEN_INGREDIENT_ARCANA, 12);

    g_assert_false (pen_window_submit (window, spend));
  }
  after = pen_test_snapshot_text (game);
  g_assert_cmpstr (before, ==, after);
  gtk_window_destroy (GTK_WINDOW (window));
  pen_test_flush ();
}

/* A page out of view does no work when the game moves: it is marked stale and shows the game
 * as it is when it is shown again; so are the panels inside a hidden page */
static void
test_window_hidden_pages_wait (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenApplication) app = pen_application_new ();
  g_autoptr(PenAction) flip = pen_action_new_die_flip (0, 0, FALSE);
  g_autofree char *before = NULL;
  PenTablePage *fresh;
  PenWindow *window;
  GtkWidget *table_page, *score_page, *rest_panel;

  g_assert_no_error (error);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  window = pen_window_new (app);
  pen_window_set_game (window, game);
  pen_window_show_page (window, "table");
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();

  table_page = pen_test_find_first (GTK_WIDGET (window), PEN_TYPE_TABLE_PAGE);
  score_page = pen_test_find_first (GTK_WIDGET (window), PEN_TYPE_SCORE_PAGE);
  rest_panel = pen_test_find_first (table_page, PEN_TYPE_REST_PANEL);
  g_assert_nonnull (rest_panel);
  before = g_strdup (pen_table_page_get_turn_text (PEN_TABLE_PAGE (table_page)));
  g_assert_false (pen_section_get_stale (PEN_SECTION (table_page)));

  /* a change seen from the Table page: the hidden Score page waits */
  g_assert_true (pen_window_submit (window, flip));
  pen_test_flush ();
  g_assert_false (pen_section_get_stale (PEN_SECTION (table_page)));
  g_assert_true (pen_section_get_stale (PEN_SECTION (score_page)));

  /* from the Wizards page, undo twice: the flip, then the demo's last turn-start */
  pen_window_show_page (window, "wizards");
  pen_test_flush ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pen_test_flush ();
  g_assert_true (pen_section_get_stale (PEN_SECTION (table_page)));
  g_assert_true (pen_section_get_stale (PEN_SECTION (rest_panel)));
  /* not redrawn yet: it still shows the turn as it was */
  g_assert_cmpstr (pen_table_page_get_turn_text (PEN_TABLE_PAGE (table_page)), ==, before);

  /* shown again, it shows the game as it is now, as a page made now would */
  pen_window_show_page (window, "table");
  pen_test_flush ();
  g_assert_false (pen_section_get_stale (PEN_SECTION (table_page)));
  g_assert_false (pen_section_get_stale (PEN_SECTION (rest_panel)));
  fresh = g_object_ref_sink (g_object_new (PEN_TYPE_TABLE_PAGE, "game", game, NULL));
  g_assert_cmpstr (pen_table_page_get_turn_text (PEN_TABLE_PAGE (table_page)), !=, before);
  g_assert_cmpstr (pen_table_page_get_turn_text (PEN_TABLE_PAGE (table_page)), ==,
                   pen_table_page_get_turn_text (fresh));
  g_object_unref (fresh);

  gtk_window_destroy (GTK_WINDOW (window));
  pen_test_flush ();
}

/* Every widget under root whose CSS name is name */
static void
collect_css_name (GtkWidget  *root,
                  const char *name,
                  GPtrArray  *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (g_str_equal (gtk_widget_get_css_name (child), name))
        g_ptr_array_add (out, child);
      collect_css_name (child, name, out);
    }
}

/* The label under root reading text, if one is drawn (mapped and shown) */
static GtkWidget *
drawn_label (GtkWidget  *root,
             const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_LABEL (child) && gtk_widget_is_drawable (child)
          && g_strcmp0 (gtk_label_get_label (GTK_LABEL (child)), text) == 0)
        return child;
      if ((found = drawn_label (child, text)) != NULL)
        return found;
    }
  return NULL;
}

/* The undo note, checked to read prefix and the label of the step at position: its label */
static GtkWidget *
the_note (PenWindow  *window,
          const char *prefix,
          PenGame    *game,
          guint       position)
{
  g_autoptr(GPtrArray) toasts = g_ptr_array_new ();
  g_autoptr(PenAction) action = g_list_model_get_item (pen_game_get_history (game), position);
  g_autofree char *title = g_strconcat (prefix, pen_action_get_label (action), NULL);
  GtkWidget *label = drawn_label (GTK_WIDGET (window), title);

  /* said in the note, not in a toast sliding in */
  collect_css_name (GTK_WIDGET (window), "toast", toasts);
  g_assert_cmpuint (toasts->len, ==, 0);
  g_assert_nonnull (label);
  return label;
}

/* The drawn button under root with this label */
static GtkWidget *
drawn_button (GtkWidget  *root,
              const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && gtk_widget_is_drawable (child)
          && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (child)), text) == 0)
        return child;
      if ((found = drawn_button (child, text)) != NULL)
        return found;
    }
  return NULL;
}

/* Undo and redo in a row: one note, its text updated in place, with a Redo button while there
 * is a step to redo; the next ordinary change takes it away */
static void
test_window_undo_note (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenApplication) app = pen_application_new ();
  g_autoptr(PenAction) flip = pen_action_new_die_flip (0, 0, FALSE);
  g_autofree char *undone = NULL;
  PenWindow *window;
  GtkWidget *note;
  guint position;

  g_assert_no_error (error);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  window = pen_window_new (app);
  pen_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();
  position = pen_game_get_position (game);
  g_assert_null (drawn_button (GTK_WIDGET (window), "_Redo"));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  pen_test_flush ();
  note = the_note (window, "Undone: ", game, position - 1);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  pen_test_flush ();
  g_assert_cmpuint (pen_game_get_position (game), ==, position - 2);
  g_assert_true (the_note (window, "Undone: ", game, position - 2) == note);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  pen_test_flush ();
  g_assert_cmpuint (pen_game_get_position (game), ==, position - 1);
  g_assert_true (the_note (window, "Redone: ", game, position - 2) == note);

  /* the note's own Redo, while there is one more step to redo */
  g_assert_true (gtk_widget_is_sensitive (drawn_button (GTK_WIDGET (window), "_Redo")));
  g_signal_emit_by_name (drawn_button (GTK_WIDGET (window), "_Redo"), "clicked");
  pen_test_flush ();
  g_assert_cmpuint (pen_game_get_position (game), ==, position);
  g_assert_true (the_note (window, "Redone: ", game, position - 1) == note);
  /* nothing left to redo: no Redo, rather than a dead one (play finding W4) */
  g_assert_false (pen_game_get_can_redo (game));
  g_assert_null (drawn_button (GTK_WIDGET (window), "_Redo"));

  /* an ordinary change: the note no longer names the last step undone, and goes */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  pen_test_flush ();
  undone = g_strdup (gtk_label_get_label (GTK_LABEL (the_note (window, "Undone: ", game,
                                                                position - 1))));
  /* and an undo brings it back */
  g_assert_true (gtk_widget_is_sensitive (drawn_button (GTK_WIDGET (window), "_Redo")));
  g_assert_true (pen_window_submit (window, flip));
  pen_test_flush ();
  g_assert_null (drawn_label (GTK_WIDGET (window), undone));
  g_assert_null (drawn_button (GTK_WIDGET (window), "_Redo"));

  gtk_window_destroy (GTK_WINDOW (window));
  pen_test_flush ();
}

/* A wrapping label in a PenWidthBin (the undo note's text): its width for any height is its
 * width for none, where GTK's own answer is a search over widths (for one line's height,
 * about the whole text's width); its height for a width is the label's */
static void
test_window_width_bin (void)
{
  GtkWidget *bin = g_object_ref_sink (pen_width_bin_new ());
  GtkWidget *label = gtk_label_new ("Undone: Ann placed a die on the second Guild contract");
  int min, nat, line, unused, label_min, bin_min, bin_nat, label_height, bin_height;

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  adw_bin_set_child (ADW_BIN (bin), label);
  g_assert_cmpint (gtk_widget_get_request_mode (bin), ==, GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH);

  gtk_widget_measure (bin, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, <, nat);
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, nat, &line, &unused, NULL, NULL);
  /* the label alone: one line's height takes about all of its text's width */
  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, line, &label_min, &unused, NULL, NULL);
  g_assert_cmpint (label_min, >, min);
  gtk_widget_measure (bin, GTK_ORIENTATION_HORIZONTAL, line, &bin_min, &bin_nat, NULL, NULL);
  g_assert_cmpint (bin_min, ==, min);
  g_assert_cmpint (bin_nat, ==, nat);

  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, min, &label_height, &unused, NULL, NULL);
  gtk_widget_measure (bin, GTK_ORIENTATION_VERTICAL, min, &bin_height, &unused, NULL, NULL);
  g_assert_cmpint (bin_height, ==, label_height);
  g_assert_cmpint (bin_height, >, line);

  g_object_unref (bin);
}

/* No tooltip lies over an open menu (play finding R22): the main menu's button has its
 * tooltip off while its menu is open, and back when it closes */
/* The History popover reads whole on a desktop and fits a phone (play finding Y2): about 480 px
 * of list at 1280 px (it was 300, the Rival's steps wrapped to 15 lines), within the window at
 * 360 px; the "History" tooltip is off while it is open */
static void
check_history_popover (int      width,
                       gboolean desktop)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenApplication) app = pen_application_new ();
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GtkMenuButton *menu = NULL;
  GtkPopover *popover;
  PenWindow *window;
  int child_width;

  g_application_register (G_APPLICATION (app), NULL, &error);
  window = pen_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), width, 720);
  pen_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();
  /* the screen may take a few pixels off the asked width */
  width = gtk_widget_get_width (GTK_WIDGET (window));
  g_assert_cmpint (width, >, 0);
  pen_test_collect (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, buttons);
  for (guint i = 0; i < buttons->len && menu == NULL; i++)
    if (gtk_widget_is_drawable (g_ptr_array_index (buttons, i))
        && g_strcmp0 (gtk_widget_get_tooltip_text (g_ptr_array_index (buttons, i)),
                      "History") == 0)
      menu = g_ptr_array_index (buttons, i);
  g_assert_nonnull (menu);

  gtk_menu_button_popup (menu);
  pen_test_flush ();
  popover = gtk_menu_button_get_popover (menu);
  /* on a loaded machine the popover can be mapped a frame before its list is laid out */
  for (guint i = 0; i < 100 && gtk_widget_get_width (gtk_popover_get_child (popover)) == 0; i++)
    pen_test_wait_frames (1);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  g_assert_false (gtk_widget_get_has_tooltip (GTK_WIDGET (menu)));
  g_assert_true (pen_tooltips_quieted_by (GTK_WIDGET (popover), GTK_WIDGET (menu)));
  /* its list: about 480 px on a desktop; on a phone within the window with the popover's
   * padding and arrow either side (it slides along the window's edge) */
  child_width = gtk_widget_get_width (gtk_popover_get_child (popover));
  if (desktop)
    g_assert_cmpint (child_width, >=, 480);
  else
    g_assert_cmpint (child_width, >=, 240);
  g_assert_cmpint (child_width, <=, width - 48);

  gtk_menu_button_popdown (menu);
  pen_test_flush ();
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (menu)));
  gtk_window_destroy (GTK_WINDOW (window));
  pen_test_flush ();
}

static void
test_window_history_width (void)
{
  check_history_popover (1280, TRUE);
  check_history_popover (360, FALSE);
}

static void
test_window_menu_hides_tooltip (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenApplication) app = pen_application_new ();
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GtkMenuButton *menu = NULL;
  GtkPopover *popover;
  PenWindow *window;

  g_application_register (G_APPLICATION (app), NULL, &error);
  window = pen_window_new (app);
  pen_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();
  pen_test_collect (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, buttons);
  for (guint i = 0; i < buttons->len && menu == NULL; i++)
    if (gtk_widget_is_drawable (g_ptr_array_index (buttons, i))
        && g_strcmp0 (gtk_widget_get_tooltip_text (g_ptr_array_index (buttons, i)),
                      "Main Menu") == 0)
      menu = g_ptr_array_index (buttons, i);
  g_assert_nonnull (menu);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (menu)));

  gtk_menu_button_popup (menu);
  pen_test_flush ();
  popover = gtk_menu_button_get_popover (menu);
  /* on a loaded machine the popover can be mapped a frame before its list is laid out */
  for (guint i = 0; i < 100 && gtk_widget_get_width (gtk_popover_get_child (popover)) == 0; i++)
    pen_test_wait_frames (1);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  g_assert_false (gtk_widget_get_has_tooltip (GTK_WIDGET (menu)));
  g_assert_true (pen_tooltips_quieted_by (GTK_WIDGET (popover), GTK_WIDGET (menu)));

  gtk_menu_button_popdown (menu);
  pen_test_flush ();
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (menu)));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (menu)), ==, "Main Menu");
  g_assert_false (pen_tooltips_quieted_by (GTK_WIDGET (popover), GTK_WIDGET (menu)));

  gtk_window_destroy (GTK_WINDOW (window));
  pen_test_flush ();
}

static void
count_frame_cb (GdkFrameClock *clock,
                guint         *frames)
{
  (*frames)++;
}

/* The frames the window draws from now until it is quiet: rounds of the main loop until 15
 * in a row draw none, at most 150 */
static guint
frames_until_quiet (guint *frames)
{
  guint start = *frames, last = *frames, still = 0;

  for (guint i = 0; i < 150 && still < 15; i++)
    {
      pen_test_wait_frames (1);
      still = *frames == last ? still + 1 : 0;
      last = *frames;
    }
  return *frames - start;
}

/* A placement adds a row under the last of Dice in Locations, and its undo takes it away: the
 * row above becomes the last or stops being it, whose corners libadwaita rounded through a
 * 200 ms transition, which kept the frame clock drawing a dozen frames (nothing changed on
 * screen where the section is below the fold). The window is quiet again after a frame or
 * two. */
static void
test_window_place_quiet (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenApplication) app = pen_application_new ();
  g_autoptr(PenAction) place = NULL;
  GdkFrameClock *clock;
  PenWindow *window;
  guint frames = 0, placed, undone;
  gulong id;

  g_assert_no_error (error);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  window = pen_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  pen_window_set_game (window, game);
  pen_window_show_page (window, "table");
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_assert_nonnull (clock);
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame_cb), &frames);
  frames_until_quiet (&frames);

  place = pen_action_new ("place", "\"wizard\": 0, \"index\": 0, \"location\": \"forest\", "
                          "\"resource\": [{\"fruit\": 1}]", &error);
  g_assert_no_error (error);
  g_assert_true (pen_window_submit (window, place));
  placed = frames_until_quiet (&frames);
  g_test_message ("frames after the placement: %u", placed);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  undone = frames_until_quiet (&frames);
  g_test_message ("frames after its undo: %u", undone);
  g_assert_cmpuint (placed, >=, 1);
  g_assert_cmpuint (placed, <=, 4);
  g_assert_cmpuint (undone, <=, 4);

  g_signal_handler_disconnect (clock, id);
  gtk_window_destroy (GTK_WINDOW (window));
  pen_test_flush ();
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *tmp = g_dir_make_tmp ("penumbra-ui-XXXXXX", NULL);

  /* never touch the user's saves or settings */
  g_setenv ("XDG_DATA_HOME", tmp, TRUE);
  g_setenv ("XDG_CONFIG_HOME", tmp, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/penumbra/ui/window/demo-die", test_window_demo_die);
  g_test_add_func ("/penumbra/ui/window/refusal-keeps-state", test_window_refusal_keeps_state);
  g_test_add_func ("/penumbra/ui/window/hidden-pages-wait", test_window_hidden_pages_wait);
  g_test_add_func ("/penumbra/ui/window/undo-note", test_window_undo_note);
  g_test_add_func ("/penumbra/ui/window/width-bin", test_window_width_bin);
  g_test_add_func ("/penumbra/ui/window/menu-hides-tooltip", test_window_menu_hides_tooltip);
  g_test_add_func ("/penumbra/ui/window/history-width", test_window_history_width);
  g_test_add_func ("/penumbra/ui/window/place-quiet", test_window_place_quiet);
  return g_test_run ();
}
