/* pen-archive.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-archive.h"
#include "pen-file.h"
#include "pen-json.h"
#include "pen-types.h"
#include "pen-wizard.h"

void
pen_archive_entry_free (PenArchiveEntry *entry)
{
  if (entry == NULL)
    return;
  g_clear_object (&entry->file);
  g_clear_pointer (&entry->date, g_date_time_unref);
  g_clear_pointer (&entry->players, g_strfreev);
  g_clear_pointer (&entry->sheet, json_node_unref);
  g_clear_pointer (&entry->save_path, g_free);
  g_free (entry);
}

GFile *
pen_archive_get_default_dir (void)
{
  return g_file_new_build_filename (g_get_user_data_dir (), "penumbra-companion", "archive",
                                    NULL);
}

static JsonNode *
entry_to_json (const PenArchiveEntry *entry)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *date = g_date_time_format_iso8601 (entry->date);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, PEN_ARCHIVE_FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, PEN_ARCHIVE_VERSION);
  json_builder_set_member_name (b, "date");
  json_builder_add_string_value (b, date);
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (guint i = 0; entry->players[i] != NULL; i++)
    json_builder_add_string_value (b, entry->players[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "sheet");
  json_builder_add_value (b, json_node_copy (entry->sheet));
  json_builder_set_member_name (b, "save");
  if (entry->save_path != NULL)
    json_builder_add_string_value (b, entry->save_path);
  else
    json_builder_add_null_value (b);
  if (entry->rival >= 0)
    {
      json_builder_set_member_name (b, "extra");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "rival");
      json_builder_add_int_value (b, entry->rival);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* Creates a file that did not exist, whole or not at all: the name comes from the date, with
 * -2, -3… when taken, so an entry is never replaced, not even by one written in the same
 * second. */
static GFile *
create_new_file (GFile       *dir,
                 GDateTime   *date,
                 const char  *text,
                 GError     **error)
{
  g_autofree char *stem = g_date_time_format (date, "game-%Y%m%d-%H%M%S");

  for (guint n = 1; n < 1000; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup_printf ("%s.json", stem)
                                     : g_strdup_printf ("%s-%u.json", stem, n);
      g_autoptr(GFile) file = g_file_get_child (dir, name);
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) local_error = NULL;

      if (path == NULL)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "%s: not a local folder", name);
          return NULL;
        }
      if (pen_file_create_atomic (path, text, strlen (text), 0600, &local_error))
        return g_steal_pointer (&file);
      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
    }
  g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "too many archived games at %s", stem);
  return NULL;
}

PenArchiveEntry *
pen_archive_add (GFile               *dir,
                 GDateTime           *date,
                 const PenScoreSheet *sheet,
                 const char          *save_path,
                 GError             **error)
{
  return pen_archive_add_game (dir, date, sheet, -1, save_path, error);
}

