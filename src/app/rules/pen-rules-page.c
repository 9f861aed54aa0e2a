/* pen-rules-page.c: the rules reference, searchable, in English or Russian
 *
 * A leaflet: on the left the search entry and either the contents (a tree of the sections by
 * parent) or the search results; on the right the section. On a narrow window the two fold
 * into one column with a back button.
 *
 * The reference (PenRules) is parsed on first use. This page never touches it in init: the
 * contents are built when the page is first mapped, or when another page asks for a rule.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-rules.h"
#include "pen-rules-page.h"

/* more than anyone reads; the list stays quick to rebuild on each keystroke */
#define MAX_RESULTS 50

struct _PenRulesPage
{
  AdwBin              parent_instance;

  AdwLeaflet         *leaflet;
  GtkWidget          *sidebar;
  GtkWidget          *content;
  GtkSearchEntry     *search_entry;
  GtkDropDown        *language_dropdown;
  GtkStack           *list_stack;
  GtkListView        *toc_view;
  GtkListBox         *results_list;
  GtkStack           *section_stack;
  GtkScrolledWindow  *section_scroller;
  GtkWidget          *back_button;
  GtkWidget          *parent_button;
  AdwButtonContent   *parent_content;
  GtkLabel           *title_label;
  GtkBox             *body_box;
  GtkWidget          *see_also_label;
  GtkListBox         *see_also_list;

  PenRules           *rules;
  gboolean            loaded;        /* the contents are built, so the reference is parsed */
  GtkTreeListModel   *toc_model;
  GtkSingleSelection *toc_selection;
  char               *section_id;    /* the section shown, or NULL */
};

G_DEFINE_FINAL_TYPE (PenRulesPage, pen_rules_page, ADW_TYPE_BIN)

static void show_section (PenRulesPage *self,
                          const char   *id,
                          gboolean      navigate);

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
static void
build_toc (PenRulesPage *self)
{
  GListModel *sections = G_LIST_MODEL (self->rules);
  GHashTable *children = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                g_object_unref);
  GListStore *root = g_list_store_new (PEN_TYPE_RULES_SECTION);
  guint n = g_list_model_get_n_items (sections);

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
toc_setup_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 32);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), label);
  gtk_list_item_set_child (item, expander);
}

static void
toc_bind_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  user_data)
{
  GtkTreeListRow *row = gtk_list_item_get_item (item);
  GtkTreeExpander *expander = GTK_TREE_EXPANDER (gtk_list_item_get_child (item));
  g_autoptr(PenRulesSection) section = gtk_tree_list_row_get_item (row);
  GtkWidget *label = gtk_tree_expander_get_child (expander);

  gtk_tree_expander_set_list_row (expander, row);
  gtk_label_set_label (GTK_LABEL (label), pen_rules_section_get_title (section));
  if (gtk_tree_list_row_get_depth (row) == 0)
    gtk_widget_add_css_class (label, "toc-top");
  else
    gtk_widget_remove_css_class (label, "toc-top");
}

static void
toc_unbind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (gtk_list_item_get_child (item)), NULL);
}

static void
toc_activate_cb (PenRulesPage *self,
                 guint         position)
{
  g_autoptr(GtkTreeListRow) row = gtk_tree_list_model_get_row (self->toc_model, position);
  g_autoptr(PenRulesSection) section = NULL;

  if (row == NULL)
    return;
  section = gtk_tree_list_row_get_item (row);
  show_section (self, pen_rules_section_get_id (section), TRUE);
}

/* Opens the ancestors of the section in the contents (and the section itself, when the
 * user picked it, to show what it holds) and selects its row */
