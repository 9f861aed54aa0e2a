/* pen-reward-cards-dialog.c: which cards a passed Trial's or a fulfilled Contract's reward gives
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "pen-box.h"
#include "pen-picker-row.h"
#include "pen-reward-cards-dialog.h"
#include "pen-turn.h"

struct _PenRewardCardsDialog
{
  AdwMessageDialog  parent_instance;

  PenGame          *game;
  PenAction        *take;
  GListStore       *rows;      /* PenPickerRow, one per card */
  GPtrArray        *choices;   /* per row: GPtrArray of PenRewardChoice */
  GArray           *kinds;     /* per row: PenRewardCard */
  GPtrArray        *reveals;   /* per row: the PenPickerRow of the card turned up, or NULL */
  GPtrArray        *draws;     /* per row: the ids reveals offers (GPtrArray), or NULL */
};

G_DEFINE_FINAL_TYPE (PenRewardCardsDialog, pen_reward_cards_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum {
  SUBMIT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Whether take is a Contract fulfilled: a contract-take, or a Guild placement naming one */
static gboolean
take_is_contract (PenAction *take)
{
  JsonObject *params = pen_action_get_params (take);

  return g_str_equal (pen_action_get_kind (take), "contract-take")
         || (g_str_equal (pen_action_get_kind (take), "place")
             && (json_object_has_member (params, "slot")
                 || json_object_has_member (params, "contract")));
}

/* the card of take: a Trial's "card", or the Trial row's card at "index"; a Contract's reserved
 * "card" ("contract" for a placement), or the Guild row's card at "slot" */
static char *
take_card (PenGame   *game,
           PenAction *take)
{
  JsonObject *params = pen_action_get_params (take);
  gboolean contract = take_is_contract (take);
  const char *named = !contract ? "card"
                      : g_str_equal (pen_action_get_kind (take), "place") ? "contract" : "card";
  PenTable *table = pen_game_get_table (game);
  GListModel *row = contract ? pen_table_get_contract_row (table)
                             : pen_table_get_trial_row (table);
  gint64 index = json_object_get_int_member_with_default (params, contract ? "slot" : "index",
                                                          -1);
  g_autoptr(PenTableCard) tc = NULL;

  if (json_object_has_member (params, named))
    return g_strdup (json_object_get_string_member_with_default (params, named, NULL));
  if (index < 0 || index >= g_list_model_get_n_items (row))
    return NULL;
  tc = g_list_model_get_item (row, (guint) index);
  return g_strdup (pen_table_card_get_card_id (tc));
}

/* The reward take gives as the catalogue knows it: a Trial path's, or a Contract's */
static gboolean
lookup_reward (PenGame       *game,
               PenAction     *take,
               PenCardReward *reward,
               guint         *wizard)
{
  JsonObject *params = pen_action_get_params (take);
  g_autofree char *card = take_card (game, take);
  const char *path = json_object_get_string_member_with_default (params, "path", NULL);
  PenTable *table = pen_game_get_table (game);

  memset (reward, 0, sizeof *reward);
  *wizard = (guint) json_object_get_int_member_with_default (params, "wizard", 0);
  if (card == NULL || *wizard >= pen_table_get_n_players (table)
      || pen_wizard_get_rival (pen_table_get_wizard (table, *wizard)))
    return FALSE;
  if (take_is_contract (take))
    return pen_card_reward_lookup (card, reward);
  if (path == NULL || pen_path_from_string (path) < 0)
    return FALSE;
  return pen_card_path_reward_lookup (card, pen_path_from_string (path), reward);
}

gboolean
pen_reward_cards_needed (PenGame   *game,
                         PenAction *take)
{
  PenCardReward reward;
  guint wizard;

  g_return_val_if_fail (PEN_IS_GAME (game), FALSE);
  g_return_val_if_fail (PEN_IS_ACTION (take), FALSE);

  if ((g_strcmp0 (pen_action_get_kind (take), "trial-take") != 0 && !take_is_contract (take))
      || json_object_has_member (pen_action_get_params (take), "reward_cards")
      || !lookup_reward (game, take, &reward, &wizard))
    return FALSE;
  for (guint k = 0; k < PEN_N_REWARD_CARDS; k++)
    if (reward.cards[k] > 0)
      return TRUE;
  return FALSE;
}

GListModel *
pen_reward_cards_dialog_get_rows (PenRewardCardsDialog *self)
{
  g_return_val_if_fail (PEN_IS_REWARD_CARDS_DIALOG (self), NULL);
  return G_LIST_MODEL (self->rows);
}

PenPickerRow *
pen_reward_cards_dialog_get_reveal (PenRewardCardsDialog *self,
                                    guint                 row)
{
  g_return_val_if_fail (PEN_IS_REWARD_CARDS_DIALOG (self), NULL);
  return row < self->reveals->len ? g_ptr_array_index (self->reveals, row) : NULL;
}

/* The choice row i's picker shows, or NULL while none is chosen */
static PenRewardChoice *
row_choice (PenRewardCardsDialog *self,
            guint                 i)
{
  g_autoptr(PenPickerRow) row = g_list_model_get_item (G_LIST_MODEL (self->rows), i);
  GPtrArray *choices = g_ptr_array_index (self->choices, i);
  guint selected = pen_picker_row_get_selected (row);

  return selected > 0 && selected <= choices->len ? g_ptr_array_index (choices, selected - 1)
                                                  : NULL;
}

/* "Take the Cards" once every card is said, each row's card never another row's */
static void
update_cb (PenRewardCardsDialog *self)
{
  gboolean ready = TRUE;

  /* a table that says its markets: the card turned up in the place of a market card taken */
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->rows)); i++)
    {
      GtkWidget *reveal = g_ptr_array_index (self->reveals, i);
      PenRewardChoice *mine = row_choice (self, i);

      if (reveal != NULL)
        gtk_widget_set_visible (reveal, mine != NULL && mine->market);
    }

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->rows)) && ready; i++)
    {
      PenRewardChoice *mine = row_choice (self, i);

      if (mine == NULL)
        {
          ready = FALSE;
          break;
        }
      /* the same named card twice: one card cannot be gained twice */
      for (guint j = 0; j < i && mine->card != NULL; j++)
        {
          PenRewardChoice *theirs = row_choice (self, j);

          if (theirs != NULL && g_strcmp0 (theirs->card, mine->card) == 0)
            ready = FALSE;
        }
    }
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "take", ready);
}

