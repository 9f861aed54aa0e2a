/* pen-end-card.h: one item of the end sheet: a card's printed numbers, or a Goal's points
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-end-form.h"

G_BEGIN_DECLS

#define PEN_TYPE_END_CARD (pen_end_card_get_type ())
G_DECLARE_FINAL_TYPE (PenEndCard, pen_end_card, PEN, END_CARD, AdwPreferencesGroup)

/* Shows item index of form: every field it asks, filled in with what the form holds; what is
 * typed goes straight into the form. A card to be named offers "Name It…" (the card.name
 * action). The title and description are the group's (the card and where it lies). */
GtkWidget       *pen_end_card_new           (PenEndForm  *form,
                                             guint        index,
                                             const char  *title,
                                             const char  *description);
guint            pen_end_card_get_index     (PenEndCard  *self);
/* The entry of a number ("vp", "light", "dark"), or NULL when the item does not ask it */
GtkEditable     *pen_end_card_get_field     (PenEndCard  *self,
                                             const char  *field);
GtkToggleButton *pen_end_card_get_symbol    (PenEndCard  *self,
                                             const char  *symbol);
/* Whether every number typed is one in range (the "valid" property) */
gboolean         pen_end_card_get_valid     (PenEndCard  *self);

G_END_DECLS
