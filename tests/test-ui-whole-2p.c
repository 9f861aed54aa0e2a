/* test-ui-whole-2p.c: a whole 2-player game dealt by the app, played through the window's
 * widgets (tests/pen-test-play.h), from the set-up assistant to the final score sheet
 *
 * The board's printed values are typed in Preferences, as a group does once; then the start
 * page and the five steps of the set-up assistant. The app deals; the cards the catalogue
 * cannot name lie face up as "Contract N of 36" and are named on the Table page as they turn
 * up (contracts, the Prophecy the Fate deck reveals), their printed numbers typed. Study turns
 * place through the place dialog: the Guild (a contract fulfilled in the same step), the
 * Ruins, the Forest (the Resource die's face), the Ruby Class (its Mark for the Arcana cost the
 * book does not print), the Sanctuary and the Bazaar. A Trial's Threat roll ends in a Mortal
 * Wound (the Trial leaves the game, the next turn is a Rest), another Trial under Rift 1 (its
 * die chosen on the Threat page before the roll) is passed; Rests;
 * the table confirms the revealed Prophecy and everyone has a last turn; the end sheet takes
 * the numbers still unknown, and the Score page must total what was played, category by
 * category, as the rulebook counts. In the middle: a third placement refused and overruled
 * ("Do It Anyway"), a contract on a Rest turn refused and left, two undos and two redos; every
 * history step reads as words.
 *
 * With PEN_SCREENSHOT_DIR set, a few steps are also drawn at 1280x800 and 360x720 as
 * DIR/whole-2p-NAME-desktop.png and -phone.png.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include <adwaita.h>

#include "game-test-common.h"
#include "pen-application.h"
#include "pen-board-layout.h"
#include "pen-box.h"
#include "pen-card-name-dialog.h"
#include "pen-card.h"
#include "pen-history-row.h"
#include "pen-catalog.h"
#include "pen-locations.h"
#include "pen-score-page.h"
#include "pen-score-rank-card.h"
#include "pen-score-unknown.h"
#include "pen-score.h"
#include "pen-table-card.h"
#include "pen-table-page.h"
#include "pen-unnamed-cards.h"
#include "pen-test-gtk-utils.h"
#include "pen-test-play.h"
#include "pen-test-utils.h"
#include "pen-window.h"

/* What the test knows of the game, independently of the app's score */
typedef struct
{
  PenWindow *window;
  PenGame   *game;         /* the window's */
  PenTable  *table;
  guint      named;        /* cards named when they turned face up */
  guint      placements;   /* by location id */
  GHashTable *locations;   /* location id → TRUE, used */
  guint      contracts;
  guint      trials;
  guint      rests;
  guint      overrides;
  guint      wounds[2];          /* Mortal Wounds each took */
  guint      n_typed;            /* names typed for cards the catalogue lacks */
  /* the printed numbers the test read off the cards for the table: card id → points, and
   * → the one experience symbol it shows (GINT_TO_POINTER (symbol + 1)) */
  GHashTable *vp;
  GHashTable *symbol;
  char       *prophecy;          /* the Prophecy named when it turned up, or NULL */
  GHashTable *shot;              /* the kinds of dialog screenshot */
  char       *task_contract;     /* the Contract whose task and reward were named */
} Play;

static void
printed (Play       *p,
         const char *card,
         int         vp,
         int         symbol)
{
  g_hash_table_insert (p->vp, g_strdup (card), GINT_TO_POINTER (vp));
  g_hash_table_insert (p->symbol, g_strdup (card), GINT_TO_POINTER (symbol + 1));
}

/* ---- screenshots ----------------------------------------------------------------------------- */

static void
screenshot (Play       *p,
            GtkWindow  *dialog,
            const char *name)
{
  pen_test_play_screenshot (p->window, dialog, "whole-2p", name);
}

/* The first dialog of each kind, as the driver is about to answer it */
static void
dialog_cb (AdwMessageDialog *dialog,
           const char       *response,
           Play             *p)
{
  g_autofree char *name = g_ascii_strdown (G_OBJECT_TYPE_NAME (dialog) + 3, -1);

  if (g_getenv ("PEN_SCREENSHOT_DIR") == NULL || !g_hash_table_add (p->shot, g_strdup (name)))
    return;
  screenshot (p, GTK_WINDOW (dialog), name);
}

/* ---- what the test reads of the game to decide what to tap -------------------------------- */

static PenWizard *
current (Play *p)
{
  return pen_table_get_wizard (p->table, pen_table_get_current (p->table));
}

static guint
n_supply (PenWizard *w)
{
  return g_list_model_get_n_items (pen_wizard_get_supply (w));
}

/* The first die of the current wizard's supply that may go to open ("guild/contract"), or -1 */
static int
die_for (Play       *p,
         const char *open)
{
  PenWizard *w = current (p);

  for (guint i = 0; i < n_supply (w); i++)
    {
      PenDie *die = pen_wizard_get_die (w, i);
      g_auto(GStrv) sections = pen_locations_list_open (pen_locations_get_default (), p->table,
                                                        pen_die_get_color (die),
                                                        pen_die_get_value (die));

      if (g_strv_contains ((const char * const *) sections, open))
        return i;
    }
  return -1;
}

/* Places the current wizard's first die open to location/section, answering the questions
 * (pairs of key and answer); asserts the game took it, and counts the location used */
static void
place (Play       *p,
       const char *location,
       const char *section,
       const char *key,
       const char *answer)
{
  g_autofree char *open = g_strdup_printf ("%s/%s", location, section);
  int die = die_for (p, open);
  guint placed = g_list_model_get_n_items (pen_table_get_placed (p->table));

  if (die < 0)
    g_error ("%s has no die for %s", pen_wizard_get_name (current (p)), open);
  /* a Resource die's kind said, how many it gave too (the faces not typed in) */
  g_assert_true (pen_test_play_place (p->window, die, location, section, key, answer,
                                      "?count-resource-0", "1", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_placed (p->table)), ==, placed + 1);
  g_hash_table_add (p->locations, g_strdup (location));
}

