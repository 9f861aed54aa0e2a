/* test-rules.c: the rules reference data, its search and `penumbra-cli rules`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include <json-glib/json-glib.h>

#include "pen-rules.h"
#include "pen-types.h"

static const char * const langs[] = { "en", "ru", NULL };

/* Data files */

static char *
data_path (const char *name)
{
  const char *dir = g_getenv ("PENUMBRA_DATADIR");

  if (dir != NULL)
    return g_build_filename (dir, name, NULL);
  return g_test_build_filename (G_TEST_DIST, "..", "data", name, NULL);
}

static JsonObject *
load_file (const char *lang,
           JsonParser **parser_out)
{
  g_autofree char *name = g_strdup_printf ("rules-%s.json", lang);
  g_autofree char *path = data_path (name);
  g_autoptr(GError) error = NULL;
  JsonParser *parser = json_parser_new ();

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  *parser_out = parser;
  return json_node_get_object (json_parser_get_root (parser));
}

static gboolean
is_id (const char *id)
{
  return g_regex_match_simple ("^[a-z0-9]+(-[a-z0-9]+)*$", id, 0, 0);
}

static void
test_data_files (void)
{
  g_autoptr(GPtrArray) id_lists = g_ptr_array_new_with_free_func (
    (GDestroyNotify) g_ptr_array_unref);

  for (guint l = 0; langs[l] != NULL; l++)
    {
      g_autoptr(JsonParser) parser = NULL;
      JsonObject *root = load_file (langs[l], &parser);
      g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GHashTable) titles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                           NULL);
      GPtrArray *order = g_ptr_array_new_with_free_func (g_free);
      JsonArray *sections;
      JsonObject *terms;
      g_autoptr(GList) members = NULL;

      g_ptr_array_add (id_lists, order);
      g_assert_cmpstr (json_object_get_string_member (root, "language"), ==, langs[l]);
      sections = json_object_get_array_member (root, "sections");
      terms = json_object_get_object_member (root, "terms");
      g_assert_nonnull (sections);
      g_assert_nonnull (terms);
      g_assert_cmpuint (json_array_get_length (sections), >=, 60);

      for (guint i = 0; i < json_array_get_length (sections); i++)
        {
          JsonObject *s = json_array_get_object_element (sections, i);
          const char *id = json_object_get_string_member (s, "id");
          const char *title = json_object_get_string_member (s, "title");
          g_autofree char *folded_title = g_utf8_casefold (title, -1);
          g_autofree char *body = NULL;

          g_assert_true (is_id (id));
          g_assert_false (g_hash_table_contains (ids, id));
          g_hash_table_add (ids, (gpointer) id);
          g_ptr_array_add (order, g_strdup (id));
          g_assert_cmpstr (title, !=, "");
          /* titles are unique, so a title search has one right answer */
          g_assert_false (g_hash_table_contains (titles, folded_title));
          g_hash_table_add (titles, g_steal_pointer (&folded_title));
          body = g_strstrip (g_strdup (json_object_get_string_member (s, "body")));
          g_assert_cmpstr (body, !=, "");
          g_assert_true (json_object_has_member (s, "parent"));
          g_assert_nonnull (json_object_get_array_member (s, "keywords"));
        }

      /* every reference points at a section of the same file */
      for (guint i = 0; i < json_array_get_length (sections); i++)
        {
          JsonObject *s = json_array_get_object_element (sections, i);
          JsonArray *see = json_object_get_array_member (s, "see_also");
          JsonNode *parent = json_object_get_member (s, "parent");

          if (!JSON_NODE_HOLDS_NULL (parent))
            g_assert_true (g_hash_table_contains (ids, json_node_get_string (parent)));
          for (guint j = 0; j < json_array_get_length (see); j++)
            {
              const char *target = json_array_get_string_element (see, j);

              if (!g_hash_table_contains (ids, target))
                g_error ("%s: see_also \"%s\" is not a section", langs[l], target);
            }
        }

      members = json_object_get_members (terms);
      g_assert_cmpuint (g_list_length (members), >=, json_array_get_length (sections));
      for (GList *m = members; m != NULL; m = m->next)
        {
          const char *target = json_object_get_string_member (terms, m->data);

          if (!g_hash_table_contains (ids, target))
            g_error ("%s: term \"%s\" links to missing \"%s\"", langs[l],
                     (const char *) m->data, target);
        }
      /* every id links to itself, and the brief's example alias is there */
      for (guint i = 0; i < order->len; i++)
        g_assert_cmpstr (json_object_get_string_member (terms, g_ptr_array_index (order, i)),
                         ==, g_ptr_array_index (order, i));
      g_assert_cmpstr (json_object_get_string_member (terms, "разлом"), ==, "rift");
    }

  /* the same ids, in the same order, in both languages */
  {
    GPtrArray *en = g_ptr_array_index (id_lists, 0);
    GPtrArray *ru = g_ptr_array_index (id_lists, 1);

    g_assert_cmpuint (en->len, ==, ru->len);
    for (guint i = 0; i < en->len; i++)
      g_assert_cmpstr (g_ptr_array_index (en, i), ==, g_ptr_array_index (ru, i));
  }
}

