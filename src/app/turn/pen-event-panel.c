/* pen-event-panel.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-catalog.h"
#include "pen-count.h"
#include "pen-event-panel.h"
#include "pen-gain-row.h"
#include "pen-locations.h"
#include "pen-resource-faces-dialog.h"
#include "pen-turn.h"
#include "pen-window.h"

struct _PenEventPanel
{
  PenSection  parent_instance;

  GtkLabel   *title_label;
  GtkLabel   *text_label;
  GtkLabel   *solo_label;
  GtkFlowBox *gains_box;
  GtkButton  *apply_button;
  GtkWidget  *app_box;
  GtkWidget  *roll_button;
  GtkWidget  *faces_button;

  guint       last_position;
  guint       last_deck;
  char       *event;
  GListStore *gains;      /* PenCount: index the wizard, choice the Ingredient, value how many */
};

G_DEFINE_FINAL_TYPE (PenEventPanel, pen_event_panel, PEN_TYPE_SECTION)


/* The Events the app can apply: their effect is printed in the rulebook and mechanical */
static gboolean
is_mechanical (const char *id)
{
  return g_strcmp0 (id, "harvest") == 0;
}

PenAction *
pen_event_panel_get_action (PenEventPanel *self)
{
  GListModel *gains;
  g_autoptr(GArray) wizards = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) counts = g_array_new (FALSE, TRUE, sizeof (guint));
  guint faces[6][PEN_N_INGREDIENTS];
  gboolean known = pen_locations_get_resource_faces (pen_locations_get_default (), faces);

  g_return_val_if_fail (PEN_IS_EVENT_PANEL (self), NULL);

  gains = G_LIST_MODEL (self->gains);
  if (self->event == NULL)
    return NULL;
  for (guint i = 0; i < g_list_model_get_n_items (gains); i++)
    {
      g_autoptr(PenCount) gain = g_list_model_get_item (gains, i);
      guint wizard = pen_count_get_index (gain), ing = pen_count_get_choice (gain);
      guint row = wizards->len;

      /* a die with no face said: not applied until the table says what each die showed, or
       * a wizard would get nothing without a word (play finding X5) */
      if (ing == PEN_N_INGREDIENTS)
        return NULL;
      g_array_append_val (wizards, wizard);
      g_array_set_size (counts, (row + 1) * PEN_N_INGREDIENTS);
      /* a face of those typed in: all it shows (it may show more than one Ingredient) */
      if (ing > PEN_N_INGREDIENTS)
        {
          guint f = ing - PEN_GAIN_ROW_FACE (0);

          if (!known || f >= 6)
            return NULL;
          for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
            g_array_index (counts, guint, row * PEN_N_INGREDIENTS + k) = faces[f][k];
          continue;
        }
      /* a kind said with no count: a face shows at least one Ingredient and the book gives no
       * count, so none is assumed (issue 9) */
      if (pen_count_get_value (gain) == 0)
        return NULL;
      g_array_index (counts, guint, row * PEN_N_INGREDIENTS + ing) = pen_count_get_value (gain);
    }
  if (wizards->len == 0)
    return NULL;
  return pen_action_new_resource_gain (self->event, wizards->len, (guint *) wizards->data,
                                       (guint *) counts->data);
}

static void
update_apply (PenEventPanel *self)
{
  g_autoptr(PenAction) action = pen_event_panel_get_action (self);

  gtk_widget_set_sensitive (GTK_WIDGET (self->apply_button), action != NULL);
}

static void
apply_clicked_cb (PenEventPanel *self)
{
  pen_section_submit_new (PEN_SECTION (self), pen_event_panel_get_action (self));
}

/* The Harvest's dice: one for each wizard, one more for the one who revealed it */
static guint event_owner (PenTable *table);

PenAction *
pen_event_panel_get_roll_action (PenEventPanel *self)
{
  PenTable *table;
  g_autoptr(GArray) wizards = g_array_new (FALSE, FALSE, sizeof (guint));
  guint you;

  g_return_val_if_fail (PEN_IS_EVENT_PANEL (self), NULL);

  table = pen_section_get_table (PEN_SECTION (self));
  if (self->event == NULL || table == NULL || !is_mechanical (self->event)
      || pen_table_get_table_rolls (table)
      || !pen_locations_get_resource_faces (pen_locations_get_default (), NULL))
    return NULL;
  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    g_array_append_val (wizards, w);
  you = event_owner (table);
  g_array_append_val (wizards, you);
  return pen_action_new_resource_roll (self->event, wizards->len, (guint *) wizards->data);
}

