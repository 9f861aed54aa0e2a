/* test-archive.c: finished games kept with their score sheets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pen-archive.h"
#include "pen-json.h"
#include "pen-score.h"

static PenScoreSheet *
sheet_for (const char *first,
           guint       arcana)
{
  g_autofree char *text = g_strdup_printf ("{\"players\": [{\"name\": \"%s\", \"arcana\": %u},"
                                           " {\"name\": \"Boris\", \"arcana\": 2}]}",
                                           first, arcana);
  g_autoptr(JsonNode) node = pen_json_parse (text, -1, NULL);
  g_autoptr(PenScoreRules) rules = pen_score_rules_new_default ();
  g_autoptr(PenScoreInput) input = NULL;
  g_autoptr(GError) error = NULL;

  input = pen_score_input_from_json (node, "$", rules, &error);
  g_assert_no_error (error);
  return pen_score_compute (input);
}

static GFile *
temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_dir_make_tmp ("pen-archive-XXXXXX", &error);

  g_assert_no_error (error);
  /* a folder that does not exist yet: adding must create it */
  return g_file_new_build_filename (path, "archive", NULL);
}

static void
remove_tree (GFile *dir)
{
  g_autoptr(GFileEnumerator) e = g_file_enumerate_children (dir, "standard::name",
                                                            G_FILE_QUERY_INFO_NONE, NULL, NULL);
  g_autoptr(GFile) parent = g_file_get_parent (dir);
  GFile *child;

  while (e != NULL && g_file_enumerator_iterate (e, NULL, &child, NULL, NULL) && child != NULL)
    g_file_delete (child, NULL, NULL);
  g_file_delete (dir, NULL, NULL);
  g_file_delete (parent, NULL, NULL);
}

static int
sheet_total (JsonNode *sheet,
             guint     player)
{
  JsonArray *players = json_object_get_array_member (json_node_get_object (sheet), "players");

  return json_object_get_int_member (json_array_get_object_element (players, player), "total");
}

static void
test_add_and_list (void)
{
  g_autoptr(GFile) dir = temp_dir ();
  g_autoptr(PenScoreSheet) old_sheet = sheet_for ("Ann", 5);
  g_autoptr(PenScoreSheet) new_sheet = sheet_for ("Chloe", 1);
  g_autoptr(GDateTime) day1 = g_date_time_new_utc (2026, 11, 1, 20, 0, 0);
  g_autoptr(GDateTime) day2 = g_date_time_new_utc (2026, 11, 8, 20, 0, 0);
  g_autoptr(PenArchiveEntry) a = NULL;
  g_autoptr(PenArchiveEntry) b = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GPtrArray) skipped = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  PenArchiveEntry *first;

  /* an archive that was never written to is empty, not an error */
  list = pen_archive_list (dir, skipped, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 0);
  g_clear_pointer (&list, g_ptr_array_unref);

  /* added out of order: the list still comes newest first */
  b = pen_archive_add (dir, day2, new_sheet, NULL, &error);
  g_assert_no_error (error);
  a = pen_archive_add (dir, day1, old_sheet, "/games/one.json", &error);
  g_assert_no_error (error);
  g_assert_true (g_file_query_exists (a->file, NULL));

  list = pen_archive_list (dir, skipped, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (skipped->len, ==, 0);
  g_assert_cmpuint (list->len, ==, 2);
  first = g_ptr_array_index (list, 0);
  g_assert_cmpint (g_date_time_compare (first->date, day2), ==, 0);
  g_assert_cmpstr (first->players[0], ==, "Chloe");
  g_assert_cmpstr (first->players[1], ==, "Boris");
  g_assert_null (first->save_path);
  /* the sheet comes back whole, with its details */
  g_assert_cmpint (sheet_total (first->sheet, 0), ==, 1);
  g_assert_true (json_object_has_member (json_node_get_object (first->sheet), "tables"));
  first = g_ptr_array_index (list, 1);
  g_assert_cmpstr (first->save_path, ==, "/games/one.json");
  g_assert_cmpint (sheet_total (first->sheet, 0), ==, 5);

  /* contains: the same sheet for the same save, nothing else */
  g_assert_true (pen_archive_contains (dir, old_sheet, "/games/one.json"));
  g_assert_false (pen_archive_contains (dir, old_sheet, NULL));
  g_assert_true (pen_archive_contains (dir, new_sheet, NULL));
  g_assert_false (pen_archive_contains (dir, new_sheet, "/games/one.json"));

  remove_tree (dir);
}

