/* test-locations.c: the locations as the book lays them out, and the place action
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "game-test-common.h"
#include "pen-box.h"
#include "pen-locations.h"
#include "pen-place-form.h"
#include "pen-rule.h"
#include "pen-test-utils.h"

static char *tmp_dir;

/* Refused (or invalid) with a message naming part, and the table unchanged */
static void
submit_fails (PenGame    *game,
              const char *json,
              int         code,
              const char *part)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = table_snapshot (pen_game_get_table (game));
  g_autofree char *after = NULL;

  g_assert_false (pen_game_submit_json (game, json, &error));
  g_assert_nonnull (error);
  if (code >= 0)
    g_assert_cmpint (error->code, ==, code);
  if (strstr (error->message, part) == NULL)
    g_error ("%s: expected \"%s\" in \"%s\"", json, part, error->message);
  after = table_snapshot (pen_game_get_table (game));
  g_assert_cmpstr (before, ==, after);
}

static void
fails_at (PenGame    *game,
          int         code,
          const char *part,
          const char *format,
          ...) G_GNUC_PRINTF (4, 5);

static void
fails_at (PenGame    *game,
          int         code,
          const char *part,
          const char *format,
          ...)
{
  va_list args;
  g_autofree char *json = NULL;

  va_start (args, format);
  json = g_strdup_vprintf (format, args);
  va_end (args);

  submit_fails (game, json, code, part);
}

static void
submitf (PenGame    *game,
         const char *format,
         ...) G_GNUC_PRINTF (2, 3);

static void
submitf (PenGame    *game,
         const char *format,
         ...)
{
  va_list args;
  g_autofree char *json = NULL;

  va_start (args, format);
  json = g_strdup_vprintf (format, args);
  va_end (args);
  pen_test_run (game, json);
}

/* The index of the last die in a wizard's supply (a die just gained) */
static guint
last_die (PenGame *game,
          guint    wizard)
{
  PenWizard *w = pen_table_get_wizard (pen_game_get_table (game), wizard);

  return g_list_model_get_n_items (pen_wizard_get_supply (w)) - 1;
}

/* A Study turn for the current wizard, with a die of color/value ready at the end of its
 * supply */
static guint
study_with (PenGame    *game,
            const char *color,
            guint       value)
{
  PenTable *table = pen_game_get_table (game);
  guint w = pen_table_get_current (table);

  if (pen_table_get_turn_kind (table) == PEN_TURN_NONE)
    pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  submitf (game, "{\"action\": \"die-gain\", \"wizard\": %u, \"color\": \"%s\", \"value\": %u}",
           w, color, value);
  return w;
}

static void
end_turn (PenGame *game)
{
  pen_test_run (game, "{\"action\": \"turn-end\"}");
}

static PenGame *
new_game (gboolean physical)
{
  PenGame *game = pen_game_new ();

  submitf (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 4, "
           "\"mode\": \"%s\", \"ready_made\": true%s}", physical ? "physical" : "app",
           physical ? ", \"table_rolls\": true" : "");
  return game;
}

static const char *
last_placed_at (PenGame *game)
{
  GListModel *placed = pen_table_get_placed (pen_game_get_table (game));
  g_autoptr(PenDie) die = g_list_model_get_item (placed, g_list_model_get_n_items (placed) - 1);

  return g_intern_string (pen_die_get_location (die));
}

/* A refusal for want of something says what is short, with the numbers, for the table
 * (pen_rule_get_error_label); the CLI's message keeps its path and rule */
static void
refused_saying (PenGame    *game,
                const char *json,
                const char *path,
                const char *said)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *rule = NULL;

  g_assert_false (pen_game_submit_json (game, json, &error));
  g_assert_error (error, PEN_RULE_ERROR, error->code);
  g_assert_true (g_str_has_prefix (error->message, path));
  rule = g_strdup_printf ("(rule %s;", pen_rule_to_string (pen_rule_from_error (error)));
  g_assert_nonnull (strstr (error->message, rule));
  g_assert_cmpstr (pen_rule_get_error_label (error), ==, said);
  /* a copy keeps it (the window hands errors on) */
  {
    g_autoptr(GError) copy = g_error_copy (error);

    g_assert_cmpstr (pen_rule_get_error_label (copy), ==, said);
  }
}

static void
test_cost_reasons (void)
{
  g_autoptr(PenGame) game = new_game (FALSE);
  PenWizard *ann = pen_table_get_wizard (pen_game_get_table (game), 0);
  g_autofree char *json = NULL, *said = NULL;
  guint arcana, blood;

  study_with (game, "red", 6);
  arcana = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA);
  json = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
                          "\"ruby-class\", \"section\": \"mark\", \"arcana\": %u}",
                          last_die (game, 0), arcana + 2);
  said = g_strdup_printf ("Ann has %u Arcana; the Mark costs %u Arcana", arcana, arcana + 2);
  refused_saying (game, json, "$.arcana: ", said);

  blood = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD);
  if (blood > 0)
    submitf (game, "{\"action\": \"ingredient-spend\", \"wizard\": 0, \"ingredient\": "
             "\"blood\", \"count\": %u}", blood);
  g_free (json);
  json = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
                          "\"sanctuary\"}", last_die (game, 0));
  refused_saying (game, json, "$.location: ", "Ann has 0 Blood; the Spark die costs 1 Blood");

  /* the first round has one placement: the second is refused, saying so */
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"ruins\", \"threat\": 1}", last_die (game, 0));
  g_free (json);
  json = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, \"index\": 0, \"location\": "
                          "\"ruins\", \"threat\": 1}");
  refused_saying (game, json, "$: ",
                  "Ann has made the one placement of the first round");
  /* a Trinket is mentioned only once she has one (play finding R7) */
  submitf (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": "
           "\"trinket\", \"count\": 1}");
  refused_saying (game, json, "$: ",
                  "Ann has made the one placement of the first round; a Trinket buys one more");
}

/* Locations › Class, Gain a card: the card comes free; the Arcana in its printed cost is
 * paid when it is used (Wizard cards › Cost). Arcana paid at the Class is refused by
 * location-cost, done anyway it is paid; the Arcana printed on an unnamed card, said when it
 * is named, is remembered in the user catalogue (play finding R10) */
static void
test_class_card_cost (void)
{
  g_autoptr(PenGame) game = new_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autofree char *json = NULL;
  g_autofree char *card = NULL;
  g_autoptr(PenAction) last = NULL;
  const char *kind = NULL;
  const char *color;
  guint arcana;
  PenCard *named;

  for (int k = 0; k < PEN_MARK_SPARK && kind == NULL; k++)
    if (pen_table_has_class (table, k))
      kind = pen_mark_kind_to_string (k);
  g_assert_nonnull (kind);
  color = pen_color_to_string (pen_mark_kind_color (pen_mark_kind_from_string (kind)));
  study_with (game, color, 2);
  submitf (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": "
           "\"arcana\", \"count\": 2}");
  arcana = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA);
  json = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, \"index\": %u, "
                          "\"location\": \"%s-class\", \"section\": \"card\", "
                          "\"arcana\": 1}", last_die (game, 0), kind);
  refused_saying (game, json, "$.arcana: ", "A Class gives its Discipline card free: the "
                  "Arcana printed in the card’s cost is paid when the card is used");
  /* without it, the card is taken and no Arcana goes */
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"%s-class\", \"section\": \"card\"}", last_die (game, 0), kind);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), ==, arcana);
  last = g_list_model_get_item (pen_game_get_history (game), pen_game_get_position (game) - 1);
  card = g_strdup (json_object_get_string_member (pen_action_get_params (last), "card"));
  g_assert_true (pen_card_id_is_placeholder (card));
  g_assert_cmpint (pen_wizard_find_card (ann, card), >=, 0);
  /* taken from the Class, it is of the Class's Discipline in Ann's hands too: the names
   * offered are never a card the catalogue files under another one (play finding B2: the
   * Emerald Class's card offered Alchemy, a Jasper card) */
  {
    g_autoptr(GPtrArray) names = pen_box_list_names_for (game, card);
    int discipline = pen_mark_kind_from_string (kind);

    g_assert_cmpuint (names->len, >, 0);
    for (guint i = 0; i < names->len; i++)
      {
        PenCard *c = pen_catalog_lookup (pen_catalog_get_default (), names->pdata[i]);
        int d = pen_card_get_discipline (c);

        /* (the catalogue files Alchemy under Jasper and one card under Amber: whichever
         * Class this is, one of them was offered before) */
        g_assert_true (d < 0 || d == discipline);
      }
  }
  /* done anyway: the table overrules, the Arcana said is paid */
  g_assert_true (pen_game_undo (game));
  g_free (json);
  json = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, \"index\": %u, "
                          "\"location\": \"%s-class\", \"section\": \"card\", "
                          "\"arcana\": 1, \"override\": true}", last_die (game, 0), kind);
  pen_test_run (game, json);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), ==, arcana - 1);
  g_assert_true (pen_game_undo (game));
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), ==, arcana);
  g_assert_true (pen_game_redo (game, NULL));

  /* the Arcana printed in a catalogue card's cost is read off it: the All-Colour Wolf's
   * Green 6 and 1 Arcana; a Spell costing a Red die, none; one not printed, unknown */
  g_assert_cmpint (pen_card_get_arcana_cost (pen_catalog_lookup (pen_catalog_get_default (),
                                                                 "all-colour-wolf")), ==, 1);
  g_assert_cmpint (pen_card_get_arcana_cost (pen_catalog_lookup (pen_catalog_get_default (),
                                                                 "scarlet-downpour")), ==, 0);
  g_assert_cmpint (pen_card_get_arcana_cost (pen_catalog_lookup (pen_catalog_get_default (),
                                                                 "alchemy")), ==, -1);
  /* the card taken named with the Arcana printed on it: remembered */
  {
    PenCardNumbers numbers = PEN_CARD_NUMBERS_INIT;
    g_autoptr(PenAction) name = NULL;
    g_autoptr(GError) error = NULL;

    numbers.arcana_cost = 2;
    name = pen_box_name_action (card, NULL, "Starfall Rite", &numbers);
    g_assert_true (pen_game_submit (game, name, &error));
    g_assert_no_error (error);
  }
  named = pen_catalog_lookup (pen_catalog_get_default (), "starfall-rite");
  g_assert_nonnull (named);
  g_assert_cmpint (pen_card_get_arcana_cost (named), ==, 2);
  g_assert_true (pen_card_is_known (named, "arcana_cost"));
  g_assert_cmpint (pen_wizard_find_card (ann, "starfall-rite"), >=, 0);
}

/* The Ruins' Threat die: threat_pick says which of several dice of its value is lost; a pick
 * of another value, or six picks not six, is a clear error and nothing changes */
static void
test_ruins_threat_pick (void)
{
  g_autoptr(PenGame) game = new_game (TRUE);
  PenWizard *ann = pen_table_get_wizard (pen_game_get_table (game), 0);

  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  while (g_list_model_get_n_items (pen_wizard_get_supply (ann)) > 0)
    pen_test_run (game, "{\"action\": \"die-discard\", \"wizard\": 0, \"index\": 0}");
  pen_test_run (game, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"red\", "
                "\"value\": 4}");
  pen_test_run (game, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"spark\", "
                "\"value\": 3}");
  pen_test_run (game, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"green\", "
                "\"value\": 3}");
  pen_test_run (game, "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"bone\", "
                "\"value\": 5}");
  submit_fails (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": 0, \"location\": "
                "\"ruins\", \"threat\": 3, \"threat_pick\": [0, 1]}", PEN_ERROR_INVALID,
                "$.threat_pick: one die index per face (6), not 2");
  /* the Bone 5 (index 2 once the Red 4 has left) does not show 3 */
  submit_fails (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": 0, \"location\": "
                "\"ruins\", \"threat\": 3, \"threat_pick\": 2}", PEN_ERROR_INVALID,
                "$.threat_pick: die 2 of the supply left does not show the Threat die's 3");
  /* six picks, one per face: the one for 3 counts */
  pen_test_run (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": 0, \"location\": "
                "\"ruins\", \"threat\": 3, \"threat_pick\": [-1, -1, 0, -1, 2, -1]}");
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (ann)), ==, 2);
  g_assert_cmpint (pen_die_get_color (pen_wizard_get_die (ann, 0)), ==, PEN_COLOR_GREEN);
  g_assert_cmpint (pen_die_get_color (pen_wizard_get_die (ann, 1)), ==, PEN_COLOR_BONE);
}

