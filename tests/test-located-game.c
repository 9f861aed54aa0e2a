/* test-located-game.c: whole games where every placement names its location and the cards
 * the catalogue cannot name are named along the way — 2 players app-dealt, 3 players physical
 * with a rule-built deck (the table says every die and card), from new-game to the final score
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "game-test-common.h"
#include "pen-box.h"
#include "pen-catalog.h"
#include "pen-locations.h"
#include "pen-show.h"

static char *tmp_dir;

typedef struct
{
  PenGame  *game;
  PenTable *table;
  guint     named;       /* cards identified */
  guint     contracts;   /* fulfilled at the Guild */
  guint     forests;
  guint     reveals;
  guint     another;     /* "another card: name it" */
} Play;

static void
submit (Play       *p,
        const char *json)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *full = NULL;

  if (pen_table_get_table_rolls (p->table))
    json = full = with_faces (p->table, json, 1 + pen_table_get_turn (p->table) % 6);
  if (!pen_game_submit_json (p->game, json, &error))
    g_error ("refused: %s: %s", json, error->message);
}

static void
submitf (Play       *p,
         const char *format,
         ...) G_GNUC_PRINTF (2, 3);

static void
submitf (Play       *p,
         const char *format,
         ...)
{
  g_autofree char *json = NULL;
  va_list args;

  va_start (args, format);
  json = g_strdup_vprintf (format, args);
  va_end (args);
  submit (p, json);
}

/* The table reads every face-up card the app cannot name: a new card with its numbers */
static void
name_face_up (Play *p)
{
  g_autoptr(GPtrArray) open = pen_box_list_unidentified (p->table);

  for (guint i = 0; i < open->len; i++)
    {
      PenCardSighting *s = g_ptr_array_index (open, i);
      PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), s->card);
      PenCardType type = pen_card_get_card_type (card);
      g_autofree char *name = g_strdup_printf ("Found %s %u", pen_card_type_to_string (type),
                                               p->named + 1);
      g_autofree char *id = pen_box_user_card_id (pen_catalog_get_default (), name);
      const char *values = type == PEN_CARD_CONTRACT
                           ? ", \"values\": {\"difficulty\": 1, \"vp\": 2, \"symbols\": [\"wilds\"]}"
                           : type == PEN_CARD_TRIAL
                           ? ", \"values\": {\"vp\": 3, \"symbols\": [\"monsters\"]}" : "";

      submitf (p, "{\"action\": \"card-identify\", \"card\": \"%s\", \"as\": \"%s\", "
               "\"entry\": {\"name\": {\"en\": \"%s\"}}%s}", s->card, id, name, values);
      p->named++;
    }
  g_clear_pointer (&open, g_ptr_array_unref);
  open = pen_box_list_unidentified (p->table);
  g_assert_cmpuint (open->len, ==, 0);
}

/* The first card a draw can give, or a fresh placeholder of type */
static char *
draw (Play        *p,
      PenDraw      what,
      PenCardType  type)
{
  g_autoptr(GPtrArray) ids = pen_draw_candidates (p->game, what);

  if (ids->len > 0)
    return g_strdup (g_ptr_array_index (ids, 0));
  p->another++;
  return pen_draw_another (p->game, type);
}

static void
end_turn (Play *p)
{
  g_autoptr(GString) json = g_string_new ("{\"action\": \"turn-end\"");
  PenTurnKind kind = pen_table_get_turn_kind (p->table);

  if (kind != PEN_TURN_STUDY && pen_table_get_physical (p->table)
      && g_list_model_get_n_items (pen_table_get_fate_deck (p->table)) > 0)
    {
      g_autofree char *fate = draw (p, PEN_DRAW_FATE, PEN_CARD_EVENT);
      g_autofree char *contract = draw (p, PEN_DRAW_CONTRACT, PEN_CARD_CONTRACT);
      PenCard *card = fate ? pen_catalog_lookup (pen_catalog_get_default (), fate) : NULL;

      /* once, the Prophecy the table turns up is one the catalogue does not name: "another
       * card", named then */
      if (card != NULL && pen_card_get_card_type (card) == PEN_CARD_PROPHECY && p->another == 0)
        {
          g_free (fate);
          fate = pen_draw_another (p->game, PEN_CARD_PROPHECY);
          p->another++;
        }

      /* every stack holds a card of one of these types while it lasts */
      if (fate == NULL)
        fate = pen_draw_another (p->game, PEN_CARD_PROPHECY);
      if (fate == NULL)
        fate = pen_draw_another (p->game, PEN_CARD_GOAL);
      g_assert_nonnull (fate);
      g_string_append_printf (json, ", \"reveal\": \"%s\"", fate);
      if (contract != NULL)
        g_string_append_printf (json, ", \"contract\": \"%s\"", contract);
      p->reveals++;
    }
  g_string_append (json, "}");
  submit (p, json->str);
}

