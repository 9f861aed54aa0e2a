/* pen-archive.h: finished games kept with their score sheets
 *
 * Every finished game is kept as one JSON file in the archive folder
 * ($XDG_DATA_HOME/penumbra-companion/archive):
 *
 *   {"format": "penumbra-companion-archive", "version": 1,
 *    "date": "2026-11-29T13:40:00Z", "players": ["Ann", "Boris"],
 *    "sheet": {pen_score_sheet_to_json with details}, "save": "/path/to/game.json" or null,
 *    "extra": {"rival": 1}}
 *
 * "extra" holds what the first files did not: "rival" is the place in "players" of the solo
 * Rival, whose stored name is the language-free "Rival" (the app shows it translated). A file
 * without it (kept before it was written) is read as a game with no Rival, and an older app,
 * which ignores what is under "extra", still reads the new ones.
 *
 * A game is kept once: archiving the sheet of a save file the archive already holds (the game
 * was corrected after it ended) replaces that entry's sheet, atomically, keeping its date.
 * Otherwise a file is never overwritten: a new entry gets a new name. Files that cannot be
 * read are skipped when listing, with the reason, and left on disk as they are.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "pen-score.h"

G_BEGIN_DECLS

#define PEN_ARCHIVE_FORMAT  "penumbra-companion-archive"
#define PEN_ARCHIVE_VERSION 1

typedef struct
{
  GFile     *file;        /* where the entry is stored */
  GDateTime *date;        /* when the game ended (UTC) */
  GStrv      players;     /* names, in turn order */
  JsonNode  *sheet;       /* the score sheet, with details */
  char      *save_path;   /* the game's save file, or NULL (e.g. the demo game) */
  int        rival;       /* the solo Rival's place in players, or -1 */
} PenArchiveEntry;

void             pen_archive_entry_free    (PenArchiveEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenArchiveEntry, pen_archive_entry_free)

/* $XDG_DATA_HOME/penumbra-companion/archive (not created) */
GFile           *pen_archive_get_default_dir (void);

/* Keeps a finished game: writes a new file in dir (created if missing), or, for a save_path
 * the archive already holds, replaces that game's sheet (its date stays). date NULL means
 * now. Returns the entry as stored. */
PenArchiveEntry *pen_archive_add           (GFile               *dir,
                                            GDateTime           *date,
                                            const PenScoreSheet *sheet,
                                            const char          *save_path,
                                            GError             **error);
/* The same for a game with a solo Rival: rival is its place in the sheet's players (-1: none),
 * stored as a mark that no language changes */
PenArchiveEntry *pen_archive_add_game      (GFile               *dir,
                                            GDateTime           *date,
                                            const PenScoreSheet *sheet,
                                            int                  rival,
                                            const char          *save_path,
                                            GError             **error);
/* The name to show for player i of an entry: the Rival's translated, the others as stored */
const char      *pen_archive_entry_get_display_name (const PenArchiveEntry *entry,
                                                     guint                  i);
/* The results of the entry's sheet, read without JSON: how many players it scores, the name
 * to show for the one at place seat of the sheet (the Rival translated, "?" when it has
 * none), its points in a category and its total (0 where the sheet has none), and the places
 * ranked best first by total (a GArray of guint; equal totals keep the sheet's order) */
guint            pen_archive_entry_get_n_results      (const PenArchiveEntry *entry);
const char      *pen_archive_entry_get_result_name    (const PenArchiveEntry *entry,
                                                       guint                  seat);
int              pen_archive_entry_get_result_points  (const PenArchiveEntry *entry,
                                                       guint                  seat,
                                                       PenScoreCategory       category);
int              pen_archive_entry_get_result_total   (const PenArchiveEntry *entry,
                                                       guint                  seat);
GArray          *pen_archive_entry_rank_results       (const PenArchiveEntry *entry);
/* Reads one archive file strictly; a fault gives PEN_ERROR_CORRUPT with the reason. */
PenArchiveEntry *pen_archive_load          (GFile               *file,
                                            GError             **error);
/* Every readable entry of dir, newest first (a PenArchiveEntry* array that frees them). Files
 * that cannot be read are skipped; when skipped is not NULL, one "NAME: reason" string is
 * added to it for each. A missing dir is an empty archive. */
GPtrArray       *pen_archive_list          (GFile               *dir,
                                            GPtrArray           *skipped,
                                            GError             **error);
/* The entry dir keeps for this save file, or NULL (none, or save_path NULL). The app shows a
 * game as archived when there is one, and archives a corrected sheet again (which replaces
 * it) instead of offering to archive the game a second time. Transfer full. */
PenArchiveEntry *pen_archive_find_game     (GFile               *dir,
                                            const char          *save_path);
/* TRUE when dir already keeps this sheet for this save file (save_path may be NULL): a game
 * that ends again after an undo is not kept twice. */
gboolean         pen_archive_contains      (GFile               *dir,
                                            const PenScoreSheet *sheet,
                                            const char          *save_path);
/* The same, and the entry marks the same Rival (an entry kept before the mark was written
 * does not, and is written again) */
gboolean         pen_archive_contains_game (GFile               *dir,
                                            const PenScoreSheet *sheet,
                                            int                  rival,
                                            const char          *save_path);

G_END_DECLS
