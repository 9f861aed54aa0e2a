/* pen-score.c
 *
 * Choices where the rulebook is silent (each one documented in data/scoring.json too):
 * - More than five identical symbols: the printed table ends at five. By default the value for
 *   five is the cap (step 0); the extra symbols still count toward sets of six. Open, and
 *   overridable.
 * - Fate: the rulebook promises points for going one way (Light or Darkness) but prints no
 *   table. By default it gives 0; open and overridable (basis, values, step).
 * - Ties share a place, and the next place is skipped (1, 2, 2, 4): there is no tiebreak.
 * - goal_vp of a Goal that is not in play counts nothing; it is listed as a note, so the
 *   table sees why the points are missing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "pen-card.h"
#include "pen-core-resources.h"
#include "pen-json.h"
#include "pen-score.h"
#include "pen-turn.h"

#define RESOURCE_DIR "/io/github/penumbracompanion/PenumbraCompanion/core/"

/* Limits of the input. The box holds 24 Trial, 36 Contract and 36 Artifact cards; an
 * Ingredient supply holds at most 12 of each Ingredient (so 12 Arcana). The other bounds only
 * keep numbers sane: no card prints anything near them. */
#define MAX_PLAYERS 4
#define MAX_TRIALS 24
#define MAX_CONTRACTS 36
#define MAX_TOMES 36
#define MAX_SYMBOLS_PER_CARD 10
#define MAX_CARD_VP 99
#define MAX_PATH_SYMBOLS 99
#define MAX_TABLE_LEN 64
#define MAX_TABLE_VALUE 999
#define MAX_TABLE_STEP 99

static const char * const category_ids[] = {
  "arcana", "trials", "mortal_wounds", "experience", "contracts", "reserved_contracts",
  "board", "goals", "fate", NULL
};

static const char * const fate_basis_ids[] = { "difference", "dominant", NULL };

static const char * const item_kind_ids[] = {
  "arcana", "trial", "mortal-wound", "set-of-six", "identical", "contract",
  "reserved-contract", "board", "goal", "goal-not-in-play", "fate", NULL
};

const char *
pen_score_category_to_string (PenScoreCategory category)
{
  g_return_val_if_fail ((int) category >= 0 && category < PEN_N_SCORE_CATEGORIES, NULL);
  return category_ids[category];
}

int
pen_score_category_from_string (const char *str)
{
  return pen_id_lookup (category_ids, str);
}

const char *
pen_score_category_get_label (PenScoreCategory category)
{
  switch (category)
    {
    case PEN_SCORE_ARCANA: return C_("score category", "Arcana");
    case PEN_SCORE_TRIALS: return C_("score category", "Trials");
    case PEN_SCORE_MORTAL_WOUNDS: return C_("score category", "Mortal Wounds");
    case PEN_SCORE_EXPERIENCE: return C_("score category", "Experience");
    case PEN_SCORE_CONTRACTS: return C_("score category", "Contracts");
    case PEN_SCORE_RESERVED_CONTRACTS: return C_("score category", "Reserved Contracts");
    case PEN_SCORE_BOARD: return C_("score category", "Board");
    case PEN_SCORE_GOALS: return C_("score category", "Goals");
    case PEN_SCORE_FATE: return C_("score category", "Fate");
    case PEN_N_SCORE_CATEGORIES:
    default:
      return "?";
    }
}

const char *
pen_fate_basis_to_string (PenFateBasis basis)
{
  g_return_val_if_fail ((int) basis >= 0 && basis < PEN_N_FATE_BASES, NULL);
  return fate_basis_ids[basis];
}

int
pen_fate_basis_from_string (const char *str)
{
  return pen_id_lookup (fate_basis_ids, str);
}

const char *
pen_score_item_kind_to_string (PenScoreItemKind kind)
{
  g_return_val_if_fail ((int) kind >= 0 && kind < PEN_N_SCORE_ITEM_KINDS, NULL);
  return item_kind_ids[kind];
}

const char *
pen_score_goal_get_label (const char *id)
{
  if (g_strcmp0 (id, "heroism") == 0)
    return C_("goal", "Heroism");
  if (g_strcmp0 (id, "mastery") == 0)
    return C_("goal", "Mastery");
  return id;
}

/* Rules */

static void
goal_rule_free (gpointer data)
{
  PenScoreGoalRule *goal = data;

  g_free (goal->id);
  g_free (goal);
}

static PenScoreRules *
rules_new_empty (void)
{
  PenScoreRules *rules = g_new0 (PenScoreRules, 1);

  rules->identical = g_array_new (FALSE, TRUE, sizeof (int));
  rules->fate_points = g_array_new (FALSE, TRUE, sizeof (int));
  rules->goals = g_ptr_array_new_with_free_func (goal_rule_free);
  return rules;
}

void
pen_score_rules_free (PenScoreRules *rules)
{
  if (rules == NULL)
    return;
  g_array_unref (rules->identical);
  g_array_unref (rules->fate_points);
  g_ptr_array_unref (rules->goals);
  g_free (rules);
}

static void
add_goal (PenScoreRules *rules,
          const char    *id,
          gboolean       computed,
          int            per_passed_trial)
{
  PenScoreGoalRule *goal = g_new0 (PenScoreGoalRule, 1);

  goal->id = g_strdup (id);
  goal->computed = computed;
  goal->per_passed_trial = per_passed_trial;
  g_ptr_array_add (rules->goals, goal);
}

PenScoreRules *
pen_score_rules_copy (const PenScoreRules *rules)
{
  PenScoreRules *copy = rules_new_empty ();

  copy->arcana_each = rules->arcana_each;
  copy->mortal_wound_each = rules->mortal_wound_each;
  copy->reserved_contract_each = rules->reserved_contract_each;
  copy->set_of_six = rules->set_of_six;
  g_array_append_vals (copy->identical, rules->identical->data, rules->identical->len);
  copy->identical_printed = rules->identical_printed;
  copy->identical_step = rules->identical_step;
  for (guint i = 0; i < rules->goals->len; i++)
    {
      const PenScoreGoalRule *goal = g_ptr_array_index (rules->goals, i);

      add_goal (copy, goal->id, goal->computed, goal->per_passed_trial);
    }
  copy->fate_basis = rules->fate_basis;
  g_array_append_vals (copy->fate_points, rules->fate_points->data, rules->fate_points->len);
  copy->fate_step = rules->fate_step;
  return copy;
}

const PenScoreGoalRule *
pen_score_rules_get_goal (const PenScoreRules *rules,
                          const char          *id)
{
  for (guint i = 0; i < rules->goals->len; i++)
    {
      const PenScoreGoalRule *goal = g_ptr_array_index (rules->goals, i);

      if (g_strcmp0 (goal->id, id) == 0)
        return goal;
    }
  return NULL;
}

/* A non-empty list of table values. */
static GArray *
read_int_list (JsonNode    *node,
               const char  *path,
               gint64       min,
               gint64       max,
               GError     **error)
{
  g_autoptr(GArray) values = g_array_new (FALSE, TRUE, sizeof (int));
  JsonArray *array = pen_json_expect_array (node, path, error);
  guint len;

  if (array == NULL)
    return NULL;

  len = json_array_get_length (array);
  if (len == 0 || len > MAX_TABLE_LEN)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: a table needs 1 to %d values",
                   path, MAX_TABLE_LEN);
      return NULL;
    }

  for (guint i = 0; i < len; i++)
    {
      g_autofree char *sub = pen_json_path_index (path, i);
      gint64 v;
      int iv;

      if (!pen_json_node_int (json_array_get_element (array, i), sub, min, max, &v, error))
        return NULL;
      iv = (int) v;
      g_array_append_val (values, iv);
    }

  return g_steal_pointer (&values);
}

