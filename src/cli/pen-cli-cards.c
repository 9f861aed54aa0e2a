/* pen-cli-cards.c: `penumbra-cli cards FILE` — the cards a game's table must still name, and
 * what each draw of physical play can still give (pen-box.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-box.h"
#include "pen-cli.h"
#include "pen-game.h"
#include "pen-json.h"

/* game: for the cards to name, the names each may still have (pen_box_list_names_for) */
static void
add_sightings (JsonBuilder *b,
               const char  *name,
               GPtrArray   *list,
               PenGame     *game)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < list->len; i++)
    {
      PenCardSighting *s = g_ptr_array_index (list, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "card");
      json_builder_add_string_value (b, s->card);
      json_builder_set_member_name (b, "where");
      json_builder_add_string_value (b, s->where);
      if (s->wizard >= 0)
        {
          json_builder_set_member_name (b, "wizard");
          json_builder_add_int_value (b, s->wizard);
        }
      if (s->index >= 0)
        {
          json_builder_set_member_name (b, "index");
          json_builder_add_int_value (b, s->index);
        }
      if (game != NULL)
        {
          g_autoptr(GPtrArray) names = pen_box_list_names_for (game, s->card);

          json_builder_set_member_name (b, "names");
          json_builder_begin_array (b);
          for (guint k = 0; k < names->len; k++)
            json_builder_add_string_value (b, g_ptr_array_index (names, k));
          json_builder_end_array (b);
        }
      if (s->missing != NULL)
        {
          json_builder_set_member_name (b, "missing");
          json_builder_begin_array (b);
          for (guint k = 0; s->missing[k] != NULL; k++)
            json_builder_add_string_value (b, s->missing[k]);
          json_builder_end_array (b);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

gboolean
pen_cli_cards (PenCliContext  *ctx,
               GError        **error)
{
  static const PenCardType another[PEN_N_DRAWS] = {
    PEN_CARD_TRIAL, PEN_CARD_CONTRACT, PEN_CARD_POTION, PEN_CARD_ARTIFACT, PEN_CARD_TRIAL,
    PEN_CARD_TALENT
  };
  g_autoptr(GFile) file = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GPtrArray) unidentified = NULL;
  g_autoptr(GPtrArray) unknown = NULL;

  if (!pen_cli_parse_options (ctx, NULL, error))
    return FALSE;
  if (ctx->argc != 2)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: expected one FILE argument",
                   ctx->argv[0]);
      return FALSE;
    }
  file = g_file_new_for_commandline_arg (ctx->argv[1]);
  if (!(game = pen_game_load (file, &local_error)))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: %s", ctx->argv[1],
                   local_error->message);
      return FALSE;
    }

  unidentified = pen_box_list_unidentified (pen_game_get_table (game));
  unknown = pen_box_list_unknown_numbers (pen_game_get_table (game));
  json_builder_begin_object (b);
  add_sightings (b, "unidentified", unidentified, game);
  add_sightings (b, "unknown_numbers", unknown, NULL);
  json_builder_set_member_name (b, "draws");
  json_builder_begin_object (b);
  for (guint d = 0; d < PEN_N_DRAWS; d++)
    {
      g_autoptr(GPtrArray) ids = pen_draw_candidates (game, d);
      g_autoptr(GPtrArray) each = pen_draw_another_each (game, d);
      g_autofree char *other = pen_draw_another (game, another[d]);

      json_builder_set_member_name (b, pen_draw_to_string (d));
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "candidates");
      json_builder_begin_array (b);
      for (guint i = 0; i < ids->len; i++)
        json_builder_add_string_value (b, g_ptr_array_index (ids, i));
      json_builder_end_array (b);
      json_builder_set_member_name (b, "another");
      if (other != NULL)
        json_builder_add_string_value (b, other);
      else
        json_builder_add_null_value (b);
      /* one unnamed card of each type the draw can still give (the Fate deck: several) */
      json_builder_set_member_name (b, "another_each");
      json_builder_begin_array (b);
      for (guint i = 0; i < each->len; i++)
        json_builder_add_string_value (b, g_ptr_array_index (each, i));
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  pen_cli_print_json (ctx, root);
  return TRUE;
}
