/* pen-setup-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-picker-row.h"
#include "pen-setup-cards.h"
#include "pen-setup-row.h"
#include "pen-widget-utils.h"

struct _PenSetupRow
{
  AdwActionRow    parent_instance;

  GtkCheckButton *check;
  GtkSpinButton  *spin;
  GtkDropDown    *card_drop;

  PenSetupItem   *item;
  PenSetupDraft  *draft;
  GPtrArray      *card_ids;     /* START_CARD: the ids after "Not named" */
};

G_DEFINE_FINAL_TYPE (PenSetupRow, pen_setup_row, ADW_TYPE_ACTION_ROW)

enum {
  PROP_0,
  PROP_ITEM,
  PROP_DRAFT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
spin_changed_cb (PenSetupRow *self)
{
  guint value = (guint) gtk_spin_button_get_value_as_int (self->spin);

  if (self->draft == NULL || self->item == NULL)
    return;
  if (pen_setup_item_get_kind (self->item) == PEN_SETUP_ITEM_INGREDIENT)
    pen_setup_draft_set_ingredient (self->draft, pen_setup_item_get_wizard (self->item),
                                    pen_setup_item_get_index (self->item), value, NULL);
  else
    pen_setup_draft_set_die (self->draft, pen_setup_item_get_wizard (self->item),
                             pen_setup_item_get_index (self->item), value, NULL);
}

/* The card the draft holds for the player, selected: 0 is "Not named" */
static void
select_start_card (PenSetupRow *self)
{
  const char *id = pen_setup_draft_get_start_card (self->draft,
                                                   pen_setup_item_get_wizard (self->item));
  guint sel = 0;

  for (guint i = 0; id != NULL && i < self->card_ids->len; i++)
    if (g_str_equal (g_ptr_array_index (self->card_ids, i), id))
      sel = i + 1;
  gtk_drop_down_set_selected (self->card_drop, sel);
}

static void
card_selected_cb (PenSetupRow *self)
{
  guint sel = gtk_drop_down_get_selected (self->card_drop);
  const char *id;

  if (self->draft == NULL || sel == GTK_INVALID_LIST_POSITION)
    return;
  id = sel > 0 && sel <= self->card_ids->len ? g_ptr_array_index (self->card_ids, sel - 1)
                                             : NULL;
  if (g_strcmp0 (id, pen_setup_draft_get_start_card (self->draft,
                                                     pen_setup_item_get_wizard (self->item))) == 0)
    return;
  /* refused (another player holds it): the row shows what the draft holds */
  if (!pen_setup_draft_set_start_card (self->draft, pen_setup_item_get_wizard (self->item), id,
                                       NULL))
    select_start_card (self);
}

static void
setup_card_drop (PenSetupRow *self)
{
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
  g_autoptr(GtkExpression) expr = NULL;
  g_autoptr(GPtrArray) ids = pen_setup_draft_list_start_cards (self->draft,
                                                               pen_setup_item_get_wizard (
                                                                 self->item));

  /* TRANSLATORS: the starting Discipline card is one the app cannot name yet */
  gtk_string_list_append (model, _("Not named"));
  for (guint i = 0; i < ids->len; i++)
    {
      g_autofree char *name = pen_setup_card_title (g_ptr_array_index (ids, i));

      gtk_string_list_append (model, name);
    }
  self->card_ids = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < ids->len; i++)
    g_ptr_array_add (self->card_ids, g_strdup (g_ptr_array_index (ids, i)));
  expr = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
  gtk_drop_down_set_expression (self->card_drop, expr);
  gtk_drop_down_set_enable_search (self->card_drop, TRUE);
  /* the chosen name gives way at 360 px, the popup shows each whole */
  pen_picker_row_narrow_drop_down (self->card_drop);
  /* a tap does not scroll the step (the other drop-downs' fix) */
  pen_drop_down_keep_scroll (self->card_drop);
  gtk_drop_down_set_model (self->card_drop, G_LIST_MODEL (model));
  select_start_card (self);
  g_signal_connect_swapped (self->card_drop, "notify::selected", G_CALLBACK (card_selected_cb),
                            self);
}

/* Nothing is prefilled: a die whose face the table has not entered shows a dash */
static gboolean
spin_output_cb (GtkSpinButton *spin)
{
  int value = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *text = value > 0 ? g_strdup_printf ("%d", value) : g_strdup ("–");

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (spin)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
spin_input_cb (GtkSpinButton *spin,
               double        *new_value)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (spin))));
  guint64 v = 0;

  /* a typed face 1–6; anything else (the dash, nothing) is "not entered" */
  if (!g_ascii_string_to_unsigned (text, 10, 1, 6, &v, NULL))
    v = 0;
  *new_value = (double) v;
  return TRUE;
}