/* A game is kept once however often it is corrected after it ended */
static void
test_corrected_once (void)
{
  g_autoptr(GFile) dir = temp_dir ();
  g_autoptr(PenScoreSheet) first = sheet_for ("Ann", 5);
  g_autoptr(PenScoreSheet) corrected = sheet_for ("Ann", 9);
  g_autoptr(PenScoreSheet) other = sheet_for ("Ann", 2);
  g_autoptr(GDateTime) day1 = g_date_time_new_utc (2026, 11, 1, 20, 0, 0);
  g_autoptr(PenArchiveEntry) a = NULL, b = NULL, c = NULL, found = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GError) error = NULL;

  a = pen_archive_add (dir, day1, first, "/games/one.json", &error);
  g_assert_no_error (error);
  g_assert_null (pen_archive_find_game (dir, "/games/two.json"));
  g_assert_null (pen_archive_find_game (dir, NULL));
  found = pen_archive_find_game (dir, "/games/one.json");
  g_assert_nonnull (found);
  g_assert_true (g_file_equal (found->file, a->file));

  /* a number typed in after the end: the same entry, the new sheet, the first date */
  b = pen_archive_add (dir, NULL, corrected, "/games/one.json", &error);
  g_assert_no_error (error);
  g_assert_true (g_file_equal (a->file, b->file));
  g_assert_cmpint (g_date_time_compare (b->date, day1), ==, 0);
  c = pen_archive_add (dir, NULL, other, "/games/two.json", &error);
  g_assert_no_error (error);

  list = pen_archive_list (dir, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 2);
  g_assert_true (pen_archive_contains (dir, corrected, "/games/one.json"));
  g_assert_false (pen_archive_contains (dir, first, "/games/one.json"));
  for (guint i = 0; i < list->len; i++)
    {
      PenArchiveEntry *e = g_ptr_array_index (list, i);

      if (g_strcmp0 (e->save_path, "/games/one.json") == 0)
        {
          g_assert_cmpint (sheet_total (e->sheet, 0), ==, 9);
          g_assert_cmpint (g_date_time_compare (e->date, day1), ==, 0);
        }
    }
  remove_tree (dir);
}

