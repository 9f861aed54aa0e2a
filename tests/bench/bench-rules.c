/* bench-rules.c: loading and searching the rules reference
 *
 * Usage: bench-rules [REPEAT]   (default 200)
 *        bench-rules typing     (only the typing figures, e.g. under callgrind)
 *
 * Prints, per language:
 * - the time to parse and index the reference on first use (what the first search or the
 *   first look at the rules page costs);
 * - the mean time of one search over a fixed mix of whole queries, REPEAT times each, on one
 *   PenRules (its per-word cache warm after the first round);
 * - typing: each query of a list entered letter by letter on a fresh PenRules with both
 *   languages' indexes already loaded (as in the app, where the page searches on every
 *   keystroke): the mean and the slowest search per keystroke, in time and, where the kernel
 *   lets a process count them (perf_event_open), in instructions.
 * Wall-clock figures: run it on an idle machine. Target: under 1 ms per keystroke.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include "pen-rules.h"

static const char * const queries_en[] = {
  "threat", "mortal wound", "how do I get a spark mark", "bazaar exchange rate", "rift",
  "vigilance chains", "potion", "reserve a contract with blood", "pla", "end of the game",
  "thrat", "vigilence", "armour", "uncancelable threat", "угроза",
};
static const char * const queries_ru[] = {
  "угроза", "смертельное ранение", "как получить метку искры", "курс обмена на базаре",
  "разлома", "бдительность цепочки", "зелья", "зарезервировать контракт кровью", "угро",
  "конец игры", "угрза", "когда заканчивается игра", "yгрoза", "threat",
};

/* Instructions this thread retires, or -1 where the kernel does not let us count them. */
static int
open_counter (void)
{
  struct perf_event_attr attr;

  memset (&attr, 0, sizeof attr);
  attr.type = PERF_TYPE_HARDWARE;
  attr.size = sizeof attr;
  attr.config = PERF_COUNT_HW_INSTRUCTIONS;
  attr.disabled = 1;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  return (int) syscall (SYS_perf_event_open, &attr, 0, -1, -1, 0);
}

static long long
read_counter (int fd)
{
  long long value = 0;

  if (fd < 0 || read (fd, &value, sizeof value) != sizeof value)
    return -1;
  return value;
}

static int
compare_times (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static void
bench_typing (const char          *lang,
              const char * const  *queries,
              guint                n_queries,
              int                  counter)
{
  g_autoptr(PenRules) rules = pen_rules_new ();
  gint64 total_us = 0, max_us = 0;
  long long total_instr = 0, max_instr = 0;
  guint keystrokes = 0;
  const char *slowest = NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));

  /* the index loaded, as when the page is open: both languages, as a word of the other one
   * is looked up there */
  if (!pen_rules_load (rules, "en", NULL) || !pen_rules_load (rules, "ru", NULL))
    {
      fprintf (stderr, "the rules reference cannot be read\n");
      exit (1);
    }

  for (guint q = 0; q < n_queries; q++)
    for (const char *end = g_utf8_next_char (queries[q]); ; end = g_utf8_next_char (end))
      {
        g_autofree char *typed = g_strndup (queries[q], end - queries[q]);
        g_autoptr(GPtrArray) results = NULL;
        long long i0, i1;
        gint64 t0, t1;

        if (counter >= 0)
          {
            ioctl (counter, PERF_EVENT_IOC_RESET, 0);
            ioctl (counter, PERF_EVENT_IOC_ENABLE, 0);
          }
        i0 = read_counter (counter);
        t0 = g_get_monotonic_time ();
        results = pen_rules_search (rules, typed, lang, 50, NULL);
        t1 = g_get_monotonic_time ();
        i1 = read_counter (counter);
        if (counter >= 0)
          ioctl (counter, PERF_EVENT_IOC_DISABLE, 0);

        keystrokes++;
        total_us += t1 - t0;
        g_array_append_val (times, (gint64) { t1 - t0 });
        if (t1 - t0 > max_us)
          {
            max_us = t1 - t0;
            slowest = queries[q];
          }
        if (i0 >= 0 && i1 >= 0)
          {
            total_instr += i1 - i0;
            max_instr = MAX (max_instr, i1 - i0);
          }
        if (*end == '\0')
          break;
      }

  g_array_sort (times, compare_times);
  printf ("%s typing: %u keystrokes, %.3f ms mean, %.3f median, %.3f at the 95th percentile, "
          "%.3f slowest (in \"%s\")", lang, keystrokes, total_us / 1000.0 / keystrokes,
          g_array_index (times, gint64, keystrokes / 2) / 1000.0,
          g_array_index (times, gint64, keystrokes * 95 / 100) / 1000.0, max_us / 1000.0,
          slowest);
  if (counter >= 0 && total_instr > 0)
    printf ("; %.0f instructions mean, %lld slowest", (double) total_instr / keystrokes,
            max_instr);
  else
    printf ("; instructions not countable here");
  printf ("\n");
}

int
main (int   argc,
      char *argv[])
{
  gboolean typing_only = argc > 1 && g_str_equal (argv[1], "typing");
  guint repeat = argc > 1 && !typing_only ? (guint) strtoul (argv[1], NULL, 10) : 200;
  int counter = open_counter ();

  for (guint l = 0; l < 2; l++)
    {
      const char *lang = l == 0 ? "en" : "ru";
      const char * const *queries = l == 0 ? queries_en : queries_ru;
      guint n_queries = l == 0 ? G_N_ELEMENTS (queries_en) : G_N_ELEMENTS (queries_ru);
      g_autoptr(PenRules) rules = pen_rules_new ();
      g_autoptr(GError) error = NULL;
      gint64 t0, t1, t2;
      guint hits = 0;

      if (typing_only)
        {
          bench_typing (lang, queries, n_queries, counter);
          continue;
        }
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
      bench_typing (lang, queries, n_queries, counter);
    }

  if (counter >= 0)
    close (counter);
  return 0;
}
