/* pen-locations.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-box.h"
#include "pen-board-layout.h"
#include "pen-core-resources.h"
#include "pen-json.h"
#include "pen-locations.h"
#include "pen-rest.h"
#include "pen-rule.h"
#include "pen-turn.h"

#define RESOURCE_PATH "/io/github/penumbracompanion/PenumbraCompanion/core/locations.json"
#define USER_FORMAT 1
#define P "$"
#define CLASS_COLOR PEN_N_COLORS   /* a condition's colour: the Class's own */

typedef struct
{
  int      color;     /* -1: any colour; CLASS_COLOR: the Class's */
  guint    value;     /* 0: any value */
  guint    players;   /* 0: any count; 3: three or four; 4: four */
  gboolean many;      /* any number of dice */
} Cond;

typedef struct
{
  char              *id;
  PenLocationEffect  effect;
  char              *name_en;
  char              *name_ru;
  Cond               condition;
  GArray            *cells;   /* Cond; NULL when the book does not print them */
} Section;

typedef struct
{
  char      *id;
  PenArea    area;
  int        discipline;      /* PenMarkKind of a Class, else -1 */
  char      *name_en;
  char      *name_ru;
  GPtrArray *sections;        /* Section */
} Location;

struct _PenLocations
{
  GObject    parent_instance;

  GPtrArray *locations;       /* Location, in the book's order */
  char      *user_file;
  GError    *user_error;
  gboolean   user_file_bad;
  gboolean   faces_known;
  guint      faces[6][PEN_N_INGREDIENTS];
};

G_DEFINE_FINAL_TYPE (PenLocations, pen_locations, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RESOURCE_FACES_KNOWN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const effect_ids[] = {
  "mark-and-card", "card", "die", "exchange", "buy-potions", "buy-artifact", "contract",
  "resource", "spark", "blood", NULL
};
G_STATIC_ASSERT (G_N_ELEMENTS (effect_ids) == PEN_N_EFFECTS + 1);

static const char * const area_ids[] = { "school", "city", "wilds", NULL };
G_STATIC_ASSERT (G_N_ELEMENTS (area_ids) == PEN_N_AREAS + 1);

const char *
pen_location_effect_to_string (PenLocationEffect effect)
{
  g_return_val_if_fail (effect < PEN_N_EFFECTS, NULL);
  return effect_ids[effect];
}

const char *
pen_area_to_string (PenArea area)
{
  g_return_val_if_fail (area < PEN_N_AREAS, NULL);
  return area_ids[area];
}

static int
index_of (const char * const *ids,
          const char         *id)
{
  for (guint i = 0; id != NULL && ids[i] != NULL; i++)
    if (g_str_equal (ids[i], id))
      return (int) i;
  return -1;
}

/* Refuses a placement by a rule (pen-rule.h). With a table (the place action) the refusal is
 * overridable: TRUE means the action overrides it, go ahead. Without one (a query) it is a
 * plain PEN_RULE_ERROR in the same words. */
static gboolean
refuse_rule (PenTable    *table,
             GError     **error,
             PenRule      rule,
             const char  *path,
             const char  *format,
             ...) G_GNUC_PRINTF (5, 6);

static gboolean
refuse_rule (PenTable    *table,
             GError     **error,
             PenRule      rule,
             const char  *path,
             const char  *format,
             ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  if (table != NULL)
    return pen_rule_refuse (table, rule, path, error, "%s", msg);
  g_set_error (error, PEN_RULE_ERROR, rule, "%s: %s: %s (rule %s)", path,
               pen_rule_get_reason (rule), msg, pen_rule_to_string (rule));
  return FALSE;
}

/* Refused by rule, saying what is short: what the wizard has of an Ingredient and what costs
 * how much (thing: translated, what: in English for the CLI) */
static gboolean
refuse_cost_by (PenTable       *table,
                PenRule         rule,
                GError        **error,
                const char     *path,
                PenWizard      *w,
                PenIngredient   ingredient,
                guint           cost,
                const char     *thing,
                const char     *what)
{
  guint have = pen_wizard_get_ingredient (w, ingredient);
  g_autofree char *had = pen_ingredient_format_amount (ingredient, have);
  g_autofree char *asked = pen_ingredient_format_amount (ingredient, cost);
  /* Translators: a wizard, what they have, what costs and its cost: "Ann has 0 Arcana; the
   * Mark costs 2 Arcana" */
  char *text = g_strdup_printf (_("%s has %s; %s costs %s"), pen_wizard_get_display_name (w),
                                had, thing, asked);

  return pen_rule_refuse_said (table, rule, path, error, text,
                               "%s has %u %s, %s costs %u", pen_wizard_get_name (w), have,
                               pen_ingredient_to_string (ingredient), what, cost);
}

/* The same by rule location-cost: a location's effect not paid in full */
#define refuse_cost(table, error, path, w, ingredient, cost, thing, what) \
  refuse_cost_by ((table), PEN_RULE_LOCATION_COST, (error), (path), (w), (ingredient), (cost), \
                  (thing), (what))

#define refuse pen_refuse

static void
section_free (Section *s)
{
  g_free (s->id);
  g_free (s->name_en);
  g_free (s->name_ru);
  g_clear_pointer (&s->cells, g_array_unref);
  g_free (s);
}

static void
location_free (Location *l)
{
  g_free (l->id);
  g_free (l->name_en);
  g_free (l->name_ru);
  g_ptr_array_unref (l->sections);
  g_free (l);
}

static void
pen_locations_finalize (GObject *object)
{
  PenLocations *self = PEN_LOCATIONS (object);

  g_ptr_array_unref (self->locations);
  g_free (self->user_file);
  g_clear_error (&self->user_error);
  G_OBJECT_CLASS (pen_locations_parent_class)->finalize (object);
}

static void
pen_locations_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PenLocations *self = PEN_LOCATIONS (object);

  switch (prop_id)
    {
    case PROP_RESOURCE_FACES_KNOWN:
      g_value_set_boolean (value, self->faces_known);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_locations_class_init (PenLocationsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pen_locations_finalize;
  object_class->get_property = pen_locations_get_property;

  /* the place dialog and the Harvest offer "The app rolls" once it turns TRUE */
  properties[PROP_RESOURCE_FACES_KNOWN] =
    g_param_spec_boolean ("resource-faces-known", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_locations_init (PenLocations *self)
{
  self->locations = g_ptr_array_new_with_free_func ((GDestroyNotify) location_free);
}

/* ---- the built-in data ---- */

static void
read_names (JsonObject *obj,
            char      **en,
            char      **ru)
{
  JsonObject *name = json_object_get_object_member (obj, "name");

  *en = g_strdup (json_object_get_string_member (name, "en"));
  *ru = g_strdup (json_object_get_string_member (name, "ru"));
}

/* The built-in data is part of the program: a fault in it is a bug, caught by the tests. */
static void
read_cond (JsonObject *obj,
           Cond       *cond)
{
  const char *color = json_object_get_string_member_with_default (obj, "color", NULL);

  cond->color = -1;
  if (g_strcmp0 (color, "class") == 0)
    cond->color = CLASS_COLOR;
  else if (color != NULL && (cond->color = pen_color_from_string (color)) < 0)
    g_error ("locations.json: \"%s\" is not a die colour", color);
  cond->value = json_object_get_int_member_with_default (obj, "value", 0);
  cond->players = json_object_get_int_member_with_default (obj, "players", 0);
  cond->many = json_object_get_boolean_member_with_default (obj, "any_number", FALSE);
}

static Section *
read_section (JsonObject *obj)
{
  Section *s = g_new0 (Section, 1);
  JsonNode *cells = json_object_get_member (obj, "cells");
  int effect = index_of (effect_ids, json_object_get_string_member (obj, "effect"));

  if (effect < 0)
    g_error ("locations.json: unknown effect in section %s",
             json_object_get_string_member (obj, "id"));
  s->id = g_strdup (json_object_get_string_member (obj, "id"));
  s->effect = effect;
  read_names (obj, &s->name_en, &s->name_ru);
  if (json_object_has_member (obj, "condition"))
    read_cond (json_object_get_object_member (obj, "condition"), &s->condition);
  else
    s->condition.color = -1;
  if (cells != NULL && JSON_NODE_HOLDS_ARRAY (cells))
    {
      JsonArray *arr = json_node_get_array (cells);

      s->cells = g_array_new (FALSE, TRUE, sizeof (Cond));
      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          Cond c;
          read_cond (json_array_get_object_element (arr, i), &c);
          g_array_append_val (s->cells, c);
        }
    }
  return s;
}

static void
load_builtin (PenLocations *self)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *obj, *classes;
  JsonArray *locations;
  gsize size;
  const char *data;

  bytes = g_resource_lookup_data (pen_core_get_resource (), RESOURCE_PATH,
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    g_error ("locations.json is missing from the core resource: %s", error->message);
  data = g_bytes_get_data (bytes, &size);
  if (!(root = pen_json_parse (data, size, &error))
      || !(obj = pen_json_expect_object (root, "$", &error)))
    g_error ("locations.json: %s", error->message);
  classes = json_object_get_object_member (obj, "classes");
  locations = json_object_get_array_member (obj, "locations");

  for (guint i = 0; i < json_array_get_length (locations); i++)
    {
      JsonObject *lo = json_array_get_object_element (locations, i);
      JsonArray *sections = json_object_get_array_member (lo, "sections");
      int area = index_of (area_ids, json_object_get_string_member (lo, "area"));
      gboolean per_discipline = json_object_get_boolean_member_with_default (lo,
                                                                             "per_discipline",
                                                                             FALSE);

      if (area < 0)
        g_error ("locations.json: $.locations[%u].area: unknown", i);
      for (int k = per_discipline ? 0 : -1; k < (per_discipline ? PEN_MARK_SPARK : 0); k++)
        {
          Location *l = g_new0 (Location, 1);

          l->area = area;
          l->discipline = k;
          l->sections = g_ptr_array_new_with_free_func ((GDestroyNotify) section_free);
          if (k >= 0)
            {
              const char *kind = pen_mark_kind_to_string (k);
              JsonObject *name = json_object_get_object_member (classes, kind);

              l->id = g_strdup_printf ("%s-%s", kind, json_object_get_string_member (lo, "id"));
              l->name_en = g_strdup (json_object_get_string_member (name, "en"));
              l->name_ru = g_strdup (json_object_get_string_member (name, "ru"));
            }
          else
            {
              l->id = g_strdup (json_object_get_string_member (lo, "id"));
              read_names (lo, &l->name_en, &l->name_ru);
            }
          for (guint s = 0; s < json_array_get_length (sections); s++)
            g_ptr_array_add (l->sections,
                             read_section (json_array_get_object_element (sections, s)));
          g_ptr_array_add (self->locations, l);
        }
    }
}

/* ---- the Resource die's faces, the user's answer ---- */

static gboolean
read_ingredients (JsonNode    *node,
                  const char  *path,
                  guint        out[PEN_N_INGREDIENTS],
                  GError     **error)
{
  JsonObject *obj;
  JsonObjectIter iter;
  const char *key;
  JsonNode *member;

  memset (out, 0, sizeof (guint) * PEN_N_INGREDIENTS);
  if (!(obj = pen_json_expect_object (node, path, error)))
    return FALSE;
  json_object_iter_init (&iter, obj);
  while (json_object_iter_next (&iter, &key, &member))
    {
      g_autofree char *p = pen_json_path_key (path, key);
      int ingredient = pen_ingredient_from_string (key);
      gint64 n;

      if (ingredient < 0)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: not an ingredient", p);
          return FALSE;
        }
      if (!pen_json_node_int (member, p, 0, PEN_INGREDIENT_CAP, &n, error))
        return FALSE;
      out[ingredient] = (guint) n;
    }
  return TRUE;
}

static gboolean
read_faces (JsonNode    *node,
            const char  *path,
            guint        faces[6][PEN_N_INGREDIENTS],
            GError     **error)
{
  JsonArray *arr;

  if (!(arr = pen_json_expect_array (node, path, error)))
    return FALSE;
  if (json_array_get_length (arr) != 6)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: a die has six faces", path);
      return FALSE;
    }
  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *ep = pen_json_path_index (path, i);

      guint shown = 0;

      if (!read_ingredients (json_array_get_element (arr, i), ep, faces[i], error))
        return FALSE;
      /* Ingredients › Resource die: "a special die whose faces show Fruits, Crystals and
       * Jewels"; how many of each the book does not print, so the user says */
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        {
          if (faces[i][k] > 0 && k != PEN_INGREDIENT_FRUIT && k != PEN_INGREDIENT_CRYSTAL
              && k != PEN_INGREDIENT_JEWEL)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.%s: a Resource die's faces "
                           "show Fruits, Crystals and Jewels only", ep,
                           pen_ingredient_to_string (k));
              return FALSE;
            }
          shown += faces[i][k];
        }
      if (shown == 0)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: a face shows at least one "
                       "Ingredient", ep);
          return FALSE;
        }
      if (shown > PEN_RESOURCE_FACE_MAX)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: a face shows at most %u "
                       "Ingredients in all", ep, PEN_RESOURCE_FACE_MAX);
          return FALSE;
        }
    }
  return TRUE;
}

