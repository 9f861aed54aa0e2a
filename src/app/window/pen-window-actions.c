/* pen-window-actions.c: the window's actions (win.undo, win.redo, win.page, …)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-task-dialog.h"
#include "pen-widget-utils.h"
#include "pen-table-submit.h"
#include "pen-window-private.h"

/* The window's actions that follow the game, and whether each is enabled now */
static const char * const game_actions[] = {
  "win.undo", "win.redo", "win.show-game", "win.check-table", "win.task-helper",
  "win.task-helper-card",
};

/* Enabling an action tells every widget bound to it (about 100,000 instructions each time in
 * GTK 4.8, changed or not): only changes are passed on. */
void
_pen_window_update_actions (PenWindow *self)
{
  gboolean has_game = self->game != NULL;
  gboolean enabled[G_N_ELEMENTS (game_actions)] = {
    has_game && pen_game_get_can_undo (self->game),
    has_game && pen_game_get_can_redo (self->game),
    has_game, has_game, has_game, has_game,
  };

  for (guint i = 0; i < G_N_ELEMENTS (game_actions); i++)
    {
      guint bit = 1u << i;

      if (self->actions_known && ((self->actions_enabled & bit) != 0) == enabled[i])
        continue;
      gtk_widget_action_set_enabled (GTK_WIDGET (self), game_actions[i], enabled[i]);
      if (enabled[i])
        self->actions_enabled |= bit;
      else
        self->actions_enabled &= ~bit;
    }
  self->actions_known = TRUE;
  gtk_widget_set_visible (self->back_to_game_button, has_game);
}

void
_pen_window_hide_undo_note (PenWindow *self)
{
  g_clear_handle_id (&self->undo_note_timeout, g_source_remove);
  gtk_widget_set_visible (self->undo_note, FALSE);
}

static gboolean
undo_note_timeout_cb (gpointer data)
{
  PenWindow *self = data;

  self->undo_note_timeout = 0;
  _pen_window_hide_undo_note (self);
  return G_SOURCE_REMOVE;
}

/* The note's first showing paid, in the frame of the first undo, for its style worked out,
 * its close icon loaded and its text's glyphs drawn the first time: done once ahead, at idle
 * after the window is shown, as for the turn controls' hidden page (pen_widget_warm_hidden ()).
 * The note is shown for it but kept unmapped (not child-visible): nothing is drawn. */
