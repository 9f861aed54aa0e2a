/* pen-action-new.c: typed constructors of PenAction, one for every kind of the kinds table
 *
 * Each builds the parameters as pen_action_new_from_json() reads them, so an action made here
 * is exactly the one a saved log or the CLI gives.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-action.h"

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

/* the parameters, then the action: every constructor below ends here */
static PenAction *
take (const char *kind,
      JsonObject *params)
{
  PenAction *action = pen_action_new_with_params (kind, params);

  json_object_unref (params);
  return action;
}

static JsonObject *
with_wizard (guint wizard)
{
  JsonObject *params = json_object_new ();

  json_object_set_int_member (params, "wizard", wizard);
  return params;
}

static JsonObject *
with_die (guint wizard,
          guint index)
{
  JsonObject *params = with_wizard (wizard);

  json_object_set_int_member (params, "index", index);
  return params;
}

static void
set_string (JsonObject *params,
            const char *key,
            const char *value)
{
  if (value != NULL)
    json_object_set_string_member (params, key, value);
}

static void
set_true (JsonObject *params,
          const char *key,
          gboolean    value)
{
  if (value)
    json_object_set_boolean_member (params, key, TRUE);
}

static void
set_object (JsonObject *params,
            const char *key,
            JsonObject *value)
{
  if (value != NULL)
    json_object_set_object_member (params, key, json_object_ref (value));
}

PenAction *
pen_action_new_die_gain (guint    wizard,
                         PenColor color,
                         gboolean temporary)
{
  JsonObject *params = with_wizard (wizard);

  json_object_set_string_member (params, "color", pen_color_to_string (color));
  set_true (params, "temporary", temporary);
  return take ("die-gain", params);
}

PenAction *
pen_action_new_die_discard (guint wizard,
                            guint index)
{
  return take ("die-discard", with_die (wizard, index));
}

PenAction *
pen_action_new_die_place (guint wizard,
                          guint index)
{
  return take ("die-place", with_die (wizard, index));
}

PenAction *
pen_action_new_die_set (guint wizard,
                        guint index,
                        guint value)
{
  JsonObject *params = with_die (wizard, index);

  json_object_set_int_member (params, "value", value);
  return take ("die-set", params);
}

PenAction *
pen_action_new_die_flip (guint    wizard,
                         guint    index,
                         gboolean primagic)
{
  JsonObject *params = with_die (wizard, index);

  set_true (params, "primagic", primagic);
  return take ("die-flip", params);
}

PenAction *
pen_action_new_die_adjust (guint    wizard,
                           guint    index,
                           int      delta,
                           gboolean primagic)
{
  JsonObject *params = with_die (wizard, index);

  json_object_set_int_member (params, "delta", delta);
  set_true (params, "primagic", primagic);
  return take ("die-adjust", params);
}

PenAction *
pen_action_new_die_reroll (guint    wizard,
                           guint    index,
                           gboolean primagic)
{
  JsonObject *params = with_die (wizard, index);

  set_true (params, "primagic", primagic);
  return take ("die-reroll", params);
}

PenAction *
pen_action_new_die_recolor (guint    wizard,
                            guint    index,
                            PenColor color)
{
  JsonObject *params = with_die (wizard, index);

  json_object_set_string_member (params, "color", pen_color_to_string (color));
  return take ("die-recolor", params);
}

static PenAction *
ingredient (const char    *kind,
            guint          wizard,
            PenIngredient  what,
            guint          count)
{
  JsonObject *params = with_wizard (wizard);

  json_object_set_string_member (params, "ingredient", pen_ingredient_to_string (what));
  json_object_set_int_member (params, "count", count);
  return take (kind, params);
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
  JsonObject *params = with_wizard (wizard);

  json_object_set_string_member (params, "kind", pen_mark_kind_to_string (kind));
  return take ("mark-gain", params);
}

PenAction *
pen_action_new_mark (const char *op,
                     guint       wizard,
                     guint       cell)
{
  static const char * const ops[] = { "use", "recharge", "wound", "heal", "blood" };
  g_autofree char *kind = NULL;
  JsonObject *params;

  g_return_val_if_fail (op != NULL && g_strv_contains (ops, op), NULL);

  kind = g_strconcat ("mark-", op, NULL);
  params = with_wizard (wizard);
  json_object_set_int_member (params, "cell", cell);
  return take (kind, params);
}

