/* pen-reserved-section.c: what the current wizard reserved, bound to their cards filtered to
 * the reserved ones
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-card-row.h"
#include "pen-reserved-section.h"
#include "pen-rule-button.h"
#include "pen-table-util.h"
#include "pen-widget-utils.h"

struct _PenReservedSection
{
  PenSection           parent_instance;

  AdwPreferencesGroup *group;
  GtkListBox          *list;

  GtkFilterListModel  *reserved;
  GtkFilter           *filter;
  PenWizard           *wizard;    /* whose cards are shown */
};

G_DEFINE_FINAL_TYPE (PenReservedSection, pen_reserved_section, PEN_TYPE_SECTION)

static gboolean
is_reserved (gpointer item,
             gpointer user_data)
{
  return g_strcmp0 (pen_table_card_get_zone (item), PEN_ZONE_RESERVED) == 0;
}

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  return g_object_new (PEN_TYPE_CARD_ROW, "card", item, "reserved", TRUE, NULL);
}

static void
pen_reserved_section_position_changed (PenSection *section)
{
  PenReservedSection *self = PEN_RESERVED_SECTION (section);
  PenTable *table = pen_section_get_table (section);
  PenWizard *w = pen_tu_current_wizard (table);

  if (w != self->wizard)
    {
      g_autofree char *title = NULL;

      self->wizard = w;
      gtk_filter_list_model_set_model (self->reserved,
                                       w != NULL ? pen_wizard_get_cards (w) : NULL);
      title = w != NULL ? g_strdup_printf (_("Reserved by %s"), pen_wizard_get_display_name (w))
                        : g_strdup (_("Reserved"));
      adw_preferences_group_set_title (self->group, title);
    }
  else
    /* a card's zone changes in place: only the rows that differ come or go */
    gtk_filter_changed (self->filter, GTK_FILTER_CHANGE_DIFFERENT);
  /* once the game is over there is no next turn to reserve for */
  gtk_widget_set_visible (GTK_WIDGET (self),
                          table != NULL && pen_table_get_phase (table) != PEN_PHASE_ENDED);
}

static void
pen_reserved_section_game_set (PenSection *section,
                               PenGame    *game)
{
  PenReservedSection *self = PEN_RESERVED_SECTION (section);

  self->wizard = NULL;
  gtk_filter_list_model_set_model (self->reserved, NULL);
}

static void
pen_reserved_section_dispose (GObject *object)
{
  PenReservedSection *self = PEN_RESERVED_SECTION (object);

  /* the group is both the bin's child and a template child: let the bin go first */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_RESERVED_SECTION);
  g_clear_object (&self->reserved);
  self->filter = NULL;

  G_OBJECT_CLASS (pen_reserved_section_parent_class)->dispose (object);
}

static void
pen_reserved_section_class_init (PenReservedSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_reserved_section_dispose;
  section_class->game_set = pen_reserved_section_game_set;
  section_class->position_changed = pen_reserved_section_position_changed;

  g_type_ensure (PEN_TYPE_RULE_BUTTON);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-reserved-section.ui");
  gtk_widget_class_bind_template_child (widget_class, PenReservedSection, group);
  gtk_widget_class_bind_template_child (widget_class, PenReservedSection, list);
}

static void
pen_reserved_section_init (PenReservedSection *self)
{
  GtkCustomFilter *filter = gtk_custom_filter_new (is_reserved, NULL, NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->filter = GTK_FILTER (filter);
  self->reserved = gtk_filter_list_model_new (NULL, GTK_FILTER (filter));
  gtk_list_box_bind_model (self->list, G_LIST_MODEL (self->reserved), create_row, NULL, NULL);
  gtk_list_box_set_placeholder (self->list, pen_placeholder_row (_("Nothing reserved")));
}
