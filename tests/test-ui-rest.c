/* test-ui-rest.c: the Rest options panel and the Event panel on the Table page: shown only
 * when they apply, they change the model through actions, and undo restores model and view
 *
 * Set PEN_REST_SHOTS=DIR to save screenshots of the page on a Rest turn (1280x800, 360x720).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "pen-demo.h"
#include "pen-event-panel.h"
#include "pen-keep-height.h"
#include "pen-json.h"
#include "pen-count-row.h"
#include "pen-rest-panel.h"
#include "pen-rest-pick-row.h"
#include "pen-rest-pay-dialog.h"
#include "pen-rule.h"
#include "pen-table-page.h"
#include "pen-turn.h"
#include "pen-test-gtk-utils.h"
#include "pen-test-utils.h"


static void
run (PenGame    *game,
     const char *json)
{
  g_autoptr(GError) error = NULL;

  if (!pen_game_submit_json (game, json, &error))
    g_error ("refused: %s: %s", json, error->message);
  pen_test_flush ();
}

/* The row titled title under root (an offer of the Rest panel), or NULL */
static GtkWidget *
find_row (GtkWidget  *root,
          const char *title)
{
  if (ADW_IS_PREFERENCES_ROW (root)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root)), title) == 0
      && gtk_widget_get_visible (root))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_row (c, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The named cards of a market */
static guint
market_count (PenGame    *game,
              const char *market)
{
  GListModel *markets = pen_table_get_markets (pen_game_get_table (game));
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) m = g_list_model_get_item (markets, i);

      n += g_strcmp0 (pen_table_card_get_zone (m), market) == 0
           && pen_table_card_get_card_id (m) != NULL;
    }
  return n;
}

