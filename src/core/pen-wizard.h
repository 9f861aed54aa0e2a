/* pen-wizard.h: one wizard's board and personal play area
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "pen-die.h"
#include "pen-mark.h"
#include "pen-table-card.h"
#include "pen-types.h"

G_BEGIN_DECLS

/* The solo Rival's name in every game, whatever the interface language */
#define PEN_WIZARD_RIVAL_NAME "Rival"

/* Zones of a wizard's play area for a card instance (PenTableCard:zone) */
#define PEN_ZONE_GRIMOIRE   "grimoire"
#define PEN_ZONE_INVENTORY  "inventory"
#define PEN_ZONE_EXPERIENCE "experience"
#define PEN_ZONE_EQUIPMENT  "equipment"
#define PEN_ZONE_RESERVED   "reserved"
#define PEN_ZONE_TALENT     "talent"

#define PEN_TYPE_WIZARD (pen_wizard_get_type ())
G_DECLARE_FINAL_TYPE (PenWizard, pen_wizard, PEN, WIZARD, GObject)

PenWizard  *pen_wizard_new                  (const char    *name);

/* The name in the game (log, snapshot): never translated */
const char *pen_wizard_get_name             (PenWizard     *self);
/* The name to show: the Rival's in the interface language, the players' as they are */
const char *pen_wizard_get_display_name     (PenWizard     *self);
void        pen_wizard_set_name             (PenWizard     *self,
                                             const char    *name);
gboolean    pen_wizard_get_rival            (PenWizard     *self);
void        pen_wizard_set_rival            (PenWizard     *self,
                                             gboolean       rival);
guint       pen_wizard_get_ingredient       (PenWizard     *self,
                                             PenIngredient  ingredient);
void        pen_wizard_set_ingredient       (PenWizard     *self,
                                             PenIngredient  ingredient,
                                             guint          count);
guint       pen_wizard_get_light            (PenWizard     *self);
void        pen_wizard_set_light            (PenWizard     *self,
                                             guint          light);
guint       pen_wizard_get_dark             (PenWizard     *self);
void        pen_wizard_set_dark             (PenWizard     *self,
                                             guint          dark);
guint       pen_wizard_get_mortal_wounds    (PenWizard     *self);
void        pen_wizard_set_mortal_wounds    (PenWizard     *self,
                                             guint          count);
gboolean    pen_wizard_get_mortal_wound_this_turn (PenWizard *self);
void        pen_wizard_set_mortal_wound_this_turn (PenWizard *self,
                                                   gboolean   value);
gboolean    pen_wizard_get_must_rest        (PenWizard     *self);
void        pen_wizard_set_must_rest        (PenWizard     *self,
                                             gboolean       value);

/* GListModel of PenDie, PenMark (in cell order) and PenTableCard */
GListModel *pen_wizard_get_supply           (PenWizard     *self);
GListModel *pen_wizard_get_marks            (PenWizard     *self);
GListModel *pen_wizard_get_cards            (PenWizard     *self);

PenDie     *pen_wizard_get_die              (PenWizard     *self,
                                             guint          index);
void        pen_wizard_add_die              (PenWizard     *self,
                                             PenDie        *die);
void        pen_wizard_remove_die           (PenWizard     *self,
                                             guint          index);
/* The mark in cell, or NULL when that cell is empty */
PenMark    *pen_wizard_get_mark_in_cell     (PenWizard     *self,
                                             guint          cell);
/* First free discipline (or spark) cell, or -1 when the row is full */
int         pen_wizard_first_free_cell      (PenWizard     *self,
                                             gboolean       spark);
void        pen_wizard_add_mark             (PenWizard     *self,
                                             PenMark       *mark);
guint       pen_wizard_count_marks          (PenWizard     *self,
                                             PenMarkKind    kind);
void        pen_wizard_add_card             (PenWizard     *self,
                                             PenTableCard  *card);
void        pen_wizard_remove_card          (PenWizard     *self,
                                             guint          index);
int         pen_wizard_find_card            (PenWizard     *self,
                                             const char    *card_id);

/* Points entered by hand for a Goal whose condition the rulebook does not state (the action
 * "goal-vp"). The snapshot keeps them as "goal_vp": {"mastery": 4}. */
#define PEN_GOAL_VP_MIN 0
#define PEN_GOAL_VP_MAX 99
gboolean    pen_wizard_get_goal_vp          (PenWizard     *self,
                                             const char    *goal,
                                             int           *vp);
void        pen_wizard_set_goal_vp          (PenWizard     *self,
                                             const char    *goal,
                                             int            vp);
void        pen_wizard_clear_goal_vp        (PenWizard     *self,
                                             const char    *goal);
/* Goal id → GINT_TO_POINTER (points); transfer none */
GHashTable *pen_wizard_get_goal_vps         (PenWizard     *self);

/* The spec's WIZARD object (plain board) and back. */
PenBoard   *pen_wizard_to_board             (PenWizard     *self);
void        pen_wizard_apply_board          (PenWizard     *self,
                                             const PenBoard *board);

/* Snapshot of everything, for saves and undo. load_json updates in place and notifies only
 * what changed, so bound views stay put. The node must come from to_json. */
JsonNode   *pen_wizard_to_json              (PenWizard     *self);
/* The same document as compact JSON text, appended to out (fast: no JsonBuilder) */
void        pen_wizard_write_snapshot       (PenWizard     *self,
                                             GString       *out);
gboolean    pen_wizard_load_json            (PenWizard     *self,
                                             JsonNode      *node,
                                             const char    *path,
                                             GError       **error);

/* The translated name of a play-area zone (PEN_ZONE_*), NULL for another */
const char  *pen_zone_get_label (const char *zone);

G_END_DECLS
