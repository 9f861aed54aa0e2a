/* test-ui-turn.c: the turn's panels and the task helper fit a phone, in English and in Russian,
 * and their rows follow the game in place
 *
 * The Rest options (the calculator open; with the Brew and Buy One options open), the Event
 * panel (Harvest), the Rival's turn and the task helper, each at 1280x800 and 360x720: every
 * one must shrink to 360 px. Run with LANGUAGE=ru and PENUMBRA_LOCALEDIR=BUILD/po for Russian
 * (meson runs both). Set PEN_TURN_SHOTS=DIR to save the screenshots as
 * DIR/turn-VIEW-{desktop,phone}[-ru].png.
 *
 * And what happened is said: a Fate card's news only for the moment it was drawn in, the
 * Threat die the app rolled in the Ruins and a Mortal Wound (a message, and the turn box no
 * longer saying "attempt a trial"), the dice's colour letters in the reader's language.
 *
 * The game's dialogs (placement, override, the table's dice, naming a card) over the window,
 * and the end sheet, open and fit a phone in both languages; with PEN_TURN_SHOTS they are
 * saved as DIR/game-NAME-{desktop,phone}[-ru].png (build-aux/screenshots). Nothing is found by
 * its English label, so the Russian ones are made the same way.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>
#include <glib/gi18n.h>
#include <adwaita.h>

#include "pen-application.h"
#include "pen-box.h"
#include "pen-card-name-dialog.h"
#include "pen-demo.h"
#include "pen-end-sheet.h"
#include "pen-faces-dialog.h"
#include "pen-override-dialog.h"
#include "pen-window.h"
#include "pen-event-panel.h"
#include "pen-place-dialog.h"
#include "pen-gain-row.h"
#include "pen-rest-offer-row.h"
#include "pen-rest-panel.h"
#include "pen-rival-panel.h"
#include "pen-solo-sim.h"
#include "pen-table-page.h"
#include "pen-task-dialog.h"
#include "pen-turn.h"
#include "pen-wizards-page.h"
#include "pen-test-gtk-utils.h"
#include "pen-test-utils.h"

typedef enum {
  VIEW_REST,
  VIEW_REST_BUY,
  VIEW_EVENT,
  VIEW_RIVAL,
  VIEW_TASK,
} View;

static const char * const view_names[] = { "rest", "rest-buy", "event", "rival", "task" };

static const struct { int w, h; const char *name; } sizes[] = {
  { 1280, 800, "desktop" },
  { 360, 720, "phone" },
};

/* The widget shown, in window; the one that must fit in *fit */
static GtkWidget *
prepare (View        view,
         PenGame   **game_out,
         GtkWidget **fit)
{
  g_autoptr(GError) error = NULL;
  PenGame *game = NULL;
  GtkWidget *content = NULL;

  switch (view)
    {
    case VIEW_REST:
    case VIEW_REST_BUY:
      game = pen_demo_new_game (&error);
      content = g_object_new (PEN_TYPE_TABLE_PAGE, "game", game, NULL);
      g_signal_connect (content, "submit", G_CALLBACK (pen_test_submit_cb), game);
      pen_test_rest_turn (game, PEN_TABLE_PAGE (content), view == VIEW_REST_BUY);
      *fit = pen_test_find_first (content, PEN_TYPE_REST_PANEL);
      break;
    case VIEW_EVENT:
      game = pen_game_new ();
      content = g_object_new (PEN_TYPE_TABLE_PAGE, "game", game, NULL);
      pen_test_harvest_game (game);
      *fit = pen_test_find_first (content, PEN_TYPE_EVENT_PANEL);
      /* Harvest's effect is known in any language: one row per die, three wizards and the
       * revealer's second die */
      {
        g_autoptr(GPtrArray) rows = g_ptr_array_new ();

        pen_test_collect (*fit, PEN_TYPE_GAIN_ROW, rows);
        g_assert_cmpuint (rows->len, ==, 4);
      }
      break;
    case VIEW_RIVAL:
      game = pen_solo_sim_new_game (5, 2, &error);
      g_assert_no_error (error);
      g_assert_true (pen_solo_sim_step (game, &error));
      content = g_object_new (PEN_TYPE_WIZARDS_PAGE, "game", game, NULL);
      *fit = pen_test_find_first (content, PEN_TYPE_RIVAL_PANEL);
      break;
    case VIEW_TASK:
    default:
      game = pen_demo_new_game (&error);
      content = NULL;
      *fit = NULL;
      break;
    }
  g_assert_no_error (error);
  *game_out = game;
  return content;
}

