/* pen-board-layout.h: the printed cells of the Wizard board
 *
 * The Mastery row has 8 Discipline cells and 3 Spark cells. Each cell prints an Arcana cost,
 * the die face under it that Threat dice hit, the Rest effect above it, its Mark effect and
 * sometimes victory points. The rulebook prints none of these numbers, so data/board.json
 * holds placeholders (unknown) until the user types in what their board shows; the answers are
 * remembered in $XDG_DATA_HOME/penumbra-companion/board.json:
 *
 *   {"format": 1, "cells": [{"index": 0, "value": 2, "arcana_cost": 0}, …]}
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_TYPE_BOARD_LAYOUT (pen_board_layout_get_type ())
G_DECLARE_FINAL_TYPE (PenBoardLayout, pen_board_layout, PEN, BOARD_LAYOUT, GObject)

/* Loaded on first use, with the user file of the user data directory. Transfer none. */
PenBoardLayout *pen_board_layout_get_default   (void);
/* user_file NULL: the built-in placeholders only, nothing is saved. A user file that cannot
 * be read is reported by pen_board_layout_get_user_error() and moved aside to FILE.corrupt
 * before the first save. */
PenBoardLayout *pen_board_layout_new           (const char      *user_file);
char           *pen_board_layout_get_default_user_file (void);
const GError   *pen_board_layout_get_user_error (PenBoardLayout *layout);

/* PEN_MARK_CELLS; cells 0–7 take Discipline Marks, 8–10 Spark Marks */
guint        pen_board_layout_get_n_cells      (PenBoardLayout  *layout);
gboolean     pen_board_layout_is_spark_cell    (PenBoardLayout  *layout,
                                                guint            cell);
/* The die face under the cell (1–6), or -1 while unknown */
int          pen_board_layout_get_value        (PenBoardLayout  *layout,
                                                guint            cell);
int          pen_board_layout_get_arcana_cost  (PenBoardLayout  *layout,
                                                guint            cell);
int          pen_board_layout_get_vp           (PenBoardLayout  *layout,
                                                guint            cell);
/* "gain-colored-die", "gain-spark-die", "none", or NULL while unknown */
const char  *pen_board_layout_get_rest_effect  (PenBoardLayout  *layout,
                                                guint            cell);
/* "set", "cast-spell", "recolor-bone" (discipline), "unexhaust" (spark), "none", or NULL */
const char  *pen_board_layout_get_mark_effect  (PenBoardLayout  *layout,
                                                guint            cell);

/* field: "value", "arcana_cost", "vp", "rest_effect", "mark_effect"; NULL asks whether any
 * field of the cell is still a placeholder. TRUE while the value is not known. */
gboolean     pen_board_layout_is_placeholder   (PenBoardLayout  *layout,
                                                guint            cell,
                                                const char      *field);
/* TRUE when the value is the user's answer */
gboolean     pen_board_layout_is_user_value    (PenBoardLayout  *layout,
                                                guint            cell,
                                                const char      *field);

/* Records the number printed on the user's board (NULL or a JSON null forgets it) and saves.
 * Emits ::changed for the cell when the value really changes. */
gboolean     pen_board_layout_set_user_value   (PenBoardLayout  *layout,
                                                guint            cell,
                                                const char      *field,
                                                JsonNode        *value,
                                                GError         **error);
/* The same with a number; forget_user_value forgets the answer (the value is unknown again) */
gboolean     pen_board_layout_set_user_int     (PenBoardLayout  *layout,
                                                guint            cell,
                                                const char      *field,
                                                gint64           value,
                                                GError         **error);
gboolean     pen_board_layout_forget_user_value (PenBoardLayout *layout,
                                                guint            cell,
                                                const char      *field,
                                                GError         **error);

/* {"cells": [{"index", "kind", "arcana_cost", "value", "rest_effect", "mark_effect", "vp",
 * "placeholder"}]} with the user's answers merged. Transfer full. */
JsonNode    *pen_board_layout_to_json          (PenBoardLayout  *layout);
gboolean     pen_board_layout_export_user      (PenBoardLayout  *layout,
                                                GFile           *file,
                                                GError         **error);
/* Validates the whole file first; on any fault nothing changes. */
gboolean     pen_board_layout_import_user      (PenBoardLayout  *layout,
                                                GFile           *file,
                                                GError         **error);

G_END_DECLS