static guint
unnamed_count (Play *p)
{
  g_autoptr(GPtrArray) open = pen_box_list_unidentified (p->table);

  return open->len;
}

static void
log_state (Play       *p,
           const char *when)
{
  PenWizard *w = current (p);
  g_autoptr(GString) dice = g_string_new (NULL);

  for (guint i = 0; i < n_supply (w); i++)
    {
      PenDie *die = pen_wizard_get_die (w, i);
      g_auto(GStrv) open = pen_locations_list_open (pen_locations_get_default (), p->table,
                                                    pen_die_get_color (die),
                                                    pen_die_get_value (die));
      g_autofree char *joined = g_strjoinv (" ", open);

      g_string_append_printf (dice, " [%s %u: %s]", pen_color_get_label (pen_die_get_color (die)),
                              pen_die_get_value (die), joined);
    }
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    g_string_append_printf (dice, " %s=%u", pen_ingredient_to_string (i),
                            pen_wizard_get_ingredient (w, i));
  static gint64 start = 0;

  if (start == 0)
    start = g_get_monotonic_time ();
  g_test_message ("[%.1f s] %s: turn %u, %s, phase %d, dice%s",
                  (g_get_monotonic_time () - start) / 1e6, when, pen_table_get_turn (p->table),
                  pen_wizard_get_name (w), pen_table_get_phase (p->table), dice->str);
  {
    g_autoptr(GString) rows = g_string_new ("trials:");
    g_autoptr(GPtrArray) open = pen_box_list_unidentified (p->table);

    for (guint i = 0; i < g_list_model_get_n_items (pen_table_get_trial_row (p->table)); i++)
      {
        g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_trial_row (p->table), i);
        g_string_append_printf (rows, " %s", pen_table_card_get_card_id (tc));
      }
    g_string_append (rows, "; guild:");
    for (guint i = 0; i < g_list_model_get_n_items (pen_table_get_contract_row (p->table)); i++)
      {
        g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_contract_row (p->table),
                                                            i);
        g_string_append_printf (rows, " %s", pen_table_card_get_card_id (tc));
      }
    g_string_append (rows, "; to name:");
    for (guint i = 0; i < open->len; i++)
      g_string_append_printf (rows, " %s", ((PenCardSighting *) g_ptr_array_index (open, i))->card);
    g_test_message ("%s", rows->str);
  }
}

/* A Threat face that misses the current wizard: no die of the supply shows it, no Mark has
 * it (the board's values as typed in Preferences) */
static guint
miss_face (Play        *p,
           const guint *board)
{
  PenWizard *w = current (p);

  for (guint face = 6; face >= 1; face--)
    {
      gboolean hit = FALSE;

      for (guint i = 0; i < n_supply (w); i++)
        hit |= pen_die_get_value (pen_wizard_get_die (w, i)) == face;
      for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
        hit |= pen_wizard_get_mark_in_cell (w, cell) != NULL && board[cell] == face;
      if (!hit)
        return face;
    }
  g_error ("every face hits %s", pen_wizard_get_name (w));
  return 0;
}

/* ---- the history -------------------------------------------------------------------------- */

/* A step's label reads as words: no card or location ids ("gloomy-lady", "contract#21",
 * "ruby-class"), no JSON, no paths */
static void
assert_words (const char *label)
{
  g_autoptr(GRegex) id = NULL;
  g_autoptr(GMatchInfo) match = NULL;

  id = g_regex_new ("\\b[a-z0-9]+(-[a-z0-9]+)+\\b|[a-z]#[0-9]|\\$\\.|[{}\\[\\]\"]",
                    0, 0, NULL);
  g_assert_nonnull (label);
  g_assert_cmpstr (label, !=, "");
  if (g_regex_match (id, label, 0, &match))
    {
      g_autofree char *word = g_match_info_fetch (match, 0);

      g_error ("a history step reads \"%s\" in: %s", word, label);
    }
}

/* Every step of the history, and the rows its popover shows */
static void
check_history (Play *p)
{
  GListModel *history = pen_game_get_history (p->game);
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GtkPopover *popover;
  guint shown = 0;

  for (guint i = 0; i < g_list_model_get_n_items (history); i++)
    {
      g_autoptr(PenAction) action = g_list_model_get_item (history, i);

      assert_words (pen_action_get_label (action));
    }
  /* the undo button's drop-down: the rows are made once it is laid out */
  pen_test_collect (GTK_WIDGET (p->window), ADW_TYPE_SPLIT_BUTTON, buttons);
  g_assert_cmpuint (buttons->len, ==, 1);
  popover = GTK_POPOVER (adw_split_button_get_popover (g_ptr_array_index (buttons, 0)));
  gtk_popover_popup (popover);
  for (guint i = 0; i < 50 && rows->len == 0; i++)
    {
      pen_test_play_settle ();
      pen_test_collect (GTK_WIDGET (popover), PEN_TYPE_HISTORY_ROW, rows);
    }
  g_assert_cmpuint (rows->len, >, 0);
  for (guint i = 0; i < rows->len; i++)
    {
      g_autoptr(GPtrArray) labels = g_ptr_array_new ();

      pen_test_collect (g_ptr_array_index (rows, i), GTK_TYPE_LABEL, labels);
      for (guint k = 0; k < labels->len; k++)
        {
          const char *text = gtk_label_get_text (g_ptr_array_index (labels, k));

          if (text != NULL && strlen (text) > 3)
            {
              assert_words (text);
              shown++;
            }
        }
    }
  g_assert_cmpuint (shown, >, 0);
  gtk_popover_popdown (popover);
  pen_test_play_settle ();
}

/* ---- the score, as the rulebook counts it, from what was played -------------------------- */

/* The points of n identical symbols (the book prints 1 to 5; the house default caps there) */
static int
identical_points (guint n)
{
  static const int points[] = { 0, 1, 2, 4, 6, 9 };

  return points[MIN (n, G_N_ELEMENTS (points) - 1)];
}

