/* pen-card.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pen-card.h"
#include "pen-json.h"
#include "pen-tasks.h"

struct _PenCard
{
  GObject      parent_instance;

  char        *id;
  PenCardType  type;
  char        *name_en;
  char        *name_ru;
  int          difficulty;
  int          players;
  int          vp;
  int          threat;
  int          light;
  int          dark;
  GStrv        symbols;
  int          discipline;
  char        *equipment;
  JsonNode    *cost;
  int          arcana_cost;    /* the Arcana printed in a Discipline card's cost, -1: unknown */
  JsonNode    *task;           /* as penumbra-cli task reads it, or NULL */
  JsonNode    *reward;         /* a reward set (a Trial: one per path), or NULL */
  int          turn_order;
  int          start_mark;
  char        *start_card;     /* a Talent's starting Discipline card (an id), or NULL */
  gboolean     has_start_ingredients;
  guint        start_ingredients[PEN_N_INGREDIENTS];  /* a Talent's, as the table read them */
  char        *text_en;
  char        *text_ru;
  char        *sources;
  GStrv        derived;
  GStrv        user_fields;
  gboolean     user_added;
  gboolean     urgent;
  JsonObject  *known;          /* field -> TRUE for every non-null field */

  /* A card of the box the catalogue cannot name ("contract#12"): number > 0 */
  guint        placeholder;
  guint        box;
  char        *display_format; /* the name before the language changed (kept alive) */
  char        *display_name;
};

G_DEFINE_FINAL_TYPE (PenCard, pen_card, G_TYPE_OBJECT)

static const char *placeholder_name (PenCard *card);

enum
{
  PROP_0,
  PROP_ID,
  PROP_CARD_TYPE,
  PROP_NAME_EN,
  PROP_NAME_RU,
  PROP_DIFFICULTY,
  PROP_PLAYERS,
  PROP_VP,
  PROP_THREAT,
  PROP_LIGHT,
  PROP_DARK,
  PROP_ARCANA_COST,
  PROP_USER_ADDED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const type_ids[] = {
  "trial", "contract", "event", "prophecy", "goal", "talent", "spell", "potion", "pet",
  "artifact", "tome", "mortal-wound", "discipline",
};
G_STATIC_ASSERT (G_N_ELEMENTS (type_ids) == PEN_N_CARD_TYPES);

/* Every key of a catalogue entry, in the order the catalogue prints them. */
static const char * const card_keys[] = {
  "id", "type", "name", "difficulty", "players", "vp", "threat", "symbols", "light", "dark",
  "discipline", "equipment", "cost", "arcana_cost", "turn_order", "start_mark", "start_card",
  "start_ingredients", "text_en", "text_ru", "derived", "sources", "urgent", "task", "reward", NULL
};

/* The facts a user may type in; id, type and name are what identifies a card. */
static const char * const user_fields[] = {
  "difficulty", "players", "vp", "threat", "symbols", "light", "dark", "discipline",
  "equipment", "cost", "arcana_cost", "turn_order", "start_mark", "start_ingredients",
  "text_en", "text_ru",
  "task", "reward", NULL
};

static const char * const equipment_ids[] = { "conductor", "pendant", "mantle", "ring", NULL };

GType
pen_card_type_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    { PEN_CARD_TRIAL, "PEN_CARD_TRIAL", "trial" },
    { PEN_CARD_CONTRACT, "PEN_CARD_CONTRACT", "contract" },
    { PEN_CARD_EVENT, "PEN_CARD_EVENT", "event" },
    { PEN_CARD_PROPHECY, "PEN_CARD_PROPHECY", "prophecy" },
    { PEN_CARD_GOAL, "PEN_CARD_GOAL", "goal" },
    { PEN_CARD_TALENT, "PEN_CARD_TALENT", "talent" },
    { PEN_CARD_SPELL, "PEN_CARD_SPELL", "spell" },
    { PEN_CARD_POTION, "PEN_CARD_POTION", "potion" },
    { PEN_CARD_PET, "PEN_CARD_PET", "pet" },
    { PEN_CARD_ARTIFACT, "PEN_CARD_ARTIFACT", "artifact" },
    { PEN_CARD_TOME, "PEN_CARD_TOME", "tome" },
    { PEN_CARD_MORTAL_WOUND, "PEN_CARD_MORTAL_WOUND", "mortal-wound" },
    { PEN_CARD_DISCIPLINE, "PEN_CARD_DISCIPLINE", "discipline" },
    { 0, NULL, NULL }
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, g_enum_register_static ("PenCardType", values));
  return type;
}

const char *
pen_card_type_to_string (PenCardType type)
{
  g_return_val_if_fail (type < PEN_N_CARD_TYPES, NULL);
  return type_ids[type];
}

int
pen_card_type_from_string (const char *str)
{
  if (str == NULL)
    return -1;
  for (guint i = 0; i < PEN_N_CARD_TYPES; i++)
    if (g_str_equal (str, type_ids[i]))
      return (int) i;
  return -1;
}

