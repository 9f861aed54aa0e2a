/* pen-catalog.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>

#include "pen-catalog.h"
#include "pen-core-resources.h"
#include "pen-json.h"

#define RESOURCE_PATH "/io/github/penumbracompanion/PenumbraCompanion/core/cards.json"
#define USER_FORMAT 1

struct _PenCatalog
{
  GObject      parent_instance;

  GPtrArray   *base;          /* JsonObject, the rulebook's entries in order */
  GHashTable  *base_index;    /* id -> GUINT_TO_POINTER (index + 1) */
  GPtrArray   *first_game[3]; /* ids (char *) */
  int          box[PEN_N_CARD_TYPES];

  JsonObject  *user_values;   /* id -> {field: value} */
  GPtrArray   *user_cards;    /* JsonObject */
  char        *user_file;
  GError      *user_error;
  gboolean     user_file_bad; /* move it aside before writing */

  GPtrArray   *items;         /* PenCard */
  GHashTable  *by_id;         /* id -> PenCard (borrowed from items) */
  GHashTable  *placeholders;  /* id -> PenCard, made on first lookup */
};

static void pen_catalog_list_model_init (GListModelInterface *iface);
static JsonNode *deep_copy (JsonNode *node);

G_DEFINE_FINAL_TYPE_WITH_CODE (PenCatalog, pen_catalog, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      pen_catalog_list_model_init))

static const char * const first_game_sections[] = { "prophecies", "trial_row", "fate_deck" };

static GType
pen_catalog_get_item_type (GListModel *model)
{
  return PEN_TYPE_CARD;
}

static guint
pen_catalog_get_n_items (GListModel *model)
{
  return PEN_CATALOG (model)->items->len;
}

static gpointer
pen_catalog_get_item (GListModel *model,
                      guint       position)
{
  PenCatalog *self = PEN_CATALOG (model);

  if (position >= self->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
pen_catalog_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = pen_catalog_get_item_type;
  iface->get_n_items = pen_catalog_get_n_items;
  iface->get_item = pen_catalog_get_item;
}

static void
pen_catalog_finalize (GObject *object)
{
  PenCatalog *self = PEN_CATALOG (object);

  g_ptr_array_unref (self->base);
  g_hash_table_unref (self->base_index);
  for (guint i = 0; i < G_N_ELEMENTS (self->first_game); i++)
    g_ptr_array_unref (self->first_game[i]);
  json_object_unref (self->user_values);
  g_ptr_array_unref (self->user_cards);
  g_free (self->user_file);
  g_clear_error (&self->user_error);
  g_ptr_array_unref (self->items);
  g_hash_table_unref (self->by_id);
  g_hash_table_unref (self->placeholders);

  G_OBJECT_CLASS (pen_catalog_parent_class)->finalize (object);
}

static void
pen_catalog_class_init (PenCatalogClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pen_catalog_finalize;
}

static void
pen_catalog_init (PenCatalog *self)
{
  self->base = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  self->base_index = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < G_N_ELEMENTS (self->first_game); i++)
    self->first_game[i] = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < PEN_N_CARD_TYPES; i++)
    self->box[i] = -1;
  self->user_values = json_object_new ();
  self->user_cards = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->placeholders = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
}

static JsonObject *
base_entry (PenCatalog *self,
            const char *id)
{
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (self->base_index, id));

  return index > 0 ? g_ptr_array_index (self->base, index - 1) : NULL;
}