static void
test_view (gconstpointer data)
{
  View view = GPOINTER_TO_UINT (data);
  const char *dir = g_getenv ("PEN_TURN_SHOTS");
  gboolean ru = g_strcmp0 (g_getenv ("LANGUAGE"), "ru") == 0;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr(PenGame) game = NULL;
      GtkWidget *fit = NULL, *window;
      GtkWidget *content = prepare (view, &game, &fit);
      int min = 0;

      if (view == VIEW_TASK)
        {
          PenTaskDialog *dialog = pen_task_dialog_new (game, 0);

          pen_task_dialog_set_task (dialog, "discard-sum", 1u << PEN_COLOR_RED, 1);
          g_assert_true (pen_task_dialog_get_feasible (dialog));
          window = GTK_WIDGET (dialog);
          fit = window;
        }
      else
        {
          window = gtk_window_new ();
          gtk_window_set_child (GTK_WINDOW (window), content);
        }
      gtk_window_set_default_size (GTK_WINDOW (window), sizes[s].w, sizes[s].h);
      gtk_window_present (GTK_WINDOW (window));
      pen_test_wait_frames (30);
      g_assert_true (gtk_widget_get_visible (fit));
      /* it shrinks to a phone's width: 360 px less the page's margins */
      gtk_widget_measure (fit, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      g_test_message ("%s: minimum width %d", view_names[view], min);
      g_assert_cmpint (min, <=, view == VIEW_TASK ? 360 : 340);
      if (dir != NULL)
        {
          g_autofree char *name = g_strdup_printf ("turn-%s-%s%s.png", view_names[view],
                                                   sizes[s].name, ru ? "-ru" : "");
          g_autofree char *path = g_build_filename (dir, name, NULL);

          pen_test_save_png (window, path);
        }
      gtk_window_destroy (GTK_WINDOW (window));
      pen_test_flush ();
    }
}

/* A change of position updates the rows in place: the Recipe's row stays the same widget and
 * its button follows the wizard's Ingredients; the calculator's rows stay too */
static void
test_rows_in_place (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  GtkWidget *panel, *row, *button, *spin;
  PenWizard *boris;

  g_assert_no_error (error);
  page = pen_test_table_page_new (game);
  pen_test_rest_turn (game, page, TRUE);
  panel = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_REST_PANEL);
  boris = pen_table_get_wizard (pen_game_get_table (game), 1);
  row = pen_test_find_first (panel, PEN_TYPE_REST_OFFER_ROW);
  spin = pen_test_find_first (panel, GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (row);
  g_assert_nonnull (spin);
  g_object_add_weak_pointer (G_OBJECT (row), (gpointer *) &row);
  g_object_add_weak_pointer (G_OBJECT (spin), (gpointer *) &spin);
  button = pen_test_find_first (row, GTK_TYPE_BUTTON);
  g_assert_nonnull (button);
  /* the Triplet costs 1 Crystal and 1 Fruit */
  g_assert_cmpuint (pen_wizard_get_ingredient (boris, PEN_INGREDIENT_CRYSTAL), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (button));

  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 1, \"ingredient\": "
                "\"crystal\"}");
  pen_test_flush ();
  g_assert_nonnull (row);
  g_assert_nonnull (spin);
  g_assert_true (pen_test_find_first (panel, PEN_TYPE_REST_OFFER_ROW) == row);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  g_assert_nonnull (row);
  g_assert_false (gtk_widget_get_sensitive (button));

  /* brewing it takes the Recipe away: its row goes */
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 1, \"ingredient\": "
                "\"crystal\"}");
  g_signal_emit_by_name (button, "clicked");
  pen_test_flush ();
  g_assert_null (row);
  g_assert_nonnull (spin);
  g_object_remove_weak_pointer (G_OBJECT (spin), (gpointer *) &spin);
}

