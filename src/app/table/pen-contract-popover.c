/* pen-contract-popover.c: what can be done with a Guild cell — fulfil it (by any wizard, the
 * current one first), reserve it, or, in physical play, name the card that refills the row or
 * the one in an empty cell
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-card-name-dialog.h"
#include "pen-contract-popover.h"
#include "pen-helper-buttons.h"
#include "pen-rule-button.h"
#include "pen-table-util.h"
#include "pen-place-form.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

struct _PenContractPopover
{
  GtkPopover        parent_instance;

  GtkLabel         *heading;
  GtkWidget        *empty_note;
  GtkDropDown      *fill_drop;
  GtkWidget        *put;
  GtkWidget        *refill_box;
  GtkDropDown      *refill_drop;
  GtkWidget        *in_cell;      /* what is shown for a cell with a contract */
  PenHelperButtons *helpers;
  GtkFlowBox       *wizards;
  GtkWidget        *reserve;
  GtkLabel         *reserve_label;
  GtkWidget        *urgent_note;
  GtkWidget        *blood_note;
  GtkLabel         *task_note;
  GtkWidget        *name_task;    /* "Name This Contract…" / "Enter Its Task…" */
  char             *card;         /* the cell's card */

  GListStore       *order;        /* the wizards, the current one first */
  guint             slot;
  guint             current;
  gboolean          physical;
};

G_DEFINE_FINAL_TYPE (PenContractPopover, pen_contract_popover, GTK_TYPE_POPOVER)

static void
wizard_clicked_cb (GtkButton          *button,
                   PenContractPopover *self)
{
  GtkWidget *child = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_FLOW_BOX_CHILD);
  int position = child != NULL ? gtk_flow_box_child_get_index (GTK_FLOW_BOX_CHILD (child)) : -1;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->order));
  const char *refill = self->physical ? pen_tu_chosen_card (self->refill_drop) : NULL;

  if (position < 0 || n == 0)
    return;
  pen_tu_take_contract (GTK_WIDGET (self),
                        pen_action_new_contract_take ((self->current + position) % n,
                                                      self->slot, refill));
}

/* The label is the name shown: the solo Rival's stored "Rival" is translated */
static gboolean
display_name_cb (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  g_autoptr (GObject) wizard = g_binding_dup_source (binding);

  g_value_set_string (to, wizard != NULL
                      ? pen_wizard_get_display_name (PEN_WIZARD (wizard))
                      : g_value_get_string (from));
  return TRUE;
}

/* A button per wizard; its label follows the wizard's name */
static GtkWidget *
create_wizard_button (gpointer item,
                      gpointer user_data)
{
  GtkWidget *button = g_object_new (GTK_TYPE_BUTTON, "css-classes",
                                    (const char *[]) { "flat", "popover-action", NULL }, NULL);

  g_object_bind_property_full (item, "name", button, "label", G_BINDING_SYNC_CREATE,
                               display_name_cb, NULL, NULL, NULL);
  gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
  g_signal_connect (button, "clicked", G_CALLBACK (wizard_clicked_cb), user_data);
  return button;
}

/* In physical play nothing is preselected: the buttons wait for the table's pick */
static void
picked_cb (PenContractPopover *self)
{
  gtk_widget_set_sensitive (self->put, pen_tu_chosen_card (self->fill_drop) != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->wizards),
                            !self->physical || pen_tu_card_chosen_or_none (self->refill_drop));
}

