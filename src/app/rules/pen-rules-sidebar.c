/* pen-rules-sidebar.c: the Rules page's list column, the search and the contents
 *
 * The search entry and the language of the rules on top; below either the contents (a tree
 * of the sections by parent) or the search results, each list bound to its model. Picking a
 * section emits "section-activated" for the page to show it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-rules-hit.h"
#include "pen-rules-result-row.h"
#include "pen-rules-sidebar.h"
#include "pen-rules-toc-row.h"
#include "pen-widget-utils.h"

/* more than anyone reads; the list stays quick to rebuild on each keystroke */
#define MAX_RESULTS 50

struct _PenRulesSidebar
{
  AdwBin              parent_instance;

  GtkSearchEntry     *search_entry;
  GtkDropDown        *language_dropdown;
  GtkStack           *list_stack;
  GtkListView        *toc_view;
  GtkListBox         *results_list;

  PenRules           *rules;          /* the reference the contents show */
  GtkTreeListModel   *toc_model;
  GtkSingleSelection *toc_selection;
  GListStore         *results;        /* PenRulesHit */
};

G_DEFINE_FINAL_TYPE (PenRulesSidebar, pen_rules_sidebar, ADW_TYPE_BIN)

enum {
  SECTION_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

GtkSearchEntry *
pen_rules_sidebar_get_search_entry (PenRulesSidebar *self)
{
  g_return_val_if_fail (PEN_IS_RULES_SIDEBAR (self), NULL);
  return self->search_entry;
}

/* ---- contents ---- */

static GListModel *
create_children (gpointer item,
                 gpointer user_data)
{
  GHashTable *children = user_data;
  GListStore *store = g_hash_table_lookup (children,
                                           pen_rules_section_get_id (PEN_RULES_SECTION (item)));

  return store ? g_object_ref (G_LIST_MODEL (store)) : NULL;
}

/* The sections of the current language as a tree by their parent ids (reading order kept) */
void
pen_rules_sidebar_build_contents (PenRulesSidebar *self,
                                  PenRules        *rules)
{
  GListModel *sections;
  GHashTable *children;
  GListStore *root;
  guint n;

  g_return_if_fail (PEN_IS_RULES_SIDEBAR (self));
  g_return_if_fail (PEN_IS_RULES (rules));

  g_set_object (&self->rules, rules);
  sections = G_LIST_MODEL (rules);
  children = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  root = g_list_store_new (PEN_TYPE_RULES_SECTION);
  n = g_list_model_get_n_items (sections);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenRulesSection) section = g_list_model_get_item (sections, i);
      const char *parent = pen_rules_section_get_parent (section);
      GListStore *store = root;

      if (parent != NULL)
        {
          store = g_hash_table_lookup (children, parent);
          if (store == NULL)
            {
              store = g_list_store_new (PEN_TYPE_RULES_SECTION);
              g_hash_table_insert (children, g_strdup (parent), store);
            }
        }
      g_list_store_append (store, section);
    }

  /* the tree keeps the table alive: an old tree never sees a newer language's table */
  g_clear_object (&self->toc_model);
  self->toc_model = gtk_tree_list_model_new (G_LIST_MODEL (root), FALSE, FALSE, create_children,
                                             children, (GDestroyNotify) g_hash_table_unref);
  g_clear_object (&self->toc_selection);
  self->toc_selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->toc_model)));
  gtk_single_selection_set_autoselect (self->toc_selection, FALSE);
  gtk_single_selection_set_can_unselect (self->toc_selection, TRUE);
  gtk_single_selection_set_selected (self->toc_selection, GTK_INVALID_LIST_POSITION);
  gtk_list_view_set_model (self->toc_view, GTK_SELECTION_MODEL (self->toc_selection));
}

