/* test-ui-table.c: the Table page on the demo game — starting and ending turns changes the
 * model and the turn banner, a Fate reveal is announced, undo restores both; the recount
 * applies several corrections as one undoable step
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "pen-box.h"
#include "pen-card-name-dialog.h"
#include "pen-card-row.h"
#include "pen-catalog.h"
#include "pen-demo.h"
#include "pen-faces-dialog.h"
#include "pen-fate-section.h"
#include "pen-json.h"
#include "pen-keep-height.h"
#include "pen-markets-section.h"
#include "pen-rest-pick-row.h"
#include "pen-rule.h"
#include "pen-table-page.h"
#include "pen-table-util.h"
#include "pen-threat-page.h"
#include "pen-turn-banner.h"
#include "pen-event-panel.h"
#include "pen-fate-news.h"
#include "pen-phase-banner.h"
#include "pen-reserved-section.h"
#include "pen-show.h"
#include "pen-trial-panel.h"
#include "pen-turn-controls.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"
#include "pen-test-gtk-utils.h"
#include "pen-test-play.h"
#include "pen-trial-path-dialog.h"
#include "pen-test-utils.h"


static GtkWidget *
find_named (GtkWidget  *root,
            const char *name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (g_strcmp0 (gtk_widget_get_name (child), name) == 0)
        return child;
      if ((found = find_named (child, name)) != NULL)
        return found;
    }
  return NULL;
}

/* The tooltip of Guild cell i (0-based), which names its card */
static char *
cell_text (GtkWidget *page,
           guint      i)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  guint seen = 0;

  pen_test_collect (page, GTK_TYPE_MENU_BUTTON, buttons);
  for (guint k = 0; k < buttons->len; k++)
    {
      GtkWidget *b = g_ptr_array_index (buttons, k);
      if (gtk_widget_has_css_class (b, "contract-cell") && seen++ == i)
        return g_strdup (gtk_widget_get_tooltip_text (b));
    }
  return NULL;
}

static char *fate_panel_text (PenGame *game);

static PenTablePage *
new_page (PenGame *game)
{
  PenTablePage *page = g_object_new (PEN_TYPE_TABLE_PAGE, "game", game, NULL);

  g_object_ref_sink (page);
  g_signal_connect (page, "submit", G_CALLBACK (pen_test_submit_cb), game);
  return page;
}

static void
test_turn_flow (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  PenTable *table;
  g_autofree char *start = NULL, *boris_turn = NULL, *trial = NULL, *news = NULL;
  g_autofree char *cell = NULL;
  guint deck, pos;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  page = new_page (game);
  start = pen_test_snapshot_text (game);
  pos = pen_game_get_position (game);

  /* the demo stops in Ann's Study turn */
  g_assert_cmpint (pen_table_get_turn_kind (table), ==, PEN_TURN_STUDY);
  g_assert_cmpstr (pen_table_page_get_turn_text (page), ==, "Ann’s turn — Study");

  /* end it: Boris is next, no turn kind chosen yet */
  pen_table_page_end_turn (page);
  pen_test_flush ();
  g_assert_cmpuint (pen_game_get_position (game), ==, pos + 1);
  g_assert_cmpuint (pen_table_get_current (table), ==, 1);
  g_assert_cmpint (pen_table_get_turn_kind (table), ==, PEN_TURN_NONE);
  g_assert_cmpstr (pen_table_page_get_turn_text (page), ==, "Boris’s turn");
  boris_turn = pen_test_snapshot_text (game);

  /* a Trial turn */
  pen_table_page_start_turn (page, PEN_TURN_TRIAL);
  pen_test_flush ();
  g_assert_cmpint (pen_table_get_turn_kind (table), ==, PEN_TURN_TRIAL);
  g_assert_cmpstr (pen_table_page_get_turn_text (page), ==, "Boris’s turn — Trial");
  /* a Trial turn attempts one Trial (the book's ONE TRIAL): Boris fails the first */
  pen_test_run (game, "{\"action\": \"trial-fail\", \"wizard\": 1, \"index\": 0}");
  pen_test_flush ();
  trial = pen_test_snapshot_text (game);

  /* ending a Trial turn refreshes the Guild and the app reveals the top Fate card */
  deck = g_list_model_get_n_items (pen_table_get_fate_deck (table));
  g_assert_null (pen_table_page_get_news_text (page));
  pen_table_page_end_turn (page);
  pen_test_flush ();
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_fate_deck (table)), ==, deck - 1);
  g_assert_cmpuint (pen_table_get_current (table), ==, 2);
  g_assert_cmpstr (pen_table_page_get_turn_text (page), ==, "Chloe’s turn");
  news = g_strdup_printf ("Fate: %s — a Prophecy, put it where everyone can see it",
                          pen_turn_card_name ("guild-revival"));
  g_assert_cmpstr (pen_table_page_get_news_text (page), ==, news);
  /* the Guild row shifted right: the rightmost contract went, cell 1 refilled (or empty) */
  cell = cell_text (GTK_WIDGET (page), 3);
  g_assert_nonnull (cell);
  g_assert_true (g_str_has_prefix (cell, "Guild cell 4: "));

  /* undo restores the model and the view, step by step */
  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  {
    g_autofree char *now = pen_test_snapshot_text (game);
    g_assert_cmpstr (now, ==, trial);
  }
  g_assert_cmpstr (pen_table_page_get_turn_text (page), ==, "Boris’s turn — Trial");
  g_assert_null (pen_table_page_get_news_text (page));

  /* the failed Trial, then the Trial turn */
  g_assert_true (pen_game_undo (game));
  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  {
    g_autofree char *now = pen_test_snapshot_text (game);
    g_assert_cmpstr (now, ==, boris_turn);
  }
  g_assert_cmpstr (pen_table_page_get_turn_text (page), ==, "Boris’s turn");

  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  {
    g_autofree char *now = pen_test_snapshot_text (game);
    g_assert_cmpstr (now, ==, start);
  }
  g_assert_cmpstr (pen_table_page_get_turn_text (page), ==, "Ann’s turn — Study");
}

/* The news text below relies on the demo's next Fate card being the prophecy Guild Revival */
static void
test_demo_deck (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTableCard) top = NULL;
  PenCard *card;

  g_assert_no_error (error);
  top = g_list_model_get_item (pen_table_get_fate_deck (pen_game_get_table (game)), 0);
  g_assert_cmpstr (pen_table_card_get_card_id (top), ==, "guild-revival");
  card = pen_catalog_lookup (pen_catalog_get_default (), "guild-revival");
  g_assert_nonnull (card);
  g_assert_cmpint (pen_card_get_card_type (card), ==, PEN_CARD_PROPHECY);
}

/* After a Mortal Wound the next turn must be a Rest: Study and Trial say why, and stay
 * tappable so that the core refuses them by rule and the table may overrule it */
static void
test_must_rest (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  guint why = 0;

  g_assert_no_error (error);
  page = new_page (game);
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"mortal-wound\", \"wizard\": 1}",
                                       &error));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-end\"}", &error));
  g_assert_no_error (error);
  pen_test_flush ();
  g_assert_cmpstr (pen_table_page_get_turn_text (page), ==, "Boris’s turn");

  pen_test_collect (GTK_WIDGET (page), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkWidget *b = g_ptr_array_index (buttons, i);
      const char *tip = gtk_widget_get_tooltip_text (b);

      if (tip && g_str_has_prefix (tip, "After a Mortal Wound"))
        {
          g_assert_true (gtk_widget_get_sensitive (b));
          why++;
        }
    }
  g_assert_cmpuint (why, ==, 2);   /* Study and Trial */
  g_assert_false (pen_game_submit_json (game, "{\"action\": \"turn-start\", \"kind\": "
                                        "\"study\"}", &error));
  g_assert_cmpint (pen_rule_from_error (error), ==, PEN_RULE_REST_AFTER_MORTAL_WOUND);
  g_clear_error (&error);

  pen_table_page_start_turn (page, PEN_TURN_REST);
  pen_test_flush ();
  g_assert_cmpstr (pen_table_page_get_turn_text (page), ==, "Boris’s turn — Rest");
  g_assert_false (pen_wizard_get_must_rest (pen_table_get_wizard (pen_game_get_table (game), 1)));
}

/* A prophecy the table confirms starts the final round; the page says so */
static void
test_final_round (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  GtkWidget *window, *reserved, *phase_banner, *controls, *markets;
  graphene_point_t before, after;
  const char *result;
  PenTable *table;
  guint deck = 0;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  page = new_page (game);
  window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  pen_test_wait_frames (5);
  controls = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_TURN_CONTROLS);
  markets = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_MARKETS_SECTION);
  g_assert_true (gtk_widget_is_sensitive (pen_test_find_button (markets, "_Bribe")));
  g_assert_true (gtk_widget_compute_point (controls, GTK_WIDGET (page),
                                           &GRAPHENE_POINT_INIT (0, 0), &before));
  /* the demo's Fate deck is not empty: the table overrules End of Time's count */
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"prophecy-fulfil\", \"card\": "
                                       "\"end-of-time\", \"override\": true}", &error));
  g_assert_no_error (error);
  g_assert_cmpint (pen_table_get_phase (table), ==, PEN_PHASE_FINAL_ROUND);
  /* the final round's banner comes without moving the turn controls under a finger (play
   * finding Q9: it came above them, and a tap meant for Trial opened a Trial's menu) */
  pen_test_wait_frames (5);
  g_assert_true (gtk_widget_get_visible (pen_test_find_first (GTK_WIDGET (page),
                                                              PEN_TYPE_PHASE_BANNER)));
  g_assert_true (gtk_widget_compute_point (controls, GTK_WIDGET (page),
                                           &GRAPHENE_POINT_INIT (0, 0), &after));
  g_assert_cmpfloat (after.y, ==, before.y);
  /* every wizard holds a reserved card: the section shows the current one's */
  for (guint w = 0; w < 3; w++)
    {
      g_autofree char *json = g_strdup_printf ("{\"action\": \"card-gain\", \"wizard\": %u, "
                                               "\"card\": \"aranea\", \"zone\": "
                                               "\"reserved\"}", w);

      g_assert_true (pen_game_submit_json (game, json, &error));
      g_assert_no_error (error);
    }
  pen_test_flush ();
  reserved = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_RESERVED_SECTION);
  phase_banner = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_PHASE_BANNER);
  g_assert_true (gtk_widget_get_visible (reserved));
  g_assert_true (gtk_widget_get_visible (phase_banner));
  g_assert_null (pen_phase_banner_get_result (PEN_PHASE_BANNER (phase_banner)));
  /* Ann's turn ends as usual, then each of the three has one more turn; the last a Rest,
   * whose end reveals a Fate card */
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpint (pen_table_get_phase (table), ==, PEN_PHASE_FINAL_ROUND);
      if (pen_table_get_turn_kind (table) == PEN_TURN_NONE)
        pen_table_page_start_turn (page, i == 3 ? PEN_TURN_REST : PEN_TURN_STUDY);
      if (i == 3)
        deck = g_list_model_get_n_items (pen_table_get_fate_deck (table));
      pen_table_page_end_turn (page);
      pen_test_flush ();
    }
  g_assert_cmpint (pen_table_get_phase (table), ==, PEN_PHASE_ENDED);
  g_assert_cmpstr (pen_table_page_get_turn_text (page), ==, "Game over");
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_fate_deck (table)), ==, deck - 1);

  /* the game is over: no turn controls, no next player's reserved cards, no Fate news or
   * Event to apply, no step of a turn; who won and the way to the Score */
  g_assert_false (gtk_widget_get_visible (reserved));
  g_assert_false (gtk_widget_get_visible (pen_test_find_first (GTK_WIDGET (page),
                                                               PEN_TYPE_TURN_CONTROLS)));
  g_assert_false (gtk_widget_get_visible (pen_test_find_first (GTK_WIDGET (page),
                                                               PEN_TYPE_FATE_NEWS)));
  g_assert_null (pen_table_page_get_news_text (page));
  g_assert_false (gtk_widget_get_visible (pen_test_find_first (GTK_WIDGET (page),
                                                               PEN_TYPE_EVENT_PANEL)));
  g_assert_null (pen_turn_banner_get_step (PEN_TURN_BANNER (
                   pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_TURN_BANNER))));
  /* the header no longer says the deck is on the table (play finding C6) */
  {
    PenTurnBanner *banner = PEN_TURN_BANNER (pen_test_find_first (GTK_WIDGET (page),
                                                                  PEN_TYPE_TURN_BANNER));
    guint turn = pen_table_get_turn (table);
    g_autofree char *over = g_strdup_printf ("Turn %u · round %u", turn + 1, turn / 3 + 1);
    g_autofree char *empty = g_strdup_printf ("Turn %u · round %u · Fate deck empty",
                                              turn + 1, turn / 3 + 1);
    g_autoptr(GPtrArray) left = pen_tu_list_ids (pen_table_get_fate_deck (table));

    g_assert_cmpstr (pen_turn_banner_get_detail (banner), ==, over);
    /* and with its last card gone it says the deck is empty */
    for (guint i = 0; i < left->len; i++)
      {
        g_autofree char *json = g_strdup_printf ("{\"action\": \"fate-reveal\", \"card\": "
                                                 "\"%s\", \"override\": true}",
                                                 (char *) left->pdata[i]);

        g_assert_true (pen_game_submit_json (game, json, &error));
        g_assert_no_error (error);
      }
    pen_test_flush ();
    g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_fate_deck (table)), ==, 0);
    g_assert_cmpstr (pen_turn_banner_get_detail (banner), ==, empty);
    for (guint i = 0; i < left->len; i++)
      g_assert_true (pen_game_undo (game));
    pen_test_flush ();
    g_assert_cmpstr (pen_turn_banner_get_detail (banner), ==, over);
  }
  /* nothing more is reserved from the deck either (play finding P13) */
  g_assert_false (gtk_widget_get_visible (pen_test_find_named (GTK_WIDGET (page),
                                                               "deck-reserve-button")));
  /* nor is a market bribed (play finding W8) */
  g_assert_false (gtk_widget_is_sensitive (pen_test_find_button (markets, "_Bribe")));
  g_assert_true (gtk_widget_get_visible (phase_banner));
  g_assert_true (gtk_widget_get_visible (pen_test_find_button (phase_banner, "See the _Scores")));
  result = pen_phase_banner_get_result (PEN_PHASE_BANNER (phase_banner));
  g_assert_nonnull (result);
  {
    g_autoptr(PenScoreSheet) sheet = pen_show_score (table);
    gboolean named = FALSE;

    for (guint i = 0; i < sheet->results->len; i++)
      {
        PenScoreResult *r = g_ptr_array_index (sheet->results, i);

        if (r->place == 1)
          named |= strstr (result, r->display_name) != NULL;
        else
          g_assert_null (strstr (result, r->display_name));
      }
    g_assert_true (named);
  }
  /* undone, the final round is back with its turn controls */
  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  g_assert_true (gtk_widget_get_visible (reserved));
  g_assert_null (pen_phase_banner_get_result (PEN_PHASE_BANNER (phase_banner)));
  g_assert_true (gtk_widget_is_sensitive (pen_test_find_button (markets, "_Bribe")));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* An Event put away with "Done" goes at once: the turn's buttons above it do not move under
 * the finger (play finding W10), and no empty space stays where it was (play finding C4) */
