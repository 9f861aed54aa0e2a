/* pen-date.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-date.h"

/* the month after a day number: Russian needs its genitive ("2 декабря") */
static const char *
month_after_day (int month)
{
  static const char * const names[] = {
    NC_("month after a day number", "January"), NC_("month after a day number", "February"),
    NC_("month after a day number", "March"), NC_("month after a day number", "April"),
    NC_("month after a day number", "May"), NC_("month after a day number", "June"),
    NC_("month after a day number", "July"), NC_("month after a day number", "August"),
    NC_("month after a day number", "September"), NC_("month after a day number", "October"),
    NC_("month after a day number", "November"), NC_("month after a day number", "December"),
  };

  g_return_val_if_fail (month >= 1 && month <= 12, "");
  return g_dpgettext2 (GETTEXT_PACKAGE, "month after a day number", names[month - 1]);
}

char *
pen_date_format_relative (GDateTime *when,
                          GDateTime *now)
{
  g_autoptr(GDateTime) local = NULL;
  g_autoptr(GDateTime) current = NULL;
  g_autoptr(GDateTime) today = NULL;
  g_autoptr(GDateTime) yesterday = NULL;
  g_autofree char *hour = NULL;
  int y, m, d;

  g_return_val_if_fail (when != NULL, NULL);

  local = g_date_time_to_local (when);
  current = now != NULL ? g_date_time_to_local (now) : g_date_time_new_now_local ();
  g_date_time_get_ymd (current, &y, &m, &d);
  today = g_date_time_new_local (y, m, d, 0, 0, 0);
  yesterday = g_date_time_add_days (today, -1);
  hour = g_date_time_format (local, "%H:%M");
  g_date_time_get_ymd (local, &y, &m, &d);

  /* a date after now (a clock put back) is said in full, not as "today" */
  if (g_date_time_compare (local, today) >= 0 && g_date_time_compare (local, current) <= 0)
    /* TRANSLATORS: a time of day, "08:17" */
    return g_strdup_printf (_("Today %s"), hour);
  if (g_date_time_compare (local, yesterday) >= 0 && g_date_time_compare (local, today) < 0)
    /* TRANSLATORS: a time of day, "21:40" */
    return g_strdup_printf (_("Yesterday %s"), hour);
  if (y == g_date_time_get_year (current) && g_date_time_compare (local, current) <= 0)
    /* TRANSLATORS: a day and its month, "2 December" */
    return g_strdup_printf (C_("date", "%d %s"), d, month_after_day (m));
  /* TRANSLATORS: a day, its month and the year, "2 December 2025" */
  return g_strdup_printf (C_("date", "%d %s %d"), d, month_after_day (m), y);
}
