/* test-setup-draft.c: the set-up assistant's answers without a display. Every combination the
 * assistant offers (1–4 players, app-dealt or physical, first-game deck or built by the rules,
 * either dealt Talent, typed turn-order numbers, the table's picks and dice) makes the game the
 * core's setup rules lay out for the seed with those answers; bad answers are refused with a
 * reason and change nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pen-box.h"
#include "pen-catalog.h"
#include "pen-game.h"
#include "pen-json.h"
#include "pen-setup-draft.h"
#include "pen-table-card.h"
#include "pen-test-utils.h"

static const char * const names[] = { "Ann", "Boris", "Chen", "Dee", NULL };

static void
count_cb (GObject    *object,
          GParamSpec *pspec,
          guint      *count)
{
  (*count)++;
}

static void
signal_count_cb (PenSetupDraft *draft,
                 guint         *count)
{
  (*count)++;
}

static PenSetupDraft *
draft_for (guint n)
{
  g_autoptr(GError) error = NULL;
  g_autofree const char **some = g_new0 (const char *, n + 1);
  PenSetupDraft *draft = pen_setup_draft_new ();

  for (guint i = 0; i < n; i++)
    some[i] = names[i];
  g_assert_true (pen_setup_draft_set_players (draft, some, &error));
  g_assert_no_error (error);
  return draft;
}

static GPtrArray *
difficulty_1_trials (void)
{
  g_autoptr(GPtrArray) all = pen_catalog_list_by_type (pen_catalog_get_default (),
                                                       PEN_CARD_TRIAL);
  GPtrArray *ids = g_ptr_array_new ();

  for (guint i = 0; i < all->len; i++)
    if (pen_card_get_difficulty (g_ptr_array_index (all, i)) == 1)
      g_ptr_array_add (ids, (gpointer) pen_card_get_id (g_ptr_array_index (all, i)));
  return ids;
}

/* One combination: the answers given, the game made, and the game checked against the core's
 * setup for the same seed */
static void
check_combination (guint    n,
                   gboolean physical,
                   gboolean ready_made,
                   guint    variant,
                   guint64  seed)
{
  g_autoptr(PenSetupDraft) draft = draft_for (n);
  g_autoptr(PenSetup) core = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) trials = difficulty_1_trials ();
  g_autoptr(GPtrArray) contracts = pen_catalog_list_by_type (pen_catalog_get_default (),
                                                             PEN_CARD_CONTRACT);
  g_autoptr(GPtrArray) want_row = g_ptr_array_new ();
  g_autoptr(GPtrArray) want_deck = g_ptr_array_new ();
  g_autoptr(GPtrArray) want_contracts = g_ptr_array_new ();
  gboolean chosen[PEN_MARK_SPARK], from_player[PEN_MARK_SPARK];
  guint cells[PEN_MARK_CELLS];
  guint order[PEN_SETUP_DRAFT_MAX_PLAYERS];
  guint n_chosen = 0;
  const char *kept[PEN_SETUP_DRAFT_MAX_PLAYERS];
  gboolean by_numbers;
  guint face = 0;
  PenTable *table;
  PenTable *preview;

  pen_setup_draft_set_seed (draft, seed);
  pen_setup_draft_set_physical (draft, physical);
  pen_setup_draft_set_ready_made (draft, ready_made);
  pen_setup_draft_set_hide_odds (draft, variant == 1);
  for (guint c = 0; c < PEN_MARK_CELLS; c++)
    cells[c] = (c + seed) % 7;
  g_assert_true (pen_setup_draft_set_cell_values (draft, cells, PEN_MARK_CELLS, &error));
  core = pen_setup_new (pen_catalog_get_default (), n, seed, ready_made, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < n; i++)
    {
      char **pair = g_ptr_array_index (core->talents_dealt, i);

      if (physical)
        {
          /* a named Talent (one card of each in the box: players 1 and 3 keep the two the
           * catalogue names), or one it does not name */
          static const char * const named[] = { "druid", "pariah" };
          guint k = i == 0 ? 0 : i == 2 ? 1 : 2;

          kept[i] = variant > 0 && k < 2 ? named[(k + variant - 1) % 2] : NULL;
          g_assert_true (pen_setup_draft_set_talent (draft, i, kept[i], &error));
        }
      else
        {
          guint which = variant > 0 && (i + variant) % 2 ? 1 : 0;

          g_assert_true (pen_setup_draft_keep_talent (draft, i, which, &error));
          kept[i] = pair[which] != NULL ? pair[which] : pair[0];
        }
      g_assert_no_error (error);
      g_assert_cmpstr (pen_setup_draft_get_talent (draft, i), ==, kept[i]);
      if (pen_setup_draft_get_fixed_mark (draft, i) < 0)
        g_assert_true (pen_setup_draft_set_start_mark (draft, i, (int) ((i + variant) % 6),
                                                       &error));
      g_assert_no_error (error);
      if (variant == 2)
        g_assert_true (pen_setup_draft_set_turn_number (draft, i, 10 - 2 * i + (i == 1),
                                                        &error));
    }
  g_assert_true (pen_setup_draft_get_complete (draft));
  by_numbers = pen_setup_draft_get_order (draft, order);
  /* the catalogue prints no turn-order numbers: typed ones set the order, else the typed order */
  g_assert_true (by_numbers == (variant == 2));

  /* what the table revealed, in physical mode */
  if (physical && !ready_made)
    for (guint i = 0; i < core->trial_row->len && i < PEN_SETUP_DRAFT_MAX_PLAYERS; i++)
      {
        const char *id = (i + variant) % 2 && i < trials->len ? g_ptr_array_index (trials, i)
                                                               : NULL;
        g_assert_true (pen_setup_draft_set_trial_pick (draft, i, id, &error));
        g_ptr_array_add (want_row, (gpointer) id);
      }
  else
    g_ptr_array_extend (want_row, core->trial_row, NULL, NULL);
  if (physical && !ready_made)
    for (guint i = 0; i < core->fate_deck->len; i++)
      g_ptr_array_add (want_deck, NULL);
  else
    g_ptr_array_extend (want_deck, core->fate_deck, NULL, NULL);
  if (physical)
    for (guint c = 0; c < PEN_SETUP_CONTRACT_CELLS; c++)
      {
        const char *id = (c + variant) % 2 && c < contracts->len
                         ? pen_card_get_id (g_ptr_array_index (contracts, c)) : NULL;
        g_assert_true (pen_setup_draft_set_contract_pick (draft, c, id, &error));
        g_ptr_array_add (want_contracts, (gpointer) id);
      }
  else
    g_ptr_array_extend (want_contracts, core->contract_row, NULL, NULL);
  g_assert_no_error (error);

  /* the table rolled another face for its first die */
  preview = pen_setup_draft_get_preview (draft, &error);
  g_assert_no_error (error);
  g_assert_nonnull (preview);
  if (physical)
    {
      g_autoptr(PenGame) early = pen_game_new ();
      g_autoptr(PenAction) action = pen_setup_draft_build_action (draft, &error);

      /* the table rolls every die: the game asks it, and nothing is taken from the app */
      g_assert_no_error (error);
      g_assert_true (json_object_get_boolean_member_with_default (
                       pen_action_get_params (action), "table_rolls", FALSE));
      g_assert_false (pen_setup_draft_get_faces_entered (draft));
      g_assert_false (pen_setup_draft_start (draft, early, &error));
      g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "wizard 1, die 1: the face the table rolled"));
      g_clear_error (&error);
      g_assert_cmpuint (pen_game_get_position (early), ==, 0);

      /* every face entered, the first one another than the app's */
      for (guint w = 0; w < pen_table_get_n_players (preview); w++)
        {
          PenWizard *wz = pen_table_get_wizard (preview, w);

          for (guint d = 0; d < g_list_model_get_n_items (pen_wizard_get_supply (wz)); d++)
            {
              guint v = pen_die_get_value (pen_wizard_get_die (wz, d));

              if (w == 0 && d == 0)
                v = face = v == 6 ? 1 : v + 1;
              g_assert_false (pen_setup_draft_get_faces_entered (draft));
              g_assert_true (pen_setup_draft_set_die (draft, w, d, v, &error));
            }
        }
      g_assert_true (pen_setup_draft_get_faces_entered (draft));
    }
  else
    g_assert_true (pen_setup_draft_get_faces_entered (draft));

  g_assert_true (pen_setup_draft_start (draft, game, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pen_game_get_position (game), ==, physical ? 2 : 1);
  table = pen_game_get_table (game);

  g_assert_cmpuint (pen_table_get_n_players (table), ==, core->table_players);
  g_assert_true (pen_table_get_physical (table) == physical);
  g_assert_true (pen_table_get_table_rolls (table) == physical);
  /* the first-game deck at a real table lies in the printed order: its next card is known */
  g_assert_true (pen_table_get_fate_printed (table) == (physical && ready_made));
  g_assert_true ((pen_table_get_fate_next (table) != NULL) == (physical && ready_made));
  g_assert_true (pen_table_get_hide_odds (table) == (variant == 1));
  for (guint c = 0; c < PEN_MARK_CELLS; c++)
    g_assert_cmpuint (pen_table_get_cell_value (table, c), ==, cells[c]);
  for (guint k = 0; k < n; k++)
    {
      PenWizard *w = pen_table_get_wizard (table, k);
      guint p = order[k];

      g_assert_cmpstr (pen_wizard_get_name (w), ==, names[p]);
      g_assert_false (pen_wizard_get_rival (w));
      g_assert_cmpint (pen_test_first_cell_mark (w), ==, pen_setup_draft_get_start_mark (draft, p));
      if (kept[p] != NULL && !pen_setup_is_placeholder (kept[p]))
        g_assert_cmpstr (pen_test_talent_of (w), ==, kept[p]);
    }
  for (guint k = 1; k < n && by_numbers; k++)
    g_assert_cmpuint (pen_setup_draft_get_turn_number (draft, order[k - 1]), <=,
                      pen_setup_draft_get_turn_number (draft, order[k]));
  if (n == 1)
    g_assert_true (pen_wizard_get_rival (pen_table_get_wizard (table, 1)));
  if (physical)
    g_assert_cmpuint (pen_die_get_value (pen_wizard_get_die (pen_table_get_wizard (table, 0), 0)),
                      ==, face);
  /* a Trial the table left unrecorded is a Difficulty 1 Trial still to be named, each its
   * own (play finding X9: "an unknown card") */
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_trial_row (table)), ==,
                    want_row->len);
  for (guint i = 0; i < want_row->len; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_trial_row (table), i);
      const char *want = g_ptr_array_index (want_row, i);
      const char *id = pen_table_card_get_card_id (tc);
      PenCardType type;

      if (want != NULL && !pen_setup_is_placeholder (want))
        g_assert_cmpstr (id, ==, want);
      else if (physical && !ready_made)
        {
          g_assert_true (pen_card_parse_placeholder (id, &type, NULL));
          g_assert_cmpint (type, ==, PEN_CARD_TRIAL);
          g_assert_cmpint (pen_box_required_difficulty (game, id), ==, 1);
          for (guint j = 0; j < i; j++)
            {
              g_autoptr(PenTableCard) other = g_list_model_get_item (
                                                pen_table_get_trial_row (table), j);

              g_assert_cmpstr (pen_table_card_get_card_id (other), !=, id);
            }
        }
      else
        g_assert_null (id);
    }
  pen_test_assert_cards (pen_table_get_fate_deck (table), want_deck);
  /* a Guild cell the table left unrecorded holds a Contract still to be named */
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_contract_row (table)), ==,
                    want_contracts->len);
  for (guint c = 0; c < want_contracts->len; c++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_contract_row (table), c);
      const char *want = g_ptr_array_index (want_contracts, c);
      PenCardType type;

      if (want != NULL)
        g_assert_cmpstr (pen_table_card_get_card_id (tc), ==, want);
      else
        {
          g_assert_true (pen_card_parse_placeholder (pen_table_card_get_card_id (tc), &type,
                                                     NULL));
          g_assert_cmpint (type, ==, PEN_CARD_CONTRACT);
        }
    }

  /* four Classes, every starting discipline among them */
  pen_setup_draft_get_classes (draft, chosen, from_player);
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    {
      n_chosen += chosen[k];
      if (from_player[k])
        g_assert_true (chosen[k]);
    }
  g_assert_cmpuint (n_chosen, ==, PEN_SETUP_CLASSES);
  for (guint i = 0; i < n; i++)
    g_assert_true (from_player[pen_setup_draft_get_start_mark (draft, i)]);

  /* each Class in the game has its market of two cards, and no other Class has one (the
   * set-up drew its Classes from its own Talents before the table chose the starting Marks) */
  {
    GListModel *markets = pen_table_get_markets (table);
    guint per_class[PEN_MARK_SPARK] = { 0 };

    for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
      {
        g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);
        int k = pen_mark_kind_from_string (pen_table_card_get_zone (tc));

        if (k >= 0 && k < PEN_MARK_SPARK)
          per_class[k]++;
      }
    for (guint k = 0; k < PEN_MARK_SPARK; k++)
      g_assert_cmpuint (per_class[k], ==, chosen[k] ? 2 : 0);
  }

  /* closed and reopened, the save's log lays out the same table as its snapshot (the markets
   * in the same order: a market moved to another Class once broke that) */
  {
    g_autofree char *data = pen_game_to_data (game);
    g_autoptr(PenGame) again = pen_game_load_from_data (data, strlen (data), &error);

    g_assert_no_error (error);
    g_assert_nonnull (again);
  }
}

