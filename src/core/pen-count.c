/* pen-count.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-count.h"
#include "pen-types.h"

/* as g_set_str (), which is GLib 2.76 */
static gboolean
set_str (char       **field,
         const char  *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

struct _PenCount
{
  GObject parent_instance;

  guint   index;
  char   *title;
  char   *subtitle;
  guint   value;
  guint   upper;
  guint   step;
  guint   choice;
};

G_DEFINE_FINAL_TYPE (PenCount, pen_count, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_INDEX,
  PROP_TITLE,
  PROP_SUBTITLE,
  PROP_VALUE,
  PROP_UPPER,
  PROP_STEP,
  PROP_CHOICE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pen_count_finalize (GObject *object)
{
  PenCount *self = PEN_COUNT (object);

  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->subtitle, g_free);

  G_OBJECT_CLASS (pen_count_parent_class)->finalize (object);
}

static void
pen_count_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  PenCount *self = PEN_COUNT (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      g_value_set_uint (value, self->index);
      break;

    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;

    case PROP_SUBTITLE:
      g_value_set_string (value, self->subtitle);
      break;

    case PROP_VALUE:
      g_value_set_uint (value, self->value);
      break;

    case PROP_UPPER:
      g_value_set_uint (value, self->upper);
      break;

    case PROP_STEP:
      g_value_set_uint (value, self->step);
      break;

    case PROP_CHOICE:
      g_value_set_uint (value, self->choice);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_count_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  PenCount *self = PEN_COUNT (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      self->index = g_value_get_uint (value);
      break;

    case PROP_TITLE:
      pen_count_set_title (self, g_value_get_string (value));
      break;

    case PROP_SUBTITLE:
      pen_count_set_subtitle (self, g_value_get_string (value));
      break;

    case PROP_VALUE:
      pen_count_set_value (self, g_value_get_uint (value));
      break;

    case PROP_UPPER:
      self->upper = g_value_get_uint (value);
      break;

    case PROP_STEP:
      self->step = MAX (1, g_value_get_uint (value));
      break;

    case PROP_CHOICE:
      pen_count_set_choice (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_count_class_init (PenCountClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pen_count_finalize;
  object_class->get_property = pen_count_get_property;
  object_class->set_property = pen_count_set_property;

  properties[PROP_INDEX] =
    g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SUBTITLE] =
    g_param_spec_string ("subtitle", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VALUE] =
    g_param_spec_uint ("value", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_UPPER] =
    g_param_spec_uint ("upper", NULL, NULL, 0, G_MAXUINT, 12,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STEP] =
    g_param_spec_uint ("step", NULL, NULL, 1, G_MAXUINT, 1,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CHOICE] =
    g_param_spec_uint ("choice", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_count_init (PenCount *self)
{
  self->upper = 12;
  self->step = 1;
}

PenCount *
pen_count_new (guint       index,
               const char *title,
               guint       upper,
               guint       step)
{
  return g_object_new (PEN_TYPE_COUNT, "index", index, "title", title, "upper", upper,
                       "step", MAX (step, 1), NULL);
}

GListStore *
pen_count_store_new (guint        n,
                     const char *(*label) (guint),
                     guint        upper)
{
  GListStore *store = g_list_store_new (PEN_TYPE_COUNT);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenCount) count = pen_count_new (i, label (i), upper, 1);

      g_list_store_append (store, count);
    }
  return store;
}

const char *
pen_count_color_title (guint i)
{
  return pen_color_get_label (i);
}

const char *
pen_count_ingredient_title (guint i)
{
  return pen_ingredient_get_label (i);
}

const char *
pen_count_symbol_title (guint i)
{
  return pen_symbol_get_label (i);
}

guint
pen_count_get_index (PenCount *self)
{
  g_return_val_if_fail (PEN_IS_COUNT (self), 0);

  return self->index;
}

const char *
pen_count_get_title (PenCount *self)
{
  g_return_val_if_fail (PEN_IS_COUNT (self), NULL);

  return self->title;
}

void
pen_count_set_title (PenCount   *self,
                     const char *title)
{
  g_return_if_fail (PEN_IS_COUNT (self));

  if (set_str (&self->title, title))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

const char *
pen_count_get_subtitle (PenCount *self)
{
  g_return_val_if_fail (PEN_IS_COUNT (self), NULL);

  return self->subtitle;
}

void
pen_count_set_subtitle (PenCount   *self,
                        const char *subtitle)
{
  g_return_if_fail (PEN_IS_COUNT (self));

  if (set_str (&self->subtitle, subtitle))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBTITLE]);
}

guint
pen_count_get_value (PenCount *self)
{
  g_return_val_if_fail (PEN_IS_COUNT (self), 0);

  return self->value;
}

/* Clamped to upper; the notify comes only for a real change */
void
pen_count_set_value (PenCount *self,
                     guint     value)
{
  g_return_if_fail (PEN_IS_COUNT (self));

  value = MIN (value, self->upper);
  if (self->value == value)
    return;
  self->value = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}

guint
pen_count_get_upper (PenCount *self)
{
  g_return_val_if_fail (PEN_IS_COUNT (self), 0);

  return self->upper;
}

guint
pen_count_get_step (PenCount *self)
{
  g_return_val_if_fail (PEN_IS_COUNT (self), 1);

  return self->step;
}

guint
pen_count_get_choice (PenCount *self)
{
  g_return_val_if_fail (PEN_IS_COUNT (self), 0);

  return self->choice;
}

void
pen_count_set_choice (PenCount *self,
                      guint     choice)
{
  g_return_if_fail (PEN_IS_COUNT (self));

  if (self->choice == choice)
    return;
  self->choice = choice;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHOICE]);
}