static void
select_in_toc (PenRulesPage *self,
               const char   *id,
               gboolean      expand)
{
  g_autoptr(GPtrArray) chain = g_ptr_array_new ();
  guint start = 0;
  guint found = GTK_INVALID_LIST_POSITION;

  if (self->toc_model == NULL)
    return;
  /* guard against a parent loop in the data */
  for (const char *at = id; at != NULL && chain->len < 16; )
    {
      PenRulesSection *section = pen_rules_lookup (self->rules, at);

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

/* ---- the section ---- */

typedef enum {
  LINE_PARAGRAPH,
  LINE_BULLET,
  LINE_STEP,
  LINE_SUBSTEP,
} LineKind;

/* The body's own light markup (pen-rules-section.h): "• " items, "1. " steps, and "a. "
 * sub-steps (Cyrillic letters in Russian). Sets *marker to the number or letter. */
static LineKind
classify_line (const char  *line,
               const char **text,
               char       **marker)
{
  const char *p = line;

  *marker = NULL;
  *text = line;
  if (g_str_has_prefix (line, "• "))
    {
      *text = line + strlen ("• ");
      return LINE_BULLET;
    }
  while (g_ascii_isdigit (*p))
    p++;
  if (p > line && p - line <= 3 && g_str_has_prefix (p, ". "))
    {
      *marker = g_strndup (line, p - line + 1);
      *text = p + 2;
      return LINE_STEP;
    }
  if (g_unichar_islower (g_utf8_get_char (line)))
    {
      p = g_utf8_next_char (line);
      if (g_str_has_prefix (p, ". "))
        {
          *marker = g_strndup (line, p - line + 1);
          *text = p + 2;
          return LINE_SUBSTEP;
        }
    }
  return LINE_PARAGRAPH;
}

/* Pango markup for an item: a short lead-in such as "Charged (raised):" or "Prepare." is
 * set in bold, so a list of definitions reads at a glance. A lead-in before a colon may be a
 * little longer than one before a full stop, which is more often a whole short sentence. */
static char *
item_markup (const char *text)
{
  const char *ends[] = { ": ", ". ", "? " };
  const guint max_words[] = { 6, 4, 4 };
  const glong max_chars[] = { 44, 32, 32 };
  const char *cut = NULL;
  guint which = 0;
  g_autofree char *lead = NULL;
  g_autofree char *lead_escaped = NULL;
  g_autofree char *rest_escaped = NULL;
  g_auto(GStrv) words = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
    {
      const char *at = strstr (text, ends[i]);

      if (at != NULL && (cut == NULL || at < cut))
        {
          cut = at;
          which = i;
        }
    }
  if (cut == NULL)
    return g_markup_escape_text (text, -1);

  lead = g_strndup (text, cut - text + 1);
  words = g_strsplit (lead, " ", -1);
  if (g_utf8_strlen (lead, -1) > max_chars[which] || g_strv_length (words) > max_words[which])
    return g_markup_escape_text (text, -1);

  lead_escaped = g_markup_escape_text (lead, -1);
  rest_escaped = g_markup_escape_text (cut + 1, -1);
  return g_strdup_printf ("<b>%s</b>%s", lead_escaped, rest_escaped);
}

static GtkWidget *
body_label (const char *markup)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  return label;
}

static void
add_body_line (PenRulesPage *self,
               const char   *line,
               gboolean     *in_steps)
{
  g_autofree char *marker = NULL;
  g_autofree char *markup = NULL;
  const char *text;
  LineKind kind = classify_line (line, &text, &marker);
  GtkWidget *row, *mark;
  int indent = 0;

  if (kind == LINE_PARAGRAPH)
    {
      *in_steps = FALSE;
      markup = g_markup_escape_text (text, -1);
      gtk_box_append (self->body_box, body_label (markup));
      return;
    }

  /* items under a numbered step belong to it: indent them like its text */
  if (kind == LINE_STEP)
    *in_steps = TRUE;
  if (kind == LINE_SUBSTEP || (kind == LINE_BULLET && *in_steps))
    indent = 1;

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (row, indent * 28);
  gtk_widget_add_css_class (row, "rules-item");
  mark = gtk_label_new (marker != NULL ? marker : "•");
  gtk_widget_set_valign (mark, GTK_ALIGN_START);
  gtk_label_set_xalign (GTK_LABEL (mark), 1);
  gtk_label_set_width_chars (GTK_LABEL (mark), 2);
  gtk_widget_add_css_class (mark, "rules-marker");
  if (kind == LINE_STEP)
    gtk_widget_add_css_class (mark, "heading");
  /* the marker is layout, not content: a screen reader reads the list item's text */
  gtk_accessible_update_state (GTK_ACCESSIBLE (mark), GTK_ACCESSIBLE_STATE_HIDDEN, kind ==
                               LINE_BULLET, -1);
  markup = item_markup (text);
  gtk_box_append (GTK_BOX (row), mark);
  gtk_box_append (GTK_BOX (row), body_label (markup));
  gtk_box_append (self->body_box, row);
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_LIST_BOX (box))
        gtk_list_box_remove (GTK_LIST_BOX (box), child);
      else
        gtk_box_remove (GTK_BOX (box), child);
    }
}

