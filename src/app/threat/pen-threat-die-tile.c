/* pen-threat-die-tile.c: one Threat die of the roll, with its ↓ and ↑ adjustments
 *
 * The buttons activate the page's "threat.remove" (u) and "threat.adjust" ((ui)).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-threat-die-tile.h"
#include "pen-widget-utils.h"

struct _PenThreatDieTile
{
  GtkWidget  parent_instance;

  GtkWidget *face_button;
  GtkLabel  *face_button_label;
  GtkLabel  *face_label;
  GtkLabel  *rolled_label;
  GtkWidget *down_button;
  GtkWidget *up_button;
};

G_DEFINE_FINAL_TYPE (PenThreatDieTile, pen_threat_die_tile, GTK_TYPE_WIDGET)

static void
set_name (GtkWidget  *widget,
          const char *name,
          gboolean    tooltip)
{
  if (tooltip)
    pen_widget_set_tooltip_text (widget, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
}

void
pen_threat_die_tile_set (PenThreatDieTile *self,
                         guint             index,
                         guint             rolled,
                         guint             face,
                         gboolean          removable)
{
  g_autofree char *less = g_strdup_printf (_("Adjust Threat die %u down by 1"), index + 1);
  g_autofree char *more = g_strdup_printf (_("Adjust Threat die %u up by 1"), index + 1);
  g_autofree char *was = g_strdup_printf (_("rolled %u"), rolled);
  g_autofree char *name = removable
    ? g_strdup_printf (_("Threat die %u shows %u: remove it"), index + 1, face)
    : g_strdup_printf (_("Threat die %u shows %u"), index + 1, face);
  char text[4];

  g_return_if_fail (PEN_IS_THREAT_DIE_TILE (self));

  g_snprintf (text, sizeof text, "%u", face);
  gtk_widget_set_visible (self->face_button, removable);
  gtk_widget_set_visible (GTK_WIDGET (self->face_label), !removable);
  gtk_label_set_label (removable ? self->face_button_label : self->face_label, text);
  set_name (removable ? self->face_button : GTK_WIDGET (self->face_label), name, removable);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->face_button), "u", index);
  gtk_label_set_label (self->rolled_label, was);
  gtk_widget_set_visible (GTK_WIDGET (self->rolled_label), face != rolled);
  set_name (self->down_button, less, TRUE);
  set_name (self->up_button, more, TRUE);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->down_button), "(ui)", index, -1);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->up_button), "(ui)", index, 1);
  /* a 1 cannot go down and a 6 cannot go up */
  gtk_widget_set_sensitive (self->down_button, face > 1);
  gtk_widget_set_sensitive (self->up_button, face < 6);
}

static void
pen_threat_die_tile_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_THREAT_DIE_TILE);
  /* what the template made is parented to this widget: unparent it */
  pen_widget_remove_all (GTK_WIDGET (object));

  G_OBJECT_CLASS (pen_threat_die_tile_parent_class)->dispose (object);
}

static void
pen_threat_die_tile_class_init (PenThreatDieTileClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_threat_die_tile_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-threat-die-tile.ui");
  gtk_widget_class_bind_template_child (widget_class, PenThreatDieTile, face_button);
  gtk_widget_class_bind_template_child (widget_class, PenThreatDieTile, face_button_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatDieTile, face_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatDieTile, rolled_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatDieTile, down_button);
  gtk_widget_class_bind_template_child (widget_class, PenThreatDieTile, up_button);
}

static void
pen_threat_die_tile_init (PenThreatDieTile *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
pen_threat_die_tile_new (void)
{
  return g_object_new (PEN_TYPE_THREAT_DIE_TILE, NULL);
}
