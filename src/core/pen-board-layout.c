/* pen-board-layout.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>

#include "pen-board-layout.h"
#include "pen-core-resources.h"
#include "pen-json.h"

#define RESOURCE_PATH "/io/github/penumbracompanion/PenumbraCompanion/core/board.json"
#define USER_FORMAT 1

struct _PenBoardLayout
{
  GObject     parent_instance;

  gboolean    spark[PEN_MARK_CELLS];
  JsonObject *builtin[PEN_MARK_CELLS];   /* field -> value, known values only */
  JsonObject *user[PEN_MARK_CELLS];      /* field -> value, the user's answers */
  char       *user_file;
  GError     *user_error;
  gboolean    user_file_bad;
};

G_DEFINE_FINAL_TYPE (PenBoardLayout, pen_board_layout, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char * const fields[] = {
  "arcana_cost", "value", "rest_effect", "mark_effect", "vp", NULL
};
static const char * const rest_effects[] = { "gain-colored-die", "gain-spark-die", "none", NULL };
static const char * const discipline_mark_effects[] = {
  "set", "cast-spell", "recolor-bone", "none", NULL
};
static const char * const spark_mark_effects[] = { "set", "cast-spell", "unexhaust", "none", NULL };

static void
pen_board_layout_finalize (GObject *object)
{
  PenBoardLayout *self = PEN_BOARD_LAYOUT (object);

  for (guint i = 0; i < PEN_MARK_CELLS; i++)
    {
      json_object_unref (self->builtin[i]);
      json_object_unref (self->user[i]);
    }
  g_free (self->user_file);
  g_clear_error (&self->user_error);

  G_OBJECT_CLASS (pen_board_layout_parent_class)->finalize (object);
}

static void
pen_board_layout_class_init (PenBoardLayoutClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pen_board_layout_finalize;

  /**
   * PenBoardLayout::changed:
   * @cell: the index of the cell whose printed values changed
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
pen_board_layout_init (PenBoardLayout *self)
{
  for (guint i = 0; i < PEN_MARK_CELLS; i++)
    {
      self->spark[i] = i >= PEN_DISCIPLINE_CELLS;
      self->builtin[i] = json_object_new ();
      self->user[i] = json_object_new ();
    }
}

/* A value for a field of a cell, as the board can print it. */
static gboolean
check_value (gboolean     spark,
             const char  *field,
             JsonNode    *value,
             const char  *path,
             GError     **error)
{
  g_autofree char *fpath = pen_json_path_key (path, field);
  const char * const *allowed = NULL;
  gint64 min = 0, max = 0, v;

  if (!g_strv_contains (fields, field))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: unknown key", fpath);
      return FALSE;
    }
  if (g_str_equal (field, "value"))
    min = 1, max = 6;
  else if (g_str_equal (field, "arcana_cost") || g_str_equal (field, "vp"))
    min = 0, max = 20;
  else if (g_str_equal (field, "rest_effect"))
    allowed = rest_effects;
  else
    allowed = spark ? spark_mark_effects : discipline_mark_effects;

  if (allowed != NULL)
    {
      const char *s = JSON_NODE_HOLDS_VALUE (value)
                      && json_node_get_value_type (value) == G_TYPE_STRING
                      ? json_node_get_string (value) : NULL;

      if (s == NULL || !g_strv_contains (allowed, s))
        {
          g_autofree char *list = g_strjoinv (", ", (char **) allowed);
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: expected one of %s", fpath,
                       list);
          return FALSE;
        }
      return TRUE;
    }
  return pen_json_node_int (value, fpath, min, max, &v, error);
}

static void
load_builtin (PenBoardLayout *self)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  JsonArray *cells;
  const char *data;
  gsize size;

  bytes = g_resource_lookup_data (pen_core_get_resource (), RESOURCE_PATH,
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    g_error ("board.json is missing from the core resource: %s", error->message);
  data = g_bytes_get_data (bytes, &size);
  root = pen_json_parse (data, size, &error);
  if (root == NULL)
    g_error ("board.json: %s", error->message);
  cells = json_object_get_array_member (json_node_get_object (root), "cells");
  if (cells == NULL || json_array_get_length (cells) != PEN_MARK_CELLS)
    g_error ("board.json: $.cells: expected %d cells", PEN_MARK_CELLS);
  for (guint i = 0; i < PEN_MARK_CELLS; i++)
    {
      JsonObject *cell = json_array_get_object_element (cells, i);
      g_autofree char *path = pen_json_path_index ("$.cells", i);

      self->spark[i] = g_strcmp0 (json_object_get_string_member (cell, "kind"), "spark") == 0;
      for (guint f = 0; fields[f] != NULL; f++)
        {
          JsonNode *value = json_object_get_member (cell, fields[f]);

          if (value == NULL || JSON_NODE_HOLDS_NULL (value))
            continue;
          if (!check_value (self->spark[i], fields[f], value, path, &error))
            g_error ("board.json: %s", error->message);
          json_object_set_member (self->builtin[i], fields[f], json_node_copy (value));
        }
    }
}

