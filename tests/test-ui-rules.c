/* test-ui-rules.c: the Rules page searches, switches language and opens the rule for a term;
 * a "?" on a wizard board opens its rule on the Rules page of the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "pen-application.h"
#include "pen-demo.h"
#include "pen-rules.h"
#include "pen-rules-article.h"
#include "pen-rules-page.h"
#include "pen-rules-sidebar.h"
#include "pen-window.h"
#include "pen-wizard-board.h"
#include "pen-test-gtk-utils.h"

static gpointer
child (PenRulesPage *page,
       const char   *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (page), PEN_TYPE_RULES_PAGE, name);

  /* the list column and the section are classes of their own, with their own templates */
  if (object == NULL)
    object = gtk_widget_get_template_child (GTK_WIDGET (gtk_widget_get_template_child
                                              (GTK_WIDGET (page), PEN_TYPE_RULES_PAGE, "sidebar")),
                                            PEN_TYPE_RULES_SIDEBAR, name);
  if (object == NULL)
    object = gtk_widget_get_template_child (GTK_WIDGET (gtk_widget_get_template_child
                                              (GTK_WIDGET (page), PEN_TYPE_RULES_PAGE, "article")),
                                            PEN_TYPE_RULES_ARTICLE, name);
  g_assert_nonnull (object);
  return object;
}

/* The window the page lives in, shown, so the page is mapped as in the app */
static GtkWindow *
show_page (PenRulesPage *page,
           int           width)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  gtk_window_set_default_size (window, width, 720);
  gtk_window_set_child (window, GTK_WIDGET (page));
  gtk_window_present (window);
  /* wait for the first frame: the page is mapped then, and the leaflet knows its width */
  for (guint i = 0; i < 2000 && gtk_widget_get_width (GTK_WIDGET (page)) == 0; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  pen_test_flush ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (page)));
  return window;
}

static void
search (PenRulesPage *page,
        const char   *query)
{
  GtkEditable *entry = child (page, "search_entry");

  gtk_editable_set_text (entry, query);
  /* the entry waits for typing to pause; the test need not */
  g_signal_emit_by_name (entry, "search-changed");
  pen_test_flush ();
}

/* The section id the i-th result row opens, and its title as shown */
static char *
result_id (PenRulesPage *page,
           guint         i,
           char        **title)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (child (page, "results_list"), i);
  GVariant *target;
  GtkWidget *box;

  g_assert_nonnull (row);
  target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (row));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (row)), ==, "rules.show");
  box = gtk_list_box_row_get_child (row);
  if (title != NULL)
    *title = g_strdup (gtk_label_get_label (GTK_LABEL (gtk_widget_get_first_child (box))));
  return g_variant_dup_string (target, NULL);
}

static const char *
shown_title (PenRulesPage *page)
{
  return gtk_label_get_label (child (page, "title_label"));
}

static const char *
visible_list (PenRulesPage *page)
{
  return gtk_stack_get_visible_child_name (child (page, "list_stack"));
}

/* The title on the first row of the contents */
static char *
first_toc_title (PenRulesPage *page)
{
  GtkListView *view = child (page, "toc_view");
  GListModel *model = G_LIST_MODEL (gtk_list_view_get_model (view));
  g_autoptr(GtkTreeListRow) row = g_list_model_get_item (model, 0);
  g_autoptr(PenRulesSection) section = gtk_tree_list_row_get_item (row);

  return g_strdup (pen_rules_section_get_title (section));
}

static void
set_language (PenRulesPage *page,
              const char   *language)
{
  const char * const *languages = pen_rules_get_languages ();
  GtkDropDown *dropdown = child (page, "language_dropdown");

  for (guint i = 0; languages[i] != NULL; i++)
    if (g_str_equal (languages[i], language))
      gtk_drop_down_set_selected (dropdown, i);
  pen_test_flush ();
  g_assert_cmpstr (pen_rules_get_language (pen_rules_get_default ()), ==, language);
}

