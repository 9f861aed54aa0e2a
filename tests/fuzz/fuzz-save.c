/* fuzz-save.c: the save loader (what show, log, undo, redo, apply and the app read)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "fuzz-common.h"
#include "pen-game.h"
#include "pen-json.h"

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
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_load_from_data ((const char *) data, size, &error);

  /* a save that loads is saved and read back to the same log */
  if (game != NULL)
    {
      g_autofree char *text = pen_game_to_data (game);
      g_autoptr(PenGame) again = pen_game_load_from_data (text, strlen (text), &error);
      g_autofree char *a = NULL, *b = NULL;

      g_assert_no_error (error);
      a = pen_game_log_to_lines (game);
      b = pen_game_log_to_lines (again);
      g_assert_cmpstr (a, ==, b);
      while (pen_game_undo (game))
        ;
    }
  else
    g_assert_nonnull (error);
  return 0;
}
