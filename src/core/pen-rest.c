/* pen-rest.c: the Rest options and the market
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-box.h"
#include "pen-catalog.h"
#include "pen-json.h"
#include "pen-locations.h"
#include "pen-random.h"
#include "pen-rest.h"
#include "pen-rule.h"
#include "pen-turn.h"

#define P "$"

#define refuse pen_refuse

JsonObject *
pen_rest_counts_to_json (const guint *counts)
{
  JsonObject *obj = json_object_new ();

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (counts[i] > 0)
      json_object_set_int_member (obj, pen_ingredient_to_string (i), counts[i]);
  return obj;
}

guint
pen_rest_bazaar_lot (PenIngredient ingredient)
{
  switch (ingredient)
    {
    case PEN_INGREDIENT_FRUIT:
      return 4;
    case PEN_INGREDIENT_CRYSTAL:
      return 3;
    case PEN_INGREDIENT_JEWEL:
      return 2;
    case PEN_INGREDIENT_TRINKET:
      return 1;
    case PEN_INGREDIENT_BLOOD:
    case PEN_INGREDIENT_ARCANA:
    case PEN_N_INGREDIENTS:
    default:
      return 0;
    }
}

static gboolean
count_lots (const guint   amounts[PEN_N_INGREDIENTS],
            const char   *side,
            guint        *lots,
            GError      **error)
{
  gboolean ok = TRUE;

  *lots = 0;
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      guint lot = pen_rest_bazaar_lot (i);

      if (amounts[i] == 0)
        continue;
      if (lot == 0)
        {
          if (ok)
            g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                         "$.%s.%s: the Bazaar exchanges only Fruits, Crystals, Jewels and "
                         "Trinkets", side, pen_ingredient_to_string (i));
          ok = FALSE;
          continue;
        }
      if (amounts[i] % lot != 0)
        {
          if (ok)
            g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                         "$.%s.%s: the Bazaar takes %s only in multiples of %u", side,
                         pen_ingredient_to_string (i), pen_ingredient_to_string (i), lot);
          ok = FALSE;
        }
      *lots += amounts[i] / lot;
    }
  return ok;
}

/* One side of an exchange: "4 Fruits, 2 Jewels (= 2 Trinkets)"; Trinkets alone need no worth */
static char *
describe_side (const guint side[PEN_N_INGREDIENTS],
               guint       lots)
{
  static const PenIngredient order[] = {
    PEN_INGREDIENT_FRUIT, PEN_INGREDIENT_CRYSTAL, PEN_INGREDIENT_JEWEL, PEN_INGREDIENT_TRINKET,
  };
  g_autoptr(GString) s = g_string_new (NULL);
  gboolean only_trinkets = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (side[order[i]] > 0)
      {
        g_autofree char *amount = pen_ingredient_format_amount (order[i], side[order[i]]);

        g_string_append_printf (s, "%s%s", s->len > 0 ? ", " : "", amount);
        only_trinkets = only_trinkets && order[i] == PEN_INGREDIENT_TRINKET;
      }
  if (!only_trinkets)
    {
      g_autofree char *worth = pen_ingredient_format_amount (PEN_INGREDIENT_TRINKET, lots);
      g_autofree char *text = g_strdup_printf (C_("exchange worth", "%s (= %s)"), s->str, worth);

      return g_steal_pointer (&text);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

char *
pen_rest_describe_imbalance (const guint give[PEN_N_INGREDIENTS],
                             const guint get[PEN_N_INGREDIENTS],
                             guint       lots_give,
                             guint       lots_get)
{
  g_autofree char *given = describe_side (give, lots_give);
  g_autofree char *got = describe_side (get, lots_get);

  if (*got == '\0')
    return g_strdup_printf (_("You give %s and get nothing yet."), given);
  if (*given == '\0')
    return g_strdup_printf (_("You get %s and give nothing yet."), got);
  return g_strdup_printf (_("You give %s and get %s: both sides must be worth the same."),
                          given, got);
}

gboolean
pen_rest_check_exchange (const guint   give[PEN_N_INGREDIENTS],
                         const guint   get[PEN_N_INGREDIENTS],
                         guint        *lots_give,
                         guint        *lots_get,
                         GError      **error)
{
  guint lg, lt;
  gboolean ok_give, ok_get;

  ok_give = count_lots (give, "give", &lg, error);
  ok_get = count_lots (get, "get", &lt, ok_give ? error : NULL);
  if (lots_give)
    *lots_give = lg;
  if (lots_get)
    *lots_get = lt;
  if (!ok_give || !ok_get)
    return FALSE;

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (give[i] > 0 && get[i] > 0)
      {
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                     "$.get.%s: %s is on both sides of the exchange",
                     pen_ingredient_to_string (i), pen_ingredient_to_string (i));
        return FALSE;
      }
  if (lg == 0 || lt == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, lg == 0 ? "$.give: give something"
                                                               : "$.get: get something");
      return FALSE;
    }
  if (lg != lt)
    {
      /* one lot is 4 Fruits = 3 Crystals = 2 Jewels = 1 Trinket */
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "$.get: at the Bazaar rate this gives %u and gets %u (4 Fruits = 3 Crystals "
                   "= 2 Jewels = 1 Trinket)", lg, lt);
      return FALSE;
    }
  return TRUE;
}

