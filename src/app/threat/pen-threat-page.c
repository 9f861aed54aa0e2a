/* pen-threat-page.c: the Threat helper
 *
 * One Threat roll in three steps, as the rulebook orders them: 1 Prepare (the defences that
 * discard Threat dice, Rift), 2 Roll (the app rolls, or the table rolls and the player taps the
 * faces; then "adjust" effects), 3 Distribute (automatic, with a choice only where the rules
 * leave one). The roll in progress lives in a PenThreatRoll (src/core): it computes the odds
 * only when their inputs change and turns into ONE "threat" action, so one undo takes it all
 * back. The page is a composition of sections (the board, the odds, one per step) that follow
 * the roll; it holds the roll, feeds it the board of the wizard facing it, and turns the
 * buttons' "threat.*" actions into calls on it.
 *
 * When the app rolls, the faces are read from a COPY of the game's seeded generator: the action
 * is submitted with "count" and the game draws the very same faces from its own generator when
 * it applies it. So the player can see and adjust the faces before applying, the roll is in the
 * log, and neither undo nor "start over" can give a different roll.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-board-layout.h"
#include "pen-columns-layout.h"
#include "pen-threat-board.h"
#include "pen-threat-distribute-view.h"
#include "pen-threat-odds-view.h"
#include "pen-threat-page.h"
#include "pen-threat-prep-view.h"
#include "pen-threat-roll-view.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

struct _PenThreatPage
{
  PenSection               parent_instance;

  GtkLabel                *title_label;
  GtkWidget               *columns;
  AdwComboRow             *wizard_row;
  GtkStringList           *wizard_names;
  AdwEntryRow             *source_row;
  PenThreatBoard          *board;
  PenThreatOddsView       *odds_view;
  PenThreatPrepView       *prep_view;
  PenThreatRollView       *roll_view;
  PenThreatDistributeView *distribute_view;

  PenThreatRoll           *roll;
  gboolean                 syncing;
  guint                    turn_seen; /* whose turn it was at the last refresh */
  char                    *applied;   /* "Applied: …" after a roll went in */
  /* a roll sent but not taken yet (the table is asked "Do It Anyway" or the faces): the
   * position it gives once taken, and its summary */
  guint                    pending_position;
  char                    *pending_summary;
};

G_DEFINE_FINAL_TYPE (PenThreatPage, pen_threat_page, PEN_TYPE_SECTION)

static PenTable *
get_table (PenThreatPage *self)
{
  return pen_section_get_table (PEN_SECTION (self));
}

static PenWizard *
get_wizard (PenThreatPage *self)
{
  PenTable *table = get_table (self);
  guint wizard = pen_threat_roll_get_wizard (self->roll);

  if (table == NULL || wizard >= pen_table_get_n_players (table))
    return NULL;
  return pen_table_get_wizard (table, wizard);
}

static void
set_applied (PenThreatPage *self,
             char          *applied)
{
  g_free (self->applied);
  self->applied = applied;
  pen_threat_distribute_view_set_applied (self->distribute_view, applied);
}

static void
refresh_title (PenThreatPage *self)
{
  PenWizard *w = get_wizard (self);
  const char *source = pen_threat_roll_get_source (self->roll);
  guint total = pen_threat_roll_get_count (self->roll, PEN_THREAT_COUNT_THREAT)
    + pen_threat_roll_get_count (self->roll, PEN_THREAT_COUNT_UNCANCELLABLE);
  g_autofree char *title = NULL;

  if (w == NULL)
    title = g_strdup (_("Threat"));
  else if (total == 0 && source == NULL)
    title = g_strdup_printf (_("Set up a Threat for %s"), pen_wizard_get_display_name (w));
  else if (source != NULL)
    /* Translators: "Boris faces Threat 3 — Goldeater" */
    title = g_strdup_printf (_("%s faces Threat %u — %s"), pen_wizard_get_display_name (w), total,
                             source);
  else
    title = g_strdup_printf (_("%s faces Threat %u"), pen_wizard_get_display_name (w), total);
  gtk_label_set_label (self->title_label, title);
}

