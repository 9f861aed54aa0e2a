/* pen-cli-game.c: new, apply, log, show, undo, redo — saved games through the action path
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-catalog.h"
#include "pen-cli.h"
#include "pen-game.h"
#include "pen-json.h"
#include "pen-setup.h"
#include "pen-show.h"

static gboolean
one_file (PenCliContext  *ctx,
          GFile         **file,
          GError        **error)
{
  if (!pen_cli_parse_options (ctx, NULL, error))
    return FALSE;
  if (ctx->argc != 2)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: expected one FILE argument",
                   ctx->argv[0]);
      return FALSE;
    }
  *file = g_file_new_for_commandline_arg (ctx->argv[1]);
  return TRUE;
}

/* How long a command that changes a save waits for another one to finish with it */
#define LOCK_TIMEOUT_MS 3000

/* error, prefixed with the file's name unless the message names it already */
static void
set_file_error (GError       **error,
                GFile         *file,
                int            code,
                const GError  *cause)
{
  g_autofree char *name = g_file_get_parse_name (file);
  g_autofree char *path = g_file_get_path (file);

  if (strstr (cause->message, name) || (path && strstr (cause->message, path)))
    g_set_error (error, PEN_ERROR, code, "%s", cause->message);
  else
    g_set_error (error, PEN_ERROR, code, "%s: %s", name, cause->message);
}

static PenGame *
load (GFile   *file,
      GError **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *name = g_file_get_parse_name (file);
  PenGame *game = pen_game_load (file, &local_error);

  if (game == NULL)
    g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: %s", name, local_error->message);
  return game;
}

/* For a command that changes the save: the lock first, then the file as it is now, so no
 * other writer's acknowledged action is lost */
static PenGame *
load_locked (GFile    *file,
             gboolean  missing_ok,
             GError  **error)
{
  g_autoptr(GError) local_error = NULL;
  PenGame *game = pen_game_load_locked (file, missing_ok, LOCK_TIMEOUT_MS, &local_error);

  if (game == NULL)
    set_file_error (error, file, PEN_ERROR_INVALID, local_error);
  return game;
}

/* The autosave of the last change failed: the change is not kept */
static gboolean
check_saved (PenGame  *game,
             GFile    *file,
             GError  **error)
{
  const GError *save_error = pen_game_get_save_error (game);

  if (save_error == NULL)
    return TRUE;
  set_file_error (error, file, PEN_ERROR_IO, save_error);
  return FALSE;
}

static void
print_show (PenCliContext *ctx,
            PenGame       *game)
{
  g_autoptr(JsonNode) node = pen_show_game (game);

  pen_cli_print_json (ctx, node);
}

/* "2,5,3,6" -> faces (1-6), in order */
static GArray *
parse_faces (const char  *text,
             GError     **error)
{
  g_auto(GStrv) parts = g_strsplit_set (text, ", ", -1);
  g_autoptr(GArray) faces = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 v;

      if (*parts[i] == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (parts[i], 10, 1, 6, &v, NULL))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "--start-dice: \"%s\" is not a die face (1-6)", parts[i]);
          return NULL;
        }
      g_array_append_vals (faces, &(guint) { v }, 1);
    }
  return g_steal_pointer (&faces);
}

/* --start-cards and --start-ingredients: what each Talent shows (Setup › Talents). Given,
 * the layout is dealt here (as new-game would from the seed) and each player keeps the Talent
 * and the starting Mark it deals, as without them, with the card and the Ingredients added:
 * start[i] = {"talent", "mark" (each when the catalogue knows it), "card", "ingredients"}. */
