/* pen-turn.h: the rules that actions apply to the table — a new game's layout, turn flow,
 * Rest, marks, contracts, trials, Mortal Wounds, the Fate deck and prophecies.
 *
 * These are called by PenAction only: every change goes through an action. Each function
 * checks what the rules allow and fails with PEN_ERROR_REFUSED (or PEN_ERROR_INVALID for a
 * malformed parameter) with a message naming the parameter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pen-card.h"
#include "pen-catalog.h"
#include "pen-table.h"
#include "pen-tasks.h"

G_BEGIN_DECLS

/* new-game's start[i].card for a starting Discipline card the catalogue cannot name: the game
 * gives an unnamed one ("discipline#N") and writes its id into the action */
#define PEN_UNNAMED_START_CARD "discipline"

gboolean    pen_turn_new_game          (PenTable    *table,
                                        JsonObject  *params,
                                        GString     *label,
                                        GError     **error);
gboolean    pen_turn_start             (PenTable    *table,
                                        JsonObject  *params,
                                        GString     *label,
                                        GError     **error);
gboolean    pen_turn_end               (PenTable    *table,
                                        JsonObject  *params,
                                        GString     *label,
                                        GError     **error);
gboolean    pen_turn_reveal_fate       (PenTable    *table,
                                        JsonObject  *params,
                                        GString     *label,
                                        GError     **error);
gboolean    pen_turn_threat            (PenTable    *table,
                                        JsonObject  *params,
                                        GString     *label,
                                        GError     **error);

gboolean    pen_turn_use_placement     (PenTable    *table,
                                        PenWizard   *wizard,
                                        JsonObject  *params,
                                        GError     **error);
gboolean    pen_turn_gain_mark         (PenTable    *table,
                                        PenWizard   *wizard,
                                        PenMarkKind  kind,
                                        gboolean     rest_effect,
                                        GError     **error);
/* The Rest effect above a mark's cell: a die of the mark's colour (a Spark die for a spark
 * mark), taken from the dice placed in locations when one is there. */
void        pen_turn_rest_effect       (PenTable    *table,
                                        PenWizard   *wizard,
                                        PenMark     *mark);
gboolean    pen_turn_mortal_wound      (PenTable    *table,
                                        PenWizard   *wizard,
                                        GError     **error);

/* Whether the app judges prophecy id from the table itself (End of Time, Unity) */
gboolean    pen_turn_prophecy_checkable (const char *id);
/* Whether the table meets prophecy id's condition (TRUE for one the app does not judge);
 * changes nothing, asks no rule */
gboolean    pen_turn_prophecy_met      (PenTable    *table,
                                        const char  *id);
/* The table says prophecy id is fulfilled: refused by rule prophecy-condition when the app
 * can judge it and the table contradicts it (path names the parameter) */
gboolean    pen_turn_check_prophecy    (PenTable    *table,
                                        const char  *id,
                                        const char  *path,
                                        GError     **error);

const char *pen_turn_default_zone      (PenCard     *card);
gboolean    pen_turn_check_zone        (PenWizard   *wizard,
                                        PenCard     *card,
                                        const char  *zone,
                                        GError     **error);

/* A Contract's task for wizard as the table stands (Contracts and Trials › Tasks): the
 * task printed on card as the catalogue knows it, solved against the wizard's supply without
 * die placed (the die going to the Guild; -1 none). NULL while the task is unknown. */
typedef struct
{
  PenTask       *task;
  PenTaskResult *result;
  gboolean       can;       /* the wizard can do it now (a Threat roll always can be tried) */
  gboolean       pays;      /* it takes something from the supply (not withstand, experience) */
  GArray        *marks;     /* of guint: the cells of wounded Marks flipped for Blood */
  char          *describe;  /* one translated line: what it takes, or what is missing */
} PenContractTask;

PenContractTask *pen_turn_contract_task (PenTable   *table,
                                         guint       wizard,
                                         const char *card,
                                         int         placed);
/* The same, the Blood paid as blood_source says (a PenBloodSource; -1: as the card's task) */
PenContractTask *pen_turn_contract_task_paying (PenTable   *table,
                                                guint       wizard,
                                                const char *card,
                                                int         placed,
                                                int         blood_source);
