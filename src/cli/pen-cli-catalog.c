/* pen-cli-catalog.c: penumbra-cli catalog [--type TYPE]
 *
 * Prints the card catalogue with the user's answers merged in. Each card is the catalogue
 * entry (unknown numbers are null) plus "user", the fields the user answered. "players" follows
 * the spec's example ("goldeater" … "players": 2): the smallest player count whose first-game
 * deck uses the card, i.e. 3 or 4 for a card marked "3+" or "4", 2 for an unmarked card of
 * that deck, and null for a card the first-game deck does not list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-catalog.h"
#include "pen-cli.h"
#include "pen-json.h"

static JsonNode *
card_to_cli_json (PenCatalog *catalog,
                  PenCard    *card)
{
  JsonNode *node = pen_card_to_json (card);
  JsonObject *obj = json_node_get_object (node);
  const char * const *fields = pen_card_get_user_fields ();
  JsonArray *user = json_array_new ();
  int players = pen_card_get_players (card);

  if (players > 0)
    json_object_set_int_member (obj, "players", players);
  else if (pen_catalog_is_first_game (catalog, pen_card_get_id (card)))
    json_object_set_int_member (obj, "players", 2);
  else
    json_object_set_null_member (obj, "players");

  for (guint i = 0; fields[i] != NULL; i++)
    if (pen_card_is_user_value (card, fields[i]))
      json_array_add_string_element (user, fields[i]);
  json_object_set_array_member (obj, "user", user);
  json_object_set_boolean_member (obj, "user_added", pen_card_is_user_added (card));
  return node;
}

gboolean
pen_cli_catalog (PenCliContext  *ctx,
                 GError        **error)
{
  g_autofree char *type_name = NULL;
  GOptionEntry entries[] = {
    { "type", 0, 0, G_OPTION_ARG_STRING, &type_name, "Only cards of this type", "TYPE" },
    { NULL }
  };
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  PenCatalog *catalog;
  int type = -1;

  if (!pen_cli_parse_options (ctx, entries, error))
    return FALSE;
  if (ctx->argc > 1)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "unexpected argument \"%s\"",
                   ctx->argv[1]);
      return FALSE;
    }
  if (type_name != NULL && (type = pen_card_type_from_string (type_name)) < 0)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < PEN_N_CARD_TYPES; i++)
        g_string_append_printf (list, "%s%s", i ? ", " : "", pen_card_type_to_string (i));
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "--type: \"%s\" is not a card type (%s)",
                   type_name, list->str);
      return FALSE;
    }

  catalog = pen_catalog_get_default ();
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "cards");
  json_builder_begin_array (b);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (catalog)); i++)
    {
      g_autoptr(PenCard) card = g_list_model_get_item (G_LIST_MODEL (catalog), i);

      if (type >= 0 && pen_card_get_card_type (card) != (PenCardType) type)
        continue;
      json_builder_add_value (b, card_to_cli_json (catalog, card));
    }
  json_builder_end_array (b);
  /* a broken user file does not stop the catalogue: say so, and show the rulebook's cards */
  pen_cli_add_user_error (b, pen_catalog_get_user_error (catalog));
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  pen_cli_print_json (ctx, root);
  return TRUE;
}
