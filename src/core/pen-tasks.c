/* pen-tasks.c: the task kinds of Contracts and Trials (see pen-tasks.h for every choice made)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "pen-json.h"
#include "pen-tasks.h"
#include "pen-threat.h"

static const char * const task_kind_ids[] = {
  "discard-ingredients", "discard-sum", "discard-exact", "roll-sum", "withstand",
  "have-experience", NULL
};
static const char * const blood_source_ids[] = {
  "marks-first", "supply-first", "supply-only", NULL
};
static const char * const manipulation_ids[] = { "reroll", "adjust", "flip", "recolour", NULL };
static const guint manipulation_prices[] = { 1, 2, 2, 3 };
static const char * const roll_action_ids[] = {
  "stop", "reroll", "adjust-up", "adjust-down", "flip", NULL
};

#define WEIGHT_TEMPORARY 10
#define WEIGHT_BONE 100
#define WEIGHT_COLOURED_BASE 100
#define WEIGHT_COLOURED_SCARCITY 120
#define WEIGHT_SPARK 300
#define MAX_WEIGHT 10000
/* cost = weight * WASTE_SCALE + waste; the waste of two sum tasks is at most 10 */
#define WASTE_SCALE 16
#define COST_INF G_MAXINT64
/* Joint Shield searches above this many table cells fall back to Shield first, then task. */
#define JOINT_CELL_LIMIT (32u * 1024u * 1024u)

const char *
pen_task_kind_to_string (PenTaskKind kind)
{
  g_return_val_if_fail (kind < PEN_N_TASK_KINDS, NULL);
  return task_kind_ids[kind];
}

int
pen_task_kind_from_string (const char *str)
{
  return pen_id_lookup (task_kind_ids, str);
}

const char *
pen_blood_source_to_string (PenBloodSource source)
{
  g_return_val_if_fail (source < PEN_N_BLOOD_SOURCES, NULL);
  return blood_source_ids[source];
}

int
pen_blood_source_from_string (const char *str)
{
  return pen_id_lookup (blood_source_ids, str);
}

const char *
pen_manipulation_to_string (PenManipulation manipulation)
{
  g_return_val_if_fail (manipulation < PEN_N_MANIPULATIONS, NULL);
  return manipulation_ids[manipulation];
}

guint
pen_manipulation_get_price (PenManipulation manipulation)
{
  g_return_val_if_fail (manipulation < PEN_N_MANIPULATIONS, 0);
  return manipulation_prices[manipulation];
}

const char *
pen_roll_action_to_string (PenRollAction action)
{
  g_return_val_if_fail (action < PEN_N_ROLL_ACTIONS, NULL);
  return roll_action_ids[action];
}

/* ---- PenTask ---------------------------------------------------------------------------- */

PenTask *
pen_task_new (PenTaskKind kind)
{
  PenTask *task = g_new0 (PenTask, 1);

  task->kind = kind;
  task->blood_source = PEN_BLOOD_MARKS_FIRST;
  task->max_crystals = -1;
  for (guint i = 0; i < PEN_N_COLORS; i++)
    task->weights[i] = PEN_TASK_NO_WEIGHT;
  task->temporary_weight = PEN_TASK_NO_WEIGHT;
  return task;
}

PenTask *
pen_task_copy (const PenTask *task)
{
  PenTask *copy = g_memdup2 (task, sizeof *task);

  copy->shield = task->shield ? pen_task_copy (task->shield) : NULL;
  return copy;
}

void
pen_task_free (PenTask *task)
{
  if (task == NULL)
    return;
  pen_task_free (task->shield);
  g_free (task);
}

gboolean
pen_task_color_accepts (guint    colors,
                        PenColor color)
{
  /* a Bone die in a task may be any die; a coloured one may be a Spark die */
  if (colors & (1u << PEN_COLOR_BONE))
    return TRUE;
  if (colors & (1u << color))
    return TRUE;
  return color == PEN_COLOR_SPARK && (colors & ~(1u << PEN_COLOR_SPARK)) != 0;
}

guint
pen_task_die_weight (const PenTask  *task,
                     const PenBoard *board,
                     guint           index)
{
  const PenDieValue *die;
  guint n = 0;

  g_return_val_if_fail (index < board->supply->len, 0);
  die = &g_array_index (board->supply, PenDieValue, index);

  if (die->temporary)
    return task->temporary_weight >= 0 ? (guint) task->temporary_weight : WEIGHT_TEMPORARY;
  if (task->weights[die->color] >= 0)
    return (guint) task->weights[die->color];
  if (die->color == PEN_COLOR_BONE)
    return WEIGHT_BONE;
  if (die->color == PEN_COLOR_SPARK)
    return WEIGHT_SPARK;

  for (guint i = 0; i < board->supply->len; i++)
    {
      const PenDieValue *d = &g_array_index (board->supply, PenDieValue, i);
      if (d->color == die->color && !d->temporary)
        n++;
    }
  return WEIGHT_COLOURED_BASE + WEIGHT_COLOURED_SCARCITY / MAX (n, 1);
}

/* ---- writing a TASK object ---------------------------------------------------------------- */

static void
write_colors (JsonBuilder *b,
            guint        colors)
{
  json_builder_set_member_name (b, "colors");
  json_builder_begin_array (b);
  for (guint c = 0; c < PEN_N_COLORS; c++)
    if (colors & (1u << c))
      json_builder_add_string_value (b, pen_color_to_string (c));
  json_builder_end_array (b);
}

static void
write_counts (JsonBuilder  *b,
            const char   *key,
            const guint  *counts,
            guint         n,
            const char *(*name) (guint))
{
  json_builder_set_member_name (b, key);
  json_builder_begin_object (b);
  for (guint i = 0; i < n; i++)
    if (counts[i] > 0)
      {
        json_builder_set_member_name (b, name (i));
        json_builder_add_int_value (b, counts[i]);
      }
  json_builder_end_object (b);
}

static const char *
task_ingredient_name (guint i)
{
  return pen_ingredient_to_string (i);
}

static const char *
task_symbol_name (guint i)
{
  return pen_symbol_to_string (i);
}

JsonNode *
pen_task_to_json (const PenTask *task)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  g_return_val_if_fail (task != NULL, NULL);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, pen_task_kind_to_string (task->kind));
  switch (task->kind)
    {
    case PEN_TASK_DISCARD_INGREDIENTS:
      write_counts (b, "ingredients", task->ingredients, PEN_N_INGREDIENTS, task_ingredient_name);
      break;
    case PEN_TASK_DISCARD_SUM:
      write_colors (b, task->colors);
      json_builder_set_member_name (b, "at_least");
      json_builder_add_int_value (b, task->at_least);
      break;
    case PEN_TASK_DISCARD_EXACT:
      write_colors (b, task->colors);
      json_builder_set_member_name (b, "values");
      json_builder_begin_array (b);
      for (guint i = 0; i < task->n_values; i++)
        json_builder_add_int_value (b, task->values[i]);
      json_builder_end_array (b);
      break;
    case PEN_TASK_ROLL_SUM:
      for (guint c = 0; c < PEN_N_COLORS; c++)
        if (task->colors & (1u << c))
          {
            json_builder_set_member_name (b, "color");
            json_builder_add_string_value (b, pen_color_to_string (c));
            break;
          }
      json_builder_set_member_name (b, "count");
      json_builder_add_int_value (b, task->count);
      json_builder_set_member_name (b, "at_least");
      json_builder_add_int_value (b, task->at_least);
      break;
    case PEN_TASK_WITHSTAND:
      json_builder_set_member_name (b, "threat");
      json_builder_add_int_value (b, task->threat);
      break;
    case PEN_TASK_HAVE_EXPERIENCE:
      write_counts (b, "symbols", task->symbols, PEN_N_SYMBOLS, task_symbol_name);
      break;
    case PEN_N_TASK_KINDS:
    default:
      g_return_val_if_reached (NULL);
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* ---- reading a TASK object ---------------------------------------------------------------- */

static gboolean
read_colors (JsonObject  *obj,
             const char  *path,
             guint       *out,
             GError     **error)
{
  g_autofree char *p = pen_json_path_key (path, "colors");
  JsonNode *node = json_object_get_member (obj, "colors");
  JsonArray *arr;
  guint mask = 0;

  if (node == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: missing", p);
      return FALSE;
    }
  if (!(arr = pen_json_expect_array (node, p, error)))
    return FALSE;
  if (json_array_get_length (arr) == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: name at least one die colour", p);
      return FALSE;
    }
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      g_autofree char *pi = pen_json_path_index (p, i);
      int color;

      if (!pen_json_node_enum (json_array_get_element (arr, i), pi, pen_color_from_string,
                               "die colour", &color, error))
        return FALSE;
      if (mask & (1u << color))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: \"%s\" is listed twice", pi,
                       pen_color_to_string (color));
          return FALSE;
        }
      mask |= 1u << color;
    }
  *out = mask;
  return TRUE;
}

