/* test-place-form.c: the answers of a placement turn into the place action, without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "game-test-common.h"
#include "pen-board-layout.h"
#include "pen-demo.h"
#include "pen-json.h"
#include "pen-locations.h"
#include "pen-place-form.h"
#include "pen-rule.h"
#include "pen-test-utils.h"

#define PHYSICAL_NEW \
  "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], \"seed\": 3," \
  " \"mode\": \"physical\", \"table_rolls\": true," \
  " \"start\": [{\"mark\": \"ruby\"}, {\"mark\": \"jasper\"}]," \
  " \"setup\": {\"prophecies\": [\"end-of-time\"], \"trial_row\": [\"aranea\"]," \
  "  \"fate_deck\": [\"wildwood\", \"aranea\", \"fresh-batch\"]}}"

static PenGame *
study_game (gboolean physical)
{
  PenGame *game = pen_game_new ();

  pen_test_run (game, physical ? PHYSICAL_NEW
                               : "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                                 "\"seed\": 7}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  return game;
}

static char *
action_text (PenAction *action)
{
  g_autoptr(JsonNode) node = pen_action_to_json (action);

  return json_to_string (node, FALSE);
}

/* Ann gains count of ingredient */
static void
gain (PenGame       *game,
      PenIngredient  ingredient,
      guint          count)
{
  g_autoptr(PenAction) action = pen_action_new_ingredient_gain (0, ingredient, count);
  g_autoptr(GError) error = NULL;

  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
}

static int
find_section (PenPlaceForm *form,
              const char   *open)
{
  const char * const *sections = pen_place_form_get_sections (form);

  for (guint i = 0; sections[i] != NULL; i++)
    if (g_str_equal (sections[i], open))
      return i;
  return -1;
}

static int
find_question (PenPlaceForm *form,
               const char   *key)
{
  for (guint i = 0; i < pen_place_form_get_n_questions (form); i++)
    if (g_str_equal (pen_place_form_get_key (form, i), key))
      return i;
  return -1;
}

/* The sections the core says are open, nothing chosen, nothing to build yet */
static void
test_sections (void)
{
  g_autoptr(PenGame) game = study_game (TRUE);
  PenTable *table = pen_game_get_table (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenDie) die = NULL;
  g_auto(GStrv) open = NULL;

  /* with Blood, so that the Sanctuary is one of them (test_sanctuary_needs_blood ()) */
  gain (game, PEN_INGREDIENT_BLOOD, 1);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  die = g_list_model_get_item (pen_wizard_get_supply (pen_table_get_wizard (table, 0)), 0);
  open = pen_locations_list_open (pen_locations_get_default (), table, pen_die_get_color (die),
                                  pen_die_get_value (die));
  g_assert_cmpuint (g_strv_length (open), >, 0);
  g_assert_true (g_strv_equal ((const char * const *) open, pen_place_form_get_sections (form)));
  g_assert_cmpint (pen_place_form_get_chosen (form), ==, -1);
  g_assert_cmpuint (pen_place_form_get_n_questions (form), ==, 0);
  g_assert_false (pen_place_form_get_complete (form));
  g_assert_null (pen_place_form_build_action (form));

  /* choosing again drops the questions of the section chosen before */
  pen_place_form_choose (form, find_section (form, "ruins/blood"));
  pen_place_form_choose (form, -1);
  g_assert_cmpuint (pen_place_form_get_n_questions (form), ==, 0);
  g_assert_false (pen_place_form_get_complete (form));
}

/* The Sanctuary ("Discard 1 Blood. Gain 1 Spark die") is offered only to a wizard with Blood,
 * as the dialog says it offers only the places the wizard can take now; without, the core
 * refuses it by location-cost, which the table may overrule (play finding D5) */
static void
test_sanctuary_needs_blood (void)
{
  g_autoptr(PenGame) game = study_game (TRUE);
  PenTable *table = pen_game_get_table (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenDie) die = NULL;
  g_auto(GStrv) open = NULL;
  guint n = 0;

  g_assert_cmpuint (pen_wizard_get_ingredient (pen_table_get_wizard (table, 0),
                                               PEN_INGREDIENT_BLOOD), ==, 0);
  die = g_list_model_get_item (pen_wizard_get_supply (pen_table_get_wizard (table, 0)), 0);
  open = pen_locations_list_open (pen_locations_get_default (), table, pen_die_get_color (die),
                                  pen_die_get_value (die));
  g_assert_true (g_strv_contains ((const char * const *) open, "sanctuary/spark"));
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (find_section (form, "sanctuary/spark"), ==, -1);
  /* the other places stay, in their order */
  for (guint i = 0; open[i] != NULL; i++)
    if (!g_str_equal (open[i], "sanctuary/spark"))
      g_assert_cmpstr (pen_place_form_get_sections (form)[n++], ==, open[i]);
  g_assert_null (pen_place_form_get_sections (form)[n]);
  g_clear_object (&form);

  /* the core refuses it by rule, and does it anyway when told to */
  {
    g_autoptr(GError) refused = NULL;

    g_assert_false (pen_game_submit_json (game, "{\"action\": \"place\", \"wizard\": 0, "
                                          "\"index\": 0, \"location\": \"sanctuary\", "
                                          "\"value\": 3}", &refused));
    g_assert_error (refused, PEN_RULE_ERROR, PEN_RULE_LOCATION_COST);
  }

  gain (game, PEN_INGREDIENT_BLOOD, 1);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (find_section (form, "sanctuary/spark"), >=, 0);
}

/* Ann's first Mark wounded; its cell */
static guint
wound_first_mark (PenGame *game)
{
  PenWizard *ann = pen_table_get_wizard (pen_game_get_table (game), 0);
  g_autoptr(PenMark) mark = g_list_model_get_item (pen_wizard_get_marks (ann), 0);
  g_autofree char *wound = NULL;

  g_assert_nonnull (mark);
  wound = g_strdup_printf ("{\"action\": \"mark-wound\", \"wizard\": 0, \"cell\": %u}",
                           pen_mark_get_cell (mark));
  pen_test_run (game, wound);
  return pen_mark_get_cell (mark);
}

/* WOUNDED MARKS AS BLOOD: "This Blood can be used exactly like Blood in your Ingredient
 * supply", and USE BLOOD: "instead of discarding 1 Blood from your Ingredient supply you can
 * flip any wounded Mark". The Sanctuary is offered to a wizard whose only Blood is a wounded
 * Mark's, and its placement flips the Mark; with both, which pays is asked, nothing
 * preselected */
static void
test_sanctuary_wounded_mark (void)
{
  for (guint answer = 0; answer <= 2; answer++)
    {
      g_autoptr(PenGame) game = study_game (TRUE);
      PenTable *table = pen_game_get_table (game);
      PenWizard *ann = pen_table_get_wizard (table, 0);
      g_autoptr(GError) error = NULL;
      g_autoptr(PenPlaceForm) form = NULL;
      g_autoptr(PenAction) action = NULL;
      g_autofree char *note = NULL;
      g_autofree char *text = NULL;
      guint n_dice, cell;
      int sanctuary, paid;

      cell = wound_first_mark (game);
      /* answer 0: no Blood in the supply, the Mark pays; 1, 2: both, the wizard's choice */
      if (answer > 0)
        gain (game, PEN_INGREDIENT_BLOOD, 1);
      n_dice = g_list_model_get_n_items (pen_wizard_get_supply (ann));
      form = pen_place_form_new (table, 0, 0, &error);
      g_assert_no_error (error);
      sanctuary = find_section (form, "sanctuary/spark");
      g_assert_cmpint (sanctuary, >=, 0);
      pen_place_form_choose (form, sanctuary);
      pen_place_form_set_answer (form, find_question (form, "value"), 4);
      paid = find_question (form, "sanctuary-blood");
      note = pen_place_form_get_note (form);
      if (answer == 0)
        {
          g_assert_cmpint (paid, <, 0);
          g_assert_nonnull (note);
          g_assert_nonnull (strstr (note, "wounded Ruby Mark"));
        }
      else
        {
          g_assert_cmpint (paid, >=, 0);
          g_assert_cmpuint (pen_place_form_get_answer (form, paid), ==, 0);
          g_assert_true (pen_place_form_get_required (form, paid));
          g_assert_false (pen_place_form_get_complete (form));
          g_assert_null (note);
          pen_place_form_set_answer (form, paid, answer);
          g_clear_pointer (&note, g_free);
          note = pen_place_form_get_note (form);
          g_assert_cmpint (note != NULL && strstr (note, "wounded Ruby Mark") != NULL, ==,
                           answer == 2);
        }
      g_assert_true (pen_place_form_get_complete (form));
      action = pen_place_form_build_action (form);
      g_assert_true (pen_game_submit (game, action, &error));
      g_assert_no_error (error);
      text = action_text (action);
      /* the supply's Blood first, or the Mark; the Mark flipped is written for a replay */
      g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD), ==,
                        answer == 2 ? 1 : 0);
      g_assert_cmpint (pen_mark_get_state (pen_wizard_get_mark_in_cell (ann, cell)), ==,
                       answer == 1 ? PEN_MARK_WOUNDED : PEN_MARK_DISCHARGED);
      g_assert_cmpint (strstr (text, "\"blood_mark\"") != NULL, ==, answer != 1);
      g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (ann)), ==, n_dice);
    }

  /* "blood_mark" names a wounded Mark: another cell is refused */
  {
    g_autoptr(PenGame) game = study_game (TRUE);
    g_autoptr(GError) error = NULL;
    guint cell = wound_first_mark (game);
    g_autofree char *place = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, "
                                              "\"index\": 0, \"location\": \"sanctuary\", "
                                              "\"value\": 3, \"blood_mark\": %u}", cell + 1);

    g_assert_false (pen_game_submit_json (game, place, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_REFUSED);
  }
}

static void
count_cb (GObject    *object,
          GParamSpec *pspec,
          guint      *count)
{
  (*count)++;
}

/* Physical play, the Ruins: the Threat die's face must be said, then the action is the one the
 * dialog used to write, and it applies */
static void
test_ruins (void)
{
  g_autoptr(PenGame) game = study_game (TRUE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenPlaceForm) form = pen_place_form_new (table, 0, 0, &error);
  g_autoptr(PenAction) action = NULL;
  g_autoptr(PenAction) want = NULL;
  g_autofree char *text = NULL, *want_text = NULL;
  guint notified = 0;
  guint blood = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD);
  guint placed = g_list_model_get_n_items (pen_table_get_placed (table));
  int ruins, threat;

  g_assert_no_error (error);
  ruins = find_section (form, "ruins/blood");
  g_assert_cmpint (ruins, >=, 0);
  g_assert_false (pen_place_form_rolls_ruins_threat (form));
  pen_place_form_choose (form, ruins);
  g_assert_cmpint (pen_place_form_get_chosen (form), ==, ruins);
  threat = find_question (form, "threat");
  /* until the table says the face, the game would roll the Threat die (a Yellow die has none) */
  g_assert_cmpint (pen_place_form_rolls_ruins_threat (form), ==,
                   pen_place_form_get_color (form) != PEN_COLOR_YELLOW);
  if (pen_place_form_get_color (form) == PEN_COLOR_YELLOW)
    g_assert_cmpint (threat, ==, -1);
  else
    {
      const char * const *answers;

      g_assert_cmpint (threat, >=, 0);
      g_assert_true (pen_place_form_get_required (form, threat));
      answers = pen_place_form_get_answers (form, threat);
      g_assert_cmpuint (g_strv_length ((char **) answers), ==, 7);
      g_assert_cmpstr (answers[6], ==, "6");
      g_assert_cmpuint (pen_place_form_get_answer (form, threat), ==, 0);
      g_assert_false (pen_place_form_get_complete (form));
      /* Marks without a value cannot be hit: the form says so before the die is placed */
      {
        GListModel *marks = pen_wizard_get_marks (ann);
        g_autofree char *note = NULL;
        guint unknown = 0;

        for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
          {
            g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);

            unknown += pen_mark_get_value (mark) == 0;
          }
        note = pen_place_form_get_note (form);
        /* the book prints no cell values: the test board has none entered */
        g_assert_cmpuint (unknown, >, 0);
        g_assert_true ((note != NULL) == (unknown > 0));
        if (note != NULL)
          g_assert_nonnull (strstr (note, pen_mark_kind_get_mark_name (PEN_MARK_RUBY)));
      }
      g_assert_null (pen_place_form_build_action (form));
      g_signal_connect (form, "notify::complete", G_CALLBACK (count_cb), &notified);
      pen_place_form_set_answer (form, threat, 1);
      g_assert_cmpuint (notified, ==, 1);
    }
  g_assert_true (pen_place_form_get_complete (form));
  g_assert_false (pen_place_form_rolls_ruins_threat (form));

  action = pen_place_form_build_action (form);
  g_assert_nonnull (action);
  want = pen_action_new_place (0, 0, "ruins", "blood", 0, threat >= 0 ? 1 : 0, -1, NULL,
                               NULL, 0);
  text = action_text (action);
  want_text = action_text (want);
  g_assert_cmpstr (text, ==, want_text);

  /* one step: the die is in the Ruins and the 2 Blood are Ann's */
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_placed (table)), ==, placed + 1);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD), ==, blood + 2);
}