static void
add_ingredients (JsonBuilder *b,
                 const guint  amounts[PEN_N_INGREDIENTS])
{
  json_builder_begin_object (b);
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    if (amounts[k] > 0)
      {
        json_builder_set_member_name (b, pen_ingredient_to_string (k));
        json_builder_add_int_value (b, amounts[k]);
      }
  json_builder_end_object (b);
}

static void
load_user (PenLocations *self)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  static const char * const keys[] = { "format", "resource_faces", NULL };
  JsonObject *obj;
  gint64 format = 0;
  guint faces[6][PEN_N_INGREDIENTS];

  if (self->user_file == NULL || !g_file_get_contents (self->user_file, &text, NULL, &error))
    return;
  if (!(root = pen_json_parse (text, -1, &error))
      || !(obj = pen_json_expect_object (root, "$", &error))
      || !pen_json_check_keys (obj, "$", keys, &error)
      || !pen_json_get_int (obj, "$", "format", TRUE, USER_FORMAT, USER_FORMAT, &format, &error)
      || (json_object_has_member (obj, "resource_faces")
          && !read_faces (json_object_get_member (obj, "resource_faces"), "$.resource_faces",
                          faces, &error)))
    {
      g_prefix_error (&error, "%s: ", self->user_file);
      self->user_error = g_steal_pointer (&error);
      self->user_file_bad = TRUE;
      return;
    }
  if (json_object_has_member (obj, "resource_faces"))
    {
      memcpy (self->faces, faces, sizeof faces);
      self->faces_known = TRUE;
    }
}

char *
pen_locations_get_default_user_file (void)
{
  return g_build_filename (g_get_user_data_dir (), "penumbra-companion", "resource-die.json",
                           NULL);
}

PenLocations *
pen_locations_new (const char *user_file)
{
  PenLocations *self = g_object_new (PEN_TYPE_LOCATIONS, NULL);

  self->user_file = g_strdup (user_file);
  load_builtin (self);
  load_user (self);
  return self;
}

PenLocations *
pen_locations_get_default (void)
{
  static gsize locations = 0;

  if (g_once_init_enter (&locations))
    {
      g_autofree char *file = pen_locations_get_default_user_file ();
      g_once_init_leave (&locations, (gsize) pen_locations_new (file));
    }
  return (PenLocations *) locations;
}

const GError *
pen_locations_get_user_error (PenLocations *self)
{
  g_return_val_if_fail (PEN_IS_LOCATIONS (self), NULL);
  return self->user_error;
}

gboolean
pen_locations_get_resource_faces (PenLocations *self,
                                  guint         faces[6][PEN_N_INGREDIENTS])
{
  g_return_val_if_fail (PEN_IS_LOCATIONS (self), FALSE);
  if (self->faces_known && faces != NULL)
    memcpy (faces, self->faces, sizeof self->faces);
  return self->faces_known;
}

gboolean
pen_locations_set_resource_faces (PenLocations  *self,
                                  JsonNode      *node,
                                  GError       **error)
{
  guint faces[6][PEN_N_INGREDIENTS];
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  gboolean known = node != NULL && !JSON_NODE_HOLDS_NULL (node);

  g_return_val_if_fail (PEN_IS_LOCATIONS (self), FALSE);

  if (known && !read_faces (node, "$", faces, error))
    return FALSE;
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_int_value (b, USER_FORMAT);
  if (known)
    {
      json_builder_set_member_name (b, "resource_faces");
      json_builder_begin_array (b);
      for (guint i = 0; i < 6; i++)
        add_ingredients (b, faces[i]);
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  if (self->user_file != NULL
      && !pen_json_save_user_file (self->user_file, &self->user_file_bad, root, error))
    return FALSE;
  /* the file is good again: its old error no longer applies */
  g_clear_error (&self->user_error);
  if (known)
    memcpy (self->faces, faces, sizeof faces);
  if (self->faces_known != known)
    {
      self->faces_known = known;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESOURCE_FACES_KNOWN]);
    }
  return TRUE;
}

JsonNode *
pen_locations_get_resource_faces_json (PenLocations *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  g_return_val_if_fail (PEN_IS_LOCATIONS (self), NULL);

  if (!self->faces_known)
    return json_node_init_null (json_node_alloc ());
  json_builder_begin_array (b);
  for (guint i = 0; i < 6; i++)
    add_ingredients (b, self->faces[i]);
  json_builder_end_array (b);
  return json_builder_get_root (b);
}

/* ---- queries ---- */

static Location *
find_location (PenLocations *self,
               const char   *id)
{
  for (guint i = 0; id != NULL && i < self->locations->len; i++)
    {
      Location *l = g_ptr_array_index (self->locations, i);
      if (g_str_equal (l->id, id))
        return l;
    }
  return NULL;
}

static Section *
find_section (Location   *l,
              const char *id)
{
  if (l == NULL)
    return NULL;
  /* a location of one section needs no section id */
  if (id == NULL)
    return l->sections->len == 1 ? g_ptr_array_index (l->sections, 0) : NULL;
  for (guint i = 0; i < l->sections->len; i++)
    {
      Section *s = g_ptr_array_index (l->sections, i);
      if (g_str_equal (s->id, id))
        return s;
    }
  return NULL;
}

GStrv
pen_locations_list (PenLocations *self)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();

  g_return_val_if_fail (PEN_IS_LOCATIONS (self), NULL);
  for (guint i = 0; i < self->locations->len; i++)
    g_strv_builder_add (b, ((Location *) g_ptr_array_index (self->locations, i))->id);
  return g_strv_builder_end (b);
}

int
pen_locations_get_area (PenLocations *self,
                        const char   *location)
{
  Location *l = find_location (self, location);

  return l ? (int) l->area : -1;
}

/* A location's or section's name is the interface's, like the words around it, not the cards'
 * (the table may keep the card names in English in a Russian interface, and the place dialog
 * then read "Shop / Buy an Artifact"): the catalogue in use says which language that is */
static const char *
pick_name (const char *en,
           const char *ru)
{
  const char *header = dgettext (GETTEXT_PACKAGE, "");

  return ru != NULL && header != NULL
         && g_strstr_len (header, -1, "\nLanguage: ru") != NULL ? ru : en;
}

const char *
pen_locations_get_name (PenLocations *self,
                        const char   *location)
{
  Location *l = find_location (self, location);

  return l ? pick_name (l->name_en, l->name_ru) : NULL;
}

GStrv
pen_locations_list_sections (PenLocations *self,
                             const char   *location)
{
  Location *l = find_location (self, location);
  g_autoptr(GStrvBuilder) b = NULL;

  if (l == NULL)
    return NULL;
  b = g_strv_builder_new ();
  for (guint i = 0; i < l->sections->len; i++)
    g_strv_builder_add (b, ((Section *) g_ptr_array_index (l->sections, i))->id);
  return g_strv_builder_end (b);
}

const char *
pen_locations_get_section_name (PenLocations *self,
                                const char   *location,
                                const char   *section)
{
  Section *s = find_section (find_location (self, location), section);

  return s ? pick_name (s->name_en, s->name_ru) : NULL;
}

int
pen_locations_get_effect (PenLocations *self,
                          const char   *location,
                          const char   *section)
{
  Section *s = find_section (find_location (self, location), section);

  return s ? (int) s->effect : -1;
}

int
pen_locations_get_n_cells (PenLocations *self,
                           const char   *location,
                           const char   *section)
{
  Section *s = find_section (find_location (self, location), section);

  return s && s->cells ? (int) s->cells->len : -1;
}

int
pen_locations_get_discipline (PenLocations *self,
                              const char   *location)
{
  Location *l = find_location (self, location);

  return l ? l->discipline : -1;
}

/* "a" or "an" before an English word (the messages are English, for the CLI) */
static const char *
article (const char *word)
{
  return strchr ("aeiou", word[0]) != NULL ? "an" : "a";
}

