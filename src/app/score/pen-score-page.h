/* pen-score-page.h: the running score, the final sheet, the archive and the exports
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-section.h"

#include "pen-game.h"
#include "pen-score.h"

G_BEGIN_DECLS

#define PEN_TYPE_SCORE_PAGE (pen_score_page_get_type ())
G_DECLARE_FINAL_TYPE (PenScorePage, pen_score_page, PEN, SCORE_PAGE, PenSection)

PenGame             *pen_score_page_get_game        (PenScorePage *self);
void                 pen_score_page_set_game        (PenScorePage *self,
                                                     PenGame      *game);
/* The sheet the page shows (transfer none; NULL without a game) */
const PenScoreSheet *pen_score_page_get_sheet       (PenScorePage *self);
/* Where finished games are kept (default: pen_archive_get_default_dir ()) */
void                 pen_score_page_set_archive_dir (PenScorePage *self,
                                                     GFile        *dir);
/* The exports behind "Export as CSV…" and "Export as Image…" */
gboolean             pen_score_page_export_csv      (PenScorePage *self,
                                                     GFile        *file,
                                                     GError      **error);
gboolean             pen_score_page_export_png      (PenScorePage *self,
                                                     GFile        *file,
                                                     GError      **error);

G_END_DECLS
