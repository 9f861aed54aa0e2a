/* pen-setup-assistant.c
 *
 * The assistant never changes a game: it keeps the table's answers, builds one new-game action
 * from them and a PenSetup (the core's setup rules), and previews that action on a scratch game
 * to show the faces the app rolls. The new game rolls the same faces: both start from the seed.
 *
 * Choices where the rulebook is silent (documented in docs and overridable):
 * - Players are dealt the seed's Talent pairs in the order their names were typed (dealing is
 *   random anyway, so which seat gets which pair does not matter).
 * - Turn order: by the Talents' turn-order numbers (the catalogue's, or the ones the players
 *   read off their cards); while any is missing, the order the names were typed.
 * - Classes: the players' starting disciplines, then the seed's random Classes, then the others
 *   in an order drawn from the seed, until there are four.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-catalog.h"
#include "pen-game.h"
#include "pen-json.h"
#include "pen-random.h"
#include "pen-setup-assistant.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

#define MAX_PLAYERS 4
#define MAX_WIZARDS 5
#define MAX_DICE    8

struct _PenSetupAssistant
{
  AdwWindow       parent_instance;

  AdwWindowTitle *window_title;
  GtkProgressBar *progress;
  GtkStack       *stack;
  GtkBox         *players_box;
  GtkBox         *talents_box;
  GtkBox         *common_box;
  GtkBox         *fate_box;
  GtkBox         *pieces_box;
  GtkButton      *back_button;
  GtkButton      *next_button;

  /* step 1 controls, kept in step with the state */
  AdwEntryRow    *seed_row;
  GtkSwitch      *physical_switch;
  GtkSwitch      *ready_made_switch;
  /* step 2 controls that depend on another choice */
  AdwComboRow    *mark_rows[MAX_PLAYERS];
  GtkWidget      *turn_number_rows[MAX_PLAYERS];
  AdwActionRow   *order_row;
  GtkLabel       *talents_hint;
  gboolean        syncing;

  JsonObject     *base;
  GPtrArray      *names;
  guint           n_players;
  guint64         seed;
  gboolean        physical;
  gboolean        ready_made;
  PenSetup       *setup;
  guint           step;
  guint           shown;                      /* the step on screen, for the transition */

  guint           kept[MAX_PLAYERS];          /* app-dealt: 0 or 1 */
  char           *talent[MAX_PLAYERS];        /* physical: a catalogue id or NULL */
  int             start_mark[MAX_PLAYERS];    /* -1: not chosen */
  guint           turn_number[MAX_PLAYERS];   /* 0: not given */
  char           *trial_pick[MAX_PLAYERS];    /* physical, deck built by the rules */
  char           *contract_pick[PEN_SETUP_CONTRACT_CELLS];   /* physical */
  guint           dice[MAX_WIZARDS][MAX_DICE]; /* physical: 0 = as the app rolled */

  PenGame        *preview;
};

G_DEFINE_FINAL_TYPE (PenSetupAssistant, pen_setup_assistant, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_STEP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char * const step_names[PEN_SETUP_ASSISTANT_STEPS] = {
  "players", "talents", "common", "fate", "pieces",
};

static void show_step (PenSetupAssistant *self);

/* ---- the state ---- */

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

static void
invalidate (PenSetupAssistant *self)
{
  g_clear_object (&self->preview);
  memset (self->dice, 0, sizeof self->dice);
}

static void
rebuild_setup (PenSetupAssistant *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->setup, pen_setup_free);
  self->setup = pen_setup_new (catalog (), self->n_players, self->seed, self->ready_made, &error);
  g_assert (self->setup != NULL);   /* the player count was checked when parsing */
  for (guint i = 0; i < MAX_PLAYERS; i++)
    self->kept[i] = 0;
  invalidate (self);
}

/* The Talent player i keeps: an id, a placeholder, or NULL (physical, not named) */
static const char *
kept_talent (PenSetupAssistant *self,
             guint              i)
{
  char **pair;

  if (self->physical)
    return self->talent[i];
  pair = g_ptr_array_index (self->setup->talents_dealt, i);
  return pair[self->kept[i]] != NULL ? pair[self->kept[i]] : pair[0];
}

static int
card_start_mark (PenSetupAssistant *self,
                 guint              i)
{
  PenCard *card = lookup (kept_talent (self, i));
  int mark = card != NULL ? pen_card_get_start_mark (card) : -1;

  return mark >= 0 && mark < PEN_MARK_SPARK ? mark : -1;
}

static int
effective_mark (PenSetupAssistant *self,
                guint              i)
{
  int mark = card_start_mark (self, i);

  return mark >= 0 ? mark : self->start_mark[i];
}

static int
effective_turn_number (PenSetupAssistant *self,
                       guint              i)
{
  PenCard *card = lookup (kept_talent (self, i));

  if (card != NULL && pen_card_get_turn_order (card) >= 0)
    return pen_card_get_turn_order (card);
  return self->turn_number[i] > 0 ? (int) self->turn_number[i] : -1;
}

/* order[k]: the player (as typed) who takes the k-th turn. Returns whether the Talents set it. */
static gboolean
compute_order (PenSetupAssistant *self,
               guint              order[MAX_PLAYERS])
{
  gboolean known = TRUE;

  for (guint i = 0; i < self->n_players; i++)
    {
      order[i] = i;
      if (effective_turn_number (self, i) < 0)
        known = FALSE;
    }
  if (!known)
    return FALSE;
  /* insertion sort: stable, so equal numbers keep the typed order */
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

/* chosen[k]: Class k is in the game; from_player[k]: it is someone's starting discipline */
static void
compute_classes (PenSetupAssistant *self,
                 gboolean           chosen[PEN_MARK_SPARK],
                 gboolean           from_player[PEN_MARK_SPARK])
{
  g_autoptr(GPtrArray) others = g_ptr_array_new ();
  PenRandom rng;
  guint count = 0;

  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    chosen[k] = from_player[k] = FALSE;
  for (guint i = 0; i < self->n_players; i++)
    {
      int m = effective_mark (self, i);
      if (m >= 0 && !chosen[m])
        {
          chosen[m] = from_player[m] = TRUE;
          count++;
        }
    }
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

static gboolean
physical_trial_row (PenSetupAssistant *self)
{
  return self->physical && !self->ready_made;
}

static JsonNode *
build_setup_node (PenSetupAssistant *self,
                  const guint        order[MAX_PLAYERS],
                  gboolean           order_known)
{
  JsonNode *node = pen_setup_to_table_json (self->setup);
  JsonObject *obj = json_node_get_object (node);
  gboolean chosen[PEN_MARK_SPARK], from_player[PEN_MARK_SPARK];
  JsonArray *arr;
  JsonObject *extra;

  arr = json_array_new ();
  for (guint k = 0; k < self->n_players; k++)
    {
      const char *id = kept_talent (self, order[k]);
      if (lookup (id) != NULL)
        json_array_add_string_element (arr, id);
      else
        json_array_add_null_element (arr);
    }
  json_object_set_array_member (obj, "talents", arr);

  compute_classes (self, chosen, from_player);
  arr = json_array_new ();
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    if (chosen[k])
      json_array_add_string_element (arr, pen_mark_kind_to_string (k));
  json_object_set_array_member (obj, "classes", arr);

  if (physical_trial_row (self))
    {
      /* the table shuffles: the row is what they say they revealed, the deck only a count */
      arr = json_array_new ();
      for (guint i = 0; i < self->setup->trial_row->len && i < MAX_PLAYERS; i++)
        if (self->trial_pick[i] != NULL)
          json_array_add_string_element (arr, self->trial_pick[i]);
        else
          json_array_add_null_element (arr);
      json_object_set_array_member (obj, "trial_row", arr);
      arr = json_array_new ();
      for (guint i = 0; i < self->setup->fate_deck->len; i++)
        json_array_add_null_element (arr);
      json_object_set_array_member (obj, "fate_deck", arr);
    }
  if (self->physical)
    {
      arr = json_array_new ();
      for (guint c = 0; c < PEN_SETUP_CONTRACT_CELLS; c++)
        if (self->contract_pick[c] != NULL)
          json_array_add_string_element (arr, self->contract_pick[c]);
        else
          json_array_add_null_element (arr);
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
    }
  json_object_set_object_member (obj, "extra", extra);
  return node;
}

char *
pen_setup_assistant_build_action (PenSetupAssistant *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(PenAction) action = NULL;
  guint order[MAX_PLAYERS];
  gboolean order_known;

  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), NULL);

  order_known = compute_order (self, order);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (guint k = 0; k < self->n_players; k++)
    json_builder_add_string_value (b, g_ptr_array_index (self->names, order[k]));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, (gint64) (self->seed & G_MAXINT64));
  json_builder_set_member_name (b, "mode");
  json_builder_add_string_value (b, self->physical ? "physical" : "app");
  json_builder_set_member_name (b, "ready_made");
  json_builder_add_boolean_value (b, self->ready_made);
  for (guint i = 0; i < 2; i++)
    {
      /* what the start page decided and the assistant does not ask again */
      const char *key = i == 0 ? "cell_values" : "solo";

      if (self->base != NULL && json_object_has_member (self->base, key))
        {
          json_builder_set_member_name (b, key);
          json_builder_add_value (b, json_node_copy (json_object_get_member (self->base, key)));
        }
    }

  json_builder_set_member_name (b, "start");
  json_builder_begin_array (b);
  for (guint k = 0; k < self->n_players; k++)
    {
      int mark = effective_mark (self, order[k]);
      const char *talent = kept_talent (self, order[k]);

      json_builder_begin_object (b);
      if (mark >= 0)
        {
          json_builder_set_member_name (b, "mark");
          json_builder_add_string_value (b, pen_mark_kind_to_string (mark));
        }
      if (lookup (talent) != NULL)
        {
          json_builder_set_member_name (b, "talent");
          json_builder_add_string_value (b, talent);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "setup");
  json_builder_add_value (b, build_setup_node (self, order, order_known));
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  /* through the core's constructor: the draft answers become exactly one new-game action */
  action = pen_action_new_with_params ("new-game", json_node_get_object (root));
  if (action == NULL)
    return NULL;
  node = pen_action_to_json (action);
  return pen_json_to_string (node, FALSE);
}

