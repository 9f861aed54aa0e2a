/* pen-rest-pay-dialog.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-catalog.h"
#include "pen-count.h"
#include "pen-count-row.h"
#include "pen-picker-row.h"
#include "pen-rest.h"
#include "pen-rest-pay-dialog.h"
#include "pen-types.h"
#include "pen-wizard.h"

struct _PenRestPayDialog
{
  AdwMessageDialog parent_instance;

  GtkListBox      *list;
  GtkWidget       *turned_up_list;
  AdwActionRow    *turned_up_row;
  GtkDropDown     *turned_up_drop;

  GListStore      *amounts;   /* PenCount, index: PenIngredient */
  char            *card;
  gboolean         buy;
  GStrv            turned_up; /* the cards the drop-down's items stand for, after its "—" */
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
  g_clear_pointer (&self->turned_up, g_strfreev);

  G_OBJECT_CLASS (pen_rest_pay_dialog_parent_class)->finalize (object);
}

/* Pay waits for the card turned up, once it is asked */
static void
turned_up_cb (PenRestPayDialog *self)
{
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "pay",
                                           pen_rest_pay_dialog_get_turned_up (self) != NULL
                                           || self->turned_up == NULL);
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
  gtk_widget_class_bind_template_child (widget_class, PenRestPayDialog, turned_up_list);
  gtk_widget_class_bind_template_child (widget_class, PenRestPayDialog, turned_up_row);
  gtk_widget_class_bind_template_child (widget_class, PenRestPayDialog, turned_up_drop);
  gtk_widget_class_bind_template_callback (widget_class, turned_up_cb);
}

static void
pen_rest_pay_dialog_init (PenRestPayDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* "Another Potion: name it later" under the title, wrapping, within a phone's width */
  pen_picker_row_stack_action_row (self->turned_up_row, GTK_WIDGET (self->turned_up_drop));
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
  PenCardType type = PEN_N_CARD_TYPES;
  PenCard *known;

  self->buy = buy;
  self->card = g_strdup (card);
  for (guint i = 0; cost != NULL && i < PEN_N_INGREDIENTS; i++)
    {
      g_autoptr(PenCount) count = g_list_model_get_item (G_LIST_MODEL (self->amounts), i);

      pen_count_set_value (count, cost[i]);
    }
  /* a purchase asks only what its market sells for, as the place dialog's Brewery and Shop
   * do: a Potion's Jewels, an Artifact's Jewels and Trinkets (play finding A4) */
  known = card != NULL ? pen_catalog_lookup (pen_catalog_get_default (), card) : NULL;
  if (buy && (known != NULL
              || (card != NULL && pen_card_parse_placeholder (card, &type, NULL))))
    {
      PenIngredient currencies[PEN_REST_MAX_CURRENCIES];
      guint n = pen_rest_purchase_currencies (known != NULL ? pen_card_get_card_type (known)
                                                            : type, currencies);

      for (guint i = g_list_model_get_n_items (G_LIST_MODEL (self->amounts)); n > 0 && i > 0;
           i--)
        {
          g_autoptr(PenCount) count = g_list_model_get_item (G_LIST_MODEL (self->amounts),
                                                             i - 1);
          gboolean takes = FALSE;

          for (guint k = 0; k < n; k++)
            takes |= currencies[k] == pen_count_get_index (count);
          if (!takes)
            g_list_store_remove (self->amounts, i - 1);
        }
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

  /* a purchase's rows are its market's Ingredients only: each row says which it is */
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->amounts)); i++)
    {
      g_autoptr(PenCount) count = g_list_model_get_item (G_LIST_MODEL (self->amounts), i);

      pay[pen_count_get_index (count)] = pen_count_get_value (count);
    }
}

void
pen_rest_pay_dialog_ask_turned_up (PenRestPayDialog   *self,
                                   const char         *title,
                                   const char * const *ids,
                                   const char * const *names)
{
  g_autoptr(GtkStringList) items = gtk_string_list_new (NULL);

  g_return_if_fail (PEN_IS_REST_PAY_DIALOG (self));
  g_return_if_fail (ids != NULL && names != NULL);

  g_clear_pointer (&self->turned_up, g_strfreev);
  self->turned_up = g_strdupv ((char **) ids);
  /* nothing said first: the table says what it turned up, never a guess */
  gtk_string_list_append (items, "—");
  for (guint i = 0; names[i] != NULL; i++)
    gtk_string_list_append (items, names[i]);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->turned_up_row), title);
  gtk_drop_down_set_model (self->turned_up_drop, G_LIST_MODEL (items));
  gtk_drop_down_set_selected (self->turned_up_drop, 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->turned_up_drop),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  gtk_widget_set_visible (self->turned_up_list, TRUE);
  turned_up_cb (self);
}

GtkDropDown *
pen_rest_pay_dialog_get_turned_up_drop_down (PenRestPayDialog *self)
{
  g_return_val_if_fail (PEN_IS_REST_PAY_DIALOG (self), NULL);

  return self->turned_up_drop;
}

const char *
pen_rest_pay_dialog_get_turned_up (PenRestPayDialog *self)
{
  guint selected;

  g_return_val_if_fail (PEN_IS_REST_PAY_DIALOG (self), NULL);

  if (self->turned_up == NULL)
    return NULL;
  selected = gtk_drop_down_get_selected (self->turned_up_drop);
  if (selected == 0 || selected == GTK_INVALID_LIST_POSITION
      || selected > g_strv_length (self->turned_up))
    return NULL;
  return self->turned_up[selected - 1];
}

PenAction *
pen_rest_pay_dialog_get_action (PenRestPayDialog *self,
                                guint             wizard)
{
  guint pay[PEN_N_INGREDIENTS];

  g_return_val_if_fail (PEN_IS_REST_PAY_DIALOG (self), NULL);

  pen_rest_pay_dialog_get_pay (self, pay);
  if (self->buy)
    return pen_action_new_buy_paid (wizard, self->card, pay,
                                    pen_rest_pay_dialog_get_turned_up (self));
  return pen_action_new_brew_paid (wizard, self->card, pay);
}
