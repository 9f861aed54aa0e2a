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
  PenWizardSection parent_instance;
};

G_DEFINE_FINAL_TYPE (PenWizardIngredients, pen_wizard_ingredients, PEN_TYPE_WIZARD_SECTION)

static void
pen_wizard_ingredients_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_WIZARD_INGREDIENTS);

  G_OBJECT_CLASS (pen_wizard_ingredients_parent_class)->dispose (object);
}

static void
pen_wizard_ingredients_class_init (PenWizardIngredientsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_wizard_ingredients_dispose;

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
