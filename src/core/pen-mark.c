/* pen-mark.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-mark.h"

struct _PenMark
{
  GObject parent_instance;

  PenMarkKind  kind;
  PenMarkState state;
  guint        cell;
  guint        value;
};

G_DEFINE_FINAL_TYPE (PenMark, pen_mark, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_KIND,
  PROP_STATE,
  PROP_CELL,
  PROP_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pen_mark_get_property (GObject    *object,
                      guint       prop_id,
                      GValue     *value,
                      GParamSpec *pspec)
{
  PenMark *self = PEN_MARK (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_uint (value, self->kind);
      break;

    case PROP_STATE:
      g_value_set_uint (value, self->state);
      break;

    case PROP_CELL:
      g_value_set_uint (value, self->cell);
      break;

    case PROP_VALUE:
      g_value_set_uint (value, self->value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_mark_set_property (GObject      *object,
                      guint         prop_id,
                      const GValue *value,
                      GParamSpec   *pspec)
{
  PenMark *self = PEN_MARK (object);

  switch (prop_id)
    {
    case PROP_KIND:
      pen_mark_set_kind (self, g_value_get_uint (value));
      break;

    case PROP_STATE:
      pen_mark_set_state (self, g_value_get_uint (value));
      break;

    case PROP_CELL:
      pen_mark_set_cell (self, g_value_get_uint (value));
      break;

    case PROP_VALUE:
      pen_mark_set_value (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_mark_class_init (PenMarkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = pen_mark_get_property;
  object_class->set_property = pen_mark_set_property;

  properties[PROP_KIND] =
    g_param_spec_uint ("kind", NULL, NULL, 0, PEN_N_MARK_KINDS - 1, PEN_MARK_RUBY,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATE] =
    g_param_spec_uint ("state", NULL, NULL, 0, PEN_N_MARK_STATES - 1, PEN_MARK_CHARGED,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CELL] =
    g_param_spec_uint ("cell", NULL, NULL, 0, PEN_MARK_CELLS - 1, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VALUE] =
    g_param_spec_uint ("value", NULL, NULL, 0, 6, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_mark_init (PenMark *self)
{
  self->kind = PEN_MARK_RUBY;
  self->state = PEN_MARK_CHARGED;
  self->cell = 0;
  self->value = 0;
}

PenMark *
pen_mark_new (PenMarkKind   kind,
             PenMarkState  state,
             guint         cell,
             guint         value)
{
  PenMark *self = g_object_new (PEN_TYPE_MARK, NULL);

  self->kind = kind;
  self->state = state;
  self->cell = cell;
  self->value = value;
  return self;
}

PenMarkKind 
pen_mark_get_kind (PenMark *self)
{
  g_return_val_if_fail (PEN_IS_MARK (self), 0);
  return self->kind;
}

void
pen_mark_set_kind (PenMark *self,
                  PenMarkKind kind)
{
  g_return_if_fail (PEN_IS_MARK (self));
  g_return_if_fail (kind <= PEN_N_MARK_KINDS - 1);

  if (self->kind == kind)
    return;
  self->kind = kind;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
}

PenMarkState 
pen_mark_get_state (PenMark *self)
{
  g_return_val_if_fail (PEN_IS_MARK (self), 0);
  return self->state;
}

void
pen_mark_set_state (PenMark *self,
                   PenMarkState state)
{
  g_return_if_fail (PEN_IS_MARK (self));
  g_return_if_fail (state <= PEN_N_MARK_STATES - 1);

  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

guint 
pen_mark_get_cell (PenMark *self)
{
  g_return_val_if_fail (PEN_IS_MARK (self), 0);
  return self->cell;
}

void
pen_mark_set_cell (PenMark *self,
                  guint cell)
{
  g_return_if_fail (PEN_IS_MARK (self));
  g_return_if_fail (cell <= PEN_MARK_CELLS - 1);

  if (self->cell == cell)
    return;
  self->cell = cell;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CELL]);
}

guint 
pen_mark_get_value (PenMark *self)
{
  g_return_val_if_fail (PEN_IS_MARK (self), 0);
  return self->value;
}

void
pen_mark_set_value (PenMark *self,
                   guint value)
{
  g_return_if_fail (PEN_IS_MARK (self));
  g_return_if_fail (value <= 6);

  if (self->value == value)
    return;
  self->value = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}
