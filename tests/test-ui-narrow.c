/* test-ui-narrow.c: the window fits a phone, 360 px wide, on every page of a game in full swing
 *
 * Turn 11 of a two-player game with long names, a full trial row, four contracts in the Guild
 * and a trial in progress; the window keeps its default decorations. Run once in English and
 * once in Russian (tests/meson.build sets LANGUAGE).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "pen-application.h"
#include "pen-window.h"
#include "pen-test-gtk-utils.h"

#define PHONE_WIDTH 360

static void
run (PenGame    *game,
     const char *json)
{
  g_autoptr(GError) error = NULL;

  if (!pen_game_submit_json (game, json, &error))
    g_error ("%s: %s", json, error->message);
}

static PenGame *
game_in_full_swing (void)
{
  PenGame *game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);

  run (game, "{\"action\": \"new-game\", \"seed\": 11,"
       " \"players\": [\"Maximiliana Featherstonehaugh-Ravenscroft\","
       "               \"Bartholomew Worthington-Smythe the Third\"],"
       " \"cell_values\": [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5],"
       " \"setup\": {\"prophecies\": [\"end-of-time\"],"
       "  \"trial_row\": [\"goldeater\", \"scrollers\", \"out-of-tune-clock\", \"gloomy-lady\","
       "                \"pack-of-direwolves\", \"plains-of-agony\"],"
       "  \"fate_deck\": [\"aranea\", \"fresh-batch\", \"heroism\", \"wildwood\", \"unity\","
       "                \"basilisk\", \"fog-of-oblivion\", \"swarm-of-umbrals\", \"smoky-beast\","
       "                \"radomir-flaming\"],"
       "  \"contract_row\": [\"lost-hut\", \"scarlet-pact\", \"brightshine\","
       "                   \"sorcerous-prison\"],"
       "  \"contract_deck\": []}}");
  while (pen_table_get_turn (table) < 11)
    {
      run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
      run (game, "{\"action\": \"turn-end\"}");
    }
  run (game, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonObject) properties = json_object_new ();
    g_autoptr(PenAction) begin = NULL;

    json_object_set_int_member (properties, "rift", 2);
    json_object_set_int_member (properties, "vigilance", 1);
    json_object_set_boolean_member (properties, "trap", TRUE);
    begin = pen_action_new_trial_begin (pen_table_get_current (table), 0, NULL, properties);
    g_assert_true (pen_game_submit (game, begin, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpuint (pen_table_get_turn (table), ==, 11);
  g_assert_nonnull (pen_table_get_trial (table));
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_trial_row (table)), >=, 6);
  return game;
}

/* The widest widgets, for the test's log: what keeps the window from narrowing */
static void
log_widest (GtkWidget *widget,
            int        depth)
{
  int min = 0;

  if (!gtk_widget_get_visible (widget))
    return;
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  if (min <= PHONE_WIDTH - 120)
    {
      /* what adds up to the width: the smaller ones too, one level down */
      if (GTK_IS_LABEL (widget))
        g_test_message ("%*s(label %d: %s)", depth, "", min,
                        gtk_label_get_label (GTK_LABEL (widget)));
      else if (min > 40)
        g_test_message ("%*s(%s %d)", depth, "", G_OBJECT_TYPE_NAME (widget), min);
      return;
    }
  g_test_message ("%*s%s %s: %d", depth, "", G_OBJECT_TYPE_NAME (widget),
                  gtk_widget_get_name (widget), min);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    log_widest (c, depth + 1);
}

static void
test_narrow_every_page (void)
{
  static const char *pages[] = { "table", "wizards", "threat", "score", "rules" };
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = game_in_full_swing ();
  g_autoptr(PenApplication) app = pen_application_new ();
  PenWindow *window;
  gboolean fits = TRUE;

  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  window = pen_window_new (app);
  pen_window_set_game (window, game);
  gtk_window_set_default_size (GTK_WINDOW (window), PHONE_WIDTH, 720);
  gtk_window_present (GTK_WINDOW (window));
  pen_test_flush ();

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      int min = 0;

      pen_window_show_page (window, pages[i]);
      pen_test_flush ();
      gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL,
                          NULL);
      g_test_message ("%s: the window is at least %d px wide (%s)", pages[i], min,
                      g_getenv ("LANGUAGE"));
      if (min > PHONE_WIDTH)
        {
          log_widest (GTK_WIDGET (window), 0);
          fits = FALSE;
        }
    }
  g_assert_true (fits);

  gtk_window_destroy (GTK_WINDOW (window));
  pen_test_flush ();
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("PENUMBRA_LOCALEDIR");

  /* gettext reads LANGUAGE only outside the plain C locale */
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  /* gtk_test_init () keeps the C locale */
  setlocale (LC_ALL, "");
  adw_init ();
  if (localedir != NULL)
    bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* the Russian run really is in Russian */
  if (g_strcmp0 (g_getenv ("LANGUAGE"), "ru") == 0)
    g_assert_cmpstr (_("Table"), !=, "Table");
  g_test_add_func ("/penumbra/ui/narrow/every-page", test_narrow_every_page);

  return g_test_run ();
}