static void
test_rest_panel (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  PenTable *table;
  PenRestPanel *panel;
  PenWizard *w;
  GtkWidget *exchange, *brew;
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(PenAction) action = NULL;
  guint give[PEN_N_INGREDIENTS] = { 0, }, get[PEN_N_INGREDIENTS] = { 0, };
  guint fruit, jewel;
  int i;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  page = pen_test_table_page_new (game);
  panel = PEN_REST_PANEL (pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_REST_PANEL));
  g_assert_nonnull (panel);
  g_assert_true (pen_rest_panel_get_game (panel) == game);

  /* Ann's Study turn: no Rest options */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  pen_table_page_end_turn (page);
  pen_test_flush ();
  w = pen_table_get_wizard (table, pen_table_get_current (table));
  run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 1, \"ingredient\": \"fruit\","
             " \"count\": 8}");
  run (game, "{\"action\": \"card-gain\", \"wizard\": 1, \"card\": \"triplet\"}");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  pen_table_page_start_turn (page, PEN_TURN_REST);
  pen_test_flush ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));

  /* the calculator: unbalanced, then 4 Fruits for 2 Jewels */
  exchange = pen_test_find_button (GTK_WIDGET (panel), "_Exchange");
  g_assert_nonnull (exchange);
  give[PEN_INGREDIENT_FRUIT] = 4;
  get[PEN_INGREDIENT_JEWEL] = 4;
  pen_rest_panel_set_exchange (panel, give, get);
  g_assert_null (pen_rest_panel_get_exchange_action (panel));
  g_assert_false (gtk_widget_get_sensitive (exchange));
  get[PEN_INGREDIENT_JEWEL] = 2;
  pen_rest_panel_set_exchange (panel, give, get);
  action = pen_rest_panel_get_exchange_action (panel);
  g_assert_nonnull (action);
  g_assert_true (gtk_widget_get_sensitive (exchange));

  fruit = pen_wizard_get_ingredient (w, PEN_INGREDIENT_FRUIT);
  jewel = pen_wizard_get_ingredient (w, PEN_INGREDIENT_JEWEL);
  before = pen_test_snapshot_text (game);
  g_signal_emit_by_name (exchange, "clicked");
  pen_test_flush ();
  g_assert_cmpuint (pen_wizard_get_ingredient (w, PEN_INGREDIENT_FRUIT), ==, fruit - 4);
  g_assert_cmpuint (pen_wizard_get_ingredient (w, PEN_INGREDIENT_JEWEL), ==, MIN (jewel + 2, 12));
  /* the calculator starts again from nothing */
  g_assert_null (pen_rest_panel_get_exchange_action (panel));
  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  after = pen_test_snapshot_text (game);
  g_assert_cmpstr (before, ==, after);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));

  /* brewing the Triplet (1 Crystal, 1 Fruit): first get a Crystal ... 4 Fruits = 3 Crystals */
  brew = pen_test_find_button (GTK_WIDGET (panel), "Brew");
  g_assert_nonnull (brew);
  if (pen_wizard_get_ingredient (w, PEN_INGREDIENT_CRYSTAL) == 0)
    g_assert_false (gtk_widget_get_sensitive (brew));
  memset (give, 0, sizeof give);
  memset (get, 0, sizeof get);
  give[PEN_INGREDIENT_FRUIT] = 4;
  get[PEN_INGREDIENT_CRYSTAL] = 3;
  pen_rest_panel_set_exchange (panel, give, get);
  g_signal_emit_by_name (pen_test_find_button (GTK_WIDGET (panel), "_Exchange"), "clicked");
  pen_test_flush ();
  brew = pen_test_find_button (GTK_WIDGET (panel), "Brew");
  g_assert_true (gtk_widget_get_sensitive (brew));
  g_signal_emit_by_name (brew, "clicked");
  pen_test_flush ();
  i = pen_wizard_find_card (w, "triplet");
  {
    g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_wizard_get_cards (w), i);
    g_assert_cmpstr (pen_table_card_get_zone (tc), ==, PEN_ZONE_INVENTORY);
  }
  /* no Recipe left to brew */
  g_assert_null (pen_test_find_button (GTK_WIDGET (panel), "Brew"));
  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  g_assert_nonnull (pen_test_find_button (GTK_WIDGET (panel), "Brew"));

  /* the demo lays out the Brewery's and the Shop's markets: each face-up card is offered;
   * buy the Wand of Everwood at its printed cost (1 Jewel, 1 Trinket), pre-filled in the
   * payment dialog */
  {
    GtkWidget *row = find_row (GTK_WIDGET (panel), "Wand of Everwood");
    AdwMessageDialog *dialog = NULL;
    GListModel *toplevels;   /* transfer none */
    g_autofree char *before_buy = NULL, *after_undo = NULL;
    guint shop;

    g_assert_nonnull (row);
    g_assert_nonnull (find_row (GTK_WIDGET (panel), "Triplet"));
    run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 1, \"ingredient\": \"trinket\"}");
    run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 1, \"ingredient\": \"jewel\"}");
    before_buy = pen_test_snapshot_text (game);
    row = find_row (GTK_WIDGET (panel), "Wand of Everwood");
    jewel = pen_wizard_get_ingredient (w, PEN_INGREDIENT_JEWEL);
    shop = market_count (game, "shop");
    g_signal_emit_by_name (pen_test_find_button (row, "Buy…"), "clicked");
    pen_test_flush ();
    toplevels = gtk_window_get_toplevels ();
    for (guint k = 0; k < g_list_model_get_n_items (toplevels); k++)
      {
        g_autoptr(GObject) top = g_list_model_get_item (toplevels, k);
        if (ADW_IS_MESSAGE_DIALOG (top))
          dialog = ADW_MESSAGE_DIALOG (top);
      }
    g_assert_nonnull (dialog);
    adw_message_dialog_response (dialog, "pay");
    gtk_window_destroy (GTK_WINDOW (dialog));
    pen_test_flush ();
    g_assert_cmpint (pen_wizard_find_card (w, "wand-of-everwood"), >=, 0);
    g_assert_cmpuint (pen_wizard_get_ingredient (w, PEN_INGREDIENT_JEWEL), ==, jewel - 1);
    /* app-dealt: the deck's next card takes the vacated place, as at the Shop (V6) */
    g_assert_cmpuint (market_count (game, "shop"), ==, shop);
    g_assert_null (find_row (GTK_WIDGET (panel), "Wand of Everwood"));
    /* one purchase per Rest: no second one offered */
    g_assert_null (pen_test_find_button (GTK_WIDGET (panel), "Buy…"));
    g_assert_true (pen_game_undo (game));
    pen_test_flush ();
    after_undo = pen_test_snapshot_text (game);
    g_assert_cmpstr (before_buy, ==, after_undo);
    g_assert_nonnull (pen_test_find_button (GTK_WIDGET (panel), "Buy…"));
  }

  /* the turn ends: the panel goes */
  pen_table_page_end_turn (page);
  pen_test_flush ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
}

