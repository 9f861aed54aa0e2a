/* pen-turn.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pen-box.h"
#include "pen-json.h"
#include "pen-locations.h"
#include "pen-rule.h"
#include "pen-setup.h"
#include "pen-tasks.h"
#include "pen-threat.h"
#include "pen-turn.h"

#define P "$"

static char *card_language;

const char *
pen_turn_get_card_language (void)
{
  if (card_language == NULL)
    {
      const char * const *langs = g_get_language_names ();
      card_language = g_strdup (langs[0] && g_str_has_prefix (langs[0], "ru") ? "ru" : "en");
    }
  return card_language;
}

void
pen_turn_set_card_language (const char *lang)
{
  g_free (card_language);
  card_language = g_strdup (g_strcmp0 (lang, "ru") == 0 ? "ru" : "en");
}

const char *
pen_turn_card_name (const char *card_id)
{
  PenCard *card;

  if (card_id == NULL)
    return _("an unknown card");
  card = pen_catalog_lookup (pen_catalog_get_default (), card_id);
  return card ? pen_card_get_name (card, pen_turn_get_card_language ()) : card_id;
}

static PenCard *
lookup (const char *id)
{
  return id ? pen_catalog_lookup (pen_catalog_get_default (), id) : NULL;
}

static PenCardType
type_of (const char *id)
{
  PenCard *card = lookup (id);

  return card ? pen_card_get_card_type (card) : PEN_N_CARD_TYPES;
}

#define refuse pen_refuse

/* ---- dice ---- */

/* Takes a die of colour from the dice placed in locations when there is one (Rest and Mark
 * effects say so), otherwise from the common supply; either way it is rolled, as every gained
 * die is. */
static void
gain_die (PenTable  *table,
          PenWizard *wizard,
          PenColor   color)
{
  GListModel *placed = pen_table_get_placed (table);
  guint n = g_list_model_get_n_items (placed);
  g_autoptr(PenDie) die = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenDie) d = g_list_model_get_item (placed, i);
      if (pen_die_get_color (d) == color)
        {
          g_list_store_remove (G_LIST_STORE (placed), i);
          break;
        }
    }
  die = pen_die_new (color, pen_rule_roll_die (table, color, TRUE), FALSE);
  pen_wizard_add_die (wizard, die);
}

/* ---- a new game ---- */

static gboolean
read_id_list (JsonObject  *obj,
              const char  *path,
              const char  *key,
              GListModel  *list,
              const char  *zone,
              GError     **error)
{
  g_autofree char *p = pen_json_path_key (path, key);
  JsonArray *arr;

  if (!json_object_has_member (obj, key))
    return TRUE;
  if (!(arr = pen_json_expect_array (json_object_get_member (obj, key), p, error)))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      g_autofree char *ep = pen_json_path_index (p, i);
      JsonNode *e = json_array_get_element (arr, i);
      const char *id = NULL;

      if (!JSON_NODE_HOLDS_NULL (e))
        {
          if (!JSON_NODE_HOLDS_VALUE (e) || json_node_get_value_type (e) != G_TYPE_STRING)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: expected a card id", ep);
              return FALSE;
            }
          id = json_node_get_string (e);
          if (lookup (id) == NULL)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: \"%s\" is not a known card",
                           ep, id);
              return FALSE;
            }
        }
      pen_table_list_append (list, id, zone);
    }
  return TRUE;
}

/* The layout: `penumbra-cli setup`'s object, given by the caller (the setup assistant, or a
 * physically dealt table), or built from the seed. */
static gboolean
lay_out (PenTable    *table,
         JsonNode    *setup_node,
         GError     **error)
{
  static const char * const keys[] = {
    "players", "prophecies", "trial_row", "fate_deck", "contract_row", "contract_deck",
    "classes", "talents", "markets", "market_decks", "missing", "seed", "ready_made", NULL
  };
  const char *path = "$.setup";
  JsonObject *obj;
  JsonArray *row;
  GListModel *contract_row = pen_table_get_contract_row (table);

  if (!(obj = pen_json_expect_object (setup_node, path, error))
      || !pen_json_check_keys (obj, path, keys, error)
      || !read_id_list (obj, path, "prophecies", pen_table_get_in_play (table), "prophecy", error)
      || !read_id_list (obj, path, "trial_row", pen_table_get_trial_row (table), "trial-row",
                        error)
      || !read_id_list (obj, path, "fate_deck", pen_table_get_fate_deck (table), "fate-deck",
                        error)
      || !read_id_list (obj, path, "contract_deck", pen_table_get_contract_deck (table),
                        "contract-deck", error))
    return FALSE;
  {
    guint classes;

    if (!pen_table_read_classes (obj, path, &classes, error))
      return FALSE;
    pen_table_set_classes (table, classes);
  }

  if (json_object_has_member (obj, "contract_row"))
    {
      g_autoptr(GListStore) tmp = g_list_store_new (PEN_TYPE_TABLE_CARD);

      if (!read_id_list (obj, path, "contract_row", G_LIST_MODEL (tmp), "contract-row", error))
        return FALSE;
      row = json_object_get_array_member (obj, "contract_row");
      if (json_array_get_length (row) > PEN_CONTRACT_CELLS)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.contract_row: at most %d cells",
                       path, PEN_CONTRACT_CELLS);
          return FALSE;
        }
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (tmp)); i++)
        {
          g_autoptr(PenTableCard) src = g_list_model_get_item (G_LIST_MODEL (tmp), i);
          g_autoptr(PenTableCard) dst = g_list_model_get_item (contract_row, i);
          pen_table_card_set_card_id (dst, pen_table_card_get_card_id (src));
        }
    }

  if (json_object_has_member (obj, "markets"))
    {
      g_autofree char *p = pen_json_path_key (path, "markets");
      JsonObject *markets;
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      if (!(markets = pen_json_expect_object (json_object_get_member (obj, "markets"), p, error)))
        return FALSE;
      json_object_iter_init (&iter, markets);
      while (json_object_iter_next (&iter, &name, &member))
        if (!read_id_list (markets, p, name, pen_table_get_markets (table), name, error))
          return FALSE;
    }
  if (json_object_has_member (obj, "market_decks"))
    {
      g_autofree char *p = pen_json_path_key (path, "market_decks");
      JsonObject *decks;
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      if (!(decks = pen_json_expect_object (json_object_get_member (obj, "market_decks"), p,
                                            error)))
        return FALSE;
      json_object_iter_init (&iter, decks);
      while (json_object_iter_next (&iter, &name, &member))
        if (!read_id_list (decks, p, name, pen_table_get_market_decks (table), name, error))
          return FALSE;
    }
  return TRUE;
}

/* "table_markets": the table says the Brewery's and Shop's cards as they are bought and turned
 * up, so the layout holds two unknown cards in each market and no deck behind them */
static void
unknown_markets (JsonNode *setup)
{
  JsonObject *obj = setup != NULL && JSON_NODE_HOLDS_OBJECT (setup)
                    ? json_node_get_object (setup) : NULL;

  if (obj == NULL)
    return;
  for (guint m = 0; m < 2; m++)
    {
      const char *market = m == 0 ? "brewery" : "shop";
      JsonNode *node = json_object_get_member (obj, "markets");
      JsonArray *arr = json_array_new ();

      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        {
          json_object_set_object_member (obj, "markets", json_object_new ());
          node = json_object_get_member (obj, "markets");
        }
      for (guint i = 0; i < 2; i++)
        json_array_add_null_element (arr);
      json_object_set_array_member (json_node_get_object (node), market, arr);
      node = json_object_get_member (obj, "market_decks");
      if (node != NULL && JSON_NODE_HOLDS_OBJECT (node)
          && json_object_has_member (json_node_get_object (node), market))
        json_object_remove_member (json_node_get_object (node), market);
    }
}

gboolean
pen_turn_new_game (PenTable    *table,
                   JsonObject  *params,
                   GString     *label,
                   GError     **error)
{
  const char *mode = "app";
  gboolean ready_made = FALSE, hide_odds = FALSE, table_rolls = FALSE, table_markets = FALSE;
  gint64 seed = 0, solo = 0;
  JsonArray *players, *start = NULL, *talents = NULL;
  g_autoptr(JsonNode) built = NULL;
  g_autofree char *players_path = pen_json_path_key (P, "players");
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  gboolean unnamed_card[4] = { FALSE, };
  guint n;

  if (pen_table_get_n_players (table) > 0)
    return refuse (error, "$.action: a game is already under way");

  if (!json_object_has_member (params, "players"))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.players: missing");
      return FALSE;
    }
  if (!(players = pen_json_expect_array (json_object_get_member (params, "players"),
                                         players_path, error))
      || !pen_json_get_int (params, P, "seed", FALSE, 0, G_MAXINT64, &seed, error)
      || !pen_json_get_string (params, P, "mode", FALSE, &mode, error)
      || !pen_json_get_int (params, P, "solo", FALSE, 0, 3, &solo, error)
      || !pen_json_get_bool (params, P, "ready_made", FALSE, &ready_made, error)
      || !pen_json_get_bool (params, P, "hide_odds", FALSE, &hide_odds, error)
      || !pen_json_get_bool (params, P, "table_rolls", FALSE, &table_rolls, error)
      || !pen_json_get_bool (params, P, "table_markets", FALSE, &table_markets, error))
    return FALSE;

  n = json_array_get_length (players);
  if (n < 1 || n > 4)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: %u players; a game has 1 to 4",
                   players_path, n);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *ep = pen_json_path_index (players_path, i);
      JsonNode *e = json_array_get_element (players, i);

      if (!JSON_NODE_HOLDS_VALUE (e) || json_node_get_value_type (e) != G_TYPE_STRING
          || *json_node_get_string (e) == '\0' || strlen (json_node_get_string (e)) > 60)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: expected a name (1-60 bytes)", ep);
          return FALSE;
        }
      g_ptr_array_add (names, (gpointer) json_node_get_string (e));
    }
  if (!g_str_equal (mode, "app") && !g_str_equal (mode, "physical"))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.mode: \"%s\" is not app or physical",
                   mode);
      return FALSE;
    }
  if (table_rolls && !g_str_equal (mode, "physical"))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "$.table_rolls: only a physical game has the table roll every die");
      return FALSE;
    }
  if (table_markets && !g_str_equal (mode, "physical"))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "$.table_markets: only a physical game has the table say its market cards");
      return FALSE;
    }
  if (n == 1 && solo == 0)
    solo = 1;
  if (n > 1 && solo > 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.solo: a solo game has one player");
      return FALSE;
    }

  if (json_object_has_member (params, "cell_values"))
    {
      guint8 cells[PEN_MARK_CELLS];

      if (!pen_table_read_cell_values (params, P, cells, error))
        return FALSE;
      for (guint i = 0; i < PEN_MARK_CELLS; i++)
        pen_table_set_cell_value (table, i, cells[i]);
    }

  if (json_object_has_member (params, "start"))
    {
      g_autofree char *p = pen_json_path_key (P, "start");
      if (!(start = pen_json_expect_array (json_object_get_member (params, "start"), p, error)))
        return FALSE;
      if (json_array_get_length (start) != n)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: one entry per player", p);
          return FALSE;
        }
    }

  /* The layout comes from the caller (the setup assistant, a physically dealt table) or is
   * built by the setup rules from the seed: the same seed gives the same table. */
  if (!json_object_has_member (params, "setup"))
    {
      g_autoptr(PenSetup) setup = pen_setup_new (pen_catalog_get_default (), n, seed, ready_made,
                                                 error);
      if (setup == NULL)
        return FALSE;
      built = pen_setup_to_table_json (setup);
      /* the layout joins the action, so the log replays to the same table whatever the
       * catalogue holds later (the user's cards change the box's pool) */
      json_object_set_member (params, "setup", json_node_copy (built));
    }
  if (table_markets)
    unknown_markets (json_object_get_member (params, "setup"));
  if (start == NULL)
    {
      JsonNode *layout = json_object_get_member (params, "setup");

      if (JSON_NODE_HOLDS_OBJECT (layout)
          && json_object_has_member (json_node_get_object (layout), "talents")
          && JSON_NODE_HOLDS_ARRAY (json_object_get_member (json_node_get_object (layout),
                                                            "talents")))
        talents = json_object_get_array_member (json_node_get_object (layout), "talents");
    }

  pen_table_set_seed (table, seed);
  pen_random_init (pen_table_get_random (table), seed);
  pen_table_set_physical (table, g_str_equal (mode, "physical"));
  pen_table_set_table_rolls (table, table_rolls);
  pen_table_set_table_markets (table, table_markets);
  /* the first-game deck at a real table lies in the order the book prints (Setup, "Ready-made
   * deck for the first game": "lay them out in the order given"): its next card is known */
  pen_table_set_fate_printed (table, ready_made && g_str_equal (mode, "physical"));
  pen_table_set_solo_level (table, solo);
  pen_table_set_hide_odds (table, hide_odds);

  for (guint i = 0; i < n + (solo > 0 ? 1 : 0); i++)
    {
      /* nothing translated enters the game: the Rival is "Rival" in every language */
      g_autoptr(PenWizard) wizard = pen_wizard_new (i < n ? g_ptr_array_index (names, i)
                                                          : PEN_WIZARD_RIVAL_NAME);
      g_autoptr(PenMark) spark = NULL;
      int start_mark = -1;

      pen_wizard_set_rival (wizard, i >= n);
      pen_table_add_wizard (table, wizard);

      if (start != NULL && i < n)
        {
          static const char * const start_keys[] = { "mark", "talent", "card", "ingredients",
                                                     NULL };
          g_autofree char *ep = g_strdup_printf ("$.start[%u]", i);
          JsonObject *s;

          if (!(s = pen_json_expect_object (json_array_get_element (start, i), ep, error))
              || !pen_json_check_keys (s, ep, start_keys, error)
              || !pen_json_get_enum (s, ep, "mark", FALSE, pen_mark_kind_from_string,
                                     "discipline", &start_mark, error))
            return FALSE;
          if (start_mark == PEN_MARK_SPARK)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                           "%s.mark: the starting mark is a discipline", ep);
              return FALSE;
            }
          if (json_object_has_member (s, "talent"))
            {
              const char *talent = NULL;
              g_autoptr(PenTableCard) tc = NULL;

              if (!pen_json_get_string (s, ep, "talent", TRUE, &talent, error))
                return FALSE;
              if (type_of (talent) != PEN_CARD_TALENT)
                {
                  g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.talent: \"%s\" is not a "
                               "known talent", ep, talent);
                  return FALSE;
                }
              tc = pen_table_card_new (talent, PEN_ZONE_TALENT, FALSE, NULL);
              pen_wizard_add_card (wizard, tc);
            }
          /* the starting Discipline card the Talent names (Setup › Talents): given by the
           * set-up, so an older log, without it, gives the table it gave */
          if (json_object_has_member (s, "card"))
            {
              const char *id = NULL;
              PenCard *card;
              g_autoptr(PenTableCard) tc = NULL;

              if (!pen_json_get_string (s, ep, "card", TRUE, &id, error))
                return FALSE;
              /* "discipline": one the table cannot name yet, handed its number once the Class
               * markets lie out (below), so no number is handed out twice */
              if (g_str_equal (id, PEN_UNNAMED_START_CARD))
                unnamed_card[i] = TRUE;
              /* a Tome is an Artifact, never in a Class market now; a game that laid one out
               * there before that was known replays as it was played */
              else if ((card = lookup (id)) == NULL
                  || !(pen_box_is_discipline_kind (pen_card_get_card_type (card))
                       || pen_card_get_card_type (card) == PEN_CARD_TOME))
                {
                  g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.card: \"%s\" is not a "
                               "known Discipline card", ep, id);
                  return FALSE;
                }
              else
                {
                  tc = pen_table_card_new (id, pen_turn_default_zone (card), FALSE, NULL);
                  pen_wizard_add_card (wizard, tc);
                }
            }
          /* the starting Ingredients the Talent shows, as the table read them (the book
           * prints no Talent's) */
          if (json_object_has_member (s, "ingredients"))
            {
              g_autofree char *ip = pen_json_path_key (ep, "ingredients");
              guint counts[PEN_N_INGREDIENTS];

              if (!pen_ingredients_read (json_object_get_member (s, "ingredients"), ip, counts,
                                         error))
                return FALSE;
              for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
                pen_wizard_set_ingredient (wizard, k, counts[k]);
            }
        }

      /* Without a "start", each wizard keeps the talent the setup dealt (its starting mark
       * when the catalogue knows it) */
      if (start == NULL && talents != NULL && i < n && i < json_array_get_length (talents)
          && JSON_NODE_HOLDS_VALUE (json_array_get_element (talents, i)))
        {
          const char *talent = json_array_get_string_element (talents, i);
          PenCard *card = lookup (talent);

          if (card != NULL && pen_card_get_card_type (card) == PEN_CARD_TALENT)
            {
              g_autoptr(PenTableCard) tc = pen_table_card_new (talent, PEN_ZONE_TALENT, FALSE,
                                                               NULL);
              pen_wizard_add_card (wizard, tc);
              if (pen_card_get_start_mark (card) >= 0
                  && pen_card_get_start_mark (card) < PEN_MARK_SPARK)
                start_mark = pen_card_get_start_mark (card);
            }
        }

      /* A Spark Mark in the first spark cell; the starting mark in the first cell. */
      spark = pen_mark_new (PEN_MARK_SPARK, PEN_MARK_CHARGED, PEN_DISCIPLINE_CELLS,
                            pen_table_get_cell_value (table, PEN_DISCIPLINE_CELLS));
      pen_wizard_add_mark (wizard, spark);
      if (start_mark >= 0)
        {
          g_autoptr(PenMark) mark = pen_mark_new (start_mark, PEN_MARK_CHARGED, 0,
                                                  pen_table_get_cell_value (table, 0));
          pen_wizard_add_mark (wizard, mark);
        }

      /* Two Bone dice, a die of the starting colour and a Spark die, rolled. */
      for (guint k = 0; k < 2; k++)
        {
          g_autoptr(PenDie) die = pen_die_new (PEN_COLOR_BONE,
                                               pen_rule_roll_die (table, PEN_COLOR_BONE, FALSE),
                                               FALSE);
          pen_wizard_add_die (wizard, die);
        }
      if (start_mark >= 0)
        {
          PenColor c = pen_mark_kind_color (start_mark);
          g_autoptr(PenDie) die = pen_die_new (c, pen_rule_roll_die (table, c, FALSE), FALSE);
          pen_wizard_add_die (wizard, die);
        }
      {
        g_autoptr(PenDie) die = pen_die_new (PEN_COLOR_SPARK,
                                             pen_rule_roll_die (table, PEN_COLOR_SPARK, FALSE),
                                             FALSE);
        pen_wizard_add_die (wizard, die);
      }
    }

  if (!lay_out (table, json_object_get_member (params, "setup"), error))
    return FALSE;

  /* the numbers of the unnamed starting cards given, then the ones handed out now, written
   * into the action so that its log replays to the same table */
  for (guint i = 0; start != NULL && i < n; i++)
    {
      GListModel *cards = pen_wizard_get_cards (pen_table_get_wizard (table, i));

      for (guint c = 0; c < g_list_model_get_n_items (cards); c++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, c);
          PenCardType type;
          guint number;

          if (pen_card_parse_placeholder (pen_table_card_get_card_id (tc), &type, &number)
              && type == PEN_CARD_DISCIPLINE && number > pen_table_get_discipline_dealt (table))
            pen_table_set_discipline_dealt (table, number);
        }
    }
  for (guint i = 0; start != NULL && i < n; i++)
    if (unnamed_card[i])
      {
        g_autofree char *id = pen_locations_fresh_discipline_card (table);
        g_autoptr(PenTableCard) tc = NULL;

        if (id == NULL)
          {
            g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.start[%u].card: the box has "
                         "no Discipline card left", i);
            return FALSE;
          }
        tc = pen_table_card_new (id, PEN_ZONE_GRIMOIRE, FALSE, NULL);
        pen_wizard_add_card (pen_table_get_wizard (table, i), tc);
        json_object_set_string_member (json_array_get_object_element (start, i), "card", id);
      }

  pen_table_set_current (table, 0);
  pen_table_set_turn (table, 0);
  g_string_printf (label, g_dngettext (GETTEXT_PACKAGE, "New game for %u player",
                                       "New game for %u players", n), n);
  return TRUE;
}

