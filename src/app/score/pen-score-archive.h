/* pen-score-archive.h: the Archive tab, every finished game with its score sheet
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PEN_TYPE_SCORE_ARCHIVE (pen_score_archive_get_type ())
G_DECLARE_FINAL_TYPE (PenScoreArchive, pen_score_archive, PEN, SCORE_ARCHIVE, GtkBox)

/* Where finished games are kept (default: pen_archive_get_default_dir ()) */
GFile *pen_score_archive_get_dir (PenScoreArchive *self);
void   pen_score_archive_set_dir (PenScoreArchive *self,
                                  GFile           *dir);
/* Reads the archive again */
void   pen_score_archive_reload  (PenScoreArchive *self);

G_END_DECLS