const char *
pen_card_type_get_label (PenCardType type)
{
  switch (type)
    {
    case PEN_CARD_TRIAL: return _("Trial");
    case PEN_CARD_CONTRACT: return _("Contract");
    case PEN_CARD_EVENT: return _("Event");
    case PEN_CARD_PROPHECY: return _("Prophecy");
    case PEN_CARD_GOAL: return _("Goal");
    case PEN_CARD_TALENT: return _("Talent");
    case PEN_CARD_SPELL: return _("Spell");
    case PEN_CARD_POTION: return _("Potion");
    case PEN_CARD_PET: return _("Pet");
    case PEN_CARD_ARTIFACT: return _("Artifact");
    case PEN_CARD_TOME: return _("Tome");
    case PEN_CARD_MORTAL_WOUND: return _("Mortal Wound");
    case PEN_CARD_DISCIPLINE: return _("Discipline Card");
    case PEN_N_CARD_TYPES:
    default:
      g_return_val_if_reached (NULL);
    }
}

const char * const *
pen_card_get_user_fields (void)
{
  return user_fields;
}

static void
pen_card_finalize (GObject *object)
{
  PenCard *self = PEN_CARD (object);

  g_free (self->id);
  g_free (self->name_en);
  g_free (self->name_ru);
  g_strfreev (self->symbols);
  g_free (self->equipment);
  g_free (self->start_card);
  g_clear_pointer (&self->cost, json_node_unref);
  g_clear_pointer (&self->task, json_node_unref);
  g_clear_pointer (&self->reward, json_node_unref);
  g_free (self->text_en);
  g_free (self->text_ru);
  g_free (self->sources);
  g_strfreev (self->derived);
  g_strfreev (self->user_fields);
  g_clear_pointer (&self->known, json_object_unref);
  g_free (self->display_format);
  g_free (self->display_name);

  G_OBJECT_CLASS (pen_card_parent_class)->finalize (object);
}

static void
pen_card_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  PenCard *self = PEN_CARD (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_CARD_TYPE:
      g_value_set_enum (value, self->type);
      break;
    case PROP_NAME_EN:
      g_value_set_string (value, self->name_en);
      break;
    case PROP_NAME_RU:
      g_value_set_string (value, pen_card_get_name (self, "ru"));
      break;
    case PROP_DIFFICULTY:
      g_value_set_int (value, self->difficulty);
      break;
    case PROP_PLAYERS:
      g_value_set_int (value, self->players);
      break;
    case PROP_VP:
      g_value_set_int (value, self->vp);
      break;
    case PROP_THREAT:
      g_value_set_int (value, self->threat);
      break;
    case PROP_LIGHT:
      g_value_set_int (value, self->light);
      break;
    case PROP_DARK:
      g_value_set_int (value, self->dark);
      break;
    case PROP_ARCANA_COST:
      g_value_set_int (value, pen_card_get_arcana_cost (self));
      break;
    case PROP_USER_ADDED:
      g_value_set_boolean (value, self->user_added);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_card_class_init (PenCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = pen_card_finalize;
  object_class->get_property = pen_card_get_property;

  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  properties[PROP_CARD_TYPE] = g_param_spec_enum ("card-type", NULL, NULL, PEN_TYPE_CARD_TYPE,
                                                  PEN_CARD_TRIAL, flags);
  properties[PROP_NAME_EN] = g_param_spec_string ("name-en", NULL, NULL, NULL, flags);
  properties[PROP_NAME_RU] = g_param_spec_string ("name-ru", NULL, NULL, NULL, flags);
  properties[PROP_DIFFICULTY] = g_param_spec_int ("difficulty", NULL, NULL, -1, 4, -1, flags);
  properties[PROP_PLAYERS] = g_param_spec_int ("players", NULL, NULL, 0, 4, 0, flags);
  properties[PROP_VP] = g_param_spec_int ("vp", NULL, NULL, G_MININT, G_MAXINT, -1, flags);
  properties[PROP_THREAT] = g_param_spec_int ("threat", NULL, NULL, -1, G_MAXINT, -1, flags);
  properties[PROP_LIGHT] = g_param_spec_int ("light", NULL, NULL, -1, G_MAXINT, -1, flags);
  properties[PROP_DARK] = g_param_spec_int ("dark", NULL, NULL, -1, G_MAXINT, -1, flags);
  /* the Arcana in a Discipline card's cost, paid when the card is used, not when it is
   * gained (Wizard cards › Cost): from the cost when the catalogue has it, else as the table
   * read it; -1 unknown */
  properties[PROP_ARCANA_COST] = g_param_spec_int ("arcana-cost", NULL, NULL, -1, G_MAXINT, -1,
                                                   flags);
  properties[PROP_USER_ADDED] = g_param_spec_boolean ("user-added", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_card_init (PenCard *self)
{
  self->difficulty = self->vp = self->threat = self->light = self->dark = -1;
  self->arcana_cost = -1;
  self->discipline = self->turn_order = self->start_mark = -1;
  self->known = json_object_new ();
}

/* Readers that accept a missing member or null as "unknown". */

static gboolean
is_null_member (JsonObject *obj,
                const char *key)
{
  JsonNode *node = json_object_get_member (obj, key);

  return node == NULL || JSON_NODE_HOLDS_NULL (node);
}

static gboolean
read_int (JsonObject  *obj,
          const char  *path,
          const char  *key,
          gint64       min,
          gint64       max,
          int         *out,
          GError     **error)
{
  gint64 v;

  if (is_null_member (obj, key))
    return TRUE;
  if (!pen_json_get_int (obj, path, key, TRUE, min, max, &v, error))
    return FALSE;
  *out = (int) v;
  return TRUE;
}

static gboolean
read_string (JsonObject  *obj,
             const char  *path,
             const char  *key,
             char       **out,
             GError     **error)
{
  const char *s = NULL;

  if (is_null_member (obj, key))
    return TRUE;
  if (!pen_json_get_string (obj, path, key, TRUE, &s, error))
    return FALSE;
  if (*s == '\0')
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.%s: must not be empty", path, key);
      return FALSE;
    }
  *out = g_strdup (s);
  return TRUE;
}

static gboolean
read_discipline (JsonObject  *obj,
                 const char  *path,
                 const char  *key,
                 int         *out,
                 GError     **error)
{
  int kind = -1;

  if (is_null_member (obj, key))
    return TRUE;
  if (!pen_json_get_enum (obj, path, key, TRUE, pen_mark_kind_from_string, "discipline",
                          &kind, error))
    return FALSE;
  if (kind == PEN_MARK_SPARK)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "%s.%s: \"spark\" is not a discipline", path, key);
      return FALSE;
    }
  *out = kind;
  return TRUE;
}

