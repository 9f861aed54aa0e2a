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
#include "pen-threat.h"

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
/* A string parameter ("card" of a buy, "as" of a card-identify …), or NULL when the action
 * has none by that key or it is not a string */
const char  *pen_action_get_string     (PenAction   *self,
                                        const char  *key);
/* A fresh, unapplied copy (its kind and parameters, override and faces included) that can be
 * changed and submitted while self stays as it was */
PenAction   *pen_action_dup            (PenAction   *self);
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
/* Parses ahead what pen_action_revert () restores, so that the revert reads the parsed tree
 * instead of the text (it is dropped by the revert or the next apply). */
void         pen_action_prepare_revert (PenAction   *self);

/* The override (pen-rule.h): an action with "override": true applies even where the rules
 * refuse it; the log keeps the flag. Set it before submitting. get_overrides: after a
 * successful apply, the rules it overruled (GArray of guint PenRule, transfer none; empty when
 * none), or NULL when not applied. get_overruled: the last apply overruled a rule, kept after
 * an undo (the History still marks an undone step done anyway). */
gboolean     pen_action_get_override   (PenAction   *self);
void         pen_action_set_override   (PenAction   *self,
                                        gboolean     override);
GArray      *pen_action_get_overrides  (PenAction   *self);
gboolean     pen_action_get_overruled  (PenAction   *self);
/* The faces the table rolled, one per die the action rolls, in order ("faces": [..]);
 * n_faces 0 removes them. Set before submitting. */
void         pen_action_set_faces      (PenAction   *self,
                                        const guint *faces,
                                        guint        n_faces);
/* A threat action's Trial: the Threat step of the Trial trial_row[index] (index >= 0) or of
 * the wizard's reserved Trial card ("trial": {"index": N} / {"card": ID}). The roll then
 * begins that Trial when it is not in progress yet, so that a Mortal Wound takes its card out
 * of the game. Set before submitting. */
void         pen_action_set_trial      (PenAction   *self,
                                        int          index,
                                        const char  *card);
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

/* The Threat dice the "withstand" task of a contract-take's Contract or a trial-take's path
 * rolls on table (0: another task, an unknown one, a Rival's, or the faces are given already):
 * what to ask the table for when the action is refused with PEN_ERROR_NEEDS_FACES on
 * "$.withstand". note (may be NULL) gets the task's line with the odds of no Mortal Wound
 * ("Withstand 2 Threat dice: 83% chance of no Mortal Wound."), translated. */
guint        pen_action_withstand_dice (PenAction   *self,
                                        PenTable    *table,
                                        char       **note);
/* Writes the Yellow dice discarded for DEFEND before that task's roll ("defend": supply
 * indices; none: the member goes) */
void         pen_action_set_defend     (PenAction   *self,
                                        const guint *dice,
                                        guint        n_dice);
/* Writes the faces the table rolled for that task ("withstand"), 1 to 6 each */
void         pen_action_set_withstand  (PenAction   *self,
                                        const guint *faces,
                                        guint        n_faces);

/* Every action type, for tests and documentation */
const char * const *pen_action_list_kinds (void);

/* Typed constructors (pen-action-new.c): one for every kind of the kinds table, so that no
 * caller writes an action as JSON text. Each builds the action pen_action_new_from_json()
 * would read; a kind or key the table does not know is a programming error (a critical
 * warning and NULL; test-actions checks every kind against the table). wizard: the index in
 * the turn order; index: a die's place in the supply; cell: a Mark cell; card: a card id.
 * Optional strings may be NULL; "primagic" pays the manipulation with Crystals. */
PenAction   *pen_action_new_with_params     (const char  *kind,
                                             JsonObject  *params);
PenAction   *pen_action_new_die_gain        (guint        wizard,
                                             PenColor     color,
                                             gboolean     temporary);
PenAction   *pen_action_new_die_discard     (guint        wizard,
                                             guint        index);
PenAction   *pen_action_new_die_place       (guint        wizard,
                                             guint        index);
PenAction   *pen_action_new_die_set         (guint        wizard,
                                             guint        index,
                                             guint        value);
PenAction   *pen_action_new_die_flip        (guint        wizard,
                                             guint        index,
                                             gboolean     primagic);
PenAction   *pen_action_new_die_adjust      (guint        wizard,
                                             guint        index,
                                             int          delta,
                                             gboolean     primagic);
PenAction   *pen_action_new_die_reroll      (guint        wizard,
                                             guint        index,
                                             gboolean     primagic);
