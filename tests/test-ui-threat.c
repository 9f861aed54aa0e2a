/* test-ui-threat.c: the Threat page on the demo game: a Threat started for a wizard, the faces
 * entered, the summary checked, the roll applied as ONE action that changes the model, undo
 * restoring the exact snapshot; hide-odds removing every percentage from the page.
 *
 * With PEN_THREAT_SHOTS=DIR set, it also saves DIR/threat-desktop.png and
 * DIR/threat-phone.png (the window mid-Threat at 1280×800 and 360×720).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "pen-board-layout.h"
#include "pen-card-name-dialog.h"
#include "pen-catalog.h"
#include "pen-demo.h"
#include "pen-json.h"
#include "pen-keep-height.h"
#include "pen-odds-chart.h"
#include "pen-preferences-window.h"
#include "pen-threat-choice.h"
#include "pen-threat-counter-row.h"
#include "pen-threat-mark-row.h"
#include "pen-threat-odds-view.h"
#include "pen-threat-page.h"
#include "pen-table-page.h"
#include "pen-test-gtk-utils.h"
#include "pen-test-play.h"
#include "pen-test-utils.h"

/* The page in a window of its own, wired as PenWindow wires it: "submit" goes to the game, and
 * a "win.page" action switches the view stack. (The full PenWindow is left out: destroying it
 * trips a libadwaita 1.2 critical in the view switcher, which tests/test-ui-window.c hits too.) */
typedef struct
{
  PenGame        *game;
  GtkWindow      *window;
  AdwViewStack   *stack;
  PenThreatPage  *page;
  char           *last_error;
  gboolean        hold;      /* keep what the page submits, as when the table is asked first */
  PenAction      *held;
} Fixture;

/* Visible labels under root whose text contains needle */
static guint
count_visible_labels (GtkWidget  *root,
                      const char *needle)
{
  guint n = 0;

  if (!gtk_widget_get_visible (root))
    return 0;
  if (GTK_IS_LABEL (root) && strstr (gtk_label_get_text (GTK_LABEL (root)), needle) != NULL)
    n++;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_visible_labels (child, needle);
  return n;
}

static void
page_submit_cb (PenThreatPage *page,
                PenAction     *action,
                Fixture       *f)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&f->last_error, g_free);
  if (f->hold)
    {
      g_set_object (&f->held, action);
      return;
    }
  if (!pen_game_submit (f->game, action, &error))
    f->last_error = g_strdup (error->message);
}

static void
win_page_cb (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  Fixture *f = user_data;

  adw_view_stack_set_visible_child_name (f->stack, g_variant_get_string (param, NULL));
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) page_action = g_simple_action_new ("page", G_VARIANT_TYPE_STRING);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();

  f->game = pen_demo_new_game (&error);
  g_assert_no_error (error);
  f->window = GTK_WINDOW (gtk_window_new ());
  f->stack = ADW_VIEW_STACK (adw_view_stack_new ());
  f->page = g_object_new (PEN_TYPE_THREAT_PAGE, "game", f->game, NULL);
  adw_view_stack_add_titled (f->stack, gtk_label_new ("table"), "table", "Table");
  adw_view_stack_add_titled (f->stack, GTK_WIDGET (f->page), "threat", "Threat");
  gtk_widget_set_vexpand (GTK_WIDGET (f->stack), TRUE);
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->stack));
  gtk_window_set_child (f->window, box);
  g_signal_connect (f->page, "submit", G_CALLBACK (page_submit_cb), f);
  g_signal_connect (page_action, "activate", G_CALLBACK (win_page_cb), f);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (page_action));
  gtk_widget_insert_action_group (GTK_WIDGET (f->window), "win", G_ACTION_GROUP (group));
  g_assert_true (pen_threat_page_get_game (f->page) == f->game);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->held);
  gtk_window_destroy (f->window);
  pen_test_flush ();
  g_clear_object (&f->game);
  g_clear_pointer (&f->last_error, g_free);
}

static void
submit_ok (Fixture    *f,
           const char *json)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (pen_game_submit_json (f->game, json, &error));
  g_assert_no_error (error);
}

/* Gives Ann's Marks values: Ruby 3, Amethyst 5, Spark 2 (the demo leaves them unknown). */
static void
give_ann_mark_values (Fixture *f)
{
  submit_ok (f, "{\"action\":\"correct\",\"target\":\"players[0].marks[0].value\",\"value\":3}");
  submit_ok (f, "{\"action\":\"correct\",\"target\":\"players[0].marks[1].value\",\"value\":5}");
  submit_ok (f, "{\"action\":\"correct\",\"target\":\"players[0].marks[2].value\",\"value\":2}");
}

static PenMarkState
mark_state (PenWizard *w,
            guint      i)
{
  g_autoptr(PenMark) mark = g_list_model_get_item (pen_wizard_get_marks (w), i);
  return pen_mark_get_state (mark);
}

static char *
last_action_json (PenGame *game)
{
  g_autoptr(PenAction) action = g_list_model_get_item (pen_game_get_history (game),
                                                       pen_game_get_position (game) - 1);
  g_autoptr(JsonNode) node = pen_action_to_json (action);
  return pen_json_to_string (node, FALSE);
}

static void
test_table_roll (Fixture       *f,
                 gconstpointer  data)
{
  PenTable *table = pen_game_get_table (f->game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  AdwViewStack *stack;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *restored = NULL;
  g_autofree char *json = NULL;
  g_autofree char *expected = NULL;
  GtkWidget *title;
  guint pos;

  give_ann_mark_values (f);
  stack = f->stack;
  adw_view_stack_set_visible_child_name (stack, "table");

  pen_threat_page_start (f->page, 0, 4, 0, "Test trial");
  /* the window switched to the page */
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "threat");
  title = pen_test_find_first (GTK_WIDGET (f->page), GTK_TYPE_LABEL);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==, "Ann faces Threat 4 — Test trial");
  /* the odds show, with percentages, and no unknown-value warning once the values are in */
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "%"), >, 0);
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "no value entered yet"), ==, 0);
  g_assert_null (pen_threat_page_get_summary (f->page));

  /* the table rolls 6 6 3 1: tapped on the face buttons */
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.roll", "s", "table");
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.face", "i", 6);
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.face", "i", 6);
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.face", "i", 3);
  g_assert_null (pen_threat_page_get_summary (f->page));
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.face", "i", 1);
  /* a fifth face is refused: only 4 Threat dice */
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.face", "i", 2);

  /* three 6s in the supply (Red, Spark, Purple): by default the Spark is kept */
  expected = g_strdup_printf ("Lose the %s 6 and the %s 6; the %s Mark is wounded; 1 die missed (it showed 1).",
                              pen_color_get_label (PEN_COLOR_RED),
                              pen_color_get_label (PEN_COLOR_PURPLE),
                              pen_mark_kind_get_label (PEN_MARK_RUBY));
  g_assert_cmpstr (pen_threat_page_get_summary (f->page), ==, expected);
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), expected), ==, 1);

  /* a real choice: lose the Spark 6 (supply index 2) instead; it replaces the Red one */
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.pick", "(suu)", "die", 6, 2);
  /* "adjust 1 Threat die": the 1 becomes a 2 and wounds the Spark Mark */
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.adjust", "(ui)", 3, 1);
  /* a 1 cannot go down */
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.adjust", "(ui)", 3, -1);
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.adjust", "(ui)", 3, -1);
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.adjust", "(ui)", 3, 1);
  g_free (expected);
  expected = g_strdup_printf ("Lose the %s 6 and the %s 6; the %s Mark and the %s Mark are "
                              "wounded.",
                              pen_color_get_label (PEN_COLOR_PURPLE),
                              pen_color_get_label (PEN_COLOR_SPARK),
                              pen_mark_kind_get_label (PEN_MARK_RUBY),
                              pen_mark_kind_get_label (PEN_MARK_SPARK));
  g_assert_cmpstr (pen_threat_page_get_summary (f->page), ==, expected);

  /* with every step filled in, the page still fits a 360 px phone */
  {
    int min_width;
    gtk_widget_measure (GTK_WIDGET (f->page), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL,
                        NULL, NULL);
    g_assert_cmpint (min_width, <=, 360);
  }

  json = pen_test_take_action_text (pen_threat_page_get_action (f->page));
  g_assert_nonnull (strstr (json, "\"dice\":[6,6,3,1]"));
  g_assert_nonnull (strstr (json, "\"adjust\":[0,0,0,1]"));
  g_assert_nonnull (strstr (json, "\"picks\":[3,2,-1,-1]"));

  before = pen_test_snapshot_text (f->game);
  pos = pen_game_get_position (f->game);
  g_assert_true (pen_threat_page_apply (f->page));
  g_assert_cmpuint (pen_game_get_position (f->game), ==, pos + 1);
  /* no Trial named by the roll: the page stays, saying what was applied */
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "threat");

  /* the model: two 6s lost (Purple, Spark), the Bone 4 and Red 6 kept, two Marks wounded */
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (ann)), ==, 2);
  g_assert_cmpint (pen_die_get_color (pen_wizard_get_die (ann, 0)), ==, PEN_COLOR_BONE);
  g_assert_cmpint (pen_die_get_color (pen_wizard_get_die (ann, 1)), ==, PEN_COLOR_RED);
  g_assert_cmpint (mark_state (ann, 0), ==, PEN_MARK_WOUNDED);
  g_assert_cmpint (mark_state (ann, 1), ==, PEN_MARK_CHARGED);
  g_assert_cmpint (mark_state (ann, 2), ==, PEN_MARK_WOUNDED);
  g_assert_null (pen_threat_page_get_summary (f->page));
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "Applied: Lose the"), ==, 1);
  after = pen_test_snapshot_text (f->game);

  /* one undo takes the whole roll back, exactly */
  g_assert_true (pen_game_undo (f->game));
  restored = pen_test_snapshot_text (f->game);
  g_assert_cmpstr (restored, ==, before);
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (ann)), ==, 4);
  g_assert_cmpint (mark_state (ann, 0), ==, PEN_MARK_CHARGED);
  /* and redo brings the same result */
  g_assert_true (pen_game_redo (f->game, NULL));
  g_free (restored);
  restored = pen_test_snapshot_text (f->game);
  g_assert_cmpstr (restored, ==, after);
}