static void
render_section (PenRulesPage    *self,
                PenRulesSection *section)
{
  const char *parent_id = pen_rules_section_get_parent (section);
  PenRulesSection *parent = parent_id ? pen_rules_lookup (self->rules, parent_id) : NULL;
  const char * const *see_also = pen_rules_section_get_see_also (section);
  g_auto(GStrv) lines = g_strsplit (pen_rules_section_get_body (section), "\n", -1);
  gboolean in_steps = FALSE;
  guint links = 0;

  gtk_label_set_label (self->title_label, pen_rules_section_get_title (section));

  gtk_widget_set_visible (self->parent_button, parent != NULL);
  if (parent != NULL)
    {
      g_autofree char *tip = g_strdup_printf (_("Up to “%s”"),
                                              pen_rules_section_get_title (parent));

      adw_button_content_set_label (self->parent_content, pen_rules_section_get_title (parent));
      gtk_widget_set_tooltip_text (self->parent_button, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->parent_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
    }

  clear_box (GTK_WIDGET (self->body_box));
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (*lines[i] != '\0')
        add_body_line (self, lines[i], &in_steps);
    }

  clear_box (GTK_WIDGET (self->see_also_list));
  for (guint i = 0; see_also != NULL && see_also[i] != NULL; i++)
    {
      PenRulesSection *other = pen_rules_lookup (self->rules, see_also[i]);
      GtkWidget *row;

      if (other == NULL)
        continue;
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     pen_rules_section_get_title (other));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name
                                 ("go-next-symbolic"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "rules.show");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", see_also[i]);
      gtk_list_box_append (self->see_also_list, row);
      links++;
    }
  gtk_widget_set_visible (self->see_also_label, links > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->see_also_list), links > 0);

  gtk_stack_set_visible_child_name (self->section_stack, "section");
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->section_scroller), 0);
}

/* The contents are built on first need, which is what parses the reference */
static void
ensure_loaded (PenRulesPage *self)
{
  if (self->loaded)
    return;
  self->loaded = TRUE;
  build_toc (self);
  /* a wide window has room for a section next to the list: start with the overview */
  if (self->section_id == NULL && pen_rules_lookup (self->rules, "overview") != NULL)
    show_section (self, "overview", FALSE);
}

static void
show_section (PenRulesPage *self,
              const char   *id,
              gboolean      navigate)
{
  PenRulesSection *section;

  ensure_loaded (self);
  section = pen_rules_lookup (self->rules, id);
  if (section == NULL)
    return;

  if (g_strcmp0 (self->section_id, id) != 0)
    {
      g_free (self->section_id);
      self->section_id = g_strdup (id);
    }
  render_section (self, section);
  select_in_toc (self, self->section_id, navigate);

  /* side by side nothing moves: the leaflet would pull the focus out of the search entry */
  if (navigate && adw_leaflet_get_folded (self->leaflet))
    {
      adw_leaflet_set_visible_child (self->leaflet, self->content);
      /* not the title: a selectable label selects all its text when focused */
      gtk_widget_grab_focus (self->back_button);
    }
}

