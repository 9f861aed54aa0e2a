/* pen-tasks.h: the six task kinds of Contracts and Trials, solved against one wizard's board
 *
 * The rulebook ("Tasks", "Dice", "Dice manipulation", "Primagic", "Mark effects", "Properties")
 * and its Russian chapter on Contracts and Trials define what a task asks. Where the book leaves
 * the player a choice (which dice to spend, which wounded Marks to flip for Blood) the solver
 * follows a documented default that keeps the most useful pieces, and the defaults can be
 * overridden per task.
 *
 * Substitutions (Russian chapter, "Tasks"): a Bone die asked for by a task may be replaced by any
 * die (coloured or Spark); a coloured die may be replaced by a Spark die. A task that asks for
 * Spark dice takes Spark dice only. Temporary dice count as supply dice.
 *
 * Which dice the solver spends: the cheapest legal choice by this cost, compared in order:
 *   1. the sum of the dice's weights (keep Spark dice and scarce colours):
 *        temporary die  10   (it is discarded at the end of the turn anyway)
 *        Bone           100
 *        coloured       100 + 120 / n, n = the wizard's non-temporary dice of that colour
 *                            (a lone Red die 220, one of two 160, of four 130, …)
 *        Spark          300  (it can be any colour)
 *      overridable per colour and for temporary dice by PenTask.weights;
 *   2. the face value wasted over the target (discard-sum: sum − at_least);
 *   3. the lowest supply indices (the set whose sorted index list comes first).
 * The search is exact (a dynamic programme over the dice and the partial sums, never over
 * subsets), also for a Shield and the main task together.
 *
 * Blood (discard-ingredients): a wounded Mark may be flipped (Wounded → Discharged) instead of
 * discarding 1 Blood. By default the solver flips wounded Marks first: a discharged Mark is better
 * than a wounded one in every way the rules know (it recharges and gives its Rest effect on Rest,
 * and it no longer turns a Threat die of its value into a Mortal Wound), and the Blood in the
 * ingredient supply is kept. Among wounded Marks it first flips one whose value no non-wounded
 * Mark shares (that one is a Mortal Wound risk), then the lowest cell. PEN_BLOOD_SUPPLY_FIRST and
 * PEN_BLOOD_SUPPLY_ONLY override this.
 *
 * Crystal Suppression: the Russian chapter counts paying a cost in Crystals as using them, so
 * with suppress_crystals a task that discards Crystals is not feasible, a roll gets no Crystal
 * manipulation, and no plan changes dice with Crystals.
 *
 * Crystals for dice that do not fit (Primagic MANIPULATE): when the dice a task (and its Shield)
 * asks for are not there as they lie, the solver also looks for the cheapest plan that adjusts
 * (2 Crystals a step), flips (2) or recolours (3) some dice first, fewest Crystals first. A
 * plan never rerolls (a reroll is a chance, not a plan) and never recolours a die into Spark
 * (Spark is not a colour one can recolour into; the book is silent, this is our reading). The
 * Crystals a discard-ingredients task pays are not available to its Shield's plan.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "pen-types.h"

G_BEGIN_DECLS

typedef enum
{
  PEN_TASK_DISCARD_INGREDIENTS,
  PEN_TASK_DISCARD_SUM,
  PEN_TASK_DISCARD_EXACT,
  PEN_TASK_ROLL_SUM,
  PEN_TASK_WITHSTAND,
  PEN_TASK_HAVE_EXPERIENCE,
  PEN_N_TASK_KINDS
} PenTaskKind;

typedef enum
{
  PEN_BLOOD_MARKS_FIRST,   /* default: flip wounded Marks, then discard supply Blood */
  PEN_BLOOD_SUPPLY_FIRST,  /* discard supply Blood, flip Marks for the rest */
  PEN_BLOOD_SUPPLY_ONLY,   /* never flip a Mark */
  PEN_N_BLOOD_SOURCES
} PenBloodSource;