static gboolean
add_start (JsonObject  *params,
           guint        players,
           gint64       seed,
           gboolean     ready_made,
           const char  *cards,
           const char  *ingredients,
           GError     **error)
{
  PenCatalog *catalog = pen_catalog_get_default ();
  g_auto(GStrv) card_list = cards != NULL ? g_strsplit (cards, ",", -1) : NULL;
  g_auto(GStrv) ingredient_list = ingredients != NULL ? g_strsplit (ingredients, "/", -1) : NULL;
  g_autoptr(PenSetup) setup = NULL;
  g_autoptr(JsonNode) layout = NULL;
  JsonArray *talents = NULL, *start;

  if (card_list != NULL && g_strv_length (card_list) != players)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "--start-cards: %u cards for %u players (one per player, comma-separated)",
                   g_strv_length (card_list), players);
      return FALSE;
    }
  if (ingredient_list != NULL && g_strv_length (ingredient_list) != players)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "--start-ingredients: %u sets for %u players (one per player, "
                   "separated by /)", g_strv_length (ingredient_list), players);
      return FALSE;
    }
  if (!(setup = pen_setup_new (catalog, players, seed, ready_made, error)))
    return FALSE;
  layout = pen_setup_to_table_json (setup);
  if (JSON_NODE_HOLDS_OBJECT (layout)
      && json_object_has_member (json_node_get_object (layout), "talents"))
    talents = json_object_get_array_member (json_node_get_object (layout), "talents");

  start = json_array_new ();
  json_object_set_array_member (params, "start", start);
  json_object_set_member (params, "setup", json_node_copy (layout));
  for (guint i = 0; i < players; i++)
    {
      JsonObject *entry = json_object_new ();
      const char *talent = NULL;
      PenCard *card = NULL;

      json_array_add_object_element (start, entry);
      if (talents != NULL && i < json_array_get_length (talents)
          && JSON_NODE_HOLDS_VALUE (json_array_get_element (talents, i)))
        talent = json_array_get_string_element (talents, i);
      if (talent != NULL && (card = pen_catalog_lookup (catalog, talent)) != NULL
          && pen_card_get_card_type (card) == PEN_CARD_TALENT)
        {
          json_object_set_string_member (entry, "talent", talent);
          int mark = pen_card_get_start_mark (card);

          if (mark >= 0 && mark < PEN_MARK_SPARK)
            json_object_set_string_member (entry, "mark", pen_mark_kind_to_string (mark));
        }
      if (card_list != NULL && *g_strstrip (card_list[i]) != '\0')
        json_object_set_string_member (entry, "card", card_list[i]);
      if (ingredient_list != NULL && *g_strstrip (ingredient_list[i]) != '\0')
        {
          g_auto(GStrv) pairs = g_strsplit (ingredient_list[i], ",", -1);
          JsonObject *set = json_object_new ();

          json_object_set_object_member (entry, "ingredients", set);
          for (guint k = 0; pairs[k] != NULL; k++)
            {
              g_auto(GStrv) kv = g_strsplit (g_strstrip (pairs[k]), "=", 2);
              guint64 count;

              if (g_strv_length (kv) != 2 || pen_ingredient_from_string (kv[0]) < 0
                  || !g_ascii_string_to_unsigned (kv[1], 10, 0, PEN_INGREDIENT_CAP, &count,
                                                  NULL))
                {
                  g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                               "--start-ingredients: \"%s\" is not INGREDIENT=COUNT (blood, "
                               "crystal, jewel, fruit, trinket or arcana; 0-%d)", pairs[k],
                               PEN_INGREDIENT_CAP);
                  return FALSE;
                }
              json_object_set_int_member (set, kv[0], (gint64) count);
            }
        }
    }
  return TRUE;
}

/* The starting dice the new game gives, wizard by wizard in supply order ("Player 1: bone,
 * bone, spark; …"), and how many: what the table rolls in physical play. Found by starting
 * the same game aside (its faces are thrown away). */
