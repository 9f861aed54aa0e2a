/* pen-card.h: one entry of the card catalogue, as immutable facts
 *
 * A PenCard is what the catalogue knows about a card: the rulebook's facts (data/cards.json)
 * with the user's answers for unknown numbers merged in. It never changes once built; when
 * the user types in a number, PenCatalog replaces the card with a new one.
 *
 * Numbers the rulebook does not print are unknown: the int getters return -1 (players: 0,
 * "any number of players") and pen_card_is_known() tells them apart from a printed value.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "pen-types.h"

G_BEGIN_DECLS

typedef enum
{
  PEN_CARD_TRIAL,
  PEN_CARD_CONTRACT,
  PEN_CARD_EVENT,
  PEN_CARD_PROPHECY,
  PEN_CARD_GOAL,
  PEN_CARD_TALENT,
  PEN_CARD_SPELL,
  PEN_CARD_POTION,
  PEN_CARD_PET,
  PEN_CARD_ARTIFACT,
  PEN_CARD_TOME,
  PEN_CARD_MORTAL_WOUND,
  /* a Discipline card whose kind (Spell, Pet or Tome) is not known yet: the Class markets'
   * unnamed cards, "discipline#N" */
  PEN_CARD_DISCIPLINE,
  PEN_N_CARD_TYPES
} PenCardType;

#define PEN_TYPE_CARD_TYPE (pen_card_type_get_type ())
GType        pen_card_type_get_type        (void) G_GNUC_CONST;
/* "trial" … "mortal-wound", "discipline"; _from_string returns -1 for an unknown id */
const char  *pen_card_type_to_string       (PenCardType  type);
int          pen_card_type_from_string     (const char  *str);
/* Translated, for the UI */
const char  *pen_card_type_get_label       (PenCardType  type);

/* The value the int getters return for a number the rulebook does not print. */
#define PEN_CARD_UNKNOWN (-1)

#define PEN_TYPE_CARD (pen_card_get_type ())
G_DECLARE_FINAL_TYPE (PenCard, pen_card, PEN, CARD, GObject)

/* Builds a card from one catalogue entry, strictly: unknown keys, wrong types and values out
 * of range fail with PEN_ERROR_INVALID "PATH.key: …". Missing optional members are unknown. */
PenCard     *pen_card_new_from_json        (JsonObject   *obj,
                                            const char   *path,
                                            GError      **error);
/* The entry in the catalogue's shape (every field, null for unknown), as `catalog` prints it. */
JsonNode    *pen_card_to_json              (PenCard      *card);

const char  *pen_card_get_id               (PenCard      *card);
PenCardType  pen_card_get_card_type        (PenCard      *card);
/* lang is "en" or "ru"; a missing Russian name falls back to the English one */
const char  *pen_card_get_name             (PenCard      *card,
                                            const char   *lang);
/* Difficulty dots (1–4) of a trial or contract, or -1 */
int          pen_card_get_difficulty       (PenCard      *card);
/* The first-game deck's player mark: 3 ("3+"), 4, or 0 when the card is used at any count */
int          pen_card_get_players          (PenCard      *card);
/* Victory points, or -1 when unknown (a printed -1 is told apart by pen_card_is_known) */
int          pen_card_get_vp               (PenCard      *card);
int          pen_card_get_threat           (PenCard      *card);
/* Light / Darkness symbols in the reward (a trial's path of that name), or -1 */
int          pen_card_get_light            (PenCard      *card);
int          pen_card_get_dark             (PenCard      *card);
/* Experience symbols (ids of PenSymbol), NULL when unknown, empty when the card has none */
const char * const *pen_card_get_symbols   (PenCard      *card);
/* How many of one experience symbol the card shows; 0 when the symbols are unknown */
guint        pen_card_count_symbol         (PenCard      *card,
                                            PenSymbol     symbol);
/* A PenMarkKind (ruby … amethyst), or -1 */
int          pen_card_get_discipline       (PenCard      *card);
/* An Urgent contract (Russian rules chapter: difficulty 2, its effect applies to everyone
 * while it is in the Guild row, no Light or Darkness, cannot be reserved). The rulebook names
 * none: only a user-added card can be one ("urgent": true in its entry). */
