/* pen-rules-page.c: the rules reference, searchable, in English or Russian
 *
 * A leaflet: on the left the list column (PenRulesSidebar: the search entry and either the
 * contents or the search results); on the right the section (PenRulesArticle). On a narrow
 * window the two fold into one column with a back button. Every link opens its section through
 * the page's "rules.show" action.
 *
 * The reference (PenRules) is parsed on first use. This page never touches it in init: the
 * contents are built when the page is first mapped, or when another page asks for a rule. The
 * page shows no game: a move in the game costs it nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-rules.h"
#include "pen-rules-article.h"
#include "pen-rules-page.h"
#include "pen-rules-sidebar.h"

struct _PenRulesPage
{
  AdwBin           parent_instance;

  AdwLeaflet      *leaflet;
  PenRulesSidebar *sidebar;
  GtkWidget       *content;
  PenRulesArticle *article;
  GtkWidget       *back_button;

  PenRules        *rules;
  gboolean         loaded;        /* the contents are built, so the reference is parsed */
  char            *section_id;    /* the section shown, or NULL */
};

G_DEFINE_FINAL_TYPE (PenRulesPage, pen_rules_page, ADW_TYPE_BIN)

static void show_section (PenRulesPage *self,
                          const char   *id,
                          gboolean      navigate);

/* The contents are built on first need, which is what parses the reference */
static void
ensure_loaded (PenRulesPage *self)
{
  if (self->loaded)
    return;
  self->loaded = TRUE;
  pen_rules_sidebar_build_contents (self->sidebar, self->rules);
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
  pen_rules_article_show (self->article, self->rules, section);
  pen_rules_sidebar_select (self->sidebar, self->rules, self->section_id, navigate);

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
    adw_leaflet_set_visible_child (self->leaflet, GTK_WIDGET (self->sidebar));
}

static void
section_activated_cb (PenRulesPage *self,
                      const char   *id)
{
  show_section (self, id, TRUE);
}

/* typing anywhere on the page searches: on a phone, bring the list column into view */
static void
search_started_cb (PenRulesPage *self)
{
  show_list (self);
}

/* Ctrl+F: the shortcut is window-wide, and the action enabled only while the page is in view
 * (mapped), so that on another page the key goes to that page */
static void
focus_search_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *param)
{
  PenRulesPage *self = PEN_RULES_PAGE (widget);
  GtkSearchEntry *entry = pen_rules_sidebar_get_search_entry (self->sidebar);

  show_list (self);
  gtk_widget_grab_focus (GTK_WIDGET (entry));
  gtk_editable_select_region (GTK_EDITABLE (entry), 0, -1);
}

static void
back_clicked_cb (PenRulesPage *self)
{
  show_list (self);
}

static void
show_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  show_section (PEN_RULES_PAGE (widget), g_variant_get_string (param, NULL), TRUE);
}

/* The shared reference changed language (here or on another page): redo what shows text */
static void
rules_language_cb (PenRulesPage *self)
{
  if (!self->loaded)
    return;
  pen_rules_sidebar_build_contents (self->sidebar, self->rules);
  pen_rules_sidebar_refresh_search (self->sidebar);
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
  gtk_editable_set_text (GTK_EDITABLE (pen_rules_sidebar_get_search_entry (self->sidebar)),
                         term_or_id);
  pen_rules_sidebar_refresh_search (self->sidebar);
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
  gtk_widget_action_set_enabled (widget, "rules.focus-search", TRUE);
  ensure_loaded (PEN_RULES_PAGE (widget));
}

static void
pen_rules_page_unmap (GtkWidget *widget)
{
  gtk_widget_action_set_enabled (widget, "rules.focus-search", FALSE);
  GTK_WIDGET_CLASS (pen_rules_page_parent_class)->unmap (widget);
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
  widget_class->unmap = pen_rules_page_unmap;

  g_type_ensure (PEN_TYPE_RULES_SIDEBAR);
  g_type_ensure (PEN_TYPE_RULES_ARTICLE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-rules-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, leaflet);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, sidebar);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, content);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, article);
  gtk_widget_class_bind_template_child (widget_class, PenRulesPage, back_button);
  gtk_widget_class_bind_template_callback (widget_class, section_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, back_clicked_cb);

  gtk_widget_class_install_action (widget_class, "rules.show", "s", show_activated);
  gtk_widget_class_install_action (widget_class, "rules.focus-search", NULL,
                                   focus_search_activated);
}

static void
pen_rules_page_init (PenRulesPage *self)
{
  GtkSearchEntry *entry;

  gtk_widget_init_template (GTK_WIDGET (self));

  /* the shared reference; nothing here reads it, so nothing is parsed yet */
  self->rules = g_object_ref (pen_rules_get_default ());
  g_signal_connect_object (self->rules, "notify::language", G_CALLBACK (rules_language_cb),
                           self, G_CONNECT_SWAPPED);

  entry = pen_rules_sidebar_get_search_entry (self->sidebar);
  gtk_search_entry_set_key_capture_widget (entry, GTK_WIDGET (self));
  g_signal_connect_object (entry, "search-started", G_CALLBACK (search_started_cb), self,
                           G_CONNECT_SWAPPED);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.focus-search", FALSE);
}
