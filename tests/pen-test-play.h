/* pen-test-play.h: one user step of a game through the window's widgets, for the whole-game
 * UI tests (test-ui-whole-*.c)
 *
 * Each function does what a player does at the table: it shows the page, finds the widget the
 * player would tap (a button, a drop-down, an entry, an action bound to a button) and taps it,
 * then runs the main loop. None of them submits an action to the game directly. They read the
 * game only to find their way (whose turn it is, which card sits where).
 *
 * Answers in drop-downs are given as the text of the item ("4", "Lost Hut"), or as "#N" for
 * the item at position N; a text matches an item that reads it whole or that starts with it
 * and a space ("Aranea" matches "Aranea (Trial)").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-game.h"
#include "pen-rule.h"
#include "pen-turn.h"
#include "pen-setup-assistant.h"
#include "pen-window.h"

G_BEGIN_DECLS

#define PEN_TEST_PLAY_MAX_PLAYERS 4

/* What the players answer in the set-up assistant */
typedef struct
{
  guint        n_players;                 /* 1 (solo against the Rival) to 4 */
  const char  *names[PEN_TEST_PLAY_MAX_PLAYERS];
  guint64      seed;
  gboolean     physical;                  /* the table shuffles and deals */
  gboolean     ready_made;                /* the rulebook's first-game Fate deck */
  PenMarkKind  start_marks[PEN_TEST_PLAY_MAX_PLAYERS];
  /* which of the two dealt Talents each player keeps (0 or 1; app-dealt play) */
  guint        kept_talents[PEN_TEST_PLAY_MAX_PLAYERS];
  /* physical play: the faces the table rolled for the starting dice, in the order the last
   * step asks them (cycled when shorter; NULL: 1, 2, 3, …) */
  const guint *faces;
  guint        n_faces;
  /* the starting Ingredients read off each player's Talent (in the order given), typed where
   * the last step asks them (PenIngredient order) */
  guint        ingredients[PEN_TEST_PLAY_MAX_PLAYERS][PEN_N_INGREDIENTS];
} PenTestPlaySetup;

/* Called with each dialog just before the driver taps its response (to screenshot it) */
typedef void (*PenTestPlayDialogFunc) (AdwMessageDialog *dialog,
                                       const char       *response,
                                       gpointer          data);
void       pen_test_play_set_dialog_func (PenTestPlayDialogFunc func,
                                          gpointer              data);

/* Called with each widget the driver is about to tap, and with each page, panel or dialog it
 * is about to act in (the start page, the assistant before each step, Preferences, the trial
 * panel, the Threat page, the dialogs it finds): for a test to check what the player reads, e.g.
 * that it is Russian. The driver finds its buttons by their labels in the app's language. */
typedef void (*PenTestPlayCheckFunc) (GtkWidget *widget,
                                      gpointer   data);
void       pen_test_play_set_check_func  (PenTestPlayCheckFunc  func,
                                          gpointer              data);

/* A window on a fresh application, presented, on the start page */
PenWindow *pen_test_play_window_new    (PenApplication         *app);

/* With PEN_SCREENSHOT_DIR set: saves the window, with dialog (may be NULL) over it, at
 * 1280x800 and 360x720 as DIR/PREFIX-NAME-{desktop,phone}.png, then gives the window its size
 * back. A phone shot whose window did not narrow (a mapped window under Xvfb may keep its width
 * while a dialog is up) would show a cut page: it is not saved, and the log says so. */
void       pen_test_play_screenshot    (PenWindow              *window,
                                        GtkWindow              *dialog,
                                        const char             *prefix,
                                        const char             *name);

/* When the app asks the numbers printed on a card first (the card-naming dialog, "Numbers
 * on …", e.g. a Trial's Threat before its roll): types each field's text (pairs of field and
 * text, NULL-terminated) and answers "Name It". FALSE, doing nothing, when no such dialog is
 * shown. */
gboolean   pen_test_play_printed       (const char             *field,
                                        ...) G_GNUC_NULL_TERMINATED;

/* Waits for the main loop to settle (a few short rounds) */
void       pen_test_play_settle        (void);

/* The newest shown window of type (a dialog the app opened), or NULL */
GtkWindow *pen_test_play_find_dialog   (GType                   type);

/* The button under root that reads label (the English label, read in the app's language):
 * the first visible one, else the first one, else NULL */
GtkWidget *pen_test_play_find_labelled (GtkWidget              *root,
                                        const char             *label);
/* Taps it (it must be there and sensitive) */
void       pen_test_play_tap_labelled  (GtkWidget              *root,
                                        const char             *label);
/* Taps a button, which must be sensitive, and lets the main loop settle */
void       pen_test_play_tap           (GtkWidget              *button);
/* The visible button under root bound to action (and its target, unless NULL; floating);
 * there must be one */
GtkWidget *pen_test_play_find_action   (GtkWidget              *root,
                                        const char             *action,
                                        GVariant               *target);

/* Taps the button of a message dialog's response (by its id: "place", "done", …); the
 * response must be enabled */
void       pen_test_play_respond       (AdwMessageDialog       *dialog,
                                        const char             *response);

/* Preferences → Wizard Board: the value printed under each cell (Discipline Cells, then Spark
 * Cells; 0 leaves a cell unknown), as a group types its board in once; then closes it */
void       pen_test_play_board_values  (PenWindow              *window,
                                        const guint            *values,
                                        guint                   n_values);

/* The start page's New Game form, "Start the Game", then every step of the assistant; returns
 * the window's new game (owned by the window) */
/* Physical set-up, step 3: names the Classes the table drew at random as the ones the app
 * would pick from the seed (so a game is the one it was before the table named them) */
