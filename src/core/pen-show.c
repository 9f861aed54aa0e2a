/* pen-show.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-board-layout.h"
#include "pen-box.h"
#include "pen-catalog.h"
#include "pen-show.h"
#include "pen-turn.h"

PenScoreInput *
pen_show_score_input (PenTable  *table,
                      GPtrArray *unknown)
{
  g_autoptr(PenScoreRules) rules = pen_score_rules_new_default ();
  PenScoreInput *input = pen_score_input_new (rules);
  PenCatalog *catalog = pen_catalog_get_default ();
  GListModel *in_play = pen_table_get_in_play (table);

  for (guint i = 0; i < g_list_model_get_n_items (in_play); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (in_play, i);
      if (g_strcmp0 (pen_table_card_get_zone (tc), "goal") == 0)
        g_ptr_array_add (input->goals, g_strdup (pen_table_card_get_card_id (tc)));
    }

  for (guint p = 0; p < pen_table_get_n_players (table); p++)
    {
      PenWizard *w = pen_table_get_wizard (table, p);
      PenScorePlayer *player = pen_score_player_new (pen_wizard_get_name (w));

      player->display_name = g_strdup (pen_wizard_get_display_name (w));
      GListModel *cards = pen_wizard_get_cards (w);

      player->arcana = pen_wizard_get_ingredient (w, PEN_INGREDIENT_ARCANA);
      player->mortal_wounds = pen_wizard_get_mortal_wounds (w);
      /* Light and Darkness are counted on the wizard as cards bring them */
      player->light = pen_wizard_get_light (w);
      player->dark = pen_wizard_get_dark (w);
      /* the Board: the points printed under each cell that holds a Mark, wounded or not. The
       * rulebook prints no cell's points: a cell the user has not typed in counts 0. */
      {
        GListModel *marks = pen_wizard_get_marks (w);
        PenBoardLayout *layout = pen_board_layout_get_default ();

        for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
          {
            g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
            int vp = pen_board_layout_get_vp (layout, pen_mark_get_cell (mark));

            if (vp > 0)
              player->board_vp += vp;
          }
      }
      /* the points entered by hand for Goals the scoring cannot work out (action goal-vp) */
      {
        GHashTableIter iter;
        gpointer goal, vp;

        g_hash_table_iter_init (&iter, pen_wizard_get_goal_vps (w));
        while (g_hash_table_iter_next (&iter, &goal, &vp))
          g_hash_table_insert (player->goal_vp, g_strdup (goal), vp);
      }

      for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
          const char *id = pen_table_card_get_card_id (tc);
          const char *zone = pen_table_card_get_zone (tc);
          PenCard *card = pen_catalog_lookup (catalog, id);
          guint symbols[PEN_N_SYMBOLS] = { 0, };
          GArray *list = NULL;
          int vp;

          if (card == NULL)
            continue;
          if (g_strcmp0 (zone, PEN_ZONE_RESERVED) == 0)
            {
              if (pen_card_get_card_type (card) == PEN_CARD_CONTRACT)
                player->reserved_contracts++;
              continue;
            }
          /* a Discipline card of a kind not known yet (in the Grimoire) may be a Tome; a Tome
           * counts wherever it lies (an Artifact bought unnamed waits in the Inventory until
           * the table names it, play finding E1) */
          if (g_strcmp0 (zone, PEN_ZONE_EXPERIENCE) != 0
              && pen_card_get_card_type (card) != PEN_CARD_DISCIPLINE
              && pen_card_get_card_type (card) != PEN_CARD_TOME)
            continue;
          switch (pen_card_get_card_type (card))
            {
            case PEN_CARD_TRIAL: list = player->trials; break;
            case PEN_CARD_CONTRACT: list = player->contracts; break;
            case PEN_CARD_TOME:
            case PEN_CARD_ARTIFACT:
            case PEN_CARD_DISCIPLINE: list = player->tomes; break;
            case PEN_CARD_EVENT:
            case PEN_CARD_PROPHECY:
            case PEN_CARD_GOAL:
            case PEN_CARD_TALENT:
            case PEN_CARD_SPELL:
            case PEN_CARD_POTION:
            case PEN_CARD_PET:
            case PEN_CARD_MORTAL_WOUND:
            case PEN_N_CARD_TYPES:
            default:
              continue;
            }
          for (guint s = 0; s < PEN_N_SYMBOLS; s++)
            symbols[s] = pen_card_count_symbol (card, s);
          vp = pen_card_get_vp (card);
          if (unknown != NULL && list != player->tomes
              && (!pen_card_is_known (card, "vp") || !pen_card_is_known (card, "symbols")))
            g_ptr_array_add (unknown, g_strdup (id));
          /* light and dark are already on the wizard: the cards add none here */
          pen_score_player_add_card (list, id, MAX (vp, 0) * (vp != PEN_CARD_UNKNOWN), symbols,
                                     0, 0);
        }
      g_ptr_array_add (input->players, player);
    }
  return input;
}

