/* pen-score.h: end-of-game scoring, with the items behind every figure
 *
 * The categories follow the rulebook's scoring order (Arcana, Trials, Mortal Wounds,
 * Experience, Contracts, reserved Contracts, Board, Goals), then Fate, which the rulebook
 * promises under Light and Darkness without printing a table. The numbers come from
 * data/scoring.json (a core GResource); the tables the rulebook leaves open are flagged there,
 * and every item that uses an open value says so.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "pen-types.h"

G_BEGIN_DECLS

typedef enum
{
  PEN_SCORE_ARCANA,
  PEN_SCORE_TRIALS,
  PEN_SCORE_MORTAL_WOUNDS,
  PEN_SCORE_EXPERIENCE,
  PEN_SCORE_CONTRACTS,
  PEN_SCORE_RESERVED_CONTRACTS,
  PEN_SCORE_BOARD,
  PEN_SCORE_GOALS,
  PEN_SCORE_FATE,
  PEN_N_SCORE_CATEGORIES
} PenScoreCategory;

/* The JSON keys of the CLI output ("arcana" … "fate"); -1 for an unknown id. */
const char *pen_score_category_to_string   (PenScoreCategory category);
int         pen_score_category_from_string (const char      *str);
/* Translated, for column headers. */
const char *pen_score_category_get_label   (PenScoreCategory category);

/* What the open Fate table looks up. */
typedef enum
{
  PEN_FATE_BASIS_DIFFERENCE,   /* |light - dark|: how far the wizard went one way */
  PEN_FATE_BASIS_DOMINANT,     /* the larger of light and dark */
  PEN_N_FATE_BASES
} PenFateBasis;

const char *pen_fate_basis_to_string   (PenFateBasis basis);
int         pen_fate_basis_from_string (const char  *str);

/* A Goal the scoring knows. computed: the rulebook states its condition (Heroism), so its
 * points are worked out; otherwise they come from the players' goal_vp. */
typedef struct
{
  char     *id;
  gboolean  computed;
  int       per_passed_trial;
} PenScoreGoalRule;

/* The scoring tables. A stepwise table (identical symbols, Fate) maps n >= 1 to
 * values[n - 1] while n is within the list, and adds step for each n past it; 0 maps to 0. */
typedef struct
{
  int           arcana_each;             /* 1 */
  int           mortal_wound_each;       /* -3 */
  int           reserved_contract_each;  /* -3 */
  int           set_of_six;              /* 7 */
  GArray       *identical;               /* of int: points for 1, 2, … identical symbols */
  guint         identical_printed;       /* leading entries the rulebook prints (5) */
  int           identical_step;          /* open: each identical symbol past the list */
  GPtrArray    *goals;                   /* of PenScoreGoalRule*: every known Goal */
  PenFateBasis  fate_basis;              /* open */
  GArray       *fate_points;             /* open, of int */
  int           fate_step;               /* open */
} PenScoreRules;

/* The tables of data/scoring.json, plus the Goals of the card catalogue (cards.json) when the
 * core resource holds it. */
PenScoreRules          *pen_score_rules_new_default       (void);
PenScoreRules          *pen_score_rules_new_from_json     (JsonNode             *node,
                                                           GError              **error);
PenScoreRules          *pen_score_rules_copy              (const PenScoreRules  *rules);
void                    pen_score_rules_free              (PenScoreRules        *rules);
/* Overrides of the open tables, as the CLI input and the app's preferences give them:
 * {"identical": [1, 2, 4, 6, 9, 12], "step": 3} and
 * {"basis": "difference", "points": [0, 1, 3], "step": 2}. Every member is optional. On
 * failure rules are left unchanged. */
gboolean                pen_score_rules_override_experience (PenScoreRules  *rules,
                                                             JsonNode       *node,
                                                             const char     *path,
                                                             GError        **error);
gboolean                pen_score_rules_override_fate       (PenScoreRules  *rules,
                                                             JsonNode       *node,
                                                             const char     *path,
                                                             GError        **error);
/* The tables as JSON: "experience_table" and "fate_table" in the overrides' shape, the
 * printed values, "open" (which members the rulebook leaves open) and "goals". */
