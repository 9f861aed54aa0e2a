/* pen-keep-height.c: a bin whose height only grows while its key stays the same
 *
 * A text that a tap rewrites one line shorter (the Rival's steps naming the card just picked,
 * the Threat page's warning once a Mark's value is entered) moved everything under it up by a
 * line, and the next tap landed on something else (play finding T11). This bin asks no less
 * height, for a given width, than the most its child asked for that width since the key was
 * set: within one turn the text may grow, never shrink. A new key (the next turn) forgets it.
 * The heights are kept per width, so a narrower window is measured as itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-keep-height.h"

struct _PenKeepHeight
{
  AdwBin      parent_instance;

  char       *key;
  GHashTable *heights;   /* width (for_size) → the most minimum height asked for it */
};

G_DEFINE_FINAL_TYPE (PenKeepHeight, pen_keep_height, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_KEY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkSizeRequestMode
pen_keep_height_get_request_mode (GtkWidget *widget)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  return child != NULL ? gtk_widget_get_request_mode (child)
                       : GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
pen_keep_height_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  PenKeepHeight *self = PEN_KEEP_HEIGHT (widget);
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));
  gpointer kept;
  int min = 0, nat = 0;

  if (child != NULL && gtk_widget_should_layout (child))
    gtk_widget_measure (child, orientation, for_size, &min, &nat, NULL, NULL);
  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      kept = g_hash_table_lookup (self->heights, GINT_TO_POINTER (for_size));
      min = MAX (min, GPOINTER_TO_INT (kept));
      nat = MAX (nat, min);
      g_hash_table_insert (self->heights, GINT_TO_POINTER (for_size), GINT_TO_POINTER (min));
    }
  *minimum = min;
  *natural = nat;
}

static void
pen_keep_height_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  /* the child at the top of the kept space */
  if (child != NULL && gtk_widget_should_layout (child))
    {
      int min = 0;

      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, &min, NULL, NULL, NULL);
      gtk_widget_allocate (child, width, MIN (height, MAX (min, 0)), -1, NULL);
    }
}

void
pen_keep_height_set_key (PenKeepHeight *self,
                         const char    *key)
{
  g_return_if_fail (PEN_IS_KEEP_HEIGHT (self));

  if (g_strcmp0 (self->key, key) == 0)
    return;
  g_free (self->key);
  self->key = g_strdup (key);
  g_hash_table_remove_all (self->heights);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KEY]);
}

const char *
pen_keep_height_get_key (PenKeepHeight *self)
{
  g_return_val_if_fail (PEN_IS_KEEP_HEIGHT (self), NULL);
  return self->key;
}

gboolean
pen_keep_height_get_holding (PenKeepHeight *self)
{
  GHashTableIter iter;
  gpointer height;

  g_return_val_if_fail (PEN_IS_KEEP_HEIGHT (self), FALSE);
  g_hash_table_iter_init (&iter, self->heights);
  while (g_hash_table_iter_next (&iter, NULL, &height))
    if (GPOINTER_TO_INT (height) > 0)
      return TRUE;
  return FALSE;
}

static void
pen_keep_height_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_KEY:
      g_value_set_string (value, PEN_KEEP_HEIGHT (object)->key);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_keep_height_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_KEY:
      pen_keep_height_set_key (PEN_KEEP_HEIGHT (object), g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_keep_height_finalize (GObject *object)
{
  PenKeepHeight *self = PEN_KEEP_HEIGHT (object);

  g_free (self->key);
  g_hash_table_unref (self->heights);

  G_OBJECT_CLASS (pen_keep_height_parent_class)->finalize (object);
}

static void
pen_keep_height_class_init (PenKeepHeightClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pen_keep_height_finalize;
  object_class->get_property = pen_keep_height_get_property;
  object_class->set_property = pen_keep_height_set_property;
  widget_class->get_request_mode = pen_keep_height_get_request_mode;
  widget_class->measure = pen_keep_height_measure;
  widget_class->size_allocate = pen_keep_height_size_allocate;

  properties[PROP_KEY] =
    g_param_spec_string ("key", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_keep_height_init (PenKeepHeight *self)
{
  /* AdwBin's GtkBinLayout would measure in its stead */
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
  self->heights = g_hash_table_new (g_direct_hash, g_direct_equal);
}

GtkWidget *
pen_keep_height_new (void)
{
  return g_object_new (PEN_TYPE_KEEP_HEIGHT, NULL);
}
