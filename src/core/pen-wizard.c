/* pen-wizard.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include <glib/gi18n-lib.h>

#include "pen-json.h"
#include "pen-store-sync.h"
#include "pen-wizard.h"

struct _PenWizard
{
  GObject     parent_instance;

  char       *name;
  gboolean    rival;
  guint       ingredients[PEN_N_INGREDIENTS];
  guint       light;
  guint       dark;
  guint       mortal_wounds;
  gboolean    mortal_wound_this_turn;
  gboolean    must_rest;

  GListStore *supply;
  GListStore *marks;
  GListStore *cards;
  /* Goal id → GINT_TO_POINTER (points entered by hand): Goals whose condition the rulebook
   * does not state are scored by the players. */
  GHashTable *goal_vp;
};

G_DEFINE_FINAL_TYPE (PenWizard, pen_wizard, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_RIVAL,
  PROP_BLOOD,
  PROP_CRYSTAL,
  PROP_JEWEL,
  PROP_FRUIT,
  PROP_TRINKET,
  PROP_ARCANA,
  PROP_LIGHT,
  PROP_DARK,
  PROP_MORTAL_WOUNDS,
  PROP_MORTAL_WOUND_THIS_TURN,
  PROP_MUST_REST,
  PROP_SUPPLY,
  PROP_MARKS,
  PROP_CARDS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pen_wizard_dispose (GObject *object)
{
  PenWizard *self = (PenWizard *) object;

  g_clear_object (&self->supply);
  g_clear_object (&self->marks);
  g_clear_object (&self->cards);

  G_OBJECT_CLASS (pen_wizard_parent_class)->dispose (object);
}

static void
pen_wizard_finalize (GObject *object)
{
  PenWizard *self = (PenWizard *) object;

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->goal_vp, g_hash_table_unref);

  G_OBJECT_CLASS (pen_wizard_parent_class)->finalize (object);
}