/* Reads a user file into fresh per-cell objects; on a fault nothing is returned. */
static gboolean
parse_user_doc (PenBoardLayout  *self,
                JsonNode        *root,
                JsonObject     **out,
                GError         **error)
{
  static const char * const top_keys[] = { "format", "cells", NULL };
  JsonObject *obj;
  JsonArray *cells;
  gint64 format;
  gboolean seen[PEN_MARK_CELLS] = { FALSE, };

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
  for (guint i = 0; i < PEN_MARK_CELLS; i++)
    out[i] = json_object_new ();
  if (!json_object_has_member (obj, "cells"))
    return TRUE;

  cells = pen_json_expect_array (json_object_get_member (obj, "cells"), "$.cells", error);
  for (guint i = 0; cells != NULL && i < json_array_get_length (cells); i++)
    {
      g_autofree char *path = pen_json_path_index ("$.cells", i);
      JsonObject *cell = pen_json_expect_object (json_array_get_element (cells, i), path, error);
      JsonObjectIter iter;
      const char *name;
      JsonNode *value;
      gint64 index;

      if (cell == NULL
          || !pen_json_get_int (cell, path, "index", TRUE, 0, PEN_MARK_CELLS - 1, &index, error))
        goto fail;
      if (seen[index])
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.index: cell %d appears twice",
                       path, (int) index);
          goto fail;
        }
      seen[index] = TRUE;
      json_object_iter_init (&iter, cell);
      while (json_object_iter_next (&iter, &name, &value))
        {
          if (g_str_equal (name, "index") || g_str_equal (name, "extra")
              || JSON_NODE_HOLDS_NULL (value))
            continue;
          if (!check_value (self->spark[index], name, value, path, error))
            goto fail;
          json_object_set_member (out[index], name, json_node_copy (value));
        }
    }
  if (cells != NULL)
    return TRUE;

fail:
  for (guint i = 0; i < PEN_MARK_CELLS; i++)
    g_clear_pointer (&out[i], json_object_unref);
  return FALSE;
}

static JsonNode *
user_to_json (JsonObject **user)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_int_value (b, USER_FORMAT);
  json_builder_set_member_name (b, "cells");
  json_builder_begin_array (b);
  for (guint i = 0; i < PEN_MARK_CELLS; i++)
    {
      if (json_object_get_size (user[i]) == 0)
        continue;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "index");
      json_builder_add_int_value (b, i);
      for (guint f = 0; fields[f] != NULL; f++)
        if (json_object_has_member (user[i], fields[f]))
          {
            json_builder_set_member_name (b, fields[f]);
            json_builder_add_value (b, json_node_copy (json_object_get_member (user[i],
                                                                               fields[f])));
          }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static gboolean
save_user (PenBoardLayout  *self,
           JsonObject     **user,
           GError         **error)
{
  g_autoptr(JsonNode) doc = NULL;

  if (self->user_file == NULL)
    return TRUE;
  doc = user_to_json (user);
  return pen_json_save_user_file (self->user_file, &self->user_file_bad, doc, error);
}

static gboolean
cell_equal (JsonObject *a,
            JsonObject *b)
{
  g_autoptr(JsonNode) na = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonNode) nb = json_node_new (JSON_NODE_OBJECT);

  json_node_set_object (na, a);
  json_node_set_object (nb, b);
  return json_node_equal (na, nb);
}

/* Takes ownership of user[]; emits ::changed for each cell that changed. */
static void
commit_user (PenBoardLayout  *self,
             JsonObject     **user)
{
  gboolean changed[PEN_MARK_CELLS];

  for (guint i = 0; i < PEN_MARK_CELLS; i++)
    {
      changed[i] = !cell_equal (self->user[i], user[i]);
      json_object_unref (self->user[i]);
      self->user[i] = user[i];
      user[i] = NULL;
    }
  for (guint i = 0; i < PEN_MARK_CELLS; i++)
    if (changed[i])
      g_signal_emit (self, signals[CHANGED], 0, i);
}

