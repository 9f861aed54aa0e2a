/* pen-fate-choices.h: the Fate card the table turned over, one picker for the turn controls
 * and the Rival's panel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_FATE_CHOICES (pen_fate_choices_get_type ())
G_DECLARE_FINAL_TYPE (PenFateChoices, pen_fate_choices, PEN, FATE_CHOICES, GObject)

/* Keeps drop's model the list pen_tu_fate_choices builds: with the first-game deck in
 * physical play the next card, chosen, and "Another card…", which lists the whole deck. */
PenFateChoices *pen_fate_choices_new      (GtkDropDown    *drop);
/* Rebuilds the list when what it depends on changed (the deck, the game's position); a choice
 * stays while the list is the same. game may be NULL. */
void            pen_fate_choices_update   (PenFateChoices *self,
                                           PenGame        *game,
                                           PenTable       *table);
/* The card chosen, or NULL (nothing chosen, or "Another card…" itself) */
const char     *pen_fate_choices_get_card (PenFateChoices *self);
/* With offer, a list that offers an unnamed Trial ("Another card: name it (Trial)") also
 * offers "Another Trial: name it later": the same card, which the table names later (play
 * findings X6, V7). For the turn controls and the Rival's panel, whose window then asks
 * nothing; FALSE by default. */
void            pen_fate_choices_set_offer_unread (PenFateChoices *self,
                                                   gboolean        offer);
/* TRUE when "Another Trial: name it later" is chosen (pen_fate_choices_get_card is its card) */
gboolean        pen_fate_choices_get_unread (PenFateChoices *self);

G_END_DECLS
