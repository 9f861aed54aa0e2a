/* pen-printed-task.c: the task and the reward printed on a Contract
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "pen-count.h"
#include "pen-count-row.h"
#include "pen-widget-utils.h"
#include "pen-printed-task.h"
#include "pen-task-rows.h"

struct _PenPrintedTask
{
  GtkBox          parent_instance;

  AdwComboRow    *kind_row;
  PenTaskRows     rows;
  GtkWidget      *reward_label;
  GtkWidget      *reward_list;
  AdwExpanderRow *dice_expander;
  AdwExpanderRow *ingredients_expander;
  AdwExpanderRow *cards_expander;
  GtkWidget      *retaliation_row;

  PenTaskForm    *form;
  GListStore     *reward[4];   /* of PenCount: dice, Ingredients, cards, Retaliation */
  gboolean        said;
  gboolean        valid;
};

G_DEFINE_FINAL_TYPE (PenPrintedTask, pen_printed_task, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_SAID,
  PROP_VALID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* the kinds after "Not read yet", in the task helper's order */
static const PenTaskKind kind_order[] = {
  PEN_TASK_DISCARD_SUM, PEN_TASK_DISCARD_EXACT, PEN_TASK_ROLL_SUM, PEN_TASK_DISCARD_INGREDIENTS,
  PEN_TASK_WITHSTAND, PEN_TASK_HAVE_EXPERIENCE,
};

static guint
sum_counts (GListModel *counts)
{
  guint sum = 0;

  for (guint i = 0; i < g_list_model_get_n_items (counts); i++)
    {
      g_autoptr(PenCount) count = g_list_model_get_item (counts, i);

      sum += pen_count_get_value (count);
    }
  return sum;
}

/* The numbers the card prints for its kind of task have been given: the form starts empty
 * here, never with the Task Helper's example (play finding T6) */
static gboolean
printed_numbers_given (PenTaskForm   *form,
                       const PenTask *task)
{
  switch (task->kind)
    {
    case PEN_TASK_DISCARD_SUM:
      return pen_task_form_get_colors (form) != 0 && task->at_least > 0;
    case PEN_TASK_DISCARD_EXACT:
      return pen_task_form_get_colors (form) != 0 && task->n_values > 0;
    case PEN_TASK_ROLL_SUM:
      return task->at_least > 0;
    case PEN_TASK_DISCARD_INGREDIENTS:
      return sum_counts (pen_task_form_get_ingredients (form)) > 0;
    case PEN_TASK_WITHSTAND:
      return task->threat > 0;
    case PEN_TASK_HAVE_EXPERIENCE:
      return sum_counts (pen_task_form_get_symbols (form)) > 0;
    case PEN_N_TASK_KINDS:
    default:
      return FALSE;
    }
}

/* Nothing the card did not print: the form's example values (Red and Purple dice, sum 8, three
 * Crystals…) are the Task Helper's, and a table that forgot one field saved them as the card's
 * print for every later game */
static void
clear_example (PenTaskForm *form)
{
  GListModel *lists[] = { pen_task_form_get_ingredients (form),
                          pen_task_form_get_symbols (form) };

  pen_task_form_set_colors (form, 0);
  g_object_set (form, "at-least", 0, "values", "", "threat", 0u, NULL);
  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint i = 0; i < g_list_model_get_n_items (lists[l]); i++)
      {
        g_autoptr(PenCount) count = g_list_model_get_item (lists[l], i);

        pen_count_set_value (count, 0);
      }
}

static void
check (PenPrintedTask *self)
{
  guint sel = adw_combo_row_get_selected (self->kind_row);
  gboolean said = sel >= 1 && sel <= G_N_ELEMENTS (kind_order);
  gboolean valid = TRUE;
  PenTaskKind kind = said ? kind_order[sel - 1] : PEN_TASK_DISCARD_SUM;
  const PenTask *task = said && self->form ? pen_task_form_get_task (self->form) : NULL;

  pen_task_rows_show (&self->rows, said, kind);
  gtk_widget_set_visible (self->reward_label, said);
  gtk_widget_set_visible (self->reward_list, said);

  /* what the rules read back: the faces of an exact discard are needed */
  if (said && task != NULL)
    {
      g_autoptr(JsonNode) node = pen_task_to_json (task);
      g_autoptr(PenTask) back = node ? pen_task_from_json (node, "$", NULL) : NULL;

      valid = back != NULL && printed_numbers_given (self->form, task);
    }
  if (said != self->said)
    {
      self->said = said;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAID]);
    }
  if (valid != self->valid)
    {
      self->valid = valid;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
    }
}

