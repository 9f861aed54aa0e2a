/* pen-recount-mark-row.c: a Mark's state in "Check the table", bound to its PenRecountItem
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-recount-item.h"
#include "pen-recount-mark-row.h"
#include "pen-types.h"

struct _PenRecountMarkRow
{
  AdwComboRow     parent_instance;

  PenRecountItem *item;
};

G_DEFINE_FINAL_TYPE (PenRecountMarkRow, pen_recount_mark_row, ADW_TYPE_COMBO_ROW)

enum {
  PROP_0,
  PROP_ITEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pen_recount_mark_row_constructed (GObject *object)
{
  PenRecountMarkRow *self = PEN_RECOUNT_MARK_ROW (object);
  g_autoptr(GtkStringList) states = gtk_string_list_new (NULL);
  g_autofree char *title = NULL;
  int kind;

  G_OBJECT_CLASS (pen_recount_mark_row_parent_class)->constructed (object);
  if (self->item == NULL)
    return;
  kind = pen_recount_item_get_detail (self->item);
  /* Translators: a Mark's name, then its cell: "Ruby Mark, cell 2" */
  title = g_strdup_printf (_("%s, cell %d"), kind >= 0 ? pen_mark_kind_get_mark_name (kind) : "?",
                           (int) pen_recount_item_get_cell (self->item) + 1);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), title);
  for (guint s = 0; s < PEN_N_MARK_STATES; s++)
    gtk_string_list_append (states, pen_mark_state_get_label (s));
  adw_combo_row_set_model (ADW_COMBO_ROW (self), G_LIST_MODEL (states));
  g_object_bind_property (self->item, "value", self, "selected",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
}

static void
pen_recount_mark_row_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  PenRecountMarkRow *self = PEN_RECOUNT_MARK_ROW (object);

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
pen_recount_mark_row_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  PenRecountMarkRow *self = PEN_RECOUNT_MARK_ROW (object);

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
pen_recount_mark_row_dispose (GObject *object)
{
  PenRecountMarkRow *self = PEN_RECOUNT_MARK_ROW (object);

  g_clear_object (&self->item);

  G_OBJECT_CLASS (pen_recount_mark_row_parent_class)->dispose (object);
}

static void
pen_recount_mark_row_class_init (PenRecountMarkRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = pen_recount_mark_row_constructed;
  object_class->get_property = pen_recount_mark_row_get_property;
  object_class->set_property = pen_recount_mark_row_set_property;
  object_class->dispose = pen_recount_mark_row_dispose;

  properties[PROP_ITEM] = g_param_spec_object ("item", NULL, NULL, PEN_TYPE_RECOUNT_ITEM,
                                               G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY
                                               | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_recount_mark_row_init (PenRecountMarkRow *self)
{
}
