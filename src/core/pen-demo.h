/* pen-demo.h: the built-in sample game (penumbra-companion --demo)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-game.h"

G_BEGIN_DECLS

/* Three wizards in the middle of a game, built through ordinary actions. Not saved. */
PenGame     *pen_demo_new_game     (GError **error);
/* Its actions, one JSON object per line */
const char  *pen_demo_get_actions  (void);

G_END_DECLS