gboolean
pen_score_rules_override_experience (PenScoreRules  *rules,
                                     JsonNode       *node,
                                     const char     *path,
                                     GError        **error)
{
  static const char * const keys[] = { "identical", "step", NULL };
  g_autoptr(GArray) identical = NULL;
  JsonObject *obj;
  JsonNode *member;
  gint64 step = rules->identical_step;

  if ((obj = pen_json_expect_object (node, path, error)) == NULL
      || !pen_json_check_keys (obj, path, keys, error)
      || !pen_json_get_int (obj, path, "step", FALSE, 0, MAX_TABLE_STEP, &step, error))
    return FALSE;

  if ((member = json_object_get_member (obj, "identical")) != NULL)
    {
      g_autofree char *sub = pen_json_path_key (path, "identical");

      if ((identical = read_int_list (member, sub, 0, MAX_TABLE_VALUE, error)) == NULL)
        return FALSE;
      g_array_set_size (rules->identical, 0);
      g_array_append_vals (rules->identical, identical->data, identical->len);
    }
  rules->identical_step = (int) step;
  return TRUE;
}

gboolean
pen_score_rules_override_fate (PenScoreRules  *rules,
                               JsonNode       *node,
                               const char     *path,
                               GError        **error)
{
  static const char * const keys[] = { "basis", "points", "step", NULL };
  g_autoptr(GArray) points = NULL;
  JsonObject *obj;
  JsonNode *member;
  gint64 step = rules->fate_step;
  int basis = rules->fate_basis;

  if ((obj = pen_json_expect_object (node, path, error)) == NULL
      || !pen_json_check_keys (obj, path, keys, error)
      || !pen_json_get_enum (obj, path, "basis", FALSE, pen_fate_basis_from_string,
                             "Fate table basis", &basis, error)
      || !pen_json_get_int (obj, path, "step", FALSE, 0, MAX_TABLE_STEP, &step, error))
    return FALSE;

  if ((member = json_object_get_member (obj, "points")) != NULL)
    {
      g_autofree char *sub = pen_json_path_key (path, "points");

      if ((points = read_int_list (member, sub, 0, MAX_TABLE_VALUE, error)) == NULL)
        return FALSE;
      g_array_set_size (rules->fate_points, 0);
      g_array_append_vals (rules->fate_points, points->data, points->len);
    }
  rules->fate_basis = basis;
  rules->fate_step = (int) step;
  return TRUE;
}

static gboolean
read_points_each (JsonObject  *root,
                  const char  *key,
                  int         *out,
                  GError     **error)
{
  g_autofree char *path = g_strconcat ("scoring.json.", key, NULL);
  JsonObject *obj;
  gint64 v;

  if ((obj = pen_json_expect_object (json_object_get_member (root, key), path, error)) == NULL
      || !pen_json_get_int (obj, path, "points_each", TRUE, -99, 99, &v, error))
    return FALSE;
  *out = (int) v;
  return TRUE;
}

PenScoreRules *
pen_score_rules_new_from_json (JsonNode  *node,
                               GError   **error)
{
  g_autoptr(PenScoreRules) rules = rules_new_empty ();
  g_autoptr(GArray) identical = NULL;
  JsonObject *root, *experience, *beyond, *goals, *fate;
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;
  gint64 v;

  if ((root = pen_json_expect_object (node, "scoring.json", error)) == NULL
      || !read_points_each (root, "arcana", &rules->arcana_each, error)
      || !read_points_each (root, "mortal_wounds", &rules->mortal_wound_each, error)
      || !read_points_each (root, "reserved_contracts", &rules->reserved_contract_each, error))
    return NULL;

  if ((experience = pen_json_expect_object (json_object_get_member (root, "experience"),
                                            "scoring.json.experience", error)) == NULL
      || !pen_json_get_int (experience, "scoring.json.experience", "set_of_six", TRUE, 0, 99,
                            &v, error))
    return NULL;
  rules->set_of_six = (int) v;
  identical = read_int_list (json_object_get_member (experience, "identical"),
                             "scoring.json.experience.identical", 0, MAX_TABLE_VALUE, error);
  if (identical == NULL)
    return NULL;
  g_array_append_vals (rules->identical, identical->data, identical->len);
  rules->identical_printed = identical->len;
  if ((beyond = pen_json_expect_object (json_object_get_member (experience, "beyond"),
                                        "scoring.json.experience.beyond", error)) == NULL
      || !pen_json_get_int (beyond, "scoring.json.experience.beyond", "step", TRUE, 0,
                            MAX_TABLE_STEP, &v, error))
    return NULL;
  rules->identical_step = (int) v;

  if ((goals = pen_json_expect_object (json_object_get_member (root, "goals"),
                                       "scoring.json.goals", error)) == NULL)
    return NULL;
  json_object_iter_init (&iter, goals);
  while (json_object_iter_next (&iter, &name, &member))
    {
      g_autofree char *path = pen_json_path_key ("scoring.json.goals", name);
      JsonObject *goal = pen_json_expect_object (member, path, error);
      JsonNode *per = goal ? json_object_get_member (goal, "points_per_passed_trial") : NULL;

      if (goal == NULL)
        return NULL;
      /* null: the rulebook names the Goal but not its condition */
      if (per == NULL || JSON_NODE_HOLDS_NULL (per))
        add_goal (rules, name, FALSE, 0);
      else if (!pen_json_get_int (goal, path, "points_per_passed_trial", TRUE, 0, 99, &v, error))
        return NULL;
      else
        add_goal (rules, name, TRUE, (int) v);
    }

  if ((fate = pen_json_expect_object (json_object_get_member (root, "fate"),
                                      "scoring.json.fate", error)) == NULL)
    return NULL;
  rules->fate_basis = PEN_FATE_BASIS_DIFFERENCE;
  rules->fate_step = 0;
  g_array_set_size (rules->fate_points, 1);
  {
    /* The same reader as the input's override, minus the labels that only the data has. */
    g_autoptr(JsonNode) table = json_node_new (JSON_NODE_OBJECT);
    g_autoptr(JsonObject) obj = json_object_new ();
    static const char * const keys[] = { "basis", "points", "step", NULL };

    for (guint i = 0; keys[i] != NULL; i++)
      if ((member = json_object_get_member (fate, keys[i])) != NULL)
        json_object_set_member (obj, keys[i], json_node_copy (member));
    json_node_set_object (table, obj);
    if (!pen_score_rules_override_fate (rules, table, "scoring.json.fate", error))
      return NULL;
  }

  return g_steal_pointer (&rules);
}

/* The Goals of the card catalogue, when the core resource holds it. Read loosely: the
 * catalogue has its own strict reader; here only {"cards": [{"id", "type": "goal"}]} matters. */
static void
add_catalogue_goals (PenScoreRules *rules)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonArray *cards;

  bytes = g_resources_lookup_data (RESOURCE_DIR "cards.json", G_RESOURCE_LOOKUP_FLAGS_NONE,
                                   NULL);
  if (bytes == NULL)
    return;
  root = pen_json_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return;
  if (!json_object_has_member (json_node_get_object (root), "cards")
      || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (json_node_get_object (root), "cards")))
    return;

  cards = json_object_get_array_member (json_node_get_object (root), "cards");
  for (guint i = 0; i < json_array_get_length (cards); i++)
    {
      JsonNode *card = json_array_get_element (cards, i);
      const char *id = NULL, *type = NULL;
      JsonObject *obj;

      if (!JSON_NODE_HOLDS_OBJECT (card))
        continue;
      obj = json_node_get_object (card);
      if (!pen_json_get_string (obj, "", "type", TRUE, &type, NULL)
          || !pen_json_get_string (obj, "", "id", TRUE, &id, NULL))
        continue;
      if (g_str_equal (type, "goal") && pen_score_rules_get_goal (rules, id) == NULL)
        add_goal (rules, id, FALSE, 0);
    }
}

