/* pen-turn-controls.c: starting a turn (Study, Trial, Rest) and ending it
 *
 * In physical play a Trial or Rest turn ends only once the Fate card the table revealed is
 * named; the Guild's new contract may be named too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-box.h"
#include "pen-fate-choices.h"
#include "pen-picker-row.h"
#include "pen-rival.h"
#include "pen-rule-button.h"
#include "pen-table-util.h"
#include "pen-turn-controls.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

struct _PenTurnControls
{
  PenSection    parent_instance;

  GtkStack     *stack;
  GtkWidget    *start_box;
  GtkWidget    *study_button;
  GtkWidget    *trial_button;
  GtkWidget    *rest_button;
  GtkLabel     *start_hint;
  GtkWidget    *end_box;
  GtkWidget    *end_list;
  GtkWidget    *reveal_row;
  GtkWidget    *contract_reveal_row;
  GtkDropDown  *reveal_drop;
  GtkDropDown  *contract_drop;
  GtkLabel     *end_hint;
  GtkWidget    *end_button;

  PenFateChoices *fate;        /* reveal_drop's cards */
  GPtrArray    *contract_ids;   /* behind each contract_drop item; item 0: none */
  guint         unread_item;    /* contract_drop's "Another Contract: name it later", or
                                 * G_MAXUINT */
  char         *reveal_sig;     /* what the choices were made from */
  guint         warm_id;        /* idle: lays out and draws the page not in view */
  gboolean      warmed;
};

G_DEFINE_FINAL_TYPE (PenTurnControls, pen_turn_controls, PEN_TYPE_SECTION)

/* The Fate cards the table may have turned over (PenFateChoices), and the contracts that
 * may refill the Guild; rebuilt only when what they depend on changed */
static void
update_reveal_choices (PenTurnControls *self,
                       PenTable        *table)
{
  PenGame *game = pen_section_get_game (PEN_SECTION (self));
  g_autoptr(GPtrArray) deck = pen_tu_list_ids (pen_table_get_fate_deck (table));
  g_autoptr(GPtrArray) row = pen_tu_list_ids (pen_table_get_contract_row (table));
  g_autoptr(GString) sig = g_string_new (NULL);
  g_autoptr(GtkStringList) cnames = gtk_string_list_new (NULL);
  GPtrArray *contracts;

  pen_fate_choices_update (self->fate, game, table);
  for (guint i = 0; i < deck->len; i++)
    g_string_append_printf (sig, "%s,", (char *) g_ptr_array_index (deck, i));
  for (guint i = 0; i < row->len; i++)
    g_string_append_printf (sig, "|%s", (char *) g_ptr_array_index (row, i));
  /* in physical play what the deck can give depends on the whole game */
  if (game != NULL)
    g_string_append_printf (sig, "#%u", pen_game_get_position (game));
  if (g_strcmp0 (sig->str, self->reveal_sig) == 0)
    return;
  g_free (self->reveal_sig);
  self->reveal_sig = g_strdup (sig->str);

  /* in physical play exactly the Contracts still possible, then "another card: name it" */
  contracts = pen_tu_drawable_contracts (game, table);
  self->unread_item = G_MAXUINT;
  for (guint i = 0; i < contracts->len; i++)
    gtk_string_list_append (cnames,
                            g_ptr_array_index (contracts, i) == NULL ? _("Unknown")
                            : pen_card_id_is_placeholder (g_ptr_array_index (contracts, i))
                            ? _("Another card: name it")
                            : pen_turn_card_name (g_ptr_array_index (contracts, i)));
  /* the same unnamed card, laid in the Guild without asking its name now: it waits under
   * Cards to Name and on the end sheet (play finding X6: every refill opened the sheet);
   * just before "Another card: name it", which stays last */
  if (pen_table_get_physical (table) && contracts->len > 0
      && g_ptr_array_index (contracts, contracts->len - 1) != NULL
      && pen_card_id_is_placeholder (g_ptr_array_index (contracts, contracts->len - 1)))
    {
      /* as the place dialog's (play finding V7: "A card not read out" was unclear) */
      const char *unread[] = { _("Another Contract: name it later"), NULL };

      self->unread_item = contracts->len - 1;
      g_ptr_array_insert (contracts, (int) self->unread_item,
                          g_strdup (g_ptr_array_index (contracts, contracts->len - 1)));
      gtk_string_list_splice (cnames, self->unread_item, 0, unread);
    }
  g_clear_pointer (&self->contract_ids, g_ptr_array_unref);
  self->contract_ids = contracts;
  gtk_drop_down_set_model (self->contract_drop, G_LIST_MODEL (cnames));
  /* physical play: nothing preselected, the table says what it turned up */
  gtk_drop_down_set_selected (self->contract_drop,
                              contracts->len > 0 && g_ptr_array_index (contracts, 0) == NULL
                              ? 0 : GTK_INVALID_LIST_POSITION);
}

