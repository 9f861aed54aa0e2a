/* pen-rules-toc-row.c: a section in the Rules page's contents, with its expander
 *
 * Bound to its GtkTreeListRow ("list-row", from pen-rules-toc-item.ui): the expander follows
 * the row, the label shows the section's title, in bold at the top level.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-rules-section.h"
#include "pen-rules-toc-row.h"

struct _PenRulesTocRow
{
  AdwBin          parent_instance;

  GtkTreeListRow *list_row;
  GtkLabel       *label;
};

G_DEFINE_FINAL_TYPE (PenRulesTocRow, pen_rules_toc_row, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_LIST_ROW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_list_row (PenRulesTocRow *self,
              GtkTreeListRow *list_row)
{
  g_autoptr(PenRulesSection) section = NULL;

  if (!g_set_object (&self->list_row, list_row))
    return;
  if (list_row != NULL)
    {
      section = gtk_tree_list_row_get_item (list_row);
      gtk_label_set_label (self->label, pen_rules_section_get_title (section));
      if (gtk_tree_list_row_get_depth (list_row) == 0)
        gtk_widget_add_css_class (GTK_WIDGET (self->label), "toc-top");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self->label), "toc-top");
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIST_ROW]);
}

static void
pen_rules_toc_row_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  PenRulesTocRow *self = PEN_RULES_TOC_ROW (object);

  switch (prop_id)
    {
    case PROP_LIST_ROW:
      g_value_set_object (value, self->list_row);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rules_toc_row_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  PenRulesTocRow *self = PEN_RULES_TOC_ROW (object);

  switch (prop_id)
    {
    case PROP_LIST_ROW:
      set_list_row (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rules_toc_row_dispose (GObject *object)
{
  PenRulesTocRow *self = PEN_RULES_TOC_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_RULES_TOC_ROW);
  g_clear_object (&self->list_row);

  G_OBJECT_CLASS (pen_rules_toc_row_parent_class)->dispose (object);
}

static void
pen_rules_toc_row_class_init (PenRulesTocRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_rules_toc_row_dispose;
  object_class->get_property = pen_rules_toc_row_get_property;
  object_class->set_property = pen_rules_toc_row_set_property;

  properties[PROP_LIST_ROW] =
    g_param_spec_object ("list-row", NULL, NULL, GTK_TYPE_TREE_LIST_ROW,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-rules-toc-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRulesTocRow, label);
}

static void
pen_rules_toc_row_init (PenRulesTocRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
