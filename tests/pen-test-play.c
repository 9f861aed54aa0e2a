/* pen-test-play.c: one user step of a game through the window's widgets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pen-begin-trial-dialog.h"
#include "pen-card-name-dialog.h"
#include "pen-catalog.h"
#include "pen-contract-cell.h"
#include "pen-contract-popover.h"
#include "pen-end-sheet.h"
#include "pen-faces-dialog.h"
#include "pen-helper-buttons.h"
#include "pen-in-play-row.h"
#include "pen-override-dialog.h"
#include "pen-place-dialog.h"
#include "pen-preferences-window.h"
#include "pen-score-page.h"
#include "pen-setup-assistant.h"
#include "pen-setup-row.h"
#include "pen-start-page.h"
#include "pen-table-page.h"
#include "pen-test-gtk-utils.h"
#include "pen-test-play.h"
#include "pen-threat-page.h"
#include "pen-trial-panel.h"
#include "pen-trial-path-dialog.h"
#include "pen-printed-task.h"
#include "pen-turn-controls.h"
#include "pen-unnamed-cards.h"
#include "pen-wizard-board.h"
#include "pen-rival-panel.h"
#include "pen-wizards-page.h"

/* A label of the app's as the player reads it: the driver finds buttons by what they say in the
 * language the app runs in (the app's own catalogue), so the same steps play in Russian */
#define APP_TEXT(text) g_dgettext (GETTEXT_PACKAGE, (text))

static PenTestPlayCheckFunc check_func;
static gpointer             check_data;

void
pen_test_play_set_check_func (PenTestPlayCheckFunc func,
                              gpointer             data)
{
  check_func = func;
  check_data = data;
}

/* What the player is about to read or tap, for the test's own check */
static void
check (GtkWidget *widget)
{
  if (check_func != NULL && widget != NULL)
    check_func (widget, check_data);
}

/* ---- finding widgets ---------------------------------------------------------------------- */

void
pen_test_play_settle (void)
{
  for (guint i = 0; i < 4; i++)
    {
      pen_test_flush ();
      g_usleep (1000);
    }
  pen_test_flush ();
}

GtkWindow *
pen_test_play_find_dialog (GType type)
{
  GListModel *tops = gtk_window_get_toplevels ();
  GtkWindow *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (tops, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_get_visible (GTK_WIDGET (w)))
        found = w;
    }
  return found;
}

static void fill_fields (PenCardNameDialog *dialog,
                         va_list            args);

static GtkWidget *
find_dialog (GType type)
{
  GtkWindow *dialog = pen_test_play_find_dialog (type);

  if (dialog == NULL)
    g_error ("no %s is shown", g_type_name (type));
  check (GTK_WIDGET (dialog));
  return GTK_WIDGET (dialog);
}

static gboolean
button_reads (GtkWidget  *button,
              const char *label)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  if (g_strcmp0 (gtk_button_get_label (GTK_BUTTON (button)), label) == 0)
    return TRUE;
  pen_test_collect (button, GTK_TYPE_LABEL, labels);
  for (guint k = 0; k < labels->len; k++)
    if (g_strcmp0 (gtk_label_get_label (g_ptr_array_index (labels, k)), label) == 0)
      return TRUE;
  return FALSE;
}

/* A button under root whose label, or whose child label, reads label (as shown): the first
 * visible one, else the first one */
static GtkWidget *
find_labelled_button (GtkWidget  *root,
                      const char *label)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GtkWidget *hidden = NULL;

  pen_test_collect (root, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (buttons, i);

      if (!button_reads (button, label))
        continue;
      if (gtk_widget_is_visible (button))
        return button;
      if (hidden == NULL)
        hidden = button;
    }
  return hidden;
}

GtkWidget *
pen_test_play_find_labelled (GtkWidget  *root,
                             const char *label)
{
  return find_labelled_button (root, APP_TEXT (label));
}

/* A visible button under root bound to the action (and its target, unless NULL; floating) */
static GtkWidget *
find_action_button (GtkWidget  *root,
                    const char *action,
                    GVariant   *target)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr(GVariant) wanted = target != NULL ? g_variant_ref_sink (target) : NULL;

  pen_test_collect (root, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkActionable *button = g_ptr_array_index (buttons, i);
      GVariant *value = gtk_actionable_get_action_target_value (button);

      if (g_strcmp0 (gtk_actionable_get_action_name (button), action) != 0
          || !gtk_widget_is_visible (GTK_WIDGET (button)))
        continue;
      if (wanted == NULL || (value != NULL && g_variant_equal (value, wanted)))
        return GTK_WIDGET (button);
    }
  g_error ("%s: no button for %s", G_OBJECT_TYPE_NAME (root), action);
  return NULL;
}

static void
tap (GtkWidget *button)
{
  g_assert_nonnull (button);
  if (!gtk_widget_is_sensitive (button))
    g_error ("the button \"%s\" cannot be tapped now (%s)",
             gtk_button_get_label (GTK_BUTTON (button)) ? gtk_button_get_label (GTK_BUTTON (button))
                                                        : "",
             gtk_widget_get_tooltip_text (button) ? gtk_widget_get_tooltip_text (button) : "");
  check (button);
  g_signal_emit_by_name (button, "clicked");
  pen_test_play_settle ();
}

static void
tap_labelled (GtkWidget  *root,
              const char *label)
{
  GtkWidget *button = find_labelled_button (root, label);

  if (button == NULL)
    g_error ("%s: no button \"%s\"", G_OBJECT_TYPE_NAME (root), label);
  tap (button);
}

void
pen_test_play_tap (GtkWidget *button)
{
  tap (button);
}

GtkWidget *
pen_test_play_find_action (GtkWidget  *root,
                           const char *action,
                           GVariant   *target)
{
  return find_action_button (root, action, target);
}

void
pen_test_play_tap_labelled (GtkWidget  *root,
                            const char *label)
{
  tap_labelled (root, APP_TEXT (label));
}

