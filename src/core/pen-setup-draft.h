/* pen-setup-draft.h: the set-up assistant's answers, before the game exists
 *
 * The table's answers to the set-up questions (players, seed, who deals, the Fate deck, the
 * Talents kept, starting disciplines, turn-order numbers, the cards the table revealed, the
 * faces it rolled), kept without a display and turned into one new-game action and, in
 * physical mode, the die-set actions that bring the app's dice to the table's faces.
 *
 * Properties notify only on a real change; "setup" is replaced (and notified) when the seed,
 * the player count or the Fate deck option changes. "answers-changed" is emitted when a
 * per-player or per-card answer changes (Talents, disciplines, numbers, picks, dice).
 * The starting Ingredients and Discipline card typed at the last step change only the action
 * (no signal: the rows that show them are the ones that set them, and the dice typed stay).
 * A refused answer leaves the draft as it was and says why (PEN_ERROR_INVALID, naming the
 * answer: "player 2: …", "seed: …").
 *
 * Choices where the rulebook is silent (docs/setup-assistant.md):
 * - players are dealt the seed's Talent pairs in the order their names were given;
 * - turn order: by the kept Talents' turn-order numbers (the catalogue's, or the ones typed);
 *   while any is missing, the order the names were given;
 * - Classes: the players' starting disciplines, then the seed's random Classes, then the others
 *   in an order drawn from the seed, until there are four.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "pen-action.h"
#include "pen-game.h"
#include "pen-setup.h"

G_BEGIN_DECLS

#define PEN_SETUP_DRAFT_MAX_PLAYERS 4
#define PEN_SETUP_DRAFT_MAX_WIZARDS 5
#define PEN_SETUP_DRAFT_MAX_DICE    8
#define PEN_SETUP_DRAFT_MAX_NAME    40
/* Setup › 6: "reveal two cards from each [Discipline deck] … these are the Class markets" */
#define PEN_SETUP_CLASS_MARKET      2

#define PEN_TYPE_SETUP_DRAFT (pen_setup_draft_get_type ())
G_DECLARE_FINAL_TYPE (PenSetupDraft, pen_setup_draft, PEN, SETUP_DRAFT, GObject)

/* Two players, "Player 1" and "Player 2" (untranslated: the app gives the names), seed 0,
 * app-dealt, the first-game deck */
PenSetupDraft  *pen_setup_draft_new                (void);

/* 1–4 names, each non-empty (after trimming) and at most 40 characters; in the order typed.
 * Changing the count rebuilds the setup (the kept dealt Talents go back to the first). */
gboolean        pen_setup_draft_set_players        (PenSetupDraft       *self,
                                                    const char * const  *names,
                                                    GError             **error);
guint           pen_setup_draft_get_n_players      (PenSetupDraft       *self);
const char     *pen_setup_draft_get_name           (PenSetupDraft       *self,
                                                    guint                player);

guint64         pen_setup_draft_get_seed           (PenSetupDraft       *self);
/* The seed is a signed JSON integer in the action: the top bit is dropped */
void            pen_setup_draft_set_seed           (PenSetupDraft       *self,
                                                    guint64              seed);
/* A typed seed: digits only (spaces around are ignored), 0 … 2^63 − 1 */
gboolean        pen_setup_draft_set_seed_text      (PenSetupDraft       *self,
                                                    const char          *text,
                                                    GError             **error);
gboolean        pen_setup_draft_get_physical       (PenSetupDraft       *self);
void            pen_setup_draft_set_physical       (PenSetupDraft       *self,
                                                    gboolean             physical);
gboolean        pen_setup_draft_get_ready_made     (PenSetupDraft       *self);
void            pen_setup_draft_set_ready_made     (PenSetupDraft       *self,
                                                    gboolean             ready_made);
/* The solo-mode level (0–3; 0: the action leaves it out) */
guint           pen_setup_draft_get_solo_level     (PenSetupDraft       *self);
gboolean        pen_setup_draft_set_solo_level     (PenSetupDraft       *self,
                                                    guint                level,
                                                    GError             **error);
gboolean        pen_setup_draft_get_hide_odds      (PenSetupDraft       *self);
void            pen_setup_draft_set_hide_odds      (PenSetupDraft       *self,
                                                    gboolean             hide_odds);
