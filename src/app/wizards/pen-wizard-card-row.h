/* pen-wizard-card-row.h: a card a wizard holds, with Rotate and Discard
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-table-card.h"

G_BEGIN_DECLS

#define PEN_TYPE_WIZARD_CARD_ROW (pen_wizard_card_row_get_type ())
G_DECLARE_FINAL_TYPE (PenWizardCardRow, pen_wizard_card_row, PEN, WIZARD_CARD_ROW, AdwActionRow)

/* Follows card's properties; its buttons activate board.card ("rotate" or "discard", id) */
GtkWidget *pen_wizard_card_row_new (PenTableCard *card);

G_END_DECLS
