/* test-end-form.c: the end-of-game sheet's form, without a display: what it lists, that the
 * answers stay when the list changes, the checks and the actions it makes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "game-test-common.h"
#include "pen-catalog.h"
#include "pen-end-form.h"
#include "pen-show.h"
#include "pen-wizard.h"
#include "pen-test-utils.h"

static char *tmp_dir;

static void
submit_all (PenGame   *game,
            GPtrArray *actions)
{
  for (guint i = 0; i < actions->len; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!pen_game_submit (game, g_ptr_array_index (actions, i), &error))
        g_error ("refused: %s", error->message);
    }
}

/* The items of the sheet but the board cells (test_board_cells has them) */
static guint
n_card_items (PenEndForm *form)
{
  guint n = 0;

  for (guint i = 0; i < pen_end_form_get_n_items (form); i++)
    n += pen_end_form_get_kind (form, i) != PEN_END_ITEM_CELL;
  return n;
}

static char *
action_text (PenAction *action)
{
  g_autoptr(JsonNode) node = pen_action_to_json (action);

  return pen_json_to_string (node, FALSE);
}

/* Ann holds a Trial and an unnamed Contract, Bo a Contract whose Darkness is not printed in
 * the book; Mastery is in effect */
static PenGame *
end_game (void)
{
  PenGame *game = pen_game_new ();

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 3, "
                "\"setup\": {\"prophecies\": [\"end-of-time\"], \"trial_row\": [\"goldeater\"], "
                "\"fate_deck\": [\"mastery\", \"wildwood\"]}}");
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"aranea\", "
                "\"zone\": \"experience\"}");
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 0, \"card\": \"contract#30\", "
                "\"zone\": \"experience\"}");
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 1, \"card\": \"sorcerous-prison\", "
                "\"zone\": \"experience\"}");
  pen_test_run (game, "{\"action\": \"fate-reveal\", \"card\": \"mastery\"}");
  return game;
}