gboolean
pen_card_id_is_well_formed (const char *id)
{
  gboolean after_dash = TRUE;

  if (id == NULL || *id == '\0')
    return FALSE;
  for (const char *p = id; *p; p++)
    {
      if (*p == '-')
        {
          if (after_dash)
            return FALSE;
          after_dash = TRUE;
        }
      else if (g_ascii_islower (*p) || g_ascii_isdigit (*p))
        after_dash = FALSE;
      else
        return FALSE;
    }
  return !after_dash;
}

/* A catalogue card's id: well formed and at most 64 bytes */
static gboolean
valid_id (const char *id)
{
  return pen_card_id_is_well_formed (id) && strlen (id) <= 64;
}

static gboolean
read_symbols (JsonObject  *obj,
              const char  *path,
              GStrv       *out,
              GError     **error)
{
  g_autofree char *spath = pen_json_path_key (path, "symbols");
  g_autoptr(GStrvBuilder) builder = NULL;
  JsonArray *array;

  if (is_null_member (obj, "symbols"))
    return TRUE;
  array = pen_json_expect_array (json_object_get_member (obj, "symbols"), spath, error);
  if (array == NULL)
    return FALSE;
  if (json_array_get_length (array) > 12)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: at most 12 symbols", spath);
      return FALSE;
    }
  builder = g_strv_builder_new ();
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ipath = pen_json_path_index (spath, i);
      int symbol;

      if (!pen_json_node_enum (json_array_get_element (array, i), ipath, pen_symbol_from_string,
                               "experience symbol", &symbol, error))
        return FALSE;
      g_strv_builder_add (builder, pen_symbol_to_string (symbol));
    }
  *out = g_strv_builder_end (builder);
  return TRUE;
}

/* cost: [{"dice": [{"color": "green", "value": 6}], "ingredients": {"fruit": 2}}, …] */
/* A Talent's starting Ingredients: {"fruit": 2, …}, null while unknown */
static gboolean
read_start_ingredients (JsonObject  *obj,
                        const char  *path,
                        PenCard     *self,
                        GError     **error)
{
  g_autofree char *p = pen_json_path_key (path, "start_ingredients");

  if (is_null_member (obj, "start_ingredients"))
    return TRUE;
  if (self->type != PEN_CARD_TALENT)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: only a Talent has starting "
                   "Ingredients", p);
      return FALSE;
    }
  if (!pen_ingredients_read (json_object_get_member (obj, "start_ingredients"), p,
                             self->start_ingredients, error))
    return FALSE;
  self->has_start_ingredients = TRUE;
  return TRUE;
}

static gboolean
read_cost (JsonObject  *obj,
           const char  *path,
           JsonNode   **out,
           GError     **error)
{
  static const char * const option_keys[] = { "dice", "ingredients", NULL };
  static const char * const die_keys[] = { "color", "value", NULL };
  g_autofree char *cpath = pen_json_path_key (path, "cost");
  JsonNode *node;
  JsonArray *options;

  if (is_null_member (obj, "cost"))
    return TRUE;
  node = json_object_get_member (obj, "cost");
  options = pen_json_expect_array (node, cpath, error);
  if (options == NULL)
    return FALSE;
  if (json_array_get_length (options) == 0 || json_array_get_length (options) > 4)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: 1 to 4 cost options", cpath);
      return FALSE;
    }
  for (guint i = 0; i < json_array_get_length (options); i++)
    {
      g_autofree char *opath = pen_json_path_index (cpath, i);
      JsonObject *option = pen_json_expect_object (json_array_get_element (options, i), opath,
                                                   error);

      if (option == NULL || !pen_json_check_keys (option, opath, option_keys, error))
        return FALSE;
      if (json_object_has_member (option, "dice"))
        {
          g_autofree char *dpath = pen_json_path_key (opath, "dice");
          JsonArray *dice = pen_json_expect_array (json_object_get_member (option, "dice"),
                                                   dpath, error);

          if (dice == NULL)
            return FALSE;
          for (guint j = 0; j < json_array_get_length (dice); j++)
            {
              g_autofree char *jpath = pen_json_path_index (dpath, j);
              JsonObject *die = pen_json_expect_object (json_array_get_element (dice, j), jpath,
                                                        error);
              int color, value = -1;

              if (die == NULL || !pen_json_check_keys (die, jpath, die_keys, error)
                  || !pen_json_get_enum (die, jpath, "color", TRUE, pen_color_from_string,
                                         "die colour", &color, error)
                  || !read_int (die, jpath, "value", 1, 6, &value, error))
                return FALSE;
            }
        }
      if (json_object_has_member (option, "ingredients"))
        {
          g_autofree char *ipath = pen_json_path_key (opath, "ingredients");
          JsonObject *ings = pen_json_expect_object (json_object_get_member (option,
                                                                             "ingredients"),
                                                     ipath, error);
          JsonObjectIter iter;
          const char *name;
          JsonNode *member;

          if (ings == NULL)
            return FALSE;
          json_object_iter_init (&iter, ings);
          while (json_object_iter_next (&iter, &name, &member))
            {
              gint64 n;

              if (pen_ingredient_from_string (name) < 0)
                {
                  g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                               "%s.%s: not an ingredient", ipath, name);
                  return FALSE;
                }
              if (!pen_json_get_int (ings, ipath, name, TRUE, 1, PEN_INGREDIENT_CAP, &n, error))
                return FALSE;
            }
        }
    }
  *out = json_node_copy (node);
  return TRUE;
}

