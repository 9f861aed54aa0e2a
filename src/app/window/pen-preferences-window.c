/* pen-preferences-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-board-layout.h"
#include "pen-catalog.h"
#include "pen-locations.h"
#include "pen-preferences-window.h"
#include "pen-resource-faces-dialog.h"
#include "pen-types.h"
#include "pen-window.h"
#include "pen-widget-utils.h"

struct _PenPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  AdwComboRow          *language_row;
  GtkSwitch            *odds_switch;
  GtkSwitch            *large_text_switch;
  GtkSwitch            *awake_switch;
  AdwPreferencesGroup  *cells_group;
  AdwActionRow         *resource_row;
  GtkButton            *resource_button;

  GSettings            *settings;
  GtkFileChooserNative *chooser;
  GPtrArray            *cell_spins;   /* the spin button of each cell, in cell order */
  gboolean              edited[PEN_MARK_CELLS];  /* cells typed in since the window opened */
  PenGame              *game;         /* set by pen_preferences_window_set_game(), or NULL */
};

G_DEFINE_FINAL_TYPE (PenPreferencesWindow, pen_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static const char *languages[] = { "auto", "en", "ru" };

static void
language_changed_cb (PenPreferencesWindow *self)
{
  guint i = adw_combo_row_get_selected (self->language_row);

  if (i < G_N_ELEMENTS (languages))
    g_settings_set_string (self->settings, "card-language", languages[i]);
}

static void
toast (PenPreferencesWindow *self,
       const char           *message)
{
  adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), adw_toast_new (message));
}

static void
cell_changed_cb (GtkSpinButton        *spin,
                 PenPreferencesWindow *self)
{
  guint cell = 0;
  int value = gtk_spin_button_get_value_as_int (spin);
  PenBoardLayout *layout = pen_board_layout_get_default ();
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->cell_spins == NULL || !g_ptr_array_find (self->cell_spins, spin, &cell))
    return;
  /* 0: not known */
  if (value == 0)
    ok = pen_board_layout_forget_user_value (layout, cell, "value", &error);
  else
    ok = pen_board_layout_set_user_int (layout, cell, "value", value, &error);
  if (!ok)
    toast (self, error->message);
  else if (cell < PEN_MARK_CELLS)
    self->edited[cell] = TRUE;
}

/* The Resource die's faces as known now, and the button to type or correct them */
static void
sync_resource (PenPreferencesWindow *self)
{
  g_autofree char *faces = pen_resource_faces_dialog_describe ();
  gboolean known = pen_locations_get_resource_faces (pen_locations_get_default (), NULL);

  adw_action_row_set_subtitle (self->resource_row, faces);
  gtk_button_set_label (self->resource_button, known ? _("_Correct…") : _("_Type In…"));
}

static void
resource_clicked_cb (PenPreferencesWindow *self)
{
  PenResourceFacesDialog *dialog = pen_resource_faces_dialog_new (GTK_WINDOW (self));

  g_signal_connect_object (dialog, "saved", G_CALLBACK (sync_resource), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

GtkButton *
pen_preferences_window_get_resource_button (PenPreferencesWindow *self)
{
  g_return_val_if_fail (PEN_IS_PREFERENCES_WINDOW (self), NULL);
  return self->resource_button;
}

/* The game the values go to: the one given, else the one of the window this one belongs to */
static PenGame *
get_game (PenPreferencesWindow *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

  if (self->game != NULL)
    return self->game;
  if (PEN_IS_WINDOW (parent))
    return pen_window_get_game (PEN_WINDOW (parent));
  return NULL;
}

/* what the printed values are for: a game in progress takes them too */
static void
update_cells_description (PenPreferencesWindow *self)
{
  PenGame *game = get_game (self);
  gboolean playing = game != NULL && pen_table_get_n_players (pen_game_get_table (game)) > 0;

  adw_preferences_group_set_description (self->cells_group,
                                         playing
                                         ? _("The rulebook does not print the numbers of the "
                                             "Wizard board. Type in the die face shown under "
                                             "each cell of your board, once; 0 means unknown. "
                                             "The game in progress takes them when you close "
                                             "this window (each one an undoable step), and new "
                                             "games use them.")
                                         : _("The rulebook does not print the numbers of the "
                                             "Wizard board. Type in the die face shown under "
                                             "each cell of your board, once; 0 means unknown. "
                                             "New games use them."));
}

/**
 * pen_preferences_window_apply_to_game:
 *
 * The values typed in since the window opened reach the game in progress: one board-value
 * action for each such cell whose value the game does not have yet (an unknown 0 typed in
 * takes nothing away from the game). Done when the window closes. Returns how many went in.
 */
guint
pen_preferences_window_apply_to_game (PenPreferencesWindow *self)
{
  PenBoardLayout *layout = pen_board_layout_get_default ();
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  PenGame *game = get_game (self);
  guint n = 0;

  g_return_val_if_fail (PEN_IS_PREFERENCES_WINDOW (self), 0);

  if (game == NULL || pen_table_get_n_players (pen_game_get_table (game)) == 0)
    return 0;
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    {
      int value = pen_board_layout_get_value (layout, cell);
      g_autoptr(PenAction) action = NULL;
      g_autoptr(GError) error = NULL;
      gboolean ok;

      if (!self->edited[cell] || value < 1 || value > 6
          || (int) pen_table_get_cell_value (pen_game_get_table (game), cell) == value)
        continue;
      self->edited[cell] = FALSE;
      action = pen_action_new_board_value (cell, value);
      if (self->game == NULL && PEN_IS_WINDOW (parent))
        ok = pen_window_submit (PEN_WINDOW (parent), action);
      else if (!(ok = pen_game_submit (game, action, &error)))
        toast (self, error->message);
      n += ok;
    }
  return n;
}

void
pen_preferences_window_set_game (PenPreferencesWindow *self,
                                 PenGame              *game)
{
  g_return_if_fail (PEN_IS_PREFERENCES_WINDOW (self));
  g_return_if_fail (game == NULL || PEN_IS_GAME (game));

  g_set_object (&self->game, game);
  update_cells_description (self);
}

static gboolean
pen_preferences_window_close_request (GtkWindow *window)
{
  pen_preferences_window_apply_to_game (PEN_PREFERENCES_WINDOW (window));
  return GTK_WINDOW_CLASS (pen_preferences_window_parent_class)->close_request (window);
}

static void
build_cells (PenPreferencesWindow *self)
{
  PenBoardLayout *layout = pen_board_layout_get_default ();
  guint n = pen_board_layout_get_n_cells (layout);

  for (guint cell = 0; cell < n; cell++)
    {
      gboolean spark = pen_board_layout_is_spark_cell (layout, cell);
      int value = pen_board_layout_get_value (layout, cell);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *spin = gtk_spin_button_new_with_range (0, 6, 1);
      g_autofree char *title = spark
        ? g_strdup_printf (_("Spark Cell %u"), cell - PEN_DISCIPLINE_CELLS + 1)
        : g_strdup_printf (_("Discipline Cell %u"), cell + 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                   pen_board_layout_is_placeholder (layout, cell, "value")
                                   ? _("Placeholder: not printed in the rulebook")
                                   : _("Your value"));
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value >= 1 && value <= 6 ? value : 0);
      pen_spin_button_scroll_when_focused (GTK_SPIN_BUTTON (spin));
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                      -1);
      g_ptr_array_add (self->cell_spins, spin);
      g_signal_connect (spin, "value-changed", G_CALLBACK (cell_changed_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      adw_preferences_group_add (self->cells_group, row);
    }
}

static void
chooser_response_cb (GtkNativeDialog      *dialog,
                     int                   response,
                     PenPreferencesWindow *self)
{
  gboolean export = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (dialog))
                    == GTK_FILE_CHOOSER_ACTION_SAVE;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response != GTK_RESPONSE_ACCEPT)
    return;
  file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (export ? pen_catalog_export_user (pen_catalog_get_default (), file, &error)
             : pen_catalog_import_user (pen_catalog_get_default (), file, &error))
    toast (self, export ? _("Card answers exported") : _("Card answers imported"));
  else
    toast (self, error->message);
}