static gboolean
read_faces (JsonObject  *obj,
            const char  *path,
            const char  *key,
            guint        min_len,
            guint        max_len,
            guint8      *faces,
            guint       *n_faces,
            GError     **error)
{
  g_autofree char *p = pen_json_path_key (path, key);
  JsonNode *node = json_object_get_member (obj, key);
  JsonArray *arr;
  guint len;

  if (node == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: missing", p);
      return FALSE;
    }
  if (!(arr = pen_json_expect_array (node, p, error)))
    return FALSE;
  len = json_array_get_length (arr);
  if (len < min_len || len > max_len)
    {
      if (min_len == max_len)
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: expected %u faces, found %u", p,
                     min_len, len);
      else
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: expected %u to %u faces, found %u",
                     p, min_len, max_len, len);
      return FALSE;
    }
  for (guint i = 0; i < len; i++)
    {
      g_autofree char *pi = pen_json_path_index (p, i);
      JsonNode *element = json_array_get_element (arr, i);
      gint64 v;

      if (element != NULL && JSON_NODE_HOLDS_VALUE (element)
          && json_node_get_value_type (element) == G_TYPE_INT64
          && (json_node_get_int (element) < 1 || json_node_get_int (element) > 6))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "%s: %" G_GINT64_FORMAT " is not a die face (1-6)", pi,
                       json_node_get_int (element));
          return FALSE;
        }
      if (!pen_json_node_int (element, pi, 1, 6, &v, error))
        return FALSE;
      faces[i] = (guint8) v;
    }
  *n_faces = len;
  return TRUE;
}

/* An object of counts keyed by ids (ingredients or symbols). */
static gboolean
read_counts (JsonObject          *obj,
             const char          *path,
             const char          *key,
             gboolean             required,
             const char * const  *ids,
             guint                n_ids,
             gint64               max,
             guint               *out,
             GError             **error)
{
  g_autofree char *p = pen_json_path_key (path, key);
  JsonNode *node = json_object_get_member (obj, key);
  JsonObject *counts;

  if (node == NULL)
    {
      if (required)
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: missing", p);
      return !required;
    }
  if (!(counts = pen_json_expect_object (node, p, error))
      || !pen_json_check_keys (counts, p, ids, error))
    return FALSE;
  for (guint i = 0; i < n_ids; i++)
    {
      gint64 v = 0;
      if (!pen_json_get_int (counts, p, ids[i], FALSE, 0, max, &v, error))
        return FALSE;
      out[i] = (guint) v;
    }
  return TRUE;
}

static gboolean
read_weights (JsonObject  *obj,
              const char  *path,
              PenTask     *task,
              GError     **error)
{
  static const char * const ids[] = {
    "bone", "red", "orange", "yellow", "green", "blue", "purple", "spark", "temporary", NULL
  };
  g_autofree char *p = pen_json_path_key (path, "weights");
  JsonNode *node = json_object_get_member (obj, "weights");
  JsonObject *w;

  if (node == NULL)
    return TRUE;
  if (!(w = pen_json_expect_object (node, p, error))
      || !pen_json_check_keys (w, p, ids, error))
    return FALSE;
  for (guint i = 0; ids[i] != NULL; i++)
    {
      gint64 v = PEN_TASK_NO_WEIGHT;
      if (!pen_json_get_int (w, p, ids[i], FALSE, 0, MAX_WEIGHT, &v, error))
        return FALSE;
      if (i < PEN_N_COLORS)
        task->weights[i] = (int) v;
      else
        task->temporary_weight = (int) v;
    }
  return TRUE;
}

#define COMMON_TASK_KEYS "suppress_crystals", "max_crystals", "shield", "weights"

static PenTask *
task_from_json (JsonNode    *node,
                const char  *path,
                gboolean     is_shield,
                GError     **error)
{
  static const char * const ingredient_ids[] = {
    "blood", "crystal", "jewel", "fruit", "trinket", "arcana", NULL
  };
  static const char * const symbol_ids[] = {
    "monsters", "beasts", "wilds", "mystic", "wizards", "society", NULL
  };
  static const char * const keys[PEN_N_TASK_KINDS][12] = {
    [PEN_TASK_DISCARD_INGREDIENTS] = { "kind", "ingredients", "blood_source",
                                       COMMON_TASK_KEYS, NULL },
    [PEN_TASK_DISCARD_SUM] = { "kind", "colors", "at_least", COMMON_TASK_KEYS, NULL },
    [PEN_TASK_DISCARD_EXACT] = { "kind", "colors", "values", COMMON_TASK_KEYS, NULL },
    [PEN_TASK_ROLL_SUM] = { "kind", "color", "count", "at_least", "rolled", COMMON_TASK_KEYS,
                            NULL },
    [PEN_TASK_WITHSTAND] = { "kind", "threat", COMMON_TASK_KEYS, NULL },
    [PEN_TASK_HAVE_EXPERIENCE] = { "kind", "symbols", COMMON_TASK_KEYS, NULL },
  };
  static const char * const shield_keys[PEN_N_TASK_KINDS][4] = {
    [PEN_TASK_DISCARD_SUM] = { "kind", "colors", "at_least", NULL },
    [PEN_TASK_DISCARD_EXACT] = { "kind", "colors", "values", NULL },
  };
  g_autoptr(PenTask) task = NULL;
  JsonObject *obj;
  int kind;
  gint64 v;

  if (!(obj = pen_json_expect_object (node, path, error))
      || !pen_json_get_enum (obj, path, "kind", TRUE, pen_task_kind_from_string, "task kind",
                             &kind, error))
    return NULL;

  if (is_shield && kind != PEN_TASK_DISCARD_SUM && kind != PEN_TASK_DISCARD_EXACT)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "%s.kind: a Shield is a discard-sum or discard-exact task, not %s", path,
                   task_kind_ids[kind]);
      return NULL;
    }
  if (!pen_json_check_keys (obj, path, is_shield ? shield_keys[kind] : keys[kind], error))
    return NULL;

  task = pen_task_new (kind);

  switch ((PenTaskKind) kind)
    {
    case PEN_TASK_DISCARD_INGREDIENTS:
      {
        int source = PEN_BLOOD_MARKS_FIRST;

        if (!read_counts (obj, path, "ingredients", TRUE, ingredient_ids, PEN_N_INGREDIENTS, 99,
                          task->ingredients, error)
            || !pen_json_get_enum (obj, path, "blood_source", FALSE,
                                   pen_blood_source_from_string, "Blood source", &source, error))
          return NULL;
        task->blood_source = source;
      }
      break;

    case PEN_TASK_DISCARD_SUM:
      if (!read_colors (obj, path, &task->colors, error)
          || !pen_json_get_int (obj, path, "at_least", TRUE, -PEN_TASK_MAX_TARGET,
                                PEN_TASK_MAX_TARGET, &v, error))
        return NULL;
      task->at_least = (int) v;
      break;

    case PEN_TASK_DISCARD_EXACT:
      if (!read_colors (obj, path, &task->colors, error)
          || !read_faces (obj, path, "values", 1, PEN_TASK_MAX_VALUES, task->values,
                          &task->n_values, error))
        return NULL;
      break;

    case PEN_TASK_ROLL_SUM:
      {
        int color;

        if (!pen_json_get_enum (obj, path, "color", TRUE, pen_color_from_string, "die colour",
                                &color, error)
            || !pen_json_get_int (obj, path, "count", TRUE, 1, PEN_TASK_MAX_ROLL, &v, error))
          return NULL;
        task->colors = 1u << color;
        task->count = (guint) v;
        if (!pen_json_get_int (obj, path, "at_least", TRUE, -PEN_TASK_MAX_TARGET,
                               PEN_TASK_MAX_TARGET, &v, error))
          return NULL;
        task->at_least = (int) v;
        if (json_object_has_member (obj, "rolled")
            && !read_faces (obj, path, "rolled", task->count, task->count, task->rolled,
                            &task->n_rolled, error))
          return NULL;
      }
      break;

    case PEN_TASK_WITHSTAND:
      if (!pen_json_get_int (obj, path, "threat", TRUE, 0, PEN_TASK_MAX_THREAT, &v, error))
        return NULL;
      task->threat = (guint) v;
      break;

    case PEN_TASK_HAVE_EXPERIENCE:
      if (!read_counts (obj, path, "symbols", TRUE, symbol_ids, PEN_N_SYMBOLS, 99,
                        task->symbols, error))
        return NULL;
      break;

    case PEN_N_TASK_KINDS:
    default:
      g_assert_not_reached ();
    }

  if (!is_shield)
    {
      JsonNode *shield = json_object_get_member (obj, "shield");

      v = -1;
      if (!read_weights (obj, path, task, error)
          || !pen_json_get_bool (obj, path, "suppress_crystals", FALSE,
                                 &task->suppress_crystals, error)
          || !pen_json_get_int (obj, path, "max_crystals", FALSE, 0, PEN_INGREDIENT_CAP, &v,
                                error))
        return NULL;
      task->max_crystals = (int) v;
      if (shield != NULL)
        {
          g_autofree char *p = pen_json_path_key (path, "shield");

          if (!(task->shield = task_from_json (shield, p, TRUE, error)))
            return NULL;
        }
    }

  return g_steal_pointer (&task);
}

PenTask *
pen_task_from_json (JsonNode    *node,
                    const char  *path,
                    GError     **error)
{
  return task_from_json (node, path, FALSE, error);
}

