/* pen-setup-draft.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-box.h"
#include "pen-catalog.h"
#include "pen-random.h"
#include "pen-setup-draft.h"
#include "pen-turn.h"

#define MAX_PLAYERS PEN_SETUP_DRAFT_MAX_PLAYERS
#define MAX_WIZARDS PEN_SETUP_DRAFT_MAX_WIZARDS
#define MAX_DICE    PEN_SETUP_DRAFT_MAX_DICE

struct _PenSetupDraft
{
  GObject    parent_instance;

  GHashTable *namings;   /* physical: placeholder picked → its card-identify (set_naming) */

  char      *names[MAX_PLAYERS];
  guint      n_players;
  guint64    seed;
  gboolean   physical;
  gboolean   ready_made;
  guint      solo_level;
  gboolean   hide_odds;
  gboolean   has_cell_values;
  guint      cell_values[PEN_MARK_CELLS];
  PenSetup  *setup;
  gboolean   complete;

  guint      kept[MAX_PLAYERS];            /* app-dealt: 0 or 1 */
  char      *talent[MAX_PLAYERS];          /* physical: a catalogue id or NULL */
  gboolean   talent_said[MAX_PLAYERS];     /* physical: the player has said which one */
  int        start_mark[MAX_PLAYERS];      /* -1: not chosen */
  guint      turn_number[MAX_PLAYERS];     /* 0: not given */
  char      *trial_pick[MAX_PLAYERS];      /* physical, deck built by the rules */
  char      *contract_pick[PEN_SETUP_CONTRACT_CELLS];   /* physical */
  char      *class_card[PEN_MARK_SPARK][PEN_SETUP_CLASS_MARKET];  /* physical; NULL: unnamed */
  int        class_draw[PEN_SETUP_CLASSES];  /* physical: the Classes the table drew; -1 */
  guint      dice[MAX_WIZARDS][MAX_DICE];  /* physical: 0 = not entered yet */
  guint      ingredients[MAX_PLAYERS][PEN_N_INGREDIENTS];  /* typed: the Talent's are unknown */
  char      *start_card[MAX_PLAYERS];      /* physical: the card the table said; NULL: unnamed */
  gboolean   start_card_said[MAX_PLAYERS];
  /* app-dealt: the kept Talent the catalogue cannot name, as the table named it at set-up */
  char      *named_talent[MAX_PLAYERS];    /* the placeholder named (stale once another kept) */
  char      *talent_as[MAX_PLAYERS];       /* a catalogue Talent, or NULL */
  char      *talent_typed[MAX_PLAYERS];    /* a name as printed, or NULL */
  gboolean   faces_entered;

  PenGame   *preview;
};

G_DEFINE_FINAL_TYPE (PenSetupDraft, pen_setup_draft, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_N_PLAYERS,
  PROP_SEED,
  PROP_PHYSICAL,
  PROP_READY_MADE,
  PROP_SOLO_LEVEL,
  PROP_HIDE_ODDS,
  PROP_SETUP,
  PROP_COMPLETE,
  PROP_TABLE_TRIAL_ROW,
  PROP_FACES_ENTERED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  ANSWERS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static PenCatalog *
catalog (void)
{
  return pen_catalog_get_default ();
}

static PenCard *
lookup (const char *id)
{
  if (id == NULL || pen_setup_is_placeholder (id))
    return NULL;
  return pen_catalog_lookup (catalog (), id);
}

static gboolean
check_player (PenSetupDraft  *self,
              guint           player,
              GError        **error)
{
  if (player < self->n_players)
    return TRUE;
  g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
               "player %u: the game has %u player(s)", player + 1, self->n_players);
  return FALSE;
}

static void
set_faces_entered (PenSetupDraft *self,
                   gboolean       entered)
{
  if (entered != self->faces_entered)
    {
      self->faces_entered = entered;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FACES_ENTERED]);
    }
}

/* The game the answers make changed: the preview and the typed faces go (a physical game's
 * wizards always have dice, so none is entered any more) */
static void
invalidate (PenSetupDraft *self)
{
  g_clear_object (&self->preview);
  memset (self->dice, 0, sizeof self->dice);
  set_faces_entered (self, !self->physical);
}

static void
update_complete (PenSetupDraft *self)
{
  gboolean complete = pen_setup_draft_get_complete (self);

  if (complete != self->complete)
    {
      self->complete = complete;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
    }
}

static void
answers_changed (PenSetupDraft *self)
{
  invalidate (self);
  g_signal_emit (self, signals[ANSWERS_CHANGED], 0);
  update_complete (self);
}

static void
rebuild_setup (PenSetupDraft *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->setup, pen_setup_free);
  self->setup = pen_setup_new (catalog (), self->n_players, self->seed, self->ready_made,
                               &error);
  g_assert (self->setup != NULL);   /* the player count is checked when set */
  for (guint i = 0; i < MAX_PLAYERS; i++)
    self->kept[i] = 0;
  invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SETUP]);
  g_signal_emit (self, signals[ANSWERS_CHANGED], 0);
  update_complete (self);
}

/* ---- players and options ---- */

gboolean
pen_setup_draft_set_players (PenSetupDraft       *self,
                             const char * const  *names,
                             GError             **error)
{
  guint n;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  n = names != NULL ? g_strv_length ((char **) names) : 0;
  if (n < 1 || n > MAX_PLAYERS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "players: %u given, a game has 1 to %u", n, MAX_PLAYERS);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strstrip (g_strdup (names[i]));

      if (!g_utf8_validate (names[i], -1, NULL) || *name == '\0')
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "player %u: no name", i + 1);
          return FALSE;
        }
      if (g_utf8_strlen (name, -1) > PEN_SETUP_DRAFT_MAX_NAME)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "player %u: the name is longer than %u characters", i + 1,
                       PEN_SETUP_DRAFT_MAX_NAME);
          return FALSE;
        }
    }
  for (guint i = 0; i < MAX_PLAYERS; i++)
    {
      g_clear_pointer (&self->names[i], g_free);
      if (i < n)
        self->names[i] = g_strstrip (g_strdup (names[i]));
    }
  if (n != self->n_players)
    {
      self->n_players = n;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PLAYERS]);
      rebuild_setup (self);
    }
  else
    answers_changed (self);
  return TRUE;
}

guint
pen_setup_draft_get_n_players (PenSetupDraft *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), 0);
  return self->n_players;
}

const char *
pen_setup_draft_get_name (PenSetupDraft *self,
                          guint          player)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), NULL);
  g_return_val_if_fail (player < self->n_players, NULL);
  return self->names[player];
}

guint64
pen_setup_draft_get_seed (PenSetupDraft *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), 0);
  return self->seed;
}

void
pen_setup_draft_set_seed (PenSetupDraft *self,
                          guint64        seed)
{
  g_return_if_fail (PEN_IS_SETUP_DRAFT (self));

  seed &= G_MAXINT64;   /* the action's seed is a signed JSON integer */
  if (seed == self->seed)
    return;
  self->seed = seed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEED]);
  rebuild_setup (self);
}

gboolean
pen_setup_draft_set_seed_text (PenSetupDraft  *self,
                               const char     *text,
                               GError        **error)
{
  g_autofree char *stripped = NULL;
  guint64 seed;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  if (*stripped == '\0' || !g_ascii_isdigit (*stripped)
      || !g_ascii_string_to_unsigned (stripped, 10, 0, G_MAXINT64, &seed, NULL))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "seed: “%s” is not a whole number from 0 to %" G_GINT64_FORMAT, stripped,
                   G_MAXINT64);
      return FALSE;
    }
  pen_setup_draft_set_seed (self, seed);
  return TRUE;
}

gboolean
pen_setup_draft_get_physical (PenSetupDraft *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);
  return self->physical;
}

void
pen_setup_draft_set_physical (PenSetupDraft *self,
                              gboolean       physical)
{
  gboolean row;

  g_return_if_fail (PEN_IS_SETUP_DRAFT (self));

  physical = !!physical;
  if (physical == self->physical)
    return;
  row = pen_setup_draft_get_table_trial_row (self);
  self->physical = physical;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHYSICAL]);
  if (row != pen_setup_draft_get_table_trial_row (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE_TRIAL_ROW]);
  answers_changed (self);
}

gboolean
pen_setup_draft_get_ready_made (PenSetupDraft *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);
  return self->ready_made;
}

void
pen_setup_draft_set_ready_made (PenSetupDraft *self,
                                gboolean       ready_made)
{
  gboolean row;

  g_return_if_fail (PEN_IS_SETUP_DRAFT (self));

  ready_made = !!ready_made;
  if (ready_made == self->ready_made)
    return;
  row = pen_setup_draft_get_table_trial_row (self);
  self->ready_made = ready_made;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READY_MADE]);
  if (row != pen_setup_draft_get_table_trial_row (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE_TRIAL_ROW]);
  rebuild_setup (self);
}

guint
pen_setup_draft_get_solo_level (PenSetupDraft *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), 0);
  return self->solo_level;
}