static void
toc_activate_cb (PenRulesSidebar *self,
                 guint            position)
{
  g_autoptr(GtkTreeListRow) row = gtk_tree_list_model_get_row (self->toc_model, position);
  g_autoptr(PenRulesSection) section = NULL;

  if (row == NULL)
    return;
  section = gtk_tree_list_row_get_item (row);
  g_signal_emit (self, signals[SECTION_ACTIVATED], 0, pen_rules_section_get_id (section));
}

void
pen_rules_sidebar_select (PenRulesSidebar *self,
                          PenRules        *rules,
                          const char      *id,
                          gboolean         expand)
{
  g_autoptr(GPtrArray) chain = g_ptr_array_new ();
  guint start = 0;
  guint found = GTK_INVALID_LIST_POSITION;

  g_return_if_fail (PEN_IS_RULES_SIDEBAR (self));

  if (self->toc_model == NULL)
    return;
  /* guard against a parent loop in the data */
  for (const char *at = id; at != NULL && chain->len < 16; )
    {
      PenRulesSection *section = pen_rules_lookup (rules, at);

      if (section == NULL)
        break;
      g_ptr_array_insert (chain, 0, (gpointer) pen_rules_section_get_id (section));
      at = pen_rules_section_get_parent (section);
    }

  for (guint c = 0; c < chain->len; c++)
    {
      guint n = g_list_model_get_n_items (G_LIST_MODEL (self->toc_model));

      found = GTK_INVALID_LIST_POSITION;
      for (guint pos = start; pos < n; pos++)
        {
          g_autoptr(GtkTreeListRow) row = gtk_tree_list_model_get_row (self->toc_model, pos);
          g_autoptr(PenRulesSection) section = gtk_tree_list_row_get_item (row);

          if (g_strcmp0 (pen_rules_section_get_id (section), g_ptr_array_index (chain, c)) == 0)
            {
              if (expand || c + 1 < chain->len)
                gtk_tree_list_row_set_expanded (row, TRUE);
              found = pos;
              start = pos + 1;
              break;
            }
        }
      if (found == GTK_INVALID_LIST_POSITION)
        break;
    }

  gtk_single_selection_set_selected (self->toc_selection, found);
  if (found != GTK_INVALID_LIST_POSITION && gtk_widget_get_mapped (GTK_WIDGET (self->toc_view)))
    gtk_widget_activate_action (GTK_WIDGET (self->toc_view), "list.scroll-to-item", "u", found);
}

/* ---- search ---- */

static GtkWidget *
create_result_row (gpointer item,
                   gpointer user_data)
{
  return pen_rules_result_row_new (PEN_RULES_HIT (item));
}

void
pen_rules_sidebar_search (PenRulesSidebar *self,
                          const char      *text)
{
  g_autofree char *query = g_strstrip (g_strdup (text));
  g_autoptr(GListStore) found = NULL;
  g_autoptr(GError) error = NULL;
  guint n = 0;

  g_return_if_fail (PEN_IS_RULES_SIDEBAR (self));

  if (*query != '\0')
    {
      if (self->rules == NULL)
        self->rules = g_object_ref (pen_rules_get_default ());
      found = pen_rules_hit_search (self->rules, query, MAX_RESULTS, &error);
      if (found == NULL)
        g_warning ("Rules search failed: %s", error->message);
      else
        n = g_list_model_get_n_items (G_LIST_MODEL (found));
    }
  /* one change of the model: the list drops the old rows and makes the new ones */
  {
    g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

    for (guint i = 0; i < n; i++)
      g_ptr_array_add (items, g_list_model_get_item (G_LIST_MODEL (found), i));
    g_list_store_splice (self->results, 0, g_list_model_get_n_items (G_LIST_MODEL (self->results)),
                         items->pdata, items->len);
  }

  if (*query == '\0')
    gtk_stack_set_visible_child_name (self->list_stack, "contents");
  else
    gtk_stack_set_visible_child_name (self->list_stack, n > 0 ? "results" : "empty");
}

