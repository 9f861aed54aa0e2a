/* pen-rest-pay-dialog.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-count.h"
#include "pen-count-row.h"
#include "pen-rest-pay-dialog.h"
#include "pen-types.h"
#include "pen-wizard.h"

struct _PenRestPayDialog
{
  AdwMessageDialog parent_instance;

  GtkListBox      *list;

  GListStore      *amounts;   /* PenCount, index: PenIngredient */
  char            *card;
  gboolean         buy;
};

G_DEFINE_FINAL_TYPE (PenRestPayDialog, pen_rest_pay_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void
pen_rest_pay_dialog_dispose (GObject *object)
{
  PenRestPayDialog *self = PEN_REST_PAY_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_REST_PAY_DIALOG);
  g_clear_object (&self->amounts);

  G_OBJECT_CLASS (pen_rest_pay_dialog_parent_class)->dispose (object);
}

static void
pen_rest_pay_dialog_finalize (GObject *object)
{
  PenRestPayDialog *self = PEN_REST_PAY_DIALOG (object);

  g_clear_pointer (&self->card, g_free);

  G_OBJECT_CLASS (pen_rest_pay_dialog_parent_class)->finalize (object);
}

static void
pen_rest_pay_dialog_class_init (PenRestPayDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_rest_pay_dialog_dispose;
  object_class->finalize = pen_rest_pay_dialog_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-rest-pay-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRestPayDialog, list);
}

static void
pen_rest_pay_dialog_init (PenRestPayDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->amounts = g_list_store_new (PEN_TYPE_COUNT);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      g_autoptr(PenCount) count = pen_count_new (i, pen_ingredient_get_label (i),
                                                 PEN_INGREDIENT_CAP, 1);

      g_list_store_append (self->amounts, count);
    }
  gtk_list_box_bind_model (self->list, G_LIST_MODEL (self->amounts), pen_count_row_create, NULL,
                           NULL);
}

PenRestPayDialog *
pen_rest_pay_dialog_new (GtkWindow   *parent,
                         const char  *heading,
                         const char  *body,
                         const guint *cost,
                         gboolean     buy,
                         const char  *card)
{
  PenRestPayDialog *self = g_object_new (PEN_TYPE_REST_PAY_DIALOG, "transient-for", parent,
                                         "modal", parent != NULL, "heading", heading,
                                         "body", body, NULL);

  self->buy = buy;
  self->card = g_strdup (card);
  for (guint i = 0; cost != NULL && i < PEN_N_INGREDIENTS; i++)
    {
      g_autoptr(PenCount) count = g_list_model_get_item (G_LIST_MODEL (self->amounts), i);

      pen_count_set_value (count, cost[i]);
    }
  return self;
}

const char *
pen_rest_pay_dialog_get_card (PenRestPayDialog *self)
{
  g_return_val_if_fail (PEN_IS_REST_PAY_DIALOG (self), NULL);

  return self->card;
}

gboolean
pen_rest_pay_dialog_get_buy (PenRestPayDialog *self)
{
  g_return_val_if_fail (PEN_IS_REST_PAY_DIALOG (self), FALSE);

  return self->buy;
}

void
pen_rest_pay_dialog_get_pay (PenRestPayDialog *self,
                             guint             pay[PEN_N_INGREDIENTS])
{
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    pay[i] = 0;
  g_return_if_fail (PEN_IS_REST_PAY_DIALOG (self));

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      g_autoptr(PenCount) count = g_list_model_get_item (G_LIST_MODEL (self->amounts), i);

      pay[i] = pen_count_get_value (count);
    }
}

PenAction *
pen_rest_pay_dialog_get_action (PenRestPayDialog *self,
                                guint             wizard)
{
  guint pay[PEN_N_INGREDIENTS];

  g_return_val_if_fail (PEN_IS_REST_PAY_DIALOG (self), NULL);

  pen_rest_pay_dialog_get_pay (self, pay);
  if (self->buy)
    return pen_action_new_buy_paid (wizard, self->card, pay, NULL);
  return pen_action_new_brew_paid (wizard, self->card, pay);
}