static void
test_lists_and_keeps (void)
{
  g_autoptr(PenGame) game = end_game ();
  g_autoptr(PenEndForm) form = pen_end_form_new ();
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(GError) error = NULL;
  PenTable *table = pen_game_get_table (game);
  PenCatalog *catalog = pen_catalog_get_default ();
  int aranea, unnamed, prison, goal_ann, goal_bo;
  guint bo_dark = pen_wizard_get_dark (pen_table_get_wizard (table, 1));

  g_assert_true (pen_end_form_update (form, table));
  /* a second look at the same table changes nothing */
  g_assert_false (pen_end_form_update (form, table));

  aranea = pen_end_form_find (form, PEN_END_ITEM_CARD, "aranea", -1);
  unnamed = pen_end_form_find (form, PEN_END_ITEM_NAME, "contract#30", -1);
  prison = pen_end_form_find (form, PEN_END_ITEM_CARD, "sorcerous-prison", -1);
  goal_ann = pen_end_form_find (form, PEN_END_ITEM_GOAL, "mastery", 0);
  goal_bo = pen_end_form_find (form, PEN_END_ITEM_GOAL, "mastery", 1);
  g_assert_cmpint (aranea, >=, 0);
  g_assert_cmpint (unnamed, >, aranea);
  g_assert_cmpint (prison, >, unnamed);
  g_assert_cmpint (goal_ann, >, prison);
  g_assert_cmpint (goal_bo, ==, goal_ann + 1);
  g_assert_cmpuint (n_card_items (form), ==, 5);
  g_assert_cmpint (pen_end_form_get_wizard (form, prison), ==, 1);

  /* each asks what its card lacks: a Trial's Light is printed (aranea 1) but not its points;
   * the Contract's Light is 0, its Darkness unknown; the unnamed card is named first */
  g_assert_true (pen_end_form_asks (form, aranea, "vp"));
  g_assert_true (pen_end_form_asks (form, aranea, "symbols"));
  g_assert_false (pen_end_form_asks (form, aranea, "light"));
  g_assert_true (pen_end_form_asks (form, prison, "dark"));
  g_assert_false (pen_end_form_asks (form, prison, "light"));
  g_assert_false (pen_end_form_asks (form, unnamed, "vp"));
  g_assert_false (pen_end_form_asks (form, unnamed, "symbols"));
  g_assert_true (pen_end_form_asks (form, goal_ann, "vp"));
  g_assert_cmpstr (pen_end_form_get_text (form, goal_ann, "vp"), ==, "");

  pen_end_form_set_text (form, aranea, "vp", "3");
  pen_end_form_set_symbol (form, aranea, PEN_SYMBOL_MONSTERS, TRUE);
  pen_end_form_set_text (form, prison, "dark", "1");
  pen_end_form_set_text (form, goal_ann, "vp", "4");

  /* the unnamed card is named (the naming dialog's action): the list changes, the answers stay */
  {
    g_autoptr(PenAction) name = pen_action_new_card_identify ("contract#30", "scarlet-pact");

    g_assert_true (pen_game_submit (game, name, &error));
    g_assert_no_error (error);
  }
  g_assert_true (pen_end_form_update (form, table));
  g_assert_cmpint (pen_end_form_find (form, PEN_END_ITEM_NAME, "contract#30", -1), ==, -1);
  g_assert_cmpint (pen_end_form_find (form, PEN_END_ITEM_CARD, "scarlet-pact", -1), >=, 0);
  aranea = pen_end_form_find (form, PEN_END_ITEM_CARD, "aranea", -1);
  prison = pen_end_form_find (form, PEN_END_ITEM_CARD, "sorcerous-prison", -1);
  goal_ann = pen_end_form_find (form, PEN_END_ITEM_GOAL, "mastery", 0);
  g_assert_cmpstr (pen_end_form_get_text (form, aranea, "vp"), ==, "3");
  g_assert_true (pen_end_form_get_symbol (form, aranea, PEN_SYMBOL_MONSTERS));
  g_assert_false (pen_end_form_get_symbol (form, aranea, PEN_SYMBOL_WILDS));
  g_assert_cmpstr (pen_end_form_get_text (form, prison, "dark"), ==, "1");
  g_assert_cmpstr (pen_end_form_get_text (form, goal_ann, "vp"), ==, "4");

  /* a typo keeps everything back, named by card and field */
  pen_end_form_set_text (form, prison, "vp", "two");
  g_assert_false (pen_end_form_check_item (form, prison, NULL));
  g_assert_true (pen_end_form_check_item (form, aranea, NULL));
  actions = pen_end_form_to_actions (form, &error);
  g_assert_null (actions);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "cards.sorcerous-prison.vp"));
  g_clear_error (&error);
  pen_end_form_set_text (form, prison, "vp", " 2 ");

  /* one action per card answered (none for the Contract left blank), then the Goal */
  actions = pen_end_form_to_actions (form, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (actions->len, ==, 3);
  {
    g_autofree char *first = action_text (g_ptr_array_index (actions, 0));
    g_autofree char *last = action_text (g_ptr_array_index (actions, 2));

    g_assert_cmpstr (first, ==, "{\"action\":\"card-identify\",\"card\":\"aranea\","
                                "\"values\":{\"vp\":3,\"symbols\":[\"monsters\"]}}");
    g_assert_cmpstr (last, ==, "{\"action\":\"goal-vp\",\"wizard\":0,\"goal\":\"mastery\","
                               "\"vp\":4}");
  }
  submit_all (game, actions);
  g_assert_cmpint (pen_card_get_vp (pen_catalog_lookup (catalog, "aranea")), ==, 3);
  g_assert_cmpuint (pen_card_count_symbol (pen_catalog_lookup (catalog, "aranea"),
                                           PEN_SYMBOL_MONSTERS), ==, 1);
  g_assert_cmpint (pen_card_get_vp (pen_catalog_lookup (catalog, "sorcerous-prison")), ==, 2);
  g_assert_cmpint (pen_card_get_dark (pen_catalog_lookup (catalog, "sorcerous-prison")), ==, 1);
  /* the Darkness now known is Bo's, as taking the Contract would have given it */
  g_assert_cmpuint (pen_wizard_get_dark (pen_table_get_wizard (table, 1)), ==, bo_dark + 1);
  {
    int vp = -1;

    g_assert_true (pen_wizard_get_goal_vp (pen_table_get_wizard (table, 0), "mastery", &vp));
    g_assert_cmpint (vp, ==, 4);
  }

  /* nothing left to ask is never listed: not the Trial, not Ann's Goal; Bo's Goal stays */
  g_assert_true (pen_end_form_update (form, table));
  g_assert_cmpint (pen_end_form_find (form, PEN_END_ITEM_CARD, "aranea", -1), ==, -1);
  prison = pen_end_form_find (form, PEN_END_ITEM_CARD, "sorcerous-prison", -1);
  g_assert_cmpint (prison, >=, 0);
  g_assert_false (pen_end_form_asks (form, prison, "vp"));
  g_assert_false (pen_end_form_asks (form, prison, "dark"));
  g_assert_true (pen_end_form_asks (form, prison, "symbols"));
  g_assert_cmpint (pen_end_form_find (form, PEN_END_ITEM_GOAL, "mastery", 0), ==, -1);
  g_assert_cmpint (pen_end_form_find (form, PEN_END_ITEM_GOAL, "mastery", 1), >=, 0);
  g_clear_pointer (&actions, g_ptr_array_unref);
  actions = pen_end_form_to_actions (form, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (actions->len, ==, 0);
}

/* A Goal whose points were entered before (on the Score page) is not asked again; an empty
 * field sends nothing */
static void
test_goal_before (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenEndForm) form = pen_end_form_new ();
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(GError) error = NULL;
  int goal;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 4, "
                "\"setup\": {\"prophecies\": [\"end-of-time\"], \"trial_row\": [\"goldeater\"], "
                "\"fate_deck\": [\"mastery\", \"wildwood\"]}}");
  pen_test_run (game, "{\"action\": \"fate-reveal\", \"card\": \"mastery\"}");
  pen_test_run (game, "{\"action\": \"goal-vp\", \"wizard\": 1, \"goal\": \"mastery\", \"vp\": 2}");
  pen_end_form_update (form, pen_game_get_table (game));
  g_assert_cmpint (pen_end_form_find (form, PEN_END_ITEM_GOAL, "mastery", 1), ==, -1);
  goal = pen_end_form_find (form, PEN_END_ITEM_GOAL, "mastery", 0);
  g_assert_cmpint (goal, >=, 0);
  g_assert_cmpuint (n_card_items (form), ==, 1);
  g_assert_cmpstr (pen_end_form_get_text (form, goal, "vp"), ==, "");
  actions = pen_end_form_to_actions (form, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (actions->len, ==, 0);
  /* undone: asked again */
  g_assert_true (pen_game_undo (game));
  g_assert_true (pen_end_form_update (form, pen_game_get_table (game)));
  g_assert_cmpint (pen_end_form_find (form, PEN_END_ITEM_GOAL, "mastery", 1), >=, 0);
  /* no game: nothing to ask */
  g_assert_true (pen_end_form_update (form, NULL));
  g_assert_cmpuint (n_card_items (form), ==, 0);
}

