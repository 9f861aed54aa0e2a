/* pen-end-card.h: one card of the end sheet, the printed numbers it still lacks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-action.h"

G_BEGIN_DECLS

#define PEN_TYPE_END_CARD (pen_end_card_get_type ())
G_DECLARE_FINAL_TYPE (PenEndCard, pen_end_card, PEN, END_CARD, AdwPreferencesGroup)

const char      *pen_end_card_get_card      (PenEndCard *self);
/* NULL when the card's points are known (or it is not named yet) */
GtkEditable     *pen_end_card_get_points    (PenEndCard *self);
GtkToggleButton *pen_end_card_get_symbol    (PenEndCard *self,
                                             const char *symbol);
/* Whether the points entry holds a number (or nothing) */
gboolean         pen_end_card_get_valid     (PenEndCard *self);
/* The card-identify action for what the table entered, or NULL when nothing was */
PenAction       *pen_end_card_build_action  (PenEndCard *self);

G_END_DECLS