/* ---- what happened is said ---- */

/* The Fate card's news: shown between the turn that drew it and the next one, gone once the
 * next player has chosen their turn (play-test 18), back with an undo */
static void
test_fate_news_one_turn (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  PenTable *table;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  page = pen_test_table_page_new (game);

  /* Ann's Study turn ends: nothing drawn */
  pen_table_page_end_turn (page);
  pen_test_flush ();
  g_assert_null (pen_table_page_get_news_text (page));
  /* Boris's Trial turn (he fails the first Trial) ends: the top Fate card is revealed */
  pen_table_page_start_turn (page, PEN_TURN_TRIAL);
  pen_test_run (game, "{\"action\": \"trial-fail\", \"wizard\": 1, \"index\": 0}");
  pen_table_page_end_turn (page);
  pen_test_flush ();
  g_assert_nonnull (pen_table_page_get_news_text (page));
  g_assert_cmpint (pen_table_get_turn_kind (table), ==, PEN_TURN_NONE);

  /* Chloe begins a Study turn: the news is no longer news */
  pen_table_page_start_turn (page, PEN_TURN_STUDY);
  pen_test_flush ();
  g_assert_null (pen_table_page_get_news_text (page));
  /* undone, the moment the card was drawn in is back, and the news with it */
  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  g_assert_nonnull (pen_table_page_get_news_text (page));
  g_assert_true (pen_game_redo (game, NULL));
  pen_test_flush ();
  g_assert_null (pen_table_page_get_news_text (page));
  /* nor on the turns after */
  pen_table_page_end_turn (page);
  pen_test_flush ();
  g_assert_null (pen_table_page_get_news_text (page));
}

/* The app closed and opened again right after a turn revealed a Fate card: the news is still
 * there for the next player, as it was before (play finding W1); it goes as before too */
static void
test_fate_news_reopened (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenGame) again = NULL;
  g_autoptr(PenTablePage) page = NULL;
  g_autoptr(PenTablePage) reopened = NULL;
  g_autofree char *data = NULL;
  g_autofree char *news = NULL;

  g_assert_no_error (error);
  page = pen_test_table_page_new (game);
  pen_table_page_end_turn (page);
  pen_table_page_start_turn (page, PEN_TURN_TRIAL);
  pen_test_run (game, "{\"action\": \"trial-fail\", \"wizard\": 1, \"index\": 0}");
  pen_table_page_end_turn (page);
  pen_test_flush ();
  news = g_strdup (pen_table_page_get_news_text (page));
  g_assert_nonnull (news);

  data = pen_game_to_data (game);
  again = pen_game_load_from_data (data, strlen (data), &error);
  g_assert_no_error (error);
  reopened = pen_test_table_page_new (again);
  pen_test_flush ();
  g_assert_cmpstr (pen_table_page_get_news_text (reopened), ==, news);
  /* the next player chooses their turn: no longer news */
  pen_table_page_start_turn (reopened, PEN_TURN_STUDY);
  pen_test_flush ();
  g_assert_null (pen_table_page_get_news_text (reopened));
  /* and reopened when the last step revealed nothing, there is none */
  g_clear_pointer (&data, g_free);
  data = pen_game_to_data (again);
  g_clear_object (&again);
  again = pen_game_load_from_data (data, strlen (data), &error);
  g_assert_no_error (error);
  g_clear_object (&reopened);
  reopened = pen_test_table_page_new (again);
  pen_test_flush ();
  g_assert_null (pen_table_page_get_news_text (reopened));
}

/* A Fate card the app dealt unnamed ("goal#3") and named by the table right after: the news
 * says the name it was given, not the placeholder (play finding U15) */
