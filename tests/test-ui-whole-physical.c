/* test-ui-whole-physical.c: a whole 3-player game in physical mode ("the table shuffles", the
 * Fate deck built by the rules, the first-game deck off), played through the app's widgets
 * from the set-up assistant to the final score sheet, at 360×720. The app never rolls: every
 * face is entered as the table rolled it, into pickers that start empty; every card picker
 * offers only cards still possible, nothing preselected.
 *
 * With PEN_SCREENSHOT_DIR set, a few steps are also drawn at 1280×800 and 360×720, as
 * DIR/whole-physical-NAME-desktop.png and -phone.png.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "game-test-common.h"
#include "pen-application.h"
#include "pen-begin-trial-dialog.h"
#include "pen-board-layout.h"
#include "pen-box.h"
#include "pen-card-row.h"
#include "pen-card-name-dialog.h"
#include "pen-catalog.h"
#include "pen-end-sheet.h"
#include "pen-faces-dialog.h"
#include "pen-history-row.h"
#include "pen-in-play-row.h"
#include "pen-override-dialog.h"
#include "pen-place-dialog.h"
#include "pen-preferences-window.h"
#include "pen-rule.h"
#include "pen-score-page.h"
#include "pen-setup-assistant.h"
#include "pen-setup-row.h"
#include "pen-start-page.h"
#include "pen-table-page.h"
#include "pen-threat-page.h"
#include "pen-turn-controls.h"
#include "pen-turn.h"
#include "pen-unnamed-cards.h"
#include "pen-window.h"
#include "pen-wizard-board.h"
#include "pen-test-gtk-utils.h"
#include "pen-test-play.h"

#define N_PLAYERS 3
#define SEED "4242"

static const char * const names[N_PLAYERS] = { "Ann", "Bob", "Cy" };

/* The die face under each cell of the group's boards: 8 Discipline cells, 3 Spark cells */
static const guint cell_values[] = { 1, 2, 3, 4, 5, 6, 2, 4, 3, 5, 6 };

/* The starting dice the table rolled, per wizard in set-up order (no 1 for Ann: her Ruby Mark
 * under a 1 is what her Trial's Threat will find) */
/* the starting Ingredients read off each Talent (the book prints none) */
static const guint start_ingredients[N_PLAYERS][PEN_N_INGREDIENTS] = {
  { [PEN_INGREDIENT_FRUIT] = 2 }, { [PEN_INGREDIENT_ARCANA] = 1 }, { [PEN_INGREDIENT_JEWEL] = 1 },
};
static const guint start_faces[N_PLAYERS][4] = { { 2, 3, 4, 5 }, { 2, 4, 6, 3 },
                                                 { 3, 5, 2, 6 } };

/* What the test knows of the game from what it played, to check the app against */
typedef struct
{
  PenWindow *window;
  PenGame   *game;
  PenTable  *table;
  GPtrArray *gone;                     /* card ids out of the game */
  guint      wounds[N_PLAYERS];        /* Mortal Wounds dealt */
  guint      faces_asked;              /* dice whose faces the table entered */
  guint      named;                    /* cards named through "Another card: name it" */
  guint      overrides;
  guint      turns;
  char      *cy_start_card;            /* Cy's starting Discipline card, unnamed */
} Play;

/* ---- finding and tapping widgets ---- */

/* Prints the shown widgets under w, to see what a step offers */
static void
dump (GtkWidget *w,
      int        depth)
{
  const char *text = NULL;

  if (!gtk_widget_get_visible (w))
    return;
  if (GTK_IS_LABEL (w))
    text = gtk_label_get_text (GTK_LABEL (w));
  else if (ADW_IS_PREFERENCES_ROW (w))
    text = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w));
  else if (GTK_IS_BUTTON (w))
    text = gtk_button_get_label (GTK_BUTTON (w));
  else if (GTK_IS_EDITABLE (w))
    text = gtk_editable_get_text (GTK_EDITABLE (w));
  g_printerr ("%*s%s %s%s\n", depth, "", G_OBJECT_TYPE_NAME (w), text ? text : "",
              gtk_widget_get_sensitive (w) ? "" : " [insensitive]");
  if (GTK_IS_DROP_DOWN (w) || ADW_IS_COMBO_ROW (w))
    {
      GListModel *m = GTK_IS_DROP_DOWN (w) ? gtk_drop_down_get_model (GTK_DROP_DOWN (w))
                                           : adw_combo_row_get_model (ADW_COMBO_ROW (w));
      guint sel = GTK_IS_DROP_DOWN (w) ? gtk_drop_down_get_selected (GTK_DROP_DOWN (w))
                                       : adw_combo_row_get_selected (ADW_COMBO_ROW (w));
      for (guint i = 0; m && i < g_list_model_get_n_items (m) && i < 80; i++)
        if (GTK_IS_STRING_LIST (m))
          g_printerr ("%*s  %s %s\n", depth, "", i == sel ? "*" : "-",
                      gtk_string_list_get_string (GTK_STRING_LIST (m), i));
    }
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    dump (c, depth + 1);
}

/* The text a button shows: its label, or the label inside it */
static const char *
button_text (GtkWidget *button)
{
  GtkWidget *label;

  if (gtk_button_get_label (GTK_BUTTON (button)) != NULL)
    return gtk_button_get_label (GTK_BUTTON (button));
  label = pen_test_find_first (button, GTK_TYPE_LABEL);
  return label != NULL ? gtk_label_get_label (GTK_LABEL (label)) : NULL;
}

/* The first button under root, shown, that reads text */
static GtkWidget *
find_shown_button (GtkWidget  *root,
                   const char *text)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();

  pen_test_collect (root, GTK_TYPE_BUTTON, all);
  for (guint i = 0; i < all->len; i++)
    {
      GtkWidget *b = g_ptr_array_index (all, i);

      if (gtk_widget_is_visible (b) && g_strcmp0 (button_text (b), text) == 0)
        return b;
    }
  return NULL;
}

static void
tap (GtkWidget  *root,
     const char *text)
{
  GtkWidget *button = find_shown_button (root, text);

  if (button == NULL)
    g_error ("no button “%s” under %s", text, G_OBJECT_TYPE_NAME (root));
  if (!gtk_widget_is_sensitive (button))
    dump (root, 0);
  if (!gtk_widget_is_sensitive (button))
    g_error ("“%s” is not sensitive (%s)", text,
             gtk_widget_get_tooltip_text (button) ? gtk_widget_get_tooltip_text (button) : "");
  g_signal_emit_by_name (button, "clicked");
  pen_test_play_settle ();
}

static GtkWidget *
page (Play       *p,
      const char *name,
      GType       type)
{
  GtkWidget *found;

  AdwViewStack *stack = ADW_VIEW_STACK (pen_test_find_first (GTK_WIDGET (p->window),
                                                             ADW_TYPE_VIEW_STACK));

  /* the window brings the page it shows up to date (the others wait) */
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (stack), name) != 0)
    {
      pen_window_show_page (p->window, name);
      pen_test_play_settle ();
    }
  found = pen_test_find_first (GTK_WIDGET (p->window), type);
  g_assert_nonnull (found);
  return found;
}

static PenWizardBoard *
board_of (Play *p,
          guint w)
{
  g_autoptr(GPtrArray) boards = g_ptr_array_new ();

  page (p, "wizards", PEN_TYPE_WIZARD_BOARD);
  pen_test_collect (GTK_WIDGET (p->window), PEN_TYPE_WIZARD_BOARD, boards);
  for (guint i = 0; i < boards->len; i++)
    if (pen_wizard_board_get_wizard (g_ptr_array_index (boards, i))
        == pen_table_get_wizard (p->table, w))
      return g_ptr_array_index (boards, i);
  g_error ("no board for wizard %u", w);
  return NULL;
}

/* Where a string list offers text (a prefix when prefix), or G_MAXUINT */
static guint
offered_at (GListModel *model,
            const char *text,
            gboolean    prefix)
{
  for (guint i = 0; model != NULL && i < g_list_model_get_n_items (model); i++)
    {
      const char *s = gtk_string_list_get_string (GTK_STRING_LIST (model), i);

      if (prefix ? g_str_has_prefix (s, text) : g_strcmp0 (s, text) == 0)
        return i;
    }
  return G_MAXUINT;
}

/* ---- what a picker may offer ---- */

static void
note_ids (GListModel *list,
          GPtrArray  *out)
{
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (list, i);

      if (pen_table_card_get_card_id (tc) != NULL)
        g_ptr_array_add (out, (gpointer) pen_table_card_get_card_id (tc));
    }
}

/* Cards no deck can give now: in the rows, in play, in a play area, or out of the game */
static GPtrArray *
impossible_cards (Play *p)
{
  GPtrArray *out = g_ptr_array_new ();

  note_ids (pen_table_get_trial_row (p->table), out);
  note_ids (pen_table_get_contract_row (p->table), out);
  note_ids (pen_table_get_in_play (p->table), out);
  for (guint w = 0; w < N_PLAYERS; w++)
    note_ids (pen_wizard_get_cards (pen_table_get_wizard (p->table, w)), out);
  for (guint i = 0; i < p->gone->len; i++)
    g_ptr_array_add (out, g_ptr_array_index (p->gone, i));
  return out;
}

