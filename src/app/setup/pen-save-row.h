/* pen-save-row.h: a saved game in the start page's list
 *
 * Shows a save by its players, turn and date, never by its file name, once it has been read
 * (pen_save_row_check); until then by its date. A finished game offers its score; a save that
 * cannot be read is listed with its cause and offered to be set aside, never opened.
 * "open" and "set-aside" carry the row's file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_SAVE_ROW (pen_save_row_get_type ())
G_DECLARE_FINAL_TYPE (PenSaveRow, pen_save_row, PEN, SAVE_ROW, AdwActionRow)

/* info: a GFileInfo of pen_game_list_saves() */
PenSaveRow *pen_save_row_new      (GFileInfo  *info);
GFile      *pen_save_row_get_file (PenSaveRow *self);
/* The modification date as shown ("Today 08:26", "2 December") */
const char *pen_save_row_get_date (PenSaveRow *self);
/* Reads the save and shows what it holds; returns the game (NULL when damaged) */
PenGame    *pen_save_row_check    (PenSaveRow *self);

G_END_DECLS
