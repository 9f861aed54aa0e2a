/* pen-score-export.h: "Export as CSV…" and "Export as Image…"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-score.h"

G_BEGIN_DECLS

#define PEN_TYPE_SCORE_EXPORT (pen_score_export_get_type ())
G_DECLARE_FINAL_TYPE (PenScoreExport, pen_score_export, PEN, SCORE_EXPORT, AdwPreferencesGroup)

/* What the exports save: sheet (transfer none, kept by the caller while set; NULL: nothing),
 * drawn by area for the image */
void     pen_score_export_set_sheet (PenScoreExport      *self,
                                     const PenScoreSheet *sheet,
                                     GtkWidget           *area);
gboolean pen_score_export_csv       (PenScoreExport      *self,
                                     GFile               *file,
                                     GError             **error);
gboolean pen_score_export_png       (PenScoreExport      *self,
                                     GFile               *file,
                                     GError             **error);
/* Saves the sheet to file (as an image when png), and says on the export's row that it did,
 * or why it could not */
void     pen_score_export_save      (PenScoreExport      *self,
                                     GFile               *file,
                                     gboolean             png);

G_END_DECLS