static void
test_combinations (void)
{
  guint checked = 0;

  for (guint n = 1; n <= 4; n++)
    for (guint physical = 0; physical < 2; physical++)
      for (guint ready_made = 0; ready_made < 2; ready_made++)
        for (guint variant = 0; variant < 3; variant++)
          for (guint64 seed = 1; seed <= 3; seed++)
            {
              check_combination (n, physical, ready_made, variant, seed * 7919);
              checked++;
            }
  g_assert_cmpuint (checked, ==, 4 * 2 * 2 * 3 * 3);
}

/* The same answers make the same action; another seed another one */
static void
test_same_seed (void)
{
  g_autoptr(PenSetupDraft) a = draft_for (3);
  g_autoptr(PenSetupDraft) b = draft_for (3);
  g_autoptr(PenAction) aa = NULL;
  g_autoptr(PenAction) ab = NULL;
  g_autoptr(PenAction) ac = NULL;
  g_autoptr(JsonNode) na = NULL;
  g_autoptr(JsonNode) nb = NULL;
  g_autoptr(JsonNode) nc = NULL;

  for (guint i = 0; i < 3; i++)
    {
      g_assert_true (pen_setup_draft_set_start_mark (a, i, PEN_MARK_AMBER, NULL));
      g_assert_true (pen_setup_draft_set_start_mark (b, i, PEN_MARK_AMBER, NULL));
    }
  pen_setup_draft_set_seed (a, 42);
  pen_setup_draft_set_seed (b, 42);
  aa = pen_setup_draft_build_action (a, NULL);
  ab = pen_setup_draft_build_action (b, NULL);
  na = pen_action_to_json (aa);
  nb = pen_action_to_json (ab);
  g_assert_true (json_node_equal (na, nb));
  pen_setup_draft_set_seed (b, 43);
  ac = pen_setup_draft_build_action (b, NULL);
  nc = pen_action_to_json (ac);
  g_assert_false (json_node_equal (na, nc));
  g_assert_cmpstr (pen_action_get_kind (aa), ==, "new-game");
}

/* Properties notify only when their value changes; the setup is replaced when it must be */
static void
test_notify (void)
{
  g_autoptr(PenSetupDraft) draft = draft_for (2);
  g_autoptr(GError) error = NULL;
  guint seed = 0, physical = 0, ready = 0, setup = 0, complete = 0, answers = 0;
  const PenSetup *before;

  g_signal_connect (draft, "notify::seed", G_CALLBACK (count_cb), &seed);
  g_signal_connect (draft, "notify::physical", G_CALLBACK (count_cb), &physical);
  g_signal_connect (draft, "notify::ready-made", G_CALLBACK (count_cb), &ready);
  g_signal_connect (draft, "notify::setup", G_CALLBACK (count_cb), &setup);
  g_signal_connect (draft, "notify::complete", G_CALLBACK (count_cb), &complete);
  g_signal_connect (draft, "answers-changed", G_CALLBACK (signal_count_cb), &answers);

  pen_setup_draft_set_seed (draft, 5);
  pen_setup_draft_set_seed (draft, 5);
  g_object_set (draft, "seed", (guint64) 5, NULL);
  g_assert_true (pen_setup_draft_set_seed_text (draft, " 5 ", &error));
  g_assert_cmpuint (seed, ==, 1);
  g_assert_cmpuint (setup, ==, 1);

  before = pen_setup_draft_get_setup (draft);
  pen_setup_draft_set_physical (draft, TRUE);
  pen_setup_draft_set_physical (draft, TRUE);
  g_assert_cmpuint (physical, ==, 1);
  /* who deals does not change what the seed lays out */
  g_assert_true (pen_setup_draft_get_setup (draft) == before);
  g_assert_cmpuint (setup, ==, 1);
  pen_setup_draft_set_ready_made (draft, FALSE);
  pen_setup_draft_set_ready_made (draft, FALSE);
  g_assert_cmpuint (ready, ==, 1);
  g_assert_cmpuint (setup, ==, 2);
  g_assert_false (pen_setup_draft_get_setup (draft)->ready_made);
  g_assert_true (pen_setup_draft_get_table_trial_row (draft));

  answers = 0;
  g_assert_false (pen_setup_draft_get_complete (draft));
  g_assert_true (pen_setup_draft_set_start_mark (draft, 0, PEN_MARK_RUBY, &error));
  g_assert_true (pen_setup_draft_set_start_mark (draft, 0, PEN_MARK_RUBY, &error));
  g_assert_cmpuint (answers, ==, 1);
  g_assert_cmpuint (complete, ==, 0);
  g_assert_true (pen_setup_draft_set_start_mark (draft, 1, PEN_MARK_JASPER, &error));
  g_assert_cmpuint (complete, ==, 1);
  g_assert_true (pen_setup_draft_get_complete (draft));
  g_assert_true (pen_setup_draft_set_start_mark (draft, 1, -1, &error));
  g_assert_cmpuint (complete, ==, 2);
  g_assert_no_error (error);
}

typedef struct
{
  const char *what;
  gboolean  (*refuse) (PenSetupDraft *draft, GError **error);
  const char *reason;
} Refusal;

static gboolean
refuse_no_players (PenSetupDraft *d, GError **e)
{
  const char *none[] = { NULL };
  return pen_setup_draft_set_players (d, none, e);
}

static gboolean
refuse_five_players (PenSetupDraft *d, GError **e)
{
  const char *five[] = { "A", "B", "C", "D", "E", NULL };
  return pen_setup_draft_set_players (d, five, e);
}