/* ---- turns ---- */

static gboolean
first_round (PenTable *table)
{
  return pen_table_get_turn (table) < pen_table_get_n_players (table);
}

gboolean
pen_turn_start (PenTable    *table,
                JsonObject  *params,
                GString     *label,
                GError     **error)
{
  PenWizard *w;
  int kind;

  if (pen_table_get_n_players (table) == 0)
    return refuse (error, "no game has been started");
  if (pen_table_get_phase (table) == PEN_PHASE_ENDED)
    return refuse (error, "the game is over");
  if (pen_table_get_turn_kind (table) != PEN_TURN_NONE)
    return refuse (error, "$.kind: a turn is already under way");
  if (!pen_json_get_enum (params, P, "kind", TRUE, pen_turn_kind_from_string, "turn kind", &kind,
                          error))
    return FALSE;
  if (kind == PEN_TURN_NONE)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.kind: choose study, trial or rest");
      return FALSE;
    }

  w = pen_table_get_wizard (table, pen_table_get_current (table));
  if (pen_wizard_get_must_rest (w) && kind != PEN_TURN_REST
      && !pen_rule_refuse (table, PEN_RULE_REST_AFTER_MORTAL_WOUND, "$.kind", error,
                           "%s's turn must be a Rest", pen_wizard_get_name (w)))
    return FALSE;

  pen_table_set_turn_kind (table, kind);
  pen_table_set_trinket_used (table, FALSE);
  pen_table_set_guild_placements (table, 0);
  pen_table_set_guild_yellow (table, 0);
  pen_table_set_city_binds (table, 0);
  pen_table_set_trials_this_turn (table, 0);
  pen_table_set_placements_left (table, kind == PEN_TURN_STUDY ? (first_round (table) ? 1 : 2)
                                                               : 0);

  if (kind == PEN_TURN_REST)
    {
      GListModel *cards = pen_wizard_get_cards (w);
      GListModel *marks = pen_wizard_get_marks (w);

      /* Along the Rest thread: first the effects at its start ... */
      for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);

          if (!pen_table_card_get_rotated (tc))
            continue;
          pen_table_card_set_rotated (tc, FALSE);
          /* a brewed potion that unrotates goes back to the Grimoire as a Recipe */
          if (type_of (pen_table_card_get_card_id (tc)) == PEN_CARD_POTION
              && g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_INVENTORY) == 0)
            pen_table_card_set_zone (tc, PEN_ZONE_GRIMOIRE);
        }
      for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
        {
          g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
          if (pen_mark_get_state (mark) == PEN_MARK_DISCHARGED)
            pen_mark_set_state (mark, PEN_MARK_CHARGED);
        }
      gain_die (table, w, PEN_COLOR_BONE);
      gain_die (table, w, PEN_COLOR_BONE);
      /* ... then the effect above every mark that is not wounded */
      for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
        {
          g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
          if (pen_mark_get_state (mark) != PEN_MARK_WOUNDED)
            pen_turn_rest_effect (table, w, mark);
        }
      pen_wizard_set_must_rest (w, FALSE);
    }

  g_string_printf (label, _("%s: %s turn"), pen_wizard_get_display_name (w),
                   pen_turn_kind_get_label (kind));
  return TRUE;
}

void
pen_turn_rest_effect (PenTable  *table,
                      PenWizard *wizard,
                      PenMark   *mark)
{
  gain_die (table, wizard, pen_mark_kind_color (pen_mark_get_kind (mark)));
}

static gboolean
prophecy_in_play (PenTable   *table,
                  const char *id)
{
  return pen_table_card_list_index (pen_table_get_in_play (table), id) >= 0;
}

guint
pen_turn_count_trials (PenWizard *wizard)
{
  GListModel *cards = pen_wizard_get_cards (wizard);
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
      if (g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_EXPERIENCE) == 0
          && type_of (pen_table_card_get_card_id (tc)) == PEN_CARD_TRIAL)
        n++;
    }
  return n;
}

gboolean
pen_turn_prophecy_checkable (const char *id)
{
  return g_strcmp0 (id, "end-of-time") == 0 || g_strcmp0 (id, "unity") == 0;
}

/* The first wizard who has passed fewer than 3 Trials, or NULL */
static PenWizard *
short_of_unity (PenTable *table)
{
  for (guint i = 0; i < pen_table_get_n_players (table); i++)
    {
      PenWizard *w = pen_table_get_wizard (table, i);

      if (pen_turn_count_trials (w) < 3)
        return w;
    }
  return NULL;
}

/* The book: End of Time, "the game ends if the Fate deck has run out of cards"; Unity, "All
 * Wizards have passed 3 Trials". The others print no condition the rulebook gives: the table
 * judges them. */
gboolean
pen_turn_prophecy_met (PenTable   *table,
                       const char *id)
{
  if (g_strcmp0 (id, "end-of-time") == 0)
    return g_list_model_get_n_items (pen_table_get_fate_deck (table)) == 0;
  if (g_strcmp0 (id, "unity") == 0)
    return short_of_unity (table) == NULL;
  return TRUE;
}

gboolean
pen_turn_check_prophecy (PenTable    *table,
                         const char  *id,
                         const char  *path,
                         GError     **error)
{
  guint left = g_list_model_get_n_items (pen_table_get_fate_deck (table));
  PenWizard *w;

  if (pen_turn_prophecy_met (table, id))
    return TRUE;
  if (g_strcmp0 (id, "end-of-time") == 0)
    return pen_rule_refuse_said (table, PEN_RULE_PROPHECY_CONDITION, path, error,
                                 g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                               "End of Time is fulfilled when "
                                                               "the Fate deck runs out; %u Fate "
                                                               "card is left",
                                                               "End of Time is fulfilled when "
                                                               "the Fate deck runs out; %u Fate "
                                                               "cards are left", left), left),
                                 "End of Time is fulfilled when the Fate deck runs out, and %u "
                                 "Fate %s left", left, left == 1 ? "card is" : "cards are");
  w = short_of_unity (table);
  return pen_rule_refuse_said (table, PEN_RULE_PROPHECY_CONDITION, path, error,
                               g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "Unity is fulfilled when every "
                                                             "Wizard has passed 3 Trials; %s has "
                                                             "passed %u",
                                                             "Unity is fulfilled when every "
                                                             "Wizard has passed 3 Trials; %s has "
                                                             "passed %u",
                                                             pen_turn_count_trials (w)),
                                                pen_wizard_get_display_name (w),
                                                pen_turn_count_trials (w)),
                               "Unity is fulfilled when every Wizard has passed 3 Trials, and %s "
                               "has passed %u", pen_wizard_get_name (w),
                               pen_turn_count_trials (w));
}

/* The prophecies the app can check by itself; the others the table confirms. */
static const char *
fulfilled_prophecy (PenTable *table)
{
  if (prophecy_in_play (table, "end-of-time") && pen_turn_prophecy_met (table, "end-of-time"))
    return "end-of-time";
  if (prophecy_in_play (table, "unity") && pen_turn_prophecy_met (table, "unity"))
    return "unity";
  return NULL;
}

/* The contract the table names for the row's leftmost cell leaves the contract deck when it
 * is there (else it would be in both); without a name, the app deals the top of the deck in
 * app mode, and in physical mode (where it does not know the deck's order) the cell stays
 * unknown. */
static char *
next_contract (PenTable   *table,
               const char *revealed)
{
  GListModel *deck = pen_table_get_contract_deck (table);

  if (revealed != NULL)
    {
      for (guint i = 0; i < g_list_model_get_n_items (deck); i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (deck, i);
          if (g_strcmp0 (pen_table_card_get_card_id (tc), revealed) == 0)
            return pen_table_list_take (deck, i);
        }
      return g_strdup (revealed);
    }
  if (!pen_table_get_physical (table) && g_list_model_get_n_items (deck) > 0)
    return pen_table_list_take (deck, 0);
  return NULL;
}

/* Fills the vacated cell of a contract taken from the row: shift the ones left of it right,
 * reveal a new one on the left. */
static void
close_contract_gap (PenTable   *table,
                    guint       slot,
                    const char *revealed)
{
  GListModel *row = pen_table_get_contract_row (table);
  g_autofree char *next = NULL;

  for (guint i = slot; i > 0; i--)
    {
      g_autoptr(PenTableCard) dst = g_list_model_get_item (row, i);
      g_autoptr(PenTableCard) src = g_list_model_get_item (row, i - 1);
      pen_table_card_set_card_id (dst, pen_table_card_get_card_id (src));
    }
  next = next_contract (table, revealed);
  {
    g_autoptr(PenTableCard) first = g_list_model_get_item (row, 0);
    pen_table_card_set_card_id (first, next);
  }
}

static void
refresh_contracts (PenTable   *table,
                   const char *revealed)
{
  /* discard the rightmost, shift right, refill the leftmost */
  close_contract_gap (table, PEN_CONTRACT_CELLS - 1, revealed);
}

static gboolean
bring_into_play (PenTable    *table,
                 const char  *path,
                 const char  *id,
                 GString     *label,
                 GError     **error)
{
  GListModel *deck = pen_table_get_fate_deck (table);
  int found = -1;

  for (guint i = 0; i < g_list_model_get_n_items (deck); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (deck, i);
      if (g_strcmp0 (pen_table_card_get_card_id (tc), id) == 0)
        {
          found = i;
          break;
        }
    }
  if (found < 0 && lookup (id) != NULL)
    {
      g_autofree char *where = NULL;

      /* one of each card: one face up or in a play area cannot come from the deck */
      if (pen_box_is_face_up (table, id, &where))
        return refuse (error, "%s: %s is not in the Fate deck: it is on the table (%s)", path,
                       id, where);
      /* a card the setup could not name (the rulebook does not list enough): the table tells
       * which one it was */
      for (guint i = 0; i < g_list_model_get_n_items (deck); i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (deck, i);
          if (pen_table_card_get_card_id (tc) == NULL)
            {
              found = i;
              break;
            }
        }
    }
  if (found < 0)
    return refuse (error, "%s: %s is not among the cards left in the Fate deck", path, id);
  /* the first-game deck at a real table: the book prints its order, so the next card is the
   * top one; a table whose deck came out otherwise says so (override) */
  if (found != 0 && pen_table_get_physical (table) && pen_table_get_fate_next (table) != NULL
      && !pen_rule_refuse (table, PEN_RULE_FATE_PRINTED_ORDER, path, error,
                           "the next card is %s, not %s", pen_table_get_fate_next (table), id))
    return FALSE;
  /* In app-dealt mode the deck's order is known: only the top card can come next. */
  if (!pen_table_get_physical (table) && found != 0)
    {
      g_autoptr(PenTableCard) top = g_list_model_get_item (deck, 0);
      if (pen_table_card_get_card_id (top) != NULL)
        return refuse (error, "%s: the top of the Fate deck is %s, not %s", path,
                       pen_table_card_get_card_id (top), id);
      found = 0;
    }
  g_free (pen_table_list_take (deck, found));

  switch (type_of (id))
    {
    case PEN_CARD_TRIAL:
      pen_table_list_append (pen_table_get_trial_row (table), id, "trial-row");
      break;
    case PEN_CARD_EVENT:
      /* an event is applied at once; the last one stays visible until the next reveal */
      pen_table_list_append (pen_table_get_in_play (table), id, "event");
      break;
    case PEN_CARD_GOAL:
      pen_table_list_append (pen_table_get_in_play (table), id, "goal");
      break;
    case PEN_CARD_PROPHECY:
      pen_table_list_append (pen_table_get_in_play (table), id, "prophecy");
      break;
    default:
      pen_table_list_append (pen_table_get_in_play (table), id, "other");
      break;
    }
  g_string_append_printf (label, _("Fate: %s"), pen_turn_card_name (id));
  return TRUE;
}

static void
drop_old_events (PenTable *table)
{
  GListModel *in_play = pen_table_get_in_play (table);

  for (guint i = g_list_model_get_n_items (in_play); i > 0; i--)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (in_play, i - 1);
      if (g_strcmp0 (pen_table_card_get_zone (tc), "event") == 0)
        g_list_store_remove (G_LIST_STORE (in_play), i - 1);
    }
}

gboolean
pen_turn_reveal_fate (PenTable    *table,
                      JsonObject  *params,
                      GString     *label,
                      GError     **error)
{
  const char *id = NULL;

  if (!pen_json_get_string (params, P, "card", TRUE, &id, error))
    return FALSE;
  drop_old_events (table);
  return bring_into_play (table, "$.card", id, label, error);
}

static int find_reserved (PenWizard *wizard, const char *id, PenCardType type);

