/* pen-start-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-board-layout.h"
#include "pen-game.h"
#include "pen-json.h"
#include "pen-setup-assistant.h"
#include "pen-start-page.h"
#include "pen-window.h"

struct _PenStartPage
{
  AdwBin         parent_instance;

  GtkButton     *resume_button;
  GtkSpinButton *players_spin;
  AdwEntryRow   *name1;
  AdwEntryRow   *name2;
  AdwEntryRow   *name3;
  AdwEntryRow   *name4;
  GtkSwitch     *physical_switch;
  GtkSwitch     *ready_made_switch;
  GtkWidget     *start_button;
  GtkWidget     *saves_group;
  GtkListBox    *saves_list;

  GFile         *resume_file;
  /* the saves' rows, checked one by one (each read as a resume would) once the page shows */
  GPtrArray     *unchecked;
  guint          check_id;
};

G_DEFINE_FINAL_TYPE (PenStartPage, pen_start_page, ADW_TYPE_BIN)

enum {
  NEW_GAME,
  OPEN_GAME,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
players_changed_cb (PenStartPage *self)
{
  int n = gtk_spin_button_get_value_as_int (self->players_spin);

  gtk_widget_set_visible (GTK_WIDGET (self->name2), n >= 2);
  gtk_widget_set_visible (GTK_WIDGET (self->name3), n >= 3);
  gtk_widget_set_visible (GTK_WIDGET (self->name4), n >= 4);
}

char *
pen_start_page_build_action (PenStartPage *self,
                             guint64       seed)
{
  AdwEntryRow *rows[] = { self->name1, self->name2, self->name3, self->name4 };
  int n = gtk_spin_button_get_value_as_int (self->players_spin);
  PenBoardLayout *layout = pen_board_layout_get_default ();
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "action");
  json_builder_add_string_value (b, "new-game");
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (int i = 0; i < n; i++)
    {
      g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (rows[i]))));
      g_autofree char *fallback = g_strdup_printf (_("Player %d"), i + 1);

      if (g_utf8_strlen (name, -1) > 40)
        *g_utf8_offset_to_pointer (name, 40) = '\0';
      json_builder_add_string_value (b, *name ? name : fallback);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, (gint64) (seed & G_MAXINT64));
  json_builder_set_member_name (b, "mode");
  json_builder_add_string_value (b, gtk_switch_get_active (self->physical_switch) ? "physical"
                                                                                  : "app");
  if (gtk_switch_get_active (self->ready_made_switch))
    {
      json_builder_set_member_name (b, "ready_made");
      json_builder_add_boolean_value (b, TRUE);
    }
  /* the group's default for the odds; each game can change it later */
  {
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);
    if (!g_settings_get_boolean (settings, "show-odds"))
      {
        json_builder_set_member_name (b, "hide_odds");
        json_builder_add_boolean_value (b, TRUE);
      }
  }
  /* the printed values the group typed in, so the game replays the same on any machine */
  json_builder_set_member_name (b, "cell_values");
  json_builder_begin_array (b);
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    {
      int v = cell < pen_board_layout_get_n_cells (layout)
              ? pen_board_layout_get_value (layout, cell) : -1;
      json_builder_add_int_value (b, v >= 1 && v <= 6 ? v : 0);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  node = json_builder_get_root (b);
  return pen_json_to_string (node, FALSE);
}

/* The assistant's action is the form's plus "start" and "setup"; in physical mode the table's
 * dice follow as die-set actions, once the window has made the new game its own. */
static void
setup_finished_cb (PenSetupAssistant  *assistant,
                   const char         *action_json,
                   char              **corrections,
                   PenStartPage       *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(PenGame) before = NULL;

  if (PEN_IS_WINDOW (root) && pen_window_get_game (PEN_WINDOW (root)) != NULL)
    before = g_object_ref (pen_window_get_game (PEN_WINDOW (root)));
  g_signal_emit (self, signals[NEW_GAME], 0, action_json);
  /* the reference on the old game keeps its address from being reused by the new one */
  if (corrections != NULL && PEN_IS_WINDOW (root)
      && pen_window_get_game (PEN_WINDOW (root)) != NULL
      && pen_window_get_game (PEN_WINDOW (root)) != before)
    for (guint i = 0; corrections[i] != NULL; i++)
      pen_window_submit (PEN_WINDOW (root), corrections[i]);
}

