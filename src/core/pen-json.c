/* pen-json.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>

#include "pen-json.h"
#include "pen-types.h"

JsonNode *
pen_json_parse (const char  *text,
                gssize       length,
                GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local_error = NULL;
  JsonNode *root;

  if (length < 0)
    length = strlen (text);

  if (!g_utf8_validate (text, length, NULL))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$: the input is not valid UTF-8");
      return NULL;
    }

  if (!json_parser_load_from_data (parser, text, length, &local_error))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$: malformed JSON: %s",
                   local_error->message);
      return NULL;
    }

  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$: empty input");
      return NULL;
    }

  return json_node_copy (root);
}

static const char *
node_kind (JsonNode *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return "null";
  if (JSON_NODE_HOLDS_OBJECT (node))
    return "an object";
  if (JSON_NODE_HOLDS_ARRAY (node))
    return "an array";

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_BOOLEAN:
      return "a boolean";
    case G_TYPE_STRING:
      return "a string";
    default:
      return "a number";
    }
}

JsonObject *
pen_json_expect_object (JsonNode    *node,
                        const char  *path,
                        GError     **error)
{
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: expected an object, found %s",
                   path, node_kind (node));
      return NULL;
    }
  return json_node_get_object (node);
}

JsonArray *
pen_json_expect_array (JsonNode    *node,
                       const char  *path,
                       GError     **error)
{
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: expected an array, found %s",
                   path, node_kind (node));
      return NULL;
    }
  return json_node_get_array (node);
}

char *
pen_json_path_key (const char *path,
                   const char *key)
{
  return g_strdup_printf ("%s.%s", path, key);
}

char *
pen_json_path_index (const char *path,
                     guint       index)
{
  return g_strdup_printf ("%s[%u]", path, index);
}

gboolean
pen_json_check_keys (JsonObject          *obj,
                     const char          *path,
                     const char * const  *allowed,
                     GError             **error)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  json_object_iter_init (&iter, obj);
  while (json_object_iter_next (&iter, &name, &member))
    {
      if (g_strcmp0 (name, "extra") == 0 || g_strv_contains (allowed, name))
        continue;
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.%s: unknown key", path, name);
      return FALSE;
    }
  return TRUE;
}

static JsonNode *
get_member (JsonObject  *obj,
            const char  *path,
            const char  *key,
            gboolean     required,
            GError     **error)
{
  JsonNode *node = json_object_get_member (obj, key);

  if (node == NULL && required)
    g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.%s: missing", path, key);
  return node;
}

gboolean
pen_json_node_int (JsonNode    *node,
                   const char  *path,
                   gint64       min,
                   gint64       max,
                   gint64      *out,
                   GError     **error)
{
  double d;
  gint64 v;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || (json_node_get_value_type (node) != G_TYPE_INT64
          && json_node_get_value_type (node) != G_TYPE_DOUBLE))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: expected a whole number, found %s",
                   path, node_kind (node));
      return FALSE;
    }

  if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
    {
      d = json_node_get_double (node);
      if (!isfinite (d) || d != floor (d) || d < -9.0e15 || d > 9.0e15)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: %g is not a whole number",
                       path, d);
          return FALSE;
        }
      v = (gint64) d;
    }
  else
    v = json_node_get_int (node);

  if (v < min || v > max)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "%s: %" G_GINT64_FORMAT " is out of range (%" G_GINT64_FORMAT "-%"
                   G_GINT64_FORMAT ")", path, v, min, max);
      return FALSE;
    }

  *out = v;
  return TRUE;
}

gboolean
pen_json_get_int (JsonObject  *obj,
                  const char  *path,
                  const char  *key,
                  gboolean     required,
                  gint64       min,
                  gint64       max,
                  gint64      *out,
                  GError     **error)
{
  g_autofree char *sub = NULL;
  JsonNode *node = get_member (obj, path, key, required, error);

  if (node == NULL)
    return !required;

  sub = pen_json_path_key (path, key);
  return pen_json_node_int (node, sub, min, max, out, error);
}

gboolean
pen_json_get_double (JsonObject  *obj,
                     const char  *path,
                     const char  *key,
                     gboolean     required,
                     double       min,
                     double       max,
                     double      *out,
                     GError     **error)
{
  JsonNode *node = get_member (obj, path, key, required, error);
  double d;

  if (node == NULL)
    return !required;

  if (!JSON_NODE_HOLDS_VALUE (node)
      || (json_node_get_value_type (node) != G_TYPE_INT64
          && json_node_get_value_type (node) != G_TYPE_DOUBLE))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.%s: expected a number, found %s",
                   path, key, node_kind (node));
      return FALSE;
    }

  d = json_node_get_double (node);
  if (!isfinite (d) || d < min || d > max)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.%s: %g is out of range (%g-%g)",
                   path, key, d, min, max);
      return FALSE;
    }

  *out = d;
  return TRUE;
}

gboolean
pen_json_get_bool (JsonObject  *obj,
                   const char  *path,
                   const char  *key,
                   gboolean     required,
                   gboolean    *out,
                   GError     **error)
{
  JsonNode *node = get_member (obj, path, key, required, error);

  if (node == NULL)
    return !required;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.%s: expected true or false, found %s",
                   path, key, node_kind (node));
      return FALSE;
    }

  *out = json_node_get_boolean (node);
  return TRUE;
}

gboolean
pen_json_get_string (JsonObject  *obj,
                     const char  *path,
                     const char  *key,
                     gboolean     required,
                     const char **out,
                     GError     **error)
{
  JsonNode *node = get_member (obj, path, key, required, error);

  if (node == NULL)
    return !required;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.%s: expected a string, found %s",
                   path, key, node_kind (node));
      return FALSE;
    }

  *out = json_node_get_string (node);
  return TRUE;
}

gboolean
pen_json_node_enum (JsonNode    *node,
                    const char  *path,
                    int        (*from_string) (const char *),
                    const char  *what,
                    int         *out,
                    GError     **error)
{
  const char *str;
  int v;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: expected %s name, found %s",
                   path, what, node_kind (node));
      return FALSE;
    }

  str = json_node_get_string (node);
  v = from_string (str);
  if (v < 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: \"%s\" is not a known %s",
                   path, str, what);
      return FALSE;
    }

  *out = v;
  return TRUE;
}

gboolean
pen_json_get_enum (JsonObject  *obj,
                   const char  *path,
                   const char  *key,
                   gboolean     required,
                   int        (*from_string) (const char *),
                   const char  *what,
                   int         *out,
                   GError     **error)
{
  g_autofree char *sub = NULL;
  JsonNode *node = get_member (obj, path, key, required, error);

  if (node == NULL)
    return !required;

  sub = pen_json_path_key (path, key);
  return pen_json_node_enum (node, sub, from_string, what, out, error);
}

char *
pen_json_to_string (JsonNode *node,
                    gboolean  pretty)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();

  json_generator_set_pretty (gen, pretty);
  json_generator_set_indent (gen, 2);
  json_generator_set_root (gen, node);
  return json_generator_to_data (gen, NULL);
}

void
pen_json_append_string (GString    *out,
                        const char *str)
{
  const char *run = str;

  g_string_append_c (out, '"');
  /* the common case: nothing to escape */
  while (*run && *run != '"' && *run != '\\' && (guchar) *run >= 0x20)
    run++;
  if (*run == '\0')
    {
      g_string_append_len (out, str, run - str);
      g_string_append_c (out, '"');
      return;
    }
  for (const char *c = str; *c; c++)
    switch (*c)
      {
      case '"': g_string_append (out, "\\\""); break;
      case '\\': g_string_append (out, "\\\\"); break;
      case '\b': g_string_append (out, "\\b"); break;
      case '\f': g_string_append (out, "\\f"); break;
      case '\n': g_string_append (out, "\\n"); break;
      case '\r': g_string_append (out, "\\r"); break;
      case '\t': g_string_append (out, "\\t"); break;
      default:
        if ((guchar) *c < 0x20)
          g_string_append_printf (out, "\\u%04x", (guchar) *c);
        else
          g_string_append_c (out, *c);
      }
  g_string_append_c (out, '"');
}