/* ---- choosing dice: an exact dynamic programme ------------------------------------------------
 *
 * A dice task is a small automaton over "progress so far": a sum task counts the sum of the dice
 * taken (only sums up to target + 5 can be optimal: a bigger set would stay legal without one of
 * its dice, and be cheaper), an exact task counts the dice taken for each face (mixed radix), a
 * roll task counts the dice taken. Two tasks (a Shield and its task) run side by side on disjoint
 * dice. The table is filled from the last die back to the first, so rebuilding the choice from
 * the first die on can prefer taking a die whenever that stays optimal: the set with the lowest
 * indices wins ties. */

typedef enum
{
  SUB_SUM,
  SUB_EXACT,
  SUB_COUNT,
} SubKind;

typedef struct
{
  SubKind kind;
  guint   colors;
  int     target;       /* SUM: the sum to reach, >= 1; COUNT: the dice to take */
  guint   need[7];      /* EXACT: dice needed per face */
  guint   radix[7];     /* EXACT: place value of each face's digit */
  guint   n_states;
} Sub;

static void
sub_init (Sub           *sub,
          const PenTask *task)
{
  memset (sub, 0, sizeof *sub);
  sub->colors = task->colors;
  switch (task->kind)
    {
    case PEN_TASK_DISCARD_SUM:
      sub->kind = SUB_SUM;
      sub->target = MAX (task->at_least, 1);
      sub->n_states = sub->target + 6;
      break;
    case PEN_TASK_DISCARD_EXACT:
      sub->kind = SUB_EXACT;
      for (guint i = 0; i < task->n_values; i++)
        sub->need[task->values[i]]++;
      sub->n_states = 1;
      for (guint f = 1; f <= 6; f++)
        {
          sub->radix[f] = sub->n_states;
          sub->n_states *= sub->need[f] + 1;
        }
      break;
    case PEN_TASK_ROLL_SUM:
      sub->kind = SUB_COUNT;
      sub->target = task->count;
      sub->n_states = task->count + 1;
      break;
    case PEN_TASK_DISCARD_INGREDIENTS:
    case PEN_TASK_WITHSTAND:
    case PEN_TASK_HAVE_EXPERIENCE:
    case PEN_N_TASK_KINDS:
    default:
      g_assert_not_reached ();
    }
}

/* The state after taking a die of face in state, or -1 when the die does not help. */
static int
sub_step (const Sub *sub,
          guint      state,
          guint      face)
{
  switch (sub->kind)
    {
    case SUB_SUM:
      return state + face < sub->n_states ? (int) (state + face) : -1;
    case SUB_EXACT:
      if ((state / sub->radix[face]) % (sub->need[face] + 1) < sub->need[face])
        return (int) (state + sub->radix[face]);
      return -1;
    case SUB_COUNT:
      return state < (guint) sub->target ? (int) state + 1 : -1;
    default:
      g_assert_not_reached ();
    }
  return -1;
}

/* COST_INF when state does not fulfil the task, else its waste. */
static gint64
sub_final (const Sub *sub,
           guint      state)
{
  switch (sub->kind)
    {
    case SUB_SUM:
      return (int) state >= sub->target ? (gint64) state - sub->target : COST_INF;
    case SUB_EXACT:
      return state == sub->n_states - 1 ? 0 : COST_INF;
    case SUB_COUNT:
      return (int) state == sub->target ? 0 : COST_INF;
    default:
      g_assert_not_reached ();
    }
  return COST_INF;
}

#define CRYSTAL_SCALE ((gint64) 1 << 40)

typedef struct
{
  guint    index;         /* supply index */
  gint64   weight;        /* already scaled by WASTE_SCALE */
  int      cost[2][7];    /* per task, per face it would show: Crystals to get there, or -1 */
  PenColor color[2];      /* per task: the colour it would have (recoloured or not) */
} Item;

/* Crystals to make die count as face to_face for sub (MANIPULATE: adjust and flip 2 each,
 * recolour 3; no reroll, which is not a plan), or -1. Without crystals, only the die as it
 * lies. A die is never recoloured into Spark: that is not a colour. */
static int
die_crystals (const Sub         *sub,
              const PenDieValue *die,
              guint              to_face,
              gboolean           crystals,
              PenColor          *to_color)
{
  int colour_cost = 0, steps;
  guint from = die->value;

  *to_color = die->color;
  if (!pen_task_color_accepts (sub->colors, die->color))
    {
      if (!crystals)
        return -1;
      colour_cost = -1;
      for (guint c = PEN_COLOR_RED; c <= PEN_COLOR_PURPLE && colour_cost < 0; c++)
        if (sub->colors & (1u << c))
          {
            *to_color = c;
            colour_cost = manipulation_prices[PEN_MANIPULATE_RECOLOUR];
          }
      if (colour_cost < 0)
        return -1;
    }
  if (sub->kind == SUB_COUNT || to_face == from)
    return to_face == from ? colour_cost : -1;
  if (!crystals)
    return -1;
  /* adjust step by step, or flip first and adjust from the opposite face */
  steps = MIN (ABS ((int) from - (int) to_face), 1 + ABS (7 - (int) from - (int) to_face));
  return colour_cost + (int) manipulation_prices[PEN_MANIPULATE_ADJUST] * steps;
}

/* Solves a (and b when not NULL) on disjoint dice of board: the cheapest by (Crystals, weight,
 * waste, lowest indices). With crystals FALSE the dice are taken as they lie; with TRUE they
 * may be changed first, and changes (nullable) gets a PenTaskChange for each die changed.
 * Returns FALSE when infeasible or, with *too_big set, when the table would be too large. */
static gboolean
solve_dice_full (const PenTask  *weights_from,
                 const PenBoard *board,
                 const Sub      *a,
                 const Sub      *b,
                 gboolean        crystals,
                 GArray         *use_a,
                 GArray         *use_b,
                 GArray         *changes,
                 guint          *crystals_out,
                 gboolean       *too_big)
{
  g_autoptr(GArray) items = g_array_new (FALSE, TRUE, sizeof (Item));
  g_autofree gint64 *next = NULL;
  g_autofree gint64 *cur = NULL;
  g_autofree guint8 *choice = NULL;
  const Sub *subs[2] = { a, b };
  guint sa = a->n_states, sb = b ? b->n_states : 1;
  gsize n_states = (gsize) sa * sb;
  guint state[2] = { 0, 0 };
  guint spent = 0;

  if (too_big)
    *too_big = FALSE;

  for (guint i = 0; i < board->supply->len; i++)
    {
      const PenDieValue *die = &g_array_index (board->supply, PenDieValue, i);
      Item item = { i, 0, { { 0, }, }, { 0, } };
      gboolean useful = FALSE;

      for (guint t = 0; t < 2; t++)
        for (guint f = 0; f <= 6; f++)
          {
            item.cost[t][f] = -1;
            if (f > 0 && subs[t] != NULL)
              item.cost[t][f] = die_crystals (subs[t], die, f, crystals, &item.color[t]);
            useful |= item.cost[t][f] >= 0;
          }
      if (!useful)
        continue;
      item.weight = (gint64) pen_task_die_weight (weights_from, board, i) * WASTE_SCALE;
      g_array_append_val (items, item);
    }

  if ((guint64) n_states * MAX (items->len, 1) > JOINT_CELL_LIMIT)
    {
      if (too_big)
        *too_big = TRUE;
      return FALSE;
    }

  next = g_new (gint64, n_states);
  cur = g_new (gint64, n_states);
  choice = g_new0 (guint8, MAX ((gsize) items->len * n_states, 1));

  for (guint x = 0; x < sa; x++)
    for (guint y = 0; y < sb; y++)
      {
        gint64 fa = sub_final (a, x), fb = b ? sub_final (b, y) : 0;
        next[x * sb + y] = (fa == COST_INF || fb == COST_INF) ? COST_INF : fa + fb;
      }

  /* choice: 0 skip, 1..6 to a showing that face, 7..12 to b */
  for (guint k = items->len; k-- > 0;)
    {
      const Item *item = &g_array_index (items, Item, k);
      guint8 *row = choice + (gsize) k * n_states;

      for (guint x = 0; x < sa; x++)
        for (guint y = 0; y < sb; y++)
          {
            gsize s = (gsize) x * sb + y;
            gint64 best = COST_INF;
            guint8 ch = 0;

            for (guint t = 0; t < 2; t++)
              for (guint f = 1; f <= 6; f++)
                {
                  gsize to;
                  gint64 c;
                  int step;

                  if (item->cost[t][f] < 0
                      || (step = sub_step (subs[t], t == 0 ? x : y, f)) < 0)
                    continue;
                  to = t == 0 ? (gsize) step * sb + y : (gsize) x * sb + step;
                  if (next[to] == COST_INF)
                    continue;
                  c = next[to] + item->weight + item->cost[t][f] * CRYSTAL_SCALE;
                  if (c < best)
                    {
                      best = c;
                      ch = t * 6 + f;
                    }
                }
            if (next[s] < best)
              {
                best = next[s];
                ch = 0;
              }
            cur[s] = best;
            row[s] = ch;
          }
      { gint64 *tmp = next; next = cur; cur = tmp; }
    }

  if (next[0] == COST_INF)
    return FALSE;

  for (guint k = 0; k < items->len; k++)
    {
      const Item *item = &g_array_index (items, Item, k);
      const PenDieValue *die = &g_array_index (board->supply, PenDieValue, item->index);
      guint8 ch = choice[(gsize) k * n_states + (gsize) state[0] * sb + state[1]];
      guint t, f;

      if (ch == 0)
        continue;
      t = (ch - 1) / 6;
      f = (ch - 1) % 6 + 1;
      state[t] = sub_step (subs[t], state[t], f);
      g_array_append_val (t == 0 ? use_a : use_b, item->index);
      spent += item->cost[t][f];
      if (changes != NULL && item->cost[t][f] > 0)
        {
          PenTaskChange change = { item->index, die->color, die->value, item->color[t], f,
                                   item->cost[t][f] };
          g_array_append_val (changes, change);
        }
    }
  if (crystals_out)
    *crystals_out = spent;
  return TRUE;
}

