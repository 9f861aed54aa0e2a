/* pen-in-play-row.c: a prophecy, goal or event in play; a prophecy the table confirms has its
 * "Fulfilled" button, one the app judges its state and an "Overrule" button (the core refuses
 * by rule, and the refusal offers Do It Anyway)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-card.h"
#include "pen-in-play-row.h"
#include "pen-table-util.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

struct _PenInPlayRow
{
  AdwActionRow  parent_instance;

  GtkWidget    *done;
  GtkWidget    *fulfil;
  GtkWidget    *overrule;

  PenTableCard *card;
};

G_DEFINE_FINAL_TYPE (PenInPlayRow, pen_in_play_row, ADW_TYPE_ACTION_ROW)

/* The state of a prophecy the app can judge, or NULL when the table confirms it; met says
 * whether its condition holds now */
static char *
prophecy_state (PenTable   *table,
                const char *id,
                gboolean   *met)
{
  *met = pen_turn_prophecy_checkable (id) && pen_turn_prophecy_met (table, id);
  if (g_str_equal (id, "end-of-time"))
    {
      guint n = g_list_model_get_n_items (pen_table_get_fate_deck (table));

      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Fulfilled when the Fate deck is empty: %u card left",
                                           "Fulfilled when the Fate deck is empty: %u cards left",
                                           n), n);
    }
  if (g_str_equal (id, "unity"))
    {
      g_autoptr(GString) s = g_string_new (_("Every wizard passes three trials:"));

      for (guint i = 0; i < pen_table_get_n_players (table); i++)
        {
          PenWizard *w = pen_table_get_wizard (table, i);

          g_string_append_printf (s, " %s %u/3", pen_wizard_get_display_name (w),
                                  MIN (pen_turn_count_trials (w), 3));
          if (i + 1 < pen_table_get_n_players (table))
            g_string_append_c (s, ',');
        }
      return g_string_free (g_steal_pointer (&s), FALSE);
    }
  return NULL;
}

void
pen_in_play_row_update (PenInPlayRow *self,
                        PenTable     *table)
{
  const char *id = pen_table_card_get_card_id (self->card);
  const char *zone = pen_table_card_get_zone (self->card);
  const char *text = pen_tu_card_text (id);
  gboolean done = FALSE, fulfil = FALSE, overrule = FALSE;
  g_autofree char *title = NULL, *sub = NULL;

  g_return_if_fail (PEN_IS_IN_PLAY_ROW (self));

  if (g_strcmp0 (zone, "prophecy") == 0 && id != NULL)
    {
      gboolean met = FALSE;
      g_autofree char *state = prophecy_state (table, id, &met);
      gboolean playing = pen_table_get_phase (table) == PEN_PHASE_PLAYING;

      /* an unnamed one says "Prophecy" in its own name already (play finding W7) */
      if (pen_card_id_is_placeholder (id))
        title = g_strdup (pen_turn_card_name (id));
      else
        title = g_strdup_printf (_("Prophecy: %s"), pen_turn_card_name (id));
      if (g_strcmp0 (pen_table_get_ended_by (table), id) == 0)
        {
          done = TRUE;
          sub = g_strdup (_("Fulfilled: the final round is on"));
        }
      else if (state != NULL && met && playing)
        {
          /* the app sees it fulfilled: the end of this turn starts the final round */
          done = TRUE;
          sub = g_strdup (_("Fulfilled: the final round begins when this turn ends"));
        }
      else if (state != NULL && met)
        {
          /* met after another prophecy ended the game (End of Time and Unity at the same turn
           * end): it is fulfilled all the same, the final round is simply already on */
          done = TRUE;
          sub = g_strdup (pen_table_get_phase (table) == PEN_PHASE_FINAL_ROUND
                          ? _("Fulfilled too: the final round is already on")
                          : _("Fulfilled"));
        }
      else if (state != NULL)
        {
          /* the app judges it; the table may still overrule the app's count */
          g_autofree char *acc = g_strdup_printf (_("The table says %s is fulfilled"),
                                                  pen_turn_card_name (id));

          sub = g_steal_pointer (&state);
          overrule = playing;
          pen_widget_set_tooltip_text (self->overrule, acc);
          pen_widget_set_accessible_label (self->overrule, acc);
        }
      else
        {
          g_autofree char *acc = g_strdup_printf (_("%s is fulfilled"), pen_turn_card_name (id));

          sub = g_strdup_printf ("%s%s%s", text ? text : "", text ? " · " : "",
                                 _("The table confirms it"));
          fulfil = pen_table_get_phase (table) == PEN_PHASE_PLAYING;
          pen_widget_set_tooltip_text (self->fulfil, acc);
          pen_widget_set_accessible_label (self->fulfil, acc);
        }
    }
  else if (g_strcmp0 (zone, "goal") == 0)
    {
      title = g_strdup_printf (_("Goal: %s"), pen_turn_card_name (id));
      sub = g_strdup (text ? text : _("Scored at the end of the game"));
    }
  else if (g_strcmp0 (zone, "event") == 0)
    {
      title = g_strdup_printf (_("Event: %s"), pen_turn_card_name (id));
      sub = g_strdup (text ? text : _("Read the card to the table"));
    }
  else
    {
      title = g_strdup (pen_turn_card_name (id));
      sub = g_strdup (text ? text : "");
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), sub);
  gtk_widget_set_visible (self->done, done);
  gtk_widget_set_visible (self->fulfil, fulfil);
  gtk_widget_set_visible (self->overrule, overrule);
}