/* "a red 6", "an orange die", "any die" */
static char *
describe_cond (const Cond *c,
               int         class_color)
{
  int color = c->color == CLASS_COLOR ? class_color : c->color;
  const char *name = color >= 0 ? pen_color_to_string (color) : NULL;

  if (color < 0 && c->value == 0)
    return g_strdup ("any die");
  if (c->value == 0)
    return g_strdup_printf ("%s %s die", article (name), name);
  if (color < 0)
    return g_strdup_printf ("a %u", c->value);
  return g_strdup_printf ("%s %s %u", article (name), name, c->value);
}

/* "a bone 6", "an orange 3" */
static char *
describe_die (PenColor color,
              guint    value)
{
  const char *name = pen_color_to_string (color);

  return g_strdup_printf ("%s %s %u", article (name), name, value);
}

static gboolean
cond_ok (const Cond *c,
         int         class_color,
         PenColor    color,
         guint       value,
         guint       players,
         gboolean    wild)
{
  int want = c->color == CLASS_COLOR ? class_color : c->color;

  return (want < 0 || (int) color == want || (wild && color == PEN_COLOR_SPARK))
         && (c->value == 0 || c->value == value)
         && (c->players == 0 || players >= c->players);
}

/* With a table (the place action), a rule refusal the action overrides lets the die take the
 * cell asked for, or the first free one */
static gboolean
check_die (PenLocations   *self,
           PenTable       *table,
           const char     *location,
           const char     *section,
           int             cell,
           PenColor        color,
           guint           value,
           guint           players,
           const gboolean *taken,
           int            *cell_out,
           GError        **error)
{
  Location *l = find_location (self, location);
  Section *s = find_section (l, section);
  int class_color = l && l->discipline >= 0 ? (int) pen_mark_kind_color (l->discipline) : -1;

  if (l == NULL || s == NULL)
    {
      if (l != NULL)
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.section: \"%s\" is not a section "
                     "of %s", section ? section : "", location);
      else
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.location: \"%s\" is not a "
                     "location", location ? location : "");
      return FALSE;
    }
  if (cell_out)
    *cell_out = -1;

  if (s->cells == NULL)
    {
      if (cell >= 0)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.cell: the book does not print "
                       "the cells of %s/%s: give no cell", l->id, s->id);
          return FALSE;
        }
      /* a Spark die is wild: "you can choose which one colour it counts as" (Dice › Spark
       * dice); a Class's Mark cells say which of them takes one, so only a section counts it */
      if (!cond_ok (&s->condition, class_color, color, value, players, TRUE))
        {
          g_autofree char *want = describe_cond (&s->condition, class_color);
          g_autofree char *got = describe_die (color, value);
          return refuse_rule (table, error, PEN_RULE_CELL_CONDITION, "$.index",
                              "%s/%s takes %s, not %s", l->id, s->id, want, got);
        }
      return TRUE;
    }

  if (cell >= (int) s->cells->len)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.cell: %s/%s has %u cells", l->id,
                   s->id, s->cells->len);
      return FALSE;
    }
  if (cell >= 0)
    {
      const Cond *c = &g_array_index (s->cells, Cond, cell);

      if (c->players > players
          && !refuse_rule (table, error, PEN_RULE_CELL_CONDITION, "$.cell", "cell %d of %s/%s "
                           "is used only with %u players or more", cell, l->id, s->id,
                           c->players))
        return FALSE;
      if (!cond_ok (c, class_color, color, value, MAX (players, c->players), FALSE))
        {
          g_autofree char *want = describe_cond (c, class_color);
          g_autofree char *got = describe_die (color, value);

          if (!refuse_rule (table, error, PEN_RULE_CELL_CONDITION, "$.cell",
                            "cell %d of %s/%s takes %s, not %s", cell, l->id, s->id, want, got))
            return FALSE;
        }
      if (taken != NULL && taken[cell] && !c->many
          && !refuse_rule (table, error, PEN_RULE_CELL_TAKEN, "$.cell", "cell %d of %s/%s holds "
                           "a die", cell, l->id, s->id))
        return FALSE;
      if (cell_out)
        *cell_out = cell;
      return TRUE;
    }

  /* the first cell the die may take */
  {
    g_autoptr(GString) wants = g_string_new (NULL);
    gboolean matched = FALSE;

    for (guint i = 0; i < s->cells->len; i++)
      {
        const Cond *c = &g_array_index (s->cells, Cond, i);
        g_autofree char *want = describe_cond (c, class_color);

        if (!strstr (wants->str, want))
          g_string_append_printf (wants, "%s%s", wants->len ? " or " : "", want);
        if (!cond_ok (c, class_color, color, value, players, FALSE))
          continue;
        matched = TRUE;
        if (taken == NULL || !taken[i] || c->many)
          {
            if (cell_out)
              *cell_out = (int) i;
            return TRUE;
          }
      }
    g_autofree char *got = describe_die (color, value);

    if (matched)
      {
        if (!refuse_rule (table, error, PEN_RULE_CELL_TAKEN, "$.cell", "every cell of %s/%s "
                          "that takes %s holds a die", l->id, s->id, got))
          return FALSE;
      }
    else if (!refuse_rule (table, error, PEN_RULE_CELL_CONDITION, "$.index",
                           "%s/%s takes %s, not %s", l->id, s->id, wants->str, got))
      return FALSE;
    /* overridden: the first free cell, else the first */
    for (guint i = 0; i < s->cells->len; i++)
      if (taken == NULL || !taken[i])
        {
          if (cell_out)
            *cell_out = (int) i;
          return TRUE;
        }
    if (cell_out)
      *cell_out = 0;
    return TRUE;
  }
}

gboolean
pen_locations_check_die (PenLocations   *self,
                         const char     *location,
                         const char     *section,
                         int             cell,
                         PenColor        color,
                         guint           value,
                         guint           players,
                         const gboolean *taken,
                         int            *cell_out,
                         GError        **error)
{
  g_return_val_if_fail (PEN_IS_LOCATIONS (self), FALSE);
  return check_die (self, NULL, location, section, cell, color, value, players, taken, cell_out,
                    error);
}

/* Which printed cells of a section hold a die on table; NULL when the book prints none */
static gboolean *
taken_cells (PenTable *table,
             Location *l,
             Section  *s)
{
  GListModel *placed = pen_table_get_placed (table);
  g_autofree char *prefix = NULL;
  gboolean *taken;

  if (s->cells == NULL)
    return NULL;
  prefix = g_strdup_printf ("%s/%s/", l->id, s->id);
  taken = g_new0 (gboolean, s->cells->len);
  for (guint i = 0; i < g_list_model_get_n_items (placed); i++)
    {
      g_autoptr(PenDie) d = g_list_model_get_item (placed, i);
      const char *where = pen_die_get_location (d);
      guint64 c;

      if (where != NULL && g_str_has_prefix (where, prefix)
          && g_ascii_string_to_unsigned (where + strlen (prefix), 10, 0, s->cells->len - 1, &c,
                                         NULL))
        taken[c] = TRUE;
    }
  return taken;
}

/* The sections the die may take: with a free printed cell (full FALSE), or whose condition it
 * meets with every printed cell taken (full TRUE: Appear places it outside the cells) */
static GStrv
list_sections (PenLocations *self,
               PenTable     *table,
               PenColor      color,
               guint         value,
               gboolean      full)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  guint players = MAX (pen_table_get_n_players (table), 2);

  for (guint i = 0; i < self->locations->len; i++)
    {
      Location *l = g_ptr_array_index (self->locations, i);

      for (guint j = 0; j < l->sections->len; j++)
        {
          Section *s = g_ptr_array_index (l->sections, j);
          g_autofree gboolean *taken = taken_cells (table, l, s);
          gboolean free_cell;

          if (l->discipline >= 0 && !pen_table_has_class (table, l->discipline))
            break;
          free_cell = pen_locations_check_die (self, l->id, s->id, -1, color, value, players,
                                               taken, NULL, NULL);
          if (full ? !free_cell && pen_locations_check_die (self, l->id, s->id, -1, color,
                                                            value, players, NULL, NULL, NULL)
                   : free_cell)
            {
              g_autofree char *id = g_strdup_printf ("%s/%s", l->id, s->id);
              g_strv_builder_add (b, id);
            }
        }
    }
  return g_strv_builder_end (b);
}

static int die_in_cell (GListModel *placed,
                        Location   *l,
                        Section    *s,
                        guint       cell);

GStrv
pen_locations_list_knock_out (PenLocations *self,
                              PenTable     *table,
                              PenColor      color,
                              guint         value,
                              gboolean      replace)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  g_auto(GStrv) open = NULL;
  guint players = MAX (pen_table_get_n_players (table), 2);
  GListModel *placed = pen_table_get_placed (table);

  g_return_val_if_fail (PEN_IS_LOCATIONS (self), NULL);
  g_return_val_if_fail (PEN_IS_TABLE (table), NULL);

  if (replace && color != PEN_COLOR_RED)
    return g_strv_builder_end (b);
  open = list_sections (self, table, color, value, FALSE);
  for (guint i = 0; i < self->locations->len; i++)
    {
      Location *l = g_ptr_array_index (self->locations, i);
      int class_color = l->discipline >= 0 ? (int) pen_mark_kind_color (l->discipline) : -1;

      if (l->discipline >= 0 && !pen_table_has_class (table, l->discipline))
        continue;
      for (guint j = 0; j < l->sections->len; j++)
        {
          Section *s = g_ptr_array_index (l->sections, j);
          g_autofree char *id = g_strdup_printf ("%s/%s", l->id, s->id);
          gboolean found = FALSE;

          /* a free cell takes the die as it is, so discarding a Red die to free one is not
           * needed there (Knock Out on its own, the knock-out action, still can); a Red die
           * may take the place of a lower die whether or not a cell is free ("any placed die
           * with a lower value") */
          if (s->cells == NULL
              || (!replace && g_strv_contains ((const char * const *) open, id)))
            continue;
          for (guint c = 0; c < s->cells->len && !found; c++)
            {
              const Cond *cond = &g_array_index (s->cells, Cond, c);
              g_autoptr(PenDie) there = NULL;
              int d;

              if (!cond_ok (cond, class_color, color, value, players, FALSE)
                  || (d = die_in_cell (placed, l, s, c)) < 0)
                continue;
              there = g_list_model_get_item (placed, d);
              found = !replace || pen_die_get_value (there) < value;
            }
          if (found)
            g_strv_builder_add (b, id);
        }
    }
  return g_strv_builder_end (b);
}

GStrv
pen_locations_list_open (PenLocations *self,
                         PenTable     *table,
                         PenColor      color,
                         guint         value)
{
  g_return_val_if_fail (PEN_IS_LOCATIONS (self), NULL);
  g_return_val_if_fail (PEN_IS_TABLE (table), NULL);

  return list_sections (self, table, color, value, FALSE);
}

