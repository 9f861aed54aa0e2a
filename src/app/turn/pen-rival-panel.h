/* pen-rival-panel.h: the solo Rival's turn, offered at the top of the Wizards page
 *
 * Visible only in a solo game when it is the Rival's turn and no turn is under way. It shows
 * the plan (pen_rival_plan_turn: what to do with the Rival's pieces on the real table, and
 * why) and a button that plays it: the "submit" signal carries {"action": "rival-turn"} (with
 * the Fate card the table revealed when the app cannot know it), so undo works as for any
 * action.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-section.h"

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_RIVAL_PANEL (pen_rival_panel_get_type ())
G_DECLARE_FINAL_TYPE (PenRivalPanel, pen_rival_panel, PEN, RIVAL_PANEL, PenSection)

PenRivalPanel *pen_rival_panel_new      (void);
PenGame       *pen_rival_panel_get_game (PenRivalPanel *self);
void           pen_rival_panel_set_game (PenRivalPanel *self,
                                         PenGame       *game);
/* The action the play button submits now, or NULL when the Rival is not due (transfer full) */
PenAction     *pen_rival_panel_get_action (PenRivalPanel *self);

G_END_DECLS
