/* pen-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <errno.h>
#include <glib/gstdio.h>

#include "pen-box.h"
#include "pen-file.h"
#include "pen-game.h"
#include "pen-rule.h"
#include "pen-json.h"
#include "pen-turn.h"

struct _PenGame
{
  GObject     parent_instance;

  PenTable   *table;
  GListStore *history;
  guint       position;
  GFile      *file;
  GError     *save_error;
  /* the file as this game last read or wrote it (when stamp_valid): a save refuses to
   * overwrite a file someone else changed since */
  PenFileStamp stamp;
  gboolean     stamp_valid;
  PenFileLock *lock;
  gboolean     final_score_shown;
};

G_DEFINE_FINAL_TYPE (PenGame, pen_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TABLE,
  PROP_HISTORY,
  PROP_POSITION,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_FILE,
  PROP_FINAL_SCORE_SHOWN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pen_game_dispose (GObject *object)
{
  PenGame *self = (PenGame *) object;

  g_clear_object (&self->table);
  g_clear_object (&self->history);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (pen_game_parent_class)->dispose (object);
}

static void
pen_game_finalize (GObject *object)
{
  PenGame *self = (PenGame *) object;

  g_clear_error (&self->save_error);
  g_clear_pointer (&self->lock, pen_file_unlock);

  G_OBJECT_CLASS (pen_game_parent_class)->finalize (object);
}

static void
pen_game_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  PenGame *self = PEN_GAME (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      g_value_set_object (value, self->table);
      break;
    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;
    case PROP_POSITION:
      g_value_set_uint (value, self->position);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, pen_game_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, pen_game_get_can_redo (self));
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_FINAL_SCORE_SHOWN:
      g_value_set_boolean (value, self->final_score_shown);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_game_class_init (PenGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = pen_game_dispose;
  object_class->finalize = pen_game_finalize;
  object_class->get_property = pen_game_get_property;

  properties[PROP_TABLE] = g_param_spec_object ("table", NULL, NULL, PEN_TYPE_TABLE, ro);
  properties[PROP_HISTORY] = g_param_spec_object ("history", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_POSITION] = g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, ro);
  properties[PROP_FINAL_SCORE_SHOWN] = g_param_spec_boolean ("final-score-shown", NULL, NULL,
                                                             FALSE, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_game_init (PenGame *self)
{
  self->table = pen_table_new ();
  self->history = g_list_store_new (PEN_TYPE_ACTION);
}

PenGame *
pen_game_new (void)
{
  return g_object_new (PEN_TYPE_GAME, NULL);
}

PenTable *
pen_game_get_table (PenGame *self)
{
  return self->table;
}

GListModel *
pen_game_get_history (PenGame *self)
{
  return G_LIST_MODEL (self->history);
}

guint
pen_game_get_position (PenGame *self)
{
  return self->position;
}

gboolean
pen_game_get_can_undo (PenGame *self)
{
  /* the new-game action is the floor: undoing it would leave no game */
  return self->position > 1;
}

gboolean
pen_game_get_can_redo (PenGame *self)
{
  return self->position < g_list_model_get_n_items (G_LIST_MODEL (self->history));
}

gboolean
pen_game_get_final_score_shown (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);

  return self->final_score_shown;
}

void
pen_game_set_final_score_shown (PenGame  *self,
                                gboolean  shown)
{
  g_return_if_fail (PEN_IS_GAME (self));

  if (self->final_score_shown == !!shown)
    return;
  self->final_score_shown = !!shown;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINAL_SCORE_SHOWN]);
}

GFile *
pen_game_get_file (PenGame *self)
{
  return self->file;
}

void
pen_game_set_file (PenGame *self,
                   GFile   *file)
{
  if (g_set_object (&self->file, file))
    {
      self->stamp_valid = FALSE;
      g_clear_pointer (&self->lock, pen_file_unlock);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
    }
}

gboolean
pen_game_lock (PenGame  *self,
               guint     timeout_ms,
               GError  **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (self->file != NULL, FALSE);
  if (self->lock != NULL)
    return TRUE;
  path = g_file_get_path (self->file);
  if (path == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "not a local file");
      return FALSE;
    }
  self->lock = pen_file_lock (path, timeout_ms, error);
  return self->lock != NULL;
}