/* Whether paying the task's Blood is the wizard's choice (USE BLOOD: "instead of discarding
 * 1 Blood from your Ingredient supply you can flip any wounded Mark"): the supply's Blood
 * first and the wounded Marks first both do it, and take differently */
gboolean         pen_turn_contract_blood_choice (PenTable   *table,
                                                 guint       wizard,
                                                 const char *card,
                                                 int         placed);
/* USE BLOOD for an effect that discards 1 Blood (the Sanctuary, Bind): "instead of discarding
 * 1 Blood from your Ingredient supply you can flip any wounded Mark" (Marks › Wounded Marks as
 * Blood). pen_turn_has_blood (): the wizard can pay it one way or the other;
 * pen_turn_blood_choice (): both ways are open, so which is the wizard's choice. */
gboolean    pen_turn_has_blood         (PenWizard   *wizard);
gboolean    pen_turn_blood_choice      (PenWizard   *wizard);
/* The cell of the wounded Mark that pays it when a Mark does (the one a task's payment would
 * flip first), or -1 */
int         pen_turn_blood_mark        (PenWizard   *wizard);
#define PEN_BLOOD_SUPPLY (-1)  /* pen_turn_blood_payment (): the supply's Blood */
#define PEN_BLOOD_NONE   (-2)  /* nothing to pay with */
/* How 1 Blood is paid, as params say, taking nothing: "blood_mark" (the cell of the wounded
 * Mark flipped) or "blood_source" ("supply-first", the default, or "marks-first": the Mark a
 * task's payment would flip); *cell is that cell, PEN_BLOOD_SUPPLY or PEN_BLOOD_NONE. FALSE
 * with error for a "blood_mark" that is no wounded Mark or a bad member. */
gboolean    pen_turn_blood_payment     (PenWizard   *wizard,
                                        JsonObject  *params,
                                        int         *cell,
                                        GError     **error);
/* Pays it: flips the Mark in cell (and writes it into params as "blood_mark", so a replay
 * flips the same one) or discards the supply's Blood */
void        pen_turn_pay_blood         (PenWizard   *wizard,
                                        JsonObject  *params,
                                        int         cell);
/* The task of a Trial's path (Trials › Passing a Trial) against the wizard's board, or NULL
 * while the catalogue does not know it */
PenContractTask *pen_turn_trial_task    (PenTable   *table,
                                         guint       wizard,
                                         const char *card,
                                         PenPath     path);
void        pen_contract_task_free      (PenContractTask *task);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenContractTask, pen_contract_task_free)

/* "task-pay" (pen-action.c), also what a Contract's task takes at the Guild */
gboolean    pen_turn_task_pay          (PenTable    *table,
                                        JsonObject  *params,
                                        GString     *label,
                                        GError     **error);

/* Each returns the card id taken (free it), or NULL with error set. A Contract taken
 * (contract-take, or a Guild placement with its "slot" or "contract") has its task done and
 * its reward given as part of the step: the task's cost is taken from the wizard (refused by
 * rule contract-task when it cannot be paid) and written into the action as "task_pay"; the
 * reward's dice and Ingredients are given and written as "reward" (docs/card-naming.md). */
char       *pen_turn_take_contract     (PenTable    *table,
                                        PenWizard   *wizard,
                                        JsonObject  *params,
                                        GError     **error);
/* The same, and a "withstand" task's Threat roll (params "withstand": its faces; app-dealt
 * play rolls them and writes them there): after a Mortal Wound *fulfilled is FALSE, nothing is
 * gained and the Contract stays where it was; threat_label (may be NULL) gets the roll */
char       *pen_turn_fulfil_contract   (PenTable    *table,
                                        PenWizard   *wizard,
                                        JsonObject  *params,
                                        gboolean    *fulfilled,
                                        GString     *threat_label,
                                        GError     **error);
/* The number of Threat dice of a Contract's "withstand" task (0: another task, or unknown) */
guint       pen_turn_contract_withstand (const char *card);
/* DEFEND ("discard any number of Yellow dice from your supply to discard the same number of
 * Threat dice"): params's "defend" names supply dice of wizard, each discarding one of a roll's
 * n_dice Threat dice; refused by the rule "defend" for a die not Yellow or more dice than
 * n_dice. The dice leave the supply; *cancelled gets the Threat dice they discard. */
