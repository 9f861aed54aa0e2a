/* pen-threat-distribute-view.c: step 3 of a Threat roll: who loses what, and "Apply"
 *
 * The distribution is automatic; a question is asked only where the rulebook leaves a real
 * choice (PenThreatRoll's questions). A sentence says what will happen before anything is
 * applied. The questions are made again only when the roll changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-threat-choice.h"
#include "pen-threat-distribute-view.h"
#include "pen-threat-prep-view.h"
#include "pen-widget-utils.h"

struct _PenThreatDistributeView
{
  AdwBin         parent_instance;

  GtkLabel      *applied_label;
  GtkWidget     *hint_label;
  GtkWidget     *questions_box;
  GtkLabel      *summary_label;
  GtkButton     *apply_button;
  GtkLabel      *apply_label;

  PenThreatRoll *roll;
  char          *summary;
};

G_DEFINE_FINAL_TYPE (PenThreatDistributeView, pen_threat_distribute_view, ADW_TYPE_BIN)

static char *
capitalize (char *text)
{
  if (text != NULL && *text != '\0')
    {
      gunichar c = g_unichar_toupper (g_utf8_get_char (text));
      char buf[8];
      int len = g_unichar_to_utf8 (c, buf);
      char *out = g_strdup_printf ("%.*s%s", len, buf, g_utf8_next_char (text));

      g_free (text);
      return out;
    }
  return text;
}

/* The plain sentence for a resolved roll: "Lose the Spark 2 and the Bone 6; the Jasper Mark is
 * wounded; 2 dice missed (they showed 4 and 5)." */
static char *
summarize (const PenBoard        *board,
           const PenThreatResult *result)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) text = g_string_new (NULL);

  if (result->lost->len > 0)
    {
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *list = NULL;

      for (guint i = 0; i < result->lost->len; i++)
        g_ptr_array_add (items, pen_threat_describe_die (&g_array_index (result->lost,
                                                                         PenThreatLostDie,
                                                                         i).die));
      list = pen_threat_join_list (items);
      /* Translators: %s is a list of dice, "the Spark 2 and the Bone 6" */
      g_ptr_array_add (parts, g_strdup_printf (_("lose %s"), list));
    }
  if (result->wounded->len > 0)
    {
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *list = NULL;

      for (guint i = 0; i < result->wounded->len; i++)
        {
          guint m = g_array_index (result->wounded, guint, i);
          g_ptr_array_add (items, g_strdup (pen_mark_kind_get_mark_definite (
                             g_array_index (board->marks, PenMarkValue, m).kind)));
        }
      list = pen_threat_join_list (items);
      g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is wounded",
                                                            "%s are wounded",
                                                            result->wounded->len), list));
    }
  if (result->mortal_wound)
    g_ptr_array_add (parts, g_strdup (_("a Mortal Wound: every die left in the supply is "
                                        "discarded and the next turn is a Rest")));
  else if (result->n_wounded_hits > 0)
    g_ptr_array_add (parts, g_strdup (_("a die falls on a wounded Mark, but there is already a "
                                        "Mortal Wound this turn")));
  if (result->misses->len > 0)
    {
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *list = NULL;

      for (guint i = 0; i < result->misses->len; i++)
        g_ptr_array_add (items, g_strdup_printf ("%u", g_array_index (result->misses, guint8, i)));
      list = pen_threat_join_list (items);
      /* a count and the faces apart, so "2 misses" cannot read as the die that showed 2 */
      /* Translators: a count of dice, then the faces they showed, "4 and 5" */
      g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "%u die missed (it showed %s)",
                                                            "%u dice missed (they showed %s)",
                                                            result->misses->len),
                                               result->misses->len, list));
    }

  if (parts->len == 0)
    return g_strdup (_("No Threat dice: nothing happens."));
  for (guint i = 0; i < parts->len; i++)
    {
      if (i > 0)
        g_string_append (text, "; ");
      g_string_append (text, g_ptr_array_index (parts, i));
    }
  if (result->lost->len == 0 && result->wounded->len == 0 && !result->mortal_wound)
    g_string_prepend (text, _("No harm: "));
  g_string_append_c (text, '.');
  return capitalize (g_string_free (g_steal_pointer (&text), FALSE));
}