static gboolean
refuse_blank_name (PenSetupDraft *d, GError **e)
{
  const char *blank[] = { "Ann", "  ", NULL };
  return pen_setup_draft_set_players (d, blank, e);
}

static gboolean
refuse_long_name (PenSetupDraft *d, GError **e)
{
  const char *longer[] = { "Ann", "Boris Alexandrovich Tchaikovsky-Rimsky-K", NULL };
  const char *longest[] = { "Ann", "Boris Alexandrovich Tchaikovsky-Rimsky-Ko", NULL };

  /* 40 characters are allowed, 41 are not */
  g_assert_true (pen_setup_draft_set_players (d, longer, NULL));
  g_assert_true (pen_setup_draft_set_players (d, (const char *[]) { "Ann", "Boris", NULL },
                                              NULL));
  return pen_setup_draft_set_players (d, longest, e);
}

static gboolean
refuse_seed_word (PenSetupDraft *d, GError **e)
{
  return pen_setup_draft_set_seed_text (d, "not a seed", e);
}

static gboolean
refuse_seed_negative (PenSetupDraft *d, GError **e)
{
  return pen_setup_draft_set_seed_text (d, "-3", e);
}

static gboolean
refuse_seed_huge (PenSetupDraft *d, GError **e)
{
  return pen_setup_draft_set_seed_text (d, "9223372036854775808", e);
}

static gboolean
refuse_solo_level (PenSetupDraft *d, GError **e)
{
  return pen_setup_draft_set_solo_level (d, 4, e);
}

static gboolean
refuse_cells (PenSetupDraft *d, GError **e)
{
  guint cells[PEN_MARK_CELLS] = { 1, 2, 3, 7, };
  return pen_setup_draft_set_cell_values (d, cells, PEN_MARK_CELLS, e);
}

static gboolean
refuse_third_player (PenSetupDraft *d, GError **e)
{
  return pen_setup_draft_set_start_mark (d, 2, PEN_MARK_RUBY, e);
}

static gboolean
refuse_spark (PenSetupDraft *d, GError **e)
{
  return pen_setup_draft_set_start_mark (d, 0, PEN_MARK_SPARK, e);
}

static gboolean
refuse_third_talent (PenSetupDraft *d, GError **e)
{
  return pen_setup_draft_keep_talent (d, 0, 2, e);
}

static gboolean
refuse_pick_in_app_mode (PenSetupDraft *d, GError **e)
{
  return pen_setup_draft_set_talent (d, 0, "druid", e);
}

static gboolean
refuse_keep_in_physical (PenSetupDraft *d, GError **e)
{
  pen_setup_draft_set_physical (d, TRUE);
  return pen_setup_draft_keep_talent (d, 0, 1, e);
}

static gboolean
refuse_not_a_talent (PenSetupDraft *d, GError **e)
{
  pen_setup_draft_set_physical (d, TRUE);
  return pen_setup_draft_set_talent (d, 1, "goldeater", e);   /* a Trial */
}

static gboolean
refuse_talent_kept (PenSetupDraft *d, GError **e)
{
  pen_setup_draft_set_physical (d, TRUE);
  g_assert_true (pen_setup_draft_set_talent (d, 0, "druid", NULL));
  return pen_setup_draft_set_talent (d, 1, "druid", e);   /* one card of each in the box */
}

static gboolean
refuse_turn_number (PenSetupDraft *d, GError **e)
{
  return pen_setup_draft_set_turn_number (d, 0, 100, e);
}

static gboolean
refuse_trial_pick (PenSetupDraft *d, GError **e)
{
  pen_setup_draft_set_physical (d, TRUE);
  pen_setup_draft_set_ready_made (d, FALSE);
  /* a Talent is not a Trial */
  return pen_setup_draft_set_trial_pick (d, 0, "druid", e);
}

static gboolean
refuse_contract_cell (PenSetupDraft *d, GError **e)
{
  pen_setup_draft_set_physical (d, TRUE);
  return pen_setup_draft_set_contract_pick (d, PEN_SETUP_CONTRACT_CELLS, NULL, e);
}

static gboolean
refuse_die_face (PenSetupDraft *d, GError **e)
{
  return pen_setup_draft_set_die (d, 0, 0, 7, e);
}

static gboolean
refuse_incomplete (PenSetupDraft *d, GError **e)
{
  g_autoptr(PenAction) action = NULL;

  pen_setup_draft_set_start_mark (d, 0, PEN_MARK_RUBY, NULL);
  action = pen_setup_draft_build_action (d, e);
  return action != NULL;
}

static const Refusal refusals[] = {
  { "no players", refuse_no_players, "players: 0 given" },
  { "five players", refuse_five_players, "players: 5 given" },
  { "blank name", refuse_blank_name, "player 2: no name" },
  { "long name", refuse_long_name, "player 2: the name is longer than 40" },
  { "seed word", refuse_seed_word, "seed: “not a seed” is not a whole number" },
  { "negative seed", refuse_seed_negative, "seed: “-3”" },
  { "huge seed", refuse_seed_huge, "seed: “9223372036854775808”" },
  { "solo level", refuse_solo_level, "solo level: 4" },
  { "cell values", refuse_cells, "cell values: cell 4 is 7" },
  { "third player", refuse_third_player, "player 3: the game has 2" },
  { "spark", refuse_spark, "player 1: 6 is not a discipline" },
  { "third talent", refuse_third_talent, "player 1: Talent 3 kept" },
  { "pick in app mode", refuse_pick_in_app_mode, "player 1: the app dealt the Talents" },
  { "keep in physical", refuse_keep_in_physical, "player 1: the table deals" },
  { "not a talent", refuse_not_a_talent, "player 2: “goldeater” is not a Talent" },
  { "talent kept", refuse_talent_kept, "player 2: “druid” is kept by player 1 already" },
  { "turn number", refuse_turn_number, "player 1: turn-order number 100" },
  { "trial pick", refuse_trial_pick, "trial 1: “druid” is not a Difficulty 1 Trial" },
  { "contract cell", refuse_contract_cell, "contract 5: the Guild has 4 cells" },
  { "die face", refuse_die_face, "wizard 1, die 1: face 7" },
  { "incomplete", refuse_incomplete, "player 2: no starting discipline chosen" },
};

/* A refused answer says why and leaves the draft's action as it was */
/* A card is in one place: picked in a second slot, it leaves the first; a Contract the catalogue
 * knows as Difficulty 2 is never in the starting row */