gboolean
pen_game_changed_on_disk (PenGame *self)
{
  g_autofree char *path = NULL;
  PenFileStamp now;

  if (self->file == NULL || !self->stamp_valid || !(path = g_file_get_path (self->file)))
    return FALSE;
  pen_file_get_stamp (path, &now);
  return !pen_file_stamp_equal (&now, &self->stamp);
}

gboolean
pen_game_retry_save (PenGame *self)
{
  if (self->save_error == NULL)
    return TRUE;
  g_clear_error (&self->save_error);
  if (self->file != NULL)
    pen_game_save (self, self->file, &self->save_error);
  return self->save_error == NULL;
}

const GError *
pen_game_get_save_error (PenGame *self)
{
  return self->save_error;
}

static void autosave (PenGame *self);

/* The change is saved before anyone is told of it: a listener sees its save error */
static void
set_position (PenGame  *self,
              guint     position,
              gboolean  old_undo,
              gboolean  old_redo)
{
  guint old = self->position;

  self->position = position;
  autosave (self);
  if (old != position)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
  if (old_undo != pen_game_get_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (old_redo != pen_game_get_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

static void
autosave (PenGame *self)
{
  g_clear_error (&self->save_error);
  if (self->file != NULL)
    pen_game_save (self, self->file, &self->save_error);
}

/* A Contract fulfilled (or a Trial passed) in a log from before tasks were taken ("task_pay" is
 * missing): nothing was paid or given then, whatever the catalogue knows now, so the log gives
 * the same table. A Contract fulfilled without "withstand" rolled no Threat for its task (a log
 * from before that was rolled, or a task not known then): "withstand": null says so, or the
 * replay would now ask the faces, or roll them, and the save would not open (play finding V10) */
static void
old_contract_facts (PenAction *action,
                    PenTable  *table)
{
  JsonObject *params = pen_action_get_params (action);
  const char *kind = pen_action_get_kind (action);
  gboolean contract = g_str_equal (kind, "contract-take")
                      || (g_str_equal (kind, "place")
                          && (json_object_has_member (params, "slot")
                              || json_object_has_member (params, "contract")));

  /* a Yellow die placed in the Guild (die-place) was not counted for a Contract's Withstand
   * roll before: a step without "yellow_placed" replays as it was played */
  if (g_str_equal (kind, "contract-take") && table != NULL
      && !json_object_has_member (params, "yellow_placed")
      && pen_table_get_guild_yellow (table) > 0)
    json_object_set_boolean_member (params, "yellow_placed", FALSE);
  /* only for a Withstand Contract, so every other save reads and writes as before */
  if (contract && table != NULL && !json_object_has_member (params, "withstand"))
    {
      JsonNode *reserved = json_object_get_member (params, "contract");
      JsonNode *slot = json_object_get_member (params, "slot");
      g_autoptr(PenTableCard) cell = NULL;
      const char *id = NULL;

      if (reserved != NULL && JSON_NODE_HOLDS_VALUE (reserved)
          && json_node_get_value_type (reserved) == G_TYPE_STRING)
        id = json_node_get_string (reserved);
      else if (slot != NULL && JSON_NODE_HOLDS_VALUE (slot)
               && json_node_get_value_type (slot) == G_TYPE_INT64
               && json_node_get_int (slot) >= 0
               && json_node_get_int (slot) < g_list_model_get_n_items (
                    pen_table_get_contract_row (table)))
        {
          cell = g_list_model_get_item (pen_table_get_contract_row (table),
                                        json_node_get_int (slot));
          id = pen_table_card_get_card_id (cell);
        }
      if (pen_turn_contract_withstand (id) > 0)
        json_object_set_null_member (params, "withstand");
    }
  /* the same for a Trial passed by a path whose task is WITHSTAND THREAT */
  if (g_str_equal (kind, "trial-take") && table != NULL
      && !json_object_has_member (params, "withstand"))
    {
      JsonNode *reserved = json_object_get_member (params, "card");
      JsonNode *index = json_object_get_member (params, "index");
      GListModel *row = pen_table_get_trial_row (table);
      g_autoptr(PenTableCard) cell = NULL;
      JsonNode *path = json_object_get_member (params, "path");
      const char *id = NULL;
      int p = path != NULL && JSON_NODE_HOLDS_VALUE (path)
              && json_node_get_value_type (path) == G_TYPE_STRING
              ? pen_path_from_string (json_node_get_string (path)) : -1;

      if (reserved != NULL && JSON_NODE_HOLDS_VALUE (reserved)
          && json_node_get_value_type (reserved) == G_TYPE_STRING)
        id = json_node_get_string (reserved);
      else if (index != NULL && JSON_NODE_HOLDS_VALUE (index)
               && json_node_get_value_type (index) == G_TYPE_INT64
               && json_node_get_int (index) >= 0
               && json_node_get_int (index) < g_list_model_get_n_items (row))
        {
          cell = g_list_model_get_item (row, json_node_get_int (index));
          id = pen_table_card_get_card_id (cell);
        }
      if (p >= 0 && pen_turn_trial_withstand (id, p) > 0)
        json_object_set_null_member (params, "withstand");
    }
  if (!(contract || g_str_equal (kind, "trial-take"))
      || json_object_has_member (params, "task_pay"))
    return;
  json_object_set_object_member (params, "task_pay", json_object_new ());
  if (!json_object_has_member (params, "reward"))
    json_object_set_object_member (params, "reward", json_object_new ());
}

/* Naming a Trial: the Difficulty its place asks (the starting row's 1, its Fate stack's) is
 * known from the log only, so it joins the action as a fact, "stack_difficulty", that the
 * core checks the name against (rule stack-difficulty) and a replay reads back */
static void
stack_difficulty_fact (PenGame   *self,
                       PenAction *action)
{
  JsonObject *params = pen_action_get_params (action);
  const char *card;
  int d;

  if (!g_str_equal (pen_action_get_kind (action), "card-identify")
      || !json_object_has_member (params, "card")
      || !JSON_NODE_HOLDS_VALUE (json_object_get_member (params, "card"))
      || json_node_get_value_type (json_object_get_member (params, "card")) != G_TYPE_STRING)
    return;
  card = json_object_get_string_member (params, "card");
  json_object_remove_member (params, "stack_difficulty");
  d = pen_box_required_difficulty (self, card);
  if (d > 0)
    json_object_set_int_member (params, "stack_difficulty", d);
}

/* Naming a placeholder as a card that cannot be the one turned up. App-dealt: one the app
 * dealt into a deck or knows is out of the game, refused outright (the app knows where each
 * card it dealt went, play finding W6). Physical: one out of the game, one in a deck where the
 * table saw it put (the bottom of the Contract deck after a Bind or at set-up), a Difficulty 1
 * Trial set aside at set-up: written into the action as a fact, "as_gone", that the core
 * refuses by rule card-still-possible (the table may overrule: a card misread earlier). A card
 * in a deck at a place nobody knows trades places with the placeholder instead. Known from the
 * log only, so checked here and not on replay (a log from before stays as played). */
static gboolean
known_place_free (PenGame    *self,
                  PenAction  *action,
                  GError    **error)
{
  JsonObject *params = pen_action_get_params (action);
  JsonNode *as;
  JsonNode *card;
  const char *why;

  if (!g_str_equal (pen_action_get_kind (action), "card-identify"))
    return TRUE;
  json_object_remove_member (params, "as_gone");
  /* a named card given an "as" is refused by the action itself, with its own reason */
  card = json_object_get_member (params, "card");
  if (card == NULL || !JSON_NODE_HOLDS_VALUE (card)
      || json_node_get_value_type (card) != G_TYPE_STRING
      || !pen_card_id_is_placeholder (json_node_get_string (card)))
    return TRUE;
  as = json_object_get_member (params, "as");
  if (as == NULL || !JSON_NODE_HOLDS_VALUE (as) || json_node_get_value_type (as) != G_TYPE_STRING)
    return TRUE;
  if (pen_table_get_physical (self->table))
    {
      why = pen_box_name_impossible (self, json_node_get_string (card),
                                     json_node_get_string (as));
      if (why != NULL)
        json_object_set_string_member (params, "as_gone", why);
      return TRUE;
    }
  if (pen_box_card_out_of_game (self, json_node_get_string (as)))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$.as: %s is out of the game, not here",
                   json_node_get_string (as));
      return FALSE;
    }
  if (!pen_box_card_placed (self, json_node_get_string (as)))
    return TRUE;
  g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED,
               "$.as: %s lies face down in a deck where the app dealt it, not here",
               json_node_get_string (as));
  return FALSE;
}