void
pen_contract_popover_update (PenContractPopover *self,
                             PenTable           *table,
                             guint               slot)
{
  g_autoptr(PenTableCard) tc = NULL;
  PenWizard *cur = pen_tu_current_wizard (table);
  guint n = pen_table_get_n_players (table);
  const char *id;
  g_autofree char *head = NULL, *label = NULL;
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  PenSection *section = pen_tu_section (GTK_WIDGET (self));
  gboolean blood;

  g_return_if_fail (PEN_IS_CONTRACT_POPOVER (self));
  if (cur == NULL)
    return;
  tc = g_list_model_get_item (pen_table_get_contract_row (table), slot);
  id = tc != NULL ? pen_table_card_get_card_id (tc) : NULL;
  self->slot = slot;
  self->current = pen_table_get_current (table);
  self->physical = pen_table_get_physical (table);

  gtk_widget_set_visible (self->empty_note, id == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->fill_drop), id == NULL && self->physical);
  gtk_widget_set_visible (self->put, id == NULL && self->physical);
  gtk_widget_set_visible (self->in_cell, id != NULL);
  if (self->physical)
    pen_tu_set_card_choices (id == NULL ? self->fill_drop : self->refill_drop,
                             pen_tu_drawable_contracts (section != NULL
                                                        ? pen_section_get_game (section)
                                                        : NULL, table),
                             id == NULL ? _("Choose…") : _("Not known yet"));
  picked_cb (self);
  if (id == NULL)
    {
      /* the table turned a contract over without the app being told: record it */
      gtk_label_set_label (self->heading, _("An empty Guild cell"));
      return;
    }

  head = g_strdup_printf (_("%s (cell %u)"), pen_turn_card_name (id), slot + 1);
  gtk_label_set_label (self->heading, head);
  /* the table turns over the card that refills the row: say which it is */
  gtk_widget_set_visible (self->refill_box, self->physical);
  pen_helper_buttons_set_card (self->helpers, self->current, id);
  {
    g_autofree char *note = pen_place_form_describe_contract (table, self->current, id, -1);

    gtk_label_set_label (self->task_note, note);
  }
  /* its task not known yet: the note points to this button, right under it (play finding
   * A3: Cards to Name lists only the cards not named yet) */
  {
    PenCard *card = pen_tu_lookup (id);

    g_free (self->card);
    self->card = g_strdup (id);
    gtk_widget_set_visible (self->name_task, card == NULL || pen_card_get_task (card) == NULL);
    gtk_button_set_label (GTK_BUTTON (self->name_task),
                          pen_card_id_is_placeholder (id) ? _("_Name This Contract…")
                                                          : _("_Enter Its Task…"));
  }
  /* the current wizard first: the Guild is visited on their Study turn */
  for (guint k = 0; k < n; k++)
    g_ptr_array_add (order, pen_table_get_wizard (table, (self->current + k) % n));
  g_list_store_splice (self->order, 0, g_list_model_get_n_items (G_LIST_MODEL (self->order)),
                       order->pdata, order->len);

  label = g_strdup_printf (_("_Reserve it for %s (Bind: 1 Blood)"),
                           pen_wizard_get_display_name (cur));
  gtk_label_set_label (self->reserve_label, label);
  /* Bind's Blood: the supply's, or a wounded Mark's (Wounded Marks as Blood) */
  blood = pen_turn_has_blood (cur);
  gtk_widget_set_sensitive (self->reserve, !pen_tu_is_urgent (id) && blood);
  gtk_widget_set_visible (self->urgent_note, pen_tu_is_urgent (id));
  gtk_widget_set_visible (self->blood_note, !pen_tu_is_urgent (id) && !blood);
}

static void
put_clicked_cb (PenContractPopover *self)
{
  g_autofree char *target = g_strdup_printf ("contract_row[%u].id", self->slot);
  const char *card = pen_tu_chosen_card (self->fill_drop);

  /* an empty cell filled, a card named: the chosen card is the value */
  if (card == NULL)
    {
      gtk_popover_popdown (GTK_POPOVER (self));
      return;
    }
  pen_tu_submit (GTK_WIDGET (self), pen_action_new_correct_string (target, card));
}

static void
reserve_clicked_cb (PenContractPopover *self)
{
  pen_tu_submit (GTK_WIDGET (self),
                 pen_action_new_contract_reserve (self->current, self->slot,
                                                  self->physical
                                                  ? pen_tu_chosen_card (self->refill_drop)
                                                  : NULL));
}

