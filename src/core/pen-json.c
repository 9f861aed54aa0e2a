/* pen-json.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>

#include "pen-file.h"
#include "pen-json.h"
#include "pen-types.h"

/* ---- the strict scan ----
 *
 * json-glib builds its tree recursively with no depth limit, reads integers beyond 64 bits by
 * wrapping them, keeps the last of duplicate keys and stops a string at an escaped NUL. So
 * every document is first scanned here, without building anything: the grammar of RFC 8259,
 * a depth limit, integers that fit in 64 bits, no duplicate keys, no NUL, valid UTF-8 and
 * paired surrogates. Only a document that passes is handed to json-glib. */

/* an object with more members than this checks its names with a hash table */
#define SCAN_LINEAR_KEYS 16

typedef struct
{
  gboolean    array;
  guint       index;        /* array: the element being read */
  gssize      key;          /* object: the member being read, at Scan.arena + key, or -1 */
  guint       first_name;   /* object: where its names start in Scan.names */
  gsize       arena_start;  /* object: where its names start in Scan.arena */
  GHashTable *keys;         /* object: copies of its names, once it has many */
} ScanLevel;

typedef struct
{
  const char *text;
  const char *p;
  const char *end;
  guint       depth;
  ScanLevel   levels[PEN_JSON_MAX_DEPTH];
  GString    *arena;        /* the member names of the open objects, decoded, each NUL-ended */
  GArray     *names;        /* where each of them starts in arena (gsize) */
  GError    **error;
} Scan;

static char *
scan_path (Scan *s)
{
  GString *path = g_string_new ("$");

  for (guint i = 0; i < s->depth; i++)
    {
      ScanLevel *level = &s->levels[i];

      if (level->array)
        g_string_append_printf (path, "[%u]", level->index);
      else if (level->key >= 0)
        {
          /* a path stays one printable line whatever the key holds */
          g_string_append_c (path, '.');
          for (const char *c = s->arena->str + level->key; *c; c++)
            if ((guchar) *c < 0x20 || *c == 0x7f)
              g_string_append_printf (path, "\\x%02x", (guchar) *c);
            else
              g_string_append_c (path, *c);
        }
    }
  return g_string_free (path, FALSE);
}

