/* pen-card-row.c: a card of the trial row or a reserved card, with its actions
 *
 * Bound to its PenTableCard: a new card in the same place renames the row, nothing else.
 * "reserved": a card the current wizard reserved, not one of the trial row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-card-popover.h"
#include "pen-card-row.h"
#include "pen-catalog.h"
#include "pen-table-util.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

struct _PenCardRow
{
  AdwActionRow    parent_instance;

  GtkMenuButton  *button;
  PenCardPopover *popover;

  PenTableCard   *card;
  gboolean        reserved;
};

G_DEFINE_FINAL_TYPE (PenCardRow, pen_card_row, ADW_TYPE_ACTION_ROW)

enum {
  PROP_0,
  PROP_CARD,
  PROP_RESERVED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
show_card (PenCardRow *self)
{
  const char *id = pen_table_card_get_card_id (self->card);
  PenSection *section = pen_tu_section (GTK_WIDGET (self));
  PenGame *game = section != NULL ? pen_section_get_game (section) : NULL;
  g_autofree char *tip = g_strdup_printf (_("Actions for %s"), pen_turn_card_name (id));
  g_autofree char *sub = NULL;

  sub = self->reserved && pen_tu_card_type (id) != PEN_CARD_TRIAL
        ? g_strdup (_("Contract · −3 points if still reserved at the end"))
        : pen_tu_trial_summary (game, id);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), pen_turn_card_name (id));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), sub);
  pen_widget_set_tooltip_text (GTK_WIDGET (self->button), tip);
  pen_widget_set_accessible_label (GTK_WIDGET (self->button), tip);
}

/* The table reads a card's numbers out when they matter (the naming dialog, the Threat's
 * numbers): the catalogue learns them and the row shows them at once */
static void
catalog_changed_cb (GListModel *catalog,
                    guint       position,
                    guint       removed,
                    guint       added,
                    PenCardRow *self)
{
  show_card (self);
}

static void
popover_show_cb (PenCardRow *self)
{
  PenSection *section = pen_tu_section (GTK_WIDGET (self));
  PenTable *table = section != NULL ? pen_section_get_table (section) : NULL;
  guint position;
  int index = -1;

  if (table == NULL)
    return;
  if (!self->reserved && g_list_store_find (G_LIST_STORE (pen_table_get_trial_row (table)),
                                            self->card, &position))
    index = position;
  pen_card_popover_update (self->popover, table, index,
                           pen_table_card_get_card_id (self->card));
  pen_tu_popover_in_window (GTK_POPOVER (self->popover));
}

static void
pen_card_row_constructed (GObject *object)
{
  PenCardRow *self = PEN_CARD_ROW (object);

  G_OBJECT_CLASS (pen_card_row_parent_class)->constructed (object);
  g_signal_connect_object (self->card, "notify::card-id", G_CALLBACK (show_card), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (pen_catalog_get_default (), "items-changed",
                           G_CALLBACK (catalog_changed_cb), self, 0);
  show_card (self);
}

static void
pen_card_row_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  PenCardRow *self = PEN_CARD_ROW (object);

  switch (prop_id)
    {
    case PROP_CARD:
      g_value_set_object (value, self->card);
      break;
    case PROP_RESERVED:
      g_value_set_boolean (value, self->reserved);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_card_row_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  PenCardRow *self = PEN_CARD_ROW (object);

  switch (prop_id)
    {
    case PROP_CARD:
      self->card = g_value_dup_object (value);
      break;
    case PROP_RESERVED:
      self->reserved = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_card_row_dispose (GObject *object)
{
  PenCardRow *self = PEN_CARD_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_CARD_ROW);
  g_clear_object (&self->card);

  G_OBJECT_CLASS (pen_card_row_parent_class)->dispose (object);
}

static void
pen_card_row_class_init (PenCardRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = pen_card_row_constructed;
  object_class->get_property = pen_card_row_get_property;
  object_class->set_property = pen_card_row_set_property;
  object_class->dispose = pen_card_row_dispose;

  properties[PROP_CARD] = g_param_spec_object ("card", NULL, NULL, PEN_TYPE_TABLE_CARD, flags);
  properties[PROP_RESERVED] = g_param_spec_boolean ("reserved", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (PEN_TYPE_CARD_POPOVER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-card-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenCardRow, button);
  gtk_widget_class_bind_template_child (widget_class, PenCardRow, popover);
  gtk_widget_class_bind_template_callback (widget_class, popover_show_cb);
}

static void
pen_card_row_init (PenCardRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Writes the row again: after an action, the game tells what the catalogue cannot (the stack a
 * Trial not named yet came from) */
void
pen_card_row_refresh (PenCardRow *self)
{
  g_return_if_fail (PEN_IS_CARD_ROW (self));

  show_card (self);
}
