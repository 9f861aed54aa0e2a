/* pen-die.h: A die in a wizard's supply or placed in a location.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_TYPE_DIE (pen_die_get_type ())
G_DECLARE_FINAL_TYPE (PenDie, pen_die, PEN, DIE, GObject)

PenDie *pen_die_new (PenColor      color,
                                  guint         value,
                                  gboolean      temporary);
PenColor pen_die_get_color (PenDie *self);
void pen_die_set_color (PenDie *self, PenColor color);
guint pen_die_get_value (PenDie *self);
void pen_die_set_value (PenDie *self, guint value);
gboolean pen_die_get_temporary (PenDie *self);
void pen_die_set_temporary (PenDie *self, gboolean temporary);
/* A die placed by the place action knows where: "LOCATION/SECTION" or "LOCATION/SECTION/CELL"
 * ("ruby-class/mark/2", "forest/resource"); NULL for a die placed without a location. */
const char *pen_die_get_location (PenDie *self);
void pen_die_set_location (PenDie *self, const char *location);

G_END_DECLS