static void
load_user_file (PenBoardLayout *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *user[PEN_MARK_CELLS] = { NULL, };

  if (self->user_file == NULL || !g_file_test (self->user_file, G_FILE_TEST_EXISTS))
    return;
  if ((root = pen_json_load_user_file (self->user_file, &error)) == NULL
      || !parse_user_doc (self, root, user, &error))
    {
      g_prefix_error (&error, "%s: ", self->user_file);
      self->user_error = g_steal_pointer (&error);
      self->user_file_bad = TRUE;
      return;
    }
  commit_user (self, user);
}

PenBoardLayout *
pen_board_layout_new (const char *user_file)
{
  PenBoardLayout *self = g_object_new (PEN_TYPE_BOARD_LAYOUT, NULL);

  load_builtin (self);
  self->user_file = g_strdup (user_file);
  load_user_file (self);
  return self;
}

char *
pen_board_layout_get_default_user_file (void)
{
  return g_build_filename (g_get_user_data_dir (), "penumbra-companion", "board.json", NULL);
}

PenBoardLayout *
pen_board_layout_get_default (void)
{
  static gsize layout = 0;

  if (g_once_init_enter (&layout))
    {
      g_autofree char *file = pen_board_layout_get_default_user_file ();
      g_once_init_leave (&layout, (gsize) pen_board_layout_new (file));
    }
  return (PenBoardLayout *) layout;
}

const GError *
pen_board_layout_get_user_error (PenBoardLayout *layout)
{
  g_return_val_if_fail (PEN_IS_BOARD_LAYOUT (layout), NULL);
  return layout->user_error;
}

guint
pen_board_layout_get_n_cells (PenBoardLayout *layout)
{
  return PEN_MARK_CELLS;
}

gboolean
pen_board_layout_is_spark_cell (PenBoardLayout *layout,
                                guint           cell)
{
  g_return_val_if_fail (PEN_IS_BOARD_LAYOUT (layout), FALSE);
  g_return_val_if_fail (cell < PEN_MARK_CELLS, FALSE);
  return layout->spark[cell];
}

static JsonNode *
lookup (PenBoardLayout *layout,
        guint           cell,
        const char     *field)
{
  g_return_val_if_fail (PEN_IS_BOARD_LAYOUT (layout), NULL);
  g_return_val_if_fail (cell < PEN_MARK_CELLS, NULL);

  if (json_object_has_member (layout->user[cell], field))
    return json_object_get_member (layout->user[cell], field);
  if (json_object_has_member (layout->builtin[cell], field))
    return json_object_get_member (layout->builtin[cell], field);
  return NULL;
}

static int
lookup_int (PenBoardLayout *layout,
            guint           cell,
            const char     *field)
{
  JsonNode *node = lookup (layout, cell, field);

  return node != NULL ? (int) json_node_get_int (node) : -1;
}

int
pen_board_layout_get_value (PenBoardLayout *layout,
                            guint           cell)
{
  return lookup_int (layout, cell, "value");
}

int
pen_board_layout_get_arcana_cost (PenBoardLayout *layout,
                                  guint           cell)
{
  return lookup_int (layout, cell, "arcana_cost");
}

int
pen_board_layout_get_vp (PenBoardLayout *layout,
                         guint           cell)
{
  return lookup_int (layout, cell, "vp");
}

const char *
pen_board_layout_get_rest_effect (PenBoardLayout *layout,
                                  guint           cell)
{
  JsonNode *node = lookup (layout, cell, "rest_effect");

  return node != NULL ? json_node_get_string (node) : NULL;
}

const char *
pen_board_layout_get_mark_effect (PenBoardLayout *layout,
                                  guint           cell)
{
  JsonNode *node = lookup (layout, cell, "mark_effect");

  return node != NULL ? json_node_get_string (node) : NULL;
}

gboolean
pen_board_layout_is_placeholder (PenBoardLayout *layout,
                                 guint           cell,
                                 const char     *field)
{
  g_return_val_if_fail (PEN_IS_BOARD_LAYOUT (layout), TRUE);
  g_return_val_if_fail (cell < PEN_MARK_CELLS, TRUE);

  if (field == NULL)
    {
      for (guint f = 0; fields[f] != NULL; f++)
        if (lookup (layout, cell, fields[f]) == NULL)
          return TRUE;
      return FALSE;
    }
  return lookup (layout, cell, field) == NULL;
}

gboolean
pen_board_layout_is_user_value (PenBoardLayout *layout,
                                guint           cell,
                                const char     *field)
{
  g_return_val_if_fail (PEN_IS_BOARD_LAYOUT (layout), FALSE);
  g_return_val_if_fail (cell < PEN_MARK_CELLS, FALSE);
  return field != NULL && json_object_has_member (layout->user[cell], field);
}

