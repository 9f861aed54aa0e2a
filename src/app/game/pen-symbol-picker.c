/* pen-symbol-picker.c: the experience symbols printed on a card, one toggle each
 *
 * "max-columns", "min-columns" and "homogeneous" lay the toggles out as the holder wants.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-symbol-picker.h"

struct _PenSymbolPicker
{
  AdwBin           parent_instance;

  GtkToggleButton *toggles[PEN_N_SYMBOLS];
  guint            max_columns;
  guint            min_columns;
  gboolean         homogeneous;
};

G_DEFINE_FINAL_TYPE (PenSymbolPicker, pen_symbol_picker, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_MAX_COLUMNS,
  PROP_MIN_COLUMNS,
  PROP_HOMOGENEOUS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

GtkToggleButton *
pen_symbol_picker_get_toggle (PenSymbolPicker *self,
                              PenSymbol        symbol)
{
  g_return_val_if_fail (PEN_IS_SYMBOL_PICKER (self), NULL);
  g_return_val_if_fail (symbol < PEN_N_SYMBOLS, NULL);
  return self->toggles[symbol];
}

gboolean
pen_symbol_picker_get_any (PenSymbolPicker *self)
{
  g_return_val_if_fail (PEN_IS_SYMBOL_PICKER (self), FALSE);
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    if (gtk_toggle_button_get_active (self->toggles[s]))
      return TRUE;
  return FALSE;
}

static void
pen_symbol_picker_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  PenSymbolPicker *self = PEN_SYMBOL_PICKER (object);

  switch (prop_id)
    {
    case PROP_MAX_COLUMNS:
      g_value_set_uint (value, self->max_columns);
      break;
    case PROP_MIN_COLUMNS:
      g_value_set_uint (value, self->min_columns);
      break;
    case PROP_HOMOGENEOUS:
      g_value_set_boolean (value, self->homogeneous);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_symbol_picker_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  PenSymbolPicker *self = PEN_SYMBOL_PICKER (object);

  switch (prop_id)
    {
    case PROP_MAX_COLUMNS:
      self->max_columns = g_value_get_uint (value);
      break;
    case PROP_MIN_COLUMNS:
      self->min_columns = g_value_get_uint (value);
      break;
    case PROP_HOMOGENEOUS:
      self->homogeneous = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_object_notify_by_pspec (object, pspec);
}

static void
pen_symbol_picker_class_init (PenSymbolPickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const char * const ids[PEN_N_SYMBOLS] = {
    "monsters", "beasts", "wilds", "mystic", "wizards", "society",
  };

  object_class->get_property = pen_symbol_picker_get_property;
  object_class->set_property = pen_symbol_picker_set_property;

  properties[PROP_MAX_COLUMNS] =
    g_param_spec_uint ("max-columns", NULL, NULL, 1, PEN_N_SYMBOLS, PEN_N_SYMBOLS,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MIN_COLUMNS] =
    g_param_spec_uint ("min-columns", NULL, NULL, 1, PEN_N_SYMBOLS, 1,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HOMOGENEOUS] =
    g_param_spec_boolean ("homogeneous", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-symbol-picker.ui");
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    gtk_widget_class_bind_template_child_full (widget_class, ids[s], FALSE,
                                               G_STRUCT_OFFSET (PenSymbolPicker, toggles)
                                               + s * sizeof (GtkToggleButton *));
}

static void
pen_symbol_picker_init (PenSymbolPicker *self)
{
  self->max_columns = PEN_N_SYMBOLS;
  self->min_columns = 1;
  gtk_widget_init_template (GTK_WIDGET (self));
  /* the template names them as the core does (so a test catches a name out of step) */
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    g_warn_if_fail (g_str_equal (gtk_button_get_label (GTK_BUTTON (self->toggles[s])),
                                 pen_symbol_get_label (s)));
}