static gboolean
must_name_reveal (PenTable *table)
{
  return table != NULL && pen_table_get_physical (table)
         && (pen_table_get_turn_kind (table) == PEN_TURN_TRIAL
             || pen_table_get_turn_kind (table) == PEN_TURN_REST)
         && g_list_model_get_n_items (pen_table_get_fate_deck (table)) > 0;
}

/* In physical mode a Trial or Rest turn ends only once the revealed Fate card is named */
static void
update_end_button (PenTurnControls *self)
{
  gboolean fate_ok = !must_name_reveal (pen_section_get_table (PEN_SECTION (self)))
                     || pen_fate_choices_get_card (self->fate) != NULL;
  gboolean contract_ok = !gtk_widget_get_visible (self->contract_reveal_row)
                         || pen_tu_card_chosen_or_none (self->contract_drop);

  gtk_widget_set_sensitive (self->end_button, fate_ok && contract_ok);
  /* what is still missing, not always the Fate card (play finding T3) */
  pen_widget_set_tooltip_text (self->end_button,
                               !fate_ok ? _("First pick the Fate card the table revealed")
                               : !contract_ok ? _("First pick the contract the table turned up "
                                                  "in the Guild")
                               : NULL);
}

static void
update_start (PenTurnControls *self,
              PenTable        *table,
              PenWizard       *w)
{
  gboolean must_rest = pen_wizard_get_must_rest (w);

  /* a Mortal Wound makes the next turn a Rest: Rest is suggested, and Study or Trial stay
   * tappable, the core refusing them by rule with Do It Anyway (the table may overrule) */
  gtk_widget_set_sensitive (self->study_button, TRUE);
  gtk_widget_set_sensitive (self->trial_button,
                            g_list_model_get_n_items (pen_table_get_trial_row (table)) > 0
                            || pen_tu_has_reserved_trial (w));
  if (must_rest)
    {
      g_autofree char *why = g_strdup_printf (_("After a Mortal Wound, %s’s next turn must be a "
                                                "Rest."), pen_wizard_get_display_name (w));

      gtk_widget_add_css_class (self->rest_button, "suggested-action");
      gtk_label_set_label (self->start_hint, why);
      pen_widget_set_tooltip_text (self->study_button, why);
      pen_widget_set_tooltip_text (self->trial_button, why);
      gtk_widget_set_visible (GTK_WIDGET (self->start_hint), TRUE);
    }
  else
    {
      gtk_widget_remove_css_class (self->rest_button, "suggested-action");
      pen_widget_set_tooltip_text (self->study_button,
                                   _("Two placements in locations (one in the first round)"));
      pen_widget_set_tooltip_text (self->trial_button, _("Attempt one trial"));
      gtk_label_set_label (self->start_hint,
                           _("First round: a Study turn has a single placement."));
      gtk_widget_set_visible (GTK_WIDGET (self->start_hint),
                              pen_table_get_turn (table) < pen_table_get_n_players (table));
    }
}

/* Starting a turn, or undoing its start, shows the stack's other page: the page not in view
 * when the controls are first shown is laid out and its text drawn ahead, at idle, and not in
 * the frame of that tap (pen_widget_warm_hidden ()). Once shown, a page keeps what it cached. */
static gboolean
warm_cb (gpointer data)
{
  PenTurnControls *self = data;
  GtkWidget *visible = gtk_stack_get_visible_child (self->stack);

  self->warm_id = 0;
  self->warmed = TRUE;
  pen_widget_warm_hidden (visible == self->start_box ? self->end_box : self->start_box,
                          gtk_widget_get_width (GTK_WIDGET (self->stack)));
  return G_SOURCE_REMOVE;
}

static void
pen_turn_controls_map (GtkWidget *widget)
{
  PenTurnControls *self = PEN_TURN_CONTROLS (widget);

  GTK_WIDGET_CLASS (pen_turn_controls_parent_class)->map (widget);
  if (!self->warmed && self->warm_id == 0)
    self->warm_id = g_idle_add_full (G_PRIORITY_LOW, warm_cb, self, NULL);
}