gboolean
pen_rest_card_cost (PenCard *card,
                    guint    cost[PEN_N_INGREDIENTS])
{
  JsonNode *node = pen_card_get_cost (card);
  JsonArray *options;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;
  options = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (options); i++)
    {
      JsonObject *opt = json_array_get_object_element (options, i);
      JsonObject *ing;

      if (opt == NULL)
        continue;
      if (json_object_has_member (opt, "dice")
          && json_array_get_length (json_object_get_array_member (opt, "dice")) > 0)
        continue;
      if (!json_object_has_member (opt, "ingredients")
          || !(ing = json_object_get_object_member (opt, "ingredients")))
        continue;
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        {
          const char *id = pen_ingredient_to_string (k);
          JsonNode *v = json_object_get_member (ing, id);

          /* an amount the rulebook does not print (null) leaves the cost unknown */
          if (v != NULL && JSON_NODE_HOLDS_NULL (v))
            return FALSE;
          cost[k] = v != NULL ? (guint) json_node_get_int (v) : 0;
        }
      return TRUE;
    }
  return FALSE;
}

/* Recipes and Potions › Ready-made Potions: a Potion bought at the Brewery is a ready-made
 * one, paid for in Jewels with its purchase symbol; the cost the catalogue holds is the
 * Recipe's (what brewing takes), so it is no price at the Brewery. */
gboolean
pen_rest_purchase_cost (PenCard *card,
                        guint    cost[PEN_N_INGREDIENTS])
{
  if (pen_card_get_card_type (card) == PEN_CARD_POTION)
    return FALSE;
  return pen_rest_card_cost (card, cost);
}

guint
pen_rest_purchase_currencies (PenCardType   type,
                              PenIngredient currencies[PEN_REST_MAX_CURRENCIES])
{
  if (type == PEN_CARD_POTION)
    {
      currencies[0] = PEN_INGREDIENT_JEWEL;
      return 1;
    }
  if (pen_box_is_artifact_kind (type))
    {
      currencies[0] = PEN_INGREDIENT_JEWEL;
      currencies[1] = PEN_INGREDIENT_TRINKET;
      return 2;
    }
  return 0;
}

/* A purchase paid with an Ingredient its market does not take is refused (market-currency):
 * the Brewery sells for Jewels, the Shop for Jewels and Trinkets (the table may overrule it) */