/* The app rolls: a face question may stay unsaid, and then the action says nothing of it */
static void
test_app_rolls (void)
{
  g_autoptr(PenGame) game = study_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenPlaceForm) form = pen_place_form_new (table, 0, 0, &error);

  g_assert_no_error (error);
  for (guint s = 0; pen_place_form_get_sections (form)[s] != NULL; s++)
    {
      g_autoptr(PenAction) action = NULL;
      g_autoptr(JsonNode) node = NULL;
      JsonObject *params;

      pen_place_form_choose (form, s);
      for (guint q = 0; q < pen_place_form_get_n_questions (form); q++)
        if (g_str_equal (pen_place_form_get_key (form, q), "value")
            || g_str_equal (pen_place_form_get_key (form, q), "threat"))
          g_assert_false (pen_place_form_get_required (form, q));
      if (!pen_place_form_get_complete (form))
        continue;
      action = pen_place_form_build_action (form);
      g_assert_nonnull (action);
      node = pen_action_to_json (action);
      params = json_node_get_object (node);
      g_assert_false (json_object_has_member (params, "value"));
      g_assert_false (json_object_has_member (params, "threat"));
      /* what the place dialog read from the action: the game rolls the Ruins' Threat die */
      g_assert_cmpint (pen_place_form_rolls_ruins_threat (form), ==,
                       g_str_equal (json_object_get_string_member (params, "location"), "ruins")
                       && pen_place_form_get_color (form) != PEN_COLOR_YELLOW);
      {
        g_autofree char *open = g_strjoin ("/", json_object_get_string_member (params, "location"),
                                           json_object_get_string_member (params, "section"),
                                           NULL);

        g_assert_cmpstr (open, ==, pen_place_form_get_sections (form)[s]);
      }
    }
}

/* Ann's supply, emptied and then these dice (colour, value), in order */
static void
set_supply (PenGame            *game,
            const char * const *colors,
            const guint        *values)
{
  PenWizard *ann = pen_table_get_wizard (pen_game_get_table (game), 0);

  while (g_list_model_get_n_items (pen_wizard_get_supply (ann)) > 0)
    pen_test_run (game, "{\"action\": \"die-discard\", \"wizard\": 0, \"index\": 0}");
  for (guint i = 0; colors[i] != NULL; i++)
    {
      g_autofree char *json = g_strdup_printf ("{\"action\": \"die-gain\", \"wizard\": 0, "
                                               "\"color\": \"%s\", \"value\": %u}", colors[i],
                                               values[i]);

      pen_test_run (game, json);
    }
}

/* The Ruins' Threat die hits a value Ann holds as a Spark 3 and two Green 3s: the book
 * (Threat, step 3) lets her discard any one of them, so the form asks which, with nothing
 * chosen, and only for that value; the History names the die lost */
static void
test_ruins_threat_pick (void)
{
  const char *colors[] = { "red", "spark", "green", "green", "bone", NULL };
  const guint values[] = { 4, 3, 3, 3, 5 };
  g_autoptr(PenGame) game = study_game (TRUE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *lost = NULL;
  const char * const *answers;
  int threat, pick;

  set_supply (game, colors, values);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "ruins/blood"));
  threat = find_question (form, "threat");
  pick = find_question (form, "threat-pick-3");
  g_assert_cmpint (threat, >=, 0);
  g_assert_cmpint (pick, >, threat);
  /* one die of 5, none of 4 left once the Red 4 is placed: no choice there */
  g_assert_cmpint (find_question (form, "threat-pick-5"), ==, -1);
  g_assert_cmpint (find_question (form, "threat-pick-4"), ==, -1);
  /* the two Greens are one choice; nothing chosen */
  answers = pen_place_form_get_answers (form, pick);
  g_assert_cmpuint (g_strv_length ((char **) answers), ==, 3);
  g_assert_cmpstr (answers[0], ==, "—");
  g_assert_nonnull (strstr (answers[1], pen_color_get_label (PEN_COLOR_SPARK)));
  g_assert_nonnull (strstr (answers[2], pen_color_get_label (PEN_COLOR_GREEN)));
  g_assert_cmpuint (pen_place_form_get_answer (form, pick), ==, 0);

  /* a 5: nothing to choose, the question is not needed */
  pen_place_form_set_answer (form, threat, 5);
  g_assert_false (pen_place_form_get_required (form, pick));
  g_assert_true (pen_place_form_get_complete (form));
  action = pen_place_form_build_action (form);
  node = pen_action_to_json (action);
  g_assert_false (json_object_has_member (json_node_get_object (node), "threat_pick"));
  g_clear_object (&action);
  g_clear_pointer (&node, json_node_unref);

  /* a 3: the player must say which */
  pen_place_form_set_answer (form, threat, 3);
  g_assert_true (pen_place_form_get_required (form, pick));
  g_assert_false (pen_place_form_get_complete (form));
  pen_place_form_set_answer (form, pick, 1);
  g_assert_true (pen_place_form_get_complete (form));
  action = pen_place_form_build_action (form);
  node = pen_action_to_json (action);
  /* the Spark 3 is die 0 of the supply the Red 4 has left */
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (node), "threat_pick"), ==, 0);

  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  /* the default would have lost a Green die; the Spark is gone, both Greens stay */
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (ann)), ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpint (pen_die_get_color (pen_wizard_get_die (ann, i)), !=, PEN_COLOR_SPARK);
  lost = g_strdup_printf ("(%s 3)", pen_color_get_label (PEN_COLOR_SPARK));
  g_assert_nonnull (strstr (pen_action_get_label (action), lost));
}

/* When the app rolls the Threat die, the choice is asked for every value it could take, and
 * the action carries one pick per face */
static void
test_ruins_threat_pick_app_rolls (void)
{
  const char *colors[] = { "red", "spark", "green", NULL };
  const guint values[] = { 4, 3, 3 };
  g_autoptr(PenGame) game = study_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonArray *picks;
  int pick;

  set_supply (game, colors, values);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "ruins/blood"));
  pick = find_question (form, "threat-pick-3");
  g_assert_cmpint (pick, >=, 0);
  g_assert_true (pen_place_form_get_required (form, pick));
  g_assert_false (pen_place_form_get_complete (form));
  pen_place_form_set_answer (form, pick, 2);
  g_assert_true (pen_place_form_rolls_ruins_threat (form));
  action = pen_place_form_build_action (form);
  g_assert_nonnull (action);
  node = pen_action_to_json (action);
  picks = json_object_get_array_member (json_node_get_object (node), "threat_pick");
  g_assert_cmpuint (json_array_get_length (picks), ==, 6);
  g_assert_cmpint (json_array_get_int_element (picks, 2), ==, 1);
  g_assert_cmpint (json_array_get_int_element (picks, 0), ==, -1);
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  /* whatever it rolled, the Spark never goes for a 3 */
  g_assert_cmpint (pen_die_get_color (pen_wizard_get_die (pen_table_get_wizard (table, 0), 0)),
                   ==, PEN_COLOR_SPARK);
}

/* No such wizard or die: a clear error, no form */
static void
test_bad_die (void)
{
  g_autoptr(PenGame) game = study_game (FALSE);
  g_autoptr(GError) error = NULL;

  g_assert_null (pen_place_form_new (pen_game_get_table (game), 0, 99, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "99"));
  g_clear_error (&error);
  g_assert_null (pen_place_form_new (pen_game_get_table (game), 7, 0, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
}

/* A Class's Mark costs the Arcana printed on the wizard's next Mastery cell: the book prints
 * none, so the form asks it (nothing chosen), sends it, and remembers it with the user's board:
 * the next placement there does not ask again */
static void
test_arcana_cost (void)
{
  g_autoptr(PenGame) game = study_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  PenBoardLayout *layout = pen_board_layout_get_default ();
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenPlaceForm) again = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *open = NULL;
  int cell = pen_wizard_first_free_cell (ann, FALSE);
  guint marks = g_list_model_get_n_items (pen_wizard_get_marks (ann));
  int k = 0, section, q;

  g_assert_cmpint (cell, >=, 0);
  g_assert_cmpint (pen_board_layout_get_arcana_cost (layout, cell), <, 0);
  while (!pen_table_has_class (table, k))
    k++;
  open = g_strdup_printf ("%s-class/mark", pen_mark_kind_to_string (k));
  pen_test_run (game, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"spark\", "
                "\"value\": 3}");
  form = pen_place_form_new (table, 0, g_list_model_get_n_items (pen_wizard_get_supply (ann)) - 1,
                             &error);
  g_assert_no_error (error);
  section = find_section (form, open);
  g_assert_cmpint (section, >=, 0);
  pen_place_form_choose (form, section);
  q = find_question (form, "arcana");
  g_assert_cmpint (q, >=, 0);
  g_assert_true (pen_place_form_get_required (form, q));
  g_assert_cmpuint (pen_place_form_get_answer (form, q), ==, 0);
  g_assert_false (pen_place_form_get_complete (form));
  g_assert_null (pen_place_form_build_action (form));

  pen_place_form_set_answer (form, q, 1);  /* "0" */
  g_assert_true (pen_place_form_get_complete (form));
  action = pen_place_form_build_action (form);
  g_assert_cmpint (json_object_get_int_member (pen_action_get_params (action), "arcana"), ==, 0);
  g_assert_cmpint (pen_board_layout_get_arcana_cost (layout, cell), ==, 0);
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_marks (ann)), ==, marks + 1);

  /* asked once: for the same cell (undone) the form no longer asks */
  g_assert_true (pen_game_undo (game));
  again = pen_place_form_new (table, 0, g_list_model_get_n_items (pen_wizard_get_supply (ann)) - 1,
                              &error);
  g_assert_no_error (error);
  pen_place_form_choose (again, find_section (again, open));
  g_assert_cmpint (find_question (again, "arcana"), <, 0);
}

/* The first Class in the game, and a die of its colour at the end of wizard's supply */
static const char *
class_with_die (PenGame *game,
                guint    wizard,
                guint    value,
                guint   *index)
{
  PenTable *table = pen_game_get_table (game);
  g_autofree char *json = NULL;
  int k = 0;

  while (!pen_table_has_class (table, k))
    k++;
  json = g_strdup_printf ("{\"action\": \"die-gain\", \"wizard\": %u, \"color\": \"%s\", "
                          "\"value\": %u}", wizard,
                          pen_color_to_string (pen_mark_kind_color (k)), value);
  pen_test_run (game, json);
  *index = g_list_model_get_n_items (pen_wizard_get_supply (pen_table_get_wizard (table,
                                                                                  wizard))) - 1;
  return pen_mark_kind_to_string (k);
}

/* A Class's "Gain a card": the two face-up cards of its market, or the top of the deck; in
 * physical play the table must say which */
static void
test_class_card (void)
{
  for (guint physical = 0; physical < 2; physical++)
    {
      g_autoptr(PenGame) game = study_game (physical);
      PenTable *table = pen_game_get_table (game);
      PenWizard *ann = pen_table_get_wizard (table, 0);
      g_autoptr(PenPlaceForm) form = NULL;
      g_autoptr(PenAction) action = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *open = NULL;
      const char * const *answers;
      const char *kind;
      guint index, n_answers;
      int q;

      kind = class_with_die (game, 0, 2, &index);
      open = g_strdup_printf ("%s-class/card", kind);
      form = pen_place_form_new (table, 0, index, &error);
      g_assert_no_error (error);
      pen_place_form_choose (form, find_section (form, open));
      q = find_question (form, "card");
      g_assert_cmpint (q, >=, 0);
      answers = pen_place_form_get_answers (form, q);
      n_answers = g_strv_length ((char **) answers);
      if (!physical)
        {
          /* the deck's top card first (nothing to say), then the market's two */
          g_assert_cmpuint (n_answers, ==, 3);
          g_assert_cmpstr (answers[0], ==, "The top card of the deck");
          /* by where the table finds them (play finding B1: not "Discipline card 3 of
           * 96") */
          g_assert_true (g_str_has_suffix (answers[1], ", left card"));
          g_assert_true (g_str_has_suffix (answers[2], ", right card"));
          g_assert_null (strstr (answers[1], " of "));
          g_assert_false (pen_place_form_get_required (form, q));
          g_assert_true (pen_place_form_get_complete (form));
          pen_place_form_set_answer (form, q, 2);
          action = pen_place_form_build_action (form);
          g_assert_true (pen_game_submit (game, action, &error));
          g_assert_no_error (error);
          /* the second card went to Ann; a fresh one lies in its place */
          g_assert_cmpuint (pen_table_get_discipline_dealt (table), ==, 9);
          g_assert_cmpint (pen_wizard_find_card (ann, json_object_get_string_member
                                                   (pen_action_get_params (action), "card")),
                           >=, 0);
        }
      else
        {
          /* no market recorded at this physical table: the top card, said by the table */
          g_assert_cmpstr (answers[0], ==, "—");
          g_assert_cmpstr (answers[n_answers - 1], ==, "The top card of the deck");
          g_assert_true (pen_place_form_get_required (form, q));
          g_assert_false (pen_place_form_get_complete (form));
          pen_place_form_set_answer (form, q, n_answers - 1);
          g_assert_true (pen_place_form_get_complete (form));
          action = pen_place_form_build_action (form);
          g_assert_false (json_object_has_member (pen_action_get_params (action), "card"));
          g_assert_true (pen_game_submit (game, action, &error));
          g_assert_no_error (error);
          /* an unnamed Discipline card, for the table to name */
          g_assert_cmpint (pen_wizard_find_card (ann, "discipline#1"), >=, 0);
        }
      g_assert_true (pen_game_undo (game));
      g_assert_cmpint (pen_wizard_find_card (ann, "discipline#1"), <, 0);
    }
}