static int
first_die (PenWizard *w,
           PenColor   avoid)
{
  GListModel *supply = pen_wizard_get_supply (w);

  for (guint i = 0; i < g_list_model_get_n_items (supply); i++)
    if (pen_die_get_color (pen_wizard_get_die (w, i)) != avoid)
      return (int) i;
  return g_list_model_get_n_items (supply) > 0 ? 0 : -1;
}

static void
study (Play  *p,
       guint  w)
{
  PenWizard *wizard = pen_table_get_wizard (p->table, w);
  GListModel *row = pen_table_get_contract_row (p->table);
  int die;

  submit (p, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
  /* the Guild: the rightmost contract, with the die placed there */
  die = first_die (wizard, PEN_COLOR_PURPLE);
  if (die >= 0)
    {
      g_autoptr(PenTableCard) cell = g_list_model_get_item (row, PEN_CONTRACT_CELLS - 1);
      g_autofree char *refill = NULL;

      if (pen_table_card_get_card_id (cell) != NULL)
        {
          guint experience = g_list_model_get_n_items (pen_wizard_get_cards (wizard));

          if (pen_table_get_physical (p->table))
            refill = draw (p, PEN_DRAW_CONTRACT, PEN_CARD_CONTRACT);
          if (refill != NULL)
            submitf (p, "{\"action\": \"place\", \"wizard\": %u, \"index\": %d, \"location\": "
                     "\"guild\", \"slot\": 3, \"reveal\": \"%s\"}", w, die, refill);
          else
            submitf (p, "{\"action\": \"place\", \"wizard\": %u, \"index\": %d, \"location\": "
                     "\"guild\", \"slot\": 3}", w, die);
          g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_cards (wizard)), ==,
                            experience + 1);
          p->contracts++;
        }
    }
  /* the Forest: a Green die rolls one more Resource die */
  die = first_die (wizard, PEN_COLOR_GREEN);
  if (die >= 0 && pen_table_get_placements_left (p->table) > 0)
    {
      gboolean green = pen_die_get_color (pen_wizard_get_die (wizard, die)) == PEN_COLOR_GREEN;

      submitf (p, "{\"action\": \"place\", \"wizard\": %u, \"index\": %d, \"location\": "
               "\"forest\", \"resource\": [{\"fruit\": 1}%s]}", w, die,
               green ? ", {\"crystal\": 1}" : "");
      p->forests++;
    }
  end_turn (p);
}