GStrv
pen_locations_list_full (PenLocations *self,
                         PenTable     *table,
                         PenColor      color,
                         guint         value)
{
  g_return_val_if_fail (PEN_IS_LOCATIONS (self), NULL);
  g_return_val_if_fail (PEN_IS_TABLE (table), NULL);

  return list_sections (self, table, color, value, TRUE);
}

/* ---- the place action ---- */

/* A die gained: its face given (key), else rolled (pen-rule.h: in physical play the table says
 * it through "faces", and the app never rolls) */
static gboolean
die_face (PenTable    *table,
          JsonObject  *params,
          const char  *key,
          PenColor     color,
          guint       *face,
          GError     **error)
{
  gint64 v = 0;

  if (!pen_json_get_int (params, P, key, FALSE, 1, 6, &v, error))
    return FALSE;
  *face = v ? (guint) v : pen_rule_roll_die (table, color, TRUE);
  return TRUE;
}

/* The Ruins' Threat die: its face given ("threat"), else in app-dealt play the app rolls it */
static gboolean
threat_face (PenTable    *table,
             JsonObject  *params,
             guint       *face,
             GError     **error)
{
  gint64 v = 0;

  if (!pen_json_get_int (params, P, "threat", FALSE, 1, 6, &v, error))
    return FALSE;
  if (v == 0 && pen_table_get_table_rolls (table))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_NEEDS_FACES, "$.threat: say what the Threat die "
                   "shows");
      return FALSE;
    }
  *face = v ? (guint) v : pen_random_die (pen_table_get_random (table));
  return TRUE;
}

/* The die the wizard chose to lose to the Ruins' Threat die, of several of its value (Threat,
 * step 3), as an index into the supply the placed die has left: "threat_pick", an index, or
 * six of them (-1: none), one for each face the die may show when the app rolls it */
static gboolean
threat_pick (JsonObject  *params,
             guint        face,
             gint64      *pick,
             GError     **error)
{
  JsonNode *node = json_object_get_member (params, "threat_pick");

  *pick = -1;
  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *arr = json_node_get_array (node);
      g_autofree char *ep = pen_json_path_index ("$.threat_pick", face - 1);

      if (json_array_get_length (arr) != 6)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.threat_pick: one die index per "
                       "face (6), not %u", json_array_get_length (arr));
          return FALSE;
        }
      return pen_json_node_int (json_array_get_element (arr, face - 1), ep, -1, 255, pick,
                                error);
    }
  return pen_json_get_int (params, P, "threat_pick", FALSE, -1, 255, pick, error);
}

static void
gain (PenWizard     *w,
      PenIngredient  ingredient,
      guint          n)
{
  guint have = pen_wizard_get_ingredient (w, ingredient);

  pen_wizard_set_ingredient (w, ingredient, MIN (have + n, PEN_INGREDIENT_CAP));
}

char *
pen_locations_describe_resource_face (const guint face[PEN_N_INGREDIENTS])
{
  /* in the book's order (Ingredients › Resource die: "Fruits, Crystals and Jewels") */
  static const PenIngredient order[] = {
    PEN_INGREDIENT_FRUIT, PEN_INGREDIENT_CRYSTAL, PEN_INGREDIENT_JEWEL,
  };
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (face[order[i]] > 0)
      {
        g_autofree char *amount = pen_ingredient_format_amount (order[i], face[order[i]]);

        g_string_append_printf (s, "%s%s", s->len > 0 ? ", " : "", amount);
      }
  if (s->len == 0)
    g_string_append (s, _("nothing"));
  return g_string_free (s, FALSE);
}

/* The Resource dice of a placement: the table's results ("resource"), or in app-dealt play the
 * faces typed in once, rolled by the game's generator (the whole "resource" left out, or a
 * null entry for each die the app rolls); the results then join the action, so its log holds
 * the facts and replays without the faces. The generator is drawn once per die in app-dealt
 * play either way, so a replay draws the same. */
static gboolean
resource_dice (PenTable    *table,
               PenWizard   *w,
               JsonObject  *params,
               guint        count,
               GString     *label,
               GError     **error)
{
  /* the table rolls them (pen-rule.h), or it may not have typed the faces in */
  gboolean physical = pen_table_get_table_rolls (table);
  JsonArray *given = NULL;
  guint faces[6][PEN_N_INGREDIENTS];
  gboolean known = pen_locations_get_resource_faces (pen_locations_get_default (), faces);
  g_autoptr(JsonArray) rolled = json_array_new ();
  g_autofree guint *amounts = g_new0 (guint, (gsize) MAX (count, 1) * PEN_N_INGREDIENTS);
  gboolean any_rolled = FALSE;

  if (json_object_has_member (params, "resource"))
    {
      if (!(given = pen_json_expect_array (json_object_get_member (params, "resource"),
                                           "$.resource", error)))
        return FALSE;
      if (json_array_get_length (given) != count)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.resource: this placement rolls "
                       "%u Resource dice, not %u", count, json_array_get_length (given));
          return FALSE;
        }
    }

  /* read everything first, then gain: all or nothing */
  for (guint i = 0; i < count; i++)
    {
      guint *got = amounts + (gsize) i * PEN_N_INGREDIENTS;
      guint roll = physical ? 0 : pen_random_range (pen_table_get_random (table), 6);
      JsonNode *entry = given != NULL ? json_array_get_element (given, i) : NULL;
      g_autofree char *ep = pen_json_path_index ("$.resource", i);

      if (entry != NULL && !JSON_NODE_HOLDS_NULL (entry))
        {
          if (!read_ingredients (entry, ep, got, error))
            return FALSE;
          json_array_add_element (rolled, json_node_copy (entry));
          continue;
        }
      if (physical || !known)
        {
          g_set_error (error, PEN_ERROR, physical ? PEN_ERROR_NEEDS_FACES : PEN_ERROR_INVALID,
                       "%s: say what the %u Resource dice gave (%s)",
                       given != NULL ? ep : "$.resource", count,
                       physical ? "the table rolls them" : "the Resource die's faces are not "
                       "known yet");
          return FALSE;
        }
      {
        g_autoptr(JsonBuilder) b = json_builder_new ();

        memcpy (got, faces[roll], sizeof (guint) * PEN_N_INGREDIENTS);
        add_ingredients (b, got);
        json_array_add_element (rolled, json_builder_get_root (b));
        any_rolled = TRUE;
      }
    }

  for (guint i = 0; i < count; i++)
    {
      guint *got = amounts + (gsize) i * PEN_N_INGREDIENTS;

      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        gain (w, k, got[k]);
      g_string_append (label, i == 0 ? _("; Resource die: ") : ", ");
      pen_ingredient_append_amounts (label, got);
    }
  /* what the app rolled joins the action: the log holds what each die gave */
  if (any_rolled)
    json_object_set_array_member (params, "resource", json_array_ref (rolled));
  return TRUE;
}

/* The highest number of an unnamed Discipline card in cards, or n if higher */
static guint
highest_discipline_number (GListModel *cards,
                           guint       n)
{
  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
      PenCardType type;
      guint number;

      if (pen_card_parse_placeholder (pen_table_card_get_card_id (tc), &type, &number)
          && type == PEN_CARD_DISCIPLINE)
        n = MAX (n, number);
    }
  return n;
}

/* A Discipline card no one has seen yet: the top card of a Discipline deck, unnamed until the
 * table reads it ("discipline#N", never a number handed out before in the game); NULL when the
 * box has no more. */
char *
pen_locations_fresh_discipline_card (PenTable *table)
{
  PenCatalog *catalog = pen_catalog_get_default ();
  g_autoptr(GPtrArray) named = pen_catalog_list_by_type (catalog, PEN_CARD_DISCIPLINE);
  guint n = MAX (pen_table_get_discipline_dealt (table), named->len);

  /* a game laid out before the counter was kept: past every number on the table */
  n = highest_discipline_number (pen_table_get_markets (table), n);
  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    n = highest_discipline_number (pen_wizard_get_cards (pen_table_get_wizard (table, w)), n);
  if ((int) n + 1 > pen_catalog_get_box_count (catalog, PEN_CARD_DISCIPLINE))
    return NULL;
  pen_table_set_discipline_dealt (table, n + 1);
  return pen_card_placeholder_id (PEN_CARD_DISCIPLINE, n + 1);
}

/* The Discipline card a Class gives: taken from the Class market (the revealed card takes its
 * place) or from the top of the deck, into its zone. Without "card" it is the top card of the
 * deck, and without "reveal" the market is refilled from the deck: an unnamed card each, which
 * the table names when it sees it (both join the action, so its log replays the same). */
static gboolean
class_card (PenTable    *table,
            PenWizard   *w,
            JsonObject  *params,
            int          discipline,
            GString     *label,
            GError     **error)
{
  const char *id = NULL, *reveal = NULL;
  GListModel *markets = pen_table_get_markets (table);
  const char *market = pen_mark_kind_to_string (discipline);
  PenCard *card;
  g_autoptr(PenTableCard) tc = NULL;
  gboolean in_market = FALSE;

  if (!pen_json_get_string (params, P, "card", FALSE, &id, error)
      || !pen_json_get_string (params, P, "reveal", FALSE, &reveal, error))
    return FALSE;
  if (id == NULL)
    {
      g_autofree char *top = pen_locations_fresh_discipline_card (table);

      if (top == NULL)
        {
          refuse (error, "$.card: every Discipline card of the box is out: say which was taken");
          return FALSE;
        }
      json_object_set_string_member (params, "card", top);
      id = json_object_get_string_member (params, "card");
    }
  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) m = g_list_model_get_item (markets, i);

      if (g_strcmp0 (pen_table_card_get_zone (m), market) == 0
          && g_strcmp0 (pen_table_card_get_card_id (m), id) == 0)
        in_market = TRUE;
    }
  if (in_market && reveal == NULL)
    {
      g_autofree char *refill = pen_locations_fresh_discipline_card (table);

      if (refill != NULL)
        {
          json_object_set_string_member (params, "reveal", refill);
          reveal = json_object_get_string_member (params, "reveal");
        }
    }
  /* the numbers handed out, however they came (a log replayed gives them) */
  for (guint i = 0; i < 2; i++)
    {
      PenCardType type;
      guint number;

      if (pen_card_parse_placeholder (i == 0 ? id : reveal, &type, &number)
          && type == PEN_CARD_DISCIPLINE && number > pen_table_get_discipline_dealt (table))
        pen_table_set_discipline_dealt (table, number);
    }
  if (!(card = pen_catalog_lookup (pen_catalog_get_default (), id)))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.card: \"%s\" is not a known card id",
                   id);
      return FALSE;
    }
  if (reveal != NULL && !pen_catalog_lookup (pen_catalog_get_default (), reveal))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.reveal: \"%s\" is not a known card "
                   "id", reveal);
      return FALSE;
    }
  if (pen_card_get_discipline (card) >= 0 && pen_card_get_discipline (card) != discipline
      && !refuse_rule (table, error, PEN_RULE_LOCATION_GIVES, "$.card", "%s is not a %s card",
                       id, market))
    return FALSE;
  if (pen_wizard_find_card (w, id) >= 0
      && !refuse_rule (table, error, PEN_RULE_LOCATION_GIVES, "$.card", "%s already has %s",
                       pen_wizard_get_name (w), id))
    return FALSE;
  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) m = g_list_model_get_item (markets, i);

      if (g_strcmp0 (pen_table_card_get_zone (m), market) == 0
          && g_strcmp0 (pen_table_card_get_card_id (m), id) == 0)
        {
          if (reveal != NULL)
            pen_table_card_set_card_id (m, reveal);
          else
            g_list_store_remove (G_LIST_STORE (markets), i);
          break;
        }
    }
  tc = pen_table_card_new (id, pen_turn_default_zone (card), FALSE, NULL);
  pen_wizard_add_card (w, tc);
  g_string_append_printf (label, _("; gains %s"), pen_turn_card_name (id));
  return TRUE;
}