static void
test_model (void)
{
  PenLocations *self = pen_locations_get_default ();
  g_auto(GStrv) ids = pen_locations_list (self);
  g_auto(GStrv) sections = pen_locations_list_sections (self, "ruby-class");
  g_autoptr(GError) error = NULL;
  gboolean taken[3] = { TRUE, FALSE, FALSE };
  int cell = -2;

  /* six Classes, four City and three Wilds locations */
  g_assert_cmpuint (g_strv_length (ids), ==, 13);
  g_assert_cmpstr (ids[0], ==, "ruby-class");
  g_assert_cmpint (pen_locations_get_area (self, "amethyst-class"), ==, PEN_AREA_SCHOOL);
  g_assert_cmpint (pen_locations_get_area (self, "guild"), ==, PEN_AREA_CITY);
  g_assert_cmpint (pen_locations_get_area (self, "ruins"), ==, PEN_AREA_WILDS);
  g_assert_cmpint (pen_locations_get_area (self, "tavern"), ==, -1);
  g_assert_cmpstr (pen_locations_get_name (self, "ruby-class"), ==, "Ruby Class");
  g_assert_cmpuint (g_strv_length (sections), ==, 3);
  g_assert_cmpint (pen_locations_get_effect (self, "ruby-class", "mark"), ==,
                   PEN_EFFECT_MARK_AND_CARD);
  g_assert_cmpint (pen_locations_get_effect (self, "forest", NULL), ==, PEN_EFFECT_RESOURCE);
  /* the book prints the Class's Mark cells only */
  g_assert_cmpint (pen_locations_get_n_cells (self, "ruby-class", "mark"), ==, 3);
  g_assert_cmpint (pen_locations_get_n_cells (self, "ruby-class", "card"), ==, -1);
  g_assert_cmpint (pen_locations_get_n_cells (self, "forest", NULL), ==, -1);
  g_assert_cmpint (pen_locations_get_discipline (self, "emerald-class"), ==, PEN_MARK_EMERALD);

  /* "Gain a card" takes a die of the Class colour; a Spark die is wild and counts as it
   * (play finding P11), a die of another colour does not */
  g_assert_true (pen_locations_check_die (self, "ruby-class", "card", -1, PEN_COLOR_RED, 3, 2,
                                          NULL, NULL, &error));
  g_assert_true (pen_locations_check_die (self, "ruby-class", "card", -1, PEN_COLOR_SPARK, 3, 2,
                                          NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (pen_locations_check_die (self, "ruby-class", "card", -1, PEN_COLOR_GREEN, 3,
                                           2, NULL, NULL, &error));
  g_assert_error (error, PEN_RULE_ERROR, PEN_RULE_CELL_CONDITION);
  g_clear_error (&error);

  /* a six of the Class colour in the first two cells, a Spark die in the third */
  g_assert_true (pen_locations_check_die (self, "ruby-class", "mark", -1, PEN_COLOR_RED, 6, 2,
                                          taken, &cell, &error));
  g_assert_cmpint (cell, ==, 1);
  g_assert_true (pen_locations_check_die (self, "ruby-class", "mark", -1, PEN_COLOR_SPARK, 2, 2,
                                          taken, &cell, &error));
  g_assert_cmpint (cell, ==, 2);
  g_assert_false (pen_locations_check_die (self, "ruby-class", "mark", -1, PEN_COLOR_RED, 5, 2,
                                           taken, &cell, &error));
  g_assert_error (error, PEN_RULE_ERROR, PEN_RULE_CELL_CONDITION);
  g_assert_nonnull (strstr (error->message, "(rule cell-condition)"));
  g_clear_error (&error);
  g_assert_false (pen_locations_check_die (self, "ruby-class", "mark", 0, PEN_COLOR_RED, 6, 2,
                                           taken, &cell, &error));
  g_assert_error (error, PEN_RULE_ERROR, PEN_RULE_CELL_TAKEN);
  g_clear_error (&error);
  g_assert_false (pen_locations_check_die (self, "sapphire-class", "card", -1, PEN_COLOR_RED, 6,
                                           2, NULL, &cell, &error));
  g_assert_nonnull (strstr (error->message, "blue"));
  g_clear_error (&error);
  g_assert_true (pen_locations_check_die (self, "sapphire-class", "card", -1, PEN_COLOR_BLUE, 1,
                                          2, NULL, &cell, &error));
  g_assert_cmpint (cell, ==, -1);
  g_assert_true (pen_locations_check_die (self, "ruins", NULL, -1, PEN_COLOR_BONE, 3, 4, NULL,
                                          &cell, &error));
}

/* The Class: the die, the Mark with its Arcana cost and the Rest effect, the card */
static void
test_class (void)
{
  g_autoptr(PenGame) game = new_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  guint w, marks_before = pen_wizard_count_marks (ann, PEN_MARK_RUBY);
  guint arcana;

  /* turn 0: one placement; a Bone 6 is not a Ruby six */
  w = study_with (game, "bone", 6);
  submitf (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"arcana\", "
           "\"count\": 3}");
  fails_at (game, -1, "(rule cell-condition;", "{\"action\": \"place\", \"wizard\": 0, "
            "\"index\": %u, \"location\": \"ruby-class\", \"section\": \"mark\", "
            "\"arcana\": 1}", last_die (game, 0));
  submit_fails (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": 0, \"location\": "
                "\"ruby-class\"}", PEN_ERROR_INVALID, "$.section: missing");
  submit_fails (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": 0, \"location\": "
                "\"tavern\", \"section\": \"x\"}", PEN_ERROR_INVALID, "not a location");
  end_turn (game);
  w = study_with (game, "red", 1);
  end_turn (game);

  /* a Red 6 in the Ruby Class's Mark section: the Mark for its Arcana, and the card; the
   * Mark's Rest effect takes a Red die back from those placed (this one) */
  w = study_with (game, "red", 6);
  g_assert_cmpuint (w, ==, 0);
  arcana = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA);
  fails_at (game, PEN_ERROR_INVALID, "$.arcana", "{\"action\": \"place\", \"wizard\": 0, "
            "\"index\": %u, \"location\": \"ruby-class\", \"section\": \"mark\"}",
            last_die (game, 0));
  {
    guint dice = g_list_model_get_n_items (pen_wizard_get_supply (ann));

    submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
             "\"ruby-class\", \"section\": \"mark\", \"arcana\": 2, \"card\": "
             "\"scarlet-downpour\"}", last_die (game, 0));
    g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (ann)), ==, dice);
    g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_placed (table)), ==, 0);
  }
  g_assert_cmpuint (pen_wizard_count_marks (ann, PEN_MARK_RUBY), ==, marks_before + 1);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), ==, arcana - 2);
  g_assert_cmpint (pen_wizard_find_card (ann, "scarlet-downpour"), >=, 0);

  /* a Spark die takes the third cell, and stays there; a second one finds it taken */
  {
    g_auto(GStrv) open = pen_locations_list_open (pen_locations_get_default (), table,
                                                  PEN_COLOR_SPARK, 3);

    g_assert_true (g_strv_contains ((const char * const *) open, "ruby-class/mark"));
    g_assert_true (g_strv_contains ((const char * const *) open, "forest/resource"));
    /* wild, it counts as the Class colour for "Gain a card" too */
    g_assert_true (g_strv_contains ((const char * const *) open, "ruby-class/card"));
  }
  study_with (game, "spark", 3);
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"ruby-class\", \"section\": \"mark\", \"arcana\": 0}", last_die (game, 0));
  g_assert_cmpstr (last_placed_at (game), ==, "ruby-class/mark/2");
  study_with (game, "spark", 4);
  {
    g_auto(GStrv) open = pen_locations_list_open (pen_locations_get_default (), table,
                                                  PEN_COLOR_SPARK, 4);

    /* the Ruby Spark cell is taken now; the Amber one is free */
    g_assert_false (g_strv_contains ((const char * const *) open, "ruby-class/mark"));
    g_assert_true (g_strv_contains ((const char * const *) open, "amber-class/mark"));
  }
  fails_at (game, -1, "(rule cell-taken;", "{\"action\": \"place\", \"wizard\": 0, "
            "\"index\": %u, \"location\": \"ruby-class\", \"section\": \"mark\", "
            "\"arcana\": 0, \"trinket\": true}", last_die (game, 0));
  /* Appear: outside the cells for 1 Arcana, the cell's condition still holds */
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": "
                "\"trinket\", \"count\": 1}");
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"ruby-class\", \"section\": \"mark\", \"arcana\": 0, \"trinket\": true, "
           "\"outside\": true}", last_die (game, 0));
  g_assert_cmpstr (last_placed_at (game), ==, "ruby-class/mark");
  end_turn (game);
  study_with (game, "bone", 2);
  submitf (game, "{\"action\": \"place\", \"wizard\": 1, \"index\": %u, \"location\": "
           "\"ruby-class\", \"section\": \"die\", \"value\": 5}", last_die (game, 1));
  {
    PenWizard *bo = pen_table_get_wizard (table, 1);
    PenDie *die = pen_wizard_get_die (bo, last_die (game, 1));

    g_assert_cmpint (pen_die_get_color (die), ==, PEN_COLOR_RED);
    g_assert_cmpuint (pen_die_get_value (die), ==, 5);
  }
  g_assert_cmpstr (last_placed_at (game), ==, "ruby-class/die");
  submit_fails (game, "{\"action\": \"place\", \"wizard\": 1, \"index\": 0, \"location\": "
                "\"ruby-class\", \"section\": \"mark\", \"cell\": 0, \"arcana\": 0}", -1, "");

  /* undo takes the whole placement back */
  {
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;

    g_assert_true (pen_game_undo (game));
    before = table_snapshot (table);
    g_assert_true (pen_game_redo (game, NULL));
    g_assert_true (pen_game_undo (game));
    after = table_snapshot (table);
    g_assert_cmpstr (before, ==, after);
  }
}

/* The City: Bazaar, Brewery, Shop, Guild; Purple rolls a Resource die */
static void
test_city (void)
{
  g_autoptr(PenGame) game = new_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  GListModel *cards = pen_wizard_get_cards (ann);
  guint n_cards;

  study_with (game, "bone", 1);
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"fruit\", "
                "\"count\": 8}");
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"bazaar\", \"give\": {\"fruit\": 8}, \"get\": {\"jewel\": 4}}", last_die (game, 0));
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL), ==, 4);
  g_assert_cmpstr (last_placed_at (game), ==, "bazaar/exchange");
  end_turn (game);
  study_with (game, "bone", 1);
  end_turn (game);

  /* the Guild: one contract of the row */
  study_with (game, "bone", 3);
  n_cards = g_list_model_get_n_items (cards);
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"guild\", \"slot\": 3}", last_die (game, 0));
  g_assert_cmpuint (g_list_model_get_n_items (cards), ==, n_cards + 1);
  {
    g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, n_cards);
    g_assert_cmpstr (pen_table_card_get_zone (tc), ==, PEN_ZONE_EXPERIENCE);
  }

  /* the Shop sells one Artifact per placement */
  study_with (game, "bone", 4);
  fails_at (game, -1, "(rule shop-one-artifact;", "{\"action\": \"place\", \"wizard\": 0, "
            "\"index\": %u, \"location\": \"shop\", \"buy\": [{\"card\": \"radiant-staff\", "
            "\"pay\": {}}, {\"card\": \"guard-wand\", \"pay\": {}}]}", last_die (game, 0));
  fails_at (game, -1, "(rule location-gives;", "{\"action\": \"place\", \"wizard\": "
            "0, \"index\": %u, \"location\": \"brewery\", \"buy\": [{\"card\": "
            "\"radiant-staff\", \"pay\": {}}]}", last_die (game, 0));
  /* a Bone die in the Bazaar rolls no Resource die */
  fails_at (game, PEN_ERROR_INVALID, "rolls 0 Resource dice", "{\"action\": \"place\", \"wizard\": "
            "0, \"index\": %u, \"location\": \"bazaar\", \"resource\": [{\"fruit\": 1}]}",
            last_die (game, 0));
  end_turn (game);
  study_with (game, "purple", 2);
  submitf (game, "{\"action\": \"place\", \"wizard\": 1, \"index\": %u, \"location\": "
           "\"bazaar\", \"resource\": [{\"crystal\": 2}]}", last_die (game, 1));
  g_assert_cmpuint (pen_wizard_get_ingredient (pen_table_get_wizard (table, 1),
                                               PEN_INGREDIENT_CRYSTAL), >=, 2);
}

/* The Wilds: the Forest's Resource die (the table says it, or its faces are typed in once),
 * the Sanctuary's Spark die for Blood, the Ruins' Threat die and 2 Blood */
