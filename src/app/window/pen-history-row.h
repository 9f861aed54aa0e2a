/* pen-history-row.h: one action in the history list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pen-action.h"

G_BEGIN_DECLS

#define PEN_TYPE_HISTORY_ROW (pen_history_row_get_type ())
G_DECLARE_FINAL_TYPE (PenHistoryRow, pen_history_row, PEN, HISTORY_ROW, GtkWidget)

PenHistoryRow *pen_history_row_new        (void);
/* applied: FALSE for an undone action that redo would bring back */
void           pen_history_row_set_action (PenHistoryRow *self,
                                           PenAction     *action,
                                           guint          number,
                                           gboolean       applied);
/* current: the game stands just after this step (the undo position): marked, and said */
void           pen_history_row_set_current (PenHistoryRow *self,
                                            gboolean       current);
gboolean       pen_history_row_get_current (PenHistoryRow *self);

G_END_DECLS
