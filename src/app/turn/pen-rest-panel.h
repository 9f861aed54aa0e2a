/* pen-rest-panel.h: the Rest options, offered on the Table page under the turn banner
 *
 * Visible only during the current player's Rest turn. Three options, each an expander:
 * Exchange (a calculator at the Bazaar rate that shows whether the exchange balances),
 * Brew (the wizard's Recipes in the Grimoire) and Buy one (a Potion or an Artifact from the
 * markets the table recorded, or any card the player names when they were not recorded).
 * Every change is a typed action ("exchange", "brew", "buy"; see pen-rest.h) reported by the
 * "submit" signal, so undo works as for any action. The calculator's state is a
 * PenExchangeForm (src/core); the Recipes and the market cards are list models of
 * PenRestOffer, shown by PenRestOfferRow and PenRestPickRow.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-section.h"

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_REST_PANEL (pen_rest_panel_get_type ())
G_DECLARE_FINAL_TYPE (PenRestPanel, pen_rest_panel, PEN, REST_PANEL, PenSection)

PenRestPanel *pen_rest_panel_new      (void);
PenGame      *pen_rest_panel_get_game (PenRestPanel *self);
void          pen_rest_panel_set_game (PenRestPanel *self,
                                       PenGame      *game);

/* For tests and keyboard users: fill in the exchange calculator (amounts indexed by
 * PenIngredient; only the four Bazaar ingredients are used) */
void          pen_rest_panel_set_exchange (PenRestPanel *self,
                                           const guint  *give,
                                           const guint  *get);
/* The exchange action the Apply button would submit now, or NULL when it does not balance */
PenAction    *pen_rest_panel_get_exchange_action (PenRestPanel *self);

G_END_DECLS