gboolean    pen_turn_defend            (PenTable    *table,
                                        PenWizard   *wizard,
                                        guint        n_dice,
                                        JsonObject  *params,
                                        guint       *cancelled,
                                        GError     **error);
char       *pen_turn_reserve_contract  (PenTable    *table,
                                        PenWizard   *wizard,
                                        JsonObject  *params,
                                        GError     **error);
/* trial-take: the task of the chosen path is done and its reward given as a Contract's are
 * (refused by rule trial-task when the wizard cannot do it; "task_pay" and "reward" written
 * into the action), then the card joins the Experience zone. */
char       *pen_turn_take_trial        (PenTable    *table,
                                        PenWizard   *wizard,
                                        JsonObject  *params,
                                        GError     **error);
/* The same, and a "withstand" path task's Threat roll (params "withstand": its faces, as a
 * Contract's; app-dealt play rolls them and writes them there, physical play is refused with
 * PEN_ERROR_NEEDS_FACES until given): after a Mortal Wound *passed is FALSE, the Trial is
 * failed (its card leaves the game, nothing is gained); threat_label (may be NULL) gets the
 * roll */
char       *pen_turn_pass_trial        (PenTable    *table,
                                        PenWizard   *wizard,
                                        JsonObject  *params,
                                        gboolean    *passed,
                                        GString     *threat_label,
                                        GError     **error);
/* The number of Threat dice of a Trial path's "withstand" task (0: another task, or unknown) */
guint       pen_turn_trial_withstand   (const char  *card,
                                        PenPath      path);
char       *pen_turn_fail_trial        (PenTable    *table,
                                        PenWizard   *wizard,
                                        JsonObject  *params,
                                        GError     **error);
char       *pen_turn_reserve_trial     (PenTable    *table,
                                        PenWizard   *wizard,
                                        JsonObject  *params,
                                        GError     **error);

/* A Trial turn's attempt: the table holds the trial in progress (pen_table_get_trial) and its
 * properties until trial-take, trial-fail or the end of the turn. */
gboolean    pen_turn_begin_trial       (PenTable    *table,
                                        PenWizard   *wizard,
                                        JsonObject  *params,
                                        GError     **error);
/* The "trial" of a threat action ({"index": N} or {"card": ID}, pen_action_set_trial): the
 * Threat step of that Trial. Not in progress yet, it begins here (as trial-begin with no
 * Properties, under the same rules); in progress, it must be the one named. TRUE when the
 * action names none. */
gboolean    pen_turn_threat_trial      (PenTable    *table,
                                        JsonObject  *params,
                                        GError     **error);
/* Whether wizard's main Threat roll is on record for the Trial at index of the row (or the
 * reserved card, index -1; card: its id, or NULL for any) this turn: the Trial is in progress
 * and its Threat was rolled. The book has the Threat faced before a path's task; the app only
 * reminds of it before a pass (docs/turn-rules.md), since a table may face it off the app. */
gboolean    pen_turn_trial_threat_faced (PenTable   *table,
                                         guint       wizard,
                                         int         index,
                                         const char *card);
gboolean    pen_turn_trial_property    (PenTable    *table,
                                        JsonObject  *params,
                                        GString     *label,
                                        GError     **error);
gboolean    pen_turn_vigilance_use     (PenTable    *table,
                                        JsonObject  *params,
                                        GString     *label,
                                        GError     **error);

/* Trials passed by a wizard (cards in the Experience zone that are trials) */
guint       pen_turn_count_trials      (PenWizard   *wizard);
/* The name of a card in the card-name language ("en" or "ru"; default from the locale) */
const char *pen_turn_card_name         (const char  *card_id);
/* symbols[PEN_N_SYMBOLS]: the Experience symbols on the cards in wizard's Experience zone (the
 * "have experience" tasks) */
void        pen_turn_count_experience  (PenWizard   *wizard,
                                        guint       *symbols);
void        pen_turn_set_card_language (const char  *lang);
const char *pen_turn_get_card_language (void);

void        pen_turn_label_reward_cards  (JsonObject *params,
                                          GString    *label);

G_END_DECLS