static void
test_wilds (void)
{
  g_autoptr(PenGame) game = new_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  PenLocations *self = pen_locations_get_default ();
  g_autoptr(GError) error = NULL;
  guint fruit, blood, sparks = 0;
  g_autoptr(JsonNode) faces = pen_json_parse ("[{\"fruit\": 1}, {\"fruit\": 2}, "
                                              "{\"crystal\": 1}, {\"jewel\": 1}, "
                                              "{\"crystal\": 2}, {\"jewel\": 2}]", -1, NULL);

  g_assert_true (pen_locations_set_resource_faces (self, NULL, &error));
  g_assert_false (pen_locations_get_resource_faces (self, NULL));

  study_with (game, "bone", 2);
  fruit = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT);
  fails_at (game, PEN_ERROR_INVALID, "faces are not known", "{\"action\": \"place\", "
            "\"wizard\": 0, \"index\": %u, \"location\": \"forest\"}", last_die (game, 0));
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"forest\", \"resource\": [{\"fruit\": 2, \"crystal\": 1}]}", last_die (game, 0));
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT), ==, fruit + 2);
  /* what the die gave, in History, takes its plural by count (play finding Z3) */
  {
    g_autoptr(PenAction) last = g_list_model_get_item (pen_game_get_history (game),
                                                       pen_game_get_position (game) - 1);

    g_test_message ("%s", pen_action_get_label (last));
    g_assert_nonnull (strstr (pen_action_get_label (last), "Resource die: 1 Crystal, 2 Fruits"));
  }
  end_turn (game);

  /* the faces typed in once: the app rolls, and the log keeps what it gave */
  g_assert_true (pen_locations_set_resource_faces (self, faces, &error));
  g_assert_no_error (error);
  {
    g_autoptr(PenLocations) reread = pen_locations_new (NULL);
    g_autofree char *file = pen_locations_get_default_user_file ();

    g_assert_true (g_file_test (file, G_FILE_TEST_EXISTS));
    g_assert_false (pen_locations_get_resource_faces (reread, NULL));
  }
  study_with (game, "green", 4);
  submitf (game, "{\"action\": \"place\", \"wizard\": 1, \"index\": %u, \"location\": "
           "\"forest\"}", last_die (game, 1));
  {
    g_autofree char *log = pen_game_log_to_lines (game);

    /* a Green die in the Wilds: two Resource dice */
    g_assert_nonnull (strstr (log, "\"resource\":[{"));
    g_assert_nonnull (strstr (log, "}," "{"));
  }
  end_turn (game);

  /* the Sanctuary: 1 Blood for a Spark die */
  study_with (game, "bone", 5);
  for (guint i = 0; i < g_list_model_get_n_items (pen_wizard_get_supply (ann)); i++)
    sparks += pen_die_get_color (pen_wizard_get_die (ann, i)) == PEN_COLOR_SPARK;
  if (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD) == 0)
    submit_fails (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": 0, \"location\": "
                  "\"sanctuary\"}", -1, "(rule location-cost;");
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"blood\", "
                "\"count\": 1}");
  blood = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD);
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"sanctuary\", \"value\": 3}", last_die (game, 0));
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD), ==, blood - 1);
  {
    guint now = 0;

    for (guint i = 0; i < g_list_model_get_n_items (pen_wizard_get_supply (ann)); i++)
      now += pen_die_get_color (pen_wizard_get_die (ann, i)) == PEN_COLOR_SPARK;
    g_assert_cmpuint (now, ==, sparks + 1);
  }

  /* the Ruins: a Yellow die discards the Threat die; 2 Blood either way */
  study_with (game, "yellow", 1);
  blood = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD);
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"ruins\"}", last_die (game, 0));
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD), ==, blood + 2);
  end_turn (game);
  study_with (game, "bone", 6);
  {
    PenWizard *bo = pen_table_get_wizard (table, 1);
    guint dice = g_list_model_get_n_items (pen_wizard_get_supply (bo));

    blood = pen_wizard_get_ingredient (bo, PEN_INGREDIENT_BLOOD);
    /* a Threat die of 6 takes the wizard's other 6 (or a mark of that value) */
    submitf (game, "{\"action\": \"place\", \"wizard\": 1, \"index\": %u, \"location\": "
             "\"ruins\", \"threat\": 6}", last_die (game, 1));
    g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (bo)), <, dice);
    g_assert_cmpuint (pen_wizard_get_ingredient (bo, PEN_INGREDIENT_BLOOD), ==, blood + 2);
  }

  /* the game replays to the same table, the app's Resource rolls included */
  {
    g_autofree char *data = pen_game_to_data (game);
    g_autoptr(PenGame) loaded = pen_game_load_from_data (data, strlen (data), &error);

    g_assert_no_error (error);
    g_assert_nonnull (loaded);
  }
  g_assert_true (pen_locations_set_resource_faces (self, NULL, &error));
}

/* Physical play: the table says what the Resource die gave; the app never rolls it */
static void
test_physical (void)
{
  g_autoptr(PenGame) game = new_game (TRUE);
  PenLocations *self = pen_locations_get_default ();
  g_autoptr(JsonNode) faces = pen_json_parse ("[{\"fruit\": 1}, {\"fruit\": 2}, "
                                              "{\"crystal\": 1}, {\"jewel\": 1}, "
                                              "{\"crystal\": 2}, {\"jewel\": 2}]", -1, NULL);

  g_assert_true (pen_locations_set_resource_faces (self, faces, NULL));
  study_with (game, "bone", 2);
  fails_at (game, PEN_ERROR_NEEDS_FACES, "the table rolls them", "{\"action\": \"place\", "
            "\"wizard\": 0, \"index\": %u, \"location\": \"forest\"}", last_die (game, 0));
  fails_at (game, PEN_ERROR_INVALID, "1 Resource dice, not 2", "{\"action\": \"place\", "
            "\"wizard\": 0, \"index\": %u, \"location\": \"forest\", \"resource\": "
            "[{\"fruit\": 1}, {\"fruit\": 1}]}", last_die (game, 0));
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"forest\", \"resource\": [{\"trinket\": 1}]}", last_die (game, 0));
  g_assert_true (pen_locations_set_resource_faces (self, NULL, NULL));
}

/* The table can overrule a refusal: the override is recorded; physical dice are asked for */
static void
test_override_and_faces (void)
{
  g_autoptr(PenGame) physical = new_game (TRUE);
  g_autoptr(GError) error = NULL;
  PenTable *table = pen_game_get_table (physical);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  guint dice;

  study_with (physical, "bone", 6);
  dice = g_list_model_get_n_items (pen_wizard_get_supply (ann));
  {
    g_autofree char *json = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, "
                                             "\"index\": %u, \"location\": \"ruby-class\", "
                                             "\"section\": \"mark\", \"arcana\": 0, "
                                             "\"override\": true, \"faces\": [2]}",
                                             last_die (physical, 0));
    g_autoptr(PenAction) action = NULL;
    GArray *overrides;

    g_assert_true (pen_game_submit_json (physical, json, &error));
    g_assert_no_error (error);
    action = g_list_model_get_item (pen_game_get_history (physical),
                                    pen_game_get_position (physical) - 1);
    overrides = pen_action_get_overrides (action);
    g_assert_nonnull (overrides);
    g_assert_cmpuint (overrides->len, ==, 1);
    g_assert_cmpuint (g_array_index (overrides, guint, 0), ==, PEN_RULE_CELL_CONDITION);
    g_assert_cmpstr (last_placed_at (physical), ==, "ruby-class/mark/0");
  }
  end_turn (physical);

  /* the Mark's Rest effect gave a Red die, rolled by the table: the face it said */
  {
    PenDie *die = pen_wizard_get_die (ann, g_list_model_get_n_items (pen_wizard_get_supply (ann))
                                           - 1);

    g_assert_cmpint (pen_die_get_color (die), ==, PEN_COLOR_RED);
    g_assert_cmpuint (pen_die_get_value (die), ==, 2);
    g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (ann)), ==, dice);
  }
  /* a die the Class gives is rolled by the table: its face is asked for */
  study_with (physical, "bone", 3);
  {
    g_autofree char *json = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 1, "
                                             "\"index\": %u, \"location\": \"jasper-class\", "
                                             "\"section\": \"die\"}", last_die (physical, 1));
    g_autofree char *with = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 1, "
                                             "\"index\": %u, \"location\": \"jasper-class\", "
                                             "\"section\": \"die\", \"faces\": [4]}",
                                             last_die (physical, 1));
    PenWizard *bo = pen_table_get_wizard (table, 1);
    PenDie *die;

    submit_fails (physical, json, PEN_ERROR_NEEDS_FACES, "faces");
    pen_test_run (physical, with);
    die = pen_wizard_get_die (bo, g_list_model_get_n_items (pen_wizard_get_supply (bo)) - 1);
    g_assert_cmpint (pen_die_get_color (die), ==, PEN_COLOR_YELLOW);
    g_assert_cmpuint (pen_die_get_value (die), ==, 4);
  }
}

/* Only the four Classes laid out at set-up are in the game (Setup, common play area 2): the
 * others are never offered, a die there is refused by class-in-game, and the table may still
 * overrule it; the Classes survive a save. */
static void
test_classes_in_game (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenGame) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  PenLocations *locations = pen_locations_get_default ();
  PenTable *table = pen_game_get_table (game);
  guint in_game = 0, n_in = 0;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], "
                "\"seed\": 3}");
  /* the set-up's own list, read back from the new-game action */
  {
    g_autoptr(PenAction) first = g_list_model_get_item (pen_game_get_history (game), 0);
    JsonObject *setup = json_object_get_object_member (pen_action_get_params (first), "setup");
    JsonArray *classes = json_object_get_array_member (setup, "classes");

    for (guint i = 0; i < json_array_get_length (classes); i++)
      in_game |= 1u << pen_mark_kind_from_string (json_array_get_string_element (classes, i));
  }
  for (int k = 0; k < PEN_MARK_SPARK; k++)
    n_in += (in_game >> k) & 1;
  g_assert_cmpuint (n_in, ==, 4);
  g_assert_cmpuint (pen_table_get_classes (table), ==, in_game);

  /* every colour and face: no section of a Class put back is ever open */
  for (int c = 0; c < PEN_N_COLORS; c++)
    for (guint v = 1; v <= 6; v++)
      {
        g_auto(GStrv) open = pen_locations_list_open (locations, table, c, v);

        for (guint i = 0; open[i] != NULL; i++)
          {
            g_autofree char *location = g_strndup (open[i], strcspn (open[i], "/"));
            int k = pen_locations_get_discipline (locations, location);

            if (k >= 0)
              g_assert_true ((in_game >> k) & 1);
          }
      }

  /* a die in one of them: refused by the rule, unless overridden */
  {
    int out = 0;
    g_autofree char *location = NULL;
    g_autofree char *json = NULL;
    g_autofree char *forced = NULL;
    g_autoptr(PenAction) action = NULL;
    GArray *overrides;

    while ((in_game >> out) & 1)
      out++;
    location = g_strdup_printf ("%s-class", pen_mark_kind_to_string (out));
    study_with (game, pen_color_to_string (pen_mark_kind_color (out)), 6);
    json = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, \"index\": %u, "
                            "\"location\": \"%s\", \"section\": \"die\"}",
                            last_die (game, 0), location);
    submit_fails (game, json, PEN_RULE_CLASS_IN_GAME, "class-in-game");
    forced = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, \"index\": %u, "
                              "\"location\": \"%s\", \"section\": \"die\", "
                              "\"override\": true}", last_die (game, 0), location);
    pen_test_run (game, forced);
    action = g_list_model_get_item (pen_game_get_history (game),
                                    pen_game_get_position (game) - 1);
    overrides = pen_action_get_overrides (action);
    g_assert_nonnull (overrides);
    g_assert_cmpuint (g_array_index (overrides, guint, 0), ==, PEN_RULE_CLASS_IN_GAME);
  }

  data = pen_game_to_data (game);
  again = pen_game_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pen_table_get_classes (pen_game_get_table (again)), ==, in_game);
}

/* The ids of a market's face-up cards, in order */
static GPtrArray *
market_cards (PenTable   *table,
              const char *market)
{
  GListModel *markets = pen_table_get_markets (table);
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);

      if (g_strcmp0 (pen_table_card_get_zone (tc), market) == 0)
        g_ptr_array_add (out, g_strdup (pen_table_card_get_card_id (tc)));
    }
  return out;
}

/* Play finding B1: an unnamed card is shown by where the table finds it, "Emerald Class, left
 * card", "Guild, cell 2", "Row of Trials, place 1" (not "Discipline card 3 of 96", the box's
 * count); the log keeps the ids, and a card on no row or market has no such name */