/* The game the action creates, for the rolled faces (the same seed rolls the same faces) */
static PenGame *
ensure_preview (PenSetupAssistant *self,
                GError           **error)
{
  if (self->preview == NULL)
    {
      g_autoptr(PenGame) game = pen_game_new ();
      g_autofree char *json = pen_setup_assistant_build_action (self);

      if (!pen_game_submit_json (game, json, error))
        return NULL;
      self->preview = g_steal_pointer (&game);
    }
  return self->preview;
}

char **
pen_setup_assistant_build_corrections (PenSetupAssistant *self)
{
  g_autoptr(GStrvBuilder) out = g_strv_builder_new ();
  PenGame *game;
  PenTable *table;

  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), NULL);

  if (self->physical && (game = ensure_preview (self, NULL)) != NULL)
    {
      table = pen_game_get_table (game);
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
                  g_autoptr(PenAction) set = pen_action_new_die_set (w, d, typed);
                  g_autoptr(JsonNode) node = pen_action_to_json (set);
                  g_autofree char *json = pen_json_to_string (node, FALSE);

                  g_strv_builder_add (out, json);
                }
            }
        }
    }
  return g_strv_builder_end (out);
}

/* ---- helpers for the steps ---- */

/* Group titles and descriptions are markup: player names must be escaped */
static GtkWidget *
add_group (GtkBox     *box,
           const char *title,
           const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  if (title != NULL)
    {
      g_autofree char *t = g_markup_escape_text (title, -1);
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), t);
    }
  if (description != NULL)
    {
      g_autofree char *d = g_markup_escape_text (description, -1);
      adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), d);
    }
  gtk_box_append (box, group);
  return group;
}

static GtkWidget *
add_row (GtkWidget  *group,
         const char *title,
         const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return row;
}

/* A row with a tick box the table can use as a checklist; the app does not keep the ticks */
static GtkWidget *
add_check_row (GtkWidget  *group,
               const char *title,
               const char *subtitle)
{
  GtkWidget *row = add_row (group, title, subtitle);
  GtkWidget *check = gtk_check_button_new ();

  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
  return row;
}

static GtkWidget *
add_paragraph (GtkBox     *box,
               const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (box, label);
  return label;
}

static char *
card_title (const char *id)
{
  int difficulty;

  if (id == NULL)
    return g_strdup (_("Not recorded"));
  if (g_str_equal (id, "unknown-talent"))
    return g_strdup (_("A Talent the rulebook does not name — pick from your deck"));
  if (sscanf (id, "unknown-trial-%d", &difficulty) == 1)
    return g_strdup_printf (_("A Difficulty %d Trial the rulebook does not name"), difficulty);
  if (g_str_equal (id, "unknown-event"))
    return g_strdup (_("An Event the rulebook does not name"));
  if (g_str_equal (id, "unknown-prophecy"))
    return g_strdup (_("A Prophecy the rulebook does not name"));
  if (g_str_equal (id, "unknown-goal"))
    return g_strdup (_("A Goal the rulebook does not name"));
  if (g_str_equal (id, "unknown-contract"))
    return g_strdup (_("A Difficulty 1 Contract the app cannot pick"));
  return g_strdup (pen_turn_card_name (id));
}

static char *
card_subtitle (const char *id)
{
  PenCard *card = lookup (id);
  GString *s;
  int difficulty, players;

  if (id != NULL && pen_setup_is_placeholder (id))
    {
      if (g_str_equal (id, "unknown-talent"))
        return g_strdup (_("The app does not know it: the player keeps a real card"));
      if (g_str_equal (id, "unknown-contract"))
        return g_strdup (_("Reveal Contracts by the rule above"));
      return g_strdup (_("Take one at random from the box, among the cards not listed here"));
    }
  if (card == NULL)
    return NULL;
  s = g_string_new (pen_card_type_get_label (pen_card_get_card_type (card)));
  difficulty = pen_card_get_difficulty (card);
  if (difficulty > 0)
    g_string_append_printf (s, " · %s %d", C_("card", "Difficulty"), difficulty);
  players = pen_card_get_players (card);
  if (players == 3)
    g_string_append_printf (s, " · %s", _("3+ players only"));
  else if (players == 4)
    g_string_append_printf (s, " · %s", _("4 players only"));
  return g_string_free (s, FALSE);
}

static GtkStringList *
mark_model (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  gtk_string_list_append (list, _("Choose…"));
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    gtk_string_list_append (list, pen_mark_kind_get_label (k));
  return list;
}

/* ids of a card type (and difficulty when > 0) from the catalogue, and a combo model of their
 * names ending with "not recorded" */
static GPtrArray *
catalog_ids (PenCardType type,
             int         difficulty)
{
  g_autoptr(GPtrArray) cards = pen_catalog_list_by_type (catalog (), type);
  GPtrArray *ids = g_ptr_array_new ();

  for (guint i = 0; i < cards->len; i++)
    {
      PenCard *card = g_ptr_array_index (cards, i);

      if (difficulty > 0 && pen_card_get_difficulty (card) != difficulty)
        continue;
      if (g_str_equal (pen_card_get_id (card), "end-of-time"))
        continue;
      /* the ids live as long as the catalogue, which lives as long as the app */
      g_ptr_array_add (ids, (gpointer) pen_card_get_id (card));
    }
  return ids;
}