gboolean
pen_turn_end (PenTable    *table,
              JsonObject  *params,
              GString     *label,
              GError     **error)
{
  PenTurnKind kind = pen_table_get_turn_kind (table);
  const char *reveal = NULL, *contract = NULL;
  PenWizard *w;
  GListModel *supply;
  guint n = pen_table_get_n_players (table);
  const char *prophecy;
  gboolean was_final = pen_table_get_phase (table) == PEN_PHASE_FINAL_ROUND;

  if (n == 0)
    return refuse (error, "no game has been started");
  if (pen_table_get_phase (table) == PEN_PHASE_ENDED)
    return refuse (error, "the game is over");
  if (kind == PEN_TURN_NONE)
    return refuse (error, "no turn has been started: choose study, trial or rest first");
  if (!pen_json_get_string (params, P, "reveal", FALSE, &reveal, error)
      || !pen_json_get_string (params, P, "contract", FALSE, &contract, error))
    return FALSE;
  if (contract != NULL && type_of (contract) != PEN_CARD_CONTRACT)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.contract: \"%s\" is not a known "
                   "contract", contract);
      return FALSE;
    }

  w = pen_table_get_wizard (table, pen_table_get_current (table));
  g_string_printf (label, _("%s ends the turn"), pen_wizard_get_display_name (w));

  /* One Trial (Trial turn): the turn attempts one, when there is one it could attempt */
  if (kind == PEN_TURN_TRIAL && pen_table_get_trials_this_turn (table) == 0
      && pen_table_get_trial (table) == NULL && !pen_wizard_get_mortal_wound_this_turn (w)
      && (g_list_model_get_n_items (pen_table_get_trial_row (table)) > 0
          || find_reserved (w, NULL, PEN_CARD_TRIAL) >= 0)
      && !pen_rule_refuse (table, PEN_RULE_ONE_TRIAL_PER_TURN, "$", error,
                           "%s has attempted none this turn", pen_wizard_get_name (w)))
    return FALSE;

  /* a trial still in progress ends with the turn: its properties stop (the table records how
   * it ended with trial-take or trial-fail first; otherwise its card stays where it was) */
  pen_table_set_trial (table, NULL);

  /* temporary dice are discarded at the end of the turn */
  supply = pen_wizard_get_supply (w);
  for (guint i = g_list_model_get_n_items (supply); i > 0; i--)
    {
      g_autoptr(PenDie) die = g_list_model_get_item (supply, i - 1);
      if (pen_die_get_temporary (die))
        pen_wizard_remove_die (w, i - 1);
    }

  if (kind == PEN_TURN_TRIAL || kind == PEN_TURN_REST)
    {
      GListModel *deck = pen_table_get_fate_deck (table);

      refresh_contracts (table, contract);
      drop_old_events (table);
      if (g_list_model_get_n_items (deck) > 0)
        {
          g_autofree char *top = NULL;

          if (reveal == NULL && pen_table_get_physical (table))
            return refuse (error, "$.reveal: say which Fate card the table revealed");
          if (reveal == NULL)
            {
              g_autoptr(PenTableCard) tc = g_list_model_get_item (deck, 0);
              top = g_strdup (pen_table_card_get_card_id (tc));
              if (top == NULL)
                return refuse (error, "$.reveal: the top Fate card is one the rulebook does not "
                               "name: say which card it is");
            }
          g_string_append (label, "; ");
          if (!bring_into_play (table, "$.reveal", reveal ? reveal : top, label, error))
            return FALSE;
        }
    }
  else if (reveal != NULL)
    {
      /* overruled, the card the table revealed comes into play as after a Rest */
      if (!pen_rule_refuse (table, PEN_RULE_FATE_ON_TRIAL_OR_REST, "$.reveal", error,
                            "this is a Study turn"))
        return FALSE;
      drop_old_events (table);
      g_string_append (label, "; ");
      if (!bring_into_play (table, "$.reveal", reveal, label, error))
        return FALSE;
    }

  /* "one Mortal Wound card per turn" counts per turn of the game: a wizard wounded on
   * someone else's turn may be wounded again on the next one */
  for (guint i = 0; i < n; i++)
    pen_wizard_set_mortal_wound_this_turn (pen_table_get_wizard (table, i), FALSE);

  /* the end of the game: a prophecy fulfilled now gives everyone one more turn */
  if (was_final)
    {
      guint left = pen_table_get_final_turns (table);
      pen_table_set_final_turns (table, left > 0 ? left - 1 : 0);
      if (left <= 1)
        pen_table_set_phase (table, PEN_PHASE_ENDED);
    }
  else if ((prophecy = fulfilled_prophecy (table)) != NULL)
    {
      pen_table_set_phase (table, PEN_PHASE_FINAL_ROUND);
      pen_table_set_final_turns (table, n);
      pen_table_set_ended_by (table, prophecy);
    }

  pen_table_set_turn_kind (table, PEN_TURN_NONE);
  pen_table_set_placements_left (table, 0);
  pen_table_set_trinket_used (table, FALSE);
  pen_table_set_guild_placements (table, 0);
  pen_table_set_guild_yellow (table, 0);
  pen_table_set_city_binds (table, 0);
  pen_table_set_trials_this_turn (table, 0);
  pen_table_set_current (table, (pen_table_get_current (table) + 1) % n);
  pen_table_set_turn (table, pen_table_get_turn (table) + 1);
  return TRUE;
}

gboolean
pen_turn_use_placement (PenTable    *table,
                        PenWizard   *wizard,
                        JsonObject  *params,
                        GError     **error)
{
  gboolean trinket = FALSE, outside = FALSE;

  if (!pen_json_get_bool (params, P, "trinket", FALSE, &trinket, error)
      || !pen_json_get_bool (params, P, "outside", FALSE, &outside, error))
    return FALSE;

  const char *location = NULL;
  PenTurnKind kind = pen_table_get_turn_kind (table);
  PenWizard *current;

  if (!pen_json_get_string (params, P, "location", FALSE, &location, error))
    return FALSE;

  /* Only the current player places, on a Study turn declared first (a die placed before the
   * turn is declared would not count against its two placements), and a Mortal Wound has ended
   * that. Overruled (a correction), a placement is recorded without counting. */
  if (kind == PEN_TURN_NONE)
    return pen_rule_refuse (table, PEN_RULE_PLACEMENT_ON_STUDY_TURN, "$", error,
                            "no turn has been started: declare a Study turn first");
  current = pen_table_get_wizard (table, pen_table_get_current (table));
  if (current != wizard)
    return pen_rule_refuse (table, PEN_RULE_CURRENT_PLAYER, "$.wizard", error,
                            "it is %s's turn", pen_wizard_get_name (current));
  if (kind != PEN_TURN_STUDY)
    return pen_rule_refuse (table, PEN_RULE_PLACEMENT_ON_STUDY_TURN, "$", error,
                            "this is a %s turn", pen_turn_kind_to_string (kind));
  if (pen_wizard_get_mortal_wound_this_turn (wizard))
    return pen_rule_refuse (table, PEN_RULE_MORTAL_WOUND_ENDS_TURN, "$", error, NULL);

  if (trinket)
    {
      /* Hurry: once per turn, a Trinket buys one more placement */
      if (pen_table_get_trinket_used (table)
          && !pen_rule_refuse (table, PEN_RULE_TRINKET_ONCE, "$.trinket", error, NULL))
        return FALSE;
      if (pen_wizard_get_ingredient (wizard, PEN_INGREDIENT_TRINKET) == 0)
        return refuse (error, "$.trinket: %s has no Trinket", pen_wizard_get_name (wizard));
      pen_wizard_set_ingredient (wizard, PEN_INGREDIENT_TRINKET,
                                 pen_wizard_get_ingredient (wizard, PEN_INGREDIENT_TRINKET) - 1);
      pen_table_set_trinket_used (table, TRUE);
    }
  else if (pen_table_get_placements_left (table) <= 0)
    {
      gboolean first = first_round (table);
      gboolean bought = pen_table_get_trinket_used (table);
      /* a Trinket is offered only to a wizard who has one and has not hurried yet (play
       * finding R7: the reason offered a Trinket the player did not have) */
      gboolean can_hurry = !bought
                           && pen_wizard_get_ingredient (wizard, PEN_INGREDIENT_TRINKET) > 0;
      const char *name = pen_wizard_get_display_name (wizard);
      char *said;

      if (bought)
        said = g_strdup_printf (_("%s has made this turn’s placements and the one a Trinket "
                                  "bought"), name);
      else if (first && can_hurry)
        said = g_strdup_printf (_("%s has made the one placement of the first round; a "
                                  "Trinket buys one more"), name);
      else if (first)
        said = g_strdup_printf (_("%s has made the one placement of the first round"), name);
      else if (can_hurry)
        said = g_strdup_printf (_("%s has made the two placements of this turn; a Trinket "
                                  "buys one more"), name);
      else
        said = g_strdup_printf (_("%s has made the two placements of this turn"), name);
      if (!pen_rule_refuse_said (table, PEN_RULE_PLACEMENTS_PER_TURN, "$", error, said,
                                 "%s has made the %s of this turn%s%s",
                                 pen_wizard_get_name (wizard),
                                 first ? "one placement the first round allows"
                                       : "two placements",
                                 bought ? " and the one a Trinket bought" : "",
                                 can_hurry ? " (pay a Trinket for one more)" : ""))
        return FALSE;
    }
  else
    pen_table_set_placements_left (table, pen_table_get_placements_left (table) - 1);

  /* the Guild's one effect: attempt to fulfil one Contract */
  if (location != NULL && g_ascii_strcasecmp (location, "guild") == 0)
    {
      gint64 index = -1;

      pen_table_set_guild_placements (table, pen_table_get_guild_placements (table) + 1);
      /* a Yellow die: DEFEND's "place" for the Contract it fulfils */
      if (pen_json_get_int (params, P, "index", FALSE, 0, 255, &index, NULL) && index >= 0
          && index < g_list_model_get_n_items (pen_wizard_get_supply (wizard))
          && pen_die_get_color (pen_wizard_get_die (wizard, index)) == PEN_COLOR_YELLOW)
        pen_table_set_guild_yellow (table, pen_table_get_guild_yellow (table) + 1);
    }
  /* Bind: once per placement in the City */
  if (location != NULL
      && pen_locations_get_area (pen_locations_get_default (), location) == PEN_AREA_CITY)
    pen_table_set_city_binds (table, pen_table_get_city_binds (table) + 1);

  if (outside)
    {
      /* Appear: 1 Arcana places a die outside a cell */
      if (pen_wizard_get_ingredient (wizard, PEN_INGREDIENT_ARCANA) == 0)
        return refuse (error, "$.outside: placing outside a cell costs 1 Arcana");
      pen_wizard_set_ingredient (wizard, PEN_INGREDIENT_ARCANA,
                                 pen_wizard_get_ingredient (wizard, PEN_INGREDIENT_ARCANA) - 1);
    }
  return TRUE;
}

gboolean
pen_turn_gain_mark (PenTable    *table,
                    PenWizard   *wizard,
                    PenMarkKind  kind,
                    gboolean     rest_effect,
                    GError     **error)
{
  int cell = pen_wizard_first_free_cell (wizard, kind == PEN_MARK_SPARK);
  g_autoptr(PenMark) mark = NULL;

  if (cell < 0)
    return refuse (error, "$.kind: %s has no free %s cell", pen_wizard_get_name (wizard),
                   kind == PEN_MARK_SPARK ? "spark" : "discipline");
  /* Magic Marks are limited (60 tokens); spark marks are not tokens */
  if (kind != PEN_MARK_SPARK)
    {
      guint used = 0;
      for (guint i = 0; i < pen_table_get_n_players (table); i++)
        for (guint k = 0; k < PEN_MARK_SPARK; k++)
          used += pen_wizard_count_marks (pen_table_get_wizard (table, i), k);
      if (used >= PEN_MARK_TOKENS)
        return refuse (error, "$.kind: the Mark tokens have run out");
    }

  mark = pen_mark_new (kind, PEN_MARK_CHARGED, cell, pen_table_get_cell_value (table, cell));
  pen_wizard_add_mark (wizard, mark);
  if (rest_effect)
    pen_turn_rest_effect (table, wizard, mark);
  return TRUE;
}


/* "After the current Threat roll: Your turn is over. Discard all dice. Your next turn is
 * Rest." On the wounded wizard's own turn nothing more is placed, fulfilled or attempted, and
 * a Trial in progress leaves the game (the rulebook's Trial steps). */
static void
mortal_wound_ends_turn (PenTable  *table,
                        PenWizard *wizard)
{
  const PenTrial *trial = pen_table_get_trial (table);

  g_list_store_remove_all (G_LIST_STORE (pen_wizard_get_supply (wizard)));
  if (pen_table_get_wizard (table, pen_table_get_current (table)) != wizard
      || pen_table_get_turn_kind (table) == PEN_TURN_NONE)
    return;
  pen_table_set_placements_left (table, 0);
  pen_table_set_guild_placements (table, 0);
  pen_table_set_guild_yellow (table, 0);
  pen_table_set_city_binds (table, 0);
  if (trial != NULL && pen_table_get_wizard (table, trial->wizard) == wizard)
    {
      GListModel *row = pen_table_get_trial_row (table);

      if (trial->index >= 0 && (guint) trial->index < g_list_model_get_n_items (row))
        g_free (pen_table_list_take (row, trial->index));
      else if (trial->index < 0)
        {
          int i = find_reserved (wizard, trial->card, PEN_CARD_TRIAL);
          if (i >= 0)
            pen_wizard_remove_card (wizard, i);
        }
      pen_table_set_trial (table, NULL);
      pen_table_set_trials_this_turn (table, pen_table_get_trials_this_turn (table) + 1);
    }
}

gboolean
pen_turn_mortal_wound (PenTable    *table,
                       PenWizard   *wizard,
                       GError     **error)
{
  if (pen_wizard_get_mortal_wound_this_turn (wizard)
      && !pen_rule_refuse (table, PEN_RULE_ONE_MORTAL_WOUND, "$.wizard", error,
                           "%s has one this turn", pen_wizard_get_name (wizard)))
    return FALSE;
  /* the box has 4 cards and a substitute stands in for more; a snapshot counts up to 99 */
  if (pen_wizard_get_mortal_wounds (wizard) >= 99)
    return refuse (error, "$.wizard: %s has 99 Mortal Wound cards already",
                   pen_wizard_get_name (wizard));

  pen_wizard_set_mortal_wounds (wizard, pen_wizard_get_mortal_wounds (wizard) + 1);
  pen_wizard_set_mortal_wound_this_turn (wizard, TRUE);
  pen_wizard_set_must_rest (wizard, TRUE);
  mortal_wound_ends_turn (table, wizard);
  return TRUE;
}

const char *
pen_turn_default_zone (PenCard *card)
{
  switch (pen_card_get_card_type (card))
    {
    case PEN_CARD_ARTIFACT:
      return pen_card_get_equipment (card) ? PEN_ZONE_EQUIPMENT : PEN_ZONE_INVENTORY;
    case PEN_CARD_TOME:
    case PEN_CARD_TRIAL:
    case PEN_CARD_CONTRACT:
      return PEN_ZONE_EXPERIENCE;
    case PEN_CARD_TALENT:
      return PEN_ZONE_TALENT;
    case PEN_CARD_SPELL:
    case PEN_CARD_POTION:
    case PEN_CARD_PET:
    case PEN_CARD_EVENT:
    case PEN_CARD_PROPHECY:
    case PEN_CARD_GOAL:
    case PEN_CARD_MORTAL_WOUND:
    case PEN_CARD_DISCIPLINE:
    case PEN_N_CARD_TYPES:
    default:
      return PEN_ZONE_GRIMOIRE;
    }
}

gboolean
pen_turn_check_zone (PenWizard   *wizard,
                     PenCard     *card,
                     const char  *zone,
                     GError     **error)
{
  static const char * const zones[] = {
    PEN_ZONE_GRIMOIRE, PEN_ZONE_INVENTORY, PEN_ZONE_EXPERIENCE, PEN_ZONE_EQUIPMENT,
    PEN_ZONE_RESERVED, PEN_ZONE_TALENT, NULL
  };
  const char *equipment = pen_card_get_equipment (card);

  if (!g_strv_contains (zones, zone))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.zone: \"%s\" is not a zone", zone);
      return FALSE;
    }
  /* an artifact with an equipment icon lives only in its cell, and one per cell */
  if (equipment != NULL)
    {
      GListModel *cards = pen_wizard_get_cards (wizard);

      if (!g_str_equal (zone, PEN_ZONE_EQUIPMENT))
        return refuse (error, "$.zone: %s can only be kept in the %s cell",
                       pen_card_get_id (card), equipment);
      for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
          PenCard *other = lookup (pen_table_card_get_card_id (tc));
          if (other != card && other != NULL
              && g_strcmp0 (pen_card_get_equipment (other), equipment) == 0)
            return refuse (error, "$.card: the %s cell already holds %s; discard it first",
                           equipment, pen_card_get_id (other));
        }
    }
  else if (g_str_equal (zone, PEN_ZONE_EQUIPMENT))
    return refuse (error, "$.zone: %s has no equipment icon", pen_card_get_id (card));
  return TRUE;
}