static void
rest (Play *p)
{
  submit (p, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  end_turn (p);
}

static void
check_undo_redo (Play *p)
{
  g_autofree char *now = table_snapshot (p->table);
  g_autofree char *back = NULL;
  guint steps = MIN (5, pen_game_get_position (p->game) - 1);

  for (guint i = 0; i < steps; i++)
    g_assert_true (pen_game_undo (p->game));
  for (guint i = 0; i < steps; i++)
    g_assert_true (pen_game_redo (p->game, NULL));
  back = table_snapshot (p->table);
  g_assert_cmpstr (now, ==, back);
}

static void
play (Play *p)
{
  guint n = pen_table_get_n_players (p->table);

  while (pen_table_get_phase (p->table) != PEN_PHASE_ENDED)
    {
      guint turn = pen_table_get_turn (p->table);
      guint w = pen_table_get_current (p->table);

      g_assert_cmpuint (turn, <, 200);
      name_face_up (p);
      if (turn == 7)
        check_undo_redo (p);
      if (turn == 5 * n && pen_table_get_phase (p->table) == PEN_PHASE_PLAYING)
        /* early, with Fate cards left: the table overrules End of Time's count */
        submit (p, "{\"action\": \"prophecy-fulfil\", \"card\": \"end-of-time\", "
                   "\"override\": [\"prophecy-condition\"]}");
      if (pen_wizard_get_must_rest (pen_table_get_wizard (p->table, w)) || turn % 3 == 2)
        rest (p);
      else
        study (p, w);
    }
  name_face_up (p);
}

/* The end: the sheet of cards whose numbers are still unknown, filled in at once; then the
 * score names every card, and the log replays to the same table */
static void
finish (Play *p)
{
  g_autoptr(GPtrArray) unknown = pen_box_list_unknown_numbers (p->table);
  g_autoptr(GPtrArray) after = NULL;
  g_autoptr(PenScoreSheet) sheet = NULL;
  g_autofree char *data = NULL;
  g_autoptr(PenGame) loaded = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < unknown->len; i++)
    {
      PenCardSighting *s = g_ptr_array_index (unknown, i);
      g_autoptr(GString) values = g_string_new (NULL);

      /* one pass: every number the sheet asks for */
      for (guint k = 0; s->missing[k] != NULL; k++)
        g_string_append_printf (values, "%s\"%s\": %s", k ? ", " : "", s->missing[k],
                                g_str_equal (s->missing[k], "symbols") ? "[\"society\"]" : "1");
      submitf (p, "{\"action\": \"card-identify\", \"card\": \"%s\", \"values\": {%s}}",
               s->card, values->str);
    }
  after = pen_box_list_unknown_numbers (p->table);
  g_assert_cmpuint (after->len, ==, 0);

  sheet = pen_show_score (p->table);
  for (guint r = 0; r < sheet->results->len; r++)
    {
      PenScoreResult *result = g_ptr_array_index (sheet->results, r);

      for (guint i = 0; i < result->items->len; i++)
        {
          PenScoreItem *item = g_ptr_array_index (result->items, i);

          g_assert_null (strchr (item->text ? item->text : "", '#'));
          if (item->kind == PEN_SCORE_ITEM_CONTRACT && item->id != NULL)
            {
              PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), item->id);

              g_assert_nonnull (strstr (item->text, pen_card_get_name (card, "en")));
            }
        }
    }
  data = pen_game_to_data (p->game);
  loaded = pen_game_load_from_data (data, strlen (data), &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
}

static void
test_app_dealt (void)
{
  Play p = { NULL, };

  p.game = pen_game_new ();
  p.table = pen_game_get_table (p.game);
  submit (&p, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Bo\"], \"seed\": 21}");
  play (&p);
  finish (&p);
  g_test_message ("app-dealt: %u cards named, %u contracts, %u Forest visits", p.named,
                  p.contracts, p.forests);
  /* 32 of 36 contracts are unnamed: the Guild gave some, and they were named */
  g_assert_cmpuint (p.contracts, >, 2);
  g_assert_cmpuint (p.named, >, 2);
  g_assert_cmpuint (p.forests, >, 0);
  g_clear_object (&p.game);
}

static void
test_physical (void)
{
  Play p = { NULL, };
  g_autoptr(GString) json = g_string_new ("{\"action\": \"new-game\", \"mode\": \"physical\", "
                                          "\"table_rolls\": true, \"players\": [\"Ann\", "
                                          "\"Bo\", \"Chen\"], \"setup\": {\"prophecies\": "
                                          "[\"end-of-time\"], \"trial_row\": [\"goldeater\", "
                                          "\"scrollers\", \"gloomy-lady\"], \"contract_row\": "
                                          "[\"lost-hut\", \"brightshine\", \"scarlet-pact\", "
                                          "\"sorcerous-prison\"], \"fate_deck\": [");

  for (guint i = 0; i < 18; i++)
    g_string_append (json, i ? ", null" : "null");
  g_string_append (json, "]}}");
  p.game = pen_game_new ();
  p.table = pen_game_get_table (p.game);
  submit (&p, json->str);
  play (&p);
  finish (&p);
  g_test_message ("physical: %u cards named, %u contracts, %u reveals (%u named by the table)",
                  p.named, p.contracts, p.reveals, p.another);
  g_assert_cmpuint (p.contracts, >, 2);
  g_assert_cmpuint (p.reveals, >, 2);
  g_assert_cmpuint (p.another, >, 0);
  g_assert_cmpuint (p.named, >, 0);
  g_clear_object (&p.game);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  tmp_dir = game_test_init (&argc, &argv);
  g_test_add_func ("/penumbra/located-game/app-dealt", test_app_dealt);
  g_test_add_func ("/penumbra/located-game/physical", test_physical);
  ret = g_test_run ();
  pen_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return ret;
}