gboolean
pen_setup_draft_set_solo_level (PenSetupDraft  *self,
                                guint           level,
                                GError        **error)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  if (level > 3)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "solo level: %u, expected 0 to 3",
                   level);
      return FALSE;
    }
  if (level != self->solo_level)
    {
      self->solo_level = level;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLO_LEVEL]);
      invalidate (self);
    }
  return TRUE;
}

gboolean
pen_setup_draft_get_hide_odds (PenSetupDraft *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);
  return self->hide_odds;
}

void
pen_setup_draft_set_hide_odds (PenSetupDraft *self,
                               gboolean       hide_odds)
{
  g_return_if_fail (PEN_IS_SETUP_DRAFT (self));

  hide_odds = !!hide_odds;
  if (hide_odds == self->hide_odds)
    return;
  self->hide_odds = hide_odds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIDE_ODDS]);
  invalidate (self);
}

gboolean
pen_setup_draft_set_cell_values (PenSetupDraft  *self,
                                 const guint    *values,
                                 guint           n_values,
                                 GError        **error)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  if (values == NULL)
    {
      self->has_cell_values = FALSE;
      invalidate (self);
      return TRUE;
    }
  if (n_values != PEN_MARK_CELLS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "cell values: %u given, expected %u",
                   n_values, PEN_MARK_CELLS);
      return FALSE;
    }
  for (guint i = 0; i < n_values; i++)
    if (values[i] > 6)
      {
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                     "cell values: cell %u is %u, expected 1 to 6 (0: unknown)", i + 1,
                     values[i]);
        return FALSE;
      }
  memcpy (self->cell_values, values, sizeof self->cell_values);
  self->has_cell_values = TRUE;
  invalidate (self);
  return TRUE;
}

const PenSetup *
pen_setup_draft_get_setup (PenSetupDraft *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), NULL);
  return self->setup;
}

gboolean
pen_setup_draft_get_table_trial_row (PenSetupDraft *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);
  return self->physical && !self->ready_made;
}

/* ---- Talents and disciplines ---- */

const char *
pen_setup_draft_get_talent (PenSetupDraft *self,
                            guint          player)
{
  char **pair;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), NULL);
  g_return_val_if_fail (player < self->n_players, NULL);

  if (self->physical)
    return self->talent[player];
  pair = g_ptr_array_index (self->setup->talents_dealt, player);
  return pair[self->kept[player]] != NULL ? pair[self->kept[player]] : pair[0];
}

/* The naming the table gave the kept Talent, when it still stands for the kept one */
static gboolean
talent_named (PenSetupDraft *self,
              guint          player)
{
  if (self->named_talent[player] == NULL)
    return FALSE;
  /* physical: "Another Talent" said, and named since */
  if (self->physical)
    return self->talent_said[player] && self->talent[player] == NULL;
  return g_strcmp0 (self->named_talent[player], pen_setup_draft_get_talent (self, player)) == 0;
}

/* Physical: the unnamed Talent ("talent#N") a player's "Another Talent" is once the table
 * names it: the box's unnamed Talents in turn, one per such player before this one */
static char *
another_talent (PenSetupDraft *self,
                guint          player)
{
  g_autoptr(GPtrArray) named = pen_catalog_list_by_type (catalog (), PEN_CARD_TALENT);
  int n = (int) named->len + 1;

  for (guint i = 0; i < player; i++)
    if (talent_named (self, i))
      n++;
  if (n > pen_catalog_get_box_count (catalog (), PEN_CARD_TALENT))
    return NULL;
  return pen_card_placeholder_id (PEN_CARD_TALENT, n);
}

/* The card the kept Talent is: the catalogue card the table named it as, when it named it */
static PenCard *
talent_card (PenSetupDraft *self,
             guint          player)
{
  if (talent_named (self, player) && self->talent_as[player] != NULL)
    return lookup (self->talent_as[player]);
  return lookup (pen_setup_draft_get_talent (self, player));
}

gboolean
pen_setup_draft_keep_talent (PenSetupDraft  *self,
                             guint           player,
                             guint           which,
                             GError        **error)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  if (!check_player (self, player, error))
    return FALSE;
  if (self->physical)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "player %u: the table deals the Talents, the app dealt none to keep",
                   player + 1);
      return FALSE;
    }
  if (which > 1)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "player %u: Talent %u kept, but two were dealt", player + 1, which + 1);
      return FALSE;
    }
  if (self->kept[player] != which)
    {
      self->kept[player] = which;
      memset (self->ingredients[player], 0, sizeof self->ingredients[player]);
      answers_changed (self);
    }
  return TRUE;
}

guint
pen_setup_draft_get_kept (PenSetupDraft *self,
                          guint          player)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), 0);
  g_return_val_if_fail (player < self->n_players, 0);
  return self->kept[player];
}

gboolean
pen_setup_draft_set_talent (PenSetupDraft  *self,
                            guint           player,
                            const char     *talent_id,
                            GError        **error)
{
  PenCard *card = lookup (talent_id);

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  if (!check_player (self, player, error))
    return FALSE;
  if (!self->physical)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "player %u: the app dealt the Talents: keep one of the two", player + 1);
      return FALSE;
    }
  if (talent_id != NULL && (card == NULL || pen_card_get_card_type (card) != PEN_CARD_TALENT))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "player %u: “%s” is not a Talent of the catalogue", player + 1, talent_id);
      return FALSE;
    }
  /* the box holds one card of each Talent: two players cannot keep the same one */
  for (guint i = 0; i < self->n_players && talent_id != NULL; i++)
    if (i != player && g_strcmp0 (self->talent[i], talent_id) == 0)
      {
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                     "player %u: “%s” is kept by player %u already", player + 1, talent_id,
                     i + 1);
        return FALSE;
      }
  if (g_strcmp0 (self->talent[player], talent_id) != 0 || !self->talent_said[player])
    {
      g_free (self->talent[player]);
      self->talent[player] = g_strdup (talent_id);
      self->talent_said[player] = TRUE;
      /* a naming stands for the Talent it named only */
      g_clear_pointer (&self->named_talent[player], g_free);
      g_clear_pointer (&self->talent_as[player], g_free);
      g_clear_pointer (&self->talent_typed[player], g_free);
      g_clear_object (&self->preview);
      /* another Talent shows another card and other Ingredients */
      g_clear_pointer (&self->start_card[player], g_free);
      self->start_card_said[player] = FALSE;
      memset (self->ingredients[player], 0, sizeof self->ingredients[player]);
      answers_changed (self);
    }
  return TRUE;
}

gboolean
pen_setup_draft_get_talent_said (PenSetupDraft *self,
                                 guint          player)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);
  g_return_val_if_fail (player < self->n_players, FALSE);

  if (!self->physical)
    return TRUE;
  return self->talent_said[player];
}

GPtrArray *
pen_setup_draft_list_talents (PenSetupDraft *self,
                              guint          player)
{
  g_autoptr(GPtrArray) cards = pen_catalog_list_by_type (catalog (), PEN_CARD_TALENT);
  GPtrArray *ids = g_ptr_array_new ();

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), ids);
  g_return_val_if_fail (player < self->n_players, ids);

  for (guint c = 0; c < cards->len; c++)
    {
      const char *id = pen_card_get_id (g_ptr_array_index (cards, c));
      gboolean taken = FALSE;

      for (guint i = 0; i < self->n_players && self->physical; i++)
        taken = taken || (i != player && g_strcmp0 (self->talent[i], id) == 0);
      if (!taken)
        g_ptr_array_add (ids, (gpointer) id);
    }
  return ids;
}

gboolean
pen_setup_draft_set_turn_number (PenSetupDraft  *self,
                                 guint           player,
                                 guint           number,
                                 GError        **error)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  if (!check_player (self, player, error))
    return FALSE;
  if (number > 99)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "player %u: turn-order number %u, expected 1 to 99 (0: not given)",
                   player + 1, number);
      return FALSE;
    }
  if (self->turn_number[player] != number)
    {
      self->turn_number[player] = number;
      answers_changed (self);
    }
  return TRUE;
}

guint
pen_setup_draft_get_turn_number (PenSetupDraft *self,
                                 guint          player)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), 0);
  g_return_val_if_fail (player < self->n_players, 0);
  return self->turn_number[player];
}

gboolean
pen_setup_draft_get_number_known (PenSetupDraft *self,
                                  guint          player)
{
  PenCard *card = talent_card (self, player);

  return card != NULL && pen_card_get_turn_order (card) >= 0;
}

int
pen_setup_draft_get_fixed_mark (PenSetupDraft *self,
                                guint          player)
{
  PenCard *card = talent_card (self, player);
  int mark = card != NULL ? pen_card_get_start_mark (card) : -1;

  return mark >= 0 && mark < PEN_MARK_SPARK ? mark : -1;
}

gboolean
pen_setup_draft_set_start_mark (PenSetupDraft  *self,
                                guint           player,
                                int             mark,
                                GError        **error)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  if (!check_player (self, player, error))
    return FALSE;
  if (mark < -1 || mark >= PEN_MARK_SPARK)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "player %u: %d is not a discipline", player + 1, mark);
      return FALSE;
    }
  if (self->start_mark[player] != mark)
    {
      self->start_mark[player] = mark;
      answers_changed (self);
    }
  return TRUE;
}

