/* pen-threat-mark-row.h: a Mark of the board facing a Threat, with the value that hits it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-mark.h"

G_BEGIN_DECLS

#define PEN_TYPE_THREAT_MARK_ROW (pen_threat_mark_row_get_type ())
G_DECLARE_FINAL_TYPE (PenThreatMarkRow, pen_threat_mark_row, PEN, THREAT_MARK_ROW, AdwActionRow)

GtkWidget *pen_threat_mark_row_new (PenMark *mark);

G_END_DECLS