/* The Light or Darkness a card brings: what the action recorded ("fate": {"light": N, "dark":
 * N}), else the catalogue's, then recorded, so a replay moves the same whatever the catalogue
 * says by then (the table may name a card's numbers after it was taken) */
static void
add_path (PenWizard  *wizard,
          const char *id,
          PenPath     path,
          JsonObject *params)
{
  const char *key = path == PEN_PATH_LIGHT ? "light" : "dark";
  JsonNode *node = params ? json_object_get_member (params, "fate") : NULL;
  JsonObject *fate = node && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  PenCard *card = lookup (id);
  int n;

  if (fate != NULL && json_object_has_member (fate, key))
    n = CLAMP (json_object_get_int_member (fate, key), 0, 9);
  else
    {
      n = card == NULL ? 0
          : path == PEN_PATH_LIGHT ? pen_card_get_light (card) : pen_card_get_dark (card);
      n = MAX (n, 0);
      if (params != NULL)
        {
          if (fate == NULL)
            {
              fate = json_object_new ();
              json_object_set_object_member (params, "fate", fate);
            }
          json_object_set_int_member (fate, key, n);
        }
    }
  if (n <= 0)
    return;
  if (path == PEN_PATH_LIGHT)
    pen_wizard_set_light (wizard, pen_wizard_get_light (wizard) + n);
  else
    pen_wizard_set_dark (wizard, pen_wizard_get_dark (wizard) + n);
}

static int
find_reserved (PenWizard  *wizard,
               const char *id,
               PenCardType type)
{
  GListModel *cards = pen_wizard_get_cards (wizard);

  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
      if (g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_RESERVED) == 0
          && (id == NULL || g_strcmp0 (pen_table_card_get_card_id (tc), id) == 0)
          && type_of (pen_table_card_get_card_id (tc)) == type)
        return i;
    }
  return -1;
}

static gboolean
is_urgent (const char *id)
{
  PenCard *card = lookup (id);

  return card != NULL && pen_card_get_urgent (card);
}

/* What a Contract and a Trial both ask of the turn: it is a turn of kind (else kind_rule
 * refuses), the wizard's own, and no Mortal Wound has ended it */
static gboolean
own_turn_checks (PenTable    *table,
                 PenWizard   *wizard,
                 PenTurnKind  want,
                 PenRule      kind_rule,
                 GError     **error)
{
  PenTurnKind kind = pen_table_get_turn_kind (table);
  PenWizard *current = pen_table_get_wizard (table, pen_table_get_current (table));

  if (kind != want
      && !pen_rule_refuse (table, kind_rule, "$", error,
                           kind == PEN_TURN_NONE ? "no turn has been started"
                                                 : "this is a %s turn",
                           pen_turn_kind_to_string (kind)))
    return FALSE;
  if (current != wizard
      && !pen_rule_refuse (table, PEN_RULE_CURRENT_PLAYER, "$.wizard", error, "it is %s's turn",
                           pen_wizard_get_name (current)))
    return FALSE;
  if (kind != PEN_TURN_NONE && pen_wizard_get_mortal_wound_this_turn (wizard)
      && !pen_rule_refuse (table, PEN_RULE_MORTAL_WOUND_ENDS_TURN, "$", error, NULL))
    return FALSE;
  return TRUE;
}

/* A Contract is fulfilled at the Guild: on the current player's Study turn, one for each die
 * placed there, and not after a Mortal Wound. Uses up the Guild placement. */
static gboolean
contract_turn_checks (PenTable   *table,
                      PenWizard  *wizard,
                      GError    **error)
{
  if (!own_turn_checks (table, wizard, PEN_TURN_STUDY, PEN_RULE_CONTRACT_ON_STUDY_TURN, error))
    return FALSE;
  if (pen_table_get_guild_placements (table) == 0)
    {
      if (!pen_rule_refuse (table, PEN_RULE_CONTRACT_NEEDS_GUILD, "$", error,
                            "no die placed in the Guild is left for it"))
        return FALSE;
    }
  else
    pen_table_set_guild_placements (table, pen_table_get_guild_placements (table) - 1);
  return TRUE;
}

/* DEFEND's "place" for a Contract: "yellow_placed" says whether a Yellow die placed in the
 * Guild discards one of its task's Threat dice; absent, a Yellow die placed there this turn and
 * not used yet does, when the task rolls Threat (written in, so a replay reads the same). One
 * Yellow die counts for one Contract. */
static gboolean
guild_yellow (PenTable    *table,
              guint        threat,
              JsonObject  *params,
              gboolean    *yellow,
              GError     **error)
{
  *yellow = FALSE;
  if (json_object_has_member (params, "yellow_placed"))
    {
      if (!pen_json_get_bool (params, P, "yellow_placed", FALSE, yellow, error))
        return FALSE;
    }
  else if (threat > 0 && pen_table_get_guild_yellow (table) > 0)
    {
      *yellow = TRUE;
      json_object_set_boolean_member (params, "yellow_placed", TRUE);
    }
  if (*yellow && pen_table_get_guild_yellow (table) > 0)
    pen_table_set_guild_yellow (table, pen_table_get_guild_yellow (table) - 1);
  return TRUE;
}

/* ---- a Contract's task and reward (Contracts and Trials › Tasks, Rewards) ---- */

void
pen_turn_count_experience (PenWizard *wizard,
                           guint     *symbols)
{
  GListModel *cards = pen_wizard_get_cards (wizard);

  memset (symbols, 0, sizeof (guint) * PEN_N_SYMBOLS);
  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
      PenCard *card = lookup (pen_table_card_get_card_id (tc));

      /* a Tome is kept in the Experience zone: one named only after it was bought unnamed
       * still lies in the Inventory, and counts all the same (play finding E1) */
      if (card == NULL || (g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_EXPERIENCE) != 0
                           && pen_card_get_card_type (card) != PEN_CARD_TOME))
        continue;
      for (guint s = 0; s < PEN_N_SYMBOLS; s++)
        symbols[s] += pen_card_count_symbol (card, s);
    }
}

static int
wizard_index (PenTable  *table,
              PenWizard *wizard)
{
  for (guint i = 0; i < pen_table_get_n_players (table); i++)
    if (pen_table_get_wizard (table, i) == wizard)
      return (int) i;
  return -1;
}

PenContractTask *
pen_turn_contract_task (PenTable   *table,
                        guint       wizard,
                        const char *card,
                        int         placed)
{
  return pen_turn_contract_task_paying (table, wizard, card, placed, -1);
}

gboolean
pen_turn_contract_blood_choice (PenTable   *table,
                                guint       wizard,
                                const char *card,
                                int         placed)
{
  g_autoptr(PenContractTask) marks = NULL;
  g_autoptr(PenContractTask) supply = NULL;

  marks = pen_turn_contract_task_paying (table, wizard, card, placed, PEN_BLOOD_MARKS_FIRST);
  supply = pen_turn_contract_task_paying (table, wizard, card, placed, PEN_BLOOD_SUPPLY_FIRST);
  if (marks == NULL || supply == NULL || !marks->pays || !marks->can || !supply->can)
    return FALSE;
  return marks->result->blood_from_marks != supply->result->blood_from_marks;
}

/* USE BLOOD: the wounded Mark whose flip pays 1 Blood, the one a task's payment flips (first a
 * Mark that no healthy Mark of its value covers, then by cell), or NULL */
static PenMark *
blood_mark (PenWizard *wizard)
{
  g_autoptr(PenTask) task = pen_task_new (PEN_TASK_DISCARD_INGREDIENTS);
  g_autoptr(PenBoard) board = pen_wizard_to_board (wizard);
  g_autoptr(PenTaskResult) result = NULL;
  guint experience[PEN_N_SYMBOLS] = { 0, };

  board->ingredients[PEN_INGREDIENT_BLOOD] = 0;
  task->ingredients[PEN_INGREDIENT_BLOOD] = 1;
  task->blood_source = PEN_BLOOD_MARKS_FIRST;
  result = pen_task_solve (task, board, experience);
  if (!result->feasible || result->marks == NULL || result->marks->len == 0)
    return NULL;
  return g_list_model_get_item (pen_wizard_get_marks (wizard),
                                g_array_index (result->marks, guint, 0));
}

gboolean
pen_turn_has_blood (PenWizard *wizard)
{
  g_autoptr(PenMark) mark = NULL;

  g_return_val_if_fail (PEN_IS_WIZARD (wizard), FALSE);
  if (pen_wizard_get_ingredient (wizard, PEN_INGREDIENT_BLOOD) > 0)
    return TRUE;
  mark = blood_mark (wizard);
  return mark != NULL;
}

int
pen_turn_blood_mark (PenWizard *wizard)
{
  g_autoptr(PenMark) mark = NULL;

  g_return_val_if_fail (PEN_IS_WIZARD (wizard), -1);
  mark = blood_mark (wizard);
  return mark != NULL ? (int) pen_mark_get_cell (mark) : -1;
}

gboolean
pen_turn_blood_choice (PenWizard *wizard)
{
  g_autoptr(PenMark) mark = NULL;

  g_return_val_if_fail (PEN_IS_WIZARD (wizard), FALSE);
  if (pen_wizard_get_ingredient (wizard, PEN_INGREDIENT_BLOOD) == 0)
    return FALSE;
  mark = blood_mark (wizard);
  return mark != NULL;
}

gboolean
pen_turn_blood_payment (PenWizard   *wizard,
                        JsonObject  *params,
                        int         *cell,
                        GError     **error)
{
  int source = PEN_BLOOD_SUPPLY_FIRST;
  gboolean supply;
  g_autoptr(PenMark) mark = NULL;

  g_return_val_if_fail (PEN_IS_WIZARD (wizard), FALSE);
  g_return_val_if_fail (cell != NULL, FALSE);

  supply = pen_wizard_get_ingredient (wizard, PEN_INGREDIENT_BLOOD) > 0;
  *cell = PEN_BLOOD_NONE;
  /* the Mark flipped, as the action says (written the first time: a replay flips the same) */
  if (json_object_has_member (params, "blood_mark"))
    {
      gint64 v;
      PenMark *given;

      if (!pen_json_get_int (params, "$", "blood_mark", TRUE, 0, PEN_MARK_CELLS - 1, &v, error))
        return FALSE;
      given = pen_wizard_get_mark_in_cell (wizard, v);
      if (given == NULL || pen_mark_get_state (given) != PEN_MARK_WOUNDED)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED,
                       "$.blood_mark: cell %d holds no wounded mark", (int) v);
          return FALSE;
        }
      *cell = v;
      return TRUE;
    }
  if (json_object_has_member (params, "blood_source")
      && !pen_json_get_enum (params, "$", "blood_source", FALSE, pen_blood_source_from_string,
                             "Blood source", &source, error))
    return FALSE;
  if (source != PEN_BLOOD_SUPPLY_ONLY && (source == PEN_BLOOD_MARKS_FIRST || !supply))
    mark = blood_mark (wizard);
  if (mark != NULL)
    *cell = pen_mark_get_cell (mark);
  else if (supply)
    *cell = PEN_BLOOD_SUPPLY;
  return TRUE;
}

void
pen_turn_pay_blood (PenWizard  *wizard,
                    JsonObject *params,
                    int         cell)
{
  g_return_if_fail (PEN_IS_WIZARD (wizard));

  if (cell >= 0)
    {
      pen_mark_set_state (pen_wizard_get_mark_in_cell (wizard, cell), PEN_MARK_DISCHARGED);
      json_object_set_int_member (params, "blood_mark", cell);
    }
  else if (cell == PEN_BLOOD_SUPPLY)
    pen_wizard_set_ingredient (wizard, PEN_INGREDIENT_BLOOD,
                               pen_wizard_get_ingredient (wizard, PEN_INGREDIENT_BLOOD) - 1);
}

static PenContractTask *task_paying (PenTable *table, guint wizard, JsonNode *node, int placed,
                                      int blood_source);

PenContractTask *
pen_turn_contract_task_paying (PenTable   *table,
                               guint       wizard,
                               const char *card,
                               int         placed,
                               int         blood_source)
{
  PenCard *c = lookup (card);

  g_return_val_if_fail (PEN_IS_TABLE (table), NULL);
  return task_paying (table, wizard, c != NULL ? pen_card_get_task (c) : NULL, placed,
                      blood_source);
}

PenContractTask *
pen_turn_trial_task (PenTable   *table,
                     guint       wizard,
                     const char *card,
                     PenPath     path)
{
  PenCard *c = lookup (card);

  g_return_val_if_fail (PEN_IS_TABLE (table), NULL);
  return task_paying (table, wizard, c != NULL ? pen_card_get_path_task (c, path) : NULL, -1,
                      -1);
}

/* node: the task as the catalogue holds it (NULL: unknown) */
static PenContractTask *
task_paying (PenTable   *table,
             guint       wizard,
             JsonNode   *node,
             int         placed,
             int         blood_source)
{
  PenContractTask *out;
  PenWizard *w;
  g_autoptr(PenBoard) board = NULL;
  guint experience[PEN_N_SYMBOLS];
  GListModel *marks;

  g_return_val_if_fail (PEN_IS_TABLE (table), NULL);
  if (node == NULL || wizard >= pen_table_get_n_players (table))
    return NULL;
  out = g_new0 (PenContractTask, 1);
  out->task = pen_task_from_json (node, "$.task", NULL);
  if (out->task == NULL)
    {
      g_free (out);
      return NULL;
    }
  if (blood_source >= 0 && blood_source < PEN_N_BLOOD_SOURCES)
    out->task->blood_source = blood_source;
  w = pen_table_get_wizard (table, wizard);
  board = pen_wizard_to_board (w);
  if (placed >= 0 && (guint) placed < board->supply->len)
    g_array_remove_index (board->supply, placed);
  pen_turn_count_experience (w, experience);
  out->result = pen_task_solve (out->task, board, experience);
  out->describe = pen_task_result_describe (out->result, out->task, board);
  /* a Threat roll and Experience take nothing from the supply */
  out->pays = out->task->kind != PEN_TASK_WITHSTAND
              && out->task->kind != PEN_TASK_HAVE_EXPERIENCE;
  out->can = out->task->kind == PEN_TASK_WITHSTAND || out->result->feasible;
  out->marks = g_array_new (FALSE, FALSE, sizeof (guint));
  marks = pen_wizard_get_marks (w);
  for (guint i = 0; out->result->marks != NULL && i < out->result->marks->len; i++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (marks, g_array_index (out->result->marks,
                                                                             guint, i));
      guint cell;

      if (mark == NULL)
        continue;
      cell = pen_mark_get_cell (mark);
      g_array_append_val (out->marks, cell);
    }
  return out;
}

void
pen_contract_task_free (PenContractTask *task)
{
  if (task == NULL)
    return;
  g_clear_pointer (&task->task, pen_task_free);
  g_clear_pointer (&task->result, pen_task_result_free);
  g_clear_pointer (&task->marks, g_array_unref);
  g_free (task->describe);
  g_free (task);
}

/* What the task takes, as the action records it: {"dice": [supply indices], "ingredients":
 * {…}, "marks": [cells]}; empty when the task is unknown or takes nothing */
static JsonObject *
task_payment (PenContractTask *ct)
{
  JsonObject *pay = json_object_new ();

  if (ct == NULL || !ct->pays || !ct->result->feasible)
    return pay;
  if (ct->result->use != NULL && ct->result->use->len > 0)
    {
      JsonArray *dice = json_array_new ();

      for (guint i = 0; i < ct->result->use->len; i++)
        json_array_add_int_element (dice, g_array_index (ct->result->use, guint, i));
      json_object_set_array_member (pay, "dice", dice);
    }
  {
    JsonObject *ing = json_object_new ();

    for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
      if (ct->result->pay[k] > 0)
        json_object_set_int_member (ing, pen_ingredient_to_string (k), ct->result->pay[k]);
    if (json_object_get_size (ing) > 0)
      json_object_set_object_member (pay, "ingredients", ing);
    else
      json_object_unref (ing);
  }
  if (ct->marks->len > 0)
    {
      JsonArray *marks = json_array_new ();

      for (guint i = 0; i < ct->marks->len; i++)
        json_array_add_int_element (marks, g_array_index (ct->marks, guint, i));
      json_object_set_array_member (pay, "marks", marks);
    }
  return pay;
}