static void
test_placeholder_where (void)
{
  g_autoptr(PenGame) game = new_game (TRUE);
  PenTable *table = pen_game_get_table (game);
  guint classes = 0;

  for (int k = 0; k < PEN_MARK_SPARK; k++)
    {
      g_autoptr(GPtrArray) cards = NULL;
      g_autofree char *left = NULL, *right = NULL, *want_left = NULL, *want_right = NULL;

      if (!pen_table_has_class (table, k))
        continue;
      cards = market_cards (table, pen_mark_kind_to_string (k));
      g_assert_cmpuint (cards->len, ==, 2);
      left = pen_box_placeholder_where (table, cards->pdata[0]);
      right = pen_box_placeholder_where (table, cards->pdata[1]);
      want_left = g_strdup_printf ("%s, left card", pen_mark_kind_get_class_name (k));
      want_right = g_strdup_printf ("%s, right card", pen_mark_kind_get_class_name (k));
      g_assert_cmpstr (left, ==, want_left);
      g_assert_cmpstr (right, ==, want_right);
      g_assert_null (strstr (left, " of "));
      classes++;
    }
  g_assert_cmpuint (classes, ==, 4);
  /* a named card, and an id that lies nowhere the table sees, have none */
  g_assert_null (pen_box_placeholder_where (table, "goldeater"));
  g_assert_null (pen_box_placeholder_where (table, "contract#999"));
  /* the Guild's cells and the row of Trials, counted from the left */
  for (guint i = 0; i < g_list_model_get_n_items (pen_table_get_contract_row (table)); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_contract_row (table), i);
      const char *id = pen_table_card_get_card_id (tc);
      g_autofree char *where = pen_box_placeholder_where (table, id);
      g_autofree char *want = g_strdup_printf ("Guild, cell %u", i + 1);

      if (id != NULL && pen_card_id_is_placeholder (id))
        g_assert_cmpstr (where, ==, want);
      else
        g_assert_null (where);
    }
}

/* Locations › Class: "Gain one Discipline card (either one of the two lying face up in the
 * Class market, or one random card from the top of the Discipline deck)". The set-up lays two
 * unnamed cards by each Class in the game (Setup › 6); the card taken goes to the wizard, the
 * market is refilled from the deck, and no number named once comes back. */
static void
test_class_market (void)
{
  g_autoptr(PenGame) game = new_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  g_autofree char *snapshot = NULL;
  g_autofree char *undone = NULL;
  const char *kind = NULL;
  char *taken, *top;
  PenCardType type;
  guint n, classes = 0, dealt;

  /* two face-up cards for each of the four Classes, none for the two put back */
  for (int k = 0; k < PEN_MARK_SPARK; k++)
    {
      g_autoptr(GPtrArray) ids = market_cards (table, pen_mark_kind_to_string (k));

      if (!pen_table_has_class (table, k))
        {
          g_assert_cmpuint (ids->len, ==, 0);
          continue;
        }
      classes++;
      kind = kind ? kind : pen_mark_kind_to_string (k);
      g_assert_cmpuint (ids->len, ==, 2);
      for (guint i = 0; i < ids->len; i++)
        {
          g_assert_true (pen_card_parse_placeholder (g_ptr_array_index (ids, i), &type, &n));
          g_assert_cmpint (type, ==, PEN_CARD_DISCIPLINE);
        }
    }
  g_assert_cmpuint (classes, ==, 4);
  /* the table names them, as any card turned face up */
  {
    g_autoptr(GPtrArray) unnamed = pen_box_list_unidentified (table);
    guint discipline = 0;

    for (guint i = 0; i < unnamed->len; i++)
      discipline += g_str_has_prefix (((PenCardSighting *) g_ptr_array_index (unnamed, i))->card,
                                      "discipline#");
    g_assert_cmpuint (discipline, ==, 8);
  }

  /* a die of the Class's colour in "Gain a card", the market's second card taken */
  before = market_cards (table, kind);
  study_with (game, pen_color_to_string (pen_mark_kind_color (pen_mark_kind_from_string (kind))),
              2);
  snapshot = table_snapshot (table);
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"%s-class\", \"section\": \"card\", \"card\": \"%s\"}", last_die (game, 0), kind,
           (char *) g_ptr_array_index (before, 1));
  g_assert_cmpint (pen_wizard_find_card (ann, g_ptr_array_index (before, 1)), >=, 0);
  after = market_cards (table, kind);
  g_assert_cmpuint (after->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (after, 0), ==, g_ptr_array_index (before, 0));
  /* the refill is a card no one has seen: past every number dealt */
  g_assert_true (pen_card_parse_placeholder (g_ptr_array_index (after, 1), &type, &n));
  g_assert_cmpint (type, ==, PEN_CARD_DISCIPLINE);
  g_assert_cmpuint (n, ==, 9);
  g_assert_cmpuint (pen_table_get_discipline_dealt (table), ==, 9);
  /* the log holds the refill, so it replays the same */
  {
    g_autofree char *log = pen_game_log_to_lines (game);

    g_assert_nonnull (strstr (log, "\"reveal\":\"discipline#9\""));
  }
  /* undo takes it all back */
  g_assert_true (pen_game_undo (game));
  undone = table_snapshot (table);
  g_assert_cmpstr (undone, ==, snapshot);
  g_assert_true (pen_game_redo (game, NULL));
  end_turn (game);

  /* Bo takes the top card of the deck: one unnamed card more; the table names it, and the
   * next top card is never that number again */
  study_with (game, pen_color_to_string (pen_mark_kind_color (pen_mark_kind_from_string (kind))),
              3);
  submitf (game, "{\"action\": \"place\", \"wizard\": 1, \"index\": %u, \"location\": "
           "\"%s-class\", \"section\": \"card\"}", last_die (game, 1), kind);
  dealt = pen_table_get_discipline_dealt (table);
  g_assert_cmpuint (dealt, ==, 10);
  top = g_strdup_printf ("discipline#%u", dealt);
  g_assert_cmpint (pen_wizard_find_card (pen_table_get_wizard (table, 1), top), >=, 0);
  {
    g_autoptr(GPtrArray) names = pen_box_list_names_for (game, top);

    /* a Discipline card is a Spell or a Pet */
    g_assert_true (g_ptr_array_find_with_equal_func (names, "healing", g_str_equal, NULL));
    g_assert_true (g_ptr_array_find_with_equal_func (names, "sniffer", g_str_equal, NULL));
    g_assert_false (g_ptr_array_find_with_equal_func (names, "aranea", g_str_equal, NULL));
  }
  submitf (game, "{\"action\": \"card-identify\", \"card\": \"%s\", \"as\": \"healing\"}", top);
  g_assert_cmpint (pen_wizard_find_card (pen_table_get_wizard (table, 1), "healing"), >=, 0);
  /* named as a Tome, as the app offered before a Tome was known to be an Artifact (it no
   * longer does, box/tome-is-artifact): such a log still replays, the Tome in the Experience
   * zone */
  taken = g_ptr_array_index (before, 1);
  submitf (game, "{\"action\": \"card-identify\", \"card\": \"%s\", \"as\": "
           "\"manual-of-good-manners\"}", taken);
  {
    GListModel *cards = pen_wizard_get_cards (ann);

    for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
      {
        g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);

        if (g_str_equal (pen_table_card_get_card_id (tc), "manual-of-good-manners"))
          g_assert_cmpstr (pen_table_card_get_zone (tc), ==, PEN_ZONE_EXPERIENCE);
      }
  }
  end_turn (game);
  study_with (game, pen_color_to_string (pen_mark_kind_color (pen_mark_kind_from_string (kind))),
              4);
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"%s-class\", \"section\": \"card\"}", last_die (game, 0), kind);
  g_assert_cmpint (pen_wizard_find_card (ann, top), <, 0);
  g_assert_cmpuint (pen_table_get_discipline_dealt (table), ==, dealt + 1);
  /* not named yet: the end sheet asks it (a Tome's symbols count) */
  {
    g_autoptr(GPtrArray) unknown = pen_box_list_unknown_numbers (table);
    g_autofree char *fresh = g_strdup_printf ("discipline#%u", dealt + 1);
    gboolean listed = FALSE;

    for (guint i = 0; i < unknown->len; i++)
      listed = listed || g_str_equal (((PenCardSighting *) g_ptr_array_index (unknown,
                                                                              i))->card, fresh);
    g_assert_true (listed);
  }
  /* the save loads back with the count kept */
  {
    g_autofree char *data = pen_game_to_data (game);
    g_autoptr(GError) error = NULL;
    g_autoptr(PenGame) again = pen_game_load_from_data (data, -1, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (pen_table_get_discipline_dealt (pen_game_get_table (again)), ==,
                      dealt + 1);
  }
  g_free (top);
}

/* Locations › Bazaar: "8 Fruits into 4 Jewels, 1 Trinket into 2 more Jewels, and 1 more Trinket
 * into 3 Crystals" in one placement; what is not had is refused by the rule (overridable) */
static void
test_bazaar_and_costs (void)
{
  g_autoptr(PenGame) game = new_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  guint jewel, crystal;

  study_with (game, "bone", 1);
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"fruit\", "
                "\"count\": 8}");
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": "
                "\"trinket\", \"count\": 2}");
  jewel = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL);
  crystal = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_CRYSTAL);
  /* a Trinket more than Ann has */
  fails_at (game, PEN_RULE_LOCATION_COST, "(rule location-cost;", "{\"action\": \"place\", "
            "\"wizard\": 0, \"index\": %u, \"location\": \"bazaar\", \"give\": {\"fruit\": 8, "
            "\"trinket\": 3}, \"get\": {\"jewel\": 6, \"crystal\": 6}}", last_die (game, 0));
  /* not balanced: a plain refusal, no override makes it so */
  fails_at (game, PEN_ERROR_INVALID, "at the Bazaar rate", "{\"action\": \"place\", "
            "\"wizard\": 0, \"index\": %u, \"location\": \"bazaar\", \"give\": {\"fruit\": 8}, "
            "\"get\": {\"jewel\": 6}, \"override\": true}", last_die (game, 0));
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"bazaar\", \"give\": {\"fruit\": 8, \"trinket\": 2}, \"get\": {\"jewel\": 6, "
           "\"crystal\": 3}}", last_die (game, 0));
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_FRUIT), ==, 0);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_TRINKET), ==, 0);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL), ==, jewel + 6);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_CRYSTAL), ==, crystal + 3);
  end_turn (game);

  /* the Brewery: a Potion paid with Jewels Bo does not have is refused by the rule; the table
   * may overrule it, and Bo pays what he has */
  {
    PenWizard *bo = pen_table_get_wizard (table, 1);
    g_autoptr(GPtrArray) potions = market_cards (table, "brewery");
    const char *potion = g_ptr_array_index (potions, 0);
    guint has = pen_wizard_get_ingredient (bo, PEN_INGREDIENT_JEWEL);

    study_with (game, "bone", 2);
    fails_at (game, PEN_RULE_LOCATION_COST, "(rule location-cost;", "{\"action\": \"place\", "
              "\"wizard\": 1, \"index\": %u, \"location\": \"brewery\", \"buy\": [{\"card\": "
              "\"%s\", \"pay\": {\"jewel\": %u}}]}", last_die (game, 1), potion, has + 1);
    submitf (game, "{\"action\": \"place\", \"wizard\": 1, \"index\": %u, \"location\": "
             "\"brewery\", \"buy\": [{\"card\": \"%s\", \"pay\": {\"jewel\": %u}}], "
             "\"override\": true}", last_die (game, 1), potion, has + 1);
    g_assert_cmpint (pen_wizard_find_card (bo, potion), >=, 0);
    g_assert_cmpuint (pen_wizard_get_ingredient (bo, PEN_INGREDIENT_JEWEL), ==, 0);
  }
}

/* penumbra-cli apply: a placement goes through the same action; a refused cell exits 2 with
 * the JSON path and the rule, keeping the lines before it */
static gboolean
run_cli (const char * const *argv,
         const char         *input,
         char              **out,
         char              **err,
         int                *status)
{
  return pen_test_run_cli (argv, tmp_dir, input, out, err, status);
}

static void
test_cli (void)
{
  g_autofree char *file = g_build_filename (tmp_dir, "cli-game.json", NULL);
  const char *apply[] = { "apply", file, NULL };
  const char *cards[] = { "cards", file, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;
  const char *lines =
    "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 4}\n"
    "{\"action\": \"turn-start\", \"kind\": \"study\"}\n"
    "{\"action\": \"die-gain\", \"wizard\": 0, \"color\": \"bone\", \"value\": 6}\n"
    "{\"action\": \"place\", \"wizard\": 0, \"index\": 0, \"location\": \"forest\", "
    "\"resource\": [{\"fruit\": 2}]}\n"
    "{\"action\": \"turn-end\"}\n"
    "{\"action\": \"turn-start\", \"kind\": \"study\"}\n"
    "{\"action\": \"die-gain\", \"wizard\": 1, \"color\": \"bone\", \"value\": 6}\n"
    "{\"action\": \"place\", \"wizard\": 1, \"index\": 0, \"location\": \"amber-class\", "
    "\"section\": \"mark\", \"arcana\": 0}\n";

  g_remove (file);
  if (!run_cli (apply, lines, &out, &err, &status))
    {
      g_test_skip ("PENUMBRA_CLI is not set");
      return;
    }
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (out, "applied 7"));
  g_assert_null (strstr (out, "applied 8"));
  g_assert_nonnull (strstr (err, "line 8"));
  g_assert_nonnull (strstr (err, "$.index"));
  g_assert_nonnull (strstr (err, "(rule cell-condition;"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* the cards still to name, and what each draw can give */
  g_assert_true (run_cli (cards, "", &out, &err, &status));
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "\"unidentified\""));
  g_assert_nonnull (strstr (out, "\"draws\""));
  g_assert_nonnull (strstr (out, "\"another_each\""));
  g_remove (file);
}