static void
test_fate_news_named (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = pen_test_table_page_new (game);
  const char *text, *name = pen_turn_card_name ("heroism");

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                "\"seed\": 5, \"setup\": {\"prophecies\": [\"end-of-time\"], "
                "\"fate_deck\": [\"goal#3\", \"wildwood\"]}}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  pen_test_run (game, "{\"action\": \"turn-end\"}");
  pen_test_flush ();
  text = pen_table_page_get_news_text (page);
  g_assert_nonnull (text);
  g_assert_null (strstr (text, name));
  pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"goal#3\", "
                "\"as\": \"heroism\"}");
  pen_test_flush ();
  text = pen_table_page_get_news_text (page);
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, name));
}

/* The app closed and started again on a game whose last turn revealed a Fate card: the news
 * is still there, as before the app was closed; a Study turn's end after it reveals nothing, so
 * an older card is not news (play finding Y9) */
static void
test_fate_news_reopened_study (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  const char *text;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                "\"seed\": 5, \"mode\": \"app\", \"setup\": {\"prophecies\": "
                "[\"end-of-time\"], \"fate_deck\": [\"wildwood\", \"aranea\", "
                "\"mastery\"]}}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  pen_test_run (game, "{\"action\": \"turn-end\"}");
  pen_test_flush ();
  {
    /* a page made now is the Table page of the app started again on this game */
    g_autoptr(PenTablePage) page = pen_test_table_page_new (game);

    pen_test_flush ();
    text = pen_table_page_get_news_text (page);
    g_assert_nonnull (text);
    g_assert_nonnull (strstr (text, pen_turn_card_name ("wildwood")));
  }
  /* Bob's Study turn ends: it revealed nothing, Wildwood is no longer news */
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  pen_test_run (game, "{\"action\": \"turn-end\"}");
  pen_test_flush ();
  {
    g_autoptr(PenTablePage) page = pen_test_table_page_new (game);

    pen_test_flush ();
    g_assert_null (pen_table_page_get_news_text (page));
  }
}

/* The app closed and opened again after the table named the Fate card a Rest turned up (a
 * Prophecy the app dealt unnamed): the naming is the last step, the card is still news, by its
 * name (play finding Q1 of session 12) */
static void
test_fate_news_reopened_named (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  const char *name = pen_turn_card_name ("heroism");

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                "\"seed\": 5, \"mode\": \"app\", \"setup\": {\"prophecies\": "
                "[\"end-of-time\"], \"fate_deck\": [\"goal#3\", \"wildwood\"]}}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  pen_test_run (game, "{\"action\": \"turn-end\"}");
  pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"goal#3\", "
                "\"as\": \"heroism\"}");
  pen_test_flush ();
  {
    /* a page made now is the Table page of the app started again on this game */
    g_autoptr(PenTablePage) page = pen_test_table_page_new (game);
    const char *text;

    pen_test_flush ();
    text = pen_table_page_get_news_text (page);
    g_assert_nonnull (text);
    g_assert_nonnull (strstr (text, name));
    /* Bob chooses his turn: no longer news */
    pen_table_page_start_turn (page, PEN_TURN_STUDY);
    pen_test_flush ();
    g_assert_null (pen_table_page_get_news_text (page));
  }
}

/* Solo: the player's Rest reveals a card, the Rival's Trial or Rest turn the next; undoing the
 * Rival's turn brings back the news of the first card, which is news again (play finding S11) */
static void
test_fate_news_rival_undo (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = NULL;
  PenTable *table = pen_game_get_table (game);
  gboolean checked = FALSE;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"P\"], \"solo\": 1, "
                "\"mode\": \"app\", \"ready_made\": true, \"seed\": 703598}");
  page = pen_test_table_page_new (game);
  for (guint round = 0; round < 6 && !checked; round++)
    {
      g_autofree char *first = NULL;

      pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
      pen_test_run (game, "{\"action\": \"turn-end\"}");
      pen_test_flush ();
      first = g_strdup (pen_table_page_get_news_text (page));
      g_assert_nonnull (first);
      g_assert_true (pen_wizard_get_rival (pen_table_get_wizard (table,
                                                                 pen_table_get_current (table))));
      pen_test_run (game, "{\"action\": \"rival-turn\"}");
      pen_test_flush ();
      /* a Study turn reveals nothing: the next round */
      if (pen_table_page_get_news_text (page) == NULL)
        continue;
      g_assert_cmpstr (pen_table_page_get_news_text (page), !=, first);
      g_assert_true (pen_game_undo (game));
      pen_test_flush ();
      g_assert_cmpstr (pen_table_page_get_news_text (page), ==, first);
      /* and redone, the Rival's card is the news again */
      g_assert_true (pen_game_redo (game, NULL));
      pen_test_flush ();
      g_assert_nonnull (pen_table_page_get_news_text (page));
      g_assert_cmpstr (pen_table_page_get_news_text (page), !=, first);
      checked = TRUE;
    }
  g_assert_true (checked);
}

