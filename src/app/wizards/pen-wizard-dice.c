/* pen-wizard-dice.c
 *
 * The dice are a view of the "wizard"'s supply (a GListModel of PenDie): a die that changes
 * redraws itself alone, a die gained or lost adds or removes its button only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "pen-die-button.h"
#include "pen-wizard-dice.h"
#include "pen-widget-utils.h"

struct _PenWizardDice
{
  PenWizardSection  parent_instance;

  GtkFlowBox       *dice_box;
  GtkWidget        *no_dice_label;
  GtkMenuButton    *gain_die_button;
};

G_DEFINE_FINAL_TYPE (PenWizardDice, pen_wizard_dice, PEN_TYPE_WIZARD_SECTION)

static GtkWidget *
create_die (gpointer item,
            gpointer user_data)
{
  return pen_die_button_new (item, pen_wizard_section_get_wizard (user_data));
}

static void
pen_wizard_dice_wizard_changed (PenWizardSection *section,
                                PenWizard        *wizard)
{
  PenWizardDice *self = PEN_WIZARD_DICE (section);

  if (wizard != NULL)
    gtk_flow_box_bind_model (self->dice_box, pen_wizard_get_supply (wizard), create_die, self,
                             NULL);
  else
    gtk_flow_box_bind_model (self->dice_box, NULL, NULL, NULL, NULL);
}

static void
pen_wizard_dice_list_changed (PenWizardSection *section)
{
  PenWizardDice *self = PEN_WIZARD_DICE (section);
  PenWizard *wizard = pen_wizard_section_get_wizard (section);

  gtk_widget_set_visible (self->no_dice_label,
                          wizard == NULL
                          || g_list_model_get_n_items (pen_wizard_get_supply (wizard)) == 0);
  /* a die gained or lost moves the others: GTK 4.8 keeps the tooltip shown until the pointer
   * moves, so the die now under it would show the tooltip of the die that was there (play
   * finding C2). Asked again, the tooltip is the one of the die under the pointer */
  if (gtk_widget_get_mapped (GTK_WIDGET (self->dice_box)))
    pen_widget_requery_tooltip (GTK_WIDGET (self->dice_box));
}

static void
pen_wizard_dice_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_WIZARD_DICE);

  G_OBJECT_CLASS (pen_wizard_dice_parent_class)->dispose (object);
}

static void
pen_wizard_dice_class_init (PenWizardDiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenWizardSectionClass *section_class = PEN_WIZARD_SECTION_CLASS (klass);

  object_class->dispose = pen_wizard_dice_dispose;
  section_class->get_list = pen_wizard_get_supply;
  section_class->wizard_changed = pen_wizard_dice_wizard_changed;
  section_class->list_changed = pen_wizard_dice_list_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-wizard-dice.ui");
  gtk_widget_class_bind_template_child (widget_class, PenWizardDice, dice_box);
  gtk_widget_class_bind_template_child (widget_class, PenWizardDice, no_dice_label);
  gtk_widget_class_bind_template_child (widget_class, PenWizardDice, gain_die_button);
}

static void
pen_wizard_dice_init (PenWizardDice *self)
{
  g_autoptr(GMenu) gain = g_menu_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint c = 0; c < PEN_N_COLORS; c++)
    {
      g_autofree char *detailed = g_strdup_printf ("board.gain-die::%s", pen_color_to_string (c));
      g_menu_append (gain, pen_color_get_label (c), detailed);
    }
  gtk_menu_button_set_menu_model (self->gain_die_button, G_MENU_MODEL (gain));
}