static PenScoreRules *
load_default_rules (void)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  PenScoreRules *rules;

  /* Keeps the resource's object, and its registering constructor, in static links. */
  (void) pen_core_get_resource ();
  bytes = g_resources_lookup_data (RESOURCE_DIR "scoring.json", G_RESOURCE_LOOKUP_FLAGS_NONE,
                                   &error);
  if (bytes != NULL)
    node = pen_json_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  if (node != NULL)
    rules = pen_score_rules_new_from_json (node, &error);
  else
    rules = NULL;
  /* The file is compiled in and tested: failing here is a build bug. */
  if (rules == NULL)
    g_error ("scoring.json: %s", error ? error->message : "cannot be read");

  add_catalogue_goals (rules);
  return rules;
}

PenScoreRules *
pen_score_rules_new_default (void)
{
  static PenScoreRules *defaults;

  if (g_once_init_enter (&defaults))
    g_once_init_leave (&defaults, load_default_rules ());
  return pen_score_rules_copy (defaults);
}

static JsonNode *
int_array_node (GArray *values)
{
  g_autoptr(JsonArray) array = json_array_sized_new (values->len);
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; i < values->len; i++)
    json_array_add_int_element (array, g_array_index (values, int, i));
  json_node_set_array (node, array);
  return node;
}

JsonNode *
pen_score_rules_to_json (const PenScoreRules *rules)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  /* experience_table and fate_table in the shape the overrides read, so they can be fed
   * back as they are. */
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "experience_table");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "identical");
  json_builder_add_value (b, int_array_node (rules->identical));
  json_builder_set_member_name (b, "step");
  json_builder_add_int_value (b, rules->identical_step);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "fate_table");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "basis");
  json_builder_add_string_value (b, pen_fate_basis_to_string (rules->fate_basis));
  json_builder_set_member_name (b, "points");
  json_builder_add_value (b, int_array_node (rules->fate_points));
  json_builder_set_member_name (b, "step");
  json_builder_add_int_value (b, rules->fate_step);
  json_builder_end_object (b);

  /* What the rulebook prints: the first identical_printed values of the experience table,
   * and the fixed values below; the rest of the two tables is open. */
  json_builder_set_member_name (b, "identical_printed");
  json_builder_add_int_value (b, rules->identical_printed);
  json_builder_set_member_name (b, "set_of_six");
  json_builder_add_int_value (b, rules->set_of_six);
  json_builder_set_member_name (b, "arcana_each");
  json_builder_add_int_value (b, rules->arcana_each);
  json_builder_set_member_name (b, "mortal_wound_each");
  json_builder_add_int_value (b, rules->mortal_wound_each);
  json_builder_set_member_name (b, "reserved_contract_each");
  json_builder_add_int_value (b, rules->reserved_contract_each);
  json_builder_set_member_name (b, "open");
  json_builder_begin_array (b);
  json_builder_add_string_value (b, "experience_table");
  json_builder_add_string_value (b, "fate_table");
  json_builder_end_array (b);

  json_builder_set_member_name (b, "goals");
  json_builder_begin_object (b);
  for (guint i = 0; i < rules->goals->len; i++)
    {
      const PenScoreGoalRule *goal = g_ptr_array_index (rules->goals, i);

      json_builder_set_member_name (b, goal->id);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "points_per_passed_trial");
      if (goal->computed)
        json_builder_add_int_value (b, goal->per_passed_trial);
      else
        json_builder_add_null_value (b);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
  json_builder_end_object (b);

  return json_builder_get_root (b);
}

/* Tables */

static int
stepwise (GArray *values,
          int     step,
          guint   n)
{
  if (n == 0 || values->len == 0)
    return 0;
  if (n <= values->len)
    return g_array_index (values, int, n - 1);
  return g_array_index (values, int, values->len - 1) + (int) (n - values->len) * step;
}

int
pen_score_identical_points (const PenScoreRules *rules,
                            guint                count,
                            gboolean            *open)
{
  if (open != NULL)
    *open = count > rules->identical_printed;
  return stepwise (rules->identical, rules->identical_step, count);
}

int
pen_score_experience (const PenScoreRules *rules,
                      const guint          counts[PEN_N_SYMBOLS],
                      guint               *sets_of_six)
{
  guint sets = G_MAXUINT;
  int points = 0;

  /* Sets of six different symbols: as many as the rarest kind allows. */
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    {
      sets = MIN (sets, counts[s]);
      points += pen_score_identical_points (rules, counts[s], NULL);
    }
  points += (int) sets * rules->set_of_six;
  if (sets_of_six != NULL)
    *sets_of_six = sets;
  return points;
}

int
pen_score_experience_marginal (const PenScoreRules *rules,
                               const guint          counts[PEN_N_SYMBOLS],
                               PenSymbol            symbol,
                               gboolean            *completes_set)
{
  guint more[PEN_N_SYMBOLS];
  guint sets_before, sets_after;
  int before, after;

  g_return_val_if_fail (symbol < PEN_N_SYMBOLS, 0);

  memcpy (more, counts, sizeof more);
  more[symbol]++;
  before = pen_score_experience (rules, counts, &sets_before);
  after = pen_score_experience (rules, more, &sets_after);
  if (completes_set != NULL)
    *completes_set = sets_after > sets_before;
  return after - before;
}

int
pen_score_fate_points (const PenScoreRules *rules,
                       guint                light,
                       guint                dark)
{
  guint basis;

  if (rules->fate_basis == PEN_FATE_BASIS_DOMINANT)
    basis = MAX (light, dark);
  else
    basis = light > dark ? light - dark : dark - light;
  return stepwise (rules->fate_points, rules->fate_step, basis);
}

/* Input */

static void
card_clear (gpointer data)
{
  PenScoreCard *card = data;

  g_clear_pointer (&card->id, g_free);
}

static GArray *
card_array_new (void)
{
  GArray *cards = g_array_new (FALSE, TRUE, sizeof (PenScoreCard));

  g_array_set_clear_func (cards, card_clear);
  return cards;
}

PenScorePlayer *
pen_score_player_new (const char *name)
{
  PenScorePlayer *player = g_new0 (PenScorePlayer, 1);

  player->name = g_strdup (name ? name : "");
  player->trials = card_array_new ();
  player->contracts = card_array_new ();
  player->tomes = card_array_new ();
  player->goal_vp = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return player;
}

void
pen_score_player_free (PenScorePlayer *player)
{
  if (player == NULL)
    return;
  g_free (player->name);
  g_free (player->display_name);
  g_array_unref (player->trials);
  g_array_unref (player->contracts);
  g_array_unref (player->tomes);
  g_hash_table_unref (player->goal_vp);
  g_free (player);
}

PenScoreCard *
pen_score_player_add_card (GArray      *cards,
                           const char  *id,
                           int          vp,
                           const guint *symbols,
                           guint        light,
                           guint        dark)
{
  PenScoreCard card = { 0, };

  card.id = g_strdup (id);
  card.vp = vp;
  if (symbols != NULL)
    memcpy (card.symbols, symbols, sizeof card.symbols);
  card.light = light;
  card.dark = dark;
  g_array_append_val (cards, card);
  return &g_array_index (cards, PenScoreCard, cards->len - 1);
}

