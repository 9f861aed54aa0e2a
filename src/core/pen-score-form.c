/* pen-score-form.c
 *
 * The score sheet asks for the numbers the rulebook does not print and for the points of the
 * Goals it cannot work out. What is typed in is checked here and turned into what keeps it: a
 * typed action for the game, a value for the catalogue or the board layout. The symbols of a
 * card are counted one kind at a time before they are saved together; the counts live here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-score-form.h"
#include "pen-wizard.h"

struct _PenScoreForm
{
  GObject     parent_instance;

  GHashTable *symbols;   /* card id → guint[PEN_N_SYMBOLS] */
};

G_DEFINE_FINAL_TYPE (PenScoreForm, pen_score_form, G_TYPE_OBJECT)

static const struct
{
  const char *name;
  int         min;
  int         max;
} fields[] = {
  [PEN_SCORE_FIELD_GOAL] = { "goal points", PEN_GOAL_VP_MIN, PEN_GOAL_VP_MAX },
  [PEN_SCORE_FIELD_CARD_VP] = { "card victory points", -20, 50 },
  [PEN_SCORE_FIELD_CELL_VP] = { "board cell victory points", 0, 50 },
};

gboolean
pen_score_form_parse (PenScoreField  field,
                      const char    *text,
                      int           *value,
                      GError       **error)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text ? text : ""));
  gint64 v;

  g_return_val_if_fail (field <= PEN_SCORE_FIELD_CELL_VP, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  if (*stripped == '\0' && field == PEN_SCORE_FIELD_GOAL)
    {
      *value = -1;
      return TRUE;
    }
  if (!g_ascii_string_to_signed (stripped, 10, fields[field].min, fields[field].max, &v, NULL))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: “%s” is not a whole number from %d "
                   "to %d", fields[field].name, stripped, fields[field].min, fields[field].max);
      return FALSE;
    }
  *value = (int) v;
  return TRUE;
}

PenAction *
pen_score_form_goal_action (guint        wizard,
                            const char  *goal,
                            const char  *text,
                            GError     **error)
{
  int vp;

  g_return_val_if_fail (goal != NULL, NULL);

  if (!pen_score_form_parse (PEN_SCORE_FIELD_GOAL, text, &vp, error))
    return NULL;
  return pen_action_new_goal_vp (wizard, goal, vp);
}

void
pen_score_form_set_symbol (PenScoreForm *self,
                           const char   *card,
                           PenSymbol     symbol,
                           guint         count)
{
  guint *counts;

  g_return_if_fail (PEN_IS_SCORE_FORM (self));
  g_return_if_fail (card != NULL && symbol < PEN_N_SYMBOLS);

  counts = g_hash_table_lookup (self->symbols, card);
  if (counts == NULL)
    {
      counts = g_new0 (guint, PEN_N_SYMBOLS);
      g_hash_table_insert (self->symbols, g_strdup (card), counts);
    }
  counts[symbol] = MIN (count, 6);
}

guint
pen_score_form_get_symbol (PenScoreForm *self,
                           const char   *card,
                           PenSymbol     symbol)
{
  guint *counts;

  g_return_val_if_fail (PEN_IS_SCORE_FORM (self), 0);
  g_return_val_if_fail (card != NULL && symbol < PEN_N_SYMBOLS, 0);

  counts = g_hash_table_lookup (self->symbols, card);
  return counts ? counts[symbol] : 0;
}

JsonNode *
pen_score_form_take_symbols (PenScoreForm *self,
                             const char   *card)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  g_return_val_if_fail (PEN_IS_SCORE_FORM (self), NULL);

  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    for (guint n = pen_score_form_get_symbol (self, card, s); n > 0; n--)
      json_array_add_string_element (array, pen_symbol_to_string (s));
  json_node_take_array (node, array);
  g_hash_table_remove (self->symbols, card);
  return node;
}

gboolean
pen_score_form_save_symbols (PenScoreForm  *self,
                             PenCatalog    *catalog,
                             const char    *card,
                             GError       **error)
{
  g_autoptr(JsonNode) node = NULL;

  g_return_val_if_fail (PEN_IS_SCORE_FORM (self), FALSE);
  g_return_val_if_fail (PEN_IS_CATALOG (catalog), FALSE);

  node = pen_score_form_take_symbols (self, card);
  return pen_catalog_set_user_value (catalog, card, "symbols", node, error);
}

PenScoreForm *
pen_score_form_new (void)
{
  return g_object_new (PEN_TYPE_SCORE_FORM, NULL);
}

static void
pen_score_form_finalize (GObject *object)
{
  PenScoreForm *self = PEN_SCORE_FORM (object);

  g_clear_pointer (&self->symbols, g_hash_table_unref);

  G_OBJECT_CLASS (pen_score_form_parent_class)->finalize (object);
}

static void
pen_score_form_class_init (PenScoreFormClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pen_score_form_finalize;
}

static void
pen_score_form_init (PenScoreForm *self)
{
  self->symbols = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}