/* Physical play: a Contract's reward dice are rolled by the table, which says their faces; the
 * action keeps them, so undo and redo give the same table (issue 9: the app never rolls for
 * the table) */
static void
test_reward_dice (void)
{
  g_autoptr(PenGame) physical = new_game (TRUE);
  g_autoptr(PenGame) app = new_game (FALSE);
  PenTable *table = pen_game_get_table (physical);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autofree char *json = NULL, *with = NULL, *after = NULL, *redone = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GArray) rolls = NULL;
  g_autoptr(GError) error = NULL;
  guint n;

  study_with (physical, "bone", 3);
  json = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
                          "\"guild\", \"slot\": 3, \"reward\": {\"dice\": [\"red\", \"bone\"]}, "
                          "\"override\": true}", last_die (physical, 0));
  submit_fails (physical, json, PEN_ERROR_NEEDS_FACES, "faces");
  /* the app asks the faces of exactly the reward's two dice */
  node = pen_json_parse (json, -1, &error);
  g_assert_no_error (error);
  action = pen_action_new_from_json (node, "$", &error);
  g_assert_no_error (error);
  rolls = pen_action_list_rolls (action, table, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rolls->len, ==, 2);
  g_assert_cmpuint (g_array_index (rolls, guint, 0), ==, PEN_COLOR_RED);
  g_assert_cmpuint (g_array_index (rolls, guint, 1), ==, PEN_COLOR_BONE);

  with = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
                          "\"guild\", \"slot\": 3, \"reward\": {\"dice\": [\"red\", \"bone\"]}, "
                          "\"override\": true, \"faces\": [5, 2]}", last_die (physical, 0));
  pen_test_run (physical, with);
  n = g_list_model_get_n_items (pen_wizard_get_supply (ann));
  g_assert_cmpint (pen_die_get_color (pen_wizard_get_die (ann, n - 2)), ==, PEN_COLOR_RED);
  g_assert_cmpuint (pen_die_get_value (pen_wizard_get_die (ann, n - 2)), ==, 5);
  g_assert_cmpint (pen_die_get_color (pen_wizard_get_die (ann, n - 1)), ==, PEN_COLOR_BONE);
  g_assert_cmpuint (pen_die_get_value (pen_wizard_get_die (ann, n - 1)), ==, 2);
  after = table_snapshot (table);
  g_assert_true (pen_game_undo (physical));
  g_assert_true (pen_game_redo (physical, &error));
  g_assert_no_error (error);
  redone = table_snapshot (table);
  g_assert_cmpstr (after, ==, redone);

  /* app-dealt play: the app rolls them, nothing is asked */
  study_with (app, "bone", 3);
  submitf (app, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"guild\", \"slot\": 3, \"reward\": {\"dice\": [\"red\"]}, \"override\": true}",
           last_die (app, 0));
}

/* A physical table that says its market's cards ("table_markets"): the Brewery and the Shop
 * start with two unknown cards; a card bought is one of them or a named one; the card turned
 * up takes the vacated place, an unknown one when not said */
static void
test_table_markets (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenGame) old = new_game (TRUE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann;
  GListModel *markets = pen_table_get_markets (table);
  GListModel *decks = pen_table_get_market_decks (table);
  g_autofree char *snapshot = NULL;
  guint brewery = 0;
  const char *ids[2] = { NULL, NULL };

  submit_fails (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 4, "
                "\"table_markets\": true}", PEN_ERROR_INVALID, "$.table_markets");
  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 4, "
                "\"mode\": \"physical\", \"table_rolls\": true, \"table_markets\": true, "
                "\"ready_made\": true}");
  ann = pen_table_get_wizard (table, 0);
  g_assert_true (pen_table_get_table_markets (table));
  snapshot = table_snapshot (table);
  g_assert_nonnull (strstr (snapshot, "\"table_markets\":true"));
  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);

      if (g_strcmp0 (pen_table_card_get_zone (tc), "brewery") == 0
          || g_strcmp0 (pen_table_card_get_zone (tc), "shop") == 0)
        {
          g_assert_null (pen_table_card_get_card_id (tc));
          brewery++;
        }
    }
  g_assert_cmpuint (brewery, ==, 4);
  for (guint i = 0; i < g_list_model_get_n_items (decks); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (decks, i);

      g_assert_cmpstr (pen_table_card_get_zone (tc), !=, "brewery");
      g_assert_cmpstr (pen_table_card_get_zone (tc), !=, "shop");
    }
  /* an older physical game keeps the markets its set-up dealt */
  g_assert_false (pen_table_get_table_markets (pen_game_get_table (old)));
  {
    g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_markets
                                                          (pen_game_get_table (old)), 0);

    g_assert_nonnull (pen_table_card_get_card_id (tc));
  }

  /* and buys as it did: the bought card leaves its place empty (the app could not know what
   * came up) */
  {
    PenTable *t = pen_game_get_table (old);
    GListModel *m = pen_table_get_markets (t);
    const char *first = NULL;
    guint before = 0, after = 0;

    for (guint i = 0; i < g_list_model_get_n_items (m); i++)
      {
        g_autoptr(PenTableCard) tc = g_list_model_get_item (m, i);

        if (g_strcmp0 (pen_table_card_get_zone (tc), "brewery") == 0)
          {
            first = first ? first : g_intern_string (pen_table_card_get_card_id (tc));
            before++;
          }
      }
    g_assert_nonnull (first);
    study_with (old, "bone", 1);
    submitf (old, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
             "\"brewery\", \"buy\": [{\"card\": \"%s\", \"pay\": {}}]}", last_die (old, 0),
             first);
    for (guint i = 0; i < g_list_model_get_n_items (m); i++)
      {
        g_autoptr(PenTableCard) tc = g_list_model_get_item (m, i);

        after += g_strcmp0 (pen_table_card_get_zone (tc), "brewery") == 0;
      }
    g_assert_cmpuint (after, ==, before - 1);
  }

  study_with (game, "bone", 1);
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"jewel\", "
                "\"count\": 9}");
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": "
                "\"crystal\", \"count\": 2}");
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": \"fruit\", "
                "\"count\": 1}");
  /* the card bought cannot be the one turned up */
  fails_at (game, PEN_ERROR_INVALID, "$.reveal", "{\"action\": \"place\", \"wizard\": 0, "
            "\"index\": %u, \"location\": \"brewery\", \"buy\": [{\"card\": \"triplet\", "
            "\"pay\": {\"jewel\": 1}, \"reveal\": \"triplet\"}]}", last_die (game, 0));
  /* nor a card face up already */
  fails_at (game, PEN_ERROR_INVALID, "already", "{\"action\": \"place\", \"wizard\": 0, "
            "\"index\": %u, \"location\": \"brewery\", \"buy\": [{\"card\": \"triplet\", "
            "\"pay\": {\"jewel\": 1}, \"reveal\": \"liquid-luck\"}, {\"card\": \"dead-water\", \"pay\": {\"jewel\": 1}, "
            "\"reveal\": \"liquid-luck\"}]}", last_die (game, 0));
  /* an unknown card was Triplet; Liquid Luck took its place; then an unknown card was Dead
   * Water, and the table did not say what came up */
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"brewery\", \"buy\": [{\"card\": \"triplet\", \"pay\": {\"jewel\": 1}, "
           "\"reveal\": \"liquid-luck\"}, {\"card\": \"dead-water\", \"pay\": {\"jewel\": 1}}]}", last_die (game, 0));
  g_assert_cmpint (pen_wizard_find_card (ann, "triplet"), >=, 0);
  g_assert_cmpint (pen_wizard_find_card (ann, "dead-water"), >=, 0);
  brewery = 0;
  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);

      if (g_strcmp0 (pen_table_card_get_zone (tc), "brewery") == 0)
        ids[brewery++] = g_intern_string (pen_table_card_get_card_id (tc));
    }
  g_assert_cmpuint (brewery, ==, 2);
  g_assert_true ((ids[0] == NULL) != (ids[1] == NULL));
  g_assert_cmpstr (ids[0] != NULL ? ids[0] : ids[1], ==, "liquid-luck");
  end_turn (game);
  study_with (game, "bone", 1);
  end_turn (game);

  /* both named now: only they can be bought */
  study_with (game, "bone", 2);
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"brewery\", \"buy\": [{\"card\": \"silverling\", \"pay\": {\"jewel\": 1}, "
           "\"reveal\": \"ichor\"}]}", last_die (game, 0));
  end_turn (game);
  study_with (game, "bone", 1);
  end_turn (game);
  study_with (game, "bone", 2);
  fails_at (game, -1, "not in the brewery market", "{\"action\": \"place\", \"wizard\": 0, "
            "\"index\": %u, \"location\": \"brewery\", \"buy\": [{\"card\": "
            "\"liquid-darkness\", \"pay\": {\"jewel\": 1}}]}", last_die (game, 0));
}

/* The same table at a Rest: the card bought was one of the unknown ones, and an unknown one
 * lies in its place */
static void
test_table_markets_rest (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  g_autoptr(PenAction) rest = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GArray) rolls = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) json = g_string_new ("{\"action\": \"turn-start\", \"kind\": \"rest\", "
                                          "\"faces\": [");
  guint unknown = 0;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 4, "
                "\"mode\": \"physical\", \"table_rolls\": true, \"table_markets\": true}");
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, \"ingredient\": "
                "\"jewel\", \"count\": 3}");
  node = pen_json_parse ("{\"action\": \"turn-start\", \"kind\": \"rest\"}", -1, NULL);
  rest = pen_action_new_from_json (node, "$", &error);
  g_assert_no_error (error);
  rolls = pen_action_list_rolls (rest, table, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < rolls->len; i++)
    g_string_append (json, i == 0 ? "1" : ", 1");
  g_string_append (json, "]}");
  pen_test_run (game, json->str);
  pen_test_run (game, "{\"action\": \"buy\", \"wizard\": 0, \"card\": \"silverling\", "
                "\"pay\": {\"jewel\": 1}}");
  g_assert_cmpint (pen_wizard_find_card (pen_table_get_wizard (table, 0), "silverling"), >=, 0);
  for (guint i = 0; i < g_list_model_get_n_items (pen_table_get_markets (table)); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_markets (table), i);

      if (g_strcmp0 (pen_table_card_get_zone (tc), "brewery") == 0)
        {
          g_assert_null (pen_table_card_get_card_id (tc));
          unknown++;
        }
    }
  g_assert_cmpuint (unknown, ==, 2);
}

/* A Talent that names its starting Discipline card gives it at set-up (Setup › Talents:
 * "Each player takes the indicated Discipline Mark and Discipline card"), when the set-up
 * says so: an older log, without it, gives the table it gave */
static void
test_talent_start_card (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(PenGame) old = pen_game_new ();
  PenWizard *ann;
  int i;

  g_assert_cmpstr (pen_card_get_start_card (pen_catalog_lookup (pen_catalog_get_default (),
                                                                "druid")),
                   ==, "unity-with-nature");
  submit_fails (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 4, "
                "\"start\": [{\"mark\": \"ruby\", \"talent\": \"druid\", \"card\": "
                "\"triplet\"}, {\"mark\": \"jasper\"}]}", PEN_ERROR_INVALID, "$.start[0].card");
  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 4, "
                "\"start\": [{\"mark\": \"ruby\", \"talent\": \"druid\", \"card\": "
                "\"unity-with-nature\"}, {\"mark\": \"jasper\"}]}");
  ann = pen_table_get_wizard (pen_game_get_table (game), 0);
  i = pen_wizard_find_card (ann, "unity-with-nature");
  g_assert_cmpint (i, >=, 0);
  {
    g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_wizard_get_cards (ann), i);

    /* a Spell goes below the board, into the Grimoire */
    g_assert_cmpstr (pen_table_card_get_zone (tc), ==, PEN_ZONE_GRIMOIRE);
  }
  g_assert_cmpint (pen_wizard_find_card (pen_table_get_wizard (pen_game_get_table (game), 1),
                                         "unity-with-nature"), <, 0);
  pen_test_run (old, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 4, "
                "\"start\": [{\"mark\": \"ruby\", \"talent\": \"druid\"}, "
                "{\"mark\": \"jasper\"}]}");
  g_assert_cmpint (pen_wizard_find_card (pen_table_get_wizard (pen_game_get_table (old), 0),
                                         "unity-with-nature"), <, 0);
}

/* Appear (Primagic, "Discard 1 Arcana to place a die outside a cell"): once the cells a die
 * may take in a section are all taken, a die meeting its condition may still go there for 1
 * Arcana; the place form offers it while the wizard has an Arcana, and the die lies outside
 * the cells */