static void
test_event_panel (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = pen_test_table_page_new (game);
  PenEventPanel *panel = PEN_EVENT_PANEL (pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_EVENT_PANEL));
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann, *bob;
  g_autoptr(PenAction) action = NULL;
  g_autofree char *before = NULL, *after = NULL;
  GtkWidget *apply;

  g_assert_nonnull (panel);
  run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 3,"
             " \"setup\": {\"prophecies\": [\"end-of-time\"],"
             " \"fate_deck\": [\"harvest\", \"secret-deal\", \"aranea\", \"wildwood\"]}}");
  ann = pen_table_get_wizard (table, 0);
  bob = pen_table_get_wizard (table, 1);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));

  /* Ann rests; her turn's end reveals Harvest */
  run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  run (game, "{\"action\": \"turn-end\"}");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_cmpstr (pen_event_panel_get_event (panel), ==, "harvest");
  apply = pen_test_find_button (GTK_WIDGET (panel), "_Apply the Harvest");
  g_assert_nonnull (apply);
  g_assert_false (gtk_widget_get_sensitive (apply));

  /* a Resource die shows Fruits, Crystals or Jewels only: no row offers Blood, Trinkets or
   * Arcana (Arcana are victory points), and a pick in the drop-down is the Ingredient it reads */
  {
    g_autoptr(GPtrArray) drops = g_ptr_array_new ();

    pen_test_collect (GTK_WIDGET (panel), GTK_TYPE_DROP_DOWN, drops);
    g_assert_cmpuint (drops->len, ==, 3);
    for (guint i = 0; i < drops->len; i++)
      {
        GListModel *labels = gtk_drop_down_get_model (drops->pdata[i]);
        guint n = g_list_model_get_n_items (labels);

        /* "—" (not said), then the three faces */
        g_assert_cmpuint (n, ==, 4);
        g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (labels), 0), ==, "—");
        for (guint k = 1; k < n; k++)
          {
            const char *label = gtk_string_list_get_string (GTK_STRING_LIST (labels), k);

            g_assert_cmpstr (label, !=, pen_ingredient_get_label (PEN_INGREDIENT_BLOOD));
            g_assert_cmpstr (label, !=, pen_ingredient_get_label (PEN_INGREDIENT_TRINKET));
            g_assert_cmpstr (label, !=, pen_ingredient_get_label (PEN_INGREDIENT_ARCANA));
          }
        /* in the book's order, as the place dialog's Forest question */
        g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (labels), 1), ==,
                         pen_ingredient_get_label (PEN_INGREDIENT_FRUIT));
        g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (labels), 3), ==,
                         pen_ingredient_get_label (PEN_INGREDIENT_JEWEL));
        /* each starts on "not said", no face the table did not roll (play finding V5: each
         * started on Fruits) */
        g_assert_cmpuint (gtk_drop_down_get_selected (drops->pdata[i]), ==, 0);
      }
    /* Bob's row, as the table taps it: Jewels in the drop-down, 1 in the count */
    for (guint k = 0; k < 4; k++)
      if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (
                                                     drops->pdata[1])), k),
                       pen_ingredient_get_label (PEN_INGREDIENT_JEWEL)))
        gtk_drop_down_set_selected (drops->pdata[1], k);
    g_ptr_array_set_size (drops, 0);
    pen_test_collect (GTK_WIDGET (panel), GTK_TYPE_SPIN_BUTTON, drops);
    g_assert_cmpuint (drops->len, ==, 3);
    gtk_spin_button_set_value (drops->pdata[1], 1);
    /* Ann's dice not said (play finding X5: Apply was on, and would have given her nothing) */
    g_assert_false (gtk_widget_get_sensitive (apply));
    /* a count on a row whose face is not said: nothing applied yet */
    gtk_spin_button_set_value (drops->pdata[0], 2);
    g_assert_false (gtk_widget_get_sensitive (apply));
  }

  /* Ann 2 Fruits, Bob 1 Jewel (above), Ann's second die 1 Crystal (rows: Ann, Bob, Ann) */
  pen_event_panel_set_gain (panel, 0, PEN_INGREDIENT_FRUIT, 2);
  pen_event_panel_set_gain (panel, 2, PEN_INGREDIENT_CRYSTAL, 1);
  g_assert_true (gtk_widget_get_sensitive (apply));
  action = pen_event_panel_get_action (panel);
  g_assert_cmpstr (pen_action_get_kind (action), ==, "resource-gain");
  g_assert_cmpstr (json_object_get_string_member (pen_action_get_params (action), "event"), ==,
                   "harvest");
  before = pen_test_snapshot_text (game);
  g_signal_emit_by_name (apply, "clicked");
  pen_test_flush ();
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT), ==, 2);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_CRYSTAL), ==, 1);
  g_assert_cmpuint (pen_wizard_get_ingredient (bob, PEN_INGREDIENT_JEWEL), ==, 1);
  /* resolved: the panel goes */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_true (pen_game_undo (game));
  pen_test_flush ();
  after = pen_test_snapshot_text (game);
  g_assert_cmpstr (before, ==, after);

  /* Bob rests; Secret Deal's text is not in the rulebook: the panel says so */
  run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  run (game, "{\"action\": \"turn-end\"}");
  g_assert_cmpstr (pen_event_panel_get_event (panel), ==, "secret-deal");
  g_assert_null (pen_event_panel_get_action (panel));
  g_assert_false (gtk_widget_get_visible (pen_test_find_button (GTK_WIDGET (panel),
                                                       "_Apply the Harvest")));
  /* a Trial revealed next: no Event panel */
  run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  run (game, "{\"action\": \"turn-end\"}");
  g_assert_null (pen_event_panel_get_event (panel));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
}