static void
report_cb (PenPlaceDialog    *dialog,
           AdwMessageDialog  *report,
           AdwMessageDialog **out)
{
  g_assert_null (*out);
  *out = report;
  g_object_add_weak_pointer (G_OBJECT (report), (gpointer *) out);
}

/* Ann places her first die in the Ruins, the Threat die answered with the picker's item
 * threat (0: the app rolls); the message said, NULL if none */
static AdwMessageDialog *
place_in_ruins (PenGame *game,
                guint    threat)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *parent = gtk_window_new ();
  PenPlaceDialog *dialog = pen_place_dialog_new (GTK_WINDOW (parent), game, 0, 0, &error);
  AdwMessageDialog *report = NULL;
  const char * const *sections;
  gboolean found = FALSE;

  g_assert_no_error (error);
  g_signal_connect (dialog, "submit", G_CALLBACK (pen_test_submit_cb), game);
  g_signal_connect (dialog, "report", G_CALLBACK (report_cb), &report);
  sections = pen_place_dialog_get_sections (dialog);
  for (guint i = 0; sections[i] != NULL && !found; i++)
    if (g_str_has_prefix (sections[i], "ruins/"))
      {
        gtk_check_button_set_active (pen_place_dialog_get_section_button (dialog, i), TRUE);
        found = TRUE;
      }
  g_assert_true (found);
  gtk_drop_down_set_selected (pen_place_dialog_get_picker (dialog, "threat"), threat);
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "place"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "place");
  pen_test_flush ();
  if (report != NULL)
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (report)));
  if (report != NULL)
    g_object_remove_weak_pointer (G_OBJECT (report), (gpointer *) &report);
  /* the parent goes with the test's game; the message is the caller's to look at */
  g_object_set_data_full (G_OBJECT (game), "test-parent", parent,
                          (GDestroyNotify) gtk_window_destroy);
  return report;
}

static const char *
last_label (PenGame *game)
{
  g_autoptr(PenAction) last = g_list_model_get_item (pen_game_get_history (game),
                                                     pen_game_get_position (game) - 1);

  return pen_action_get_label (last);
}

/* The app rolls the Ruins' Threat die: what it showed is said at once (play-test 33) */
static void
test_ruins_app_roll_said (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  AdwMessageDialog *report;
  guint position;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                "\"seed\": 7}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  position = pen_game_get_position (game);
  report = place_in_ruins (game, 0);
  g_assert_cmpuint (pen_game_get_position (game), ==, position + 1);
  g_assert_nonnull (report);
  g_assert_cmpstr (adw_message_dialog_get_heading (report), ==,
                   _("The App Rolled the Threat Die"));
  /* the step as the History tells it, the face rolled in it */
  g_assert_nonnull (strstr (adw_message_dialog_get_body (report), last_label (game)));
  gtk_window_destroy (GTK_WINDOW (report));
}

/* A Mortal Wound from the Ruins: said at once, in a message and in the turn box, in the
 * same words as everywhere (play-test 28, 33) */
