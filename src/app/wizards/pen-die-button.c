/* pen-die-button.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-die-button.h"
#include "pen-die-view.h"
#include "pen-widget-utils.h"

struct _PenDieButton
{
  AdwBin         parent_instance;

  GtkMenuButton *button;
  PenDieView    *view;

  PenDie        *die;
  PenWizard     *wizard;
  gboolean       stale;     /* the die changed while the button was not shown */
};

G_DEFINE_FINAL_TYPE (PenDieButton, pen_die_button, ADW_TYPE_BIN)

static GMenuModel *
die_menu (PenDieButton *self,
          guint         index)
{
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) section = g_menu_new ();
  g_autoptr(GMenu) set = g_menu_new ();
  g_autoptr(GMenu) recolor = g_menu_new ();
  g_autoptr(GMenu) primagic = g_menu_new ();
  g_autoptr(GMenu) last = g_menu_new ();
  guint value = pen_die_get_value (self->die);
  guint crystals = pen_wizard_get_ingredient (self->wizard, PEN_INGREDIENT_CRYSTAL);

#define DIE_ITEM_IF(m, ok, label, op, arg)                                              \
  G_STMT_START {                                                                         \
    g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);                           \
    /* an action nothing installs: the item stays, greyed out */                         \
    g_menu_item_set_action_and_target (item, (ok) ? "board.die" : "board.die-unavailable", \
                                       "(sui)", op, index, arg);                         \
    g_menu_append_item (m, item);                                                        \
  } G_STMT_END
#define DIE_ITEM(m, label, op, arg) DIE_ITEM_IF (m, TRUE, label, op, arg)

  /* Every die's menu has the same items in the same places, those it cannot use greyed out:
   * the popover opens above the die or below it, so an item that came and went with the
   * die's value or the Crystals would move every item under the next tap (play finding P6,
   * a Discard for a Place) */
  DIE_ITEM (last, _("Place in a location"), "place", 0);
  DIE_ITEM (last, _("Discard"), "discard", 0);
  g_menu_append_section (menu, NULL, G_MENU_MODEL (last));

  DIE_ITEM_IF (section, value < 6, _("Adjust +1"), "adjust", 1);
  DIE_ITEM_IF (section, value > 1, _("Adjust −1"), "adjust", -1);
  DIE_ITEM (section, _("Flip"), "flip", 0);
  DIE_ITEM (section, _("Reroll"), "reroll", 0);
  for (guint v = 1; v <= 6; v++)
    {
      g_autofree char *label = g_strdup_printf (_("Set to %u"), v);
      if (v != value)
        DIE_ITEM (set, label, "set", (int) v);
    }
  g_menu_append_submenu (section, _("Set"), G_MENU_MODEL (set));
  for (guint c = 0; c < PEN_N_COLORS; c++)
    if (c != pen_die_get_color (self->die))
      DIE_ITEM (recolor, pen_color_get_label (c), "recolor", (int) c);
  g_menu_append_submenu (section, _("Recolour"), G_MENU_MODEL (recolor));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));

  /* Primagic: the same manipulations paid with Crystals (1 reroll, 2 adjust, 2 flip,
   * 3 recolour); greyed out while the wizard lacks the Crystals */
  DIE_ITEM_IF (primagic, crystals >= 1, _("Reroll — 1 Crystal"), "p-reroll", 0);
  DIE_ITEM_IF (primagic, crystals >= 2 && value < 6, _("Adjust +1 — 2 Crystals"), "p-adjust", 1);
  DIE_ITEM_IF (primagic, crystals >= 2 && value > 1, _("Adjust −1 — 2 Crystals"), "p-adjust",
               -1);
  DIE_ITEM_IF (primagic, crystals >= 2, _("Flip — 2 Crystals"), "p-flip", 0);
  g_menu_append_section (menu, _("Pay with Crystals"), G_MENU_MODEL (primagic));

#undef DIE_ITEM_IF
#undef DIE_ITEM

  return G_MENU_MODEL (menu);
}

static void
popup_cb (GtkMenuButton *button,
          gpointer       user_data)
{
  PenDieButton *self = user_data;
  GtkWidget *child = gtk_widget_get_parent (GTK_WIDGET (self));
  g_autoptr(GMenuModel) menu = NULL;
  int index;

  /* the die's place in the supply is its flow box child's */
  if (!GTK_IS_FLOW_BOX_CHILD (child) || self->wizard == NULL
      || (index = gtk_flow_box_child_get_index (GTK_FLOW_BOX_CHILD (child))) < 0)
    return;
  menu = die_menu (self, index);
  gtk_menu_button_set_menu_model (button, menu);
}

static void
update (PenDieButton *self)
{
  PenDie *die = self->die;
  g_autofree char *label = pen_die_view_describe (pen_die_get_color (die),
                                                  pen_die_get_value (die),
                                                  pen_die_get_temporary (die));

  pen_die_view_set_die (self->view, pen_die_get_color (die), pen_die_get_value (die),
                        pen_die_get_temporary (die));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label, -1);
  pen_widget_set_tooltip_text (GTK_WIDGET (self->button), label);
  self->stale = FALSE;
}

/* Out of view (another page) the button only notes the change and shows it when mapped: a
 * tooltip set makes GTK 4.8 query the tooltip under the pointer again, wherever it is. */
static void
die_changed_cb (PenDieButton *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    update (self);
  else
    self->stale = TRUE;
}

static void
pen_die_button_map (GtkWidget *widget)
{
  PenDieButton *self = PEN_DIE_BUTTON (widget);

  if (self->stale)
    update (self);
  GTK_WIDGET_CLASS (pen_die_button_parent_class)->map (widget);
}

GtkWidget *
pen_die_button_new (PenDie    *die,
                    PenWizard *wizard)
{
  PenDieButton *self = g_object_new (PEN_TYPE_DIE_BUTTON, NULL);

  self->die = g_object_ref (die);
  self->wizard = g_object_ref (wizard);
  g_signal_connect_object (die, "notify", G_CALLBACK (die_changed_cb), self, G_CONNECT_SWAPPED);
  update (self);
  return GTK_WIDGET (self);
}

static void
pen_die_button_dispose (GObject *object)
{
  PenDieButton *self = PEN_DIE_BUTTON (object);

  /* the button is the bin's child: the bin lets it go, then the template forgets it */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_DIE_BUTTON);
  g_clear_object (&self->die);
  g_clear_object (&self->wizard);

  G_OBJECT_CLASS (pen_die_button_parent_class)->dispose (object);
}

static void
pen_die_button_class_init (PenDieButtonClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pen_die_button_dispose;
  widget_class->map = pen_die_button_map;

  g_type_ensure (PEN_TYPE_DIE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-die-button.ui");
  gtk_widget_class_bind_template_child (widget_class, PenDieButton, button);
  gtk_widget_class_bind_template_child (widget_class, PenDieButton, view);
}

static void
pen_die_button_init (PenDieButton *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_menu_button_set_create_popup_func (self->button, popup_cb, self, NULL);
}
