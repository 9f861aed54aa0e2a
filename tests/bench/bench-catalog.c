/* bench-catalog.c: loading the card catalogue and laying out tables
 *
 * Usage: bench-catalog [REPEAT]   (default 1000)
 *
 * Prints the time to load the built-in catalogue (what the first card lookup costs), and the
 * mean time of one built setup and one ready-made setup for 4 players. Wall-clock figures: run
 * it on an idle machine. It never reads or writes the user's catalogue.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "pen-catalog.h"
#include "pen-setup.h"

int
main (int   argc,
      char *argv[])
{
  guint repeat = argc > 1 ? (guint) strtoul (argv[1], NULL, 10) : 1000;
  g_autoptr(PenCatalog) catalog = NULL;
  gint64 start;
  double load_us;

  if (repeat == 0)
    repeat = 1;

  start = g_get_monotonic_time ();
  catalog = pen_catalog_new (NULL);
  load_us = (double) (g_get_monotonic_time () - start);
  printf ("catalogue: %u cards loaded in %.0f us\n",
          g_list_model_get_n_items (G_LIST_MODEL (catalog)), load_us);

  for (guint mode = 0; mode < 2; mode++)
    {
      start = g_get_monotonic_time ();
      for (guint i = 0; i < repeat; i++)
        {
          g_autoptr(PenSetup) setup = pen_setup_new (catalog, 4, i, mode == 1, NULL);
          g_assert (setup != NULL);
        }
      printf ("%s setup, 4 players: %.1f us each (%u runs)\n", mode ? "ready-made" : "built",
              (double) (g_get_monotonic_time () - start) / repeat, repeat);
    }
  return 0;
}