static void
test_event_done_keeps_place (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = NULL;
  GtkWidget *window, *panel, *controls, *done;
  graphene_point_t before, after;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                "\"seed\": 3, \"setup\": {\"prophecies\": [\"end-of-time\"], "
                "\"fate_deck\": [\"secret-deal\", \"aranea\", \"wildwood\"]}}");
  page = new_page (game);
  window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  pen_test_wait_frames (5);
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  pen_test_run (game, "{\"action\": \"turn-end\"}");
  pen_test_wait_frames (5);
  panel = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_EVENT_PANEL);
  controls = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_TURN_CONTROLS);
  g_assert_true (gtk_widget_get_visible (panel));
  g_assert_true (gtk_widget_compute_point (controls, GTK_WIDGET (page),
                                           &GRAPHENE_POINT_INIT (0, 0), &before));
  done = pen_test_find_button (panel, "_Done");
  g_assert_nonnull (done);
  g_signal_emit_by_name (done, "clicked");
  pen_test_wait_frames (5);
  g_assert_null (pen_event_panel_get_event (PEN_EVENT_PANEL (panel)));
  g_assert_false (gtk_widget_is_visible (done));
  g_assert_false (gtk_widget_get_visible (panel));
  g_assert_true (gtk_widget_compute_point (controls, GTK_WIDGET (page),
                                           &GRAPHENE_POINT_INIT (0, 0), &after));
  g_assert_cmpfloat (after.y, ==, before.y);
  /* Bob chooses his turn: the page closes up */
  pen_table_page_start_turn (page, PEN_TURN_STUDY);
  pen_test_wait_frames (5);
  g_assert_false (gtk_widget_get_visible (panel));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* At 360 px the page is one long column: scrolled down to end a turn, the next turn shows its
 * top (the next player's turn, the Rival's plan), not the bottom of the page (play finding
 * C5); a step within a turn leaves the scroll where it is */
static void
test_new_turn_shows_top (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = NULL;
  GtkWidget *window, *keeper, *scroller;
  GtkAdjustment *adj;
  graphene_point_t top;
  double bottom;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                "\"seed\": 3, \"setup\": {\"prophecies\": [\"end-of-time\"]}}");
  page = new_page (game);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  pen_test_wait_frames (5);
  keeper = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_KEEP_HEIGHT);
  scroller = pen_test_find_first (GTK_WIDGET (page), GTK_TYPE_SCROLLED_WINDOW);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  pen_test_wait_frames (5);
  /* scrolled to the bottom, as to reach the rows and End the Turn */
  bottom = gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj);
  g_assert_cmpfloat (bottom, >, 200);
  gtk_adjustment_set_value (adj, bottom);
  pen_test_run (game, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"bone\", "
                "\"value\": 3}");
  pen_test_wait_frames (5);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, 200);
  /* Bob's turn: its top is in view */
  pen_test_run (game, "{\"action\": \"turn-end\"}");
  pen_test_wait_frames (5);
  g_assert_true (gtk_widget_compute_point (keeper, scroller, &GRAPHENE_POINT_INIT (0, 0), &top));
  g_assert_cmpfloat (top.y, >=, 0);
  g_assert_cmpfloat (top.y, <, 100);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Physical mode: the player picks the revealed Fate card from the cards still possible */
static void
test_physical_reveal (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) drops = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GtkDropDown *reveal = NULL;
  GListModel *names;
  PenTable *table;
  const char *text;
  gboolean shown = FALSE;
  guint harvest = GTK_INVALID_LIST_POSITION;

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": "
                                       "[\"Ann\", \"Boris\"], \"mode\": \"physical\", "
                                       "\"setup\": {\"prophecies\": [\"end-of-time\"], "
                                       "\"trial_row\": [\"goldeater\"], \"fate_deck\": "
                                       "[\"aranea\", \"harvest\", \"heroism\"]}}", &error));
  g_assert_no_error (error);
  table = pen_game_get_table (game);
  page = new_page (game);
  pen_table_page_start_turn (page, PEN_TURN_REST);
  pen_test_flush ();
  g_assert_cmpstr (pen_table_page_get_turn_text (page), ==, "Ann’s turn — Rest");

  /* the first drop-down lists the cards still possible, by name, with their type */
  pen_test_collect (GTK_WIDGET (page), GTK_TYPE_DROP_DOWN, drops);
  g_assert_cmpuint (drops->len, >=, 1);
  /* (the Rest options panel above has a card picker of its own) */
  while (drops->len > 1
         && (gtk_widget_get_ancestor (g_ptr_array_index (drops, 0), ADW_TYPE_ACTION_ROW) == NULL
             || gtk_widget_get_ancestor (g_ptr_array_index (drops, 0),
                                         PEN_TYPE_REST_PICK_ROW) != NULL))
    g_ptr_array_remove_index (drops, 0);
  reveal = g_ptr_array_index (drops, 0);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_ancestor (GTK_WIDGET (reveal),
                                                                  ADW_TYPE_ACTION_ROW)));
  names = gtk_drop_down_get_model (reveal);
  g_assert_cmpuint (g_list_model_get_n_items (names), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      const char *name = gtk_string_list_get_string (GTK_STRING_LIST (names), i);
      if (g_str_equal (name, "Harvest (Event)"))
        harvest = i;
    }
  g_assert_cmpuint (harvest, !=, GTK_INVALID_LIST_POSITION);
  /* the turn cannot end before the revealed card is named */
  {
    g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
    GtkWidget *end = NULL;

    pen_test_collect (GTK_WIDGET (page), GTK_TYPE_BUTTON, buttons);
    for (guint i = 0; i < buttons->len; i++)
      if (gtk_widget_has_css_class (g_ptr_array_index (buttons, i), "end-turn-button"))
        end = g_ptr_array_index (buttons, i);
    g_assert_nonnull (end);
    g_assert_false (gtk_widget_get_sensitive (end));
    gtk_drop_down_set_selected (reveal, harvest);
    /* nor before the table says which Contract refills the Guild (nothing preselected) */
    {
      GtkDropDown *contract = g_ptr_array_index (drops, 1);

      g_assert_cmpuint (gtk_drop_down_get_selected (contract), ==, GTK_INVALID_LIST_POSITION);
      g_assert_false (gtk_widget_get_sensitive (end));
      gtk_drop_down_set_selected (contract, 0);
    }
    g_assert_true (gtk_widget_get_sensitive (end));
  }

  pen_table_page_end_turn (page);
  pen_test_flush ();
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_fate_deck (table)), ==, 2);
  g_assert_cmpstr (pen_table_page_get_news_text (page), ==,
                   "Fate: Harvest — an Event, apply it now");
  /* the event's text from the catalogue is on the page */
  text = pen_card_get_text (pen_catalog_lookup (pen_catalog_get_default (), "harvest"), "en");
  g_assert_nonnull (text);
  pen_test_collect (GTK_WIDGET (page), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_label (g_ptr_array_index (labels, i)), text) == 0
        && gtk_widget_get_visible (g_ptr_array_index (labels, i)))
      shown = TRUE;
  g_assert_true (shown);

  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  g_assert_null (pen_table_page_get_news_text (page));
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_fate_deck (table)), ==, 3);
}

/* The table's answer to a refusal, as the override dialog gives it: the same action, Do It
 * Anyway; the rule it broke is kept */
typedef struct
{
  PenGame *game;
  GArray  *refused;   /* the rules broken (int) */
} Overruling;

static void
override_submit_cb (PenTablePage *page,
                    PenAction    *action,
                    Overruling   *o)
{
  g_autoptr(GError) error = NULL;

  if (pen_game_submit (o->game, action, &error))
    return;
  g_assert_error (error, PEN_RULE_ERROR, error->code);
  g_array_append_val (o->refused, error->code);
  pen_action_set_override (action, TRUE);
  g_clear_error (&error);
  g_assert_true (pen_game_submit (o->game, action, &error));
  g_assert_no_error (error);
}

/* Physical play with the first-game deck: the rulebook prints its order, so the Fate picker
 * names the next card, chosen already ("Next: Wildwood"), and offers only "Another
 * card…" besides: taking it lists the whole deck, nothing chosen, and a card other than the
 * next is the table overruling the printed order (rule fate-printed-order, recorded) */
/* Physical play: the table says which Contract refilled the Guild (nothing is preselected), in
 * every turn-controls drop-down but the Fate card's */
