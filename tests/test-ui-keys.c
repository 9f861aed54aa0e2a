/* test-ui-keys.c: the app from the keyboard: the pickers and dialogs driven by real key presses
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "pen-box.h"
#include "pen-card-name-dialog.h"
#include "pen-demo.h"
#include "pen-draw-picker.h"
#include "pen-game.h"
#include "pen-table-page.h"
#include "pen-test-gtk-utils.h"
#include "pen-test-keys.h"
#include "pen-test-utils.h"
#include "pen-turn.h"

static GtkWindow *
parent_window (void)
{
  GtkWidget *window = adw_window_new ();

  adw_window_set_content (ADW_WINDOW (window), adw_status_page_new ());
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();
  return GTK_WINDOW (window);
}

/* A game at Bob's Study turn, after Ann's */
static PenGame *
study_game (void)
{
  PenGame *game = pen_game_new ();

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                      "\"seed\": 7}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  return game;
}

/* The first card on the table to name whose sheet's picker has a search (more than 8 names) */
static char *
searched_unidentified (PenGame *game)
{
  g_autoptr(GPtrArray) open = pen_box_list_unidentified (pen_game_get_table (game));

  for (guint i = 0; i < open->len; i++)
    {
      const char *card = ((PenCardSighting *) g_ptr_array_index (open, i))->card;
      g_autoptr(GPtrArray) names = pen_box_list_names_for (game, card);

      if (names->len > 8)
        return g_strdup (card);
    }
  g_assert_not_reached ();
}

static GtkWidget *
popover_of (GtkDropDown *drop_down)
{
  GtkWidget *popover = pen_test_find_first (GTK_WIDGET (drop_down), GTK_TYPE_POPOVER);

  g_assert_nonnull (popover);
  return popover;
}

/* E6: Escape closes the picker's popover, a second Escape the sheet */
static void
test_name_picker_escape (void)
{
  g_autoptr(PenGame) game = study_game ();
  g_autofree char *card = searched_unidentified (game);
  GtkWindow *window;
  PenCardNameDialog *dialog;
  GtkDropDown *picker;
  GtkWidget *popover;

  if (!pen_test_keys_available ())
    {
      g_test_skip ("no XTEST");
      return;
    }
  window = parent_window ();
  dialog = pen_card_name_dialog_new (window, game, card);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  pen_test_wait_frames (3);
  picker = pen_card_name_dialog_get_name_picker (dialog);
  g_assert_true (gtk_drop_down_get_enable_search (picker));
  popover = popover_of (picker);

  /* opened from the keyboard */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (picker)));
  pen_test_send_key (GTK_WIDGET (picker), GDK_KEY_space, 0);
  g_assert_true (gtk_widget_get_visible (popover));
  /* the search has the focus (a click into it, at worst), a letter typed: Escape closes */
  gtk_widget_grab_focus (pen_test_find_first (popover, GTK_TYPE_SEARCH_ENTRY));
  pen_test_type_text (GTK_WIDGET (dialog), "a");
  pen_test_send_key (GTK_WIDGET (dialog), GDK_KEY_Escape, 0);
  g_assert_false (gtk_widget_get_visible (popover));
  /* the focus back on the picker, not left in the closed popover */
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (dialog)),
                                         GTK_WIDGET (picker)));
  g_assert_false (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (dialog)), popover));
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  pen_test_send_key (GTK_WIDGET (dialog), GDK_KEY_Escape, 0);
  g_assert_true (dialog == NULL || !gtk_widget_get_visible (GTK_WIDGET (dialog)));
  if (dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (window);
  pen_test_flush ();
}

static GtkWidget *
focus_of (gpointer window)
{
  return gtk_root_get_focus (GTK_ROOT (window));
}

static const char *
item_text (GtkDropDown *picker,
           guint        i)
{
  g_autoptr(GObject) item = g_list_model_get_item (gtk_drop_down_get_model (picker), i);

  /* the model holds the item */
  return gtk_string_object_get_string (GTK_STRING_OBJECT (item));
}

/* The picker's items whose name starts with prefix */
static GArray *
items_starting (GtkDropDown *picker,
                const char  *prefix)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n = g_list_model_get_n_items (gtk_drop_down_get_model (picker));

  for (guint i = 0; i < n; i++)
    if (g_ascii_strncasecmp (item_text (picker, i), prefix, strlen (prefix)) == 0)
      g_array_append_val (found, i);
  return found;
}

