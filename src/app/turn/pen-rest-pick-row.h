/* pen-rest-pick-row.h: the Buy option's card picker, for a market the table did not record:
 * a note, the cards to choose from and a Buy… button; "chosen" with the card picked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-rest-row.h"

G_BEGIN_DECLS

#define PEN_TYPE_REST_PICK_ROW (pen_rest_pick_row_get_type ())
G_DECLARE_FINAL_TYPE (PenRestPickRow, pen_rest_pick_row, PEN, REST_PICK_ROW, PenRestRow)

G_END_DECLS
