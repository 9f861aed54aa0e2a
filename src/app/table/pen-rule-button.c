/* pen-rule-button.c: a "?" button that asks the window to show the rule of a term
 *
 * "term" is the rule's name (untranslated), "what" the term as the user reads it. In a
 * popover, where a lone icon would be unclear, "link" makes it a labelled flat button.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-rule-button.h"
#include "pen-table-util.h"
#include "pen-widget-utils.h"

struct _PenRuleButton
{
  GtkButton         parent_instance;

  AdwButtonContent *content;   /* a link's icon and label */

  char             *term;
  char             *what;
  gboolean          link;
};

G_DEFINE_FINAL_TYPE (PenRuleButton, pen_rule_button, GTK_TYPE_BUTTON)

enum {
  PROP_0,
  PROP_TERM,
  PROP_WHAT,
  PROP_LINK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update (PenRuleButton *self)
{
  g_autofree char *tip = g_strdup_printf (_("Rules: %s"), self->what ? self->what : "");

  pen_widget_set_tooltip_text (GTK_WIDGET (self), tip);
  pen_widget_set_accessible_label (GTK_WIDGET (self), tip);
  if (self->content != NULL)
    adw_button_content_set_label (self->content, tip);
}

/* A lone icon unless it is a link */
static void
pen_rule_button_constructed (GObject *object)
{
  PenRuleButton *self = PEN_RULE_BUTTON (object);

  G_OBJECT_CLASS (pen_rule_button_parent_class)->constructed (object);
  if (self->link)
    {
      self->content = ADW_BUTTON_CONTENT (adw_button_content_new ());
      adw_button_content_set_icon_name (self->content, "help-about-symbolic");
      gtk_button_set_child (GTK_BUTTON (self), GTK_WIDGET (self->content));
      gtk_widget_set_halign (GTK_WIDGET (self), GTK_ALIGN_START);
      gtk_widget_add_css_class (GTK_WIDGET (self), "popover-action");
    }
  else
    gtk_button_set_icon_name (GTK_BUTTON (self), "help-about-symbolic");
  update (self);
}

static void
pen_rule_button_clicked (GtkButton *button)
{
  PenRuleButton *self = PEN_RULE_BUTTON (button);
  PenSection *section = pen_tu_section (GTK_WIDGET (self));

  pen_tu_popdown (GTK_WIDGET (self));
  if (section != NULL && self->term != NULL)
    pen_section_show_rule (section, self->term);
}

static void
pen_rule_button_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  PenRuleButton *self = PEN_RULE_BUTTON (object);

  switch (prop_id)
    {
    case PROP_TERM:
      g_value_set_string (value, self->term);
      break;
    case PROP_WHAT:
      g_value_set_string (value, self->what);
      break;
    case PROP_LINK:
      g_value_set_boolean (value, self->link);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rule_button_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  PenRuleButton *self = PEN_RULE_BUTTON (object);

  switch (prop_id)
    {
    case PROP_TERM:
      g_free (self->term);
      self->term = g_value_dup_string (value);
      break;
    case PROP_WHAT:
      g_free (self->what);
      self->what = g_value_dup_string (value);
      update (self);
      break;
    case PROP_LINK:
      self->link = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rule_button_finalize (GObject *object)
{
  PenRuleButton *self = PEN_RULE_BUTTON (object);

  g_free (self->term);
  g_free (self->what);

  G_OBJECT_CLASS (pen_rule_button_parent_class)->finalize (object);
}

static void
pen_rule_button_class_init (PenRuleButtonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkButtonClass *button_class = GTK_BUTTON_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS;

  object_class->constructed = pen_rule_button_constructed;
  object_class->get_property = pen_rule_button_get_property;
  object_class->set_property = pen_rule_button_set_property;
  object_class->finalize = pen_rule_button_finalize;
  button_class->clicked = pen_rule_button_clicked;

  properties[PROP_TERM] = g_param_spec_string ("term", NULL, NULL, NULL, rw);
  properties[PROP_WHAT] = g_param_spec_string ("what", NULL, NULL, NULL, rw);
  properties[PROP_LINK] = g_param_spec_boolean ("link", NULL, NULL, FALSE,
                                               G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY
                                               | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_rule_button_init (PenRuleButton *self)
{
  gtk_widget_set_valign (GTK_WIDGET (self), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self), "flat");
}