gboolean
pen_game_submit (PenGame    *self,
                 PenAction  *action,
                 GError    **error)
{
  gboolean old_undo = pen_game_get_can_undo (self);
  gboolean old_redo = pen_game_get_can_redo (self);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->history));

  if (self->position == 0 && !g_str_equal (pen_action_get_kind (action), "new-game")
      && !g_str_equal (pen_action_get_kind (action), "resume"))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED,
                   "$.action: a game starts with a new-game action");
      return FALSE;
    }
  stack_difficulty_fact (self, action);
  if (!known_place_free (self, action, error))
    return FALSE;
  if (!pen_action_apply (action, self->table, error))
    return FALSE;

  /* a new action forgets what could have been redone */
  if (n > self->position)
    g_list_store_splice (self->history, self->position, n - self->position, NULL, 0);
  g_list_store_append (self->history, action);
  set_position (self, self->position + 1, old_undo, old_redo);
  return TRUE;
}

gboolean
pen_game_submit_json (PenGame    *self,
                      const char *json,
                      GError    **error)
{
  g_autoptr(JsonNode) node = pen_json_parse (json, -1, error);
  g_autoptr(PenAction) action = NULL;

  if (node == NULL || !(action = pen_action_new_from_json (node, "$", error)))
    return FALSE;
  return pen_game_submit (self, action, error);
}