static void
scan_where (Scan *s,
            guint *line,
            guint *column)
{
  *line = 1;
  *column = 1;
  for (const char *c = s->text; c < s->p; c++)
    {
      if (*c == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else if (((guchar) *c & 0xc0) != 0x80)
        (*column)++;
    }
}

G_GNUC_PRINTF (2, 3)
static gboolean
scan_fail (Scan       *s,
           const char *format,
           ...)
{
  g_autofree char *path = scan_path (s);
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (s->error, PEN_ERROR, PEN_ERROR_INVALID, "%s: %s", path, what);
  return FALSE;
}

/* A syntax error: "$: malformed JSON: LINE:COLUMN: …", where in the text, as other syntax
 * errors of the project are reported */
static gboolean
scan_malformed (Scan       *s,
                const char *what)
{
  guint line, column;

  scan_where (s, &line, &column);
  if (s->p >= s->end)
    g_set_error (s->error, PEN_ERROR, PEN_ERROR_INVALID, "$: malformed JSON: %u:%u: unexpected "
                 "end of input, %s", line, column, what);
  else if ((guchar) *s->p >= 0x20 && (guchar) *s->p < 0x7f)
    g_set_error (s->error, PEN_ERROR, PEN_ERROR_INVALID, "$: malformed JSON: %u:%u: unexpected "
                 "'%c', %s", line, column, *s->p, what);
  else
    g_set_error (s->error, PEN_ERROR, PEN_ERROR_INVALID, "$: malformed JSON: %u:%u: unexpected "
                 "byte 0x%02x, %s", line, column, (guchar) *s->p, what);
  return FALSE;
}

static void
scan_space (Scan *s)
{
  while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
    s->p++;
}

static int
hex_value (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

static gboolean
scan_hex4 (Scan     *s,
           gunichar *out)
{
  gunichar v = 0;

  if (s->end - s->p < 4)
    return FALSE;
  for (int i = 0; i < 4; i++)
    {
      int h = hex_value (s->p[i]);
      if (h < 0)
        return FALSE;
      v = v * 16 + h;
    }
  s->p += 4;
  *out = v;
  return TRUE;
}

/* A string, s->p on its opening quote; decoded into out when out is not NULL */
static gboolean
scan_string (Scan    *s,
             GString *out)
{
  s->p++;
  for (;;)
    {
      const char *run = s->p;

      while (s->p < s->end && *s->p != '"' && *s->p != '\\' && (guchar) *s->p >= 0x20)
        s->p++;
      if (out != NULL)
        g_string_append_len (out, run, s->p - run);
      if (s->p >= s->end)
        return scan_malformed (s, "a string is not closed");
      if (*s->p == '"')
        {
          s->p++;
          return TRUE;
        }
      if ((guchar) *s->p < 0x20)
        return scan_malformed (s, "a control character must be escaped in a string");

      /* an escape */
      s->p++;
      if (s->p >= s->end)
        return scan_malformed (s, "an escape is cut off");
      switch (*s->p)
        {
        case '"': case '\\': case '/':
          if (out != NULL)
            g_string_append_c (out, *s->p);
          s->p++;
          break;
        case 'b': case 'f': case 'n': case 'r': case 't':
          if (out != NULL)
            g_string_append_c (out, *s->p == 'b' ? '\b' : *s->p == 'f' ? '\f'
                                    : *s->p == 'n' ? '\n' : *s->p == 'r' ? '\r' : '\t');
          s->p++;
          break;
        case 'u':
          {
            gunichar c, low;

            s->p++;
            if (!scan_hex4 (s, &c))
              return scan_malformed (s, "\\u needs four hexadecimal digits");
            if (c == 0)
              return scan_fail (s, "a string holds a NUL character (\\u0000)");
            if (c >= 0xdc00 && c <= 0xdfff)
              return scan_fail (s, "a string holds an unpaired surrogate \\u%04x", c);
            if (c >= 0xd800 && c <= 0xdbff)
              {
                if (s->end - s->p < 6 || s->p[0] != '\\' || s->p[1] != 'u')
                  return scan_fail (s, "a string holds an unpaired surrogate \\u%04x", c);
                s->p += 2;
                if (!scan_hex4 (s, &low))
                  return scan_malformed (s, "\\u needs four hexadecimal digits");
                if (low < 0xdc00 || low > 0xdfff)
                  return scan_fail (s, "a string holds an unpaired surrogate \\u%04x", c);
                c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
              }
            if (out != NULL)
              g_string_append_unichar (out, c);
          }
          break;
        default:
          return scan_malformed (s, "not a known escape");
        }
    }
}

static gboolean
scan_digits (Scan *s)
{
  const char *start = s->p;

  while (s->p < s->end && g_ascii_isdigit (*s->p))
    s->p++;
  return s->p > start;
}

static gboolean
scan_number (Scan *s)
{
  const char *start = s->p;
  gboolean whole = TRUE;

  if (*s->p == '-')
    s->p++;
  if (s->p < s->end && *s->p == '0')
    s->p++;
  else if (!scan_digits (s))
    return scan_malformed (s, "expected a digit");
  if (s->p < s->end && *s->p == '.')
    {
      s->p++;
      whole = FALSE;
      if (!scan_digits (s))
        return scan_malformed (s, "expected a digit after the decimal point");
    }
  if (s->p < s->end && (*s->p == 'e' || *s->p == 'E'))
    {
      s->p++;
      whole = FALSE;
      if (s->p < s->end && (*s->p == '+' || *s->p == '-'))
        s->p++;
      if (!scan_digits (s))
        return scan_malformed (s, "expected a digit in the exponent");
    }

  {
    g_autofree char *number = g_strndup (start, s->p - start);

    errno = 0;
    if (whole)
      {
        /* json-glib wraps what does not fit in 64 bits */
        g_ascii_strtoll (number, NULL, 10);
        if (errno == ERANGE)
          return scan_fail (s, "%s is out of range (whole numbers fit in 64 bits: %"
                            G_GINT64_FORMAT " to %" G_GINT64_FORMAT ")", number, G_MININT64,
                            G_MAXINT64);
      }
    else if (!isfinite (g_ascii_strtod (number, NULL)))
      return scan_fail (s, "%s is out of range", number);
  }
  return TRUE;
}

static gboolean
scan_literal (Scan       *s,
              const char *word)
{
  gsize len = strlen (word);

  if ((gsize) (s->end - s->p) < len || memcmp (s->p, word, len) != 0)
    return scan_malformed (s, "expected a value");
  s->p += len;
  return TRUE;
}

static gboolean scan_value (Scan *s);

static gboolean
scan_open (Scan     *s,
           gboolean  array)
{
  ScanLevel *level;

  if (s->depth == PEN_JSON_MAX_DEPTH)
    return scan_fail (s, "nested deeper than %d levels", PEN_JSON_MAX_DEPTH);
  level = &s->levels[s->depth++];
  level->array = array;
  level->index = 0;
  level->key = -1;
  level->keys = NULL;
  level->first_name = s->names->len;
  level->arena_start = s->arena->len;
  s->p++;
  return TRUE;
}

static void
scan_close (Scan *s)
{
  ScanLevel *level = &s->levels[--s->depth];

  g_clear_pointer (&level->keys, g_hash_table_unref);
  if (!level->array)
    {
      g_array_set_size (s->names, level->first_name);
      g_string_truncate (s->arena, level->arena_start);
    }
}

/* The name at arena + start (just read) joins the object's names; FALSE when it is there
 * already, level->key then pointing at the first one */
static gboolean
scan_add_name (Scan      *s,
               ScanLevel *level,
               gsize      start)
{
  const char *name = s->arena->str + start;
  guint n = s->names->len - level->first_name;

  if (level->keys != NULL)
    {
      if (g_hash_table_contains (level->keys, name))
        {
          for (guint i = level->first_name; i < s->names->len; i++)
            if (strcmp (s->arena->str + g_array_index (s->names, gsize, i), name) == 0)
              level->key = g_array_index (s->names, gsize, i);
          return FALSE;
        }
      g_hash_table_add (level->keys, g_strdup (name));
    }
  else
    {
      for (guint i = level->first_name; i < s->names->len; i++)
        if (strcmp (s->arena->str + g_array_index (s->names, gsize, i), name) == 0)
          {
            level->key = g_array_index (s->names, gsize, i);
            return FALSE;
          }
      if (n + 1 > SCAN_LINEAR_KEYS)
        {
          level->keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          for (guint i = level->first_name; i < s->names->len; i++)
            g_hash_table_add (level->keys,
                              g_strdup (s->arena->str + g_array_index (s->names, gsize, i)));
          g_hash_table_add (level->keys, g_strdup (name));
        }
    }
  g_array_append_val (s->names, start);
  level->key = start;
  return TRUE;
}

static gboolean
scan_array (Scan *s)
{
  if (!scan_open (s, TRUE))
    return FALSE;
  scan_space (s);
  if (s->p < s->end && *s->p == ']')
    {
      s->p++;
      scan_close (s);
      return TRUE;
    }
  for (;;)
    {
      if (!scan_value (s))
        return FALSE;
      scan_space (s);
      if (s->p < s->end && *s->p == ',')
        {
          s->p++;
          s->levels[s->depth - 1].index++;
          continue;
        }
      if (s->p < s->end && *s->p == ']')
        {
          s->p++;
          scan_close (s);
          return TRUE;
        }
      return scan_malformed (s, "expected ',' or ']'");
    }
}

static gboolean
scan_object (Scan *s)
{
  ScanLevel *level;

  if (!scan_open (s, FALSE))
    return FALSE;
  level = &s->levels[s->depth - 1];
  scan_space (s);
  if (s->p < s->end && *s->p == '}')
    {
      s->p++;
      scan_close (s);
      return TRUE;
    }
  for (;;)
    {
      scan_space (s);
      if (s->p >= s->end || *s->p != '"')
        return scan_malformed (s, "expected a member name in double quotes");
      {
        gsize start = s->arena->len;

        if (!scan_string (s, s->arena))
          return FALSE;
        g_string_append_c (s->arena, '\0');
        if (!scan_add_name (s, level, start))
          return scan_fail (s, "duplicate key");
      }
      scan_space (s);
      if (s->p >= s->end || *s->p != ':')
        return scan_malformed (s, "expected ':'");
      s->p++;
      if (!scan_value (s))
        return FALSE;
      scan_space (s);
      if (s->p < s->end && *s->p == ',')
        {
          s->p++;
          continue;
        }
      if (s->p < s->end && *s->p == '}')
        {
          s->p++;
          scan_close (s);
          return TRUE;
        }
      return scan_malformed (s, "expected ',' or '}'");
    }
}

static gboolean
scan_value (Scan *s)
{
  scan_space (s);
  if (s->p >= s->end)
    return scan_malformed (s, "expected a value");
  switch (*s->p)
    {
    case '{':
      return scan_object (s);
    case '[':
      return scan_array (s);
    case '"':
      return scan_string (s, NULL);
    case 't':
      return scan_literal (s, "true");
    case 'f':
      return scan_literal (s, "false");
    case 'n':
      return scan_literal (s, "null");
    default:
      if (*s->p == '-' || g_ascii_isdigit (*s->p))
        return scan_number (s);
      return scan_malformed (s, "expected a value");
    }
}

gboolean
pen_json_check (const char  *text,
                gsize        length,
                GError     **error)
{
  Scan s = { text, text, text + length, 0, };
  g_autoptr(GString) arena = g_string_sized_new (256);
  g_autoptr(GArray) names = g_array_new (FALSE, FALSE, sizeof (gsize));
  const char *nul = memchr (text, '\0', length);
  const char *bad_utf8 = NULL;
  gboolean ok;

  s.error = error;
  s.arena = arena;
  s.names = names;
  if (nul != NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$: the input holds a NUL byte (at "
                   "byte %" G_GSIZE_FORMAT ")", (gsize) (nul - text));
      return FALSE;
    }
  if (!g_utf8_validate_len (text, length, &bad_utf8))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$: the input is not valid UTF-8 (at "
                   "byte %" G_GSIZE_FORMAT ")", (gsize) (bad_utf8 - text));
      return FALSE;
    }

  scan_space (&s);
  if (s.p == s.end)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$: empty input");
      return FALSE;
    }
  ok = scan_value (&s);
  if (ok)
    {
      scan_space (&s);
      if (s.p < s.end)
        ok = scan_malformed (&s, "expected the end of the input after the value");
    }
  while (s.depth > 0)
    scan_close (&s);
  return ok;
}

