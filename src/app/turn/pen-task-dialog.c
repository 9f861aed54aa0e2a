/* pen-task-dialog.c: the task helper — can this wizard do this task now, with which dice,
 * and at what odds — and pays it in one undoable step
 *
 * The questions and the answer live in a PenTaskForm; the dialog binds its rows to it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-catalog.h"
#include "pen-count.h"
#include "pen-widget-utils.h"
#include "pen-die-view.h"
#include "pen-task-dialog.h"
#include "pen-task-form.h"
#include "pen-task-rows.h"

struct _PenTaskDialog
{
  AdwWindow      parent_instance;

  AdwComboRow   *wizard_row;
  AdwComboRow   *kind_row;
  PenTaskRows    rows;
  GtkLabel      *verdict_label;
  GtkLabel      *detail_label;
  GtkFlowBox    *dice_box;
  GtkWidget     *pay_button;

  PenTaskForm   *form;
};

G_DEFINE_FINAL_TYPE (PenTaskDialog, pen_task_dialog, ADW_TYPE_WINDOW)

enum {
  SUBMIT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* the kinds in the order of the Kind row */
static const PenTaskKind kind_order[] = {
  PEN_TASK_DISCARD_SUM, PEN_TASK_DISCARD_EXACT, PEN_TASK_ROLL_SUM, PEN_TASK_DISCARD_INGREDIENTS,
  PEN_TASK_WITHSTAND, PEN_TASK_HAVE_EXPERIENCE,
};

static gboolean
position_to_kind (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  g_value_set_uint (to, kind_order[MIN (g_value_get_uint (from), G_N_ELEMENTS (kind_order) - 1)]);
  return TRUE;
}

static gboolean
kind_to_position (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  for (guint i = 0; i < G_N_ELEMENTS (kind_order); i++)
    if (kind_order[i] == g_value_get_uint (from))
      {
        g_value_set_uint (to, i);
        return TRUE;
      }
  return FALSE;
}

static void
kind_changed_cb (PenTaskDialog *self)
{
  pen_task_rows_show (&self->rows, TRUE, pen_task_form_get_kind (self->form));
}

static void
feasible_changed_cb (PenTaskDialog *self)
{
  gboolean feasible = pen_task_form_get_feasible (self->form);

  gtk_widget_remove_css_class (GTK_WIDGET (self->verdict_label), feasible ? "warning" : "success");
  gtk_widget_add_css_class (GTK_WIDGET (self->verdict_label), feasible ? "success" : "warning");
}

static GtkWidget *
create_die (gpointer item,
            gpointer user_data)
{
  GtkWidget *view = g_object_new (PEN_TYPE_DIE_VIEW, NULL);

  pen_die_view_set_die (PEN_DIE_VIEW (view), pen_die_get_color (item), pen_die_get_value (item),
                        pen_die_get_temporary (item));
  return view;
}

static void
pay_clicked_cb (PenTaskDialog *self)
{
  g_autoptr(PenAction) action = pen_task_form_get_action (self->form);

  if (action != NULL)
    g_signal_emit (self, signals[SUBMIT], 0, action);
}

static void
bind_form (PenTaskDialog *self)
{
  GBindingFlags both = G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE;

  g_object_bind_property (self->form, "wizard", self->wizard_row, "selected", both);
  g_object_bind_property_full (self->form, "kind", self->kind_row, "selected", both,
                               kind_to_position, position_to_kind, NULL, NULL);
  pen_task_rows_bind (&self->rows, self->form);
  gtk_flow_box_bind_model (self->dice_box, pen_task_form_get_dice (self->form), create_die,
                           NULL, NULL);
  g_signal_connect_object (self->form, "notify::kind", G_CALLBACK (kind_changed_cb), self,
                           G_CONNECT_SWAPPED);
  kind_changed_cb (self);

  g_object_bind_property (self->form, "verdict", self->verdict_label, "label",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->form, "detail", self->detail_label, "label",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->form, "can-pay", self->pay_button, "sensitive",
                          G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->form, "notify::feasible", G_CALLBACK (feasible_changed_cb),
                           self, G_CONNECT_SWAPPED);
  feasible_changed_cb (self);
}

