/* pen-threat-roll-view.c: step 2 of a Threat roll: the app rolls, or the table does
 *
 * "Roll for Me" and "The Table Rolls" while preparing; then the six face buttons (the table's
 * roll) and one tile per Threat die, with ↓ and ↑ for "adjust" effects. Everything is in the
 * template; a change of the roll updates the texts and the tiles in place.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-threat-die-tile.h"
#include "pen-threat-roll-view.h"
#include "pen-widget-utils.h"

struct _PenThreatRollView
{
  AdwBin         parent_instance;

  GtkWidget     *fix_label;
  GtkWidget     *prepare_box;
  GtkLabel      *to_roll_label;
  GtkWidget     *buttons_flow;
  GtkWidget     *app_button;
  GtkWidget     *table_button;
  GtkLabel      *table_label;
  GtkWidget     *faces_grid;
  GtkWidget     *app_label;
  GtkWidget     *dice_box;
  GtkLabel      *dice_heading;
  GtkFlowBox    *dice_flow;

  PenThreatRoll *roll;
  gboolean       physical;
  guint          n_tiles;
};

G_DEFINE_FINAL_TYPE (PenThreatRollView, pen_threat_roll_view, ADW_TYPE_BIN)

/* one tile per Threat die: added or removed at the end, the others updated in place */
static void
update_tiles (PenThreatRollView *self)
{
  guint n = pen_threat_roll_get_n_faces (self->roll);
  gboolean table = pen_threat_roll_get_mode (self->roll) == PEN_THREAT_ROLL_BY_TABLE;

  for (; self->n_tiles < n; self->n_tiles++)
    {
      gtk_flow_box_append (self->dice_flow, pen_threat_die_tile_new ());
      gtk_widget_set_focusable (GTK_WIDGET (gtk_flow_box_get_child_at_index (self->dice_flow,
                                                                             self->n_tiles)),
                                FALSE);
    }
  for (; self->n_tiles > n; self->n_tiles--)
    gtk_flow_box_remove (self->dice_flow,
                         GTK_WIDGET (gtk_flow_box_get_child_at_index (self->dice_flow,
                                                                      self->n_tiles - 1)));
  for (guint i = 0; i < n; i++)
    {
      GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index (self->dice_flow, i);

      pen_threat_die_tile_set (PEN_THREAT_DIE_TILE (gtk_flow_box_child_get_child (child)), i,
                               pen_threat_roll_get_rolled (self->roll, i),
                               pen_threat_roll_get_face (self->roll, i), table);
    }
}

static void
update (PenThreatRollView *self)
{
  PenThreatRollMode mode = pen_threat_roll_get_mode (self->roll);
  gboolean ok = pen_threat_roll_get_prep_ok (self->roll);
  guint n_dice = pen_threat_roll_get_n_dice (self->roll);
  guint n_faces = pen_threat_roll_get_n_faces (self->roll);
  gboolean more = mode == PEN_THREAT_ROLL_BY_TABLE && n_faces < n_dice;

  gtk_widget_set_visible (self->fix_label, !ok);
  gtk_label_set_label (GTK_LABEL (self->fix_label),
                       pen_threat_roll_get_rift_missing (self->roll) > 0
                       ? _("Choose the dice for Rift first.") : _("Fix the preparation first."));
  gtk_widget_set_visible (self->prepare_box, ok && mode == PEN_THREAT_ROLL_PREPARING);
  gtk_widget_set_visible (GTK_WIDGET (self->table_label), ok && mode == PEN_THREAT_ROLL_BY_TABLE);
  gtk_widget_set_visible (self->faces_grid, ok && more);
  gtk_widget_set_sensitive (self->faces_grid, more);
  gtk_widget_set_visible (self->app_label, ok && mode == PEN_THREAT_ROLL_BY_APP);
  gtk_widget_set_visible (self->dice_box, ok && mode != PEN_THREAT_ROLL_PREPARING
                          && n_faces > 0);
  if (mode == PEN_THREAT_ROLL_PREPARING)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "%u Threat die to roll.",
                                                            "%u Threat dice to roll.", n_dice),
                                               n_dice);

      gtk_label_set_label (self->to_roll_label, text);
    }
  else if (mode == PEN_THREAT_ROLL_BY_TABLE)
    {
      g_autofree char *text = g_strdup_printf (_("Tap the faces the table rolled: %u of %u"),
                                               n_faces, n_dice);

      gtk_label_set_label (self->table_label, text);
    }
  gtk_label_set_label (self->dice_heading, mode == PEN_THREAT_ROLL_BY_TABLE
                                           ? _("The roll (tap a die to take it back):")
                                           : _("The roll:"));
  update_tiles (self);
}

void
pen_threat_roll_view_set_physical (PenThreatRollView *self,
                                   gboolean           physical)
{
  g_return_if_fail (PEN_IS_THREAT_ROLL_VIEW (self));

  physical = !!physical;
  if (self->physical == physical)
    return;
  self->physical = physical;
  gtk_widget_set_visible (gtk_widget_get_parent (self->app_button), !physical);
  if (physical)
    gtk_widget_add_css_class (self->table_button, "suggested-action");
  else
    gtk_widget_remove_css_class (self->table_button, "suggested-action");
}

void
pen_threat_roll_view_set_roll (PenThreatRollView *self,
                               PenThreatRoll     *roll)
{
  g_return_if_fail (PEN_IS_THREAT_ROLL_VIEW (self));
  g_return_if_fail (self->roll == NULL && PEN_IS_THREAT_ROLL (roll));

  self->roll = g_object_ref (roll);
  g_signal_connect_object (roll, "roll-changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (roll, "notify::mode", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (roll, "notify::rift-missing", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (roll, "notify::prep-ok", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (roll, "notify::n-dice", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  update (self);
}

static void
pen_threat_roll_view_dispose (GObject *object)
{
  PenThreatRollView *self = PEN_THREAT_ROLL_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_THREAT_ROLL_VIEW);
  g_clear_object (&self->roll);

  G_OBJECT_CLASS (pen_threat_roll_view_parent_class)->dispose (object);
}

static void
pen_threat_roll_view_class_init (PenThreatRollViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_threat_roll_view_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-threat-roll-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PenThreatRollView, fix_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatRollView, prepare_box);
  gtk_widget_class_bind_template_child (widget_class, PenThreatRollView, to_roll_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatRollView, buttons_flow);
  gtk_widget_class_bind_template_child (widget_class, PenThreatRollView, app_button);
  gtk_widget_class_bind_template_child (widget_class, PenThreatRollView, table_button);
  gtk_widget_class_bind_template_child (widget_class, PenThreatRollView, table_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatRollView, faces_grid);
  gtk_widget_class_bind_template_child (widget_class, PenThreatRollView, app_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatRollView, dice_box);
  gtk_widget_class_bind_template_child (widget_class, PenThreatRollView, dice_heading);
  gtk_widget_class_bind_template_child (widget_class, PenThreatRollView, dice_flow);
}

static void
pen_threat_roll_view_init (PenThreatRollView *self)
{
  GtkWidget *child;
  guint f = 1;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* the face buttons, 1 to 6, say what they add */
  for (child = gtk_widget_get_first_child (self->faces_grid); child != NULL;
       child = gtk_widget_get_next_sibling (child), f++)
    {
      g_autofree char *name = g_strdup_printf (_("Add a Threat die showing %u"), f);

      pen_widget_set_tooltip_text (child, name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                      -1);
    }
  /* side by side, or one above the other on a phone; not stops for the keyboard themselves */
  for (child = gtk_widget_get_first_child (self->buttons_flow); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);
}
