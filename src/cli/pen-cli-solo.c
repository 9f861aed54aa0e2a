/* pen-cli-solo.c: penumbra-cli solo --games N [--seed S] [--level L] [--out FILE]
 *
 * Plays N whole solo games (the Rival against the stand-in of pen-solo-sim.h), game i from
 * seed S + i, and prints the scores (pen_show_score, as for any game), the mean number of
 * turns and why the games ended. With --out (and --games 1) the game is saved as a normal
 * save file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-cli.h"
#include "pen-show.h"
#include "pen-solo-sim.h"

#define MAX_GAMES 100000

typedef struct
{
  gint64 sum;
  int    min;
  int    max;
} Stats;

static void
stats_add (Stats *s,
           int    v,
           guint  i)
{
  s->sum += v;
  s->min = i == 0 ? v : MIN (s->min, v);
  s->max = i == 0 ? v : MAX (s->max, v);
}

static void
stats_build (JsonBuilder *b,
             const char  *name,
             const Stats *s,
             guint        n)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "mean_score");
  json_builder_add_double_value (b, (double) s->sum / n);
  json_builder_set_member_name (b, "min");
  json_builder_add_int_value (b, s->min);
  json_builder_set_member_name (b, "max");
  json_builder_add_int_value (b, s->max);
  json_builder_end_object (b);
}

gboolean
pen_cli_solo (PenCliContext  *ctx,
              GError        **error)
{
  int games = 0, level = 1;
  g_autofree char *out = NULL;
  GOptionEntry entries[] = {
    { "games", 0, 0, G_OPTION_ARG_INT, &games, "Games to simulate", "N" },
    { "level", 0, 0, G_OPTION_ARG_INT, &level, "Rival level (1-3)", "L" },
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &out, "Save the game (with --games 1)", "FILE" },
    { NULL }
  };
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GHashTable) reasons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  g_autoptr(GFile) file = NULL;
  g_autoptr(PenGame) kept = NULL;
  Stats rival = { 0, }, player = { 0, };
  guint64 turns = 0, seed;

  if (!pen_cli_parse_options (ctx, entries, error))
    return FALSE;
  if (ctx->argc > 1)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "unexpected argument \"%s\"",
                   ctx->argv[1]);
      return FALSE;
    }
  if (games < 1 || games > MAX_GAMES)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "--games: %d is not 1 to %d", games,
                   MAX_GAMES);
      return FALSE;
    }
  if (level < 1 || level > 3)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "--level: %d is not 1 to 3", level);
      return FALSE;
    }
  if (out != NULL)
    {
      if (games != 1)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "--out: needs --games 1");
          return FALSE;
        }
      file = g_file_new_for_commandline_arg (out);
      if (g_file_query_exists (file, NULL))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "--out: %s exists; it is left as it is", out);
          return FALSE;
        }
    }
  seed = ctx->has_seed ? ctx->seed : 0;

  /* "end-of-time" is always listed: it is the game's clock */
  g_hash_table_insert (reasons, g_strdup ("end-of-time"), GUINT_TO_POINTER (0));
  g_ptr_array_add (order, (gpointer) "end-of-time");

  for (guint i = 0; i < (guint) games; i++)
    {
      g_autoptr(PenGame) game = pen_solo_sim_play (seed + i, level, error);
      g_autoptr(PenScoreSheet) sheet = NULL;
      PenTable *table;
      const char *reason;
      gpointer key, value;

      if (game == NULL)
        {
          g_prefix_error (error, "$: game %u (seed %" G_GUINT64_FORMAT "): ", i, seed + i);
          return FALSE;
        }
      table = pen_game_get_table (game);
      sheet = pen_show_score (table);
      stats_add (&player, ((PenScoreResult *) g_ptr_array_index (sheet->results, 0))->total, i);
      stats_add (&rival, ((PenScoreResult *) g_ptr_array_index (sheet->results, 1))->total, i);
      turns += pen_table_get_turn (table);

      reason = pen_table_get_phase (table) == PEN_PHASE_ENDED && pen_table_get_ended_by (table)
               ? pen_table_get_ended_by (table) : "unfinished";
      if (g_hash_table_lookup_extended (reasons, reason, &key, &value))
        g_hash_table_insert (reasons, g_strdup (reason),
                             GUINT_TO_POINTER (GPOINTER_TO_UINT (value) + 1));
      else
        {
          char *k = g_strdup (reason);
          g_hash_table_insert (reasons, k, GUINT_TO_POINTER (1));
          g_ptr_array_add (order, k);
        }
      if (file != NULL)
        kept = g_steal_pointer (&game);
    }

  if (kept != NULL && !pen_game_save (kept, file, error))
    {
      g_prefix_error (error, "--out: ");
      return FALSE;
    }

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "games");
  json_builder_add_int_value (b, games);
  json_builder_set_member_name (b, "level");
  json_builder_add_int_value (b, level);
  stats_build (b, "rival", &rival, games);
  stats_build (b, "player", &player, games);
  json_builder_set_member_name (b, "turns");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "mean");
  json_builder_add_double_value (b, (double) turns / games);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "end_reasons");
  json_builder_begin_object (b);
  for (guint i = 0; i < order->len; i++)
    {
      const char *k = g_ptr_array_index (order, i);
      json_builder_set_member_name (b, k);
      json_builder_add_int_value (b, GPOINTER_TO_UINT (g_hash_table_lookup (reasons, k)));
    }
  json_builder_end_object (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  pen_cli_print_json (ctx, root);
  return TRUE;
}