/* the wizards to choose from, when their names changed */
static void
refresh_wizards (PenThreatPage *self)
{
  PenTable *table = get_table (self);
  guint n = table ? pen_table_get_n_players (table) : 0;
  guint n_names = g_list_model_get_n_items (G_LIST_MODEL (self->wizard_names));
  gboolean same = n == n_names;
  guint wizard;

  for (guint i = 0; same && i < n; i++)
    same = g_strcmp0 (gtk_string_list_get_string (self->wizard_names, i),
                      pen_wizard_get_display_name (pen_table_get_wizard (table, i))) == 0;
  self->syncing = TRUE;
  if (!same)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();

      for (guint i = 0; i < n; i++)
        g_ptr_array_add (names,
                         (char *) pen_wizard_get_display_name (pen_table_get_wizard (table, i)));
      g_ptr_array_add (names, NULL);
      gtk_string_list_splice (self->wizard_names, 0, n_names,
                              (const char * const *) names->pdata);
    }
  if (n > 0 && pen_threat_roll_get_wizard (self->roll) >= n)
    pen_threat_roll_set_wizard (self->roll, 0);
  wizard = pen_threat_roll_get_wizard (self->roll);
  if (n > 0 && adw_combo_row_get_selected (self->wizard_row) != wizard)
    adw_combo_row_set_selected (self->wizard_row, wizard);
  self->syncing = FALSE;
}

/* The game moved, or the wizard changed: the roll gets the board as it is now (nothing
 * follows when it is the same board). */
/* The turn passed: with no Threat set up (nothing rolled, no dice, no source), the page
 * follows the player whose turn it is, and the result shown for the last one goes. */
static void
follow_turn (PenThreatPage *self)
{
  PenTable *table = get_table (self);
  guint current;

  if (table == NULL || pen_table_get_n_players (table) == 0)
    return;
  current = pen_table_get_current (table);
  if (current == self->turn_seen)
    return;
  self->turn_seen = current;
  if (pen_threat_roll_get_mode (self->roll) != PEN_THREAT_ROLL_PREPARING
      || pen_threat_roll_get_source (self->roll) != NULL)
    return;
  for (guint c = 0; c < PEN_THREAT_N_COUNTS; c++)
    if (pen_threat_roll_get_count (self->roll, c) > 0)
      return;
  if (current != pen_threat_roll_get_wizard (self->roll))
    {
      set_applied (self, NULL);
      pen_threat_roll_set_wizard (self->roll, current);
    }
}

static void
refresh (PenThreatPage *self)
{
  PenTable *table = get_table (self);
  PenWizard *w;

  follow_turn (self);
  refresh_wizards (self);
  w = get_wizard (self);
  gtk_widget_set_visible (self->columns, w != NULL);
  refresh_title (self);
  if (w == NULL)
    return;
  {
    g_autoptr(PenBoard) board = pen_wizard_to_board (w);
    pen_threat_roll_set_board (self->roll, board);
  }
  pen_threat_roll_view_set_physical (self->roll_view, pen_table_get_physical (table));
  pen_threat_distribute_view_set_wizard_name (self->distribute_view,
                                              pen_wizard_get_display_name (w));
}

static void roll_applied (PenThreatPage *self, const char *summary);

static void
pen_threat_page_position_changed (PenSection *section)
{
  PenThreatPage *self = PEN_THREAT_PAGE (section);
  PenGame *game = pen_section_get_game (section);
  guint pending = self->pending_position;

  self->pending_position = 0;
  if (pending > 0 && game != NULL && pen_game_get_position (game) == pending)
    {
      g_autoptr(PenAction) last = g_list_model_get_item (pen_game_get_history (game),
                                                         pending - 1);

      if (last != NULL && g_str_equal (pen_action_get_kind (last), "threat"))
        {
          g_autofree char *summary = g_steal_pointer (&self->pending_summary);

          roll_applied (self, summary);
          return;
        }
    }
  refresh (self);
}

static void
pen_threat_page_game_set (PenSection *section,
                          PenGame    *game)
{
  PenThreatPage *self = PEN_THREAT_PAGE (section);

  /* by hand, a Threat most often concerns the wizard whose turn it is */
  self->turn_seen = game != NULL ? pen_table_get_current (pen_game_get_table (game)) : 0;
  pen_threat_roll_start (self->roll, self->turn_seen, 0, 0, 0, NULL);
  set_applied (self, NULL);
}

