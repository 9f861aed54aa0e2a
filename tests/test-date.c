/* test-date.c: dates said as a person says them, in English and in Russian, under a C locale
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <glib/gi18n-lib.h>

#include "pen-date.h"

/* gettext reads LANGUAGE again only when told its catalogues changed */
extern int _nl_msg_cat_cntr;

static void
use_language (const char *lang)
{
  g_setenv ("LANGUAGE", lang, TRUE);
  ++_nl_msg_cat_cntr;
}

static char *
said (int y, int mo, int d, int h, int mi)
{
  g_autoptr(GDateTime) now = g_date_time_new_local (2026, 12, 2, 11, 4, 0);
  g_autoptr(GDateTime) when = g_date_time_new_local (y, mo, d, h, mi, 0);

  return pen_date_format_relative (when, now);
}

static void
check (const char *expected,
       int y, int mo, int d, int h, int mi)
{
  g_autofree char *text = said (y, mo, d, h, mi);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_english (void)
{
  use_language ("en");
  check ("Today 08:17", 2026, 12, 2, 8, 17);
  check ("Today 00:00", 2026, 12, 2, 0, 0);
  check ("Yesterday 23:59", 2026, 12, 1, 23, 59);
  check ("Yesterday 00:05", 2026, 12, 1, 0, 5);
  check ("30 November", 2026, 11, 30, 21, 40);
  check ("1 January", 2026, 1, 1, 9, 0);
  check ("31 December 2025", 2025, 12, 31, 22, 0);
  /* a save from later today (a clock put back) is not "today": said in full */
  check ("2 December 2026", 2026, 12, 2, 18, 0);
}

static void
test_russian (void)
{
  use_language ("ru");
  /* the translations are there: the Rival has its Russian name */
  if (g_str_equal (_("Rival"), "Rival"))
    {
      g_test_skip ("no Russian translations in the build tree");
      return;
    }
  check ("Сегодня 08:17", 2026, 12, 2, 8, 17);
  check ("Вчера 23:59", 2026, 12, 1, 23, 59);
  check ("30 ноября", 2026, 11, 30, 21, 40);
  check ("2 мая", 2026, 5, 2, 9, 0);
  check ("31 декабря 2025", 2025, 12, 31, 22, 0);
  use_language ("en");
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *podir = NULL;

  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("TZ", "UTC", TRUE);
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  podir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "po", NULL);
  bindtextdomain (GETTEXT_PACKAGE, podir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  g_test_add_func ("/penumbra/date/english", test_english);
  g_test_add_func ("/penumbra/date/russian", test_russian);
  return g_test_run ();
}