/* A picker's names: none of them a card no deck can give now */
static void
assert_only_possible (Play       *p,
                      GListModel *model)
{
  g_autoptr(GPtrArray) bad = impossible_cards (p);

  g_assert_nonnull (model);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      const char *s = gtk_string_list_get_string (GTK_STRING_LIST (model), i);

      for (guint k = 0; k < bad->len; k++)
        {
          const char *name = pen_turn_card_name (g_ptr_array_index (bad, k));

          /* offered as "Name" or "Name (Type)" */
          if (g_str_equal (s, name)
              || (g_str_has_prefix (s, name) && g_str_has_prefix (s + strlen (name), " (")))
            g_error ("the picker offers %s, which no deck can give now", s);
        }
    }
}

/* ---- screenshots ---- */

static void
screenshot (Play       *p,
            GtkWindow  *dialog,
            const char *name)
{
  pen_test_play_screenshot (p->window, dialog, "whole-physical", name);
}

/* ---- the table's dice ---- */

/* The faces dialog the window opened: as many pickers as faces, none prefilled */
static void
enter_faces (Play         *p,
             const guint  *faces,
             guint         n)
{
  PenFacesDialog *dialog = PEN_FACES_DIALOG (pen_test_play_find_dialog (PEN_TYPE_FACES_DIALOG));

  g_assert_nonnull (dialog);
  g_assert_cmpuint (pen_faces_dialog_get_n_dice (dialog), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (gtk_drop_down_get_selected (pen_faces_dialog_get_picker (dialog, i)), ==,
                      0);
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "done"));
  pen_test_play_faces (p->window, faces, n);
  g_assert_null (pen_test_play_find_dialog (PEN_TYPE_FACES_DIALOG));
  p->faces_asked += n;
}

/* ---- turns ---- */

static PenTurnControls *
turn_controls (Play *p)
{
  return PEN_TURN_CONTROLS (page (p, "table", PEN_TYPE_TURN_CONTROLS));
}

static void
start_turn (Play       *p,
            const char *button)
{
  guint position = pen_game_get_position (p->game);

  tap (GTK_WIDGET (turn_controls (p)), button);
  /* a Rest rolls the Bone dice: the table says what it rolled */
  g_assert_true (g_str_equal (button, "_Rest")
                 == (pen_test_play_find_dialog (PEN_TYPE_FACES_DIALOG) != NULL));
  if (pen_test_play_find_dialog (PEN_TYPE_FACES_DIALOG) != NULL)
    {
      PenFacesDialog *d = PEN_FACES_DIALOG (pen_test_play_find_dialog (PEN_TYPE_FACES_DIALOG));
      guint n = pen_faces_dialog_get_n_dice (d);
      g_autofree guint *faces = g_new (guint, n);

      for (guint i = 0; i < n; i++)
        faces[i] = 1 + (pen_table_get_turn (p->table) + i) % 6;
      enter_faces (p, faces, n);
    }
  g_assert_cmpuint (pen_game_get_position (p->game), ==, position + 1);
}

/* The visible drop-down of the turn controls' row whose title starts with title */
static GtkDropDown *
turn_drop (Play       *p,
           const char *title)
{
  g_autoptr(GPtrArray) drops = g_ptr_array_new ();

  pen_test_collect (GTK_WIDGET (turn_controls (p)), GTK_TYPE_DROP_DOWN, drops);
  for (guint i = 0; i < drops->len; i++)
    {
      GtkWidget *row = gtk_widget_get_ancestor (g_ptr_array_index (drops, i), ADW_TYPE_ACTION_ROW);

      if (gtk_widget_is_visible (g_ptr_array_index (drops, i)) && row != NULL
          && g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                               title))
        return g_ptr_array_index (drops, i);
    }
  return NULL;
}

/* Ends the turn; on a Rest or Trial turn the table names the Fate card it revealed: the first
 * offered card of the same type as prefer (a card type label), or "another card" */
static void
end_turn (Play       *p,
          const char *reveal)
{
  PenTurnControls *controls = turn_controls (p);
  PenTurnKind kind = pen_table_get_turn_kind (p->table);
  guint turn = pen_table_get_turn (p->table);
  GtkDropDown *drop = turn_drop (p, "Fate card revealed");
  GtkDropDown *contract = turn_drop (p, "New contract in the Guild");
  static const char * const kinds[] = { " (Trial)", " (Goal)", " (Prophecy)" };

  if (kind != PEN_TURN_STUDY && g_list_model_get_n_items (pen_table_get_fate_deck (p->table)))
    {
      GListModel *model;
      guint at;

      g_assert_nonnull (drop);
      model = gtk_drop_down_get_model (drop);
      /* nothing preselected, End waits for the card; only cards still possible */
      g_assert_cmpuint (gtk_drop_down_get_selected (drop), ==, GTK_INVALID_LIST_POSITION);
      g_assert_false (gtk_widget_get_sensitive (find_shown_button (GTK_WIDGET (controls),
                                                                   "_End the Turn")));
      assert_only_possible (p, model);
      at = reveal != NULL ? offered_at (model, reveal, TRUE) : G_MAXUINT;
      /* else the first Trial offered, or a Goal, or a Prophecy (an Event would need its own
       * steps) */
      for (guint t = 0; t < G_N_ELEMENTS (kinds) && at == G_MAXUINT; t++)
        for (guint i = 0; at == G_MAXUINT && i < g_list_model_get_n_items (model); i++)
          if (g_str_has_suffix (gtk_string_list_get_string (GTK_STRING_LIST (model), i),
                                kinds[t]))
            at = i;
      if (at == G_MAXUINT)
        dump (GTK_WIDGET (drop), 0);
      g_assert_cmpuint (at, !=, G_MAXUINT);
      if (g_strcmp0 (reveal, "Another card: name it") == 0)
        screenshot (p, NULL, "reveal-fate");
      gtk_drop_down_set_selected (drop, at);
      pen_test_play_settle ();
    }
  else
    g_assert_true (drop == NULL);
  /* the card refilling the Guild: nothing chosen until the table says (End the Turn waits),
   * never a card in play; the table turns up the first one offered */
  if (kind != PEN_TURN_STUDY)
    {
      GListModel *cmodel;

      g_assert_nonnull (contract);
      cmodel = gtk_drop_down_get_model (contract);
      g_assert_cmpuint (gtk_drop_down_get_selected (contract), ==, GTK_INVALID_LIST_POSITION);
      g_assert_cmpuint (offered_at (cmodel, "Unknown", FALSE), ==, G_MAXUINT);
      assert_only_possible (p, cmodel);
      if (g_list_model_get_n_items (cmodel) > 0)
        {
          g_assert_false (gtk_widget_get_sensitive (find_shown_button (GTK_WIDGET (controls),
                                                                       "_End the Turn")));
          gtk_drop_down_set_selected (contract, 0);
          pen_test_play_settle ();
        }
    }
  else
    g_assert_true (contract == NULL);
  tap (GTK_WIDGET (controls), "_End the Turn");
  g_assert_cmpuint (pen_table_get_turn (p->table), ==, turn + 1);
  p->turns++;
}

static const char *
last_label (Play *p)
{
  g_autoptr(PenAction) last = g_list_model_get_item (pen_game_get_history (p->game),
                                                     pen_game_get_position (p->game) - 1);

  return pen_action_get_label (last);
}

/* A step the rules refuse: the window says why (says: what is short, or NULL for the rule as
 * it words itself), and the table does it anyway */
static void
override_it (Play       *p,
             PenRule     rule,
             const char *says)
{
  PenOverrideDialog *dialog = PEN_OVERRIDE_DIALOG (pen_test_play_find_dialog
                                                    (PEN_TYPE_OVERRIDE_DIALOG));

  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)),
                            says != NULL ? says : pen_rule_get_label (rule)));
  g_assert_cmpint (pen_test_play_override (p->window, TRUE), ==, rule);
  g_assert_null (pen_test_play_find_dialog (PEN_TYPE_OVERRIDE_DIALOG));
  g_assert_nonnull (strstr (last_label (p), "override"));
  p->overrides++;
}

/* A step the rules refuse: the window says which rule, and the table lets it be */
static void
refused (Play    *p,
         PenRule  rule)
{
  guint position = pen_game_get_position (p->game);

  g_assert_cmpint (pen_test_play_override (p->window, FALSE), ==, rule);
  g_assert_null (pen_test_play_find_dialog (PEN_TYPE_OVERRIDE_DIALOG));
  g_assert_cmpuint (pen_game_get_position (p->game), ==, position);
}

/* ---- locations ---- */

/* "Place in a location" on a die of the board: the dialog offers where it may go now; the
 * section's questions start unanswered */
