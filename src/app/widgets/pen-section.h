/* pen-section.h: the base of everything that shows a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-action.h"
#include "pen-game.h"
#include "pen-width-bin.h"

G_BEGIN_DECLS

#define PEN_TYPE_SECTION (pen_section_get_type ())
G_DECLARE_DERIVABLE_TYPE (PenSection, pen_section, PEN, SECTION, PenWidthBin)

/* A section shows (part of) a game: it holds the "game" property, reports actions upward with
 * "submit" (a PenAction for the window to submit) and game terms with "show-rule". It connects
 * to the game once. When the game's position changes, a section in view refreshes at once; one
 * out of view (its page hidden, or a panel inside a hidden page) only marks itself stale and
 * refreshes when it is shown again.
 *
 * game_set:         the game changed (NULL when there is none); a position_changed follows
 * position_changed: the game moved (an action, undo, redo, another game): show it now */
struct _PenSectionClass
{
  PenWidthBinClass parent_class;

  void (*game_set)         (PenSection *self,
                            PenGame    *game);
  void (*position_changed) (PenSection *self);

  gpointer padding[6];
};

PenGame  *pen_section_get_game       (PenSection *self);
void      pen_section_set_game       (PenSection *self,
                                      PenGame    *game);
PenTable *pen_section_get_table      (PenSection *self);

void      pen_section_submit         (PenSection *self,
                                      PenAction  *action);
void      pen_section_submit_new     (PenSection *self,
                                      PenAction  *action);
void      pen_section_show_rule      (PenSection *self,
                                      const char *term);

void      pen_section_queue_refresh  (PenSection *self);
gboolean  pen_section_get_stale      (PenSection *self);
void      pen_section_forward        (PenSection *self,
                                      PenSection *child);
void      pen_section_set_cull       (PenSection *self,
                                      gboolean    cull);

G_END_DECLS
