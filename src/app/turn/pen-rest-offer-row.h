/* pen-rest-offer-row.h: a row of the Rest options for one PenRestOffer card: its name, its
 * cost and a button (Brew, Buy…); "chosen" when the button is clicked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-rest-row.h"

G_BEGIN_DECLS

#define PEN_TYPE_REST_OFFER_ROW (pen_rest_offer_row_get_type ())
G_DECLARE_FINAL_TYPE (PenRestOfferRow, pen_rest_offer_row, PEN, REST_OFFER_ROW, PenRestRow)

PenRestOffer *pen_rest_offer_row_get_offer (PenRestOfferRow *self);

G_END_DECLS
