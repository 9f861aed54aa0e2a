/* pen-reward-cards-dialog.h: which cards a passed Trial's or a fulfilled Contract's reward
 * gives
 *
 * Contracts and Trials › Rewards › Cards: "Artifact. Gain any Artifact from the Shop market or
 * from the top of the Artifact deck" (a Potion the Brewery's, a Discipline card a Class's or
 * any Discipline deck's). One picker per card of the path's or the Contract's reward, nothing
 * chosen (pen_reward_card_choices); "Take the Cards" submits the pass (or the fulfilment) with
 * them ("reward_cards"), "Skip" it alone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-action.h"
#include "pen-game.h"
#include "pen-picker-row.h"

G_BEGIN_DECLS

#define PEN_TYPE_REWARD_CARDS_DIALOG (pen_reward_cards_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PenRewardCardsDialog, pen_reward_cards_dialog, PEN, REWARD_CARDS_DIALOG,
                      AdwMessageDialog)

/* Whether take (a trial-take; a contract-take, or a Guild placement that fulfils a Contract)
 * passes by a path, or fulfils a Contract, whose reward, as the catalogue knows it, gives cards
 * not chosen yet */
gboolean              pen_reward_cards_needed     (PenGame   *game,
                                                   PenAction *take);
/* take: the trial-take or the Contract's step; "submit" gives it, with the cards chosen (a
 * reference is kept) */
PenRewardCardsDialog *pen_reward_cards_dialog_new (GtkWindow *parent,
                                                   PenGame   *game,
                                                   PenAction *take);
/* For tests: the pickers (PenPickerRow), one per card */
GListModel           *pen_reward_cards_dialog_get_rows (PenRewardCardsDialog *self);
/* For tests: the picker of the card turned up in the market after row's card (a table that
 * says its markets, a Potion or an Artifact), or NULL */
PenPickerRow         *pen_reward_cards_dialog_get_reveal (PenRewardCardsDialog *self,
                                                          guint                 row);

G_END_DECLS