static GtkStringList *
ids_model (GPtrArray  *ids,
           const char *last)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; i < ids->len; i++)
    gtk_string_list_append (list, pen_turn_card_name (g_ptr_array_index (ids, i)));
  gtk_string_list_append (list, last);
  return list;
}

static guint
index_of (GPtrArray  *ids,
          const char *id)
{
  for (guint i = 0; i < ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (ids, i), id) == 0)
      return i;
  return ids->len;
}

/* A combo row over catalogue ids that writes the choice to *slot (NULL for the last item) */
static void
id_combo_selected_cb (AdwComboRow       *row,
                      GParamSpec        *pspec,
                      PenSetupAssistant *self)
{
  GPtrArray *ids = g_object_get_data (G_OBJECT (row), "ids");
  char **slot = g_object_get_data (G_OBJECT (row), "slot");
  guint sel = adw_combo_row_get_selected (row);

  g_free (*slot);
  *slot = sel < ids->len ? g_strdup (g_ptr_array_index (ids, sel)) : NULL;
  invalidate (self);
}

static GtkWidget *
add_id_combo (PenSetupAssistant *self,
              GtkWidget         *group,
              const char        *title,
              PenCardType        type,
              int                difficulty,
              const char        *last,
              char             **slot)
{
  GPtrArray *ids = catalog_ids (type, difficulty);
  g_autoptr(GtkStringList) model = ids_model (ids, last);
  GtkWidget *row = adw_combo_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), index_of (ids, *slot));
  g_object_set_data_full (G_OBJECT (row), "ids", ids, (GDestroyNotify) g_ptr_array_unref);
  g_object_set_data (G_OBJECT (row), "slot", slot);
  g_signal_connect (row, "notify::selected", G_CALLBACK (id_combo_selected_cb), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return row;
}

/* ---- step 1: players, seed and mode ---- */

static void
sync_seed_row (PenSetupAssistant *self)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, self->seed);

  if (self->seed_row == NULL)
    return;
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->seed_row), text);
  gtk_widget_remove_css_class (GTK_WIDGET (self->seed_row), "error");
}

/* Takes the typed seed; FALSE (and the row marked) when it is not a number */
static gboolean
apply_seed_text (PenSetupAssistant *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->seed_row));
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  guint64 seed;

  if (!g_ascii_string_to_unsigned (stripped, 10, 0, G_MAXINT64, &seed, NULL))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->seed_row), "error");
      return FALSE;
    }
  pen_setup_assistant_set_seed (self, seed);
  return TRUE;
}

static void
seed_apply_cb (PenSetupAssistant *self)
{
  apply_seed_text (self);
}

static void
seed_changed_cb (PenSetupAssistant *self)
{
  gtk_widget_remove_css_class (GTK_WIDGET (self->seed_row), "error");
}

static void
new_seed_cb (PenSetupAssistant *self)
{
  /* short enough to read out across the table */
  pen_setup_assistant_set_seed (self, (guint64) g_random_int_range (1, 1000000));
}

static void
copy_seed_cb (PenSetupAssistant *self)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, self->seed);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
}

static void
physical_switch_cb (PenSetupAssistant *self)
{
  pen_setup_assistant_set_physical (self, gtk_switch_get_active (self->physical_switch));
}

static void
ready_made_switch_cb (PenSetupAssistant *self)
{
  pen_setup_assistant_set_ready_made (self, gtk_switch_get_active (self->ready_made_switch));
}

static GtkWidget *
icon_button (const char *icon,
             const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip,
                                  -1);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "setup-icon-button");
  return button;
}

static GtkWidget *
add_switch_row (GtkWidget   *group,
                const char  *title,
                const char  *subtitle,
                gboolean     active,
                GtkSwitch  **out)
{
  GtkWidget *row = add_row (group, title, subtitle);
  GtkWidget *sw = gtk_switch_new ();

  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  gtk_switch_set_active (GTK_SWITCH (sw), active);
  gtk_accessible_update_property (GTK_ACCESSIBLE (sw), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  *out = GTK_SWITCH (sw);
  return row;
}

static void
build_players_step (PenSetupAssistant *self)
{
  GtkWidget *group, *button;
  g_autofree char *desc = NULL;

  pen_widget_remove_all (GTK_WIDGET (self->players_box));

  if (self->n_players == 1)
    desc = g_strdup (_("A solo game is set up as a game for two wizards: the Rival is the "
                       "second one. Its own rules come with the solo-mode sheet."));
  else
    desc = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u player, in the order typed on the "
                                         "start page.", "%u players, in the order typed on the "
                                         "start page.", self->n_players), self->n_players);
  group = add_group (self->players_box, _("Players"), desc);
  for (guint i = 0; i < self->n_players; i++)
    {
      g_autofree char *sub = g_strdup_printf (_("Wizard %u"), i + 1);
      add_row (group, g_ptr_array_index (self->names, i), sub);
    }
  if (self->n_players == 1)
    add_row (group, _("Rival"), _("The second wizard of a solo game"));

  group = add_group (self->players_box, _("Seed"),
                     _("The same seed always lays out the same table. Share it so another group "
                       "can replay this setup, or type in one you were given."));
  self->seed_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seed_row), _("Seed"));
  adw_entry_row_set_show_apply_button (self->seed_row, TRUE);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (self->seed_row), 20);
  adw_entry_row_set_input_purpose (self->seed_row, GTK_INPUT_PURPOSE_DIGITS);
  g_signal_connect_swapped (self->seed_row, "apply", G_CALLBACK (seed_apply_cb), self);
  g_signal_connect_swapped (self->seed_row, "entry-activated", G_CALLBACK (seed_apply_cb), self);
  g_signal_connect_swapped (self->seed_row, "changed", G_CALLBACK (seed_changed_cb), self);
  button = icon_button ("edit-copy-symbolic", _("Copy the Seed"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (copy_seed_cb), self);
  adw_entry_row_add_suffix (self->seed_row, button);
  button = icon_button ("view-refresh-symbolic", _("New Random Seed"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (new_seed_cb), self);
  adw_entry_row_add_suffix (self->seed_row, button);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->seed_row));
  sync_seed_row (self);

  group = add_group (self->players_box, _("Dealing"), NULL);
  add_switch_row (group, _("The Table Shuffles and Deals"),
                  _("On: you shuffle and tell the app which cards came up. Off: the app deals "
                    "and tells you what to put where."),
                  self->physical, &self->physical_switch);
  g_signal_connect_swapped (self->physical_switch, "notify::active",
                            G_CALLBACK (physical_switch_cb), self);
  add_switch_row (group, _("First-Game Deck"),
                  _("The rulebook's ready-made Fate deck in its printed order; off: the deck is "
                    "built by the rules"),
                  self->ready_made, &self->ready_made_switch);
  g_signal_connect_swapped (self->ready_made_switch, "notify::active",
                            G_CALLBACK (ready_made_switch_cb), self);
}

/* ---- step 2: Talents ---- */

static gboolean
talents_complete (PenSetupAssistant *self)
{
  for (guint i = 0; i < self->n_players; i++)
    if (effective_mark (self, i) < 0)
      return FALSE;
  return TRUE;
}

static void update_nav (PenSetupAssistant *self);