static void
test_appear (void)
{
  g_autoptr(PenGame) game = new_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) open = NULL, full = NULL;
  const char * const *sections;
  int appear = -1;
  guint arcana;

  /* the Ruby Class's Spark cell taken (a Class-coloured 6 becomes the Mark: it leaves no die
   * in its cell) */
  {
    guint w = study_with (game, "spark", 2);

    submitf (game, "{\"action\": \"place\", \"wizard\": %u, \"index\": %u, "
             "\"location\": \"ruby-class\", \"section\": \"mark\", \"arcana\": 0}", w,
             last_die (game, w));
    g_assert_cmpstr (last_placed_at (game), ==, "ruby-class/mark/2");
  }
  study_with (game, "spark", 2);
  open = pen_locations_list_open (pen_locations_get_default (), table, PEN_COLOR_SPARK, 2);
  full = pen_locations_list_full (pen_locations_get_default (), table, PEN_COLOR_SPARK, 2);
  g_assert_false (g_strv_contains ((const char * const *) open, "ruby-class/mark"));
  g_assert_true (g_strv_contains ((const char * const *) full, "ruby-class/mark"));

  /* no Arcana: not offered; with one, offered outside the cells */
  while (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA) > 0)
    pen_test_run (game, "{\"action\": \"ingredient-spend\", \"wizard\": 0, "
                  "\"ingredient\": \"arcana\"}");
  form = pen_place_form_new (table, 0, last_die (game, 0), &error);
  g_assert_no_error (error);
  g_assert_false (g_strv_contains (pen_place_form_get_sections (form),
                                   "ruby-class/mark" PEN_PLACE_FORM_APPEAR));
  g_clear_object (&form);
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, "
                "\"ingredient\": \"arcana\", \"count\": 2}");
  arcana = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA);
  form = pen_place_form_new (table, 0, last_die (game, 0), &error);
  g_assert_no_error (error);
  sections = pen_place_form_get_sections (form);
  for (guint i = 0; sections[i] != NULL; i++)
    if (g_str_equal (sections[i], "ruby-class/mark" PEN_PLACE_FORM_APPEAR))
      appear = (int) i;
  g_assert_cmpint (appear, >=, 0);
  pen_place_form_choose (form, appear);
  action = pen_place_form_build_action (form);
  if (action == NULL)
    {
      /* the cell's Arcana cost is asked: it costs nothing here */
      for (guint q = 0; q < pen_place_form_get_n_questions (form); q++)
        if (pen_place_form_get_required (form, q) && pen_place_form_get_answer (form, q) == 0)
          pen_place_form_set_answer (form, q, 1);
      action = pen_place_form_build_action (form);
    }
  g_assert_nonnull (action);
  g_assert_true (json_object_get_boolean_member (pen_action_get_params (action), "outside"));
  pen_action_set_override (action, TRUE);
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (last_placed_at (game), ==, "ruby-class/mark");
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), <=, arcana - 1);
}

/* The index of section open (with its Primagic mark) in the form, or -1 */
static int
form_section (PenPlaceForm *form,
              const char   *open)
{
  const char * const *sections = pen_place_form_get_sections (form);

  for (guint i = 0; sections[i] != NULL; i++)
    if (g_str_equal (sections[i], open))
      return (int) i;
  return -1;
}

/* Red 2s in w's supply (the Ruby Mark gained may bring a Red die of another face) */
static guint
count_red (PenWizard *w)
{
  GListModel *supply = pen_wizard_get_supply (w);
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (supply); i++)
    {
      g_autoptr(PenDie) d = g_list_model_get_item (supply, i);

      n += pen_die_get_color (d) == PEN_COLOR_RED && pen_die_get_value (d) == 2;
    }
  return n;
}

/* Knock Out (Primagic, Dice › Red): "Place a Red die in place of any placed die with a lower
 * value, or discard a Red die to also discard any other placed die." A cell taken is freed
 * so; the place form offers it where it can, and the rules refuse it otherwise (the table may
 * overrule) */
static void
test_knock_out (void)
{
  g_autoptr(PenGame) game = new_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *bo = pen_table_get_wizard (table, 1);
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *placed = pen_table_get_placed (table);
  guint spark, red, n;
  int k, q;

  /* Ann's Spark 3 takes the Ruby Class's Spark cell */
  {
    guint w = study_with (game, "spark", 3);

    submitf (game, "{\"action\": \"place\", \"wizard\": %u, \"index\": %u, "
             "\"location\": \"ruby-class\", \"section\": \"mark\", \"arcana\": 0}", w,
             last_die (game, w));
    g_assert_cmpstr (last_placed_at (game), ==, "ruby-class/mark/2");
  }
  end_turn (game);
  /* Bo: a Red 2 and a Spark 5 */
  study_with (game, "red", 2);
  red = last_die (game, 1);
  study_with (game, "spark", 5);
  spark = last_die (game, 1);

  /* the Red 2 is not higher than the Spark 3, and does not meet the Spark cell */
  {
    g_auto(GStrv) none = pen_locations_list_knock_out (pen_locations_get_default (), table,
                                                       PEN_COLOR_RED, 2, TRUE);
    g_auto(GStrv) discard = pen_locations_list_knock_out (pen_locations_get_default (), table,
                                                          PEN_COLOR_SPARK, 5, FALSE);

    g_assert_null (none[0]);
    g_assert_true (g_strv_contains ((const char * const *) discard, "ruby-class/mark"));
  }
  fails_at (game, PEN_RULE_KNOCK_OUT, "not lower than the red 2",
            "{\"action\": \"place\", \"wizard\": 1, \"index\": %u, \"location\": "
            "\"ruby-class\", \"section\": \"mark\", \"cell\": 2, \"arcana\": 0, "
            "\"knock_out\": true}", red);
  /* only a Red die is discarded for it */
  fails_at (game, PEN_RULE_KNOCK_OUT, "not red",
            "{\"action\": \"place\", \"wizard\": 1, \"index\": %u, \"location\": "
            "\"ruby-class\", \"section\": \"mark\", \"arcana\": 0, "
            "\"knock_out_discard\": 0}", spark);
  /* a section whose cells the book does not print: nothing to knock out */
  fails_at (game, PEN_ERROR_INVALID, "$.knock_out",
            "{\"action\": \"place\", \"wizard\": 1, \"index\": %u, \"location\": "
            "\"forest\", \"knock_out\": true, \"resource\": [{\"fruit\": 1}]}", red);

  /* the form: the Spark die may go in the Spark cell by discarding the Red die; which one is
   * asked, nothing chosen */
  form = pen_place_form_new (table, 1, spark, &error);
  g_assert_no_error (error);
  g_assert_cmpint (form_section (form, "ruby-class/mark"), <, 0);
  g_assert_cmpint (form_section (form, "ruby-class/mark" PEN_PLACE_FORM_KNOCK_OUT), <, 0);
  k = form_section (form, "ruby-class/mark" PEN_PLACE_FORM_KNOCK_OUT_DISCARD);
  g_assert_cmpint (k, >=, 0);
  pen_place_form_choose (form, k);
  q = -1;
  for (guint i = 0; i < pen_place_form_get_n_questions (form); i++)
    if (g_str_equal (pen_place_form_get_key (form, i), "knock-out-discard"))
      q = (int) i;
  g_assert_cmpint (q, >=, 0);
  g_assert_true (pen_place_form_get_required (form, q));
  g_assert_cmpuint (g_strv_length ((char **) pen_place_form_get_answers (form, q)), ==, 2);
  g_assert_cmpstr (pen_place_form_get_answers (form, q)[1], ==, "Red 2");
  g_assert_false (pen_place_form_get_complete (form));
  pen_place_form_set_answer (form, q, 1);
  for (guint i = 0; i < pen_place_form_get_n_questions (form); i++)
    if (pen_place_form_get_required (form, i) && pen_place_form_get_answer (form, i) == 0)
      pen_place_form_set_answer (form, i, 1);   /* the Arcana cost, when asked: 0 */
  action = pen_place_form_build_action (form);
  g_assert_nonnull (action);
  g_assert_cmpint (json_object_get_int_member (pen_action_get_params (action),
                                               "knock_out_discard"), ==, red);
  n = count_red (bo);
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  /* the Red die left Bo's supply; Ann's Spark 3 is out, Bo's Spark 5 in its cell */
  g_assert_cmpuint (count_red (bo), ==, n - 1);
  g_assert_cmpstr (last_placed_at (game), ==, "ruby-class/mark/2");
  for (guint i = 0; i < g_list_model_get_n_items (placed); i++)
    {
      g_autoptr(PenDie) d = g_list_model_get_item (placed, i);

      if (g_strcmp0 (pen_die_get_location (d), "ruby-class/mark/2") == 0)
        g_assert_cmpuint (pen_die_get_value (d), ==, 5);
    }
  {
    g_autoptr(PenAction) last = g_list_model_get_item (pen_game_get_history (game),
                                                       pen_game_get_position (game) - 1);

    g_assert_nonnull (strstr (pen_action_get_label (last), "knock out Spark 3"));
  }
  /* undone, Ann's die is back */
  g_assert_true (pen_game_undo (game));
  g_assert_cmpuint (count_red (bo), ==, n);
  g_assert_cmpstr (last_placed_at (game), ==, "ruby-class/mark/2");

  /* a Red die in place of a lower one: the table overrules the Spark cell's condition */
  submitf (game, "{\"action\": \"place\", \"wizard\": 1, \"index\": %u, "
           "\"location\": \"ruby-class\", \"section\": \"mark\", \"cell\": 2, "
           "\"arcana\": 0, \"knock_out\": true, \"override\": [\"cell-condition\", "
           "\"knock-out\"]}", red);
  {
    g_autoptr(PenAction) last = g_list_model_get_item (pen_game_get_history (game),
                                                       pen_game_get_position (game) - 1);
    g_autoptr(JsonNode) node = pen_action_to_json (last);
    g_autofree char *text = json_to_string (node, FALSE);

    /* the override is kept in the log */
    g_assert_nonnull (strstr (text, "\"knock-out\""));
  }
}

/* Knock Out's first form, "in place of any placed die with a lower value", is offered also
 * where another cell that takes the Red die is free */
static void
test_knock_out_beside_free (void)
{
  g_autoptr(PenGame) game = new_game (FALSE);
  PenTable *table = pen_game_get_table (game);

  /* Ann's Bone 3 in the first Red 6 cell, the table overruling its condition (not a Red die:
   * the Ruby Mark's Rest effect takes a Red die back from the board) */
  {
    guint w = study_with (game, "bone", 3);

    submitf (game, "{\"action\": \"place\", \"wizard\": %u, \"index\": %u, "
             "\"location\": \"ruby-class\", \"section\": \"mark\", \"cell\": 0, "
             "\"arcana\": 0, \"override\": [\"cell-condition\"]}", w, last_die (game, w));
    g_assert_cmpstr (last_placed_at (game), ==, "ruby-class/mark/0");
  }
  end_turn (game);
  study_with (game, "red", 6);
  {
    g_auto(GStrv) open = pen_locations_list_open (pen_locations_get_default (), table,
                                                  PEN_COLOR_RED, 6);
    g_auto(GStrv) replace = pen_locations_list_knock_out (pen_locations_get_default (), table,
                                                          PEN_COLOR_RED, 6, TRUE);
    g_auto(GStrv) discard = pen_locations_list_knock_out (pen_locations_get_default (), table,
                                                          PEN_COLOR_RED, 6, FALSE);

    /* the second Red 6 cell is free; the Red 6 may still take the Bone 3's place */
    g_assert_true (g_strv_contains ((const char * const *) open, "ruby-class/mark"));
    g_assert_true (g_strv_contains ((const char * const *) replace, "ruby-class/mark"));
    g_assert_false (g_strv_contains ((const char * const *) discard, "ruby-class/mark"));
  }
  submitf (game, "{\"action\": \"place\", \"wizard\": 1, \"index\": %u, "
           "\"location\": \"ruby-class\", \"section\": \"mark\", \"arcana\": 0, "
           "\"knock_out\": true}", last_die (game, 1));
  /* the Bone 3 is off the board */
  for (guint i = 0; i < g_list_model_get_n_items (pen_table_get_placed (table)); i++)
    {
      g_autoptr(PenDie) d = g_list_model_get_item (pen_table_get_placed (table), i);

      g_assert_cmpint (pen_die_get_color (d), !=, PEN_COLOR_BONE);
    }
}

/* Knock Out's second form on its own: "discard a Red die to also discard any other placed
 * die" — any die placed in any location, with no placement of the wizard's own */
