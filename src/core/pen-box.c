/* pen-box.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pen-box.h"
#include "pen-json.h"
#include "pen-rule.h"
#include "pen-turn.h"

#define P "$"

#define refuse pen_refuse

/* ---- the table's card lists ---- */

typedef struct
{
  GListModel *list;
  const char *where;     /* NULL: take the card's own zone (markets, play areas) */
  gboolean    face_down;
  int         wizard;
} CardList;

/* Every list of cards on the table, decks included. Transfer container. */
static GArray *
card_lists (PenTable *table)
{
  GArray *lists = g_array_new (FALSE, FALSE, sizeof (CardList));
  CardList fixed[] = {
    { pen_table_get_trial_row (table), "trial-row", FALSE, -1 },
    { pen_table_get_contract_row (table), "contract-row", FALSE, -1 },
    { pen_table_get_in_play (table), "in-play", FALSE, -1 },
    { pen_table_get_markets (table), NULL, FALSE, -1 },
    { pen_table_get_contract_deck (table), "contract-deck", TRUE, -1 },
    { pen_table_get_fate_deck (table), "fate-deck", TRUE, -1 },
    { pen_table_get_market_decks (table), NULL, TRUE, -1 },
  };

  g_array_append_vals (lists, fixed, G_N_ELEMENTS (fixed));
  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    {
      CardList l = { pen_wizard_get_cards (pen_table_get_wizard (table, w)), NULL, FALSE,
                     (int) w };
      g_array_append_val (lists, l);
    }
  return lists;
}

static PenCard *
lookup (const char *id)
{
  return id ? pen_catalog_lookup (pen_catalog_get_default (), id) : NULL;
}

void
pen_card_sighting_free (PenCardSighting *sighting)
{
  if (sighting == NULL)
    return;
  g_free (sighting->card);
  g_free (sighting->where);
  g_strfreev (sighting->missing);
  g_free (sighting);
}

static PenCardSighting *
sighting_new (const char *card,
              const char *where,
              int         wizard)
{
  PenCardSighting *s = g_new0 (PenCardSighting, 1);

  s->card = g_strdup (card);
  s->where = g_strdup (where);
  s->wizard = wizard;
  s->index = -1;
  return s;
}

/* ---- card-identify ---- */

char *
pen_box_user_card_id (PenCatalog *catalog,
                      const char *name)
{
  g_autoptr(GString) id = g_string_new (NULL);
  g_autofree char *ascii = NULL;
  g_autofree char *base = NULL;

  g_return_val_if_fail (PEN_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  ascii = g_str_to_ascii (name, "C");
  for (const char *p = ascii; *p && id->len < 48; p++)
    {
      if (g_ascii_isalnum (*p))
        g_string_append_c (id, g_ascii_tolower (*p));
      else if (*p == '\'')
        continue;
      else if (id->len > 0 && id->str[id->len - 1] != '-')
        g_string_append_c (id, '-');
    }
  while (id->len > 0 && id->str[id->len - 1] == '-')
    g_string_truncate (id, id->len - 1);
  /* a name of letters outside ASCII (Cyrillic) still needs a language-free id */
  if (id->len == 0 || !g_ascii_isalpha (id->str[0]))
    {
      g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA1, name, -1);

      g_string_printf (id, "card-%.8s", sum);
    }
  base = g_strdup (id->str);
  for (guint n = 2; pen_catalog_lookup (catalog, id->str) != NULL; n++)
    g_string_printf (id, "%s-%u", base, n);
  return g_string_free (g_steal_pointer (&id), FALSE);
}

/* Whether two names are the same as the table reads them: case, spaces around them and
 * Unicode forms aside */
static gboolean
same_name (const char *a,
           const char *b)
{
  g_autofree char *sa = NULL, *sb = NULL;
  g_autofree char *fa = NULL, *fb = NULL;

  if (a == NULL || b == NULL)
    return FALSE;
  sa = g_strstrip (g_utf8_normalize (a, -1, G_NORMALIZE_ALL_COMPOSE));
  sb = g_strstrip (g_utf8_normalize (b, -1, G_NORMALIZE_ALL_COMPOSE));
  if (sa == NULL || sb == NULL)
    return FALSE;
  fa = g_utf8_casefold (sa, -1);
  fb = g_utf8_casefold (sb, -1);
  return g_str_equal (fa, fb);
}

char *
pen_box_known_card_named (PenCatalog *catalog,
                          const char *card,
                          const char *name)
{
  PenCard *known;
  g_autoptr(GPtrArray) cards = NULL;

  g_return_val_if_fail (PEN_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (card != NULL, NULL);

  known = pen_catalog_lookup (catalog, card);
  if (known == NULL || name == NULL)
    return NULL;
  cards = pen_catalog_list_by_type (catalog, pen_card_get_card_type (known));
  for (guint i = 0; i < cards->len; i++)
    {
      PenCard *c = g_ptr_array_index (cards, i);

      if (pen_card_is_placeholder (c))
        continue;
      if (same_name (name, pen_card_get_name (c, "en"))
          || same_name (name, pen_card_get_name (c, "ru")))
        return g_strdup (pen_card_get_id (c));
    }
  return NULL;
}

PenAction *
pen_box_identify_action (const char *card,
                         const char *as,
                         const char *typed_name,
                         JsonObject *values)
{
  g_autoptr(JsonObject) entry = NULL;
  g_autofree char *name = NULL;
  g_autofree char *id = NULL;

  g_return_val_if_fail (card != NULL, NULL);
  g_return_val_if_fail (as == NULL || typed_name == NULL, NULL);

  /* a name typed that the catalogue knows for a card of this type is that card, not a new
   * one (play finding Z7): the core then checks it as a name picked */
  if (typed_name != NULL)
    {
      id = pen_box_known_card_named (pen_catalog_get_default (), card, typed_name);
      if (id != NULL)
        {
          as = id;
          typed_name = NULL;
        }
    }
  if (typed_name != NULL)
    {
      JsonObject *names = json_object_new ();

      name = g_strstrip (g_strdup (typed_name));
      g_return_val_if_fail (name[0] != '\0', NULL);
      id = pen_box_user_card_id (pen_catalog_get_default (), name);
      /* the name as the table read it, under the language it is written in; a Russian name
       * is the card's English one too until someone says otherwise */
      json_object_set_string_member (names, g_str_is_ascii (name) ? "en" : "ru", name);
      if (!g_str_is_ascii (name))
        json_object_set_string_member (names, "en", name);
      entry = json_object_new ();
      json_object_set_object_member (entry, "name", names);
      as = id;
    }
  if (values != NULL && json_object_get_size (values) == 0)
    values = NULL;
  return pen_action_new_card_identify_full (card, as, entry, values);
}

static const char * const numbers_fields[] = {
  "difficulty", "threat", "vp", "light", "dark", "arcana_cost", NULL
};

const char * const *
pen_card_numbers_fields (void)
{
  return numbers_fields;
}

int *
pen_card_numbers_at (PenCardNumbers *numbers,
                     const char     *field)
{
  int *at[] = { &numbers->difficulty, &numbers->threat, &numbers->vp, &numbers->light,
                &numbers->dark, &numbers->arcana_cost };

  G_STATIC_ASSERT (G_N_ELEMENTS (at) == G_N_ELEMENTS (numbers_fields) - 1);
  g_return_val_if_fail (numbers != NULL, NULL);
  for (guint i = 0; numbers_fields[i] != NULL; i++)
    if (g_strcmp0 (numbers_fields[i], field) == 0)
      return at[i];
  g_return_val_if_reached (NULL);
}

static const char * const reward_cards[] = { "discipline", "potion", "artifact" };

G_STATIC_ASSERT (G_N_ELEMENTS (reward_cards) == PEN_N_REWARD_CARDS);

const char *
pen_reward_card_to_string (PenRewardCard card)
{
  return card < PEN_N_REWARD_CARDS ? reward_cards[card] : NULL;
}

int
pen_reward_card_from_string (const char *str)
{
  for (guint k = 0; k < PEN_N_REWARD_CARDS; k++)
    if (g_strcmp0 (str, reward_cards[k]) == 0)
      return k;
  return -1;
}

/* Whether a card of kind lies in zone, a zone of the markets: "brewery" for a Potion, "shop"
 * for an Artifact or a Tome, any Class's for a Discipline card */
gboolean
pen_reward_card_in_market (PenRewardCard  kind,
                           const char    *zone)
{
  if (zone == NULL)
    return FALSE;
  switch (kind)
    {
    case PEN_REWARD_POTION:
      return g_str_equal (zone, "brewery");
    case PEN_REWARD_ARTIFACT:
      return g_str_equal (zone, "shop");
    case PEN_REWARD_DISCIPLINE:
    case PEN_N_REWARD_CARDS:
    default:
      return pen_mark_kind_from_string (zone) >= 0;
    }
}

/* A Contract's reward set, as the catalogue holds it */
static JsonNode *
reward_to_json (const PenCardReward *reward)
{
  JsonObject *obj = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  JsonArray *dice = json_array_new (), *cards = json_array_new ();
  JsonObject *ing = json_object_new ();

  for (guint c = 0; c < PEN_N_COLORS; c++)
    for (guint n = 0; n < reward->dice[c]; n++)
      json_array_add_string_element (dice, pen_color_to_string (c));
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    if (reward->ingredients[k] > 0)
      json_object_set_int_member (ing, pen_ingredient_to_string (k), reward->ingredients[k]);
  for (guint k = 0; k < PEN_N_REWARD_CARDS; k++)
    for (guint n = 0; n < reward->cards[k]; n++)
      json_array_add_string_element (cards, reward_cards[k]);
  json_object_set_array_member (obj, "dice", dice);
  json_object_set_object_member (obj, "ingredients", ing);
  json_object_set_array_member (obj, "cards", cards);
  if (reward->retaliation > 0)
    json_object_set_int_member (obj, "retaliation", reward->retaliation);
  json_node_take_object (node, obj);
  return node;
}

static gboolean reward_from_node (JsonNode *node, PenCardReward *reward);

gboolean
pen_card_reward_lookup (const char    *card,
                        PenCardReward *reward)
{
  PenCard *c = lookup (card);
  JsonNode *node = c != NULL ? pen_card_get_reward (c) : NULL;

  g_return_val_if_fail (reward != NULL, FALSE);
  memset (reward, 0, sizeof *reward);
  if (c == NULL || pen_card_get_card_type (c) != PEN_CARD_CONTRACT)
    return FALSE;
  return reward_from_node (node, reward);
}

gboolean
pen_card_path_reward_lookup (const char    *card,
                             PenPath        path,
                             PenCardReward *reward)
{
  PenCard *c = lookup (card);

  g_return_val_if_fail (reward != NULL, FALSE);
  memset (reward, 0, sizeof *reward);
  if (c == NULL || pen_card_get_card_type (c) != PEN_CARD_TRIAL
      || (path != PEN_PATH_LIGHT && path != PEN_PATH_DARK))
    return FALSE;
  return reward_from_node (pen_card_get_path_reward (c, path), reward);
}

/* A reward set as the catalogue holds it, read into reward (cleared by the caller) */
static gboolean
reward_from_node (JsonNode      *node,
                  PenCardReward *reward)
{
  JsonObject *obj;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return FALSE;
  obj = json_node_get_object (node);
  reward->said = TRUE;
  if (json_object_has_member (obj, "dice"))
    {
      JsonArray *arr = json_object_get_array_member (obj, "dice");

      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          int color = pen_color_from_string (json_array_get_string_element (arr, i));

          if (color >= 0)
            reward->dice[color]++;
        }
    }
  if (json_object_has_member (obj, "cards"))
    {
      JsonArray *arr = json_object_get_array_member (obj, "cards");

      for (guint i = 0; i < json_array_get_length (arr); i++)
        for (guint k = 0; k < PEN_N_REWARD_CARDS; k++)
          if (g_strcmp0 (json_array_get_string_element (arr, i), reward_cards[k]) == 0)
            reward->cards[k]++;
    }
  if (json_object_has_member (obj, "ingredients"))
    {
      JsonObject *ing = json_object_get_object_member (obj, "ingredients");

      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        if (json_object_has_member (ing, pen_ingredient_to_string (k)))
          reward->ingredients[k] = json_object_get_int_member (ing,
                                                               pen_ingredient_to_string (k));
    }
  if (json_object_has_member (obj, "retaliation"))
    reward->retaliation = json_object_get_int_member (obj, "retaliation");
  return TRUE;
}

