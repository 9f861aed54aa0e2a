/* pen-cli.h: the penumbra-cli front end (contract: ../shared/spec/cli.md)
 *
 * The whole CLI lives in libpenumbra-cli so tests can call it in-process; main.c only wires
 * stdin/stdout/stderr. Each subcommand is one function in its own pen-cli-*.c file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef struct
{
  int            argc;          /* arguments after the subcommand name */
  char         **argv;          /* argv[0] is the subcommand name */
  GInputStream  *in;            /* standard input */
  GOutputStream *out;           /* standard output */
  const char    *input_file;    /* --input FILE, or NULL */
  gboolean       has_seed;      /* --seed N was given */
  guint64        seed;
} PenCliContext;

/* A subcommand: parse ctx->argv with pen_cli_parse_options(), read input with
 * pen_cli_read_input(), print with pen_cli_print_json(). Return FALSE with a PEN_ERROR to exit
 * 2; the message should start with the JSON path of the fault. */
typedef gboolean (*PenCliCommandFunc) (PenCliContext  *ctx,
                                       GError        **error);

/* Runs the CLI: argv as main() gets it. Writes nothing to out on failure; the error line goes
 * to err. Returns the exit status. */
int       pen_cli_run               (int             argc,
                                     char          **argv,
                                     GInputStream   *in,
                                     GOutputStream  *out,
                                     GOutputStream  *err);

/* Parses ctx->argv (after the subcommand) with the given entries plus the common --seed and
 * --input. Positional arguments are left in ctx->argv[1..ctx->argc-1]. */
gboolean  pen_cli_parse_options     (PenCliContext  *ctx,
                                     GOptionEntry   *entries,
                                     GError        **error);

/* Reads the whole input (--input FILE or stdin) as one JSON document. A "seed" member of the
 * top-level object, if present, is not removed; use pen_cli_take_seed() for it. */
JsonNode *pen_cli_read_input        (PenCliContext  *ctx,
                                     GError        **error);

/* Reads an optional top-level "seed" member (a non-negative integer) into ctx->seed unless
 * --seed was given. */
gboolean  pen_cli_take_seed         (PenCliContext  *ctx,
                                     JsonObject     *input,
                                     GError        **error);

/* One JSON document and a newline, compact. */
void      pen_cli_print_json        (PenCliContext  *ctx,
                                     JsonNode       *node);
/* Adds "extra": {"user_error": MESSAGE} to the object being built when a user file could not
 * be read (it is set aside, never lost); nothing when error is NULL. */
void      pen_cli_add_user_error    (JsonBuilder    *builder,
                                     const GError   *error);
/* A line, flushed at once. */
void      pen_cli_print_line        (PenCliContext  *ctx,
                                     const char     *line);

/* Subcommands (one file each) */
gboolean  pen_cli_threat_resolve    (PenCliContext *ctx, GError **error);
gboolean  pen_cli_threat_odds       (PenCliContext *ctx, GError **error);
gboolean  pen_cli_task              (PenCliContext *ctx, GError **error);
gboolean  pen_cli_score             (PenCliContext *ctx, GError **error);
gboolean  pen_cli_setup             (PenCliContext *ctx, GError **error);
gboolean  pen_cli_rules             (PenCliContext *ctx, GError **error);
gboolean  pen_cli_catalog           (PenCliContext *ctx, GError **error);
gboolean  pen_cli_new               (PenCliContext *ctx, GError **error);
gboolean  pen_cli_apply             (PenCliContext *ctx, GError **error);
gboolean  pen_cli_log               (PenCliContext *ctx, GError **error);
gboolean  pen_cli_show              (PenCliContext *ctx, GError **error);
gboolean  pen_cli_undo              (PenCliContext *ctx, GError **error);
gboolean  pen_cli_redo              (PenCliContext *ctx, GError **error);
gboolean  pen_cli_solo              (PenCliContext *ctx, GError **error);
gboolean  pen_cli_cards             (PenCliContext *ctx, GError **error);
gboolean  pen_cli_resource_die      (PenCliContext *ctx, GError **error);

G_END_DECLS
