/* pen-box.h: the box's cards the catalogue cannot name, and what a draw can still give
 *
 * The rulebook names few of the box's cards. The app deals the others as placeholders
 * ("contract#12", pen-card.h) and the table says what each is once it is face up: the
 * card-identify action. This file holds that action, the queries the app asks before and at
 * the end of the game (which face-up cards are still unnamed, which cards in the players'
 * zones still lack their printed numbers), and the pickers of physical play: the cards a draw
 * can still give.
 *
 * card-identify: {"action": "card-identify", "card": ID, "as": ID, "entry": {…}, "values": {…}}
 *   card    the card on the table: a placeholder, or a named card whose numbers are unknown
 *   as      what the placeholder is: a catalogue card of the same type (omitted for a named
 *           card). A card the catalogue lacks comes with "entry", a catalogue entry without
 *           "id" and "type" ({"name": {"en": "Dark Bargain"}, "vp": 2, …}); it joins the user
 *           catalogue under the id "as" (pen_box_user_card_id makes one from a typed name).
 *   values  the numbers printed on the card ({"difficulty": 1, "vp": 2, "symbols": […], …}):
 *           each one the catalogue does not know yet becomes the user's answer, so it is asked
 *           once; a number the catalogue knows already is left as it is.
 * Every place the placeholder lies (rows, decks, markets, play areas, the trial in progress)
 * then holds the named card. A named card face down in a deck of the same game trades places
 * with the placeholder (unseen cards are interchangeable); one face up or in a play area is
 * refused. Identifying a Guild card before the first turn applies the set-up rule: a
 * Difficulty 2 Contract goes to the bottom of the deck and the top card takes its cell. The
 * catalogue's answers are knowledge, not game state: undo does not take them back. The Light or
 * Darkness a fulfilled Contract brings once named is written into the action ("fate"), so the
 * log replays the same whatever the catalogue says later. With "renumber": true (the app's
 * actions), the unnamed card a trade puts back in the deck takes a number past the box's
 * count ("contract#44" for the named "contract#8"), so the named number never turns up again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pen-card.h"
#include "pen-catalog.h"
#include "pen-game.h"
#include "pen-table.h"

#include "pen-tasks.h"

G_BEGIN_DECLS

/* The card-identify action (called by PenAction) */
gboolean    pen_box_identify              (PenTable    *table,
                                           JsonObject  *params,
                                           GString     *label,
                                           GError     **error);

/* An id for a card the user types in: its name as "lower-case-words" when it has any ASCII
 * letters or digits, else "card-" and a short hash of the name; never an id the catalogue
 * holds for another card. Transfer full. */
char       *pen_box_user_card_id          (PenCatalog  *catalog,
                                           const char  *name);

/* The catalogue card of card's type (not a placeholder) whose English or Russian name is
 * name, whatever its case, or NULL: a name typed for a placeholder that the catalogue knows
 * already (play finding Z7). Transfer full. */
char       *pen_box_known_card_named      (PenCatalog  *catalog,
                                           const char  *card,
                                           const char  *name);

/* The card-identify action for what the table read off card: for a placeholder, either as
 * (a catalogue card) or typed_name (a card the catalogue lacks: it joins the user catalogue
 * under pen_box_user_card_id, its name under the language it is written in; a name the
 * catalogue knows for a card of that type is taken as that card); for a named card
 * both NULL. values (may be NULL): the numbers printed on it. Transfer full. */
PenAction  *pen_box_identify_action       (const char  *card,
                                           const char  *as,
                                           const char  *typed_name,
                                           JsonObject  *values);

/* The cards a reward gives (Contracts and Trials › Rewards) */
typedef enum
{
  PEN_REWARD_DISCIPLINE,
  PEN_REWARD_POTION,
  PEN_REWARD_ARTIFACT,
  PEN_N_REWARD_CARDS
} PenRewardCard;

const char *pen_reward_card_to_string     (PenRewardCard card);
int         pen_reward_card_from_string   (const char    *str);
gboolean    pen_reward_card_in_market     (PenRewardCard  kind,
                                           const char    *zone);

/* A Contract's reward as printed (its Light or Darkness are the card's own numbers) */
typedef struct
{
  gboolean said;                         /* whether this is an answer (nothing is one too) */
  guint    dice[PEN_N_COLORS];
  guint    ingredients[PEN_N_INGREDIENTS];
  guint    cards[PEN_N_REWARD_CARDS];
  guint    retaliation;
} PenCardReward;

