/* test-ui-wizards.c: the Wizard board's sections (PenWizardSection) follow their wizard: what
 * the wizard gains shows at once, what another wizard gains does not, and a section given
 * another wizard shows that one's. A section that culls (as the boards' do) draws nothing
 * below the fold of its scrolled window, and is drawn once scrolled into view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "pen-demo.h"
#include "pen-die-button.h"
#include "pen-wizard-card-row.h"
#include "pen-wizard-board.h"
#include "pen-wizard-cards.h"
#include "pen-wizard-dice.h"
#include "pen-wizards-page.h"
#include "pen-section.h"
#include "pen-test-gtk-utils.h"

static guint
count (GtkWidget *root,
       GType      type)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  pen_test_collect (root, type, found);
  return found->len;
}

static guint
n_items (GListModel *model)
{
  return g_list_model_get_n_items (model);
}

static void
submit (PenGame   *game,
        PenAction *action)
{
  g_autoptr(PenAction) owned = action;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (owned);
  g_assert_true (pen_game_submit (game, owned, &error));
  g_assert_no_error (error);
}

static void
notified_cb (guint *n)
{
  (*n)++;
}

static void
test_section_follows_wizard (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  PenTable *table;
  PenWizard *ann, *boris;
  GtkWidget *dice, *cards;
  guint notified = 0;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  ann = pen_table_get_wizard (table, 0);
  boris = pen_table_get_wizard (table, 1);
  dice = g_object_ref_sink (g_object_new (PEN_TYPE_WIZARD_DICE, "wizard", ann, NULL));
  cards = g_object_ref_sink (g_object_new (PEN_TYPE_WIZARD_CARDS, "wizard", ann, NULL));
  g_signal_connect_swapped (dice, "notify::wizard", G_CALLBACK (notified_cb), &notified);
  g_assert_true (pen_wizard_section_get_wizard (PEN_WIZARD_SECTION (dice)) == ann);
  g_assert_cmpuint (n_items (pen_wizard_get_supply (ann)),
                    !=, n_items (pen_wizard_get_supply (boris)));
  g_assert_cmpuint (count (dice, PEN_TYPE_DIE_BUTTON), ==, n_items (pen_wizard_get_supply (ann)));
  g_assert_cmpuint (count (cards, PEN_TYPE_WIZARD_CARD_ROW),
                    ==, n_items (pen_wizard_get_cards (ann)));

  /* another wizard: its dice and cards, one notify */
  g_object_set (dice, "wizard", boris, NULL);
  g_object_set (dice, "wizard", boris, NULL);
  g_object_set (cards, "wizard", boris, NULL);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (count (dice, PEN_TYPE_DIE_BUTTON),
                    ==, n_items (pen_wizard_get_supply (boris)));
  g_assert_cmpuint (count (cards, PEN_TYPE_WIZARD_CARD_ROW),
                    ==, n_items (pen_wizard_get_cards (boris)));

  /* Ann's gains leave them be; Boris's show */
  {
    guint boris_dice = n_items (pen_wizard_get_supply (boris));
    guint boris_cards = n_items (pen_wizard_get_cards (boris));

    submit (game, pen_action_new_die_gain (0, PEN_COLOR_RED, FALSE));
    g_assert_cmpuint (count (dice, PEN_TYPE_DIE_BUTTON), ==, boris_dice);
    submit (game, pen_action_new_die_gain (1, PEN_COLOR_RED, FALSE));
    g_assert_cmpuint (count (dice, PEN_TYPE_DIE_BUTTON), ==, boris_dice + 1);
    submit (game, pen_action_new_card_gain (1, "aranea", NULL));
    g_assert_cmpuint (n_items (pen_wizard_get_cards (boris)), ==, boris_cards + 1);
    g_assert_cmpuint (count (cards, PEN_TYPE_WIZARD_CARD_ROW), ==, boris_cards + 1);
  }

  /* no wizard: nothing shown, and "No dice" says so */
  g_object_set (dice, "wizard", NULL, NULL);
  g_assert_cmpuint (count (dice, PEN_TYPE_DIE_BUTTON), ==, 0);
  g_assert_true (pen_test_has_label (dice, "No dice: a Rest brings them back."));
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    gboolean shown = FALSE;

    pen_test_collect (dice, GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      if (g_str_equal (gtk_label_get_label (g_ptr_array_index (labels, i)),
                       "No dice: a Rest brings them back."))
        shown = gtk_widget_get_visible (g_ptr_array_index (labels, i));
    g_assert_true (shown);
  }
  g_assert_cmpuint (notified, ==, 2);
  /* the old wizard's list is let go: its changes reach nothing */
  submit (game, pen_action_new_die_gain (1, PEN_COLOR_BLUE, FALSE));
  g_assert_cmpuint (count (dice, PEN_TYPE_DIE_BUTTON), ==, 0);

  g_object_unref (dice);
  g_object_unref (cards);
}