static void
test_picks_once (void)
{
  g_autoptr(PenSetupDraft) draft = draft_for (3);
  g_autoptr(GPtrArray) trials = difficulty_1_trials ();
  g_autoptr(GPtrArray) contracts = pen_catalog_list_by_type (pen_catalog_get_default (),
                                                             PEN_CARD_CONTRACT);
  g_autoptr(GError) error = NULL;
  const char *trial = g_ptr_array_index (trials, 0);
  const char *contract = NULL;
  const char *hard = NULL;

  pen_setup_draft_set_physical (draft, TRUE);
  pen_setup_draft_set_ready_made (draft, FALSE);
  g_assert_true (pen_setup_draft_set_trial_pick (draft, 1, trial, &error));
  g_assert_true (pen_setup_draft_set_trial_pick (draft, 0, trial, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (pen_setup_draft_get_trial_pick (draft, 0), ==, trial);
  g_assert_null (pen_setup_draft_get_trial_pick (draft, 1));
  /* "not recorded" twice is fine */
  g_assert_true (pen_setup_draft_set_trial_pick (draft, 2, NULL, &error));
  g_assert_cmpstr (pen_setup_draft_get_trial_pick (draft, 0), ==, trial);

  for (guint i = 0; i < contracts->len; i++)
    {
      PenCard *card = g_ptr_array_index (contracts, i);

      if (pen_card_get_difficulty (card) > 1)
        hard = hard != NULL ? hard : pen_card_get_id (card);
      else
        contract = contract != NULL ? contract : pen_card_get_id (card);
    }
  g_assert_nonnull (contract);
  g_assert_true (pen_setup_draft_set_contract_pick (draft, 3, contract, &error));
  g_assert_true (pen_setup_draft_set_contract_pick (draft, 1, contract, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (pen_setup_draft_get_contract_pick (draft, 1), ==, contract);
  g_assert_null (pen_setup_draft_get_contract_pick (draft, 3));
  if (hard != NULL)
    {
      g_assert_false (pen_setup_draft_set_contract_pick (draft, 0, hard, &error));
      g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "contract 1: "));
      g_assert_null (pen_setup_draft_get_contract_pick (draft, 0));
    }
}

/* "Another card: name it": a card the catalogue does not name is recorded in the row as a
 * fresh placeholder, one per slot, and the game lays it out there to be named */
static void
test_another_card (void)
{
  g_autoptr(PenSetupDraft) draft = draft_for (2);
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *again = NULL;
  g_autofree char *trial = NULL;
  g_autoptr(PenTableCard) first = NULL;
  g_autoptr(PenTableCard) second = NULL;
  PenCardType type;
  PenTable *table, *preview;

  /* the app deals: nothing to name */
  g_assert_null (pen_setup_draft_another (draft, PEN_CARD_CONTRACT, 0));
  pen_setup_draft_set_physical (draft, TRUE);
  pen_setup_draft_set_ready_made (draft, FALSE);
  a = pen_setup_draft_another (draft, PEN_CARD_CONTRACT, 0);
  g_assert_true (pen_card_parse_placeholder (a, &type, NULL));
  g_assert_cmpint (type, ==, PEN_CARD_CONTRACT);
  g_assert_true (pen_setup_draft_set_contract_pick (draft, 0, a, &error));
  g_assert_no_error (error);
  /* the next cell gets another one; the same one is refused there */
  b = pen_setup_draft_another (draft, PEN_CARD_CONTRACT, 1);
  g_assert_nonnull (b);
  g_assert_cmpstr (a, !=, b);
  g_assert_false (pen_setup_draft_set_contract_pick (draft, 1, a, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (pen_setup_draft_set_contract_pick (draft, 1, b, &error));
  /* asked again for its own cell, a slot may get its own card back */
  again = pen_setup_draft_another (draft, PEN_CARD_CONTRACT, 0);
  g_assert_cmpstr (again, ==, a);
  /* a Trial placeholder is no Contract */
  trial = pen_setup_draft_another (draft, PEN_CARD_TRIAL, 0);
  if (trial != NULL)
    {
      g_assert_false (pen_setup_draft_set_contract_pick (draft, 2, trial, &error));
      g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
      g_clear_error (&error);
    }

  g_assert_true (pen_setup_draft_set_start_mark (draft, 0, PEN_MARK_RUBY, &error));
  g_assert_true (pen_setup_draft_set_start_mark (draft, 1, PEN_MARK_JASPER, &error));
  preview = pen_setup_draft_get_preview (draft, &error);
  g_assert_no_error (error);
  for (guint w = 0; w < pen_table_get_n_players (preview); w++)
    for (guint d = 0; d < g_list_model_get_n_items (pen_wizard_get_supply (
                                                    pen_table_get_wizard (preview, w))); d++)
      g_assert_true (pen_setup_draft_set_die (draft, w, d, 3, &error));
  g_assert_true (pen_setup_draft_start (draft, game, &error));
  g_assert_no_error (error);
  table = pen_game_get_table (game);
  first = g_list_model_get_item (pen_table_get_contract_row (table), 0);
  second = g_list_model_get_item (pen_table_get_contract_row (table), 1);
  g_assert_cmpstr (pen_table_card_get_card_id (first), ==, a);
  g_assert_cmpstr (pen_table_card_get_card_id (second), ==, b);
  /* cells 3 and 4, left "Not recorded", hold cards still to be named, each its own: the
   * Guild is always full (play finding X1 of session 11: they read "Empty") */
  {
    g_autoptr(PenTableCard) third = g_list_model_get_item (pen_table_get_contract_row (table), 2);
    g_autoptr(PenTableCard) fourth = g_list_model_get_item (pen_table_get_contract_row (table),
                                                            3);
    const char *c = pen_table_card_get_card_id (third);
    const char *d = pen_table_card_get_card_id (fourth);

    g_assert_true (pen_card_parse_placeholder (c, &type, NULL));
    g_assert_cmpint (type, ==, PEN_CARD_CONTRACT);
    g_assert_true (pen_card_parse_placeholder (d, &type, NULL));
    g_assert_cmpint (type, ==, PEN_CARD_CONTRACT);
    g_assert_cmpstr (c, !=, d);
    g_assert_cmpstr (c, !=, a);
    g_assert_cmpstr (c, !=, b);
    g_assert_cmpstr (d, !=, a);
    g_assert_cmpstr (d, !=, b);
  }
}

static void
test_refused (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      g_autoptr(PenSetupDraft) draft = draft_for (2);
      g_autoptr(GError) error = NULL;
      g_autoptr(PenAction) before = NULL;
      g_autoptr(PenAction) after = NULL;
      g_autoptr(JsonNode) nb = NULL;
      g_autoptr(JsonNode) na = NULL;
      gboolean physical, ready_made;

      g_test_message ("%s", refusals[i].what);
      g_assert_false (refusals[i].refuse (draft, &error));
      g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
      if (!g_str_has_prefix (error->message, refusals[i].reason))
        g_error ("%s: “%s” does not start with “%s”", refusals[i].what, error->message,
                 refusals[i].reason);
      /* the same draft, with the answers the refusal set up, still builds its action */
      physical = pen_setup_draft_get_physical (draft);
      ready_made = pen_setup_draft_get_ready_made (draft);
      g_assert_cmpuint (pen_setup_draft_get_n_players (draft), ==, 2);
      g_assert_cmpstr (pen_setup_draft_get_name (draft, 1), ==, "Boris");
      pen_setup_draft_set_start_mark (draft, 0, PEN_MARK_RUBY, NULL);
      pen_setup_draft_set_start_mark (draft, 1, PEN_MARK_JASPER, NULL);
      before = pen_setup_draft_build_action (draft, NULL);
      g_assert_nonnull (before);
      if (refusals[i].refuse == refuse_incomplete)
        continue;
      g_clear_error (&error);
      g_assert_false (refusals[i].refuse (draft, &error));
      after = pen_setup_draft_build_action (draft, NULL);
      nb = pen_action_to_json (before);
      na = pen_action_to_json (after);
      g_assert_true (json_node_equal (nb, na));
      g_assert_true (pen_setup_draft_get_physical (draft) == physical);
      g_assert_true (pen_setup_draft_get_ready_made (draft) == ready_made);
    }
}

/* Physical Talents: nothing said until the player says (NULL included, "another Talent"), and
 * a Talent one player kept is not among another's */
/* A catalogue card of the Discipline kinds: one that may be of discipline (fits), or one known
 * to be of another */
static const char *
discipline_card (int      discipline,
                 gboolean fits)
{
  static const PenCardType kinds[] = { PEN_CARD_SPELL, PEN_CARD_PET, PEN_CARD_TOME };

  for (guint t = 0; t < G_N_ELEMENTS (kinds); t++)
    {
      g_autoptr(GPtrArray) cards = pen_catalog_list_by_type (pen_catalog_get_default (),
                                                             kinds[t]);

      for (guint i = 0; i < cards->len; i++)
        {
          PenCard *card = g_ptr_array_index (cards, i);

          if (fits ? pen_setup_draft_class_card_fits (discipline, pen_card_get_id (card))
                   : pen_card_get_discipline (card) >= 0
                     && pen_card_get_discipline (card) != discipline)
            return pen_card_get_id (card);
        }
    }
  return NULL;
}

/* Setup › 6, "these are the Class markets": in physical play the table says which Discipline
 * cards it laid out by each Class in the game, or leaves them unnamed ("discipline#N", named
 * when taken); either way the game holds two cards by each of its four Classes, so that a
 * Class's "Mark and card" gives one as in app-dealt play */
static void
test_class_markets (void)
{
  g_autoptr(PenSetupDraft) draft = draft_for (2);
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  const char *spell = discipline_card (PEN_MARK_RUBY, TRUE);
  const char *other = discipline_card (PEN_MARK_RUBY, FALSE);
  gboolean chosen[PEN_MARK_SPARK], from_player[PEN_MARK_SPARK];
  guint per_class[PEN_MARK_SPARK] = { 0, };
  GListModel *markets;
  PenTable *table, *preview;
  PenWizard *ann;
  int ruby_die = -1;
  g_autofree char *place = NULL;

  g_assert_nonnull (spell);
  /* the app deals: the table picks nothing */
  g_assert_false (pen_setup_draft_set_class_card (draft, PEN_MARK_RUBY, 0, spell, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);
  pen_setup_draft_set_physical (draft, TRUE);
  g_assert_true (pen_setup_draft_set_start_mark (draft, 0, PEN_MARK_RUBY, &error));
  g_assert_true (pen_setup_draft_set_start_mark (draft, 1, PEN_MARK_JASPER, &error));
  /* not a Discipline card, a third card, another Discipline's card: refused, nothing kept */
  g_assert_false (pen_setup_draft_set_class_card (draft, PEN_MARK_RUBY, 0, "goldeater", &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (pen_setup_draft_set_class_card (draft, PEN_MARK_RUBY, 2, spell, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);
  if (other != NULL)
    {
      g_assert_false (pen_setup_draft_set_class_card (draft, PEN_MARK_RUBY, 0, other, &error));
      g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
      g_clear_error (&error);
    }
  g_assert_null (pen_setup_draft_get_class_card (draft, PEN_MARK_RUBY, 0));
  /* a card is in one place: picked in the second slot, it leaves the first */
  g_assert_true (pen_setup_draft_set_class_card (draft, PEN_MARK_RUBY, 0, spell, &error));
  g_assert_true (pen_setup_draft_set_class_card (draft, PEN_MARK_RUBY, 1, spell, &error));
  g_assert_no_error (error);
  g_assert_null (pen_setup_draft_get_class_card (draft, PEN_MARK_RUBY, 0));
  g_assert_cmpstr (pen_setup_draft_get_class_card (draft, PEN_MARK_RUBY, 1), ==, spell);

  preview = pen_setup_draft_get_preview (draft, &error);
  g_assert_no_error (error);
  for (guint w = 0; w < pen_table_get_n_players (preview); w++)
    for (guint d = 0; d < g_list_model_get_n_items (pen_wizard_get_supply (
                                                    pen_table_get_wizard (preview, w))); d++)
      g_assert_true (pen_setup_draft_set_die (draft, w, d, 6, &error));
  g_assert_true (pen_setup_draft_start (draft, game, &error));
  g_assert_no_error (error);
  table = pen_game_get_table (game);

  /* two cards by each Class in the game, none by the others; the ones not named are unnamed
   * Discipline cards, each its own */
  pen_setup_draft_get_classes (draft, chosen, from_player);
  markets = pen_table_get_markets (table);
  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);
      int k = pen_mark_kind_from_string (pen_table_card_get_zone (tc));
      const char *id = pen_table_card_get_card_id (tc);
      PenCardType type;

      if (k < 0 || k >= PEN_MARK_SPARK)
        continue;
      g_assert_true (chosen[k]);
      per_class[k]++;
      g_assert_nonnull (id);
      g_assert_true (g_hash_table_add (seen, (gpointer) id));
      if (k == PEN_MARK_RUBY && per_class[k] == 2)
        g_assert_cmpstr (id, ==, spell);
      else
        {
          g_assert_true (pen_card_parse_placeholder (id, &type, NULL));
          g_assert_cmpint (type, ==, PEN_CARD_DISCIPLINE);
        }
    }
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    g_assert_cmpuint (per_class[k], ==, chosen[k] ? PEN_SETUP_CLASS_MARKET : 0);

  /* Ann takes the named card at the Ruby Class as she would in app-dealt play: it joins her
   * cards, and an unnamed card takes its place in the market */
  ann = pen_table_get_wizard (table, 0);
  for (guint d = 0; d < g_list_model_get_n_items (pen_wizard_get_supply (ann)); d++)
    {
      g_autoptr(PenDie) die = g_list_model_get_item (pen_wizard_get_supply (ann), d);

      if (pen_die_get_color (die) == PEN_COLOR_RED)
        ruby_die = d;
    }
  g_assert_cmpint (ruby_die, >=, 0);
  g_assert_true (pen_game_submit_json (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}",
                                       &error));
  g_assert_no_error (error);
  place = g_strdup_printf ("{\"action\": \"place\", \"wizard\": 0, \"index\": %d, "
                           "\"location\": \"ruby-class\", \"section\": \"card\", "
                           "\"card\": \"%s\"}", ruby_die, spell);
  g_assert_true (pen_game_submit_json (game, place, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pen_wizard_find_card (ann, spell), >=, 0);
  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);

      g_assert_cmpstr (pen_table_card_get_card_id (tc), !=, spell);
    }
}

static void
test_talents_kept_once (void)
{
  g_autoptr(PenSetupDraft) draft = pen_setup_draft_new ();
  const char *three[] = { "Ann", "Bob", "Cleo", NULL };
  g_autoptr(GPtrArray) all = pen_catalog_list_by_type (pen_catalog_get_default (),
                                                       PEN_CARD_TALENT);

  g_assert_true (pen_setup_draft_set_players (draft, three, NULL));
  /* app-dealt: each keeps one of the pair dealt, the first until told */
  for (guint i = 0; i < 3; i++)
    g_assert_true (pen_setup_draft_get_talent_said (draft, i));
  pen_setup_draft_set_physical (draft, TRUE);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GPtrArray) offered = pen_setup_draft_list_talents (draft, i);

      g_assert_false (pen_setup_draft_get_talent_said (draft, i));
      g_assert_cmpuint (offered->len, ==, all->len);
    }
  g_assert_true (pen_setup_draft_set_talent (draft, 1, NULL, NULL));
  g_assert_true (pen_setup_draft_get_talent_said (draft, 1));
  g_assert_null (pen_setup_draft_get_talent (draft, 1));
  g_assert_true (pen_setup_draft_set_talent (draft, 0, "druid", NULL));
  {
    g_autoptr(GPtrArray) mine = pen_setup_draft_list_talents (draft, 0);
    g_autoptr(GPtrArray) cleo = pen_setup_draft_list_talents (draft, 2);

    g_assert_true (g_ptr_array_find_with_equal_func (mine, "druid", g_str_equal, NULL));
    g_assert_false (g_ptr_array_find_with_equal_func (cleo, "druid", g_str_equal, NULL));
    g_assert_cmpuint (cleo->len, ==, all->len - 1);
  }
  /* two players may both keep Talents the rulebook does not name */
  g_assert_true (pen_setup_draft_set_talent (draft, 2, NULL, NULL));
  g_assert_true (pen_setup_draft_set_talent (draft, 0, NULL, NULL));
  {
    g_autoptr(GPtrArray) cleo = pen_setup_draft_list_talents (draft, 2);

    g_assert_cmpuint (cleo->len, ==, all->len);
  }
}

/* F2: the Druid's starting Discipline card (Setup › Talents) is in the new-game action and in
 * the wizard's cards; a physical set-up has the table say its Brewery's and Shop's cards */
static void
test_start_card (void)
{
  g_autoptr(PenSetupDraft) draft = draft_for (2);
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  JsonArray *start;
  PenTable *preview;

  pen_setup_draft_set_physical (draft, TRUE);
  g_assert_true (pen_setup_draft_set_talent (draft, 0, "druid", &error));
  g_assert_true (pen_setup_draft_set_talent (draft, 1, NULL, &error));
  g_assert_true (pen_setup_draft_set_start_mark (draft, 0, PEN_MARK_RUBY, &error));
  g_assert_true (pen_setup_draft_set_start_mark (draft, 1, PEN_MARK_JASPER, &error));
  action = pen_setup_draft_build_action (draft, &error);
  g_assert_no_error (error);
  g_assert_true (json_object_get_boolean_member (pen_action_get_params (action),
                                                 "table_markets"));
  start = json_object_get_array_member (pen_action_get_params (action), "start");
  for (guint i = 0; i < json_array_get_length (start); i++)
    {
      JsonObject *entry = json_array_get_object_element (start, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (entry, "talent", ""),
                     "druid") == 0)
        g_assert_cmpstr (json_object_get_string_member (entry, "card"), ==,
                         "unity-with-nature");
      else
        /* S12: a Talent the catalogue cannot name still gives its card, unnamed */
        g_assert_cmpstr (json_object_get_string_member (entry, "card"), ==, "discipline");
    }
  preview = pen_setup_draft_get_preview (draft, &error);
  g_assert_no_error (error);
  {
    guint with = 0;

    for (guint w = 0; w < pen_table_get_n_players (preview); w++)
      {
        PenWizard *wizard = pen_table_get_wizard (preview, w);

        if (pen_wizard_find_card (wizard, "unity-with-nature") >= 0)
          {
            g_assert_cmpstr (pen_test_talent_of (wizard), ==, "druid");
            with++;
          }
      }
    g_assert_cmpuint (with, ==, 1);
  }
  g_assert_true (pen_table_get_table_markets (preview));
}

