/* pen-score-archive.c
 *
 * Newest first; the files that cannot be read are named with the reason and left as they are.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "pen-archive.h"
#include "pen-date.h"
#include "pen-score-archive.h"
#include "pen-score-expander.h"
#include "pen-score-row.h"

struct _PenScoreArchive
{
  GtkBox               parent_instance;

  AdwStatusPage       *status_page;
  AdwPreferencesGroup *games_group;
  AdwPreferencesGroup *skipped_group;
  AdwExpanderRow      *skipped_row;

  GFile               *dir;
  GPtrArray           *game_rows;      /* rows of games_group, to remove them again */
  GPtrArray           *skipped_rows;   /* rows of skipped_row */
  GHashTable          *expanded;       /* the file names of the open games */
};

G_DEFINE_FINAL_TYPE (PenScoreArchive, pen_score_archive, GTK_TYPE_BOX)

/* The player's points, category by category, leaving out those with none */
static char *
player_summary (PenArchiveEntry *entry,
                guint            seat)
{
  GString *s = g_string_new (NULL);

  for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
    {
      int v = pen_archive_entry_get_result_points (entry, seat, c);

      if (v == 0)
        continue;
      g_string_append_printf (s, "%s%s %+d", s->len ? ", " : "", pen_score_category_get_label (c),
                              v);
    }
  return g_string_free (s, FALSE);
}

static GtkWidget *
entry_row (PenScoreArchive *self,
           PenArchiveEntry *entry)
{
  g_autofree char *date = pen_date_format_relative (entry->date, NULL);
  g_autoptr(GString) subtitle = g_string_new (NULL);
  g_autofree char *key = g_file_get_basename (entry->file);
  /* players best first: by total, else as stored (their places in the sheet) */
  g_autoptr(GArray) order = pen_archive_entry_rank_results (entry);
  GtkWidget *row;

  for (guint i = 0; i < order->len; i++)
    {
      guint seat = g_array_index (order, guint, i);

      g_string_append_printf (subtitle, "%s%s %d", i ? " · " : "",
                              pen_archive_entry_get_result_name (entry, seat),
                              pen_archive_entry_get_result_total (entry, seat));
    }
  row = pen_score_expander_new (key, self->expanded, date, subtitle->str);
  for (guint i = 0; i < order->len; i++)
    {
      guint seat = g_array_index (order, guint, i);
      g_autofree char *detail = player_summary (entry, seat);

      GtkWidget *player = pen_score_row_new (pen_archive_entry_get_result_name (entry, seat),
                                             *detail ? detail : _("No points"),
                                             pen_archive_entry_get_result_total (entry, seat),
                                             FALSE);

      /* the player's total, written as the summary above and the exports write it */
      g_object_set (player, "total", TRUE, NULL);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (row), player);
    }
  return row;
}

void
pen_score_archive_reload (PenScoreArchive *self)
{
  g_autoptr(GPtrArray) skipped = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  gboolean none;

  g_return_if_fail (PEN_IS_SCORE_ARCHIVE (self));

  for (guint i = 0; i < self->game_rows->len; i++)
    adw_preferences_group_remove (self->games_group, g_ptr_array_index (self->game_rows, i));
  g_ptr_array_set_size (self->game_rows, 0);
  for (guint i = 0; i < self->skipped_rows->len; i++)
    adw_expander_row_remove (self->skipped_row, g_ptr_array_index (self->skipped_rows, i));
  g_ptr_array_set_size (self->skipped_rows, 0);

  entries = pen_archive_list (pen_score_archive_get_dir (self), skipped, &error);
  none = entries == NULL || entries->len == 0;
  gtk_widget_set_visible (GTK_WIDGET (self->status_page), none);
  gtk_widget_set_visible (GTK_WIDGET (self->games_group), !none);
  adw_status_page_set_description (self->status_page,
                                   error ? error->message
                                         : _("Every game that ends is kept here with its "
                                             "score sheet."));
  if (!none)
    {
      g_autofree char *description =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game, newest first",
                                      "%u games, newest first", entries->len), entries->len);

      adw_preferences_group_set_description (self->games_group, description);
      for (guint i = 0; i < entries->len; i++)
        {
          GtkWidget *row = entry_row (self, g_ptr_array_index (entries, i));

          adw_preferences_group_add (self->games_group, row);
          g_ptr_array_add (self->game_rows, row);
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->skipped_group), skipped->len > 0);
  if (skipped->len > 0)
    {
      g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "%u file could not be read",
                                                             "%u files could not be read",
                                                             skipped->len), skipped->len);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->skipped_row), title);
      for (guint i = 0; i < skipped->len; i++)
        {
          GtkWidget *row = pen_score_row_new (g_ptr_array_index (skipped, i), NULL, 0, FALSE);

          g_object_set (row, "show-points", FALSE, NULL);
          adw_expander_row_add_row (self->skipped_row, row);
          g_ptr_array_add (self->skipped_rows, row);
        }
    }
}

GFile *
pen_score_archive_get_dir (PenScoreArchive *self)
{
  g_return_val_if_fail (PEN_IS_SCORE_ARCHIVE (self), NULL);

  if (self->dir == NULL)
    self->dir = pen_archive_get_default_dir ();
  return self->dir;
}

void
pen_score_archive_set_dir (PenScoreArchive *self,
                           GFile           *dir)
{
  g_return_if_fail (PEN_IS_SCORE_ARCHIVE (self));

  g_set_object (&self->dir, dir);
  pen_score_archive_reload (self);
}

static void
pen_score_archive_dispose (GObject *object)
{
  PenScoreArchive *self = PEN_SCORE_ARCHIVE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_SCORE_ARCHIVE);
  g_clear_object (&self->dir);

  G_OBJECT_CLASS (pen_score_archive_parent_class)->dispose (object);
}

static void
pen_score_archive_finalize (GObject *object)
{
  PenScoreArchive *self = PEN_SCORE_ARCHIVE (object);

  g_clear_pointer (&self->game_rows, g_ptr_array_unref);
  g_clear_pointer (&self->skipped_rows, g_ptr_array_unref);
  g_clear_pointer (&self->expanded, g_hash_table_unref);

  G_OBJECT_CLASS (pen_score_archive_parent_class)->finalize (object);
}

static void
pen_score_archive_class_init (PenScoreArchiveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_score_archive_dispose;
  object_class->finalize = pen_score_archive_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-score-archive.ui");
  gtk_widget_class_bind_template_child (widget_class, PenScoreArchive, status_page);
  gtk_widget_class_bind_template_child (widget_class, PenScoreArchive, games_group);
  gtk_widget_class_bind_template_child (widget_class, PenScoreArchive, skipped_group);
  gtk_widget_class_bind_template_child (widget_class, PenScoreArchive, skipped_row);
}

static void
pen_score_archive_init (PenScoreArchive *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->game_rows = g_ptr_array_new ();
  self->skipped_rows = g_ptr_array_new ();
  self->expanded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}