static PenPlaceDialog *
open_place (Play *p,
            guint w,
            guint die)
{
  PenWizardBoard *board = board_of (p, w);
  PenPlaceDialog *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (board), "board.die", "(sui)", "place",
                                             die, 0));
  pen_test_play_settle ();
  dialog = PEN_PLACE_DIALOG (pen_test_play_find_dialog (PEN_TYPE_PLACE_DIALOG));
  g_assert_nonnull (dialog);
  return dialog;
}

static void
choose_section (PenPlaceDialog *dialog,
                const char     *section)
{
  const char * const *sections = pen_place_dialog_get_sections (dialog);
  int at = -1;

  for (guint i = 0; sections[i] != NULL; i++)
    if (g_str_equal (sections[i], section))
      at = i;
  if (at < 0)
    g_error ("the die may not go to %s", section);
  gtk_check_button_set_active (pen_place_dialog_get_section_button (dialog, at), TRUE);
  pen_test_play_settle ();
}

/* Answers a question of the chosen section: it starts unanswered */
static void
answer (PenPlaceDialog *dialog,
        const char     *key,
        guint           choice)
{
  GtkDropDown *picker = pen_place_dialog_get_picker (dialog, key);

  if (picker == NULL)
    g_error ("the place dialog does not ask %s", key);
  g_assert_cmpuint (gtk_drop_down_get_selected (picker), ==, 0);
  gtk_drop_down_set_selected (picker, choice);
  pen_test_play_settle ();
}

/* How many Resource die N gave, when its kind was said (the faces not typed in): 1 */
static void
answer_count (PenPlaceDialog *dialog,
              guint           die)
{
  g_autofree char *key = g_strdup_printf ("count-resource-%u", die);

  if (pen_place_dialog_get_picker (dialog, key) != NULL)
    answer (dialog, key, 1);
}

/* ---- cards the catalogue cannot name ---- */

/* "Name It…" on the Table page's first card to name: the name is typed (the catalogue does not
 * hold it), the numbers as printed; fields: key, value pairs */
static void
name_card (Play               *p,
           const char         *name,
           const char * const *fields,
           const char         *symbol)
{
  PenUnnamedCards *unnamed = PEN_UNNAMED_CARDS (page (p, "table", PEN_TYPE_UNNAMED_CARDS));
  guint n = pen_unnamed_cards_get_n_cards (unnamed);
  PenCardNameDialog *dialog;
  GtkDropDown *picker;
  GListModel *model;

  g_assert_cmpuint (n, >=, 1);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (unnamed)));
  dialog = PEN_CARD_NAME_DIALOG (pen_unnamed_cards_name (unnamed, 0));
  g_assert_nonnull (dialog);
  picker = pen_card_name_dialog_get_name_picker (dialog);
  model = gtk_drop_down_get_model (picker);
  /* nothing chosen yet; only names the card may still have */
  g_assert_cmpuint (gtk_drop_down_get_selected (picker), ==, 0);
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "name"));
  assert_only_possible (p, model);
  gtk_drop_down_set_selected (picker, offered_at (model, "Another card: name it", FALSE));
  pen_test_play_settle ();
  gtk_editable_set_text (pen_card_name_dialog_get_name_entry (dialog), name);
  for (guint i = 0; fields != NULL && fields[i] != NULL; i += 2)
    {
      GtkEditable *field = pen_card_name_dialog_get_field (dialog, fields[i]);

      g_assert_nonnull (field);
      g_assert_cmpstr (gtk_editable_get_text (field), ==, "");
      gtk_editable_set_text (field, fields[i + 1]);
    }
  if (symbol != NULL)
    gtk_toggle_button_set_active (pen_card_name_dialog_get_symbol (dialog, symbol), TRUE);
  pen_test_play_settle ();
  if (p->named == 0)
    screenshot (p, GTK_WINDOW (dialog), "name-card");
  tap (GTK_WIDGET (dialog), "_Name It");
  g_assert_cmpuint (pen_unnamed_cards_get_n_cards (unnamed), ==, n - 1);
  p->named++;
}

/* ---- Trials and Threat ---- */

/* The button under root bound to action (and target, when not NULL) */
static GtkWidget *
find_action_button (GtkWidget  *root,
                    const char *action,
                    GVariant   *target)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  g_autoptr(GVariant) sunk = target != NULL ? g_variant_ref_sink (target) : NULL;

  pen_test_collect (root, GTK_TYPE_BUTTON, all);
  for (guint i = 0; i < all->len; i++)
    {
      GtkActionable *b = g_ptr_array_index (all, i);
      GVariant *t = gtk_actionable_get_action_target_value (b);

      if (gtk_widget_is_visible (GTK_WIDGET (b))
          && g_strcmp0 (gtk_actionable_get_action_name (b), action) == 0
          && (sunk == NULL || (t != NULL && g_variant_equal (t, sunk))))
        return GTK_WIDGET (b);
    }
  return NULL;
}

static void
tap_action (GtkWidget  *root,
            const char *action,
            GVariant   *target)
{
  GtkWidget *button = find_action_button (root, action, target);

  if (button == NULL)
    g_error ("no button for %s under %s", action, G_OBJECT_TYPE_NAME (root));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  pen_test_play_settle ();
}

/* "Begin this Trial…" on the card at index of the row, with no Properties */
static void
begin_trial (Play       *p,
             guint       index,
             const char *card)
{
  g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_trial_row (p->table), index);

  g_assert_cmpstr (pen_table_card_get_card_id (tc), ==, card);
  pen_test_play_begin_trial (p->window, index, 0, 0);
}

/* "Face its Threat…" on the trial in progress: the Threat page, n Threat dice (the book does
 * not print the card's Threat: the table counts the dice on it) */
static void
face_threat (Play *p,
             guint threat)
{
  GtkWidget *table = page (p, "table", PEN_TYPE_TABLE_PAGE);
  GtkWidget *panel = pen_test_find_named (table, "trial-panel");
  PenThreatPage *threat_page;

  g_assert_nonnull (panel);
  g_assert_true (gtk_widget_is_visible (panel));
  tap (panel, "Face its _Threat…");
  /* the app asks the Threat printed on the card, the first time it matters */
  {
    g_autofree char *printed = g_strdup_printf ("%u", threat);

    g_assert_true (pen_test_play_printed ("threat", printed, NULL));
    pen_test_play_settle ();
  }
  threat_page = PEN_THREAT_PAGE (pen_test_find_first (GTK_WIDGET (p->window),
                                                      PEN_TYPE_THREAT_PAGE));
  /* physical play: the app offers no roll of its own */
  g_assert_null (find_shown_button (GTK_WIDGET (threat_page), "_Roll for Me"));
  tap (GTK_WIDGET (threat_page), "The _Table Rolls");
  g_assert_null (pen_threat_page_get_summary (threat_page));
}

/* The faces the table rolled, tapped on the page's face buttons */
static void
threat_faces (Play        *p,
              const guint *faces,
              guint        n)
{
  GtkWidget *threat_page = pen_test_find_first (GTK_WIDGET (p->window), PEN_TYPE_THREAT_PAGE);

  for (guint i = 0; i < n; i++)
    {
      g_assert_null (pen_threat_page_get_summary (PEN_THREAT_PAGE (threat_page)));
      tap_action (threat_page, "threat.face", g_variant_new_int32 (faces[i]));
    }
  p->faces_asked += n;
}

static void
apply_threat (Play *p)
{
  GtkWidget *threat_page = pen_test_find_first (GTK_WIDGET (p->window), PEN_TYPE_THREAT_PAGE);
  guint position = pen_game_get_position (p->game);

  tap_action (threat_page, "threat.apply", NULL);
  g_assert_cmpuint (pen_game_get_position (p->game), ==, position + 1);
}

/* ---- the set-up ---- */

/* The assistant's stack of steps: header bar, progress bar, the stack, the action bar */
static GtkStack *
step_stack (PenSetupAssistant *assistant)
{
  GtkWidget *header = gtk_widget_get_first_child (adw_window_get_content (ADW_WINDOW (assistant)));
  GtkWidget *stack = gtk_widget_get_next_sibling (gtk_widget_get_next_sibling (header));

  g_assert_true (GTK_IS_STACK (stack));
  return GTK_STACK (stack);
}

/* The widgets of a type shown on the visible step, in order */
static GPtrArray *
on_step (PenSetupAssistant *assistant,
         GType              type)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  GPtrArray *out = g_ptr_array_new ();

  pen_test_collect (gtk_stack_get_visible_child (step_stack (assistant)), type, all);
  for (guint i = 0; i < all->len; i++)
    if (gtk_widget_is_visible (g_ptr_array_index (all, i)))
      g_ptr_array_add (out, g_ptr_array_index (all, i));
  return out;
}

static AdwComboRow *
combo_titled (GPtrArray  *combos,
              const char *title,
              guint       nth)
{
  for (guint i = 0; i < combos->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (combos, i)), title) == 0
        && nth-- == 0)
      return g_ptr_array_index (combos, i);
  g_error ("no picker “%s”", title);
  return NULL;
}