static void
pen_turn_controls_unmap (GtkWidget *widget)
{
  g_clear_handle_id (&PEN_TURN_CONTROLS (widget)->warm_id, g_source_remove);
  GTK_WIDGET_CLASS (pen_turn_controls_parent_class)->unmap (widget);
}

static void
pen_turn_controls_position_changed (PenSection *section)
{
  PenTurnControls *self = PEN_TURN_CONTROLS (section);
  PenTable *table = pen_section_get_table (section);
  PenWizard *w = pen_tu_current_wizard (table);
  PenTurnKind kind;
  PenPhase phase;
  gboolean refresh_turn, physical;
  guint deck;

  phase = table != NULL ? pen_table_get_phase (table) : PEN_PHASE_ENDED;
  /* after the game there is no turn to start or end; the solo Rival's turn is played from
   * its own panel (PenRivalPanel) */
  if (w == NULL || phase == PEN_PHASE_ENDED || pen_rival_is_due (table))
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  kind = pen_table_get_turn_kind (table);
  /* a Trial or Rest turn refreshes the Guild and reveals the next Fate card */
  refresh_turn = kind == PEN_TURN_TRIAL || kind == PEN_TURN_REST;
  physical = pen_table_get_physical (table);
  deck = g_list_model_get_n_items (pen_table_get_fate_deck (table));

  gtk_stack_set_visible_child (self->stack, kind == PEN_TURN_NONE ? self->start_box
                                                                  : self->end_box);
  if (kind == PEN_TURN_NONE)
    update_start (self, table, w);

  gtk_widget_set_visible (self->reveal_row, refresh_turn && physical && deck > 0);
  gtk_widget_set_visible (self->contract_reveal_row, refresh_turn && physical);
  gtk_widget_set_visible (self->end_list, refresh_turn && physical);
  if (refresh_turn && physical)
    update_reveal_choices (self, table);
  update_end_button (self);
  if (!refresh_turn)
    gtk_label_set_label (self->end_hint, _("Temporary dice are discarded at the end of the "
                                           "turn."));
  else if (deck == 0)
    gtk_label_set_label (self->end_hint, _("The Guild row shifts right and refills; the Fate "
                                           "deck is empty."));
  else if (physical)
    gtk_label_set_label (self->end_hint, _("Turn over the next Fate card, then say which it "
                                           "is. The Guild row shifts right and refills."));
  else
    gtk_label_set_label (self->end_hint, _("The app reveals the next Fate card; the Guild row "
                                           "shifts right and refills."));
}

static void
pen_turn_controls_game_set (PenSection *section,
                            PenGame    *game)
{
  g_clear_pointer (&PEN_TURN_CONTROLS (section)->reveal_sig, g_free);
}

void
pen_turn_controls_start_turn (PenTurnControls *self,
                              PenTurnKind      kind)
{
  g_return_if_fail (PEN_IS_TURN_CONTROLS (self));
  g_return_if_fail (kind > PEN_TURN_NONE && kind < PEN_N_TURN_KINDS);

  pen_section_submit_new (PEN_SECTION (self), pen_action_new_turn_start (kind));
}

void
pen_turn_controls_end_turn (PenTurnControls *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));
  const char *reveal = NULL, *contract = NULL;
  const char *unread[3] = { NULL, };
  guint n_unread = 0;
  PenTurnKind kind;

  g_return_if_fail (PEN_IS_TURN_CONTROLS (self));
  if (table == NULL)
    return;
  kind = pen_table_get_turn_kind (table);
  if ((kind == PEN_TURN_TRIAL || kind == PEN_TURN_REST) && pen_table_get_physical (table))
    {
      guint csel = gtk_drop_down_get_selected (self->contract_drop);

      if (g_list_model_get_n_items (pen_table_get_fate_deck (table)) > 0)
        reveal = pen_fate_choices_get_card (self->fate);
      if (self->contract_ids != NULL && csel < self->contract_ids->len)
        contract = g_ptr_array_index (self->contract_ids, csel);
      /* the cards turned up that the naming sheet does not ask about now */
      if (csel == self->unread_item && contract != NULL)
        unread[n_unread++] = contract;
      if (reveal != NULL && pen_fate_choices_get_unread (self->fate))
        unread[n_unread++] = reveal;
      gtk_widget_activate_action (GTK_WIDGET (self), "win.leave-unread", "^as", unread);
    }
  pen_section_submit_new (PEN_SECTION (self), pen_action_new_turn_end (reveal, contract));
}