gboolean     pen_card_get_urgent           (PenCard      *card);
/* "conductor", "pendant", "mantle", "ring", or NULL */
const char  *pen_card_get_equipment        (PenCard      *card);
/* Cost options as JSON (an array of {"dice": [...], "ingredients": {...}}), or NULL */
JsonNode    *pen_card_get_cost             (PenCard      *card);
/* The Arcana in a Discipline card's cost, as printed (read off the cost, or the table's
 * answer "arcana_cost"); -1 while unknown. It is paid when the card is used, never when a
 * Class gives it (Wizard cards › Cost). */
int          pen_card_get_arcana_cost      (PenCard      *card);
/* The task printed on a Contract, as `penumbra-cli task` reads one ({"kind":
 * "discard-sum", "colors": […], "at_least": 8}), a Trial's one per path {"light": TASK,
 * "dark": TASK}; NULL while unknown */
JsonNode    *pen_card_get_task             (PenCard      *card);
/* Its rewards: a Contract's one set {"dice", "ingredients", "cards", "light", "dark",
 * "retaliation"}, a Trial's {"light": SET, "dark": SET}; NULL while unknown */
JsonNode    *pen_card_get_reward           (PenCard      *card);
/* A Trial's task and reward of one path (a PenPath), NULL while that path's is unknown */
JsonNode    *pen_card_get_path_task        (PenCard      *card,
                                            int           path);
JsonNode    *pen_card_get_path_reward      (PenCard      *card,
                                            int           path);
/* Talents: the turn-order number and the starting Mark (a PenMarkKind), or -1 */
int          pen_card_get_turn_order       (PenCard      *card);
int          pen_card_get_start_mark       (PenCard      *card);
/* A Talent's starting Discipline card, as the book prints it (Setup › Talents), or NULL */
const char  *pen_card_get_start_card       (PenCard      *card);
/* A Talent's starting Ingredients (counts[PEN_N_INGREDIENTS]), as the table read them off the
 * card (the book prints none): FALSE while unknown */
gboolean     pen_card_get_start_ingredients (PenCard     *card,
                                             guint       *counts);
/* A short paraphrase of what the rulebook says the card does, or NULL */
const char  *pen_card_get_text             (PenCard      *card,
                                            const char   *lang);
/* Where the rulebook names the card */
const char  *pen_card_get_sources          (PenCard      *card);

/* field: a key of the catalogue entry ("vp", "difficulty", "symbols", …). TRUE when the
 * value is known: printed in the rulebook, derived from it, or typed in by the user. */
gboolean     pen_card_is_known             (PenCard      *card,
                                            const char   *field);
/* TRUE when the value was read off the rulebook's structure or examples, not its card list */
gboolean     pen_card_is_derived           (PenCard      *card,
                                            const char   *field);
/* TRUE when the value is the user's answer */
gboolean     pen_card_is_user_value        (PenCard      *card,
                                            const char   *field);
/* A card the user added (the rulebook does not name it) */
gboolean     pen_card_is_user_added        (PenCard      *card);

/* The fields a user may answer, NULL-terminated */
const char * const *pen_card_get_user_fields (void);

/* For PenCatalog: marks which fields are user answers and whether the card is user-added. */
void         pen_card_set_user_origin      (PenCard      *card,
                                            const char * const *user_fields,
                                            gboolean      user_added);

/* Cards of the box the catalogue cannot name (the rulebook names few of them). The box holds
 * a known number of each type (pen_catalog_get_box_count); a card the app deals without a name
 * is a placeholder "TYPE#N" ("contract#12"), stable and language-free in the log and the
 * snapshot; its name ("Contract 12 of 36") is built when it is shown, in the interface
 * language. Every number of a placeholder is unknown until the table identifies the card
 * (the card-identify action). */
char        *pen_card_placeholder_id       (PenCardType  type,
                                            guint        number);
/* TRUE when id has the placeholder form; type and number may be NULL */
gboolean     pen_card_parse_placeholder    (const char  *id,
                                            PenCardType *type,
                                            guint       *number);
gboolean     pen_card_id_is_placeholder    (const char  *id);
/* The spec's card ids: lower-case words (letters, digits) joined by single dashes */
gboolean     pen_card_id_is_well_formed    (const char  *id);
/* For PenCatalog: 1 <= number <= box */
PenCard     *pen_card_new_placeholder      (PenCardType  type,
                                            guint        number,
                                            guint        box);
gboolean     pen_card_is_placeholder       (PenCard     *card);
guint        pen_card_get_placeholder_number (PenCard   *card);

G_END_DECLS
