/* pen-preferences-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_PREFERENCES_WINDOW (pen_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (PenPreferencesWindow, pen_preferences_window, PEN, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

PenPreferencesWindow *pen_preferences_window_new (GSettings *settings);
/* The game the Wizard board values also go to (NULL: the game of the window this one is
 * transient for) */
void                  pen_preferences_window_set_game (PenPreferencesWindow *self,
                                                       PenGame              *game);
guint                 pen_preferences_window_apply_to_game (PenPreferencesWindow *self);
/* The Wizard Board page's "Type In…"/"Correct…" for the Resource die's faces */
GtkButton            *pen_preferences_window_get_resource_button (PenPreferencesWindow *self);

G_END_DECLS