static const char *
combo_text (AdwComboRow *combo)
{
  GListModel *model = adw_combo_row_get_model (combo);
  guint sel = adw_combo_row_get_selected (combo);

  return sel < g_list_model_get_n_items (model)
         ? gtk_string_list_get_string (GTK_STRING_LIST (model), sel) : NULL;
}

/* Picks text in a set-up picker; the other pickers of the list then no longer offer it */
static void
pick (GPtrArray  *combos,
      const char *title,
      guint       nth,
      const char *text)
{
  AdwComboRow *combo = combo_titled (combos, title, nth);
  guint at = offered_at (adw_combo_row_get_model (combo), text, FALSE);

  if (at == G_MAXUINT)
    g_error ("“%s” does not offer %s", title, text);
  adw_combo_row_set_selected (combo, at);
  pen_test_play_settle ();
  /* "another card": one the catalogue cannot name; the naming dialog asks it at once (play
   * finding R3), put off here with "Later": shown by its number until it is named */
  if (g_str_equal (text, "Another card: name it"))
    {
      GtkWindow *dialog = pen_test_play_find_dialog (PEN_TYPE_CARD_NAME_DIALOG);

      g_assert_nonnull (dialog);
      pen_test_play_respond (ADW_MESSAGE_DIALOG (dialog), "cancel");
      pen_test_play_settle ();
      g_assert_null (pen_test_play_find_dialog (PEN_TYPE_CARD_NAME_DIALOG));
      g_assert_true (g_regex_match_simple ("^Contract [0-9]+ of 36$", combo_text (combo), 0,
                                           0));
    }
  else
    g_assert_cmpstr (combo_text (combo), ==, text);
}

/* The group types in the values printed on its Wizard boards (Preferences → Wizard Board), as
 * the Threat page asks: a Threat roll needs them; the rulebook prints none */
static void
enter_board_values (Play *p)
{
  PenBoardLayout *layout = pen_board_layout_get_default ();

  for (guint i = 0; i < G_N_ELEMENTS (cell_values); i++)
    g_assert_cmpint (pen_board_layout_get_value (layout, i), <, 1);
  pen_test_play_board_values (p->window, cell_values, G_N_ELEMENTS (cell_values));
  for (guint i = 0; i < G_N_ELEMENTS (cell_values); i++)
    g_assert_cmpint (pen_board_layout_get_value (layout, i), ==, cell_values[i]);
}

static gboolean
holds_card (Play       *p,
            guint       w,
            const char *id,
            const char *zone)
{
  GListModel *cards = pen_wizard_get_cards (pen_table_get_wizard (p->table, w));

  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);

      if (g_strcmp0 (pen_table_card_get_card_id (tc), id) == 0
          && (zone == NULL || g_strcmp0 (pen_table_card_get_zone (tc), zone) == 0))
        return TRUE;
    }
  return FALSE;
}

static void
setup_game (Play *p)
{
  GtkWidget *start;
  PenSetupAssistant *assistant;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (p->window), "win.new-game", NULL));
  pen_test_play_settle ();
  start = pen_test_find_first (GTK_WIDGET (p->window), PEN_TYPE_START_PAGE);
  g_assert_nonnull (start);
  {
    g_autoptr(GPtrArray) entries = g_ptr_array_new ();
    g_autoptr(GPtrArray) switches = g_ptr_array_new ();

    gtk_spin_button_set_value (GTK_SPIN_BUTTON (pen_test_find_first (start,
                                                                     GTK_TYPE_SPIN_BUTTON)),
                               N_PLAYERS);
    pen_test_collect (start, ADW_TYPE_ENTRY_ROW, entries);
    for (guint i = 0; i < N_PLAYERS; i++)
      gtk_editable_set_text (GTK_EDITABLE (g_ptr_array_index (entries, i)), names[i]);
    pen_test_collect (start, GTK_TYPE_SWITCH, switches);
    g_assert_cmpuint (switches->len, ==, 2);
    gtk_switch_set_active (g_ptr_array_index (switches, 0), TRUE);    /* the table shuffles */
    gtk_switch_set_active (g_ptr_array_index (switches, 1), FALSE);   /* deck by the rules */
  }
  tap (start, "_Start the Game");
  assistant = PEN_SETUP_ASSISTANT (pen_test_play_find_dialog (PEN_TYPE_SETUP_ASSISTANT));
  g_assert_nonnull (assistant);

  /* 1. players and seed: what the start page said */
  {
    g_autoptr(GPtrArray) switches = on_step (assistant, GTK_TYPE_SWITCH);

    g_assert_cmpuint (switches->len, ==, 2);
    g_assert_true (gtk_switch_get_active (g_ptr_array_index (switches, 0)));
    g_assert_false (gtk_switch_get_active (g_ptr_array_index (switches, 1)));
    g_assert_true (pen_test_has_label (gtk_stack_get_visible_child (step_stack (assistant)),
                                       "3 players, in the order typed on the start page."));
    /* the seed another group shared, so the Classes added at random are known */
    gtk_editable_set_text (GTK_EDITABLE (pen_test_find_first (gtk_stack_get_visible_child
                                                                (step_stack (assistant)),
                                                              ADW_TYPE_ENTRY_ROW)), SEED);
  }
  tap (GTK_WIDGET (assistant), "_Next");

  /* 2. Talents: two kept Talents the book names and one it does not; no discipline chosen
   * until the table says */
  {
    g_autoptr(GPtrArray) combos = on_step (assistant, ADW_TYPE_COMBO_ROW);
    static const char * const talents[] = { "Druid", "Pariah", "Another Talent" };
    static const char * const disciplines[] = { "Ruby", "Jasper", "Emerald" };

    for (guint i = 0; i < N_PLAYERS; i++)
      {
        AdwComboRow *discipline = combo_titled (combos, "Starting Discipline", i);

        g_assert_cmpstr (combo_text (discipline), ==, "Choose…");
        pick (combos, "Kept Talent", i, talents[i]);
        pick (combos, "Starting Discipline", i, disciplines[i]);
      }
  }
  tap (GTK_WIDGET (assistant), "_Next");

  /* 3. the common area: the row of Trials and the Guild as the table turned them up */
  {
    g_autoptr(GPtrArray) combos = on_step (assistant, ADW_TYPE_COMBO_ROW);

    for (guint i = 0; i < 3; i++)
      g_assert_cmpstr (combo_text (combo_titled (combos, i == 0 ? "Trial 1" : i == 1
                                                 ? "Trial 2" : "Trial 3", 0)), ==,
                       "Another Trial: name it later");
    pick (combos, "Trial 1", 0, "Goldeater");
    pick (combos, "Trial 2", 0, "Scrollers");
    g_assert_cmpuint (offered_at (adw_combo_row_get_model (combo_titled (combos, "Trial 3", 0)),
                                  "Goldeater", FALSE), ==, G_MAXUINT);
    pick (combos, "Trial 3", 0, "Out-of-Tune Clock");
    /* a contract the catalogue cannot name, and three it does */
    pick (combos, "Cell 1 from the left", 0, "Another card: name it");
    pick (combos, "Cell 2 from the left", 0, "Lost Hut");
    pick (combos, "Cell 3 from the left", 0, "Sorcerous Prison");
    g_assert_cmpuint (offered_at (adw_combo_row_get_model (combo_titled (combos,
                                                                         "Cell 4 from the left",
                                                                         0)),
                                  "Lost Hut", FALSE), ==, G_MAXUINT);
    pick (combos, "Cell 4 from the left", 0, "Scarlet Pact");
    /* the Class the table drew at random: nothing chosen for it, Next waits (Q2); named as
     * the seed's, so the game is the one the shared seed deals */
    g_assert_cmpstr (combo_text (combo_titled (combos, pen_setup_draft_get_n_class_draws (
                                                 pen_setup_assistant_get_draft (assistant)) == 1
                                               ? "Random Class" : "Random Class No. 1", 0)), ==,
                     "Not drawn yet");
    g_assert_false (gtk_widget_get_sensitive (
                      pen_test_play_find_labelled (GTK_WIDGET (assistant), "_Next")));
    pen_test_play_name_class_draws (assistant);
  }
  tap (GTK_WIDGET (assistant), "_Next");
  /* 4. the Fate deck, built by the rules: the app knows only its size */
  g_assert_true (pen_test_has_label (gtk_stack_get_visible_child (step_stack (assistant)),
                                     "Build the deck by the rules, face down:"));
  tap (GTK_WIDGET (assistant), "_Next");

  /* 5. the pieces: the table rolls every starting die, nothing is prefilled, and the game
   * cannot start before every face is in */
  {
    g_autoptr(GPtrArray) rows = on_step (assistant, PEN_TYPE_SETUP_ROW);
    GtkWidget *go = find_shown_button (GTK_WIDGET (assistant), "_Start the Game");
    guint dice = 0, ingredients = 0, cards = 0;

    screenshot (p, GTK_WINDOW (assistant), "setup-dice");
    for (guint i = 0; i < rows->len; i++)
      {
        PenSetupItem *item = pen_setup_row_get_item (g_ptr_array_index (rows, i));
        guint who = pen_setup_item_get_wizard (item);
        GtkWidget *spin = pen_test_find_first (g_ptr_array_index (rows, i),
                                               GTK_TYPE_SPIN_BUTTON);

        switch ((int) pen_setup_item_get_kind (item))
          {
          case PEN_SETUP_ITEM_DIE:
            g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, 0);
            g_assert_false (gtk_widget_get_sensitive (go));
            gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), start_faces[dice / 4][dice % 4]);
            dice++;
            p->faces_asked++;
            break;
          case PEN_SETUP_ITEM_INGREDIENT:
            /* nothing prefilled; the Talents' Ingredients as the table reads them */
            g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, 0);
            gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin),
                                       start_ingredients[who][pen_setup_item_get_index (item)]);
            ingredients++;
            break;
          case PEN_SETUP_ITEM_START_CARD:
            {
              GtkDropDown *drop = GTK_DROP_DOWN (pen_test_find_first (g_ptr_array_index (rows,
                                                                                         i),
                                                                      GTK_TYPE_DROP_DOWN));
              GListModel *model = gtk_drop_down_get_model (drop);
              const char *shown = gtk_string_list_get_string (
                GTK_STRING_LIST (model), gtk_drop_down_get_selected (drop));

              /* the Druid's card is the catalogue's; the others not named until the table
               * says: Bob's is Scarlet Downpour, Cy's stays unnamed for the end sheet */
              g_assert_cmpstr (shown, ==, who == 0 ? "Unity with Nature" : "Not named");
              if (who == 1)
                for (guint k = 0; k < g_list_model_get_n_items (model); k++)
                  if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), k),
                                 "Scarlet Downpour") == 0)
                    gtk_drop_down_set_selected (drop, k);
              cards++;
            }
            break;
          default:
            break;
          }
      }
    g_assert_cmpuint (dice, ==, N_PLAYERS * 4);
    /* none of the three Talents' Ingredients is known yet: asked for each */
    g_assert_cmpuint (ingredients, ==, N_PLAYERS * PEN_N_INGREDIENTS);
    g_assert_cmpuint (cards, ==, N_PLAYERS);
    g_assert_true (gtk_widget_get_sensitive (go));
  }
  g_object_ref (assistant);
  tap (GTK_WIDGET (assistant), "_Start the Game");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (assistant)));
  g_object_unref (assistant);

  p->game = pen_window_get_game (p->window);
  g_assert_nonnull (p->game);
  p->table = pen_game_get_table (p->game);
  g_assert_cmpuint (pen_table_get_seed (p->table), ==, g_ascii_strtoull (SEED, NULL, 10));
  g_assert_true (pen_table_get_physical (p->table));
  g_assert_true (pen_table_get_table_rolls (p->table));
  g_assert_cmpuint (pen_table_get_n_players (p->table), ==, N_PLAYERS);
  for (guint w = 0; w < N_PLAYERS; w++)
    {
      PenWizard *wizard = pen_table_get_wizard (p->table, w);

      g_assert_cmpstr (pen_wizard_get_name (wizard), ==, names[w]);
      for (guint d = 0; d < 4; d++)
        g_assert_cmpuint (pen_die_get_value (pen_wizard_get_die (wizard, d)), ==,
                          start_faces[w][d]);
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        g_assert_cmpuint (pen_wizard_get_ingredient (wizard, k), ==, start_ingredients[w][k]);
    }
  /* S12: the starting cards the table said; Cy's unnamed one, for the end sheet to name */
  g_assert_true (holds_card (p, 0, "unity-with-nature", "grimoire"));
  g_assert_true (holds_card (p, 1, "scarlet-downpour", "grimoire"));
  {
    GListModel *cards = pen_wizard_get_cards (pen_table_get_wizard (p->table, 2));

    p->cy_start_card = NULL;
    for (guint c = 0; c < g_list_model_get_n_items (cards); c++)
      {
        g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, c);

        if (g_str_has_prefix (pen_table_card_get_card_id (tc), "discipline#"))
          p->cy_start_card = g_strdup (pen_table_card_get_card_id (tc));
      }
    g_assert_nonnull (p->cy_start_card);
  }
  /* the Druid's and the Pariah's Ingredients are remembered: a later game does not ask */
  {
    guint counts[PEN_N_INGREDIENTS];

    g_assert_true (pen_card_get_start_ingredients (pen_catalog_lookup (pen_catalog_get_default (),
                                                                       "pariah"), counts));
    g_assert_cmpuint (counts[PEN_INGREDIENT_ARCANA], ==,
                      start_ingredients[1][PEN_INGREDIENT_ARCANA]);
  }
  /* the deck built by the rules: 18 cards the app cannot name yet */
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_fate_deck (p->table)), ==, 18);
  for (guint i = 0; i < 18; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_fate_deck (p->table), i);

      g_assert_null (pen_table_card_get_card_id (tc));
    }
  {
    g_autofree char *row = card_ids (pen_table_get_trial_row (p->table));

    g_assert_cmpstr (row, ==, "goldeater,scrollers,out-of-tune-clock");
  }
}

