/* pen-rest-pay-dialog.h: what was paid for a card brewed or bought, Ingredient by Ingredient
 *
 * Asked when the rulebook does not print a card's cost, or for a purchase (a Blue die in the
 * shop takes one Ingredient off), pre-filled with the cost when it is known. The "pay"
 * response is the answer; the dialog remembers which card it is about and whether bought.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-action.h"

G_BEGIN_DECLS

#define PEN_TYPE_REST_PAY_DIALOG (pen_rest_pay_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PenRestPayDialog, pen_rest_pay_dialog, PEN, REST_PAY_DIALOG,
                      AdwMessageDialog)

/* cost: PEN_N_INGREDIENTS amounts to start from, or NULL */
PenRestPayDialog *pen_rest_pay_dialog_new      (GtkWindow        *parent,
                                                const char       *heading,
                                                const char       *body,
                                                const guint      *cost,
                                                gboolean          buy,
                                                const char       *card);
const char       *pen_rest_pay_dialog_get_card (PenRestPayDialog *self);
gboolean          pen_rest_pay_dialog_get_buy  (PenRestPayDialog *self);
/* The amounts entered, Ingredient by Ingredient */
void              pen_rest_pay_dialog_get_pay  (PenRestPayDialog *self,
                                                guint             pay[PEN_N_INGREDIENTS]);
/* A table that says its market's cards: asks which card it turned up in the vacated place
 * (Locations › Brewery, Shop: "Right after buying …, reveal a new … card from the top of the
 * deck"), ids and names NULL-terminated, in the same order; "—" first, chosen, and Pay waits
 * for a card */
void              pen_rest_pay_dialog_ask_turned_up (PenRestPayDialog   *self,
                                                     const char         *title,
                                                     const char * const *ids,
                                                     const char * const *names);
GtkDropDown      *pen_rest_pay_dialog_get_turned_up_drop_down (PenRestPayDialog *self);
/* The card chosen as turned up, or NULL (not asked, or not said yet) */
const char       *pen_rest_pay_dialog_get_turned_up (PenRestPayDialog *self);
/* The brew or buy of the card by wizard, paid with the amounts entered (a buy with the card
 * turned up, when asked) */
PenAction        *pen_rest_pay_dialog_get_action (PenRestPayDialog *self,
                                                  guint             wizard);

G_END_DECLS