/* ---- culling: a section with a probe inside that counts its snapshots ---- */

#define TEST_TYPE_PROBE (test_probe_get_type ())
G_DECLARE_FINAL_TYPE (TestProbe, test_probe, TEST, PROBE, GtkWidget)

struct _TestProbe
{
  GtkWidget parent_instance;
  guint     snapshots;
};

G_DEFINE_FINAL_TYPE (TestProbe, test_probe, GTK_TYPE_WIDGET)

static void
test_probe_snapshot (GtkWidget   *widget,
                     GtkSnapshot *snapshot)
{
  TEST_PROBE (widget)->snapshots++;
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.8, 0.2, 0.2, 1 },
                             &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                  gtk_widget_get_height (widget)));
}

static void
test_probe_class_init (TestProbeClass *klass)
{
  GTK_WIDGET_CLASS (klass)->snapshot = test_probe_snapshot;
}

static void
test_probe_init (TestProbe *self)
{
  gtk_widget_set_size_request (GTK_WIDGET (self), 60, 60);
}

#define TEST_TYPE_SECTION (test_section_get_type ())
G_DECLARE_FINAL_TYPE (TestSection, test_section, TEST, SECTION, PenSection)

struct _TestSection
{
  PenSection parent_instance;
};

G_DEFINE_FINAL_TYPE (TestSection, test_section, PEN_TYPE_SECTION)

static void
test_section_class_init (TestSectionClass *klass)
{
}

static void
test_section_init (TestSection *self)
{
}

static void
after_paint_cb (GdkFrameClock *clock,
                guint         *frames)
{
  (*frames)++;
}

/* Queues a redraw of the window and runs the main loop until a frame is painted */
static void
next_frame (GtkWidget *window,
            guint     *frames)
{
  guint before = *frames;

  gtk_widget_queue_draw (window);
  while (*frames == before)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_section_culls (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *spacer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *section = g_object_new (TEST_TYPE_SECTION, "cull", TRUE, NULL);
  TestProbe *probe = g_object_new (TEST_TYPE_PROBE, NULL);
  GtkAdjustment *vadj;
  GdkFrameClock *clock;
  guint frames = 0;

  gtk_widget_set_size_request (spacer, 100, 1000);
  adw_bin_set_child (ADW_BIN (section), GTK_WIDGET (probe));
  gtk_box_append (GTK_BOX (box), spacer);
  gtk_box_append (GTK_BOX (box), section);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), box);
  gtk_window_set_child (GTK_WINDOW (window), scrolled);
  gtk_window_set_default_size (GTK_WINDOW (window), 300, 300);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (section))
    g_main_context_iteration (NULL, TRUE);
  clock = gtk_widget_get_frame_clock (window);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &frames);
  next_frame (window, &frames);
  vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));

  /* 1,000 px below the top of a 300 px view: never drawn, even when it asks to be */
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), ==, 0);
  g_assert_cmpuint (probe->snapshots, ==, 0);
  gtk_widget_queue_draw (GTK_WIDGET (probe));
  next_frame (window, &frames);
  g_assert_cmpuint (probe->snapshots, ==, 0);

  /* scrolled into view: drawn in that frame */
  gtk_adjustment_set_value (vadj, 900);
  next_frame (window, &frames);
  g_assert_cmpuint (probe->snapshots, >=, 1);

  /* out of view again, then in view through a layout alone (the spacer above shrinks) */
  gtk_adjustment_set_value (vadj, 0);
  next_frame (window, &frames);
  probe->snapshots = 0;
  gtk_widget_queue_draw (GTK_WIDGET (probe));
  next_frame (window, &frames);
  g_assert_cmpuint (probe->snapshots, ==, 0);
  gtk_widget_set_size_request (spacer, 100, 100);
  next_frame (window, &frames);
  g_assert_cmpuint (probe->snapshots, >=, 1);

  /* a section that does not cull is drawn out of view too */
  gtk_widget_set_size_request (spacer, 100, 1000);
  next_frame (window, &frames);
  probe->snapshots = 0;
  gtk_widget_queue_draw (GTK_WIDGET (probe));
  next_frame (window, &frames);
  g_assert_cmpuint (probe->snapshots, ==, 0);
  g_object_set (section, "cull", FALSE, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (probe));
  next_frame (window, &frames);
  g_assert_cmpuint (probe->snapshots, >=, 1);

  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, &frames);
  gtk_window_destroy (GTK_WINDOW (window));
  pen_test_flush ();
}

