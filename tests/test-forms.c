/* test-forms.c: the state of the multi-step forms, without a display: the task helper's
 * questions and answer (PenTaskForm) and the Bazaar exchange calculator (PenExchangeForm)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-count.h"
#include "pen-demo.h"
#include "pen-die.h"
#include "pen-exchange-form.h"
#include "pen-task-form.h"
#include "pen-test-utils.h"

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *n)
{
  (*n)++;
}

static guint
supply_size (PenGame *game)
{
  return g_list_model_get_n_items (pen_wizard_get_supply (
    pen_table_get_wizard (pen_game_get_table (game), 0)));
}

static guint
supply_of_color (PenGame  *game,
                 PenColor  color)
{
  GListModel *supply = pen_wizard_get_supply (pen_table_get_wizard (pen_game_get_table (game),
                                                                    0));
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (supply); i++)
    {
      g_autoptr(PenDie) die = g_list_model_get_item (supply, i);

      n += pen_die_get_color (die) == color;
    }
  return n;
}

/* A discard-sum task: the answer follows the questions and the table; the action pays exactly
 * the dice the answer shows, and undo brings the answer back */
static void
test_task_discard_sum (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTaskForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autofree char *before = NULL, *after = NULL;
  guint verdicts = 0, n, reds;
  JsonArray *dice;

  g_assert_no_error (error);
  reds = supply_of_color (game, PEN_COLOR_RED);
  g_assert_cmpuint (reds, >, 0);
  form = pen_task_form_new (game, 0);
  g_signal_connect (form, "notify::verdict", G_CALLBACK (count_notify_cb), &verdicts);

  pen_task_form_set_kind (form, PEN_TASK_DISCARD_SUM);
  pen_task_form_set_colors (form, 1u << PEN_COLOR_RED);
  g_assert_cmpuint (pen_task_form_get_colors (form), ==, 1u << PEN_COLOR_RED);
  g_assert_cmpuint (pen_task_form_get_task (form)->colors, ==, 1u << PEN_COLOR_RED);
  g_object_set (form, "at-least", 60, NULL);
  g_assert_false (pen_task_form_get_feasible (form));
  g_assert_false (pen_task_form_get_can_pay (form));
  g_assert_cmpstr (pen_task_form_get_verdict (form), ==, "Not possible now");
  g_assert_null (pen_task_form_get_action (form));
  g_assert_cmpuint (g_list_model_get_n_items (pen_task_form_get_dice (form)), ==, 0);

  verdicts = 0;
  g_object_set (form, "at-least", 1, NULL);
  g_assert_true (pen_task_form_get_feasible (form));
  g_assert_true (pen_task_form_get_can_pay (form));
  g_assert_cmpstr (pen_task_form_get_verdict (form), ==, "Possible now");
  g_assert_cmpuint (verdicts, ==, 1);
  /* a total of 1 in Red: one Red die */
  g_assert_cmpuint (g_list_model_get_n_items (pen_task_form_get_dice (form)), ==, 1);
  {
    g_autoptr(PenDie) die = g_list_model_get_item (pen_task_form_get_dice (form), 0);
    g_assert_cmpint (pen_die_get_color (die), ==, PEN_COLOR_RED);
  }

  action = pen_task_form_get_action (form);
  g_assert_nonnull (action);
  g_assert_cmpstr (pen_action_get_kind (action), ==, "task-pay");
  dice = json_object_get_array_member (pen_action_get_params (action), "dice");
  g_assert_cmpuint (json_array_get_length (dice), ==, 1);
  n = supply_size (game);
  before = pen_test_snapshot_text (game);
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (supply_size (game), ==, n - 1);
  g_assert_cmpuint (supply_of_color (game, PEN_COLOR_RED), ==, reds - 1);
  g_assert_true (pen_game_undo (game));
  after = pen_test_snapshot_text (game);
  g_assert_cmpstr (before, ==, after);
  g_assert_true (pen_task_form_get_feasible (form));

  /* no colour asked for: Bone, which takes any die */
  pen_task_form_set_colors (form, 0);
  g_assert_cmpuint (pen_task_form_get_task (form)->colors, ==, 1u << PEN_COLOR_BONE);
}

