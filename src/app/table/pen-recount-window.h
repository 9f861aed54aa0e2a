/* pen-recount-window.h: "Check the table", a guided recount of the physical table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_RECOUNT_WINDOW (pen_recount_window_get_type ())
G_DECLARE_FINAL_TYPE (PenRecountWindow, pen_recount_window, PEN, RECOUNT_WINDOW, AdwWindow)

/* The recount of table, shown; its corrections go to section as one "recount" action */
GtkWindow *pen_recount_window_open (PenSection *section,
                                    PenTable   *table);

G_END_DECLS