/* Brings the rows that depend on the Talents up to date without rebuilding the step */
static void
sync_talent_rows (PenSetupAssistant *self)
{
  guint order[MAX_PLAYERS];
  gboolean known;
  g_autoptr(GString) text = g_string_new (NULL);

  self->syncing = TRUE;
  for (guint i = 0; i < self->n_players; i++)
    {
      int fixed = card_start_mark (self, i);
      PenCard *card = lookup (kept_talent (self, i));
      gboolean number_known = card != NULL && pen_card_get_turn_order (card) >= 0;

      if (self->mark_rows[i] != NULL)
        {
          adw_combo_row_set_selected (self->mark_rows[i], (guint) (effective_mark (self, i) + 1));
          gtk_widget_set_sensitive (GTK_WIDGET (self->mark_rows[i]), fixed < 0);
          adw_action_row_set_subtitle (ADW_ACTION_ROW (self->mark_rows[i]),
                                       fixed >= 0 ? _("From the Talent card")
                                                  : _("Shown on the Talent card: choose it"));
        }
      if (self->turn_number_rows[i] != NULL)
        gtk_widget_set_visible (self->turn_number_rows[i], !number_known);
    }

  known = compute_order (self, order);
  for (guint k = 0; k < self->n_players; k++)
    {
      if (k > 0)
        g_string_append (text, ", ");
      g_string_append_printf (text, "%u. %s", k + 1,
                              (const char *) g_ptr_array_index (self->names, order[k]));
    }
  if (self->order_row != NULL)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->order_row), text->str);
      adw_action_row_set_subtitle (self->order_row,
                                   known ? _("By the Talents' turn-order numbers, lowest first. "
                                             "Sit clockwise in this order.")
                                         : _("Until every turn-order number is given, the app "
                                             "keeps the order the names were typed in."));
    }
  if (self->talents_hint != NULL)
    gtk_widget_set_visible (GTK_WIDGET (self->talents_hint), !talents_complete (self));
  self->syncing = FALSE;
  update_nav (self);
}

static void
talent_check_cb (GtkCheckButton    *check,
                 PenSetupAssistant *self)
{
  guint player = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "player"));
  guint which = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "which"));

  if (self->syncing || !gtk_check_button_get_active (check))
    return;
  pen_setup_assistant_keep_talent (self, player, which);
}

static void
talent_combo_cb (AdwComboRow       *row,
                 GParamSpec        *pspec,
                 PenSetupAssistant *self)
{
  guint player = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "player"));
  GPtrArray *ids = g_object_get_data (G_OBJECT (row), "ids");
  guint sel = adw_combo_row_get_selected (row);

  if (self->syncing)
    return;
  pen_setup_assistant_set_talent (self, player, sel < ids->len ? g_ptr_array_index (ids, sel)
                                                               : NULL);
}

static void
mark_combo_cb (AdwComboRow       *row,
               GParamSpec        *pspec,
               PenSetupAssistant *self)
{
  guint player = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "player"));
  guint sel = adw_combo_row_get_selected (row);

  if (self->syncing || card_start_mark (self, player) >= 0)
    return;
  pen_setup_assistant_set_start_mark (self, player, sel == 0 || sel == GTK_INVALID_LIST_POSITION
                                                    ? -1 : (int) sel - 1);
}

static void
turn_number_cb (GtkSpinButton     *spin,
                PenSetupAssistant *self)
{
  guint player = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "player"));

  if (self->syncing)
    return;
  pen_setup_assistant_set_turn_number (self, player,
                                       (guint) gtk_spin_button_get_value_as_int (spin));
}

static void
build_talents_step (PenSetupAssistant *self)
{
  GtkWidget *group;

  pen_widget_remove_all (GTK_WIDGET (self->talents_box));
  memset (self->mark_rows, 0, sizeof self->mark_rows);
  memset (self->turn_number_rows, 0, sizeof self->turn_number_rows);

  add_paragraph (self->talents_box,
                 self->physical
                 ? _("Deal each player two random Talents. Each keeps one and puts the other back "
                     "in the box; then everyone reveals the Talent they kept. Record it here.")
                 : _("The app dealt each player two Talents. Each keeps one and puts the other "
                     "back in the box; then everyone reveals the Talent they kept."));

  for (guint i = 0; i < self->n_players; i++)
    {
      const char *name = g_ptr_array_index (self->names, i);
      GtkWidget *row;
      g_autoptr(GtkStringList) marks = mark_model ();

      group = add_group (self->talents_box, name, NULL);
      if (!self->physical)
        {
          char **pair = g_ptr_array_index (self->setup->talents_dealt, i);
          GtkWidget *first = NULL;

          for (guint j = 0; j < 2 && pair[j] != NULL; j++)
            {
              g_autofree char *title = card_title (pair[j]);
              g_autofree char *sub = card_subtitle (pair[j]);
              g_autofree char *a11y = g_strdup_printf (_("%s keeps %s"), name, title);
              GtkWidget *check = gtk_check_button_new ();

              row = add_row (group, title, sub);
              gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
              if (first != NULL)
                gtk_check_button_set_group (GTK_CHECK_BUTTON (check), GTK_CHECK_BUTTON (first));
              else
                first = check;
              gtk_check_button_set_active (GTK_CHECK_BUTTON (check), self->kept[i] == j);
              gtk_accessible_update_property (GTK_ACCESSIBLE (check),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
              g_object_set_data (G_OBJECT (check), "player", GUINT_TO_POINTER (i));
              g_object_set_data (G_OBJECT (check), "which", GUINT_TO_POINTER (j));
              g_signal_connect (check, "toggled", G_CALLBACK (talent_check_cb), self);
              adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
              adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
            }
        }
      else
        {
          GPtrArray *ids = catalog_ids (PEN_CARD_TALENT, 0);
          g_autoptr(GtkStringList) model = ids_model (ids, _("Another Talent"));

          row = adw_combo_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Kept Talent"));
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                       _("“Another Talent”: one the rulebook does not name"));
          adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
          adw_combo_row_set_selected (ADW_COMBO_ROW (row), index_of (ids, self->talent[i]));
          g_object_set_data_full (G_OBJECT (row), "ids", ids, (GDestroyNotify) g_ptr_array_unref);
          g_object_set_data (G_OBJECT (row), "player", GUINT_TO_POINTER (i));
          g_signal_connect (row, "notify::selected", G_CALLBACK (talent_combo_cb), self);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
        }

      row = adw_combo_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Starting Discipline"));
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (marks));
      g_object_set_data (G_OBJECT (row), "player", GUINT_TO_POINTER (i));
      g_signal_connect (row, "notify::selected", G_CALLBACK (mark_combo_cb), self);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
      self->mark_rows[i] = ADW_COMBO_ROW (row);

      if (self->n_players > 1)
        {
          GtkWidget *spin = gtk_spin_button_new_with_range (0, 99, 1);

          row = add_row (group, _("Turn Order Number"),
                         _("As printed on the kept Talent (0: not given)"));
          gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), self->turn_number[i]);
          gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          _("Turn order number"), -1);
          g_object_set_data (G_OBJECT (spin), "player", GUINT_TO_POINTER (i));
          g_signal_connect (spin, "value-changed", G_CALLBACK (turn_number_cb), self);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
          adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
          self->turn_number_rows[i] = row;
        }
    }

  if (self->n_players > 1)
    {
      group = add_group (self->talents_box, _("Turn Order"), NULL);
      self->order_row = ADW_ACTION_ROW (add_row (group, "", NULL));
    }
  else
    self->order_row = NULL;

  self->talents_hint = GTK_LABEL (add_paragraph (self->talents_box,
                                                 _("Choose every player's starting discipline "
                                                   "to go on.")));
  gtk_widget_add_css_class (GTK_WIDGET (self->talents_hint), "dim-label");
  sync_talent_rows (self);
}

/* ---- step 3: the common play area ---- */

