/* pen-score-form.h: the numbers typed in on the score sheet, before they are kept
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pen-action.h"
#include "pen-catalog.h"
#include "pen-types.h"

G_BEGIN_DECLS

/* What a field of the score sheet asks for, and where the answer goes:
 * GOAL: a Goal's points entered by hand (0–99, empty clears them): a "goal-vp" action
 * CARD_VP: a card's printed victory points (−20–50): the user catalogue
 * CELL_VP: the points printed under a cell of the board (0–50): the user's board layout */
typedef enum
{
  PEN_SCORE_FIELD_GOAL,
  PEN_SCORE_FIELD_CARD_VP,
  PEN_SCORE_FIELD_CELL_VP,
} PenScoreField;

#define PEN_TYPE_SCORE_FORM (pen_score_form_get_type ())
G_DECLARE_FINAL_TYPE (PenScoreForm, pen_score_form, PEN, SCORE_FORM, GObject)

PenScoreForm *pen_score_form_new          (void);

/* The number text stands for in field: TRUE with *value, or FALSE with PEN_ERROR_INVALID
 * naming the field and the range. Empty text is -1 for a Goal (clear it), an error otherwise. */
gboolean      pen_score_form_parse        (PenScoreField  field,
                                           const char    *text,
                                           int           *value,
                                           GError       **error);
/* The "goal-vp" action for text typed in the Goal's field of wizard; NULL with an error. */
PenAction    *pen_score_form_goal_action  (guint          wizard,
                                           const char    *goal,
                                           const char    *text,
                                           GError       **error);

/* The experience symbols counted so far for a card (0–6 of each kind) */
void          pen_score_form_set_symbol   (PenScoreForm  *self,
                                           const char    *card,
                                           PenSymbol      symbol,
                                           guint          count);
guint         pen_score_form_get_symbol   (PenScoreForm  *self,
                                           const char    *card,
                                           PenSymbol      symbol);
/* The card's symbols as the catalogue keeps them (an array of symbol ids, each as many times
 * as counted); the card's counts are forgotten. */
JsonNode     *pen_score_form_take_symbols (PenScoreForm  *self,
                                           const char    *card);
/* Takes the card's symbols (as above) into catalog, where they are kept */
gboolean      pen_score_form_save_symbols (PenScoreForm  *self,
                                           PenCatalog    *catalog,
                                           const char    *card,
                                           GError       **error);

G_END_DECLS