gboolean
pen_game_undo (PenGame *self)
{
  gboolean old_undo = pen_game_get_can_undo (self);
  gboolean old_redo = pen_game_get_can_redo (self);
  g_autoptr(PenAction) action = NULL;

  if (!old_undo)
    return FALSE;
  action = g_list_model_get_item (G_LIST_MODEL (self->history), self->position - 1);
  pen_action_revert (action, self->table);
  set_position (self, self->position - 1, old_undo, old_redo);
  return TRUE;
}

void
pen_game_prepare_undo (PenGame *self)
{
  g_autoptr(PenAction) action = NULL;

  g_return_if_fail (PEN_IS_GAME (self));

  if (!pen_game_get_can_undo (self))
    return;
  action = g_list_model_get_item (G_LIST_MODEL (self->history), self->position - 1);
  pen_action_prepare_revert (action);
}

gboolean
pen_game_redo (PenGame  *self,
               GError  **error)
{
  gboolean old_undo = pen_game_get_can_undo (self);
  gboolean old_redo = pen_game_get_can_redo (self);
  g_autoptr(PenAction) action = NULL;

  if (!old_redo)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "nothing to redo");
      return FALSE;
    }
  action = g_list_model_get_item (G_LIST_MODEL (self->history), self->position);
  /* the table, random state included, is as it was when the action was first applied, so
   * this gives the very same dice */
  if (!pen_action_apply (action, self->table, error))
    return FALSE;
  set_position (self, self->position + 1, old_undo, old_redo);
  return TRUE;
}

gboolean
pen_game_jump_to (PenGame  *self,
                  guint     position,
                  GError  **error)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->history));
  GFile *file = self->file ? g_object_ref (self->file) : NULL;
  gboolean ok = TRUE;

  if (position < 1 || position > n)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "no step %u in the history", position);
      g_clear_object (&file);
      return FALSE;
    }
  /* save once at the end, not at every step */
  g_clear_object (&self->file);
  while (ok && self->position > position)
    ok = pen_game_undo (self);
  while (ok && self->position < position)
    ok = pen_game_redo (self, error);
  self->file = file;
  autosave (self);
  return ok;
}

/* ---- saves ---- */

/* An action's compact JSON, kept on the action: its parameters never change once it is
 * made, and a save writes every action of the log every time */
static const char *
action_text (PenAction *action)
{
  static GQuark quark;
  char *text;

  if (G_UNLIKELY (quark == 0))
    quark = g_quark_from_static_string ("pen-game-action-text");
  text = g_object_get_qdata (G_OBJECT (action), quark);
  if (text == NULL)
    {
      g_autoptr(JsonNode) node = pen_action_to_json (action);

      text = pen_json_to_string (node, FALSE);
      g_object_set_qdata_full (G_OBJECT (action), quark, text, g_free);
    }
  return text;
}

/* Written by hand, one action a line: {"format", "version", "position", "log": [every
 * action], "snapshot": TABLE}, without building and printing a tree of the whole log at
 * every save */