/* The Bazaar: what is given and got, asked in the placement; Place waits for a balance */
static void
test_bazaar (void)
{
  g_autoptr(PenGame) game = study_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *problem = NULL;
  guint jewel = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL);
  guint fruit, n;
  int give, get, q;

  gain (game, PEN_INGREDIENT_FRUIT, 8);
  fruit = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "bazaar/exchange"));
  /* nothing exchanged is a placement all the same */
  g_assert_true (pen_place_form_get_complete (form));
  give = find_question (form, "give-fruit");
  get = find_question (form, "get-jewel");
  g_assert_cmpint (give, >=, 0);
  g_assert_cmpint (get, >=, 0);
  /* 0, 4, 8 Fruits: in lots, up to what Ann has */
  g_assert_cmpstr (pen_place_form_get_answers (form, give)[2], ==, "8");
  g_assert_cmpuint (g_strv_length ((char **) pen_place_form_get_answers (form, give)), ==,
                    pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT) / 4 + 1);
  g_assert_cmpstr (pen_place_form_get_answers (form, get)[1], ==, "2");
  q = find_question (form, "get-fruit");
  g_assert_cmpint (q, >=, 0);
  g_assert_true (pen_place_form_get_sensitive (form, q));
  n = pen_place_form_get_n_questions (form);
  pen_place_form_set_answer (form, give, 2);
  /* the same Ingredient on both sides is never an exchange: giving Fruits, getting them is
   * off (play finding P12), but the row stays in its place, and so do those below it: one
   * that went away moved the next under the finger (play finding Q5) */
  g_assert_cmpint (find_question (form, "get-fruit"), ==, q);
  g_assert_false (pen_place_form_get_sensitive (form, q));
  g_assert_true (pen_place_form_get_sensitive (form, give));
  g_assert_cmpint (find_question (form, "get-jewel"), ==, get);
  g_assert_cmpuint (pen_place_form_get_n_questions (form), ==, n);
  /* what is given, not yet balanced, in the table's terms: the book's rate, never "lots" */
  problem = pen_place_form_get_problem (form);
  g_assert_cmpstr (problem, ==, "You give 8 Fruits (= 2 Trinkets) and get nothing yet.");
  g_clear_pointer (&problem, g_free);
  pen_place_form_set_answer (form, get, 1);
  problem = pen_place_form_get_problem (form);
  g_assert_cmpstr (problem, ==, "You give 8 Fruits (= 2 Trinkets) and get 2 Jewels "
                   "(= 1 Trinket): both sides must be worth the same.");
  g_assert_false (pen_place_form_get_complete (form));
  /* nothing given: "Get Fruits" is on again; getting Fruits turns "Give Fruits" off */
  pen_place_form_set_answer (form, get, 0);
  pen_place_form_set_answer (form, give, 0);
  g_assert_true (pen_place_form_get_sensitive (form, q));
  pen_place_form_set_answer (form, q, 1);
  g_assert_false (pen_place_form_get_sensitive (form, give));
  g_assert_cmpint (find_question (form, "give-fruit"), ==, give);
  pen_place_form_set_answer (form, q, 0);
  g_assert_true (pen_place_form_get_sensitive (form, give));
  pen_place_form_set_answer (form, give, 2);
  pen_place_form_set_answer (form, get, 2);
  g_assert_null (pen_place_form_get_problem (form));
  g_assert_true (pen_place_form_get_complete (form));
  action = pen_place_form_build_action (form);
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL), ==, jewel + 4);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT), ==, fruit - 8);
}

/* Physical play, the Resource die's faces not typed in: the table says the kind and how many
 * the face showed; nothing counts as 1 by itself, since the book prints no count (issue 9) */
static void
test_resource_count (void)
{
  g_autoptr(PenGame) game = study_game (TRUE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint jewel = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL);
  int kind, count;

  g_assert_true (pen_locations_set_resource_faces (pen_locations_get_default (), NULL, &error));
  g_assert_no_error (error);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "forest/resource"));
  kind = find_question (form, "resource-0");
  count = find_question (form, "count-resource-0");
  g_assert_cmpint (kind, >=, 0);
  /* asked right under the kind, "—" first, nothing chosen */
  g_assert_cmpint (count, ==, kind + 1);
  g_assert_cmpstr (pen_place_form_get_question (form, count), ==, "How many Resource die 1 gave");
  g_assert_cmpstr (pen_place_form_get_answers (form, count)[0], ==, "—");
  g_assert_cmpstr (pen_place_form_get_answers (form, count)[2], ==, "2");
  /* up to what a face of the Resource die shows (finding Z1) */
  g_assert_cmpuint (g_strv_length ((char **) pen_place_form_get_answers (form, count)), ==,
                    PEN_RESOURCE_FACE_MAX + 1);
  g_assert_cmpuint (pen_place_form_get_answer (form, count), ==, 0);
  g_assert_false (pen_place_form_get_required (form, count));
  /* Jewels said: Place waits for how many */
  pen_place_form_set_answer (form, kind, 3);
  g_assert_true (pen_place_form_get_required (form, count));
  g_assert_false (pen_place_form_get_complete (form));
  g_assert_null (pen_place_form_build_action (form));
  pen_place_form_set_answer (form, count, 2);
  g_assert_true (pen_place_form_get_complete (form));
  action = pen_place_form_build_action (form);
  text = action_text (action);
  g_assert_nonnull (strstr (text, "\"resource\":[{\"jewel\":2}]"));
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL), ==, jewel + 2);
}

/* Sets Ann's Ingredients to these (PEN_N_INGREDIENTS) */
static void
set_ingredients (PenGame     *game,
                 const guint *want)
{
  PenWizard *ann = pen_table_get_wizard (pen_game_get_table (game), 0);

  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    {
      guint have = pen_wizard_get_ingredient (ann, k);
      g_autoptr(GError) error = NULL;
      g_autoptr(PenAction) action = have > want[k]
                                    ? pen_action_new_ingredient_spend (0, k, have - want[k])
                                    : have < want[k]
                                    ? pen_action_new_ingredient_gain (0, k, want[k] - have)
                                    : NULL;

      if (action != NULL)
        g_assert_true (pen_game_submit (game, action, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (pen_wizard_get_ingredient (ann, k), ==, want[k]);
    }
}

/* The Bazaar against the book's own words (Locations › Bazaar): "4 Fruits = 3 Crystals =
 * 2 Jewels = 1 Trinket"; "8 Fruits into 4 Jewels, 1 Trinket into 2 more Jewels, and 1 more
 * Trinket into 3 Crystals", in one placement; "You cannot exchange 2 Fruits for 1 Jewel" */
static void
test_bazaar_book (void)
{
  g_autoptr(PenGame) game = study_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *note = NULL;
  guint have[PEN_N_INGREDIENTS] = { 0, };
  const struct { const char *key; guint answer; const char *shows; } lots[] = {
    /* each answer is one lot more: the rate printed above the cell */
    { "give-fruit", 1, "4" }, { "give-crystal", 1, "3" }, { "give-jewel", 1, "2" },
    { "give-trinket", 1, "1" }, { "get-jewel", 2, "4" }, { "get-crystal", 1, "3" },
  };

  /* 2 Fruits and 2 Crystals: less than a lot of each, nothing offered, and the note says why
   * (play finding P12), the die still placed */
  have[PEN_INGREDIENT_FRUIT] = 2;
  have[PEN_INGREDIENT_CRYSTAL] = 2;
  set_ingredients (game, have);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "bazaar/exchange"));
  g_assert_cmpint (find_question (form, "give-fruit"), <, 0);
  g_assert_cmpint (find_question (form, "get-jewel"), <, 0);
  note = pen_place_form_get_note (form);
  g_assert_nonnull (note);
  g_assert_nonnull (strstr (note, "4 Fruits = 3 Crystals = 2 Jewels = 1 Trinket"));
  g_assert_true (pen_place_form_get_complete (form));
  g_clear_object (&form);
  g_clear_pointer (&note, g_free);

  /* 2 Fruits for 1 Jewel: Fruits are offered only in fours */
  have[PEN_INGREDIENT_FRUIT] = 10;
  have[PEN_INGREDIENT_CRYSTAL] = 3;
  have[PEN_INGREDIENT_JEWEL] = 2;
  have[PEN_INGREDIENT_TRINKET] = 2;
  set_ingredients (game, have);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "bazaar/exchange"));
  note = pen_place_form_get_note (form);
  g_assert_null (note);
  for (guint i = 0; i < G_N_ELEMENTS (lots); i++)
    {
      int q = find_question (form, lots[i].key);

      g_assert_cmpint (q, >=, 0);
      g_assert_cmpstr (pen_place_form_get_answers (form, q)[lots[i].answer], ==, lots[i].shows);
    }
  g_assert_false (g_strv_contains (pen_place_form_get_answers (form,
                                                               find_question (form,
                                                                              "give-fruit")),
                                   "2"));
  /* 8 Fruits and 2 Trinkets for 6 Jewels and 3 Crystals */
  pen_place_form_set_answer (form, find_question (form, "give-fruit"), 2);
  pen_place_form_set_answer (form, find_question (form, "give-trinket"), 2);
  /* Jewels and Crystals are got: they are no longer offered as given */
  pen_place_form_set_answer (form, find_question (form, "get-jewel"), 3);
  pen_place_form_set_answer (form, find_question (form, "get-crystal"), 1);
  g_assert_false (pen_place_form_get_sensitive (form, find_question (form, "give-jewel")));
  g_assert_false (pen_place_form_get_sensitive (form, find_question (form, "give-crystal")));
  g_assert_null (pen_place_form_get_problem (form));
  g_assert_true (pen_place_form_get_complete (form));
  action = pen_place_form_build_action (form);
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT), ==, 2);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_TRINKET), ==, 0);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL), ==, 2 + 6);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_CRYSTAL), ==, 3 + 3);
}

/* Grab and Harvest (Locations › Primagic effects: "you may also … place a Purple die to gain
 * a Resource die"): the wizard may leave the Resource die, when the table rolls it (play
 * finding P12: Place stayed off until a face was picked) and when the app does; the Forest's
 * own Resource die is its effect, asked as ever */
static void
test_primagic_resource_optional (void)
{
  g_autoptr(JsonNode) faces = pen_json_parse ("[{\"fruit\": 1}, {\"fruit\": 2}, "
                                              "{\"crystal\": 1}, {\"jewel\": 1}, "
                                              "{\"crystal\": 2}, {\"jewel\": 2}]", -1, NULL);
  PenLocations *locations = pen_locations_get_default ();
  g_autoptr(GError) error = NULL;

  for (guint forest = 0; forest < 2; forest++)
    for (guint physical = 0; physical < 2; physical++)
      for (guint known = 0; known < 2; known++)
        {
          const char * const colors[] = { forest ? "green" : "purple", NULL };
          const guint values[] = { 3 };
          g_autoptr(PenGame) game = study_game (physical);
          PenTable *table = pen_game_get_table (game);
          PenWizard *ann = pen_table_get_wizard (table, 0);
          g_autoptr(PenPlaceForm) form = NULL;
          g_autoptr(PenAction) action = NULL;
          g_autofree char *text = NULL;
          guint before[PEN_N_INGREDIENTS];
          const char *key = forest ? "resource-1" : "resource-0";
          int q;

          g_assert_true (pen_locations_set_resource_faces (locations, known ? faces : NULL,
                                                           &error));
          g_assert_no_error (error);
          set_supply (game, colors, values);
          for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
            before[k] = pen_wizard_get_ingredient (ann, k);
          form = pen_place_form_new (table, 0, 0, &error);
          g_assert_no_error (error);
          pen_place_form_choose (form, find_section (form, forest ? "forest/resource"
                                                                  : "bazaar/exchange"));
          if (physical || !known)
            {
              /* the table says what it gave, or that it was not rolled */
              q = find_question (form, key);
              g_assert_cmpint (q, >=, 0);
              g_assert_false (pen_place_form_get_complete (form));
              /* "—", then the three Ingredients, or (the faces typed in) the six faces */
              guint n = physical && known ? 7 : 4;

              g_assert_cmpstr (pen_place_form_get_answers (form, q)[0], ==, "—");
              g_assert_cmpstr (pen_place_form_get_answers (form, q)[n], ==, "Not rolled");
              pen_place_form_set_answer (form, q, n);
              if (forest)
                {
                  /* the Forest's own die: no "Not rolled" */
                  q = find_question (form, "resource-0");
                  g_assert_cmpuint (g_strv_length ((char **) pen_place_form_get_answers (form,
                                                                                         q)),
                                    ==, n);
                  g_assert_false (pen_place_form_get_complete (form));
                  pen_place_form_set_answer (form, q, 1);
                  /* the faces unknown, a kind is no count: how many is asked too */
                  if (!known)
                    {
                      g_assert_false (pen_place_form_get_complete (form));
                      pen_place_form_set_answer (form, find_question (form,
                                                                      "count-resource-0"), 1);
                    }
                }
            }
          else
            {
              /* the app rolls it unless the wizard leaves it */
              q = find_question (form, "primagic-resource");
              g_assert_cmpint (q, >=, 0);
              g_assert_true (pen_place_form_get_complete (form));
              pen_place_form_set_answer (form, q, 1);
            }
          g_assert_true (pen_place_form_get_complete (form));
          action = pen_place_form_build_action (form);
          text = action_text (action);
          g_assert_nonnull (strstr (text, "\"primagic_resource\":false"));
          {
            gboolean ok;

            ok = pen_game_submit (game, action, &error);

            g_assert_no_error (error);
            g_assert_true (ok);
          }
          /* the table's answers: one Resource die at most, the Forest's */
          if (physical || !known)
          {
            JsonObject *params = pen_action_get_params (action);
            JsonArray *gave = json_object_has_member (params, "resource")
                              ? json_object_get_array_member (params, "resource") : NULL;

            g_assert_cmpuint (gave != NULL ? json_array_get_length (gave) : 0, ==, forest);
          }
          if (!forest)
            for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
              g_assert_cmpuint (pen_wizard_get_ingredient (ann, k), ==, before[k]);
          else if (physical || !known)
            g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT), ==,
                              before[PEN_INGREDIENT_FRUIT] + 1);
        }
  g_assert_true (pen_locations_set_resource_faces (locations, NULL, &error));
}


