/* pen-printed-task.h: the task and the reward printed on a Contract, as the table reads them
 *
 * Part of the naming dialog. The task's questions are a PenTaskForm's (the task helper's:
 * the book's six kinds and their numbers); the reward is counted by die colour, Ingredient
 * and card kind, with its Retaliation. Nothing is an answer until a kind is picked.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-box.h"
#include "pen-count.h"
#include "pen-game.h"
#include "pen-task-form.h"

G_BEGIN_DECLS

#define PEN_TYPE_PRINTED_TASK (pen_printed_task_get_type ())
G_DECLARE_FINAL_TYPE (PenPrintedTask, pen_printed_task, PEN, PRINTED_TASK, GtkBox)

void           pen_printed_task_set_game    (PenPrintedTask *self,
                                             PenGame        *game);
/* Whether the table said the task (a kind is picked) */
gboolean       pen_printed_task_get_said    (PenPrintedTask *self);
/* Whether what is typed is a task the rules can read (discard-exact names its faces) */
gboolean       pen_printed_task_get_valid   (PenPrintedTask *self);
/* The task said, or NULL (owned by the widget) */
const PenTask *pen_printed_task_get_task    (PenPrintedTask *self);
/* The reward said (reward->said is FALSE while the task is not) */
void           pen_printed_task_get_reward  (PenPrintedTask *self,
                                             PenCardReward  *reward);

/* For tests: the kind row (0: not read; then the task helper's kinds), the task's questions,
 * and one reward count: which 0 dice (index a PenColor), 1 Ingredients, 2 cards
 * (PenRewardCard), 3 Retaliation (index 0) */
AdwComboRow   *pen_printed_task_get_kind_row (PenPrintedTask *self);
PenTaskForm   *pen_printed_task_get_form     (PenPrintedTask *self);
PenCount      *pen_printed_task_get_reward_count (PenPrintedTask *self,
                                                  guint           which,
                                                  guint           index);

G_END_DECLS