/* Crystal manipulations (Primagic MANIPULATE) and their prices. */
typedef enum
{
  PEN_MANIPULATE_REROLL,   /* 1 Crystal: reroll one die once */
  PEN_MANIPULATE_ADJUST,   /* 2 Crystals: one die +1 or −1 (not past 1 or 6) */
  PEN_MANIPULATE_FLIP,     /* 2 Crystals: one die to its opposite face */
  PEN_MANIPULATE_RECOLOUR, /* 3 Crystals: one die to another colour, same face */
  PEN_N_MANIPULATIONS
} PenManipulation;

#define PEN_TASK_MAX_VALUES 12  /* discard-exact: faces asked for */
#define PEN_TASK_MAX_ROLL   10  /* roll-sum: dice rolled */
#define PEN_TASK_MAX_THREAT 30  /* withstand: Threat dice */
#define PEN_TASK_MAX_TARGET 1000
#define PEN_TASK_NO_WEIGHT  (-1)

/* One task. Which members matter depends on kind; pen_task_new() sets the defaults. */
typedef struct _PenTask PenTask;
struct _PenTask
{
  PenTaskKind    kind;

  /* discard-ingredients: how many of each ingredient */
  guint          ingredients[PEN_N_INGREDIENTS];
  PenBloodSource blood_source;

  /* discard-sum, discard-exact, roll-sum: the colours the task asks for, as a mask of
   * 1 << PenColor (roll-sum: exactly one colour) */
  guint          colors;
  /* discard-sum, roll-sum: the sum to reach; a value <= 0 still needs at least one die
   * (discard-sum) or all count dice (roll-sum) */
  int            at_least;
  /* discard-exact: the faces, each 1..6 */
  guint          n_values;
  guint8         values[PEN_TASK_MAX_VALUES];
  /* roll-sum: how many dice to roll; the faces already rolled, for advice (n_rolled is 0 or
   * count). Every kind: the most Crystals to spend on manipulation (-1: all the wizard has) */
  guint          count;
  int            max_crystals;
  guint          n_rolled;
  guint8         rolled[PEN_TASK_MAX_ROLL];

  /* withstand: the number of Threat dice */
  guint          threat;

  /* have-experience: the symbols needed */
  guint          symbols[PEN_N_SYMBOLS];

  /* Crystal Suppression is in effect (see above) */
  gboolean       suppress_crystals;

  /* Overrides of the die weights (PEN_TASK_NO_WEIGHT: the default), per colour and for
   * temporary dice. */
  int            weights[PEN_N_COLORS];
  int            temporary_weight;

  /* The Shield property: a discard-sum or discard-exact paid first, with other dice than the
   * task's own; NULL for none. A Shield has no shield and uses its owner's weights. */
  PenTask       *shield;
};

PenTask    *pen_task_new                (PenTaskKind     kind);
PenTask    *pen_task_copy               (const PenTask  *task);
void        pen_task_free               (PenTask        *task);

const char *pen_task_kind_to_string     (PenTaskKind     kind);
int         pen_task_kind_from_string   (const char     *str);
const char *pen_blood_source_to_string  (PenBloodSource  source);
int         pen_blood_source_from_string (const char    *str);
const char *pen_manipulation_to_string  (PenManipulation manipulation);
guint       pen_manipulation_get_price  (PenManipulation manipulation);

/* Strict reader of the spec's TASK object (../shared/spec/cli.md, `penumbra-cli task`), with
 * these optional members beyond the spec:
 *   every kind:           "shield": TASK (discard-sum or discard-exact),
 *                         "weights": {"red": 500, "temporary": 0, …} (0..10000)
 *   discard-ingredients:  "blood_source": "marks-first" | "supply-first" | "supply-only"
 *   every kind:           "suppress_crystals": bool (Crystal Suppression),
 *                         "max_crystals": 0..12 (the most Crystals to spend on manipulation)
 *   roll-sum:             "rolled": [faces] (exactly count faces: what the dice show now)
 * Errors are PEN_ERROR_INVALID with a message that starts with the JSON path. */
PenTask    *pen_task_from_json          (JsonNode       *node,
                                         const char     *path,
                                         GError        **error);

/* The task as printed, in the spec's TASK shape (the members pen_task_from_json reads back;
 * no weights, Shield or advice). Transfer full. */
JsonNode   *pen_task_to_json            (const PenTask  *task);

