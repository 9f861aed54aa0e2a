/* pen-window-history.c: the history under the undo button — every action, a tap jumps back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-history-row.h"
#include "pen-table-submit.h"
#include "pen-window-private.h"

void
_pen_window_history_activate_cb (PenWindow *self,
                     guint      position)
{
  g_autoptr(GError) error = NULL;

  if (self->game == NULL)
    return;
  /* row i shows action i: jumping to it keeps it and undoes what came after */
  if (!pen_game_jump_to (self->game, position + 1, &error))
    {
      g_autofree char *text = pen_table_error_text (error);

      pen_window_toast (self, text);
    }
  gtk_popover_popdown (self->history_popover);
}

static void
history_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  PenWindow                *self)
{
  gtk_list_item_set_child (item, GTK_WIDGET (pen_history_row_new ()));
}

static void
history_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 PenWindow                *self)
{
  PenHistoryRow *row = PEN_HISTORY_ROW (gtk_list_item_get_child (item));
  PenAction *action = gtk_list_item_get_item (item);
  guint pos = gtk_list_item_get_position (item);

  pen_history_row_set_action (row, action, pos + 1,
                              self->game != NULL && pos < pen_game_get_position (self->game));
  pen_history_row_set_current (row, self->game != NULL
                                    && pos + 1 == pen_game_get_position (self->game));
}

/* The current step in view, once the list has its size */
static gboolean
history_scroll_cb (gpointer data)
{
  PenWindow *self = data;
  guint n = self->game != NULL ? pen_game_get_position (self->game) : 0;

  self->history_scroll_id = 0;
  if (n > 0)
    gtk_widget_activate_action (GTK_WIDGET (self->history_view), "list.scroll-to-item", "u",
                                n - 1);
  return G_SOURCE_REMOVE;
}

static void
history_popover_show_cb (PenWindow *self)
{
  g_autoptr(GtkNoSelection) selection = NULL;

  if (self->game == NULL)
    return;
  /* wide enough on a desktop that the Rival's long steps read on a few lines, within the
   * window on a phone (play finding Y2): the popover adds its own padding and arrow */
  gtk_widget_set_size_request (gtk_popover_get_child (self->history_popover),
                               CLAMP (gtk_widget_get_width (GTK_WIDGET (self)) - 60, 240, 480),
                               -1);
  /* a fresh model binds every row again with the current undo position */
  selection = gtk_no_selection_new (g_object_ref (pen_game_get_history (self->game)));
  gtk_list_view_set_model (self->history_view, GTK_SELECTION_MODEL (selection));
  if (self->history_scroll_id == 0)
    self->history_scroll_id = g_idle_add_full (G_PRIORITY_LOW, history_scroll_cb, self, NULL);
}

void
_pen_window_history_init (PenWindow *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (history_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (history_bind_cb), self);
  gtk_list_view_set_factory (self->history_view, factory);
  g_signal_connect_object (self->history_popover, "show", G_CALLBACK (history_popover_show_cb),
                           self, G_CONNECT_SWAPPED);
}