static gboolean
check_currencies (PenTable     *table,
                  PenCardType   type,
                  const guint   pay[PEN_N_INGREDIENTS],
                  GError      **error)
{
  PenIngredient currencies[PEN_REST_MAX_CURRENCIES];
  guint n = pen_rest_purchase_currencies (type, currencies);
  guint other[PEN_N_INGREDIENTS] = { 0, };
  gboolean any = FALSE;
  g_autoptr(GString) paid = g_string_new (NULL);
  const char *first = NULL;

  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    {
      gboolean takes = FALSE;

      for (guint c = 0; c < n; c++)
        takes |= currencies[c] == k;
      if (takes || pay[k] == 0)
        continue;
      other[k] = pay[k];
      any = TRUE;
      if (first == NULL)
        first = pen_ingredient_to_string (k);
    }
  if (!any)
    return TRUE;
  pen_ingredient_append_amounts (paid, other);
  return pen_rule_refuse_said (table, PEN_RULE_MARKET_CURRENCY, "$.pay", error,
                               g_strdup_printf (type == PEN_CARD_POTION
                                                /* Translators: %s is what was paid besides,
                                                 * "2 Crystals, 1 Fruit" */
                                                ? _("At the Brewery Potions are bought for "
                                                    "Jewels only, not for %s")
                                                /* Translators: %s is what was paid besides,
                                                 * "2 Crystals, 1 Fruit" */
                                                : _("At the Shop Artifacts are bought for "
                                                    "Jewels and Trinkets only, not for %s"),
                                                paid->str),
                               "a %s is bought for %s, not %s",
                               pen_card_type_to_string (type),
                               type == PEN_CARD_POTION ? "jewels" : "jewels and trinkets",
                               first);
}

/* ---- helpers ---- */

static PenWizard *
get_wizard (PenTable    *table,
            JsonObject  *obj,
            const char  *path,
            guint       *index,
            GError     **error)
{
  guint n = pen_table_get_n_players (table);
  gint64 w;

  if (n == 0)
    {
      refuse (error, "no game has been started");
      return NULL;
    }
  if (!pen_json_get_int (obj, path, "wizard", TRUE, 0, n - 1, &w, error))
    return NULL;
  if (index)
    *index = w;
  return pen_table_get_wizard (table, w);
}

/* An {"ingredient": n, …} object; max bounds each amount. *present is FALSE when the member
 * is missing. */
static gboolean
get_ingredients (JsonObject  *obj,
                 const char  *path,
                 const char  *key,
                 gint64       max,
                 guint        out[PEN_N_INGREDIENTS],
                 gboolean    *present,
                 GError     **error)
{
  g_autofree char *p = pen_json_path_key (path, key);
  const char *ids[PEN_N_INGREDIENTS + 1] = { NULL, };
  JsonObject *ing;

  memset (out, 0, sizeof (guint) * PEN_N_INGREDIENTS);
  if (present)
    *present = json_object_has_member (obj, key);
  if (!json_object_has_member (obj, key))
    return TRUE;
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    ids[i] = pen_ingredient_to_string (i);
  if (!(ing = pen_json_expect_object (json_object_get_member (obj, key), p, error))
      || !pen_json_check_keys (ing, p, ids, error))
    return FALSE;
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      gint64 v = 0;

      if (!pen_json_get_int (ing, p, ids[i], FALSE, 0, max, &v, error))
        return FALSE;
      out[i] = v;
    }
  return TRUE;
}

/* Refuses unless it is the wizard's own turn of one of the kinds allowed */
static gboolean
own_turn (PenTable    *table,
          PenWizard   *w,
          gboolean     study,
          gboolean     trial,
          const char  *what,
          GError     **error)
{
  PenTurnKind kind = pen_table_get_turn_kind (table);

  if (pen_table_get_wizard (table, pen_table_get_current (table)) != w
      || kind == PEN_TURN_NONE)
    return pen_rule_refuse (table, PEN_RULE_CURRENT_PLAYER, "$.wizard", error,
                            "%s %s only on their own turn", pen_wizard_get_name (w), what);
  if (kind == PEN_TURN_REST || (kind == PEN_TURN_STUDY && study)
      || (kind == PEN_TURN_TRIAL && trial))
    return TRUE;
  return pen_rule_refuse (table, PEN_RULE_NOT_ON_THIS_TURN, "$.wizard", error,
                          "%s cannot %s on a %s turn", pen_wizard_get_name (w), what,
                          pen_turn_kind_to_string (kind));
}

