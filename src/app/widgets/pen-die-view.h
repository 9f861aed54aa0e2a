/* pen-die-view.h: a die drawn with its pips, its colour and a letter for the colour
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_TYPE_DIE_VIEW (pen_die_view_get_type ())
G_DECLARE_FINAL_TYPE (PenDieView, pen_die_view, PEN, DIE_VIEW, GtkWidget)

GtkWidget *pen_die_view_new        (void);
void       pen_die_view_set_die    (PenDieView *self,
                                    PenColor    color,
                                    guint       value,
                                    gboolean    temporary);
/* "Red die showing 5" (translated) */
char      *pen_die_view_describe   (PenColor    color,
                                    guint       value,
                                    gboolean    temporary);

G_END_DECLS
