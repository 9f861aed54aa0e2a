/* pen-threat-odds-view.c: the odds of a Threat roll, and the switch that hides them
 *
 * A line such as "Mortal Wound: 38%; wound: 94%; you lose about 1 die", one with the chance of
 * no harm and the averages, the what-if chart and the same in words. The roll computes the
 * odds only when their inputs change; this section asks for them only when it is in view and
 * the game shows the odds ("hide_odds" is a per-game setting, so the switch submits an action).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "pen-odds-chart.h"
#include "pen-threat-odds-view.h"
#include "pen-threat-prep-view.h"

#define WHAT_IF_LINES 6

struct _PenThreatOddsView
{
  PenSection     parent_instance;

  GtkSwitch     *show_odds_switch;
  GtkWidget     *odds_box;
  GtkLabel      *odds_label;
  GtkLabel      *odds_detail_label;
  PenOddsChart  *chart;
  GtkLabel      *whatif_label;
  GtkLabel      *hidden_label;

  PenThreatRoll *roll;
  gboolean       syncing;
};

G_DEFINE_FINAL_TYPE (PenThreatOddsView, pen_threat_odds_view, PEN_TYPE_SECTION)

static gboolean
hide_odds (PenThreatOddsView *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));

  return table != NULL && pen_table_get_hide_odds (table);
}

/* A percentage in plain words; never "0%" for something that can happen. */
static char *
percent (double p)
{
  if (p <= 0.0)
    return g_strdup ("0%");
  if (p < 0.005)
    return g_strdup ("<1%");
  if (p > 0.995 && p < 1.0)
    return g_strdup (">99%");
  return g_strdup_printf ("%d%%", (int) floor (p * 100.0 + 0.5));
}

static char *
describe_what_if (PenThreatOddsView *self,
                  GArray            *curve)
{
  const PenBoard *board = pen_threat_roll_get_board (self->roll);
  GArray *order = pen_threat_roll_get_defend_order (self->roll);
  guint defend = pen_threat_roll_get_defend_dice (self->roll)->len;
  GString *whatif = g_string_new (_("What each defence buys:"));

  for (guint i = 1; i < MIN (curve->len, WHAT_IF_LINES + 1); i++)
    {
      const PenThreatCurvePoint *pt = &g_array_index (curve, PenThreatCurvePoint, i);
      g_autofree char *card = percent (pt->by_card.p_mortal_wound);
      g_autofree char *card_w = percent (pt->by_card.p_wounded);

      g_string_append_c (whatif, '\n');
      /* Translators: "2 dice fewer: Mortal Wound 5%, wound 30% by a card" */
      g_string_append_printf (whatif,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "• %u die fewer: Mortal Wound %s, wound %s",
                                           "• %u dice fewer: Mortal Wound %s, wound %s",
                                           pt->removed),
                              pt->removed, card, card_w);
      if (!pt->by_card_possible)
        g_string_append (whatif, _(" (no card allowed)"));
      if (pt->by_defend_possible)
        {
          g_autofree char *def = percent (pt->by_defend.p_mortal_wound);
          g_autofree char *def_w = percent (pt->by_defend.p_wounded);
          guint k = defend + pt->removed - 1;
          g_autofree char *die = k < order->len
            ? pen_threat_describe_die (&g_array_index (board->supply, PenDieValue,
                                                       g_array_index (order, guint, k)))
            : g_strdup ("?");

          /* Translators: DEFEND by discarding Yellow dice: the die it spends last */
          g_string_append_printf (whatif, _("; with DEFEND (up to %s): %s, %s"), die, def, def_w);
        }
    }
  return g_string_free (whatif, FALSE);
}

/* text followed by empty lines up to n lines in all (a longer text is kept whole) */
static char *
pad_lines (const char *text,
           guint       n)
{
  GString *padded = g_string_new (text);
  guint lines = 1;

  for (const char *p = text; *p != '\0'; p++)
    lines += *p == '\n';
  for (; lines < n; lines++)
    g_string_append_c (padded, '\n');
  return g_string_free (padded, FALSE);
}

static gboolean
none_entered (PenThreatOddsView *self)
{
  return pen_threat_roll_get_count (self->roll, PEN_THREAT_COUNT_THREAT) == 0
         && pen_threat_roll_get_count (self->roll, PEN_THREAT_COUNT_UNCANCELLABLE) == 0;
}

