/* pen-wizard-ingredients.c
 *
 * Every counter is bound to its property of the "wizard" (pen-wizard-ingredients.ui): a
 * change of one count redraws that count only. The buttons activate board.ingredient and
 * board.fate, which the board turns into actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-counter.h"
#include "pen-wizard.h"
#include "pen-wizard-ingredients.h"

struct _PenWizardIngredients
{
  GtkBox     parent_instance;

  PenWizard *wizard;
};

G_DEFINE_FINAL_TYPE (PenWizardIngredients, pen_wizard_ingredients, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_WIZARD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pen_wizard_ingredients_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  PenWizardIngredients *self = PEN_WIZARD_INGREDIENTS (object);

  switch (prop_id)
    {
    case PROP_WIZARD:
      g_value_set_object (value, self->wizard);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_wizard_ingredients_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  PenWizardIngredients *self = PEN_WIZARD_INGREDIENTS (object);

  switch (prop_id)
    {
    case PROP_WIZARD:
      if (g_set_object (&self->wizard, g_value_get_object (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_wizard_ingredients_dispose (GObject *object)
{
  PenWizardIngredients *self = PEN_WIZARD_INGREDIENTS (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_WIZARD_INGREDIENTS);
  g_clear_object (&self->wizard);

  G_OBJECT_CLASS (pen_wizard_ingredients_parent_class)->dispose (object);
}

static void
pen_wizard_ingredients_class_init (PenWizardIngredientsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = pen_wizard_ingredients_get_property;
  object_class->set_property = pen_wizard_ingredients_set_property;
  object_class->dispose = pen_wizard_ingredients_dispose;

  properties[PROP_WIZARD] =
    g_param_spec_object ("wizard", NULL, NULL, PEN_TYPE_WIZARD,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (PEN_TYPE_COUNTER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-wizard-ingredients.ui");
}

static void
pen_wizard_ingredients_init (PenWizardIngredients *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