/* App-dealt play: while the Resource die's faces are not typed in, the table says what the
 * Forest's die gave and the form wants the faces; typed in, the same form asks again in place,
 * "The app rolls" first (then each face once), the other answers kept */
static void
test_resource_faces_typed (void)
{
  g_autoptr(JsonNode) faces = pen_json_parse ("[{\"fruit\": 1}, {\"fruit\": 2}, "
                                              "{\"crystal\": 1}, {\"fruit\": 1}, "
                                              "{\"crystal\": 2}, {\"jewel\": 2}]", -1, NULL);
  PenLocations *locations = pen_locations_get_default ();
  const char * const colors[] = { "green", NULL };
  const guint values[] = { 3 };
  g_autoptr(PenGame) game = study_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char * const *answers;
  guint jewels;
  int q;

  g_assert_true (pen_locations_set_resource_faces (locations, NULL, &error));
  set_supply (game, colors, values);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "forest/resource"));
  g_assert_true (pen_place_form_get_resource_faces_wanted (form));
  q = find_question (form, "resource-0");
  g_assert_cmpstr (pen_place_form_get_answers (form, q)[0], ==, "—");
  g_assert_false (pen_place_form_get_complete (form));

  g_assert_true (pen_locations_set_resource_faces (locations, faces, &error));
  g_assert_no_error (error);
  pen_place_form_reread_resource_faces (form);
  g_assert_false (pen_place_form_get_resource_faces_wanted (form));
  /* the Forest's die: the app rolls, or one of the five different faces */
  q = find_question (form, "resource-0");
  answers = pen_place_form_get_answers (form, q);
  g_assert_cmpstr (answers[0], ==, "The app rolls");
  g_assert_cmpuint (g_strv_length ((char **) answers), ==, 6);
  g_assert_cmpint (find_question (form, "resource-1"), <, 0);
  g_assert_cmpint (find_question (form, "primagic-resource"), >=, 0);
  g_assert_true (pen_place_form_get_complete (form));
  /* the table rolled the real die: 2 Jewels (the last answer); the Harvest die the app rolls */
  g_assert_cmpstr (answers[5], ==, "2 Jewels");
  pen_place_form_set_answer (form, q, 5);
  action = pen_place_form_build_action (form);
  text = action_text (action);
  g_assert_nonnull (strstr (text, "\"resource\":[{\"jewel\":2},null]"));
  jewels = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL);
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL), >=, jewels + 2);
  g_clear_pointer (&text, g_free);
  /* the log holds what the app rolled, not the null */
  text = pen_game_log_to_lines (game);
  g_assert_null (strstr (text, "null]"));

  /* physical play with the faces typed in: the table picks the face it rolled (a face is
   * more than a kind: "2 Jewels"), nothing chosen, never the app */
  {
    g_autoptr(PenGame) real = study_game (TRUE);
    g_autoptr(PenPlaceForm) at_table = NULL;
    g_autoptr(PenAction) placed = NULL;
    g_autofree char *placed_text = NULL;

    set_supply (real, colors, values);
    at_table = pen_place_form_new (pen_game_get_table (real), 0, 0, &error);
    g_assert_no_error (error);
    pen_place_form_choose (at_table, find_section (at_table, "forest/resource"));
    g_assert_false (pen_place_form_get_resource_faces_wanted (at_table));
    q = find_question (at_table, "resource-0");
    answers = pen_place_form_get_answers (at_table, q);
    g_assert_cmpstr (answers[0], ==, "—");
    g_assert_cmpstr (answers[5], ==, "2 Jewels");
    g_assert_false (pen_place_form_get_complete (at_table));
    pen_place_form_set_answer (at_table, q, 5);
    /* the Green die's Harvest die: a face, or not rolled */
    q = find_question (at_table, "resource-1");
    g_assert_cmpstr (pen_place_form_get_answers (at_table, q)[6], ==, "Not rolled");
    pen_place_form_set_answer (at_table, q, 1);
    g_assert_true (pen_place_form_get_complete (at_table));
    placed = pen_place_form_build_action (at_table);
    placed_text = action_text (placed);
    g_assert_nonnull (strstr (placed_text, "\"resource\":[{\"jewel\":2},{\"fruit\":1}]"));
    g_assert_true (pen_game_submit (real, placed, &error));
    g_assert_no_error (error);
  }
  g_assert_true (pen_locations_set_resource_faces (locations, NULL, &error));
}

/* The demo lays out the Brewery's and the Shop's markets, so that it can buy (play finding
 * P12: nothing to buy in the demo): Ann buys Triplet in the Brewery, for the Jewels the table
 * says (play finding X4 of session 11: its Recipe's cost was taken as its price) */
static void
test_demo_buys (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  PenTable *table;
  PenWizard *ann;
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  const char * const *answers;
  guint crystal, fruit, jewel;
  int q, pay;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  ann = pen_table_get_wizard (table, 0);
  gain (game, PEN_INGREDIENT_JEWEL, 2);
  crystal = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_CRYSTAL);
  fruit = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT);
  jewel = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "shop/buy"));
  q = find_question (form, "buy");
  g_assert_cmpint (q, >=, 0);
  g_assert_cmpuint (g_strv_length ((char **) pen_place_form_get_answers (form, q)), ==, 3);
  pen_place_form_choose (form, find_section (form, "brewery/buy"));
  q = find_question (form, "buy-0");
  g_assert_cmpint (q, >=, 0);
  pen_place_form_set_answer (form, q, 1);
  /* Recipes and Potions › Ready-made Potions: a Potion bought at the Brewery is paid for in
   * Jewels (Locations › Brewery); Triplet's 1 Crystal and 1 Fruit is what brewing its Recipe
   * takes, so the price is asked, never taken from the Recipe */
  pay = find_question (form, "pay-0-jewel");
  g_assert_cmpint (pay, >=, 0);
  g_assert_true (pen_place_form_get_required (form, pay));
  g_assert_false (pen_place_form_get_complete (form));
  answers = pen_place_form_get_answers (form, pay);
  g_assert_cmpstr (answers[2], ==, "1");
  pen_place_form_set_answer (form, pay, 2);
  g_assert_true (pen_place_form_get_complete (form));
  action = pen_place_form_build_action (form);
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pen_wizard_find_card (ann, "triplet"), >=, 0);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL), ==, jewel - 1);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_CRYSTAL), ==, crystal);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT), ==, fruit);
}

/* A payment with one possible answer is chosen already: a wizard without a Trinket paid 0
 * Trinkets (play finding U10); the Brewery's rows say each Potion's price when the catalogue
 * knows it, and that it is not known otherwise, never a number */
static void
test_buy_said (void)
{
  g_autoptr(PenGame) game = study_game (FALSE);
  g_autoptr(PenGame) demo = NULL;
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(GError) error = NULL;
  int q, jewels, trinkets;

  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_TRINKET), ==, 0);
  gain (game, PEN_INGREDIENT_JEWEL, 2);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "shop/buy"));
  q = find_question (form, "buy");
  g_assert_cmpint (q, >=, 0);
  jewels = find_question (form, "pay-0-jewel");
  trinkets = find_question (form, "pay-0-trinket");
  /* an Artifact whose cost is unknown (an unnamed one): what was paid is asked */
  g_assert_cmpint (jewels, >=, 0);
  g_assert_cmpint (trinkets, >=, 0);
  for (guint a = 1; pen_place_form_get_answers (form, q)[a] != NULL; a++)
    {
      pen_place_form_set_answer (form, q, a);
      if (pen_place_form_get_required (form, trinkets))
        break;
    }
  g_assert_true (pen_place_form_get_required (form, trinkets));
  /* "—", "0": the one answer is chosen; the Jewels, "—" "0" "1" "2", are not */
  g_assert_cmpuint (g_strv_length ((char **) pen_place_form_get_answers (form, trinkets)), ==, 2);
  g_assert_cmpuint (pen_place_form_get_answer (form, trinkets), ==, 1);
  g_assert_cmpuint (pen_place_form_get_answer (form, jewels), ==, 0);
  g_assert_false (pen_place_form_get_complete (form));
  pen_place_form_set_answer (form, jewels, 3);   /* "2" */
  g_assert_true (pen_place_form_get_complete (form));
  {
    g_autoptr(PenAction) action = pen_place_form_build_action (form);
    JsonArray *buy = json_object_get_array_member (pen_action_get_params (action), "buy");
    JsonObject *pay = json_object_get_object_member (json_array_get_object_element (buy, 0),
                                                     "pay");

    g_assert_cmpint (json_object_get_int_member_with_default (pay, "jewel", -1), ==, 2);
    g_assert_cmpint (json_object_get_int_member_with_default (pay, "trinket", 0), ==, 0);
  }

  /* the Brewery: a Potion whose price is not known says so (its payment is asked) */
  pen_place_form_choose (form, find_section (form, "brewery/buy"));
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *key = g_strdup_printf ("buy-%u", i);
      g_autofree char *pkey = g_strdup_printf ("pay-%u-jewel", i);
      const char *ask;

      q = find_question (form, key);
      g_assert_cmpint (q, >=, 0);
      ask = pen_place_form_get_question (form, q);
      if (find_question (form, pkey) >= 0)
        g_assert_true (g_str_has_suffix (ask, ": price unknown")
                       || g_str_has_suffix (ask, ": price not printed"));
      else
        g_assert_nonnull (strpbrk (ask, "0123456789"));
    }
  g_clear_object (&form);

  /* the demo's Triplet and Liquid Luck: the book prints their Recipes' costs, never what a
   * ready-made one costs in Jewels (play finding X4), so the price is said to be unknown and
   * the payment is asked */
  demo = pen_demo_new_game (&error);
  g_assert_no_error (error);
  form = pen_place_form_new (pen_game_get_table (demo), 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "brewery/buy"));
  {
    const char *ask = pen_place_form_get_question (form, find_question (form, "buy-0"));
    const char *ask1 = pen_place_form_get_question (form, find_question (form, "buy-1"));

    g_assert_cmpstr (ask, ==, "Buy Triplet: price not printed");
    g_assert_cmpstr (ask1, ==, "Buy Liquid Luck: price not printed");
    g_assert_cmpint (find_question (form, "pay-0-jewel"), >=, 0);
    g_assert_cmpint (find_question (form, "pay-1-jewel"), >=, 0);
  }
  /* the Shop: the Artifact chosen, with its price as printed */
  pen_place_form_choose (form, find_section (form, "shop/buy"));
  g_assert_null (pen_place_form_get_note (form));
  q = find_question (form, "buy");
  for (guint a = 1; pen_place_form_get_answers (form, q)[a] != NULL; a++)
    if (g_str_equal (pen_place_form_get_answers (form, q)[a], "Wand of Everwood"))
      pen_place_form_set_answer (form, q, a);
  {
    g_autofree char *note = pen_place_form_get_note (form);

    g_assert_nonnull (note);
    g_assert_true (g_str_has_prefix (note, "Price of Wand of Everwood: "));
    g_assert_nonnull (strstr (note, "1 Jewel"));
    g_assert_nonnull (strstr (note, "1 Trinket"));
  }
}

/* The Brewery (any number of Potions) and the Shop (one Artifact) from their markets; a card
 * whose cost the catalogue does not know asks what was paid, once it is bought */
static void
test_buy (void)
{
  g_autoptr(PenGame) game = study_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *bought = NULL;
  JsonArray *buy;
  int q, pay;

  /* enough for any of the catalogue's costs (Triplet, Liquid Luck, Wand of Everwood) */
  gain (game, PEN_INGREDIENT_JEWEL, 5);
  gain (game, PEN_INGREDIENT_CRYSTAL, 3);
  gain (game, PEN_INGREDIENT_FRUIT, 1);
  gain (game, PEN_INGREDIENT_TRINKET, 1);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "brewery/buy"));
  g_assert_cmpint (find_question (form, "buy-0"), >=, 0);
  g_assert_cmpint (find_question (form, "buy-1"), >=, 0);
  g_assert_true (pen_place_form_get_complete (form));
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *key = g_strdup_printf ("buy-%u", i);
      g_autofree char *pkey = g_strdup_printf ("pay-%u-jewel", i);

      q = find_question (form, key);
      pay = find_question (form, pkey);
      pen_place_form_set_answer (form, q, 1);
      /* the dealt Potions are unnamed: their cost is asked, once bought */
      if (pay >= 0)
        {
          g_assert_true (pen_place_form_get_required (form, pay));
          g_assert_false (pen_place_form_get_complete (form));
          pen_place_form_set_answer (form, pay, 3);   /* "2" */
        }
    }
  g_assert_true (pen_place_form_get_complete (form));
  action = pen_place_form_build_action (form);
  buy = json_object_get_array_member (pen_action_get_params (action), "buy");
  g_assert_cmpuint (json_array_get_length (buy), ==, 2);
  bought = g_strdup (json_object_get_string_member (json_array_get_object_element (buy, 1),
                                                    "card"));
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pen_wizard_find_card (ann, bought), >=, 0);
  g_assert_true (pen_game_undo (game));
  g_assert_cmpint (pen_wizard_find_card (ann, bought), <, 0);
  g_clear_object (&form);
  g_clear_object (&action);

  /* the Shop: one Artifact or none */
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "shop/buy"));
  q = find_question (form, "buy");
  g_assert_cmpint (q, >=, 0);
  g_assert_cmpstr (pen_place_form_get_answers (form, q)[0], ==, "None");
  g_assert_cmpuint (g_strv_length ((char **) pen_place_form_get_answers (form, q)), ==, 3);
  g_assert_true (pen_place_form_get_complete (form));
  pen_place_form_set_answer (form, q, 1);
  /* one Artifact a placement: a purchase asks no other */
  g_assert_cmpint (find_question (form, "buy-0"), <, 0);
  g_assert_cmpint (find_question (form, "buy-1"), <, 0);
  pay = find_question (form, "pay-0-jewel");
  if (pay >= 0 && pen_place_form_get_required (form, pay))
    {
      g_assert_false (pen_place_form_get_complete (form));
      pen_place_form_set_answer (form, pay, 2);   /* "1" */
      pen_place_form_set_answer (form, find_question (form, "pay-0-trinket"), 1);  /* "0" */
    }
  g_assert_true (pen_place_form_get_complete (form));
  action = pen_place_form_build_action (form);
  buy = json_object_get_array_member (pen_action_get_params (action), "buy");
  g_assert_cmpuint (json_array_get_length (buy), ==, 1);
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pen_wizard_find_card (ann, json_object_get_string_member
                                          (json_array_get_object_element (buy, 0), "card")),
                   >=, 0);
}

