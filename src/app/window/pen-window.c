/* pen-window.c: the window — its game, its pages, start-up and saving
 *
 * The actions (pen-window-actions.c) and the history popover (pen-window-history.c) live
 * beside it; they share the instance struct through pen-window-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-board-layout.h"
#include "pen-steady-bin.h"
#include "pen-width-bin.h"
#include "pen-table-submit.h"
#include "pen-widget-utils.h"
#include "pen-window-private.h"

G_DEFINE_FINAL_TYPE (PenWindow, pen_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *page_widget (PenWindow *self, const char *name);
static void       sync_page   (PenWindow *self, GtkWidget *page);

void
pen_window_toast (PenWindow  *self,
                  const char *message)
{
  /* plain text: a message may quote a file ("<", "&") */
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_set_timeout (toast, 4);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
update_save_error (PenWindow *self)
{
  const GError *error = self->game ? pen_game_get_save_error (self->game) : NULL;

  if (error != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The last change is not saved yet: %s. It is "
                                                 "tried again every few seconds."),
                                               error->message);
      gtk_label_set_label (self->save_error_label, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->save_error_label), error != NULL);
}

/* Another program changed the game's file: its version is the game now */
static void
save_reloaded_cb (PenWindow *self,
                  PenGame   *game)
{
  pen_window_set_game (self, game);
  pen_window_toast (self, _("The game was changed by another program and was read again"));
}

static void
save_reload_failed_cb (PenWindow  *self,
                       const char *message)
{
  g_autofree char *text = g_strdup_printf (_("Another program changed the game's file, which "
                                             "cannot be read now (%s). This game is not saved "
                                             "over it."), message);
  pen_window_toast (self, text);
}

static gboolean
prepare_undo_cb (gpointer data)
{
  PenWindow *self = data;

  self->prepare_undo_id = 0;
  if (self->game != NULL)
    pen_game_prepare_undo (self->game);
  return G_SOURCE_REMOVE;
}

/* The snapshot an undo restores is parsed ahead, at idle once the change is drawn: the undo
 * then draws its frame sooner (json-glib's parse was 1.4 M of the Table page's 11 M). Not after
 * an undo or redo, so that these stay as cheap as they are (the step before is parsed by its
 * own undo, as before). */
static void
queue_prepare_undo (PenWindow *self)
{
  if (self->prepare_undo_id == 0)
    self->prepare_undo_id = g_idle_add_full (G_PRIORITY_LOW, prepare_undo_cb, self, NULL);
}

/* Any other change of the game takes the undo note away: it would name a step no longer the
 * last undone */
static void
game_position_cb (PenWindow *self)
{
  if (self->undoing)
    return;
  _pen_window_hide_undo_note (self);
  queue_prepare_undo (self);
}

static void
undo_note_close_cb (PenWindow *self)
{
  _pen_window_hide_undo_note (self);
}

static void
game_notify_cb (PenWindow *self)
{
  _pen_window_update_actions (self);
  update_save_error (self);
}

static void
submit_report_cb (gpointer      data,
                  const GError *error)
{
  pen_window_toast (PEN_WINDOW (data), error->message);
}

/* A section's action (every page's "submit"), at the table: a refusal by the rules offers
 * "Do it anyway", dice the table rolls are asked for (pen-table-submit.h) */
