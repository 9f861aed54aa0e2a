/* pen-threat.h: the Threat rules: preparing a Threat roll, resolving it, and its exact odds
 *
 * A Threat roll has three steps (rulebook, "Threat"):
 *
 *  1. Preparation: effects discard Threat dice (cards, DEFEND with Yellow dice), and at the end
 *     of the step the "before the Threat roll" Properties such as Rift (X) trigger.
 *     → PenThreatPrep, pen_threat_prep_apply().
 *  2. The roll (the faces the table reports, after any "adjust" effects).
 *  3. Distribution, one Threat die at a time: a supply die of the same face is lost; otherwise a
 *     non-wounded mark of that value is wounded; otherwise a wounded mark of that value gives a
 *     Mortal Wound; otherwise the die misses.  → pen_threat_resolve().
 *
 * Why the order of the Threat dice never matters: a die of face f only ever touches supply dice
 * of face f and marks of value f. With k dice of face f, s supply dice of that face, u
 * non-wounded and w wounded marks of that value, the first min (k, s) dice knock out supply dice,
 * the next ones wound marks (at most u), and any die beyond s + u falls on a wounded mark (one
 * exists if u + w > 0), whatever the order. So the counts of lost dice, wounds and Mortal Wound
 * hits are fixed by the face counts alone, and the pieces chosen are too, because every choice
 * below is a fixed ranking. The exact odds use this: per face, the outcome is a function of k,
 * and the faces combine through the multinomial law of the face counts (see pen_threat_odds_new()).
 *
 * Choices the rulebook leaves to the player, and the defaults (they keep the most useful pieces;
 * PenThreatChoices overrides them):
 *  - Which supply die of the face to lose: by colour Bone first, then the coloured dice (red,
 *    orange, yellow, green, blue, purple), then Spark last; `lose_first` puts colours in front.
 *    Within a colour a temporary die goes first (it leaves at the end of the turn anyway; set
 *    `keep_temporary` for the opposite), then the lowest supply index.
 *  - Which non-wounded mark of the value to wound: a discharged one before a charged one (its
 *    effect is spent already), a discipline mark before a Spark mark (Spark marks work with
 *    every colour), then the lowest cell index.
 *  - Which wounded mark "takes" a Mortal Wound hit: irrelevant to the rules; the lowest index is
 *    reported.
 *
 * Mortal Wounds: at most one card per turn. A die that falls on a wounded mark when
 * mortal_wound_this_turn is already TRUE gains nothing more (and is not a miss). The remaining
 * Threat dice are still resolved against the supply as it stands; only after the whole roll does
 * the card discard every die left in the supply and set mortal_wound_this_turn.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "pen-types.h"

G_BEGIN_DECLS

/* The odds work for any count up to this (the CLI accepts 0 to 30). */
#define PEN_THREAT_ODDS_MAX_DICE 100

/* ---- Choices -------------------------------------------------------------------------------- */

typedef struct
{
  /* Colours to lose first, in this order; the colours not listed follow in the default order.
   * A colour listed twice counts at its first place. */
  PenColor     lose_first[PEN_N_COLORS];
  guint        n_lose_first;
  gboolean     keep_temporary;       /* lose permanent dice before temporary ones */
  gboolean     wound_charged_first;  /* wound a charged mark before a discharged one */
  /* "Until end of turn: Ignore all dice in your supply when distributing Threat" (an Artifact
   * the rulebook quotes): every Threat die goes straight to the marks. */
  gboolean     ignore_supply;
  /* NULL, or one entry per Threat die: the piece this die takes when it has a choice, -1 for the
   * default. When the die hits the supply it is an index into the ORIGINAL supply; when it wounds
   * a mark, a mark index. A pick that does not fit (wrong face or value, already lost or wounded)
   * is replaced by the default and pen_threat_resolve() returns FALSE. */
  const gint  *picks;
} PenThreatChoices;

/* Fills in the defaults above (no colour in front, no picks). */
void         pen_threat_choices_init         (PenThreatChoices *choices);

/* ---- Resolution (step 3) -------------------------------------------------------------------- */

typedef enum
{
  PEN_THREAT_HIT_DIE,      /* knocked a supply die out */
  PEN_THREAT_HIT_MARK,     /* wounded a non-wounded mark */
  PEN_THREAT_HIT_WOUNDED,  /* fell on a wounded mark: a Mortal Wound (if none yet this turn) */
  PEN_THREAT_MISS,
} PenThreatHit;