static void
test_rules_search (void)
{
  PenRulesPage *page = g_object_new (PEN_TYPE_RULES_PAGE, NULL);
  GtkWindow *window;
  g_autofree char *id = NULL;
  g_autofree char *title = NULL;
  g_autofree char *id_ru = NULL;
  g_autofree char *title_ru = NULL;

  window = show_page (page, 1280);
  set_language (page, "en");

  /* an empty query shows the contents, in reading order */
  g_assert_cmpstr (visible_list (page), ==, "contents");
  {
    g_autofree char *first = first_toc_title (page);
    g_assert_cmpstr (first, ==, "Game overview");
  }
  /* with nothing picked yet, the wide page shows the overview beside the list */
  g_assert_cmpstr (pen_rules_page_get_section_id (page), ==, "overview");

  search (page, "threat");
  g_assert_cmpstr (visible_list (page), ==, "results");
  id = result_id (page, 0, &title);
  g_assert_cmpstr (id, ==, "threat");
  g_assert_cmpstr (title, ==, "Threat");

  /* the snippet shows the searched word in bold, but not the common words of the query */
  search (page, "the threat");
  {
    GtkListBoxRow *row = gtk_list_box_get_row_at_index (child (page, "results_list"), 0);
    GtkWidget *box = gtk_list_box_row_get_child (row);
    GtkWidget *snippet = gtk_widget_get_next_sibling (gtk_widget_get_first_child (box));
    const char *markup = gtk_label_get_label (GTK_LABEL (snippet));
    g_autofree char *lower = g_utf8_strdown (markup, -1);

    g_assert_nonnull (strstr (lower, "<b>threat"));
    g_assert_null (strstr (lower, "<b>the</b>"));
  }

  /* a typo still finds the section, says what it was read as and bolds the real word */
  search (page, "thrat");
  {
    GtkListBoxRow *row = gtk_list_box_get_row_at_index (child (page, "results_list"), 0);
    GtkWidget *box = gtk_list_box_row_get_child (row);
    GtkWidget *snippet = gtk_widget_get_next_sibling (gtk_widget_get_first_child (box));
    const char *why = gtk_label_get_label (GTK_LABEL (gtk_widget_get_last_child (box)));
    g_autofree char *lower = g_utf8_strdown (gtk_label_get_label (GTK_LABEL (snippet)), -1);
    g_autofree char *typo_title = NULL;
    g_autofree char *typo_id = result_id (page, 0, &typo_title);

    g_assert_cmpstr (typo_id, ==, "threat");
    g_assert_nonnull (strstr (why, "thrat → threat"));
    g_assert_nonnull (strstr (lower, "<b>threat"));
  }

  /* the same search in Russian */
  set_language (page, "ru");
  search (page, "угроза");
  id_ru = result_id (page, 0, &title_ru);
  g_assert_cmpstr (id_ru, ==, "threat");
  g_assert_cmpstr (title_ru, ==, "Угроза");

  /* Enter opens the best match */
  gtk_widget_grab_focus (child (page, "search_entry"));
  g_signal_emit_by_name (child (page, "search_entry"), "activate");
  pen_test_flush ();
  /* side by side, the focus stays in the entry to refine the search (a focused title would
   * show all its text selected) */
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

    g_assert_nonnull (focus);
    g_assert_true (focus == child (page, "search_entry") ||
                   gtk_widget_is_ancestor (focus, child (page, "search_entry")));
  }
  g_assert_cmpstr (pen_rules_page_get_section_id (page), ==, "threat");
  g_assert_cmpstr (shown_title (page), ==, "Угроза");

  /* nothing found: the list says so */
  search (page, "zzzqqq");
  g_assert_cmpstr (visible_list (page), ==, "empty");
  g_assert_null (gtk_list_box_get_row_at_index (child (page, "results_list"), 0));

  /* Escape clears the search and brings the contents back */
  g_signal_emit_by_name (child (page, "search_entry"), "stop-search");
  pen_test_flush ();
  g_assert_cmpstr (gtk_editable_get_text (child (page, "search_entry")), ==, "");
  g_assert_cmpstr (visible_list (page), ==, "contents");

  set_language (page, "en");
  gtk_window_destroy (window);
  pen_test_flush ();
}