static gboolean
pay (PenWizard   *w,
     const guint  cost[PEN_N_INGREDIENTS],
     const char  *path,
     GError     **error)
{
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (pen_wizard_get_ingredient (w, i) < cost[i])
      return refuse (error, "%s.%s: this costs %u and %s has %u", path,
                     pen_ingredient_to_string (i), cost[i], pen_wizard_get_name (w),
                     pen_wizard_get_ingredient (w, i));
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    pen_wizard_set_ingredient (w, i, pen_wizard_get_ingredient (w, i) - cost[i]);
  return TRUE;
}

/* Over 12, the excess goes straight back to the common supply, as with every gain */
static void
gain (PenWizard   *w,
      const guint  amounts[PEN_N_INGREDIENTS])
{
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (amounts[i] > 0)
      pen_wizard_set_ingredient (w, i, MIN (pen_wizard_get_ingredient (w, i) + amounts[i],
                                            PEN_INGREDIENT_CAP));
}

/* ---- exchange ---- */

gboolean
pen_rest_exchange (PenTable    *table,
                   JsonObject  *params,
                   GString     *label,
                   GError     **error)
{
  guint give[PEN_N_INGREDIENTS], get[PEN_N_INGREDIENTS];
  PenWizard *w;

  if (!(w = get_wizard (table, params, P, NULL, error))
      || !get_ingredients (params, P, "give", PEN_INGREDIENT_CAP, give, NULL, error)
      || !get_ingredients (params, P, "get", 99, get, NULL, error)
      || !pen_rest_check_exchange (give, get, NULL, NULL, error)
      || !own_turn (table, w, TRUE, FALSE, "exchanges at the Bazaar rate", error)
      || !pay (w, give, "$.give", error))
    return FALSE;
  gain (w, get);

  g_string_printf (label, _("%s exchanges "), pen_wizard_get_display_name (w));
  pen_ingredient_append_amounts (label, give);
  g_string_append (label, _(" for "));
  pen_ingredient_append_amounts (label, get);
  return TRUE;
}

/* ---- brew ---- */

static gboolean
same_cost (const guint a[PEN_N_INGREDIENTS],
           const guint b[PEN_N_INGREDIENTS])
{
  return memcmp (a, b, sizeof (guint) * PEN_N_INGREDIENTS) == 0;
}

/* Whether cost matches one of the card's ingredients-only options */
static gboolean
is_cost_option (PenCard     *card,
                const guint  cost[PEN_N_INGREDIENTS])
{
  JsonNode *node = pen_card_get_cost (card);
  JsonArray *options = node && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; options && i < json_array_get_length (options); i++)
    {
      JsonObject *opt = json_array_get_object_element (options, i);
      guint c[PEN_N_INGREDIENTS] = { 0, };
      JsonObject *ing;

      if (opt == NULL || (json_object_has_member (opt, "dice")
                          && json_array_get_length (json_object_get_array_member (opt, "dice"))))
        continue;
      ing = json_object_has_member (opt, "ingredients")
            ? json_object_get_object_member (opt, "ingredients") : NULL;
      for (guint k = 0; ing && k < PEN_N_INGREDIENTS; k++)
        {
          JsonNode *v = json_object_get_member (ing, pen_ingredient_to_string (k));
          if (v != NULL && !JSON_NODE_HOLDS_NULL (v))
            c[k] = json_node_get_int (v);
        }
      if (same_cost (c, cost))
        return TRUE;
    }
  return FALSE;
}

