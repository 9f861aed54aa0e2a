/* pen-action-new.c: typed constructors of PenAction, one for every kind of the kinds table
 *
 * Each builds the parameters as pen_action_new_from_json() reads them, so an action made here
 * is exactly the one a saved log or the CLI gives. Most are one list of parameters (P_INT (),
 * P_STRING () …, written in that order) handed to BUILD (); the few with arrays add those
 * by hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-action.h"
#include "pen-rest.h"

PenAction *
pen_action_new_with_params (const char *kind,
                            JsonObject *params)
{
  g_autoptr(JsonObject) obj = json_object_new ();
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(GError) error = NULL;
  PenAction *action;

  g_return_val_if_fail (kind != NULL, NULL);

  json_object_set_string_member (obj, "action", kind);
  if (params != NULL)
    {
      g_autoptr(GList) members = json_object_get_members (params);

      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (obj, l->data,
                                json_node_copy (json_object_get_member (params, l->data)));
    }
  json_node_set_object (node, obj);
  action = pen_action_new_from_json (node, "$", &error);
  if (action == NULL)
    g_critical ("%s: %s", G_STRFUNC, error->message);
  return action;
}

/* ---- one parameter: its key, when it is written, and its value ---- */

typedef enum
{
  SET_INT,          /* always */
  SET_COUNT,        /* when > 0 */
  SET_NONZERO,      /* when != 0 */
  SET_INDEX,        /* when >= 0 (a slot or an index that may be left out) */
  SET_INT_OR_NULL,  /* the number, or null when < 0 (not known) */
  SET_BOOL,         /* always */
  SET_FLAG,         /* true, only when set */
  SET_STRING,       /* when not NULL */
  SET_OBJECT,       /* when not NULL (transfer none) */
  SET_ARRAY,        /* when not NULL (transfer none) */
  SET_NODE,         /* when not NULL (transfer full) */
} SetWhen;

typedef struct
{
  const char *key;
  SetWhen     when;
  union {
    gint64      number;
    const char *string;
    JsonObject *object;
    JsonArray  *array;
    JsonNode   *node;
  };
} Param;

#define P_INT(k, v)         { .key = (k), .when = SET_INT, .number = (v) }
#define P_COUNT(k, v)       { .key = (k), .when = SET_COUNT, .number = (v) }
#define P_NONZERO(k, v)     { .key = (k), .when = SET_NONZERO, .number = (v) }
#define P_INDEX(k, v)       { .key = (k), .when = SET_INDEX, .number = (v) }
#define P_INT_OR_NULL(k, v) { .key = (k), .when = SET_INT_OR_NULL, .number = (v) }
#define P_BOOL(k, v)        { .key = (k), .when = SET_BOOL, .number = !!(v) }
#define P_FLAG(k, v)        { .key = (k), .when = SET_FLAG, .number = !!(v) }
#define P_STRING(k, v)      { .key = (k), .when = SET_STRING, .string = (v) }
#define P_OBJECT(k, v)      { .key = (k), .when = SET_OBJECT, .object = (v) }
#define P_ARRAY(k, v)       { .key = (k), .when = SET_ARRAY, .array = (v) }
#define P_NODE(k, v)        { .key = (k), .when = SET_NODE, .node = (v) }

static void
add_params (JsonObject  *params,
            const Param *list,
            guint        n)
{
  for (guint i = 0; i < n; i++)
    {
      const Param *p = &list[i];

      switch (p->when)
        {
        case SET_COUNT:
        case SET_NONZERO:
        case SET_INDEX:
          if ((p->when == SET_COUNT && p->number <= 0) || (p->when == SET_NONZERO && p->number == 0)
              || (p->when == SET_INDEX && p->number < 0))
            break;
          G_GNUC_FALLTHROUGH;
        case SET_INT:
          json_object_set_int_member (params, p->key, p->number);
          break;
        case SET_INT_OR_NULL:
          if (p->number < 0)
            json_object_set_null_member (params, p->key);
          else
            json_object_set_int_member (params, p->key, p->number);
          break;
        case SET_FLAG:
          if (!p->number)
            break;
          G_GNUC_FALLTHROUGH;
        case SET_BOOL:
          json_object_set_boolean_member (params, p->key, p->number);
          break;
        case SET_STRING:
          if (p->string != NULL)
            json_object_set_string_member (params, p->key, p->string);
          break;
        case SET_OBJECT:
          if (p->object != NULL)
            json_object_set_object_member (params, p->key, json_object_ref (p->object));
          break;
        case SET_ARRAY:
          if (p->array != NULL)
            json_object_set_array_member (params, p->key, json_array_ref (p->array));
          break;
        case SET_NODE:
          if (p->node != NULL)
            json_object_set_member (params, p->key, p->node);
          break;
        default:
          g_assert_not_reached ();
        }
    }
}