/* The dice as they lie. */
static gboolean
solve_dice (const PenTask  *weights_from,
            const PenBoard *board,
            const Sub      *a,
            const Sub      *b,
            GArray         *use_a,
            GArray         *use_b,
            gboolean       *too_big)
{
  return solve_dice_full (weights_from, board, a, b, FALSE, use_a, use_b, NULL, NULL, too_big);
}

/* Why a task fails alone: its sum shortfall, its missing faces, or its missing dice. */
static void
sub_diagnose (const Sub      *sub,
              const PenBoard *board,
              int            *shortfall,
              guint8         *missing,
              guint          *n_missing)
{
  guint have[7] = { 0, };
  int total = 0, count = 0;

  *shortfall = 0;
  *n_missing = 0;
  for (guint i = 0; i < board->supply->len; i++)
    {
      const PenDieValue *die = &g_array_index (board->supply, PenDieValue, i);

      if (!pen_task_color_accepts (sub->colors, die->color))
        continue;
      have[die->value]++;
      total += die->value;
      count++;
    }

  if (sub->kind == SUB_SUM)
    *shortfall = MAX (sub->target - total, 0);
  else if (sub->kind == SUB_COUNT)
    *shortfall = MAX (sub->target - count, 0);
  else
    for (guint f = 1; f <= 6; f++)
      for (guint k = have[f]; k < sub->need[f]; k++)
        missing[(*n_missing)++] = (guint8) f;
}

static int
sum_of (const PenBoard *board,
        GArray         *use)
{
  int sum = 0;

  for (guint i = 0; i < use->len; i++)
    sum += g_array_index (board->supply, PenDieValue, g_array_index (use, guint, i)).value;
  return sum;
}

static int
compare_uint (gconstpointer a,
              gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return x < y ? -1 : x > y;
}

/* ---- odds ---------------------------------------------------------------------------------- */

double
pen_roll_sum_probability (guint count,
                          int   at_least)
{
  gint64 ways[6 * PEN_TASK_MAX_ROLL + 1] = { 1, };
  gint64 good = 0, all = 1;

  g_return_val_if_fail (count <= PEN_TASK_MAX_ROLL, 0.0);

  for (guint d = 0; d < count; d++)
    {
      for (int s = 6 * (d + 1); s >= 0; s--)
        {
          gint64 w = 0;
          for (int f = 1; f <= 6 && f <= s; f++)
            w += ways[s - f];
          ways[s] = w;
        }
      all *= 6;
    }
  for (int s = 0; s <= 6 * (int) count; s++)
    if (s >= at_least)
      good += ways[s];
  return (double) good / (double) all;
}

double
pen_task_withstand_probability (const PenBoard *board,
                                guint           threat)
{
  g_autoptr(PenThreatOdds) odds = NULL;

  g_return_val_if_fail (threat <= PEN_TASK_MAX_THREAT, 0.0);

  /* the Threat module counts faces exactly, and gives no Mortal Wound when the board has had
   * one this turn already */
  odds = pen_threat_odds_new (board, threat, FALSE);
  return CLAMP (1.0 - odds->summary.p_mortal_wound, 0.0, 1.0);
}

GArray *
pen_task_withstand_defend_order (const PenBoard *board,
                                 guint           n_dice)
{
  GArray *order;

  g_return_val_if_fail (board != NULL, NULL);
  order = pen_threat_defend_order (board);
  if (order->len > n_dice)
    g_array_set_size (order, n_dice);
  return order;
}

char *
pen_task_withstand_defend_dice (const PenBoard *board,
                                guint           n_dice,
                                guint           n_defend)
{
  g_autoptr(GArray) order = pen_task_withstand_defend_order (board, n_dice);
  GString *s = g_string_new (NULL);

  n_defend = MIN (n_defend, order->len);
  for (guint i = 0; i < n_defend; i++)
    {
      const PenDieValue *die = &g_array_index (board->supply, PenDieValue,
                                               g_array_index (order, guint, i));

      if (i > 0)
        g_string_append (s, i + 1 == n_defend ? _(" and ") : ", ");
      g_string_append_printf (s, C_("task die", "the %s %u"), pen_color_get_label (die->color),
                              die->value);
    }
  return g_string_free (s, FALSE);
}

char *
pen_task_withstand_defend_describe (const PenBoard *board,
                                    guint           n_dice,
                                    guint           n_defend)
{
  g_autoptr(GArray) order = pen_task_withstand_defend_order (board, n_dice);
  g_autoptr(PenBoard) after = pen_board_copy (board);
  g_autofree char *dice = NULL;
  g_autofree gboolean *gone = NULL;
  guint left;

  g_return_val_if_fail (board != NULL, NULL);
  n_defend = MIN (n_defend, order->len);
  dice = pen_task_withstand_defend_dice (board, n_dice, n_defend);
  gone = g_new0 (gboolean, board->supply->len + 1);
  for (guint i = 0; i < n_defend; i++)
    gone[g_array_index (order, guint, i)] = TRUE;
  for (guint i = board->supply->len; i-- > 0;)
    if (gone[i])
      g_array_remove_index (after->supply, i);
  left = n_dice - n_defend;
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: DEFEND before a "Withstand Threat"
                                        * task's roll; %s: the Yellow dice discarded */
                                       "DEFEND discards %s: %u Threat die left, %.0f%% chance "
                                       "of no Mortal Wound.",
                                       "DEFEND discards %s: %u Threat dice left, %.0f%% chance "
                                       "of no Mortal Wound.", left),
                          dice, left,
                          pen_task_withstand_probability (after, MIN (left,
                                                                      PEN_TASK_MAX_THREAT))
                          * 100.0);
}

/* ---- the Crystal policy ------------------------------------------------------------------- */

struct _PenRollPolicy
{
  guint       count;
  int         at_least;
  guint       crystals;
  guint       allowed;
  guint       n_sets;
  guint32    *keys;        /* per multiset: 4 bits of count per face */
  int        *sums;
  double     *prob;        /* chance of rolling it */
  guint      *replace;     /* [set][from face][to face] -> set, faces 0-based */
  GHashTable *index;       /* key -> set + 1 */
  double     *value;       /* [crystals][set] */
  double     *spent;       /* [crystals][set] */
  guint8     *action;
  guint8     *face;
  double      p_success;
  double      expected;
};

#define EPSILON 1e-12

/* the order in which equally good actions are preferred */
static const guint8 action_order[] = {
  PEN_ROLL_REROLL, PEN_ROLL_ADJUST_UP, PEN_ROLL_FLIP, PEN_ROLL_ADJUST_DOWN
};

static void
enumerate_sets (PenRollPolicy *policy,
                guint          face,
                guint          left,
                guint32        key,
                GArray        *keys)
{
  if (face == 5)
    {
      key |= (guint32) left << (4 * face);
      g_array_append_val (keys, key);
      return;
    }
  for (guint c = 0; c <= left; c++)
    enumerate_sets (policy, face + 1, left - c, key | ((guint32) c << (4 * face)), keys);
}

static inline guint
key_count (guint32 key,
           guint   face)
{
  return (key >> (4 * face)) & 0xf;
}

