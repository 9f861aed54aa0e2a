/* pen-table.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-json.h"
#include "pen-store-sync.h"
#include "pen-table.h"

struct _PenTable
{
  GObject      parent_instance;

  GListStore  *players;
  GListStore  *trial_row;
  GListStore  *contract_row;
  GListStore  *contract_deck;
  GListStore  *fate_deck;
  GListStore  *in_play;
  GListStore  *markets;
  GListStore  *market_decks;
  GListStore  *placed;

  guint        current;
  guint        turn;
  PenTurnKind  turn_kind;
  int          placements_left;
  gboolean     trinket_used;
  guint        guild_placements;  /* dice placed in the Guild this turn not yet used */
  guint        trials_this_turn;  /* trials passed or failed this turn */
  guint        city_binds;        /* City placements this turn not yet used for Bind */
  guint        guild_yellow;      /* of guild_placements, the Yellow dice (DEFEND's "place") */
  PenPhase     phase;
  guint        final_turns;
  char        *ended_by;
  gboolean     physical;
  guint        solo_level;
  guint64      seed;
  gboolean     hide_odds;
  gboolean     table_rolls;
  gboolean     fate_printed;      /* physical, the first-game deck in the printed order */
  gboolean     table_markets;     /* physical, the table says the Brewery's and Shop's cards */
  guint        classes;       /* bit k: the Class of PenMarkKind k is in the game; 0: not known */
  guint        discipline_dealt;  /* the highest "discipline#N" the Class markets handed out */
  PenRandom    random;
  guint8       cell_values[PEN_MARK_CELLS];
  PenTrial    *trial;
};

G_DEFINE_FINAL_TYPE (PenTable, pen_table, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_N_PLAYERS,
  PROP_CURRENT,
  PROP_TURN,
  PROP_TURN_KIND,
  PROP_PLACEMENTS_LEFT,
  PROP_TRINKET_USED,
  PROP_GUILD_PLACEMENTS,
  PROP_TRIALS_THIS_TURN,
  PROP_CITY_BINDS,
  PROP_PHASE,
  PROP_FINAL_TURNS,
  PROP_ENDED_BY,
  PROP_PHYSICAL,
  PROP_SOLO_LEVEL,
  PROP_HIDE_ODDS,
  PROP_TRIAL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const turn_kind_ids[] = { "none", "study", "trial", "rest", NULL };
static const char * const phase_ids[] = { "playing", "final-round", "ended", NULL };

const char *
pen_turn_kind_to_string (PenTurnKind kind)
{
  g_return_val_if_fail (kind < PEN_N_TURN_KINDS, NULL);
  return turn_kind_ids[kind];
}

int
pen_turn_kind_from_string (const char *str)
{
  return pen_id_lookup (turn_kind_ids, str);
}

const char *
pen_turn_kind_get_label (PenTurnKind kind)
{
  switch (kind)
    {
    case PEN_TURN_STUDY: return _("Study");
    case PEN_TURN_TRIAL: return _("Trial");
    case PEN_TURN_REST: return _("Rest");
    case PEN_TURN_NONE:
    case PEN_N_TURN_KINDS:
    default:
      return _("Choosing");
    }
}

static const char * const trial_property_ids[] = {
  "rift", "vigilance", "shield", "trap", "suppress_crystals", "suppress_potions",
  "suppress_artifacts", "suppress_pets", NULL
};

const char *
pen_trial_property_to_string (PenTrialProperty property)
{
  for (guint i = 0; i < PEN_N_TRIAL_PROPERTIES; i++)
    if (property == (1u << i))
      return trial_property_ids[i];
  g_return_val_if_reached (NULL);
}

PenTrialProperty
pen_trial_property_from_string (const char *str)
{
  int i = str ? pen_id_lookup (trial_property_ids, str) : -1;

  return i < 0 ? 0 : (PenTrialProperty) (1u << i);
}

const char *
pen_trial_property_get_label (PenTrialProperty property)
{
  switch (property)
    {
    case PEN_TRIAL_RIFT: return _("Rift");
    case PEN_TRIAL_VIGILANCE: return _("Vigilance");
    case PEN_TRIAL_SHIELD: return _("Shield");
    case PEN_TRIAL_TRAP: return _("Trap");
    case PEN_TRIAL_SUPPRESS_CRYSTALS: return _("Crystal Suppression");
    case PEN_TRIAL_SUPPRESS_POTIONS: return _("Potion Suppression");
    case PEN_TRIAL_SUPPRESS_ARTIFACTS: return _("Artifact Suppression");
    case PEN_TRIAL_SUPPRESS_PETS: return _("Pet Suppression");
    default:
      g_return_val_if_reached (NULL);
    }
}

PenTrial *
pen_trial_copy (const PenTrial *trial)
{
  PenTrial *copy = g_new (PenTrial, 1);

  *copy = *trial;
  copy->card = g_strdup (trial->card);
  copy->shield_task = g_strdup (trial->shield_task);
  return copy;
}

void
pen_trial_free (PenTrial *trial)
{
  if (trial == NULL)
    return;
  g_free (trial->card);
  g_free (trial->shield_task);
  g_free (trial);
}

gboolean
pen_trial_in_force (const PenTrial   *trial,
                    PenTrialProperty  property)
{
  return trial != NULL && (trial->properties & property) && !(trial->cancelled & property);
}

gboolean
pen_trial_read_properties (JsonNode    *node,
                           const char  *path,
                           PenTrial    *trial,
                           GError     **error)
{
  JsonObject *obj;

  if (!(obj = pen_json_expect_object (node, path, error))
      || !pen_json_check_keys (obj, path, trial_property_ids, error))
    return FALSE;
  trial->properties = 0;
  trial->rift = trial->vigilance = 0;
  g_clear_pointer (&trial->shield_task, g_free);
  for (guint i = 0; i < PEN_N_TRIAL_PROPERTIES; i++)
    {
      PenTrialProperty p = 1u << i;
      const char *key = trial_property_ids[i];
      JsonNode *member = json_object_get_member (obj, key);
      gboolean on = FALSE;
      gint64 x = 0;

      if (member == NULL)
        continue;
      /* the rulebook prints no bound for X: a Threat roll has at most 30 dice */
      if (p == PEN_TRIAL_RIFT || p == PEN_TRIAL_VIGILANCE)
        {
          if (!pen_json_get_int (obj, path, key, TRUE, 1, 30, &x, error))
            return FALSE;
          if (p == PEN_TRIAL_RIFT)
            trial->rift = x;
          else
            trial->vigilance = x;
          on = TRUE;
        }
      else if (p == PEN_TRIAL_SHIELD && JSON_NODE_HOLDS_VALUE (member)
               && json_node_get_value_type (member) == G_TYPE_STRING)
        {
          const char *task = json_node_get_string (member);

          if (*task == '\0')
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                           "%s.shield: give the Shield's task, or true when it is not known",
                           path);
              return FALSE;
            }
          trial->shield_task = g_strdup (task);
          on = TRUE;
        }
      else if (!pen_json_get_bool (obj, path, key, TRUE, &on, error))
        return FALSE;
      if (on)
        trial->properties |= p;
    }
  return TRUE;
}

