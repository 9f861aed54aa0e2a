/* pen-contract-cell.c: one of the Guild's four contract cells: the card's name, the cell's
 * actions in a popover
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-contract-cell.h"
#include "pen-contract-popover.h"
#include "pen-table-util.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

struct _PenContractCell
{
  AdwBin              parent_instance;

  GtkMenuButton      *button;
  GtkStack           *stack;
  GtkLabel           *a;
  GtkLabel           *b;
  PenContractPopover *popover;

  guint               slot;
  char               *card;
  gboolean            shown;
};

G_DEFINE_FINAL_TYPE (PenContractCell, pen_contract_cell, ADW_TYPE_BIN)

void
pen_contract_cell_show (PenContractCell *self,
                        guint            slot,
                        const char      *card,
                        gboolean         animate)
{
  gboolean on_a;
  g_autofree char *urgent = NULL, *tip = NULL;
  const char *name;

  g_return_if_fail (PEN_IS_CONTRACT_CELL (self));

  if (self->shown && self->slot == slot && g_strcmp0 (self->card, card) == 0)
    return;
  self->shown = TRUE;
  self->slot = slot;
  g_free (self->card);
  self->card = g_strdup (card);
  urgent = card != NULL && pen_tu_is_urgent (card)
           ? g_strdup_printf (_("%s (Urgent)"), pen_turn_card_name (card)) : NULL;
  name = urgent != NULL ? urgent : card != NULL ? pen_turn_card_name (card) : _("Empty");
  on_a = gtk_stack_get_visible_child (self->stack) == GTK_WIDGET (self->a);
  gtk_label_set_label (on_a ? self->b : self->a, name);
  gtk_stack_set_transition_type (self->stack, animate ? GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT
                                                      : GTK_STACK_TRANSITION_TYPE_NONE);
  gtk_stack_set_visible_child (self->stack, GTK_WIDGET (on_a ? self->b : self->a));
  tip = g_strdup_printf (_("Guild cell %u: %s"), slot + 1, name);
  pen_widget_set_tooltip_text (GTK_WIDGET (self->button), tip);
  pen_widget_set_accessible_label (GTK_WIDGET (self->button), tip);
  if (card == NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->button), "empty");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->button), "empty");
}

static void
popover_show_cb (PenContractCell *self)
{
  PenSection *section = pen_tu_section (GTK_WIDGET (self));
  PenTable *table = section != NULL ? pen_section_get_table (section) : NULL;

  if (table != NULL)
    pen_contract_popover_update (self->popover, table, self->slot);
  pen_tu_popover_in_window (GTK_POPOVER (self->popover));
}

static void
pen_contract_cell_dispose (GObject *object)
{
  /* the menu button is both the bin's child and a template child: let the bin go first */
  adw_bin_set_child (ADW_BIN (object), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_CONTRACT_CELL);

  G_OBJECT_CLASS (pen_contract_cell_parent_class)->dispose (object);
}

static void
pen_contract_cell_finalize (GObject *object)
{
  g_free (PEN_CONTRACT_CELL (object)->card);

  G_OBJECT_CLASS (pen_contract_cell_parent_class)->finalize (object);
}

static void
pen_contract_cell_class_init (PenContractCellClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_contract_cell_dispose;
  object_class->finalize = pen_contract_cell_finalize;

  g_type_ensure (PEN_TYPE_CONTRACT_POPOVER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-contract-cell.ui");
  gtk_widget_class_bind_template_child (widget_class, PenContractCell, button);
  gtk_widget_class_bind_template_child (widget_class, PenContractCell, stack);
  gtk_widget_class_bind_template_child (widget_class, PenContractCell, a);
  gtk_widget_class_bind_template_child (widget_class, PenContractCell, b);
  gtk_widget_class_bind_template_child (widget_class, PenContractCell, popover);
  gtk_widget_class_bind_template_callback (widget_class, popover_show_cb);
}

static void
pen_contract_cell_init (PenContractCell *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* the menu button centres its content box at its natural width: fill the cell instead, so
   * names wrap between words */
  gtk_widget_set_halign (gtk_widget_get_parent (GTK_WIDGET (self->stack)), GTK_ALIGN_FILL);
}