JsonNode               *pen_score_rules_to_json           (const PenScoreRules  *rules);
const PenScoreGoalRule *pen_score_rules_get_goal          (const PenScoreRules  *rules,
                                                           const char           *id);
/* Translated name of a Goal, or its id when the scoring does not know a name. */
const char             *pen_score_goal_get_label          (const char           *id);

/* Points for count identical symbols of one kind; *open (if not NULL) is set when the value is
 * not printed by the rulebook. */
int   pen_score_identical_points   (const PenScoreRules *rules,
                                    guint                count,
                                    gboolean            *open);
/* Experience for the symbol counts: sets of six plus each kind's identical points. */
int   pen_score_experience         (const PenScoreRules *rules,
                                    const guint          counts[PEN_N_SYMBOLS],
                                    guint               *sets_of_six);
/* How many points one more symbol of that kind would add (set of six included). */
int   pen_score_experience_marginal (const PenScoreRules *rules,
                                     const guint          counts[PEN_N_SYMBOLS],
                                     PenSymbol            symbol,
                                     gboolean            *completes_set);
/* Points of the open Fate table for these Light and Darkness totals. */
int   pen_score_fate_points        (const PenScoreRules *rules,
                                    guint                light,
                                    guint                dark);

/* One Contract, Trial or Tome in the Experience zone. */
typedef struct
{
  char  *id;                       /* card id, or NULL */
  int    vp;                       /* printed victory points (0 for a Tome) */
  guint  symbols[PEN_N_SYMBOLS];   /* experience symbols on it */
  guint  light;
  guint  dark;
} PenScoreCard;

typedef struct
{
  char       *name;
  char       *display_name;  /* as shown (the Rival translated); NULL: the name */
  guint       arcana;
  guint       mortal_wounds;
  guint       reserved_contracts;   /* reserved and still unfulfilled */
  int         board_vp;             /* points under the board's Marks */
  GArray     *trials;               /* of PenScoreCard: passed */
  GArray     *contracts;            /* of PenScoreCard: fulfilled */
  GArray     *tomes;                /* of PenScoreCard */
  GHashTable *goal_vp;              /* goal id → GINT_TO_POINTER (points) */
  guint       light;                /* Light and Darkness from elsewhere than cards */
  guint       dark;
} PenScorePlayer;

PenScorePlayer *pen_score_player_new       (const char     *name);
void            pen_score_player_free      (PenScorePlayer *player);
/* Appends a card; symbols may be NULL. Returns the stored card, to fill in more. */
PenScoreCard   *pen_score_player_add_card  (GArray         *cards,
                                            const char     *id,
                                            int             vp,
                                            const guint    *symbols,
                                            guint           light,
                                            guint           dark);

typedef struct
{
  GPtrArray     *players;   /* of PenScorePlayer* */
  GPtrArray     *goals;     /* of char*: Goal ids in play */
  PenScoreRules *rules;
} PenScoreInput;

PenScoreInput  *pen_score_input_new        (const PenScoreRules *rules);
void            pen_score_input_free       (PenScoreInput       *input);
/* Strict reader of the CLI's score input (../shared/spec/cli.md): path-naming errors,
 * unknown keys refused except in "extra", "experience_table" and "fate_table" override the
 * open tables of a copy of rules. */
PenScoreInput  *pen_score_input_from_json  (JsonNode            *node,
                                            const char          *path,
                                            const PenScoreRules *rules,
                                            GError             **error);

typedef enum
{
  PEN_SCORE_ITEM_ARCANA,
  PEN_SCORE_ITEM_TRIAL,
  PEN_SCORE_ITEM_MORTAL_WOUND,
  PEN_SCORE_ITEM_SET_OF_SIX,
  PEN_SCORE_ITEM_IDENTICAL,
  PEN_SCORE_ITEM_CONTRACT,
  PEN_SCORE_ITEM_RESERVED_CONTRACT,
  PEN_SCORE_ITEM_BOARD,
  PEN_SCORE_ITEM_GOAL,
  PEN_SCORE_ITEM_GOAL_NOT_IN_PLAY,   /* goal_vp of a Goal not in play: 0 points, a note */
  PEN_SCORE_ITEM_FATE,
  PEN_N_SCORE_ITEM_KINDS
} PenScoreItemKind;