int
pen_setup_draft_get_start_mark (PenSetupDraft *self,
                                guint          player)
{
  int mark;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), -1);
  g_return_val_if_fail (player < self->n_players, -1);

  mark = pen_setup_draft_get_fixed_mark (self, player);
  return mark >= 0 ? mark : self->start_mark[player];
}

gboolean
pen_setup_draft_get_complete (PenSetupDraft *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  for (guint i = 0; i < self->n_players; i++)
    if (pen_setup_draft_get_start_mark (self, i) < 0)
      return FALSE;
  return self->n_players > 0;
}

static int
effective_turn_number (PenSetupDraft *self,
                       guint          i)
{
  PenCard *card = talent_card (self, i);

  if (card != NULL && pen_card_get_turn_order (card) >= 0)
    return pen_card_get_turn_order (card);
  return self->turn_number[i] > 0 ? (int) self->turn_number[i] : -1;
}

gboolean
pen_setup_draft_get_order (PenSetupDraft *self,
                           guint         *order)
{
  gboolean known = TRUE;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  for (guint i = 0; i < self->n_players; i++)
    {
      order[i] = i;
      if (effective_turn_number (self, i) < 0)
        known = FALSE;
    }
  if (!known)
    return FALSE;
  /* insertion sort: stable, so equal numbers keep the order given */
  for (guint i = 1; i < self->n_players; i++)
    for (guint j = i; j > 0 && effective_turn_number (self, order[j - 1])
                               > effective_turn_number (self, order[j]); j--)
      {
        guint t = order[j];
        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  return TRUE;
}

/* The players' starting disciplines, then (physical) the Classes the table says it drew; the
 * number chosen */
static guint
named_classes (PenSetupDraft *self,
               gboolean      *chosen,
               gboolean      *from_player)
{
  guint count = 0;

  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    chosen[k] = from_player[k] = FALSE;
  for (guint i = 0; i < self->n_players; i++)
    {
      int m = pen_setup_draft_get_start_mark (self, i);
      if (m >= 0 && !chosen[m])
        {
          chosen[m] = from_player[m] = TRUE;
          count++;
        }
    }
  for (guint i = 0; self->physical && i < PEN_SETUP_CLASSES && count < PEN_SETUP_CLASSES; i++)
    {
      int k = self->class_draw[i];

      if (i < pen_setup_draft_get_n_class_draws (self) && k >= 0 && !chosen[k])
        {
          chosen[k] = TRUE;
          count++;
        }
    }
  return count;
}

guint
pen_setup_draft_get_n_class_draws (PenSetupDraft *self)
{
  gboolean seen[PEN_MARK_SPARK] = { FALSE, };
  guint n = 0;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), 0);

  for (guint i = 0; i < self->n_players; i++)
    {
      int m = pen_setup_draft_get_start_mark (self, i);
      if (m >= 0 && !seen[m])
        {
          seen[m] = TRUE;
          n++;
        }
    }
  return n < PEN_SETUP_CLASSES ? PEN_SETUP_CLASSES - n : 0;
}

int
pen_setup_draft_get_class_draw (PenSetupDraft *self,
                                guint          slot)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), -1);
  g_return_val_if_fail (slot < PEN_SETUP_CLASSES, -1);

  return self->class_draw[slot];
}

void
pen_setup_draft_set_class_draw (PenSetupDraft *self,
                                guint          slot,
                                int            kind)
{
  g_return_if_fail (PEN_IS_SETUP_DRAFT (self));
  g_return_if_fail (slot < PEN_SETUP_CLASSES);
  g_return_if_fail (kind >= -1 && kind < PEN_MARK_SPARK);

  if (self->class_draw[slot] == kind)
    return;
  /* a Class is drawn once: named in another slot, it leaves that one */
  for (guint i = 0; kind >= 0 && i < PEN_SETUP_CLASSES; i++)
    if (self->class_draw[i] == kind)
      self->class_draw[i] = -1;
  self->class_draw[slot] = kind;
  answers_changed (self);
}

gboolean
pen_setup_draft_get_class_draws_named (PenSetupDraft *self)
{
  gboolean chosen[PEN_MARK_SPARK], from_player[PEN_MARK_SPARK];

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  return !self->physical
         || named_classes (self, chosen, from_player) >= MIN (PEN_SETUP_CLASSES, PEN_MARK_SPARK);
}

void
pen_setup_draft_get_named_classes (PenSetupDraft *self,
                                   gboolean      *chosen,
                                   gboolean      *from_player)
{
  g_return_if_fail (PEN_IS_SETUP_DRAFT (self));

  if (!self->physical)
    pen_setup_draft_get_classes (self, chosen, from_player);
  else
    named_classes (self, chosen, from_player);
}

void
pen_setup_draft_get_classes (PenSetupDraft *self,
                             gboolean      *chosen,
                             gboolean      *from_player)
{
  g_autoptr(GPtrArray) others = g_ptr_array_new ();
  PenRandom rng;
  guint count;

  g_return_if_fail (PEN_IS_SETUP_DRAFT (self));

  count = named_classes (self, chosen, from_player);
  for (guint i = 0; i < self->setup->classes->len && count < PEN_SETUP_CLASSES; i++)
    {
      int k = pen_mark_kind_from_string (g_ptr_array_index (self->setup->classes, i));
      if (k >= 0 && k < PEN_MARK_SPARK && !chosen[k])
        {
          chosen[k] = TRUE;
          count++;
        }
    }
  /* a stream of its own ("classes" in ASCII), so it never disturbs the setup's draws */
  pen_random_init (&rng, self->seed ^ G_GUINT64_CONSTANT (0x636c6173736573));
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    if (!chosen[k])
      g_ptr_array_add (others, GUINT_TO_POINTER (k));
  pen_random_shuffle (&rng, others);
  for (guint i = 0; i < others->len && count < PEN_SETUP_CLASSES; i++, count++)
    chosen[GPOINTER_TO_UINT (g_ptr_array_index (others, i))] = TRUE;
}

/* ---- the table's picks and dice ---- */

static char **
slots_of (PenSetupDraft *self,
          PenCardType    type,
          guint         *n_slots)
{
  if (type == PEN_CARD_TRIAL)
    {
      *n_slots = MIN (self->setup->trial_row->len, MAX_PLAYERS);
      return self->trial_pick;
    }
  *n_slots = PEN_SETUP_CONTRACT_CELLS;
  return self->contract_pick;
}

/* A placeholder the game the draft makes already holds elsewhere (a deck the app lays out), or
 * one picked in a slot other than where */
static gboolean
placeholder_taken (PenSetupDraft *self,
                   PenCardType    type,
                   const char    *id,
                   guint          where)
{
  guint n_slots;
  char **slots = slots_of (self, type, &n_slots);

  for (guint i = 0; i < n_slots; i++)
    if (i != where && g_strcmp0 (slots[i], id) == 0)
      return TRUE;
  for (guint i = 0; i < self->setup->contract_deck->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->setup->contract_deck, i), id) == 0)
      return TRUE;
  for (guint i = 0; i < self->setup->fate_deck->len && !pen_setup_draft_get_table_trial_row (self);
       i++)
    if (g_strcmp0 (g_ptr_array_index (self->setup->fate_deck, i), id) == 0)
      return TRUE;
  return FALSE;
}

char *
pen_setup_draft_another (PenSetupDraft *self,
                         PenCardType    type,
                         guint          where)
{
  PenCatalog *cat = catalog ();
  g_autoptr(GPtrArray) named = NULL;
  int box;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), NULL);

  if (!self->physical || (type != PEN_CARD_TRIAL && type != PEN_CARD_CONTRACT))
    return NULL;
  box = pen_catalog_get_box_count (cat, type);
  named = pen_catalog_list_by_type (cat, type);
  /* the box's unnamed cards are numbered after the named ones (as pen_draw_another) */
  for (int n = (int) named->len + 1; n <= box; n++)
    {
      g_autofree char *id = pen_card_placeholder_id (type, n);

      if (!placeholder_taken (self, type, id, where))
        return g_steal_pointer (&id);
    }
  return NULL;
}

/* A card still to be named for slot c (a Guild cell, a Trial of the starting row), which the
 * table left unrecorded: the first placeholder of type neither picked, in a deck, nor given to
 * another such slot (taken) */
static char *
unread_card (PenSetupDraft *self,
             PenCardType    type,
             guint          c,
             GPtrArray     *taken)
{
  PenCatalog *cat = catalog ();
  g_autoptr(GPtrArray) named = pen_catalog_list_by_type (cat, type);
  int box = pen_catalog_get_box_count (cat, type);

  for (int n = (int) named->len + 1; n <= box; n++)
    {
      g_autofree char *id = pen_card_placeholder_id (type, n);

      if (!placeholder_taken (self, type, id, c)
          && !g_ptr_array_find_with_equal_func (taken, id, g_str_equal, NULL))
        return g_steal_pointer (&id);
    }
  return NULL;
}