static gboolean
read_field_list (JsonObject  *obj,
                 const char  *path,
                 const char  *key,
                 GStrv       *out,
                 GError     **error)
{
  g_autofree char *lpath = pen_json_path_key (path, key);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *array;

  if (is_null_member (obj, key))
    return TRUE;
  array = pen_json_expect_array (json_object_get_member (obj, key), lpath, error);
  if (array == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *el = json_array_get_element (array, i);
      const char *s = JSON_NODE_HOLDS_VALUE (el)
                      && json_node_get_value_type (el) == G_TYPE_STRING
                      ? json_node_get_string (el) : NULL;

      if (s == NULL || !(g_strv_contains (user_fields, s) || g_str_equal (s, "type")))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s[%u]: not a card field", lpath,
                       i);
          return FALSE;
        }
      g_strv_builder_add (builder, s);
    }
  *out = g_strv_builder_end (builder);
  return TRUE;
}

/* The task printed on a Contract, validated as `penumbra-cli task` reads one; a Trial prints
 * one per path: {"light": TASK, "dark": TASK} (either may be missing while not read yet) */
static gboolean
read_task (JsonObject  *obj,
           const char  *path,
           PenCardType  type,
           JsonNode   **out,
           GError     **error)
{
  g_autofree char *tpath = pen_json_path_key (path, "task");
  g_autoptr(PenTask) task = NULL;
  JsonNode *node;

  if (is_null_member (obj, "task"))
    return TRUE;
  node = json_object_get_member (obj, "task");
  if (type == PEN_CARD_TRIAL)
    {
      static const char * const paths[] = { "light", "dark", NULL };
      JsonObject *both;

      if (!(both = pen_json_expect_object (node, tpath, error))
          || !pen_json_check_keys (both, tpath, paths, error))
        return FALSE;
      for (guint i = 0; paths[i] != NULL; i++)
        {
          g_autofree char *p = pen_json_path_key (tpath, paths[i]);
          g_autoptr(PenTask) one = NULL;

          if (json_object_has_member (both, paths[i])
              && !(one = pen_task_from_json (json_object_get_member (both, paths[i]), p, error)))
            return FALSE;
        }
    }
  else if (!(task = pen_task_from_json (node, tpath, error)))
    return FALSE;
  *out = json_node_copy (node);
  return TRUE;
}

/* One set of rewards: {"dice": ["red", …], "ingredients": {"arcana": 2}, "cards":
 * ["discipline" | "potion" | "artifact", …], "light": N, "dark": N, "retaliation": X} */
