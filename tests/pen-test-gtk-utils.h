/* pen-test-gtk-utils.h: helpers shared by the UI tests, compiled once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"
#include "pen-table-page.h"
#include "pen-test-utils.h"

G_BEGIN_DECLS

/* Runs the main loop until nothing is pending */
void       pen_test_flush      (void);
/* The first widget of type under root (depth first), or NULL */
GtkWidget *pen_test_find_first (GtkWidget  *root,
                                GType       type);
/* Every widget of type under root, depth first, appended to out */
void       pen_test_collect    (GtkWidget  *root,
                                GType       type,
                                GPtrArray  *out);
/* The first button under root whose label is label, or NULL */
GtkWidget *pen_test_find_button (GtkWidget  *root,
                                 const char *label);
/* The first widget under root named name (gtk_widget_set_name), or NULL */
GtkWidget *pen_test_find_named (GtkWidget  *root,
                                const char *name);
/* Whether a label under root reads text */
gboolean   pen_test_has_label  (GtkWidget  *root,
                                const char *text);
/* Whether a mouse wheel turn over spin would reach its own scroll handling (a scroll
 * controller of its that GTK runs) rather than the scrolled window it is in */
gboolean   pen_test_spin_takes_wheel (GtkWidget *spin);

/* Draws widget into snapshot with its top left corner at (x, y) (for screenshots) */
void       pen_test_render_onto (GtkSnapshot *snapshot,
                                 GtkWidget   *widget,
                                 int          x,
                                 int          y);

/* Lets the frame clock lay out and draw what changed: rounds of 20 ms and the main loop */
void       pen_test_wait_frames (guint        rounds);
/* Saves what window (or any widget in a window) shows, drawn by its window's renderer, as the
 * PNG file path */
void       pen_test_save_png    (GtkWidget   *window,
                                 const char  *path);
/* Saves window, with dialog (may be NULL) over it in its middle, the window dimmed behind,
 * on a grey ground of w×h, as the PNG file path */
void       pen_test_save_over   (GtkWidget   *window,
                                 GtkWidget   *dialog,
                                 int          w,
                                 int          h,
                                 const char  *path);
/* The app's style sheet on the default display, as PenApplication loads it (for screenshots) */
void       pen_test_load_style  (void);

/* The folder the environment variable names for a test's screenshots, the app's style sheet
 * loaded; NULL, with the test skipped, when it is not set */
const char *pen_test_shots_dir  (const char  *variable);

/* The start of a UI test that runs in the language LANGUAGE names (tests/meson.build sets it):
 * the user's data and settings in a new temporary directory (returned, for
 * pen_test_remove_tree ()), the C.UTF-8 locale (gettext reads LANGUAGE only outside the plain
 * C locale), GTK and libadwaita, the app's catalogue from PENUMBRA_LOCALEDIR when set */
char      *pen_test_init_translated (int        *argc,
                                     char     ***argv,
                                     const char *name);

/* A Table page on game (sunk, transfer full) whose "submit" goes to the game */
PenTablePage *pen_test_table_page_new (PenGame      *game);
/* Boris's Rest turn on the demo game shown by page, with 8 Fruits and the Triplet Recipe, the
 * calculator filled in (4 Fruits for 2 Jewels); its first expander open (the calculator), or
 * with buy the others (Brew, Buy One) */
void          pen_test_rest_turn      (PenGame      *game,
                                       PenTablePage *page,
                                       gboolean      buy);
/* A new three-player game on game whose first reveal, after Ann's Rest, is Harvest */
void          pen_test_harvest_game   (PenGame      *game);

G_END_DECLS