/* The highest "discipline#N" in cards, or n */
static guint
highest_unnamed (GListModel *cards,
                 guint       n)
{
  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
      PenCardType type;
      guint number;

      if (pen_card_parse_placeholder (pen_table_card_get_card_id (tc), &type, &number)
          && type == PEN_CARD_DISCIPLINE)
        n = MAX (n, number);
    }
  return n;
}

/* S12: a starting card the catalogue cannot name is an unnamed Discipline card in the
 * player's Grimoire, numbered past the Class markets' (no number twice), which the end sheet
 * lists; the log replays to the same table */
static void
test_start_card_unnamed (void)
{
  for (guint physical = 0; physical < 2; physical++)
    {
      g_autoptr(PenSetupDraft) draft = draft_for (2);
      g_autoptr(PenGame) game = pen_game_new ();
      g_autoptr(PenGame) replay = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) unknown = NULL;
      g_autofree char *log = NULL;
      PenTable *table;
      guint markets, seen[2] = { 0, 0 };

      pen_setup_draft_set_physical (draft, physical);
      for (guint p = 0; p < 2; p++)
        {
          if (physical)
            g_assert_true (pen_setup_draft_set_talent (draft, p, NULL, &error));
          if (pen_setup_draft_get_fixed_mark (draft, p) < 0)
            g_assert_true (pen_setup_draft_set_start_mark (draft, p, p == 0 ? PEN_MARK_RUBY
                                                                     : PEN_MARK_JASPER,
                                                           &error));
        }
      /* physical: the table says the first player holds Unity with Nature */
      if (physical)
        {
          g_assert_true (pen_setup_draft_set_start_card (draft, 0, "unity-with-nature",
                                                         &error));
          /* one card of each: not the second player's as well */
          g_assert_false (pen_setup_draft_set_start_card (draft, 1, "unity-with-nature",
                                                          NULL));
          g_assert_false (pen_setup_draft_set_start_card (draft, 1, "druid", NULL));
          g_assert_cmpstr (pen_setup_draft_get_start_card (draft, 0), ==,
                           "unity-with-nature");
          g_assert_null (pen_setup_draft_get_start_card (draft, 1));
          for (guint w = 0; w < 2; w++)
            for (guint d = 0; d < 4; d++)
              pen_setup_draft_set_die (draft, w, d, 3, NULL);
        }
      else
        g_assert_false (pen_setup_draft_set_start_card (draft, 0, "unity-with-nature", NULL));
      g_assert_true (pen_setup_draft_start (draft, game, &error));
      g_assert_no_error (error);
      table = pen_game_get_table (game);
      markets = highest_unnamed (pen_table_get_markets (table), 0);
      for (guint w = 0; w < 2; w++)
        {
          GListModel *cards = pen_wizard_get_cards (pen_table_get_wizard (table, w));

          for (guint c = 0; c < g_list_model_get_n_items (cards); c++)
            {
              g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, c);
              PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                                  pen_table_card_get_card_id (tc));

              if (pen_box_is_discipline_kind (pen_card_get_card_type (card)))
                {
                  g_assert_cmpstr (pen_table_card_get_zone (tc), ==, PEN_ZONE_GRIMOIRE);
                  if (pen_card_is_placeholder (card))
                    {
                      g_assert_cmpuint (pen_card_get_placeholder_number (card), >, markets);
                      seen[0]++;
                    }
                  else
                    seen[1]++;
                }
            }
        }
      /* app-dealt: neither dealt Talent is the Druid at this seed, or one is */
      g_assert_cmpuint (seen[0] + seen[1], ==, 2);
      if (physical)
        g_assert_cmpuint (seen[0], ==, 1);
      g_assert_cmpuint (pen_table_get_discipline_dealt (table), ==,
                        highest_unnamed (pen_wizard_get_cards (pen_table_get_wizard (table, 0)),
                                         highest_unnamed (pen_wizard_get_cards (
                                                            pen_table_get_wizard (table, 1)),
                                                          markets)));
      /* the end sheet asks for each unnamed one */
      unknown = pen_box_list_unknown_numbers (table);
      {
        guint asked = 0;

        for (guint i = 0; i < unknown->len; i++)
          if (g_str_has_prefix (((PenCardSighting *) g_ptr_array_index (unknown, i))->card,
                                "discipline#"))
            asked++;
        g_assert_cmpuint (asked, ==, seen[0]);
      }
      /* the number handed out is in the log: it replays to the same table (loading checks
       * the snapshot against the table its log gives) */
      log = pen_game_to_data (game);
      replay = pen_game_load_from_data (log, strlen (log), &error);
      g_assert_no_error (error);
      {
        g_autofree char *a = pen_test_snapshot_text (game);
        g_autofree char *b = pen_test_snapshot_text (replay);

        g_assert_cmpstr (a, ==, b);
      }
    }
}

