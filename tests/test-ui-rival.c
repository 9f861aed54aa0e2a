/* test-ui-rival.c: the Rival's panel on the Wizards page and the Table page: shown only on the
 * Rival's turn of a solo game, it plays the turn as one action, and undo brings the turn and the
 * panel back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "pen-contract-popover.h"
#include "pen-demo.h"
#include "pen-event-panel.h"
#include "pen-json.h"
#include "pen-keep-height.h"
#include "pen-rival.h"
#include "pen-rival-panel.h"
#include "pen-solo-sim.h"
#include "pen-table-util.h"
#include "pen-table-page.h"
#include "pen-turn-controls.h"
#include "pen-turn.h"
#include "pen-wizards-page.h"
#include "pen-test-gtk-utils.h"
#include "pen-test-play.h"
#include "pen-test-utils.h"

/* The play button, as the player reads it */
static GtkWidget *
find_play_button (GtkWidget *root)
{
  return pen_test_play_find_labelled (root, "Play the Rival’s Turn");
}

/* Labels below root, concatenated */
static void
collect_text (GtkWidget *root,
              GString   *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && gtk_widget_get_visible (child))
        {
          g_string_append (out, gtk_label_get_label (GTK_LABEL (child)));
          g_string_append_c (out, '\n');
        }
      collect_text (child, out);
    }
}

/* The panel shows the core's plan for the Rival's turn: its reason and every instruction */
static void
assert_shows_plan (GtkWidget *panel,
                   PenTable  *table)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenRivalPlan) plan = pen_rival_plan_turn (table, pen_table_get_current (table), NULL,
                                                      NULL, &error);
  const char * const *lines;

  g_assert_no_error (error);
  /* with the faces of the dice the app will roll, in app-dealt play (play finding V12) */
  pen_rival_plan_predict_faces (plan, table);
  collect_text (panel, text);
  if (!pen_table_get_table_rolls (table))
    g_assert_null (strstr (text->str, "roll it into its supply"));
  g_assert_nonnull (strstr (text->str, pen_rival_plan_get_why (plan)));
  lines = pen_rival_plan_get_instructions (plan);
  g_assert_nonnull (lines[0]);
  for (guint i = 0; lines[i]; i++)
    g_assert_nonnull (strstr (text->str, lines[i]));
}

/* Taps the panel's play button: the game records one rival-turn action */
static void
play_from (GtkWidget *panel,
           PenGame   *game)
{
  guint pos = pen_game_get_position (game);
  GtkWidget *button = find_play_button (panel);
  g_autoptr(PenAction) last = NULL;

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_visible (button));
  g_assert_true (gtk_widget_get_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  pen_test_flush ();
  g_assert_cmpuint (pen_game_get_position (game), ==, pos + 1);
  last = g_list_model_get_item (pen_game_get_history (game), pos);
  g_assert_cmpstr (pen_action_get_kind (last), ==, "rival-turn");
}

static void
test_rival_panel_plays_and_undoes (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_solo_sim_new_game (5, 2, &error);
  g_autofree char *before = NULL, *after = NULL, *undone = NULL;
  g_autofree char *action = NULL;
  PenWizardsPage *page;
  GtkWidget *window, *panel;
  PenTable *table;

  g_assert_no_error (error);
  table = pen_game_get_table (game);

  window = gtk_window_new ();
  page = g_object_new (PEN_TYPE_WIZARDS_PAGE, "game", game, NULL);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  g_signal_connect (page, "submit", G_CALLBACK (pen_test_submit_cb), game);
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();

  panel = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_RIVAL_PANEL);
  g_assert_nonnull (panel);
  g_assert_true (pen_rival_panel_get_game (PEN_RIVAL_PANEL (panel)) == game);
  /* the player's turn: hidden */
  g_assert_false (gtk_widget_get_visible (panel));
  g_assert_null (pen_rival_panel_get_action (PEN_RIVAL_PANEL (panel)));

  g_assert_true (pen_solo_sim_step (game, &error));
  pen_test_flush ();
  g_assert_true (pen_rival_is_due (table));
  g_assert_true (gtk_widget_get_visible (panel));
  action = pen_test_take_action_text (pen_rival_panel_get_action (PEN_RIVAL_PANEL
                                                                   (panel)));
  g_assert_cmpstr (action, ==, "{\"action\":\"rival-turn\"}");

  /* it shows the plan: the same instructions and reason the core gives */
  g_assert_cmpuint (pen_table_get_current (table), ==, 1);
  assert_shows_plan (panel, table);

  /* the button plays the turn: one action, the panel goes */
  before = pen_test_snapshot_text (game);
  play_from (panel, game);
  after = pen_test_snapshot_text (game);
  g_assert_cmpstr (before, !=, after);
  g_assert_false (gtk_widget_get_visible (panel));

  /* undo: the table as it was, and the panel again */
  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  undone = pen_test_snapshot_text (game);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (gtk_widget_get_visible (panel));

  gtk_window_destroy (GTK_WINDOW (window));
  pen_test_flush ();
}

