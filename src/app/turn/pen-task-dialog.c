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
#include "pen-color-toggle.h"
#include "pen-count-row.h"
#include "pen-widget-utils.h"
#include "pen-die-view.h"
#include "pen-task-dialog.h"
#include "pen-task-form.h"

struct _PenTaskDialog
{
  AdwWindow      parent_instance;

  AdwComboRow   *wizard_row;
  AdwComboRow   *kind_row;
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
  GtkWidget     *ingredients_group;
  GtkListBox    *ingredients_list;
  GtkWidget     *symbols_group;
  GtkListBox    *symbols_list;
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

#define KINDS(...) GUINT_TO_POINTER (kinds_mask ((const PenTaskKind[]) { __VA_ARGS__ }, \
                                                 sizeof ((PenTaskKind[]) { __VA_ARGS__ }) \
                                                 / sizeof (PenTaskKind)))

static guint
kinds_mask (const PenTaskKind *kinds,
            guint              n)
{
  guint mask = 0;

  for (guint i = 0; i < n; i++)
    mask |= 1u << kinds[i];
  return mask;
}

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

/* visible for the kinds of the mask in user_data */
static gboolean
kind_to_visible (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  g_value_set_boolean (to, (GPOINTER_TO_UINT (user_data) >> g_value_get_uint (from)) & 1);
  return TRUE;
}

static void
show_for (PenTaskDialog *self,
          gpointer       widget,
          gpointer       kinds)
{
  g_object_bind_property_full (self->form, "kind", widget, "visible", G_BINDING_SYNC_CREATE,
                               kind_to_visible, NULL, kinds, NULL);
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
  adw_combo_row_set_model (self->roll_color_row, pen_task_form_get_color_list (self->form));
  g_object_bind_property (self->form, "roll-color", self->roll_color_row, "selected", both);
  g_object_bind_property (self->form, "count", self->count_spin, "value", both);
  g_object_bind_property (self->form, "at-least", self->at_least_spin, "value", both);
  g_object_bind_property (self->form, "values", self->values_row, "text", both);
  g_object_bind_property (self->form, "threat", self->threat_spin, "value", both);
  gtk_flow_box_bind_model (self->colors_box, pen_task_form_get_color_list (self->form),
                           pen_color_toggle_create, NULL, NULL);
  gtk_list_box_bind_model (self->ingredients_list, pen_task_form_get_ingredients (self->form),
                           pen_count_row_create, NULL, NULL);
  gtk_list_box_bind_model (self->symbols_list, pen_task_form_get_symbols (self->form),
                           pen_count_row_create, NULL, NULL);
  gtk_flow_box_bind_model (self->dice_box, pen_task_form_get_dice (self->form), create_die,
                           NULL, NULL);

  show_for (self, self->colors_row, KINDS (PEN_TASK_DISCARD_SUM, PEN_TASK_DISCARD_EXACT));
  show_for (self, self->roll_color_row, KINDS (PEN_TASK_ROLL_SUM));
  show_for (self, self->at_least_row, KINDS (PEN_TASK_DISCARD_SUM, PEN_TASK_ROLL_SUM));
  show_for (self, self->count_row, KINDS (PEN_TASK_ROLL_SUM));
  show_for (self, self->values_row, KINDS (PEN_TASK_DISCARD_EXACT));
  show_for (self, self->threat_row, KINDS (PEN_TASK_WITHSTAND));
  show_for (self, self->ingredients_group, KINDS (PEN_TASK_DISCARD_INGREDIENTS));
  show_for (self, self->symbols_group, KINDS (PEN_TASK_HAVE_EXPERIENCE));

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
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, colors_row);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, colors_box);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, roll_color_row);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, count_row);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, count_spin);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, at_least_row);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, at_least_spin);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, values_row);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, threat_row);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, threat_spin);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, ingredients_group);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, ingredients_list);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, symbols_group);
  gtk_widget_class_bind_template_child (widget_class, PenTaskDialog, symbols_list);
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
  pen_combo_row_wrap_popup (self->kind_row);
  pen_combo_row_wrap_popup (self->roll_color_row);
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