static gboolean
trial_equal (const PenTrial *a,
             const PenTrial *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return a->wizard == b->wizard && a->index == b->index && g_strcmp0 (a->card, b->card) == 0
         && a->properties == b->properties && a->cancelled == b->cancelled
         && a->rift == b->rift && a->vigilance == b->vigilance
         && a->vigilance_used == b->vigilance_used
         && g_strcmp0 (a->shield_task, b->shield_task) == 0
         && a->shield_done == b->shield_done && a->threat_rolled == b->threat_rolled;
}

const PenTrial *
pen_table_get_trial (PenTable *self)
{
  g_return_val_if_fail (PEN_IS_TABLE (self), NULL);
  return self->trial;
}

void
pen_table_set_trial (PenTable       *self,
                     const PenTrial *trial)
{
  g_return_if_fail (PEN_IS_TABLE (self));
  if (trial_equal (self->trial, trial))
    return;
  g_clear_pointer (&self->trial, pen_trial_free);
  if (trial != NULL)
    self->trial = pen_trial_copy (trial);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRIAL]);
}

const char *
pen_phase_to_string (PenPhase phase)
{
  g_return_val_if_fail (phase < PEN_N_PHASES, NULL);
  return phase_ids[phase];
}

int
pen_phase_from_string (const char *str)
{
  return pen_id_lookup (phase_ids, str);
}

static void
pen_table_dispose (GObject *object)
{
  PenTable *self = (PenTable *) object;

  g_clear_object (&self->players);
  g_clear_object (&self->trial_row);
  g_clear_object (&self->contract_row);
  g_clear_object (&self->contract_deck);
  g_clear_object (&self->fate_deck);
  g_clear_object (&self->in_play);
  g_clear_object (&self->markets);
  g_clear_object (&self->market_decks);
  g_clear_object (&self->placed);

  G_OBJECT_CLASS (pen_table_parent_class)->dispose (object);
}

static void
pen_table_finalize (GObject *object)
{
  PenTable *self = (PenTable *) object;

  g_clear_pointer (&self->ended_by, g_free);
  g_clear_pointer (&self->trial, pen_trial_free);

  G_OBJECT_CLASS (pen_table_parent_class)->finalize (object);
}

