/* test-catalog.c: the card catalogue, the user catalogue, the board layout, `catalog`
 *
 * The expected cards are typed in here from the rulebook (Setup > Ready-made deck for the
 * first game), independently of data/cards.json.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "pen-board-layout.h"
#include "pen-catalog.h"
#include "pen-json.h"
#include "pen-test-utils.h"

static char *tmp_home;

typedef struct
{
  const char *id;
  PenCardType type;
  const char *en;
  const char *ru;
  int         players;
} Expected;

/* The rulebook's first-game deck: starting prophecy, trial row, Fate deck top to bottom. */
static const Expected first_game[] = {
  { "end-of-time", PEN_CARD_PROPHECY, "End of Time", "Конец Времен", 0 },
  { "goldeater", PEN_CARD_TRIAL, "Goldeater", "Златоед", 0 },
  { "scrollers", PEN_CARD_TRIAL, "Scrollers", "Свиточники", 0 },
  { "out-of-tune-clock", PEN_CARD_TRIAL, "Out-of-Tune Clock", "Расстроенные Часы", 3 },
  { "gloomy-lady", PEN_CARD_TRIAL, "Gloomy Lady", "Хмурая Леди", 4 },
  { "wildwood", PEN_CARD_TRIAL, "Wildwood", "Диколесье", 0 },
  { "guild-revival", PEN_CARD_PROPHECY, "Guild Revival", "Возрождение Гильдии", 0 },
  { "aranea", PEN_CARD_TRIAL, "Aranea", "Аранея", 0 },
  { "mastery", PEN_CARD_GOAL, "Mastery", "Мастерство", 0 },
  { "fog-of-oblivion", PEN_CARD_TRIAL, "Fog of Oblivion", "Туман Забвения", 3 },
  { "extracurricular-reading", PEN_CARD_EVENT, "Extracurricular Reading", "Внеклассное Чтение", 3 },
  { "pack-of-direwolves", PEN_CARD_TRIAL, "Pack of Direwolves", "Стая Лютоволков", 4 },
  { "harvest", PEN_CARD_EVENT, "Harvest", "Урожай", 4 },
  { "plains-of-agony", PEN_CARD_TRIAL, "Plains of Agony", "Равнины Агонии", 0 },
  { "song-of-overcoming", PEN_CARD_PROPHECY, "Song of Overcoming", "Песнь Преодоления", 0 },
  { "radomir-flaming", PEN_CARD_TRIAL, "Radomir Flaming", "Радомир Фламинг", 0 },
  { "secret-deal", PEN_CARD_EVENT, "Secret Deal", "Тайная Сделка", 0 },
  { "swarm-of-umbrals", PEN_CARD_TRIAL, "Swarm of Umbrals", "Рой Умбралов", 3 },
  { "festival", PEN_CARD_EVENT, "Festival", "Фестиваль", 3 },
  { "smoky-beast", PEN_CARD_TRIAL, "Smoky Beast", "Дымчатый Зверь", 4 },
  { "wanderer", PEN_CARD_EVENT, "Wanderer", "Странник", 4 },
  { "basilisk", PEN_CARD_TRIAL, "Basilisk", "Василиск", 0 },
  { "awakened-spark", PEN_CARD_PROPHECY, "Awakened Spark", "Пробужденная Искра", 0 },
  { "night-of-horrors", PEN_CARD_TRIAL, "Night of Horrors", "Ночь Ужасов", 0 },
  { "fresh-batch", PEN_CARD_EVENT, "Fresh Batch", "Свежая Партия", 0 },
  { "dragan-ivancevic", PEN_CARD_TRIAL, "Dragan Ivancevic", "Драган Иванцевич", 3 },
  { "practice", PEN_CARD_EVENT, "Practice", "Практика", 3 },
  { "lair-of-the-fleshrenders", PEN_CARD_TRIAL, "Lair of the Fleshrenders", "Логово Плотожоров", 4 },
  { "personal-training", PEN_CARD_EVENT, "Personal Training", "Личная Тренировка", 4 },
};

/* Other cards the rulebook names, with the type it gives them. */
static const Expected named_elsewhere[] = {
  { "unity", PEN_CARD_PROPHECY, "Unity", "Единство", 0 },
  { "heroism", PEN_CARD_GOAL, "Heroism", "Героизм", 0 },
  { "lost-hut", PEN_CARD_CONTRACT, "Lost Hut", NULL, 0 },
  { "sorcerous-prison", PEN_CARD_CONTRACT, "Sorcerous Prison", NULL, 0 },
  { "druid", PEN_CARD_TALENT, "Druid", "Друид", 0 },
  { "pariah", PEN_CARD_TALENT, "Pariah", "Пария", 0 },
  { "scarlet-downpour", PEN_CARD_SPELL, "Scarlet Downpour", "Алый Ливень", 0 },
  { "alchemy", PEN_CARD_SPELL, "Alchemy", "Алхимия", 0 },
  { "devourer-of-minds", PEN_CARD_SPELL, "Devourer of Minds", "Пожиразум", 0 },
  { "corruption", PEN_CARD_SPELL, "Corruption", "Порча", 0 },
  { "triplet", PEN_CARD_POTION, "Triplet", "Триплет", 0 },
  { "liquid-luck", PEN_CARD_POTION, "Liquid Luck", "Жидкая Удача", 0 },
  { "dead-water", PEN_CARD_POTION, "Dead Water", "Мертвая Вода", 0 },
  { "liquid-darkness", PEN_CARD_POTION, "Liquid Darkness", "Жидкая Тьма", 0 },
  { "all-colour-wolf", PEN_CARD_PET, "All-Colour Wolf", NULL, 0 },
  { "wand-of-everwood", PEN_CARD_ARTIFACT, "Wand of Everwood", "Палочка из Вечнодерева", 0 },
  { "radiant-staff", PEN_CARD_ARTIFACT, "Radiant Staff", NULL, 0 },
  { "thorny-patch", PEN_CARD_ARTIFACT, "Thorny Patch", NULL, 0 },
  { "guard-wand", PEN_CARD_ARTIFACT, "Guard Wand", NULL, 0 },
  { "phylactery", PEN_CARD_ARTIFACT, "Phylactery", "Филактерий", 0 },
  { "manual-of-good-manners", PEN_CARD_TOME, "Manual of Good Manners",
    "Руководство по Хорошим Манерам", 0 },
  { "mortal-wound", PEN_CARD_MORTAL_WOUND, "Mortal Wound", NULL, 0 },
};