/* Every item label of a menu, sections' and submenus' labels too, "|" after each */
static char *
menu_labels (GMenuModel *menu)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *label = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i,
                                                                  G_MENU_LINK_SECTION);

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        g_string_append_printf (s, "%s|", label);
      if (section != NULL)
        {
          g_autofree char *inner = menu_labels (section);

          g_string_append (s, inner);
        }
    }
  return g_string_free (s, FALSE);
}

/* A die's menu starts with "Place in a location" and "Discard" whatever the die shows: the
 * items that come and go with its value (Adjust) or the Crystals are below them, so a tap
 * aimed at one for a die never lands on the other for the next (play finding R6) */
static void
test_die_menu_stable (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  PenWizard *ann;
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autofree char *shape = NULL;
  GtkWidget *dice, *window;

  g_assert_no_error (error);
  ann = pen_table_get_wizard (pen_game_get_table (game), 0);
  /* a 1 and a 6 beside whatever the supply holds */
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"die-gain\", \"wizard\": 0, "
                                       "\"color\": \"red\", \"value\": 1}", &error));
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"die-gain\", \"wizard\": 0, "
                                       "\"color\": \"red\", \"value\": 6}", &error));
  dice = g_object_new (PEN_TYPE_WIZARD_DICE, "wizard", ann, NULL);
  window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), dice);
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();
  pen_test_collect (dice, PEN_TYPE_DIE_BUTTON, buttons);
  g_assert_cmpuint (buttons->len, ==, n_items (pen_wizard_get_supply (ann)));
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkMenuButton *button = GTK_MENU_BUTTON (pen_test_find_first (g_ptr_array_index (buttons,
                                                                                       i),
                                                                    GTK_TYPE_MENU_BUTTON));
      GMenuModel *menu, *first;
      g_autofree char *place = NULL, *discard = NULL;

      gtk_menu_button_popup (button);
      pen_test_flush ();
      menu = gtk_menu_button_get_menu_model (button);
      g_assert_nonnull (menu);
      first = g_menu_model_get_item_link (menu, 0, G_MENU_LINK_SECTION);
      g_assert_nonnull (first);
      g_assert_true (g_menu_model_get_item_attribute (first, 0, G_MENU_ATTRIBUTE_LABEL, "s",
                                                      &place));
      g_assert_true (g_menu_model_get_item_attribute (first, 1, G_MENU_ATTRIBUTE_LABEL, "s",
                                                      &discard));
      g_assert_cmpstr (place, ==, "Place in a location");
      g_assert_cmpstr (discard, ==, "Discard");
      g_object_unref (first);
      /* and the whole menu is the same for every die: the popover opens above the die, so
       * an item missing for a 1 or a 6 would move every item above it (play finding P6) */
      {
        g_autofree char *labels = menu_labels (menu);

        if (i == 0)
          shape = g_strdup (labels);
        g_assert_cmpstr (labels, ==, shape);
        g_assert_nonnull (strstr (labels, "Adjust +1|Adjust −1|"));
        g_assert_nonnull (strstr (labels, "Pay with Crystals"));
      }
      gtk_menu_button_popdown (button);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* When a wizard's turn comes, the Wizards page brings their board into view (below the fold at
 * a phone's size); within the turn it stays where the user scrolled it (play finding P3) */
