/* test-forms-recount.c: "Check the table" as a form, without a display: the items start as the
 * table has them, and what was corrected becomes one "recount" action
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-demo.h"
#include "pen-recount-form.h"
#include "pen-test-utils.h"

static void
test_unchanged (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenRecountForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  PenTable *table;
  PenWizard *ann;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  ann = pen_table_get_wizard (table, 0);
  form = pen_recount_form_new (table);

  /* a step per wizard, then the rows */
  g_assert_cmpuint (pen_recount_form_get_n_steps (form), ==, pen_table_get_n_players (table) + 1);
  g_assert_cmpint (pen_recount_form_get_step_wizard (form, 0), ==, 0);
  g_assert_cmpint (pen_recount_form_get_step_wizard (form, pen_table_get_n_players (table)), ==,
                   -1);
  /* the items start as the table has them */
  g_assert_cmpuint (g_list_model_get_n_items (pen_recount_form_get_items (form, 0,
                                                                          PEN_RECOUNT_DIE)),
                    ==, g_list_model_get_n_items (pen_wizard_get_supply (ann)));
  g_assert_cmpuint (g_list_model_get_n_items (pen_recount_form_get_items (form, 0,
                                                                          PEN_RECOUNT_MARK)),
                    ==, g_list_model_get_n_items (pen_wizard_get_marks (ann)));
  g_assert_cmpuint (g_list_model_get_n_items (pen_recount_form_get_items (form, 0,
                                                                          PEN_RECOUNT_INGREDIENT)),
                    ==, PEN_N_INGREDIENTS);
  g_assert_cmpuint (g_list_model_get_n_items (pen_recount_form_get_items (form, 0,
                                                                          PEN_RECOUNT_TRIAL)),
                    ==, 0);
  {
    g_autoptr(PenRecountItem) blood = g_list_model_get_item (
      pen_recount_form_get_items (form, 0, PEN_RECOUNT_INGREDIENT), PEN_INGREDIENT_BLOOD);

    g_assert_cmpint (pen_recount_item_get_value (blood), ==,
                     pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD));
    g_assert_false (pen_recount_item_get_changed (blood));
  }

  /* confirmed as it is: nothing to submit */
  g_assert_cmpuint (pen_recount_form_get_n_corrections (form), ==, 0);
  action = pen_recount_form_to_action (form);
  g_assert_null (action);
}

static void
test_steps (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenRecountForm) form = NULL;
  guint last;

  g_assert_no_error (error);
  form = pen_recount_form_new (pen_game_get_table (game));
  last = pen_recount_form_get_n_steps (form) - 1;
  g_assert_cmpuint (pen_recount_form_get_step (form), ==, 0);
  g_assert_false (pen_recount_form_get_last_step (form));
  pen_recount_form_set_step (form, last);
  g_assert_true (pen_recount_form_get_last_step (form));
  /* past the last is the last */
  pen_recount_form_set_step (form, last + 5);
  g_assert_cmpuint (pen_recount_form_get_step (form), ==, last);
  pen_recount_form_set_step (form, 0);
  g_assert_false (pen_recount_form_get_last_step (form));
}