/* The app rolls: what each die gave is said at once, the panel going with the step */
static void
roll_clicked_cb (PenEventPanel *self)
{
  PenGame *game = pen_section_get_game (PEN_SECTION (self));
  guint before = game ? pen_game_get_position (game) : 0;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (game == NULL)
    return;
  pen_section_submit_new (PEN_SECTION (self), pen_event_panel_get_roll_action (self));
  if (pen_game_get_position (game) == before + 1 && PEN_IS_WINDOW (root))
    {
      g_autoptr(PenAction) done = g_list_model_get_item (pen_game_get_history (game), before);

      pen_window_toast (PEN_WINDOW (root), pen_action_get_label (done));
    }
}

static void
faces_clicked_cb (PenEventPanel *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  PenResourceFacesDialog *dialog;

  dialog = pen_resource_faces_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* App-dealt play: "The App Rolls" once the faces are known, else the offer to type them */
static void
sync_app_roll (PenEventPanel *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));
  gboolean app = self->event != NULL && is_mechanical (self->event) && table != NULL
                 && !pen_table_get_table_rolls (table);
  gboolean known = pen_locations_get_resource_faces (pen_locations_get_default (), NULL);

  gtk_widget_set_visible (self->app_box, app);
  gtk_widget_set_visible (self->roll_button, app && known);
  gtk_widget_set_visible (self->faces_button, app && !known);
  if (app)
    gtk_label_set_label (self->text_label,
                         known ? _("The app rolls the Resource dice from the faces typed in, or "
                                   "roll them at the table and enter what each gave.")
                               : _("Roll the Resource dice at the table and enter what each "
                                   "gave, or type the die’s faces in once and the app rolls "
                                   "them."));
}

GtkWidget *
pen_event_panel_get_roll_button (PenEventPanel *self)
{
  g_return_val_if_fail (PEN_IS_EVENT_PANEL (self), NULL);
  return self->roll_button;
}

GtkWidget *
pen_event_panel_get_faces_button (PenEventPanel *self)
{
  g_return_val_if_fail (PEN_IS_EVENT_PANEL (self), NULL);
  return self->faces_button;
}

/* Put away, the Event goes as an applied one does: it stands below the turn's buttons, so they
 * stay under the finger (play finding W10), and its space goes with it rather than sit empty
 * until the next step (play finding C4, ~230 px at 360 px) */
