/* pen-task-rows.c: the task's detail rows of the task helper and the printed task
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-color-toggle.h"
#include "pen-count-row.h"
#include "pen-task-rows.h"

#define BIND(name) \
  gtk_widget_class_bind_template_child_full (widget_class, #name, FALSE, \
                                             offset + G_STRUCT_OFFSET (PenTaskRows, name))

void
pen_task_rows_bind_template (GtkWidgetClass *widget_class,
                             gssize          offset,
                             gboolean        groups)
{
  BIND (colors_row);
  BIND (colors_box);
  BIND (roll_color_row);
  BIND (count_row);
  BIND (count_spin);
  BIND (at_least_row);
  BIND (at_least_spin);
  BIND (values_row);
  BIND (threat_row);
  BIND (threat_spin);
  BIND (ingredients_list);
  BIND (symbols_list);
  if (groups)
    {
      BIND (ingredients_group);
      BIND (symbols_group);
    }
}

#undef BIND

void
pen_task_rows_bind (PenTaskRows *rows,
                    PenTaskForm *form)
{
  GBindingFlags both = G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE;

  adw_combo_row_set_model (rows->roll_color_row, pen_task_form_get_color_list (form));
  g_object_bind_property (form, "roll-color", rows->roll_color_row, "selected", both);
  g_object_bind_property (form, "count", rows->count_spin, "value", both);
  g_object_bind_property (form, "at-least", rows->at_least_spin, "value", both);
  g_object_bind_property (form, "values", rows->values_row, "text", both);
  g_object_bind_property (form, "threat", rows->threat_spin, "value", both);
  gtk_flow_box_bind_model (rows->colors_box, pen_task_form_get_color_list (form),
                           pen_color_toggle_create, NULL, NULL);
  gtk_list_box_bind_model (rows->ingredients_list, pen_task_form_get_ingredients (form),
                           pen_count_row_create, NULL, NULL);
  gtk_list_box_bind_model (rows->symbols_list, pen_task_form_get_symbols (form),
                           pen_count_row_create, NULL, NULL);
}

#define MASK(k) (1u << (k))

void
pen_task_rows_show (PenTaskRows *rows,
                    gboolean     said,
                    PenTaskKind  kind)
{
  struct { GtkWidget *w; guint kinds; } shown[] = {
    { rows->colors_row, MASK (PEN_TASK_DISCARD_SUM) | MASK (PEN_TASK_DISCARD_EXACT) },
    { GTK_WIDGET (rows->roll_color_row), MASK (PEN_TASK_ROLL_SUM) },
    { rows->at_least_row, MASK (PEN_TASK_DISCARD_SUM) | MASK (PEN_TASK_ROLL_SUM) },
    { rows->count_row, MASK (PEN_TASK_ROLL_SUM) },
    { rows->values_row, MASK (PEN_TASK_DISCARD_EXACT) },
    { rows->threat_row, MASK (PEN_TASK_WITHSTAND) },
    { rows->ingredients_group ? rows->ingredients_group : GTK_WIDGET (rows->ingredients_list),
      MASK (PEN_TASK_DISCARD_INGREDIENTS) },
    { rows->symbols_group ? rows->symbols_group : GTK_WIDGET (rows->symbols_list),
      MASK (PEN_TASK_HAVE_EXPERIENCE) },
  };

  for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
    gtk_widget_set_visible (shown[i].w, said && (shown[i].kinds & MASK (kind)));
}
