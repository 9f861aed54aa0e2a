/* pen-table-page.c: the shared table — whose turn, the turn controls, the trial and contract
 * rows, the Fate deck, prophecies, goals, events and markets — and the guided recount
 *
 * The page is a composition of sections (each a PenSection with its template beside it); it
 * passes them the game and reports what they submit. Every tap becomes one typed action sent
 * with "submit"; each section shows what changed when the game's position changes (apply,
 * undo, redo), and one out of view waits until it is shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-begin-trial-dialog.h"
#include "pen-event-panel.h"
#include "pen-fate-news.h"
#include "pen-fate-section.h"
#include "pen-guild-section.h"
#include "pen-in-play-section.h"
#include "pen-keep-height.h"
#include "pen-markets-section.h"
#include "pen-placed-section.h"
#include "pen-phase-banner.h"
#include "pen-recount-window.h"
#include "pen-reserved-section.h"
#include "pen-rest-panel.h"
#include "pen-rival-panel.h"
#include "pen-table-page.h"
#include "pen-trial-panel.h"
#include "pen-trials-section.h"
#include "pen-turn-banner.h"
#include "pen-turn-controls.h"
#include "pen-unnamed-cards.h"
#include "pen-widget-utils.h"

struct _PenTablePage
{
  PenSection        parent_instance;

  GtkFlowBox       *columns;
  PenKeepHeight    *turn_keeper;
  PenTurnBanner    *turn_banner;
  PenFateNews      *fate_news;
  PenTurnControls  *turn_controls;
  GtkWidget        *event_panel;

  GtkWindow        *recount;      /* the recount while it is open */
  GtkWindow        *begin_form;   /* the "Begin this Trial" form while it is open */
  int               shown_turn;   /* the turn the page last showed, -1 before a game */
};

G_DEFINE_FINAL_TYPE (PenTablePage, pen_table_page, PEN_TYPE_SECTION)

static void
close_windows (PenTablePage *self)
{
  if (self->recount != NULL)
    gtk_window_destroy (self->recount);
  if (self->begin_form != NULL)
    gtk_window_destroy (self->begin_form);
}

static void
pen_table_page_game_set (PenSection *section,
                         PenGame    *game)
{
  close_windows (PEN_TABLE_PAGE (section));
}

/* The turn keeps its height through the turn, and while an Event is shown: once it is gone
 * (applied, or the next step after Done), the sections below come back up rather than sit
 * under an empty space until the next turn (play finding X5). A Trial begun or over also
 * starts afresh, or the Trial panel's height stays above the Trials row (P2), and so does the
 * Fate news going (the turn started, or the next step): it stood above the turn's buttons and
 * left its ~130 px empty above the Trials row for the rest of the turn (A1, session 13); a
 * line shortened within a step is still kept (T11) */
static void
update_keeper_key (PenTablePage *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));
  g_autofree char *key = NULL;

  if (table != NULL)
    key = g_strdup_printf ("%u%s%s%s", pen_table_get_turn (table),
                           gtk_widget_get_visible (self->event_panel) ? " event" : "",
                           gtk_widget_get_visible (GTK_WIDGET (self->fate_news)) ? " news" : "",
                           pen_table_get_trial (table) != NULL ? " trial" : "");
  pen_keep_height_set_key (self->turn_keeper, key);
}

/* A new turn shows its top: the page scrolled down through the last turn (a phone's one
 * column) would leave the next turn's plan, the Rival's instructions, above the fold (play
 * finding C5). Only when the turn changes, and only up to the turn column's top */
static void
show_turn_top (PenTablePage *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));
  int turn = table != NULL ? (int) pen_table_get_turn (table) : -1;
  /* (the page's own child: not bound, or the template's disposal would unparent it twice) */
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self->columns),
                                                 GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  graphene_point_t top;

  if (turn == self->shown_turn)
    return;
  self->shown_turn = turn;
  if (turn < 0
      || !gtk_widget_compute_point (GTK_WIDGET (self->turn_keeper), scroller,
                                    &GRAPHENE_POINT_INIT (0, 0), &top)
      || top.y >= 0)
    return;
  /* the turn column's top is above the view: bring it to the view's top */
  gtk_adjustment_set_value (adj, MAX (gtk_adjustment_get_value (adj) + top.y - 12, 0));
}

static void
pen_table_page_position_changed (PenSection *section)
{
  update_keeper_key (PEN_TABLE_PAGE (section));
  show_turn_top (PEN_TABLE_PAGE (section));
}

void
pen_table_page_start_turn (PenTablePage *self,
                           PenTurnKind   kind)
{
  g_return_if_fail (PEN_IS_TABLE_PAGE (self));

  pen_turn_controls_start_turn (self->turn_controls, kind);
}

void
pen_table_page_end_turn (PenTablePage *self)
{
  g_return_if_fail (PEN_IS_TABLE_PAGE (self));

  pen_turn_controls_end_turn (self->turn_controls);
}

