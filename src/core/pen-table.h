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

/* The Properties a trial may have (rulebook "Properties"), as flags */
typedef enum
{
  PEN_TRIAL_RIFT               = 1 << 0,
  PEN_TRIAL_VIGILANCE          = 1 << 1,
  PEN_TRIAL_SHIELD             = 1 << 2,
  PEN_TRIAL_TRAP               = 1 << 3,
  PEN_TRIAL_SUPPRESS_CRYSTALS  = 1 << 4,
  PEN_TRIAL_SUPPRESS_POTIONS   = 1 << 5,
  PEN_TRIAL_SUPPRESS_ARTIFACTS = 1 << 6,
  PEN_TRIAL_SUPPRESS_PETS      = 1 << 7,
} PenTrialProperty;

#define PEN_N_TRIAL_PROPERTIES 8

/* "rift", "vigilance", "shield", "trap", "suppress_crystals", … (index = bit number) */
const char *pen_trial_property_to_string (PenTrialProperty property);
/* The flag for an id, or 0 for an unknown one */
PenTrialProperty pen_trial_property_from_string (const char *str);
const char *pen_trial_property_get_label (PenTrialProperty property);

/* The trial a Trial turn is attempting, from trial-begin until trial-take, trial-fail or the
 * end of the turn. Properties are in force from the moment it begins; a cancelled one stops. */
typedef struct
{
  guint             wizard;
  int               index;          /* in the trial row, or -1 for the wizard's reserved one */
  char             *card;           /* the card id */
  PenTrialProperty  properties;     /* the card's properties */
  PenTrialProperty  cancelled;      /* those cancelled since */
  guint             rift;           /* X of Rift (X) */
  guint             vigilance;      /* X of Vigilance (X) */
  guint             vigilance_used; /* wizard cards or chains used before the Threat roll */
  char             *shield_task;    /* the Shield's task as the table reads it, or NULL */
  gboolean          shield_done;    /* the Shield's task is fulfilled */
  gboolean          threat_rolled;  /* the main Threat roll is done (Rift applied) */
} PenTrial;

PenTrial   *pen_trial_copy                (const PenTrial *trial);
void        pen_trial_free                (PenTrial       *trial);
/* A property the card has and nobody has cancelled */
gboolean    pen_trial_in_force            (const PenTrial *trial,
                                           PenTrialProperty property);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenTrial, pen_trial_free)
/* Reads the object {"rift": X, "vigilance": X, "shield": "task" | true, "trap": true,
 * "suppress_crystals": true, …} strictly into trial's properties, rift, vigilance and
 * shield_task. A false member is a property the card does not have. */
gboolean    pen_trial_read_properties     (JsonNode       *node,
                                           const char     *path,
                                           PenTrial       *trial,
                                           GError        **error);

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
/* The face-down decks beside the markets, top first, when the app dealt them (zone names the
 * market: "brewery", "shop"); empty in physical play */
GListModel  *pen_table_get_market_decks    (PenTable    *self);
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
/* Dice placed in the Guild on this turn that have not fulfilled a Contract yet */
guint        pen_table_get_guild_placements (PenTable   *self);
void         pen_table_set_guild_placements (PenTable   *self,
                                             guint       n);
/* Of those, the Yellow dice (DEFEND's "place": a Yellow die placed in the Guild discards one
 * Threat die of the Contract fulfilled for it) */
guint        pen_table_get_guild_yellow    (PenTable   *self);
void         pen_table_set_guild_yellow    (PenTable   *self,
                                            guint       n);
/* Trials passed or failed on this turn (a Trial turn attempts one) */
guint        pen_table_get_trials_this_turn (PenTable   *self);
void         pen_table_set_trials_this_turn (PenTable   *self,
                                             guint       n);
/* City placements this turn not yet used for Bind (once per placement in the City) */
guint        pen_table_get_city_binds      (PenTable    *self);
void         pen_table_set_city_binds      (PenTable    *self,
                                            guint        n);
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
/* Physical mode where the table says every face it rolls ("table_rolls" of new-game): an
 * action rolling a die without its face is refused (PEN_ERROR_NEEDS_FACES). Off in games
 * started before it existed, whose logs replay with the generator's faces. */