/* The Table page on the Rival's turn: the Rival's plan and its play button in place of the
 * Study / Trial / Rest buttons, which come back on the player's turn */
static void
test_rival_panel_on_table (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_solo_sim_new_game (5, 2, &error);
  PenTablePage *page;
  GtkWidget *window, *panel, *controls;
  PenTable *table;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  page = pen_test_table_page_new (game);
  window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();

  panel = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_RIVAL_PANEL);
  controls = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_TURN_CONTROLS);
  g_assert_nonnull (panel);
  g_assert_nonnull (controls);
  /* the player's turn: the turn buttons, no Rival */
  g_assert_false (pen_rival_is_due (table));
  g_assert_false (gtk_widget_get_visible (panel));
  g_assert_true (gtk_widget_is_visible (pen_test_play_find_labelled (controls, "_Study")));

  g_assert_true (pen_solo_sim_step (game, &error));
  g_assert_no_error (error);
  pen_test_flush ();
  g_assert_true (pen_rival_is_due (table));
  /* the Rival's turn: its plan, not the human turn's buttons */
  g_assert_true (gtk_widget_is_visible (panel));
  g_assert_false (gtk_widget_is_visible (controls));
  g_assert_false (gtk_widget_is_visible (pen_test_play_find_labelled (GTK_WIDGET (page),
                                                                      "_Study")));
  assert_shows_plan (panel, table);
  /* the Rival never binds a Contract from the deck: the Guild's Bind button goes for its turn
   * (play finding S14), and is back on the player's */
  g_assert_false (gtk_widget_get_visible (pen_test_find_named (GTK_WIDGET (page),
                                                               "deck-reserve-button")));

  /* playing it from the Table: one rival-turn action; the player's buttons are back, and the
   * Fate card the Rival revealed is the Table's news, as after a player's turn (P15) */
  {
    guint deck = g_list_model_get_n_items (pen_table_get_fate_deck (table));

    play_from (panel, game);
    g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_fate_deck (table)) + 1, ==, deck);
    g_assert_nonnull (pen_table_page_get_news_text (page));
  }
  g_assert_false (pen_rival_is_due (table));
  g_assert_false (gtk_widget_get_visible (panel));
  g_assert_true (gtk_widget_is_visible (controls));
  g_assert_true (gtk_widget_is_visible (pen_test_play_find_labelled (controls, "_Study")));
  g_assert_true (gtk_widget_get_visible (pen_test_find_named (GTK_WIDGET (page),
                                                              "deck-reserve-button")));

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (page);
  pen_test_flush ();
}

/* Not a solo game: never shown */
static void
test_rival_panel_demo_hidden (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  PenRivalPanel *panel = g_object_ref_sink (pen_rival_panel_new ());

  g_assert_no_error (error);
  pen_rival_panel_set_game (panel, game);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_null (pen_test_take_action_text (pen_rival_panel_get_action (panel)));
  pen_rival_panel_set_game (panel, NULL);
  g_object_unref (panel);
}