const char *
pen_table_page_get_turn_text (PenTablePage *self)
{
  g_return_val_if_fail (PEN_IS_TABLE_PAGE (self), NULL);

  return pen_turn_banner_get_title (self->turn_banner);
}

const char *
pen_table_page_get_news_text (PenTablePage *self)
{
  g_return_val_if_fail (PEN_IS_TABLE_PAGE (self), NULL);

  return pen_fate_news_get_text (self->fate_news);
}

AdwMessageDialog *
pen_table_page_open_begin_form (PenTablePage *self,
                                int           index,
                                const char   *card)
{
  AdwMessageDialog *form;

  g_return_val_if_fail (PEN_IS_TABLE_PAGE (self), NULL);
  g_return_val_if_fail (card != NULL, NULL);
  if (pen_section_get_table (PEN_SECTION (self)) == NULL)
    return NULL;

  if (self->begin_form != NULL)
    gtk_window_destroy (self->begin_form);
  form = pen_begin_trial_dialog_open (PEN_SECTION (self), index, card);
  g_set_weak_pointer (&self->begin_form, GTK_WINDOW (form));
  return form;
}

/* "table.begin-trial" (index, card), from a card's popover */
static void
begin_trial_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  int index;
  const char *card;

  g_variant_get (parameter, "(i&s)", &index, &card);
  pen_table_page_open_begin_form (PEN_TABLE_PAGE (widget), index, card);
}

void
pen_table_page_check_table (PenTablePage *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));

  g_return_if_fail (PEN_IS_TABLE_PAGE (self));
  if (table == NULL || pen_table_get_n_players (table) == 0)
    return;
  if (self->recount != NULL)
    {
      gtk_window_present (self->recount);
      return;
    }
  g_set_weak_pointer (&self->recount, pen_recount_window_open (PEN_SECTION (self), table));
}

GtkWindow *
pen_table_page_get_recount_window (PenTablePage *self)
{
  g_return_val_if_fail (PEN_IS_TABLE_PAGE (self), NULL);

  return self->recount;
}

static void
pen_table_page_dispose (GObject *object)
{
  PenTablePage *self = PEN_TABLE_PAGE (object);

  close_windows (self);
  g_clear_weak_pointer (&self->recount);
  g_clear_weak_pointer (&self->begin_form);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_TABLE_PAGE);

  G_OBJECT_CLASS (pen_table_page_parent_class)->dispose (object);
}

static void
pen_table_page_class_init (PenTablePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_table_page_dispose;
  section_class->game_set = pen_table_page_game_set;
  section_class->position_changed = pen_table_page_position_changed;

  g_type_ensure (PEN_TYPE_KEEP_HEIGHT);
  g_type_ensure (PEN_TYPE_UNNAMED_CARDS);
  g_type_ensure (PEN_TYPE_TURN_BANNER);
  g_type_ensure (PEN_TYPE_RIVAL_PANEL);
  g_type_ensure (PEN_TYPE_TRIAL_PANEL);
  g_type_ensure (PEN_TYPE_PHASE_BANNER);
  g_type_ensure (PEN_TYPE_REST_PANEL);
  g_type_ensure (PEN_TYPE_FATE_NEWS);
  g_type_ensure (PEN_TYPE_EVENT_PANEL);
  g_type_ensure (PEN_TYPE_TURN_CONTROLS);
  g_type_ensure (PEN_TYPE_TRIALS_SECTION);
  g_type_ensure (PEN_TYPE_GUILD_SECTION);
  g_type_ensure (PEN_TYPE_RESERVED_SECTION);
  g_type_ensure (PEN_TYPE_FATE_SECTION);
  g_type_ensure (PEN_TYPE_IN_PLAY_SECTION);
  g_type_ensure (PEN_TYPE_MARKETS_SECTION);
  g_type_ensure (PEN_TYPE_PLACED_SECTION);

  gtk_widget_class_install_action (widget_class, "table.begin-trial", "(is)",
                                   begin_trial_action);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-table-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, columns);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, turn_keeper);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, turn_banner);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, fate_news);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, turn_controls);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, event_panel);
  gtk_widget_class_bind_template_callback (widget_class, pen_section_submit);
  gtk_widget_class_bind_template_callback (widget_class, pen_section_show_rule);
}

static void
pen_table_page_init (PenTablePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->shown_turn = -1;
  pen_widget_keep_scroll_still (GTK_WIDGET (self));
  g_signal_connect_object (self->event_panel, "notify::visible",
                           G_CALLBACK (update_keeper_key), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->fate_news, "notify::visible",
                           G_CALLBACK (update_keeper_key), self, G_CONNECT_SWAPPED);

  /* the columns are layout only: Tab goes straight to the controls inside them */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->columns)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);
}