PenArchiveEntry *
pen_archive_add_game (GFile               *dir,
                      GDateTime           *date,
                      const PenScoreSheet *sheet,
                      int                  rival,
                      const char          *save_path,
                      GError             **error)
{
  g_autoptr(PenArchiveEntry) entry = g_new0 (PenArchiveEntry, 1);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (G_IS_FILE (dir), NULL);
  g_return_val_if_fail (sheet != NULL, NULL);
  g_return_val_if_fail (rival >= -1 && rival < (int) sheet->results->len, NULL);

  entry->rival = rival;
  entry->date = date ? g_date_time_to_utc (date) : g_date_time_new_now_utc ();
  for (guint i = 0; i < sheet->results->len; i++)
    g_strv_builder_add (names, ((PenScoreResult *) g_ptr_array_index (sheet->results, i))->name);
  entry->players = g_strv_builder_end (names);
  entry->sheet = pen_score_sheet_to_json (sheet, TRUE);
  entry->save_path = g_strdup (save_path);

  if (!g_file_make_directory_with_parents (dir, NULL, &local_error)
      && !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  /* a game is kept once: a corrected sheet replaces the one its save file already has,
   * keeping the day it ended */
  if (save_path != NULL)
    {
      g_autoptr(PenArchiveEntry) kept = pen_archive_find_game (dir, save_path);

      if (kept != NULL)
        {
          entry->file = g_object_ref (kept->file);
          g_date_time_unref (entry->date);
          entry->date = g_date_time_ref (kept->date);
          node = entry_to_json (entry);
          if (!pen_json_write_file (node, entry->file, error))
            return NULL;
          return g_steal_pointer (&entry);
        }
    }

  node = entry_to_json (entry);
  text = pen_json_to_string (node, TRUE);
  entry->file = create_new_file (dir, entry->date, text, error);
  if (entry->file == NULL)
    return NULL;
  return g_steal_pointer (&entry);
}

static PenArchiveEntry *
entry_from_json (JsonNode    *node,
                 GError     **error)
{
  static const char * const keys[] = {
    "format", "version", "date", "players", "sheet", "save", "extra", NULL
  };
  g_autoptr(PenArchiveEntry) entry = g_new0 (PenArchiveEntry, 1);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  const char *format = NULL, *date = NULL, *save = NULL;
  gint64 version, rival = -1;
  JsonObject *extra = NULL;
  JsonObject *obj;
  JsonArray *players;
  JsonNode *sheet;

  if (!(obj = pen_json_expect_object (node, "$", error))
      || !pen_json_check_keys (obj, "$", keys, error)
      || !pen_json_get_string (obj, "$", "format", TRUE, &format, error))
    return NULL;
  if (!g_str_equal (format, PEN_ARCHIVE_FORMAT))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.format: not an archived game");
      return NULL;
    }
  if (!pen_json_get_int (obj, "$", "version", TRUE, 1, G_MAXINT, &version, error))
    return NULL;
  if (version > PEN_ARCHIVE_VERSION)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_NEWER, "$.version: %d is from a newer version",
                   (int) version);
      return NULL;
    }
  if (!pen_json_get_string (obj, "$", "date", TRUE, &date, error))
    return NULL;
  /* "save": null for a game that had no file */
  if (json_object_has_member (obj, "save") && !json_object_get_null_member (obj, "save")
      && !pen_json_get_string (obj, "$", "save", FALSE, &save, error))
    return NULL;
  entry->date = g_date_time_new_from_iso8601 (date, NULL);
  if (entry->date == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.date: \"%s\" is not a date", date);
      return NULL;
    }
  if (!json_object_has_member (obj, "players")
      || !(players = pen_json_expect_array (json_object_get_member (obj, "players"),
                                            "$.players", error)))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.players: missing");
      return NULL;
    }
  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonNode *n = json_array_get_element (players, i);

      if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.players[%u]: not a name", i);
          return NULL;
        }
      g_strv_builder_add (names, json_node_get_string (n));
    }
  sheet = json_object_get_member (obj, "sheet");
  if (sheet == NULL || !JSON_NODE_HOLDS_OBJECT (sheet)
      || !json_object_has_member (json_node_get_object (sheet), "players"))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.sheet: not a score sheet");
      return NULL;
    }
  entry->players = g_strv_builder_end (names);
  /* "extra" is what later versions add; its "rival", when there, must name a player */
  if (json_object_has_member (obj, "extra"))
    {
      if (!(extra = pen_json_expect_object (json_object_get_member (obj, "extra"), "$.extra",
                                            error)))
        return NULL;
      if (json_object_has_member (extra, "rival")
          && !pen_json_get_int (extra, "$.extra", "rival", TRUE, 0,
                                (gint64) g_strv_length (entry->players) - 1, &rival, error))
        return NULL;
    }
  entry->rival = (int) rival;
  entry->sheet = json_node_copy (sheet);
  entry->save_path = g_strdup (save);
  return g_steal_pointer (&entry);
}