/* Physical mode: the table names the Fate card, from a list, and the action carries it */
static void
test_rival_panel_physical_reveal (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  PenRivalPanel *panel = g_object_ref_sink (pen_rival_panel_new ());
  gboolean seen = FALSE;

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": [\"P\"], "
                                       "\"solo\": 1, \"mode\": \"physical\", \"seed\": 9}",
                                       &error));
  pen_rival_panel_set_game (panel, game);
  g_signal_connect (panel, "submit", G_CALLBACK (pen_test_submit_cb), game);
  for (guint t = 0; t < 40 && !seen; t++)
    {
      if (!pen_rival_is_due (table))
        {
          g_autoptr(PenTableCard) top = g_list_model_get_item (pen_table_get_fate_deck (table),
                                                               0);
          g_autofree char *json = g_strdup_printf ("{\"action\": \"turn-end\", \"reveal\": "
                                                   "\"%s\"}", pen_table_card_get_card_id (top));
          g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", \"kind\": "
                                               "\"rest\"}", &error));
          g_assert_true (pen_game_submit_json (game, json, &error));
          continue;
        }
      {
        g_autoptr(PenRivalPlan) plan = pen_rival_plan_turn (table, 1, NULL, NULL, &error);
        g_autofree char *action =
          pen_test_take_action_text (pen_rival_panel_get_action (panel));
        GtkWidget *dropdown = pen_test_find_first (GTK_WIDGET (panel), GTK_TYPE_DROP_DOWN);
        GtkWidget *button = find_play_button (GTK_WIDGET (panel));
        guint pos = pen_game_get_position (game);

        g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
        if (pen_rival_plan_get_needs_reveal (plan))
          {
            GListModel *names = gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown));
            PenWizard *rival = pen_table_get_wizard (table, 1);
            g_autoptr(GString) text = g_string_new (NULL);
            g_autofree char *chosen = NULL;

            g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (dropdown)));
            /* the table says which card it turned up: nothing is chosen for it, and the turn
             * cannot be played before */
            g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)), ==,
                              GTK_INVALID_LIST_POSITION);
            g_assert_null (strstr (action, "reveal"));
            g_assert_false (gtk_widget_is_sensitive (button));
            /* never a card the Rival holds, nor one in the row */
            for (guint i = 0; i < g_list_model_get_n_items (names); i++)
              {
                const char *name = gtk_string_list_get_string (GTK_STRING_LIST (names), i);
                GListModel *lists[] = { pen_wizard_get_cards (rival),
                                        pen_table_get_trial_row (table) };

                for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
                  for (guint c = 0; c < g_list_model_get_n_items (lists[l]); c++)
                    {
                      g_autoptr(PenTableCard) tc = g_list_model_get_item (lists[l], c);
                      const char *id = pen_table_card_get_card_id (tc);
                      g_autofree char *held = id ? g_strdup_printf ("%s (",
                                                                    pen_turn_card_name (id))
                                                 : NULL;

                      g_assert_false (held && g_str_has_prefix (name, held));
                    }
              }
            /* the steps name the card picked, a line shorter at a phone's width: what lies
             * under them does not move up (play finding T11) */
            {
              GtkWidget *keeper = pen_test_find_first (GTK_WIDGET (panel),
                                                       PEN_TYPE_KEEP_HEIGHT);
              GtkWidget *steps = adw_bin_get_child (ADW_BIN (keeper));
              int steps_before[60], kept_before[60], steps_after, kept_after;
              guint shorter = 0;

              /* at widths from 150 to 445 px: the text wraps differently at each */
              for (guint k = 0; k < G_N_ELEMENTS (steps_before); k++)
                {
                  gtk_widget_measure (steps, GTK_ORIENTATION_VERTICAL, 150 + 5 * k,
                                      &steps_before[k], NULL, NULL, NULL);
                  gtk_widget_measure (keeper, GTK_ORIENTATION_VERTICAL, 150 + 5 * k,
                                      &kept_before[k], NULL, NULL, NULL);
                }
              gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), 0);
              for (guint k = 0; k < G_N_ELEMENTS (steps_before); k++)
                {
                  gtk_widget_measure (steps, GTK_ORIENTATION_VERTICAL, 150 + 5 * k,
                                      &steps_after, NULL, NULL, NULL);
                  gtk_widget_measure (keeper, GTK_ORIENTATION_VERTICAL, 150 + 5 * k,
                                      &kept_after, NULL, NULL, NULL);
                  shorter += steps_after < steps_before[k];
                  g_assert_cmpint (kept_after, >=, kept_before[k]);
                }
              /* the text itself got shorter at some width: the case the keeper is for */
              g_test_message ("the steps are shorter at %u widths of 60", shorter);
              g_assert_cmpuint (shorter, >, 0);
            }
            chosen = pen_test_take_action_text (pen_rival_panel_get_action (panel));
            g_assert_nonnull (strstr (chosen, "\"reveal\":"));
            /* physical play: the new Guild contract is asked too, with nothing preselected:
             * the turn waits for the table's pick */
            {
              g_autoptr(GPtrArray) drops = g_ptr_array_new ();
              GtkDropDown *contract;

              pen_test_collect (GTK_WIDGET (panel), GTK_TYPE_DROP_DOWN, drops);
              g_assert_cmpuint (drops->len, ==, 2);
              contract = g_ptr_array_index (drops, 1);
              g_assert_true (gtk_widget_is_visible (GTK_WIDGET (contract)));
              g_assert_cmpuint (gtk_drop_down_get_selected (contract), ==,
                                GTK_INVALID_LIST_POSITION);
              g_assert_false (gtk_widget_is_sensitive (button));
              /* as on a player's turn, "Another Contract: name it later" just before
               * "Another card: name it": the same card, no sheet at the turn's end (Z8) */
              {
                GListModel *items = gtk_drop_down_get_model (contract);
                guint n = g_list_model_get_n_items (items);
                const char *last = gtk_string_list_get_string (GTK_STRING_LIST (items), n - 1);

                g_assert_true (pen_card_id_is_placeholder (last));
                gtk_drop_down_set_selected (contract, n - 2);
                g_assert_true (pen_tu_chosen_later (contract));
                g_assert_cmpstr (pen_tu_chosen_card (contract), ==, last);
                gtk_drop_down_set_selected (contract, n - 1);
                g_assert_false (pen_tu_chosen_later (contract));
                g_assert_cmpstr (pen_tu_chosen_card (contract), ==, last);
              }
              gtk_drop_down_set_selected (contract, 0);
            }
            g_assert_true (gtk_widget_is_sensitive (button));
            collect_text (GTK_WIDGET (panel), text);
            g_assert_nonnull (strstr (text->str, "New contract in the Guild"));
            seen = TRUE;
          }
        else
          g_assert_null (strstr (action, "reveal"));
        g_signal_emit_by_name (button, "clicked");
        g_assert_cmpuint (pen_game_get_position (game), ==, pos + 1);
      }
    }
  g_assert_true (seen);
  pen_rival_panel_set_game (panel, NULL);
  g_object_unref (panel);
}

