/* pen-score-rank-card.h: a player's place, name and total in the ranking header
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pen-score-standing.h"

G_BEGIN_DECLS

#define PEN_TYPE_SCORE_RANK_CARD (pen_score_rank_card_get_type ())
G_DECLARE_FINAL_TYPE (PenScoreRankCard, pen_score_rank_card, PEN, SCORE_RANK_CARD, GtkBox)

GtkWidget *pen_score_rank_card_new (PenScoreStanding *standing);

G_END_DECLS