PenRollPolicy *
pen_roll_policy_new (guint count,
                     int   at_least,
                     guint crystals,
                     guint manipulations)
{
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint32));
  PenRollPolicy *p;
  double all = pow (6.0, count);
  guint n;

  g_return_val_if_fail (count >= 1 && count <= PEN_TASK_MAX_ROLL, NULL);
  g_return_val_if_fail (crystals <= PEN_INGREDIENT_CAP, NULL);

  p = g_new0 (PenRollPolicy, 1);
  p->count = count;
  p->at_least = at_least;
  p->crystals = crystals;
  p->allowed = manipulations;
  enumerate_sets (p, 0, count, 0, keys);
  p->n_sets = n = keys->len;
  p->keys = g_memdup2 (keys->data, sizeof (guint32) * n);
  p->sums = g_new (int, n);
  p->prob = g_new (double, n);
  p->replace = g_new (guint, (gsize) n * 36);
  p->index = g_hash_table_new (NULL, NULL);
  p->value = g_new (double, (gsize) n * (crystals + 1));
  p->spent = g_new (double, (gsize) n * (crystals + 1));
  p->action = g_new (guint8, (gsize) n * (crystals + 1));
  p->face = g_new (guint8, (gsize) n * (crystals + 1));

  for (guint s = 0; s < n; s++)
    {
      double ways = 1.0;
      guint taken = 0;

      g_hash_table_insert (p->index, GUINT_TO_POINTER (p->keys[s]), GUINT_TO_POINTER (s + 1));
      p->sums[s] = 0;
      /* multinomial count!/prod(c!) */
      for (guint f = 0; f < 6; f++)
        for (guint c = 1; c <= key_count (p->keys[s], f); c++)
          {
            taken++;
            ways = ways * taken / c;
            p->sums[s] += f + 1;
          }
      p->prob[s] = ways / all;
    }
  for (guint s = 0; s < n; s++)
    for (guint from = 0; from < 6; from++)
      for (guint to = 0; to < 6; to++)
        {
          guint32 key = p->keys[s];
          guint dst = s;

          if (key_count (key, from) > 0)
            {
              key = key - (1u << (4 * from)) + (1u << (4 * to));
              dst = GPOINTER_TO_UINT (g_hash_table_lookup (p->index, GUINT_TO_POINTER (key))) - 1;
            }
          p->replace[(gsize) s * 36 + from * 6 + to] = dst;
        }

  /* Every manipulation costs at least one Crystal, so the values for c Crystals need only
   * those for fewer. */
  for (guint c = 0; c <= crystals; c++)
    for (guint s = 0; s < n; s++)
      {
        gsize at = (gsize) c * n + s;
        double best_v = 0.0, best_e = 0.0;
        guint8 best_a = PEN_ROLL_STOP, best_f = 0;

        if (p->sums[s] >= at_least)
          best_v = 1.0;
        else
          for (guint a = 0; a < G_N_ELEMENTS (action_order); a++)
            {
              guint act = action_order[a];
              PenManipulation m = act == PEN_ROLL_REROLL ? PEN_MANIPULATE_REROLL
                                  : act == PEN_ROLL_FLIP ? PEN_MANIPULATE_FLIP
                                  : PEN_MANIPULATE_ADJUST;
              guint price = manipulation_prices[m];

              if (!(manipulations & (1u << m)) || price > c)
                continue;

              for (guint f = 0; f < 6; f++)
                {
                  const guint *rep = p->replace + (gsize) s * 36 + f * 6;
                  gsize base = (gsize) (c - price) * n;
                  double v = 0.0, e = 0.0;

                  if (key_count (p->keys[s], f) == 0)
                    continue;
                  switch (act)
                    {
                    case PEN_ROLL_REROLL:
                      for (guint g = 0; g < 6; g++)
                        {
                          v += p->value[base + rep[g]] / 6.0;
                          e += p->spent[base + rep[g]] / 6.0;
                        }
                      break;
                    case PEN_ROLL_ADJUST_UP:
                      if (f == 5)
                        continue;
                      v = p->value[base + rep[f + 1]];
                      e = p->spent[base + rep[f + 1]];
                      break;
                    case PEN_ROLL_ADJUST_DOWN:
                      if (f == 0)
                        continue;
                      v = p->value[base + rep[f - 1]];
                      e = p->spent[base + rep[f - 1]];
                      break;
                    case PEN_ROLL_FLIP:
                      v = p->value[base + rep[5 - f]];
                      e = p->spent[base + rep[5 - f]];
                      break;
                    default:
                      g_assert_not_reached ();
                    }
                  e += price;
                  if (v > best_v + EPSILON || (v > best_v - EPSILON && e < best_e - EPSILON))
                    {
                      best_v = v;
                      best_e = e;
                      best_a = act;
                      best_f = f + 1;
                    }
                }
            }
        p->value[at] = best_v;
        p->spent[at] = best_e;
        p->action[at] = best_a;
        p->face[at] = best_f;
      }

  for (guint s = 0; s < n; s++)
    {
      p->p_success += p->prob[s] * p->value[(gsize) crystals * n + s];
      p->expected += p->prob[s] * p->spent[(gsize) crystals * n + s];
    }
  p->p_success = CLAMP (p->p_success, 0.0, 1.0);
  return p;
}

void
pen_roll_policy_free (PenRollPolicy *policy)
{
  if (policy == NULL)
    return;
  g_free (policy->keys);
  g_free (policy->sums);
  g_free (policy->prob);
  g_free (policy->replace);
  g_hash_table_unref (policy->index);
  g_free (policy->value);
  g_free (policy->spent);
  g_free (policy->action);
  g_free (policy->face);
  g_free (policy);
}

double
pen_roll_policy_get_p_success (PenRollPolicy *policy)
{
  return policy->p_success;
}

double
pen_roll_policy_get_expected_crystals (PenRollPolicy *policy)
{
  return policy->expected;
}

PenRollAction
pen_roll_policy_advise (PenRollPolicy *policy,
                        const guint8  *faces,
                        guint          crystals_left,
                        guint         *face,
                        double        *p_success)
{
  guint32 key = 0;
  gsize at;
  guint s;

  g_return_val_if_fail (crystals_left <= policy->crystals, PEN_ROLL_STOP);
  for (guint i = 0; i < policy->count; i++)
    {
      g_return_val_if_fail (faces[i] >= 1 && faces[i] <= 6, PEN_ROLL_STOP);
      key += 1u << (4 * (faces[i] - 1));
    }
  s = GPOINTER_TO_UINT (g_hash_table_lookup (policy->index, GUINT_TO_POINTER (key))) - 1;
  at = (gsize) crystals_left * policy->n_sets + s;
  if (face)
    *face = policy->face[at];
  if (p_success)
    *p_success = policy->value[at];
  return policy->action[at];
}

/* ---- solving ------------------------------------------------------------------------------ */

static void
solve_ingredients (const PenTask  *task,
                   const PenBoard *board,
                   PenTaskResult  *r)
{
  guint need = task->ingredients[PEN_INGREDIENT_BLOOD];
  guint have = board->ingredients[PEN_INGREDIENT_BLOOD];
  guint wounded = 0, from_marks = 0, from_supply = 0;
  gboolean ok = TRUE;
  g_autoptr(GArray) marks = NULL;

  for (guint i = 0; i < board->marks->len; i++)
    if (g_array_index (board->marks, PenMarkValue, i).state == PEN_MARK_WOUNDED)
      wounded++;

  switch (task->blood_source)
    {
    case PEN_BLOOD_MARKS_FIRST:
      from_marks = MIN (need, wounded);
      from_supply = MIN (need - from_marks, have);
      break;
    case PEN_BLOOD_SUPPLY_FIRST:
      from_supply = MIN (need, have);
      from_marks = MIN (need - from_supply, wounded);
      break;
    case PEN_BLOOD_SUPPLY_ONLY:
    case PEN_N_BLOOD_SOURCES:
    default:
      from_supply = MIN (need, have);
      break;
    }
  r->missing_ingredients[PEN_INGREDIENT_BLOOD] = need - from_marks - from_supply;
  r->pay[PEN_INGREDIENT_BLOOD] = from_supply;

  for (guint i = 1; i < PEN_N_INGREDIENTS; i++)
    {
      guint n = task->ingredients[i];
      guint h = board->ingredients[i];

      if (i == PEN_INGREDIENT_CRYSTAL && task->suppress_crystals && n > 0)
        {
          r->crystals_suppressed = TRUE;
          h = 0;
        }
      r->pay[i] = MIN (n, h);
      r->missing_ingredients[i] = n - r->pay[i];
    }
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (r->missing_ingredients[i] > 0)
      ok = FALSE;

  r->feasible = ok;
  if (!ok)
    {
      memset (r->pay, 0, sizeof r->pay);
      return;
    }

  /* Flip first a wounded Mark that no healthy Mark of its value covers (a Threat die of that
   * value would give a Mortal Wound), then by cell order. */
  marks = g_array_copy (board->marks);
  for (guint k = 0; k < from_marks; k++)
    {
      int pick = -1;

      for (guint i = 0; i < marks->len && pick < 0; i++)
        {
          PenMarkValue *m = &g_array_index (marks, PenMarkValue, i);
          gboolean covered = FALSE;

          if (m->state != PEN_MARK_WOUNDED)
            continue;
          for (guint j = 0; j < marks->len; j++)
            {
              PenMarkValue *o = &g_array_index (marks, PenMarkValue, j);
              if (o->value == m->value && o->state != PEN_MARK_WOUNDED)
                covered = TRUE;
            }
          if (!covered)
            pick = i;
        }
      for (guint i = 0; i < marks->len && pick < 0; i++)
        if (g_array_index (marks, PenMarkValue, i).state == PEN_MARK_WOUNDED)
          pick = i;
      g_assert (pick >= 0);
      g_array_index (marks, PenMarkValue, pick).state = PEN_MARK_DISCHARGED;
      g_array_append_val (r->marks, pick);
    }
  g_array_sort (r->marks, compare_uint);
  r->blood_from_marks = from_marks;
}