gboolean     pen_table_get_table_rolls     (PenTable    *self);
/* The Classes laid out at set-up, bit k for PenMarkKind k (0: not known, any may be) */
guint        pen_table_get_classes         (PenTable    *self);
void         pen_table_set_classes         (PenTable    *self,
                                            guint        classes);
/* The highest number N of the unnamed Discipline cards ("discipline#N") handed out from a
 * Class market or deck so far: the next one is a fresh card, never one named already */
guint        pen_table_get_discipline_dealt (PenTable   *self);
void         pen_table_set_discipline_dealt (PenTable   *self,
                                            guint       n);
gboolean     pen_table_has_class           (PenTable    *self,
                                            PenMarkKind  discipline);
/* Reads obj's optional "classes" (an array of Class ids) into a mask */
gboolean     pen_table_read_classes        (JsonObject  *obj,
                                            const char  *path,
                                            guint       *classes,
                                            GError     **error);
void         pen_table_set_table_rolls     (PenTable    *self,
                                            gboolean     table_rolls);
/* Physical play with the rulebook's first-game deck: the table laid the Fate deck out in the
 * order the book prints, so its next card is known (set from new-game's "ready_made") */
/* Physical mode where the table says which Potion or Artifact it buys and what it turns up
 * ("table_markets" of new-game): the Brewery's and Shop's markets start as unknown cards */
gboolean     pen_table_get_table_markets   (PenTable    *self);
void         pen_table_set_table_markets   (PenTable    *self,
                                            gboolean     table_markets);
gboolean     pen_table_get_fate_printed    (PenTable    *self);
void         pen_table_set_fate_printed    (PenTable    *self,
                                            gboolean     fate_printed);
/* The card the table turns over next: the Fate deck's top one, when the deck lies in the
 * printed order (pen_table_get_fate_printed) and the card is named; else NULL */
const char  *pen_table_get_fate_next       (PenTable    *self);
gboolean     pen_table_get_hide_odds       (PenTable    *self);
void         pen_table_set_hide_odds       (PenTable    *self,
                                            gboolean     hide);

/* The trial in progress, or NULL (transfer none); "trial" notifies on every change */
const PenTrial *pen_table_get_trial       (PenTable    *self);
/* Copies trial (NULL: no trial in progress) */
void         pen_table_set_trial           (PenTable    *self,
                                            const PenTrial *trial);

/* The die face printed under each of the 11 mark cells, 0 where unknown (placeholder) */
guint        pen_table_get_cell_value      (PenTable    *self,
                                            guint        cell);
void         pen_table_set_cell_value      (PenTable    *self,
                                            guint        cell,
                                            guint        value);

/* Reads obj's "cell_values" (11 faces 0-6, 0 unknown) into cells when obj has it (path names
 * obj in errors); cells stays as it is otherwise */
gboolean     pen_table_read_cell_values    (JsonObject  *obj,
                                            const char  *path,
                                            guint8       cells[],
                                            GError     **error);

/* The cells of wizard's board holding a mark whose die value is not known yet (0), in cell
 * order: GArray of guint, transfer full (empty when every mark has its value). The values
 * are entered with the "board-value" action. */
GArray      *pen_table_list_marks_without_value (PenTable *self,
                                                 guint     wizard);

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
/* Restores a pen_table_snapshot () made in memory (undo), never text from outside: its JSON
 * is not checked as untrusted input is (pen_json_check ()), its content is, but read straight
 * into the table (an error, a bug, may leave it half restored). _node: the same snapshot
 * already parsed (pen_json_parse_trusted ()). */
gboolean     pen_table_load_snapshot       (PenTable    *self,
                                            const char  *snapshot,
                                            GError     **error);
gboolean     pen_table_load_snapshot_node  (PenTable    *self,
                                            JsonNode    *node,
                                            GError     **error);
/* Restores a to_json snapshot in place, notifying only what changed. On error, nothing
 * changed. */
gboolean     pen_table_load_json           (PenTable    *self,
                                            JsonNode    *node,
                                            GError     **error);

G_END_DECLS