char *
pen_game_to_data (PenGame *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->history));
  g_autofree char *snapshot = pen_table_snapshot (self->table);
  GString *out = g_string_sized_new (4096 + 64 * n + strlen (snapshot));

  PEN_JSON_APPEND (out, "{\n  \"format\": \"" PEN_SAVE_FORMAT "\",\n  \"version\": ");
  pen_json_append_uint (out, PEN_SAVE_VERSION);
  PEN_JSON_APPEND (out, ",\n  \"position\": ");
  pen_json_append_uint (out, self->position);
  PEN_JSON_APPEND (out, ",\n  \"log\": [");
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenAction) action = g_list_model_get_item (G_LIST_MODEL (self->history), i);
      const char *text = action_text (action);

      PEN_JSON_APPEND (out, "\n    ");
      pen_json_append_len (out, text, strlen (text));
      if (i + 1 < n)
        PEN_JSON_APPEND (out, ",");
    }
  PEN_JSON_APPEND (out, "\n  ],\n  \"snapshot\": ");
  pen_json_append_len (out, snapshot, strlen (snapshot));
  PEN_JSON_APPEND (out, "\n}\n");
  return g_string_free (out, FALSE);
}

char *
pen_game_log_to_lines (PenGame *self)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < self->position; i++)
    {
      g_autoptr(PenAction) action = g_list_model_get_item (G_LIST_MODEL (self->history), i);

      g_string_append (s, action_text (action));
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

gboolean
pen_game_save (PenGame  *self,
               GFile    *file,
               GError  **error)
{
  g_autoptr(PenFileLock) lock = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *text = NULL;
  gboolean own = self->file != NULL && g_file_equal (file, self->file);
  PenFileStamp stamp;
  gsize len;

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "cannot save: %s: not a local file", uri);
      return FALSE;
    }
  /* one writer at a time: a process that applies a run of actions holds the lock already */
  if (!(own && self->lock != NULL) && !(lock = pen_file_lock (path, 500, error)))
    {
      g_prefix_error (error, "cannot save: ");
      return FALSE;
    }
  if (own && self->stamp_valid)
    {
      PenFileStamp now;

      pen_file_get_stamp (path, &now);
      if (!pen_file_stamp_equal (&now, &self->stamp))
        {
          g_autofree char *shown = g_filename_display_name (path);

          g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "cannot save: %s: another program "
                       "changed it since it was read; it is left as it is", shown);
          return FALSE;
        }
    }

  /* under the lock: no other write of this file is running, what it finds was killed */
  pen_file_clean_temporaries (path);
  text = pen_game_to_data (self);
  len = strlen (text);
  if (!pen_file_write_atomic (path, text, len, 0644, &stamp, error))
    {
      g_prefix_error (error, "cannot save: ");
      return FALSE;
    }
  if (own)
    {
      self->stamp = stamp;
      self->stamp_valid = TRUE;
    }
  return TRUE;
}

/* Messages about a damaged save quote text from the file: keep them on one line (the CLI
 * promises one stderr line) by showing control characters as \xNN. */
static char *
one_line (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p; p++)
    {
      if ((guchar) *p < 0x20 || *p == 0x7f)
        g_string_append_printf (s, "\\x%02x", (guchar) *p);
      else
        g_string_append_c (s, *p);
    }
  return g_string_free (s, FALSE);
}

static int
compare_zone (gconstpointer a,
              gconstpointer b)
{
  JsonNode *x = (JsonNode *) a, *y = (JsonNode *) b;
  const char *zx = NULL, *zy = NULL;

  if (JSON_NODE_HOLDS_OBJECT (x))
    zx = json_object_get_string_member_with_default (json_node_get_object (x), "zone", NULL);
  if (JSON_NODE_HOLDS_OBJECT (y))
    zy = json_object_get_string_member_with_default (json_node_get_object (y), "zone", NULL);
  return g_strcmp0 (zx, zy);
}

/* The markets in the order of their zones, each market's cards in their own order: saves
 * written while a new game could lay its markets out in another order than its log gives
 * (the set-up's members iterated in hash order) differ from the replay only in that. */