void       pen_test_play_name_class_draws (PenSetupAssistant    *assistant);
PenGame   *pen_test_play_setup         (PenWindow              *window,
                                        const PenTestPlaySetup *answers);

/* The Table page's Study, Trial or Rest button (asserted sensitive) */
void       pen_test_play_begin_turn    (PenWindow              *window,
                                        PenTurnKind             kind);
/* The Table page's "End the Turn" */
void       pen_test_play_end_turn      (PenWindow              *window);
/* Physical play: picks the Fate card the table revealed (and, unless NULL, the contract that
 * refilled the Guild) in the turn controls, then "End the Turn" */
void       pen_test_play_end_turn_with (PenWindow              *window,
                                        const char             *fate_card,
                                        const char             *contract);

/* The current wizard's die index, "Place in a location" on the Wizards page, the section
 * location/section ("guild", "contract"), then each question's answer as pairs of key and
 * answer ("slot", "Lost Hut", "threat", "4", …, NULL; a key "?threat" is answered only when
 * the dialog asks it), then Place. Returns whether the game took it at once (FALSE: a dialog
 * asks first, e.g. the override prompt) */
gboolean   pen_test_play_place         (PenWindow              *window,
                                        guint                   die_index,
                                        const char             *location,
                                        const char             *section,
                                        ...) G_GNUC_NULL_TERMINATED;

/* The Guild cell's popover on the Table page: "fulfilled by" wizard's button. Returns whether
 * the game took it at once */
gboolean   pen_test_play_fulfil        (PenWindow              *window,
                                        guint                   cell,
                                        guint                   wizard);

/* The Table page's row of the prophecy card in play: its "Fulfilled" button. Between two turns
 * the app asks on which turn it came true: when is then "last" (the turn just ended) or "this"
 * (the current one); NULL asserts nothing is asked. Returns whether the game took it at once */
gboolean   pen_test_play_fulfil_prophecy (PenWindow            *window,
                                          const char           *card,
                                          const char           *when);

/* "Begin this Trial…" on the card in the trial row at index, the Properties form with Rift X
 * and Vigilance X (0: none), then Begin */
void       pen_test_play_begin_trial   (PenWindow              *window,
                                        guint                   index,
                                        guint                   rift,
                                        guint                   vigilance);
/* The trial in progress: "Face its Threat…", then on the Threat page (when the catalogue
 * does not print the card's Threat) one more Threat die per face, "The Table Rolls", the faces
 * tapped (0-terminated list of 1…6), then Apply. Returns whether the game took it */
gboolean   pen_test_play_threat_roll   (PenWindow              *window,
                                        ...);
/* The same with the faces in an array */
gboolean   pen_test_play_threat_roll_faces (PenWindow          *window,
                                            const guint        *faces,
                                            guint               n_faces);
/* The same under Rift: on step 1 the player first taps the dice of the supply Rift discards
 * (their indices), before the roll */
gboolean   pen_test_play_threat_roll_rift (PenWindow           *window,
                                           const guint         *rift_dice,
                                           guint                n_rift,
                                           const guint         *faces,
                                           guint                n_faces);
/* The trial panel's outcome: "Passed: _Light", "Passed: _Darkness" or "_Failed" by its label
 * (the English one: the driver reads it in the app's language) */
void       pen_test_play_trial_outcome (PenWindow              *window,
                                        const char             *button_label);

/* The Rival's turn from the Wizards page's Rival panel (solo play): "Play the Rival's Turn".
 * Returns whether the game took it */
gboolean   pen_test_play_rival_turn    (PenWindow              *window);

/* The Table page's list of face-up cards to name: the row of card ("contract#12"), then the
 * name (an item of the picker, or, when it is not one, typed as "another card"), then the
 * printed numbers as pairs of field and text ("vp", "3", …, NULL; a Contract's task and reward:
 * "task", "discard-sum", "task-color-bone", "on", "task-at-least", "1", "reward-arcana", "1",
 * "reward-die-red", "1", …), then Save */
void       pen_test_play_name_card     (PenWindow              *window,
                                        const char             *card,
                                        const char             *name,
                                        ...) G_GNUC_NULL_TERMINATED;

/* The faces dialog the table's dice opened: one face (1…6) per die, then Done */
void       pen_test_play_faces         (PenWindow              *window,
                                        const guint            *faces,
                                        guint                   n_faces);

/* The window's Undo and Redo (the header bar's buttons) */
void       pen_test_play_undo          (PenWindow              *window);
void       pen_test_play_redo          (PenWindow              *window);

/* The "Do it anyway" prompt shown: Do It Anyway (accept) or Cancel. Returns its rule */
PenRule    pen_test_play_override      (PenWindow              *window,
                                        gboolean                accept);

/* The Score page's end sheet: the points of each card as pairs of card id and text
 * ("contract#3", "4", …, NULL), then its Score button */
void       pen_test_play_end_sheet     (PenWindow              *window,
                                        ...) G_GNUC_NULL_TERMINATED;

/* The same with the entries in a NULL-terminated array of pairs; a key "card:symbol" (with
 * "on" or "off") sets one of the card's experience symbols, "card:light", "card:dark" (or
 * "card:vp") types one of its numbers, "board-cell:N" the points under board cell N (from 0) */
void       pen_test_play_end_sheet_entries (PenWindow          *window,
                                            const char * const *entries);

/* When the app asks the task and reward printed on a Trial's path (Passed: Light / Darkness):
 * the task "Discard count of ingredient" (count 0: a Threat roll of 1 die, which takes nothing),
 * the reward reward_count of reward_ingredient, then "Pass the Trial". FALSE, doing nothing,
 * when no such dialog is shown. */
gboolean   pen_test_play_trial_path    (guint                   ingredient,
                                        guint                   count,
                                        guint                   reward_ingredient,
                                        guint                   reward_count);

G_END_DECLS