static void
test_required_sections (void)
{
  static const char * const required[] = {
    "components", "finite-components", "setup", "ready-made-deck", "turn-sequence",
    "first-turn", "study-turn", "trial-turn", "rest-turn", "dice-types", "dice-manipulation",
    "mark-states", "mark-effects", "gaining-marks", "ingredient-supply", "rest-thread",
    "threat", "threat-steps", "mortal-wound", "uncancellable-threat", "card-cost",
    "transformation", "activation", "launch", "chains", "artifacts", "equipment", "tomes",
    "pets", "spells", "potions", "primagic", "primagic-knock-out", "primagic-harvest",
    "primagic-empower", "primagic-persuade", "primagic-defend", "primagic-grab",
    "primagic-bind", "primagic-manipulate", "primagic-bribe", "primagic-heal", "primagic-hurry",
    "primagic-appear", "class", "bazaar", "brewery", "shop", "guild", "forest", "sanctuary",
    "ruins", "contracts", "urgent-contracts", "trials", "tasks", "rewards",
    "light-and-darkness", "properties", "rift", "vigilance", "shield", "trap",
    "crystal-suppression", "potion-suppression", "artifact-suppression", "pet-suppression",
    "reserving", "reserved-trials", "fate-deck", "end-of-game", "scoring", NULL
  };
  g_autoptr(PenRules) rules = pen_rules_new ();

  for (guint l = 0; langs[l] != NULL; l++)
    for (guint i = 0; required[i] != NULL; i++)
      if (pen_rules_lookup_in (rules, required[i], langs[l]) == NULL)
        g_error ("%s: no section \"%s\"", langs[l], required[i]);

  /* the rulebook's numbers and the Russian chapters' clarifications are in */
  g_assert_nonnull (strstr (pen_rules_section_get_body (pen_rules_lookup_in (rules, "bazaar",
                                                                             "en")),
                            "4 Fruits = 3 Crystals = 2 Jewels = 1 Trinket"));
  g_assert_nonnull (strstr (pen_rules_section_get_body (pen_rules_lookup_in (rules,
                                                                             "ingredient-supply",
                                                                             "en")),
                            "12"));
  g_assert_nonnull (strstr (pen_rules_section_get_body (pen_rules_lookup_in (rules,
                                                                             "reserved-trials",
                                                                             "ru")),
                            "Не больше одного"));
  g_assert_nonnull (strstr (pen_rules_section_get_body (pen_rules_lookup_in (rules,
                                                                             "gaining-marks",
                                                                             "en")),
                            "first Mark"));
  g_assert_nonnull (strstr (pen_rules_section_get_body (pen_rules_lookup_in (rules,
                                                                             "enhancement",
                                                                             "en")),
                            "up to X"));
}

/* The model */

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  guint      *count)
{
  (*count)++;
}

