/* pen-task-rows.h: the rows that ask a task's details (colours, dice, total, faces, Threat,
 * Ingredients, symbols), shared by the task helper (PenTaskDialog) and a Contract's printed
 * task (PenPrintedTask)
 *
 * Both templates hold these rows under the same ids; the owner keeps a PenTaskRows in its
 * instance, binds the ids to it in class_init, then ties the rows to its PenTaskForm and shows
 * the ones the task's kind asks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-task-form.h"

G_BEGIN_DECLS

typedef struct
{
  GtkWidget     *colors_row;
  GtkFlowBox    *colors_box;
  AdwComboRow   *roll_color_row;
  GtkWidget     *count_row;
  GtkSpinButton *count_spin;
  GtkWidget     *at_least_row;
  GtkSpinButton *at_least_spin;
  GtkWidget     *values_row;
  GtkWidget     *threat_row;
  GtkSpinButton *threat_spin;
  GtkListBox    *ingredients_list;
  GtkListBox    *symbols_list;
  /* the groups around the two lists, when the template has them (else NULL) */
  GtkWidget     *ingredients_group;
  GtkWidget     *symbols_group;
} PenTaskRows;

/* Binds the template's ids to the PenTaskRows at offset in the instance; with groups, also
 * "ingredients_group" and "symbols_group" */
void pen_task_rows_bind_template (GtkWidgetClass *widget_class,
                                  gssize          offset,
                                  gboolean        groups);
/* The rows edit form's task */
void pen_task_rows_bind          (PenTaskRows    *rows,
                                  PenTaskForm    *form);
/* Shows the rows a task of kind asks (none while the task is not said) */
void pen_task_rows_show          (PenTaskRows    *rows,
                                  gboolean        said,
                                  PenTaskKind     kind);

G_END_DECLS