static gboolean
check_reward_set (JsonNode    *node,
                  const char  *path,
                  GError     **error)
{
  static const char * const keys[] = {
    "dice", "ingredients", "cards", "light", "dark", "retaliation", NULL
  };
  static const char * const card_kinds[] = { "discipline", "potion", "artifact", NULL };
  JsonObject *obj;
  gint64 n;

  if (!(obj = pen_json_expect_object (node, path, error))
      || !pen_json_check_keys (obj, path, keys, error)
      || !pen_json_get_int (obj, path, "light", FALSE, 0, 9, &n, error)
      || !pen_json_get_int (obj, path, "dark", FALSE, 0, 9, &n, error)
      || !pen_json_get_int (obj, path, "retaliation", FALSE, 0, 30, &n, error))
    return FALSE;
  for (guint k = 0; k < 2; k++)
    {
      const char *key = k == 0 ? "dice" : "cards";
      g_autofree char *p = pen_json_path_key (path, key);
      JsonArray *arr;

      if (!json_object_has_member (obj, key))
        continue;
      if (!(arr = pen_json_expect_array (json_object_get_member (obj, key), p, error)))
        return FALSE;
      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          g_autofree char *ep = pen_json_path_index (p, i);
          JsonNode *e = json_array_get_element (arr, i);
          const char *s = JSON_NODE_HOLDS_VALUE (e)
                          && json_node_get_value_type (e) == G_TYPE_STRING
                          ? json_node_get_string (e) : NULL;

          if (s == NULL || (k == 0 ? pen_color_from_string (s) < 0
                                   : !g_strv_contains (card_kinds, s)))
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, k == 0 ? "%s: not a die colour"
                           : "%s: not discipline, potion or artifact", ep);
              return FALSE;
            }
        }
    }
  if (json_object_has_member (obj, "ingredients"))
    {
      g_autofree char *p = pen_json_path_key (path, "ingredients");
      JsonObject *ing;
      JsonObjectIter iter;
      const char *key;
      JsonNode *member;

      if (!(ing = pen_json_expect_object (json_object_get_member (obj, "ingredients"), p,
                                          error)))
        return FALSE;
      json_object_iter_init (&iter, ing);
      while (json_object_iter_next (&iter, &key, &member))
        {
          g_autofree char *ep = pen_json_path_key (p, key);

          if (pen_ingredient_from_string (key) < 0)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: not an ingredient", ep);
              return FALSE;
            }
          if (!pen_json_node_int (member, ep, 0, 12, &n, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* A Contract has one set of rewards; a Trial two, one per path: {"light": SET, "dark": SET} */
static gboolean
read_reward (JsonObject  *obj,
             const char  *path,
             PenCardType  type,
             JsonNode   **out,
             GError     **error)
{
  g_autofree char *rpath = pen_json_path_key (path, "reward");
  JsonNode *node;

  if (is_null_member (obj, "reward"))
    return TRUE;
  node = json_object_get_member (obj, "reward");
  if (type == PEN_CARD_TRIAL)
    {
      static const char * const paths[] = { "light", "dark", NULL };
      JsonObject *both;

      if (!(both = pen_json_expect_object (node, rpath, error))
          || !pen_json_check_keys (both, rpath, paths, error))
        return FALSE;
      for (guint i = 0; paths[i] != NULL; i++)
        {
          g_autofree char *p = pen_json_path_key (rpath, paths[i]);

          if (json_object_has_member (both, paths[i])
              && !check_reward_set (json_object_get_member (both, paths[i]), p, error))
            return FALSE;
        }
    }
  else if (!check_reward_set (node, rpath, error))
    return FALSE;
  *out = json_node_copy (node);
  return TRUE;
}

PenCard *
pen_card_new_from_json (JsonObject  *obj,
                        const char  *path,
                        GError     **error)
{
  static const char * const name_keys[] = { "en", "ru", NULL };
  g_autoptr(PenCard) self = NULL;
  g_autofree char *npath = NULL;
  const char *id = NULL;
  int type;
  JsonObject *name;

  g_return_val_if_fail (obj != NULL, NULL);

  if (!pen_json_check_keys (obj, path, card_keys, error))
    return NULL;

  self = g_object_new (PEN_TYPE_CARD, NULL);

  if (!pen_json_get_string (obj, path, "id", TRUE, &id, error))
    return NULL;
  if (!valid_id (id))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "%s.id: \"%s\" is not a card id (lower-case words joined by \"-\")", path, id);
      return NULL;
    }
  self->id = g_strdup (id);

  if (!pen_json_get_enum (obj, path, "type", TRUE, pen_card_type_from_string, "card type",
                          &type, error))
    return NULL;
  self->type = type;

  npath = pen_json_path_key (path, "name");
  if (!json_object_has_member (obj, "name"))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: missing", npath);
      return NULL;
    }
  name = pen_json_expect_object (json_object_get_member (obj, "name"), npath, error);
  if (name == NULL
      || !pen_json_check_keys (name, npath, name_keys, error))
    return NULL;
  if (is_null_member (name, "en"))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.en: missing", npath);
      return NULL;
    }
  if (!read_string (name, npath, "en", &self->name_en, error)
      || !read_string (name, npath, "ru", &self->name_ru, error))
    return NULL;

  if (!read_int (obj, path, "difficulty", 1, 4, &self->difficulty, error)
      || !read_int (obj, path, "players", 3, 4, &self->players, error)
      || !read_int (obj, path, "vp", -20, 50, &self->vp, error)
      || !read_int (obj, path, "threat", 0, 30, &self->threat, error)
      || !read_int (obj, path, "light", 0, 9, &self->light, error)
      || !read_int (obj, path, "dark", 0, 9, &self->dark, error)
      || !read_symbols (obj, path, &self->symbols, error)
      || !read_discipline (obj, path, "discipline", &self->discipline, error)
      || !read_string (obj, path, "equipment", &self->equipment, error)
      || !read_cost (obj, path, &self->cost, error)
      || !read_int (obj, path, "arcana_cost", 0, PEN_INGREDIENT_CAP, &self->arcana_cost, error)
      || !read_task (obj, path, self->type, &self->task, error)
      || !read_reward (obj, path, self->type, &self->reward, error)
      || !read_int (obj, path, "turn_order", 0, 99, &self->turn_order, error)
      || !read_discipline (obj, path, "start_mark", &self->start_mark, error)
      || !read_string (obj, path, "start_card", &self->start_card, error)
      || !read_start_ingredients (obj, path, self, error)
      || !read_string (obj, path, "text_en", &self->text_en, error)
      || !read_string (obj, path, "text_ru", &self->text_ru, error)
      || !read_field_list (obj, path, "derived", &self->derived, error)
      || !read_string (obj, path, "sources", &self->sources, error))
    return NULL;

  if (json_object_has_member (obj, "urgent") && !is_null_member (obj, "urgent")
      && !pen_json_get_bool (obj, path, "urgent", TRUE, &self->urgent, error))
    return NULL;
  /* Urgent contracts (Russian rules chapter): contracts only, all of difficulty 2 */
  if (self->urgent && self->type != PEN_CARD_CONTRACT)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.urgent: only a contract can be "
                   "Urgent", path);
      return NULL;
    }
  if (self->urgent && self->difficulty >= 0 && self->difficulty != 2)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.urgent: every Urgent contract has "
                   "difficulty 2", path);
      return NULL;
    }

  if (self->players < 0)
    self->players = 0;
  if (self->equipment != NULL && !g_strv_contains (equipment_ids, self->equipment))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "%s.equipment: \"%s\" is not an equipment cell (conductor, pendant, mantle, "
                   "ring)", path, self->equipment);
      return NULL;
    }

  for (guint i = 0; user_fields[i] != NULL; i++)
    if (!is_null_member (obj, user_fields[i]))
      json_object_set_boolean_member (self->known, user_fields[i], TRUE);

  return g_steal_pointer (&self);
}

