/* pen-wizards-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-rival-panel.h"
#include "pen-show.h"
#include "pen-wizard-board.h"
#include "pen-wizards-page.h"
#include "pen-score-unknown.h"
#include "pen-widget-utils.h"

struct _PenWizardsPage
{
  PenSection  parent_instance;

  GtkFlowBox        *boards_box;
  guint              scrolled_for;   /* the wizard whose turn the page last scrolled to */
  guint              scroll_tick;
  guint              scroll_tries;   /* frames waited for the boards to be laid out */
  gboolean           scroll_pending; /* scrolled_for's board is still to bring into view */

};

G_DEFINE_FINAL_TYPE (PenWizardsPage, pen_wizards_page, PEN_TYPE_SECTION)

static GtkWidget *
create_board (gpointer item,
              gpointer user_data)
{
  PenWizardsPage *self = user_data;
  PenTable *table = pen_section_get_table (PEN_SECTION (self));
  PenWizardBoard *board = pen_wizard_board_new ();
  GListModel *players = pen_table_get_players (table);
  guint index = 0;

  /* the board's index in the turn order is the wizard's id in actions */
  for (guint i = 0; i < g_list_model_get_n_items (players); i++)
    {
      g_autoptr(PenWizard) w = g_list_model_get_item (players, i);
      if (w == item)
        index = i;
    }
  pen_wizard_board_set_wizard (board, table, item, index);
  /* the board's dialogs (Place in a location) read the game */
  pen_section_set_game (PEN_SECTION (board), pen_section_get_game (PEN_SECTION (self)));
  pen_section_forward (PEN_SECTION (self), PEN_SECTION (board));
  return GTK_WIDGET (board);
}

/* The board of the wizard whose turn it is comes into view when their turn comes (with four
 * players at a phone's height the others' boards push it below the fold); the page is left
 * where the user scrolled it for the rest of the turn. At once, not animated: nothing to fight
 * a finger already on the glass; and the focus is left alone. Done at the next frame, when the
 * boards have a place: a page shown for the first time is laid out in that frame, and the tick
 * waits one more. */
static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  PenWizardsPage *self = PEN_WIZARDS_PAGE (widget);
  GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index (self->boards_box,
                                                            (int) self->scrolled_for);
  /* the page's child (its template's) */
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (adw_bin_get_child (ADW_BIN (self)));
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (scroller);
  GtkWidget *content = gtk_scrolled_window_get_child (scroller);
  graphene_point_t at;
  double top, height;

  /* the viewport's own coordinates are scrolled already: the board's place on the page is
   * in its child's (measured in the viewport, the page went to the wrong board as soon as it
   * had scrolled at all: play finding R17) */
  if (GTK_IS_VIEWPORT (content))
    content = gtk_viewport_get_child (GTK_VIEWPORT (content));
  if (!gtk_widget_get_mapped (widget))
    {
      /* hidden meanwhile: done when it is shown (map) */
      self->scroll_tick = 0;
      return G_SOURCE_REMOVE;
    }
  height = child != NULL ? gtk_widget_get_height (GTK_WIDGET (child)) : 0;
  if (child == NULL || content == NULL || height == 0
      || gtk_adjustment_get_page_size (adj) == 0
      || !gtk_widget_compute_point (GTK_WIDGET (child), content, &GRAPHENE_POINT_INIT (0, 0),
                                    &at))
    {
      /* not laid out yet: a few frames more, no more (the boards may never come) */
      if (++self->scroll_tries < 10)
        return G_SOURCE_CONTINUE;
      self->scroll_pending = FALSE;
      self->scroll_tick = 0;
      return G_SOURCE_REMOVE;
    }
  self->scroll_pending = FALSE;
  self->scroll_tick = 0;
  top = at.y;
  /* the board's top at the top of the view, or as far as it goes; a board in view (all of
   * it, or one taller than the view filling it but for a margin) stays */
  if (top < gtk_adjustment_get_value (adj)
      || top + MIN (height, gtk_adjustment_get_page_size (adj) - 24)
         > gtk_adjustment_get_value (adj) + gtk_adjustment_get_page_size (adj))
    gtk_adjustment_set_value (adj, MAX (top - 12, 0));
  return G_SOURCE_REMOVE;
}

static void
queue_scroll (PenWizardsPage *self)
{
  self->scroll_tries = 0;
  if (self->scroll_pending && self->scroll_tick == 0
      && gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_tick_cb, NULL,
                                                      NULL);
}

/* How many boards stand side by side on a page width wide (a board reads well from about
 * 560 px) */
static guint
boards_per_line (int width)
{
  return CLAMP (width / 560, 1, 4);
}

/* per_line boards a line; boards side by side are as tall as each other (a grid), one a line
 * each is as tall as it is: the tallest board's height given to every board left a ~130 px
 * empty band under the shorter boards' Cards at 360 px (play finding E8, session 14) */
static void
set_per_line (PenWizardsPage *self,
              guint           per_line)
{
  if (gtk_flow_box_get_min_children_per_line (self->boards_box) != per_line)
    gtk_flow_box_set_min_children_per_line (self->boards_box, per_line);
  if (gtk_flow_box_get_homogeneous (self->boards_box) != (per_line > 1))
    gtk_flow_box_set_homogeneous (self->boards_box, per_line > 1);
}