/* The reward printed on card as the catalogue knows it; FALSE (and *reward cleared) while it
 * is unknown */
gboolean    pen_card_reward_lookup        (const char    *card,
                                           PenCardReward *reward);

/* The reward printed on path of the Trial card, as the catalogue knows it; FALSE (and
 * *reward cleared) while it is unknown */
gboolean    pen_card_path_reward_lookup   (const char    *card,
                                           PenPath        path,
                                           PenCardReward *reward);

/* The reward in words, in the interface language ("2 Arcana, 1 Red die, 1 × Potion";
 * "nothing" for none). Transfer full. */
char       *pen_card_reward_describe      (const PenCardReward *reward);

/* The numbers a table reads off a card, typed: each -1 while not said */
typedef struct
{
  int            difficulty;
  int            threat;
  int            vp;
  int            light;
  int            dark;
  int            arcana_cost;    /* the Arcana in a Discipline card's cost */
  gboolean       symbols_said;   /* whether symbols is an answer (none printed is one too) */
  guint          symbols;        /* mask of 1 << PenSymbol */
  const PenTask *task;           /* the task printed (borrowed), NULL while not said */
  PenCardReward  reward;         /* a Contract's reward */
} PenCardNumbers;

#define PEN_CARD_NUMBERS_INIT { -1, -1, -1, -1, -1, -1, FALSE, 0 }

/* The field names of PenCardNumbers' numbers, as the catalogue spells them, NULL-terminated */
const char * const *pen_card_numbers_fields (void);
/* The number of field (one of pen_card_numbers_fields) in numbers, for reading or setting */
int        *pen_card_numbers_at           (PenCardNumbers *numbers,
                                           const char     *field);

/* The card-identify action for what the table read off card, as pen_box_identify_action,
 * with the numbers typed (those said only); it renumbers the unnamed card a trade puts back in
 * a deck, so no number the table named is shown again. Transfer full. */
PenAction  *pen_box_name_action           (const char           *card,
                                           const char           *as,
                                           const char           *typed_name,
                                           const PenCardNumbers *numbers);

/* The card-identify action for one path of a Trial: the task the table read (and its reward,
 * when reward->said), kept beside the other path's in the catalogue. Transfer full. */
PenAction  *pen_box_name_path_action      (const char           *card,
                                           PenPath               path,
                                           const PenTask        *task,
                                           const PenCardReward  *reward);

/* The same, correcting what the catalogue remembers of that path ("correct": true): the task
 * and reward given replace the ones read wrong before. Transfer full. */
PenAction  *pen_box_correct_path_action   (const char           *card,
                                           PenPath               path,
                                           const PenTask        *task,
                                           const PenCardReward  *reward);

/* The Difficulty the unnamed Trial card must have by where it came from: 1 in the starting
 * row, its stack's (2, 3 or 4) when revealed from a Fate deck built by the rules; 0 when the
 * rules leave it open (any but 1 from another Fate deck, or not a Trial). */
int         pen_box_required_difficulty   (PenGame     *game,
                                           const char  *card);

/* TRUE when the game's Fate deck was laid out in the order the rulebook prints (the first-game
 * deck): the table knows which card comes next, so there are no odds to give */
gboolean    pen_box_fate_in_printed_order (PenGame     *game);

/* For a Fate deck built by the rules (Setup › The Fate deck: three stacks joined without
 * shuffling), how many of the cards on top of the deck are left of the stack being revealed:
 * the next card is one of them. 0 when the deck has no such stacks (the first-game deck). */
guint       pen_box_fate_stack_left       (PenGame     *game);

/* TRUE when the card lies face up or in a play area (so no deck can give it now); *where (may
 * be NULL) is then set to the first place it lies. */
gboolean    pen_box_is_face_up            (PenTable    *table,
                                           const char  *id,
                                           char       **where);

/* Where a card lies, for the queries below */
typedef struct
{
  char   *card;      /* card id */
  char   *where;     /* "trial-row", "contract-row", "in-play", "brewery", "shop", a zone */
  int     wizard;    /* the wizard whose play area holds it, or -1 */
  GStrv   missing;   /* pen_box_list_unknown_numbers: the unknown fields ("vp", "symbols", …) */
  int     index;     /* pen_box_list_unidentified: its place in its row, or among its market's
                      * cards, from 0 (a Guild cell from the left); -1 elsewhere */
} PenCardSighting;