/* Each number in its own range */
static void
test_ranges (void)
{
  static const struct
  {
    const char *field;
    const char *text;
    gboolean    ok;
  } cases[] = {
    { "vp", "-20", TRUE }, { "vp", "50", TRUE }, { "vp", "51", FALSE }, { "vp", "-21", FALSE },
    { "dark", "9", TRUE }, { "dark", "10", FALSE }, { "dark", "-1", FALSE },
    { "dark", "", TRUE }, { "dark", "1x", FALSE },
  };
  g_autoptr(PenGame) game = end_game ();
  g_autoptr(PenEndForm) form = pen_end_form_new ();
  int prison, goal;

  pen_end_form_update (form, pen_game_get_table (game));
  prison = pen_end_form_find (form, PEN_END_ITEM_CARD, "sorcerous-prison", -1);
  goal = pen_end_form_find (form, PEN_END_ITEM_GOAL, "mastery", 0);
  g_assert_cmpint (prison, >=, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;

      g_test_message ("case %u: %s “%s”", i, cases[i].field, cases[i].text);
      pen_end_form_set_text (form, prison, "vp", "");
      pen_end_form_set_text (form, prison, "dark", "");
      pen_end_form_set_text (form, prison, cases[i].field, cases[i].text);
      g_assert_cmpint (pen_end_form_check_item (form, prison, &error), ==, cases[i].ok);
      if (!cases[i].ok)
        g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
    }
  pen_end_form_set_text (form, goal, "vp", "100");
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (pen_end_form_check_item (form, goal, &error));
    g_assert_nonnull (strstr (error->message, "wizards[0].goals.mastery"));
  }
  pen_end_form_set_text (form, goal, "vp", "99");
  g_assert_true (pen_end_form_check_item (form, goal, NULL));
}