static void
check_expected (PenCatalog     *catalog,
                const Expected *e)
{
  PenCard *card = pen_catalog_lookup (catalog, e->id);

  g_test_message ("%s", e->id);
  g_assert_nonnull (card);
  g_assert_cmpint (pen_card_get_card_type (card), ==, e->type);
  g_assert_cmpstr (pen_card_get_name (card, "en"), ==, e->en);
  if (e->ru != NULL)
    g_assert_cmpstr (pen_card_get_name (card, "ru"), ==, e->ru);
  g_assert_cmpint (pen_card_get_players (card), ==, e->players);
}

static char *
user_file (const char *name)
{
  return g_build_filename (tmp_home, name, NULL);
}

static char *
read_text (const char *filename)
{
  char *text = NULL;

  if (!g_file_get_contents (filename, &text, NULL, NULL))
    return NULL;
  return text;
}

static void
write_text (const char *filename,
            const char *text)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (filename, text, -1, &error);
  g_assert_no_error (error);
}

static JsonNode *
int_node (gint64 v)
{
  JsonNode *node = json_node_new (JSON_NODE_VALUE);

  json_node_set_int (node, v);
  return node;
}

static JsonNode *
string_node (const char *s)
{
  JsonNode *node = json_node_new (JSON_NODE_VALUE);

  json_node_set_string (node, s);
  return node;
}

static void
test_data_json_parses (void)
{
  const char *datadir = g_getenv ("PENUMBRA_DATADIR");
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  guint n = 0;

  g_assert_nonnull (datadir);
  dir = g_dir_open (datadir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *text = NULL;
      g_autoptr(JsonNode) root = NULL;
      gsize length;

      if (!g_str_has_suffix (name, ".json"))
        continue;
      path = g_build_filename (datadir, name, NULL);
      g_file_get_contents (path, &text, &length, &error);
      g_assert_no_error (error);
      root = pen_json_parse (text, length, &error);
      if (error != NULL)
        g_test_message ("%s: %s", name, error->message);
      g_assert_no_error (error);
      g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
      n++;
    }
  g_assert_cmpuint (n, >=, 2);
}

static void
test_first_game_cards (void)
{
  g_autoptr(PenCatalog) catalog = pen_catalog_new (NULL);
  g_autoptr(GPtrArray) row = NULL;
  g_autoptr(GPtrArray) deck = NULL;
  g_autoptr(GPtrArray) prophecies = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (first_game); i++)
    check_expected (catalog, &first_game[i]);
  for (guint i = 0; i < G_N_ELEMENTS (named_elsewhere); i++)
    check_expected (catalog, &named_elsewhere[i]);

  /* the catalogue's own first-game lists are the book's, in the book's order */
  prophecies = pen_catalog_get_first_game (catalog, "prophecies");
  row = pen_catalog_get_first_game (catalog, "trial_row");
  deck = pen_catalog_get_first_game (catalog, "fate_deck");
  g_assert_cmpuint (prophecies->len, ==, 1);
  g_assert_cmpuint (row->len, ==, 4);
  g_assert_cmpuint (deck->len, ==, 24);
  for (guint i = 0; i < G_N_ELEMENTS (first_game); i++)
    {
      PenCard *card = i == 0 ? g_ptr_array_index (prophecies, 0)
                      : i < 5 ? g_ptr_array_index (row, i - 1)
                      : g_ptr_array_index (deck, i - 5);

      g_assert_cmpstr (pen_card_get_id (card), ==, first_game[i].id);
      g_assert_true (pen_catalog_is_first_game (catalog, first_game[i].id));
    }
  g_assert_false (pen_catalog_is_first_game (catalog, "heroism"));
}

/* The spec's rule, computed from the English name */
static char *
id_from_name (const char *name)
{
  GString *s = g_string_new (NULL);
  gboolean dash = FALSE;

  for (const char *p = name; *p; p++)
    {
      if (*p == '\'')
        continue;
      if (g_ascii_isalnum (*p))
        {
          if (dash && s->len > 0)
            g_string_append_c (s, '-');
          g_string_append_c (s, g_ascii_tolower (*p));
          dash = FALSE;
        }
      else
        dash = TRUE;
    }
  return g_string_free (s, FALSE);
}

