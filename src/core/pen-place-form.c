/* pen-place-form.c: the answers of a placement in progress, turned into a place action
 *
 * The place dialog shows the sections open to the die and, for the chosen one, what its
 * effect asks the table (the face of a gained die, the Threat die, the Contract fulfilled, the
 * card taken, what each Resource die gave). The form holds those answers, says when they are
 * enough, and builds the action with pen_action_new_place ().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-board-layout.h"
#include "pen-box.h"
#include "pen-locations.h"
#include "pen-mark.h"
#include "pen-place-form.h"
#include "pen-rest.h"
#include "pen-table-card.h"
#include "pen-tasks.h"
#include "pen-threat.h"
#include "pen-turn.h"

typedef struct
{
  char     *key;
  char     *question;
  GStrv     answers;
  GStrv     values;     /* for "slot", "card", "buy": what each answer after the first means;
                         * for "give-…", "get-…", "pay-…": the amount of each answer */
  gboolean  required;
  guint     answer;
  int       needed_by;  /* required only when question needed_by has an answer of needs */
  guint64   needs;      /* a bit per answer of needed_by */
  gboolean  pick;       /* "buy-N": the answer picks the card (values[answer - 1]) */
  gboolean  derived;    /* "pay-…": the answer is the known price of the card bought */
  gboolean  by_table;   /* the answer was given (pen_place_form_set_answer ()) */
  gboolean  off;        /* pointless now ("Get Fruits" while Fruits are given): insensitive */
  GStrv     all_answers;  /* a table's market picks ("buy…", "reveal-N"): every answer and */
  GStrv     all_values;   /* value, of which those still possible are offered */
} Question;

struct _PenPlaceForm
{
  GObject     parent_instance;

  guint       wizard;
  guint       index;
  PenColor    color;
  guint       value;
  gboolean    physical;
  GStrv       sections;
  int         chosen;
  GPtrArray  *questions;   /* Question */
  GStrv       contracts;   /* "slot" answers: the Contract row's slots with a card, and names */
  GStrv       contract_names;
  GStrv       contract_notes;
  GStrv       blood_notes[2];  /* the notes with the Blood from the supply first, the wounded
                                * Marks first; "" where the wizard has no such choice */
  guint64     blood_choice;    /* a bit per "slot" answer whose Blood is the wizard's choice */
  GStrv       contract_ids;
  guint       n_row_contracts;  /* the "slot" answers from the row; the reserved ones follow */
  GStrv       draws;       /* physical play: the Contracts the table may turn up */
  GPtrArray  *unknown_marks;  /* the names of the wizard's Marks whose value is not entered */
  GArray     *rest;        /* PenDieValue: the supply once the placed die has left it */
  GHashTable *markets;     /* market ("ruby", "brewery", "shop") -> GStrv of card ids face up */
  GHashTable *unknown;     /* market -> its face-up cards the table has not named (count) */
  gboolean    table_markets;  /* the table says the Brewery's and Shop's cards */
  GHashTable *market_draws;   /* "brewery", "shop" -> GStrv: the cards the table may name */
  GHashTable *market_spares;  /* "brewery", "shop" -> GStrv: placeholders for "another" */
  int         mark_cell;   /* the wizard's next free Discipline cell, or -1 */
  guint       have[PEN_N_INGREDIENTS];  /* the wizard's Ingredients */
  guint       n_open;      /* sections[n_open…] are Appear's: outside the cells, 1 Arcana */
  gboolean    hurry;       /* the turn's placements are used: this one is Hurry's, for a
                            * Trinket */
  GStrv       brewery_deck;  /* app-dealt: the Potion deck, top first (the cards turned up) */
  /* The Brewery ("buy any number of Potions"): its purchases are groups of questions
   * ("buy-N" and what goes with it) from buy_start; a group is added once the last is
   * bought and dropped once it may not be, so any number can be bought */
  gboolean    buy_more;
  gboolean    buy_artifact;
  guint       buy_start;
  GArray     *buy_groups;  /* guint: the index of each group's first question */
  GArray     *reds;        /* guint: the supply's Red dice but the one placed (Knock Out) */
  PenBoard   *board;       /* the wizard's, the placed die gone: what a Withstand roll meets */
  GArray     *red_values;  /* guint: their faces */
  int         insert_at;   /* add_question () inserts there; -1: at the end */
  gboolean    wounded_this_turn;  /* the wizard has had this turn's Mortal Wound */
  int         blood_mark;  /* the cell of the wounded Mark that would pay 1 Blood, or -1 */
  const char *blood_mark_name;
};

G_DEFINE_FINAL_TYPE (PenPlaceForm, pen_place_form, G_TYPE_OBJECT)

enum {
  QUESTIONS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_CHOSEN,
  PROP_COMPLETE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean is_required (PenPlaceForm       *self,
                             Question           *q);
static Question *question   (PenPlaceForm       *self,
                             guint               i);
static GStrv    with_first  (const char         *first,
                             const char * const *rest);

/* what a Resource die can show: its faces show Fruits, Crystals and Jewels (Ingredients ›
 * Resource die), never Blood, Trinkets or Arcana */
static const PenIngredient resource_ingredients[] = {
  PEN_INGREDIENT_FRUIT, PEN_INGREDIENT_CRYSTAL, PEN_INGREDIENT_JEWEL,
};

static void
question_free (gpointer data)
{
  Question *q = data;

  g_free (q->key);
  g_free (q->question);
  g_strfreev (q->answers);
  g_strfreev (q->values);
  g_strfreev (q->all_answers);
  g_strfreev (q->all_values);
  g_free (q);
}

static void
split (const char  *open,
       char       **location,
       char       **section)
{
  const char *slash = strchr (open, '/');

  const char *plus = strchr (open, '+');

  /* "LOCATION/SECTION", then a Primagic's mark ("+appear", "+knock-out" …) */
  *location = g_strndup (open, slash - open);
  *section = plus != NULL ? g_strndup (slash + 1, plus - slash - 1) : g_strdup (slash + 1);
}

static Question *add_question (PenPlaceForm *self,
                                const char   *key,
                                const char   *question,
                                GStrv         answers,
                                GStrv         values,
                                gboolean      required);

/* USE BLOOD: "instead of discarding 1 Blood from your Ingredient supply you can flip any
 * wounded Mark": the wizard's choice, asked with nothing preselected for each Contract where it
 * changes what is taken (play finding S9) */
static void
add_blood_question (PenPlaceForm *self,
                    int           slot_index)
{
  static const char * const values[] = { "supply-first", "marks-first", NULL };
  const char * const answers[] = {
    "—", _("Blood from the supply first"), _("Wounded Marks first"), NULL
  };
  Question *q = add_question (self, "blood", _("Blood paid with"), g_strdupv ((char **) answers),
                              g_strdupv ((char **) values), FALSE);

  q->needed_by = slot_index;
  q->needs = self->blood_choice;
}

static Question *
add_question (PenPlaceForm *self,
              const char   *key,
              const char   *question,
              GStrv         answers,
              GStrv         values,
              gboolean      required)
{
  Question *q = g_new0 (Question, 1);

  q->key = g_strdup (key);
  q->question = g_strdup (question);
  q->answers = answers;
  q->values = values;
  q->required = required;
  q->needed_by = -1;
  if (self->insert_at >= 0)
    g_ptr_array_insert (self->questions, self->insert_at++, q);
  else
    g_ptr_array_add (self->questions, q);
  return q;
}

/* The index the next question added takes */
static int
next_index (PenPlaceForm *self)
{
  return self->insert_at >= 0 ? self->insert_at : (int) self->questions->len;
}

/* "0", "step", "2 step" … up to max, the amounts as values too */
static Question *
add_amount_question (PenPlaceForm *self,
                     const char   *key,
                     const char   *question,
                     const char   *first,
                     guint         step,
                     guint         max)
{
  g_autoptr(GStrvBuilder) answers = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
  Question *q;

  if (first != NULL)
    g_strv_builder_add (answers, first);
  for (guint v = 0; v <= max; v += step)
    {
      g_autofree char *text = g_strdup_printf ("%u", v);

      g_strv_builder_add (answers, text);
      g_strv_builder_add (values, text);
    }
  q = add_question (self, key, question, g_strv_builder_end (answers),
                    g_strv_builder_end (values), FALSE);
  /* "—" and "0" only: the one possible answer is chosen (play finding U10: "Trinkets paid"
   * had to be answered 0 by a wizard without a Trinket) */
  if (first != NULL && max < step)
    q->answer = 1;
  return q;
}

/* What purchase n paid for a card whose price is not known, "pay-N-jewel" and so on: only the
 * Ingredients its market sells for (pen_rest_purchase_currencies: the Brewery's Jewels, the
 * Shop's Jewels and Trinkets), each asked while an answer of needs is chosen at question buy;
 * card (nullable) is named in the question */
static void
add_pay_questions (PenPlaceForm *self,
                   guint         n,
                   PenCardType   type,
                   const char   *card,
                   int           buy,
                   guint64       needs)
{
  PenIngredient currencies[PEN_REST_MAX_CURRENCIES];
  guint n_currencies = pen_rest_purchase_currencies (type, currencies);

  for (guint k = 0; k < n_currencies; k++)
    {
      PenIngredient ing = currencies[k];
      g_autofree char *key = g_strdup_printf ("pay-%u-%s", n, pen_ingredient_to_string (ing));
      g_autofree char *ask = NULL;
      Question *q;

      if (ing == PEN_INGREDIENT_TRINKET)
        ask = g_strdup (_("Trinkets paid"));
      else if (card != NULL)
        ask = g_strdup_printf (_("Jewels paid for %s"), pen_turn_card_name (card));
      else
        ask = g_strdup (_("Jewels paid"));
      q = add_amount_question (self, key, ask, "—", 1, self->have[ing]);
      q->needed_by = buy;
      q->needs = needs;
    }
}

static const PenIngredient bazaar_ingredients[] = {
  PEN_INGREDIENT_FRUIT, PEN_INGREDIENT_CRYSTAL, PEN_INGREDIENT_JEWEL, PEN_INGREDIENT_TRINKET,
};

/* The lots of the Bazaar's Ingredients the wizard has (4 Fruits = 3 Crystals = 2 Jewels = 1
 * Trinket: Locations › Bazaar) */
static guint
exchange_lots (PenPlaceForm *self)
{
  guint lots = 0;

  for (guint k = 0; k < G_N_ELEMENTS (bazaar_ingredients); k++)
    lots += self->have[bazaar_ingredients[k]] / pen_rest_bazaar_lot (bazaar_ingredients[k]);
  return lots;
}

static int find_index (PenPlaceForm *self,
                       const char   *key);

/* The Bazaar: what is given (up to what the wizard has) and what is got, lot by lot. An
 * Ingredient is never offered on both sides: "Get Fruits" is off (insensitive) while Fruits are
 * given, and "Give Fruits" while Fruits are got; each row is on again once its other side is 0.
 * The rows stay where they are: one that went away moved those below it 77 px under the
 * finger (play finding Q5). emit: say each row added or removed ("questions-changed"). */
static void
sync_exchange (PenPlaceForm *self,
               gboolean      emit)
{
  guint lots = exchange_lots (self);
  int at = -1;

  if (lots == 0)
    return;
  for (guint i = 0; i < self->questions->len && at < 0; i++)
    if (g_str_has_prefix (question (self, i)->key, "give-")
        || g_str_has_prefix (question (self, i)->key, "get-"))
      at = (int) i;
  if (at < 0)
    at = (int) self->questions->len;
  for (guint side = 0; side < 2; side++)
    for (guint k = 0; k < G_N_ELEMENTS (bazaar_ingredients); k++)
      {
        PenIngredient ing = bazaar_ingredients[k];
        guint lot = pen_rest_bazaar_lot (ing);
        guint max = side == 0 ? self->have[ing] / lot * lot : lots * lot;
        g_autofree char *key = g_strdup_printf ("%s-%s", side == 0 ? "give" : "get",
                                                pen_ingredient_to_string (ing));
        g_autofree char *other = g_strdup_printf ("%s-%s", side == 0 ? "get" : "give",
                                                  pen_ingredient_to_string (ing));
        int other_at = find_index (self, other);
        gboolean wanted = max > 0;
        gboolean off = other_at >= 0 && question (self, other_at)->answer != 0;
        gboolean present = at < (int) self->questions->len
                           && g_str_equal (question (self, at)->key, key);

        if (wanted && !present)
          {
            g_autofree char *ask = g_strdup_printf (side == 0 ? _("Give %s") : _("Get %s"),
                                                    pen_ingredient_get_label (ing));

            self->insert_at = at;
            add_amount_question (self, key, ask, NULL, lot, max)->off = off;
            self->insert_at = -1;
            if (emit)
              g_signal_emit (self, signals[QUESTIONS_CHANGED], 0, at, 0, 1);
          }
        else if (!wanted && present)
          {
            g_ptr_array_remove_index (self->questions, at);
            if (emit)
              g_signal_emit (self, signals[QUESTIONS_CHANGED], 0, at, 1, 0);
            continue;
          }
        if (wanted && present)
          question (self, at)->off = off;
        if (wanted)
          at++;
      }
}

static gboolean
cost_known (const char *id)
{
  PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), id);
  guint cost[PEN_N_INGREDIENTS];

  return card != NULL && pen_rest_purchase_cost (card, cost);
}

/* What card costs to buy, as printed ("1 Crystal, 1 Fruit"), or that it is not known: a card
 * not named yet ("price unknown") or one whose price the catalogue lacks ("price not
 * printed"). Never a number the catalogue does not hold. Transfer full. */