static void
kind_changed_cb (PenPrintedTask *self)
{
  guint sel = adw_combo_row_get_selected (self->kind_row);

  if (sel >= 1 && sel <= G_N_ELEMENTS (kind_order))
    pen_task_form_set_kind (self->form, kind_order[sel - 1]);
  check (self);
}

static const char *
card_label (guint i)
{
  switch (i)
    {
    case PEN_REWARD_DISCIPLINE:
      return _("Discipline Cards");
    case PEN_REWARD_POTION:
      return _("Potions");
    case PEN_REWARD_ARTIFACT:
    default:
      return _("Artifacts");
    }
}

static const char *
retaliation_label (guint i)
{
  /* TRANSLATORS: Retaliation (X): after the reward, roll X Threat dice */
  return _("Retaliation: Threat Dice");
}

static void
fill_expander (AdwExpanderRow *expander,
               GListModel     *counts)
{
  for (guint i = 0; i < g_list_model_get_n_items (counts); i++)
    {
      g_autoptr(PenCount) count = g_list_model_get_item (counts, i);

      adw_expander_row_add_row (expander, pen_count_row_create (count, NULL));
    }
}

void
pen_printed_task_set_game (PenPrintedTask *self,
                           PenGame        *game)
{
  PenTable *table;

  g_return_if_fail (PEN_IS_PRINTED_TASK (self));
  g_return_if_fail (self->form == NULL);

  table = pen_game_get_table (game);
  self->form = pen_task_form_new (game, pen_table_get_n_players (table) > 0
                                        ? pen_table_get_current (table) : 0);
  clear_example (self->form);
  pen_task_rows_bind (&self->rows, self->form);
  /* the form solves again on every change: its task is then up to date */
  g_signal_connect_object (self->form, "notify", G_CALLBACK (check), self, G_CONNECT_SWAPPED);
  check (self);
}

gboolean
pen_printed_task_get_said (PenPrintedTask *self)
{
  g_return_val_if_fail (PEN_IS_PRINTED_TASK (self), FALSE);
  return self->said;
}

gboolean
pen_printed_task_get_valid (PenPrintedTask *self)
{
  g_return_val_if_fail (PEN_IS_PRINTED_TASK (self), FALSE);
  return self->valid;
}

const PenTask *
pen_printed_task_get_task (PenPrintedTask *self)
{
  g_return_val_if_fail (PEN_IS_PRINTED_TASK (self), NULL);
  return self->said && self->form != NULL ? pen_task_form_get_task (self->form) : NULL;
}

static guint
count_at (GListStore *store,
          guint       i)
{
  g_autoptr(PenCount) count = g_list_model_get_item (G_LIST_MODEL (store), i);

  return count != NULL ? pen_count_get_value (count) : 0;
}

void
pen_printed_task_get_reward (PenPrintedTask *self,
                             PenCardReward  *reward)
{
  g_return_if_fail (PEN_IS_PRINTED_TASK (self));
  g_return_if_fail (reward != NULL);

  memset (reward, 0, sizeof *reward);
  if (!self->said)
    return;
  reward->said = TRUE;
  for (guint c = 0; c < PEN_N_COLORS; c++)
    reward->dice[c] = count_at (self->reward[0], c);
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    reward->ingredients[k] = count_at (self->reward[1], k);
  for (guint k = 0; k < PEN_N_REWARD_CARDS; k++)
    reward->cards[k] = count_at (self->reward[2], k);
  reward->retaliation = count_at (self->reward[3], 0);
}

AdwComboRow *
pen_printed_task_get_kind_row (PenPrintedTask *self)
{
  g_return_val_if_fail (PEN_IS_PRINTED_TASK (self), NULL);
  return self->kind_row;
}

