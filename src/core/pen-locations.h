/* pen-locations.h: the locations of the School, the City and the Wilds, and placing in them
 *
 * The model is data/locations.json (the rulebook's Locations chapter): each location has one or
 * more sections, each section an effect and cells with conditions (a colour, a value, a player
 * count). The book prints the cells of one section only, the Class's "gain a Mark and a card"
 * (two sixes of the Class colour, then a Spark die); for the others it gives the condition but
 * not the number of cells, so the app checks the condition and leaves the count to the table.
 *
 * Location ids: "ruby-class" … "amethyst-class", "bazaar", "brewery", "shop", "guild",
 * "forest", "sanctuary", "ruins". Section ids: a Class has "mark", "card" and "die"; the
 * others one section each ("exchange", "buy", "buy", "contract", "resource", "spark", "blood").
 *
 * The Resource die's faces are not printed in the book either: the table says what it rolled
 * (physical play), or types the die's six faces in once (app-dealt play), remembered in
 * $XDG_DATA_HOME/penumbra-companion/resource-die.json like the board's values.
 *
 * The place action: {"action": "place", "wizard": W, "index": I (the die in the supply),
 *   "location": ID, "section": ID, "cell": N (optional: the first cell the die may take),
 *   "outside": bool (Appear, 1 Arcana), "trinket": bool (Hurry), and the effect's own:
 *   Class mark:  "arcana": N (the cost paid; optional when the board's cost is known),
 *                "card": ID (the Discipline card gained, from the market or the deck),
 *                "reveal": ID (the market card that takes its place)
 *   Class card:  "card", "reveal"
 *   Class die:   "value": 1-6 (the gained die's face; the app rolls it when absent, except in
 *                physical play)
 *   Bazaar:      "give", "get" ({"fruit": 8} … as the exchange action)
 *   Brewery:     "buy": [{"card": ID, "pay": {…}, "reveal": ID}, …] any number
 *   Shop:        "buy": [one]
 *   Guild:       "slot": 0-3 (a Guild row card) or "contract": ID (a reserved one), "reveal"
 *   Forest:      "resource": [{"fruit": 1, …}, …] what each Resource die gave; in app-dealt
 *                play left out, or null for a die, the app rolls it from the faces typed in
 *                and writes what it gave there (the log holds the facts)
 *   Sanctuary:   "value": the Spark die's face
 *   Ruins:       "threat": 1-6 the Threat die's face (a Yellow die placed discards it)
 *   A Green die placed in the Wilds, or a Purple one in the City, adds a Resource die: one
 *   more entry in "resource". }
 * The section's effect is applied in the same step. A die the cell's condition refuses, a cell
 * already taken, or an effect the wizard cannot pay is refused with the rule's id (the rules
 * reference's section: "class", "guild", …) and a reason; nothing changes then.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "pen-table.h"

G_BEGIN_DECLS

typedef enum
{
  PEN_AREA_SCHOOL,
  PEN_AREA_CITY,
  PEN_AREA_WILDS,
  PEN_N_AREAS
} PenArea;

typedef enum
{
  PEN_EFFECT_MARK_AND_CARD,
  PEN_EFFECT_CARD,
  PEN_EFFECT_DIE,
  PEN_EFFECT_EXCHANGE,
  PEN_EFFECT_BUY_POTIONS,
  PEN_EFFECT_BUY_ARTIFACT,
  PEN_EFFECT_CONTRACT,
  PEN_EFFECT_RESOURCE,
  PEN_EFFECT_SPARK,
  PEN_EFFECT_BLOOD,
  PEN_N_EFFECTS
} PenLocationEffect;

/* "mark-and-card", "card", "die", "exchange", "buy-potions", "buy-artifact", "contract",
 * "resource", "spark", "blood" */
const char  *pen_location_effect_to_string (PenLocationEffect effect);
const char  *pen_area_to_string            (PenArea           area);

#define PEN_TYPE_LOCATIONS (pen_locations_get_type ())
G_DECLARE_FINAL_TYPE (PenLocations, pen_locations, PEN, LOCATIONS, GObject)

/* Loaded on first use, with the user file of the user data directory. Transfer none.
 * Property "resource-faces-known" (boolean, read-only): the Resource die's faces are typed in. */
PenLocations *pen_locations_get_default    (void);
/* user_file NULL: nothing is remembered or saved */
PenLocations *pen_locations_new            (const char    *user_file);
char         *pen_locations_get_default_user_file (void);
const GError *pen_locations_get_user_error (PenLocations  *self);

/* Every location id in the book's order (School, City, Wilds). Transfer full. */
GStrv         pen_locations_list           (PenLocations  *self);
/* -1 (PenArea) / NULL for an unknown id */
int           pen_locations_get_area       (PenLocations  *self,
                                            const char    *location);
/* The location's name in the interface language ("Ruby Class", «Рубиновый Класс») */
const char   *pen_locations_get_name       (PenLocations  *self,
                                            const char    *location);
