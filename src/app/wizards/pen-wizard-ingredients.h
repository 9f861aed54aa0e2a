/* pen-wizard-ingredients.h: a wizard's Ingredients, Fate and Mortal Wounds, as counters
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-wizard-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_WIZARD_INGREDIENTS (pen_wizard_ingredients_get_type ())
G_DECLARE_FINAL_TYPE (PenWizardIngredients, pen_wizard_ingredients, PEN, WIZARD_INGREDIENTS,
                      PenWizardSection)

G_END_DECLS