static void
test_app_roll_with_defend (Fixture       *f,
                           gconstpointer  data)
{
  PenTable *table = pen_game_get_table (f->game);
  PenWizard *boris = pen_table_get_wizard (table, 1);
  g_autofree char *json = NULL;
  g_autofree char *json_again = NULL;
  g_autofree char *before = NULL;
  g_autofree char *restored = NULL;
  g_autofree char *logged = NULL;
  g_autoptr(GString) faces = g_string_new (NULL);
  PenRandom r;
  g_autoptr(PenAction) action = NULL;

  /* DEFEND cannot discard an uncancellable die: the preparation is refused, no roll starts */
  pen_threat_page_start (f->page, 1, 0, 1, NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.change", "(si)", "defend", 1);
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.roll", "s", "app");
  g_assert_null (pen_test_take_action_text (pen_threat_page_get_action (f->page)));
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "not allowed"), ==, 1);

  /* Boris: 3 Threat dice and 1 uncancellable; DEFEND with his only Yellow die (a second one
   * is not there to spend) */
  pen_threat_page_start (f->page, 1, 3, 1, NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.change", "(si)", "defend", 1);
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.change", "(si)", "defend", 1);
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "Discards the Yellow 1"), ==, 1);

  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.roll", "s", "app");
  json = pen_test_take_action_text (pen_threat_page_get_action (f->page));
  g_assert_nonnull (json);
  /* 4 dice minus one DEFEND: the game rolls 3 from its own generator */
  g_assert_nonnull (strstr (json, "\"count\":3"));
  g_assert_nonnull (strstr (json, "\"defend\":[0]"));
  g_assert_nonnull (strstr (json, "\"uncancellable\":1"));
  g_assert_nonnull (pen_threat_page_get_summary (f->page));

  /* the faces the page showed are those the game will draw */
  r = *pen_table_get_random (table);
  for (guint i = 0; i < 3; i++)
    g_string_append_printf (faces, " %u", pen_random_die (&r));

  before = pen_test_snapshot_text (f->game);
  g_assert_true (pen_threat_page_apply (f->page));
  action = g_list_model_get_item (pen_game_get_history (f->game),
                                  pen_game_get_position (f->game) - 1);
  g_assert_nonnull (strstr (pen_action_get_label (action), faces->str));
  logged = last_action_json (f->game);
  g_assert_nonnull (strstr (logged, "\"count\":3"));
  /* the Yellow die went to DEFEND */
  for (guint i = 0; i < g_list_model_get_n_items (pen_wizard_get_supply (boris)); i++)
    g_assert_cmpint (pen_die_get_color (pen_wizard_get_die (boris, i)), !=, PEN_COLOR_YELLOW);

  g_assert_true (pen_game_undo (f->game));
  restored = pen_test_snapshot_text (f->game);
  g_assert_cmpstr (restored, ==, before);

  /* undo never gives a new roll: the same preparation rolls the same faces */
  pen_threat_page_start (f->page, 1, 3, 1, NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.change", "(si)", "defend", 1);
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.roll", "s", "app");
  json_again = pen_test_take_action_text (pen_threat_page_get_action (f->page));
  g_assert_cmpstr (json_again, ==, json);

  /* another action draws from the generator meanwhile: the faces shown are sent as they are */
  submit_ok (f, "{\"action\":\"die-gain\",\"wizard\":0,\"color\":\"red\"}");
  g_free (json_again);
  json_again = pen_test_take_action_text (pen_threat_page_get_action (f->page));
  g_assert_null (strstr (json_again, "\"count\""));
  {
    g_autofree char *list = g_strstrip (g_strdup (faces->str));
    g_autofree char *dice = g_strdup_printf ("\"dice\":[%s]", g_strdelimit (list, " ", ','));
    g_assert_nonnull (strstr (json_again, dice));
  }
}

static void
test_hide_odds (Fixture       *f,
                gconstpointer  data)
{
  PenTable *table = pen_game_get_table (f->game);
  GtkSwitch *show;

  pen_threat_page_start (f->page, 0, 5, 0, "Retaliation");
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "%"), >, 0);
  /* the demo has no Mark values: the page says so, and how to enter them */
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "Tap “?”"), ==, 1);

  /* the odds section's switch is "Show the odds" */
  show = GTK_SWITCH (pen_test_find_first (pen_test_find_first (GTK_WIDGET (f->page),
                                                               PEN_TYPE_THREAT_ODDS_VIEW),
                                          GTK_TYPE_SWITCH));
  g_assert_true (gtk_switch_get_active (show));
  gtk_switch_set_active (show, FALSE);
  g_assert_true (pen_table_get_hide_odds (table));
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "%"), ==, 0);
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "hidden"), ==, 1);

  /* nor once the roll is in */
  pen_threat_page_set_faces (f->page, (const guint8 []) { 6, 4, 2, 2, 1 }, 5);
  g_assert_nonnull (pen_threat_page_get_summary (f->page));
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "%"), ==, 0);

  /* the setting is an action: undo shows the odds again */
  g_assert_true (pen_game_undo (f->game));
  g_assert_false (pen_table_get_hide_odds (table));
  g_assert_true (gtk_switch_get_active (show));
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "%"), >, 0);

  /* another page starts a Threat through the window's action */
  adw_view_stack_set_visible_child_name (f->stack, "table");
  g_assert_true (gtk_widget_activate_action (adw_view_stack_get_child_by_name (f->stack, "table"),
                                             "threat-helper.start", "(uuus)", 2, 2, 1,
                                             "Retaliation"));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (f->stack), ==, "threat");
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page),
                                          "Chloe faces Threat 3 — Retaliation"), ==, 1);

  /* and the "setting" action from elsewhere hides them too */
  submit_ok (f, "{\"action\":\"setting\",\"hide_odds\":true}");
  g_assert_false (gtk_switch_get_active (show));
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "%"), ==, 0);
}

