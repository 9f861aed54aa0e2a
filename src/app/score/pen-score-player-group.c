/* pen-score-player-group.c
 *
 * One expandable row per scoring category in the rulebook's order, listing the items that
 * earned the points and the cards behind them; the categories without a single item share one
 * "No points yet" row; the Board lists every Mark with its cell; the Goals whose condition the
 * rulebook does not state take their points typed in; hints tell what one more symbol adds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-board-layout.h"
#include "pen-score-expander.h"
#include "pen-score-player-group.h"
#include "pen-score-unknown.h"
#include "pen-score-row.h"
#include "pen-score-value-row.h"

struct _PenScorePlayerGroup
{
  AdwPreferencesGroup  parent_instance;

  GtkLabel            *total_label;
};

G_DEFINE_FINAL_TYPE (PenScorePlayerGroup, pen_score_player_group, ADW_TYPE_PREFERENCES_GROUP)

static GtkWidget *
item_row (const PenScoreItem *item)
{
  /* "Goldeater, Lost Hut ×2"; a Trial or Contract item: its card's name */
  g_autofree char *from = pen_score_item_describe_sources (item);
  g_autofree char *subtitle = NULL;

  if (from != NULL)
    /* Translators: the cards behind a score item */
    subtitle = g_strdup_printf (_("From %s"), from);
  return pen_score_row_new (item->text, subtitle, item->points, item->open);
}

static int
compare_hints (gconstpointer a,
               gconstpointer b)
{
  const PenScoreHint *x = *(PenScoreHint * const *) a;
  const PenScoreHint *y = *(PenScoreHint * const *) b;

  return y->gain - x->gain;
}

static char *
category_summary (const PenScoreResult *result,
                  PenScoreCategory      category,
                  guint                 n_items)
{
  if (category == PEN_SCORE_EXPERIENCE && result->sets_of_six > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u set of six symbols",
                                         "%u sets of six symbols", result->sets_of_six),
                            result->sets_of_six);
  if (category == PEN_SCORE_FATE)
    return g_strdup_printf (_("Light %u, Darkness %u"), result->light, result->dark);
  if (n_items == 0)
    return g_strdup (_("Nothing yet"));
  return NULL;
}

/* The Board's points, Mark by Mark: the figure printed under each cell that holds one */
static void
add_board_rows (AdwExpanderRow *expander,
                PenWizard      *w)
{
  GListModel *marks = pen_wizard_get_marks (w);
  PenBoardLayout *layout = pen_board_layout_get_default ();

  for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
      guint cell = pen_mark_get_cell (mark);
      int vp = pen_board_layout_get_vp (layout, cell);
      /* Translators: a Mark's name, then its cell: "Ruby Mark, cell 2" */
      g_autofree char *title = g_strdup_printf (_("%s, cell %u"),
                                                pen_mark_kind_get_mark_name (
                                                  pen_mark_get_kind (mark)),
                                                cell + 1);
      GtkWidget *row = pen_score_row_new (title, vp < 0 ? _("The points under this cell are not "
                                                            "typed in yet; they count 0")
                                                        : NULL,
                                          MAX (vp, 0), FALSE);

      pen_score_row_set_unknown (PEN_SCORE_ROW (row), vp < 0);
      adw_expander_row_add_row (expander, row);
    }
}

static GtkWidget *
goal_entry_row (PenWizard  *w,
                guint       wizard,
                const char *goal)
{
  g_autofree char *title = g_strdup_printf (_("%s: points entered by hand"),
                                            pen_score_goal_get_label (goal));
  g_autofree char *name = g_strdup_printf ("goal-%s-%u", goal, wizard);
  GtkWidget *row = pen_score_value_row_new (PEN_SCORE_FIELD_GOAL, goal, wizard, title);
  int vp;

  if (pen_wizard_get_goal_vp (w, goal, &vp))
    {
      g_autofree char *text = g_strdup_printf ("%d", vp);
      gtk_editable_set_text (GTK_EDITABLE (row), text);
    }
  gtk_widget_set_tooltip_text (row, _("The rulebook does not state this Goal’s condition: type "
                                      "in the points it gives; leave empty to clear them"));
  gtk_widget_set_name (row, name);
  return row;
}

static void
add_hints (PenScorePlayerGroup  *self,
           PenScoreStanding     *standing,
           const PenScoreResult *result)
{
  g_autoptr(GPtrArray) hints = g_ptr_array_new ();
  g_autofree char *key = g_strdup_printf ("%u:hints", pen_score_standing_get_wizard (standing));
  const PenScoreHint *best;
  GtkWidget *row;

  for (guint i = 0; i < result->hints->len; i++)
    {
      PenScoreHint *hint = g_ptr_array_index (result->hints, i);
      if (hint->gain > 0)
        g_ptr_array_add (hints, hint);
    }
  if (hints->len == 0)
    return;
  g_ptr_array_sort (hints, compare_hints);
  best = g_ptr_array_index (hints, 0);
  row = pen_score_expander_new (key, pen_score_standing_get_expanded (standing), _("Hints"),
                                best->text);
  adw_expander_row_set_icon_name (ADW_EXPANDER_ROW (row), "dialog-information-symbolic");
  for (guint i = 0; i < hints->len; i++)
    {
      const PenScoreHint *hint = g_ptr_array_index (hints, i);

      adw_expander_row_add_row (ADW_EXPANDER_ROW (row),
                                pen_score_row_new (hint->text,
                                                   hint->completes_set
                                                   ? _("Completes a set of six") : NULL,
                                                   hint->gain, hint->open));
    }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
}

