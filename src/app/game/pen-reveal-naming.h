/* pen-reveal-naming.h: the cards a turn's end turned face up, named by the table at once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-action.h"
#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_REVEAL_NAMING (pen_reveal_naming_get_type ())
G_DECLARE_FINAL_TYPE (PenRevealNaming, pen_reveal_naming, PEN, REVEAL_NAMING, GObject)

/* Follows game for parent (the window, weak). When an action given to
 * pen_reveal_naming_expect () is applied (at once, or after "Do It Anyway" or the dice the
 * table rolled) and it turned cards face up that the catalogue cannot name (the Fate card, the
 * Guild's refill, in physical play "Another card: name it"; in app-dealt play a placeholder
 * dealt face up), the naming dialog opens for each, one after the other. "Name It" emits
 * "submit" with the card-identify action for the window to submit; "Later" leaves the card
 * unnamed (the Table page's Cards to Name, the end sheet). */
PenRevealNaming *pen_reveal_naming_new          (GtkWindow       *parent);
void             pen_reveal_naming_set_game     (PenRevealNaming *self,
                                                 PenGame         *game);
/* Called before action is submitted: a turn's end (turn-end, rival-turn) is watched, and a
 * placement (place), whose Discipline card taken at a Class is asked about when unnamed */
void             pen_reveal_naming_expect       (PenRevealNaming *self,
                                                 PenAction       *action);
/* The table turns cards up and does not read them out now ("Another Contract: name it
 * later", "Another Trial: name it later"): they are not asked about; they wait under Cards
 * to Name and on the end sheet. Called before the
 * action that lays them face up is submitted (the window's "win.leave-unread"); each call
 * replaces the one before (none: every card is asked). */
void             pen_reveal_naming_leave_unread (PenRevealNaming    *self,
                                                 const char * const *cards);

G_END_DECLS
