/* pen-score-unknown.c
 *
 * The answers go to the user catalogue and the user's board layout, not to the game: they are
 * what the physical card and board show, so they hold for every game and are not undone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-board-layout.h"
#include "pen-catalog.h"
#include "pen-score-symbols-row.h"
#include "pen-score-unknown.h"
#include "pen-score-value-row.h"
#include "pen-turn.h"

struct _PenScoreUnknown
{
  AdwPreferencesGroup  parent_instance;

  GPtrArray           *rows;   /* added to the group, to remove them again */
  char                *shown;  /* what the rows ask for */
};

G_DEFINE_FINAL_TYPE (PenScoreUnknown, pen_score_unknown, ADW_TYPE_PREFERENCES_GROUP)

gboolean
pen_score_unknown_wizard_has (PenTable *table,
                              guint     wizard)
{
  GListModel *cards;

  g_return_val_if_fail (PEN_IS_TABLE (table), FALSE);
  if (wizard >= pen_table_get_n_players (table))
    return FALSE;
  cards = pen_wizard_get_cards (pen_table_get_wizard (table, wizard));
  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
      PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                          pen_table_card_get_card_id (tc));
      PenCardType type;
      const char *path;

      if (card == NULL || g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_EXPERIENCE) != 0)
        continue;
      type = pen_card_get_card_type (card);
      if (type != PEN_CARD_TRIAL && type != PEN_CARD_CONTRACT)
        continue;
      if (!pen_card_is_known (card, "vp") || !pen_card_is_known (card, "symbols"))
        return TRUE;
      path = pen_table_card_get_path (tc);
      if (type == PEN_CARD_TRIAL && path != NULL && pen_path_from_string (path) >= 0
          && !pen_card_is_known (card, path))
        return TRUE;
    }
  return FALSE;
}

char *
pen_score_unknown_format_total (int      total,
                                gboolean has_unknown)
{
  /* Translators: a score still missing the points of cards not typed in yet: "14 + unknown" */
  return has_unknown ? g_strdup_printf (_("%d + unknown"), total) : g_strdup_printf ("%d", total);
}

char *
pen_score_unknown_format_points (int      total,
                                 gboolean has_unknown)
{
  if (has_unknown)
    /* Translators: a score still missing the points of cards not typed in yet */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point + unknown",
                                         "%d points + unknown", ABS (total)), total);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point", "%d points", ABS (total)),
                          total);
}

static void
add_row (PenScoreUnknown *self,
         GtkWidget       *row)
{
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
  g_ptr_array_add (self->rows, row);
}

/* The cells under the wizards' Marks whose points the rulebook does not print */
static void
unknown_cells (PenTable *table,
               gboolean  seen[PEN_MARK_CELLS])
{
  PenBoardLayout *layout = pen_board_layout_get_default ();

  for (guint p = 0; p < pen_table_get_n_players (table); p++)
    {
      GListModel *marks = pen_wizard_get_marks (pen_table_get_wizard (table, p));

      for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
        {
          g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
          guint cell = pen_mark_get_cell (mark);

          if (cell < PEN_MARK_CELLS && pen_board_layout_get_vp (layout, cell) < 0)
            seen[cell] = TRUE;
        }
    }
}

void
pen_score_unknown_show (PenScoreUnknown *self,
                        PenTable        *table,
                        GPtrArray       *unknown,
                        PenScoreForm    *form,
                        gboolean         force)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  PenCatalog *catalog = pen_catalog_get_default ();
  gboolean cells[PEN_MARK_CELLS] = { FALSE, };
  g_autoptr(GString) key = g_string_new (NULL);

  g_return_if_fail (PEN_IS_SCORE_UNKNOWN (self));

  if (table != NULL)
    unknown_cells (table, cells);
  for (guint i = 0; unknown != NULL && i < unknown->len; i++)
    g_string_append_printf (key, "%s|", (const char *) g_ptr_array_index (unknown, i));
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    g_string_append_c (key, cells[cell] ? '1' : '0');
  if (!force && g_strcmp0 (key->str, self->shown) == 0)
    return;
  g_free (self->shown);
  self->shown = g_string_free (g_steal_pointer (&key), FALSE);

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self),
                                  g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);

  for (guint i = 0; unknown != NULL && i < unknown->len; i++)
    {
      const char *id = g_ptr_array_index (unknown, i);
      PenCard *card = pen_catalog_lookup (catalog, id);
      const char *name = pen_turn_card_name (id);

      if (card == NULL || !g_hash_table_add (seen, (gpointer) id))
        continue;
      if (!pen_card_is_known (card, "vp"))
        {
          /* Translators: an entry for a card's printed victory points */
          g_autofree char *title = g_strdup_printf (_("%s: victory points"), name);
          g_autofree char *widget_name = g_strdup_printf ("vp-%s", id);
          GtkWidget *row = pen_score_value_row_new (PEN_SCORE_FIELD_CARD_VP, id, 0, title);

          gtk_widget_set_name (row, widget_name);
          add_row (self, row);
        }
      if (!pen_card_is_known (card, "symbols"))
        {
          g_autofree char *title = g_strdup_printf (_("%s: experience symbols"), name);

          add_row (self, pen_score_symbols_row_new (id, title, form));
        }
    }
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    if (cells[cell])
      {
        /* Translators: an entry for the victory points printed under a cell of the board */
        g_autofree char *title = g_strdup_printf (_("Board cell %u: victory points under it"),
                                                  cell + 1);

        add_row (self, pen_score_value_row_new (PEN_SCORE_FIELD_CELL_VP, NULL, cell, title));
      }
  gtk_widget_set_visible (GTK_WIDGET (self), self->rows->len > 0);
}

static void
pen_score_unknown_finalize (GObject *object)
{
  PenScoreUnknown *self = PEN_SCORE_UNKNOWN (object);

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->shown, g_free);

  G_OBJECT_CLASS (pen_score_unknown_parent_class)->finalize (object);
}

static void
pen_score_unknown_class_init (PenScoreUnknownClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = pen_score_unknown_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-score-unknown.ui");
}

static void
pen_score_unknown_init (PenScoreUnknown *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
}