char *
pen_card_reward_describe (const PenCardReward *reward)
{
  g_autoptr(GString) s = g_string_new (NULL);

  g_return_val_if_fail (reward != NULL, NULL);

#define SEP() (s->len > 0 ? g_string_append (s, ", ") : s)
  /* "1 Crystal", "2 Red dice": each amount in its own plural form */
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    if (reward->ingredients[k] > 0)
      {
        g_autofree char *amount = pen_ingredient_format_amount (k, reward->ingredients[k]);

        g_string_append (SEP (), amount);
      }
  for (guint c = 0; c < PEN_N_COLORS; c++)
    if (reward->dice[c] > 0)
      {
        g_autofree char *amount = pen_color_format_dice (c, reward->dice[c]);

        g_string_append (SEP (), amount);
      }
  for (guint k = 0; k < PEN_N_REWARD_CARDS; k++)
    if (reward->cards[k] > 0)
      {
        const char *what = k == PEN_REWARD_DISCIPLINE ? _("Discipline card")
                           : k == PEN_REWARD_POTION ? _("Potion") : _("Artifact");

        /* TRANSLATORS: cards of a reward, the table takes them: "1 × Potion" */
        g_string_append_printf (SEP (), _("%u × %s"), reward->cards[k], what);
      }
  if (reward->retaliation > 0)
    g_string_append_printf (SEP (), _("Retaliation %u"), reward->retaliation);
#undef SEP
  if (s->len == 0)
    g_string_append (s, _("nothing"));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

PenAction *
pen_box_name_action (const char           *card,
                     const char           *as,
                     const char           *typed_name,
                     const PenCardNumbers *numbers)
{
  g_autoptr(JsonObject) values = json_object_new ();
  PenCardNumbers copy = PEN_CARD_NUMBERS_INIT;
  PenAction *action;

  g_return_val_if_fail (card != NULL, NULL);

  if (numbers != NULL)
    copy = *numbers;
  for (guint i = 0; numbers_fields[i] != NULL; i++)
    {
      int v = *pen_card_numbers_at (&copy, numbers_fields[i]);

      if (v >= 0)
        json_object_set_int_member (values, numbers_fields[i], v);
    }
  if (copy.symbols_said)
    {
      JsonArray *symbols = json_array_new ();

      for (guint s = 0; s < PEN_N_SYMBOLS; s++)
        if (copy.symbols & (1u << s))
          json_array_add_string_element (symbols, pen_symbol_to_string (s));
      json_object_set_array_member (values, "symbols", symbols);
    }
  if (copy.task != NULL)
    json_object_set_member (values, "task", pen_task_to_json (copy.task));
  if (copy.reward.said)
    json_object_set_member (values, "reward", reward_to_json (&copy.reward));
  action = pen_box_identify_action (card, as, typed_name, values);
  if (action != NULL && (as != NULL || typed_name != NULL))
    json_object_set_boolean_member (pen_action_get_params (action), "renumber", TRUE);
  return action;
}

PenAction *
pen_box_name_path_action (const char          *card,
                          PenPath              path,
                          const PenTask       *task,
                          const PenCardReward *reward)
{
  g_autoptr(JsonObject) values = json_object_new ();
  const char *key = pen_path_to_string (path);
  JsonObject *tasks = json_object_new ();

  g_return_val_if_fail (card != NULL && task != NULL && key != NULL, NULL);

  json_object_set_member (tasks, key, pen_task_to_json (task));
  json_object_set_object_member (values, "task", tasks);
  if (reward != NULL && reward->said)
    {
      JsonObject *rewards = json_object_new ();

      json_object_set_member (rewards, key, reward_to_json (reward));
      json_object_set_object_member (values, "reward", rewards);
    }
  return pen_box_identify_action (card, NULL, NULL, values);
}

PenAction *
pen_box_correct_path_action (const char          *card,
                             PenPath              path,
                             const PenTask       *task,
                             const PenCardReward *reward)
{
  PenAction *action = pen_box_name_path_action (card, path, task, reward);

  if (action != NULL)
    json_object_set_boolean_member (pen_action_get_params (action), "correct", TRUE);
  return action;
}

/* Sets card's id in every list where it lies to other */
static void
replace_everywhere (PenTable   *table,
                    const char *from,
                    const char *to)
{
  g_autoptr(GArray) lists = card_lists (table);
  const PenTrial *trial = pen_table_get_trial (table);

  for (guint l = 0; l < lists->len; l++)
    {
      GListModel *list = g_array_index (lists, CardList, l).list;

      for (guint i = 0; i < g_list_model_get_n_items (list); i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (list, i);

          if (g_strcmp0 (pen_table_card_get_card_id (tc), from) == 0)
            pen_table_card_set_card_id (tc, to);
        }
    }
  if (trial != NULL && g_strcmp0 (trial->card, from) == 0)
    {
      g_autoptr(PenTrial) copy = pen_trial_copy (trial);

      g_free (copy->card);
      copy->card = g_strdup (to);
      pen_table_set_trial (table, copy);
    }
}

/* Where card lies: the number of places, and whether every one is face down in a deck */
static guint
find_card (PenTable   *table,
           const char *id,
           gboolean   *all_face_down,
           char      **first_where)
{
  g_autoptr(GArray) lists = card_lists (table);
  guint count = 0;

  *all_face_down = TRUE;
  for (guint l = 0; l < lists->len; l++)
    {
      CardList *cl = &g_array_index (lists, CardList, l);

      for (guint i = 0; i < g_list_model_get_n_items (cl->list); i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (cl->list, i);

          if (g_strcmp0 (pen_table_card_get_card_id (tc), id) != 0)
            continue;
          if (count++ == 0 && first_where != NULL)
            *first_where = g_strdup (cl->where ? cl->where : pen_table_card_get_zone (tc));
          if (!cl->face_down)
            *all_face_down = FALSE;
        }
    }
  return count;
}

gboolean
pen_box_is_face_up (PenTable    *table,
                    const char  *id,
                    char       **where)
{
  gboolean face_down;
  g_autofree char *first = NULL;

  g_return_val_if_fail (PEN_IS_TABLE (table), FALSE);

  if (id == NULL || find_card (table, id, &face_down, &first) == 0 || face_down)
    return FALSE;
  if (where != NULL)
    *where = g_steal_pointer (&first);
  return TRUE;
}

/* The user's answers for the numbers the catalogue does not know yet; the others stay. */
/* correct: a Trial path's task and reward given replace the ones remembered (the table read
 * them wrong before); otherwise only what is not known yet is learnt */
static gboolean
answer_values (PenCatalog  *catalog,
               const char  *id,
               JsonObject  *values,
               gboolean     correct,
               guint       *paths,
               GError     **error)
{
  const char * const *fields = pen_card_get_user_fields ();
  JsonObjectIter iter;
  const char *field;
  JsonNode *value;

  /* all or nothing: the card with every answer must be a valid catalogue entry */
  {
    g_autoptr(JsonNode) node = pen_card_to_json (pen_catalog_lookup (catalog, id));
    JsonObject *obj = json_node_get_object (node);
    g_autoptr(PenCard) check = NULL;

    json_object_iter_init (&iter, values);
    while (json_object_iter_next (&iter, &field, &value))
      {
        if (!g_strv_contains (fields, field))
          {
            g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.values.%s: not a card field",
                         field);
            return FALSE;
          }
        json_object_set_member (obj, field, json_node_copy (value));
      }
    /* the printed entry's bookkeeping keys are not the card's */
    json_object_remove_member (obj, "user");
    json_object_remove_member (obj, "user_added");
    if (!(check = pen_card_new_from_json (obj, "$.values", error)))
      return FALSE;
  }

  json_object_iter_init (&iter, values);
  while (json_object_iter_next (&iter, &field, &value))
    {
      PenCard *card = pen_catalog_lookup (catalog, id);
      g_autoptr(JsonNode) merged = NULL;

      /* a Trial's task and reward are read a path at a time: the other path's answer stays */
      if (pen_card_get_card_type (card) == PEN_CARD_TRIAL && JSON_NODE_HOLDS_OBJECT (value)
          && (g_str_equal (field, "task") || g_str_equal (field, "reward"))
          && pen_card_is_known (card, field))
        {
          JsonNode *had = g_str_equal (field, "task") ? pen_card_get_task (card)
                                                      : pen_card_get_reward (card);
          JsonObjectIter p;
          const char *key;
          JsonNode *member;
          gboolean adds = FALSE;

          /* a new object: json_node_copy would share the card's own */
          merged = json_node_init_object (json_node_alloc (), json_object_new ());
          json_object_iter_init (&p, json_node_get_object (had));
          while (json_object_iter_next (&p, &key, &member))
            json_object_set_member (json_node_get_object (merged), key, json_node_copy (member));
          json_object_iter_init (&p, json_node_get_object (value));
          while (json_object_iter_next (&p, &key, &member))
            if (!json_object_has_member (json_node_get_object (merged), key)
                || (correct && !json_node_equal (json_object_get_member (
                                                   json_node_get_object (merged), key),
                                                 member)))
              {
                json_object_set_member (json_node_get_object (merged), key,
                                        json_node_copy (member));
                adds = TRUE;
              }
          if (!adds)
            continue;
          value = merged;
        }
      else if (JSON_NODE_HOLDS_NULL (value)
               || (pen_card_is_known (card, field) && !pen_card_is_derived (card, field)))
        continue;
      if (!pen_catalog_set_user_value (catalog, id, field, value, error))
        {
          g_prefix_error (error, "$.values.%s: ", field);
          return FALSE;
        }
      /* Light or Darkness newly known */
      if (paths != NULL && g_str_equal (field, "light"))
        *paths |= 1 << PEN_PATH_LIGHT;
      if (paths != NULL && g_str_equal (field, "dark"))
        *paths |= 1 << PEN_PATH_DARK;
    }
  return TRUE;
}