static char *
price_text (const char *id)
{
  PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), id);
  guint cost[PEN_N_INGREDIENTS];
  g_autoptr(GString) text = g_string_new (NULL);

  if (card == NULL || pen_card_is_placeholder (card))
    return g_strdup (_("price unknown"));
  if (!pen_rest_purchase_cost (card, cost))
    return g_strdup (_("price not printed"));
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    if (cost[k] > 0)
      {
        g_autofree char *amount = pen_ingredient_format_amount (k, cost[k]);

        if (text->len > 0)
          /* Translators: between the amounts of a price: "1 Crystal, 1 Fruit" */
          g_string_append (text, _(", "));
        g_string_append (text, amount);
      }
  if (text->len == 0)
    return g_strdup (_("free"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A table that says its market's cards (pen_table_get_table_markets): which card it bought,
 * of those face up that it named or, while some are unknown, any still possible or another
 * (named later), and which it turned up in the vacated place (Locations › Brewery, Shop: "Right
 * after buying …, reveal a new … card from the top of the deck"); the Brewery's two purchases
 * (the second may be the card just turned up), the Shop's one; what was paid for a card whose
 * cost is unknown. */
static gboolean
add_table_buy_group (PenPlaceForm *self,
                     gboolean      artifact,
                     guint         n)
{
  const char *market = artifact ? "shop" : "brewery";
  const char * const *named = g_hash_table_lookup (self->markets, market);
  const char * const *draws = g_hash_table_lookup (self->market_draws, market);
  const char * const *spares = g_hash_table_lookup (self->market_spares, market);
  gboolean unknown = GPOINTER_TO_UINT (g_hash_table_lookup (self->unknown, market)) > 0;
  gboolean another = spares != NULL && spares[0] != NULL;
  const char *another_name = artifact ? _("Another Artifact: name it later")
                                      : _("Another Potion: name it later");

    {
      g_autofree char *key = artifact ? g_strdup ("buy") : g_strdup_printf ("buy-%u", n);
      g_autofree char *rkey = g_strdup_printf ("reveal-%u", n);
      g_autoptr(GStrvBuilder) bnames = g_strv_builder_new ();
      g_autoptr(GStrvBuilder) bvalues = g_strv_builder_new ();
      g_autoptr(GStrvBuilder) rnames = g_strv_builder_new ();
      g_autoptr(GStrvBuilder) rvalues = g_strv_builder_new ();
      g_auto(GStrv) bought_names = NULL, bought = NULL, turned_names = NULL, turned = NULL;
      /* an unknown card may be any still possible; so may the one the first purchase
       * turned up, which the second may buy */
      gboolean any = unknown || n > 0;
      guint64 unknown_cost = 0;
      int buy = next_index (self);
      Question *q;

      for (guint i = 0; named != NULL && named[i] != NULL; i++)
        {
          g_strv_builder_add (bnames, pen_turn_card_name (named[i]));
          g_strv_builder_add (bvalues, named[i]);
        }
      for (guint i = 0; draws != NULL && draws[i] != NULL; i++)
        {
          g_strv_builder_add (rnames, pen_turn_card_name (draws[i]));
          g_strv_builder_add (rvalues, draws[i]);
          if (any)
            {
              g_strv_builder_add (bnames, pen_turn_card_name (draws[i]));
              g_strv_builder_add (bvalues, draws[i]);
            }
        }
      /* "": another card, not named yet (a placeholder when the action is built) */
      if (another)
        {
          g_strv_builder_add (rnames, another_name);
          g_strv_builder_add (rvalues, "");
          if (any)
            {
              g_strv_builder_add (bnames, another_name);
              g_strv_builder_add (bvalues, "");
            }
        }
      bought_names = g_strv_builder_end (bnames);
      bought = g_strv_builder_end (bvalues);
      turned_names = g_strv_builder_end (rnames);
      turned = g_strv_builder_end (rvalues);
      if (bought[0] == NULL)
        return FALSE;
      for (guint i = 0; bought[i] != NULL && i + 1 < 64; i++)
        if (*bought[i] == '\0' || !cost_known (bought[i]))
          unknown_cost |= G_GUINT64_CONSTANT (1) << (i + 1);

      q = add_question (self, key, artifact ? _("Artifact bought")
                                            : n == 0 ? _("Potion bought")
                                                     : _("Another Potion bought"),
                        /* TRANSLATORS: no Potion, or no Artifact, bought */
                        with_first (artifact ? _("None") : C_("potion bought", "None"),
                                    (const char * const *) bought_names),
                        g_steal_pointer (&bought), FALSE);
      q->pick = TRUE;
      q->all_answers = g_strdupv (q->answers);
      q->all_values = g_strdupv (q->values);
      if (turned[0] != NULL)
        {
          q = add_question (self, rkey, artifact ? _("Artifact turned up in the Shop")
                                                 : _("Potion turned up in the Brewery"),
                            with_first ("—", (const char * const *) turned_names),
                            g_steal_pointer (&turned), FALSE);
          q->needed_by = buy;
          q->needs = ~G_GUINT64_CONSTANT (1);
          q->all_answers = g_strdupv (q->answers);
          q->all_values = g_strdupv (q->values);
        }
      if (unknown_cost != 0)
        add_pay_questions (self, n, artifact ? PEN_CARD_ARTIFACT : PEN_CARD_POTION, NULL, buy,
                           unknown_cost);
    }
  return TRUE;
}

/* The Brewery's purchases: which groups of questions there should be now. At a real table,
 * two to start with (the second may be the card the first turned up), then one more after
 * each purchase, up to the box's Potions; app-dealt, one per face-up Potion and one per card
 * a purchase turns up from the deck, in the order the core buys them */
static guint
n_buy_groups_wanted (PenPlaceForm *self)
{
  guint n = self->buy_groups->len;
  guint wanted;

  if (self->table_markets)
    {
      int box = pen_catalog_get_box_count (pen_catalog_get_default (), PEN_CARD_POTION);
      guint last = 0;

      for (guint g = 0; g < n; g++)
        if (question (self, g_array_index (self->buy_groups, guint, g))->answer > 0)
          last = g + 1;
      wanted = MAX (2, last + 1);
      return MIN (wanted, (guint) MAX (box, 2));
    }
  else
    {
      const char * const *ids = g_hash_table_lookup (self->markets, "brewery");
      guint face_up = ids != NULL ? g_strv_length ((char **) ids) : 0;
      guint total = face_up + (self->brewery_deck != NULL
                               ? g_strv_length (self->brewery_deck) : 0);
      guint bought = 0;

      wanted = face_up;
      /* a card turned up may be bought only after the purchase that turned it up */
      for (guint g = 0; g < wanted && g < n; g++)
        if (question (self, g_array_index (self->buy_groups, guint, g))->answer > 0)
          {
            bought++;
            wanted = MIN (face_up + bought, total);
          }
      return wanted;
    }
}

static gboolean add_dealt_buy_group (PenPlaceForm *self,
                                     guint         n);
static void     derive_pay          (PenPlaceForm *self,
                                     guint         i);

/* A market pick offers those of its answers whose card is not in taken ("": another card, not
 * named yet, always stays); the card chosen stays chosen while it is offered. TRUE when the
 * answers or the answer changed. */
static gboolean
offer_possible (Question   *q,
                GHashTable *taken)
{
  g_autoptr(GStrvBuilder) answers = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
  g_autofree char *chosen = q->answer > 0 ? g_strdup (q->values[q->answer - 1]) : NULL;
  g_auto(GStrv) new_answers = NULL, new_values = NULL;
  guint answer = 0;

  g_strv_builder_add (answers, q->all_answers[0]);
  for (guint j = 0; q->all_values[j] != NULL; j++)
    if (*q->all_values[j] == '\0' || !g_hash_table_contains (taken, q->all_values[j]))
      {
        g_strv_builder_add (answers, q->all_answers[j + 1]);
        g_strv_builder_add (values, q->all_values[j]);
      }
  new_answers = g_strv_builder_end (answers);
  new_values = g_strv_builder_end (values);
  for (guint j = 0; chosen != NULL && answer == 0 && new_values[j] != NULL; j++)
    if (g_str_equal (new_values[j], chosen))
      answer = j + 1;
  if (answer == q->answer && g_strv_equal ((const char * const *) new_answers,
                                           (const char * const *) q->answers)
      && g_strv_equal ((const char * const *) new_values, (const char * const *) q->values))
    return FALSE;
  g_strfreev (q->answers);
  g_strfreev (q->values);
  q->answers = g_steal_pointer (&new_answers);
  q->values = g_steal_pointer (&new_values);
  if (answer != q->answer)
    q->by_table = FALSE;
  q->answer = answer;
  return TRUE;
}

/* A table that says its market's cards: each purchase and each card turned up offers only the
 * cards still possible after the ones before it in the same placement (play finding X2: the
 * card just bought was offered as the one turned up in its place, which the core refuses). A
 * card bought is bought no more and is not the one turned up; a card turned up is not turned
 * up again (it may be bought next). TRUE when a purchase's answer had to go. */
static gboolean
offer_market_picks (PenPlaceForm *self)
{
  g_autoptr(GHashTable) bought = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gboolean lost = FALSE;

  if (!self->table_markets)
    return FALSE;
  for (guint i = 0; i < self->questions->len; i++)
    {
      Question *q = question (self, i);
      gboolean buy = g_str_has_prefix (q->key, "buy");
      guint before = q->answer;
      const char *id;

      if (q->all_values == NULL || !(buy || g_str_has_prefix (q->key, "reveal-")))
        continue;
      if (offer_possible (q, buy ? bought : shown))
        {
          if (buy)
            {
              guint64 unknown_cost = 0;

              /* what was paid is asked for the cards whose price is not known: by answer */
              for (guint j = 0; q->values[j] != NULL && j + 1 < 64; j++)
                if (*q->values[j] == '\0' || !cost_known (q->values[j]))
                  unknown_cost |= G_GUINT64_CONSTANT (1) << (j + 1);
              for (guint j = 0; j < self->questions->len; j++)
                if (question (self, j)->needed_by == (int) i
                    && g_str_has_prefix (question (self, j)->key, "pay-"))
                  question (self, j)->needs = unknown_cost;
              if (q->answer != before)
                {
                  lost = TRUE;
                  derive_pay (self, i);
                }
            }
          g_signal_emit (self, signals[QUESTIONS_CHANGED], 0, i, 1, 1);
        }
      id = q->answer > 0 ? q->values[q->answer - 1] : NULL;
      if (id == NULL || *id == '\0')
        continue;
      if (buy)
        g_hash_table_add (bought, g_strdup (id));
      g_hash_table_add (shown, g_strdup (id));
    }
  return lost;
}

/* Adds or drops the Brewery's last groups of questions to fit n_buy_groups_wanted (), and
 * says which questions changed ("questions-changed") */
static void
update_buy_groups (PenPlaceForm *self)
{
  guint wanted, n, end, before;

  if (!self->buy_more)
    return;
  wanted = n_buy_groups_wanted (self);
  n = self->buy_groups->len;
  if (wanted == n)
    return;
  /* the end of the last group: the first question after it that is not of a group */
  end = n > 0 ? g_array_index (self->buy_groups, guint, n - 1) + 1 : self->buy_start;
  while (end < self->questions->len
         && (g_str_has_prefix (question (self, end)->key, "reveal-")
             || g_str_has_prefix (question (self, end)->key, "pay-")))
    end++;
  before = self->questions->len;
  if (wanted > n)
    {
      self->insert_at = (int) end;
      for (guint g = n; g < wanted; g++)
        {
          guint first = (guint) self->insert_at;

          if (!(self->table_markets ? add_table_buy_group (self, FALSE, g)
                                    : add_dealt_buy_group (self, g)))
            break;
          g_array_append_val (self->buy_groups, first);
        }
      self->insert_at = -1;
      if (self->questions->len > before)
        g_signal_emit (self, signals[QUESTIONS_CHANGED], 0, end, 0,
                       self->questions->len - before);
    }
  else
    {
      guint from = g_array_index (self->buy_groups, guint, wanted);

      g_ptr_array_remove_range (self->questions, from, end - from);
      g_array_set_size (self->buy_groups, wanted);
      g_signal_emit (self, signals[QUESTIONS_CHANGED], 0, from, end - from, 0);
    }
}

/* App-dealt, the Brewery's purchase n: whether its face-up Potion n is bought or, past them,
 * the card a purchase turned up from the deck (the book: "Right after buying a Potion, reveal
 * a new Potion card from the top of the deck"); for a card whose cost the catalogue does not
 * know, the Jewels paid */
static gboolean
add_dealt_buy_group (PenPlaceForm *self,
                     guint         n)
{
  const char * const *ids = g_hash_table_lookup (self->markets, "brewery");
  guint face_up = ids != NULL ? g_strv_length ((char **) ids) : 0;
  const char *answers[] = { _("No"), _("Yes"), NULL };
  g_autofree char *key = g_strdup_printf ("buy-%u", n);
  g_autofree char *ask = NULL;
  const char *values[] = { NULL, NULL };
  int buy = next_index (self);

  if (n < face_up)
    values[0] = ids[n];
  else if (self->brewery_deck != NULL && n - face_up < g_strv_length (self->brewery_deck))
    values[0] = self->brewery_deck[n - face_up];
  else
    return FALSE;
  {
    g_autofree char *price = price_text (values[0]);

    /* Translators: "Buy Triplet: 1 Crystal, 1 Fruit", or with "price unknown" */
    ask = g_strdup_printf (n < face_up ? _("Buy %s: %s")
                                       /* Translators: the Potion a purchase turned up from
                                        * the Brewery's deck, bought in the same placement,
                                        * and its price */
                                       : _("Buy %s, turned up: %s"),
                           pen_turn_card_name (values[0]), price);
  }
  add_question (self, key, ask, g_strdupv ((char **) answers), g_strdupv ((char **) values),
                FALSE);
  if (!cost_known (values[0]))
    add_pay_questions (self, n, PEN_CARD_POTION, values[0], buy, 1 << 1);
  return TRUE;
}

/* The Brewery (any number of its Potions) and the Shop (one Artifact): what is bought and,
 * for a card whose cost the catalogue does not know, what was paid */
static void
ask_buy (PenPlaceForm *self,
         gboolean      artifact)
{
  const char * const *ids = g_hash_table_lookup (self->markets, artifact ? "shop" : "brewery");
  guint n = ids != NULL ? g_strv_length ((char **) ids) : 0;

  if (self->table_markets && artifact)
    {
      add_table_buy_group (self, TRUE, 0);
      return;
    }
  if (self->table_markets || !artifact)
    {
      /* the Brewery: any number of Potions, a group of questions each (update_buy_groups) */
      self->buy_more = TRUE;
      self->buy_start = self->questions->len;
      g_array_set_size (self->buy_groups, 0);
      self->insert_at = -1;
      for (guint g = 0; g < n_buy_groups_wanted (self); g++)
        {
          guint first = self->questions->len;

          if (!(self->table_markets ? add_table_buy_group (self, FALSE, g)
                                    : add_dealt_buy_group (self, g)))
            break;
          g_array_append_val (self->buy_groups, first);
        }
      return;
    }
  if (n == 0)
    return;
  if (artifact)
    {
      g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
      g_auto(GStrv) list = NULL;
      guint64 unknown = 0;
      int buy;

      for (guint i = 0; i < n; i++)
        {
          g_strv_builder_add (names, pen_turn_card_name (ids[i]));
          if (!cost_known (ids[i]))
            unknown |= G_GUINT64_CONSTANT (1) << (i + 1);
        }
      list = g_strv_builder_end (names);
      buy = (int) self->questions->len;
      add_question (self, "buy", _("Artifact bought"),
                    with_first (_("None"), (const char * const *) list),
                    g_strdupv ((char **) ids), FALSE)->pick = TRUE;
      if (unknown != 0)
        add_pay_questions (self, 0, PEN_CARD_ARTIFACT, NULL, buy, unknown);
      return;
    }
}

static void
add_face_question (PenPlaceForm *self,
                   const char   *key,
                   const char   *question)
{
  const char *answers[] = { self->physical ? "—" : _("The app rolls"), "1", "2", "3", "4", "5",
                            "6", NULL };

  add_question (self, key, question, g_strdupv ((char **) answers), NULL, self->physical);
}

/* How many Resource dice the placement rolls */
static guint
n_resource_dice (PenPlaceForm *self,
                 const char   *location,
                 int           effect)
{
  int area = pen_locations_get_area (pen_locations_get_default (), location);
  guint n = effect == PEN_EFFECT_RESOURCE;

  if ((self->color == PEN_COLOR_GREEN && area == PEN_AREA_WILDS)
      || (self->color == PEN_COLOR_PURPLE && area == PEN_AREA_CITY))
    n++;
  return n;
}

/* The Primagic that rolls one more Resource die for this die here (Locations › Primagic
 * effects: "you may also"), named for the table; NULL for none */
static const char *
primagic_resource (PenPlaceForm *self,
                   const char   *location)
{
  int area = pen_locations_get_area (pen_locations_get_default (), location);

  if (self->color == PEN_COLOR_GREEN && area == PEN_AREA_WILDS)
    /* Translators: the Primagic of a Green die placed in the Wilds */
    return _("Harvest: Green die");
  if (self->color == PEN_COLOR_PURPLE && area == PEN_AREA_CITY)
    /* Translators: the Primagic of a Purple die placed in the City */
    return _("Grab: Purple die");
  return NULL;
}

static GStrv
with_first (const char         *first,
            const char * const *rest)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();

  g_strv_builder_add (b, first);
  if (rest != NULL)
    g_strv_builder_addv (b, (const char **) rest);
  return g_strv_builder_end (b);
}

/* The Ruins' Threat die discards a supply die of its value, and of several the wizard
 * discards any one (Threat, step 3): for each value held by dice that differ (colour, or a
 * temporary die), which one, with nothing chosen; asked when the die shows that value, or
 * for every such value when the app rolls it */
static void
ask_threat_picks (PenPlaceForm *self,
                  int           threat)
{
  for (guint v = 1; v <= 6; v++)
    {
      g_autoptr(GStrvBuilder) answers = g_strv_builder_new ();
      g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
      g_autoptr(GArray) kinds = g_array_new (FALSE, FALSE, sizeof (PenDieValue));
      g_autofree char *key = NULL, *ask = NULL;
      g_auto(GStrv) list = NULL;
      Question *q;

      for (guint i = 0; i < self->rest->len; i++)
        {
          const PenDieValue *die = &g_array_index (self->rest, PenDieValue, i);
          gboolean seen = FALSE;

          if (die->value != v)
            continue;
          for (guint k = 0; k < kinds->len && !seen; k++)
            seen = g_array_index (kinds, PenDieValue, k).color == die->color
                   && g_array_index (kinds, PenDieValue, k).temporary == die->temporary;
          if (!seen)
            {
              g_autofree char *label = g_strdup_printf (die->temporary ? _("%s %u, temporary")
                                                                       : _("%s %u"),
                                                        pen_color_get_label (die->color),
                                                        die->value);
              g_autofree char *index = g_strdup_printf ("%u", i);

              g_array_append_val (kinds, *die);
              g_strv_builder_add (answers, label);
              g_strv_builder_add (values, index);
            }
        }
      if (kinds->len < 2)
        continue;
      key = g_strdup_printf ("threat-pick-%u", v);
      /* Translators: a question of the place dialog, the Threat die's face */
      ask = g_strdup_printf (_("Die lost if the Threat die shows %u"), v);
      list = g_strv_builder_end (answers);
      q = add_question (self, key, ask, with_first ("—", (const char * const *) list),
                        g_strv_builder_end (values), FALSE);
      q->needed_by = threat;
      q->needs = (G_GUINT64_CONSTANT (1) << v) | (self->physical ? 0 : 1);
    }
}

static gboolean
is_resource_key (const char *key)
{
  return g_str_has_prefix (key, "resource-") || g_str_has_prefix (key, "count-resource-")
         || g_str_equal (key, "primagic-resource");
}

/* The Resource dice of the placement, asked last. The table says what each gave in physical
 * play, and in app-dealt play while the die's faces are not typed in (the dialog offers to
 * type them: pen_place_form_get_resource_faces_wanted ()); once they are, the app rolls in
 * app-dealt play ("The app rolls" first, as for the other dice), or the table says which of
 * the faces it rolled (physical play: one of them, nothing chosen). */
static void
ask_resource (PenPlaceForm *self,
              const char   *location,
              int           effect,
              gboolean      resource_known)
{
  guint n_resource = n_resource_dice (self, location, effect);
  const char *primagic = primagic_resource (self, location);
  gboolean app_rolls = !self->physical && resource_known;
  guint faces[6][PEN_N_INGREDIENTS];

  if (resource_known)
    pen_locations_get_resource_faces (pen_locations_get_default (), faces);
  for (guint i = 0; i < n_resource; i++)
    {
      g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
      g_autoptr(GStrvBuilder) v = g_strv_builder_new ();
      g_autofree char *key = g_strdup_printf ("resource-%u", i);
      g_autofree char *question = NULL;
      gboolean last_primagic = primagic != NULL && i == n_resource - 1;

      /* the app rolls the Primagic die unless the wizard leaves it: asked below */
      if (app_rolls && last_primagic)
        break;
      /* the Primagic die is the last: the wizard "may" roll it, so "Not rolled" skips it */
      if (last_primagic)
        question = g_strdup_printf (_("Resource die %u gave (%s, if rolled)"), i + 1, primagic);
      else
        question = g_strdup_printf (_("Resource die %u gave"), i + 1);
      if (resource_known)
        {
          /* the faces typed in, each once ("1 Fruit" on two faces is one answer): the app
           * rolls (app-dealt play), or the table says which face it rolled */
          g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);

          g_strv_builder_add (b, app_rolls ? _("The app rolls") : "—");
          for (guint f = 0; f < 6; f++)
            {
              char *label = pen_locations_describe_resource_face (faces[f]);
              g_autofree char *index = g_strdup_printf ("%u", f);

              if (g_ptr_array_find_with_equal_func (seen, label, g_str_equal, NULL))
                {
                  g_free (label);
                  continue;
                }
              g_ptr_array_add (seen, label);
              g_strv_builder_add (b, label);
              g_strv_builder_add (v, index);
            }
          if (last_primagic)
            g_strv_builder_add (b, _("Not rolled"));
          add_question (self, key, question, g_strv_builder_end (b), g_strv_builder_end (v),
                        !app_rolls);
          continue;
        }
      g_strv_builder_add (b, "—");
      for (guint k = 0; k < G_N_ELEMENTS (resource_ingredients); k++)
        g_strv_builder_add (b, pen_ingredient_get_label (resource_ingredients[k]));
      if (last_primagic)
        g_strv_builder_add (b, _("Not rolled"));
      {
        int kind_at = next_index (self);
        g_autoptr(GStrvBuilder) counts = g_strv_builder_new ();
        g_autofree char *count_key = g_strdup_printf ("count-resource-%u", i);
        g_autofree char *count_question = g_strdup_printf (_("How many Resource die %u gave"),
                                                           i + 1);
        Question *q;

        add_question (self, key, question, g_strv_builder_end (b), NULL, TRUE);
        /* the faces unknown, the book gives no count: the table says how many the face showed,
         * never 1 assumed (issue 9); asked once a kind is said, up to what a face shows */
        g_strv_builder_add (counts, "—");
        for (guint n = 1; n <= PEN_RESOURCE_FACE_MAX; n++)
          {
            g_autofree char *text = g_strdup_printf ("%u", n);

            g_strv_builder_add (counts, text);
          }
        q = add_question (self, count_key, count_question, g_strv_builder_end (counts), NULL,
                          FALSE);
        q->needed_by = kind_at;
        q->needs = ((G_GUINT64_CONSTANT (1) << (G_N_ELEMENTS (resource_ingredients) + 1)) - 1)
                   & ~G_GUINT64_CONSTANT (1);
      }
    }
  /* the app rolls it: asked all the same, the roll first, since it is the wizard's choice */
  if (primagic != NULL && app_rolls)
    {
      const char *answers[] = { _("The app rolls"), _("Not rolled"), NULL };
      g_autofree char *ask = g_strdup_printf (_("Resource die of %s"), primagic);

      add_question (self, "primagic-resource", ask, g_strdupv ((char **) answers), NULL, FALSE);
    }
}

/* The Threat dice a Contract's "withstand" task rolls here (a Yellow die placed discards one) */
static Question *find (PenPlaceForm *self, const char *key);

static guint
withstand_rolled (PenPlaceForm *self,
                  const char   *id)
{
  guint n = pen_turn_contract_withstand (id);

  return n > 0 && self->color == PEN_COLOR_YELLOW ? n - 1 : n;
}

/* The Yellow dice DEFEND discards from the supply first, chosen ("defend"), for Contract id */
static guint
withstand_defended (PenPlaceForm *self,
                    const char   *id)
{
  Question *q = find (self, "defend");

  return q != NULL ? MIN (q->answer, withstand_rolled (self, id)) : 0;
}

/* ... and the Yellow dice of the supply discarded for DEFEND discard one each */
static guint
withstand_of (PenPlaceForm *self,
              const char   *id)
{
  return withstand_rolled (self, id) - withstand_defended (self, id);
}

/* The most Threat dice a Contract offered rolls */
static guint
withstand_dice (PenPlaceForm *self)
{
  guint most = 0;

  for (guint i = 0; self->contract_ids != NULL && self->contract_ids[i] != NULL; i++)
    most = MAX (most, withstand_rolled (self, self->contract_ids[i]));
  return MIN (most, PEN_TASK_MAX_THREAT);
}

static Question *find (PenPlaceForm *self,
                       const char   *key);

/* WITHSTAND THREAT: the task's Threat dice, asked as the Ruins' Threat die is (the table says
 * them, nothing prefilled, or the app rolls them), each wanted for the Contracts that roll it
 * (a Yellow die placed discards one); the dice asked already keep their answers, those of a
 * Contract just named are added (play finding B3, session 13). Returns how many were added */
static guint
ask_withstand (PenPlaceForm *self,
               int           slot_index)
{
  guint added = 0;

  /* DEFEND: "before the Threat roll, discard any number of Yellow dice from your supply to
   * discard the same number of Threat dice" (none chosen) */
  if (withstand_dice (self) > 0 && self->board != NULL && find (self, "defend") == NULL)
    {
      g_autoptr(GArray) order = pen_task_withstand_defend_order (self->board,
                                                                 withstand_dice (self));
      g_autoptr(GStrvBuilder) answers = g_strv_builder_new ();

      /* Translators: no Yellow die discarded for DEFEND */
      g_strv_builder_add (answers, C_("defend", "None"));
      for (guint k = 1; k <= order->len; k++)
        {
          g_autofree char *dice = pen_task_withstand_defend_dice (self->board,
                                                                  withstand_dice (self), k);

          g_strv_builder_add (answers, dice);
        }
      if (order->len > 0)
        {
          add_question (self, "defend", _("DEFEND: discard Yellow dice"),
                        g_strv_builder_end (answers), NULL, FALSE);
          added++;
        }
    }
  for (guint d = 0; d < withstand_dice (self); d++)
    {
      g_autofree char *key = g_strdup_printf ("withstand-%u", d);
      Question *q = find (self, key);

      if (q == NULL)
        {
          const char *answers[] = { self->physical ? "—" : _("The app rolls"), "1", "2", "3",
                                    "4", "5", "6", NULL };
          /* Translators: a question of the place dialog: the Threat dice a Contract's task
           * "Withstand Threat" rolls, one by one */
          g_autofree char *ask = g_strdup_printf (_("Contract's Threat die %u shows"), d + 1);

          q = add_question (self, key, ask, g_strdupv ((char **) answers), NULL, FALSE);
          added++;
        }
      q->needed_by = slot_index;
      q->needs = 0;
      for (guint i = 0; self->physical && self->contract_ids != NULL
                        && self->contract_ids[i] != NULL && i < 63; i++)
        if (withstand_of (self, self->contract_ids[i]) > d)
          q->needs |= G_GUINT64_CONSTANT (1) << (i + 1);
    }
  return added;
}

/* The Ruins' Threat die discarded by DEFEND: a Yellow die of the supply chosen for it */
static gboolean
ruins_defended (PenPlaceForm *self)
{
  Question *q = find (self, "defend");

  return q != NULL && q->answer > 0 && self->chosen >= 0
         && g_str_has_prefix (self->sections[self->chosen], "ruins/");
}

/* DEFEND at the Ruins ("apply 1 Threat die"): "discard any number of Yellow dice from your
 * supply to discard the same number of Threat dice … and with any other effect involving
 * Threat": the Yellow die it would discard, or none (chosen) */
static void
ask_ruins_defend (PenPlaceForm *self)
{
  g_autoptr(GArray) order = NULL;
  g_autoptr(GStrvBuilder) answers = NULL;
  g_autofree char *dice = NULL;

  if (self->board == NULL)
    return;
  order = pen_task_withstand_defend_order (self->board, 1);
  if (order->len == 0)
    return;
  answers = g_strv_builder_new ();
  g_strv_builder_add (answers, C_("defend", "None"));
  dice = pen_task_withstand_defend_dice (self->board, 1, 1);
  g_strv_builder_add (answers, dice);
  add_question (self, "defend", _("DEFEND: discard Yellow dice"), g_strv_builder_end (answers),
                NULL, FALSE);
}

static void
ask_section (PenPlaceForm *self,
             gboolean      resource_known)
{
  PenLocations *locations = pen_locations_get_default ();
  g_autofree char *location = NULL, *section = NULL;
  int effect;

  split (self->sections[self->chosen], &location, &section);
  effect = pen_locations_get_effect (locations, location, section);
  /* Knock Out by discarding a Red die: which one (any of them, nothing chosen) */
  if (g_str_has_suffix (self->sections[self->chosen], PEN_PLACE_FORM_KNOCK_OUT_DISCARD))
    {
      g_autoptr(GStrvBuilder) answers = g_strv_builder_new ();

      g_strv_builder_add (answers, "—");
      for (guint i = 0; i < self->red_values->len; i++)
        {
          g_autofree char *label = g_strdup_printf (_("%s %u"),
                                                    pen_color_get_label (PEN_COLOR_RED),
                                                    g_array_index (self->red_values, guint, i));

          g_strv_builder_add (answers, label);
        }
      add_question (self, "knock-out-discard", _("Red die discarded"),
                    g_strv_builder_end (answers), NULL, TRUE);
    }
  switch (effect)
    {
    case PEN_EFFECT_DIE:
      add_face_question (self, "value", _("The gained die shows"));
      break;
    case PEN_EFFECT_SPARK:
      /* USE BLOOD: its Blood from the supply or a wounded Mark flipped, the wizard's choice
       * where both are there, asked with nothing preselected */
      if (self->blood_mark >= 0 && self->have[PEN_INGREDIENT_BLOOD] > 0)
        {
          static const char * const values[] = { "supply-first", "marks-first", NULL };
          g_autofree char *flip = g_strdup_printf (_("The wounded %s, flipped"),
                                                   self->blood_mark_name);
          const char * const answers[] = {
            "—", _("Blood from the supply"), flip, NULL
          };

          add_question (self, "sanctuary-blood", _("Blood paid with"),
                        g_strdupv ((char **) answers), g_strdupv ((char **) values), TRUE);
        }
      add_face_question (self, "value", _("The Spark die shows"));
      break;
    case PEN_EFFECT_BLOOD:
      if (self->color != PEN_COLOR_YELLOW)
        {
          ask_ruins_defend (self);
          add_face_question (self, "threat", _("The Threat die shows"));
          ask_threat_picks (self, self->questions->len - 1);
        }
      break;
    case PEN_EFFECT_CONTRACT:
      {
        int slot_index = self->questions->len;

        add_question (self, "slot", _("Contract fulfilled"),
                      with_first (_("No Contract now"), (const char * const *) self->contract_names),
                      g_strdupv (self->contracts), FALSE);

        /* USE BLOOD: "instead of discarding 1 Blood from your Ingredient supply you can flip
         * any wounded Mark": the wizard's choice, asked with nothing preselected for each
         * Contract where it changes what is taken */
        if (self->blood_choice != 0)
          add_blood_question (self, slot_index);

        /* DEFEND and WITHSTAND THREAT: the task's Threat dice (ask_withstand ()) */
        ask_withstand (self, slot_index);

        /* the emptied cell is refilled at once (Contracts, Refresh): at a real table the app
         * asks which card was turned up, once a Contract is fulfilled */
        if (self->physical && self->draws != NULL && self->draws[0] != NULL)
          {
            g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
            Question *q;

            g_strv_builder_add (names, "—");
            for (guint i = 0; self->draws[i] != NULL; i++)
              g_strv_builder_add (names, pen_card_id_is_placeholder (self->draws[i])
                                         ? _("Another Contract: name it later")
                                         : pen_turn_card_name (self->draws[i]));
            q = add_question (self, "reveal", _("Contract turned up in the Guild"),
                              g_strv_builder_end (names), g_strdupv (self->draws), FALSE);
            q->needed_by = slot_index;
            /* a reserved Contract leaves no hole in the row */
            q->needs = ((G_GUINT64_CONSTANT (1) << (self->n_row_contracts + 1)) - 1)
                       & ~G_GUINT64_CONSTANT (1);
          }
      }
      break;
    case PEN_EFFECT_MARK_AND_CARD:
    case PEN_EFFECT_CARD:
      /* the Mark's Arcana cost is printed on the cell, which the book does not give: asked
       * once, then remembered with the user's board (see build_action) */
      if (effect == PEN_EFFECT_MARK_AND_CARD && self->mark_cell >= 0
          && pen_board_layout_get_arcana_cost (pen_board_layout_get_default (),
                                               self->mark_cell) < 0)
        {
          g_autoptr(GStrvBuilder) costs = g_strv_builder_new ();
          g_autofree char *ask = g_strdup_printf (_("Arcana cost printed on Discipline Cell %d"),
                                                  self->mark_cell + 1);

          g_strv_builder_add (costs, "—");
          for (guint v = 0; v <= PEN_INGREDIENT_CAP; v++)
            {
              g_autofree char *text = g_strdup_printf ("%u", v);

              g_strv_builder_add (costs, text);
            }
          add_question (self, "arcana", ask, g_strv_builder_end (costs), NULL, TRUE);
        }
      {
        int discipline = pen_locations_get_discipline (locations, location);
        const char *market = discipline >= 0 ? pen_mark_kind_to_string (discipline) : NULL;
        const char * const *ids = market ? g_hash_table_lookup (self->markets, market) : NULL;
        g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
        g_auto(GStrv) list = NULL;

        g_autoptr(GStrvBuilder) values = g_strv_builder_new ();

        /* in physical play the table says which it took, the deck's top card too */
        for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
          {
            /* an unnamed card by where it lies, "Emerald Class, left card" (play finding B1) */
            g_autofree char *where = pen_card_id_is_placeholder (ids[i])
                                     ? pen_box_class_card_where (discipline, i,
                                                                 g_strv_length ((GStrv) ids))
                                     : NULL;

            g_strv_builder_add (names, where != NULL ? where : pen_turn_card_name (ids[i]));
            g_strv_builder_add (values, ids[i]);
          }
        if (self->physical)
          {
            g_strv_builder_add (names, _("The top card of the deck"));
            g_strv_builder_add (values, "");
          }
        list = g_strv_builder_end (names);
        add_question (self, "card", _("Card taken"),
                      with_first (self->physical ? "—" : _("The top card of the deck"),
                                  (const char * const *) list),
                      g_strv_builder_end (values), self->physical);
      }
      break;
    case PEN_EFFECT_EXCHANGE:
      sync_exchange (self, FALSE);
      break;
    case PEN_EFFECT_BUY_POTIONS:
    case PEN_EFFECT_BUY_ARTIFACT:
      ask_buy (self, effect == PEN_EFFECT_BUY_ARTIFACT);
      break;
    default:
      break;
    }

  ask_resource (self, location, effect, resource_known);
}

void
pen_place_form_choose (PenPlaceForm *self,
                       int           section)
{
  guint faces[6][PEN_N_INGREDIENTS];
  gboolean was_complete;

  g_return_if_fail (PEN_IS_PLACE_FORM (self));
  g_return_if_fail (section >= -1 && section < (int) g_strv_length (self->sections));

  was_complete = pen_place_form_get_complete (self);
  self->chosen = section;
  g_ptr_array_set_size (self->questions, 0);
  self->buy_more = FALSE;
  g_array_set_size (self->buy_groups, 0);
  if (section >= 0)
    ask_section (self, pen_locations_get_resource_faces (pen_locations_get_default (), faces));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHOSEN]);
  if (was_complete != pen_place_form_get_complete (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
}

gboolean
pen_place_form_get_resource_faces_wanted (PenPlaceForm *self)
{
  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), FALSE);

  if (pen_locations_get_resource_faces (pen_locations_get_default (), NULL))
    return FALSE;
  for (guint i = 0; i < self->questions->len; i++)
    if (is_resource_key (((Question *) g_ptr_array_index (self->questions, i))->key))
      return TRUE;
  return FALSE;
}

