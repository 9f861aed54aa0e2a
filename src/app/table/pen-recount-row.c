/* pen-recount-row.c: a counted value of "Check the table"
 *
 * The row is bound both ways to its PenRecountItem: what the user sets is the form's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-recount-item.h"
#include "pen-recount-row.h"
#include "pen-turn.h"
#include "pen-types.h"
#include "pen-widget-utils.h"

struct _PenRecountRow
{
  AdwActionRow    parent_instance;

  GtkCheckButton *there;    /* a die: on the board */
  GtkSpinButton  *spin;     /* a die's face, an ingredient, the Fate count */
  GtkSwitch      *sw;       /* a card: in its row */

  PenRecountItem *item;
};

G_DEFINE_FINAL_TYPE (PenRecountRow, pen_recount_row, ADW_TYPE_ACTION_ROW)

enum {
  PROP_0,
  PROP_ITEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
show_item (PenRecountRow *self)
{
  PenRecountItem *item = self->item;
  PenRecountKind kind = pen_recount_item_get_kind (item);
  int detail = pen_recount_item_get_detail (item);
  gboolean counted = kind != PEN_RECOUNT_TRIAL && kind != PEN_RECOUNT_CONTRACT;
  g_autofree char *title = NULL;

  switch (kind)
    {
    case PEN_RECOUNT_DIE:
      {
        g_autofree char *there = NULL;

        /* Translators: a die's name, then its place in the supply: "Red die, 3rd" */
        title = g_strdup_printf (_("%s no. %u"), detail >= 0 ? pen_color_get_die_name (detail)
                                                             : "?",
                                 pen_recount_item_get_index (item) + 1);
        there = g_strdup_printf (_("%s is on the board"), title);
        pen_widget_set_tooltip_text (GTK_WIDGET (self->there), there);
        pen_widget_set_accessible_label (GTK_WIDGET (self->there), there);
      }
      break;
    case PEN_RECOUNT_INGREDIENT:
      title = g_strdup (pen_ingredient_get_label (detail));
      break;
    case PEN_RECOUNT_TRIAL:
      title = g_strdup (pen_turn_card_name (pen_recount_item_get_card (item)));
      break;
    case PEN_RECOUNT_CONTRACT:
      title = g_strdup_printf (_("Cell %u"), pen_recount_item_get_index (item) + 1);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self),
                                   pen_turn_card_name (pen_recount_item_get_card (item)));
      break;
    case PEN_RECOUNT_FATE:
    default:
      title = g_strdup (_("Cards left"));
      break;
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), title);
  gtk_widget_set_visible (GTK_WIDGET (self->there), kind == PEN_RECOUNT_DIE);
  gtk_widget_set_visible (GTK_WIDGET (self->spin), counted);
  gtk_widget_set_visible (GTK_WIDGET (self->sw), !counted);
  if (counted)
    {
      pen_widget_set_accessible_label (GTK_WIDGET (self->spin), title);
      gtk_spin_button_set_range (self->spin, pen_recount_item_get_minimum (item),
                                 pen_recount_item_get_maximum (item));
      g_object_bind_property (item, "value", self->spin, "value",
                              G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
    }
  else
    {
      pen_widget_set_accessible_label (GTK_WIDGET (self->sw), title);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self), GTK_WIDGET (self->sw));
      g_object_bind_property (item, "present", self->sw, "active",
                              G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
    }
  if (kind == PEN_RECOUNT_DIE)
    g_object_bind_property (item, "present", self->there, "active",
                            G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
}

static void
pen_recount_row_constructed (GObject *object)
{
  PenRecountRow *self = PEN_RECOUNT_ROW (object);

  G_OBJECT_CLASS (pen_recount_row_parent_class)->constructed (object);
  if (self->item != NULL)
    show_item (self);
}

static void
pen_recount_row_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  PenRecountRow *self = PEN_RECOUNT_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      g_value_set_object (value, self->item);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_recount_row_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  PenRecountRow *self = PEN_RECOUNT_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      self->item = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_recount_row_dispose (GObject *object)
{
  PenRecountRow *self = PEN_RECOUNT_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_RECOUNT_ROW);
  g_clear_object (&self->item);

  G_OBJECT_CLASS (pen_recount_row_parent_class)->dispose (object);
}

static void
pen_recount_row_class_init (PenRecountRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pen_recount_row_constructed;
  object_class->get_property = pen_recount_row_get_property;
  object_class->set_property = pen_recount_row_set_property;
  object_class->dispose = pen_recount_row_dispose;

  properties[PROP_ITEM] = g_param_spec_object ("item", NULL, NULL, PEN_TYPE_RECOUNT_ITEM,
                                               G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY
                                               | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-recount-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRecountRow, there);
  gtk_widget_class_bind_template_child (widget_class, PenRecountRow, spin);
  gtk_widget_class_bind_template_child (widget_class, PenRecountRow, sw);
}

static void
pen_recount_row_init (PenRecountRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* a wheel turn over a number scrolls the form */
  pen_spin_buttons_scroll_when_focused (GTK_WIDGET (self));
}
