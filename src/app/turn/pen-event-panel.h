/* pen-event-panel.h: an Event card just revealed from the Fate deck, and how to apply it
 *
 * Shown on the Table page right after the action that revealed an Event (a turn end, a
 * "fate-reveal" or the Rival's turn), until the next action. For an Event whose effect the
 * rulebook gives and the app can apply, a small form: Harvest asks what each wizard's
 * Resource die gave (the die's faces are not printed, so the table says) and submits one
 * "resource-gain" action for all of them; in app-dealt play "The App Rolls" rolls them all
 * once the die's faces are typed in ("Type the Resource Die's Faces…" until then). For the Events whose text the rulebook does not
 * print it says so plainly.
 *
 * "You" on an Event is the player whose turn just ended: the player before the current one
 * when no turn is under way (after a turn end), else the current player.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-section.h"

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_EVENT_PANEL (pen_event_panel_get_type ())
G_DECLARE_FINAL_TYPE (PenEventPanel, pen_event_panel, PEN, EVENT_PANEL, PenSection)

PenEventPanel *pen_event_panel_new       (void);
PenGame       *pen_event_panel_get_game  (PenEventPanel *self);
void           pen_event_panel_set_game  (PenEventPanel *self,
                                          PenGame       *game);
/* The Event shown now, or NULL */
const char    *pen_event_panel_get_event (PenEventPanel *self);
/* In a solo game, how the Event shown applies to the Rival; NULL otherwise */
const char    *pen_event_panel_get_solo_note (PenEventPanel *self);
/* For tests: set what a Resource die gave in the Harvest form (row: one per wizard, then the
 * revealing wizard's second die) and the action Apply would submit (NULL: nothing entered) */
void           pen_event_panel_set_gain  (PenEventPanel *self,
                                          guint          row,
                                          PenIngredient  ingredient,
                                          guint          count);
PenAction     *pen_event_panel_get_action (PenEventPanel *self);
/* App-dealt play, the Resource die's faces typed in: the action "The App Rolls" submits (each
 * wizard's die, then the revealing wizard's second), else NULL */
PenAction     *pen_event_panel_get_roll_action  (PenEventPanel *self);
/* "The App Rolls", and "Type the Resource Die's Faces…" (app-dealt play, faces unknown) */
GtkWidget     *pen_event_panel_get_roll_button  (PenEventPanel *self);
GtkWidget     *pen_event_panel_get_faces_button (PenEventPanel *self);

G_END_DECLS
