/* pen-gain-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-gain-row.h"
#include "pen-locations.h"
#include "pen-types.h"
#include "pen-widget-utils.h"

struct _PenGainRow
{
  GtkBox         parent_instance;

  GtkLabel      *title_label;
  GtkDropDown   *ingredient;
  GtkSpinButton *count;

  PenCount      *gain;
  /* the faces typed in, each once ("1 Fruit" on two faces is one answer): the face of each
   * answer after "—"; n_answers 0 while they are not known (then the three Ingredients) */
  guint          face_of[6];
  guint          n_answers;
};

G_DEFINE_FINAL_TYPE (PenGainRow, pen_gain_row, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_GAIN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A Resource die's faces show Fruits, Crystals and Jewels (Ingredients › Resource die), never
 * Blood, Trinkets or Arcana: the drop-down offers those three, in the book's order (as the
 * place dialog's Forest question does) */
static const PenIngredient faces[] = {
  PEN_INGREDIENT_FRUIT, PEN_INGREDIENT_CRYSTAL, PEN_INGREDIENT_JEWEL,
};

/* The first answer, "—", is "not said" (PEN_N_INGREDIENTS): a row starts there, never on a
 * face the table did not roll (issue 9: nothing prefilled; play finding V5) */
static gboolean
choice_to_selected (GBinding     *binding,
                    const GValue *from,
                    GValue       *to,
                    gpointer      user_data)
{
  PenGainRow *self = user_data;
  guint choice = g_value_get_uint (from);

  g_value_set_uint (to, 0);
  if (self->n_answers > 0)
    {
      for (guint i = 0; i < self->n_answers; i++)
        if (PEN_GAIN_ROW_FACE (self->face_of[i]) == choice)
          g_value_set_uint (to, i + 1);
      return TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (faces); i++)
    if (faces[i] == choice)
      g_value_set_uint (to, i + 1);
  return TRUE;
}

static gboolean
selected_to_choice (GBinding     *binding,
                    const GValue *from,
                    GValue       *to,
                    gpointer      user_data)
{
  PenGainRow *self = user_data;
  guint selected = g_value_get_uint (from);

  if (self->n_answers > 0)
    {
      if (selected > self->n_answers)
        return FALSE;
      g_value_set_uint (to, selected == 0 ? PEN_N_INGREDIENTS
                                          : PEN_GAIN_ROW_FACE (self->face_of[selected - 1]));
      return TRUE;
    }
  if (selected > G_N_ELEMENTS (faces))
    return FALSE;
  g_value_set_uint (to, selected == 0 ? PEN_N_INGREDIENTS : faces[selected - 1]);
  return TRUE;
}

/* The faces typed in are the table's answers (as the place dialog's Forest question offers
 * them): a face says what and how many at once, so the count goes; else "—" and the three
 * Ingredients, with a count. Read once: the Event panel makes its rows again when the faces
 * become known or unknown. */
static void
read_faces (PenGainRow *self)
{
  guint known[6][PEN_N_INGREDIENTS];
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

  self->n_answers = 0;
  gtk_string_list_append (labels, "—");
  if (pen_locations_get_resource_faces (pen_locations_get_default (), known))
    for (guint f = 0; f < 6; f++)
      {
        g_autofree char *label = pen_locations_describe_resource_face (known[f]);
        gboolean seen = FALSE;

        for (guint i = 0; i < self->n_answers && !seen; i++)
          seen = g_str_equal (gtk_string_list_get_string (labels, i + 1), label);
        if (seen)
          continue;
        self->face_of[self->n_answers++] = f;
        gtk_string_list_append (labels, label);
      }
  else
    for (guint i = 0; i < G_N_ELEMENTS (faces); i++)
      gtk_string_list_append (labels, pen_ingredient_get_label (faces[i]));
  gtk_drop_down_set_model (self->ingredient, G_LIST_MODEL (labels));
  gtk_widget_set_visible (GTK_WIDGET (self->count), self->n_answers == 0);
}

static void
set_gain (PenGainRow *self,
          PenCount   *gain)
{
  const char *title;
  g_autofree char *what = NULL, *how = NULL;

  if (gain == NULL)
    return;
  self->gain = g_object_ref (gain);
  title = pen_count_get_title (gain);
  what = g_strdup_printf (_("%s: Ingredient"), title);
  how = g_strdup_printf (_("%s: how many"), title);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->ingredient),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, what, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->count), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  how, -1);
  g_object_bind_property (gain, "title", self->title_label, "label", G_BINDING_SYNC_CREATE);
  g_object_bind_property_full (gain, "choice", self->ingredient, "selected",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               choice_to_selected, selected_to_choice, self, NULL);
  g_object_bind_property (gain, "value", self->count, "value",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
}

static void
pen_gain_row_dispose (GObject *object)
{
  PenGainRow *self = PEN_GAIN_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_GAIN_ROW);
  g_clear_object (&self->gain);

  G_OBJECT_CLASS (pen_gain_row_parent_class)->dispose (object);
}

static void
pen_gain_row_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  PenGainRow *self = PEN_GAIN_ROW (object);

  switch (prop_id)
    {
    case PROP_GAIN:
      g_value_set_object (value, self->gain);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_gain_row_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  PenGainRow *self = PEN_GAIN_ROW (object);

  switch (prop_id)
    {
    case PROP_GAIN:
      set_gain (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_gain_row_class_init (PenGainRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_gain_row_dispose;
  object_class->get_property = pen_gain_row_get_property;
  object_class->set_property = pen_gain_row_set_property;

  properties[PROP_GAIN] =
    g_param_spec_object ("gain", NULL, NULL, PEN_TYPE_COUNT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-gain-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenGainRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, PenGainRow, ingredient);
  gtk_widget_class_bind_template_child (widget_class, PenGainRow, count);
}

static void
pen_gain_row_init (PenGainRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* a wheel turn over a number scrolls the form */
  pen_spin_buttons_scroll_when_focused (GTK_WIDGET (self));
  read_faces (self);
}

GtkWidget *
pen_gain_row_create (gpointer item,
                     gpointer user_data)
{
  return g_object_new (PEN_TYPE_GAIN_ROW, "gain", item, NULL);
}