gboolean
pen_window_submit (PenWindow *self,
                   PenAction *action)
{
  gboolean applied;

  g_return_val_if_fail (PEN_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (PEN_IS_ACTION (action), FALSE);

  if (self->game == NULL)
    return FALSE;
  pen_reveal_naming_expect (self->reveal_naming, action);
  applied = pen_table_submit (GTK_WINDOW (self), self->game, action, submit_report_cb, self);
  update_save_error (self);
  return applied;
}

void
_pen_window_submit_action (PenWindow *self,
                           PenAction *action)
{
  pen_window_submit (self, action);
}

/* A page's tapped game term ("show-rule"): open its rule on the Rules page */
static void
page_show_rule_cb (PenWindow  *self,
                   const char *term)
{
  pen_rules_page_show (self->rules_page, term);
  pen_window_show_page (self, "rules");
}

void
pen_window_show_page (PenWindow  *self,
                      const char *name)
{
  if (self->game == NULL)
    return;
  gtk_stack_set_visible_child_name (self->main_stack, "game");
  sync_page (self, page_widget (self, name));
  adw_view_stack_set_visible_child_name (self->view_stack, name);
}

static void
inhibit_idle (PenWindow *self,
              gboolean   inhibit)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (app == NULL)
    return;
  if (inhibit && self->inhibit_cookie == 0 && g_settings_get_boolean (self->settings, "keep-awake"))
    self->inhibit_cookie = gtk_application_inhibit (app, GTK_WINDOW (self),
                                                    GTK_APPLICATION_INHIBIT_IDLE,
                                                    _("A game is on the table"));
  else if (!inhibit && self->inhibit_cookie != 0)
    {
      gtk_application_uninhibit (app, self->inhibit_cookie);
      self->inhibit_cookie = 0;
    }
}

static GtkWidget *
page_widget (PenWindow  *self,
             const char *name)
{
  if (g_strcmp0 (name, "table") == 0)
    return GTK_WIDGET (self->table_page);
  if (g_strcmp0 (name, "wizards") == 0)
    return GTK_WIDGET (self->wizards_page);
  if (g_strcmp0 (name, "threat") == 0)
    return GTK_WIDGET (self->threat_page);
  if (g_strcmp0 (name, "score") == 0)
    return GTK_WIDGET (self->score_page);
  return NULL;
}

static void
sync_page (PenWindow *self,
           GtkWidget *page)
{
  PenGame *current = NULL;

  if (page == NULL)
    return;
  g_object_get (page, "game", &current, NULL);
  if (current != self->game)
    g_object_set (page, "game", self->game, NULL);
  g_clear_object (&current);
}

static void
sync_visible_page (PenWindow *self)
{
  sync_page (self, page_widget (self, adw_view_stack_get_visible_child_name (self->view_stack)));
}

/* Every page gets the current game (pages that other code drives call this first) */
void
pen_window_sync_pages (PenWindow *self)
{
  static const char *names[] = { "table", "wizards", "threat", "score" };

  g_clear_handle_id (&self->pages_idle, g_source_remove);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    sync_page (self, page_widget (self, names[i]));
}

static gboolean
sync_pages_idle_cb (gpointer user_data)
{
  PenWindow *self = user_data;

  self->pages_idle = 0;
  pen_window_sync_pages (self);
  return G_SOURCE_REMOVE;
}