static void
pick_guild_contract (GtkWidget   *page,
                     GtkDropDown *reveal)
{
  g_autoptr(GPtrArray) drops = g_ptr_array_new ();

  pen_test_collect (page, GTK_TYPE_DROP_DOWN, drops);
  for (guint i = 0; i < drops->len; i++)
    {
      GtkDropDown *drop = g_ptr_array_index (drops, i);

      if (drop != reveal && gtk_widget_is_visible (GTK_WIDGET (drop))
          && gtk_widget_get_ancestor (GTK_WIDGET (drop), PEN_TYPE_TURN_CONTROLS) != NULL
          && gtk_drop_down_get_selected (drop) == GTK_INVALID_LIST_POSITION)
        gtk_drop_down_set_selected (drop, 0);
    }
  pen_test_flush ();
}

static void
test_physical_first_game_reveal (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) drops = g_ptr_array_new ();
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr(GArray) refused = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(PenAction) last = NULL;
  GtkDropDown *reveal = NULL;
  GtkWidget *end = NULL;
  GListModel *names;
  PenTable *table;
  guint aranea = GTK_INVALID_LIST_POSITION;
  g_autofree char *panel = NULL;
  Overruling o;

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": "
                                       "[\"Ann\", \"Boris\"], \"mode\": \"physical\", "
                                       "\"seed\": 5, \"ready_made\": true}", &error));
  g_assert_no_error (error);
  table = pen_game_get_table (game);
  /* the Fate Deck panel says how the deck lies, and which card is next */
  panel = fate_panel_text (game);
  g_test_message ("first game at the table:\n%s", panel);
  g_assert_nonnull (strstr (panel, "Laid out in the order the rulebook prints. Next: Wildwood"));
  g_assert_null (strstr (panel, "Shuffled"));
  g_assert_null (strstr (panel, "%"));

  page = g_object_new (PEN_TYPE_TABLE_PAGE, "game", game, NULL);
  g_object_ref_sink (page);
  o.game = game;
  o.refused = refused;
  g_signal_connect (page, "submit", G_CALLBACK (override_submit_cb), &o);
  pen_table_page_start_turn (page, PEN_TURN_REST);
  pen_test_flush ();

  pen_test_collect (GTK_WIDGET (page), GTK_TYPE_DROP_DOWN, drops);
  for (guint i = 0; i < drops->len && reveal == NULL; i++)
    if (gtk_widget_get_ancestor (g_ptr_array_index (drops, i), PEN_TYPE_TURN_CONTROLS) != NULL)
      reveal = g_ptr_array_index (drops, i);
  g_assert_nonnull (reveal);
  pen_test_collect (GTK_WIDGET (page), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (gtk_widget_has_css_class (g_ptr_array_index (buttons, i), "end-turn-button"))
      end = g_ptr_array_index (buttons, i);
  g_assert_nonnull (end);

  /* the next card, chosen; "Another card…"; nothing else */
  names = gtk_drop_down_get_model (reveal);
  g_assert_cmpuint (g_list_model_get_n_items (names), ==, 2);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 0), ==,
                   "Next: Wildwood");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 1), ==,
                   "Another card…");
  g_assert_cmpuint (gtk_drop_down_get_selected (reveal), ==, 0);
  pick_guild_contract (GTK_WIDGET (page), reveal);
  g_assert_true (gtk_widget_get_sensitive (end));
  pen_table_page_end_turn (page);
  pen_test_flush ();
  g_assert_cmpuint (refused->len, ==, 0);
  g_assert_cmpstr (pen_table_get_fate_next (table), ==, "guild-revival");

  /* Boris's Rest: the next card is Guild Revival; the table asks for another */
  pen_table_page_start_turn (page, PEN_TURN_REST);
  pen_test_flush ();
  names = gtk_drop_down_get_model (reveal);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 0), ==,
                   "Next: Guild Revival");
  g_assert_cmpuint (gtk_drop_down_get_selected (reveal), ==, 0);
  gtk_drop_down_set_selected (reveal, 1);
  pen_test_flush ();
  /* the whole deck in its order, the next card first, nothing chosen: End waits */
  names = gtk_drop_down_get_model (reveal);
  g_assert_cmpuint (g_list_model_get_n_items (names), ==,
                    g_list_model_get_n_items (pen_table_get_fate_deck (table)));
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 0), ==,
                   "Next: Guild Revival");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 1), ==,
                   "Aranea (Trial)");
  g_assert_cmpuint (gtk_drop_down_get_selected (reveal), ==, GTK_INVALID_LIST_POSITION);
  g_assert_false (gtk_widget_get_sensitive (end));
  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (names), i), "Aranea (Trial)"))
      aranea = i;
  gtk_drop_down_set_selected (reveal, aranea);
  pick_guild_contract (GTK_WIDGET (page), reveal);
  g_assert_true (gtk_widget_get_sensitive (end));
  pen_table_page_end_turn (page);
  pen_test_flush ();
  /* refused by the rule, done anyway: recorded, and Guild Revival is still next */
  g_assert_cmpuint (refused->len, ==, 1);
  g_assert_cmpint (g_array_index (refused, int, 0), ==, PEN_RULE_FATE_PRINTED_ORDER);
  last = g_list_model_get_item (pen_game_get_history (game), pen_game_get_position (game) - 1);
  g_assert_cmpstr (pen_action_get_kind (last), ==, "turn-end");
  g_assert_cmpuint (pen_action_get_overrides (last)->len, ==, 1);
  g_assert_cmpint (pen_table_card_list_index (pen_table_get_trial_row (table), "aranea"), >=, 0);
  g_assert_cmpstr (pen_table_get_fate_next (table), ==, "guild-revival");
  /* the next turn offers the next card again, not the whole deck */
  pen_table_page_start_turn (page, PEN_TURN_REST);
  pen_test_flush ();
  names = gtk_drop_down_get_model (reveal);
  g_assert_cmpuint (g_list_model_get_n_items (names), ==, 2);
  g_assert_cmpuint (gtk_drop_down_get_selected (reveal), ==, 0);
}

static void
test_recount (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  g_autoptr(GPtrArray) spins = g_ptr_array_new ();
  g_autoptr(PenAction) action = NULL;
  g_autofree char *before = NULL, *restored = NULL;
  PenTable *table;
  PenWizard *ann;
  GtkWindow *window;
  guint pos, face, dice;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  ann = pen_table_get_wizard (table, 0);
  page = new_page (game);
  before = pen_test_snapshot_text (game);
  pos = pen_game_get_position (game);
  dice = g_list_model_get_n_items (pen_wizard_get_supply (ann));
  face = pen_die_get_value (pen_wizard_get_die (ann, 0));

  pen_table_page_check_table (page);
  window = pen_table_page_get_recount_window (page);
  g_assert_nonnull (window);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);

  /* Ann's step: her dice faces, then her six ingredients (Blood first) */
  pen_test_collect (GTK_WIDGET (window), GTK_TYPE_SPIN_BUTTON, spins);
  g_assert_cmpuint (spins->len, >=, dice + 6);
  gtk_spin_button_set_value (g_ptr_array_index (spins, 0), face == 1 ? 2 : 1);
  gtk_spin_button_set_value (g_ptr_array_index (spins, dice), 7);

  /* confirm every step; the last one applies */
  for (guint i = 0; i < 10 && window != NULL; i++)
    {
      GtkWidget *next = find_named (GTK_WIDGET (window), "recount-next");
      g_assert_nonnull (next);
      g_signal_emit_by_name (next, "clicked");
      pen_test_flush ();
    }
  g_assert_null (window);
  g_assert_null (pen_table_page_get_recount_window (page));

  /* one action, both corrections */
  g_assert_cmpuint (pen_game_get_position (game), ==, pos + 1);
  action = g_list_model_get_item (pen_game_get_history (game), pos);
  g_assert_cmpstr (pen_action_get_kind (action), ==, "recount");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      pen_action_get_params (action), "corrections")), ==, 2);
  g_assert_cmpuint (pen_die_get_value (pen_wizard_get_die (ann, 0)), ==, face == 1 ? 2 : 1);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD), ==, 7);

  /* one undo takes both back */
  g_assert_true (pen_game_undo (game));
  restored = pen_test_snapshot_text (game);
  g_assert_cmpstr (restored, ==, before);
  g_assert_cmpuint (pen_die_get_value (pen_wizard_get_die (ann, 0)), ==, face);
}

/* A recount that changes nothing submits nothing */
static void
test_recount_unchanged (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  GtkWindow *window;
  guint pos;

  g_assert_no_error (error);
  page = new_page (game);
  pos = pen_game_get_position (game);
  pen_table_page_check_table (page);
  window = pen_table_page_get_recount_window (page);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  for (guint i = 0; i < 10 && window != NULL; i++)
    {
      g_signal_emit_by_name (find_named (GTK_WIDGET (window), "recount-next"), "clicked");
      pen_test_flush ();
    }
  g_assert_null (window);
  g_assert_cmpuint (pen_game_get_position (game), ==, pos);
}

static void
click_named (GtkWidget  *root,
             const char *name)
{
  GtkWidget *button = find_named (root, name);

  if (button == NULL)
    g_error ("no widget named %s", name);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  pen_test_flush ();
}

/* A Trial passed with no Threat roll on record this turn: the app says so first, and "Passed All
 * the Same" goes on (play finding V14) */
static void
passed_though_unfaced (void)
{
  GtkWindow *told = pen_test_play_find_dialog (ADW_TYPE_MESSAGE_DIALOG);

  g_assert_nonnull (told);
  g_assert_cmpstr (gtk_widget_get_name (GTK_WIDGET (told)), ==, "threat-not-faced");
  pen_test_play_respond (ADW_MESSAGE_DIALOG (told), "pass");
  pen_test_flush ();
}