static void
test_model (void)
{
  g_autoptr(PenRules) rules = pen_rules_new ();
  g_autoptr(PenRulesSection) first = NULL;
  guint n, changes = 0;

  pen_rules_set_language (rules, "en");
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (rules)) == PEN_TYPE_RULES_SECTION);
  n = g_list_model_get_n_items (G_LIST_MODEL (rules));
  g_assert_cmpuint (n, >=, 60);
  first = g_list_model_get_item (G_LIST_MODEL (rules), 0);
  g_assert_true (PEN_IS_RULES_SECTION (first));
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (rules), n));

  g_assert_cmpstr (pen_rules_section_get_title (pen_rules_lookup (rules, "threat")), ==,
                   "Threat");
  g_assert_cmpstr (pen_rules_section_get_parent (pen_rules_lookup (rules, "mortal-wound")), ==,
                   "threat");
  g_assert_null (pen_rules_section_get_parent (pen_rules_lookup (rules, "threat")));
  g_assert_null (pen_rules_lookup (rules, "no-such-section"));

  g_signal_connect (rules, "items-changed", G_CALLBACK (items_changed_cb), &changes);
  pen_rules_set_language (rules, "ru");
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpstr (pen_rules_get_language (rules), ==, "ru");
  g_assert_cmpstr (pen_rules_section_get_title (pen_rules_lookup (rules, "threat")), ==,
                   "Угроза");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (rules)), ==, n);
  pen_rules_set_language (rules, "ru");
  g_assert_cmpuint (changes, ==, 1);

  /* the property and the object view agree */
  {
    g_autofree char *id = NULL;
    g_auto(GStrv) see = NULL;

    g_object_get (first, "id", &id, "see-also", &see, NULL);
    g_assert_cmpstr (id, ==, pen_rules_section_get_id (first));
    g_assert_cmpuint (g_strv_length (see), ==,
                      g_strv_length ((char **) pen_rules_section_get_see_also (first)));
  }

  {
    g_autoptr(GError) error = NULL;

    g_assert_false (pen_rules_load (rules, "de", &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  }
}

/* The reference's own faults found in review stay fixed, in both languages. */
static void
test_data_faults (void)
{
  static const struct { const char *lang, *id, *absent, *present; } cases[] = {
    /* Urgent Contracts give neither Light nor Darkness */
    { "en", "light-and-darkness", "Every Contract and Trial moves", "Urgent Contracts" },
    { "ru", "light-and-darkness", "Каждый Контракт и Испытание ведёт", "Срочные Контракты" },
    { "en", "contracts-and-trials", "always push you toward", "Urgent Contracts apart" },
    { "ru", "contracts-and-trials", "всегда ведут к Свету", "кроме Срочных Контрактов" },
    /* the row still shifts when a Contract is taken on a Study turn */
    { "en", "end-of-turn-refresh", "(Study turns do neither.)", "shift right" },
    { "ru", "end-of-turn-refresh", "ни того, ни другого не вызывает", "сдвигаются вправо" },
    /* only Arcana can never be bought, exchanged or given */
    { "en", "bazaar", "Blood and Arcana are never traded", "Arcana can never be bought" },
    { "ru", "bazaar", "Кровь и Аркану не меняют", "Аркану же нельзя ни купить" },
    /* a Mortal Wound ends the turn and the Trial leaves; "failed" is an undone task */
    { "en", "mortal-wound", "the Trial fails", "the Trial card leaves the game" },
    { "ru", "mortal-wound", "Испытание провалено", "карта Испытания выходит из игры" },
    /* "Adjust 3 times": one die or several */
    { "ru", "transformation", "трижды изменить кубик на 1", "один кубик или разные" },
    /* Bind is a Primagic effect, not a Contract's name */
    { "ru", "primagic-bind", "Контракт «Связать»", "эффектом «Связать»" },
  };
  g_autoptr(PenRules) rules = pen_rules_new ();

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      PenRulesSection *section = pen_rules_lookup_in (rules, cases[c].id, cases[c].lang);
      const char *body = pen_rules_section_get_body (section);

      if (strstr (body, cases[c].absent) != NULL || strstr (body, cases[c].present) == NULL)
        g_error ("%s %s: \"%s\" is back or \"%s\" is missing", cases[c].lang, cases[c].id,
                 cases[c].absent, cases[c].present);
    }
}

/* Search */

static GPtrArray *
search (PenRules   *rules,
        const char *query,
        const char *lang)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *results = pen_rules_search (rules, query, lang, 0, &error);

  g_assert_no_error (error);
  g_assert_nonnull (results);
  return results;
}

static const char *
first_id (PenRules   *rules,
          const char *query,
          const char *lang)
{
  g_autoptr(GPtrArray) results = search (rules, query, lang);
  static char buffer[128];

  if (results->len == 0)
    return NULL;
  g_strlcpy (buffer, ((PenRulesResult *) g_ptr_array_index (results, 0))->id, sizeof buffer);
  return buffer;
}

