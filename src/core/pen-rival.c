/* pen-rival.c: the solo mode's Rival bot (the design is in pen-rival.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-catalog.h"
#include "pen-core-resources.h"
#include "pen-json.h"
#include "pen-rival.h"
#include "pen-turn.h"

#define RESOURCE_PATH "/io/github/penumbracompanion/PenumbraCompanion/core/rival.json"
#define MAX_LEVEL 3

typedef enum
{
  LOC_GUILD,
  LOC_CLASS,
  LOC_RUINS,
} LocKind;

typedef struct
{
  LocKind     kind;
  PenMarkKind discipline;   /* LOC_CLASS */
} Location;

typedef struct
{
  char        *id;
  PenTurnKind  kind;
  guint        count;
  gboolean     hardest;
  Location     locations[2];
  guint        n_locations;
  char        *name_en;
  char        *name_ru;
} RivalCard;

typedef struct
{
  guint strength_bonus;
  guint rest_extra_dice;
  guint trial_arcana;
} RivalLevel;

typedef struct
{
  RivalCard  *cards;
  guint       n_cards;
  guint       total;
  guint       trial_margin;
  guint       unknown_difficulty;
  RivalLevel  levels[MAX_LEVEL + 1];
} RivalDeck;

struct _PenRivalPlan
{
  PenTurnKind  kind;
  char        *card;
  JsonArray   *steps;
  GPtrArray   *instructions;
  char        *why;
  gboolean     needs_reveal;
  gboolean     refills_guild;
  PenRandom    random_after;
  guint        wizard;
  GArray      *faced;     /* FacedLine: the lines that say a die's face once it is known */
};

/* An instruction about dice the Rival gains, said again with their faces when they are known
 * (pen_rival_plan_give_faces): in app-dealt play the app rolls them */
typedef enum
{
  FACED_CLASS_DIE,   /* a Class's die-gain step */
  FACED_SPARK_DIE,   /* a Trial's trial-take step, its Spark die */
  FACED_REST,        /* the Rest's turn-start step, the dice it takes back */
  FACED_EXTRA,       /* the level's Bone dice: n_steps die-gain steps */
} FacedKind;

typedef struct
{
  FacedKind kind;
  guint     line;      /* in instructions */
  guint     step;      /* the first step whose dice it names */
  guint     n_steps;
  PenColor  color;     /* FACED_CLASS_DIE */
} FacedLine;

/* ---- the deck (built-in data: a fault in it is a bug, caught by the tests) ---- */

static gboolean
parse_location (const char *str,
                Location   *loc)
{
  int d;

  if (g_strcmp0 (str, "guild") == 0)
    loc->kind = LOC_GUILD;
  else if (g_strcmp0 (str, "ruins") == 0)
    loc->kind = LOC_RUINS;
  else if ((d = pen_mark_kind_from_string (str)) >= 0 && d != PEN_MARK_SPARK)
    {
      loc->kind = LOC_CLASS;
      loc->discipline = d;
    }
  else
    return FALSE;
  return TRUE;
}

/* The card's Class when it is on the table, else the next Class of the game in the book's
 * order (Ruby, Amber, Jasper, Emerald, Sapphire, Amethyst, then Ruby again): only the four
 * Classes laid out at set-up are in the game */
static PenMarkKind
class_in_game (PenTable    *table,
               PenMarkKind  discipline)
{
  for (int step = 0; step < PEN_MARK_SPARK; step++)
    {
      PenMarkKind k = (discipline + step) % PEN_MARK_SPARK;

      if (pen_table_has_class (table, k))
        return k;
    }
  return discipline;
}