static guint
n_dice (Play *p,
        guint w)
{
  return g_list_model_get_n_items (pen_wizard_get_supply (pen_table_get_wizard (p->table, w)));
}

/* The card a Guild cell holds, or NULL */
static char *
guild_card (Play *p,
            guint slot)
{
  g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_contract_row (p->table),
                                                      slot);

  return g_strdup (pen_table_card_get_card_id (tc));
}

/* A Study turn with one placement in the Forest, when the wizard has a die */
static void
study_forest (Play *p,
              guint w)
{
  start_turn (p, "_Study");
  if (n_dice (p, w) > 0)
    {
      PenPlaceDialog *place = open_place (p, w, 0);
      guint position = pen_game_get_position (p->game);

      choose_section (place, "forest/resource");
      answer (place, "resource-0", 3);
      answer_count (place, 0);
      /* a Green die in the Wilds: one more Resource die */
      if (pen_place_dialog_get_picker (place, "resource-1") != NULL)
        {
          answer (place, "resource-1", 2);
          answer_count (place, 1);
        }
      tap (GTK_WIDGET (place), "_Place");
      g_assert_cmpuint (pen_game_get_position (p->game), ==, position + 1);
    }
  end_turn (p, NULL);
}

static void
play_game (Play *p)
{
  PenPlaceDialog *place;
  guint position, dice;

  /* ---- round 1: a Study turn has one placement ---- */

  /* Ann studies at her Class: the Class die, its face as the table rolled it */
  start_turn (p, "_Study");
  dice = n_dice (p, 0);
  place = open_place (p, 0, 0);
  choose_section (place, "ruby-class/die");
  answer (place, "value", 5);
  position = pen_game_get_position (p->game);
  tap (GTK_WIDGET (place), "_Place");
  g_assert_cmpuint (pen_game_get_position (p->game), ==, position + 1);
  g_assert_nonnull (strstr (last_label (p), "Ruby Class"));
  g_assert_cmpuint (n_dice (p, 0), ==, dice);    /* one placed, one gained */
  g_assert_cmpuint (pen_die_get_value (pen_wizard_get_die (pen_table_get_wizard (p->table, 0),
                                                           dice - 1)), ==, 5);
  p->faces_asked++;
  end_turn (p, NULL);

  /* Bob at the Guild: the placement fulfils Lost Hut in the same step */
  start_turn (p, "_Study");
  {
    g_autofree char *lost_hut = guild_card (p, 1);
    GListModel *slots;

    g_assert_cmpstr (lost_hut, ==, "lost-hut");
    place = open_place (p, 1, 0);
    choose_section (place, "guild/contract");
    slots = gtk_drop_down_get_model (pen_place_dialog_get_picker (place, "slot"));
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (slots), 0), ==,
                     "No Contract now");
    answer (place, "slot", offered_at (slots, "Lost Hut", FALSE));
    /* the emptied cell is refilled at once: the table says which card it turned up, and
     * Place waits for it */
    {
      GListModel *reveals = NULL;
      g_autofree char *first = NULL, *named = NULL;
      guint n;

      g_assert_nonnull (pen_place_dialog_get_picker (place, "reveal"));
      reveals = gtk_drop_down_get_model (pen_place_dialog_get_picker (place, "reveal"));
      n = g_list_model_get_n_items (reveals);

      g_assert_cmpuint (n, >=, 3);
      g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (reveals), n - 1), ==,
                       "Another Contract: name it later");
      g_assert_cmpuint (offered_at (reveals, "Lost Hut", FALSE), ==, G_MAXUINT);
      g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (place),
                                                               "place"));
      answer (place, "reveal", 1);
      named = g_strdup (gtk_string_list_get_string (GTK_STRING_LIST (reveals), 1));
      tap (GTK_WIDGET (place), "_Place");
      g_assert_true (holds_card (p, 1, "lost-hut", "experience"));
      g_assert_nonnull (strstr (last_label (p), "Guild"));
      first = guild_card (p, 0);
      g_assert_cmpstr (pen_turn_card_name (first), ==, named);
    }
  }
  /* a second placement in the first round: refused by the rule, done anyway */
  position = pen_game_get_position (p->game);
  place = open_place (p, 1, 0);
  choose_section (place, "forest/resource");
  /* the Resource die's face is not printed in the book: the table says what it gave */
  answer (place, "resource-0", 1);
  answer_count (place, 0);
  dice = n_dice (p, 1);
  tap (GTK_WIDGET (place), "_Place");
  g_assert_cmpuint (pen_game_get_position (p->game), ==, position);
  /* what is short, with the number: the first round's one placement */
  override_it (p, PEN_RULE_PLACEMENTS_PER_TURN, "made the one placement of the first round");
  g_assert_cmpuint (pen_game_get_position (p->game), ==, position + 1);
  g_assert_cmpuint (n_dice (p, 1), ==, dice - 1);
  g_assert_nonnull (strstr (last_label (p), "Forest"));
  end_turn (p, NULL);

  /* Cy at the Ruins: 2 Blood, and the Threat die the table rolls */
  start_turn (p, "_Study");
  {
    guint blood = pen_wizard_get_ingredient (pen_table_get_wizard (p->table, 2),
                                             PEN_INGREDIENT_BLOOD);

    place = open_place (p, 2, 0);
    choose_section (place, "ruins/blood");
    screenshot (p, GTK_WINDOW (place), "place-ruins");
    answer (place, "threat", 4);
    tap (GTK_WIDGET (place), "_Place");
    p->faces_asked++;
    g_assert_cmpuint (pen_wizard_get_ingredient (pen_table_get_wizard (p->table, 2),
                                                 PEN_INGREDIENT_BLOOD), ==, blood + 2);
    g_assert_nonnull (strstr (last_label (p), "Ruins"));
  }
  end_turn (p, NULL);
  g_assert_cmpuint (pen_table_get_turn (p->table), ==, N_PLAYERS);

  /* ---- round 2 ---- */

  /* Ann's Trial: Goldeater, Threat 2; the table rolls 1, 1 — the first wounds her Ruby Mark
   * (the 1 under it), the second lands on that wounded Mark: a Mortal Wound */
  start_turn (p, "_Trial");
  begin_trial (p, 0, "goldeater");
  face_threat (p, 2);
  threat_faces (p, (const guint[]) { 1, 1 }, 2);
  {
    const char *summary = pen_threat_page_get_summary (PEN_THREAT_PAGE (page (p, "threat",
                                                                           PEN_TYPE_THREAT_PAGE)));

    g_assert_nonnull (summary);
    g_assert_nonnull (strstr (summary, "Mortal Wound"));
    screenshot (p, NULL, "threat-mortal-wound");
  }
  apply_threat (p);
  p->wounds[0]++;
  g_ptr_array_add (p->gone, g_strdup ("goldeater"));
  g_assert_cmpuint (pen_wizard_get_mortal_wounds (pen_table_get_wizard (p->table, 0)), ==, 1);
  g_assert_true (pen_wizard_get_must_rest (pen_table_get_wizard (p->table, 0)));
  /* the Trial card left the game, every die was discarded, the turn is over */
  g_assert_null (pen_table_get_trial (p->table));
  g_assert_false (holds_card (p, 0, "goldeater", NULL));
  {
    g_autofree char *row = card_ids (pen_table_get_trial_row (p->table));

    g_assert_null (strstr (row, "goldeater"));
  }
  g_assert_cmpuint (n_dice (p, 0), ==, 0);
  /* another Trial now is refused by the rule */
  begin_trial (p, 0, "scrollers");
  refused (p, PEN_RULE_MORTAL_WOUND_ENDS_TURN);
  /* the table turns over a Fate card the catalogue cannot name: a Trial; then it is named
   * with what is printed on it */
  end_turn (p, "Another card: name it");
  name_card (p, "Hollow Choir", (const char * const[]) { "difficulty", "2", "threat", "2",
                                                         "vp", "4", NULL }, "monsters");
  g_assert_nonnull (pen_catalog_lookup (pen_catalog_get_default (), "hollow-choir"));
  g_assert_true (pen_box_is_face_up (p->table, "hollow-choir", NULL));

  /* Bob names the Guild's unnamed contract, then rests: the Bone dice as the table rolled */
  name_card (p, "Silent Vow", (const char * const[]) { "vp", "3", NULL }, NULL);
  g_assert_true (pen_box_is_face_up (p->table, "silent-vow", NULL));
  start_turn (p, "_Rest");
  end_turn (p, NULL);

  /* Cy fulfils Silent Vow at the Guild, then buys a Spark die at the Sanctuary: undone and
   * redone */
  start_turn (p, "_Study");
  place = open_place (p, 2, 0);
  choose_section (place, "guild/contract");
  answer (place, "slot", offered_at (gtk_drop_down_get_model (pen_place_dialog_get_picker
                                                                (place, "slot")),
                                     "Silent Vow", FALSE));
  {
    /* a card not named now: an unnamed Contract takes the cell, to be named later */
    GListModel *reveals = NULL;
    g_autofree char *first = NULL;

    g_assert_nonnull (pen_place_dialog_get_picker (place, "reveal"));
    reveals = gtk_drop_down_get_model (pen_place_dialog_get_picker (place, "reveal"));
    answer (place, "reveal", g_list_model_get_n_items (reveals) - 1);
    tap (GTK_WIDGET (place), "_Place");
    first = guild_card (p, 0);
    g_assert_true (pen_card_id_is_placeholder (first));
  }
  g_assert_true (holds_card (p, 2, "silent-vow", "experience"));
  {
    g_autofree char *before = table_snapshot (p->table);
    g_autofree char *after = NULL, *undone = NULL, *redone = NULL;

    place = open_place (p, 2, 0);
    choose_section (place, "sanctuary/spark");
    answer (place, "value", 6);
    /* a Green die in the Wilds rolls a Resource die too (its Primagic): it gave Jewels */
    g_assert_cmpint (pen_die_get_color (pen_wizard_get_die (pen_table_get_wizard (p->table, 2),
                                                            0)), ==, PEN_COLOR_GREEN);
    answer (place, "resource-0", 3);
    answer_count (place, 0);
    tap (GTK_WIDGET (place), "_Place");
    p->faces_asked++;
    after = table_snapshot (p->table);
    g_assert_cmpstr (before, !=, after);
    pen_test_play_undo (p->window);
    undone = table_snapshot (p->table);
    g_assert_cmpstr (undone, ==, before);
    pen_test_play_redo (p->window);
    redone = table_snapshot (p->table);
    g_assert_cmpstr (redone, ==, after);
  }
  end_turn (p, NULL);

  /* Ann's next turn must be a Rest: Study is refused by that rule, and the table may still
   * overrule it (here it lets the refusal be) */
  {
    PenTurnControls *controls = turn_controls (p);

    g_assert_true (gtk_widget_is_sensitive (find_shown_button (GTK_WIDGET (controls),
                                                               "_Study")));
    g_assert_true (gtk_widget_is_sensitive (find_shown_button (GTK_WIDGET (controls),
                                                               "_Trial")));
    g_assert_true (pen_test_has_label (GTK_WIDGET (controls),
                                       "After a Mortal Wound, Ann’s next turn must be a Rest."));
    tap (GTK_WIDGET (controls), "_Study");
    refused (p, PEN_RULE_REST_AFTER_MORTAL_WOUND);
    g_assert_cmpint (pen_table_get_turn_kind (p->table), ==, PEN_TURN_NONE);
  }
  start_turn (p, "_Rest");
  g_assert_false (pen_wizard_get_must_rest (pen_table_get_wizard (p->table, 0)));
  end_turn (p, NULL);

  /* Bob passes Scrollers by Light after a Threat of 1 */
  start_turn (p, "_Trial");
  begin_trial (p, 0, "scrollers");
  face_threat (p, 1);
  threat_faces (p, (const guint[]) { 6 }, 1);
  apply_threat (p);
  {
    int light = pen_wizard_get_light (pen_table_get_wizard (p->table, 1));

    tap (pen_test_find_named (page (p, "table", PEN_TYPE_TABLE_PAGE), "trial-panel"),
         "Passed: _Light");
    /* the Light Scrollers brings is not printed in the book: asked now, and given */
    g_assert_true (pen_test_play_printed ("light", "2", NULL));
    pen_test_play_settle ();
    /* and the Light path's task and reward (play finding Y5), read off the card: 12 Crystals
     * to discard, more than Bob has, and 2 Arcana. The pass is refused by the rule trial-task,
     * saying what is short; the table does it anyway: nothing is taken, the reward is given,
     * and the history marks the override */
    {
      PenWizard *bob = pen_table_get_wizard (p->table, 1);
      guint arcana = pen_wizard_get_ingredient (bob, PEN_INGREDIENT_ARCANA);
      guint crystals = pen_wizard_get_ingredient (bob, PEN_INGREDIENT_CRYSTAL);

      g_assert_cmpuint (crystals, <, 12);
      g_assert_true (pen_test_play_trial_path (PEN_INGREDIENT_CRYSTAL, 12,
                                               PEN_INGREDIENT_ARCANA, 2));
      pen_test_play_settle ();
      g_assert_false (holds_card (p, 1, "scrollers", "experience"));
      override_it (p, PEN_RULE_TRIAL_TASK, "Bob cannot do the task of Scrollers");
      pen_test_play_settle ();
      g_assert_cmpuint (pen_wizard_get_ingredient (bob, PEN_INGREDIENT_CRYSTAL), ==, crystals);
      g_assert_cmpuint (pen_wizard_get_ingredient (bob, PEN_INGREDIENT_ARCANA), ==,
                        MIN (arcana + 2, PEN_INGREDIENT_CAP));
    }
    g_assert_cmpint (pen_wizard_get_light (pen_table_get_wizard (p->table, 1)), ==, light + 2);
  }
  g_assert_true (holds_card (p, 1, "scrollers", "experience"));
  end_turn (p, NULL);

  /* Cy rests */
  start_turn (p, "_Rest");
  end_turn (p, NULL);

  /* ---- the end: the table says End of Time is fulfilled before Ann chooses her turn ---- */
  g_assert_cmpint (pen_table_get_phase (p->table), ==, PEN_PHASE_PLAYING);
  g_assert_cmpuint (pen_table_get_current (p->table), ==, 0);
  {
    g_autoptr(GPtrArray) rows = g_ptr_array_new ();
    GListModel *in_play = pen_table_get_in_play (p->table);
    const char *prophecy = NULL;

    /* End of Time is the app's to see: fulfilled when the deck runs out */
    pen_test_collect (page (p, "table", PEN_TYPE_TABLE_PAGE), PEN_TYPE_IN_PLAY_ROW, rows);
    for (guint i = 0; i < rows->len; i++)
      if (g_str_equal (adw_preferences_row_get_title (g_ptr_array_index (rows, i)),
                       "Prophecy: End of Time"))
        g_assert_null (find_shown_button (g_ptr_array_index (rows, i), "Fulfilled"));
    /* the Prophecy the Fate deck brought: its condition is the table's to see */
    for (guint i = 0; i < g_list_model_get_n_items (in_play); i++)
      {
        g_autoptr(PenTableCard) tc = g_list_model_get_item (in_play, i);
        const char *id = pen_table_card_get_card_id (tc);
        PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), id);

        if (card != NULL && pen_card_get_card_type (card) == PEN_CARD_PROPHECY
            && !g_str_equal (id, "end-of-time"))
          prophecy = id;
      }
    g_assert_nonnull (prophecy);
    /* it came true on Cy's Rest, the turn just ended (play finding R18) */
    g_assert_true (pen_test_play_fulfil_prophecy (p->window, prophecy, "last"));
    g_assert_cmpint (pen_table_get_phase (p->table), ==, PEN_PHASE_FINAL_ROUND);
    g_assert_cmpstr (pen_table_get_ended_by (p->table), ==, prophecy);
    g_assert_nonnull (strstr (last_label (p), pen_turn_card_name (prophecy)));
  }
  /* the book: after the turn it came true on, everyone takes one more turn, Ann's beginning
   * one first */
  {
    guint turns[N_PLAYERS] = { 0, };
    guint first = pen_table_get_turn (p->table);

    while (pen_table_get_phase (p->table) != PEN_PHASE_ENDED)
      {
        guint w = pen_table_get_current (p->table);

        g_assert_cmpuint (pen_table_get_turn (p->table), <, first + N_PLAYERS);
        turns[w]++;
        study_forest (p, w);
      }
    g_assert_cmpuint (pen_table_get_turn (p->table), ==, first + N_PLAYERS);
    for (guint w = 0; w < N_PLAYERS; w++)
      g_assert_cmpuint (turns[w], ==, 1);
  }
  /* no turn is offered any more */
  g_assert_null (find_shown_button (GTK_WIDGET (turn_controls (p)), "_Study"));
}