static void
pen_wizard_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  PenWizard *self = PEN_WIZARD (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_RIVAL:
      g_value_set_boolean (value, self->rival);
      break;
    case PROP_BLOOD:
    case PROP_CRYSTAL:
    case PROP_JEWEL:
    case PROP_FRUIT:
    case PROP_TRINKET:
    case PROP_ARCANA:
      g_value_set_uint (value, self->ingredients[prop_id - PROP_BLOOD]);
      break;
    case PROP_LIGHT:
      g_value_set_uint (value, self->light);
      break;
    case PROP_DARK:
      g_value_set_uint (value, self->dark);
      break;
    case PROP_MORTAL_WOUNDS:
      g_value_set_uint (value, self->mortal_wounds);
      break;
    case PROP_MORTAL_WOUND_THIS_TURN:
      g_value_set_boolean (value, self->mortal_wound_this_turn);
      break;
    case PROP_MUST_REST:
      g_value_set_boolean (value, self->must_rest);
      break;
    case PROP_SUPPLY:
      g_value_set_object (value, self->supply);
      break;
    case PROP_MARKS:
      g_value_set_object (value, self->marks);
      break;
    case PROP_CARDS:
      g_value_set_object (value, self->cards);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_wizard_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  PenWizard *self = PEN_WIZARD (object);

  switch (prop_id)
    {
    case PROP_NAME:
      pen_wizard_set_name (self, g_value_get_string (value));
      break;
    case PROP_RIVAL:
      pen_wizard_set_rival (self, g_value_get_boolean (value));
      break;
    case PROP_BLOOD:
    case PROP_CRYSTAL:
    case PROP_JEWEL:
    case PROP_FRUIT:
    case PROP_TRINKET:
    case PROP_ARCANA:
      pen_wizard_set_ingredient (self, prop_id - PROP_BLOOD, g_value_get_uint (value));
      break;
    case PROP_LIGHT:
      pen_wizard_set_light (self, g_value_get_uint (value));
      break;
    case PROP_DARK:
      pen_wizard_set_dark (self, g_value_get_uint (value));
      break;
    case PROP_MORTAL_WOUNDS:
      pen_wizard_set_mortal_wounds (self, g_value_get_uint (value));
      break;
    case PROP_MORTAL_WOUND_THIS_TURN:
      pen_wizard_set_mortal_wound_this_turn (self, g_value_get_boolean (value));
      break;
    case PROP_MUST_REST:
      pen_wizard_set_must_rest (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_wizard_class_init (PenWizardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = pen_wizard_dispose;
  object_class->finalize = pen_wizard_finalize;
  object_class->get_property = pen_wizard_get_property;
  object_class->set_property = pen_wizard_set_property;

  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, rw);
  properties[PROP_RIVAL] = g_param_spec_boolean ("rival", NULL, NULL, FALSE, rw);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    properties[PROP_BLOOD + i] =
      g_param_spec_uint (pen_ingredient_to_string (i), NULL, NULL, 0, PEN_INGREDIENT_CAP, 0, rw);
  properties[PROP_LIGHT] = g_param_spec_uint ("light", NULL, NULL, 0, 999, 0, rw);
  properties[PROP_DARK] = g_param_spec_uint ("dark", NULL, NULL, 0, 999, 0, rw);
  properties[PROP_MORTAL_WOUNDS] = g_param_spec_uint ("mortal-wounds", NULL, NULL, 0, 99, 0, rw);
  properties[PROP_MORTAL_WOUND_THIS_TURN] =
    g_param_spec_boolean ("mortal-wound-this-turn", NULL, NULL, FALSE, rw);
  properties[PROP_MUST_REST] = g_param_spec_boolean ("must-rest", NULL, NULL, FALSE, rw);
  properties[PROP_SUPPLY] =
    g_param_spec_object ("supply", NULL, NULL, G_TYPE_LIST_MODEL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MARKS] =
    g_param_spec_object ("marks", NULL, NULL, G_TYPE_LIST_MODEL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CARDS] =
    g_param_spec_object ("cards", NULL, NULL, G_TYPE_LIST_MODEL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_wizard_init (PenWizard *self)
{
  self->supply = g_list_store_new (PEN_TYPE_DIE);
  self->marks = g_list_store_new (PEN_TYPE_MARK);
  self->cards = g_list_store_new (PEN_TYPE_TABLE_CARD);
  self->goal_vp = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

PenWizard *
pen_wizard_new (const char *name)
{
  return g_object_new (PEN_TYPE_WIZARD, "name", name, NULL);
}

const char *
pen_wizard_get_display_name (PenWizard *self)
{
  /* the solo Rival is "Rival" in the game (its log and snapshot); shown, it is translated */
  if (self->rival && g_strcmp0 (self->name, PEN_WIZARD_RIVAL_NAME) == 0)
    return _("Rival");
  return self->name;
}

const char *
pen_wizard_get_name (PenWizard *self)
{
  g_return_val_if_fail (PEN_IS_WIZARD (self), NULL);
  return self->name;
}

void
pen_wizard_set_name (PenWizard  *self,
                     const char *name)
{
  g_return_if_fail (PEN_IS_WIZARD (self));

  if (g_strcmp0 (self->name, name) == 0)
    return;
  g_free (self->name);
  self->name = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

#define BOOL_ACCESSORS(field, PROP)                                        \
  gboolean                                                                 \
  pen_wizard_get_##field (PenWizard *self)                                 \
  {                                                                        \
    g_return_val_if_fail (PEN_IS_WIZARD (self), FALSE);                    \
    return self->field;                                                    \
  }                                                                        \
  void                                                                     \
  pen_wizard_set_##field (PenWizard *self, gboolean value)                 \
  {                                                                        \
    g_return_if_fail (PEN_IS_WIZARD (self));                               \
    value = !!value;                                                       \
    if (self->field == value)                                              \
      return;                                                              \
    self->field = value;                                                   \
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP]);          \
  }

#define UINT_ACCESSORS(field, PROP)                                        \
  guint                                                                    \
  pen_wizard_get_##field (PenWizard *self)                                 \
  {                                                                        \
    g_return_val_if_fail (PEN_IS_WIZARD (self), 0);                        \
    return self->field;                                                    \
  }                                                                        \
  void                                                                     \
  pen_wizard_set_##field (PenWizard *self, guint value)                    \
  {                                                                        \
    g_return_if_fail (PEN_IS_WIZARD (self));                               \
    if (self->field == value)                                              \
      return;                                                              \
    self->field = value;                                                   \
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP]);          \
  }

BOOL_ACCESSORS (rival, PROP_RIVAL)
BOOL_ACCESSORS (mortal_wound_this_turn, PROP_MORTAL_WOUND_THIS_TURN)
BOOL_ACCESSORS (must_rest, PROP_MUST_REST)
UINT_ACCESSORS (light, PROP_LIGHT)
UINT_ACCESSORS (dark, PROP_DARK)
UINT_ACCESSORS (mortal_wounds, PROP_MORTAL_WOUNDS)

guint
pen_wizard_get_ingredient (PenWizard     *self,
                           PenIngredient  ingredient)
{
  g_return_val_if_fail (PEN_IS_WIZARD (self), 0);
  g_return_val_if_fail (ingredient < PEN_N_INGREDIENTS, 0);
  return self->ingredients[ingredient];
}

void
pen_wizard_set_ingredient (PenWizard     *self,
                           PenIngredient  ingredient,
                           guint          count)
{
  g_return_if_fail (PEN_IS_WIZARD (self));
  g_return_if_fail (ingredient < PEN_N_INGREDIENTS);

  /* The board holds at most 12 of each: the excess goes back to the common supply. */
  count = MIN (count, PEN_INGREDIENT_CAP);
  if (self->ingredients[ingredient] == count)
    return;
  self->ingredients[ingredient] = count;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BLOOD + ingredient]);
}

