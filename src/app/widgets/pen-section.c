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
  GdkFrameClock *clock;        /* while culled: whose "layout" may bring it into view */
  gulong     layout_id;
  guint      stale : 1;
  guint      cull : 1;         /* pen_section_set_cull () */
  guint      culled : 1;       /* the last snapshot drew nothing */
} PenSectionPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (PenSection, pen_section, PEN_TYPE_WIDTH_BIN)

enum {
  PROP_0,
  PROP_GAME,
  PROP_CULL,
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

/* Culling. GTK 4.8's cairo renderer draws every node of the window for every frame, however
 * small the change (clipped, but walked: texts shaped, icons converted): what a scrolled
 * page holds below the fold costs as much as what is seen (the Wizards page: all the boards,
 * 1,450 nodes, 3.6 M instructions a frame). A section that culls draws nothing while it lies
 * wholly outside the scrolled window it is in. A section moves into view only through an
 * allocation (a scroll, a resize, a section above it that grew or shrank), so while it is
 * culled it looks again after every layout of its frame clock, before that frame is painted,
 * and is drawn in that same frame. */
#define CULL_MARGIN 64   /* px: shadows and focus rings reach out of the allocation */

static gboolean
outside_view (PenSection *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkWidget *scroller = NULL;
  graphene_rect_t bounds, seen;

  for (GtkWidget *w = gtk_widget_get_parent (widget); w != NULL; w = gtk_widget_get_parent (w))
    {
      /* a popover or a dialog has a surface of its own: its place is not its parent's */
      if (GTK_IS_NATIVE (w))
        return FALSE;
      if (GTK_IS_SCROLLED_WINDOW (w))
        {
          scroller = w;
          break;
        }
    }
  if (scroller == NULL || !gtk_widget_compute_bounds (widget, scroller, &bounds))
    return FALSE;
  seen = GRAPHENE_RECT_INIT (-CULL_MARGIN, -CULL_MARGIN,
                             gtk_widget_get_width (scroller) + 2 * CULL_MARGIN,
                             gtk_widget_get_height (scroller) + 2 * CULL_MARGIN);
  return !graphene_rect_intersection (&bounds, &seen, NULL);
}

static void
stop_watching_layout (PenSection *self)
{
  PenSectionPrivate *priv = pen_section_get_instance_private (self);

  if (priv->clock != NULL)
    {
      g_signal_handler_disconnect (priv->clock, priv->layout_id);
      g_clear_weak_pointer (&priv->clock);
      priv->layout_id = 0;
    }
}

static void
clock_layout_cb (PenSection *self)
{
  if (!outside_view (self))
    {
      stop_watching_layout (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
watch_layout (PenSection *self)
{
  PenSectionPrivate *priv = pen_section_get_instance_private (self);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (priv->clock == clock)
    return;
  stop_watching_layout (self);
  if (clock == NULL)
    return;
  g_set_weak_pointer (&priv->clock, clock);
  /* after the window's own layout: the allocations are done, the frame is not painted yet */
  priv->layout_id = g_signal_connect_data (clock, "layout", G_CALLBACK (clock_layout_cb), self,
                                           NULL, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
}

static void
pen_section_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  PenSection *self = PEN_SECTION (widget);
  PenSectionPrivate *priv = pen_section_get_instance_private (self);

  priv->culled = priv->cull && outside_view (self);
  if (priv->culled)
    {
      watch_layout (self);
      return;
    }
  stop_watching_layout (self);
  GTK_WIDGET_CLASS (pen_section_parent_class)->snapshot (widget, snapshot);
}

/**
 * pen_section_set_cull:
 *
 * Whether the section draws nothing while it lies outside the scrolled window it is in (see
 * "Culling" above). For what is drawn only on screen: not for what is exported as an image.
 */
void
pen_section_set_cull (PenSection *self,
                      gboolean    cull)
{
  PenSectionPrivate *priv = pen_section_get_instance_private (self);

  g_return_if_fail (PEN_IS_SECTION (self));

  if (priv->cull == !!cull)
    return;
  priv->cull = !!cull;
  if (!cull)
    stop_watching_layout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CULL]);
}

/* Layout: PenWidthBin's. A section is laid out height for width, yet GTK 4.8 and libadwaita
 * 1.2 still ask it its width for a height on every allocation that changes a height (AdwClamp,
 * a vertical box), and every wrapping label below would answer by a binary search: 3-5 M
 * instructions for a turn banner on an undo. Its parent answers with its width for any
 * height. */

static void
pen_section_map (GtkWidget *widget)
{
  PenSectionPrivate *priv = pen_section_get_instance_private (PEN_SECTION (widget));

  GTK_WIDGET_CLASS (pen_section_parent_class)->map (widget);
  refresh_if_stale (PEN_SECTION (widget));
  /* it may be in view now */
  if (priv->culled)
    gtk_widget_queue_draw (widget);
}

static void
pen_section_unmap (GtkWidget *widget)
{
  stop_watching_layout (PEN_SECTION (widget));
  GTK_WIDGET_CLASS (pen_section_parent_class)->unmap (widget);
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
    case PROP_CULL:
      {
        PenSectionPrivate *priv = pen_section_get_instance_private (self);

        g_value_set_boolean (value, priv->cull);
      }
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
    case PROP_CULL:
      pen_section_set_cull (self, g_value_get_boolean (value));
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
  widget_class->unmap = pen_section_unmap;
  widget_class->snapshot = pen_section_snapshot;
  widget_class->root = pen_section_root;
  widget_class->unroot = pen_section_unroot;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PEN_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whether it draws nothing while outside its scrolled window ("Culling" above) */
  properties[PROP_CULL] =
    g_param_spec_boolean ("cull", NULL, NULL, FALSE,
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
