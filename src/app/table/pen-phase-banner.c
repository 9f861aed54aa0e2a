/* pen-phase-banner.c: the final round and the end of the game; shown only then
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-phase-banner.h"
#include "pen-turn.h"

struct _PenPhaseBanner
{
  PenSection  parent_instance;

  GtkLabel   *label;
  GtkLabel   *detail;
  GtkWidget  *score_button;
};

G_DEFINE_FINAL_TYPE (PenPhaseBanner, pen_phase_banner, PEN_TYPE_SECTION)

static void
pen_phase_banner_position_changed (PenSection *section)
{
  PenPhaseBanner *self = PEN_PHASE_BANNER (section);
  PenTable *table = pen_section_get_table (section);
  PenPhase phase = table != NULL ? pen_table_get_phase (table) : PEN_PHASE_PLAYING;
  const char *by = table != NULL ? pen_table_get_ended_by (table) : NULL;
  g_autofree char *d = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self), table != NULL
                                             && pen_table_get_n_players (table) > 0
                                             && phase != PEN_PHASE_PLAYING);
  gtk_widget_set_visible (self->score_button, phase == PEN_PHASE_ENDED);
  if (phase == PEN_PHASE_FINAL_ROUND)
    {
      guint left = pen_table_get_final_turns (table);

      gtk_label_set_label (self->label, _("Final round: everyone has one more turn"));
      d = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is fulfilled · %u turn left",
                                        "%s is fulfilled · %u turns left", left),
                           by ? pen_turn_card_name (by) : _("A prophecy"), left);
      gtk_label_set_label (self->detail, d);
    }
  else if (phase == PEN_PHASE_ENDED)
    {
      d = g_strdup_printf (_("Ended by the prophecy %s"), by ? pen_turn_card_name (by) : "?");
      gtk_label_set_label (self->label, _("Game over — see the scores"));
      gtk_label_set_label (self->detail, d);
    }
}

static void
pen_phase_banner_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_PHASE_BANNER);

  G_OBJECT_CLASS (pen_phase_banner_parent_class)->dispose (object);
}

static void
pen_phase_banner_class_init (PenPhaseBannerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_phase_banner_dispose;
  section_class->position_changed = pen_phase_banner_position_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-phase-banner.ui");
  gtk_widget_class_bind_template_child (widget_class, PenPhaseBanner, label);
  gtk_widget_class_bind_template_child (widget_class, PenPhaseBanner, detail);
  gtk_widget_class_bind_template_child (widget_class, PenPhaseBanner, score_button);
}

static void
pen_phase_banner_init (PenPhaseBanner *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
