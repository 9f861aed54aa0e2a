/* pen-store-sync.c: bring a GListStore of the table up to date, telling only what changed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-die.h"
#include "pen-mark.h"
#include "pen-store-sync.h"
#include "pen-table-card.h"

static gboolean
item_is (GListStore       *store,
         guint             position,
         gpointer          other,
         PenStoreSameFunc  same)
{
  g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (store), position);

  return same (item, other);
}

void
pen_store_sync (GListStore       *store,
                GPtrArray        *items,
                PenStoreSameFunc  same,
                PenStoreCopyFunc  copy)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (store));
  guint m = items->len;
  guint head = 0, tail = 0, old_middle, new_middle, common;

  g_return_if_fail (G_IS_LIST_STORE (store));

  while (head < n && head < m && item_is (store, head, g_ptr_array_index (items, head), same))
    head++;
  while (tail < n - head && tail < m - head
         && item_is (store, n - 1 - tail, g_ptr_array_index (items, m - 1 - tail), same))
    tail++;
  old_middle = n - head - tail;
  new_middle = m - head - tail;
  common = MIN (old_middle, new_middle);

  for (guint i = 0; i < common; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (store), head + i);

      copy (item, g_ptr_array_index (items, head + i));
    }
  if (new_middle > common)
    g_list_store_splice (store, head + common, 0, &items->pdata[head + common],
                         new_middle - common);
  else if (old_middle > common)
    g_list_store_splice (store, head + common, old_middle - common, NULL, 0);
}

gboolean
pen_store_same_die (gpointer item,
                    gpointer other)
{
  return pen_die_get_color (item) == pen_die_get_color (other)
         && pen_die_get_value (item) == pen_die_get_value (other)
         && pen_die_get_temporary (item) == pen_die_get_temporary (other)
         && g_strcmp0 (pen_die_get_location (item), pen_die_get_location (other)) == 0;
}

void
pen_store_copy_die (gpointer item,
                    gpointer other)
{
  pen_die_set_color (item, pen_die_get_color (other));
  pen_die_set_value (item, pen_die_get_value (other));
  pen_die_set_temporary (item, pen_die_get_temporary (other));
  pen_die_set_location (item, pen_die_get_location (other));
}

gboolean
pen_store_same_mark (gpointer item,
                     gpointer other)
{
  return pen_mark_get_cell (item) == pen_mark_get_cell (other)
         && pen_mark_get_kind (item) == pen_mark_get_kind (other)
         && pen_mark_get_value (item) == pen_mark_get_value (other)
         && pen_mark_get_state (item) == pen_mark_get_state (other);
}

void
pen_store_copy_mark (gpointer item,
                     gpointer other)
{
  pen_mark_set_cell (item, pen_mark_get_cell (other));
  pen_mark_set_kind (item, pen_mark_get_kind (other));
  pen_mark_set_value (item, pen_mark_get_value (other));
  pen_mark_set_state (item, pen_mark_get_state (other));
}

gboolean
pen_store_same_card (gpointer item,
                     gpointer other)
{
  return g_strcmp0 (pen_table_card_get_card_id (item), pen_table_card_get_card_id (other)) == 0
         && g_strcmp0 (pen_table_card_get_zone (item), pen_table_card_get_zone (other)) == 0
         && pen_table_card_get_rotated (item) == pen_table_card_get_rotated (other)
         && g_strcmp0 (pen_table_card_get_path (item), pen_table_card_get_path (other)) == 0;
}

void
pen_store_copy_card (gpointer item,
                     gpointer other)
{
  pen_table_card_set_card_id (item, pen_table_card_get_card_id (other));
  pen_table_card_set_zone (item, pen_table_card_get_zone (other));
  pen_table_card_set_rotated (item, pen_table_card_get_rotated (other));
  pen_table_card_set_path (item, pen_table_card_get_path (other));
}
