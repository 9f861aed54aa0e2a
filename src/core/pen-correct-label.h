/* pen-correct-label.h: what a "correct" step did, in words, for the History list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pen-table.h"

G_BEGIN_DECLS

/* The History label of the correction setting target (a snapshot path, as "correct" takes it)
 * to value, read against table before the correction: names, never the path or an id, e.g.
 * "Lost Hut put in Guild cell 1" for contract_row[0].id = "lost-hut". Translated. */
char *pen_correct_label (PenTable   *table,
                         const char *target,
                         JsonNode   *value);

G_END_DECLS