static void
sort_markets (JsonNode *snapshot)
{
  static const char * const lists[] = { "markets", "market_decks" };

  if (!JSON_NODE_HOLDS_OBJECT (snapshot))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    {
      JsonObject *obj = json_node_get_object (snapshot);
      JsonArray *arr, *sorted;
      GList *elements;

      if (!json_object_has_member (obj, lists[i])
          || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (obj, lists[i])))
        continue;
      arr = json_object_get_array_member (obj, lists[i]);
      /* g_list_sort () is stable: each market keeps the order of its cards */
      elements = g_list_sort (json_array_get_elements (arr), compare_zone);
      sorted = json_array_new ();
      for (GList *l = elements; l != NULL; l = l->next)
        json_array_add_element (sorted, json_node_copy (l->data));
      g_list_free (elements);
      json_object_set_array_member (obj, lists[i], sorted);
    }
}

/* The log replayed up to position: the snapshot must be what it gives */
static PenGame *
replay (JsonArray  *log,
        guint       position,
        JsonNode   *snapshot,
        GError    **error)
{
  g_autoptr(PenGame) self = pen_game_new ();
  g_autoptr(JsonNode) replayed = NULL;
  g_autofree char *a = NULL, *b = NULL;
  guint n = json_array_get_length (log);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = pen_json_path_index ("$.log", i);
      g_autoptr(PenAction) action = pen_action_new_from_json (json_array_get_element (log, i),
                                                              path, error);
      if (action == NULL)
        return NULL;
      if (i == 0 && g_str_equal (pen_action_get_kind (action), "resume"))
        ; /* a log may start with a resume as with a new-game */
      else if (i == 0 && !g_str_equal (pen_action_get_kind (action), "new-game"))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "%s: a game starts with a new-game action", path);
          return NULL;
        }
      old_contract_facts (action, i < position ? self->table : NULL);
      if (i < position)
        {
          g_autoptr(GError) local_error = NULL;

          if (!pen_action_apply (action, self->table, &local_error)
              && pen_rule_from_error (local_error) != PEN_RULE_NONE)
            {
              /* the table accepted this step before the rule was enforced (an older save):
               * keep the game, with the override said in its log rather than silently */
              g_clear_error (&local_error);
              pen_action_set_override (action, TRUE);
              pen_action_apply (action, self->table, &local_error);
            }
          if (local_error != NULL)
            {
              g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", path);
              return NULL;
            }
          self->position++;
        }
      g_list_store_append (self->history, action);
    }

  replayed = pen_table_to_json (self->table);
  /* a physical first-game save from before the table kept the deck's printed order: its log
   * gives the flag, its snapshot lacks it */
  if (JSON_NODE_HOLDS_OBJECT (snapshot) && JSON_NODE_HOLDS_OBJECT (replayed)
      && !json_object_has_member (json_node_get_object (snapshot), "fate_printed"))
    json_object_remove_member (json_node_get_object (replayed), "fate_printed");
  /* a save from before the table counted the Yellow dice placed in the Guild */
  if (JSON_NODE_HOLDS_OBJECT (snapshot) && JSON_NODE_HOLDS_OBJECT (replayed)
      && !json_object_has_member (json_node_get_object (snapshot), "guild_yellow"))
    json_object_remove_member (json_node_get_object (replayed), "guild_yellow");
  a = pen_json_to_string (replayed, FALSE);
  b = pen_json_to_string (snapshot, FALSE);
  if (!g_str_equal (a, b))
    {
      /* compared again with the markets in one order (the snapshot stays as it is) */
      g_autoptr(JsonNode) x = json_from_string (a, NULL);
      g_autoptr(JsonNode) y = json_from_string (b, NULL);

      if (x != NULL && y != NULL)
        {
          sort_markets (x);
          sort_markets (y);
          g_free (a);
          g_free (b);
          a = pen_json_to_string (x, FALSE);
          b = pen_json_to_string (y, FALSE);
        }
    }
  if (!g_str_equal (a, b))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "$.snapshot: does not match the table its log gives");
      return NULL;
    }
  return g_steal_pointer (&self);
}

/* The first version's saves: the new-game action did not record the set-up, so the cards were
 * dealt by that version's rules (the catalogue's named cards only), which today's dealing and
 * turn rules no longer replay. */
static gboolean
is_first_version_log (JsonArray *log)
{
  JsonNode *first = json_array_get_element (log, 0);
  JsonObject *obj;

  if (first == NULL || !JSON_NODE_HOLDS_OBJECT (first))
    return FALSE;
  obj = json_node_get_object (first);
  return g_strcmp0 (json_object_get_string_member_with_default (obj, "action", NULL),
                    "new-game") == 0
         && !json_object_has_member (obj, "setup");
}