static RivalDeck *
load_deck (void)
{
  static const char * const top_keys[] = {
    "format", "version", "note", "trial_margin", "unknown_difficulty", "levels", "deck", NULL
  };
  static const char * const level_keys[] = {
    "level", "strength_bonus", "rest_extra_dice", "trial_arcana", NULL
  };
  static const char * const card_keys[] = {
    "id", "kind", "count", "choose", "locations", "name", NULL
  };
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  RivalDeck *deck = g_new0 (RivalDeck, 1);
  JsonObject *obj;
  JsonArray *levels, *cards;
  gint64 v;
  gsize size;
  const char *data;

  bytes = g_resource_lookup_data (pen_core_get_resource (), RESOURCE_PATH,
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    g_error ("rival.json is missing from the core resource: %s", error->message);
  data = g_bytes_get_data (bytes, &size);
  if (!(root = pen_json_parse (data, size, &error))
      || !(obj = pen_json_expect_object (root, "$", &error))
      || !pen_json_check_keys (obj, "$", top_keys, &error)
      || !pen_json_get_int (obj, "$", "trial_margin", TRUE, 0, 20, &v, &error))
    g_error ("rival.json: %s", error->message);
  deck->trial_margin = v;
  if (!pen_json_get_int (obj, "$", "unknown_difficulty", TRUE, 1, 20, &v, &error)
      || !(levels = pen_json_expect_array (json_object_get_member (obj, "levels"), "$.levels",
                                           &error))
      || !(cards = pen_json_expect_array (json_object_get_member (obj, "deck"), "$.deck",
                                          &error)))
    g_error ("rival.json: %s", error->message);
  deck->unknown_difficulty = v;

  if (json_array_get_length (levels) != MAX_LEVEL)
    g_error ("rival.json: $.levels: expected %d levels", MAX_LEVEL);
  for (guint i = 0; i < MAX_LEVEL; i++)
    {
      g_autofree char *p = pen_json_path_index ("$.levels", i);
      JsonObject *l;
      gint64 level, bonus, extra, arcana;

      if (!(l = pen_json_expect_object (json_array_get_element (levels, i), p, &error))
          || !pen_json_check_keys (l, p, level_keys, &error)
          || !pen_json_get_int (l, p, "level", TRUE, i + 1, i + 1, &level, &error)
          || !pen_json_get_int (l, p, "strength_bonus", TRUE, 0, 20, &bonus, &error)
          || !pen_json_get_int (l, p, "rest_extra_dice", TRUE, 0, 6, &extra, &error)
          || !pen_json_get_int (l, p, "trial_arcana", TRUE, 0, 12, &arcana, &error))
        g_error ("rival.json: %s", error->message);
      deck->levels[level].strength_bonus = bonus;
      deck->levels[level].rest_extra_dice = extra;
      deck->levels[level].trial_arcana = arcana;
    }
  deck->levels[0] = deck->levels[1];

  deck->n_cards = json_array_get_length (cards);
  deck->cards = g_new0 (RivalCard, deck->n_cards);
  for (guint i = 0; i < deck->n_cards; i++)
    {
      g_autofree char *p = pen_json_path_index ("$.deck", i);
      RivalCard *card = &deck->cards[i];
      const char *id = NULL, *choose = "hardest", *en = NULL, *ru = NULL;
      JsonObject *c, *name;
      int kind;
      gint64 count;

      if (!(c = pen_json_expect_object (json_array_get_element (cards, i), p, &error))
          || !pen_json_check_keys (c, p, card_keys, &error)
          || !pen_json_get_string (c, p, "id", TRUE, &id, &error)
          || !pen_json_get_enum (c, p, "kind", TRUE, pen_turn_kind_from_string, "turn kind",
                                 &kind, &error)
          || !pen_json_get_int (c, p, "count", TRUE, 1, 100, &count, &error)
          || !pen_json_get_string (c, p, "choose", FALSE, &choose, &error)
          || !(name = pen_json_expect_object (json_object_get_member (c, "name"), p, &error))
          || !pen_json_get_string (name, p, "en", TRUE, &en, &error)
          || !pen_json_get_string (name, p, "ru", TRUE, &ru, &error))
        g_error ("rival.json: %s", error->message);
      card->id = g_strdup (id);
      card->kind = kind;
      card->count = count;
      card->hardest = g_strcmp0 (choose, "easiest") != 0;
      card->name_en = g_strdup (en);
      card->name_ru = g_strdup (ru);
      if (kind == PEN_TURN_STUDY)
        {
          JsonArray *locs;

          if (!(locs = pen_json_expect_array (json_object_get_member (c, "locations"), p,
                                              &error)))
            g_error ("rival.json: %s", error->message);
          card->n_locations = MIN (json_array_get_length (locs), 2);
          for (guint k = 0; k < card->n_locations; k++)
            if (!parse_location (json_array_get_string_element (locs, k), &card->locations[k]))
              g_error ("rival.json: %s.locations[%u]: not a location", p, k);
        }
      deck->total += card->count;
    }
  return deck;
}

static const RivalDeck *
get_deck (void)
{
  static gsize deck;

  if (g_once_init_enter (&deck))
    g_once_init_leave (&deck, (gsize) load_deck ());
  return (const RivalDeck *) deck;
}

static const RivalCard *
find_card (const char *id)
{
  const RivalDeck *deck = get_deck ();

  for (guint i = 0; i < deck->n_cards; i++)
    if (g_str_equal (deck->cards[i].id, id))
      return &deck->cards[i];
  return NULL;
}

static const RivalLevel *
get_level (PenTable *table)
{
  return &get_deck ()->levels[MIN (pen_table_get_solo_level (table), MAX_LEVEL)];
}

/* ---- the plan ---- */

void
pen_rival_plan_free (PenRivalPlan *plan)
{
  if (plan == NULL)
    return;
  g_free (plan->card);
  g_clear_pointer (&plan->steps, json_array_unref);
  g_clear_pointer (&plan->instructions, g_ptr_array_unref);
  g_clear_pointer (&plan->faced, g_array_unref);
  g_free (plan->why);
  g_free (plan);
}

PenTurnKind
pen_rival_plan_get_kind (PenRivalPlan *plan)
{
  return plan->kind;
}

const char *
pen_rival_plan_get_card (PenRivalPlan *plan)
{
  return plan->card;
}

JsonArray *
pen_rival_plan_get_steps (PenRivalPlan *plan)
{
  return plan->steps;
}

const char * const *
pen_rival_plan_get_instructions (PenRivalPlan *plan)
{
  return (const char * const *) plan->instructions->pdata;
}

const char *
pen_rival_plan_get_why (PenRivalPlan *plan)
{
  return plan->why;
}

gboolean
pen_rival_plan_get_needs_reveal (PenRivalPlan *plan)
{
  return plan->needs_reveal;
}

gboolean
pen_rival_plan_get_refills_guild (PenRivalPlan *plan)
{
  return plan->refills_guild;
}

const PenRandom *
pen_rival_plan_get_random_after (PenRivalPlan *plan)
{
  return &plan->random_after;
}

JsonNode *
pen_rival_plan_to_json (PenRivalPlan *plan)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, pen_turn_kind_to_string (plan->kind));
  json_builder_set_member_name (b, "card");
  if (plan->card)
    json_builder_add_string_value (b, plan->card);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "steps");
  {
    JsonNode *steps = json_node_new (JSON_NODE_ARRAY);
    json_node_set_array (steps, plan->steps);
    json_builder_add_value (b, steps);
  }
  json_builder_set_member_name (b, "instructions");
  json_builder_begin_array (b);
  for (guint i = 0; i + 1 < plan->instructions->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (plan->instructions, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "why");
  json_builder_add_string_value (b, plan->why);
  json_builder_set_member_name (b, "needs_reveal");
  json_builder_add_boolean_value (b, plan->needs_reveal);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* A die of the supply, as the plan tracks it: its index moves as dice before it leave. */
typedef struct
{
  PenColor color;
  guint    value;
} PlanDie;

typedef struct
{
  PenTable      *table;
  guint          wizard;
  PenWizard     *w;
  PenRivalPlan  *plan;
  GArray        *dice;   /* PlanDie: the supply as it was, minus the dice the plan used */
  const char    *contract;  /* the contract the table revealed for the row, until used */
} Planner;

static JsonObject *
step (Planner    *p,
      const char *action)
{
  JsonObject *obj = json_object_new ();

  json_object_set_string_member (obj, "action", action);
  json_array_add_object_element (p->plan->steps, obj);
  return obj;
}

static JsonObject *
wizard_step (Planner    *p,
             const char *action)
{
  JsonObject *obj = step (p, action);

  json_object_set_int_member (obj, "wizard", p->wizard);
  return obj;
}

static void
say (Planner    *p,
     const char *format,
     ...) G_GNUC_PRINTF (2, 3);

static void
say (Planner    *p,
     const char *format,
     ...)
{
  va_list args;
  char *msg;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  /* keep the NULL terminator last */
  g_ptr_array_insert (p->plan->instructions, p->plan->instructions->len - 1, msg);
}

/* The index of the lowest die still unused (ties: the last, so equal dice leave from the end
 * and the indices of the others stay put), or -1 */
static int
lowest_die (Planner *p)
{
  int best = -1;

  for (guint i = 0; i < p->dice->len; i++)
    if (best < 0 || g_array_index (p->dice, PlanDie, i).value
                    <= g_array_index (p->dice, PlanDie, best).value)
      best = i;
  return best;
}

static char *
die_text (const PlanDie *d)
{
  return g_strdup_printf (_("%s %u"), pen_color_get_label (d->color), d->value);
}

/* The line just said names the dice of n_steps steps from the one added last but n_steps - 1 */
static void
faced (Planner   *p,
       FacedKind  kind,
       guint      n_steps,
       PenColor   color)
{
  FacedLine f = { kind, p->plan->instructions->len - 2,
                  json_array_get_length (p->plan->steps) - n_steps, n_steps, color };

  g_array_append_val (p->plan->faced, f);
}

/* "Bone 3, Bone 5, Ruby 2" */
static char *
dice_list (GArray *dice)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < dice->len; i++)
    {
      const PenRivalDie *d = &g_array_index (dice, PenRivalDie, i);
      PlanDie pd = { d->color, d->value };
      g_autofree char *text = die_text (&pd);

      if (i > 0)
        g_string_append (s, _(", "));
      g_string_append (s, text);
    }
  return g_string_free (s, FALSE);
}