static void
set_int_or_null (JsonObject *obj,
                 const char *key,
                 int         value,
                 int         unknown)
{
  if (value == unknown)
    json_object_set_null_member (obj, key);
  else
    json_object_set_int_member (obj, key, value);
}

static void
set_string_or_null (JsonObject *obj,
                    const char *key,
                    const char *value)
{
  if (value == NULL)
    json_object_set_null_member (obj, key);
  else
    json_object_set_string_member (obj, key, value);
}

static JsonArray *
strv_to_array (const char * const *strv)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    json_array_add_string_element (array, strv[i]);
  return array;
}

JsonNode *
pen_card_to_json (PenCard *card)
{
  JsonObject *obj = json_object_new ();
  JsonObject *name = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  g_return_val_if_fail (PEN_IS_CARD (card), NULL);

  json_object_set_string_member (obj, "id", card->id);
  json_object_set_string_member (obj, "type", type_ids[card->type]);
  json_object_set_string_member (name, "en", card->placeholder > 0 ? placeholder_name (card)
                                                                  : card->name_en);
  set_string_or_null (name, "ru", card->name_ru);
  json_object_set_object_member (obj, "name", name);
  set_int_or_null (obj, "difficulty", card->difficulty, -1);
  set_int_or_null (obj, "players", card->players, 0);
  if (pen_card_is_known (card, "vp"))
    json_object_set_int_member (obj, "vp", card->vp);
  else
    json_object_set_null_member (obj, "vp");
  set_int_or_null (obj, "threat", card->threat, -1);
  if (card->symbols != NULL)
    json_object_set_array_member (obj, "symbols",
                                  strv_to_array ((const char * const *) card->symbols));
  else
    json_object_set_null_member (obj, "symbols");
  set_int_or_null (obj, "light", card->light, -1);
  set_int_or_null (obj, "dark", card->dark, -1);
  set_string_or_null (obj, "discipline",
                      card->discipline >= 0 ? pen_mark_kind_to_string (card->discipline) : NULL);
  set_string_or_null (obj, "equipment", card->equipment);
  if (card->cost != NULL)
    json_object_set_member (obj, "cost", json_node_copy (card->cost));
  else
    json_object_set_null_member (obj, "cost");
  /* the table's answer only: most cards never have it */
  if (card->arcana_cost >= 0)
    json_object_set_int_member (obj, "arcana_cost", card->arcana_cost);
  if (card->type == PEN_CARD_TALENT || card->turn_order >= 0 || card->start_mark >= 0)
    {
      set_int_or_null (obj, "turn_order", card->turn_order, -1);
      set_string_or_null (obj, "start_mark",
                          card->start_mark >= 0 ? pen_mark_kind_to_string (card->start_mark)
                                                : NULL);
    }
  if (card->start_card != NULL)
    json_object_set_string_member (obj, "start_card", card->start_card);
  /* the book prints no Talent's Ingredients: only ever the table's answer */
  if (card->has_start_ingredients)
    json_object_set_member (obj, "start_ingredients",
                            pen_ingredients_to_json (card->start_ingredients));
  set_string_or_null (obj, "text_en", card->text_en);
  set_string_or_null (obj, "text_ru", card->text_ru);
  /* what a Contract or Trial asks and gives, once the table has read it off the card */
  if (card->task != NULL)
    json_object_set_member (obj, "task", json_node_copy (card->task));
  if (card->reward != NULL)
    json_object_set_member (obj, "reward", json_node_copy (card->reward));
  {
    /* a derived value the user has corrected is the user's now */
    JsonArray *derived = json_array_new ();

    for (guint i = 0; card->derived != NULL && card->derived[i] != NULL; i++)
      if (!pen_card_is_user_value (card, card->derived[i]))
        json_array_add_string_element (derived, card->derived[i]);
    json_object_set_array_member (obj, "derived", derived);
  }
  set_string_or_null (obj, "sources", card->sources);
  /* only when set, so that the rulebook's entries print as before */
  if (card->urgent)
    json_object_set_boolean_member (obj, "urgent", TRUE);

  json_node_take_object (node, obj);
  return node;
}

const char *
pen_card_get_id (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), NULL);
  return card->id;
}

PenCardType
pen_card_get_card_type (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), PEN_CARD_TRIAL);
  return card->type;
}

const char *
pen_card_get_name (PenCard    *card,
                   const char *lang)
{
  g_return_val_if_fail (PEN_IS_CARD (card), NULL);
  if (card->placeholder > 0)
    return placeholder_name (card);
  if (g_strcmp0 (lang, "ru") == 0 && card->name_ru != NULL)
    return card->name_ru;
  return card->name_en;
}

/* ---- cards of the box the catalogue cannot name ---- */

#define PLACEHOLDER_MARK '#'

