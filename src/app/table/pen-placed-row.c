/* pen-placed-row.c: a die placed in a location, its title and subtitle bound to the die's
 * colour, value and location, so that a change of the die redraws this row alone. Its Knock
 * Out button asks the section for the die at the row's place when it is clicked: rows come and
 * go above it, so no index is kept.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-locations.h"
#include "pen-placed-row.h"
#include "pen-width-bin.h"

struct _PenPlacedRow
{
  AdwActionRow  parent_instance;

  GtkWidget    *knock_out;

  PenDie       *die;
  char         *knock_tooltip;
  gboolean      can_knock;
};

G_DEFINE_FINAL_TYPE (PenPlacedRow, pen_placed_row, ADW_TYPE_ACTION_ROW)

enum
{
  PROP_0,
  PROP_DIE,
  PROP_CAN_KNOCK,
  PROP_KNOCK_TOOLTIP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* "Red 3": the die's colour and value, from either of the two bindings */
static gboolean
title_transform (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  g_autoptr(GObject) source = g_binding_dup_source (binding);
  PenDie *die = PEN_DIE (source);

  if (die == NULL)
    return FALSE;
  g_value_take_string (to, g_strdup_printf ("%s %u",
                                            pen_color_get_label (pen_die_get_color (die)),
                                            pen_die_get_value (die)));
  return TRUE;
}

/* "Ruby Class · Mark and card" for "ruby-class/mark/2" */
static gboolean
where_transform (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  PenLocations *locations = pen_locations_get_default ();
  const char *at = g_value_get_string (from);
  g_auto(GStrv) parts = at != NULL ? g_strsplit (at, "/", 3) : NULL;
  const char *name, *section;

  if (parts == NULL || parts[0] == NULL)
    {
      g_value_set_string (to, _("No location"));
      return TRUE;
    }
  name = pen_locations_get_name (locations, parts[0]);
  section = parts[1] != NULL ? pen_locations_get_section_name (locations, parts[0], parts[1])
                             : NULL;
  if (name == NULL)
    g_value_set_string (to, at);
  else if (section != NULL)
    g_value_take_string (to, g_strdup_printf ("%s · %s", name, section));
  else
    g_value_set_string (to, name);
  return TRUE;
}

/* The section's "placed.knock-out" takes the die's place in the table's list, which is the
 * row's place in the list box now */
static void
knock_out_clicked_cb (PenPlacedRow *self)
{
  int i = gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (self));

  if (i >= 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "placed.knock-out", "u", (guint32) i);
}

GtkWidget *
pen_placed_row_new (PenDie *die)
{
  g_return_val_if_fail (PEN_IS_DIE (die), NULL);

  return g_object_new (PEN_TYPE_PLACED_ROW, "die", die, NULL);
}

PenDie *
pen_placed_row_get_die (PenPlacedRow *self)
{
  g_return_val_if_fail (PEN_IS_PLACED_ROW (self), NULL);
  return self->die;
}

gboolean
pen_placed_row_get_can_knock (PenPlacedRow *self)
{
  g_return_val_if_fail (PEN_IS_PLACED_ROW (self), FALSE);
  return self->can_knock;
}

void
pen_placed_row_set_can_knock (PenPlacedRow *self,
                              gboolean      can_knock)
{
  g_return_if_fail (PEN_IS_PLACED_ROW (self));

  can_knock = !!can_knock;
  if (self->can_knock == can_knock)
    return;
  self->can_knock = can_knock;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_KNOCK]);
}

const char *
pen_placed_row_get_knock_tooltip (PenPlacedRow *self)
{
  g_return_val_if_fail (PEN_IS_PLACED_ROW (self), NULL);
  return self->knock_tooltip;
}

void
pen_placed_row_set_knock_tooltip (PenPlacedRow *self,
                                  const char   *tooltip)
{
  g_return_if_fail (PEN_IS_PLACED_ROW (self));

  if (g_strcmp0 (self->knock_tooltip, tooltip) == 0)
    return;
  g_free (self->knock_tooltip);
  self->knock_tooltip = g_strdup (tooltip);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KNOCK_TOOLTIP]);
}