static void
test_ids_and_names (void)
{
  g_autoptr(PenCatalog) catalog = pen_catalog_new (NULL);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (catalog));
  guint counts[PEN_N_CARD_TYPES] = { 0, };

  g_assert_cmpuint (n, >=, 70);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (catalog)) == PEN_TYPE_CARD);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenCard) card = g_list_model_get_item (G_LIST_MODEL (catalog), i);
      g_autofree char *expected = id_from_name (pen_card_get_name (card, "en"));
      const char *ru = pen_card_get_name (card, "ru");
      gboolean cyrillic = FALSE;

      g_assert_cmpstr (pen_card_get_id (card), ==, expected);
      g_assert_true (pen_catalog_lookup (catalog, expected) == card);
      /* every Russian name is given (in Cyrillic), never a copy of the English one */
      for (const char *p = ru; *p; p = g_utf8_next_char (p))
        if (g_utf8_get_char (p) >= 0x400 && g_utf8_get_char (p) <= 0x4ff)
          cyrillic = TRUE;
      g_assert_true (cyrillic);
      g_assert_nonnull (pen_card_get_sources (card));
      counts[pen_card_get_card_type (card)]++;
      /* every type the catalogue uses round-trips through its id */
      g_assert_cmpint (pen_card_type_from_string (pen_card_type_to_string (
                         pen_card_get_card_type (card))), ==, pen_card_get_card_type (card));
    }
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (catalog), n));
  g_assert_cmpint (pen_card_type_from_string ("bogus"), ==, -1);

  g_assert_cmpuint (counts[PEN_CARD_TRIAL], ==, 16);
  g_assert_cmpuint (counts[PEN_CARD_EVENT], ==, 8);      /* all 8 of the box */
  g_assert_cmpuint (counts[PEN_CARD_PROPHECY], ==, 5);
  g_assert_cmpuint (counts[PEN_CARD_GOAL], ==, 2);
  g_assert_cmpuint (counts[PEN_CARD_MORTAL_WOUND], ==, 1);
  /* never more of a type than the box holds */
  for (guint t = 0; t < PEN_N_CARD_TYPES; t++)
    {
      int box = pen_catalog_get_box_count (catalog, t);
      g_autoptr(GPtrArray) list = pen_catalog_list_by_type (catalog, t);

      g_assert_cmpuint (list->len, ==, counts[t]);
      if (box >= 0)
        g_assert_cmpint (counts[t], <=, box);
    }
  g_assert_cmpint (pen_catalog_get_box_count (catalog, PEN_CARD_TRIAL), ==, 24);
}

static void
test_no_invented_numbers (void)
{
  g_autoptr(PenCatalog) catalog = pen_catalog_new (NULL);
  g_autoptr(GPtrArray) trials = pen_catalog_list_by_type (catalog, PEN_CARD_TRIAL);
  g_autoptr(GPtrArray) contracts = pen_catalog_list_by_type (catalog, PEN_CARD_CONTRACT);
  g_autoptr(GPtrArray) talents = pen_catalog_list_by_type (catalog, PEN_CARD_TALENT);
  PenCard *card;
  guint per_difficulty[5] = { 0, };

  /* the rulebook prints no trial's victory points or Threat */
  for (guint i = 0; i < trials->len; i++)
    {
      card = g_ptr_array_index (trials, i);
      g_assert_false (pen_card_is_known (card, "vp"));
      g_assert_cmpint (pen_card_get_vp (card), ==, PEN_CARD_UNKNOWN);
      g_assert_cmpint (pen_card_get_threat (card), ==, -1);
      g_assert_null (pen_card_get_symbols (card));
      /* difficulty is read off the first-game deck's stacks, and flagged as such */
      g_assert_true (pen_card_is_known (card, "difficulty"));
      g_assert_true (pen_card_is_derived (card, "difficulty"));
      per_difficulty[pen_card_get_difficulty (card)]++;
    }
  for (guint d = 1; d <= 4; d++)
    g_assert_cmpuint (per_difficulty[d], ==, 4);

  /* nor any contract's difficulty, nor any talent's turn order or starting Mark */
  for (guint i = 0; i < contracts->len; i++)
    {
      card = g_ptr_array_index (contracts, i);
      g_assert_cmpint (pen_card_get_difficulty (card), ==, -1);
      g_assert_false (pen_card_is_known (card, "difficulty"));
      g_assert_false (pen_card_is_known (card, "vp"));
    }
  for (guint i = 0; i < talents->len; i++)
    {
      card = g_ptr_array_index (talents, i);
      g_assert_cmpint (pen_card_get_turn_order (card), ==, -1);
      g_assert_cmpint (pen_card_get_start_mark (card), ==, -1);
    }

  /* spot checks of what it does print */
  card = pen_catalog_lookup (catalog, "basilisk");
  g_assert_cmpint (pen_card_get_light (card), ==, 2);
  g_assert_cmpint (pen_card_get_dark (card), ==, 2);
  g_assert_false (pen_card_is_derived (card, "light"));
  card = pen_catalog_lookup (catalog, "goldeater");
  g_assert_cmpint (pen_card_get_difficulty (card), ==, 1);
  g_assert_cmpint (pen_card_get_dark (card), ==, 1);
  g_assert_cmpint (pen_card_get_light (card), ==, -1);
  g_assert_false (pen_card_is_known (card, "light"));
  card = pen_catalog_lookup (catalog, "mortal-wound");
  g_assert_cmpint (pen_card_get_vp (card), ==, -3);
  g_assert_true (pen_card_is_known (card, "vp"));
  card = pen_catalog_lookup (catalog, "manual-of-good-manners");
  g_assert_cmpuint (pen_card_count_symbol (card, PEN_SYMBOL_SOCIETY), ==, 1);
  g_assert_cmpuint (pen_card_count_symbol (card, PEN_SYMBOL_MONSTERS), ==, 0);
  card = pen_catalog_lookup (catalog, "radiant-staff");
  g_assert_cmpstr (pen_card_get_equipment (card), ==, "conductor");
  card = pen_catalog_lookup (catalog, "alchemy");
  g_assert_cmpint (pen_card_get_discipline (card), ==, PEN_MARK_JASPER);
  card = pen_catalog_lookup (catalog, "all-colour-wolf");
  g_assert_nonnull (pen_card_get_cost (card));
  card = pen_catalog_lookup (catalog, "gloomy-lady");
  g_assert_cmpint (pen_card_get_players (card), ==, 4);
  g_assert_null (pen_catalog_lookup (catalog, "no-such-card"));
}