char *
pen_card_placeholder_id (PenCardType type,
                         guint       number)
{
  g_return_val_if_fail (type < PEN_N_CARD_TYPES, NULL);
  g_return_val_if_fail (number > 0, NULL);
  return g_strdup_printf ("%s%c%u", type_ids[type], PLACEHOLDER_MARK, number);
}

gboolean
pen_card_parse_placeholder (const char  *id,
                            PenCardType *type,
                            guint       *number)
{
  const char *mark;
  g_autofree char *kind = NULL;
  guint64 n;
  char *end;
  int t;

  if (id == NULL || (mark = strchr (id, PLACEHOLDER_MARK)) == NULL)
    return FALSE;
  kind = g_strndup (id, mark - id);
  if ((t = pen_card_type_from_string (kind)) < 0)
    return FALSE;
  if (!g_ascii_isdigit (mark[1]) || mark[1] == '0')
    return FALSE;
  n = g_ascii_strtoull (mark + 1, &end, 10);
  if (*end != '\0' || n > 999)
    return FALSE;
  if (type)
    *type = t;
  if (number)
    *number = (guint) n;
  return TRUE;
}

gboolean
pen_card_id_is_placeholder (const char *id)
{
  return pen_card_parse_placeholder (id, NULL, NULL);
}

PenCard *
pen_card_new_placeholder (PenCardType type,
                          guint       number,
                          guint       box)
{
  PenCard *self;

  g_return_val_if_fail (type < PEN_N_CARD_TYPES, NULL);
  g_return_val_if_fail (number > 0 && box > 0, NULL);

  self = g_object_new (PEN_TYPE_CARD, NULL);
  self->id = pen_card_placeholder_id (type, number);
  self->type = type;
  self->players = 0;
  self->placeholder = number;
  self->box = box;
  self->sources = g_strdup ("Components (a card of the box the catalogue does not name)");
  return self;
}

gboolean
pen_card_is_placeholder (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), FALSE);
  return card->placeholder > 0;
}

guint
pen_card_get_placeholder_number (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), 0);
  return card->placeholder;
}

/* The display name of a placeholder, in the interface language at the time it is shown
 * (the log and the snapshot hold only the id). */
static char *
build_placeholder_name (PenCardType type,
                        guint       n,
                        guint       box)
{
  /* a number past the box's count: an unnamed card renumbered after the table named its old
   * number (pen-box.c). The id keeps that number (logs replay by it), but the box prints no
   * such number: it is shown with none, and no number the table named is shown again */
  if (n > box)
    /* Translators: an unnamed card that took the place of one the table named (it has no
     * number of the box to show), in the shape of "Contract 12 of 36": "Contract ? of 36" */
    return g_strdup_printf (C_("renumbered card", "%s ? of %u"),
                            pen_card_type_get_label (type), box);
  switch (type)
    {
    /* Translators: a card the app cannot name: "Trial 17 of 24" (its number in the box) */
    case PEN_CARD_TRIAL: return g_strdup_printf (_("Trial %u of %u"), n, box);
    case PEN_CARD_CONTRACT: return g_strdup_printf (_("Contract %u of %u"), n, box);
    case PEN_CARD_EVENT: return g_strdup_printf (_("Event %u of %u"), n, box);
    case PEN_CARD_PROPHECY: return g_strdup_printf (_("Prophecy %u of %u"), n, box);
    case PEN_CARD_GOAL: return g_strdup_printf (_("Goal %u of %u"), n, box);
    case PEN_CARD_TALENT: return g_strdup_printf (_("Talent %u of %u"), n, box);
    case PEN_CARD_POTION: return g_strdup_printf (_("Potion %u of %u"), n, box);
    case PEN_CARD_ARTIFACT: return g_strdup_printf (_("Artifact %u of %u"), n, box);
    case PEN_CARD_MORTAL_WOUND: return g_strdup_printf (_("Mortal Wound %u of %u"), n, box);
    case PEN_CARD_DISCIPLINE: return g_strdup_printf (_("Discipline card %u of %u"), n, box);
    case PEN_CARD_SPELL:
    case PEN_CARD_PET:
    case PEN_CARD_TOME:
    case PEN_N_CARD_TYPES:
    default:
      return g_strdup_printf (_("Card %u of %u"), n, box);
    }
}

static const char *
placeholder_name (PenCard *card)
{
  g_autofree char *name = build_placeholder_name (card->type, card->placeholder, card->box);

  /* kept until the language changes, so the pointer handed out stays valid meanwhile */
  if (g_strcmp0 (name, card->display_name) != 0)
    {
      g_free (card->display_format);
      card->display_format = g_steal_pointer (&card->display_name);
      card->display_name = g_steal_pointer (&name);
    }
  return card->display_name;
}

int
pen_card_get_difficulty (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), -1);
  return card->difficulty;
}

int
pen_card_get_players (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), 0);
  return card->players;
}

int
pen_card_get_vp (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), -1);
  return card->vp;
}

int
pen_card_get_threat (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), -1);
  return card->threat;
}

int
pen_card_get_light (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), -1);
  return card->light;
}

int
pen_card_get_dark (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), -1);
  return card->dark;
}

const char * const *
pen_card_get_symbols (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), NULL);
  return (const char * const *) card->symbols;
}

guint
pen_card_count_symbol (PenCard   *card,
                       PenSymbol  symbol)
{
  const char *id;
  guint n = 0;

  g_return_val_if_fail (PEN_IS_CARD (card), 0);
  g_return_val_if_fail (symbol < PEN_N_SYMBOLS, 0);
  id = pen_symbol_to_string (symbol);
  for (guint i = 0; card->symbols != NULL && card->symbols[i] != NULL; i++)
    if (g_str_equal (card->symbols[i], id))
      n++;
  return n;
}

