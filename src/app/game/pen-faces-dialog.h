/* pen-faces-dialog.h: physical play, the faces the table rolled
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-action.h"
#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_FACES_DIALOG (pen_faces_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PenFacesDialog, pen_faces_dialog, PEN, FACES_DIALOG, AdwMessageDialog)

/* Whether error says the table must give the faces of its dice (PEN_ERROR_NEEDS_FACES) */
gboolean        pen_faces_dialog_needs_faces (const GError *error);

/* Asks the face of every die action rolls on the game's table (pen_action_list_rolls), one
 * drop-down each with nothing chosen; "Done" is enabled once every face is given and emits
 * "submit" with a copy of the action carrying the faces. NULL with error when the action is
 * refused for another reason. */
PenFacesDialog *pen_faces_dialog_new         (GtkWindow  *parent,
                                              PenGame    *game,
                                              PenAction  *action,
                                              GError    **error);
/* App-dealt play: a "Withstand Threat" task's roll ("Withstand the Threat"): its odds, the
 * Yellow dice DEFEND may discard first (none chosen), "Roll and Pass" (a Trial) or "Roll and
 * Fulfil" (a Contract) emits "submit" with a copy of the action naming them ("defend"); NULL
 * when the action rolls no such task */
PenFacesDialog *pen_faces_dialog_new_withstand_roll (GtkWindow *parent,
                                                     PenGame   *game,
                                                     PenAction *action);
/* The dice asked (a Withstand task's: those DEFEND leaves) */
guint           pen_faces_dialog_get_n_dice  (PenFacesDialog *self);
/* A Withstand task's DEFEND: item 0 none, item k the first k Yellow dice; NULL when the wizard
 * has no Yellow die */
GtkDropDown    *pen_faces_dialog_get_defend  (PenFacesDialog *self);
/* The drop-down of die i (item 0 is "not said", then 1 … 6) */
GtkDropDown    *pen_faces_dialog_get_picker  (PenFacesDialog *self,
                                              guint           i);

G_END_DECLS