typedef struct
{
  guint8       face;
  PenThreatHit hit;
  gint         target;  /* HIT_DIE: index in the original supply; HIT_MARK, HIT_WOUNDED: mark
                         * index; MISS: -1 */
} PenThreatDieResult;

typedef struct
{
  guint        index;   /* in the original supply */
  PenDieValue  die;
} PenThreatLostDie;

typedef struct
{
  PenBoard    *board;          /* the board after the roll (and after a Mortal Wound's discard) */
  GArray      *dice;           /* PenThreatDieResult, one per Threat die, in input order */
  GArray      *lost;           /* PenThreatLostDie knocked out by Threat dice, in the order
                                * they were resolved */
  GArray      *wounded;        /* guint mark indices newly wounded, in resolution order */
  GArray      *misses;         /* guint8 faces of the dice that missed, in input order */
  guint        n_wounded_hits; /* dice that fell on a wounded mark */
  gboolean     mortal_wound;   /* a Mortal Wound card is gained by this roll */
  GArray      *discarded;      /* PenThreatLostDie the Mortal Wound card discarded afterwards */
} PenThreatResult;

/* Resolves dice[0..n_dice-1] (faces 1-6) against board, one die at a time in the given order
 * (any order gives the same counts). result is overwritten, not freed: release it with
 * pen_threat_result_clear(). choices may be NULL for the defaults.
 *
 * Returns: TRUE, or FALSE when some pick in choices could not be honoured (the default was
 * used for it; the result is complete either way). */
gboolean     pen_threat_resolve              (const PenBoard         *board,
                                              const guint8           *dice,
                                              guint                   n_dice,
                                              const PenThreatChoices *choices,
                                              PenThreatResult        *result);
void         pen_threat_result_clear         (PenThreatResult        *result);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PenThreatResult, pen_threat_result_clear)

/* ---- Preparation (step 1) ------------------------------------------------------------------- */

typedef struct
{
  guint        threat;          /* Threat dice that effects may discard */
  guint        uncancellable;   /* Threat dice of an uncancellable Threat: nothing discards them */
  guint        discard;         /* dice discarded by cards ("discard X Threat dice"), in total,
                                 * each at full strength; more than there are discards what is
                                 * left */
  gboolean     discard_all;     /* a card discards every cancellable die (e.g. Invisibility) */
  guint        n_cards;         /* Wizard cards or chains applied before the roll */
  gint         vigilance;       /* Vigilance (X) of the Trial, or -1; it limits n_cards, never
                                 * Primagic */
  guint        defend_placed;   /* DEFEND by placing a Yellow die in the location: the die is
                                 * already off the supply, each discards one Threat die */
  guint        defend;          /* DEFEND by discarding Yellow dice from the supply */
  const guint *defend_dice;     /* NULL (default pick, pen_threat_defend_order()) or `defend`
                                 * indices of Yellow dice in the supply */
  /* Rift and Vigilance act only on a Trial's main Threat roll, not on Retaliation or a
   * "withstand Threat" task: leave them 0 / -1 for those rolls. */
  guint        rift;            /* Rift (X): X supply dice are discarded at the end of step 1 */
  const guint *rift_dice;       /* NULL (default pick, pen_threat_rift_order()) or
                                 * min (rift, dice left) indices in the ORIGINAL supply, not
                                 * among the DEFEND dice */
} PenThreatPrep;

typedef struct
{
  PenBoard    *board;       /* the board that faces the roll */
  guint        n_dice;      /* Threat dice to roll */
  guint        n_cancelled; /* cancellable Threat dice discarded (cards and DEFEND) */
  GArray      *defended;    /* PenThreatLostDie: Yellow dice discarded for DEFEND */
  GArray      *rifted;      /* PenThreatLostDie: dice discarded by Rift */
} PenThreatPrepResult;

/* { threat, 0, 0, FALSE, 0, vigilance -1, 0, 0, NULL, 0, NULL } */
void         pen_threat_prep_init            (PenThreatPrep          *prep,
                                              guint                   threat);

/* Applies step 1 to board. Refuses (PEN_ERROR_REFUSED) more cards than Vigilance allows, more
 * DEFEND than there are cancellable Threat dice, or more Yellow dice than the supply holds;
 * rejects (PEN_ERROR_INVALID) explicit dice that are not what they should be. Card discards
 * beyond the dice left simply discard them all. Rift discards as many dice as it can. choices
 * (nullable) gives the colour order of the default Rift pick. result is overwritten; release it
 * with pen_threat_prep_result_clear(). */
