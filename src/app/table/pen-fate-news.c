/* pen-fate-news.c: the Fate card just revealed, and what the table does with it
 *
 * The news is the card that left the deck with the last action (a turn-end, a fate-reveal or
 * the Rival's turn); an undo that puts it back takes the news away and brings back the card
 * revealed before it, if that one is news again (the Rival's turn undone: the card the
 * player's turn revealed, play finding S11). It is news only for the
 * moment it was drawn in: drawn at the end of a turn, until the next player chooses their
 * turn; drawn during a turn, until that turn ends. Shown any longer, it read as a new
 * instruction every turn.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "pen-fate-news.h"
#include "pen-table-util.h"
#include "pen-turn.h"

struct _PenFateNews
{
  PenSection  parent_instance;

  GtkLabel   *label;
  GtkLabel   *text;

  GPtrArray  *last_deck;   /* the Fate deck's ids when last shown */
  GArray     *reveals;     /* the News seen revealed, oldest first, for undo to go back */
  char       *card;        /* the Fate card just revealed */
  guint       turn;        /* the table's turn when it was revealed */
  PenTurnKind turn_kind;   /* and the kind of that turn then (none: between turns) */
};

/* A Fate card seen revealed: the game's position just after the action that revealed it */
typedef struct
{
  char       *card;
  guint       turn;
  PenTurnKind turn_kind;
  guint       position;
} News;

static void
news_clear (gpointer data)
{
  g_free (((News *) data)->card);
}

G_DEFINE_FINAL_TYPE (PenFateNews, pen_fate_news, PEN_TYPE_SECTION)

/* "a Trial, add it to the row": what the table does with a revealed Fate card */
static const char *
fate_instruction (const char *id)
{
  switch (pen_tu_card_type (id))
    {
    case PEN_CARD_TRIAL: return _("a Trial, add it to the row");
    case PEN_CARD_EVENT: return _("an Event, apply it now");
    case PEN_CARD_GOAL: return _("a Goal, put it where everyone can see it");
    case PEN_CARD_PROPHECY: return _("a Prophecy, put it where everyone can see it");
    default: return _("bring it into play");
    }
}

static guint
count_of (GPtrArray  *ids,
          const char *id)
{
  guint n = 0;

  for (guint k = 0; k < ids->len; k++)
    n += g_strcmp0 (g_ptr_array_index (ids, k), id) == 0;
  return n;
}

static gboolean
reveals_fate (PenAction *action)
{
  const char *kind = pen_action_get_kind (action);

  /* the Rival's turn ends with its Fate card too (play finding P15) */
  return g_str_equal (kind, "turn-end") || g_str_equal (kind, "fate-reveal")
         || g_str_equal (kind, "rival-turn");
}

/* The Fate deck's ids after the game's first position actions, worked out on a copy */
static GPtrArray *
deck_at (PenGame *game,
         guint    position)
{
  g_autofree char *data = pen_game_to_data (game);
  g_autoptr(PenGame) copy = pen_game_load_from_data (data, strlen (data), NULL);

  if (copy == NULL || position < 1 || !pen_game_jump_to (copy, position, NULL))
    return NULL;
  return pen_tu_list_ids (pen_table_get_fate_deck (pen_game_get_table (copy)));
}

/* The card that left the deck: the one counted more often before than after */
static const char *
card_gone (GPtrArray *before,
           GPtrArray *after)
{
  if (before == NULL || after == NULL || after->len + 1 != before->len)
    return NULL;
  for (guint i = 0; i < before->len; i++)
    {
      const char *id = g_ptr_array_index (before, i);

      if (count_of (before, id) > count_of (after, id))
        return id;
    }
  return NULL;
}

/* A game opened (the app reopened mid-game) whose last turn revealed a card still has that
 * card as news, but this view never saw the deck before it (play finding W1); the table may
 * have named the card it turned up (or the Guild's) since, steps that change no turn (play
 * finding Q1 of session 12). Worked out once, on copies. */
static void
news_before_opened (PenFateNews *self,
                    PenGame     *game,
                    PenTable    *table,
                    guint        position)
{
  GListModel *history = pen_game_get_history (game);
  g_autoptr(PenAction) step = NULL;
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  const char *card;
  guint at = position;

  for (; at > 0; at--)
    {
      g_clear_object (&step);
      step = g_list_model_get_item (history, at - 1);
      if (!g_str_equal (pen_action_get_kind (step), "card-identify"))
        break;
    }
  if (at < 2 || !reveals_fate (step))
    return;
  before = deck_at (game, at - 1);
  after = deck_at (game, at);
  card = card_gone (before, after);
  if (card != NULL)
    {
      News news = { g_strdup (card), pen_table_get_turn (table), pen_table_get_turn_kind (table),
                    at };

      g_array_append_val (self->reveals, news);
    }
}

