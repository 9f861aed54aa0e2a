/* pen-table-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-table-page.h"

struct _PenTablePage
{
  AdwBin   parent_instance;

  PenGame *game;
};

G_DEFINE_FINAL_TYPE (PenTablePage, pen_table_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

enum {
  SUBMIT,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Reports an action upward; the window submits it to the game. */
static void G_GNUC_UNUSED
submit (PenTablePage *self,
        const char *action_json)
{
  g_signal_emit (self, signals[SUBMIT], 0, action_json);
}

static void
game_changed (PenTablePage *self)
{
}

PenGame *
pen_table_page_get_game (PenTablePage *self)
{
  return self->game;
}

void
pen_table_page_set_game (PenTablePage *self,
                        PenGame *game)
{
  if (!g_set_object (&self->game, game))
    return;
  game_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

static void
pen_table_page_dispose (GObject *object)
{
  PenTablePage *self = PEN_TABLE_PAGE (object);

  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_TABLE_PAGE);

  G_OBJECT_CLASS (pen_table_page_parent_class)->dispose (object);
}

static void
pen_table_page_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PenTablePage *self = PEN_TABLE_PAGE (object);

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
pen_table_page_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  PenTablePage *self = PEN_TABLE_PAGE (object);

  switch (prop_id)
    {
    case PROP_GAME:
      pen_table_page_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_table_page_class_init (PenTablePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_table_page_dispose;
  object_class->get_property = pen_table_page_get_property;
  object_class->set_property = pen_table_page_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PEN_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* An action as JSON text, for the window to submit */
  signals[SUBMIT] = g_signal_new ("submit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-table-page.ui");
}

static void
pen_table_page_init (PenTablePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

void
pen_table_page_check_table (PenTablePage *self)
{
}