GListModel *
pen_wizard_get_supply (PenWizard *self)
{
  g_return_val_if_fail (PEN_IS_WIZARD (self), NULL);
  return G_LIST_MODEL (self->supply);
}

GListModel *
pen_wizard_get_marks (PenWizard *self)
{
  g_return_val_if_fail (PEN_IS_WIZARD (self), NULL);
  return G_LIST_MODEL (self->marks);
}

GListModel *
pen_wizard_get_cards (PenWizard *self)
{
  g_return_val_if_fail (PEN_IS_WIZARD (self), NULL);
  return G_LIST_MODEL (self->cards);
}

PenDie *
pen_wizard_get_die (PenWizard *self,
                    guint      index)
{
  g_autoptr(PenDie) die = g_list_model_get_item (G_LIST_MODEL (self->supply), index);

  /* the store keeps its reference */
  return die;
}

void
pen_wizard_add_die (PenWizard *self,
                    PenDie    *die)
{
  g_list_store_append (self->supply, die);
}

void
pen_wizard_remove_die (PenWizard *self,
                       guint      index)
{
  g_return_if_fail (index < g_list_model_get_n_items (G_LIST_MODEL (self->supply)));
  g_list_store_remove (self->supply, index);
}

PenMark *
pen_wizard_get_mark_in_cell (PenWizard *self,
                             guint      cell)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->marks));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (G_LIST_MODEL (self->marks), i);
      if (pen_mark_get_cell (mark) == cell)
        return mark;
    }
  return NULL;
}

int
pen_wizard_first_free_cell (PenWizard *self,
                            gboolean   spark)
{
  guint first = spark ? PEN_DISCIPLINE_CELLS : 0;
  guint last = spark ? PEN_MARK_CELLS : PEN_DISCIPLINE_CELLS;

  for (guint cell = first; cell < last; cell++)
    if (pen_wizard_get_mark_in_cell (self, cell) == NULL)
      return cell;
  return -1;
}

static gint
compare_marks (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  return (int) pen_mark_get_cell ((PenMark *) a) - (int) pen_mark_get_cell ((PenMark *) b);
}

void
pen_wizard_add_mark (PenWizard *self,
                     PenMark   *mark)
{
  g_return_if_fail (pen_wizard_get_mark_in_cell (self, pen_mark_get_cell (mark)) == NULL);
  g_list_store_insert_sorted (self->marks, mark, compare_marks, NULL);
}

guint
pen_wizard_count_marks (PenWizard   *self,
                        PenMarkKind  kind)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->marks));
  guint count = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (G_LIST_MODEL (self->marks), i);
      if (pen_mark_get_kind (mark) == kind)
        count++;
    }
  return count;
}

void
pen_wizard_add_card (PenWizard    *self,
                     PenTableCard *card)
{
  g_list_store_append (self->cards, card);
}

void
pen_wizard_remove_card (PenWizard *self,
                        guint      index)
{
  g_return_if_fail (index < g_list_model_get_n_items (G_LIST_MODEL (self->cards)));
  g_list_store_remove (self->cards, index);
}

int
pen_wizard_find_card (PenWizard  *self,
                      const char *card_id)
{
  return pen_table_card_list_index (G_LIST_MODEL (self->cards), card_id);
}