static void
test_rules_show_term (void)
{
  PenRules *rules = pen_rules_get_default ();
  PenRulesPage *page = g_object_new (PEN_TYPE_RULES_PAGE, NULL);
  GtkWindow *window;
  GtkSingleSelection *selection;
  g_autoptr(GtkTreeListRow) row = NULL;
  g_autoptr(PenRulesSection) selected = NULL;
  GtkListBox *see_also;
  GtkListBoxRow *link;

  window = show_page (page, 1280);
  set_language (page, "ru");

  /* a Russian term, lower case: the Rift section opens, in Russian */
  pen_rules_page_show (page, "разлом");
  pen_test_flush ();
  g_assert_cmpstr (pen_rules_page_get_section_id (page), ==, "rift");
  g_assert_cmpstr (shown_title (page),
                   ==, pen_rules_section_get_title (pen_rules_lookup_in (rules, "rift", "ru")));
  g_assert_cmpstr (shown_title (page), ==, "Разлом");

  /* its row is selected in the contents (its parents opened to show it) */
  selection = GTK_SINGLE_SELECTION (gtk_list_view_get_model (child (page, "toc_view")));
  row = gtk_single_selection_get_selected_item (selection);
  g_assert_nonnull (row);
  g_object_ref (row);
  selected = gtk_tree_list_row_get_item (row);
  g_assert_cmpstr (pen_rules_section_get_id (selected), ==, "rift");
  g_assert_cmpuint (gtk_tree_list_row_get_depth (row), >, 0);

  /* the language switch changes the titles: the section's and the contents' */
  set_language (page, "en");
  g_assert_cmpstr (pen_rules_page_get_section_id (page), ==, "rift");
  g_assert_cmpstr (shown_title (page), ==, "Rift");
  {
    g_autofree char *first = first_toc_title (page);
    g_assert_cmpstr (first, ==, "Game overview");
  }
  set_language (page, "ru");
  g_assert_cmpstr (shown_title (page), ==, "Разлом");
  {
    g_autofree char *first = first_toc_title (page);
    g_assert_cmpstr (first, ==, "Обзор игры");
  }
  set_language (page, "en");

  /* an English alias in another case and number, and a Russian one while English is on */
  pen_rules_page_show (page, "Mortal Wounds");
  g_assert_cmpstr (pen_rules_page_get_section_id (page), ==, "mortal-wound");
  pen_rules_page_show (page, "разлома");
  g_assert_cmpstr (pen_rules_page_get_section_id (page), ==, "rift");
  g_assert_cmpstr (shown_title (page), ==, "Rift");

  /* a "see also" link is a button that opens its section */
  see_also = child (page, "see_also_list");
  link = gtk_list_box_get_row_at_index (see_also, 0);
  g_assert_nonnull (link);
  {
    const char *target = g_variant_get_string (gtk_actionable_get_action_target_value
                                                 (GTK_ACTIONABLE (link)), NULL);
    g_autofree char *want = g_strdup (target);

    g_assert_cmpstr (want, ==, pen_rules_section_get_see_also (pen_rules_lookup (rules,
                                                                                 "rift"))[0]);
    gtk_widget_activate (GTK_WIDGET (link));
    pen_test_flush ();
    g_assert_cmpstr (pen_rules_page_get_section_id (page), ==, want);
  }

  /* the body is rendered: its list items are rows of their own, and the text can be copied */
  {
    GtkWidget *body = child (page, "body_box");
    guint n = 0;

    for (GtkWidget *w = gtk_widget_get_first_child (body); w; w = gtk_widget_get_next_sibling (w))
      n++;
    g_assert_cmpuint (n, >, 1);
    g_assert_true (gtk_label_get_selectable (child (page, "title_label")));
  }

  /* an unknown term becomes a search */
  pen_rules_page_show (page, "zzzqqq");
  g_assert_cmpstr (gtk_editable_get_text (child (page, "search_entry")), ==, "zzzqqq");
  g_assert_cmpstr (visible_list (page), ==, "empty");

  gtk_window_destroy (window);
  pen_test_flush ();
}

/* Every section of both languages renders all of its text: the body's lines come back from
 * the labels (an item's marker plus its text), in order, with nothing lost or added */
