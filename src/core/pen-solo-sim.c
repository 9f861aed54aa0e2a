/* pen-solo-sim.c: whole solo games, the Rival against a simple stand-in player
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-catalog.h"
#include "pen-rival.h"
#include "pen-solo-sim.h"
#include "pen-turn.h"

#define PLAYER 0

static gboolean
in_list (GListModel *list,
         const char *id)
{
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (list, i);
      if (g_strcmp0 (pen_table_card_get_card_id (tc), id) == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
on_table (PenTable   *table,
          const char *id)
{
  if (in_list (pen_table_get_fate_deck (table), id)
      || in_list (pen_table_get_trial_row (table), id)
      || in_list (pen_table_get_in_play (table), id)
      || in_list (pen_table_get_contract_row (table), id)
      || in_list (pen_table_get_contract_deck (table), id))
    return TRUE;
  for (guint i = 0; i < pen_table_get_n_players (table); i++)
    if (in_list (pen_wizard_get_cards (pen_table_get_wizard (table, i)), id))
      return TRUE;
  return FALSE;
}

static const char *
pick_unused (PenTable          *table,
             const PenCardType *types,
             guint              n_types,
             gboolean           any_fallback)
{
  const char *fallback = NULL;

  for (guint t = 0; t < n_types; t++)
    {
      g_autoptr(GPtrArray) cards = pen_catalog_list_by_type (pen_catalog_get_default (),
                                                             types[t]);
      for (guint i = 0; i < cards->len; i++)
        {
          const char *id = pen_card_get_id (g_ptr_array_index (cards, i));

          if (fallback == NULL)
            fallback = id;
          if (!on_table (table, id))
            return id;
        }
    }
  return any_fallback ? fallback : NULL;
}

const char *
pen_solo_sim_pick_fate (PenTable *table)
{
  static const PenCardType types[] = {
    PEN_CARD_TRIAL, PEN_CARD_EVENT, PEN_CARD_GOAL, PEN_CARD_PROPHECY
  };
  GListModel *deck = pen_table_get_fate_deck (table);
  g_autoptr(PenTableCard) top = NULL;

  if (g_list_model_get_n_items (deck) == 0)
    return NULL;
  top = g_list_model_get_item (deck, 0);
  if (pen_table_card_get_card_id (top) != NULL)
    return NULL;
  /* a second copy is better than a stuck game: the table names what it sees */
  return pick_unused (table, types, G_N_ELEMENTS (types), TRUE);
}

const char *
pen_solo_sim_pick_contract (PenTable *table)
{
  static const PenCardType types[] = { PEN_CARD_CONTRACT };

  return pick_unused (table, types, 1, FALSE);
}

/* ---- the stand-in player ---- */

typedef struct
{
  PenGame  *game;
  PenTable *table;
  GString  *json;
} Sim;

static gboolean
submit (Sim     *sim,
        GError **error)
{
  gboolean ok = pen_game_submit_json (sim->game, sim->json->str, error);

  if (!ok)
    g_prefix_error (error, "%s: ", sim->json->str);
  return ok;
}

static int
lowest_die (PenWizard *w)
{
  GListModel *supply = pen_wizard_get_supply (w);
  int best = -1;
  guint best_v = 7;

  for (guint i = 0; i < g_list_model_get_n_items (supply); i++)
    {
      g_autoptr(PenDie) d = g_list_model_get_item (supply, i);
      if (pen_die_get_value (d) <= best_v)
        {
          best = i;
          best_v = pen_die_get_value (d);
        }
    }
  return best;
}

static int
trial_difficulty (const char *id)
{
  PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), id);
  int d = card ? pen_card_get_difficulty (card) : -1;

  return d > 0 ? d : 4;
}

static guint
strength (PenWizard *w)
{
  GListModel *marks = pen_wizard_get_marks (w);
  guint n = g_list_model_get_n_items (pen_wizard_get_supply (w));

  for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
      if (pen_mark_get_state (mark) != PEN_MARK_WOUNDED)
        n++;
    }
  return n;
}

static gboolean
end_turn (Sim      *sim,
          gboolean  refresh,
          GError  **error)
{
  const char *reveal = refresh ? pen_solo_sim_pick_fate (sim->table) : NULL;
  const char *contract = refresh ? pen_solo_sim_pick_contract (sim->table) : NULL;

  g_string_assign (sim->json, "{\"action\": \"turn-end\"");
  if (reveal)
    g_string_append_printf (sim->json, ", \"reveal\": \"%s\"", reveal);
  if (contract)
    g_string_append_printf (sim->json, ", \"contract\": \"%s\"", contract);
  g_string_append_c (sim->json, '}');
  return submit (sim, error);
}

