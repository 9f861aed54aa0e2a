/* pen-setup.c
 *
 * The order in which the random generator is drawn is part of the format (a seed must give
 * the same table forever): starting row, the Difficulty 2, 3 and 4 Trials, the Goal, the
 * Prophecies, the Events, the three stack shuffles, the Contract deck, the Talents, the
 * Classes. Each draw shuffles the whole pool of known cards (catalogue order first) and takes
 * from the front.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-random.h"
#include "pen-setup.h"

#define PLACEHOLDER_PREFIX "unknown-"

gboolean
pen_setup_is_placeholder (const char *id)
{
  return id != NULL && g_str_has_prefix (id, PLACEHOLDER_PREFIX);
}

void
pen_setup_free (PenSetup *setup)
{
  if (setup == NULL)
    return;
  g_clear_pointer (&setup->prophecies, g_ptr_array_unref);
  g_clear_pointer (&setup->trial_row, g_ptr_array_unref);
  g_clear_pointer (&setup->fate_deck, g_ptr_array_unref);
  g_clear_pointer (&setup->contract_row, g_ptr_array_unref);
  g_clear_pointer (&setup->contract_deck, g_ptr_array_unref);
  g_clear_pointer (&setup->contract_bottom, g_ptr_array_unref);
  g_clear_pointer (&setup->markets, g_ptr_array_unref);
  g_clear_pointer (&setup->market_decks, g_ptr_array_unref);
  g_clear_pointer (&setup->classes, g_ptr_array_unref);
  g_clear_pointer (&setup->talents, g_ptr_array_unref);
  g_clear_pointer (&setup->talents_dealt, g_ptr_array_unref);
  g_clear_pointer (&setup->missing, g_hash_table_unref);
  g_free (setup);
}

static GPtrArray *
id_array (void)
{
  return g_ptr_array_new_with_free_func (g_free);
}

static void
add_missing (PenSetup   *setup,
             const char *kind,
             guint       count)
{
  guint old;

  if (count == 0)
    return;
  old = GPOINTER_TO_UINT (g_hash_table_lookup (setup->missing, kind));
  g_hash_table_insert (setup->missing, g_strdup (kind), GUINT_TO_POINTER (old + count));
}

/* The ids of the box's cards of a type, shuffled. With difficulty > 0, the catalogue's cards of
 * that difficulty only (the box's unnamed cards have no known difficulty); otherwise every card
 * of the box, the ones the catalogue cannot name as placeholders ("goal#3"). */
static GPtrArray *
shuffled_pool (PenCatalog  *catalog,
               PenRandom   *rng,
               PenCardType  type,
               int          difficulty,
               const char  *exclude)
{
  GPtrArray *pool;

  if (difficulty > 0)
    {
      g_autoptr(GPtrArray) cards = pen_catalog_list_by_type (catalog, type);

      pool = id_array ();
      for (guint i = 0; i < cards->len; i++)
        {
          PenCard *card = g_ptr_array_index (cards, i);

          if (pen_card_get_difficulty (card) == difficulty)
            g_ptr_array_add (pool, g_strdup (pen_card_get_id (card)));
        }
    }
  else
    {
      guint index;

      pool = pen_catalog_box_pool (catalog, type);
      if (exclude != NULL && g_ptr_array_find_with_equal_func (pool, exclude, g_str_equal, &index))
        g_ptr_array_remove_index (pool, index);
    }
  pen_random_shuffle (rng, pool);
  return pool;
}

/* Moves up to count ids from the front of pool into dest, padding with placeholders. */
static void
take (PenSetup   *setup,
      GPtrArray  *pool,
      guint       count,
      GPtrArray  *dest,
      const char *placeholder,
      const char *missing_kind)
{
  guint n = MIN (count, pool->len);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (dest, g_ptr_array_steal_index (pool, 0));
  for (guint i = n; i < count; i++)
    g_ptr_array_add (dest, g_strdup (placeholder));
  add_missing (setup, missing_kind, count - n);
}

