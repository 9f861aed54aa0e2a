/* pen-contract-cell.h: one of the Guild's four contract cells
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_CONTRACT_CELL (pen_contract_cell_get_type ())
G_DECLARE_FINAL_TYPE (PenContractCell, pen_contract_cell, PEN, CONTRACT_CELL, AdwBin)

/* Shows card (NULL: the cell is empty) in cell slot; a new card slides in from the left when
 * animate, as the physical row shifts right. The same card again changes nothing. */
void pen_contract_cell_show (PenContractCell *self,
                             guint            slot,
                             const char      *card,
                             gboolean         animate);

G_END_DECLS