/* params (NULL: none yet) with list added, then the action: every constructor ends here */
static PenAction *
build (const char  *kind,
       JsonObject  *params,
       const Param *list,
       guint        n)
{
  g_autoptr(JsonObject) all = params != NULL ? json_object_ref (params) : json_object_new ();

  add_params (all, list, n);
  return pen_action_new_with_params (kind, all);
}

/* the wizard (its place in the turn order), with a die of its supply or a card */
#define P_WIZARD(w)  P_INT ("wizard", (w))
#define P_DIE(w, i)  P_WIZARD (w), P_INT ("index", (i))
#define P_CARD(w, c) P_WIZARD (w), P_STRING ("card", (c))

/* BUILD (kind, P_… (), …): the action of kind with these parameters, in this order */
#define PARAMS(...) (const Param[]) { __VA_ARGS__ }, \
                    G_N_ELEMENTS (((const Param[]) { __VA_ARGS__ }))
#define BUILD(kind, ...) build ((kind), NULL, PARAMS (__VA_ARGS__))

/* ---- the constructors, in the order of pen-action.h ---- */

PenAction *
pen_action_new_die_gain (guint    wizard,
                         PenColor color,
                         gboolean temporary)
{
  return BUILD ("die-gain", P_WIZARD (wizard),
                P_STRING ("color", pen_color_to_string (color)),
                P_FLAG ("temporary", temporary));
}

PenAction *
pen_action_new_die_discard (guint wizard,
                            guint index)
{
  return BUILD ("die-discard", P_DIE (wizard, index));
}

PenAction *
pen_action_new_die_place (guint wizard,
                          guint index)
{
  return BUILD ("die-place", P_DIE (wizard, index));
}

PenAction *
pen_action_new_die_set (guint wizard,
                        guint index,
                        guint value)
{
  return BUILD ("die-set", P_DIE (wizard, index), P_INT ("value", value));
}

PenAction *
pen_action_new_die_flip (guint    wizard,
                         guint    index,
                         gboolean primagic)
{
  return BUILD ("die-flip", P_DIE (wizard, index), P_FLAG ("primagic", primagic));
}

PenAction *
pen_action_new_die_adjust (guint    wizard,
                           guint    index,
                           int      delta,
                           gboolean primagic)
{
  return BUILD ("die-adjust", P_DIE (wizard, index),
                P_INT ("delta", delta), P_FLAG ("primagic", primagic));
}

PenAction *
pen_action_new_die_reroll (guint    wizard,
                           guint    index,
                           gboolean primagic)
{
  return BUILD ("die-reroll", P_DIE (wizard, index), P_FLAG ("primagic", primagic));
}

PenAction *
pen_action_new_die_recolor (guint    wizard,
                            guint    index,
                            PenColor color)
{
  return BUILD ("die-recolor", P_DIE (wizard, index),
                P_STRING ("color", pen_color_to_string (color)));
}

static PenAction *
ingredient (const char    *kind,
            guint          wizard,
            PenIngredient  what,
            guint          count)
{
  return BUILD (kind, P_WIZARD (wizard), P_STRING ("ingredient", pen_ingredient_to_string (what)),
                P_INT ("count", count));
}

PenAction *
pen_action_new_ingredient_gain (guint         wizard,
                                PenIngredient what,
                                guint         count)
{
  return ingredient ("ingredient-gain", wizard, what, count);
}

PenAction *
pen_action_new_ingredient_spend (guint         wizard,
                                 PenIngredient what,
                                 guint         count)
{
  return ingredient ("ingredient-spend", wizard, what, count);
}