static void
build_common_step (PenSetupAssistant *self)
{
  gboolean chosen[PEN_MARK_SPARK], from_player[PEN_MARK_SPARK];
  GtkWidget *group;
  g_autofree char *desc = NULL;
  gboolean all_placeholders = TRUE;

  pen_widget_remove_all (GTK_WIDGET (self->common_box));

  group = add_group (self->common_box, _("Boards and Tokens"), NULL);
  add_check_row (group, _("City board and Wilds board"), _("In the middle of the table"));
  add_check_row (group, _("Dice, Ingredients and Mark tokens"), _("Within everyone's reach"));
  add_check_row (group, _("Mortal Wound cards"), _("In the common play area"));

  compute_classes (self, chosen, from_player);
  group = add_group (self->common_box, _("Classes"),
                     _("Always four: the Classes of the players' starting disciplines, the rest "
                       "at random. The other two go back in the box."));
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    {
      g_autofree char *title = NULL;
      g_autoptr(GString) who = g_string_new (NULL);

      if (!chosen[k])
        continue;
      title = g_strdup (pen_mark_kind_get_class_name (k));
      for (guint i = 0; i < self->n_players; i++)
        if (effective_mark (self, i) == (int) k)
          {
            if (who->len > 0)
              g_string_append (who, ", ");
            g_string_append (who, g_ptr_array_index (self->names, i));
          }
      if (who->len > 0)
        {
          g_autofree char *sub = g_strdup_printf (_("Starting discipline of %s"), who->str);
          add_check_row (group, title, sub);
        }
      else
        add_check_row (group, title, _("Added at random"));
    }

  group = add_group (self->common_box, _("Prophecy"), NULL);
  add_check_row (group, pen_turn_card_name ("end-of-time"),
                 _("Face up above the location boards: it is in play in every game"));

  if (physical_trial_row (self))
    {
      desc = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Shuffle the Difficulty 1 Trials and reveal %u, face "
                                           "up; the rest go back in the box. Which came up?",
                                           "Shuffle the Difficulty 1 Trials and reveal %u, face "
                                           "up; the rest go back in the box. Which came up?",
                                           self->setup->trial_row->len),
                              self->setup->trial_row->len);
      group = add_group (self->common_box, _("Row of Trials"), desc);
      for (guint i = 0; i < self->setup->trial_row->len && i < MAX_PLAYERS; i++)
        {
          g_autofree char *title = g_strdup_printf (_("Trial %u"), i + 1);
          add_id_combo (self, group, title, PEN_CARD_TRIAL, 1,
                        _("Not recorded (one the rulebook does not name)"),
                        &self->trial_pick[i]);
        }
    }
  else
    {
      group = add_group (self->common_box, _("Row of Trials"),
                         self->ready_made
                         ? _("The rulebook's starting row, face up, next to the Fate deck.")
                         : _("Dealt by the app from the Difficulty 1 Trials: lay them face up; "
                             "the other Difficulty 1 Trials go back in the box."));
      for (guint i = 0; i < self->setup->trial_row->len; i++)
        {
          const char *id = g_ptr_array_index (self->setup->trial_row, i);
          g_autofree char *title = card_title (id);
          g_autofree char *sub = card_subtitle (id);
          add_check_row (group, title, sub);
        }
    }

  for (guint c = 0; c < self->setup->contract_row->len; c++)
    if (!pen_setup_is_placeholder (g_ptr_array_index (self->setup->contract_row, c)))
      all_placeholders = FALSE;
  {
    const char *rule = _("Shuffle the Contract deck well. Reveal Contracts one by one: a "
                         "Difficulty 1 Contract (one dot) goes in the rightmost free Guild cell, "
                         "a Difficulty 2 one (two dots) to the bottom of the deck, until all four "
                         "cells are full.");
    g_autofree char *text = NULL;

    if (self->physical)
      text = g_strdup_printf ("%s %s", rule, _("Which Contracts are in the row?"));
    else if (all_placeholders)
      text = g_strdup_printf ("%s %s", rule,
                              _("The rulebook prints no Contract's difficulty, so the app cannot "
                                "deal this row: lay it out by this rule. The app records the "
                                "cells as not known yet."));
    else
      text = g_strdup (rule);
    group = add_group (self->common_box, _("The Guild's Contracts"), text);
  }
  for (guint c = 0; c < PEN_SETUP_CONTRACT_CELLS; c++)
    {
      /* TRANSLATORS: a cell of the Guild's row, counted from the left */
      g_autofree char *cell = g_strdup_printf (_("Cell %u from the left"), c + 1);

      if (self->physical)
        add_id_combo (self, group, cell, PEN_CARD_CONTRACT, 0, _("Not recorded"),
                      &self->contract_pick[c]);
      else if (c < self->setup->contract_row->len)
        {
          const char *id = g_ptr_array_index (self->setup->contract_row, c);

          if (pen_setup_is_placeholder (id))
            add_check_row (group, cell, _("A Difficulty 1 Contract, revealed by the rule"));
          else
            add_check_row (group, pen_turn_card_name (id), cell);
        }
    }

  group = add_group (self->common_box, _("Markets"),
                     _("The rulebook names too few Potions, Artifacts and Discipline cards for "
                       "the app to deal the markets: lay them out from the shuffled decks. The "
                       "app does not record them."));
  add_check_row (group, _("Brewery"), _("The Potion deck above it, two cards revealed beside it"));
  add_check_row (group, _("Shop"), _("The Artifact deck above it, two cards revealed beside it"));
  add_check_row (group, _("Each Class"),
                 _("Its Discipline deck above it, two cards revealed beside it"));
  add_check_row (group, _("The other two Discipline decks"),
                 _("In the common play area: they can still be used"));
}

/* ---- step 4: the Fate deck ---- */

static void
add_left_out (PenSetupAssistant *self,
              GtkBox            *box)
{
  const char *sections[] = { "trial_row", "fate_deck" };
  GtkWidget *group = NULL;

  for (guint s = 0; s < G_N_ELEMENTS (sections); s++)
    {
      g_autoptr(GPtrArray) cards = pen_catalog_get_first_game (catalog (), sections[s]);

      for (guint i = 0; i < cards->len; i++)
        {
          PenCard *card = g_ptr_array_index (cards, i);
          int mark = pen_card_get_players (card);
          g_autofree char *sub = NULL;

          if (mark <= 0 || (guint) mark <= self->setup->table_players)
            continue;
          if (group == NULL)
            group = add_group (box, _("Left Out at This Player Count"),
                               _("Cards of the first-game list marked 3+ or 4 that stay in the "
                                 "box."));
          sub = card_subtitle (pen_card_get_id (card));
          add_row (group, pen_turn_card_name (pen_card_get_id (card)), sub);
        }
    }
}