static void
pen_table_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  PenTable *self = PEN_TABLE (object);

  switch (prop_id)
    {
    case PROP_N_PLAYERS:
      g_value_set_uint (value, pen_table_get_n_players (self));
      break;
    case PROP_CURRENT:
      g_value_set_uint (value, self->current);
      break;
    case PROP_TURN:
      g_value_set_uint (value, self->turn);
      break;
    case PROP_TURN_KIND:
      g_value_set_uint (value, self->turn_kind);
      break;
    case PROP_PLACEMENTS_LEFT:
      g_value_set_int (value, self->placements_left);
      break;
    case PROP_TRINKET_USED:
      g_value_set_boolean (value, self->trinket_used);
      break;
    case PROP_GUILD_PLACEMENTS:
      g_value_set_uint (value, self->guild_placements);
      break;
    case PROP_TRIALS_THIS_TURN:
      g_value_set_uint (value, self->trials_this_turn);
      break;
    case PROP_CITY_BINDS:
      g_value_set_uint (value, self->city_binds);
      break;
    case PROP_PHASE:
      g_value_set_uint (value, self->phase);
      break;
    case PROP_FINAL_TURNS:
      g_value_set_uint (value, self->final_turns);
      break;
    case PROP_ENDED_BY:
      g_value_set_string (value, self->ended_by);
      break;
    case PROP_PHYSICAL:
      g_value_set_boolean (value, self->physical);
      break;
    case PROP_SOLO_LEVEL:
      g_value_set_uint (value, self->solo_level);
      break;
    case PROP_HIDE_ODDS:
      g_value_set_boolean (value, self->hide_odds);
      break;
    case PROP_TRIAL:
      g_value_set_pointer (value, self->trial);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_table_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  PenTable *self = PEN_TABLE (object);

  switch (prop_id)
    {
    case PROP_CURRENT:
      pen_table_set_current (self, g_value_get_uint (value));
      break;
    case PROP_TURN:
      pen_table_set_turn (self, g_value_get_uint (value));
      break;
    case PROP_TURN_KIND:
      pen_table_set_turn_kind (self, g_value_get_uint (value));
      break;
    case PROP_PLACEMENTS_LEFT:
      pen_table_set_placements_left (self, g_value_get_int (value));
      break;
    case PROP_TRINKET_USED:
      pen_table_set_trinket_used (self, g_value_get_boolean (value));
      break;
    case PROP_GUILD_PLACEMENTS:
      pen_table_set_guild_placements (self, g_value_get_uint (value));
      break;
    case PROP_TRIALS_THIS_TURN:
      pen_table_set_trials_this_turn (self, g_value_get_uint (value));
      break;
    case PROP_CITY_BINDS:
      pen_table_set_city_binds (self, g_value_get_uint (value));
      break;
    case PROP_PHASE:
      pen_table_set_phase (self, g_value_get_uint (value));
      break;
    case PROP_FINAL_TURNS:
      pen_table_set_final_turns (self, g_value_get_uint (value));
      break;
    case PROP_ENDED_BY:
      pen_table_set_ended_by (self, g_value_get_string (value));
      break;
    case PROP_PHYSICAL:
      pen_table_set_physical (self, g_value_get_boolean (value));
      break;
    case PROP_SOLO_LEVEL:
      pen_table_set_solo_level (self, g_value_get_uint (value));
      break;
    case PROP_HIDE_ODDS:
      pen_table_set_hide_odds (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
players_changed_cb (PenTable *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PLAYERS]);
}

static void
pen_table_class_init (PenTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = pen_table_dispose;
  object_class->finalize = pen_table_finalize;
  object_class->get_property = pen_table_get_property;
  object_class->set_property = pen_table_set_property;

  properties[PROP_N_PLAYERS] =
    g_param_spec_uint ("n-players", NULL, NULL, 0, 4, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT] = g_param_spec_uint ("current", NULL, NULL, 0, 3, 0, rw);
  properties[PROP_TURN] = g_param_spec_uint ("turn", NULL, NULL, 0, G_MAXUINT, 0, rw);
  properties[PROP_TURN_KIND] =
    g_param_spec_uint ("turn-kind", NULL, NULL, 0, PEN_N_TURN_KINDS - 1, 0, rw);
  properties[PROP_PLACEMENTS_LEFT] =
    g_param_spec_int ("placements-left", NULL, NULL, 0, 99, 0, rw);
  properties[PROP_TRINKET_USED] = g_param_spec_boolean ("trinket-used", NULL, NULL, FALSE, rw);
  properties[PROP_GUILD_PLACEMENTS] =
    g_param_spec_uint ("guild-placements", NULL, NULL, 0, 99, 0, rw);
  properties[PROP_TRIALS_THIS_TURN] =
    g_param_spec_uint ("trials-this-turn", NULL, NULL, 0, 99, 0, rw);
  properties[PROP_CITY_BINDS] = g_param_spec_uint ("city-binds", NULL, NULL, 0, 99, 0, rw);
  properties[PROP_PHASE] = g_param_spec_uint ("phase", NULL, NULL, 0, PEN_N_PHASES - 1, 0, rw);
  /* one turn per player (4 at most) plus the turn in progress when a prophecy is declared */
  properties[PROP_FINAL_TURNS] = g_param_spec_uint ("final-turns", NULL, NULL, 0, 5, 0, rw);
  properties[PROP_ENDED_BY] = g_param_spec_string ("ended-by", NULL, NULL, NULL, rw);
  properties[PROP_PHYSICAL] = g_param_spec_boolean ("physical", NULL, NULL, FALSE, rw);
  properties[PROP_SOLO_LEVEL] = g_param_spec_uint ("solo-level", NULL, NULL, 0, 9, 0, rw);
  properties[PROP_HIDE_ODDS] = g_param_spec_boolean ("hide-odds", NULL, NULL, FALSE, rw);
  /* a PenTrial, or NULL */
  properties[PROP_TRIAL] =
    g_param_spec_pointer ("trial", NULL, NULL,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_table_init (PenTable *self)
{
  self->players = g_list_store_new (PEN_TYPE_WIZARD);
  self->trial_row = g_list_store_new (PEN_TYPE_TABLE_CARD);
  self->contract_row = g_list_store_new (PEN_TYPE_TABLE_CARD);
  self->contract_deck = g_list_store_new (PEN_TYPE_TABLE_CARD);
  self->fate_deck = g_list_store_new (PEN_TYPE_TABLE_CARD);
  self->in_play = g_list_store_new (PEN_TYPE_TABLE_CARD);
  self->markets = g_list_store_new (PEN_TYPE_TABLE_CARD);
  self->market_decks = g_list_store_new (PEN_TYPE_TABLE_CARD);
  self->placed = g_list_store_new (PEN_TYPE_DIE);

  for (guint i = 0; i < PEN_CONTRACT_CELLS; i++)
    pen_table_list_append (G_LIST_MODEL (self->contract_row), NULL, "contract-row");

  pen_random_init (&self->random, 0);
  g_signal_connect_swapped (self->players, "items-changed", G_CALLBACK (players_changed_cb),
                            self);
}

PenTable *
pen_table_new (void)
{
  return g_object_new (PEN_TYPE_TABLE, NULL);
}

GListModel *
pen_table_get_players (PenTable *self)
{
  return G_LIST_MODEL (self->players);
}

guint
pen_table_get_n_players (PenTable *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->players));
}

PenWizard *
pen_table_get_wizard (PenTable *self,
                      guint     index)
{
  g_autoptr(PenWizard) wizard = NULL;

  g_return_val_if_fail (index < pen_table_get_n_players (self), NULL);
  wizard = g_list_model_get_item (G_LIST_MODEL (self->players), index);
  return wizard;   /* the store keeps a reference */
}

void
pen_table_add_wizard (PenTable  *self,
                      PenWizard *wizard)
{
  g_list_store_append (self->players, wizard);
}

GListModel *
pen_table_get_trial_row (PenTable *self)
{
  return G_LIST_MODEL (self->trial_row);
}

GListModel *
pen_table_get_contract_row (PenTable *self)
{
  return G_LIST_MODEL (self->contract_row);
}

GListModel *
pen_table_get_contract_deck (PenTable *self)
{
  return G_LIST_MODEL (self->contract_deck);
}

GListModel *
pen_table_get_fate_deck (PenTable *self)
{
  return G_LIST_MODEL (self->fate_deck);
}

GListModel *
pen_table_get_in_play (PenTable *self)
{
  return G_LIST_MODEL (self->in_play);
}

GListModel *
pen_table_get_markets (PenTable *self)
{
  return G_LIST_MODEL (self->markets);
}

GListModel *
pen_table_get_market_decks (PenTable *self)
{
  return G_LIST_MODEL (self->market_decks);
}

GListModel *
pen_table_get_placed (PenTable *self)
{
  return G_LIST_MODEL (self->placed);
}

#define SCALAR_ACCESSORS(Type, field, PROP)                         \
  Type                                                              \
  pen_table_get_##field (PenTable *self)                            \
  {                                                                 \
    g_return_val_if_fail (PEN_IS_TABLE (self), 0);                  \
    return self->field;                                             \
  }                                                                 \
  void                                                              \
  pen_table_set_##field (PenTable *self, Type value)                \
  {                                                                 \
    g_return_if_fail (PEN_IS_TABLE (self));                         \
    if (self->field == value)                                       \
      return;                                                       \
    self->field = value;                                            \
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP]);   \
  }

SCALAR_ACCESSORS (guint, current, PROP_CURRENT)
SCALAR_ACCESSORS (guint, turn, PROP_TURN)
SCALAR_ACCESSORS (PenTurnKind, turn_kind, PROP_TURN_KIND)
SCALAR_ACCESSORS (int, placements_left, PROP_PLACEMENTS_LEFT)
SCALAR_ACCESSORS (gboolean, trinket_used, PROP_TRINKET_USED)
SCALAR_ACCESSORS (guint, guild_placements, PROP_GUILD_PLACEMENTS)
SCALAR_ACCESSORS (guint, trials_this_turn, PROP_TRIALS_THIS_TURN)
SCALAR_ACCESSORS (guint, city_binds, PROP_CITY_BINDS)

guint
pen_table_get_guild_yellow (PenTable *self)
{
  g_return_val_if_fail (PEN_IS_TABLE (self), 0);
  return self->guild_yellow;
}

