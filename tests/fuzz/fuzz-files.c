/* fuzz-files.c: the user's own files (card answers, board values) and archived games
 *
 * The first byte picks the reader; the rest is the file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "fuzz-common.h"
#include "pen-archive.h"
#include "pen-board-layout.h"
#include "pen-catalog.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *path = g_build_filename (fuzz_dir, "user.json", NULL);
  g_autofree char *aside = g_strconcat (path, ".corrupt", NULL);

  if (size == 0)
    return 0;
  g_assert_true (g_file_set_contents (path, (const char *) data + 1, size - 1, NULL));
  switch (data[0] % 3)
    {
    case 0:
      {
        g_autoptr(PenCatalog) catalog = pen_catalog_new (path);
        g_assert_nonnull (catalog);
      }
      break;
    case 1:
      {
        g_autoptr(PenBoardLayout) layout = pen_board_layout_new (path);
        g_assert_nonnull (layout);
      }
      break;
    default:
      {
        g_autoptr(GFile) file = g_file_new_for_path (path);
        g_autoptr(GError) error = NULL;
        PenArchiveEntry *entry = pen_archive_load (file, &error);

        g_assert_true ((entry == NULL) != (error == NULL));
        g_clear_pointer (&entry, pen_archive_entry_free);
      }
      break;
    }
  g_unlink (path);
  g_unlink (aside);
  return 0;
}