static PenTestPlayDialogFunc dialog_func;
static gpointer              dialog_data;

void
pen_test_play_set_dialog_func (PenTestPlayDialogFunc func,
                               gpointer              data)
{
  dialog_func = func;
  dialog_data = data;
}

void
pen_test_play_respond (AdwMessageDialog *dialog,
                       const char       *response)
{
  const char *label = adw_message_dialog_get_response_label (dialog, response);

  if (dialog_func != NULL)
    dialog_func (dialog, response, dialog_data);

  g_assert_nonnull (label);
  if (!adw_message_dialog_get_response_enabled (dialog, response))
    g_error ("%s: \"%s\" is not enabled", G_OBJECT_TYPE_NAME (dialog), label);
  tap_labelled (GTK_WIDGET (dialog), label);
}

/* The text of a drop-down's item (string lists only) */
static const char *
item_text (GListModel *model,
           guint       i)
{
  g_autoptr(GObject) item = g_list_model_get_item (model, i);

  return GTK_IS_STRING_OBJECT (item) ? gtk_string_object_get_string (GTK_STRING_OBJECT (item))
                                     : NULL;
}

/* The item of model that answer names ("#N", the text, or the text and then a space) */
static guint
find_item (GListModel *model,
           const char *answer)
{
  guint n = g_list_model_get_n_items (model);
  gsize len = strlen (answer);

  if (answer[0] == '#')
    {
      guint64 at = g_ascii_strtoull (answer + 1, NULL, 10);

      g_assert_cmpuint (at, <, n);
      return at;
    }
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (item_text (model, i), answer) == 0)
      return i;
  for (guint i = 0; i < n; i++)
    {
      const char *text = item_text (model, i);

      if (text != NULL && strncmp (text, answer, len) == 0 && text[len] == ' ')
        return i;
    }
  {
    g_autoptr(GString) offered = g_string_new (NULL);

    for (guint i = 0; i < n; i++)
      g_string_append_printf (offered, "%s\"%s\"", i ? ", " : "", item_text (model, i));
    g_error ("\"%s\" is not offered: %s", answer, offered->str);
  }
  return GTK_INVALID_LIST_POSITION;
}

static void
choose (GtkDropDown *drop,
        const char  *answer)
{
  g_assert_nonnull (drop);
  gtk_drop_down_set_selected (drop, find_item (gtk_drop_down_get_model (drop), answer));
  pen_test_flush ();
}

static PenTable *
window_table (PenWindow *window)
{
  PenGame *game = pen_window_get_game (window);

  g_assert_nonnull (game);
  return pen_game_get_table (game);
}

static GtkWidget *
show_page (PenWindow  *window,
           const char *name,
           GType       type)
{
  GtkWidget *page;

  pen_window_show_page (window, name);
  pen_window_sync_pages (window);
  pen_test_play_settle ();
  page = pen_test_find_first (GTK_WIDGET (window), type);
  g_assert_nonnull (page);
  return page;
}

/* ---- the window and the set-up -------------------------------------------------------------- */

PenWindow *
pen_test_play_window_new (PenApplication *app)
{
  g_autoptr(GError) error = NULL;
  PenWindow *window;

  if (!g_application_get_is_registered (G_APPLICATION (app)))
    {
      g_application_register (G_APPLICATION (app), NULL, &error);
      g_assert_no_error (error);
    }
  window = pen_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  pen_test_play_settle ();
  return window;
}

void
pen_test_play_board_values (PenWindow   *window,
                            const guint *values,
                            guint        n_values)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GtkWidget *prefs;
  guint set = 0;

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  pen_test_play_settle ();
  prefs = find_dialog (PEN_TYPE_PREFERENCES_WINDOW);
  pen_test_collect (prefs, ADW_TYPE_ACTION_ROW, rows);
  for (guint cell = 0; cell < n_values; cell++)
    {
      g_autofree char *title = cell < PEN_DISCIPLINE_CELLS
                               ? g_strdup_printf (APP_TEXT ("Discipline Cell %u"), cell + 1)
                               : g_strdup_printf (APP_TEXT ("Spark Cell %u"),
                                                  cell - PEN_DISCIPLINE_CELLS + 1);

      for (guint i = 0; i < rows->len; i++)
        if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), title) == 0)
          {
            GtkWidget *spin = pen_test_find_first (g_ptr_array_index (rows, i),
                                                   GTK_TYPE_SPIN_BUTTON);

            g_assert_nonnull (spin);
            gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), values[cell]);
            set++;
            break;
          }
    }
  g_assert_cmpuint (set, ==, n_values);
  check (prefs);
  gtk_window_close (GTK_WINDOW (prefs));
  pen_test_play_settle ();
}

/* The widgets of a type shown on the assistant's step */
static GPtrArray *
on_step (PenSetupAssistant *assistant,
         GType              type)
{
  GtkWidget *stack = pen_test_find_first (adw_window_get_content (ADW_WINDOW (assistant)),
                                          GTK_TYPE_STACK);
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  GPtrArray *out = g_ptr_array_new ();

  g_assert_nonnull (stack);
  pen_test_collect (gtk_stack_get_visible_child (GTK_STACK (stack)), type, all);
  for (guint i = 0; i < all->len; i++)
    if (gtk_widget_is_visible (g_ptr_array_index (all, i)))
      g_ptr_array_add (out, g_ptr_array_index (all, i));
  return out;
}

static void
assistant_next (PenSetupAssistant *assistant)
{
  guint step = pen_setup_assistant_get_step (assistant);
  GtkWidget *next = find_labelled_button (GTK_WIDGET (assistant), APP_TEXT ("_Next"));

  if (next == NULL || !gtk_widget_get_visible (next))
    next = find_labelled_button (GTK_WIDGET (assistant), APP_TEXT ("_Start the Game"));
  check (GTK_WIDGET (assistant));
  tap (next);
  if (step + 1 < PEN_SETUP_ASSISTANT_STEPS)
    g_assert_cmpuint (pen_setup_assistant_get_step (assistant), ==, step + 1);
}

