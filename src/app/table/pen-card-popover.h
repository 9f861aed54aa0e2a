/* pen-card-popover.h: what can be done with a trial in the row or a reserved card
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-table.h"

G_BEGIN_DECLS

#define PEN_TYPE_CARD_POPOVER (pen_card_popover_get_type ())
G_DECLARE_FINAL_TYPE (PenCardPopover, pen_card_popover, PEN, CARD_POPOVER, GtkPopover)

/* Shows the actions for trial_row[index] (index >= 0) or the current wizard's reserved card */
void pen_card_popover_update (PenCardPopover *self,
                              PenTable       *table,
                              int             index,
                              const char     *card);

G_END_DECLS
