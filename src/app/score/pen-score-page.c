/* pen-score-page.c
 *
 * The Score page: during the game the score as the table stands, at the end the final sheet,
 * and the archive of finished games. The page composes its sections (pen-score-*.c): the sheet
 * (ranking, chart and one group per player, views of one list model), the numbers to type in,
 * the exports and the archive; it computes the sheet when the game moves and keeps the end of
 * a game in the archive.
 *
 * Changes go through actions like everywhere else: the points of a Goal entered by hand are a
 * "goal-vp" action, so undo takes them back. The numbers typed in for cards the rulebook does
 * not print are the user's catalogue (pen_catalog_set_user_value), not part of the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-archive.h"
#include "pen-board-layout.h"
#include "pen-box.h"
#include "pen-catalog.h"
#include "pen-end-form.h"
#include "pen-end-sheet.h"
#include "pen-score-archive.h"
#include "pen-score-export.h"
#include "pen-score-form.h"
#include "pen-score-page.h"
#include "pen-score-sheet-view.h"
#include "pen-score-standing.h"
#include "pen-score-unknown.h"
#include "pen-show.h"
#include "pen-widget-utils.h"

struct _PenScorePage
{
  PenSection         parent_instance;

  GtkStack          *stack;
  GtkStack          *sheet_stack;
  PenEndSheet       *end_sheet;      /* the printed numbers still unknown, before the score */
  GtkWidget         *final_list;
  GtkImage          *archive_icon;
  GtkLabel          *archive_title;
  GtkLabel          *archive_subtitle;
  GtkButton         *archive_button;
  PenScoreSheetView *sheet_view;
  PenScoreUnknown   *unknown;
  PenScoreExport    *export;
  PenScoreArchive   *archive;

  PenScoreShared    *shared;         /* the sheet shown */
  PenScoreForm      *form;           /* what is being typed in */
  GHashTable        *expanded;       /* the keys of the open expanders */
  gboolean           end_sheet_done;
  gboolean           force;          /* the catalogue changed: every row again */
  PenPhase           last_phase;
  gulong             catalog_handler;
  gulong             layout_handler;
  gboolean           archived;       /* the sheet shown is in the archive */
};

G_DEFINE_FINAL_TYPE (PenScorePage, pen_score_page, PEN_TYPE_SECTION)

static const PenScoreSheet *
get_sheet (PenScorePage *self)
{
  return self->shared ? pen_score_shared_get_sheet (self->shared) : NULL;
}

static char *
save_path (PenScorePage *self)
{
  PenGame *game = pen_section_get_game (PEN_SECTION (self));
  GFile *file = game ? pen_game_get_file (game) : NULL;

  return file ? g_file_get_path (file) : NULL;
}

/* ---- what is typed in ---- */

static void
goal_vp_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  const char *goal;
  int wizard, vp;

  g_variant_get (param, "(i&si)", &wizard, &goal, &vp);
  pen_section_submit_new (PEN_SECTION (widget), pen_action_new_goal_vp (wizard, goal, vp));
}

/* the catalogue's items-changed refreshes the page */
static void
card_vp_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  g_autoptr(GError) error = NULL;
  const char *card;
  int vp;

  g_variant_get (param, "(&si)", &card, &vp);
  if (!pen_catalog_set_user_int (pen_catalog_get_default (), card, "vp", vp, &error))
    pen_widget_toast (widget, error->message);
}

static void
symbols_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  PenScorePage *self = PEN_SCORE_PAGE (widget);
  const char *card = g_variant_get_string (param, NULL);
  g_autoptr(GError) error = NULL;

  if (!pen_score_form_save_symbols (self->form, pen_catalog_get_default (), card, &error))
    pen_widget_toast (GTK_WIDGET (self), error->message);
}

static void
cell_vp_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  g_autoptr(GError) error = NULL;
  guint cell;
  int vp;

  g_variant_get (param, "(ui)", &cell, &vp);
  if (!pen_board_layout_set_user_int (pen_board_layout_get_default (), cell, "vp", vp, &error))
    pen_widget_toast (widget, error->message);
}

static void
catalog_changed_cb (PenScorePage *self)
{
  self->force = TRUE;
  pen_section_queue_refresh (PEN_SECTION (self));
}

/* ---- the archive ---- */

