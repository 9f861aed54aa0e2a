/* pen-recount.h: "Check the table", a guided recount of the physical table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-section.h"

G_BEGIN_DECLS

GtkWindow *pen_recount_open (PenSection *page,
                             PenTable   *table);

G_END_DECLS