void
pen_table_set_guild_yellow (PenTable *self,
                            guint     n)
{
  g_return_if_fail (PEN_IS_TABLE (self));
  self->guild_yellow = n;
}
SCALAR_ACCESSORS (PenPhase, phase, PROP_PHASE)
SCALAR_ACCESSORS (guint, final_turns, PROP_FINAL_TURNS)
SCALAR_ACCESSORS (gboolean, physical, PROP_PHYSICAL)
SCALAR_ACCESSORS (guint, solo_level, PROP_SOLO_LEVEL)
SCALAR_ACCESSORS (gboolean, hide_odds, PROP_HIDE_ODDS)

guint
pen_table_get_classes (PenTable *self)
{
  g_return_val_if_fail (PEN_IS_TABLE (self), 0);
  return self->classes;
}

void
pen_table_set_classes (PenTable *self,
                       guint     classes)
{
  g_return_if_fail (PEN_IS_TABLE (self));
  self->classes = classes & ((1u << PEN_MARK_SPARK) - 1);
}

guint
pen_table_get_discipline_dealt (PenTable *self)
{
  g_return_val_if_fail (PEN_IS_TABLE (self), 0);
  return self->discipline_dealt;
}

void
pen_table_set_discipline_dealt (PenTable *self,
                                guint     n)
{
  g_return_if_fail (PEN_IS_TABLE (self));
  self->discipline_dealt = n;
}

gboolean
pen_table_has_class (PenTable    *self,
                     PenMarkKind  discipline)
{
  g_return_val_if_fail (PEN_IS_TABLE (self), FALSE);
  return self->classes == 0 || (self->classes & (1u << discipline)) != 0;
}

gboolean
pen_table_get_table_rolls (PenTable *self)
{
  return self->table_rolls;
}

void
pen_table_set_table_rolls (PenTable *self,
                           gboolean  table_rolls)
{
  self->table_rolls = table_rolls;
}

gboolean
pen_table_get_table_markets (PenTable *self)
{
  g_return_val_if_fail (PEN_IS_TABLE (self), FALSE);
  return self->table_markets;
}

void
pen_table_set_table_markets (PenTable *self,
                             gboolean  table_markets)
{
  g_return_if_fail (PEN_IS_TABLE (self));
  self->table_markets = !!table_markets;
}

gboolean
pen_table_get_fate_printed (PenTable *self)
{
  g_return_val_if_fail (PEN_IS_TABLE (self), FALSE);
  return self->fate_printed;
}

void
pen_table_set_fate_printed (PenTable *self,
                            gboolean  fate_printed)
{
  g_return_if_fail (PEN_IS_TABLE (self));
  self->fate_printed = !!fate_printed;
}

const char *
pen_table_get_fate_next (PenTable *self)
{
  g_autoptr(PenTableCard) top = NULL;

  g_return_val_if_fail (PEN_IS_TABLE (self), NULL);
  if (!self->fate_printed || g_list_model_get_n_items (G_LIST_MODEL (self->fate_deck)) == 0)
    return NULL;
  top = g_list_model_get_item (G_LIST_MODEL (self->fate_deck), 0);
  /* the store keeps its own reference: the id outlives this one */
  return pen_table_card_get_card_id (top);
}

guint64
pen_table_get_seed (PenTable *self)
{
  return self->seed;
}

void
pen_table_set_seed (PenTable *self,
                    guint64   seed)
{
  self->seed = seed;
}

const char *
pen_table_get_ended_by (PenTable *self)
{
  return self->ended_by;
}

void
pen_table_set_ended_by (PenTable   *self,
                        const char *prophecy_id)
{
  if (g_strcmp0 (self->ended_by, prophecy_id) == 0)
    return;
  g_free (self->ended_by);
  self->ended_by = g_strdup (prophecy_id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENDED_BY]);
}

guint
pen_table_get_cell_value (PenTable *self,
                          guint     cell)
{
  g_return_val_if_fail (cell < PEN_MARK_CELLS, 0);
  return self->cell_values[cell];
}

void
pen_table_set_cell_value (PenTable *self,
                          guint     cell,
                          guint     value)
{
  g_return_if_fail (cell < PEN_MARK_CELLS && value <= 6);
  self->cell_values[cell] = value;
}

gboolean
pen_table_read_cell_values (JsonObject  *obj,
                            const char  *path,
                            guint8       cells[],
                            GError     **error)
{
  g_autofree char *p = NULL;
  guint8 read[PEN_MARK_CELLS];
  JsonArray *arr;

  if (!json_object_has_member (obj, "cell_values"))
    return TRUE;
  p = pen_json_path_key (path, "cell_values");
  if (!(arr = pen_json_expect_array (json_object_get_member (obj, "cell_values"), p, error)))
    return FALSE;
  if (json_array_get_length (arr) != PEN_MARK_CELLS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: expected %d values", p,
                   PEN_MARK_CELLS);
      return FALSE;
    }
  for (guint i = 0; i < PEN_MARK_CELLS; i++)
    {
      g_autofree char *ep = pen_json_path_index (p, i);
      gint64 v;

      if (!pen_json_node_int (json_array_get_element (arr, i), ep, 0, 6, &v, error))
        return FALSE;
      read[i] = v;
    }
  /* all or nothing */
  memcpy (cells, read, sizeof read);
  return TRUE;
}

PenRandom *
pen_table_get_random (PenTable *self)
{
  return &self->random;
}

void
pen_table_list_append (GListModel *list,
                       const char *card_id,
                       const char *zone)
{
  g_autoptr(PenTableCard) card = pen_table_card_new (card_id, zone, FALSE, NULL);

  g_list_store_append (G_LIST_STORE (list), card);
}

char *
pen_table_list_take (GListModel *list,
                     guint       index)
{
  g_autoptr(PenTableCard) card = g_list_model_get_item (list, index);
  char *id;

  g_return_val_if_fail (card != NULL, NULL);
  id = g_strdup (pen_table_card_get_card_id (card));
  g_list_store_remove (G_LIST_STORE (list), index);
  return id;
}

guint
pen_table_count_mortal_wounds (PenTable *self)
{
  guint n = 0;

  for (guint i = 0; i < pen_table_get_n_players (self); i++)
    n += pen_wizard_get_mortal_wounds (pen_table_get_wizard (self, i));
  return n;
}

guint
pen_table_count_marks (PenTable *self)
{
  guint n = 0;

  for (guint i = 0; i < pen_table_get_n_players (self); i++)
    n += g_list_model_get_n_items (pen_wizard_get_marks (pen_table_get_wizard (self, i)));
  return n;
}

/* --- snapshots --- */

