/* pen-end-sheet.h: the end of the game, every printed number still unknown in one sheet
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-end-form.h"
#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_END_SHEET (pen_end_sheet_get_type ())
G_DECLARE_FINAL_TYPE (PenEndSheet, pen_end_sheet, PEN, END_SHEET, PenSection)

/* Lists, across all players, every card in a play area whose printed numbers the score still
 * lacks (points, symbols, a Contract's Light and Darkness, a passed Trial's Light or Darkness
 * by its path), each by its name with its type and owner (or, not named yet, by its type and
 * number in the box, with "Name It…"), and each wizard's points for every
 * Goal in effect that the scoring cannot work out, to be entered in one pass (PenEndForm). A
 * card the catalogue cannot name gets a "Name It…" button (PenCardNameDialog); naming it keeps
 * every entry. "Show the Final Score" submits one card-identify per card answered and a
 * goal-vp per Goal changed, then emits "done". */
GtkWidget       *pen_end_sheet_new          (void);
/* The items listed */
guint            pen_end_sheet_get_n_cards  (PenEndSheet *self);
PenEndForm      *pen_end_sheet_get_form     (PenEndSheet *self);
/* The entry for a card's points, or NULL when they are known (or the card is unnamed) */
GtkEditable     *pen_end_sheet_get_points   (PenEndSheet *self,
                                             const char  *card);
/* The entry for one of a named card's numbers ("vp", "light", "dark"), or NULL */
GtkEditable     *pen_end_sheet_get_field    (PenEndSheet *self,
                                             const char  *card,
                                             const char  *field);
/* The entry for a wizard's points for a Goal, or NULL */
GtkEditable     *pen_end_sheet_get_goal     (PenEndSheet *self,
                                             const char  *goal,
                                             guint        wizard);
/* The entry for the victory points under board cell `cell` (from 0), or NULL */
GtkEditable     *pen_end_sheet_get_cell     (PenEndSheet *self,
                                             guint        cell);
/* Whether the sheet asks for card (a placeholder) to be named */
gboolean         pen_end_sheet_lists_name   (PenEndSheet *self,
                                             const char  *card);
GtkToggleButton *pen_end_sheet_get_symbol   (PenEndSheet *self,
                                             const char  *card,
                                             const char  *symbol);
GtkButton       *pen_end_sheet_get_score_button (PenEndSheet *self);
/* "Name It…" for card: opens the naming dialog, whose answer the sheet submits. Returns the
 * dialog (owned by the window). */
GtkWidget       *pen_end_sheet_name         (PenEndSheet *self,
                                             const char  *card);

G_END_DECLS