static void
test_page_follows_turn (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  PenTable *table;
  GtkWidget *page, *window;
  GtkAdjustment *adj;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  page = g_object_new (PEN_TYPE_WIZARDS_PAGE, "game", game, NULL);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 500);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  pen_test_wait_frames (5);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (
                                               pen_test_find_first (page,
                                                                    GTK_TYPE_SCROLLED_WINDOW)));
  /* the first wizard's turn ends: the next one's board, below the first, comes up */
  while (pen_table_get_current (table) == 0)
    g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-end\"}", &error));
  g_assert_cmpuint (pen_table_get_current (table), ==, 1);
  gtk_adjustment_set_value (adj, 0);
  pen_test_wait_frames (5);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, 100);
  /* scrolled back by the user within the turn: left there */
  gtk_adjustment_set_value (adj, 0);
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", \"kind\": "
                                       "\"rest\"}", &error));
  pen_test_wait_frames (5);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether the board of wizard i is in the page's view: its top inside, and the whole board
 * or, one taller than the view, three quarters of the view */
static gboolean
board_in_view (GtkWidget *page,
               guint      i)
{
  g_autoptr(GPtrArray) boards = g_ptr_array_new ();
  GtkWidget *scroller = pen_test_find_first (page, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *board;
  graphene_point_t p;
  double view = gtk_widget_get_height (scroller), h, seen;

  pen_test_collect (page, PEN_TYPE_WIZARD_BOARD, boards);
  g_assert_cmpuint (i, <, boards->len);
  board = g_ptr_array_index (boards, i);
  h = gtk_widget_get_height (board);
  g_assert_cmpfloat (h, >, 0);
  /* in the scrolled window's own coordinates: what is scrolled out lies outside 0..view */
  g_assert_true (gtk_widget_compute_point (board, scroller, &GRAPHENE_POINT_INIT (0, 0), &p));
  seen = MIN (p.y + h, view) - MAX (p.y, 0);
  g_test_message ("board %u: top %.0f, height %.0f, view %.0f", i, p.y, h, view);
  return p.y >= 0 && p.y < view && seen >= MIN (h, view * 3 / 4);
}

/* The wizard whose turn it is studies and ends the turn; the next one's comes */
static void
pass_turn (PenGame *game)
{
  PenTable *table = pen_game_get_table (game);
  guint n = pen_table_get_n_players (table), next = (pen_table_get_current (table) + 1) % n;

  submit (game, pen_action_new_turn_start (PEN_TURN_STUDY));
  submit (game, pen_action_new_turn_end (NULL, NULL));
  g_assert_cmpuint (pen_table_get_current (table), ==, next);
}

/* Play finding R17: on turn 7 of a four-player game at 360×720 the page showed another
 * wizard's board, the current one's two screens down (the page measured the board from the
 * view, scrolled already, as if from the top of the page). Whenever the turn passes, and when
 * the page is shown after it passed, the current wizard's board is in view; the focus stays
 * where it was. */
static void
test_page_follows_turn_four (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  GtkWidget *page, *window, *stack, *other, *focus;
  GtkAdjustment *adj;
  const char *shot = g_getenv ("PEN_WIZARDS_SHOT");

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", "
                                       "\"Bo\", \"Cy\", \"Di\"], \"seed\": 4, \"mode\": \"app\", "
                                       "\"ready_made\": true}", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pen_table_get_n_players (pen_game_get_table (game)), ==, 4);
  page = g_object_new (PEN_TYPE_WIZARDS_PAGE, "game", game, NULL);
  other = gtk_label_new ("Another page");
  gtk_widget_set_focusable (other, TRUE);
  stack = gtk_stack_new ();
  gtk_stack_add_named (GTK_STACK (stack), page, "wizards");
  gtk_stack_add_named (GTK_STACK (stack), other, "other");
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
  gtk_window_set_child (GTK_WINDOW (window), stack);
  gtk_window_present (GTK_WINDOW (window));
  pen_test_wait_frames (5);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (
                                               pen_test_find_first (page,
                                                                    GTK_TYPE_SCROLLED_WINDOW)));
  g_assert_true (board_in_view (page, 0));
  /* the focus on Ann's board (a tap there) stays there */
  focus = pen_test_find_first (page, GTK_TYPE_BUTTON);
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_grab_focus (focus));
  /* six turns end: on the seventh it is Cy's; the page follows each one */
  for (guint turn = 2; turn <= 7; turn++)
    {
      pass_turn (game);
      pen_test_wait_frames (5);
      if (turn == 7 && shot != NULL)
        pen_test_save_png (window, shot);
      g_assert_true (board_in_view (page, (turn - 1) % 4));
      g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == focus);
    }
  /* scrolled away within the turn: left there whatever Cy does, and the next turn brings Di's
   * board */
  gtk_adjustment_set_value (adj, 0);
  pen_test_wait_frames (5);
  submit (game, pen_action_new_die_gain (2, PEN_COLOR_RED, FALSE));
  pen_test_wait_frames (5);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0);
  g_assert_false (board_in_view (page, 2));
  pass_turn (game);
  pen_test_wait_frames (5);
  g_assert_true (board_in_view (page, 3));
  /* two turns pass while another page is shown: Bo's board is in view when the page is */
  gtk_stack_set_visible_child (GTK_STACK (stack), other);
  pen_test_wait_frames (3);
  pass_turn (game);
  pass_turn (game);
  pen_test_wait_frames (3);
  gtk_stack_set_visible_child (GTK_STACK (stack), page);
  pen_test_wait_frames (5);
  g_assert_true (board_in_view (page, 1));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The die buttons of every board, where they are in widget `on` */