static void
write_card_list (GString    *out,
                 const char *name,
                 GListModel *list)
{
  /* the list's own get_item, looked up once: g_list_model_get_item looks the interface up for
   * every card, a tenth of a snapshot's cost (tests/bench/README.md) */
  GListModelInterface *iface = G_LIST_MODEL_GET_IFACE (list);
  guint n = iface->get_n_items (list);

  PEN_JSON_APPEND (out, ",\"");
  g_string_append (out, name);
  PEN_JSON_APPEND (out, "\":[");
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenTableCard) card = iface->get_item (list, i);
      const char *id = pen_table_card_get_card_id (card);
      const char *zone = pen_table_card_get_zone (card);

      if (i)
        PEN_JSON_APPEND (out, ",{\"id\":");
      else
        PEN_JSON_APPEND (out, "{\"id\":");
      if (id != NULL)
        pen_json_append_string (out, id);
      else
        PEN_JSON_APPEND (out, "null");
      PEN_JSON_APPEND (out, ",\"zone\":");
      pen_json_append_string (out, zone ? zone : "");
      if (pen_table_card_get_rotated (card))
        PEN_JSON_APPEND (out, ",\"rotated\":true");
      if (pen_table_card_get_path (card) != NULL)
        {
          PEN_JSON_APPEND (out, ",\"path\":");
          pen_json_append_string (out, pen_table_card_get_path (card));
        }
      PEN_JSON_APPEND (out, "}");
    }
  PEN_JSON_APPEND (out, "]");
}

/* "trial": only while one is in progress, so that older saves read the same */
static void
write_trial (GString        *out,
             const PenTrial *trial)
{
  gboolean first = TRUE;

  g_string_append_printf (out, ",\"trial\":{\"wizard\":%u,\"index\":%d,\"card\":",
                          trial->wizard, trial->index);
  pen_json_append_string (out, trial->card);
  PEN_JSON_APPEND (out, ",\"properties\":{");
  for (guint i = 0; i < PEN_N_TRIAL_PROPERTIES; i++)
    {
      PenTrialProperty p = 1u << i;

      if (!(trial->properties & p))
        continue;
      g_string_append_printf (out, "%s\"%s\":", first ? "" : ",", trial_property_ids[i]);
      first = FALSE;
      if (p == PEN_TRIAL_RIFT)
        pen_json_append_uint (out, trial->rift);
      else if (p == PEN_TRIAL_VIGILANCE)
        pen_json_append_uint (out, trial->vigilance);
      else if (p == PEN_TRIAL_SHIELD && trial->shield_task != NULL)
        pen_json_append_string (out, trial->shield_task);
      else
        PEN_JSON_APPEND (out, "true");
    }
  PEN_JSON_APPEND (out, "},\"cancelled\":[");
  first = TRUE;
  for (guint i = 0; i < PEN_N_TRIAL_PROPERTIES; i++)
    if (trial->cancelled & (1u << i))
      {
        g_string_append_printf (out, "%s\"%s\"", first ? "" : ",", trial_property_ids[i]);
        first = FALSE;
      }
  g_string_append_printf (out, "],\"vigilance_used\":%u,\"shield_done\":%s,"
                          "\"threat_rolled\":%s}", trial->vigilance_used,
                          trial->shield_done ? "true" : "false",
                          trial->threat_rolled ? "true" : "false");
}

/* Written by hand, not through JsonBuilder: every action takes a snapshot before it applies,
 * so this is the hot path of a game. The text is what json-glib's compact generator writes
 * for the same document (tests/test-actions.c compares them). */
char *
pen_table_snapshot (PenTable *self)
{
  GString *out = g_string_sized_new (4096);
  g_autofree char *rng = pen_random_to_string (&self->random);
  guint n;

  PEN_JSON_APPEND (out, "{\"players\":[");
  for (guint i = 0; i < pen_table_get_n_players (self); i++)
    {
      if (i)
        PEN_JSON_APPEND (out, ",");
      pen_wizard_write_snapshot (pen_table_get_wizard (self, i), out);
    }
  g_string_append_printf (out, "],\"current\":%u,\"turn\":%u,\"turn_kind\":\"%s\","
                          "\"placements_left\":%d,\"trinket_used\":%s", self->current,
                          self->turn, pen_turn_kind_to_string (self->turn_kind),
                          self->placements_left, self->trinket_used ? "true" : "false");
  /* written only when set, so the snapshots of saves made before they existed still match */
  if (self->guild_placements > 0)
    g_string_append_printf (out, ",\"guild_placements\":%u", self->guild_placements);
  if (self->trials_this_turn > 0)
    g_string_append_printf (out, ",\"trials_this_turn\":%u", self->trials_this_turn);
  if (self->city_binds > 0)
    g_string_append_printf (out, ",\"city_binds\":%u", self->city_binds);
  if (self->guild_yellow > 0)
    g_string_append_printf (out, ",\"guild_yellow\":%u", self->guild_yellow);
  g_string_append_printf (out, ",\"phase\":\"%s\",\"final_turns\":%u,\"ended_by\":",
                          pen_phase_to_string (self->phase), self->final_turns);
  if (self->ended_by)
    pen_json_append_string (out, self->ended_by);
  else
    PEN_JSON_APPEND (out, "null");
  g_string_append_printf (out, ",\"mode\":\"%s\"", self->physical ? "physical" : "app");
  /* only when set: the snapshots of older saves still match */
  if (self->table_rolls)
    PEN_JSON_APPEND (out, ",\"table_rolls\":true");
  if (self->fate_printed)
    PEN_JSON_APPEND (out, ",\"fate_printed\":true");
  if (self->table_markets)
    PEN_JSON_APPEND (out, ",\"table_markets\":true");
  if (self->discipline_dealt != 0)
    g_string_append_printf (out, ",\"discipline_dealt\":%u", self->discipline_dealt);
  if (self->classes != 0)
    {
      gboolean first = TRUE;

      PEN_JSON_APPEND (out, ",\"classes\":[");
      for (int k = 0; k < PEN_MARK_SPARK; k++)
        if (self->classes & (1u << k))
          {
            if (!first)
              PEN_JSON_APPEND (out, ",");
            pen_json_append_string (out, pen_mark_kind_to_string (k));
            first = FALSE;
          }
      PEN_JSON_APPEND (out, "]");
    }
  g_string_append_printf (out, ",\"solo_level\":%u,\"hide_odds\":%s,"
                          "\"seed\":\"%" G_GUINT64_FORMAT "\",\"random\":\"%s\","
                          "\"cell_values\":[", self->solo_level,
                          self->hide_odds ? "true" : "false", self->seed, rng);
  for (guint i = 0; i < PEN_MARK_CELLS; i++)
    {
      if (i)
        PEN_JSON_APPEND (out, ",");
      pen_json_append_uint (out, self->cell_values[i]);
    }
  PEN_JSON_APPEND (out, "]");

  write_card_list (out, "trial_row", G_LIST_MODEL (self->trial_row));
  write_card_list (out, "contract_row", G_LIST_MODEL (self->contract_row));
  write_card_list (out, "contract_deck", G_LIST_MODEL (self->contract_deck));
  write_card_list (out, "fate_deck", G_LIST_MODEL (self->fate_deck));
  write_card_list (out, "in_play", G_LIST_MODEL (self->in_play));
  write_card_list (out, "markets", G_LIST_MODEL (self->markets));
  /* written only when dealt, so saves from before the decks read the same */
  if (g_list_model_get_n_items (G_LIST_MODEL (self->market_decks)) > 0)
    write_card_list (out, "market_decks", G_LIST_MODEL (self->market_decks));

  PEN_JSON_APPEND (out, ",\"placed\":[");
  n = g_list_model_get_n_items (G_LIST_MODEL (self->placed));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenDie) die = g_list_model_get_item (G_LIST_MODEL (self->placed), i);
      if (i)
        PEN_JSON_APPEND (out, ",{\"color\":\"");
      else
        PEN_JSON_APPEND (out, "{\"color\":\"");
      pen_json_append_id (out, pen_color_to_string (pen_die_get_color (die)));
      PEN_JSON_APPEND (out, "\",\"value\":");
      pen_json_append_uint (out, pen_die_get_value (die));
      /* written only when known, so saves from before locations read the same */
      if (pen_die_get_location (die) != NULL)
        {
          PEN_JSON_APPEND (out, ",\"at\":");
          pen_json_append_string (out, pen_die_get_location (die));
        }
      PEN_JSON_APPEND (out, "}");
    }
  PEN_JSON_APPEND (out, "]");
  if (self->trial != NULL)
    write_trial (out, self->trial);
  PEN_JSON_APPEND (out, "}");
  return g_string_free (out, FALSE);
}

