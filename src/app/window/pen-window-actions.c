/* pen-window-actions.c: the window's actions (win.undo, win.redo, win.page, …)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-task-dialog.h"
#include "pen-window-private.h"

void
_pen_window_update_actions (PenWindow *self)
{
  gboolean has_game = self->game != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 has_game && pen_game_get_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 has_game && pen_game_get_can_redo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-game", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.check-table", has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.task-helper", has_game);
  gtk_widget_set_visible (self->back_to_game_button, has_game);
}

static void
undo_toast_dismissed_cb (PenWindow *self)
{
  g_clear_weak_pointer (&self->undo_toast);
}

/* The feedback of an undo or redo: "Undone: …" with Redo. One toast for a run of undos and
 * redos, its text updated in place while it is shown: a new toast for each would slide in
 * again (a dozen frames) for every tap. */
static void
show_undo_toast (PenWindow  *self,
                 const char *title)
{
  /* plain text: an action's label may hold a name with "&" */
  g_autofree char *escaped = g_markup_escape_text (title, -1);
  AdwToast *toast;

  if (self->undo_toast != NULL)
    {
      adw_toast_set_title (self->undo_toast, escaped);
      return;
    }
  toast = adw_toast_new (escaped);
  adw_toast_set_button_label (toast, _("_Redo"));
  adw_toast_set_action_name (toast, "win.redo");
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_set_weak_pointer (&self->undo_toast, toast);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (undo_toast_dismissed_cb), self,
                           G_CONNECT_SWAPPED);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* The label of the action at position in the history */
static char *
history_label (PenWindow *self,
               guint      position)
{
  g_autoptr(PenAction) action = g_list_model_get_item (pen_game_get_history (self->game),
                                                       position);

  return g_strdup (action != NULL ? pen_action_get_label (action) : "");
}

static void
undo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  PenWindow *self = PEN_WINDOW (widget);
  g_autofree char *label = NULL;
  g_autofree char *title = NULL;

  if (self->game == NULL || !pen_game_undo (self->game))
    return;
  label = history_label (self, pen_game_get_position (self->game));
  title = g_strdup_printf (_("Undone: %s"), label);
  show_undo_toast (self, title);
}

static void
redo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  PenWindow *self = PEN_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  g_autofree char *title = NULL;

  if (self->game == NULL)
    return;
  if (!pen_game_redo (self->game, &error))
    {
      if (error != NULL)
        pen_window_toast (self, error->message);
      return;
    }
  /* a toast of the undo still shown would name what is no longer undone */
  if (self->undo_toast == NULL)
    return;
  label = history_label (self, pen_game_get_position (self->game) - 1);
  title = g_strdup_printf (_("Redone: %s"), label);
  show_undo_toast (self, title);
}

static void
show_start_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  PenWindow *self = PEN_WINDOW (widget);

  pen_start_page_refresh (self->start_page);
  gtk_stack_set_visible_child_name (self->main_stack, "start");
}

static void
new_game_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  PenWindow *self = PEN_WINDOW (widget);

  show_start_activated (widget, NULL, NULL);
  pen_start_page_focus_new_game (self->start_page);
}

static void
show_game_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  PenWindow *self = PEN_WINDOW (widget);

  if (self->game != NULL)
    gtk_stack_set_visible_child_name (self->main_stack, "game");
}

static void
page_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  pen_window_show_page (PEN_WINDOW (widget), g_variant_get_string (param, NULL));
}

static void
task_helper_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  PenWindow *self = PEN_WINDOW (widget);
  PenTaskDialog *dialog;

  if (self->game == NULL)
    return;
  dialog = pen_task_dialog_new (self->game,
                                pen_table_get_current (pen_game_get_table (self->game)));
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  g_signal_connect_object (dialog, "submit", G_CALLBACK (_pen_window_submit_action), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
check_table_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  PenWindow *self = PEN_WINDOW (widget);

  pen_window_show_page (self, "table");
  pen_table_page_check_table (self->table_page);
}

static void
sync_pages_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  pen_window_sync_pages (PEN_WINDOW (widget));
}

void
_pen_window_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_activated);
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_activated);
  gtk_widget_class_install_action (widget_class, "win.show-start", NULL, show_start_activated);
  gtk_widget_class_install_action (widget_class, "win.show-game", NULL, show_game_activated);
  gtk_widget_class_install_action (widget_class, "win.check-table", NULL,
                                   check_table_activated);
  gtk_widget_class_install_action (widget_class, "win.task-helper", NULL, task_helper_activated);
  gtk_widget_class_install_action (widget_class, "win.sync-pages", NULL, sync_pages_activated);
  gtk_widget_class_install_action (widget_class, "win.page", "s", page_activated);
}
