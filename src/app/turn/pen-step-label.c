/* pen-step-label.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-step-label.h"

struct _PenStepLabel
{
  AdwBin           parent_instance;

  GtkLabel        *label;

  GtkStringObject *item;
};

G_DEFINE_FINAL_TYPE (PenStepLabel, pen_step_label, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_ITEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pen_step_label_dispose (GObject *object)
{
  PenStepLabel *self = PEN_STEP_LABEL (object);

  g_clear_object (&self->item);

  G_OBJECT_CLASS (pen_step_label_parent_class)->dispose (object);
}

static void
pen_step_label_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  PenStepLabel *self = PEN_STEP_LABEL (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      g_value_set_object (value, self->item);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_step_label_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  PenStepLabel *self = PEN_STEP_LABEL (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      self->item = g_value_dup_object (value);
      if (self->item != NULL)
        gtk_label_set_label (self->label, gtk_string_object_get_string (self->item));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_step_label_class_init (PenStepLabelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pen_step_label_dispose;
  object_class->get_property = pen_step_label_get_property;
  object_class->set_property = pen_step_label_set_property;

  properties[PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL, GTK_TYPE_STRING_OBJECT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass),
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-step-label.ui");
  gtk_widget_class_bind_template_child (GTK_WIDGET_CLASS (klass), PenStepLabel, label);
}

static void
pen_step_label_init (PenStepLabel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
pen_step_label_create (gpointer item,
                       gpointer user_data)
{
  return g_object_new (PEN_TYPE_STEP_LABEL, "item", item, NULL);
}