GArray *
pen_table_list_marks_without_value (PenTable *self,
                                    guint     wizard)
{
  GArray *cells = g_array_new (FALSE, FALSE, sizeof (guint));
  PenWizard *w;

  g_return_val_if_fail (PEN_IS_TABLE (self), cells);
  if (wizard >= pen_table_get_n_players (self))
    return cells;
  w = pen_table_get_wizard (self, wizard);
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    {
      PenMark *mark = pen_wizard_get_mark_in_cell (w, cell);

      if (mark != NULL && pen_mark_get_value (mark) == 0)
        g_array_append_val (cells, cell);
    }
  return cells;
}

JsonNode *
pen_table_to_json (PenTable *self)
{
  g_autofree char *text = pen_table_snapshot (self);

  return pen_json_parse (text, -1, NULL);
}

static gboolean load_json (PenTable *self, JsonNode *node, gboolean own,
                           GPtrArray **card_lists, GError **error);

gboolean
pen_table_load_snapshot (PenTable    *self,
                         const char  *snapshot,
                         GError     **error)
{
  /* the table's own snapshot (pen_table_snapshot ()), never read from a file: its content is
   * still read strictly by pen_table_load_json () */
  g_autoptr(JsonNode) node = pen_json_parse_trusted (snapshot, error);

  return node != NULL && pen_table_load_snapshot_node (self, node, error);
}

gboolean
pen_table_load_snapshot_node (PenTable    *self,
                              JsonNode    *node,
                              GError     **error)
{
  GPtrArray *card_lists[7] = { NULL, };
  gboolean ok;

  ok = load_json (self, node, TRUE, card_lists, error);
  for (guint i = 0; i < G_N_ELEMENTS (card_lists); i++)
    g_clear_pointer (&card_lists[i], g_ptr_array_unref);
  return ok;
}

static gboolean
read_card_list (JsonObject  *obj,
                const char  *key,
                GPtrArray   *out,
                GError     **error)
{
  static const char * const keys[] = { "id", "zone", "rotated", "path", NULL };
  g_autofree char *p = pen_json_path_key ("$.snapshot", key);
  JsonArray *arr;

  if (!json_object_has_member (obj, key))
    return TRUE;
  if (!(arr = pen_json_expect_array (json_object_get_member (obj, key), p, error)))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      g_autofree char *ep = pen_json_path_index (p, i);
      const char *id = NULL, *zone = "", *path = NULL;
      gboolean rotated = FALSE;
      JsonObject *c;

      if (!(c = pen_json_expect_object (json_array_get_element (arr, i), ep, error))
          || !pen_json_check_keys (c, ep, keys, error))
        return FALSE;
      if (json_object_has_member (c, "id") && !json_object_get_null_member (c, "id")
          && !pen_json_get_string (c, ep, "id", TRUE, &id, error))
        return FALSE;
      if (!pen_json_get_string (c, ep, "zone", FALSE, &zone, error)
          || !pen_json_get_bool (c, ep, "rotated", FALSE, &rotated, error)
          || !pen_json_get_string (c, ep, "path", FALSE, &path, error))
        return FALSE;
      g_ptr_array_add (out, pen_table_card_new (id, zone, rotated, path));
    }
  return TRUE;
}

/* The placed dice keep no "temporary" flag in a snapshot: it is not theirs to compare */
static gboolean
same_placed_die (gpointer item,
                 gpointer other)
{
  return pen_die_get_color (item) == pen_die_get_color (other)
         && pen_die_get_value (item) == pen_die_get_value (other)
         && g_strcmp0 (pen_die_get_location (item), pen_die_get_location (other)) == 0;
}

static void
copy_placed_die (gpointer item,
                 gpointer other)
{
  pen_die_set_color (item, pen_die_get_color (other));
  pen_die_set_value (item, pen_die_get_value (other));
  pen_die_set_location (item, pen_die_get_location (other));
}