/* The action stays strict about the preparation it carries. */
static void
test_action_strict (Fixture       *f,
                    gconstpointer  data)
{
  static const struct { const char *json; int code; } bad[] = {
    /* 3 dice, 1 discarded: 2 to roll, not 3 */
    { "{\"action\":\"threat\",\"wizard\":0,\"threat\":3,\"discard\":1,\"count\":3}",
      PEN_ERROR_REFUSED },
    { "{\"action\":\"threat\",\"wizard\":0,\"threat\":2,\"dice\":[1]}", PEN_ERROR_REFUSED },
    /* Ann has no Yellow die */
    { "{\"action\":\"threat\",\"wizard\":0,\"threat\":2,\"defend\":[0],\"count\":1}",
      PEN_ERROR_REFUSED },
    { "{\"action\":\"threat\",\"wizard\":0,\"dice\":[6],\"adjust\":[1]}", PEN_ERROR_INVALID },
    { "{\"action\":\"threat\",\"wizard\":0,\"dice\":[6,1],\"adjust\":[0]}", PEN_ERROR_INVALID },
    { "{\"action\":\"threat\",\"wizard\":0,\"dice\":[6],\"picks\":[0]}", PEN_ERROR_REFUSED },
    { "{\"action\":\"threat\",\"wizard\":0,\"dice\":[6],\"count\":1}", PEN_ERROR_INVALID },
    { "{\"action\":\"threat\",\"wizard\":0,\"threat\":20,\"uncancellable\":11,\"count\":1}",
      PEN_ERROR_INVALID },
  };
  g_autofree char *before = pen_test_snapshot_text (f->game);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *now = NULL;

      g_assert_false (pen_game_submit_json (f->game, bad[i].json, &error));
      g_assert_error (error, PEN_ERROR, bad[i].code);
      now = pen_test_snapshot_text (f->game);
      g_assert_cmpstr (now, ==, before);
    }
  /* Ann's Red 6 is supply index 1: picked, it goes instead of the default */
  submit_ok (f, "{\"action\":\"threat\",\"wizard\":0,\"threat\":1,\"dice\":[6],\"picks\":[2]}");
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (
                      pen_table_get_wizard (pen_game_get_table (f->game), 0))), ==, 3);
  g_assert_cmpint (pen_die_get_color (pen_wizard_get_die (
                     pen_table_get_wizard (pen_game_get_table (f->game), 0), 2)), ==,
                   PEN_COLOR_PURPLE);
}

/* Two Marks of the same value: the player says which one is wounded */
static void
test_mark_choice (Fixture       *f,
                  gconstpointer  data)
{
  PenWizard *ann = pen_table_get_wizard (pen_game_get_table (f->game), 0);
  g_autofree char *expected = NULL;
  g_autofree char *json = NULL;

  give_ann_mark_values (f);
  submit_ok (f, "{\"action\":\"correct\",\"target\":\"players[0].marks[1].value\",\"value\":3}");
  pen_threat_page_start (f->page, 0, 1, 0, NULL);
  pen_threat_page_set_faces (f->page, (const guint8 []) { 3 }, 1);
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "Which Mark of value 3"), ==, 1);
  expected = g_strdup_printf ("The %s Mark is wounded.", pen_mark_kind_get_label (PEN_MARK_RUBY));
  g_assert_cmpstr (pen_threat_page_get_summary (f->page), ==, expected);

  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.pick", "(suu)", "mark", 3, 1);
  g_free (expected);
  expected = g_strdup_printf ("The %s Mark is wounded.",
                              pen_mark_kind_get_label (PEN_MARK_AMETHYST));
  g_assert_cmpstr (pen_threat_page_get_summary (f->page), ==, expected);
  json = pen_test_take_action_text (pen_threat_page_get_action (f->page));
  g_assert_nonnull (strstr (json, "\"picks\":[1]"));
  g_assert_true (pen_threat_page_apply (f->page));
  g_assert_cmpint (mark_state (ann, 0), ==, PEN_MARK_CHARGED);
  g_assert_cmpint (mark_state (ann, 1), ==, PEN_MARK_WOUNDED);

  /* three 3s now: the Ruby Mark is wounded, then a Mortal Wound that empties the supply */
  pen_threat_page_start (f->page, 0, 3, 0, NULL);
  pen_threat_page_set_faces (f->page, (const guint8 []) { 3, 3, 3 }, 3);
  g_free (expected);
  expected = g_strdup_printf ("The %s Mark is wounded; a Mortal Wound: every die left in the "
                              "supply is discarded and the next turn is a Rest.",
                              pen_mark_kind_get_label (PEN_MARK_RUBY));
  g_assert_cmpstr (pen_threat_page_get_summary (f->page), ==, expected);
  g_assert_true (pen_threat_page_apply (f->page));
  g_assert_cmpuint (g_list_model_get_n_items (pen_wizard_get_supply (ann)), ==, 0);
  g_assert_cmpuint (pen_wizard_get_mortal_wounds (ann), ==, 1);
  g_assert_true (pen_wizard_get_must_rest (ann));
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "Already has a Mortal Wound"),
                    ==, 1);
}

static void collect_actionables (GtkWidget *root, const char *action_name, GPtrArray *out);
static gboolean shown_in (GtkWidget *widget, GtkWidget *root);

static void
test_screenshots (Fixture       *f,
                  gconstpointer  data)
{
  const char *dir = pen_test_shots_dir ("PEN_THREAT_SHOTS");
  static const struct { int w, h; const char *name; } sizes[] = {
    { 1280, 800, "threat-desktop.png" },
    { 360, 720, "threat-phone.png" },
  };

  if (dir == NULL)
    return;
  give_ann_mark_values (f);
  pen_threat_page_start (f->page, 0, 5, 0, "Goldeater");
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.change", "(si)", "discard", 1);
  if (g_getenv ("PEN_THREAT_SHOTS_SCROLL") != NULL)
    pen_threat_page_set_faces (f->page, (const guint8 []) { 6, 6, 3, 1 }, 4);
  if (g_getenv ("PEN_THREAT_SHOTS_HIDE") != NULL)
    submit_ok (f, "{\"action\":\"setting\",\"hide_odds\":true}");
  if (g_getenv ("PEN_THREAT_SHOTS_SCROLL") != NULL)
    {
      GtkScrolledWindow *sw = GTK_SCROLLED_WINDOW (pen_test_find_first (GTK_WIDGET (f->page),
                                                               GTK_TYPE_SCROLLED_WINDOW));
      const char *scroll = g_getenv ("PEN_THREAT_SHOTS_SCROLL");
      gboolean wide = g_getenv ("PEN_THREAT_SHOTS_WIDE") != NULL;
      g_autofree char *name = g_strdup_printf ("threatui-%s-%s.png", wide ? "wide" : "narrow",
                                               scroll);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      gtk_window_set_default_size (GTK_WINDOW (f->window), wide ? 1280 : 360, wide ? 800 : 720);
      gtk_window_present (GTK_WINDOW (f->window));
      pen_test_wait_frames (30);
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (sw),
                                g_ascii_strtod (scroll, NULL));
      pen_test_wait_frames (30);
      pen_test_save_png (GTK_WIDGET (f->window), path);
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *path = g_build_filename (dir, sizes[i].name, NULL);

      gtk_window_set_default_size (GTK_WINDOW (f->window), sizes[i].w, sizes[i].h);
      gtk_widget_set_size_request (GTK_WIDGET (f->window), -1, -1);
      gtk_window_present (GTK_WINDOW (f->window));
      gtk_window_unmaximize (GTK_WINDOW (f->window));
      pen_test_wait_frames (30);
      if (sizes[i].w < 700)
        {
          /* the desktop shot shows step 1 with the odds, the phone one the roll */
          pen_threat_page_set_faces (f->page, (const guint8 []) { 6, 6, 3, 1 }, 4);
          /* one column: scroll to the odds and the steps, below the board */
          GtkScrolledWindow *sw = GTK_SCROLLED_WINDOW (pen_test_find_first (GTK_WIDGET (f->page),
                                                                   GTK_TYPE_SCROLLED_WINDOW));
          gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (sw), 600);
          pen_test_wait_frames (30);
        }
      pen_test_save_png (GTK_WIDGET (f->window), path);
    }
}

/* PEN_THREAT_SHOTS=DIR: Boris's Trial with Rift 1 before and after a die is chosen, and the
 * popover of a "?" Mark, at 1280×800 and 360×720: rift-{desktop,phone}-{ask,chosen}.png,
 * mark-value-{desktop,phone}.png and mark-value-popover.png */
