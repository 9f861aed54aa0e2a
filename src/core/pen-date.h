/* pen-date.h: dates as a person says them ("Today 08:17", "Yesterday 21:40", "2 December")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* when, in local time, said against now (NULL: the current time): the time of day for today
 * and yesterday, the day and month within the year, with the year before that. Month names
 * come from the translations, not the C library's locale, so a Russian interface says
 * "2 декабря" under any LANG. */
char *pen_date_format_relative (GDateTime *when,
                                GDateTime *now);

G_END_DECLS