void
pen_place_form_reread_resource_faces (PenPlaceForm *self)
{
  g_autofree char *location = NULL, *section = NULL;
  gboolean was_complete;
  guint at = 0, removed = 0;

  g_return_if_fail (PEN_IS_PLACE_FORM (self));

  if (self->chosen < 0)
    return;
  was_complete = pen_place_form_get_complete (self);
  /* the Resource dice are asked together, after the rest: asked again in the same place */
  while (at < self->questions->len && !is_resource_key (question (self, at)->key))
    at++;
  while (at + removed < self->questions->len
         && is_resource_key (question (self, at + removed)->key))
    removed++;
  if (removed > 0)
    g_ptr_array_remove_range (self->questions, at, removed);
  split (self->sections[self->chosen], &location, &section);
  self->insert_at = (int) at;
  ask_resource (self, location,
                pen_locations_get_effect (pen_locations_get_default (), location, section),
                pen_locations_get_resource_faces (pen_locations_get_default (), NULL));
  g_signal_emit (self, signals[QUESTIONS_CHANGED], 0, at, removed,
                 (guint) self->insert_at - at);
  self->insert_at = -1;
  if (was_complete != pen_place_form_get_complete (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
}

static void derive_pay (PenPlaceForm *self,
                        guint         i);

static Question *
question (PenPlaceForm *self,
          guint         i)
{
  g_return_val_if_fail (i < self->questions->len, NULL);
  return g_ptr_array_index (self->questions, i);
}

static int
find_index (PenPlaceForm *self,
            const char   *key)
{
  for (guint i = 0; i < self->questions->len; i++)
    if (g_str_equal (question (self, i)->key, key))
      return (int) i;
  return -1;
}

static Question *
find (PenPlaceForm *self,
      const char   *key)
{
  for (guint i = 0; i < self->questions->len; i++)
    if (g_str_equal (question (self, i)->key, key))
      return question (self, i);
  return NULL;
}

guint
pen_place_form_get_n_questions (PenPlaceForm *self)
{
  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), 0);
  return self->questions->len;
}