static void
when_response_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  PenInPlayRow     *self)
{
  if (g_strcmp0 (response, "last") == 0 || g_strcmp0 (response, "this") == 0)
    pen_tu_submit (GTK_WIDGET (self),
                   pen_action_new_prophecy_fulfil (pen_table_card_get_card_id (self->card),
                                                   g_str_equal (response, "last")));
  g_object_unref (self);
}

static void
confirm_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     PenInPlayRow     *self)
{
  if (g_strcmp0 (response, "fulfil") == 0)
    pen_tu_submit (GTK_WIDGET (self),
                   pen_action_new_prophecy_fulfil (pen_table_card_get_card_id (self->card),
                                                   FALSE));
  g_object_unref (self);
}

/* In a turn, a prophecy confirmed starts the game's last round: one stray tap beside the
 * Markets' buttons changed the whole game (play finding X7), so the table says it once more.
 * The book (Prophecies): "the current player finishes their turn as usual, after which all
 * players take one more turn each" */
static void
confirm_fulfil (PenInPlayRow *self)
{
  const char *id = pen_table_card_get_card_id (self->card);
  /* Translators: the heading of a confirmation, "Guild Revival Fulfilled?" */
  g_autofree char *heading = g_strdup_printf (_("%s Fulfilled?"), pen_turn_card_name (id));
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
      GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), heading,
      _("This turn ends as usual, then everyone has one more turn, and the game ends.")));
  gtk_widget_set_name (GTK_WIDGET (dialog), "prophecy-confirm");
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"),
                                    /* Translators: the answer that confirms a prophecy */
                                    "fulfil", C_("prophecy", "_Fulfilled"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "fulfil", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (confirm_response_cb), g_object_ref (self));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Between two turns the table says on which one the prophecy came true: the book gives every
 * player one more turn after the turn it came true on, so the count differs by one (play
 * finding R18: a prophecy revealed already fulfilled at a turn's end, confirmed before the next
 * player chose a turn, gave that player two turns) */
static void
fulfil (PenInPlayRow *self,
        gboolean      confirm)
{
  PenSection *section = pen_tu_section (GTK_WIDGET (self));
  PenTable *table = section != NULL ? pen_section_get_table (section) : NULL;
  guint n = table != NULL ? pen_table_get_n_players (table) : 0;
  AdwMessageDialog *dialog;
  PenWizard *last, *now;
  g_autofree char *on_last = NULL, *on_this = NULL;

  if (table == NULL || n == 0 || pen_table_get_turn (table) == 0
      || pen_table_get_turn_kind (table) != PEN_TURN_NONE
      || pen_table_get_phase (table) != PEN_PHASE_PLAYING)
    {
      if (confirm)
        confirm_fulfil (self);
      else
        pen_tu_submit (GTK_WIDGET (self),
                       pen_action_new_prophecy_fulfil (pen_table_card_get_card_id (self->card),
                                                       FALSE));
      return;
    }
  now = pen_table_get_wizard (table, pen_table_get_current (table));
  last = pen_table_get_wizard (table, (pen_table_get_current (table) + n - 1) % n);
  /* Translators: the prophecy came true on this player's turn, which has just ended */
  on_last = g_strdup_printf (_("On %s's Turn, Just Ended"), pen_wizard_get_display_name (last));
  /* Translators: the prophecy comes true on this player's turn, which is beginning */
  on_this = g_strdup_printf (_("On %s's Turn, Now"), pen_wizard_get_display_name (now));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
      GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), _("When Did It Come True?"),
      _("After the turn a prophecy comes true on, every player has one more turn. One revealed "
        "already fulfilled came true on the turn that revealed it.")));
  gtk_widget_set_name (GTK_WIDGET (dialog), "prophecy-when");
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "this", on_this,
                                    "last", on_last, NULL);
  adw_message_dialog_set_response_appearance (dialog, "last", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "last");
  adw_message_dialog_set_close_response (dialog, "cancel");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (when_response_cb), g_object_ref (self));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
fulfil_clicked_cb (PenInPlayRow *self)
{
  fulfil (self, TRUE);
}

/* "Overrule…": the core refuses a prophecy its count says is not met, and its refusal asks the
 * table once more (Do It Anyway) */
static void
overrule_clicked_cb (PenInPlayRow *self)
{
  fulfil (self, FALSE);
}

static void
pen_in_play_row_dispose (GObject *object)
{
  PenInPlayRow *self = PEN_IN_PLAY_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_IN_PLAY_ROW);
  g_clear_object (&self->card);

  G_OBJECT_CLASS (pen_in_play_row_parent_class)->dispose (object);
}

static void
pen_in_play_row_class_init (PenInPlayRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_in_play_row_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-in-play-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenInPlayRow, done);
  gtk_widget_class_bind_template_child (widget_class, PenInPlayRow, fulfil);
  gtk_widget_class_bind_template_child (widget_class, PenInPlayRow, overrule);
  gtk_widget_class_bind_template_callback (widget_class, fulfil_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, overrule_clicked_cb);
}

static void
pen_in_play_row_init (PenInPlayRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_widget_set_accessible_label (self->done, _("Fulfilled"));
}

GtkWidget *
pen_in_play_row_new (PenTableCard *card)
{
  PenInPlayRow *self = g_object_new (PEN_TYPE_IN_PLAY_ROW, NULL);

  self->card = g_object_ref (card);
  return GTK_WIDGET (self);
}
