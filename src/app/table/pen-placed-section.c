/* pen-placed-section.c: the dice placed in locations, each with Knock Out
 *
 * Knock Out (Primagic, Dice › Red, "during Study"): "… or discard a Red die to also discard
 * any other placed die". The place dialog offers it on the way into a taken cell; here it is
 * on its own, for any die on the board (a cell freed for later, another wizard's die taken
 * off). The current player's first Red die goes: the button waits while they have none, and
 * off their Study turn the core refuses by rule and the table may do it anyway.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-locations.h"
#include "pen-placed-section.h"
#include "pen-table-util.h"

struct _PenPlacedSection
{
  PenSection  parent_instance;

  GtkListBox *list;
  GPtrArray  *rows;     /* one per placed die, in the table's order */
  GPtrArray  *buttons;  /* their Knock Out buttons */
  char       *sig;    /* what the rows show: remade only when it changes */
  char       *tip;    /* the buttons' tooltip, set only when it changes */
  gboolean    can_knock;
  gboolean    can_knock_known;
};

G_DEFINE_FINAL_TYPE (PenPlacedSection, pen_placed_section, PEN_TYPE_SECTION)

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

/* "Ruby Class · Mark and card" for "ruby-class/mark/2" */
static char *
where_label (const char *at)
{
  PenLocations *locations = pen_locations_get_default ();
  g_auto(GStrv) parts = at != NULL ? g_strsplit (at, "/", 3) : NULL;
  const char *name, *section;

  if (parts == NULL || parts[0] == NULL)
    return g_strdup (_("No location"));
  name = pen_locations_get_name (locations, parts[0]);
  section = parts[1] != NULL ? pen_locations_get_section_name (locations, parts[0], parts[1])
                             : NULL;
  if (name == NULL)
    return g_strdup (at);
  return section != NULL ? g_strdup_printf ("%s · %s", name, section) : g_strdup (name);
}

static void
pen_placed_section_position_changed (PenSection *section)
{
  PenPlacedSection *self = PEN_PLACED_SECTION (section);
  PenTable *table = pen_section_get_table (section);
  GListModel *placed = table != NULL ? pen_table_get_placed (table) : NULL;
  guint n = placed != NULL ? g_list_model_get_n_items (placed) : 0;
  g_autoptr(GString) sig = g_string_new (NULL);
  PenWizard *w = table != NULL ? pen_tu_current_wizard (table) : NULL;
  gboolean has_red = table != NULL && first_red (table) >= 0;
  g_autofree char *no_red = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenDie) d = g_list_model_get_item (placed, i);

      g_string_append_printf (sig, "%d%u@%s;", pen_die_get_color (d), pen_die_get_value (d),
                              pen_die_get_location (d));
    }
  if (g_strcmp0 (sig->str, self->sig) != 0)
    {
      g_free (self->sig);
      self->sig = g_strdup (sig->str);
      for (guint i = 0; i < self->rows->len; i++)
        gtk_list_box_remove (self->list, g_ptr_array_index (self->rows, i));
      g_ptr_array_set_size (self->rows, 0);
      g_ptr_array_set_size (self->buttons, 0);
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(PenDie) d = g_list_model_get_item (placed, i);
          g_autofree char *title = g_strdup_printf ("%s %u", pen_color_get_label (
                                                      pen_die_get_color (d)),
                                                    pen_die_get_value (d));
          g_autofree char *where = where_label (pen_die_get_location (d));
          GtkWidget *row = g_object_new (ADW_TYPE_ACTION_ROW, "title", title, "subtitle", where,
                                         "subtitle-lines", 0, NULL);
          /* Translators: the Primagic Knock Out, a Red die discarded to discard a placed die */
          GtkWidget *button = g_object_new (GTK_TYPE_BUTTON, "label", _("_Knock Out"),
                                            "use-underline", TRUE, "valign", GTK_ALIGN_CENTER,
                                            "action-name", "placed.knock-out",
                                            "action-target", g_variant_new_uint32 (i), NULL);

          adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
          gtk_list_box_append (self->list, row);
          g_ptr_array_add (self->rows, row);
          g_ptr_array_add (self->buttons, button);
        }
    }
  /* the Red die to discard: the current player's */
  if (w != NULL && !has_red)
    no_red = g_strdup_printf (_("%s has no Red die to discard"), pen_wizard_get_display_name (w));
  /* Enabling an action, changed or not, and setting a tooltip, the same or not, make GTK 4.8
   * work again on every tap: three more frames of the Table page at 1000x720 (about 10 M
   * instructions an undo, redo or die flip). Only changes are passed on. */
  if (!self->can_knock_known || self->can_knock != has_red)
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "placed.knock-out", has_red);
      self->can_knock = has_red;
      self->can_knock_known = TRUE;
    }
  {
    const char *tip = has_red ? _("Discard a Red die to discard this die (Primagic Knock Out, "
                                  "during Study)")
                              : no_red;
    gboolean new_rows = g_strcmp0 (self->tip, tip) != 0;

    for (guint i = 0; i < self->buttons->len; i++)
      if (new_rows || gtk_widget_get_tooltip_text (g_ptr_array_index (self->buttons, i)) == NULL)
        gtk_widget_set_tooltip_text (g_ptr_array_index (self->buttons, i), tip);
    g_free (self->tip);
    self->tip = g_strdup (tip);
  }
  gtk_widget_set_visible (GTK_WIDGET (self), n > 0);
}

static void
pen_placed_section_dispose (GObject *object)
{
  PenPlacedSection *self = PEN_PLACED_SECTION (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_PLACED_SECTION);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->buttons, g_ptr_array_unref);
  g_clear_pointer (&self->sig, g_free);
  g_clear_pointer (&self->tip, g_free);

  G_OBJECT_CLASS (pen_placed_section_parent_class)->dispose (object);
}

static void
pen_placed_section_class_init (PenPlacedSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_placed_section_dispose;
  section_class->position_changed = pen_placed_section_position_changed;

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
  self->rows = g_ptr_array_new ();
  self->buttons = g_ptr_array_new ();
}