/* The printed Mark-cell values the group typed in (PEN_MARK_CELLS of them, 0: unknown, else
 * 1–6), so the game replays the same on any machine; NULL: the action leaves them out */
gboolean        pen_setup_draft_set_cell_values    (PenSetupDraft       *self,
                                                    const guint         *values,
                                                    guint                n_values,
                                                    GError             **error);

/* The layout the seed deals (owned by the draft; replaced when the seed, count or deck
 * option changes) */
const PenSetup *pen_setup_draft_get_setup          (PenSetupDraft       *self);
/* TRUE when the table reveals the row of Trials (physical, deck built by the rules) */
gboolean        pen_setup_draft_get_table_trial_row (PenSetupDraft      *self);

/* Talents of player (0-based, in the order given). App-dealt: which of the two dealt ones is
 * kept (0 or 1). Physical: the catalogue id of the Talent kept, NULL for one the catalogue
 * does not name. */
gboolean        pen_setup_draft_keep_talent        (PenSetupDraft       *self,
                                                    guint                player,
                                                    guint                which,
                                                    GError             **error);
guint           pen_setup_draft_get_kept           (PenSetupDraft       *self,
                                                    guint                player);
gboolean        pen_setup_draft_set_talent         (PenSetupDraft       *self,
                                                    guint                player,
                                                    const char          *talent_id,
                                                    GError             **error);
/* Physical: whether the player has said which Talent they kept (set_talent, NULL included);
 * app-dealt: TRUE */
gboolean        pen_setup_draft_get_talent_said    (PenSetupDraft       *self,
                                                    guint                player);
/* The catalogue's Talents player may keep, in catalogue order: physical, those another player
 * has not kept (the ids are the catalogue's; free the array only) */
GPtrArray      *pen_setup_draft_list_talents       (PenSetupDraft       *self,
                                                    guint                player);
/* The id of the Talent player keeps: a catalogue id, a placeholder or NULL */
const char     *pen_setup_draft_get_talent         (PenSetupDraft       *self,
                                                    guint                player);
/* Whether the kept Talent is one the catalogue cannot name ("Talent 4 of 12"): app-dealt, one
 * dealt so; physical, "Another Talent" */
gboolean        pen_setup_draft_get_talent_unnamed (PenSetupDraft       *self,
                                                    guint                player);
/* The names that Talent may have: the catalogue's named Talents not face up at this set-up
 * (dealt, or another player's named so); free the array only */
GPtrArray      *pen_setup_draft_list_talent_names  (PenSetupDraft       *self,
                                                    guint                player);
/* The table names it off the card: as (one of list_talent_names) or typed_name (a name as
 * printed); both NULL: "Later", unnamed. Starting the game names it (card-identify), with the
 * starting Ingredients, discipline and turn-order number typed for it: asked once, remembered
 * in the user catalogue. A naming stands while that Talent is kept. */
gboolean        pen_setup_draft_name_talent        (PenSetupDraft       *self,
                                                    guint                player,
                                                    const char          *as,
                                                    const char          *typed_name,
                                                    GError             **error);
const char     *pen_setup_draft_get_talent_as      (PenSetupDraft       *self,
                                                    guint                player);
const char     *pen_setup_draft_get_talent_typed   (PenSetupDraft       *self,
                                                    guint                player);
/* The turn-order number printed on the kept Talent, as the player reads it (0: not given;
 * at most 99); used when the catalogue does not know it */
gboolean        pen_setup_draft_set_turn_number    (PenSetupDraft       *self,
                                                    guint                player,
                                                    guint                number,
                                                    GError             **error);
guint           pen_setup_draft_get_turn_number    (PenSetupDraft       *self,
                                                    guint                player);
/* Whether the catalogue knows the kept Talent's turn-order number */
gboolean        pen_setup_draft_get_number_known   (PenSetupDraft       *self,
                                                    guint                player);
/* The starting discipline (a PenMarkKind below PEN_MARK_SPARK, or -1 for none yet); refused
 * when the kept Talent fixes it to another one */
gboolean        pen_setup_draft_set_start_mark     (PenSetupDraft       *self,
                                                    guint                player,
                                                    int                  mark,
                                                    GError             **error);
/* The discipline in effect: the Talent's, else the one chosen, else -1 */
int             pen_setup_draft_get_start_mark     (PenSetupDraft       *self,
                                                    guint                player);