static void
test_mortal_wound_said (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = NULL;
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann;
  g_autoptr(PenMark) mark = NULL;
  AdwMessageDialog *report;
  guint value;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 3,"
                " \"mode\": \"physical\", \"table_rolls\": true,"
                " \"cell_values\": [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5],"
                " \"start\": [{\"mark\": \"ruby\"}, {\"mark\": \"jasper\"}],"
                " \"setup\": {\"prophecies\": [\"end-of-time\"], \"trial_row\": [\"aranea\"],"
                " \"fate_deck\": [\"wildwood\", \"aranea\"]}}");
  ann = pen_table_get_wizard (table, 0);
  mark = g_list_model_get_item (pen_wizard_get_marks (ann), 0);
  g_assert_nonnull (mark);
  value = pen_mark_get_value (mark);
  g_assert_cmpuint (value, >=, 1);
  g_assert_cmpuint (value, <=, 6);
  pen_test_run (game, "{\"action\": \"correct\", \"target\": \"players[0].marks[0].state\","
                " \"value\": \"wounded\"}");
  page = pen_test_table_page_new (game);
  pen_table_page_start_turn (page, PEN_TURN_STUDY);
  pen_test_flush ();
  g_assert_false (pen_test_has_label (GTK_WIDGET (page), _("Mortal Wound: the turn ends. Nothing "
                                                           "more can be done this turn: end "
                                                           "it.")));

  /* the table rolled the wounded Mark's value on the Threat die */
  report = place_in_ruins (game, value);
  g_assert_true (pen_wizard_get_mortal_wound_this_turn (ann));
  g_assert_nonnull (report);
  g_assert_cmpstr (adw_message_dialog_get_heading (report), ==, _("Mortal Wound: the turn ends"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (report), last_label (game)));
  g_test_message ("%s", adw_message_dialog_get_body (report));
  gtk_window_destroy (GTK_WINDOW (report));
  pen_test_flush ();
  g_assert_true (pen_test_has_label (GTK_WIDGET (page), _("Mortal Wound: the turn ends. Nothing "
                                                          "more can be done this turn: end "
                                                          "it.")));

  /* a Trial turn the same: no "attempt one trial" after the wound */
  g_assert_true (pen_game_undo (game));
  g_assert_true (pen_game_undo (game));
  pen_table_page_start_turn (page, PEN_TURN_TRIAL);
  pen_test_run (game, "{\"action\": \"mortal-wound\", \"wizard\": 0}");
  pen_test_flush ();
  g_assert_false (pen_test_has_label (GTK_WIDGET (page), _("Attempt one trial: tap it in the "
                                                           "row.")));
  g_assert_true (pen_test_has_label (GTK_WIDGET (page), _("Mortal Wound: the turn ends. Nothing "
                                                          "more can be done this turn: end "
                                                          "it.")));
}

/* The letter on a die is the reader's: eight different ones, Cyrillic in Russian
 * (play-test 26) */
static void
test_die_letters (void)
{
  gboolean ru = g_strcmp0 (g_getenv ("LANGUAGE"), "ru") == 0;

  for (PenColor c = 0; c < PEN_N_COLORS; c++)
    {
      const char *letter = pen_color_get_short_label (c);

      g_test_message ("%s: %s", pen_color_get_label (c), letter);
      g_assert_cmpuint (g_utf8_strlen (letter, -1), ==, 1);
      /* Russian letters are not ASCII; English ones are */
      g_assert_true (ru != ((guchar) letter[0] < 0x80));
      for (PenColor d = 0; d < c; d++)
        g_assert_cmpstr (letter, !=, pen_color_get_short_label (d));
    }
}

/* ---- the game's dialogs, for docs/screenshots ---- */

#define PHYSICAL_NEW \
  "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 3," \
  " \"mode\": \"physical\", \"table_rolls\": true," \
  " \"start\": [{\"mark\": \"ruby\"}, {\"mark\": \"jasper\"}]," \
  " \"setup\": {\"prophecies\": [\"end-of-time\"], \"trial_row\": [\"aranea\"]," \
  "  \"fate_deck\": [\"wildwood\", \"aranea\", \"fresh-batch\"]}}"

typedef enum {
  DIALOG_PLACE,
  DIALOG_OVERRIDE,
  DIALOG_FACES,
  DIALOG_CARD_NAME,
  DIALOG_END_SHEET,
} Dialog;