static void
build_fate_step (PenSetupAssistant *self)
{
  guint table_players = self->setup->table_players;
  guint stack = 2 * table_players;
  guint len = self->setup->fate_deck->len;
  GtkWidget *group = NULL;

  pen_widget_remove_all (GTK_WIDGET (self->fate_box));

  if (physical_trial_row (self))
    {
      g_autofree char *s1 = NULL, *s2 = NULL, *s3 = NULL;

      add_paragraph (self->fate_box, _("Build the deck by the rules, face down:"));
      group = add_group (self->fate_box, NULL, NULL);
      add_check_row (group, _("Sort the large cards"),
                     _("Prophecies, Events, Goals and Trials; the Trials by difficulty, shown by "
                       "the dots in the corner"));
      s1 = g_strdup_printf (_("Shuffle the Difficulty 2, 3 and 4 Trials separately and deal %u "
                              "from each, face down"), table_players);
      add_check_row (group, _("Three stacks"), s1);
      s2 = g_strdup_printf (_("One random Goal into the Difficulty 2 stack, one random Prophecy "
                              "into each stack, then Events until each stack has %u cards"),
                            stack);
      add_check_row (group, _("Goal, Prophecies and Events"), s2);
      add_check_row (group, _("Shuffle each stack on its own"),
                     _("Then put them together without shuffling: Difficulty 2 on top, "
                       "Difficulty 4 at the bottom"));
      s3 = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card, face down, to the left of "
                                         "the row of Trials", "%u cards, face down, to the left "
                                         "of the row of Trials", len), len);
      add_check_row (group, _("The Fate deck"), s3);
      add_paragraph (self->fate_box,
                     _("The app knows only how many cards the deck holds. Each time a Fate card "
                       "is revealed, the Table page asks which one it was, among the cards that "
                       "can still come up."));
      return;
    }

  add_paragraph (self->fate_box, _("Build the deck in this order, top to bottom:"));
  if (self->ready_made)
    add_paragraph (self->fate_box,
                   _("This is the rulebook's first-game deck, three stacks one on top of the "
                     "other; the cards for more players than yours are left out."));
  else
    add_paragraph (self->fate_box,
                   _("The app dealt three stacks by the rules — the Difficulty 2, 3 and 4 Trials, "
                     "a Prophecy in each, the Goal in the first, Events to fill up — and "
                     "shuffled each one. Card 1 is the top of the deck."));

  for (guint i = 0; i < len; i++)
    {
      const char *id = g_ptr_array_index (self->setup->fate_deck, i);
      g_autofree char *name = card_title (id);
      g_autofree char *title = g_strdup_printf ("%u. %s", i + 1, name);
      g_autofree char *sub = card_subtitle (id);

      if (len == 3 * stack && i % stack == 0)
        {
          static const char *where[] = { N_("Top"), N_("Middle"), N_("Bottom") };
          /* TRANSLATORS: e.g. "Stack 1 · Top" */
          g_autofree char *head = g_strdup_printf (_("Stack %u · %s"), i / stack + 1,
                                                   _(where[i / stack]));
          g_autofree char *desc = g_strdup_printf (_("With the Difficulty %u Trials"),
                                                   i / stack + 2);
          group = add_group (self->fate_box, head, desc);
        }
      else if (i == 0)
        group = add_group (self->fate_box, NULL, NULL);
      add_check_row (group, title, sub);
    }

  if (self->ready_made)
    add_left_out (self, self->fate_box);
  add_paragraph (self->fate_box, _("Put the deck face down to the left of the row of Trials."));
}

/* ---- step 5: starting pieces ---- */

static void
die_spin_cb (GtkSpinButton     *spin,
             PenSetupAssistant *self)
{
  guint w = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "wizard"));
  guint d = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "die"));

  pen_setup_assistant_set_die (self, w, d, (guint) gtk_spin_button_get_value_as_int (spin));
}

static void
build_pieces_step (PenSetupAssistant *self)
{
  g_autoptr(GError) error = NULL;
  PenGame *game = ensure_preview (self, &error);
  PenTable *table;

  pen_widget_remove_all (GTK_WIDGET (self->pieces_box));
  if (game == NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("The game cannot be created: %s"),
                                              error->message);
      add_paragraph (self->pieces_box, msg);
      return;
    }

  add_paragraph (self->pieces_box,
                 self->physical
                 ? _("Each wizard takes these pieces and rolls the dice. Enter the faces rolled.")
                 : _("Each wizard takes these pieces. The app has rolled the dice: set each die "
                     "to the face shown."));

  table = pen_game_get_table (game);
  for (guint w = 0; w < pen_table_get_n_players (table) && w < MAX_WIZARDS; w++)
    {
      PenWizard *wizard = pen_table_get_wizard (table, w);
      GListModel *marks = pen_wizard_get_marks (wizard);
      GListModel *supply = pen_wizard_get_supply (wizard);
      gboolean rival = pen_wizard_get_rival (wizard);
      g_autofree char *heading = rival ? g_strdup (pen_wizard_get_name (wizard))
                                       : g_strdup_printf (_("%u. %s"), w + 1,
                                                          pen_wizard_get_name (wizard));
      g_autoptr(GString) dice = g_string_new (NULL);
      g_autoptr(GString) faces = g_string_new (NULL);
      GtkWidget *group;

      group = add_group (self->pieces_box, heading,
                         rival ? _("The solo-mode rules set up the Rival; the app gives it "
                                   "these pieces.") : NULL);
      if (!rival)
        add_check_row (group, _("Wizard board"), _("Any colour: the boards play the same"));
      for (guint m = 0; m < g_list_model_get_n_items (marks); m++)
        {
          g_autoptr(PenMark) mark = g_list_model_get_item (marks, m);
          PenMarkKind kind = pen_mark_get_kind (mark);
          g_autofree char *title = NULL;

          if (kind == PEN_MARK_SPARK)
            {
              title = g_strdup (_("Spark Mark"));
              add_check_row (group, title, _("In the first (leftmost) Spark cell"));
            }
          else
            {
              title = g_strdup (pen_mark_kind_get_mark_name (kind));
              add_check_row (group, title, _("The starting Mark, in the first (leftmost) cell"));
            }
        }
      if (!rival)
        {
          add_check_row (group, _("Starting Discipline card"),
                         _("Shown on the Talent; a Spell goes below the board, in the Grimoire"));
          add_check_row (group, _("Starting Ingredients"),
                         _("Shown on the Talent. The app does not know them: add them on the "
                           "Wizards page."));
        }

      for (guint d = 0; d < g_list_model_get_n_items (supply); d++)
        {
          g_autoptr(PenDie) die = g_list_model_get_item (supply, d);

          if (d > 0)
            {
              g_string_append (dice, ", ");
              g_string_append (faces, ", ");
            }
          g_string_append (dice, pen_color_get_label (pen_die_get_color (die)));
          g_string_append_printf (faces, "%s %u", pen_color_get_label (pen_die_get_color (die)),
                                  pen_die_get_value (die));
        }
      if (!self->physical)
        {
          g_autofree char *title = g_strdup_printf (_("Dice: %s"), dice->str);
          g_autofree char *sub = g_strdup_printf (_("Rolled: %s"), faces->str);
          add_check_row (group, title, sub);
        }
      else
        for (guint d = 0; d < g_list_model_get_n_items (supply) && d < MAX_DICE; d++)
          {
            g_autoptr(PenDie) die = g_list_model_get_item (supply, d);
            const char *title = pen_color_get_die_name (pen_die_get_color (die));
            /* TRANSLATORS: a wizard, then a die's name: "Boris: face rolled, Bone die" */
            g_autofree char *a11y = g_strdup_printf (_("%s: face rolled, %s"),
                                                     pen_wizard_get_name (wizard), title);
            GtkWidget *row = add_row (group, title, _("Roll it and enter the face"));
            GtkWidget *spin = gtk_spin_button_new_with_range (1, 6, 1);

            gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
            gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin),
                                       self->dice[w][d] != 0 ? self->dice[w][d]
                                                             : pen_die_get_value (die));
            gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                            a11y, -1);
            g_object_set_data (G_OBJECT (spin), "wizard", GUINT_TO_POINTER (w));
            g_object_set_data (G_OBJECT (spin), "die", GUINT_TO_POINTER (d));
            g_signal_connect (spin, "value-changed", G_CALLBACK (die_spin_cb), self);
            adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
            adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
          }
    }
}

/* ---- navigation ---- */

static gboolean
can_advance (PenSetupAssistant *self)
{
  if (self->step == 1)
    return talents_complete (self);
  return TRUE;
}

