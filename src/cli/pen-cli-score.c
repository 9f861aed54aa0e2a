/* pen-cli-score.c: penumbra-cli score
 *
 * The spec's shape by default; --details adds each player's "details" (the items behind every
 * figure, the symbol counts, what one more symbol would be worth) and the "tables" used.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-cli.h"
#include "pen-json.h"
#include "pen-score.h"

gboolean
pen_cli_score (PenCliContext  *ctx,
               GError        **error)
{
  gboolean details = FALSE;
  GOptionEntry entries[] = {
    { "details", 0, 0, G_OPTION_ARG_NONE, &details,
      "Add the items behind each figure", NULL },
    { NULL }
  };
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(PenScoreRules) rules = NULL;
  g_autoptr(PenScoreInput) input = NULL;
  g_autoptr(PenScoreSheet) sheet = NULL;
  g_autoptr(JsonNode) output = NULL;
  JsonObject *obj;

  if (!pen_cli_parse_options (ctx, entries, error))
    return FALSE;
  if (ctx->argc > 1)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "unexpected argument \"%s\"",
                   ctx->argv[1]);
      return FALSE;
    }

  if ((node = pen_cli_read_input (ctx, error)) == NULL
      || (obj = pen_json_expect_object (node, "$", error)) == NULL
      || !pen_cli_take_seed (ctx, obj, error))
    return FALSE;

  rules = pen_score_rules_new_default ();
  if ((input = pen_score_input_from_json (node, "$", rules, error)) == NULL)
    return FALSE;

  sheet = pen_score_compute (input);
  output = pen_score_sheet_to_json (sheet, details);
  pen_cli_print_json (ctx, output);
  return TRUE;
}
