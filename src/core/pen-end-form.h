/* pen-end-form.h: the end-of-game sheet before it is sent
 *
 * One form for all players: every card in a wizard's Experience zone whose printed numbers the
 * score still lacks (pen_box_list_unknown_numbers: points, symbols, a Contract's Light and
 * Darkness, a passed Trial's Light or Darkness by its path), and, for each wizard, every Goal
 * in effect whose points the scoring cannot work out (Scoring › 7) and nobody has entered yet.
 * A card the catalogue cannot name yet is listed to be named first (the naming dialog); once
 * named it is listed with the numbers it still lacks.
 *
 * What the table types is kept by card and field, and by wizard and Goal, not by row: when the
 * list changes (a card was named, a number arrived another way) every answer still asked for
 * stays. An item with nothing left to ask is never listed. pen_end_form_to_actions turns the
 * answers into card-identify actions (the catalogue remembers them) and goal-vp actions.
 *
 * Last, every cell of the Wizard board under some wizard's Mark whose victory points the
 * rulebook does not print and the user's board file does not hold yet (DESIGN.md, "Data that
 * the rulebook does not give"): pen_end_form_store_cells writes them to the board file, once
 * for every game, as Preferences → Wizard Board does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-action.h"
#include "pen-board-layout.h"
#include "pen-table.h"
#include "pen-types.h"

G_BEGIN_DECLS

typedef enum
{
  PEN_END_ITEM_NAME,   /* a placeholder face up in a play area: to be named (no field) */
  PEN_END_ITEM_CARD,   /* a named card: the numbers it lacks ("vp", "light", "dark", "symbols") */
  PEN_END_ITEM_GOAL,   /* a Goal in effect, for one wizard, points not entered: "vp" */
  PEN_END_ITEM_CELL,   /* a board cell under a Mark, its printed points unknown: "vp" */
} PenEndItemKind;

#define PEN_TYPE_END_FORM (pen_end_form_get_type ())
G_DECLARE_FINAL_TYPE (PenEndForm, pen_end_form, PEN, END_FORM, GObject)

PenEndForm     *pen_end_form_new          (void);

/* Lists what the table still lacks, in table order (the wizards' cards, then the Goals).
 * TRUE when the list changed; the answers typed in stay either way. */
gboolean        pen_end_form_update       (PenEndForm  *self,
                                           PenTable    *table);

guint           pen_end_form_get_n_items  (PenEndForm  *self);
PenEndItemKind  pen_end_form_get_kind     (PenEndForm  *self,
                                           guint        i);
/* The card's id, the Goal's, or a cell's number from 0 as text */
const char     *pen_end_form_get_id       (PenEndForm  *self,
                                           guint        i);
/* The wizard whose play area holds the card, or who scores the Goal; -1 for none */
int             pen_end_form_get_wizard   (PenEndForm  *self,
                                           guint        i);
/* Whether item i asks for field ("vp", "light", "dark", "symbols") */
gboolean        pen_end_form_asks         (PenEndForm  *self,
                                           guint        i,
                                           const char  *field);
/* The item of that kind for id (and wizard, for a Goal), or -1 */
int             pen_end_form_find         (PenEndForm    *self,
                                           PenEndItemKind kind,
                                           const char    *id,
                                           int            wizard);

/* The item of board cell `cell` (0 … PEN_MARK_CELLS − 1), or -1 */
int             pen_end_form_find_cell    (PenEndForm    *self,
                                           guint          cell);
/* The board cell of a PEN_END_ITEM_CELL item, or -1 */
int             pen_end_form_get_cell     (PenEndForm    *self,
                                           guint          i);

/* A number as typed ("" when nothing is) */
void            pen_end_form_set_text     (PenEndForm  *self,
                                           guint        i,
                                           const char  *field,
                                           const char  *text);
const char     *pen_end_form_get_text     (PenEndForm  *self,
                                           guint        i,
                                           const char  *field);
/* A symbol printed on the card (each kind once per card on the sheet) */
void            pen_end_form_set_symbol   (PenEndForm  *self,
                                           guint        i,
                                           PenSymbol    symbol,
                                           gboolean     printed);
gboolean        pen_end_form_get_symbol   (PenEndForm  *self,
                                           guint        i,
                                           PenSymbol    symbol);

/* TRUE when every number of item i is empty or a whole number in its range (points −20–50,
 * Light and Darkness 0–9, a Goal 0–99, a board cell 0–50); else PEN_ERROR_INVALID naming the card and field. */
gboolean        pen_end_form_check_item   (PenEndForm  *self,
                                           guint        i,
                                           GError     **error);
/* The same for one field of item i */
gboolean        pen_end_form_check_field  (PenEndForm  *self,
                                           guint        i,
                                           const char  *field,
                                           GError     **error);
gboolean        pen_end_form_check        (PenEndForm  *self,
                                           GError     **error);

/* The answers as actions, in the form's order: a card-identify with the values typed for each
 * card that has any, a goal-vp for each Goal whose points were typed. NULL with the first
 * error of pen_end_form_check. Transfer full: an array of PenAction that unrefs them. */
GPtrArray      *pen_end_form_to_actions   (PenEndForm  *self,
                                           GError     **error);
/* Writes the board cells' points typed in to layout (its user file), each cell left empty
 * untouched. FALSE with the first error of pen_end_form_check, or the layout's. */
gboolean        pen_end_form_store_cells  (PenEndForm     *self,
                                           PenBoardLayout *layout,
                                           GError        **error);

G_END_DECLS
