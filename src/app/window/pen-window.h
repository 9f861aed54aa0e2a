/* pen-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-application.h"
#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_WINDOW (pen_window_get_type ())
G_DECLARE_FINAL_TYPE (PenWindow, pen_window, PEN, WINDOW, AdwApplicationWindow)

PenWindow *pen_window_new           (PenApplication *app);
PenGame   *pen_window_get_game      (PenWindow      *self);
void       pen_window_set_game      (PenWindow      *self,
                                     PenGame        *game);
/* Opens the game played last, or the start page when there is none or it cannot be read */
void       pen_window_resume_last   (PenWindow      *self);
/* Submits an action at the table (a refusal offers "Do it anyway", dice the table rolls are
 * asked for). Returns whether it was applied at once. */
gboolean   pen_window_submit        (PenWindow      *self,
                                     PenAction      *action);
/* Gives every page the game at once (they get it lazily after start-up otherwise) */
void       pen_window_sync_pages    (PenWindow      *self);
void       pen_window_show_page     (PenWindow      *self,
                                     const char     *name);
void       pen_window_toast         (PenWindow      *self,
                                     const char     *message);

G_END_DECLS