static void
test_rules_body_every_section (void)
{
  PenRules *rules = pen_rules_get_default ();
  PenRulesPage *page = g_object_new (PEN_TYPE_RULES_PAGE, NULL);
  GtkWindow *window = show_page (page, 1280);
  const char * const *languages = pen_rules_get_languages ();
  guint items = 0, bold = 0;

  for (guint l = 0; languages[l] != NULL; l++)
    {
      GListModel *sections = G_LIST_MODEL (rules);

      set_language (page, languages[l]);
      for (guint i = 0; i < g_list_model_get_n_items (sections); i++)
        {
          g_autoptr(PenRulesSection) section = g_list_model_get_item (sections, i);
          g_auto(GStrv) lines = g_strsplit (pen_rules_section_get_body (section), "\n", -1);
          GtkWidget *row;

          pen_rules_page_show (page, pen_rules_section_get_id (section));
          g_assert_cmpstr (pen_rules_page_get_section_id (page), ==,
                           pen_rules_section_get_id (section));
          g_assert_cmpstr (shown_title (page), ==, pen_rules_section_get_title (section));
          row = gtk_widget_get_first_child (child (page, "body_box"));
          for (guint k = 0; lines[k] != NULL; k++)
            {
              g_autofree char *shown = NULL;

              g_strstrip (lines[k]);
              if (*lines[k] == '\0')
                continue;
              g_assert_nonnull (row);
              /* a paragraph: its text alone, the marker column hidden */
              if (!gtk_widget_get_visible (gtk_widget_get_first_child (row)))
                shown = g_strdup (gtk_label_get_text (GTK_LABEL (gtk_widget_get_last_child (row))));
              else
                {
                  GtkWidget *mark = gtk_widget_get_first_child (row);
                  GtkWidget *text = gtk_widget_get_next_sibling (mark);

                  g_assert_true (gtk_widget_get_next_sibling (text) == NULL);
                  shown = g_strconcat (gtk_label_get_text (GTK_LABEL (mark)), " ",
                                       gtk_label_get_text (GTK_LABEL (text)), NULL);
                  g_assert_true (gtk_label_get_selectable (GTK_LABEL (text)));
                  items++;
                  if (strstr (gtk_label_get_label (GTK_LABEL (text)), "<b>") != NULL)
                    bold++;
                }
              g_assert_cmpstr (shown, ==, lines[k]);
              row = gtk_widget_get_next_sibling (row);
            }
          g_assert_null (row);
        }
    }
  /* the data has hundreds of list items; some start with a bold lead-in ("Charged:") */
  g_assert_cmpuint (items, >, 100);
  g_assert_cmpuint (bold, >, 0);
  g_assert_cmpuint (bold, <, items);

  set_language (page, "en");
  gtk_window_destroy (window);
  pen_test_flush ();
}

/* What the page's window-wide Ctrl+F shortcut does: whether it took the key */
static gboolean
ctrl_f (PenRulesPage *page)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (page));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);
      g_autoptr(GtkShortcut) shortcut = NULL;

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      g_assert_cmpint (gtk_shortcut_controller_get_scope (GTK_SHORTCUT_CONTROLLER (controller)),
                       ==, GTK_SHORTCUT_SCOPE_GLOBAL);
      shortcut = g_list_model_get_item (G_LIST_MODEL (controller), 0);
      {
        g_autofree char *trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger
                                                                     (shortcut));

        g_assert_cmpstr (trigger, ==, "<Control>f");
      }
      return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                           GTK_WIDGET (page), NULL);
    }
  g_assert_not_reached ();
}

/* On a phone the list and the section fold into one column with a back button */
static void
test_rules_folded (void)
{
  PenRulesPage *page = g_object_new (PEN_TYPE_RULES_PAGE, NULL);
  GtkWindow *window;
  AdwLeaflet *leaflet;
  GtkWidget *back;
  int min;

  /* nothing on the page is wider than a phone */
  gtk_widget_measure (GTK_WIDGET (page), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL,
                      NULL);
  g_assert_cmpint (min, <=, 360);

  window = show_page (page, 360);
  leaflet = child (page, "leaflet");
  back = child (page, "back_button");
  g_assert_true (adw_leaflet_get_folded (leaflet));
  g_assert_true (adw_leaflet_get_visible_child (leaflet) == child (page, "sidebar"));

  pen_rules_page_show (page, "threat");
  pen_test_flush ();
  g_assert_true (adw_leaflet_get_visible_child (leaflet) == child (page, "content"));
  g_assert_true (gtk_widget_is_visible (back));

  g_signal_emit_by_name (back, "clicked");
  pen_test_flush ();
  g_assert_true (adw_leaflet_get_visible_child (leaflet) == child (page, "sidebar"));

  /* Ctrl+F (the page's focus-search action) from the section brings the search into view
   * with the focus in it; on a page out of view the key is not the Rules page's */
  pen_rules_page_show (page, "threat");
  pen_test_flush ();
  g_assert_true (ctrl_f (page));
  pen_test_flush ();
  g_assert_true (adw_leaflet_get_visible_child (leaflet) == child (page, "sidebar"));
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

    g_assert_nonnull (focus);
    g_assert_true (focus == child (page, "search_entry") ||
                   gtk_widget_is_ancestor (focus, child (page, "search_entry")));
  }
  gtk_widget_set_visible (GTK_WIDGET (page), FALSE);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (page)));
  g_assert_false (ctrl_f (page));
  gtk_widget_set_visible (GTK_WIDGET (page), TRUE);

  gtk_window_destroy (window);
  pen_test_flush ();

  /* wide, both columns show and the back button is gone */
  page = g_object_new (PEN_TYPE_RULES_PAGE, NULL);
  window = show_page (page, 1280);
  g_assert_false (adw_leaflet_get_folded (child (page, "leaflet")));
  g_assert_false (gtk_widget_is_visible (child (page, "back_button")));
  gtk_window_destroy (window);
  pen_test_flush ();
}