/* The built-in catalogue is part of the program: a fault in it is a bug, caught by the tests. */
static void
load_builtin (PenCatalog *self)
{
  static const char * const top_keys[] = {
    "format", "note", "box", "cards", "classes", "first_game", NULL
  };
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *obj, *box, *first;
  JsonArray *cards;
  gsize size;
  const char *data;

  bytes = g_resource_lookup_data (pen_core_get_resource (), RESOURCE_PATH,
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    g_error ("cards.json is missing from the core resource: %s", error->message);
  data = g_bytes_get_data (bytes, &size);
  root = pen_json_parse (data, size, &error);
  if (root == NULL
      || (obj = pen_json_expect_object (root, "$", &error)) == NULL
      || !pen_json_check_keys (obj, "$", top_keys, &error)
      || (cards = pen_json_expect_array (json_object_get_member (obj, "cards"), "$.cards",
                                         &error)) == NULL)
    g_error ("cards.json: %s", error->message);

  for (guint i = 0; i < json_array_get_length (cards); i++)
    {
      g_autofree char *path = pen_json_path_index ("$.cards", i);
      JsonObject *entry = pen_json_expect_object (json_array_get_element (cards, i), path,
                                                  &error);
      g_autoptr(PenCard) card = NULL;

      if (entry == NULL || (card = pen_card_new_from_json (entry, path, &error)) == NULL)
        g_error ("cards.json: %s", error->message);
      if (g_hash_table_contains (self->base_index, pen_card_get_id (card)))
        g_error ("cards.json: %s.id: duplicate", path);
      g_ptr_array_add (self->base, json_object_ref (entry));
      g_hash_table_insert (self->base_index, (gpointer) json_object_get_string_member (entry,
                                                                                       "id"),
                           GUINT_TO_POINTER (self->base->len));
    }

  box = json_object_get_object_member (obj, "box");
  for (guint i = 0; box != NULL && i < PEN_N_CARD_TYPES; i++)
    {
      const char *key = pen_card_type_to_string (i);

      if (json_object_has_member (box, key))
        self->box[i] = (int) json_object_get_int_member (box, key);
    }

  first = json_object_get_object_member (obj, "first_game");
  for (guint s = 0; first != NULL && s < G_N_ELEMENTS (first_game_sections); s++)
    {
      JsonArray *list = json_object_get_array_member (first, first_game_sections[s]);

      for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
        {
          JsonObject *e = json_array_get_object_element (list, i);
          const char *id = json_object_get_string_member (e, "id");

          if (base_entry (self, id) == NULL)
            g_error ("cards.json: $.first_game.%s[%u]: unknown card %s",
                     first_game_sections[s], i, id);
          g_ptr_array_add (self->first_game[s], g_strdup (id));
        }
    }
}

/* Builds every card of a state (rulebook entries with answers, then user cards). */
static GPtrArray *
build_items (PenCatalog  *self,
             JsonObject  *values,
             GPtrArray   *user_cards,
             GError     **error)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < self->base->len; i++)
    {
      JsonObject *entry = g_ptr_array_index (self->base, i);
      const char *id = json_object_get_string_member (entry, "id");
      JsonObject *answers = json_object_has_member (values, id)
                            ? json_object_get_object_member (values, id) : NULL;
      g_autoptr(PenCard) card = NULL;

      if (answers == NULL || json_object_get_size (answers) == 0)
        {
          card = pen_card_new_from_json (entry, "$", error);
        }
      else
        {
          g_autoptr(JsonObject) merged = json_object_new ();
          g_autofree char *path = pen_json_path_key ("$.values", id);
          g_autoptr(GStrvBuilder) fields = g_strv_builder_new ();
          g_auto(GStrv) strv = NULL;
          JsonObjectIter iter;
          const char *name;
          JsonNode *member;

          json_object_iter_init (&iter, entry);
          while (json_object_iter_next (&iter, &name, &member))
            json_object_set_member (merged, name, json_node_copy (member));
          json_object_iter_init (&iter, answers);
          while (json_object_iter_next (&iter, &name, &member))
            {
              json_object_set_member (merged, name, json_node_copy (member));
              g_strv_builder_add (fields, name);
            }
          card = pen_card_new_from_json (merged, path, error);
          strv = g_strv_builder_end (fields);
          if (card != NULL)
            pen_card_set_user_origin (card, (const char * const *) strv, FALSE);
        }
      if (card == NULL)
        return NULL;
      g_ptr_array_add (items, g_steal_pointer (&card));
    }

  for (guint i = 0; i < user_cards->len; i++)
    {
      g_autofree char *path = pen_json_path_index ("$.cards", i);
      PenCard *card = pen_card_new_from_json (g_ptr_array_index (user_cards, i), path, error);

      if (card == NULL)
        return NULL;
      pen_card_set_user_origin (card, NULL, TRUE);
      g_ptr_array_add (items, card);
    }

  return g_steal_pointer (&items);
}

static gboolean
card_equal (PenCard *a,
            PenCard *b)
{
  g_autoptr(JsonNode) ja = pen_card_to_json (a);
  g_autoptr(JsonNode) jb = pen_card_to_json (b);
  const char * const *fields = pen_card_get_user_fields ();

  if (!json_node_equal (ja, jb) || pen_card_is_user_added (a) != pen_card_is_user_added (b))
    return FALSE;
  for (guint i = 0; fields[i] != NULL; i++)
    if (pen_card_is_user_value (a, fields[i]) != pen_card_is_user_value (b, fields[i]))
      return FALSE;
  return TRUE;
}