void
pen_test_play_name_class_draws (PenSetupAssistant *assistant)
{
  PenSetupDraft *draft = pen_setup_assistant_get_draft (assistant);
  gboolean chosen[PEN_MARK_SPARK], from_player[PEN_MARK_SPARK];
  guint d = 0;

  /* the set is taken once: naming one changes what the app would pick for the others */
  pen_setup_draft_get_classes (draft, chosen, from_player);
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    {
      g_autoptr(GPtrArray) combos = NULL;
      g_autofree char *title = NULL;
      AdwComboRow *row = NULL;
      GListModel *model;
      guint at = G_MAXUINT;

      if (!chosen[k] || from_player[k])
        continue;
      ++d;
      /* one draw is "Random Class", several "Random Class No. 1", … (play finding B6) */
      title = pen_setup_draft_get_n_class_draws (draft) == 1
              ? g_strdup (APP_TEXT ("Random Class"))
              : g_strdup_printf (APP_TEXT ("Random Class No. %u"), d);
      combos = on_step (assistant, ADW_TYPE_COMBO_ROW);
      for (guint i = 0; i < combos->len; i++)
        if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (combos, i)),
                       title) == 0)
          row = g_ptr_array_index (combos, i);
      g_assert_nonnull (row);
      model = adw_combo_row_get_model (row);
      for (guint i = 0; i < g_list_model_get_n_items (model); i++)
        if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i),
                       pen_mark_kind_get_class_name (k)) == 0)
          at = i;
      g_assert_cmpuint (at, !=, G_MAXUINT);
      adw_combo_row_set_selected (row, at);
      pen_test_flush ();
    }
  g_assert_cmpuint (d, ==, pen_setup_draft_get_n_class_draws (draft));
  g_assert_true (pen_setup_draft_get_class_draws_named (draft));
}

PenGame *
pen_test_play_setup (PenWindow              *window,
                     const PenTestPlaySetup *answers)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();
  g_autoptr(GPtrArray) switches = g_ptr_array_new ();
  g_autoptr(GPtrArray) seed_rows = NULL;
  g_autoptr(GPtrArray) checks = NULL;
  g_autoptr(GPtrArray) combos = NULL;
  g_autofree char *seed = NULL;
  PenSetupAssistant *assistant;
  GtkWidget *start, *spin;
  guint marks = 0;

  g_assert_cmpuint (answers->n_players, >=, 1);
  g_assert_cmpuint (answers->n_players, <=, PEN_TEST_PLAY_MAX_PLAYERS);

  /* the start page's form, as the New Game menu item opens it */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  pen_test_play_settle ();
  start = pen_test_find_first (GTK_WIDGET (window), PEN_TYPE_START_PAGE);
  g_assert_nonnull (start);
  check (start);
  spin = pen_test_find_first (start, GTK_TYPE_SPIN_BUTTON);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), answers->n_players);
  pen_test_flush ();
  pen_test_collect (start, ADW_TYPE_ENTRY_ROW, entries);
  for (guint i = 0; i < answers->n_players && i < entries->len; i++)
    if (answers->names[i] != NULL)
      gtk_editable_set_text (GTK_EDITABLE (g_ptr_array_index (entries, i)), answers->names[i]);
  pen_test_collect (start, GTK_TYPE_SWITCH, switches);
  g_assert_cmpuint (switches->len, ==, 2);
  gtk_switch_set_active (g_ptr_array_index (switches, 0), answers->physical);
  gtk_switch_set_active (g_ptr_array_index (switches, 1), answers->ready_made);
  tap_labelled (start, APP_TEXT ("_Start the Game"));
  assistant = PEN_SETUP_ASSISTANT (find_dialog (PEN_TYPE_SETUP_ASSISTANT));
  g_object_ref (assistant);

  /* step 1: the seed typed in, as a group sharing a set-up does */
  seed_rows = on_step (assistant, ADW_TYPE_ENTRY_ROW);
  g_assert_cmpuint (seed_rows->len, >=, 1);
  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, answers->seed);
  gtk_editable_set_text (GTK_EDITABLE (g_ptr_array_index (seed_rows, seed_rows->len - 1)), seed);
  g_signal_emit_by_name (g_ptr_array_index (seed_rows, seed_rows->len - 1), "apply");
  pen_test_flush ();
  g_assert_cmpuint (pen_setup_draft_get_seed (pen_setup_assistant_get_draft (assistant)), ==,
                    answers->seed);
  assistant_next (assistant);

  /* step 2: the kept Talents by their radio buttons, the starting disciplines */
  checks = on_step (assistant, GTK_TYPE_CHECK_BUTTON);
  if (!answers->physical)
    for (guint i = 0; i < answers->n_players && 2 * i + 1 < checks->len; i++)
      gtk_check_button_set_active (g_ptr_array_index (checks, 2 * i + answers->kept_talents[i]),
                                   TRUE);
  combos = on_step (assistant, ADW_TYPE_COMBO_ROW);
  for (guint i = 0; i < combos->len; i++)
    {
      AdwComboRow *row = g_ptr_array_index (combos, i);

      if (g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                     APP_TEXT ("Starting Discipline")) != 0 || marks >= answers->n_players)
        continue;
      adw_combo_row_set_selected (row, 1 + answers->start_marks[marks++]);
    }
  g_assert_cmpuint (marks, ==, answers->n_players);
  pen_test_flush ();
  assistant_next (assistant);

  /* steps 3 and 4: what to lay out (physical: the Classes the table drew), and the Fate deck */
  if (answers->physical)
    pen_test_play_name_class_draws (assistant);
  assistant_next (assistant);
  assistant_next (assistant);

  /* step 5: the starting pieces: the Talents' Ingredients the catalogue does not know yet;
   * physical play: the faces the table rolled */
  {
    g_autoptr(GPtrArray) rows = on_step (assistant, PEN_TYPE_SETUP_ROW);
    guint die = 0;

    for (guint i = 0; i < rows->len; i++)
      {
        PenSetupItem *item = pen_setup_row_get_item (g_ptr_array_index (rows, i));
        GtkWidget *field = pen_test_find_first (g_ptr_array_index (rows, i),
                                                GTK_TYPE_SPIN_BUTTON);

        if (pen_setup_item_get_kind (item) == PEN_SETUP_ITEM_INGREDIENT)
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (field),
                                     answers->ingredients[pen_setup_item_get_wizard (item)]
                                                         [pen_setup_item_get_index (item)]);
        else if (pen_setup_item_get_kind (item) == PEN_SETUP_ITEM_DIE)
          {
            g_assert_true (answers->physical);
            gtk_spin_button_set_value (GTK_SPIN_BUTTON (field),
                                       answers->faces != NULL && answers->n_faces > 0
                                       ? answers->faces[die % answers->n_faces] : 1 + die % 6);
            die++;
          }
      }
    pen_test_flush ();
  }
  assistant_next (assistant);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (assistant)));
  g_object_unref (assistant);
  pen_test_play_settle ();

  g_assert_nonnull (pen_window_get_game (window));
  g_assert_cmpuint (pen_table_get_n_players (window_table (window)), >=, answers->n_players);
  return pen_window_get_game (window);
}

