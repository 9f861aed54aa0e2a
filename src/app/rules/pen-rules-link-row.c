/* pen-rules-link-row.c: a "see also" link to another rules section
 *
 * The other section's title; activating the row opens it (the "rules.show" action).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-rules-link-row.h"

struct _PenRulesLinkRow
{
  AdwActionRow     parent_instance;

  PenRulesSection *section;
};

G_DEFINE_FINAL_TYPE (PenRulesLinkRow, pen_rules_link_row, ADW_TYPE_ACTION_ROW)

enum {
  PROP_0,
  PROP_SECTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_section (PenRulesLinkRow *self,
             PenRulesSection *section)
{
  if (!g_set_object (&self->section, section) || section == NULL)
    return;
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), pen_rules_section_get_title (section));
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self), "s",
                                    pen_rules_section_get_id (section));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self), "rules.show");
}

static void
pen_rules_link_row_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  PenRulesLinkRow *self = PEN_RULES_LINK_ROW (object);

  switch (prop_id)
    {
    case PROP_SECTION:
      g_value_set_object (value, self->section);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rules_link_row_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  PenRulesLinkRow *self = PEN_RULES_LINK_ROW (object);

  switch (prop_id)
    {
    case PROP_SECTION:
      set_section (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rules_link_row_dispose (GObject *object)
{
  PenRulesLinkRow *self = PEN_RULES_LINK_ROW (object);

  g_clear_object (&self->section);

  G_OBJECT_CLASS (pen_rules_link_row_parent_class)->dispose (object);
}

static void
pen_rules_link_row_class_init (PenRulesLinkRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_rules_link_row_dispose;
  object_class->get_property = pen_rules_link_row_get_property;
  object_class->set_property = pen_rules_link_row_set_property;

  properties[PROP_SECTION] =
    g_param_spec_object ("section", NULL, NULL, PEN_TYPE_RULES_SECTION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-rules-link-row.ui");
}

static void
pen_rules_link_row_init (PenRulesLinkRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
pen_rules_link_row_new (PenRulesSection *section)
{
  return g_object_new (PEN_TYPE_RULES_LINK_ROW, "section", section, NULL);
}
