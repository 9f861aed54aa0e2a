/* pen-setup.h: laying out a new table (rulebook "Setup")
 *
 * Builds, from a seed, everything the setup rules deal before the first turn: the Prophecies
 * in play, the starting row of Trials, the Fate deck, the Guild's Contract row, the four
 * Classes and each wizard's Talent. The same seed gives the same table on every machine
 * (PenRandom). A solo game is set up as for two players (the Rival is the second wizard).
 *
 * The rulebook names only some of the box's cards, and prints few of their numbers. Setup uses
 * the catalogue's cards, the user's answers included, and never invents one: a place it cannot
 * fill gets a placeholder id that tells the table to draw that card from the box itself, and
 * the shortfall is counted in ->missing:
 *
 *   "unknown-trial-D"  a difficulty-D Trial (D = 1…4)
 *   "unknown-prophecy", "unknown-goal", "unknown-event", "unknown-talent"
 *
 * Decks whose cards have no difficulty to sort by (Contracts, Goals, Prophecies, Events,
 * Talents, Potions, Artifacts) are dealt from the whole box: the cards the catalogue names and,
 * for the rest, placeholders "TYPE#N" (pen-card.h), so the Guild row, the Contract deck and the
 * Brewery and Shop markets are always full. A Guild card whose difficulty is unknown is laid in
 * its cell as revealed; card-identify applies the rule (Difficulty 2 to the bottom) once the
 * table says what it is. Trials are sorted by difficulty, which the box's unnamed Trials do not
 * have, so they come from the catalogue's (16 named: four of each, enough for four players).
 *
 * Talents: each wizard is dealt two, round-robin as at a table, and keeps the first (the
 * app-dealt default; the choice can be changed later). Turn order follows the kept Talents'
 * turn-order numbers when every one is known; the rulebook prints none, so otherwise it is the
 * dealing order (->turn_order_from_talents is FALSE).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "pen-catalog.h"

G_BEGIN_DECLS

#define PEN_SETUP_CONTRACT_CELLS 4
#define PEN_SETUP_CLASSES 4

typedef struct
{
  guint       players;          /* as asked, 1–4 */
  guint       table_players;    /* the count the table is laid out for: 2 for solo */
  gboolean    ready_made;
  guint64     seed;

  GPtrArray  *prophecies;       /* card ids (char *) */
  GPtrArray  *trial_row;        /* left to right */
  GPtrArray  *fate_deck;        /* top to bottom */
  GPtrArray  *contract_row;     /* left to right */
  GPtrArray  *contract_deck;    /* the rest of the Contract deck, top first */
  GPtrArray  *contract_bottom;  /* the Difficulty 2 ones the set-up put at its bottom, in order */
  GPtrArray  *markets;          /* pairs: market ("brewery", "shop"), card id; face up */
  GPtrArray  *market_decks;     /* pairs: market, card id; the decks beside them, top first */
  GPtrArray  *classes;          /* discipline ids (ruby … amethyst), in that order */
  GPtrArray  *talents;          /* the kept Talent of each wizard, in turn order */
  GPtrArray  *talents_dealt;    /* GStrv: the two Talents each wizard was dealt, same order */
  gboolean    turn_order_from_talents;
  GHashTable *missing;          /* "trial-2", "contract-1", "event", … -> GUINT count */
} PenSetup;

/* players: 1–4. Fails with PEN_ERROR_INVALID for a count out of range. */
PenSetup *pen_setup_new      (PenCatalog  *catalog,
                              guint        players,
                              guint64      seed,
                              gboolean     ready_made,
                              GError     **error);
void      pen_setup_free     (PenSetup    *setup);

/* The CLI's document: {"players", "prophecies", "trial_row", "fate_deck", "contract_row",
 * "classes", "talents", "ready_made", "seed", "missing", "extra": {"talents_dealt",
 * "turn_order": "talents" | "dealing", "contract_bottom": the ids of contract_bottom}}. */
JsonNode *pen_setup_to_json  (const PenSetup *setup);
/* The same with every placeholder written as null, the table model's "a card the table has
 * not identified yet": the form the new-game action reads as its "setup". */
JsonNode *pen_setup_to_table_json (const PenSetup *setup);

/* TRUE for the placeholder ids above */
gboolean  pen_setup_is_placeholder (const char *id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenSetup, pen_setup_free)

G_END_DECLS