static void
show_odds (PenThreatOddsView *self)
{
  gboolean locked = pen_threat_roll_get_mode (self->roll) != PEN_THREAT_ROLL_PREPARING;
  guint n_dice = pen_threat_roll_get_n_dice (self->roll);
  const PenThreatOdds *odds = pen_threat_roll_get_odds (self->roll);
  g_autofree char *line = pen_threat_summary_to_string (&odds->summary);
  g_autofree char *unharmed = percent (odds->summary.p_unharmed);
  g_autofree char *detail = NULL;
  g_autofree char *whatif = NULL;
  g_autofree char *padded = NULL;
  const GError *error = NULL;
  GArray *curve = pen_threat_roll_get_curve (self->roll, &error);

  /* none entered yet: say where (step 1 is above), and hold no blank room */
  if (!locked && none_entered (self))
    {
      gtk_label_set_label (self->odds_label,
                           _("No Threat dice yet: enter how many with “+” on “Threat dice” above"));
      gtk_widget_set_visible (GTK_WIDGET (self->odds_detail_label), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->chart), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->whatif_label), FALSE);
      pen_odds_chart_set_curve (self->chart, NULL);
      return;
    }
  gtk_label_set_label (self->odds_label, line);
  detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%u Threat die to roll; no harm at all: %s; "
                                         "about %.1f dice lost, %.1f wounds on average",
                                         "%u Threat dice to roll; no harm at all: %s; "
                                         "about %.1f dice lost, %.1f wounds on average",
                                         n_dice),
                            n_dice, unharmed, odds->summary.expected_dice_lost,
                            odds->summary.expected_wounds);
  /* no dice: an invisible line that holds the room of one */
  gtk_label_set_label (self->odds_detail_label, n_dice > 0 ? detail : " ");
  if (curve != NULL && curve->len > 1)
    whatif = describe_what_if (self, curve);
  else
    whatif = g_strdup (curve == NULL && error != NULL ? error->message : "");
  gtk_label_set_label (self->whatif_label, padded = pad_lines (whatif, WHAT_IF_LINES + 1));
  pen_odds_chart_set_curve (self->chart, curve != NULL && curve->len > 1 ? curve : NULL);
  /* While preparing, the chart, the detail line and the what-if lines keep their room whatever
   * the number of dice, so that the Roll buttons below stay put as the dice change */
  gtk_widget_set_visible (GTK_WIDGET (self->chart), !locked);
  gtk_widget_set_visible (GTK_WIDGET (self->whatif_label), !locked);
  gtk_widget_set_visible (GTK_WIDGET (self->odds_detail_label), !locked || n_dice > 0);
  gtk_widget_set_opacity (GTK_WIDGET (self->odds_detail_label), n_dice > 0 ? 1.0 : 0.0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  whatif, -1);
}

static void
pen_threat_odds_view_position_changed (PenSection *section)
{
  PenThreatOddsView *self = PEN_THREAT_ODDS_VIEW (section);
  gboolean hidden = hide_odds (self);

  self->syncing = TRUE;
  gtk_switch_set_active (self->show_odds_switch, !hidden);
  self->syncing = FALSE;
  gtk_widget_set_visible (self->odds_box, !hidden);
  gtk_widget_set_visible (GTK_WIDGET (self->hidden_label), hidden);
  if (self->roll == NULL)
    return;
  if (!pen_threat_roll_get_prep_ok (self->roll))
    {
      g_autofree char *blank = pad_lines ("", WHAT_IF_LINES + 1);

      /* the odds are those of the dice Rift leaves: none before they are chosen */
      gtk_label_set_label (self->odds_label,
                           pen_threat_roll_get_rift_missing (self->roll) > 0
                           ? _("The odds follow once the dice for Rift are chosen")
                           : _("This preparation is not allowed"));
      gtk_label_set_label (self->odds_detail_label, "");
      gtk_label_set_label (self->whatif_label, blank);
      pen_odds_chart_set_curve (self->chart, NULL);
    }
  else if (!hidden)
    show_odds (self);
  else
    {
      /* no percentage anywhere on the page */
      gtk_label_set_label (self->odds_label, "");
      gtk_label_set_label (self->odds_detail_label, "");
      gtk_label_set_label (self->whatif_label, "");
      pen_odds_chart_set_curve (self->chart, NULL);
    }
}

static void
show_odds_cb (PenThreatOddsView *self)
{
  gboolean hide = !gtk_switch_get_active (self->show_odds_switch);

  if (self->syncing || pen_section_get_game (PEN_SECTION (self)) == NULL
      || hide == hide_odds (self))
    return;
  pen_section_submit_new (PEN_SECTION (self), pen_action_new_setting_hide_odds (hide));
}

void
pen_threat_odds_view_set_roll (PenThreatOddsView *self,
                               PenThreatRoll     *roll)
{
  g_return_if_fail (PEN_IS_THREAT_ODDS_VIEW (self));
  g_return_if_fail (self->roll == NULL && PEN_IS_THREAT_ROLL (roll));

  self->roll = g_object_ref (roll);
  /* in view at once, else when shown again */
  g_signal_connect_object (roll, "odds-changed", G_CALLBACK (pen_section_queue_refresh), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (roll, "notify::mode", G_CALLBACK (pen_section_queue_refresh), self,
                           G_CONNECT_SWAPPED);
  pen_section_queue_refresh (PEN_SECTION (self));
}

static void
pen_threat_odds_view_dispose (GObject *object)
{
  PenThreatOddsView *self = PEN_THREAT_ODDS_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_THREAT_ODDS_VIEW);
  g_clear_object (&self->roll);

  G_OBJECT_CLASS (pen_threat_odds_view_parent_class)->dispose (object);
}

static void
pen_threat_odds_view_class_init (PenThreatOddsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_threat_odds_view_dispose;
  section_class->position_changed = pen_threat_odds_view_position_changed;

  g_type_ensure (PEN_TYPE_ODDS_CHART);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-threat-odds-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PenThreatOddsView, show_odds_switch);
  gtk_widget_class_bind_template_child (widget_class, PenThreatOddsView, odds_box);
  gtk_widget_class_bind_template_child (widget_class, PenThreatOddsView, odds_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatOddsView, odds_detail_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatOddsView, chart);
  gtk_widget_class_bind_template_child (widget_class, PenThreatOddsView, whatif_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatOddsView, hidden_label);
  gtk_widget_class_bind_template_callback (widget_class, show_odds_cb);
}

static void
pen_threat_odds_view_init (PenThreatOddsView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->show_odds_switch),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Show the odds"), -1);
}
