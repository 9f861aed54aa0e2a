/* pen-color-toggle.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-color-toggle.h"
#include "pen-types.h"
#include "pen-widget-utils.h"

struct _PenColorToggle
{
  GtkToggleButton parent_instance;

  PenCount       *count;
};

G_DEFINE_FINAL_TYPE (PenColorToggle, pen_color_toggle, GTK_TYPE_TOGGLE_BUTTON)

enum {
  PROP_0,
  PROP_COUNT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
value_to_active (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  g_value_set_boolean (to, g_value_get_uint (from) > 0);
  return TRUE;
}

static gboolean
active_to_value (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  g_value_set_uint (to, g_value_get_boolean (from) ? 1 : 0);
  return TRUE;
}

static void
set_count (PenColorToggle *self,
           PenCount       *count)
{
  PenColor color;

  if (count == NULL)
    return;
  self->count = g_object_ref (count);
  color = MIN (pen_count_get_index (count), PEN_N_COLORS - 1);
  gtk_button_set_label (GTK_BUTTON (self), pen_color_get_short_label (color));
  pen_widget_set_tooltip_text (GTK_WIDGET (self), pen_count_get_title (count));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  pen_count_get_title (count), -1);
  gtk_widget_add_css_class (GTK_WIDGET (self), pen_color_to_string (color));
  g_object_bind_property_full (count, "value", self, "active",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               value_to_active, active_to_value, NULL, NULL);
}

static void
pen_color_toggle_dispose (GObject *object)
{
  PenColorToggle *self = PEN_COLOR_TOGGLE (object);

  g_clear_object (&self->count);

  G_OBJECT_CLASS (pen_color_toggle_parent_class)->dispose (object);
}

static void
pen_color_toggle_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  PenColorToggle *self = PEN_COLOR_TOGGLE (object);

  switch (prop_id)
    {
    case PROP_COUNT:
      g_value_set_object (value, self->count);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_color_toggle_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  PenColorToggle *self = PEN_COLOR_TOGGLE (object);

  switch (prop_id)
    {
    case PROP_COUNT:
      set_count (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_color_toggle_class_init (PenColorToggleClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pen_color_toggle_dispose;
  object_class->get_property = pen_color_toggle_get_property;
  object_class->set_property = pen_color_toggle_set_property;

  properties[PROP_COUNT] =
    g_param_spec_object ("count", NULL, NULL, PEN_TYPE_COUNT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_color_toggle_init (PenColorToggle *self)
{
  gtk_widget_add_css_class (GTK_WIDGET (self), "color-toggle");
}

GtkWidget *
pen_color_toggle_create (gpointer item,
                         gpointer user_data)
{
  return g_object_new (PEN_TYPE_COLOR_TOGGLE, "count", item, NULL);
}