static void
test_screenshots_rift (Fixture       *f,
                       gconstpointer  data)
{
  const char *dir = pen_test_shots_dir ("PEN_THREAT_SHOTS");
  static const struct { int w, h; const char *name; } sizes[] = {
    { 1280, 800, "desktop" },
    { 360, 720, "phone" },
  };

  if (dir == NULL)
    return;
  submit_ok (f, "{\"action\":\"die-gain\",\"wizard\":1,\"color\":\"red\",\"value\":4}");
  submit_ok (f, "{\"action\":\"die-gain\",\"wizard\":1,\"color\":\"green\",\"value\":2}");
  submit_ok (f, "{\"action\":\"turn-end\"}");
  submit_ok (f, "{\"action\":\"turn-start\",\"kind\":\"trial\"}");
  submit_ok (f, "{\"action\":\"trial-begin\",\"wizard\":1,\"index\":0,"
                "\"properties\":{\"rift\":1}}");
  pen_threat_page_start (f->page, 1, 2, 0, "Goldeater");
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (guint step = 0; step < 3; step++)
      {
        GtkScrolledWindow *sw = GTK_SCROLLED_WINDOW (pen_test_find_first (GTK_WIDGET (f->page),
                                                                 GTK_TYPE_SCROLLED_WINDOW));
        g_autoptr(GPtrArray) toggles = g_ptr_array_new ();
        g_autofree char *name = NULL;
        g_autofree char *path = NULL;
        GtkWidget *target;
        graphene_point_t at;

        collect_actionables (GTK_WIDGET (f->page), "rift-die", toggles);
        if (step == 1 && !gtk_toggle_button_get_active (g_ptr_array_index (toggles, 1)))
          g_signal_emit_by_name (g_ptr_array_index (toggles, 1), "clicked");
        if (step == 2 && gtk_toggle_button_get_active (g_ptr_array_index (toggles, 1)))
          g_signal_emit_by_name (g_ptr_array_index (toggles, 1), "clicked");
        gtk_window_set_default_size (GTK_WINDOW (f->window), sizes[i].w, sizes[i].h);
        gtk_window_present (GTK_WINDOW (f->window));
        pen_test_wait_frames (30);
        /* on the phone, scroll to the Rift choice (or to the Marks) */
        target = step == 2 ? pen_test_find_first (GTK_WIDGET (f->page), PEN_TYPE_THREAT_MARK_ROW)
                           : g_ptr_array_index (toggles, 0);
        /* twice: the first scroll may land before the page grew to its new height */
        for (guint k = 0; k < 2; k++)
          {
            if (gtk_widget_compute_point (target, gtk_scrolled_window_get_child (sw),
                                          &GRAPHENE_POINT_INIT (0, 0), &at))
              gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (sw),
                                        MAX (0, at.y - 200));
            pen_test_wait_frames (30);
          }
        if (step == 2)
          {
            GtkWidget *button = pen_test_find_first (target, GTK_TYPE_MENU_BUTTON);

            gtk_menu_button_popup (GTK_MENU_BUTTON (button));
            pen_test_wait_frames (30);
            name = g_strdup_printf ("mark-value-%s.png", sizes[i].name);
            if (i == 0)
              {
                g_autofree char *pop = g_build_filename (dir, "mark-value-popover.png", NULL);
                GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));

                pen_test_save_png (GTK_WIDGET (popover), pop);
              }
          }
        else
          name = g_strdup_printf ("rift-%s-%s.png", sizes[i].name, step == 0 ? "ask" : "chosen");
        path = g_build_filename (dir, name, NULL);
        pen_test_save_png (GTK_WIDGET (f->window), path);
        if (step == 2)
          gtk_menu_button_popdown (GTK_MENU_BUTTON (pen_test_find_first (target,
                                                                         GTK_TYPE_MENU_BUTTON)));
      }
}

/* The chart's legend is never cut: on a phone its items go on further lines, and the chart is
 * that much taller (the plot keeps its height) */
static void
test_odds_legend_narrow (Fixture       *f,
                         gconstpointer  data)
{
  GtkWidget *chart;
  int wide, narrow, very_narrow, nat;

  give_ann_mark_values (f);
  pen_threat_page_start (f->page, 0, 4, 0, NULL);
  chart = pen_test_find_first (GTK_WIDGET (f->page), PEN_TYPE_ODDS_CHART);
  g_assert_nonnull (chart);
  g_assert_cmpint (gtk_widget_get_request_mode (chart), ==, GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH);
  gtk_widget_measure (chart, GTK_ORIENTATION_VERTICAL, 1200, &wide, &nat, NULL, NULL);
  gtk_widget_measure (chart, GTK_ORIENTATION_VERTICAL, 300, &narrow, &nat, NULL, NULL);
  gtk_widget_measure (chart, GTK_ORIENTATION_VERTICAL, 120, &very_narrow, &nat, NULL, NULL);
  /* three items on one line at 1200 px, not at 300 (a 360 px window), fewer still at 120 */
  g_assert_cmpint (narrow, >, wide);
  g_assert_cmpint (very_narrow, >, narrow);
}

static void collect_actionables (GtkWidget *root, const char *action_name, GPtrArray *out);

/* A long name (as a group types it) on the Apply button wraps rather than widening the page
 * past a phone's 360 px: a roll at the table once made the window 541 px wide */
static void
test_apply_long_name_narrow (Fixture       *f,
                             gconstpointer  data)
{
  PenWizard *ann = pen_table_get_wizard (pen_game_get_table (f->game), 0);
  g_autoptr(GPtrArray) applies = g_ptr_array_new ();
  GtkWidget *label;
  int min_width;

  give_ann_mark_values (f);
  pen_wizard_set_name (ann, "Святослав Тихомиров-Залесский");
  pen_threat_page_start (f->page, 0, 2, 0, "Test trial");
  pen_threat_page_set_faces (f->page, (const guint8 []) { 2, 2 }, 2);
  g_assert_nonnull (pen_threat_page_get_summary (f->page));
  /* shown, at a phone's size: sections out of view do no work */
  gtk_window_set_default_size (f->window, 360, 720);
  gtk_window_present (f->window);
  pen_test_wait_frames (8);

  collect_actionables (GTK_WIDGET (f->page), "threat.apply", applies);
  g_assert_cmpuint (applies->len, ==, 1);
  g_assert_true (gtk_widget_get_visible (applies->pdata[0]));
  label = pen_test_find_first (applies->pdata[0], GTK_TYPE_LABEL);
  g_assert_nonnull (label);
  /* the whole name is on the button */
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (label)),
                            "Святослав Тихомиров-Залесский"));
  gtk_widget_measure (GTK_WIDGET (f->page), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL,
                      NULL, NULL);
  g_test_message ("the page is at least %d px wide", min_width);
  g_assert_cmpint (min_width, <=, 360);

  /* and the board's heading, a name in it, wraps rather than being cut */
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    guint n_titles = 0;

    pen_test_collect (GTK_WIDGET (f->page), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      {
        GtkLabel *l = labels->pdata[i];

        /* "Ann’s Board" (the page took the name when the game began) */
        if (!g_str_has_suffix (gtk_label_get_label (l), "’s Board")
            || g_str_has_prefix (gtk_label_get_label (l), "Apply"))
          continue;
        g_test_message ("heading \"%s\"", gtk_label_get_label (l));
        g_assert_cmpint (gtk_label_get_ellipsize (l), ==, PANGO_ELLIPSIZE_NONE);
        g_assert_true (gtk_label_get_wrap (l));
        n_titles++;
      }
    g_assert_cmpuint (n_titles, >, 0);
  }
}

/* An action that touches neither the wizard's board nor the roll leaves the page as it is: the
 * odds are not computed again (the chart keeps its curve) and the steps are not rebuilt (the
 * question of step 3 is the same widget); one on the board does both. */
static void
test_unrelated_change (Fixture       *f,
                       gconstpointer  data)
{
  PenOddsChart *chart;
  GtkWidget *choice;
  GArray *curve;

  give_ann_mark_values (f);
  pen_threat_page_start (f->page, 0, 4, 0, NULL);
  chart = PEN_ODDS_CHART (pen_test_find_first (GTK_WIDGET (f->page), PEN_TYPE_ODDS_CHART));
  curve = pen_odds_chart_get_curve (chart);
  g_assert_nonnull (curve);
  g_assert_cmpuint (curve->len, >, 1);
  /* one 6 against the Red, Spark and Purple 6: which one is lost is a question */
  pen_threat_page_set_faces (f->page, (const guint8 []) { 6, 4, 1, 1 }, 4);
  choice = pen_test_find_first (GTK_WIDGET (f->page), PEN_TYPE_THREAT_CHOICE);
  g_assert_nonnull (choice);
  g_object_add_weak_pointer (G_OBJECT (choice), (gpointer *) &choice);

  /* Boris gains a die; undo, redo */
  submit_ok (f, "{\"action\":\"die-gain\",\"wizard\":1,\"color\":\"red\"}");
  g_assert_true (pen_game_undo (f->game));
  g_assert_true (pen_game_redo (f->game, NULL));
  g_assert_true (pen_odds_chart_get_curve (chart) == curve);
  g_assert_nonnull (choice);
  g_assert_true (choice == pen_test_find_first (GTK_WIDGET (f->page), PEN_TYPE_THREAT_CHOICE));

  /* Ann gains one: her board, so the odds and the questions follow it */
  submit_ok (f, "{\"action\":\"die-gain\",\"wizard\":0,\"color\":\"red\"}");
  g_assert_null (choice);
  g_assert_nonnull (pen_threat_page_get_summary (f->page));
  g_assert_true (pen_odds_chart_get_curve (chart) != curve);
  if (choice != NULL)
    g_object_remove_weak_pointer (G_OBJECT (choice), (gpointer *) &choice);
}

