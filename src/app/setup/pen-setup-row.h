/* pen-setup-row.h: a row of a set-up step's list, showing a PenSetupItem
 *
 * A checklist line (a tick box the table can use; the app does not keep the ticks), a plain
 * line, a die of the table's (physical mode): a 1–6 field that writes the face rolled to
 * the draft, a starting Ingredient's count (0–12) or the starting Discipline card (a drop-down
 * of the catalogue's and "Not named"), both written to the draft.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-setup-draft.h"
#include "pen-setup-item.h"

G_BEGIN_DECLS

#define PEN_TYPE_SETUP_ROW (pen_setup_row_get_type ())
G_DECLARE_FINAL_TYPE (PenSetupRow, pen_setup_row, PEN, SETUP_ROW, AdwActionRow)

PenSetupItem *pen_setup_row_get_item (PenSetupRow *self);

/* Binds list to store (PenSetupItem): one row per item; dice write to draft (may be NULL) */
void          pen_setup_row_bind     (GtkListBox    *list,
                                      GListModel    *store,
                                      PenSetupDraft *draft);

G_END_DECLS