const char *
pen_place_form_get_key (PenPlaceForm *self,
                        guint         i)
{
  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), NULL);
  g_return_val_if_fail (i < self->questions->len, NULL);
  return question (self, i)->key;
}

const char *
pen_place_form_get_question (PenPlaceForm *self,
                             guint         i)
{
  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), NULL);
  g_return_val_if_fail (i < self->questions->len, NULL);
  return question (self, i)->question;
}

const char * const *
pen_place_form_get_answers (PenPlaceForm *self,
                            guint         i)
{
  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), NULL);
  g_return_val_if_fail (i < self->questions->len, NULL);
  return (const char * const *) question (self, i)->answers;
}

gboolean
pen_place_form_get_required (PenPlaceForm *self,
                             guint         i)
{
  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), FALSE);
  g_return_val_if_fail (i < self->questions->len, FALSE);
  return is_required (self, question (self, i));
}

gboolean
pen_place_form_get_sensitive (PenPlaceForm *self,
                              guint         i)
{
  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), FALSE);
  g_return_val_if_fail (i < self->questions->len, FALSE);
  return !question (self, i)->off;
}

gboolean
pen_place_form_get_shown (PenPlaceForm *self,
                          guint         i)
{
  Question *q, *slot;
  const char *id;

  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), FALSE);
  g_return_val_if_fail (i < self->questions->len, FALSE);
  q = question (self, i);
  /* the Ruins: the Threat die DEFEND discards is not asked */
  if (g_str_equal (q->key, "threat") || g_str_has_prefix (q->key, "threat-pick-"))
    return !ruins_defended (self);
  if (!g_str_has_prefix (q->key, "withstand-") && !g_str_equal (q->key, "defend"))
    return TRUE;
  slot = find (self, "slot");
  if (slot == NULL && g_str_equal (q->key, "defend"))
    return TRUE;
  if (slot == NULL || slot->answer == 0 || self->contract_ids == NULL)
    return FALSE;
  id = self->contract_ids[slot->answer - 1];
  if (g_str_equal (q->key, "defend"))
    return withstand_rolled (self, id) > 0;
  return withstand_of (self, id)
         > (guint) g_ascii_strtoull (q->key + strlen ("withstand-"), NULL, 10);
}

guint
pen_place_form_get_answer (PenPlaceForm *self,
                           guint         i)
{
  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), 0);
  g_return_val_if_fail (i < self->questions->len, 0);
  return question (self, i)->answer;
}

/* The Guild at a real table: the Contract turned up in the emptied cell, of the draws, the one
 * chosen kept while it is still possible. A reserved Contract fulfilled leaves no hole in the
 * row: then the one answer says so, where "—" looked like a question left unanswered (play
 * finding X2). TRUE when the answers changed. */