static void
pen_setup_row_constructed (GObject *object)
{
  PenSetupRow *self = PEN_SETUP_ROW (object);
  PenSetupItemKind kind = pen_setup_item_get_kind (self->item);
  const char *title = pen_setup_item_get_title (self->item);

  G_OBJECT_CLASS (pen_setup_row_parent_class)->constructed (object);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), title);
  if (pen_setup_item_get_subtitle (self->item) != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self), pen_setup_item_get_subtitle (self->item));
  /* the row's prefix and suffix boxes keep their spacing even when empty: hide them too */
  gtk_widget_set_visible (GTK_WIDGET (self->check), kind == PEN_SETUP_ITEM_CHECK);
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->check)),
                          kind == PEN_SETUP_ITEM_CHECK);
  gtk_widget_set_visible (GTK_WIDGET (self->spin),
                          kind == PEN_SETUP_ITEM_DIE || kind == PEN_SETUP_ITEM_INGREDIENT);
  gtk_widget_set_visible (GTK_WIDGET (self->card_drop), kind == PEN_SETUP_ITEM_START_CARD);
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->spin)),
                          kind == PEN_SETUP_ITEM_DIE || kind == PEN_SETUP_ITEM_INGREDIENT
                          || kind == PEN_SETUP_ITEM_START_CARD);
  if (kind == PEN_SETUP_ITEM_CHECK)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->check),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self), GTK_WIDGET (self->check));
    }
  else if (kind == PEN_SETUP_ITEM_DIE)
    {
      g_signal_connect (self->spin, "output", G_CALLBACK (spin_output_cb), NULL);
      g_signal_connect (self->spin, "input", G_CALLBACK (spin_input_cb), NULL);
      gtk_spin_button_set_value (self->spin, pen_setup_item_get_face (self->item));
      spin_output_cb (self->spin);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->spin),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      pen_setup_item_get_a11y (self->item), -1);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self), GTK_WIDGET (self->spin));
      g_signal_connect_swapped (self->spin, "value-changed", G_CALLBACK (spin_changed_cb), self);
    }
  else if (kind == PEN_SETUP_ITEM_INGREDIENT)
    {
      gtk_spin_button_set_range (self->spin, 0, PEN_INGREDIENT_CAP);
      gtk_spin_button_set_value (self->spin, pen_setup_item_get_face (self->item));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->spin),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      pen_setup_item_get_a11y (self->item), -1);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self), GTK_WIDGET (self->spin));
      g_signal_connect_swapped (self->spin, "value-changed", G_CALLBACK (spin_changed_cb), self);
    }
  else if (kind == PEN_SETUP_ITEM_START_CARD && self->draft != NULL)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->card_drop),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      pen_setup_item_get_a11y (self->item), -1);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self),
                                             GTK_WIDGET (self->card_drop));
      setup_card_drop (self);
    }
}

PenSetupItem *
pen_setup_row_get_item (PenSetupRow *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ROW (self), NULL);
  return self->item;
}

static GtkWidget *
create_row (gpointer item,
            gpointer draft)
{
  return g_object_new (PEN_TYPE_SETUP_ROW, "item", item, "draft", draft, NULL);
}

void
pen_setup_row_bind (GtkListBox    *list,
                    GListModel    *store,
                    PenSetupDraft *draft)
{
  gtk_list_box_bind_model (list, store, create_row, draft, NULL);
}

static void
pen_setup_row_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PenSetupRow *self = PEN_SETUP_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      g_value_set_object (value, self->item);
      break;
    case PROP_DRAFT:
      g_value_set_object (value, self->draft);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_setup_row_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  PenSetupRow *self = PEN_SETUP_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      self->item = g_value_dup_object (value);
      break;
    case PROP_DRAFT:
      self->draft = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_setup_row_dispose (GObject *object)
{
  PenSetupRow *self = PEN_SETUP_ROW (object);

  g_clear_object (&self->item);
  g_clear_object (&self->draft);
  g_clear_pointer (&self->card_ids, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_SETUP_ROW);

  G_OBJECT_CLASS (pen_setup_row_parent_class)->dispose (object);
}

static void
pen_setup_row_class_init (PenSetupRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pen_setup_row_constructed;
  object_class->get_property = pen_setup_row_get_property;
  object_class->set_property = pen_setup_row_set_property;
  object_class->dispose = pen_setup_row_dispose;

  properties[PROP_ITEM] = g_param_spec_object ("item", NULL, NULL, PEN_TYPE_SETUP_ITEM,
                                               G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY
                                               | G_PARAM_STATIC_STRINGS);
  properties[PROP_DRAFT] = g_param_spec_object ("draft", NULL, NULL, PEN_TYPE_SETUP_DRAFT,
                                                G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY
                                                | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-setup-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenSetupRow, check);
  gtk_widget_class_bind_template_child (widget_class, PenSetupRow, spin);
  gtk_widget_class_bind_template_child (widget_class, PenSetupRow, card_drop);
}

static void
pen_setup_row_init (PenSetupRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* a wheel turn over a number scrolls the form */
  pen_spin_buttons_scroll_when_focused (GTK_WIDGET (self));
}