gboolean
pen_rest_brew (PenTable    *table,
               JsonObject  *params,
               GString     *label,
               GError     **error)
{
  guint cost[PEN_N_INGREDIENTS], given[PEN_N_INGREDIENTS];
  gboolean has_pay, known;
  const char *id = NULL;
  g_autoptr(PenTableCard) tc = NULL;
  PenCard *card;
  PenWizard *w;
  int i;

  if (!(w = get_wizard (table, params, P, NULL, error))
      || !pen_json_get_string (params, P, "card", TRUE, &id, error)
      || !get_ingredients (params, P, "pay", PEN_INGREDIENT_CAP, given, &has_pay, error))
    return FALSE;
  if (!(card = pen_catalog_lookup (pen_catalog_get_default (), id)))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.card: \"%s\" is not a known card id",
                   id);
      return FALSE;
    }
  if (pen_card_get_card_type (card) != PEN_CARD_POTION)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.card: %s is not a Potion", id);
      return FALSE;
    }
  if ((i = pen_wizard_find_card (w, id)) < 0)
    return refuse (error, "$.card: %s has no %s", pen_wizard_get_name (w), id);
  tc = g_list_model_get_item (pen_wizard_get_cards (w), i);
  /* a Recipe lies upright in the Grimoire; a rotated Potion must unrotate first */
  if (g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_GRIMOIRE) != 0
      || pen_table_card_get_rotated (tc))
    return refuse (error, "$.card: %s is not a Recipe in %s's Grimoire", id,
                   pen_wizard_get_name (w));

  known = pen_rest_card_cost (card, cost);
  if (has_pay)
    {
      if (known && !is_cost_option (card, given))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "$.pay: that is not one of the costs of %s", id);
          return FALSE;
        }
      memcpy (cost, given, sizeof cost);
    }
  else if (!known)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "$.pay: the cost of %s is not known here: say what was paid", id);
      return FALSE;
    }

  if (!own_turn (table, w, TRUE, TRUE, "brews", error) || !pay (w, cost, "$.pay", error))
    return FALSE;
  pen_table_card_set_zone (tc, PEN_ZONE_INVENTORY);
  g_string_printf (label, _("%s brews %s for "), pen_wizard_get_display_name (w),
                   pen_turn_card_name (id));
  pen_ingredient_append_amounts (label, cost);
  return TRUE;
}

/* ---- buy ---- */