static void
append_all (GPtrArray *dest,
            GPtrArray *src)
{
  for (guint i = 0; i < src->len; i++)
    g_ptr_array_add (dest, g_strdup (g_ptr_array_index (src, i)));
}

static void
build_ready_made (PenSetup   *setup,
                  PenCatalog *catalog)
{
  struct { const char *section; GPtrArray *dest; } parts[] = {
    { "prophecies", setup->prophecies },
    { "trial_row", setup->trial_row },
    { "fate_deck", setup->fate_deck },
  };

  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    {
      g_autoptr(GPtrArray) cards = pen_catalog_get_first_game (catalog, parts[p].section);

      for (guint i = 0; i < cards->len; i++)
        {
          PenCard *card = g_ptr_array_index (cards, i);
          guint mark = pen_card_get_players (card);

          /* a "3+" card joins at 3 and 4 players, a "4" card at 4 only */
          if (mark == 0 || mark <= setup->table_players)
            g_ptr_array_add (parts[p].dest, g_strdup (pen_card_get_id (card)));
        }
    }
}

static void
build_fate (PenSetup   *setup,
            PenCatalog *catalog,
            PenRandom  *rng)
{
  guint n = setup->table_players;
  g_autoptr(GPtrArray) row_pool = NULL;
  g_autoptr(GPtrArray) goals = NULL;
  g_autoptr(GPtrArray) prophecies = NULL;
  g_autoptr(GPtrArray) events = NULL;
  GPtrArray *stacks[3];

  g_ptr_array_add (setup->prophecies, g_strdup ("end-of-time"));

  row_pool = shuffled_pool (catalog, rng, PEN_CARD_TRIAL, 1, NULL);
  take (setup, row_pool, n, setup->trial_row, "unknown-trial-1", "trial-1");

  for (guint s = 0; s < 3; s++)
    {
      g_autoptr(GPtrArray) pool = shuffled_pool (catalog, rng, PEN_CARD_TRIAL, (int) s + 2, NULL);
      g_autofree char *placeholder = g_strdup_printf ("unknown-trial-%u", s + 2);
      g_autofree char *kind = g_strdup_printf ("trial-%u", s + 2);

      stacks[s] = id_array ();
      take (setup, pool, n, stacks[s], placeholder, kind);
    }

  goals = shuffled_pool (catalog, rng, PEN_CARD_GOAL, 0, NULL);
  take (setup, goals, 1, stacks[0], "unknown-goal", "goal");

  /* End of Time is always in play already; it is never shuffled into the deck */
  prophecies = shuffled_pool (catalog, rng, PEN_CARD_PROPHECY, 0, "end-of-time");
  for (guint s = 0; s < 3; s++)
    take (setup, prophecies, 1, stacks[s], "unknown-prophecy", "prophecy");

  events = shuffled_pool (catalog, rng, PEN_CARD_EVENT, 0, NULL);
  for (guint s = 0; s < 3; s++)
    take (setup, events, 2 * n - stacks[s]->len, stacks[s], "unknown-event", "event");

  /* each stack shuffled on its own; Difficulty 2 on top, 4 at the bottom */
  for (guint s = 0; s < 3; s++)
    {
      pen_random_shuffle (rng, stacks[s]);
      append_all (setup->fate_deck, stacks[s]);
      g_ptr_array_unref (stacks[s]);
    }
}

/* Guild: reveal Contracts from the shuffled deck (the whole box: named cards and placeholders);
 * Difficulty 1 goes to the rightmost free cell, Difficulty 2 to the bottom of the deck. A card
 * whose difficulty is not known yet (a placeholder, or a named card without it) is laid in the
 * cell face up as revealed: the table says what it is (card-identify), and one that turns out
 * to be Difficulty 2 then goes to the bottom and the next card takes its cell. The rest is the
 * Contract deck, top first. */
