/* pen-end-card.c: one item of the end sheet: a card's printed numbers, or a Goal's points
 *
 * A view of one item of the sheet's PenEndForm: the form holds what is typed, so the card can
 * be made again (the sheet does, when its list changes) without losing a digit. A card the app
 * cannot name yet offers "Name It…" (the card.name action) and nothing else.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-catalog.h"
#include "pen-end-card.h"
#include "pen-name-card-row.h"
#include "pen-symbol-picker.h"
#include "pen-widget-utils.h"

/* The number fields, in the template's order */
static const char * const number_fields[] = { "vp", "light", "dark" };

struct _PenEndCard
{
  AdwPreferencesGroup  parent_instance;

  PenNameCardRow      *name_row;
  GtkWidget           *rows[G_N_ELEMENTS (number_fields)];   /* AdwEntryRow */
  PenSymbolPicker     *symbols;
  PenEndForm          *form;
  guint                index;
  gboolean             filling;   /* the rows are being filled from the form */
};

G_DEFINE_FINAL_TYPE (PenEndCard, pen_end_card, ADW_TYPE_PREFERENCES_GROUP)

enum {
  PROP_0,
  PROP_FORM,
  PROP_INDEX,
  PROP_VALID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

guint
pen_end_card_get_index (PenEndCard *self)
{
  g_return_val_if_fail (PEN_IS_END_CARD (self), 0);
  return self->index;
}

GtkEditable *
pen_end_card_get_field (PenEndCard *self,
                        const char *field)
{
  g_return_val_if_fail (PEN_IS_END_CARD (self), NULL);

  for (guint f = 0; f < G_N_ELEMENTS (number_fields); f++)
    if (g_strcmp0 (number_fields[f], field) == 0
        && pen_end_form_asks (self->form, self->index, field))
      return GTK_EDITABLE (self->rows[f]);
  return NULL;
}

GtkToggleButton *
pen_end_card_get_symbol (PenEndCard *self,
                         const char *symbol)
{
  int s;

  g_return_val_if_fail (PEN_IS_END_CARD (self), NULL);

  s = pen_symbol_from_string (symbol);
  if (s < 0 || !pen_end_form_asks (self->form, self->index, "symbols"))
    return NULL;
  return pen_symbol_picker_get_toggle (self->symbols, s);
}

gboolean
pen_end_card_get_valid (PenEndCard *self)
{
  g_return_val_if_fail (PEN_IS_END_CARD (self), FALSE);
  return self->form == NULL || pen_end_form_check_item (self->form, self->index, NULL);
}

static void
field_changed_cb (PenEndCard  *self,
                  GtkEditable *entry)
{
  if (self->filling || self->form == NULL)
    return;
  for (guint f = 0; f < G_N_ELEMENTS (number_fields); f++)
    if (self->rows[f] != NULL && GTK_EDITABLE (self->rows[f]) == entry)
      pen_end_form_set_text (self->form, self->index, number_fields[f],
                             gtk_editable_get_text (entry));
  /* the row whose number is not one is marked */
  for (guint f = 0; f < G_N_ELEMENTS (number_fields); f++)
    {
      if (self->rows[f] == NULL)
        continue;
      if (pen_end_form_check_field (self->form, self->index, number_fields[f], NULL))
        gtk_widget_remove_css_class (self->rows[f], "error");
      else
        gtk_widget_add_css_class (self->rows[f], "error");
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
}

static void
symbol_toggled_cb (GtkToggleButton *toggle,
                   PenEndCard      *self)
{
  if (self->filling || self->form == NULL)
    return;
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    if (pen_symbol_picker_get_toggle (self->symbols, s) == toggle)
      pen_end_form_set_symbol (self->form, self->index, s,
                               gtk_toggle_button_get_active (toggle));
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
    case PROP_FORM:
      g_value_set_object (value, self->form);
      break;
    case PROP_INDEX:
      g_value_set_uint (value, self->index);
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
    case PROP_FORM:
      g_set_object (&self->form, g_value_get_object (value));
      break;
    case PROP_INDEX:
      self->index = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The rows the item asks for, filled in with what the form holds */
static void
pen_end_card_constructed (GObject *object)
{
  PenEndCard *self = PEN_END_CARD (object);
  gboolean symbols;

  G_OBJECT_CLASS (pen_end_card_parent_class)->constructed (object);
  g_return_if_fail (self->form != NULL && self->index < pen_end_form_get_n_items (self->form));

  self->filling = TRUE;
  /* the rows not asked leave the group, so that a card asked only its symbols shows no empty
   * list under its name */
  if (pen_end_form_get_kind (self->form, self->index) == PEN_END_ITEM_NAME)
    {
      g_object_set (self->name_row, "card", pen_end_form_get_id (self->form, self->index), NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->name_row), TRUE);
    }
  else
    {
      adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), GTK_WIDGET (self->name_row));
      self->name_row = NULL;
    }
  for (guint f = 0; f < G_N_ELEMENTS (number_fields); f++)
    if (pen_end_form_asks (self->form, self->index, number_fields[f]))
      {
        gtk_editable_set_text (GTK_EDITABLE (self->rows[f]),
                               pen_end_form_get_text (self->form, self->index, number_fields[f]));
        gtk_widget_set_visible (self->rows[f], TRUE);
      }
    else
      {
        adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), self->rows[f]);
        self->rows[f] = NULL;
      }
  /* a Trial is asked only the Light or Darkness of the path it was passed by: say so */
  if (pen_end_form_get_kind (self->form, self->index) == PEN_END_ITEM_CARD)
    {
      PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                          pen_end_form_get_id (self->form, self->index));

      if (card != NULL && pen_card_get_card_type (card) == PEN_CARD_TRIAL)
        {
          if (self->rows[1] != NULL)
            adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->rows[1]),
                                           _("Light: passed by Light"));
          if (self->rows[2] != NULL)
            adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->rows[2]),
                                           _("Darkness: passed by Darkness"));
        }
    }
  symbols = pen_end_form_asks (self->form, self->index, "symbols");
  gtk_widget_set_visible (GTK_WIDGET (self->symbols), symbols);
  for (guint s = 0; symbols && s < PEN_N_SYMBOLS; s++)
    {
      GtkToggleButton *toggle = pen_symbol_picker_get_toggle (self->symbols, s);

      gtk_toggle_button_set_active (toggle, pen_end_form_get_symbol (self->form, self->index, s));
      g_signal_connect_object (toggle, "toggled", G_CALLBACK (symbol_toggled_cb), self, 0);
    }
  self->filling = FALSE;
}