/* The first widget under root with the style class css_class, or NULL */
static GtkWidget *
find_class (GtkWidget  *root,
            const char *css_class)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (gtk_widget_has_css_class (child, css_class))
        return child;
      if ((found = find_class (child, css_class)) != NULL)
        return found;
    }
  return NULL;
}

/* Where the Study button (the first of the turn's kinds) stands in the window */
static graphene_point_t
study_point (GtkWidget *page)
{
  GtkWidget *study = find_class (page, "turn-kind-button");
  graphene_point_t p;

  g_assert_nonnull (study);
  g_assert_true (gtk_widget_get_mapped (study));
  g_assert_true (gtk_widget_compute_point (study, GTK_WIDGET (gtk_widget_get_root (page)),
                                           &GRAPHENE_POINT_INIT (0, 0), &p));
  return p;
}

/* Play finding W10: the Event panel's Done (and Apply) takes the panel away at the start of a
 * turn; Study / Trial / Rest stay where the finger is (they jumped up 151 px), at 1280 px and
 * at 360 px, where the page is one column */
static void
test_event_keeps_turn_buttons (void)
{
  static const int widths[] = { 1280, 360 };

  for (guint k = 0; k < G_N_ELEMENTS (widths); k++)
    {
      g_autoptr(PenGame) game = pen_game_new ();
      g_autoptr(PenTablePage) page = pen_test_table_page_new (game);
      PenEventPanel *panel = PEN_EVENT_PANEL (pen_test_find_first (GTK_WIDGET (page),
                                                                   PEN_TYPE_EVENT_PANEL));
      GtkWidget *window = gtk_window_new ();
      graphene_point_t before, after;
      GtkWidget *done;

      gtk_window_set_default_size (GTK_WINDOW (window), widths[k], widths[k] > 360 ? 800 : 720);
      gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
      gtk_window_present (GTK_WINDOW (window));
      run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 3,"
                 " \"setup\": {\"prophecies\": [\"end-of-time\"],"
                 " \"fate_deck\": [\"harvest\", \"secret-deal\", \"aranea\", \"wildwood\"]}}");

      /* Ann rests; her turn's end reveals Harvest: Apply takes the panel away */
      run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
      run (game, "{\"action\": \"turn-end\"}");
      pen_test_wait_frames (5);
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (panel)));
      before = study_point (GTK_WIDGET (page));
      /* every die said: Ann's, Bob's, Ann's second */
      pen_event_panel_set_gain (panel, 0, PEN_INGREDIENT_FRUIT, 1);
      pen_event_panel_set_gain (panel, 1, PEN_INGREDIENT_JEWEL, 1);
      pen_event_panel_set_gain (panel, 2, PEN_INGREDIENT_CRYSTAL, 1);
      g_signal_emit_by_name (pen_test_find_button (GTK_WIDGET (panel), "_Apply the Harvest"),
                             "clicked");
      pen_test_wait_frames (5);
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
      after = study_point (GTK_WIDGET (page));
      g_assert_cmpfloat (after.x, ==, before.x);
      g_assert_cmpfloat (after.y, ==, before.y);
      /* and the Event's space goes with it: the sections under the turn come back up rather
       * than sit under an empty area until the next turn (play finding X5, ~350 px) */
      {
        GtkWidget *keeper = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_KEEP_HEIGHT);
        int nat = 0;

        g_assert_nonnull (keeper);
        gtk_widget_measure (adw_bin_get_child (ADW_BIN (keeper)), GTK_ORIENTATION_VERTICAL,
                            gtk_widget_get_width (keeper), NULL, &nat, NULL, NULL);
        g_assert_cmpint (gtk_widget_get_height (keeper), <=, nat);
      }

      /* Bob rests; Secret Deal's text is not in the rulebook: Done takes the panel away */
      run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
      run (game, "{\"action\": \"turn-end\"}");
      pen_test_wait_frames (5);
      g_assert_cmpstr (pen_event_panel_get_event (panel), ==, "secret-deal");
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (panel)));
      before = study_point (GTK_WIDGET (page));
      done = pen_test_find_button (GTK_WIDGET (panel), "_Done");
      g_assert_nonnull (done);
      g_signal_emit_by_name (done, "clicked");
      pen_test_wait_frames (5);
      /* the buttons above it stay where they were (play finding W10) */
      after = study_point (GTK_WIDGET (page));
      g_assert_cmpfloat (after.x, ==, before.x);
      g_assert_cmpfloat (after.y, ==, before.y);
      /* and the Event's space goes with it, as after Apply (play finding C4: ~230 px stayed
       * empty until the next step) */
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
      {
        GtkWidget *keeper = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_KEEP_HEIGHT);
        int nat = 0;

        gtk_widget_measure (adw_bin_get_child (ADW_BIN (keeper)), GTK_ORIENTATION_VERTICAL,
                            gtk_widget_get_width (keeper), NULL, &nat, NULL, NULL);
        g_assert_cmpint (gtk_widget_get_height (keeper), <=, nat);
      }
      gtk_window_set_child (GTK_WINDOW (window), NULL);
      gtk_window_destroy (GTK_WINDOW (window));
      pen_test_flush ();
    }
}

