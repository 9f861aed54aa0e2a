/* pen-card-name-dialog.h: the table says what a face-up card is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-action.h"
#include "pen-game.h"
#include "pen-printed-task.h"

G_BEGIN_DECLS

#define PEN_TYPE_CARD_NAME_DIALOG (pen_card_name_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PenCardNameDialog, pen_card_name_dialog, PEN, CARD_NAME_DIALOG,
                      AdwMessageDialog)

/* Asks what card is: for a placeholder ("contract#12") its name, picked from the catalogue's
 * cards of that type that no other place on the table holds, or typed; and the numbers printed
 * on it that the catalogue does not know (difficulty, Threat, points, Light, Darkness,
 * symbols: whichever its type has; a Contract's task and reward). Nothing is prefilled.
 * "Name" emits "submit" with a card-identify action; the core remembers the answers in the
 * user catalogue. */
PenCardNameDialog *pen_card_name_dialog_new      (GtkWindow   *parent,
                                                  PenGame     *game,
                                                  const char  *card);

/* Presents the sheet (from the main loop) once no other sheet is open over the table
 * (another naming sheet, a refusal's "Do It Anyway"): the sheets the app opens by itself come
 * one at a time, in the order asked, first ones (a number the step needs now) before the
 * others (a card just turned up) (play finding Z8). */
void               pen_card_name_dialog_present_queued (PenCardNameDialog *self,
                                                        gboolean           first);

/* The card asked about ("contract#12") */
const char        *pen_card_name_dialog_get_card        (PenCardNameDialog *self);
/* The widgets, for tests and the end-of-game sheet */
GtkDropDown       *pen_card_name_dialog_get_name_picker (PenCardNameDialog *self);
/* The entry for a typed name (shown when the last item, "Another card", is picked) */
GtkEditable       *pen_card_name_dialog_get_name_entry  (PenCardNameDialog *self);
/* The entry of a number field ("difficulty", "threat", "vp", "light", "dark"), or NULL */
GtkEditable       *pen_card_name_dialog_get_field       (PenCardNameDialog *self,
                                                         const char        *field);
/* The toggle of a symbol ("society", …), or NULL */
GtkToggleButton   *pen_card_name_dialog_get_symbol      (PenCardNameDialog *self,
                                                         const char        *symbol);
/* The label saying why a rule refuses the answer (a Difficulty its stack cannot hold: "Name
 * It" then sends it for the table to do anyway, rule stack-difficulty), or NULL while none does */
GtkLabel          *pen_card_name_dialog_get_reason      (PenCardNameDialog *self);
/* A Contract's task and reward, while they are asked, or NULL */
PenPrintedTask    *pen_card_name_dialog_get_printed_task (PenCardNameDialog *self);
/* The catalogue id the name picker's item i stands for (NULL for "another card") */
const char        *pen_card_name_dialog_get_choice      (PenCardNameDialog *self,
                                                         guint              i);

G_END_DECLS