static void
pen_end_card_dispose (GObject *object)
{
  PenEndCard *self = PEN_END_CARD (object);

  g_clear_object (&self->form);

  G_OBJECT_CLASS (pen_end_card_parent_class)->dispose (object);
}

static void
pen_end_card_class_init (PenEndCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pen_end_card_constructed;
  object_class->dispose = pen_end_card_dispose;
  object_class->get_property = pen_end_card_get_property;
  object_class->set_property = pen_end_card_set_property;

  properties[PROP_FORM] =
    g_param_spec_object ("form", NULL, NULL, PEN_TYPE_END_FORM,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_INDEX] =
    g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* whether every number typed is one in range */
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
  gtk_widget_class_bind_template_child_full (widget_class, "vp_row", FALSE,
                                             G_STRUCT_OFFSET (PenEndCard, rows));
  gtk_widget_class_bind_template_child_full (widget_class, "light_row", FALSE,
                                             G_STRUCT_OFFSET (PenEndCard, rows)
                                             + sizeof (GtkWidget *));
  gtk_widget_class_bind_template_child_full (widget_class, "dark_row", FALSE,
                                             G_STRUCT_OFFSET (PenEndCard, rows)
                                             + 2 * sizeof (GtkWidget *));
  gtk_widget_class_bind_template_child (widget_class, PenEndCard, symbols);
  gtk_widget_class_bind_template_callback (widget_class, field_changed_cb);
}

static void
pen_end_card_init (PenEndCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* «Планшет Волшебника: ячейка Мастерства 3» is the item's name: whole at 360 px */
  pen_preferences_group_wrap_title (ADW_PREFERENCES_GROUP (self));
}

GtkWidget *
pen_end_card_new (PenEndForm *form,
                  guint       index,
                  const char *title,
                  const char *description)
{
  g_return_val_if_fail (PEN_IS_END_FORM (form), NULL);

  return g_object_new (PEN_TYPE_END_CARD,
                       "form", form,
                       "index", index,
                       "title", title,
                       "description", description,
                       NULL);
}
