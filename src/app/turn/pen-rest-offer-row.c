/* pen-rest-offer-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-rest-offer-row.h"

struct _PenRestOfferRow
{
  AdwActionRow  parent_instance;

  GtkWidget    *button;

  PenRestOffer *offer;
};

G_DEFINE_FINAL_TYPE (PenRestOfferRow, pen_rest_offer_row, ADW_TYPE_ACTION_ROW)

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

static void
clicked_cb (PenRestOfferRow *self)
{
  g_signal_emit (self, signals[CHOSEN], 0, pen_rest_offer_get_card (self->offer));
}

static void
accessible_changed_cb (PenRestOfferRow *self)
{
  g_autofree char *name = NULL;

  g_object_get (self->offer, "accessible", &name, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  name, -1);
}

static void
set_offer (PenRestOfferRow *self,
           PenRestOffer    *offer)
{
  if (offer == NULL)
    return;
  self->offer = g_object_ref (offer);
  g_object_bind_property (offer, "title", self, "title", G_BINDING_SYNC_CREATE);
  g_object_bind_property (offer, "subtitle", self, "subtitle", G_BINDING_SYNC_CREATE);
  g_object_bind_property (offer, "label", self->button, "label", G_BINDING_SYNC_CREATE);
  g_object_bind_property (offer, "tooltip", self->button, "tooltip-text", G_BINDING_SYNC_CREATE);
  g_object_bind_property (offer, "sensitive", self->button, "sensitive", G_BINDING_SYNC_CREATE);
  g_signal_connect_object (offer, "notify::accessible", G_CALLBACK (accessible_changed_cb), self,
                           G_CONNECT_SWAPPED);
  accessible_changed_cb (self);
}

static void
pen_rest_offer_row_dispose (GObject *object)
{
  PenRestOfferRow *self = PEN_REST_OFFER_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_REST_OFFER_ROW);
  g_clear_object (&self->offer);

  G_OBJECT_CLASS (pen_rest_offer_row_parent_class)->dispose (object);
}

static void
pen_rest_offer_row_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  PenRestOfferRow *self = PEN_REST_OFFER_ROW (object);

  switch (prop_id)
    {
    case PROP_OFFER:
      g_value_set_object (value, self->offer);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rest_offer_row_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  PenRestOfferRow *self = PEN_REST_OFFER_ROW (object);

  switch (prop_id)
    {
    case PROP_OFFER:
      set_offer (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rest_offer_row_class_init (PenRestOfferRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_rest_offer_row_dispose;
  object_class->get_property = pen_rest_offer_row_get_property;
  object_class->set_property = pen_rest_offer_row_set_property;

  properties[PROP_OFFER] =
    g_param_spec_object ("offer", NULL, NULL, PEN_TYPE_REST_OFFER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* the card's id */
  signals[CHOSEN] = g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-rest-offer-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRestOfferRow, button);
  gtk_widget_class_bind_template_callback (widget_class, clicked_cb);
}

static void
pen_rest_offer_row_init (PenRestOfferRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

PenRestOffer *
pen_rest_offer_row_get_offer (PenRestOfferRow *self)
{
  g_return_val_if_fail (PEN_IS_REST_OFFER_ROW (self), NULL);

  return self->offer;
}