static int
difficulty_of (const char *id)
{
  PenCard *card = id ? pen_catalog_lookup (pen_catalog_get_default (), id) : NULL;
  int d = card ? pen_card_get_difficulty (card) : -1;

  return d > 0 ? d : (int) get_deck ()->unknown_difficulty;
}

guint
pen_rival_strength (PenTable *table,
                    guint     wizard)
{
  PenWizard *w = pen_table_get_wizard (table, wizard);
  GListModel *marks = pen_wizard_get_marks (w);
  guint n = g_list_model_get_n_items (pen_wizard_get_supply (w));

  for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
      if (pen_mark_get_state (mark) != PEN_MARK_WOUNDED)
        n++;
    }
  return n + get_level (table)->strength_bonus;
}

/* The trial of the row to take, or -1; *dice_short_out is the fewest dice that a trial within
 * its strength needs when it holds fewer (0 when no trial was skipped only for its dice) */
static int
choose_trial (Planner  *p,
              gboolean  hardest,
              guint    *strength_out,
              guint    *dice_short_out)
{
  GListModel *row = pen_table_get_trial_row (p->table);
  guint strength = pen_rival_strength (p->table, p->wizard);
  guint margin = get_deck ()->trial_margin;
  int best = -1, best_d = 0;

  *strength_out = strength;
  *dice_short_out = 0;
  for (guint i = 0; i < g_list_model_get_n_items (row); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (row, i);
      const char *id = pen_table_card_get_card_id (tc);
      int d;

      if (id == NULL)
        continue;
      d = difficulty_of (id);
      if (strength < (guint) d + margin)
        continue;
      if (p->dice->len < (guint) d)
        {
          if (*dice_short_out == 0 || (guint) d < *dice_short_out)
            *dice_short_out = d;
          continue;
        }
      if (best < 0 || (hardest ? d > best_d : d < best_d))
        {
          best = i;
          best_d = d;
        }
    }
  return best;
}