/* A Trial passed by the path of Darkness whose Darkness the book does not print: the form asks
 * its Darkness, never its Light, and the answer moves the passer's Darkness by exactly that */
static void
test_trial_path (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenEndForm) form = pen_end_form_new ();
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(GError) error = NULL;
  PenTable *table;
  PenWizard *bo;
  guint light, dark;
  int i;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 5, "
                "\"setup\": {\"prophecies\": [\"end-of-time\"], \"trial_row\": [\"gloomy-lady\"], "
                "\"fate_deck\": [\"wildwood\", \"aranea\"]}}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  pen_test_run (game, "{\"action\": \"turn-end\"}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  pen_test_run (game, "{\"action\": \"threat\", \"wizard\": 1, \"count\": 0}");
  pen_test_run (game, "{\"action\": \"trial-take\", \"wizard\": 1, \"index\": 0, "
                "\"path\": \"dark\"}");
  table = pen_game_get_table (game);
  bo = pen_table_get_wizard (table, 1);
  light = pen_wizard_get_light (bo);
  dark = pen_wizard_get_dark (bo);

  pen_end_form_update (form, table);
  i = pen_end_form_find (form, PEN_END_ITEM_CARD, "gloomy-lady", -1);
  g_assert_cmpint (i, >=, 0);
  g_assert_cmpint (pen_end_form_get_wizard (form, i), ==, 1);
  g_assert_true (pen_end_form_asks (form, i, "dark"));
  g_assert_false (pen_end_form_asks (form, i, "light"));
  /* out of range: refused, naming the card and the field */
  pen_end_form_set_text (form, i, "dark", "12");
  g_assert_false (pen_end_form_check (form, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "cards.gloomy-lady.dark"));
  g_clear_error (&error);
  pen_end_form_set_text (form, i, "dark", "3");
  actions = pen_end_form_to_actions (form, &error);
  g_assert_no_error (error);
  submit_all (game, actions);
  g_assert_cmpuint (pen_wizard_get_dark (bo), ==, dark + 3);
  g_assert_cmpuint (pen_wizard_get_light (bo), ==, light);
  /* answered: not asked again */
  pen_end_form_update (form, table);
  i = pen_end_form_find (form, PEN_END_ITEM_CARD, "gloomy-lady", -1);
  g_assert_true (i < 0 || !pen_end_form_asks (form, i, "dark"));
}

/* The board cells under Marks whose points the rulebook does not print are on the same sheet,
 * once each, whoever has Marks there; typed in, they go to the user's board file, and the score
 * counts them; then the sheet asks nothing more */
