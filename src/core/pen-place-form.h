/* pen-place-form.h: the answers of a placement in progress, turned into a place action
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-action.h"
#include "pen-table.h"

G_BEGIN_DECLS

/* The mark of a section offered through Appear (Primagic), outside its cells */
#define PEN_PLACE_FORM_APPEAR "+appear"
/* Knock Out (Primagic): a Red die placed in place of a lower die in a cell ("knock_out") */
#define PEN_PLACE_FORM_KNOCK_OUT "+knock-out"
/* Knock Out: a Red die of the supply discarded to discard the die in a cell, and the die
 * placed there ("knock_out_discard", asked: "knock-out-discard") */
#define PEN_PLACE_FORM_KNOCK_OUT_DISCARD "+knock-out-discard"

#define PEN_TYPE_PLACE_FORM (pen_place_form_get_type ())
G_DECLARE_FINAL_TYPE (PenPlaceForm, pen_place_form, PEN, PLACE_FORM, GObject)

/* The placement of wizard's supply die index on table; NULL with PEN_ERROR_INVALID when
 * there is no such wizard or die. The form reads the table now (the places open, the cards
 * offered) and keeps no reference to it. */
PenPlaceForm        *pen_place_form_new               (PenTable     *table,
                                                       guint         wizard,
                                                       guint         index,
                                                       GError      **error);
/* Physical play: the Contracts the table may turn up in the Guild's emptied cell (card ids,
 * a placeholder last for one not named yet), so that fulfilling one asks which ("reveal").
 * Call before choosing a section. */
void                 pen_place_form_set_contract_draws (PenPlaceForm      *self,
                                                        const char * const *ids);
/* A table that says its market's cards (pen_table_get_table_markets): the cards it may name
 * as bought from, or turned up in, market ("brewery" or "shop"): ids still possible, and the
 * placeholders for "another card: name it later", one for each such card the step may give.
 * Call before choosing a section. */
void                 pen_place_form_set_market_draws  (PenPlaceForm       *self,
                                                       const char         *market,
                                                       const char * const *ids,
                                                       const char * const *spares);
gboolean             pen_place_form_get_table_markets (PenPlaceForm *self);
PenColor             pen_place_form_get_color         (PenPlaceForm *self);
guint                pen_place_form_get_value         (PenPlaceForm *self);

/* Every "LOCATION/SECTION" the die may take now (pen_locations_list_open), then, while the
 * wizard has an Arcana, each section whose cells are all taken with PEN_PLACE_FORM_APPEAR
 * after it ("bazaar/exchange+appear": Appear places the die outside the cells for 1 Arcana,
 * the action's "outside") */
const char * const  *pen_place_form_get_sections      (PenPlaceForm *self);
/* The section chosen (an index into the sections), or -1 ("chosen" property) */
int                  pen_place_form_get_chosen        (PenPlaceForm *self);
/* Chooses a section, -1 none; the questions become that section's, all unanswered */
void                 pen_place_form_choose            (PenPlaceForm *self,
                                                       int           section);

/* The Brewery buys any number of Potions: once its last purchase ("buy-N") is answered, one
 * more is asked (at a real table; app-dealt, the Potion that purchase turned up), and the
 * purchases after one answered "none" go again. The form then emits "questions-changed"
 * (position, removed, added), like GListModel::items-changed, for the questions' list.
 *
 * What the chosen section's effect asks the table: a key ("value", "threat", "slot", "card",
 * "reveal" (physical play: the Contract turned up in the Guild, needed once one is fulfilled),
 * "resource-0", "give-fruit" … "get-trinket" (the Bazaar), "buy-0" … (each Brewery Potion:
 * No, Yes), "buy" (the Shop's Artifact, or none), "pay-N-jewel", "pay-N-trinket" (what was
 * paid for a card whose cost the catalogue does not know: required once it is bought), …),
 * a question to show, the answers (the first one "not said": the app rolls, no Contract, the
 * top card of the deck; in physical play "—" for the card taken, which the table must say)
 * and whether an answer other than the first is needed (a face the table rolled in physical
 * play, each Resource die, the card taken in physical play, what was paid). */
guint                pen_place_form_get_n_questions   (PenPlaceForm *self);
const char          *pen_place_form_get_key           (PenPlaceForm *self,
                                                       guint         question);
