/* pen-start-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-board-layout.h"
#include "pen-game.h"
#include "pen-save-row.h"
#include "pen-setup-assistant.h"
#include "pen-start-page.h"
#include "pen-window.h"
#include "pen-widget-utils.h"

struct _PenStartPage
{
  AdwBin         parent_instance;

  GtkButton     *resume_button;
  GtkLabel      *resume_title;
  GtkLabel      *resume_subtitle;
  AdwActionRow  *players_row;
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
  g_autofree char *hint = NULL;

  /* the hint says what this count plays (play finding R1) */
  if (n <= 1)
    hint = g_strdup (_("One player plays solo against the Rival"));
  else
    hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d player plays against the others",
                                         "%d players play against each other", n), n);
  adw_action_row_set_subtitle (self->players_row, hint);
  gtk_widget_set_visible (GTK_WIDGET (self->name2), n >= 2);
  gtk_widget_set_visible (GTK_WIDGET (self->name3), n >= 3);
  gtk_widget_set_visible (GTK_WIDGET (self->name4), n >= 4);
}

PenSetupDraft *
pen_start_page_build_draft (PenStartPage *self,
                            guint64       seed)
{
  AdwEntryRow *rows[] = { self->name1, self->name2, self->name3, self->name4 };
  int n = gtk_spin_button_get_value_as_int (self->players_spin);
  PenBoardLayout *layout = pen_board_layout_get_default ();
  g_autoptr(PenSetupDraft) draft = pen_setup_draft_new ();
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_auto(GStrv) list = NULL;
  guint cells[PEN_MARK_CELLS];
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (PEN_IS_START_PAGE (self), NULL);

  for (int i = 0; i < n; i++)
    {
      const char *typed = gtk_editable_get_text (GTK_EDITABLE (rows[i]));
      g_autofree char *name = g_strstrip (g_strdup (typed));
      g_autofree char *fallback = g_strdup_printf (_("Player %d"), i + 1);

      if (g_utf8_strlen (name, -1) > PEN_SETUP_DRAFT_MAX_NAME)
        *g_utf8_offset_to_pointer (name, PEN_SETUP_DRAFT_MAX_NAME) = '\0';
      g_strv_builder_add (names, *name ? name : fallback);
    }
  list = g_strv_builder_end (names);
  /* the names are trimmed to what the draft takes: it refuses none of them */
  if (!pen_setup_draft_set_players (draft, (const char * const *) list, &error))
    g_critical ("%s", error->message);
  pen_setup_draft_set_seed (draft, seed);
  pen_setup_draft_set_physical (draft, gtk_switch_get_active (self->physical_switch));
  pen_setup_draft_set_ready_made (draft, gtk_switch_get_active (self->ready_made_switch));
  /* the group's default for the odds; each game can change it later */
  pen_setup_draft_set_hide_odds (draft, !g_settings_get_boolean (settings, "show-odds"));
  /* the printed values the group typed in, so the game replays the same on any machine */
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    {
      int v = cell < pen_board_layout_get_n_cells (layout)
              ? pen_board_layout_get_value (layout, cell) : -1;
      cells[cell] = v >= 1 && v <= 6 ? (guint) v : 0;
    }
  pen_setup_draft_set_cell_values (draft, cells, PEN_MARK_CELLS, NULL);
  return g_steal_pointer (&draft);
}

/* The assistant hands back the draft, complete: the window makes the new game from it */
static void
setup_finished_cb (PenSetupAssistant *assistant,
                   PenSetupDraft     *draft,
                   PenStartPage      *self)
{
  g_signal_emit (self, signals[NEW_GAME], 0, draft);
}

