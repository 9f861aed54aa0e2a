/* pen-rest-pick-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-rest-pick-row.h"

struct _PenRestPickRow
{
  PenRestRow   parent_instance;

  GtkLabel    *note_label;
  GtkDropDown *dropdown;
  GtkWidget   *button;
};

G_DEFINE_FINAL_TYPE (PenRestPickRow, pen_rest_pick_row, PEN_TYPE_REST_ROW)

static void
clicked_cb (PenRestPickRow *self)
{
  const char *id = pen_rest_offer_get_id_at (pen_rest_row_get_offer (PEN_REST_ROW (self)),
                                             gtk_drop_down_get_selected (self->dropdown));

  if (id != NULL)
    pen_rest_row_choose (PEN_REST_ROW (self), id);
}

/* Buy… waits for the table to say which card was bought */
static void
update_button (PenRestPickRow *self)
{
  GListModel *names = gtk_drop_down_get_model (self->dropdown);
  guint selected = gtk_drop_down_get_selected (self->dropdown);

  gtk_widget_set_sensitive (self->button, names != NULL
                                          && selected < g_list_model_get_n_items (names));
}

static void
pen_rest_pick_row_constructed (GObject *object)
{
  PenRestPickRow *self = PEN_REST_PICK_ROW (object);
  PenRestOffer *offer = pen_rest_row_get_offer (PEN_REST_ROW (self));
  GListModel *names;

  G_OBJECT_CLASS (pen_rest_pick_row_parent_class)->constructed (object);

  if (offer == NULL)
    return;
  names = pen_rest_offer_get_names (offer);
  gtk_drop_down_set_model (self->dropdown, names);
  /* nothing preselected: a first card offered as bought would be a guess */
  gtk_drop_down_set_selected (self->dropdown, GTK_INVALID_LIST_POSITION);
  g_signal_connect_object (self->dropdown, "notify::selected", G_CALLBACK (update_button), self,
                           G_CONNECT_SWAPPED);
  update_button (self);
  g_object_bind_property (offer, "subtitle", self->note_label, "label", G_BINDING_SYNC_CREATE);
}

static void
pen_rest_pick_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_REST_PICK_ROW);

  G_OBJECT_CLASS (pen_rest_pick_row_parent_class)->dispose (object);
}

static void
pen_rest_pick_row_class_init (PenRestPickRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pen_rest_pick_row_constructed;
  object_class->dispose = pen_rest_pick_row_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-rest-pick-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRestPickRow, note_label);
  gtk_widget_class_bind_template_child (widget_class, PenRestPickRow, dropdown);
  gtk_widget_class_bind_template_child (widget_class, PenRestPickRow, button);
  gtk_widget_class_bind_template_callback (widget_class, clicked_cb);
}

static void
pen_rest_pick_row_init (PenRestPickRow *self)
{
  GObject *title_box;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* the row has no title: its empty title box would take half of the picker's width */
  title_box = gtk_widget_get_template_child (GTK_WIDGET (self), ADW_TYPE_ACTION_ROW, "title_box");
  if (GTK_IS_WIDGET (title_box))
    gtk_widget_set_visible (GTK_WIDGET (title_box), FALSE);
}