static gboolean
set_pick (PenSetupDraft  *self,
          char          **slots,
          guint           n_slots,
          const char     *id,
          PenCardType     type,
          int             difficulty,
          const char     *what,
          guint           where,
          GError        **error)
{
  PenCard *card = lookup (id);
  PenCardType ptype;

  if (!self->physical)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "%s %u: the app deals it, the table does not pick it", what, where + 1);
      return FALSE;
    }
  if (id != NULL && pen_card_parse_placeholder (id, &ptype, NULL))
    {
      /* "another card": one the catalogue does not name, to be named once the game is on */
      if (ptype != type || !self->physical || placeholder_taken (self, type, id, where))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "%s %u: “%s” is not a free unnamed %s", what, where + 1, id,
                       difficulty > 0 ? "Trial" : "Contract");
          return FALSE;
        }
      card = NULL;
    }
  else if (id != NULL && (card == NULL || pen_card_get_card_type (card) != type
                          || (difficulty > 0 && pen_card_get_difficulty (card) != difficulty)))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "%s %u: “%s” is not a %s of the catalogue", what, where + 1, id,
                   difficulty > 0 ? "Difficulty 1 Trial" : "Contract");
      return FALSE;
    }
  if (card != NULL && difficulty == 0 && pen_card_get_difficulty (card) > 1)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "%s %u: “%s” is a Difficulty %d Contract: it goes to the bottom of the deck",
                   what, where + 1, id, pen_card_get_difficulty (card));
      return FALSE;
    }
  if (g_strcmp0 (slots[where], id) != 0)
    {
      /* one card is in one place: the card picked here leaves the slot that held it */
      for (guint i = 0; i < n_slots && id != NULL; i++)
        if (i != where && g_strcmp0 (slots[i], id) == 0)
          g_clear_pointer (&slots[i], g_free);
      /* a naming stands for the card it named: another one may get that number next */
      if (slots[where] != NULL)
        g_hash_table_remove (self->namings, slots[where]);
      g_free (slots[where]);
      slots[where] = g_strdup (id);
      answers_changed (self);
    }
  return TRUE;
}

gboolean
pen_setup_draft_set_trial_pick (PenSetupDraft  *self,
                                guint           index,
                                const char     *trial_id,
                                GError        **error)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  if (index >= MAX_PLAYERS || index >= self->setup->trial_row->len)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "trial %u: the row holds %u", index + 1,
                   MIN (self->setup->trial_row->len, MAX_PLAYERS));
      return FALSE;
    }
  if (!self->ready_made || trial_id == NULL)
    return set_pick (self, self->trial_pick,
                     MIN (self->setup->trial_row->len, MAX_PLAYERS), trial_id, PEN_CARD_TRIAL, 1,
                     "trial", index, error);
  g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
               "trial %u: the first-game deck lays out the rulebook's row", index + 1);
  return FALSE;
}

const char *
pen_setup_draft_get_trial_pick (PenSetupDraft *self,
                                guint          index)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), NULL);
  return index < MAX_PLAYERS ? self->trial_pick[index] : NULL;
}

gboolean
pen_setup_draft_set_contract_pick (PenSetupDraft  *self,
                                   guint           cell,
                                   const char     *contract_id,
                                   GError        **error)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  if (cell >= PEN_SETUP_CONTRACT_CELLS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "contract %u: the Guild has %u cells",
                   cell + 1, PEN_SETUP_CONTRACT_CELLS);
      return FALSE;
    }
  return set_pick (self, self->contract_pick, PEN_SETUP_CONTRACT_CELLS, contract_id,
                   PEN_CARD_CONTRACT, 0, "contract", cell, error);
}

const char *
pen_setup_draft_get_contract_pick (PenSetupDraft *self,
                                   guint          cell)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), NULL);
  return cell < PEN_SETUP_CONTRACT_CELLS ? self->contract_pick[cell] : NULL;
}

gboolean
pen_setup_draft_class_card_fits (int         discipline,
                                 const char *card_id)
{
  PenCard *card = lookup (card_id);

  return card != NULL && discipline >= 0 && discipline < PEN_MARK_SPARK
         && pen_box_is_discipline_kind (pen_card_get_card_type (card))
         && (pen_card_get_discipline (card) < 0 || pen_card_get_discipline (card) == discipline);
}

gboolean
pen_setup_draft_set_class_card (PenSetupDraft  *self,
                                int             discipline,
                                guint           slot,
                                const char     *card_id,
                                GError        **error)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  if (discipline < 0 || discipline >= PEN_MARK_SPARK || slot >= PEN_SETUP_CLASS_MARKET)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "Class market: a Class market holds %d cards, by one of the six Classes",
                   PEN_SETUP_CLASS_MARKET);
      return FALSE;
    }
  if (!self->physical)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "%s market %u: the app deals it, the table does not pick it",
                   pen_mark_kind_to_string (discipline), slot + 1);
      return FALSE;
    }
  if (card_id != NULL && !pen_setup_draft_class_card_fits (discipline, card_id))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "%s market %u: “%s” is not a %s Discipline card of the catalogue",
                   pen_mark_kind_to_string (discipline), slot + 1, card_id,
                   pen_mark_kind_to_string (discipline));
      return FALSE;
    }
  if (g_strcmp0 (self->class_card[discipline][slot], card_id) == 0)
    return TRUE;
  /* a player's starting card is in their Grimoire, not in a market */
  for (guint i = 0; i < self->n_players && card_id != NULL; i++)
    if (g_strcmp0 (pen_setup_draft_get_start_card (self, i), card_id) == 0)
      {
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                     "%s market %u: “%s” is player %u’s starting card",
                     pen_mark_kind_to_string (discipline), slot + 1, card_id, i + 1);
        return FALSE;
      }
  /* one card is in one place: the card picked here leaves the market that held it */
  for (guint k = 0; k < PEN_MARK_SPARK && card_id != NULL; k++)
    for (guint i = 0; i < PEN_SETUP_CLASS_MARKET; i++)
      if (g_strcmp0 (self->class_card[k][i], card_id) == 0)
        g_clear_pointer (&self->class_card[k][i], g_free);
  g_free (self->class_card[discipline][slot]);
  self->class_card[discipline][slot] = g_strdup (card_id);
  answers_changed (self);
  return TRUE;
}

const char *
pen_setup_draft_get_class_card (PenSetupDraft *self,
                                int            discipline,
                                guint          slot)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), NULL);
  if (discipline < 0 || discipline >= PEN_MARK_SPARK || slot >= PEN_SETUP_CLASS_MARKET)
    return NULL;
  return self->class_card[discipline][slot];
}

/* Physical mode: the Class markets as the table laid them out, by the Classes in the game: the
 * cards it named, and an unnamed Discipline card ("discipline#N", numbered as the app-dealt
 * set-up numbers them) for each card it left to be named when taken. The Brewery's and Shop's
 * entries stay as they are. */
static void
set_class_markets (PenSetupDraft *self,
                   JsonObject    *setup,
                   const gboolean *chosen)
{
  g_autoptr(GPtrArray) named = pen_catalog_list_by_type (catalog (), PEN_CARD_DISCIPLINE);
  int box = pen_catalog_get_box_count (catalog (), PEN_CARD_DISCIPLINE);
  guint next = named->len + 1;
  JsonObject *markets;

  if (!json_object_has_member (setup, "markets")
      || !JSON_NODE_HOLDS_OBJECT (json_object_get_member (setup, "markets")))
    json_object_set_object_member (setup, "markets", json_object_new ());
  markets = json_object_get_object_member (setup, "markets");
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    {
      JsonArray *arr;

      if (json_object_has_member (markets, pen_mark_kind_to_string (k)))
        json_object_remove_member (markets, pen_mark_kind_to_string (k));
      if (!chosen[k])
        continue;
      arr = json_array_new ();
      for (guint i = 0; i < PEN_SETUP_CLASS_MARKET; i++)
        if (self->class_card[k][i] != NULL)
          json_array_add_string_element (arr, self->class_card[k][i]);
        else if (box < 0 || (int) next <= box)
          {
            g_autofree char *id = pen_card_placeholder_id (PEN_CARD_DISCIPLINE, next++);

            json_array_add_string_element (arr, id);
          }
      json_object_set_array_member (markets, pen_mark_kind_to_string (k), arr);
    }
}

/* Physical mode: the first die of the preview whose face the table has not entered (its wizard
 * and index), or NULL when every one is entered (or the app rolls) */
static PenWizard *
find_missing_face (PenSetupDraft *self,
                   guint         *wizard_out,
                   guint         *index_out)
{
  PenTable *table;

  if (!self->physical || (table = pen_setup_draft_get_preview (self, NULL)) == NULL)
    return NULL;
  for (guint w = 0; w < pen_table_get_n_players (table) && w < MAX_WIZARDS; w++)
    {
      PenWizard *wizard = pen_table_get_wizard (table, w);
      guint n = g_list_model_get_n_items (pen_wizard_get_supply (wizard));

      for (guint d = 0; d < n && d < MAX_DICE; d++)
        if (self->dice[w][d] == 0)
          {
            if (wizard_out != NULL)
              *wizard_out = w;
            if (index_out != NULL)
              *index_out = d;
            return wizard;
          }
    }
  return NULL;
}