static JsonObject *
with_card (guint       wizard,
           const char *card)
{
  JsonObject *params = with_wizard (wizard);

  set_string (params, "card", card);
  return params;
}

PenAction *
pen_action_new_card_gain (guint       wizard,
                          const char *card,
                          const char *zone)
{
  JsonObject *params = with_card (wizard, card);

  set_string (params, "zone", zone);
  return take ("card-gain", params);
}

PenAction *
pen_action_new_card_rotate (guint       wizard,
                            const char *card,
                            gboolean    rotated)
{
  JsonObject *params = with_card (wizard, card);

  json_object_set_boolean_member (params, "rotated", rotated);
  return take ("card-rotate", params);
}

PenAction *
pen_action_new_card_move (guint       wizard,
                          const char *card,
                          const char *zone)
{
  JsonObject *params = with_card (wizard, card);

  set_string (params, "zone", zone);
  return take ("card-move", params);
}

PenAction *
pen_action_new_card_discard (guint       wizard,
                             const char *card)
{
  return take ("card-discard", with_card (wizard, card));
}

static PenAction *
contract (const char *kind,
          guint       wizard,
          int         slot,
          const char *card)
{
  JsonObject *params = with_card (wizard, card);

  if (slot >= 0)
    json_object_set_int_member (params, "slot", slot);
  return take (kind, params);
}

PenAction *
pen_action_new_contract_take (guint       wizard,
                              int         slot,
                              const char *card)
{
  return contract ("contract-take", wizard, slot, card);
}

PenAction *
pen_action_new_contract_reserve (guint       wizard,
                                 int         slot,
                                 const char *card)
{
  return contract ("contract-reserve", wizard, slot, card);
}

static JsonObject *
with_trial (guint       wizard,
            int         index,
            const char *card)
{
  JsonObject *params = with_card (wizard, index < 0 ? card : NULL);

  if (index >= 0)
    json_object_set_int_member (params, "index", index);
  return params;
}

PenAction *
pen_action_new_trial_take (guint       wizard,
                           int         index,
                           const char *card,
                           PenPath     path)
{
  JsonObject *params = with_trial (wizard, index, card);

  json_object_set_string_member (params, "path", pen_path_to_string (path));
  return take ("trial-take", params);
}

PenAction *
pen_action_new_trial_fail (guint       wizard,
                           int         index,
                           const char *card)
{
  return take ("trial-fail", with_trial (wizard, index, card));
}

PenAction *
pen_action_new_trial_reserve (guint wizard,
                              guint index)
{
  return take ("trial-reserve", with_die (wizard, index));
}

PenAction *
pen_action_new_trial_begin (guint       wizard,
                            int         index,
                            const char *card,
                            JsonObject *properties)
{
  JsonObject *params = with_trial (wizard, index, card);

  set_object (params, "properties", properties);
  return take ("trial-begin", params);
}

PenAction *
pen_action_new_trial_property (const char *cancel,
                               const char *with,
                               gboolean    shield_done)
{
  JsonObject *params = json_object_new ();

  set_string (params, "cancel", cancel);
  set_string (params, "with", with);
  set_true (params, "shield_done", shield_done);
  return take ("trial-property", params);
}

PenAction *
pen_action_new_vigilance_use (guint count)
{
  JsonObject *params = json_object_new ();

  json_object_set_int_member (params, "count", count);
  return take ("vigilance-use", params);
}

PenAction *
pen_action_new_fate (guint wizard,
                     int   light,
                     int   dark)
{
  JsonObject *params = with_wizard (wizard);

  if (light != 0)
    json_object_set_int_member (params, "light", light);
  if (dark != 0)
    json_object_set_int_member (params, "dark", dark);
  return take ("fate", params);
}

PenAction *
pen_action_new_mortal_wound (guint wizard)
{
  return take ("mortal-wound", with_wizard (wizard));
}

PenAction *
pen_action_new_turn_start (PenTurnKind kind)
{
  JsonObject *params = json_object_new ();

  json_object_set_string_member (params, "kind", pen_turn_kind_to_string (kind));
  return take ("turn-start", params);
}

static JsonObject *
with_reveal (const char *reveal,
             const char *contract_id)
{
  JsonObject *params = json_object_new ();

  set_string (params, "reveal", reveal);
  set_string (params, "contract", contract_id);
  return params;
}