/* A die's face and an ingredient: two corrections, one action, one undo */
static void
test_corrections (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenRecountForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(PenRecountItem) die = NULL, blood = NULL;
  g_autofree char *before = NULL, *restored = NULL;
  PenTable *table;
  PenWizard *ann;
  guint face, pos;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  ann = pen_table_get_wizard (table, 0);
  before = pen_test_snapshot_text (game);
  pos = pen_game_get_position (game);
  face = pen_die_get_value (pen_wizard_get_die (ann, 0));
  form = pen_recount_form_new (table);
  die = g_list_model_get_item (pen_recount_form_get_items (form, 0, PEN_RECOUNT_DIE), 0);
  blood = g_list_model_get_item (pen_recount_form_get_items (form, 0, PEN_RECOUNT_INGREDIENT),
                                 PEN_INGREDIENT_BLOOD);

  pen_recount_item_set_value (die, face == 1 ? 2 : 1);
  g_assert_true (pen_recount_item_get_changed (die));
  g_assert_cmpuint (pen_recount_form_get_n_corrections (form), ==, 1);
  pen_recount_item_set_value (blood, 7);
  g_assert_cmpuint (pen_recount_form_get_n_corrections (form), ==, 2);
  /* a die has faces 1 to 6 */
  pen_recount_item_set_value (die, 9);
  g_assert_cmpint (pen_recount_item_get_value (die), ==, 6);
  pen_recount_item_set_value (die, face == 1 ? 2 : 1);

  action = pen_recount_form_to_action (form);
  g_assert_nonnull (action);
  g_assert_cmpstr (pen_action_get_kind (action), ==, "recount");
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pen_game_get_position (game), ==, pos + 1);
  g_assert_cmpuint (pen_die_get_value (pen_wizard_get_die (ann, 0)), ==, face == 1 ? 2 : 1);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD), ==, 7);

  g_assert_true (pen_game_undo (game));
  restored = pen_test_snapshot_text (game);
  g_assert_cmpstr (restored, ==, before);
}

/* Taking things away: a die not on the board, a contract cell empty on the table, Fate
 * cards missing; put back, a correction disappears again */
static void
test_removals (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenRecountForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(PenRecountItem) die = NULL, contract = NULL, fate = NULL;
  PenTable *table;
  PenWizard *ann;
  guint rows, dice, deck, cell;
  GListModel *contracts;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  ann = pen_table_get_wizard (table, 0);
  dice = g_list_model_get_n_items (pen_wizard_get_supply (ann));
  deck = g_list_model_get_n_items (pen_table_get_fate_deck (table));
  g_assert_cmpuint (dice, >, 1);
  g_assert_cmpuint (deck, >, 2);
  form = pen_recount_form_new (table);
  rows = pen_recount_form_get_n_steps (form) - 1;
  contracts = pen_recount_form_get_items (form, rows, PEN_RECOUNT_CONTRACT);
  g_assert_cmpuint (g_list_model_get_n_items (contracts), >, 0);

  die = g_list_model_get_item (pen_recount_form_get_items (form, 0, PEN_RECOUNT_DIE), 1);
  pen_recount_item_set_present (die, FALSE);
  g_assert_cmpuint (pen_recount_form_get_n_corrections (form), ==, 1);
  pen_recount_item_set_present (die, TRUE);
  g_assert_cmpuint (pen_recount_form_get_n_corrections (form), ==, 0);
  pen_recount_item_set_present (die, FALSE);

  contract = g_list_model_get_item (contracts, 0);
  cell = pen_recount_item_get_index (contract);
  pen_recount_item_set_present (contract, FALSE);
  fate = g_list_model_get_item (pen_recount_form_get_items (form, rows, PEN_RECOUNT_FATE), 0);
  g_assert_cmpint (pen_recount_item_get_value (fate), ==, deck);
  /* the count cannot go above what the app has */
  pen_recount_item_set_value (fate, deck + 3);
  g_assert_false (pen_recount_item_get_changed (fate));
  pen_recount_item_set_value (fate, deck - 2);
  g_assert_cmpuint (pen_recount_form_get_n_corrections (form), ==, 3);

  action = pen_recount_form_to_action (form);
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (ann)), ==, dice - 1);
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_fate_deck (table)), ==, deck - 2);
  {
    g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_contract_row (table),
                                                        cell);
    g_assert_null (pen_table_card_get_card_id (tc));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/penumbra/forms/recount/unchanged", test_unchanged);
  g_test_add_func ("/penumbra/forms/recount/steps", test_steps);
  g_test_add_func ("/penumbra/forms/recount/corrections", test_corrections);
  g_test_add_func ("/penumbra/forms/recount/removals", test_removals);
  return g_test_run ();
}