static void
done_clicked_cb (PenEventPanel *self)
{
  g_clear_pointer (&self->event, g_free);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

void
pen_event_panel_set_gain (PenEventPanel *self,
                          guint          row,
                          PenIngredient  ingredient,
                          guint          count)
{
  g_autoptr(PenCount) gain = NULL;

  g_return_if_fail (PEN_IS_EVENT_PANEL (self));
  g_return_if_fail (row < g_list_model_get_n_items (G_LIST_MODEL (self->gains)));

  gain = g_list_model_get_item (G_LIST_MODEL (self->gains), row);
  pen_count_set_choice (gain, ingredient);
  pen_count_set_value (gain, count);
}

const char *
pen_event_panel_get_event (PenEventPanel *self)
{
  g_return_val_if_fail (PEN_IS_EVENT_PANEL (self), NULL);

  return self->event;
}

static PenCount *
new_gain (PenEventPanel *self,
          guint          wizard,
          const char    *title)
{
  /* a face of the Resource die shows at most PEN_RESOURCE_FACE_MAX Ingredients */
  PenCount *gain = pen_count_new (wizard, title, PEN_RESOURCE_FACE_MAX, 1);

  /* nothing said until the table says what the die showed (V5) */
  pen_count_set_choice (gain, PEN_N_INGREDIENTS);
  g_signal_connect_object (gain, "notify::value", G_CALLBACK (update_apply), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (gain, "notify::choice", G_CALLBACK (update_apply), self,
                           G_CONNECT_SWAPPED);
  return gain;
}

/* The wizard an Event's "you" is: the one who has just finished the turn (the book) */
static guint
event_owner (PenTable *table)
{
  guint n = pen_table_get_n_players (table);

  return pen_table_get_turn_kind (table) == PEN_TURN_NONE ? (pen_table_get_current (table) + n - 1)
                                                             % n
                                                          : pen_table_get_current (table);
}

/* A solo game: how the Event applies to the Rival (docs/rival.md, *Events and Prophecies*).
 * The book's "you" is whoever revealed the card, the Rival too; the Rival makes no choices, so
 * it takes only what the Event gives or takes in dice and Ingredients. */
static void
show_solo_note (PenEventPanel *self,
                PenTable      *table)
{
  const char *note = NULL;

  if (pen_table_get_solo_level (table) > 0 && pen_table_get_n_players (table) > 0)
    note = pen_wizard_get_rival (pen_table_get_wizard (table, event_owner (table)))
           ? _("The Rival revealed it: “you” on this card is the Rival. Give the Rival what the "
               "Event gives or takes in dice and Ingredients; it makes no choices and ignores "
               "the rest.")
           : _("“You” on this card is you. The Rival takes what the Event gives or takes every "
               "wizard in dice and Ingredients; it makes no choices and ignores the rest.");
  gtk_label_set_label (self->solo_label, note != NULL ? note : "");
  gtk_widget_set_visible (GTK_WIDGET (self->solo_label), note != NULL);
}

const char *
pen_event_panel_get_solo_note (PenEventPanel *self)
{
  g_return_val_if_fail (PEN_IS_EVENT_PANEL (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->solo_label)))
    return NULL;
  return gtk_label_get_label (self->solo_label);
}

static void
show_event (PenEventPanel *self,
            PenTable      *table)
{
  PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), self->event);
  const char *text = card ? pen_card_get_text (card, pen_turn_get_card_language ()) : NULL;
  /* the app knows a mechanical Event's effect whatever language its card is printed in */
  gboolean printed = text != NULL || (card != NULL && pen_card_get_text (card, "en") != NULL);
  g_autofree char *title = g_strdup_printf (_("Event: %s"), pen_turn_card_name (self->event));
  guint n = pen_table_get_n_players (table);
  g_autoptr(GPtrArray) gains = g_ptr_array_new_with_free_func (g_object_unref);
  guint you;

  gtk_label_set_label (self->title_label, title);
  show_solo_note (self, table);
  gtk_widget_set_visible (self->app_box, FALSE);

  if (!printed || (text == NULL && !is_mechanical (self->event)))
    {
      gtk_label_set_label (self->text_label, _("Read the card; the rulebook does not print its "
                                               "text. Apply it at the table and record what "
                                               "changes."));
      g_list_store_remove_all (self->gains);
      gtk_widget_set_visible (GTK_WIDGET (self->gains_box), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->apply_button), FALSE);
      return;
    }
  if (!is_mechanical (self->event))
    {
      gtk_label_set_label (self->text_label, text);
      g_list_store_remove_all (self->gains);
      gtk_widget_set_visible (GTK_WIDGET (self->gains_box), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->apply_button), FALSE);
      return;
    }

  /* Harvest: one Resource die each, one more for the player who revealed it. The die's faces
   * are not printed, so the table tells what each gave. */
  /* the card's text is in the Fate news just above */
  gtk_label_set_label (self->text_label, _("Roll the Resource dice at the table and enter what "
                                           "each gave."));
  you = event_owner (table);
  for (guint w = 0; w < n; w++)
    {
      PenWizard *wizard = pen_table_get_wizard (table, w);

      g_ptr_array_add (gains, new_gain (self, w, pen_wizard_get_display_name (wizard)));
    }
  {
    PenWizard *wizard = pen_table_get_wizard (table, you);
    g_autofree char *second = g_strdup_printf (_("%s, the second die"),
                                               pen_wizard_get_display_name (wizard));
    g_ptr_array_add (gains, new_gain (self, you, second));
  }
  /* a new Event, a new form */
  g_list_store_splice (self->gains, 0, g_list_model_get_n_items (G_LIST_MODEL (self->gains)),
                       gains->pdata, gains->len);
  gtk_widget_set_visible (GTK_WIDGET (self->gains_box), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->apply_button), TRUE);
  update_apply (self);
  sync_app_roll (self);
}