/* Swaps in a new list, keeping the old objects of unchanged cards, and tells the views only
 * the range that changed. */
static void
commit_items (PenCatalog *self,
              GPtrArray  *items)
{
  guint old_n = self->items->len, new_n = items->len;
  guint first = 0, old_end = old_n, new_end = new_n;
  g_autoptr(GPtrArray) old = NULL;

  while (first < old_n && first < new_n
         && card_equal (g_ptr_array_index (self->items, first), g_ptr_array_index (items, first)))
    first++;
  while (old_end > first && new_end > first
         && card_equal (g_ptr_array_index (self->items, old_end - 1),
                        g_ptr_array_index (items, new_end - 1)))
    {
      old_end--;
      new_end--;
    }
  for (guint i = 0; i < new_n; i++)
    if (i < first || i >= new_end)
      {
        guint j = i < first ? i : i - new_end + old_end;
        PenCard *fresh = g_ptr_array_index (items, i);

        /* an unchanged card keeps its object, so views bound to it stay put */
        g_ptr_array_index (items, i) = g_object_ref (g_ptr_array_index (self->items, j));
        g_object_unref (fresh);
      }

  old = self->items;
  self->items = g_ptr_array_ref (items);
  g_hash_table_remove_all (self->by_id);
  for (guint i = 0; i < items->len; i++)
    {
      PenCard *card = g_ptr_array_index (items, i);
      g_hash_table_insert (self->by_id, (gpointer) pen_card_get_id (card), card);
    }

  if (old_end > first || new_end > first)
    g_list_model_items_changed (G_LIST_MODEL (self), first, old_end - first, new_end - first);
}

/* Validates a user catalogue document against the rulebook's entries. */
static gboolean
parse_user_doc (PenCatalog  *self,
                JsonNode    *root,
                JsonObject **values_out,
                GPtrArray  **cards_out,
                GError     **error)
{
  static const char * const top_keys[] = { "format", "values", "cards", NULL };
  g_autoptr(JsonObject) values = json_object_new ();
  g_autoptr(GPtrArray) cards = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  JsonObject *obj;
  gint64 format;

  obj = pen_json_expect_object (root, "$", error);
  if (obj == NULL || !pen_json_check_keys (obj, "$", top_keys, error)
      || !pen_json_get_int (obj, "$", "format", TRUE, 1, G_MAXINT32, &format, error))
    return FALSE;
  if (format > USER_FORMAT)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_NEWER,
                   "$.format: %" G_GINT64_FORMAT " is newer than this version reads (%d)",
                   format, USER_FORMAT);
      return FALSE;
    }

  if (json_object_has_member (obj, "values"))
    {
      JsonObject *vals = pen_json_expect_object (json_object_get_member (obj, "values"),
                                                 "$.values", error);
      JsonObjectIter iter;
      const char *id;
      JsonNode *member;

      if (vals == NULL)
        return FALSE;
      json_object_iter_init (&iter, vals);
      while (json_object_iter_next (&iter, &id, &member))
        {
          g_autofree char *path = pen_json_path_key ("$.values", id);
          JsonObject *entry = base_entry (self, id);
          JsonObject *answers, *copy;
          JsonObjectIter fiter;
          const char *field;
          JsonNode *value;

          if (entry == NULL)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                           "%s: not a card of the rulebook (user cards go in \"cards\")", path);
              return FALSE;
            }
          answers = pen_json_expect_object (member, path, error);
          if (answers == NULL
              || !pen_json_check_keys (answers, path, pen_card_get_user_fields (), error))
            return FALSE;
          copy = json_object_new ();
          json_object_set_object_member (values, id, copy);
          json_object_iter_init (&fiter, answers);
          while (json_object_iter_next (&fiter, &field, &value))
            {
              g_autoptr(PenCard) base = pen_card_new_from_json (entry, "$", NULL);

              if (JSON_NODE_HOLDS_NULL (value))
                continue;
              if (pen_card_is_known (base, field) && !pen_card_is_derived (base, field))
                {
                  g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                               "%s.%s: the rulebook prints this value; it cannot be replaced",
                               path, field);
                  return FALSE;
                }
              json_object_set_member (copy, field, json_node_copy (value));
            }
        }
    }

  if (json_object_has_member (obj, "cards"))
    {
      JsonArray *list = pen_json_expect_array (json_object_get_member (obj, "cards"), "$.cards",
                                               error);

      if (list == NULL)
        return FALSE;
      for (guint i = 0; i < json_array_get_length (list); i++)
        {
          g_autofree char *path = pen_json_path_index ("$.cards", i);
          JsonObject *entry = pen_json_expect_object (json_array_get_element (list, i), path,
                                                      error);
          g_autoptr(PenCard) card = NULL;

          if (entry == NULL || (card = pen_card_new_from_json (entry, path, error)) == NULL)
            return FALSE;
          if (base_entry (self, pen_card_get_id (card)) != NULL)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                           "%s.id: \"%s\" is a card of the rulebook", path,
                           pen_card_get_id (card));
              return FALSE;
            }
          if (g_hash_table_contains (seen, pen_card_get_id (card)))
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.id: \"%s\" appears twice",
                           path, pen_card_get_id (card));
              return FALSE;
            }
          g_hash_table_add (seen, (gpointer) json_object_get_string_member (entry, "id"));
          g_ptr_array_add (cards, json_object_ref (entry));
        }
    }

  *values_out = g_steal_pointer (&values);
  *cards_out = g_steal_pointer (&cards);
  return TRUE;
}

