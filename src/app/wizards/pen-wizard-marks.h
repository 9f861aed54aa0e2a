/* pen-wizard-marks.h: a wizard's Mastery row, the Marks in its cells
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-wizard-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_WIZARD_MARKS (pen_wizard_marks_get_type ())
G_DECLARE_FINAL_TYPE (PenWizardMarks, pen_wizard_marks, PEN, WIZARD_MARKS, PenWizardSection)

G_END_DECLS