/* Section ids of a location, in order. Transfer full; NULL for an unknown location. */
GStrv         pen_locations_list_sections  (PenLocations  *self,
                                            const char    *location);
const char   *pen_locations_get_section_name (PenLocations *self,
                                            const char    *location,
                                            const char    *section);
/* PenLocationEffect, or -1 */
int           pen_locations_get_effect     (PenLocations  *self,
                                            const char    *location,
                                            const char    *section);
/* The cells the book prints for the section, or -1 when it does not say */
int           pen_locations_get_n_cells    (PenLocations  *self,
                                            const char    *location,
                                            const char    *section);
/* The discipline of a Class location (a PenMarkKind), or -1 */
int           pen_locations_get_discipline (PenLocations  *self,
                                            const char    *location);

/* Whether a die of color and value may go in the section with players at the table: cell
 * >= 0 asks about that cell, -1 about any cell the book prints (the first free of taken[],
 * which may be NULL). On TRUE *cell_out (may be NULL) is the cell it takes, or -1 when the
 * book prints none. On FALSE error says why (PEN_ERROR_REFUSED, "PATH: reason (rule ID)"). */
gboolean      pen_locations_check_die      (PenLocations  *self,
                                            const char    *location,
                                            const char    *section,
                                            int            cell,
                                            PenColor       color,
                                            guint          value,
                                            guint          players,
                                            const gboolean *taken,
                                            int           *cell_out,
                                            GError       **error);

/* Every "LOCATION/SECTION" a die of color and value may be placed in now (its condition met,
 * a printed cell free), in the book's order: what a placement picker offers. Transfer full. */
GStrv         pen_locations_list_open      (PenLocations  *self,
                                            PenTable      *table,
                                            PenColor       color,
                                            guint          value);
/* Appear (Primagic: "Discard 1 Arcana to place a die outside a cell"): every "LOCATION/SECTION"
 * whose condition the die meets but whose printed cells are all taken, in the book's order.
 * Transfer full. */
GStrv         pen_locations_list_full      (PenLocations  *self,
                                            PenTable      *table,
                                            PenColor       color,
                                            guint          value);

/* The most Ingredients one face of the Resource die shows, in all. The book prints neither the
 * faces nor their counts (Ingredients › Resource die: "a special die whose faces show Fruits,
 * Crystals and Jewels"); a die's face has room for a few symbols, so a face showing more than
 * this is taken for a slip of the hand (a wheel turn, a key held) and refused. */
#define PEN_RESOURCE_FACE_MAX 3

/* The Resource die: TRUE when its six faces are known, each face the ingredients it gives. */
gboolean      pen_locations_get_resource_faces (PenLocations *self,
                                            guint          faces[6][PEN_N_INGREDIENTS]);
/* faces: an array of six {"fruit": 1, …} objects, each face at least one of Fruits, Crystals
 * and Jewels and at most PEN_RESOURCE_FACE_MAX in all (NULL or a JSON null forgets them); saved in the user file, a malformed one set
 * aside as FILE.corrupt first, never lost. Notifies "resource-faces-known" on a change. */
gboolean      pen_locations_set_resource_faces (PenLocations *self,
                                            JsonNode      *faces,
                                            GError       **error);
/* The six faces as set_resource_faces takes them, or a JSON null while unknown. Transfer full. */
JsonNode     *pen_locations_get_resource_faces_json (PenLocations *self);
/* "2 Fruits, 1 Jewel": what a face shows, in the interface language. Transfer full. */
char         *pen_locations_describe_resource_face (const guint face[PEN_N_INGREDIENTS]);

/* The sections where Knock Out (Primagic, Dice › Red) puts the die in a taken cell: replace,
 * a Red die placed in place of a lower die, in any section with printed cells (a free cell
 * there or not: "any placed die with a lower value"); else a die placed after discarding a
 * Red die, in place of any die there, in the sections whose cells that take the die all hold
 * one (else it goes in a free one) */
GStrv         pen_locations_list_knock_out (PenLocations  *self,
                                            PenTable      *table,
                                            PenColor       color,
                                            guint          value,
                                            gboolean       replace);
/* The bribe action (Primagic Bribe, called by PenAction): 1 Jewel refreshes a market */
gboolean      pen_locations_bribe          (PenTable      *table,
                                            JsonObject    *params,
                                            GString       *label,
                                            GError       **error);
/* The knock-out action (Primagic Knock Out's second form on its own, called by PenAction): a
 * Red die of the supply discarded, and any placed die with it; its cell is free again */
gboolean      pen_locations_knock_out      (PenTable      *table,
                                            JsonObject    *params,
                                            GString       *label,
                                            GError       **error);
/* The place action (called by PenAction) */
gboolean      pen_locations_place          (PenTable      *table,
                                            JsonObject    *params,
                                            GString       *label,
                                            GError       **error);
/* A Discipline card no one has seen yet ("discipline#N", a number never handed out in this
 * game: past the Class markets' and every wizard's), counted as dealt; NULL when the box has
 * no more. Transfer full. */
char         *pen_locations_fresh_discipline_card (PenTable *table);

G_END_DECLS