static char *
describe_start_dice (JsonNode  *node,
                     guint     *n_dice,
                     GError   **error)
{
  g_autoptr(PenAction) action = NULL;
  g_autoptr(PenGame) scratch = pen_game_new ();
  g_autoptr(GString) s = g_string_new (NULL);
  PenTable *table;

  *n_dice = 0;
  if (!(action = pen_action_new_from_json (node, "$", error))
      || !pen_game_submit (scratch, action, error))
    return NULL;
  table = pen_game_get_table (scratch);
  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    {
      PenWizard *wizard = pen_table_get_wizard (table, w);
      GListModel *supply = pen_wizard_get_supply (wizard);

      if (w > 0)
        g_string_append (s, "; ");
      g_string_append_printf (s, "%s:", pen_wizard_get_name (wizard));
      for (guint d = 0; d < g_list_model_get_n_items (supply); d++)
        {
          g_autoptr(PenDie) die = g_list_model_get_item (supply, d);

          g_string_append_printf (s, "%s %s", d > 0 ? "," : "",
                                  pen_color_to_string (pen_die_get_color (die)));
          (*n_dice)++;
        }
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

gboolean
pen_cli_new (PenCliContext  *ctx,
             GError        **error)
{
  int players = 0, solo = 0;
  gboolean ready_made = FALSE, physical = FALSE, table_markets = FALSE;
  g_autofree char *out = NULL, *start_dice = NULL, *start_cards = NULL;
  g_autofree char *start_ingredients = NULL;
  GOptionEntry entries[] = {
    { "players", 0, 0, G_OPTION_ARG_INT, &players, "Players (1-4)", "N" },
    { "ready-made", 0, 0, G_OPTION_ARG_NONE, &ready_made, "The first-game deck", NULL },
    { "solo", 0, 0, G_OPTION_ARG_INT, &solo, "Rival level (1-3)", "LEVEL" },
    { "physical", 0, 0, G_OPTION_ARG_NONE, &physical, "The table shuffles and deals", NULL },
    { "table-markets", 0, 0, G_OPTION_ARG_NONE, &table_markets,
      "With --physical: the table says the Brewery's and Shop's cards as it buys", NULL },
    { "start-dice", 0, 0, G_OPTION_ARG_STRING, &start_dice,
      "With --physical (required there): the faces the table rolled for the starting dice, "
      "each wizard's in supply order", "2,5,3,6,…" },
    { "start-cards", 0, 0, G_OPTION_ARG_STRING, &start_cards,
      "Each player's starting Discipline card, in player order: a card id, or \"discipline\" "
      "for one the catalogue cannot name", "ID,…" },
    { "start-ingredients", 0, 0, G_OPTION_ARG_STRING, &start_ingredients,
      "Each player's starting Ingredients, in player order, separated by /",
      "fruit=2,blood=1/…" },
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &out, "Save file", "FILE" },
    { NULL }
  };
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GArray) faces = NULL;

  if (!pen_cli_parse_options (ctx, entries, error))
    return FALSE;
  if (start_dice != NULL && !physical)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "--start-dice: only with --physical (the app rolls the dice otherwise)");
      return FALSE;
    }
  if (start_dice != NULL && !(faces = parse_faces (start_dice, error)))
    return FALSE;
  if (players < 1 || players > 4)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "--players: %d is not 1 to 4", players);
      return FALSE;
    }
  if (solo < 0 || solo > 3 || (solo > 0 && players != 1))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "--solo: a level 1 to 3, with --players 1");
      return FALSE;
    }
  if (out == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "--out: missing");
      return FALSE;
    }
  file = g_file_new_for_commandline_arg (out);
  game = pen_game_new ();
  pen_game_set_file (game, file);
  /* the lock first: two `new` on one name cannot both write it */
  if (!pen_game_lock (game, LOCK_TIMEOUT_MS, error))
    return FALSE;
  if (g_file_query_exists (file, NULL))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "--out: %s exists; it is left as it is",
                   out);
      return FALSE;
    }

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "action");
  json_builder_add_string_value (b, "new-game");
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (int i = 0; i < players; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %d", i + 1);
      json_builder_add_string_value (b, name);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, (gint64) (ctx->has_seed ? ctx->seed & G_MAXINT64 : 0));
  if (solo > 0)
    {
      json_builder_set_member_name (b, "solo");
      json_builder_add_int_value (b, solo);
    }
  if (ready_made)
    {
      json_builder_set_member_name (b, "ready_made");
      json_builder_add_boolean_value (b, TRUE);
    }
  if (physical)
    {
      json_builder_set_member_name (b, "mode");
      json_builder_add_string_value (b, "physical");
      /* the table rolls every die and says its face: the CLI never rolls for it */
      json_builder_set_member_name (b, "table_rolls");
      json_builder_add_boolean_value (b, TRUE);
    }
  if (table_markets)
    {
      json_builder_set_member_name (b, "table_markets");
      json_builder_add_boolean_value (b, TRUE);
    }
  json_builder_end_object (b);
  node = json_builder_get_root (b);
  if ((start_cards != NULL || start_ingredients != NULL)
      && !add_start (json_node_get_object (node), (guint) players,
                     (gint64) (ctx->has_seed ? ctx->seed & G_MAXINT64 : 0), ready_made,
                     start_cards, start_ingredients, error))
    return FALSE;

  /* physical play never rolls for the table: the starting dice are what it rolled */
  if (physical)
    {
      g_autofree char *dice = NULL;
      guint n_dice;

      if (!(dice = describe_start_dice (node, &n_dice, error)))
        return FALSE;
      if (faces == NULL || faces->len != n_dice)
        {
          if (faces == NULL)
            g_set_error (error, PEN_ERROR, PEN_ERROR_NEEDS_FACES,
                         "--start-dice: physical mode: the table rolls the %u starting dice "
                         "(%s); give their faces in this order", n_dice, dice);
          else
            g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                         "--start-dice: %u faces for the %u starting dice (%s)", faces->len,
                         n_dice, dice);
          return FALSE;
        }
      {
        JsonObject *obj = json_node_get_object (node);
        g_autoptr(JsonArray) arr = json_array_sized_new (faces->len);

        for (guint i = 0; i < faces->len; i++)
          json_array_add_int_element (arr, g_array_index (faces, guint, i));
        json_object_set_array_member (obj, "faces", g_steal_pointer (&arr));
      }
    }

  if (!(action = pen_action_new_from_json (node, "$", error))
      || !pen_game_submit (game, action, error)
      || !check_saved (game, file, error))
    return FALSE;
  print_show (ctx, game);
  return TRUE;
}

