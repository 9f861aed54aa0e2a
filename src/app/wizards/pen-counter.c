/* pen-counter.c
 *
 * "title" names the count, "value" shows it (bind it to the model); the buttons activate
 * "action-name" with ("target", -1) and ("target", 1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-counter.h"
#include "pen-widget-utils.h"

struct _PenCounter
{
  GtkBox     parent_instance;

  GtkLabel  *title_label;
  GtkLabel  *count_label;
  GtkButton *minus_button;
  GtkButton *plus_button;

  guint      value;
  char      *action_name;
  char      *target;
};

G_DEFINE_FINAL_TYPE (PenCounter, pen_counter, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_TITLE,
  PROP_VALUE,
  PROP_ACTION_NAME,
  PROP_TARGET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_title (PenCounter *self,
           const char *title)
{
  /* Translators: a counter's title, "Jewels: one fewer" */
  g_autofree char *less = g_strdup_printf (_("%s: one fewer"), title);
  /* Translators: a counter's title, "Jewels: one more" */
  g_autofree char *more = g_strdup_printf (_("%s: one more"), title);

  gtk_label_set_label (self->title_label, title);
  pen_widget_set_tooltip_text (GTK_WIDGET (self->minus_button), less);
  pen_widget_set_tooltip_text (GTK_WIDGET (self->plus_button), more);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->minus_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, less, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->plus_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, more, -1);
}

static void
set_value (PenCounter *self,
           guint       value)
{
  g_autofree char *text = g_strdup_printf ("%u", value);

  self->value = value;
  gtk_label_set_label (self->count_label, text);
}

static void
update_actions (PenCounter *self)
{
  if (self->action_name == NULL || self->target == NULL)
    return;
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->minus_button), "(si)", self->target,
                                    -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->minus_button), self->action_name);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->plus_button), "(si)", self->target, 1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->plus_button), self->action_name);
}

static void
pen_counter_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  PenCounter *self = PEN_COUNTER (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, gtk_label_get_label (self->title_label));
      break;
    case PROP_VALUE:
      g_value_set_uint (value, self->value);
      break;
    case PROP_ACTION_NAME:
      g_value_set_string (value, self->action_name);
      break;
    case PROP_TARGET:
      g_value_set_string (value, self->target);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_counter_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  PenCounter *self = PEN_COUNTER (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      set_title (self, g_value_get_string (value));
      break;
    case PROP_VALUE:
      set_value (self, g_value_get_uint (value));
      break;
    case PROP_ACTION_NAME:
      g_free (self->action_name);
      self->action_name = g_value_dup_string (value);
      update_actions (self);
      break;
    case PROP_TARGET:
      g_free (self->target);
      self->target = g_value_dup_string (value);
      update_actions (self);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_counter_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_COUNTER);

  G_OBJECT_CLASS (pen_counter_parent_class)->dispose (object);
}

static void
pen_counter_finalize (GObject *object)
{
  PenCounter *self = PEN_COUNTER (object);

  g_free (self->action_name);
  g_free (self->target);

  G_OBJECT_CLASS (pen_counter_parent_class)->finalize (object);
}

static void
pen_counter_class_init (PenCounterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS;

  object_class->get_property = pen_counter_get_property;
  object_class->set_property = pen_counter_set_property;
  object_class->dispose = pen_counter_dispose;
  object_class->finalize = pen_counter_finalize;

  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, "", rw);
  properties[PROP_VALUE] = g_param_spec_uint ("value", NULL, NULL, 0, G_MAXUINT, 0, rw);
  properties[PROP_ACTION_NAME] = g_param_spec_string ("action-name", NULL, NULL, NULL, rw);
  properties[PROP_TARGET] = g_param_spec_string ("target", NULL, NULL, NULL, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-counter.ui");
  gtk_widget_class_bind_template_child (widget_class, PenCounter, title_label);
  gtk_widget_class_bind_template_child (widget_class, PenCounter, count_label);
  gtk_widget_class_bind_template_child (widget_class, PenCounter, minus_button);
  gtk_widget_class_bind_template_child (widget_class, PenCounter, plus_button);
}

static void
pen_counter_init (PenCounter *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