static const char *
deck_card_name (const RivalCard *card)
{
  return g_str_equal (pen_turn_get_card_language (), "ru") ? card->name_ru : card->name_en;
}

static void
append_why (Planner    *p,
            const char *text)
{
  char *old = p->plan->why;

  p->plan->why = old ? g_strconcat (old, " ", text, NULL) : g_strdup (text);
  g_free (old);
}

static void
plan_trial (Planner    *p,
            int         index,
            guint       strength)
{
  GListModel *row = pen_table_get_trial_row (p->table);
  g_autoptr(PenTableCard) tc = g_list_model_get_item (row, index);
  const char *id = pen_table_card_get_card_id (tc);
  int d = difficulty_of (id);
  gboolean dark = pen_wizard_get_dark (p->w) > pen_wizard_get_light (p->w);
  guint arcana = get_level (p->table)->trial_arcana;
  g_autoptr(GString) spent = g_string_new (NULL);
  JsonObject *obj;

  p->plan->kind = PEN_TURN_TRIAL;
  obj = step (p, "turn-start");
  json_object_set_string_member (obj, "kind", "trial");

  for (int k = 0; k < d; k++)
    {
      int i = lowest_die (p);
      g_autofree char *text = die_text (&g_array_index (p->dice, PlanDie, i));

      obj = wizard_step (p, "die-discard");
      json_object_set_int_member (obj, "index", i);
      if (spent->len)
        g_string_append (spent, ", ");
      g_string_append (spent, text);
      g_array_remove_index (p->dice, i);
    }
  if (d > 0)
    say (p, g_dngettext (GETTEXT_PACKAGE, "The Rival spends %d die: %s.",
                         "The Rival spends %d dice: %s.", d), d, spent->str);

  obj = wizard_step (p, "trial-take");
  json_object_set_int_member (obj, "index", index);
  json_object_set_string_member (obj, "path", dark ? "dark" : "light");
  say (p, dark ? _("The Rival passes %s by the path of Darkness: put it in its Experience zone.")
               : _("The Rival passes %s by the path of Light: put it in its Experience zone."),
       pen_turn_card_name (id));

  /* trial-take brings a Spark Mark (and its Spark die) for a trial harder than its Spark
   * Marks: say so, the player moves the pieces */
  {
    PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), id);

    if (card != NULL && pen_card_get_difficulty (card) > 0
        && (guint) pen_card_get_difficulty (card) > pen_wizard_count_marks (p->w, PEN_MARK_SPARK)
        && pen_wizard_first_free_cell (p->w, TRUE) >= 0)
      {
        say (p, _("The trial is harder than its Spark Marks: the Rival gains a Spark Mark and a "
                  "Spark die."));
        faced (p, FACED_SPARK_DIE, 1, PEN_COLOR_SPARK);
      }
  }

  if (arcana > 0)
    {
      obj = wizard_step (p, "ingredient-gain");
      json_object_set_string_member (obj, "ingredient", "arcana");
      json_object_set_int_member (obj, "count", arcana);
      say (p, g_dngettext (GETTEXT_PACKAGE, "The Rival gains %u Arcana (its level).",
                           "The Rival gains %u Arcana (its level).", arcana), arcana);
    }

  {
    g_autofree char *why = g_strdup_printf (
      _("Its strength %u (dice, unwounded Marks and level) beats %s, difficulty %d, with the "
        "margin of %u."), strength, pen_turn_card_name (id), d, get_deck ()->trial_margin);
    append_why (p, why);
  }
}