static const char *
row_subtitle (GtkWidget  *root,
              const char *name)
{
  GtkWidget *row = find_named (root, name);

  g_assert_nonnull (row);
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

/* A Trial turn: "Begin this Trial" with its Properties, the panel at the top, the Vigilance
 * counter, cancelling, failing under a Trap; undo restores the model and the panel */
/* The chosen path's task and reward, asked after the card's numbers (play finding Y5):
 * "Skip" passes the Trial without them, nothing paid */
static void
skip_trial_path (void)
{
  GtkWindow *asked = pen_test_play_find_dialog (PEN_TYPE_TRIAL_PATH_DIALOG);

  g_assert_nonnull (asked);
  pen_test_play_respond (ADW_MESSAGE_DIALOG (asked), "skip");
  pen_test_flush ();
}

static void
test_trial_in_progress (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  GtkWidget *window, *panel;
  AdwMessageDialog *form;
  PenTable *table;
  const PenTrial *trial;
  PenWizard *w;
  guint wounds, cur;
  int light;
  int min_width;
  g_autoptr(PenTableCard) first = NULL;
  g_autofree char *trial_id = NULL;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  page = new_page (game);
  window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();
  panel = find_named (GTK_WIDGET (page), "trial-panel");
  g_assert_nonnull (panel);
  g_assert_false (gtk_widget_get_visible (panel));

  /* the next wizard's Trial turn */
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-end\"}", &error));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", \"kind\": \"trial\"}",
                                       &error));
  g_assert_no_error (error);
  pen_test_flush ();
  cur = pen_table_get_current (table);
  w = pen_table_get_wizard (table, cur);
  wounds = pen_wizard_get_mortal_wounds (w);
  first = g_list_model_get_item (pen_table_get_trial_row (table), 0);
  trial_id = g_strdup (pen_table_card_get_card_id (first));

  form = pen_table_page_open_begin_form (page, 0, pen_table_card_get_card_id (first));
  g_assert_nonnull (form);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_named (GTK_WIDGET (form), "form-rift")), 2);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_named (GTK_WIDGET (form), "form-vigilance")),
                             2);
  gtk_switch_set_active (GTK_SWITCH (find_named (GTK_WIDGET (form), "form-trap")), TRUE);
  gtk_switch_set_active (GTK_SWITCH (find_named (GTK_WIDGET (form), "form-suppress_crystals")),
                         TRUE);
  gtk_switch_set_active (GTK_SWITCH (find_named (GTK_WIDGET (form), "form-shield")), TRUE);
  gtk_editable_set_text (GTK_EDITABLE (find_named (GTK_WIDGET (form), "form-shield-task")),
                         "Discard two 5s");
  adw_message_dialog_response (form, "begin");
  pen_test_flush ();

  trial = pen_table_get_trial (table);
  g_assert_nonnull (trial);
  g_assert_cmpuint (trial->wizard, ==, cur);
  g_assert_cmpint (trial->index, ==, 0);
  g_assert_cmpuint (trial->rift, ==, 2);
  g_assert_cmpuint (trial->vigilance, ==, 2);
  g_assert_cmpstr (trial->shield_task, ==, "Discard two 5s");
  g_assert_true (pen_trial_in_force (trial, PEN_TRIAL_TRAP));
  g_assert_true (pen_trial_in_force (trial, PEN_TRIAL_SUPPRESS_CRYSTALS));
  g_assert_false (trial->properties & PEN_TRIAL_SUPPRESS_PETS);
  g_assert_true (gtk_widget_get_visible (panel));
  g_assert_nonnull (find_named (panel, "property-trap"));
  g_assert_null (find_named (panel, "property-suppress_pets"));
  g_assert_nonnull (strstr (row_subtitle (panel, "property-shield"), "Discard two 5s"));
  g_assert_nonnull (strstr (row_subtitle (panel, "property-vigilance"), "0 of 2"));

  /* still usable on a phone: nothing in the page needs more than 360 px */
  gtk_widget_measure (GTK_WIDGET (page), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL,
                      NULL, NULL);
  g_assert_cmpint (min_width, <=, 360);

  /* the Threat helper, started for this wizard, loses the Rift's dice before the roll */
  {
    PenThreatPage *threat = g_object_new (PEN_TYPE_THREAT_PAGE, "game", game, NULL);
    static const guint8 faces[] = { 1, 2, 3 };
    g_autofree char *json = NULL;

    g_object_ref_sink (threat);
    pen_threat_page_start (threat, cur, 3, 0, "trial");
    pen_threat_page_set_faces (threat, faces, 3);
    json = pen_test_take_action_text (pen_threat_page_get_action (threat));
    g_assert_nonnull (json);
    g_assert_nonnull (strstr (json, "\"rift\":2"));
    g_object_unref (threat);
  }

  click_named (panel, "vigilance-use");
  g_assert_cmpuint (pen_table_get_trial (table)->vigilance_used, ==, 1);
  g_assert_nonnull (strstr (row_subtitle (panel, "property-vigilance"), "1 of 2"));
  click_named (panel, "vigilance-use");
  g_assert_false (gtk_widget_get_sensitive (find_named (panel, "vigilance-use")));

  click_named (panel, "cancel-suppress_crystals");
  g_assert_false (pen_trial_in_force (pen_table_get_trial (table),
                                      PEN_TRIAL_SUPPRESS_CRYSTALS));
  g_assert_null (find_named (panel, "cancel-suppress_crystals"));
  g_assert_nonnull (strstr (row_subtitle (panel, "property-suppress_crystals"), "Cancelled"));

  /* failing under the Trap: the card leaves, a Mortal Wound comes, the panel goes */
  click_named (panel, "trial-failed");
  g_assert_null (pen_table_get_trial (table));
  g_assert_cmpuint (pen_wizard_get_mortal_wounds (w), ==, wounds + 1);
  g_assert_false (gtk_widget_get_visible (panel));

  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  g_assert_nonnull (pen_table_get_trial (table));
  g_assert_cmpuint (pen_wizard_get_mortal_wounds (w), ==, wounds);
  g_assert_true (gtk_widget_get_visible (panel));
  g_assert_null (find_named (panel, "cancel-suppress_crystals"));

  /* the Shield first, then passed by Light: the Light the card brings is not known yet, so the
   * table is asked it first (Contracts and Trials › Light and Darkness), and it is given */
  click_named (panel, "shield-done");
  light = pen_wizard_get_light (w);
  g_assert_false (pen_card_is_known (pen_catalog_lookup (pen_catalog_get_default (), trial_id),
                                     "light"));
  click_named (panel, "trial-passed-light");
  passed_though_unfaced ();
  g_assert_nonnull (pen_table_get_trial (table));
  {
    PenCardNameDialog *dialog = PEN_CARD_NAME_DIALOG (
                                  pen_test_play_find_dialog (PEN_TYPE_CARD_NAME_DIALOG));

    g_assert_nonnull (dialog);
    gtk_editable_set_text (pen_card_name_dialog_get_field (dialog, "light"), "3");
    pen_test_play_respond (ADW_MESSAGE_DIALOG (dialog), "name");
    pen_test_flush ();
  }
  /* then the Light path's task and reward, read off the card (play finding Y5): one of an
   * Ingredient the wizard has (not Blood, which a wounded Mark may pay), and 2 Arcana; the
   * pass pays the one and gives the other, and one Undo takes all of it back */
  {
    guint arcana = pen_wizard_get_ingredient (w, PEN_INGREDIENT_ARCANA);
    guint position = pen_game_get_position (game);
    int pay = -1;
    guint had = 0;

    g_assert_nonnull (pen_test_play_find_dialog (PEN_TYPE_TRIAL_PATH_DIALOG));
    g_assert_true (pen_trial_path_unknown (trial_id, PEN_PATH_LIGHT));
    for (guint k = 0; k < PEN_N_INGREDIENTS && pay < 0; k++)
      if (k != PEN_INGREDIENT_BLOOD && k != PEN_INGREDIENT_ARCANA
          && pen_wizard_get_ingredient (w, k) > 0)
        pay = k;
    g_assert_cmpint (pay, >=, 0);
    had = pen_wizard_get_ingredient (w, pay);
    g_assert_true (pen_test_play_trial_path (pay, 1, PEN_INGREDIENT_ARCANA, 2));
    pen_test_flush ();
    /* remembered: the next pass by Light asks nothing */
    g_assert_false (pen_trial_path_unknown (trial_id, PEN_PATH_LIGHT));
    g_assert_true (pen_trial_path_unknown (trial_id, PEN_PATH_DARK));
    g_assert_cmpuint (pen_wizard_get_ingredient (w, pay), ==, had - 1);
    g_assert_cmpuint (pen_wizard_get_ingredient (w, PEN_INGREDIENT_ARCANA), ==,
                      MIN (arcana + 2, PEN_INGREDIENT_CAP));
    /* the naming, then the pass: one step for the pass */
    g_assert_cmpuint (pen_game_get_position (game), ==, position + 2);
    g_assert_true (pen_game_undo (game));
    g_assert_cmpuint (pen_wizard_get_ingredient (w, pay), ==, had);
    g_assert_cmpuint (pen_wizard_get_ingredient (w, PEN_INGREDIENT_ARCANA), ==, arcana);
    g_assert_nonnull (pen_table_get_trial (table));
    g_assert_true (pen_game_redo (game, NULL));
    pen_test_flush ();
  }
  g_assert_cmpint (pen_card_get_light (pen_catalog_lookup (pen_catalog_get_default (),
                                                          trial_id)), ==, 3);
  g_assert_cmpint (pen_wizard_get_light (w), ==, light + 3);
  g_assert_null (pen_table_get_trial (table));
  g_assert_false (gtk_widget_get_visible (panel));

  gtk_window_destroy (GTK_WINDOW (window));
  /* the tests after this one meet the path's task and reward unknown again */
  for (guint i = 0; i < 2; i++)
    g_assert_true (pen_catalog_set_user_value (pen_catalog_get_default (), trial_id,
                                               i == 0 ? "task" : "reward", NULL, NULL));
}

/* Passing a Trial by a path whose Darkness the book does not print asks it; "Later" passes the
 * Trial all the same, without the number, which is then still unknown (asked on the end
 * sheet) */
static void
test_trial_pass_later (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  g_autofree char *card = NULL;
  GtkWidget *window, *panel;
  AdwMessageDialog *dialog;
  PenTable *table;
  PenWizard *w;
  int dark;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  page = new_page (game);
  window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-end\"}", &error));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", "
                                       "\"kind\": \"trial\"}", &error));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"trial-begin\", \"wizard\": 1, "
                                       "\"index\": 0}", &error));
  g_assert_no_error (error);
  pen_test_flush ();
  card = g_strdup (pen_table_get_trial (table)->card);
  g_assert_false (pen_card_is_known (pen_catalog_lookup (pen_catalog_get_default (), card),
                                     "dark"));
  w = pen_table_get_wizard (table, 1);
  dark = pen_wizard_get_dark (w);
  panel = find_named (GTK_WIDGET (page), "trial-panel");
  click_named (panel, "trial-passed-dark");
  passed_though_unfaced ();
  dialog = ADW_MESSAGE_DIALOG (pen_test_play_find_dialog (PEN_TYPE_CARD_NAME_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_nonnull (pen_table_get_trial (table));
  pen_test_play_respond (dialog, "cancel");
  pen_test_flush ();
  skip_trial_path ();
  g_assert_null (pen_table_get_trial (table));
  g_assert_cmpint (pen_wizard_find_card (w, card), >=, 0);
  g_assert_cmpint (pen_wizard_get_dark (w), ==, dark);
  g_assert_false (pen_card_is_known (pen_catalog_lookup (pen_catalog_get_default (), card),
                                     "dark"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Passing a Trial whose Light is known but whose points and symbols are not asks them then,
 * once (play finding P11: the Light path passed at once, the points waited for the end
 * sheet); "Later" still passes it, and once they are known nothing is asked */
static void
test_trial_pass_asks_points (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  g_autofree char *card = NULL;
  PenCatalog *catalog = pen_catalog_get_default ();
  GtkWidget *window, *panel;
  PenCardNameDialog *dialog;
  PenTable *table;
  PenWizard *w;
  int light;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  page = new_page (game);
  window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-end\"}", &error));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", "
                                       "\"kind\": \"trial\"}", &error));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"trial-begin\", \"wizard\": 1, "
                                       "\"index\": 0}", &error));
  g_assert_no_error (error);
  pen_test_flush ();
  card = g_strdup (pen_table_get_trial (table)->card);
  /* its Light known (as a table that read it earlier), its points and symbols not */
  g_assert_true (pen_catalog_set_user_int (catalog, card, "light", 1, &error));
  g_assert_no_error (error);
  g_assert_false (pen_card_is_known (pen_catalog_lookup (catalog, card), "vp"));
  w = pen_table_get_wizard (table, 1);
  light = pen_wizard_get_light (w);
  panel = find_named (GTK_WIDGET (page), "trial-panel");
  click_named (panel, "trial-passed-light");
  passed_though_unfaced ();
  dialog = PEN_CARD_NAME_DIALOG (pen_test_play_find_dialog (PEN_TYPE_CARD_NAME_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_nonnull (pen_table_get_trial (table));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (pen_card_name_dialog_get_field (dialog,
                                                                                     "vp"))));
  gtk_editable_set_text (pen_card_name_dialog_get_field (dialog, "vp"), "4");
  pen_test_play_respond (ADW_MESSAGE_DIALOG (dialog), "name");
  pen_test_flush ();
  skip_trial_path ();
  g_assert_null (pen_table_get_trial (table));
  g_assert_cmpint (pen_card_get_vp (pen_catalog_lookup (catalog, card)), ==, 4);
  g_assert_cmpint (pen_wizard_get_light (w), ==, light + 1);

  /* undone and passed again: its points known, only the symbols are left: asked, "Later" */
  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  click_named (panel, "trial-passed-light");
  passed_though_unfaced ();
  dialog = PEN_CARD_NAME_DIALOG (pen_test_play_find_dialog (PEN_TYPE_CARD_NAME_DIALOG));
  g_assert_nonnull (dialog);
  pen_test_play_respond (ADW_MESSAGE_DIALOG (dialog), "cancel");
  pen_test_flush ();
  skip_trial_path ();
  g_assert_null (pen_table_get_trial (table));
  g_assert_cmpint (pen_wizard_get_light (w), ==, light + 1);

  /* all known (the Light path's task too): passed at once, nothing asked */
  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  {
    g_autoptr(JsonNode) symbols = json_from_string ("[\"monsters\"]", &error);

    g_assert_no_error (error);
    g_autoptr(JsonNode) task = json_from_string ("{\"light\": {\"kind\": \"withstand\", "
                                                 "\"threat\": 1}}", &error);

    g_assert_no_error (error);
    if (!pen_card_is_known (pen_catalog_lookup (catalog, card), "symbols"))
      g_assert_true (pen_catalog_set_user_value (catalog, card, "symbols", symbols, &error));
    g_assert_true (pen_catalog_set_user_value (catalog, card, "task", task, &error));
    g_assert_no_error (error);
  }
  click_named (panel, "trial-passed-light");
  passed_though_unfaced ();
  g_assert_null (pen_test_play_find_dialog (PEN_TYPE_CARD_NAME_DIALOG));
  g_assert_null (pen_test_play_find_dialog (PEN_TYPE_TRIAL_PATH_DIALOG));
  /* its task, Withstand Threat, is rolled with the pass: the odds said, then the roll */
  {
    GtkWindow *asked = pen_test_play_find_dialog (ADW_TYPE_MESSAGE_DIALOG);

    g_assert_nonnull (asked);
    g_assert_cmpstr (gtk_widget_get_name (GTK_WIDGET (asked)), ==, "trial-withstand");
    g_assert_nonnull (pen_table_get_trial (table));
    /* "Roll and Pass" (the faces dialog's "done") */
    pen_test_play_respond (ADW_MESSAGE_DIALOG (asked), "done");
    pen_test_flush ();
    asked = pen_test_play_find_dialog (ADW_TYPE_MESSAGE_DIALOG);
    g_assert_nonnull (asked);
    g_assert_cmpstr (gtk_widget_get_name (GTK_WIDGET (asked)), ==, "trial-withstand-report");
    pen_test_play_respond (ADW_MESSAGE_DIALOG (asked), "close");
    pen_test_flush ();
  }
  g_assert_null (pen_table_get_trial (table));
  gtk_window_destroy (GTK_WINDOW (window));
  /* the tests after this one meet the card unknown again */
  for (guint i = 0; i < 4; i++)
    g_assert_true (pen_catalog_set_user_value (catalog, card, (const char *[]) { "light", "vp",
                                                                                 "symbols",
                                                                                 "task" }[i],
                                               NULL, NULL));
}