static void
on_items_changed (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  GArray     *log)
{
  guint entry[3] = { position, removed, added };

  g_array_append_vals (log, entry, 3);
}

static void
test_user_values (void)
{
  g_autofree char *file = user_file ("values/user-cards.json");
  g_autoptr(PenCatalog) catalog = NULL;
  g_autoptr(PenCatalog) again = NULL;
  g_autoptr(JsonNode) four = int_node (4);
  g_autoptr(JsonNode) bad = string_node ("four");
  g_autoptr(JsonNode) monsters = NULL;
  g_autoptr(GArray) log = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  g_autoptr(PenCard) before = NULL;
  PenCard *card;
  guint position = 0;

  catalog = pen_catalog_new (file);
  g_assert_null (pen_catalog_get_user_error (catalog));
  g_signal_connect (catalog, "items-changed", G_CALLBACK (on_items_changed), log);
  before = g_object_ref (pen_catalog_lookup (catalog, "goldeater"));
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (catalog)); i++)
    {
      g_autoptr(PenCard) c = g_list_model_get_item (G_LIST_MODEL (catalog), i);
      if (c == before)
        position = i;
    }

  g_assert_true (pen_catalog_set_user_value (catalog, "goldeater", "vp", four, &error));
  g_assert_no_error (error);
  card = pen_catalog_lookup (catalog, "goldeater");
  g_assert_true (card != before);   /* cards are immutable: a new one replaces it */
  g_assert_cmpint (pen_card_get_vp (before), ==, -1);
  g_assert_cmpint (pen_card_get_vp (card), ==, 4);
  g_assert_true (pen_card_is_known (card, "vp"));
  g_assert_true (pen_card_is_user_value (card, "vp"));
  g_assert_false (pen_card_is_user_value (card, "dark"));
  /* exactly that card changed */
  g_assert_cmpuint (log->len, ==, 3);
  g_assert_cmpuint (g_array_index (log, guint, 0), ==, position);
  g_assert_cmpuint (g_array_index (log, guint, 1), ==, 1);
  g_assert_cmpuint (g_array_index (log, guint, 2), ==, 1);
  /* the same answer again changes nothing, given as a number too */
  g_assert_true (pen_catalog_set_user_value (catalog, "goldeater", "vp", four, &error));
  g_assert_cmpuint (log->len, ==, 3);
  g_assert_true (pen_catalog_set_user_int (catalog, "goldeater", "vp", 4, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (log->len, ==, 3);

  monsters = pen_json_parse ("[\"monsters\", \"monsters\"]", -1, &error);
  g_assert_true (pen_catalog_set_user_value (catalog, "goldeater", "symbols", monsters, &error));
  g_assert_cmpuint (pen_card_count_symbol (pen_catalog_lookup (catalog, "goldeater"),
                                           PEN_SYMBOL_MONSTERS), ==, 2);
  /* a derived value may be corrected */
  g_assert_true (pen_catalog_set_user_value (catalog, "aranea", "difficulty", four, &error));
  g_assert_cmpint (pen_card_get_difficulty (pen_catalog_lookup (catalog, "aranea")), ==, 4);
  g_assert_false (pen_card_is_derived (pen_catalog_lookup (catalog, "aranea"), "difficulty"));

  /* a printed value may not; a bad value names its path; neither changes anything */
  g_assert_false (pen_catalog_set_user_value (catalog, "basilisk", "light", four, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "$.values.basilisk.light: "));
  g_clear_error (&error);
  g_assert_false (pen_catalog_set_user_value (catalog, "scrollers", "vp", bad, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "$.values.scrollers.vp: "));
  g_clear_error (&error);
  g_assert_false (pen_catalog_set_user_value (catalog, "scrollers", "name", four, &error));
  g_clear_error (&error);
  g_assert_false (pen_catalog_set_user_value (catalog, "nope", "vp", four, &error));
  g_clear_error (&error);
  g_assert_false (pen_catalog_set_user_int (catalog, "basilisk", "light", 4, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (pen_card_get_vp (pen_catalog_lookup (catalog, "scrollers")), ==, -1);

  /* a second catalogue reads the saved answers */
  again = pen_catalog_new (file);
  g_assert_null (pen_catalog_get_user_error (again));
  card = pen_catalog_lookup (again, "goldeater");
  g_assert_cmpint (pen_card_get_vp (card), ==, 4);
  g_assert_true (pen_card_is_user_value (card, "vp"));
  g_assert_cmpint (pen_card_get_difficulty (pen_catalog_lookup (again, "aranea")), ==, 4);

  /* clearing an answer brings back the rulebook's unknown */
  g_assert_true (pen_catalog_set_user_value (catalog, "goldeater", "vp", NULL, &error));
  g_assert_false (pen_card_is_known (pen_catalog_lookup (catalog, "goldeater"), "vp"));
  g_clear_object (&again);
  again = pen_catalog_new (file);
  g_assert_false (pen_card_is_known (pen_catalog_lookup (again, "goldeater"), "vp"));
}

static void
test_user_cards (void)
{
  g_autofree char *file = user_file ("cards/user-cards.json");
  g_autoptr(PenCatalog) catalog = pen_catalog_new (file);
  g_autoptr(PenCatalog) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) card_json = NULL;
  g_autoptr(JsonNode) clash = NULL;
  g_autoptr(JsonNode) two = int_node (2);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (catalog));
  PenCard *card;

  card_json = pen_json_parse ("{\"id\": \"hollow-tower\", \"type\": \"trial\", "
                              "\"name\": {\"en\": \"Hollow Tower\", \"ru\": \"Полая Башня\"}, "
                              "\"difficulty\": 3, \"vp\": 5}", -1, &error);
  g_assert_true (pen_catalog_add_user_card (catalog, json_node_get_object (card_json), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (catalog)), ==, n + 1);
  card = pen_catalog_lookup (catalog, "hollow-tower");
  g_assert_nonnull (card);
  g_assert_true (pen_card_is_user_added (card));
  g_assert_cmpint (pen_card_get_difficulty (card), ==, 3);
  g_assert_cmpint (pen_card_get_threat (card), ==, -1);
  g_assert_true (pen_catalog_set_user_value (catalog, "hollow-tower", "threat", two, &error));
  g_assert_cmpint (pen_card_get_threat (pen_catalog_lookup (catalog, "hollow-tower")), ==, 2);

  clash = pen_json_parse ("{\"id\": \"basilisk\", \"type\": \"trial\", "
                          "\"name\": {\"en\": \"Basilisk\"}}", -1, &error);
  g_assert_false (pen_catalog_add_user_card (catalog, json_node_get_object (clash), &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);

  again = pen_catalog_new (file);
  g_assert_cmpint (pen_card_get_threat (pen_catalog_lookup (again, "hollow-tower")), ==, 2);
  g_assert_true (pen_catalog_remove_user_card (catalog, "hollow-tower", &error));
  g_assert_null (pen_catalog_lookup (catalog, "hollow-tower"));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (catalog)), ==, n);
  g_assert_false (pen_catalog_remove_user_card (catalog, "hollow-tower", &error));
  g_clear_error (&error);
}

