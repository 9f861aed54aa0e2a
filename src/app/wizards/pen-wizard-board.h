/* pen-wizard-board.h: one wizard's board, laid out like the physical one; every tap is an
 * action reported with the "submit" signal
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-section.h"

#include "pen-table.h"

G_BEGIN_DECLS

#define PEN_TYPE_WIZARD_BOARD (pen_wizard_board_get_type ())
G_DECLARE_FINAL_TYPE (PenWizardBoard, pen_wizard_board, PEN, WIZARD_BOARD, PenSection)

PenWizardBoard *pen_wizard_board_new         (void);
void            pen_wizard_board_set_wizard  (PenWizardBoard *self,
                                              PenTable       *table,
                                              PenWizard      *wizard,
                                              guint           index);
PenWizard      *pen_wizard_board_get_wizard  (PenWizardBoard *self);
/* turn_text: NULL unless it is this wizard's turn ("Study · 2 placements left") */
void            pen_wizard_board_set_status  (PenWizardBoard *self,
                                              const char     *turn_text,
                                              int             score);
/* The score as said instead (e.g. "14 points + unknown") */
void            pen_wizard_board_set_score_label (PenWizardBoard *self,
                                                  const char     *label);

G_END_DECLS