PenAction *
pen_action_new_turn_end (const char *reveal,
                         const char *contract_id)
{
  return take ("turn-end", with_reveal (reveal, contract_id));
}

PenAction *
pen_action_new_rival_turn (const char *reveal,
                           const char *contract_id)
{
  return take ("rival-turn", with_reveal (reveal, contract_id));
}

PenAction *
pen_action_new_fate_reveal (const char *card)
{
  JsonObject *params = json_object_new ();

  set_string (params, "card", card);
  return take ("fate-reveal", params);
}

PenAction *
pen_action_new_goal_vp (guint       wizard,
                        const char *goal,
                        int         vp)
{
  JsonObject *params = with_wizard (wizard);

  set_string (params, "goal", goal);
  if (vp < 0)
    json_object_set_null_member (params, "vp");
  else
    json_object_set_int_member (params, "vp", vp);
  return take ("goal-vp", params);
}

PenAction *
pen_action_new_setting_hide_odds (gboolean hide_odds)
{
  JsonObject *params = json_object_new ();

  json_object_set_boolean_member (params, "hide_odds", hide_odds);
  return take ("setting", params);
}

PenAction *
pen_action_new_correct (const char *target,
                        JsonNode   *value)
{
  JsonObject *params = json_object_new ();

  set_string (params, "target", target);
  json_object_set_member (params, "value", value);
  return take ("correct", params);
}

PenAction *
pen_action_new_recount (JsonArray *corrections)
{
  JsonObject *params = json_object_new ();

  json_object_set_array_member (params, "corrections", json_array_ref (corrections));
  return take ("recount", params);
}

PenAction *
pen_action_new_prophecy_fulfil (const char *card)
{
  JsonObject *params = json_object_new ();

  set_string (params, "card", card);
  return take ("prophecy-fulfil", params);
}

static JsonObject *
ingredient_counts (const guint *counts)
{
  JsonObject *obj = json_object_new ();

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (counts[i] > 0)
      json_object_set_int_member (obj, pen_ingredient_to_string (i), counts[i]);
  return obj;
}

PenAction *
pen_action_new_exchange (guint        wizard,
                         const guint *give,
                         const guint *get)
{
  JsonObject *params = with_wizard (wizard);

  json_object_set_object_member (params, "give", ingredient_counts (give));
  json_object_set_object_member (params, "get", ingredient_counts (get));
  return take ("exchange", params);
}

PenAction *
pen_action_new_brew (guint       wizard,
                     const char *card,
                     JsonObject *pay)
{
  JsonObject *params = with_card (wizard, card);

  set_object (params, "pay", pay);
  return take ("brew", params);
}

PenAction *
pen_action_new_buy (guint       wizard,
                    const char *card,
                    JsonObject *pay,
                    const char *reveal)
{
  JsonObject *params = with_card (wizard, card);

  set_object (params, "pay", pay);
  set_string (params, "reveal", reveal);
  return take ("buy", params);
}

PenAction *
pen_action_new_board_value (guint cell,
                            guint value)
{
  JsonObject *params = json_object_new ();

  json_object_set_int_member (params, "cell", cell);
  json_object_set_int_member (params, "value", value);
  return take ("board-value", params);
}

PenAction *
pen_action_new_resume (JsonNode  *table,
                       JsonArray *earlier)
{
  JsonObject *params = json_object_new ();

  json_object_set_member (params, "table", json_node_copy (table));
  if (earlier != NULL)
    json_object_set_array_member (params, "earlier", json_array_ref (earlier));
  return take ("resume", params);
}

PenAction *
pen_action_new_card_identify (const char *card,
                              const char *as)
{
  JsonObject *params = json_object_new ();

  set_string (params, "card", card);
  set_string (params, "as", as);
  return take ("card-identify", params);
}

PenAction *
pen_action_new_card_identify_full (const char *card,
                                   const char *as,
                                   JsonObject *entry,
                                   JsonObject *values)
{
  JsonObject *params = json_object_new ();

  set_string (params, "card", card);
  set_string (params, "as", as);
  set_object (params, "entry", entry);
  set_object (params, "values", values);
  return take ("card-identify", params);
}

static void
set_count (JsonObject *params,
           const char *key,
           guint       value)
{
  if (value > 0)
    json_object_set_int_member (params, key, value);
}

