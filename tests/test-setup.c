/* test-setup.c: the random generator, table setup and `penumbra-cli setup`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "pen-catalog.h"
#include "pen-json.h"
#include "pen-random.h"
#include "pen-setup.h"
#include "pen-test-utils.h"

static char *tmp_home;

/* ---- PenRandom: known answers computed by an independent Python model of xoshiro256**
 * seeded through splitmix64 (and its Lemire-free rejection range) ---- */

static void
test_random_known_answers (void)
{
  static const struct { guint64 seed; guint64 out[3]; } kat[] = {
    { 0, { G_GUINT64_CONSTANT (0x99ec5f36cb75f2b4), G_GUINT64_CONSTANT (0xbf6e1f784956452a),
           G_GUINT64_CONSTANT (0x1a5f849d4933e6e0) } },
    { 1, { G_GUINT64_CONSTANT (0xb3f2af6d0fc710c5), G_GUINT64_CONSTANT (0x853b559647364cea),
           G_GUINT64_CONSTANT (0x92f89756082a4514) } },
    { 42, { G_GUINT64_CONSTANT (0x15780b2e0c2ec716), G_GUINT64_CONSTANT (0x6104d9866d113a7e),
            G_GUINT64_CONSTANT (0xae17533239e499a1) } },
  };
  static const guint range6[] = { 0, 0, 5, 5, 4, 0, 4, 3, 4, 5 };
  static const guint shuffled[] = { 8, 3, 9, 0, 7, 2, 1, 6, 5, 4 };
  g_autoptr(GPtrArray) array = g_ptr_array_new ();
  PenRandom r, copy;
  g_autofree char *state = NULL;

  for (guint k = 0; k < G_N_ELEMENTS (kat); k++)
    {
      pen_random_init (&r, kat[k].seed);
      for (guint i = 0; i < 3; i++)
        g_assert_cmphex (pen_random_next_u64 (&r), ==, kat[k].out[i]);
    }

  pen_random_init (&r, 42);
  for (guint i = 0; i < G_N_ELEMENTS (range6); i++)
    g_assert_cmpuint (pen_random_range (&r, 6), ==, range6[i]);

  pen_random_init (&r, 7);
  for (guint i = 0; i < 10; i++)
    g_ptr_array_add (array, GUINT_TO_POINTER (i));
  pen_random_shuffle (&r, array);
  for (guint i = 0; i < 10; i++)
    g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (array, i)), ==, shuffled[i]);

  /* the state saves and restores exactly */
  pen_random_init (&r, 12345);
  pen_random_next_u64 (&r);
  state = pen_random_to_string (&r);
  g_assert_true (pen_random_from_string (&copy, state));
  for (guint i = 0; i < 100; i++)
    g_assert_cmphex (pen_random_next_u64 (&r), ==, pen_random_next_u64 (&copy));
  g_assert_false (pen_random_from_string (&copy, "12:34"));
}

static void
test_random_range_unbiased (void)
{
  PenRandom r;
  guint counts[7] = { 0, };

  /* every face turns up, with frequencies within a wide band around 1/7 */
  pen_random_init (&r, 99);
  for (guint i = 0; i < 70000; i++)
    counts[pen_random_range (&r, 7)]++;
  for (guint i = 0; i < 7; i++)
    g_assert_cmpuint (counts[i], >, 9000);
  for (guint i = 0; i < 1000; i++)
    g_assert_cmpuint (pen_random_range (&r, 1), ==, 0);
}

/* ---- Ready-made deck: the rulebook's list, typed in here ---- */

