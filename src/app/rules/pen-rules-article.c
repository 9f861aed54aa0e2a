/* pen-rules-article.c: the Rules page's reading column, one section of the reference
 *
 * A button up to the parent section, the title, the body (a PenRulesLine per line) and the
 * "see also" links, bound to a list of the linked sections. The buttons and links open their
 * section through the page's "rules.show" action.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-rules-article.h"
#include "pen-rules-line.h"
#include "pen-rules-link-row.h"
#include "pen-widget-utils.h"

struct _PenRulesArticle
{
  AdwBin             parent_instance;

  GtkStack          *section_stack;
  GtkScrolledWindow *section_scroller;
  GtkWidget         *parent_button;
  AdwButtonContent  *parent_content;
  GtkLabel          *title_label;
  GtkBox            *body_box;
  GtkListBox        *see_also_list;

  GListStore        *see_also;        /* PenRulesSection */
};

G_DEFINE_FINAL_TYPE (PenRulesArticle, pen_rules_article, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_SEE_ALSO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
show_body (PenRulesArticle *self,
           const char      *body)
{
  g_auto(GStrv) lines = g_strsplit (body, "\n", -1);
  gboolean in_steps = FALSE;
  GtkWidget *child;

  /* another section: its text is new from the first line to the last */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->body_box))) != NULL)
    gtk_box_remove (self->body_box, child);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (*lines[i] != '\0')
        gtk_box_append (self->body_box, pen_rules_line_new (lines[i], &in_steps));
    }
}

void
pen_rules_article_show (PenRulesArticle *self,
                        PenRules        *rules,
                        PenRulesSection *section)
{
  const char *parent_id;
  PenRulesSection *parent;
  const char * const *see_also;
  g_autoptr(GPtrArray) links = g_ptr_array_new ();

  g_return_if_fail (PEN_IS_RULES_ARTICLE (self));
  g_return_if_fail (PEN_IS_RULES_SECTION (section));

  parent_id = pen_rules_section_get_parent (section);
  parent = parent_id ? pen_rules_lookup (rules, parent_id) : NULL;
  see_also = pen_rules_section_get_see_also (section);

  gtk_label_set_label (self->title_label, pen_rules_section_get_title (section));
  gtk_widget_set_visible (self->parent_button, parent != NULL);
  if (parent != NULL)
    {
      g_autofree char *tip = g_strdup_printf (_("Up to “%s”"),
                                              pen_rules_section_get_title (parent));

      adw_button_content_set_label (self->parent_content, pen_rules_section_get_title (parent));
      gtk_actionable_set_action_target (GTK_ACTIONABLE (self->parent_button), "s", parent_id);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->parent_button), "rules.show");
      gtk_widget_set_tooltip_text (self->parent_button, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->parent_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
    }

  show_body (self, pen_rules_section_get_body (section));

  for (guint i = 0; see_also != NULL && see_also[i] != NULL; i++)
    {
      PenRulesSection *other = pen_rules_lookup (rules, see_also[i]);

      if (other != NULL)
        g_ptr_array_add (links, other);
    }
  g_list_store_splice (self->see_also, 0, g_list_model_get_n_items (G_LIST_MODEL (self->see_also)),
                       links->pdata, links->len);

  gtk_stack_set_visible_child_name (self->section_stack, "section");
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->section_scroller), 0);
}

static GtkWidget *
create_link_row (gpointer item,
                 gpointer user_data)
{
  return pen_rules_link_row_new (PEN_RULES_SECTION (item));
}

static gboolean
has_links (GObject *object,
           guint    n_items)
{
  return n_items > 0;
}

static void
pen_rules_article_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  PenRulesArticle *self = PEN_RULES_ARTICLE (object);

  switch (prop_id)
    {
    case PROP_SEE_ALSO:
      g_value_set_object (value, self->see_also);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rules_article_dispose (GObject *object)
{
  PenRulesArticle *self = PEN_RULES_ARTICLE (object);

  g_clear_object (&self->see_also);

  G_OBJECT_CLASS (pen_rules_article_parent_class)->dispose (object);
}

static void
pen_rules_article_class_init (PenRulesArticleClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_rules_article_dispose;
  object_class->get_property = pen_rules_article_get_property;

  /* the sections the shown one links to ("see also") */
  properties[PROP_SEE_ALSO] =
    g_param_spec_object ("see-also", NULL, NULL, G_TYPE_LIST_MODEL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-rules-article.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRulesArticle, section_stack);
  gtk_widget_class_bind_template_child (widget_class, PenRulesArticle, section_scroller);
  gtk_widget_class_bind_template_child (widget_class, PenRulesArticle, parent_button);
  gtk_widget_class_bind_template_child (widget_class, PenRulesArticle, parent_content);
  gtk_widget_class_bind_template_child (widget_class, PenRulesArticle, title_label);
  gtk_widget_class_bind_template_child (widget_class, PenRulesArticle, body_box);
  gtk_widget_class_bind_template_child (widget_class, PenRulesArticle, see_also_list);
  gtk_widget_class_bind_template_callback (widget_class, has_links);
}

static void
pen_rules_article_init (PenRulesArticle *self)
{
  /* before the template, whose bindings read it */
  self->see_also = g_list_store_new (PEN_TYPE_RULES_SECTION);
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_widget_keep_scroll_still (GTK_WIDGET (self));
  gtk_list_box_bind_model (self->see_also_list, G_LIST_MODEL (self->see_also), create_link_row,
                           NULL, NULL);
}