/* A roll the game takes only after the table was asked (Do It Anyway, the faces): once it
 * is in, the page starts afresh, so a second tap on Apply applies nothing */
static void
test_applied_after_asking (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(PenAction) copy = NULL;
  g_autoptr(GError) error = NULL;
  guint pos;

  give_ann_mark_values (f);
  pen_threat_page_start (f->page, 0, 1, 0, NULL);
  pen_threat_page_set_faces (f->page, (const guint8 []) { 3 }, 1);
  pos = pen_game_get_position (f->game);
  f->hold = TRUE;
  g_assert_false (pen_threat_page_apply (f->page));
  g_assert_nonnull (f->held);
  g_assert_cmpuint (pen_game_get_position (f->game), ==, pos);

  /* the table says yes: the dialog submits its own copy of the action */
  copy = pen_action_dup (f->held);
  g_assert_true (pen_game_submit (f->game, copy, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pen_game_get_position (f->game), ==, pos + 1);
  pen_test_flush ();

  /* the page shows what went in, and offers no roll to apply: the Apply button is gone */
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "Applied: "), ==, 1);
  {
    g_autoptr(GPtrArray) applies = g_ptr_array_new ();

    collect_actionables (GTK_WIDGET (f->page), "threat.apply", applies);
    g_assert_cmpuint (applies->len, ==, 1);
    g_assert_false (shown_in (g_ptr_array_index (applies, 0), GTK_WIDGET (f->page)));
  }
  g_assert_null (pen_test_take_action_text (pen_threat_page_get_action (f->page)));

  g_clear_object (&f->held);
  f->hold = FALSE;
  g_assert_false (pen_threat_page_apply (f->page));
  g_assert_null (f->held);
  g_assert_cmpuint (pen_game_get_position (f->game), ==, pos + 1);
}

/* After a trial's roll went in and the turn passed, the page shows the player whose turn it
 * is, not the last one (play finding 14); a wizard chosen by hand for a Threat set up stays */
static void
test_follows_turn (Fixture       *f,
                   gconstpointer  data)
{
  PenTable *table = pen_game_get_table (f->game);
  AdwComboRow *wizard_row;
  guint current;

  give_ann_mark_values (f);
  current = pen_table_get_current (table);
  pen_threat_page_start (f->page, 0, 1, 0, NULL);
  pen_threat_page_set_faces (f->page, (const guint8 []) { 3 }, 1);
  g_assert_true (pen_threat_page_apply (f->page));
  wizard_row = ADW_COMBO_ROW (pen_test_find_first (GTK_WIDGET (f->page), ADW_TYPE_COMBO_ROW));
  g_assert_cmpuint (adw_combo_row_get_selected (wizard_row), ==, 0);
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "Applied: "), ==, 1);

  submit_ok (f, "{\"action\":\"turn-end\"}");
  pen_test_flush ();
  g_assert_cmpuint (pen_table_get_current (table), !=, current);
  g_assert_cmpuint (adw_combo_row_get_selected (wizard_row), ==, pen_table_get_current (table));
  /* the result shown was the other wizard's: gone */
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "Applied: "), ==, 0);

  /* a Threat set up for someone else is kept when the turn passes */
  pen_threat_page_start (f->page, 0, 2, 0, NULL);
  current = pen_table_get_current (table);
  submit_ok (f, "{\"action\":\"turn-start\",\"kind\":\"rest\"}");
  submit_ok (f, "{\"action\":\"turn-end\"}");
  pen_test_flush ();
  g_assert_cmpuint (pen_table_get_current (table), !=, current);
  g_assert_cmpuint (adw_combo_row_get_selected (wizard_row), ==, 0);
}

/* The buttons under root bound to action_name, in order */
static void
collect_actionables (GtkWidget  *root,
                     const char *action_name,
                     GPtrArray  *out)
{
  if (GTK_IS_ACTIONABLE (root)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action_name) == 0)
    g_ptr_array_add (out, root);
  /* the Rift toggles carry a style class of their own */
  if (g_str_equal (action_name, "rift-die") && GTK_IS_TOGGLE_BUTTON (root)
      && gtk_widget_has_css_class (root, "rift-die"))
    g_ptr_array_add (out, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_actionables (child, action_name, out);
}

/* widget and every parent up to root are visible */
static gboolean
shown_in (GtkWidget *widget,
          GtkWidget *root)
{
  for (; widget != NULL && widget != root; widget = gtk_widget_get_parent (widget))
    if (!gtk_widget_get_visible (widget))
      return FALSE;
  return widget == root;
}

/* Boris's Trial with Rift 1: the page asks which die Rift discards, rolls nothing and shows no
 * odds before; tapping a die chooses it; the roll then goes in with rift_dice and the game
 * takes it without an override */
static void
test_rift_choice (Fixture       *f,
                  gconstpointer  data)
{
  PenTable *table = pen_game_get_table (f->game);
  PenWizard *boris;
  g_autoptr(GPtrArray) toggles = g_ptr_array_new ();
  g_autoptr(GPtrArray) rolls = g_ptr_array_new ();
  g_autoptr(PenBoard) before = NULL;
  g_autoptr(PenBoard) after = NULL;
  g_autofree char *json = NULL;
  g_autofree char *chosen = NULL;
  PenDieValue gone;
  guint pos;

  submit_ok (f, "{\"action\":\"die-gain\",\"wizard\":1,\"color\":\"red\",\"value\":4}");
  submit_ok (f, "{\"action\":\"die-gain\",\"wizard\":1,\"color\":\"green\",\"value\":2}");
  submit_ok (f, "{\"action\":\"turn-end\"}");
  submit_ok (f, "{\"action\":\"turn-start\",\"kind\":\"trial\"}");
  submit_ok (f, "{\"action\":\"trial-begin\",\"wizard\":1,\"index\":0,"
                "\"properties\":{\"rift\":1}}");
  boris = pen_table_get_wizard (table, 1);
  before = pen_wizard_to_board (boris);
  g_assert_cmpuint (before->supply->len, >=, 2);
  pen_threat_page_start (f->page, 1, 1, 0, "Trial");
  pen_test_flush ();

  /* one toggle per supply die, none chosen; the count asks for one */
  collect_actionables (GTK_WIDGET (f->page), "rift-die", toggles);
  g_assert_cmpuint (toggles->len, ==, before->supply->len);
  for (guint i = 0; i < toggles->len; i++)
    {
      g_assert_true (shown_in (g_ptr_array_index (toggles, i), GTK_WIDGET (f->page)));
      g_assert_false (gtk_toggle_button_get_active (g_ptr_array_index (toggles, i)));
    }
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "Choose 1 die for Rift"), ==, 1);
  /* no odds and no roll before the choice */
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "%"), ==, 0);
  collect_actionables (GTK_WIDGET (f->page), "threat.roll", rolls);
  g_assert_cmpuint (rolls->len, >, 0);
  for (guint i = 0; i < rolls->len; i++)
    g_assert_false (shown_in (g_ptr_array_index (rolls, i), GTK_WIDGET (f->page)));
  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.roll", "s", "table");
  pen_threat_page_set_faces (f->page, (const guint8 []) { 2 }, 1);
  g_assert_null (pen_threat_page_get_summary (f->page));

  /* tap the second die */
  gone = g_array_index (before->supply, PenDieValue, 1);
  g_signal_emit_by_name (g_ptr_array_index (toggles, 1), "clicked");
  pen_test_flush ();
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "Choose 1 die for Rift"), ==, 0);
  g_assert_true (gtk_toggle_button_get_active (g_ptr_array_index (toggles, 1)));
  g_assert_false (gtk_toggle_button_get_active (g_ptr_array_index (toggles, 0)));
  chosen = g_strdup_printf ("Rift discards the %s %u", pen_color_get_label (gone.color),
                            gone.value);
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), chosen), ==, 1);
  /* the odds are there now, and the roll can start */
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "%"), >, 0);
  for (guint i = 0; i < rolls->len; i++)
    g_assert_true (shown_in (g_ptr_array_index (rolls, i), GTK_WIDGET (f->page)));

  gtk_widget_activate_action (GTK_WIDGET (f->page), "threat.roll", "s", "table");
  /* once rolling, the choice is locked away */
  g_assert_false (shown_in (g_ptr_array_index (toggles, 1), GTK_WIDGET (f->page)));
  pen_threat_page_set_faces (f->page, (const guint8 []) { 1 }, 1);
  g_assert_nonnull (pen_threat_page_get_summary (f->page));
  json = pen_test_take_action_text (pen_threat_page_get_action (f->page));
  g_assert_nonnull (strstr (json, "\"rift\":1"));
  g_assert_nonnull (strstr (json, "\"rift_dice\":[1]"));

  pos = pen_game_get_position (f->game);
  g_assert_true (pen_threat_page_apply (f->page));
  g_assert_null (f->last_error);
  g_assert_cmpuint (pen_game_get_position (f->game), ==, pos + 1);
  {
    g_autofree char *last = last_action_json (f->game);

    g_assert_nonnull (strstr (last, "\"rift_dice\":[1]"));
    g_assert_null (strstr (last, "override"));
  }
  /* the board is the roll of a 1 on the dice left once the chosen die is gone */
  {
    g_auto(PenThreatResult) expected = { 0, };

    after = pen_wizard_to_board (boris);
    g_array_remove_index (before->supply, 1);
    pen_threat_resolve (before, (const guint8 []) { 1 }, 1, NULL, &expected);
    g_assert_true (pen_board_equal (after, expected.board));
  }
}

