/* pen-solo-sim.h: whole solo games, the Rival against a simple stand-in player
 *
 * `penumbra-cli solo` and the tests play the Rival (pen-rival.h) against a greedy stand-in,
 * through the same actions a real game uses (pen_game_submit_json), so the bot can be tested,
 * balanced and benchmarked.
 *
 * The stand-in (wizard 0) plays by fixed rules: after a Mortal Wound it rests; it takes the
 * hardest trial of the row that the Rival's own strength rule (without a level bonus) lets it
 * beat, spending that many dice; with fewer dice than the turn's placements it rests; otherwise
 * it studies: the Guild (the rightmost named contract) when the row has one, else the Ruby
 * Class (a Red die), then the Ruins (2 Blood).
 *
 * Cards the setup could not name (null ids: the rulebook does not list enough) are identified
 * the way a table would: a Fate card or a contract to reveal is the first catalogue card of a
 * fitting type that is nowhere on the table yet; an unnamed trial in the row is never chosen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-game.h"

G_BEGIN_DECLS

/* Turns after which a simulated game is given up (it never happens with the built-in data) */
#define PEN_SOLO_SIM_MAX_TURNS 400

/* Plays one solo game from new-game (one player, seed, Rival level 1-3) to its end (or the
 * turn limit). NULL with error when an action is refused: a bug of the Rival or the stand-in. */
PenGame     *pen_solo_sim_play            (guint64     seed,
                                           guint       level,
                                           GError    **error);

/* A new solo game as pen_solo_sim_play() starts it */
PenGame     *pen_solo_sim_new_game        (guint64     seed,
                                           guint       level,
                                           GError    **error);
/* Plays the current wizard's whole turn (the Rival's as one rival-turn action, the stand-in's
 * as its ordinary actions). FALSE with error when an action is refused or no turn is due. */
gboolean     pen_solo_sim_step            (PenGame    *game,
                                           GError    **error);

/* For a table whose top Fate card has no name: the card to say was revealed (or NULL when the
 * top card is named or the deck is empty) */
const char  *pen_solo_sim_pick_fate       (PenTable   *table);
/* A contract to reveal into the row: the first catalogue contract nowhere on the table, or
 * NULL */
const char  *pen_solo_sim_pick_contract   (PenTable   *table);

G_END_DECLS
