/* pen-placed-section.c: the dice placed in locations, each with Knock Out
 *
 * Knock Out (Primagic, Dice › Red, "during Study"): "… or discard a Red die to also discard
 * any other placed die". The place dialog offers it on the way into a taken cell; here it is
 * on its own, for any die on the board (a cell freed for later, another wizard's die taken
 * off). The current player's first Red die goes: the button waits while they have none, and
 * off their Study turn the core refuses by rule and the table may do it anyway.
 *
 * The list is bound to the table's placed dice: a placement or an undo adds or removes its one
 * row, and a die that changes redraws its own row (PenPlacedRow binds to the die).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-placed-row.h"
#include "pen-placed-section.h"
#include "pen-table-util.h"

struct _PenPlacedSection
{
  PenSection  parent_instance;

  GtkListBox *list;
  char       *knock_tooltip;
  gboolean    can_knock;
};

G_DEFINE_FINAL_TYPE (PenPlacedSection, pen_placed_section, PEN_TYPE_SECTION)

enum
{
  PROP_0,
  PROP_CAN_KNOCK,
  PROP_KNOCK_TOOLTIP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The current player's first Red die in the supply, or -1 */
static int
first_red (PenTable *table)
{
  PenWizard *w = pen_tu_current_wizard (table);
  GListModel *supply = w != NULL ? pen_wizard_get_supply (w) : NULL;

  for (guint i = 0; supply != NULL && i < g_list_model_get_n_items (supply); i++)
    {
      g_autoptr(PenDie) d = g_list_model_get_item (supply, i);

      if (pen_die_get_color (d) == PEN_COLOR_RED)
        return (int) i;
    }
  return -1;
}

void
pen_placed_section_knock_out (PenPlacedSection *self,
                              guint             i)
{
  PenTable *table;
  int red;

  g_return_if_fail (PEN_IS_PLACED_SECTION (self));
  table = pen_section_get_table (PEN_SECTION (self));
  if (table == NULL || i >= g_list_model_get_n_items (pen_table_get_placed (table))
      || (red = first_red (table)) < 0)
    return;
  pen_section_submit_new (PEN_SECTION (self),
                          pen_action_new_knock_out (pen_table_get_current (table), red, i));
}

static void
knock_out_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  pen_placed_section_knock_out (PEN_PLACED_SECTION (widget), g_variant_get_uint32 (param));
}

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  GtkWidget *row = pen_placed_row_new (item);

  g_object_bind_property (user_data, "can-knock", row, "can-knock", G_BINDING_SYNC_CREATE);
  g_object_bind_property (user_data, "knock-tooltip", row, "knock-tooltip",
                          G_BINDING_SYNC_CREATE);
  return row;
}

static void
pen_placed_section_game_set (PenSection *section,
                             PenGame    *game)
{
  PenPlacedSection *self = PEN_PLACED_SECTION (section);

  gtk_list_box_bind_model (self->list,
                           game != NULL ? pen_table_get_placed (pen_game_get_table (game)) : NULL,
                           create_row, self, NULL);
}

/* Enabling a button, changed or not, and setting a tooltip, the same or not, make GTK 4.8 work
 * again on every tap: three more frames of the Table page at 1000x720 (about 10 M instructions
 * an undo, redo or die flip). Only changes are notified, so the rows' bindings pass only those
 * on. */
static void
set_knock (PenPlacedSection *self,
           gboolean          can_knock,
           const char       *tooltip)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (self->can_knock != can_knock)
    {
      self->can_knock = can_knock;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_KNOCK]);
    }
  if (g_strcmp0 (self->knock_tooltip, tooltip) != 0)
    {
      g_free (self->knock_tooltip);
      self->knock_tooltip = g_strdup (tooltip);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KNOCK_TOOLTIP]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

static void
pen_placed_section_position_changed (PenSection *section)
{
  PenPlacedSection *self = PEN_PLACED_SECTION (section);
  PenTable *table = pen_section_get_table (section);
  GListModel *placed = table != NULL ? pen_table_get_placed (table) : NULL;
  guint n = placed != NULL ? g_list_model_get_n_items (placed) : 0;
  PenWizard *w = table != NULL ? pen_tu_current_wizard (table) : NULL;
  gboolean has_red = table != NULL && first_red (table) >= 0;
  g_autofree char *no_red = NULL;

  /* the Red die to discard: the current player's */
  if (w != NULL && !has_red)
    no_red = g_strdup_printf (_("%s has no Red die to discard"), pen_wizard_get_display_name (w));
  set_knock (self, has_red,
             has_red ? _("Discard a Red die to discard this die (Primagic Knock Out, "
                         "during Study)")
                     : no_red);
  gtk_widget_set_visible (GTK_WIDGET (self), n > 0);
}

static void
pen_placed_section_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  PenPlacedSection *self = PEN_PLACED_SECTION (object);

  switch (prop_id)
    {
    case PROP_CAN_KNOCK:
      g_value_set_boolean (value, self->can_knock);
      break;
    case PROP_KNOCK_TOOLTIP:
      g_value_set_string (value, self->knock_tooltip);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_placed_section_dispose (GObject *object)
{
  PenPlacedSection *self = PEN_PLACED_SECTION (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_PLACED_SECTION);
  g_clear_pointer (&self->knock_tooltip, g_free);

  G_OBJECT_CLASS (pen_placed_section_parent_class)->dispose (object);
}

static void
pen_placed_section_class_init (PenPlacedSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->get_property = pen_placed_section_get_property;
  object_class->dispose = pen_placed_section_dispose;
  section_class->game_set = pen_placed_section_game_set;
  section_class->position_changed = pen_placed_section_position_changed;

  /* whether the current player has a Red die to discard, and what the buttons say about it */
  properties[PROP_CAN_KNOCK] =
    g_param_spec_boolean ("can-knock", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_KNOCK_TOOLTIP] =
    g_param_spec_string ("knock-tooltip", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-placed-section.ui");
  gtk_widget_class_bind_template_child (widget_class, PenPlacedSection, list);
  gtk_widget_class_install_action (widget_class, "placed.knock-out", "u", knock_out_activated);
}

static void
pen_placed_section_init (PenPlacedSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
