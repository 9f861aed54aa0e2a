/* pen-die.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-die.h"

struct _PenDie
{
  GObject parent_instance;

  PenColor     color;
  guint        value;
  gboolean     temporary;
  char        *location;   /* where a placed die lies: "LOCATION/SECTION[/CELL]", or NULL */
};

G_DEFINE_FINAL_TYPE (PenDie, pen_die, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_COLOR,
  PROP_VALUE,
  PROP_TEMPORARY,
  PROP_LOCATION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pen_die_get_property (GObject    *object,
                     guint       prop_id,
                     GValue     *value,
                     GParamSpec *pspec)
{
  PenDie *self = PEN_DIE (object);

  switch (prop_id)
    {
    case PROP_COLOR:
      g_value_set_uint (value, self->color);
      break;

    case PROP_VALUE:
      g_value_set_uint (value, self->value);
      break;

    case PROP_TEMPORARY:
      g_value_set_boolean (value, self->temporary);
      break;

    case PROP_LOCATION:
      g_value_set_string (value, self->location);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_die_set_property (GObject      *object,
                     guint         prop_id,
                     const GValue *value,
                     GParamSpec   *pspec)
{
  PenDie *self = PEN_DIE (object);

  switch (prop_id)
    {
    case PROP_COLOR:
      pen_die_set_color (self, g_value_get_uint (value));
      break;

    case PROP_VALUE:
      pen_die_set_value (self, g_value_get_uint (value));
      break;

    case PROP_TEMPORARY:
      pen_die_set_temporary (self, g_value_get_boolean (value));
      break;

    case PROP_LOCATION:
      pen_die_set_location (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_die_finalize (GObject *object)
{
  g_free (PEN_DIE (object)->location);
  G_OBJECT_CLASS (pen_die_parent_class)->finalize (object);
}

static void
pen_die_class_init (PenDieClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pen_die_finalize;
  object_class->get_property = pen_die_get_property;
  object_class->set_property = pen_die_set_property;

  properties[PROP_COLOR] =
    g_param_spec_uint ("color", NULL, NULL, 0, PEN_N_COLORS - 1, PEN_COLOR_BONE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VALUE] =
    g_param_spec_uint ("value", NULL, NULL, 1, 6, 1,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TEMPORARY] =
    g_param_spec_boolean ("temporary", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOCATION] =
    g_param_spec_string ("location", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_die_init (PenDie *self)
{
  self->color = PEN_COLOR_BONE;
  self->value = 1;
  self->temporary = FALSE;
}

PenDie *
pen_die_new (PenColor      color,
            guint         value,
            gboolean      temporary)
{
  PenDie *self = g_object_new (PEN_TYPE_DIE, NULL);

  self->color = color;
  self->value = value;
  self->temporary = !!temporary;
  return self;
}

PenColor 
pen_die_get_color (PenDie *self)
{
  g_return_val_if_fail (PEN_IS_DIE (self), 0);
  return self->color;
}

void
pen_die_set_color (PenDie *self,
                  PenColor color)
{
  g_return_if_fail (PEN_IS_DIE (self));
  g_return_if_fail (color <= PEN_N_COLORS - 1);

  if (self->color == color)
    return;
  self->color = color;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLOR]);
}

guint 
pen_die_get_value (PenDie *self)
{
  g_return_val_if_fail (PEN_IS_DIE (self), 0);
  return self->value;
}

void
pen_die_set_value (PenDie *self,
                  guint value)
{
  g_return_if_fail (PEN_IS_DIE (self));
  g_return_if_fail (value <= 6);
  g_return_if_fail (value >= 1);

  if (self->value == value)
    return;
  self->value = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}

gboolean 
pen_die_get_temporary (PenDie *self)
{
  g_return_val_if_fail (PEN_IS_DIE (self), 0);
  return self->temporary;
}

void
pen_die_set_temporary (PenDie *self,
                      gboolean temporary)
{
  g_return_if_fail (PEN_IS_DIE (self));

  temporary = !!temporary;
  if (self->temporary == temporary)
    return;
  self->temporary = temporary;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEMPORARY]);
}

const char *
pen_die_get_location (PenDie *self)
{
  g_return_val_if_fail (PEN_IS_DIE (self), NULL);
  return self->location;
}

void
pen_die_set_location (PenDie     *self,
                      const char *location)
{
  g_return_if_fail (PEN_IS_DIE (self));

  if (g_strcmp0 (self->location, location) == 0)
    return;
  g_free (self->location);
  self->location = g_strdup (location);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOCATION]);
}
