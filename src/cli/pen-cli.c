/* pen-cli.c: option parsing, input and output, and dispatch of penumbra-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include "pen-cli.h"
#include "pen-json.h"
#include "pen-types.h"

typedef struct
{
  const char        *name;
  PenCliCommandFunc  func;
  const char        *summary;
} PenCliCommand;

static const PenCliCommand commands[] = {
  { "threat-resolve", pen_cli_threat_resolve, "resolve a Threat roll against a wizard" },
  { "threat-odds", pen_cli_threat_odds, "exact odds of a Threat roll" },
  { "task", pen_cli_task, "solve a task, or its odds" },
  { "score", pen_cli_score, "score the end of a game" },
  { "setup", pen_cli_setup, "lay out a new table" },
  { "rules", pen_cli_rules, "search the rules reference" },
  { "catalog", pen_cli_catalog, "print the card catalogue" },
  { "new", pen_cli_new, "start a saved game" },
  { "apply", pen_cli_apply, "apply actions to a saved game" },
  { "log", pen_cli_log, "print a game's action log" },
  { "show", pen_cli_show, "print a game's table" },
  { "undo", pen_cli_undo, "undo the last action of a game" },
  { "redo", pen_cli_redo, "redo the last undone action" },
  { "solo", pen_cli_solo, "simulate solo games against the Rival" },
  { "cards", pen_cli_cards, "cards to name, and what each draw can still give" },
  { "resource-die", pen_cli_resource_die, "show or set the Resource die's faces" },
};

static void
write_all (GOutputStream *stream,
           const char    *text)
{
  g_output_stream_write_all (stream, text, strlen (text), NULL, NULL, NULL);
  g_output_stream_flush (stream, NULL, NULL);
}

static gboolean
parse_seed (const char  *option_name,
            const char  *value,
            gpointer     data,
            GError     **error)
{
  PenCliContext *ctx = data;
  char *end = NULL;
  guint64 v;

  errno = 0;
  if (value == NULL || *value == '\0' || *value == '-'
      || (v = g_ascii_strtoull (value, &end, 10), errno != 0) || *end != '\0')
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "--seed: \"%s\" is not a non-negative whole number", value ? value : "");
      return FALSE;
    }
  ctx->seed = v;
  ctx->has_seed = TRUE;
  return TRUE;
}

gboolean
pen_cli_parse_options (PenCliContext  *ctx,
                       GOptionEntry   *entries,
                       GError        **error)
{
  g_autoptr(GOptionContext) octx = g_option_context_new (NULL);
  g_autoptr(GError) local_error = NULL;
  GOptionGroup *group;
  GOptionEntry common[] = {
    { "seed", 0, 0, G_OPTION_ARG_CALLBACK, (gpointer) parse_seed, "Random seed", "N" },
    { "input", 0, 0, G_OPTION_ARG_FILENAME, (gpointer) &ctx->input_file, "Input file", "FILE" },
    { NULL }
  };

  g_option_context_set_help_enabled (octx, FALSE);
  group = g_option_group_new ("common", "", "", ctx, NULL);
  g_option_group_add_entries (group, common);
  if (entries != NULL)
    g_option_group_add_entries (group, entries);
  g_option_context_set_main_group (octx, group);

  if (!g_option_context_parse (octx, &ctx->argc, &ctx->argv, &local_error))
    {
      if (local_error->domain == PEN_ERROR)
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s", local_error->message);
      return FALSE;
    }

  for (int i = 1; i < ctx->argc; i++)
    if (ctx->argv[i][0] == '-' && ctx->argv[i][1] != '\0')
      {
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "unknown option %s", ctx->argv[i]);
        return FALSE;
      }

  return TRUE;
}

JsonNode *
pen_cli_read_input (PenCliContext  *ctx,
                    GError        **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (ctx->input_file != NULL)
    {
      g_autoptr(GError) local_error = NULL;

      if (!g_file_get_contents (ctx->input_file, &contents, &length, &local_error))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "--input: %s", local_error->message);
          return NULL;
        }
    }
  else
    {
      g_autoptr(GOutputStream) mem = g_memory_output_stream_new_resizable ();
      g_autoptr(GError) local_error = NULL;

      if (g_output_stream_splice (mem, ctx->in, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL,
                                  &local_error) < 0)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$: cannot read input: %s",
                       local_error->message);
          return NULL;
        }
      length = g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (mem));
      contents = g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (mem));
    }

  return pen_json_parse (contents ? contents : "", length, error);
}

gboolean
pen_cli_take_seed (PenCliContext  *ctx,
                   JsonObject     *input,
                   GError        **error)
{
  gint64 seed;

  if (!json_object_has_member (input, "seed"))
    return TRUE;
  if (!pen_json_get_int (input, "$", "seed", TRUE, 0, G_MAXINT64, &seed, error))
    return FALSE;
  if (!ctx->has_seed)
    {
      ctx->seed = (guint64) seed;
      ctx->has_seed = TRUE;
    }
  return TRUE;
}

void
pen_cli_add_user_error (JsonBuilder  *builder,
                        const GError *error)
{
  if (error == NULL)
    return;
  json_builder_set_member_name (builder, "extra");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "user_error");
  json_builder_add_string_value (builder, error->message);
  json_builder_end_object (builder);
}

void
pen_cli_print_json (PenCliContext *ctx,
                    JsonNode      *node)
{
  g_autofree char *text = pen_json_to_string (node, FALSE);
  g_autofree char *line = g_strconcat (text, "\n", NULL);

  write_all (ctx->out, line);
}

void
pen_cli_print_line (PenCliContext *ctx,
                    const char    *line)
{
  g_autofree char *text = g_strconcat (line, "\n", NULL);

  write_all (ctx->out, text);
}

static void
print_usage (GOutputStream *stream)
{
  g_autoptr(GString) s = g_string_new ("Usage: penumbra-cli COMMAND [OPTIONS]\n\nCommands:\n");

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (s, "  %-15s %s\n", commands[i].name, commands[i].summary);
  g_string_append (s, "\nInput is JSON on standard input (or --input FILE); output is JSON.\n"
                      "See the project's spec/cli.md for every command's shape.\n");
  write_all (stream, s->str);
}

int
pen_cli_run (int             argc,
             char          **argv,
             GInputStream   *in,
             GOutputStream  *out,
             GOutputStream  *err)
{
  g_autoptr(GOutputStream) buffer = NULL;
  g_autoptr(GError) error = NULL;
  PenCliContext ctx = { 0, };
  const PenCliCommand *command = NULL;
  g_auto(GStrv) args = NULL;

  if (argc < 2)
    {
      print_usage (err);
      return 2;
    }

  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h")
      || g_str_equal (argv[1], "help"))
    {
      print_usage (out);
      return 0;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (commands[i].name, argv[1]))
      command = &commands[i];

  if (command == NULL)
    {
      g_autofree char *msg = g_strdup_printf ("penumbra-cli: unknown command \"%s\"\n", argv[1]);
      write_all (err, msg);
      return 2;
    }

  /* GOptionContext rewrites argv: work on a copy */
  args = g_new0 (char *, argc);
  for (int i = 1; i < argc; i++)
    args[i - 1] = g_strdup (argv[i]);

  ctx.argc = argc - 1;
  ctx.argv = g_memdup2 (args, sizeof (char *) * argc);
  ctx.in = in;
  /* "apply" streams its progress; every other command prints one document only on success,
   * so a failure leaves standard output empty. */
  if (g_str_equal (command->name, "apply"))
    ctx.out = out;
  else
    ctx.out = buffer = g_memory_output_stream_new_resizable ();

  if (!command->func (&ctx, &error))
    {
      g_autofree char *msg = NULL;

      if (error == NULL)
        g_set_error (&error, PEN_ERROR, PEN_ERROR_INVALID, "%s failed", command->name);
      /* one line, whatever the message echoes back (a key with a newline, json-glib's text) */
      msg = g_strdup_printf ("penumbra-cli: %s", error->message);
      for (char *c = msg; *c; c++)
        if ((guchar) *c < 0x20 || *c == 0x7f)
          *c = ' ';
      {
        char *line = g_strconcat (msg, "\n", NULL);
        g_free (msg);
        msg = line;
      }
      write_all (err, msg);
      g_free (ctx.argv);
      g_free ((char *) ctx.input_file);
      return 2;
    }

  if (buffer != NULL)
    {
      g_output_stream_close (buffer, NULL, NULL);
      g_output_stream_write_all (out,
                                 g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (buffer)),
                                 g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (buffer)),
                                 NULL, NULL, NULL);
      g_output_stream_flush (out, NULL, NULL);
    }

  g_free (ctx.argv);
  g_free ((char *) ctx.input_file);
  return 0;
}