/* Such a game goes on from the table it saved, its old log kept whole inside the one "resume"
 * step that now starts it: nothing the table did is lost, and undo stops there. */
static PenGame *
resume (JsonArray  *log,
        JsonNode   *snapshot,
        GError    **error)
{
  g_autoptr(PenGame) self = pen_game_new ();
  g_autoptr(PenAction) action = pen_action_new_resume (snapshot, log);

  if (action == NULL || !pen_action_apply (action, self->table, error))
    return NULL;
  self->position = 1;
  g_list_store_append (self->history, action);
  return g_steal_pointer (&self);
}

PenGame *
pen_game_load_from_data (const char  *data,
                         gsize        length,
                         GError     **error)
{
  static const char * const keys[] = { "format", "version", "position", "log", "snapshot", NULL };
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(PenGame) self = NULL;
  g_autoptr(JsonNode) first_version = NULL;
  JsonNode *snapshot;
  const char *format = NULL;
  gint64 version = 0, position = 0;
  JsonObject *obj;
  JsonArray *log;
  guint n;

  if (!(root = pen_json_parse (data, length, &local_error))
      || !(obj = pen_json_expect_object (root, "$", &local_error))
      || !pen_json_get_string (obj, "$", "format", TRUE, &format, &local_error))
    goto corrupt;
  if (!g_str_equal (format, PEN_SAVE_FORMAT))
    {
      g_autofree char *shown = one_line (format);

      g_set_error (error, PEN_ERROR, PEN_ERROR_CORRUPT, "not a Penumbra Companion save "
                   "(format \"%s\")", shown);
      return NULL;
    }
  if (!pen_json_get_int (obj, "$", "version", TRUE, 1, G_MAXINT, &version, &local_error))
    goto corrupt;
  if (version > PEN_SAVE_VERSION)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_NEWER, "saved by a newer version of Penumbra "
                   "Companion (format %d; this one reads %d)", (int) version, PEN_SAVE_VERSION);
      return NULL;
    }
  if (!pen_json_check_keys (obj, "$", keys, &local_error)
      || !json_object_has_member (obj, "log")
      || !(log = pen_json_expect_array (json_object_get_member (obj, "log"), "$.log",
                                        &local_error)))
    {
      if (local_error == NULL)
        g_set_error (&local_error, PEN_ERROR, PEN_ERROR_INVALID, "$.log: missing");
      goto corrupt;
    }
  n = json_array_get_length (log);
  if (!pen_json_get_int (obj, "$", "position", TRUE, 0, n, &position, &local_error))
    goto corrupt;
  if (n == 0 || position == 0)
    {
      g_set_error (&local_error, PEN_ERROR, PEN_ERROR_INVALID, "$.log: the log is empty");
      goto corrupt;
    }

  if (!json_object_has_member (obj, "snapshot"))
    {
      g_set_error (&local_error, PEN_ERROR, PEN_ERROR_INVALID, "$.snapshot: missing");
      goto corrupt;
    }
  snapshot = json_object_get_member (obj, "snapshot");
  /* kept as read: replaying records the set-up into the new-game action */
  if (is_first_version_log (log))
    {
      /* a deep copy: json_node_copy () shares the array */
      g_autofree char *text = pen_json_to_string (json_object_get_member (obj, "log"), FALSE);

      first_version = pen_json_parse (text, -1, NULL);
    }
  self = replay (log, position, snapshot, &local_error);
  if (self == NULL && first_version != NULL)
    {
      g_autoptr(GError) resume_error = NULL;

      /* kept if its saved table reads; the replay's error says what is wrong otherwise */
      self = resume (json_node_get_array (first_version), snapshot, &resume_error);
    }
  if (self == NULL)
    goto corrupt;
  return g_steal_pointer (&self);

corrupt:
  {
    g_autofree char *shown = one_line (local_error ? local_error->message : "unreadable");

    g_set_error (error, PEN_ERROR, PEN_ERROR_CORRUPT, "the save is damaged: %s", shown);
  }
  return NULL;
}

