/* pen-score-player-group.h: one player's score, category by category, with the items behind
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-score-standing.h"

G_BEGIN_DECLS

#define PEN_TYPE_SCORE_PLAYER_GROUP (pen_score_player_group_get_type ())
G_DECLARE_FINAL_TYPE (PenScorePlayerGroup, pen_score_player_group, PEN, SCORE_PLAYER_GROUP,
                      AdwPreferencesGroup)

GtkWidget *pen_score_player_group_new (PenScoreStanding *standing);

G_END_DECLS