/* The turn banner follows a Trial step by step: which trial, its Threat, then the task; then
 * that the trial of the turn is over */
static void
test_trial_banner_steps (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  PenTurnBanner *banner;
  GtkWidget *window;
  const char *step;

  g_assert_no_error (error);
  page = new_page (game);
  window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  banner = PEN_TURN_BANNER (pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_TURN_BANNER));
  g_assert_nonnull (banner);
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-end\"}", &error));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", "
                                       "\"kind\": \"trial\"}", &error));
  pen_test_flush ();
  g_assert_cmpstr (pen_turn_banner_get_step (banner), ==, "Attempt one trial: tap it in the row.");

  /* begun: its Threat first */
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"trial-begin\", \"wizard\": 1, "
                                       "\"index\": 0, \"properties\": {\"shield\": "
                                       "\"Discard a 6\"}}", &error));
  g_assert_no_error (error);
  pen_test_flush ();
  step = pen_turn_banner_get_step (banner);
  g_assert_cmpstr (step, ==, "Attempting Scrollers: face its Threat first, then attempt the "
                   "task of a path.");
  g_assert_null (strstr (step, "tap it in the row"));
  /* the Threat faced: the Shield's task, then the task */
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"threat\", \"wizard\": 1, "
                                       "\"dice\": []}", &error));
  g_assert_no_error (error);
  pen_test_flush ();
  g_assert_cmpstr (pen_turn_banner_get_step (banner), ==, "Attempting Scrollers: the Threat is "
                   "faced. Now the Shield’s task, then the task of a path.");
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"trial-property\", "
                                       "\"shield_done\": true}", &error));
  pen_test_flush ();
  g_assert_cmpstr (pen_turn_banner_get_step (banner), ==, "Attempting Scrollers: the Threat is "
                   "faced. Now the task of a path: passed or failed.");
  /* passed: nothing more to attempt */
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"trial-take\", \"wizard\": 1, "
                                       "\"index\": 0, \"path\": \"light\"}", &error));
  g_assert_no_error (error);
  pen_test_flush ();
  g_assert_cmpstr (pen_turn_banner_get_step (banner), ==,
                   "The trial of this turn is over: end the turn.");
  /* undo: the step before again */
  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  g_assert_cmpstr (pen_turn_banner_get_step (banner), ==, "Attempting Scrollers: the Threat is "
                   "faced. Now the task of a path: passed or failed.");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A Trial over takes its panel's height with it: the turn column keeps its height through a
 * turn (play finding T11), but not the whole Trial panel once the Trial is passed, which left
 * a blank of 350 px above the Trials row on a phone (play finding P2, session 12) */
static void
test_trial_over_no_gap (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  GtkWidget *window, *keeper, *panel;
  int during, after, undone;

  g_assert_no_error (error);
  page = new_page (game);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  keeper = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_KEEP_HEIGHT);
  panel = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_TRIAL_PANEL);
  g_assert_nonnull (keeper);
  g_assert_nonnull (panel);
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-end\"}", &error));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", "
                                       "\"kind\": \"trial\"}", &error));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"trial-begin\", \"wizard\": 1, "
                                       "\"index\": 0, \"properties\": {}}", &error));
  g_assert_no_error (error);
  pen_test_flush ();
  g_assert_true (gtk_widget_get_visible (panel));
  gtk_widget_measure (keeper, GTK_ORIENTATION_VERTICAL, 320, &during, NULL, NULL, NULL);

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"trial-take\", \"wizard\": 1, "
                                       "\"index\": 0, \"path\": \"light\"}", &error));
  g_assert_no_error (error);
  pen_test_flush ();
  g_assert_false (gtk_widget_get_visible (panel));
  gtk_widget_measure (keeper, GTK_ORIENTATION_VERTICAL, 320, &after, NULL, NULL, NULL);
  g_test_message ("turn column: %d px with the Trial panel, %d px after", during, after);
  g_assert_cmpint (after, <, during - 100);

  /* undone: the panel and its height back */
  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  g_assert_true (gtk_widget_get_visible (panel));
  gtk_widget_measure (keeper, GTK_ORIENTATION_VERTICAL, 320, &undone, NULL, NULL, NULL);
  g_assert_cmpint (undone, >=, during - 10);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The Fate news above "Start the turn" goes once the turn starts (or with the next step): its
 * space goes with it, where a ~130 px band stayed above the Trials row for the rest of the turn
 * at 360 px (play finding A1, session 13) */
static void
test_fate_news_gone_no_gap (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  GtkWidget *window, *keeper, *news, *column;
  int shown, after, child;

  g_assert_no_error (error);
  page = new_page (game);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  keeper = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_KEEP_HEIGHT);
  news = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_FATE_NEWS);
  g_assert_nonnull (keeper);
  g_assert_nonnull (news);
  /* (the demo's Study turn ends without a Fate card; Boris's Trial turn ends with one) */
  pen_test_run (game, "{\"action\": \"turn-end\"}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  pen_test_run (game, "{\"action\": \"trial-fail\", \"wizard\": 1, \"index\": 0}");
  pen_test_wait_frames (3);
  pen_test_run (game, "{\"action\": \"turn-end\"}");
  pen_test_wait_frames (3);
  g_assert_true (gtk_widget_get_visible (news));
  gtk_widget_measure (keeper, GTK_ORIENTATION_VERTICAL, 320, &shown, NULL, NULL, NULL);

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", "
                                       "\"kind\": \"trial\"}", &error));
  g_assert_no_error (error);
  pen_test_wait_frames (3);
  g_assert_false (gtk_widget_get_visible (news));
  gtk_widget_measure (keeper, GTK_ORIENTATION_VERTICAL, 320, &after, NULL, NULL, NULL);
  column = adw_bin_get_child (ADW_BIN (keeper));
  gtk_widget_measure (column, GTK_ORIENTATION_VERTICAL, 320, &child, NULL, NULL, NULL);
  g_test_message ("turn column: %d px with the Fate news, %d px after (its content %d px)",
                  shown, after, child);
  /* no empty band: the kept height is the column's own */
  g_assert_cmpint (after, ==, child);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* An Urgent contract in the Guild: "Urgent: in effect"; reserving from the top three of the
 * deck */
static void
test_urgent_and_deck_reserve (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  g_autoptr(JsonNode) card = NULL;
  GtkWidget *window, *label, *button;
  PenTable *table;
  PenWizard *w;
  guint blood;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  page = new_page (game);
  window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();

  card = pen_json_parse ("{\"id\": \"plague-cart\", \"type\": \"contract\", "
                         "\"name\": {\"en\": \"Plague Cart\"}, \"difficulty\": 2, "
                         "\"text_en\": \"Every Rest heals one mark less.\", \"urgent\": true}",
                         -1, NULL);
  g_assert_true (pen_catalog_add_user_card (pen_catalog_get_default (),
                                            json_node_get_object (card), &error));
  g_assert_no_error (error);
  label = find_named (GTK_WIDGET (page), "urgent-label");
  g_assert_false (gtk_widget_get_visible (label));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"correct\", \"target\": "
                                       "\"contract_row[1].id\", \"value\": \"plague-cart\"}",
                                       &error));
  pen_test_flush ();
  g_assert_true (gtk_widget_get_visible (label));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (label)), "Urgent: in effect"));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (label)), "Every Rest heals"));
  {
    g_autofree char *cell = cell_text (GTK_WIDGET (page), 1);
    g_assert_nonnull (strstr (cell, "Urgent"));
  }
  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  g_assert_false (gtk_widget_get_visible (label));

  /* Bind: the top three of the deck (app-dealt: the app knows them); the Urgent one cannot
   * be reserved */
  g_clear_object (&game);
  game = pen_game_new ();
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": "
                                       "[\"Ann\", \"Boris\"], \"seed\": 3, \"setup\": "
                                       "{\"prophecies\": [\"end-of-time\"], \"trial_row\": "
                                       "[\"goldeater\"], \"fate_deck\": [\"aranea\"], "
                                       "\"contract_row\": [\"lost-hut\"], \"contract_deck\": "
                                       "[\"plague-cart\", \"sorcerous-prison\", \"scarlet-pact\", "
                                       "\"brightshine\"]}}", &error));
  g_assert_no_error (error);
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, "
                                       "\"ingredient\": \"blood\", \"count\": 1}", &error));
  /* Bind reserves during the player's own Study turn */
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}",
                                       &error));
  /* ... once per placement in the City */
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"die-place\", \"wizard\": 0, "
                                       "\"index\": 0, \"location\": \"bazaar\"}", &error));
  g_signal_handlers_disconnect_matched (page, G_SIGNAL_MATCH_FUNC, 0, 0, NULL, pen_test_submit_cb,
                                        NULL);
  g_signal_connect (page, "submit", G_CALLBACK (pen_test_submit_cb), game);
  pen_section_set_game (PEN_SECTION (page), game);
  pen_test_flush ();
  table = pen_game_get_table (game);
  w = pen_table_get_wizard (table, 0);
  blood = pen_wizard_get_ingredient (w, PEN_INGREDIENT_BLOOD);
  button = find_named (GTK_WIDGET (page), "deck-reserve-button");
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  pen_test_flush ();
  g_assert_false (gtk_widget_get_sensitive (find_named (button, "deck-reserve-0")));
  click_named (button, "deck-reserve-1");
  g_assert_cmpuint (pen_wizard_get_ingredient (w, PEN_INGREDIENT_BLOOD), ==, blood - 1);
  {
    GListModel *cards = pen_wizard_get_cards (w);
    gboolean found = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
      {
        g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
        found |= g_strcmp0 (pen_table_card_get_card_id (tc), "sorcerous-prison") == 0
                 && g_strcmp0 (pen_table_card_get_zone (tc), "reserved") == 0;
      }
    g_assert_true (found);
  }
  /* the two others went under the deck, in their order */
  {
    g_autoptr(PenTableCard) top = g_list_model_get_item (pen_table_get_contract_deck (table), 0);
    g_assert_cmpstr (pen_table_card_get_card_id (top), ==, "brightshine");
  }
  g_assert_true (pen_catalog_remove_user_card (pen_catalog_get_default (), "plague-cart",
                                               &error));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The popovers: a trial row card's actions follow the turn (on a Trial turn "Begin this
 * Trial" opens the form); a Guild cell lists every wizard, the current one first; a trial
 * taken from the row removes its row only */
