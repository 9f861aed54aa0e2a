/* pen-game.h: a game as its log of actions, with undo, redo and durable saves
 *
 * The save file is JSON: {"format": "penumbra-companion-save", "version": 1, "position": N,
 * "log": [every action, the undone ones after the first N], "snapshot": TABLE}. Loading
 * replays the log and checks the result against the snapshot, so a damaged file is detected
 * and reported, never half-loaded. Saving replaces the file atomically.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pen-action.h"
#include "pen-table.h"

G_BEGIN_DECLS

#define PEN_SAVE_FORMAT  "penumbra-companion-save"
#define PEN_SAVE_VERSION 1

#define PEN_TYPE_GAME (pen_game_get_type ())
G_DECLARE_FINAL_TYPE (PenGame, pen_game, PEN, GAME, GObject)

PenGame     *pen_game_new              (void);
/* Reads a save; a file that is not a valid save gives PEN_ERROR_CORRUPT (or PEN_ERROR_NEWER)
 * with the reason, and is never written to. */
PenGame     *pen_game_load             (GFile       *file,
                                        GError     **error);
PenGame     *pen_game_load_from_data   (const char  *data,
                                        gsize        length,
                                        GError     **error);

PenTable    *pen_game_get_table        (PenGame     *self);
/* Every action, applied ones first (position of them), then the undone ones redo would
 * re-apply. A GListModel of PenAction. */
GListModel  *pen_game_get_history      (PenGame     *self);
guint        pen_game_get_position     (PenGame     *self);
gboolean     pen_game_get_can_undo     (PenGame     *self);
gboolean     pen_game_get_can_redo     (PenGame     *self);

/* Whether the table has been shown the final score of the ended game (the Score page's end
 * sheet done, or a finished game the archive holds opened): the numbers still unknown are then
 * no longer asked, and the Table page says who won. Never saved; the Score page sets it. */
gboolean     pen_game_get_final_score_shown (PenGame *self);
void         pen_game_set_final_score_shown (PenGame  *self,
                                             gboolean  shown);

/* The file saved after every change (NULL: not saved, e.g. the demo game) */
GFile       *pen_game_get_file         (PenGame     *self);
void         pen_game_set_file         (PenGame     *self,
                                        GFile       *file);

/* Applies an action: on success it joins the log (dropping the redo tail) and the game is
 * saved. On failure nothing changes. A save failure after a successful apply is reported in
 * error but the action stays applied (TRUE is returned and *error set is avoided: see
 * pen_game_get_save_error). */
gboolean     pen_game_submit           (PenGame     *self,
                                        PenAction   *action,
                                        GError     **error);
gboolean     pen_game_submit_json      (PenGame     *self,
                                        const char  *json,
                                        GError     **error);
gboolean     pen_game_undo             (PenGame     *self);
/* Parses ahead the snapshot the next undo restores (the app does it at idle after a change):
 * that undo then reads a parsed tree instead of its text. Nothing else changes. */
void         pen_game_prepare_undo     (PenGame     *self);
gboolean     pen_game_redo             (PenGame     *self,
                                        GError     **error);
/* Undo or redo until position actions are applied */
gboolean     pen_game_jump_to          (PenGame     *self,
                                        guint        position,
                                        GError     **error);

/* The error of the last autosave (NULL: saved). The change stays applied in memory. */
const GError *pen_game_get_save_error  (PenGame     *self);
/* Tries a failed autosave again; TRUE when the game is now saved */
gboolean     pen_game_retry_save       (PenGame     *self);
/* Whether the file is not what this game last read or wrote: another program changed it
 * (pen_game_save then refuses to overwrite it; reload it instead) */
gboolean     pen_game_changed_on_disk  (PenGame     *self);
/* Holds the advisory lock of the game's file until the game is finalized (or its file
 * changes): one writer per save. Waits up to timeout_ms for another writer to finish, then
 * fails with PEN_ERROR_REFUSED. Saves without it take the lock just while they write. */
gboolean     pen_game_lock             (PenGame     *self,
                                        guint        timeout_ms,
                                        GError     **error);
/* Locks file (as pen_game_lock ()) and then reads it, keeping the lock. A missing file, when
 * missing_ok, gives a game with no action yet (its first must be new-game) and that file. */
PenGame     *pen_game_load_locked      (GFile       *file,
                                        gboolean     missing_ok,
                                        guint        timeout_ms,
                                        GError     **error);
/* Saves file (through pen_file_write_atomic (): a failed write leaves the old file). Refuses
 * when file is the game's own and another program changed it since. */
gboolean     pen_game_save             (PenGame     *self,
                                        GFile       *file,
                                        GError     **error);
char        *pen_game_to_data          (PenGame     *self);
/* The applied log, one compact JSON action per line */
char        *pen_game_log_to_lines     (PenGame     *self);

/* The saves folder: $XDG_DATA_HOME/penumbra-companion/games */
GFile       *pen_game_get_saves_dir    (void);
/* A new file name in the saves folder, from the date and time */
GFile       *pen_game_new_save_file    (void);
/* Saved games, newest first, as a GListModel of GFileInfo (standard::name, time::modified,
 * with the GFile under "standard::file") */
GListModel  *pen_game_list_saves       (void);
/* Moves a (damaged) save out of the saves list, renaming it FILE.damaged (or
 * FILE.damaged-N) in the same folder; *moved (optional) gets the new name */
gboolean     pen_game_set_aside        (GFile       *file,
                                        GFile      **moved,
                                        GError     **error);

G_END_DECLS