/* S7: an Event revealed in a solo game says how it applies to the Rival. The book: "you" is
 * the player who has just finished the turn, so an Event the Rival reveals is the Rival's; one
 * the player reveals still gives the Rival its share of what it gives every wizard. */
static void
test_rival_event_owner (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  PenEventPanel *panel = g_object_ref_sink (pen_event_panel_new ());
  gboolean mine = FALSE, rivals = FALSE;

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": [\"P\"], "
                                       "\"solo\": 1, \"seed\": 9, \"setup\": {\"fate_deck\": "
                                       "[\"fresh-batch\", \"secret-deal\", \"festival\", "
                                       "\"wanderer\", \"practice\", \"personal-training\", "
                                       "\"extracurricular-reading\", \"harvest\"]}}", &error));
  g_assert_no_error (error);
  pen_event_panel_set_game (panel, game);
  for (guint t = 0; t < 30 && !(mine && rivals)
       && pen_table_get_phase (table) == PEN_PHASE_PLAYING; t++)
    {
      gboolean rival = pen_rival_is_due (table);
      const char *note;

      if (rival)
        g_assert_true (pen_game_submit_json (game, "{\"action\": \"rival-turn\"}", &error));
      else
        {
          g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", \"kind\": "
                                               "\"rest\"}", &error));
          g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-end\"}", &error));
        }
      g_assert_no_error (error);
      pen_test_flush ();
      if (pen_event_panel_get_event (panel) == NULL)
        continue;
      note = pen_event_panel_get_solo_note (panel);
      g_assert_nonnull (note);
      if (rival)
        {
          g_assert_nonnull (strstr (note, "The Rival revealed it: “you” on this card is the "
                                          "Rival"));
          rivals = TRUE;
        }
      else
        {
          g_assert_nonnull (strstr (note, "“You” on this card is you. The Rival takes"));
          mine = TRUE;
        }
    }
  g_assert_true (mine);
  g_assert_true (rivals);
  pen_event_panel_set_game (panel, NULL);
  g_object_unref (panel);
}