static void
test_search_first (void)
{
  g_autoptr(PenRules) rules = pen_rules_new ();

  g_assert_cmpstr (first_id (rules, "threat", "en"), ==, "threat");
  g_assert_cmpstr (first_id (rules, "Threat", "en"), ==, "threat");
  g_assert_cmpstr (first_id (rules, "угроза", "ru"), ==, "threat");
  g_assert_cmpstr (first_id (rules, "УГРОЗА", "ru"), ==, "threat");
  g_assert_cmpstr (first_id (rules, "mortal wound", "en"), ==, "mortal-wound");
  g_assert_cmpstr (first_id (rules, "mortal wounds", "en"), ==, "mortal-wound");
  g_assert_cmpstr (first_id (rules, "смертельное ранение", "ru"), ==, "mortal-wound");
  g_assert_cmpstr (first_id (rules, "bazaar exchange rate", "en"), ==, "bazaar");
  g_assert_cmpstr (first_id (rules, "курс обмена", "ru"), ==, "bazaar");
  g_assert_cmpstr (first_id (rules, "rift", "en"), ==, "rift");
  g_assert_cmpstr (first_id (rules, "defend", "en"), ==, "primagic-defend");
  g_assert_cmpstr (first_id (rules, "urgent contracts", "en"), ==, "urgent-contracts");

  /* common words alone find nothing, unknown words nothing */
  {
    g_autoptr(GPtrArray) r1 = search (rules, "the of and", "en");
    g_autoptr(GPtrArray) r2 = search (rules, "qwxyzzy", "en");
    g_autoptr(GPtrArray) r3 = search (rules, "", "en");
    g_autoptr(GPtrArray) r4 = search (rules, "  ,;!  ", "ru");

    g_assert_cmpuint (r1->len, ==, 0);
    g_assert_cmpuint (r2->len, ==, 0);
    g_assert_cmpuint (r3->len, ==, 0);
    g_assert_cmpuint (r4->len, ==, 0);
  }

  {
    g_autoptr(GError) error = NULL;

    g_assert_null (pen_rules_search (rules, "threat", "xx", 0, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  }
}

static void
test_stemming (void)
{
  static const char * const groups[][6] = {
    { "угроза", "угрозы", "угрозу", "угрозой", "Угрозе", NULL },
    { "метка", "метки", "метку", "меткой", "метками", NULL },
    { "кубик", "кубики", "кубиков", "кубиками", "кубику", NULL },
    { "смертельное", "смертельного", "смертельная", "смертельной", NULL },
    { "ёлка", "елка", "Ёлки", NULL },
    { "wound", "wounds", "wounded", "Wounding", NULL },
    { "place", "placing", "placed", "places", NULL },
    { "die", "dice", "dies", NULL },
    { "property", "properties", NULL },
    /* British and American spellings meet */
    { "color", "colour", "colours", "coloured", NULL },
    { "armor", "armour", NULL },
    { "defense", "defence", "defences", NULL },
    { "uncancelable", "uncancellable", NULL },
    /* a Latin look-alike in a Cyrillic word and the other way round ("o", "у", "с") */
    { "угроза", "yгрoза", "УГРOЗА", NULL },
    { "crystal", "сrystal", NULL },
  };

  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    {
      g_autofree char *stem = pen_rules_stem_word (groups[g][0]);

      for (guint i = 1; groups[g][i] != NULL; i++)
        {
          g_autofree char *other = pen_rules_stem_word (groups[g][i]);

          g_assert_cmpstr (other, ==, stem);
        }
    }
}

static void
test_search_inflected (void)
{
  static const struct { const char *query; const char *lang; const char *id; } cases[] = {
    { "угрозы", "ru", "threat" },
    { "угрозу", "ru", "threat" },
    { "угрозой", "ru", "threat" },
    { "смертельного ранения", "ru", "mortal-wound" },
    { "разлома", "ru", "rift" },
    { "разломом", "ru", "rift" },
    { "бдительности", "ru", "vigilance" },
    { "базаре", "ru", "bazaar" },
    { "гильдии", "ru", "guild" },
    { "threats", "en", "threat" },
    { "shields", "en", "shield" },
  };
  g_autoptr(PenRules) rules = pen_rules_new ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *got = first_id (rules, cases[i].query, cases[i].lang);

      if (g_strcmp0 (got, cases[i].id) != 0)
        g_error ("\"%s\" finds %s first, not %s", cases[i].query, got, cases[i].id);
    }

  /* the last word is a prefix: typing "угро" or "mort" already finds the section */
  {
    g_autoptr(GPtrArray) r = search (rules, "угро", "ru");
    gboolean found = FALSE;

    for (guint i = 0; i < MIN (r->len, 5); i++)
      found |= g_str_equal (((PenRulesResult *) g_ptr_array_index (r, i))->id, "threat");
    g_assert_true (found);
  }
  g_assert_cmpstr (first_id (rules, "mortal wou", "en"), ==, "mortal-wound");
}

static void
test_search_titles (void)
{
  g_autoptr(PenRules) rules = pen_rules_new ();

  for (guint l = 0; langs[l] != NULL; l++)
    {
      pen_rules_set_language (rules, langs[l]);
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (rules)); i++)
        {
          g_autoptr(PenRulesSection) section = g_list_model_get_item (G_LIST_MODEL (rules), i);
          const char *title = pen_rules_section_get_title (section);
          const char *got = first_id (rules, title, langs[l]);

          if (g_strcmp0 (got, pen_rules_section_get_id (section)) != 0)
            g_error ("%s: searching the title \"%s\" finds %s first, not %s", langs[l], title,
                     got, pen_rules_section_get_id (section));
        }
    }
}

/* Questions as players ask them, typos, word forms and sentences included, each with the
 * section that answers it. Every one must find its section in the top three; the figures
 * (first place, top three) are printed for the closing note. */