gboolean
pen_rest_buy (PenTable    *table,
              JsonObject  *params,
              GString     *label,
              GError     **error)
{
  guint cost[PEN_N_INGREDIENTS];
  gboolean has_pay;
  const char *id = NULL, *reveal = NULL, *market;
  g_autofree char *dealt = NULL;
  GListModel *markets = pen_table_get_markets (table);
  gboolean recorded = FALSE;
  int found = -1;
  PenCard *card, *rcard = NULL;
  PenCardType type;
  PenWizard *w;
  g_autoptr(PenTableCard) tc = NULL;

  if (!(w = get_wizard (table, params, P, NULL, error))
      || !pen_json_get_string (params, P, "card", TRUE, &id, error)
      || !pen_json_get_string (params, P, "reveal", FALSE, &reveal, error)
      || !get_ingredients (params, P, "pay", PEN_INGREDIENT_CAP, cost, &has_pay, error))
    return FALSE;
  if (!(card = pen_catalog_lookup (pen_catalog_get_default (), id)))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.card: \"%s\" is not a known card id",
                   id);
      return FALSE;
    }
  type = pen_card_get_card_type (card);
  if (type != PEN_CARD_POTION && !pen_box_is_artifact_kind (type))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "$.card: only Potions and Artifacts are bought, not %s", id);
      return FALSE;
    }
  market = type == PEN_CARD_POTION ? "brewery" : "shop";
  if (reveal != NULL)
    {
      if (!(rcard = pen_catalog_lookup (pen_catalog_get_default (), reveal)))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "$.reveal: \"%s\" is not a known card id", reveal);
          return FALSE;
        }
      if (pen_card_get_card_type (rcard) != type)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "$.reveal: the %s market takes %s cards only", market,
                       pen_card_type_to_string (type));
          return FALSE;
        }
    }
  if (!has_pay && !pen_rest_purchase_cost (card, cost))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "$.pay: the cost of %s is not known here: say what was paid", id);
      return FALSE;
    }

  if (!own_turn (table, w, TRUE, FALSE, "buys", error))
    return FALSE;
  /* Two cards of the same name never share a play area. */
  if (pen_wizard_find_card (w, id) >= 0)
    return refuse (error, "$.card: %s already has %s", pen_wizard_get_name (w), id);

  /* When the table recorded this market, only a face-up card of it can be bought; when it
   * did not (physical play, or not dealt), the table says which card it was. */
  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) m = g_list_model_get_item (markets, i);

      if (g_strcmp0 (pen_table_card_get_zone (m), market) != 0)
        continue;
      recorded = TRUE;
      if (found < 0 && g_strcmp0 (pen_table_card_get_card_id (m), id) == 0)
        found = i;
    }
  /* the table says its market's cards (pen_table_get_table_markets): a card it had not
   * named yet was one of the unknown ones */
  for (guint i = 0; found < 0 && pen_table_get_table_markets (table)
                    && i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) m = g_list_model_get_item (markets, i);

      if (g_strcmp0 (pen_table_card_get_zone (m), market) == 0
          && pen_table_card_get_card_id (m) == NULL)
        found = i;
    }
  if (recorded && found < 0)
    return refuse (error, "$.card: %s is not in the %s market", id, market);
  if (reveal != NULL && g_str_equal (reveal, id))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.reveal: %s is the card bought, not "
                   "the one turned up", id);
      return FALSE;
    }
  /* a card the table turns up is not face up or in a play area already */
  if (reveal != NULL && pen_table_get_table_markets (table))
    {
      gboolean shown = FALSE;

      for (guint i = 0; i < g_list_model_get_n_items (markets) && !shown; i++)
        {
          g_autoptr(PenTableCard) m = g_list_model_get_item (markets, i);

          shown = g_strcmp0 (pen_table_card_get_card_id (m), reveal) == 0;
        }
      for (guint i = 0; i < pen_table_get_n_players (table) && !shown; i++)
        shown = pen_wizard_find_card (pen_table_get_wizard (table, i), reveal) >= 0;
      if (shown)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.reveal: %s is face up or in a "
                       "play area already", reveal);
          return FALSE;
        }
    }

  if (!check_currencies (table, type, cost, error) || !pay (w, cost, "$.pay", error))
    return FALSE;
  /* app-dealt: the top of the market's deck takes the vacated place */
  if (reveal == NULL && found >= 0 && !pen_table_get_physical (table))
    {
      GListModel *decks = pen_table_get_market_decks (table);

      for (guint i = 0; i < g_list_model_get_n_items (decks); i++)
        {
          g_autoptr(PenTableCard) d = g_list_model_get_item (decks, i);

          if (g_strcmp0 (pen_table_card_get_zone (d), market) == 0)
            {
              dealt = pen_table_list_take (decks, i);
              reveal = dealt;
              break;
            }
        }
    }
  if (found >= 0)
    {
      g_autoptr(PenTableCard) m = g_list_model_get_item (markets, found);

      /* the card revealed from the deck takes the vacated place; at a table that says its
       * market's cards, one it did not name is an unknown card there */
      if (reveal != NULL || pen_table_get_table_markets (table))
        pen_table_card_set_card_id (m, reveal);
      else
        g_list_store_remove (G_LIST_STORE (markets), found);
    }
  else if (reveal != NULL && recorded)
    pen_table_list_append (markets, reveal, market);

  /* a ready-made Potion goes straight to the Inventory; an Artifact to its place */
  tc = pen_table_card_new (id, type == PEN_CARD_POTION ? PEN_ZONE_INVENTORY
                                                       : pen_turn_default_zone (card),
                           FALSE, NULL);
  pen_wizard_add_card (w, tc);
  g_string_printf (label, _("%s buys %s for "), pen_wizard_get_display_name (w),
                   pen_turn_card_name (id));
  pen_ingredient_append_amounts (label, cost);
  return TRUE;
}

