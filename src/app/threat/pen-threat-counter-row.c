/* pen-threat-counter-row.c: one counter of step 1 of a Threat roll, with − and +
 *
 * The buttons activate "threat.change" ((si): the counter's nick, -1 or 1) on the page; the
 * value is bound to the roll's property of the same name by whoever holds the row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-threat-counter-row.h"
#include "pen-widget-utils.h"

struct _PenThreatCounterRow
{
  AdwActionRow    parent_instance;

  GtkButton      *fewer_button;
  GtkLabel       *value_label;
  GtkButton      *more_button;

  PenThreatCount  count;
};

G_DEFINE_FINAL_TYPE (PenThreatCounterRow, pen_threat_counter_row, ADW_TYPE_ACTION_ROW)

enum
{
  PROP_0,
  PROP_COUNT,
  PROP_VALUE,
  PROP_FEWER_LABEL,
  PROP_MORE_LABEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

PenThreatCount
pen_threat_counter_row_get_count (PenThreatCounterRow *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_COUNTER_ROW (self), 0);
  return self->count;
}

static void
set_count (PenThreatCounterRow *self,
           PenThreatCount       count)
{
  g_autoptr(GEnumClass) enum_class = g_type_class_ref (PEN_TYPE_THREAT_COUNT);
  const char *nick = g_enum_get_value (enum_class, count)->value_nick;

  self->count = count;
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->fewer_button), "(si)", nick, -1);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->more_button), "(si)", nick, 1);
}

/* the tooltip is also what a screen reader says */
static void
set_button_label (GtkButton  *button,
                  const char *label)
{
  pen_widget_set_tooltip_text (GTK_WIDGET (button), label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

static void
pen_threat_counter_row_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  PenThreatCounterRow *self = PEN_THREAT_COUNTER_ROW (object);

  switch (prop_id)
    {
    case PROP_COUNT:
      g_value_set_enum (value, self->count);
      break;
    case PROP_VALUE:
      g_value_set_uint (value, g_ascii_strtoull (gtk_label_get_label (self->value_label), NULL,
                                                 10));
      break;
    case PROP_FEWER_LABEL:
      g_value_set_string (value, gtk_widget_get_tooltip_text (GTK_WIDGET (self->fewer_button)));
      break;
    case PROP_MORE_LABEL:
      g_value_set_string (value, gtk_widget_get_tooltip_text (GTK_WIDGET (self->more_button)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_threat_counter_row_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  PenThreatCounterRow *self = PEN_THREAT_COUNTER_ROW (object);

  switch (prop_id)
    {
    case PROP_COUNT:
      set_count (self, g_value_get_enum (value));
      break;
    case PROP_VALUE:
      {
        char text[16];

        g_snprintf (text, sizeof text, "%u", g_value_get_uint (value));
        gtk_label_set_label (self->value_label, text);
      }
      break;
    case PROP_FEWER_LABEL:
      set_button_label (self->fewer_button, g_value_get_string (value));
      break;
    case PROP_MORE_LABEL:
      set_button_label (self->more_button, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_threat_counter_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_THREAT_COUNTER_ROW);

  G_OBJECT_CLASS (pen_threat_counter_row_parent_class)->dispose (object);
}

static void
pen_threat_counter_row_class_init (PenThreatCounterRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_threat_counter_row_dispose;
  object_class->get_property = pen_threat_counter_row_get_property;
  object_class->set_property = pen_threat_counter_row_set_property;

  properties[PROP_COUNT] =
    g_param_spec_enum ("count", NULL, NULL, PEN_TYPE_THREAT_COUNT, PEN_THREAT_COUNT_THREAT,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_VALUE] =
    g_param_spec_uint ("value", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FEWER_LABEL] =
    g_param_spec_string ("fewer-label", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MORE_LABEL] =
    g_param_spec_string ("more-label", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-threat-counter-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenThreatCounterRow, fewer_button);
  gtk_widget_class_bind_template_child (widget_class, PenThreatCounterRow, value_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatCounterRow, more_button);
}

static void
pen_threat_counter_row_init (PenThreatCounterRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  set_count (self, PEN_THREAT_COUNT_THREAT);
}
