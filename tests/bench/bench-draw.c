/* bench-draw.c: what the pickers of physical play cost on a whole game's log
 *
 * Usage: bench-draw [REPEAT]   (default 200)
 *
 * Plays one simulated solo game to its end (pen_solo_sim_play, seed 1), then times
 * pen_draw_candidates() for the Fate deck and the Contract deck, pen_draw_another() and the
 * two queries of pen-box.h, each REPEAT times: the pickers read the whole applied log, so this
 * is their cost at the end of a game, where it is largest. Then the Fate picker of a physical
 * game with a rule-built deck after 2,000 actions (a long evening's log), and the names a Trial
 * revealed at its end may have (pen_box_list_names_for replays the log up to the reveal);
 * last the end sheet's form (pen_end_form_update) on the solo game. Wall-clock figures: run it on an idle
 * machine. It reads and writes no user file (XDG_DATA_HOME points at a fresh directory).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <glib/gstdio.h>

#include "pen-box.h"
#include "pen-end-form.h"
#include "pen-solo-sim.h"

int
main (int   argc,
      char *argv[])
{
  guint repeat = argc > 1 ? (guint) strtoul (argv[1], NULL, 10) : 200;
  g_autofree char *dir = g_dir_make_tmp ("penumbra-bench-XXXXXX", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;
  const char *names[] = { "fate candidates", "contract candidates", "another trial",
                          "unidentified", "unknown numbers" };

  if (repeat == 0)
    repeat = 1;
  g_setenv ("XDG_DATA_HOME", dir, TRUE);
  if (!(game = pen_solo_sim_play (1, 1, &error)))
    {
      fprintf (stderr, "bench-draw: %s\n", error->message);
      return 1;
    }
  printf ("game: %u actions in the log\n", pen_game_get_position (game));
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      gint64 start = g_get_monotonic_time ();
      guint n = 0;

      for (guint i = 0; i < repeat; i++)
        {
          g_autoptr(GPtrArray) ids = NULL;
          g_autofree char *id = NULL;

          switch (k)
            {
            case 0: ids = pen_draw_candidates (game, PEN_DRAW_FATE); break;
            case 1: ids = pen_draw_candidates (game, PEN_DRAW_CONTRACT); break;
            case 2: id = pen_draw_another (game, PEN_CARD_TRIAL); break;
            case 3: ids = pen_box_list_unidentified (pen_game_get_table (game)); break;
            default: ids = pen_box_list_unknown_numbers (pen_game_get_table (game)); break;
            }
          n = ids ? ids->len : (id != NULL);
        }
      printf ("%s: %.1f us each (%u results, %u runs)\n", names[k],
              (double) (g_get_monotonic_time () - start) / repeat, n, repeat);
    }

  /* a physical game, a deck built by the rules, a long log */
  {
    g_autoptr(PenGame) physical = pen_game_new ();
    g_autoptr(GString) json = g_string_new ("{\"action\": \"new-game\", \"mode\": "
                                            "\"physical\", \"players\": [\"A\", \"B\", \"C\", "
                                            "\"D\"], \"setup\": {\"trial_row\": [\"goldeater\", "
                                            "\"scrollers\", \"gloomy-lady\", "
                                            "\"out-of-tune-clock\"], \"fate_deck\": [");
    g_autoptr(GPtrArray) ids = NULL;
    gint64 start;

    for (guint i = 0; i < 24; i++)
      g_string_append (json, i ? ", null" : "null");
    g_string_append (json, "]}}");
    if (!pen_game_submit_json (physical, json->str, &error)
        || !pen_game_submit_json (physical, "{\"action\": \"fate-reveal\", \"card\": "
                                  "\"wildwood\"}", &error))
      {
        fprintf (stderr, "bench-draw: %s\n", error->message);
        return 1;
      }
    for (guint i = 0; i < 2000; i++)
      {
        g_autofree char *a = g_strdup_printf ("{\"action\": \"%s\", \"wizard\": %u, "
                                              "\"ingredient\": \"fruit\"}",
                                              i % 2 ? "ingredient-spend" : "ingredient-gain",
                                              (i / 2) % 4);
        if (!pen_game_submit_json (physical, a, &error))
          {
            fprintf (stderr, "bench-draw: %s\n", error->message);
            return 1;
          }
      }
    start = g_get_monotonic_time ();
    for (guint i = 0; i < repeat; i++)
      {
        g_clear_pointer (&ids, g_ptr_array_unref);
        ids = pen_draw_candidates (physical, PEN_DRAW_FATE);
      }
    printf ("physical, %u actions: fate candidates %.1f us each (%u results, %u runs)\n",
            pen_game_get_position (physical),
            (double) (g_get_monotonic_time () - start) / repeat, ids->len, repeat);
    /* "another card" for each type the deck can still hold, and the Guild's candidates: the
     * rest of what the turn box asks on a Rest or Trial turn */
    start = g_get_monotonic_time ();
    for (guint i = 0; i < repeat; i++)
      {
        g_clear_pointer (&ids, g_ptr_array_unref);
        ids = pen_draw_another_each (physical, PEN_DRAW_FATE);
      }
    printf ("physical, %u actions: another card of each type %.1f us each (%u types, %u runs)\n",
            pen_game_get_position (physical),
            (double) (g_get_monotonic_time () - start) / repeat, ids->len, repeat);
    start = g_get_monotonic_time ();
    for (guint i = 0; i < repeat; i++)
      {
        g_clear_pointer (&ids, g_ptr_array_unref);
        ids = pen_draw_candidates (physical, PEN_DRAW_CONTRACT);
      }
    printf ("physical, %u actions: contract candidates %.1f us each (%u results, %u runs)\n",
            pen_game_get_position (physical),
            (double) (g_get_monotonic_time () - start) / repeat, ids->len, repeat);

    /* naming a Trial revealed as "another card" after the long log: the names it may have
     * replay the log up to its reveal, the worst case */
    {
      g_autofree char *another = pen_draw_another (physical, PEN_CARD_TRIAL);
      g_autofree char *reveal = g_strdup_printf ("{\"action\": \"fate-reveal\", "
                                                 "\"card\": \"%s\"}", another);
      guint runs = MAX (repeat / 20, 1);

      if (!pen_game_submit_json (physical, reveal, &error))
        {
          fprintf (stderr, "bench-draw: %s\n", error->message);
          return 1;
        }
      start = g_get_monotonic_time ();
      for (guint i = 0; i < runs; i++)
        {
          g_clear_pointer (&ids, g_ptr_array_unref);
          ids = pen_box_list_names_for (physical, another);
        }
      printf ("physical, %u actions: names for a Trial revealed last %.1f us each "
              "(%u results, %u runs)\n", pen_game_get_position (physical),
              (double) (g_get_monotonic_time () - start) / runs, ids->len, runs);
    }
  }

  /* the end sheet's form, on the solo game's end */
  {
    g_autoptr(PenEndForm) form = pen_end_form_new ();
    gint64 start = g_get_monotonic_time ();

    for (guint i = 0; i < repeat; i++)
      pen_end_form_update (form, pen_game_get_table (game));
    printf ("end form update: %.1f us each (%u items, %u runs)\n",
            (double) (g_get_monotonic_time () - start) / repeat,
            pen_end_form_get_n_items (form), repeat);
  }
  g_rmdir (dir);
  return 0;
}
