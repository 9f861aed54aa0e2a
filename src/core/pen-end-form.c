/* pen-end-form.c: the end-of-game sheet before it is sent
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-box.h"
#include "pen-catalog.h"
#include "pen-end-form.h"
#include "pen-score.h"
#include "pen-score-form.h"
#include "pen-wizard.h"

typedef struct
{
  PenEndItemKind  kind;
  char           *id;
  int             wizard;
  GStrv           fields;    /* asked, in sheet order */
} Item;

struct _PenEndForm
{
  GObject     parent_instance;

  GPtrArray  *items;     /* of Item* */
  GHashTable *texts;     /* "card\x1ffield" or "wizard\x1fgoal" → typed text */
  GHashTable *symbols;   /* card id → GUINT_TO_POINTER (1 << PenSymbol, ORed) */
};

G_DEFINE_FINAL_TYPE (PenEndForm, pen_end_form, G_TYPE_OBJECT)

/* The numbers of a card, in the order the sheet asks them */
static const char * const card_fields[] = { "vp", "light", "dark", "symbols", NULL };

static void
item_free (gpointer data)
{
  Item *item = data;

  g_free (item->id);
  g_strfreev (item->fields);
  g_free (item);
}

static Item *
item_new (PenEndItemKind kind,
          const char    *id,
          int            wizard)
{
  Item *item = g_new0 (Item, 1);

  item->kind = kind;
  item->id = g_strdup (id);
  item->wizard = wizard;
  return item;
}

static gboolean
item_equal (const Item *a,
            const Item *b)
{
  return a->kind == b->kind && a->wizard == b->wizard && g_str_equal (a->id, b->id)
         && (a->fields == NULL) == (b->fields == NULL)
         && (a->fields == NULL || g_strv_equal ((const char * const *) a->fields,
                                                (const char * const *) b->fields));
}

static Item *
get_item (PenEndForm *self,
          guint       i)
{
  g_return_val_if_fail (i < self->items->len, NULL);
  return g_ptr_array_index (self->items, i);
}

/* Answers are kept by what they answer, never by row */
static char *
text_key (const Item *item,
          const char *field)
{
  if (item->kind == PEN_END_ITEM_GOAL)
    return g_strdup_printf ("%d\x1f%s", item->wizard, item->id);
  if (item->kind == PEN_END_ITEM_CELL)
    return g_strdup_printf ("\x1f%s", item->id);
  return g_strdup_printf ("%s\x1f%s", item->id, field);
}

static void
pen_end_form_finalize (GObject *object)
{
  PenEndForm *self = PEN_END_FORM (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->texts, g_hash_table_unref);
  g_clear_pointer (&self->symbols, g_hash_table_unref);

  G_OBJECT_CLASS (pen_end_form_parent_class)->finalize (object);
}

static void
pen_end_form_class_init (PenEndFormClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pen_end_form_finalize;
}