/* A "?" Mark takes its value on the page: the popover's spin button starts empty, "Enter"
 * submits board-value (one undoable step), the Mark and the odds follow, the user's board file
 * remembers it, and the notice lists only the Marks still without a value */
static void
test_mark_value_entry (Fixture       *f,
                       gconstpointer  data)
{
  PenTable *table = pen_game_get_table (f->game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(PenMark) first = g_list_model_get_item (pen_wizard_get_marks (ann), 0);
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autofree char *names = NULL;
  g_autofree char *last = NULL;
  g_autofree char *expected = NULL;
  GtkWidget *row, *button, *spin, *enter;
  GtkPopover *popover;
  guint cell, pos, n_marks;

  n_marks = g_list_model_get_n_items (pen_wizard_get_marks (ann));
  g_assert_cmpuint (n_marks, >=, 2);
  g_assert_cmpuint (pen_mark_get_value (first), ==, 0);
  cell = pen_mark_get_cell (first);
  pen_threat_page_start (f->page, 0, 3, 0, NULL);
  /* the notice names every Mark without a value */
  names = g_strdup_printf ("no value entered yet: %s,",
                           pen_mark_kind_get_mark_name (pen_mark_get_kind (first)));
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), names), ==, 1);

  row = pen_test_find_first (GTK_WIDGET (f->page), PEN_TYPE_THREAT_MARK_ROW);
  g_assert_nonnull (row);
  button = pen_test_find_first (row, GTK_TYPE_MENU_BUTTON);
  g_assert_true (shown_in (button, GTK_WIDGET (f->page)));
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  pen_test_flush ();
  spin = pen_test_find_first (GTK_WIDGET (popover), GTK_TYPE_SPIN_BUTTON);
  /* nothing filled in for the player: the box is empty and "Enter" waits */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "");
  pen_test_collect (GTK_WIDGET (popover), GTK_TYPE_BUTTON, buttons);
  enter = NULL;
  for (guint i = 0; i < buttons->len; i++)
    if (gtk_widget_has_css_class (g_ptr_array_index (buttons, i), "suggested-action"))
      enter = g_ptr_array_index (buttons, i);
  g_assert_nonnull (enter);
  g_assert_false (gtk_widget_get_sensitive (enter));
  /* a value out of 1–6 does not arm it; "4" typed, not yet committed by Return, does */
  gtk_editable_set_text (GTK_EDITABLE (spin), "7");
  g_assert_false (gtk_widget_get_sensitive (enter));
  gtk_editable_set_text (GTK_EDITABLE (spin), "4");
  g_assert_true (gtk_widget_get_sensitive (enter));
  pos = pen_game_get_position (f->game);
  {
    GtkWidget *keeper = pen_test_find_first (GTK_WIDGET (f->page), PEN_TYPE_KEEP_HEIGHT);
    GtkWidget *notice = adw_bin_get_child (ADW_BIN (keeper));
    int notice_before[60], kept_before[60], notice_after, kept_after;
    guint shorter = 0;

    /* the notice, one Mark shorter, keeps its height for the turn: the "?" under it stays
     * where it was (play finding T11); measured at widths from 150 to 445 px */
    for (guint k = 0; k < G_N_ELEMENTS (notice_before); k++)
      {
        gtk_widget_measure (notice, GTK_ORIENTATION_VERTICAL, 150 + 5 * k, &notice_before[k],
                            NULL, NULL, NULL);
        gtk_widget_measure (keeper, GTK_ORIENTATION_VERTICAL, 150 + 5 * k, &kept_before[k],
                            NULL, NULL, NULL);
      }
    g_signal_emit_by_name (enter, "clicked");
    pen_test_flush ();
    for (guint k = 0; k < G_N_ELEMENTS (notice_before); k++)
      {
        gtk_widget_measure (notice, GTK_ORIENTATION_VERTICAL, 150 + 5 * k, &notice_after, NULL,
                            NULL, NULL);
        gtk_widget_measure (keeper, GTK_ORIENTATION_VERTICAL, 150 + 5 * k, &kept_after, NULL,
                            NULL, NULL);
        shorter += notice_after < notice_before[k];
        g_assert_cmpint (kept_after, >=, kept_before[k]);
      }
    g_assert_cmpuint (shorter, >, 0);
  }

  /* one board-value step, and the Mark has its value */
  g_assert_null (f->last_error);
  g_assert_cmpuint (pen_game_get_position (f->game), ==, pos + 1);
  last = last_action_json (f->game);
  expected = g_strdup_printf ("{\"action\":\"board-value\",\"cell\":%u,\"value\":4}", cell);
  g_assert_cmpstr (last, ==, expected);
  g_assert_cmpuint (pen_mark_get_value (first), ==, 4);
  g_assert_false (shown_in (button, GTK_WIDGET (f->page)));
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), names), ==, 0);
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "no value entered yet"), ==,
                    n_marks > 1 ? 1 : 0);
  /* remembered for new games, in the user's board file */
  g_assert_cmpint (pen_board_layout_get_value (pen_board_layout_get_default (), cell), ==, 4);
  g_assert_true (pen_board_layout_is_user_value (pen_board_layout_get_default (), cell,
                                                 "value"));

  /* undone like any step */
  g_assert_true (pen_game_undo (f->game));
  g_assert_cmpuint (pen_mark_get_value (first), ==, 0);

  /* Return in the field enters the value too (play finding P8) */
  pen_test_flush ();
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  pen_test_flush ();
  spin = pen_test_find_first (GTK_WIDGET (popover), GTK_TYPE_SPIN_BUTTON);
  gtk_editable_set_text (GTK_EDITABLE (spin), "5");
  pos = pen_game_get_position (f->game);
  g_signal_emit_by_name (gtk_editable_get_delegate (GTK_EDITABLE (spin)), "activate");
  pen_test_flush ();
  g_assert_cmpuint (pen_game_get_position (f->game), ==, pos + 1);
  g_assert_cmpuint (pen_mark_get_value (first), ==, 5);
  g_assert_true (pen_game_undo (f->game));
}


/* At 360×720, the "?" of the last Mark with the page scrolled to the bottom: a press on
 * "Enter" after typing must not move the page (the viewport scrolls to the focused widget,
 * the popover moves with it, and the release missed the button: the value was entered only
 * at the second press, play finding 12). A press takes the focus only from a button that
 * takes it on click. */
