/* pen-width-bin.h: a bin whose width does not depend on its height
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_WIDTH_BIN (pen_width_bin_get_type ())

G_DECLARE_DERIVABLE_TYPE (PenWidthBin, pen_width_bin, PEN, WIDTH_BIN, AdwBin)

/* Derivable: a PenSection is one too, laid out the same way */
struct _PenWidthBinClass
{
  AdwBinClass parent_class;
};

GtkWidget *pen_width_bin_new (void);

G_END_DECLS