/* ---- what the roll says ------------------------------------------------------------------ */

static void
wizard_changed_cb (PenThreatPage *self)
{
  pen_threat_board_set_wizard (self->board, pen_threat_roll_get_wizard (self->roll));
  if (pen_section_get_game (PEN_SECTION (self)) != NULL)
    refresh (self);
}

static void
mode_changed_cb (PenThreatPage *self)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->wizard_row),
                            pen_threat_roll_get_mode (self->roll) == PEN_THREAT_ROLL_PREPARING);
}

/* ---- what the player does ---------------------------------------------------------------- */

static void
wizard_selected_cb (PenThreatPage *self)
{
  guint sel = adw_combo_row_get_selected (self->wizard_row);

  if (self->syncing || sel == GTK_INVALID_LIST_POSITION
      || sel == pen_threat_roll_get_wizard (self->roll))
    return;
  set_applied (self, NULL);
  pen_threat_roll_set_wizard (self->roll, sel);
}

static void
source_changed_cb (PenThreatPage *self)
{
  if (!self->syncing)
    pen_threat_roll_set_source (self->roll,
                                gtk_editable_get_text (GTK_EDITABLE (self->source_row)));
}

static void
change_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  PenThreatPage *self = PEN_THREAT_PAGE (widget);
  g_autoptr(GEnumClass) counts = g_type_class_ref (PEN_TYPE_THREAT_COUNT);
  const GEnumValue *count;
  const char *id;
  gint32 delta;

  g_variant_get (param, "(&si)", &id, &delta);
  count = g_enum_get_value_by_nick (counts, id);
  if (count != NULL && pen_threat_roll_change_count (self->roll, count->value, delta))
    set_applied (self, NULL);
}

static void
roll_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  PenThreatPage *self = PEN_THREAT_PAGE (widget);
  PenTable *table = get_table (self);
  gboolean rolled;

  if (table == NULL)
    return;
  /* physical play: the app never rolls for the table */
  if (g_str_equal (g_variant_get_string (param, NULL), "app") && !pen_table_get_physical (table))
    rolled = pen_threat_roll_roll_by_app (self->roll, pen_table_get_random (table));
  else
    rolled = pen_threat_roll_roll_by_table (self->roll);
  if (rolled)
    set_applied (self, NULL);
}

static void
face_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  gint32 face = g_variant_get_int32 (param);

  if (face >= 1 && face <= 6)
    pen_threat_roll_add_face (PEN_THREAT_PAGE (widget)->roll, face);
}

static void
remove_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  pen_threat_roll_remove_face (PEN_THREAT_PAGE (widget)->roll, g_variant_get_uint32 (param));
}

static void
adjust_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  guint index;
  gint32 delta;

  g_variant_get (param, "(ui)", &index, &delta);
  pen_threat_roll_adjust (PEN_THREAT_PAGE (widget)->roll, index, delta);
}

static void
pick_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  const char *kind;
  guint face, index;

  g_variant_get (param, "(&suu)", &kind, &face, &index);
  pen_threat_roll_pick (PEN_THREAT_PAGE (widget)->roll, g_str_equal (kind, "mark"), face, index);
}

static void
rift_die_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  PenThreatPage *self = PEN_THREAT_PAGE (widget);

  if (pen_threat_roll_toggle_rift_die (self->roll, g_variant_get_uint32 (param)))
    set_applied (self, NULL);
}

/* A "?" Mark's value entered on the page: an undoable correction of the running game
 * (board-value: every Mark in that cell takes it), remembered in the user's board file as
 * Preferences → Wizard Board does, so new games have it too. */
static void
board_value_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  PenThreatPage *self = PEN_THREAT_PAGE (widget);
  PenGame *game = pen_section_get_game (PEN_SECTION (self));
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  guint cell, value, before;

  g_variant_get (param, "(uu)", &cell, &value);
  if (game == NULL || cell >= PEN_MARK_CELLS || value < 1 || value > 6)
    return;
  before = pen_game_get_position (game);
  action = pen_action_new_board_value (cell, value);
  g_object_ref (self);
  pen_section_submit (PEN_SECTION (self), action);
  if (pen_section_get_game (PEN_SECTION (self)) == game && pen_game_get_position (game) > before)
    if (!pen_board_layout_set_user_int (pen_board_layout_get_default (), cell, "value", value,
                                        &error))
      g_warning ("board file: cell %u: %s", cell, error->message);
  g_object_unref (self);
}

