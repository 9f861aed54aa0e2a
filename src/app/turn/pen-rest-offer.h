/* pen-rest-offer.h: one thing the Rest options offer: a Recipe to brew, a market card to buy,
 * or the card picker for a market the table did not record
 *
 * An item of the Rest panel's list models, its rows bind to it. A card offer has a card id,
 * the card's name as title, a subtitle (its cost), the button's label, tooltip and whether it
 * can be taken now. The picker (pen_rest_offer_new_picker()) has no card: its names are the
 * cards it offers, its subtitle the note above it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PEN_TYPE_REST_OFFER (pen_rest_offer_get_type ())
G_DECLARE_FINAL_TYPE (PenRestOffer, pen_rest_offer, PEN, REST_OFFER, GObject)

PenRestOffer *pen_rest_offer_new          (const char    *card);
/* ids: the cards offered, in order (transfer none: copied) */
PenRestOffer *pen_rest_offer_new_picker   (GPtrArray     *ids,
                                           GPtrArray     *names);
const char   *pen_rest_offer_get_card     (PenRestOffer  *self);
gboolean      pen_rest_offer_get_picker   (PenRestOffer  *self);
/* the picker's card names (a GtkStringList) and the id at a position of it, or NULL */
GListModel   *pen_rest_offer_get_names    (PenRestOffer  *self);
const char   *pen_rest_offer_get_id_at    (PenRestOffer  *self,
                                           guint          position);
gboolean      pen_rest_offer_same_picker  (PenRestOffer  *self,
                                           PenRestOffer  *other);
/* Copies the shown properties of other (the same card's offer, made anew), notifying only
 * what changed */
void          pen_rest_offer_update       (PenRestOffer  *self,
                                           PenRestOffer  *other);
void          pen_rest_offer_set_shown    (PenRestOffer  *self,
                                           const char    *title,
                                           const char    *subtitle,
                                           const char    *label,
                                           const char    *tooltip,
                                           const char    *accessible,
                                           gboolean       sensitive);

G_END_DECLS
