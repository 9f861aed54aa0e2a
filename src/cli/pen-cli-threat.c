/* pen-cli-threat.c: `penumbra-cli threat-resolve` and `threat-odds` (spec/cli.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-cli.h"
#include "pen-json.h"
#include "pen-threat.h"
#include "pen-types.h"

/* The CLI's bound on `count` (the core's is larger). */
#define CLI_MAX_ODDS_DICE 30
/* A roll of more dice than this is surely a mistake; it also bounds the work. */
#define CLI_MAX_RESOLVE_DICE 1000

/* The contract wants exactly one stderr line, but a parser message or an echoed key name may
 * carry raw control characters (a newline inside a string): escape them. */
static gboolean
one_line_error (GError **error)
{
  GString *text;

  if (error == NULL || *error == NULL)
    return FALSE;
  text = g_string_new (NULL);
  for (const char *p = (*error)->message; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      if (c == '\n')
        g_string_append (text, "\\n");
      else if (c < 0x20 || c == 0x7f)
        g_string_append_printf (text, "\\x%02x", c);
      else
        g_string_append_c (text, (char) c);
    }
  g_free ((*error)->message);
  (*error)->message = g_string_free (text, FALSE);
  return FALSE;
}

static JsonObject *
read_top (PenCliContext  *ctx,
          JsonNode      **root,
          const char * const *keys,
          GError        **error)
{
  JsonObject *obj;

  if (!pen_cli_parse_options (ctx, NULL, error))
    return NULL;
  if (ctx->argc > 1)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "unexpected argument \"%s\"",
                   ctx->argv[1]);
      return NULL;
    }
  if (!(*root = pen_cli_read_input (ctx, error)))
    return NULL;
  if (!(obj = pen_json_expect_object (*root, "$", error))
      || !pen_json_check_keys (obj, "$", keys, error))
    return NULL;
  return obj;
}

static PenBoard *
read_wizard (JsonObject  *obj,
             GError     **error)
{
  JsonNode *node = json_object_get_member (obj, "wizard");

  if (node == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.wizard: missing");
      return NULL;
    }
  return pen_board_from_json (node, "$.wizard", error);
}

static gboolean
read_dice (JsonObject  *obj,
           GArray      *dice,
           GError     **error)
{
  JsonNode *node = json_object_get_member (obj, "dice");
  JsonArray *arr;

  if (node == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.dice: missing");
      return FALSE;
    }
  if (!(arr = pen_json_expect_array (node, "$.dice", error)))
    return FALSE;
  if (json_array_get_length (arr) > CLI_MAX_RESOLVE_DICE)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.dice: more than %d Threat dice",
                   CLI_MAX_RESOLVE_DICE);
      return FALSE;
    }
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      g_autofree char *path = pen_json_path_index ("$.dice", i);
      JsonNode *element = json_array_get_element (arr, i);
      gint64 v;
      guint8 face;

      if (!pen_json_node_int (element, path, G_MININT64, G_MAXINT64, &v, error))
        return FALSE;
      if (v < 1 || v > 6)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "%s: %" G_GINT64_FORMAT " is not a die face (1-6)", path, v);
          return FALSE;
        }
      face = (guint8) v;
      g_array_append_val (dice, face);
    }
  return TRUE;
}

static gboolean
read_lose_first (JsonObject        *obj,
                 PenThreatChoices  *choices,
                 GError           **error)
{
  JsonNode *node = json_object_get_member (obj, "lose_first");
  JsonArray *arr;

  if (node == NULL)
    return TRUE;
  if (!(arr = pen_json_expect_array (node, "$.lose_first", error)))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      g_autofree char *path = pen_json_path_index ("$.lose_first", i);
      int color;

      if (!pen_json_node_enum (json_array_get_element (arr, i), path, pen_color_from_string,
                               "die colour", &color, error))
        return FALSE;
      for (guint j = 0; j < choices->n_lose_first; j++)
        if (choices->lose_first[j] == (PenColor) color)
          {
            g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: \"%s\" is listed twice",
                         path, pen_color_to_string (color));
            return FALSE;
          }
      /* Eight colours, none twice: the array cannot overflow. */
      choices->lose_first[choices->n_lose_first++] = color;
    }
  return TRUE;
}