static void
pen_reward_cards_dialog_response (AdwMessageDialog *dialog,
                                  const char       *response)
{
  PenRewardCardsDialog *self = PEN_REWARD_CARDS_DIALOG (dialog);

  if (g_str_equal (response, "take"))
    {
      PenAction *take = self->take;

      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->rows)); i++)
        {
          PenRewardChoice *mine = row_choice (self, i);
          GtkWidget *reveal = g_ptr_array_index (self->reveals, i);
          GPtrArray *draws = g_ptr_array_index (self->draws, i);
          guint turned = reveal != NULL && gtk_widget_get_visible (reveal)
                         ? pen_picker_row_get_selected (PEN_PICKER_ROW (reveal)) : 0;

          if (mine != NULL)
            pen_reward_card_add (self->game, take, g_array_index (self->kinds, PenRewardCard, i),
                                 mine, turned > 0 && draws != NULL && turned <= draws->len
                                       ? g_ptr_array_index (draws, turned - 1) : NULL);
        }
      g_signal_emit (self, signals[SUBMIT], 0, take);
    }
  else if (g_str_equal (response, "skip"))
    g_signal_emit (self, signals[SUBMIT], 0, self->take);
  if (ADW_MESSAGE_DIALOG_CLASS (pen_reward_cards_dialog_parent_class)->response != NULL)
    ADW_MESSAGE_DIALOG_CLASS (pen_reward_cards_dialog_parent_class)->response (dialog, response);
}

static void
pen_reward_cards_dialog_dispose (GObject *object)
{
  PenRewardCardsDialog *self = PEN_REWARD_CARDS_DIALOG (object);

  g_clear_object (&self->game);
  g_clear_object (&self->take);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->choices, g_ptr_array_unref);
  g_clear_pointer (&self->kinds, g_array_unref);
  g_clear_pointer (&self->reveals, g_ptr_array_unref);
  g_clear_pointer (&self->draws, g_ptr_array_unref);

  G_OBJECT_CLASS (pen_reward_cards_dialog_parent_class)->dispose (object);
}

static void
pen_reward_cards_dialog_class_init (PenRewardCardsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);

  object_class->dispose = pen_reward_cards_dialog_dispose;
  dialog_class->response = pen_reward_cards_dialog_response;

  /* the trial-take to submit, with the cards chosen or without them */
  signals[SUBMIT] = g_signal_new ("submit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_ACTION);
}

static void
draws_free (gpointer draws)
{
  if (draws != NULL)
    g_ptr_array_unref (draws);
}