int
pen_card_get_discipline (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), -1);
  return card->discipline;
}

gboolean
pen_card_get_urgent (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), FALSE);
  return card->urgent;
}

const char *
pen_card_get_equipment (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), NULL);
  return card->equipment;
}

JsonNode *
pen_card_get_cost (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), NULL);
  return card->cost;
}

int
pen_card_get_arcana_cost (PenCard *card)
{
  JsonArray *options;
  int found = -1;

  g_return_val_if_fail (PEN_IS_CARD (card), -1);

  if (card->arcana_cost >= 0 || card->cost == NULL || !JSON_NODE_HOLDS_ARRAY (card->cost))
    return card->arcana_cost;
  /* from the cost printed: every option's Arcana, when they agree */
  options = json_node_get_array (card->cost);
  for (guint i = 0; i < json_array_get_length (options); i++)
    {
      JsonObject *opt = json_array_get_object_element (options, i);
      JsonObject *ing = opt != NULL && json_object_has_member (opt, "ingredients")
                        ? json_object_get_object_member (opt, "ingredients") : NULL;
      JsonNode *v = ing != NULL ? json_object_get_member (ing, "arcana") : NULL;
      int arcana;

      if (v != NULL && JSON_NODE_HOLDS_NULL (v))
        return -1;
      arcana = v != NULL ? (int) json_node_get_int (v) : 0;
      if (found >= 0 && found != arcana)
        return -1;
      found = arcana;
    }
  return found;
}

JsonNode *
pen_card_get_task (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), NULL);
  return card->task;
}

JsonNode *
pen_card_get_reward (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), NULL);
  return card->reward;
}

/* The member of a Trial's {"light": …, "dark": …} for path */
static JsonNode *
path_member (PenCard  *card,
             JsonNode *both,
             int       path)
{
  const char *key = path == 0 ? "light" : path == 1 ? "dark" : NULL;

  if (card->type != PEN_CARD_TRIAL || both == NULL || key == NULL
      || !JSON_NODE_HOLDS_OBJECT (both))
    return NULL;
  return json_object_get_member (json_node_get_object (both), key);
}

JsonNode *
pen_card_get_path_task (PenCard *card,
                        int      path)
{
  g_return_val_if_fail (PEN_IS_CARD (card), NULL);

  return path_member (card, card->task, path);
}

JsonNode *
pen_card_get_path_reward (PenCard *card,
                          int      path)
{
  g_return_val_if_fail (PEN_IS_CARD (card), NULL);

  return path_member (card, card->reward, path);
}

int
pen_card_get_turn_order (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), -1);
  return card->turn_order;
}

const char *
pen_card_get_start_card (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), NULL);
  return card->start_card;
}

gboolean
pen_card_get_start_ingredients (PenCard *card,
                                guint   *counts)
{
  g_return_val_if_fail (PEN_IS_CARD (card), FALSE);

  if (!card->has_start_ingredients)
    return FALSE;
  if (counts != NULL)
    memcpy (counts, card->start_ingredients, sizeof card->start_ingredients);
  return TRUE;
}

int
pen_card_get_start_mark (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), -1);
  return card->start_mark;
}

const char *
pen_card_get_text (PenCard    *card,
                   const char *lang)
{
  g_return_val_if_fail (PEN_IS_CARD (card), NULL);
  if (g_strcmp0 (lang, "ru") == 0)
    return card->text_ru;
  return card->text_en;
}

const char *
pen_card_get_sources (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), NULL);
  return card->sources;
}

gboolean
pen_card_is_known (PenCard    *card,
                   const char *field)
{
  g_return_val_if_fail (PEN_IS_CARD (card), FALSE);
  g_return_val_if_fail (field != NULL, FALSE);

  /* identity is always known */
  if (g_str_equal (field, "id") || g_str_equal (field, "type") || g_str_equal (field, "name"))
    return TRUE;
  /* read off the cost when the catalogue prints it */
  if (g_str_equal (field, "arcana_cost") && pen_card_get_arcana_cost (card) >= 0)
    return TRUE;
  return json_object_has_member (card->known, field);
}

gboolean
pen_card_is_derived (PenCard    *card,
                     const char *field)
{
  g_return_val_if_fail (PEN_IS_CARD (card), FALSE);
  return card->derived != NULL && g_strv_contains ((const char * const *) card->derived, field)
         && !pen_card_is_user_value (card, field);
}

gboolean
pen_card_is_user_value (PenCard    *card,
                        const char *field)
{
  g_return_val_if_fail (PEN_IS_CARD (card), FALSE);
  if (card->user_added)
    return pen_card_is_known (card, field);
  return card->user_fields != NULL
         && g_strv_contains ((const char * const *) card->user_fields, field);
}

gboolean
pen_card_is_user_added (PenCard *card)
{
  g_return_val_if_fail (PEN_IS_CARD (card), FALSE);
  return card->user_added;
}

void
pen_card_set_user_origin (PenCard            *card,
                          const char * const *fields,
                          gboolean            user_added)
{
  g_return_if_fail (PEN_IS_CARD (card));

  g_strfreev (card->user_fields);
  card->user_fields = g_strdupv ((char **) fields);
  card->user_added = !!user_added;
}