static PenTrial *
read_trial (JsonNode  *node,
            guint      n_players,
            GError   **error)
{
  static const char * const keys[] = {
    "wizard", "index", "card", "properties", "cancelled", "vigilance_used", "shield_done",
    "threat_rolled", NULL
  };
  const char *path = "$.snapshot.trial";
  g_autoptr(PenTrial) trial = g_new0 (PenTrial, 1);
  const char *card = NULL;
  gint64 wizard, index, used = 0;
  JsonObject *obj;

  if (!(obj = pen_json_expect_object (node, path, error))
      || !pen_json_check_keys (obj, path, keys, error)
      || !pen_json_get_int (obj, path, "wizard", TRUE, 0, MAX (n_players, 1) - 1, &wizard,
                            error)
      || !pen_json_get_int (obj, path, "index", TRUE, -1, 99, &index, error)
      || !pen_json_get_string (obj, path, "card", TRUE, &card, error)
      || !pen_json_get_int (obj, path, "vigilance_used", FALSE, 0, 30, &used, error)
      || !pen_json_get_bool (obj, path, "shield_done", FALSE, &trial->shield_done, error)
      || !pen_json_get_bool (obj, path, "threat_rolled", FALSE, &trial->threat_rolled, error))
    return NULL;
  trial->wizard = wizard;
  trial->index = index;
  trial->card = g_strdup (card);
  trial->vigilance_used = used;
  if (json_object_has_member (obj, "properties"))
    {
      g_autofree char *p = pen_json_path_key (path, "properties");
      if (!pen_trial_read_properties (json_object_get_member (obj, "properties"), p, trial,
                                      error))
        return NULL;
    }
  if (json_object_has_member (obj, "cancelled"))
    {
      g_autofree char *p = pen_json_path_key (path, "cancelled");
      JsonArray *arr;

      if (!(arr = pen_json_expect_array (json_object_get_member (obj, "cancelled"), p, error)))
        return NULL;
      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          JsonNode *e = json_array_get_element (arr, i);
          PenTrialProperty prop = 0;

          if (JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_STRING)
            prop = pen_trial_property_from_string (json_node_get_string (e));
          if (!(prop & trial->properties))
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                           "%s[%u]: not a property of this trial", p, i);
              return NULL;
            }
          trial->cancelled |= prop;
        }
    }
  if (trial->vigilance_used > trial->vigilance)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.vigilance_used: more than X",
                   path);
      return NULL;
    }
  return g_steal_pointer (&trial);
}

gboolean
pen_table_read_classes (JsonObject  *obj,
                        const char  *path,
                        guint       *classes,
                        GError     **error)
{
  g_autofree char *p = pen_json_path_key (path, "classes");
  JsonArray *arr;

  *classes = 0;
  if (!json_object_has_member (obj, "classes"))
    return TRUE;
  if (!(arr = pen_json_expect_array (json_object_get_member (obj, "classes"), p, error)))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      JsonNode *e = json_array_get_element (arr, i);
      int k = -1;

      if (JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_STRING)
        k = pen_mark_kind_from_string (json_node_get_string (e));
      if (k < 0 || k >= PEN_MARK_SPARK)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s[%u]: not a Class", p, i);
          return FALSE;
        }
      *classes |= 1u << k;
    }
  return TRUE;
}


gboolean
pen_table_load_json (PenTable  *self,
                     JsonNode  *node,
                     GError   **error)
{
  GPtrArray *card_lists[7] = { NULL, };
  gboolean ok = load_json (self, node, FALSE, card_lists, error);

  for (guint i = 0; i < G_N_ELEMENTS (card_lists); i++)
    g_clear_pointer (&card_lists[i], g_ptr_array_unref);
  return ok;
}

