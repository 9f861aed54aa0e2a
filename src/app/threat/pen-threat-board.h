/* pen-threat-board.h: the board of the wizard facing a Threat: supply dice and Marks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_THREAT_BOARD (pen_threat_board_get_type ())
G_DECLARE_FINAL_TYPE (PenThreatBoard, pen_threat_board, PEN, THREAT_BOARD, PenSection)

guint pen_threat_board_get_wizard (PenThreatBoard *self);
void  pen_threat_board_set_wizard (PenThreatBoard *self,
                                   guint           wizard);

G_END_DECLS