static void
pen_fate_news_position_changed (PenSection *section)
{
  PenFateNews *self = PEN_FATE_NEWS (section);
  PenGame *game = pen_section_get_game (section);
  PenTable *table = pen_section_get_table (section);
  g_autoptr(GPtrArray) deck = NULL;
  g_autoptr(PenAction) last = NULL;
  guint pos;

  if (table == NULL || pen_table_get_n_players (table) == 0)
    return;
  deck = pen_tu_list_ids (pen_table_get_fate_deck (table));
  pos = pen_game_get_position (game);
  last = pos > 0 ? g_list_model_get_item (pen_game_get_history (game), pos - 1) : NULL;
  if (self->last_deck == NULL && self->reveals->len == 0)
    news_before_opened (self, game, table, pos);
  else if (last != NULL && reveals_fate (last))
    {
      const char *card = card_gone (self->last_deck, deck);

      if (card != NULL)
        {
          News news = { g_strdup (card), pen_table_get_turn (table),
                        pen_table_get_turn_kind (table), pos };

          g_array_append_val (self->reveals, news);
        }
    }
  /* undone (or gone back further): the cards revealed after this position are not news */
  while (self->reveals->len > 0
         && g_array_index (self->reveals, News, self->reveals->len - 1).position > pos)
    g_array_set_size (self->reveals, self->reveals->len - 1);
  g_clear_pointer (&self->card, g_free);
  if (self->reveals->len > 0)
    {
      News *news = &g_array_index (self->reveals, News, self->reveals->len - 1);

      self->card = g_strdup (news->card);
      self->turn = news->turn;
      self->turn_kind = news->turn_kind;
      /* a placeholder named since ("goal#3" as "heroism"): say the name (play finding U15) */
      for (guint i = news->position; i < pos; i++)
        {
          g_autoptr(PenAction) step = g_list_model_get_item (pen_game_get_history (game), i);
          JsonObject *params = pen_action_get_params (step);
          const char *as;

          if (params == NULL || !g_str_equal (pen_action_get_kind (step), "card-identify")
              || g_strcmp0 (json_object_get_string_member_with_default (params, "card", NULL),
                            self->card) != 0
              || (as = json_object_get_string_member_with_default (params, "as", NULL)) == NULL)
            continue;
          g_free (self->card);
          self->card = g_strdup (as);
        }
    }
  g_clear_pointer (&self->last_deck, g_ptr_array_unref);
  self->last_deck = g_steal_pointer (&deck);

  gtk_widget_set_visible (GTK_WIDGET (self), self->card != NULL
                                             && pen_table_get_phase (table) != PEN_PHASE_ENDED
                                             && pen_table_get_turn (table) == self->turn
                                             && pen_table_get_turn_kind (table)
                                                == self->turn_kind);
  if (self->card != NULL)
    {
      const char *text = pen_tu_card_text (self->card);
      int type = pen_tu_card_type (self->card);
      g_autofree char *news = g_strdup_printf (_("Fate: %s — %s"),
                                               pen_turn_card_name (self->card),
                                               fate_instruction (self->card));

      gtk_label_set_label (self->label, news);
      gtk_label_set_label (self->text, text ? text : _("Read the card to the table."));
      gtk_widget_set_visible (GTK_WIDGET (self->text), type == PEN_CARD_EVENT
                                                       || type == PEN_CARD_GOAL
                                                       || type == PEN_CARD_PROPHECY);
    }
}

static void
pen_fate_news_game_set (PenSection *section,
                        PenGame    *game)
{
  PenFateNews *self = PEN_FATE_NEWS (section);

  g_clear_pointer (&self->last_deck, g_ptr_array_unref);
  g_array_set_size (self->reveals, 0);
  g_clear_pointer (&self->card, g_free);
}

const char *
pen_fate_news_get_text (PenFateNews *self)
{
  g_return_val_if_fail (PEN_IS_FATE_NEWS (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self)) ? gtk_label_get_label (self->label) : NULL;
}

static void
pen_fate_news_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_FATE_NEWS);

  G_OBJECT_CLASS (pen_fate_news_parent_class)->dispose (object);
}

static void
pen_fate_news_finalize (GObject *object)
{
  PenFateNews *self = PEN_FATE_NEWS (object);

  g_clear_pointer (&self->last_deck, g_ptr_array_unref);
  g_clear_pointer (&self->reveals, g_array_unref);
  g_free (self->card);

  G_OBJECT_CLASS (pen_fate_news_parent_class)->finalize (object);
}

static void
pen_fate_news_class_init (PenFateNewsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_fate_news_dispose;
  object_class->finalize = pen_fate_news_finalize;
  section_class->game_set = pen_fate_news_game_set;
  section_class->position_changed = pen_fate_news_position_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-fate-news.ui");
  gtk_widget_class_bind_template_child (widget_class, PenFateNews, label);
  gtk_widget_class_bind_template_child (widget_class, PenFateNews, text);
}

static void
pen_fate_news_init (PenFateNews *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->reveals = g_array_new (FALSE, FALSE, sizeof (News));
  g_array_set_clear_func (self->reveals, news_clear);
}