static GArray *
dice_bounds (GtkWidget *page,
             GtkWidget *on)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GArray *bounds = g_array_new (FALSE, FALSE, sizeof (graphene_rect_t));

  pen_test_collect (page, PEN_TYPE_DIE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      graphene_rect_t r;

      g_assert_true (gtk_widget_compute_bounds (g_ptr_array_index (buttons, i), on, &r));
      g_array_append_val (bounds, r);
    }
  return bounds;
}

static void
assert_same_bounds (GArray *before,
                    GArray *after)
{
  g_assert_cmpuint (after->len, ==, before->len);
  for (guint i = 0; i < before->len; i++)
    {
      graphene_rect_t *a = &g_array_index (before, graphene_rect_t, i);
      graphene_rect_t *b = &g_array_index (after, graphene_rect_t, i);

      g_test_message ("die %u: %.0f,%.0f → %.0f,%.0f", i, a->origin.x, a->origin.y,
                      b->origin.x, b->origin.y);
      g_assert_true (graphene_rect_equal (a, b));
    }
}

/* Play finding Q2: at 1280×800 (two boards side by side) the turn badge leaving one board for
 * the next moved one board's dice up and the other's down, and a tap aimed at a die missed.
 * What the table taps stays where it is on the page when the turn passes; at a phone's size,
 * where the page scrolls to the next board (on purpose: P3, R17), where it is in the
 * scrolled content. */