static void
add_die (JsonBuilder       *b,
         const PenDieValue *die)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "color");
  json_builder_add_string_value (b, pen_color_to_string (die->color));
  json_builder_set_member_name (b, "value");
  json_builder_add_int_value (b, die->value);
  json_builder_end_object (b);
}

static gboolean
threat_resolve (PenCliContext  *ctx,
                GError        **error)
{
  static const char * const keys[] = { "wizard", "dice", "lose_first", NULL };
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(PenBoard) board = NULL;
  g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (guint8));
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) out = NULL;
  g_auto(PenThreatResult) result = { 0, };
  PenThreatChoices choices;
  JsonObject *obj;

  pen_threat_choices_init (&choices);
  if (!(obj = read_top (ctx, &root, keys, error))
      || !(board = read_wizard (obj, error))
      || !read_dice (obj, dice, error)
      || !read_lose_first (obj, &choices, error))
    return FALSE;

  pen_threat_resolve (board, (const guint8 *) dice->data, dice->len, &choices, &result);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "lost_dice");
  json_builder_begin_array (b);
  for (guint i = 0; i < result.lost->len; i++)
    add_die (b, &g_array_index (result.lost, PenThreatLostDie, i).die);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "wounded_marks");
  json_builder_begin_array (b);
  for (guint i = 0; i < result.wounded->len; i++)
    json_builder_add_int_value (b, g_array_index (result.wounded, guint, i));
  json_builder_end_array (b);

  json_builder_set_member_name (b, "misses");
  json_builder_begin_array (b);
  for (guint i = 0; i < result.misses->len; i++)
    json_builder_add_int_value (b, g_array_index (result.misses, guint8, i));
  json_builder_end_array (b);

  json_builder_set_member_name (b, "mortal_wound");
  json_builder_add_boolean_value (b, result.mortal_wound);

  json_builder_set_member_name (b, "wizard");
  json_builder_add_value (b, pen_board_to_json (result.board));
  json_builder_end_object (b);

  out = json_builder_get_root (b);
  pen_cli_print_json (ctx, out);
  return TRUE;
}

static gboolean
threat_odds (PenCliContext  *ctx,
             GError        **error)
{
  static const char * const keys[] = { "wizard", "count", NULL };
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(PenBoard) board = NULL;
  g_autoptr(PenThreatOdds) odds = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) out = NULL;
  const PenThreatSummary *s;
  JsonObject *obj;
  gint64 count = 0;

  if (!(obj = read_top (ctx, &root, keys, error))
      || !(board = read_wizard (obj, error))
      || !pen_json_get_int (obj, "$", "count", TRUE, 0, CLI_MAX_ODDS_DICE, &count, error))
    return FALSE;

  odds = pen_threat_odds_new (board, (guint) count, FALSE);
  s = &odds->summary;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "count");
  json_builder_add_int_value (b, count);
  json_builder_set_member_name (b, "p_mortal_wound");
  json_builder_add_double_value (b, s->p_mortal_wound);
  json_builder_set_member_name (b, "p_wounded");
  json_builder_add_double_value (b, s->p_wounded);
  json_builder_set_member_name (b, "p_unharmed");
  json_builder_add_double_value (b, s->p_unharmed);
  json_builder_set_member_name (b, "expected_wounds");
  json_builder_add_double_value (b, s->expected_wounds);
  json_builder_set_member_name (b, "expected_dice_lost");
  json_builder_add_double_value (b, s->expected_dice_lost);
  json_builder_end_object (b);

  out = json_builder_get_root (b);
  pen_cli_print_json (ctx, out);
  return TRUE;
}

gboolean
pen_cli_threat_resolve (PenCliContext  *ctx,
                        GError        **error)
{
  return threat_resolve (ctx, error) || one_line_error (error);
}

gboolean
pen_cli_threat_odds (PenCliContext  *ctx,
                     GError        **error)
{
  return threat_odds (ctx, error) || one_line_error (error);
}