static const char *fate_4[] = {
  "wildwood", "guild-revival", "aranea", "mastery", "fog-of-oblivion", "extracurricular-reading",
  "pack-of-direwolves", "harvest",
  "plains-of-agony", "song-of-overcoming", "radomir-flaming", "secret-deal", "swarm-of-umbrals",
  "festival", "smoky-beast", "wanderer",
  "basilisk", "awakened-spark", "night-of-horrors", "fresh-batch", "dragan-ivancevic",
  "practice", "lair-of-the-fleshrenders", "personal-training", NULL
};
static const char *fate_3[] = {
  "wildwood", "guild-revival", "aranea", "mastery", "fog-of-oblivion", "extracurricular-reading",
  "plains-of-agony", "song-of-overcoming", "radomir-flaming", "secret-deal", "swarm-of-umbrals",
  "festival",
  "basilisk", "awakened-spark", "night-of-horrors", "fresh-batch", "dragan-ivancevic",
  "practice", NULL
};
static const char *fate_2[] = {
  "wildwood", "guild-revival", "aranea", "mastery",
  "plains-of-agony", "song-of-overcoming", "radomir-flaming", "secret-deal",
  "basilisk", "awakened-spark", "night-of-horrors", "fresh-batch", NULL
};
static const char *row_4[] = { "goldeater", "scrollers", "out-of-tune-clock", "gloomy-lady", NULL };
static const char *row_3[] = { "goldeater", "scrollers", "out-of-tune-clock", NULL };
static const char *row_2[] = { "goldeater", "scrollers", NULL };

static void
assert_ids (GPtrArray          *ids,
            const char * const *expected)
{
  g_assert_cmpuint (ids->len, ==, g_strv_length ((char **) expected));
  for (guint i = 0; i < ids->len; i++)
    g_assert_cmpstr (g_ptr_array_index (ids, i), ==, expected[i]);
}