PenScoreInput *
pen_score_input_new (const PenScoreRules *rules)
{
  PenScoreInput *input = g_new0 (PenScoreInput, 1);

  input->players = g_ptr_array_new_with_free_func ((GDestroyNotify) pen_score_player_free);
  input->goals = g_ptr_array_new_with_free_func (g_free);
  input->rules = rules ? pen_score_rules_copy (rules) : pen_score_rules_new_default ();
  return input;
}

void
pen_score_input_free (PenScoreInput *input)
{
  if (input == NULL)
    return;
  g_ptr_array_unref (input->players);
  g_ptr_array_unref (input->goals);
  pen_score_rules_free (input->rules);
  g_free (input);
}

static gboolean
read_list (JsonObject   *obj,
           const char   *path,
           const char   *key,
           guint         max,
           const char   *what,
           JsonArray   **out,
           char        **out_path,
           GError      **error)
{
  JsonNode *node = json_object_get_member (obj, key);
  g_autofree char *sub = NULL;
  JsonArray *array;

  *out = NULL;
  if (node == NULL)
    return TRUE;
  sub = pen_json_path_key (path, key);
  if ((array = pen_json_expect_array (node, sub, error)) == NULL)
    return FALSE;
  if (json_array_get_length (array) > max)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: %u %s, but there are at most %u",
                   sub, json_array_get_length (array), what, max);
      return FALSE;
    }
  *out = array;
  if (out_path != NULL)
    *out_path = g_steal_pointer (&sub);
  return TRUE;
}

typedef enum
{
  CARD_TRIAL,
  CARD_CONTRACT,
  CARD_TOME,
} CardKind;

static gboolean
read_card (JsonNode      *node,
           const char    *path,
           CardKind       kind,
           GArray        *cards,
           GError       **error)
{
  static const char * const path_keys[] = { "id", "vp", "symbols", "light", "dark", NULL };
  static const char * const tome_keys[] = { "id", "symbols", NULL };
  g_autofree char *symbols_path = NULL;
  guint symbols[PEN_N_SYMBOLS] = { 0, };
  const char *id = NULL;
  gint64 vp = 0, light = 0, dark = 0;
  JsonArray *array;
  JsonObject *obj;

  if ((obj = pen_json_expect_object (node, path, error)) == NULL
      || !pen_json_check_keys (obj, path, kind == CARD_TOME ? tome_keys : path_keys, error)
      || !pen_json_get_string (obj, path, "id", FALSE, &id, error))
    return FALSE;

  if (id != NULL && !pen_card_id_is_well_formed (id))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "%s.id: \"%s\" is not a card id (lower-case words joined by -)", path, id);
      return FALSE;
    }

  if (kind != CARD_TOME
      && (!pen_json_get_int (obj, path, "vp", TRUE, 0, MAX_CARD_VP, &vp, error)
          || !pen_json_get_int (obj, path, "light", FALSE, 0, MAX_PATH_SYMBOLS, &light, error)
          || !pen_json_get_int (obj, path, "dark", FALSE, 0, MAX_PATH_SYMBOLS, &dark, error)))
    return FALSE;

  /* A Trial is passed by one of its two paths, and a Contract has one path (or none, when
   * Urgent): a card cannot lead both ways. */
  if (light > 0 && dark > 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "%s: light and dark are both above 0, but a %s leads one way only", path,
                   kind == CARD_TRIAL ? "passed Trial" : "Contract");
      return FALSE;
    }

  if (!read_list (obj, path, "symbols", MAX_SYMBOLS_PER_CARD, "symbols on one card", &array,
                  &symbols_path, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *sub = pen_json_path_index (symbols_path, i);
      int symbol;

      if (!pen_json_node_enum (json_array_get_element (array, i), sub, pen_symbol_from_string,
                               "experience symbol", &symbol, error))
        return FALSE;
      symbols[symbol]++;
    }

  pen_score_player_add_card (cards, id, (int) vp, symbols, (guint) light, (guint) dark);
  return TRUE;
}

static gboolean
read_cards (JsonObject  *obj,
            const char  *path,
            const char  *key,
            CardKind     kind,
            guint        max,
            const char  *what,
            GArray      *cards,
            GError     **error)
{
  g_autofree char *sub = NULL;
  JsonArray *array;

  if (!read_list (obj, path, key, max, what, &array, &sub, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item = pen_json_path_index (sub, i);

      if (!read_card (json_array_get_element (array, i), item, kind, cards, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_goal_vp (JsonObject           *obj,
              const char           *path,
              const PenScoreRules  *rules,
              PenScorePlayer       *player,
              GError              **error)
{
  g_autofree char *sub = NULL;
  JsonObject *goals;
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  if (!json_object_has_member (obj, "goal_vp"))
    return TRUE;
  sub = pen_json_path_key (path, "goal_vp");
  if ((goals = pen_json_expect_object (json_object_get_member (obj, "goal_vp"), sub,
                                       error)) == NULL)
    return FALSE;

  json_object_iter_init (&iter, goals);
  while (json_object_iter_next (&iter, &name, &member))
    {
      g_autofree char *item = pen_json_path_key (sub, name);
      const PenScoreGoalRule *goal;
      gint64 v;

      /* "extra" is free-form everywhere, goal_vp included */
      if (g_str_equal (name, "extra"))
        continue;
      goal = pen_score_rules_get_goal (rules, name);
      if (goal == NULL)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: \"%s\" is not a known goal",
                       item, name);
          return FALSE;
        }
      if (goal->computed)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "%s: %s is worked out from the passed Trials; do not give its points",
                       item, name);
          return FALSE;
        }
      if (!pen_json_node_int (member, item, 0, MAX_CARD_VP, &v, error))
        return FALSE;
      g_hash_table_insert (player->goal_vp, g_strdup (name), GINT_TO_POINTER ((int) v));
    }
  return TRUE;
}

static PenScorePlayer *
read_player (JsonNode             *node,
             const char           *path,
             const PenScoreRules  *rules,
             GError              **error)
{
  static const char * const keys[] = {
    "name", "arcana", "mortal_wounds", "reserved_contracts", "board_vp", "trials",
    "contracts", "tomes", "goal_vp", "light", "dark", NULL
  };
  g_autoptr(PenScorePlayer) player = NULL;
  const char *name = NULL;
  gint64 arcana = 0, wounds = 0, reserved = 0, board = 0, light = 0, dark = 0;
  JsonObject *obj;

  if ((obj = pen_json_expect_object (node, path, error)) == NULL
      || !pen_json_check_keys (obj, path, keys, error)
      || !pen_json_get_string (obj, path, "name", TRUE, &name, error))
    return NULL;
  if (*name == '\0')
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.name: a name cannot be empty", path);
      return NULL;
    }

  if (!pen_json_get_int (obj, path, "arcana", FALSE, 0, PEN_INGREDIENT_CAP, &arcana, error)
      || !pen_json_get_int (obj, path, "mortal_wounds", FALSE, 0, 99, &wounds, error)
      || !pen_json_get_int (obj, path, "reserved_contracts", FALSE, 0, MAX_CONTRACTS,
                            &reserved, error)
      || !pen_json_get_int (obj, path, "board_vp", FALSE, 0, MAX_CARD_VP, &board, error)
      || !pen_json_get_int (obj, path, "light", FALSE, 0, MAX_PATH_SYMBOLS, &light, error)
      || !pen_json_get_int (obj, path, "dark", FALSE, 0, MAX_PATH_SYMBOLS, &dark, error))
    return NULL;

  player = pen_score_player_new (name);
  player->arcana = (guint) arcana;
  player->mortal_wounds = (guint) wounds;
  player->reserved_contracts = (guint) reserved;
  player->board_vp = (int) board;
  player->light = (guint) light;
  player->dark = (guint) dark;

  if (!read_cards (obj, path, "trials", CARD_TRIAL, MAX_TRIALS, "passed Trials",
                   player->trials, error)
      || !read_cards (obj, path, "contracts", CARD_CONTRACT, MAX_CONTRACTS,
                      "fulfilled Contracts", player->contracts, error)
      || !read_cards (obj, path, "tomes", CARD_TOME, MAX_TOMES, "Tomes", player->tomes, error)
      || !read_goal_vp (obj, path, rules, player, error))
    return NULL;

  return g_steal_pointer (&player);
}