PenAction   *pen_action_new_die_recolor     (guint        wizard,
                                             guint        index,
                                             PenColor     color);
PenAction   *pen_action_new_ingredient_gain (guint        wizard,
                                             PenIngredient ingredient,
                                             guint        count);
PenAction   *pen_action_new_ingredient_spend (guint       wizard,
                                             PenIngredient ingredient,
                                             guint        count);
PenAction   *pen_action_new_mark_gain       (guint        wizard,
                                             PenMarkKind  kind);
/* op: "use", "recharge", "wound", "heal" or "blood" */
PenAction   *pen_action_new_mark            (const char  *op,
                                             guint        wizard,
                                             guint        cell);
PenAction   *pen_action_new_card_gain       (guint        wizard,
                                             const char  *card,
                                             const char  *zone);
PenAction   *pen_action_new_card_rotate     (guint        wizard,
                                             const char  *card,
                                             gboolean     rotated);
PenAction   *pen_action_new_card_move       (guint        wizard,
                                             const char  *card,
                                             const char  *zone);
PenAction   *pen_action_new_card_discard    (guint        wizard,
                                             const char  *card);
/* slot < 0: the card is named instead (one from the deck or the reserve) */
PenAction   *pen_action_new_contract_take   (guint        wizard,
                                             int          slot,
                                             const char  *card);
PenAction   *pen_action_new_contract_reserve (guint       wizard,
                                             int          slot,
                                             const char  *card);
/* index < 0: the wizard's reserved card named by card */
PenAction   *pen_action_new_trial_take      (guint        wizard,
                                             int          index,
                                             const char  *card,
                                             PenPath      path);
PenAction   *pen_action_new_trial_fail      (guint        wizard,
                                             int          index,
                                             const char  *card);
PenAction   *pen_action_new_trial_reserve   (guint        wizard,
                                             guint        index);
/* properties: the trial-begin "properties" object (NULL: none) */
PenAction   *pen_action_new_trial_begin     (guint        wizard,
                                             int          index,
                                             const char  *card,
                                             JsonObject  *properties);
/* the same with the card's Properties typed: rift and vigilance the X of Rift (X) and
 * Vigilance (X) (0: the card has none), flags the others it has (Shield, Trap, Suppress …;
 * not Rift or Vigilance), shield_task the Shield's task as the table reads it (NULL or "":
 * not written down) */
PenAction   *pen_action_new_trial_begin_with (guint       wizard,
                                             int          index,
                                             const char  *card,
                                             guint        rift,
                                             guint        vigilance,
                                             PenTrialProperty flags,
                                             const char  *shield_task);
/* one of cancel (a Property id), with (a card) or shield_done */
PenAction   *pen_action_new_trial_property  (const char  *cancel,
                                             const char  *with,
                                             gboolean     shield_done);
PenAction   *pen_action_new_vigilance_use   (guint        count);
PenAction   *pen_action_new_fate            (guint        wizard,
                                             int          light,
                                             int          dark);
PenAction   *pen_action_new_mortal_wound    (guint        wizard);
PenAction   *pen_action_new_turn_start      (PenTurnKind  kind);
PenAction   *pen_action_new_turn_end        (const char  *reveal,
                                             const char  *contract);
PenAction   *pen_action_new_fate_reveal     (const char  *card);
/* vp < 0: not known (null) */
PenAction   *pen_action_new_goal_vp         (guint        wizard,
                                             const char  *goal,
                                             int          vp);
PenAction   *pen_action_new_setting_hide_odds (gboolean   hide_odds);
/* the die face under a Wizard board cell (0: unknown again) */
PenAction   *pen_action_new_board_value     (guint        cell,
                                             guint        value);
/* a game from an older save going on from its saved table; earlier: its old log (or NULL) */
PenAction   *pen_action_new_resume          (JsonNode    *table,
                                             JsonArray   *earlier);
/* an unnamed card of the table named: card as the catalogue's card as (pen-box.h) */
PenAction   *pen_action_new_card_identify   (const char  *card,
                                             const char  *as);
/* the same with what the table read: entry (may be NULL) a catalogue entry for a card the
 * catalogue lacks, values (may be NULL) the numbers printed on it (both kept by reference) */
PenAction   *pen_action_new_card_identify_full (const char *card,
                                             const char  *as,
                                             JsonObject  *entry,
                                             JsonObject  *values);
