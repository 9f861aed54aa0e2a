/* test-ui-narrow.c: the window fits a phone, 360 px wide, on every page of a game in full swing
 *
 * Long names, a full trial row and four contracts in the Guild, in every state of a turn: turn
 * 11 of a two-player game between turns, in a study turn, in a trial turn before and during
 * its trial, and the same trial with four players; the window keeps its default decorations.
 * Run once in English and once in Russian (tests/meson.build sets LANGUAGE).
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

/* The states the window must fit in at 360 px */
typedef enum {
  STATE_BETWEEN_TURNS,  /* turn 11, the next turn not chosen yet */
  STATE_STUDY_TURN,     /* turn 11, a study turn */
  STATE_TRIAL_TURN,     /* turn 11, a trial turn, no trial begun yet */
  STATE_TRIAL,          /* turn 11, a trial in progress */
  STATE_FOUR_PLAYERS,   /* four players, turn 11, a trial in progress */
} State;

static const char *state_names[] = {
  "between-turns", "study-turn", "trial-turn", "trial", "four-players",
};

static void
begin_trial (PenGame *game)
{
  PenTable *table = pen_game_get_table (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) properties = json_object_new ();
  g_autoptr(PenAction) begin = NULL;

  json_object_set_int_member (properties, "rift", 2);
  json_object_set_int_member (properties, "vigilance", 1);
  json_object_set_boolean_member (properties, "trap", TRUE);
  begin = pen_action_new_trial_begin (pen_table_get_current (table), 0, NULL, properties);
  g_assert_true (pen_game_submit (game, begin, &error));
  g_assert_no_error (error);
  g_assert_nonnull (pen_table_get_trial (table));
}

/* Long names, a full trial row and four contracts in the Guild; turn 11 of a two-player (or
 * four-player) game in the given state */
static PenGame *
game_in_state (State state)
{
  PenGame *game = pen_game_new ();
  PenTable *table = pen_game_get_table (game);
  const char *players = state == STATE_FOUR_PLAYERS
    ? "[\"Maximiliana Featherstonehaugh-Ravenscroft\","
      " \"Bartholomew Worthington-Smythe the Third\","
      " \"Konstantin Konstantinopolsky-Vasilievsky\","
      " \"Wilhelmina Cholmondeley-Fotheringham\"]"
    : "[\"Maximiliana Featherstonehaugh-Ravenscroft\","
      " \"Bartholomew Worthington-Smythe the Third\"]";
  g_autofree char *new_game = g_strdup_printf (
       "{\"action\": \"new-game\", \"seed\": 11, \"players\": %s,"
       " \"cell_values\": [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5],"
       " \"setup\": {\"prophecies\": [\"end-of-time\"],"
       "  \"trial_row\": [\"goldeater\", \"scrollers\", \"out-of-tune-clock\", \"gloomy-lady\","
       "                \"pack-of-direwolves\", \"plains-of-agony\"],"
       "  \"fate_deck\": [\"aranea\", \"fresh-batch\", \"heroism\", \"wildwood\", \"unity\","
       "                \"basilisk\", \"fog-of-oblivion\", \"swarm-of-umbrals\", \"smoky-beast\","
       "                \"radomir-flaming\"],"
       "  \"contract_row\": [\"lost-hut\", \"scarlet-pact\", \"brightshine\","
       "                   \"sorcerous-prison\"],"
       "  \"contract_deck\": []}}", players);

  run (game, new_game);
  while (pen_table_get_turn (table) < 11)
    {
      run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
      run (game, "{\"action\": \"turn-end\"}");
    }
  switch (state)
    {
    case STATE_BETWEEN_TURNS:
      break;
    case STATE_STUDY_TURN:
      run (game, "{\"action\": \"turn-start\", \"kind\": \"study\"}");
      break;
    case STATE_TRIAL_TURN:
      run (game, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
      break;
    case STATE_TRIAL:
    case STATE_FOUR_PLAYERS:
    default:
      run (game, "{\"action\": \"turn-start\", \"kind\": \"trial\"}");
      begin_trial (game);
      break;
    }
  g_assert_cmpuint (pen_table_get_turn (table), ==, 11);
  g_assert_cmpuint (pen_table_get_n_players (table), ==, state == STATE_FOUR_PLAYERS ? 4 : 2);
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
test_narrow_every_page (gconstpointer data)
{
  static const char *pages[] = { "table", "wizards", "threat", "score", "rules" };
  State state = GPOINTER_TO_INT (data);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = game_in_state (state);
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
      g_test_message ("%s, %s: the window is at least %d px wide (%s)", state_names[state],
                      pages[i], min, g_getenv ("LANGUAGE"));
      /* and the window really is that narrow, laid out at 360 px */
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, PHONE_WIDTH);
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
  for (State state = 0; state < G_N_ELEMENTS (state_names); state++)
    {
      g_autofree char *path = g_strdup_printf ("/penumbra/ui/narrow/%s", state_names[state]);

      g_test_add_data_func (path, GINT_TO_POINTER (state), test_narrow_every_page);
    }

  return g_test_run ();
}