PenArchiveEntry *
pen_archive_load (GFile   *file,
                  GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) local_error = NULL;
  PenArchiveEntry *entry;

  if (!g_file_load_contents (file, NULL, &data, &length, NULL, error))
    return NULL;
  if (!(node = pen_json_parse (data, length, &local_error))
      || !(entry = entry_from_json (node, &local_error)))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_CORRUPT, "%s", local_error->message);
      return NULL;
    }
  entry->file = g_object_ref (file);
  return entry;
}

static int
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  const PenArchiveEntry *x = *(PenArchiveEntry * const *) a;
  const PenArchiveEntry *y = *(PenArchiveEntry * const *) b;
  int by_date = g_date_time_compare (y->date, x->date);
  g_autofree char *nx = NULL, *ny = NULL;

  if (by_date != 0)
    return by_date;
  /* the same second: the later name (-2 after the plain one) is the newer entry */
  nx = g_file_get_basename (x->file);
  ny = g_file_get_basename (y->file);
  if (strlen (nx) != strlen (ny))
    return strlen (nx) < strlen (ny) ? 1 : -1;
  return g_strcmp0 (ny, nx);
}

GPtrArray *
pen_archive_list (GFile      *dir,
                  GPtrArray  *skipped,
                  GError    **error)
{
  g_autoptr(GPtrArray) entries =
    g_ptr_array_new_with_free_func ((GDestroyNotify) pen_archive_entry_free);
  g_autoptr(GFileEnumerator) children = NULL;
  g_autoptr(GError) local_error = NULL;

  children = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                        G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (children == NULL)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return g_steal_pointer (&entries);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  for (;;)
    {
      GFileInfo *info = NULL;
      GFile *child = NULL;
      g_autoptr(GError) entry_error = NULL;
      PenArchiveEntry *entry;
      const char *name;

      if (!g_file_enumerator_iterate (children, &info, &child, NULL, error))
        return NULL;
      if (info == NULL)
        break;
      name = g_file_info_get_name (info);
      if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR
          || !g_str_has_suffix (name, ".json") || name[0] == '.')
        continue;
      entry = pen_archive_load (child, &entry_error);
      if (entry == NULL)
        {
          if (skipped != NULL)
            g_ptr_array_add (skipped, g_strdup_printf ("%s: %s", name, entry_error->message));
          continue;
        }
      g_ptr_array_add (entries, entry);
    }
  g_ptr_array_sort (entries, compare_newest_first);
  return g_steal_pointer (&entries);
}

PenArchiveEntry *
pen_archive_find_game (GFile      *dir,
                       const char *save_path)
{
  g_autoptr(GPtrArray) entries = NULL;

  g_return_val_if_fail (G_IS_FILE (dir), NULL);

  if (save_path == NULL || !(entries = pen_archive_list (dir, NULL, NULL)))
    return NULL;
  for (guint i = 0; i < entries->len; i++)
    {
      PenArchiveEntry *entry = g_ptr_array_index (entries, i);

      if (g_strcmp0 (entry->save_path, save_path) == 0)
        return g_ptr_array_steal_index (entries, i);
    }
  return NULL;
}

const char *
pen_archive_entry_get_display_name (const PenArchiveEntry *entry,
                                    guint                  i)
{
  g_return_val_if_fail (entry != NULL, NULL);
  g_return_val_if_fail (i < g_strv_length (entry->players), NULL);

  /* as a game shows its Rival (pen_wizard_get_display_name) */
  if ((int) i == entry->rival && g_str_equal (entry->players[i], PEN_WIZARD_RIVAL_NAME))
    return _("Rival");
  return entry->players[i];
}

/* the sheet's "players" array, or NULL (the file is read strictly only as far as "players") */
static JsonArray *
sheet_results (const PenArchiveEntry *entry)
{
  JsonNode *players = json_object_get_member (json_node_get_object (entry->sheet), "players");

  return players != NULL && JSON_NODE_HOLDS_ARRAY (players) ? json_node_get_array (players)
                                                            : NULL;
}