static void
test_ready_made (void)
{
  g_autoptr(PenCatalog) catalog = pen_catalog_new (NULL);
  struct { guint players; const char **row; const char **fate; } cases[] = {
    { 1, row_2, fate_2 }, { 2, row_2, fate_2 }, { 3, row_3, fate_3 }, { 4, row_4, fate_4 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint64 seed = 0; seed < 5; seed++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(PenSetup) setup = pen_setup_new (catalog, cases[c].players, seed, TRUE,
                                                   &error);
        static const char *prophecies[] = { "end-of-time", NULL };

        g_assert_no_error (error);
        g_assert_true (setup->ready_made);
        assert_ids (setup->prophecies, prophecies);
        assert_ids (setup->trial_row, cases[c].row);
        assert_ids (setup->fate_deck, cases[c].fate);
        /* the book's deck holds 2N cards per stack, like a built one */
        g_assert_cmpuint (setup->fate_deck->len, ==, 3 * 2 * setup->table_players);
        g_assert_cmpuint (setup->contract_row->len, ==, 4);
        g_assert_cmpuint (setup->classes->len, ==, 4);
        g_assert_cmpuint (setup->talents->len, ==, setup->table_players);
      }
}

/* ---- Built setups: invariants over many seeds ---- */

static PenCard *
lookup (PenCatalog *catalog,
        const char *id)
{
  PenCard *card = pen_setup_is_placeholder (id) ? NULL : pen_catalog_lookup (catalog, id);

  /* a numbered placeholder of the box is a card of its type */
  if (card != NULL)
    g_assert_cmpint (pen_card_is_placeholder (card), ==, pen_card_id_is_placeholder (id));
  return card;
}

static int
trial_difficulty (PenCatalog *catalog,
                  const char *id)
{
  PenCard *card = lookup (catalog, id);

  if (g_str_has_prefix (id, "unknown-trial-"))
    return atoi (id + strlen ("unknown-trial-"));
  if (card == NULL || pen_card_get_card_type (card) != PEN_CARD_TRIAL)
    return 0;
  return pen_card_get_difficulty (card);
}

static gboolean
is_type (PenCatalog  *catalog,
         const char  *id,
         PenCardType  type,
         const char  *placeholder)
{
  PenCard *card = lookup (catalog, id);

  if (card == NULL)
    return g_strcmp0 (id, placeholder) == 0;
  return pen_card_get_card_type (card) == type;
}

static void
check_setup (PenCatalog *catalog,
             PenSetup   *setup)
{
  guint n = setup->table_players;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  static const char * const disciplines[] = {
    "ruby", "amber", "jasper", "emerald", "sapphire", "amethyst", NULL
  };
  int last_class = -1;

  g_assert_cmpuint (n, ==, MAX (setup->players, 2));
  g_assert_cmpuint (setup->prophecies->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (setup->prophecies, 0), ==, "end-of-time");

  /* starting row: N difficulty-1 trials */
  g_assert_cmpuint (setup->trial_row->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (trial_difficulty (catalog, g_ptr_array_index (setup->trial_row, i)), ==, 1);

  /* three stacks of 2N: N trials of difficulty 2, 3, 4; one prophecy each; the goal on top */
  g_assert_cmpuint (setup->fate_deck->len, ==, 6 * n);
  for (guint s = 0; s < 3; s++)
    {
      guint trials = 0, prophecies = 0, goals = 0, events = 0;

      for (guint i = 2 * n * s; i < 2 * n * (s + 1); i++)
        {
          const char *id = g_ptr_array_index (setup->fate_deck, i);
          int d = trial_difficulty (catalog, id);

          if (d > 0)
            {
              g_assert_cmpint (d, ==, (int) s + 2);
              trials++;
            }
          else if (is_type (catalog, id, PEN_CARD_PROPHECY, "unknown-prophecy"))
            {
              g_assert_cmpstr (id, !=, "end-of-time");
              prophecies++;
            }
          else if (is_type (catalog, id, PEN_CARD_GOAL, "unknown-goal"))
            goals++;
          else if (is_type (catalog, id, PEN_CARD_EVENT, "unknown-event"))
            events++;
          else
            g_assert_not_reached ();
        }
      g_assert_cmpuint (trials, ==, n);
      g_assert_cmpuint (prophecies, ==, 1);
      g_assert_cmpuint (goals, ==, s == 0 ? 1 : 0);
      g_assert_cmpuint (events, ==, 2 * n - n - 1 - (s == 0 ? 1 : 0));
    }

  /* no card twice anywhere (the old unnumbered placeholders aside; the box's numbered ones,
   * "goal#3", are cards like any other) */
  {
    GPtrArray *lists[] = { setup->fate_deck, setup->trial_row, setup->contract_row,
                           setup->contract_deck };

    for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
      for (guint i = 0; i < lists[l]->len; i++)
        {
          const char *id = g_ptr_array_index (lists[l], i);

          if (pen_setup_is_placeholder (id))
            continue;
          g_assert_false (g_hash_table_contains (seen, id));
          g_hash_table_add (seen, (gpointer) id);
        }
    for (guint i = 1; i < setup->markets->len; i += 2)
      {
        const char *id = g_ptr_array_index (setup->markets, i);
        g_assert_false (g_hash_table_contains (seen, id));
        g_hash_table_add (seen, (gpointer) id);
      }
    /* the markets and their decks: the whole box of Potions and of Artifacts */
    for (guint i = 1; i < setup->market_decks->len; i += 2)
      {
        const char *id = g_ptr_array_index (setup->market_decks, i);
        g_assert_false (g_hash_table_contains (seen, id));
        g_hash_table_add (seen, (gpointer) id);
      }
    /* (and two unnamed Discipline cards by each of the four Classes, whose decks the book
     * does not size) */
    g_assert_cmpuint ((setup->markets->len + setup->market_decks->len) / 2, ==,
                      (guint) (pen_catalog_get_box_count (catalog, PEN_CARD_POTION)
                               + pen_catalog_get_box_count (catalog, PEN_CARD_ARTIFACT))
                      + 2 * setup->classes->len);
  }

  /* the Guild: four cells, never a known difficulty-2 contract; with the deck, the whole box */
  g_assert_cmpuint (setup->contract_row->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      const char *id = g_ptr_array_index (setup->contract_row, i);
      PenCard *card = pen_catalog_lookup (catalog, id);

      g_assert_nonnull (card);
      g_assert_cmpint (pen_card_get_card_type (card), ==, PEN_CARD_CONTRACT);
      g_assert_cmpint (pen_card_get_difficulty (card), !=, 2);
    }
  g_assert_cmpuint (setup->contract_row->len + setup->contract_deck->len, ==,
                    (guint) pen_catalog_get_box_count (catalog, PEN_CARD_CONTRACT));

  /* two Potions, two Artifacts and two Discipline cards by each Class face up (Setup › 6) */
  g_assert_cmpuint (setup->markets->len, ==, 8 + 4 * setup->classes->len);
  for (guint i = 0; i < setup->markets->len; i += 2)
    {
      const char *market = g_ptr_array_index (setup->markets, i);
      PenCard *card = pen_catalog_lookup (catalog, g_ptr_array_index (setup->markets, i + 1));

      g_assert_nonnull (card);
      if (pen_mark_kind_from_string (market) >= 0)
        {
          g_assert_true (g_ptr_array_find_with_equal_func (setup->classes, market, g_str_equal,
                                                           NULL));
          g_assert_cmpint (pen_card_get_card_type (card), ==, PEN_CARD_DISCIPLINE);
          continue;
        }
      g_assert_cmpint (pen_card_get_card_type (card), ==,
                       g_str_equal (market, "brewery") ? PEN_CARD_POTION : PEN_CARD_ARTIFACT);
    }

  /* four different classes, in discipline order */
  g_assert_cmpuint (setup->classes->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      const char *id = g_ptr_array_index (setup->classes, i);
      int k = -1;

      for (guint j = 0; disciplines[j] != NULL; j++)
        if (g_str_equal (disciplines[j], id))
          k = (int) j;
      g_assert_cmpint (k, >, last_class);
      last_class = k;
    }

  /* a talent per wizard, the first of the two dealt, all different */
  g_assert_cmpuint (setup->talents->len, ==, n);
  g_assert_cmpuint (setup->talents_dealt->len, ==, n);
  g_hash_table_remove_all (seen);
  for (guint i = 0; i < n; i++)
    {
      char **pair = g_ptr_array_index (setup->talents_dealt, i);

      g_assert_cmpuint (g_strv_length (pair), ==, 2);
      g_assert_cmpstr (pair[0], ==, g_ptr_array_index (setup->talents, i));
      for (guint j = 0; j < 2; j++)
        {
          g_assert_true (is_type (catalog, pair[j], PEN_CARD_TALENT, "unknown-talent"));
          if (!pen_setup_is_placeholder (pair[j]))
            {
              g_assert_false (g_hash_table_contains (seen, pair[j]));
              g_hash_table_add (seen, pair[j]);
            }
        }
    }
}

static void
test_built_invariants (void)
{
  g_autoptr(PenCatalog) catalog = pen_catalog_new (NULL);

  for (guint players = 1; players <= 4; players++)
    {
      g_autoptr(GHashTable) decks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      for (guint64 seed = 0; seed < 200; seed++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(PenSetup) setup = pen_setup_new (catalog, players, seed, FALSE, &error);
          g_autoptr(PenSetup) same = pen_setup_new (catalog, players, seed, FALSE, &error);
          g_autoptr(JsonNode) a = pen_setup_to_json (setup);
          g_autoptr(JsonNode) b = pen_setup_to_json (same);
          g_autoptr(JsonNode) deck = json_node_copy (json_object_get_member (
                                                       json_node_get_object (a), "fate_deck"));

          g_assert_no_error (error);
          check_setup (catalog, setup);
          /* same seed, same table */
          g_assert_true (json_node_equal (a, b));
          g_hash_table_add (decks, pen_json_to_string (deck, FALSE));
        }
      /* different seeds give different decks (all but a handful) */
      g_assert_cmpuint (g_hash_table_size (decks), >, 190);
    }
}

static void
test_rulebook_shortfall (void)
{
  g_autoptr(PenCatalog) catalog = pen_catalog_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenSetup) four = pen_setup_new (catalog, 4, 3, FALSE, &error);
  g_autoptr(PenSetup) two = pen_setup_new (catalog, 2, 3, FALSE, &error);

  /* the rulebook names 4 trials of each difficulty, 4 prophecies besides End of Time, 8
   * events: a 4-player deck needs exactly that, so only contracts and talents are short */
  for (guint i = 0; i < four->fate_deck->len; i++)
    g_assert_false (pen_setup_is_placeholder (g_ptr_array_index (four->fate_deck, i)));
  g_assert_false (g_hash_table_contains (four->missing, "event"));
  g_assert_false (g_hash_table_contains (four->missing, "trial-2"));
  /* the Guild row and the talents come from the whole box: the cards the rulebook does not
   * name are numbered placeholders, so nothing is missing */
  g_assert_false (g_hash_table_contains (four->missing, "contract-1"));
  g_assert_false (g_hash_table_contains (four->missing, "talent"));
  g_assert_false (g_hash_table_contains (two->missing, "talent"));
  {
    guint placeholders = 0;

    for (guint i = 0; i < four->contract_deck->len; i++)
      placeholders += pen_card_id_is_placeholder (g_ptr_array_index (four->contract_deck, i));
    for (guint i = 0; i < 4; i++)
      placeholders += pen_card_id_is_placeholder (g_ptr_array_index (four->contract_row, i));
    /* 36 in the box, 4 named */
    g_assert_cmpuint (placeholders, ==, 32);
  }
  for (guint i = 0; i < 2; i++)
    {
      char **pair = g_ptr_array_index (two->talents_dealt, i);
      for (guint j = 0; j < 2; j++)
        g_assert_false (pen_setup_is_placeholder (pair[j]));
    }

  /* the table's form writes each placeholder as null, and nothing else changes */
  {
    g_autoptr(JsonNode) ids = pen_setup_to_json (four);
    g_autoptr(JsonNode) table = pen_setup_to_table_json (four);
    JsonArray *a = json_object_get_array_member (json_node_get_object (ids), "contract_row");
    JsonArray *b = json_object_get_array_member (json_node_get_object (table), "contract_row");
    JsonArray *deck = json_object_get_array_member (json_node_get_object (table), "fate_deck");

    g_assert_cmpuint (json_array_get_length (a), ==, 4);
    g_assert_cmpuint (json_array_get_length (b), ==, 4);
    for (guint i = 0; i < 4; i++)
      {
        /* a numbered placeholder is a card id, kept as it is */
        g_assert_cmpstr (json_array_get_string_element (a, i), ==,
                         json_array_get_string_element (b, i));
        g_assert_true (pen_card_id_is_placeholder (json_array_get_string_element (a, i))
                       || pen_card_get_card_type (pen_catalog_lookup (catalog,
                                                                      json_array_get_string_element (a, i)))
                          == PEN_CARD_CONTRACT);
      }
    for (guint i = 0; i < json_array_get_length (deck); i++)
      g_assert_cmpstr (json_array_get_string_element (deck, i), ==,
                       g_ptr_array_index (four->fate_deck, i));
    g_assert_true (json_object_has_member (json_node_get_object (ids), "extra"));
  }
}

static void
test_fair_draws (void)
{
  g_autoptr(PenCatalog) catalog = pen_catalog_new (NULL);
  g_autoptr(GHashTable) row_counts = g_hash_table_new (g_str_hash, g_str_equal);
  guint top_goal[3] = { 0, 0, 0 };

  /* two of the four difficulty-1 trials start the row: each about half the time */
  for (guint64 seed = 0; seed < 4000; seed++)
    {
      g_autoptr(PenSetup) setup = pen_setup_new (catalog, 2, seed, FALSE, NULL);

      for (guint i = 0; i < setup->trial_row->len; i++)
        {
          const char *id = g_ptr_array_index (setup->trial_row, i);
          guint n = GPOINTER_TO_UINT (g_hash_table_lookup (row_counts, id));

          g_hash_table_insert (row_counts, (gpointer) g_intern_string (id),
                               GUINT_TO_POINTER (n + 1));
        }
      for (guint i = 0; i < 4; i++)
        {
          const char *id = g_ptr_array_index (setup->fate_deck, i);
          if (g_str_equal (id, "mastery"))
            top_goal[0]++;
          else if (g_str_equal (id, "heroism"))
            top_goal[1]++;
          else if (g_str_equal (id, "goal#3") || g_str_equal (id, "goal#4"))
            top_goal[2]++;
        }
    }
  g_assert_cmpuint (g_hash_table_size (row_counts), ==, 4);
  {
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init (&iter, row_counts);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      {
        g_assert_cmpuint (GPOINTER_TO_UINT (value), >, 1700);
        g_assert_cmpuint (GPOINTER_TO_UINT (value), <, 2300);
      }
  }
  /* one of the box's four goals, two of them unnamed: each named one about a quarter */
  g_assert_cmpuint (top_goal[0] + top_goal[1] + top_goal[2], ==, 4000);
  g_assert_cmpuint (top_goal[0], >, 800);
  g_assert_cmpuint (top_goal[0], <, 1200);
  g_assert_cmpuint (top_goal[1], >, 800);
  g_assert_cmpuint (top_goal[1], <, 1200);
}

static JsonNode *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = pen_json_parse (text, -1, &error);

  g_assert_no_error (error);
  return node;
}

