/* pen-rules-line.h: one line of a rules section's body, a paragraph or a list item
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_RULES_LINE (pen_rules_line_get_type ())
G_DECLARE_FINAL_TYPE (PenRulesLine, pen_rules_line, PEN, RULES_LINE, GtkWidget)

/* A line of the body's light markup (pen-rules-section.h), stripped and not empty. in_steps
 * carries from one line to the next whether the lines are under a numbered step. */
GtkWidget *pen_rules_line_new (const char *line,
                               gboolean   *in_steps);

G_END_DECLS