static void
plan_study (Planner         *p,
            const RivalCard *card)
{
  int placements = pen_table_get_turn (p->table) < pen_table_get_n_players (p->table) ? 1 : 2;
  JsonObject *obj;

  p->plan->kind = PEN_TURN_STUDY;
  obj = step (p, "turn-start");
  json_object_set_string_member (obj, "kind", "study");

  if ((int) card->n_locations > placements)
    append_why (p, _("On its first turn it places one die only."));
  for (guint k = 0; k < card->n_locations && (int) k < placements; k++)
    {
      const Location *loc = &card->locations[k];
      PenMarkKind discipline = loc->kind == LOC_CLASS ? class_in_game (p->table, loc->discipline)
                                                      : PEN_MARK_SPARK;
      int i = lowest_die (p);
      g_autofree char *where = NULL;
      g_autofree char *loc_id = NULL;
      g_autofree char *text = NULL;

      /* the card names a Class that went back to the box: say where the die goes instead */
      if (loc->kind == LOC_CLASS && discipline != loc->discipline)
        {
          const char *named = pen_mark_kind_get_class_definite (loc->discipline);
          /* TRANSLATORS: two Classes in a sentence: "the Sapphire Class", "the Ruby Class" */
          g_autofree char *why = g_strdup_printf (_("The card names %s, which is not in this "
                                                    "game: it goes to %s, the next Class laid "
                                                    "out."),
                                                  named,
                                                  pen_mark_kind_get_class_definite (discipline));

          append_why (p, why);
        }

      if (i < 0)
        {
          say (p, _("The Rival has no die left to place."));
          break;
        }
      text = die_text (&g_array_index (p->dice, PlanDie, i));
      switch (loc->kind)
        {
        case LOC_GUILD:
          loc_id = g_strdup ("guild");
          where = g_strdup (_("the Guild"));
          break;
        case LOC_CLASS:
          loc_id = g_strdup_printf ("%s-class", pen_mark_kind_to_string (discipline));
          where = g_strdup (pen_mark_kind_get_class_definite (discipline));
          break;
        case LOC_RUINS:
        default:
          loc_id = g_strdup ("ruins");
          where = g_strdup (_("the Ruins"));
          break;
        }
      obj = wizard_step (p, "die-place");
      json_object_set_int_member (obj, "index", i);
      json_object_set_string_member (obj, "location", loc_id);
      g_array_remove_index (p->dice, i);
      /* TRANSLATORS: the die ("Bone 2"), then the location ("the Guild") */
      say (p, _("Put the Rival's %s on %s."), text, where);

      if (loc->kind == LOC_GUILD)
        {
          GListModel *row = pen_table_get_contract_row (p->table);
          int slot = -1;

          for (int s = PEN_CONTRACT_CELLS - 1; s >= 0 && slot < 0; s--)
            {
              g_autoptr(PenTableCard) tc = g_list_model_get_item (row, s);
              if (pen_table_card_get_card_id (tc) != NULL)
                slot = s;
            }
          if (slot >= 0)
            {
              g_autoptr(PenTableCard) tc = g_list_model_get_item (row, slot);
              const char *id = pen_table_card_get_card_id (tc);

              obj = wizard_step (p, "contract-take");
              json_object_set_int_member (obj, "slot", slot);
              /* a card not named is no card the table can find by a name: say where it is */
              if (pen_card_id_is_placeholder (id))
                say (p, _("The Rival takes the rightmost contract of the Guild, one not named "
                          "yet: put it in its Experience zone."));
              else
                say (p, _("The Rival takes the contract %s from the Guild: put it in its "
                          "Experience zone."), pen_turn_card_name (id));
              /* the book: shift the others right and reveal a new one on the left; in physical
               * play the table's card, as for a wizard's contract (play finding T2) */
              if (pen_table_get_physical (p->table))
                {
                  p->plan->refills_guild = TRUE;
                  if (p->contract != NULL)
                    {
                      json_object_set_string_member (obj, "reveal", p->contract);
                      if (pen_card_id_is_placeholder (p->contract))
                        say (p, _("Shift the other contracts right and reveal a new one on the "
                                  "left; it is not named yet."));
                      else
                        say (p, _("Shift the other contracts right and reveal a new one on the "
                                  "left: %s."), pen_turn_card_name (p->contract));
                      p->contract = NULL;
                    }
                  else
                    say (p, _("Shift the other contracts right, reveal a new one on the left "
                              "and tell the app which it is."));
                }
            }
          else
            say (p, _("The Guild has no contract the Rival can take: the die just stays."));
        }
      else if (loc->kind == LOC_CLASS)
        {
          PenColor color = pen_mark_kind_color (discipline);

          obj = wizard_step (p, "die-gain");
          json_object_set_string_member (obj, "color", pen_color_to_string (color));
          /* TRANSLATORS: a die with its article: "The Rival gains a Red die: …" */
          say (p, _("The Rival gains %s: roll it into its supply."),
               pen_color_get_die_object (color));
          faced (p, FACED_CLASS_DIE, 1, color);
        }
      else
        {
          obj = wizard_step (p, "ingredient-gain");
          json_object_set_string_member (obj, "ingredient", "blood");
          json_object_set_int_member (obj, "count", 2);
          say (p, _("The Rival gains 2 Blood."));
        }
    }
}