static void
test_user_answers (void)
{
  g_autofree char *file = g_build_filename (tmp_home, "answers", "user-cards.json", NULL);
  g_autoptr(PenCatalog) catalog = pen_catalog_new (file);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) one = parse ("1");
  g_autoptr(JsonNode) two = parse ("2");
  g_autoptr(JsonNode) five = parse ("5");
  g_autoptr(JsonNode) sapphire = parse ("\"sapphire\"");
  g_autoptr(JsonNode) ruby = parse ("\"ruby\"");
  g_autoptr(JsonNode) trial = NULL;

  /* the table tells the app two contracts' difficulty and the talents' numbers */
  g_assert_true (pen_catalog_set_user_value (catalog, "lost-hut", "difficulty", one, &error));
  g_assert_true (pen_catalog_set_user_value (catalog, "scarlet-pact", "difficulty", one, &error));
  g_assert_true (pen_catalog_set_user_value (catalog, "brightshine", "difficulty", two, &error));
  g_assert_true (pen_catalog_set_user_value (catalog, "druid", "turn_order", five, &error));
  g_assert_true (pen_catalog_set_user_value (catalog, "pariah", "turn_order", two, &error));
  g_assert_true (pen_catalog_set_user_value (catalog, "druid", "start_mark", sapphire, &error));
  g_assert_true (pen_catalog_set_user_value (catalog, "pariah", "start_mark", ruby, &error));
  trial = parse ("{\"id\": \"hollow-tower\", \"type\": \"trial\", "
                 "\"name\": {\"en\": \"Hollow Tower\"}, \"difficulty\": 4}");
  g_assert_true (pen_catalog_add_user_card (catalog, json_node_get_object (trial), &error));
  g_assert_no_error (error);

  guint both_known = 0, bottom_seen = 0;
  for (guint64 seed = 0; seed < 2000; seed++)
    {
      g_autoptr(PenSetup) setup = pen_setup_new (catalog, 2, seed, FALSE, &error);
      const char *left = g_ptr_array_index (setup->contract_row, 0);
      const char *mid = g_ptr_array_index (setup->contract_row, 1);
      const char *c2 = g_ptr_array_index (setup->contract_row, 2);
      const char *c3 = g_ptr_array_index (setup->contract_row, 3);

      check_setup (catalog, setup);
      /* Brightshine (difficulty 2) never enters the row; the others, named or not, are laid
       * out as revealed (an unnamed one's difficulty is the table's to say) */
      {
        const char *cells[] = { left, mid, c2, c3 };

        for (guint c = 0; c < 4; c++)
          {
            PenCard *card = pen_catalog_lookup (catalog, cells[c]);

            g_assert_cmpstr (cells[c], !=, "brightshine");
            g_assert_true (pen_card_get_difficulty (card) == 1
                           || pen_card_get_difficulty (card) == PEN_CARD_UNKNOWN);
          }
      }
      g_assert_false (g_hash_table_contains (setup->missing, "contract-1"));

      /* Brightshine revealed before the row was full went to the bottom, and the set-up's
       * facts say so; otherwise it lies unseen in the deck and is not listed */
      {
        g_autoptr(JsonNode) node = pen_setup_to_table_json (setup);
        JsonObject *extra = json_object_get_object_member (json_node_get_object (node),
                                                           "extra");
        JsonArray *bottom = json_object_get_array_member (extra, "contract_bottom");
        guint deck = setup->contract_deck->len;
        guint at = G_MAXUINT;

        g_assert_true (g_ptr_array_find_with_equal_func (setup->contract_deck, "brightshine",
                                                         g_str_equal, &at));
        g_assert_nonnull (bottom);
        g_assert_cmpuint (json_array_get_length (bottom), ==, setup->contract_bottom->len);
        g_assert_cmpuint (setup->contract_bottom->len, <=, 1);
        if (setup->contract_bottom->len == 1)
          {
            g_assert_cmpstr (json_array_get_string_element (bottom, 0), ==, "brightshine");
            g_assert_cmpuint (at, ==, deck - 1);
            bottom_seen++;
          }
      }

      /* when both kept talents are known, turn order follows their numbers */
      if (!pen_card_id_is_placeholder (g_ptr_array_index (setup->talents, 0))
          && !pen_card_id_is_placeholder (g_ptr_array_index (setup->talents, 1)))
        {
          g_assert_true (setup->turn_order_from_talents);
          g_assert_cmpstr (g_ptr_array_index (setup->talents, 0), ==, "pariah");
          g_assert_cmpstr (g_ptr_array_index (setup->talents, 1), ==, "druid");
          both_known++;
          /* their classes are in play */
          g_assert_true (g_ptr_array_find_with_equal_func (setup->classes, "ruby", g_str_equal,
                                                           NULL));
          g_assert_true (g_ptr_array_find_with_equal_func (setup->classes, "sapphire",
                                                           g_str_equal, NULL));
        }
      else
        g_assert_false (setup->turn_order_from_talents);
    }
  /* two of twelve talents dealt to each of two wizards: some seeds keep both named ones */
  g_assert_cmpuint (both_known, >, 0);
  /* four or five of 36 revealed: some seeds reveal Brightshine, most do not */
  g_assert_cmpuint (bottom_seen, >, 0);
  g_assert_cmpuint (bottom_seen, <, 1000);
}