const char *pen_score_item_kind_to_string (PenScoreItemKind kind);

/* One source of points: which card, which symbols, how many. */
typedef struct
{
  PenScoreCategory  category;
  PenScoreItemKind  kind;
  char             *id;      /* card id, symbol id or goal id; NULL when there is none */
  int               index;   /* position in the player's trials/contracts list, else -1 */
  guint             count;   /* Arcana, wounds, symbols, sets, passed Trials… */
  int               points;
  gboolean          open;    /* uses an open (house) value */
  char             *text;    /* translated explanation */
  char            **sources; /* the cards behind count, one entry each (a symbol pile: one per
                              * symbol; Heroism: one per Trial): the card id, or "trials[0]",
                              * "contracts[1]", "tomes[2]" for a card without one; or NULL */
} PenScoreItem;

/* The cards behind an item by name, in the interface language, each once with a count:
 * "Goldeater, Lost Hut ×2" (a card of the input without an id stays "trials[0]"); NULL when
 * the item has no card. Transfer full. */
char *pen_score_item_describe_sources (const PenScoreItem *item);

/* What one more symbol of a kind would be worth. */
typedef struct
{
  PenSymbol  symbol;
  int        gain;
  gboolean   completes_set;
  gboolean   open;
  char      *text;           /* translated: "One more Wilds symbol is worth 2 more points" */
} PenScoreHint;

typedef struct
{
  char      *name;
  char      *display_name;   /* as shown, never NULL: the exports to read and the app use it */
  int        points[PEN_N_SCORE_CATEGORIES];
  int        total;
  guint      place;                   /* 1 = first; ties share, the next place skips */
  guint      symbols[PEN_N_SYMBOLS];
  guint      sets_of_six;
  guint      light;
  guint      dark;
  GPtrArray *items;                   /* of PenScoreItem*, in category order */
  GPtrArray *hints;                   /* of PenScoreHint*, one per symbol kind */
} PenScoreResult;

typedef struct
{
  GPtrArray     *results;   /* of PenScoreResult*, in input order */
  GPtrArray     *ranking;   /* of GPtrArray* of PenScoreResult* (borrowed): best first */
  PenScoreRules *rules;     /* the tables used */
} PenScoreSheet;

/* Scores every player. Ties share a place: the rulebook gives no tiebreak. */
PenScoreSheet  *pen_score_compute          (const PenScoreInput *input);
void            pen_score_sheet_free       (PenScoreSheet       *sheet);
/* The CLI's output: {"players": [...], "ranking": [["Ann"], ...]}. With details, each player
 * gains a "details" object (items, symbols, hints, place) and the document a "tables" one. */
JsonNode       *pen_score_sheet_to_json    (const PenScoreSheet *sheet,
                                            gboolean             details);
/* Whether the place of result index is certain when some players' points are not all known
 * yet: unknown holds one flag per result (in the order of results; NULL: every point known),
 * TRUE for a player with points not known yet, counted as 0 (a total of "3 + unknown" is at
 * least 3). Its place against another player is known when neither has unknown points, or
 * when the one with unknown points is ahead already; otherwise neither the place nor a tie is
 * known (play finding B8: "Place 1, tied" for 3 + unknown and 3). */
gboolean        pen_score_sheet_place_known (const PenScoreSheet *sheet,
                                             guint                index,
                                             const gboolean      *unknown);
/* One text per result (in the order of results) that changes whenever anything of that
 * player's figures or details does: what a view compares to know which rows to draw again.
 * Nothing to read or show. Transfer full. */
GStrv           pen_score_sheet_list_keys  (const PenScoreSheet *sheet);
/* A score sheet: a header row (name, the categories, total, place), then one row per player
 * in ranking order. labels: translated headers instead of the JSON ids, and each name as
 * shown (display_name: a solo game's Rival translated) instead of as stored. RFC 4180 quoting;
 * a name that a spreadsheet would run as a formula (= + - @ first) gets a leading '. */
char           *pen_score_sheet_to_csv     (const PenScoreSheet *sheet,
                                            gboolean             labels);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenScoreRules, pen_score_rules_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenScorePlayer, pen_score_player_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenScoreInput, pen_score_input_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenScoreSheet, pen_score_sheet_free)

G_END_DECLS
