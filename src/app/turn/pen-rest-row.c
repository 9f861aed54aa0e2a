/* pen-rest-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-rest-row.h"

typedef struct
{
  PenRestOffer *offer;
} PenRestRowPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (PenRestRow, pen_rest_row, ADW_TYPE_ACTION_ROW)

enum {
  PROP_0,
  PROP_OFFER,
  N_PROPS
};

enum {
  CHOSEN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

PenRestOffer *
pen_rest_row_get_offer (PenRestRow *self)
{
  PenRestRowPrivate *priv = pen_rest_row_get_instance_private (self);

  g_return_val_if_fail (PEN_IS_REST_ROW (self), NULL);
  return priv->offer;
}

void
pen_rest_row_choose (PenRestRow *self,
                     const char *card)
{
  g_return_if_fail (PEN_IS_REST_ROW (self));
  g_return_if_fail (card != NULL);

  g_signal_emit (self, signals[CHOSEN], 0, card);
}

static void
pen_rest_row_dispose (GObject *object)
{
  PenRestRowPrivate *priv = pen_rest_row_get_instance_private (PEN_REST_ROW (object));

  g_clear_object (&priv->offer);

  G_OBJECT_CLASS (pen_rest_row_parent_class)->dispose (object);
}

static void
pen_rest_row_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_OFFER:
      g_value_set_object (value, pen_rest_row_get_offer (PEN_REST_ROW (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rest_row_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  PenRestRowPrivate *priv = pen_rest_row_get_instance_private (PEN_REST_ROW (object));

  switch (prop_id)
    {
    case PROP_OFFER:
      priv->offer = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rest_row_class_init (PenRestRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pen_rest_row_dispose;
  object_class->get_property = pen_rest_row_get_property;
  object_class->set_property = pen_rest_row_set_property;

  properties[PROP_OFFER] =
    g_param_spec_object ("offer", NULL, NULL, PEN_TYPE_REST_OFFER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* the id of the card taken */
  signals[CHOSEN] = g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
pen_rest_row_init (PenRestRow *self)
{
}