void
pen_json_append_key (GString    *out,
                     const char *name)
{
  g_string_append_c (out, '"');
  g_string_append (out, name);
  g_string_append (out, "\":");
}

void
pen_json_append_uint (GString *out,
                      guint    value)
{
  char buf[16];
  int i = sizeof buf;

  do
    {
      buf[--i] = '0' + value % 10;
      value /= 10;
    }
  while (value > 0);
  g_string_append_len (out, buf + i, sizeof buf - i);
}

gboolean
pen_json_write_file (JsonNode  *node,
                     GFile     *file,
                     GError   **error)
{
  g_autofree char *text = pen_json_to_string (node, TRUE);
  g_autofree char *data = g_strconcat (text, "\n", NULL);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GError) local_error = NULL;

  if (parent != NULL)
    g_file_make_directory_with_parents (parent, NULL, NULL);
  if (!g_file_replace_contents (file, data, strlen (data), NULL, FALSE,
                                G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, &local_error))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
pen_json_save_user_file (const char  *filename,
                         gboolean    *unreadable,
                         JsonNode    *node,
                         GError     **error)
{
  g_autofree char *text = pen_json_to_string (node, TRUE);
  g_autofree char *data = g_strconcat (text, "\n", NULL);
  g_autofree char *dir = g_path_get_dirname (filename);
  g_autoptr(GError) local_error = NULL;

  if (*unreadable && g_file_test (filename, G_FILE_TEST_EXISTS))
    {
      /* keep what the user had: it may be repairable by hand */
      g_autofree char *aside = g_strconcat (filename, ".corrupt", NULL);

      if (g_rename (filename, aside) != 0)
        {
          int saved_errno = errno;
          g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "%s: %s", filename,
                       g_strerror (saved_errno));
          return FALSE;
        }
    }
  *unreadable = FALSE;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "%s: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }
  /* a temporary file, fsync and rename: a crash leaves the old file or the new one */
  if (!g_file_set_contents_full (filename, data, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                 &local_error))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }
  return TRUE;
}