static void
pen_reward_cards_dialog_init (PenRewardCardsDialog *self)
{
  self->rows = g_list_store_new (PEN_TYPE_PICKER_ROW);
  self->choices = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  self->kinds = g_array_new (FALSE, FALSE, sizeof (PenRewardCard));
  self->reveals = g_ptr_array_new ();
  self->draws = g_ptr_array_new_with_free_func (draws_free);
}

PenRewardCardsDialog *
pen_reward_cards_dialog_new (GtkWindow *parent,
                             PenGame   *game,
                             PenAction *take)
{
  PenRewardCardsDialog *self;
  PenCardReward reward;
  GtkWidget *list, *scrolled;
  g_autofree char *card = NULL, *body = NULL;
  guint wizard = 0;

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);
  g_return_val_if_fail (PEN_IS_ACTION (take), NULL);

  self = g_object_new (PEN_TYPE_REWARD_CARDS_DIALOG, "transient-for", parent, "modal", TRUE,
                       NULL);
  gtk_widget_set_name (GTK_WIDGET (self), "reward-cards");
  self->game = g_object_ref (game);
  self->take = g_object_ref (take);
  card = take_card (game, take);
  lookup_reward (game, take, &reward, &wizard);

  adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (self), _("The Reward’s Cards"));
  body = g_strdup_printf (_("%s gains cards by the reward of %s: each from its market or "
                            "from the top of its deck. A card taken from a market is "
                            "replaced from its deck."),
                          pen_wizard_get_display_name (pen_table_get_wizard
                                                         (pen_game_get_table (game), wizard)),
                          card != NULL ? pen_turn_card_name (card) : "");
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), body);

  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint k = 0; k < PEN_N_REWARD_CARDS; k++)
    for (guint n = 0; n < reward.cards[k]; n++)
      {
        g_autoptr(GPtrArray) choices = pen_reward_card_choices (game, wizard, k);
        g_autoptr(GtkStringList) items = gtk_string_list_new (NULL);
        GtkWidget *row;
        PenRewardCard kind = k;
        const char *title = k == PEN_REWARD_POTION ? _("Potion gained")
                            : k == PEN_REWARD_ARTIFACT ? _("Artifact gained")
                            : _("Discipline card gained");

        gtk_string_list_append (items, "—");
        for (guint i = 0; i < choices->len; i++)
          gtk_string_list_append (items,
                                  ((PenRewardChoice *) g_ptr_array_index (choices, i))->label);
        row = pen_picker_row_new (title, G_LIST_MODEL (items));
        pen_picker_row_narrow_drop_down (pen_picker_row_get_drop_down (PEN_PICKER_ROW (row)));
        g_signal_connect_object (row, "notify::selected", G_CALLBACK (update_cb), self,
                                 G_CONNECT_SWAPPED);
        gtk_list_box_append (GTK_LIST_BOX (list), row);
        g_list_store_append (self->rows, row);
        /* a table that says its markets: which card it turned up in the place of one taken,
         * as a purchase asks ("—": not said, named later) */
        if (k != PEN_REWARD_DISCIPLINE && pen_table_get_table_markets (pen_game_get_table (game)))
          {
            g_autoptr(GPtrArray) draws = pen_draw_candidates (game, k == PEN_REWARD_POTION
                                                                    ? PEN_DRAW_POTION
                                                                    : PEN_DRAW_ARTIFACT);
            g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
            GtkWidget *reveal;

            gtk_string_list_append (names, "—");
            for (guint i = 0; i < draws->len; i++)
              gtk_string_list_append (names, pen_turn_card_name (g_ptr_array_index (draws, i)));
            reveal = pen_picker_row_new (k == PEN_REWARD_POTION
                                         ? _("Potion turned up in the Brewery")
                                         : _("Artifact turned up in the Shop"),
                                         G_LIST_MODEL (names));
            pen_picker_row_narrow_drop_down (pen_picker_row_get_drop_down
                                               (PEN_PICKER_ROW (reveal)));
            gtk_widget_set_visible (reveal, FALSE);
            gtk_list_box_append (GTK_LIST_BOX (list), reveal);
            g_ptr_array_add (self->reveals, reveal);
            g_ptr_array_add (self->draws, g_steal_pointer (&draws));
          }
        else
          {
            g_ptr_array_add (self->reveals, NULL);
            g_ptr_array_add (self->draws, NULL);
          }
        g_ptr_array_add (self->choices, g_steal_pointer (&choices));
        g_array_append_val (self->kinds, kind);
      }
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 360);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), list);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (self), scrolled);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (self),
                                    "skip", _("_Skip"),
                                    "take", _("_Take the Cards"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (self), "take",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (self), "take");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (self), "skip");
  update_cb (self);
  return self;
}
