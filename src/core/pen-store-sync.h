/* pen-store-sync.h: bring a GListStore of the table up to date, telling only what changed
 *
 * A restored snapshot (undo, redo after a refusal, a correction) gives new objects for every
 * list of the table; the views are bound to the stores and their objects, so the stores keep
 * their objects and are told only of the difference: the items equal at the head and at the
 * tail stay as they are (no signal), the items left in the middle are updated in place as far
 * as both lists have some (each setter notifies only a property that really changed), and the
 * rest is one insertion or one removal (one "items-changed" for that range).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* TRUE when item already shows what other holds */
typedef gboolean (*PenStoreSameFunc) (gpointer item,
                                      gpointer other);
/* Makes item show what other holds, through its setters */
typedef void     (*PenStoreCopyFunc) (gpointer item,
                                      gpointer other);

void     pen_store_sync      (GListStore       *store,
                              GPtrArray        *items,
                              PenStoreSameFunc  same,
                              PenStoreCopyFunc  copy);

/* For the stores of PenDie (a supply, the placed dice), PenMark and PenTableCard */
gboolean pen_store_same_die  (gpointer          item,
                              gpointer          other);
void     pen_store_copy_die  (gpointer          item,
                              gpointer          other);
gboolean pen_store_same_mark (gpointer          item,
                              gpointer          other);
void     pen_store_copy_mark (gpointer          item,
                              gpointer          other);
gboolean pen_store_same_card (gpointer          item,
                              gpointer          other);
void     pen_store_copy_card (gpointer          item,
                              gpointer          other);

G_END_DECLS