static void
questions_changed_cb (PenPlaceForm *form,
                      guint         position,
                      guint         removed,
                      guint         added,
                      guint        *calls)
{
  (*calls)++;
}

/* The Brewery buys any number of Potions in one placement (Locations › Brewery: "Right after
 * buying a Potion, reveal a new Potion card … Thus with one placement in the Brewery you can
 * buy any number of Potions"): app-dealt, each purchase offers the card it turned up, in the
 * deck's order, and a purchase taken back takes its turned-up cards with it */
static void
test_buy_any_number (void)
{
  g_autoptr(PenGame) game = study_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) deck = g_ptr_array_new_with_free_func (g_free);
  GListModel *decks = pen_table_get_market_decks (table);
  JsonArray *buy;
  guint calls = 0, cards;

  for (guint i = 0; i < g_list_model_get_n_items (decks); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (decks, i);

      if (g_strcmp0 (pen_table_card_get_zone (tc), "brewery") == 0)
        g_ptr_array_add (deck, g_strdup (pen_table_card_get_card_id (tc)));
    }
  g_assert_cmpuint (deck->len, >=, 2);
  /* enough for any three of the catalogue's Potions */
  for (PenIngredient k = PEN_INGREDIENT_BLOOD; k < PEN_N_INGREDIENTS; k++)
    gain (game, k, PEN_INGREDIENT_CAP);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  g_signal_connect (form, "questions-changed", G_CALLBACK (questions_changed_cb), &calls);
  pen_place_form_choose (form, find_section (form, "brewery/buy"));
  /* the two face-up Potions; the deck's are not shown before a purchase turns them up */
  g_assert_cmpint (find_question (form, "buy-1"), >=, 0);
  g_assert_cmpint (find_question (form, "buy-2"), <, 0);

  /* the second bought: the deck's top card comes up, which may be bought too */
  pen_place_form_set_answer (form, find_question (form, "buy-1"), 1);
  g_assert_cmpuint (calls, ==, 1);
  g_assert_cmpint (find_question (form, "buy-2"), >, find_question (form, "buy-1"));
  g_assert_nonnull (strstr (pen_place_form_get_question (form, find_question (form, "buy-2")),
                            pen_turn_card_name (deck->pdata[0])));
  g_assert_cmpint (find_question (form, "buy-3"), <, 0);
  pen_place_form_set_answer (form, find_question (form, "buy-2"), 1);
  g_assert_cmpint (find_question (form, "buy-3"), >, 0);
  g_assert_nonnull (strstr (pen_place_form_get_question (form, find_question (form, "buy-3")),
                            pen_turn_card_name (deck->pdata[1])));
  /* the first purchase taken back: nothing turns up, so neither card can be bought */
  pen_place_form_set_answer (form, find_question (form, "buy-1"), 0);
  g_assert_cmpint (find_question (form, "buy-2"), <, 0);
  g_assert_cmpint (find_question (form, "buy-3"), <, 0);
  g_assert_cmpint (find_question (form, "pay-2-jewel"), <, 0);
  g_assert_cmpuint (calls, ==, 3);

  /* three Potions: both face up, then the first turned up */
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *key = g_strdup_printf ("buy-%u", i);
      g_autofree char *pkey = g_strdup_printf ("pay-%u-jewel", i);
      int pay;

      pen_place_form_set_answer (form, find_question (form, key), 1);
      if ((pay = find_question (form, pkey)) >= 0)
        pen_place_form_set_answer (form, pay, 2);   /* "1" */
    }
  g_assert_cmpint (find_question (form, "buy-3"), >, 0);
  g_assert_true (pen_place_form_get_complete (form));
  action = pen_place_form_build_action (form);
  buy = json_object_get_array_member (pen_action_get_params (action), "buy");
  g_assert_cmpuint (json_array_get_length (buy), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (buy, 2),
                                                  "card"), ==, deck->pdata[0]);
  cards = g_list_model_get_n_items (pen_wizard_get_cards (ann));
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_cards (ann)), ==, cards + 3);
  g_assert_cmpint (pen_wizard_find_card (ann, deck->pdata[0]), >=, 0);
  /* the market holds the next two cards of the deck */
  {
    GListModel *markets = pen_table_get_markets (table);
    gboolean second = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
      {
        g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);

        second = second || g_strcmp0 (pen_table_card_get_card_id (tc), deck->pdata[1]) == 0;
      }
    g_assert_true (second);
  }
}

/* Physical play, the Guild: once a Contract is fulfilled the table says which card it turned
 * up for the emptied cell, and the action carries it to the row's leftmost cell */
/* Ann's Study turn in a physical game whose Guild row starts with first_contract, and the place
 * form of her first die the Guild takes, the Guild chosen (draws: the Contracts the table may
 * turn up, or NULL) */
static PenPlaceForm *
guild_study (PenGame            *game,
             const char         *first_contract,
             const char * const *draws)
{
  PenTable *table = pen_game_get_table (game);
  g_autofree char *json = NULL;
  g_autoptr(GError) error = NULL;
  PenPlaceForm *form = NULL;
  int guild = -1;
  guint n_supply;

  json = g_strdup_printf ("{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                          "\"seed\": 3, \"mode\": \"physical\", \"table_rolls\": true, "
                          "\"start\": [{\"mark\": \"ruby\"}, {\"mark\": \"jasper\"}], "
                          "\"setup\": {\"prophecies\": [\"end-of-time\"], "
                          "\"trial_row\": [\"aranea\"], "
                          "\"fate_deck\": [\"wildwood\", \"fresh-batch\"], "
                          "\"contract_row\": [\"%s\", \"brightshine\", null, null]}}",
                          first_contract);
  pen_test_run (game, json);
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  n_supply = g_list_model_get_n_items (pen_wizard_get_supply (pen_table_get_wizard (table, 0)));
  for (guint i = 0; i < n_supply && guild < 0; i++)
    {
      g_clear_object (&form);
      form = pen_place_form_new (table, 0, i, &error);
      g_assert_no_error (error);
      if (draws != NULL)
        pen_place_form_set_contract_draws (form, draws);
      for (guint k = 0; pen_place_form_get_sections (form)[k] != NULL && guild < 0; k++)
        if (g_str_has_prefix (pen_place_form_get_sections (form)[k], "guild/"))
          guild = k;
    }
  g_assert_cmpint (guild, >=, 0);
  pen_place_form_choose (form, guild);
  return form;
}

static void
test_guild_reveal (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  const char * const draws[] = { "sorcerous-prison", "scarlet-pact", NULL };
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(PenTableCard) first = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *params;
  int slot, reveal;

  /* the first of Ann's dice the Guild takes */
  form = guild_study (game, "lost-hut", draws);
  slot = find_question (form, "slot");
  reveal = find_question (form, "reveal");
  g_assert_cmpint (slot, >=, 0);
  g_assert_cmpint (reveal, >, slot);
  g_assert_cmpuint (g_strv_length ((char **) pen_place_form_get_answers (form, reveal)), ==, 3);

  /* no Contract taken: nothing to turn up */
  g_assert_false (pen_place_form_get_required (form, reveal));
  /* a Contract taken: the table must say what refilled the Guild */
  pen_place_form_set_answer (form, slot, 1);
  g_assert_true (pen_place_form_get_required (form, reveal));
  g_assert_false (pen_place_form_get_complete (form));
  pen_place_form_set_answer (form, reveal, 1);
  g_assert_true (pen_place_form_get_complete (form));
  action = pen_place_form_build_action (form);
  params = pen_action_get_params (action);
  g_assert_cmpstr (json_object_get_string_member (params, "reveal"), ==, "sorcerous-prison");

  /* overruled if the task's cost is more than Ann has: this test is about the row */
  pen_action_set_override (action, TRUE);
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  first = g_list_model_get_item (pen_table_get_contract_row (table), 0);
  g_assert_cmpstr (pen_table_card_get_card_id (first), ==, "sorcerous-prison");
}

/* A physical table that says its market's cards: the Brewery asks which Potion was bought (of
 * the cards still possible, or another, named later), nothing chosen; once one is, which was
 * turned up in its place; "another" becomes a fresh unnamed card each time */