/* The solo Rival's seat (the sheet lists the players in seat order), or -1 */
static int
rival_seat (PenScorePage *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));

  for (guint w = 0; table != NULL && w < pen_table_get_n_players (table); w++)
    if (pen_wizard_get_rival (pen_table_get_wizard (table, w)))
      return (int) w;
  return -1;
}

static void
update_archive_state (PenScorePage *self)
{
  GtkWidget *button = GTK_WIDGET (self->archive_button);

  gtk_label_set_label (self->archive_title, self->archived ? _("Kept in the Archive")
                                                          : _("Not in the Archive"));
  gtk_label_set_label (self->archive_subtitle,
                       self->archived ? _("This sheet is saved with the finished games")
                                      : _("Keep this sheet with the finished games"));
  gtk_image_set_from_icon_name (self->archive_icon, self->archived ? "emblem-ok-symbolic"
                                                                   : "document-save-symbolic");
  gtk_button_set_label (self->archive_button, self->archived ? _("Show _Archive")
                                                             : _("_Archive"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), self->archived ? "score.show-archive"
                                                                          : "score.archive");
  if (self->archived)
    gtk_widget_remove_css_class (button, "suggested-action");
  else
    gtk_widget_add_css_class (button, "suggested-action");
}

static gboolean
archive_sheet (PenScorePage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenArchiveEntry) entry = NULL;
  g_autofree char *path = save_path (self);

  if (get_sheet (self) == NULL)
    return FALSE;
  entry = pen_archive_add_game (pen_score_archive_get_dir (self->archive), NULL,
                                get_sheet (self), rival_seat (self), path, &error);
  if (entry == NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("The game could not be archived: %s"),
                                              error->message);
      pen_widget_toast (GTK_WIDGET (self), msg);
      return FALSE;
    }
  self->archived = TRUE;
  update_archive_state (self);
  pen_score_archive_reload (self->archive);
  return TRUE;
}

static void
stack_changed_cb (PenScorePage *self)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "archive") == 0)
    pen_score_archive_reload (self->archive);
}

static void
archive_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  archive_sheet (PEN_SCORE_PAGE (widget));
}

static void
show_archive_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *param)
{
  gtk_stack_set_visible_child_name (PEN_SCORE_PAGE (widget)->stack, "archive");
}

/* ---- the sheet ---- */

/* The Goals in play whose points are typed in */
static GStrv
goals_by_hand (PenTable *table)
{
  g_autoptr(PenScoreRules) rules = pen_score_rules_new_default ();
  g_autoptr(GStrvBuilder) goals = g_strv_builder_new ();
  GListModel *in_play = pen_table_get_in_play (table);

  for (guint i = 0; i < g_list_model_get_n_items (in_play); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (in_play, i);
      const char *id = pen_table_card_get_card_id (tc);
      const PenScoreGoalRule *rule = pen_score_rules_get_goal (rules, id);

      if (g_strcmp0 (pen_table_card_get_zone (tc), "goal") == 0
          && (rule == NULL || !rule->computed))
        g_strv_builder_add (goals, id);
    }
  return g_strv_builder_end (goals);
}

/* The end sheet answered (or the game found in the archive): the final score is shown, and
 * the game says so to the other pages (the Table page's banner says who won) */
static void
set_end_sheet_done (PenScorePage *self,
                    gboolean      done)
{
  PenGame *game = pen_section_get_game (PEN_SECTION (self));

  self->end_sheet_done = done;
  if (game != NULL)
    pen_game_set_final_score_shown (game, done);
}