PenBoard *
pen_wizard_to_board (PenWizard *self)
{
  PenBoard *board = pen_board_new ();
  guint n;

  n = g_list_model_get_n_items (G_LIST_MODEL (self->supply));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenDie) die = g_list_model_get_item (G_LIST_MODEL (self->supply), i);
      PenDieValue v = { pen_die_get_color (die), pen_die_get_value (die),
                        pen_die_get_temporary (die) };
      g_array_append_val (board->supply, v);
    }

  n = g_list_model_get_n_items (G_LIST_MODEL (self->marks));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (G_LIST_MODEL (self->marks), i);
      pen_board_add_mark (board, pen_mark_get_kind (mark), pen_mark_get_value (mark),
                          pen_mark_get_state (mark));
    }

  memcpy (board->ingredients, self->ingredients, sizeof board->ingredients);
  board->mortal_wound_this_turn = self->mortal_wound_this_turn;
  return board;
}

static void
sync_supply (PenWizard    *self,
             const GArray *dice)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_full (dice->len, g_object_unref);

  for (guint i = 0; i < dice->len; i++)
    {
      const PenDieValue *v = &g_array_index (dice, PenDieValue, i);

      g_ptr_array_add (items, pen_die_new (v->color, v->value, v->temporary));
    }
  pen_store_sync (self->supply, items, pen_store_same_die, pen_store_copy_die);
}

void
pen_wizard_apply_board (PenWizard      *self,
                        const PenBoard *board)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->marks));

  sync_supply (self, board->supply);

  /* a board's marks are in cell order; keep each mark's cell and update its state */
  for (guint i = 0; i < n && i < board->marks->len; i++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (G_LIST_MODEL (self->marks), i);
      const PenMarkValue *v = &g_array_index (board->marks, PenMarkValue, i);
      pen_mark_set_state (mark, v->state);
    }

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    pen_wizard_set_ingredient (self, i, board->ingredients[i]);
  pen_wizard_set_mortal_wound_this_turn (self, board->mortal_wound_this_turn);
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

gboolean
pen_wizard_get_goal_vp (PenWizard  *self,
                        const char *goal,
                        int        *vp)
{
  gpointer value;

  g_return_val_if_fail (PEN_IS_WIZARD (self), FALSE);

  if (!g_hash_table_lookup_extended (self->goal_vp, goal, NULL, &value))
    return FALSE;
  if (vp != NULL)
    *vp = GPOINTER_TO_INT (value);
  return TRUE;
}

void
pen_wizard_set_goal_vp (PenWizard  *self,
                        const char *goal,
                        int         vp)
{
  g_return_if_fail (PEN_IS_WIZARD (self));
  g_return_if_fail (goal != NULL);

  g_hash_table_insert (self->goal_vp, g_strdup (goal), GINT_TO_POINTER (vp));
}

void
pen_wizard_clear_goal_vp (PenWizard  *self,
                          const char *goal)
{
  g_return_if_fail (PEN_IS_WIZARD (self));

  g_hash_table_remove (self->goal_vp, goal);
}

GHashTable *
pen_wizard_get_goal_vps (PenWizard *self)
{
  g_return_val_if_fail (PEN_IS_WIZARD (self), NULL);

  return self->goal_vp;
}

/* The snapshot is written by hand, not through JsonBuilder: every action takes one before
 * it applies, and the builder made that the bulk of a game's cost. The text is exactly what
 * json-glib's compact generator writes for the same document. */