static void
update (PenThreatDistributeView *self)
{
  const PenThreatResult *result = pen_threat_roll_get_result (self->roll);
  GPtrArray *questions = pen_threat_roll_get_questions (self->roll);
  const PenThreatPrepResult *prep = pen_threat_roll_get_prep_result (self->roll);

  g_clear_pointer (&self->summary, g_free);
  pen_widget_remove_all (self->questions_box);
  gtk_widget_set_visible (self->hint_label, result == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->summary_label), result != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->apply_button), result != NULL);
  gtk_widget_set_visible (self->questions_box, result != NULL && questions->len > 0);
  if (result == NULL)
    return;
  for (guint i = 0; i < questions->len; i++)
    gtk_box_append (GTK_BOX (self->questions_box),
                    pen_threat_choice_new (prep->board, g_ptr_array_index (questions, i)));
  self->summary = summarize (prep->board, result);
  gtk_label_set_label (self->summary_label, self->summary);
}

void
pen_threat_distribute_view_set_roll (PenThreatDistributeView *self,
                                     PenThreatRoll           *roll)
{
  g_return_if_fail (PEN_IS_THREAT_DISTRIBUTE_VIEW (self));
  g_return_if_fail (self->roll == NULL && PEN_IS_THREAT_ROLL (roll));

  self->roll = g_object_ref (roll);
  g_signal_connect_object (roll, "roll-changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  update (self);
}

void
pen_threat_distribute_view_set_wizard_name (PenThreatDistributeView *self,
                                            const char              *name)
{
  /* Translators: %s is the wizard's name */
  g_autofree char *label = g_strdup_printf (_("Apply to %s’s Board"), name);

  g_return_if_fail (PEN_IS_THREAT_DISTRIBUTE_VIEW (self));
  gtk_label_set_label (self->apply_label, label);
}

void
pen_threat_distribute_view_set_applied (PenThreatDistributeView *self,
                                        const char              *applied)
{
  g_return_if_fail (PEN_IS_THREAT_DISTRIBUTE_VIEW (self));

  gtk_label_set_label (self->applied_label, applied != NULL ? applied : "");
  gtk_widget_set_visible (GTK_WIDGET (self->applied_label), applied != NULL);
}

const char *
pen_threat_distribute_view_get_summary (PenThreatDistributeView *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_DISTRIBUTE_VIEW (self), NULL);
  return self->summary;
}

static void
pen_threat_distribute_view_dispose (GObject *object)
{
  PenThreatDistributeView *self = PEN_THREAT_DISTRIBUTE_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_THREAT_DISTRIBUTE_VIEW);
  g_clear_object (&self->roll);

  G_OBJECT_CLASS (pen_threat_distribute_view_parent_class)->dispose (object);
}

static void
pen_threat_distribute_view_finalize (GObject *object)
{
  g_free (PEN_THREAT_DISTRIBUTE_VIEW (object)->summary);

  G_OBJECT_CLASS (pen_threat_distribute_view_parent_class)->finalize (object);
}

static void
pen_threat_distribute_view_class_init (PenThreatDistributeViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_threat_distribute_view_dispose;
  object_class->finalize = pen_threat_distribute_view_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-threat-distribute-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PenThreatDistributeView, applied_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatDistributeView, hint_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatDistributeView, questions_box);
  gtk_widget_class_bind_template_child (widget_class, PenThreatDistributeView, summary_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatDistributeView, apply_button);
  gtk_widget_class_bind_template_child (widget_class, PenThreatDistributeView, apply_label);
}

static void
pen_threat_distribute_view_init (PenThreatDistributeView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