gboolean
pen_setup_draft_set_die (PenSetupDraft  *self,
                         guint           wizard,
                         guint           index,
                         guint           value,
                         GError        **error)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  if (wizard >= MAX_WIZARDS || index >= MAX_DICE || value > 6)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "wizard %u, die %u: face %u, expected 1 to 6 (0: not entered)",
                   wizard + 1, index + 1, value);
      return FALSE;
    }
  /* a face is not an answer that changes the game the draft makes: the preview stays */
  self->dice[wizard][index] = value;
  set_faces_entered (self, pen_setup_draft_get_preview (self, NULL) != NULL
                           && find_missing_face (self, NULL, NULL) == NULL);
  return TRUE;
}

gboolean
pen_setup_draft_get_faces_entered (PenSetupDraft *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);
  return self->faces_entered;
}

guint
pen_setup_draft_get_die (PenSetupDraft *self,
                         guint          wizard,
                         guint          index)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), 0);
  return wizard < MAX_WIZARDS && index < MAX_DICE ? self->dice[wizard][index] : 0;
}

/* ---- the starting Ingredients and Discipline card ---- */

static PenCard *
kept_talent (PenSetupDraft *self,
             guint          player)
{
  PenCard *card = talent_card (self, player);

  return card != NULL && pen_card_get_card_type (card) == PEN_CARD_TALENT
         && !pen_card_is_placeholder (card) ? card : NULL;
}

gboolean
pen_setup_draft_get_ingredients_known (PenSetupDraft *self,
                                       guint          player)
{
  PenCard *talent;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);
  g_return_val_if_fail (player < self->n_players, FALSE);

  talent = kept_talent (self, player);
  return talent != NULL && pen_card_get_start_ingredients (talent, NULL);
}

guint
pen_setup_draft_get_ingredient (PenSetupDraft *self,
                                guint          player,
                                PenIngredient  ingredient)
{
  guint known[PEN_N_INGREDIENTS];
  PenCard *talent;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), 0);
  g_return_val_if_fail (player < self->n_players && ingredient < PEN_N_INGREDIENTS, 0);

  talent = kept_talent (self, player);
  if (talent != NULL && pen_card_get_start_ingredients (talent, known))
    return known[ingredient];
  return self->ingredients[player][ingredient];
}

gboolean
pen_setup_draft_set_ingredient (PenSetupDraft  *self,
                                guint           player,
                                PenIngredient   ingredient,
                                guint           count,
                                GError        **error)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  if (!check_player (self, player, error))
    return FALSE;
  if (ingredient >= PEN_N_INGREDIENTS || count > PEN_INGREDIENT_CAP)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "player %u: %u of ingredient %d, expected 0 to %d", player + 1, count,
                   (int) ingredient, PEN_INGREDIENT_CAP);
      return FALSE;
    }
  if (pen_setup_draft_get_ingredients_known (self, player))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "player %u: the catalogue knows the Talent's starting Ingredients",
                   player + 1);
      return FALSE;
    }
  /* the dice and the layout stay: only the action changes */
  if (self->ingredients[player][ingredient] != count)
    {
      self->ingredients[player][ingredient] = count;
      g_clear_object (&self->preview);
    }
  return TRUE;
}

GPtrArray *
pen_setup_draft_list_start_cards (PenSetupDraft *self,
                                  guint          player)
{
  static const PenCardType types[] = { PEN_CARD_SPELL, PEN_CARD_PET, PEN_CARD_DISCIPLINE };
  GPtrArray *ids = g_ptr_array_new ();

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), ids);
  g_return_val_if_fail (player < self->n_players, ids);

  for (guint t = 0; t < G_N_ELEMENTS (types); t++)
    {
      g_autoptr(GPtrArray) cards = pen_catalog_list_by_type (catalog (), types[t]);

      for (guint c = 0; c < cards->len; c++)
        {
          PenCard *card = g_ptr_array_index (cards, c);
          const char *id = pen_card_get_id (card);
          gboolean taken = pen_card_is_placeholder (card);

          /* the box holds one of each: not one another player holds or a Class market */
          for (guint i = 0; i < self->n_players && !taken; i++)
            taken = i != player && g_strcmp0 (pen_setup_draft_get_start_card (self, i), id) == 0;
          for (guint k = 0; k < PEN_MARK_SPARK && !taken; k++)
            for (guint m = 0; m < PEN_SETUP_CLASS_MARKET && !taken; m++)
              taken = self->physical && g_strcmp0 (self->class_card[k][m], id) == 0;
          if (!taken)
            g_ptr_array_add (ids, (gpointer) id);
        }
    }
  return ids;
}

const char *
pen_setup_draft_get_start_card (PenSetupDraft *self,
                                guint          player)
{
  PenCard *talent, *card;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), NULL);
  g_return_val_if_fail (player < self->n_players, NULL);

  if (self->physical && self->start_card_said[player])
    return self->start_card[player];
  talent = kept_talent (self, player);
  if (talent == NULL || (card = lookup (pen_card_get_start_card (talent))) == NULL)
    return NULL;
  return pen_card_get_id (card);
}

gboolean
pen_setup_draft_set_start_card (PenSetupDraft  *self,
                                guint           player,
                                const char     *card_id,
                                GError        **error)
{
  PenCard *card = lookup (card_id);

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  if (!check_player (self, player, error))
    return FALSE;
  if (!self->physical)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "player %u: the app deals: the starting card is the one the Talent names",
                   player + 1);
      return FALSE;
    }
  if (card_id != NULL
      && (card == NULL || pen_card_is_placeholder (card)
          || !pen_box_is_discipline_kind (pen_card_get_card_type (card))))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "player %u: “%s” is not a Discipline card of the catalogue", player + 1,
                   card_id);
      return FALSE;
    }
  for (guint i = 0; i < self->n_players && card_id != NULL; i++)
    if (i != player && g_strcmp0 (pen_setup_draft_get_start_card (self, i), card_id) == 0)
      {
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                     "player %u: “%s” is player %u’s starting card already", player + 1,
                     card_id, i + 1);
        return FALSE;
      }
  if (g_strcmp0 (self->start_card[player], card_id) != 0 || !self->start_card_said[player])
    {
      g_free (self->start_card[player]);
      self->start_card[player] = g_strdup (card_id);
      self->start_card_said[player] = TRUE;
      g_clear_object (&self->preview);
    }
  return TRUE;
}

/* The Ingredients typed for a Talent of the catalogue that does not know them yet, asked once:
 * the catalogue remembers them (card-identify), as it does a card's printed numbers */
static PenAction *
remember_ingredients (PenSetupDraft *self,
                      guint          player)
{
  PenCard *talent = kept_talent (self, player);
  g_autoptr(JsonObject) values = NULL;
  gboolean any = FALSE;

  /* a Talent named at this set-up gets them with its name (name_talent_action) */
  if (talent == NULL || talent_named (self, player)
      || pen_card_get_start_ingredients (talent, NULL))
    return NULL;
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    any = any || self->ingredients[player][k] > 0;
  if (!any)
    return NULL;
  values = json_object_new ();
  json_object_set_member (values, "start_ingredients",
                          pen_ingredients_to_json (self->ingredients[player]));
  return pen_action_new_card_identify_full (pen_card_get_id (talent), NULL, NULL, values);
}

/* ---- naming the dealt Talent the catalogue cannot name ---- */

gboolean
pen_setup_draft_get_talent_unnamed (PenSetupDraft *self,
                                    guint          player)
{
  PenCard *card;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);
  g_return_val_if_fail (player < self->n_players, FALSE);

  /* app-dealt, a dealt Talent the catalogue cannot name; physical, "Another Talent" */
  if (self->physical)
    return self->talent_said[player] && self->talent[player] == NULL;
  card = lookup (pen_setup_draft_get_talent (self, player));
  return card != NULL && pen_card_is_placeholder (card);
}

const char *
pen_setup_draft_get_talent_as (PenSetupDraft *self,
                               guint          player)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), NULL);
  g_return_val_if_fail (player < self->n_players, NULL);
  return talent_named (self, player) ? self->talent_as[player] : NULL;
}

const char *
pen_setup_draft_get_talent_typed (PenSetupDraft *self,
                                  guint          player)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), NULL);
  g_return_val_if_fail (player < self->n_players, NULL);
  return talent_named (self, player) ? self->talent_typed[player] : NULL;
}

/* Whether id is a Talent lying face up at this set-up: dealt to a player (the one put back
 * was seen too) or another player's kept one named so */
static gboolean
talent_seen (PenSetupDraft *self,
             guint          player,
             const char    *id)
{
  for (guint i = 0; i < self->n_players; i++)
    {
      /* physical: the app dealt nothing */
      char **pair = self->physical ? NULL : g_ptr_array_index (self->setup->talents_dealt, i);

      for (guint j = 0; j < 2 && pair != NULL; j++)
        if (g_strcmp0 (pair[j], id) == 0)
          return TRUE;
      if (i != player && g_strcmp0 (pen_setup_draft_get_talent_as (self, i), id) == 0)
        return TRUE;
      /* physical: another player's kept one */
      if (i != player && self->physical && g_strcmp0 (self->talent[i], id) == 0)
        return TRUE;
    }
  return FALSE;
}