static gboolean
fill_guild_reveal (PenPlaceForm *self,
                   Question     *q)
{
  Question *slot = find (self, "slot");
  gboolean reserved = slot != NULL && slot->answer > self->n_row_contracts;
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autofree char *chosen = q->answer > 0 ? g_strdup (q->values[q->answer - 1]) : NULL;
  g_auto(GStrv) answers = NULL;
  guint answer = 0;

  if (reserved)
    g_strv_builder_add (names, _("None: a reserved Contract leaves no gap"));
  else
    {
      g_strv_builder_add (names, "—");
      for (guint i = 0; self->draws != NULL && self->draws[i] != NULL; i++)
        {
          g_strv_builder_add (names, pen_card_id_is_placeholder (self->draws[i])
                                     ? _("Another Contract: name it later")
                                     : pen_turn_card_name (self->draws[i]));
          if (g_strcmp0 (chosen, self->draws[i]) == 0)
            answer = i + 1;
        }
    }
  answers = g_strv_builder_end (names);
  if (answer == q->answer && g_strv_equal ((const char * const *) answers,
                                           (const char * const *) q->answers))
    return FALSE;
  g_strfreev (q->answers);
  q->answers = g_steal_pointer (&answers);
  g_strfreev (q->values);
  q->values = reserved ? g_new0 (char *, 1) : g_strdupv (self->draws);
  q->answer = answer;
  return TRUE;
}

void
pen_place_form_set_answer (PenPlaceForm *self,
                           guint         i,
                           guint         answer)
{
  gboolean was_complete;
  Question *q;

  g_return_if_fail (PEN_IS_PLACE_FORM (self));
  g_return_if_fail (i < self->questions->len);
  g_return_if_fail (answer < g_strv_length (question (self, i)->answers));

  was_complete = pen_place_form_get_complete (self);
  q = question (self, i);
  q->answer = answer;
  q->by_table = TRUE;
  q->derived = FALSE;
  /* the Brewery: one purchase more may be asked, or one less */
  if (g_str_has_prefix (q->key, "buy-"))
    update_buy_groups (self);
  /* the Guild: a reserved Contract turns nothing up */
  if (g_str_equal (q->key, "slot") && find (self, "reveal") != NULL
      && fill_guild_reveal (self, find (self, "reveal")))
    g_signal_emit (self, signals[QUESTIONS_CHANGED], 0, find_index (self, "reveal"), 1, 1);
  /* the cards offered after it follow: a purchase whose card went may ask one less again */
  if ((g_str_has_prefix (q->key, "buy") || g_str_has_prefix (q->key, "reveal-"))
      && offer_market_picks (self))
    {
      update_buy_groups (self);
      offer_market_picks (self);
    }
  /* the groups after it may have come or gone: the purchase is found again */
  if (g_str_has_prefix (q->key, "buy") && g_ptr_array_find (self->questions, q, &i))
    derive_pay (self, i);
  /* the Bazaar: the other side of this Ingredient goes, or comes back */
  else if (g_str_has_prefix (question (self, i)->key, "give-")
           || g_str_has_prefix (question (self, i)->key, "get-"))
    sync_exchange (self, TRUE);
  if (was_complete != pen_place_form_get_complete (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
}

/* The Withstand task's faces said bring a Mortal Wound: the Contract stays where it was. Only
 * the dice rolled count, those DEFEND leaves (a Yellow die placed, the Yellow dice of the
 * supply discarded), against the board they meet: the placed die and DEFEND's Yellow dice gone
 * from the supply; a wizard wounded this turn already gets no second Mortal Wound (Threat ›
 * "one Mortal Wound card per turn"), so the Contract is fulfilled */
static gboolean
withstand_mortal (PenPlaceForm *self)
{
  g_auto(PenThreatResult) result = { 0, };
  g_autoptr(PenBoard) board = NULL;
  g_autoptr(GArray) order = NULL;
  PenThreatChoices choices;
  guint8 faces[PEN_TASK_MAX_THREAT];
  Question *q = find (self, "slot");
  const char *id;
  guint n, defended;

  if (q == NULL || q->answer == 0 || self->contract_ids == NULL || self->board == NULL
      || self->wounded_this_turn)
    return FALSE;
  id = self->contract_ids[q->answer - 1];
  n = MIN (withstand_of (self, id), PEN_TASK_MAX_THREAT);
  if (n == 0)
    return FALSE;
  for (guint d = 0; d < n; d++)
    {
      g_autofree char *key = g_strdup_printf ("withstand-%u", d);
      Question *f = find (self, key);

      if (f == NULL || f->answer == 0)
        return FALSE;
      faces[d] = f->answer;
    }
  /* DEFEND's Yellow dice have left the supply before the roll (as pen_place_form_build_action
   * () picks them) */
  board = pen_board_copy (self->board);
  defended = withstand_defended (self, id);
  if (defended > 0)
    {
      g_autofree gboolean *gone = g_new0 (gboolean, board->supply->len + 1);

      order = pen_task_withstand_defend_order (self->board, withstand_rolled (self, id));
      for (guint k = 0; k < defended && k < order->len; k++)
        gone[g_array_index (order, guint, k)] = TRUE;
      for (guint i = board->supply->len; i-- > 0;)
        if (gone[i])
          g_array_remove_index (board->supply, i);
    }
  pen_threat_choices_init (&choices);
  return pen_threat_resolve (board, faces, n, &choices, &result) && result.mortal_wound;
}

static gboolean
is_required (PenPlaceForm *self,
             Question     *q)
{
  /* no Contract leaves the row: none is turned up */
  if (g_str_equal (q->key, "reveal") && withstand_mortal (self))
    return FALSE;
  /* the Ruins' Threat die discarded by DEFEND: not rolled */
  if ((g_str_equal (q->key, "threat") || g_str_has_prefix (q->key, "threat-pick-"))
      && ruins_defended (self))
    return FALSE;
  /* the Threat dice DEFEND leaves, asked at a real table */
  if (g_str_has_prefix (q->key, "withstand-"))
    {
      Question *slot = find (self, "slot");
      guint d = (guint) g_ascii_strtoull (q->key + strlen ("withstand-"), NULL, 10);

      return self->physical && slot != NULL && slot->answer > 0 && self->contract_ids != NULL
             && withstand_of (self, self->contract_ids[slot->answer - 1]) > d;
    }
  if (q->needed_by >= 0)
    return (q->needs & (G_GUINT64_CONSTANT (1) << question (self, q->needed_by)->answer)) != 0;
  return q->required;
}

/* The amounts of the "PREFIX-INGREDIENT" questions answered */
static void
amounts (PenPlaceForm *self,
         const char   *prefix,
         guint         out[PEN_N_INGREDIENTS])
{
  memset (out, 0, sizeof (guint) * PEN_N_INGREDIENTS);
  for (guint i = 0; i < self->questions->len; i++)
    {
      Question *q = question (self, i);
      int ing;

      if (!g_str_has_prefix (q->key, prefix)
          || (ing = pen_ingredient_from_string (q->key + strlen (prefix))) < 0)
        continue;
      out[ing] = (guint) g_ascii_strtoull (q->values[q->answer], NULL, 10);
    }
}

/* A card bought whose price the catalogue knows: what was paid is that price, chosen already
 * (the table may still change it); one whose price is not known is left to the table, never
 * given a number */
static void
derive_pay (PenPlaceForm *self,
            guint         i)
{
  Question *q = question (self, i);
  g_autofree char *prefix = NULL;
  const char *id = NULL;
  PenCard *card = NULL;
  guint cost[PEN_N_INGREDIENTS];
  gboolean known;
  guint n;

  n = q->key[3] == '-' ? (guint) g_ascii_strtoull (q->key + 4, NULL, 10) : 0;
  if (q->answer > 0)
    id = q->pick ? q->values[q->answer - 1] : q->values[0];
  if (id != NULL && *id != '\0')
    card = pen_catalog_lookup (pen_catalog_get_default (), id);
  known = card != NULL && !pen_card_is_placeholder (card) && cost_known (id)
          && pen_rest_card_cost (card, cost);
  prefix = g_strdup_printf ("pay-%u-", n);
  for (guint j = 0; j < self->questions->len; j++)
    {
      Question *p = question (self, j);
      guint before = p->answer;
      int ing;

      if (!g_str_has_prefix (p->key, prefix)
          || (ing = pen_ingredient_from_string (p->key + strlen (prefix))) < 0)
        continue;
      /* answers: "—", then 0, 1, … what the wizard has */
      if (known && cost[ing] + 1 < g_strv_length (p->answers))
        {
          p->answer = cost[ing] + 1;
          p->derived = TRUE;
          p->by_table = FALSE;
        }
      else if (p->derived)
        {
          p->answer = g_strv_length (p->answers) == 2 ? 1 : 0;
          p->derived = FALSE;
        }
      if (p->answer != before)
        g_signal_emit (self, signals[QUESTIONS_CHANGED], 0, j, 1, 1);
    }
}

const char *
pen_place_form_get_bribe_market (PenPlaceForm *self)
{
  PenLocations *locations = pen_locations_get_default ();
  g_autofree char *location = NULL, *section = NULL;
  int effect, discipline;

  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), NULL);

  if (self->chosen < 0)
    return NULL;
  split (self->sections[self->chosen], &location, &section);
  effect = pen_locations_get_effect (locations, location, section);
  if (effect == PEN_EFFECT_BUY_POTIONS)
    return "brewery";
  if (effect == PEN_EFFECT_BUY_ARTIFACT)
    return "shop";
  discipline = pen_locations_get_discipline (locations, location);
  if ((effect == PEN_EFFECT_CARD || effect == PEN_EFFECT_MARK_AND_CARD) && discipline >= 0)
    return pen_mark_kind_to_string (discipline);
  return NULL;
}

static void read_table (PenPlaceForm *self,
                        PenTable     *table);

void
pen_place_form_reread_markets (PenPlaceForm *self,
                               PenTable     *table)
{
  guint before;

  g_return_if_fail (PEN_IS_PLACE_FORM (self));
  g_return_if_fail (PEN_IS_TABLE (table));

  g_hash_table_remove_all (self->markets);
  g_hash_table_remove_all (self->unknown);
  g_clear_pointer (&self->brewery_deck, g_strfreev);
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    self->have[k] = pen_wizard_get_ingredient (pen_table_get_wizard (table, self->wizard), k);
  read_table (self, table);
  before = self->questions->len;
  pen_place_form_choose (self, self->chosen);
  g_signal_emit (self, signals[QUESTIONS_CHANGED], 0, 0, before, self->questions->len);
}

char *
pen_place_form_get_problem (PenPlaceForm *self)
{
  guint give[PEN_N_INGREDIENTS], get[PEN_N_INGREDIENTS], lg = 0, lt = 0;
  gboolean any = FALSE;

  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), NULL);

  amounts (self, "give-", give);
  amounts (self, "get-", get);
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    any = any || give[k] > 0 || get[k] > 0;
  /* nothing exchanged is a placement at the Bazaar all the same */
  if (!any || pen_rest_check_exchange (give, get, &lg, &lt, NULL))
    return NULL;
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    if (give[k] > 0 && get[k] > 0)
      return g_strdup (_("Only the Bazaar’s four Ingredients, never the same one on both "
                         "sides."));
  return pen_rest_describe_imbalance (give, get, lg, lt);
}

gboolean
pen_place_form_get_complete (PenPlaceForm *self)
{
  g_autofree char *problem = NULL;

  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), FALSE);

  if (self->chosen < 0)
    return FALSE;
  for (guint i = 0; i < self->questions->len; i++)
    if (is_required (self, question (self, i)) && question (self, i)->answer == 0)
      return FALSE;
  problem = pen_place_form_get_problem (self);
  return problem == NULL;
}

/* A card of a market's answers: "" is another card, not named yet: the next placeholder */
static const char *
spare (PenPlaceForm *self,
       const char   *id,
       guint        *used)
{
  const char * const *spares;
  Question *q;

  if (*id != '\0')
    return id;
  q = find (self, "buy");
  spares = g_hash_table_lookup (self->market_spares, q != NULL ? "shop" : "brewery");
  if (spares == NULL || *used >= g_strv_length ((char **) spares))
    return id;
  return spares[(*used)++];
}

/* "give" and "get" of the Bazaar; "buy" of the Brewery and the Shop, with "pay" where asked */
static void
add_exchange_and_buy (PenPlaceForm *self,
                      JsonObject   *params)
{
  guint give[PEN_N_INGREDIENTS], get[PEN_N_INGREDIENTS];
  guint spares = 0;
  g_autoptr(JsonArray) buy = json_array_new ();
  gboolean any = FALSE;

  amounts (self, "give-", give);
  amounts (self, "get-", get);
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    any = any || give[k] > 0 || get[k] > 0;
  if (any)
    {
      json_object_set_object_member (params, "give", pen_rest_counts_to_json (give));
      json_object_set_object_member (params, "get", pen_rest_counts_to_json (get));
    }
  for (guint i = 0; i < self->questions->len; i++)
    {
      Question *q = question (self, i);
      g_autoptr(JsonObject) item = NULL;
      g_autofree char *prefix = NULL;
      guint pay[PEN_N_INGREDIENTS];
      gboolean paid = FALSE;
      guint n;

      if (!g_str_has_prefix (q->key, "buy") || q->answer == 0)
        continue;
      /* "buy-N" and its "pay-N-…", "reveal-N"; the Shop's one "buy" and its "pay-0-…" */
      n = q->key[3] == '-' ? (guint) g_ascii_strtoull (q->key + 4, NULL, 10) : 0;
      item = json_object_new ();
      json_object_set_string_member (item, "card",
                                     spare (self, q->pick ? q->values[q->answer - 1]
                                                          : q->values[0], &spares));
      {
        g_autofree char *rkey = g_strdup_printf ("reveal-%u", n);
        Question *r = find (self, rkey);

        if (r != NULL && r->answer > 0)
          json_object_set_string_member (item, "reveal",
                                         spare (self, r->values[r->answer - 1], &spares));
      }
      prefix = g_strdup_printf ("pay-%u-", n);
      /* needed for a card whose price is not known; for one whose price is, only when the
       * table changed what it paid (otherwise the core takes the price) */
      for (guint j = 0; j < self->questions->len; j++)
        if (g_str_has_prefix (question (self, j)->key, prefix)
            && (is_required (self, question (self, j))
                || (question (self, j)->by_table && question (self, j)->answer > 0)))
          paid = TRUE;
      if (paid)
        {
          memset (pay, 0, sizeof pay);
          for (guint j = 0; j < self->questions->len; j++)
            {
              Question *p = question (self, j);
              int ing;

              if (g_str_has_prefix (p->key, prefix) && p->answer > 0
                  && (ing = pen_ingredient_from_string (p->key + strlen (prefix))) >= 0)
                pay[ing] = (guint) g_ascii_strtoull (p->values[p->answer - 1], NULL, 10);
            }
          json_object_set_object_member (item, "pay", pen_rest_counts_to_json (pay));
        }
      json_array_add_object_element (buy, g_steal_pointer (&item));
    }
  if (json_array_get_length (buy) > 0)
    json_object_set_array_member (params, "buy", g_steal_pointer (&buy));
}