static JsonObject *
sub_params (guint       wizard,
            JsonObject *params,
            ...) G_GNUC_NULL_TERMINATED;

/* {"wizard": W} and the named members of params */
static JsonObject *
sub_params (guint       wizard,
            JsonObject *params,
            ...)
{
  JsonObject *obj = json_object_new ();
  const char *key;
  va_list args;

  json_object_set_int_member (obj, "wizard", wizard);
  va_start (args, params);
  while ((key = va_arg (args, const char *)) != NULL)
    if (json_object_has_member (params, key))
      json_object_set_member (obj, key, json_node_copy (json_object_get_member (params, key)));
  va_end (args);
  return obj;
}

static gboolean
buy (PenTable    *table,
     PenWizard   *w,
     guint        wizard,
     JsonObject  *params,
     gboolean     one,
     PenColor     die,
     GString     *label,
     GError     **error)
{
  JsonArray *items;
  guint n;

  if (!json_object_has_member (params, "buy"))
    return TRUE;
  if (!(items = pen_json_expect_array (json_object_get_member (params, "buy"), "$.buy", error)))
    return FALSE;
  n = json_array_get_length (items);
  if (one && n > 1
      && !pen_rule_refuse_said (table, PEN_RULE_SHOP_ONE_ARTIFACT, "$.buy", error,
                                g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                              "One placement in the Shop buys "
                                                              "one Artifact, not %u",
                                                              "One placement in the Shop buys "
                                                              "one Artifact, not %u", n), n),
                                "%u Artifacts", n))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      static const char * const keys[] = { "card", "pay", "reveal", NULL };
      g_autofree char *ep = pen_json_path_index ("$.buy", i);
      g_autoptr(JsonObject) sub = NULL;
      g_autoptr(GString) sublabel = g_string_new (NULL);
      JsonObject *item;
      const char *id = NULL;
      PenCard *card;
      guint cost[PEN_N_INGREDIENTS];

      if (!(item = pen_json_expect_object (json_array_get_element (items, i), ep, error))
          || !pen_json_check_keys (item, ep, keys, error)
          || !pen_json_get_string (item, ep, "card", TRUE, &id, error))
        return FALSE;
      sub = sub_params (wizard, item, "card", "pay", "reveal", NULL);
      card = pen_catalog_lookup (pen_catalog_get_default (), id);
      if (card != NULL
          && !(one ? pen_box_is_artifact_kind (pen_card_get_card_type (card))
                   : pen_card_get_card_type (card) == PEN_CARD_POTION)
          && !refuse_rule (table, error, PEN_RULE_LOCATION_GIVES, ep, "%s sells %s, not %s",
                           one ? "the Shop" : "the Brewery", one ? "Artifacts" : "Potions", id))
        return FALSE;
      /* Persuade: a Blue die placed takes 1 Ingredient off the whole purchase */
      if (i == 0 && die == PEN_COLOR_BLUE && card != NULL && !json_object_has_member (item, "pay")
          && pen_rest_purchase_cost (card, cost))
        {
          g_autoptr(JsonBuilder) b = json_builder_new ();

          for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
            if (cost[k] > 0)
              {
                cost[k]--;
                break;
              }
          add_ingredients (b, cost);
          json_object_set_member (sub, "pay", json_builder_get_root (b));
        }
      /* the cost not paid is refused by the rule, which the table may overrule: then what
       * the wizard has is paid */
      {
        JsonNode *paid = json_object_get_member (sub, "pay");
        guint have;

        memset (cost, 0, sizeof cost);
        if (paid != NULL && !read_ingredients (paid, ep, cost, error))
          return FALSE;
        if (paid != NULL || (card != NULL && pen_rest_purchase_cost (card, cost)))
          for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
            if ((have = pen_wizard_get_ingredient (w, k)) < cost[k])
              {
                g_autoptr(JsonBuilder) b = json_builder_new ();

                g_autofree char *card_name = NULL;

                /* Translators: a card's name, as what costs: "Ann has 1 Jewel; “Elixir”
                 * costs 2 Jewels" */
                card_name = g_strdup_printf (C_("what costs", "“%s”"), pen_turn_card_name (id));
                if (!refuse_cost (table, error, ep, w, k, cost[k], card_name, id))
                  return FALSE;
                for (guint j = 0; j < PEN_N_INGREDIENTS; j++)
                  cost[j] = MIN (cost[j], pen_wizard_get_ingredient (w, j));
                add_ingredients (b, cost);
                json_object_set_member (sub, "pay", json_builder_get_root (b));
                break;
              }
      }
      if (!pen_rest_buy (table, sub, sublabel, error))
        {
          g_prefix_error (error, "%s: ", ep);
          return FALSE;
        }
      g_string_append_printf (label, "; %s", sublabel->str);
    }
  return TRUE;
}

/* The placed die in cell of l/s, its index in placed; -1 when the cell is free */
static int
die_in_cell (GListModel *placed,
             Location   *l,
             Section    *s,
             guint       cell)
{
  g_autofree char *at = g_strdup_printf ("%s/%s/%u", l->id, s->id, cell);

  for (guint i = 0; i < g_list_model_get_n_items (placed); i++)
    {
      g_autoptr(PenDie) d = g_list_model_get_item (placed, i);

      if (g_strcmp0 (pen_die_get_location (d), at) == 0)
        return (int) i;
    }
  return -1;
}

/* Primagic Knock Out (Dice › Red): "Place a Red die in place of any placed die with a lower
 * value, or discard a Red die to also discard any other placed die." With "knock_out": true
 * the Red die placed takes the cell of a lower die; with "knock_out_discard": N the Red die N
 * of the supply (its index before the placement) is discarded and so is the die in the cell.
 * The cell: "cell", else the first whose condition the die meets that holds a die (a lower
 * one for "knock_out"). The die knocked out is discarded, its cell freed and *cell set to it;
 * what happened goes to knocked (for the label). index: the placed die, moved down when the
 * discarded Red die came before it. */
static gboolean
knock_out_cell (PenTable    *table,
                Location    *l,
                Section     *s,
                PenWizard   *w,
                JsonObject  *params,
                guint        index,
                PenColor     color,
                guint        value,
                gint64      *cell,
                gint64      *discard,
                GString     *knocked,
                GError     **error)
{
  GListModel *placed = pen_table_get_placed (table);
  GListModel *supply = pen_wizard_get_supply (w);
  gboolean knock_out = FALSE, outside = FALSE;
  int class_color = l->discipline >= 0 ? (int) pen_mark_kind_color (l->discipline) : -1;
  guint players = MAX (pen_table_get_n_players (table), 2);
  int target = -1, at = -1;
  g_autoptr(PenDie) out = NULL;

  *discard = -1;
  if (!pen_json_get_bool (params, P, "knock_out", FALSE, &knock_out, error)
      || !pen_json_get_int (params, P, "knock_out_discard", FALSE, 0,
                            (gint64) g_list_model_get_n_items (supply) - 1, discard, error)
      || !pen_json_get_bool (params, P, "outside", FALSE, &outside, error))
    return FALSE;
  if (!knock_out && *discard < 0)
    return TRUE;
  if (knock_out && *discard >= 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.knock_out_discard: Knock Out either "
                   "places the Red die or discards one, not both");
      return FALSE;
    }
  if (outside)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.outside: a die placed outside the "
                   "cells knocks none out");
      return FALSE;
    }
  if (s->cells == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.knock_out: the book prints no cells "
                   "for %s/%s, so none is taken: place the die as it is", l->id, s->id);
      return FALSE;
    }
  if (*discard == (gint64) index)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.knock_out_discard: the die placed "
                   "cannot also be the one discarded");
      return FALSE;
    }
  if (knock_out && color != PEN_COLOR_RED
      && !pen_rule_refuse (table, PEN_RULE_KNOCK_OUT, "$.index", error, "a %s die knocks "
                           "nothing out", pen_color_to_string (color)))
    return FALSE;
  if (*discard >= 0)
    {
      g_autoptr(PenDie) red = g_list_model_get_item (supply, *discard);

      if (pen_die_get_color (red) != PEN_COLOR_RED
          && !pen_rule_refuse (table, PEN_RULE_KNOCK_OUT, "$.knock_out_discard", error,
                               "die %d of the supply is %s, not red", (int) *discard,
                               pen_color_to_string (pen_die_get_color (red))))
        return FALSE;
    }
  /* the cell: the one said, else the first that takes the die and holds one to knock out */
  for (guint i = 0; i < s->cells->len && at < 0; i++)
    {
      const Cond *c = &g_array_index (s->cells, Cond, i);
      int d;

      if (*cell >= 0 && (gint64) i != *cell)
        continue;
      if ((d = die_in_cell (placed, l, s, i)) < 0)
        continue;
      if (*cell < 0)
        {
          g_autoptr(PenDie) there = g_list_model_get_item (placed, d);

          if (!cond_ok (c, class_color, color, value, players, FALSE)
              || (knock_out && pen_die_get_value (there) >= value))
            continue;
        }
      at = (int) i;
      target = d;
    }
  if (target < 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.knock_out: %s of %s/%s holds no die "
                   "to knock out", *cell >= 0 ? "that cell" : "no cell that takes the die",
                   l->id, s->id);
      return FALSE;
    }
  out = g_list_model_get_item (placed, target);
  if (knock_out && pen_die_get_value (out) >= value
      && !pen_rule_refuse (table, PEN_RULE_KNOCK_OUT, "$.knock_out", error, "the %s %u in cell "
                           "%d is not lower than the red %u", pen_color_to_string
                           (pen_die_get_color (out)), pen_die_get_value (out), at, value))
    return FALSE;
  g_list_store_remove (G_LIST_STORE (placed), target);
  *cell = at;
  if (knock_out)
    /* Translators: Knock Out, in a placement's label: "; knocks out a Spark 4" */
    g_string_append_printf (knocked, _("; knocks out %s %u"),
                            pen_color_get_label (pen_die_get_color (out)),
                            pen_die_get_value (out));
  else
    /* Translators: Knock Out, in a placement's label: "; discards a Red die to knock out a
     * Spark 4" */
    g_string_append_printf (knocked, _("; discards a Red die to knock out %s %u"),
                            pen_color_get_label (pen_die_get_color (out)),
                            pen_die_get_value (out));
  return TRUE;
}