static void
named_cb (PenCardNameDialog *dialog,
          PenAction         *action,
          PenSection        *section)
{
  pen_section_submit (section, action);
}

static void
name_task_clicked_cb (PenContractPopover *self)
{
  PenSection *section = pen_tu_section (GTK_WIDGET (self));
  PenGame *game = section != NULL ? pen_section_get_game (section) : NULL;
  GtkRoot *root = section != NULL ? gtk_widget_get_root (GTK_WIDGET (section)) : NULL;
  PenCardNameDialog *dialog;

  if (game == NULL || self->card == NULL)
    return;
  pen_tu_popdown (GTK_WIDGET (self));
  dialog = pen_card_name_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, game,
                                     self->card);
  g_signal_connect_object (dialog, "submit", G_CALLBACK (named_cb), section, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
close_clicked_cb (PenContractPopover *self)
{
  gtk_popover_popdown (GTK_POPOVER (self));
}

static void
pen_contract_popover_dispose (GObject *object)
{
  PenContractPopover *self = PEN_CONTRACT_POPOVER (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_CONTRACT_POPOVER);
  g_clear_object (&self->order);
  g_clear_pointer (&self->card, g_free);

  G_OBJECT_CLASS (pen_contract_popover_parent_class)->dispose (object);
}

static void
pen_contract_popover_class_init (PenContractPopoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_contract_popover_dispose;

  g_type_ensure (PEN_TYPE_HELPER_BUTTONS);
  g_type_ensure (PEN_TYPE_RULE_BUTTON);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-contract-popover.ui");
  gtk_widget_class_bind_template_child (widget_class, PenContractPopover, heading);
  gtk_widget_class_bind_template_child (widget_class, PenContractPopover, empty_note);
  gtk_widget_class_bind_template_child (widget_class, PenContractPopover, fill_drop);
  gtk_widget_class_bind_template_child (widget_class, PenContractPopover, task_note);
  gtk_widget_class_bind_template_child (widget_class, PenContractPopover, name_task);
  gtk_widget_class_bind_template_child (widget_class, PenContractPopover, put);
  gtk_widget_class_bind_template_child (widget_class, PenContractPopover, refill_box);
  gtk_widget_class_bind_template_child (widget_class, PenContractPopover, refill_drop);
  gtk_widget_class_bind_template_child (widget_class, PenContractPopover, in_cell);
  gtk_widget_class_bind_template_child (widget_class, PenContractPopover, helpers);
  gtk_widget_class_bind_template_child (widget_class, PenContractPopover, wizards);
  gtk_widget_class_bind_template_child (widget_class, PenContractPopover, reserve);
  gtk_widget_class_bind_template_child (widget_class, PenContractPopover, reserve_label);
  gtk_widget_class_bind_template_child (widget_class, PenContractPopover, urgent_note);
  gtk_widget_class_bind_template_child (widget_class, PenContractPopover, blood_note);
  gtk_widget_class_bind_template_callback (widget_class, put_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, reserve_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, close_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, name_task_clicked_cb);
}

static void
pen_contract_popover_init (PenContractPopover *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->order = g_list_store_new (PEN_TYPE_WIZARD);
  gtk_flow_box_bind_model (self->wizards, G_LIST_MODEL (self->order), create_wizard_button,
                           self, NULL);
  g_signal_connect_object (self->fill_drop, "notify::selected", G_CALLBACK (picked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->refill_drop, "notify::selected", G_CALLBACK (picked_cb), self,
                           G_CONNECT_SWAPPED);
  pen_widget_set_accessible_label (GTK_WIDGET (self->fill_drop), _("The contract in this cell"));
  pen_widget_set_accessible_label (GTK_WIDGET (self->refill_drop),
                                   _("The contract that refills the row"));
}
