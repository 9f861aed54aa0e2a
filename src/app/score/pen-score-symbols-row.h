/* pen-score-symbols-row.h: the experience symbols of a card the rulebook does not print
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-score-form.h"

G_BEGIN_DECLS

#define PEN_TYPE_SCORE_SYMBOLS_ROW (pen_score_symbols_row_get_type ())
G_DECLARE_FINAL_TYPE (PenScoreSymbolsRow, pen_score_symbols_row, PEN, SCORE_SYMBOLS_ROW,
                      AdwExpanderRow)

/* One counter per symbol kind, counted in form; "Save Symbols" activates score.symbols (s)
 * with the card. The save button is named "symbols-CARD", its counters "symbols-CARD-SYMBOL". */
GtkWidget *pen_score_symbols_row_new (const char   *card,
                                      const char   *title,
                                      PenScoreForm *form);

G_END_DECLS