void
pen_rules_sidebar_refresh_search (PenRulesSidebar *self)
{
  g_return_if_fail (PEN_IS_RULES_SIDEBAR (self));
  pen_rules_sidebar_search (self, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

static void
search_changed_cb (PenRulesSidebar *self)
{
  pen_rules_sidebar_refresh_search (self);
}

/* Enter opens the best match */
static void
search_activate_cb (PenRulesSidebar *self)
{
  g_autoptr(PenRulesHit) first = NULL;

  pen_rules_sidebar_refresh_search (self);
  first = g_list_model_get_item (G_LIST_MODEL (self->results), 0);
  /* not by activating the row, which would take the focus from the entry */
  if (first != NULL)
    g_signal_emit (self, signals[SECTION_ACTIVATED], 0, pen_rules_hit_get_id (first));
}

static void
stop_search_cb (PenRulesSidebar *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

/* ---- language ---- */

static guint
language_index (const char *language)
{
  const char * const *languages = pen_rules_get_languages ();

  for (guint i = 0; languages[i] != NULL; i++)
    if (g_strcmp0 (languages[i], language) == 0)
      return i;
  return 0;
}

static void
language_selected_cb (PenRulesSidebar *self)
{
  const char * const *languages = pen_rules_get_languages ();
  guint selected = gtk_drop_down_get_selected (self->language_dropdown);

  if (selected < g_strv_length ((char **) languages))
    pen_rules_set_language (pen_rules_get_default (), languages[selected]);
}

/* The shared reference changed language (here or on another page) */
static void
rules_language_cb (PenRulesSidebar *self,
                   GParamSpec      *pspec,
                   PenRules        *rules)
{
  guint index = language_index (pen_rules_get_language (rules));

  if (gtk_drop_down_get_selected (self->language_dropdown) != index)
    gtk_drop_down_set_selected (self->language_dropdown, index);
}

/* ---- class ---- */

static void
pen_rules_sidebar_dispose (GObject *object)
{
  PenRulesSidebar *self = PEN_RULES_SIDEBAR (object);

  g_clear_object (&self->toc_selection);
  g_clear_object (&self->toc_model);
  g_clear_object (&self->results);
  g_clear_object (&self->rules);

  G_OBJECT_CLASS (pen_rules_sidebar_parent_class)->dispose (object);
}

static void
pen_rules_sidebar_class_init (PenRulesSidebarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_rules_sidebar_dispose;

  /* A section was picked in the contents, or Enter took the best match */
  signals[SECTION_ACTIVATED] = g_signal_new ("section-activated", G_TYPE_FROM_CLASS (klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                             G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (PEN_TYPE_RULES_TOC_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-rules-sidebar.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRulesSidebar, search_entry);
  gtk_widget_class_bind_template_child (widget_class, PenRulesSidebar, language_dropdown);
  gtk_widget_class_bind_template_child (widget_class, PenRulesSidebar, list_stack);
  gtk_widget_class_bind_template_child (widget_class, PenRulesSidebar, toc_view);
  gtk_widget_class_bind_template_child (widget_class, PenRulesSidebar, results_list);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, toc_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, language_selected_cb);
}

static void
pen_rules_sidebar_init (PenRulesSidebar *self)
{
  PenRules *rules = pen_rules_get_default ();

  gtk_widget_init_template (GTK_WIDGET (self));
  pen_widget_keep_scroll_still (GTK_WIDGET (self));

  self->results = g_list_store_new (PEN_TYPE_RULES_HIT);
  gtk_list_box_bind_model (self->results_list, G_LIST_MODEL (self->results), create_result_row,
                           NULL, NULL);

  /* the shared reference; nothing here reads its sections, so nothing is parsed yet */
  g_signal_handlers_block_by_func (self->language_dropdown, language_selected_cb, self);
  gtk_drop_down_set_selected (self->language_dropdown,
                              language_index (pen_rules_get_language (rules)));
  g_signal_handlers_unblock_by_func (self->language_dropdown, language_selected_cb, self);
  g_signal_connect_object (rules, "notify::language", G_CALLBACK (rules_language_cb), self,
                           G_CONNECT_SWAPPED);
}