gboolean
pen_place_form_rolls_ruins_threat (PenPlaceForm *self)
{
  Question *q;

  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), FALSE);

  if (self->chosen < 0 || !g_str_has_prefix (self->sections[self->chosen], "ruins/")
      || self->color == PEN_COLOR_YELLOW || ruins_defended (self))
    return FALSE;
  return (q = find (self, "threat")) == NULL || q->answer == 0;
}

gboolean
pen_place_form_rolls_withstand (PenPlaceForm *self)
{
  Question *q;
  guint n;

  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), FALSE);
  if ((q = find (self, "slot")) == NULL || q->answer == 0 || self->contract_ids == NULL)
    return FALSE;
  n = withstand_of (self, self->contract_ids[q->answer - 1]);
  for (guint d = 0; d < n; d++)
    {
      g_autofree char *key = g_strdup_printf ("withstand-%u", d);

      if ((q = find (self, key)) == NULL || q->answer == 0)
        return TRUE;
    }
  return FALSE;
}

/* "threat_pick": the die chosen for the face given, or when the app rolls, one per face
 * (-1: none chosen); NULL when nothing is chosen */
static JsonNode *
build_threat_picks (PenPlaceForm *self,
                    guint         threat)
{
  gint picks[6] = { -1, -1, -1, -1, -1, -1 };
  gboolean any = FALSE;
  g_autoptr(JsonArray) arr = NULL;

  for (guint v = 1; v <= 6; v++)
    {
      g_autofree char *key = g_strdup_printf ("threat-pick-%u", v);
      Question *q = find (self, key);

      if (q != NULL && q->answer > 0 && (threat == 0 || threat == v))
        {
          picks[v - 1] = (gint) g_ascii_strtoll (q->values[q->answer - 1], NULL, 10);
          any = TRUE;
        }
    }
  if (!any)
    return NULL;
  if (threat > 0)
    return json_node_init_int (json_node_alloc (), picks[threat - 1]);
  arr = json_array_sized_new (6);
  for (guint v = 0; v < 6; v++)
    json_array_add_int_element (arr, picks[v]);
  return json_node_init_array (json_node_alloc (), arr);
}

static void
node_free0 (gpointer node)
{
  if (node != NULL)
    json_node_unref (node);
}

PenAction *
pen_place_form_build_action (PenPlaceForm *self)
{
  g_autofree char *location = NULL, *section = NULL;
  Question *q;
  guint value = 0, threat = 0;
  int slot = -1;
  const char *card = NULL, *reveal = NULL, *contract = NULL;
  g_autoptr(JsonNode) threat_picks = NULL;
  gboolean skip_primagic = FALSE;
  PenAction *action;
  g_autoptr(GPtrArray) said = g_ptr_array_new_with_free_func (node_free0);
  gboolean any_said = FALSE;
  guint faces[6][PEN_N_INGREDIENTS];
  gboolean known = pen_locations_get_resource_faces (pen_locations_get_default (), faces);

  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), NULL);

  if (!pen_place_form_get_complete (self))
    return NULL;
  split (self->sections[self->chosen], &location, &section);
  if ((q = find (self, "value")))
    value = q->answer;
  if ((q = find (self, "threat")) && !ruins_defended (self))
    threat = q->answer;
  if (!ruins_defended (self))
    threat_picks = build_threat_picks (self, threat);
  if ((q = find (self, "slot")) && q->answer > 0 && q->answer <= self->n_row_contracts)
    slot = (int) g_ascii_strtoll (q->values[q->answer - 1], NULL, 10);
  else if (q != NULL && q->answer > 0)
    contract = q->values[q->answer - 1];
  if ((q = find (self, "card")) && q->answer > 0 && *q->values[q->answer - 1] != '\0')
    card = q->values[q->answer - 1];
  if ((q = find (self, "reveal")) && q->answer > 0 && slot >= 0)
    reveal = q->values[q->answer - 1];
  for (guint i = 0; i < self->questions->len; i++)
    {
      q = question (self, i);
      if (!g_str_has_prefix (q->key, "resource-"))
        {
          if (g_str_equal (q->key, "primagic-resource") && q->answer == 1)
            skip_primagic = TRUE;
          else if (g_str_equal (q->key, "primagic-resource"))
            /* the app rolls the Primagic die: a null entry, should another die be said */
            g_ptr_array_add (said, NULL);
          continue;
        }
      /* the faces typed in: the app rolls it (null), or the face the table says it rolled */
      if (q->values != NULL)
        {
          if (q->answer == 0)
            g_ptr_array_add (said, NULL);
          /* "Not rolled", after the faces */
          else if (q->answer > g_strv_length (q->values))
            skip_primagic = TRUE;
          else
            {
              guint f = (guint) g_ascii_strtoull (q->values[q->answer - 1], NULL, 10);
              g_autoptr(JsonBuilder) b = json_builder_new ();
              guint face_amounts[PEN_N_INGREDIENTS];

              g_assert (known && f < 6);
              memcpy (face_amounts, faces[f], sizeof face_amounts);
              json_builder_begin_object (b);
              for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
                if (face_amounts[k] > 0)
                  {
                    json_builder_set_member_name (b, pen_ingredient_to_string (k));
                    json_builder_add_int_value (b, face_amounts[k]);
                  }
              json_builder_end_object (b);
              g_ptr_array_add (said, json_builder_get_root (b));
              any_said = TRUE;
            }
        }
      /* "Not rolled": the Primagic Resource die left (its answer after the Ingredients) */
      else if (q->answer > G_N_ELEMENTS (resource_ingredients))
        skip_primagic = TRUE;
      else
        {
          /* the kind and how many the face showed: "resource-N" and "count-resource-N" */
          g_autofree char *count_key = g_strdup_printf ("count-%s", q->key);
          Question *count = find (self, count_key);
          g_autoptr(JsonBuilder) b = json_builder_new ();

          g_assert (count != NULL && count->answer > 0);
          json_builder_begin_object (b);
          json_builder_set_member_name (b,
                                        pen_ingredient_to_string (resource_ingredients
                                                                  [q->answer - 1]));
          json_builder_add_int_value (b, count->answer);
          json_builder_end_object (b);
          g_ptr_array_add (said, json_builder_get_root (b));
          any_said = TRUE;
        }
    }
  action = pen_action_new_place (self->wizard, self->index, location, section, value, threat,
                                 slot, card, NULL, 0);
  /* a face said for a die the app could roll: each die's entry, null for those it rolls */
  if (any_said)
    {
      JsonArray *arr = json_array_sized_new (said->len);

      for (guint i = 0; i < said->len; i++)
        {
          JsonNode *node = g_ptr_array_index (said, i);

          json_array_add_element (arr, node != NULL ? json_node_copy (node)
                                                    : json_node_init_null (json_node_alloc ()));
        }
      json_object_set_array_member (pen_action_get_params (action), "resource", arr);
    }
  if (skip_primagic)
    json_object_set_boolean_member (pen_action_get_params (action), "primagic_resource", FALSE);
  /* a reserved Contract fulfilled (docs/locations.md: `contract`) */
  if (contract != NULL)
    json_object_set_string_member (pen_action_get_params (action), "contract", contract);
  add_exchange_and_buy (self, pen_action_get_params (action));
  if (self->hurry)
    json_object_set_boolean_member (pen_action_get_params (action), "trinket", TRUE);
  if (g_str_has_suffix (self->sections[self->chosen], PEN_PLACE_FORM_APPEAR))
    json_object_set_boolean_member (pen_action_get_params (action), "outside", TRUE);
  if (g_str_has_suffix (self->sections[self->chosen], PEN_PLACE_FORM_KNOCK_OUT))
    json_object_set_boolean_member (pen_action_get_params (action), "knock_out", TRUE);
  if ((q = find (self, "knock-out-discard")) && q->answer > 0)
    json_object_set_int_member (pen_action_get_params (action), "knock_out_discard",
                                g_array_index (self->reds, guint, q->answer - 1));
  if (reveal != NULL)
    json_object_set_string_member (pen_action_get_params (action), "reveal", reveal);
  /* the Withstand task's faces, all said; else the app rolls them */
  if ((q = find (self, "slot")) && q->answer > 0 && self->contract_ids != NULL)
    {
      guint n = withstand_of (self, self->contract_ids[q->answer - 1]);
      g_autoptr(JsonArray) withstand = json_array_new ();

      for (guint d = 0; d < n; d++)
        {
          g_autofree char *key = g_strdup_printf ("withstand-%u", d);
          Question *f = find (self, key);

          if (f != NULL && f->answer > 0)
            json_array_add_int_element (withstand, f->answer);
        }
      if (n > 0 && json_array_get_length (withstand) == n)
        json_object_set_array_member (pen_action_get_params (action), "withstand",
                                      json_array_ref (withstand));
      /* DEFEND's Yellow dice, by the supply before the die is placed (as "index") */
      if (withstand_defended (self, self->contract_ids[q->answer - 1]) > 0)
        {
          const char *id = self->contract_ids[q->answer - 1];
          g_autoptr(GArray) order = pen_task_withstand_defend_order (self->board,
                                                                     withstand_rolled (self,
                                                                                       id));
          g_autoptr(JsonArray) defend = json_array_new ();

          for (guint k = 0; k < withstand_defended (self, id) && k < order->len; k++)
            {
              guint j = g_array_index (order, guint, k);

              json_array_add_int_element (defend, j >= self->index ? j + 1 : j);
            }
          json_object_set_array_member (pen_action_get_params (action), "defend",
                                        json_array_ref (defend));
        }
    }
  if ((q = find (self, "sanctuary-blood")) && q->answer > 0)
    json_object_set_string_member (pen_action_get_params (action), "blood_source",
                                   q->values[q->answer - 1]);
  if ((q = find (self, "blood")) && q->answer > 0 && is_required (self, q))
    json_object_set_string_member (pen_action_get_params (action), "blood_source",
                                   q->values[q->answer - 1]);
  if (threat_picks != NULL)
    json_object_set_member (pen_action_get_params (action), "threat_pick",
                            g_steal_pointer (&threat_picks));
  /* DEFEND at the Ruins: the Yellow die, by the supply before the die is placed (as "index") */
  if (ruins_defended (self))
    {
      g_autoptr(GArray) order = pen_task_withstand_defend_order (self->board, 1);
      g_autoptr(JsonArray) defend = json_array_new ();
      guint j = g_array_index (order, guint, 0);

      json_array_add_int_element (defend, j >= self->index ? j + 1 : j);
      json_object_set_array_member (pen_action_get_params (action), "defend",
                                    json_array_ref (defend));
    }
  if ((q = find (self, "arcana")) && q->answer > 0)
    {
      g_autoptr(JsonNode) cost = json_node_new (JSON_NODE_VALUE);
      g_autoptr(GError) error = NULL;

      json_object_set_int_member (pen_action_get_params (action), "arcana", q->answer - 1);
      /* a fact of the user's board: asked once, whatever the table then does with the
       * action; a failed save only means it is asked again */
      json_node_set_int (cost, q->answer - 1);
      if (!pen_board_layout_set_user_value (pen_board_layout_get_default (), self->mark_cell,
                                            "arcana_cost", cost, &error))
        g_message ("the Arcana cost is not remembered: %s", error->message);
    }
  return action;
}

void
pen_place_form_set_contract_draws (PenPlaceForm       *self,
                                   const char * const *ids)
{
  Question *q;

  g_return_if_fail (PEN_IS_PLACE_FORM (self));

  g_strfreev (self->draws);
  self->draws = g_strdupv ((char **) ids);
  /* asked already (a Contract named since: it is no refill any more): its answers follow,
   * the one chosen kept while it is still possible */
  if ((q = find (self, "reveal")) != NULL && self->draws != NULL && self->draws[0] != NULL)
    fill_guild_reveal (self, q);
}

void
pen_place_form_set_market_draws (PenPlaceForm       *self,
                                 const char         *market,
                                 const char * const *ids,
                                 const char * const *spares)
{
  g_return_if_fail (PEN_IS_PLACE_FORM (self));
  g_return_if_fail (g_strcmp0 (market, "brewery") == 0 || g_strcmp0 (market, "shop") == 0);

  g_hash_table_replace (self->market_draws, g_strdup (market), g_strdupv ((char **) ids));
  g_hash_table_replace (self->market_spares, g_strdup (market), g_strdupv ((char **) spares));
}

gboolean
pen_place_form_get_table_markets (PenPlaceForm *self)
{
  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), FALSE);
  return self->table_markets;
}

