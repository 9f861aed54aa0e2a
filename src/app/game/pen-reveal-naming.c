/* pen-reveal-naming.c: the cards a turn's end turned face up, named by the table at once
 *
 * The table turns a card over at the end of a Trial or Rest turn (the Fate card, the Guild's
 * new Contract): that is when it holds the card and can read it out (issue 9, play finding
 * Q8). Undo and redo never ask again: only an action the window submits is watched, and the
 * turn that ends the game asks nothing (play finding W7).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-box.h"
#include "pen-card-name-dialog.h"
#include "pen-reveal-naming.h"

struct _PenRevealNaming
{
  GObject     parent_instance;

  GtkWindow  *parent;      /* weak */
  PenGame    *game;
  GtkWindow  *dialog;      /* weak: the one open now */
  GHashTable *before;      /* the unnamed face-up cards when the watched action was sent */
  guint       position;    /* the game's position then */
  gboolean    expecting;
  GQueue      queue;       /* the card ids still to ask, in table order */
  GHashTable *unread;      /* cards the table turned up and chose not to read out now */
};

G_DEFINE_FINAL_TYPE (PenRevealNaming, pen_reveal_naming, G_TYPE_OBJECT)

enum {
  SUBMIT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GHashTable *
unidentified_set (PenGame *game)
{
  g_autoptr(GPtrArray) open = pen_box_list_unidentified (pen_game_get_table (game));
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < open->len; i++)
    g_hash_table_add (set, g_strdup (((PenCardSighting *) g_ptr_array_index (open, i))->card));
  return set;
}

static gboolean
is_turn_end (PenAction *action)
{
  const char *kind = pen_action_get_kind (action);

  return g_strcmp0 (kind, "turn-end") == 0 || g_strcmp0 (kind, "rival-turn") == 0;
}

/* A placement is watched too: the Discipline card a Class gave is in the wizard's hand, and
 * an unnamed one is named then, with the Arcana printed in its cost (play finding R10) */
static gboolean
is_watched (PenAction *action)
{
  return is_turn_end (action) || g_strcmp0 (pen_action_get_kind (action), "place") == 0;
}

static void ask_next (PenRevealNaming *self);

static void
dialog_submit_cb (PenRevealNaming *self,
                  PenAction       *action)
{
  g_signal_emit (self, signals[SUBMIT], 0, action);
}

/* "Name It" or "Later": the next card */
static void
dialog_response_cb (PenRevealNaming *self)
{
  g_clear_weak_pointer (&self->dialog);
  ask_next (self);
}

