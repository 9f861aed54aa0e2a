/* pen-symbol-picker.h: the experience symbols printed on a card, one toggle each
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_TYPE_SYMBOL_PICKER (pen_symbol_picker_get_type ())
G_DECLARE_FINAL_TYPE (PenSymbolPicker, pen_symbol_picker, PEN, SYMBOL_PICKER, AdwBin)

GtkToggleButton *pen_symbol_picker_get_toggle (PenSymbolPicker *self,
                                               PenSymbol        symbol);
/* Whether any symbol is on */
gboolean         pen_symbol_picker_get_any    (PenSymbolPicker *self);

G_END_DECLS