PenSetupAssistant *
pen_start_page_open_setup (PenStartPage *self)
{
  /* a short seed, easy to read out to another table */
  g_autofree char *json = pen_start_page_build_action (self, g_random_int_range (1, 1000000));
  PenSetupAssistant *assistant = pen_setup_assistant_new (json);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  g_signal_connect_object (assistant, "finished", G_CALLBACK (setup_finished_cb), self, 0);
  pen_setup_assistant_present (assistant, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
  return assistant;
}

static void
start_clicked_cb (PenStartPage *self)
{
  pen_start_page_open_setup (self);
}

static void
resume_clicked_cb (PenStartPage *self)
{
  if (self->resume_file != NULL)
    g_signal_emit (self, signals[OPEN_GAME], 0, self->resume_file);
}

static void
open_clicked_cb (GtkButton    *button,
                 PenStartPage *self)
{
  GFile *file = g_object_get_data (G_OBJECT (button), "file");

  g_signal_emit (self, signals[OPEN_GAME], 0, file);
}

/* Moves a damaged save out of the list: it is renamed, never changed or removed */
static void
set_aside_clicked_cb (GtkButton    *button,
                      PenStartPage *self)
{
  GFile *file = g_object_get_data (G_OBJECT (button), "file");
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GFile) moved = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (pen_game_set_aside (file, &moved, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *new_name = g_file_get_basename (moved);

      message = g_strdup_printf (_("%s was set aside as %s, in the same folder"), name,
                                 new_name);
    }
  else
    message = g_strdup_printf (_("Could not set the file aside: %s"), error->message);
  pen_start_page_refresh (self);
  if (PEN_IS_WINDOW (root))
    pen_window_toast (PEN_WINDOW (root), message);
}

static void
update_resume (PenStartPage *self,
               const char   *date)
{
  gtk_widget_set_visible (GTK_WIDGET (self->resume_button), self->resume_file != NULL);
  if (self->resume_file != NULL)
    {
      g_autofree char *label = g_strdup_printf (_("Resume the Game of %s"), date);
      gtk_button_set_label (self->resume_button, label);
    }
  /* the start button is the main one only when there is nothing to resume */
  if (self->resume_file != NULL)
    gtk_widget_remove_css_class (self->start_button, "suggested-action");
  else
    gtk_widget_add_css_class (self->start_button, "suggested-action");
}

/* A save that cannot be read: listed with its cause, offered to be set aside, never opened */
static void
mark_damaged (PenStartPage *self,
              AdwActionRow *row,
              const GError *error)
{
  GtkWidget *open = g_object_get_data (G_OBJECT (row), "open");
  GFile *file = g_object_get_data (G_OBJECT (row), "file");
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *subtitle = NULL;
  GtkWidget *aside;

  if (g_error_matches (error, PEN_ERROR, PEN_ERROR_NEWER))
    subtitle = g_strdup_printf (_("%s — cannot be opened: %s"), name, error->message);
  else
    subtitle = g_strdup_printf (_("%s — damaged, left as it is: %s"), name, error->message);
  adw_action_row_set_subtitle (row, subtitle);
  adw_action_row_set_subtitle_lines (row, 0);
  gtk_widget_add_css_class (GTK_WIDGET (row), "damaged-save");

  adw_action_row_set_activatable_widget (row, NULL);
  adw_action_row_remove (row, open);
  aside = gtk_button_new_with_mnemonic (_("Set _Aside"));
  gtk_widget_set_tooltip_text (aside, _("Rename the file so that it is no longer listed"));
  gtk_widget_set_valign (aside, GTK_ALIGN_CENTER);
  g_object_set_data_full (G_OBJECT (aside), "file", g_object_ref (file), g_object_unref);
  g_signal_connect (aside, "clicked", G_CALLBACK (set_aside_clicked_cb), self);
  adw_action_row_add_suffix (row, aside);
  g_object_set_data (G_OBJECT (row), "open", aside);
}

/* A save that was read: listed by its players, turn and date, never by its file name; a
 * finished game offers its score */
static void
describe_save (PenStartPage *self,
               AdwActionRow *row,
               PenGame      *game)
{
  PenTable *table = pen_game_get_table (game);
  GtkWidget *open = g_object_get_data (G_OBJECT (row), "open");
  const char *date = g_object_get_data (G_OBJECT (row), "date");
  g_autoptr(GString) players = g_string_new (NULL);
  g_autofree char *subtitle = NULL;
  gboolean finished = pen_table_get_phase (table) == PEN_PHASE_ENDED;

  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    {
      if (w > 0)
        g_string_append (players, _(", "));
      g_string_append (players, pen_wizard_get_name (pen_table_get_wizard (table, w)));
    }
  if (players->len > 0)
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), players->str);
  if (finished)
    subtitle = g_strdup_printf (_("Finished · %s"), date ? date : "");
  else
    subtitle = g_strdup_printf (_("Turn %u · %s"), pen_table_get_turn (table) + 1,
                                date ? date : "");
  adw_action_row_set_subtitle (row, subtitle);
  g_object_set_data (G_OBJECT (row), "finished", GINT_TO_POINTER (finished));
  if (finished && GTK_IS_BUTTON (open))
    gtk_button_set_label (GTK_BUTTON (open), _("Score"));
}