void
pen_window_set_game (PenWindow *self,
                     PenGame   *game)
{
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (!g_set_object (&self->game, game))
    return;
  pen_reveal_naming_set_game (self->reveal_naming, game);
  _pen_window_hide_undo_note (self);

  if (game != NULL)
    {
      g_signal_connect_object (game, "notify::can-undo", G_CALLBACK (game_notify_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::can-redo", G_CALLBACK (game_notify_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::position", G_CALLBACK (game_notify_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::position", G_CALLBACK (game_position_cb), self,
                               G_CONNECT_SWAPPED);
      if (pen_game_get_file (game) != NULL)
        {
          g_autofree char *path = g_file_get_path (pen_game_get_file (game));

          if (path == NULL)
            path = g_strdup ("");
          g_settings_set_string (self->settings, "last-game", path ? path : "");
        }
      gtk_stack_set_visible_child_name (self->main_stack, "game");
      queue_prepare_undo (self);
    }
  else
    gtk_stack_set_visible_child_name (self->main_stack, "start");

  /* The visible page gets the game now; the others once the first frame is out, or as soon
   * as they are shown, whichever comes first: start-up is not kept waiting for pages nobody
   * looks at yet. */
  sync_visible_page (self);
  if (self->pages_idle == 0)
    self->pages_idle = g_idle_add_full (G_PRIORITY_LOW, sync_pages_idle_cb, self, NULL);
  inhibit_idle (self, game != NULL);
  pen_save_watch_set_game (self->save_watch, game);
  _pen_window_update_actions (self);
  update_save_error (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

PenGame *
pen_window_get_game (PenWindow *self)
{
  return self->game;
}

static gboolean
open_file (PenWindow *self,
           GFile     *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_load (file, &error);

  if (game == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *msg = g_strdup_printf (_("Could not open %s. The file was left as it "
                                                "is; the saved games list says why."), name);

      /* the start page gives the whole cause, as plain text */
      pen_start_page_refresh (self->start_page);
      pen_window_toast (self, msg);
      return FALSE;
    }
  pen_window_set_game (self, game);
  /* a finished game opens to its score */
  if (pen_table_get_phase (pen_game_get_table (game)) == PEN_PHASE_ENDED)
    pen_window_show_page (self, "score");
  return TRUE;
}

void
pen_window_resume_last (PenWindow *self)
{
  g_autofree char *path = g_settings_get_string (self->settings, "last-game");
  g_autoptr(GFile) file = NULL;

  pen_start_page_refresh (self->start_page);
  if (path == NULL || *path == '\0')
    return;
  file = g_file_new_for_path (path);
  if (g_file_query_exists (file, NULL))
    open_file (self, file);
}

static void
start_open_game_cb (PenWindow *self,
                    GFile     *file)
{
  open_file (self, file);
}

static void
start_new_game_cb (PenWindow     *self,
                   PenSetupDraft *draft)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GFile) file = pen_game_new_save_file ();
  g_autoptr(GError) error = NULL;

  pen_game_set_file (game, file);
  /* the new game, then (physical mode) the faces the table rolled */
  if (!pen_setup_draft_start (draft, game, &error))
    {
      g_autofree char *text = pen_table_error_text (error);

      pen_window_toast (self, text);
      return;
    }
  pen_window_set_game (self, game);
  adw_view_stack_set_visible_child_name (self->view_stack, "table");
}

static void
large_text_changed_cb (PenWindow *self)
{
  if (g_settings_get_boolean (self->settings, "large-text"))
    gtk_widget_add_css_class (GTK_WIDGET (self), "large-text");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "large-text");
}

static gboolean
warm_undo_note_cb (gpointer data)
{
  PenWindow *self = data;

  self->undo_note_warm_id = 0;
  self->undo_note_warmed = TRUE;
  _pen_window_warm_undo_note (self);
  return G_SOURCE_REMOVE;
}

static void
pen_window_map (GtkWidget *widget)
{
  PenWindow *self = PEN_WINDOW (widget);

  GTK_WIDGET_CLASS (pen_window_parent_class)->map (widget);
  if (!self->undo_note_warmed && self->undo_note_warm_id == 0)
    self->undo_note_warm_id = g_idle_add_full (G_PRIORITY_LOW, warm_undo_note_cb, self, NULL);
}

static void
pen_window_unmap (GtkWidget *widget)
{
  g_clear_handle_id (&PEN_WINDOW (widget)->undo_note_warm_id, g_source_remove);
  GTK_WIDGET_CLASS (pen_window_parent_class)->unmap (widget);
}

static void
pen_window_dispose (GObject *object)
{
  PenWindow *self = PEN_WINDOW (object);

  inhibit_idle (self, FALSE);
  g_clear_handle_id (&self->pages_idle, g_source_remove);
  g_clear_handle_id (&self->history_scroll_id, g_source_remove);
  g_clear_handle_id (&self->undo_note_timeout, g_source_remove);
  g_clear_handle_id (&self->undo_note_warm_id, g_source_remove);
  g_clear_handle_id (&self->prepare_undo_id, g_source_remove);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  if (self->save_watch != NULL)
    g_signal_handlers_disconnect_by_data (self->save_watch, self);
  g_clear_object (&self->save_watch);
  if (self->reveal_naming != NULL)
    g_signal_handlers_disconnect_by_data (self->reveal_naming, self);
  g_clear_object (&self->reveal_naming);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_WINDOW);

  G_OBJECT_CLASS (pen_window_parent_class)->dispose (object);
}

