/* pen-score-rank-card.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-score-rank-card.h"
#include "pen-score-unknown.h"

struct _PenScoreRankCard
{
  GtkBox    parent_instance;

  GtkLabel *place_label;
  GtkLabel *name_label;
  GtkLabel *total_label;
  GtkLabel *unit_label;
};

G_DEFINE_FINAL_TYPE (PenScoreRankCard, pen_score_rank_card, GTK_TYPE_BOX)

GtkWidget *
pen_score_rank_card_new (PenScoreStanding *standing)
{
  PenScoreRankCard *self = g_object_new (PEN_TYPE_SCORE_RANK_CARD, NULL);
  const PenScoreResult *result = pen_score_standing_get_result (standing);
  gboolean tied = pen_score_standing_get_tied (standing);
  /* Translators: a place that unknown points may still change (play finding B8) */
  g_autofree char *place = !pen_score_standing_get_place_known (standing)
                           ? g_strdup_printf (_("Place %u for now"), result->place)
                           : tied ? g_strdup_printf (_("Place %u, tied"), result->place)
                                  : g_strdup_printf (_("Place %u"), result->place);
  gboolean unknown = pen_score_unknown_wizard_has (pen_score_standing_get_table (standing),
                                                   pen_score_standing_get_wizard (standing));
  g_autofree char *total = pen_score_unknown_format_total (result->total, unknown);
  g_autofree char *points = pen_score_unknown_format_points (result->total, unknown);
  g_autofree char *a11y = g_strdup_printf ("%s: %s, %s", place, result->display_name, points);

  if (result->place == 1)
    gtk_widget_add_css_class (GTK_WIDGET (self), "first");
  gtk_label_set_label (self->place_label, place);
  gtk_label_set_label (self->name_label, result->display_name);
  gtk_label_set_label (self->total_label, total);
  gtk_label_set_label (self->unit_label, g_dngettext (GETTEXT_PACKAGE, "point", "points",
                                                      result->total));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
  return GTK_WIDGET (self);
}

static void
pen_score_rank_card_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_SCORE_RANK_CARD);

  G_OBJECT_CLASS (pen_score_rank_card_parent_class)->dispose (object);
}

static void
pen_score_rank_card_class_init (PenScoreRankCardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pen_score_rank_card_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-score-rank-card.ui");
  gtk_widget_class_bind_template_child (widget_class, PenScoreRankCard, place_label);
  gtk_widget_class_bind_template_child (widget_class, PenScoreRankCard, name_label);
  gtk_widget_class_bind_template_child (widget_class, PenScoreRankCard, total_label);
  gtk_widget_class_bind_template_child (widget_class, PenScoreRankCard, unit_label);
}

static void
pen_score_rank_card_init (PenScoreRankCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