PenScoreInput *
pen_score_input_from_json (JsonNode             *node,
                           const char           *path,
                           const PenScoreRules  *rules,
                           GError              **error)
{
  /* "seed" is the CLI's common member (pen_cli_take_seed); scoring draws nothing at random. */
  static const char * const keys[] = {
    "players", "goals", "experience_table", "fate_table", "seed", NULL
  };
  g_autoptr(PenScoreInput) input = pen_score_input_new (rules);
  g_autoptr(GHashTable) trial_owner = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *players_path = NULL;
  g_autofree char *goals_path = NULL;
  JsonArray *players, *goals;
  JsonObject *obj;
  JsonNode *member;

  if ((obj = pen_json_expect_object (node, path, error)) == NULL
      || !pen_json_check_keys (obj, path, keys, error))
    return NULL;

  /* The tables first: the players' goal_vp is checked against the Goals they know. */
  if ((member = json_object_get_member (obj, "experience_table")) != NULL)
    {
      g_autofree char *sub = pen_json_path_key (path, "experience_table");

      if (!pen_score_rules_override_experience (input->rules, member, sub, error))
        return NULL;
    }
  if ((member = json_object_get_member (obj, "fate_table")) != NULL)
    {
      g_autofree char *sub = pen_json_path_key (path, "fate_table");

      if (!pen_score_rules_override_fate (input->rules, member, sub, error))
        return NULL;
    }

  if (!read_list (obj, path, "goals", G_MAXUINT, "goals", &goals, &goals_path, error))
    return NULL;
  for (guint i = 0; goals != NULL && i < json_array_get_length (goals); i++)
    {
      g_autofree char *sub = pen_json_path_index (goals_path, i);
      JsonNode *element = json_array_get_element (goals, i);
      const char *id;

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: expected a goal id", sub);
          return NULL;
        }
      id = json_node_get_string (element);
      if (pen_score_rules_get_goal (input->rules, id) == NULL)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: \"%s\" is not a known goal",
                       sub, id);
          return NULL;
        }
      for (guint j = 0; j < input->goals->len; j++)
        if (g_str_equal (g_ptr_array_index (input->goals, j), id))
          {
            g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                         "%s: \"%s\" is already in play (there is one card of each Goal)",
                         sub, id);
            return NULL;
          }
      g_ptr_array_add (input->goals, g_strdup (id));
    }

  if (json_object_get_member (obj, "players") == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.players: missing", path);
      return NULL;
    }
  if (!read_list (obj, path, "players", MAX_PLAYERS, "players", &players, &players_path,
                  error))
    return NULL;
  if (json_array_get_length (players) == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: there must be at least one player",
                   players_path);
      return NULL;
    }

  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      g_autofree char *sub = pen_json_path_index (players_path, i);
      PenScorePlayer *player = read_player (json_array_get_element (players, i), sub,
                                            input->rules, error);

      if (player == NULL)
        return NULL;
      g_ptr_array_add (input->players, player);

      for (guint j = 0; j < i; j++)
        {
          PenScorePlayer *other = g_ptr_array_index (input->players, j);

          if (g_str_equal (other->name, player->name))
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                           "%s.name: \"%s\" is the name of players[%u] too", sub, player->name,
                           j);
              return NULL;
            }
        }

      /* Each Trial card exists once: two wizards cannot both have passed it. */
      for (guint t = 0; t < player->trials->len; t++)
        {
          PenScoreCard *trial = &g_array_index (player->trials, PenScoreCard, t);
          PenScorePlayer *owner;

          if (trial->id == NULL)
            continue;
          owner = g_hash_table_lookup (trial_owner, trial->id);
          if (owner != NULL)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                           "%s.trials[%u].id: \"%s\" is passed by %s already", sub, t,
                           trial->id, owner->name);
              return NULL;
            }
          g_hash_table_insert (trial_owner, trial->id, player);
        }
    }

  return g_steal_pointer (&input);
}

/* Results */

static void
item_free (gpointer data)
{
  PenScoreItem *item = data;

  g_free (item->id);
  g_free (item->text);
  g_strfreev (item->sources);
  g_free (item);
}

static void
hint_free (gpointer data)
{
  PenScoreHint *hint = data;

  g_free (hint->text);
  g_free (hint);
}

static void
result_free (gpointer data)
{
  PenScoreResult *result = data;

  g_free (result->name);
  g_free (result->display_name);
  g_ptr_array_unref (result->items);
  g_ptr_array_unref (result->hints);
  g_free (result);
}

void
pen_score_sheet_free (PenScoreSheet *sheet)
{
  if (sheet == NULL)
    return;
  g_ptr_array_unref (sheet->ranking);
  g_ptr_array_unref (sheet->results);
  pen_score_rules_free (sheet->rules);
  g_free (sheet);
}

/* "DESCRIPTION: N points", marked when the value is open. Takes description. */
static char *
item_text (char     *description,
           int      points,
           gboolean open)
{
  g_autofree char *desc = description;
  /* TRANSLATORS: victory points of one scoring item; may be negative ("-3 points") */
  g_autofree char *pts = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point", "%d points",
                                                       (gulong) ABS (points)), points);
  /* TRANSLATORS: a scoring item: what earned the points, then the points ("2 Arcana: 2
   * points") */
  g_autofree char *text = g_strdup_printf (C_("score item", "%s: %s"), desc, pts);

  if (open)
    /* TRANSLATORS: the value comes from a table the rulebook leaves open (a house value) */
    return g_strdup_printf (_("%s (open table)"), text);
  return g_steal_pointer (&text);
}

static PenScoreItem *
add_item (PenScoreResult   *result,
          PenScoreCategory  category,
          PenScoreItemKind  kind,
          const char       *id,
          int               index,
          guint             count,
          int               points,
          gboolean          open,
          char             *description)
{
  PenScoreItem *item = g_new0 (PenScoreItem, 1);

  item->category = category;
  item->kind = kind;
  item->id = g_strdup (id);
  item->index = index;
  item->count = count;
  item->points = points;
  item->open = open;
  /* a note earns nothing: no "0 points" after it */
  if (kind == PEN_SCORE_ITEM_GOAL_NOT_IN_PLAY)
    item->text = description;
  else
    item->text = item_text (description, points, open);
  g_ptr_array_add (result->items, item);
  return item;
}

static char *
card_description (const PenScoreCard *card,
                  CardKind            kind,
                  guint               index)
{
  /* the card's name in the interface language (the catalogue's, or the id of a card it does
   * not know), never its id: the text is built when the sheet is, at display time */
  if (kind == CARD_TRIAL)
    return card->id ? g_strdup_printf (_("Trial “%s”"), pen_turn_card_name (card->id))
                    : g_strdup_printf (_("Trial %u"), index + 1);
  return card->id ? g_strdup_printf (_("Contract “%s”"), pen_turn_card_name (card->id))
                  : g_strdup_printf (_("Contract %u"), index + 1);
}

/* Symbols and paths of every card in the Experience zone. */
static void
collect_cards (PenScoreResult *result,
               GArray         *cards)
{
  for (guint i = 0; i < cards->len; i++)
    {
      const PenScoreCard *card = &g_array_index (cards, PenScoreCard, i);

      for (guint s = 0; s < PEN_N_SYMBOLS; s++)
        result->symbols[s] += card->symbols[s];
      result->light += card->light;
      result->dark += card->dark;
    }
}

