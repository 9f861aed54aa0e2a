/* pen-rule-button.h: a "?" button that asks the window to show the rule of a term
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_RULE_BUTTON (pen_rule_button_get_type ())
G_DECLARE_FINAL_TYPE (PenRuleButton, pen_rule_button, PEN, RULE_BUTTON, GtkButton)

G_END_DECLS