/* a die of the supply (index) placed in a location's section, with the section's effect:
 * value, threat the face the table rolled for a gained or Spark die or the Threat die (0: the
 * app rolls), slot the Contract fulfilled (-1: none), card the card taken (NULL: the top of
 * the deck), resource what each Resource die rolled by the table gave (n_resource of them) */
PenAction   *pen_action_new_place           (guint        wizard,
                                             guint        index,
                                             const char  *location,
                                             const char  *section,
                                             guint        value,
                                             guint        threat,
                                             int          slot,
                                             const char  *card,
                                             const PenIngredient *resource,
                                             guint        n_resource);
/* Primagic Bribe: wizard discards 1 Jewel to refresh market ("brewery", "shop" or a
 * Discipline's Class market, "ruby" …); reveal (nullable): the cards laid out, named by the
 * table (a table that says its market's cards; otherwise the deck's) */
PenAction   *pen_action_new_bribe           (guint        wizard,
                                             const char  *market,
                                             const char * const *reveal);
/* Primagic Knock Out on its own: wizard discards the Red die discard of their supply to
 * discard the die placed (pen_table_get_placed ()) in a location, whoever placed it */
PenAction   *pen_action_new_knock_out       (guint        wizard,
                                             guint        discard,
                                             guint        placed);
/* value: taken (a JSON value) */
PenAction   *pen_action_new_correct         (const char  *target,
                                             JsonNode    *value);
/* the same with a number or a string as the value */
PenAction   *pen_action_new_correct_int     (const char  *target,
                                             gint64       value);
PenAction   *pen_action_new_correct_string  (const char  *target,
                                             const char  *value);
PenAction   *pen_action_new_recount         (JsonArray   *corrections);
/* on_last_turn: the prophecy came true on the turn that has just ended, before the current
 * turn began (each player then has one more turn, the current one first) */
PenAction   *pen_action_new_prophecy_fulfil (const char  *card,
                                             gboolean     on_last_turn);
PenAction   *pen_action_new_rival_turn      (const char  *reveal,
                                             const char  *contract);
/* give, get: PEN_N_INGREDIENTS counts each */
PenAction   *pen_action_new_exchange        (guint        wizard,
                                             const guint *give,
                                             const guint *get);
/* pay: the payment object of pen-rest.h (NULL: pay nothing by hand) */
PenAction   *pen_action_new_brew            (guint        wizard,
                                             const char  *card,
                                             JsonObject  *pay);
PenAction   *pen_action_new_buy             (guint        wizard,
                                             const char  *card,
                                             JsonObject  *pay,
                                             const char  *reveal);
/* the same with what was paid by hand as PEN_N_INGREDIENTS counts (NULL: nothing by hand,
 * the printed cost) */
PenAction   *pen_action_new_brew_paid       (guint        wizard,
                                             const char  *card,
                                             const guint *pay);
PenAction   *pen_action_new_buy_paid        (guint        wizard,
                                             const char  *card,
                                             const guint *pay,
                                             const char  *reveal);
/* dice: supply indices; ingredients: PEN_N_INGREDIENTS counts; marks: the marks' cells */
PenAction   *pen_action_new_task_pay        (guint        wizard,
                                             const guint *dice,
                                             guint        n_dice,
                                             const guint *ingredients,
                                             const guint *marks,
                                             guint        n_marks);
/* counts: n_gains rows of PEN_N_INGREDIENTS counts, the gain of wizards[i] in row i */
PenAction   *pen_action_new_resource_gain   (const char  *event,
                                             guint        n_gains,
                                             const guint *wizards,
                                             const guint *counts);
/* The app rolls each of the n_gains Resource dice (app-dealt play, the faces known): one for
 * wizards[i] each, {"wizard": W, "roll": true} */
PenAction   *pen_action_new_resource_roll   (const char  *event,
                                             guint        n_gains,
                                             const guint *wizards);

/* A Threat roll ("threat"): prep (nullable: no preparation keys) as pen_threat_prep_apply()
 * reads it (defend_dice must be given when defend > 0); the n_dice faces rolled, or, when dice
 * is NULL, "count": n_dice (the game rolls); adjust and picks (nullable) one per die; source
 * (nullable) where it comes from. */
PenAction   *pen_action_new_threat          (guint                wizard,
                                             const PenThreatPrep *prep,
                                             const guint8        *dice,
                                             guint                n_dice,
                                             const gint          *adjust,
                                             const gint          *picks,
                                             const char          *source);

G_END_DECLS