/* The questions each kind reads; the kinds the helper can pay */
static void
test_task_kinds (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenTaskForm) form = pen_task_form_new (game, 0);
  g_autoptr(PenCount) crystal = NULL, fruit = NULL;
  const PenTask *task;

  g_assert_no_error (error);
  /* the faces: digits 1 to 6, anything else skipped */
  g_object_set (form, "values", "2, 4 x 9 6 0", NULL);
  pen_task_form_set_kind (form, PEN_TASK_DISCARD_EXACT);
  task = pen_task_form_get_task (form);
  g_assert_cmpint (task->kind, ==, PEN_TASK_DISCARD_EXACT);
  g_assert_cmpuint (task->n_values, ==, 3);
  g_assert_cmpuint (task->values[0], ==, 2);
  g_assert_cmpuint (task->values[1], ==, 4);
  g_assert_cmpuint (task->values[2], ==, 6);

  /* rolling: one colour, a count; the odds are told, nothing is paid */
  g_object_set (form, "roll-color", PEN_COLOR_YELLOW, "count", 3, "at-least", 5, NULL);
  pen_task_form_set_kind (form, PEN_TASK_ROLL_SUM);
  task = pen_task_form_get_task (form);
  g_assert_cmpuint (task->colors, ==, 1u << PEN_COLOR_YELLOW);
  g_assert_cmpuint (task->count, ==, 3);
  g_assert_cmpint (task->at_least, ==, 5);
  g_assert_nonnull (strstr (pen_task_form_get_detail (form), "As the dice fall: "));
  g_assert_false (pen_task_form_get_can_pay (form));
  g_assert_null (pen_task_form_get_action (form));
  /* hidden odds stay hidden */
  pen_table_set_hide_odds (pen_game_get_table (game), TRUE);
  g_object_set (form, "count", 2, NULL);
  g_assert_null (strstr (pen_task_form_get_detail (form), "%"));
  g_assert_nonnull (strstr (pen_task_form_get_detail (form), "The odds are hidden"));

  /* the Ingredients: the counts of the list model, one PenCount each */
  pen_task_form_set_kind (form, PEN_TASK_DISCARD_INGREDIENTS);
  g_assert_cmpuint (g_list_model_get_n_items (pen_task_form_get_ingredients (form)), ==,
                    PEN_N_INGREDIENTS);
  crystal = g_list_model_get_item (pen_task_form_get_ingredients (form), PEN_INGREDIENT_CRYSTAL);
  fruit = g_list_model_get_item (pen_task_form_get_ingredients (form), PEN_INGREDIENT_FRUIT);
  g_assert_cmpuint (pen_count_get_index (crystal), ==, PEN_INGREDIENT_CRYSTAL);
  pen_count_set_value (crystal, 0);
  pen_count_set_value (fruit, 40);   /* clamped to the count's upper bound */
  task = pen_task_form_get_task (form);
  g_assert_cmpuint (task->ingredients[PEN_INGREDIENT_CRYSTAL], ==, 0);
  g_assert_cmpuint (task->ingredients[PEN_INGREDIENT_FRUIT], ==, pen_count_get_upper (fruit));
  g_assert_false (pen_task_form_get_feasible (form));
  pen_count_set_value (fruit, 0);
  /* nothing to discard is always possible, and payable */
  g_assert_true (pen_task_form_get_feasible (form));
  g_assert_true (pen_task_form_get_can_pay (form));

  /* the answer follows the table: one Trinket more makes a Trinket payable, undo takes it back */
  {
    g_autoptr(PenCount) trinket = g_list_model_get_item (pen_task_form_get_ingredients (form),
                                                         PEN_INGREDIENT_TRINKET);
    PenWizard *ann = pen_table_get_wizard (pen_game_get_table (game), 0);
    guint have = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_TRINKET);

    pen_count_set_value (trinket, have + 1);
    g_assert_false (pen_task_form_get_feasible (form));
    pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0,"
                  " \"ingredient\": \"trinket\"}");
    g_assert_true (pen_task_form_get_feasible (form));
    g_assert_true (pen_game_undo (game));
    g_assert_false (pen_task_form_get_feasible (form));
    pen_count_set_value (trinket, 0);
  }

  /* withstanding: the Threat count */
  g_object_set (form, "threat", 7, NULL);
  pen_task_form_set_kind (form, PEN_TASK_WITHSTAND);
  g_assert_cmpuint (pen_task_form_get_task (form)->threat, ==, 7);
  g_assert_false (pen_task_form_get_can_pay (form));
}

