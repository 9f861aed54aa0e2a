/* pen-json.h: strict JSON reading with error messages that name the JSON path
 *
 * Every reader takes the path of the node it reads ("$.wizard.supply[2]") and, on failure,
 * sets PEN_ERROR_INVALID with a message "PATH: what is wrong".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Objects and arrays nest at most this deep in any document read */
#define PEN_JSON_MAX_DEPTH 64

/* Every input goes through pen_json_parse (): it first checks the text without building
 * anything (pen_json_check), then lets json-glib build the tree. Refused, with
 * PEN_ERROR_INVALID and a message naming the JSON path: malformed JSON ("$: malformed JSON:
 * LINE:COLUMN: …"), nesting deeper than PEN_JSON_MAX_DEPTH, a whole number outside the
 * 64-bit range, a non-finite number, a duplicate key, a NUL byte or an escaped NUL, invalid
 * UTF-8 and an unpaired surrogate escape, anything after the value. */
gboolean    pen_json_check          (const char  *text,
                                     gsize        length,
                                     GError     **error);
/* Parses a whole document (length -1: up to the NUL) */
JsonNode   *pen_json_parse          (const char  *text,
                                     gssize       length,
                                     GError     **error);
/* Parses the program's own text (a table snapshot made by pen_table_snapshot () in memory,
 * never read from outside) without pen_json_check (): json-glib alone, a tenth of an undo's
 * cost less. Never for input from a file, the command line or the user. */
JsonNode   *pen_json_parse_trusted  (const char  *text,
                                     GError     **error);

/* The object at node, or an error "PATH: expected an object". */
JsonObject *pen_json_expect_object  (JsonNode    *node,
                                     const char  *path,
                                     GError     **error);
JsonArray  *pen_json_expect_array   (JsonNode    *node,
                                     const char  *path,
                                     GError     **error);

/* Fails on the first member of obj whose name is not in allowed (NULL-terminated):
 * "PATH.name: unknown key". Members named "extra" are always allowed. */
gboolean    pen_json_check_keys     (JsonObject  *obj,
                                     const char  *path,
                                     const char * const *allowed,
                                     GError     **error);

/* Member readers. When the member is missing: if required, "PATH.key: missing"; otherwise
 * *out keeps its value and TRUE is returned. Integers must be whole numbers in [min, max]. */
gboolean    pen_json_get_int        (JsonObject  *obj,
                                     const char  *path,
                                     const char  *key,
                                     gboolean     required,
                                     gint64       min,
                                     gint64       max,
                                     gint64      *out,
                                     GError     **error);
gboolean    pen_json_get_bool       (JsonObject  *obj,
                                     const char  *path,
                                     const char  *key,
                                     gboolean     required,
                                     gboolean    *out,
                                     GError     **error);
gboolean    pen_json_get_double     (JsonObject  *obj,
                                     const char  *path,
                                     const char  *key,
                                     gboolean     required,
                                     double       min,
                                     double       max,
                                     double      *out,
                                     GError     **error);
/* *out points into obj (not copied); it stays unchanged when the member is missing. */
gboolean    pen_json_get_string     (JsonObject  *obj,
                                     const char  *path,
                                     const char  *key,
                                     gboolean     required,
                                     const char **out,
                                     GError     **error);
/* A string member that must be one of an enum's ids, via a _from_string function. */
gboolean    pen_json_get_enum       (JsonObject  *obj,
                                     const char  *path,
                                     const char  *key,
                                     gboolean     required,
                                     int        (*from_string) (const char *),
                                     const char  *what,
                                     int         *out,
                                     GError     **error);
/* Node readers, for array elements. */
gboolean    pen_json_node_int       (JsonNode    *node,
                                     const char  *path,
                                     gint64       min,
                                     gint64       max,
                                     gint64      *out,
                                     GError     **error);
gboolean    pen_json_node_enum      (JsonNode    *node,
                                     const char  *path,
                                     int        (*from_string) (const char *),
                                     const char  *what,
                                     int         *out,
                                     GError     **error);

/* "PATH.key" and "PATH[i]" */
char       *pen_json_path_key       (const char  *path,
                                     const char  *key);
char       *pen_json_path_index     (const char  *path,
                                     guint        index);

/* Appends str as a JSON string literal, escaped as json-glib's generator does */
void        pen_json_append_string  (GString     *out,
                                     const char  *str);
/* Appends len bytes; cheaper than g_string_append in GLib 2.74 (snapshots are a hot path) */
static inline void
pen_json_append_len (GString    *out,
                     const char *text,
                     gsize       len)
{
  if (out->len + len + 1 > out->allocated_len)
    {
      gsize old = out->len;
      g_string_set_size (out, (out->len + len + 1) * 2);
      out->len = old;
    }
  memcpy (out->str + out->len, text, len);
  out->len += len;
  out->str[out->len] = '\0';
}

/* A string that needs no escaping (an id) */
static inline void
pen_json_append_id (GString    *out,
                    const char *id)
{
  pen_json_append_len (out, id, strlen (id));
}

/* A string literal */
#define PEN_JSON_APPEND(out, literal) pen_json_append_len ((out), "" literal, sizeof (literal) - 1)

/* Appends a non-negative number, without printf (snapshots are a hot path) */
void        pen_json_append_uint    (GString     *out,
                                     guint        value);
/* Appends "name": (a member name that needs no escaping) */
void        pen_json_append_key     (GString     *out,
                                     const char  *name);

/* Writes node, pretty-printed with a final newline, replacing file atomically with
 * pen_file_write_atomic () (pen-file.h): the old file survives any failure or crash.
 * PEN_ERROR_IO on failure, naming the file and the cause. */
gboolean    pen_json_write_file     (JsonNode    *node,
                                     GFile       *file,
                                     GError     **error);

/* Saves one of the user's own files (card answers, board values): a file that could not be
 * read (*unreadable) is first set aside as FILENAME.corrupt, never overwritten; then node is
 * written atomically, readable by the user only. Clears *unreadable on success. */
gboolean    pen_json_save_user_file (const char  *filename,
                                     gboolean    *unreadable,
                                     JsonNode    *node,
                                     GError     **error);

/* Reads and parses file (one the user picked to import): PEN_ERROR_IO with the cause when it
 * cannot be read, else as pen_json_parse () */
JsonNode   *pen_json_read_file      (GFile       *file,
                                     GError     **error);
/* Reads and parses one of the user's own files (pen_json_save_user_file ()): the read error
 * (G_FILE_ERROR) or as pen_json_parse () */
JsonNode   *pen_json_load_user_file (const char  *filename,
                                     GError     **error);

/* Compact, stable serialisation (members in insertion order), no trailing newline. */
char       *pen_json_to_string      (JsonNode    *node,
                                     gboolean     pretty);

G_END_DECLS
