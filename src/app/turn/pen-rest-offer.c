/* pen-rest-offer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-rest-offer.h"
#include "pen-turn.h"

struct _PenRestOffer
{
  GObject        parent_instance;

  char          *card;
  GPtrArray     *ids;          /* the picker's, else NULL */
  GtkStringList *names;
  char          *title;
  char          *subtitle;
  char          *label;
  char          *tooltip;
  char          *accessible;
  gboolean       sensitive;
};

G_DEFINE_FINAL_TYPE (PenRestOffer, pen_rest_offer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CARD,
  PROP_TITLE,
  PROP_SUBTITLE,
  PROP_LABEL,
  PROP_TOOLTIP,
  PROP_ACCESSIBLE,
  PROP_SENSITIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pen_rest_offer_finalize (GObject *object)
{
  PenRestOffer *self = PEN_REST_OFFER (object);

  g_clear_pointer (&self->card, g_free);
  g_clear_pointer (&self->ids, g_ptr_array_unref);
  g_clear_object (&self->names);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->subtitle, g_free);
  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->tooltip, g_free);
  g_clear_pointer (&self->accessible, g_free);

  G_OBJECT_CLASS (pen_rest_offer_parent_class)->finalize (object);
}

static void
pen_rest_offer_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  PenRestOffer *self = PEN_REST_OFFER (object);

  switch (prop_id)
    {
    case PROP_CARD:
      g_value_set_string (value, self->card);
      break;

    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;

    case PROP_SUBTITLE:
      g_value_set_string (value, self->subtitle);
      break;

    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;

    case PROP_TOOLTIP:
      g_value_set_string (value, self->tooltip);
      break;

    case PROP_ACCESSIBLE:
      g_value_set_string (value, self->accessible);
      break;

    case PROP_SENSITIVE:
      g_value_set_boolean (value, self->sensitive);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rest_offer_class_init (PenRestOfferClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = pen_rest_offer_finalize;
  object_class->get_property = pen_rest_offer_get_property;

  properties[PROP_CARD] = g_param_spec_string ("card", NULL, NULL, NULL, ro);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, ro);
  properties[PROP_SUBTITLE] = g_param_spec_string ("subtitle", NULL, NULL, NULL, ro);
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, ro);
  properties[PROP_TOOLTIP] = g_param_spec_string ("tooltip", NULL, NULL, NULL, ro);
  properties[PROP_ACCESSIBLE] = g_param_spec_string ("accessible", NULL, NULL, NULL, ro);
  properties[PROP_SENSITIVE] = g_param_spec_boolean ("sensitive", NULL, NULL, TRUE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_rest_offer_init (PenRestOffer *self)
{
  self->sensitive = TRUE;
}

PenRestOffer *
pen_rest_offer_new (const char *card)
{
  PenRestOffer *self = g_object_new (PEN_TYPE_REST_OFFER, NULL);

  self->card = g_strdup (card);
  return self;
}

PenRestOffer *
pen_rest_offer_new_picker (GPtrArray *ids,
                           GPtrArray *names)
{
  PenRestOffer *self = g_object_new (PEN_TYPE_REST_OFFER, NULL);

  g_return_val_if_fail (names == NULL || names->len == ids->len, self);

  self->ids = g_ptr_array_new_with_free_func (g_free);
  self->names = gtk_string_list_new (NULL);
  for (guint i = 0; i < ids->len; i++)
    {
      g_ptr_array_add (self->ids, g_strdup (g_ptr_array_index (ids, i)));
      gtk_string_list_append (self->names,
                              names != NULL ? g_ptr_array_index (names, i)
                                            : pen_turn_card_name (g_ptr_array_index (ids, i)));
    }
  return self;
}

const char *
pen_rest_offer_get_card (PenRestOffer *self)
{
  g_return_val_if_fail (PEN_IS_REST_OFFER (self), NULL);

  return self->card;
}

gboolean
pen_rest_offer_get_picker (PenRestOffer *self)
{
  g_return_val_if_fail (PEN_IS_REST_OFFER (self), FALSE);

  return self->ids != NULL;
}

GListModel *
pen_rest_offer_get_names (PenRestOffer *self)
{
  g_return_val_if_fail (PEN_IS_REST_OFFER (self), NULL);

  return G_LIST_MODEL (self->names);
}

const char *
pen_rest_offer_get_id_at (PenRestOffer *self,
                          guint         position)
{
  g_return_val_if_fail (PEN_IS_REST_OFFER (self), NULL);

  if (self->ids == NULL || position >= self->ids->len)
    return NULL;
  return g_ptr_array_index (self->ids, position);
}

gboolean
pen_rest_offer_same_picker (PenRestOffer *self,
                            PenRestOffer *other)
{
  if (self->ids == NULL || other->ids == NULL || self->ids->len != other->ids->len)
    return FALSE;
  for (guint i = 0; i < self->ids->len; i++)
    if (!g_str_equal (g_ptr_array_index (self->ids, i), g_ptr_array_index (other->ids, i)))
      return FALSE;
  return TRUE;
}

static void
set_text (PenRestOffer  *self,
          char         **field,
          const char    *value,
          guint          prop)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

void
pen_rest_offer_set_shown (PenRestOffer *self,
                          const char   *title,
                          const char   *subtitle,
                          const char   *label,
                          const char   *tooltip,
                          const char   *accessible,
                          gboolean      sensitive)
{
  g_return_if_fail (PEN_IS_REST_OFFER (self));

  set_text (self, &self->title, title, PROP_TITLE);
  set_text (self, &self->subtitle, subtitle, PROP_SUBTITLE);
  set_text (self, &self->label, label, PROP_LABEL);
  set_text (self, &self->tooltip, tooltip, PROP_TOOLTIP);
  set_text (self, &self->accessible, accessible, PROP_ACCESSIBLE);
  if (self->sensitive != sensitive)
    {
      self->sensitive = sensitive;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SENSITIVE]);
    }
}

void
pen_rest_offer_update (PenRestOffer *self,
                       PenRestOffer *other)
{
  g_return_if_fail (PEN_IS_REST_OFFER (self));
  g_return_if_fail (PEN_IS_REST_OFFER (other));

  pen_rest_offer_set_shown (self, other->title, other->subtitle, other->label, other->tooltip,
                            other->accessible, other->sensitive);
}