/* Physical play with the markets laid out by the table: the Brewery and the Shop hold cards not
 * named yet. Buying during a Rest says so, not that the markets are not recorded (the Table page
 * shows them). */
static void
test_buy_table_markets (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenTablePage) page = pen_test_table_page_new (game);
  PenRestPanel *panel = PEN_REST_PANEL (pen_test_find_first (GTK_WIDGET (page),
                                                             PEN_TYPE_REST_PANEL));

  run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 3,"
             " \"mode\": \"physical\", \"table_rolls\": true, \"table_markets\": true,"
             " \"start\": [{\"mark\": \"ruby\"}, {\"mark\": \"jasper\"}],"
             " \"setup\": {\"prophecies\": [\"end-of-time\"], \"trial_row\": [\"aranea\"],"
             "  \"fate_deck\": [\"wildwood\", \"aranea\", \"fresh-batch\"],"
             "  \"contract_row\": [\"lost-hut\", \"brightshine\", null, null]}}");
  /* Ann rests: the table rolls her four dice */
  run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\", \"faces\": [1, 2, 3, 4]}");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_false (pen_test_has_label (GTK_WIDGET (panel), "The markets are not recorded: add "
                                                           "the card you bought."));
  g_assert_true (pen_test_has_label (GTK_WIDGET (panel), "The cards in the Brewery and the Shop "
                                                          "are not named yet: pick the one you "
                                                          "bought."));
  /* which card was bought is the table's to say: nothing is picked, Buy… waits for it */
  {
    PenRestPickRow *pick = PEN_REST_PICK_ROW (pen_test_find_first (GTK_WIDGET (panel),
                                                                   PEN_TYPE_REST_PICK_ROW));
    GtkDropDown *drop = NULL;
    GtkWidget *buy;

    g_assert_nonnull (pick);
    drop = GTK_DROP_DOWN (pen_test_find_first (GTK_WIDGET (pick), GTK_TYPE_DROP_DOWN));
    buy = pen_test_find_button (GTK_WIDGET (pick), "Buy…");
    g_assert_nonnull (buy);
    g_assert_cmpuint (gtk_drop_down_get_selected (drop), ==, GTK_INVALID_LIST_POSITION);
    g_assert_false (gtk_widget_get_sensitive (buy));
    /* a card not named yet reads as one to name, not as a known "Potion 7 of 14" (Q7) */
    {
      GListModel *names = gtk_drop_down_get_model (drop);
      gboolean potion = FALSE, artifact = FALSE;

      for (guint i = 0; i < g_list_model_get_n_items (names); i++)
        {
          const char *name = gtk_string_list_get_string (GTK_STRING_LIST (names), i);

          PenCardType type;

          /* no placeholder's name ("Potion 7 of 14") */
          for (type = 0; type < PEN_N_CARD_TYPES; type++)
            {
              const char *label = pen_card_type_get_label (type);
              gsize len = strlen (label);

              g_assert_false (g_str_has_prefix (name, label) && name[len] == ' '
                              && g_ascii_isdigit (name[len + 1]));
            }
          potion |= g_str_equal (name, "Another Potion: name it later");
          artifact |= g_str_equal (name, "Another Artifact: name it later");
        }
      g_assert_true (potion);
      g_assert_true (artifact);
    }
    gtk_drop_down_set_selected (drop, 0);
    g_assert_true (gtk_widget_get_sensitive (buy));

    /* bought: the market is refilled as the Brewery's and the Shop's are, so the table says
     * which card it turned up in the vacated place, of those still possible (not the one
     * bought) or another; Pay waits for it (play finding V6) */
    {
      PenTable *table = pen_game_get_table (game);
      PenWizard *ann = pen_table_get_wizard (table, 0);
      GListModel *toplevels = gtk_window_get_toplevels ();   /* transfer none */
      PenRestPayDialog *dialog = NULL;
      GtkDropDown *turned;
      GListModel *names;
      g_autofree char *bought = NULL, *up = NULL;
      g_autofree char *market = NULL;
      gboolean found = FALSE;

      g_signal_emit_by_name (buy, "clicked");
      pen_test_flush ();
      for (guint k = 0; k < g_list_model_get_n_items (toplevels); k++)
        {
          g_autoptr(GObject) top = g_list_model_get_item (toplevels, k);

          if (PEN_IS_REST_PAY_DIALOG (top))
            dialog = PEN_REST_PAY_DIALOG (top);
        }
      g_assert_nonnull (dialog);
      bought = g_strdup (pen_rest_pay_dialog_get_card (dialog));
      market = g_strdup (pen_card_get_card_type (pen_catalog_lookup (pen_catalog_get_default (),
                                                                     bought))
                         == PEN_CARD_POTION ? "brewery" : "shop");
      turned = pen_rest_pay_dialog_get_turned_up_drop_down (dialog);
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (turned)));
      names = gtk_drop_down_get_model (turned);
      g_assert_cmpuint (g_list_model_get_n_items (names), >, 2);
      g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 0), ==, "—");
      g_assert_cmpuint (gtk_drop_down_get_selected (turned), ==, 0);
      for (guint i = 1; i < g_list_model_get_n_items (names); i++)
        g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), i), !=,
                         pen_turn_card_name (bought));
      g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog),
                                                               "pay"));
      /* within a phone's width, whatever the names */
      {
        int min_w;

        gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL,
                            NULL, NULL);
        g_assert_cmpint (min_w, <=, 360);
      }
      gtk_drop_down_set_selected (turned, 1);
      g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog),
                                                              "pay"));
      up = g_strdup (pen_rest_pay_dialog_get_turned_up (dialog));
      g_assert_nonnull (up);
      adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "pay");
      gtk_window_destroy (GTK_WINDOW (dialog));
      pen_test_flush ();
      g_assert_cmpint (pen_wizard_find_card (ann, bought), >=, 0);
      /* the card turned up lies in the vacated place */
      for (guint i = 0; i < g_list_model_get_n_items (pen_table_get_markets (table)); i++)
        {
          g_autoptr(PenTableCard) m = g_list_model_get_item (pen_table_get_markets (table), i);

          found |= g_strcmp0 (pen_table_card_get_zone (m), market) == 0
                   && g_strcmp0 (pen_table_card_get_card_id (m), up) == 0;
        }
      g_assert_true (found);
    }
  }
}