static JsonNode *
state_to_json (JsonObject *values,
               GPtrArray  *cards)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  JsonObjectIter iter;
  const char *id;
  JsonNode *member;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_int_value (b, USER_FORMAT);
  json_builder_set_member_name (b, "values");
  json_builder_begin_object (b);
  json_object_iter_init (&iter, values);
  while (json_object_iter_next (&iter, &id, &member))
    {
      if (json_object_get_size (json_node_get_object (member)) == 0)
        continue;
      json_builder_set_member_name (b, id);
      json_builder_add_value (b, deep_copy (member));
    }
  json_builder_end_object (b);
  json_builder_set_member_name (b, "cards");
  json_builder_begin_array (b);
  for (guint i = 0; i < cards->len; i++)
    {
      JsonNode *node = json_node_new (JSON_NODE_OBJECT);
      json_node_set_object (node, g_ptr_array_index (cards, i));
      json_builder_add_value (b, node);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static gboolean
save_state (PenCatalog  *self,
            JsonObject  *values,
            GPtrArray   *cards,
            GError     **error)
{
  g_autoptr(JsonNode) doc = NULL;

  if (self->user_file == NULL)
    return TRUE;
  doc = state_to_json (values, cards);
  return pen_json_save_user_file (self->user_file, &self->user_file_bad, doc, error);
}

/* Validates, builds, saves and only then swaps in a new state: a failure changes nothing. */
static gboolean
apply_state (PenCatalog  *self,
             JsonObject  *values,
             GPtrArray   *cards,
             GError     **error)
{
  g_autoptr(GPtrArray) items = build_items (self, values, cards, error);

  if (items == NULL || !save_state (self, values, cards, error))
    return FALSE;

  json_object_unref (self->user_values);
  self->user_values = json_object_ref (values);
  g_ptr_array_unref (self->user_cards);
  self->user_cards = g_ptr_array_ref (cards);
  commit_items (self, items);
  return TRUE;
}

static void
load_user_file (PenCatalog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonObject) values = NULL;
  g_autoptr(GPtrArray) cards = NULL;
  g_autoptr(GPtrArray) items = NULL;

  if (self->user_file == NULL || !g_file_test (self->user_file, G_FILE_TEST_EXISTS))
    return;

  if ((root = pen_json_load_user_file (self->user_file, &error)) == NULL
      || !parse_user_doc (self, root, &values, &cards, &error)
      || (items = build_items (self, values, cards, &error)) == NULL)
    {
      g_prefix_error (&error, "%s: ", self->user_file);
      self->user_error = g_steal_pointer (&error);
      self->user_file_bad = TRUE;
      return;
    }

  json_object_unref (self->user_values);
  self->user_values = g_steal_pointer (&values);
  g_ptr_array_unref (self->user_cards);
  self->user_cards = g_steal_pointer (&cards);
  commit_items (self, items);
}