static void
ask_next (PenRevealNaming *self)
{
  g_autoptr(GHashTable) open = NULL;
  PenCardNameDialog *dialog;
  char *card;

  if (self->dialog != NULL || self->game == NULL || g_queue_is_empty (&self->queue))
    return;
  open = unidentified_set (self->game);
  /* a card named meanwhile (or undone away) is not asked */
  while ((card = g_queue_pop_head (&self->queue)) != NULL && !g_hash_table_contains (open, card))
    g_free (card);
  if (card == NULL)
    return;
  dialog = pen_card_name_dialog_new (self->parent, self->game, card);
  g_free (card);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  g_set_weak_pointer (&self->dialog, GTK_WINDOW (dialog));
  g_signal_connect_object (dialog, "submit", G_CALLBACK (dialog_submit_cb), self,
                           G_CONNECT_SWAPPED);
  /* after the dialog's own handler, which emitted "submit" */
  g_signal_connect_object (dialog, "response", G_CALLBACK (dialog_response_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  /* after any other sheet open now (the Rival's Trial, a refusal): one at a time */
  pen_card_name_dialog_present_queued (dialog, FALSE);
}

static void
position_cb (PenRevealNaming *self)
{
  GListModel *history = pen_game_get_history (self->game);
  guint position = pen_game_get_position (self->game);
  g_autoptr(PenAction) last = NULL;
  g_autoptr(GPtrArray) open = NULL;
  /* what the table left unread is about the action applied now only */
  g_autoptr(GHashTable) unread = g_steal_pointer (&self->unread);
  gboolean expected = self->expecting;
  PenPhase phase;

  self->unread = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  /* any change ends the watch: a refusal cancelled, then another action, asks nothing */
  self->expecting = FALSE;
  if (!expected || position != self->position + 1)
    return;
  last = g_list_model_get_item (history, position - 1);
  if (last == NULL || !is_watched (last))
    return;
  /* the game is over: a card turned up now no longer matters, and one that scores is asked
   * on the end sheet (play finding W7); in the final round neither does a refill of the
   * Guild or the Fate card: the few turns left name a card when a wizard takes it, the end
   * sheet the ones that score (play finding Z8: a sheet at every refill of the last round) */
  phase = pen_table_get_phase (pen_game_get_table (self->game));
  if (phase == PEN_PHASE_ENDED || (phase == PEN_PHASE_FINAL_ROUND && is_turn_end (last)))
    {
      g_clear_pointer (&self->before, g_hash_table_unref);
      return;
    }
  if (!is_turn_end (last))
    {
      /* the card taken at a Class (the core writes it into the action), not the market's
       * refill: that one is named when a wizard takes it */
      JsonObject *params = pen_action_get_params (last);
      const char *card = json_object_has_member (params, "card")
                         ? json_object_get_string_member_with_default (params, "card", NULL)
                         : NULL;
      g_autoptr(GHashTable) now = unidentified_set (self->game);

      if (card != NULL && pen_card_id_is_placeholder (card) && g_hash_table_contains (now, card))
        g_queue_push_tail (&self->queue, g_strdup (card));
      g_clear_pointer (&self->before, g_hash_table_unref);
      ask_next (self);
      return;
    }
  open = pen_box_list_unidentified (pen_game_get_table (self->game));
  for (guint i = 0; i < open->len; i++)
    {
      const char *card = ((PenCardSighting *) g_ptr_array_index (open, i))->card;

      if (!g_hash_table_contains (self->before, card) && !g_hash_table_contains (unread, card))
        g_queue_push_tail (&self->queue, g_strdup (card));
    }
  g_clear_pointer (&self->before, g_hash_table_unref);
  ask_next (self);
}

void
pen_reveal_naming_set_game (PenRevealNaming *self,
                            PenGame         *game)
{
  g_return_if_fail (PEN_IS_REVEAL_NAMING (self));
  g_return_if_fail (game == NULL || PEN_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  self->expecting = FALSE;
  g_clear_pointer (&self->before, g_hash_table_unref);
  g_queue_clear_full (&self->queue, g_free);
  g_hash_table_remove_all (self->unread);
  if (game != NULL)
    g_signal_connect_object (game, "notify::position", G_CALLBACK (position_cb), self,
                             G_CONNECT_SWAPPED);
}

void
pen_reveal_naming_expect (PenRevealNaming *self,
                          PenAction       *action)
{
  g_return_if_fail (PEN_IS_REVEAL_NAMING (self));
  g_return_if_fail (PEN_IS_ACTION (action));

  if (self->game == NULL || !is_watched (action))
    return;
  g_clear_pointer (&self->before, g_hash_table_unref);
  self->before = unidentified_set (self->game);
  self->position = pen_game_get_position (self->game);
  self->expecting = TRUE;
}

void
pen_reveal_naming_leave_unread (PenRevealNaming    *self,
                                const char * const *cards)
{
  g_return_if_fail (PEN_IS_REVEAL_NAMING (self));

  /* only the latest say counts (an action refused and cancelled leaves its own behind) */
  g_hash_table_remove_all (self->unread);
  for (guint i = 0; cards != NULL && cards[i] != NULL; i++)
    g_hash_table_add (self->unread, g_strdup (cards[i]));
}

static void
pen_reveal_naming_finalize (GObject *object)
{
  PenRevealNaming *self = PEN_REVEAL_NAMING (object);

  g_hash_table_unref (self->unread);
  G_OBJECT_CLASS (pen_reveal_naming_parent_class)->finalize (object);
}

static void
pen_reveal_naming_dispose (GObject *object)
{
  PenRevealNaming *self = PEN_REVEAL_NAMING (object);

  pen_reveal_naming_set_game (self, NULL);
  g_clear_weak_pointer (&self->parent);
  g_clear_weak_pointer (&self->dialog);

  G_OBJECT_CLASS (pen_reveal_naming_parent_class)->dispose (object);
}

static void
pen_reveal_naming_class_init (PenRevealNamingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pen_reveal_naming_dispose;
  object_class->finalize = pen_reveal_naming_finalize;

  /* A card-identify action for the window to submit */
  signals[SUBMIT] = g_signal_new ("submit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_ACTION);
}

static void
pen_reveal_naming_init (PenRevealNaming *self)
{
  g_queue_init (&self->queue);
  self->unread = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

PenRevealNaming *
pen_reveal_naming_new (GtkWindow *parent)
{
  PenRevealNaming *self = g_object_new (PEN_TYPE_REVEAL_NAMING, NULL);

  g_set_weak_pointer (&self->parent, parent);
  return self;
}
