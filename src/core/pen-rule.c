/* pen-rule.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-json.h"
#include "pen-rule.h"

/* A refusal carries, besides its English message (for the CLI), what the table is short of in
 * the interface language: pen_rule_refuse_said () */
typedef struct
{
  char *said;
} PenRuleErrorPrivate;

static void
pen_rule_error_private_init (PenRuleErrorPrivate *priv)
{
  priv->said = NULL;
}

static void
pen_rule_error_private_copy (const PenRuleErrorPrivate *src,
                             PenRuleErrorPrivate       *dest)
{
  dest->said = g_strdup (src->said);
}

static void
pen_rule_error_private_clear (PenRuleErrorPrivate *priv)
{
  g_clear_pointer (&priv->said, g_free);
}

G_DEFINE_EXTENDED_ERROR (PenRuleError, pen_rule_error)

static const struct
{
  const char *id;
  const char *reason;
} rules[PEN_N_RULES] = {
  [PEN_RULE_NONE] = { "none", N_("No rule") },
  [PEN_RULE_TRIAL_ON_TRIAL_TURN] = {
    "trial-only-on-trial-turn", N_("A Trial is attempted only on a Trial turn") },
  [PEN_RULE_ONE_TRIAL_PER_TURN] = {
    "one-trial-per-turn", N_("A Trial turn attempts one Trial") },
  [PEN_RULE_CONTRACT_ON_STUDY_TURN] = {
    "contract-only-on-study-turn", N_("A Contract is fulfilled only on a Study turn") },
  [PEN_RULE_CONTRACT_NEEDS_GUILD] = {
    "contract-needs-guild-placement",
    N_("Each Contract fulfilled needs a die placed in the Guild this turn") },
  [PEN_RULE_CURRENT_PLAYER] = {
    "current-player-only", N_("Only the player whose turn it is may do this") },
  [PEN_RULE_MORTAL_WOUND_ENDS_TURN] = {
    "mortal-wound-ends-turn",
    N_("A Mortal Wound ends the turn at once: no more placements, Contracts or Trials") },
  [PEN_RULE_PLACEMENT_ON_STUDY_TURN] = {
    "placement-only-on-study-turn", N_("Dice are placed in locations only on a Study turn") },
  [PEN_RULE_PLACEMENTS_PER_TURN] = {
    "placements-per-turn",
    /* the Trinket's extra placement is its own rule (trinket-once-per-turn): the refusal
     * offers it only to a wizard who has one (play finding R7) */
    N_("A Study turn has two placements, and the first round one") },
  [PEN_RULE_TRINKET_ONCE] = {
    "trinket-once-per-turn", N_("A Trinket buys one more placement once per turn") },
  [PEN_RULE_REST_AFTER_MORTAL_WOUND] = {
    "rest-after-mortal-wound", N_("After a Mortal Wound the next turn is a Rest") },
  [PEN_RULE_ONE_MORTAL_WOUND] = {
    "one-mortal-wound-per-turn", N_("A Wizard gains at most one Mortal Wound card per turn") },
  [PEN_RULE_RESERVED_TRIAL_ONLY] = {
    "reserved-trial-only", N_("A Wizard holding a reserved Trial may attempt no other") },
  [PEN_RULE_ONE_RESERVED_TRIAL] = {
    "one-reserved-trial", N_("A Wizard reserves at most one Trial") },
  [PEN_RULE_URGENT_NOT_RESERVED] = {
    "urgent-contract-not-reserved", N_("An Urgent Contract cannot be reserved") },
  [PEN_RULE_SHIELD_FIRST] = {
    "shield-task-first", N_("The Shield's task comes before the task of either path") },
  [PEN_RULE_FATE_ON_TRIAL_OR_REST] = {
    "fate-only-after-trial-or-rest", N_("Only a Trial or Rest turn reveals a Fate card") },
  [PEN_RULE_RIFT_BEFORE_ROLL] = {
    "rift-before-roll", N_("Rift's dice are chosen and discarded before the Threat roll") },
  [PEN_RULE_NOT_ON_THIS_TURN] = {
    "not-on-this-turn",
    N_("Not on this kind of turn: the rules allow it only on some turns of its player") },
  [PEN_RULE_BIND_DURING_STUDY] = {
    "bind-during-study", N_("Bind reserves a Contract during the player's own Study turn") },
  [PEN_RULE_BIND_CITY_PLACEMENT] = {
    "bind-city-placement", N_("Bind is used once per placement in the City") },
  [PEN_RULE_CELL_CONDITION] = {
    "cell-condition", N_("A die goes only in a cell whose condition it meets") },
  [PEN_RULE_CELL_TAKEN] = {
    "cell-taken",
    N_("A cell holds one die: a Red die knocks out a lower one, Appear places outside") },
  [PEN_RULE_LOCATION_COST] = {
    "location-cost",
    N_("A location's effect is paid in full: the Mark's Arcana, the Sanctuary's Blood") },
  [PEN_RULE_LOCATION_GIVES] = {
    "location-gives",
    N_("A location gives its own cards: a Class its Discipline's, the Brewery Potions, the "
       "Shop Artifacts; never a second card of a name") },
  [PEN_RULE_SHOP_ONE_ARTIFACT] = {
    "shop-one-artifact", N_("One placement in the Shop buys one Artifact") },
  [PEN_RULE_CLASS_IN_GAME] = {
    "class-in-game", N_("Only the four Classes laid out at set-up are in the game") },
  [PEN_RULE_PROPHECY_CONDITION] = {
    "prophecy-condition",
    N_("A Prophecy is fulfilled when the condition printed on it is met") },
  [PEN_RULE_FATE_PRINTED_ORDER] = {
    "fate-printed-order",
    N_("The first-game Fate deck lies in the order the rulebook prints: its top card comes "
       "next") },
  [PEN_RULE_CONTRACT_TASK] = {
    "contract-task",
    N_("A Contract is fulfilled when its task is done: its cost is paid in full") },
  [PEN_RULE_STACK_DIFFICULTY] = {
    "stack-difficulty",
    N_("A Trial of the starting row is of Difficulty 1, one of a Fate stack of the stack's") },
  [PEN_RULE_BRIBE_DURING_STUDY] = {
    "bribe-during-study",
    N_("Bribe refreshes a market for 1 Jewel during the player's own Study turn") },
  [PEN_RULE_KNOCK_OUT] = {
    "knock-out",
    N_("Knock Out: a Red die takes the place of a lower placed die, or a Red die discarded "
       "discards a placed die") },
  [PEN_RULE_CARD_STILL_POSSIBLE] = {
    "card-still-possible",
    N_("The box holds one of each card: a card turned up is none out of the game, none the "
       "table saw put elsewhere, none set aside at set-up") },
  [PEN_RULE_TRIAL_TASK] = {
    "trial-task",
    N_("A Trial is passed when the task of the chosen path is done: its cost is paid in "
       "full") },
  [PEN_RULE_DEFEND] = {
    "defend",
    N_("DEFEND: each Yellow die discarded from the supply discards one Threat die of the "
       "roll") },
  [PEN_RULE_MARKET_CURRENCY] = {
    "market-currency",
    N_("The Brewery sells Potions for Jewels, the Shop Artifacts for Jewels and Trinkets") },
};

