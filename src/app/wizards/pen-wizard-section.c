/* pen-wizard-section.c: the base of the Wizard board's sections
 *
 * The section follows the items-changed of the wizard's list through a GSignalGroup: its
 * handler is connected once, when the section is made, and only the group's target changes
 * with the wizard.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-wizard-section.h"

typedef struct
{
  PenWizard    *wizard;
  GSignalGroup *list_signals;   /* on the list of the wizard the class names */
} PenWizardSectionPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (PenWizardSection, pen_wizard_section, PEN_TYPE_SECTION)

enum {
  PROP_0,
  PROP_WIZARD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
list_changed_cb (PenWizardSection *self)
{
  PenWizardSectionClass *klass = PEN_WIZARD_SECTION_GET_CLASS (self);

  if (klass->list_changed != NULL)
    klass->list_changed (self);
}

PenWizard *
pen_wizard_section_get_wizard (PenWizardSection *self)
{
  PenWizardSectionPrivate *priv = pen_wizard_section_get_instance_private (self);

  g_return_val_if_fail (PEN_IS_WIZARD_SECTION (self), NULL);
  return priv->wizard;
}

void
pen_wizard_section_set_wizard (PenWizardSection *self,
                               PenWizard        *wizard)
{
  PenWizardSectionPrivate *priv = pen_wizard_section_get_instance_private (self);
  PenWizardSectionClass *klass;

  g_return_if_fail (PEN_IS_WIZARD_SECTION (self));
  g_return_if_fail (wizard == NULL || PEN_IS_WIZARD (wizard));

  if (!g_set_object (&priv->wizard, wizard))
    return;
  klass = PEN_WIZARD_SECTION_GET_CLASS (self);
  g_signal_group_set_target (priv->list_signals,
                             wizard != NULL && klass->get_list != NULL ? klass->get_list (wizard)
                                                                       : NULL);
  if (klass->wizard_changed != NULL)
    klass->wizard_changed (self, wizard);
  list_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIZARD]);
}

static void
pen_wizard_section_dispose (GObject *object)
{
  PenWizardSectionPrivate *priv =
    pen_wizard_section_get_instance_private (PEN_WIZARD_SECTION (object));

  /* the subclass has let its widgets go: nothing to tell it */
  g_clear_object (&priv->list_signals);
  g_clear_object (&priv->wizard);

  G_OBJECT_CLASS (pen_wizard_section_parent_class)->dispose (object);
}

static void
pen_wizard_section_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_WIZARD:
      g_value_set_object (value, pen_wizard_section_get_wizard (PEN_WIZARD_SECTION (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_wizard_section_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_WIZARD:
      pen_wizard_section_set_wizard (PEN_WIZARD_SECTION (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_wizard_section_class_init (PenWizardSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pen_wizard_section_dispose;
  object_class->get_property = pen_wizard_section_get_property;
  object_class->set_property = pen_wizard_section_set_property;

  properties[PROP_WIZARD] =
    g_param_spec_object ("wizard", NULL, NULL, PEN_TYPE_WIZARD,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_wizard_section_init (PenWizardSection *self)
{
  PenWizardSectionPrivate *priv = pen_wizard_section_get_instance_private (self);

  priv->list_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  /* below the fold of the Wizards page, a section draws nothing (pen-section.c, "Culling") */
  pen_section_set_cull (PEN_SECTION (self), TRUE);
  g_signal_group_connect_swapped (priv->list_signals, "items-changed",
                                  G_CALLBACK (list_changed_cb), self);
}