static void
test_mark_value_narrow (Fixture       *f,
                        gconstpointer  data)
{
  PenWizard *ann = pen_table_get_wizard (pen_game_get_table (f->game), 0);
  guint n_marks = g_list_model_get_n_items (pen_wizard_get_marks (ann));
  g_autoptr(PenMark) last = g_list_model_get_item (pen_wizard_get_marks (ann), n_marks - 1);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GtkScrolledWindow *sw;
  GtkAdjustment *vadj;
  GtkWidget *button, *spin, *enter = NULL;
  GtkPopover *popover;
  double before;

  g_assert_cmpuint (pen_mark_get_value (last), ==, 0);
  pen_threat_page_start (f->page, 0, 3, 0, NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 720);
  gtk_window_present (GTK_WINDOW (f->window));
  pen_test_wait_frames (30);
  sw = GTK_SCROLLED_WINDOW (pen_test_find_first (GTK_WIDGET (f->page), GTK_TYPE_SCROLLED_WINDOW));
  vadj = gtk_scrolled_window_get_vadjustment (sw);
  pen_test_collect (GTK_WIDGET (f->page), PEN_TYPE_THREAT_MARK_ROW, rows);
  g_assert_cmpuint (rows->len, ==, n_marks);
  button = pen_test_find_first (g_ptr_array_index (rows, rows->len - 1), GTK_TYPE_MENU_BUTTON);
  /* the row near the bottom of the window */
  {
    graphene_point_t p;

    g_assert_true (gtk_widget_compute_point (button, GTK_WIDGET (sw),
                                             &GRAPHENE_POINT_INIT (0, 0), &p));
    if (p.y > 640)
      gtk_adjustment_set_value (vadj, gtk_adjustment_get_value (vadj) + p.y - 640);
    pen_test_wait_frames (10);
    g_assert_true (gtk_widget_compute_point (button, GTK_WIDGET (sw),
                                             &GRAPHENE_POINT_INIT (0, 0), &p));
    g_test_message ("page at %.0f, the \"?\" at y %.0f", gtk_adjustment_get_value (vadj), p.y);
    g_assert_cmpfloat (p.y, >, 400);
  }
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  pen_test_wait_frames (10);
  spin = pen_test_find_first (GTK_WIDGET (popover), GTK_TYPE_SPIN_BUTTON);
  pen_test_collect (GTK_WIDGET (popover), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (gtk_widget_has_css_class (g_ptr_array_index (buttons, i), "suggested-action"))
      enter = g_ptr_array_index (buttons, i);
  g_assert_nonnull (enter);
  gtk_editable_set_text (GTK_EDITABLE (spin), "4");
  /* the page may scroll to the box as it takes the focus: let that end */
  pen_test_wait_frames (60);
  before = gtk_adjustment_get_value (vadj);

  /* the press: what GTK does on a button press, then let the page lay out */
  if (gtk_widget_get_focus_on_click (enter))
    gtk_widget_grab_focus (enter);
  pen_test_wait_frames (10);
  pen_test_wait_frames (50);
  g_test_message ("page scrolled from %.0f to %.0f", before, gtk_adjustment_get_value (vadj));
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), ==, before);
  g_assert_true (gtk_widget_get_sensitive (enter));
  g_signal_emit_by_name (enter, "clicked");
  pen_test_flush ();
  g_assert_null (f->last_error);
  g_assert_cmpuint (pen_mark_get_value (last), ==, 4);
}

/* Tapping "+" on the Threat dice again and again at 1280×800 and at 360×720: the odds grow
 * from none to a chart and what-if lines, and the button must not move under the finger
 * (play-tests: the third tap landed on "A card discards them all"; at 360 px each tap added a
 * wrapped line above the "+", findings 13b). With no dice, the odds say where to enter them. */
static void
test_counters_stay (Fixture       *f,
                    gconstpointer  data)
{
  gboolean narrow = GPOINTER_TO_INT (data);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GtkWidget *more;
  graphene_point_t first, now;

  give_ann_mark_values (f);
  pen_threat_page_start (f->page, 0, 0, 0, NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), narrow ? 360 : 1280, narrow ? 720 : 800);
  gtk_window_present (GTK_WINDOW (f->window));
  pen_test_wait_frames (30);
  pen_test_collect (GTK_WIDGET (f->page), PEN_TYPE_THREAT_COUNTER_ROW, rows);
  g_assert_cmpuint (rows->len, >, 0);
  pen_test_collect (g_ptr_array_index (rows, 0), GTK_TYPE_BUTTON, buttons);
  more = g_ptr_array_index (buttons, buttons->len - 1);
  g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (more)), ==, "list-add-symbolic");
  if (narrow)
    g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <=, 360);
  g_assert_true (gtk_widget_compute_point (more, GTK_WIDGET (f->window),
                                           &GRAPHENE_POINT_INIT (0, 0), &first));
  /* the empty odds say where the dice go, and hold no blank room */
  g_assert_cmpuint (count_visible_labels (GTK_WIDGET (f->page), "“Threat dice” above"), ==, 1);
  for (guint n = 1; n <= 7; n++)
    {
      g_signal_emit_by_name (more, "clicked");
      pen_test_wait_frames (30);
      g_autofree char *count = g_strdup_printf ("%u", n);

      g_autoptr(GPtrArray) labels = g_ptr_array_new ();
      const char *shown = NULL;

      pen_test_collect (g_ptr_array_index (rows, 0), GTK_TYPE_LABEL, labels);
      for (guint i = 0; i < labels->len; i++)
        if (gtk_widget_has_css_class (g_ptr_array_index (labels, i), "threat-count"))
          shown = gtk_label_get_text (g_ptr_array_index (labels, i));
      g_assert_cmpstr (shown, ==, count);
      g_assert_true (gtk_widget_compute_point (more, GTK_WIDGET (f->window),
                                               &GRAPHENE_POINT_INIT (0, 0), &now));
      g_test_message ("%u dice: + at y %.0f (0 dice: %.0f)", n, now.y, first.y);
      g_assert_cmpfloat (now.y, ==, first.y);
      g_assert_cmpfloat (now.x, ==, first.x);
    }
}

/* A label under root, shown or not, whose text contains needle */
static gboolean
any_label_contains (GtkWidget  *root,
                    const char *needle)
{
  if (GTK_IS_LABEL (root) && strstr (gtk_label_get_text (GTK_LABEL (root)), needle) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (any_label_contains (child, needle))
      return TRUE;
  return FALSE;
}

/* Values typed in Preferences → Wizard Board during a game reach it when the window closes
 * (one board-value per cell the game lacks), and the page stops saying only "New games use
 * them"; the Threat page then shows the value instead of "?" (play finding 13) */
static void
test_preferences_mid_game (Fixture       *f,
                           gconstpointer  data)
{
  PenTable *table = pen_game_get_table (f->game);
  PenWizard *ann = pen_table_get_wizard (table, 0);
  g_autoptr(PenMark) first = g_list_model_get_item (pen_wizard_get_marks (ann), 0);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GPtrArray) spins = g_ptr_array_new ();
  PenPreferencesWindow *prefs;
  GtkSpinButton *spin;
  g_autofree char *last = NULL;
  g_autofree char *expected = NULL;
  guint cell = pen_mark_get_cell (first);
  guint pos;

  g_assert_cmpuint (pen_mark_get_value (first), ==, 0);
  pen_threat_page_start (f->page, 0, 2, 0, NULL);
  prefs = pen_preferences_window_new (settings);
  g_assert_true (any_label_contains (GTK_WIDGET (prefs), "0 means unknown. New games use them."));
  pen_preferences_window_set_game (prefs, f->game);
  g_assert_false (any_label_contains (GTK_WIDGET (prefs), "0 means unknown. New games use them."));
  g_assert_true (any_label_contains (GTK_WIDGET (prefs), "The game in progress takes them"));

  /* the spin buttons are in cell order; stepping up to 5 goes in as ONE step at close */
  /* a window that was never shown does not close: show it, as the app does */
  gtk_window_present (GTK_WINDOW (prefs));
  pen_test_flush ();
  pen_test_collect (GTK_WIDGET (prefs), GTK_TYPE_SPIN_BUTTON, spins);
  g_assert_cmpuint (spins->len, ==, PEN_MARK_CELLS);
  spin = g_ptr_array_index (spins, cell);
  gtk_spin_button_set_value (spin, 0);
  pos = pen_game_get_position (f->game);
  for (guint v = 1; v <= 5; v++)
    gtk_spin_button_set_value (spin, v);
  g_assert_cmpuint (pen_game_get_position (f->game), ==, pos);
  gtk_window_close (GTK_WINDOW (prefs));
  pen_test_flush ();
  g_assert_cmpuint (pen_game_get_position (f->game), ==, pos + 1);
  last = last_action_json (f->game);
  expected = g_strdup_printf ("{\"action\":\"board-value\",\"cell\":%u,\"value\":5}", cell);
  g_assert_cmpstr (last, ==, expected);
  g_assert_cmpuint (pen_mark_get_value (first), ==, 5);
  /* the page shows it */
  {
    GtkWidget *row = pen_test_find_first (GTK_WIDGET (f->page), PEN_TYPE_THREAT_MARK_ROW);
    g_assert_true (pen_test_has_label (row, "5"));
  }
}

/* A Trial's Threat faced from its card's menu ("Face its Threat…"), without "Begin this
 * Trial…": the roll names the Trial, so the Mortal Wound it brings takes the card out of the
 * game (Trials › Passing a Trial), and undo puts it back. */