gboolean     pen_threat_prep_apply           (const PenBoard         *board,
                                              const PenThreatPrep    *prep,
                                              const PenThreatChoices *choices,
                                              PenThreatPrepResult    *result,
                                              GError                **error);
void         pen_threat_prep_result_clear    (PenThreatPrepResult    *result);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PenThreatPrepResult, pen_threat_prep_result_clear)

/* Default order in which Yellow dice are spent on DEFEND (array of guint supply indices, all
 * Yellow dice): first those whose face protects least in the coming roll (a face with no mark
 * under it, then one with only non-wounded marks, last one with a wounded mark, where a Threat
 * die would be a Mortal Wound), then temporary before permanent, then the lowest index. */
GArray      *pen_threat_defend_order         (const PenBoard         *board);
/* Default order of the dice Rift discards (array of guint supply indices, every die): by the
 * same colour order as losses to Threat (choices, nullable), then temporary first, then the
 * face that protects least (as above), then the lowest index. */
GArray      *pen_threat_rift_order           (const PenBoard         *board,
                                              const PenThreatChoices *choices);

/* ---- Exact odds ----------------------------------------------------------------------------- */

typedef struct
{
  guint        n_dice;
  double       p_mortal_wound;      /* a Mortal Wound card is gained */
  double       p_wounded;           /* at least one new wound */
  double       p_unharmed;          /* no die lost, no wound, no Mortal Wound */
  double       expected_wounds;
  double       expected_dice_lost;  /* knocked out by Threat dice, not the Mortal Wound discard */
} PenThreatSummary;

typedef struct
{
  PenThreatSummary summary;
  guint        max_lost;    /* the joint law has (max_lost + 1) × (max_wounds + 1) × 2 cells */
  guint        max_wounds;
  double      *joint;       /* see pen_threat_odds_get() */
} PenThreatOdds;

/* The exact law of one roll of n_dice Threat dice (n_dice <= PEN_THREAT_ODDS_MAX_DICE) against
 * board, over all 6^n_dice equally likely rolls, computed from the face counts in a few
 * thousand operations per face (never by enumerating the rolls). ignore_supply as in
 * PenThreatChoices. "mortal" means a Mortal Wound card is gained: never when the board already
 * has one this turn. */
PenThreatOdds *pen_threat_odds_new           (const PenBoard         *board,
                                              guint                   n_dice,
                                              gboolean                ignore_supply);
void         pen_threat_odds_free            (PenThreatOdds          *odds);
/* P(lost dice = lost, new wounds = wounds, Mortal Wound card = mortal); 0 outside the table. */
double       pen_threat_odds_get             (const PenThreatOdds    *odds,
                                              guint                   lost,
                                              guint                   wounds,
                                              gboolean                mortal);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenThreatOdds, pen_threat_odds_free)

/* A short, translated line for the app, e.g. "Mortal Wound: 12%; about 1 wound; you lose about
 * 2 dice". Free with g_free(). */
char        *pen_threat_summary_to_string    (const PenThreatSummary *summary);

/* ---- What if ----------------------------------------------------------------------------- */

typedef struct
{
  guint            removed;          /* extra cancellable Threat dice removed */
  gboolean         by_card_possible; /* FALSE when one more card would break Vigilance */
  PenThreatSummary by_card;          /* removed by one more card or chain ("discard X Threat
                                      * dice"): the supply keeps its dice */
  gboolean         by_defend_possible; /* FALSE when there are not enough Yellow dice */
  PenThreatSummary by_defend;        /* removed by DEFEND with that many more Yellow dice
                                      * (default pick), which leave the supply */
} PenThreatCurvePoint;

/* The odds after removing 0, 1, 2, … more cancellable Threat dice than prep already does, up to
 * all of them: an array of PenThreatCurvePoint. Each point goes through pen_threat_prep_apply()
 * (so Rift still applies after the extra DEFEND). Fails as that function does for prep itself,
 * and when a point would roll more than PEN_THREAT_ODDS_MAX_DICE dice. */
GArray      *pen_threat_what_if              (const PenBoard         *board,
                                              const PenThreatPrep    *prep,
                                              const PenThreatChoices *choices,
                                              GError                **error);

G_END_DECLS
