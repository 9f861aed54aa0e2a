/* pen-setup-step.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-setup-step.h"

typedef struct
{
  PenSetupDraft *draft;
} PenSetupStepPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (PenSetupStep, pen_setup_step, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_DRAFT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

PenSetupDraft *
pen_setup_step_get_draft (PenSetupStep *self)
{
  PenSetupStepPrivate *priv = pen_setup_step_get_instance_private (self);

  g_return_val_if_fail (PEN_IS_SETUP_STEP (self), NULL);
  return priv->draft;
}

void
pen_setup_step_set_draft (PenSetupStep  *self,
                          PenSetupDraft *draft)
{
  PenSetupStepPrivate *priv = pen_setup_step_get_instance_private (self);

  g_return_if_fail (PEN_IS_SETUP_STEP (self));
  g_return_if_fail (PEN_IS_SETUP_DRAFT (draft));
  /* a step belongs to one assistant, and so to one draft */
  g_return_if_fail (priv->draft == NULL || priv->draft == draft);

  if (priv->draft == draft)
    return;
  priv->draft = g_object_ref (draft);
  if (PEN_SETUP_STEP_GET_CLASS (self)->draft_set != NULL)
    PEN_SETUP_STEP_GET_CLASS (self)->draft_set (self, draft);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DRAFT]);
}

void
pen_setup_step_refresh (PenSetupStep *self)
{
  PenSetupStepPrivate *priv = pen_setup_step_get_instance_private (self);

  g_return_if_fail (PEN_IS_SETUP_STEP (self));

  if (priv->draft != NULL && PEN_SETUP_STEP_GET_CLASS (self)->refresh != NULL)
    PEN_SETUP_STEP_GET_CLASS (self)->refresh (self);
}

static void
pen_setup_step_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_DRAFT:
      g_value_set_object (value, pen_setup_step_get_draft (PEN_SETUP_STEP (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_setup_step_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_DRAFT:
      pen_setup_step_set_draft (PEN_SETUP_STEP (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_setup_step_dispose (GObject *object)
{
  PenSetupStepPrivate *priv = pen_setup_step_get_instance_private (PEN_SETUP_STEP (object));

  if (priv->draft != NULL)
    g_signal_handlers_disconnect_by_data (priv->draft, object);
  g_clear_object (&priv->draft);

  G_OBJECT_CLASS (pen_setup_step_parent_class)->dispose (object);
}

static void
pen_setup_step_class_init (PenSetupStepClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = pen_setup_step_get_property;
  object_class->set_property = pen_setup_step_set_property;
  object_class->dispose = pen_setup_step_dispose;

  properties[PROP_DRAFT] = g_param_spec_object ("draft", NULL, NULL, PEN_TYPE_SETUP_DRAFT,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS
                                                | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_setup_step_init (PenSetupStep *self)
{
}