/* A6: opening the picker puts the focus in its search, typing filters at once, Enter picks
 * the first match; Down goes to the list, the arrows move in it, Enter picks */
static void
test_name_picker_search (void)
{
  g_autoptr(PenGame) game = study_game ();
  g_autofree char *card = searched_unidentified (game);
  GtkWindow *window;
  PenCardNameDialog *dialog;
  GtkDropDown *picker;
  GtkWidget *popover;
  GtkWidget *entry;
  GtkListView *list;
  g_autoptr(GArray) matches = NULL;
  char prefix[4] = { 0 };

  if (!pen_test_keys_available ())
    {
      g_test_skip ("no XTEST");
      return;
    }
  window = parent_window ();
  dialog = pen_card_name_dialog_new (window, game, card);
  gtk_window_present (GTK_WINDOW (dialog));
  pen_test_wait_frames (3);
  picker = pen_card_name_dialog_get_name_picker (dialog);
  popover = popover_of (picker);
  entry = pen_test_find_first (popover, GTK_TYPE_SEARCH_ENTRY);
  list = GTK_LIST_VIEW (pen_test_find_first (popover, GTK_TYPE_LIST_VIEW));

  /* the first three letters of the last name, typed as they come */
  memcpy (prefix, item_text (picker, g_list_model_get_n_items (gtk_drop_down_get_model (picker))
                                     - 2), 3);
  matches = items_starting (picker, prefix);
  g_assert_cmpuint (matches->len, >=, 1);
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (picker)));
  pen_test_send_key (GTK_WIDGET (picker), GDK_KEY_space, 0);
  g_assert_true (gtk_widget_get_visible (popover));
  g_assert_true (gtk_widget_is_ancestor (focus_of (dialog), entry));
  pen_test_type_text (GTK_WIDGET (dialog), prefix);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, prefix);
  /* the list shows the matches only */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (list))),
                    ==, matches->len);
  pen_test_send_key (GTK_WIDGET (dialog), GDK_KEY_Return, 0);
  g_assert_false (gtk_widget_get_visible (popover));
  g_assert_cmpuint (gtk_drop_down_get_selected (picker), ==, g_array_index (matches, guint, 0));
  g_assert_nonnull (pen_card_name_dialog_get_choice (dialog, gtk_drop_down_get_selected (picker)));
  g_assert_true (gtk_widget_is_ancestor (focus_of (dialog), GTK_WIDGET (picker)));

  /* a letter at least two names start with; Down, Down, Enter: the second */
  prefix[1] = '\0';
  for (guint i = 1; matches->len < 2 || g_array_index (matches, guint, 0) == 0
                    || g_array_index (matches, guint, 1) + 1
                       == g_list_model_get_n_items (gtk_drop_down_get_model (picker)); i++)
    {
      g_assert_cmpuint (i + 1, <, g_list_model_get_n_items (gtk_drop_down_get_model (picker)));
      prefix[0] = item_text (picker, i)[0];
      g_clear_pointer (&matches, g_array_unref);
      matches = items_starting (picker, prefix);
    }
  pen_test_send_key (GTK_WIDGET (picker), GDK_KEY_space, 0);
  g_assert_true (gtk_widget_get_visible (popover));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  pen_test_type_text (GTK_WIDGET (dialog), prefix);
  pen_test_send_key (GTK_WIDGET (dialog), GDK_KEY_Down, 0);
  g_assert_true (gtk_widget_is_ancestor (focus_of (dialog), GTK_WIDGET (list)));
  pen_test_send_key (GTK_WIDGET (dialog), GDK_KEY_Down, 0);
  pen_test_send_key (GTK_WIDGET (dialog), GDK_KEY_Return, 0);
  g_assert_false (gtk_widget_get_visible (popover));
  g_assert_cmpuint (gtk_drop_down_get_selected (picker), ==, g_array_index (matches, guint, 1));

  /* a click on the second match of the search picks it, not the list's second item */
  pen_test_send_key (GTK_WIDGET (picker), GDK_KEY_space, 0);
  pen_test_type_text (GTK_WIDGET (dialog), prefix);
  g_signal_emit_by_name (list, "activate", 1);
  pen_test_flush ();
  g_assert_false (gtk_widget_get_visible (popover));
  g_assert_cmpuint (gtk_drop_down_get_selected (picker), ==, g_array_index (matches, guint, 1));

  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (window);
  pen_test_flush ();
}