JsonNode *
pen_json_parse (const char  *text,
                gssize       length,
                GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local_error = NULL;
  JsonNode *root;

  if (length < 0)
    length = strlen (text);

  if (!pen_json_check (text, length, error))
    return NULL;

  parser = json_parser_new ();
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

JsonNode *
pen_json_parse_trusted (const char  *text,
                        GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local_error = NULL;
  JsonNode *root;

  if (!json_parser_load_from_data (parser, text, -1, &local_error))
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

/* Paths are made for every member read, though shown only in an error: without
 * g_strdup_printf (), which costs several times as much (0.3 M instructions of an undo) */
char *
pen_json_path_key (const char *path,
                   const char *key)
{
  return g_strconcat (path, ".", key, NULL);
}

char *
pen_json_path_index (const char *path,
                     guint       index)
{
  char digits[16];
  char *p = digits + sizeof digits;

  *--p = '\0';
  *--p = ']';
  do
    *--p = (char) ('0' + index % 10);
  while ((index /= 10) > 0);
  *--p = '[';
  return g_strconcat (path, p, NULL);
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

/* The member key holding a value of type (described as expected in the error): *out is NULL
 * when an optional member is absent; FALSE when a required one is, or it holds another kind */
static gboolean
get_value_member (JsonObject  *obj,
                  const char  *path,
                  const char  *key,
                  gboolean     required,
                  GType        type,
                  const char  *expected,
                  JsonNode   **out,
                  GError     **error)
{
  JsonNode *node = get_member (obj, path, key, required, error);

  *out = NULL;
  if (node == NULL)
    return !required;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != type)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.%s: expected %s, found %s",
                   path, key, expected, node_kind (node));
      return FALSE;
    }
  *out = node;
  return TRUE;
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
  JsonNode *node;

  if (!get_value_member (obj, path, key, required, G_TYPE_BOOLEAN, "true or false", &node,
                         error))
    return FALSE;
  if (node != NULL)
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
  JsonNode *node;

  if (!get_value_member (obj, path, key, required, G_TYPE_STRING, "a string", &node, error))
    return FALSE;
  if (node != NULL)
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
  /* the bytes a JSON string escapes: control characters, '"' and '\\' ('\0' ends the scan) */
  static const guint8 stop[256] = {
    [0x00 ... 0x1f] = 1, ['"'] = 1, ['\\'] = 1,
  };
  const char *run = str;

  /* the common case: nothing to escape (every card id and zone of a snapshot): written with
   * pen_json_append_len, as GLib 2.74's g_string_append_len takes the general insert path */
  while (!stop[(guchar) *run])
    run++;
  if (*run == '\0')
    {
      pen_json_append_len (out, "\"", 1);
      pen_json_append_len (out, str, run - str);
      pen_json_append_len (out, "\"", 1);
      return;
    }
  g_string_append_c (out, '"');
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
  g_autofree char *path = g_file_get_path (file);
  gsize len = strlen (text);

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "%s: not a local file", uri);
      return FALSE;
    }
  /* the final newline in place of the string's NUL: no second copy of a large text */
  text[len] = '\n';
  return pen_file_write_atomic (path, text, len + 1, 0644, NULL, error);
}

JsonNode *
pen_json_read_file (GFile   *file,
                    GError **error)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length;

  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, &local_error))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "%s", local_error->message);
      return NULL;
    }
  return pen_json_parse (contents, length, error);
}

JsonNode *
pen_json_load_user_file (const char  *filename,
                         GError     **error)
{
  g_autofree char *contents = NULL;
  gsize length;

  if (!g_file_get_contents (filename, &contents, &length, error))
    return NULL;
  return pen_json_parse (contents, length, error);
}

gboolean
pen_json_save_user_file (const char  *filename,
                         gboolean    *unreadable,
                         JsonNode    *node,
                         GError     **error)
{
  g_autofree char *text = pen_json_to_string (node, TRUE);
  g_autofree char *data = g_strconcat (text, "\n", NULL);

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

  {
    g_autofree char *dir = g_path_get_dirname (filename);
    g_mkdir_with_parents (dir, 0700);
  }
  /* a temporary file, fsync and rename: a crash leaves the old file or the new one */
  return pen_file_write_atomic (filename, data, strlen (data), 0600, NULL, error);
}