static void
restart_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  pen_threat_roll_restart (PEN_THREAT_PAGE (widget)->roll);
}

static void
apply_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  pen_threat_page_apply (PEN_THREAT_PAGE (widget));
}

/* ---- public API -------------------------------------------------------------------------- */

/**
 * pen_threat_page_start:
 * @wizard: the player index
 * @threat: Threat dice that effects may discard
 * @uncancellable: Threat dice of an uncancellable Threat (nothing discards them)
 * @source_label: (nullable): where the Threat comes from, e.g. a card's name
 *
 * Sets up a new Threat roll (dropping one in progress) and shows the page.
 */
void
pen_threat_page_start (PenThreatPage *self,
                       guint          wizard,
                       guint          threat,
                       guint          uncancellable,
                       const char    *source_label)
{
  guint rift = 0;

  g_return_if_fail (PEN_IS_THREAT_PAGE (self));

  /* the window hands pages their game lazily: fetch it before setting the Threat up */
  if (pen_section_get_game (PEN_SECTION (self)) == NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.sync-pages", NULL);
  /* a trial in progress with Rift X in force: its main Threat roll loses X dice first */
  if (pen_section_get_game (PEN_SECTION (self)) != NULL)
    {
      const PenTrial *trial = pen_table_get_trial (get_table (self));

      if (trial != NULL && trial->wizard == wizard && !trial->threat_rolled
          && pen_trial_in_force (trial, PEN_TRIAL_RIFT))
        rift = trial->rift;
    }
  set_applied (self, NULL);
  pen_threat_roll_start (self->roll, wizard, threat, uncancellable, rift, source_label);
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->source_row), source_label ? source_label : "");
  self->syncing = FALSE;
  refresh (self);
  /* a new Threat shows its top (whose Threat, the wizard's board), not where the page was left
   * scrolled for the last one: at 360 px it opened on "Discarded by cards … Rift" (play
   * finding E7, session 14) */
  {
    GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self->title_label),
                                                   GTK_TYPE_SCROLLED_WINDOW);

    gtk_adjustment_set_value (
      gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)), 0);
  }
  /* the window switches to this page (no-op outside a window) */
  gtk_widget_activate_action (GTK_WIDGET (self), "win.page", "s", "threat");
}

void
pen_threat_page_start_trial (PenThreatPage *self,
                             guint          wizard,
                             guint          threat,
                             int            index,
                             const char    *card)
{
  g_return_if_fail (PEN_IS_THREAT_PAGE (self));
  g_return_if_fail (index >= 0 || card != NULL);

  pen_threat_page_start (self, wizard, threat, 0, card ? pen_turn_card_name (card) : NULL);
  pen_threat_roll_set_trial (self->roll, index, card);
}

/* Enters the table's roll (as if the faces were tapped); replaces any roll so far. */
void
pen_threat_page_set_faces (PenThreatPage *self,
                           const guint8  *faces,
                           guint          n_faces)
{
  g_return_if_fail (PEN_IS_THREAT_PAGE (self));
  pen_threat_roll_set_faces (self->roll, faces, n_faces);
}

/* The distribution sentence shown in step 3, or NULL before the roll is complete. */
const char *
pen_threat_page_get_summary (PenThreatPage *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_PAGE (self), NULL);
  return pen_threat_distribute_view_get_summary (self->distribute_view);
}

static PenAction *
build_action (PenThreatPage *self)
{
  PenTable *table = get_table (self);

  if (table == NULL || get_wizard (self) == NULL)
    return NULL;
  return pen_threat_roll_to_action (self->roll, pen_table_get_random (table));
}

/* The action "Apply" would submit, or NULL (transfer full) */
PenAction *
pen_threat_page_get_action (PenThreatPage *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_PAGE (self), NULL);
  return build_action (self);
}