PenColor
pen_place_form_get_color (PenPlaceForm *self)
{
  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), 0);
  return self->color;
}

guint
pen_place_form_get_value (PenPlaceForm *self)
{
  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), 0);
  return self->value;
}

const char * const *
pen_place_form_get_sections (PenPlaceForm *self)
{
  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), NULL);
  return (const char * const *) self->sections;
}

int
pen_place_form_get_chosen (PenPlaceForm *self)
{
  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), -1);
  return self->chosen;
}

static void
pen_place_form_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  PenPlaceForm *self = PEN_PLACE_FORM (object);

  switch (prop_id)
    {
    case PROP_CHOSEN:
      g_value_set_int (value, self->chosen);
      break;
    case PROP_COMPLETE:
      g_value_set_boolean (value, pen_place_form_get_complete (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_place_form_finalize (GObject *object)
{
  PenPlaceForm *self = PEN_PLACE_FORM (object);

  g_clear_pointer (&self->sections, g_strfreev);
  g_clear_pointer (&self->questions, g_ptr_array_unref);
  g_clear_pointer (&self->contracts, g_strfreev);
  g_clear_pointer (&self->contract_names, g_strfreev);
  g_clear_pointer (&self->contract_notes, g_strfreev);
  g_clear_pointer (&self->blood_notes[0], g_strfreev);
  g_clear_pointer (&self->blood_notes[1], g_strfreev);
  g_clear_pointer (&self->contract_ids, g_strfreev);
  g_clear_pointer (&self->draws, g_strfreev);
  g_clear_pointer (&self->unknown_marks, g_ptr_array_unref);
  g_clear_pointer (&self->rest, g_array_unref);
  g_clear_pointer (&self->board, pen_board_free);
  g_clear_pointer (&self->markets, g_hash_table_unref);
  g_clear_pointer (&self->unknown, g_hash_table_unref);
  g_clear_pointer (&self->market_draws, g_hash_table_unref);
  g_clear_pointer (&self->market_spares, g_hash_table_unref);
  g_clear_pointer (&self->brewery_deck, g_strfreev);
  g_clear_pointer (&self->buy_groups, g_array_unref);
  g_clear_pointer (&self->reds, g_array_unref);
  g_clear_pointer (&self->red_values, g_array_unref);

  G_OBJECT_CLASS (pen_place_form_parent_class)->finalize (object);
}

static void
pen_place_form_class_init (PenPlaceFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pen_place_form_finalize;
  object_class->get_property = pen_place_form_get_property;

  properties[PROP_CHOSEN] =
    g_param_spec_int ("chosen", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPLETE] =
    g_param_spec_boolean ("complete", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The questions changed after an answer (the Brewery's purchases, any number of them): at
   * position, removed of them went and added came, like GListModel::items-changed */
  signals[QUESTIONS_CHANGED] =
    g_signal_new ("questions-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT);
}

static void
pen_place_form_init (PenPlaceForm *self)
{
  self->chosen = -1;
  self->insert_at = -1;
  self->blood_mark = -1;
  self->buy_groups = g_array_new (FALSE, FALSE, sizeof (guint));
  self->reds = g_array_new (FALSE, FALSE, sizeof (guint));
  self->red_values = g_array_new (FALSE, FALSE, sizeof (guint));
  self->questions = g_ptr_array_new_with_free_func (question_free);
  self->markets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) g_strfreev);
  self->unknown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->market_draws = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                              (GDestroyNotify) g_strfreev);
  self->market_spares = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                               (GDestroyNotify) g_strfreev);
}

/* What fulfilling Contract id takes and gives, in one or two lines (the die placed is not
 * the wizard's any more) */
static char *
describe_contract_paying (PenTable   *table,
                          guint       wizard,
                          const char *id,
                          int         placed,
                          int         blood_source,
                          gboolean    in_dialog);

char *
pen_place_form_describe_contract (PenTable   *table,
                                  guint       wizard,
                                  const char *id,
                                  int         placed)
{
  return describe_contract_paying (table, wizard, id, placed, -1, TRUE);
}

static char *
/* in_dialog: the note is over a button that names the card or enters its task (the place
 * dialog's, pen_place_form_get_contract_to_name (), or the Table page's Contract popover's) */
describe_contract_paying (PenTable   *table,
                          guint       wizard,
                          const char *id,
                          int         placed,
                          int         blood_source,
                          gboolean    in_dialog)
{
  g_autoptr(PenContractTask) ct = pen_turn_contract_task_paying (table, wizard, id, placed,
                                                                 blood_source);
  g_autoptr(GString) s = g_string_new (NULL);
  PenCardReward reward;
  gboolean yellow = FALSE;

  /* DEFEND's "place": a Yellow die placed in the Guild discards one of the task's Threat dice,
   * the one placed now (placed) or one placed there this turn and not counted yet (the table's
   * count, which the contract-take after it uses): the note tells the dice rolled then */
  if (ct != NULL && ct->task->kind == PEN_TASK_WITHSTAND && ct->task->threat > 0)
    {
      PenWizard *w = pen_table_get_wizard (table, wizard);

      if (placed >= 0)
        {
          g_autoptr(PenDie) die = g_list_model_get_item (pen_wizard_get_supply (w), placed);

          yellow = die != NULL && pen_die_get_color (die) == PEN_COLOR_YELLOW;
        }
      else
        yellow = pen_table_get_guild_yellow (table) > 0
                 && pen_table_get_current (table) == wizard;
    }
  if (yellow)
    {
      PenWizard *w = pen_table_get_wizard (table, wizard);
      g_autoptr(PenBoard) board = pen_wizard_to_board (w);

      if (placed >= 0 && (guint) placed < board->supply->len)
        g_array_remove_index (board->supply, placed);
      ct->task->threat--;
      pen_task_result_free (ct->result);
      ct->result = pen_task_solve (ct->task, board, NULL);
      g_free (ct->describe);
      ct->describe = pen_task_result_describe (ct->result, ct->task, board);
    }

  /* the place dialog points to its button right under the note: Cards to Name lists only the
   * cards not named yet, never one the catalogue names without its task (play finding A3) */
  if (ct == NULL && in_dialog && pen_card_id_is_placeholder (id))
    g_string_append (s, _("Its task is not known yet: name the card with Name This Contract… "
                          "below, or spend what the card asks by hand."));
  else if (ct == NULL && in_dialog)
    g_string_append (s, _("Its task is not known yet: enter it with Enter Its Task… below, or "
                          "spend what the card asks by hand."));
  else if (!ct->can)
    g_string_append_printf (s, _("Task: not possible now. %s"), ct->describe);
  else
    g_string_append_printf (s, _("Task: %s"), ct->describe);
  if (yellow)
    {
      g_string_append_c (s, ' ');
      g_string_append (s, _("A Yellow die placed in the Guild discards one of its Threat dice "
                            "(DEFEND)."));
    }
  if (pen_card_reward_lookup (id, &reward))
    {
      g_autofree char *text = pen_card_reward_describe (&reward);

      g_string_append_c (s, '\n');
      g_string_append_printf (s, _("Reward: %s"), text);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static gboolean
is_exchange (PenPlaceForm *self)
{
  g_autofree char *location = NULL, *section = NULL;

  split (self->sections[self->chosen], &location, &section);
  return pen_locations_get_effect (pen_locations_get_default (), location, section)
         == PEN_EFFECT_EXCHANGE;
}

char *
pen_place_form_get_note (PenPlaceForm *self)
{
  Question *q, *blood;

  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), NULL);

  /* the Bazaar with less than a lot of each: no exchange rows, so say why */
  if (self->chosen >= 0 && exchange_lots (self) == 0 && is_exchange (self))
    return g_strdup (_("Nothing to exchange: the Bazaar trades only multiples of its rate, "
                       "4 Fruits = 3 Crystals = 2 Jewels = 1 Trinket, and there is less than "
                       "that of each in the supply. The die can still be placed here."));

  /* Hurry is paid as the die goes down: the table should see that before it places */
  if (self->chosen >= 0 && self->hurry)
    return g_strdup (_("The turn’s placements are used: this one is the extra placement for a "
                       "Trinket (Hurry, once per turn). 1 Trinket is discarded."));

  /* the Ruins' Threat die: a Mark whose value the app lacks is never hit, so the table
   * must know before it places (the Threat page says the same) */
  if (self->chosen >= 0 && self->unknown_marks->len > 0 && find (self, "threat") != NULL)
    {
      g_autofree char *names = NULL;

      g_ptr_array_add (self->unknown_marks, NULL);
      names = g_strjoinv (", ", (char **) self->unknown_marks->pdata);
      g_ptr_array_remove_index (self->unknown_marks, self->unknown_marks->len - 1);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "⚠ %u Mark has no value entered yet: %s. The Threat "
                                           "die cannot hit it until the value printed under its "
                                           "cell is entered (Threat page, “?”).",
                                           "⚠ %u Marks have no value entered yet: %s. The Threat "
                                           "die cannot hit them until the values printed under "
                                           "their cells are entered (Threat page, “?”).",
                                           self->unknown_marks->len),
                              self->unknown_marks->len, names);
    }

  /* the Sanctuary's Blood paid by a wounded Mark: which one is flipped */
  if (self->chosen >= 0 && self->blood_mark >= 0
      && g_str_has_prefix (self->sections[self->chosen], "sanctuary/"))
    {
      Question *paid = find (self, "sanctuary-blood");

      if (self->have[PEN_INGREDIENT_BLOOD] == 0 || (paid != NULL && paid->answer == 2))
        /* Translators: a Mark's name (Wounded Marks as Blood, USE BLOOD) */
        return g_strdup_printf (_("The Blood is paid by flipping the wounded %s (a wounded "
                                  "Mark’s Blood is used like the supply’s)."),
                                self->blood_mark_name);
    }

  /* the Brewery and the Shop: the price of each card chosen as bought, as printed, or that
   * it is not known (play finding U10); a card "named later" has its payment asked */
  if (self->chosen >= 0)
    {
      g_autoptr(GString) prices = g_string_new (NULL);

      for (guint i = 0; i < self->questions->len; i++)
        {
          Question *b = question (self, i);
          const char *id;
          g_autofree char *price = NULL;

          if (!b->pick || b->answer == 0 || *(id = b->values[b->answer - 1]) == '\0')
            continue;
          price = price_text (id);
          if (prices->len > 0)
            g_string_append_c (prices, '\n');
          /* Translators: a card chosen as bought and its price: "Price of Wand of Everwood:
           * 1 Jewel, 1 Trinket", or "price unknown" */
          g_string_append_printf (prices, _("Price of %s: %s"), pen_turn_card_name (id), price);
        }
      if (prices->len > 0)
        return g_string_free (g_steal_pointer (&prices), FALSE);
    }

  q = find (self, "slot");
  if (q == NULL || q->answer == 0 || self->contract_notes == NULL
      || q->answer > g_strv_length (self->contract_notes))
    return NULL;
  /* the Blood's way chosen: what it takes then */
  blood = find (self, "blood");
  if (blood != NULL && (self->blood_choice & (G_GUINT64_CONSTANT (1) << q->answer)))
    {
      if (blood->answer > 0)
        return g_strdup (self->blood_notes[blood->answer - 1][q->answer - 1]);
      const char *reward = strchr (self->contract_notes[q->answer - 1], '\n');

      /* not chosen yet: no way of paying is shown as if it were decided */
      return g_strconcat (_("Task: its Blood is paid from the supply or by flipping wounded "
                            "Marks, as the wizard chooses (Blood paid with)."),
                          reward != NULL ? reward : "", NULL);
    }
  /* DEFEND chosen: what it leaves, and the odds then */
  {
    const char *id = self->contract_ids[q->answer - 1];
    guint k = withstand_defended (self, id);

    if (k > 0 && self->board != NULL)
      {
        g_autofree char *defend = pen_task_withstand_defend_describe (self->board,
                                                                      withstand_rolled (self,
                                                                                        id),
                                                                      k);

        return g_strdup_printf ("%s\n%s", self->contract_notes[q->answer - 1], defend);
      }
  }
  return g_strdup (self->contract_notes[q->answer - 1]);
}

