/* pen-wizard-section.h: the base of the Wizard board's sections
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"
#include "pen-wizard.h"

G_BEGIN_DECLS

#define PEN_TYPE_WIZARD_SECTION (pen_wizard_section_get_type ())
G_DECLARE_DERIVABLE_TYPE (PenWizardSection, pen_wizard_section, PEN, WIZARD_SECTION, PenSection)

/* A part of one wizard's board (the Marks, the dice, the Ingredients, the cards): it holds the
 * "wizard" property, which the board binds to its own, and follows the one list of the wizard
 * its class names, connected once here.
 *
 * get_list:       the wizard's list the section follows (pen_wizard_get_supply …); NULL: none
 * wizard_changed: the wizard changed (NULL when there is none); a list_changed follows
 * list_changed:   the list's items changed, or the wizard and so the list did: show them */
struct _PenWizardSectionClass
{
  PenSectionClass parent_class;

  GListModel *(*get_list)       (PenWizard        *wizard);
  void        (*wizard_changed) (PenWizardSection *self,
                                 PenWizard        *wizard);
  void        (*list_changed)   (PenWizardSection *self);

  gpointer padding[4];
};

PenWizard *pen_wizard_section_get_wizard (PenWizardSection *self);
void       pen_wizard_section_set_wizard (PenWizardSection *self,
                                          PenWizard        *wizard);

G_END_DECLS
