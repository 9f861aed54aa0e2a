/* pen-save-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-date.h"
#include "pen-save-row.h"

struct _PenSaveRow
{
  AdwActionRow  parent_instance;

  GtkButton    *open_button;
  GtkButton    *aside_button;

  GFileInfo    *info;
  GFile        *file;
  char         *date;
};

G_DEFINE_FINAL_TYPE (PenSaveRow, pen_save_row, ADW_TYPE_ACTION_ROW)

enum {
  PROP_0,
  PROP_INFO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  OPEN,
  SET_ASIDE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

GFile *
pen_save_row_get_file (PenSaveRow *self)
{
  g_return_val_if_fail (PEN_IS_SAVE_ROW (self), NULL);
  return self->file;
}

const char *
pen_save_row_get_date (PenSaveRow *self)
{
  g_return_val_if_fail (PEN_IS_SAVE_ROW (self), NULL);
  return self->date;
}

/* A save that cannot be read: listed with its cause, offered to be set aside, never opened */
static void
mark_damaged (PenSaveRow   *self,
              const GError *error)
{
  g_autofree char *name = g_file_get_basename (self->file);
  g_autofree char *subtitle = NULL;

  if (g_error_matches (error, PEN_ERROR, PEN_ERROR_NEWER))
    subtitle = g_strdup_printf (_("%s — cannot be opened: %s"), name, error->message);
  else
    subtitle = g_strdup_printf (_("%s — damaged, left as it is: %s"), name, error->message);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (self), 0);
  gtk_widget_add_css_class (GTK_WIDGET (self), "damaged-save");
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self), NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->open_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->aside_button), TRUE);
}

/* A save that was read: listed by its players, turn and date; a finished game offers its score */
static void
describe (PenSaveRow *self,
          PenGame    *game)
{
  PenTable *table = pen_game_get_table (game);
  g_autoptr(GString) players = g_string_new (NULL);
  g_autofree char *subtitle = NULL;
  gboolean finished = pen_table_get_phase (table) == PEN_PHASE_ENDED;

  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    {
      if (w > 0)
        g_string_append (players, _(", "));
      g_string_append (players, pen_wizard_get_display_name (pen_table_get_wizard (table, w)));
    }
  if (players->len > 0)
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), players->str);
  if (finished)
    subtitle = g_strdup_printf (_("Finished · %s"), self->date);
  else
    subtitle = g_strdup_printf (_("Turn %u · %s"), pen_table_get_turn (table) + 1, self->date);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle);
  if (finished)
    gtk_button_set_label (self->open_button, _("Score"));
}

PenGame *
pen_save_row_check (PenSaveRow *self)
{
  g_autoptr(GError) error = NULL;
  PenGame *game;

  g_return_val_if_fail (PEN_IS_SAVE_ROW (self), NULL);

  game = pen_game_load (self->file, &error);
  if (game == NULL)
    mark_damaged (self, error);
  else
    describe (self, game);
  return game;
}

static void
open_clicked_cb (PenSaveRow *self)
{
  g_signal_emit (self, signals[OPEN], 0, self->file);
}

static void
aside_clicked_cb (PenSaveRow *self)
{
  g_signal_emit (self, signals[SET_ASIDE], 0, self->file);
}

static void
pen_save_row_constructed (GObject *object)
{
  PenSaveRow *self = PEN_SAVE_ROW (object);
  g_autoptr(GDateTime) when = NULL;

  G_OBJECT_CLASS (pen_save_row_parent_class)->constructed (object);

  self->file = g_object_ref (G_FILE (g_file_info_get_attribute_object (self->info,
                                                                       "standard::file")));
  when = g_file_info_get_modification_date_time (self->info);
  /* "Today 08:26", "2 December": as GNOME says a date, in the interface's language */
  self->date = when != NULL ? pen_date_format_relative (when, NULL) : g_strdup ("");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), self->date);
}

static void
pen_save_row_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  PenSaveRow *self = PEN_SAVE_ROW (object);

  switch (prop_id)
    {
    case PROP_INFO:
      g_value_set_object (value, self->info);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_save_row_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  PenSaveRow *self = PEN_SAVE_ROW (object);

  switch (prop_id)
    {
    case PROP_INFO:
      self->info = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_save_row_dispose (GObject *object)
{
  PenSaveRow *self = PEN_SAVE_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_SAVE_ROW);
  g_clear_object (&self->info);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (pen_save_row_parent_class)->dispose (object);
}

static void
pen_save_row_finalize (GObject *object)
{
  g_free (PEN_SAVE_ROW (object)->date);

  G_OBJECT_CLASS (pen_save_row_parent_class)->finalize (object);
}

static void
pen_save_row_class_init (PenSaveRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pen_save_row_constructed;
  object_class->get_property = pen_save_row_get_property;
  object_class->set_property = pen_save_row_set_property;
  object_class->dispose = pen_save_row_dispose;
  object_class->finalize = pen_save_row_finalize;

  properties[PROP_INFO] = g_param_spec_object ("info", NULL, NULL, G_TYPE_FILE_INFO,
                                               G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY
                                               | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[OPEN] = g_signal_new ("open", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);
  signals[SET_ASIDE] = g_signal_new ("set-aside", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-save-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenSaveRow, open_button);
  gtk_widget_class_bind_template_child (widget_class, PenSaveRow, aside_button);
  gtk_widget_class_bind_template_callback (widget_class, open_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, aside_clicked_cb);
}

static void
pen_save_row_init (PenSaveRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

PenSaveRow *
pen_save_row_new (GFileInfo *info)
{
  g_return_val_if_fail (G_IS_FILE_INFO (info), NULL);

  return g_object_new (PEN_TYPE_SAVE_ROW, "info", info, NULL);
}
