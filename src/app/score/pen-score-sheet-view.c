/* pen-score-sheet-view.c
 *
 * The ranking header and the per-player groups are two views of one list model, the players
 * in ranking order: after a move only the players whose rows changed are replaced in it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-score-chart.h"
#include "pen-score-player-group.h"
#include "pen-score-rank-card.h"
#include "pen-score-sheet-view.h"

struct _PenScoreSheetView
{
  GtkBox         parent_instance;

  GtkLabel      *title_label;
  GtkLabel      *subtitle_label;
  GtkFlowBox    *ranking_box;
  PenScoreChart *chart;
  GtkBox        *players_box;

  GListStore    *players;   /* of PenScoreStanding, best first */
};

G_DEFINE_FINAL_TYPE (PenScoreSheetView, pen_score_sheet_view, GTK_TYPE_BOX)

static GtkWidget *
create_rank_card (gpointer item,
                  gpointer user_data)
{
  return pen_score_rank_card_new (item);
}

/* The player groups follow the list as a list box would, without a list's frame and focus:
 * the groups removed go, the groups added come in their place, the others stay. */
static void
players_changed_cb (GListModel        *players,
                    guint              position,
                    guint              removed,
                    guint              added,
                    PenScoreSheetView *self)
{
  GtkWidget *box = GTK_WIDGET (self->players_box);
  GtkWidget *before = NULL;
  GtkWidget *child = gtk_widget_get_first_child (box);

  for (guint i = 0; i < position && child != NULL; i++)
    {
      before = child;
      child = gtk_widget_get_next_sibling (child);
    }
  for (guint i = 0; i < removed && child != NULL; i++)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);

      gtk_box_remove (self->players_box, child);
      child = next;
    }
  for (guint i = 0; i < added; i++)
    {
      g_autoptr(PenScoreStanding) standing = g_list_model_get_item (players, position + i);
      GtkWidget *group = pen_score_player_group_new (standing);

      gtk_box_insert_child_after (self->players_box, group, before);
      before = group;
    }
}

gboolean
pen_score_sheet_view_show (PenScoreSheetView *self,
                           PenScoreShared    *shared,
                           PenTable          *table,
                           GStrv              goals_by_hand,
                           GHashTable        *expanded)
{
  const PenScoreSheet *sheet = pen_score_shared_get_sheet (shared);
  PenPhase phase = pen_table_get_phase (table);
  g_auto(GStrv) keys = pen_score_sheet_list_keys (sheet);
  g_autoptr(GPtrArray) standings = g_ptr_array_new_with_free_func (g_object_unref);
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->players));
  gboolean changed = FALSE;

  g_return_val_if_fail (PEN_IS_SCORE_SHEET_VIEW (self), FALSE);

  gtk_label_set_label (self->title_label, phase == PEN_PHASE_ENDED ? _("Final Scores")
                                                                   : _("Running Score"));
  if (phase == PEN_PHASE_ENDED)
    gtk_label_set_label (self->subtitle_label, _("The game is over. Players with the same total "
                                                 "share a place: the rulebook names no "
                                                 "tiebreak."));
  else if (phase == PEN_PHASE_FINAL_ROUND)
    gtk_label_set_label (self->subtitle_label, _("The final round is on. The score counts what "
                                                 "is on the table now."));
  else
    gtk_label_set_label (self->subtitle_label, _("The score as the table stands now; it follows "
                                                 "every move, undo included."));

  for (guint g = 0; g < sheet->ranking->len; g++)
    {
      GPtrArray *group = g_ptr_array_index (sheet->ranking, g);

      for (guint j = 0; j < group->len; j++)
        {
          guint wizard = 0;

          g_ptr_array_find (sheet->results, g_ptr_array_index (group, j), &wizard);
          g_ptr_array_add (standings, pen_score_standing_new (shared, wizard, group->len > 1,
                                                              table, goals_by_hand, expanded,
                                                              keys[wizard]));
        }
    }

  if (standings->len != n_old)
    {
      g_list_store_splice (self->players, 0, n_old, standings->pdata, standings->len);
      changed = TRUE;
    }
  else
    for (guint i = 0; i < standings->len; i++)
      {
        g_autoptr(PenScoreStanding) old = g_list_model_get_item (G_LIST_MODEL (self->players), i);
        PenScoreStanding *now = g_ptr_array_index (standings, i);

        /* only the players whose rows show something else are made again */
        if (g_strcmp0 (pen_score_standing_get_key (old), pen_score_standing_get_key (now)) != 0)
          {
            g_list_store_splice (self->players, i, 1, (gpointer *) &now, 1);
            changed = TRUE;
          }
      }
  if (changed)
    pen_score_chart_set_sheet (self->chart, sheet);
  return changed;
}

void
pen_score_sheet_view_clear (PenScoreSheetView *self)
{
  g_return_if_fail (PEN_IS_SCORE_SHEET_VIEW (self));

  g_list_store_remove_all (self->players);
  pen_score_chart_set_sheet (self->chart, NULL);
}

GListModel *
pen_score_sheet_view_get_players (PenScoreSheetView *self)
{
  g_return_val_if_fail (PEN_IS_SCORE_SHEET_VIEW (self), NULL);

  return G_LIST_MODEL (self->players);
}

static void
pen_score_sheet_view_dispose (GObject *object)
{
  PenScoreSheetView *self = PEN_SCORE_SHEET_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_SCORE_SHEET_VIEW);
  g_clear_object (&self->players);

  G_OBJECT_CLASS (pen_score_sheet_view_parent_class)->dispose (object);
}

static void
pen_score_sheet_view_class_init (PenScoreSheetViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pen_score_sheet_view_dispose;

  g_type_ensure (PEN_TYPE_SCORE_CHART);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-score-sheet-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PenScoreSheetView, title_label);
  gtk_widget_class_bind_template_child (widget_class, PenScoreSheetView, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, PenScoreSheetView, ranking_box);
  gtk_widget_class_bind_template_child (widget_class, PenScoreSheetView, chart);
  gtk_widget_class_bind_template_child (widget_class, PenScoreSheetView, players_box);
}

static void
pen_score_sheet_view_init (PenScoreSheetView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->players = g_list_store_new (PEN_TYPE_SCORE_STANDING);
  gtk_flow_box_bind_model (self->ranking_box, G_LIST_MODEL (self->players), create_rank_card,
                           NULL, NULL);
  g_signal_connect_object (self->players, "items-changed", G_CALLBACK (players_changed_cb), self,
                           0);
}