void
pen_wizard_write_snapshot (PenWizard *self,
                           GString   *out)
{
  GListModel *supply = G_LIST_MODEL (self->supply);
  GListModel *marks = G_LIST_MODEL (self->marks);
  GListModel *cards = G_LIST_MODEL (self->cards);
  guint n;

  PEN_JSON_APPEND (out, "{");
  pen_json_append_key (out, "name");
  pen_json_append_string (out, self->name ? self->name : "");
  g_string_append_printf (out, ",\"rival\":%s,\"supply\":[", self->rival ? "true" : "false");
  n = g_list_model_get_n_items (supply);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenDie) die = g_list_model_get_item (supply, i);
      if (i)
        PEN_JSON_APPEND (out, ",{\"color\":\"");
      else
        PEN_JSON_APPEND (out, "{\"color\":\"");
      pen_json_append_id (out, pen_color_to_string (pen_die_get_color (die)));
      PEN_JSON_APPEND (out, "\",\"value\":");
      pen_json_append_uint (out, pen_die_get_value (die));
      if (pen_die_get_temporary (die))
        PEN_JSON_APPEND (out, ",\"temporary\":true}");
      else
        PEN_JSON_APPEND (out, ",\"temporary\":false}");
    }
  PEN_JSON_APPEND (out, "],\"marks\":[");
  n = g_list_model_get_n_items (marks);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
      if (i)
        PEN_JSON_APPEND (out, ",{\"cell\":");
      else
        PEN_JSON_APPEND (out, "{\"cell\":");
      pen_json_append_uint (out, pen_mark_get_cell (mark));
      PEN_JSON_APPEND (out, ",\"kind\":\"");
      pen_json_append_id (out, pen_mark_kind_to_string (pen_mark_get_kind (mark)));
      PEN_JSON_APPEND (out, "\",\"value\":");
      pen_json_append_uint (out, pen_mark_get_value (mark));
      PEN_JSON_APPEND (out, ",\"state\":\"");
      pen_json_append_id (out, pen_mark_state_to_string (pen_mark_get_state (mark)));
      PEN_JSON_APPEND (out, "\"}");
    }
  PEN_JSON_APPEND (out, "],\"ingredients\":{");
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      if (i)
        PEN_JSON_APPEND (out, ",\"");
      else
        PEN_JSON_APPEND (out, "\"");
      pen_json_append_id (out, pen_ingredient_to_string (i));
      PEN_JSON_APPEND (out, "\":");
      pen_json_append_uint (out, self->ingredients[i]);
    }
  PEN_JSON_APPEND (out, "},\"cards\":[");
  n = g_list_model_get_n_items (cards);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenTableCard) card = g_list_model_get_item (cards, i);

      if (i)
        PEN_JSON_APPEND (out, ",{");
      else
        PEN_JSON_APPEND (out, "{");
      pen_json_append_key (out, "id");
      if (pen_table_card_get_card_id (card) != NULL)
        pen_json_append_string (out, pen_table_card_get_card_id (card));
      else
        PEN_JSON_APPEND (out, "null");
      PEN_JSON_APPEND (out, ",");
      pen_json_append_key (out, "zone");
      pen_json_append_string (out, pen_table_card_get_zone (card) ? pen_table_card_get_zone (card)
                                                                  : "");
      if (pen_table_card_get_rotated (card))
        PEN_JSON_APPEND (out, ",\"rotated\":true");
      else
        PEN_JSON_APPEND (out, ",\"rotated\":false");
      if (pen_table_card_get_path (card) != NULL)
        {
          PEN_JSON_APPEND (out, ",");
          pen_json_append_key (out, "path");
          pen_json_append_string (out, pen_table_card_get_path (card));
        }
      PEN_JSON_APPEND (out, "}");
    }
  g_string_append_printf (out, "],\"light\":%u,\"dark\":%u,\"mortal_wounds\":%u,"
                          "\"mortal_wound_this_turn\":%s,\"must_rest\":%s", self->light,
                          self->dark, self->mortal_wounds,
                          self->mortal_wound_this_turn ? "true" : "false",
                          self->must_rest ? "true" : "false");
  /* only when some were entered, so saves without them stay as they were */
  if (g_hash_table_size (self->goal_vp) > 0)
    {
      g_autofree gpointer *ids = NULL;
      guint n_ids;

      ids = g_hash_table_get_keys_as_array (self->goal_vp, &n_ids);
      qsort (ids, n_ids, sizeof (gpointer), compare_ids);
      PEN_JSON_APPEND (out, ",\"goal_vp\":{");
      for (guint i = 0; i < n_ids; i++)
        {
          if (i)
            PEN_JSON_APPEND (out, ",");
          pen_json_append_string (out, ids[i]);
          g_string_append_printf (out, ":%d",
                                  GPOINTER_TO_INT (g_hash_table_lookup (self->goal_vp, ids[i])));
        }
      PEN_JSON_APPEND (out, "}");
    }
  PEN_JSON_APPEND (out, "}");
}

JsonNode *
pen_wizard_to_json (PenWizard *self)
{
  g_autoptr(GString) out = g_string_new (NULL);

  pen_wizard_write_snapshot (self, out);
  return pen_json_parse (out->str, out->len, NULL);
}