/* ---- the History ---- */

/* The undo button's History list: each step read as words (no card ids, no JSON paths), the
 * current one marked once */
static void
check_history (Play *p)
{
  g_autoptr(GPtrArray) splits = g_ptr_array_new ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  static const char * const ids[] = { "lost-hut", "silent-vow", "hollow-choir", "goldeater",
                                      "out-of-tune-clock", "ruby-class", "contract#", "trial#",
                                      "$.", "[", "{", "_", NULL };
  GtkPopover *popover;
  guint current = 0, shown = 0;
  gboolean override_seen = FALSE;

  /* the labels the History shows are the steps' labels: every one of them as words */
  for (guint i = 0; i < pen_game_get_position (p->game); i++)
    {
      g_autoptr(PenAction) action = g_list_model_get_item (pen_game_get_history (p->game), i);
      const char *label = pen_action_get_label (action);

      g_assert_nonnull (label);
      g_assert_cmpstr (label, !=, "");
      for (guint k = 0; ids[k] != NULL; k++)
        if (strstr (label, ids[k]) != NULL)
          g_error ("history step %u reads “%s”", i, label);
      override_seen |= strstr (label, " — override: ") != NULL;
    }
  g_assert_true (override_seen);

  pen_test_collect (GTK_WIDGET (p->window), ADW_TYPE_SPLIT_BUTTON, splits);
  g_assert_cmpuint (splits->len, ==, 1);
  popover = GTK_POPOVER (adw_split_button_get_popover (g_ptr_array_index (splits, 0)));
  g_assert_nonnull (popover);
  gtk_popover_popup (popover);
  for (guint i = 0; i < 50 && rows->len == 0; i++)
    {
      pen_test_play_settle ();
      pen_test_collect (GTK_WIDGET (popover), PEN_TYPE_HISTORY_ROW, rows);
    }
  for (guint i = 0; i < 50 && rows->len > 0
                    && gtk_widget_get_width (g_ptr_array_index (rows, 0)) == 0; i++)
    pen_test_play_settle ();
  g_assert_cmpuint (rows->len, >, 0);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);
      g_autoptr(GPtrArray) labels = g_ptr_array_new ();

      current += pen_history_row_get_current (PEN_HISTORY_ROW (row));
      if (!gtk_widget_get_mapped (row))
        continue;
      shown++;
      /* at 360 px the row still has room for whole words */
      g_assert_cmpint (gtk_widget_get_width (row), >=, 180);
      pen_test_collect (row, GTK_TYPE_LABEL, labels);
      for (guint l = 0; l < labels->len; l++)
        {
          const char *text = gtk_label_get_text (g_ptr_array_index (labels, l));

          for (guint k = 0; ids[k] != NULL; k++)
            if (strstr (text, ids[k]) != NULL)
              g_error ("a History row reads “%s”", text);
        }
    }
  g_assert_cmpuint (shown, >, 0);
  g_assert_cmpuint (current, ==, 1);
  gtk_popover_popdown (popover);
  pen_test_play_settle ();
}