GPtrArray *
pen_setup_draft_list_talent_names (PenSetupDraft *self,
                                   guint          player)
{
  g_autoptr(GPtrArray) cards = pen_catalog_list_by_type (catalog (), PEN_CARD_TALENT);
  GPtrArray *ids = g_ptr_array_new ();

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), ids);
  g_return_val_if_fail (player < self->n_players, ids);

  if (!pen_setup_draft_get_talent_unnamed (self, player))
    return ids;
  for (guint c = 0; c < cards->len; c++)
    {
      PenCard *card = g_ptr_array_index (cards, c);
      const char *id = pen_card_get_id (card);

      if (!pen_card_is_placeholder (card) && !talent_seen (self, player, id))
        g_ptr_array_add (ids, (gpointer) id);
    }
  return ids;
}

gboolean
pen_setup_draft_name_talent (PenSetupDraft  *self,
                             guint           player,
                             const char     *as,
                             const char     *typed_name,
                             GError        **error)
{
  g_autofree char *typed = typed_name != NULL ? g_strstrip (g_strdup (typed_name)) : NULL;
  PenCard *card = lookup (as);
  gboolean named_before;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);

  if (!check_player (self, player, error))
    return FALSE;
  if (!pen_setup_draft_get_talent_unnamed (self, player))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "player %u: the kept Talent is not one the catalogue cannot name",
                   player + 1);
      return FALSE;
    }
  if (typed != NULL && *typed == '\0')
    g_clear_pointer (&typed, g_free);
  if (as != NULL && typed != NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "player %u: a Talent is named from the catalogue or typed, not both",
                   player + 1);
      return FALSE;
    }
  if (as != NULL && (card == NULL || pen_card_get_card_type (card) != PEN_CARD_TALENT
                     || pen_card_is_placeholder (card)))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "player %u: “%s” is not a named Talent of the catalogue", player + 1, as);
      return FALSE;
    }
  /* the box holds one of each Talent: not one lying face up already */
  if (as != NULL && talent_seen (self, player, as))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "player %u: “%s” is face up at this set-up already", player + 1, as);
      return FALSE;
    }
  named_before = talent_named (self, player);
  if (named_before && g_strcmp0 (self->talent_as[player], as) == 0
      && g_strcmp0 (self->talent_typed[player], typed) == 0)
    return TRUE;
  if (!named_before && as == NULL && typed == NULL)
    return TRUE;
  g_free (self->named_talent[player]);
  /* physical: "Another Talent" has no id until the game starts (another_talent) */
  self->named_talent[player] = as != NULL || typed != NULL
                               ? g_strdup (self->physical ? "another"
                                                          : pen_setup_draft_get_talent (self,
                                                                                        player))
                               : NULL;
  g_free (self->talent_as[player]);
  self->talent_as[player] = g_strdup (as);
  g_free (self->talent_typed[player]);
  self->talent_typed[player] = g_steal_pointer (&typed);
  /* another card may fix the mark, the card, the number and the Ingredients */
  g_clear_object (&self->preview);
  answers_changed (self);
  return TRUE;
}

/* The card-identify naming the kept Talent as the table said, with what the table read off
 * it that the catalogue does not know yet: asked once, remembered (docs/card-naming.md) */
static PenAction *
name_talent_action (PenSetupDraft *self,
                    guint          player)
{
  PenCard *card;
  g_autoptr(JsonObject) values = json_object_new ();
  g_autofree char *another = NULL;
  gboolean any = FALSE;
  int mark;

  if (!talent_named (self, player))
    return NULL;
  card = self->talent_as[player] != NULL ? lookup (self->talent_as[player]) : NULL;
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    any = any || self->ingredients[player][k] > 0;
  if (any && (card == NULL || !pen_card_get_start_ingredients (card, NULL)))
    json_object_set_member (values, "start_ingredients",
                            pen_ingredients_to_json (self->ingredients[player]));
  mark = self->start_mark[player];
  if (mark >= 0 && (card == NULL || pen_card_get_start_mark (card) < 0))
    json_object_set_string_member (values, "start_mark", pen_mark_kind_to_string (mark));
  if (self->turn_number[player] > 0 && (card == NULL || pen_card_get_turn_order (card) < 0))
    json_object_set_int_member (values, "turn_order", self->turn_number[player]);
  another = self->physical ? another_talent (self, player) : NULL;
  if (self->physical && another == NULL)
    return NULL;
  return pen_box_identify_action (self->physical ? another : self->named_talent[player],
                                  self->talent_as[player],
                                  self->talent_typed[player],
                                  json_object_get_size (values) > 0 ? values : NULL);
}

/* ---- the action ---- */

/* The set-up lays the Class markets out by the Classes it drew from its own dealt Talents; the
 * table's starting Marks may have chosen other Classes. Each market whose Class is not in the
 * game moves to a chosen Class that has none (its cards are unnamed placeholders either way),
 * so every Class in the game has its market and none other does. */
static void
move_class_markets (JsonObject     *obj,
                    const gboolean *chosen)
{
  JsonObject *markets;
  g_autoptr(GPtrArray) stale = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) missing = g_ptr_array_new ();

  if (!json_object_has_member (obj, "markets"))
    return;
  markets = json_object_get_object_member (obj, "markets");
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    {
      const char *name = pen_mark_kind_to_string (k);

      if (chosen[k] && !json_object_has_member (markets, name))
        g_ptr_array_add (missing, (gpointer) name);
      else if (!chosen[k] && json_object_has_member (markets, name))
        g_ptr_array_add (stale, g_strdup (name));
    }
  for (guint i = 0; i < stale->len && i < missing->len; i++)
    {
      JsonNode *cards = json_object_dup_member (markets, g_ptr_array_index (stale, i));

      json_object_remove_member (markets, g_ptr_array_index (stale, i));
      json_object_set_member (markets, g_ptr_array_index (missing, i), cards);
    }
}

static JsonNode *
build_setup_node (PenSetupDraft *self,
                  const guint    order[MAX_PLAYERS],
                  gboolean       order_known)
{
  JsonNode *node = pen_setup_to_table_json (self->setup);
  JsonObject *obj = json_node_get_object (node);
  gboolean chosen[PEN_MARK_SPARK], from_player[PEN_MARK_SPARK];
  JsonArray *arr;
  JsonObject *extra;

  arr = json_array_new ();
  for (guint k = 0; k < self->n_players; k++)
    {
      const char *id = pen_setup_draft_get_talent (self, order[k]);
      if (lookup (id) != NULL)
        json_array_add_string_element (arr, id);
      else
        json_array_add_null_element (arr);
    }
  json_object_set_array_member (obj, "talents", arr);

  pen_setup_draft_get_classes (self, chosen, from_player);
  arr = json_array_new ();
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    if (chosen[k])
      json_array_add_string_element (arr, pen_mark_kind_to_string (k));
  json_object_set_array_member (obj, "classes", arr);
  move_class_markets (obj, chosen);

  if (pen_setup_draft_get_table_trial_row (self))
    {
      /* the table shuffles: the row is what they say they revealed, the deck only a count */
      g_autoptr(GPtrArray) unread = g_ptr_array_new_with_free_func (g_free);

      arr = json_array_new ();
      for (guint i = 0; i < self->setup->trial_row->len && i < MAX_PLAYERS; i++)
        if (self->trial_pick[i] != NULL)
          json_array_add_string_element (arr, self->trial_pick[i]);
        else
          {
            /* the row is always full (Setup › Starting row): a Trial the table did not read
             * out is a Difficulty 1 card still to be named (its place in the row says so:
             * pen_box_required_difficulty), not "an unknown card" (play finding X9) */
            char *id = unread_card (self, PEN_CARD_TRIAL, i, unread);

            if (id != NULL)
              {
                json_array_add_string_element (arr, id);
                g_ptr_array_add (unread, id);
              }
            else
              json_array_add_null_element (arr);
          }
      json_object_set_array_member (obj, "trial_row", arr);
      arr = json_array_new ();
      for (guint i = 0; i < self->setup->fate_deck->len; i++)
        json_array_add_null_element (arr);
      json_object_set_array_member (obj, "fate_deck", arr);
    }
  if (self->physical)
    set_class_markets (self, obj, chosen);
  if (self->physical)
    {
      g_autoptr(GPtrArray) unread = g_ptr_array_new_with_free_func (g_free);

      arr = json_array_new ();
      for (guint c = 0; c < PEN_SETUP_CONTRACT_CELLS; c++)
        if (self->contract_pick[c] != NULL)
          json_array_add_string_element (arr, self->contract_pick[c]);
        else
          {
            /* the Guild is always full (Setup › Contracts): a cell the table did not read out
             * holds a card still to be named, not an empty cell */
            char *id = unread_card (self, PEN_CARD_CONTRACT, c, unread);

            if (id != NULL)
              {
                json_array_add_string_element (arr, id);
                g_ptr_array_add (unread, id);
              }
            else
              json_array_add_null_element (arr);
          }
      json_object_set_array_member (obj, "contract_row", arr);
    }

  extra = json_object_new ();
  json_object_set_string_member (extra, "turn_order", order_known ? "talents" : "listed");
  json_object_set_string_member (extra, "dealt_by", self->physical ? "table" : "app");
  if (!self->physical)
    {
      arr = json_array_new ();
      for (guint k = 0; k < self->n_players; k++)
        {
          char **pair = g_ptr_array_index (self->setup->talents_dealt, order[k]);
          JsonArray *p = json_array_new ();

          for (guint j = 0; pair[j] != NULL; j++)
            if (pen_setup_is_placeholder (pair[j]))
              json_array_add_null_element (p);
            else
              json_array_add_string_element (p, pair[j]);
          json_array_add_array_element (arr, p);
        }
      json_object_set_array_member (extra, "talents_dealt", arr);
      /* the Difficulty 2 Contracts the app put at the bottom of the deck (pen-box.c) */
      arr = json_array_new ();
      for (guint i = 0; i < self->setup->contract_bottom->len; i++)
        json_array_add_string_element (arr, g_ptr_array_index (self->setup->contract_bottom, i));
      json_object_set_array_member (extra, "contract_bottom", arr);
    }
  json_object_set_object_member (obj, "extra", extra);

  /* Parsed back from its own text: members removed and set again above (the markets of the
   * Classes in play) leave an object whose members are iterated in another order than the
   * same object read back from the save, and the new game lays its markets out in that order:
   * the reopened game would not match its snapshot. */
  {
    g_autofree char *text = json_to_string (node, FALSE);
    JsonNode *clean = json_from_string (text, NULL);

    if (clean != NULL)
      {
        json_node_unref (node);
        node = clean;
      }
  }
  return node;
}

