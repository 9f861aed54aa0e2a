/* pen-place-form.h: the answers of a placement in progress, turned into a place action
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-action.h"
#include "pen-table.h"

G_BEGIN_DECLS

#define PEN_TYPE_PLACE_FORM (pen_place_form_get_type ())
G_DECLARE_FINAL_TYPE (PenPlaceForm, pen_place_form, PEN, PLACE_FORM, GObject)

/* The placement of wizard's supply die index on table; NULL with PEN_ERROR_INVALID when
 * there is no such wizard or die. The form reads the table now (the places open, the cards
 * offered) and keeps no reference to it. */
PenPlaceForm        *pen_place_form_new               (PenTable     *table,
                                                       guint         wizard,
                                                       guint         index,
                                                       GError      **error);
PenColor             pen_place_form_get_color         (PenPlaceForm *self);
guint                pen_place_form_get_value         (PenPlaceForm *self);

/* Every "LOCATION/SECTION" the die may take now (pen_locations_list_open) */
const char * const  *pen_place_form_get_sections      (PenPlaceForm *self);
/* The section chosen (an index into the sections), or -1 ("chosen" property) */
int                  pen_place_form_get_chosen        (PenPlaceForm *self);
/* Chooses a section, -1 none; the questions become that section's, all unanswered */
void                 pen_place_form_choose            (PenPlaceForm *self,
                                                       int           section);

/* What the chosen section's effect asks the table: a key ("value", "threat", "slot", "card",
 * "resource-0", …), a question to show, the answers (the first one "not said": the app rolls,
 * no Contract, the top card of the deck) and whether an answer other than the first is
 * needed (a face the table rolled in physical play, each Resource die). */
guint                pen_place_form_get_n_questions   (PenPlaceForm *self);
const char          *pen_place_form_get_key           (PenPlaceForm *self,
                                                       guint         question);
const char          *pen_place_form_get_question      (PenPlaceForm *self,
                                                       guint         question);
const char * const  *pen_place_form_get_answers       (PenPlaceForm *self,
                                                       guint         question);
gboolean             pen_place_form_get_required      (PenPlaceForm *self,
                                                       guint         question);
guint                pen_place_form_get_answer        (PenPlaceForm *self,
                                                       guint         question);
void                 pen_place_form_set_answer        (PenPlaceForm *self,
                                                       guint         question,
                                                       guint         answer);

/* A section is chosen and every required question answered ("complete" property) */
gboolean             pen_place_form_get_complete      (PenPlaceForm *self);
/* The place action of the answers; NULL when the form is not complete */
PenAction           *pen_place_form_build_action      (PenPlaceForm *self);

G_END_DECLS