static void
pen_score_page_position_changed (PenSection *section)
{
  PenScorePage *self = PEN_SCORE_PAGE (section);
  PenTable *table = pen_section_get_table (section);
  g_autoptr(GPtrArray) unknown = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) goals = NULL;
  PenScoreInput *input;
  PenPhase phase;

  g_clear_pointer (&self->shared, pen_score_shared_unref);
  if (table == NULL)
    {
      gtk_stack_set_visible_child_name (self->sheet_stack, "empty");
      pen_score_sheet_view_clear (self->sheet_view);
      pen_score_export_set_sheet (self->export, NULL, NULL);
      return;
    }
  gtk_stack_set_visible_child_name (self->sheet_stack, "sheet");

  input = pen_show_score_input (table, unknown);
  self->shared = pen_score_shared_new (pen_score_compute (input));
  pen_score_input_free (input);
  phase = pen_table_get_phase (table);
  /* the game is over: first the numbers still unknown, all players' at once, then the score */
  if (phase != PEN_PHASE_ENDED)
    set_end_sheet_done (self, FALSE);
  else if (!self->end_sheet_done)
    {
      g_autoptr(PenEndForm) missing = pen_end_form_new ();

      pen_section_set_game (PEN_SECTION (self->end_sheet), pen_section_get_game (section));
      pen_end_form_update (missing, table);
      if (pen_end_form_get_n_items (missing) > 0)
        gtk_stack_set_visible_child_name (self->sheet_stack, "missing");
    }

  /* only the players whose rows show something else are made again (a die flip: none) */
  if (self->force)
    pen_score_sheet_view_clear (self->sheet_view);
  goals = goals_by_hand (table);
  pen_score_sheet_view_show (self->sheet_view, self->shared, table, goals, self->expanded);
  pen_score_unknown_show (self->unknown, table, unknown, self->form, self->force);
  pen_score_export_set_sheet (self->export, get_sheet (self), GTK_WIDGET (self->sheet_view));
  self->force = FALSE;

  /* the end of the game: keep its sheet, once */
  if (phase == PEN_PHASE_ENDED)
    {
      g_autofree char *path = save_path (self);

      GFile *dir = pen_score_archive_get_dir (self->archive);

      self->archived = pen_archive_contains_game (dir, get_sheet (self), rival_seat (self), path);
      /* kept at its end; a correction of a game the archive holds replaces its entry, so the
       * archive holds each game once and always as it stands */
      if (!self->archived && self->last_phase != PEN_PHASE_ENDED)
        archive_sheet (self);
      else if (!self->archived && path != NULL)
        {
          g_autoptr(PenArchiveEntry) kept = pen_archive_find_game (dir, path);

          if (kept != NULL)
            archive_sheet (self);
        }
      update_archive_state (self);
    }
  gtk_widget_set_visible (self->final_list, phase == PEN_PHASE_ENDED);
  self->last_phase = phase;
}

/* ---- the object ---- */

gboolean
pen_score_page_export_csv (PenScorePage *self,
                           GFile        *file,
                           GError      **error)
{
  g_return_val_if_fail (PEN_IS_SCORE_PAGE (self), FALSE);

  return pen_score_export_csv (self->export, file, error);
}

gboolean
pen_score_page_export_png (PenScorePage *self,
                           GFile        *file,
                           GError      **error)
{
  g_return_val_if_fail (PEN_IS_SCORE_PAGE (self), FALSE);

  return pen_score_export_png (self->export, file, error);
}

const PenScoreSheet *
pen_score_page_get_sheet (PenScorePage *self)
{
  g_return_val_if_fail (PEN_IS_SCORE_PAGE (self), NULL);

  return get_sheet (self);
}

void
pen_score_page_set_archive_dir (PenScorePage *self,
                                GFile        *dir)
{
  g_return_if_fail (PEN_IS_SCORE_PAGE (self));

  pen_score_archive_set_dir (self->archive, dir);
}

/* The end of the game is archived when it comes, whether the page is in view or not */
static void
position_cb (PenScorePage *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));

  if (table != NULL && pen_section_get_stale (PEN_SECTION (self))
      && pen_table_get_phase (table) == PEN_PHASE_ENDED && self->last_phase != PEN_PHASE_ENDED)
    pen_score_page_position_changed (PEN_SECTION (self));
}

static void
pen_score_page_game_set (PenSection *section,
                         PenGame    *game)
{
  PenScorePage *self = PEN_SCORE_PAGE (section);

  g_hash_table_remove_all (self->expanded);
  self->force = TRUE;
  /* a game opened after its end is not archived again by opening it */
  self->last_phase = game ? pen_table_get_phase (pen_game_get_table (game)) : PEN_PHASE_PLAYING;
  /* and one the archive holds was scored already: it opens to its final score */
  self->end_sheet_done = FALSE;
  if (game != NULL && self->last_phase == PEN_PHASE_ENDED)
    {
      g_autofree char *path = save_path (self);
      g_autoptr(PenArchiveEntry) kept = NULL;

      kept = path ? pen_archive_find_game (pen_score_archive_get_dir (self->archive), path)
                  : NULL;
      set_end_sheet_done (self, kept != NULL);
    }
  if (game != NULL)
    g_signal_connect_object (game, "notify::position", G_CALLBACK (position_cb), self,
                             G_CONNECT_SWAPPED);
}