/* ---- the end sheet and the score ---- */

typedef struct
{
  guint       wizard;
  const char *card;
  const char *points;    /* typed in, or NULL when the card's points are known */
  const char *symbol;    /* the one experience symbol printed on it */
  /* its Light and Darkness, when the sheet asks them (the book does not print them): a
   * Trial's of the path it was passed by, a Contract's both; -1 when not asked */
  int         fate[2];
} EndAnswer;

/* What the table reads off the cards at the end: Bob's Lost Hut and Scrollers (passed by the
 * path of Light, whose Light the book does not print: asked when he passed it), Cy's Silent
 * Vow (named mid-game with its points only) */
static const EndAnswer end_answers[] = {
  { 1, "lost-hut", "2", "wilds", { -1, -1 } },
  { 1, "scrollers", "1", "monsters", { -1, -1 } },
  { 2, "silent-vow", NULL, "society", { 0, 1 } },
};

/* The victory points printed under each cell of the board (the rulebook prints none): the end
 * sheet asks for those under Marks */
static const int cell_points[] = { 0, 1, 0, 2, 1, 3, 0, 2, 1, 2, 3 };

/* The board cells under some wizard's Mark */
static gboolean
cell_marked (Play *p,
             guint cell)
{
  for (guint w = 0; w < N_PLAYERS; w++)
    if (pen_wizard_get_mark_in_cell (pen_table_get_wizard (p->table, w), cell) != NULL)
      return TRUE;
  return FALSE;
}

/* The rulebook's points for 1…5 identical experience symbols, and for a set of six */
static const int identical_points[] = { 0, 1, 2, 4, 6, 9 };
#define SET_OF_SIX 7
#define HEROISM_PER_TRIAL 2
#define MORTAL_WOUND_POINTS -3

