/* pen-place-dialog.h: placing a die in a location, its section's effect in the same step
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-action.h"
#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_PLACE_DIALOG (pen_place_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PenPlaceDialog, pen_place_dialog, PEN, PLACE_DIALOG, AdwMessageDialog)

/* Offers the sections the wizard's supply die index may go to now (pen_locations_list_open),
 * none chosen; for the one chosen, asks what the table must say for its effect (the gained
 * die's or the Threat die's face, which in physical play the table rolls; the Guild
 * Contract; the Class card; the Bazaar exchange; what is bought at the Brewery and the Shop,
 * and paid when the catalogue does not know the cost; what each Resource die gave). "Place"
 * emits "submit" with one place action. Once it is applied, what the table could not see is
 * said in a message of its own ("report" emitted with it): the Threat die the app rolled in
 * the Ruins, a Mortal Wound ("Mortal Wound: the turn ends"). NULL with error for a die that is not in the supply. */
PenPlaceDialog *pen_place_dialog_new          (GtkWindow   *parent,
                                               PenGame     *game,
                                               guint        wizard,
                                               guint        index,
                                               GError     **error);
/* The sections offered, as "LOCATION/SECTION" (transfer none) */
const char * const *pen_place_dialog_get_sections (PenPlaceDialog *self);
/* Picks section i (what its check button does) */
GtkCheckButton *pen_place_dialog_get_section_button (PenPlaceDialog *self,
                                                     guint           i);
/* The effect's drop-down: "value", "threat", "slot", "card", "resource-N", "give-fruit",
 * "buy-0", "pay-0-jewel" … (pen_place_form_get_key); NULL when the chosen section does not
 * ask for it */
GtkDropDown    *pen_place_dialog_get_picker   (PenPlaceDialog *self,
                                               const char     *key);
/* "Name This Contract…", shown while the chosen Contract's task is not known (the Guild) */
GtkWidget      *pen_place_dialog_get_name_contract (PenPlaceDialog *self);
/* "Type the Resource Die's Faces…", shown in app-dealt play while a Resource die is rolled
 * and its faces are not typed in */
GtkWidget      *pen_place_dialog_get_resource_faces (PenPlaceDialog *self);
/* Bribe: refreshes the chosen place's market (Brewery, Shop, a Class) for a Jewel */
GtkWidget      *pen_place_dialog_get_bribe        (PenPlaceDialog *self);
/* The chosen Contract's task, cost and reward (the Guild), hidden while there is none */
GtkLabel       *pen_place_dialog_get_note_label    (PenPlaceDialog *self);
/* Why Place is not possible with these answers (hidden when nothing is wrong) */
GtkLabel       *pen_place_dialog_get_problem_label (PenPlaceDialog *self);

G_END_DECLS
