/* test-score-form.c: what is typed in on the score sheet, checked and turned into actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-demo.h"
#include "pen-json.h"
#include "pen-score-form.h"

static char *
action_text (PenAction *action)
{
  g_autoptr(JsonNode) node = pen_action_to_json (action);

  return pen_json_to_string (node, FALSE);
}

/* Each field takes whole numbers in its own range; the error names the field */
static void
test_parse (void)
{
  static const struct
  {
    PenScoreField  field;
    const char    *text;
    gboolean       ok;
    int            value;
  } cases[] = {
    { PEN_SCORE_FIELD_GOAL, "4", TRUE, 4 },
    { PEN_SCORE_FIELD_GOAL, " 12 ", TRUE, 12 },
    { PEN_SCORE_FIELD_GOAL, "", TRUE, -1 },
    { PEN_SCORE_FIELD_GOAL, "  ", TRUE, -1 },
    { PEN_SCORE_FIELD_GOAL, "100", FALSE, 0 },
    { PEN_SCORE_FIELD_GOAL, "-1", FALSE, 0 },
    { PEN_SCORE_FIELD_GOAL, "4 points", FALSE, 0 },
    { PEN_SCORE_FIELD_CARD_VP, "-3", TRUE, -3 },
    { PEN_SCORE_FIELD_CARD_VP, "50", TRUE, 50 },
    { PEN_SCORE_FIELD_CARD_VP, "51", FALSE, 0 },
    { PEN_SCORE_FIELD_CARD_VP, "", FALSE, 0 },
    { PEN_SCORE_FIELD_CELL_VP, "0", TRUE, 0 },
    { PEN_SCORE_FIELD_CELL_VP, "-2", FALSE, 0 },
    { PEN_SCORE_FIELD_CELL_VP, "x", FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      int value = 12345;
      gboolean ok = pen_score_form_parse (cases[i].field, cases[i].text, &value, &error);

      g_test_message ("case %u: “%s”", i, cases[i].text);
      g_assert_cmpint (ok, ==, cases[i].ok);
      if (ok)
        {
          g_assert_no_error (error);
          g_assert_cmpint (value, ==, cases[i].value);
        }
      else
        {
          g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
          g_assert_nonnull (strstr (error->message, "points"));
          g_assert_cmpint (value, ==, 12345);
        }
    }
}

/* A Goal's points become a goal-vp action that the game takes, and empty text clears them */
static void
test_goal_action (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenAction) set = NULL;
  g_autoptr(PenAction) clear = NULL;
  g_autofree char *text = NULL;
  PenWizard *wizard;
  int vp = -1;

  g_assert_no_error (error);
  wizard = pen_table_get_wizard (pen_game_get_table (game), 1);

  set = pen_score_form_goal_action (1, "mastery", " 7", &error);
  g_assert_no_error (error);
  text = action_text (set);
  g_assert_cmpstr (text, ==, "{\"action\":\"goal-vp\",\"wizard\":1,\"goal\":\"mastery\",\"vp\":7}");
  g_assert_true (pen_game_submit (game, set, &error));
  g_assert_no_error (error);
  g_assert_true (pen_wizard_get_goal_vp (wizard, "mastery", &vp));
  g_assert_cmpint (vp, ==, 7);

  clear = pen_score_form_goal_action (1, "mastery", "", &error);
  g_assert_no_error (error);
  g_assert_true (pen_game_submit (game, clear, &error));
  g_assert_no_error (error);
  g_assert_false (pen_wizard_get_goal_vp (wizard, "mastery", &vp));

  g_assert_null (pen_score_form_goal_action (1, "mastery", "lots", &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
}

/* The symbols are counted kind by kind, per card, and saved as the catalogue keeps them */
static void
test_symbols (void)
{
  g_autoptr(PenScoreForm) form = pen_score_form_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) empty = NULL;
  g_autofree char *text = NULL;
  g_autofree char *empty_text = NULL;

  g_assert_cmpuint (pen_score_form_get_symbol (form, "goldeater", PEN_SYMBOL_WILDS), ==, 0);
  pen_score_form_set_symbol (form, "goldeater", PEN_SYMBOL_WILDS, 2);
  pen_score_form_set_symbol (form, "goldeater", PEN_SYMBOL_MONSTERS, 1);
  pen_score_form_set_symbol (form, "lost-hut", PEN_SYMBOL_SOCIETY, 9);
  g_assert_cmpuint (pen_score_form_get_symbol (form, "goldeater", PEN_SYMBOL_WILDS), ==, 2);
  /* a card shows at most six */
  g_assert_cmpuint (pen_score_form_get_symbol (form, "lost-hut", PEN_SYMBOL_SOCIETY), ==, 6);

  node = pen_score_form_take_symbols (form, "goldeater");
  text = pen_json_to_string (node, FALSE);
  g_assert_cmpstr (text, ==, "[\"monsters\",\"wilds\",\"wilds\"]");
  /* taken: the card's counts are forgotten, the other card's kept */
  g_assert_cmpuint (pen_score_form_get_symbol (form, "goldeater", PEN_SYMBOL_WILDS), ==, 0);
  g_assert_cmpuint (pen_score_form_get_symbol (form, "lost-hut", PEN_SYMBOL_SOCIETY), ==, 6);
  empty = pen_score_form_take_symbols (form, "goldeater");
  empty_text = pen_json_to_string (empty, FALSE);
  g_assert_cmpstr (empty_text, ==, "[]");
}

/* Saved into the catalogue: the card has the symbols counted, and the counts are gone */
static void
test_save_symbols (void)
{
  g_autoptr(PenScoreForm) form = pen_score_form_new ();
  g_autoptr(PenCatalog) catalog = pen_catalog_new (NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (pen_card_count_symbol (pen_catalog_lookup (catalog, "goldeater"),
                                           PEN_SYMBOL_WILDS), ==, 0);
  pen_score_form_set_symbol (form, "goldeater", PEN_SYMBOL_WILDS, 2);
  pen_score_form_set_symbol (form, "goldeater", PEN_SYMBOL_MONSTERS, 1);
  g_assert_true (pen_score_form_save_symbols (form, catalog, "goldeater", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pen_card_count_symbol (pen_catalog_lookup (catalog, "goldeater"),
                                           PEN_SYMBOL_WILDS), ==, 2);
  g_assert_cmpuint (pen_card_count_symbol (pen_catalog_lookup (catalog, "goldeater"),
                                           PEN_SYMBOL_MONSTERS), ==, 1);
  g_assert_true (pen_card_is_user_value (pen_catalog_lookup (catalog, "goldeater"), "symbols"));
  g_assert_cmpuint (pen_score_form_get_symbol (form, "goldeater", PEN_SYMBOL_WILDS), ==, 0);

  /* a card the catalogue does not know: refused with the reason */
  pen_score_form_set_symbol (form, "nope", PEN_SYMBOL_WILDS, 1);
  g_assert_false (pen_score_form_save_symbols (form, catalog, "nope", &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/penumbra/forms/score/parse", test_parse);
  g_test_add_func ("/penumbra/forms/score/goal-action", test_goal_action);
  g_test_add_func ("/penumbra/forms/score/symbols", test_symbols);
  g_test_add_func ("/penumbra/forms/score/save-symbols", test_save_symbols);
  return g_test_run ();
}