PenScoreSheet *
pen_show_score (PenTable *table)
{
  PenScoreInput *input = pen_show_score_input (table, NULL);
  PenScoreSheet *sheet = pen_score_compute (input);

  pen_score_input_free (input);
  return sheet;
}

static void
add_ids (JsonBuilder *b,
         const char  *name,
         GListModel  *list,
         const char  *zone)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (list, i);
      const char *id = pen_table_card_get_card_id (tc);

      if (zone != NULL && g_strcmp0 (pen_table_card_get_zone (tc), zone) != 0)
        continue;
      if (id)
        json_builder_add_string_value (b, id);
      else
        json_builder_add_null_value (b);
    }
  json_builder_end_array (b);
}

JsonNode *
pen_show_table (PenTable *table)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) snap = pen_table_to_json (table);
  JsonObject *obj = json_node_get_object (snap);
  GListModel *fate = pen_table_get_fate_deck (table);
  PenScoreSheet *sheet;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "players");
  json_builder_add_value (b, json_node_copy (json_object_get_member (obj, "players")));
  json_builder_set_member_name (b, "current");
  json_builder_add_int_value (b, pen_table_get_current (table));
  json_builder_set_member_name (b, "turn");
  json_builder_add_int_value (b, pen_table_get_turn (table));
  json_builder_set_member_name (b, "turn_kind");
  json_builder_add_string_value (b, pen_turn_kind_to_string (pen_table_get_turn_kind (table)));
  json_builder_set_member_name (b, "placements_left");
  json_builder_add_int_value (b, pen_table_get_placements_left (table));
  json_builder_set_member_name (b, "phase");
  json_builder_add_string_value (b, pen_phase_to_string (pen_table_get_phase (table)));
  json_builder_set_member_name (b, "ended_by");
  if (pen_table_get_ended_by (table))
    json_builder_add_string_value (b, pen_table_get_ended_by (table));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "mode");
  json_builder_add_string_value (b, pen_table_get_physical (table) ? "physical" : "app");
  json_builder_set_member_name (b, "solo_level");
  json_builder_add_int_value (b, pen_table_get_solo_level (table));

  add_ids (b, "prophecies", pen_table_get_in_play (table), "prophecy");
  add_ids (b, "goals", pen_table_get_in_play (table), "goal");
  add_ids (b, "events", pen_table_get_in_play (table), "event");
  add_ids (b, "trial_row", pen_table_get_trial_row (table), NULL);
  add_ids (b, "contract_row", pen_table_get_contract_row (table), NULL);
  json_builder_set_member_name (b, "contract_deck");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "count");
  json_builder_add_int_value (b, g_list_model_get_n_items (pen_table_get_contract_deck (table)));
  json_builder_end_object (b);

  json_builder_set_member_name (b, "fate_deck");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "count");
  json_builder_add_int_value (b, g_list_model_get_n_items (fate));
  if (pen_table_get_physical (table))
    {
      /* the table shuffled it: any card left may come next */
      add_ids (b, "possible", fate, NULL);
    }
  /* the first-game deck at a real table lies in the printed order: its top card is next */
  if (pen_table_get_physical (table) && pen_table_get_fate_next (table) != NULL)
    {
      json_builder_set_member_name (b, "next");
      json_builder_add_string_value (b, pen_table_get_fate_next (table));
    }
  json_builder_end_object (b);
  json_builder_set_member_name (b, "markets");
  json_builder_add_value (b, json_node_copy (json_object_get_member (obj, "markets")));
  json_builder_set_member_name (b, "placed");
  json_builder_add_value (b, json_node_copy (json_object_get_member (obj, "placed")));
  /* the trial a Trial turn is attempting, with its Properties, while there is one */
  if (json_object_has_member (obj, "trial"))
    {
      json_builder_set_member_name (b, "trial");
      json_builder_add_value (b, json_node_copy (json_object_get_member (obj, "trial")));
    }

  sheet = pen_show_score (table);
  json_builder_set_member_name (b, "scores");
  json_builder_add_value (b, pen_score_sheet_to_json (sheet, FALSE));
  pen_score_sheet_free (sheet);
  json_builder_end_object (b);

  return json_builder_get_root (b);
}

JsonNode *
pen_show_game (PenGame *game)
{
  PenTable *table = pen_game_get_table (game);
  JsonNode *node = pen_show_table (table);
  JsonObject *fate;

  g_return_val_if_fail (PEN_IS_GAME (game), node);

  fate = json_object_get_object_member (json_node_get_object (node), "fate_deck");
  if (pen_table_get_physical (table) && fate != NULL)
    {
      g_autoptr(GPtrArray) ids = pen_draw_candidates (game, PEN_DRAW_FATE);
      JsonArray *possible = json_array_new ();

      for (guint i = 0; i < ids->len; i++)
        json_array_add_string_element (possible, g_ptr_array_index (ids, i));
      json_object_set_array_member (fate, "possible", possible);
    }
  return node;
}