static void
test_search_questions (void)
{
  static const struct { const char *lang; const char *query; const char *id; } cases[] = {
    { "en", "thrat", "threat" },
    { "en", "vigilence", "vigilance" },
    { "en", "armour", "primagic-defend" },
    { "en", "color of the dice", "dice-types" },
    { "en", "defence with a yellow die", "primagic-defend" },
    { "en", "uncancelable threat", "uncancellable-threat" },
    { "en", "harvest event", "fate-deck" },
    { "en", "when does the game end", "end-of-game" },
    { "en", "what happens when I get a mortal wound", "mortal-wound" },
    { "en", "mortl wund", "mortal-wound" },
    { "en", "how do I get a spark mark", "spark-marks" },
    { "en", "how many ingredients can I keep", "ingredient-supply" },
    { "en", "bazar exchange", "bazaar" },
    { "en", "what does the rift property do", "rift" },
    { "en", "can I reserve a contract", "reserving" },
    { "en", "urgent contracs", "urgent-contracts" },
    { "en", "how do chains work", "chains" },
    { "en", "temporary dice discarded", "temporary-dice" },
    { "en", "what is the resource die", "resource-die" },
    { "en", "how are points scored at the end", "scoring" },
    { "en", "experience points", "experience-scoring" },
    { "en", "light and darkness track", "light-and-darkness" },
    { "en", "buying a card from the shop", "shop" },
    { "en", "brewing potions", "potions" },
    { "en", "what happens during a rest turn", "rest-turn" },
    { "en", "first turn only one placement", "first-turn" },
    { "en", "wounded marks", "mark-states" },
    { "en", "can I activate a card during a trial", "activation-timing" },
    { "en", "fate deck runs out", "fate-deck" },
    { "en", "summons and pets", "pets" },
    { "en", "cancel a property", "cancelling-properties" },
    { "en", "угроза", "threat" },
    { "en", "ловушка", "trap" },
    { "ru", "угрза", "threat" },
    { "ru", "когда заканчивается игра", "end-of-game" },
    { "ru", "что будет если получить смертельное ранение", "mortal-wound" },
    { "ru", "смертельнoе ранение", "mortal-wound" },
    { "ru", "как получить метку искры", "spark-marks" },
    { "ru", "сколько ингредиентов можно хранить", "ingredient-supply" },
    { "ru", "курс обмена на базаре", "bazaar" },
    { "ru", "разлома", "rift" },
    { "ru", "бдительнсть", "vigilance" },
    { "ru", "неотменяемой угрозы", "uncancellable-threat" },
    { "ru", "защита жёлтым кубиком", "primagic-defend" },
    { "ru", "можно ли зарезервировать контракт", "reserving" },
    { "ru", "срочные контракты", "urgent-contracts" },
    { "ru", "как работают цепочки", "chains" },
    { "ru", "временные кубики сбрасываются", "temporary-dice" },
    { "ru", "кубик ресурсов", "resource-die" },
    { "ru", "подсчет очков", "scoring" },
    { "ru", "очки опыта", "experience-scoring" },
    { "ru", "свет и мрак", "light-and-darkness" },
    { "ru", "купить карту в лавке", "shop" },
    { "ru", "сварить зелье", "potions" },
    { "ru", "что происходит в ход отдыха", "rest-turn" },
    { "ru", "первый ход одно размещение", "first-turn" },
    { "ru", "раненые метки", "mark-states" },
    { "ru", "когда можно активировать карту", "activation-timing" },
    { "ru", "колода судьбы закончилась", "fate-deck" },
    { "ru", "питомцы и призывы", "pets" },
    { "ru", "отмена свойств", "cancelling-properties" },
    { "ru", "стоимость карты", "card-cost" },
    { "ru", "threat", "threat" },
    { "ru", "trap", "trap" },
    { "ru", "подавлeние кристаллов", "crystal-suppression" },
    { "ru", "щит испытания", "shield" },
    { "ru", "как выдержать угрозу", "withstand-threat" },
    { "ru", "ловшка", "trap" },
    { "en", "how do I survive a threat roll in a contract", "withstand-threat" },
  };
  g_autoptr(PenRules) rules = pen_rules_new ();
  guint first[2] = { 0, 0 }, top3[2] = { 0, 0 }, total[2] = { 0, 0 };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GPtrArray) results = search (rules, cases[c].query, cases[c].lang);
      guint l = g_str_equal (cases[c].lang, "ru");
      guint rank = 0;

      for (guint i = 0; i < results->len && rank == 0; i++)
        if (g_str_equal (((PenRulesResult *) g_ptr_array_index (results, i))->id, cases[c].id))
          rank = i + 1;
      total[l]++;
      first[l] += rank == 1;
      top3[l] += rank >= 1 && rank <= 3;
      if (rank == 0 || rank > 3)
        g_error ("%s: \"%s\" finds %s at rank %u (first: %s)", cases[c].lang,
                 cases[c].query, cases[c].id, rank,
                 results->len ? ((PenRulesResult *) g_ptr_array_index (results, 0))->id : "-");
    }

  g_assert_cmpuint (total[0], >=, 30);
  g_assert_cmpuint (total[1], >=, 30);
  for (guint l = 0; l < 2; l++)
    g_test_message ("%s: %u of %u questions find their section first, %u in the top three",
                    l ? "ru" : "en", first[l], total[l], top3[l]);
}

/* Does folded text contain word at the start of a word? */
static gboolean
contains_word_start (const char *text,
                     const char *word)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);
  const char *p = folded;

  while ((p = strstr (p, word)) != NULL)
    {
      if (p == folded || !g_unichar_isalnum (g_utf8_get_char (g_utf8_prev_char (p))))
        return TRUE;
      p += strlen (word);
    }
  return FALSE;
}