static gboolean
player_turn (Sim     *sim,
             GError **error)
{
  PenWizard *w = pen_table_get_wizard (sim->table, PLAYER);
  GListModel *row = pen_table_get_trial_row (sim->table);
  guint n_dice = g_list_model_get_n_items (pen_wizard_get_supply (w));
  guint s = strength (w);
  int placements = pen_table_get_turn (sim->table) < pen_table_get_n_players (sim->table) ? 1 : 2;
  int best = -1, best_d = 0;

  for (guint i = 0; i < g_list_model_get_n_items (row); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (row, i);
      int d;

      if (pen_table_card_get_card_id (tc) == NULL)
        continue;
      d = trial_difficulty (pen_table_card_get_card_id (tc));
      if (s >= (guint) d + 2 && n_dice >= (guint) d && d > best_d)
        {
          best = i;
          best_d = d;
        }
    }

  if (pen_wizard_get_must_rest (w) || (best < 0 && n_dice < (guint) placements))
    {
      g_string_assign (sim->json, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
      return submit (sim, error) && end_turn (sim, TRUE, error);
    }

  if (best >= 0)
    {
      g_string_assign (sim->json, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
      if (!submit (sim, error))
        return FALSE;
      for (int k = 0; k < best_d; k++)
        {
          g_string_printf (sim->json, "{\"action\": \"die-discard\", \"wizard\": %d, "
                           "\"index\": %d}", PLAYER, lowest_die (w));
          if (!submit (sim, error))
            return FALSE;
        }
      g_string_printf (sim->json, "{\"action\": \"trial-take\", \"wizard\": %d, \"index\": %d, "
                       "\"path\": \"%s\"}", PLAYER, best,
                       pen_wizard_get_dark (w) > pen_wizard_get_light (w) ? "dark" : "light");
      return submit (sim, error) && end_turn (sim, TRUE, error);
    }

  g_string_assign (sim->json, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  if (!submit (sim, error))
    return FALSE;
  for (int k = 0; k < placements; k++)
    {
      GListModel *contracts = pen_table_get_contract_row (sim->table);
      int slot = -1;

      for (int c = PEN_CONTRACT_CELLS - 1; c >= 0 && slot < 0 && k == 0; c--)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (contracts, c);
          if (pen_table_card_get_card_id (tc) != NULL)
            slot = c;
        }
      g_string_printf (sim->json, "{\"action\": \"die-place\", \"wizard\": %d, \"index\": %d, "
                       "\"location\": \"%s\"}", PLAYER, lowest_die (w),
                       slot >= 0 ? "guild" : k == 0 ? "ruby-class" : "ruins");
      if (!submit (sim, error))
        return FALSE;
      if (slot >= 0)
        {
          const char *reveal = pen_solo_sim_pick_contract (sim->table);

          g_string_printf (sim->json, "{\"action\": \"contract-take\", \"wizard\": %d, "
                           "\"slot\": %d", PLAYER, slot);
          if (reveal)
            g_string_append_printf (sim->json, ", \"reveal\": \"%s\"", reveal);
          g_string_append_c (sim->json, '}');
        }
      else if (k == 0)
        g_string_printf (sim->json, "{\"action\": \"die-gain\", \"wizard\": %d, "
                         "\"color\": \"red\"}", PLAYER);
      else
        g_string_printf (sim->json, "{\"action\": \"ingredient-gain\", \"wizard\": %d, "
                         "\"ingredient\": \"blood\", \"count\": 2}", PLAYER);
      if (!submit (sim, error))
        return FALSE;
    }
  return end_turn (sim, FALSE, error);
}

static gboolean
rival_turn (Sim     *sim,
            GError **error)
{
  g_autoptr(PenRivalPlan) plan = pen_rival_plan_turn (sim->table,
                                                      pen_table_get_current (sim->table),
                                                      NULL, NULL, error);
  gboolean refresh;
  const char *reveal, *contract;

  if (plan == NULL)
    return FALSE;
  refresh = pen_rival_plan_get_kind (plan) != PEN_TURN_STUDY;
  reveal = refresh ? pen_solo_sim_pick_fate (sim->table) : NULL;
  contract = refresh ? pen_solo_sim_pick_contract (sim->table) : NULL;

  g_string_assign (sim->json, "{\"action\": \"rival-turn\"");
  if (reveal)
    g_string_append_printf (sim->json, ", \"reveal\": \"%s\"", reveal);
  if (contract)
    g_string_append_printf (sim->json, ", \"contract\": \"%s\"", contract);
  g_string_append_c (sim->json, '}');
  return submit (sim, error);
}

gboolean
pen_solo_sim_step (PenGame  *game,
                   GError  **error)
{
  g_autoptr(GString) json = g_string_new (NULL);
  Sim sim = { game, pen_game_get_table (game), json };
  PenWizard *w;

  if (pen_table_get_n_players (sim.table) == 0
      || pen_table_get_phase (sim.table) == PEN_PHASE_ENDED
      || pen_table_get_turn_kind (sim.table) != PEN_TURN_NONE)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$: no turn to play");
      return FALSE;
    }
  w = pen_table_get_wizard (sim.table, pen_table_get_current (sim.table));
  return pen_wizard_get_rival (w) ? rival_turn (&sim, error) : player_turn (&sim, error);
}

PenGame *
pen_solo_sim_new_game (guint64   seed,
                       guint     level,
                       GError  **error)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_autofree char *json = NULL;

  json = g_strdup_printf ("{\"action\": \"new-game\", \"players\": [\"Player\"], "
                          "\"seed\": %" G_GUINT64_FORMAT ", \"solo\": %u}", seed & G_MAXINT64,
                          level);
  if (!pen_game_submit_json (game, json, error))
    return NULL;
  return g_steal_pointer (&game);
}

PenGame *
pen_solo_sim_play (guint64   seed,
                   guint     level,
                   GError  **error)
{
  g_autoptr(PenGame) game = pen_solo_sim_new_game (seed, level, error);
  PenTable *table;

  if (game == NULL)
    return NULL;
  table = pen_game_get_table (game);
  while (pen_table_get_phase (table) != PEN_PHASE_ENDED
         && pen_table_get_turn (table) < PEN_SOLO_SIM_MAX_TURNS)
    if (!pen_solo_sim_step (game, error))
      return NULL;
  return g_steal_pointer (&game);
}