/* The Crystals the wizard may spend on manipulation for this task. */
static guint
crystal_budget (const PenTask  *task,
                const PenBoard *board)
{
  guint budget = board->ingredients[PEN_INGREDIENT_CRYSTAL];

  if (task->suppress_crystals)
    return 0;
  if (task->kind == PEN_TASK_DISCARD_INGREDIENTS)
    budget -= MIN (budget, task->ingredients[PEN_INGREDIENT_CRYSTAL]);
  if (task->max_crystals >= 0)
    budget = MIN (budget, (guint) task->max_crystals);
  return MIN (budget, PEN_INGREDIENT_CAP);
}

PenTaskResult *
pen_task_solve (const PenTask  *task,
                const PenBoard *board,
                const guint    *experience)
{
  PenTaskResult *r = g_new0 (PenTaskResult, 1);
  gboolean main_dice = task->kind == PEN_TASK_DISCARD_SUM || task->kind == PEN_TASK_DISCARD_EXACT
                       || task->kind == PEN_TASK_ROLL_SUM;
  g_autoptr(GArray) main_use = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean main_ok = TRUE;
  Sub shield_sub, main_sub;

  r->kind = task->kind;
  r->use = g_array_new (FALSE, FALSE, sizeof (guint));
  r->marks = g_array_new (FALSE, FALSE, sizeof (guint));
  r->shield_use = g_array_new (FALSE, FALSE, sizeof (guint));
  r->plan_use = g_array_new (FALSE, FALSE, sizeof (guint));
  r->plan_shield_use = g_array_new (FALSE, FALSE, sizeof (guint));
  r->plan_changes = g_array_new (FALSE, FALSE, sizeof (PenTaskChange));
  r->optimal = TRUE;

  if (task->shield != NULL)
    {
      r->has_shield = TRUE;
      r->shield_kind = task->shield->kind;
      sub_init (&shield_sub, task->shield);
    }
  if (main_dice)
    sub_init (&main_sub, task);

  /* the dice: Shield and task together, or either alone */
  if (main_dice && r->has_shield)
    {
      g_autoptr(GArray) x = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GArray) y = g_array_new (FALSE, FALSE, sizeof (guint));
      gboolean too_big = FALSE;

      /* if either cannot be done alone, there is no need for the (larger) joint table */
      main_ok = solve_dice (task, board, &shield_sub, NULL, x, y, NULL)
                && solve_dice (task, board, &main_sub, NULL, x, y, NULL)
                && solve_dice (task, board, &shield_sub, &main_sub, r->shield_use, main_use,
                               &too_big);
      r->shield_feasible = main_ok;
      if (too_big)
        {
          /* Shield first, then the task on what is left */
          g_autoptr(PenBoard) rest = pen_board_copy (board);
          g_autoptr(GArray) rest_use = g_array_new (FALSE, FALSE, sizeof (guint));
          g_autoptr(GArray) none = g_array_new (FALSE, FALSE, sizeof (guint));

          r->optimal = FALSE;
          g_array_set_size (r->shield_use, 0);
          g_array_set_size (main_use, 0);
          r->shield_feasible = solve_dice (task, board, &shield_sub, NULL, r->shield_use, none,
                                           NULL);
          main_ok = FALSE;
          if (r->shield_feasible)
            {
              /* mark the Shield's dice unusable by moving them out, keeping indices */
              g_autoptr(GArray) keep = g_array_new (FALSE, FALSE, sizeof (guint));
              g_array_set_size (rest->supply, 0);
              for (guint i = 0, j = 0; i < board->supply->len; i++)
                {
                  if (j < r->shield_use->len && g_array_index (r->shield_use, guint, j) == i)
                    {
                      j++;
                      continue;
                    }
                  g_array_append_val (rest->supply,
                                      g_array_index (board->supply, PenDieValue, i));
                  g_array_append_val (keep, i);
                }
              main_ok = solve_dice (task, rest, &main_sub, NULL, rest_use, none, NULL);
              for (guint i = 0; i < rest_use->len; i++)
                {
                  guint index = g_array_index (keep, guint, g_array_index (rest_use, guint, i));
                  g_array_append_val (main_use, index);
                }
            }
          if (!main_ok)
            g_array_set_size (r->shield_use, 0);
        }
    }
  else if (main_dice)
    {
      g_autoptr(GArray) none = g_array_new (FALSE, FALSE, sizeof (guint));
      main_ok = solve_dice (task, board, &main_sub, NULL, main_use, none, NULL);
    }
  else if (r->has_shield)
    {
      g_autoptr(GArray) none = g_array_new (FALSE, FALSE, sizeof (guint));
      r->shield_feasible = solve_dice (task, board, &shield_sub, NULL, r->shield_use, none,
                                       NULL);
    }

  /* why the dice fail */
  if (main_dice && !main_ok)
    {
      guint n_missing = 0;

      g_array_set_size (main_use, 0);
      sub_diagnose (&main_sub, board, &r->shortfall, r->missing_values, &n_missing);
      r->n_missing_values = n_missing;
      if (r->has_shield)
        {
          g_autoptr(GArray) x = g_array_new (FALSE, FALSE, sizeof (guint));
          g_autoptr(GArray) y = g_array_new (FALSE, FALSE, sizeof (guint));
          gboolean alone = solve_dice (task, board, &main_sub, NULL, x, y, NULL);

          g_array_set_size (x, 0);
          r->shield_feasible = solve_dice (task, board, &shield_sub, NULL, x, y, NULL);
          r->conflict = alone && r->shield_feasible;
          g_array_set_size (r->shield_use, 0);
        }
    }
  if (r->has_shield && !r->shield_feasible)
    {
      guint n_missing = 0;

      g_array_set_size (r->shield_use, 0);
      sub_diagnose (&shield_sub, board, &r->shield_shortfall, r->shield_missing_values,
                    &n_missing);
      r->shield_n_missing_values = n_missing;
    }
  if (r->has_shield && r->shield_kind == PEN_TASK_DISCARD_SUM)
    r->shield_sum = sum_of (board, r->shield_use);

  switch (task->kind)
    {
    case PEN_TASK_DISCARD_INGREDIENTS:
      solve_ingredients (task, board, r);
      break;

    case PEN_TASK_DISCARD_SUM:
      r->feasible = main_ok;
      r->sum = sum_of (board, main_use);
      break;

    case PEN_TASK_DISCARD_EXACT:
      r->feasible = main_ok;
      break;

    case PEN_TASK_ROLL_SUM:
      {
        guint budget = crystal_budget (task, board);
        guint allowed = (1u << PEN_MANIPULATE_REROLL) | (1u << PEN_MANIPULATE_ADJUST)
                        | (1u << PEN_MANIPULATE_FLIP);
        g_autoptr(PenRollPolicy) policy = NULL;

        r->feasible = main_ok;
        r->p_success = pen_roll_sum_probability (task->count, task->at_least);
        r->crystals = budget;
        for (guint m = 0; m < PEN_N_MANIPULATIONS; m++)
          if ((allowed & (1u << m)) && manipulation_prices[m] <= budget)
            r->manipulations |= 1u << m;
        policy = pen_roll_policy_new (task->count, task->at_least, budget, allowed);
        /* the same figure to the last bit when there is nothing to spend */
        r->p_success_with_crystals = budget == 0 ? r->p_success
                                                 : pen_roll_policy_get_p_success (policy);
        r->expected_crystals = pen_roll_policy_get_expected_crystals (policy);
        if (task->n_rolled == task->count)
          {
            r->has_advice = TRUE;
            r->advice_action = pen_roll_policy_advise (policy, task->rolled, budget,
                                                       &r->advice_value, &r->advice_p);
          }
      }
      break;

    case PEN_TASK_WITHSTAND:
      {
        g_autoptr(PenBoard) after = pen_board_copy (board);

        /* the Shield's dice are gone before the task's Threat roll */
        if (r->has_shield && r->shield_feasible)
          for (guint i = r->shield_use->len; i-- > 0;)
            g_array_remove_index (after->supply, g_array_index (r->shield_use, guint, i));
        r->feasible = TRUE;
        r->p_success = pen_task_withstand_probability (after, task->threat);
      }
      break;

    case PEN_TASK_HAVE_EXPERIENCE:
      r->feasible = TRUE;
      for (guint i = 0; i < PEN_N_SYMBOLS; i++)
        {
          guint have = experience ? experience[i] : 0;
          r->missing_symbols[i] = task->symbols[i] > have ? task->symbols[i] - have : 0;
          if (r->missing_symbols[i] > 0)
            r->feasible = FALSE;
        }
      break;

    case PEN_N_TASK_KINDS:
    default:
      g_assert_not_reached ();
    }

  /* The dice do not fit as they lie: what would Crystals do? Only asked when nothing else
   * (ingredients, experience) stands in the way. */
  if (((main_dice && !main_ok) || (r->has_shield && !r->shield_feasible))
      && (main_dice || r->feasible))
    {
      g_autoptr(GArray) ua = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GArray) ub = g_array_new (FALSE, FALSE, sizeof (guint));
      const Sub *a = r->has_shield ? &shield_sub : &main_sub;
      const Sub *b = r->has_shield && main_dice ? &main_sub : NULL;
      guint budget = crystal_budget (task, board);
      gboolean too_big = FALSE;
      guint spent = 0;

      if (solve_dice_full (task, board, a, b, TRUE, ua, ub, r->plan_changes, &spent, &too_big)
          && spent <= budget)
        {
          r->plan_feasible = TRUE;
          r->plan_crystals = spent;
          g_array_append_vals (r->plan_use, ua->data, ua->len);
          g_array_append_vals (r->plan_use, ub->data, ub->len);
          g_array_sort (r->plan_use, compare_uint);
          if (r->has_shield)
            g_array_append_vals (r->plan_shield_use, ua->data, ua->len);
        }
      else
        g_array_set_size (r->plan_changes, 0);
      /* a search too large to run says nothing either way */
      r->has_plan = !too_big;

      if (r->plan_feasible && task->kind == PEN_TASK_ROLL_SUM)
        {
          guint allowed = (1u << PEN_MANIPULATE_REROLL) | (1u << PEN_MANIPULATE_ADJUST)
                          | (1u << PEN_MANIPULATE_FLIP);
          g_autoptr(PenRollPolicy) rest = pen_roll_policy_new (task->count, task->at_least,
                                                               budget - spent, allowed);

          r->plan_p_success = budget == spent ? r->p_success
                                              : pen_roll_policy_get_p_success (rest);
        }
    }

  if (r->has_shield && !r->shield_feasible)
    r->feasible = FALSE;

  if (r->feasible)
    {
      g_array_append_vals (r->use, main_use->data, main_use->len);
      g_array_append_vals (r->use, r->shield_use->data, r->shield_use->len);
      g_array_sort (r->use, compare_uint);
    }
  else
    {
      /* nothing is spent on a task that cannot be done */
      if (task->kind == PEN_TASK_DISCARD_INGREDIENTS)
        {
          memset (r->pay, 0, sizeof r->pay);
          g_array_set_size (r->marks, 0);
          r->blood_from_marks = 0;
        }
      if (task->kind == PEN_TASK_DISCARD_SUM)
        r->sum = 0;
      g_array_set_size (r->shield_use, 0);
      if (r->has_shield && r->shield_kind == PEN_TASK_DISCARD_SUM)
        r->shield_sum = 0;
    }

  return r;
}

