/* pen-rest-pick-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-rest-pick-row.h"

struct _PenRestPickRow
{
  GtkListBoxRow  parent_instance;

  GtkLabel      *note_label;
  GtkDropDown   *dropdown;
  GtkWidget     *button;

  PenRestOffer  *offer;
};

G_DEFINE_FINAL_TYPE (PenRestPickRow, pen_rest_pick_row, GTK_TYPE_LIST_BOX_ROW)

enum {
  PROP_0,
  PROP_OFFER,
  N_PROPS
};

enum {
  CHOSEN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
clicked_cb (PenRestPickRow *self)
{
  const char *id = pen_rest_offer_get_id_at (self->offer,
                                             gtk_drop_down_get_selected (self->dropdown));

  if (id != NULL)
    g_signal_emit (self, signals[CHOSEN], 0, id);
}

static void
set_offer (PenRestPickRow *self,
           PenRestOffer   *offer)
{
  GListModel *names;

  if (offer == NULL)
    return;
  self->offer = g_object_ref (offer);
  names = pen_rest_offer_get_names (offer);
  gtk_drop_down_set_model (self->dropdown, names);
  gtk_widget_set_sensitive (self->button, names != NULL && g_list_model_get_n_items (names) > 0);
  g_object_bind_property (offer, "subtitle", self->note_label, "label", G_BINDING_SYNC_CREATE);
}

static void
pen_rest_pick_row_dispose (GObject *object)
{
  PenRestPickRow *self = PEN_REST_PICK_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_REST_PICK_ROW);
  g_clear_object (&self->offer);

  G_OBJECT_CLASS (pen_rest_pick_row_parent_class)->dispose (object);
}

static void
pen_rest_pick_row_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  PenRestPickRow *self = PEN_REST_PICK_ROW (object);

  switch (prop_id)
    {
    case PROP_OFFER:
      g_value_set_object (value, self->offer);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rest_pick_row_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  PenRestPickRow *self = PEN_REST_PICK_ROW (object);

  switch (prop_id)
    {
    case PROP_OFFER:
      set_offer (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rest_pick_row_class_init (PenRestPickRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_rest_pick_row_dispose;
  object_class->get_property = pen_rest_pick_row_get_property;
  object_class->set_property = pen_rest_pick_row_set_property;

  properties[PROP_OFFER] =
    g_param_spec_object ("offer", NULL, NULL, PEN_TYPE_REST_OFFER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* the id of the card picked */
  signals[CHOSEN] = g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

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
  gtk_widget_init_template (GTK_WIDGET (self));
}