/* Physical play with the first-game deck (solo, Setup "Ready-made deck for the first game"):
 * the Rival's Fate picker is the turn controls' own list, the printed next card chosen and
 * "Another card…" besides, so its turn can be played at once and reveals that card */
static void
test_rival_panel_first_game (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  PenRivalPanel *panel = g_object_ref_sink (pen_rival_panel_new ());
  gboolean seen = FALSE;

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": [\"P\"], "
                                       "\"solo\": 1, \"mode\": \"physical\", \"seed\": 9, "
                                       "\"ready_made\": true}", &error));
  g_assert_no_error (error);
  pen_rival_panel_set_game (panel, game);
  g_signal_connect (panel, "submit", G_CALLBACK (pen_test_submit_cb), game);
  for (guint t = 0; t < 40 && !seen; t++)
    {
      g_autofree char *next = g_strdup (pen_table_get_fate_next (table));

      g_assert_nonnull (next);
      if (!pen_rival_is_due (table))
        {
          g_autofree char *json = g_strdup_printf ("{\"action\": \"turn-end\", \"reveal\": "
                                                   "\"%s\"}", next);
          g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", \"kind\": "
                                               "\"rest\"}", &error));
          g_assert_true (pen_game_submit_json (game, json, &error));
          g_assert_no_error (error);
          continue;
        }
      {
        g_autoptr(PenRivalPlan) plan = pen_rival_plan_turn (table, 1, NULL, NULL, &error);
        g_autofree char *action = NULL;
        GtkWidget *dropdown = pen_test_find_first (GTK_WIDGET (panel), GTK_TYPE_DROP_DOWN);
        GtkWidget *button = find_play_button (GTK_WIDGET (panel));

        if (pen_rival_plan_get_needs_reveal (plan))
          {
            GListModel *names = gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown));
            g_autofree char *label = g_strdup_printf ("Next: %s", pen_turn_card_name (next));
            g_autofree char *member = g_strdup_printf ("\"reveal\":\"%s\"", next);

            pen_test_flush ();
            g_assert_cmpuint (g_list_model_get_n_items (names), ==, 2);
            g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 0), ==, label);
            g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 1), ==,
                             "Another card…");
            g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)), ==, 0);
            /* the new Guild contract waits for the table's pick (nothing preselected) */
            {
              g_autoptr(GPtrArray) drops = g_ptr_array_new ();

              pen_test_collect (GTK_WIDGET (panel), GTK_TYPE_DROP_DOWN, drops);
              if (drops->len > 1 && gtk_widget_is_visible (g_ptr_array_index (drops, 1)))
                gtk_drop_down_set_selected (g_ptr_array_index (drops, 1), 0);
            }
            action = pen_test_take_action_text (pen_rival_panel_get_action (panel));
            g_assert_nonnull (strstr (action, member));
            g_assert_true (gtk_widget_is_sensitive (button));
            seen = TRUE;
          }
        g_signal_emit_by_name (button, "clicked");
        if (seen)
          g_assert_cmpstr (pen_table_get_fate_next (table), !=, next);
      }
    }
  g_assert_true (seen);
  pen_rival_panel_set_game (panel, NULL);
  g_object_unref (panel);
}

/* The labels of the buttons below root */
static void
collect_button_labels (GtkWidget *root,
                       GPtrArray *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_BUTTON (child) && gtk_button_get_label (GTK_BUTTON (child)) != NULL)
        g_ptr_array_add (out, (gpointer) gtk_button_get_label (GTK_BUTTON (child)));
      collect_button_labels (child, out);
    }
}

