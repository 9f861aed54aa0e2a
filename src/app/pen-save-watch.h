/* pen-save-watch.h: keeps the window's game and its file in step
 *
 * Retries a failed autosave every few seconds until it succeeds, and watches the save file
 * (GFileMonitor): when another program (penumbra-cli, another copy of the app) changed it,
 * the game is read again and ::reloaded gives the new one; the old one is never written over
 * it (pen_game_save () refuses).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_SAVE_WATCH (pen_save_watch_get_type ())
G_DECLARE_FINAL_TYPE (PenSaveWatch, pen_save_watch, PEN, SAVE_WATCH, GObject)

PenSaveWatch *pen_save_watch_new          (void);
void          pen_save_watch_set_game     (PenSaveWatch *self,
                                           PenGame      *game);
PenGame      *pen_save_watch_get_game     (PenSaveWatch *self);
/* Checks at once: retries a failed save, reloads a file changed on disk */
void          pen_save_watch_check        (PenSaveWatch *self);

G_END_DECLS
