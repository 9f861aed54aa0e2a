/* pen-section.c: the base of everything that shows a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-section.h"

typedef struct
{
  PenGame   *game;
  GtkWidget *watched_parent;   /* whose "map" refreshes a section that hides itself */
  gulong     parent_map_id;
  guint      stale : 1;
} PenSectionPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (PenSection, pen_section, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

enum {
  SUBMIT,
  SHOW_RULE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Whether what the section shows can be seen. A section in a window not shown yet (or in none)
 * counts as in view: it is being prepared for its first frame. A section that hid itself
 * (a panel with nothing to show) is in view while its parent is: it may have to show itself. */
static gboolean
in_view (PenSection *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *parent;

  if (gtk_widget_get_mapped (widget))
    return TRUE;
  if (root == NULL || !gtk_widget_get_mapped (GTK_WIDGET (root)))
    return TRUE;
  parent = gtk_widget_get_parent (widget);
  return !gtk_widget_get_visible (widget) && parent != NULL && gtk_widget_get_mapped (parent);
}

static void
refresh_now (PenSection *self)
{
  PenSectionPrivate *priv = pen_section_get_instance_private (self);

  priv->stale = FALSE;
  if (PEN_SECTION_GET_CLASS (self)->position_changed != NULL)
    PEN_SECTION_GET_CLASS (self)->position_changed (self);
}

/**
 * pen_section_queue_refresh:
 *
 * Shows the game's current state: at once when the section is in view, otherwise when it is
 * shown next.
 */
void
pen_section_queue_refresh (PenSection *self)
{
  PenSectionPrivate *priv = pen_section_get_instance_private (self);

  g_return_if_fail (PEN_IS_SECTION (self));

  if (in_view (self))
    refresh_now (self);
  else
    priv->stale = TRUE;
}

gboolean
pen_section_get_stale (PenSection *self)
{
  PenSectionPrivate *priv = pen_section_get_instance_private (self);

  g_return_val_if_fail (PEN_IS_SECTION (self), FALSE);
  return priv->stale;
}

static void
refresh_if_stale (PenSection *self)
{
  PenSectionPrivate *priv = pen_section_get_instance_private (self);

  if (priv->stale)
    refresh_now (self);
}

static void
parent_mapped_cb (PenSection *self)
{
  if (!gtk_widget_get_visible (GTK_WIDGET (self)))
    refresh_if_stale (self);
}

static void
watch_parent (PenSection *self)
{
  PenSectionPrivate *priv = pen_section_get_instance_private (self);
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self));

  if (priv->watched_parent == parent)
    return;
  if (priv->watched_parent != NULL)
    {
      g_signal_handler_disconnect (priv->watched_parent, priv->parent_map_id);
      g_object_remove_weak_pointer (G_OBJECT (priv->watched_parent),
                                    (gpointer *) &priv->watched_parent);
      priv->parent_map_id = 0;
    }
  priv->watched_parent = parent;
  if (parent != NULL)
    {
      g_object_add_weak_pointer (G_OBJECT (parent), (gpointer *) &priv->watched_parent);
      priv->parent_map_id = g_signal_connect_swapped (parent, "map",
                                                      G_CALLBACK (parent_mapped_cb), self);
    }
}

PenGame *
pen_section_get_game (PenSection *self)
{
  PenSectionPrivate *priv = pen_section_get_instance_private (self);

  g_return_val_if_fail (PEN_IS_SECTION (self), NULL);
  return priv->game;
}

PenTable *
pen_section_get_table (PenSection *self)
{
  PenSectionPrivate *priv = pen_section_get_instance_private (self);

  g_return_val_if_fail (PEN_IS_SECTION (self), NULL);
  return priv->game != NULL ? pen_game_get_table (priv->game) : NULL;
}

