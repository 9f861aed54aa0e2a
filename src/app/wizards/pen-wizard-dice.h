/* pen-wizard-dice.h: a wizard's supply of dice
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-wizard-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_WIZARD_DICE (pen_wizard_dice_get_type ())
G_DECLARE_FINAL_TYPE (PenWizardDice, pen_wizard_dice, PEN, WIZARD_DICE, PenWizardSection)

G_END_DECLS
