/* pen-steady-bin.h: a bin that always draws a node, whether its child is shown or not
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_STEADY_BIN (pen_steady_bin_get_type ())

G_DECLARE_FINAL_TYPE (PenSteadyBin, pen_steady_bin, PEN, STEADY_BIN, AdwBin)

GtkWidget *pen_steady_bin_new (void);

G_END_DECLS