static void
pen_task_dialog_dispose (GObject *object)
{
  PenTaskDialog *self = PEN_TASK_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_TASK_DIALOG);
  g_clear_object (&self->form);

  G_OBJECT_CLASS (pen_task_dialog_parent_class)->dispose (object);
}

static void
pen_task_dialog_class_init (PenTaskDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_task_dialog_dispose;
  /* one action, for the window to submit */
  signals[SUBMIT] = g_signal_new ("submit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_ACTION);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  g_type_ensure (PEN_TYPE_COUNT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-task-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, wizard_row);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, kind_row);
  pen_task_rows_bind_template (widget_class, G_STRUCT_OFFSET (PenTaskDialog, rows), TRUE);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, detail_label);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, dice_box);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, pay_button);
  gtk_widget_class_bind_template_callback (widget_class, pay_clicked_cb);
}

static void
pen_task_dialog_init (PenTaskDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_widget_keep_scroll_still (GTK_WIDGET (self));
  /* a wheel turn over a number scrolls the form */
  pen_spin_buttons_scroll_when_focused (GTK_WIDGET (self));
  pen_combo_row_wrap_popup (self->kind_row);
  pen_combo_row_wrap_popup (self->rows.roll_color_row);
}

PenTaskDialog *
pen_task_dialog_new (PenGame *game,
                     guint    wizard)
{
  PenTaskDialog *self = g_object_new (PEN_TYPE_TASK_DIALOG, "modal", TRUE, NULL);
  PenTable *table = pen_game_get_table (game);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  for (guint i = 0; i < pen_table_get_n_players (table); i++)
    gtk_string_list_append (names, pen_wizard_get_display_name (pen_table_get_wizard (table, i)));
  adw_combo_row_set_model (self->wizard_row, G_LIST_MODEL (names));
  /* the answer follows the table (undo, a die gained…): the form watches the game */
  self->form = pen_task_form_new (game, wizard);
  bind_form (self);
  return self;
}

void
pen_task_dialog_set_task (PenTaskDialog *self,
                          const char    *kind,
                          guint          colors,
                          int            at_least)
{
  int k = pen_task_kind_from_string (kind);

  g_return_if_fail (PEN_IS_TASK_DIALOG (self));

  if (k >= 0)
    pen_task_form_set_kind (self->form, k);
  pen_task_form_set_colors (self->form, colors);
  g_object_set (self->form, "at-least", at_least, NULL);
}

gboolean
pen_task_dialog_set_card (PenTaskDialog *self,
                          const char    *card)
{
  PenCard *c;
  JsonNode *node;
  g_autoptr(PenTask) task = NULL;

  g_return_val_if_fail (PEN_IS_TASK_DIALOG (self), FALSE);

  c = card != NULL ? pen_catalog_lookup (pen_catalog_get_default (), card) : NULL;
  node = c != NULL ? pen_card_get_task (c) : NULL;
  if (node == NULL || !(task = pen_task_from_json (node, "$", NULL)))
    return FALSE;
  pen_task_form_set_task (self->form, task);
  return TRUE;
}

gboolean
pen_task_dialog_get_feasible (PenTaskDialog *self)
{
  g_return_val_if_fail (PEN_IS_TASK_DIALOG (self), FALSE);

  return pen_task_form_get_feasible (self->form);
}

const char *
pen_task_dialog_get_verdict (PenTaskDialog *self)
{
  g_return_val_if_fail (PEN_IS_TASK_DIALOG (self), NULL);

  return gtk_label_get_label (self->verdict_label);
}

void
pen_task_dialog_pay (PenTaskDialog *self)
{
  g_return_if_fail (PEN_IS_TASK_DIALOG (self));

  pay_clicked_cb (self);
}