static void
score_cards (PenScoreResult   *result,
             GArray           *cards,
             CardKind          kind,
             PenScoreCategory  category)
{
  for (guint i = 0; i < cards->len; i++)
    {
      const PenScoreCard *card = &g_array_index (cards, PenScoreCard, i);

      result->points[category] += card->vp;
      add_item (result, category, kind == CARD_TRIAL ? PEN_SCORE_ITEM_TRIAL
                                                     : PEN_SCORE_ITEM_CONTRACT,
                card->id, (int) i, 1, card->vp, FALSE, card_description (card, kind, i));
    }
}

/* The name a card goes by in the items: its id, or its place in the input. */
static char *
card_reference (GArray     *cards,
                guint       i,
                const char *list)
{
  const PenScoreCard *card = &g_array_index (cards, PenScoreCard, i);

  if (card->id != NULL)
    return g_strdup (card->id);
  return g_strdup_printf ("%s[%u]", list, i);
}

/* One entry per symbol of that kind on the cards, in Trials, Contracts, Tomes order. */
static char **
symbol_sources (const PenScorePlayer *player,
                PenSymbol             symbol)
{
  GArray *lists[] = { player->trials, player->contracts, player->tomes };
  const char *names[] = { "trials", "contracts", "tomes" };
  GPtrArray *sources = g_ptr_array_new ();

  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint i = 0; i < lists[l]->len; i++)
      for (guint k = 0; k < g_array_index (lists[l], PenScoreCard, i).symbols[symbol]; k++)
        g_ptr_array_add (sources, card_reference (lists[l], i, names[l]));
  g_ptr_array_add (sources, NULL);
  return (char **) g_ptr_array_free (sources, FALSE);
}

static void
score_experience (PenScoreResult       *result,
                  const PenScorePlayer *player,
                  const PenScoreRules  *rules)
{
  int points = pen_score_experience (rules, result->symbols, &result->sets_of_six);
  PenScoreItem *item;

  result->points[PEN_SCORE_EXPERIENCE] = points;
  if (result->sets_of_six > 0)
    add_item (result, PEN_SCORE_EXPERIENCE, PEN_SCORE_ITEM_SET_OF_SIX, NULL, -1,
              result->sets_of_six, (int) result->sets_of_six * rules->set_of_six, FALSE,
              g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "%u set of six different symbols",
                                            "%u sets of six different symbols",
                                            result->sets_of_six),
                               result->sets_of_six));

  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    {
      guint n = result->symbols[s];
      gboolean open;
      int value;

      if (n == 0)
        continue;
      value = pen_score_identical_points (rules, n, &open);
      item = add_item (result, PEN_SCORE_EXPERIENCE, PEN_SCORE_ITEM_IDENTICAL,
                pen_symbol_to_string (s), -1, n, value, open,
                /* TRANSLATORS: %u is a count, %s an experience symbol ("Wilds") */
                g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u %s symbol",
                                              "%u identical %s symbols", n),
                                 n, pen_symbol_get_label (s)));
      /* past the printed table: say where the value comes from (the table's highest value by
       * default) */
      if (n > rules->identical_printed && rules->identical_printed > 0)
        {
          int top = g_array_index (rules->identical, int, rules->identical_printed - 1);
          char *old = item->text;

          item->text = g_strdup_printf (
            /* TRANSLATORS: the first %s is a scoring item ("6 identical Wilds symbols: 9 points
             * (open table)"); %u and %d are the last line of the rulebook's table */
            g_dngettext (GETTEXT_PACKAGE,
                         "%s — the rulebook’s table ends at %u identical = %d point",
                         "%s — the rulebook’s table ends at %u identical = %d points",
                         (gulong) ABS (top)),
            old, rules->identical_printed, top);
          g_free (old);
        }
      item->sources = symbol_sources (player, s);
    }

  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    {
      PenScoreHint *hint = g_new0 (PenScoreHint, 1);
      const char *label = pen_symbol_get_label (s);
      g_autofree char *text = NULL;

      hint->symbol = s;
      hint->gain = pen_score_experience_marginal (rules, result->symbols, s,
                                                  &hint->completes_set);
      /* the next one of this kind lies past the printed table */
      hint->open = result->symbols[s] + 1 > rules->identical_printed;
      /* TRANSLATORS: %s is an experience symbol ("Wilds"), %d the points it would add */
      if (hint->gain == 0)
        text = g_strdup_printf (_("One more %s symbol adds no points"), label);
      else if (hint->completes_set)
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "One more %s symbol completes a set of six: "
                                             "%d more point",
                                             "One more %s symbol completes a set of six: "
                                             "%d more points", (gulong) ABS (hint->gain)),
                                label, hint->gain);
      else
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "One more %s symbol is worth %d more point",
                                             "One more %s symbol is worth %d more points",
                                             (gulong) ABS (hint->gain)),
                                label, hint->gain);
      hint->text = hint->open ? g_strdup_printf (_("%s (open table)"), text)
                              : g_steal_pointer (&text);
      g_ptr_array_add (result->hints, hint);
    }
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
score_goals (PenScoreResult       *result,
             const PenScorePlayer *player,
             const PenScoreInput  *input)
{
  g_autofree gpointer *keys = NULL;
  guint n_keys;

  for (guint g = 0; g < input->goals->len; g++)
    {
      const char *id = g_ptr_array_index (input->goals, g);
      const PenScoreGoalRule *goal = pen_score_rules_get_goal (input->rules, id);
      const char *label = pen_score_goal_get_label (id);
      gpointer value;

      if (goal != NULL && goal->computed)
        {
          guint n = player->trials->len;
          int points = (int) n * goal->per_passed_trial;

          PenScoreItem *item;
          GPtrArray *sources = g_ptr_array_new ();

          result->points[PEN_SCORE_GOALS] += points;
          item = add_item (result, PEN_SCORE_GOALS, PEN_SCORE_ITEM_GOAL, id, -1, n, points,
                           FALSE,
                           g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                         "%s for %u passed Trial",
                                                         "%s for %u passed Trials", n),
                                            label, n));
          for (guint t = 0; t < n; t++)
            g_ptr_array_add (sources, card_reference (player->trials, t, "trials"));
          g_ptr_array_add (sources, NULL);
          item->sources = (char **) g_ptr_array_free (sources, FALSE);
        }
      else if (g_hash_table_lookup_extended (player->goal_vp, id, NULL, &value))
        {
          int points = GPOINTER_TO_INT (value);

          result->points[PEN_SCORE_GOALS] += points;
          add_item (result, PEN_SCORE_GOALS, PEN_SCORE_ITEM_GOAL, id, -1, 1, points, FALSE,
                    g_strdup_printf (_("%s (points entered)"), label));
        }
      else
        add_item (result, PEN_SCORE_GOALS, PEN_SCORE_ITEM_GOAL, id, -1, 0, 0, FALSE,
                  g_strdup_printf (_("%s (no points entered)"), label));
    }

  /* Points entered for a Goal that never came into play: a note, so nothing vanishes. */
  keys = g_hash_table_get_keys_as_array (player->goal_vp, &n_keys);
  qsort (keys, n_keys, sizeof (gpointer), compare_strings);
  for (guint k = 0; k < n_keys; k++)
    {
      const char *id = keys[k];
      gboolean in_play = FALSE;

      for (guint g = 0; g < input->goals->len && !in_play; g++)
        in_play = g_str_equal (g_ptr_array_index (input->goals, g), id);
      if (!in_play)
        add_item (result, PEN_SCORE_GOALS, PEN_SCORE_ITEM_GOAL_NOT_IN_PLAY, id, -1,
                  0, 0, FALSE,
                  g_strdup_printf (_("%s is not in play; its %d entered points do not count"),
                                   pen_score_goal_get_label (id),
                                   GPOINTER_TO_INT (g_hash_table_lookup (player->goal_vp, id))));
    }
}