static void
study_clicked_cb (PenTurnControls *self)
{
  pen_turn_controls_start_turn (self, PEN_TURN_STUDY);
}

static void
trial_clicked_cb (PenTurnControls *self)
{
  pen_turn_controls_start_turn (self, PEN_TURN_TRIAL);
}

static void
rest_clicked_cb (PenTurnControls *self)
{
  pen_turn_controls_start_turn (self, PEN_TURN_REST);
}

static void
end_clicked_cb (PenTurnControls *self)
{
  pen_turn_controls_end_turn (self);
}

static void
pen_turn_controls_dispose (GObject *object)
{
  /* the stack is both the bin's child and a template child: let the bin go first */
  g_clear_handle_id (&PEN_TURN_CONTROLS (object)->warm_id, g_source_remove);
  adw_bin_set_child (ADW_BIN (object), NULL);
  g_clear_object (&PEN_TURN_CONTROLS (object)->fate);
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_TURN_CONTROLS);

  G_OBJECT_CLASS (pen_turn_controls_parent_class)->dispose (object);
}

static void
pen_turn_controls_finalize (GObject *object)
{
  PenTurnControls *self = PEN_TURN_CONTROLS (object);

  g_clear_pointer (&self->contract_ids, g_ptr_array_unref);
  g_free (self->reveal_sig);

  G_OBJECT_CLASS (pen_turn_controls_parent_class)->finalize (object);
}

static void
pen_turn_controls_class_init (PenTurnControlsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_turn_controls_dispose;
  object_class->finalize = pen_turn_controls_finalize;
  widget_class->map = pen_turn_controls_map;
  widget_class->unmap = pen_turn_controls_unmap;
  section_class->game_set = pen_turn_controls_game_set;
  section_class->position_changed = pen_turn_controls_position_changed;

  g_type_ensure (PEN_TYPE_RULE_BUTTON);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-turn-controls.ui");
  gtk_widget_class_bind_template_child (widget_class, PenTurnControls, stack);
  gtk_widget_class_bind_template_child (widget_class, PenTurnControls, start_box);
  gtk_widget_class_bind_template_child (widget_class, PenTurnControls, study_button);
  gtk_widget_class_bind_template_child (widget_class, PenTurnControls, trial_button);
  gtk_widget_class_bind_template_child (widget_class, PenTurnControls, rest_button);
  gtk_widget_class_bind_template_child (widget_class, PenTurnControls, start_hint);
  gtk_widget_class_bind_template_child (widget_class, PenTurnControls, end_box);
  gtk_widget_class_bind_template_child (widget_class, PenTurnControls, end_list);
  gtk_widget_class_bind_template_child (widget_class, PenTurnControls, reveal_row);
  gtk_widget_class_bind_template_child (widget_class, PenTurnControls, contract_reveal_row);
  gtk_widget_class_bind_template_child (widget_class, PenTurnControls, reveal_drop);
  gtk_widget_class_bind_template_child (widget_class, PenTurnControls, contract_drop);
  gtk_widget_class_bind_template_child (widget_class, PenTurnControls, end_hint);
  gtk_widget_class_bind_template_child (widget_class, PenTurnControls, end_button);
  gtk_widget_class_bind_template_callback (widget_class, study_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, trial_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, rest_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, end_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, update_end_button);
}

static void
pen_turn_controls_init (PenTurnControls *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->unread_item = G_MAXUINT;
  self->fate = pen_fate_choices_new (self->reveal_drop);
  pen_fate_choices_set_offer_unread (self->fate, TRUE);
  /* the question above its drop-down, so that it wraps by words at 360 px */
  pen_picker_row_stack_action_row (ADW_ACTION_ROW (self->reveal_row),
                                   GTK_WIDGET (self->reveal_drop));
  pen_picker_row_stack_action_row (ADW_ACTION_ROW (self->contract_reveal_row),
                                   GTK_WIDGET (self->contract_drop));
  pen_drop_down_keep_scroll (self->reveal_drop);
  pen_drop_down_keep_scroll (self->contract_drop);
  pen_widget_set_accessible_label (GTK_WIDGET (self->reveal_drop), _("Fate card revealed"));
  pen_widget_set_accessible_label (GTK_WIDGET (self->contract_drop),
                                   _("New contract in the Guild"));
}
