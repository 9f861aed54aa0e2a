/* pen-table-submit.h: submitting an action at the table, where the table may have to answer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-action.h"
#include "pen-game.h"

G_BEGIN_DECLS

/* Told of a refusal nobody at the table can answer (a bad value, a missing card): the window
 * shows error->message, in the user's words (pen_table_error_text ()) */
typedef void (*PenTableSubmitReport) (gpointer      data,
                                      const GError *error);

/* Submits action to game. When the rules refuse it, shows PenOverrideDialog ("Do it anyway"
 * submits it again as an override); when the table rolls dice for it (physical play), shows
 * PenFacesDialog and submits it with the faces. Answers are submitted the same way, so an
 * override that then needs faces asks for them too. Any other refusal goes to report.
 * Returns TRUE when the action was applied now. */
gboolean pen_table_submit (GtkWindow            *parent,
                           PenGame              *game,
                           PenAction            *action,
                           PenTableSubmitReport  report,
                           gpointer              data);

/* What to tell the table of an error the core gave. The core's messages are English by design
 * (the log, the CLI, "$.withstand: …"), so the app says what happened in the user's language;
 * the core's message goes to the debug log. A GLib or GIO error (a file that cannot be
 * written) is already in the user's words and is returned as it is. Play finding B3. */
char *pen_table_error_text (const GError *error);

G_END_DECLS
