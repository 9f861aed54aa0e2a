/* pen-application.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-application.h"
#include "pen-demo.h"
#include "pen-preferences-window.h"
#include "pen-start-page.h"
#include "pen-turn.h"
#include "pen-window.h"

struct _PenApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;
  gboolean        demo;
  char           *page;
};

G_DEFINE_FINAL_TYPE (PenApplication, pen_application, ADW_TYPE_APPLICATION)

static void
apply_settings (PenApplication *self)
{
  g_autofree char *lang = g_settings_get_string (self->settings, "card-language");

  if (!g_str_equal (lang, "auto"))
    pen_turn_set_card_language (lang);
}

static void
settings_changed_cb (PenApplication *self)
{
  apply_settings (self);
}

static GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = G_TYPE_CHECK_INSTANCE_TYPE (child, type) ? child
                                                                  : find_widget (child, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Hidden `--page setup[:STEP[:physical]]` (for screenshots): the setup assistant over the start page */
static void
open_setup (PenApplication *self,
            GtkWindow      *window)
{
  GtkWidget *start;
  PenSetupAssistant *assistant;
  PenSetupDraft *draft;
  guint64 step = 1;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  start = find_widget (GTK_WIDGET (window), PEN_TYPE_START_PAGE);
  if (start == NULL)
    return;
  assistant = pen_start_page_open_setup (PEN_START_PAGE (start));
  if (self->page[5] == ':')
    step = CLAMP (g_ascii_strtoull (self->page + 6, NULL, 10), 1, PEN_SETUP_ASSISTANT_STEPS);
  draft = pen_setup_assistant_get_draft (assistant);
  if (strstr (self->page, "physical") != NULL)
    {
      pen_setup_draft_set_physical (draft, TRUE);
      pen_setup_draft_set_ready_made (draft, FALSE);
    }
  for (guint i = 0; i < pen_setup_draft_get_n_players (draft) && step > 1; i++)
    pen_setup_draft_set_start_mark (draft, i, (int) i, NULL); /* to get past the Talents */
  pen_setup_assistant_set_step (assistant, (guint) step - 1);
}

static void
pen_application_activate (GApplication *app)
{
  PenApplication *self = PEN_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    {
      PenWindow *win = pen_window_new (self);

      if (self->demo)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(PenGame) game = pen_demo_new_game (&error);

          if (game != NULL)
            pen_window_set_game (win, game);
          else
            g_warning ("demo game: %s", error->message);
        }
      else
        pen_window_resume_last (win);
      if (self->page != NULL && !g_str_has_prefix (self->page, "setup"))
        pen_window_show_page (win, self->page);
      window = GTK_WINDOW (win);
    }
  gtk_window_present (window);
  if (self->page != NULL && g_str_has_prefix (self->page, "setup"))
    open_setup (self, window);
}

static int
pen_application_handle_local_options (GApplication *app,
                                      GVariantDict *options)
{
  PenApplication *self = PEN_APPLICATION (app);

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("penumbra-companion %s\n", PACKAGE_VERSION);
      return 0;
    }
  self->demo = g_variant_dict_contains (options, "demo");
  g_clear_pointer (&self->page, g_free);
  g_variant_dict_lookup (options, "page", "s", &self->page);
  return -1;
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *param,
                 gpointer       user_data)
{
  GtkApplication *app = user_data;
  const char *developers[] = { "The Penumbra Companion developers", NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (app),
                        "application-name", _("Penumbra Companion"),
                        "application-icon", APP_ID,
                        "version", PACKAGE_VERSION,
                        "developer-name", _("The Penumbra Companion developers"),
                        "developers", developers,
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "comments", _("A companion for the board game Penumbra: Trials of Arcana. "
                                      "It keeps the table; the game and its rules belong to "
                                      "their authors."),
                        "translator-credits", _("translator-credits"),
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  PenApplication *self = user_data;
  PenPreferencesWindow *prefs = pen_preferences_window_new (self->settings);

  gtk_window_set_transient_for (GTK_WINDOW (prefs),
                                gtk_application_get_active_window (GTK_APPLICATION (self)));
  gtk_window_present (GTK_WINDOW (prefs));
}

static const GActionEntry app_entries[] = {
  { "quit", quit_activated },
  { "about", about_activated },
  { "preferences", preferences_activated },
};

static void
pen_application_startup (GApplication *app)
{
  PenApplication *self = PEN_APPLICATION (app);
  static const char *quit_accels[] = { "<Ctrl>q", NULL };
  static const char *prefs_accels[] = { "<Ctrl>comma", NULL };
  static const char *undo_accels[] = { "<Ctrl>z", NULL };
  static const char *redo_accels[] = { "<Ctrl><Shift>z", "<Ctrl>y", NULL };
  static const char *new_accels[] = { "<Ctrl>n", NULL };
  static const char *check_accels[] = { "<Ctrl>r", NULL };
  static const char *task_accels[] = { "<Ctrl>t", NULL };
  static const char *page_accels[5][2] = {
    { "<Alt>1", NULL }, { "<Alt>2", NULL }, { "<Alt>3", NULL }, { "<Alt>4", NULL },
    { "<Alt>5", NULL },
  };
  static const char *pages[] = { "table", "wizards", "threat", "score", "rules" };

  G_APPLICATION_CLASS (pen_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_entries, G_N_ELEMENTS (app_entries),
                                   app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences", prefs_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.undo", undo_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.redo", redo_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.new-game", new_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.check-table", check_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.task-helper", task_accels);
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      g_autofree char *detailed = g_strdup_printf ("win.page::%s", pages[i]);
      gtk_application_set_accels_for_action (GTK_APPLICATION (app), detailed, page_accels[i]);
    }

  apply_settings (self);
}

static void
pen_application_dispose (GObject *object)
{
  PenApplication *self = PEN_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->page, g_free);

  G_OBJECT_CLASS (pen_application_parent_class)->dispose (object);
}

static void
pen_application_class_init (PenApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = pen_application_dispose;
  app_class->activate = pen_application_activate;
  app_class->startup = pen_application_startup;
  app_class->handle_local_options = pen_application_handle_local_options;
}

static void
pen_application_init (PenApplication *self)
{
  static const GOptionEntry options[] = {
    { "demo", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("Open a built-in sample game without touching your saved games"), NULL },
    { "page", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Open on a page: table, wizards, threat, score or rules"), N_("PAGE") },
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Print the version"), NULL },
    { NULL }
  };

  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed", G_CALLBACK (settings_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_application_add_main_option_entries (G_APPLICATION (self), options);
}

PenApplication *
pen_application_new (void)
{
  return g_object_new (PEN_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_NON_UNIQUE,
                       "resource-base-path", "/io/github/penumbracompanion/PenumbraCompanion",
                       NULL);
}

GSettings *
pen_application_get_settings (PenApplication *self)
{
  return self->settings;
}