/* The roll went in: say so, keep the wizard, start afresh (a second tap applies nothing). A
 * Trial's Threat goes on in the Trial's panel on the Table page: the window shows it, so the
 * emptied page does not read as another Threat to roll (play finding S10). */
static void
roll_applied (PenThreatPage *self,
              const char    *summary)
{
  gboolean trial = pen_threat_roll_get_trial (self->roll, NULL, NULL);

  set_applied (self, g_strdup_printf (_("Applied: %s"), summary ? summary : ""));
  pen_threat_roll_start (self->roll, pen_threat_roll_get_wizard (self->roll), 0, 0, 0, NULL);
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->source_row), "");
  self->syncing = FALSE;
  refresh (self);
  if (trial)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.page", "s", "table");
}

/* Submits the roll; TRUE when the game took it. */
gboolean
pen_threat_page_apply (PenThreatPage *self)
{
  g_autoptr(PenAction) action = NULL;
  g_autofree char *summary = NULL;
  PenGame *game;
  guint before;

  g_return_val_if_fail (PEN_IS_THREAT_PAGE (self), FALSE);
  game = pen_section_get_game (PEN_SECTION (self));
  if (game == NULL || !(action = build_action (self)))
    return FALSE;
  summary = g_strdup (pen_threat_page_get_summary (self));
  before = pen_game_get_position (game);
  g_object_ref (self);
  pen_section_submit (PEN_SECTION (self), action);
  if (pen_section_get_game (PEN_SECTION (self)) != game)
    {
      g_object_unref (self);
      return FALSE;
    }
  if (pen_game_get_position (game) == before)
    {
      /* asked first: the roll is done when the game takes it (position_changed) */
      self->pending_position = before + 1;
      g_free (self->pending_summary);
      self->pending_summary = g_steal_pointer (&summary);
      g_object_unref (self);
      return FALSE;
    }
  self->pending_position = 0;
  roll_applied (self, summary);
  g_object_unref (self);
  return TRUE;
}

PenGame *
pen_threat_page_get_game (PenThreatPage *self)
{
  return pen_section_get_game (PEN_SECTION (self));
}

void
pen_threat_page_set_game (PenThreatPage *self,
                          PenGame       *game)
{
  pen_section_set_game (PEN_SECTION (self), game);
}

/* "threat-helper.start" ((uuus): wizard, threat, uncancellable, source) on the window, so any
 * page can start a Threat without holding this page: gtk_widget_activate_action (widget,
 * "threat-helper.start", "(uuus)", wizard, threat, uncancellable, "Goldeater"). */
static void
start_action_cb (GSimpleAction *action,
                 GVariant      *param,
                 gpointer       user_data)
{
  guint wizard, threat, uncancellable;
  const char *source;

  g_variant_get (param, "(uuu&s)", &wizard, &threat, &uncancellable, &source);
  pen_threat_page_start (PEN_THREAT_PAGE (user_data), wizard, threat, uncancellable,
                         *source ? source : NULL);
}

/* "threat-helper.start-trial" ((uuis): wizard, threat, index in the row or -1, card id) */
static void
start_trial_action_cb (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  guint wizard, threat;
  const char *card;
  gint32 index;

  g_variant_get (param, "(uui&s)", &wizard, &threat, &index, &card);
  if (index < 0 && *card == '\0')
    return;
  pen_threat_page_start_trial (PEN_THREAT_PAGE (user_data), wizard, threat, index,
                               *card ? card : NULL);
}

static void
pen_threat_page_root (GtkWidget *widget)
{
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) start = g_simple_action_new ("start", G_VARIANT_TYPE ("(uuus)"));
  g_autoptr(GSimpleAction) start_trial = g_simple_action_new ("start-trial",
                                                              G_VARIANT_TYPE ("(uuis)"));

  GTK_WIDGET_CLASS (pen_threat_page_parent_class)->root (widget);
  g_signal_connect_object (start, "activate", G_CALLBACK (start_action_cb), widget, 0);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (start));
  g_signal_connect_object (start_trial, "activate", G_CALLBACK (start_trial_action_cb), widget,
                           0);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (start_trial));
  gtk_widget_insert_action_group (GTK_WIDGET (gtk_widget_get_root (widget)), "threat-helper",
                                  G_ACTION_GROUP (group));
}