/* The table reads a Trial's Threat out when it faces it: the row in the trial list shows the
 * number at once, not "Threat ?" until the page is rebuilt */
static void
test_trial_numbers_learned (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  PenCatalog *catalog = pen_catalog_get_default ();
  GListModel *trials;
  g_autofree char *id = NULL;  /* a copy: the catalogue replaces the card it learns about */
  AdwActionRow *row = NULL;

  g_assert_no_error (error);
  page = new_page (game);
  trials = pen_table_get_trial_row (pen_game_get_table (game));
  for (guint i = 0; i < g_list_model_get_n_items (trials) && id == NULL; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (trials, i);
      PenCard *card = pen_catalog_lookup (catalog, pen_table_card_get_card_id (tc));

      if (card != NULL && pen_card_get_threat (card) < 0)
        id = g_strdup (pen_card_get_id (card));
    }
  g_assert_nonnull (id);
  pen_test_collect (GTK_WIDGET (page), PEN_TYPE_CARD_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), pen_turn_card_name (id)) == 0)
      row = rows->pdata[i];
  g_assert_nonnull (row);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (row), "Threat ?"));

  g_assert_true (pen_catalog_set_user_int (catalog, id, "threat", 3, &error));
  g_assert_no_error (error);
  pen_test_flush ();
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (row), "Threat 3"));

  g_assert_true (pen_catalog_set_user_value (catalog, id, "threat", NULL, &error));
  g_assert_no_error (error);
  pen_test_flush ();
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (row), "Threat ?"));
}

/* Physical, a Fate deck built by the rules: a Trial turned up from the first stack as "another
 * card" is of Difficulty 2 before it is named, and its row says so */
static void
test_trial_stack_difficulty (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = NULL;
  g_autoptr(GPtrArray) another = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GString) json = g_string_new (NULL);
  g_autofree char *reveal = NULL;
  const char *trial = NULL;
  AdwActionRow *row = NULL;
  GtkWidget *window;

  g_string_append (json, "{\"action\": \"new-game\", \"mode\": \"physical\", \"players\": "
                   "[\"Ann\", \"Bo\"], \"setup\": {\"trial_row\": [\"goldeater\", \"scrollers\"], "
                   "\"prophecies\": [\"end-of-time\"], \"contract_row\": [null, null, null, null], "
                   "\"fate_deck\": [");
  /* two wizards: three stacks of four */
  for (guint i = 0; i < 12; i++)
    g_string_append (json, i ? ", null" : "null");
  g_string_append (json, "]}}");
  pen_test_run (game, json->str);
  page = new_page (game);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();

  another = pen_draw_another_each (game, PEN_DRAW_FATE);
  for (guint i = 0; i < another->len && trial == NULL; i++)
    if (pen_card_get_card_type (pen_catalog_lookup (pen_catalog_get_default (),
                                                    another->pdata[i])) == PEN_CARD_TRIAL)
      trial = another->pdata[i];
  g_assert_nonnull (trial);
  reveal = g_strdup_printf ("{\"action\": \"fate-reveal\", \"card\": \"%s\"}", trial);
  pen_test_run (game, reveal);
  pen_test_flush ();

  pen_test_collect (GTK_WIDGET (page), PEN_TYPE_CARD_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), pen_turn_card_name (trial))
        == 0)
      row = rows->pdata[i];
  g_assert_nonnull (row);
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (row), "Difficulty 2 ·"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The Markets list in the book's order (Brewery, Shop, then the Classes in the Disciplines'
 * order), whatever order the set-up lists them in */
static void
test_markets_order (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GtkWidget *section;
  const char *expected[] = { "Brewery", "Shop", "Ruby Class", "Jasper Class", "Emerald Class",
                             "Amethyst Class" };

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                "\"seed\": 5, \"setup\": {\"prophecies\": [\"end-of-time\"], "
                "\"fate_deck\": [\"wildwood\", \"aranea\"], "
                "\"markets\": {\"amethyst\": [null, null], \"shop\": [null, null], "
                "\"emerald\": [null, null], \"jasper\": [null, null], "
                "\"brewery\": [null, null], \"ruby\": [null, null]}}}");
  page = new_page (game);
  pen_test_flush ();
  section = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_MARKETS_SECTION);
  g_assert_nonnull (section);
  pen_test_collect (section, ADW_TYPE_ACTION_ROW, rows);
  g_assert_cmpuint (rows->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < rows->len; i++)
    g_assert_cmpstr (adw_preferences_row_get_title (rows->pdata[i]), ==, expected[i]);
}

static void
test_popovers (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  g_autoptr(GPtrArray) menus = g_ptr_array_new ();
  GtkWidget *window, *trials = NULL, *cell = NULL, *popover, *begin, *list, *kept;
  PenTable *table;
  guint n_trials;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  page = new_page (game);
  window = gtk_window_new ();
  /* on the screen: a popover is placed on the monitor its window is on */
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();

  /* the first menu button of the trial row (the one in the first boxed list's first row) */
  pen_test_collect (GTK_WIDGET (page), GTK_TYPE_MENU_BUTTON, menus);
  for (guint i = 0; i < menus->len; i++)
    {
      GtkWidget *b = g_ptr_array_index (menus, i);

      if (trials == NULL && gtk_widget_get_ancestor (b, ADW_TYPE_ACTION_ROW) != NULL)
        trials = b;
      if (cell == NULL && gtk_widget_has_css_class (b, "contract-cell")
          && !gtk_widget_has_css_class (b, "empty"))
        cell = b;
    }
  g_assert_nonnull (trials);
  g_assert_nonnull (cell);

  /* Ann's Study turn: no trial is attempted now */
  gtk_menu_button_popup (GTK_MENU_BUTTON (trials));
  pen_test_flush ();
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (trials)));
  begin = find_named (popover, "begin-trial");
  g_assert_nonnull (begin);
  g_assert_false (gtk_widget_get_visible (begin));
  g_assert_true (pen_test_has_label (popover, "A trial is attempted on a Trial turn."));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (trials));

  /* the Guild cell: Ann first, then Boris and Chloe */
  gtk_menu_button_popup (GTK_MENU_BUTTON (cell));
  pen_test_flush ();
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (cell)));
  {
    g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
    GtkWidget *wizards = find_named (popover, "contract-wizards");

    g_assert_nonnull (wizards);
    pen_test_collect (wizards, GTK_TYPE_BUTTON, buttons);
    g_assert_cmpuint (buttons->len, ==, pen_table_get_n_players (table));
    g_assert_cmpstr (gtk_button_get_label (g_ptr_array_index (buttons, 0)), ==, "Ann");
    g_assert_cmpstr (gtk_button_get_label (g_ptr_array_index (buttons, 1)), ==, "Boris");
  }
  gtk_menu_button_popdown (GTK_MENU_BUTTON (cell));

  /* Boris's Trial turn: the card's popover begins the trial through the form */
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-end\"}", &error));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", "
                                       "\"kind\": \"trial\"}", &error));
  g_assert_no_error (error);
  pen_test_flush ();
  gtk_menu_button_popup (GTK_MENU_BUTTON (trials));
  pen_test_flush ();
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (trials)));
  g_assert_true (gtk_widget_get_visible (find_named (popover, "begin-trial")));
  g_assert_true (pen_test_has_label (popover, "Boris attempts Scrollers"));
  g_assert_true (pen_test_has_label (popover, "_Reserve it for Boris"));

  /* passed by Light: the row loses that card's row, the others stay as they were */
  list = gtk_widget_get_ancestor (trials, GTK_TYPE_LIST_BOX);
  n_trials = g_list_model_get_n_items (pen_table_get_trial_row (table));
  g_assert_nonnull (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), n_trials - 1));
  g_assert_null (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), n_trials));
  kept = GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 1));
  g_object_add_weak_pointer (G_OBJECT (kept), (gpointer *) &kept);
  click_named (popover, "card-passed-light");
  /* passed with no Threat roll on record this turn: the app says so, and the table goes on
   * (play finding V14) */
  {
    GtkWindow *told = pen_test_play_find_dialog (ADW_TYPE_MESSAGE_DIALOG);

    g_assert_nonnull (told);
    g_assert_cmpstr (gtk_widget_get_name (GTK_WIDGET (told)), ==, "threat-not-faced");
    g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (told)),
                              "has not been faced this turn"));
    g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_trial_row (table)), ==, n_trials);
    pen_test_play_respond (ADW_MESSAGE_DIALOG (told), "pass");
    pen_test_flush ();
  }
  /* its points and symbols the catalogue does not hold are asked first (play finding P11):
   * "Later" passes it all the same */
  {
    GtkWindow *asked = pen_test_play_find_dialog (PEN_TYPE_CARD_NAME_DIALOG);

    if (asked != NULL)
      pen_test_play_respond (ADW_MESSAGE_DIALOG (asked), "cancel");
    pen_test_flush ();
  }
  /* then the Light path's task and reward (play finding Y5): "Skip" passes it too */
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_trial_row (table)), ==, n_trials);
  skip_trial_path ();
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_trial_row (table)), ==,
                    n_trials - 1);
  g_assert_null (pen_table_get_trial (table));
  g_assert_null (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), n_trials - 1));
  /* the second card's row is the same row, now first */
  g_assert_nonnull (kept);
  g_assert_true (GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0)) == kept);
  g_object_remove_weak_pointer (G_OBJECT (kept), (gpointer *) &kept);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The Guild cell's "Reserve it" (Bind: 1 Blood) is open to a wizard whose only Blood is a
 * wounded Mark's (Wounded Marks as Blood: "This Blood can be used exactly like Blood in your
 * Ingredient supply"), and reserving flips the Mark */