/* ---- turns ------------------------------------------------------------------------------------ */

static GtkWidget *
turn_controls (PenWindow *window)
{
  GtkWidget *page = show_page (window, "table", PEN_TYPE_TABLE_PAGE);
  GtkWidget *controls = pen_test_find_first (page, PEN_TYPE_TURN_CONTROLS);

  g_assert_nonnull (controls);
  return controls;
}

void
pen_test_play_begin_turn (PenWindow   *window,
                          PenTurnKind  kind)
{
  static const char *labels[] = {
    [PEN_TURN_STUDY] = "_Study", [PEN_TURN_TRIAL] = "_Trial", [PEN_TURN_REST] = "_Rest",
  };

  g_assert_true (kind == PEN_TURN_STUDY || kind == PEN_TURN_TRIAL || kind == PEN_TURN_REST);
  tap_labelled (turn_controls (window), APP_TEXT (labels[kind]));
}

void
pen_test_play_end_turn (PenWindow *window)
{
  pen_test_play_end_turn_with (window, NULL, NULL);
}

void
pen_test_play_end_turn_with (PenWindow  *window,
                             const char *fate_card,
                             const char *contract)
{
  GtkWidget *controls = turn_controls (window);
  g_autoptr(GPtrArray) drops = g_ptr_array_new ();

  /* the turn controls' drop-downs: the Fate card revealed, then the contract */
  pen_test_collect (controls, GTK_TYPE_DROP_DOWN, drops);
  if (fate_card != NULL)
    {
      g_assert_cmpuint (drops->len, >=, 1);
      g_assert_true (gtk_widget_is_visible (g_ptr_array_index (drops, 0)));
      choose (g_ptr_array_index (drops, 0), fate_card);
    }
  if (contract != NULL)
    {
      g_assert_cmpuint (drops->len, >=, 2);
      g_assert_true (gtk_widget_is_visible (g_ptr_array_index (drops, 1)));
      choose (g_ptr_array_index (drops, 1), contract);
    }
  tap_labelled (controls, APP_TEXT ("_End the Turn"));
}

/* ---- placements ------------------------------------------------------------------------------ */

static PenWizardBoard *
wizard_board (PenWindow *window,
              guint      wizard)
{
  GtkWidget *page = show_page (window, "wizards", PEN_TYPE_WIZARDS_PAGE);
  g_autoptr(GPtrArray) boards = g_ptr_array_new ();
  PenWizard *w = pen_table_get_wizard (window_table (window), wizard);

  pen_test_collect (page, PEN_TYPE_WIZARD_BOARD, boards);
  for (guint i = 0; i < boards->len; i++)
    if (pen_wizard_board_get_wizard (g_ptr_array_index (boards, i)) == w)
      return g_ptr_array_index (boards, i);
  g_error ("no board for wizard %u", wizard);
  return NULL;
}

gboolean
pen_test_play_place (PenWindow  *window,
                     guint       die_index,
                     const char *location,
                     const char *section,
                     ...)
{
  PenGame *game = pen_window_get_game (window);
  guint position = pen_game_get_position (game);
  guint wizard = pen_table_get_current (window_table (window));
  g_autofree char *wanted = g_strdup_printf ("%s/%s", location, section);
  const char * const *sections;
  PenPlaceDialog *dialog;
  const char *key;
  int chosen = -1;
  va_list args;

  gtk_widget_activate_action (GTK_WIDGET (wizard_board (window, wizard)), "board.die", "(sui)",
                              "place", die_index, 0);
  pen_test_play_settle ();
  dialog = PEN_PLACE_DIALOG (find_dialog (PEN_TYPE_PLACE_DIALOG));
  sections = pen_place_dialog_get_sections (dialog);
  for (guint i = 0; sections[i] != NULL; i++)
    if (g_str_equal (sections[i], wanted))
      chosen = i;
  if (chosen < 0)
    {
      g_autofree char *open = g_strjoinv (", ", (char **) sections);

      g_error ("%s is not open to die %u: %s", wanted, die_index, open);
    }
  gtk_check_button_set_active (pen_place_dialog_get_section_button (dialog, chosen), TRUE);
  pen_test_flush ();

  va_start (args, section);
  while ((key = va_arg (args, const char *)) != NULL)
    {
      const char *answer = va_arg (args, const char *);
      gboolean optional = key[0] == '?';
      GtkDropDown *picker = pen_place_dialog_get_picker (dialog, optional ? key + 1 : key);

      if (picker == NULL && optional)
        continue;
      if (picker == NULL)
        g_error ("%s: the place dialog asks no \"%s\"", wanted, key);
      choose (picker, answer);
    }
  va_end (args);

  pen_test_play_respond (ADW_MESSAGE_DIALOG (dialog), "place");
  if (pen_game_get_position (game) == position)
    {
      GtkWindow *asked = pen_test_play_find_dialog (PEN_TYPE_OVERRIDE_DIALOG);

      g_test_message ("%s not taken at once: %s", wanted,
                      asked ? adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (asked))
                            : pen_test_play_find_dialog (PEN_TYPE_FACES_DIALOG)
                              ? "the table's dice are asked" : "refused");
    }
  return pen_game_get_position (game) > position;
}