const char *
pen_rule_to_string (PenRule rule)
{
  return rule < PEN_N_RULES ? rules[rule].id : NULL;
}

PenRule
pen_rule_from_string (const char *id)
{
  for (guint i = 1; i < PEN_N_RULES && id != NULL; i++)
    if (g_str_equal (rules[i].id, id))
      return i;
  return PEN_RULE_NONE;
}

const char *
pen_rule_get_reason (PenRule rule)
{
  return rule < PEN_N_RULES ? rules[rule].reason : NULL;
}

const char *
pen_rule_get_label (PenRule rule)
{
  return rule < PEN_N_RULES ? _(rules[rule].reason) : NULL;
}

const char *
pen_rule_get_error_label (const GError *error)
{
  PenRule rule = pen_rule_from_error (error);

  if (rule == PEN_RULE_NONE)
    return NULL;
  if (pen_rule_error_get_private (error)->said != NULL)
    return pen_rule_error_get_private (error)->said;
  return pen_rule_get_label (rule);
}

PenRule
pen_rule_from_error (const GError *error)
{
  if (error == NULL || error->domain != PEN_RULE_ERROR || error->code <= PEN_RULE_NONE
      || error->code >= PEN_N_RULES)
    return PEN_RULE_NONE;
  return error->code;
}