static void
test_buy_at_table (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  const char * const draws[] = { "dead-water", "triplet", NULL };
  const char * const spares[] = { "potion#7", "potion#8", "potion#9", "potion#10", NULL };
  const char * const no_spares[] = { NULL };
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  const char * const *answers;
  JsonObject *item;
  int buy, reveal, pay;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                "\"seed\": 3, \"mode\": \"physical\", \"table_rolls\": true, "
                "\"table_markets\": true, \"start\": [{\"mark\": \"ruby\"}, "
                "{\"mark\": \"jasper\"}]}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  gain (game, PEN_INGREDIENT_JEWEL, 4);
  gain (game, PEN_INGREDIENT_CRYSTAL, 1);
  gain (game, PEN_INGREDIENT_FRUIT, 1);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_true (pen_place_form_get_table_markets (form));
  pen_place_form_set_market_draws (form, "brewery", draws, spares);
  pen_place_form_set_market_draws (form, "shop", draws + 2, no_spares);
  pen_place_form_choose (form, find_section (form, "brewery/buy"));
  buy = find_question (form, "buy-0");
  reveal = find_question (form, "reveal-0");
  g_assert_cmpint (buy, >=, 0);
  g_assert_cmpint (reveal, >, buy);
  g_assert_cmpint (find_question (form, "buy-1"), >, reveal);
  answers = pen_place_form_get_answers (form, buy);
  /* None, the two still possible, another */
  g_assert_cmpuint (g_strv_length ((char **) answers), ==, 4);
  g_assert_cmpstr (answers[0], ==, "None");
  g_assert_cmpstr (answers[1], ==, "Dead Water");
  g_assert_cmpstr (answers[3], ==, "Another Potion: name it later");
  g_assert_cmpuint (pen_place_form_get_answer (form, buy), ==, 0);
  g_assert_true (pen_place_form_get_complete (form));
  g_assert_false (pen_place_form_get_required (form, reveal));

  /* Triplet bought: what came up is asked, and the Jewels paid for it (a ready-made
   * Potion's price is no Recipe's cost) */
  pen_place_form_set_answer (form, buy, 2);
  g_assert_true (pen_place_form_get_required (form, reveal));
  g_assert_false (pen_place_form_get_complete (form));
  /* the card bought is not the one turned up in its place: the picker offers it no more (play
   * finding X2), nothing chosen */
  answers = pen_place_form_get_answers (form, reveal);
  g_assert_cmpuint (g_strv_length ((char **) answers), ==, 3);
  g_assert_cmpstr (answers[0], ==, "—");
  g_assert_cmpstr (answers[1], ==, "Dead Water");
  g_assert_cmpstr (answers[2], ==, "Another Potion: name it later");
  g_assert_cmpuint (pen_place_form_get_answer (form, reveal), ==, 0);
  pen_place_form_set_answer (form, reveal, 2);   /* another */
  pay = find_question (form, "pay-0-jewel");
  g_assert_cmpint (pay, >=, 0);
  g_assert_true (pen_place_form_get_required (form, pay));
  g_assert_false (pen_place_form_get_complete (form));
  pen_place_form_set_answer (form, pay, 2);   /* "1" */
  g_assert_true (pen_place_form_get_complete (form));
  /* another one bought in the same placement, then another turned up: two fresh cards; the
   * Triplet bought is bought no more */
  answers = pen_place_form_get_answers (form, find_question (form, "buy-1"));
  g_assert_cmpuint (g_strv_length ((char **) answers), ==, 3);
  g_assert_cmpstr (answers[1], ==, "Dead Water");
  pen_place_form_set_answer (form, find_question (form, "buy-1"), 2);
  g_assert_false (pen_place_form_get_complete (form));
  pen_place_form_set_answer (form, find_question (form, "reveal-1"), 2);
  pay = find_question (form, "pay-1-jewel");
  g_assert_cmpint (pay, >=, 0);
  g_assert_true (pen_place_form_get_required (form, pay));
  pen_place_form_set_answer (form, pay, 2);   /* "1" */
  g_assert_true (pen_place_form_get_complete (form));
  /* any number: a second purchase asks a third, with its own card turned up */
  buy = find_question (form, "buy-2");
  g_assert_cmpint (buy, >, find_question (form, "pay-1-jewel"));
  g_assert_cmpstr (pen_place_form_get_question (form, buy), ==, "Another Potion bought");
  g_assert_cmpint (find_question (form, "reveal-2"), >, buy);
  g_assert_cmpint (find_question (form, "buy-3"), <, 0);
  pen_place_form_set_answer (form, buy, 1);   /* Dead Water */
  g_assert_cmpint (find_question (form, "buy-3"), >, 0);
  g_assert_false (pen_place_form_get_complete (form));
  /* not bought after all: the fourth goes again, the third stays unanswered */
  pen_place_form_set_answer (form, buy, 0);
  g_assert_cmpint (find_question (form, "buy-3"), <, 0);
  g_assert_true (pen_place_form_get_complete (form));
  pen_place_form_set_answer (form, buy, 1);   /* Dead Water */
  /* turned up: neither of the cards bought */
  answers = pen_place_form_get_answers (form, find_question (form, "reveal-2"));
  g_assert_cmpuint (g_strv_length ((char **) answers), ==, 2);
  pen_place_form_set_answer (form, find_question (form, "reveal-2"), 1);   /* another */
  pay = find_question (form, "pay-2-jewel");
  if (pay >= 0 && pen_place_form_get_required (form, pay))
    pen_place_form_set_answer (form, pay, 2);   /* "1" */
  g_assert_true (pen_place_form_get_complete (form));
  action = pen_place_form_build_action (form);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member
                                             (pen_action_get_params (action), "buy")), ==, 3);
  item = json_array_get_object_element (json_object_get_array_member
                                          (pen_action_get_params (action), "buy"), 2);
  g_assert_cmpstr (json_object_get_string_member (item, "card"), ==, "dead-water");
  g_assert_cmpstr (json_object_get_string_member (item, "reveal"), ==, "potion#10");
  g_clear_object (&action);
  /* the first three answers as before: two purchases */
  pen_place_form_set_answer (form, buy, 0);
  action = pen_place_form_build_action (form);
  item = json_array_get_object_element (json_object_get_array_member
                                          (pen_action_get_params (action), "buy"), 0);
  g_assert_cmpstr (json_object_get_string_member (item, "card"), ==, "triplet");
  g_assert_cmpstr (json_object_get_string_member (item, "reveal"), ==, "potion#7");
  item = json_array_get_object_element (json_object_get_array_member
                                          (pen_action_get_params (action), "buy"), 1);
  g_assert_cmpstr (json_object_get_string_member (item, "card"), ==, "potion#8");
  g_assert_cmpstr (json_object_get_string_member (item, "reveal"), ==, "potion#9");
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pen_wizard_find_card (pen_table_get_wizard (table, 0), "triplet"), >=, 0);
  g_assert_cmpint (pen_wizard_find_card (pen_table_get_wizard (table, 0), "potion#8"), >=, 0);
  g_clear_object (&form);
  /* the card turned up is named when the table reads it out */
  pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"potion#7\", "
                "\"as\": \"ichor\"}");
  {
    GListModel *markets = pen_table_get_markets (table);
    gboolean ichor = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
      {
        g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);

        ichor = ichor || (g_strcmp0 (pen_table_card_get_zone (tc), "brewery") == 0
                          && g_strcmp0 (pen_table_card_get_card_id (tc), "ichor") == 0);
      }
    g_assert_true (ichor);
  }

  /* both face-up cards named now: the first purchase is one of them; the second may be the
   * card the first turned up, any still possible */
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_set_market_draws (form, "brewery", draws, spares);
  pen_place_form_choose (form, find_section (form, "brewery/buy"));
  answers = pen_place_form_get_answers (form, find_question (form, "buy-0"));
  g_assert_cmpuint (g_strv_length ((char **) answers), ==, 3);
  answers = pen_place_form_get_answers (form, find_question (form, "buy-1"));
  g_assert_cmpuint (g_strv_length ((char **) answers), ==, 6);
}

/* The Guild with a Contract not named yet: the form says which card to name, and once it is
 * named with its task the note tells what the task takes (play finding R9) */
static void
test_guild_name_contract (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *note = NULL, *named_note = NULL;
  int slot;

  form = guild_study (game, "contract#12", NULL);
  slot = find_question (form, "slot");
  g_assert_cmpint (slot, >=, 0);
  /* nothing chosen: nothing to name */
  g_assert_null (pen_place_form_get_contract_to_name (form));
  pen_place_form_set_answer (form, slot, 1);
  g_assert_cmpstr (pen_place_form_get_contract_to_name (form), ==, "contract#12");
  note = pen_place_form_get_note (form);
  g_assert_nonnull (strstr (note, "not known yet"));
  /* the note points to the dialog's button under it, not to Cards to Name (play finding A3) */
  g_assert_nonnull (strstr (note, "Name This Contract…"));
  g_assert_null (strstr (note, "Cards to Name"));

  /* the table names it on the spot, with the task printed on it */
  pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"contract#12\", "
                "\"as\": \"sorcerous-prison\", \"values\": {\"task\": "
                "{\"kind\": \"discard-ingredients\", \"ingredients\": {\"fruit\": 1}}}}");
  pen_place_form_reread_contracts (form, table);
  g_assert_null (pen_place_form_get_contract_to_name (form));
  /* the answer, still chosen, reads the card's name (play finding S3) */
  g_assert_cmpstr (pen_place_form_get_answers (form, slot)[1], ==,
                   pen_turn_card_name ("sorcerous-prison"));
  named_note = pen_place_form_get_note (form);
  g_assert_nonnull (strstr (named_note, "Fruit"));
  g_assert_null (strstr (named_note, "not known yet"));
}

/* A Contract the catalogue names without its task (Lost Hut): the note points to the place
 * dialog's button for it, "Enter Its Task…" (play findings A3, C8); Cards to Name lists only
 * the cards not named yet, never this one */
static void
test_guild_note_enter_task (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenPlaceForm) form = NULL;
  g_autofree char *note = NULL, *popover = NULL;
  int slot;

  form = guild_study (game, "lost-hut", NULL);
  slot = find_question (form, "slot");
  g_assert_cmpint (slot, >=, 0);
  pen_place_form_set_answer (form, slot, 1);
  g_assert_cmpstr (pen_place_form_get_contract_to_name (form), ==, "lost-hut");
  note = pen_place_form_get_note (form);
  g_assert_nonnull (strstr (note, "not known yet"));
  g_assert_nonnull (strstr (note, "Enter Its Task…"));
  g_assert_null (strstr (note, "Cards to Name"));
  /* the Table page's Contract popover has the same button under its note (session 14) */
  popover = pen_place_form_describe_contract (pen_game_get_table (game), 0, "lost-hut", -1);
  g_assert_nonnull (strstr (popover, "Enter Its Task…"));
  g_assert_null (strstr (popover, "Cards to Name"));
}

/* The place form of Ann's first die the Guild takes, the Guild chosen */
static PenPlaceForm *
guild_form (PenGame *game)
{
  PenTable *table = pen_game_get_table (game);
  guint n_supply = g_list_model_get_n_items (pen_wizard_get_supply (pen_table_get_wizard (table,
                                                                                         0)));

  for (guint i = 0; i < n_supply; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PenPlaceForm) form = pen_place_form_new (table, 0, i, &error);

      g_assert_no_error (error);
      for (guint k = 0; pen_place_form_get_sections (form)[k] != NULL; k++)
        if (g_str_equal (pen_place_form_get_sections (form)[k], "guild/contract"))
          {
            pen_place_form_choose (form, k);
            return g_steal_pointer (&form);
          }
    }
  g_assert_not_reached ();
  return NULL;
}

/* A table that says its market's cards: a card bought whose price the catalogue knows has
 * what was paid chosen already, from that price (the table may still change it, and then its
 * word goes with the action); a card whose price is not known is left to the table */
static void
test_buy_known_price (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  const char * const draws[] = { "wand-of-everwood", "ringing-staff", NULL };
  const char * const no_spares[] = { NULL };
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(PenAction) changed = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *item, *pay;
  int buy, jewels, trinkets;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                "\"seed\": 3, \"mode\": \"physical\", \"table_rolls\": true, "
                "\"table_markets\": true, \"start\": [{\"mark\": \"ruby\"}, "
                "{\"mark\": \"jasper\"}]}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  gain (game, PEN_INGREDIENT_JEWEL, 3);
  gain (game, PEN_INGREDIENT_TRINKET, 2);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_set_market_draws (form, "shop", draws, no_spares);
  pen_place_form_choose (form, find_section (form, "shop/buy"));
  buy = find_question (form, "buy");
  jewels = find_question (form, "pay-0-jewel");
  trinkets = find_question (form, "pay-0-trinket");
  g_assert_cmpint (buy, >=, 0);
  g_assert_cmpint (jewels, >, buy);
  g_assert_cmpint (trinkets, >, buy);
  g_assert_cmpstr (pen_place_form_get_answers (form, buy)[1], ==,
                   pen_turn_card_name ("wand-of-everwood"));

  /* the Ringing Staff's price is not printed: asked, nothing chosen */
  pen_place_form_set_answer (form, buy, 2);
  g_assert_true (pen_place_form_get_required (form, jewels));
  g_assert_cmpuint (pen_place_form_get_answer (form, jewels), ==, 0);
  /* the Wand of Everwood costs 1 Jewel, 1 Trinket: chosen already */
  pen_place_form_set_answer (form, buy, 1);
  g_assert_cmpstr (pen_place_form_get_answers (form, jewels)
                     [pen_place_form_get_answer (form, jewels)], ==, "1");
  g_assert_cmpstr (pen_place_form_get_answers (form, trinkets)
                     [pen_place_form_get_answer (form, trinkets)], ==, "1");
  g_assert_false (pen_place_form_get_required (form, jewels));
  /* the Artifact turned up in its place: not the Wand just bought (play finding X2) */
  g_assert_cmpuint (g_strv_length ((char **) pen_place_form_get_answers (
                      form, find_question (form, "reveal-0"))), ==, 2);
  g_assert_cmpstr (pen_place_form_get_answers (form, find_question (form, "reveal-0"))[1], ==,
                   pen_turn_card_name ("ringing-staff"));
  pen_place_form_set_answer (form, find_question (form, "reveal-0"), 1);   /* Ringing Staff */
  g_assert_true (pen_place_form_get_complete (form));
  /* as printed: the core takes the price */
  action = pen_place_form_build_action (form);
  item = json_array_get_object_element (json_object_get_array_member
                                          (pen_action_get_params (action), "buy"), 0);
  g_assert_cmpstr (json_object_get_string_member (item, "card"), ==, "wand-of-everwood");
  g_assert_false (json_object_has_member (item, "pay"));
  /* the table's word: 2 Jewels paid */
  pen_place_form_set_answer (form, jewels, 3);
  changed = pen_place_form_build_action (form);
  item = json_array_get_object_element (json_object_get_array_member
                                          (pen_action_get_params (changed), "buy"), 0);
  pay = json_object_get_object_member (item, "pay");
  g_assert_nonnull (pay);
  g_assert_cmpint (json_object_get_int_member (pay, "jewel"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (pay, "trinket"), ==, 1);
  /* another card bought: the price the table gave stays its own; a derived one goes */
  pen_place_form_set_answer (form, buy, 2);
  g_assert_cmpuint (pen_place_form_get_answer (form, jewels), ==, 3);
  g_assert_cmpuint (pen_place_form_get_answer (form, trinkets), ==, 0);
  pen_game_submit (game, action, &error);
  g_assert_no_error (error);
  g_assert_no_error (error);
  g_assert_cmpint (pen_wizard_find_card (pen_table_get_wizard (table, 0), "wand-of-everwood"),
                   >=, 0);
  g_assert_cmpuint (pen_wizard_get_ingredient (pen_table_get_wizard (table, 0),
                                               PEN_INGREDIENT_JEWEL), ==, 2);
}

/* Play finding W2, the book's Reserved Contracts: "When you place in the Guild, you can fulfil
 * either the Contracts lying in the Guild or any of your reserved Contracts". Ann's reserved
 * ones follow the row's in the same question; one chosen, the placement fulfils it from her
 * reserve, the row keeps its cards and nothing is turned up */
static void
test_guild_reserved_contract (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann;
  const char * const draws[] = { "sorcerous-prison", NULL };
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(PenTableCard) first = NULL;
  g_autoptr(GError) error = NULL;
  const char * const *answers;
  JsonObject *params;
  int slot, reveal, i;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bob\"], "
                "\"seed\": 3, \"mode\": \"physical\", \"table_rolls\": true, "
                "\"start\": [{\"mark\": \"ruby\"}, {\"mark\": \"jasper\"}], "
                "\"setup\": {\"prophecies\": [\"end-of-time\"], "
                "\"trial_row\": [\"aranea\"], "
                "\"fate_deck\": [\"wildwood\", \"fresh-batch\"], "
                "\"contract_row\": [\"lost-hut\", \"brightshine\", null, null]}}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  ann = pen_table_get_wizard (table, 0);
  {
    g_autoptr(PenTableCard) reserved = pen_table_card_new ("scarlet-pact", PEN_ZONE_RESERVED,
                                                           FALSE, NULL);
    g_autoptr(PenTableCard) trial = pen_table_card_new ("aranea", PEN_ZONE_RESERVED, FALSE,
                                                        NULL);

    pen_wizard_add_card (ann, reserved);
    /* a reserved Trial is no Contract */
    pen_wizard_add_card (ann, trial);
  }
  for (guint d = 0; d < g_list_model_get_n_items (pen_wizard_get_supply (ann)) && !form; d++)
    {
      g_autoptr(PenPlaceForm) f = pen_place_form_new (table, 0, d, &error);
      int k;

      g_assert_no_error (error);
      pen_place_form_set_contract_draws (f, draws);
      if ((k = find_section (f, "guild/contract")) >= 0)
        {
          pen_place_form_choose (f, k);
          form = g_steal_pointer (&f);
        }
    }
  g_assert_nonnull (form);
  slot = find_question (form, "slot");
  reveal = find_question (form, "reveal");
  g_assert_cmpint (slot, >=, 0);
  g_assert_cmpint (reveal, >, slot);
  answers = pen_place_form_get_answers (form, slot);
  g_assert_cmpuint (g_strv_length ((char **) answers), ==, 4);
  g_assert_cmpstr (answers[1], ==, pen_turn_card_name ("lost-hut"));
  g_assert_cmpstr (answers[2], ==, pen_turn_card_name ("brightshine"));
  g_assert_true (g_str_has_prefix (answers[3], pen_turn_card_name ("scarlet-pact")));
  g_assert_true (g_str_has_suffix (answers[3], " · reserved"));

  /* a row's Contract leaves a hole the table refills; a reserved one does not */
  pen_place_form_set_answer (form, slot, 1);
  g_assert_true (pen_place_form_get_required (form, reveal));
  pen_place_form_set_answer (form, slot, 3);
  g_assert_false (pen_place_form_get_required (form, reveal));
  g_assert_true (pen_place_form_get_complete (form));
  /* and the question says so, where "—" looked unanswered (play finding X2) */
  answers = pen_place_form_get_answers (form, reveal);
  g_assert_cmpuint (g_strv_length ((char **) answers), ==, 1);
  g_assert_cmpstr (answers[0], ==, "None: a reserved Contract leaves no gap");
  /* a row's Contract again: the cards the table may turn up, nothing chosen */
  pen_place_form_set_answer (form, slot, 1);
  answers = pen_place_form_get_answers (form, reveal);
  g_assert_cmpuint (g_strv_length ((char **) answers), ==, 2);
  g_assert_cmpstr (answers[0], ==, "—");
  g_assert_cmpstr (answers[1], ==, pen_turn_card_name ("sorcerous-prison"));
  g_assert_cmpuint (pen_place_form_get_answer (form, reveal), ==, 0);
  pen_place_form_set_answer (form, slot, 3);
  action = pen_place_form_build_action (form);
  params = pen_action_get_params (action);
  g_assert_cmpstr (json_object_get_string_member (params, "contract"), ==, "scarlet-pact");
  g_assert_false (json_object_has_member (params, "slot"));
  g_assert_false (json_object_has_member (params, "reveal"));

  /* overruled if the task's cost is more than Ann has: this test is about the reserve */
  pen_action_set_override (action, TRUE);
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  i = pen_wizard_find_card (ann, "scarlet-pact");
  g_assert_cmpint (i, >=, 0);
  {
    g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_wizard_get_cards (ann), i);

    g_assert_cmpstr (pen_table_card_get_zone (tc), ==, PEN_ZONE_EXPERIENCE);
  }
  first = g_list_model_get_item (pen_table_get_contract_row (table), 0);
  g_assert_cmpstr (pen_table_card_get_card_id (first), ==, "lost-hut");
}