/* Primagic Bribe (Ingredients › Jewels): "Discard 1 Jewel to refresh any one market (Brewery,
 * Shop or one of the Classes). Discard all cards of the chosen market and lay out new cards
 * from the top of the deck. Note: the Contract row in the Guild is not a market." The new cards:
 * "reveal" when the table names them; else the deck's (app-dealt, and a physical game dealt
 * from the seed), an unknown card at a table that says its market's cards (named as it buys),
 * a fresh unnamed Discipline card in a Class (written into the action, so its log replays) */
gboolean
pen_locations_bribe (PenTable    *table,
                     JsonObject  *params,
                     GString     *label,
                     GError     **error)
{
  GListModel *markets = pen_table_get_markets (table);
  GListModel *decks = pen_table_get_market_decks (table);
  const char *market = NULL;
  JsonArray *reveal = NULL;
  gint64 wizard;
  PenWizard *w;
  PenCardType type;
  int discipline;
  guint jewel, n = 0, k = 0;
  g_autoptr(JsonArray) written = json_array_new ();

  if (pen_table_get_n_players (table) == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "no game has been started");
      return FALSE;
    }
  if (!pen_json_get_int (params, P, "wizard", TRUE, 0, pen_table_get_n_players (table) - 1,
                         &wizard, error)
      || !pen_json_get_string (params, P, "market", TRUE, &market, error))
    return FALSE;
  w = pen_table_get_wizard (table, wizard);
  discipline = pen_mark_kind_from_string (market);
  if (g_str_equal (market, "brewery"))
    type = PEN_CARD_POTION;
  else if (g_str_equal (market, "shop"))
    type = PEN_CARD_ARTIFACT;
  else if (discipline >= 0 && discipline < PEN_MARK_SPARK)
    type = PEN_CARD_DISCIPLINE;
  else
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.market: \"%s\" is not a market "
                   "(brewery, shop or a Discipline's Class; the Guild's Contract row is not "
                   "one)", market);
      return FALSE;
    }
  if (json_object_has_member (params, "reveal"))
    {
      if (!(reveal = pen_json_expect_array (json_object_get_member (params, "reveal"),
                                            "$.reveal", error)))
        return FALSE;
      for (guint i = 0; i < json_array_get_length (reveal); i++)
        {
          g_autofree char *ep = pen_json_path_index ("$.reveal", i);
          JsonNode *node = json_array_get_element (reveal, i);
          const char *id = JSON_NODE_HOLDS_VALUE (node)
                           && json_node_get_value_type (node) == G_TYPE_STRING
                           ? json_node_get_string (node) : NULL;
          PenCard *card = id != NULL ? pen_catalog_lookup (pen_catalog_get_default (), id)
                                     : NULL;
          PenCardType t = card != NULL ? pen_card_get_card_type (card) : PEN_N_CARD_TYPES;

          if (card == NULL
              || (type == PEN_CARD_ARTIFACT ? !pen_box_is_artifact_kind (t)
                  : type == PEN_CARD_DISCIPLINE ? !pen_box_is_discipline_kind (t)
                  : t != type))
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: not a card the %s market "
                           "lays out", ep, market);
              return FALSE;
            }
        }
    }
  if (type == PEN_CARD_DISCIPLINE && !pen_table_has_class (table, discipline))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.market: the %s Class was put back in "
                   "the box at set-up", market);
      return FALSE;
    }
  /* during Study: the player's own Study turn (Ingredients › Jewels › Bribe, as the Jewel it
   * costs below: Bribe is a Primagic effect, no location's, so rule location-cost is not it) */
  if ((pen_table_get_turn_kind (table) != PEN_TURN_STUDY || pen_table_get_current (table)
                                                             != (guint) wizard)
      && !pen_rule_refuse (table, PEN_RULE_BRIBE_DURING_STUDY, "$", error,
                           "it is not %s's Study turn", pen_wizard_get_name (w)))
    return FALSE;
  if (pen_wizard_get_mortal_wound_this_turn (w)
      && !pen_rule_refuse (table, PEN_RULE_MORTAL_WOUND_ENDS_TURN, "$", error, NULL))
    return FALSE;
  jewel = pen_wizard_get_ingredient (w, PEN_INGREDIENT_JEWEL);
  if (jewel == 0
      && !refuse_cost_by (table, PEN_RULE_BRIBE_DURING_STUDY, error, "$", w,
                          PEN_INGREDIENT_JEWEL, 1, C_("what costs", "Bribe"), "Bribe"))
    return FALSE;
  pen_wizard_set_ingredient (w, PEN_INGREDIENT_JEWEL, jewel - MIN (jewel, 1));

  /* every card of the market is discarded, a new one laid out in its place */
  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) m = g_list_model_get_item (markets, i);
      g_autofree char *id = NULL;

      if (g_strcmp0 (pen_table_card_get_zone (m), market) != 0)
        continue;
      n++;
      if (reveal != NULL && k < json_array_get_length (reveal))
        id = g_strdup (json_array_get_string_element (reveal, k++));
      else if (type == PEN_CARD_DISCIPLINE)
        id = pen_locations_fresh_discipline_card (table);
      else if (!pen_table_get_table_markets (table))
        for (guint d = 0; d < g_list_model_get_n_items (decks) && id == NULL; d++)
          {
            g_autoptr(PenTableCard) top = g_list_model_get_item (decks, d);

            if (g_strcmp0 (pen_table_card_get_zone (top), market) == 0)
              id = pen_table_list_take (decks, d);
          }
      if (id == NULL && !pen_table_get_table_markets (table) && type != PEN_CARD_DISCIPLINE)
        {
          /* the deck ran out: the place stays empty */
          g_list_store_remove (G_LIST_STORE (markets), i--);
          continue;
        }
      pen_table_card_set_card_id (m, id);
      if (type == PEN_CARD_DISCIPLINE && id != NULL)
        json_array_add_string_element (written, id);
    }
  if (reveal != NULL && k < json_array_get_length (reveal))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.reveal: %u cards for the %u places "
                   "of the %s market", json_array_get_length (reveal), n, market);
      return FALSE;
    }
  if (type == PEN_CARD_DISCIPLINE && reveal == NULL && json_array_get_length (written) > 0)
    json_object_set_array_member (params, "reveal", g_steal_pointer (&written));
  /* Translators: "Ann bribes: the Brewery market is refreshed for 1 Jewel" */
  g_string_printf (label, _("%s bribes: the %s market is refreshed for 1 Jewel"),
                   pen_wizard_get_display_name (w),
                   type == PEN_CARD_POTION ? C_("market", "Brewery")
                   : type == PEN_CARD_ARTIFACT ? C_("market", "Shop")
                   : pen_mark_kind_get_label (discipline));
  return TRUE;
}

/* Primagic Knock Out (Dice › Red): "… or discard a Red die to also discard any other placed
 * die". The place action does it on the way into a taken cell ("knock_out_discard"); this is
 * the same on its own, for any die placed in a location (a cell freed for a later
 * placement, another wizard's die taken off the board): "discard" is the Red die's index in
 * the wizard's supply, "placed" the die's in the table's placed dice. "During Study": the
 * wizard's own Study turn, and a Red die (both by the rule knock-out: the rule set has no room
 * for one more, PEN_N_RULES <= 32). */
gboolean
pen_locations_knock_out (PenTable    *table,
                         JsonObject  *params,
                         GString     *label,
                         GError     **error)
{
  PenLocations *self = pen_locations_get_default ();
  GListModel *placed = pen_table_get_placed (table);
  gint64 wizard, discard, target;
  g_autoptr(PenDie) out = NULL;
  g_autofree char *location = NULL;
  const char *where = NULL;
  PenColor color;
  PenWizard *w;

  if (pen_table_get_n_players (table) == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "no game has been started");
      return FALSE;
    }
  if (!pen_json_get_int (params, P, "wizard", TRUE, 0, pen_table_get_n_players (table) - 1,
                         &wizard, error))
    return FALSE;
  w = pen_table_get_wizard (table, wizard);
  if (g_list_model_get_n_items (pen_wizard_get_supply (w)) == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.discard: %s has no die to discard",
                   pen_wizard_get_name (w));
      return FALSE;
    }
  if (g_list_model_get_n_items (placed) == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.placed: no die is placed in a "
                   "location");
      return FALSE;
    }
  if (!pen_json_get_int (params, P, "discard", TRUE, 0,
                         (gint64) g_list_model_get_n_items (pen_wizard_get_supply (w)) - 1,
                         &discard, error)
      || !pen_json_get_int (params, P, "placed", TRUE, 0,
                            (gint64) g_list_model_get_n_items (placed) - 1, &target, error))
    return FALSE;
  if ((pen_table_get_turn_kind (table) != PEN_TURN_STUDY
       || pen_table_get_current (table) != (guint) wizard)
      && !pen_rule_refuse_said (table, PEN_RULE_KNOCK_OUT, "$", error,
                                /* Translators: the Primagic Knock Out refused off the
                                 * player's Study turn */
                                g_strdup_printf (_("Knock Out is used during Study: it is not "
                                                   "%s’s Study turn"),
                                                 pen_wizard_get_display_name (w)),
                                "Knock Out is during Study: it is not %s's Study turn",
                                pen_wizard_get_name (w)))
    return FALSE;
  if (pen_wizard_get_mortal_wound_this_turn (w)
      && !pen_rule_refuse (table, PEN_RULE_MORTAL_WOUND_ENDS_TURN, "$", error, NULL))
    return FALSE;
  color = pen_die_get_color (pen_wizard_get_die (w, discard));
  if (color != PEN_COLOR_RED
      && !pen_rule_refuse (table, PEN_RULE_KNOCK_OUT, "$.discard", error,
                           "die %d of the supply is %s, not red", (int) discard,
                           pen_color_to_string (color)))
    return FALSE;

  out = g_list_model_get_item (placed, target);
  if (pen_die_get_location (out) != NULL)
    {
      location = g_strdup (pen_die_get_location (out));
      if (strchr (location, '/') != NULL)
        *strchr (location, '/') = '\0';
      where = pen_locations_get_name (self, location);
    }
  g_list_store_remove (G_LIST_STORE (placed), target);
  pen_wizard_remove_die (w, discard);
  if (where != NULL)
    /* Translators: Knock Out on its own: "Ann discards a Red die to knock out the Spark 4 in
     * the Ruby Class" */
    g_string_printf (label, _("%s discards a Red die to knock out the %s %u in the %s"),
                     pen_wizard_get_display_name (w), pen_color_get_label (pen_die_get_color (out)),
                     pen_die_get_value (out), where);
  else
    /* Translators: Knock Out on its own, a die placed with no location: "Ann discards a Red
     * die to knock out a placed Spark 4" */
    g_string_printf (label, _("%s discards a Red die to knock out a placed %s %u"),
                     pen_wizard_get_display_name (w), pen_color_get_label (pen_die_get_color (out)),
                     pen_die_get_value (out));
  return TRUE;
}