static void
update_nav (PenSetupAssistant *self)
{
  g_autofree char *text = g_strdup_printf (_("Step %u of %u"), self->step + 1,
                                           PEN_SETUP_ASSISTANT_STEPS);
  gboolean last = self->step + 1 == PEN_SETUP_ASSISTANT_STEPS;

  adw_window_title_set_subtitle (self->window_title, text);
  gtk_progress_bar_set_fraction (self->progress,
                                 (double) (self->step + 1) / PEN_SETUP_ASSISTANT_STEPS);
  gtk_widget_set_sensitive (GTK_WIDGET (self->back_button), self->step > 0);
  gtk_button_set_label (self->next_button, last ? _("_Start the Game") : _("_Next"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->next_button),
                               last ? _("Create the game with this setup")
                                    : _("Next step (Alt+Right)"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->next_button), can_advance (self));
}

static void
show_step (PenSetupAssistant *self)
{
  static const char *titles[PEN_SETUP_ASSISTANT_STEPS] = {
    N_("Players and Seed"), N_("Talents"), N_("Common Play Area"), N_("Fate Deck"),
    N_("Starting Pieces"),
  };
  GtkWidget *page;

  switch (self->step)
    {
    case 0: build_players_step (self); break;
    case 1: build_talents_step (self); break;
    case 2: build_common_step (self); break;
    case 3: build_fate_step (self); break;
    case 4: build_pieces_step (self); break;
    default: g_assert_not_reached ();
    }
  /* slide one step at a time; a jump (or the first page) just appears */
  gtk_stack_set_transition_type (self->stack, self->step == self->shown + 1
                                              || self->step + 1 == self->shown
                                              ? GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT
                                              : GTK_STACK_TRANSITION_TYPE_NONE);
  gtk_stack_set_visible_child_name (self->stack, step_names[self->step]);
  self->shown = self->step;
  adw_window_title_set_title (self->window_title, _(titles[self->step]));
  update_nav (self);

  /* keyboard users land on the first control of the new step */
  page = gtk_stack_get_visible_child (self->stack);
  if (gtk_widget_get_mapped (page))
    gtk_widget_child_focus (page, GTK_DIR_TAB_FORWARD);
}

guint
pen_setup_assistant_get_step (PenSetupAssistant *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), 0);
  return self->step;
}

void
pen_setup_assistant_set_step (PenSetupAssistant *self,
                              guint              step)
{
  g_return_if_fail (PEN_IS_SETUP_ASSISTANT (self));
  g_return_if_fail (step < PEN_SETUP_ASSISTANT_STEPS);

  if (self->step == 0 && step != 0)
    apply_seed_text (self);
  if (step == self->step)
    return;
  self->step = step;
  show_step (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

gboolean
pen_setup_assistant_back (PenSetupAssistant *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), FALSE);

  if (self->step == 0)
    return FALSE;
  pen_setup_assistant_set_step (self, self->step - 1);
  return TRUE;
}

gboolean
pen_setup_assistant_next (PenSetupAssistant *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), FALSE);

  if (self->step == 0 && !apply_seed_text (self))
    return FALSE;
  if (!can_advance (self))
    return FALSE;
  if (self->step + 1 == PEN_SETUP_ASSISTANT_STEPS)
    {
      /* an action the rules refuse would lose the table's answers: the step shows why */
      if (ensure_preview (self, NULL) == NULL)
        return FALSE;
      pen_setup_assistant_finish (self);
      return TRUE;
    }
  pen_setup_assistant_set_step (self, self->step + 1);
  return TRUE;
}

static void
back_clicked_cb (PenSetupAssistant *self)
{
  pen_setup_assistant_back (self);
}

static void
next_clicked_cb (PenSetupAssistant *self)
{
  pen_setup_assistant_next (self);
}

static gboolean
back_shortcut_cb (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   user_data)
{
  return pen_setup_assistant_back (PEN_SETUP_ASSISTANT (widget));
}

static gboolean
next_shortcut_cb (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   user_data)
{
  PenSetupAssistant *self = PEN_SETUP_ASSISTANT (widget);

  /* Alt+Right never finishes: starting the game takes the button */
  if (self->step + 1 == PEN_SETUP_ASSISTANT_STEPS)
    return FALSE;
  return pen_setup_assistant_next (self);
}

static gboolean
close_shortcut_cb (GtkWidget *widget,
                   GVariant  *args,
                   gpointer   user_data)
{
  gtk_window_close (GTK_WINDOW (widget));
  return TRUE;
}

void
pen_setup_assistant_finish (PenSetupAssistant *self)
{
  g_autofree char *json = NULL;
  g_auto(GStrv) corrections = NULL;

  g_return_if_fail (PEN_IS_SETUP_ASSISTANT (self));

  json = pen_setup_assistant_build_action (self);
  corrections = pen_setup_assistant_build_corrections (self);
  g_object_ref (self);
  g_signal_emit (self, signals[FINISHED], 0, json, corrections);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

void
pen_setup_assistant_present (PenSetupAssistant *self,
                             GtkWindow         *parent)
{
  g_return_if_fail (PEN_IS_SETUP_ASSISTANT (self));

  if (parent != NULL)
    {
      int w = gtk_widget_get_width (GTK_WIDGET (parent));
      int h = gtk_widget_get_height (GTK_WIDGET (parent));

      /* a parent that has not been laid out yet still knows the size it will get */
      if (w <= 0 || h <= 0)
        gtk_window_get_default_size (parent, &w, &h);
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
      if (w > 0 && h > 0)
        gtk_window_set_default_size (GTK_WINDOW (self), MIN (640, w), MIN (760, h));
    }
  gtk_window_present (GTK_WINDOW (self));
}

/* ---- setters ---- */

guint64
pen_setup_assistant_get_seed (PenSetupAssistant *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), 0);
  return self->seed;
}

void
pen_setup_assistant_set_seed (PenSetupAssistant *self,
                              guint64            seed)
{
  g_return_if_fail (PEN_IS_SETUP_ASSISTANT (self));

  seed &= G_MAXINT64;   /* the action's seed is a signed JSON integer */
  if (seed != self->seed)
    {
      self->seed = seed;
      rebuild_setup (self);
    }
  sync_seed_row (self);
}

gboolean
pen_setup_assistant_get_physical (PenSetupAssistant *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), FALSE);
  return self->physical;
}

void
pen_setup_assistant_set_physical (PenSetupAssistant *self,
                                  gboolean           physical)
{
  g_return_if_fail (PEN_IS_SETUP_ASSISTANT (self));

  physical = !!physical;
  if (physical == self->physical)
    return;
  self->physical = physical;
  invalidate (self);
  if (self->physical_switch != NULL && gtk_switch_get_active (self->physical_switch) != physical)
    gtk_switch_set_active (self->physical_switch, physical);
}

gboolean
pen_setup_assistant_get_ready_made (PenSetupAssistant *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), FALSE);
  return self->ready_made;
}

void
pen_setup_assistant_set_ready_made (PenSetupAssistant *self,
                                    gboolean           ready_made)
{
  g_return_if_fail (PEN_IS_SETUP_ASSISTANT (self));

  ready_made = !!ready_made;
  if (ready_made == self->ready_made)
    return;
  self->ready_made = ready_made;
  rebuild_setup (self);
  if (self->ready_made_switch != NULL
      && gtk_switch_get_active (self->ready_made_switch) != ready_made)
    gtk_switch_set_active (self->ready_made_switch, ready_made);
}

const PenSetup *
pen_setup_assistant_get_setup (PenSetupAssistant *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), NULL);
  return self->setup;
}

static void
talents_changed (PenSetupAssistant *self)
{
  invalidate (self);
  if (self->step == 1)
    sync_talent_rows (self);
}

