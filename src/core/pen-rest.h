/* pen-rest.h: the Rest options and the market — Bazaar exchanges, brewing Recipes, buying a
 * Potion or an Artifact — and several ingredient gains at once (an Event's Resource rolls)
 *
 * Like pen-turn.h these are called by PenAction only. Each checks what the rules allow and
 * fails with PEN_ERROR_REFUSED (PEN_ERROR_INVALID for a malformed parameter) naming the
 * parameter; a failed action leaves the table as it was (PenAction restores its snapshot).
 *
 * When an option may be used (the rulebook, "Rest effects", "Bazaar", "Cost"):
 * - exchange: on the wizard's own Rest turn (a Rest option) or Study turn (the Bazaar's
 *   effect after a placement there; the app does not check where the die went: the table
 *   knows);
 * - brew: on the wizard's own Rest turn (a Rest option), or Study or Trial turn (paying a
 *   card's cost as usual; the catalogue does not record a cost's turn symbol, e.g. a Recipe
 *   brewed only on Study, so the table keeps to it);
 * - buy: on the wizard's own Rest turn (one Potion or one Artifact: the table keeps to the
 *   "one", as the model keeps no per-turn purchase count) or Study turn (Brewery or Shop).
 * Between turns, and on another wizard's turn, all three are refused: use "correct" to fix
 * the record instead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pen-card.h"
#include "pen-table.h"

G_BEGIN_DECLS

/* PEN_N_INGREDIENTS counts as the payment object {"fruit": 2, …}, the ones above 0.
 * Transfer full. */
JsonObject *pen_rest_counts_to_json    (const guint   *counts);

/* The Bazaar rate, 4 Fruits = 3 Crystals = 2 Jewels = 1 Trinket: how many of an ingredient
 * make one "lot", or 0 for the ingredients the Bazaar does not take (Blood, Arcana). */
guint       pen_rest_bazaar_lot        (PenIngredient  ingredient);

/* Checks an exchange by the Bazaar rate: only the four Bazaar ingredients, each amount a
 * multiple of its lot, something given and something got, no ingredient on both sides, and
 * as many lots given as got. Sets *lots_give and *lots_get (either may be NULL) even when it
 * fails, so a calculator can show the balance. On failure error says why (PEN_ERROR_INVALID,
 * the message names "$.give.X" / "$.get.X" / "$.get"). */
gboolean    pen_rest_check_exchange    (const guint    give[PEN_N_INGREDIENTS],
                                        const guint    get[PEN_N_INGREDIENTS],
                                        guint         *lots_give,
                                        guint         *lots_get,
                                        GError       **error);

/* An exchange whose sides are not worth the same, said in the table's terms: what each side
 * holds and what it is worth at the book's rate, in Trinkets (4 Fruits = 3 Crystals = 2 Jewels
 * = 1 Trinket), never the code's "lots" ("You give 4 Fruits (= 1 Trinket) and get nothing
 * yet."). lots_give/lots_get as pen_rest_check_exchange () sets them. Transfer full. */
char       *pen_rest_describe_imbalance (const guint   give[PEN_N_INGREDIENTS],
                                         const guint   get[PEN_N_INGREDIENTS],
                                         guint         lots_give,
                                         guint         lots_get);

/* The ingredients-only cost option of a card, when the catalogue knows one (the first such
 * option); FALSE when its cost is unknown or every option needs dice. */
gboolean    pen_rest_card_cost         (PenCard       *card,
                                        guint          cost[PEN_N_INGREDIENTS]);
/* What buying the card in its market costs, when the catalogue knows it: an Artifact's cost;
 * never a Potion's, whose cost is what brewing its Recipe takes, not the Jewels a ready-made
 * one costs at the Brewery (the rulebook prints no such price). */
gboolean    pen_rest_purchase_cost     (PenCard       *card,
                                        guint          cost[PEN_N_INGREDIENTS]);
/* The Ingredients a card of type is bought for in its market, put in currencies (at most
 * PEN_REST_MAX_CURRENCIES), their number returned: a Potion at the Brewery for Jewels
 * (Locations › Brewery: "buy ready-made Potions … for Jewels"), an Artifact at the Shop for
 * Jewels and Trinkets; 0 for a card no market sells. The place dialog's Brewery and Shop and
 * the Rest's Buy One ask these only; a purchase paid otherwise is refused (market-currency). */
#define PEN_REST_MAX_CURRENCIES 2
guint       pen_rest_purchase_currencies (PenCardType    type,
                                          PenIngredient  currencies[PEN_REST_MAX_CURRENCIES]);

/* {"wizard": 0, "give": {"fruit": 8}, "get": {"jewel": 4}} */
gboolean    pen_rest_exchange          (PenTable      *table,
                                        JsonObject    *params,
                                        GString       *label,
                                        GError       **error);
/* {"wizard": 0, "card": "triplet"} or with "pay": {"crystal": 1, …} when the catalogue does
 * not know the card's cost (when it does, "pay" must be one of its options) */
gboolean    pen_rest_brew              (PenTable      *table,
                                        JsonObject    *params,
                                        GString       *label,
                                        GError       **error);
/* {"wizard": 0, "card": "wand-of-everwood", "pay": {"jewel": 1, "trinket": 1},
 *  "reveal": "…"}: "pay" may be left out when the catalogue knows the cost (a Blue die's
 * discount is paid by giving "pay"); "reveal" names the card that refills the market. */
gboolean    pen_rest_buy               (PenTable      *table,
                                        JsonObject    *params,
                                        GString       *label,
                                        GError       **error);
/* {"gains": [{"wizard": 0, "ingredients": {"fruit": 2}}, …], "event": "harvest"}; in app-dealt
 * play an entry {"wizard": 0, "roll": true} has the app roll the Resource die from the faces
 * typed in (pen_locations_set_resource_faces), what it gave written in as "ingredients" */
gboolean    pen_rest_resource_gain     (PenTable      *table,
                                        JsonObject    *params,
                                        GString       *label,
                                        GError       **error);

G_END_DECLS