PenSetupAssistant *
pen_start_page_open_setup (PenStartPage *self)
{
  /* a short seed, easy to read out to another table */
  g_autoptr(PenSetupDraft) draft = pen_start_page_build_draft (self,
                                                               g_random_int_range (1, 1000000));
  PenSetupAssistant *assistant = pen_setup_assistant_new (draft);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  /* a group playing again finds its count and who deals as it left them (finding Z9) */
  g_settings_set_int (settings, "last-players", gtk_spin_button_get_value_as_int (
                        self->players_spin));
  g_settings_set_boolean (settings, "last-physical", gtk_switch_get_active (
                            self->physical_switch));
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
open_cb (PenStartPage *self,
         GFile        *file)
{
  g_signal_emit (self, signals[OPEN_GAME], 0, file);
}

/* Moves a damaged save out of the list: it is renamed, never changed or removed */
static void
set_aside_cb (PenStartPage *self,
              GFile        *file)
{
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

/* "Vera and Oleg", "Vera, Oleg and Mira", "Vera and the Rival" */
static char *
players_phrase (PenTable *table)
{
  guint n = pen_table_get_n_players (table);
  g_autofree char *phrase = NULL;

  for (guint w = 0; w < n; w++)
    {
      PenWizard *wizard = pen_table_get_wizard (table, w);
      const char *name = pen_wizard_get_rival (wizard) ? _("the Rival")
                                                      : pen_wizard_get_display_name (wizard);
      char *longer;

      if (phrase == NULL)
        longer = g_strdup (name);
      else if (w + 1 == n)
        /* TRANSLATORS: the last two of the players' names: "Vera and Oleg" */
        longer = g_strdup_printf (_("%s and %s"), phrase, name);
      else
        /* TRANSLATORS: players' names in a list: "Vera, Oleg" */
        longer = g_strdup_printf (_("%s, %s"), phrase, name);
      g_free (phrase);
      phrase = longer;
    }
  return phrase != NULL ? g_steal_pointer (&phrase) : g_strdup ("");
}

/* Resume names the game by its players, then its turn and date (issue 9, play finding V13) */
static void
update_resume (PenStartPage *self,
               PenGame      *game,
               const char   *date)
{
  gtk_widget_set_visible (GTK_WIDGET (self->resume_button), self->resume_file != NULL);
  if (self->resume_file != NULL && game != NULL)
    {
      PenTable *table = pen_game_get_table (game);
      g_autofree char *players = players_phrase (table);
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;

      /* TRANSLATORS: the players' names: "Resume Vera and Oleg's Game" */
      title = g_strdup_printf (_("Resume %s's Game"), players);
      subtitle = g_strdup_printf (_("Turn %u · %s"), pen_table_get_turn (table) + 1, date);
      gtk_label_set_label (self->resume_title, title);
      gtk_label_set_label (self->resume_subtitle, subtitle);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->resume_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, subtitle, -1);
    }
  /* the start button is the main one only when there is nothing to resume */
  if (self->resume_file != NULL)
    gtk_widget_remove_css_class (self->start_button, "suggested-action");
  else
    gtk_widget_add_css_class (self->start_button, "suggested-action");
}

static gboolean
check_next_cb (gpointer data)
{
  PenStartPage *self = data;
  g_autoptr(PenSaveRow) row = NULL;
  g_autoptr(PenGame) game = NULL;

  if (self->unchecked->len == 0)
    {
      self->check_id = 0;
      return G_SOURCE_REMOVE;
    }
  row = g_ptr_array_steal_index (self->unchecked, 0);
  game = pen_save_row_check (row);
  if (game != NULL && self->resume_file == NULL
      && pen_table_get_phase (pen_game_get_table (game)) != PEN_PHASE_ENDED)
    {
      /* the newest save that can be read, of a game still going */
      self->resume_file = g_object_ref (pen_save_row_get_file (row));
      update_resume (self, game, pen_save_row_get_date (row));
    }
  return G_SOURCE_CONTINUE;
}

static void
start_checks (PenStartPage *self)
{
  if (self->check_id == 0 && self->unchecked->len > 0)
    self->check_id = g_idle_add_full (G_PRIORITY_LOW, check_next_cb, self, NULL);
}

static GtkWidget *
create_save_row (gpointer item,
                 gpointer data)
{
  PenStartPage *self = data;
  PenSaveRow *row = pen_save_row_new (item);

  g_signal_connect_object (row, "open", G_CALLBACK (open_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (row, "set-aside", G_CALLBACK (set_aside_cb), self,
                           G_CONNECT_SWAPPED);
  /* each row is read once the page shows, as a resume would read it */
  g_ptr_array_add (self->unchecked, g_object_ref (row));
  return GTK_WIDGET (row);
}

void
pen_start_page_refresh (PenStartPage *self)
{
  g_autoptr(GListModel) saves = pen_game_list_saves ();
  g_autoptr(GtkSliceListModel) listed = NULL;

  g_clear_object (&self->resume_file);
  g_clear_handle_id (&self->check_id, g_source_remove);
  g_ptr_array_set_size (self->unchecked, 0);

  /* the 30 newest */
  listed = gtk_slice_list_model_new (g_object_ref (saves), 0, 30);
  gtk_list_box_bind_model (self->saves_list, G_LIST_MODEL (listed), create_save_row, self,
                           NULL);
  gtk_widget_set_visible (self->saves_group, g_list_model_get_n_items (saves) > 0);
  /* Resume waits for its save to be read: a damaged one is never offered */
  update_resume (self, NULL, NULL);
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

  /* the set-up assistant's draft, complete: pen_setup_draft_start() makes the game */
  signals[NEW_GAME] = g_signal_new ("new-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_SETUP_DRAFT);
  signals[OPEN_GAME] = g_signal_new ("open-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PenStartPage, resume_button);
  gtk_widget_class_bind_template_child (widget_class, PenStartPage, resume_title);
  gtk_widget_class_bind_template_child (widget_class, PenStartPage, resume_subtitle);
  gtk_widget_class_bind_template_child (widget_class, PenStartPage, players_row);
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
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  self->unchecked = g_ptr_array_new_with_free_func (g_object_unref);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* what the group chose when it last started a game */
  gtk_spin_button_set_value (self->players_spin, g_settings_get_int (settings, "last-players"));
  gtk_switch_set_active (self->physical_switch, g_settings_get_boolean (settings,
                                                                         "last-physical"));
  pen_widget_keep_scroll_still (GTK_WIDGET (self));
  /* a wheel turn over a number scrolls the form */
  pen_spin_buttons_scroll_when_focused (GTK_WIDGET (self));
  players_changed_cb (self);
}