static void
test_board_cells (void)
{
  g_autoptr(PenGame) game = end_game ();
  g_autoptr(PenEndForm) form = pen_end_form_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PenScoreSheet) before = NULL, after = NULL;
  PenTable *table = pen_game_get_table (game);
  PenBoardLayout *layout = pen_board_layout_get_default ();
  PenMark *ann_mark, *bo_mark;
  guint cell, n_cells = 0;
  int item;

  pen_test_run (game, "{\"action\": \"mark-gain\", \"wizard\": 0, \"kind\": \"ruby\"}");
  pen_test_run (game, "{\"action\": \"mark-gain\", \"wizard\": 1, \"kind\": \"ruby\"}");
  ann_mark = pen_wizard_get_mark_in_cell (pen_table_get_wizard (table, 0), 0);
  bo_mark = pen_wizard_get_mark_in_cell (pen_table_get_wizard (table, 1), 0);
  g_assert_nonnull (ann_mark);
  g_assert_nonnull (bo_mark);
  cell = pen_mark_get_cell (ann_mark);
  g_assert_cmpint (pen_board_layout_get_vp (layout, cell), <, 0);
  before = pen_show_score (table);

  g_assert_true (pen_end_form_update (form, table));
  for (guint i = 0; i < pen_end_form_get_n_items (form); i++)
    n_cells += pen_end_form_get_cell (form, i) == (int) cell;
  /* both Ruby Marks are on the same cell: asked once, after the cards and the Goals */
  g_assert_cmpuint (n_cells, ==, 1);
  item = pen_end_form_find_cell (form, cell);
  g_assert_cmpint (item, >=, (int) n_card_items (form));
  g_assert_cmpint (pen_end_form_find_cell (form, cell), ==, item);
  g_assert_cmpint (pen_end_form_get_cell (form, item), ==, (int) cell);
  g_assert_cmpint (pen_end_form_get_wizard (form, item), ==, -1);
  g_assert_true (pen_end_form_asks (form, item, "vp"));
  g_assert_false (pen_end_form_asks (form, item, "symbols"));
  g_assert_cmpint (pen_end_form_get_cell (form, 0), ==, -1);

  /* its range is the board's: 0–50 */
  pen_end_form_set_text (form, item, "vp", "51");
  g_assert_false (pen_end_form_check_field (form, item, "vp", &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "board.cells["));
  g_clear_error (&error);
  g_assert_false (pen_end_form_store_cells (form, layout, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (pen_board_layout_get_vp (layout, cell), <, 0);

  /* no action for the game: the board file remembers it */
  pen_end_form_set_text (form, item, "vp", "3");
  {
    g_autoptr(GPtrArray) actions = pen_end_form_to_actions (form, &error);

    g_assert_no_error (error);
    for (guint i = 0; i < actions->len; i++)
      {
        g_autofree char *text = action_text (g_ptr_array_index (actions, i));
        g_assert_null (strstr (text, "board"));
      }
  }
  g_assert_true (pen_end_form_store_cells (form, layout, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pen_board_layout_get_vp (layout, cell), ==, 3);
  g_assert_true (pen_board_layout_is_user_value (layout, cell, "vp"));
  /* the score counts it for each wizard with a Mark there */
  after = pen_show_score (table);
  for (guint w = 0; w < 2; w++)
    {
      PenScoreResult *b = g_ptr_array_index (before->results, w);
      PenScoreResult *a = g_ptr_array_index (after->results, w);

      g_assert_cmpint (a->points[PEN_SCORE_BOARD], ==, b->points[PEN_SCORE_BOARD] + 3);
    }
  /* asked once: not again */
  g_assert_true (pen_end_form_update (form, table));
  g_assert_cmpint (pen_end_form_find_cell (form, cell), ==, -1);

  /* forget it again for the other tests */
  g_assert_true (pen_board_layout_set_user_value (layout, cell, "vp", NULL, &error));
  g_assert_no_error (error);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  tmp_dir = game_test_init (&argc, &argv);
  /* the catalogue's answers last the process: the ranges first, while nothing is known */
  g_test_add_func ("/penumbra/forms/end/ranges", test_ranges);
  g_test_add_func ("/penumbra/forms/end/goal-before", test_goal_before);
  g_test_add_func ("/penumbra/forms/end/lists-and-keeps", test_lists_and_keeps);
  g_test_add_func ("/penumbra/forms/end/trial-path", test_trial_path);
  g_test_add_func ("/penumbra/forms/end/board-cells", test_board_cells);
  ret = g_test_run ();
  pen_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return ret;
}