/* Play finding S9: a Contract's Blood, when Ann has Blood and a wounded Mark, is paid as she
 * chooses (USE BLOOD: "instead of discarding 1 Blood from your Ingredient supply you *can*
 * flip any wounded Mark"): asked with nothing chosen, the placement waits for it, and what
 * it takes follows the answer */
static void
test_guild_blood_choice (void)
{
  for (guint answer = 1; answer <= 2; answer++)
    {
      g_autoptr(PenGame) game = pen_game_new ();
      PenTable *table = pen_game_get_table (game);
      PenWizard *ann;
      g_autoptr(PenPlaceForm) first = NULL;
      g_autoptr(PenPlaceForm) form = NULL;
      g_autoptr(PenAction) action = NULL;
      g_autoptr(PenMark) mark = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *wound = NULL;
      g_autofree char *note = NULL;
      int slot, blood;

      first = guild_study (game, "contract#12", NULL);
      ann = pen_table_get_wizard (table, 0);
      pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"contract#12\", "
                    "\"as\": \"scarlet-pact\", \"values\": {\"task\": "
                    "{\"kind\": \"discard-ingredients\", \"ingredients\": {\"blood\": 1}}}}");
      /* no wounded Mark: nothing to choose */
      gain (game, PEN_INGREDIENT_BLOOD, 1);
      form = guild_form (game);
      g_assert_cmpint (find_question (form, "blood"), <, 0);
      g_clear_object (&form);
      mark = g_list_model_get_item (pen_wizard_get_marks (ann), 0);
      wound = g_strdup_printf ("{\"action\": \"mark-wound\", \"wizard\": 0, \"cell\": %u}",
                               pen_mark_get_cell (mark));
      pen_test_run (game, wound);
      g_assert_cmpint (pen_mark_get_state (mark), ==, PEN_MARK_WOUNDED);

      form = guild_form (game);
      slot = find_question (form, "slot");
      g_assert_cmpint (slot, >=, 0);
      pen_place_form_set_answer (form, slot, 1);
      blood = find_question (form, "blood");
      g_assert_cmpint (blood, >=, 0);
      /* nothing preselected: the placement waits for the answer */
      g_assert_cmpuint (pen_place_form_get_answer (form, blood), ==, 0);
      g_assert_true (pen_place_form_get_required (form, blood));
      g_assert_false (pen_place_form_get_complete (form));
      note = pen_place_form_get_note (form);
      g_assert_nonnull (strstr (note, "as the wizard chooses"));
      g_clear_pointer (&note, g_free);
      pen_place_form_set_answer (form, blood, answer);
      g_assert_true (pen_place_form_get_complete (form));
      note = pen_place_form_get_note (form);
      g_assert_cmpint (strstr (note, "wounded Mark") != NULL, ==, answer == 2);
      action = pen_place_form_build_action (form);
      g_assert_true (pen_game_submit (game, action, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD), ==,
                        answer == 1 ? 0 : 1);
      g_assert_cmpint (pen_mark_get_state (mark) == PEN_MARK_WOUNDED, ==, answer == 1);
    }
}

/* Hurry: once the Study turn's placements are used, the next placement is the Trinket's one
 * (the book: "ONCE PER TURN: Discard a Trinket to make an additional placement"); without a
 * Trinket, or once it is used, the form asks for none and the rules refuse the placement */
static void
test_hurry (void)
{
  g_autoptr(PenGame) game = study_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *note = NULL;
  g_autofree char *text = NULL;

  /* the first round's one placement */
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "bazaar/exchange"));
  note = pen_place_form_get_note (form);
  /* no Hurry (Ann's supply has nothing to exchange: the note says that only) */
  g_assert_true (note == NULL || strstr (note, "Hurry") == NULL);
  action = pen_place_form_build_action (form);
  text = action_text (action);
  g_assert_null (strstr (text, "trinket"));
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pen_table_get_placements_left (table), ==, 0);
  g_clear_object (&form);
  g_clear_object (&action);
  g_clear_pointer (&text, g_free);

  /* no Trinket: nothing to pay, and the rules refuse a placement beyond the turn's */
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_TRINKET), ==, 0);
  form = pen_place_form_new (table, 0, 0, &error);
  pen_place_form_choose (form, find_section (form, "bazaar/exchange"));
  action = pen_place_form_build_action (form);
  g_assert_false (pen_game_submit (game, action, &error));
  g_assert_error (error, PEN_RULE_ERROR, PEN_RULE_PLACEMENTS_PER_TURN);
  g_clear_error (&error);
  g_clear_object (&form);
  g_clear_object (&action);

  /* with a Trinket the form pays it, says so, and the placement is accepted */
  gain (game, PEN_INGREDIENT_TRINKET, 2);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "bazaar/exchange"));
  g_free (note);
  note = pen_place_form_get_note (form);
  g_assert_nonnull (note);
  g_assert_nonnull (strstr (note, "Trinket"));
  action = pen_place_form_build_action (form);
  text = action_text (action);
  g_assert_nonnull (strstr (text, "\"trinket\":true"));
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_TRINKET), ==, 1);
  g_assert_true (pen_table_get_trinket_used (table));
  g_clear_object (&form);
  g_clear_object (&action);
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&note, g_free);

  /* once per turn: the second Trinket buys nothing */
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "bazaar/exchange"));
  note = pen_place_form_get_note (form);
  /* no Hurry (Ann's supply has nothing to exchange: the note says that only) */
  g_assert_true (note == NULL || strstr (note, "Hurry") == NULL);
  action = pen_place_form_build_action (form);
  text = action_text (action);
  g_assert_null (strstr (text, "trinket"));
}

/* A Contract whose task is WITHSTAND THREAT (play finding S2, session 12): the Guild asks its
 * Threat dice like the Ruins' Threat die, only once it is the Contract chosen; in physical play
 * Place waits for them, and the roll is applied with the step: no Mortal Wound here, so the
 * Contract is fulfilled */
static void
test_guild_withstand (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  PenWizard *ann;
  int slot, first, second;

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
  form = guild_study (game, "withstand-hut", NULL);
  ann = pen_table_get_wizard (table, 0);
  slot = find_question (form, "slot");
  first = find_question (form, "withstand-0");
  second = find_question (form, "withstand-1");
  g_assert_cmpint (slot, >=, 0);
  g_assert_cmpint (first, >, slot);
  g_assert_cmpint (second, >, first);
  g_assert_cmpint (find_question (form, "withstand-2"), <, 0);
  /* physical play: nothing prefilled */
  g_assert_cmpstr (pen_place_form_get_answers (form, first)[0], ==, "—");

  /* no Contract, or the other one: not asked */
  g_assert_false (pen_place_form_get_required (form, first));
  pen_place_form_set_answer (form, slot, 2);
  g_assert_false (pen_place_form_get_required (form, first));
  /* the Withstand Contract: both faces are wanted before Place */
  pen_place_form_set_answer (form, slot, 1);
  /* the odds, before the table commits (the Threat page's own figure) */
  {
    g_autofree char *note = pen_place_form_get_note (form);

    g_test_message ("%s", note);
    g_assert_nonnull (note);
    g_assert_nonnull (strstr (note, "chance of no Mortal Wound"));
  }
  g_assert_true (pen_place_form_get_required (form, first));
  g_assert_true (pen_place_form_get_required (form, second));
  pen_place_form_set_answer (form, first, 6);
  g_assert_false (pen_place_form_get_complete (form));
  pen_place_form_set_answer (form, second, 6);
  action = pen_place_form_build_action (form);
  text = action_text (action);
  g_assert_nonnull (strstr (text, "\"withstand\":[6,6]"));
  /* the row's refill is asked by physical play too; not here (no draws known) */
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_test_message ("%s", pen_action_get_label (action));
  g_assert_nonnull (strstr (pen_action_get_label (action), "faces Threat: 6 6"));
  g_assert_cmpint (pen_wizard_find_card (ann, "withstand-hut"), >=, 0);
}

static void
add_withstand_hut (void)
{
  g_autoptr(GError) error = NULL;

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
}

/* The Withstand roll's Mortal Wound, which leaves the Contract in the row so that no card is
 * turned up (the "reveal" question), is judged from the Threat dice DEFEND leaves (rulebook,
 * DEFEND: "placing a Yellow die discards one Threat die … in the Guild (if the Contract being
 * fulfilled has Threat)"; "discard any number of Yellow dice from your supply to discard the
 * same number of Threat dice") against the supply those dice meet. Every Mark of Ann's is of
 * value 1 and wounded: a Threat die 1 that meets no die 1 brings a Mortal Wound. */