/* Urgent contracts (Russian rules chapter): a user card may carry the flag, strictly */
static void
test_urgent_flag (void)
{
  static const char * const bad[][2] = {
    { "{\"id\": \"u1\", \"type\": \"trial\", \"name\": {\"en\": \"U\"}, \"urgent\": true}",
      "$.urgent" },
    { "{\"id\": \"u1\", \"type\": \"contract\", \"name\": {\"en\": \"U\"}, \"difficulty\": 3, "
      "\"urgent\": true}", "$.urgent" },
    { "{\"id\": \"u1\", \"type\": \"contract\", \"name\": {\"en\": \"U\"}, \"urgent\": \"yes\"}",
      "$.urgent" },
    { "{\"id\": \"u1\", \"type\": \"contract\", \"name\": {\"en\": \"U\"}, \"urgnet\": true}",
      "$.urgnet" },
  };
  g_autoptr(PenCatalog) catalog = pen_catalog_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) ok = NULL;
  g_autoptr(JsonNode) out = NULL;
  PenCard *card;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(JsonNode) node = pen_json_parse (bad[i][0], -1, NULL);
      g_autoptr(PenCard) c = pen_card_new_from_json (json_node_get_object (node), "$", &error);

      g_assert_null (c);
      g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
      if (!g_str_has_prefix (error->message, bad[i][1]))
        g_error ("%s: %s does not name %s", bad[i][0], error->message, bad[i][1]);
      g_clear_error (&error);
    }

  /* the rulebook names no urgent contract */
  {
    g_autoptr(GPtrArray) contracts = pen_catalog_list_by_type (catalog, PEN_CARD_CONTRACT);
    for (guint i = 0; i < contracts->len; i++)
      g_assert_false (pen_card_get_urgent (g_ptr_array_index (contracts, i)));
  }

  ok = pen_json_parse ("{\"id\": \"plague-cart\", \"type\": \"contract\", "
                       "\"name\": {\"en\": \"Plague Cart\"}, \"difficulty\": 2, \"vp\": 2, "
                       "\"urgent\": true}", -1, NULL);
  g_assert_true (pen_catalog_add_user_card (catalog, json_node_get_object (ok), &error));
  g_assert_no_error (error);
  card = pen_catalog_lookup (catalog, "plague-cart");
  g_assert_true (pen_card_get_urgent (card));
  out = pen_card_to_json (card);
  g_assert_true (json_object_get_boolean_member (json_node_get_object (out), "urgent"));
  /* an ordinary card prints no "urgent" member at all */
  {
    g_autoptr(JsonNode) plain = pen_card_to_json (pen_catalog_lookup (catalog, "lost-hut"));
    g_assert_false (json_object_has_member (json_node_get_object (plain), "urgent"));
  }
}

static const char *bad_imports[][2] = {
  { "{\"format\": 1, \"values\": {\"goldeater\": {\"vp\": 4}", "$" },
  { "[]", "$" },
  { "{\"values\": {}}", "$.format" },
  { "{\"format\": 9}", "$.format" },
  { "{\"format\": 1, \"valeus\": {}}", "$.valeus" },
  { "{\"format\": 1, \"values\": {\"goldeater\": {\"vp\": 4}, \"nope\": {\"vp\": 1}}}",
    "$.values.nope" },
  { "{\"format\": 1, \"values\": {\"scrollers\": {\"vp\": 2, \"threat\": 99}}}",
    "$.values.scrollers.threat" },
  { "{\"format\": 1, \"values\": {\"scrollers\": {\"symbols\": [\"monsters\", \"dragons\"]}}}",
    "$.values.scrollers.symbols[1]" },
  { "{\"format\": 1, \"values\": {\"basilisk\": {\"dark\": 1}}}", "$.values.basilisk.dark" },
  { "{\"format\": 1, \"values\": {\"scrollers\": {\"name\": \"x\"}}}", "$.values.scrollers.name" },
  { "{\"format\": 1, \"cards\": [{\"id\": \"x-card\", \"type\": \"goal\", \"name\": {\"en\": \"X\"}},"
    " {\"id\": \"Bad Id\", \"type\": \"goal\", \"name\": {\"en\": \"Y\"}}]}", "$.cards[1].id" },
  { "{\"format\": 1, \"cards\": [{\"id\": \"aranea\", \"type\": \"trial\", "
    "\"name\": {\"en\": \"A\"}}]}", "$.cards[0].id" },
  { "{\"format\": 1, \"cards\": [{\"id\": \"x-card\", \"type\": \"monster\", "
    "\"name\": {\"en\": \"X\"}}]}", "$.cards[0].type" },
  { "{\"format\": 1, \"cards\": [{\"id\": \"x-card\", \"type\": \"trial\", "
    "\"name\": {\"en\": \"X\"}, \"cost\": [{\"ingredients\": {\"gold\": 1}}]}]}",
    "$.cards[0].cost[0].ingredients.gold" },
};