/* ---- several gains at once ---- */

gboolean
pen_rest_resource_gain (PenTable    *table,
                        JsonObject  *params,
                        GString     *label,
                        GError     **error)
{
  guint n = pen_table_get_n_players (table);
  const char *event = NULL;
  JsonArray *arr;
  g_autofree guint *amounts = NULL;
  guint any = 0;
  guint faces[6][PEN_N_INGREDIENTS];
  gboolean known;

  if (n == 0)
    return refuse (error, "no game has been started");
  if (!pen_json_get_string (params, P, "event", FALSE, &event, error))
    return FALSE;
  if (event != NULL && pen_catalog_lookup (pen_catalog_get_default (), event) == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.event: \"%s\" is not a known card id",
                   event);
      return FALSE;
    }
  if (!json_object_has_member (params, "gains"))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.gains: missing");
      return FALSE;
    }
  if (!(arr = pen_json_expect_array (json_object_get_member (params, "gains"), "$.gains",
                                     error)))
    return FALSE;

  /* read everything first, then apply: all or nothing */
  amounts = g_new0 (guint, (gsize) n * PEN_N_INGREDIENTS);
  known = pen_locations_get_resource_faces (pen_locations_get_default (), faces);
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      static const char * const keys[] = { "wizard", "ingredients", "roll", NULL };
      g_autofree char *ep = pen_json_path_index ("$.gains", i);
      guint got[PEN_N_INGREDIENTS];
      gboolean present, roll = FALSE;
      JsonObject *entry;
      guint w, face = 0;

      if (!(entry = pen_json_expect_object (json_array_get_element (arr, i), ep, error))
          || !pen_json_check_keys (entry, ep, keys, error)
          || !get_wizard (table, entry, ep, &w, error)
          || !pen_json_get_bool (entry, ep, "roll", FALSE, &roll, error)
          || !get_ingredients (entry, ep, "ingredients", 99, got, &present, error))
        return FALSE;
      /* "roll": the app rolls the die from the faces typed in (app-dealt play); the face it
       * gave is written in "ingredients", so the log holds the fact. The generator is drawn
       * for every such die, on a replay too, so the game's later rolls stay the same. */
      if (roll)
        {
          if (pen_table_get_table_rolls (table))
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_NEEDS_FACES, "%s.roll: the table rolls "
                           "the Resource dice: say what each gave", ep);
              return FALSE;
            }
          face = pen_random_range (pen_table_get_random (table), 6);
        }
      if (!present && roll)
        {
          g_autoptr(JsonObject) written = NULL;

          if (!known)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.ingredients: the Resource "
                           "die's faces are not known yet: say what it gave", ep);
              return FALSE;
            }
          memcpy (got, faces[face], sizeof got);
          written = pen_rest_counts_to_json (got);
          json_object_set_object_member (entry, "ingredients", json_object_ref (written));
          present = TRUE;
        }
      if (!present)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.ingredients: missing", ep);
          return FALSE;
        }
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        {
          amounts[w * PEN_N_INGREDIENTS + k] += got[k];
          any += got[k];
        }
    }
  if (any == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.gains: nobody gains anything");
      return FALSE;
    }

  if (event != NULL)
    g_string_printf (label, "%s: ", pen_turn_card_name (event));
  for (guint w = 0, first = TRUE; w < n; w++)
    {
      const guint *a = amounts + w * PEN_N_INGREDIENTS;
      PenWizard *wizard = pen_table_get_wizard (table, w);
      gboolean some = FALSE;

      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        some |= a[k] > 0;
      if (!some)
        continue;
      gain (wizard, a);
      g_string_append_printf (label, _("%s%s gains "), first ? "" : "; ",
                              pen_wizard_get_display_name (wizard));
      pen_ingredient_append_amounts (label, a);
      first = FALSE;
    }
  return TRUE;
}