static void
plan_rest (Planner *p)
{
  guint extra = get_level (p->table)->rest_extra_dice;
  JsonObject *obj;

  p->plan->kind = PEN_TURN_REST;
  obj = step (p, "turn-start");
  json_object_set_string_member (obj, "kind", "rest");
  say (p, _("The Rival rests: it takes back 2 Bone dice and one die for each unwounded Mark, "
            "from the locations first, and rolls them."));
  faced (p, FACED_REST, 1, PEN_COLOR_BONE);
  for (guint k = 0; k < extra; k++)
    {
      obj = wizard_step (p, "die-gain");
      json_object_set_string_member (obj, "color", "bone");
    }
  if (extra > 0)
    {
      say (p, g_dngettext (GETTEXT_PACKAGE, "Its level gives it %u more Bone die.",
                           "Its level gives it %u more Bone dice.", extra), extra);
      faced (p, FACED_EXTRA, extra, PEN_COLOR_BONE);
    }
}

static void
plan_end (Planner    *p,
          const char *reveal,
          const char *contract)
{
  JsonObject *obj = step (p, "turn-end");

  /* a Study turn reveals nothing: what the table named for it waits for a later turn */
  if (reveal && p->plan->kind != PEN_TURN_STUDY)
    json_object_set_string_member (obj, "reveal", reveal);
  if (contract && p->plan->kind != PEN_TURN_STUDY)
    json_object_set_string_member (obj, "contract", contract);

  if (p->plan->kind == PEN_TURN_STUDY)
    return;

  say (p, _("Then refresh the contract row: discard the rightmost contract, shift the others "
            "right and reveal a new one on the left."));
  {
    GListModel *deck = pen_table_get_fate_deck (p->table);

    if (g_list_model_get_n_items (deck) == 0)
      return;
    /* a card not named is not given a placeholder's number as its name (play finding V3) */
    if (reveal != NULL && pen_card_id_is_placeholder (reveal))
      say (p, _("Reveal the next Fate card; it is not named yet."));
    else if (reveal != NULL)
      say (p, _("Reveal the next Fate card: %s."), pen_turn_card_name (reveal));
    else
      {
        g_autoptr(PenTableCard) top = g_list_model_get_item (deck, 0);

        if (pen_table_get_physical (p->table) || pen_table_card_get_card_id (top) == NULL)
          {
            p->plan->needs_reveal = TRUE;
            say (p, _("Reveal the next Fate card and tell the app which it is."));
          }
        else
          /* not named here: the preview must not tell the future (the deck is hidden) */
          say (p, _("Reveal the next Fate card: the Table page shows which once the turn is "
                    "played."));
      }
  }
}

