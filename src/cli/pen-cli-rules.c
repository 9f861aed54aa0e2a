/* pen-cli-rules.c: `penumbra-cli rules QUERY [--lang en|ru]`
 *
 * Searches the rules reference and prints {"results": [{"id", "title", "snippet", "score",
 * "matched"}]}, best first. "matched" (an addition to the spec's result) says why: one
 * {"word", "term", "how"} per query word that matched, "how" being exact, form, spelling,
 * typo, prefix or other-language ({"word": "thrat", "term": "threat", "how": "typo"}).
 * The query is every positional word joined by spaces. Without --lang the English reference
 * is searched, whatever the locale, so scripts get the same answer everywhere.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-cli.h"
#include "pen-rules.h"
#include "pen-types.h"

/* Enough for a result list; the app shows the same top results. */
#define MAX_RESULTS 20

gboolean
pen_cli_rules (PenCliContext  *ctx,
               GError        **error)
{
  g_autofree char *language = NULL;
  g_autofree char *query = NULL;
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(PenRules) rules = NULL;
  g_autoptr(JsonBuilder) builder = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GString) joined = g_string_new (NULL);
  GOptionEntry entries[] = {
    { "lang", 0, 0, G_OPTION_ARG_STRING, &language, "Language of the reference (en, ru)",
      "LANG" },
    { NULL }
  };

  if (!pen_cli_parse_options (ctx, entries, error))
    return FALSE;

  if (language == NULL)
    language = g_strdup ("en");
  if (!g_strv_contains (pen_rules_get_languages (), language))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "--lang: \"%s\" is not en or ru",
                   language);
      return FALSE;
    }

  for (int i = 1; i < ctx->argc; i++)
    g_string_append_printf (joined, "%s%s", i > 1 ? " " : "", ctx->argv[i]);
  query = g_strstrip (g_string_free (g_steal_pointer (&joined), FALSE));
  if (*query == '\0' || !g_utf8_validate (query, -1, NULL))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   *query == '\0' ? "QUERY: the search query is empty"
                                  : "QUERY: the search query is not valid UTF-8");
      return FALSE;
    }

  rules = pen_rules_new ();
  results = pen_rules_search (rules, query, language, MAX_RESULTS, error);
  if (results == NULL)
    return FALSE;

  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "results");
  json_builder_begin_array (builder);
  for (guint i = 0; i < results->len; i++)
    {
      PenRulesResult *result = g_ptr_array_index (results, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "id");
      json_builder_add_string_value (builder, result->id);
      json_builder_set_member_name (builder, "title");
      json_builder_add_string_value (builder, result->title);
      json_builder_set_member_name (builder, "snippet");
      json_builder_add_string_value (builder, result->snippet);
      json_builder_set_member_name (builder, "score");
      json_builder_add_double_value (builder, result->score);
      json_builder_set_member_name (builder, "matched");
      json_builder_begin_array (builder);
      for (guint m = 0; m < result->matched->len; m++)
        {
          const PenRulesMatch *match = g_ptr_array_index (result->matched, m);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "word");
          json_builder_add_string_value (builder, match->word);
          json_builder_set_member_name (builder, "term");
          json_builder_add_string_value (builder, match->term);
          json_builder_set_member_name (builder, "how");
          json_builder_add_string_value (builder, pen_rules_match_kind_to_string (match->kind));
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  pen_cli_print_json (ctx, root);
  return TRUE;
}
