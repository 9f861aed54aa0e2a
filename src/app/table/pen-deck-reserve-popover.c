/* pen-deck-reserve-popover.c: Bind — look at the top three contracts of the deck and reserve
 * one. In app-dealt mode the app knows them ("deck-reserve-0" … "-2"); in physical mode the
 * table says which card it took ("deck-reserve-card", then "deck-reserve").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-deck-reserve-popover.h"
#include "pen-rule-button.h"
#include "pen-table-util.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

#define N_TOP 3

struct _PenDeckReservePopover
{
  GtkPopover   parent_instance;

  GtkLabel    *heading;
  GtkWidget   *blood_note;
  GtkDropDown *drop;
  GtkWidget   *put;
  GtkLabel    *put_label;
  GtkWidget   *top[N_TOP];
  GtkLabel    *top_labels[N_TOP];
  GtkWidget   *empty_note;

  guint        current;
  char        *top_ids[N_TOP];
  gboolean     blood;
};

G_DEFINE_FINAL_TYPE (PenDeckReservePopover, pen_deck_reserve_popover, GTK_TYPE_POPOVER)

/* Reserving waits for the table to pick the card (nothing is preselected) */
static void
picked_cb (PenDeckReservePopover *self)
{
  gtk_widget_set_sensitive (self->put, self->blood && pen_tu_chosen_card (self->drop) != NULL);
}

void
pen_deck_reserve_popover_update (PenDeckReservePopover *self,
                                 PenTable              *table)
{
  PenWizard *cur = pen_tu_current_wizard (table);
  gboolean physical, blood;
  GListModel *deck;
  guint n;
  g_autofree char *head = NULL, *label = NULL;

  g_return_if_fail (PEN_IS_DECK_RESERVE_POPOVER (self));
  if (cur == NULL)
    return;
  self->current = pen_table_get_current (table);
  physical = pen_table_get_physical (table);
  /* Bind's Blood: the supply's, or a wounded Mark's (Wounded Marks as Blood) */
  blood = pen_turn_has_blood (cur);
  head = g_strdup_printf (_("%s looks at the top three contracts"),
                          pen_wizard_get_display_name (cur));
  gtk_label_set_label (self->heading, head);
  gtk_widget_set_visible (self->blood_note, !blood);

  gtk_widget_set_visible (GTK_WIDGET (self->drop), physical);
  gtk_widget_set_visible (self->put, physical);
  if (physical)
    {
      PenSection *section = pen_tu_section (GTK_WIDGET (self));

      pen_tu_set_card_choices (self->drop,
                               pen_tu_drawable_contracts (section != NULL
                                                          ? pen_section_get_game (section)
                                                          : NULL, table),
                               _("Choose…"));
      label = g_strdup_printf (_("_Reserve it for %s"), pen_wizard_get_display_name (cur));
      gtk_label_set_label (self->put_label, label);
      self->blood = blood;
      picked_cb (self);
    }

  deck = pen_table_get_contract_deck (table);
  n = physical ? 0 : MIN (N_TOP, g_list_model_get_n_items (deck));
  gtk_widget_set_visible (self->empty_note, !physical && n == 0);
  for (guint i = 0; i < N_TOP; i++)
    {
      g_autoptr(PenTableCard) tc = i < n ? g_list_model_get_item (deck, i) : NULL;
      const char *id = tc != NULL ? pen_table_card_get_card_id (tc) : NULL;
      g_autofree char *text = NULL;

      g_free (self->top_ids[i]);
      self->top_ids[i] = g_strdup (id);
      gtk_widget_set_visible (self->top[i], id != NULL);
      if (id == NULL)
        continue;
      text = pen_tu_is_urgent (id) ? g_strdup_printf (_("%s (Urgent: cannot be reserved)"),
                                                      pen_turn_card_name (id))
                                   : g_strdup_printf (_("Reserve %s"), pen_turn_card_name (id));
      gtk_label_set_label (self->top_labels[i], text);
      gtk_widget_set_sensitive (self->top[i], blood && !pen_tu_is_urgent (id));
    }
}

static void
put_clicked_cb (PenDeckReservePopover *self)
{
  const char *card = pen_tu_chosen_card (self->drop);

  if (card == NULL)
    {
      gtk_popover_popdown (GTK_POPOVER (self));
      return;
    }
  pen_tu_submit (GTK_WIDGET (self), pen_action_new_contract_reserve (self->current, -1, card));
}

static void
top_clicked_cb (PenDeckReservePopover *self,
                GtkWidget             *button)
{
  for (guint i = 0; i < N_TOP; i++)
    if (button == self->top[i] && self->top_ids[i] != NULL)
      pen_tu_submit (GTK_WIDGET (self),
                     pen_action_new_contract_reserve (self->current, -1, self->top_ids[i]));
}

static void
pen_deck_reserve_popover_finalize (GObject *object)
{
  PenDeckReservePopover *self = PEN_DECK_RESERVE_POPOVER (object);

  for (guint i = 0; i < N_TOP; i++)
    g_free (self->top_ids[i]);

  G_OBJECT_CLASS (pen_deck_reserve_popover_parent_class)->finalize (object);
}

static void
pen_deck_reserve_popover_class_init (PenDeckReservePopoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pen_deck_reserve_popover_finalize;

  g_type_ensure (PEN_TYPE_RULE_BUTTON);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-deck-reserve-popover.ui");
  gtk_widget_class_bind_template_child (widget_class, PenDeckReservePopover, heading);
  gtk_widget_class_bind_template_child (widget_class, PenDeckReservePopover, blood_note);
  gtk_widget_class_bind_template_child (widget_class, PenDeckReservePopover, drop);
  gtk_widget_class_bind_template_child (widget_class, PenDeckReservePopover, put);
  gtk_widget_class_bind_template_child (widget_class, PenDeckReservePopover, put_label);
  gtk_widget_class_bind_template_child (widget_class, PenDeckReservePopover, empty_note);
  for (guint i = 0; i < N_TOP; i++)
    {
      g_autofree char *b = g_strdup_printf ("top%u", i);
      g_autofree char *l = g_strdup_printf ("top%u_label", i);

      gtk_widget_class_bind_template_child_full (widget_class, b, FALSE,
                                                 G_STRUCT_OFFSET (PenDeckReservePopover, top)
                                                 + i * sizeof (gpointer));
      gtk_widget_class_bind_template_child_full (widget_class, l, FALSE,
                                                 G_STRUCT_OFFSET (PenDeckReservePopover,
                                                                  top_labels)
                                                 + i * sizeof (gpointer));
    }
  gtk_widget_class_bind_template_callback (widget_class, put_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, top_clicked_cb);
}

static void
pen_deck_reserve_popover_init (PenDeckReservePopover *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (self->drop, "notify::selected", G_CALLBACK (picked_cb), self,
                           G_CONNECT_SWAPPED);
  pen_widget_set_accessible_label (GTK_WIDGET (self->drop),
                                   _("The contract reserved from the deck"));
}