PenGame *
pen_score_page_get_game (PenScorePage *self)
{
  return pen_section_get_game (PEN_SECTION (self));
}

void
pen_score_page_set_game (PenScorePage *self,
                         PenGame      *game)
{
  pen_section_set_game (PEN_SECTION (self), game);
}

static void
pen_score_page_dispose (GObject *object)
{
  PenScorePage *self = PEN_SCORE_PAGE (object);

  g_clear_signal_handler (&self->catalog_handler, pen_catalog_get_default ());
  g_clear_signal_handler (&self->layout_handler, pen_board_layout_get_default ());
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_SCORE_PAGE);
  g_clear_pointer (&self->shared, pen_score_shared_unref);

  G_OBJECT_CLASS (pen_score_page_parent_class)->dispose (object);
}

static void
pen_score_page_finalize (GObject *object)
{
  PenScorePage *self = PEN_SCORE_PAGE (object);

  g_clear_object (&self->form);
  g_clear_pointer (&self->expanded, g_hash_table_unref);

  G_OBJECT_CLASS (pen_score_page_parent_class)->finalize (object);
}

static void
end_sheet_done_cb (PenScorePage *self)
{
  set_end_sheet_done (self, TRUE);
  gtk_stack_set_visible_child_name (self->sheet_stack, "sheet");
}

static void
pen_score_page_class_init (PenScorePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  section_class->game_set = pen_score_page_game_set;
  section_class->position_changed = pen_score_page_position_changed;
  object_class->dispose = pen_score_page_dispose;
  object_class->finalize = pen_score_page_finalize;

  g_type_ensure (PEN_TYPE_END_SHEET);
  g_type_ensure (PEN_TYPE_SCORE_ARCHIVE);
  g_type_ensure (PEN_TYPE_SCORE_EXPORT);
  g_type_ensure (PEN_TYPE_SCORE_SHEET_VIEW);
  g_type_ensure (PEN_TYPE_SCORE_UNKNOWN);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-score-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, stack);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, sheet_stack);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, end_sheet);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, final_list);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, archive_icon);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, archive_title);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, archive_subtitle);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, archive_button);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, sheet_view);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, unknown);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, export);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, archive);
  gtk_widget_class_bind_template_callback (widget_class, stack_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, end_sheet_done_cb);

  /* (wizard, goal id, points); points below 0 clear them */
  gtk_widget_class_install_action (widget_class, "score.goal-vp", "(isi)", goal_vp_activated);
  /* (card id, points): the card's printed victory points, to the user catalogue */
  gtk_widget_class_install_action (widget_class, "score.card-vp", "(si)", card_vp_activated);
  /* card id: the symbols counted in the form, to the user catalogue */
  gtk_widget_class_install_action (widget_class, "score.symbols", "s", symbols_activated);
  /* (cell, points): the points printed under a board cell, to the user's board layout */
  gtk_widget_class_install_action (widget_class, "score.cell-vp", "(ui)", cell_vp_activated);
  gtk_widget_class_install_action (widget_class, "score.archive", NULL, archive_activated);
  gtk_widget_class_install_action (widget_class, "score.show-archive", NULL,
                                   show_archive_activated);
}

static void
pen_score_page_init (PenScorePage *self)
{
  self->expanded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->form = pen_score_form_new ();
  self->last_phase = PEN_PHASE_PLAYING;
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_widget_keep_scroll_still (GTK_WIDGET (self));
  pen_section_forward (PEN_SECTION (self), PEN_SECTION (self->end_sheet));
  /* disconnected in dispose: the catalogue outlives the page */
  self->catalog_handler = g_signal_connect_swapped (pen_catalog_get_default (), "items-changed",
                                                    G_CALLBACK (catalog_changed_cb), self);
  self->layout_handler = g_signal_connect_swapped (pen_board_layout_get_default (), "changed",
                                                   G_CALLBACK (catalog_changed_cb), self);
  pen_section_queue_refresh (PEN_SECTION (self));
}