static void
test_export_import (void)
{
  g_autofree char *file_a = user_file ("a/user-cards.json");
  g_autofree char *file_b = user_file ("b/user-cards.json");
  g_autofree char *exported = user_file ("exported.json");
  g_autofree char *bad = user_file ("bad.json");
  g_autoptr(PenCatalog) a = pen_catalog_new (file_a);
  g_autoptr(PenCatalog) b = pen_catalog_new (file_b);
  g_autoptr(GFile) export_file = g_file_new_for_path (exported);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) three = int_node (3);
  g_autoptr(JsonNode) seven = int_node (7);
  g_autoptr(JsonNode) user_card = NULL;
  g_autoptr(JsonNode) a_doc = NULL;
  g_autoptr(JsonNode) b_doc = NULL;
  g_autofree char *b_text = NULL;

  g_assert_true (pen_catalog_set_user_value (a, "wildwood", "vp", three, &error));
  g_assert_true (pen_catalog_set_user_value (a, "lost-hut", "difficulty", three, &error));
  user_card = pen_json_parse ("{\"id\": \"cup-day\", \"type\": \"event\", "
                              "\"name\": {\"en\": \"Cup Day\"}}", -1, &error);
  g_assert_true (pen_catalog_add_user_card (a, json_node_get_object (user_card), &error));
  g_assert_true (pen_catalog_export_user (a, export_file, &error));
  g_assert_no_error (error);

  /* b has its own answer, which the import keeps */
  g_assert_true (pen_catalog_set_user_value (b, "scrollers", "vp", seven, &error));
  g_assert_true (pen_catalog_import_user (b, export_file, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pen_card_get_vp (pen_catalog_lookup (b, "wildwood")), ==, 3);
  g_assert_cmpint (pen_card_get_difficulty (pen_catalog_lookup (b, "lost-hut")), ==, 3);
  g_assert_cmpint (pen_card_get_vp (pen_catalog_lookup (b, "scrollers")), ==, 7);
  g_assert_nonnull (pen_catalog_lookup (b, "cup-day"));
  /* importing twice is the same as once */
  g_assert_true (pen_catalog_import_user (b, export_file, &error));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (b)), ==,
                    g_list_model_get_n_items (G_LIST_MODEL (a)));

  /* bad files: a path-naming error, and neither the catalogue nor its file changes */
  b_doc = pen_catalog_user_to_json (b);
  b_text = read_text (file_b);
  for (guint i = 0; i < G_N_ELEMENTS (bad_imports); i++)
    {
      g_autoptr(JsonNode) after = NULL;
      g_autofree char *after_text = NULL;
      g_autofree char *prefix = g_strconcat (bad_imports[i][1], ":", NULL);

      write_text (bad, bad_imports[i][0]);
      g_assert_false (pen_catalog_import_user (b, bad_file, &error));
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_true (error->domain == PEN_ERROR);
      g_assert_true (g_str_has_prefix (error->message, prefix));
      g_clear_error (&error);
      after = pen_catalog_user_to_json (b);
      g_assert_true (json_node_equal (after, b_doc));
      after_text = read_text (file_b);
      g_assert_cmpstr (after_text, ==, b_text);
    }
  g_assert_cmpint (pen_card_get_vp (pen_catalog_lookup (b, "wildwood")), ==, 3);

  /* a missing file is an error too */
  {
    g_autoptr(GFile) missing = g_file_new_for_path ("/nonexistent/x.json");
    g_assert_false (pen_catalog_import_user (b, missing, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_IO);
    g_clear_error (&error);
  }

  a_doc = pen_catalog_user_to_json (a);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (a_doc));
}

static void
test_corrupt_user_file (void)
{
  g_autofree char *file = user_file ("corrupt/user-cards.json");
  g_autofree char *aside = g_strconcat (file, ".corrupt", NULL);
  g_autofree char *dir = g_path_get_dirname (file);
  g_autoptr(PenCatalog) catalog = NULL;
  g_autoptr(PenCatalog) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) one = int_node (1);
  g_autofree char *text = NULL;
  g_autofree char *moved = NULL;
  const char *garbage = "{\"format\": 1, \"values\": {\"goldeater\": {\"vp\": \"lots\"}}}";

  g_mkdir_with_parents (dir, 0700);
  write_text (file, garbage);
  catalog = pen_catalog_new (file);
  g_assert_nonnull (pen_catalog_get_user_error (catalog));
  g_assert_nonnull (strstr (pen_catalog_get_user_error (catalog)->message,
                            "$.values.goldeater.vp"));
  /* the rulebook's cards are all there, and the file is left as it was */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (catalog)), >=, 70);
  text = read_text (file);
  g_assert_cmpstr (text, ==, garbage);

  /* the first save keeps the old file aside */
  g_assert_true (pen_catalog_set_user_value (catalog, "scrollers", "vp", one, &error));
  g_assert_no_error (error);
  moved = read_text (aside);
  g_assert_cmpstr (moved, ==, garbage);
  again = pen_catalog_new (file);
  g_assert_null (pen_catalog_get_user_error (again));
  g_assert_cmpint (pen_card_get_vp (pen_catalog_lookup (again, "scrollers")), ==, 1);
}