/* The discipline the kept Talent fixes, or -1 */
int             pen_setup_draft_get_fixed_mark     (PenSetupDraft       *self,
                                                    guint                player);
/* Every player has a starting discipline (the "complete" property) */
gboolean        pen_setup_draft_get_complete       (PenSetupDraft       *self);

/* order[k] (PEN_SETUP_DRAFT_MAX_PLAYERS of them): the player (as given) who takes the k-th
 * turn. Returns whether the Talents' numbers set it (otherwise the order given). */
gboolean        pen_setup_draft_get_order          (PenSetupDraft       *self,
                                                    guint               *order);
/* chosen[k] (PEN_MARK_SPARK of each): Class k is in the game; from_player[k]: it is someone's
 * starting discipline */
void            pen_setup_draft_get_classes        (PenSetupDraft       *self,
                                                    gboolean            *chosen,
                                                    gboolean            *from_player);
/* Physical play: the Classes the table draws at random (four less the players' starting
 * disciplines) and which it drew, by draw (-1: not said yet; naming one in another draw
 * moves it). get_classes uses them before its own random pick; get_named_classes (app-dealt:
 * get_classes) only the starting disciplines and the drawn ones the table named. */
guint           pen_setup_draft_get_n_class_draws  (PenSetupDraft       *self);
int             pen_setup_draft_get_class_draw     (PenSetupDraft       *self,
                                                    guint                slot);
void            pen_setup_draft_set_class_draw     (PenSetupDraft       *self,
                                                    guint                slot,
                                                    int                  kind);
/* Every Class drawn at random is named (always TRUE in app-dealt mode) */
gboolean        pen_setup_draft_get_class_draws_named (PenSetupDraft    *self);
void            pen_setup_draft_get_named_classes  (PenSetupDraft       *self,
                                                    gboolean            *chosen,
                                                    gboolean            *from_player);

/* Physical mode: the cards the table revealed; NULL: not recorded. A trial pick (deck built by
 * the rules) must be a Difficulty 1 Trial of the catalogue, a contract pick a Contract not
 * known to be of Difficulty 2, or either a free placeholder (pen_setup_draft_another). A card is in one place: picking it in one slot clears the other
 * slot that held it. */
gboolean        pen_setup_draft_set_trial_pick     (PenSetupDraft       *self,
                                                    guint                index,
                                                    const char          *trial_id,
                                                    GError             **error);
const char     *pen_setup_draft_get_trial_pick     (PenSetupDraft       *self,
                                                    guint                index);
gboolean        pen_setup_draft_set_contract_pick  (PenSetupDraft       *self,
                                                    guint                cell,
                                                    const char          *contract_id,
                                                    GError             **error);
const char     *pen_setup_draft_get_contract_pick  (PenSetupDraft       *self,
                                                    guint                cell);
/* "Another card: name it" for the trial row (PEN_CARD_TRIAL) or a Guild cell (PEN_CARD_CONTRACT)
 * at slot where: a placeholder ("contract#12") the draft holds nowhere else, to pick there and
 * name once the game is on (card-identify, docs/card-naming.md); NULL when the box holds no
 * other unnamed card of that type, or the app deals. Transfer full. */
char           *pen_setup_draft_another            (PenSetupDraft       *self,
                                                    PenCardType          type,
                                                    guint                where);
/* Physical mode: the table names a card it picked as "another card" right at set-up, in the
 * Table page's naming dialog (shown over the preview game): identify is that dialog's
 * card-identify for card (a placeholder picked in a slot now), kept until the slot takes
 * another card and submitted once the game starts, while the card still lies face up; NULL
 * forgets it (the card stays unnamed: "Later"). */
gboolean        pen_setup_draft_set_naming         (PenSetupDraft       *self,
                                                    const char          *card,
                                                    PenAction           *identify,
                                                    GError             **error);
PenAction      *pen_setup_draft_get_naming         (PenSetupDraft       *self,
                                                    const char          *card);
/* The name it was given (as typed, or the catalogue card's in the card language); NULL when
 * not named at set-up. Transfer full. */
char           *pen_setup_draft_get_naming_title   (PenSetupDraft       *self,
                                                    const char          *card);
/* The game the draft would start (get_preview's), e.g. for the naming dialog; owned by the
 * draft and made again when an answer changes; NULL with error when it cannot be built */
PenGame        *pen_setup_draft_get_preview_game   (PenSetupDraft       *self,
                                                    GError             **error);
