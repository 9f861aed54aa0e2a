/* pen-die-button.h: one die of a wizard's supply, with its menu
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-wizard.h"

G_BEGIN_DECLS

#define PEN_TYPE_DIE_BUTTON (pen_die_button_get_type ())
G_DECLARE_FINAL_TYPE (PenDieButton, pen_die_button, PEN, DIE_BUTTON, AdwBin)

/* die of wizard's supply: it redraws when the die changes. Its menu activates board.die
 * (op, index, argument) with its place in the supply as index. */
GtkWidget *pen_die_button_new (PenDie    *die,
                               PenWizard *wizard);

G_END_DECLS
