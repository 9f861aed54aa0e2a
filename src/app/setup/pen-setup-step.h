/* pen-setup-step.h: the base of the set-up assistant's steps
 *
 * A step shows part of a PenSetupDraft (the "draft" property, set once) and writes the table's
 * answers to it. The assistant calls refresh when the step comes into view: a step out of view
 * does no work.
 *
 * draft_set: the draft was set (bind to it here)
 * refresh:   the step is shown: bring what depends on other steps' answers up to date
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-setup-draft.h"

G_BEGIN_DECLS

#define PEN_TYPE_SETUP_STEP (pen_setup_step_get_type ())
G_DECLARE_DERIVABLE_TYPE (PenSetupStep, pen_setup_step, PEN, SETUP_STEP, AdwBin)

struct _PenSetupStepClass
{
  AdwBinClass parent_class;

  void (*draft_set) (PenSetupStep *self,
                     PenSetupDraft *draft);
  void (*refresh)   (PenSetupStep *self);

  gpointer padding[4];
};

PenSetupDraft *pen_setup_step_get_draft (PenSetupStep  *self);
void           pen_setup_step_set_draft (PenSetupStep  *self,
                                         PenSetupDraft *draft);
void           pen_setup_step_refresh   (PenSetupStep  *self);

G_END_DECLS