static gboolean
load_json (PenTable   *self,
           JsonNode   *node,
           gboolean    own,
           GPtrArray **card_lists,
           GError    **error)
{
  static const char * const keys[] = {
    "players", "current", "turn", "turn_kind", "placements_left", "trinket_used",
    "guild_placements", "trials_this_turn", "city_binds", "guild_yellow", "phase",
    "final_turns", "ended_by", "mode", "table_rolls", "fate_printed", "table_markets",
    "classes",
    "discipline_dealt",
    "solo_level", "hide_odds", "seed", "random", "cell_values",
    "trial_row", "contract_row", "contract_deck", "fate_deck", "in_play", "markets", "placed",
    "trial", "market_decks", NULL
  };
  static const char * const lists[] = {
    "trial_row", "contract_row", "contract_deck", "fate_deck", "in_play", "markets",
    "market_decks"
  };
  const char *path = "$.snapshot";
  g_autoptr(GPtrArray) wizards = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) placed = g_ptr_array_new_with_free_func (g_object_unref);
  GListStore *stores[G_N_ELEMENTS (lists)] = {
    self->trial_row, self->contract_row, self->contract_deck, self->fate_deck, self->in_play,
    self->markets, self->market_decks
  };
  gint64 current = 0, turn = 0, placements = 0, final_turns = 0, solo = 0;
  gint64 guild_placements = 0, trials_this_turn = 0, discipline_dealt = 0, city_binds = 0;
  gint64 guild_yellow = 0;
  gboolean trinket = FALSE, hide_odds = FALSE, table_rolls = FALSE, fate_printed = FALSE;
  gboolean table_markets = FALSE;
  guint classes = 0;
  const char *turn_kind = "none", *phase = "playing", *mode = "app", *ended_by = NULL;
  const char *seed_str = "0", *rng_str = NULL;
  int turn_kind_v, phase_v;
  PenRandom rng;
  JsonObject *obj;
  JsonArray *arr, *players = NULL;
  guint n;

  if (!(obj = pen_json_expect_object (node, path, error))
      || !pen_json_check_keys (obj, path, keys, error)
      || !pen_json_get_int (obj, path, "current", FALSE, 0, 3, &current, error)
      || !pen_json_get_int (obj, path, "turn", FALSE, 0, G_MAXINT, &turn, error)
      || !pen_json_get_string (obj, path, "turn_kind", FALSE, &turn_kind, error)
      || !pen_json_get_int (obj, path, "placements_left", FALSE, 0, 99, &placements, error)
      || !pen_json_get_bool (obj, path, "trinket_used", FALSE, &trinket, error)
      || !pen_json_get_int (obj, path, "guild_placements", FALSE, 0, 99, &guild_placements,
                            error)
      || !pen_json_get_int (obj, path, "trials_this_turn", FALSE, 0, 99, &trials_this_turn,
                            error)
      || !pen_json_get_int (obj, path, "city_binds", FALSE, 0, 99, &city_binds, error)
      || !pen_json_get_int (obj, path, "guild_yellow", FALSE, 0, 99, &guild_yellow, error)
      || !pen_json_get_string (obj, path, "phase", FALSE, &phase, error)
      || !pen_json_get_int (obj, path, "final_turns", FALSE, 0, 5, &final_turns, error)
      || !pen_json_get_string (obj, path, "mode", FALSE, &mode, error)
      || !pen_json_get_int (obj, path, "solo_level", FALSE, 0, 9, &solo, error)
      || !pen_json_get_bool (obj, path, "hide_odds", FALSE, &hide_odds, error)
      || !pen_json_get_bool (obj, path, "table_rolls", FALSE, &table_rolls, error)
      || !pen_json_get_bool (obj, path, "fate_printed", FALSE, &fate_printed, error)
      || !pen_json_get_bool (obj, path, "table_markets", FALSE, &table_markets, error)
      || !pen_table_read_classes (obj, path, &classes, error)
      || !pen_json_get_int (obj, path, "discipline_dealt", FALSE, 0, 999, &discipline_dealt,
                            error)
      || !pen_json_get_string (obj, path, "seed", FALSE, &seed_str, error)
      || !pen_json_get_string (obj, path, "random", TRUE, &rng_str, error))
    return FALSE;

  if (json_object_has_member (obj, "ended_by") && !json_object_get_null_member (obj, "ended_by")
      && !pen_json_get_string (obj, path, "ended_by", TRUE, &ended_by, error))
    return FALSE;

  if ((turn_kind_v = pen_turn_kind_from_string (turn_kind)) < 0
      || (phase_v = pen_phase_from_string (phase)) < 0
      || (!g_str_equal (mode, "app") && !g_str_equal (mode, "physical"))
      || !pen_random_from_string (&rng, rng_str))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_CORRUPT, "%s: bad turn, phase, mode or random "
                   "state", path);
      return FALSE;
    }

  if (json_object_has_member (obj, "players"))
    {
      g_autofree char *p = pen_json_path_key (path, "players");

      if (!(arr = pen_json_expect_array (json_object_get_member (obj, "players"), p, error)))
        return FALSE;
      if (json_array_get_length (arr) > 4)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: at most 4 players", p);
          return FALSE;
        }
      players = arr;
      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          g_autofree char *ep = pen_json_path_index (p, i);
          g_autoptr(PenWizard) wizard = NULL;

          /* the table's own snapshot is read once, straight into the wizards it has (a
           * snapshot of its own that cannot be read back is a bug, said loudly by the
           * caller); anything else is read aside first, so that an error changes nothing */
          if (own && i < pen_table_get_n_players (self))
            wizard = g_object_ref (pen_table_get_wizard (self, i));
          else
            wizard = pen_wizard_new (NULL);
          if (!pen_wizard_load_json (wizard, json_array_get_element (arr, i), ep, error))
            return FALSE;
          g_ptr_array_add (wizards, g_steal_pointer (&wizard));
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    {
      card_lists[i] = g_ptr_array_new_with_free_func (g_object_unref);
      if (!read_card_list (obj, lists[i], card_lists[i], error))
        return FALSE;
    }

  /* a snapshot (or a correction) must not break what the rules rely on: the current player
   * exists and the Guild row has its four cells */
  if (wizards->len > 0 ? current >= wizards->len : current != 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.current: %d is not a player", path,
                   (int) current);
      return FALSE;
    }
  if (card_lists[1]->len != PEN_CONTRACT_CELLS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.contract_row: expected %d cells",
                   path, PEN_CONTRACT_CELLS);
      return FALSE;
    }

  if (json_object_has_member (obj, "placed"))
    {
      g_autofree char *p = pen_json_path_key (path, "placed");

      if (!(arr = pen_json_expect_array (json_object_get_member (obj, "placed"), p, error)))
        return FALSE;
      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          static const char * const die_keys[] = { "color", "value", "at", NULL };
          g_autofree char *ep = pen_json_path_index (p, i);
          JsonObject *d;
          gint64 value;
          int color;
          const char *at = NULL;
          PenDie *die;

          if (!(d = pen_json_expect_object (json_array_get_element (arr, i), ep, error))
              || !pen_json_check_keys (d, ep, die_keys, error)
              || !pen_json_get_enum (d, ep, "color", TRUE, pen_color_from_string,
                                     "die colour", &color, error)
              || !pen_json_get_int (d, ep, "value", TRUE, 1, 6, &value, error)
              || !pen_json_get_string (d, ep, "at", FALSE, &at, error))
            return FALSE;
          die = pen_die_new (color, value, FALSE);
          pen_die_set_location (die, at);
          g_ptr_array_add (placed, die);
        }
    }

  guint8 cells[PEN_MARK_CELLS] = { 0, };
  if (!pen_table_read_cell_values (obj, path, cells, error))
    return FALSE;

  g_autoptr(PenTrial) trial = NULL;
  if (json_object_has_member (obj, "trial") && !json_object_get_null_member (obj, "trial")
      && !(trial = read_trial (json_object_get_member (obj, "trial"), wizards->len, error)))
    return FALSE;

  /* Everything parsed: update in place, telling only what changed (pen-store-sync.h), so that
   * the bound views redraw only that. Wizards first, reusing objects so views stay bound. */
  n = pen_table_get_n_players (self);
  for (guint i = 0; !own && i < MIN (n, wizards->len); i++)
    {
      /* the very node already read into wizards[i] without an error: the same again */
      pen_wizard_load_json (pen_table_get_wizard (self, i), json_array_get_element (players, i),
                            "$", NULL);
    }
  if (wizards->len > n)
    g_list_store_splice (self->players, n, 0, &wizards->pdata[n], wizards->len - n);
  else if (n > wizards->len)
    g_list_store_splice (self->players, wizards->len, n - wizards->len, NULL, 0);

  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    pen_store_sync (stores[i], card_lists[i], pen_store_same_card, pen_store_copy_card);
  pen_store_sync (self->placed, placed, same_placed_die, copy_placed_die);

  g_object_freeze_notify (G_OBJECT (self));
  pen_table_set_current (self, current);
  pen_table_set_turn (self, turn);
  pen_table_set_turn_kind (self, turn_kind_v);
  pen_table_set_placements_left (self, placements);
  pen_table_set_trinket_used (self, trinket);
  pen_table_set_guild_placements (self, guild_placements);
  pen_table_set_trials_this_turn (self, trials_this_turn);
  pen_table_set_city_binds (self, city_binds);
  pen_table_set_guild_yellow (self, guild_yellow);
  pen_table_set_phase (self, phase_v);
  pen_table_set_final_turns (self, final_turns);
  pen_table_set_ended_by (self, ended_by);
  pen_table_set_physical (self, g_str_equal (mode, "physical"));
  pen_table_set_solo_level (self, solo);
  pen_table_set_hide_odds (self, hide_odds);
  self->table_rolls = table_rolls;
  self->fate_printed = fate_printed;
  self->table_markets = table_markets;
  self->classes = classes;
  self->discipline_dealt = discipline_dealt;
  self->seed = g_ascii_strtoull (seed_str, NULL, 10);
  self->random = rng;
  memcpy (self->cell_values, cells, sizeof cells);
  pen_table_set_trial (self, trial);
  g_object_thaw_notify (G_OBJECT (self));

  return TRUE;
}