static int
printed_vp (Play       *p,
            const char *card)
{
  gpointer vp;

  if (g_hash_table_lookup_extended (p->vp, card, NULL, &vp))
    return GPOINTER_TO_INT (vp);
  g_error ("the test never read the points of %s", card);
  return 0;
}

/* Every category of wizard w's score, and the total */
static int
expected_score (Play        *p,
                guint        w,
                const guint *board,
                int          points[PEN_N_SCORE_CATEGORIES])
{
  PenWizard *wizard = pen_table_get_wizard (p->table, w);
  GListModel *cards = pen_wizard_get_cards (wizard);
  guint symbols[PEN_N_SYMBOLS] = { 0, };
  guint sets = G_MAXUINT;
  int total = 0;

  memset (points, 0, sizeof (int) * PEN_N_SCORE_CATEGORIES);
  points[PEN_SCORE_ARCANA] = pen_wizard_get_ingredient (wizard, PEN_INGREDIENT_ARCANA);
  points[PEN_SCORE_MORTAL_WOUNDS] = -3 * (int) p->wounds[w];
  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
      const char *id = pen_table_card_get_card_id (tc);
      PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), id);

      /* a Discipline card of a kind not known yet counts as a Tome would, wherever it lies */
      if (g_strcmp0 (pen_table_card_get_zone (tc), "experience") != 0
          && pen_card_get_card_type (card) != PEN_CARD_DISCIPLINE)
        continue;
      if (pen_card_get_card_type (card) == PEN_CARD_CONTRACT)
        points[PEN_SCORE_CONTRACTS] += printed_vp (p, id);
      else if (pen_card_get_card_type (card) == PEN_CARD_TRIAL)
        points[PEN_SCORE_TRIALS] += printed_vp (p, id);
      if (g_hash_table_contains (p->symbol, id))
        symbols[GPOINTER_TO_INT (g_hash_table_lookup (p->symbol, id)) - 1]++;
    }
  for (guint k = 0; k < PEN_N_SYMBOLS; k++)
    {
      points[PEN_SCORE_EXPERIENCE] += identical_points (symbols[k]);
      sets = MIN (sets, symbols[k]);
    }
  points[PEN_SCORE_EXPERIENCE] += 7 * sets;
  /* the points printed under the board's Marks, as the end sheet asked them */
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    if (pen_wizard_get_mark_in_cell (wizard, cell) != NULL)
      points[PEN_SCORE_BOARD] += MAX (0, pen_board_layout_get_vp (pen_board_layout_get_default (),
                                                                  cell));
  /* no Goal came up; Fate: the house default of 0 (the book prints no table) */
  (void) board;
  for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
    total += points[c];
  return total;
}

/* ---- naming the cards that turn face up ------------------------------------------------------ */

/* Names every face-up card the catalogue cannot name, as the table reads it off the card:
 * from the known list when it is there, typed otherwise, with its printed numbers */
static void
name_face_up (Play *p)
{
  g_autoptr(GPtrArray) open = pen_box_list_unidentified (p->table);

  for (guint i = 0; i < open->len; i++)
    {
      const char *card = ((PenCardSighting *) g_ptr_array_index (open, i))->card;
      PenCardType type;
      guint number;
      g_autofree char *name = NULL;

      g_assert_true (pen_card_parse_placeholder (card, &type, &number));
      p->n_typed++;
      /* the Table page lists it as the app lays it out: "Contract 12 of 36" */
      {
        GtkWidget *page = pen_test_find_first (GTK_WIDGET (p->window), PEN_TYPE_TABLE_PAGE);
        const char *shown = pen_turn_card_name (card);

        g_assert_nonnull (shown);
        g_assert_true (g_regex_match_simple ("^[A-Z][a-z ]+ [0-9]+ of [0-9]+$", shown, 0, 0));
        pen_window_show_page (p->window, "table");
        pen_test_play_settle ();
        g_assert_true (pen_test_has_label (pen_test_find_first (page, PEN_TYPE_UNNAMED_CARDS),
                                           shown));
      }
      switch (type)
        {
        case PEN_CARD_CONTRACT:
          {
            int vp = p->n_typed % 2 ? 2 : 3;
            PenSymbol symbol = p->n_typed % 2 ? PEN_SYMBOL_SOCIETY : PEN_SYMBOL_BEASTS;
            g_autofree char *points = g_strdup_printf ("%d", vp);
            g_autofree char *id = NULL;

            name = g_strdup_printf ("Errand %u of the %s Bell", number,
                                    p->n_typed % 2 ? "Brass" : "Silver");
            /* the Guild's first cell, Ann's first Contract: its task and reward read out too
             * ("Discard any number of dice of a sum of 1 or more"; 1 Arcana and a Red die) */
            if (p->task_contract == NULL
                && pen_table_card_list_index (pen_table_get_contract_row (p->table), card) == 0)
              pen_test_play_name_card (p->window, card, name, "difficulty", "1", "vp", points,
                                       "light", "1", "dark", "0",
                                       pen_symbol_to_string (symbol), "on",
                                       "task", "discard-sum", "task-color-bone", "on",
                                       "task-at-least", "1", "reward-arcana", "1",
                                       "reward-die-red", "1", NULL);
            else
              pen_test_play_name_card (p->window, card, name, "difficulty", "1", "vp", points,
                                       "light", "1", "dark", "0",
                                       pen_symbol_to_string (symbol), "on", NULL);
            /* the catalogue's id for it, as the table now shows it */
            id = g_ascii_strdown (name, -1);
            g_strdelimit (id, " ", '-');
            g_assert_nonnull (pen_catalog_lookup (pen_catalog_get_default (), id));
            if (p->task_contract == NULL
                && pen_card_is_known (pen_catalog_lookup (pen_catalog_get_default (), id), "task"))
              p->task_contract = g_strdup (id);
            printed (p, id, vp, symbol);
          }
          break;
        case PEN_CARD_TRIAL:
          name = g_strdup_printf ("Warden %u", number);
          pen_test_play_name_card (p->window, card, name, "difficulty", "1", "threat", "1",
                                   "vp", "2", "monsters", "on", NULL);
          break;
        case PEN_CARD_PROPHECY:
          /* a Prophecy the book does not print: the table judges its condition */
          name = g_strdup_printf ("Omen of %u Moons", number);
          pen_test_play_name_card (p->window, card, name, NULL);
          g_free (p->prophecy);
          p->prophecy = g_ascii_strdown (name, -1);
          g_strdelimit (p->prophecy, " ", '-');
          g_assert_nonnull (pen_catalog_lookup (pen_catalog_get_default (), p->prophecy));
          break;
        default:
          name = g_strdup_printf ("%s %u", pen_card_type_get_label (type), number);
          pen_test_play_name_card (p->window, card, name, NULL);
          break;
        }
      p->named++;
    }
}