static gboolean
run_cli (const char * const *argv,
         char              **out,
         char              **err,
         int                *status)
{
  g_autofree char *home = g_build_filename (tmp_home, "cli", NULL);

  return pen_test_run_cli (argv, home, "", out, err, status);
}

static void
test_cli_setup (void)
{
  const char *ready[] = { "setup", "--players", "4", "--ready-made", "--seed", "1", NULL };
  const char *built[] = { "setup", "--players", "3", "--seed", "77", NULL };
  const char *solo[] = { "setup", "--players", "1", "--seed", "77", NULL };
  const char *bad[][6] = {
    { "setup", "--players", "5", NULL },
    { "setup", "--players", "0", NULL },
    { "setup", NULL },
    { "setup", "--players", "2", "--seed", "-3", NULL },
    { "setup", "--players", "2", "--colour", NULL },
    { "setup", "--players", "2", "extra", NULL },
  };
  g_autofree char *out = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(PenCatalog) catalog = pen_catalog_new (NULL);
  g_autoptr(PenSetup) expected = NULL;
  g_autoptr(JsonNode) expected_json = NULL;
  JsonObject *obj;
  JsonArray *array;
  int status;

  if (g_getenv ("PENUMBRA_CLI") == NULL)
    {
      g_test_skip ("PENUMBRA_CLI is not set");
      return;
    }

  g_assert_true (run_cli (ready, &out, &err, &status));
  g_assert_cmpint (status, ==, 0);
  root = parse (out);
  obj = json_node_get_object (root);
  g_assert_cmpint (json_object_get_int_member (obj, "players"), ==, 4);
  array = json_object_get_array_member (obj, "fate_deck");
  g_assert_cmpuint (json_array_get_length (array), ==, 24);
  for (guint i = 0; i < 24; i++)
    g_assert_cmpstr (json_array_get_string_element (array, i), ==, fate_4[i]);
  array = json_object_get_array_member (obj, "trial_row");
  for (guint i = 0; i < 4; i++)
    g_assert_cmpstr (json_array_get_string_element (array, i), ==, row_4[i]);
  for (guint i = 0; i < 7; i++)
    {
      static const char *keys[] = {
        "players", "prophecies", "trial_row", "fate_deck", "contract_row", "classes", "talents"
      };
      g_assert_true (json_object_has_member (obj, keys[i]));
    }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&root, json_node_unref);

  /* same seed, same table, and the CLI prints what the core builds */
  g_assert_true (run_cli (built, &out, &err, &status));
  g_assert_cmpint (status, ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_true (run_cli (built, &out2, &err, &status));
  g_assert_cmpstr (out, ==, out2);
  root = parse (out);
  expected = pen_setup_new (catalog, 3, 77, FALSE, NULL);
  expected_json = pen_setup_to_json (expected);
  g_assert_true (json_node_equal (root, expected_json));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&root, json_node_unref);

  /* solo is laid out for two */
  g_assert_true (run_cli (solo, &out, &err, &status));
  g_assert_cmpint (status, ==, 0);
  root = parse (out);
  obj = json_node_get_object (root);
  g_assert_cmpint (json_object_get_int_member (obj, "players"), ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "fate_deck")), ==,
                    12);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "trial_row")), ==,
                    2);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_true (run_cli (bad[i], &out, &err, &status));
      g_test_message ("%s", err);
      g_assert_cmpint (status, ==, 2);
      g_assert_cmpstr (out, ==, "");
      g_assert_true (g_str_has_prefix (err, "penumbra-cli: "));
      g_assert_cmpint (strchr (err, '\n') - err, ==, strlen (err) - 1);
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int ret;

  tmp_home = g_dir_make_tmp ("penumbra-setup-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", tmp_home, TRUE);

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/penumbra/random/known-answers", test_random_known_answers);
  g_test_add_func ("/penumbra/random/range-unbiased", test_random_range_unbiased);
  g_test_add_func ("/penumbra/setup/ready-made", test_ready_made);
  g_test_add_func ("/penumbra/setup/built-invariants", test_built_invariants);
  g_test_add_func ("/penumbra/setup/rulebook-shortfall", test_rulebook_shortfall);
  g_test_add_func ("/penumbra/setup/fair-draws", test_fair_draws);
  g_test_add_func ("/penumbra/setup/user-answers", test_user_answers);
  g_test_add_func ("/penumbra/cli/setup", test_cli_setup);
  ret = g_test_run ();

  pen_test_remove_tree (tmp_home);
  g_free (tmp_home);
  return ret;
}
