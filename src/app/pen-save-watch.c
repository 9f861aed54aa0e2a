/* pen-save-watch.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-save-watch.h"

/* seconds between two tries of a failed save */
#define RETRY_SECONDS 5

struct _PenSaveWatch
{
  GObject       parent_instance;

  PenGame      *game;
  GFileMonitor *monitor;
  guint         retry_id;
  guint         check_id;
};

G_DEFINE_FINAL_TYPE (PenSaveWatch, pen_save_watch, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  RELOADED,
  RELOAD_FAILED,
  SAVE_STATE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
retry_cb (gpointer data)
{
  PenSaveWatch *self = data;

  if (self->game == NULL || pen_game_get_save_error (self->game) == NULL)
    {
      self->retry_id = 0;
      return G_SOURCE_REMOVE;
    }
  /* someone else's version is not written over: the monitor reloads it */
  if (pen_game_changed_on_disk (self->game))
    {
      pen_save_watch_check (self);
      return G_SOURCE_CONTINUE;
    }
  if (pen_game_retry_save (self->game))
    {
      self->retry_id = 0;
      g_signal_emit (self, signals[SAVE_STATE], 0);
      return G_SOURCE_REMOVE;
    }
  g_signal_emit (self, signals[SAVE_STATE], 0);
  return G_SOURCE_CONTINUE;
}

static void
game_changed_cb (PenSaveWatch *self)
{
  if (self->game != NULL && pen_game_get_save_error (self->game) != NULL && self->retry_id == 0)
    self->retry_id = g_timeout_add_seconds (RETRY_SECONDS, retry_cb, self);
}

void
pen_save_watch_check (PenSaveWatch *self)
{
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GError) error = NULL;
  GFile *file;

  if (self->game == NULL || (file = pen_game_get_file (self->game)) == NULL)
    return;
  if (pen_game_changed_on_disk (self->game))
    {
      if (!g_file_query_exists (file, NULL))
        return;
      game = pen_game_load (file, &error);
      if (game == NULL)
        {
          g_signal_emit (self, signals[RELOAD_FAILED], 0, error->message);
          return;
        }
      g_signal_emit (self, signals[RELOADED], 0, game);
      return;
    }
  if (pen_game_get_save_error (self->game) != NULL)
    retry_cb (self);
}

static gboolean
check_cb (gpointer data)
{
  PenSaveWatch *self = data;

  self->check_id = 0;
  pen_save_watch_check (self);
  return G_SOURCE_REMOVE;
}

static void
monitor_changed_cb (GFileMonitor      *monitor,
                    GFile             *file,
                    GFile             *other,
                    GFileMonitorEvent  event,
                    PenSaveWatch      *self)
{
  /* a writer's events come in a burst: look once it is over */
  if (self->check_id == 0)
    self->check_id = g_timeout_add (200, check_cb, self);
}

void
pen_save_watch_set_game (PenSaveWatch *self,
                         PenGame      *game)
{
  GFile *file;

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  g_clear_handle_id (&self->check_id, g_source_remove);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  g_set_object (&self->game, game);

  if (game != NULL)
    {
      g_signal_connect_object (game, "notify::position", G_CALLBACK (game_changed_cb), self,
                               G_CONNECT_SWAPPED);
      if ((file = pen_game_get_file (game)) != NULL)
        {
          self->monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
          if (self->monitor != NULL)
            g_signal_connect (self->monitor, "changed", G_CALLBACK (monitor_changed_cb), self);
        }
      game_changed_cb (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

PenGame *
pen_save_watch_get_game (PenSaveWatch *self)
{
  return self->game;
}

static void
pen_save_watch_dispose (GObject *object)
{
  pen_save_watch_set_game (PEN_SAVE_WATCH (object), NULL);

  G_OBJECT_CLASS (pen_save_watch_parent_class)->dispose (object);
}

static void
pen_save_watch_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  PenSaveWatch *self = PEN_SAVE_WATCH (object);

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
pen_save_watch_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  PenSaveWatch *self = PEN_SAVE_WATCH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      pen_save_watch_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_save_watch_class_init (PenSaveWatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pen_save_watch_dispose;
  object_class->get_property = pen_save_watch_get_property;
  object_class->set_property = pen_save_watch_set_property;

  properties[PROP_GAME] = g_param_spec_object ("game", NULL, NULL, PEN_TYPE_GAME,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                               | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* the game as another program left the file */
  signals[RELOADED] = g_signal_new ("reloaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_GAME);
  /* the file was changed but cannot be read: the message says why */
  signals[RELOAD_FAILED] = g_signal_new ("reload-failed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                         G_TYPE_STRING);
  /* a retried save ran: pen_game_get_save_error () says how it went */
  signals[SAVE_STATE] = g_signal_new ("save-state", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
pen_save_watch_init (PenSaveWatch *self)
{
}

PenSaveWatch *
pen_save_watch_new (void)
{
  return g_object_new (PEN_TYPE_SAVE_WATCH, NULL);
}
