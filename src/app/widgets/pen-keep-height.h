/* pen-keep-height.h: a bin whose height only grows while its key stays the same
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_KEEP_HEIGHT (pen_keep_height_get_type ())
G_DECLARE_FINAL_TYPE (PenKeepHeight, pen_keep_height, PEN, KEEP_HEIGHT, AdwBin)

GtkWidget  *pen_keep_height_new     (void);
/* What the kept height belongs to (a turn: "12"); a different key forgets it */
void        pen_keep_height_set_key (PenKeepHeight *self,
                                     const char    *key);
const char *pen_keep_height_get_key (PenKeepHeight *self);
/* Whether a height above 0 is kept for the key (its child showed something since) */
gboolean    pen_keep_height_get_holding (PenKeepHeight *self);

G_END_DECLS