static int
expected_total (Play *p,
                guint w)
{
  PenWizard *wizard = pen_table_get_wizard (p->table, w);
  guint symbols[6] = { 0, };
  static const char * const kinds[] = { "monsters", "beasts", "wilds", "mystic", "wizards",
                                        "society" };
  guint sets = G_MAXUINT;
  int total = pen_wizard_get_ingredient (wizard, PEN_INGREDIENT_ARCANA);

  total += MORTAL_WOUND_POINTS * (int) p->wounds[w];
  /* the Board: the points under the cells of the wizard's Marks, as typed on the end sheet */
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    if (pen_wizard_get_mark_in_cell (wizard, cell) != NULL)
      total += cell_points[cell];
  for (guint i = 0; i < G_N_ELEMENTS (end_answers); i++)
    {
      if (end_answers[i].wizard != w)
        continue;
      total += end_answers[i].points ? atoi (end_answers[i].points)
                                     : pen_card_get_vp (pen_catalog_lookup
                                                          (pen_catalog_get_default (),
                                                           end_answers[i].card));
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        symbols[k] += g_str_equal (kinds[k], end_answers[i].symbol);
    }
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_assert_cmpuint (symbols[k], <, G_N_ELEMENTS (identical_points));
      total += identical_points[symbols[k]];
      sets = MIN (sets, symbols[k]);
    }
  total += SET_OF_SIX * (int) sets;
  /* Heroism came up from the Fate deck: Bob passed Scrollers */
  if (w == 1)
    total += HEROISM_PER_TRIAL;
  return total;
}

static void
score_game (Play *p)
{
  GtkWidget *score = page (p, "score", PEN_TYPE_SCORE_PAGE);
  PenEndSheet *sheet = PEN_END_SHEET (pen_test_find_first (score, PEN_TYPE_END_SHEET));
  const PenScoreSheet *result;
  guint light_before[N_PLAYERS], dark_before[N_PLAYERS];
  guint light_typed[N_PLAYERS] = { 0, }, dark_typed[N_PLAYERS] = { 0, };
  guint n_cells = 0;

  /* first the sheet of every number still unknown, all players' cards at once */
  g_assert_nonnull (sheet);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (sheet)));
  /* the cells under the Marks, on the same sheet: asked once each, typed in as printed */
  G_STATIC_ASSERT (G_N_ELEMENTS (cell_points) == PEN_MARK_CELLS);
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    {
      GtkEditable *entry = pen_end_sheet_get_cell (sheet, cell);
      g_autofree char *text = g_strdup_printf ("%d", cell_points[cell]);

      g_assert_cmpint (pen_board_layout_get_vp (pen_board_layout_get_default (), cell), <, 0);
      if (!cell_marked (p, cell))
        {
          g_assert_null (entry);
          continue;
        }
      g_assert_nonnull (entry);
      g_assert_cmpstr (gtk_editable_get_text (entry), ==, "");
      gtk_editable_set_text (entry, text);
      n_cells++;
    }
  g_assert_cmpuint (n_cells, >, 0);
  /* and Cy's starting Discipline card, which the table did not name at set-up (S12): asked
   * to be named, which the table may leave (its symbols then count nothing) */
  g_assert_true (pen_end_sheet_lists_name (sheet, p->cy_start_card));
  g_assert_cmpuint (pen_end_sheet_get_n_cards (sheet), ==,
                    G_N_ELEMENTS (end_answers) + n_cells + 1);
  for (guint i = 0; i < G_N_ELEMENTS (end_answers); i++)
    {
      const EndAnswer *a = &end_answers[i];
      GtkEditable *points = pen_end_sheet_get_points (sheet, a->card);
      GtkToggleButton *symbol = pen_end_sheet_get_symbol (sheet, a->card, a->symbol);

      g_assert_true (holds_card (p, a->wizard, a->card, "experience"));
      if (a->points != NULL)
        {
          g_assert_nonnull (points);
          g_assert_cmpstr (gtk_editable_get_text (points), ==, "");
          gtk_editable_set_text (points, a->points);
        }
      else
        g_assert_null (points);
      g_assert_nonnull (symbol);
      g_assert_false (gtk_toggle_button_get_active (symbol));
      gtk_toggle_button_set_active (symbol, TRUE);
      /* Light or Darkness: asked exactly where the book does not print the path's number */
      for (guint k = 0; k < 2; k++)
        {
          const char *field = k == 0 ? "light" : "dark";
          GtkEditable *entry = pen_end_sheet_get_field (sheet, a->card, field);
          g_autofree char *text = NULL;

          if (a->fate[k] < 0)
            {
              g_assert_null (entry);
              continue;
            }
          g_assert_nonnull (entry);
          g_assert_cmpstr (gtk_editable_get_text (entry), ==, "");
          text = g_strdup_printf ("%d", a->fate[k]);
          gtk_editable_set_text (entry, text);
          *(k == 0 ? &light_typed[a->wizard] : &dark_typed[a->wizard]) += (guint) a->fate[k];
        }
    }
  for (guint w = 0; w < N_PLAYERS; w++)
    {
      light_before[w] = pen_wizard_get_light (pen_table_get_wizard (p->table, w));
      dark_before[w] = pen_wizard_get_dark (pen_table_get_wizard (p->table, w));
    }
  pen_test_play_settle ();
  screenshot (p, NULL, "end-sheet");
  g_signal_emit_by_name (pen_end_sheet_get_score_button (sheet), "clicked");
  pen_test_play_settle ();
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (sheet)));
  /* the board file remembers the cells' points, for the next games too */
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    if (cell_marked (p, cell))
      g_assert_cmpint (pen_board_layout_get_vp (pen_board_layout_get_default (), cell), ==,
                       cell_points[cell]);
  /* what was typed moved each wizard's Light and Darkness by exactly that */
  for (guint w = 0; w < N_PLAYERS; w++)
    {
      g_assert_cmpuint (pen_wizard_get_light (pen_table_get_wizard (p->table, w)), ==,
                        light_before[w] + light_typed[w]);
      g_assert_cmpuint (pen_wizard_get_dark (pen_table_get_wizard (p->table, w)), ==,
                        dark_before[w] + dark_typed[w]);
    }
  /* Bob's Light came when he passed Scrollers; Cy's Darkness off Silent Vow is typed here */
  g_assert_cmpuint (light_typed[1], ==, 0);
  g_assert_cmpuint (dark_typed[2], ==, 1);

  /* the score: every player by name, the totals as the test counts them */
  result = pen_score_page_get_sheet (PEN_SCORE_PAGE (score));
  g_assert_nonnull (result);
  g_assert_cmpuint (result->results->len, ==, N_PLAYERS);
  for (guint w = 0; w < N_PLAYERS; w++)
    {
      const PenScoreResult *r = g_ptr_array_index (result->results, w);
      g_autofree char *points = NULL, *line = NULL;
      int expected = expected_total (p, w);

      g_assert_cmpstr (r->display_name, ==, names[w]);
      g_assert_cmpint (r->total, ==, expected);
      g_assert_true (pen_test_has_label (score, names[w]));
      /* the player's heading on the sheet */
      points = g_strdup_printf ("%d points", expected);
      line = g_strdup_printf ("Place %u · %s", r->place, points);
      g_assert_true (pen_test_has_label (score, line));
      g_test_message ("%s: %s", names[w], line);
    }
  screenshot (p, NULL, "score");
}

static void
test_whole_physical (void)
{
  g_autoptr(PenApplication) app = pen_application_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) gone = g_ptr_array_new_with_free_func (g_free);
  Play play = { NULL, };
  Play *p = &play;

  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  p->gone = gone;
  p->window = pen_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (p->window), 360, 720);
  gtk_window_present (GTK_WINDOW (p->window));
  pen_test_play_settle ();
  enter_board_values (p);
  setup_game (p);
  play_game (p);
  score_game (p);
  check_history (p);
  g_test_message ("%u turns, %u faces entered by the table, %u cards named, %u override, "
                  "%u Mortal Wound", p->turns, p->faces_asked, p->named, p->overrides,
                  p->wounds[0] + p->wounds[1] + p->wounds[2]);
  g_assert_cmpuint (p->named, ==, 2);
  /* the first one, and Scrollers' task Bob could not do (trial-task) */
  g_assert_cmpuint (p->overrides, ==, 2);
  g_assert_cmpuint (p->turns, ==, pen_table_get_turn (p->table));

  gtk_window_destroy (GTK_WINDOW (p->window));
  pen_test_play_settle ();
  g_free (p->cy_start_card);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = g_dir_make_tmp ("penumbra-whole-phys-XXXXXX", NULL);
  int ret;

  /* the window saves the game and the board values: keep them out of the real data folder */
  g_setenv ("XDG_DATA_HOME", dir, TRUE);
  g_setenv ("XDG_CONFIG_HOME", dir, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  pen_turn_set_card_language ("en");
  g_test_add_func ("/penumbra/ui/whole/physical", test_whole_physical);
  ret = g_test_run ();
  pen_test_remove_tree (dir);
  return ret;
}