/* Brings the list column into view on a phone (side by side it always is) */
static void
show_list (PenRulesPage *self)
{
  if (adw_leaflet_get_folded (self->leaflet))
    adw_leaflet_set_visible_child (self->leaflet, self->sidebar);
}

/* ---- search ---- */

/* Whether a word of a result is one the user searched for: the same stem, or (for three
 * letters or more, as the search matches what is still being typed) one it starts with */
static gboolean
word_matches (const char *word,
              GPtrArray  *stems)
{
  g_autofree char *stem = pen_rules_stem_word (word);
  g_autofree char *folded = g_utf8_casefold (word, -1);

  for (guint i = 0; i < stems->len; i++)
    {
      const char *q = g_ptr_array_index (stems, i);

      if (g_str_equal (stem, q) ||
          (g_utf8_strlen (q, -1) >= 3 && g_str_has_prefix (folded, q)))
        return TRUE;
    }
  return FALSE;
}

/* Pango markup of text with the searched words in bold */
static char *
highlight (const char *text,
           GPtrArray  *stems)
{
  GString *markup = g_string_new (NULL);
  const char *p = text;

  while (*p != '\0')
    {
      const char *start = p;
      gboolean word = g_unichar_isalnum (g_utf8_get_char (p));
      g_autofree char *piece = NULL;
      g_autofree char *escaped = NULL;

      while (*p != '\0' && g_unichar_isalnum (g_utf8_get_char (p)) == word)
        p = g_utf8_next_char (p);
      piece = g_strndup (start, p - start);
      escaped = g_markup_escape_text (piece, -1);
      if (word && word_matches (piece, stems))
        g_string_append_printf (markup, "<b>%s</b>", escaped);
      else
        g_string_append (markup, escaped);
    }
  return g_string_free (markup, FALSE);
}

/* Why a result matched: "Matched: thrat → threat (typo), wound" */
static char *
describe_matches (PenRulesResult *result)
{
  g_autoptr(GString) list = g_string_new (NULL);

  for (guint i = 0; i < result->matched->len; i++)
    {
      const PenRulesMatch *m = g_ptr_array_index (result->matched, i);
      g_autofree char *item = NULL;

      switch (m->kind)
        {
        case PEN_RULES_MATCH_EXACT:
          item = g_strdup (m->word);
          break;
        case PEN_RULES_MATCH_TYPO:
          /* Translators: a search word and the word it was read as, "thrat → threat (typo)" */
          item = g_strdup_printf (_("%s → %s (typo)"), m->word, m->term);
          break;
        case PEN_RULES_MATCH_OTHER_LANGUAGE:
          /* Translators: a word in the other language and the section it found,
           * "угроза → Threat (other language)" */
          item = g_strdup_printf (_("%s → %s (other language)"), m->word, m->term);
          break;
        case PEN_RULES_MATCH_FORM:
        case PEN_RULES_MATCH_SPELLING:
        case PEN_RULES_MATCH_PREFIX:
        default:
          item = g_strdup_printf ("%s → %s", m->word, m->term);
          break;
        }
      if (list->len > 0)
        g_string_append (list, ", ");
      g_string_append (list, item);
    }
  /* Translators: why a search result was found, "Matched: thrat → threat (typo), wound" */
  return g_strdup_printf (_("Matched: %s"), list->str);
}

