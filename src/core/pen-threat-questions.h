/* pen-threat-questions.h: the choices the rules leave to the player in step 3 of a Threat roll
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_THREAT_N_FACES 7  /* arrays indexed by face 1..6 */

/* Which `chosen->len` of the candidates (supply indices of the prepared board, or Mark
 * indices) the dice showing `face` take. */
typedef struct
{
  gboolean     mark;        /* Marks to wound, else supply dice to lose */
  guint        face;
  GArray      *candidates;  /* guint */
  GArray      *chosen;      /* guint, in the order chosen (the oldest first) */
} PenThreatQuestion;

void       pen_threat_question_free (PenThreatQuestion *question);

/* The questions (PenThreatQuestion, in face order) of the roll faces[0..n_faces-1] on board
 * (the board as step 1 leaves it): only where the rules leave a real choice, fewer hits than
 * candidates and candidates that differ (colour, temporary; kind, charged or not). pick_die and
 * pick_mark (PEN_THREAT_N_FACES entries: guint arrays or NULL) hold the player's choices so far:
 * kept where they still fit, set to the defaults for a new question, cleared where there is
 * none. Appends to picks (gint) one entry per die: the piece it takes, or -1 for the default. */
GPtrArray *pen_threat_ask           (const PenBoard    *board,
                                     const guint8      *faces,
                                     guint              n_faces,
                                     GArray           **pick_die,
                                     GArray           **pick_mark,
                                     GArray            *picks);

G_END_DECLS