/* A turn passed while the page was hidden: its board comes into view as the page is shown.
 * The boards per line are set for the width the page is shown at before it is first measured:
 * a hidden page is not laid out, and one last laid out at 1280 px asked a window narrowed to
 * 360 px meanwhile for two boards' width, and the window grew to 690 px (play finding W5) */
static void
pen_wizards_page_map (GtkWidget *widget)
{
  PenWizardsPage *self = PEN_WIZARDS_PAGE (widget);
  GtkWidget *parent = gtk_widget_get_parent (widget);
  int width = parent != NULL ? gtk_widget_get_width (parent) : 0;

  if (width > 0)
    set_per_line (self, boards_per_line (width));
  GTK_WIDGET_CLASS (pen_wizards_page_parent_class)->map (widget);
  queue_scroll (self);
}

static void
pen_wizards_page_position_changed (PenSection *section)
{
  PenWizardsPage *self = PEN_WIZARDS_PAGE (section);
  PenTable *table;
  PenScoreSheet *sheet;
  GtkWidget *child;
  guint i = 0;

  if ((table = pen_section_get_table (PEN_SECTION (self))) == NULL)
    return;
  if (pen_table_get_current (table) != self->scrolled_for)
    {
      self->scrolled_for = pen_table_get_current (table);
      self->scroll_pending = TRUE;
      queue_scroll (self);
    }
  sheet = pen_show_score (table);
  for (child = gtk_widget_get_first_child (GTK_WIDGET (self->boards_box)); child != NULL;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      GtkWidget *flow_child = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      PenWizardBoard *board = PEN_WIZARD_BOARD (flow_child);
      g_autofree char *turn = NULL;
      int score = 0;

      if (i < sheet->results->len)
        score = ((PenScoreResult *) g_ptr_array_index (sheet->results, i))->total;
      if (i == pen_table_get_current (table) && pen_table_get_phase (table) != PEN_PHASE_ENDED)
        {
          PenTurnKind kind = pen_table_get_turn_kind (table);
          int left = pen_table_get_placements_left (table);

          if (kind == PEN_TURN_STUDY)
            turn = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Study · %d placement left",
                                                 "Study · %d placements left", left), left);
          else if (kind == PEN_TURN_NONE)
            turn = g_strdup (_("Their turn"));
          else
            turn = g_strdup (pen_turn_kind_get_label (kind));
        }
      pen_wizard_board_set_status (board, turn, score);
      /* a card's points not typed in yet: the score says so, never a plain 0 (finding Y6) */
      if (pen_score_unknown_wizard_has (table, i))
        {
          g_autofree char *points = pen_score_unknown_format_points (score, TRUE);

          pen_wizard_board_set_score_label (board, points);
        }
    }
  pen_score_sheet_free (sheet);
}

static void
pen_wizards_page_game_set (PenSection *section,
                           PenGame    *game)
{
  PenWizardsPage *self = PEN_WIZARDS_PAGE (section);

  /* another game: its current wizard's board comes into view, whoever it is */
  self->scrolled_for = G_MAXUINT;
  if (game == NULL)
    gtk_flow_box_bind_model (self->boards_box, NULL, NULL, NULL, NULL);
  else
    gtk_flow_box_bind_model (self->boards_box, pen_table_get_players (pen_game_get_table (game)),
                             create_board, self, NULL);
}

PenGame *
pen_wizards_page_get_game (PenWizardsPage *self)
{
  return pen_section_get_game (PEN_SECTION (self));
}

void
pen_wizards_page_set_game (PenWizardsPage *self,
                           PenGame        *game)
{
  pen_section_set_game (PEN_SECTION (self), game);
}

static void
pen_wizards_page_dispose (GObject *object)
{
  PenWizardsPage *self = PEN_WIZARDS_PAGE (object);

  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick);
  self->scroll_tick = 0;
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_WIZARDS_PAGE);

  G_OBJECT_CLASS (pen_wizards_page_parent_class)->dispose (object);
}



/* Boards side by side when there is room for them (boards_per_line ()):
 * GtkFlowBox alone places by natural width, which puts one board per line even on wide
 * screens. The page lays its child out itself for that (no layout manager). */
static void
pen_wizards_page_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  *minimum = *natural = 0;
  if (child != NULL)
    gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline,
                        natural_baseline);
}

static void
pen_wizards_page_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  PenWizardsPage *self = PEN_WIZARDS_PAGE (widget);
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));
  set_per_line (self, boards_per_line (width));
  if (child != NULL)
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

static void
pen_wizards_page_class_init (PenWizardsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  section_class->game_set = pen_wizards_page_game_set;
  section_class->position_changed = pen_wizards_page_position_changed;
  object_class->dispose = pen_wizards_page_dispose;
  widget_class->map = pen_wizards_page_map;
  widget_class->measure = pen_wizards_page_measure;
  widget_class->size_allocate = pen_wizards_page_size_allocate;


  /* the solo Rival's turn, above the boards (pen-rival-panel.h) */
  g_type_ensure (PEN_TYPE_RIVAL_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-wizards-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PenWizardsPage, boards_box);
  gtk_widget_class_bind_template_callback (widget_class, pen_section_submit);
}

static void
pen_wizards_page_init (PenWizardsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_widget_keep_scroll_still (GTK_WIDGET (self));
  self->scrolled_for = G_MAXUINT;
  /* measure and size_allocate below lay the child out */
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
}