static void
test_screenshots (void)
{
  const char *dir = pen_test_shots_dir ("PEN_REST_SHOTS");
  gboolean event = g_getenv ("PEN_REST_SHOTS_EVENT") != NULL;
  const char *prefix = event ? "event-" : g_getenv ("PEN_REST_SHOTS_BUY") ? "buy-" : "";
  static const struct { int w, h; const char *name; } sizes[] = {
    { 1280, 800, "rest-desktop.png" },
    { 360, 720, "rest-phone.png" },
  };

  if (dir == NULL)
    return;
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PenGame) game = event ? pen_game_new () : pen_demo_new_game (&error);
      g_autoptr(PenTablePage) page = pen_test_table_page_new (game);
      g_autofree char *name = g_strconcat (prefix, sizes[s].name, NULL);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      GtkWidget *window = gtk_window_new ();
      GtkWidget *panel = pen_test_find_first (GTK_WIDGET (page), event ? PEN_TYPE_EVENT_PANEL
                                                              : PEN_TYPE_REST_PANEL);
      int min = 0;

      g_assert_no_error (error);
      if (event)
        pen_test_harvest_game (game);
      else
        pen_test_rest_turn (game, page, g_getenv ("PEN_REST_SHOTS_BUY") != NULL);
      g_assert_true (gtk_widget_get_visible (panel));
      gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
      gtk_window_set_default_size (GTK_WINDOW (window), sizes[s].w, sizes[s].h);
      gtk_window_present (GTK_WINDOW (window));
      pen_test_wait_frames (30);
      /* the panel shrinks to a phone's width */
      gtk_widget_measure (panel, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      g_test_message ("panel minimum width: %d", min);
      g_assert_cmpint (min, <=, 340);
      pen_test_save_png (window, path);
      gtk_window_set_child (GTK_WINDOW (window), NULL);
      gtk_window_destroy (GTK_WINDOW (window));
      pen_test_flush ();
    }
}