/* Set-up, Guild: a Difficulty 2 Contract revealed for a cell goes to the bottom of the deck,
 * and the next card is revealed for the same cell. */
static void
setup_contract_rule (PenTable   *table,
                     const char *id)
{
  GListModel *row = pen_table_get_contract_row (table);
  GListModel *deck = pen_table_get_contract_deck (table);
  PenCard *card = lookup (id);

  if (card == NULL || pen_card_get_difficulty (card) != 2 || pen_table_get_physical (table)
      || pen_table_get_turn (table) != 0 || pen_table_get_turn_kind (table) != PEN_TURN_NONE
      || g_list_model_get_n_items (deck) == 0)
    return;
  for (guint i = 0; i < g_list_model_get_n_items (row); i++)
    {
      g_autoptr(PenTableCard) cell = g_list_model_get_item (row, i);

      if (g_strcmp0 (pen_table_card_get_card_id (cell), id) == 0)
        {
          g_autofree char *next = pen_table_list_take (deck, 0);

          pen_table_list_append (deck, id, "contract-deck");
          pen_table_card_set_card_id (cell, next);
          return;
        }
    }
}

/* Wizard w's card id (a new reference), or NULL when it holds none */
static PenTableCard *
wizard_card (PenTable   *table,
             guint       w,
             const char *id)
{
  PenWizard *wizard = pen_table_get_wizard (table, w);
  int i = pen_wizard_find_card (wizard, id);

  return i < 0 ? NULL : g_list_model_get_item (pen_wizard_get_cards (wizard), i);
}

/* The paths (1 << PenPath) by which the Trial id lying in an Experience zone was passed */
static guint
trial_paths (PenTable   *table,
             const char *id)
{
  guint paths = 0;

  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    {
      g_autoptr(PenTableCard) tc = wizard_card (table, w, id);
      int path;

      if (tc == NULL)
        continue;
      path = pen_path_from_string (pen_table_card_get_path (tc));
      if (g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_EXPERIENCE) == 0 && path >= 0)
        paths |= 1u << path;
    }
  return paths;
}

/* A Contract identified in an Experience zone brings its Light or Darkness then, as taking it
 * would have; a Trial the Light or Darkness of the path it was passed by: paths says which
 * (1 << PenPath), those unknown when it was taken. What it brings joins the action ("fate"),
 * so a replay moves the same whatever the catalogue says by then. */
static gboolean
late_path (PenTable    *table,
           JsonObject  *params,
           const char  *id,
           guint        paths,
           GError     **error)
{
  PenCard *card = lookup (id);
  gint64 light = 0, dark = 0;

  if (json_object_has_member (params, "fate"))
    {
      static const char * const keys[] = { "light", "dark", NULL };
      JsonObject *fate;

      if (!(fate = pen_json_expect_object (json_object_get_member (params, "fate"), "$.fate",
                                           error))
          || !pen_json_check_keys (fate, "$.fate", keys, error)
          || !pen_json_get_int (fate, "$.fate", "light", FALSE, 0, 9, &light, error)
          || !pen_json_get_int (fate, "$.fate", "dark", FALSE, 0, 9, &dark, error))
        return FALSE;
    }
  else
    {
      JsonObject *fate;

      if (card == NULL)
        return TRUE;
      if (pen_card_get_card_type (card) == PEN_CARD_TRIAL)
        paths &= trial_paths (table, id);
      else if (pen_card_get_card_type (card) != PEN_CARD_CONTRACT || pen_card_get_urgent (card))
        return TRUE;
      if ((paths & (1 << PEN_PATH_LIGHT)) && pen_card_get_light (card) > 0)
        light = pen_card_get_light (card);
      if ((paths & (1 << PEN_PATH_DARK)) && pen_card_get_dark (card) > 0)
        dark = pen_card_get_dark (card);
      if (light == 0 && dark == 0)
        return TRUE;
      fate = json_object_new ();
      json_object_set_int_member (fate, "light", light);
      json_object_set_int_member (fate, "dark", dark);
      json_object_set_object_member (params, "fate", fate);
    }

  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    {
      PenWizard *wizard = pen_table_get_wizard (table, w);
      g_autoptr(PenTableCard) tc = wizard_card (table, w, id);

      if (tc == NULL || g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_EXPERIENCE) != 0)
        continue;
      pen_wizard_set_light (wizard, pen_wizard_get_light (wizard) + light);
      pen_wizard_set_dark (wizard, pen_wizard_get_dark (wizard) + dark);
    }
  return TRUE;
}

/* The id an unnamed card takes when the placeholder it traded with was named: the named one's
 * number plus the box's count (again while that is on the table), so never a number shown
 * before, and the same on every replay */
static char *
renumbered_id (PenTable *table,
               PenCard  *named)
{
  PenCardType type = pen_card_get_card_type (named);
  guint box = (guint) pen_catalog_get_box_count (pen_catalog_get_default (), type);
  guint n = pen_card_get_placeholder_number (named);
  char *id = NULL;

  do
    {
      gboolean face_down;

      g_free (id);
      n += MAX (box, 1);
      id = pen_card_placeholder_id (type, n);
      if (find_card (table, id, &face_down, NULL) == 0)
        break;
    }
  while (n < 999);
  return id;
}


/* A Trial's Difficulty as the action names it: the number typed, else the entry's, else the
 * catalogue's for the card it is named as; -1 when none is said or known */
static int
named_difficulty (PenCard    *card,
                  const char *as,
                  JsonObject *entry,
                  JsonObject *values)
{
  JsonObject *sources[] = { values, entry };
  PenCard *target;

  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    if (sources[i] != NULL && json_object_has_member (sources[i], "difficulty"))
      {
        JsonNode *node = json_object_get_member (sources[i], "difficulty");

        if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
          return (int) json_node_get_int (node);
        return -1;
      }
  target = as != NULL ? lookup (as) : card;
  return target != NULL ? pen_card_get_difficulty (target) : -1;
}

/* "stack_difficulty" is the Difficulty the place the Trial came from asks (written by
 * pen_game_submit from the game's log, pen_box_required_difficulty): a Trial named with
 * another is refused by rule stack-difficulty, which the table may overrule */
static gboolean
check_stack_difficulty (PenTable    *table,
                        JsonObject  *params,
                        PenCard     *card,
                        const char  *as,
                        JsonObject  *entry,
                        JsonObject  *values,
                        GError     **error)
{
  gint64 stack = 0;
  int named;

  if (!pen_json_get_int (params, P, "stack_difficulty", FALSE, 0, 4, &stack, error))
    return FALSE;
  if (stack == 0 || pen_card_get_card_type (card) != PEN_CARD_TRIAL)
    return TRUE;
  named = named_difficulty (card, as, entry, values);
  if (named < 0 || named == stack)
    return TRUE;
  return pen_rule_refuse (table, PEN_RULE_STACK_DIFFICULTY,
                          values != NULL && json_object_has_member (values, "difficulty")
                          ? "$.values.difficulty" : as != NULL ? "$.as" : "$.values",
                          error, stack == 1 ? "%s lies in the starting row: Difficulty %d, not %d"
                          : "%s came from the Difficulty %d stack of the Fate deck, not %d",
                          pen_card_get_id (card), (int) stack, named);
}

/* "as_gone" is why the name cannot be the card turned up (written by pen_game_submit from the
 * game's log, pen_box_name_impossible): refused by rule card-still-possible, which the table
 * may overrule (a card it misread earlier) */
static gboolean
check_still_possible (PenTable    *table,
                      JsonObject  *params,
                      const char  *as,
                      GError     **error)
{
  const char *gone = NULL;

  if (!pen_json_get_string (params, P, "as_gone", FALSE, &gone, error))
    return FALSE;
  if (gone == NULL || as == NULL)
    return TRUE;
  if (g_str_equal (gone, "out-of-game"))
    return pen_rule_refuse (table, PEN_RULE_CARD_STILL_POSSIBLE, "$.as", error,
                            "%s is out of the game (discarded or used)", as);
  if (g_str_equal (gone, "placed"))
    return pen_rule_refuse (table, PEN_RULE_CARD_STILL_POSSIBLE, "$.as", error,
                            "%s lies face down in a deck where the table saw it put, not here",
                            as);
  if (g_str_equal (gone, "set-aside"))
    return pen_rule_refuse (table, PEN_RULE_CARD_STILL_POSSIBLE, "$.as", error,
                            "%s was set aside at set-up (a Difficulty 1 Trial not in the "
                            "starting row)", as);
  g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
               "$.as_gone: \"%s\" is not out-of-game, placed or set-aside", gone);
  return FALSE;
}

