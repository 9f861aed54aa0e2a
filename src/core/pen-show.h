/* pen-show.h: what the table may know, as JSON, and the running score of a table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pen-game.h"
#include "pen-score.h"
#include "pen-table.h"

G_BEGIN_DECLS

/* `penumbra-cli show`: every wizard, the rows, the Fate deck as far as the table may know it
 * (its size; in physical mode the cards still possible), the turn, and the scores so far.
 * The random generator's state is not shown: it would tell the future. */
JsonNode       *pen_show_table        (PenTable *table);
/* The same for a game: in physical mode the Fate deck's "possible" cards are exactly those the
 * next reveal can give (pen_draw_candidates), which takes the game's log. */
JsonNode       *pen_show_game         (PenGame  *game);

/* The score input for the table as it stands: cards' printed numbers from the catalogue,
 * unknown ones counted as 0 and listed in "unknown". */
PenScoreInput  *pen_show_score_input  (PenTable  *table,
                                       GPtrArray *unknown);
PenScoreSheet  *pen_show_score        (PenTable *table);

G_END_DECLS