/* Two games ending in the same second get two files; neither replaces the other. */
static void
test_never_overwritten (void)
{
  g_autoptr(GFile) dir = temp_dir ();
  g_autoptr(PenScoreSheet) s1 = sheet_for ("Ann", 5);
  g_autoptr(PenScoreSheet) s2 = sheet_for ("Ann", 6);
  g_autoptr(PenScoreSheet) s3 = sheet_for ("Ann", 7);
  g_autoptr(GDateTime) when = g_date_time_new_utc (2026, 11, 29, 15, 0, 0);
  g_autoptr(PenArchiveEntry) e1 = NULL, e2 = NULL, e3 = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL, *after = NULL;

  e1 = pen_archive_add (dir, when, s1, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_load_contents (e1->file, NULL, &before, NULL, NULL, NULL));
  e2 = pen_archive_add (dir, when, s2, NULL, &error);
  g_assert_no_error (error);
  e3 = pen_archive_add (dir, when, s3, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (g_file_equal (e1->file, e2->file));
  g_assert_false (g_file_equal (e2->file, e3->file));
  g_assert_false (g_file_equal (e1->file, e3->file));
  g_assert_true (g_file_load_contents (e1->file, NULL, &after, NULL, NULL, NULL));
  g_assert_cmpstr (before, ==, after);

  /* same second: the one added last is listed first */
  list = pen_archive_list (dir, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 3);
  g_assert_cmpint (sheet_total (((PenArchiveEntry *) g_ptr_array_index (list, 0))->sheet, 0),
                   ==, 7);
  g_assert_cmpint (sheet_total (((PenArchiveEntry *) g_ptr_array_index (list, 2))->sheet, 0),
                   ==, 5);
  remove_tree (dir);
}

static void
write_file (GFile      *dir,
            const char *name,
            const char *text)
{
  g_autoptr(GFile) file = g_file_get_child (dir, name);
  g_autoptr(GError) error = NULL;

  g_file_replace_contents (file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                           NULL, &error);
  g_assert_no_error (error);
}

static gboolean
has_reason (GPtrArray  *skipped,
            const char *name,
            const char *part)
{
  for (guint i = 0; i < skipped->len; i++)
    {
      const char *s = g_ptr_array_index (skipped, i);

      if (g_str_has_prefix (s, name) && strstr (s, part) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* Files that are not archived games are skipped, each with its reason, and left alone. */
static void
test_bad_files_skipped (void)
{
  g_autoptr(GFile) dir = temp_dir ();
  g_autoptr(PenScoreSheet) sheet = sheet_for ("Ann", 3);
  g_autoptr(PenArchiveEntry) good = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GPtrArray) skipped = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) truncated = NULL;
  g_autofree char *text = NULL;
  g_autofree char *half = NULL;
  g_autofree char *kept = NULL;

  good = pen_archive_add (dir, NULL, sheet, "/games/x.json", &error);
  g_assert_no_error (error);
  g_assert_true (g_file_load_contents (good->file, NULL, &text, NULL, NULL, NULL));
  half = g_strndup (text, strlen (text) / 2);

  write_file (dir, "truncated.json", half);
  write_file (dir, "other.json", "{\"format\": \"penumbra-companion-save\", \"version\": 1}");
  write_file (dir, "newer.json", "{\"format\": \"penumbra-companion-archive\", \"version\": 9,"
              " \"date\": \"2026-01-01T00:00:00Z\", \"players\": [], \"sheet\": {}}");
  write_file (dir, "baddate.json", "{\"format\": \"penumbra-companion-archive\", \"version\": 1,"
              " \"date\": \"yesterday\", \"players\": [\"A\"], \"sheet\": {\"players\": []}}");
  write_file (dir, "typo.json", "{\"format\": \"penumbra-companion-archive\", \"version\": 1,"
              " \"date\": \"2026-01-01T00:00:00Z\", \"players\": [\"A\"],"
              " \"sheet\": {\"players\": []}, \"saev\": null}");
  write_file (dir, "notes.txt", "not json at all");

  list = pen_archive_list (dir, skipped, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_cmpstr (((PenArchiveEntry *) g_ptr_array_index (list, 0))->save_path, ==,
                   "/games/x.json");
  /* .txt is not looked at; each bad .json is named with why */
  g_assert_cmpuint (skipped->len, ==, 5);
  g_assert_true (has_reason (skipped, "other.json", "not an archived game"));
  g_assert_true (has_reason (skipped, "newer.json", "newer"));
  g_assert_true (has_reason (skipped, "baddate.json", "$.date"));
  g_assert_true (has_reason (skipped, "typo.json", "saev"));
  g_assert_true (has_reason (skipped, "truncated.json", ""));

  /* and left as they were */
  truncated = g_file_get_child (dir, "truncated.json");
  g_assert_true (g_file_load_contents (truncated, NULL, &kept, NULL, NULL, NULL));
  g_assert_cmpstr (kept, ==, half);

  {
    g_autoptr(GFileEnumerator) e = g_file_enumerate_children (dir, "standard::name",
                                                              G_FILE_QUERY_INFO_NONE, NULL,
                                                              NULL);
    GFile *child;

    while (g_file_enumerator_iterate (e, NULL, &child, NULL, NULL) && child != NULL)
      g_file_delete (child, NULL, NULL);
  }
  remove_tree (dir);
}

/* The solo Rival is marked by its place, not by a name in some language: the entry written
 * holds "extra": {"rival": N}, reads back with it, and shows the Rival by its display name; an
 * entry kept before the mark (no "extra") reads as before, names as stored; a mark that names
 * no player is refused with where */
static void
test_rival_marked (void)
{
  g_autoptr(GFile) dir = temp_dir ();
  g_autoptr(PenScoreSheet) solo = sheet_for ("Rival", 4);
  g_autoptr(PenArchiveEntry) kept = NULL, again = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GPtrArray) skipped = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonObject *extra;

  kept = pen_archive_add_game (dir, NULL, solo, 0, "/games/solo.json", &error);
  g_assert_no_error (error);
  g_assert_cmpint (kept->rival, ==, 0);
  g_assert_true (g_file_load_contents (kept->file, NULL, &text, NULL, NULL, NULL));
  node = pen_json_parse (text, -1, &error);
  g_assert_no_error (error);
  extra = json_object_get_object_member (json_node_get_object (node), "extra");
  g_assert_nonnull (extra);
  g_assert_cmpint (json_object_get_int_member (extra, "rival"), ==, 0);
  /* the stored name stays the language-free one */
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (
                     json_node_get_object (node), "players"), 0), ==, "Rival");

  /* an entry of a group game has no mark */
  {
    g_autoptr(PenScoreSheet) group = sheet_for ("Ann", 1);
    g_autoptr(PenArchiveEntry) plain = pen_archive_add (dir, NULL, group, "/games/g.json",
                                                        &error);
    g_autofree char *plain_text = NULL;

    g_assert_no_error (error);
    g_assert_cmpint (plain->rival, ==, -1);
    g_assert_true (g_file_load_contents (plain->file, NULL, &plain_text, NULL, NULL, NULL));
    g_assert_null (strstr (plain_text, "\"extra\""));
    g_assert_cmpstr (pen_archive_entry_get_display_name (plain, 0), ==, "Ann");
  }

  /* kept before the mark was written: read as a game with no Rival, its names as stored */
  write_file (dir, "old.json", "{\"format\": \"penumbra-companion-archive\", \"version\": 1,"
              " \"date\": \"2026-01-01T00:00:00Z\", \"players\": [\"Masha\", \"Rival\"],"
              " \"sheet\": {\"players\": [{\"name\": \"Masha\", \"total\": 3},"
              " {\"name\": \"Rival\", \"total\": 5}]}, \"save\": \"/games/old.json\"}");
  /* a mark that names no player */
  write_file (dir, "badmark.json", "{\"format\": \"penumbra-companion-archive\", \"version\": 1,"
              " \"date\": \"2026-01-01T00:00:00Z\", \"players\": [\"A\"],"
              " \"sheet\": {\"players\": []}, \"extra\": {\"rival\": 3}}");
  list = pen_archive_list (dir, skipped, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 3);
  g_assert_cmpuint (skipped->len, ==, 1);
  g_assert_true (has_reason (skipped, "badmark.json", "$.extra.rival"));
  for (guint i = 0; i < list->len; i++)
    {
      PenArchiveEntry *e = g_ptr_array_index (list, i);

      if (g_strcmp0 (e->save_path, "/games/old.json") == 0)
        {
          g_assert_cmpint (e->rival, ==, -1);
          g_assert_cmpstr (pen_archive_entry_get_display_name (e, 1), ==, "Rival");
          g_assert_cmpstr (pen_archive_entry_get_display_name (e, 0), ==, "Masha");
        }
      else if (g_strcmp0 (e->save_path, "/games/solo.json") == 0)
        {
          g_assert_cmpint (e->rival, ==, 0);
          /* translated when shown (the C locale of this test: "Rival") */
          g_assert_cmpstr (pen_archive_entry_get_display_name (e, 0), ==, "Rival");
          g_assert_cmpstr (pen_archive_entry_get_display_name (e, 1), ==, "Boris");
        }
    }

  /* the same sheet with and without the mark are not the same entry: an old entry of a solo
   * game is written again with it, in place */
  g_assert_true (pen_archive_contains_game (dir, solo, 0, "/games/solo.json"));
  g_assert_false (pen_archive_contains_game (dir, solo, -1, "/games/solo.json"));
  g_assert_false (pen_archive_contains (dir, solo, "/games/solo.json"));
  {
    g_autoptr(PenScoreSheet) old_sheet = sheet_for ("Masha", 3);
    g_autoptr(GFile) old_file = g_file_get_child (dir, "old.json");

    again = pen_archive_add_game (dir, NULL, old_sheet, 1, "/games/old.json", &error);
    g_assert_no_error (error);
    g_assert_true (g_file_equal (again->file, old_file));
    g_clear_pointer (&again, pen_archive_entry_free);
    again = pen_archive_load (old_file, &error);
    g_assert_no_error (error);
    g_assert_cmpint (again->rival, ==, 1);
  }
  {
    g_autoptr(GFile) bad = g_file_get_child (dir, "badmark.json");

    g_file_delete (bad, NULL, NULL);
  }
  remove_tree (dir);
}