/* The weight of supply die index (see above): what spending it costs. */
guint       pen_task_die_weight         (const PenTask  *task,
                                         const PenBoard *board,
                                         guint           index);
/* Whether a die of color may stand for a task die of any colour in the mask colors. */
gboolean    pen_task_color_accepts      (guint           colors,
                                         PenColor        color);

/* A die changed with Crystals before it is spent (see PenTaskResult.plan_changes). */
typedef struct
{
  guint    index;      /* supply index */
  PenColor from_color;
  guint8   from_value;
  PenColor color;      /* recoloured (3 Crystals) when it differs from from_color */
  guint8   value;      /* adjusted (2 Crystals a step) or flipped (2 Crystals) */
  guint    crystals;
} PenTaskChange;

/* What the solver found. Members that do not concern the task's kind are zero. */
typedef struct
{
  PenTaskKind kind;
  gboolean    feasible;      /* the task (and its Shield) can be done now */
  GArray     *use;           /* of guint: supply indices spent, ascending (task and Shield) */

  /* discard-ingredients: paid from the ingredient supply; wounded Marks flipped for Blood
   * (mark indices, ascending); what is missing when not feasible (nothing is paid then);
   * crystals_suppressed: Crystals were asked for under Crystal Suppression */
  guint       pay[PEN_N_INGREDIENTS];
  guint       blood_from_marks;
  GArray     *marks;         /* of guint */
  guint       missing_ingredients[PEN_N_INGREDIENTS];
  gboolean    crystals_suppressed;

  /* discard-sum: the sum of the dice spent; when not feasible, how far the eligible dice fall
   * short of the target (0 when they would reach it but the Shield needs them) */
  int         sum;
  int         shortfall;

  /* discard-exact: the faces no eligible die matches (ascending) */
  guint       n_missing_values;
  guint8      missing_values[PEN_TASK_MAX_VALUES];

  /* roll-sum: dice missing to attempt (shortfall above); exact odds as the dice fall and with
   * the Crystals the wizard may spend, played optimally; the Crystals that policy spends on
   * average; manipulations affordable (mask of 1 << PenManipulation); advice for the rolled
   * faces (advice_value is the face to act on; advice_p the odds from here) */
  double      p_success;     /* also withstand: P(no Mortal Wound) */
  double      p_success_with_crystals;
  guint       crystals;
  double      expected_crystals;
  guint       manipulations;
  gboolean    has_advice;
  int         advice_action; /* PenRollAction */
  guint       advice_value;
  double      advice_p;

  /* have-experience: the symbols missing */
  guint       missing_symbols[PEN_N_SYMBOLS];

  /* The Shield, when the task has one: whether it can be paid on its own, its dice, their sum,
   * the faces it misses; conflict: the Shield and the task can each be done alone, but not
   * both with the dice there are. optimal is FALSE only when the joint search was too big and
   * the Shield was chosen first on its own. */
  gboolean    has_shield;
  PenTaskKind shield_kind;
  gboolean    shield_feasible;
  GArray     *shield_use;    /* of guint */
  int         shield_sum;
  int         shield_shortfall;
  guint       shield_n_missing_values;
  guint8      shield_missing_values[PEN_TASK_MAX_VALUES];
  gboolean    conflict;
  gboolean    optimal;

  /* When the dice (task and Shield) do not fit as they lie: the cheapest plan that changes
   * some of them with Crystals first (adjust, flip, recolour; never reroll, which is not a
   * plan), by (Crystals, weight, waste, lowest indices), within the Crystals the wizard may
   * spend. has_plan says a plan was looked for (the dice were all that stood in the way, and
   * the joint search was not too large); plan_feasible that one fits the budget. For roll-sum,
   * plan_p_success is the roll's odds with the Crystals left after the plan. */
  gboolean    has_plan;
  gboolean    plan_feasible;
  guint       plan_crystals;
  GArray     *plan_use;      /* of guint, ascending (task and Shield) */
  GArray     *plan_shield_use; /* of guint, ascending: the Shield's part of plan_use */
  GArray     *plan_changes;  /* of PenTaskChange, by supply index */
  double      plan_p_success;
} PenTaskResult;