PenAction *
pen_action_new_mark_gain (guint       wizard,
                          PenMarkKind kind)
{
  return BUILD ("mark-gain", P_WIZARD (wizard), P_STRING ("kind", pen_mark_kind_to_string (kind)));
}

PenAction *
pen_action_new_mark (const char *op,
                     guint       wizard,
                     guint       cell)
{
  static const char * const ops[] = { "use", "recharge", "wound", "heal", "blood", NULL };
  g_autofree char *kind = NULL;

  g_return_val_if_fail (op != NULL && g_strv_contains (ops, op), NULL);

  kind = g_strconcat ("mark-", op, NULL);
  return BUILD (kind, P_WIZARD (wizard), P_INT ("cell", cell));
}

PenAction *
pen_action_new_card_gain (guint       wizard,
                          const char *card,
                          const char *zone)
{
  return BUILD ("card-gain", P_CARD (wizard, card), P_STRING ("zone", zone));
}

PenAction *
pen_action_new_card_rotate (guint       wizard,
                            const char *card,
                            gboolean    rotated)
{
  return BUILD ("card-rotate", P_CARD (wizard, card), P_BOOL ("rotated", rotated));
}

PenAction *
pen_action_new_card_move (guint       wizard,
                          const char *card,
                          const char *zone)
{
  return BUILD ("card-move", P_CARD (wizard, card), P_STRING ("zone", zone));
}

PenAction *
pen_action_new_card_discard (guint       wizard,
                             const char *card)
{
  return BUILD ("card-discard", P_CARD (wizard, card));
}

PenAction *
pen_action_new_contract_take (guint       wizard,
                              int         slot,
                              const char *card)
{
  return BUILD ("contract-take", P_CARD (wizard, card), P_INDEX ("slot", slot));
}

PenAction *
pen_action_new_contract_reserve (guint       wizard,
                                 int         slot,
                                 const char *card)
{
  return BUILD ("contract-reserve", P_CARD (wizard, card), P_INDEX ("slot", slot));
}

/* A Trial of the row (index), or the wizard's reserved one named by card (index < 0) */
#define P_TRIAL(index, card) P_STRING ("card", (index) < 0 ? (card) : NULL), \
                             P_INDEX ("index", (index))

PenAction *
pen_action_new_trial_take (guint       wizard,
                           int         index,
                           const char *card,
                           PenPath     path)
{
  return BUILD ("trial-take", P_WIZARD (wizard), P_TRIAL (index, card),
                P_STRING ("path", pen_path_to_string (path)));
}

PenAction *
pen_action_new_trial_fail (guint       wizard,
                           int         index,
                           const char *card)
{
  return BUILD ("trial-fail", P_WIZARD (wizard), P_TRIAL (index, card));
}

PenAction *
pen_action_new_trial_reserve (guint wizard,
                              guint index)
{
  return BUILD ("trial-reserve", P_DIE (wizard, index));
}

PenAction *
pen_action_new_trial_begin (guint       wizard,
                            int         index,
                            const char *card,
                            JsonObject *properties)
{
  return BUILD ("trial-begin", P_WIZARD (wizard), P_TRIAL (index, card),
                P_OBJECT ("properties", properties));
}

PenAction *
pen_action_new_trial_begin_with (guint             wizard,
                                 int               index,
                                 const char       *card,
                                 guint             rift,
                                 guint             vigilance,
                                 PenTrialProperty  flags,
                                 const char       *shield_task)
{
  g_autoptr(JsonObject) properties = json_object_new ();

  if (flags & (PEN_TRIAL_RIFT | PEN_TRIAL_VIGILANCE))
    {
      g_critical ("%s: Rift and Vigilance are given by their X, not among the flags", G_STRFUNC);
      return NULL;
    }
  if (rift > 0)
    json_object_set_int_member (properties, pen_trial_property_to_string (PEN_TRIAL_RIFT), rift);
  if (vigilance > 0)
    json_object_set_int_member (properties, pen_trial_property_to_string (PEN_TRIAL_VIGILANCE),
                                vigilance);
  for (guint i = 0; i < PEN_N_TRIAL_PROPERTIES; i++)
    {
      PenTrialProperty p = 1u << i;
      const char *key = pen_trial_property_to_string (p);

      if (!(flags & p))
        continue;
      if (p == PEN_TRIAL_SHIELD && shield_task != NULL && *shield_task != '\0')
        json_object_set_string_member (properties, key, shield_task);
      else
        json_object_set_boolean_member (properties, key, TRUE);
    }
  return pen_action_new_trial_begin (wizard, index, card, properties);
}