/* DEFEND's "defend" of a placement names supply dice before the die is placed, as "index"
 * does; sub gets them as they lie once it (and Knock Out's Red die, discard) has left */
static gboolean
defend_after (JsonObject  *params,
              gint64       index,
              gint64       discard,
              JsonObject  *sub,
              GError     **error)
{
  JsonArray *given = pen_json_expect_array (json_object_get_member (params, "defend"),
                                            "$.defend", error);
  g_autoptr(JsonArray) after = json_array_new ();

  if (given == NULL)
    return FALSE;
  for (guint k = 0; k < json_array_get_length (given); k++)
    {
      g_autofree char *ep = pen_json_path_index ("$.defend", k);
      gint64 j;

      if (!pen_json_node_int (json_array_get_element (given, k), ep, 0, 255, &j, error))
        return FALSE;
      if (j == index || j == discard)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "%s: die %d leaves the supply with "
                       "this placement", ep, (int) j);
          return FALSE;
        }
      json_array_add_int_element (after, j - (j > index) - (discard >= 0 && j > discard));
    }
  json_object_set_array_member (sub, "defend", json_array_ref (after));
  return TRUE;
}

gboolean
pen_locations_place (PenTable    *table,
                     JsonObject  *params,
                     GString     *label,
                     GError     **error)
{
  PenLocations *self = pen_locations_get_default ();
  const char *location = NULL, *section = NULL;
  gint64 wizard, index, cell = -1;
  gboolean outside = FALSE;
  guint players = MAX (pen_table_get_n_players (table), 2);
  GListModel *placed = pen_table_get_placed (table);
  g_autoptr(GString) knocked = g_string_new (NULL);
  gint64 discard = -1;
  g_autofree gboolean *taken = NULL;
  g_autoptr(PenDie) die = NULL;
  g_autofree char *at = NULL;
  Location *l;
  Section *s;
  PenWizard *w;
  PenColor color;
  guint value, n_supply;
  int took = -1;

  if (pen_table_get_n_players (table) == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "no game has been started");
      return FALSE;
    }
  if (!pen_json_get_int (params, P, "wizard", TRUE, 0, pen_table_get_n_players (table) - 1,
                         &wizard, error))
    return FALSE;
  w = pen_table_get_wizard (table, wizard);
  n_supply = g_list_model_get_n_items (pen_wizard_get_supply (w));
  if (n_supply == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$.index: %s has no dice",
                   pen_wizard_get_name (w));
      return FALSE;
    }
  if (!pen_json_get_int (params, P, "index", TRUE, 0, n_supply - 1, &index, error)
      || !pen_json_get_string (params, P, "location", TRUE, &location, error)
      || !pen_json_get_string (params, P, "section", FALSE, &section, error)
      || !pen_json_get_int (params, P, "cell", FALSE, 0, 20, &cell, error)
      || !pen_json_get_bool (params, P, "outside", FALSE, &outside, error))
    return FALSE;
  if (!(l = find_location (self, location)))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.location: \"%s\" is not a location",
                   location);
      return FALSE;
    }
  if (!(s = find_section (l, section)))
    {
      if (section != NULL)
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.section: \"%s\" is not a section "
                     "of %s", section, location);
      else
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.section: missing (%s has several)",
                     location);
      return FALSE;
    }

  if (l->discipline >= 0 && !pen_table_has_class (table, l->discipline)
      && !refuse_rule (table, error, PEN_RULE_CLASS_IN_GAME, "$.location",
                       "%s was put back in the box at set-up", l->name_en))
    return FALSE;

  color = pen_die_get_color (pen_wizard_get_die (w, index));
  value = pen_die_get_value (pen_wizard_get_die (w, index));

  if (!knock_out_cell (table, l, s, w, params, index, color, value, &cell, &discard, knocked,
                       error))
    return FALSE;

  /* which printed cells hold a die */
  taken = taken_cells (table, l, s);
  /* Appear: outside the cells, the condition of the cell whose effect is used still holds */
  if (!check_die (self, table, l->id, s->id, (int) cell, color, value, players,
                  outside ? NULL : taken, &took, error))
    return FALSE;
  if (!pen_turn_use_placement (table, w, params, error))
    return FALSE;

  at = took >= 0 && !outside ? g_strdup_printf ("%s/%s/%d", l->id, s->id, took)
                             : g_strdup_printf ("%s/%s", l->id, s->id);
  die = pen_die_new (color, value, FALSE);
  pen_die_set_location (die, at);
  g_list_store_append (G_LIST_STORE (placed), die);
  pen_wizard_remove_die (w, index);
  /* Knock Out's Red die, discarded */
  if (discard >= 0)
    pen_wizard_remove_die (w, discard > index ? discard - 1 : discard);
  g_string_printf (label, _("%s places a die in %s: "), pen_wizard_get_display_name (w),
                   pick_name (l->name_en, l->name_ru));
  g_string_append_printf (label, _("%s %u"), pen_color_get_label (color), value);
  g_string_append (label, knocked->str);

  /* DEFEND's Yellow dice discarded: for a Contract's Withstand Threat task, or the Ruins'
   * Threat die ("and with any other effect involving Threat") */
  if (json_object_has_member (params, "defend") && s->effect != PEN_EFFECT_CONTRACT
      && s->effect != PEN_EFFECT_BLOOD)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.defend: only a Contract fulfilled "
                   "at the Guild or the Ruins' Threat die discards Yellow dice for DEFEND here");
      return FALSE;
    }
  switch (s->effect)
    {
    case PEN_EFFECT_MARK_AND_CARD:
      {
        gint64 arcana = -1;
        int free_cell = pen_wizard_first_free_cell (w, FALSE);
        int cost;

        if (!pen_json_get_int (params, P, "arcana", FALSE, 0, PEN_INGREDIENT_CAP, &arcana,
                               error))
          return FALSE;
        if (free_cell < 0)
          {
            refuse (error, "$.section: %s has no free Discipline cell",
                    pen_wizard_get_name (w));
            return FALSE;
          }
        cost = pen_board_layout_get_arcana_cost (pen_board_layout_get_default (), free_cell);
        if (arcana < 0 && cost < 0)
          {
            g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.arcana: the Arcana cost "
                         "printed on Mastery cell %d is not known: say what was paid",
                         free_cell + 1);
            return FALSE;
          }
        if (arcana < 0)
          {
            /* the board's value joins the action, so its log replays without it */
            arcana = cost;
            json_object_set_int_member (params, "arcana", arcana);
          }
        if (pen_wizard_get_ingredient (w, PEN_INGREDIENT_ARCANA) < arcana
            && !refuse_cost (table, error, "$.arcana", w, PEN_INGREDIENT_ARCANA, arcana,
                             C_("what costs", "the Mark"), "the Mark"))
          return FALSE;
        pen_wizard_set_ingredient (w, PEN_INGREDIENT_ARCANA,
                                   pen_wizard_get_ingredient (w, PEN_INGREDIENT_ARCANA)
                                   - MIN (arcana, pen_wizard_get_ingredient (w,
                                                                      PEN_INGREDIENT_ARCANA)));
        if (!pen_turn_gain_mark (table, w, l->discipline, TRUE, error))
          return FALSE;
        {
          g_autofree char *paid = pen_ingredient_format_amount (PEN_INGREDIENT_ARCANA, arcana);

          /* Translators: a Mark with its article, then an amount: "; gains a Ruby Mark for
           * 2 Arcana" */
          g_string_append_printf (label, _("; gains %s for %s"),
                                  pen_mark_kind_get_mark_object (l->discipline), paid);
        }
        if (!class_card (table, w, params, l->discipline, label, error))
          return FALSE;
      }
      break;
    case PEN_EFFECT_CARD:
      {
        gint64 arcana = -1;

        if (!pen_json_get_int (params, P, "arcana", FALSE, 0, PEN_INGREDIENT_CAP, &arcana,
                               error))
          return FALSE;
        /* Locations › Class, Gain a card: the section costs nothing; a card's printed cost,
         * its Arcana too, is paid when the card is used (Wizard cards › Cost, Summons and
         * Pets), so Arcana paid here is refused; done anyway, it is paid (play finding R10) */
        if (arcana > 0)
          {
            g_autofree char *paid = pen_ingredient_format_amount (PEN_INGREDIENT_ARCANA,
                                                                  (guint) arcana);

            if (!pen_rule_refuse_said (table, PEN_RULE_LOCATION_COST, "$.arcana", error,
                                       g_strdup (_("A Class gives its Discipline card free: "
                                                   "the Arcana printed in the card’s cost is "
                                                   "paid when the card is used")),
                                       "a Class gives its Discipline card free; the Arcana in "
                                       "the card's cost is paid when it is used"))
              return FALSE;
            pen_wizard_set_ingredient (w, PEN_INGREDIENT_ARCANA,
                                       pen_wizard_get_ingredient (w, PEN_INGREDIENT_ARCANA)
                                       - MIN ((guint) arcana,
                                              pen_wizard_get_ingredient (w,
                                                                         PEN_INGREDIENT_ARCANA)));
            /* Translators: Arcana paid for a Discipline card at a Class, against the rule */
            g_string_append_printf (label, _("; pays %s for the card"), paid);
          }
        if (!class_card (table, w, params, l->discipline, label, error))
          return FALSE;
      }
      break;
    case PEN_EFFECT_DIE:
      {
        PenColor c = pen_mark_kind_color (l->discipline);
        g_autoptr(PenDie) gained = NULL;
        guint face;

        if (!die_face (table, params, "value", c, &face, error))
          return FALSE;
        gained = pen_die_new (c, face, FALSE);
        pen_wizard_add_die (w, gained);
        g_string_append (label, _("; gains a die: "));
        g_string_append_printf (label, _("%s %u"), pen_color_get_label (c), face);
      }
      break;
    case PEN_EFFECT_EXCHANGE:
      if (json_object_has_member (params, "give") || json_object_has_member (params, "get"))
        {
          g_autoptr(JsonObject) sub = sub_params (wizard, params, "give", "get", NULL);
          g_autoptr(GString) sublabel = g_string_new (NULL);
          guint give[PEN_N_INGREDIENTS] = { 0, }, get[PEN_N_INGREDIENTS] = { 0, };
          int short_of = -1;

          if ((json_object_has_member (params, "give")
               && !read_ingredients (json_object_get_member (params, "give"), "$.give", give,
                                     error))
              || (json_object_has_member (params, "get")
                  && !read_ingredients (json_object_get_member (params, "get"), "$.get", get,
                                        error)))
            return FALSE;
          if (!pen_rest_check_exchange (give, get, NULL, NULL, error))
            return FALSE;
          for (guint k = 0; k < PEN_N_INGREDIENTS && short_of < 0; k++)
            if (give[k] > pen_wizard_get_ingredient (w, k))
              short_of = (int) k;
          /* what is given and not had: refused by the rule, which the table may overrule;
           * then what the wizard has is given, and the rest gained as said */
          if (short_of >= 0)
            {
              if (!refuse_cost (table, error, "$.give", w, short_of, give[short_of],
                                C_("what costs", "the exchange"), "the exchange"))
                return FALSE;
              for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
                {
                  pen_wizard_set_ingredient (w, k, pen_wizard_get_ingredient (w, k)
                                                   - MIN (give[k],
                                                          pen_wizard_get_ingredient (w, k)));
                  gain (w, k, get[k]);
                }
              g_string_append (label, _("; exchanges at the Bazaar"));
            }
          else
            {
              if (!pen_rest_exchange (table, sub, sublabel, error))
                return FALSE;
              g_string_append_printf (label, "; %s", sublabel->str);
            }
        }
      break;
    case PEN_EFFECT_BUY_POTIONS:
    case PEN_EFFECT_BUY_ARTIFACT:
      if (!buy (table, w, wizard, params, s->effect == PEN_EFFECT_BUY_ARTIFACT, color, label,
                error))
        return FALSE;
      break;
    case PEN_EFFECT_CONTRACT:
      if (json_object_has_member (params, "slot") || json_object_has_member (params, "contract"))
        {
          g_autoptr(JsonObject) sub = sub_params (wizard, params, "slot", "reveal", "fate",
                                                  "task_pay", "reward", "blood_source",
                                                  "withstand", "withstand_rolled",
                                                  "reward_cards", NULL);
          g_autoptr(GString) threat_label = g_string_new (NULL);
          g_autofree char *id = NULL;
          gboolean fulfilled = TRUE;

          if (json_object_has_member (params, "contract"))
            json_object_set_member (sub, "card",
                                    json_node_copy (json_object_get_member (params,
                                                                            "contract")));
          /* Defend: a Yellow die placed here discards one of a Withstand task's Threat dice */
          json_object_set_boolean_member (sub, "yellow_placed", color == PEN_COLOR_YELLOW);
          /* and so does each Yellow die discarded from the supply ("defend": the supply's
           * indices before the die was placed, as "index"; the task reads those after) */
          if (json_object_has_member (params, "defend")
              && !defend_after (params, index, discard, sub, error))
            return FALSE;
          if (!(id = pen_turn_fulfil_contract (table, w, sub, &fulfilled, threat_label, error)))
            return FALSE;
          /* the Light or Darkness it brought joins the action */
          /* and so do what its task took and what it gave, and the Threat dice it rolled */
          for (guint k = 0; k < 5; k++)
            {
              const char *key = (const char *[]) { "fate", "task_pay", "reward", "withstand",
                                                   "withstand_rolled" }[k];

              if (json_object_has_member (sub, key) && !json_object_has_member (params, key))
                json_object_set_member (params, key,
                                        json_node_copy (json_object_get_member (sub, key)));
            }
          /* the reward's cards as dealt (Contracts and Trials › Rewards › Cards) */
          if (json_object_has_member (sub, "reward_cards"))
            json_object_set_member (params, "reward_cards",
                                    json_node_copy (json_object_get_member (sub, "reward_cards")));
          if (threat_label->len > 0)
            g_string_append_printf (label, "; %s", threat_label->str);
          if (fulfilled)
            {
              g_string_append_printf (label, _("; fulfils %s"), pen_turn_card_name (id));
              pen_turn_label_reward_cards (params, label);
            }
          else
            /* Translators: a Contract whose "Withstand Threat" task brought a Mortal Wound */
            g_string_append_printf (label, _("; %s is not fulfilled"), pen_turn_card_name (id));
        }
      break;
    case PEN_EFFECT_RESOURCE:
      break;
    case PEN_EFFECT_SPARK:
      {
        g_autoptr(PenDie) spark = NULL;
        guint face;
        int paid;

        /* the Blood from the supply or a wounded Mark flipped (USE BLOOD), as the wizard
         * chose ("blood_source"; the supply first without it) */
        if (!pen_turn_blood_payment (w, params, &paid, error))
          return FALSE;
        if (paid == PEN_BLOOD_NONE
            && !refuse_cost (table, error, "$.location", w, PEN_INGREDIENT_BLOOD, 1,
                             C_("what costs", "the Spark die"), "the Spark die"))
          return FALSE;
        if (!die_face (table, params, "value", PEN_COLOR_SPARK, &face, error))
          return FALSE;
        pen_turn_pay_blood (w, params, paid);
        spark = pen_die_new (PEN_COLOR_SPARK, face, FALSE);
        pen_wizard_add_die (w, spark);
        if (paid >= 0)
          /* Translators: a Mark's name, then the Spark die's face after the colon */
          g_string_append_printf (label, _("; 1 Blood from the wounded %s for a Spark die: "),
                                  pen_mark_kind_get_mark_name (pen_mark_get_kind (
                                    pen_wizard_get_mark_in_cell (w, paid))));
        else
          g_string_append (label, _("; 1 Blood for a Spark die: "));
        g_string_append_printf (label, "%u", face);
      }
      break;
    case PEN_EFFECT_BLOOD:
      {
        gboolean wounded_before = pen_wizard_get_mortal_wound_this_turn (w);

        guint defended = 0;

        /* DEFEND by discarding Yellow dice from the supply: before the roll, each discards
         * one Threat die, and the Ruins have one (none once a Yellow die is placed) */
        if (json_object_has_member (params, "defend"))
          {
            g_autoptr(JsonObject) sub = json_object_new ();
            JsonArray *after;
            guint yellow = 0;

            if (!defend_after (params, index, discard, sub, error))
              return FALSE;
            after = json_object_get_array_member (sub, "defend");
            if (json_array_get_length (after) > 0
                && json_array_get_int_element (after, 0)
                   < g_list_model_get_n_items (pen_wizard_get_supply (w)))
              yellow = pen_die_get_value (pen_wizard_get_die (w, json_array_get_int_element (
                                                                   after, 0)));
            if (!pen_turn_defend (table, w, color == PEN_COLOR_YELLOW ? 0 : 1, sub, &defended,
                                  error))
              return FALSE;
            if (defended > 0 && (json_object_has_member (params, "threat")
                                 || json_object_has_member (params, "threat_pick")))
              {
                g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.threat: DEFEND discarded "
                             "the Threat die: it is not rolled");
                return FALSE;
              }
            if (defended > 0)
              /* Translators: DEFEND at the Ruins, "; discards the Yellow 3: DEFEND discards the
               * Threat die" */
              g_string_append_printf (label, _("; discards the Yellow %u: DEFEND discards the "
                                               "Threat die"), yellow);
          }
        /* Defend: a Yellow die placed here discards the Threat die */
        if (color == PEN_COLOR_YELLOW)
          g_string_append (label, _("; the Yellow die discards the Threat die"));
        else if (defended == 0)
          {
            g_autoptr(JsonObject) sub = json_object_new ();
            g_autoptr(JsonArray) dice = json_array_new ();
            g_autoptr(GString) sublabel = g_string_new (NULL);
            guint face;
            gint64 pick = -1;

            if (!threat_face (table, params, &face, error)
                || !threat_pick (params, face, &pick, error))
              return FALSE;
            if (pick >= 0
                && (pick >= g_list_model_get_n_items (pen_wizard_get_supply (w))
                    || pen_die_get_value (pen_wizard_get_die (w, pick)) != face))
              {
                g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.threat_pick: die %u of "
                             "the supply left does not show the Threat die's %u", (guint) pick,
                             face);
                return FALSE;
              }
            json_array_add_int_element (dice, face);
            json_object_set_int_member (sub, "wizard", wizard);
            json_object_set_array_member (sub, "dice", json_array_ref (dice));
            /* Threat, step 3: of several dice of its value, the wizard discards any one
             * (an index into the supply the placed die has left) */
            if (pick >= 0)
              {
                JsonArray *picks = json_array_new ();

                json_array_add_int_element (picks, pick);
                json_object_set_array_member (sub, "picks", picks);
              }
            if (!pen_turn_threat (table, sub, sublabel, error))
              return FALSE;
            g_string_append_printf (label, "; %s", sublabel->str);
          }
        /* a Mortal Wound ends the turn at once: the Blood is not gained */
        if (!wounded_before && pen_wizard_get_mortal_wound_this_turn (w))
          break;
        gain (w, PEN_INGREDIENT_BLOOD, 2);
        g_string_append (label, _("; gains 2 Blood"));
      }
      break;
    case PEN_N_EFFECTS:
    default:
      g_assert_not_reached ();
    }

  /* the Forest's own Resource die, and Primagic: a Green die in the Wilds, a Purple one in
   * the City, each rolls one more */
  {
    guint count = s->effect == PEN_EFFECT_RESOURCE ? 1 : 0;
    gboolean primagic = TRUE;

    /* Locations › Primagic effects: the wizard "may also" roll it ("primagic_resource":
     * false leaves it) */
    if (!pen_json_get_bool (params, P, "primagic_resource", FALSE, &primagic, error))
      return FALSE;
    if (primagic && ((l->area == PEN_AREA_WILDS && color == PEN_COLOR_GREEN)
                     || (l->area == PEN_AREA_CITY && color == PEN_COLOR_PURPLE)))
      count++;
    if (!resource_dice (table, w, params, count, label, error))
      return FALSE;
  }
  return TRUE;
}