static void
submit_cb (GObject   *dialog,
           PenAction *action,
           PenGame   *game)
{
  g_autoptr(GError) error = NULL;

  if (!pen_game_submit (game, action, &error))
    g_error ("%s: refused: %s", G_OBJECT_TYPE_NAME (dialog), error->message);
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* The naming sheet: the focus starts in the picker (not on the row holding it, where Space
 * does nothing); Enter in a number saves, once the answer can be saved */
static void
test_name_sheet_keys (void)
{
  g_autoptr(PenGame) game = study_game ();
  g_autoptr(GPtrArray) open = pen_box_list_unidentified (pen_game_get_table (game));
  g_autofree char *card = g_strdup (((PenCardSighting *) g_ptr_array_index (open, 0))->card);
  GtkWindow *window;
  PenCardNameDialog *dialog;
  GtkDropDown *picker;
  GtkWidget *popover;
  guint n_items, position;
  guint pressed = 0;

  if (!pen_test_keys_available ())
    {
      g_test_skip ("no XTEST");
      return;
    }
  window = parent_window ();
  dialog = pen_card_name_dialog_new (window, game, card);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_signal_connect (dialog, "submit", G_CALLBACK (submit_cb), game);
  gtk_window_present (GTK_WINDOW (dialog));
  pen_test_wait_frames (3);
  picker = pen_card_name_dialog_get_name_picker (dialog);
  popover = popover_of (picker);
  n_items = g_list_model_get_n_items (gtk_drop_down_get_model (picker));

  /* Space opens the picker at once; End, Enter: "Another card" */
  g_assert_true (gtk_widget_is_ancestor (focus_of (dialog), GTK_WIDGET (picker)));
  pen_test_send_key (GTK_WIDGET (dialog), GDK_KEY_space, 0);
  g_assert_true (gtk_widget_get_visible (popover));
  pen_test_send_key (GTK_WIDGET (dialog), GDK_KEY_End, 0);
  pen_test_send_key (GTK_WIDGET (dialog), GDK_KEY_Return, 0);
  g_assert_false (gtk_widget_get_visible (popover));
  g_assert_cmpuint (gtk_drop_down_get_selected (picker), ==, n_items - 1);

  /* its name and numbers; Enter in the last one saves */
  gtk_editable_set_text (pen_card_name_dialog_get_name_entry (dialog), "Dark Bargain");
  gtk_editable_set_text (pen_card_name_dialog_get_field (dialog, "difficulty"), "1");
  gtk_toggle_button_set_active (pen_card_name_dialog_get_symbol (dialog, "society"), TRUE);
  /* the rows just shown laid out */
  pen_test_wait_frames (3);
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (pen_card_name_dialog_get_field (dialog, "vp"))));
  pen_test_type_text (GTK_WIDGET (dialog), "3");
  g_assert_cmpstr (gtk_editable_get_text (pen_card_name_dialog_get_field (dialog, "vp")), ==, "3");
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "name"));
  position = pen_game_get_position (game);
  /* Save is the sheet's default */
  g_assert_nonnull (gtk_window_get_default_widget (GTK_WINDOW (dialog)));
  g_signal_connect_swapped (gtk_window_get_default_widget (GTK_WINDOW (dialog)), "activate",
                            G_CALLBACK (count_cb), &pressed);
  pen_test_send_key (GTK_WIDGET (dialog), GDK_KEY_Return, 0);
  /* Enter pressed the Save button, which clicks when the key comes up over it, else a
   * moment later (GTK's button): pressed now, the sheet answers once it clicks */
  g_assert_cmpuint (pressed, ==, 1);
  while (pen_game_get_position (game) == position)
    g_main_context_iteration (NULL, TRUE);
  pen_test_flush ();
  g_assert_cmpuint (pen_game_get_position (game), ==, position + 1);
  g_assert_true (dialog == NULL || !gtk_widget_get_visible (GTK_WIDGET (dialog)));

  if (dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (window);
  pen_test_flush ();
}

/* The Fate card drawn, picked from the keyboard: the picker's search has the focus when it
 * opens, filters, and Enter picks the first match */
