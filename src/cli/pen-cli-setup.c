/* pen-cli-setup.c: penumbra-cli setup --players N [--seed S] [--ready-made]
 *
 * Prints the table as the setup rules lay it out (see pen-setup.h for the placeholders and
 * the "missing" counts). Without --seed a random seed is chosen and printed, so the same
 * table can be asked for again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-catalog.h"
#include "pen-cli.h"
#include "pen-setup.h"

gboolean
pen_cli_setup (PenCliContext  *ctx,
               GError        **error)
{
  int players = 0;
  gboolean ready_made = FALSE;
  GOptionEntry entries[] = {
    { "players", 0, 0, G_OPTION_ARG_INT, &players, "Number of players (1-4)", "N" },
    { "ready-made", 0, 0, G_OPTION_ARG_NONE, &ready_made,
      "Use the rulebook's ready-made deck for the first game", NULL },
    { NULL }
  };
  g_autoptr(PenSetup) setup = NULL;
  g_autoptr(JsonNode) root = NULL;
  guint64 seed;

  if (!pen_cli_parse_options (ctx, entries, error))
    return FALSE;
  if (ctx->argc > 1)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "unexpected argument \"%s\"",
                   ctx->argv[1]);
      return FALSE;
    }
  if (players < 1 || players > 4)
    {
      if (players == 0)
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "--players: missing (1 to 4)");
      else
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "--players: %d is not 1 to 4",
                     players);
      return FALSE;
    }

  seed = ctx->has_seed ? ctx->seed
                       : (((guint64) g_random_int () << 32 | g_random_int ()) & G_MAXINT64);
  setup = pen_setup_new (pen_catalog_get_default (), (guint) players, seed, ready_made, error);
  if (setup == NULL)
    return FALSE;
  root = pen_setup_to_json (setup);
  pen_cli_print_json (ctx, root);
  return TRUE;
}