/* The Guild cell's "Fulfilled by:" buttons name the Rival as every page does, translated (play
 * finding S1: "Rival" in English in the Russian popover); ui-rival-ru runs it in Russian */
static void
test_rival_contract_popover_name (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_solo_sim_new_game (5, 2, &error);
  PenTable *table;
  PenWizard *rival = NULL;
  PenContractPopover *popover;
  GtkWidget *window;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  gboolean found = FALSE;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  for (guint i = 0; i < pen_table_get_n_players (table); i++)
    if (pen_wizard_get_rival (pen_table_get_wizard (table, i)))
      rival = pen_table_get_wizard (table, i);
  g_assert_nonnull (rival);
  window = gtk_window_new ();
  popover = g_object_new (PEN_TYPE_CONTRACT_POPOVER, NULL);
  gtk_window_set_child (GTK_WINDOW (window), gtk_button_new ());
  gtk_widget_set_parent (GTK_WIDGET (popover), gtk_window_get_child (GTK_WINDOW (window)));
  pen_contract_popover_update (popover, table, 0);
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();

  collect_button_labels (GTK_WIDGET (popover), labels);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *label = g_ptr_array_index (labels, i);

      g_test_message ("button: %s", label);
      /* the stored name never shows where it is translated */
      if (g_strcmp0 (pen_wizard_get_display_name (rival), PEN_WIZARD_RIVAL_NAME) != 0)
        g_assert_cmpstr (label, !=, PEN_WIZARD_RIVAL_NAME);
      if (g_strcmp0 (label, pen_wizard_get_display_name (rival)) == 0)
        found = TRUE;
    }
  g_assert_true (found);

  /* the Harvest's step names it as shown too (play finding Z6: "Rival получает") */
  {
    guint n = pen_table_get_n_players (table);
    g_autofree guint *amounts = g_new0 (guint, n * PEN_N_INGREDIENTS);
    g_autofree guint *wizards = g_new0 (guint, n);
    g_autoptr(PenAction) gain = NULL;

    for (guint i = 0; i < n; i++)
      {
        wizards[i] = i;
        amounts[i * PEN_N_INGREDIENTS + PEN_INGREDIENT_FRUIT] = 1;
      }
    gain = pen_action_new_resource_gain ("harvest", n, wizards, amounts);
    g_assert_true (pen_action_apply (gain, table, &error));
    g_assert_no_error (error);
    g_test_message ("harvest: %s", pen_action_get_label (gain));
    g_assert_nonnull (strstr (pen_action_get_label (gain), pen_wizard_get_display_name (rival)));
    if (g_strcmp0 (pen_wizard_get_display_name (rival), PEN_WIZARD_RIVAL_NAME) != 0)
      g_assert_null (strstr (pen_action_get_label (gain), PEN_WIZARD_RIVAL_NAME));
  }

  gtk_widget_unparent (GTK_WIDGET (popover));
  gtk_window_destroy (GTK_WINDOW (window));
  pen_test_flush ();
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *tmp = g_dir_make_tmp ("penumbra-uirival-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", tmp, TRUE);
  g_setenv ("XDG_CONFIG_HOME", tmp, TRUE);
  /* ui-rival-ru: in Russian (gettext reads LANGUAGE only outside the plain C locale) */
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
  pen_turn_set_card_language ("en");

  g_test_add_func ("/penumbra/ui/rival/plays-and-undoes", test_rival_panel_plays_and_undoes);
  g_test_add_func ("/penumbra/ui/rival/on-table", test_rival_panel_on_table);
  g_test_add_func ("/penumbra/ui/rival/demo-hidden", test_rival_panel_demo_hidden);
  g_test_add_func ("/penumbra/ui/rival/physical-reveal", test_rival_panel_physical_reveal);
  g_test_add_func ("/penumbra/ui/rival/first-game", test_rival_panel_first_game);
  g_test_add_func ("/penumbra/ui/rival/event-owner", test_rival_event_owner);
  g_test_add_func ("/penumbra/ui/rival/contract-popover-name", test_rival_contract_popover_name);
  return g_test_run ();
}