/* The task: refused by rule contract-task when the wizard cannot do it now (overruled, the
 * table did it its own way and nothing is taken); else its cost is taken. What is taken is
 * written into the action ("task_pay"), so a replay takes the same whatever the catalogue
 * learns later; a "task_pay" given is taken as it is (the table chose other dice). */
static gboolean
contract_task (PenTable    *table,
               PenWizard   *wizard,
               const char  *id,
               JsonNode    *task,
               PenRule      rule,
               JsonObject  *params,
               const char  *path,
               GError     **error)
{
  JsonNode *given = json_object_get_member (params, "task_pay");
  int windex = wizard_index (table, wizard);
  g_autoptr(JsonObject) pay = NULL;
  g_autoptr(JsonObject) sub = NULL;
  g_autoptr(GString) label = g_string_new (NULL);

  if (given != NULL)
    {
      if (!JSON_NODE_HOLDS_OBJECT (given))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.task_pay: not an object");
          return FALSE;
        }
      pay = json_object_ref (json_node_get_object (given));
    }
  else
    {
      g_autoptr(PenContractTask) ct = NULL;
      g_autofree char *short_of = NULL;
      int source = -1;

      /* the Blood paid from the supply or with wounded Marks, as the wizard chose */
      if (json_object_has_member (params, "blood_source")
          && !pen_json_get_enum (params, path, "blood_source", FALSE,
                                 pen_blood_source_from_string, "Blood source", &source, error))
        return FALSE;
      ct = task_paying (table, windex, task, -1, source);
      short_of = ct != NULL ? g_strdup (ct->describe) : NULL;

      /* one sentence, which the dialog ends */
      if (short_of != NULL && g_str_has_suffix (short_of, "."))
        short_of[strlen (short_of) - 1] = '\0';
      if (ct != NULL && !ct->can
          && !pen_rule_refuse_said (table, rule, path, error,
                                    /* Translators: a wizard, a Contract, then what is short
                                     * ("the dice add up to 5, and it asks for 8") */
                                    g_strdup_printf (_("%s cannot do the task of %s now: %s"),
                                                     pen_wizard_get_display_name (wizard),
                                                     pen_turn_card_name (id), short_of),
                                    "%s cannot do the task of %s (%s) with what they have now",
                                    pen_wizard_get_name (wizard), id,
                                    pen_task_kind_to_string (ct->task->kind)))
        return FALSE;
      pay = task_payment (ct);
      json_object_set_object_member (params, "task_pay", json_object_ref (pay));
    }
  if (json_object_get_size (pay) == 0)
    return TRUE;
  sub = json_object_new ();
  json_object_set_int_member (sub, "wizard", windex);
  for (guint k = 0; k < 3; k++)
    {
      const char *key = (const char *[]) { "dice", "ingredients", "marks" }[k];

      if (json_object_has_member (pay, key))
        json_object_set_member (sub, key, json_node_copy (json_object_get_member (pay, key)));
    }
  if (!pen_turn_task_pay (table, sub, label, error))
    {
      g_prefix_error (error, "$.task_pay: ");
      return FALSE;
    }
  return TRUE;
}

/* The reward: its dice (rolled as every gained die is; in physical play the table says the
 * faces) and Ingredients; its cards and Retaliation are the table's to take and roll. The
 * catalogue's reward is written into the action ("reward") the first time. */
static gboolean
contract_reward (PenTable    *table,
                 PenWizard   *wizard,
                 JsonNode    *printed,
                 JsonObject  *params,
                 GError     **error)
{
  JsonNode *given = json_object_get_member (params, "reward");
  JsonObject *reward;
  JsonArray *dice = NULL;
  JsonObject *ing = NULL;

  if (given == NULL)
    {
      JsonObject *copy = json_object_new ();

      if (printed != NULL && JSON_NODE_HOLDS_OBJECT (printed))
        {
          JsonObject *p = json_node_get_object (printed);

          for (guint k = 0; k < 2; k++)
            {
              const char *key = k == 0 ? "dice" : "ingredients";

              if (json_object_has_member (p, key))
                json_object_set_member (copy, key, json_node_copy (json_object_get_member (p,
                                                                                         key)));
            }
        }
      json_object_set_object_member (params, "reward", copy);
      given = json_object_get_member (params, "reward");
    }
  if (!(reward = pen_json_expect_object (given, "$.reward", error)))
    return FALSE;
  if (json_object_has_member (reward, "dice")
      && !(dice = pen_json_expect_array (json_object_get_member (reward, "dice"),
                                         "$.reward.dice", error)))
    return FALSE;
  if (json_object_has_member (reward, "ingredients")
      && !(ing = pen_json_expect_object (json_object_get_member (reward, "ingredients"),
                                         "$.reward.ingredients", error)))
    return FALSE;
  for (guint i = 0; dice != NULL && i < json_array_get_length (dice); i++)
    {
      JsonNode *e = json_array_get_element (dice, i);
      int color = JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_STRING
                  ? pen_color_from_string (json_node_get_string (e)) : -1;
      g_autoptr(PenDie) die = NULL;

      if (color < 0)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.reward.dice[%u]: not a die "
                       "colour", i);
          return FALSE;
        }
      die = pen_die_new (color, pen_rule_roll_die (table, color, TRUE), FALSE);
      pen_wizard_add_die (wizard, die);
    }
  for (guint k = 0; ing != NULL && k < PEN_N_INGREDIENTS; k++)
    {
      gint64 n = 0;

      if (!pen_json_get_int (ing, "$.reward.ingredients", pen_ingredient_to_string (k), FALSE,
                             0, PEN_INGREDIENT_CAP, &n, error))
        return FALSE;
      pen_wizard_set_ingredient (wizard, k, MIN (pen_wizard_get_ingredient (wizard, k) + n,
                                                 PEN_INGREDIENT_CAP));
    }
  return TRUE;
}

/* The top card of kind's deck, taken: app-dealt, the Brewery's or the Shop's deck as dealt;
 * a Discipline card is a card nobody has seen yet (pen_locations_fresh_discipline_card). NULL
 * when the deck is empty, or not dealt (physical play: the table says the card). */
static char *
reward_deck_top (PenTable      *table,
                 PenRewardCard  kind)
{
  GListModel *decks = pen_table_get_market_decks (table);

  if (kind == PEN_REWARD_DISCIPLINE)
    return pen_locations_fresh_discipline_card (table);
  if (pen_table_get_physical (table))
    return NULL;
  for (guint i = 0; i < g_list_model_get_n_items (decks); i++)
    {
      g_autoptr(PenTableCard) d = g_list_model_get_item (decks, i);

      if (pen_reward_card_in_market (kind, pen_table_card_get_zone (d)))
        return pen_table_list_take (decks, i);
    }
  return NULL;
}

/* The market card of kind whose id is id (NULL: one not named yet), or -1 */
static int
reward_market_index (GListModel    *markets,
                     PenRewardCard  kind,
                     const char    *id)
{
  for (guint m = 0; m < g_list_model_get_n_items (markets); m++)
    {
      g_autoptr(PenTableCard) mc = g_list_model_get_item (markets, m);

      if (pen_reward_card_in_market (kind, pen_table_card_get_zone (mc))
          && g_strcmp0 (pen_table_card_get_card_id (mc), id) == 0)
        return m;
    }
  return -1;
}

/* A log replayed names the card dealt from a market deck: it leaves the deck again */
static void
reward_deck_drop (PenTable   *table,
                  const char *id)
{
  GListModel *decks = pen_table_get_market_decks (table);

  for (guint d = 0; d < g_list_model_get_n_items (decks); d++)
    {
      g_autoptr(PenTableCard) dc = g_list_model_get_item (decks, d);

      if (g_strcmp0 (pen_table_card_get_card_id (dc), id) == 0)
        {
          g_free (pen_table_list_take (decks, d));
          return;
        }
    }
}

/* The reward's cards (Contracts and Trials › Rewards › Cards), as reward_cards () wrote them
 * into params's "reward_cards": "; gains Wand of Everwood" each */
void
pen_turn_label_reward_cards (JsonObject *params,
                             GString    *label)
{
  JsonArray *cards;

  if (!json_object_has_member (params, "reward_cards")
      || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (params, "reward_cards")))
    return;
  cards = json_object_get_array_member (params, "reward_cards");
  for (guint i = 0; i < json_array_get_length (cards); i++)
    {
      JsonNode *item = json_array_get_element (cards, i);
      const char *got = JSON_NODE_HOLDS_OBJECT (item)
                        ? json_object_get_string_member_with_default (json_node_get_object (item),
                                                                      "card", NULL)
                        : NULL;

      if (got != NULL)
        g_string_append_printf (label, _("; gains %s"), pen_turn_card_name (got));
    }
}

/* Contracts and Trials › Rewards › Cards: "Gain the indicated cards and add them to your
 * personal play area. Discipline card. Gain any card from the market of one of the Classes or
 * from the top of the deck of any Discipline … Potion. Gain any Potion from the Brewery market
 * or from the top of the Potion deck. Artifact. Gain any Artifact from the Shop market or from
 * the top of the Artifact deck." "reward_cards": [{"kind": "artifact", "from": "market" or
 * "deck", "card": ID, "reveal": ID}, …], each optional but "kind": "from" is read from where
 * the card lies when not given; without "card" the top of the deck is dealt (app-dealt; a
 * Discipline card is always one nobody has seen); a market card taken is replaced as a
 * purchase's is ("reveal", or the deck's top card app-dealt, or an unknown card at a table
 * that says its markets). The cards dealt join the items, so a replay gives the same. */
static gboolean
reward_cards (PenTable    *table,
              PenWizard   *wizard,
              JsonObject  *params,
              GError     **error)
{
  static const char * const keys[] = { "kind", "from", "card", "reveal", NULL };
  GListModel *markets = pen_table_get_markets (table);
  JsonArray *items;

  if (!json_object_has_member (params, "reward_cards"))
    return TRUE;
  if (!(items = pen_json_expect_array (json_object_get_member (params, "reward_cards"),
                                       "$.reward_cards", error)))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (items); i++)
    {
      g_autofree char *ep = pen_json_path_index ("$.reward_cards", i);
      g_autofree char *dealt = NULL;
      g_autoptr(PenTableCard) tc = NULL;
      const char *kind_str = NULL, *from = NULL, *id = NULL, *reveal = NULL;
      JsonObject *item;
      PenCard *card;
      PenCardType type;
      int kind, found = -1;

      if (!(item = pen_json_expect_object (json_array_get_element (items, i), ep, error))
          || !pen_json_check_keys (item, ep, keys, error)
          || !pen_json_get_string (item, ep, "kind", TRUE, &kind_str, error)
          || !pen_json_get_string (item, ep, "from", FALSE, &from, error)
          || !pen_json_get_string (item, ep, "card", FALSE, &id, error)
          || !pen_json_get_string (item, ep, "reveal", FALSE, &reveal, error))
        return FALSE;
      if ((kind = pen_reward_card_from_string (kind_str)) < 0)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.kind: \"%s\" is not a reward "
                       "card (discipline, potion, artifact)", ep, kind_str);
          return FALSE;
        }
      if (from != NULL && !g_str_equal (from, "market") && !g_str_equal (from, "deck"))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.from: \"%s\" is neither "
                       "\"market\" nor \"deck\"", ep, from);
          return FALSE;
        }
      /* the top of the deck, dealt */
      if (id == NULL)
        {
          if (g_strcmp0 (from, "market") == 0)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.card: say which card of "
                           "the market is taken", ep);
              return FALSE;
            }
          if (!(dealt = reward_deck_top (table, kind)))
            return refuse (error, "%s.card: the deck is not dealt here, or empty: say which "
                           "card was taken", ep);
          json_object_set_string_member (item, "card", dealt);
          json_object_set_string_member (item, "from", "deck");
          id = json_object_get_string_member (item, "card");
          from = "deck";
        }
      if (!(card = lookup (id)))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.card: \"%s\" is not a known "
                       "card id", ep, id);
          return FALSE;
        }
      type = pen_card_get_card_type (card);
      if (!(kind == PEN_REWARD_POTION ? type == PEN_CARD_POTION
            : kind == PEN_REWARD_ARTIFACT ? pen_box_is_artifact_kind (type)
            : (type == PEN_CARD_DISCIPLINE || pen_box_is_discipline_kind (type))))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.card: %s is not a %s card", ep,
                       id, kind_str);
          return FALSE;
        }
      if (reveal != NULL && (!lookup (reveal) || type_of (reveal) != type))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.reveal: \"%s\" is not a card "
                       "of that market", ep, reveal);
          return FALSE;
        }
      /* Two cards of the same name never share a play area */
      if (pen_wizard_find_card (wizard, id) >= 0)
        return refuse (error, "%s.card: %s already has %s", ep, pen_wizard_get_name (wizard),
                       id);
      /* where it lies: a market's card, or one of the deck */
      if (g_strcmp0 (from, "deck") != 0)
        found = reward_market_index (markets, kind, id);
      /* a table that says its markets: a card it had not named was one of the unknown ones */
      if (found < 0 && g_strcmp0 (from, "market") == 0 && pen_table_get_table_markets (table))
        found = reward_market_index (markets, kind, NULL);
      if (g_strcmp0 (from, "market") == 0 && found < 0 && g_list_model_get_n_items (markets) > 0)
        return refuse (error, "%s.card: %s is not in the market", ep, id);
      if (found >= 0)
        {
          g_autoptr(PenTableCard) mc = g_list_model_get_item (markets, found);

          if (!json_object_has_member (item, "from"))
            json_object_set_string_member (item, "from", "market");
          /* the market is refilled as a purchase refills it */
          if (reveal == NULL)
            {
              g_autofree char *top = reward_deck_top (table, kind);

              if (top != NULL)
                {
                  json_object_set_string_member (item, "reveal", top);
                  reveal = json_object_get_string_member (item, "reveal");
                }
            }
          else
            reward_deck_drop (table, reveal);
          if (reveal != NULL || pen_table_get_table_markets (table))
            pen_table_card_set_card_id (mc, reveal);
          else
            g_list_store_remove (G_LIST_STORE (markets), found);
        }
      else
        {
          if (!json_object_has_member (item, "from"))
            json_object_set_string_member (item, "from", "deck");
          if (dealt == NULL)
            reward_deck_drop (table, id);
        }
      /* the Discipline numbers handed out, however they came */
      for (guint k = 0; k < 2; k++)
        {
          PenCardType ptype;
          guint number;

          if (pen_card_parse_placeholder (k == 0 ? id : reveal, &ptype, &number)
              && ptype == PEN_CARD_DISCIPLINE && number > pen_table_get_discipline_dealt (table))
            pen_table_set_discipline_dealt (table, number);
        }
      /* a ready-made Potion goes to the Inventory, as one bought; the others to their place */
      tc = pen_table_card_new (id, type == PEN_CARD_POTION ? PEN_ZONE_INVENTORY
                                                           : pen_turn_default_zone (card),
                               FALSE, NULL);
      pen_wizard_add_card (wizard, tc);
    }
  return TRUE;
}

/* contract-take's and contract-reserve's choice: either slot (the Guild row; -1: none) or card
 * (card_is says what it is, for the error), and the contract that refills the row */
static gboolean
read_contract_choice (JsonObject   *params,
                      const char   *card_is,
                      gint64       *slot,
                      const char  **card,
                      const char  **reveal,
                      GError      **error)
{
  if (!pen_json_get_int (params, P, "slot", FALSE, 0, PEN_CONTRACT_CELLS - 1, slot, error)
      || !pen_json_get_string (params, P, "card", FALSE, card, error)
      || !pen_json_get_string (params, P, "reveal", FALSE, reveal, error))
    return FALSE;
  if ((*slot < 0) == (*card == NULL))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "$: give either slot (the Guild row) or card (%s)", card_is);
      return FALSE;
    }
  if (*reveal != NULL && type_of (*reveal) != PEN_CARD_CONTRACT)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.reveal: \"%s\" is not a known "
                   "contract", *reveal);
      return FALSE;
    }
  return TRUE;
}

/* The number of Threat dice of a printed task that is WITHSTAND THREAT (0: another task, or
 * unknown): a Contract's task and a Trial path's alike */
static guint
task_withstand (JsonNode *node)
{
  g_autoptr(PenTask) task = node != NULL ? pen_task_from_json (node, "$.task", NULL) : NULL;

  return task != NULL && task->kind == PEN_TASK_WITHSTAND ? task->threat : 0;
}