/* Physical mode: the Discipline cards the table laid out by a Class (discipline, a PenMarkKind
 * below PEN_MARK_SPARK; slot 0 or 1 of its market). NULL: not named, the game holds an unnamed
 * Discipline card there ("discipline#N", named when it is taken: docs/locations.md). A card
 * must be a Spell, Pet or Tome of the catalogue not known to be of another Discipline
 * (pen_setup_draft_class_card_fits); a card is in one place: picking it clears the slot that
 * held it. Only the Classes in the game are laid out. */
gboolean        pen_setup_draft_set_class_card     (PenSetupDraft       *self,
                                                    int                  discipline,
                                                    guint                slot,
                                                    const char          *card_id,
                                                    GError             **error);
const char     *pen_setup_draft_get_class_card     (PenSetupDraft       *self,
                                                    int                  discipline,
                                                    guint                slot);
gboolean        pen_setup_draft_class_card_fits    (int                  discipline,
                                                    const char          *card_id);
/* Physical mode: the face the table rolled for a die (wizard in turn order, die index in the
 * supply); 0: not entered. Cleared whenever the game the draft makes changes. A physical game
 * starts only once every die has its face (the "faces-entered" property), and with
 * "table_rolls": the app never rolls for the table (docs/turn-rules.md). */
gboolean        pen_setup_draft_set_die            (PenSetupDraft       *self,
                                                    guint                wizard,
                                                    guint                index,
                                                    guint                value,
                                                    GError             **error);
guint           pen_setup_draft_get_die            (PenSetupDraft       *self,
                                                    guint                wizard,
                                                    guint                index);
/* Every die the table rolled has its face (TRUE when the app rolls) */
gboolean        pen_setup_draft_get_faces_entered  (PenSetupDraft       *self);

/* The starting Ingredients of player's Talent (Setup › Talents; the book prints no Talent's).
 * Known: the catalogue has them (the table typed them in an earlier game), and they are
 * not asked again. Otherwise the table types them (0 to PEN_INGREDIENT_CAP each); a Talent of
 * the catalogue then remembers them when the game starts (a card-identify after new-game). */
gboolean        pen_setup_draft_get_ingredients_known (PenSetupDraft    *self,
                                                    guint                player);
guint           pen_setup_draft_get_ingredient     (PenSetupDraft       *self,
                                                    guint                player,
                                                    PenIngredient        ingredient);
gboolean        pen_setup_draft_set_ingredient     (PenSetupDraft       *self,
                                                    guint                player,
                                                    PenIngredient        ingredient,
                                                    guint                count,
                                                    GError             **error);
/* The starting Discipline card of player: app-dealt, the one the kept Talent names if the
 * catalogue knows it; physical, the one the table said (set_start_card; NULL: a card the
 * catalogue does not name), else the Talent's. NULL: the game gives an unnamed Discipline card
 * ("discipline#N"), which the end sheet asks the table to name. */
const char     *pen_setup_draft_get_start_card     (PenSetupDraft       *self,
                                                    guint                player);
gboolean        pen_setup_draft_set_start_card     (PenSetupDraft       *self,
                                                    guint                player,
                                                    const char          *card_id,
                                                    GError             **error);
/* The catalogue's named Spells, Pets and Discipline cards player may hold at the start (not
 * another player's, nor one the table laid in a Class market); free the array only */
GPtrArray      *pen_setup_draft_list_start_cards   (PenSetupDraft       *self,
                                                    guint                player);

/* The new-game action (a new reference), or NULL with the reason */
PenAction      *pen_setup_draft_build_action       (PenSetupDraft       *self,
                                                    GError             **error);
/* The table the action lays out, with the faces the app rolls (the same seed rolls the same
 * faces); owned by the draft, rebuilt after a change. NULL with the reason. */
PenTable       *pen_setup_draft_get_preview        (PenSetupDraft       *self,
                                                    GError             **error);
/* The die-set actions to submit after the new game (physical mode): PenAction, transfer full */
GPtrArray      *pen_setup_draft_build_corrections  (PenSetupDraft       *self);
/* Submits the new game and its corrections to game (which must have no action yet) */
gboolean        pen_setup_draft_start              (PenSetupDraft       *self,
                                                    PenGame             *game,
                                                    GError             **error);

G_END_DECLS