static void
fill (PenScorePlayerGroup *self,
      PenScoreStanding    *standing)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (self);
  const PenScoreResult *result = pen_score_standing_get_result (standing);
  guint wizard = pen_score_standing_get_wizard (standing);
  const char * const *goals = pen_score_standing_get_goals (standing);
  PenWizard *w = pen_table_get_wizard (pen_score_standing_get_table (standing), wizard);
  guint n_marks = g_list_model_get_n_items (pen_wizard_get_marks (w));
  g_autoptr(GPtrArray) empty = g_ptr_array_new ();
  gboolean unknown = pen_score_unknown_wizard_has (pen_score_standing_get_table (standing),
                                                   wizard);
  g_autofree char *total = pen_score_unknown_format_total (result->total, unknown);
  g_autofree char *points = pen_score_unknown_format_points (result->total, unknown);
  g_autofree char *description = NULL;

  /* Translators: "Place 2, tied · 11 points" */
  if (!pen_score_standing_get_place_known (standing))
    /* Translators: a place that unknown points may still change, neither a rank nor a tie
     * known yet: "Place 1 for now · 3 points + unknown" (play finding B8) */
    description = g_strdup_printf (_("Place %u for now · %s"), result->place, points);
  else
    description = pen_score_standing_get_tied (standing)
                  ? g_strdup_printf (_("Place %u, tied · %s"), result->place, points)
                  : g_strdup_printf (_("Place %u · %s"), result->place, points);
  adw_preferences_group_set_title (group, result->display_name);
  adw_preferences_group_set_description (group, description);
  gtk_label_set_label (self->total_label, total);

  for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
    {
      g_autofree char *key = g_strdup_printf ("%u:%u", wizard, c);
      g_autofree char *summary = NULL;
      GtkWidget *row;
      guint n_items = 0;
      gboolean open = FALSE;

      for (guint i = 0; i < result->items->len; i++)
        {
          const PenScoreItem *item = g_ptr_array_index (result->items, i);
          if (item->category == c)
            {
              n_items++;
              open |= item->open;
            }
        }
      if (n_items == 0 && result->points[c] == 0
          && (c != PEN_SCORE_GOALS || goals[0] == NULL)
          && (c != PEN_SCORE_BOARD || n_marks == 0))
        {
          g_ptr_array_add (empty, (gpointer) pen_score_category_get_label (c));
          continue;
        }
      summary = category_summary (result, c, n_items);
      row = pen_score_expander_new (key, pen_score_standing_get_expanded (standing),
                                    pen_score_category_get_label (c), summary);
      g_object_set (row, "points", result->points[c], "show-points", TRUE, "open", open, NULL);
      for (guint i = 0; i < result->items->len; i++)
        {
          const PenScoreItem *item = g_ptr_array_index (result->items, i);
          if (item->category == c)
            adw_expander_row_add_row (ADW_EXPANDER_ROW (row), item_row (item));
        }
      if (c == PEN_SCORE_BOARD && n_marks > 0)
        {
          g_autofree char *marks = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                 "%u Mark on the board",
                                                                 "%u Marks on the board",
                                                                 n_marks), n_marks);
          adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), marks);
          add_board_rows (ADW_EXPANDER_ROW (row), w);
        }
      if (c == PEN_SCORE_GOALS)
        for (guint g = 0; goals[g] != NULL; g++)
          adw_expander_row_add_row (ADW_EXPANDER_ROW (row), goal_entry_row (w, wizard, goals[g]));
      adw_preferences_group_add (group, row);
    }
  if (empty->len > 0)
    {
      /* the categories without a single item share one row, to keep the sheet short */
      g_autofree char *list = NULL;
      GtkWidget *row;

      g_ptr_array_add (empty, NULL);
      list = g_strjoinv (", ", (char **) empty->pdata);
      row = pen_score_row_new (_("No points yet"), list, 0, FALSE);
      gtk_widget_add_css_class (row, "dim-label");
      adw_preferences_group_add (group, row);
    }
  /* what one more symbol would add is no use once the game is over (nor in its export) */
  if (pen_table_get_phase (pen_score_standing_get_table (standing)) != PEN_PHASE_ENDED)
    add_hints (self, standing, result);
}

GtkWidget *
pen_score_player_group_new (PenScoreStanding *standing)
{
  PenScorePlayerGroup *self = g_object_new (PEN_TYPE_SCORE_PLAYER_GROUP, NULL);

  fill (self, standing);
  return GTK_WIDGET (self);
}

static void
pen_score_player_group_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_SCORE_PLAYER_GROUP);

  G_OBJECT_CLASS (pen_score_player_group_parent_class)->dispose (object);
}

static void
pen_score_player_group_class_init (PenScorePlayerGroupClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pen_score_player_group_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-score-player-group.ui");
  gtk_widget_class_bind_template_child (widget_class, PenScorePlayerGroup, total_label);
}

static void
pen_score_player_group_init (PenScorePlayerGroup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