static void
test_snippets (void)
{
  static const struct { const char *query; const char *lang; const char *stem; } cases[] = {
    { "threat", "en", "threat" },
    { "mortal wound", "en", "mortal" },
    { "bazaar", "en", "bazaar" },
    { "crystals", "en", "crystal" },
    { "trinket", "en", "trinket" },
    { "угроза", "ru", "угроз" },
    { "угрозы", "ru", "угроз" },
    { "кровь", "ru", "кров" },
    { "метки", "ru", "метк" },
  };
  g_autoptr(PenRules) rules = pen_rules_new ();

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GPtrArray) results = search (rules, cases[c].query, cases[c].lang);

      g_assert_cmpuint (results->len, >, 0);
      for (guint i = 0; i < results->len; i++)
        {
          PenRulesResult *r = g_ptr_array_index (results, i);
          PenRulesSection *section = pen_rules_lookup_in (rules, r->id, cases[c].lang);

          g_assert_cmpuint (g_utf8_strlen (r->snippet, -1), <=, 162);
          g_assert_cmpuint (strlen (r->snippet), >, 0);
          g_assert_true (g_utf8_validate (r->snippet, -1, NULL));
          /* whenever the body has the word, the snippet shows it */
          if (contains_word_start (pen_rules_section_get_body (section), cases[c].stem))
            {
              if (!contains_word_start (r->snippet, cases[c].stem))
                g_error ("\"%s\" → %s: snippet \"%s\" lacks \"%s\"", cases[c].query, r->id,
                         r->snippet, cases[c].stem);
            }
        }
    }

  /* a long line is cut around the hit, with ellipses */
  {
    g_autoptr(GPtrArray) r = search (rules, "Lair of the Fleshrenders", "en");
    PenRulesResult *top = g_ptr_array_index (r, 0);

    g_assert_cmpstr (top->id, ==, "ready-made-deck");
    g_assert_true (g_str_has_prefix (top->snippet, "…"));
    g_assert_nonnull (strstr (top->snippet, "Fleshrenders"));
  }
}

static void
test_search_order (void)
{
  static const char * const queries[] = { "threat", "die", "mark", "contract trial", "угроза",
                                          "кубик", "d" };
  g_autoptr(PenRules) rules = pen_rules_new ();

  for (guint q = 0; q < G_N_ELEMENTS (queries); q++)
    {
      g_autoptr(GPtrArray) a = search (rules, queries[q], NULL);
      g_autoptr(GPtrArray) b = search (rules, queries[q], NULL);
      g_autoptr(GPtrArray) limited = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_cmpuint (a->len, ==, b->len);
      for (guint i = 0; i < a->len; i++)
        {
          PenRulesResult *ra = g_ptr_array_index (a, i);
          PenRulesResult *rb = g_ptr_array_index (b, i);

          g_assert_cmpstr (ra->id, ==, rb->id);
          g_assert_cmpfloat (ra->score, ==, rb->score);
          g_assert_cmpstr (ra->snippet, ==, rb->snippet);
          g_assert_cmpfloat (ra->score, >, 0);
          if (i > 0)
            {
              PenRulesResult *prev = g_ptr_array_index (a, i - 1);

              g_assert_true (prev->score > ra->score
                             || (prev->score == ra->score && strcmp (prev->id, ra->id) < 0));
            }
        }

      limited = pen_rules_search (rules, queries[q], NULL, 3, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (limited->len, ==, MIN (3, a->len));
      for (guint i = 0; i < limited->len; i++)
        g_assert_cmpstr (((PenRulesResult *) g_ptr_array_index (limited, i))->id, ==,
                         ((PenRulesResult *) g_ptr_array_index (a, i))->id);
    }
}

static void
test_lookup_term (void)
{
  static const struct { const char *term; const char *id; } cases[] = {
    { "разлом", "rift" },
    { "Разлома", "rift" },
    { "rift", "rift" },
    { "Mortal Wound", "mortal-wound" },
    { "mortal wounds", "mortal-wound" },
    { "Mortal_Wound", "mortal-wound" },
    { "Смертельное ранение", "mortal-wound" },
    { "смертельная рана", "mortal-wound" },
    { "primagic-defend", "primagic-defend" },
    { "Угрозы", "threat" },
    { "Аркана", "ingredients" },
    { "Bazaar", "bazaar" },
    { "Базар", "bazaar" },
    { "charged", "mark-states" },
    { "разряженная", "mark-states" },
    { "Vigilance", "vigilance" },
    { "Liquid Darkness", "cancelling-properties" },
  };
  g_autoptr(PenRules) rules = pen_rules_new ();

  for (guint l = 0; langs[l] != NULL; l++)
    {
      pen_rules_set_language (rules, langs[l]);
      for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
        {
          const char *got = pen_rules_lookup_term (rules, cases[i].term);

          if (g_strcmp0 (got, cases[i].id) != 0)
            g_error ("%s: term \"%s\" → %s, not %s", langs[l], cases[i].term, got,
                     cases[i].id);
        }
      g_assert_null (pen_rules_lookup_term (rules, "qwxyzzy"));
      g_assert_null (pen_rules_lookup_term (rules, ""));
    }
}

/* No body copies the rulebook: no run of 12 words of a body appears in the book. */

#define RUN 12

static GPtrArray *
words_of (const char *text)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);
  GPtrArray *words = g_ptr_array_new_with_free_func (g_free);
  GString *word = g_string_new (NULL);

  for (const char *p = folded; ; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c != 0 && g_unichar_isalnum (c))
        g_string_append_unichar (word, c == 0x0451 ? 0x0435 : c);   /* ё → е */
      else if (word->len > 0)
        {
          g_ptr_array_add (words, g_strdup (word->str));
          g_string_truncate (word, 0);
        }
      if (c == 0)
        break;
    }
  g_string_free (word, TRUE);
  return words;
}