static void
build_contracts (PenSetup   *setup,
                 PenCatalog *catalog,
                 PenRandom  *rng)
{
  g_autoptr(GPtrArray) deck = shuffled_pool (catalog, rng, PEN_CARD_CONTRACT, 0, NULL);
  g_autoptr(GPtrArray) bottom = id_array ();
  char *row[PEN_SETUP_CONTRACT_CELLS] = { NULL, };
  int free_cell = PEN_SETUP_CONTRACT_CELLS - 1;

  while (deck->len > 0 && free_cell >= 0)
    {
      char *id = g_ptr_array_steal_index (deck, 0);
      PenCard *card = pen_catalog_lookup (catalog, id);

      if (card != NULL && pen_card_get_difficulty (card) == 2)
        g_ptr_array_add (bottom, id);
      else
        row[free_cell--] = id;
    }
  add_missing (setup, "contract-1", (guint) (free_cell + 1));
  for (guint c = 0; c < PEN_SETUP_CONTRACT_CELLS; c++)
    g_ptr_array_add (setup->contract_row, row[c] != NULL ? row[c] : g_strdup ("unknown-contract"));
  append_all (setup->contract_deck, deck);
  append_all (setup->contract_deck, bottom);
  /* a fact of the set-up: the table saw them go to the bottom, so none is the card a refill
   * turns up later (pen-box.c) */
  append_all (setup->contract_bottom, bottom);
}

/* The Brewery and the Shop: each deck shuffled, two cards face up beside it. */
static void
build_markets (PenSetup   *setup,
               PenCatalog *catalog,
               PenRandom  *rng)
{
  static const struct { PenCardType type; const char *market; } markets[] = {
    { PEN_CARD_POTION, "brewery" },
    { PEN_CARD_ARTIFACT, "shop" },
  };

  for (guint m = 0; m < G_N_ELEMENTS (markets); m++)
    {
      g_autoptr(GPtrArray) deck = shuffled_pool (catalog, rng, markets[m].type, 0, NULL);

      for (guint i = 0; i < deck->len; i++)
        {
          GPtrArray *dest = i < 2 ? setup->markets : setup->market_decks;

          g_ptr_array_add (dest, g_strdup (markets[m].market));
          g_ptr_array_add (dest, g_strdup (g_ptr_array_index (deck, i)));
        }
    }

  /* The Class markets: two cards of each Class's Discipline deck. The catalogue does not say
   * which Discipline a card is of, nor how many each deck holds: the cards are unnamed ones of
   * the box (the table names them as they lie face up) and the decks are not dealt. */
  {
    g_autoptr(GPtrArray) named = pen_catalog_list_by_type (catalog, PEN_CARD_DISCIPLINE);
    int box = pen_catalog_get_box_count (catalog, PEN_CARD_DISCIPLINE);
    guint next = named->len + 1;

    for (guint c = 0; c < setup->classes->len; c++)
      for (guint i = 0; i < 2 && (int) next <= box; i++)
        {
          g_ptr_array_add (setup->markets, g_strdup (g_ptr_array_index (setup->classes, c)));
          g_ptr_array_add (setup->markets, pen_card_placeholder_id (PEN_CARD_DISCIPLINE,
                                                                    next++));
        }
  }
}

typedef struct
{
  guint  seat;
  int    turn_order;
  char  *kept;
  char  *other;
} Wizard;

static int
compare_turn_order (gconstpointer a,
                    gconstpointer b)
{
  const Wizard *wa = a, *wb = b;

  if (wa->turn_order != wb->turn_order)
    return wa->turn_order < wb->turn_order ? -1 : 1;
  return wa->seat < wb->seat ? -1 : wa->seat > wb->seat;
}