static void
choose (PenPreferencesWindow *self,
        gboolean              export)
{
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (export ? _("Export Card Answers")
                                                      : _("Import Card Answers"),
                                               GTK_WINDOW (self),
                                               export ? GTK_FILE_CHOOSER_ACTION_SAVE
                                                      : GTK_FILE_CHOOSER_ACTION_OPEN,
                                               NULL, NULL);
  if (export)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), "penumbra-cards.json");
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
export_clicked_cb (PenPreferencesWindow *self)
{
  choose (self, TRUE);
}

static void
import_clicked_cb (PenPreferencesWindow *self)
{
  choose (self, FALSE);
}

static void
pen_preferences_window_dispose (GObject *object)
{
  PenPreferencesWindow *self = PEN_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->chooser);
  g_clear_object (&self->game);
  g_clear_pointer (&self->cell_spins, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_PREFERENCES_WINDOW);

  G_OBJECT_CLASS (pen_preferences_window_parent_class)->dispose (object);
}

static void
pen_preferences_window_class_init (PenPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_preferences_window_dispose;
  GTK_WINDOW_CLASS (klass)->close_request = pen_preferences_window_close_request;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PenPreferencesWindow, language_row);
  gtk_widget_class_bind_template_child (widget_class, PenPreferencesWindow, odds_switch);
  gtk_widget_class_bind_template_child (widget_class, PenPreferencesWindow, large_text_switch);
  gtk_widget_class_bind_template_child (widget_class, PenPreferencesWindow, awake_switch);
  gtk_widget_class_bind_template_child (widget_class, PenPreferencesWindow, cells_group);
  gtk_widget_class_bind_template_child (widget_class, PenPreferencesWindow, resource_row);
  gtk_widget_class_bind_template_child (widget_class, PenPreferencesWindow, resource_button);
  gtk_widget_class_bind_template_callback (widget_class, resource_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, export_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, import_clicked_cb);
}

static void
pen_preferences_window_init (PenPreferencesWindow *self)
{
  self->cell_spins = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (pen_locations_get_default (), "notify::resource-faces-known",
                           G_CALLBACK (sync_resource), self, G_CONNECT_SWAPPED);
  sync_resource (self);
}

PenPreferencesWindow *
pen_preferences_window_new (GSettings *settings)
{
  PenPreferencesWindow *self = g_object_new (PEN_TYPE_PREFERENCES_WINDOW, NULL);
  g_autofree char *lang = NULL;

  self->settings = g_object_ref (settings);
  g_settings_bind (settings, "show-odds", self->odds_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "large-text", self->large_text_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "keep-awake", self->awake_switch, "active", G_SETTINGS_BIND_DEFAULT);
  lang = g_settings_get_string (settings, "card-language");
  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    if (g_str_equal (lang, languages[i]))
      adw_combo_row_set_selected (self->language_row, i);
  g_signal_connect_swapped (self->language_row, "notify::selected",
                            G_CALLBACK (language_changed_cb), self);
  build_cells (self);
  g_signal_connect (self, "notify::transient-for", G_CALLBACK (update_cells_description), NULL);
  update_cells_description (self);
  return self;
}