gboolean
pen_wizard_load_json (PenWizard   *self,
                      JsonNode    *node,
                      const char  *path,
                      GError     **error)
{
  static const char * const keys[] = {
    "name", "rival", "supply", "marks", "ingredients", "cards", "light", "dark",
    "mortal_wounds", "mortal_wound_this_turn", "must_rest", "goal_vp", NULL
  };
  static const char * const die_keys[] = { "color", "value", "temporary", NULL };
  static const char * const mark_keys[] = { "cell", "kind", "value", "state", NULL };
  static const char * const card_keys[] = { "id", "zone", "rotated", "path", NULL };
  g_autoptr(GArray) dice = g_array_new (FALSE, TRUE, sizeof (PenDieValue));
  g_autoptr(GPtrArray) marks = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) cards = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GHashTable) goal_vp = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint ingredients[PEN_N_INGREDIENTS] = { 0, };
  const char *name = "";
  gboolean rival = FALSE, mwt = FALSE, must_rest = FALSE;
  gint64 light = 0, dark = 0, mortal = 0;
  JsonObject *obj, *ing;
  JsonArray *arr;
  guint n;

  if (!(obj = pen_json_expect_object (node, path, error))
      || !pen_json_check_keys (obj, path, keys, error)
      || !pen_json_get_string (obj, path, "name", TRUE, &name, error)
      || !pen_json_get_bool (obj, path, "rival", FALSE, &rival, error)
      || !pen_json_get_int (obj, path, "light", FALSE, 0, 999, &light, error)
      || !pen_json_get_int (obj, path, "dark", FALSE, 0, 999, &dark, error)
      || !pen_json_get_int (obj, path, "mortal_wounds", FALSE, 0, 99, &mortal, error)
      || !pen_json_get_bool (obj, path, "mortal_wound_this_turn", FALSE, &mwt, error)
      || !pen_json_get_bool (obj, path, "must_rest", FALSE, &must_rest, error))
    return FALSE;

  if (json_object_has_member (obj, "supply"))
    {
      g_autofree char *p = pen_json_path_key (path, "supply");

      if (!(arr = pen_json_expect_array (json_object_get_member (obj, "supply"), p, error)))
        return FALSE;
      n = json_array_get_length (arr);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *ep = pen_json_path_index (p, i);
          PenDieValue v = { 0, };
          JsonObject *d;
          gint64 value;
          int color;

          if (!(d = pen_json_expect_object (json_array_get_element (arr, i), ep, error))
              || !pen_json_check_keys (d, ep, die_keys, error)
              || !pen_json_get_enum (d, ep, "color", TRUE, pen_color_from_string, "die colour",
                                     &color, error)
              || !pen_json_get_int (d, ep, "value", TRUE, 1, 6, &value, error)
              || !pen_json_get_bool (d, ep, "temporary", FALSE, &v.temporary, error))
            return FALSE;
          v.color = color;
          v.value = value;
          g_array_append_val (dice, v);
        }
    }

  if (json_object_has_member (obj, "marks"))
    {
      g_autofree char *p = pen_json_path_key (path, "marks");
      guint8 used[PEN_MARK_CELLS] = { 0, };

      if (!(arr = pen_json_expect_array (json_object_get_member (obj, "marks"), p, error)))
        return FALSE;
      n = json_array_get_length (arr);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *ep = pen_json_path_index (p, i);
          JsonObject *m;
          gint64 cell, value = 0;
          int kind, state = PEN_MARK_CHARGED;

          if (!(m = pen_json_expect_object (json_array_get_element (arr, i), ep, error))
              || !pen_json_check_keys (m, ep, mark_keys, error)
              || !pen_json_get_int (m, ep, "cell", TRUE, 0, PEN_MARK_CELLS - 1, &cell, error)
              || !pen_json_get_enum (m, ep, "kind", TRUE, pen_mark_kind_from_string,
                                     "mark kind", &kind, error)
              || !pen_json_get_int (m, ep, "value", FALSE, 0, 6, &value, error)
              || !pen_json_get_enum (m, ep, "state", FALSE, pen_mark_state_from_string,
                                     "mark state", &state, error))
            return FALSE;
          if (used[cell]++ || ((kind == PEN_MARK_SPARK) != (cell >= PEN_DISCIPLINE_CELLS)))
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                           "%s.cell: cell %d is taken or does not hold a %s mark", ep,
                           (int) cell, pen_mark_kind_to_string (kind));
              return FALSE;
            }
          g_ptr_array_add (marks, pen_mark_new (kind, state, cell, value));
        }
    }

  if (json_object_has_member (obj, "ingredients"))
    {
      g_autofree char *p = pen_json_path_key (path, "ingredients");
      static const char *ids[PEN_N_INGREDIENTS + 1];

      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        ids[i] = pen_ingredient_to_string (i);
      if (!(ing = pen_json_expect_object (json_object_get_member (obj, "ingredients"), p, error))
          || !pen_json_check_keys (ing, p, ids, error))
        return FALSE;
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        {
          gint64 v = 0;
          if (!pen_json_get_int (ing, p, ids[i], FALSE, 0, PEN_INGREDIENT_CAP, &v, error))
            return FALSE;
          ingredients[i] = v;
        }
    }

  if (json_object_has_member (obj, "cards"))
    {
      g_autofree char *p = pen_json_path_key (path, "cards");

      if (!(arr = pen_json_expect_array (json_object_get_member (obj, "cards"), p, error)))
        return FALSE;
      n = json_array_get_length (arr);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *ep = pen_json_path_index (p, i);
          const char *id = NULL, *zone = PEN_ZONE_GRIMOIRE, *card_path = NULL;
          gboolean rotated = FALSE;
          JsonObject *c;

          if (!(c = pen_json_expect_object (json_array_get_element (arr, i), ep, error))
              || !pen_json_check_keys (c, ep, card_keys, error)
              || !pen_json_get_string (c, ep, "id", TRUE, &id, error)
              || !pen_json_get_string (c, ep, "zone", FALSE, &zone, error)
              || !pen_json_get_bool (c, ep, "rotated", FALSE, &rotated, error)
              || !pen_json_get_string (c, ep, "path", FALSE, &card_path, error))
            return FALSE;
          g_ptr_array_add (cards, pen_table_card_new (id, zone, rotated, card_path));
        }
    }

  if (json_object_has_member (obj, "goal_vp"))
    {
      g_autofree char *p = pen_json_path_key (path, "goal_vp");
      JsonObject *goals;
      JsonObjectIter iter;
      const char *goal;
      JsonNode *member;

      if (!(goals = pen_json_expect_object (json_object_get_member (obj, "goal_vp"), p, error)))
        return FALSE;
      json_object_iter_init (&iter, goals);
      while (json_object_iter_next (&iter, &goal, &member))
        {
          g_autofree char *gp = pen_json_path_key (p, goal);
          gint64 v;

          if (!pen_json_node_int (member, gp, PEN_GOAL_VP_MIN, PEN_GOAL_VP_MAX, &v, error))
            return FALSE;
          g_hash_table_insert (goal_vp, g_strdup (goal), GINT_TO_POINTER ((int) v));
        }
    }

  /* All read: now update in place */
  g_object_freeze_notify (G_OBJECT (self));
  pen_wizard_set_name (self, name);
  pen_wizard_set_rival (self, rival);
  pen_wizard_set_light (self, light);
  pen_wizard_set_dark (self, dark);
  pen_wizard_set_mortal_wounds (self, mortal);
  pen_wizard_set_mortal_wound_this_turn (self, mwt);
  pen_wizard_set_must_rest (self, must_rest);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    pen_wizard_set_ingredient (self, i, ingredients[i]);
  sync_supply (self, dice);
  g_hash_table_remove_all (self->goal_vp);
  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, goal_vp);
    while (g_hash_table_iter_next (&iter, &key, &value))
      g_hash_table_insert (self->goal_vp, g_strdup (key), value);
  }

  /* the marks of a snapshot are in the store's order, sorted */
  pen_store_sync (self->marks, marks, pen_store_same_mark, pen_store_copy_mark);
  pen_store_sync (self->cards, cards, pen_store_same_card, pen_store_copy_card);
  g_object_thaw_notify (G_OBJECT (self));

  return TRUE;
}

const char *
pen_zone_get_label (const char *zone)
{
  if (g_strcmp0 (zone, PEN_ZONE_GRIMOIRE) == 0)
    return _("Grimoire");
  if (g_strcmp0 (zone, PEN_ZONE_INVENTORY) == 0)
    return _("Inventory");
  if (g_strcmp0 (zone, PEN_ZONE_EXPERIENCE) == 0)
    return _("Experience");
  if (g_strcmp0 (zone, PEN_ZONE_EQUIPMENT) == 0)
    return _("Equipment");
  if (g_strcmp0 (zone, PEN_ZONE_RESERVED) == 0)
    return _("Reserved");
  if (g_strcmp0 (zone, PEN_ZONE_TALENT) == 0)
    return _("Talent");
  return NULL;
}
