/* pen-wizard-cards.h: a wizard's Equipment cells and the cards they hold
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-wizard-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_WIZARD_CARDS (pen_wizard_cards_get_type ())
G_DECLARE_FINAL_TYPE (PenWizardCards, pen_wizard_cards, PEN, WIZARD_CARDS, PenWizardSection)

G_END_DECLS
