/* pen-task-dialog.h: the task helper
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_TASK_DIALOG (pen_task_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PenTaskDialog, pen_task_dialog, PEN, TASK_DIALOG, AdwWindow)

PenTaskDialog *pen_task_dialog_new           (PenGame       *game,
                                              guint          wizard);
/* Presets the task: kind as `penumbra-cli task` names it, colours as a mask of 1 << PenColor */
void           pen_task_dialog_set_task      (PenTaskDialog *self,
                                              const char    *kind,
                                              guint          colors,
                                              int            at_least);
/* Presets the task printed on card (a Contract or Trial) when the catalogue knows it; FALSE
 * (nothing changed) when it does not */
gboolean       pen_task_dialog_set_card      (PenTaskDialog *self,
                                              const char    *card);
gboolean       pen_task_dialog_get_feasible  (PenTaskDialog *self);
const char    *pen_task_dialog_get_verdict   (PenTaskDialog *self);
/* What the Pay button does */
void           pen_task_dialog_pay           (PenTaskDialog *self);

G_END_DECLS