static void
test_knock_out_alone (void)
{
  g_autoptr(PenGame) game = new_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *bo = pen_table_get_wizard (table, 1);
  GListModel *placed = pen_table_get_placed (table);
  guint red, spark, n, position;

  /* Ann's Spark 3 in the Ruby Class's Spark cell */
  {
    guint w = study_with (game, "spark", 3);

    submitf (game, "{\"action\": \"place\", \"wizard\": %u, \"index\": %u, "
             "\"location\": \"ruby-class\", \"section\": \"mark\", \"arcana\": 0}", w,
             last_die (game, w));
  }
  end_turn (game);
  study_with (game, "spark", 5);
  spark = last_die (game, 1);
  study_with (game, "red", 2);
  red = last_die (game, 1);
  g_assert_cmpuint (g_list_model_get_n_items (placed), ==, 1);

  /* only a Red die is discarded for it; a die placed must be there */
  fails_at (game, PEN_RULE_KNOCK_OUT, "not red",
            "{\"action\": \"knock-out\", \"wizard\": 1, \"discard\": %u, \"placed\": 0}", spark);
  fails_at (game, PEN_ERROR_INVALID, "$.placed",
            "{\"action\": \"knock-out\", \"wizard\": 1, \"discard\": %u, \"placed\": 1}", red);
  /* during Study: Ann's Red die, on Bo's turn, is refused by rule */
  fails_at (game, PEN_RULE_KNOCK_OUT, "Study turn",
            "{\"action\": \"knock-out\", \"wizard\": 0, \"discard\": 0, \"placed\": 0}");

  n = count_red (bo);
  position = pen_game_get_position (game);
  {
    g_autoptr(PenAction) action = pen_action_new_knock_out (1, red, 0);
    g_autoptr(GError) error = NULL;

    g_assert_true (pen_game_submit (game, action, &error));
    g_assert_no_error (error);
    g_assert_nonnull (strstr (pen_action_get_label (action), "knock out the Spark 3 in the "
                                                             "Ruby Class"));
  }
  /* the Red die and Ann's Spark 3 are gone; the Spark cell takes Bo's Spark 5 as it is */
  g_assert_cmpuint (count_red (bo), ==, n - 1);
  g_assert_cmpuint (g_list_model_get_n_items (placed), ==, 0);
  {
    g_auto(GStrv) open = pen_locations_list_open (pen_locations_get_default (), table,
                                                  PEN_COLOR_SPARK, 5);

    g_assert_true (g_strv_contains ((const char * const *) open, "ruby-class/mark"));
  }
  g_assert_true (pen_game_undo (game));
  g_assert_cmpuint (pen_game_get_position (game), ==, position);
  g_assert_cmpuint (count_red (bo), ==, n);
  g_assert_cmpuint (g_list_model_get_n_items (placed), ==, 1);
}

/* Bribe (Primagic, Ingredients › Jewels): "Discard 1 Jewel to refresh any one market
 * (Brewery, Shop or one of the Classes). Discard all cards of the chosen market and lay out
 * new cards from the top of the deck. Note: the Contract row in the Guild is not a market." */
static void
test_bribe (void)
{
  g_autoptr(PenGame) game = new_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  GListModel *decks = pen_table_get_market_decks (table);
  g_autoptr(GPtrArray) before = market_cards (table, "brewery");
  g_autoptr(GPtrArray) after = NULL, ruby = NULL, ruby_after = NULL;
  g_autoptr(GPtrArray) deck = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *snapshot = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (decks); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (decks, i);

      if (g_strcmp0 (pen_table_card_get_zone (tc), "brewery") == 0)
        g_ptr_array_add (deck, g_strdup (pen_table_card_get_card_id (tc)));
    }
  g_assert_cmpuint (before->len, ==, 2);
  g_assert_cmpuint (deck->len, >=, 2);

  /* during the player's own Study turn only */
  submit_fails (game, "{\"action\": \"bribe\", \"wizard\": 0, \"market\": \"brewery\"}",
                PEN_RULE_BRIBE_DURING_STUDY, "Study turn");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  submit_fails (game, "{\"action\": \"bribe\", \"wizard\": 1, \"market\": \"brewery\"}",
                PEN_RULE_BRIBE_DURING_STUDY, "Study turn");
  /* the Contract row is not a market */
  submit_fails (game, "{\"action\": \"bribe\", \"wizard\": 0, \"market\": \"guild\"}",
                PEN_ERROR_INVALID, "$.market");
  /* a Jewel, or the table overrules */
  while (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL) > 0)
    pen_test_run (game, "{\"action\": \"ingredient-spend\", \"wizard\": 0, "
                  "\"ingredient\": \"jewel\"}");
  /* by Bribe's own rule, the book's (finding Z10): a Primagic effect, no location's */
  submit_fails (game, "{\"action\": \"bribe\", \"wizard\": 0, \"market\": \"brewery\"}",
                PEN_RULE_BRIBE_DURING_STUDY, "jewel");
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (pen_game_submit_json (game, "{\"action\": \"bribe\", \"wizard\": 0, "
                                          "\"market\": \"brewery\"}", &error));
    g_assert_nonnull (strstr (error->message, "(rule bribe-during-study;"));
    g_assert_null (strstr (error->message, "location-cost"));
  }
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, "
                "\"ingredient\": \"jewel\", \"count\": 2}");
  snapshot = table_snapshot (table);

  /* Bo on Ann's turn: refused, unless the table overrules (the log keeps it) */
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 1, "
                "\"ingredient\": \"jewel\", \"count\": 1}");
  pen_test_run (game, "{\"action\": \"bribe\", \"wizard\": 1, \"market\": \"shop\", "
                "\"override\": [\"bribe-during-study\"]}");
  {
    g_autoptr(PenAction) last = g_list_model_get_item (pen_game_get_history (game),
                                                       pen_game_get_position (game) - 1);

    g_assert_nonnull (strstr (pen_action_get_label (last), " — override: "));
  }
  g_assert_true (pen_game_undo (game));
  g_assert_true (pen_game_undo (game));

  /* the Brewery: both cards discarded, the deck's next two laid out, 1 Jewel */
  pen_test_run (game, "{\"action\": \"bribe\", \"wizard\": 0, \"market\": \"brewery\"}");
  after = market_cards (table, "brewery");
  g_assert_cmpuint (after->len, ==, 2);
  g_assert_cmpstr (after->pdata[0], ==, deck->pdata[0]);
  g_assert_cmpstr (after->pdata[1], ==, deck->pdata[1]);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_JEWEL), ==, 1);
  g_assert_true (pen_game_undo (game));
  {
    g_autofree char *now = table_snapshot (table);

    g_assert_cmpstr (now, ==, snapshot);
  }

  /* a Class market: two fresh unnamed Discipline cards, written into the action */
  ruby = market_cards (table, "ruby");
  if (ruby->len > 0)
    {
      g_autoptr(PenAction) last = NULL;
      JsonArray *reveal;

      pen_test_run (game, "{\"action\": \"bribe\", \"wizard\": 0, \"market\": \"ruby\"}");
      ruby_after = market_cards (table, "ruby");
      g_assert_cmpuint (ruby_after->len, ==, ruby->len);
      for (guint i = 0; i < ruby->len; i++)
        g_assert_false (g_ptr_array_find_with_equal_func (ruby_after, ruby->pdata[i],
                                                          g_str_equal, NULL));
      last = g_list_model_get_item (pen_game_get_history (game), pen_game_get_position (game) - 1);
      reveal = json_object_get_array_member (pen_action_get_params (last), "reveal");
      g_assert_cmpuint (json_array_get_length (reveal), ==, ruby->len);
      g_assert_cmpstr (json_array_get_string_element (reveal, 0), ==, ruby_after->pdata[0]);
    }
}

/* Bribe at a table that says its market's cards: the new cards are unknown until it names
 * them, or named in the action */
static void
test_bribe_table_markets (void)
{
  g_autoptr(PenGame) game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  g_autoptr(GPtrArray) after = NULL;

  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], "
                "\"seed\": 4, \"mode\": \"physical\", \"table_rolls\": true, "
                "\"table_markets\": true, \"ready_made\": true}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 0, "
                "\"ingredient\": \"jewel\", \"count\": 2}");
  submit_fails (game, "{\"action\": \"bribe\", \"wizard\": 0, \"market\": \"shop\", "
                "\"reveal\": [\"triplet\"]}", PEN_ERROR_INVALID, "$.reveal[0]");
  pen_test_run (game, "{\"action\": \"bribe\", \"wizard\": 0, \"market\": \"brewery\", "
                "\"reveal\": [\"triplet\", \"dead-water\"]}");
  after = market_cards (table, "brewery");
  g_assert_cmpuint (after->len, ==, 2);
  g_assert_cmpstr (after->pdata[0], ==, "triplet");
  g_assert_cmpstr (after->pdata[1], ==, "dead-water");
  g_clear_pointer (&after, g_ptr_array_unref);
  pen_test_run (game, "{\"action\": \"bribe\", \"wizard\": 0, \"market\": \"brewery\"}");
  after = market_cards (table, "brewery");
  g_assert_cmpuint (after->len, ==, 2);
  g_assert_null (after->pdata[0]);
  g_assert_null (after->pdata[1]);
}


/* The Resource die's faces are typed in once and kept in the user's file: read back by a new
 * instance; faces the book rules out (a Blood face, a blank face, five faces) refused with the
 * path, the file untouched; a malformed file said, never overwritten silently (set aside as
 * FILE.corrupt when new faces are saved) */
static void
test_resource_faces_file (void)
{
  g_autofree char *dir = g_build_filename (tmp_dir, "faces-file", NULL);
  g_autofree char *file = g_build_filename (dir, "resource-die.json", NULL);
  g_autofree char *aside = g_strconcat (file, ".corrupt", NULL);
  g_autoptr(JsonNode) faces = pen_json_parse ("[{\"fruit\": 1}, {\"fruit\": 2}, "
                                              "{\"crystal\": 1}, {\"jewel\": 1}, "
                                              "{\"crystal\": 1, \"fruit\": 1}, {\"jewel\": 2}]",
                                              -1, NULL);
  const char *bad[][2] = {
    { "[{\"fruit\": 1}, {\"fruit\": 2}, {\"crystal\": 1}, {\"jewel\": 1}, {\"jewel\": 1}, "
      "{\"blood\": 1}]", "$[5].blood: a Resource die's faces show Fruits, Crystals and Jewels" },
    { "[{\"fruit\": 1}, {\"fruit\": 2}, {}, {\"jewel\": 1}, {\"jewel\": 1}, {\"fruit\": 1}]",
      "$[2]: a face shows at least one Ingredient" },
    { "[{\"fruit\": 1}, {\"fruit\": 2}, {\"jewel\": 1}, {\"jewel\": 1}, {\"fruit\": 1}]",
      "$: a die has six faces" },
    { "[{\"fruit\": 1}, {\"fruit\": 2}, {\"jewel\": 1}, {\"jewel\": 1}, {\"fruit\": 1}, "
      "{\"fruit\": 99}]", "$[5].fruit" },
    /* finding Z1: a count no die face shows (a wheel turn over the dialog's numbers) */
    { "[{\"fruit\": 1}, {\"fruit\": 2}, {\"jewel\": 1}, {\"jewel\": 1}, {\"fruit\": 1}, "
      "{\"fruit\": 2, \"crystal\": 2}]", "$[5]: a face shows at most 3 Ingredients in all" },
    { "[{\"fruit\": 1}, {\"fruit\": 9}, {\"jewel\": 1}, {\"jewel\": 1}, {\"fruit\": 1}, "
      "{\"fruit\": 2}]", "$[1]: a face shows at most 3 Ingredients in all" },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  guint got[6][PEN_N_INGREDIENTS];

  pen_test_remove_tree (dir);
  {
    g_autoptr(PenLocations) self = pen_locations_new (file);

    g_assert_false (pen_locations_get_resource_faces (self, NULL));
    g_assert_true (pen_locations_set_resource_faces (self, faces, &error));
    g_assert_no_error (error);
    g_assert_true (pen_locations_get_resource_faces (self, got));
    g_assert_cmpuint (got[4][PEN_INGREDIENT_CRYSTAL], ==, 1);
    g_assert_cmpuint (got[4][PEN_INGREDIENT_FRUIT], ==, 1);
    g_assert_true (g_file_get_contents (file, &saved, NULL, NULL));
    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(JsonNode) node = pen_json_parse (bad[i][0], -1, NULL);
        g_autofree char *after = NULL;

        g_assert_false (pen_locations_set_resource_faces (self, node, &error));
        g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
        g_assert_nonnull (strstr (error->message, bad[i][1]));
        g_clear_error (&error);
        /* nothing changes: the faces known, the file as it was */
        g_assert_true (pen_locations_get_resource_faces (self, NULL));
        g_assert_true (g_file_get_contents (file, &after, NULL, NULL));
        g_assert_cmpstr (after, ==, saved);
      }
  }
  {
    /* read back by another instance (another run of the app) */
    g_autoptr(PenLocations) reread = pen_locations_new (file);
    g_autoptr(JsonNode) json = pen_locations_get_resource_faces_json (reread);
    g_autofree char *text = pen_json_to_string (json, FALSE);
    guint again[6][PEN_N_INGREDIENTS];

    g_assert_null (pen_locations_get_user_error (reread));
    g_assert_true (pen_locations_get_resource_faces (reread, again));
    g_assert_cmpmem (again, sizeof again, got, sizeof got);
    g_assert_cmpstr (text, ==, "[{\"fruit\":1},{\"fruit\":2},{\"crystal\":1},{\"jewel\":1},"
                               "{\"crystal\":1,\"fruit\":1},{\"jewel\":2}]");
  }
  /* a file spoilt by hand: said, kept, set aside when new faces are saved */
  g_assert_true (g_file_set_contents (file, "{\"format\": 1, \"resource_faces\": [{\"fruit\": "
                                            "1}]}", -1, NULL));
  {
    g_autoptr(PenLocations) spoilt = pen_locations_new (file);
    const GError *user_error = pen_locations_get_user_error (spoilt);
    g_autofree char *kept = NULL;
    g_autofree char *now = NULL;

    g_assert_nonnull (user_error);
    g_assert_nonnull (strstr (user_error->message, file));
    g_assert_nonnull (strstr (user_error->message, "$.resource_faces: a die has six faces"));
    g_assert_false (pen_locations_get_resource_faces (spoilt, NULL));
    g_assert_true (g_file_get_contents (file, &kept, NULL, NULL));
    g_assert_nonnull (strstr (kept, "[{\"fruit\": 1}]"));
    g_assert_true (pen_locations_set_resource_faces (spoilt, faces, &error));
    g_assert_no_error (error);
    g_assert_null (pen_locations_get_user_error (spoilt));
    g_clear_pointer (&kept, g_free);
    g_assert_true (g_file_get_contents (aside, &kept, NULL, NULL));
    g_assert_nonnull (strstr (kept, "[{\"fruit\": 1}]"));
    g_assert_true (g_file_get_contents (file, &now, NULL, NULL));
    g_assert_cmpstr (now, ==, saved);
  }
  pen_test_remove_tree (dir);
}