void
pen_task_result_free (PenTaskResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->use, g_array_unref);
  g_clear_pointer (&result->marks, g_array_unref);
  g_clear_pointer (&result->shield_use, g_array_unref);
  g_clear_pointer (&result->plan_use, g_array_unref);
  g_clear_pointer (&result->plan_shield_use, g_array_unref);
  g_clear_pointer (&result->plan_changes, g_array_unref);
  g_free (result);
}

/* ---- output -------------------------------------------------------------------------------- */

static void
add_uint_array (JsonBuilder *b,
                const char  *name,
                GArray      *values)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < values->len; i++)
    json_builder_add_int_value (b, g_array_index (values, guint, i));
  json_builder_end_array (b);
}

static void
add_faces (JsonBuilder  *b,
           const char   *name,
           const guint8 *faces,
           guint         n)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    json_builder_add_int_value (b, faces[i]);
  json_builder_end_array (b);
}

static void
add_counts (JsonBuilder *b,
            const char  *name,
            const guint *counts,
            guint        n,
            const char *(*to_string) (int))
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  for (guint i = 0; i < n; i++)
    if (counts[i] > 0)
      {
        json_builder_set_member_name (b, to_string (i));
        json_builder_add_int_value (b, counts[i]);
      }
  json_builder_end_object (b);
}

static const char *
ingredient_id (int i)
{
  return pen_ingredient_to_string (i);
}

static const char *
symbol_id (int i)
{
  return pen_symbol_to_string (i);
}

JsonNode *
pen_task_result_to_json (const PenTaskResult *r)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "feasible");
  json_builder_add_boolean_value (b, r->feasible);
  add_uint_array (b, "use", r->use);

  switch (r->kind)
    {
    case PEN_TASK_DISCARD_INGREDIENTS:
      add_counts (b, "pay", r->pay, PEN_N_INGREDIENTS, ingredient_id);
      json_builder_set_member_name (b, "blood_from_marks");
      json_builder_add_int_value (b, r->blood_from_marks);
      add_uint_array (b, "marks", r->marks);
      add_counts (b, "shortfall", r->missing_ingredients, PEN_N_INGREDIENTS, ingredient_id);
      json_builder_set_member_name (b, "crystals_suppressed");
      json_builder_add_boolean_value (b, r->crystals_suppressed);
      break;

    case PEN_TASK_DISCARD_SUM:
      json_builder_set_member_name (b, "sum");
      json_builder_add_int_value (b, r->sum);
      json_builder_set_member_name (b, "shortfall");
      json_builder_add_int_value (b, r->shortfall);
      break;

    case PEN_TASK_DISCARD_EXACT:
      add_faces (b, "shortfall", r->missing_values, r->n_missing_values);
      break;

    case PEN_TASK_ROLL_SUM:
      json_builder_set_member_name (b, "shortfall");
      json_builder_add_int_value (b, r->shortfall);
      json_builder_set_member_name (b, "p_success");
      json_builder_add_double_value (b, r->p_success);
      json_builder_set_member_name (b, "p_success_with_crystals");
      json_builder_add_double_value (b, r->p_success_with_crystals);
      json_builder_set_member_name (b, "crystals");
      json_builder_add_int_value (b, r->crystals);
      json_builder_set_member_name (b, "manipulations");
      json_builder_begin_array (b);
      for (guint m = 0; m < PEN_N_MANIPULATIONS; m++)
        if (r->manipulations & (1u << m))
          json_builder_add_string_value (b, manipulation_ids[m]);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "expected_crystals");
      json_builder_add_double_value (b, r->expected_crystals);
      if (r->has_advice)
        {
          json_builder_set_member_name (b, "advice");
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "action");
          json_builder_add_string_value (b, roll_action_ids[r->advice_action]);
          json_builder_set_member_name (b, "value");
          if (r->advice_action == PEN_ROLL_STOP)
            json_builder_add_null_value (b);
          else
            json_builder_add_int_value (b, r->advice_value);
          json_builder_set_member_name (b, "p_success");
          json_builder_add_double_value (b, r->advice_p);
          json_builder_end_object (b);
        }
      break;

    case PEN_TASK_WITHSTAND:
      json_builder_set_member_name (b, "p_success");
      json_builder_add_double_value (b, r->p_success);
      break;

    case PEN_TASK_HAVE_EXPERIENCE:
      add_counts (b, "shortfall", r->missing_symbols, PEN_N_SYMBOLS, symbol_id);
      break;

    case PEN_N_TASK_KINDS:
    default:
      g_assert_not_reached ();
    }

  if (r->has_shield)
    {
      json_builder_set_member_name (b, "shield");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, task_kind_ids[r->shield_kind]);
      json_builder_set_member_name (b, "feasible");
      json_builder_add_boolean_value (b, r->shield_feasible);
      add_uint_array (b, "use", r->shield_use);
      if (r->shield_kind == PEN_TASK_DISCARD_SUM)
        {
          json_builder_set_member_name (b, "sum");
          json_builder_add_int_value (b, r->shield_sum);
          json_builder_set_member_name (b, "shortfall");
          json_builder_add_int_value (b, r->shield_shortfall);
        }
      else
        add_faces (b, "shortfall", r->shield_missing_values, r->shield_n_missing_values);
      json_builder_set_member_name (b, "conflict");
      json_builder_add_boolean_value (b, r->conflict);
      json_builder_set_member_name (b, "optimal");
      json_builder_add_boolean_value (b, r->optimal);
      json_builder_end_object (b);
    }

  if (r->has_plan)
    {
      json_builder_set_member_name (b, "with_crystals");
      if (!r->plan_feasible)
        json_builder_add_null_value (b);
      else
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "crystals");
          json_builder_add_int_value (b, r->plan_crystals);
          add_uint_array (b, "use", r->plan_use);
          if (r->has_shield)
            add_uint_array (b, "shield_use", r->plan_shield_use);
          json_builder_set_member_name (b, "changes");
          json_builder_begin_array (b);
          for (guint i = 0; i < r->plan_changes->len; i++)
            {
              const PenTaskChange *c = &g_array_index (r->plan_changes, PenTaskChange, i);

              json_builder_begin_object (b);
              json_builder_set_member_name (b, "index");
              json_builder_add_int_value (b, c->index);
              json_builder_set_member_name (b, "color");
              json_builder_add_string_value (b, pen_color_to_string (c->color));
              json_builder_set_member_name (b, "value");
              json_builder_add_int_value (b, c->value);
              json_builder_set_member_name (b, "crystals");
              json_builder_add_int_value (b, c->crystals);
              json_builder_end_object (b);
            }
          json_builder_end_array (b);
          if (r->kind == PEN_TASK_ROLL_SUM)
            {
              json_builder_set_member_name (b, "p_success_with_crystals");
              json_builder_add_double_value (b, r->plan_p_success);
            }
          json_builder_end_object (b);
        }
    }

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* ---- one line for the app -------------------------------------------------------------------- */