static void
test_guild_withstand_defend_mortal (void)
{
  static const char * const draws[] = { "sorcerous-prison", "scarlet-pact", NULL };

  /* 0: a Yellow 4 placed, 1 Threat die rolled; 1: a Red 4 placed and the supply's Yellow 1
   * discarded for DEFEND, 1 Threat die rolled, which no longer meets that die 1 */
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(PenGame) game = pen_game_new ();
      PenTable *table = pen_game_get_table (game);
      g_autoptr(PenPlaceForm) form = NULL;
      g_autoptr(PenAction) action = NULL;
      g_autoptr(GError) error = NULL;
      PenWizard *ann;
      int slot, reveal, first, second, guild = -1;

      add_withstand_hut ();
      g_clear_object (&form);
      form = guild_study (game, "withstand-hut", NULL);
      g_clear_object (&form);
      ann = pen_table_get_wizard (table, 0);
      set_supply (game, k == 0 ? (const char * const []) { "yellow", NULL }
                               : (const char * const []) { "red", "yellow", NULL },
                  (const guint []) { 4, 1 });
      for (guint c = 0; c < PEN_MARK_CELLS; c++)
        {
          g_autofree char *value = g_strdup_printf ("{\"action\": \"board-value\", "
                                                    "\"cell\": %u, \"value\": 1}", c);

          pen_test_run (game, value);
          if (pen_wizard_get_mark_in_cell (ann, c) != NULL)
            {
              g_autofree char *wound = g_strdup_printf ("{\"action\": \"mark-wound\", "
                                                        "\"wizard\": 0, \"cell\": %u}", c);

              pen_test_run (game, wound);
            }
        }
      form = pen_place_form_new (table, 0, 0, &error);
      g_assert_no_error (error);
      pen_place_form_set_contract_draws (form, draws);
      for (guint i = 0; pen_place_form_get_sections (form)[i] != NULL && guild < 0; i++)
        if (g_str_has_prefix (pen_place_form_get_sections (form)[i], "guild/"))
          guild = i;
      g_assert_cmpint (guild, >=, 0);
      pen_place_form_choose (form, guild);
      slot = find_question (form, "slot");
      reveal = find_question (form, "reveal");
      first = find_question (form, "withstand-0");
      g_assert_cmpint (reveal, >=, 0);
      g_assert_cmpint (first, >=, 0);
      pen_place_form_set_answer (form, slot, 1);
      /* the note tells the dice rolled: the Yellow die placed discards one */
      {
        g_autofree char *note = pen_place_form_get_note (form);

        g_test_message ("%s", note);
        g_assert_nonnull (strstr (note, k == 0 ? "Withstand 1 Threat die:"
                                               : "Withstand 2 Threat dice:"));
        g_assert_cmpint (strstr (note, "A Yellow die placed in the Guild") != NULL, ==, k == 0);
      }
      if (k == 1)
        pen_place_form_set_answer (form, find_question (form, "defend"), 1);
      /* one Threat die left to say */
      g_assert_true (pen_place_form_get_required (form, first));
      second = find_question (form, "withstand-1");
      g_assert_true (second < 0 || !pen_place_form_get_required (form, second));
      /* a 2 meets nothing: the Contract is fulfilled, the card turned up is asked */
      pen_place_form_set_answer (form, first, 2);
      g_assert_true (pen_place_form_get_required (form, reveal));
      g_assert_false (pen_place_form_get_complete (form));
      /* a 1 hits a wounded Mark: a Mortal Wound, the Contract stays, nothing is turned up */
      pen_place_form_set_answer (form, first, 1);
      g_assert_false (pen_place_form_get_required (form, reveal));
      g_assert_true (pen_place_form_get_complete (form));
      action = pen_place_form_build_action (form);
      g_assert_true (pen_game_submit (game, action, &error));
      g_assert_no_error (error);
      g_assert_true (pen_wizard_get_mortal_wound_this_turn (ann));
      g_assert_cmpint (pen_wizard_find_card (ann, "withstand-hut"), <, 0);
    }
}

/* A Contract named on the spot, with WITHSTAND THREAT read from it (play finding B3, session
 * 13): its Threat dice are asked once it is named, as they are for a Contract known before, so
 * the table can give them and Place goes through (it failed with "$.withstand: say what the 2
 * Threat dice of the task show") */
static void
test_guild_name_withstand (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  int slot, first, second;

  form = guild_study (game, "contract#12", NULL);
  slot = find_question (form, "slot");
  g_assert_cmpint (slot, >=, 0);
  g_assert_cmpint (find_question (form, "withstand-0"), <, 0);
  pen_place_form_set_answer (form, slot, 1);
  g_assert_cmpstr (pen_place_form_get_contract_to_name (form), ==, "contract#12");

  /* the table names it, with the task printed on it */
  pen_test_run (game, "{\"action\": \"card-identify\", \"card\": \"contract#12\", "
                "\"as\": \"lost-hut\", \"values\": {\"task\": "
                "{\"kind\": \"withstand\", \"threat\": 2}}}");
  pen_place_form_reread_contracts (form, table);
  first = find_question (form, "withstand-0");
  second = find_question (form, "withstand-1");
  g_assert_cmpint (first, >, slot);
  g_assert_cmpint (second, >, first);
  g_assert_cmpint (find_question (form, "withstand-2"), <, 0);
  g_assert_cmpint (find_question (form, "slot"), ==, slot);
  g_assert_cmpint (pen_place_form_get_answer (form, slot), ==, 1);
  g_assert_true (pen_place_form_get_required (form, first));
  g_assert_true (pen_place_form_get_required (form, second));
  g_assert_false (pen_place_form_get_complete (form));
  /* asked again (another naming): no question twice */
  pen_place_form_reread_contracts (form, table);
  g_assert_cmpint (find_question (form, "withstand-1"), ==, second);
  g_assert_cmpint (find_question (form, "withstand-2"), <, 0);

  pen_place_form_set_answer (form, first, 3);
  pen_place_form_set_answer (form, second, 4);
  action = pen_place_form_build_action (form);
  text = action_text (action);
  g_assert_nonnull (strstr (text, "\"withstand\":[3,4]"));
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (pen_action_get_label (action), "Threat: 3 4"));
}

/* DEFEND before the Contract's Withstand roll (session 13): Ann's Yellow die may be discarded
 * (none chosen); chosen, one face is asked, not two, the note gives the odds then, and the
 * action names the die by the supply before the placement */
static void
test_guild_withstand_defend (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  g_autoptr(PenPlaceForm) first_form = guild_study (game, "withstand-hut", NULL);
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL, *note = NULL, *want = NULL;
  PenWizard *ann = pen_table_get_wizard (table, 0);
  guint n_supply;
  int slot, defend, first, second, guild = -1;

  pen_test_run (game, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"yellow\", "
                "\"value\": 2}");
  n_supply = g_list_model_get_n_items (pen_wizard_get_supply (ann));
  for (guint i = 0; i + 1 < n_supply && guild < 0; i++)
    {
      g_clear_object (&form);
      form = pen_place_form_new (table, 0, i, &error);
      g_assert_no_error (error);
      if (pen_place_form_get_color (form) == PEN_COLOR_YELLOW)
        continue;
      for (guint k = 0; pen_place_form_get_sections (form)[k] != NULL && guild < 0; k++)
        if (g_str_has_prefix (pen_place_form_get_sections (form)[k], "guild/"))
          guild = k;
    }
  g_assert_cmpint (guild, >=, 0);
  pen_place_form_choose (form, guild);
  slot = find_question (form, "slot");
  defend = find_question (form, "defend");
  first = find_question (form, "withstand-0");
  second = find_question (form, "withstand-1");
  g_assert_cmpint (defend, >, slot);
  g_assert_cmpuint (pen_place_form_get_answer (form, defend), ==, 0);
  g_assert_cmpstr (pen_place_form_get_answers (form, defend)[1], ==, "the Yellow 2");
  /* no Contract chosen: neither DEFEND nor the dice are shown (play finding B7) */
  g_assert_false (pen_place_form_get_shown (form, defend));
  g_assert_false (pen_place_form_get_shown (form, first));
  g_assert_true (pen_place_form_get_shown (form, slot));
  pen_place_form_set_answer (form, slot, 1);
  g_assert_true (pen_place_form_get_shown (form, defend));
  g_assert_true (pen_place_form_get_shown (form, second));
  g_assert_true (pen_place_form_get_required (form, second));
  pen_place_form_set_answer (form, defend, 1);
  g_assert_true (pen_place_form_get_required (form, first));
  g_assert_false (pen_place_form_get_required (form, second));
  /* the die DEFEND discards is not asked, nor shown */
  g_assert_true (pen_place_form_get_shown (form, first));
  g_assert_false (pen_place_form_get_shown (form, second));
  note = pen_place_form_get_note (form);
  g_test_message ("%s", note);
  g_assert_nonnull (strstr (note, "DEFEND discards the Yellow 2: 1 Threat die left"));
  pen_place_form_set_answer (form, first, 6);
  g_assert_true (pen_place_form_get_complete (form));
  action = pen_place_form_build_action (form);
  text = action_text (action);
  want = g_strdup_printf ("\"defend\":[%u]", n_supply - 1);
  g_assert_nonnull (strstr (text, "\"withstand\":[6]"));
  g_assert_nonnull (strstr (text, want));
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_test_message ("%s", pen_action_get_label (action));
  g_assert_nonnull (strstr (pen_action_get_label (action), "faces Threat: 6 (1 cancelled)"));
}

/* DEFEND at the Ruins (session 13): "discard any number of Yellow dice from your supply to
 * discard the same number of Threat dice … with any other effect involving Threat". At a real
 * table, Ann's Yellow 2 may be discarded (none chosen); chosen, the Threat die is neither asked
 * nor shown, and the action names the die by the supply before the placement */
static void
test_ruins_defend (void)
{
  const char *colors[] = { "red", "yellow", "spark", "green", "bone", NULL };
  const guint values[] = { 4, 2, 3, 3, 5 };
  g_autoptr(PenGame) game = study_game (TRUE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autofree char *text = NULL;
  guint blood = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD);
  int threat, pick, defend;

  set_supply (game, colors, values);
  form = pen_place_form_new (table, 0, 0, &error);
  g_assert_no_error (error);
  pen_place_form_choose (form, find_section (form, "ruins/blood"));
  defend = find_question (form, "defend");
  threat = find_question (form, "threat");
  pick = find_question (form, "threat-pick-3");
  g_assert_cmpint (defend, >=, 0);
  g_assert_cmpint (threat, >, defend);
  g_assert_cmpint (pick, >, threat);
  g_assert_cmpuint (pen_place_form_get_answer (form, defend), ==, 0);
  g_assert_cmpstr (pen_place_form_get_answers (form, defend)[1], ==, "the Yellow 2");
  g_assert_true (pen_place_form_get_shown (form, defend));
  g_assert_true (pen_place_form_get_shown (form, threat));
  g_assert_true (pen_place_form_get_required (form, threat));
  g_assert_false (pen_place_form_get_complete (form));
  pen_place_form_set_answer (form, defend, 1);
  g_assert_false (pen_place_form_get_required (form, threat));
  g_assert_false (pen_place_form_get_shown (form, threat));
  g_assert_false (pen_place_form_get_shown (form, pick));
  g_assert_true (pen_place_form_get_complete (form));
  g_assert_false (pen_place_form_rolls_ruins_threat (form));
  action = pen_place_form_build_action (form);
  text = action_text (action);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "\"defend\":[1]"));
  g_assert_null (strstr (text, "\"threat\""));
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_test_message ("%s", pen_action_get_label (action));
  g_assert_nonnull (strstr (pen_action_get_label (action), "DEFEND discards the Threat die"));
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD), ==, blood + 2);
}

int
main (int   argc,
      char *argv[])
{
  /* the Arcana cost asked is saved with the user's board: in a folder of the test's own */
  g_autofree char *tmp_dir = game_test_init (&argc, &argv);
  int ret;

  g_test_add_func ("/penumbra/forms/place/sections", test_sections);
  g_test_add_func ("/penumbra/forms/place/sanctuary-needs-blood", test_sanctuary_needs_blood);
  g_test_add_func ("/penumbra/forms/place/sanctuary-wounded-mark", test_sanctuary_wounded_mark);
  g_test_add_func ("/penumbra/forms/place/guild-withstand-defend-mortal",
                   test_guild_withstand_defend_mortal);
  g_test_add_func ("/penumbra/forms/place/guild-note-enter-task", test_guild_note_enter_task);
  g_test_add_func ("/penumbra/forms/place/ruins", test_ruins);
  g_test_add_func ("/penumbra/forms/place/app-rolls", test_app_rolls);
  g_test_add_func ("/penumbra/forms/place/ruins-threat-pick", test_ruins_threat_pick);
  g_test_add_func ("/penumbra/forms/place/ruins-defend", test_ruins_defend);
  g_test_add_func ("/penumbra/forms/place/ruins-threat-pick-app-rolls",
                   test_ruins_threat_pick_app_rolls);
  g_test_add_func ("/penumbra/forms/place/bad-die", test_bad_die);
  g_test_add_func ("/penumbra/forms/place/arcana-cost", test_arcana_cost);
  g_test_add_func ("/penumbra/forms/place/class-card", test_class_card);
  g_test_add_func ("/penumbra/forms/place/bazaar", test_bazaar);
  g_test_add_func ("/penumbra/forms/place/bazaar-book", test_bazaar_book);
  g_test_add_func ("/penumbra/forms/place/demo-buys", test_demo_buys);
  g_test_add_func ("/penumbra/forms/place/resource-faces-typed", test_resource_faces_typed);
  g_test_add_func ("/penumbra/forms/place/resource-count", test_resource_count);
  g_test_add_func ("/penumbra/forms/place/primagic-resource-optional",
                   test_primagic_resource_optional);
  g_test_add_func ("/penumbra/forms/place/buy", test_buy);
  g_test_add_func ("/penumbra/forms/place/buy-said", test_buy_said);
  g_test_add_func ("/penumbra/forms/place/buy-any-number", test_buy_any_number);
  g_test_add_func ("/penumbra/forms/place/guild-reveal", test_guild_reveal);
  g_test_add_func ("/penumbra/forms/place/buy-at-table", test_buy_at_table);
  g_test_add_func ("/penumbra/forms/place/guild-name-contract", test_guild_name_contract);
  g_test_add_func ("/penumbra/forms/place/buy-known-price", test_buy_known_price);
  g_test_add_func ("/penumbra/forms/place/guild-reserved-contract",
                   test_guild_reserved_contract);
  g_test_add_func ("/penumbra/forms/place/hurry", test_hurry);
  g_test_add_func ("/penumbra/forms/place/guild-blood-choice", test_guild_blood_choice);
  g_test_add_func ("/penumbra/forms/place/guild-withstand", test_guild_withstand);
  g_test_add_func ("/penumbra/forms/place/guild-name-withstand", test_guild_name_withstand);
  /* after it: the card it adds to the catalogue */
  g_test_add_func ("/penumbra/forms/place/guild-withstand-defend", test_guild_withstand_defend);
  ret = g_test_run ();
  pen_test_remove_tree (tmp_dir);
  return ret;
}