static char *
run_at (GPtrArray *words,
        guint      i)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < RUN; k++)
    g_string_append_printf (s, "%s%s", k > 0 ? " " : "", (char *) g_ptr_array_index (words,
                                                                                      i + k));
  return g_string_free (s, FALSE);
}

static void
test_not_verbatim (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(GHashTable) runs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GDir) d = NULL;
  g_autoptr(PenRules) rules = pen_rules_new ();
  g_autofree char *sample = NULL;
  const char *name;
  guint files = 0;

  if (g_getenv ("PENUMBRA_RULEBOOK_DIR") != NULL)
    dir = g_strdup (g_getenv ("PENUMBRA_RULEBOOK_DIR"));
  else
    dir = g_test_build_filename (G_TEST_DIST, "..", "..", "shared", "rulebook", NULL);

  d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    {
      g_test_skip ("the rulebook is not available (set PENUMBRA_RULEBOOK_DIR)");
      return;
    }

  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;
      g_autoptr(GPtrArray) words = NULL;

      if (!g_str_has_suffix (name, ".txt") || !g_file_get_contents (path, &text, NULL, NULL))
        continue;
      files++;
      words = words_of (text);
      for (guint i = 0; i + RUN <= words->len; i++)
        g_hash_table_add (runs, run_at (words, i));
      if (sample == NULL)
        sample = g_steal_pointer (&text);
    }
  if (files == 0)
    {
      g_test_skip ("the rulebook directory has no .txt files");
      return;
    }
  /* the checker itself works: the book has many runs, and a passage copied out of it (from
   * the middle of a line) is caught */
  g_assert_cmpuint (g_hash_table_size (runs), >, 10000);
  g_assert_nonnull (sample);
  {
    const char *middle = strchr (sample + strlen (sample) / 2, '\n');
    g_autoptr(GPtrArray) copied = words_of (middle);
    g_autofree char *run = run_at (copied, 3);

    g_assert_true (g_hash_table_contains (runs, run));
  }

  for (guint l = 0; langs[l] != NULL; l++)
    {
      pen_rules_set_language (rules, langs[l]);
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (rules)); i++)
        {
          g_autoptr(PenRulesSection) section = g_list_model_get_item (G_LIST_MODEL (rules), i);
          g_autoptr(GPtrArray) words = words_of (pen_rules_section_get_body (section));

          for (guint k = 0; k + RUN <= words->len; k++)
            {
              g_autofree char *run = run_at (words, k);

              if (g_hash_table_contains (runs, run))
                g_error ("%s/%s copies the rulebook: \"%s\"", langs[l],
                         pen_rules_section_get_id (section), run);
            }
        }
    }
}

/* The CLI */

static void
run_cli (const char * const *args,
         char              **out,
         char              **err,
         int                *status)
{
  const char *cli = g_getenv ("PENUMBRA_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  g_ptr_array_add (argv, (gpointer) "rules");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err,
                &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  *status = WEXITSTATUS (wait_status);
}

static JsonObject *
cli_results (const char * const *args,
             JsonParser        **parser_out)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  JsonParser *parser = json_parser_new ();
  JsonObject *root;
  int status;

  run_cli (args, &out, &err, &status);
  if (status != 0)
    g_error ("penumbra-cli rules failed (%d): %s", status, err);
  g_assert_cmpstr (err, ==, "");
  g_assert_true (g_str_has_suffix (out, "}\n"));
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpuint (json_object_get_size (root), ==, 1);
  *parser_out = parser;
  return root;
}