/* The number of Threat dice of a Contract's "withstand" task (0: another task, or unknown) */
guint
pen_turn_contract_withstand (const char *card)
{
  PenCard *c = card != NULL ? lookup (card) : NULL;

  return task_withstand (c != NULL ? pen_card_get_task (c) : NULL);
}

guint
pen_turn_trial_withstand (const char *card,
                          PenPath     path)
{
  PenCard *c = card != NULL ? lookup (card) : NULL;

  if (c == NULL || (path != PEN_PATH_LIGHT && path != PEN_PATH_DARK))
    return 0;
  return task_withstand (pen_card_get_path_task (c, path));
}

static gboolean read_int_array (JsonObject *params, const char *key, gint64 min, gint64 max,
                                guint max_len, GArray *out, GError **error);

/* DEFEND before a WITHSTAND THREAT task's roll ("discard any number of Yellow dice from your
 * supply to discard the same number of Threat dice. This can be done when attempting to fulfil
 * a Contract, when passing a Trial"): "defend" names supply dice; each discards one of the
 * n_dice Threat dice the roll has. A die that is not Yellow, or more dice than the roll has,
 * is refused by the rule "defend"; overruled, the dice named are discarded all the same. The
 * dice leave the supply; *cancelled gets the Threat dice they discard. */
static gboolean
withstand_defend (PenTable    *table,
                  PenWizard   *wizard,
                  guint        n_dice,
                  JsonObject  *params,
                  guint       *cancelled,
                  GError     **error)
{
  g_autoptr(GArray) defend = g_array_new (FALSE, FALSE, sizeof (gint));
  guint n_supply = g_list_model_get_n_items (pen_wizard_get_supply (wizard));
  g_autofree gboolean *named = g_new0 (gboolean, n_supply + 1);

  *cancelled = 0;
  if (!read_int_array (params, "defend", 0, 255, 30, defend, error))
    return FALSE;
  for (guint i = 0; i < defend->len; i++)
    {
      g_autofree char *ep = pen_json_path_index ("$.defend", i);
      guint j = g_array_index (defend, gint, i);
      PenDie *die;

      /* not there at all: no override makes it so */
      if (j >= n_supply || named[j])
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, j >= n_supply
                       ? "%s: %s has no die %u in the supply"
                       : "%s: %s's die %u is named twice", ep, pen_wizard_get_name (wizard), j);
          return FALSE;
        }
      named[j] = TRUE;
      die = pen_wizard_get_die (wizard, j);
      if (pen_die_get_color (die) != PEN_COLOR_YELLOW
          && !pen_rule_refuse (table, PEN_RULE_DEFEND, ep, error, "%s's die %u is the %s %u, "
                               "not a Yellow die", pen_wizard_get_name (wizard), j,
                               pen_color_to_string (pen_die_get_color (die)),
                               pen_die_get_value (die)))
        return FALSE;
    }
  /* more than the roll has: said as the table reads it (a task with no Threat roll has
   * nothing to discard, not "0 Threat dice here") */
  if (defend->len > n_dice)
    {
      char *said = n_dice == 0
                   ? g_strdup (_("This task rolls no Threat dice, so DEFEND has nothing to "
                                 "discard"))
                   : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "This task rolls %u Threat die, so DEFEND "
                                                   "discards at most that many Yellow dice",
                                                   "This task rolls %u Threat dice, so DEFEND "
                                                   "discards at most that many Yellow dice",
                                                   n_dice), n_dice);

      if (n_dice == 0
          && !pen_rule_refuse_said (table, PEN_RULE_DEFEND, "$.defend", error, said,
                                    "the task rolls no Threat dice, so DEFEND has nothing to "
                                    "discard (%u Yellow %s named)", defend->len,
                                    defend->len == 1 ? "die" : "dice"))
        return FALSE;
      if (n_dice > 0
          && !pen_rule_refuse_said (table, PEN_RULE_DEFEND, "$.defend", error, said,
                                    "the task rolls %u Threat %s, so DEFEND discards at most "
                                    "%u Yellow %s, not %u", n_dice, n_dice == 1 ? "die" : "dice",
                                    n_dice, n_dice == 1 ? "die" : "dice", defend->len))
        return FALSE;
    }
  /* the dice go, the last first so the indices stay true */
  for (guint j = n_supply; j-- > 0;)
    if (named[j])
      pen_wizard_remove_die (wizard, j);
  *cancelled = MIN (defend->len, n_dice);
  return TRUE;
}

gboolean
pen_turn_defend (PenTable    *table,
                 PenWizard   *wizard,
                 guint        n_dice,
                 JsonObject  *params,
                 guint       *cancelled,
                 GError     **error)
{
  g_return_val_if_fail (PEN_IS_TABLE (table), FALSE);
  return withstand_defend (table, wizard, n_dice, params, cancelled, error);
}

/* WITHSTAND THREAT: "Roll and apply the indicated number of Threat dice. The task is fulfilled
 * if the Wizard did not receive a Mortal Wound during this Threat roll." The faces are
 * "withstand" (in app-dealt play the app rolls them and writes them there, with
 * "withstand_rolled"; in physical play the table says them); a Yellow die placed at the Guild
 * discards one of them, and so does each Yellow die of "defend" (Defend). Sets *withstood. */
static gboolean
contract_withstand (PenTable    *table,
                    PenWizard   *wizard,
                    guint        threat,
                    JsonObject  *params,
                    GString     *label,
                    gboolean    *withstood,
                    GError     **error)
{
  g_autoptr(JsonObject) sub = json_object_new ();
  g_autoptr(JsonArray) faces = json_array_new ();
  JsonNode *given = json_object_get_member (params, "withstand");
  gboolean yellow = FALSE, wounded_before = pen_wizard_get_mortal_wound_this_turn (wizard);
  gboolean rolled = FALSE;
  guint n, defended = 0;

  if (!pen_json_get_bool (params, P, "yellow_placed", FALSE, &yellow, error)
      || !pen_json_get_bool (params, P, "withstand_rolled", FALSE, &rolled, error))
    return FALSE;
  /* null: no Threat was rolled for the task when this was played (a log from before) */
  if (given != NULL && JSON_NODE_HOLDS_NULL (given))
    {
      if (json_object_has_member (params, "defend"))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.defend: no Threat was rolled "
                       "for the task (\"withstand\": null)");
          return FALSE;
        }
      *withstood = TRUE;
      return TRUE;
    }
  n = yellow ? threat - 1 : threat;
  /* DEFEND by discarding Yellow dice, before the roll (step 1): fewer dice rolled */
  if (!withstand_defend (table, wizard, n, params, &defended, error))
    return FALSE;
  n -= defended;
  /* the app rolled the faces written: the game's random stream moves as it did then, so what
   * the app rolls later is the same on a redo or a replay */
  if (given != NULL && rolled)
    for (guint i = 0; i < n; i++)
      pen_random_die (pen_table_get_random (table));
  if (given != NULL)
    {
      JsonArray *arr = pen_json_expect_array (given, "$.withstand", error);

      if (arr == NULL)
        return FALSE;
      if (json_array_get_length (arr) != n)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.withstand: the task rolls %u "
                       "Threat dice here, not %u", n, json_array_get_length (arr));
          return FALSE;
        }
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *ep = pen_json_path_index ("$.withstand", i);
          gint64 v;

          if (!pen_json_node_int (json_array_get_element (arr, i), ep, 1, 6, &v, error))
            return FALSE;
          json_array_add_int_element (faces, v);
        }
    }
  else if (n > 0 && pen_table_get_table_rolls (table))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_NEEDS_FACES, "$.withstand: say what the %u "
                   "Threat dice of the task show", n);
      return FALSE;
    }
  else
    {
      /* the app rolls; written into the action, a fact the replay repeats */
      for (guint i = 0; i < n; i++)
        json_array_add_int_element (faces, pen_random_die (pen_table_get_random (table)));
      json_object_set_array_member (params, "withstand", json_array_ref (faces));
      json_object_set_boolean_member (params, "withstand_rolled", TRUE);
    }

  json_object_set_int_member (sub, "wizard", wizard_index (table, wizard));
  json_object_set_array_member (sub, "dice", json_array_ref (faces));
  if (yellow || defended > 0)
    {
      json_object_set_int_member (sub, "threat", threat);
      /* the Yellow dice discarded have left the supply already: what they cancel is told */
      if (defended > 0)
        json_object_set_int_member (sub, "discard", defended);
      if (yellow)
        json_object_set_int_member (sub, "defend_placed", 1);
    }
  if (!pen_turn_threat (table, sub, label, error))
    return FALSE;
  *withstood = wounded_before || !pen_wizard_get_mortal_wound_this_turn (wizard);
  return TRUE;
}

char *
pen_turn_take_contract (PenTable    *table,
                        PenWizard   *wizard,
                        JsonObject  *params,
                        GError     **error)
{
  return pen_turn_fulfil_contract (table, wizard, params, NULL, NULL, error);
}

char *
pen_turn_fulfil_contract (PenTable    *table,
                          PenWizard   *wizard,
                          JsonObject  *params,
                          gboolean    *fulfilled,
                          GString     *threat_label,
                          GError     **error)
{
  const char *reserved = NULL, *reveal = NULL;
  gint64 slot = -1;
  g_autofree char *id = NULL;
  g_autoptr(PenTableCard) tc = NULL;
  PenCard *card;

  if (fulfilled != NULL)
    *fulfilled = TRUE;
  if (!read_contract_choice (params, "a reserved contract", &slot, &reserved, &reveal, error))
    return NULL;
  if (!contract_turn_checks (table, wizard, error))
    return NULL;
  /* a Yellow die placed in the Guild and not counted stays with the placements left */
  pen_table_set_guild_yellow (table, MIN (pen_table_get_guild_yellow (table),
                                          pen_table_get_guild_placements (table) + 1));

  /* Task, then Reward; the Solo Rival fulfils Contracts by its own cards' rules */
  if (!pen_wizard_get_rival (wizard))
    {
      g_autoptr(PenTableCard) cell = reserved == NULL
                                     ? g_list_model_get_item (pen_table_get_contract_row (table),
                                                              slot)
                                     : NULL;
      const char *target = reserved != NULL ? reserved : pen_table_card_get_card_id (cell);
      guint threat = pen_turn_contract_withstand (target);

      PenCard *printed = target != NULL ? lookup (target) : NULL;
      gboolean yellow = FALSE;

      /* DEFEND's "place": a Yellow die placed in the Guild for it */
      if (!guild_yellow (table, threat, params, &yellow, error))
        return NULL;

      /* DEFEND with no Threat roll in the task: refused (nothing to discard) unless
       * overruled */
      if (threat == 0 && json_object_has_member (params, "defend"))
        {
          guint none;

          if (!withstand_defend (table, wizard, 0, params, &none, error))
            return NULL;
        }
      if (threat > 0)
        {
          g_autoptr(GString) tl = g_string_new (NULL);
          gboolean withstood = TRUE;

          if (!contract_withstand (table, wizard, threat, params, tl, &withstood, error))
            return NULL;
          if (threat_label != NULL)
            g_string_assign (threat_label, tl->str);
          /* a Mortal Wound: the task is not done, nothing is gained, and the Contract stays
           * where it was ("the Contract is not discarded and stays in the Guild") */
          if (!withstood)
            {
              if (fulfilled != NULL)
                *fulfilled = FALSE;
              return g_strdup (target);
            }
        }
      if (target != NULL
          && (!contract_task (table, wizard, target,
                              printed != NULL ? pen_card_get_task (printed) : NULL,
                              PEN_RULE_CONTRACT_TASK, params, reserved ? "$.card" : "$.slot",
                              error)
              || !contract_reward (table, wizard,
                                   printed != NULL ? pen_card_get_reward (printed) : NULL,
                                   params, error)
              || !reward_cards (table, wizard, params, error)))
        return NULL;
    }

  pen_table_set_guild_yellow (table, MIN (pen_table_get_guild_yellow (table),
                                          pen_table_get_guild_placements (table)));
  if (reserved != NULL)
    {
      int i = find_reserved (wizard, reserved, PEN_CARD_CONTRACT);
      g_autoptr(PenTableCard) r = NULL;

      if (i < 0)
        {
          refuse (error, "$.card: %s has not reserved %s", pen_wizard_get_name (wizard), reserved);
          return NULL;
        }
      r = g_list_model_get_item (pen_wizard_get_cards (wizard), i);
      pen_table_card_set_zone (r, PEN_ZONE_EXPERIENCE);
      id = g_strdup (reserved);
    }
  else
    {
      g_autoptr(PenTableCard) cell = g_list_model_get_item (pen_table_get_contract_row (table),
                                                            slot);
      if (pen_table_card_get_card_id (cell) == NULL)
        {
          refuse (error, "$.slot: Guild cell %d is empty", (int) slot);
          return NULL;
        }
      id = g_strdup (pen_table_card_get_card_id (cell));
      close_contract_gap (table, slot, reveal);
      tc = pen_table_card_new (id, PEN_ZONE_EXPERIENCE, FALSE, NULL);
      pen_wizard_add_card (wizard, tc);
    }

  /* a contract has one path: its light or dark symbols move the wizard's Fate; an Urgent
   * contract is neither light nor gloomy and moves nobody's Fate (Russian rules chapter) */
  card = lookup (id);
  if (card != NULL && !pen_card_get_urgent (card))
    {
      add_path (wizard, id, PEN_PATH_LIGHT, params);
      add_path (wizard, id, PEN_PATH_DARK, params);
    }
  return g_steal_pointer (&id);
}

char *
pen_turn_reserve_contract (PenTable    *table,
                           PenWizard   *wizard,
                           JsonObject  *params,
                           GError     **error)
{
  const char *card_id = NULL, *reveal = NULL;
  gint64 slot = -1;
  g_autofree char *id = NULL;
  g_autoptr(PenTableCard) tc = NULL;
  int blood_cell;

  if (!read_contract_choice (params, "from the top of the deck", &slot, &card_id, &reveal,
                             error))
    return NULL;
  /* "bottom": the Contracts looked at and put at the bottom (the app's own fact in app-dealt
   * play, written below; a physical table may say which it saw) */
  if (json_object_has_member (params, "bottom"))
    {
      JsonArray *given = pen_json_expect_array (json_object_get_member (params, "bottom"),
                                                "$.bottom", error);

      if (given == NULL)
        return NULL;
      for (guint i = 0; i < json_array_get_length (given); i++)
        {
          JsonNode *e = json_array_get_element (given, i);

          if (!JSON_NODE_HOLDS_VALUE (e) || json_node_get_value_type (e) != G_TYPE_STRING
              || type_of (json_node_get_string (e)) != PEN_CARD_CONTRACT)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                           "$.bottom[%u]: not a known contract id", i);
              return NULL;
            }
        }
    }
  /* Bind (during Study): the current player's Study turn, at a City location */
  if ((pen_table_get_turn_kind (table) != PEN_TURN_STUDY
       || pen_table_get_wizard (table, pen_table_get_current (table)) != wizard)
      && !pen_rule_refuse (table, PEN_RULE_BIND_DURING_STUDY, "$", error,
                           "it is not %s's Study turn", pen_wizard_get_name (wizard)))
    return NULL;
  /* Bind: once per placement in the City (Brewery, Guild, Bazaar, Shop) */
  if (pen_table_get_city_binds (table) == 0)
    {
      if (!pen_rule_refuse (table, PEN_RULE_BIND_CITY_PLACEMENT, "$", error,
                            "%s has no placement in the City this turn left for Bind",
                            pen_wizard_get_name (wizard)))
        return NULL;
    }
  else
    pen_table_set_city_binds (table, pen_table_get_city_binds (table) - 1);
  /* Bind: 1 Blood, from the supply or a wounded Mark flipped (USE BLOOD), as the wizard
   * chose ("blood_source"; the supply first without it) */
  if (!pen_turn_blood_payment (wizard, params, &blood_cell, error))
    return NULL;
  if (blood_cell == PEN_BLOOD_NONE)
    {
      refuse (error, "$: reserving costs 1 Blood and %s has none", pen_wizard_get_name (wizard));
      return NULL;
    }
  pen_turn_pay_blood (wizard, params, blood_cell);

  if (slot >= 0)
    {
      g_autoptr(PenTableCard) cell = g_list_model_get_item (pen_table_get_contract_row (table),
                                                            slot);
      if (pen_table_card_get_card_id (cell) == NULL)
        {
          refuse (error, "$.slot: Guild cell %d is empty", (int) slot);
          return NULL;
        }
      id = g_strdup (pen_table_card_get_card_id (cell));
      if (is_urgent (id)
          && !pen_rule_refuse (table, PEN_RULE_URGENT_NOT_RESERVED, "$.slot", error,
                               "%s is Urgent", id))
        return NULL;
      close_contract_gap (table, slot, reveal);
    }
  else
    {
      GListModel *deck = pen_table_get_contract_deck (table);
      gboolean found = FALSE;

      if (type_of (card_id) != PEN_CARD_CONTRACT)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.card: \"%s\" is not a known "
                       "contract", card_id);
          return NULL;
        }
      /* not even face down from the deck (Russian rules chapter) */
      if (is_urgent (card_id)
          && !pen_rule_refuse (table, PEN_RULE_URGENT_NOT_RESERVED, "$.card", error,
                               "%s is Urgent", card_id))
        return NULL;
      /* from the top three of the deck (in physical mode the deck is the table's) */
      guint looked = MIN (3, g_list_model_get_n_items (deck));

      for (guint i = 0; i < looked; i++)
        {
          g_autoptr(PenTableCard) d = g_list_model_get_item (deck, i);
          if (g_strcmp0 (pen_table_card_get_card_id (d), card_id) == 0)
            {
              g_free (pen_table_list_take (deck, i));
              found = TRUE;
              break;
            }
        }
      /* Bind: the other cards looked at go to the bottom of the deck, in their order (the
       * app knows the order only in app mode) */
      if (found && !pen_table_get_physical (table))
        {
          /* the table saw them go: the action keeps them as a fact ("bottom"), so no name
           * picker offers one of them for a card turned up from the top (play finding U4) */
          JsonArray *bottom = json_array_new ();

          for (guint i = 0; i + 1 < looked; i++)
            {
              g_autofree char *other = pen_table_list_take (deck, 0);

              if (other != NULL)
                json_array_add_string_element (bottom, other);
              pen_table_list_append (deck, other, "contract-deck");
            }
          json_object_set_array_member (params, "bottom", bottom);
        }
      if (!found && !pen_table_get_physical (table))
        {
          refuse (error, "$.card: %s is not among the top three contracts of the deck", card_id);
          return NULL;
        }
      id = g_strdup (card_id);
    }

  tc = pen_table_card_new (id, PEN_ZONE_RESERVED, FALSE, NULL);
  pen_wizard_add_card (wizard, tc);
  return g_steal_pointer (&id);
}