static void
test_draw_picker_search (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenDrawPicker *draw = PEN_DRAW_PICKER (pen_draw_picker_new (PEN_DRAW_FATE, PEN_CARD_TRIAL));
  GtkWindow *window;
  GtkDropDown *picker;
  GtkWidget *popover;
  GtkWidget *entry;
  g_autoptr(GArray) matches = NULL;
  char prefix[4] = { 0 };

  if (!pen_test_keys_available ())
    {
      g_test_skip ("no XTEST");
      return;
    }
  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                      "\"seed\": 3, \"mode\": \"physical\"}");
  window = parent_window ();
  /* a section's width at the top of the page, the list opening under it */
  gtk_widget_set_size_request (GTK_WIDGET (draw), 400, -1);
  gtk_widget_set_halign (GTK_WIDGET (draw), GTK_ALIGN_CENTER);
  gtk_widget_set_valign (GTK_WIDGET (draw), GTK_ALIGN_START);
  adw_window_set_content (ADW_WINDOW (window), GTK_WIDGET (draw));
  pen_section_set_game (PEN_SECTION (draw), game);
  pen_test_wait_frames (3);
  picker = pen_draw_picker_get_drop_down (draw);
  popover = popover_of (picker);
  entry = pen_test_find_first (popover, GTK_TYPE_SEARCH_ENTRY);
  g_assert_true (gtk_drop_down_get_enable_search (picker));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (picker)), >, 2);

  memcpy (prefix, item_text (picker, 1), 3);
  matches = items_starting (picker, prefix);
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (picker)));
  pen_test_send_key (GTK_WIDGET (picker), GDK_KEY_space, 0);
  g_assert_true (gtk_widget_get_visible (popover));
  g_assert_true (gtk_widget_is_ancestor (focus_of (window), entry));
  pen_test_type_text (GTK_WIDGET (window), prefix);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (
                      GTK_LIST_VIEW (pen_test_find_first (popover, GTK_TYPE_LIST_VIEW))))),
                    ==, matches->len);
  pen_test_send_key (GTK_WIDGET (window), GDK_KEY_Return, 0);
  g_assert_false (gtk_widget_get_visible (popover));
  g_assert_cmpuint (gtk_drop_down_get_selected (picker), ==, g_array_index (matches, guint, 0));
  g_assert_cmpstr (pen_draw_picker_get_card (draw), ==, pen_draw_picker_get_item (draw, 1));

  gtk_window_destroy (window);
  pen_test_flush ();
}

/* The recount ("Check the Table"), a modal window: Escape closes it, as the other windows
 * over the table (nothing sent) */
static void
test_recount_escape (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  GtkWindow *window;
  GtkWindow *recount;
  guint position;

  if (!pen_test_keys_available ())
    {
      g_test_skip ("no XTEST");
      return;
    }
  g_assert_no_error (error);
  page = pen_test_table_page_new (game);
  window = parent_window ();
  adw_window_set_content (ADW_WINDOW (window), GTK_WIDGET (page));
  pen_test_flush ();
  position = pen_game_get_position (game);

  pen_table_page_check_table (page);
  recount = pen_table_page_get_recount_window (page);
  g_assert_nonnull (recount);
  g_object_add_weak_pointer (G_OBJECT (recount), (gpointer *) &recount);
  pen_test_wait_frames (3);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (recount)));
  pen_test_send_key (GTK_WIDGET (recount), GDK_KEY_Escape, 0);
  g_assert_true (recount == NULL || !gtk_widget_get_visible (GTK_WIDGET (recount)));
  g_assert_cmpuint (pen_game_get_position (game), ==, position);

  if (recount != NULL)
    gtk_window_destroy (recount);
  gtk_window_destroy (window);
  pen_test_flush ();
}

int
main (int   argc,
      char *argv[])
{
  /* the user's data and settings of its own (the cards named go to the user catalogue) */
  g_autofree char *tmp = g_dir_make_tmp ("penumbra-ui-XXXXXX", NULL);
  int status;

  g_assert_nonnull (tmp);
  g_setenv ("XDG_DATA_HOME", tmp, TRUE);
  g_setenv ("XDG_CONFIG_HOME", tmp, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  pen_turn_set_card_language ("en");

  g_test_add_func ("/penumbra/ui/keys/name-picker-escape", test_name_picker_escape);
  g_test_add_func ("/penumbra/ui/keys/name-picker-search", test_name_picker_search);
  g_test_add_func ("/penumbra/ui/keys/name-sheet-keys", test_name_sheet_keys);
  g_test_add_func ("/penumbra/ui/keys/draw-picker-search", test_draw_picker_search);
  g_test_add_func ("/penumbra/ui/keys/recount-escape", test_recount_escape);
  status = g_test_run ();
  pen_test_remove_tree (tmp);
  return status;
}