gboolean
pen_rival_is_due (PenTable *table)
{
  guint n = pen_table_get_n_players (table);

  return n > 0 && pen_table_get_solo_level (table) > 0
         && pen_table_get_phase (table) != PEN_PHASE_ENDED
         && pen_table_get_turn_kind (table) == PEN_TURN_NONE
         && pen_wizard_get_rival (pen_table_get_wizard (table, pen_table_get_current (table)));
}

PenRivalPlan *
pen_rival_plan_turn (PenTable    *table,
                     guint        wizard,
                     const char  *reveal,
                     const char  *contract,
                     GError     **error)
{
  g_autoptr(PenRivalPlan) plan = NULL;
  const RivalDeck *deck = get_deck ();
  Planner p = { table, wizard, NULL, NULL, NULL, NULL };
  g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (PlanDie));
  GListModel *supply;

  if (wizard >= pen_table_get_n_players (table) || wizard != pen_table_get_current (table)
      || !pen_rival_is_due (table))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED,
                   "$: it is not the Rival's turn (or a turn is already under way)");
      return NULL;
    }

  plan = g_new0 (PenRivalPlan, 1);
  plan->steps = json_array_new ();
  plan->instructions = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (plan->instructions, NULL);
  plan->faced = g_array_new (FALSE, FALSE, sizeof (FacedLine));
  plan->wizard = wizard;
  /* the draw uses a copy: planning (the app's preview) never moves the game's generator */
  plan->random_after = *pen_table_get_random (table);

  p.w = pen_table_get_wizard (table, wizard);
  p.plan = plan;
  p.dice = dice;
  p.contract = contract;
  supply = pen_wizard_get_supply (p.w);
  for (guint i = 0; i < g_list_model_get_n_items (supply); i++)
    {
      g_autoptr(PenDie) d = g_list_model_get_item (supply, i);
      PlanDie pd = { pen_die_get_color (d), pen_die_get_value (d) };
      g_array_append_val (dice, pd);
    }

  if (pen_wizard_get_must_rest (p.w))
    {
      append_why (&p, _("After a Mortal Wound its turn must be a Rest."));
      plan_rest (&p);
    }
  else if (dice->len == 0)
    {
      append_why (&p, _("It has no dice left, so it rests."));
      plan_rest (&p);
    }
  else
    {
      guint r = pen_random_range (&plan->random_after, deck->total);
      const RivalCard *card = NULL;

      for (guint i = 0; i < deck->n_cards && card == NULL; i++)
        {
          if (r < deck->cards[i].count)
            card = &deck->cards[i];
          else
            r -= deck->cards[i].count;
        }
      plan->card = g_strdup (card->id);
      {
        g_autofree char *drew = g_strdup_printf (_("It drew “%s”."), deck_card_name (card));
        append_why (&p, drew);
      }

      if (card->kind == PEN_TURN_TRIAL)
        {
          guint strength, needs;
          int index = choose_trial (&p, card->hardest, &strength, &needs);

          if (index >= 0)
            plan_trial (&p, index, strength);
          else
            {
              const RivalCard *fallback = find_card ("study-guild-ruby");
              g_autofree char *why = NULL;

              if (needs > 0)
                /* the Rival's strength is enough, but it beats difficulty D only with D dice */
                why = g_strdup_printf (
                  g_dngettext (GETTEXT_PACKAGE,
                               "Its strength %u is enough for a trial in the row, but that trial "
                               "needs %u die and it holds only %u, so it studies instead.",
                               "Its strength %u is enough for a trial in the row, but that trial "
                               "needs %u dice and it holds only %u, so it studies instead.",
                               needs),
                  strength, needs, p.dice->len);
              else
                why = g_strdup_printf (
                  _("No trial in the row is within its strength %u, so it studies instead."),
                  strength);

              append_why (&p, why);
              plan_study (&p, fallback ? fallback : &deck->cards[0]);
            }
        }
      else if (card->kind == PEN_TURN_STUDY)
        plan_study (&p, card);
      else
        plan_rest (&p);
    }

  plan_end (&p, reveal, contract);
  if (plan->kind != PEN_TURN_STUDY && pen_table_get_physical (table))
    plan->refills_guild = TRUE;
  return g_steal_pointer (&plan);
}