void
pen_section_set_game (PenSection *self,
                      PenGame    *game)
{
  PenSectionPrivate *priv = pen_section_get_instance_private (self);

  g_return_if_fail (PEN_IS_SECTION (self));
  g_return_if_fail (game == NULL || PEN_IS_GAME (game));

  if (priv->game == game)
    return;
  if (priv->game != NULL)
    g_signal_handlers_disconnect_by_data (priv->game, self);
  g_set_object (&priv->game, game);
  if (game != NULL)
    g_signal_connect_object (game, "notify::position", G_CALLBACK (pen_section_queue_refresh),
                             self, G_CONNECT_SWAPPED);
  if (PEN_SECTION_GET_CLASS (self)->game_set != NULL)
    PEN_SECTION_GET_CLASS (self)->game_set (self, game);
  pen_section_queue_refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/* Reports an action upward; the window submits it to the game. */
void
pen_section_submit (PenSection *self,
                    PenAction  *action)
{
  g_return_if_fail (PEN_IS_SECTION (self));
  g_return_if_fail (PEN_IS_ACTION (action));

  g_signal_emit (self, signals[SUBMIT], 0, action);
}

/* The same, taking the action (a constructor's NULL, already reported, is let through) */
void
pen_section_submit_new (PenSection *self,
                        PenAction  *action)
{
  g_autoptr(PenAction) owned = action;

  g_return_if_fail (PEN_IS_SECTION (self));

  if (owned != NULL)
    pen_section_submit (self, owned);
}

void
pen_section_show_rule (PenSection *self,
                       const char *term)
{
  g_return_if_fail (PEN_IS_SECTION (self));

  g_signal_emit (self, signals[SHOW_RULE], 0, term);
}

static void
child_submit_cb (PenSection *self,
                 PenAction  *action)
{
  pen_section_submit (self, action);
}

static void
child_show_rule_cb (PenSection *self,
                    const char *term)
{
  pen_section_show_rule (self, term);
}

/* A section made of sections: what the child reports, this one reports */
void
pen_section_forward (PenSection *self,
                     PenSection *child)
{
  g_return_if_fail (PEN_IS_SECTION (self));
  g_return_if_fail (PEN_IS_SECTION (child));

  g_signal_connect_object (child, "submit", G_CALLBACK (child_submit_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (child, "show-rule", G_CALLBACK (child_show_rule_cb), self,
                           G_CONNECT_SWAPPED);
}

static void
pen_section_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (pen_section_parent_class)->map (widget);
  refresh_if_stale (PEN_SECTION (widget));
}

static void
pen_section_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (pen_section_parent_class)->root (widget);
  watch_parent (PEN_SECTION (widget));
}

static void
pen_section_unroot (GtkWidget *widget)
{
  PenSectionPrivate *priv = pen_section_get_instance_private (PEN_SECTION (widget));

  if (priv->watched_parent != NULL)
    {
      g_signal_handler_disconnect (priv->watched_parent, priv->parent_map_id);
      g_object_remove_weak_pointer (G_OBJECT (priv->watched_parent),
                                    (gpointer *) &priv->watched_parent);
      priv->watched_parent = NULL;
      priv->parent_map_id = 0;
    }
  GTK_WIDGET_CLASS (pen_section_parent_class)->unroot (widget);
}

static void
pen_section_dispose (GObject *object)
{
  PenSection *self = PEN_SECTION (object);
  PenSectionPrivate *priv = pen_section_get_instance_private (self);

  if (priv->game != NULL)
    g_signal_handlers_disconnect_by_data (priv->game, self);
  g_clear_object (&priv->game);

  G_OBJECT_CLASS (pen_section_parent_class)->dispose (object);
}

static void
pen_section_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  PenSection *self = PEN_SECTION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, pen_section_get_game (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_section_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  PenSection *self = PEN_SECTION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      pen_section_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_section_class_init (PenSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_section_dispose;
  object_class->get_property = pen_section_get_property;
  object_class->set_property = pen_section_set_property;
  widget_class->map = pen_section_map;
  widget_class->root = pen_section_root;
  widget_class->unroot = pen_section_unroot;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PEN_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* An action for the window to submit to the game */
  signals[SUBMIT] = g_signal_new ("submit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_ACTION);
  /* A game term whose rule the user asked for: the window shows it on the Rules page */
  signals[SHOW_RULE] = g_signal_new ("show-rule", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
pen_section_init (PenSection *self)
{
}