gboolean
pen_box_identify (PenTable    *table,
                  JsonObject  *params,
                  GString     *label,
                  GError     **error)
{
  PenCatalog *catalog = pen_catalog_get_default ();
  const char *id = NULL, *as = NULL;
  JsonObject *entry = NULL, *values = NULL;
  PenCard *card, *target;
  gboolean face_down;
  g_autofree char *where = NULL;
  const char *name_before;
  g_autofree char *before = NULL;
  gboolean renumber = FALSE;

  if (pen_table_get_n_players (table) == 0)
    return refuse (error, "no game has been started");
  if (!pen_json_get_string (params, P, "card", TRUE, &id, error)
      || !pen_json_get_string (params, P, "as", FALSE, &as, error))
    return FALSE;
  if (json_object_has_member (params, "entry")
      && !(entry = pen_json_expect_object (json_object_get_member (params, "entry"), "$.entry",
                                           error)))
    return FALSE;
  if (json_object_has_member (params, "values")
      && !(values = pen_json_expect_object (json_object_get_member (params, "values"),
                                            "$.values", error)))
    return FALSE;
  if (!pen_json_get_bool (params, P, "renumber", FALSE, &renumber, error))
    return FALSE;

  if (!(card = lookup (id)))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.card: \"%s\" is not a known card id",
                   id);
      return FALSE;
    }
  if (find_card (table, id, &face_down, NULL) == 0)
    return refuse (error, "$.card: %s is not on the table", id);
  /* before the catalogue learns anything: a wrong Difficulty changes nothing */
  if (!check_stack_difficulty (table, params, card, as, entry, values, error))
    return FALSE;
  if (!check_still_possible (table, params, as, error))
    return FALSE;
  name_before = pen_turn_card_name (id);
  before = g_strdup (name_before);

  if (!pen_card_is_placeholder (card))
    {
      if (as != NULL || entry != NULL)
        return refuse (error, "$.as: %s is named already; give only its \"values\"", id);
      if (values == NULL)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.values: missing");
          return FALSE;
        }
      guint paths = 0;
      gboolean correct = FALSE;

      if (!pen_json_get_bool (params, P, "correct", FALSE, &correct, error))
        return FALSE;
      if (!answer_values (catalog, id, values, correct, &paths, error))
        return FALSE;
      if (!late_path (table, params, id, paths, error))
        return FALSE;
      g_string_printf (label, _("The numbers printed on %s"), pen_turn_card_name (id));
      return TRUE;
    }

  if (as == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.as: missing (what %s is)", id);
      return FALSE;
    }
  if (pen_card_id_is_placeholder (as))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.as: \"%s\" is not a named card", as);
      return FALSE;
    }

  /* a card the catalogue does not hold joins the user catalogue */
  target = lookup (as);
  if (target == NULL && entry != NULL)
    {
      g_autoptr(JsonObject) obj = json_object_new ();
      JsonObjectIter it;
      const char *key;
      JsonNode *member;

      /* a copy of the members: the action's own entry stays as the table gave it (a
       * json_node_copy would share the object) */
      json_object_iter_init (&it, entry);
      while (json_object_iter_next (&it, &key, &member))
        json_object_set_member (obj, key, json_node_copy (member));
      if (json_object_has_member (obj, "id") || json_object_has_member (obj, "type"))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "$.entry: give no id or type (they are \"as\" and the card's own)");
          return FALSE;
        }
      json_object_set_string_member (obj, "id", as);
      json_object_set_string_member (obj, "type",
                                     pen_card_type_to_string (pen_card_get_card_type (card)));
      /* a name typed in Russian only is also the card's name in the other language */
      if (json_object_has_member (obj, "name")
          && JSON_NODE_HOLDS_OBJECT (json_object_get_member (obj, "name")))
        {
          JsonObject *name = json_object_get_object_member (obj, "name");

          if (!json_object_has_member (name, "en") && json_object_has_member (name, "ru"))
            json_object_set_member (name, "en",
                                    json_node_copy (json_object_get_member (name, "ru")));
        }
      /* the printed numbers join the new card's entry, checked with it */
      if (values != NULL)
        {
          JsonObjectIter iter;
          const char *field;
          JsonNode *value;

          json_object_iter_init (&iter, values);
          while (json_object_iter_next (&iter, &field, &value))
            if (!json_object_has_member (obj, field))
              json_object_set_member (obj, field, json_node_copy (value));
        }
      if (!pen_catalog_add_user_card (catalog, obj, error))
        {
          g_prefix_error (error, "$.entry: ");
          return FALSE;
        }
      target = lookup (as);
    }
  if (target == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.as: \"%s\" is not a known card id "
                   "(a new card comes with its \"entry\")", as);
      return FALSE;
    }
  if (pen_card_get_card_type (target) != pen_card_get_card_type (card)
      && !(pen_card_get_card_type (card) == PEN_CARD_DISCIPLINE
           && pen_box_is_discipline_kind (pen_card_get_card_type (target)))
      && !(pen_card_get_card_type (card) == PEN_CARD_ARTIFACT
           && pen_box_is_artifact_kind (pen_card_get_card_type (target)))
      /* logs from before a Tome was known to be an Artifact named Class cards as Tomes: they
       * replay as they were played (nothing offers it any more) */
      && !(pen_card_get_card_type (card) == PEN_CARD_DISCIPLINE
           && pen_card_get_card_type (target) == PEN_CARD_TOME))
    return refuse (error, "$.as: %s is a %s card, %s a %s card", as,
                   pen_card_type_to_string (pen_card_get_card_type (target)), id,
                   pen_card_type_to_string (pen_card_get_card_type (card)));

  /* the box holds one of each card: a named card face down in a deck trades places with the
   * placeholder; one face up or in a play area cannot be this card too */
  if (find_card (table, as, &face_down, &where) > 0)
    {
      g_autofree char *fresh = NULL;

      if (!face_down)
        return refuse (error, "$.as: %s is on the table already (%s)", as, where);
      /* the card in the deck is some other unnamed card: with "renumber" it gets a number
       * the table has never seen, so the number it named is not turned up again (#3) */
      fresh = renumber ? renumbered_id (table, card) : g_strdup (id);
      replace_everywhere (table, as, "\x01");
      replace_everywhere (table, id, as);
      replace_everywhere (table, "\x01", fresh);
    }
  else
    replace_everywhere (table, id, as);
  /* a Discipline card named as a Tome goes to the Experience zone */
  if (pen_card_get_card_type (card) == PEN_CARD_DISCIPLINE)
    for (guint w = 0; w < pen_table_get_n_players (table); w++)
      {
        g_autoptr(PenTableCard) tc = wizard_card (table, w, as);

        if (tc != NULL)
          pen_table_card_set_zone (tc, pen_turn_default_zone (target));
      }

  if (values != NULL && !answer_values (catalog, as, values, FALSE, NULL, error))
    return FALSE;
  /* a placeholder brought no Light or Darkness when it was taken */
  if (!late_path (table, params, as, (1 << PEN_PATH_LIGHT) | (1 << PEN_PATH_DARK), error))
    return FALSE;
  setup_contract_rule (table, as);
  g_string_printf (label, _("%s is %s"), before, pen_turn_card_name (as));
  return TRUE;
}

/* ---- queries ---- */

GPtrArray *
pen_box_list_unidentified (PenTable *table)
{
  g_autoptr(GArray) lists = card_lists (table);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) pen_card_sighting_free);

  g_return_val_if_fail (PEN_IS_TABLE (table), out);

  for (guint l = 0; l < lists->len; l++)
    {
      CardList *cl = &g_array_index (lists, CardList, l);

      if (cl->face_down)
        continue;
      for (guint i = 0; i < g_list_model_get_n_items (cl->list); i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (cl->list, i);
          const char *id = pen_table_card_get_card_id (tc);

          const char *where = cl->where ? cl->where : pen_table_card_get_zone (tc);
          PenCardSighting *s;

          if (!pen_card_id_is_placeholder (id))
            continue;
          s = sighting_new (id, where, cl->wizard);
          /* where the table finds it: a Guild cell, a card of the row or of its market */
          if (g_strcmp0 (cl->where, "trial-row") == 0 || g_strcmp0 (cl->where, "contract-row") == 0)
            s->index = (int) i;
          else if (cl->where == NULL && cl->wizard < 0)
            {
              s->index = 0;
              for (guint j = 0; j < i; j++)
                {
                  g_autoptr(PenTableCard) before = g_list_model_get_item (cl->list, j);

                  if (g_strcmp0 (pen_table_card_get_zone (before), where) == 0)
                    s->index++;
                }
            }
          g_ptr_array_add (out, s);
        }
    }
  return out;
}

GPtrArray *
pen_box_list_unknown_numbers (PenTable *table)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) pen_card_sighting_free);

  g_return_val_if_fail (PEN_IS_TABLE (table), out);

  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    {
      GListModel *cards = pen_wizard_get_cards (pen_table_get_wizard (table, w));

      for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
          const char *id = pen_table_card_get_card_id (tc);
          const char *zone = pen_table_card_get_zone (tc);
          PenCard *card = lookup (id);
          g_autoptr(GStrvBuilder) missing = g_strv_builder_new ();
          PenCardSighting *s;
          gboolean any = FALSE;

          /* a Discipline card, or an Artifact not named yet (bought in the Shop, play finding
           * A2), may be a Tome, whose symbols count */
          if (card == NULL || (g_strcmp0 (zone, PEN_ZONE_EXPERIENCE) != 0
                               && pen_card_get_card_type (card) != PEN_CARD_DISCIPLINE
                               && !(pen_card_get_card_type (card) == PEN_CARD_ARTIFACT
                                    && pen_card_is_placeholder (card))))
            continue;
          switch (pen_card_get_card_type (card))
            {
            case PEN_CARD_CONTRACT:
              /* its Light or Darkness moves the wizard's Fate */
              for (guint k = 0; k < 2 && !pen_card_get_urgent (card); k++)
                if (!pen_card_is_known (card, k == 0 ? "light" : "dark"))
                  {
                    g_strv_builder_add (missing, k == 0 ? "light" : "dark");
                    any = TRUE;
                  }
              G_GNUC_FALLTHROUGH;
            case PEN_CARD_TRIAL:
              /* the Light or Darkness of the path it was passed by moves the wizard's Fate */
              if (pen_card_get_card_type (card) == PEN_CARD_TRIAL)
                {
                  int path = pen_path_from_string (pen_table_card_get_path (tc));
                  const char *field = path == PEN_PATH_LIGHT ? "light"
                                      : path == PEN_PATH_DARK ? "dark" : NULL;

                  if (field != NULL && !pen_card_is_known (card, field))
                    {
                      g_strv_builder_add (missing, field);
                      any = TRUE;
                    }
                }
              if (!pen_card_is_known (card, "vp"))
                {
                  g_strv_builder_add (missing, "vp");
                  any = TRUE;
                }
              G_GNUC_FALLTHROUGH;
            case PEN_CARD_TOME:
            case PEN_CARD_ARTIFACT:
            case PEN_CARD_DISCIPLINE:
              if (!pen_card_is_known (card, "symbols"))
                {
                  g_strv_builder_add (missing, "symbols");
                  any = TRUE;
                }
              break;
            case PEN_CARD_EVENT:
            case PEN_CARD_PROPHECY:
            case PEN_CARD_GOAL:
            case PEN_CARD_TALENT:
            case PEN_CARD_SPELL:
            case PEN_CARD_POTION:
            case PEN_CARD_PET:
            case PEN_CARD_MORTAL_WOUND:
            case PEN_N_CARD_TYPES:
            default:
              break;
            }
          if (!any)
            continue;
          s = sighting_new (id, zone, (int) w);
          s->missing = g_strv_builder_end (missing);
          g_ptr_array_add (out, s);
        }
    }
  return out;
}

/* ---- what a draw can still give ---- */

static const char * const draw_ids[] = {
  "fate", "contract", "potion", "artifact", "trial-row", "talent", NULL
};
G_STATIC_ASSERT (G_N_ELEMENTS (draw_ids) == PEN_N_DRAWS + 1);

const char *
pen_draw_to_string (PenDraw draw)
{
  g_return_val_if_fail (draw < PEN_N_DRAWS, NULL);
  return draw_ids[draw];
}

int
pen_draw_from_string (const char *str)
{
  for (guint i = 0; str != NULL && draw_ids[i] != NULL; i++)
    if (g_str_equal (str, draw_ids[i]))
      return (int) i;
  return -1;
}