static void
test_reserve_wounded_mark (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = NULL;
  g_autoptr(GPtrArray) menus = g_ptr_array_new ();
  g_autoptr(PenMark) mark = NULL;
  g_autofree char *wound = NULL;
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann;
  GtkWidget *window, *cell = NULL, *popover, *reserve;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                "\"seed\": 5, \"setup\": {\"prophecies\": [\"end-of-time\"], \"contract_row\": "
                "[\"lost-hut\", \"scarlet-pact\", \"brightshine\", \"sorcerous-prison\"]}}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  ann = pen_table_get_wizard (table, 0);
  pen_test_run (game, "{\"action\": \"mark-gain\", \"wizard\": 0, \"kind\": \"ruby\", "
                "\"rest_effect\": false}");
  mark = g_list_model_get_item (pen_wizard_get_marks (ann), 0);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD), ==, 0);
  pen_test_run (game, "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, "
                "\"location\": \"guild\"}");

  page = new_page (game);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();
  pen_test_collect (GTK_WIDGET (page), GTK_TYPE_MENU_BUTTON, menus);
  for (guint i = 0; i < menus->len && cell == NULL; i++)
    if (gtk_widget_has_css_class (menus->pdata[i], "contract-cell")
        && !gtk_widget_has_css_class (menus->pdata[i], "empty"))
      cell = menus->pdata[i];
  g_assert_nonnull (cell);

  /* no Blood at all: not open, and the note says why */
  gtk_menu_button_popup (GTK_MENU_BUTTON (cell));
  pen_test_flush ();
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (cell)));
  reserve = find_named (popover, "reserve-contract");
  g_assert_nonnull (reserve);
  g_assert_false (gtk_widget_get_sensitive (reserve));
  g_assert_true (gtk_widget_get_visible (find_named (popover, "reserve-blood-note")));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (cell));

  /* a wounded Mark: its Blood reserves the Contract */
  wound = g_strdup_printf ("{\"action\": \"mark-wound\", \"wizard\": 0, \"cell\": %u}",
                           pen_mark_get_cell (mark));
  pen_test_run (game, wound);
  pen_test_flush ();
  gtk_menu_button_popup (GTK_MENU_BUTTON (cell));
  pen_test_flush ();
  g_assert_true (gtk_widget_get_sensitive (reserve));
  g_assert_false (gtk_widget_get_visible (find_named (popover, "reserve-blood-note")));
  click_named (popover, "reserve-contract");
  g_assert_cmpint (pen_wizard_find_card (ann, "lost-hut"), >=, 0);
  g_assert_cmpint (pen_mark_get_state (mark), ==, PEN_MARK_DISCHARGED);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The Guild cell's task note tells the Threat dice a WITHSTAND THREAT Contract rolls now: a
 * Yellow die placed in the Guild this turn discards one (DEFEND's "place"), as the Contract's
 * fulfilment then rolls them */
static void
test_contract_note_yellow_placed (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = NULL;
  g_autoptr(GPtrArray) menus = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *place = NULL;
  PenTable *table = pen_game_get_table (game);
  GtkWidget *window, *cell = NULL, *popover;
  const char *note;

  if (pen_catalog_lookup (pen_catalog_get_default (), "withstand-hut") == NULL)
    {
      g_autoptr(JsonNode) card = pen_json_parse ("{\"id\": \"withstand-hut\", \"type\": "
                                                 "\"contract\", \"name\": {\"en\": \"Withstand "
                                                 "Hut\"}, \"difficulty\": 1, \"vp\": 2, "
                                                 "\"task\": {\"kind\": \"withstand\", "
                                                 "\"threat\": 2}, \"reward\": {\"ingredients\": "
                                                 "{\"arcana\": 2}}}", -1, NULL);

      g_assert_true (pen_catalog_add_user_card (pen_catalog_get_default (),
                                                json_node_get_object (card), &error));
      g_assert_no_error (error);
    }
  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                "\"seed\": 5, \"setup\": {\"prophecies\": [\"end-of-time\"], \"contract_row\": "
                "[\"withstand-hut\", \"scarlet-pact\", \"brightshine\", \"lost-hut\"]}}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  pen_test_run (game, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"yellow\", "
                "\"value\": 4}");

  page = new_page (game);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();
  pen_test_collect (GTK_WIDGET (page), GTK_TYPE_MENU_BUTTON, menus);
  for (guint i = 0; i < menus->len && cell == NULL; i++)
    if (gtk_widget_has_css_class (menus->pdata[i], "contract-cell")
        && !gtk_widget_has_css_class (menus->pdata[i], "empty"))
      cell = menus->pdata[i];
  g_assert_nonnull (cell);

  /* no Yellow die placed: both Threat dice */
  gtk_menu_button_popup (GTK_MENU_BUTTON (cell));
  pen_test_flush ();
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (cell)));
  note = gtk_label_get_label (GTK_LABEL (find_named (popover, "contract-task-note")));
  g_test_message ("%s", note);
  g_assert_nonnull (strstr (note, "Withstand 2 Threat dice:"));
  g_assert_null (strstr (note, "Yellow"));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (cell));

  /* the Yellow die placed in the Guild: one Threat die, and why */
  place = g_strdup_printf ("{\"action\": \"die-place\", \"wizard\": 0, \"index\": %u, "
                           "\"location\": \"guild\", \"override\": true}",
                           g_list_model_get_n_items (pen_wizard_get_supply (
                             pen_table_get_wizard (table, 0))) - 1);
  pen_test_run (game, place);
  g_assert_cmpuint (pen_table_get_guild_yellow (table), ==, 1);
  pen_test_flush ();
  gtk_menu_button_popup (GTK_MENU_BUTTON (cell));
  pen_test_flush ();
  note = gtk_label_get_label (GTK_LABEL (find_named (popover, "contract-task-note")));
  g_test_message ("%s", note);
  g_assert_nonnull (strstr (note, "Withstand 1 Threat die:"));
  g_assert_nonnull (strstr (note, "A Yellow die placed in the Guild discards one of its Threat "
                                  "dice (DEFEND)."));
  /* closed before its window: GTK 4.8 left a source behind that fired on the surface gone */
  gtk_menu_button_popdown (GTK_MENU_BUTTON (cell));
  pen_test_flush ();

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The Fate Deck panel of game, shown in a window: the visible rows' titles and subtitles, one
 * "title | subtitle" a line */
static char *
fate_panel_text (PenGame *game)
{
  GtkWidget *window = adw_window_new ();
  GtkWidget *section = g_object_new (PEN_TYPE_FATE_SECTION, NULL);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GString *text = g_string_new (NULL);

  adw_window_set_content (ADW_WINDOW (window), section);
  pen_section_set_game (PEN_SECTION (section), game);
  gtk_window_present (GTK_WINDOW (window));
  for (guint i = 0; i < 20; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
  pen_test_collect (section, ADW_TYPE_PREFERENCES_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);

      if (!gtk_widget_is_visible (row))
        continue;
      g_string_append_printf (text, "%s | %s\n",
                              adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                              ADW_IS_ACTION_ROW (row)
                              ? adw_action_row_get_subtitle (ADW_ACTION_ROW (row)) : "");
    }
  gtk_window_destroy (GTK_WINDOW (window));
  return g_string_free (text, FALSE);
}

/* The Fate Deck panel says as a table would what is still unknown, and gives no odds for the
 * first-game deck, whose order the rulebook prints */
static void
test_fate_panel_wording (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) shuffled = pen_game_new ();
  g_autoptr(PenGame) first_game = pen_game_new ();
  g_autoptr(PenGame) dealt = pen_game_new ();
  g_autoptr(GString) json = g_string_new ("{\"action\": \"new-game\", \"mode\": \"physical\", "
                                          "\"players\": [\"Ann\", \"Bo\"], \"setup\": "
                                          "{\"trial_row\": [\"goldeater\", \"scrollers\"], "
                                          "\"prophecies\": [\"end-of-time\"], \"fate_deck\": [");
  g_autofree char *a = NULL, *b = NULL, *c = NULL;

  for (guint i = 0; i < 12; i++)
    g_string_append (json, i ? ", null" : "null");
  g_string_append (json, "]}}");
  g_assert_true (pen_game_submit_json (shuffled, json->str, &error));
  g_assert_no_error (error);
  a = fate_panel_text (shuffled);
  g_test_message ("shuffled:\n%s", a);
  g_assert_nonnull (strstr (a, "12 cards still to be named as they turn up"));
  g_assert_null (strstr (a, "catalogue"));

  g_assert_true (pen_game_submit_json (first_game, "{\"action\": \"new-game\", \"players\": "
                                       "[\"Ann\", \"Bo\"], \"seed\": 5, \"ready_made\": true}",
                                       &error));
  g_assert_no_error (error);
  b = fate_panel_text (first_game);
  g_test_message ("first game:\n%s", b);
  g_assert_nonnull (strstr (b, "In the order the rulebook prints"));
  g_assert_null (strstr (b, "Next card:"));
  g_assert_null (strstr (b, "%"));

  /* a deck the app shuffled keeps its odds */
  g_assert_true (pen_game_submit_json (dealt, "{\"action\": \"new-game\", \"players\": "
                                       "[\"Ann\", \"Bo\"], \"seed\": 5}", &error));
  g_assert_no_error (error);
  c = fate_panel_text (dealt);
  g_test_message ("dealt:\n%s", c);
  g_assert_nonnull (strstr (c, "Next card:"));
  g_assert_null (strstr (c, "rulebook prints"));
  /* a deck built by the rules is three stacks joined unshuffled (Setup › The Fate deck): for two
   * players the top one is 2 Difficulty 2 Trials, the Goal and a Prophecy, no Event, so the
   * odds of the next card are those of these four, not of all twelve */
  g_assert_nonnull (strstr (c, "Its stack has 4 cards left"));
  g_assert_nonnull (strstr (c, "Next card: Trial | 2 of 4 · 50%"));
  g_assert_nonnull (strstr (c, "Next card: Goal | 1 of 4 · 25%"));
  g_assert_nonnull (strstr (c, "Next card: Prophecy | 1 of 4 · 25%"));
  g_assert_null (strstr (c, "Next card: Event"));
}

/* A stack page laid out and drawn ahead (pen_widget_warm_hidden (), as the turn controls do at
 * idle) is laid out while hidden, and once shown has exactly the sizes of a page that was not */
static GtkWidget *
warm_window (GtkWidget **stack,
             GtkWidget **page)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *shown = gtk_label_new ("In view");
  GtkWidget *wrapping = gtk_label_new ("A hint long enough to wrap over two or three lines in a "
                                       "window this narrow, as the turn controls' hints do.");

  *stack = gtk_stack_new ();
  gtk_stack_set_vhomogeneous (GTK_STACK (*stack), FALSE);
  gtk_stack_set_hhomogeneous (GTK_STACK (*stack), FALSE);
  *page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_label_set_wrap (GTK_LABEL (wrapping), TRUE);
  gtk_box_append (GTK_BOX (*page), gtk_label_new ("Start the turn"));
  gtk_box_append (GTK_BOX (*page), gtk_button_new_with_mnemonic ("_Study"));
  gtk_box_append (GTK_BOX (*page), wrapping);
  gtk_stack_add_child (GTK_STACK (*stack), shown);
  gtk_stack_add_child (GTK_STACK (*stack), *page);
  gtk_stack_set_visible_child (GTK_STACK (*stack), shown);
  gtk_window_set_child (GTK_WINDOW (window), *stack);
  gtk_window_set_default_size (GTK_WINDOW (window), 240, 200);
  gtk_window_present (GTK_WINDOW (window));
  pen_test_wait_frames (5);
  return window;
}

static void
test_warm_hidden (void)
{
  GtkWidget *stack_a, *page_a, *stack_b, *page_b;
  GtkWidget *a = warm_window (&stack_a, &page_a);
  GtkWidget *b = warm_window (&stack_b, &page_b);
  GtkWidget *ca, *cb;

  g_assert_cmpint (gtk_widget_get_width (stack_a), >, 0);
  g_assert_cmpint (gtk_widget_get_width (page_a), ==, 0);
  pen_widget_warm_hidden (page_a, gtk_widget_get_width (stack_a));
  /* laid out at the stack's width while still hidden */
  g_assert_false (gtk_widget_get_mapped (page_a));
  g_assert_cmpint (gtk_widget_get_width (page_a), ==, gtk_widget_get_width (stack_a));
  g_assert_cmpint (gtk_widget_get_height (page_a), >, 0);
  g_assert_cmpint (gtk_widget_get_width (page_b), ==, 0);

  gtk_stack_set_visible_child (GTK_STACK (stack_a), page_a);
  gtk_stack_set_visible_child (GTK_STACK (stack_b), page_b);
  pen_test_wait_frames (5);
  g_assert_true (gtk_widget_get_mapped (page_a));
  g_assert_cmpint (gtk_widget_get_width (page_a), ==, gtk_widget_get_width (page_b));
  g_assert_cmpint (gtk_widget_get_height (page_a), ==, gtk_widget_get_height (page_b));
  for (ca = gtk_widget_get_first_child (page_a), cb = gtk_widget_get_first_child (page_b);
       ca != NULL && cb != NULL;
       ca = gtk_widget_get_next_sibling (ca), cb = gtk_widget_get_next_sibling (cb))
    {
      graphene_rect_t ra, rb;

      g_assert_true (gtk_widget_compute_bounds (ca, page_a, &ra));
      g_assert_true (gtk_widget_compute_bounds (cb, page_b, &rb));
      g_assert_true (graphene_rect_equal (&ra, &rb));
    }
  g_assert_null (ca);
  g_assert_null (cb);

  gtk_window_destroy (GTK_WINDOW (a));
  gtk_window_destroy (GTK_WINDOW (b));
  pen_test_flush ();
}