PenAction *
pen_action_new_trial_property (const char *cancel,
                               const char *with,
                               gboolean    shield_done)
{
  return BUILD ("trial-property", P_STRING ("cancel", cancel), P_STRING ("with", with),
                P_FLAG ("shield_done", shield_done));
}

PenAction *
pen_action_new_vigilance_use (guint count)
{
  return BUILD ("vigilance-use", P_INT ("count", count));
}

PenAction *
pen_action_new_fate (guint wizard,
                     int   light,
                     int   dark)
{
  return BUILD ("fate", P_WIZARD (wizard), P_NONZERO ("light", light), P_NONZERO ("dark", dark));
}

PenAction *
pen_action_new_mortal_wound (guint wizard)
{
  return BUILD ("mortal-wound", P_WIZARD (wizard));
}

PenAction *
pen_action_new_turn_start (PenTurnKind kind)
{
  return BUILD ("turn-start", P_STRING ("kind", pen_turn_kind_to_string (kind)));
}

PenAction *
pen_action_new_turn_end (const char *reveal,
                         const char *contract_id)
{
  return BUILD ("turn-end", P_STRING ("reveal", reveal), P_STRING ("contract", contract_id));
}

PenAction *
pen_action_new_fate_reveal (const char *card)
{
  return BUILD ("fate-reveal", P_STRING ("card", card));
}

PenAction *
pen_action_new_goal_vp (guint       wizard,
                        const char *goal,
                        int         vp)
{
  return BUILD ("goal-vp", P_WIZARD (wizard), P_STRING ("goal", goal), P_INT_OR_NULL ("vp", vp));
}

PenAction *
pen_action_new_setting_hide_odds (gboolean hide_odds)
{
  return BUILD ("setting", P_BOOL ("hide_odds", hide_odds));
}

PenAction *
pen_action_new_board_value (guint cell,
                            guint value)
{
  return BUILD ("board-value", P_INT ("cell", cell), P_INT ("value", value));
}

PenAction *
pen_action_new_resume (JsonNode  *table,
                       JsonArray *earlier)
{
  g_return_val_if_fail (table != NULL, NULL);

  return BUILD ("resume", P_NODE ("table", json_node_copy (table)), P_ARRAY ("earlier", earlier));
}

PenAction *
pen_action_new_card_identify (const char *card,
                              const char *as)
{
  return BUILD ("card-identify", P_STRING ("card", card), P_STRING ("as", as));
}

PenAction *
pen_action_new_card_identify_full (const char *card,
                                   const char *as,
                                   JsonObject *entry,
                                   JsonObject *values)
{
  return BUILD ("card-identify", P_STRING ("card", card), P_STRING ("as", as),
                P_OBJECT ("entry", entry), P_OBJECT ("values", values));
}

static JsonArray *
int_array (const gint *values,
           guint       n)
{
  JsonArray *array = json_array_sized_new (n);

  for (guint i = 0; i < n; i++)
    json_array_add_int_element (array, values[i]);
  return array;
}

static JsonArray *
uint_array (const guint *values,
            guint        n)
{
  JsonArray *array = json_array_sized_new (n);

  for (guint i = 0; i < n; i++)
    json_array_add_int_element (array, values[i]);
  return array;
}