/* ---- the Guild ------------------------------------------------------------------------------- */

gboolean
pen_test_play_fulfil (PenWindow *window,
                      guint      cell,
                      guint      wizard)
{
  GtkWidget *page = show_page (window, "table", PEN_TYPE_TABLE_PAGE);
  PenGame *game = pen_window_get_game (window);
  guint position = pen_game_get_position (game);
  g_autoptr(GPtrArray) cells = g_ptr_array_new ();
  GtkWidget *button, *popover;

  pen_test_collect (page, PEN_TYPE_CONTRACT_CELL, cells);
  g_assert_cmpuint (cell, <, cells->len);
  button = pen_test_find_first (g_ptr_array_index (cells, cell), GTK_TYPE_MENU_BUTTON);
  if (button == NULL && GTK_IS_MENU_BUTTON (adw_bin_get_child (g_ptr_array_index (cells, cell))))
    button = adw_bin_get_child (g_ptr_array_index (cells, cell));
  g_assert_nonnull (button);
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  pen_test_play_settle ();
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
  g_assert_true (PEN_IS_CONTRACT_POPOVER (popover));
  tap_labelled (popover,
                pen_wizard_get_name (pen_table_get_wizard (window_table (window), wizard)));
  return pen_game_get_position (game) > position;
}

gboolean
pen_test_play_fulfil_prophecy (PenWindow  *window,
                               const char *card,
                               const char *when)
{
  GtkWidget *page = show_page (window, "table", PEN_TYPE_TABLE_PAGE);
  PenGame *game = pen_window_get_game (window);
  guint position = pen_game_get_position (game);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autofree char *name = g_strdup_printf (APP_TEXT ("Prophecy: %s"), pen_turn_card_name (card));

  pen_test_collect (page, PEN_TYPE_IN_PLAY_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), name) == 0)
      {
        GtkWindow *asked;

        tap_labelled (g_ptr_array_index (rows, i), APP_TEXT ("Fulfilled"));
        pen_test_play_settle ();
        asked = pen_test_play_find_dialog (ADW_TYPE_MESSAGE_DIALOG);
        if (when == NULL)
          {
            /* in a turn: confirmed once more (play finding X7) */
            g_assert_nonnull (asked);
            g_assert_cmpstr (gtk_widget_get_name (GTK_WIDGET (asked)), ==, "prophecy-confirm");
            check (GTK_WIDGET (asked));
            pen_test_play_respond (ADW_MESSAGE_DIALOG (asked), "fulfil");
            pen_test_play_settle ();
          }
        else
          {
            g_assert_nonnull (asked);
            g_assert_cmpstr (gtk_widget_get_name (GTK_WIDGET (asked)), ==, "prophecy-when");
            check (GTK_WIDGET (asked));
            pen_test_play_respond (ADW_MESSAGE_DIALOG (asked), when);
            pen_test_play_settle ();
          }
        return pen_game_get_position (game) > position;
      }
  g_error ("no row in play for %s", name);
  return FALSE;
}

/* ---- trials ---------------------------------------------------------------------------------- */

void
pen_test_play_begin_trial (PenWindow *window,
                           guint      index,
                           guint      rift,
                           guint      vigilance)
{
  GtkWidget *page = show_page (window, "table", PEN_TYPE_TABLE_PAGE);
  g_autoptr(PenTableCard) card = g_list_model_get_item (pen_table_get_trial_row
                                                          (window_table (window)), index);
  g_autoptr(GPtrArray) spins = g_ptr_array_new ();
  GtkWidget *dialog;

  g_assert_nonnull (card);
  g_assert_nonnull (pen_table_card_get_card_id (card));
  /* what the trial card's "Begin this Trial…" does */
  g_assert_true (gtk_widget_activate_action (page, "table.begin-trial", "(is)", (int) index,
                                             pen_table_card_get_card_id (card)));
  pen_test_play_settle ();
  dialog = find_dialog (PEN_TYPE_BEGIN_TRIAL_DIALOG);
  /* its two numbers: Rift (X), then Vigilance (X) */
  pen_test_collect (dialog, GTK_TYPE_SPIN_BUTTON, spins);
  g_assert_cmpuint (spins->len, ==, 2);
  gtk_spin_button_set_value (g_ptr_array_index (spins, 0), rift);
  gtk_spin_button_set_value (g_ptr_array_index (spins, 1), vigilance);
  pen_test_play_respond (ADW_MESSAGE_DIALOG (dialog), "begin");
}

gboolean
pen_test_play_threat_roll_faces (PenWindow   *window,
                                 const guint *faces,
                                 guint        n_faces)
{
  return pen_test_play_threat_roll_rift (window, NULL, 0, faces, n_faces);
}

/* The visible toggles of the Threat page's step 1 that choose a die for Rift, in supply
 * order */
static GPtrArray *
rift_toggles (GtkWidget *threat)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  GPtrArray *out = g_ptr_array_new ();

  pen_test_collect (threat, GTK_TYPE_TOGGLE_BUTTON, all);
  for (guint i = 0; i < all->len; i++)
    if (gtk_widget_has_css_class (g_ptr_array_index (all, i), "rift-die")
        && gtk_widget_is_visible (g_ptr_array_index (all, i)))
      g_ptr_array_add (out, g_ptr_array_index (all, i));
  return out;
}

