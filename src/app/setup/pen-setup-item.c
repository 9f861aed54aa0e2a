/* pen-setup-item.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>

#include "pen-setup-item.h"

struct _PenSetupItem
{
  GObject           parent_instance;

  PenSetupItemKind  kind;
  char             *title;
  char             *subtitle;
  char             *a11y;
  guint             wizard;
  guint             index;
  guint             face;
};

G_DEFINE_FINAL_TYPE (PenSetupItem, pen_setup_item, G_TYPE_OBJECT)

static void
pen_setup_item_finalize (GObject *object)
{
  PenSetupItem *self = PEN_SETUP_ITEM (object);

  g_free (self->title);
  g_free (self->subtitle);
  g_free (self->a11y);

  G_OBJECT_CLASS (pen_setup_item_parent_class)->finalize (object);
}

static void
pen_setup_item_class_init (PenSetupItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pen_setup_item_finalize;
}

static void
pen_setup_item_init (PenSetupItem *self)
{
}

PenSetupItem *
pen_setup_item_new (PenSetupItemKind  kind,
                    const char       *title,
                    const char       *subtitle)
{
  PenSetupItem *self = g_object_new (PEN_TYPE_SETUP_ITEM, NULL);

  self->kind = kind;
  self->title = g_strdup (title);
  self->subtitle = g_strdup (subtitle);
  return self;
}

PenSetupItem *
pen_setup_item_new_die (const char *title,
                        const char *subtitle,
                        const char *a11y,
                        guint       wizard,
                        guint       index,
                        guint       face)
{
  PenSetupItem *self = pen_setup_item_new (PEN_SETUP_ITEM_DIE, title, subtitle);

  self->a11y = g_strdup (a11y);
  self->wizard = wizard;
  self->index = index;
  self->face = face;
  return self;
}

PenSetupItem *
pen_setup_item_new_field (PenSetupItemKind  kind,
                          const char       *title,
                          const char       *subtitle,
                          const char       *a11y,
                          guint             player,
                          guint             index,
                          guint             value)
{
  PenSetupItem *self = pen_setup_item_new_die (title, subtitle, a11y, player, index, value);

  self->kind = kind;
  return self;
}

void
pen_setup_items_add (GListStore       *store,
                     PenSetupItemKind  kind,
                     const char       *title,
                     const char       *subtitle)
{
  g_autoptr(PenSetupItem) item = pen_setup_item_new (kind, title, subtitle);

  g_list_store_append (store, item);
}

PenSetupItemKind
pen_setup_item_get_kind (PenSetupItem *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ITEM (self), PEN_SETUP_ITEM_PLAIN);
  return self->kind;
}

const char *
pen_setup_item_get_title (PenSetupItem *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ITEM (self), NULL);
  return self->title;
}

const char *
pen_setup_item_get_subtitle (PenSetupItem *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ITEM (self), NULL);
  return self->subtitle;
}

const char *
pen_setup_item_get_a11y (PenSetupItem *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ITEM (self), NULL);
  return self->a11y;
}

guint
pen_setup_item_get_wizard (PenSetupItem *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ITEM (self), 0);
  return self->wizard;
}

guint
pen_setup_item_get_index (PenSetupItem *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ITEM (self), 0);
  return self->index;
}

guint
pen_setup_item_get_face (PenSetupItem *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ITEM (self), 0);
  return self->face;
}

void
pen_setup_items_replace (GListStore *store,
                         GListStore *items)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (items));
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (all, g_list_model_get_item (G_LIST_MODEL (items), i));
  g_list_store_splice (store, 0, g_list_model_get_n_items (G_LIST_MODEL (store)), all->pdata,
                       all->len);
}
