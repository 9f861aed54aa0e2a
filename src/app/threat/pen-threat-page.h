/* pen-threat-page.h: a page of the game window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-section.h"

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_THREAT_PAGE (pen_threat_page_get_type ())
G_DECLARE_FINAL_TYPE (PenThreatPage, pen_threat_page, PEN, THREAT_PAGE, PenSection)

PenGame *pen_threat_page_get_game (PenThreatPage *self);
void     pen_threat_page_set_game (PenThreatPage *self,
                                   PenGame       *game);

/* Starts a Threat roll for player `wizard`: `threat` dice that effects may discard plus
 * `uncancellable` dice that nothing discards (e.g. Ichor: 0, 1); source_label (nullable) says
 * where it comes from. The window switches to the Threat page. From any widget of the window,
 * without holding this page: gtk_widget_activate_action (w, "threat-helper.start", "(uuus)",
 * wizard, threat, uncancellable, source_label_or_empty). */
void        pen_threat_page_start       (PenThreatPage *self,
                                         guint          wizard,
                                         guint          threat,
                                         guint          uncancellable,
                                         const char    *source_label);
/* The Threat step of a Trial (trial_row[index], or index -1 and the reserved card): as
 * pen_threat_page_start with the card's name as the source, and the roll names the Trial, so
 * that a Mortal Wound takes its card out of the game whether or not it was begun. Window-wide:
 * "threat-helper.start-trial" ((uuis): wizard, threat, index, card). */
void        pen_threat_page_start_trial (PenThreatPage *self,
                                         guint          wizard,
                                         guint          threat,
                                         int            index,
                                         const char    *card);
/* The table's roll, as if the faces were tapped (replaces the faces entered so far). */
void        pen_threat_page_set_faces   (PenThreatPage *self,
                                         const guint8  *faces,
                                         guint          n_faces);
/* The distribution sentence of step 3, NULL until every Threat die has a face. */
const char *pen_threat_page_get_summary (PenThreatPage *self);
/* The "threat" action that applying would submit, or NULL (transfer full) */
PenAction  *pen_threat_page_get_action  (PenThreatPage *self);
/* Submits the whole roll as one action; TRUE when the game took it. */
gboolean    pen_threat_page_apply       (PenThreatPage *self);

G_END_DECLS