static void
pen_threat_page_unroot (GtkWidget *widget)
{
  gtk_widget_insert_action_group (GTK_WIDGET (gtk_widget_get_root (widget)), "threat-helper",
                                  NULL);
  GTK_WIDGET_CLASS (pen_threat_page_parent_class)->unroot (widget);
}

static void
pen_threat_page_dispose (GObject *object)
{
  PenThreatPage *self = PEN_THREAT_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_THREAT_PAGE);
  g_clear_object (&self->roll);

  G_OBJECT_CLASS (pen_threat_page_parent_class)->dispose (object);
}

static void
pen_threat_page_finalize (GObject *object)
{
  g_free (PEN_THREAT_PAGE (object)->applied);
  g_free (PEN_THREAT_PAGE (object)->pending_summary);

  G_OBJECT_CLASS (pen_threat_page_parent_class)->finalize (object);
}

static void
pen_threat_page_class_init (PenThreatPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  section_class->game_set = pen_threat_page_game_set;
  section_class->position_changed = pen_threat_page_position_changed;
  object_class->dispose = pen_threat_page_dispose;
  object_class->finalize = pen_threat_page_finalize;
  widget_class->root = pen_threat_page_root;
  widget_class->unroot = pen_threat_page_unroot;

  g_type_ensure (PEN_TYPE_COLUMNS_LAYOUT);
  g_type_ensure (PEN_TYPE_THREAT_BOARD);
  g_type_ensure (PEN_TYPE_THREAT_ODDS_VIEW);
  g_type_ensure (PEN_TYPE_THREAT_PREP_VIEW);
  g_type_ensure (PEN_TYPE_THREAT_ROLL_VIEW);
  g_type_ensure (PEN_TYPE_THREAT_DISTRIBUTE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-threat-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, title_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, columns);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, wizard_row);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, wizard_names);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, source_row);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, board);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, odds_view);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, prep_view);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, roll_view);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, distribute_view);
  gtk_widget_class_bind_template_callback (widget_class, wizard_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, source_changed_cb);

  gtk_widget_class_install_action (widget_class, "threat.change", "(si)", change_activated);
  gtk_widget_class_install_action (widget_class, "threat.roll", "s", roll_activated);
  gtk_widget_class_install_action (widget_class, "threat.face", "i", face_activated);
  gtk_widget_class_install_action (widget_class, "threat.remove", "u", remove_activated);
  gtk_widget_class_install_action (widget_class, "threat.adjust", "(ui)", adjust_activated);
  gtk_widget_class_install_action (widget_class, "threat.pick", "(suu)", pick_activated);
  gtk_widget_class_install_action (widget_class, "threat.rift-die", "u", rift_die_activated);
  gtk_widget_class_install_action (widget_class, "threat.board-value", "(uu)",
                                   board_value_activated);
  gtk_widget_class_install_action (widget_class, "threat.restart", NULL, restart_activated);
  gtk_widget_class_install_action (widget_class, "threat.apply", NULL, apply_activated);
}

static void
pen_threat_page_init (PenThreatPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_widget_keep_scroll_still (GTK_WIDGET (self));

  self->roll = pen_threat_roll_new ();
  pen_section_forward (PEN_SECTION (self), PEN_SECTION (self->board));
  pen_section_forward (PEN_SECTION (self), PEN_SECTION (self->odds_view));
  pen_threat_odds_view_set_roll (self->odds_view, self->roll);
  pen_threat_prep_view_set_roll (self->prep_view, self->roll);
  pen_threat_roll_view_set_roll (self->roll_view, self->roll);
  pen_threat_distribute_view_set_roll (self->distribute_view, self->roll);
  g_signal_connect_object (self->roll, "notify::wizard", G_CALLBACK (wizard_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->roll, "notify::mode", G_CALLBACK (mode_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->roll, "notify::source", G_CALLBACK (refresh_title), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->roll, "notify::threat", G_CALLBACK (refresh_title), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->roll, "notify::uncancellable", G_CALLBACK (refresh_title), self,
                           G_CONNECT_SWAPPED);
  refresh (self);
}