static char *
trial_from (PenTable    *table,
            PenWizard   *wizard,
            JsonObject  *params,
            gboolean     remove,
            GError     **error)
{
  const char *reserved = NULL;
  gint64 index = -1;
  GListModel *row = pen_table_get_trial_row (table);
  guint n = g_list_model_get_n_items (row);

  if ((n > 0 && !pen_json_get_int (params, P, "index", FALSE, 0, n - 1, &index, error))
      || !pen_json_get_string (params, P, "card", FALSE, &reserved, error))
    return NULL;
  if (n == 0 && json_object_has_member (params, "index"))
    {
      refuse (error, "$.index: the trial row is empty");
      return NULL;
    }
  if ((index < 0) == (reserved == NULL))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "$: give either index (the trial row) or card (a reserved trial)");
      return NULL;
    }
  /* while a wizard holds a reserved trial, it is the only one he may attempt (the Russian
   * rules chapter says so) */
  if (reserved == NULL && find_reserved (wizard, NULL, PEN_CARD_TRIAL) >= 0
      && !pen_rule_refuse (table, PEN_RULE_RESERVED_TRIAL_ONLY, "$.index", error,
                           "%s has one", pen_wizard_get_name (wizard)))
    return NULL;
  if (reserved != NULL)
    {
      int i = find_reserved (wizard, reserved, PEN_CARD_TRIAL);
      if (i < 0)
        {
          refuse (error, "$.card: %s has not reserved %s", pen_wizard_get_name (wizard), reserved);
          return NULL;
        }
      if (remove)
        pen_wizard_remove_card (wizard, i);
      return g_strdup (reserved);
    }
  {
    g_autoptr(PenTableCard) tc = g_list_model_get_item (row, index);
    if (pen_table_card_get_card_id (tc) == NULL)
      {
        refuse (error, "$.index: this trial is not identified yet: correct trial_row[%d] to the "
                "card on the table first", (int) index);
        return NULL;
      }
  }
  if (remove)
    return pen_table_list_take (row, index);
  {
    g_autoptr(PenTableCard) tc = g_list_model_get_item (row, index);
    return g_strdup (pen_table_card_get_card_id (tc));
  }
}

static gboolean match_trial (PenTable *table, PenWizard *wizard, JsonObject *params,
                             GError **error);

/* A Trial is attempted on the current player's Trial turn, one per turn, and a Mortal Wound
 * has not ended that turn. */
static gboolean
trial_turn_checks (PenTable   *table,
                   PenWizard  *wizard,
                   GError    **error)
{
  if (!own_turn_checks (table, wizard, PEN_TURN_TRIAL, PEN_RULE_TRIAL_ON_TRIAL_TURN, error))
    return FALSE;
  if (pen_table_get_trials_this_turn (table) > 0
      && !pen_rule_refuse (table, PEN_RULE_ONE_TRIAL_PER_TURN, "$", error,
                           "this turn has attempted one already"))
    return FALSE;
  return TRUE;
}

char *
pen_turn_take_trial (PenTable    *table,
                     PenWizard   *wizard,
                     JsonObject  *params,
                     GError     **error)
{
  return pen_turn_pass_trial (table, wizard, params, NULL, NULL, error);
}

char *
pen_turn_pass_trial (PenTable    *table,
                     PenWizard   *wizard,
                     JsonObject  *params,
                     gboolean    *passed,
                     GString     *threat_label,
                     GError     **error)
{
  g_autofree char *id = NULL;
  g_autoptr(PenTableCard) tc = NULL;
  PenCard *card;
  int path;

  if (passed != NULL)
    *passed = TRUE;

  if (!pen_json_get_enum (params, P, "path", TRUE, pen_path_from_string, "path", &path, error)
      || !match_trial (table, wizard, params, error))
    return NULL;
  /* Shield: its task comes before the task of either path */
  if (pen_trial_in_force (pen_table_get_trial (table), PEN_TRIAL_SHIELD)
      && !pen_table_get_trial (table)->shield_done
      && !pen_rule_refuse (table, PEN_RULE_SHIELD_FIRST, "$", error, "record it as done "
                           "(trial-property {\"shield_done\": true}) or cancel the Shield"))
    return NULL;
  if (!(id = trial_from (table, wizard, params, TRUE, error)))
    return NULL;
  if (!trial_turn_checks (table, wizard, error))
    return NULL;

  /* Passing a Trial: THREAT (faced before), then the TASK of the chosen path ("If the task is
   * not fulfilled, the Trial is failed"), then its REWARD, then EXPERIENCE. The Solo Rival
   * passes Trials by its own cards' rules. */
  card = lookup (id);
  /* WITHSTAND THREAT: the task is its own Threat roll, as a Contract's is (contract_withstand,
   * with no Yellow die placed: a Trial is not a placement). The Trial ends with this step
   * whatever the roll gives, so it is over before the roll: Rift acts on the main Threat roll
   * only ("If during a Trial several Threat rolls happen (because of … the "withstand Threat"
   * task), Rift applies only once, to the main Threat roll"). A Mortal Wound: the task is not
   * fulfilled, so the Trial is failed ("Your turn ends immediately and the Trial card leaves
   * the game"): no reward, no Experience; the roll's own Mortal Wound has ended the turn. */
  /* DEFEND with no Threat roll in the task: refused (nothing to discard) unless overruled */
  if (json_object_has_member (params, "defend")
      && (pen_wizard_get_rival (wizard) || pen_turn_trial_withstand (id, path) == 0))
    {
      guint none;

      if (!withstand_defend (table, wizard, 0, params, &none, error))
        return NULL;
    }
  if (!pen_wizard_get_rival (wizard) && pen_turn_trial_withstand (id, path) > 0)
    {
      g_autoptr(GString) tl = g_string_new (NULL);
      gboolean withstood = TRUE;

      pen_table_set_trial (table, NULL);
      if (!contract_withstand (table, wizard, pen_turn_trial_withstand (id, path), params, tl,
                               &withstood, error))
        return NULL;
      if (threat_label != NULL)
        g_string_assign (threat_label, tl->str);
      if (!withstood)
        {
          pen_table_set_trials_this_turn (table, pen_table_get_trials_this_turn (table) + 1);
          if (passed != NULL)
            *passed = FALSE;
          return g_steal_pointer (&id);
        }
    }
  if (!pen_wizard_get_rival (wizard)
      && (!contract_task (table, wizard, id,
                          card != NULL ? pen_card_get_path_task (card, path) : NULL,
                          PEN_RULE_TRIAL_TASK, params, "$.path", error)
          || !contract_reward (table, wizard,
                               card != NULL ? pen_card_get_path_reward (card, path) : NULL,
                               params, error)
          || !reward_cards (table, wizard, params, error)))
    return NULL;

  pen_table_set_trial (table, NULL);
  pen_table_set_trials_this_turn (table, pen_table_get_trials_this_turn (table) + 1);

  tc = pen_table_card_new (id, PEN_ZONE_EXPERIENCE, FALSE, pen_path_to_string (path));
  pen_wizard_add_card (wizard, tc);
  add_path (wizard, id, path, params);

  /* Trials of Arcana: a trial harder than the wizard's Spark Marks brings one more */
  if (card != NULL && pen_card_get_difficulty (card) > 0
      && (guint) pen_card_get_difficulty (card) > pen_wizard_count_marks (wizard, PEN_MARK_SPARK)
      && pen_wizard_first_free_cell (wizard, TRUE) >= 0)
    {
      if (!pen_turn_gain_mark (table, wizard, PEN_MARK_SPARK, TRUE, error))
        return NULL;
    }
  return g_steal_pointer (&id);
}

char *
pen_turn_fail_trial (PenTable    *table,
                     PenWizard   *wizard,
                     JsonObject  *params,
                     GError     **error)
{
  const PenTrial *trial = pen_table_get_trial (table);
  gboolean trap = pen_trial_in_force (trial, PEN_TRIAL_TRAP);
  char *id;

  /* a failed trial leaves the game */
  if (!match_trial (table, wizard, params, error)
      || !(id = trial_from (table, wizard, params, TRUE, error)))
    return NULL;
  if (!trial_turn_checks (table, wizard, error))
    {
      g_free (id);
      return NULL;
    }
  pen_table_set_trial (table, NULL);
  pen_table_set_trials_this_turn (table, pen_table_get_trials_this_turn (table) + 1);
  /* Trap: failing brings a Mortal Wound card; still at most one per turn, so a wizard the
   * Threat roll has already wounded this turn gets no second one */
  if (trap && !pen_wizard_get_mortal_wound_this_turn (wizard)
      && !pen_turn_mortal_wound (table, wizard, error))
    {
      g_free (id);
      return NULL;
    }
  return id;
}

/* While a trial is in progress, trial-take and trial-fail name the same wizard and card */
static gboolean
match_trial (PenTable    *table,
             PenWizard   *wizard,
             JsonObject  *params,
             GError     **error)
{
  const PenTrial *trial = pen_table_get_trial (table);
  const char *card = NULL;
  gint64 index = -1;

  if (trial == NULL)
    return TRUE;
  if (pen_table_get_wizard (table, trial->wizard) != wizard)
    return refuse (error, "$.wizard: %s is attempting a trial",
                   pen_wizard_get_name (pen_table_get_wizard (table, trial->wizard)));
  if (json_object_has_member (params, "index")
      && !pen_json_get_int (params, P, "index", TRUE, 0, G_MAXINT, &index, error))
    return FALSE;
  if (!pen_json_get_string (params, P, "card", FALSE, &card, error))
    return FALSE;
  if (trial->index >= 0 ? index != trial->index
                        : (card == NULL || g_strcmp0 (card, trial->card) != 0))
    return trial->index >= 0 ? refuse (error, "$.index: the trial in progress is trial_row[%d]",
                                       trial->index)
                             : refuse (error, "$.card: the trial in progress is %s",
                                       trial->card);
  return TRUE;
}

gboolean
pen_turn_begin_trial (PenTable    *table,
                      PenWizard   *wizard,
                      JsonObject  *params,
                      GError     **error)
{
  g_autoptr(PenTrial) trial = g_new0 (PenTrial, 1);
  gint64 index = -1;
  guint w;

  if (pen_table_get_trial (table) != NULL)
    return refuse (error, "$: a trial is already in progress");
  if (!trial_turn_checks (table, wizard, error))
    return FALSE;
  for (w = 0; pen_table_get_wizard (table, w) != wizard; w++)
    ;
  if (!(trial->card = trial_from (table, wizard, params, FALSE, error)))
    return FALSE;
  if (json_object_has_member (params, "index"))
    pen_json_get_int (params, P, "index", TRUE, 0, G_MAXINT, &index, NULL);
  trial->wizard = w;
  trial->index = index;
  /* the rulebook prints no card's properties: the table reads them off the card */
  if (json_object_has_member (params, "properties")
      && !pen_trial_read_properties (json_object_get_member (params, "properties"),
                                     "$.properties", trial, error))
    return FALSE;
  pen_table_set_trial (table, trial);
  return TRUE;
}

/* Trials › Passing a Trial: "THREAT. Roll and apply the indicated Threat dice … If as a result
 * of the Threat roll your Wizard receives a Mortal Wound …, your turn ends immediately and the
 * Trial card leaves the game." Facing a Trial's Threat is attempting it, begun or not. */
gboolean
pen_turn_threat_trial (PenTable    *table,
                       JsonObject  *params,
                       GError     **error)
{
  JsonObject *of;
  JsonObjectIter iter;
  const char *key;
  JsonNode *node;
  PenWizard *wizard;
  gint64 w;

  if (!json_object_has_member (params, "trial"))
    return TRUE;
  if (!(of = pen_json_expect_object (json_object_get_member (params, "trial"), "$.trial",
                                     error)))
    return FALSE;
  json_object_iter_init (&iter, of);
  while (json_object_iter_next (&iter, &key, &node))
    if (!g_str_equal (key, "index") && !g_str_equal (key, "card"))
      {
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                     "$.trial.%s: unknown key (give index or card)", key);
        return FALSE;
      }
  if (pen_table_get_n_players (table) == 0)
    return refuse (error, "no game has been started");
  if (!pen_json_get_int (params, P, "wizard", TRUE, 0, pen_table_get_n_players (table) - 1, &w,
                         error))
    return FALSE;
  wizard = pen_table_get_wizard (table, w);
  if (pen_table_get_trial (table) != NULL)
    return match_trial (table, wizard, of, error);
  return pen_turn_begin_trial (table, wizard, of, error);
}

gboolean
pen_turn_trial_threat_faced (PenTable   *table,
                             guint       wizard,
                             int         index,
                             const char *card)
{
  const PenTrial *trial = pen_table_get_trial (table);

  return trial != NULL && trial->wizard == wizard && trial->threat_rolled
         && trial->index == index && (card == NULL || g_strcmp0 (trial->card, card) == 0);
}

static const char * const cancel_with_ids[] = {
  "potion", "spell", "talent", "artifact", "pet", "other", NULL
};

