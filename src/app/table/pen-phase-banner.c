/* pen-phase-banner.c: the final round and the end of the game; shown only then
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-end-form.h"
#include "pen-phase-banner.h"
#include "pen-show.h"
#include "pen-turn.h"

struct _PenPhaseBanner
{
  PenSection  parent_instance;

  GtkLabel   *label;
  GtkLabel   *detail;
  GtkLabel   *result;
  GtkWidget  *score_button;
};

G_DEFINE_FINAL_TYPE (PenPhaseBanner, pen_phase_banner, PEN_TYPE_SECTION)

/* Who won, as the score stands: "Ann wins with 34 points"; while printed numbers are still
 * unknown (the Score page's end sheet asks for them), who leads so far; once the final score
 * was shown (final: the end sheet done, its numbers left unknown count as they stand), who won
 * (play finding D2) */
static char *
result_text (PenTable *table,
             gboolean  final)
{
  g_autoptr(PenScoreSheet) sheet = pen_show_score (table);
  g_autoptr(PenEndForm) form = pen_end_form_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *joined = NULL;
  gboolean known;
  int total = 0;

  pen_end_form_update (form, table);
  known = final || pen_end_form_get_n_items (form) == 0;
  for (guint i = 0; sheet != NULL && i < sheet->results->len; i++)
    {
      PenScoreResult *r = g_ptr_array_index (sheet->results, i);

      if (r->place == 1)
        {
          g_ptr_array_add (names, r->display_name);
          total = r->total;
        }
    }
  if (names->len == 0)
    return NULL;
  g_ptr_array_add (names, NULL);
  joined = g_strjoinv (", ", (char **) names->pdata);
  if (names->len > 2)
    return g_strdup_printf (known ? g_dngettext (GETTEXT_PACKAGE,
                                                 "%s share first place with %d point",
                                                 "%s share first place with %d points", total)
                                  : g_dngettext (GETTEXT_PACKAGE,
                                                 "%s share the lead with %d point so far: the "
                                                 "Score page asks for the numbers still unknown",
                                                 "%s share the lead with %d points so far: the "
                                                 "Score page asks for the numbers still unknown",
                                                 total), joined, total);
  return g_strdup_printf (known ? g_dngettext (GETTEXT_PACKAGE, "%s wins with %d point",
                                               "%s wins with %d points", total)
                                : g_dngettext (GETTEXT_PACKAGE,
                                               "%s leads with %d point so far: the Score page "
                                               "asks for the numbers still unknown",
                                               "%s leads with %d points so far: the Score page "
                                               "asks for the numbers still unknown", total),
                          joined, total);
}

const char *
pen_phase_banner_get_result (PenPhaseBanner *self)
{
  g_return_val_if_fail (PEN_IS_PHASE_BANNER (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->result))
         ? gtk_label_get_label (self->result) : NULL;
}

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
  gtk_widget_set_visible (GTK_WIDGET (self->result), FALSE);
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
      PenGame *game = pen_section_get_game (section);
      g_autofree char *result = result_text (table, game != NULL
                                                    && pen_game_get_final_score_shown (game));

      gtk_label_set_label (self->label, _("Game over — see the scores"));
      gtk_label_set_label (self->detail, d);
      if (result != NULL)
        gtk_label_set_label (self->result, result);
      gtk_widget_set_visible (GTK_WIDGET (self->result), result != NULL);
    }
}

static void
pen_phase_banner_game_set (PenSection *section,
                           PenGame    *game)
{
  /* the Score page shows the final score: the result is final */
  if (game != NULL)
    g_signal_connect_object (game, "notify::final-score-shown",
                             G_CALLBACK (pen_section_queue_refresh), section, G_CONNECT_SWAPPED);
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
  section_class->game_set = pen_phase_banner_game_set;
  section_class->position_changed = pen_phase_banner_position_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-phase-banner.ui");
  gtk_widget_class_bind_template_child (widget_class, PenPhaseBanner, label);
  gtk_widget_class_bind_template_child (widget_class, PenPhaseBanner, detail);
  gtk_widget_class_bind_template_child (widget_class, PenPhaseBanner, result);
  gtk_widget_class_bind_template_child (widget_class, PenPhaseBanner, score_button);
}

static void
pen_phase_banner_init (PenPhaseBanner *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
