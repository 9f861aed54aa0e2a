/* pen-action.h: one change to a game, the single door into the model
 *
 * An action is a type ("die-gain") and its parameters, as one flat JSON object:
 *   {"action": "die-gain", "wizard": 0, "color": "red"}
 * Applying it validates the parameters against the table (unknown keys, ranges, ids, what the
 * rules allow now) and changes the table. Reverting restores the snapshot taken just before:
 * exact, including the random generator, so a redo never re-rolls.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pen-table.h"

G_BEGIN_DECLS

#define PEN_TYPE_ACTION (pen_action_get_type ())
G_DECLARE_FINAL_TYPE (PenAction, pen_action, PEN, ACTION, GObject)

/* Parses and checks the shape of an action (type known, keys known, values well-typed).
 * path names the action in messages, e.g. "line 3" or "$". */
PenAction   *pen_action_new_from_json  (JsonNode    *node,
                                        const char  *path,
                                        GError     **error);
/* Convenience: an action from its type and a JSON object text of the other members */
PenAction   *pen_action_new            (const char  *type,
                                        const char  *params_json,
                                        GError     **error);

const char  *pen_action_get_kind       (PenAction   *self);
JsonObject  *pen_action_get_params     (PenAction   *self);
/* The one-line, translated description for the history ("Ann gains a Red die (5)") */
const char  *pen_action_get_label      (PenAction   *self);
gboolean     pen_action_get_applied    (PenAction   *self);
JsonNode    *pen_action_to_json        (PenAction   *self);

/* Applies to table: on failure the table is unchanged. */
gboolean     pen_action_apply          (PenAction   *self,
                                        PenTable    *table,
                                        GError     **error);
/* Restores the table as it was before the last apply. */
void         pen_action_revert         (PenAction   *self,
                                        PenTable    *table);

/* The override (pen-rule.h): an action with "override": true applies even where the rules
 * refuse it; the log keeps the flag. Set it before submitting. get_overrides: after a
 * successful apply, the rules it overruled (GArray of guint PenRule, transfer none; empty when
 * none), or NULL when not applied. */
gboolean     pen_action_get_override   (PenAction   *self);
void         pen_action_set_override   (PenAction   *self,
                                        gboolean     override);
GArray      *pen_action_get_overrides  (PenAction   *self);
/* The faces the table rolled, one per die the action rolls, in order ("faces": [..]);
 * n_faces 0 removes them. Set before submitting. */
void         pen_action_set_faces      (PenAction   *self,
                                        const guint *faces,
                                        guint        n_faces);
/* Whether the action would apply on table now, without changing it (the dice it rolls are
 * not asked for): FALSE with the error it would be refused with, e.g. a PEN_RULE_ERROR, so
 * the app can offer "Do it anyway" before the table taps. */
gboolean     pen_action_check          (PenAction   *self,
                                        PenTable    *table,
                                        GError     **error);
/* The dice the action would roll on table, in order (GArray of guint PenColor, transfer full;
 * Threat dice are not among them: the threat action's "dice" are its faces), without changing
 * the table: what to ask the table for in physical mode. NULL with error when the action is
 * refused for another reason. */
GArray      *pen_action_list_rolls     (PenAction   *self,
                                        PenTable    *table,
                                        GError     **error);

/* Every action type, for tests and documentation */
const char * const *pen_action_list_kinds (void);

G_END_DECLS