/* ---- the game -------------------------------------------------------------------------------- */

static void
test_whole_2p (void)
{
  g_autoptr(PenApplication) app = pen_application_new ();
  /* as printed under each cell of the Wizard board, typed in once in Preferences */
  static const guint board[PEN_MARK_CELLS] = { 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5 };
  PenTestPlaySetup answers = {
    .n_players = 2,
    .names = { "Ann", "Bob" },
    .seed = 42,
    .physical = FALSE,
    .ready_made = FALSE,
    .start_marks = { PEN_MARK_RUBY, PEN_MARK_JASPER },
    .kept_talents = { 0, 1 },
    /* read off the Talents (the book prints none): the set-up step asks them */
    .ingredients = { [0] = { [PEN_INGREDIENT_FRUIT] = 2, [PEN_INGREDIENT_CRYSTAL] = 1 },
                     [1] = { [PEN_INGREDIENT_TRINKET] = 1 } },
  };
  Play p = { NULL, };

  g_test_timer_start ();
  p.window = pen_test_play_window_new (app);
  g_test_message ("[%.1f s] window", g_test_timer_elapsed ());
  pen_test_play_board_values (p.window, board, G_N_ELEMENTS (board));
  g_test_message ("[%.1f s] board values", g_test_timer_elapsed ());
  p.game = pen_test_play_setup (p.window, &answers);
  g_test_message ("[%.1f s] set up", g_test_timer_elapsed ());
  p.table = pen_game_get_table (p.game);
  p.locations = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  p.vp = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  p.shot = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  pen_test_play_set_dialog_func ((PenTestPlayDialogFunc) dialog_cb, &p);
  p.symbol = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_assert_cmpuint (pen_table_get_n_players (p.table), ==, 2);
  g_assert_false (pen_table_get_physical (p.table));
  /* S12: each wizard starts with the Ingredients typed and the Talent's Discipline card (an
   * unnamed one when the catalogue cannot name it) */
  for (guint w = 0; w < 2; w++)
    {
      PenWizard *wizard = pen_table_get_wizard (p.table, w);
      guint given = g_str_equal (pen_wizard_get_name (wizard), "Ann") ? 0 : 1;
      GListModel *cards = pen_wizard_get_cards (wizard);
      guint discipline = 0;

      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        g_assert_cmpuint (pen_wizard_get_ingredient (wizard, k), ==,
                          answers.ingredients[given][k]);
      for (guint c = 0; c < g_list_model_get_n_items (cards); c++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, c);
          PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                              pen_table_card_get_card_id (tc));

          discipline += pen_box_is_discipline_kind (pen_card_get_card_type (card));
        }
      g_assert_cmpuint (discipline, ==, 1);
    }
  screenshot (&p, NULL, "table-start");

  /* the Guild's contracts the catalogue cannot name are listed to be named */
  name_face_up (&p);
  log_state (&p, "start");
  {
    g_autoptr(GString) deck = g_string_new ("fate deck:");

    for (guint i = 0; i < g_list_model_get_n_items (pen_table_get_fate_deck (p.table)); i++)
      {
        g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_fate_deck (p.table), i);
        g_string_append_printf (deck, " %s", pen_table_card_get_card_id (tc));
      }
    g_test_message ("%s", deck->str);
  }

  /* Ann's first turn, a Study turn with one placement (the first round): the Guild, the
   * first contract of the row fulfilled in the same step */
  pen_test_play_begin_turn (p.window, PEN_TURN_STUDY);
  log_state (&p, "ann study");
  {
    g_autoptr(PenTableCard) first = g_list_model_get_item (pen_table_get_contract_row (p.table),
                                                           0);
    g_autofree char *contract = g_strdup (pen_table_card_get_card_id (first));

    PenWizard *ann = current (&p);
    GListModel *supply = pen_wizard_get_supply (ann);
    int die = die_for (&p, "guild/contract");
    guint arcana = pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA);
    guint colors[PEN_N_COLORS] = { 0, }, after[PEN_N_COLORS] = { 0, };
    guint n_before = g_list_model_get_n_items (supply);
    g_autoptr(GArray) mid = g_array_new (FALSE, FALSE, sizeof (guint));

    g_assert_false (pen_card_id_is_placeholder (contract));
    /* the task was named with the card: its cost is taken in the same step */
    g_assert_cmpstr (contract, ==, p.task_contract);
    g_assert_cmpint (die, >=, 0);
    for (guint i = 0; i < n_before; i++)
      {
        g_autoptr(PenDie) d = g_list_model_get_item (supply, i);
        guint c = pen_die_get_color (d);

        colors[c]++;
        if (i != (guint) die)
          g_array_append_val (mid, c);
      }
    place (&p, "guild", "contract", "slot", pen_turn_card_name (contract));
    g_assert_cmpint (pen_wizard_find_card (current (&p), contract), >=, 0);
    p.contracts++;
    {
      g_autoptr(PenAction) last = g_list_model_get_item (pen_game_get_history (p.game),
                                                         pen_game_get_position (p.game) - 1);
      JsonObject *params = pen_action_get_params (last);
      JsonObject *pay = json_object_get_object_member (params, "task_pay");
      JsonArray *paid = json_object_get_array_member (pay, "dice");
      guint paid_color = g_array_index (mid, guint, json_array_get_int_element (paid, 0));

      /* exactly the task's cost: one die (the placed one went to the Guild), nothing else;
       * the reward: 1 Arcana and a Red die */
      g_assert_cmpuint (json_array_get_length (paid), ==, 1);
      g_assert_false (json_object_has_member (pay, "ingredients"));
      g_assert_cmpuint (g_list_model_get_n_items (supply), ==, n_before - 1 - 1 + 1);
      for (guint i = 0; i < g_list_model_get_n_items (supply); i++)
        {
          g_autoptr(PenDie) d = g_list_model_get_item (supply, i);

          after[pen_die_get_color (d)]++;
        }
      {
        g_autoptr(PenDie) placed = NULL;

        colors[paid_color]--;
        colors[PEN_COLOR_RED]++;
        placed = g_list_model_get_item (pen_table_get_placed (p.table),
                                        g_list_model_get_n_items (pen_table_get_placed (p.table))
                                        - 1);
        colors[pen_die_get_color (placed)]--;
      }
      for (guint c = 0; c < PEN_N_COLORS; c++)
        g_assert_cmpuint (after[c], ==, colors[c]);
      g_assert_cmpuint (pen_wizard_get_ingredient (ann, PEN_INGREDIENT_ARCANA), ==,
                        MIN (arcana + 1, PEN_INGREDIENT_CAP));
    }
  }
  log_state (&p, "ann placed");
  /* the contract that refilled the Guild is face up: named */
  g_assert_cmpuint (unnamed_count (&p), ==, 1);
  name_face_up (&p);
  pen_test_play_end_turn (p.window);

  /* Bob: the Ruins, 2 Blood and the Threat die, which the app rolls */
  pen_test_play_begin_turn (p.window, PEN_TURN_STUDY);
  log_state (&p, "bob study");
  {
    guint blood = pen_wizard_get_ingredient (current (&p), PEN_INGREDIENT_BLOOD);

    place (&p, "ruins", "blood", NULL, NULL);
    g_assert_cmpuint (pen_wizard_get_ingredient (current (&p), PEN_INGREDIENT_BLOOD), ==,
                      blood + 2);
  }
  log_state (&p, "bob placed");
  pen_test_play_end_turn (p.window);

  /* Ann, second round: two placements; the Forest, its Resource die's face entered once */
  pen_test_play_begin_turn (p.window, PEN_TURN_STUDY);
  log_state (&p, "ann study 2");
  place (&p, "forest", "resource", "resource-0", "Jewels");
  log_state (&p, "ann forest");
  /* the Ruby Class: the Mark and a card; the Arcana cost printed on the cell is asked once */
  {
    guint arcana = pen_wizard_get_ingredient (current (&p), PEN_INGREDIENT_ARCANA);
    guint marks = pen_wizard_count_marks (current (&p), PEN_MARK_RUBY);

    /* FIXME(app): in app-dealt play the Class's market is empty (the catalogue names no Ruby
     * card) and "The top card of the deck" gives no card at all: the app should deal the top
     * card as "Ruby card N" and ask its name when it is turned up. Until then the Mark alone. */
    g_assert_true (pen_test_play_place (p.window, die_for (&p, "ruby-class/mark"), "ruby-class",
                                        "mark", "arcana", "1", "card", "#0", NULL));
    g_hash_table_add (p.locations, g_strdup ("ruby-class"));
    g_assert_cmpuint (pen_wizard_get_ingredient (current (&p), PEN_INGREDIENT_ARCANA), ==,
                      arcana - 1);
    g_assert_cmpuint (pen_wizard_count_marks (current (&p), PEN_MARK_RUBY), ==, marks + 1);
  }
  log_state (&p, "ann class");
  /* a third placement breaks the book's two: refused with its rule, and the table overrules
   * it (the Bazaar).
   * FIXME(app): the place dialog asks nothing at the Bazaar, the Brewery or the Shop (the
   * core takes "give"/"get" and purchases, the form has no questions for them), so their
   * exchange or purchase cannot be made in the same step: the die is only placed. */
  {
    guint position = pen_game_get_position (p.game);
    g_autoptr(PenAction) last = NULL;

    g_assert_false (pen_test_play_place (p.window, die_for (&p, "bazaar/exchange"), "bazaar",
                                         "exchange", NULL));
    g_assert_cmpuint (pen_game_get_position (p.game), ==, position);
    g_assert_cmpint (pen_test_play_override (p.window, TRUE), ==, PEN_RULE_PLACEMENTS_PER_TURN);
    g_assert_cmpuint (pen_game_get_position (p.game), ==, position + 1);
    last = g_list_model_get_item (pen_game_get_history (p.game), position);
    g_assert_true (pen_action_get_override (last));
    g_test_message ("overridden: %s", pen_action_get_label (last));
    p.overrides++;
    g_hash_table_add (p.locations, g_strdup ("bazaar"));
  }
  log_state (&p, "ann bazaar");
  screenshot (&p, NULL, "wizards-study");

  /* undo and redo in the middle: the table as it was, then as it is */
  {
    g_autofree char *now = pen_test_snapshot_text (p.game);
    g_autofree char *back = NULL;
    g_autofree char *again = NULL;
    guint position = pen_game_get_position (p.game);

    pen_test_play_undo (p.window);
    pen_test_play_undo (p.window);
    g_assert_cmpuint (pen_game_get_position (p.game), ==, position - 2);
    back = pen_test_snapshot_text (p.game);
    g_assert_cmpstr (back, !=, now);
    pen_test_play_redo (p.window);
    pen_test_play_redo (p.window);
    again = pen_test_snapshot_text (p.game);
    g_assert_cmpstr (again, ==, now);
  }
  pen_test_play_end_turn (p.window);

  /* Bob rests: the app rolls his Bone dice; the Fate card revealed is named if it must be */
  pen_test_play_begin_turn (p.window, PEN_TURN_REST);
  p.rests++;
  log_state (&p, "bob rest");
  /* a contract on a Rest turn: refused by its rule, and the table lets it be (Cancel) */
  {
    g_autofree char *before = pen_test_snapshot_text (p.game);
    g_autofree char *after = NULL;

    g_assert_false (pen_test_play_fulfil (p.window, 0, pen_table_get_current (p.table)));
    g_assert_cmpint (pen_test_play_override (p.window, FALSE), ==,
                     PEN_RULE_CONTRACT_ON_STUDY_TURN);
    after = pen_test_snapshot_text (p.game);
    g_assert_cmpstr (after, ==, before);
  }
  pen_test_play_end_turn (p.window);
  name_face_up (&p);
  log_state (&p, "after bob rest");

  /* Ann's Trial: the first of the row; its Threat rolled by the table, faces tapped */
  pen_test_play_begin_turn (p.window, PEN_TURN_TRIAL);
  {
    g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_trial_row (p.table), 0);
    PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                        pen_table_card_get_card_id (tc));

    g_test_message ("ann's trial: %s, threat %d", pen_card_get_id (card),
                    pen_card_get_threat (card));
    /* no Properties printed on it */
    pen_test_play_begin_trial (p.window, 0, 0, 0);
    log_state (&p, "ann trial");
  }
  /* the table rolls 2, 2, 2: the first takes Ann's Red 2, the second wounds her Mark of 2,
   * the third falls on it wounded with no other 2: a Mortal Wound, the turn is over */
  {
    guint faces[] = { 2, 2, 2 };

    g_assert_true (pen_test_play_threat_roll_faces (p.window, faces, G_N_ELEMENTS (faces)));
  }
  log_state (&p, "ann threat");
  screenshot (&p, NULL, "mortal-wound");
  p.wounds[0]++;
  g_assert_cmpuint (pen_wizard_get_mortal_wounds (current (&p)), ==, p.wounds[0]);
  g_assert_true (pen_wizard_get_must_rest (current (&p)));
  g_assert_null (pen_table_get_trial (p.table));
  pen_test_play_end_turn (p.window);
  name_face_up (&p);

  /* Bob's Trial: the Threat misses, passed by the path of Light */
  pen_test_play_begin_turn (p.window, PEN_TURN_TRIAL);
  {
    g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_trial_row (p.table), 0);
    PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                        pen_table_card_get_card_id (tc));

    g_test_message ("bob's trial: %s, threat %d vp %d", pen_card_get_id (card),
                    pen_card_get_threat (card), pen_card_get_vp (card));
    /* its Properties as printed: Rift 1 */
    pen_test_play_begin_trial (p.window, 0, 1, 0);
  }
  log_state (&p, "bob trial");
  screenshot (&p, NULL, "trial-step");
  /* Rift: before the roll Bob chooses the die it discards (his first), then the Threat misses */
  {
    guint face = miss_face (&p, board);
    guint faces[] = { face, face };
    guint rift[] = { 0 };
    guint dice = n_supply (current (&p));

    g_assert_cmpuint (dice, >, 1);
    g_assert_true (pen_test_play_threat_roll_rift (p.window, rift, G_N_ELEMENTS (rift), faces,
                                                   G_N_ELEMENTS (faces)));
    g_assert_cmpuint (n_supply (current (&p)), ==, dice - 1);
  }
  {
    const PenTrial *trial = pen_table_get_trial (pen_game_get_table (pen_window_get_game (
                                                   p.window)));
    g_autofree char *card = g_strdup (trial->card);
    PenCard *known = pen_catalog_lookup (pen_catalog_get_default (), card);
    /* the points and symbols are asked with it (play finding P11) */
    gboolean unknown = !pen_card_is_known (known, "light") || !pen_card_is_known (known, "vp")
                       || !pen_card_is_known (known, "symbols");
    int light = pen_wizard_get_light (current (&p));

    /* the Light the card brings is asked the first time it matters (the book prints few);
     * this table leaves it unsaid, to read it off the card at the end (the end sheet asks) */
    pen_test_play_trial_outcome (p.window, "Passed: _Light");
    {
      GtkWindow *asked = pen_test_play_find_dialog (PEN_TYPE_CARD_NAME_DIALOG);

      g_assert_cmpint (asked != NULL, ==, unknown);
      if (asked != NULL)
        pen_test_play_respond (ADW_MESSAGE_DIALOG (asked), "cancel");
    }
    pen_test_play_settle ();
    /* then the Light path's task and reward (the book prints none: play finding Y5), read off
     * the card: a Threat die to withstand, which the app rolls with the pass once its odds are
     * said (session 13), and 1 Arcana, given */
    {
      guint arcana = pen_wizard_get_ingredient (current (&p), PEN_INGREDIENT_ARCANA);
      GtkWindow *asked;

      g_assert_true (pen_test_play_trial_path (0, 0, PEN_INGREDIENT_ARCANA, 1));
      pen_test_play_settle ();
      asked = pen_test_play_find_dialog (ADW_TYPE_MESSAGE_DIALOG);
      g_assert_nonnull (asked);
      g_assert_cmpstr (gtk_widget_get_name (GTK_WIDGET (asked)), ==, "trial-withstand");
      pen_test_play_respond (ADW_MESSAGE_DIALOG (asked), "done");
      pen_test_play_settle ();
      asked = pen_test_play_find_dialog (ADW_TYPE_MESSAGE_DIALOG);
      g_assert_nonnull (asked);
      g_assert_cmpstr (gtk_widget_get_name (GTK_WIDGET (asked)), ==, "trial-withstand-report");
      pen_test_play_respond (ADW_MESSAGE_DIALOG (asked), "close");
      pen_test_play_settle ();
      g_assert_false (pen_wizard_get_mortal_wound_this_turn (current (&p)));
      g_assert_cmpuint (pen_wizard_get_ingredient (current (&p), PEN_INGREDIENT_ARCANA), ==,
                        MIN (arcana + 1, PEN_INGREDIENT_CAP));
    }
    g_assert_null (pen_table_get_trial (pen_game_get_table (pen_window_get_game (p.window))));
    g_assert_cmpint (pen_wizard_get_light (current (&p)), ==,
                     light + MAX (pen_card_get_light (pen_catalog_lookup (
                                                        pen_catalog_get_default (), card)), 0));
  }
  p.trials++;
  log_state (&p, "bob passed");
  pen_test_play_end_turn (p.window);
  name_face_up (&p);

  /* Ann rests: after a Mortal Wound her turn must be a Rest */
  g_assert_true (pen_wizard_get_must_rest (current (&p)));
  pen_test_play_begin_turn (p.window, PEN_TURN_REST);
  p.rests++;
  pen_test_play_end_turn (p.window);
  name_face_up (&p);
  log_state (&p, "ann rested");

  /* Bob: Blood for a Spark die at the Sanctuary; then the table sees that the Prophecy
   * revealed on Ann's Trial turn is fulfilled (the app cannot judge a card the book does not
   * print) and says so: the final round begins */
  pen_test_play_begin_turn (p.window, PEN_TURN_STUDY);
  place (&p, "sanctuary", "spark", NULL, NULL);
  log_state (&p, "bob sanctuary");
  g_assert_nonnull (p.prophecy);
  g_assert_true (pen_test_play_fulfil_prophecy (p.window, p.prophecy, NULL));
  g_assert_cmpstr (pen_table_get_ended_by (p.table), ==, p.prophecy);
  g_assert_cmpint (pen_table_get_phase (p.table), ==, PEN_PHASE_FINAL_ROUND);
  pen_test_play_end_turn (p.window);
  name_face_up (&p);

  /* the final round: one more turn each, Bob's included */
  pen_test_play_begin_turn (p.window, PEN_TURN_STUDY);
  log_state (&p, "ann last");
  place (&p, "forest", "resource", "resource-0", "Jewels");
  pen_test_play_end_turn (p.window);
  g_assert_cmpint (pen_table_get_phase (p.table), ==, PEN_PHASE_FINAL_ROUND);
  pen_test_play_begin_turn (p.window, PEN_TURN_REST);
  p.rests++;
  log_state (&p, "bob last");
  pen_test_play_end_turn (p.window);
  g_assert_cmpint (pen_table_get_phase (p.table), ==, PEN_PHASE_ENDED);

  g_test_message ("[%.1f s] ended", g_test_timer_elapsed ());
  pen_window_show_page (p.window, "table");
  screenshot (&p, NULL, "game-over");
  check_history (&p);
  g_test_message ("[%.1f s] history", g_test_timer_elapsed ());
  /* what was played: the locations, named cards, the one override */
  g_test_message ("%u locations used, %u cards named, %u contracts, %u trials, %u rests, "
                  "%u Mortal Wounds, %u overrides, %u turns",
                  g_hash_table_size (p.locations), p.named, p.contracts, p.trials, p.rests,
                  p.wounds[0] + p.wounds[1], p.overrides, pen_table_get_turn (p.table));
  g_assert_cmpuint (g_hash_table_size (p.locations), >=, 6);
  g_assert_cmpuint (p.named, >=, 4);
  g_assert_cmpuint (p.overrides, ==, 1);

  /* the end sheet: every card whose printed numbers are still unknown, across both players,
   * entered in one pass off the cards */
  {
    g_autoptr(GPtrArray) unknown = pen_box_list_unknown_numbers (p.table);
    g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func (g_free);
    g_autoptr(GPtrArray) after = NULL;
    /* Light and Darkness typed for each wizard, and what each had before */
    guint fate_typed[2][2] = { { 0, 0 }, { 0, 0 } }, fate_before[2][2];
    guint fate_asked = 0, cells_asked = 0;
    int cell_vp[PEN_MARK_CELLS];

    for (guint w = 0; w < 2; w++)
      {
        fate_before[w][0] = pen_wizard_get_light (pen_table_get_wizard (p.table, w));
        fate_before[w][1] = pen_wizard_get_dark (pen_table_get_wizard (p.table, w));
      }
    g_assert_cmpuint (unknown->len, >, 0);
    for (guint i = 0; i < unknown->len; i++)
      {
        PenCardSighting *sighting = g_ptr_array_index (unknown, i);
        const char * const *missing = (const char * const *) sighting->missing;
        g_autofree char *lacks = g_strjoinv (", ", sighting->missing);

        g_test_message ("the end sheet asks %s: %s", sighting->card, lacks);
        if (g_strv_contains (missing, "vp"))
          {
            g_ptr_array_add (entries, g_strdup (sighting->card));
            g_ptr_array_add (entries, g_strdup ("4"));
            g_hash_table_insert (p.vp, g_strdup (sighting->card), GINT_TO_POINTER (4));
          }
        /* a passed Trial's Light or Darkness (by its path), a Contract's: 2 and 1, as read
         * off the card */
        for (guint k = 0; k < 2; k++)
          if (g_strv_contains (missing, k == 0 ? "light" : "dark"))
            {
              g_ptr_array_add (entries, g_strdup_printf ("%s:%s", sighting->card,
                                                         k == 0 ? "light" : "dark"));
              g_ptr_array_add (entries, g_strdup (k == 0 ? "2" : "1"));
              fate_typed[sighting->wizard][k] += k == 0 ? 2 : 1;
              fate_asked++;
            }
        if (g_strv_contains (missing, "symbols"))
          {
            g_ptr_array_add (entries, g_strdup_printf ("%s:wizards", sighting->card));
            g_ptr_array_add (entries, g_strdup ("on"));
            g_hash_table_insert (p.symbol, g_strdup (sighting->card),
                                 GINT_TO_POINTER (PEN_SYMBOL_WIZARDS + 1));
          }
      }
    /* the points printed under the cells with Marks: the rulebook prints none, so the same
     * sheet asks for each cell once, whoever has Marks there */
    for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
      {
        gboolean marked = FALSE;

        for (guint w = 0; w < 2; w++)
          marked |= pen_wizard_get_mark_in_cell (pen_table_get_wizard (p.table, w), cell) != NULL;
        cell_vp[cell] = -1;
        if (!marked || pen_board_layout_get_vp (pen_board_layout_get_default (), cell) >= 0)
          continue;
        cell_vp[cell] = (int) cell % 3 + 1;
        g_ptr_array_add (entries, g_strdup_printf ("board-cell:%u", cell));
        g_ptr_array_add (entries, g_strdup_printf ("%d", cell_vp[cell]));
        cells_asked++;
      }
    g_assert_cmpuint (cells_asked, >, 0);
    g_ptr_array_add (entries, NULL);
    pen_window_show_page (p.window, "score");
    screenshot (&p, NULL, "end-sheet");
    pen_test_play_end_sheet_entries (p.window, (const char * const *) entries->pdata);
    g_test_message ("[%.1f s] end sheet", g_test_timer_elapsed ());
    after = pen_box_list_unknown_numbers (p.table);
    g_assert_cmpuint (after->len, ==, 0);
    /* the board file remembers the cells' points: the final score asks for nothing more */
    for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
      if (cell_vp[cell] >= 0)
        g_assert_cmpint (pen_board_layout_get_vp (pen_board_layout_get_default (), cell), ==,
                         cell_vp[cell]);
    {
      GtkWidget *page = pen_test_find_first (GTK_WIDGET (p.window), PEN_TYPE_SCORE_PAGE);
      GtkWidget *to_type = pen_test_find_first (page, PEN_TYPE_SCORE_UNKNOWN);

      g_assert_nonnull (to_type);
      g_assert_false (gtk_widget_get_visible (to_type));
    }
    /* the Light and Darkness typed moved each wizard's Fate by exactly that, and the score
     * counts the wizard's */
    g_test_message ("the end sheet asked %u Light or Darkness numbers", fate_asked);
    g_assert_cmpuint (fate_asked, >, 0);
    for (guint w = 0; w < 2; w++)
      {
        PenWizard *wizard = pen_table_get_wizard (p.table, w);
        GtkWidget *page = pen_test_find_first (GTK_WIDGET (p.window), PEN_TYPE_SCORE_PAGE);
        PenScoreResult *result = g_ptr_array_index (pen_score_page_get_sheet (
                                                      PEN_SCORE_PAGE (page))->results, w);

        g_assert_cmpuint (pen_wizard_get_light (wizard), ==, fate_before[w][0] + fate_typed[w][0]);
        g_assert_cmpuint (pen_wizard_get_dark (wizard), ==, fate_before[w][1] + fate_typed[w][1]);
        g_assert_cmpuint (result->light, ==, pen_wizard_get_light (wizard));
        g_assert_cmpuint (result->dark, ==, pen_wizard_get_dark (wizard));
      }
  }

  /* the final score sheet: names, never ids; each category and the total as the rulebook
   * counts what was played */
  {
    GtkWidget *page = pen_test_find_first (GTK_WIDGET (p.window), PEN_TYPE_SCORE_PAGE);
    const PenScoreSheet *sheet = pen_score_page_get_sheet (PEN_SCORE_PAGE (page));
    g_autoptr(GPtrArray) cards = g_ptr_array_new ();

    g_assert_true (gtk_widget_get_mapped (page));
    g_assert_nonnull (sheet);
    g_assert_cmpuint (sheet->results->len, ==, 2);
    /* the game is over: no hint of what one more symbol would add (play finding R11) */
    g_assert_false (pen_test_has_label (page, _("Hints")));
    screenshot (&p, NULL, "score");
    pen_test_collect (page, PEN_TYPE_SCORE_RANK_CARD, cards);
    g_assert_cmpuint (cards->len, ==, 2);
    for (guint w = 0; w < 2; w++)
      {
        PenScoreResult *result = g_ptr_array_index (sheet->results, w);
        int points[PEN_N_SCORE_CATEGORIES];
        int total = expected_score (&p, w, board, points);
        g_autofree char *shown = g_strdup_printf ("%d", total);
        gboolean card_shown = FALSE;

        g_assert_cmpstr (result->display_name, ==, answers.names[w]);
        for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
          {
            g_test_message ("%s: %s %d", answers.names[w], pen_score_category_to_string (c),
                            result->points[c]);
            g_assert_cmpint (result->points[c], ==, points[c]);
          }
        g_assert_cmpint (result->total, ==, total);
        /* and on the page: the player's card reads the name and the total */
        for (guint i = 0; i < cards->len; i++)
          card_shown |= pen_test_has_label (g_ptr_array_index (cards, i), answers.names[w])
                        && pen_test_has_label (g_ptr_array_index (cards, i), shown);
        g_assert_true (card_shown);
      }
  }

  g_hash_table_unref (p.locations);
  g_hash_table_unref (p.vp);
  g_hash_table_unref (p.symbol);
  g_free (p.prophecy);
  g_free (p.task_contract);
  pen_test_play_set_dialog_func (NULL, NULL);
  g_hash_table_unref (p.shot);
  gtk_window_destroy (GTK_WINDOW (p.window));
  pen_test_play_settle ();
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *tmp = g_dir_make_tmp ("penumbra-whole-2p-XXXXXX", NULL);
  int ret;

  /* never touch the user's saves, settings or catalogue answers */
  g_setenv ("XDG_DATA_HOME", tmp, TRUE);
  g_setenv ("XDG_CONFIG_HOME", tmp, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  pen_turn_set_card_language ("en");
  g_test_add_func ("/penumbra/ui/whole-2p/game", test_whole_2p);
  ret = g_test_run ();
  pen_test_remove_tree (tmp);
  return ret;
}
