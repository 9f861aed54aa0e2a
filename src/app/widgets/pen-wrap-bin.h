/* pen-wrap-bin.h: a bin whose width does not depend on its height
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_WRAP_BIN (pen_wrap_bin_get_type ())

G_DECLARE_FINAL_TYPE (PenWrapBin, pen_wrap_bin, PEN, WRAP_BIN, AdwBin)

GtkWidget *pen_wrap_bin_new (void);

G_END_DECLS
