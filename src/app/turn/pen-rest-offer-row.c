/* pen-rest-offer-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-rest-offer-row.h"

struct _PenRestOfferRow
{
  PenRestRow  parent_instance;

  GtkWidget  *button;
};

G_DEFINE_FINAL_TYPE (PenRestOfferRow, pen_rest_offer_row, PEN_TYPE_REST_ROW)

static void
clicked_cb (PenRestOfferRow *self)
{
  pen_rest_row_choose (PEN_REST_ROW (self),
                       pen_rest_offer_get_card (pen_rest_row_get_offer (PEN_REST_ROW (self))));
}

static void
accessible_changed_cb (PenRestOfferRow *self)
{
  g_autofree char *name = NULL;

  g_object_get (pen_rest_row_get_offer (PEN_REST_ROW (self)), "accessible", &name, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  name, -1);
}

static void
pen_rest_offer_row_constructed (GObject *object)
{
  PenRestOfferRow *self = PEN_REST_OFFER_ROW (object);
  PenRestOffer *offer = pen_rest_row_get_offer (PEN_REST_ROW (self));

  G_OBJECT_CLASS (pen_rest_offer_row_parent_class)->constructed (object);

  if (offer == NULL)
    return;
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
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_REST_OFFER_ROW);

  G_OBJECT_CLASS (pen_rest_offer_row_parent_class)->dispose (object);
}

static void
pen_rest_offer_row_class_init (PenRestOfferRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pen_rest_offer_row_constructed;
  object_class->dispose = pen_rest_offer_row_dispose;

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

  return pen_rest_row_get_offer (PEN_REST_ROW (self));
}