PenAction *
pen_action_new_place (guint                wizard,
                      guint                index,
                      const char          *location,
                      const char          *section,
                      guint                value,
                      guint                threat,
                      int                  slot,
                      const char          *card,
                      const PenIngredient *resource,
                      guint                n_resource)
{
  g_autoptr(JsonArray) gave = NULL;

  g_return_val_if_fail (location != NULL && section != NULL, NULL);
  g_return_val_if_fail (value <= 6 && threat <= 6, NULL);
  g_return_val_if_fail (resource != NULL || n_resource == 0, NULL);

  /* what each Resource die gave: one ingredient each */
  for (guint i = 0; i < n_resource; i++)
    {
      JsonObject *one;

      g_return_val_if_fail (resource[i] < PEN_N_INGREDIENTS, NULL);
      one = json_object_new ();
      if (gave == NULL)
        gave = json_array_sized_new (n_resource);
      json_object_set_int_member (one, pen_ingredient_to_string (resource[i]), 1);
      json_array_add_object_element (gave, one);
    }
  return BUILD ("place", P_DIE (wizard, index),
                P_STRING ("location", location), P_STRING ("section", section),
                P_COUNT ("value", value), P_COUNT ("threat", threat), P_INDEX ("slot", slot),
                P_STRING ("card", card), P_ARRAY ("resource", gave));
}

PenAction *
pen_action_new_correct (const char *target,
                        JsonNode   *value)
{
  return BUILD ("correct", P_STRING ("target", target), P_NODE ("value", value));
}

PenAction *
pen_action_new_correct_int (const char *target,
                            gint64      value)
{
  return BUILD ("correct", P_STRING ("target", target), P_INT ("value", value));
}

PenAction *
pen_action_new_correct_string (const char *target,
                               const char *value)
{
  g_return_val_if_fail (value != NULL, NULL);

  return BUILD ("correct", P_STRING ("target", target), P_STRING ("value", value));
}

PenAction *
pen_action_new_recount (JsonArray *corrections)
{
  return BUILD ("recount", P_ARRAY ("corrections", corrections));
}

PenAction *
pen_action_new_prophecy_fulfil (const char *card,
                                gboolean    on_last_turn)
{
  return BUILD ("prophecy-fulfil", P_STRING ("card", card), P_FLAG ("on_last_turn", on_last_turn));
}

PenAction *
pen_action_new_rival_turn (const char *reveal,
                           const char *contract_id)
{
  return BUILD ("rival-turn", P_STRING ("reveal", reveal), P_STRING ("contract", contract_id));
}

PenAction *
pen_action_new_exchange (guint        wizard,
                         const guint *give,
                         const guint *get)
{
  g_autoptr(JsonObject) give_counts = pen_rest_counts_to_json (give);
  g_autoptr(JsonObject) get_counts = pen_rest_counts_to_json (get);

  return BUILD ("exchange", P_WIZARD (wizard), P_OBJECT ("give", give_counts),
                P_OBJECT ("get", get_counts));
}

PenAction *
pen_action_new_brew (guint       wizard,
                     const char *card,
                     JsonObject *pay)
{
  return BUILD ("brew", P_CARD (wizard, card), P_OBJECT ("pay", pay));
}

PenAction *
pen_action_new_buy (guint       wizard,
                    const char *card,
                    JsonObject *pay,
                    const char *reveal)
{
  return BUILD ("buy", P_CARD (wizard, card), P_OBJECT ("pay", pay), P_STRING ("reveal", reveal));
}

PenAction *
pen_action_new_knock_out (guint wizard,
                          guint discard,
                          guint placed)
{
  return BUILD ("knock-out", P_WIZARD (wizard), P_INT ("discard", discard),
                P_INT ("placed", placed));
}

PenAction *
pen_action_new_bribe (guint               wizard,
                      const char         *market,
                      const char * const *reveal)
{
  g_autoptr(JsonArray) arr = NULL;

  if (reveal != NULL)
    {
      arr = json_array_new ();
      for (guint i = 0; reveal[i] != NULL; i++)
        json_array_add_string_element (arr, reveal[i]);
    }
  return BUILD ("bribe", P_WIZARD (wizard), P_STRING ("market", market), P_ARRAY ("reveal", arr));
}

PenAction *
pen_action_new_brew_paid (guint        wizard,
                          const char  *card,
                          const guint *pay)
{
  g_autoptr(JsonObject) counts = pay != NULL ? pen_rest_counts_to_json (pay) : NULL;

  return pen_action_new_brew (wizard, card, counts);
}

PenAction *
pen_action_new_buy_paid (guint        wizard,
                         const char  *card,
                         const guint *pay,
                         const char  *reveal)
{
  g_autoptr(JsonObject) counts = pay != NULL ? pen_rest_counts_to_json (pay) : NULL;

  return pen_action_new_buy (wizard, card, counts, reveal);
}

