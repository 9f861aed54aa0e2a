/* pen-task-form.h: the task helper's questions and its answer, kept up to date
 *
 * What the task dialog asks (which wizard, the kind of task and its numbers) as properties
 * and list models of PenCount (the colours asked for, value 0 or 1; the Ingredients to
 * discard; the experience symbols needed), and the answer for the game's table as it stands:
 * "feasible", "verdict", "detail", "can-pay" and the dice the answer spends (a GListModel of
 * PenDie). Any change of a question or of the game's position solves again. The Pay button's
 * action ("task-pay") comes from pen_task_form_get_action(). No GTK: tested headless.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pen-action.h"
#include "pen-game.h"
#include "pen-tasks.h"

G_BEGIN_DECLS

#define PEN_TYPE_TASK_FORM (pen_task_form_get_type ())
G_DECLARE_FINAL_TYPE (PenTaskForm, pen_task_form, PEN, TASK_FORM, GObject)

PenTaskForm *pen_task_form_new             (PenGame     *game,
                                            guint        wizard);
PenGame     *pen_task_form_get_game        (PenTaskForm *self);
PenTaskKind  pen_task_form_get_kind        (PenTaskForm *self);
void         pen_task_form_set_kind        (PenTaskForm *self,
                                            PenTaskKind  kind);
guint        pen_task_form_get_wizard      (PenTaskForm *self);
/* the colours asked for, as a mask of 1 << PenColor (the colour models' values) */
guint        pen_task_form_get_colors      (PenTaskForm *self);
void         pen_task_form_set_colors      (PenTaskForm *self,
                                            guint        colors);
GListModel  *pen_task_form_get_color_list  (PenTaskForm *self);
/* Every question answered as task says (a Contract's printed task), in one change */
void         pen_task_form_set_task        (PenTaskForm   *self,
                                            const PenTask *task);
GListModel  *pen_task_form_get_ingredients (PenTaskForm *self);
GListModel  *pen_task_form_get_symbols     (PenTaskForm *self);
GListModel  *pen_task_form_get_dice        (PenTaskForm *self);

gboolean     pen_task_form_get_feasible    (PenTaskForm *self);
gboolean     pen_task_form_get_can_pay     (PenTaskForm *self);
const char  *pen_task_form_get_verdict     (PenTaskForm *self);
const char  *pen_task_form_get_detail      (PenTaskForm *self);
/* The task the questions make, as the solver reads it (owned by the form) */
const PenTask *pen_task_form_get_task      (PenTaskForm *self);
/* The "task-pay" action paying what the answer uses, or NULL when it cannot be paid */
PenAction   *pen_task_form_get_action      (PenTaskForm *self);

G_END_DECLS
