/* pen-fate-choices.c: the Fate card the table turned over, one picker for the turn controls
 * and the Rival's panel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-fate-choices.h"
#include "pen-table-util.h"

struct _PenFateChoices
{
  GObject      parent_instance;

  GtkDropDown *drop;
  PenGame     *game;      /* weak: the section's, kept for "Another card…" */
  PenTable    *table;     /* weak */
  GPtrArray   *ids;       /* the card id behind each item; "" for "Another card…" */
  char        *deck_sig;  /* the deck it was built from */
  char        *sig;       /* and the game's position */
  gboolean     all;       /* the table asked for another card than the next */
  gboolean     offer_unread;
  guint        unread_item;  /* "Another Trial: name it later", or G_MAXUINT */
  gboolean     filling;
  guint        open_source;
};

G_DEFINE_FINAL_TYPE (PenFateChoices, pen_fate_choices, G_TYPE_OBJECT)

static gboolean
same_ids (GPtrArray *a,
          GPtrArray *b)
{
  if (a == NULL || b == NULL || a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (!g_str_equal (g_ptr_array_index (a, i), g_ptr_array_index (b, i)))
      return FALSE;
  return TRUE;
}

static const char *chosen (PenFateChoices *self);

/* Fills the drop-down; keep: the deck is the one the table chose from, so a card chosen stays
 * chosen while the new list still offers it (a Trial resolved before the turn ends) */
static void
fill (PenFateChoices *self,
      gboolean        keep)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) ids = NULL;
  g_autofree char *was = keep ? g_strdup (chosen (self)) : NULL;
  gboolean was_unread = keep && pen_fate_choices_get_unread (self);
  guint preselect, unread;

  if (self->table == NULL)
    return;
  ids = pen_tu_fate_choices (self->game, self->table, self->all, names, &preselect);
  /* the unnamed Trial again, for the table to name later: no sheet opens at the turn's end;
   * before the "Another card: name it (…)" items, which stay last */
  unread = G_MAXUINT;
  if (self->offer_unread)
    {
      guint first = G_MAXUINT;

      for (guint i = 0; i < ids->len; i++)
        {
          const char *id = g_ptr_array_index (ids, i);
          PenCardType type;

          if (!pen_card_parse_placeholder (id, &type, NULL))
            continue;
          first = MIN (first, i);
          if (type == PEN_CARD_TRIAL)
            {
              /* as the Guild's "Another Contract: name it later" (play finding V7) */
              const char *label[] = { _("Another Trial: name it later"), NULL };

              unread = first;
              g_ptr_array_insert (ids, (int) unread, g_strdup (id));
              gtk_string_list_splice (names, unread, 0, label);
              break;
            }
        }
    }
  /* the same list: the table's choice stays */
  if (same_ids (ids, self->ids))
    return;
  g_clear_pointer (&self->ids, g_ptr_array_unref);
  self->ids = g_steal_pointer (&ids);
  self->unread_item = unread;
  self->filling = TRUE;
  gtk_drop_down_set_model (self->drop, G_LIST_MODEL (names));
  self->filling = FALSE;
  /* the next card of the printed deck is known; otherwise the table says, never the app */
  if (self->all)
    preselect = GTK_INVALID_LIST_POSITION;
  for (guint i = 0; was != NULL && i < self->ids->len; i++)
    if (g_str_equal (g_ptr_array_index (self->ids, i), was)
        && (i == self->unread_item) == was_unread)
      preselect = i;
  gtk_drop_down_set_selected (self->drop, preselect);
}

/* "Another card…": the drop-down then lists the whole deck, nothing chosen, for the table to
 * say which. Not while the drop-down is notifying its own selection: its model is replaced
 * from an idle. */
static gboolean
open_all_cb (gpointer data)
{
  PenFateChoices *self = data;

  self->open_source = 0;
  if (self->drop == NULL)
    return G_SOURCE_REMOVE;
  self->all = TRUE;
  fill (self, FALSE);
  return G_SOURCE_REMOVE;
}

static void
selected_cb (PenFateChoices *self)
{
  guint sel = gtk_drop_down_get_selected (self->drop);

  if (self->filling || self->ids == NULL || sel >= self->ids->len
      || *(const char *) g_ptr_array_index (self->ids, sel) != '\0' || self->open_source != 0)
    return;
  self->open_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, open_all_cb, g_object_ref (self),
                                       g_object_unref);
}