/* The Contract row's cards: their slots, names, what each would take and give now */
static void
read_contracts (PenPlaceForm *self,
                PenTable     *table)
{
  GListModel *row = pen_table_get_contract_row (table);
  g_autoptr(GStrvBuilder) slots = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) notes = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) supply_first = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) marks_first = g_strv_builder_new ();
  g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func (g_object_unref);
  PenWizard *w = pen_table_get_wizard (table, self->wizard);
  guint n = 0;

  /* Reserved Contracts: "When you place in the Guild, you can fulfil either the Contracts
   * lying in the Guild or any of your reserved Contracts": after the row's, by card id */
  for (guint i = 0; i < g_list_model_get_n_items (row); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (row, i);

      if (pen_table_card_get_card_id (tc) != NULL)
        g_ptr_array_add (choices, g_steal_pointer (&tc));
    }
  self->n_row_contracts = choices->len;
  for (guint i = 0; w != NULL && i < g_list_model_get_n_items (pen_wizard_get_cards (w)); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_wizard_get_cards (w), i);
      const char *id = pen_table_card_get_card_id (tc);
      PenCard *card = id != NULL ? pen_catalog_lookup (pen_catalog_get_default (), id) : NULL;
      PenCardType type = card != NULL ? pen_card_get_card_type (card) : PEN_N_CARD_TYPES;

      if (card == NULL && id != NULL)
        pen_card_parse_placeholder (id, &type, NULL);
      if (g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_RESERVED) == 0
          && type == PEN_CARD_CONTRACT)
        g_ptr_array_add (choices, g_steal_pointer (&tc));
    }

  self->blood_choice = 0;
  for (guint i = 0; i < choices->len; i++)
    {
      PenTableCard *tc = g_ptr_array_index (choices, i);
      const char *id = pen_table_card_get_card_id (tc);
      g_autofree char *slot = NULL;
      g_autofree char *note = NULL;

      if (i < self->n_row_contracts)
        {
          guint cell;

          /* the row's cell the card lies in */
          for (cell = 0; cell < g_list_model_get_n_items (row); cell++)
            {
              g_autoptr(PenTableCard) c = g_list_model_get_item (row, cell);

              if (c == tc)
                break;
            }
          slot = g_strdup_printf ("%u", cell);
          g_strv_builder_add (names, pen_turn_card_name (id));
        }
      else
        {
          g_autofree char *name = g_strdup_printf (C_("a Contract", "%s · reserved"),
                                                   pen_turn_card_name (id));

          slot = g_strdup (id);
          g_strv_builder_add (names, name);
        }
      g_strv_builder_add (slots, slot);
      g_strv_builder_add (ids, id);
      note = describe_contract_paying (table, self->wizard, id, (int) self->index, -1, TRUE);
      g_strv_builder_add (notes, note);
      n++;
      if (pen_turn_contract_blood_choice (table, self->wizard, id, (int) self->index))
        {
          g_autofree char *supply = describe_contract_paying (table, self->wizard, id,
                                                              (int) self->index,
                                                              PEN_BLOOD_SUPPLY_FIRST, TRUE);
          g_autofree char *marks = describe_contract_paying (table, self->wizard, id,
                                                             (int) self->index,
                                                             PEN_BLOOD_MARKS_FIRST, TRUE);

          self->blood_choice |= G_GUINT64_CONSTANT (1) << n;
          g_strv_builder_add (supply_first, supply);
          g_strv_builder_add (marks_first, marks);
        }
      else
        {
          g_strv_builder_add (supply_first, "");
          g_strv_builder_add (marks_first, "");
        }
    }
  g_clear_pointer (&self->contracts, g_strfreev);
  g_clear_pointer (&self->contract_names, g_strfreev);
  g_clear_pointer (&self->contract_notes, g_strfreev);
  g_clear_pointer (&self->contract_ids, g_strfreev);
  self->contracts = g_strv_builder_end (slots);
  self->contract_names = g_strv_builder_end (names);
  self->contract_notes = g_strv_builder_end (notes);
  self->contract_ids = g_strv_builder_end (ids);
  g_strfreev (self->blood_notes[0]);
  g_strfreev (self->blood_notes[1]);
  self->blood_notes[0] = g_strv_builder_end (supply_first);
  self->blood_notes[1] = g_strv_builder_end (marks_first);
}

const char *
pen_place_form_get_contract_to_name (PenPlaceForm *self)
{
  Question *q;
  PenCard *card;
  const char *id;

  g_return_val_if_fail (PEN_IS_PLACE_FORM (self), NULL);

  q = find (self, "slot");
  if (q == NULL || q->answer == 0 || self->contract_ids == NULL
      || q->answer > g_strv_length (self->contract_ids))
    return NULL;
  id = self->contract_ids[q->answer - 1];
  /* the card's printed task, not whether the wizard can pay it (pen_turn_contract_task solves
   * it against the supply: work the dialog does once, in the note) */
  card = pen_catalog_lookup (pen_catalog_get_default (), id);
  return card == NULL || pen_card_get_task (card) == NULL ? id : NULL;
}

void
pen_place_form_reread_contracts (PenPlaceForm *self,
                                 PenTable     *table)
{
  Question *q;

  g_return_if_fail (PEN_IS_PLACE_FORM (self));
  g_return_if_fail (PEN_IS_TABLE (table));

  /* a naming keeps the row's slots: the answers stay, their names and notes are read again */
  read_contracts (self, table);
  q = find (self, "slot");
  if (q != NULL && g_strv_length (q->answers) == g_strv_length (self->contract_names) + 1)
    {
      g_strfreev (q->answers);
      q->answers = with_first (_("No Contract now"), (const char * const *) self->contract_names);
    }
  /* a card just named may take Blood: its choice is asked, after the Contract's question */
  q = find (self, "blood");
  if (q != NULL)
    q->needs = self->blood_choice;
  else if (self->blood_choice != 0)
    for (guint i = 0; i < self->questions->len; i++)
      if (g_str_equal (question (self, i)->key, "slot"))
        {
          gboolean was_complete = pen_place_form_get_complete (self);

          self->insert_at = (int) i + 1;
          add_blood_question (self, (int) i);
          self->insert_at = -1;
          g_signal_emit (self, signals[QUESTIONS_CHANGED], 0, i + 1, 0, 1);
          if (was_complete != pen_place_form_get_complete (self))
            g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
          break;
        }
  /* a card just named may have a WITHSTAND THREAT task: its Threat dice are asked after the
   * Contract's other questions, as when the form is built, or the table could not give them
   * and Place failed with "say what the Threat dice show" (play finding B3, session 13) */
  for (guint i = 0; i < self->questions->len; i++)
    if (g_str_equal (question (self, i)->key, "slot"))
      {
        gboolean was_complete = pen_place_form_get_complete (self);
        guint at = i + 1, added;

        while (at < self->questions->len
               && (g_str_equal (question (self, at)->key, "blood")
                   || g_str_has_prefix (question (self, at)->key, "withstand-")))
          at++;
        self->insert_at = (int) at;
        added = ask_withstand (self, (int) i);
        self->insert_at = -1;
        if (added > 0)
          g_signal_emit (self, signals[QUESTIONS_CHANGED], 0, at, 0, added);
        if (was_complete != pen_place_form_get_complete (self))
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
        break;
      }
}

/* What the table offers now: the Contract row's cards and each market's face-up cards */
static void
read_table (PenPlaceForm *self,
            PenTable     *table)
{
  GListModel *markets = pen_table_get_markets (table);
  g_autoptr(GHashTable) builders = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                          (GDestroyNotify) g_strv_builder_unref);
  GHashTableIter iter;
  gpointer key, builder;

  read_contracts (self, table);

  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);
      const char *zone = pen_table_card_get_zone (tc);

      if (zone != NULL && pen_table_card_get_card_id (tc) == NULL)
        g_hash_table_replace (self->unknown, g_strdup (zone),
                              GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup
                                                                    (self->unknown, zone)) + 1));
      if (zone == NULL || pen_table_card_get_card_id (tc) == NULL)
        continue;
      builder = g_hash_table_lookup (builders, zone);
      if (builder == NULL)
        {
          builder = g_strv_builder_new ();
          g_hash_table_insert (builders, g_strdup (zone), builder);
        }
      g_strv_builder_add (builder, pen_table_card_get_card_id (tc));
    }
  g_hash_table_iter_init (&iter, builders);
  while (g_hash_table_iter_next (&iter, &key, &builder))
    g_hash_table_insert (self->markets, g_strdup (key), g_strv_builder_end (builder));

  /* app-dealt: the Potions a Brewery purchase turns up, top of the deck first */
  if (!pen_table_get_physical (table))
    {
      GListModel *decks = pen_table_get_market_decks (table);
      g_autoptr(GStrvBuilder) deck = g_strv_builder_new ();

      for (guint i = 0; i < g_list_model_get_n_items (decks); i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (decks, i);

          if (g_strcmp0 (pen_table_card_get_zone (tc), "brewery") == 0
              && pen_table_card_get_card_id (tc) != NULL)
            g_strv_builder_add (deck, pen_table_card_get_card_id (tc));
        }
      self->brewery_deck = g_strv_builder_end (deck);
    }
}

PenPlaceForm *
pen_place_form_new (PenTable  *table,
                    guint      wizard,
                    guint      index,
                    GError   **error)
{
  GListModel *supply;
  g_autoptr(PenDie) die = NULL;
  PenPlaceForm *self;

  g_return_val_if_fail (PEN_IS_TABLE (table), NULL);

  if (wizard >= pen_table_get_n_players (table))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "wizard %u: no such wizard", wizard);
      return NULL;
    }
  supply = pen_wizard_get_supply (pen_table_get_wizard (table, wizard));
  if (index >= g_list_model_get_n_items (supply))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "index %u: no such die in the supply",
                   index);
      return NULL;
    }
  die = g_list_model_get_item (supply, index);

  self = g_object_new (PEN_TYPE_PLACE_FORM, NULL);
  self->wizard = wizard;
  self->index = index;
  self->color = pen_die_get_color (die);
  self->value = pen_die_get_value (die);
  self->physical = pen_table_get_physical (table);
  self->table_markets = pen_table_get_table_markets (table);
  self->mark_cell = pen_wizard_first_free_cell (pen_table_get_wizard (table, wizard), FALSE);
  self->board = pen_wizard_to_board (pen_table_get_wizard (table, wizard));
  g_array_remove_index (self->board->supply, index);
  self->wounded_this_turn =
    pen_wizard_get_mortal_wound_this_turn (pen_table_get_wizard (table, wizard));
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    self->have[k] = pen_wizard_get_ingredient (pen_table_get_wizard (table, wizard), k);
  self->sections = pen_locations_list_open (pen_locations_get_default (), table, self->color,
                                            self->value);
  self->n_open = g_strv_length (self->sections);
  /* Appear ("Discard 1 Arcana to place a die outside a cell"): a section whose cells are all
   * taken is offered too, while the wizard has the Arcana */
  if (self->have[PEN_INGREDIENT_ARCANA] > 0)
    {
      g_auto(GStrv) full = pen_locations_list_full (pen_locations_get_default (), table,
                                                    self->color, self->value);
      g_autoptr(GStrvBuilder) b = g_strv_builder_new ();

      g_strv_builder_addv (b, (const char **) self->sections);
      for (guint i = 0; full[i] != NULL; i++)
        {
          g_autofree char *appear = g_strconcat (full[i], PEN_PLACE_FORM_APPEAR, NULL);

          g_strv_builder_add (b, appear);
        }
      g_strfreev (self->sections);
      self->sections = g_strv_builder_end (b);
    }
  /* Hurry ("once per turn: discard a Trinket to make an additional placement"): the only
   * way to place once the Study turn's placements are used */
  self->hurry = pen_table_get_turn_kind (table) == PEN_TURN_STUDY
                && pen_table_get_current (table) == wizard
                && pen_table_get_placements_left (table) <= 0
                && !pen_table_get_trinket_used (table)
                && self->have[PEN_INGREDIENT_TRINKET] > 0;
  read_table (self, table);
  self->unknown_marks = g_ptr_array_new ();
  self->rest = g_array_new (FALSE, FALSE, sizeof (PenDieValue));
  for (guint i = 0; i < g_list_model_get_n_items (supply); i++)
    {
      g_autoptr(PenDie) other = g_list_model_get_item (supply, i);
      PenDieValue v = { pen_die_get_color (other), pen_die_get_value (other),
                        pen_die_get_temporary (other) };

      if (i != index)
        g_array_append_val (self->rest, v);
      if (i != index && v.color == PEN_COLOR_RED)
        {
          guint face = v.value;

          g_array_append_val (self->reds, i);
          g_array_append_val (self->red_values, face);
        }
    }
  /* Knock Out (Primagic, Dice › Red): where every cell that takes the die holds one, a Red
   * die placed takes a lower die's place; a Red die discarded frees a cell for any die */
  {
    g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
    g_auto(GStrv) replace = pen_locations_list_knock_out (pen_locations_get_default (), table,
                                                          self->color, self->value, TRUE);

    g_strv_builder_addv (b, (const char **) self->sections);
    for (guint i = 0; replace[i] != NULL; i++)
      {
        g_autofree char *knock = g_strconcat (replace[i], PEN_PLACE_FORM_KNOCK_OUT, NULL);

        g_strv_builder_add (b, knock);
      }
    if (self->reds->len > 0)
      {
        g_auto(GStrv) discard = pen_locations_list_knock_out (pen_locations_get_default (), table,
                                                              self->color, self->value, FALSE);

        for (guint i = 0; discard[i] != NULL; i++)
          {
            g_autofree char *knock = g_strconcat (discard[i], PEN_PLACE_FORM_KNOCK_OUT_DISCARD,
                                                  NULL);

            g_strv_builder_add (b, knock);
          }
      }
    g_strfreev (self->sections);
    self->sections = g_strv_builder_end (b);
  }
  {
    GListModel *marks = pen_wizard_get_marks (pen_table_get_wizard (table, wizard));

    for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
      {
        g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);

        if (pen_mark_get_value (mark) == 0)
          g_ptr_array_add (self->unknown_marks,
                           (gpointer) pen_mark_kind_get_mark_name (pen_mark_get_kind (mark)));
      }
  }
  /* The Sanctuary ("Discard 1 Blood. Gain 1 Spark die") is a place the wizard can take only
   * with Blood, in the supply or a wounded Mark's (Wounded Marks as Blood): without, the core
   * refuses it (location-cost), so it is not offered (play finding D5) */
  self->blood_mark = pen_turn_blood_mark (pen_table_get_wizard (table, wizard));
  if (self->blood_mark >= 0)
    self->blood_mark_name = pen_mark_kind_get_mark_name (pen_mark_get_kind (
      pen_wizard_get_mark_in_cell (pen_table_get_wizard (table, wizard), self->blood_mark)));
  if (self->have[PEN_INGREDIENT_BLOOD] == 0 && self->blood_mark < 0)
    {
      g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
      guint n_open = 0;

      for (guint i = 0; self->sections[i] != NULL; i++)
        {
          g_autofree char *location = g_strdup (self->sections[i]);
          char *section = strchr (location, '/');
          char *mark;

          if (section != NULL)
            {
              *section++ = '\0';
              if ((mark = strchr (section, '+')) != NULL)
                *mark = '\0';
              if (pen_locations_get_effect (pen_locations_get_default (), location, section)
                  == PEN_EFFECT_SPARK)
                continue;
            }
          g_strv_builder_add (b, self->sections[i]);
          if (i < self->n_open)
            n_open++;
        }
      g_strfreev (self->sections);
      self->sections = g_strv_builder_end (b);
      self->n_open = n_open;
    }
  return self;
}