gboolean
pen_turn_trial_property (PenTable    *table,
                         JsonObject  *params,
                         GString     *label,
                         GError     **error)
{
  g_autoptr(PenTrial) trial = NULL;
  const char *cancel = NULL, *with = NULL;
  gboolean shield_done = FALSE;
  PenTrialProperty prop = 0;

  if (!pen_json_get_string (params, P, "cancel", FALSE, &cancel, error)
      || !pen_json_get_string (params, P, "with", FALSE, &with, error)
      || !pen_json_get_bool (params, P, "shield_done", FALSE, &shield_done, error))
    return FALSE;
  if ((cancel == NULL) == !shield_done)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "$: give either cancel (a property) or \"shield_done\": true");
      return FALSE;
    }
  if (with != NULL && (cancel == NULL || pen_id_lookup (cancel_with_ids, with) < 0))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.with: \"%s\" is not potion, spell, "
                   "talent, artifact, pet or other, or there is nothing to cancel", with);
      return FALSE;
    }
  if (cancel != NULL && !(prop = pen_trial_property_from_string (cancel)))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.cancel: \"%s\" is not a property",
                   cancel);
      return FALSE;
    }
  /* properties exist only within the trial (Russian rules chapter) */
  if (pen_table_get_trial (table) == NULL)
    return refuse (error, "$: no trial is in progress");
  trial = pen_trial_copy (pen_table_get_trial (table));

  if (shield_done)
    {
      if (!pen_trial_in_force (trial, PEN_TRIAL_SHIELD))
        return refuse (error, "$.shield_done: no Shield is in force");
      if (trial->shield_done)
        return refuse (error, "$.shield_done: the Shield's task is done already");
      trial->shield_done = TRUE;
      g_string_printf (label, _("The Shield's task of %s is done"),
                       pen_turn_card_name (trial->card));
      pen_table_set_trial (table, trial);
      return TRUE;
    }

  if (!(trial->properties & prop))
    return refuse (error, "$.cancel: %s has no %s", trial->card, cancel);
  if (trial->cancelled & prop)
    return refuse (error, "$.cancel: %s is cancelled already", cancel);
  /* cancelling what has already acted changes nothing, so the app says so instead */
  if ((prop == PEN_TRIAL_RIFT || prop == PEN_TRIAL_VIGILANCE) && trial->threat_rolled)
    return refuse (error, "$.cancel: the Threat roll is over, so cancelling %s now has no "
                   "effect", cancel);
  if (prop == PEN_TRIAL_SHIELD && trial->shield_done)
    return refuse (error, "$.cancel: the Shield's task is done already");
  /* the cancelling effect must be usable: no Potion under Potion Suppression, etc. */
  if (with != NULL)
    {
      static const PenTrialProperty suppressed_by[] = {
        PEN_TRIAL_SUPPRESS_POTIONS, 0, 0, PEN_TRIAL_SUPPRESS_ARTIFACTS, PEN_TRIAL_SUPPRESS_PETS, 0
      };
      PenTrialProperty s = suppressed_by[pen_id_lookup (cancel_with_ids, with)];

      if (s != 0 && pen_trial_in_force (trial, s))
        return refuse (error, "$.with: a %s cannot be used under %s", with,
                       pen_trial_property_to_string (s));
    }
  trial->cancelled |= prop;
  pen_table_set_trial (table, trial);
  g_string_printf (label, _("%s of %s is cancelled"), pen_trial_property_get_label (prop),
                   pen_turn_card_name (trial->card));
  return TRUE;
}

gboolean
pen_turn_vigilance_use (PenTable    *table,
                        JsonObject  *params,
                        GString     *label,
                        GError     **error)
{
  g_autoptr(PenTrial) trial = NULL;
  gint64 count;

  if (!pen_json_get_int (params, P, "count", TRUE, 1, 30, &count, error))
    return FALSE;
  if (pen_table_get_trial (table) == NULL)
    return refuse (error, "$: no trial is in progress");
  trial = pen_trial_copy (pen_table_get_trial (table));
  if (!pen_trial_in_force (trial, PEN_TRIAL_VIGILANCE))
    return refuse (error, "$: no Vigilance is in force");
  /* Vigilance limits only what is used before the main Threat roll */
  if (trial->threat_rolled)
    return refuse (error, "$: the Threat roll is over; Vigilance no longer limits anything");
  if (trial->vigilance_used + count > trial->vigilance)
    return refuse (error, "$.count: Vigilance %u allows %u more wizard cards or chains",
                   trial->vigilance, trial->vigilance - trial->vigilance_used);
  trial->vigilance_used += count;
  pen_table_set_trial (table, trial);
  g_string_printf (label, _("Vigilance: %u of %u wizard cards or chains used"),
                   trial->vigilance_used, trial->vigilance);
  return TRUE;
}

char *
pen_turn_reserve_trial (PenTable    *table,
                        PenWizard   *wizard,
                        JsonObject  *params,
                        GError     **error)
{
  g_autoptr(PenTableCard) tc = NULL;
  char *id;

  if (json_object_has_member (params, "card"))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.card: a trial is reserved from the row");
      return NULL;
    }
  /* at most one reserved trial (the Russian rules chapter says so) */
  if (find_reserved (wizard, NULL, PEN_CARD_TRIAL) >= 0
      && !pen_rule_refuse (table, PEN_RULE_ONE_RESERVED_TRIAL, "$", error,
                           "%s already has one", pen_wizard_get_name (wizard)))
    return NULL;
  if (!(id = trial_from (table, wizard, params, TRUE, error)))
    return NULL;
  tc = pen_table_card_new (id, PEN_ZONE_RESERVED, FALSE, NULL);
  pen_wizard_add_card (wizard, tc);
  return id;
}

/* Reads the optional array params[key] of integers min..max, at most max_len of them, into out
 * (gint). Absent: TRUE with out untouched. */
static gboolean
read_int_array (JsonObject  *params,
                const char  *key,
                gint64       min,
                gint64       max,
                guint        max_len,
                GArray      *out,
                GError     **error)
{
  g_autofree char *path = pen_json_path_key (P, key);
  JsonArray *arr;

  if (!json_object_has_member (params, key))
    return TRUE;
  if (!(arr = pen_json_expect_array (json_object_get_member (params, key), path, error)))
    return FALSE;
  if (json_array_get_length (arr) > max_len)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: at most %u entries", path, max_len);
      return FALSE;
    }
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      g_autofree char *ep = pen_json_path_index (path, i);
      gint64 v;
      gint iv;

      if (!pen_json_node_int (json_array_get_element (arr, i), ep, min, max, &v, error))
        return FALSE;
      iv = v;
      g_array_append_val (out, iv);
    }
  return TRUE;
}

/* Keys of the preparation (step 1). When any is present the action carries the whole roll:
 * the preparation is applied first and `dice` / `count` must match the dice it leaves. */
static const char * const prep_keys[] = {
  "threat", "uncancellable", "discard", "discard_all", "defend", "defend_placed", "rift",
  "rift_dice", NULL
};

gboolean
pen_turn_threat (PenTable    *table,
                 JsonObject  *params,
                 GString     *label,
                 GError     **error)
{
  g_auto(PenThreatResult) result = { 0, };
  g_auto(PenThreatPrepResult) prep_result = { 0, };
  PenThreatChoices choices;
  PenThreatPrep prep;
  g_autoptr(PenBoard) board = NULL;
  g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (guint8));
  g_autoptr(GArray) defend = g_array_new (FALSE, FALSE, sizeof (gint));
  g_autoptr(GArray) adjust = g_array_new (FALSE, FALSE, sizeof (gint));
  g_autoptr(GArray) picks = g_array_new (FALSE, FALSE, sizeof (gint));
  g_autoptr(GArray) rift_dice = g_array_new (FALSE, FALSE, sizeof (gint));
  g_autofree guint *defend_dice = NULL;
  g_autofree guint *rift_indices = NULL;
  const PenTrial *trial = pen_table_get_trial (table);
  const PenBoard *roll_board;
  gint64 count = -1, w_index, threat = 0, uncancellable = 0, discard = 0, defend_placed = 0;
  gint64 rift = 0;
  gboolean discard_all = FALSE, has_prep = FALSE;
  PenWizard *w;

  pen_threat_choices_init (&choices);
  if (pen_table_get_n_players (table) == 0)
    return refuse (error, "no game has been started");
  if (!pen_json_get_int (params, P, "wizard", TRUE, 0, pen_table_get_n_players (table) - 1,
                         &w_index, error)
      || !pen_json_get_int (params, P, "count", FALSE, 0, 30, &count, error)
      || !pen_json_get_int (params, P, "threat", FALSE, 0, 30, &threat, error)
      || !pen_json_get_int (params, P, "uncancellable", FALSE, 0, 30, &uncancellable, error)
      || !pen_json_get_int (params, P, "discard", FALSE, 0, 30, &discard, error)
      || !pen_json_get_bool (params, P, "discard_all", FALSE, &discard_all, error)
      || !pen_json_get_int (params, P, "defend_placed", FALSE, 0, 30, &defend_placed, error)
      || !pen_json_get_int (params, P, "rift", FALSE, 0, 30, &rift, error)
      || !read_int_array (params, "defend", 0, 255, 30, defend, error)
      || !read_int_array (params, "rift_dice", 0, 255, 30, rift_dice, error))
    return FALSE;
  w = pen_table_get_wizard (table, w_index);
  for (guint i = 0; prep_keys[i] != NULL; i++)
    has_prep |= json_object_has_member (params, prep_keys[i]);

  /* Rift (X) of the trial in progress acts on its main Threat roll, before the roll: the
   * preparation comes with the roll, and the player has chosen the dice it discards */
  if (trial != NULL && trial->wizard == w_index && !trial->threat_rolled
      && pen_trial_in_force (trial, PEN_TRIAL_RIFT) && trial->rift > 0)
    {
      guint n_supply = g_list_model_get_n_items (pen_wizard_get_supply (w));

      if (!has_prep)
        {
          if (!pen_rule_refuse (table, PEN_RULE_RIFT_BEFORE_ROLL, "$.rift", error,
                                "%s has Rift %u: give the preparation (rift, rift_dice) with "
                                "the roll", pen_turn_card_name (trial->card), trial->rift))
            return FALSE;
        }
      else
        {
          if (!json_object_has_member (params, "rift"))
            rift = trial->rift;
          if (rift > 0 && rift_dice->len == 0 && n_supply > rift
              && !pen_rule_refuse (table, PEN_RULE_RIFT_BEFORE_ROLL, "$.rift_dice", error,
                                   "choose the %u dice Rift discards, before the roll",
                                   (guint) rift))
            return FALSE;
        }
    }
  if (rift_dice->len > 0 && rift == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "$.rift_dice: no Rift is in force here: give rift too");
      return FALSE;
    }
  if (has_prep && threat + uncancellable > 30)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.threat: at most 30 Threat dice");
      return FALSE;
    }

  if (json_object_has_member (params, "dice"))
    {
      JsonArray *arr;
      if (!(arr = pen_json_expect_array (json_object_get_member (params, "dice"), "$.dice",
                                         error)))
        return FALSE;
      if (json_array_get_length (arr) > 30)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.dice: at most 30 Threat dice");
          return FALSE;
        }
      if (count >= 0)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "$.count: give dice or count, not both");
          return FALSE;
        }
      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          g_autofree char *ep = pen_json_path_index ("$.dice", i);
          gint64 v;
          guint8 face;
          if (!pen_json_node_int (json_array_get_element (arr, i), ep, 1, 6, &v, error))
            return FALSE;
          face = v;
          g_array_append_val (dice, face);
        }
    }
  else if (count < 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$: give dice (the faces) or count");
      return FALSE;
    }

  if (json_object_has_member (params, "lose_first"))
    {
      JsonArray *arr;
      if (!(arr = pen_json_expect_array (json_object_get_member (params, "lose_first"),
                                         "$.lose_first", error)))
        return FALSE;
      for (guint i = 0; i < json_array_get_length (arr) && i < PEN_N_COLORS; i++)
        {
          g_autofree char *ep = pen_json_path_index ("$.lose_first", i);
          int color;
          if (!pen_json_node_enum (json_array_get_element (arr, i), ep, pen_color_from_string,
                                   "die colour", &color, error))
            return FALSE;
          choices.lose_first[choices.n_lose_first++] = color;
        }
    }

  board = pen_wizard_to_board (w);
  roll_board = board;
  if (has_prep)
    {
      /* step 1 in the same action, so the roll and what it cost are undone together */
      pen_threat_prep_init (&prep, threat);
      prep.uncancellable = uncancellable;
      prep.discard = discard;
      prep.discard_all = discard_all;
      prep.defend_placed = defend_placed;
      prep.rift = rift;
      if (rift_dice->len > 0)
        {
          /* Rift acts on what DEFEND left: as many dice as it can */
          guint n_supply = g_list_model_get_n_items (pen_wizard_get_supply (w));
          guint n_rift = MIN ((guint) rift, n_supply > defend->len ? n_supply - defend->len : 0);

          if (rift_dice->len != n_rift)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.rift_dice: Rift %u discards "
                           "%u dice here, not %u", (guint) rift, n_rift, rift_dice->len);
              return FALSE;
            }
          rift_indices = g_new (guint, rift_dice->len);
          for (guint i = 0; i < rift_dice->len; i++)
            rift_indices[i] = g_array_index (rift_dice, gint, i);
          prep.rift_dice = rift_indices;
        }
      prep.defend = defend->len;
      if (defend->len > 0)
        {
          defend_dice = g_new (guint, defend->len);
          for (guint i = 0; i < defend->len; i++)
            defend_dice[i] = g_array_index (defend, gint, i);
          prep.defend_dice = defend_dice;
        }
      if (!pen_threat_prep_apply (board, &prep, &choices, &prep_result, error))
        return FALSE;
      roll_board = prep_result.board;
      if (json_object_has_member (params, "dice") && dice->len != prep_result.n_dice)
        return refuse (error, "$.dice: the preparation leaves %u Threat dice, not %u",
                       prep_result.n_dice, dice->len);
      if (count >= 0 && count != prep_result.n_dice)
        return refuse (error, "$.count: the preparation leaves %u Threat dice, not %u",
                       prep_result.n_dice, (guint) count);
    }

  if (count > 0 && pen_table_get_table_rolls (table))
    {
      /* the table rolls its own Threat dice: the app never rolls for it */
      g_set_error (error, PEN_ERROR, PEN_ERROR_NEEDS_FACES, "$.dice: physical mode: the table "
                   "rolls the %u Threat dice; give their faces in dice", (guint) count);
      return FALSE;
    }
  if (count >= 0)
    {
      /* the app rolls; the roll is part of the game's random stream, so redo repeats it */
      for (gint64 i = 0; i < count; i++)
        {
          guint8 face = pen_random_die (pen_table_get_random (table));
          g_array_append_val (dice, face);
        }
    }

  /* step 2: "adjust X Threat dice" effects, one signed change per die */
  if (!read_int_array (params, "adjust", -5, 5, 30, adjust, error))
    return FALSE;
  if (json_object_has_member (params, "adjust") && adjust->len != dice->len)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.adjust: one change per Threat die "
                   "(%u), not %u", dice->len, adjust->len);
      return FALSE;
    }
  for (guint i = 0; i < adjust->len; i++)
    {
      gint v = g_array_index (dice, guint8, i) + g_array_index (adjust, gint, i);
      if (v < 1 || v > 6)
        {
          g_autofree char *ep = pen_json_path_index ("$.adjust", i);
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: a Threat die shows 1 to 6", ep);
          return FALSE;
        }
      g_array_index (dice, guint8, i) = v;
    }

  /* step 3: the player's picks where the rules leave a choice */
  if (!read_int_array (params, "picks", -1, 255, 30, picks, error))
    return FALSE;
  if (json_object_has_member (params, "picks"))
    {
      if (picks->len != dice->len)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.picks: one pick per Threat die "
                       "(%u), not %u", dice->len, picks->len);
          return FALSE;
        }
      choices.picks = (const gint *) picks->data;
    }

  if (!pen_threat_resolve (roll_board, (const guint8 *) dice->data, dice->len, &choices, &result))
    return refuse (error, "$.picks: a pick does not fit this roll");
  pen_wizard_apply_board (w, result.board);

  g_string_printf (label, _("%s faces Threat:"), pen_wizard_get_display_name (w));
  for (guint i = 0; i < dice->len; i++)
    g_string_append_printf (label, " %u", g_array_index (dice, guint8, i));
  if (has_prep && prep_result.n_cancelled > 0)
    g_string_append_printf (label, g_dngettext (GETTEXT_PACKAGE, " (%u cancelled)",
                                                " (%u cancelled)", prep_result.n_cancelled),
                            prep_result.n_cancelled);
  if (has_prep && prep_result.rifted->len > 0)
    g_string_append_printf (label, _(" (Rift %u)"), prep_result.rifted->len);
  g_string_append_printf (label, g_dngettext (GETTEXT_PACKAGE, " — %u die lost",
                                              " — %u dice lost", result.lost->len),
                          result.lost->len);
  /* which: the wizard may have chosen among dice of the same value */
  for (guint i = 0; i < result.lost->len; i++)
    {
      const PenDieValue *die = &g_array_index (result.lost, PenThreatLostDie, i).die;

      g_string_append (label, i == 0 ? " (" : ", ");
      g_string_append_printf (label, _("%s %u"), pen_color_get_label (die->color), die->value);
      if (i + 1 == result.lost->len)
        g_string_append_c (label, ')');
    }
  g_string_append_printf (label, g_dngettext (GETTEXT_PACKAGE, ", %u wound", ", %u wounds",
                                              result.wounded->len), result.wounded->len);

  if (result.mortal_wound)
    {
      /* the board already shows the discard; count the card and force the Rest */
      pen_wizard_set_mortal_wounds (w, MIN (pen_wizard_get_mortal_wounds (w) + 1, 99));
      pen_wizard_set_mortal_wound_this_turn (w, TRUE);
      pen_wizard_set_must_rest (w, TRUE);
      mortal_wound_ends_turn (table, w);
      g_string_append (label, _(", a Mortal Wound"));
    }
  return TRUE;
}
