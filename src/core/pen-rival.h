/* pen-rival.h: the solo mode's Rival bot
 *
 * The rulebook mentions solo play but gives no rules for it, so the Rival is the project's own
 * design (DESIGN.md, "The Rival"). A solo game is a two-wizard game; the Rival is the wizard
 * with rival = TRUE. Each of its turns is planned from the action deck in data/rival.json and
 * the table as it stands, and carried out as ordinary actions inside ONE "rival-turn" action.
 *
 * How a turn is chosen (the first rule that applies):
 *  1. After a Mortal Wound the Rival must Rest (the rules say so for every wizard).
 *  2. With no dice in its supply it Rests.
 *  3. Otherwise one card of the deck is drawn, weighted by its count, with the game's own
 *     random generator (so the same table gives the same plan, and undo + redo the same turn):
 *     - Trial: it takes a trial from the row that its strength beats: "hardest" takes the
 *       hardest such trial, "easiest" the easiest (ties: the leftmost). A trial of difficulty D
 *       is beaten when strength >= D + trial_margin and it holds at least D dice. A trial whose
 *       difficulty is not printed counts as unknown_difficulty (the hardest printed, 4); an
 *       unnamed card in the row (null id) is never chosen. It spends D dice (its lowest) and
 *       takes the card by its leaning path (Light unless it has more Darkness). When nothing in
 *       the row is beaten, it Studies instead (card "study-guild-ruby"'s locations).
 *     - Study: it places one die per placement the turn allows (one on the first turn, two
 *       after), its lowest dice first, in the card's locations, in order:
 *         guild: it takes the rightmost named contract of the row (the next to leave); an
 *                empty or unnamed row gives nothing, the die stays;
 *         a Class (ruby … amethyst): it gains a die of the Class colour (the Class's third
 *                section);
 *         ruins: it gains 2 Blood (the Rival never rolls Threat: it needs no decisions).
 *       With fewer dice than placements it places what it has.
 *     - Rest: it Rests.
 *  Strength = dice in its supply + its Marks that are not wounded + the level's
 *  strength_bonus.
 *
 * Levels (data/rival.json "levels"): strength_bonus (trials it dares), rest_extra_dice (Bone
 * dice gained on each Rest on top of the usual ones), trial_arcana (Arcana gained per trial
 * passed: 1 victory point each). As shipped: level 1 = +1 strength; level 2 = +1 strength,
 * +1 die per Rest, +1 Arcana per trial; level 3 = +2 strength, +1 die per Rest, +2 Arcana per
 * trial. Balanced with `penumbra-cli solo --games 300 --seed 1000` against the stand-in: the
 * Rival scores about 0.45, 1.0 and 1.55 times the stand-in's points at levels 1, 2 and 3 (with
 * the built-in catalogue most printed victory points are unknown, so scores are small: mostly
 * Heroism, Arcana and Fate; balance should be checked again once the cards' numbers are in).
 *
 * Like any Trial or Rest turn, the Rival's refreshes the contract row and reveals the next Fate
 * card (the ordinary turn-end), so the game's clock runs as in a two-player game. The Rival is
 * scored by the same code as the players (pen_show_score).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pen-table.h"

G_BEGIN_DECLS

typedef struct _PenRivalPlan PenRivalPlan;

/* Plans the turn of wizard (the current wizard, a Rival, between turns). reveal (the Fate card
 * the table revealed) is passed to the turn-end step; contract (the contract that refills the
 * row) to the step that empties a cell of the row: the turn-end of a Trial or Rest, the Guild
 * placement of a Study that takes a contract. Either may be NULL. The table is not changed: the draw uses a copy of its
 * random generator (see pen_rival_plan_get_random_after). NULL with PEN_ERROR_REFUSED when it
 * is not the Rival's turn. */
PenRivalPlan  *pen_rival_plan_turn            (PenTable      *table,
                                               guint          wizard,
                                               const char    *reveal,
                                               const char    *contract,
                                               GError       **error);
void           pen_rival_plan_free            (PenRivalPlan  *plan);

PenTurnKind    pen_rival_plan_get_kind        (PenRivalPlan  *plan);
/* The deck card drawn ("trial-hardest"), or NULL when a rule decided without a draw */
const char    *pen_rival_plan_get_card        (PenRivalPlan  *plan);
/* The ordinary actions that carry the turn out, in order (JSON objects with "action") */
JsonArray     *pen_rival_plan_get_steps       (PenRivalPlan  *plan);
/* Translated instructions for the table, one per step worth saying, NULL-terminated */
const char * const *pen_rival_plan_get_instructions (PenRivalPlan *plan);
/* Translated: why it chose this turn */
const char    *pen_rival_plan_get_why         (PenRivalPlan  *plan);
/* TRUE when the turn ends with a Fate reveal that the table must name (physical mode, or a
 * top card the setup could not name) and no reveal was given: applying it would be refused. */
gboolean       pen_rival_plan_get_needs_reveal (PenRivalPlan *plan);
/* TRUE when the turn empties a cell of the contract row in physical mode: the table reveals the
 * contract that refills it (the plan's contract, NULL leaves the cell empty) */
gboolean       pen_rival_plan_get_refills_guild (PenRivalPlan *plan);
/* The generator's state after the plan's draws; the rival-turn action continues from it */
const PenRandom *pen_rival_plan_get_random_after (PenRivalPlan *plan);
/* {"kind", "card", "steps", "instructions", "why", "needs_reveal"} */
JsonNode      *pen_rival_plan_to_json         (PenRivalPlan  *plan);

/* TRUE when it is a Rival's turn and no turn is under way (the app offers the Rival's turn) */
gboolean       pen_rival_is_due               (PenTable      *table);
/* The Rival's strength for trials (see above) */
guint          pen_rival_strength             (PenTable      *table,
                                               guint          wizard);

/* A die the Rival gains in its turn, as rolled */
typedef struct
{
  PenColor color;
  guint    value;
} PenRivalDie;

/* The dice each of steps (a plan's) gives wizard, played on a copy of table from random (the
 * plan's random_after): a GPtrArray with a GArray of PenRivalDie per step; NULL when a step is
 * refused (pen-action.c: the steps are ordinary actions). Transfer full. */
GPtrArray     *pen_rival_steps_gains          (PenTable        *table,
                                               guint            wizard,
                                               JsonArray       *steps,
                                               const PenRandom *random);
/* App-dealt play, where the app rolls the Rival's dice: the plan's instructions say the faces
 * the turn will give (the turn played on a copy of table: costly, for the app's preview).
 * Nothing changes when the table rolls them (table_rolls) or the plan cannot be played. */
void           pen_rival_plan_predict_faces   (PenRivalPlan    *plan,
                                               PenTable        *table);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenRivalPlan, pen_rival_plan_free)

G_END_DECLS