static gboolean
check_next_cb (gpointer data)
{
  PenStartPage *self = data;
  g_autoptr(AdwActionRow) row = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GError) error = NULL;
  GFile *file;

  if (self->unchecked->len == 0)
    {
      self->check_id = 0;
      return G_SOURCE_REMOVE;
    }
  row = g_ptr_array_steal_index (self->unchecked, 0);
  file = g_object_get_data (G_OBJECT (row), "file");
  game = pen_game_load (file, &error);
  if (game == NULL)
    mark_damaged (self, row, error);
  else
    describe_save (self, row, game);
  if (game != NULL && self->resume_file == NULL
      && pen_table_get_phase (pen_game_get_table (game)) != PEN_PHASE_ENDED)
    {
      /* the newest save that can be read, of a game still going */
      self->resume_file = g_object_ref (file);
      update_resume (self, g_object_get_data (G_OBJECT (row), "date"));
    }
  return G_SOURCE_CONTINUE;
}

static void
start_checks (PenStartPage *self)
{
  if (self->check_id == 0 && self->unchecked->len > 0)
    self->check_id = g_idle_add_full (G_PRIORITY_LOW, check_next_cb, self, NULL);
}

void
pen_start_page_refresh (PenStartPage *self)
{
  g_autoptr(GListModel) saves = pen_game_list_saves ();
  GtkWidget *child;
  guint n = g_list_model_get_n_items (saves);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->saves_list))) != NULL)
    gtk_list_box_remove (self->saves_list, child);
  g_clear_object (&self->resume_file);
  g_clear_handle_id (&self->check_id, g_source_remove);
  g_ptr_array_set_size (self->unchecked, 0);

  for (guint i = 0; i < n && i < 30; i++)
    {
      g_autoptr(GFileInfo) info = g_list_model_get_item (saves, i);
      GFile *file = G_FILE (g_file_info_get_attribute_object (info, "standard::file"));
      g_autoptr(GDateTime) when = g_file_info_get_modification_date_time (info);
      g_autofree char *date = when ? g_date_time_format (when, "%x %H:%M") : g_strdup ("");
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *open = gtk_button_new_with_label (_("Open"));

      /* a file name is shown as it is, never read as markup */
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), date);
      gtk_widget_set_valign (open, GTK_ALIGN_CENTER);
      g_object_set_data_full (G_OBJECT (open), "file", g_object_ref (file), g_object_unref);
      g_signal_connect (open, "clicked", G_CALLBACK (open_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), open);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), open);
      g_object_set_data_full (G_OBJECT (row), "file", g_object_ref (file), g_object_unref);
      g_object_set_data_full (G_OBJECT (row), "date", g_steal_pointer (&date), g_free);
      g_object_set_data (G_OBJECT (row), "open", open);
      gtk_list_box_append (self->saves_list, row);
      g_ptr_array_add (self->unchecked, g_object_ref (row));
    }

  gtk_widget_set_visible (self->saves_group, n > 0);
  /* Resume waits for its save to be read: a damaged one is never offered */
  update_resume (self, NULL);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    start_checks (self);
}

/* Reads every listed save until none is left unchecked (tests; the page does it when shown) */
void
pen_start_page_check_saves (PenStartPage *self)
{
  g_clear_handle_id (&self->check_id, g_source_remove);
  while (self->unchecked->len > 0)
    check_next_cb (self);
}

static void
pen_start_page_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (pen_start_page_parent_class)->map (widget);
  start_checks (PEN_START_PAGE (widget));
}

void
pen_start_page_focus_new_game (PenStartPage *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->name1));
}

static void
pen_start_page_dispose (GObject *object)
{
  PenStartPage *self = PEN_START_PAGE (object);

  g_clear_object (&self->resume_file);
  g_clear_handle_id (&self->check_id, g_source_remove);
  g_clear_pointer (&self->unchecked, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_START_PAGE);

  G_OBJECT_CLASS (pen_start_page_parent_class)->dispose (object);
}

static void
pen_start_page_class_init (PenStartPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_start_page_dispose;
  widget_class->map = pen_start_page_map;

  /* a new-game action as JSON text */
  signals[NEW_GAME] = g_signal_new ("new-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[OPEN_GAME] = g_signal_new ("open-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PenStartPage, resume_button);
  gtk_widget_class_bind_template_child (widget_class, PenStartPage, players_spin);
  gtk_widget_class_bind_template_child (widget_class, PenStartPage, name1);
  gtk_widget_class_bind_template_child (widget_class, PenStartPage, name2);
  gtk_widget_class_bind_template_child (widget_class, PenStartPage, name3);
  gtk_widget_class_bind_template_child (widget_class, PenStartPage, name4);
  gtk_widget_class_bind_template_child (widget_class, PenStartPage, physical_switch);
  gtk_widget_class_bind_template_child (widget_class, PenStartPage, ready_made_switch);
  gtk_widget_class_bind_template_child (widget_class, PenStartPage, saves_group);
  gtk_widget_class_bind_template_child (widget_class, PenStartPage, start_button);
  gtk_widget_class_bind_template_child (widget_class, PenStartPage, saves_list);
  gtk_widget_class_bind_template_callback (widget_class, players_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, resume_clicked_cb);
}

static void
pen_start_page_init (PenStartPage *self)
{
  self->unchecked = g_ptr_array_new_with_free_func (g_object_unref);
  gtk_widget_init_template (GTK_WIDGET (self));
  players_changed_cb (self);
}