/* App-dealt play, the faces known: the app rolls the Forest's die and the Harvest's with the
 * game's generator; what each gave is in the log (facts: Ingredients, no words), and the log
 * replays to the same table even once the faces are forgotten or changed */
static void
test_resource_roll_log (void)
{
  PenLocations *self = pen_locations_get_default ();
  g_autoptr(JsonNode) faces = pen_json_parse ("[{\"fruit\": 1}, {\"fruit\": 2}, "
                                              "{\"crystal\": 1}, {\"jewel\": 1}, "
                                              "{\"crystal\": 2}, {\"jewel\": 2}]", -1, NULL);
  g_autoptr(JsonNode) other = pen_json_parse ("[{\"jewel\": 3}, {\"jewel\": 3}, "
                                              "{\"jewel\": 3}, {\"jewel\": 3}, "
                                              "{\"jewel\": 3}, {\"jewel\": 3}]", -1, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = new_game (FALSE);
  PenTable *table = pen_game_get_table (game);
  g_autofree char *data = NULL;
  g_autofree char *log = NULL;
  g_autoptr(JsonNode) before = NULL;
  guint total = 0;

  g_assert_true (pen_locations_set_resource_faces (self, faces, &error));
  g_assert_no_error (error);

  /* the Forest: the whole "resource" left out, the app rolls */
  study_with (game, "bone", 2);
  submitf (game, "{\"action\": \"place\", \"wizard\": 0, \"index\": %u, \"location\": "
           "\"forest\"}", last_die (game, 0));
  end_turn (game);
  /* a Green die in the Forest: the table says the first die, the app rolls the second */
  study_with (game, "green", 3);
  submitf (game, "{\"action\": \"place\", \"wizard\": 1, \"index\": %u, \"location\": "
           "\"forest\", \"resource\": [{\"jewel\": 2}, null]}", last_die (game, 1));
  /* the Harvest: each wizard's die and the revealing one's second, all rolled by the app */
  {
    const guint wizards[] = { 0, 1, 1 };
    g_autoptr(PenAction) roll = pen_action_new_resource_roll ("harvest", 3, wizards);

    g_assert_true (pen_game_submit (game, roll, &error));
    g_assert_no_error (error);
  }
  log = pen_game_log_to_lines (game);
  /* each die's result is a fact of the log */
  {
    g_auto(GStrv) lines = g_strsplit (log, "\n", -1);

    for (guint i = 0; lines[i] != NULL; i++)
      {
        g_autoptr(JsonNode) node = NULL;
        JsonObject *params;
        const char *kind;

        if (*lines[i] == '\0')
          continue;
        node = pen_json_parse (lines[i], -1, NULL);
        g_assert_nonnull (node);
        params = json_node_get_object (node);
        if (json_object_has_member (params, "params"))
          params = json_object_get_object_member (params, "params");
        kind = json_object_has_member (json_node_get_object (node), "action")
               ? json_object_get_string_member (json_node_get_object (node), "action") : "";
        if (g_str_equal (kind, "place") && json_object_has_member (params, "location")
            && g_str_equal (json_object_get_string_member (params, "location"), "forest"))
          {
            JsonArray *gave = json_object_get_array_member (params, "resource");

            for (guint j = 0; j < json_array_get_length (gave); j++)
              {
                g_assert_true (JSON_NODE_HOLDS_OBJECT (json_array_get_element (gave, j)));
                total++;
              }
          }
        else if (g_str_equal (kind, "resource-gain"))
          {
            JsonArray *gains = json_object_get_array_member (params, "gains");

            g_assert_cmpuint (json_array_get_length (gains), ==, 3);
            for (guint j = 0; j < 3; j++)
              {
                JsonObject *gain = json_array_get_object_element (gains, j);

                g_assert_true (json_object_get_boolean_member (gain, "roll"));
                g_assert_true (json_object_has_member (gain, "ingredients"));
                total++;
              }
          }
      }
  }
  /* 1 + 2 Forest dice, 3 Harvest dice */
  g_assert_cmpuint (total, ==, 6);
  g_assert_null (strstr (log, "Fruits"));
  g_assert_null (strstr (log, "Jewels"));

  before = pen_table_to_json (table);
  data = pen_game_to_data (game);
  /* the faces changed, then forgotten: the log's facts give the same table */
  for (guint round = 0; round < 2; round++)
    {
      g_autoptr(PenGame) loaded = NULL;
      g_autoptr(JsonNode) after = NULL;

      g_assert_true (pen_locations_set_resource_faces (self, round == 0 ? other : NULL, &error));
      g_assert_no_error (error);
      loaded = pen_game_load_from_data (data, strlen (data), &error);
      g_assert_no_error (error);
      after = pen_table_to_json (pen_game_get_table (loaded));
      g_assert_true (json_node_equal (before, after));
    }

  /* faces unknown: the app cannot roll, the table says */
  end_turn (game);
  {
    guint w = study_with (game, "bone", 4);

    fails_at (game, PEN_ERROR_INVALID, "faces are not known", "{\"action\": \"place\", "
              "\"wizard\": %u, \"index\": %u, \"location\": \"forest\", \"resource\": "
              "[null]}", w, last_die (game, w));
  }
  {
    const guint wizards[] = { 0 };
    g_autoptr(PenAction) roll = pen_action_new_resource_roll ("harvest", 1, wizards);

    g_assert_false (pen_game_submit (game, roll, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "$.gains[0].ingredients"));
    g_clear_error (&error);
  }
}

/* Physical play: the app never rolls a Resource die, even with its faces known */
static void
test_resource_roll_physical (void)
{
  PenLocations *self = pen_locations_get_default ();
  g_autoptr(JsonNode) faces = pen_json_parse ("[{\"fruit\": 1}, {\"fruit\": 2}, "
                                              "{\"crystal\": 1}, {\"jewel\": 1}, "
                                              "{\"crystal\": 2}, {\"jewel\": 2}]", -1, NULL);
  g_autoptr(PenGame) game = new_game (TRUE);
  const guint wizards[] = { 0 };
  g_autoptr(PenAction) roll = pen_action_new_resource_roll ("harvest", 1, wizards);
  g_autoptr(GError) error = NULL;

  g_assert_true (pen_locations_set_resource_faces (self, faces, &error));
  g_assert_false (pen_game_submit (game, roll, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_NEEDS_FACES);
  g_clear_error (&error);
  study_with (game, "bone", 2);
  fails_at (game, PEN_ERROR_NEEDS_FACES, "the table rolls them", "{\"action\": \"place\", "
            "\"wizard\": 0, \"index\": %u, \"location\": \"forest\", \"resource\": [null]}",
            last_die (game, 0));
  g_assert_true (pen_locations_set_resource_faces (self, NULL, &error));
}

/* penumbra-cli resource-die: shows the faces, --set saves them (or null forgets them); a
 * refusal exits 2 with the path */
static void
test_resource_cli (void)
{
  g_autofree char *dir = g_build_filename (tmp_dir, "cli-resource", NULL);
  const char *show[] = { "resource-die", NULL };
  const char *set[] = { "resource-die", "--set", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  pen_test_remove_tree (dir);
  if (!pen_test_run_cli (show, dir, NULL, &out, &err, &status))
    {
      g_test_skip ("PENUMBRA_CLI is not set");
      return;
    }
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (out, ==, "{\"faces\":null}\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_true (pen_test_run_cli (set, dir, "{\"faces\": [{\"fruit\": 1}, {\"fruit\": 2}, "
                                   "{\"crystal\": 1}, {\"jewel\": 1}, {\"crystal\": 2}, "
                                   "{\"trinket\": 1}]}", &out, &err, &status));
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, "$.faces[5].trinket"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_true (pen_test_run_cli (set, dir, "{\"faces\": [{\"fruit\": 1}, {\"fruit\": 2}, "
                                   "{\"crystal\": 1}, {\"jewel\": 1}, {\"crystal\": 2}, "
                                   "{\"jewel\": 2}]}", &out, &err, &status));
  g_assert_cmpint (status, ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_true (pen_test_run_cli (show, dir, NULL, &out, &err, &status));
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (out, ==, "{\"faces\":[{\"fruit\":1},{\"fruit\":2},{\"crystal\":1},"
                            "{\"jewel\":1},{\"crystal\":2},{\"jewel\":2}]}\n");
  pen_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  tmp_dir = game_test_init (&argc, &argv);
  g_test_add_func ("/penumbra/locations/model", test_model);
  g_test_add_func ("/penumbra/locations/cost-reasons", test_cost_reasons);
  g_test_add_func ("/penumbra/locations/ruins-threat-pick", test_ruins_threat_pick);
  g_test_add_func ("/penumbra/locations/class", test_class);
  g_test_add_func ("/penumbra/locations/city", test_city);
  g_test_add_func ("/penumbra/locations/wilds", test_wilds);
  g_test_add_func ("/penumbra/locations/physical", test_physical);
  g_test_add_func ("/penumbra/locations/resource-faces-file", test_resource_faces_file);
  g_test_add_func ("/penumbra/locations/resource-roll-log", test_resource_roll_log);
  g_test_add_func ("/penumbra/locations/resource-roll-physical", test_resource_roll_physical);
  g_test_add_func ("/penumbra/locations/resource-cli", test_resource_cli);
  g_test_add_func ("/penumbra/locations/override-and-faces", test_override_and_faces);
  g_test_add_func ("/penumbra/locations/classes-in-game", test_classes_in_game);
  g_test_add_func ("/penumbra/locations/class-market", test_class_market);
  g_test_add_func ("/penumbra/locations/class-card-cost", test_class_card_cost);
  g_test_add_func ("/penumbra/locations/placeholder-where", test_placeholder_where);
  g_test_add_func ("/penumbra/locations/bazaar-and-costs", test_bazaar_and_costs);
  g_test_add_func ("/penumbra/locations/cli", test_cli);
  g_test_add_func ("/penumbra/locations/reward-dice", test_reward_dice);
  g_test_add_func ("/penumbra/locations/table-markets", test_table_markets);
  g_test_add_func ("/penumbra/locations/table-markets-rest", test_table_markets_rest);
  g_test_add_func ("/penumbra/locations/talent-start-card", test_talent_start_card);
  g_test_add_func ("/penumbra/locations/appear", test_appear);
  g_test_add_func ("/penumbra/locations/knock-out", test_knock_out);
  g_test_add_func ("/penumbra/locations/knock-out-alone", test_knock_out_alone);
  g_test_add_func ("/penumbra/locations/knock-out-beside-free", test_knock_out_beside_free);
  g_test_add_func ("/penumbra/locations/bribe", test_bribe);
  g_test_add_func ("/penumbra/locations/bribe-table-markets", test_bribe_table_markets);
  ret = g_test_run ();
  pen_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return ret;
}
