/* pen-exchange-form.h: the Bazaar exchange calculator of the Rest options
 *
 * What to give and what to get, one PenCount for each of the Bazaar's four Ingredients on each
 * side (index: the PenIngredient; they step by the Ingredient's lot), for the wizard set with
 * pen_exchange_form_set_wizard(). "balance" says whether the exchange balances, and why not;
 * "acceptable" is TRUE when the "exchange" action of pen_exchange_form_get_action() would be
 * accepted. No GTK: tested headless.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pen-action.h"
#include "pen-wizard.h"

G_BEGIN_DECLS

#define PEN_TYPE_EXCHANGE_FORM (pen_exchange_form_get_type ())
G_DECLARE_FINAL_TYPE (PenExchangeForm, pen_exchange_form, PEN, EXCHANGE_FORM, GObject)

PenExchangeForm *pen_exchange_form_new            (void);
/* The wizard who exchanges, and their place at the table (NULL: none) */
void             pen_exchange_form_set_wizard     (PenExchangeForm *self,
                                                   guint            index,
                                                   PenWizard       *wizard);
GListModel      *pen_exchange_form_get_give       (PenExchangeForm *self);
GListModel      *pen_exchange_form_get_get        (PenExchangeForm *self);
/* Fills in both sides (PEN_N_INGREDIENTS counts each, NULL: nothing), one update for all */
void             pen_exchange_form_set            (PenExchangeForm *self,
                                                   const guint     *give,
                                                   const guint     *get);
void             pen_exchange_form_clear          (PenExchangeForm *self);
const char      *pen_exchange_form_get_balance    (PenExchangeForm *self);
gboolean         pen_exchange_form_get_acceptable (PenExchangeForm *self);
/* The exchange action, or NULL when it would be refused */
PenAction       *pen_exchange_form_get_action     (PenExchangeForm *self);

G_END_DECLS
