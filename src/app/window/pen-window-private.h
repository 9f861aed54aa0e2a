/* pen-window-private.h: what the window's own files share (pen-window.c,
 * pen-window-actions.c, pen-window-history.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-reveal-naming.h"
#include "pen-rules-page.h"
#include "pen-save-watch.h"
#include "pen-score-page.h"
#include "pen-start-page.h"
#include "pen-table-page.h"
#include "pen-threat-page.h"
#include "pen-window.h"
#include "pen-wizards-page.h"

G_BEGIN_DECLS

struct _PenWindow
{
  AdwApplicationWindow  parent_instance;

  AdwToastOverlay      *toast_overlay;
  GtkStack             *main_stack;
  GtkWidget            *back_to_game_button;
  PenStartPage         *start_page;
  AdwViewStack         *view_stack;
  GtkListView          *history_view;
  GtkPopover           *history_popover;
  guint                 history_scroll_id;
  GtkLabel             *save_error_label;
  GtkWidget            *undo_note;       /* "Undone: …": updated by the next undo or redo */
  GtkLabel             *undo_note_label;
  GtkWidget            *undo_note_redo;  /* shown while there is a step to redo */
  guint                 undo_note_timeout;
  guint                 undo_note_warm_id;
  gboolean              undo_note_warmed;
  gboolean              undoing;         /* the position changes by an undo or redo */
  guint                 prepare_undo_id; /* pen_game_prepare_undo () at idle after a change */
  PenTablePage         *table_page;
  PenWizardsPage       *wizards_page;
  PenThreatPage        *threat_page;
  PenScorePage         *score_page;
  PenRulesPage         *rules_page;

  GSettings            *settings;
  PenGame              *game;
  PenSaveWatch         *save_watch;
  PenRevealNaming      *reveal_naming;   /* names the cards a turn's end turned up */
  guint                 inhibit_cookie;
  guint                 pages_idle;
  guint                 actions_enabled; /* a bit per game action (pen-window-actions.c) */
  gboolean              actions_known;
};

/* pen-window-actions.c */
void _pen_window_class_actions_init  (GtkWidgetClass *widget_class);
void _pen_window_update_actions      (PenWindow      *self);
void _pen_window_hide_undo_note      (PenWindow      *self);
void _pen_window_warm_undo_note      (PenWindow      *self);

/* pen-window-history.c */
void _pen_window_history_init        (PenWindow      *self);
void _pen_window_history_activate_cb (PenWindow      *self,
                                      guint           position);

/* pen-window.c: a section's action submitted to the game (every page's "submit") */
void _pen_window_submit_action       (PenWindow      *self,
                                      PenAction      *action);

G_END_DECLS