/* S12: a Talent's starting Ingredients (the book prints none) are asked, given to the wizard,
 * and remembered in the user catalogue for a Talent it names: asked once */
static void
test_start_ingredients (void)
{
  g_autoptr(GError) error = NULL;

  for (guint round = 0; round < 2; round++)
    {
      g_autoptr(PenSetupDraft) draft = draft_for (2);
      g_autoptr(PenGame) game = pen_game_new ();
      g_autoptr(PenAction) action = NULL;
      PenTable *table;
      int druid = -1;

      pen_setup_draft_set_physical (draft, TRUE);
      g_assert_true (pen_setup_draft_set_talent (draft, 0, "druid", &error));
      g_assert_true (pen_setup_draft_set_talent (draft, 1, NULL, &error));
      g_assert_true (pen_setup_draft_set_start_mark (draft, 0, PEN_MARK_EMERALD, &error));
      g_assert_true (pen_setup_draft_set_start_mark (draft, 1, PEN_MARK_JASPER, &error));
      if (round == 0)
        {
          /* not known: asked (nothing prefilled), refused past the supply's 12 */
          g_assert_false (pen_setup_draft_get_ingredients_known (draft, 0));
          g_assert_cmpuint (pen_setup_draft_get_ingredient (draft, 0, PEN_INGREDIENT_FRUIT),
                            ==, 0);
          g_assert_false (pen_setup_draft_set_ingredient (draft, 0, PEN_INGREDIENT_FRUIT, 13,
                                                          NULL));
          g_assert_true (pen_setup_draft_set_ingredient (draft, 0, PEN_INGREDIENT_FRUIT, 2,
                                                         &error));
          g_assert_true (pen_setup_draft_set_ingredient (draft, 0, PEN_INGREDIENT_CRYSTAL, 1,
                                                         &error));
          /* a Talent the catalogue does not name: for this game only */
          g_assert_true (pen_setup_draft_set_ingredient (draft, 1, PEN_INGREDIENT_JEWEL, 3,
                                                         &error));
        }
      else
        {
          /* remembered from the first game: shown, not asked again */
          g_assert_true (pen_setup_draft_get_ingredients_known (draft, 0));
          g_assert_false (pen_setup_draft_get_ingredients_known (draft, 1));
          g_assert_false (pen_setup_draft_set_ingredient (draft, 0, PEN_INGREDIENT_FRUIT, 5,
                                                          NULL));
          g_assert_cmpuint (pen_setup_draft_get_ingredient (draft, 1, PEN_INGREDIENT_JEWEL),
                            ==, 0);
        }
      g_assert_cmpuint (pen_setup_draft_get_ingredient (draft, 0, PEN_INGREDIENT_FRUIT), ==, 2);
      g_assert_cmpuint (pen_setup_draft_get_ingredient (draft, 0, PEN_INGREDIENT_CRYSTAL), ==,
                        1);
      g_assert_cmpuint (pen_setup_draft_get_ingredient (draft, 0, PEN_INGREDIENT_BLOOD), ==, 0);
      action = pen_setup_draft_build_action (draft, &error);
      g_assert_no_error (error);
      for (guint w = 0; w < 2; w++)
        for (guint d = 0; d < 4; d++)
          pen_setup_draft_set_die (draft, w, d, 4, NULL);
      g_assert_true (pen_setup_draft_start (draft, game, &error));
      g_assert_no_error (error);
      table = pen_game_get_table (game);
      for (guint w = 0; w < 2; w++)
        if (g_strcmp0 (pen_test_talent_of (pen_table_get_wizard (table, w)), "druid") == 0)
          druid = (int) w;
      g_assert_cmpint (druid, >=, 0);
      {
        PenWizard *d = pen_table_get_wizard (table, (guint) druid);
        PenWizard *o = pen_table_get_wizard (table, 1 - (guint) druid);

        g_assert_cmpuint (pen_wizard_get_ingredient (d, PEN_INGREDIENT_FRUIT), ==, 2);
        g_assert_cmpuint (pen_wizard_get_ingredient (d, PEN_INGREDIENT_CRYSTAL), ==, 1);
        g_assert_cmpuint (pen_wizard_get_ingredient (d, PEN_INGREDIENT_JEWEL), ==, 0);
        g_assert_cmpuint (pen_wizard_get_ingredient (o, PEN_INGREDIENT_JEWEL), ==,
                          round == 0 ? 3 : 0);
      }
      {
        guint counts[PEN_N_INGREDIENTS];
        PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), "druid");

        g_assert_true (pen_card_get_start_ingredients (card, counts));
        g_assert_cmpuint (counts[PEN_INGREDIENT_FRUIT], ==, 2);
        g_assert_cmpuint (counts[PEN_INGREDIENT_CRYSTAL], ==, 1);
        g_assert_true (pen_card_is_user_value (card, "start_ingredients"));
      }
    }
  /* the user catalogue on disk holds the answer: a new catalogue reads it back */
  {
    g_autofree char *file = pen_catalog_get_default_user_file ();
    g_autoptr(PenCatalog) again = pen_catalog_new (file);
    guint counts[PEN_N_INGREDIENTS];

    g_assert_true (pen_card_get_start_ingredients (pen_catalog_lookup (again, "druid"),
                                                   counts));
    g_assert_cmpuint (counts[PEN_INGREDIENT_FRUIT], ==, 2);
  }
}

/* new-game's start[i].ingredients and an unnamed card, as penumbra-cli apply gives them; a
 * bad count is refused with its path */
static void
test_start_fields (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(JsonNode) node = pen_json_parse (
    "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Boris\"], \"seed\": 7, "
    "\"start\": [{\"mark\": \"ruby\", \"card\": \"discipline\", "
    "\"ingredients\": {\"blood\": 2, \"arcana\": 1}}, {\"mark\": \"amber\"}]}", -1, &error);
  g_autoptr(JsonNode) bad = pen_json_parse (
    "{\"action\": \"new-game\", \"players\": [\"Ann\"], \"seed\": 7, "
    "\"start\": [{\"mark\": \"ruby\", \"ingredients\": {\"blood\": 13}}]}", -1, NULL);
  g_autoptr(PenAction) action = pen_action_new_from_json (node, "$", &error);
  g_autoptr(PenAction) refused = pen_action_new_from_json (bad, "$", &error);
  g_autoptr(PenGame) other = pen_game_new ();
  PenWizard *ann;
  JsonObject *start0;

  g_assert_no_error (error);
  g_assert_true (pen_game_submit (game, action, &error));
  g_assert_no_error (error);
  ann = pen_table_get_wizard (pen_game_get_table (game), 0);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_BLOOD), ==, 2);
  g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), ==, 1);
  g_assert_cmpuint (pen_wizard_get_ingredient (pen_table_get_wizard (pen_game_get_table (game),
                                                                     1),
                                               PEN_INGREDIENT_BLOOD), ==, 0);
  /* the number handed out is written into the action the log keeps */
  start0 = json_array_get_object_element (
    json_object_get_array_member (pen_action_get_params (action), "start"), 0);
  g_assert_true (g_str_has_prefix (json_object_get_string_member (start0, "card"),
                                   "discipline#"));
  g_assert_true (pen_wizard_find_card (ann, json_object_get_string_member (start0, "card"))
                 >= 0);
  g_assert_false (pen_game_submit (other, refused, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "$.start[0].ingredients"));
}

/* Q2: physical play names the Classes the table drew at random: the draws come first in the
 * game's Classes, a Class is drawn once, a player's starting discipline is no draw; the game
 * lays out exactly the four */
