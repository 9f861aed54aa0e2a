/* pen-wizard-cards.c
 *
 * The cards are a view of the "wizard"'s cards (a GListModel of PenTableCard), one
 * PenWizardCardRow each; the four Equipment cells above follow the cards' zones. "Gain a
 * Card" activates board.gain-card with the card's id.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-catalog.h"
#include "pen-turn.h"
#include "pen-wizard.h"
#include "pen-wizard-card-row.h"
#include "pen-wizard-cards.h"

#define N_SLOTS 4

struct _PenWizardCards
{
  PenWizardSection  parent_instance;

  GtkLabel         *held[N_SLOTS];
  GtkListBox       *cards_list;
  GtkDropDown      *gain_card_drop;
  GtkPopover       *gain_card_popover;

  GPtrArray        *gain_card_ids;   /* the drop-down's cards, in its order */
};

G_DEFINE_FINAL_TYPE (PenWizardCards, pen_wizard_cards, PEN_TYPE_WIZARD_SECTION)

static const char * const equipment_ids[N_SLOTS] = { "conductor", "pendant", "mantle", "ring" };

static const char *
equipment_label (guint slot)
{
  switch (slot)
    {
    case 0: return _("Conductor");
    case 1: return _("Pendant");
    case 2: return _("Mantle");
    case 3: return _("Ring");
    default: return "?";
    }
}

/* The four Equipment cells above the board: the artifact in each, or empty */
static void
update_equipment (PenWizardCards *self)
{
  PenWizard *wizard = pen_wizard_section_get_wizard (PEN_WIZARD_SECTION (self));
  GListModel *cards = wizard != NULL ? pen_wizard_get_cards (wizard) : NULL;

  for (guint slot = 0; slot < N_SLOTS; slot++)
    {
      const char *held = NULL;
      g_autofree char *access = NULL;
      GtkWidget *label = GTK_WIDGET (self->held[slot]);

      for (guint i = 0; cards != NULL && i < g_list_model_get_n_items (cards); i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
          PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                              pen_table_card_get_card_id (tc));

          if (card != NULL && g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_EQUIPMENT) == 0
              && g_strcmp0 (pen_card_get_equipment (card), equipment_ids[slot]) == 0)
            held = pen_table_card_get_card_id (tc);
        }
      gtk_label_set_label (self->held[slot], held ? pen_turn_card_name (held) : "—");
      access = g_strdup_printf (_("%s: %s"), equipment_label (slot),
                                held ? pen_turn_card_name (held) : _("empty"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      access, -1);
      if (held)
        gtk_widget_remove_css_class (label, "dim-label");
      else
        gtk_widget_add_css_class (label, "dim-label");
    }
}

/* ---- gaining a card (a reward, a purchase, a class) ---- */

static void
fill_gain_card_list (PenWizardCards *self)
{
  static const PenCardType gainable[] = {
    PEN_CARD_SPELL, PEN_CARD_POTION, PEN_CARD_PET, PEN_CARD_ARTIFACT, PEN_CARD_TOME,
  };
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GtkExpression) expression = NULL;
  PenWizard *wizard = pen_wizard_section_get_wizard (PEN_WIZARD_SECTION (self));

  g_ptr_array_set_size (self->gain_card_ids, 0);
  for (guint t = 0; t < G_N_ELEMENTS (gainable); t++)
    {
      g_autoptr(GPtrArray) cards = pen_catalog_list_by_type (pen_catalog_get_default (),
                                                             gainable[t]);

      for (guint i = 0; cards != NULL && i < cards->len; i++)
        {
          PenCard *card = g_ptr_array_index (cards, i);
          g_autofree char *label = NULL;

          /* a wizard never holds two cards of the same name */
          if (wizard != NULL && pen_wizard_find_card (wizard, pen_card_get_id (card)) >= 0)
            continue;
          label = g_strdup_printf ("%s (%s)", pen_turn_card_name (pen_card_get_id (card)),
                                   pen_card_type_get_label (gainable[t]));
          gtk_string_list_append (names, label);
          g_ptr_array_add (self->gain_card_ids, g_strdup (pen_card_get_id (card)));
        }
    }
  expression = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
  gtk_drop_down_set_expression (self->gain_card_drop, expression);
  gtk_drop_down_set_model (self->gain_card_drop, G_LIST_MODEL (names));
}

static void
gain_card_clicked_cb (PenWizardCards *self)
{
  guint i = gtk_drop_down_get_selected (self->gain_card_drop);

  if (i >= self->gain_card_ids->len)
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "board.gain-card", "s",
                              g_ptr_array_index (self->gain_card_ids, i));
  gtk_popover_popdown (self->gain_card_popover);
}

/* ---- the cards ---- */

static GtkWidget *
create_card_row (gpointer item,
                 gpointer user_data)
{
  PenWizardCards *self = user_data;

  g_signal_connect_object (item, "notify::zone", G_CALLBACK (update_equipment), self,
                           G_CONNECT_SWAPPED);
  return pen_wizard_card_row_new (item);
}

static void
pen_wizard_cards_wizard_changed (PenWizardSection *section,
                                 PenWizard        *wizard)
{
  PenWizardCards *self = PEN_WIZARD_CARDS (section);

  if (wizard != NULL)
    gtk_list_box_bind_model (self->cards_list, pen_wizard_get_cards (wizard), create_card_row,
                             self, NULL);
  else
    gtk_list_box_bind_model (self->cards_list, NULL, NULL, NULL, NULL);
}

/* The drop-down offers the cards the wizard does not hold */
static void
pen_wizard_cards_list_changed (PenWizardSection *section)
{
  PenWizardCards *self = PEN_WIZARD_CARDS (section);

  update_equipment (self);
  fill_gain_card_list (self);
}

static void
pen_wizard_cards_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_WIZARD_CARDS);

  G_OBJECT_CLASS (pen_wizard_cards_parent_class)->dispose (object);
}

static void
pen_wizard_cards_finalize (GObject *object)
{
  g_clear_pointer (&PEN_WIZARD_CARDS (object)->gain_card_ids, g_ptr_array_unref);

  G_OBJECT_CLASS (pen_wizard_cards_parent_class)->finalize (object);
}

static void
pen_wizard_cards_class_init (PenWizardCardsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenWizardSectionClass *section_class = PEN_WIZARD_SECTION_CLASS (klass);

  object_class->dispose = pen_wizard_cards_dispose;
  object_class->finalize = pen_wizard_cards_finalize;
  section_class->get_list = pen_wizard_get_cards;
  section_class->wizard_changed = pen_wizard_cards_wizard_changed;
  section_class->list_changed = pen_wizard_cards_list_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-wizard-cards.ui");
  for (guint slot = 0; slot < N_SLOTS; slot++)
    {
      g_autofree char *name = g_strdup_printf ("held%u", slot);

      gtk_widget_class_bind_template_child_full (widget_class, name, FALSE,
                                                 G_STRUCT_OFFSET (PenWizardCards, held)
                                                 + slot * sizeof (gpointer));
    }
  gtk_widget_class_bind_template_child (widget_class, PenWizardCards, cards_list);
  gtk_widget_class_bind_template_child (widget_class, PenWizardCards, gain_card_drop);
  gtk_widget_class_bind_template_child (widget_class, PenWizardCards, gain_card_popover);
  gtk_widget_class_bind_template_callback (widget_class, gain_card_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, fill_gain_card_list);
}

static void
pen_wizard_cards_init (PenWizardCards *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->gain_card_ids = g_ptr_array_new_with_free_func (g_free);
  update_equipment (self);
}