/* The visible top-level named name (an earlier test may leave a dialog of its own) */
static GtkWindow *
named_window (const char *name)
{
  GListModel *tops = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (tops, i);

      if (gtk_widget_get_visible (w) && g_strcmp0 (gtk_widget_get_name (w), name) == 0)
        return GTK_WINDOW (w);
    }
  return NULL;
}

/* A Contract whose task is WITHSTAND THREAT fulfilled from its Guild cell in app-dealt play: the
 * roll is not made at once. *Withstand the Threat* says the odds and offers DEFEND's Yellow
 * dice first ("Roll and Fulfil"), as a Trial path's pass does; then what the app rolled */
static void
test_guild_withstand_roll (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = NULL;
  g_autoptr(GPtrArray) menus = g_ptr_array_new ();
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr(PenAction) last = NULL;
  GtkWidget *window, *cell = NULL, *popover;
  GtkWindow *asked;
  GtkDropDown *yellow;
  const char *body;
  guint position;

  if (pen_catalog_lookup (pen_catalog_get_default (), "withstand-hut") == NULL)
    {
      g_autoptr(JsonNode) card = pen_json_parse ("{\"id\": \"withstand-hut\", \"type\": "
                                                 "\"contract\", \"name\": {\"en\": \"Withstand "
                                                 "Hut\"}, \"difficulty\": 1, \"vp\": 2, "
                                                 "\"task\": {\"kind\": \"withstand\", "
                                                 "\"threat\": 2}, \"reward\": {\"ingredients\": "
                                                 "{\"arcana\": 2}}}", -1, NULL);

      g_assert_true (pen_catalog_add_user_card (pen_catalog_get_default (),
                                                json_node_get_object (card), &error));
      g_assert_no_error (error);
    }
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": "
                                       "[\"Ann\", \"Boris\"], \"seed\": 5, \"setup\": "
                                       "{\"prophecies\": [\"end-of-time\"], \"contract_row\": "
                                       "[\"withstand-hut\", \"lost-hut\", \"scarlet-pact\", "
                                       "\"brightshine\"], \"contract_deck\": "
                                       "[\"sorcerous-prison\"]}}", &error));
  g_assert_no_error (error);
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  pen_test_run (game, "{\"action\": \"die-place\", \"wizard\": 0, \"index\": 0, "
                      "\"location\": \"guild\"}");
  pen_test_run (game, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"yellow\", "
                      "\"value\": 2}");
  page = new_page (game);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();

  /* the Guild's first cell, the Hut: Ann fulfils it */
  pen_test_collect (GTK_WIDGET (page), GTK_TYPE_MENU_BUTTON, menus);
  for (guint i = 0; i < menus->len && cell == NULL; i++)
    if (gtk_widget_has_css_class (g_ptr_array_index (menus, i), "contract-cell"))
      cell = g_ptr_array_index (menus, i);
  g_assert_nonnull (cell);
  gtk_menu_button_popup (GTK_MENU_BUTTON (cell));
  pen_test_flush ();
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (cell)));
  pen_test_collect (find_named (popover, "contract-wizards"), GTK_TYPE_BUTTON, buttons);
  g_assert_cmpstr (gtk_button_get_label (g_ptr_array_index (buttons, 0)), ==, "Ann");
  position = pen_game_get_position (game);
  g_signal_emit_by_name (g_ptr_array_index (buttons, 0), "clicked");
  pen_test_flush ();

  /* nothing rolled yet: the odds, DEFEND, "Roll and Fulfil" */
  g_assert_cmpuint (pen_game_get_position (game), ==, position);
  asked = named_window ("trial-withstand");
  g_assert_nonnull (asked);
  g_assert_cmpstr (adw_message_dialog_get_response_label (ADW_MESSAGE_DIALOG (asked), "done"),
                   ==, "_Roll and Fulfil");
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (asked));
  g_test_message ("%s", body);
  g_assert_nonnull (strstr (body, "Withstand 2 Threat dice"));
  g_assert_nonnull (strstr (body, "as the Contract is fulfilled"));
  yellow = pen_faces_dialog_get_defend (PEN_FACES_DIALOG (asked));
  g_assert_nonnull (yellow);
  g_assert_cmpuint (gtk_drop_down_get_selected (yellow), ==, 0);
  gtk_drop_down_set_selected (yellow, 1);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (asked));
  g_assert_nonnull (strstr (body, "DEFEND discards the Yellow 2: 1 Threat die left"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (asked), "done");
  gtk_window_destroy (asked);
  pen_test_flush ();

  /* one die rolled, the Yellow die gone; the roll said */
  g_assert_cmpuint (pen_game_get_position (game), ==, position + 1);
  last = g_list_model_get_item (pen_game_get_history (game), position);
  g_assert_cmpstr (pen_action_get_kind (last), ==, "contract-take");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      pen_action_get_params (last), "withstand")), ==, 1);
  g_assert_true (json_object_has_member (pen_action_get_params (last), "defend"));
  asked = named_window ("trial-withstand-report");
  g_assert_nonnull (asked);
  g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (asked)), ==,
                   pen_action_get_label (last));
  gtk_window_destroy (asked);
  pen_test_flush ();

  /* a Contract without a Threat roll is fulfilled at once */
  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  g_ptr_array_set_size (menus, 0);
  g_ptr_array_set_size (buttons, 0);
  cell = NULL;
  pen_test_collect (GTK_WIDGET (page), GTK_TYPE_MENU_BUTTON, menus);
  for (guint i = 0, seen = 0; i < menus->len && cell == NULL; i++)
    if (gtk_widget_has_css_class (g_ptr_array_index (menus, i), "contract-cell") && seen++ == 1)
      cell = g_ptr_array_index (menus, i);
  g_assert_nonnull (cell);
  gtk_menu_button_popup (GTK_MENU_BUTTON (cell));
  pen_test_flush ();
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (cell)));
  pen_test_collect (find_named (popover, "contract-wizards"), GTK_TYPE_BUTTON, buttons);
  position = pen_game_get_position (game);
  g_signal_emit_by_name (g_ptr_array_index (buttons, 0), "clicked");
  pen_test_flush ();
  g_assert_cmpuint (pen_game_get_position (game), ==, position + 1);
  g_assert_null (named_window ("trial-withstand"));
  g_assert_null (named_window ("trial-withstand-report"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The Guild cell's popover of a Contract whose task is not known: its note points to the
 * button right under it, "Enter Its Task…", which opens the card's naming sheet, never to
 * "Cards to Name" (which lists only cards not named yet: play finding A3) */
static void
test_contract_popover_name_task (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = NULL;
  g_autoptr(GPtrArray) menus = g_ptr_array_new ();
  GtkWidget *window, *cell = NULL, *popover, *button;
  GtkWindow *asked;
  const char *note;

  if (pen_catalog_lookup (pen_catalog_get_default (), "untold-hut") == NULL)
    {
      g_autoptr(JsonNode) card = pen_json_parse ("{\"id\": \"untold-hut\", \"type\": "
                                                 "\"contract\", \"name\": {\"en\": \"Untold "
                                                 "Hut\"}, \"difficulty\": 1, \"vp\": 2}", -1,
                                                 NULL);

      g_assert_true (pen_catalog_add_user_card (pen_catalog_get_default (),
                                                json_node_get_object (card), &error));
      g_assert_no_error (error);
    }
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": "
                                       "[\"Ann\", \"Boris\"], \"seed\": 5, \"setup\": "
                                       "{\"prophecies\": [\"end-of-time\"], \"contract_row\": "
                                       "[\"untold-hut\", \"lost-hut\", \"scarlet-pact\", "
                                       "\"brightshine\"], \"contract_deck\": "
                                       "[\"sorcerous-prison\"]}}", &error));
  g_assert_no_error (error);
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  page = new_page (game);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();

  pen_test_collect (GTK_WIDGET (page), GTK_TYPE_MENU_BUTTON, menus);
  for (guint i = 0; i < menus->len && cell == NULL; i++)
    if (gtk_widget_has_css_class (g_ptr_array_index (menus, i), "contract-cell"))
      cell = g_ptr_array_index (menus, i);
  g_assert_nonnull (cell);
  gtk_menu_button_popup (GTK_MENU_BUTTON (cell));
  pen_test_flush ();
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (cell)));
  note = gtk_label_get_label (GTK_LABEL (find_named (popover, "contract-task-note")));
  g_test_message ("%s", note);
  g_assert_nonnull (strstr (note, "Enter Its Task…"));
  g_assert_null (strstr (note, "Cards to Name"));
  button = find_named (popover, "contract-name-task");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_Enter Its Task…");
  g_signal_emit_by_name (button, "clicked");
  pen_test_flush ();
  asked = NULL;
  {
    GListModel *tops = gtk_window_get_toplevels ();

    for (guint i = 0; i < g_list_model_get_n_items (tops) && asked == NULL; i++)
      {
        g_autoptr(GtkWidget) w = g_list_model_get_item (tops, i);

        if (PEN_IS_CARD_NAME_DIALOG (w) && gtk_widget_get_visible (w))
          asked = GTK_WINDOW (w);
      }
  }
  g_assert_nonnull (asked);
  gtk_window_destroy (asked);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data = g_dir_make_tmp ("penumbra-ui-table-XXXXXX", NULL);

  /* the Urgent test adds a user card: keep it out of the real user catalogue */
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  pen_turn_set_card_language ("en");

  g_test_add_func ("/penumbra/ui/table/demo-deck", test_demo_deck);
  g_test_add_func ("/penumbra/ui/table/turn-flow", test_turn_flow);
  g_test_add_func ("/penumbra/ui/table/must-rest", test_must_rest);
  g_test_add_func ("/penumbra/ui/table/trial-banner-steps", test_trial_banner_steps);
  g_test_add_func ("/penumbra/ui/table/final-round", test_final_round);
  g_test_add_func ("/penumbra/ui/table/physical-reveal", test_physical_reveal);
  g_test_add_func ("/penumbra/ui/table/physical-first-game-reveal",
                   test_physical_first_game_reveal);
  g_test_add_func ("/penumbra/ui/table/recount", test_recount);
  g_test_add_func ("/penumbra/ui/table/recount-unchanged", test_recount_unchanged);
  g_test_add_func ("/penumbra/ui/table/trial-in-progress", test_trial_in_progress);
  g_test_add_func ("/penumbra/ui/table/trial-pass-later", test_trial_pass_later);
  g_test_add_func ("/penumbra/ui/table/trial-pass-asks-points", test_trial_pass_asks_points);
  g_test_add_func ("/penumbra/ui/table/urgent-and-deck-reserve", test_urgent_and_deck_reserve);
  g_test_add_func ("/penumbra/ui/table/popovers", test_popovers);
  g_test_add_func ("/penumbra/ui/table/reserve-wounded-mark", test_reserve_wounded_mark);
  g_test_add_func ("/penumbra/ui/table/contract-note-yellow-placed",
                   test_contract_note_yellow_placed);
  g_test_add_func ("/penumbra/ui/table/trial-numbers-learned", test_trial_numbers_learned);
  g_test_add_func ("/penumbra/ui/table/trial-stack-difficulty", test_trial_stack_difficulty);
  g_test_add_func ("/penumbra/ui/table/markets-order", test_markets_order);
  g_test_add_func ("/penumbra/ui/table/event-done-keeps-place", test_event_done_keeps_place);
  g_test_add_func ("/penumbra/ui/table/new-turn-shows-top", test_new_turn_shows_top);
  g_test_add_func ("/penumbra/ui/table/fate-panel-wording", test_fate_panel_wording);
  g_test_add_func ("/penumbra/ui/table/warm-hidden", test_warm_hidden);
  g_test_add_func ("/penumbra/ui/table/trial-over-no-gap", test_trial_over_no_gap);
  g_test_add_func ("/penumbra/ui/table/fate-news-gone-no-gap", test_fate_news_gone_no_gap);
  g_test_add_func ("/penumbra/ui/table/guild-withstand-roll", test_guild_withstand_roll);
  g_test_add_func ("/penumbra/ui/table/contract-popover-name-task",
                   test_contract_popover_name_task);
  return g_test_run ();
}