/* ---- the context of one apply ---- */

typedef struct
{
  gboolean  override_all;
  guint64   override_mask;  /* 1 << rule */
  GArray   *overridden;     /* guint PenRule */
  GArray   *faces;          /* guint */
  guint     next_face;
  GArray   *rolled;         /* guint PenColor, every die rolled */
  GArray   *missing;        /* guint PenColor, physical dice without a face */
  gboolean  collect;
} Context;

G_STATIC_ASSERT (PEN_N_RULES <= 64);

static GQuark
context_quark (void)
{
  return g_quark_from_static_string ("pen-rule-context");
}

static void
context_free (gpointer data)
{
  Context *c = data;

  g_clear_pointer (&c->overridden, g_array_unref);
  g_clear_pointer (&c->faces, g_array_unref);
  g_clear_pointer (&c->rolled, g_array_unref);
  g_clear_pointer (&c->missing, g_array_unref);
  g_free (c);
}

static Context *
get_context (PenTable *table)
{
  return g_object_get_qdata (G_OBJECT (table), context_quark ());
}

gboolean
pen_rule_begin (PenTable    *table,
                JsonObject  *params,
                gboolean     collect,
                GError     **error)
{
  Context *c = g_new0 (Context, 1);
  JsonNode *node;

  c->overridden = g_array_new (FALSE, FALSE, sizeof (guint));
  c->faces = g_array_new (FALSE, FALSE, sizeof (guint));
  c->rolled = g_array_new (FALSE, FALSE, sizeof (guint));
  c->missing = g_array_new (FALSE, FALSE, sizeof (guint));
  c->collect = collect;
  /* set first, so pen_rule_end () always finds it */
  g_object_set_qdata_full (G_OBJECT (table), context_quark (), c, context_free);

  if ((node = json_object_get_member (params, "override")) != NULL)
    {
      if (JSON_NODE_HOLDS_ARRAY (node))
        {
          JsonArray *arr = json_node_get_array (node);

          for (guint i = 0; i < json_array_get_length (arr); i++)
            {
              JsonNode *e = json_array_get_element (arr, i);
              PenRule rule = PEN_RULE_NONE;

              if (JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_STRING)
                rule = pen_rule_from_string (json_node_get_string (e));
              if (rule == PEN_RULE_NONE)
                {
                  g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                               "$.override[%u]: expected a rule id", i);
                  return FALSE;
                }
              c->override_mask |= G_GUINT64_CONSTANT (1) << rule;
            }
        }
      else if (!pen_json_get_bool (params, "$", "override", TRUE, &c->override_all, error))
        {
          g_prefix_error (error, "(true, false or a list of rule ids) ");
          return FALSE;
        }
    }

  if ((node = json_object_get_member (params, "faces")) != NULL)
    {
      JsonArray *arr;

      if (!(arr = pen_json_expect_array (node, "$.faces", error)))
        return FALSE;
      if (json_array_get_length (arr) > 60)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.faces: at most 60 faces");
          return FALSE;
        }
      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          g_autofree char *ep = pen_json_path_index ("$.faces", i);
          gint64 v;
          guint face;

          if (!pen_json_node_int (json_array_get_element (arr, i), ep, 1, 6, &v, error))
            return FALSE;
          face = v;
          g_array_append_val (c->faces, face);
        }
    }
  return TRUE;
}

static char *
colour_list (GArray *colours)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < colours->len; i++)
    {
      if (i)
        g_string_append (s, ", ");
      g_string_append (s, pen_color_to_string (g_array_index (colours, guint, i)));
    }
  return g_string_free (s, FALSE);
}

