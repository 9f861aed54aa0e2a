/* pen-in-play-section.c: the prophecies, goals and events in play, bound to the table's list
 * of them; a change of the game updates each row's text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-in-play-row.h"
#include "pen-in-play-section.h"
#include "pen-rule-button.h"
#include "pen-widget-utils.h"

struct _PenInPlaySection
{
  PenSection  parent_instance;

  GtkListBox *list;
};

G_DEFINE_FINAL_TYPE (PenInPlaySection, pen_in_play_section, PEN_TYPE_SECTION)

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (user_data));
  GtkWidget *row = pen_in_play_row_new (item);

  if (table != NULL)
    pen_in_play_row_update (PEN_IN_PLAY_ROW (row), table);
  return row;
}

static void
pen_in_play_section_game_set (PenSection *section,
                              PenGame    *game)
{
  PenInPlaySection *self = PEN_IN_PLAY_SECTION (section);

  gtk_list_box_bind_model (self->list,
                           game != NULL ? pen_table_get_in_play (pen_game_get_table (game)) : NULL,
                           create_row, self, NULL);
}

static void
pen_in_play_section_position_changed (PenSection *section)
{
  PenInPlaySection *self = PEN_IN_PLAY_SECTION (section);
  PenTable *table = pen_section_get_table (section);
  GtkListBoxRow *row;

  if (table == NULL)
    return;
  for (guint i = 0; (row = gtk_list_box_get_row_at_index (self->list, i)) != NULL; i++)
    pen_in_play_row_update (PEN_IN_PLAY_ROW (row), table);
}

static void
pen_in_play_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_IN_PLAY_SECTION);

  G_OBJECT_CLASS (pen_in_play_section_parent_class)->dispose (object);
}

static void
pen_in_play_section_class_init (PenInPlaySectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_in_play_section_dispose;
  section_class->game_set = pen_in_play_section_game_set;
  section_class->position_changed = pen_in_play_section_position_changed;

  g_type_ensure (PEN_TYPE_RULE_BUTTON);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-in-play-section.ui");
  gtk_widget_class_bind_template_child (widget_class, PenInPlaySection, list);
}

static void
pen_in_play_section_init (PenInPlaySection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_list_box_set_placeholder (self->list, pen_placeholder_row (_("Nothing in play")));
}