void
pen_fate_choices_update (PenFateChoices *self,
                         PenGame        *game,
                         PenTable       *table)
{
  g_autoptr(GPtrArray) deck = NULL;
  g_autoptr(GString) sig = g_string_new (NULL);
  gboolean same_deck;

  g_return_if_fail (PEN_IS_FATE_CHOICES (self));
  g_return_if_fail (PEN_IS_TABLE (table));
  deck = pen_tu_list_ids (pen_table_get_fate_deck (table));
  for (guint i = 0; i < deck->len; i++)
    g_string_append_printf (sig, "%s,", (char *) g_ptr_array_index (deck, i));
  same_deck = self->table == table && g_strcmp0 (sig->str, self->deck_sig) == 0;
  if (!same_deck)
    {
      g_free (self->deck_sig);
      self->deck_sig = g_strdup (sig->str);
    }
  /* in physical play what the deck can give depends on the whole game */
  if (game != NULL)
    g_string_append_printf (sig, "#%u", pen_game_get_position (game));
  if (self->table == table && g_strcmp0 (sig->str, self->sig) == 0)
    return;
  g_free (self->sig);
  self->sig = g_strdup (sig->str);
  g_set_weak_pointer (&self->game, game);
  g_set_weak_pointer (&self->table, table);
  /* a card revealed: the next one is offered again, no longer the whole deck */
  if (!same_deck)
    self->all = FALSE;
  fill (self, same_deck);
}

static const char *
chosen (PenFateChoices *self)
{
  guint sel;
  const char *id;

  sel = gtk_drop_down_get_selected (self->drop);
  if (self->ids == NULL || sel >= self->ids->len)
    return NULL;
  id = g_ptr_array_index (self->ids, sel);
  return *id != '\0' ? id : NULL;
}

const char *
pen_fate_choices_get_card (PenFateChoices *self)
{
  g_return_val_if_fail (PEN_IS_FATE_CHOICES (self), NULL);
  return chosen (self);
}

void
pen_fate_choices_set_offer_unread (PenFateChoices *self,
                                   gboolean        offer)
{
  g_return_if_fail (PEN_IS_FATE_CHOICES (self));
  self->offer_unread = offer;
}

gboolean
pen_fate_choices_get_unread (PenFateChoices *self)
{
  g_return_val_if_fail (PEN_IS_FATE_CHOICES (self), FALSE);
  return self->unread_item != G_MAXUINT && chosen (self) != NULL
         && gtk_drop_down_get_selected (self->drop) == self->unread_item;
}

PenFateChoices *
pen_fate_choices_new (GtkDropDown *drop)
{
  PenFateChoices *self;

  g_return_val_if_fail (GTK_IS_DROP_DOWN (drop), NULL);
  self = g_object_new (PEN_TYPE_FATE_CHOICES, NULL);
  self->drop = g_object_ref (drop);
  g_signal_connect_object (drop, "notify::selected", G_CALLBACK (selected_cb), self,
                           G_CONNECT_SWAPPED);
  return self;
}

static void
pen_fate_choices_dispose (GObject *object)
{
  PenFateChoices *self = PEN_FATE_CHOICES (object);

  g_clear_object (&self->drop);
  g_clear_weak_pointer (&self->game);
  g_clear_weak_pointer (&self->table);
  G_OBJECT_CLASS (pen_fate_choices_parent_class)->dispose (object);
}

static void
pen_fate_choices_finalize (GObject *object)
{
  PenFateChoices *self = PEN_FATE_CHOICES (object);

  g_clear_pointer (&self->ids, g_ptr_array_unref);
  g_free (self->deck_sig);
  g_free (self->sig);
  G_OBJECT_CLASS (pen_fate_choices_parent_class)->finalize (object);
}

static void
pen_fate_choices_class_init (PenFateChoicesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pen_fate_choices_dispose;
  object_class->finalize = pen_fate_choices_finalize;
}

static void
pen_fate_choices_init (PenFateChoices *self)
{
  self->unread_item = G_MAXUINT;
}