gboolean
pen_test_play_printed (const char *field,
                       ...)
{
  GtkWindow *shown = pen_test_play_find_dialog (PEN_TYPE_CARD_NAME_DIALOG);
  va_list args;

  if (shown == NULL)
    return FALSE;
  check (GTK_WIDGET (shown));
  /* the first pair's field is the named argument */
  {
    GtkEditable *entry = pen_card_name_dialog_get_field (PEN_CARD_NAME_DIALOG (shown), field);
    const char *text;

    va_start (args, field);
    text = va_arg (args, const char *);
    g_assert_nonnull (entry);
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (entry)));
    gtk_editable_set_text (entry, text);
    fill_fields (PEN_CARD_NAME_DIALOG (shown), args);
    va_end (args);
  }
  pen_test_flush ();
  pen_test_play_respond (ADW_MESSAGE_DIALOG (shown), "name");
  return TRUE;
}

gboolean
pen_test_play_threat_roll_rift (PenWindow   *window,
                                const guint *rift_dice,
                                guint        n_rift,
                                const guint *faces,
                                guint        n_faces)
{
  GtkWidget *page = show_page (window, "table", PEN_TYPE_TABLE_PAGE);
  GtkWidget *panel = pen_test_find_first (page, PEN_TYPE_TRIAL_PANEL);
  PenGame *game = pen_window_get_game (window);
  guint position = pen_game_get_position (game);
  GtkWidget *threat;

  g_assert_nonnull (panel);
  g_assert_true (gtk_widget_is_visible (panel));
  check (panel);
  {
    const PenTrial *trial = pen_table_get_trial (window_table (window));
    PenCard *card = trial != NULL ? pen_catalog_lookup (pen_catalog_get_default (), trial->card)
                                  : NULL;
    gboolean unknown = card != NULL && pen_card_get_threat (card) < 0;
    g_autofree char *printed = g_strdup_printf ("%u", n_faces);

    tap_labelled (panel, APP_TEXT ("Face its _Threat…"));
    /* a Threat the catalogue does not print: the table is asked it off the card, once */
    g_assert_cmpint (pen_test_play_printed ("threat", printed, NULL), ==, unknown);
    pen_test_play_settle ();
  }
  threat = pen_test_find_first (GTK_WIDGET (window), PEN_TYPE_THREAT_PAGE);
  g_assert_nonnull (threat);
  g_assert_true (gtk_widget_get_mapped (threat));
  if (n_rift > 0)
    {
      g_autoptr(GPtrArray) toggles = rift_toggles (threat);

      for (guint i = 0; i < n_rift; i++)
        {
          if (rift_dice[i] >= toggles->len)
            g_error ("the Threat page offers %u dice for Rift, not die %u", toggles->len,
                     rift_dice[i]);
          tap (g_ptr_array_index (toggles, rift_dice[i]));
        }
    }
  tap (find_action_button (threat, "threat.roll", g_variant_new_string ("table")));
  for (guint i = 0; i < n_faces; i++)
    {
      g_assert_true (faces[i] >= 1 && faces[i] <= 6);
      tap (find_action_button (threat, "threat.face", g_variant_new_int32 (faces[i])));
    }
  g_assert_nonnull (pen_threat_page_get_summary (PEN_THREAT_PAGE (threat)));
  check (threat);
  tap (find_action_button (threat, "threat.apply", NULL));
  return pen_game_get_position (game) > position;
}

gboolean
pen_test_play_threat_roll (PenWindow *window,
                           ...)
{
  g_autoptr(GArray) faces = g_array_new (FALSE, FALSE, sizeof (guint));
  va_list args;
  int face;

  va_start (args, window);
  while ((face = va_arg (args, int)) != 0)
    g_array_append_val (faces, face);
  va_end (args);
  return pen_test_play_threat_roll_faces (window, (const guint *) faces->data, faces->len);
}

void
pen_test_play_trial_outcome (PenWindow  *window,
                             const char *button_label)
{
  GtkWidget *page = show_page (window, "table", PEN_TYPE_TABLE_PAGE);
  GtkWidget *panel = pen_test_find_first (page, PEN_TYPE_TRIAL_PANEL);

  g_assert_nonnull (panel);
  tap_labelled (panel, APP_TEXT (button_label));
}

/* ---- the Rival ------------------------------------------------------------------------------ */

gboolean
pen_test_play_rival_turn (PenWindow *window)
{
  GtkWidget *page = show_page (window, "wizards", PEN_TYPE_WIZARDS_PAGE);
  GtkWidget *panel = pen_test_find_first (page, PEN_TYPE_RIVAL_PANEL);
  PenGame *game = pen_window_get_game (window);
  guint position = pen_game_get_position (game);

  g_assert_nonnull (panel);
  g_assert_true (gtk_widget_is_visible (panel));
  check (page);
  tap_labelled (panel, APP_TEXT ("Play the Rival’s Turn"));
  return pen_game_get_position (game) > position;
}

/* ---- naming cards, the table's dice ----------------------------------------------------------- */

/* The naming dialog's task and reward (a Contract's): "task" and its kind as
 * `penumbra-cli task` names it; "task-at-least", "task-color-RED…" ("on"), "task-INGREDIENT",
 * "task-values"; "reward-INGREDIENT", "reward-die-COLOR", "reward-retaliation" */