static void
set_ints (JsonObject *params,
          const char *key,
          const gint *values,
          guint       n)
{
  JsonArray *array = json_array_sized_new (n);

  for (guint i = 0; i < n; i++)
    json_array_add_int_element (array, values[i]);
  json_object_set_array_member (params, key, array);
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
  JsonObject *params = with_wizard (wizard);

  if (prep != NULL)
    {
      json_object_set_int_member (params, "threat", prep->threat);
      set_count (params, "uncancellable", prep->uncancellable);
      set_count (params, "discard", prep->discard);
      set_true (params, "discard_all", prep->discard_all);
      if (prep->defend > 0)
        {
          g_autofree gint *defend = g_new (gint, prep->defend);

          g_return_val_if_fail (prep->defend_dice != NULL, NULL);
          for (guint i = 0; i < prep->defend; i++)
            defend[i] = prep->defend_dice[i];
          set_ints (params, "defend", defend, prep->defend);
        }
      set_count (params, "defend_placed", prep->defend_placed);
      set_count (params, "rift", prep->rift);
    }
  if (dice != NULL)
    {
      g_autofree gint *faces = g_new (gint, MAX (n_dice, 1));

      for (guint i = 0; i < n_dice; i++)
        faces[i] = dice[i];
      set_ints (params, "dice", faces, n_dice);
    }
  else
    json_object_set_int_member (params, "count", n_dice);
  if (adjust != NULL)
    set_ints (params, "adjust", adjust, n_dice);
  if (picks != NULL)
    set_ints (params, "picks", picks, n_dice);
  if (source != NULL && *source != '\0')
    {
      JsonObject *extra = json_object_new ();

      json_object_set_string_member (extra, "source", source);
      json_object_set_object_member (params, "extra", extra);
    }
  return take ("threat", params);
}

PenAction *
pen_action_new_task_pay (guint        wizard,
                         const guint *dice,
                         guint        n_dice,
                         const guint *ingredients,
                         const guint *marks,
                         guint        n_marks)
{
  JsonObject *params = with_wizard (wizard);
  JsonArray *array = json_array_new ();

  for (guint i = 0; i < n_dice; i++)
    json_array_add_int_element (array, dice[i]);
  json_object_set_array_member (params, "dice", array);
  json_object_set_object_member (params, "ingredients", ingredient_counts (ingredients));
  array = json_array_new ();
  for (guint i = 0; i < n_marks; i++)
    json_array_add_int_element (array, marks[i]);
  json_object_set_array_member (params, "marks", array);
  return take ("task-pay", params);
}

PenAction *
pen_action_new_resource_gain (const char  *event,
                              guint        n_gains,
                              const guint *wizards,
                              const guint *counts)
{
  JsonObject *params = json_object_new ();
  JsonArray *gains = json_array_new ();

  for (guint i = 0; i < n_gains; i++)
    {
      JsonObject *gain = with_wizard (wizards[i]);

      json_object_set_object_member (gain, "ingredients",
                                     ingredient_counts (counts + i * PEN_N_INGREDIENTS));
      json_array_add_object_element (gains, gain);
    }
  json_object_set_array_member (params, "gains", gains);
  set_string (params, "event", event);
  return take ("resource-gain", params);
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
  JsonObject *params;

  g_return_val_if_fail (location != NULL && section != NULL, NULL);
  g_return_val_if_fail (value <= 6 && threat <= 6, NULL);
  g_return_val_if_fail (resource != NULL || n_resource == 0, NULL);

  params = with_die (wizard, index);
  json_object_set_string_member (params, "location", location);
  json_object_set_string_member (params, "section", section);
  if (value > 0)
    json_object_set_int_member (params, "value", value);
  if (threat > 0)
    json_object_set_int_member (params, "threat", threat);
  if (slot >= 0)
    json_object_set_int_member (params, "slot", slot);
  set_string (params, "card", card);
  if (n_resource > 0)
    {
      JsonArray *gave = json_array_new ();

      for (guint i = 0; i < n_resource; i++)
        {
          JsonObject *one = json_object_new ();

          g_return_val_if_fail (resource[i] < PEN_N_INGREDIENTS, NULL);
          json_object_set_int_member (one, pen_ingredient_to_string (resource[i]), 1);
          json_array_add_object_element (gave, one);
        }
      json_object_set_array_member (params, "resource", gave);
    }
  return take ("place", params);
}