PenCatalog *
pen_catalog_new (const char *user_file)
{
  PenCatalog *self = g_object_new (PEN_TYPE_CATALOG, NULL);
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(GError) error = NULL;

  load_builtin (self);
  items = build_items (self, self->user_values, self->user_cards, &error);
  g_assert (items != NULL);
  commit_items (self, items);

  self->user_file = g_strdup (user_file);
  load_user_file (self);
  return self;
}

char *
pen_catalog_get_default_user_file (void)
{
  return g_build_filename (g_get_user_data_dir (), "penumbra-companion", "user-cards.json",
                           NULL);
}

PenCatalog *
pen_catalog_get_default (void)
{
  static gsize catalog = 0;

  if (g_once_init_enter (&catalog))
    {
      g_autofree char *file = pen_catalog_get_default_user_file ();
      g_once_init_leave (&catalog, (gsize) pen_catalog_new (file));
    }
  return (PenCatalog *) catalog;
}

const GError *
pen_catalog_get_user_error (PenCatalog *catalog)
{
  g_return_val_if_fail (PEN_IS_CATALOG (catalog), NULL);
  return catalog->user_error;
}

PenCard *
pen_catalog_lookup (PenCatalog *catalog,
                    const char *id)
{
  PenCard *card;
  PenCardType type;
  guint number;

  g_return_val_if_fail (PEN_IS_CATALOG (catalog), NULL);
  if (id == NULL)
    return NULL;
  if ((card = g_hash_table_lookup (catalog->by_id, id)) != NULL)
    return card;
  /* a card of the box the catalogue cannot name: "contract#12", numbered within the box, or
   * past it once renumbered (pen_box_identify) */
  if ((card = g_hash_table_lookup (catalog->placeholders, id)) != NULL)
    return card;
  if (!pen_card_parse_placeholder (id, &type, &number)
      || catalog->box[type] <= 0)
    return NULL;
  card = pen_card_new_placeholder (type, number, catalog->box[type]);
  g_hash_table_insert (catalog->placeholders, (gpointer) pen_card_get_id (card), card);
  return card;
}

GPtrArray *
pen_catalog_box_pool (PenCatalog  *catalog,
                      PenCardType  type)
{
  g_autoptr(GPtrArray) named = NULL;
  GPtrArray *pool = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (PEN_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (type < PEN_N_CARD_TYPES, NULL);

  named = pen_catalog_list_by_type (catalog, type);
  for (guint i = 0; i < named->len; i++)
    g_ptr_array_add (pool, g_strdup (pen_card_get_id (g_ptr_array_index (named, i))));
  for (int n = (int) named->len + 1; n <= catalog->box[type]; n++)
    g_ptr_array_add (pool, pen_card_placeholder_id (type, n));
  return pool;
}

GPtrArray *
pen_catalog_list_by_type (PenCatalog  *catalog,
                          PenCardType  type)
{
  GPtrArray *result = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (PEN_IS_CATALOG (catalog), result);
  for (guint i = 0; i < catalog->items->len; i++)
    {
      PenCard *card = g_ptr_array_index (catalog->items, i);

      if (pen_card_get_card_type (card) == type)
        g_ptr_array_add (result, g_object_ref (card));
    }
  return result;
}

int
pen_catalog_get_box_count (PenCatalog  *catalog,
                           PenCardType  type)
{
  g_return_val_if_fail (PEN_IS_CATALOG (catalog), -1);
  g_return_val_if_fail (type < PEN_N_CARD_TYPES, -1);
  return catalog->box[type];
}

GPtrArray *
pen_catalog_get_first_game (PenCatalog *catalog,
                            const char *section)
{
  GPtrArray *result = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (PEN_IS_CATALOG (catalog), result);
  for (guint s = 0; s < G_N_ELEMENTS (first_game_sections); s++)
    if (g_strcmp0 (section, first_game_sections[s]) == 0)
      for (guint i = 0; i < catalog->first_game[s]->len; i++)
        g_ptr_array_add (result,
                         g_object_ref (pen_catalog_lookup (catalog,
                                                           g_ptr_array_index (catalog->first_game[s],
                                                                              i))));
  return result;
}

gboolean
pen_catalog_is_first_game (PenCatalog *catalog,
                           const char *id)
{
  g_return_val_if_fail (PEN_IS_CATALOG (catalog), FALSE);
  for (guint s = 0; s < G_N_ELEMENTS (first_game_sections); s++)
    for (guint i = 0; i < catalog->first_game[s]->len; i++)
      if (g_strcmp0 (id, g_ptr_array_index (catalog->first_game[s], i)) == 0)
        return TRUE;
  return FALSE;
}

/* json_node_copy() shares objects and arrays: a state about to be edited needs its own. */
static JsonNode *
deep_copy (JsonNode *node)
{
  JsonNode *copy;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *obj = json_object_new ();
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &name, &member))
        json_object_set_member (obj, name, deep_copy (member));
      copy = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (copy, obj);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_array_new ();

      for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
        json_array_add_element (array, deep_copy (json_array_get_element (json_node_get_array (node),
                                                                          i)));
      copy = json_node_new (JSON_NODE_ARRAY);
      json_node_take_array (copy, array);
    }
  else
    copy = json_node_copy (node);
  return copy;
}