/* The Bazaar calculator: balanced lots, what the wizard has, and one update per fill-in */
static void
test_exchange (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenExchangeForm) form = pen_exchange_form_new ();
  g_autoptr(PenAction) action = NULL;
  g_autoptr(PenCount) give_fruit = NULL, get_jewel = NULL;
  guint give[PEN_N_INGREDIENTS] = { 0, }, get[PEN_N_INGREDIENTS] = { 0, };
  guint balances = 0;
  PenWizard *bob;
  JsonObject *params;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 3}");
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 1, \"ingredient\": \"fruit\","
                " \"count\": 8}");
  bob = pen_table_get_wizard (pen_game_get_table (game), 1);
  g_assert_cmpuint (g_list_model_get_n_items (pen_exchange_form_get_give (form)), ==, 4);
  g_assert_cmpuint (g_list_model_get_n_items (pen_exchange_form_get_get (form)), ==, 4);
  give_fruit = g_list_model_get_item (pen_exchange_form_get_give (form), 0);
  get_jewel = g_list_model_get_item (pen_exchange_form_get_get (form), 2);
  g_assert_cmpuint (pen_count_get_index (give_fruit), ==, PEN_INGREDIENT_FRUIT);
  g_assert_cmpuint (pen_count_get_index (get_jewel), ==, PEN_INGREDIENT_JEWEL);
  /* the spin buttons step by lots */
  g_assert_cmpuint (pen_count_get_step (give_fruit), ==, 4);
  g_assert_cmpuint (pen_count_get_step (get_jewel), ==, 2);
  g_assert_null (pen_exchange_form_get_action (form));   /* no wizard yet */

  pen_exchange_form_set_wizard (form, 1, bob);
  g_assert_cmpstr (pen_count_get_subtitle (give_fruit), ==, "You have 8");
  g_assert_cmpstr (pen_exchange_form_get_balance (form), ==, "Choose what to give and what to "
                   "get, at the Bazaar’s rate: 4 Fruits = 3 Crystals = 2 Jewels = 1 Trinket.");
  g_signal_connect (form, "notify::balance", G_CALLBACK (count_notify_cb), &balances);

  give[PEN_INGREDIENT_FRUIT] = 4;
  get[PEN_INGREDIENT_JEWEL] = 4;
  pen_exchange_form_set (form, give, get);
  g_assert_cmpuint (balances, ==, 1);
  g_assert_cmpuint (pen_count_get_value (give_fruit), ==, 4);
  g_assert_cmpstr (pen_exchange_form_get_balance (form), ==,
                   "You give 4 Fruits (= 1 Trinket) and get 4 Jewels (= 2 Trinkets): both "
                   "sides must be worth the same.");
  g_assert_false (pen_exchange_form_get_acceptable (form));
  g_assert_null (pen_exchange_form_get_action (form));

  /* a row's count changed by its view: 4 Fruits for 2 Jewels */
  pen_count_set_value (get_jewel, 2);
  g_assert_true (pen_exchange_form_get_acceptable (form));
  /* the book's words for the rate, never "lots" (play finding Q5) */
  g_assert_cmpstr (pen_exchange_form_get_balance (form), ==,
                   "Balanced at the Bazaar’s rate: each side is worth 1 Trinket.");
  action = pen_exchange_form_get_action (form);
  g_assert_cmpstr (pen_action_get_kind (action), ==, "exchange");
  params = pen_action_get_params (action);
  g_assert_cmpint (json_object_get_int_member (params, "wizard"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (params, "give"),
                                               "fruit"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (params, "get"),
                                               "jewel"), ==, 2);

  /* more than Bob has */
  pen_count_set_value (give_fruit, 12);
  pen_count_set_value (get_jewel, 6);
  g_assert_false (pen_exchange_form_get_acceptable (form));
  g_assert_cmpstr (pen_exchange_form_get_balance (form), ==,
                   "Bob does not have that much to give.");

  /* the same Ingredient on both sides */
  memset (give, 0, sizeof give);
  memset (get, 0, sizeof get);
  give[PEN_INGREDIENT_FRUIT] = 4;
  get[PEN_INGREDIENT_FRUIT] = 4;
  pen_exchange_form_set (form, give, get);
  g_assert_false (pen_exchange_form_get_acceptable (form));
  g_assert_true (g_str_has_prefix (pen_exchange_form_get_balance (form), "Only the Bazaar"));

  pen_exchange_form_clear (form);
  g_assert_cmpuint (pen_count_get_value (give_fruit), ==, 0);
  g_assert_true (g_str_has_prefix (pen_exchange_form_get_balance (form), "Choose what to give"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/penumbra/forms/task/discard-sum", test_task_discard_sum);
  g_test_add_func ("/penumbra/forms/task/kinds", test_task_kinds);
  g_test_add_func ("/penumbra/forms/exchange", test_exchange);
  return g_test_run ();
}
