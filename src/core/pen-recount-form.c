/* pen-recount-form.c: "Check the table", the guided recount, as a form without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-recount-form.h"

struct _PenRecountForm
{
  GObject     parent_instance;

  JsonNode   *snapshot;   /* the table when the recount began */
  guint       n_players;
  guint       step;
  GPtrArray  *stores;     /* [step * PEN_N_RECOUNT_KINDS + kind]: GListStore of items */
  GPtrArray  *items;      /* every item, in step order */
  guint       n_corrections;
};

G_DEFINE_FINAL_TYPE (PenRecountForm, pen_recount_form, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STEP,
  PROP_LAST_STEP,
  PROP_N_CORRECTIONS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pen_recount_form_finalize (GObject *object)
{
  PenRecountForm *self = PEN_RECOUNT_FORM (object);

  for (guint i = 0; i < self->items->len; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->items, i), self);
  g_clear_pointer (&self->snapshot, json_node_unref);
  g_clear_pointer (&self->stores, g_ptr_array_unref);
  g_clear_pointer (&self->items, g_ptr_array_unref);

  G_OBJECT_CLASS (pen_recount_form_parent_class)->finalize (object);
}

static void
pen_recount_form_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  PenRecountForm *self = PEN_RECOUNT_FORM (object);

  switch (prop_id)
    {
    case PROP_STEP:
      g_value_set_uint (value, self->step);
      break;
    case PROP_LAST_STEP:
      g_value_set_boolean (value, pen_recount_form_get_last_step (self));
      break;
    case PROP_N_CORRECTIONS:
      g_value_set_uint (value, self->n_corrections);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_recount_form_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  PenRecountForm *self = PEN_RECOUNT_FORM (object);

  switch (prop_id)
    {
    case PROP_STEP:
      pen_recount_form_set_step (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_recount_form_class_init (PenRecountFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = pen_recount_form_finalize;
  object_class->get_property = pen_recount_form_get_property;
  object_class->set_property = pen_recount_form_set_property;

  properties[PROP_STEP] = g_param_spec_uint ("step", NULL, NULL, 0, G_MAXUINT, 0,
                                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                             | G_PARAM_STATIC_STRINGS);
  properties[PROP_LAST_STEP] = g_param_spec_boolean ("last-step", NULL, NULL, FALSE, ro);
  properties[PROP_N_CORRECTIONS] = g_param_spec_uint ("n-corrections", NULL, NULL, 0, G_MAXUINT,
                                                      0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_recount_form_init (PenRecountForm *self)
{
  self->stores = g_ptr_array_new_with_free_func (g_object_unref);
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

/* ---- the corrections ---- */

/* Whether any item of a kind on a step differs: the list it stands in is replaced */
static gboolean
list_changed (PenRecountForm *self,
              guint           step,
              PenRecountKind  kind)
{
  GListModel *items = pen_recount_form_get_items (self, step, kind);

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(PenRecountItem) item = g_list_model_get_item (items, i);

      if (pen_recount_item_get_changed (item))
        return TRUE;
    }
  return FALSE;
}

/* json_node_copy shares objects; a die edited for the correction must not change the
 * snapshot it is compared with */
static JsonNode *
deep_copy (JsonNode *node)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (gen, node);
  text = json_generator_to_data (gen, NULL);
  return json_from_string (text, NULL);
}

static void
add_correction (JsonArray  *out,
                char       *target,
                JsonNode   *value)
{
  JsonObject *c = json_object_new ();

  json_object_set_string_member (c, "target", target);
  json_object_set_member (c, "value", value);
  json_array_add_object_element (out, c);
  g_free (target);
}

/* A wizard's dice or the trial row: the snapshot's list without what is not there, with the
 * faces as counted */
static JsonNode *
list_value (PenRecountForm *self,
            guint           step,
            PenRecountKind  kind,
            JsonArray      *src)
{
  GListModel *items = pen_recount_form_get_items (self, step, kind);
  JsonArray *out = json_array_new ();
  JsonNode *value = json_node_new (JSON_NODE_ARRAY);

  for (guint k = 0; k < g_list_model_get_n_items (items) && k < json_array_get_length (src); k++)
    {
      g_autoptr(PenRecountItem) item = g_list_model_get_item (items, k);
      JsonNode *e;

      if (!pen_recount_item_get_present (item))
        continue;
      e = deep_copy (json_array_get_element (src, k));
      if (kind == PEN_RECOUNT_DIE)
        json_object_set_int_member (json_node_get_object (e), "value",
                                    pen_recount_item_get_value (item));
      json_array_add_element (out, e);
    }
  json_node_take_array (value, out);
  return value;
}

static void
add_item_correction (PenRecountForm *self,
                     JsonArray      *out,
                     PenRecountItem *item)
{
  JsonObject *snap = json_node_get_object (self->snapshot);
  guint wi = pen_recount_item_get_wizard (item);
  guint k = pen_recount_item_get_index (item);
  JsonNode *value;

  if (!pen_recount_item_get_changed (item))
    return;
  switch (pen_recount_item_get_kind (item))
    {
    case PEN_RECOUNT_MARK:
      value = json_node_new (JSON_NODE_VALUE);
      json_node_set_string (value, pen_mark_state_to_string (pen_recount_item_get_value (item)));
      add_correction (out, g_strdup_printf ("players[%u].marks[%u].state", wi, k), value);
      break;
    case PEN_RECOUNT_INGREDIENT:
      value = json_node_new (JSON_NODE_VALUE);
      json_node_set_int (value, pen_recount_item_get_value (item));
      add_correction (out, g_strdup_printf ("players[%u].ingredients.%s", wi,
                                            pen_ingredient_to_string (
                                              pen_recount_item_get_detail (item))),
                      value);
      break;
    case PEN_RECOUNT_CONTRACT:
      add_correction (out, g_strdup_printf ("contract_row[%u].id", k),
                      json_node_new (JSON_NODE_NULL));
      break;
    case PEN_RECOUNT_FATE:
      {
        JsonArray *src = json_object_get_array_member (snap, "fate_deck");
        JsonArray *kept = json_array_new ();
        guint drop = pen_recount_item_get_original (item) - pen_recount_item_get_value (item);

        for (guint i = drop; i < json_array_get_length (src); i++)
          json_array_add_element (kept, json_node_copy (json_array_get_element (src, i)));
        value = json_node_new (JSON_NODE_ARRAY);
        json_node_take_array (value, kept);
        add_correction (out, g_strdup ("fate_deck"), value);
      }
      break;
    case PEN_RECOUNT_DIE:
    case PEN_RECOUNT_TRIAL:
    default:
      break;   /* whole lists: see pen_recount_form_get_corrections */
    }
}

/**
 * pen_recount_form_get_corrections:
 *
 * Returns: (transfer full): the corrections, in step order, as the "recount" action takes them
 */
JsonArray *
pen_recount_form_get_corrections (PenRecountForm *self)
{
  JsonObject *snap;
  JsonArray *out;

  g_return_val_if_fail (PEN_IS_RECOUNT_FORM (self), NULL);

  snap = json_node_get_object (self->snapshot);
  out = json_array_new ();
  for (guint step = 0; step < pen_recount_form_get_n_steps (self); step++)
    for (guint kind = 0; kind < PEN_N_RECOUNT_KINDS; kind++)
      {
        GListModel *items = pen_recount_form_get_items (self, step, kind);

        if (kind == PEN_RECOUNT_DIE || kind == PEN_RECOUNT_TRIAL)
          {
            JsonArray *src;
            char *target;

            if (!list_changed (self, step, kind))
              continue;
            if (kind == PEN_RECOUNT_DIE)
              {
                JsonArray *players = json_object_get_array_member (snap, "players");

                src = json_object_get_array_member (json_array_get_object_element (players,
                                                                                   step),
                                                    "supply");
                target = g_strdup_printf ("players[%u].supply", step);
              }
            else
              {
                src = json_object_get_array_member (snap, "trial_row");
                target = g_strdup ("trial_row");
              }
            add_correction (out, target, list_value (self, step, kind, src));
            continue;
          }
        for (guint i = 0; i < g_list_model_get_n_items (items); i++)
          {
            g_autoptr(PenRecountItem) item = g_list_model_get_item (items, i);

            add_item_correction (self, out, item);
          }
      }
  return out;
}

static void
recount (PenRecountForm *self)
{
  g_autoptr(JsonArray) corrections = pen_recount_form_get_corrections (self);
  guint n = json_array_get_length (corrections);

  if (n == self->n_corrections)
    return;
  self->n_corrections = n;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_CORRECTIONS]);
}

guint
pen_recount_form_get_n_corrections (PenRecountForm *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_FORM (self), 0);
  return self->n_corrections;
}

PenAction *
pen_recount_form_to_action (PenRecountForm *self)
{
  g_autoptr(JsonArray) corrections = NULL;

  g_return_val_if_fail (PEN_IS_RECOUNT_FORM (self), NULL);

  corrections = pen_recount_form_get_corrections (self);
  if (json_array_get_length (corrections) == 0)
    return NULL;
  return pen_action_new_recount (corrections);
}

/* ---- the steps ---- */

static void
item_changed_cb (PenRecountForm *self)
{
  recount (self);
}

static void
add_item (PenRecountForm *self,
          guint           step,
          PenRecountItem *item)
{
  GListStore *store = g_ptr_array_index (self->stores,
                                         step * PEN_N_RECOUNT_KINDS
                                         + pen_recount_item_get_kind (item));

  g_list_store_append (store, item);
  g_ptr_array_add (self->items, item);
  g_signal_connect_swapped (item, "notify::changed", G_CALLBACK (item_changed_cb), self);
}

static void
add_wizard_step (PenRecountForm *self,
                 PenTable       *table,
                 guint           wi)
{
  PenWizard *w = pen_table_get_wizard (table, wi);
  GListModel *marks = pen_wizard_get_marks (w);
  GListModel *supply = pen_wizard_get_supply (w);

  for (guint k = 0; k < g_list_model_get_n_items (marks); k++)
    {
      g_autoptr(PenMark) m = g_list_model_get_item (marks, k);
      PenRecountItem *item = pen_recount_item_new (PEN_RECOUNT_MARK, wi, k, pen_mark_get_kind (m),
                                                   NULL, pen_mark_get_state (m),
                                                   PEN_N_MARK_STATES - 1);

      pen_recount_item_set_cell (item, pen_mark_get_cell (m));
      add_item (self, wi, item);
    }
  for (guint k = 0; k < g_list_model_get_n_items (supply); k++)
    {
      g_autoptr(PenDie) d = g_list_model_get_item (supply, k);

      add_item (self, wi, pen_recount_item_new (PEN_RECOUNT_DIE, wi, k, pen_die_get_color (d),
                                                NULL, pen_die_get_value (d), 6));
    }
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    add_item (self, wi, pen_recount_item_new (PEN_RECOUNT_INGREDIENT, wi, k, k, NULL,
                                              pen_wizard_get_ingredient (w, k),
                                              PEN_INGREDIENT_CAP));
}

static void
add_rows_step (PenRecountForm *self,
               PenTable       *table)
{
  guint step = self->n_players;
  GListModel *trials = pen_table_get_trial_row (table);
  GListModel *contracts = pen_table_get_contract_row (table);
  guint n = g_list_model_get_n_items (pen_table_get_fate_deck (table));

  for (guint k = 0; k < g_list_model_get_n_items (trials); k++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (trials, k);

      add_item (self, step, pen_recount_item_new (PEN_RECOUNT_TRIAL, 0, k, -1,
                                                  pen_table_card_get_card_id (tc), 0, 0));
    }
  for (guint k = 0; k < g_list_model_get_n_items (contracts); k++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (contracts, k);

      /* an empty cell has nothing to take away */
      if (pen_table_card_get_card_id (tc) == NULL)
        continue;
      add_item (self, step, pen_recount_item_new (PEN_RECOUNT_CONTRACT, 0, k, -1,
                                                  pen_table_card_get_card_id (tc), 0, 0));
    }
  /* The app cannot know which cards are missing: a lower count drops them from the top
   * (in app-dealt mode the top is what the table would have drawn) */
  add_item (self, step, pen_recount_item_new (PEN_RECOUNT_FATE, 0, 0, -1, NULL, n, n));
}

PenRecountForm *
pen_recount_form_new (PenTable *table)
{
  PenRecountForm *self;

  g_return_val_if_fail (PEN_IS_TABLE (table), NULL);

  self = g_object_new (PEN_TYPE_RECOUNT_FORM, NULL);
  self->snapshot = pen_table_to_json (table);
  self->n_players = pen_table_get_n_players (table);
  for (guint i = 0; i < (self->n_players + 1) * PEN_N_RECOUNT_KINDS; i++)
    g_ptr_array_add (self->stores, g_list_store_new (PEN_TYPE_RECOUNT_ITEM));
  for (guint wi = 0; wi < self->n_players; wi++)
    add_wizard_step (self, table, wi);
  add_rows_step (self, table);
  return self;
}

guint
pen_recount_form_get_n_steps (PenRecountForm *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_FORM (self), 0);
  return self->n_players + 1;
}

guint
pen_recount_form_get_step (PenRecountForm *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_FORM (self), 0);
  return self->step;
}

/* A step past the last is the last */
void
pen_recount_form_set_step (PenRecountForm *self,
                           guint           step)
{
  gboolean was;

  g_return_if_fail (PEN_IS_RECOUNT_FORM (self));

  step = MIN (step, self->n_players);
  if (self->step == step)
    return;
  was = pen_recount_form_get_last_step (self);
  self->step = step;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
  if (was != pen_recount_form_get_last_step (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAST_STEP]);
}

gboolean
pen_recount_form_get_last_step (PenRecountForm *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_FORM (self), FALSE);
  return self->step == self->n_players;
}

int
pen_recount_form_get_step_wizard (PenRecountForm *self,
                                  guint           step)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_FORM (self), -1);
  return step < self->n_players ? (int) step : -1;
}

GListModel *
pen_recount_form_get_items (PenRecountForm *self,
                            guint           step,
                            PenRecountKind  kind)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_FORM (self), NULL);
  g_return_val_if_fail (step <= self->n_players && kind < PEN_N_RECOUNT_KINDS, NULL);

  return g_ptr_array_index (self->stores, step * PEN_N_RECOUNT_KINDS + kind);
}
