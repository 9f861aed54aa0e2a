/* pen-recount-item.c: one value of "Check the table"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-recount-item.h"
#include "pen-types.h"

struct _PenRecountItem
{
  GObject         parent_instance;

  PenRecountKind  kind;
  guint           wizard;
  guint           index;
  int             detail;
  guint           cell;
  char           *card;
  int             original;
  int             minimum;
  int             maximum;
  int             value;
  gboolean        present;
};

G_DEFINE_FINAL_TYPE (PenRecountItem, pen_recount_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_VALUE,
  PROP_PRESENT,
  PROP_CHANGED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pen_recount_item_finalize (GObject *object)
{
  PenRecountItem *self = PEN_RECOUNT_ITEM (object);

  g_clear_pointer (&self->card, g_free);

  G_OBJECT_CLASS (pen_recount_item_parent_class)->finalize (object);
}

static void
pen_recount_item_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  PenRecountItem *self = PEN_RECOUNT_ITEM (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      g_value_set_int (value, self->value);
      break;
    case PROP_PRESENT:
      g_value_set_boolean (value, self->present);
      break;
    case PROP_CHANGED:
      g_value_set_boolean (value, pen_recount_item_get_changed (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_recount_item_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  PenRecountItem *self = PEN_RECOUNT_ITEM (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      pen_recount_item_set_value (self, g_value_get_int (value));
      break;
    case PROP_PRESENT:
      pen_recount_item_set_present (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_recount_item_class_init (PenRecountItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = pen_recount_item_finalize;
  object_class->get_property = pen_recount_item_get_property;
  object_class->set_property = pen_recount_item_set_property;

  properties[PROP_VALUE] = g_param_spec_int ("value", NULL, NULL, G_MININT, G_MAXINT, 0, rw);
  properties[PROP_PRESENT] = g_param_spec_boolean ("present", NULL, NULL, TRUE, rw);
  properties[PROP_CHANGED] = g_param_spec_boolean ("changed", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_recount_item_init (PenRecountItem *self)
{
  self->present = TRUE;
}

/* value starts as the app has it; maximum bounds it (the minimum follows from the kind) */
PenRecountItem *
pen_recount_item_new (PenRecountKind  kind,
                      guint           wizard,
                      guint           index,
                      int             detail,
                      const char     *card,
                      int             value,
                      int             maximum)
{
  PenRecountItem *self;

  g_return_val_if_fail (kind < PEN_N_RECOUNT_KINDS, NULL);

  self = g_object_new (PEN_TYPE_RECOUNT_ITEM, NULL);
  self->kind = kind;
  self->wizard = wizard;
  self->index = index;
  self->detail = detail;
  self->card = g_strdup (card);
  self->minimum = kind == PEN_RECOUNT_DIE ? 1 : 0;
  self->maximum = MAX (maximum, self->minimum);
  self->original = CLAMP (value, self->minimum, self->maximum);
  self->value = self->original;
  return self;
}

PenRecountKind
pen_recount_item_get_kind (PenRecountItem *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_ITEM (self), 0);
  return self->kind;
}

guint
pen_recount_item_get_wizard (PenRecountItem *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_ITEM (self), 0);
  return self->wizard;
}

guint
pen_recount_item_get_index (PenRecountItem *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_ITEM (self), 0);
  return self->index;
}

int
pen_recount_item_get_detail (PenRecountItem *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_ITEM (self), -1);
  return self->detail;
}

guint
pen_recount_item_get_cell (PenRecountItem *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_ITEM (self), 0);
  return self->cell;
}

void
pen_recount_item_set_cell (PenRecountItem *self,
                           guint           cell)
{
  g_return_if_fail (PEN_IS_RECOUNT_ITEM (self));
  self->cell = cell;
}

const char *
pen_recount_item_get_card (PenRecountItem *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_ITEM (self), NULL);
  return self->card;
}

int
pen_recount_item_get_original (PenRecountItem *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_ITEM (self), 0);
  return self->original;
}

int
pen_recount_item_get_minimum (PenRecountItem *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_ITEM (self), 0);
  return self->minimum;
}

int
pen_recount_item_get_maximum (PenRecountItem *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_ITEM (self), 0);
  return self->maximum;
}

int
pen_recount_item_get_value (PenRecountItem *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_ITEM (self), 0);
  return self->value;
}

/* A value out of range is brought into it */
void
pen_recount_item_set_value (PenRecountItem *self,
                            int             value)
{
  gboolean was;

  g_return_if_fail (PEN_IS_RECOUNT_ITEM (self));

  value = CLAMP (value, self->minimum, self->maximum);
  if (self->value == value)
    return;
  was = pen_recount_item_get_changed (self);
  self->value = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
  if (was != pen_recount_item_get_changed (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHANGED]);
}

gboolean
pen_recount_item_get_present (PenRecountItem *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_ITEM (self), FALSE);
  return self->present;
}

void
pen_recount_item_set_present (PenRecountItem *self,
                              gboolean        present)
{
  gboolean was;

  g_return_if_fail (PEN_IS_RECOUNT_ITEM (self));

  present = !!present;
  if (self->present == present)
    return;
  was = pen_recount_item_get_changed (self);
  self->present = present;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENT]);
  if (was != pen_recount_item_get_changed (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHANGED]);
}

/* Whether the count differs from the app. A Fate count only ever drops cards. */
gboolean
pen_recount_item_get_changed (PenRecountItem *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_ITEM (self), FALSE);

  if (!self->present)
    return TRUE;
  if (self->kind == PEN_RECOUNT_FATE)
    return self->value < self->original;
  return self->value != self->original;
}