void        pen_card_sighting_free        (PenCardSighting *sighting);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenCardSighting, pen_card_sighting_free)

/* Placeholders lying face up (rows, in play, markets, play areas): the cards the table must
 * name. Transfer full: an array of PenCardSighting, in table order. */
GPtrArray  *pen_box_list_unidentified     (PenTable    *table);

/* Every card in any wizard's play area whose printed numbers the score needs are still
 * unknown (placeholders included): Trials and Contracts in the Experience zone (points,
 * symbols; a Contract's Light and Darkness, a Trial's of the path it was passed by), Tomes and
 * Artifacts there (symbols). The end-of-game sheet. Transfer full. */
GPtrArray  *pen_box_list_unknown_numbers  (PenTable    *table);

/* ---- physical play: what a draw can still give ---- */

typedef enum
{
  PEN_DRAW_FATE,        /* the Fate card revealed at the end of a Trial or Rest turn */
  PEN_DRAW_CONTRACT,    /* a Contract from the deck: a Guild refill, a Bind look */
  PEN_DRAW_POTION,      /* a Brewery market refill */
  PEN_DRAW_ARTIFACT,    /* a Shop market refill */
  PEN_DRAW_TRIAL_ROW,   /* a starting Trial (Difficulty 1) at set-up */
  PEN_DRAW_TALENT,      /* a Talent dealt at set-up */
  PEN_N_DRAWS
} PenDraw;

const char *pen_draw_to_string            (PenDraw      draw);
int         pen_draw_from_string          (const char  *str);

/* The cards the draw can still give, as ids in catalogue order (the app sorts them by name):
 * never a card in play, in a row or market, in a play area, out of the game (anything the
 * game's log has named and no deck holds again), or set aside at set-up (the Difficulty 1
 * Trials not in the row, End of Time, the Talents not kept); for the Fate deck of a deck built
 * by the rules, only what the current stack can hold (its Trials' difficulty, its one Goal and
 * Prophecy, its Events). In app-dealt play, the top card of the deck (a placeholder too: it
 * is then identified). In physical play placeholders are not offered: see pen_draw_another.
 * Transfer full (char *). */
GPtrArray  *pen_draw_candidates           (PenGame     *game,
                                           PenDraw      draw);

/* The catalogue's cards of type that an unnamed card turned face up may be: never one face up
 * elsewhere or in a play area, nor one out of the game (named by the log and in no deck
 * again: a discarded or fulfilled Contract), nor one lying in a deck where the table saw it
 * put (pen_box_card_placed). A card still in a deck at a place nobody knows is possible: named
 * so, the two trade places. Ids in catalogue order; transfer full. */
GPtrArray  *pen_box_list_possible_names   (PenGame     *game,
                                           PenCardType  type);

/* TRUE when card lies face down in a deck at a place the table knows: in app-dealt play any
 * card of the app's decks (the app dealt it there); otherwise one the log named after the
 * set-up (a Contract looked at by a Bind and put at the bottom, "bottom"; one seen and put
 * back) or one the set-up put at the bottom ("extra": "contract_bottom"). Such a card cannot
 * be the one turned up elsewhere: naming a placeholder as it is refused (pen_game_submit). */
gboolean    pen_box_card_placed           (PenGame     *game,
                                           const char  *card);

/* TRUE when card is out of the game: the log named it (dealt, turned up, discarded) and no
 * deck, row, market or play area holds it now (a Contract discarded from the Guild). In
 * app-dealt play naming a placeholder as it is refused (pen_game_submit). */
gboolean    pen_box_card_out_of_game      (PenGame     *game,
                                           const char  *card);

/* Why the placeholder card cannot be named as, in physical play: "out-of-game" (the log
 * named it and no deck, row, market or play area holds it now: a Contract discarded from the
 * Guild), "placed" (it lies in a deck where the table saw it put: pen_box_card_placed) or
 * "set-aside" (a Difficulty 1 Trial for a Trial that did not lie in the starting row: the
 * others went back to the box at set-up); NULL when it may be, and in app-dealt play (the
 * game refuses those itself). pen_game_submit writes the answer into the card-identify action
 * ("as_gone"), which the core then refuses by rule card-still-possible. Static string. */
const char *pen_box_name_impossible      (PenGame     *game,
                                           const char  *card,
                                           const char  *as);