static GtkWidget *
result_row (PenRulesResult *result)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (result->title);
  GtkWidget *snippet = gtk_label_new (NULL);
  g_autofree char *why = describe_matches (result);
  GtkWidget *matched = gtk_label_new (why);
  g_autoptr(GPtrArray) stems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *markup = NULL;

  /* bold what the query met, typos and other forms included; common words met nothing */
  for (guint i = 0; i < result->matched->len; i++)
    {
      const PenRulesMatch *m = g_ptr_array_index (result->matched, i);

      if (m->kind != PEN_RULES_MATCH_OTHER_LANGUAGE)
        g_ptr_array_add (stems, pen_rules_stem_word (m->term));
    }
  markup = highlight (result->snippet, stems);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_markup (GTK_LABEL (snippet), markup);
  gtk_label_set_xalign (GTK_LABEL (snippet), 0);
  gtk_label_set_wrap (GTK_LABEL (snippet), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (snippet), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (snippet), 3);
  gtk_label_set_max_width_chars (GTK_LABEL (title), 36);
  gtk_label_set_max_width_chars (GTK_LABEL (snippet), 36);
  gtk_label_set_ellipsize (GTK_LABEL (snippet), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (snippet, "dim-label");
  gtk_widget_add_css_class (snippet, "caption");
  gtk_label_set_xalign (GTK_LABEL (matched), 0);
  gtk_label_set_wrap (GTK_LABEL (matched), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (matched), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (matched), 36);
  gtk_widget_add_css_class (matched, "dim-label");
  gtk_widget_add_css_class (matched, "caption");
  gtk_widget_add_css_class (matched, "rules-matched");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), snippet);
  gtk_box_append (GTK_BOX (box), matched);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_add_css_class (row, "rules-result");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "rules.show");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", result->id);
  return row;
}

static void
run_search (PenRulesPage *self)
{
  g_autofree char *query = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE
                                                                        (self->search_entry))));
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GError) error = NULL;

  clear_box (GTK_WIDGET (self->results_list));
  if (*query == '\0')
    {
      gtk_stack_set_visible_child_name (self->list_stack, "contents");
      return;
    }

  ensure_loaded (self);
  results = pen_rules_search (self->rules, query, NULL, MAX_RESULTS, &error);
  if (results == NULL)
    {
      g_warning ("Rules search failed: %s", error->message);
      gtk_stack_set_visible_child_name (self->list_stack, "empty");
      return;
    }
  for (guint i = 0; i < results->len; i++)
    gtk_list_box_append (self->results_list, result_row (g_ptr_array_index (results, i)));
  gtk_stack_set_visible_child_name (self->list_stack, results->len > 0 ? "results" : "empty");
}

static void
search_changed_cb (PenRulesPage *self)
{
  run_search (self);
}

/* Enter opens the best match */
static void
search_activate_cb (PenRulesPage *self)
{
  GtkListBoxRow *first;

  run_search (self);
  first = gtk_list_box_get_row_at_index (self->results_list, 0);
  /* not by activating the row, which would take the focus from the entry */
  if (first != NULL)
    show_section (self, g_variant_get_string (gtk_actionable_get_action_target_value
                                               (GTK_ACTIONABLE (first)), NULL), TRUE);
}

static void
stop_search_cb (PenRulesPage *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

/* typing anywhere on the page searches: on a phone, bring the list column into view */
static void
search_started_cb (PenRulesPage *self)
{
  show_list (self);
}

static gboolean
focus_search (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  PenRulesPage *self = PEN_RULES_PAGE (widget);

  /* the shortcut is window-wide; only the page in view takes it */
  if (!gtk_widget_get_mapped (widget))
    return FALSE;
  show_list (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  gtk_editable_select_region (GTK_EDITABLE (self->search_entry), 0, -1);
  return TRUE;
}

/* ---- navigation ---- */

static void
back_clicked_cb (PenRulesPage *self)
{
  show_list (self);
}

static void
parent_clicked_cb (PenRulesPage *self)
{
  PenRulesSection *section = self->section_id ? pen_rules_lookup (self->rules,
                                                                  self->section_id) : NULL;

  if (section != NULL && pen_rules_section_get_parent (section) != NULL)
    show_section (self, pen_rules_section_get_parent (section), TRUE);
}

static void
show_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  show_section (PEN_RULES_PAGE (widget), g_variant_get_string (param, NULL), TRUE);
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
language_selected_cb (PenRulesPage *self)
{
  const char * const *languages = pen_rules_get_languages ();
  guint selected = gtk_drop_down_get_selected (self->language_dropdown);

  if (selected < g_strv_length ((char **) languages))
    pen_rules_set_language (self->rules, languages[selected]);
}

/* The shared reference changed language (here or on another page): redo what shows text */
static void
rules_language_cb (PenRulesPage *self)
{
  guint index = language_index (pen_rules_get_language (self->rules));

  if (gtk_drop_down_get_selected (self->language_dropdown) != index)
    gtk_drop_down_set_selected (self->language_dropdown, index);
  if (!self->loaded)
    return;
  build_toc (self);
  run_search (self);
  if (self->section_id != NULL)
    show_section (self, self->section_id, FALSE);
}

/* ---- public ---- */

void
pen_rules_page_show (PenRulesPage *self,
                     const char   *term_or_id)
{
  g_autofree char *id = NULL;

  g_return_if_fail (PEN_IS_RULES_PAGE (self));

  if (term_or_id == NULL || *term_or_id == '\0')
    return;
  id = g_strdup (pen_rules_lookup_term (self->rules, term_or_id));
  if (id != NULL)
    {
      show_section (self, id, TRUE);
      return;
    }
  /* no section by that name: let the search find what mentions it */
  ensure_loaded (self);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), term_or_id);
  run_search (self);
  show_list (self);
}

