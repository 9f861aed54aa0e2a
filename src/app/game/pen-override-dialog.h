/* pen-override-dialog.h: a refusal by the rules, and "Do it anyway"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-action.h"
#include "pen-game.h"
#include "pen-rule.h"

G_BEGIN_DECLS

#define PEN_TYPE_OVERRIDE_DIALOG (pen_override_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PenOverrideDialog, pen_override_dialog, PEN, OVERRIDE_DIALOG,
                      AdwMessageDialog)

/* Whether error is a refusal by a rule the table may overrule (a PEN_RULE_ERROR) */
gboolean           pen_override_dialog_can_override (const GError *error);

/* Shows the rule error refused action by (its name and one-line reason, translated) and offers
 * "Do it anyway": the dialog then emits "submit" with a copy of the action marked as an
 * override (pen_action_set_override), for the window to submit. */
PenOverrideDialog *pen_override_dialog_new     (GtkWindow    *parent,
                                                PenGame      *game,
                                                PenAction    *action,
                                                const GError *error);
PenRule            pen_override_dialog_get_rule (PenOverrideDialog *self);

G_END_DECLS
