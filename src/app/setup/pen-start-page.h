/* pen-start-page.h: resume, start a new game, or open a saved one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-setup-assistant.h"

G_BEGIN_DECLS

#define PEN_TYPE_START_PAGE (pen_start_page_get_type ())
G_DECLARE_FINAL_TYPE (PenStartPage, pen_start_page, PEN, START_PAGE, AdwBin)

/* Lists the saved games again; each is then read (when the page shows) to list a damaged one
 * as damaged, with its cause, and to offer Resume for the newest readable one only */
void   pen_start_page_refresh         (PenStartPage *self);
/* Reads every listed save now, instead of in the background */
void   pen_start_page_check_saves     (PenStartPage *self);
void   pen_start_page_focus_new_game  (PenStartPage *self);
/* The draft of the new game the form describes (players, seed, mode, deck, cell values) */
PenSetupDraft *pen_start_page_build_draft (PenStartPage *self,
                                           guint64       seed);

/* Opens the setup assistant on the form's players and options (what "Start the Game" does);
 * finishing it emits "new-game" with the assistant's draft, complete */
PenSetupAssistant *pen_start_page_open_setup  (PenStartPage *self);

G_END_DECLS