static JsonObject *
sheet_result (const PenArchiveEntry *entry,
              guint                  seat)
{
  JsonArray *players = sheet_results (entry);
  JsonNode *p;

  if (players == NULL || seat >= json_array_get_length (players))
    return NULL;
  p = json_array_get_element (players, seat);
  return JSON_NODE_HOLDS_OBJECT (p) ? json_node_get_object (p) : NULL;
}

static int
result_int (const PenArchiveEntry *entry,
            guint                  seat,
            const char            *key)
{
  JsonObject *p = sheet_result (entry, seat);
  JsonNode *n = p != NULL ? json_object_get_member (p, key) : NULL;

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64)
    return 0;
  return (int) CLAMP (json_node_get_int (n), G_MININT, G_MAXINT);
}

guint
pen_archive_entry_get_n_results (const PenArchiveEntry *entry)
{
  JsonArray *players;

  g_return_val_if_fail (entry != NULL, 0);

  players = sheet_results (entry);
  return players != NULL ? json_array_get_length (players) : 0;
}

const char *
pen_archive_entry_get_result_name (const PenArchiveEntry *entry,
                                   guint                  seat)
{
  JsonObject *p;
  JsonNode *name;

  g_return_val_if_fail (entry != NULL, NULL);

  p = sheet_result (entry, seat);
  name = p != NULL ? json_object_get_member (p, "name") : NULL;
  if (name == NULL || !JSON_NODE_HOLDS_VALUE (name)
      || json_node_get_value_type (name) != G_TYPE_STRING)
    return "?";
  /* the player of the game at that place: the Rival translated */
  if (seat < g_strv_length (entry->players)
      && g_strcmp0 (json_node_get_string (name), entry->players[seat]) == 0)
    return pen_archive_entry_get_display_name (entry, seat);
  return json_node_get_string (name);
}

int
pen_archive_entry_get_result_points (const PenArchiveEntry *entry,
                                     guint                  seat,
                                     PenScoreCategory       category)
{
  g_return_val_if_fail (entry != NULL, 0);
  g_return_val_if_fail (category < PEN_N_SCORE_CATEGORIES, 0);

  return result_int (entry, seat, pen_score_category_to_string (category));
}

int
pen_archive_entry_get_result_total (const PenArchiveEntry *entry,
                                    guint                  seat)
{
  g_return_val_if_fail (entry != NULL, 0);

  return result_int (entry, seat, "total");
}

static int
by_total (gconstpointer a,
          gconstpointer b,
          gpointer      entry)
{
  int ta = pen_archive_entry_get_result_total (entry, *(const guint *) a);
  int tb = pen_archive_entry_get_result_total (entry, *(const guint *) b);

  return ta < tb ? 1 : ta > tb ? -1 : 0;
}

GArray *
pen_archive_entry_rank_results (const PenArchiveEntry *entry)
{
  GArray *order;
  guint n;

  g_return_val_if_fail (entry != NULL, NULL);

  n = pen_archive_entry_get_n_results (entry);
  order = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);
  for (guint i = 0; i < n; i++)
    g_array_append_val (order, i);
  /* a stable sort: equal totals keep the sheet's order */
  g_array_sort_with_data (order, by_total, (gpointer) entry);
  return order;
}

gboolean
pen_archive_contains (GFile               *dir,
                      const PenScoreSheet *sheet,
                      const char          *save_path)
{
  return pen_archive_contains_game (dir, sheet, -1, save_path);
}

gboolean
pen_archive_contains_game (GFile               *dir,
                           const PenScoreSheet *sheet,
                           int                  rival,
                           const char          *save_path)
{
  g_autoptr(GPtrArray) entries = pen_archive_list (dir, NULL, NULL);
  g_autoptr(JsonNode) node = NULL;

  if (entries == NULL)
    return FALSE;
  node = pen_score_sheet_to_json (sheet, TRUE);
  for (guint i = 0; i < entries->len; i++)
    {
      PenArchiveEntry *entry = g_ptr_array_index (entries, i);

      if (g_strcmp0 (entry->save_path, save_path) == 0 && entry->rival == rival
          && json_node_equal (entry->sheet, node))
        return TRUE;
    }
  return FALSE;
}