static const char * const dialog_names[] = {
  "place", "override", "table-dice", "card-name", "end-sheet",
};

/* The game the dialog belongs to, its page, and the dialog over window */
static GtkWidget *
open_dialog (Dialog      kind,
             PenGame    *game,
             GtkWindow  *window)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog = NULL;

  switch (kind)
    {
    case DIALOG_PLACE:
      {
        PenPlaceDialog *place = pen_place_dialog_new (window, game, 0, 0, &error);
        const char * const *sections;

        g_assert_no_error (error);
        sections = pen_place_dialog_get_sections (place);
        /* the Ruins: the Threat die's question shown */
        for (guint i = 0; sections[i] != NULL; i++)
          if (g_str_has_prefix (sections[i], "ruins/"))
            gtk_check_button_set_active (pen_place_dialog_get_section_button (place, i), TRUE);
        dialog = GTK_WIDGET (place);
      }
      break;
    case DIALOG_OVERRIDE:
      {
        /* a Contract with no Guild placement */
        g_autoptr(PenAction) action = pen_action_new ("contract-take",
                                                      "\"wizard\": 0, \"slot\": 0", &error);

        g_assert_no_error (error);
        g_assert_false (pen_game_submit (game, action, &error));
        g_assert_true (pen_override_dialog_can_override (error));
        dialog = GTK_WIDGET (pen_override_dialog_new (window, game, action, error));
      }
      break;
    case DIALOG_FACES:
      {
        g_autoptr(PenAction) action = pen_action_new ("die-gain",
                                                      "\"wizard\": 0, \"color\": \"red\"",
                                                      &error);

        g_assert_no_error (error);
        g_assert_false (pen_game_submit (game, action, &error));
        g_assert_true (pen_faces_dialog_needs_faces (error));
        g_clear_error (&error);
        dialog = GTK_WIDGET (pen_faces_dialog_new (window, game, action, &error));
        g_assert_no_error (error);
      }
      break;
    case DIALOG_CARD_NAME:
      {
        g_autoptr(GPtrArray) open = pen_box_list_unidentified (pen_game_get_table (game));

        g_assert_cmpuint (open->len, >, 0);
        dialog = GTK_WIDGET (pen_card_name_dialog_new (window, game,
                                                       ((PenCardSighting *)
                                                        open->pdata[0])->card));
      }
      break;
    case DIALOG_END_SHEET:
    default:
      break;
    }
  return dialog;
}

static PenGame *
dialog_game (Dialog kind)
{
  g_autoptr(GError) error = NULL;
  PenGame *game;

  switch (kind)
    {
    case DIALOG_FACES:
      game = pen_game_new ();
      pen_test_run (game, PHYSICAL_NEW);
      pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
      return game;
    case DIALOG_CARD_NAME:
      game = pen_game_new ();
      pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                    "\"seed\": 7}");
      pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
      return game;
    case DIALOG_END_SHEET:
      game = pen_game_new ();
      pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], "
                    "\"seed\": 3, \"ready_made\": true}");
      pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"aranea\", "
                    "\"zone\": \"experience\"}");
      pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 1, \"card\": "
                    "\"basilisk\", \"zone\": \"experience\"}");
      return game;
    case DIALOG_PLACE:
    case DIALOG_OVERRIDE:
    default:
      game = pen_demo_new_game (&error);
      g_assert_no_error (error);
      return game;
    }
}

