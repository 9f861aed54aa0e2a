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

struct _PenWizardDice
{
  GtkBox         parent_instance;

  GtkFlowBox    *dice_box;
  GtkWidget     *no_dice_label;
  GtkMenuButton *gain_die_button;

  PenWizard     *wizard;
};

G_DEFINE_FINAL_TYPE (PenWizardDice, pen_wizard_dice, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_WIZARD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
create_die (gpointer item,
            gpointer user_data)
{
  PenWizardDice *self = user_data;

  return pen_die_button_new (item, self->wizard);
}

static void
supply_changed_cb (PenWizardDice *self)
{
  gtk_widget_set_visible (self->no_dice_label,
                          self->wizard == NULL
                          || g_list_model_get_n_items (pen_wizard_get_supply (self->wizard)) == 0);
}

static void
set_wizard (PenWizardDice *self,
            PenWizard     *wizard)
{
  if (self->wizard != NULL)
    g_signal_handlers_disconnect_by_data (pen_wizard_get_supply (self->wizard), self);
  if (!g_set_object (&self->wizard, wizard))
    return;
  if (wizard != NULL)
    {
      g_signal_connect_swapped (pen_wizard_get_supply (wizard), "items-changed",
                                G_CALLBACK (supply_changed_cb), self);
      gtk_flow_box_bind_model (self->dice_box, pen_wizard_get_supply (wizard), create_die, self,
                               NULL);
    }
  else
    gtk_flow_box_bind_model (self->dice_box, NULL, NULL, NULL, NULL);
  supply_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIZARD]);
}

static void
pen_wizard_dice_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_WIZARD:
      g_value_set_object (value, PEN_WIZARD_DICE (object)->wizard);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_wizard_dice_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_WIZARD:
      set_wizard (PEN_WIZARD_DICE (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_wizard_dice_dispose (GObject *object)
{
  PenWizardDice *self = PEN_WIZARD_DICE (object);

  set_wizard (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_WIZARD_DICE);

  G_OBJECT_CLASS (pen_wizard_dice_parent_class)->dispose (object);
}

static void
pen_wizard_dice_class_init (PenWizardDiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = pen_wizard_dice_get_property;
  object_class->set_property = pen_wizard_dice_set_property;
  object_class->dispose = pen_wizard_dice_dispose;

  properties[PROP_WIZARD] =
    g_param_spec_object ("wizard", NULL, NULL, PEN_TYPE_WIZARD,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

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