static void
pen_end_form_init (PenEndForm *self)
{
  self->items = g_ptr_array_new_with_free_func (item_free);
  self->texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->symbols = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

PenEndForm *
pen_end_form_new (void)
{
  return g_object_new (PEN_TYPE_END_FORM, NULL);
}

/* The Goals in effect whose points are entered by hand (the scoring works out the others) */
static void
add_goals (GPtrArray *items,
           PenTable  *table)
{
  g_autoptr(PenScoreRules) rules = pen_score_rules_new_default ();
  GListModel *in_play = pen_table_get_in_play (table);
  PenCatalog *catalog = pen_catalog_get_default ();

  for (guint i = 0; i < g_list_model_get_n_items (in_play); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (in_play, i);
      const char *id = pen_table_card_get_card_id (tc);
      const PenScoreGoalRule *rule;
      PenCard *card;

      if (id == NULL || g_strcmp0 (pen_table_card_get_zone (tc), "goal") != 0)
        continue;
      card = pen_catalog_lookup (catalog, id);
      if (card != NULL && pen_card_is_placeholder (card))
        {
          g_ptr_array_add (items, item_new (PEN_END_ITEM_NAME, id, -1));
          continue;
        }
      rule = pen_score_rules_get_goal (rules, id);
      if (rule != NULL && rule->computed)
        continue;
      for (guint w = 0; w < pen_table_get_n_players (table); w++)
        {
          const char * const fields[] = { "vp", NULL };
          Item *item;

          /* points entered already (on the Score page): nothing left to ask */
          if (pen_wizard_get_goal_vp (pen_table_get_wizard (table, w), id, NULL))
            continue;
          item = item_new (PEN_END_ITEM_GOAL, id, (int) w);
          item->fields = g_strdupv ((GStrv) fields);
          g_ptr_array_add (items, item);
        }
    }
}

/* The cells under the wizards' Marks whose printed points are not known yet */
static void
add_cells (GPtrArray *items,
           PenTable  *table)
{
  PenBoardLayout *layout = pen_board_layout_get_default ();
  gboolean seen[PEN_MARK_CELLS] = { FALSE, };

  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    {
      GListModel *marks = pen_wizard_get_marks (pen_table_get_wizard (table, w));

      for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
        {
          g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
          guint cell = pen_mark_get_cell (mark);

          if (cell < PEN_MARK_CELLS && pen_board_layout_get_vp (layout, cell) < 0)
            seen[cell] = TRUE;
        }
    }
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    if (seen[cell])
      {
        const char * const fields[] = { "vp", NULL };
        g_autofree char *id = g_strdup_printf ("%u", cell);
        Item *item = item_new (PEN_END_ITEM_CELL, id, -1);

        item->fields = g_strdupv ((GStrv) fields);
        g_ptr_array_add (items, item);
      }
}

gboolean
pen_end_form_update (PenEndForm *self,
                     PenTable   *table)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (item_free);
  g_autoptr(GPtrArray) unknown = NULL;
  PenCatalog *catalog = pen_catalog_get_default ();
  gboolean changed;

  g_return_val_if_fail (PEN_IS_END_FORM (self), FALSE);
  g_return_val_if_fail (table == NULL || PEN_IS_TABLE (table), FALSE);

  if (table != NULL)
    {
      unknown = pen_box_list_unknown_numbers (table);
      for (guint i = 0; i < unknown->len; i++)
        {
          const PenCardSighting *s = g_ptr_array_index (unknown, i);
          PenCard *card = pen_catalog_lookup (catalog, s->card);
          g_autoptr(GStrvBuilder) fields = g_strv_builder_new ();
          Item *item;

          if (card != NULL && pen_card_is_placeholder (card))
            {
              g_ptr_array_add (items, item_new (PEN_END_ITEM_NAME, s->card, s->wizard));
              continue;
            }
          for (guint f = 0; card_fields[f] != NULL; f++)
            if (s->missing != NULL
                && g_strv_contains ((const char * const *) s->missing, card_fields[f]))
              g_strv_builder_add (fields, card_fields[f]);
          item = item_new (PEN_END_ITEM_CARD, s->card, s->wizard);
          item->fields = g_strv_builder_end (fields);
          /* nothing left to ask: never listed */
          if (item->fields[0] == NULL)
            item_free (item);
          else
            g_ptr_array_add (items, item);
        }
      add_goals (items, table);
      add_cells (items, table);
    }

  changed = items->len != self->items->len;
  for (guint i = 0; !changed && i < items->len; i++)
    changed = !item_equal (g_ptr_array_index (items, i), g_ptr_array_index (self->items, i));

  g_ptr_array_unref (self->items);
  self->items = g_steal_pointer (&items);
  return changed;
}

guint
pen_end_form_get_n_items (PenEndForm *self)
{
  g_return_val_if_fail (PEN_IS_END_FORM (self), 0);
  return self->items->len;
}

PenEndItemKind
pen_end_form_get_kind (PenEndForm *self,
                       guint       i)
{
  Item *item;

  g_return_val_if_fail (PEN_IS_END_FORM (self), PEN_END_ITEM_NAME);
  item = get_item (self, i);
  return item ? item->kind : PEN_END_ITEM_NAME;
}

const char *
pen_end_form_get_id (PenEndForm *self,
                     guint       i)
{
  Item *item;

  g_return_val_if_fail (PEN_IS_END_FORM (self), NULL);
  item = get_item (self, i);
  return item ? item->id : NULL;
}

int
pen_end_form_get_wizard (PenEndForm *self,
                         guint       i)
{
  Item *item;

  g_return_val_if_fail (PEN_IS_END_FORM (self), -1);
  item = get_item (self, i);
  return item ? item->wizard : -1;
}

gboolean
pen_end_form_asks (PenEndForm *self,
                   guint       i,
                   const char *field)
{
  Item *item;

  g_return_val_if_fail (PEN_IS_END_FORM (self), FALSE);
  item = get_item (self, i);
  return item != NULL && item->fields != NULL && field != NULL
         && g_strv_contains ((const char * const *) item->fields, field);
}

int
pen_end_form_find (PenEndForm     *self,
                   PenEndItemKind  kind,
                   const char     *id,
                   int             wizard)
{
  g_return_val_if_fail (PEN_IS_END_FORM (self), -1);

  for (guint i = 0; i < self->items->len; i++)
    {
      Item *item = g_ptr_array_index (self->items, i);

      if (item->kind == kind && g_strcmp0 (item->id, id) == 0
          && (kind != PEN_END_ITEM_GOAL || item->wizard == wizard))
        return (int) i;
    }
  return -1;
}