static void
build_talents (PenSetup   *setup,
               PenCatalog *catalog,
               PenRandom  *rng)
{
  guint n = setup->table_players;
  g_autoptr(GPtrArray) pool = shuffled_pool (catalog, rng, PEN_CARD_TALENT, 0, NULL);
  g_autoptr(GPtrArray) dealt = id_array ();
  g_autoptr(GArray) wizards = g_array_new (FALSE, TRUE, sizeof (Wizard));
  gboolean known = TRUE;

  /* dealt one at a time round the table: seat s gets cards s and s + n */
  take (setup, pool, 2 * n, dealt, "unknown-talent", "talent");
  for (guint s = 0; s < n; s++)
    {
      Wizard w = { s, -1, g_ptr_array_index (dealt, s), g_ptr_array_index (dealt, s + n) };
      PenCard *card = pen_catalog_lookup (catalog, w.kept);

      w.turn_order = card != NULL ? pen_card_get_turn_order (card) : -1;
      if (w.turn_order < 0)
        known = FALSE;
      g_array_append_val (wizards, w);
    }

  setup->turn_order_from_talents = known;
  if (known)
    g_array_sort (wizards, compare_turn_order);
  for (guint i = 0; i < wizards->len; i++)
    {
      Wizard *w = &g_array_index (wizards, Wizard, i);
      const char *pair[] = { w->kept, w->other, NULL };

      g_ptr_array_add (setup->talents, g_strdup (w->kept));
      g_ptr_array_add (setup->talents_dealt, g_strdupv ((char **) pair));
    }
}

/* The Classes of the kept Talents' starting Marks, then random others up to four. */
static void
build_classes (PenSetup   *setup,
               PenCatalog *catalog,
               PenRandom  *rng)
{
  gboolean chosen[PEN_MARK_SPARK] = { FALSE, };
  g_autoptr(GPtrArray) others = g_ptr_array_new ();
  guint count = 0;

  for (guint i = 0; i < setup->talents->len; i++)
    {
      PenCard *card = pen_catalog_lookup (catalog, g_ptr_array_index (setup->talents, i));
      int mark = card != NULL ? pen_card_get_start_mark (card) : -1;

      if (mark >= 0 && mark < PEN_MARK_SPARK && !chosen[mark] && count < PEN_SETUP_CLASSES)
        {
          chosen[mark] = TRUE;
          count++;
        }
    }
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    if (!chosen[k])
      g_ptr_array_add (others, GUINT_TO_POINTER (k));
  pen_random_shuffle (rng, others);
  for (guint i = 0; count < PEN_SETUP_CLASSES && i < others->len; i++, count++)
    chosen[GPOINTER_TO_UINT (g_ptr_array_index (others, i))] = TRUE;

  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    if (chosen[k])
      g_ptr_array_add (setup->classes, g_strdup (pen_mark_kind_to_string (k)));
}

PenSetup *
pen_setup_new (PenCatalog  *catalog,
               guint        players,
               guint64      seed,
               gboolean     ready_made,
               GError     **error)
{
  PenSetup *setup;
  PenRandom rng;

  g_return_val_if_fail (PEN_IS_CATALOG (catalog), NULL);

  if (players < 1 || players > 4)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "players: %u is not 1 to 4", players);
      return NULL;
    }

  setup = g_new0 (PenSetup, 1);
  setup->players = players;
  setup->table_players = MAX (players, 2);
  setup->ready_made = ready_made;
  setup->seed = seed;
  setup->prophecies = id_array ();
  setup->trial_row = id_array ();
  setup->fate_deck = id_array ();
  setup->contract_row = id_array ();
  setup->contract_deck = id_array ();
  setup->contract_bottom = id_array ();
  setup->markets = id_array ();
  setup->market_decks = id_array ();
  setup->classes = id_array ();
  setup->talents = id_array ();
  setup->talents_dealt = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  setup->missing = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  pen_random_init (&rng, seed);
  if (ready_made)
    build_ready_made (setup, catalog);
  else
    build_fate (setup, catalog, &rng);
  build_contracts (setup, catalog, &rng);
  build_talents (setup, catalog, &rng);
  build_classes (setup, catalog, &rng);
  build_markets (setup, catalog, &rng);
  return setup;
}