PenAction *
pen_setup_draft_build_action (PenSetupDraft  *self,
                              GError        **error)
{
  g_autoptr(JsonObject) params = json_object_new ();
  guint order[MAX_PLAYERS];
  gboolean order_known;
  JsonArray *arr;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), NULL);

  for (guint i = 0; i < self->n_players; i++)
    if (pen_setup_draft_get_start_mark (self, i) < 0)
      {
        g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                     "player %u: no starting discipline chosen", i + 1);
        return NULL;
      }

  order_known = pen_setup_draft_get_order (self, order);
  arr = json_array_new ();
  for (guint k = 0; k < self->n_players; k++)
    json_array_add_string_element (arr, self->names[order[k]]);
  json_object_set_array_member (params, "players", arr);
  json_object_set_int_member (params, "seed", (gint64) (self->seed & G_MAXINT64));
  json_object_set_string_member (params, "mode", self->physical ? "physical" : "app");
  /* the table shuffles, deals and rolls: the game asks it every face, the app never rolls */
  if (self->physical)
    {
      json_object_set_boolean_member (params, "table_rolls", TRUE);
      /* and says which Potions and Artifacts its markets hold as they are bought */
      json_object_set_boolean_member (params, "table_markets", TRUE);
    }
  json_object_set_boolean_member (params, "ready_made", self->ready_made);
  if (self->has_cell_values)
    {
      arr = json_array_new ();
      for (guint c = 0; c < PEN_MARK_CELLS; c++)
        json_array_add_int_element (arr, self->cell_values[c]);
      json_object_set_array_member (params, "cell_values", arr);
    }
  if (self->solo_level > 0)
    json_object_set_int_member (params, "solo", self->solo_level);
  if (self->hide_odds)
    json_object_set_boolean_member (params, "hide_odds", TRUE);

  arr = json_array_new ();
  for (guint k = 0; k < self->n_players; k++)
    {
      JsonObject *start = json_object_new ();
      const char *talent = pen_setup_draft_get_talent (self, order[k]);

      json_object_set_string_member (start, "mark",
                                     pen_mark_kind_to_string (
                                       pen_setup_draft_get_start_mark (self, order[k])));
      const char *card = pen_setup_draft_get_start_card (self, order[k]);
      guint counts[PEN_N_INGREDIENTS];
      gboolean any = FALSE;

      if (lookup (talent) != NULL)
        json_object_set_string_member (start, "talent", talent);
      /* physical: "Another Talent" the table named here, an unnamed one named at the start */
      else if (self->physical && talent_named (self, order[k]))
        {
          g_autofree char *another = another_talent (self, order[k]);

          if (another != NULL)
            json_object_set_string_member (start, "talent", another);
        }
      /* the starting Discipline card the Talent names (Setup › Talents); one the catalogue
       * cannot name is given unnamed, for the table to name when it counts */
      json_object_set_string_member (start, "card", card != NULL ? card : PEN_UNNAMED_START_CARD);
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        {
          counts[i] = pen_setup_draft_get_ingredient (self, order[k], i);
          any = any || counts[i] > 0;
        }
      if (any)
        json_object_set_member (start, "ingredients", pen_ingredients_to_json (counts));
      json_array_add_object_element (arr, start);
    }
  json_object_set_array_member (params, "start", arr);
  json_object_set_member (params, "setup", build_setup_node (self, order, order_known));

  /* through the core's constructor, checked against the kinds table */
  return pen_action_new_with_params ("new-game", params);
}

PenTable *
pen_setup_draft_get_preview (PenSetupDraft  *self,
                             GError        **error)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), NULL);

  if (self->preview == NULL)
    {
      g_autoptr(PenGame) game = pen_game_new ();
      g_autoptr(PenAction) action = pen_setup_draft_build_action (self, error);

      if (action == NULL || !pen_game_submit (game, action, error))
        return NULL;
      self->preview = g_steal_pointer (&game);
    }
  return pen_game_get_table (self->preview);
}

GPtrArray *
pen_setup_draft_build_corrections (PenSetupDraft *self)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_object_unref);
  PenTable *table;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), out);

  if (!self->physical || (table = pen_setup_draft_get_preview (self, NULL)) == NULL)
    return out;
  for (guint w = 0; w < pen_table_get_n_players (table) && w < MAX_WIZARDS; w++)
    {
      PenWizard *wizard = pen_table_get_wizard (table, w);
      guint n = g_list_model_get_n_items (pen_wizard_get_supply (wizard));

      for (guint d = 0; d < n && d < MAX_DICE; d++)
        {
          guint typed = self->dice[w][d];

          if (typed >= 1 && typed <= 6
              && typed != pen_die_get_value (pen_wizard_get_die (wizard, d)))
            {
              PenAction *set = pen_action_new_die_set (w, d, typed);

              /* said at the table: the History says so, not a change of the app's roll */
              json_object_set_boolean_member (pen_action_get_params (set), "setup", TRUE);
              g_ptr_array_add (out, set);
            }
        }
    }
  return out;
}

/* ---- naming "another card" at set-up ---- */

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static gboolean
picked_now (PenSetupDraft *self,
            const char    *card)
{
  for (guint i = 0; i < MAX_PLAYERS; i++)
    if (g_strcmp0 (self->trial_pick[i], card) == 0)
      return TRUE;
  for (guint c = 0; c < PEN_SETUP_CONTRACT_CELLS; c++)
    if (g_strcmp0 (self->contract_pick[c], card) == 0)
      return TRUE;
  return FALSE;
}

gboolean
pen_setup_draft_set_naming (PenSetupDraft  *self,
                            const char     *card,
                            PenAction      *identify,
                            GError        **error)
{
  JsonObject *params;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);
  g_return_val_if_fail (card != NULL, FALSE);
  g_return_val_if_fail (identify == NULL || PEN_IS_ACTION (identify), FALSE);

  if (identify == NULL)
    {
      if (g_hash_table_remove (self->namings, card))
        answers_changed (self);
      return TRUE;
    }
  params = pen_action_get_params (identify);
  if (!pen_card_id_is_placeholder (card) || !picked_now (self, card))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "“%s” is not an unnamed card picked at this set-up", card);
      return FALSE;
    }
  if (!g_str_equal (pen_action_get_kind (identify), "card-identify")
      || g_strcmp0 (json_object_get_string_member_with_default (params, "card", NULL),
                    card) != 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "the naming of “%s” is not its card-identify", card);
      return FALSE;
    }
  g_hash_table_replace (self->namings, g_strdup (card), g_object_ref (identify));
  answers_changed (self);
  return TRUE;
}

PenAction *
pen_setup_draft_get_naming (PenSetupDraft *self,
                            const char    *card)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), NULL);

  return card != NULL ? g_hash_table_lookup (self->namings, card) : NULL;
}