int
pen_end_form_find_cell (PenEndForm *self,
                        guint       cell)
{
  g_autofree char *id = g_strdup_printf ("%u", cell);

  g_return_val_if_fail (PEN_IS_END_FORM (self), -1);
  return pen_end_form_find (self, PEN_END_ITEM_CELL, id, -1);
}

int
pen_end_form_get_cell (PenEndForm *self,
                       guint       i)
{
  Item *item;

  g_return_val_if_fail (PEN_IS_END_FORM (self), -1);
  item = get_item (self, i);
  if (item == NULL || item->kind != PEN_END_ITEM_CELL)
    return -1;
  return (int) g_ascii_strtoll (item->id, NULL, 10);
}

void
pen_end_form_set_text (PenEndForm *self,
                       guint       i,
                       const char *field,
                       const char *text)
{
  Item *item;

  g_return_if_fail (PEN_IS_END_FORM (self));
  g_return_if_fail (pen_end_form_asks (self, i, field) && !g_str_equal (field, "symbols"));

  item = get_item (self, i);
  g_hash_table_insert (self->texts, text_key (item, field), g_strdup (text ? text : ""));
}

const char *
pen_end_form_get_text (PenEndForm *self,
                       guint       i,
                       const char *field)
{
  g_autofree char *key = NULL;
  const char *text;

  g_return_val_if_fail (PEN_IS_END_FORM (self), "");
  if (!pen_end_form_asks (self, i, field))
    return "";
  key = text_key (get_item (self, i), field);
  text = g_hash_table_lookup (self->texts, key);
  return text ? text : "";
}

void
pen_end_form_set_symbol (PenEndForm *self,
                         guint       i,
                         PenSymbol   symbol,
                         gboolean    printed)
{
  Item *item;
  guint mask;

  g_return_if_fail (PEN_IS_END_FORM (self));
  g_return_if_fail (symbol < PEN_N_SYMBOLS);
  g_return_if_fail (pen_end_form_asks (self, i, "symbols"));

  item = get_item (self, i);
  mask = GPOINTER_TO_UINT (g_hash_table_lookup (self->symbols, item->id));
  if (printed)
    mask |= 1u << symbol;
  else
    mask &= ~(1u << symbol);
  g_hash_table_insert (self->symbols, g_strdup (item->id), GUINT_TO_POINTER (mask));
}

gboolean
pen_end_form_get_symbol (PenEndForm *self,
                         guint       i,
                         PenSymbol   symbol)
{
  g_return_val_if_fail (PEN_IS_END_FORM (self), FALSE);
  g_return_val_if_fail (symbol < PEN_N_SYMBOLS, FALSE);

  if (!pen_end_form_asks (self, i, "symbols"))
    return FALSE;
  return (GPOINTER_TO_UINT (g_hash_table_lookup (self->symbols, get_item (self, i)->id))
          & (1u << symbol)) != 0;
}

/* The number typed in a field: TRUE with *value (-1: nothing typed), or FALSE and why */
static gboolean
parse_field (PenEndForm  *self,
             guint        i,
             const char  *field,
             int         *value,
             GError     **error)
{
  Item *item = get_item (self, i);
  g_autofree char *text = g_strstrip (g_strdup (pen_end_form_get_text (self, i, field)));
  g_autoptr(GError) local_error = NULL;
  guint64 v;

  *value = -1;
  if (text[0] == '\0')
    return TRUE;
  if (item->kind == PEN_END_ITEM_GOAL)
    {
      if (pen_score_form_parse (PEN_SCORE_FIELD_GOAL, text, value, &local_error))
        return TRUE;
    }
  else if (item->kind == PEN_END_ITEM_CELL)
    {
      if (pen_score_form_parse (PEN_SCORE_FIELD_CELL_VP, text, value, &local_error))
        return TRUE;
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "board.cells[%s].vp: \"%s\" is not a whole number from 0 to 50", item->id,
                   text);
      return FALSE;
    }
  else if (g_str_equal (field, "vp"))
    {
      if (pen_score_form_parse (PEN_SCORE_FIELD_CARD_VP, text, value, &local_error))
        return TRUE;
    }
  else if (g_ascii_string_to_unsigned (text, 10, 0, 9, &v, NULL))
    {
      *value = (int) v;
      return TRUE;
    }
  /* named as the sheet names it: the card and its field, or the wizard's Goal */
  if (item->kind == PEN_END_ITEM_GOAL)
    g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                 "wizards[%d].goals.%s: \"%s\" is not a whole number from 0 to 99",
                 item->wizard, item->id, text);
  else
    g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                 "cards.%s.%s: \"%s\" is not a whole number from %s", item->id, field, text,
                 g_str_equal (field, "vp") ? "-20 to 50" : "0 to 9");
  return FALSE;
}

