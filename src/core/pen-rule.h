/* pen-rule.h: the book's turn rules as named, overridable refusals, and the dice the table rolls
 *
 * An action the rulebook forbids is refused with a PEN_RULE_ERROR whose code is the PenRule
 * broken; the message is "PATH: reason (rule ID ...)" in English, for the CLI. The app shows
 * pen_rule_get_label () (translated) and may offer to do it anyway: the same action with
 * "override": true (pen_action_set_override ()) is then applied, and the log keeps the flag,
 * so the override is recorded; pen_action_get_overrides () lists the rules it overruled.
 *
 * Every action may also carry "faces": [..], the faces the table rolled, one per die the
 * action rolls, in order. In physical mode an action that rolls a die without a face is
 * refused with PEN_ERROR_NEEDS_FACES (the app asks the table, see pen_action_list_rolls ());
 * in app-dealt mode the game's seeded generator rolls the dice no face is given for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pen-table.h"

G_BEGIN_DECLS

#define PEN_RULE_ERROR (pen_rule_error_quark ())
GQuark pen_rule_error_quark (void);

/* The rules the core enforces; the GError code of a refusal in PEN_RULE_ERROR. The ids
 * (pen_rule_to_string) are stable: logs and translations use them. */
typedef enum
{
  PEN_RULE_NONE,
  PEN_RULE_TRIAL_ON_TRIAL_TURN,      /* trial-only-on-trial-turn */
  PEN_RULE_ONE_TRIAL_PER_TURN,       /* one-trial-per-turn */
  PEN_RULE_CONTRACT_ON_STUDY_TURN,   /* contract-only-on-study-turn */
  PEN_RULE_CONTRACT_NEEDS_GUILD,     /* contract-needs-guild-placement */
  PEN_RULE_CURRENT_PLAYER,           /* current-player-only */
  PEN_RULE_MORTAL_WOUND_ENDS_TURN,   /* mortal-wound-ends-turn */
  PEN_RULE_PLACEMENT_ON_STUDY_TURN,  /* placement-only-on-study-turn */
  PEN_RULE_PLACEMENTS_PER_TURN,      /* placements-per-turn */
  PEN_RULE_TRINKET_ONCE,             /* trinket-once-per-turn */
  PEN_RULE_REST_AFTER_MORTAL_WOUND,  /* rest-after-mortal-wound */
  PEN_RULE_ONE_MORTAL_WOUND,         /* one-mortal-wound-per-turn */
  PEN_RULE_RESERVED_TRIAL_ONLY,      /* reserved-trial-only */
  PEN_RULE_ONE_RESERVED_TRIAL,       /* one-reserved-trial */
  PEN_RULE_URGENT_NOT_RESERVED,      /* urgent-contract-not-reserved */
  PEN_RULE_SHIELD_FIRST,             /* shield-task-first */
  PEN_RULE_FATE_ON_TRIAL_OR_REST,    /* fate-only-after-trial-or-rest */
  PEN_RULE_RIFT_BEFORE_ROLL,         /* rift-before-roll */
  PEN_RULE_NOT_ON_THIS_TURN,         /* not-on-this-turn (Rest options, markets) */
  PEN_RULE_BIND_DURING_STUDY,        /* bind-during-study */
  PEN_RULE_BIND_CITY_PLACEMENT,      /* bind-city-placement */
  PEN_RULE_CELL_CONDITION,           /* cell-condition (locations) */
  PEN_RULE_CELL_TAKEN,               /* cell-taken */
  PEN_RULE_LOCATION_COST,            /* location-cost */
  PEN_RULE_LOCATION_GIVES,           /* location-gives */
  PEN_RULE_SHOP_ONE_ARTIFACT,        /* shop-one-artifact */
  PEN_RULE_CLASS_IN_GAME,            /* class-in-game */
  PEN_RULE_PROPHECY_CONDITION,       /* prophecy-condition */
  PEN_RULE_FATE_PRINTED_ORDER,       /* fate-printed-order */
  PEN_RULE_CONTRACT_TASK,            /* contract-task */
  PEN_RULE_STACK_DIFFICULTY,         /* stack-difficulty */
  PEN_RULE_BRIBE_DURING_STUDY,       /* bribe-during-study */
  PEN_RULE_KNOCK_OUT,                /* knock-out */
  PEN_RULE_CARD_STILL_POSSIBLE,      /* card-still-possible */
  PEN_RULE_TRIAL_TASK,               /* trial-task */
  PEN_RULE_DEFEND,                   /* defend */
  PEN_RULE_MARKET_CURRENCY,          /* market-currency */
  PEN_N_RULES
} PenRule;

const char *pen_rule_to_string     (PenRule       rule);
/* PEN_RULE_NONE for an unknown id */
PenRule     pen_rule_from_string   (const char   *id);
/* The rule in one line, in English (never translated: the CLI prints it) */
const char *pen_rule_get_reason    (PenRule       rule);
/* The same line, translated (for the app and history labels) */
const char *pen_rule_get_label     (PenRule       rule);
/* The rule an error refuses by, or PEN_RULE_NONE when error is not a rule refusal */
PenRule     pen_rule_from_error    (const GError *error);
/* Why error refuses, translated, for the table: what is short, with the numbers, where the
 * refusal said it (pen_rule_refuse_said), else the rule's label; NULL when error is not a rule
 * refusal */
const char *pen_rule_get_error_label (const GError *error);

/* ---- used by the actions (pen-action.c, pen-turn.c) ---- */

/* Refuses by rule unless the action being applied overrides it: then the override is noted
 * and TRUE is returned (go ahead). path names the JSON member, detail (printf, nullable)
 * adds what the table shows. */
gboolean    pen_rule_refuse        (PenTable     *table,
                                    PenRule       rule,
                                    const char   *path,
                                    GError      **error,
                                    const char   *detail,
                                    ...) G_GNUC_PRINTF (5, 6);
/* The same, with said (transfer full, translated: a whole sentence such as "Ann has 0 Arcana;
 * the Mark costs 2 Arcana") for pen_rule_get_error_label (); the English detail stays the CLI's.
 * Logs keep neither: only the rule ids overruled. */
gboolean    pen_rule_refuse_said   (PenTable     *table,
                                    PenRule       rule,
                                    const char   *path,
                                    GError      **error,
                                    char         *said,
                                    const char   *detail,
                                    ...) G_GNUC_PRINTF (6, 7);

/* A die the table rolls: the next of the action's "faces" when given; else, in physical mode
 * with must_ask, it is noted as missing (the action is then refused); else the game's
 * generator rolls it. */
guint       pen_rule_roll_die      (PenTable     *table,
                                    PenColor      color,
                                    gboolean      must_ask);

/* Around one action's apply: reads "override" and "faces" from params. collect: note every
 * die rolled (and ask for none). */
gboolean    pen_rule_begin         (PenTable     *table,
                                    JsonObject   *params,
                                    gboolean      collect,
                                    GError      **error);
/* Ends it. On success (apply_ok), fails with PEN_ERROR_NEEDS_FACES when physical dice lacked
 * a face and with PEN_ERROR_INVALID when faces were left over. overridden (GArray of guint
 * PenRule) and rolled (GArray of guint PenColor) may be NULL. */
gboolean    pen_rule_end           (PenTable     *table,
                                    gboolean      apply_ok,
                                    GArray      **overridden,
                                    GArray      **rolled,
                                    GError      **error);

G_END_DECLS
