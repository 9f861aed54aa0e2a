/* pen-fate-section.c: the Fate deck — how many cards are left and the odds of the next one
 *
 * Every row is in the template; a change sets its labels and bars.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-box.h"
#include "pen-fate-section.h"
#include "pen-rule-button.h"
#include "pen-table-util.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

static const PenCardType shown_types[] = {
  PEN_CARD_TRIAL, PEN_CARD_EVENT, PEN_CARD_GOAL, PEN_CARD_PROPHECY
};
#define N_SHOWN G_N_ELEMENTS (shown_types)

struct _PenFateSection
{
  PenSection    parent_instance;

  AdwActionRow *count_row;
  GtkLabel     *count_label;
  GtkWidget    *hidden_row;
  AdwActionRow *odds_rows[N_SHOWN];
  GtkLevelBar  *bars[N_SHOWN];
  AdwPreferencesRow *unknown_row;
};

G_DEFINE_FINAL_TYPE (PenFateSection, pen_fate_section, PEN_TYPE_SECTION)

static void
pen_fate_section_position_changed (PenSection *section)
{
  PenFateSection *self = PEN_FATE_SECTION (section);
  PenTable *table = pen_section_get_table (section);
  GListModel *deck;
  guint n, shown, stack = 0, unknown = 0, counts[PEN_N_CARD_TYPES] = { 0, };
  gboolean odds, printed;
  const char *next;
  g_autofree char *count = NULL;
  PenGame *game;

  if (table == NULL)
    return;
  deck = pen_table_get_fate_deck (table);
  n = g_list_model_get_n_items (deck);
  count = g_strdup_printf ("%u", n);
  gtk_label_set_label (self->count_label, count);
  game = pen_section_get_game (section);
  /* the first-game deck lies in the order the rulebook prints: the table knows what is next */
  next = pen_table_get_fate_next (table);
  printed = next != NULL || (game != NULL && pen_box_fate_in_printed_order (game));
  if (next != NULL && pen_table_get_physical (table))
    {
      /* Translators: the Fate deck at a real table laid out as the rulebook prints it */
      g_autofree char *sub = g_strdup_printf (_("Laid out in the order the rulebook prints. "
                                                "Next: %s"), pen_turn_card_name (next));

      adw_action_row_set_subtitle (self->count_row, sub);
    }
  else if (!printed && !pen_table_get_physical (table) && game != NULL
           && (stack = pen_box_fate_stack_left (game)) > 0)
    {
      /* the stacks are joined unshuffled: the next card is one of its stack's, so the odds
       * below count only those (Setup › The Fate deck) */
      g_autofree char *sub = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                           "Dealt by the app: its order stays "
                                                           "hidden. Its stack has %u card left",
                                                           "Dealt by the app: its order stays "
                                                           "hidden. Its stack has %u cards left",
                                                           stack),
                                              stack);

      adw_action_row_set_subtitle (self->count_row, sub);
    }
  else
    adw_action_row_set_subtitle (self->count_row,
                                 printed
                                 ? _("In the order the rulebook prints: the table knows the "
                                     "next card")
                                 : pen_table_get_physical (table)
                                 ? _("Shuffled on the table: these are the cards still possible")
                                 : _("Dealt by the app: its order stays hidden"));
  shown = stack > 0 ? MIN (stack, n) : n;
  gtk_widget_set_visible (self->hidden_row, n > 0 && pen_table_get_hide_odds (table)
                                            && !printed);
  odds = n > 0 && !pen_table_get_hide_odds (table) && !printed;
  for (guint i = 0; odds && i < shown; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (deck, i);
      int type = pen_tu_card_type (pen_table_card_get_card_id (tc));

      if (type >= 0)
        counts[type]++;
      else
        unknown++;
    }
  for (guint k = 0; k < N_SHOWN; k++)
    {
      PenCardType type = shown_types[k];
      g_autofree char *sub = NULL, *title = NULL, *acc = NULL;

      gtk_widget_set_visible (GTK_WIDGET (self->odds_rows[k]), odds && counts[type] > 0);
      if (!odds || counts[type] == 0)
        continue;
      title = g_strdup_printf (_("Next card: %s"), pen_card_type_get_label (type));
      sub = g_strdup_printf (_("%u of %u · %.0f%%"), counts[type], shown,
                             100.0 * counts[type] / shown);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->odds_rows[k]), title);
      adw_action_row_set_subtitle (self->odds_rows[k], sub);
      gtk_level_bar_set_max_value (self->bars[k], shown);
      gtk_level_bar_set_value (self->bars[k], counts[type]);
      acc = g_strdup_printf ("%s: %s", title, sub);
      pen_widget_set_accessible_label (GTK_WIDGET (self->bars[k]), acc);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->unknown_row), unknown > 0);
  if (unknown > 0)
    {
      g_autofree char *t = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                         "%u card still to be named as it "
                                                         "turns up",
                                                         "%u cards still to be named as they "
                                                         "turn up",
                                                         unknown), unknown);

      adw_preferences_row_set_title (self->unknown_row, t);
    }
}

static void
pen_fate_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_FATE_SECTION);

  G_OBJECT_CLASS (pen_fate_section_parent_class)->dispose (object);
}

static void
pen_fate_section_class_init (PenFateSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_fate_section_dispose;
  section_class->position_changed = pen_fate_section_position_changed;

  g_type_ensure (PEN_TYPE_RULE_BUTTON);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-fate-section.ui");
  gtk_widget_class_bind_template_child (widget_class, PenFateSection, count_row);
  gtk_widget_class_bind_template_child (widget_class, PenFateSection, count_label);
  gtk_widget_class_bind_template_child (widget_class, PenFateSection, hidden_row);
  gtk_widget_class_bind_template_child (widget_class, PenFateSection, unknown_row);
  for (guint k = 0; k < N_SHOWN; k++)
    {
      g_autofree char *row = g_strdup_printf ("odds_row%u", k);
      g_autofree char *bar = g_strdup_printf ("bar%u", k);

      gtk_widget_class_bind_template_child_full (widget_class, row, FALSE,
                                                 G_STRUCT_OFFSET (PenFateSection, odds_rows)
                                                 + k * sizeof (gpointer));
      gtk_widget_class_bind_template_child_full (widget_class, bar, FALSE,
                                                 G_STRUCT_OFFSET (PenFateSection, bars)
                                                 + k * sizeof (gpointer));
    }
}

static void
pen_fate_section_init (PenFateSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