gboolean
pen_cli_apply (PenCliContext  *ctx,
               GError        **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GDataInputStream) in = NULL;
  guint line_no = 0;

  if (!one_file (ctx, &file, error))
    return FALSE;

  /* held until the last line is saved: a second writer waits, then refuses; a missing file
   * is created by a leading new-game action */
  if (!(game = load_locked (file, TRUE, error)))
    return FALSE;

  in = g_data_input_stream_new (ctx->in);
  for (;;)
    {
      g_autoptr(GError) local_error = NULL;
      g_autofree char *line = NULL;
      g_autofree char *msg = NULL;
      g_autoptr(JsonNode) node = NULL;
      g_autoptr(PenAction) action = NULL;
      g_autofree char *path = NULL;
      gsize len;

      line = g_data_input_stream_read_line_utf8 (in, &len, NULL, &local_error);
      if (line == NULL && local_error == NULL)
        break;
      line_no++;
      path = g_strdup_printf ("line %u", line_no);
      if (local_error != NULL)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: %s", path, local_error->message);
          return FALSE;
        }
      /* a NUL would end the line early: the rest would go unread */
      if (strlen (line) != len)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: $: the line holds a NUL byte",
                       path);
          return FALSE;
        }
      g_strstrip (line);
      if (*line == '\0')
        continue;

      if (!(node = pen_json_parse (line, -1, &local_error))
          || !(action = pen_action_new_from_json (node, "$", &local_error))
          || !pen_game_submit (game, action, &local_error))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: %s", path, local_error->message);
          return FALSE;
        }
      /* durably saved (by the submit) before it is acknowledged and the next line read */
      if (!check_saved (game, file, &local_error))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "%s: %s", path, local_error->message);
          return FALSE;
        }
      msg = g_strdup_printf ("applied %u", pen_game_get_position (game));
      pen_cli_print_line (ctx, msg);
    }
  return TRUE;
}

gboolean
pen_cli_log (PenCliContext  *ctx,
             GError        **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autofree char *lines = NULL;

  if (!one_file (ctx, &file, error) || !(game = load (file, error)))
    return FALSE;
  lines = pen_game_log_to_lines (game);
  g_output_stream_write_all (ctx->out, lines, strlen (lines), NULL, NULL, NULL);
  return TRUE;
}

gboolean
pen_cli_show (PenCliContext  *ctx,
              GError        **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(PenGame) game = NULL;

  if (!one_file (ctx, &file, error) || !(game = load (file, error)))
    return FALSE;
  print_show (ctx, game);
  return TRUE;
}

static gboolean
step (PenCliContext  *ctx,
      gboolean        undo,
      GError        **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;
  guint position;

  if (!one_file (ctx, &file, error) || !(game = load_locked (file, FALSE, error)))
    return FALSE;

  if (undo)
    {
      if (!pen_game_undo (game))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "nothing to undo");
          return FALSE;
        }
    }
  else if (!pen_game_redo (game, error))
    return FALSE;
  /* a change that could not be saved is not reported done */
  if (!check_saved (game, file, error))
    return FALSE;

  position = pen_game_get_position (game);
  action = g_list_model_get_item (pen_game_get_history (game), undo ? position : position - 1);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, undo ? "undone" : "redone");
  json_builder_add_value (b, pen_action_to_json (action));
  json_builder_set_member_name (b, "position");
  json_builder_add_int_value (b, position);
  json_builder_set_member_name (b, "can_undo");
  json_builder_add_boolean_value (b, pen_game_get_can_undo (game));
  json_builder_set_member_name (b, "can_redo");
  json_builder_add_boolean_value (b, pen_game_get_can_redo (game));
  json_builder_end_object (b);
  node = json_builder_get_root (b);
  pen_cli_print_json (ctx, node);
  return TRUE;
}

gboolean
pen_cli_undo (PenCliContext  *ctx,
              GError        **error)
{
  return step (ctx, TRUE, error);
}

gboolean
pen_cli_redo (PenCliContext  *ctx,
              GError        **error)
{
  return step (ctx, FALSE, error);
}