/* The payment dialog's amounts, pre-filled with a cost, become the brew or buy it was opened
 * for: the card, the wizard and what was paid, as the rules read them */
static void
test_pay_dialog (void)
{
  static const struct
  {
    gboolean buy;
    const char *card;
    PenIngredient a, b;
    const char *json;
  } cases[] = {
    { FALSE, "triplet", PEN_INGREDIENT_CRYSTAL, PEN_INGREDIENT_FRUIT,
      "{\"action\":\"brew\",\"wizard\":1,\"card\":\"triplet\","
      "\"pay\":{\"crystal\":1,\"fruit\":2}}" },
    /* a purchase asks only its market's Ingredients (test_buy_currencies ()) */
    { TRUE, "wand-of-everwood", PEN_INGREDIENT_JEWEL, PEN_INGREDIENT_TRINKET,
      "{\"action\":\"buy\",\"wizard\":1,\"card\":\"wand-of-everwood\","
      "\"pay\":{\"jewel\":1,\"trinket\":2}}" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint cost[PEN_N_INGREDIENTS] = { 0, };
      PenRestPayDialog *dialog;
      guint pay[PEN_N_INGREDIENTS];
      g_autoptr(PenAction) action = NULL;
      g_autoptr(JsonNode) node = NULL;
      g_autofree char *text = NULL;

      cost[cases[i].a] = 1;
      cost[cases[i].b] = 2;
      dialog = pen_rest_pay_dialog_new (NULL, "Pay", "What was paid?", cost, cases[i].buy,
                                        cases[i].card);
      pen_rest_pay_dialog_get_pay (dialog, pay);
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        g_assert_cmpuint (pay[k], ==, cost[k]);
      g_assert_cmpstr (pen_rest_pay_dialog_get_card (dialog), ==, cases[i].card);
      g_assert_true (pen_rest_pay_dialog_get_buy (dialog) == cases[i].buy);
      action = pen_rest_pay_dialog_get_action (dialog, 1);
      g_assert_nonnull (action);
      node = pen_action_to_json (action);
      text = pen_json_to_string (node, FALSE);
      g_assert_cmpstr (text, ==, cases[i].json);
      gtk_window_destroy (GTK_WINDOW (dialog));
      pen_test_flush ();
    }
}

/* Buy One asks only what the card's market sells for, as the place dialog's Brewery and Shop
 * do: a Potion's Jewels (Locations › Brewery: "buy ready-made Potions … for Jewels"), an
 * Artifact's Jewels and Trinkets; and a Potion paid for in Crystals is refused by the rule,
 * which the table may overrule (play finding A4) */
static void
test_buy_currencies (void)
{
  static const struct { const char *card; const char *rows[3]; } cases[] = {
    { "Liquid Luck", { "Jewels", NULL } },
    { "Wand of Everwood", { "Jewels", "Trinkets", NULL } },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTablePage) page = NULL;
  GtkWidget *panel;

  g_assert_no_error (error);
  page = pen_test_table_page_new (game);
  panel = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_REST_PANEL);
  pen_test_rest_turn (game, page, TRUE);
  pen_test_flush ();
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GtkWidget *row = find_row (panel, cases[i].card);
      GListModel *toplevels = gtk_window_get_toplevels ();   /* transfer none */
      PenRestPayDialog *dialog = NULL;
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();
      guint n = 0;

      g_test_message ("%s", cases[i].card);
      g_assert_nonnull (row);
      g_signal_emit_by_name (pen_test_find_button (row, "Buy…"), "clicked");
      pen_test_flush ();
      for (guint k = 0; k < g_list_model_get_n_items (toplevels); k++)
        {
          g_autoptr(GObject) top = g_list_model_get_item (toplevels, k);

          if (PEN_IS_REST_PAY_DIALOG (top))
            dialog = PEN_REST_PAY_DIALOG (top);
        }
      g_assert_nonnull (dialog);
      pen_test_collect (GTK_WIDGET (dialog), PEN_TYPE_COUNT_ROW, rows);
      for (guint k = 0; k < rows->len; k++)
        {
          const char *title;

          if (!gtk_widget_get_visible (g_ptr_array_index (rows, k)))
            continue;
          title = adw_preferences_row_get_title (g_ptr_array_index (rows, k));
          g_assert_nonnull (cases[i].rows[n]);
          g_assert_cmpstr (title, ==, cases[i].rows[n]);
          n++;
        }
      g_assert_null (cases[i].rows[n]);
      gtk_window_destroy (GTK_WINDOW (dialog));
      pen_test_flush ();
    }

  /* the core refuses a Potion paid in Fruits by market-currency, and does it anyway when
   * told to */
  {
    g_autoptr(GError) refused = NULL;

    g_assert_false (pen_game_submit_json (game, "{\"action\": \"buy\", \"wizard\": 1, "
                                          "\"card\": \"liquid-luck\", \"pay\": "
                                          "{\"fruit\": 2}}", &refused));
    g_assert_error (refused, PEN_RULE_ERROR, PEN_RULE_MARKET_CURRENCY);
    g_assert_cmpstr (pen_rule_get_error_label (refused), ==,
                     "At the Brewery Potions are bought for Jewels only, not for 2 Fruits");
    run (game, "{\"action\": \"buy\", \"wizard\": 1, \"card\": \"liquid-luck\", "
               "\"pay\": {\"fruit\": 2}, \"override\": true}");
    g_assert_cmpint (pen_wizard_find_card (pen_table_get_wizard (pen_game_get_table (game), 1),
                                           "liquid-luck"), >=, 0);
  }
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  pen_turn_set_card_language ("en");

  g_test_add_func ("/penumbra/ui/rest/panel", test_rest_panel);
  g_test_add_func ("/penumbra/ui/rest/event", test_event_panel);
  g_test_add_func ("/penumbra/ui/rest/event-keeps-turn-buttons", test_event_keeps_turn_buttons);
  g_test_add_func ("/penumbra/ui/rest/buy-table-markets", test_buy_table_markets);
  g_test_add_func ("/penumbra/ui/rest/pay-dialog", test_pay_dialog);
  g_test_add_func ("/penumbra/ui/rest/buy-currencies", test_buy_currencies);
  g_test_add_func ("/penumbra/ui/rest/screenshots", test_screenshots);
  return g_test_run ();
}