/* The names the placeholder card (face up, to be named) may still have: those of
 * pen_box_list_possible_names for its type (never one face up, in a play area or out of the
 * game: a discarded Contract), less every card the log has named after the set-up (one seen
 * and put back in a deck, e.g. at the bottom at set-up, lies where it was put). A Trial that came from the Fate deck is never one of
 * the Difficulty 1 Trials (set aside at set-up: Setup › Starting row), and a deck built by the
 * rules gives only its stack's difficulty; one in the starting row is of Difficulty 1. Ids in
 * catalogue order; transfer full. */
GPtrArray  *pen_box_list_names_for        (PenGame     *game,
                                           const char  *card);

/* Where the table finds the unnamed card card (a placeholder), in the interface language:
 * "Emerald Class, left card", "Guild, cell 2", "Row of Trials, place 3" — the name a table
 * can pick the card up by (play finding B1: "Discipline card 3 of 96" counted the box's
 * cards, meaningless at a table). NULL for a named card, or one lying elsewhere (a play area:
 * its placeholder name, pen_turn_card_name ()). Only what is shown: the log keeps the id.
 * Transfer full. */
char       *pen_box_placeholder_where     (PenTable    *table,
                                           const char  *card);
/* The same for the card at place (from 0, from the left) of the n cards of kind's Class market:
 * "Emerald Class, left card" */
char       *pen_box_class_card_where      (PenMarkKind  kind,
                                           guint        place,
                                           guint        n);

/* "Another card: name it" for each type of card the draw can still give, one placeholder each
 * (pen_draw_another): for the Fate deck a Trial, an Event, a Prophecy, a Goal, only those the
 * deck (its current stack, when built by the rules) can still hold; for the other draws their
 * one type. Transfer full (char *). */
GPtrArray  *pen_draw_another_each         (PenGame     *game,
                                           PenDraw      draw);

/* TRUE for a Spell, a Pet and a Discipline card of a kind not known yet: what a
 * Class market's unnamed card ("discipline#N") may be named as */
gboolean    pen_box_is_discipline_kind    (PenCardType  type);
/* An Artifact or a Tome (Artifacts › Tomes: "Artifacts without an Equipment symbol"): bought
 * at the Shop, never gained in a Class */
gboolean    pen_box_is_artifact_kind      (PenCardType  type);

/* "Another card: name it": a placeholder of type that the game has not used yet (numbered
 * after the catalogue's named cards of that type), to reveal and then identify; NULL when the
 * box holds no unused unnamed card of that type. Transfer full. */
char       *pen_draw_another              (PenGame     *game,
                                           PenCardType  type);
/* The first n such placeholders (fewer when the box has no more): for a step that may turn up
 * several cards nobody has named yet. Transfer full (char *). */
GPtrArray  *pen_draw_others               (PenGame     *game,
                                           PenCardType  type,
                                           guint        n);

/* ---- a reward's cards (Contracts and Trials › Rewards › Cards) ---- */

/* One answer to "which card does the reward give": a market's card, or the top of the deck */
typedef struct
{
  char     *card;      /* NULL: the top of the deck, dealt by the app (or "another") */
  gboolean  market;    /* taken from a market, which is refilled as a purchase refills it */
  gboolean  another;   /* physical: a card not named yet (a placeholder when added) */
  char     *label;     /* in the interface language */
} PenRewardChoice;

void        pen_reward_choice_free        (PenRewardChoice *choice);

/* What a reward card of kind may be, for wizard's pass: "Gain any Artifact from the Shop
 * market or from the top of the Artifact deck" (a Potion the Brewery's, a Discipline card a
 * Class market's or the top of any Discipline deck). The market's named cards first; then,
 * app-dealt, the top of the deck (one item, the app deals it), or, in physical play, every
 * card the top of the deck can still be (pen_draw_candidates, by name) and "another card:
 * name it later"; a Discipline card's deck top is always one nobody has seen. Cards wizard
 * holds already are left out. Transfer full (PenRewardChoice *). */
GPtrArray  *pen_reward_card_choices       (PenGame        *game,
                                           guint           wizard,
                                           PenRewardCard   kind);

/* Adds the card chosen to take (a trial-take): "reward_cards" gets {"kind", "from", "card"},
 * "another" becoming a placeholder no other card of the action uses; reveal (or NULL: the app
 * deals it, or the table names it later) is the card turned up in a market card's place */
void        pen_reward_card_add           (PenGame               *game,
                                           PenAction             *take,
                                           PenRewardCard          kind,
                                           const PenRewardChoice *choice,
                                           const char            *reveal);

G_END_DECLS