static void
test_trial_menu_mortal_wound (Fixture       *f,
                              gconstpointer  data)
{
  PenTable *table = pen_game_get_table (f->game);
  g_autoptr(PenTablePage) table_page = pen_test_table_page_new (f->game);
  g_autoptr(GPtrArray) menus = g_ptr_array_new ();
  g_autoptr(PenTableCard) first = NULL;
  g_autofree char *json = NULL, *first_id = NULL, *before = NULL, *after_undo = NULL;
  GtkWidget *trials = NULL, *popover, *face;
  guint8 faces[12];
  guint n_row, cur;
  PenWizard *w;

  adw_view_stack_add_titled (f->stack, GTK_WIDGET (table_page), "rows", "Rows");
  gtk_window_set_default_size (f->window, 1000, 700);
  gtk_window_present (f->window);
  /* Boris's Trial turn, his Ruby Mark (value 4) wounded already */
  submit_ok (f, "{\"action\":\"turn-end\"}");
  submit_ok (f, "{\"action\":\"turn-start\",\"kind\":\"trial\"}");
  cur = pen_table_get_current (table);
  g_assert_cmpuint (cur, ==, 1);
  w = pen_table_get_wizard (table, cur);
  submit_ok (f, "{\"action\":\"mark-gain\",\"wizard\":1,\"kind\":\"ruby\"}");
  {
    g_autoptr(PenMark) mark = g_list_model_get_item (pen_wizard_get_marks (w), 0);
    g_autofree char *wound = g_strdup_printf ("{\"action\":\"mark-wound\",\"wizard\":1,"
                                              "\"cell\":%u}", pen_mark_get_cell (mark));
    g_autofree char *value = g_strdup_printf ("{\"action\":\"board-value\",\"cell\":%u,"
                                              "\"value\":4}", pen_mark_get_cell (mark));

    submit_ok (f, value);
    submit_ok (f, wound);
  }
  memset (faces, 4, sizeof faces);
  adw_view_stack_set_visible_child_name (f->stack, "rows");
  pen_test_flush ();
  n_row = g_list_model_get_n_items (pen_table_get_trial_row (table));
  g_assert_cmpuint (n_row, >, 0);
  first = g_list_model_get_item (pen_table_get_trial_row (table), 0);
  first_id = g_strdup (pen_table_card_get_card_id (first));
  before = pen_test_snapshot_text (f->game);

  /* the first trial's menu: "Face its Threat…" without beginning it */
  pen_test_collect (GTK_WIDGET (table_page), GTK_TYPE_MENU_BUTTON, menus);
  for (guint i = 0; i < menus->len && trials == NULL; i++)
    if (gtk_widget_get_ancestor (g_ptr_array_index (menus, i), ADW_TYPE_ACTION_ROW) != NULL)
      trials = g_ptr_array_index (menus, i);
  g_assert_nonnull (trials);
  gtk_menu_button_popup (GTK_MENU_BUTTON (trials));
  pen_test_flush ();
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (trials)));
  g_assert_true (gtk_widget_get_visible (pen_test_find_named (popover, "begin-trial")));
  face = pen_test_find_button (popover, "Face its _Threat…");
  g_assert_nonnull (face);
  g_signal_emit_by_name (face, "clicked");
  pen_test_flush ();

  /* the card prints a Threat the catalogue does not know: the table is asked it first, once
   * (12), and the helper starts with that many dice; the table rolls twelve 4s, more than the
   * supply and the Marks can take */
  g_assert_false (pen_card_is_known (pen_catalog_lookup (pen_catalog_get_default (), first_id),
                                     "threat"));
  {
    PenCardNameDialog *dialog = PEN_CARD_NAME_DIALOG (
                                  pen_test_play_find_dialog (PEN_TYPE_CARD_NAME_DIALOG));

    g_assert_nonnull (dialog);
    g_assert_cmpstr (adw_view_stack_get_visible_child_name (f->stack), ==, "rows");
    gtk_editable_set_text (pen_card_name_dialog_get_field (dialog, "threat"), "12");
    pen_test_play_respond (ADW_MESSAGE_DIALOG (dialog), "name");
    pen_test_flush ();
  }
  g_assert_cmpint (pen_card_get_threat (pen_catalog_lookup (pen_catalog_get_default (),
                                                            first_id)), ==, 12);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (f->stack), ==, "threat");
  g_assert_null (pen_table_get_trial (table));
  pen_threat_page_set_faces (f->page, faces, G_N_ELEMENTS (faces));
  json = pen_test_take_action_text (pen_threat_page_get_action (f->page));
  g_assert_nonnull (json);
  g_assert_nonnull (strstr (json, "\"trial\":{\"index\":0}"));
  g_assert_true (pen_threat_page_apply (f->page));
  g_assert_null (f->last_error);
  g_assert_true (pen_wizard_get_mortal_wound_this_turn (w));
  /* the Trial's Threat is faced: the window goes back to the Table page, where the turn goes
   * on, rather than leave the emptied Threat page in view (play finding S10) */
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (f->stack), ==, "table");
  /* the card has left the game: not in the row, not with Boris, no Trial in progress */
  g_assert_null (pen_table_get_trial (table));
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_trial_row (table)), ==, n_row - 1);
  for (guint i = 0; i < n_row - 1; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_table_get_trial_row (table), i);
      g_assert_false (tc == first);
    }
  g_assert_cmpint (pen_wizard_find_card (w, first_id), <, 0);

  /* one undo: the card is back in the row, Boris unwounded */
  g_assert_true (pen_game_undo (f->game));
  after_undo = pen_test_snapshot_text (f->game);
  g_assert_cmpstr (after_undo, ==, before);
  g_assert_cmpuint (g_list_model_get_n_items (pen_table_get_trial_row (table)), ==, n_row);
  g_assert_false (pen_wizard_get_mortal_wound_this_turn (w));
}

/* At 360×720 a new Threat opens at its top, not at the last Threat's scroll position (play
 * finding E7, session 14: the header and the wizard's board were above the fold) */
static void
test_new_threat_shows_top (Fixture       *f,
                           gconstpointer  data)
{
  GtkWidget *scroller;
  GtkAdjustment *adj;
  double bottom;

  gtk_window_set_default_size (f->window, 360, 720);
  gtk_window_present (f->window);
  pen_threat_page_start (f->page, 0, 5, 0, "Goldeater");
  pen_test_wait_frames (5);
  scroller = pen_test_find_first (GTK_WIDGET (f->page), GTK_TYPE_SCROLLED_WINDOW);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  bottom = gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj);
  g_assert_cmpfloat (bottom, >, 200);
  gtk_adjustment_set_value (adj, bottom);
  pen_test_wait_frames (3);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, 200);

  /* the table's page in view meanwhile, then Boris's Threat */
  adw_view_stack_set_visible_child_name (f->stack, "table");
  pen_test_wait_frames (3);
  pen_threat_page_start (f->page, 1, 3, 0, "Gloomy Lady");
  pen_test_wait_frames (5);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (f->stack), ==, "threat");
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data = g_dir_make_tmp ("penumbra-ui-threat-XXXXXX", NULL);
  g_autofree char *board = g_build_filename (data, "penumbra-companion", "board.json", NULL);
  g_autofree char *folder = g_path_get_dirname (board);
  int ret;

  /* the "?" entry writes the user's board file: keep it out of the real one */
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/penumbra/ui/threat/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("table-roll", test_table_roll);
  ADD ("app-roll-defend", test_app_roll_with_defend);
  ADD ("hide-odds", test_hide_odds);
  ADD ("action-strict", test_action_strict);
  ADD ("mark-choice", test_mark_choice);
  ADD ("unrelated-change", test_unrelated_change);
  ADD ("odds-legend-narrow", test_odds_legend_narrow);
  ADD ("apply-long-name-narrow", test_apply_long_name_narrow);
  ADD ("applied-after-asking", test_applied_after_asking);
  ADD ("rift-choice", test_rift_choice);
  ADD ("follows-turn", test_follows_turn);
  ADD ("mark-value-entry", test_mark_value_entry);
  ADD ("new-threat-shows-top", test_new_threat_shows_top);
  g_test_add ("/penumbra/ui/threat/counters-stay", Fixture, GINT_TO_POINTER (FALSE),
              fixture_set_up, test_counters_stay, fixture_tear_down);
  g_test_add ("/penumbra/ui/threat/counters-stay-narrow", Fixture, GINT_TO_POINTER (TRUE),
              fixture_set_up, test_counters_stay, fixture_tear_down);
  ADD ("mark-value-narrow", test_mark_value_narrow);
  ADD ("preferences-mid-game", test_preferences_mid_game);
  ADD ("trial-menu-mortal-wound", test_trial_menu_mortal_wound);
  ADD ("screenshots", test_screenshots);
  ADD ("screenshots-rift", test_screenshots_rift);
#undef ADD

  ret = g_test_run ();
  g_remove (board);
  g_rmdir (folder);
  g_rmdir (data);
  return ret;
}
