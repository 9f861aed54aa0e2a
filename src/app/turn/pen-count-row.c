/* pen-count-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-count-row.h"
#include "pen-widget-utils.h"

struct _PenCountRow
{
  AdwActionRow   parent_instance;

  GtkSpinButton *spin;
  GtkAdjustment *adjustment;

  PenCount      *count;
};

G_DEFINE_FINAL_TYPE (PenCountRow, pen_count_row, ADW_TYPE_ACTION_ROW)

enum {
  PROP_0,
  PROP_COUNT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
title_changed_cb (PenCountRow *self)
{
  /* the spin button is named as its row */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  pen_count_get_title (self->count), -1);
}

static void
set_count (PenCountRow *self,
           PenCount    *count)
{
  if (count == NULL || self->count == count)
    return;
  g_return_if_fail (self->count == NULL);   /* a row shows one count for its life */
  self->count = g_object_ref (count);
  gtk_adjustment_configure (self->adjustment, pen_count_get_value (count), 0,
                            pen_count_get_upper (count), pen_count_get_step (count),
                            pen_count_get_step (count), 0);
  g_object_bind_property (count, "title", self, "title", G_BINDING_SYNC_CREATE);
  g_object_bind_property (count, "subtitle", self, "subtitle", G_BINDING_SYNC_CREATE);
  g_object_bind_property (count, "value", self->adjustment, "value",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_object (count, "notify::title", G_CALLBACK (title_changed_cb), self,
                           G_CONNECT_SWAPPED);
  title_changed_cb (self);
}

static void
pen_count_row_dispose (GObject *object)
{
  PenCountRow *self = PEN_COUNT_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_COUNT_ROW);
  g_clear_object (&self->count);

  G_OBJECT_CLASS (pen_count_row_parent_class)->dispose (object);
}

static void
pen_count_row_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PenCountRow *self = PEN_COUNT_ROW (object);

  switch (prop_id)
    {
    case PROP_COUNT:
      g_value_set_object (value, self->count);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_count_row_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  PenCountRow *self = PEN_COUNT_ROW (object);

  switch (prop_id)
    {
    case PROP_COUNT:
      set_count (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_count_row_class_init (PenCountRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_count_row_dispose;
  object_class->get_property = pen_count_row_get_property;
  object_class->set_property = pen_count_row_set_property;

  properties[PROP_COUNT] =
    g_param_spec_object ("count", NULL, NULL, PEN_TYPE_COUNT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-count-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenCountRow, spin);
  gtk_widget_class_bind_template_child (widget_class, PenCountRow, adjustment);
}

/* the row's title wraps between words only: a narrow row broke «Драгоценности» with a hyphen
 * (play finding R13); a word is never cut, so the row's least width holds the longest one */
static void
wrap_words (GtkWidget *widget,
            GtkWidget *spin)
{
  if (widget == spin)
    return;
  if (GTK_IS_LABEL (widget))
    gtk_label_set_wrap_mode (GTK_LABEL (widget), PANGO_WRAP_WORD);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    wrap_words (c, spin);
}

static void
pen_count_row_init (PenCountRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* a wheel turn over a number scrolls the form */
  pen_spin_buttons_scroll_when_focused (GTK_WIDGET (self));
  wrap_words (GTK_WIDGET (self), GTK_WIDGET (self->spin));
}

PenCount *
pen_count_row_get_count (PenCountRow *self)
{
  g_return_val_if_fail (PEN_IS_COUNT_ROW (self), NULL);

  return self->count;
}

GtkSpinButton *
pen_count_row_get_spin (PenCountRow *self)
{
  g_return_val_if_fail (PEN_IS_COUNT_ROW (self), NULL);

  return self->spin;
}

/* Once: a row shows one count for its life (rows declared in a .ui get theirs here) */
void
pen_count_row_set_count (PenCountRow *self,
                         PenCount    *count)
{
  g_return_if_fail (PEN_IS_COUNT_ROW (self));
  g_return_if_fail (PEN_IS_COUNT (count));

  set_count (self, count);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COUNT]);
}

GtkWidget *
pen_count_row_create (gpointer item,
                      gpointer user_data)
{
  return g_object_new (PEN_TYPE_COUNT_ROW, "count", item, NULL);
}