static JsonObject *
deep_copy_object (JsonObject *obj)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonNode) copy = NULL;

  json_node_set_object (node, obj);
  copy = deep_copy (node);
  return json_object_ref (json_node_get_object (copy));
}

static JsonObject *
copy_values (JsonObject *values)
{
  return deep_copy_object (values);
}

static GPtrArray *
copy_cards (GPtrArray *cards)
{
  GPtrArray *copy = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);

  for (guint i = 0; i < cards->len; i++)
    g_ptr_array_add (copy, deep_copy_object (g_ptr_array_index (cards, i)));
  return copy;
}

static int
find_user_card (GPtrArray  *cards,
                const char *id)
{
  for (guint i = 0; i < cards->len; i++)
    if (g_strcmp0 (json_object_get_string_member (g_ptr_array_index (cards, i), "id"), id) == 0)
      return (int) i;
  return -1;
}

gboolean
pen_catalog_set_user_int (PenCatalog  *catalog,
                          const char  *id,
                          const char  *field,
                          gint64       value,
                          GError     **error)
{
  g_autoptr(JsonNode) node = json_node_init_int (json_node_alloc (), value);

  return pen_catalog_set_user_value (catalog, id, field, node, error);
}

gboolean
pen_catalog_set_user_value (PenCatalog  *catalog,
                            const char  *id,
                            const char  *field,
                            JsonNode    *value,
                            GError     **error)
{
  g_autoptr(JsonObject) values = NULL;
  g_autoptr(GPtrArray) cards = NULL;
  gboolean clear = value == NULL || JSON_NODE_HOLDS_NULL (value);
  JsonObject *entry;
  int user_index;

  g_return_val_if_fail (PEN_IS_CATALOG (catalog), FALSE);
  g_return_val_if_fail (id != NULL && field != NULL, FALSE);

  if (!g_strv_contains (pen_card_get_user_fields (), field))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "$.values.%s.%s: not a field a user can answer", id, field);
      return FALSE;
    }

  values = copy_values (catalog->user_values);
  cards = copy_cards (catalog->user_cards);
  entry = base_entry (catalog, id);
  user_index = find_user_card (cards, id);

  if (entry != NULL)
    {
      PenCard *card = pen_catalog_lookup (catalog, id);
      JsonObject *answers;

      if (pen_card_is_known (card, field) && !pen_card_is_derived (card, field)
          && !pen_card_is_user_value (card, field))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "$.values.%s.%s: the rulebook prints this value; it cannot be replaced",
                       id, field);
          return FALSE;
        }
      if (!json_object_has_member (values, id))
        json_object_set_object_member (values, id, json_object_new ());
      answers = json_object_get_object_member (values, id);
      if (clear)
        json_object_remove_member (answers, field);
      else
        json_object_set_member (answers, field, deep_copy (value));
      if (json_object_get_size (answers) == 0)
        json_object_remove_member (values, id);
    }
  else if (user_index >= 0)
    {
      JsonObject *obj = g_ptr_array_index (cards, user_index);

      if (clear)
        json_object_remove_member (obj, field);
      else
        json_object_set_member (obj, field, deep_copy (value));
    }
  else
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.values.%s: unknown card", id);
      return FALSE;
    }

  return apply_state (catalog, values, cards, error);
}

