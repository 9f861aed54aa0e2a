/* pen-draw-picker.c: physical play, the card the table drew
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-draw-picker.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

struct _PenDrawPicker
{
  PenSection   parent_instance;

  PenDraw      draw;
  PenCardType  another_type;
  GtkDropDown *drop_down;
  GPtrArray   *items;       /* char *: after "—", the candidates then the fresh placeholder */
  gboolean     has_another;
  char        *card;
  gboolean     rebuilding;
};

G_DEFINE_FINAL_TYPE (PenDrawPicker, pen_draw_picker, PEN_TYPE_SECTION)

enum {
  PROP_0,
  PROP_CARD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

const char *
pen_draw_picker_get_card (PenDrawPicker *self)
{
  g_return_val_if_fail (PEN_IS_DRAW_PICKER (self), NULL);
  return self->card;
}

GtkDropDown *
pen_draw_picker_get_drop_down (PenDrawPicker *self)
{
  g_return_val_if_fail (PEN_IS_DRAW_PICKER (self), NULL);
  return self->drop_down;
}

const char *
pen_draw_picker_get_item (PenDrawPicker *self,
                          guint          i)
{
  g_return_val_if_fail (PEN_IS_DRAW_PICKER (self), NULL);
  return i >= 1 && i <= self->items->len ? g_ptr_array_index (self->items, i - 1) : NULL;
}

static void
set_card (PenDrawPicker *self,
          const char    *card)
{
  if (g_strcmp0 (self->card, card) == 0)
    return;
  g_free (self->card);
  self->card = g_strdup (card);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARD]);
}

static void
selected_cb (PenDrawPicker *self)
{
  if (!self->rebuilding)
    set_card (self, pen_draw_picker_get_item (self,
                                              gtk_drop_down_get_selected (self->drop_down)));
}

static int
by_name (gconstpointer a,
         gconstpointer b)
{
  return g_utf8_collate (pen_turn_card_name (*(const char **) a),
                         pen_turn_card_name (*(const char **) b));
}

static void
pen_draw_picker_position_changed (PenSection *section)
{
  PenDrawPicker *self = PEN_DRAW_PICKER (section);
  PenGame *game = pen_section_get_game (section);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *keep = g_strdup (self->card);
  g_autofree char *another = NULL;
  guint select = 0;

  g_ptr_array_set_size (self->items, 0);
  self->has_another = FALSE;
  if (game != NULL)
    {
      g_autoptr(GPtrArray) candidates = pen_draw_candidates (game, self->draw);

      for (guint i = 0; i < candidates->len; i++)
        g_ptr_array_add (self->items, g_strdup (g_ptr_array_index (candidates, i)));
      g_ptr_array_sort (self->items, by_name);
      another = pen_draw_another (game, self->another_type);
    }
  gtk_string_list_append (names, "—");
  for (guint i = 0; i < self->items->len; i++)
    {
      const char *id = g_ptr_array_index (self->items, i);

      gtk_string_list_append (names, pen_turn_card_name (id));
      if (g_strcmp0 (id, keep) == 0)
        select = i + 1;
    }
  if (another != NULL)
    {
      gtk_string_list_append (names, _("Another card: name it"));
      if (g_strcmp0 (another, keep) == 0)
        select = self->items->len + 1;
      g_ptr_array_add (self->items, g_steal_pointer (&another));
      self->has_another = TRUE;
    }

  self->rebuilding = TRUE;
  gtk_drop_down_set_model (self->drop_down, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->drop_down, select);
  self->rebuilding = FALSE;
  set_card (self, pen_draw_picker_get_item (self, select));
}

static void
pen_draw_picker_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  PenDrawPicker *self = PEN_DRAW_PICKER (object);

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
pen_draw_picker_finalize (GObject *object)
{
  PenDrawPicker *self = PEN_DRAW_PICKER (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->card, g_free);

  G_OBJECT_CLASS (pen_draw_picker_parent_class)->finalize (object);
}

static void
pen_draw_picker_class_init (PenDrawPickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->finalize = pen_draw_picker_finalize;
  object_class->get_property = pen_draw_picker_get_property;
  section_class->position_changed = pen_draw_picker_position_changed;

  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass),
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-draw-picker.ui");
  gtk_widget_class_bind_template_child (GTK_WIDGET_CLASS (klass), PenDrawPicker, drop_down);
  gtk_widget_class_bind_template_callback (GTK_WIDGET_CLASS (klass), selected_cb);

  properties[PROP_CARD] =
    g_param_spec_string ("card", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_draw_picker_init (PenDrawPicker *self)
{
  self->items = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_drop_down_search_keys (self->drop_down);
}

GtkWidget *
pen_draw_picker_new (PenDraw     draw,
                     PenCardType another_type)
{
  PenDrawPicker *self = g_object_new (PEN_TYPE_DRAW_PICKER, NULL);

  self->draw = draw;
  self->another_type = another_type;
  pen_draw_picker_position_changed (PEN_SECTION (self));
  return GTK_WIDGET (self);
}