static void
test_cli (void)
{
  if (g_getenv ("PENUMBRA_CLI") == NULL)
    {
      g_test_skip ("PENUMBRA_CLI is not set");
      return;
    }

  {
    const char * const args[] = { "threat", NULL };
    g_autoptr(JsonParser) parser = NULL;
    JsonArray *results = json_object_get_array_member (cli_results (args, &parser), "results");
    double last = G_MAXDOUBLE;

    g_assert_cmpuint (json_array_get_length (results), >, 1);
    g_assert_cmpuint (json_array_get_length (results), <=, 20);
    for (guint i = 0; i < json_array_get_length (results); i++)
      {
        JsonObject *r = json_array_get_object_element (results, i);
        double score = json_object_get_double_member (r, "score");

        JsonArray *matched = json_object_get_array_member (r, "matched");

        /* the spec's four members and the "matched" list added to them */
        g_assert_cmpuint (json_object_get_size (r), ==, 5);
        g_assert_nonnull (json_object_get_string_member (r, "id"));
        g_assert_nonnull (json_object_get_string_member (r, "title"));
        g_assert_nonnull (json_object_get_string_member (r, "snippet"));
        g_assert_cmpuint (json_array_get_length (matched), ==, 1);
        g_assert_cmpstr (json_object_get_string_member (
                           json_array_get_object_element (matched, 0), "word"), ==, "threat");
        g_assert_cmpfloat (score, <=, last);
        last = score;
      }
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (results, 0),
                                                    "id"), ==, "threat");
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (results, 0),
                                                    "title"), ==, "Threat");
  }

  {
    /* several words, options anywhere */
    const char * const args[] = { "mortal", "--lang", "en", "wound", NULL };
    g_autoptr(JsonParser) parser = NULL;
    JsonArray *results = json_object_get_array_member (cli_results (args, &parser), "results");

    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (results, 0),
                                                    "id"), ==, "mortal-wound");
  }

  {
    const char * const args[] = { "--lang", "ru", "угрозы", NULL };
    g_autoptr(JsonParser) parser = NULL;
    JsonArray *results = json_object_get_array_member (cli_results (args, &parser), "results");

    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (results, 0),
                                                    "id"), ==, "threat");
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (results, 0),
                                                    "title"), ==, "Угроза");
  }

  {
    /* a typo says what it was read as */
    const char * const args[] = { "thrat", NULL };
    g_autoptr(JsonParser) parser = NULL;
    JsonArray *results = json_object_get_array_member (cli_results (args, &parser), "results");
    JsonObject *top = json_array_get_object_element (results, 0);
    JsonObject *match = json_array_get_object_element (
      json_object_get_array_member (top, "matched"), 0);

    g_assert_cmpstr (json_object_get_string_member (top, "id"), ==, "threat");
    g_assert_cmpstr (json_object_get_string_member (match, "word"), ==, "thrat");
    g_assert_cmpstr (json_object_get_string_member (match, "term"), ==, "threat");
    g_assert_cmpstr (json_object_get_string_member (match, "how"), ==, "typo");
  }

  {
    const char * const args[] = { "qwxyzzy", NULL };
    g_autoptr(JsonParser) parser = NULL;
    JsonArray *results = json_object_get_array_member (cli_results (args, &parser), "results");

    g_assert_cmpuint (json_array_get_length (results), ==, 0);
  }

  {
    static const char * const bad[][4] = {
      { NULL },
      { "   ", NULL },
      { "--lang", "de", "threat", NULL },
      { "--lang", "", "threat", NULL },
      { "threat", "--frobnicate", NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autofree char *out = NULL;
        g_autofree char *err = NULL;
        int status;

        run_cli (bad[i], &out, &err, &status);
        g_assert_cmpint (status, ==, 2);
        g_assert_cmpstr (out, ==, "");
        g_assert_true (g_str_has_prefix (err, "penumbra-cli: "));
        g_assert_true (g_str_has_suffix (err, "\n"));
        g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);   /* one line */
      }
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/penumbra/rules/data/files", test_data_files);
  g_test_add_func ("/penumbra/rules/data/required-sections", test_required_sections);
  g_test_add_func ("/penumbra/rules/data/not-verbatim", test_not_verbatim);
  g_test_add_func ("/penumbra/rules/data/faults", test_data_faults);
  g_test_add_func ("/penumbra/rules/model", test_model);
  g_test_add_func ("/penumbra/rules/stemming", test_stemming);
  g_test_add_func ("/penumbra/rules/search/first", test_search_first);
  g_test_add_func ("/penumbra/rules/search/inflected", test_search_inflected);
  g_test_add_func ("/penumbra/rules/search/titles", test_search_titles);
  g_test_add_func ("/penumbra/rules/search/questions", test_search_questions);
  g_test_add_func ("/penumbra/rules/search/snippets", test_snippets);
  g_test_add_func ("/penumbra/rules/search/order", test_search_order);
  g_test_add_func ("/penumbra/rules/lookup-term", test_lookup_term);
  g_test_add_func ("/penumbra/rules/cli", test_cli);

  return g_test_run ();
}
