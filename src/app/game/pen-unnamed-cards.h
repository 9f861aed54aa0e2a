/* pen-unnamed-cards.h: the face-up cards the catalogue cannot name, each with "Name It…"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_UNNAMED_CARDS (pen_unnamed_cards_get_type ())
G_DECLARE_FINAL_TYPE (PenUnnamedCards, pen_unnamed_cards, PEN, UNNAMED_CARDS, PenSection)

/* Lists the placeholders lying face up (pen_box_list_unidentified): the cards the table must
 * read out. Each one's button opens PenCardNameDialog; its card-identify is submitted. Hidden
 * while there is none. */
GtkWidget  *pen_unnamed_cards_new         (void);
guint       pen_unnamed_cards_get_n_cards (PenUnnamedCards *self);
/* Opens the naming dialog for the card listed i-th (what its button does); the dialog */
GtkWindow  *pen_unnamed_cards_name        (PenUnnamedCards *self,
                                           guint            i);

G_END_DECLS