PenGame *
pen_game_load (GFile   *file,
               GError **error)
{
  g_autofree char *data = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) local_error = NULL;
  PenFileStamp stamp = { 0, };
  gsize length;
  PenGame *self;

  /* what was read is at least as new as this: a change after it is seen at the next save */
  if (path != NULL)
    pen_file_get_stamp (path, &stamp);
  if (!g_file_load_contents (file, NULL, &data, &length, NULL, &local_error))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "cannot read the save: %s",
                   local_error->message);
      return NULL;
    }
  self = pen_game_load_from_data (data, length, error);
  if (self != NULL)
    {
      self->file = g_object_ref (file);
      self->stamp = stamp;
      self->stamp_valid = path != NULL;
    }
  return self;
}

PenGame *
pen_game_load_locked (GFile    *file,
                      gboolean  missing_ok,
                      guint     timeout_ms,
                      GError  **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(PenFileLock) lock = NULL;
  PenGame *self;

  if (path == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "not a local file");
      return NULL;
    }
  if (!(lock = pen_file_lock (path, timeout_ms, error)))
    return NULL;
  if (missing_ok && !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      self = pen_game_new ();
      self->file = g_object_ref (file);
    }
  else if ((self = pen_game_load (file, error)) == NULL)
    return NULL;
  self->lock = g_steal_pointer (&lock);
  return self;
}

gboolean
pen_game_set_aside (GFile   *file,
                    GFile  **moved,
                    GError **error)
{
  g_autofree char *path = g_file_get_path (file);

  for (guint i = 0; path != NULL && i < 1000; i++)
    {
      g_autofree char *aside = i ? g_strdup_printf ("%s.damaged-%u", path, i)
                                 : g_strconcat (path, ".damaged", NULL);

      if (g_file_test (aside, G_FILE_TEST_EXISTS))
        continue;
      if (g_rename (path, aside) != 0)
        {
          int err = errno;
          g_autofree char *shown = g_filename_display_name (path);

          g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "%s: %s", shown, g_strerror (err));
          return FALSE;
        }
      if (moved != NULL)
        *moved = g_file_new_for_path (aside);
      return TRUE;
    }
  g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "cannot set the file aside");
  return FALSE;
}

GFile *
pen_game_get_saves_dir (void)
{
  return g_file_new_build_filename (g_get_user_data_dir (), "penumbra-companion", "games", NULL);
}

GFile *
pen_game_new_save_file (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d-%H%M%S");
  g_autoptr(GFile) dir = pen_game_get_saves_dir ();
  GFile *file;

  for (guint i = 0;; i++)
    {
      g_autofree char *name = i ? g_strdup_printf ("game-%s-%u.json", stamp, i)
                                : g_strdup_printf ("game-%s.json", stamp);
      file = g_file_get_child (dir, name);
      if (!g_file_query_exists (file, NULL))
        return file;
      g_object_unref (file);
    }
}

static gint
compare_mtime (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  gint64 ta = g_file_info_get_attribute_uint64 ((GFileInfo *) a, G_FILE_ATTRIBUTE_TIME_MODIFIED);
  gint64 tb = g_file_info_get_attribute_uint64 ((GFileInfo *) b, G_FILE_ATTRIBUTE_TIME_MODIFIED);

  if (ta != tb)
    return ta < tb ? 1 : -1;
  return g_strcmp0 (g_file_info_get_name ((GFileInfo *) b), g_file_info_get_name ((GFileInfo *) a));
}

GListModel *
pen_game_list_saves (void)
{
  g_autoptr(GFile) dir = pen_game_get_saves_dir ();
  g_autoptr(GFileEnumerator) e = NULL;
  GListStore *store = g_list_store_new (G_TYPE_FILE_INFO);
  GFileInfo *info;

  {
    g_autofree char *path = g_file_get_path (dir);

    /* what killed writes left behind */
    if (path != NULL)
      pen_file_clean_leftovers (path, 60);
  }
  e = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                 G_FILE_ATTRIBUTE_TIME_MODIFIED, G_FILE_QUERY_INFO_NONE, NULL,
                                 NULL);
  if (e == NULL)
    return G_LIST_MODEL (store);
  while ((info = g_file_enumerator_next_file (e, NULL, NULL)) != NULL)
    {
      if (g_str_has_suffix (g_file_info_get_name (info), ".json"))
        {
          g_autoptr(GFile) child = g_file_get_child (dir, g_file_info_get_name (info));
          g_file_info_set_attribute_object (info, "standard::file", G_OBJECT (child));
          g_list_store_insert_sorted (store, info, compare_mtime, NULL);
        }
      g_object_unref (info);
    }
  return G_LIST_MODEL (store);
}
