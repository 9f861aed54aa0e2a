/* pen-trials-section.c: the trial row, bound to the table's trial row: a card taken or added
 * adds or removes its row only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-card-row.h"
#include "pen-rule-button.h"
#include "pen-trials-section.h"
#include "pen-widget-utils.h"

struct _PenTrialsSection
{
  PenSection  parent_instance;

  GtkListBox *list;
};

G_DEFINE_FINAL_TYPE (PenTrialsSection, pen_trials_section, PEN_TYPE_SECTION)

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  return g_object_new (PEN_TYPE_CARD_ROW, "card", item, NULL);
}

static void
pen_trials_section_game_set (PenSection *section,
                             PenGame    *game)
{
  PenTrialsSection *self = PEN_TRIALS_SECTION (section);

  gtk_list_box_bind_model (self->list,
                           game != NULL ? pen_table_get_trial_row (pen_game_get_table (game))
                                        : NULL,
                           create_row, NULL, NULL);
}

static void
pen_trials_section_position_changed (PenSection *section)
{
  PenTable *table = pen_section_get_table (section);
  GtkWidget *list = GTK_WIDGET (PEN_TRIALS_SECTION (section)->list);

  /* a Trial turned up just now: the game now knows the stack it came from */
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (PEN_IS_CARD_ROW (row))
      pen_card_row_refresh (PEN_CARD_ROW (row));
  /* after the game the row is a record: nothing more is taken from it */
  gtk_widget_set_sensitive (list,
                            table != NULL && pen_table_get_phase (table) != PEN_PHASE_ENDED);
}

static void
pen_trials_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_TRIALS_SECTION);

  G_OBJECT_CLASS (pen_trials_section_parent_class)->dispose (object);
}

static void
pen_trials_section_class_init (PenTrialsSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_trials_section_dispose;
  section_class->game_set = pen_trials_section_game_set;
  section_class->position_changed = pen_trials_section_position_changed;

  g_type_ensure (PEN_TYPE_RULE_BUTTON);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-trials-section.ui");
  gtk_widget_class_bind_template_child (widget_class, PenTrialsSection, list);
}

static void
pen_trials_section_init (PenTrialsSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_list_box_set_placeholder (self->list, pen_placeholder_row (_("The trial row is empty")));
}