const char *
pen_rules_page_get_section_id (PenRulesPage *self)
{
  g_return_val_if_fail (PEN_IS_RULES_PAGE (self), NULL);

  return self->section_id;
}

static void
pen_rules_page_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (pen_rules_page_parent_class)->map (widget);
  ensure_loaded (PEN_RULES_PAGE (widget));
}

static void
pen_rules_page_dispose (GObject *object)
{
  PenRulesPage *self = PEN_RULES_PAGE (object);

  if (self->rules != NULL)
    g_signal_handlers_disconnect_by_data (self->rules, self);
  g_clear_object (&self->rules);
  /* the leaflet is both a template child and the bin's child: let the bin drop it first, or
   * the template would unparent it behind the bin's back */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_RULES_PAGE);
  g_clear_object (&self->toc_selection);
  g_clear_object (&self->toc_model);
  g_clear_pointer (&self->section_id, g_free);

  G_OBJECT_CLASS (pen_rules_page_parent_class)->dispose (object);
}

static void
pen_rules_page_class_init (PenRulesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_rules_page_dispose;
  widget_class->map = pen_rules_page_map;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-rules-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, leaflet);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, sidebar);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, content);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, language_dropdown);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, list_stack);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, toc_view);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, results_list);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, section_stack);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, section_scroller);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, back_button);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, parent_button);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, parent_content);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, title_label);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, body_box);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, see_also_label);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, see_also_list);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, toc_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, back_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, parent_clicked_cb);

  gtk_widget_class_install_action (widget_class, "rules.show", "s", show_activated);
}

static void
pen_rules_page_init (PenRulesPage *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));

  /* the shared reference; nothing here reads it, so nothing is parsed yet */
  self->rules = g_object_ref (pen_rules_get_default ());
  gtk_drop_down_set_selected (self->language_dropdown,
                              language_index (pen_rules_get_language (self->rules)));
  g_signal_connect_object (self->language_dropdown, "notify::selected",
                           G_CALLBACK (language_selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->rules, "notify::language", G_CALLBACK (rules_language_cb),
                           self, G_CONNECT_SWAPPED);

  g_signal_connect (factory, "setup", G_CALLBACK (toc_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (toc_bind_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (toc_unbind_cb), self);
  gtk_list_view_set_factory (self->toc_view, factory);

  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));
  g_signal_connect_object (self->search_entry, "search-started", G_CALLBACK (search_started_cb),
                           self, G_CONNECT_SWAPPED);

  /* Ctrl+F from anywhere in the window while the page is in view */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                     GTK_SHORTCUT_SCOPE_GLOBAL);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_f,
                                                                                  GDK_CONTROL_MASK),
                                                          gtk_callback_action_new (focus_search,
                                                                                   NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Search the rules"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->language_dropdown),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Language of the rules"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->toc_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Contents"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->results_list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Search results"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->see_also_list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("See also"), -1);
}