char *
pen_setup_draft_get_naming_title (PenSetupDraft *self,
                                  const char    *card)
{
  PenAction *identify = pen_setup_draft_get_naming (self, card);
  JsonObject *params, *entry, *name;
  const char *as;
  const char *lang = pen_turn_get_card_language ();

  if (identify == NULL)
    return NULL;
  params = pen_action_get_params (identify);
  as = json_object_get_string_member_with_default (params, "as", NULL);
  /* a name typed as printed: the card the catalogue learns only when the game starts */
  if (json_object_has_member (params, "entry")
      && JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "entry"))
      && (entry = json_object_get_object_member (params, "entry"))
      && json_object_has_member (entry, "name")
      && JSON_NODE_HOLDS_OBJECT (json_object_get_member (entry, "name"))
      && (name = json_object_get_object_member (entry, "name")))
    {
      const char *shown = json_object_get_string_member_with_default (name, lang, NULL);

      if (shown == NULL)
        shown = json_object_get_string_member_with_default (name, "en", NULL);
      if (shown == NULL)
        shown = json_object_get_string_member_with_default (name, "ru", NULL);
      if (shown != NULL)
        return g_strdup (shown);
    }
  return as != NULL && lookup (as) != NULL ? g_strdup (pen_turn_card_name (as)) : NULL;
}

PenGame *
pen_setup_draft_get_preview_game (PenSetupDraft  *self,
                                  GError        **error)
{
  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), NULL);

  if (pen_setup_draft_get_preview (self, error) == NULL)
    return NULL;
  return self->preview;
}

gboolean
pen_setup_draft_start (PenSetupDraft  *self,
                       PenGame        *game,
                       GError        **error)
{
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GPtrArray) corrections = NULL;
  guint w = 0, d = 0, n = 0;

  g_return_val_if_fail (PEN_IS_SETUP_DRAFT (self), FALSE);
  g_return_val_if_fail (PEN_IS_GAME (game), FALSE);

  if (find_missing_face (self, &w, &d) != NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "wizard %u, die %u: the face the table rolled is not entered", w + 1, d + 1);
      return FALSE;
    }
  /* the corrections compare the typed faces with the preview's: build them first */
  corrections = pen_setup_draft_build_corrections (self);
  if (!(action = pen_setup_draft_build_action (self, error))
      || !pen_game_submit (game, action, error))
    return FALSE;
  for (guint i = 0; i < corrections->len; i++)
    if (!pen_game_submit (game, g_ptr_array_index (corrections, i), error))
      return FALSE;
  for (guint i = 0; i < self->n_players; i++)
    {
      g_autoptr(PenAction) name = name_talent_action (self, i);
      g_autoptr(PenAction) remember = remember_ingredients (self, i);

      if ((name != NULL && !pen_game_submit (game, name, error))
          || (remember != NULL && !pen_game_submit (game, remember, error)))
        return FALSE;
    }
  /* the cards named as "another card" at set-up, still face up where they were picked; in
   * the order of their ids, so a replay is the same */
  {
    g_autofree gpointer *cards = g_hash_table_get_keys_as_array (self->namings, &n);
    g_autoptr(GPtrArray) open = pen_box_list_unidentified (pen_game_get_table (game));

    qsort (cards, n, sizeof (gpointer), compare_strings);
    for (guint i = 0; i < n; i++)
      {
        gboolean lying = FALSE;
        g_autoptr(PenAction) copy = NULL;
        g_autoptr(JsonNode) node = NULL;

        for (guint j = 0; j < open->len && !lying; j++)
          lying = g_str_equal (((PenCardSighting *) g_ptr_array_index (open, j))->card,
                               cards[i]);
        if (!lying)
          continue;
        /* a copy: the game keeps its own action, the draft may start another game */
        node = pen_action_to_json (g_hash_table_lookup (self->namings, cards[i]));
        copy = pen_action_new_from_json (node, "$", error);
        if (copy == NULL || !pen_game_submit (game, copy, error))
          return FALSE;
      }
  }
  return TRUE;
}

/* ---- the object ---- */

static void
pen_setup_draft_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  PenSetupDraft *self = PEN_SETUP_DRAFT (object);

  switch (prop_id)
    {
    case PROP_N_PLAYERS:
      g_value_set_uint (value, self->n_players);
      break;
    case PROP_SEED:
      g_value_set_uint64 (value, self->seed);
      break;
    case PROP_PHYSICAL:
      g_value_set_boolean (value, self->physical);
      break;
    case PROP_READY_MADE:
      g_value_set_boolean (value, self->ready_made);
      break;
    case PROP_SOLO_LEVEL:
      g_value_set_uint (value, self->solo_level);
      break;
    case PROP_HIDE_ODDS:
      g_value_set_boolean (value, self->hide_odds);
      break;
    case PROP_SETUP:
      g_value_set_pointer (value, self->setup);
      break;
    case PROP_COMPLETE:
      g_value_set_boolean (value, self->complete);
      break;
    case PROP_TABLE_TRIAL_ROW:
      g_value_set_boolean (value, pen_setup_draft_get_table_trial_row (self));
      break;
    case PROP_FACES_ENTERED:
      g_value_set_boolean (value, self->faces_entered);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_setup_draft_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  PenSetupDraft *self = PEN_SETUP_DRAFT (object);

  switch (prop_id)
    {
    case PROP_SEED:
      pen_setup_draft_set_seed (self, g_value_get_uint64 (value));
      break;
    case PROP_PHYSICAL:
      pen_setup_draft_set_physical (self, g_value_get_boolean (value));
      break;
    case PROP_READY_MADE:
      pen_setup_draft_set_ready_made (self, g_value_get_boolean (value));
      break;
    case PROP_SOLO_LEVEL:
      pen_setup_draft_set_solo_level (self, g_value_get_uint (value), NULL);
      break;
    case PROP_HIDE_ODDS:
      pen_setup_draft_set_hide_odds (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_setup_draft_finalize (GObject *object)
{
  PenSetupDraft *self = PEN_SETUP_DRAFT (object);

  g_clear_object (&self->preview);
  g_clear_pointer (&self->setup, pen_setup_free);
  g_clear_pointer (&self->namings, g_hash_table_unref);
  for (guint i = 0; i < MAX_PLAYERS; i++)
    {
      g_free (self->names[i]);
      g_free (self->talent[i]);
      g_free (self->trial_pick[i]);
      g_free (self->start_card[i]);
      g_free (self->named_talent[i]);
      g_free (self->talent_as[i]);
      g_free (self->talent_typed[i]);
    }
  for (guint c = 0; c < PEN_SETUP_CONTRACT_CELLS; c++)
    g_free (self->contract_pick[c]);
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    for (guint i = 0; i < PEN_SETUP_CLASS_MARKET; i++)
      g_free (self->class_card[k][i]);

  G_OBJECT_CLASS (pen_setup_draft_parent_class)->finalize (object);
}

static void
pen_setup_draft_class_init (PenSetupDraftClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = pen_setup_draft_get_property;
  object_class->set_property = pen_setup_draft_set_property;
  object_class->finalize = pen_setup_draft_finalize;

  properties[PROP_N_PLAYERS] = g_param_spec_uint ("n-players", NULL, NULL, 1, MAX_PLAYERS, 2,
                                                  ro);
  properties[PROP_SEED] = g_param_spec_uint64 ("seed", NULL, NULL, 0, G_MAXINT64, 0, rw);
  properties[PROP_PHYSICAL] = g_param_spec_boolean ("physical", NULL, NULL, FALSE, rw);
  properties[PROP_READY_MADE] = g_param_spec_boolean ("ready-made", NULL, NULL, TRUE, rw);
  properties[PROP_SOLO_LEVEL] = g_param_spec_uint ("solo-level", NULL, NULL, 0, 3, 0, rw);
  properties[PROP_HIDE_ODDS] = g_param_spec_boolean ("hide-odds", NULL, NULL, FALSE, rw);
  /* the PenSetup the seed deals, owned by the draft */
  properties[PROP_SETUP] = g_param_spec_pointer ("setup", NULL, NULL, ro);
  properties[PROP_COMPLETE] = g_param_spec_boolean ("complete", NULL, NULL, FALSE, ro);
  properties[PROP_TABLE_TRIAL_ROW] = g_param_spec_boolean ("table-trial-row", NULL, NULL, FALSE,
                                                           ro);
  /* every die the table rolls has its face (always, when the app rolls) */
  properties[PROP_FACES_ENTERED] = g_param_spec_boolean ("faces-entered", NULL, NULL, TRUE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[ANSWERS_CHANGED] = g_signal_new ("answers-changed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 0);
}

static void
pen_setup_draft_init (PenSetupDraft *self)
{
  self->namings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->n_players = 2;
  self->names[0] = g_strdup ("Player 1");
  self->names[1] = g_strdup ("Player 2");
  self->ready_made = TRUE;
  for (guint i = 0; i < MAX_PLAYERS; i++)
    self->start_mark[i] = -1;
  for (guint i = 0; i < PEN_SETUP_CLASSES; i++)
    self->class_draw[i] = -1;
  self->setup = pen_setup_new (catalog (), self->n_players, self->seed, self->ready_made, NULL);
  self->complete = pen_setup_draft_get_complete (self);
  self->faces_entered = TRUE;
}

PenSetupDraft *
pen_setup_draft_new (void)
{
  return g_object_new (PEN_TYPE_SETUP_DRAFT, NULL);
}