/* Every card id the applied log names (players' names aside) */
static void
collect_ids (JsonNode   *node,
             GHashTable *ids)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char *key;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &key, &member))
        if (!g_str_equal (key, "players") && !g_str_equal (key, "action"))
          collect_ids (member, ids);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *arr = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (arr); i++)
        collect_ids (json_array_get_element (arr, i), ids);
    }
  else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
           && lookup (json_node_get_string (node)) != NULL)
    g_hash_table_add (ids, g_strdup (json_node_get_string (node)));
}

typedef struct
{
  PenTable   *table;
  GHashTable *named;     /* every id the log names */
  GHashTable *seen;      /* every id the log names after its first action (the set-up) */
  GHashTable *visible;   /* ids face up or in play areas now */
  GHashTable *in_decks;  /* ids face down in a deck now */
  GHashTable *set_aside; /* ids the set-up put at the bottom of a deck (its "extra" facts) */
  JsonObject *new_game;  /* the first action's parameters, or NULL */
  gboolean    physical;  /* the table deals: a deck is a pool of the cards it may hold */
} Known;

static void
known_clear (Known *k)
{
  g_clear_pointer (&k->named, g_hash_table_unref);
  g_clear_pointer (&k->seen, g_hash_table_unref);
  g_clear_pointer (&k->visible, g_hash_table_unref);
  g_clear_pointer (&k->in_decks, g_hash_table_unref);
  g_clear_pointer (&k->set_aside, g_hash_table_unref);
}

/* A resumed game's new-game action: the first of the old log it keeps */
static JsonObject *
first_of_earlier (JsonObject *params)
{
  JsonNode *earlier = json_object_get_member (params, "earlier");
  JsonNode *first;

  if (earlier == NULL || !JSON_NODE_HOLDS_ARRAY (earlier)
      || json_array_get_length (json_node_get_array (earlier)) == 0)
    return NULL;
  first = json_array_get_element (json_node_get_array (earlier), 0);
  return JSON_NODE_HOLDS_OBJECT (first) ? json_node_get_object (first) : NULL;
}

static void
known_init (Known   *k,
            PenGame *game)
{
  GListModel *history = pen_game_get_history (game);
  g_autoptr(GArray) lists = NULL;

  k->table = pen_game_get_table (game);
  k->named = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  k->seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  k->visible = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  k->in_decks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  k->set_aside = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  k->new_game = NULL;
  k->physical = pen_table_get_physical (k->table);

  for (guint i = 0; i < pen_game_get_position (game); i++)
    {
      g_autoptr(PenAction) action = g_list_model_get_item (history, i);
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

      if (i == 0 && g_str_equal (pen_action_get_kind (action), "new-game"))
        k->new_game = pen_action_get_params (action);
      else if (i == 0 && g_str_equal (pen_action_get_kind (action), "resume"))
        k->new_game = first_of_earlier (pen_action_get_params (action));
      json_node_set_object (node, pen_action_get_params (action));
      collect_ids (node, k->named);
      if (i > 0)
        collect_ids (node, k->seen);
    }
  /* the Contracts of Difficulty 2 an app-dealt set-up put at the bottom of the deck (a save
   * from before this record has none) */
  if (k->new_game != NULL)
    {
      JsonNode *setup = json_object_get_member (k->new_game, "setup");
      JsonNode *extra = setup != NULL && JSON_NODE_HOLDS_OBJECT (setup)
                        ? json_object_get_member (json_node_get_object (setup), "extra") : NULL;
      JsonNode *bottom = extra != NULL && JSON_NODE_HOLDS_OBJECT (extra)
                         ? json_object_get_member (json_node_get_object (extra),
                                                   "contract_bottom") : NULL;

      if (bottom != NULL && JSON_NODE_HOLDS_ARRAY (bottom))
        collect_ids (bottom, k->set_aside);
    }

  lists = card_lists (k->table);
  for (guint l = 0; l < lists->len; l++)
    {
      CardList *cl = &g_array_index (lists, CardList, l);

      for (guint i = 0; i < g_list_model_get_n_items (cl->list); i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (cl->list, i);
          const char *id = pen_table_card_get_card_id (tc);

          if (id != NULL)
            g_hash_table_add (cl->face_down ? k->in_decks : k->visible, g_strdup (id));
        }
    }
}

static gboolean in_setup_row (Known      *k,
                              const char *card);

/* A card that no draw can give now: face up, in a play area, or named by the log and in no
 * deck (out of the game, or set aside at set-up). */
static gboolean
gone (Known      *k,
      const char *id)
{
  if (g_hash_table_contains (k->visible, id))
    return TRUE;
  /* laid face up by the set-up and not face up now: discarded from its row, out of the game,
   * though a physical deck's pool may list it still */
  if (in_setup_row (k, id))
    return TRUE;
  return g_hash_table_contains (k->named, id) && !g_hash_table_contains (k->in_decks, id);
}

static gboolean
new_game_flag (Known      *k,
               const char *key)
{
  return k->new_game != NULL && json_object_has_member (k->new_game, key)
         && JSON_NODE_HOLDS_VALUE (json_object_get_member (k->new_game, key))
         && json_object_get_boolean_member (k->new_game, key);
}

/* Whether the set-up laid card face up in a Guild cell or the Trial row */
static gboolean
in_setup_row (Known      *k,
              const char *card)
{
  static const char * const rows[] = { "contract_row", "trial_row" };
  JsonNode *setup = k->new_game ? json_object_get_member (k->new_game, "setup") : NULL;
  JsonObject *obj;

  if (setup == NULL || !JSON_NODE_HOLDS_OBJECT (setup))
    return FALSE;
  obj = json_node_get_object (setup);
  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    {
      JsonNode *row = json_object_get_member (obj, rows[r]);

      if (row == NULL || !JSON_NODE_HOLDS_ARRAY (row))
        continue;
      for (guint i = 0; i < json_array_get_length (json_node_get_array (row)); i++)
        {
          JsonNode *e = json_array_get_element (json_node_get_array (row), i);

          if (JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_STRING
              && g_strcmp0 (json_node_get_string (e), card) == 0)
            return TRUE;
        }
    }
  return FALSE;
}

/* The size the Fate deck had at set-up */
static guint
initial_fate_size (Known *k)
{
  JsonNode *setup = k->new_game ? json_object_get_member (k->new_game, "setup") : NULL;
  JsonObject *obj;

  if (setup == NULL || !JSON_NODE_HOLDS_OBJECT (setup))
    return 0;
  obj = json_node_get_object (setup);
  if (!json_object_has_member (obj, "fate_deck")
      || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (obj, "fate_deck")))
    return 0;
  return json_array_get_length (json_object_get_array_member (obj, "fate_deck"));
}

static guint
count_named (Known       *k,
             PenCardType  type,
             int          difficulty)
{
  GHashTableIter iter;
  gpointer key;
  guint n = 0;

  g_hash_table_iter_init (&iter, k->named);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      PenCard *card = lookup (key);

      if (card != NULL && pen_card_get_card_type (card) == type
          && !g_hash_table_contains (k->in_decks, key)
          && (difficulty == 0 || pen_card_get_difficulty (card) == difficulty)
          && !g_str_equal (key, "end-of-time"))
        n++;
    }
  return n;
}

/* For a Fate deck built by the rules: three stacks of 2N cards, top first; stack s holds N
 * Trials of difficulty s + 2, one Prophecy, the one Goal (stack 0), and Events to fill it. A
 * card of a type the stack has no room left for cannot come next. */
static gboolean
fits_stack (Known   *k,
            PenCard *card)
{
  guint size = initial_fate_size (k);
  guint left = g_list_model_get_n_items (pen_table_get_fate_deck (k->table));
  guint n, s, revealed, events = 0;

  if (new_game_flag (k, "ready_made") || size == 0 || size % 6 != 0 || left > size)
    return TRUE;
  n = size / 6;
  revealed = size - left;
  s = MIN (revealed / (2 * n), 2);
  for (guint i = 0; i <= s; i++)
    events += n - 1 - (i == 0);

  switch (pen_card_get_card_type (card))
    {
    case PEN_CARD_TRIAL:
      /* an unnamed one is of the stack's difficulty, if the stack has room for one */
      if (pen_card_get_difficulty (card) == PEN_CARD_UNKNOWN)
        return count_named (k, PEN_CARD_TRIAL, (int) s + 2) < n;
      return pen_card_get_difficulty (card) == (int) s + 2
             && count_named (k, PEN_CARD_TRIAL, (int) s + 2) < n;
    case PEN_CARD_GOAL:
      return s == 0 && count_named (k, PEN_CARD_GOAL, 0) < 1;
    case PEN_CARD_PROPHECY:
      return count_named (k, PEN_CARD_PROPHECY, 0) < s + 1;
    case PEN_CARD_EVENT:
      return count_named (k, PEN_CARD_EVENT, 0) < events;
    case PEN_CARD_CONTRACT:
    case PEN_CARD_TALENT:
    case PEN_CARD_SPELL:
    case PEN_CARD_POTION:
    case PEN_CARD_PET:
    case PEN_CARD_ARTIFACT:
    case PEN_CARD_TOME:
    case PEN_CARD_MORTAL_WOUND:
    case PEN_CARD_DISCIPLINE:
    case PEN_N_CARD_TYPES:
    default:
      return FALSE;
    }
}

static void
add_unique (GPtrArray  *out,
            const char *id)
{
  if (!g_ptr_array_find_with_equal_func (out, id, g_str_equal, NULL))
    g_ptr_array_add (out, g_strdup (id));
}

/* The named cards of a deck; TRUE when it also holds cards the table has not named */
static gboolean
deck_cards (GListModel *deck,
            GPtrArray  *out,
            gboolean    top_only)
{
  gboolean unnamed = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (deck); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (deck, i);
      const char *id = pen_table_card_get_card_id (tc);

      if (id == NULL || pen_card_id_is_placeholder (id))
        unnamed = TRUE;
      else
        add_unique (out, id);
      if (top_only)
        break;
    }
  return unnamed;
}

static void
add_catalogue (Known       *k,
               GPtrArray   *out,
               PenCardType  type,
               gboolean     fate)
{
  g_autoptr(GPtrArray) cards = pen_catalog_list_by_type (pen_catalog_get_default (), type);

  for (guint i = 0; i < cards->len; i++)
    {
      PenCard *card = g_ptr_array_index (cards, i);
      const char *id = pen_card_get_id (card);

      if (gone (k, id) || g_hash_table_contains (k->in_decks, id))
        continue;
      if (fate)
        {
          /* End of Time is in play from the start; Difficulty 1 Trials went to the row or
           * back to the box */
          if (g_str_equal (id, "end-of-time")
              || (type == PEN_CARD_TRIAL && pen_card_get_difficulty (card) == 1)
              || !fits_stack (k, card))
            continue;
        }
      else if (type == PEN_CARD_TRIAL && pen_card_get_difficulty (card) != 1
               && pen_card_get_difficulty (card) != PEN_CARD_UNKNOWN)
        continue;
      add_unique (out, id);
    }
}

