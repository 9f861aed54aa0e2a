/* pen-draw-picker.h: physical play, the card the table drew
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-box.h"
#include "pen-section.h"

G_BEGIN_DECLS

#define PEN_TYPE_DRAW_PICKER (pen_draw_picker_get_type ())
G_DECLARE_FINAL_TYPE (PenDrawPicker, pen_draw_picker, PEN, DRAW_PICKER, PenSection)

/* A drop-down of exactly the cards the draw can still give (pen_draw_candidates), sorted by
 * name, with nothing chosen first, and last "Another card: name it" (a fresh placeholder,
 * pen_draw_another, for the table to name once revealed). "card" is the id chosen (NULL while
 * none is); it follows the game: a card no longer possible is unchosen. */
GtkWidget   *pen_draw_picker_new          (PenDraw        draw,
                                           PenCardType    another_type);
const char  *pen_draw_picker_get_card     (PenDrawPicker *self);
GtkDropDown *pen_draw_picker_get_drop_down (PenDrawPicker *self);
/* The card item i stands for (item 0: none; the last: another) */
const char  *pen_draw_picker_get_item     (PenDrawPicker *self,
                                           guint          i);

G_END_DECLS
