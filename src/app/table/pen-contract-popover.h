/* pen-contract-popover.h: what can be done with a Guild cell
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-table.h"

G_BEGIN_DECLS

#define PEN_TYPE_CONTRACT_POPOVER (pen_contract_popover_get_type ())
G_DECLARE_FINAL_TYPE (PenContractPopover, pen_contract_popover, PEN, CONTRACT_POPOVER, GtkPopover)

void pen_contract_popover_update (PenContractPopover *self,
                                  PenTable           *table,
                                  guint               slot);

G_END_DECLS