static void
pen_window_finalize (GObject *object)
{
  PenWindow *self = PEN_WINDOW (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (pen_window_parent_class)->finalize (object);
}

static void
pen_window_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  PenWindow *self = PEN_WINDOW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_window_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  PenWindow *self = PEN_WINDOW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      pen_window_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_window_class_init (PenWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_window_dispose;
  object_class->finalize = pen_window_finalize;
  object_class->get_property = pen_window_get_property;
  object_class->set_property = pen_window_set_property;
  widget_class->map = pen_window_map;
  widget_class->unmap = pen_window_unmap;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PEN_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (PEN_TYPE_START_PAGE);
  g_type_ensure (PEN_TYPE_TABLE_PAGE);
  g_type_ensure (PEN_TYPE_WIZARDS_PAGE);
  g_type_ensure (PEN_TYPE_THREAT_PAGE);
  g_type_ensure (PEN_TYPE_SCORE_PAGE);
  g_type_ensure (PEN_TYPE_RULES_PAGE);
  g_type_ensure (PEN_TYPE_STEADY_BIN);
  g_type_ensure (PEN_TYPE_WIDTH_BIN);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PenWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, back_to_game_button);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, history_view);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, history_popover);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, save_error_label);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, undo_note);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, undo_note_label);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, undo_note_redo);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, table_page);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, wizards_page);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, threat_page);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, score_page);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, rules_page);
  gtk_widget_class_bind_template_callback_full (widget_class, "page_submit_cb",
                                                G_CALLBACK (_pen_window_submit_action));
  gtk_widget_class_bind_template_callback (widget_class, _pen_window_history_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_new_game_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_open_game_cb);
  gtk_widget_class_bind_template_callback (widget_class, undo_note_close_cb);

  _pen_window_class_actions_init (widget_class);
}

static void
pen_window_init (PenWindow *self)
{
  /* no tooltip lies over an open menu or popover */
  pen_tooltips_quiet_under_popovers ();
  gtk_widget_init_template (GTK_WIDGET (self));

  self->save_watch = pen_save_watch_new ();
  self->reveal_naming = pen_reveal_naming_new (GTK_WINDOW (self));
  g_signal_connect_swapped (self->reveal_naming, "submit", G_CALLBACK (_pen_window_submit_action),
                            self);
  g_signal_connect_swapped (self->save_watch, "reloaded", G_CALLBACK (save_reloaded_cb), self);
  g_signal_connect_swapped (self->save_watch, "reload-failed",
                            G_CALLBACK (save_reload_failed_cb), self);
  g_signal_connect_swapped (self->save_watch, "save-state", G_CALLBACK (update_save_error),
                            self);

  self->settings = g_settings_new (APP_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized",
                   G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->settings, "changed::large-text",
                           G_CALLBACK (large_text_changed_cb), self, G_CONNECT_SWAPPED);
  large_text_changed_cb (self);

  _pen_window_history_init (self);

  /* any page may link a game term to its rule; a page without the signal simply has none */
  {
    GtkWidget *pages[] = { GTK_WIDGET (self->table_page), GTK_WIDGET (self->wizards_page),
                           GTK_WIDGET (self->threat_page), GTK_WIDGET (self->score_page) };

    for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
      if (g_signal_lookup ("show-rule", G_OBJECT_TYPE (pages[i])) != 0)
        g_signal_connect_object (pages[i], "show-rule", G_CALLBACK (page_show_rule_cb), self,
                                 G_CONNECT_SWAPPED);
  }

  g_signal_connect_object (self->view_stack, "notify::visible-child",
                           G_CALLBACK (sync_visible_page), self, G_CONNECT_SWAPPED);

#if DEVELOPMENT
  gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
#endif
  _pen_window_update_actions (self);
}

PenWindow *
pen_window_new (PenApplication *app)
{
  return g_object_new (PEN_TYPE_WINDOW, "application", app, NULL);
}