gboolean
pen_setup_assistant_keep_talent (PenSetupAssistant *self,
                                 guint              player,
                                 guint              which)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), FALSE);

  if (self->physical || player >= self->n_players || which > 1)
    return FALSE;
  if (self->kept[player] != which)
    {
      self->kept[player] = which;
      talents_changed (self);
    }
  return TRUE;
}

gboolean
pen_setup_assistant_set_talent (PenSetupAssistant *self,
                                guint              player,
                                const char        *talent_id)
{
  PenCard *card = lookup (talent_id);

  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), FALSE);

  if (!self->physical || player >= self->n_players)
    return FALSE;
  if (talent_id != NULL && (card == NULL || pen_card_get_card_type (card) != PEN_CARD_TALENT))
    return FALSE;
  if (g_strcmp0 (self->talent[player], talent_id) != 0)
    {
      g_free (self->talent[player]);
      self->talent[player] = g_strdup (talent_id);
      talents_changed (self);
    }
  return TRUE;
}

gboolean
pen_setup_assistant_set_turn_number (PenSetupAssistant *self,
                                     guint              player,
                                     guint              number)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), FALSE);

  if (player >= self->n_players)
    return FALSE;
  if (self->turn_number[player] != number)
    {
      self->turn_number[player] = number;
      talents_changed (self);
    }
  return TRUE;
}

gboolean
pen_setup_assistant_set_start_mark (PenSetupAssistant *self,
                                    guint              player,
                                    int                mark)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), FALSE);

  if (player >= self->n_players || mark < -1 || mark >= PEN_MARK_SPARK)
    return FALSE;
  if (self->start_mark[player] != mark)
    {
      self->start_mark[player] = mark;
      talents_changed (self);
    }
  return TRUE;
}

int
pen_setup_assistant_get_start_mark (PenSetupAssistant *self,
                                    guint              player)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), -1);
  g_return_val_if_fail (player < self->n_players, -1);
  return effective_mark (self, player);
}

gboolean
pen_setup_assistant_set_die (PenSetupAssistant *self,
                             guint              wizard,
                             guint              index,
                             guint              value)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), FALSE);

  if (wizard >= MAX_WIZARDS || index >= MAX_DICE || value > 6)
    return FALSE;
  self->dice[wizard][index] = value;
  return TRUE;
}

/* ---- the object ---- */

static void
parse_base (PenSetupAssistant *self,
            const char        *base_action)
{
  g_autoptr(JsonNode) node = NULL;
  JsonObject *obj = NULL;

  if (base_action != NULL)
    node = json_from_string (base_action, NULL);
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    obj = json_node_get_object (node);

  if (obj != NULL && json_object_has_member (obj, "players")
      && JSON_NODE_HOLDS_ARRAY (json_object_get_member (obj, "players")))
    {
      JsonArray *players = json_object_get_array_member (obj, "players");

      for (guint i = 0; i < json_array_get_length (players) && i < MAX_PLAYERS; i++)
        {
          JsonNode *e = json_array_get_element (players, i);

          if (JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_STRING)
            g_ptr_array_add (self->names, g_strdup (json_node_get_string (e)));
        }
    }
  if (self->names->len == 0)
    {
      g_ptr_array_add (self->names, g_strdup (_("Player 1")));
      g_ptr_array_add (self->names, g_strdup (_("Player 2")));
    }
  self->n_players = self->names->len;

  if (obj != NULL)
    {
      JsonNode *seed = json_object_get_member (obj, "seed");
      JsonNode *mode = json_object_get_member (obj, "mode");
      JsonNode *ready = json_object_get_member (obj, "ready_made");

      if (seed != NULL && JSON_NODE_HOLDS_VALUE (seed)
          && json_node_get_value_type (seed) == G_TYPE_INT64 && json_node_get_int (seed) >= 0)
        self->seed = (guint64) json_node_get_int (seed);
      if (mode != NULL && JSON_NODE_HOLDS_VALUE (mode)
          && json_node_get_value_type (mode) == G_TYPE_STRING)
        self->physical = g_str_equal (json_node_get_string (mode), "physical");
      if (ready != NULL && JSON_NODE_HOLDS_VALUE (ready)
          && json_node_get_value_type (ready) == G_TYPE_BOOLEAN)
        self->ready_made = json_node_get_boolean (ready);
      self->base = json_object_ref (obj);
    }
}

static void
pen_setup_assistant_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  PenSetupAssistant *self = PEN_SETUP_ASSISTANT (object);

  switch (prop_id)
    {
    case PROP_STEP:
      g_value_set_uint (value, self->step);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_setup_assistant_dispose (GObject *object)
{
  PenSetupAssistant *self = PEN_SETUP_ASSISTANT (object);

  g_clear_object (&self->preview);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_SETUP_ASSISTANT);

  G_OBJECT_CLASS (pen_setup_assistant_parent_class)->dispose (object);
}

static void
pen_setup_assistant_finalize (GObject *object)
{
  PenSetupAssistant *self = PEN_SETUP_ASSISTANT (object);

  g_clear_pointer (&self->base, json_object_unref);
  g_clear_pointer (&self->names, g_ptr_array_unref);
  g_clear_pointer (&self->setup, pen_setup_free);
  for (guint i = 0; i < MAX_PLAYERS; i++)
    {
      g_free (self->talent[i]);
      g_free (self->trial_pick[i]);
    }
  for (guint c = 0; c < PEN_SETUP_CONTRACT_CELLS; c++)
    g_free (self->contract_pick[c]);

  G_OBJECT_CLASS (pen_setup_assistant_parent_class)->finalize (object);
}

static void
pen_setup_assistant_class_init (PenSetupAssistantClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = pen_setup_assistant_get_property;
  object_class->dispose = pen_setup_assistant_dispose;
  object_class->finalize = pen_setup_assistant_finalize;

  properties[PROP_STEP] = g_param_spec_uint ("step", NULL, NULL, 0,
                                             PEN_SETUP_ASSISTANT_STEPS - 1, 0,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS
                                             | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The new-game action (JSON text) and the die-set actions to submit after it (GStrv) */
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING,
                                    G_TYPE_STRV);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-setup-assistant.ui");
  gtk_widget_class_bind_template_child (widget_class, PenSetupAssistant, window_title);
  gtk_widget_class_bind_template_child (widget_class, PenSetupAssistant, progress);
  gtk_widget_class_bind_template_child (widget_class, PenSetupAssistant, stack);
  gtk_widget_class_bind_template_child (widget_class, PenSetupAssistant, players_box);
  gtk_widget_class_bind_template_child (widget_class, PenSetupAssistant, talents_box);
  gtk_widget_class_bind_template_child (widget_class, PenSetupAssistant, common_box);
  gtk_widget_class_bind_template_child (widget_class, PenSetupAssistant, fate_box);
  gtk_widget_class_bind_template_child (widget_class, PenSetupAssistant, pieces_box);
  gtk_widget_class_bind_template_child (widget_class, PenSetupAssistant, back_button);
  gtk_widget_class_bind_template_child (widget_class, PenSetupAssistant, next_button);
  gtk_widget_class_bind_template_callback (widget_class, back_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, next_clicked_cb);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Left, GDK_ALT_MASK, back_shortcut_cb,
                                NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Right, GDK_ALT_MASK, next_shortcut_cb,
                                NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, close_shortcut_cb, NULL);
}

static void
pen_setup_assistant_init (PenSetupAssistant *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < MAX_PLAYERS; i++)
    self->start_mark[i] = -1;
}

PenSetupAssistant *
pen_setup_assistant_new (const char *base_action)
{
  PenSetupAssistant *self = g_object_new (PEN_TYPE_SETUP_ASSISTANT, NULL);

  parse_base (self, base_action);
  rebuild_setup (self);
  show_step (self);
  return self;
}
