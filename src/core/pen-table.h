/* pen-table.h: the shared table of one game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "pen-random.h"
#include "pen-wizard.h"

G_BEGIN_DECLS

#define PEN_CONTRACT_CELLS 4
#define PEN_MORTAL_WOUND_CARDS 4
#define PEN_MARK_TOKENS 60

/* Turn kinds; PEN_TURN_NONE between turns */
typedef enum
{
  PEN_TURN_NONE,
  PEN_TURN_STUDY,
  PEN_TURN_TRIAL,
  PEN_TURN_REST,
  PEN_N_TURN_KINDS
} PenTurnKind;

typedef enum
{
  PEN_PHASE_PLAYING,
  PEN_PHASE_FINAL_ROUND,   /* a prophecy is fulfilled: everyone has one more turn */
  PEN_PHASE_ENDED,         /* scoring */
  PEN_N_PHASES
} PenPhase;

const char *pen_turn_kind_to_string   (PenTurnKind kind);
int         pen_turn_kind_from_string (const char *str);
const char *pen_turn_kind_get_label   (PenTurnKind kind);
const char *pen_phase_to_string       (PenPhase    phase);
int         pen_phase_from_string     (const char *str);

#define PEN_TYPE_TABLE (pen_table_get_type ())
G_DECLARE_FINAL_TYPE (PenTable, pen_table, PEN, TABLE, GObject)

PenTable    *pen_table_new                 (void);

GListModel  *pen_table_get_players         (PenTable    *self);
guint        pen_table_get_n_players       (PenTable    *self);
PenWizard   *pen_table_get_wizard          (PenTable    *self,
                                            guint        index);
void         pen_table_add_wizard          (PenTable    *self,
                                            PenWizard   *wizard);

/* Rows and decks, all GListModels of PenTableCard. The contract row always has four cells;
 * an empty cell has a NULL card id. Decks list their cards top first. */
GListModel  *pen_table_get_trial_row       (PenTable    *self);
GListModel  *pen_table_get_contract_row    (PenTable    *self);
GListModel  *pen_table_get_contract_deck   (PenTable    *self);
GListModel  *pen_table_get_fate_deck       (PenTable    *self);
GListModel  *pen_table_get_in_play         (PenTable    *self);  /* prophecies and goals */
GListModel  *pen_table_get_markets         (PenTable    *self);  /* zone names the market */
GListModel  *pen_table_get_placed          (PenTable    *self);  /* PenDie in locations */

guint        pen_table_get_current         (PenTable    *self);
void         pen_table_set_current         (PenTable    *self,
                                            guint        current);
guint        pen_table_get_turn            (PenTable    *self);
void         pen_table_set_turn            (PenTable    *self,
                                            guint        turn);
PenTurnKind  pen_table_get_turn_kind       (PenTable    *self);
void         pen_table_set_turn_kind       (PenTable    *self,
                                            PenTurnKind  kind);
int          pen_table_get_placements_left (PenTable    *self);
void         pen_table_set_placements_left (PenTable    *self,
                                            int          n);
gboolean     pen_table_get_trinket_used    (PenTable    *self);
void         pen_table_set_trinket_used    (PenTable    *self,
                                            gboolean     used);
PenPhase     pen_table_get_phase           (PenTable    *self);
void         pen_table_set_phase           (PenTable    *self,
                                            PenPhase     phase);
/* Turns left in the final round (meaningful in PEN_PHASE_FINAL_ROUND) */
guint        pen_table_get_final_turns     (PenTable    *self);
void         pen_table_set_final_turns     (PenTable    *self,
                                            guint        n);
const char  *pen_table_get_ended_by        (PenTable    *self);
void         pen_table_set_ended_by        (PenTable    *self,
                                            const char  *prophecy_id);
gboolean     pen_table_get_physical        (PenTable    *self);
void         pen_table_set_physical        (PenTable    *self,
                                            gboolean     physical);
guint        pen_table_get_solo_level      (PenTable    *self);
void         pen_table_set_solo_level      (PenTable    *self,
                                            guint        level);
guint64      pen_table_get_seed            (PenTable    *self);
void         pen_table_set_seed            (PenTable    *self,
                                            guint64      seed);
gboolean     pen_table_get_hide_odds       (PenTable    *self);
void         pen_table_set_hide_odds       (PenTable    *self,
                                            gboolean     hide);

/* The die face printed under each of the 11 mark cells, 0 where unknown (placeholder) */
guint        pen_table_get_cell_value      (PenTable    *self,
                                            guint        cell);
void         pen_table_set_cell_value      (PenTable    *self,
                                            guint        cell,
                                            guint        value);

/* The game's random generator: part of the table, so a snapshot carries it. */
PenRandom   *pen_table_get_random          (PenTable    *self);

/* Helpers on the lists */
void         pen_table_list_append         (GListModel  *list,
                                            const char  *card_id,
                                            const char  *zone);
char        *pen_table_list_take           (GListModel  *list,
                                            guint        index);
guint        pen_table_count_mortal_wounds (PenTable    *self);
guint        pen_table_count_marks         (PenTable    *self);

JsonNode    *pen_table_to_json             (PenTable    *self);
/* The same document as compact JSON text, written fast: what undo keeps of each step */
char        *pen_table_snapshot            (PenTable    *self);
gboolean     pen_table_load_snapshot       (PenTable    *self,
                                            const char  *snapshot,
                                            GError     **error);
/* Restores a to_json snapshot in place, notifying only what changed. On error, nothing
 * changed. */
gboolean     pen_table_load_json           (PenTable    *self,
                                            JsonNode    *node,
                                            GError     **error);

G_END_DECLS
