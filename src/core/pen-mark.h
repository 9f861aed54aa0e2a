/* pen-mark.h: A mark token in one cell of a wizard board.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_TYPE_MARK (pen_mark_get_type ())
G_DECLARE_FINAL_TYPE (PenMark, pen_mark, PEN, MARK, GObject)

PenMark *pen_mark_new (PenMarkKind   kind,
                                  PenMarkState  state,
                                  guint         cell,
                                  guint         value);
PenMarkKind pen_mark_get_kind (PenMark *self);
void pen_mark_set_kind (PenMark *self, PenMarkKind kind);
PenMarkState pen_mark_get_state (PenMark *self);
void pen_mark_set_state (PenMark *self, PenMarkState state);
guint pen_mark_get_cell (PenMark *self);
void pen_mark_set_cell (PenMark *self, guint cell);
guint pen_mark_get_value (PenMark *self);
void pen_mark_set_value (PenMark *self, guint value);

G_END_DECLS