static void
test_page_still_when_turn_passes (gconstpointer data)
{
  const int *size = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GArray) before = NULL;
  PenTable *table;
  GtkWidget *page, *window, *on;

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", "
                                       "\"Ben\"], \"seed\": 4, \"mode\": \"app\", "
                                       "\"ready_made\": true}", &error));
  g_assert_no_error (error);
  table = pen_game_get_table (game);
  page = g_object_new (PEN_TYPE_WIZARDS_PAGE, "game", game, NULL);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), size[0], size[1]);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  on = page;
  if (size[0] < 560)
    on = gtk_viewport_get_child (GTK_VIEWPORT (gtk_scrolled_window_get_child (
                                                 GTK_SCROLLED_WINDOW (pen_test_find_first (
                                                   page, GTK_TYPE_SCROLLED_WINDOW)))));
  /* Ann studies: her board has the badge */
  submit (game, pen_action_new_turn_start (PEN_TURN_STUDY));
  pen_test_wait_frames (5);
  before = dice_bounds (page, on);
  g_assert_cmpuint (before->len, >, 0);
  /* her turn ends: Ben's comes, and he studies */
  submit (game, pen_action_new_turn_end (NULL, NULL));
  g_assert_cmpuint (pen_table_get_current (table), ==, 1);
  pen_test_wait_frames (5);
  {
    g_autoptr(GArray) after = dice_bounds (page, on);
    assert_same_bounds (before, after);
  }
  submit (game, pen_action_new_turn_start (PEN_TURN_STUDY));
  pen_test_wait_frames (5);
  {
    g_autoptr(GArray) after = dice_bounds (page, on);
    assert_same_bounds (before, after);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkEventControllerKey *
keep_still_keys (GtkWidget *window)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (window);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (c), "pen-keep-scroll-still") == 0)
        return GTK_EVENT_CONTROLLER_KEY (c);
    }
  return NULL;
}

/* The page never moves by itself under the player's finger (play findings P6b, T9): a tap on a
 * die partly under the fold gives its button the focus, the pointer over the die's menu gives
 * each item the focus, the menu closed gives the button the focus back; GTK's viewport
 * scrolled to each. Only a focus moved by a navigation key brings its widget into view. */
static void
test_page_keeps_still (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GtkWidget *page, *window, *scroller, *content, *toggle, *item = NULL, *last = NULL;
  GtkMenuButton *menu;
  GtkEventControllerKey *keys;
  GtkAdjustment *adj;
  graphene_rect_t bounds;
  gboolean handled = FALSE;
  double value;

  g_assert_no_error (error);
  /* GTK's viewport then scrolls at once, not over frames */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  page = g_object_new (PEN_TYPE_WIZARDS_PAGE, "game", game, NULL);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 500);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  pen_test_wait_frames (5);
  scroller = pen_test_find_first (page, GTK_TYPE_SCROLLED_WINDOW);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  content = gtk_viewport_get_child (GTK_VIEWPORT (gtk_scrolled_window_get_child (
                                                    GTK_SCROLLED_WINDOW (scroller))));
  pen_test_collect (page, PEN_TYPE_DIE_BUTTON, buttons);
  g_assert_cmpuint (buttons->len, >, 0);
  menu = GTK_MENU_BUTTON (pen_test_find_first (g_ptr_array_index (buttons, 0),
                                               GTK_TYPE_MENU_BUTTON));
  toggle = pen_test_find_first (GTK_WIDGET (menu), GTK_TYPE_TOGGLE_BUTTON);
  g_assert_nonnull (toggle);

  /* the die's top 10 px over the top of the view */
  g_assert_true (gtk_widget_compute_bounds (toggle, content, &bounds));
  gtk_adjustment_set_value (adj, bounds.origin.y + 10);
  pen_test_wait_frames (3);
  value = gtk_adjustment_get_value (adj);
  g_assert_cmpfloat (value, ==, bounds.origin.y + 10);

  /* the tap */
  gtk_widget_grab_focus (toggle);
  pen_test_wait_frames (3);
  g_assert_true (gtk_widget_has_focus (toggle));
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, value);
  /* the menu, the pointer over its items */
  gtk_menu_button_popup (menu);
  pen_test_wait_frames (3);
  {
    g_autoptr(GPtrArray) items = g_ptr_array_new ();

    pen_test_collect (GTK_WIDGET (gtk_menu_button_get_popover (menu)),
                      g_type_from_name ("GtkModelButton"), items);
    g_assert_cmpuint (items->len, >, 4);
    item = g_ptr_array_index (items, 0);
    last = g_ptr_array_index (items, items->len - 1);
  }
  gtk_widget_grab_focus (item);
  pen_test_wait_frames (3);
  gtk_widget_grab_focus (last);
  pen_test_wait_frames (3);
  g_assert_true (gtk_widget_has_focus (last));
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, value);
  /* the menu closed: the focus back on the die */
  gtk_menu_button_popdown (menu);
  gtk_widget_grab_focus (toggle);
  pen_test_wait_frames (3);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, value);

  /* Tab onto the die (what the window does while the key is handled): it comes into view */
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  keys = keep_still_keys (window);
  g_assert_nonnull (keys);
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Tab, 0, 0, &handled);
  gtk_widget_grab_focus (toggle);
  pen_test_wait_frames (3);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, bounds.origin.y);
  /* the key handled, a focus moved otherwise does not scroll */
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  gtk_adjustment_set_value (adj, value);
  pen_test_wait_frames (3);
  gtk_widget_grab_focus (toggle);
  pen_test_wait_frames (3);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, value);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
}