gboolean
pen_end_form_check_field (PenEndForm  *self,
                          guint        i,
                          const char  *field,
                          GError     **error)
{
  int value;

  g_return_val_if_fail (PEN_IS_END_FORM (self), FALSE);
  g_return_val_if_fail (i < self->items->len, FALSE);

  if (!pen_end_form_asks (self, i, field) || g_str_equal (field, "symbols"))
    return TRUE;
  return parse_field (self, i, field, &value, error);
}

gboolean
pen_end_form_check_item (PenEndForm  *self,
                         guint        i,
                         GError     **error)
{
  Item *item;
  int value;

  g_return_val_if_fail (PEN_IS_END_FORM (self), FALSE);
  item = get_item (self, i);
  g_return_val_if_fail (item != NULL, FALSE);

  for (guint f = 0; item->fields != NULL && item->fields[f] != NULL; f++)
    if (!g_str_equal (item->fields[f], "symbols")
        && !parse_field (self, i, item->fields[f], &value, error))
      return FALSE;
  return TRUE;
}

gboolean
pen_end_form_check (PenEndForm  *self,
                    GError     **error)
{
  g_return_val_if_fail (PEN_IS_END_FORM (self), FALSE);

  for (guint i = 0; i < self->items->len; i++)
    if (!pen_end_form_check_item (self, i, error))
      return FALSE;
  return TRUE;
}

/* The card-identify action for a named card's answers, or NULL when none was given */
static PenAction *
card_action (PenEndForm *self,
             guint       i)
{
  Item *item = get_item (self, i);
  g_autoptr(JsonObject) values = json_object_new ();

  for (guint f = 0; item->fields[f] != NULL; f++)
    {
      const char *field = item->fields[f];
      int value;

      if (g_str_equal (field, "symbols"))
        {
          JsonArray *symbols = json_array_new ();

          for (guint s = 0; s < PEN_N_SYMBOLS; s++)
            if (pen_end_form_get_symbol (self, i, s))
              json_array_add_string_element (symbols, pen_symbol_to_string (s));
          if (json_array_get_length (symbols) > 0)
            json_object_set_array_member (values, field, symbols);
          else
            json_array_unref (symbols);
        }
      else if (parse_field (self, i, field, &value, NULL) && value != -1)
        json_object_set_int_member (values, field, value);
    }
  if (json_object_get_size (values) == 0)
    return NULL;
  return pen_action_new_card_identify_full (item->id, NULL, NULL, values);
}

GPtrArray *
pen_end_form_to_actions (PenEndForm  *self,
                         GError     **error)
{
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (PEN_IS_END_FORM (self), NULL);

  if (!pen_end_form_check (self, error))
    return NULL;
  for (guint i = 0; i < self->items->len; i++)
    {
      Item *item = g_ptr_array_index (self->items, i);
      PenAction *action = NULL;
      int vp;

      switch (item->kind)
        {
        case PEN_END_ITEM_CARD:
          action = card_action (self, i);
          break;
        case PEN_END_ITEM_GOAL:
          /* a Goal's points go in once typed; left empty, they stay to enter later */
          if (parse_field (self, i, "vp", &vp, NULL) && vp >= 0)
            action = pen_action_new_goal_vp (item->wizard, item->id, vp);
          break;
        case PEN_END_ITEM_CELL:   /* the board file, not the game: pen_end_form_store_cells */
        case PEN_END_ITEM_NAME:
        default:
          break;
        }
      if (action != NULL)
        g_ptr_array_add (actions, action);
    }
  return g_steal_pointer (&actions);
}

gboolean
pen_end_form_store_cells (PenEndForm      *self,
                          PenBoardLayout  *layout,
                          GError         **error)
{
  g_return_val_if_fail (PEN_IS_END_FORM (self), FALSE);
  g_return_val_if_fail (PEN_IS_BOARD_LAYOUT (layout), FALSE);

  if (!pen_end_form_check (self, error))
    return FALSE;
  for (guint i = 0; i < self->items->len; i++)
    {
      Item *item = g_ptr_array_index (self->items, i);
      g_autoptr(JsonNode) node = NULL;
      int vp;

      if (item->kind != PEN_END_ITEM_CELL || !parse_field (self, i, "vp", &vp, NULL) || vp < 0)
        continue;
      node = json_node_new (JSON_NODE_VALUE);
      json_node_set_int (node, vp);
      if (!pen_board_layout_set_user_value (layout, pen_end_form_get_cell (self, i), "vp", node,
                                            error))
        return FALSE;
    }
  return TRUE;
}