static void
printed_task_field (PenCardNameDialog *dialog,
                    const char        *field,
                    const char        *text)
{
  static const char * const kinds[] = {
    "", "discard-sum", "discard-exact", "roll-sum", "discard-ingredients", "withstand",
    "have-experience",
  };
  PenPrintedTask *printed = pen_card_name_dialog_get_printed_task (dialog);
  PenTaskForm *form;
  int k;

  g_assert_nonnull (printed);
  form = pen_printed_task_get_form (printed);
  if (g_str_equal (field, "task"))
    {
      for (guint i = 1; i < G_N_ELEMENTS (kinds); i++)
        if (g_str_equal (kinds[i], text))
          adw_combo_row_set_selected (pen_printed_task_get_kind_row (printed), i);
      g_assert_cmpstr (pen_task_kind_to_string (pen_task_form_get_kind (form)), ==, text);
    }
  else if (g_str_equal (field, "task-at-least"))
    g_object_set (form, "at-least", atoi (text), NULL);
  else if (g_str_equal (field, "task-values"))
    g_object_set (form, "values", text, NULL);
  else if (g_str_has_prefix (field, "task-color-")
           && (k = pen_color_from_string (field + strlen ("task-color-"))) >= 0)
    pen_task_form_set_colors (form, pen_task_form_get_colors (form) | (1u << k));
  else if (g_str_has_prefix (field, "task-")
           && (k = pen_ingredient_from_string (field + strlen ("task-"))) >= 0)
    {
      g_autoptr(PenCount) count = g_list_model_get_item (pen_task_form_get_ingredients (form), k);

      pen_count_set_value (count, atoi (text));
    }
  else if (g_str_has_prefix (field, "reward-die-")
           && (k = pen_color_from_string (field + strlen ("reward-die-"))) >= 0)
    pen_count_set_value (pen_printed_task_get_reward_count (printed, 0, k), atoi (text));
  else if (g_str_equal (field, "reward-retaliation"))
    pen_count_set_value (pen_printed_task_get_reward_count (printed, 3, 0), atoi (text));
  else if (g_str_has_prefix (field, "reward-")
           && (k = pen_ingredient_from_string (field + strlen ("reward-"))) >= 0)
    pen_count_set_value (pen_printed_task_get_reward_count (printed, 1, k), atoi (text));
  else
    g_error ("the naming dialog has no task or reward field \"%s\"", field);
  pen_test_flush ();
}

/* Types the naming dialog's fields: pairs of a field ("threat", "task-kind", a symbol …) and
 * its text, up to NULL */
static void
fill_fields (PenCardNameDialog *dialog,
             va_list            args)
{
  const char *field;

  while ((field = va_arg (args, const char *)) != NULL)
    {
      const char *text = va_arg (args, const char *);
      static const char *numbers[] = { "difficulty", "threat", "vp", "light", "dark", NULL };
      GtkEditable *entry = pen_card_name_dialog_get_field (dialog, field);
      GtkToggleButton *symbol = entry == NULL ? pen_card_name_dialog_get_symbol (dialog, field)
                                              : NULL;

      if (g_str_has_prefix (field, "task") || g_str_has_prefix (field, "reward-"))
        printed_task_field (dialog, field, text);
      else if (entry != NULL)
        gtk_editable_set_text (entry, text);
      else if (symbol != NULL)
        /* a symbol: "society", "on" */
        gtk_toggle_button_set_active (symbol, g_strcmp0 (text, "off") != 0);
      else if (!g_strv_contains (numbers, field))
        g_error ("the naming dialog has no field or symbol \"%s\"", field);
      /* else a number the catalogue knows already: not asked */
    }
}

void
pen_test_play_name_card (PenWindow  *window,
                         const char *card,
                         const char *name,
                         ...)
{
  GtkWidget *page = show_page (window, "table", PEN_TYPE_TABLE_PAGE);
  GtkWidget *unnamed = pen_test_find_first (page, PEN_TYPE_UNNAMED_CARDS);
  PenCardNameDialog *dialog;
  GtkDropDown *picker;
  GListModel *model;
  gboolean listed = FALSE;
  va_list args;

  g_assert_nonnull (unnamed);
  g_assert_true (gtk_widget_is_visible (unnamed));
  /* the card's row button ("Name It…") */
  g_assert_true (gtk_widget_activate_action (unnamed, "card.name", "s", card));
  pen_test_play_settle ();
  dialog = PEN_CARD_NAME_DIALOG (find_dialog (PEN_TYPE_CARD_NAME_DIALOG));
  picker = pen_card_name_dialog_get_name_picker (dialog);
  model = gtk_drop_down_get_model (picker);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    listed |= g_strcmp0 (item_text (model, i), name) == 0;
  if (listed)
    choose (picker, name);
  else
    {
      /* the last item: another card, typed */
      gtk_drop_down_set_selected (picker, g_list_model_get_n_items (model) - 1);
      pen_test_flush ();
      gtk_editable_set_text (pen_card_name_dialog_get_name_entry (dialog), name);
    }
  va_start (args, name);
  fill_fields (dialog, args);
  va_end (args);
  pen_test_flush ();
  pen_test_play_respond (ADW_MESSAGE_DIALOG (dialog), "name");
}

void
pen_test_play_faces (PenWindow   *window,
                     const guint *faces,
                     guint        n_faces)
{
  PenFacesDialog *dialog = PEN_FACES_DIALOG (find_dialog (PEN_TYPE_FACES_DIALOG));

  g_assert_cmpuint (pen_faces_dialog_get_n_dice (dialog), ==, n_faces);
  for (guint i = 0; i < n_faces; i++)
    {
      g_assert_true (faces[i] >= 1 && faces[i] <= 6);
      gtk_drop_down_set_selected (pen_faces_dialog_get_picker (dialog, i), faces[i]);
    }
  pen_test_flush ();
  pen_test_play_respond (ADW_MESSAGE_DIALOG (dialog), "done");
}

/* ---- undo, redo, overrides -------------------------------------------------------------------- */