static void
test_class_draws (void)
{
  g_autoptr(PenSetupDraft) draft = draft_for (2);
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  gboolean chosen[PEN_MARK_SPARK], from_player[PEN_MARK_SPARK];
  JsonArray *classes;
  guint n = 0;

  g_assert_true (pen_setup_draft_set_start_mark (draft, 0, PEN_MARK_RUBY, &error));
  g_assert_true (pen_setup_draft_set_start_mark (draft, 1, PEN_MARK_JASPER, &error));
  g_assert_cmpuint (pen_setup_draft_get_n_class_draws (draft), ==, 2);
  /* app-dealt: nothing to name */
  g_assert_true (pen_setup_draft_get_class_draws_named (draft));
  pen_setup_draft_set_physical (draft, TRUE);
  g_assert_false (pen_setup_draft_get_class_draws_named (draft));
  pen_setup_draft_get_named_classes (draft, chosen, from_player);
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    n += chosen[k];
  g_assert_cmpuint (n, ==, 2);

  /* a player's discipline is no draw; a Class named again leaves its first draw */
  pen_setup_draft_set_class_draw (draft, 0, PEN_MARK_RUBY);
  g_assert_false (pen_setup_draft_get_class_draws_named (draft));
  pen_setup_draft_set_class_draw (draft, 0, PEN_MARK_SAPPHIRE);
  pen_setup_draft_set_class_draw (draft, 1, PEN_MARK_SAPPHIRE);
  g_assert_cmpint (pen_setup_draft_get_class_draw (draft, 0), ==, -1);
  g_assert_false (pen_setup_draft_get_class_draws_named (draft));
  pen_setup_draft_set_class_draw (draft, 0, PEN_MARK_AMETHYST);
  g_assert_true (pen_setup_draft_get_class_draws_named (draft));

  action = pen_setup_draft_build_action (draft, &error);
  g_assert_no_error (error);
  classes = json_object_get_array_member (json_object_get_object_member (
                                            pen_action_get_params (action), "setup"), "classes");
  g_assert_cmpuint (json_array_get_length (classes), ==, 4);
  pen_setup_draft_get_classes (draft, chosen, from_player);
  g_assert_true (chosen[PEN_MARK_RUBY] && chosen[PEN_MARK_JASPER]);
  g_assert_true (chosen[PEN_MARK_SAPPHIRE] && chosen[PEN_MARK_AMETHYST]);
  g_assert_false (chosen[PEN_MARK_AMBER] || chosen[PEN_MARK_EMERALD]);
}

/* App-dealt, a kept Talent the catalogue cannot name (play finding P10): "Later" changes
 * nothing; named at set-up from the catalogue it gives that Talent's card; typed, the game
 * starts with it named and the user catalogue keeps its Ingredients, discipline and number */
static PenSetupDraft *
draft_with_unnamed_talent (void)
{
  for (guint64 seed = 1; seed < 200; seed++)
    {
      g_autoptr(PenSetupDraft) draft = draft_for (2);

      pen_setup_draft_set_seed (draft, seed);
      for (guint which = 0; which < 2; which++)
        {
          char **pair = g_ptr_array_index (pen_setup_draft_get_setup (draft)->talents_dealt, 0);
          char **other = g_ptr_array_index (pen_setup_draft_get_setup (draft)->talents_dealt, 1);
          gboolean druid_seen = FALSE;

          for (guint j = 0; j < 2; j++)
            druid_seen = druid_seen || g_strcmp0 (pair[j], "druid") == 0
                         || g_strcmp0 (other[j], "druid") == 0;
          g_assert_true (pen_setup_draft_keep_talent (draft, 0, which, NULL));
          if (!druid_seen && pen_setup_draft_get_talent_unnamed (draft, 0)
              && !pen_setup_draft_get_talent_unnamed (draft, 1))
            return g_steal_pointer (&draft);
        }
    }
  g_assert_not_reached ();
  return NULL;
}

static int
wizard_with_talent (PenTable   *table,
                    const char *talent)
{
  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    if (g_strcmp0 (pen_test_talent_of (pen_table_get_wizard (table, w)), talent) == 0)
      return (int) w;
  return -1;
}