static void
copy_user (PenBoardLayout  *layout,
           JsonObject     **out)
{
  for (guint i = 0; i < PEN_MARK_CELLS; i++)
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *value;

      out[i] = json_object_new ();
      json_object_iter_init (&iter, layout->user[i]);
      while (json_object_iter_next (&iter, &name, &value))
        json_object_set_member (out[i], name, json_node_copy (value));
    }
}

static void
free_user (JsonObject **user)
{
  for (guint i = 0; i < PEN_MARK_CELLS; i++)
    g_clear_pointer (&user[i], json_object_unref);
}

gboolean
pen_board_layout_set_user_value (PenBoardLayout  *layout,
                                 guint            cell,
                                 const char      *field,
                                 JsonNode        *value,
                                 GError         **error)
{
  g_autofree char *path = NULL;
  JsonObject *user[PEN_MARK_CELLS];

  g_return_val_if_fail (PEN_IS_BOARD_LAYOUT (layout), FALSE);
  g_return_val_if_fail (field != NULL, FALSE);

  if (cell >= PEN_MARK_CELLS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.cells[%u]: the board has %d cells",
                   cell, PEN_MARK_CELLS);
      return FALSE;
    }
  path = pen_json_path_index ("$.cells", cell);
  if (value != NULL && !JSON_NODE_HOLDS_NULL (value)
      && !check_value (layout->spark[cell], field, value, path, error))
    return FALSE;
  if (!g_strv_contains (fields, field))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.%s: unknown key", path, field);
      return FALSE;
    }

  copy_user (layout, user);
  if (value == NULL || JSON_NODE_HOLDS_NULL (value))
    json_object_remove_member (user[cell], field);
  else
    json_object_set_member (user[cell], field, json_node_copy (value));

  if (!save_user (layout, user, error))
    {
      free_user (user);
      return FALSE;
    }
  commit_user (layout, user);
  return TRUE;
}

gboolean
pen_board_layout_set_user_int (PenBoardLayout  *layout,
                               guint            cell,
                               const char      *field,
                               gint64           value,
                               GError         **error)
{
  g_autoptr(JsonNode) node = json_node_init_int (json_node_alloc (), value);

  return pen_board_layout_set_user_value (layout, cell, field, node, error);
}

gboolean
pen_board_layout_forget_user_value (PenBoardLayout  *layout,
                                    guint            cell,
                                    const char      *field,
                                    GError         **error)
{
  return pen_board_layout_set_user_value (layout, cell, field, NULL, error);
}

JsonNode *
pen_board_layout_to_json (PenBoardLayout *layout)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  g_return_val_if_fail (PEN_IS_BOARD_LAYOUT (layout), NULL);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "cells");
  json_builder_begin_array (b);
  for (guint i = 0; i < PEN_MARK_CELLS; i++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "index");
      json_builder_add_int_value (b, i);
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, layout->spark[i] ? "spark" : "discipline");
      for (guint f = 0; fields[f] != NULL; f++)
        {
          JsonNode *value = lookup (layout, i, fields[f]);

          json_builder_set_member_name (b, fields[f]);
          if (value != NULL)
            json_builder_add_value (b, json_node_copy (value));
          else
            json_builder_add_null_value (b);
        }
      json_builder_set_member_name (b, "placeholder");
      json_builder_add_boolean_value (b, pen_board_layout_is_placeholder (layout, i, NULL));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

gboolean
pen_board_layout_export_user (PenBoardLayout  *layout,
                              GFile           *file,
                              GError         **error)
{
  g_autoptr(JsonNode) doc = NULL;

  g_return_val_if_fail (PEN_IS_BOARD_LAYOUT (layout), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  doc = user_to_json (layout->user);
  return pen_json_write_file (doc, file, error);
}

gboolean
pen_board_layout_import_user (PenBoardLayout  *layout,
                              GFile           *file,
                              GError         **error)
{
  g_autoptr(JsonNode) root = NULL;
  JsonObject *in[PEN_MARK_CELLS] = { NULL, };
  JsonObject *user[PEN_MARK_CELLS];

  g_return_val_if_fail (PEN_IS_BOARD_LAYOUT (layout), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  root = pen_json_read_file (file, error);
  if (root == NULL || !parse_user_doc (layout, root, in, error))
    return FALSE;

  /* the imported answers replace the same answers; others stay */
  copy_user (layout, user);
  for (guint i = 0; i < PEN_MARK_CELLS; i++)
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *value;

      json_object_iter_init (&iter, in[i]);
      while (json_object_iter_next (&iter, &name, &value))
        json_object_set_member (user[i], name, json_node_copy (value));
    }
  free_user (in);

  if (!save_user (layout, user, error))
    {
      free_user (user);
      return FALSE;
    }
  commit_user (layout, user);
  return TRUE;
}