void
pen_test_play_undo (PenWindow *window)
{
  g_assert_true (pen_game_get_can_undo (pen_window_get_game (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pen_test_play_settle ();
}

void
pen_test_play_redo (PenWindow *window)
{
  g_assert_true (pen_game_get_can_redo (pen_window_get_game (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  pen_test_play_settle ();
}

PenRule
pen_test_play_override (PenWindow *window,
                        gboolean   accept)
{
  PenOverrideDialog *dialog = PEN_OVERRIDE_DIALOG (find_dialog (PEN_TYPE_OVERRIDE_DIALOG));
  PenRule rule = pen_override_dialog_get_rule (dialog);

  pen_test_play_respond (ADW_MESSAGE_DIALOG (dialog), accept ? "override" : "cancel");
  return rule;
}

/* ---- the end of the game --------------------------------------------------------------------- */

void
pen_test_play_end_sheet_entries (PenWindow          *window,
                                 const char * const *entries)
{
  GtkWidget *page = show_page (window, "score", PEN_TYPE_SCORE_PAGE);
  PenEndSheet *sheet = PEN_END_SHEET (pen_test_find_first (page, PEN_TYPE_END_SHEET));

  g_assert_nonnull (sheet);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (sheet)));
  for (guint i = 0; entries[i] != NULL; i += 2)
    {
      const char *text = entries[i + 1];
      const char *colon = strchr (entries[i], ':');

      g_assert_nonnull (text);
      if (colon != NULL)
        {
          static const char * const numbers[] = { "vp", "light", "dark", NULL };
          g_autofree char *card = g_strndup (entries[i], colon - entries[i]);
          GtkToggleButton *symbol = NULL;
          GtkEditable *field = NULL;

          /* "board-cell:8": the points under a cell of the board (from 0) */
          if (g_str_equal (card, "board-cell"))
            {
              field = pen_end_sheet_get_cell (sheet, (guint) g_ascii_strtoull (colon + 1, NULL,
                                                                               10));
              if (field == NULL)
                g_error ("the end sheet does not ask for board cell %s", colon + 1);
              gtk_editable_set_text (field, text);
              continue;
            }
          /* "card:light": one of its numbers; "card:wizards": one of its symbols */
          if (g_strv_contains (numbers, colon + 1))
            {
              field = pen_end_sheet_get_field (sheet, card, colon + 1);
              if (field == NULL)
                g_error ("the end sheet asks no %s of %s", colon + 1, card);
              gtk_editable_set_text (field, text);
              continue;
            }
          symbol = pen_end_sheet_get_symbol (sheet, card, colon + 1);
          if (symbol == NULL)
            g_error ("the end sheet asks no symbol %s of %s", colon + 1, card);
          gtk_toggle_button_set_active (symbol, g_strcmp0 (text, "off") != 0);
        }
      else
        {
          GtkEditable *entry = pen_end_sheet_get_points (sheet, entries[i]);

          if (entry == NULL)
            g_error ("the end sheet does not list %s", entries[i]);
          gtk_editable_set_text (entry, text);
        }
    }
  pen_test_flush ();
  tap (GTK_WIDGET (pen_end_sheet_get_score_button (sheet)));
}

void
pen_test_play_end_sheet (PenWindow *window,
                         ...)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();
  const char *entry;
  va_list args;

  va_start (args, window);
  while ((entry = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (entries, (gpointer) entry);
  va_end (args);
  g_ptr_array_add (entries, NULL);
  pen_test_play_end_sheet_entries (window, (const char * const *) entries->pdata);
}

void
pen_test_play_screenshot (PenWindow  *window,
                          GtkWindow  *dialog,
                          const char *prefix,
                          const char *name)
{
  static const int sizes[][2] = { { 1280, 800 }, { 360, 720 } };
  const char *dir = g_getenv ("PEN_SCREENSHOT_DIR");
  int old_w = 0, old_h = 0;

  if (dir == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (window), &old_w, &old_h);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autofree char *file = g_strdup_printf ("%s/%s-%s-%s.png", dir, prefix, name,
                                               s == 0 ? "desktop" : "phone");
      int w = sizes[s][0], h = sizes[s][1];

      gtk_window_set_default_size (GTK_WINDOW (window), w, h);
      if (dialog != NULL)
        gtk_window_set_default_size (dialog, MIN (w, 560), -1);
      for (guint i = 0; i < 20; i++)
        {
          g_usleep (5000);
          pen_test_flush ();
        }
      if (gtk_widget_get_width (GTK_WIDGET (window)) > w)
        {
          g_test_message ("%s not saved: the window stayed %d px wide", file,
                          gtk_widget_get_width (GTK_WIDGET (window)));
          continue;
        }
      pen_test_save_over (GTK_WIDGET (window), dialog != NULL ? GTK_WIDGET (dialog) : NULL, w, h,
                          file);
    }
  gtk_window_set_default_size (GTK_WINDOW (window), old_w, old_h);
  pen_test_play_settle ();
}

gboolean
pen_test_play_trial_path (guint ingredient,
                          guint count,
                          guint reward_ingredient,
                          guint reward_count)
{
  GtkWindow *shown = pen_test_play_find_dialog (PEN_TYPE_TRIAL_PATH_DIALOG);
  PenPrintedTask *printed;
  PenTaskForm *form;

  if (shown == NULL)
    return FALSE;
  check (GTK_WIDGET (shown));
  printed = PEN_PRINTED_TASK (pen_trial_path_dialog_get_printed (PEN_TRIAL_PATH_DIALOG (shown)));
  form = pen_printed_task_get_form (printed);
  /* the kinds after "Not read yet": discard-sum, discard-exact, roll-sum, discard-ingredients,
   * withstand, have-experience */
  adw_combo_row_set_selected (pen_printed_task_get_kind_row (printed), count > 0 ? 4 : 5);
  pen_test_flush ();
  if (count > 0)
    {
      g_autoptr(PenCount) c = g_list_model_get_item (pen_task_form_get_ingredients (form),
                                                     ingredient);
      GListModel *all = pen_task_form_get_ingredients (form);

      for (guint i = 0; i < g_list_model_get_n_items (all); i++)
        {
          g_autoptr(PenCount) other = g_list_model_get_item (all, i);

          pen_count_set_value (other, 0);
        }
      pen_count_set_value (c, count);
    }
  else
    g_object_set (form, "threat", 1, NULL);
  pen_count_set_value (pen_printed_task_get_reward_count (printed, 1, reward_ingredient),
                       reward_count);
  pen_test_flush ();
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (shown), "pass"));
  pen_test_play_respond (ADW_MESSAGE_DIALOG (shown), "pass");
  return TRUE;
}
