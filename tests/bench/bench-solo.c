/* bench-solo.c: whole simulated solo games (the Rival against the stand-in), for callgrind
 *
 *   bench-solo [GAMES [LEVEL]]
 *
 * plays GAMES games (default 10) from seeds 0, 1, … and prints the turns and actions played
 * and the wall time per game. The figure that matters is instructions per game:
 *   valgrind --tool=callgrind --toggle-collect=pen_solo_sim_play bench-solo 10
 * divided by 10 (see README.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "pen-catalog.h"
#include "pen-solo-sim.h"

int
main (int   argc,
      char *argv[])
{
  guint games = argc > 1 ? (guint) atoi (argv[1]) : 10;
  guint level = argc > 2 ? (guint) atoi (argv[2]) : 1;
  guint64 turns = 0, actions = 0;
  gint64 start;

  if (level < 1 || level > 3)
    level = 1;
  /* load the catalogue (and register the types) outside the measured games */
  pen_catalog_get_default ();
  {
    g_autoptr(PenGame) warm = pen_solo_sim_new_game (0, level, NULL);
  }

  start = g_get_monotonic_time ();
  for (guint i = 0; i < games; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PenGame) game = pen_solo_sim_play (i, level, &error);

      if (game == NULL)
        g_error ("game %u: %s", i, error->message);
      turns += pen_table_get_turn (pen_game_get_table (game));
      actions += pen_game_get_position (game);
    }
  if (games > 0)
    g_print ("%u games, level %u: %.1f turns and %.1f actions per game, %.3f ms per game\n",
             games, level, (double) turns / games, (double) actions / games,
             (g_get_monotonic_time () - start) / 1000.0 / games);
  return 0;
}