/* The board's "?" by Mastery: the window switches to the Rules page on the Mark states; the
 * Table page's term links go the same way */
static void
test_rules_from_board (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  g_autoptr(PenApplication) app = pen_application_new ();
  PenWindow *window;
  GtkWidget *board;
  AdwViewStack *stack = NULL;
  PenRulesPage *page = NULL;

  g_assert_no_error (error);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  window = pen_window_new (app);
  pen_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  pen_window_show_page (window, "wizards");
  pen_test_flush ();

  stack = ADW_VIEW_STACK (gtk_widget_get_template_child (GTK_WIDGET (window), PEN_TYPE_WINDOW,
                                                         "view_stack"));
  page = PEN_RULES_PAGE (gtk_widget_get_template_child (GTK_WIDGET (window), PEN_TYPE_WINDOW,
                                                        "rules_page"));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "wizards");

  /* the first board the Wizards page made */
  {
    GtkWidget *wizards = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                    PEN_TYPE_WINDOW,
                                                                    "wizards_page"));
    GtkWidget *w = wizards;

    board = NULL;
    while (board == NULL && w != NULL)
      {
        if (PEN_IS_WIZARD_BOARD (w))
          board = w;
        else if (gtk_widget_get_first_child (w) != NULL)
          w = gtk_widget_get_first_child (w);
        else
          {
            while (w != NULL && w != wizards && gtk_widget_get_next_sibling (w) == NULL)
              w = gtk_widget_get_parent (w);
            w = (w == NULL || w == wizards) ? NULL : gtk_widget_get_next_sibling (w);
          }
      }
  }
  g_assert_nonnull (board);

  g_assert_true (gtk_widget_activate_action (board, "board.rule", "s", "mark-states"));
  pen_test_flush ();
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "rules");
  g_assert_cmpstr (pen_rules_page_get_section_id (page), ==, "mark-states");

  /* the other headings' terms exist in the reference */
  g_assert_true (gtk_widget_activate_action (board, "board.rule", "s", "dice"));
  g_assert_cmpstr (pen_rules_page_get_section_id (page), ==, "dice");
  g_assert_true (gtk_widget_activate_action (board, "board.rule", "s", "ingredients"));
  g_assert_cmpstr (pen_rules_page_get_section_id (page), ==, "ingredients");

  /* any page with a "show-rule" signal is routed the same way, with a term as printed */
  pen_window_show_page (window, "table");
  g_signal_emit_by_name (gtk_widget_get_template_child (GTK_WIDGET (window), PEN_TYPE_WINDOW,
                                                        "table_page"), "show-rule", "Contracts");
  pen_test_flush ();
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "rules");
  g_assert_cmpstr (pen_rules_page_get_section_id (page), ==, "contracts");

  gtk_window_destroy (GTK_WINDOW (window));
  pen_test_flush ();
}

int
main (int   argc,
      char *argv[])
{
  /* the page's language follows the locale at first; the tests set it */
  g_setenv ("LANGUAGE", "en", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/penumbra/ui/rules/search", test_rules_search);
  g_test_add_func ("/penumbra/ui/rules/show-term", test_rules_show_term);
  g_test_add_func ("/penumbra/ui/rules/body-every-section", test_rules_body_every_section);
  g_test_add_func ("/penumbra/ui/rules/folded", test_rules_folded);
  g_test_add_func ("/penumbra/ui/rules/from-board", test_rules_from_board);

  return g_test_run ();
}