/* A card face down in a deck at a place the table knows, so not the unseen card turned up
 * somewhere else: in app-dealt play every card of the app's decks (the app dealt each named
 * card to its place, play finding W6); otherwise one the log named after the set-up (seen face
 * up, or looked at and put back where the action says: the bottom of the deck at a Bind) or
 * one the set-up put at the bottom */
static gboolean
placed (Known      *k,
        const char *id)
{
  if (!g_hash_table_contains (k->in_decks, id))
    return FALSE;
  return !k->physical || g_hash_table_contains (k->seen, id)
         || g_hash_table_contains (k->set_aside, id);
}

gboolean
pen_box_card_placed (PenGame    *game,
                     const char *card)
{
  Known k = { NULL, };
  gboolean out;

  g_return_val_if_fail (PEN_IS_GAME (game), FALSE);
  g_return_val_if_fail (card != NULL, FALSE);

  known_init (&k, game);
  out = placed (&k, card);
  known_clear (&k);
  return out;
}

gboolean
pen_box_card_out_of_game (PenGame    *game,
                          const char *card)
{
  Known k = { NULL, };
  gboolean out;

  g_return_val_if_fail (PEN_IS_GAME (game), FALSE);
  g_return_val_if_fail (card != NULL, FALSE);

  known_init (&k, game);
  out = gone (&k, card) && !g_hash_table_contains (k.visible, card);
  known_clear (&k);
  return out;
}

static int fate_position (PenGame    *game,
                          const char *card,
                          guint      *size,
                          gboolean   *in_row);

const char *
pen_box_name_impossible (PenGame    *game,
                         const char *card,
                         const char *as)
{
  PenCard *placeholder, *target;
  Known k = { NULL, };
  const char *why = NULL;

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);
  g_return_val_if_fail (card != NULL && as != NULL, NULL);

  placeholder = lookup (card);
  target = lookup (as);
  if (placeholder == NULL || target == NULL || !pen_card_is_placeholder (placeholder)
      || !pen_table_get_physical (pen_game_get_table (game)))
    return NULL;
  known_init (&k, game);
  /* one face up is refused by the action itself, with where it lies */
  if (gone (&k, as) && !g_hash_table_contains (k.visible, as))
    why = "out-of-game";
  else if (placed (&k, as))
    why = "placed";
  else if (pen_card_get_card_type (placeholder) == PEN_CARD_TRIAL
           && pen_card_get_difficulty (target) == 1)
    {
      gboolean in_row;
      guint size;

      /* only one the log shows came from the Fate deck (a resumed game's log does not) */
      if (fate_position (game, card, &size, &in_row) >= 0)
        why = "set-aside";
    }
  known_clear (&k);
  return why;
}

GPtrArray *
pen_box_list_possible_names (PenGame     *game,
                             PenCardType  type)
{
  g_autoptr(GPtrArray) cards = pen_catalog_list_by_type (pen_catalog_get_default (), type);
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  Known k = { NULL, };

  g_return_val_if_fail (PEN_IS_GAME (game), out);

  known_init (&k, game);
  for (guint i = 0; i < cards->len; i++)
    {
      const char *id = pen_card_get_id (g_ptr_array_index (cards, i));

      if (!gone (&k, id) && !placed (&k, id))
        g_ptr_array_add (out, g_strdup (id));
    }
  known_clear (&k);
  return out;
}

/* The Fate card the placeholder card was, counted from the top of the deck as the set-up
 * laid it out (0: the first revealed): the log is replayed on a table of its own until the
 * card lies face up. -1 when the log does not start with a new game, or it never came from
 * the Fate deck; *in_row is set when the set-up laid it in the starting row. */
static int
fate_position (PenGame    *game,
               const char *card,
               guint      *size,
               gboolean   *in_row)
{
  GListModel *history = pen_game_get_history (game);
  g_autoptr(PenTable) table = pen_table_new ();
  guint before = 0;

  *size = 0;
  *in_row = FALSE;
  for (guint i = 0; i < pen_game_get_position (game); i++)
    {
      g_autoptr(PenAction) action = g_list_model_get_item (history, i);
      g_autoptr(JsonNode) node = pen_action_to_json (action);
      g_autoptr(PenAction) copy = pen_action_new_from_json (node, "$", NULL);
      gboolean face_down;
      guint left;
      int at;

      if (i == 0 && !g_str_equal (pen_action_get_kind (action), "new-game"))
        return -1;
      before = g_list_model_get_n_items (pen_table_get_fate_deck (table));
      if (copy == NULL || !pen_action_apply (copy, table, NULL))
        return -1;
      if (i == 0)
        {
          *size = g_list_model_get_n_items (pen_table_get_fate_deck (table));
          if (pen_table_card_list_index (pen_table_get_trial_row (table), card) >= 0)
            {
              *in_row = TRUE;
              return -1;
            }
          /* dealt into the deck by the set-up: its place there, top first */
          at = pen_table_card_list_index (pen_table_get_fate_deck (table), card);
          if (at >= 0)
            return at;
          continue;
        }
      if (find_card (table, card, &face_down, NULL) == 0 || face_down)
        continue;
      /* it came face up here: from the Fate deck if the deck lost a card */
      left = g_list_model_get_n_items (pen_table_get_fate_deck (table));
      if (left >= before || left >= *size)
        return -1;
      return (int) (*size - left) - 1;
    }
  return -1;
}

/* The difficulty a Trial placeholder must have: 1 in the starting row, that of its stack in a
 * Fate deck built by the rules, 0 when any but 1; -1 for no rule (a resumed game) */
static int
trial_difficulty (Known      *k,
                  PenGame    *game,
                  const char *card)
{
  gboolean in_row;
  guint size;
  int at = fate_position (game, card, &size, &in_row);

  if (in_row)
    return 1;
  if (new_game_flag (k, "ready_made") || size == 0 || size % 6 != 0 || at < 0)
    return 0;
  return MIN (at / (int) (size / 3), 2) + 2;
}

gboolean
pen_box_fate_in_printed_order (PenGame *game)
{
  GListModel *history;
  g_autoptr(PenAction) first = NULL;
  Known k = { NULL, };

  g_return_val_if_fail (PEN_IS_GAME (game), FALSE);
  /* only the first action: this is asked on every step */
  history = pen_game_get_history (game);
  if (pen_game_get_position (game) == 0 || g_list_model_get_n_items (history) == 0)
    return FALSE;
  first = g_list_model_get_item (history, 0);
  if (g_str_equal (pen_action_get_kind (first), "new-game"))
    k.new_game = pen_action_get_params (first);
  else if (g_str_equal (pen_action_get_kind (first), "resume"))
    k.new_game = first_of_earlier (pen_action_get_params (first));
  return new_game_flag (&k, "ready_made");
}

guint
pen_box_fate_stack_left (PenGame *game)
{
  GListModel *history;
  g_autoptr(PenAction) first = NULL;
  Known k = { NULL, };
  guint size, left, stack;

  g_return_val_if_fail (PEN_IS_GAME (game), 0);
  /* only the first action, as above: the Table page asks on every step */
  history = pen_game_get_history (game);
  if (pen_game_get_position (game) == 0 || g_list_model_get_n_items (history) == 0)
    return 0;
  first = g_list_model_get_item (history, 0);
  if (g_str_equal (pen_action_get_kind (first), "new-game"))
    k.new_game = pen_action_get_params (first);
  else if (g_str_equal (pen_action_get_kind (first), "resume"))
    k.new_game = first_of_earlier (pen_action_get_params (first));
  size = initial_fate_size (&k);
  left = g_list_model_get_n_items (pen_table_get_fate_deck (pen_game_get_table (game)));
  /* Setup › The Fate deck: three stacks of 2N cards joined without shuffling */
  if (new_game_flag (&k, "ready_made") || size == 0 || size % 6 != 0 || left > size
      || left == 0)
    return 0;
  stack = size / 3;
  return left % stack == 0 ? stack : left % stack;
}

int
pen_box_required_difficulty (PenGame    *game,
                             const char *card)
{
  PenCard *c;
  Known k = { NULL, };
  int d;

  g_return_val_if_fail (PEN_IS_GAME (game), 0);
  c = lookup (card);
  if (c == NULL || pen_card_get_card_type (c) != PEN_CARD_TRIAL)
    return 0;
  known_init (&k, game);
  d = trial_difficulty (&k, game, card);
  known_clear (&k);
  return MAX (d, 0);
}

gboolean
pen_box_is_discipline_kind (PenCardType type)
{
  return type == PEN_CARD_SPELL || type == PEN_CARD_PET || type == PEN_CARD_DISCIPLINE;
}

gboolean
pen_box_is_artifact_kind (PenCardType type)
{
  return type == PEN_CARD_ARTIFACT || type == PEN_CARD_TOME;
}

/* The Discipline (a PenMarkKind) of the Class market where card lies face up, or -1 */
static int
market_discipline (PenTable   *table,
                   const char *card)
{
  GListModel *markets = pen_table_get_markets (table);
  int at = pen_table_card_list_index (markets, card);
  g_autoptr(PenTableCard) tc = NULL;

  if (at < 0)
    return -1;
  tc = g_list_model_get_item (markets, at);
  return pen_mark_kind_from_string (pen_table_card_get_zone (tc));
}

char *
pen_box_class_card_where (PenMarkKind kind,
                          guint       place,
                          guint       n)
{
  if (n == 2)
    /* Translators: an unnamed card by where the table finds it: "Emerald Class, left card"
     * (the Class's market of two cards) */
    return g_strdup_printf (place == 0 ? _("%s, left card") : _("%s, right card"),
                            pen_mark_kind_get_class_name (kind));
  /* Translators: an unnamed card by where the table finds it: "Emerald Class, card 1 from
   * the left" */
  return g_strdup_printf (_("%s, card %u from the left"), pen_mark_kind_get_class_name (kind),
                          place + 1);
}

char *
pen_box_placeholder_where (PenTable   *table,
                           const char *card)
{
  GListModel *markets, *row;
  int at;

  g_return_val_if_fail (PEN_IS_TABLE (table), NULL);

  if (card == NULL || !pen_card_id_is_placeholder (card))
    return NULL;
  markets = pen_table_get_markets (table);
  if ((at = pen_table_card_list_index (markets, card)) >= 0)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, at);
      const char *zone = pen_table_card_get_zone (tc);
      int kind = pen_mark_kind_from_string (zone);
      guint n = 0, place = 0;

      if (kind < 0)
        return NULL;
      /* its place among its market's cards, from the left */
      for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
        {
          g_autoptr(PenTableCard) m = g_list_model_get_item (markets, i);

          if (g_strcmp0 (pen_table_card_get_zone (m), zone) != 0)
            continue;
          if ((int) i == at)
            place = n;
          n++;
        }
      return pen_box_class_card_where (kind, place, n);
    }
  row = pen_table_get_contract_row (table);
  if ((at = pen_table_card_list_index (row, card)) >= 0)
    /* Translators: an unnamed Contract by where the table finds it, cells counted from the
     * left: "Guild, cell 2" */
    return g_strdup_printf (_("Guild, cell %u"), (guint) at + 1);
  row = pen_table_get_trial_row (table);
  if ((at = pen_table_card_list_index (row, card)) >= 0)
    /* Translators: an unnamed Trial by where the table finds it: "Row of Trials, place 3" */
    return g_strdup_printf (_("Row of Trials, place %u"), (guint) at + 1);
  return NULL;
}

