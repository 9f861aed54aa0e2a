/* pen-end-card.c: one card of the end sheet, the printed numbers it still lacks
 *
 * Titled by the card, described by where it lies. A card the app cannot name yet offers
 * "Name It…" (the card.name action); a named one asks its points and its symbols, whichever
 * is unknown ("ask-points", "ask-symbols"), and turns the answers into a card-identify action.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-end-card.h"
#include "pen-name-card-row.h"
#include "pen-symbol-picker.h"

struct _PenEndCard
{
  AdwPreferencesGroup  parent_instance;

  PenNameCardRow      *name_row;
  GtkEditable         *points_row;
  PenSymbolPicker     *symbols;
  char                *card;
  gboolean             placeholder;
  gboolean             ask_points;
  gboolean             ask_symbols;
};

G_DEFINE_FINAL_TYPE (PenEndCard, pen_end_card, ADW_TYPE_PREFERENCES_GROUP)

enum {
  PROP_0,
  PROP_CARD,
  PROP_PLACEHOLDER,
  PROP_ASK_POINTS,
  PROP_ASK_SYMBOLS,
  PROP_VALID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

const char *
pen_end_card_get_card (PenEndCard *self)
{
  g_return_val_if_fail (PEN_IS_END_CARD (self), NULL);
  return self->card;
}

GtkEditable *
pen_end_card_get_points (PenEndCard *self)
{
  g_return_val_if_fail (PEN_IS_END_CARD (self), NULL);
  return self->ask_points && !self->placeholder ? self->points_row : NULL;
}

GtkToggleButton *
pen_end_card_get_symbol (PenEndCard *self,
                         const char *symbol)
{
  g_return_val_if_fail (PEN_IS_END_CARD (self), NULL);
  if (!self->ask_symbols || self->placeholder)
    return NULL;
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    if (g_strcmp0 (pen_symbol_to_string (s), symbol) == 0)
      return pen_symbol_picker_get_toggle (self->symbols, s);
  return NULL;
}

/* -1: empty (not said), -2: not a number in range */
static int
points_value (PenEndCard *self)
{
  const char *text = gtk_editable_get_text (self->points_row);
  guint64 v;

  if (pen_end_card_get_points (self) == NULL || text[0] == '\0')
    return -1;
  if (!g_ascii_string_to_unsigned (text, 10, 0, 99, &v, NULL))
    return -2;
  return (int) v;
}

gboolean
pen_end_card_get_valid (PenEndCard *self)
{
  g_return_val_if_fail (PEN_IS_END_CARD (self), FALSE);
  return points_value (self) != -2;
}

PenAction *
pen_end_card_build_action (PenEndCard *self)
{
  g_autoptr(JsonObject) params = json_object_new ();
  g_autoptr(JsonObject) values = json_object_new ();
  g_autoptr(JsonArray) symbols = json_array_new ();
  int v = points_value (self);

  g_return_val_if_fail (PEN_IS_END_CARD (self), NULL);

  if (v >= 0)
    json_object_set_int_member (values, "vp", v);
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    {
      GtkToggleButton *t = pen_end_card_get_symbol (self, pen_symbol_to_string (s));

      if (t != NULL && gtk_toggle_button_get_active (t))
        json_array_add_string_element (symbols, pen_symbol_to_string (s));
    }
  if (json_array_get_length (symbols) > 0)
    json_object_set_array_member (values, "symbols", g_steal_pointer (&symbols));
  if (json_object_get_size (values) == 0)
    return NULL;
  json_object_set_string_member (params, "card", self->card);
  json_object_set_object_member (params, "values", g_steal_pointer (&values));
  return pen_action_new_with_params ("card-identify", params);
}

static void
points_changed_cb (PenEndCard *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
}

static void
pen_end_card_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  PenEndCard *self = PEN_END_CARD (object);

  switch (prop_id)
    {
    case PROP_CARD:
      g_value_set_string (value, self->card);
      break;
    case PROP_PLACEHOLDER:
      g_value_set_boolean (value, self->placeholder);
      break;
    case PROP_ASK_POINTS:
      g_value_set_boolean (value, self->ask_points && !self->placeholder);
      break;
    case PROP_ASK_SYMBOLS:
      g_value_set_boolean (value, self->ask_symbols && !self->placeholder);
      break;
    case PROP_VALID:
      g_value_set_boolean (value, pen_end_card_get_valid (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_end_card_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  PenEndCard *self = PEN_END_CARD (object);

  switch (prop_id)
    {
    case PROP_CARD:
      g_free (self->card);
      self->card = g_value_dup_string (value);
      g_object_set (self->name_row, "card", self->card, NULL);
      break;
    case PROP_PLACEHOLDER:
      self->placeholder = g_value_get_boolean (value);
      break;
    case PROP_ASK_POINTS:
      self->ask_points = g_value_get_boolean (value);
      break;
    case PROP_ASK_SYMBOLS:
      self->ask_symbols = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_end_card_constructed (GObject *object)
{
  PenEndCard *self = PEN_END_CARD (object);

  G_OBJECT_CLASS (pen_end_card_parent_class)->constructed (object);

  gtk_widget_set_visible (GTK_WIDGET (self->name_row), self->placeholder);
  gtk_widget_set_visible (GTK_WIDGET (self->points_row), self->ask_points && !self->placeholder);
  gtk_widget_set_visible (GTK_WIDGET (self->symbols), self->ask_symbols && !self->placeholder);
}

static void
pen_end_card_finalize (GObject *object)
{
  PenEndCard *self = PEN_END_CARD (object);

  g_clear_pointer (&self->card, g_free);

  G_OBJECT_CLASS (pen_end_card_parent_class)->finalize (object);
}

static void
pen_end_card_class_init (PenEndCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pen_end_card_constructed;
  object_class->finalize = pen_end_card_finalize;
  object_class->get_property = pen_end_card_get_property;
  object_class->set_property = pen_end_card_set_property;

  properties[PROP_CARD] =
    g_param_spec_string ("card", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLACEHOLDER] =
    g_param_spec_boolean ("placeholder", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ASK_POINTS] =
    g_param_spec_boolean ("ask-points", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ASK_SYMBOLS] =
    g_param_spec_boolean ("ask-symbols", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* whether the points entry holds a number or nothing */
  properties[PROP_VALID] =
    g_param_spec_boolean ("valid", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (PEN_TYPE_NAME_CARD_ROW);
  g_type_ensure (PEN_TYPE_SYMBOL_PICKER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-end-card.ui");
  gtk_widget_class_bind_template_child (widget_class, PenEndCard, name_row);
  gtk_widget_class_bind_template_child (widget_class, PenEndCard, points_row);
  gtk_widget_class_bind_template_child (widget_class, PenEndCard, symbols);
  gtk_widget_class_bind_template_callback (widget_class, points_changed_cb);
}

static void
pen_end_card_init (PenEndCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