/* At 360×720 (one board a line) each board is as tall as it is: a wizard with fewer cards
 * kept the tallest board's height, ~130 px empty under its Cards (play finding E8, session
 * 14); side by side (1280 px) the boards of a line are still as tall as each other */
static void
test_boards_own_height (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  GtkWidget *page, *window, *flow;
  const int widths[] = { 360, 1280 };

  g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", "
                                       "\"Bo\", \"Cy\"], \"seed\": 4, \"mode\": \"app\", "
                                       "\"ready_made\": true}", &error));
  g_assert_no_error (error);
  for (guint i = 27; i <= 31; i++)
    {
      g_autofree char *json = g_strdup_printf ("{\"action\": \"card-gain\", \"wizard\": 1, "
                                               "\"card\": \"artifact#%u\"}", i);

      pen_test_run (game, json);
    }
  page = g_object_new (PEN_TYPE_WIZARDS_PAGE, "game", game, NULL);
  window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), page);
  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      int first = -1;

      gtk_window_set_default_size (GTK_WINDOW (window), widths[w], 720);
      gtk_window_present (GTK_WINDOW (window));
      pen_test_wait_frames (8);
      {
        g_autoptr(GPtrArray) flows = g_ptr_array_new ();

        flow = NULL;
        pen_test_collect (page, GTK_TYPE_FLOW_BOX, flows);
        for (guint i = 0; i < flows->len; i++)
          if (gtk_widget_has_css_class (flows->pdata[i], "boards"))
            flow = flows->pdata[i];
        g_assert_nonnull (flow);
      }
      g_assert_nonnull (gtk_widget_get_first_child (flow));
      for (GtkWidget *child = gtk_widget_get_first_child (flow); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          GtkWidget *board = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
          int min = 0;

          gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (child),
                              &min, NULL, NULL, NULL);
          g_test_message ("%d px: a board %d px tall, %d px its own", widths[w],
                          gtk_widget_get_height (child), min);
          /* (measured for its width without the child's CSS margins: a few pixels apart) */
          if (widths[w] == 360)
            g_assert_cmpint (ABS (gtk_widget_get_height (child) - min), <=, 12);
          else if (first < 0)
            first = gtk_widget_get_height (child);
          else
            g_assert_cmpint (gtk_widget_get_height (child), ==, first);
          g_assert_true (PEN_IS_WIZARD_BOARD (board));
        }
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  static const int wide[] = { 1280, 800 }, narrow[] = { 360, 720 };

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/penumbra/ui/wizards/section-follows-wizard", test_section_follows_wizard);
  g_test_add_func ("/penumbra/ui/wizards/section-culls", test_section_culls);
  g_test_add_func ("/penumbra/ui/wizards/die-menu-stable", test_die_menu_stable);
  g_test_add_func ("/penumbra/ui/wizards/page-follows-turn", test_page_follows_turn);
  g_test_add_func ("/penumbra/ui/wizards/page-keeps-still", test_page_keeps_still);
  g_test_add_func ("/penumbra/ui/wizards/page-follows-turn-four", test_page_follows_turn_four);
  g_test_add_func ("/penumbra/ui/wizards/boards-own-height", test_boards_own_height);
  g_test_add_data_func ("/penumbra/ui/wizards/page-still-when-turn-passes/wide", wide,
                        test_page_still_when_turn_passes);
  g_test_add_data_func ("/penumbra/ui/wizards/page-still-when-turn-passes/narrow", narrow,
                        test_page_still_when_turn_passes);
  return g_test_run ();
}
