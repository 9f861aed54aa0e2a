/* fuzz-action.c: the action parser and the rules behind it, as `apply` and the app submit
 *
 * The input is lines of JSON actions, applied in order to a new game (the first line may be
 * its new-game; otherwise a two-player game is started); each accepted one is undone and
 * redone, which must give the very same table.
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
  g_autofree char *text = fuzz_text (data, size);
  g_auto(GStrv) lines = g_strsplit (text, "\n", 64);
  g_autoptr(PenGame) game = pen_game_new ();
  guint first = 0;

  if (lines[0] == NULL || !pen_game_submit_json (game, lines[0], NULL))
    {
      g_assert_true (pen_game_submit_json (game, "{\"action\": \"new-game\", \"players\": "
                                           "[\"A\", \"B\"], \"seed\": 1}", NULL));
    }
  else
    first = 1;

  for (guint i = first; lines[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) before = NULL, after = NULL;
      g_autofree char *a = NULL, *b = NULL;

      if (!pen_game_submit_json (game, lines[i], &error))
        {
          g_assert_nonnull (error);
          continue;
        }
      after = pen_table_to_json (pen_game_get_table (game));
      a = pen_json_to_string (after, FALSE);
      if (pen_game_undo (game))
        {
          g_assert_true (pen_game_redo (game, &error));
          g_assert_no_error (error);
          before = pen_table_to_json (pen_game_get_table (game));
          b = pen_json_to_string (before, FALSE);
          g_assert_cmpstr (a, ==, b);
        }
    }
  return 0;
}
