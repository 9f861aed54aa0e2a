/* bench-rules.c: loading and searching the rules reference
 *
 * Usage: bench-rules [REPEAT]   (default 200)
 *
 * Prints, per language, the time to parse and index the reference on first use (what the first
 * search or the first look at the rules page costs) and the mean time of one search over a fixed
 * mix of queries, REPEAT times each. Wall-clock figures: run it on an idle machine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "pen-rules.h"

static const char * const queries_en[] = {
  "threat", "mortal wound", "how do I get a spark mark", "bazaar exchange rate", "rift",
  "vigilance chains", "potion", "reserve a contract with blood", "pla", "end of the game",
};
static const char * const queries_ru[] = {
  "угроза", "смертельное ранение", "как получить метку искры", "курс обмена на базаре",
  "разлома", "бдительность цепочки", "зелья", "зарезервировать контракт кровью", "угро",
  "конец игры",
};

int
main (int   argc,
      char *argv[])
{
  guint repeat = argc > 1 ? (guint) strtoul (argv[1], NULL, 10) : 200;

  for (guint l = 0; l < 2; l++)
    {
      const char *lang = l == 0 ? "en" : "ru";
      const char * const *queries = l == 0 ? queries_en : queries_ru;
      guint n_queries = l == 0 ? G_N_ELEMENTS (queries_en) : G_N_ELEMENTS (queries_ru);
      g_autoptr(PenRules) rules = pen_rules_new ();
      g_autoptr(GError) error = NULL;
      gint64 t0, t1, t2;
      guint hits = 0;

      t0 = g_get_monotonic_time ();
      if (!pen_rules_load (rules, lang, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      t1 = g_get_monotonic_time ();
      for (guint r = 0; r < repeat; r++)
        for (guint q = 0; q < n_queries; q++)
          {
            g_autoptr(GPtrArray) results = pen_rules_search (rules, queries[q], lang, 20, NULL);

            hits += results->len;
          }
      t2 = g_get_monotonic_time ();

      printf ("%s: load and index %.2f ms; search %.3f ms per query (%u queries, %u hits)\n",
              lang, (t1 - t0) / 1000.0, (t2 - t1) / 1000.0 / (repeat * n_queries),
              repeat * n_queries, hits);
    }

  return 0;
}