static void
test_dialog (gconstpointer data)
{
  Dialog kind = GPOINTER_TO_UINT (data);
  const char *dir = g_getenv ("PEN_TURN_SHOTS");
  gboolean ru = g_strcmp0 (g_getenv ("LANGUAGE"), "ru") == 0;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr(PenGame) game = dialog_game (kind);
      g_autoptr(PenApplication) app = pen_application_new ();
      g_autoptr(GError) error = NULL;
      GtkWidget *window, *dialog = NULL;

      if (kind == DIALOG_END_SHEET)
        {
          GtkWidget *sheet = pen_end_sheet_new ();

          window = adw_window_new ();
          adw_window_set_content (ADW_WINDOW (window), sheet);
          pen_section_set_game (PEN_SECTION (sheet), game);
        }
      else
        {
          g_application_register (G_APPLICATION (app), NULL, &error);
          g_assert_no_error (error);
          window = GTK_WIDGET (pen_window_new (app));
          pen_window_set_game (PEN_WINDOW (window), game);
          pen_window_show_page (PEN_WINDOW (window), kind == DIALOG_CARD_NAME ? "table"
                                                                               : "wizards");
        }
      gtk_window_set_default_size (GTK_WINDOW (window), sizes[s].w, sizes[s].h);
      gtk_window_present (GTK_WINDOW (window));
      pen_test_flush ();
      dialog = open_dialog (kind, game, GTK_WINDOW (window));
      if (dialog != NULL)
        gtk_window_present (GTK_WINDOW (dialog));
      pen_test_wait_frames (30);
      /* on a phone, the dialog fits the window */
      if (dialog != NULL)
        {
          g_assert_true (gtk_widget_get_mapped (dialog));
          g_test_message ("%s, %s: %d px wide", dialog_names[kind], sizes[s].name,
                          gtk_widget_get_width (dialog));
          g_assert_cmpint (gtk_widget_get_width (dialog), <=, sizes[s].w);
        }
      if (dir != NULL)
        {
          g_autofree char *name = g_strdup_printf ("game-%s-%s%s.png", dialog_names[kind],
                                                   sizes[s].name, ru ? "-ru" : "");
          g_autofree char *path = g_build_filename (dir, name, NULL);

          pen_test_save_over (window, dialog, gtk_widget_get_width (window),
                              gtk_widget_get_height (window), path);
        }
      if (dialog != NULL)
        gtk_window_destroy (GTK_WINDOW (dialog));
      gtk_window_destroy (GTK_WINDOW (window));
      pen_test_flush ();
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *tmp = pen_test_init_translated (&argc, &argv, "turn");

  pen_turn_set_card_language (g_strcmp0 (g_getenv ("LANGUAGE"), "ru") == 0 ? "ru" : "en");
  /* the Russian run really is in Russian */
  if (g_strcmp0 (g_getenv ("LANGUAGE"), "ru") == 0)
    g_assert_cmpstr (_("Rest options for %s"), !=, "Rest options for %s");
  pen_test_load_style ();
  g_test_add_func ("/penumbra/ui/turn/rows-in-place", test_rows_in_place);
  g_test_add_func ("/penumbra/ui/turn/fate-news-one-turn", test_fate_news_one_turn);
  g_test_add_func ("/penumbra/ui/turn/fate-news-named", test_fate_news_named);
  g_test_add_func ("/penumbra/ui/turn/fate-news-reopened", test_fate_news_reopened);
  g_test_add_func ("/penumbra/ui/turn/fate-news-reopened-study", test_fate_news_reopened_study);
  g_test_add_func ("/penumbra/ui/turn/fate-news-reopened-named", test_fate_news_reopened_named);
  g_test_add_func ("/penumbra/ui/turn/fate-news-rival-undo", test_fate_news_rival_undo);
  g_test_add_func ("/penumbra/ui/turn/ruins-app-roll-said", test_ruins_app_roll_said);
  g_test_add_func ("/penumbra/ui/turn/mortal-wound-said", test_mortal_wound_said);
  g_test_add_func ("/penumbra/ui/turn/die-letters", test_die_letters);
  for (guint v = 0; v < G_N_ELEMENTS (view_names); v++)
    {
      g_autofree char *path = g_strdup_printf ("/penumbra/ui/turn/fits/%s", view_names[v]);

      g_test_add_data_func (path, GUINT_TO_POINTER (v), test_view);
    }
  for (guint d = 0; d < G_N_ELEMENTS (dialog_names); d++)
    {
      g_autofree char *path = g_strdup_printf ("/penumbra/ui/turn/dialog/%s", dialog_names[d]);

      g_test_add_data_func (path, GUINT_TO_POINTER (d), test_dialog);
    }
  {
    int status = g_test_run ();

    pen_test_remove_tree (tmp);
    return status;
  }
}
