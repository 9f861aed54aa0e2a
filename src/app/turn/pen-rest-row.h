/* pen-rest-row.h: the base of the Rest options' rows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-rest-offer.h"

G_BEGIN_DECLS

#define PEN_TYPE_REST_ROW (pen_rest_row_get_type ())
G_DECLARE_DERIVABLE_TYPE (PenRestRow, pen_rest_row, PEN, REST_ROW, AdwActionRow)

/* A row of the Rest panel's lists for one PenRestOffer (the construct-only "offer"), which a
 * subclass shows from its constructed (); "chosen" carries the id of the card the table took
 * (pen_rest_row_choose ()): PenRestOfferRow for a card, PenRestPickRow for the picker. */
struct _PenRestRowClass
{
  AdwActionRowClass parent_class;

  gpointer padding[4];
};

PenRestOffer *pen_rest_row_get_offer (PenRestRow *self);
void          pen_rest_row_choose    (PenRestRow *self,
                                      const char *card);

G_END_DECLS