/* "a", "a and b", "a, b and c" */
static char *
join_list (GPtrArray *items)
{
  g_autofree char *text = NULL;

  if (items->len == 0)
    return g_strdup ("");
  text = g_strdup (g_ptr_array_index (items, 0));
  for (guint i = 1; i < items->len; i++)
    {
      char *next;

      if (i + 1 == items->len)
        /* Translators: the last two items of a list */
        next = g_strdup_printf (_("%s and %s"), text, (char *) g_ptr_array_index (items, i));
      else
        /* Translators: two items of a longer list */
        next = g_strdup_printf (_("%s, %s"), text, (char *) g_ptr_array_index (items, i));
      g_free (text);
      text = next;
    }
  return g_steal_pointer (&text);
}

static char *
dice_list (const PenBoard *board,
           GArray         *use,
           gboolean        with_face)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  guint per_color[PEN_N_COLORS] = { 0, };

  for (guint i = 0; i < use->len; i++)
    {
      const PenDieValue *die = &g_array_index (board->supply, PenDieValue,
                                               g_array_index (use, guint, i));
      if (with_face)
        /* Translators: a die to discard, e.g. "the Red 5" */
        g_ptr_array_add (items, g_strdup_printf (C_("task die", "the %s %u"),
                                                 pen_color_get_label (die->color), die->value));
      else
        per_color[die->color]++;
    }
  /* dice to roll: "2 Yellow dice and 1 Spark die" */
  for (guint c = 0; c < PEN_N_COLORS; c++)
    if (per_color[c] > 0)
      g_ptr_array_add (items, pen_color_format_dice (c, per_color[c]));
  return join_list (items);
}

static char *
faces_list (const guint8 *faces,
            guint         n)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, g_strdup_printf ("%u", faces[i]));
  return join_list (items);
}

/* "3 Crystals", "1 Blood" */
static char *
ingredient_amount (guint i,
                   guint n)
{
  return pen_ingredient_format_amount (i, n);
}

/* "2 Monsters symbols" */
static char *
symbol_amount (guint i,
               guint n)
{
  /* Translators: a number of Experience symbols, e.g. "2 Monsters symbols" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u %s symbol", "%u %s symbols", n), n,
                          pen_symbol_get_label (i));
}

static char *
counts_list (const guint *counts,
             guint        n,
             char      *(*amount) (guint, guint))
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    if (counts[i] > 0)
      g_ptr_array_add (items, amount (i, counts[i]));
  return join_list (items);
}

static char *
describe_main (const PenTaskResult *r,
               const PenTask       *task,
               const PenBoard      *board,
               GArray              *main_use)
{
  switch (r->kind)
    {
    case PEN_TASK_DISCARD_INGREDIENTS:
      {
        g_autofree char *pay = counts_list (r->pay, PEN_N_INGREDIENTS, ingredient_amount);

        if (r->crystals_suppressed)
          return g_strdup (_("Not possible: Crystals cannot be used in this Trial."));
        if (!r->feasible)
          {
            g_autofree char *missing = counts_list (r->missing_ingredients, PEN_N_INGREDIENTS,
                                                    ingredient_amount);
            return g_strdup_printf (_("Not possible: %s missing."), missing);
          }
        if (r->blood_from_marks == 0 && *pay == '\0')
          return g_strdup (_("Nothing to discard."));
        if (r->blood_from_marks == 0)
          return g_strdup_printf (_("Discard %s."), pay);
        if (*pay == '\0')
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "Flip %u wounded Mark to pay the Blood.",
                                               "Flip %u wounded Marks to pay the Blood.",
                                               r->blood_from_marks),
                                  r->blood_from_marks);
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Discard %s, and flip %u wounded Mark for Blood.",
                                             "Discard %s, and flip %u wounded Marks for Blood.",
                                             r->blood_from_marks),
                                pay, r->blood_from_marks);
      }

    case PEN_TASK_DISCARD_SUM:
      {
        g_autofree char *dice = dice_list (board, main_use, TRUE);

        if (r->feasible)
          return g_strdup_printf (_("Discard %s (sum %d)."), dice, r->sum);
        if (r->shortfall > 0)
          return g_strdup_printf (_("Not possible: the dice that fit add up to %d, and %d is "
                                    "needed."), MAX (task->at_least, 1) - r->shortfall,
                                  MAX (task->at_least, 1));
        return NULL;
      }

    case PEN_TASK_DISCARD_EXACT:
      {
        g_autofree char *dice = dice_list (board, main_use, TRUE);
        g_autofree char *faces = faces_list (r->missing_values, r->n_missing_values);

        if (r->feasible)
          return g_strdup_printf (_("Discard %s."), dice);
        if (r->n_missing_values > 0)
          return g_strdup_printf (_("Not possible: no die that fits shows %s."), faces);
        return NULL;
      }

    case PEN_TASK_ROLL_SUM:
      {
        g_autofree char *dice = dice_list (board, main_use, FALSE);
        double p = r->p_success * 100.0, pc = r->p_success_with_crystals * 100.0;

        if (!r->feasible && r->shortfall > 0)
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "Not possible: %d more die is needed to roll.",
                                               "Not possible: %d more dice are needed to roll.",
                                               r->shortfall), r->shortfall);
        if (!r->feasible)
          return NULL;
        if (r->crystals == 0)
          return g_strdup_printf (_("Roll %s: %.0f%% chance of %d or more."), dice, p,
                                  task->at_least);
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Roll %s: %.0f%% chance of %d or more as they fall, "
                                             "%.0f%% with up to %u Crystal spent well.",
                                             "Roll %s: %.0f%% chance of %d or more as they fall, "
                                             "%.0f%% with up to %u Crystals spent well.",
                                             r->crystals),
                                dice, p, task->at_least, pc, r->crystals);
      }

    case PEN_TASK_WITHSTAND:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Withstand %u Threat die: %.0f%% chance of no Mortal "
                                           "Wound.",
                                           "Withstand %u Threat dice: %.0f%% chance of no Mortal "
                                           "Wound.", task->threat),
                              task->threat, r->p_success * 100.0);

    case PEN_TASK_HAVE_EXPERIENCE:
      {
        g_autofree char *missing = NULL;

        if (r->feasible)
          return g_strdup (_("You have the Experience symbols the task asks for."));
        missing = counts_list (r->missing_symbols, PEN_N_SYMBOLS, symbol_amount);
        return g_strdup_printf (_("Not possible: %s missing in the Experience zone."), missing);
      }

    case PEN_N_TASK_KINDS:
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

char *
pen_task_result_describe (const PenTaskResult *r,
                          const PenTask       *task,
                          const PenBoard      *board)
{
  g_autoptr(GArray) main_use = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree char *main_text = NULL;
  g_autofree char *shield_text = NULL;

  /* the task's own dice: all used dice but the Shield's */
  for (guint i = 0, j = 0; i < r->use->len; i++)
    {
      guint index = g_array_index (r->use, guint, i);

      while (j < r->shield_use->len && g_array_index (r->shield_use, guint, j) < index)
        j++;
      if (j < r->shield_use->len && g_array_index (r->shield_use, guint, j) == index)
        continue;
      g_array_append_val (main_use, index);
    }

  if (r->has_shield && r->conflict)
    main_text = g_strdup (_("Not possible: the Shield and the task need the same dice."));
  else
    main_text = describe_main (r, task, board, main_use);

  if (r->has_shield && !r->conflict)
    {
      if (r->shield_feasible && r->feasible)
        {
          g_autofree char *dice = dice_list (board, r->shield_use, TRUE);
          shield_text = g_strdup_printf (_("First, for the Shield, discard %s."), dice);
        }
      else if (!r->shield_feasible)
        {
          if (r->shield_kind == PEN_TASK_DISCARD_SUM)
            shield_text = g_strdup_printf (_("Not possible: the dice that fit the Shield add up "
                                             "to %d, and it asks for %d."),
                                           MAX (task->shield->at_least, 1) - r->shield_shortfall,
                                           MAX (task->shield->at_least, 1));
          else
            {
              g_autofree char *faces = faces_list (r->shield_missing_values,
                                                   r->shield_n_missing_values);
              shield_text = g_strdup_printf (_("Not possible: no die that fits the Shield "
                                               "shows %s."), faces);
            }
          g_free (main_text);
          main_text = g_steal_pointer (&shield_text);
        }
    }

  if (main_text == NULL)
    main_text = g_strdup (_("Not possible with the dice there are."));
  if (r->plan_feasible)
    {
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *list = NULL;
      g_autofree char *plan = NULL;
      char *with_plan;

      for (guint i = 0; i < r->plan_changes->len; i++)
        {
          const PenTaskChange *c = &g_array_index (r->plan_changes, PenTaskChange, i);
          /* Translators: a die changed with Crystals, e.g. "the Bone 3 into a Red 5" */
          g_ptr_array_add (items, g_strdup_printf (C_("task change", "the %s %u into a %s %u"),
                                                   pen_color_get_label (c->from_color),
                                                   c->from_value, pen_color_get_label (c->color),
                                                   c->value));
        }
      list = join_list (items);
      plan = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "With %u Crystal it can be done: turn %s.",
                                           "With %u Crystals it can be done: turn %s.",
                                           r->plan_crystals),
                              r->plan_crystals, list);
      with_plan = g_strconcat (main_text, " ", plan, NULL);
      g_free (main_text);
      main_text = with_plan;
    }
  if (shield_text != NULL)
    return g_strconcat (shield_text, " ", main_text, NULL);
  return g_steal_pointer (&main_text);
}