void
_pen_window_warm_undo_note (PenWindow *self)
{
  GtkWidget *note = self->undo_note;
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (note));
  g_autoptr(GtkIconPaintable) icon = NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autofree char *sample = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  int width;

  if (gtk_widget_get_visible (note))
    return;
  /* the letters of both languages the action labels are written in, and the note's own words */
  sample = g_strconcat (_("Undone: %s"), " ", _("Redone: %s"),
                        " abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789"
                        " .,:;!?'’\"“”«»()[]/+-–—…×"
                        " абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
                        " АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ", NULL);
  gtk_widget_set_child_visible (note, FALSE);
  gtk_widget_set_visible (note, TRUE);
  gtk_label_set_label (self->undo_note_label, sample);
  gtk_widget_measure (note, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
  pen_widget_warm_hidden (note, MIN (width, gtk_widget_get_width (GTK_WIDGET (self))));
  gtk_label_set_label (self->undo_note_label, "");
  gtk_widget_set_visible (note, FALSE);
  gtk_widget_set_child_visible (note, TRUE);

  /* the close button's icon: looked up when measured, but loaded when first drawn */
  icon = gtk_icon_theme_lookup_icon (theme, "window-close-symbolic", NULL, 16,
                                     gtk_widget_get_scale_factor (note),
                                     gtk_widget_get_direction (note), 0);
  gdk_paintable_snapshot (GDK_PAINTABLE (icon), snapshot, 16, 16);
  node = gtk_snapshot_to_node (snapshot);
  if (node != NULL)
    {
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 16, 16);
      cr = cairo_create (surface);
      gsk_render_node_draw (node, cr);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

/* The feedback of an undo or redo: "Undone: …" with Redo (while there is one), over the foot of the page like a
 * toast. A note that comes at once, in the frame that shows the undo, and is updated in place
 * by the next undo or redo: an AdwToast slides in over a dozen frames or more (libadwaita
 * 1.2 has no toast without it), each frame as dear as the undo itself. It goes after a few
 * seconds, at the next change that is not an undo or redo, or when closed. */
static void
show_undo_note (PenWindow  *self,
                const char *title)
{
  gtk_label_set_label (self->undo_note_label, title);
  /* the last step redone: no Redo rather than a greyed-out one, which reads as broken (play
   * finding W4); the header's Undo takes the redo back */
  gtk_widget_set_visible (self->undo_note_redo, pen_game_get_can_redo (self->game));
  gtk_widget_set_visible (self->undo_note, TRUE);
  g_clear_handle_id (&self->undo_note_timeout, g_source_remove);
  self->undo_note_timeout = g_timeout_add_seconds (5, undo_note_timeout_cb, self);
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
  gboolean done;

  if (self->game == NULL)
    return;
  self->undoing = TRUE;
  done = pen_game_undo (self->game);
  self->undoing = FALSE;
  if (!done)
    return;
  label = history_label (self, pen_game_get_position (self->game));
  title = g_strdup_printf (_("Undone: %s"), label);
  show_undo_note (self, title);
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
  gboolean done;

  if (self->game == NULL)
    return;
  self->undoing = TRUE;
  done = pen_game_redo (self->game, &error);
  self->undoing = FALSE;
  if (!done)
    {
      if (error != NULL)
        {
          g_autofree char *text = pen_table_error_text (error);

          pen_window_toast (self, text);
        }
      return;
    }
  /* a note of the undo still shown would name what is no longer undone */
  if (!gtk_widget_get_visible (self->undo_note))
    return;
  label = history_label (self, pen_game_get_position (self->game) - 1);
  title = g_strdup_printf (_("Redone: %s"), label);
  show_undo_note (self, title);
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

/* The Task Helper for the current player, its task preset from card's printed one when known
 * (card may be NULL) */
static void
open_task_helper (PenWindow  *self,
                  const char *card)
{
  PenTaskDialog *dialog;

  if (self->game == NULL)
    return;
  dialog = pen_task_dialog_new (self->game,
                                pen_table_get_current (pen_game_get_table (self->game)));
  if (card != NULL)
    pen_task_dialog_set_card (dialog, card);
  pen_window_fit_parent (GTK_WINDOW (dialog), GTK_WINDOW (self));
  g_signal_connect_object (dialog, "submit", G_CALLBACK (_pen_window_submit_action), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The Task Helper (Ctrl+T): for the Trial being attempted, if any */
static void
task_helper_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  PenWindow *self = PEN_WINDOW (widget);
  const PenTrial *trial = self->game != NULL ? pen_table_get_trial (pen_game_get_table
                                                                    (self->game))
                                             : NULL;

  open_task_helper (self, trial != NULL ? trial->card : NULL);
}

/* The task helper for a card ("s": its id): its printed task preset when known */
static void
task_helper_card_activated (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *param)
{
  open_task_helper (PEN_WINDOW (widget), g_variant_get_string (param, NULL));
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

/* The cards the table turns up and does not read out now ("as": the placeholders the next
 * action lays face up): the naming dialog is not opened for them (play finding X6) */
static void
leave_unread_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *param)
{
  g_autofree const char **cards = g_variant_get_strv (param, NULL);

  pen_reveal_naming_leave_unread (PEN_WINDOW (widget)->reveal_naming, cards);
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
  gtk_widget_class_install_action (widget_class, "win.task-helper-card", "s",
                                   task_helper_card_activated);
  gtk_widget_class_install_action (widget_class, "win.sync-pages", NULL, sync_pages_activated);
  gtk_widget_class_install_action (widget_class, "win.leave-unread", "as",
                                   leave_unread_activated);
  gtk_widget_class_install_action (widget_class, "win.page", "s", page_activated);
}