static void
add_ids (JsonBuilder *b,
         const char  *name,
         GPtrArray   *ids,
         gboolean     placeholders_as_null)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);

      if (placeholders_as_null && pen_setup_is_placeholder (id))
        json_builder_add_null_value (b);
      else
        json_builder_add_string_value (b, id);
    }
  json_builder_end_array (b);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static JsonNode *
to_json (const PenSetup *setup,
         gboolean        placeholders_as_null)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(GPtrArray) kinds = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (setup != NULL, NULL);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "players");
  json_builder_add_int_value (b, setup->players);
  add_ids (b, "prophecies", setup->prophecies, placeholders_as_null);
  add_ids (b, "trial_row", setup->trial_row, placeholders_as_null);
  add_ids (b, "fate_deck", setup->fate_deck, placeholders_as_null);
  add_ids (b, "contract_row", setup->contract_row, placeholders_as_null);
  add_ids (b, "contract_deck", setup->contract_deck, placeholders_as_null);
  for (guint d = 0; d < 2; d++)
    {
      GPtrArray *pairs = d == 0 ? setup->markets : setup->market_decks;

      json_builder_set_member_name (b, d == 0 ? "markets" : "market_decks");
      json_builder_begin_object (b);
      for (guint m = 0; m < 2 + (d == 0 ? setup->classes->len : 0); m++)
        {
          const char *market = m == 0 ? "brewery" : m == 1 ? "shop"
                               : g_ptr_array_index (setup->classes, m - 2);

          json_builder_set_member_name (b, market);
          json_builder_begin_array (b);
          for (guint i = 0; i + 1 < pairs->len; i += 2)
            if (g_str_equal (g_ptr_array_index (pairs, i), market))
              json_builder_add_string_value (b, g_ptr_array_index (pairs, i + 1));
          json_builder_end_array (b);
        }
      json_builder_end_object (b);
    }
  add_ids (b, "classes", setup->classes, placeholders_as_null);
  add_ids (b, "talents", setup->talents, placeholders_as_null);

  json_builder_set_member_name (b, "ready_made");
  json_builder_add_boolean_value (b, setup->ready_made);
  json_builder_set_member_name (b, "seed");
  /* JSON integers are signed 64-bit here: a larger seed is written as a string */
  if (setup->seed <= G_MAXINT64)
    json_builder_add_int_value (b, (gint64) setup->seed);
  else
    {
      g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, setup->seed);
      json_builder_add_string_value (b, text);
    }

  json_builder_set_member_name (b, "missing");
  json_builder_begin_object (b);
  g_hash_table_iter_init (&iter, setup->missing);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (kinds, key);
  g_ptr_array_sort (kinds, compare_strings);
  for (guint i = 0; i < kinds->len; i++)
    {
      const char *kind = g_ptr_array_index (kinds, i);

      json_builder_set_member_name (b, kind);
      json_builder_add_int_value (b, GPOINTER_TO_UINT (g_hash_table_lookup (setup->missing,
                                                                            kind)));
    }
  json_builder_end_object (b);

  /* what the spec does not name goes in "extra", which strict readers of this object (the
   * new-game action's "setup") accept */
  json_builder_set_member_name (b, "extra");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "talents_dealt");
  json_builder_begin_array (b);
  for (guint i = 0; i < setup->talents_dealt->len; i++)
    {
      char **pair = g_ptr_array_index (setup->talents_dealt, i);

      json_builder_begin_array (b);
      for (guint j = 0; pair[j] != NULL; j++)
        json_builder_add_string_value (b, pair[j]);
      json_builder_end_array (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "turn_order");
  json_builder_add_string_value (b, setup->turn_order_from_talents ? "talents" : "dealing");
  add_ids (b, "contract_bottom", setup->contract_bottom, placeholders_as_null);
  json_builder_end_object (b);

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

JsonNode *
pen_setup_to_json (const PenSetup *setup)
{
  return to_json (setup, FALSE);
}

JsonNode *
pen_setup_to_table_json (const PenSetup *setup)
{
  return to_json (setup, TRUE);
}