/* An entry's results read without JSON: names as shown, points, totals, the places ranked; a
 * sheet with odd players gives "?" and 0 rather than failing */
static void
test_results (void)
{
  g_autoptr(GFile) dir = temp_dir ();
  g_autoptr(GFile) good = NULL, odd = NULL;
  g_autoptr(PenArchiveEntry) entry = NULL, odd_entry = NULL;
  g_autoptr(GArray) order = NULL, none = NULL;
  g_autoptr(GError) error = NULL;
  static const guint ranked[] = { 1, 0, 2, 3 };

  g_assert_true (g_file_make_directory_with_parents (dir, NULL, &error));
  write_file (dir, "solo.json", "{\"format\": \"penumbra-companion-archive\", \"version\": 1,"
              " \"date\": \"2026-01-01T00:00:00Z\", \"players\": [\"Masha\", \"Rival\", \"Zoe\"],"
              " \"sheet\": {\"players\": [{\"name\": \"Masha\", \"total\": 3, \"arcana\": 2,"
              " \"fate\": 1}, {\"name\": \"Rival\", \"total\": 5},"
              " {\"name\": \"Zoe\", \"total\": 3},"
              " {\"total\": \"many\"}]}, \"extra\": {\"rival\": 1}}");
  write_file (dir, "odd.json", "{\"format\": \"penumbra-companion-archive\", \"version\": 1,"
              " \"date\": \"2026-01-01T00:00:00Z\", \"players\": [\"A\"],"
              " \"sheet\": {\"players\": 5}}");
  good = g_file_get_child (dir, "solo.json");
  odd = g_file_get_child (dir, "odd.json");
  entry = pen_archive_load (good, &error);
  g_assert_no_error (error);
  odd_entry = pen_archive_load (odd, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (pen_archive_entry_get_n_results (entry), ==, 4);
  g_assert_cmpstr (pen_archive_entry_get_result_name (entry, 0), ==, "Masha");
  /* translated when shown (the C locale of this test: "Rival") */
  g_assert_cmpstr (pen_archive_entry_get_result_name (entry, 1), ==, "Rival");
  g_assert_cmpstr (pen_archive_entry_get_result_name (entry, 3), ==, "?");
  g_assert_cmpstr (pen_archive_entry_get_result_name (entry, 9), ==, "?");
  g_assert_cmpint (pen_archive_entry_get_result_total (entry, 0), ==, 3);
  g_assert_cmpint (pen_archive_entry_get_result_total (entry, 1), ==, 5);
  g_assert_cmpint (pen_archive_entry_get_result_total (entry, 3), ==, 0);
  g_assert_cmpint (pen_archive_entry_get_result_points (entry, 0, PEN_SCORE_ARCANA), ==, 2);
  g_assert_cmpint (pen_archive_entry_get_result_points (entry, 0, PEN_SCORE_FATE), ==, 1);
  g_assert_cmpint (pen_archive_entry_get_result_points (entry, 0, PEN_SCORE_CONTRACTS), ==, 0);
  /* best first; Masha and Zoe tie and keep the sheet's order */
  order = pen_archive_entry_rank_results (entry);
  g_assert_cmpmem (order->data, order->len * sizeof (guint), ranked, sizeof ranked);

  g_assert_cmpuint (pen_archive_entry_get_n_results (odd_entry), ==, 0);
  g_assert_cmpstr (pen_archive_entry_get_result_name (odd_entry, 0), ==, "?");
  none = pen_archive_entry_rank_results (odd_entry);
  g_assert_cmpuint (none->len, ==, 0);

  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/penumbra/archive/add-and-list", test_add_and_list);
  g_test_add_func ("/penumbra/archive/never-overwritten", test_never_overwritten);
  g_test_add_func ("/penumbra/archive/corrected-once", test_corrected_once);
  g_test_add_func ("/penumbra/archive/bad-files-skipped", test_bad_files_skipped);
  g_test_add_func ("/penumbra/archive/rival-marked", test_rival_marked);
  g_test_add_func ("/penumbra/archive/results", test_results);

  return g_test_run ();
}