static void
on_board_changed (PenBoardLayout *layout,
                  guint           cell,
                  GArray         *log)
{
  g_array_append_val (log, cell);
}

static void
test_board_layout (void)
{
  g_autofree char *file = user_file ("board/board.json");
  g_autofree char *exported = user_file ("board-export.json");
  g_autofree char *bad = user_file ("board-bad.json");
  g_autoptr(PenBoardLayout) layout = pen_board_layout_new (file);
  g_autoptr(PenBoardLayout) again = NULL;
  g_autoptr(PenBoardLayout) other = NULL;
  g_autoptr(GArray) log = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) two = int_node (2);
  g_autoptr(JsonNode) seven = int_node (7);
  g_autoptr(JsonNode) spark = string_node ("gain-spark-die");
  g_autoptr(JsonNode) recolor = string_node ("recolor-bone");
  g_autoptr(JsonNode) doc = NULL;
  g_autoptr(GFile) export_file = g_file_new_for_path (exported);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad);
  g_autofree char *saved = NULL;

  g_assert_cmpuint (pen_board_layout_get_n_cells (layout), ==, 11);
  for (guint i = 0; i < 11; i++)
    {
      /* the rulebook prints none of the cells' numbers */
      g_assert_true (pen_board_layout_is_placeholder (layout, i, NULL));
      g_assert_true (pen_board_layout_is_placeholder (layout, i, "value"));
      g_assert_cmpint (pen_board_layout_get_value (layout, i), ==, -1);
      g_assert_cmpint (pen_board_layout_get_arcana_cost (layout, i), ==, -1);
      g_assert_cmpint (pen_board_layout_get_vp (layout, i), ==, -1);
      g_assert_null (pen_board_layout_get_rest_effect (layout, i));
      g_assert_cmpint (pen_board_layout_is_spark_cell (layout, i), ==, i >= 8);
    }

  g_signal_connect (layout, "changed", G_CALLBACK (on_board_changed), log);
  g_assert_true (pen_board_layout_set_user_value (layout, 0, "value", two, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pen_board_layout_get_value (layout, 0), ==, 2);
  g_assert_false (pen_board_layout_is_placeholder (layout, 0, "value"));
  g_assert_true (pen_board_layout_is_placeholder (layout, 0, NULL));
  g_assert_true (pen_board_layout_is_user_value (layout, 0, "value"));
  g_assert_cmpuint (log->len, ==, 1);
  g_assert_true (pen_board_layout_set_user_value (layout, 0, "value", two, &error));
  g_assert_cmpuint (log->len, ==, 1);   /* no real change, no signal */
  g_assert_true (pen_board_layout_set_user_value (layout, 9, "rest_effect", spark, &error));
  g_assert_cmpstr (pen_board_layout_get_rest_effect (layout, 9), ==, "gain-spark-die");

  g_assert_false (pen_board_layout_set_user_value (layout, 1, "value", seven, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "$.cells[1].value: "));
  g_clear_error (&error);
  /* recolouring a Bone die is a Discipline Mark's effect, not a Spark Mark's */
  g_assert_false (pen_board_layout_set_user_value (layout, 8, "mark_effect", recolor, &error));
  g_clear_error (&error);
  g_assert_true (pen_board_layout_set_user_value (layout, 7, "mark_effect", recolor, &error));
  g_assert_false (pen_board_layout_set_user_value (layout, 11, "value", two, &error));
  g_clear_error (&error);
  g_assert_false (pen_board_layout_set_user_value (layout, 0, "colour", two, &error));
  g_clear_error (&error);
  g_assert_cmpuint (log->len, ==, 3);

  /* a number given as a number, then forgotten: unknown again, as the rulebook has it */
  g_assert_true (pen_board_layout_set_user_int (layout, 1, "value", 5, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pen_board_layout_get_value (layout, 1), ==, 5);
  g_assert_true (pen_board_layout_is_user_value (layout, 1, "value"));
  g_assert_false (pen_board_layout_set_user_int (layout, 1, "value", 7, &error));
  g_assert_true (g_str_has_prefix (error->message, "$.cells[1].value: "));
  g_clear_error (&error);
  g_assert_cmpint (pen_board_layout_get_value (layout, 1), ==, 5);
  g_assert_true (pen_board_layout_forget_user_value (layout, 1, "value", &error));
  g_assert_no_error (error);
  g_assert_cmpint (pen_board_layout_get_value (layout, 1), ==, -1);
  g_assert_true (pen_board_layout_is_placeholder (layout, 1, "value"));
  g_assert_cmpuint (log->len, ==, 5);

  again = pen_board_layout_new (file);
  g_assert_null (pen_board_layout_get_user_error (again));
  g_assert_cmpint (pen_board_layout_get_value (again, 0), ==, 2);
  g_assert_cmpstr (pen_board_layout_get_mark_effect (again, 7), ==, "recolor-bone");

  doc = pen_board_layout_to_json (again);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_node_get_object (doc), "cells")), ==, 11);

  /* export into another board, then a bad import changes nothing */
  g_assert_true (pen_board_layout_export_user (layout, export_file, &error));
  other = pen_board_layout_new (NULL);
  g_assert_true (pen_board_layout_import_user (other, export_file, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pen_board_layout_get_value (other, 0), ==, 2);
  saved = read_text (file);
  write_text (bad, "{\"format\": 1, \"cells\": [{\"index\": 3, \"value\": 4}, "
                   "{\"index\": 4, \"value\": 0}]}");
  g_assert_false (pen_board_layout_import_user (layout, bad_file, &error));
  g_assert_true (g_str_has_prefix (error->message, "$.cells[1].value: "));
  g_clear_error (&error);
  g_assert_cmpint (pen_board_layout_get_value (layout, 3), ==, -1);
  {
    g_autofree char *now = read_text (file);
    g_assert_cmpstr (now, ==, saved);
  }
}