/* The dice of faced step by step, or NULL when gains does not have exactly them */
static GArray *
faced_dice (const FacedLine *f,
            GPtrArray       *gains)
{
  g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (PenRivalDie));

  for (guint k = f->step; k < f->step + f->n_steps; k++)
    {
      GArray *got = k < gains->len ? g_ptr_array_index (gains, k) : NULL;

      if (got == NULL)
        return NULL;
      g_array_append_vals (dice, got->data, got->len);
    }
  if (dice->len == 0 || (f->kind != FACED_REST && dice->len != f->n_steps))
    return NULL;
  return g_steal_pointer (&dice);
}

/* Says in the instructions the faces of the dice the Rival gains, from gains (one GArray of
 * PenRivalDie per step, as pen_rival_steps_gains gives them): "The Rival
 * gains a Green die showing 1: put it in its supply" instead of "roll it" */
static void
pen_rival_plan_give_faces (PenRivalPlan *plan,
                           GPtrArray    *gains)
{
  g_return_if_fail (plan != NULL && gains != NULL);

  for (guint i = 0; i < plan->faced->len; i++)
    {
      const FacedLine *f = &g_array_index (plan->faced, FacedLine, i);
      g_autoptr(GArray) dice = faced_dice (f, gains);
      g_autofree char *list = NULL;
      char *text = NULL;
      guint face;

      if (dice == NULL)
        continue;
      face = g_array_index (dice, PenRivalDie, 0).value;
      list = dice_list (dice);
      switch (f->kind)
        {
        case FACED_CLASS_DIE:
          /* TRANSLATORS: a die with its article, then its face: "The Rival gains a Red die
           * showing 4: …" */
          text = g_strdup_printf (_("The Rival gains %s showing %u: put it in its supply."),
                                  pen_color_get_die_object (f->color), face);
          break;
        case FACED_SPARK_DIE:
          text = g_strdup_printf (_("The trial is harder than its Spark Marks: the Rival gains "
                                    "a Spark Mark and a Spark die showing %u."), face);
          break;
        case FACED_REST:
          /* TRANSLATORS: the dice as rolled: "Bone 3, Bone 5, Ruby 2" */
          text = g_strdup_printf (_("The Rival rests: it takes back 2 Bone dice and one die for "
                                    "each unwounded Mark, from the locations first, and puts "
                                    "them in its supply showing %s."), list);
          break;
        case FACED_EXTRA:
        default:
          /* TRANSLATORS: the dice as rolled: "Bone 4" */
          text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "Its level gives it %u more Bone die, showing %s.",
                                               "Its level gives it %u more Bone dice, showing "
                                               "%s.", f->n_steps), f->n_steps, list);
          break;
        }
      g_free (g_ptr_array_index (plan->instructions, f->line));
      g_ptr_array_index (plan->instructions, f->line) = text;
    }
}

void
pen_rival_plan_predict_faces (PenRivalPlan *plan,
                              PenTable     *table)
{
  g_autoptr(GPtrArray) gains = NULL;

  g_return_if_fail (plan != NULL);

  /* the table rolls its dice (and is asked their faces), or the plan cannot be played */
  if (pen_table_get_table_rolls (table) || plan->needs_reveal || plan->faced->len == 0)
    return;
  gains = pen_rival_steps_gains (table, plan->wizard, plan->steps, &plan->random_after);
  if (gains != NULL)
    pen_rival_plan_give_faces (plan, gains);
}