/* Solves task for board. experience may be NULL (no symbols). Never fails. */
PenTaskResult *pen_task_solve           (const PenTask  *task,
                                         const PenBoard *board,
                                         const guint    *experience);
void        pen_task_result_free        (PenTaskResult  *result);

/* The spec's output object (documented in ../cli/pen-cli-task.c). */
JsonNode   *pen_task_result_to_json     (const PenTaskResult *result);

/* One translated line for the app, e.g. "Discard the Red 5 and the Purple 3 (sum 8)." */
char       *pen_task_result_describe    (const PenTaskResult *result,
                                         const PenTask       *task,
                                         const PenBoard      *board);

/* Exact P(sum of count fair dice >= at_least), count 0..PEN_TASK_MAX_ROLL. */
double      pen_roll_sum_probability    (guint           count,
                                         int             at_least);

/* P(no Mortal Wound) when threat Threat dice hit board (rulebook "Threat"): a Threat die of
 * face f gives one when the supply dice and the non-wounded Marks of value f are used up and a
 * Mark of value f is wounded. At most one Mortal Wound per turn: with mortal_wound_this_turn
 * set the wizard cannot receive another, and the answer is 1. */
double      pen_task_withstand_probability (const PenBoard *board,
                                            guint           threat);

/* DEFEND before a WITHSTAND THREAT roll of n_dice Threat dice ("discard any number of Yellow
 * dice from your supply to discard the same number of Threat dice"): the Yellow dice of board's
 * supply it may discard, in the order they are best spent (pen_threat_defend_order (): the face
 * that protects least first), at most n_dice of them (guint supply indices) */
GArray     *pen_task_withstand_defend_order    (const PenBoard *board,
                                                guint           n_dice);
/* The first n_defend of them, translated ("the Yellow 2 and the Yellow 5") */
char       *pen_task_withstand_defend_dice     (const PenBoard *board,
                                                guint           n_dice,
                                                guint           n_defend);
/* What discarding them leaves, translated: "DEFEND discards the Yellow 2: 1 Threat die left,
 * 97% chance of no Mortal Wound." */
char       *pen_task_withstand_defend_describe (const PenBoard *board,
                                                guint           n_dice,
                                                guint           n_defend);

/* The optimal Crystal policy for a roll-sum: after the roll, spend Crystals on the rolled dice
 * to maximise P(sum >= at_least); among equally good choices, spend the fewest Crystals on
 * average; then prefer stop, reroll, adjust up, flip, adjust down, and the lowest face. Exact
 * expectimax over (sorted faces, Crystals left). */
typedef enum
{
  PEN_ROLL_STOP,
  PEN_ROLL_REROLL,
  PEN_ROLL_ADJUST_UP,
  PEN_ROLL_ADJUST_DOWN,
  PEN_ROLL_FLIP,
  PEN_N_ROLL_ACTIONS
} PenRollAction;

typedef struct _PenRollPolicy PenRollPolicy;

/* manipulations: the allowed ones, a mask of 1 << PenManipulation (recolour never changes a
 * sum and is ignored). count 1..PEN_TASK_MAX_ROLL, crystals 0..PEN_INGREDIENT_CAP. */
PenRollPolicy *pen_roll_policy_new      (guint           count,
                                         int             at_least,
                                         guint           crystals,
                                         guint           manipulations);
void        pen_roll_policy_free        (PenRollPolicy  *policy);
/* Before the roll, with optimal play. */
double      pen_roll_policy_get_p_success (PenRollPolicy *policy);
double      pen_roll_policy_get_expected_crystals (PenRollPolicy *policy);
/* For faces (count of them, any order) and crystals_left <= the policy's crystals: the best
 * action, the face to apply it to (0 for stop), and the odds from here with optimal play. */
PenRollAction pen_roll_policy_advise    (PenRollPolicy  *policy,
                                         const guint8   *faces,
                                         guint           crystals_left,
                                         guint          *face,
                                         double         *p_success);
const char *pen_roll_action_to_string   (PenRollAction   action);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenTask, pen_task_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenTaskResult, pen_task_result_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenRollPolicy, pen_roll_policy_free)

G_END_DECLS
