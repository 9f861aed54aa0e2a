/* pen-table-card.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-table-card.h"

struct _PenTableCard
{
  GObject parent_instance;

  char *       card_id;
  char *       zone;
  gboolean     rotated;
  char *       path;
};

G_DEFINE_FINAL_TYPE (PenTableCard, pen_table_card, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CARD_ID,
  PROP_ZONE,
  PROP_ROTATED,
  PROP_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pen_table_card_finalize (GObject *object)
{
  PenTableCard *self = (PenTableCard *) object;

  g_clear_pointer (&self->card_id, g_free);
  g_clear_pointer (&self->zone, g_free);
  g_clear_pointer (&self->path, g_free);

  G_OBJECT_CLASS (pen_table_card_parent_class)->finalize (object);
}

static void
pen_table_card_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PenTableCard *self = PEN_TABLE_CARD (object);

  switch (prop_id)
    {
    case PROP_CARD_ID:
      g_value_set_string (value, self->card_id);
      break;

    case PROP_ZONE:
      g_value_set_string (value, self->zone);
      break;

    case PROP_ROTATED:
      g_value_set_boolean (value, self->rotated);
      break;

    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_table_card_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  PenTableCard *self = PEN_TABLE_CARD (object);

  switch (prop_id)
    {
    case PROP_CARD_ID:
      pen_table_card_set_card_id (self, g_value_get_string (value));
      break;

    case PROP_ZONE:
      pen_table_card_set_zone (self, g_value_get_string (value));
      break;

    case PROP_ROTATED:
      pen_table_card_set_rotated (self, g_value_get_boolean (value));
      break;

    case PROP_PATH:
      pen_table_card_set_path (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_table_card_class_init (PenTableCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pen_table_card_finalize;
  object_class->get_property = pen_table_card_get_property;
  object_class->set_property = pen_table_card_set_property;

  properties[PROP_CARD_ID] =
    g_param_spec_string ("card-id", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ZONE] =
    g_param_spec_string ("zone", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROTATED] =
    g_param_spec_boolean ("rotated", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_table_card_init (PenTableCard *self)
{
  self->rotated = FALSE;
}

PenTableCard *
pen_table_card_new (const char *  card_id,
                   const char *  zone,
                   gboolean      rotated,
                   const char *  path)
{
  PenTableCard *self = g_object_new (PEN_TYPE_TABLE_CARD, NULL);

  self->card_id = g_strdup (card_id);
  self->zone = g_strdup (zone);
  self->rotated = !!rotated;
  self->path = g_strdup (path);
  return self;
}

const char *
pen_table_card_get_card_id (PenTableCard *self)
{
  g_return_val_if_fail (PEN_IS_TABLE_CARD (self), 0);
  return self->card_id;
}

void
pen_table_card_set_card_id (PenTableCard *self,
                           const char *card_id)
{
  g_return_if_fail (PEN_IS_TABLE_CARD (self));

  if (g_strcmp0 (self->card_id, card_id) == 0)
    return;
  g_free (self->card_id);
  self->card_id = g_strdup (card_id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARD_ID]);
}

const char *
pen_table_card_get_zone (PenTableCard *self)
{
  g_return_val_if_fail (PEN_IS_TABLE_CARD (self), 0);
  return self->zone;
}

void
pen_table_card_set_zone (PenTableCard *self,
                        const char *zone)
{
  g_return_if_fail (PEN_IS_TABLE_CARD (self));

  if (g_strcmp0 (self->zone, zone) == 0)
    return;
  g_free (self->zone);
  self->zone = g_strdup (zone);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZONE]);
}

gboolean 
pen_table_card_get_rotated (PenTableCard *self)
{
  g_return_val_if_fail (PEN_IS_TABLE_CARD (self), 0);
  return self->rotated;
}

void
pen_table_card_set_rotated (PenTableCard *self,
                           gboolean rotated)
{
  g_return_if_fail (PEN_IS_TABLE_CARD (self));

  rotated = !!rotated;
  if (self->rotated == rotated)
    return;
  self->rotated = rotated;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROTATED]);
}

const char *
pen_table_card_get_path (PenTableCard *self)
{
  g_return_val_if_fail (PEN_IS_TABLE_CARD (self), 0);
  return self->path;
}

void
pen_table_card_set_path (PenTableCard *self,
                        const char *path)
{
  g_return_if_fail (PEN_IS_TABLE_CARD (self));

  if (g_strcmp0 (self->path, path) == 0)
    return;
  g_free (self->path);
  self->path = g_strdup (path);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
}

int
pen_table_card_list_index (GListModel *cards,
                           const char *id)
{
  g_return_val_if_fail (G_IS_LIST_MODEL (cards), -1);

  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);

      if (g_strcmp0 (tc->card_id, id) == 0)
        return (int) i;
    }
  return -1;
}