static void
test_talent_named (void)
{
  g_autoptr(PenSetupDraft) draft = draft_with_unnamed_talent ();
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) offered = pen_setup_draft_list_talent_names (draft, 0);
  g_autoptr(GPtrArray) none = pen_setup_draft_list_talent_names (draft, 1);
  g_autofree char *placeholder = g_strdup (pen_setup_draft_get_talent (draft, 0));
  char **pair = g_ptr_array_index (pen_setup_draft_get_setup (draft)->talents_dealt, 0);
  char **other = g_ptr_array_index (pen_setup_draft_get_setup (draft)->talents_dealt, 1);
  guint counts[PEN_N_INGREDIENTS];
  PenCard *card;
  PenTable *table;
  int w;

  /* the names it may have: the catalogue's named Talents not face up here */
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_true (g_ptr_array_find_with_equal_func (offered, "druid", g_str_equal, NULL));
  for (guint j = 0; j < 2; j++)
    {
      g_assert_false (g_ptr_array_find_with_equal_func (offered, pair[j], g_str_equal, NULL));
      g_assert_false (g_ptr_array_find_with_equal_func (offered, other[j], g_str_equal, NULL));
    }
  g_assert_null (pen_setup_draft_get_start_card (draft, 0));

  /* refused: another player's Talent is named already, a dealt one, not a Talent, both */
  g_assert_false (pen_setup_draft_name_talent (draft, 1, "druid", NULL, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (pen_setup_draft_name_talent (draft, 0, other[0], NULL, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (pen_setup_draft_name_talent (draft, 0, "goldeater", NULL, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (pen_setup_draft_name_talent (draft, 0, "druid", "Druid", &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (pen_setup_draft_get_talent_as (draft, 0));

  /* named as the Druid: the Druid's card is the starting card; "Later" takes it back */
  g_assert_true (pen_setup_draft_name_talent (draft, 0, "druid", NULL, &error));
  g_assert_cmpstr (pen_setup_draft_get_talent_as (draft, 0), ==, "druid");
  g_assert_cmpstr (pen_setup_draft_get_start_card (draft, 0), ==, "unity-with-nature");
  g_assert_true (pen_setup_draft_name_talent (draft, 0, NULL, NULL, &error));
  g_assert_null (pen_setup_draft_get_talent_as (draft, 0));
  g_assert_null (pen_setup_draft_get_start_card (draft, 0));
  /* blank is "Later" too; another Talent kept drops the naming */
  g_assert_true (pen_setup_draft_name_talent (draft, 0, NULL, "  ", &error));
  g_assert_null (pen_setup_draft_get_talent_typed (draft, 0));

  /* typed as printed */
  g_assert_true (pen_setup_draft_name_talent (draft, 0, NULL, " Star Reader ", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (pen_setup_draft_get_talent_typed (draft, 0), ==, "Star Reader");
  g_assert_true (pen_setup_draft_set_start_mark (draft, 0, PEN_MARK_AMBER, &error));
  g_assert_true (pen_setup_draft_set_start_mark (draft, 1, PEN_MARK_JASPER, &error));
  g_assert_true (pen_setup_draft_set_turn_number (draft, 0, 7, &error));
  g_assert_true (pen_setup_draft_set_ingredient (draft, 0, PEN_INGREDIENT_BLOOD, 2, &error));
  g_assert_true (pen_setup_draft_start (draft, game, &error));
  g_assert_no_error (error);

  /* the game holds it named, and the catalogue keeps what the table read off it */
  table = pen_game_get_table (game);
  g_assert_cmpint (wizard_with_talent (table, placeholder), <, 0);
  w = wizard_with_talent (table, "star-reader");
  g_assert_cmpint (w, >=, 0);
  g_assert_cmpuint (pen_wizard_get_ingredient (pen_table_get_wizard (table, (guint) w),
                                               PEN_INGREDIENT_BLOOD), ==, 2);
  card = pen_catalog_lookup (pen_catalog_get_default (), "star-reader");
  g_assert_nonnull (card);
  g_assert_cmpint (pen_card_get_card_type (card), ==, PEN_CARD_TALENT);
  g_assert_true (pen_card_get_start_ingredients (card, counts));
  g_assert_cmpuint (counts[PEN_INGREDIENT_BLOOD], ==, 2);
  g_assert_cmpuint (counts[PEN_INGREDIENT_FRUIT], ==, 0);
  g_assert_cmpint (pen_card_get_start_mark (card), ==, PEN_MARK_AMBER);
  g_assert_cmpint (pen_card_get_turn_order (card), ==, 7);

  /* the next game that deals it (here, a table that keeps it) is not asked again */
  {
    g_autoptr(PenSetupDraft) next = draft_for (2);

    pen_setup_draft_set_physical (next, TRUE);
    g_assert_true (pen_setup_draft_set_talent (next, 0, "star-reader", &error));
    g_assert_true (pen_setup_draft_get_ingredients_known (next, 0));
    g_assert_cmpuint (pen_setup_draft_get_ingredient (next, 0, PEN_INGREDIENT_BLOOD), ==, 2);
    g_assert_cmpint (pen_setup_draft_get_fixed_mark (next, 0), ==, PEN_MARK_AMBER);
    g_assert_true (pen_setup_draft_get_number_known (next, 0));
  }
}

/* Physical Class markets: a player's starting card is in no market, and the reverse */
static void
test_class_card_not_start (void)
{
  g_autoptr(PenSetupDraft) draft = draft_for (2);
  g_autoptr(GError) error = NULL;

  pen_setup_draft_set_physical (draft, TRUE);
  g_assert_true (pen_setup_draft_set_talent (draft, 0, "druid", &error));
  g_assert_true (pen_setup_draft_set_start_mark (draft, 0, PEN_MARK_EMERALD, &error));
  g_assert_cmpstr (pen_setup_draft_get_start_card (draft, 0), ==, "unity-with-nature");
  g_assert_false (pen_setup_draft_set_class_card (draft, PEN_MARK_EMERALD, 0,
                                                  "unity-with-nature", &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (pen_setup_draft_get_class_card (draft, PEN_MARK_EMERALD, 0));
  /* said "not named": the card is free for a market again */
  g_assert_true (pen_setup_draft_set_start_card (draft, 0, NULL, &error));
  g_assert_true (pen_setup_draft_set_class_card (draft, PEN_MARK_EMERALD, 0,
                                                 "unity-with-nature", &error));
  g_assert_no_error (error);
  /* and a market card is not offered as a starting card */
  {
    g_autoptr(GPtrArray) ids = pen_setup_draft_list_start_cards (draft, 0);

    g_assert_false (g_ptr_array_find_with_equal_func (ids, "unity-with-nature", g_str_equal,
                                                      NULL));
  }
}

/* Play finding R3: "Another card: name it" at set-up is named there (the Table page's naming
 * dialog gives the draft its card-identify), and the physical "Another Talent" too; starting
 * the game names them. A naming stands for its slot's card only: the slot taking another card
 * forgets it. Last: it teaches the user catalogue cards, which renumbers the placeholders. */
static void
test_name_at_setup (void)
{
  g_autoptr(PenSetupDraft) draft = draft_for (2);
  g_autoptr(PenGame) game = pen_game_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *trial = NULL;
  g_autofree char *title = NULL;
  g_autoptr(PenAction) name_a = NULL;
  g_autoptr(PenAction) name_b = NULL;
  g_autoptr(PenAction) name_trial = NULL;
  g_autoptr(JsonObject) difficulty = json_object_new ();
  g_autoptr(PenTableCard) cell0 = NULL;
  g_autoptr(PenTableCard) cell1 = NULL;
  g_autoptr(PenTableCard) row0 = NULL;
  PenTable *table, *preview;
  PenWizard *bob;

  pen_setup_draft_set_physical (draft, TRUE);
  pen_setup_draft_set_ready_made (draft, FALSE);
  a = pen_setup_draft_another (draft, PEN_CARD_CONTRACT, 0);
  g_assert_true (pen_setup_draft_set_contract_pick (draft, 0, a, &error));
  b = pen_setup_draft_another (draft, PEN_CARD_CONTRACT, 1);
  g_assert_true (pen_setup_draft_set_contract_pick (draft, 1, b, &error));
  trial = pen_setup_draft_another (draft, PEN_CARD_TRIAL, 0);
  g_assert_nonnull (trial);
  g_assert_true (pen_setup_draft_set_trial_pick (draft, 0, trial, &error));
  g_assert_no_error (error);

  /* the dialog's answers, as it sends them */
  name_a = pen_box_identify_action (a, NULL, "Hollow Oath", NULL);
  g_assert_null (pen_setup_draft_get_naming_title (draft, a));
  g_assert_true (pen_setup_draft_set_naming (draft, a, name_a, &error));
  g_assert_no_error (error);
  title = pen_setup_draft_get_naming_title (draft, a);
  g_assert_cmpstr (title, ==, "Hollow Oath");
  /* not for a card this set-up did not pick, nor with another card's action */
  g_assert_false (pen_setup_draft_set_naming (draft, "contract#36", name_a, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (pen_setup_draft_set_naming (draft, b, name_a, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_INVALID);
  g_clear_error (&error);
  /* a cell that takes another card forgets the naming of the one it held */
  name_b = pen_box_identify_action (b, NULL, "Grey Tithe", NULL);
  g_assert_true (pen_setup_draft_set_naming (draft, b, name_b, &error));
  g_assert_nonnull (pen_setup_draft_get_naming (draft, b));
  g_assert_true (pen_setup_draft_set_contract_pick (draft, 1, "lost-hut", &error));
  g_assert_null (pen_setup_draft_get_naming (draft, b));
  json_object_set_int_member (difficulty, "difficulty", 1);
  name_trial = pen_box_identify_action (trial, NULL, "Bent Key", difficulty);
  g_assert_true (pen_setup_draft_set_naming (draft, trial, name_trial, &error));

  /* Bob's "Another Talent", named as printed */
  g_assert_true (pen_setup_draft_set_talent (draft, 0, "druid", &error));
  g_assert_true (pen_setup_draft_set_talent (draft, 1, NULL, &error));
  g_assert_true (pen_setup_draft_get_talent_unnamed (draft, 1));
  g_assert_false (pen_setup_draft_get_talent_unnamed (draft, 0));
  {
    g_autoptr(GPtrArray) offered = pen_setup_draft_list_talent_names (draft, 1);

    /* not the Druid, which Ann keeps */
    g_assert_cmpuint (offered->len, >, 0);
    g_assert_false (g_ptr_array_find_with_equal_func (offered, "druid", g_str_equal, NULL));
  }
  g_assert_true (pen_setup_draft_name_talent (draft, 1, NULL, "Quiet Hermit", &error));
  g_assert_cmpstr (pen_setup_draft_get_talent_typed (draft, 1), ==, "Quiet Hermit");
  g_assert_true (pen_setup_draft_set_start_mark (draft, 0, PEN_MARK_EMERALD, &error));
  g_assert_true (pen_setup_draft_set_start_mark (draft, 1, PEN_MARK_JASPER, &error));
  g_assert_no_error (error);

  /* the preview game, for the dialog: the placeholders lie where they were picked */
  g_assert_nonnull (pen_setup_draft_get_preview_game (draft, &error));
  g_assert_no_error (error);
  {
    g_autoptr(GPtrArray) open = pen_box_list_unidentified (
      pen_game_get_table (pen_setup_draft_get_preview_game (draft, NULL)));
    gboolean lies = FALSE;

    for (guint i = 0; i < open->len; i++)
      lies |= g_str_equal (((PenCardSighting *) g_ptr_array_index (open, i))->card, a);
    g_assert_true (lies);
  }
  preview = pen_setup_draft_get_preview (draft, &error);
  g_assert_no_error (error);
  for (guint w = 0; w < pen_table_get_n_players (preview); w++)
    for (guint d = 0; d < g_list_model_get_n_items (pen_wizard_get_supply (
                                                    pen_table_get_wizard (preview, w))); d++)
      g_assert_true (pen_setup_draft_set_die (draft, w, d, 4, &error));
  g_assert_true (pen_setup_draft_start (draft, game, &error));
  g_assert_no_error (error);

  table = pen_game_get_table (game);
  cell0 = g_list_model_get_item (pen_table_get_contract_row (table), 0);
  cell1 = g_list_model_get_item (pen_table_get_contract_row (table), 1);
  row0 = g_list_model_get_item (pen_table_get_trial_row (table), 0);
  g_assert_cmpstr (pen_table_card_get_card_id (cell0), ==, "hollow-oath");
  g_assert_cmpstr (pen_table_card_get_card_id (cell1), ==, "lost-hut");
  g_assert_cmpstr (pen_table_card_get_card_id (row0), ==, "bent-key");
  g_assert_cmpint (pen_card_get_difficulty (pen_catalog_lookup (pen_catalog_get_default (),
                                                                "bent-key")), ==, 1);
  /* Bob is the wizard whose Talent is the one named */
  bob = NULL;
  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    if (pen_wizard_find_card (pen_table_get_wizard (table, w), "quiet-hermit") >= 0)
      bob = pen_table_get_wizard (table, w);
  g_assert_nonnull (bob);
  g_assert_cmpstr (pen_wizard_get_name (bob), ==, names[1]);
  /* nothing of these is left to name */
  {
    g_autoptr(GPtrArray) open = pen_box_list_unidentified (table);

    for (guint i = 0; i < open->len; i++)
      {
        PenCardSighting *s = g_ptr_array_index (open, i);

        g_assert_cmpstr (s->card, !=, a);
        g_assert_cmpstr (s->card, !=, trial);
        g_assert_false (g_str_has_prefix (s->card, "talent#"));
      }
  }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *tmp = g_dir_make_tmp ("penumbra-draft-XXXXXX", NULL);
  int ret;

  /* the user catalogue learns the starting Ingredients: never the user's own */
  g_assert_nonnull (tmp);
  g_setenv ("XDG_DATA_HOME", tmp, TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/penumbra/forms/setup-draft/combinations", test_combinations);
  g_test_add_func ("/penumbra/forms/setup-draft/same-seed", test_same_seed);
  g_test_add_func ("/penumbra/forms/setup-draft/notify", test_notify);
  g_test_add_func ("/penumbra/forms/setup-draft/refused", test_refused);
  g_test_add_func ("/penumbra/forms/setup-draft/picks-once", test_picks_once);
  g_test_add_func ("/penumbra/forms/setup-draft/another-card", test_another_card);
  g_test_add_func ("/penumbra/forms/setup-draft/talents-kept-once", test_talents_kept_once);
  g_test_add_func ("/penumbra/forms/setup-draft/class-markets", test_class_markets);
  g_test_add_func ("/penumbra/forms/setup-draft/start-card", test_start_card);
  g_test_add_func ("/penumbra/forms/setup-draft/class-draws", test_class_draws);
  g_test_add_func ("/penumbra/forms/setup-draft/start-card-unnamed", test_start_card_unnamed);
  g_test_add_func ("/penumbra/forms/setup-draft/start-ingredients", test_start_ingredients);
  g_test_add_func ("/penumbra/forms/setup-draft/start-fields", test_start_fields);
  g_test_add_func ("/penumbra/forms/setup-draft/class-card-not-start",
                   test_class_card_not_start);
  g_test_add_func ("/penumbra/forms/setup-draft/talent-named", test_talent_named);
  /* last: it teaches the user catalogue cards */
  g_test_add_func ("/penumbra/forms/setup-draft/name-at-setup", test_name_at_setup);
  ret = g_test_run ();
  pen_test_remove_tree (tmp);
  return ret;
}
