/* pen-table-page.h: the Table page — the turn, the rows, the Fate deck — and "Check the table"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-section.h"

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_TABLE_PAGE (pen_table_page_get_type ())
G_DECLARE_FINAL_TYPE (PenTablePage, pen_table_page, PEN, TABLE_PAGE, PenSection)

/* Starts the guided recount that compares the app with the physical table */
void        pen_table_page_check_table        (PenTablePage *self);
/* The recount window while it is open, else NULL (for tests) */
GtkWindow  *pen_table_page_get_recount_window (PenTablePage *self);

/* The turn controls, as the buttons use them: each submits one action */
void        pen_table_page_start_turn         (PenTablePage *self,
                                               PenTurnKind   kind);
void        pen_table_page_end_turn           (PenTablePage *self);

/* The turn banner's title ("Ann’s turn — Study") */
const char *pen_table_page_get_turn_text      (PenTablePage *self);
/* "Fate: Aranea — a Trial, add it to the row" after a reveal, else NULL */
const char *pen_table_page_get_news_text      (PenTablePage *self);

/* Opens the "Begin this Trial" form for trial_row[index] (index >= 0) or the current wizard's
 * reserved trial card; its "begin" response submits trial-begin with the Properties set in
 * it. Its rows are named "form-rift", "form-vigilance" (spin buttons), "form-shield",
 * "form-trap", "form-suppress_crystals", … (switches), "form-shield-task" (an entry row).
 * Transfer none. */
AdwMessageDialog *pen_table_page_open_begin_form (PenTablePage *self,
                                                  int           index,
                                                  const char   *card);

G_END_DECLS