static gboolean
run_cli (const char * const *argv,
         const char         *xdg_data_home,
         char              **out,
         char              **err,
         int                *status)
{
  return pen_test_run_cli (argv, xdg_data_home, "", out, err, status);
}

static JsonObject *
find_card (JsonArray  *cards,
           const char *id)
{
  for (guint i = 0; i < json_array_get_length (cards); i++)
    {
      JsonObject *c = json_array_get_object_element (cards, i);
      if (g_strcmp0 (json_object_get_string_member (c, "id"), id) == 0)
        return c;
    }
  return NULL;
}

static void
test_cli_catalog (void)
{
  g_autofree char *home = user_file ("cli-home");
  g_autofree char *file = g_build_filename (home, "penumbra-companion", "user-cards.json",
                                            NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PenCatalog) writer = pen_catalog_new (file);
  g_autoptr(JsonNode) four = int_node (4);
  const char *trials[] = { "catalog", "--type", "trial", NULL };
  const char *all[] = { "catalog", NULL };
  const char *bogus[] = { "catalog", "--type", "dragon", NULL };
  JsonArray *cards;
  JsonObject *c, *obj;
  int status;

  if (g_getenv ("PENUMBRA_CLI") == NULL)
    {
      g_test_skip ("PENUMBRA_CLI is not set");
      return;
    }
  g_assert_true (pen_catalog_set_user_value (writer, "goldeater", "vp", four, &error));

  g_assert_true (run_cli (trials, home, &out, &err, &status));
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_str_has_suffix (out, "}\n"));
  root = pen_json_parse (out, -1, &error);
  g_assert_no_error (error);
  cards = json_object_get_array_member (json_node_get_object (root), "cards");
  g_assert_cmpuint (json_array_get_length (cards), ==, 16);
  c = find_card (cards, "goldeater");
  g_assert_nonnull (c);
  g_assert_cmpstr (json_object_get_string_member (c, "type"), ==, "trial");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (c, "name"),
                                                  "ru"), ==, "Златоед");
  g_assert_cmpint (json_object_get_int_member (c, "difficulty"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (c, "players"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (c, "vp"), ==, 4);   /* the user's answer */
  g_assert_true (json_object_get_null_member (c, "threat"));
  c = find_card (cards, "gloomy-lady");
  g_assert_cmpint (json_object_get_int_member (c, "players"), ==, 4);
  g_assert_true (json_object_get_null_member (c, "vp"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&root, json_node_unref);

  g_assert_true (run_cli (all, home, &out, &err, &status));
  g_assert_cmpint (status, ==, 0);
  root = pen_json_parse (out, -1, &error);
  cards = json_object_get_array_member (json_node_get_object (root), "cards");
  c = find_card (cards, "heroism");
  g_assert_true (json_object_get_null_member (c, "players"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* a broken user file: the rulebook's cards, and the problem under "extra" */
  g_clear_pointer (&root, json_node_unref);
  write_text (file, "{\"format\": 1, \"values\": 3}");
  g_assert_true (run_cli (trials, home, &out, &err, &status));
  g_assert_cmpint (status, ==, 0);
  root = pen_json_parse (out, -1, &error);
  g_assert_no_error (error);
  obj = json_node_get_object (root);
  cards = json_object_get_array_member (obj, "cards");
  g_assert_cmpuint (json_array_get_length (cards), ==, 16);
  g_assert_true (json_object_get_null_member (find_card (cards, "goldeater"), "vp"));
  g_assert_nonnull (strstr (json_object_get_string_member (json_object_get_object_member (obj,
                                                                                          "extra"),
                                                           "user_error"), "$.values"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_true (run_cli (bogus, home, &out, &err, &status));
  g_assert_cmpint (status, ==, 2);
  g_assert_cmpstr (out, ==, "");
  g_assert_true (g_str_has_prefix (err, "penumbra-cli: --type: "));
  g_assert_cmpint (strchr (err, '\n') - err, ==, strlen (err) - 1);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int ret;

  /* the user catalogue must never touch the real user's data */
  tmp_home = g_dir_make_tmp ("penumbra-catalog-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", tmp_home, TRUE);

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/penumbra/data/json-parses", test_data_json_parses);
  g_test_add_func ("/penumbra/catalog/first-game-cards", test_first_game_cards);
  g_test_add_func ("/penumbra/catalog/ids-and-names", test_ids_and_names);
  g_test_add_func ("/penumbra/catalog/no-invented-numbers", test_no_invented_numbers);
  g_test_add_func ("/penumbra/catalog/user-values", test_user_values);
  g_test_add_func ("/penumbra/catalog/user-cards", test_user_cards);
  g_test_add_func ("/penumbra/catalog/urgent-flag", test_urgent_flag);
  g_test_add_func ("/penumbra/catalog/export-import", test_export_import);
  g_test_add_func ("/penumbra/catalog/corrupt-user-file", test_corrupt_user_file);
  g_test_add_func ("/penumbra/board-layout/placeholders-and-answers", test_board_layout);
  g_test_add_func ("/penumbra/cli/catalog", test_cli_catalog);
  ret = g_test_run ();

  pen_test_remove_tree (tmp_home);
  g_free (tmp_home);
  return ret;
}