/* The Discipline of the Class market where card lies face up, or lay once, or of the Class
 * that gave it from the top of its Discipline deck (play finding B2: a card just taken at the
 * Emerald Class is an Emerald card in the wizard's hands too); the log is replayed on a table
 * of its own when the card is no longer in a market. -1 when no Class gave it, or the log
 * does not start with a new game. */
static int
origin_discipline (PenGame    *game,
                   const char *card)
{
  GListModel *history = pen_game_get_history (game);
  g_autoptr(PenTable) table = NULL;
  int now = market_discipline (pen_game_get_table (game), card);

  if (now >= 0)
    return now;
  table = pen_table_new ();
  for (guint i = 0; i < pen_game_get_position (game); i++)
    {
      g_autoptr(PenAction) action = g_list_model_get_item (history, i);
      g_autoptr(JsonNode) node = pen_action_to_json (action);
      g_autoptr(PenAction) copy = pen_action_new_from_json (node, "$", NULL);
      gboolean held = FALSE;
      const char *location;
      int at;

      if (i == 0 && !g_str_equal (pen_action_get_kind (action), "new-game"))
        return -1;
      for (guint w = 0; w < pen_table_get_n_players (table); w++)
        held |= pen_wizard_find_card (pen_table_get_wizard (table, w), card) >= 0;
      if (copy == NULL || !pen_action_apply (copy, table, NULL))
        return -1;
      if ((at = market_discipline (table, card)) >= 0)
        return at;
      /* taken at a Class from the top of its Discipline deck: of that Discipline too */
      location = json_object_get_string_member_with_default (pen_action_get_params (action),
                                                             "location", "");
      if (!held && g_str_equal (pen_action_get_kind (action), "place")
          && g_str_has_suffix (location, "-class"))
        {
          g_autofree char *kind = g_strndup (location, strlen (location) - strlen ("-class"));

          for (guint w = 0; w < pen_table_get_n_players (table); w++)
            if (pen_wizard_find_card (pen_table_get_wizard (table, w), card) >= 0)
              return pen_mark_kind_from_string (kind);
        }
    }
  return -1;
}

GPtrArray *
pen_box_list_names_for (PenGame    *game,
                        const char *card)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) cards = NULL;
  PenCard *placeholder;
  PenCardType type;
  Known k = { NULL, };
  int difficulty = -1, discipline = -1;

  g_return_val_if_fail (PEN_IS_GAME (game), out);
  g_return_val_if_fail (card != NULL, out);

  placeholder = lookup (card);
  g_return_val_if_fail (placeholder != NULL, out);
  type = pen_card_get_card_type (placeholder);
  cards = pen_catalog_list_by_type (pen_catalog_get_default (), type);
  if (type == PEN_CARD_DISCIPLINE)
    {
      /* a Discipline card is a Spell or a Pet (a Tome is an Artifact); one of a Class market
       * is of its Discipline when the catalogue knows the card's */
      static const PenCardType kinds[] = { PEN_CARD_SPELL, PEN_CARD_PET };

      for (guint t = 0; t < G_N_ELEMENTS (kinds); t++)
        {
          g_autoptr(GPtrArray) more = pen_catalog_list_by_type (pen_catalog_get_default (),
                                                                kinds[t]);

          for (guint i = 0; i < more->len; i++)
            g_ptr_array_add (cards, g_object_ref (g_ptr_array_index (more, i)));
        }
      discipline = origin_discipline (game, card);
    }
  else if (type == PEN_CARD_ARTIFACT)
    {
      /* a Tome is an Artifact without an Equipment symbol (Artifacts › Tomes) */
      g_autoptr(GPtrArray) tomes = pen_catalog_list_by_type (pen_catalog_get_default (),
                                                             PEN_CARD_TOME);

      for (guint i = 0; i < tomes->len; i++)
        g_ptr_array_add (cards, g_object_ref (g_ptr_array_index (tomes, i)));
    }
  known_init (&k, game);
  if (type == PEN_CARD_TRIAL)
    difficulty = trial_difficulty (&k, game, card);

  for (guint i = 0; i < cards->len; i++)
    {
      PenCard *c = g_ptr_array_index (cards, i);
      const char *id = pen_card_get_id (c);
      int d = pen_card_get_difficulty (c);

      if (gone (&k, id) || g_hash_table_contains (k.seen, id) || placed (&k, id))
        continue;
      if (difficulty >= 0 && d != PEN_CARD_UNKNOWN
          && (difficulty == 0 ? d == 1 : d != difficulty))
        continue;
      if (discipline >= 0 && pen_card_get_discipline (c) >= 0
          && pen_card_get_discipline (c) != discipline)
        continue;
      g_ptr_array_add (out, g_strdup (id));
    }
  known_clear (&k);
  return out;
}

GPtrArray *
pen_draw_candidates (PenGame *game,
                     PenDraw  draw)
{
  static const PenCardType fate_types[] = {
    PEN_CARD_TRIAL, PEN_CARD_PROPHECY, PEN_CARD_GOAL, PEN_CARD_EVENT
  };
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  Known k = { NULL, };
  gboolean physical;

  g_return_val_if_fail (PEN_IS_GAME (game), out);
  g_return_val_if_fail (draw < PEN_N_DRAWS, out);

  known_init (&k, game);
  physical = pen_table_get_physical (k.table);

  switch (draw)
    {
    case PEN_DRAW_FATE:
      {
        GListModel *deck = pen_table_get_fate_deck (k.table);
        g_autoptr(PenTableCard) top = NULL;

        if (g_list_model_get_n_items (deck) == 0)
          break;
        top = g_list_model_get_item (deck, 0);
        /* the app dealt it: the top card is the one (a placeholder is then identified) */
        if (!physical && pen_table_card_get_card_id (top) != NULL)
          {
            g_ptr_array_add (out, g_strdup (pen_table_card_get_card_id (top)));
            break;
          }
        /* the table shuffled: any named card left in the deck, and, while the deck holds
         * cards nobody has named, every Fate card the deck can still hold */
        if (deck_cards (deck, out, FALSE) || physical)
          for (guint t = 0; t < G_N_ELEMENTS (fate_types); t++)
            add_catalogue (&k, out, fate_types[t], TRUE);
        /* the named ones in the deck must fit the stack too */
        for (guint i = out->len; i > 0; i--)
          {
            PenCard *card = lookup (g_ptr_array_index (out, i - 1));

            if (card != NULL && !fits_stack (&k, card))
              g_ptr_array_remove_index (out, i - 1);
          }
      }
      break;
    case PEN_DRAW_CONTRACT:
      {
        GListModel *deck = pen_table_get_contract_deck (k.table);

        if (!physical && g_list_model_get_n_items (deck) > 0)
          {
            /* the app dealt the deck: its top card is the one */
            g_autoptr(PenTableCard) top = g_list_model_get_item (deck, 0);

            if (pen_table_card_get_card_id (top) != NULL)
              g_ptr_array_add (out, g_strdup (pen_table_card_get_card_id (top)));
            break;
          }
        deck_cards (deck, out, FALSE);
        /* a card face up or in a play area is not in the deck too: a physical deck keeps the
         * box's cards as a pool, and one put in a Guild cell by a correction stays listed; nor
         * is one turned face up since (laid in the Guild at set-up, or named by the log after
         * it): discarded from the row, it is out of the game, though the pool lists it */
        for (guint i = out->len; i > 0; i--)
          {
            const char *id = g_ptr_array_index (out, i - 1);

            if (g_hash_table_contains (k.visible, id) || g_hash_table_contains (k.seen, id)
                || in_setup_row (&k, id))
              g_ptr_array_remove_index (out, i - 1);
          }
        add_catalogue (&k, out, PEN_CARD_CONTRACT, FALSE);
      }
      break;
    case PEN_DRAW_POTION:
    case PEN_DRAW_ARTIFACT:
      {
        const char *market = draw == PEN_DRAW_POTION ? "brewery" : "shop";
        GListModel *decks = pen_table_get_market_decks (k.table);

        /* the app dealt the deck: its top card is the one */
        for (guint i = 0; !physical && i < g_list_model_get_n_items (decks); i++)
          {
            g_autoptr(PenTableCard) tc = g_list_model_get_item (decks, i);

            if (g_strcmp0 (pen_table_card_get_zone (tc), market) == 0)
              {
                g_ptr_array_add (out, g_strdup (pen_table_card_get_card_id (tc)));
                break;
              }
          }
        if (out->len == 0)
          {
            add_catalogue (&k, out, draw == PEN_DRAW_POTION ? PEN_CARD_POTION
                                                            : PEN_CARD_ARTIFACT, FALSE);
            /* the Shop's deck holds the Tomes too: Artifacts without an Equipment symbol */
            if (draw == PEN_DRAW_ARTIFACT)
              add_catalogue (&k, out, PEN_CARD_TOME, FALSE);
          }
      }
      break;
    case PEN_DRAW_TRIAL_ROW:
      add_catalogue (&k, out, PEN_CARD_TRIAL, FALSE);
      break;
    case PEN_DRAW_TALENT:
      add_catalogue (&k, out, PEN_CARD_TALENT, FALSE);
      break;
    case PEN_N_DRAWS:
    default:
      g_assert_not_reached ();
    }
  known_clear (&k);
  return out;
}

static char *another_known (Known       *k,
                             PenCardType  type);

GPtrArray *
pen_draw_another_each (PenGame *game,
                       PenDraw  draw)
{
  static const PenCardType fate_types[] = {
    PEN_CARD_TRIAL, PEN_CARD_EVENT, PEN_CARD_PROPHECY, PEN_CARD_GOAL
  };
  static const PenCardType others[] = {
    [PEN_DRAW_CONTRACT] = PEN_CARD_CONTRACT, [PEN_DRAW_POTION] = PEN_CARD_POTION,
    [PEN_DRAW_ARTIFACT] = PEN_CARD_ARTIFACT, [PEN_DRAW_TRIAL_ROW] = PEN_CARD_TRIAL,
    [PEN_DRAW_TALENT] = PEN_CARD_TALENT,
  };
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  Known k = { NULL, };

  g_return_val_if_fail (PEN_IS_GAME (game), out);
  g_return_val_if_fail (draw < PEN_N_DRAWS, out);

  if (draw != PEN_DRAW_FATE)
    {
      char *id = pen_draw_another (game, others[draw]);

      if (id != NULL)
        g_ptr_array_add (out, id);
      return out;
    }
  known_init (&k, game);
  for (guint t = 0; t < G_N_ELEMENTS (fate_types); t++)
    {
      g_autofree char *id = another_known (&k, fate_types[t]);

      /* an unnamed card of that type, if the deck (its stack) has room for one still */
      if (id != NULL && fits_stack (&k, lookup (id)))
        g_ptr_array_add (out, g_steal_pointer (&id));
    }
  known_clear (&k);
  return out;
}