const char          *pen_place_form_get_question      (PenPlaceForm *self,
                                                       guint         question);
const char * const  *pen_place_form_get_answers       (PenPlaceForm *self,
                                                       guint         question);
gboolean             pen_place_form_get_required      (PenPlaceForm *self,
                                                       guint         question);
/* FALSE for a question the other answers make pointless, kept in its place (the Bazaar's
 * "Get Fruits" while Fruits are given): shown insensitive, never removed (play finding Q5) */
gboolean             pen_place_form_get_sensitive     (PenPlaceForm *self,
                                                       guint         question);
/* FALSE for a question that belongs to another choice than the one made: the Threat dice of a
 * Contract's WITHSTAND THREAT task, and DEFEND before them, are shown only for the Contract
 * chosen, as many dice as it rolls (play finding B7, session 13) */
gboolean             pen_place_form_get_shown         (PenPlaceForm *self,
                                                       guint         question);
guint                pen_place_form_get_answer        (PenPlaceForm *self,
                                                       guint         question);
void                 pen_place_form_set_answer        (PenPlaceForm *self,
                                                       guint         question,
                                                       guint         answer);

/* The market the chosen section lays out cards from ("brewery", "shop", a Discipline's
 * "ruby" …), which Bribe (Primagic: 1 Jewel) may refresh first; NULL for none */
const char          *pen_place_form_get_bribe_market  (PenPlaceForm *self);
/* Reads the markets again after a Bribe refreshed one: the chosen section's questions are
 * asked again, unanswered ("questions-changed" says so) */
void                 pen_place_form_reread_markets    (PenPlaceForm *self,
                                                       PenTable     *table);

/* Why the answers cannot be placed as they stand (a Bazaar exchange that does not balance), in
 * the interface language; NULL when they can. Transfer full. */
char                *pen_place_form_get_problem       (PenPlaceForm *self);
/* What the answers will do that the table should see first (the Guild: the chosen Contract's
 * task, what it takes from the wizard, and its reward; the Ruins: the wizard's Marks without a
 * value, which its Threat die cannot hit), in the interface language; NULL for
 * nothing. Transfer full. */
char                *pen_place_form_get_note          (PenPlaceForm *self);
/* What fulfilling Contract card would take from wizard now and give ("Task: …\nReward: …"),
 * without the supply die placed (the die going to the Guild; -1: none), in the interface
 * language. Transfer full. */
char                *pen_place_form_describe_contract (PenTable   *table,
                                                       guint       wizard,
                                                       const char *card,
                                                       int         placed);
/* The Guild: the chosen Contract when its task is not known yet (a card not named, or named
 * without its task), for the table to name it on the spot; else NULL */
const char          *pen_place_form_get_contract_to_name (PenPlaceForm *self);
/* Reads the Contract row again after a card of it was named (the slots stay, so do the
 * answers chosen; the names in the "slot" answers, and the notes, follow the table) */
void                 pen_place_form_reread_contracts  (PenPlaceForm *self,
                                                       PenTable     *table);
/* A section is chosen, every required question answered and no problem ("complete") */
gboolean             pen_place_form_get_complete      (PenPlaceForm *self);
/* The chosen place rolls a Resource die and its faces are not typed in yet, so the table says
 * only which Ingredient each gave unless it types them ("Type the Resource Die's Faces…"):
 * typed in, the app rolls them (app-dealt play) or the table picks the face it rolled */
gboolean             pen_place_form_get_resource_faces_wanted (PenPlaceForm *self);
/* The Resource die's faces typed in (or forgotten): its questions asked again, in place
 * ("questions-changed"), the other answers kept */
void                 pen_place_form_reread_resource_faces (PenPlaceForm *self);
/* The place action of the answers; NULL when the form is not complete */
PenAction           *pen_place_form_build_action      (PenPlaceForm *self);
/* Whether that action has the game roll the Ruins' Threat die: a section of the Ruins chosen,
 * the die placed not a Yellow one, no face given for the Threat die */
gboolean             pen_place_form_rolls_ruins_threat (PenPlaceForm *self);
/* Whether it has the game roll the Threat dice of a Contract's WITHSTAND THREAT task: such a
 * Contract chosen at the Guild, its faces not all given */
gboolean             pen_place_form_rolls_withstand    (PenPlaceForm *self);

G_END_DECLS
