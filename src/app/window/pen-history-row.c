/* pen-history-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-history-row.h"
#include "pen-widget-utils.h"

struct _PenHistoryRow
{
  GtkWidget  parent_instance;

  GtkLabel  *number_label;
  GtkLabel  *label;
  GtkWidget *override_label;
  GtkWidget *current_icon;
  gboolean   current;
};

G_DEFINE_FINAL_TYPE (PenHistoryRow, pen_history_row, GTK_TYPE_WIDGET)

static void
pen_history_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_HISTORY_ROW);
  /* what the template made is parented to this widget: unparent it */
  pen_widget_remove_all (GTK_WIDGET (object));

  G_OBJECT_CLASS (pen_history_row_parent_class)->dispose (object);
}

static void
pen_history_row_class_init (PenHistoryRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_history_row_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-history-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenHistoryRow, number_label);
  gtk_widget_class_bind_template_child (widget_class, PenHistoryRow, label);
  gtk_widget_class_bind_template_child (widget_class, PenHistoryRow, current_icon);
  gtk_widget_class_bind_template_child (widget_class, PenHistoryRow, override_label);
}

static void
pen_history_row_init (PenHistoryRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

PenHistoryRow *
pen_history_row_new (void)
{
  return g_object_new (PEN_TYPE_HISTORY_ROW, NULL);
}

void
pen_history_row_set_action (PenHistoryRow *self,
                            PenAction     *action,
                            guint          number,
                            gboolean       applied)
{
  g_autofree char *num = g_strdup_printf ("%u", number);

  gtk_label_set_label (self->number_label, num);
  gtk_label_set_label (self->label, pen_action_get_label (action));
  /* the log keeps it; the History says it plainly (play finding V5) */
  gtk_widget_set_visible (self->override_label, pen_action_get_overruled (action));
  if (applied)
    gtk_widget_remove_css_class (GTK_WIDGET (self), "undone");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self), "undone");
  pen_widget_set_tooltip_text (GTK_WIDGET (self),
                               applied ? _("Go back to just after this step")
                                       : _("Undone: redo up to this step"));
}

void
pen_history_row_set_current (PenHistoryRow *self,
                             gboolean       current)
{
  g_return_if_fail (PEN_IS_HISTORY_ROW (self));

  self->current = !!current;
  /* the icon keeps its place either way: the labels do not shift as the position moves */
  gtk_widget_set_opacity (self->current_icon, current ? 1.0 : 0.0);
  if (current)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self), "current-step");
      pen_widget_set_tooltip_text (GTK_WIDGET (self), _("The game stands here now"));
    }
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "current-step");
  gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_SELECTED, current,
                               -1);
}

gboolean
pen_history_row_get_current (PenHistoryRow *self)
{
  g_return_val_if_fail (PEN_IS_HISTORY_ROW (self), FALSE);
  return self->current;
}