/* The first placeholder of type the game has not used, or NULL */
static char *
another_known (Known       *k,
               PenCardType  type)
{
  PenCatalog *catalog = pen_catalog_get_default ();
  int box = pen_catalog_get_box_count (catalog, type);
  g_autoptr(GPtrArray) named = NULL;

  if (box <= 0)
    return NULL;
  named = pen_catalog_list_by_type (catalog, type);
  /* the box's unnamed cards are numbered after the named ones */
  for (int n = (int) named->len + 1; n <= box; n++)
    {
      g_autofree char *id = pen_card_placeholder_id (type, n);

      if (!g_hash_table_contains (k->visible, id) && !g_hash_table_contains (k->named, id)
          && !g_hash_table_contains (k->in_decks, id))
        return g_steal_pointer (&id);
    }
  return NULL;
}

GPtrArray *
pen_draw_others (PenGame     *game,
                 PenCardType  type,
                 guint        n)
{
  PenCatalog *catalog = pen_catalog_get_default ();
  int box = pen_catalog_get_box_count (catalog, type);
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) named = NULL;
  Known k = { NULL, };

  g_return_val_if_fail (PEN_IS_GAME (game), out);
  g_return_val_if_fail (type < PEN_N_CARD_TYPES, out);

  if (box <= 0)
    return out;
  named = pen_catalog_list_by_type (catalog, type);
  known_init (&k, game);
  for (int i = (int) named->len + 1; i <= box && out->len < n; i++)
    {
      g_autofree char *id = pen_card_placeholder_id (type, i);

      if (!g_hash_table_contains (k.visible, id) && !g_hash_table_contains (k.named, id)
          && !g_hash_table_contains (k.in_decks, id))
        g_ptr_array_add (out, g_steal_pointer (&id));
    }
  known_clear (&k);
  return out;
}

char *
pen_draw_another (PenGame     *game,
                  PenCardType  type)
{
  Known k = { NULL, };
  char *found;

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);
  g_return_val_if_fail (type < PEN_N_CARD_TYPES, NULL);

  if (pen_catalog_get_box_count (pen_catalog_get_default (), type) <= 0)
    return NULL;
  known_init (&k, game);
  found = another_known (&k, type);
  if (found == NULL && pen_table_get_physical (k.table))
    {
      /* A physical deck keeps the box's cards as a pool: once every unnamed card outside it
       * is used, the card the table turned up is one of the pool's unnamed ones (the reveal
       * takes it out of the deck) */
      int box = pen_catalog_get_box_count (pen_catalog_get_default (), type);
      g_autoptr(GPtrArray) named = pen_catalog_list_by_type (pen_catalog_get_default (), type);

      for (int n = (int) named->len + 1; n <= box && found == NULL; n++)
        {
          g_autofree char *id = pen_card_placeholder_id (type, n);

          if (g_hash_table_contains (k.in_decks, id) && !g_hash_table_contains (k.visible, id))
            found = g_steal_pointer (&id);
        }
    }
  known_clear (&k);
  return found;
}

/* ---- a reward's cards ---- */

void
pen_reward_choice_free (PenRewardChoice *choice)
{
  if (choice == NULL)
    return;
  g_free (choice->card);
  g_free (choice->label);
  g_free (choice);
}

static PenRewardChoice *
reward_choice_new (const char *card,
                   gboolean    market,
                   gboolean    another,
                   char       *label)
{
  PenRewardChoice *choice = g_new0 (PenRewardChoice, 1);

  choice->card = g_strdup (card);
  choice->market = market;
  choice->another = another;
  choice->label = label;
  return choice;
}

static int
by_choice_label (gconstpointer a,
                 gconstpointer b)
{
  const PenRewardChoice *x = *(PenRewardChoice * const *) a;
  const PenRewardChoice *y = *(PenRewardChoice * const *) b;

  return g_utf8_collate (x->label, y->label);
}

static PenCardType
reward_card_type (PenRewardCard kind)
{
  return kind == PEN_REWARD_POTION ? PEN_CARD_POTION
         : kind == PEN_REWARD_ARTIFACT ? PEN_CARD_ARTIFACT : PEN_CARD_DISCIPLINE;
}

GPtrArray *
pen_reward_card_choices (PenGame       *game,
                         guint          wizard,
                         PenRewardCard  kind)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) pen_reward_choice_free);
  PenTable *table;
  PenWizard *w;
  GListModel *markets, *decks;
  g_autoptr(GPtrArray) deck = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                              pen_reward_choice_free);
  gboolean unknown = FALSE;

  g_return_val_if_fail (PEN_IS_GAME (game), out);
  g_return_val_if_fail (kind < PEN_N_REWARD_CARDS, out);

  table = pen_game_get_table (game);
  if (wizard >= pen_table_get_n_players (table))
    return out;
  w = pen_table_get_wizard (table, wizard);
  markets = pen_table_get_markets (table);
  decks = pen_table_get_market_decks (table);

  /* the market's cards */
  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);
      const char *z = pen_table_card_get_zone (tc);
      const char *id = pen_table_card_get_card_id (tc);
      gboolean here = pen_reward_card_in_market (kind, z);
      g_autofree char *where = NULL;

      if (!here)
        continue;
      if (id == NULL)
        {
          unknown = TRUE;
          continue;
        }
      if (pen_wizard_find_card (w, id) >= 0)
        continue;
      where = kind == PEN_REWARD_DISCIPLINE && pen_card_id_is_placeholder (id)
              ? pen_box_placeholder_where (table, id) : NULL;
      g_ptr_array_add (out, reward_choice_new (id, TRUE, FALSE,
                                               g_strdup_printf (kind == PEN_REWARD_POTION
                                                                /* Translators: a reward's
                                                                 * card: "From the Brewery:
                                                                 * Triplet" */
                                                                ? _("From the Brewery: %s")
                                                                : kind == PEN_REWARD_ARTIFACT
                                                                ? _("From the Shop: %s")
                                                                : _("From a Class: %s"),
                                                                where != NULL ? where
                                                                : pen_turn_card_name (id))));
    }
  /* a market card the table has not named yet */
  if (unknown && kind != PEN_REWARD_DISCIPLINE)
    g_ptr_array_add (out, reward_choice_new (NULL, TRUE, TRUE,
                                             g_strdup (kind == PEN_REWARD_POTION
                                                       ? _("From the Brewery: a card not "
                                                           "named yet")
                                                       : _("From the Shop: a card not named "
                                                           "yet"))));

  /* the top of the deck */
  if (kind == PEN_REWARD_DISCIPLINE)
    {
      g_ptr_array_add (out, reward_choice_new (NULL, FALSE, FALSE,
                                               g_strdup (_("Top of a Discipline deck"))));
      return out;
    }
  if (!pen_table_get_physical (table))
    {
      gboolean any = FALSE;

      for (guint i = 0; i < g_list_model_get_n_items (decks) && !any; i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (decks, i);

          any = pen_reward_card_in_market (kind, pen_table_card_get_zone (tc));
        }
      if (any)
        g_ptr_array_add (out, reward_choice_new (NULL, FALSE, FALSE,
                                                 g_strdup (kind == PEN_REWARD_POTION
                                                           ? _("Top of the Potion deck")
                                                           : _("Top of the Artifact deck"))));
      return out;
    }
  {
    g_autoptr(GPtrArray) ids = pen_draw_candidates (game, kind == PEN_REWARD_POTION
                                                          ? PEN_DRAW_POTION
                                                          : PEN_DRAW_ARTIFACT);

    for (guint i = 0; i < ids->len; i++)
      {
        const char *id = g_ptr_array_index (ids, i);

        if (pen_card_id_is_placeholder (id) || pen_wizard_find_card (w, id) >= 0)
          continue;
        /* Translators: a reward's card the table drew: "Top of the deck: Triplet" */
        g_ptr_array_add (deck, reward_choice_new (id, FALSE, FALSE,
                                                  g_strdup_printf (_("Top of the deck: %s"),
                                                                   pen_turn_card_name (id))));
      }
    g_ptr_array_sort (deck, by_choice_label);
    g_ptr_array_extend_and_steal (out, g_steal_pointer (&deck));
  }
  g_ptr_array_add (out, reward_choice_new (NULL, FALSE, TRUE,
                                           g_strdup (kind == PEN_REWARD_POTION
                                                     ? _("Top of the deck: another Potion, "
                                                         "name it later")
                                                     : _("Top of the deck: another Artifact, "
                                                         "name it later"))));
  return out;
}

void
pen_reward_card_add (PenGame               *game,
                     PenAction             *take,
                     PenRewardCard          kind,
                     const PenRewardChoice *choice,
                     const char            *reveal)
{
  JsonObject *params;
  JsonArray *items;
  g_autoptr(JsonObject) item = json_object_new ();
  g_autofree char *card = g_strdup (choice != NULL ? choice->card : NULL);

  g_return_if_fail (PEN_IS_GAME (game));
  g_return_if_fail (PEN_IS_ACTION (take));
  g_return_if_fail (kind < PEN_N_REWARD_CARDS);
  g_return_if_fail (choice != NULL);

  params = pen_action_get_params (take);
  if (!json_object_has_member (params, "reward_cards"))
    json_object_set_array_member (params, "reward_cards", json_array_new ());
  items = json_object_get_array_member (params, "reward_cards");
  /* another card: the first placeholder of its type this action does not use yet */
  if (choice->another)
    {
      g_autoptr(GPtrArray) spares = pen_draw_others (game, reward_card_type (kind),
                                                     json_array_get_length (items) + 1);

      g_clear_pointer (&card, g_free);
      for (guint i = 0; i < spares->len && card == NULL; i++)
        {
          const char *id = g_ptr_array_index (spares, i);
          gboolean used = FALSE;

          for (guint j = 0; j < json_array_get_length (items) && !used; j++)
            used = g_strcmp0 (json_object_get_string_member_with_default
                                (json_array_get_object_element (items, j), "card", NULL),
                              id) == 0;
          if (!used)
            card = g_strdup (id);
        }
    }
  json_object_set_string_member (item, "kind", pen_reward_card_to_string (kind));
  json_object_set_string_member (item, "from", choice->market ? "market" : "deck");
  if (card != NULL)
    json_object_set_string_member (item, "card", card);
  if (reveal != NULL && choice->market)
    json_object_set_string_member (item, "reveal", reveal);
  json_array_add_object_element (items, g_steal_pointer (&item));
}
