/* pen-preferences-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_PREFERENCES_WINDOW (pen_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (PenPreferencesWindow, pen_preferences_window, PEN, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

PenPreferencesWindow *pen_preferences_window_new (GSettings *settings);

G_END_DECLS
