/* pen-name-card-row.c: a card the app cannot name yet, with its "Name It…" button
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-name-card-row.h"

struct _PenNameCardRow
{
  AdwActionRow  parent_instance;

  GtkButton    *button;
  char         *card;
};

G_DEFINE_FINAL_TYPE (PenNameCardRow, pen_name_card_row, ADW_TYPE_ACTION_ROW)

enum {
  PROP_0,
  PROP_CARD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

const char *
pen_name_card_row_get_card (PenNameCardRow *self)
{
  g_return_val_if_fail (PEN_IS_NAME_CARD_ROW (self), NULL);
  return self->card;
}

static void
pen_name_card_row_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  PenNameCardRow *self = PEN_NAME_CARD_ROW (object);

  switch (prop_id)
    {
    case PROP_CARD:
      g_value_set_string (value, self->card);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_name_card_row_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  PenNameCardRow *self = PEN_NAME_CARD_ROW (object);

  switch (prop_id)
    {
    case PROP_CARD:
      g_free (self->card);
      self->card = g_value_dup_string (value);
      if (self->card != NULL)
        {
          gtk_actionable_set_action_target (GTK_ACTIONABLE (self->button), "s", self->card);
          gtk_actionable_set_action_name (GTK_ACTIONABLE (self->button), "card.name");
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_name_card_row_finalize (GObject *object)
{
  PenNameCardRow *self = PEN_NAME_CARD_ROW (object);

  g_clear_pointer (&self->card, g_free);

  G_OBJECT_CLASS (pen_name_card_row_parent_class)->finalize (object);
}

static void
pen_name_card_row_class_init (PenNameCardRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pen_name_card_row_finalize;
  object_class->get_property = pen_name_card_row_get_property;
  object_class->set_property = pen_name_card_row_set_property;

  properties[PROP_CARD] =
    g_param_spec_string ("card", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-name-card-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenNameCardRow, button);
}

static void
pen_name_card_row_init (PenNameCardRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
pen_name_card_row_new (const char *card,
                       const char *title)
{
  return g_object_new (PEN_TYPE_NAME_CARD_ROW, "card", card, "title", title, NULL);
}
