/* pen-resource-faces-dialog.h: the Resource die's six faces, typed in once
 *
 * The rulebook says the Resource die's faces show Fruits, Crystals and Jewels (Ingredients ›
 * Resource die) but does not print them. In app-dealt play the app rolls the die from the
 * faces the user types in here, once, remembered in the user's data (pen-locations.h:
 * resource-die.json). Offered where a Resource die is rolled and in Preferences.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_TYPE_RESOURCE_FACES_DIALOG (pen_resource_faces_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PenResourceFacesDialog, pen_resource_faces_dialog, PEN,
                      RESOURCE_FACES_DIALOG, AdwMessageDialog)

/* Shows the faces known (for correcting), else nothing on any face. "Save" is enabled once
 * every face shows an Ingredient; it saves them (pen_locations_set_resource_faces) and emits
 * "saved"; "Forget" (offered while they are known) forgets them and emits "saved" too. */
PenResourceFacesDialog *pen_resource_faces_dialog_new      (GtkWindow              *parent);
/* The count of ingredient (Fruits, Crystals or Jewels) on face 0-5; NULL for another kind */
GtkSpinButton          *pen_resource_faces_dialog_get_spin (PenResourceFacesDialog *self,
                                                            guint                   face,
                                                            PenIngredient           ingredient);
/* What "Save" does; FALSE with error when the faces are incomplete or not saved */
gboolean                pen_resource_faces_dialog_save     (PenResourceFacesDialog *self,
                                                            GError                **error);
/* A row's text for the faces known: "2 Fruits · 1 Jewel · …", or "Not typed in yet".
 * Transfer full. */
char                   *pen_resource_faces_dialog_describe (void);

G_END_DECLS