static PenScoreResult *
score_player (const PenScorePlayer *player,
              const PenScoreInput  *input)
{
  const PenScoreRules *rules = input->rules;
  PenScoreResult *result = g_new0 (PenScoreResult, 1);
  int points;

  result->name = g_strdup (player->name);
  result->display_name = g_strdup (player->display_name ? player->display_name : player->name);
  result->items = g_ptr_array_new_with_free_func (item_free);
  result->hints = g_ptr_array_new_with_free_func (hint_free);
  collect_cards (result, player->trials);
  collect_cards (result, player->contracts);
  collect_cards (result, player->tomes);
  result->light += player->light;
  result->dark += player->dark;

  /* 1. Arcana */
  points = (int) player->arcana * rules->arcana_each;
  result->points[PEN_SCORE_ARCANA] = points;
  if (player->arcana > 0)
    add_item (result, PEN_SCORE_ARCANA, PEN_SCORE_ITEM_ARCANA, NULL, -1, player->arcana, points,
              FALSE, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Arcana", "%u Arcana",
                                                   player->arcana), player->arcana));

  /* 2. Trials */
  score_cards (result, player->trials, CARD_TRIAL, PEN_SCORE_TRIALS);

  /* 3. Mortal Wounds */
  points = (int) player->mortal_wounds * rules->mortal_wound_each;
  result->points[PEN_SCORE_MORTAL_WOUNDS] = points;
  if (player->mortal_wounds > 0)
    add_item (result, PEN_SCORE_MORTAL_WOUNDS, PEN_SCORE_ITEM_MORTAL_WOUND, NULL, -1,
              player->mortal_wounds, points, FALSE,
              g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Mortal Wound",
                                            "%u Mortal Wounds", player->mortal_wounds),
                               player->mortal_wounds));

  /* 4. Experience: the symbols on Trials, Contracts and Tomes */
  score_experience (result, player, rules);

  /* 5. Contracts, and the reserved ones left unfulfilled */
  score_cards (result, player->contracts, CARD_CONTRACT, PEN_SCORE_CONTRACTS);
  points = (int) player->reserved_contracts * rules->reserved_contract_each;
  result->points[PEN_SCORE_RESERVED_CONTRACTS] = points;
  if (player->reserved_contracts > 0)
    add_item (result, PEN_SCORE_RESERVED_CONTRACTS, PEN_SCORE_ITEM_RESERVED_CONTRACT, NULL, -1,
              player->reserved_contracts, points, FALSE,
              g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "%u reserved Contract not fulfilled",
                                            "%u reserved Contracts not fulfilled",
                                            player->reserved_contracts),
                               player->reserved_contracts));

  /* 6. Board */
  result->points[PEN_SCORE_BOARD] = player->board_vp;
  if (player->board_vp != 0)
    add_item (result, PEN_SCORE_BOARD, PEN_SCORE_ITEM_BOARD, NULL, -1, 1, player->board_vp,
              FALSE, g_strdup (_("Marks with points on the board")));

  /* 7. Goals */
  score_goals (result, player, input);

  /* Fate, from the Light and Darkness of the cards and of anything else given */
  points = pen_score_fate_points (rules, result->light, result->dark);
  result->points[PEN_SCORE_FATE] = points;
  if (result->light > 0 || result->dark > 0)
    add_item (result, PEN_SCORE_FATE, PEN_SCORE_ITEM_FATE, NULL, -1,
              rules->fate_basis == PEN_FATE_BASIS_DOMINANT
                ? MAX (result->light, result->dark)
                : (result->light > result->dark ? result->light - result->dark
                                                : result->dark - result->light),
              points, TRUE,
              g_strdup_printf (_("Fate: %u Light, %u Darkness"), result->light, result->dark));

  for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
    result->total += result->points[c];
  return result;
}

static int
compare_by_total (gconstpointer a,
                  gconstpointer b)
{
  const PenScoreResult *ra = *(PenScoreResult * const *) a;
  const PenScoreResult *rb = *(PenScoreResult * const *) b;

  return (rb->total > ra->total) - (rb->total < ra->total);
}

PenScoreSheet *
pen_score_compute (const PenScoreInput *input)
{
  PenScoreSheet *sheet = g_new0 (PenScoreSheet, 1);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  GPtrArray *group = NULL;

  g_return_val_if_fail (input != NULL, NULL);

  sheet->rules = pen_score_rules_copy (input->rules);
  sheet->results = g_ptr_array_new_with_free_func (result_free);
  sheet->ranking = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

  for (guint i = 0; i < input->players->len; i++)
    {
      PenScoreResult *result = score_player (g_ptr_array_index (input->players, i), input);

      g_ptr_array_add (sheet->results, result);
      g_ptr_array_add (order, result);
    }

  /* Stable, so tied players keep the input order inside their group. */
  g_ptr_array_sort (order, compare_by_total);
  for (guint i = 0; i < order->len; i++)
    {
      PenScoreResult *result = g_ptr_array_index (order, i);
      PenScoreResult *prev = i > 0 ? g_ptr_array_index (order, i - 1) : NULL;

      if (prev != NULL && prev->total == result->total)
        result->place = prev->place;
      else
        {
          result->place = i + 1;
          group = g_ptr_array_new ();
          g_ptr_array_add (sheet->ranking, group);
        }
      g_ptr_array_add (group, result);
    }

  return sheet;
}

/* Output */

