/* pen-setup-player-talents.h: one player's Talent, starting discipline and turn-order number
 *
 * A group of the Talents step. App-dealt: the two dealt Talents, one kept by a radio button.
 * Physical: a list of the catalogue's Talents and "another Talent". The starting discipline is
 * fixed when the catalogue knows the Talent's, otherwise chosen; the turn-order number can be
 * typed when the catalogue lacks it. Every answer goes to the draft; the rows follow the
 * draft's "answers-changed".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-setup-draft.h"

G_BEGIN_DECLS

#define PEN_TYPE_SETUP_PLAYER_TALENTS (pen_setup_player_talents_get_type ())
G_DECLARE_FINAL_TYPE (PenSetupPlayerTalents, pen_setup_player_talents, PEN,
                      SETUP_PLAYER_TALENTS, AdwPreferencesGroup)

/* Shows player (0-based, in the order typed) of draft; rebuilt from the draft's answers */
void pen_setup_player_talents_show (PenSetupPlayerTalents *self,
                                    PenSetupDraft         *draft,
                                    guint                  player);

G_END_DECLS
