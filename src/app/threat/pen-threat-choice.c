/* pen-threat-choice.c: a choice the rules leave to the player in step 3 of a Threat roll
 *
 * A question and one button per candidate piece; a button activates the page's "threat.pick"
 * ((suu): "die" or "mark", the face, the index). Tapping a kept piece swaps it for the one
 * chosen longest ago (the roll does that).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-die-view.h"
#include "pen-threat-choice.h"
#include "pen-widget-utils.h"

struct _PenThreatChoice
{
  GtkWidget   parent_instance;

  GtkLabel   *question_label;
  GtkFlowBox *pieces;
};

G_DEFINE_FINAL_TYPE (PenThreatChoice, pen_threat_choice, GTK_TYPE_WIDGET)

static gboolean
array_has (GArray *array,
           guint   value)
{
  for (guint i = 0; array != NULL && i < array->len; i++)
    if (g_array_index (array, guint, i) == value)
      return TRUE;
  return FALSE;
}

/* a plain button: an actionable toggle would take its state from the (stateless) action and
 * never look chosen */
static GtkWidget *
die_button (const PenDieValue *d,
            gboolean           chosen)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *inner = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *view = pen_die_view_new ();
  g_autofree char *desc = pen_die_view_describe (d->color, d->value, d->temporary);
  g_autofree char *name = g_strdup_printf (chosen ? _("%s: lost") : _("%s: kept"), desc);

  pen_die_view_set_die (PEN_DIE_VIEW (view), d->color, d->value, d->temporary);
  gtk_box_append (GTK_BOX (inner), view);
  gtk_box_append (GTK_BOX (inner), gtk_label_new (chosen ? _("Lost") : _("Kept")));
  gtk_button_set_child (GTK_BUTTON (button), inner);
  pen_widget_set_tooltip_text (button, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  return button;
}

static GtkWidget *
mark_button (const PenMarkValue *m,
             gboolean            chosen)
{
  g_autofree char *text = g_strdup_printf ("%s (%s) — %s", pen_mark_kind_get_mark_name (m->kind),
                                           pen_mark_state_get_label (m->state),
                                           chosen ? _("wounded") : _("spared"));

  return gtk_button_new_with_label (text);
}

GtkWidget *
pen_threat_choice_new (const PenBoard          *board,
                       const PenThreatQuestion *q)
{
  PenThreatChoice *self = g_object_new (PEN_TYPE_THREAT_CHOICE, NULL);
  guint n = q->chosen->len;
  g_autofree char *text = q->mark
    ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                    "Which Mark of value %u is wounded? Tap to choose.",
                                    "Which %2$u Marks of value %1$u are wounded? Tap to choose.",
                                    n), q->face, n)
    : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                    "Which die showing %u is lost? Tap to choose.",
                                    "Which %2$u dice showing %1$u are lost? Tap to choose.", n),
                       q->face, n);

  gtk_label_set_label (self->question_label, text);
  for (guint c = 0; c < q->candidates->len; c++)
    {
      guint idx = g_array_index (q->candidates, guint, c);
      gboolean chosen = array_has (q->chosen, idx);
      GtkWidget *button = q->mark
        ? mark_button (&g_array_index (board->marks, PenMarkValue, idx), chosen)
        : die_button (&g_array_index (board->supply, PenDieValue, idx), chosen);

      if (chosen)
        gtk_widget_add_css_class (button, "chosen");
      gtk_widget_add_css_class (button, "threat-choice");
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "threat.pick");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(suu)",
                                        q->mark ? "mark" : "die", q->face, idx);
      gtk_flow_box_append (self->pieces, button);
    }
  return GTK_WIDGET (self);
}

static void
pen_threat_choice_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_THREAT_CHOICE);
  /* what the template made is parented to this widget: unparent it */
  pen_widget_remove_all (GTK_WIDGET (object));

  G_OBJECT_CLASS (pen_threat_choice_parent_class)->dispose (object);
}

static void
pen_threat_choice_class_init (PenThreatChoiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_threat_choice_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-threat-choice.ui");
  gtk_widget_class_bind_template_child (widget_class, PenThreatChoice, question_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatChoice, pieces);
}

static void
pen_threat_choice_init (PenThreatChoice *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