static void
pen_event_panel_position_changed (PenSection *section)
{
  PenEventPanel *self = PEN_EVENT_PANEL (section);
  PenTable *table = pen_section_get_table (PEN_SECTION (self));
  PenGame *game = pen_section_get_game (PEN_SECTION (self));
  guint pos = game ? pen_game_get_position (game) : 0;
  guint deck = table ? g_list_model_get_n_items (pen_table_get_fate_deck (table)) : 0;
  gboolean revealed = FALSE;

  if (table != NULL && pos == self->last_position + 1 && deck + 1 == self->last_deck)
    {
      g_autoptr(PenAction) last = g_list_model_get_item (pen_game_get_history (game), pos - 1);
      const char *kind = pen_action_get_kind (last);

      revealed = g_str_equal (kind, "turn-end") || g_str_equal (kind, "fate-reveal")
                 || g_str_equal (kind, "rival-turn");
    }
  self->last_position = pos;
  self->last_deck = deck;
  /* shown until the next action: any change of position clears it */
  g_clear_pointer (&self->event, g_free);

  if (revealed)
    {
      GListModel *in_play = pen_table_get_in_play (table);

      /* the card revealed last is the newest in play; only an Event concerns this panel */
      for (guint i = g_list_model_get_n_items (in_play); i > 0 && self->event == NULL; i--)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (in_play, i - 1);

          if (g_strcmp0 (pen_table_card_get_zone (tc), "event") == 0)
            self->event = g_strdup (pen_table_card_get_card_id (tc));
          break;
        }
    }
  /* the game over, nothing is left to apply it to */
  if (table != NULL && pen_table_get_phase (table) == PEN_PHASE_ENDED)
    g_clear_pointer (&self->event, g_free);
  if (self->event != NULL)
    show_event (self, table);
  gtk_widget_set_visible (GTK_WIDGET (self), self->event != NULL);
}

/* ---- the object ---- */

static void
pen_event_panel_game_set (PenSection *section,
                          PenGame    *game)
{
  PenEventPanel *self = PEN_EVENT_PANEL (section);

  g_clear_pointer (&self->event, g_free);
  /* only what is revealed from now on */
  self->last_position = game ? pen_game_get_position (game) : 0;
  self->last_deck = game ? g_list_model_get_n_items (pen_table_get_fate_deck (
                                                       pen_game_get_table (game))) : 0;
}

PenEventPanel *
pen_event_panel_new (void)
{
  return g_object_new (PEN_TYPE_EVENT_PANEL, NULL);
}

PenGame *
pen_event_panel_get_game (PenEventPanel *self)
{
  g_return_val_if_fail (PEN_IS_EVENT_PANEL (self), NULL);

  return pen_section_get_game (PEN_SECTION (self));
}

void
pen_event_panel_set_game (PenEventPanel *self,
                          PenGame       *game)
{
  pen_section_set_game (PEN_SECTION (self), game);
}

static void
pen_event_panel_finalize (GObject *object)
{
  PenEventPanel *self = PEN_EVENT_PANEL (object);

  g_clear_pointer (&self->event, g_free);

  G_OBJECT_CLASS (pen_event_panel_parent_class)->finalize (object);
}

static void
pen_event_panel_dispose (GObject *object)
{
  PenEventPanel *self = PEN_EVENT_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_EVENT_PANEL);
  g_clear_object (&self->gains);

  G_OBJECT_CLASS (pen_event_panel_parent_class)->dispose (object);
}



static void
pen_event_panel_class_init (PenEventPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  section_class->game_set = pen_event_panel_game_set;
  section_class->position_changed = pen_event_panel_position_changed;

  object_class->dispose = pen_event_panel_dispose;
  object_class->finalize = pen_event_panel_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-event-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, PenEventPanel, title_label);
  gtk_widget_class_bind_template_child (widget_class, PenEventPanel, text_label);
  gtk_widget_class_bind_template_child (widget_class, PenEventPanel, solo_label);
  gtk_widget_class_bind_template_child (widget_class, PenEventPanel, gains_box);
  gtk_widget_class_bind_template_child (widget_class, PenEventPanel, apply_button);
  gtk_widget_class_bind_template_child (widget_class, PenEventPanel, app_box);
  gtk_widget_class_bind_template_child (widget_class, PenEventPanel, roll_button);
  gtk_widget_class_bind_template_child (widget_class, PenEventPanel, faces_button);
  gtk_widget_class_bind_template_callback (widget_class, roll_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, faces_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, apply_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, done_clicked_cb);
}

/* The rows read the faces when made: made again, their answers the faces or the Ingredients */
static void
faces_known_cb (PenEventPanel *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));

  if (self->event != NULL && table != NULL && is_mechanical (self->event))
    show_event (self, table);
  else
    sync_app_roll (self);
}

static void
pen_event_panel_init (PenEventPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->gains = g_list_store_new (PEN_TYPE_COUNT);
  gtk_flow_box_bind_model (self->gains_box, G_LIST_MODEL (self->gains), pen_gain_row_create,
                           NULL, NULL);
  /* the faces typed in (here or in Preferences): the app can roll them now, and the rows
   * offer them */
  g_signal_connect_object (pen_locations_get_default (), "notify::resource-faces-known",
                           G_CALLBACK (faces_known_cb), self, G_CONNECT_SWAPPED);
}
