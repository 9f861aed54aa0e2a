/* pen-end-sheet.h: the end of the game, every printed number still unknown in one sheet
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_END_SHEET (pen_end_sheet_get_type ())
G_DECLARE_FINAL_TYPE (PenEndSheet, pen_end_sheet, PEN, END_SHEET, PenSection)

/* Lists every card in any player's zones whose points or symbols are still unknown
 * (pen_box_list_unknown_numbers), across all players, to be entered in one pass. A card the
 * catalogue cannot name gets a "Name It…" button (PenCardNameDialog). "Show the Final Score"
 * submits one card-identify per card answered, then emits "done". */
GtkWidget       *pen_end_sheet_new          (void);
guint            pen_end_sheet_get_n_cards  (PenEndSheet *self);
/* The entry for a card's points, or NULL when they are known (or the card is unnamed) */
GtkEditable     *pen_end_sheet_get_points   (PenEndSheet *self,
                                             const char  *card);
GtkToggleButton *pen_end_sheet_get_symbol   (PenEndSheet *self,
                                             const char  *card,
                                             const char  *symbol);
GtkButton       *pen_end_sheet_get_score_button (PenEndSheet *self);

G_END_DECLS