gboolean
pen_catalog_add_user_card (PenCatalog  *catalog,
                           JsonObject  *card,
                           GError     **error)
{
  g_autoptr(JsonObject) values = NULL;
  g_autoptr(GPtrArray) cards = NULL;
  g_autoptr(PenCard) parsed = NULL;
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonNode) copy = NULL;
  int index;

  g_return_val_if_fail (PEN_IS_CATALOG (catalog), FALSE);
  g_return_val_if_fail (card != NULL, FALSE);

  parsed = pen_card_new_from_json (card, "$", error);
  if (parsed == NULL)
    return FALSE;
  if (base_entry (catalog, pen_card_get_id (parsed)) != NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.id: \"%s\" is a card of the rulebook",
                   pen_card_get_id (parsed));
      return FALSE;
    }

  json_node_set_object (node, card);
  copy = deep_copy (node);
  values = copy_values (catalog->user_values);
  cards = copy_cards (catalog->user_cards);
  index = find_user_card (cards, pen_card_get_id (parsed));
  if (index >= 0)
    {
      json_object_unref (g_ptr_array_index (cards, index));
      g_ptr_array_index (cards, index) = json_object_ref (json_node_get_object (copy));
    }
  else
    g_ptr_array_add (cards, json_object_ref (json_node_get_object (copy)));

  return apply_state (catalog, values, cards, error);
}

gboolean
pen_catalog_remove_user_card (PenCatalog  *catalog,
                              const char  *id,
                              GError     **error)
{
  g_autoptr(JsonObject) values = NULL;
  g_autoptr(GPtrArray) cards = NULL;
  int index;

  g_return_val_if_fail (PEN_IS_CATALOG (catalog), FALSE);

  values = copy_values (catalog->user_values);
  cards = copy_cards (catalog->user_cards);
  index = find_user_card (cards, id);
  if (index < 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.cards: no user card \"%s\"", id);
      return FALSE;
    }
  g_ptr_array_remove_index (cards, index);
  return apply_state (catalog, values, cards, error);
}

JsonNode *
pen_catalog_user_to_json (PenCatalog *catalog)
{
  g_return_val_if_fail (PEN_IS_CATALOG (catalog), NULL);
  return state_to_json (catalog->user_values, catalog->user_cards);
}

gboolean
pen_catalog_export_user (PenCatalog  *catalog,
                         GFile       *file,
                         GError     **error)
{
  g_autoptr(JsonNode) doc = NULL;

  g_return_val_if_fail (PEN_IS_CATALOG (catalog), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  doc = pen_catalog_user_to_json (catalog);
  return pen_json_write_file (doc, file, error);
}

gboolean
pen_catalog_import_user (PenCatalog  *catalog,
                         GFile       *file,
                         GError     **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonObject) in_values = NULL;
  g_autoptr(GPtrArray) in_cards = NULL;
  g_autoptr(JsonObject) values = NULL;
  g_autoptr(GPtrArray) cards = NULL;
  JsonObjectIter iter;
  const char *id;
  JsonNode *member;

  g_return_val_if_fail (PEN_IS_CATALOG (catalog), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  root = pen_json_read_file (file, error);
  if (root == NULL || !parse_user_doc (catalog, root, &in_values, &in_cards, error))
    return FALSE;

  values = copy_values (catalog->user_values);
  cards = copy_cards (catalog->user_cards);
  json_object_iter_init (&iter, in_values);
  while (json_object_iter_next (&iter, &id, &member))
    {
      JsonObject *answers;
      JsonObjectIter fiter;
      const char *field;
      JsonNode *value;

      if (!json_object_has_member (values, id))
        json_object_set_object_member (values, id, json_object_new ());
      answers = json_object_get_object_member (values, id);
      json_object_iter_init (&fiter, json_node_get_object (member));
      while (json_object_iter_next (&fiter, &field, &value))
        json_object_set_member (answers, field, deep_copy (value));
    }
  for (guint i = 0; i < in_cards->len; i++)
    {
      JsonObject *obj = g_ptr_array_index (in_cards, i);
      int index = find_user_card (cards, json_object_get_string_member (obj, "id"));

      if (index >= 0)
        {
          json_object_unref (g_ptr_array_index (cards, index));
          g_ptr_array_index (cards, index) = json_object_ref (obj);
        }
      else
        g_ptr_array_add (cards, json_object_ref (obj));
    }

  return apply_state (catalog, values, cards, error);
}