gboolean
pen_rule_end (PenTable   *table,
              gboolean    apply_ok,
              GArray    **overridden,
              GArray    **rolled,
              GError    **error)
{
  Context *c = get_context (table);
  gboolean ok = TRUE;

  g_return_val_if_fail (c != NULL, FALSE);

  if (apply_ok && !c->collect && c->missing->len > 0)
    {
      g_autofree char *list = colour_list (c->missing);

      g_set_error (error, PEN_ERROR, PEN_ERROR_NEEDS_FACES,
                   "$.faces: physical mode: the table rolls %u %s (%s); give %s in this order",
                   c->missing->len, c->missing->len == 1 ? "die" : "dice", list,
                   c->missing->len == 1 ? "its face" : "their faces");
      ok = FALSE;
    }
  else if (apply_ok && !c->collect && c->next_face < c->faces->len)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "$.faces: %u faces given, but the action rolls %u dice", c->faces->len,
                   c->next_face);
      ok = FALSE;
    }

  if (overridden)
    *overridden = g_array_ref (c->overridden);
  if (rolled)
    *rolled = g_array_ref (c->rolled);
  g_object_set_qdata (G_OBJECT (table), context_quark (), NULL);
  return ok;
}

static gboolean
refuse_valist (PenTable    *table,
               PenRule      rule,
               const char  *path,
               GError     **error,
               char        *said,
               const char  *detail,
               va_list      args)
{
  Context *c = get_context (table);
  g_autofree char *more = NULL;
  g_autofree char *owned_said = said;
  GError *local_error = NULL;

  g_return_val_if_fail (rule > PEN_RULE_NONE && rule < PEN_N_RULES, FALSE);

  if (c != NULL && (c->override_all || (c->override_mask & (G_GUINT64_CONSTANT (1) << rule))))
    {
      guint r = rule;

      for (guint i = 0; i < c->overridden->len; i++)
        if (g_array_index (c->overridden, guint, i) == r)
          return TRUE;
      g_array_append_val (c->overridden, r);
      return TRUE;
    }

  if (detail != NULL)
    more = g_strdup_vprintf (detail, args);
  local_error = g_error_new (PEN_RULE_ERROR, rule, "%s: %s%s%s (rule %s; \"override\": true "
                             "does it anyway)", path, rules[rule].reason, more ? ": " : "",
                             more ? more : "", rules[rule].id);
  pen_rule_error_get_private (local_error)->said = g_steal_pointer (&owned_said);
  g_propagate_error (error, local_error);
  return FALSE;
}

gboolean
pen_rule_refuse (PenTable    *table,
                 PenRule      rule,
                 const char  *path,
                 GError     **error,
                 const char  *detail,
                 ...)
{
  va_list args;
  gboolean ok;

  va_start (args, detail);
  ok = refuse_valist (table, rule, path, error, NULL, detail, args);
  va_end (args);
  return ok;
}

gboolean
pen_rule_refuse_said (PenTable    *table,
                      PenRule      rule,
                      const char  *path,
                      GError     **error,
                      char        *said,
                      const char  *detail,
                      ...)
{
  va_list args;
  gboolean ok;

  va_start (args, detail);
  ok = refuse_valist (table, rule, path, error, said, detail, args);
  va_end (args);
  return ok;
}

guint
pen_rule_roll_die (PenTable *table,
                   PenColor  color,
                   gboolean  must_ask)
{
  Context *c = get_context (table);
  guint colour = color;

  if (c == NULL)
    return pen_random_die (pen_table_get_random (table));
  g_array_append_val (c->rolled, colour);
  if (c->next_face < c->faces->len)
    return g_array_index (c->faces, guint, c->next_face++);
  if (c->collect)
    return 1;
  if (must_ask && pen_table_get_table_rolls (table))
    {
      g_array_append_val (c->missing, colour);
      return 1;
    }
  return pen_random_die (pen_table_get_random (table));
}