PenTaskForm *
pen_printed_task_get_form (PenPrintedTask *self)
{
  g_return_val_if_fail (PEN_IS_PRINTED_TASK (self), NULL);
  return self->form;
}

PenCount *
pen_printed_task_get_reward_count (PenPrintedTask *self,
                                   guint           which,
                                   guint           index)
{
  g_autoptr(PenCount) count = NULL;

  g_return_val_if_fail (PEN_IS_PRINTED_TASK (self), NULL);
  g_return_val_if_fail (which < G_N_ELEMENTS (self->reward), NULL);
  count = g_list_model_get_item (G_LIST_MODEL (self->reward[which]), index);
  /* the store keeps its own reference */
  return count;
}

static void
pen_printed_task_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  PenPrintedTask *self = PEN_PRINTED_TASK (object);

  switch (prop_id)
    {
    case PROP_SAID:
      g_value_set_boolean (value, self->said);
      break;
    case PROP_VALID:
      g_value_set_boolean (value, self->valid);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_printed_task_dispose (GObject *object)
{
  PenPrintedTask *self = PEN_PRINTED_TASK (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_PRINTED_TASK);
  g_clear_object (&self->form);
  for (guint i = 0; i < G_N_ELEMENTS (self->reward); i++)
    g_clear_object (&self->reward[i]);

  G_OBJECT_CLASS (pen_printed_task_parent_class)->dispose (object);
}

static void
pen_printed_task_class_init (PenPrintedTaskClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_printed_task_dispose;
  object_class->get_property = pen_printed_task_get_property;

  properties[PROP_SAID] = g_param_spec_boolean ("said", NULL, NULL, FALSE,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_VALID] = g_param_spec_boolean ("valid", NULL, NULL, TRUE,
                                                 G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (PEN_TYPE_COUNT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-printed-task.ui");
  gtk_widget_class_bind_template_child (widget_class, PenPrintedTask, kind_row);
  pen_task_rows_bind_template (widget_class, G_STRUCT_OFFSET (PenPrintedTask, rows), FALSE);
  gtk_widget_class_bind_template_child (widget_class, PenPrintedTask, reward_label);
  gtk_widget_class_bind_template_child (widget_class, PenPrintedTask, reward_list);
  gtk_widget_class_bind_template_child (widget_class, PenPrintedTask, dice_expander);
  gtk_widget_class_bind_template_child (widget_class, PenPrintedTask, ingredients_expander);
  gtk_widget_class_bind_template_child (widget_class, PenPrintedTask, cards_expander);
  gtk_widget_class_bind_template_callback (widget_class, kind_changed_cb);
}

static void
pen_printed_task_init (PenPrintedTask *self)
{
  self->valid = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  /* a wheel turn over a number scrolls the form */
  pen_spin_buttons_scroll_when_focused (GTK_WIDGET (self));
  pen_combo_row_wrap_popup (self->kind_row);
  pen_combo_row_wrap_popup (self->rows.roll_color_row);

  self->reward[0] = pen_count_store_new (PEN_N_COLORS, pen_count_color_title, 6);
  self->reward[1] = pen_count_store_new (PEN_N_INGREDIENTS, pen_count_ingredient_title,
                                         PEN_INGREDIENT_CAP);
  self->reward[2] = pen_count_store_new (PEN_N_REWARD_CARDS, card_label, 4);
  self->reward[3] = pen_count_store_new (1, retaliation_label, 30);
  fill_expander (self->dice_expander, G_LIST_MODEL (self->reward[0]));
  fill_expander (self->ingredients_expander, G_LIST_MODEL (self->reward[1]));
  fill_expander (self->cards_expander, G_LIST_MODEL (self->reward[2]));
  {
    g_autoptr(PenCount) count = g_list_model_get_item (G_LIST_MODEL (self->reward[3]), 0);
    GtkWidget *row = pen_count_row_create (count, NULL);

    gtk_list_box_append (GTK_LIST_BOX (self->reward_list), row);
    self->retaliation_row = row;
  }
  check (self);
}