static void
add_details (JsonBuilder          *b,
             const PenScoreResult *result)
{
  json_builder_set_member_name (b, "details");
  json_builder_begin_object (b);

  json_builder_set_member_name (b, "place");
  json_builder_add_int_value (b, result->place);

  json_builder_set_member_name (b, "items");
  json_builder_begin_array (b);
  for (guint i = 0; i < result->items->len; i++)
    {
      const PenScoreItem *item = g_ptr_array_index (result->items, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "category");
      json_builder_add_string_value (b, pen_score_category_to_string (item->category));
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, pen_score_item_kind_to_string (item->kind));
      if (item->id != NULL)
        {
          json_builder_set_member_name (b, "id");
          json_builder_add_string_value (b, item->id);
        }
      if (item->index >= 0)
        {
          json_builder_set_member_name (b, "index");
          json_builder_add_int_value (b, item->index);
        }
      json_builder_set_member_name (b, "count");
      json_builder_add_int_value (b, item->count);
      json_builder_set_member_name (b, "points");
      json_builder_add_int_value (b, item->points);
      json_builder_set_member_name (b, "open");
      json_builder_add_boolean_value (b, item->open);
      json_builder_set_member_name (b, "text");
      json_builder_add_string_value (b, item->text);
      if (item->sources != NULL)
        {
          json_builder_set_member_name (b, "sources");
          json_builder_begin_array (b);
          for (guint k = 0; item->sources[k] != NULL; k++)
            json_builder_add_string_value (b, item->sources[k]);
          json_builder_end_array (b);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "symbols");
  json_builder_begin_object (b);
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    {
      json_builder_set_member_name (b, pen_symbol_to_string (s));
      json_builder_add_int_value (b, result->symbols[s]);
    }
  json_builder_end_object (b);
  json_builder_set_member_name (b, "sets_of_six");
  json_builder_add_int_value (b, result->sets_of_six);
  json_builder_set_member_name (b, "light");
  json_builder_add_int_value (b, result->light);
  json_builder_set_member_name (b, "dark");
  json_builder_add_int_value (b, result->dark);

  json_builder_set_member_name (b, "hints");
  json_builder_begin_array (b);
  for (guint i = 0; i < result->hints->len; i++)
    {
      const PenScoreHint *hint = g_ptr_array_index (result->hints, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "symbol");
      json_builder_add_string_value (b, pen_symbol_to_string (hint->symbol));
      json_builder_set_member_name (b, "gain");
      json_builder_add_int_value (b, hint->gain);
      json_builder_set_member_name (b, "completes_set");
      json_builder_add_boolean_value (b, hint->completes_set);
      json_builder_set_member_name (b, "open");
      json_builder_add_boolean_value (b, hint->open);
      json_builder_set_member_name (b, "text");
      json_builder_add_string_value (b, hint->text);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_end_object (b);
}

JsonNode *
pen_score_sheet_to_json (const PenScoreSheet *sheet,
                         gboolean             details)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (guint i = 0; i < sheet->results->len; i++)
    {
      const PenScoreResult *result = g_ptr_array_index (sheet->results, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, result->name);
      for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
        {
          json_builder_set_member_name (b, pen_score_category_to_string (c));
          json_builder_add_int_value (b, result->points[c]);
        }
      json_builder_set_member_name (b, "total");
      json_builder_add_int_value (b, result->total);
      if (details)
        add_details (b, result);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "ranking");
  json_builder_begin_array (b);
  for (guint i = 0; i < sheet->ranking->len; i++)
    {
      GPtrArray *group = g_ptr_array_index (sheet->ranking, i);

      json_builder_begin_array (b);
      for (guint j = 0; j < group->len; j++)
        json_builder_add_string_value (b, ((PenScoreResult *) g_ptr_array_index (group, j))->name);
      json_builder_end_array (b);
    }
  json_builder_end_array (b);

  if (details)
    {
      json_builder_set_member_name (b, "tables");
      json_builder_add_value (b, pen_score_rules_to_json (sheet->rules));
    }
  json_builder_end_object (b);

  return json_builder_get_root (b);
}

/* One field of a CSV line, with its separator. */
static void
csv_field (GString    *line,
           guint       column,
           const char *value,
           gboolean    guard_formula)
{
  gboolean quote = FALSE;

  /* A spreadsheet would run "=…" as a formula: keep a typed name a name. */
  if (guard_formula && value[0] != '\0' && strchr ("=+-@\t\r", value[0]) != NULL)
    {
      g_autofree char *guarded = g_strconcat ("'", value, NULL);

      csv_field (line, column, guarded, FALSE);
      return;
    }

  if (column > 0)
    g_string_append_c (line, ',');

  for (const char *p = value; *p != '\0'; p++)
    if (*p == ',' || *p == '"' || *p == '\n' || *p == '\r')
      quote = TRUE;
  if (value[0] == ' ' || (value[0] != '\0' && value[strlen (value) - 1] == ' '))
    quote = TRUE;

  if (!quote)
    {
      g_string_append (line, value);
      return;
    }

  g_string_append_c (line, '"');
  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (line, '"');
      g_string_append_c (line, *p);
    }
  g_string_append_c (line, '"');
}

static void
csv_int (GString *line,
         guint    column,
         int      value)
{
  char buf[16];

  g_snprintf (buf, sizeof buf, "%d", value);
  csv_field (line, column, buf, FALSE);
}

gboolean
pen_score_sheet_place_known (const PenScoreSheet *sheet,
                             guint                index,
                             const gboolean      *unknown)
{
  const PenScoreResult *self;

  g_return_val_if_fail (sheet != NULL, FALSE);
  g_return_val_if_fail (index < sheet->results->len, FALSE);

  if (unknown == NULL)
    return TRUE;
  self = g_ptr_array_index (sheet->results, index);
  for (guint i = 0; i < sheet->results->len; i++)
    {
      const PenScoreResult *other = g_ptr_array_index (sheet->results, i);

      if (i == index || (!unknown[index] && !unknown[i]))
        continue;
      /* both may still gain: nothing is known between them */
      if (unknown[index] && unknown[i])
        return FALSE;
      /* only the one with unknown points may still gain: known only when it is ahead */
      if (unknown[index] ? self->total <= other->total : other->total <= self->total)
        return FALSE;
    }
  return TRUE;
}

GStrv
pen_score_sheet_list_keys (const PenScoreSheet *sheet)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GStrvBuilder) keys = g_strv_builder_new ();
  JsonArray *players;

  g_return_val_if_fail (sheet != NULL, NULL);

  /* the details document holds everything the sheet shows of a player */
  node = pen_score_sheet_to_json (sheet, TRUE);
  players = json_object_get_array_member (json_node_get_object (node), "players");
  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      g_autofree char *key = pen_json_to_string (json_array_get_element (players, i), FALSE);

      g_strv_builder_add (keys, key);
    }
  return g_strv_builder_end (keys);
}

char *
pen_score_sheet_to_csv (const PenScoreSheet *sheet,
                        gboolean             labels)
{
  GString *csv = g_string_new (NULL);
  guint col = 0;

  csv_field (csv, col++, labels ? C_("score sheet", "Name") : "name", FALSE);
  for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
    csv_field (csv, col++, labels ? pen_score_category_get_label (c)
                                  : pen_score_category_to_string (c), FALSE);
  csv_field (csv, col++, labels ? C_("score sheet", "Total") : "total", FALSE);
  csv_field (csv, col++, labels ? C_("score sheet", "Place") : "place", FALSE);
  g_string_append (csv, "\r\n");

  for (guint i = 0; i < sheet->ranking->len; i++)
    {
      GPtrArray *group = g_ptr_array_index (sheet->ranking, i);

      for (guint j = 0; j < group->len; j++)
        {
          const PenScoreResult *result = g_ptr_array_index (group, j);

          col = 0;
          /* the translated sheet is read by people: each name as shown (the Rival's too) */
          csv_field (csv, col++, labels ? result->display_name : result->name, TRUE);
          for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
            csv_int (csv, col++, result->points[c]);
          csv_int (csv, col++, result->total);
          csv_int (csv, col++, (int) result->place);
          g_string_append (csv, "\r\n");
        }
    }

  return g_string_free (csv, FALSE);
}

char *
pen_score_item_describe_sources (const PenScoreItem *item)
{
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GHashTable) counts = NULL;
  GString *s;

  g_return_val_if_fail (item != NULL, NULL);

  if (item->sources == NULL || item->sources[0] == NULL)
    {
      /* an item of one card (a Trial, a Contract) names it by its id */
      if (item->id != NULL && pen_catalog_lookup (pen_catalog_get_default (), item->id) != NULL)
        return g_strdup (pen_turn_card_name (item->id));
      return NULL;
    }
  names = g_ptr_array_new ();
  counts = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; item->sources[i] != NULL; i++)
    {
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, item->sources[i]));

      if (n == 0)
        g_ptr_array_add (names, item->sources[i]);
      g_hash_table_insert (counts, item->sources[i], GUINT_TO_POINTER (n + 1));
    }
  s = g_string_new (NULL);
  for (guint i = 0; i < names->len; i++)
    {
      const char *id = g_ptr_array_index (names, i);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, id));
      /* "trials[0]": a card of the input without an id */
      const char *name = strchr (id, '[') ? id : pen_turn_card_name (id);

      if (s->len > 0)
        g_string_append (s, ", ");
      if (n > 1)
        g_string_append_printf (s, "%s ×%u", name, n);
      else
        g_string_append (s, name);
    }
  return g_string_free (s, FALSE);
}
