/* pen-helper-buttons.h: "Face its Threat…" and "Task Helper…" for a card being attempted
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_HELPER_BUTTONS (pen_helper_buttons_get_type ())
G_DECLARE_FINAL_TYPE (PenHelperButtons, pen_helper_buttons, PEN, HELPER_BUTTONS, AdwBin)

void pen_helper_buttons_set_card (PenHelperButtons *self,
                                  guint             wizard,
                                  const char       *card);
/* A Trial (trial_row[index], or index -1 and a reserved card): "Face its Threat…" starts the
 * Trial's Threat step, whose roll attempts it (threat-helper.start-trial) */
void pen_helper_buttons_set_trial (PenHelperButtons *self,
                                   guint             wizard,
                                   int               index,
                                   const char       *card);

/* One under the other always (a popover), else side by side when they fit */
gboolean pen_helper_buttons_get_stacked (PenHelperButtons *self);
void     pen_helper_buttons_set_stacked (PenHelperButtons *self,
                                         gboolean          stacked);

G_END_DECLS