static void
pen_placed_row_constructed (GObject *object)
{
  PenPlacedRow *self = PEN_PLACED_ROW (object);

  G_OBJECT_CLASS (pen_placed_row_parent_class)->constructed (object);

  g_return_if_fail (self->die != NULL);
  g_object_bind_property_full (self->die, "color", self, "title", G_BINDING_SYNC_CREATE,
                               title_transform, NULL, NULL, NULL);
  g_object_bind_property_full (self->die, "value", self, "title", G_BINDING_DEFAULT,
                               title_transform, NULL, NULL, NULL);
  g_object_bind_property_full (self->die, "location", self, "subtitle", G_BINDING_SYNC_CREATE,
                               where_transform, NULL, NULL, NULL);
}

static void
pen_placed_row_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  PenPlacedRow *self = PEN_PLACED_ROW (object);

  switch (prop_id)
    {
    case PROP_DIE:
      g_value_set_object (value, self->die);
      break;
    case PROP_CAN_KNOCK:
      g_value_set_boolean (value, self->can_knock);
      break;
    case PROP_KNOCK_TOOLTIP:
      g_value_set_string (value, self->knock_tooltip);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_placed_row_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  PenPlacedRow *self = PEN_PLACED_ROW (object);

  switch (prop_id)
    {
    case PROP_DIE:
      self->die = g_value_dup_object (value);
      break;
    case PROP_CAN_KNOCK:
      pen_placed_row_set_can_knock (self, g_value_get_boolean (value));
      break;
    case PROP_KNOCK_TOOLTIP:
      pen_placed_row_set_knock_tooltip (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_placed_row_dispose (GObject *object)
{
  PenPlacedRow *self = PEN_PLACED_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_PLACED_ROW);
  g_clear_object (&self->die);

  G_OBJECT_CLASS (pen_placed_row_parent_class)->dispose (object);
}

static void
pen_placed_row_finalize (GObject *object)
{
  PenPlacedRow *self = PEN_PLACED_ROW (object);

  g_free (self->knock_tooltip);

  G_OBJECT_CLASS (pen_placed_row_parent_class)->finalize (object);
}

static void
pen_placed_row_class_init (PenPlacedRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pen_placed_row_constructed;
  object_class->get_property = pen_placed_row_get_property;
  object_class->set_property = pen_placed_row_set_property;
  object_class->dispose = pen_placed_row_dispose;
  object_class->finalize = pen_placed_row_finalize;

  properties[PROP_DIE] =
    g_param_spec_object ("die", NULL, NULL, PEN_TYPE_DIE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* whether the current player has a Red die to discard, and what the button says about it */
  properties[PROP_CAN_KNOCK] =
    g_param_spec_boolean ("can-knock", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_KNOCK_TOOLTIP] =
    g_param_spec_string ("knock-tooltip", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-placed-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenPlacedRow, knock_out);
  gtk_widget_class_bind_template_callback (widget_class, knock_out_clicked_cb);
}

static GtkWidget *
find_title_box (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BOX (child) && gtk_widget_has_css_class (child, "title"))
        return child;
      if ((found = find_title_box (child)) != NULL)
        return found;
    }
  return NULL;
}

/* AdwActionRow (1.2) holds its title and subtitle in a vertical box inside its horizontal
 * header box, which asks that box its width for the row's height when it allocates it, and
 * each wrapping label answers by a binary search over widths: a placement's new row laid its
 * two lines out about 280 times (45 M instructions, 80 % of the tap). A PenWidthBin around the
 * box answers with its width for no height; the row is still laid out height for width. */
static void
steady_title_width (PenPlacedRow *self)
{
  GtkWidget *box = find_title_box (GTK_WIDGET (self));
  GtkWidget *header = box != NULL ? gtk_widget_get_parent (box) : NULL;
  GtkWidget *before, *bin;

  if (header == NULL || !GTK_IS_BOX (header))
    return;
  before = gtk_widget_get_prev_sibling (box);
  bin = pen_width_bin_new ();
  g_object_ref (box);
  gtk_box_remove (GTK_BOX (header), box);
  adw_bin_set_child (ADW_BIN (bin), box);
  g_object_unref (box);
  gtk_box_insert_child_after (GTK_BOX (header), bin, before);
}

static void
pen_placed_row_init (PenPlacedRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  steady_title_width (self);
}