PenAction *
pen_action_new_task_pay (guint        wizard,
                         const guint *dice,
                         guint        n_dice,
                         const guint *ingredients,
                         const guint *marks,
                         guint        n_marks)
{
  g_autoptr(JsonArray) dice_array = uint_array (dice, n_dice);
  g_autoptr(JsonObject) counts = pen_rest_counts_to_json (ingredients);
  g_autoptr(JsonArray) marks_array = uint_array (marks, n_marks);

  return BUILD ("task-pay", P_WIZARD (wizard), P_ARRAY ("dice", dice_array),
                P_OBJECT ("ingredients", counts), P_ARRAY ("marks", marks_array));
}

PenAction *
pen_action_new_resource_gain (const char  *event,
                              guint        n_gains,
                              const guint *wizards,
                              const guint *counts)
{
  g_autoptr(JsonArray) gains = json_array_sized_new (n_gains);

  for (guint i = 0; i < n_gains; i++)
    {
      JsonObject *gain = json_object_new ();

      json_object_set_int_member (gain, "wizard", wizards[i]);
      json_object_set_object_member (gain, "ingredients",
                                     pen_rest_counts_to_json (counts + i * PEN_N_INGREDIENTS));
      json_array_add_object_element (gains, gain);
    }
  return BUILD ("resource-gain", P_ARRAY ("gains", gains), P_STRING ("event", event));
}

PenAction *
pen_action_new_resource_roll (const char  *event,
                              guint        n_gains,
                              const guint *wizards)
{
  g_autoptr(JsonArray) gains = json_array_sized_new (n_gains);

  for (guint i = 0; i < n_gains; i++)
    {
      JsonObject *gain = json_object_new ();

      json_object_set_int_member (gain, "wizard", wizards[i]);
      json_object_set_boolean_member (gain, "roll", TRUE);
      json_array_add_object_element (gains, gain);
    }
  return BUILD ("resource-gain", P_ARRAY ("gains", gains), P_STRING ("event", event));
}

PenAction *
pen_action_new_threat (guint                wizard,
                       const PenThreatPrep *prep,
                       const guint8        *dice,
                       guint                n_dice,
                       const gint          *adjust,
                       const gint          *picks,
                       const char          *source)
{
  g_autoptr(JsonObject) params = json_object_new ();
  g_autoptr(JsonArray) adjust_array = adjust != NULL ? int_array (adjust, n_dice) : NULL;
  g_autoptr(JsonArray) picks_array = picks != NULL ? int_array (picks, n_dice) : NULL;
  g_autoptr(JsonObject) extra = NULL;

  g_return_val_if_fail (prep == NULL || prep->defend == 0 || prep->defend_dice != NULL, NULL);

  json_object_set_int_member (params, "wizard", wizard);
  if (prep != NULL)
    {
      g_autoptr(JsonArray) defend = NULL;

      for (guint i = 0; i < prep->defend; i++)
        {
          if (defend == NULL)
            defend = json_array_sized_new (prep->defend);
          json_array_add_int_element (defend, prep->defend_dice[i]);
        }
      add_params (params, PARAMS (P_INT ("threat", prep->threat),
                                  P_COUNT ("uncancellable", prep->uncancellable),
                                  P_COUNT ("discard", prep->discard),
                                  P_FLAG ("discard_all", prep->discard_all),
                                  P_ARRAY ("defend", defend),
                                  P_COUNT ("defend_placed", prep->defend_placed),
                                  P_COUNT ("rift", prep->rift)));
    }
  /* the faces rolled, or how many dice the game rolls */
  if (dice != NULL)
    {
      JsonArray *faces = json_array_sized_new (n_dice);

      for (guint i = 0; i < n_dice; i++)
        json_array_add_int_element (faces, dice[i]);
      json_object_set_array_member (params, "dice", faces);
    }
  else
    json_object_set_int_member (params, "count", n_dice);
  if (source != NULL && *source != '\0')
    {
      extra = json_object_new ();
      json_object_set_string_member (extra, "source", source);
    }
  return build ("threat", params,
                PARAMS (P_ARRAY ("adjust", adjust_array), P_ARRAY ("picks", picks_array),
                        P_OBJECT ("extra", extra)));
}
