/* pen-cli-task.c: `penumbra-cli task` (contract: ../shared/spec/cli.md)
 *
 * Input:  {"wizard": WIZARD, "task": TASK, "experience": {"monsters": 1, …}}
 *         "experience" (counts 0..999 per symbol) is optional and read only by have-experience;
 *         "seed" is accepted and ignored (nothing here is random).
 *
 * TASK, by kind (the solver and every default it follows: ../core/pen-tasks.h):
 *   {"kind": "discard-ingredients", "ingredients": {"crystal": 3, "blood": 1},
 *    "blood_source": "marks-first" | "supply-first" | "supply-only"}
 *   {"kind": "discard-sum", "colors": ["red", "purple"], "at_least": 8}
 *   {"kind": "discard-exact", "colors": ["yellow", "blue"], "values": [2, 4]}
 *   {"kind": "roll-sum", "color": "yellow", "count": 2, "at_least": 7, "rolled": [3, 2]}
 *   {"kind": "withstand", "threat": 3}
 *   {"kind": "have-experience", "symbols": {"monsters": 2}}
 * and on every kind, optionally:
 *   "suppress_crystals": true  Crystal Suppression: no Crystal may be paid or spent;
 *   "max_crystals": 0..12      the most Crystals to spend on manipulation (default: all);
 *   "shield": {"kind": "discard-sum" | "discard-exact", "colors": […], "at_least" | "values"}
 *             the Shield property: paid first, with other dice than the task's own; the two are
 *             chosen together, so the cheapest pair of disjoint sets wins;
 *   "weights": {"spark": 300, "temporary": 10, …} overrides of the die weights (0..10000).
 * Only "bone" dice may be any die and coloured dice may be Spark dice (rulebook, Tasks).
 *
 * Output, one object; "feasible" and "use" always come first:
 *   feasible            bool: the task (and its Shield) can be done now; for roll-sum, the wizard
 *                       has the dice to roll; withstand can always be attempted
 *   use                 [int]: supply indices the solver spends (task and Shield), ascending;
 *                       [] when not feasible (nothing is spent then)
 *   discard-ingredients:
 *     pay               {ingredient: n}: taken from the ingredient supply (non-zero only)
 *     blood_from_marks  int: Blood paid by flipping wounded Marks (Wounded → Discharged)
 *     marks             [int]: indices in wizard.marks of the Marks flipped, ascending
 *     shortfall         {ingredient: n}: what is missing when not feasible
 *     crystals_suppressed  bool: Crystals were asked for under Crystal Suppression
 *   discard-sum:
 *     sum               int: the sum of the dice spent (0 when not feasible)
 *     shortfall         int: how far all the dice that fit fall short of at_least (0 when they
 *                       would reach it, e.g. when only the Shield stands in the way)
 *   discard-exact:
 *     shortfall         [int]: the faces no die that fits shows, ascending
 *   roll-sum:
 *     shortfall         int: dice of the colour (or stand-ins) missing to attempt the roll
 *     p_success         number: exact P(sum >= at_least) as the dice fall
 *     p_success_with_crystals  number: exact odds when the Crystals are spent by the optimal
 *                       policy after the roll (reroll 1, adjust 2, flip 2 Crystals)
 *     crystals          int: the Crystals that may be spent (0 under Crystal Suppression)
 *     manipulations     [string]: the manipulations that budget affords
 *     expected_crystals number: the Crystals that policy spends on average
 *     advice            {"action": "stop" | "reroll" | "adjust-up" | "adjust-down" | "flip",
 *                        "value": face to act on (null for stop), "p_success": odds from here}
 *                       only when "rolled" was given
 *   withstand:
 *     p_success         number: exact P(no Mortal Wound) in that Threat roll
 *   have-experience:
 *     shortfall         {symbol: n}: the symbols missing
 *   with a Shield:
 *     shield            {"kind", "feasible": the Shield alone can be paid, "use", "sum" and
 *                        "shortfall" (discard-sum) or "shortfall" [faces] (discard-exact),
 *                        "conflict": each can be done alone but not both with the dice there
 *                        are, "optimal": false only if the joint search was too large and the
 *                        Shield was chosen first}
 *   when the dice (of the task or its Shield) do not fit as they lie:
 *     with_crystals     null when Crystals cannot make them fit within the budget, else the
 *                       cheapest plan (fewest Crystals, then the weights above) that changes
 *                       dice first with MANIPULATE (adjust 2 a step, flip 2, recolour 3; never
 *                       reroll, never into Spark):
 *                       {"crystals": n, "use": [all indices spent],
 *                        "shield_use": [the Shield's part] (with a Shield),
 *                        "changes": [{"index", "color", "value", "crystals"}] (what each changed
 *                        die becomes), "p_success_with_crystals" (roll-sum: the odds with the
 *                        Crystals left after the plan)}
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-cli.h"
#include "pen-json.h"
#include "pen-tasks.h"
#include "pen-types.h"

gboolean
pen_cli_task (PenCliContext  *ctx,
              GError        **error)
{
  static const char * const keys[] = { "wizard", "task", "experience", "seed", NULL };
  g_autoptr(JsonNode) input = NULL;
  g_autoptr(PenBoard) board = NULL;
  g_autoptr(PenTask) task = NULL;
  g_autoptr(PenTaskResult) result = NULL;
  g_autoptr(JsonNode) output = NULL;
  guint experience[PEN_N_SYMBOLS] = { 0, };
  JsonObject *obj;
  JsonNode *member;

  if (!pen_cli_parse_options (ctx, NULL, error))
    return FALSE;
  if (ctx->argc > 1)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "unexpected argument \"%s\"",
                   ctx->argv[1]);
      return FALSE;
    }
  if (!(input = pen_cli_read_input (ctx, error))
      || !(obj = pen_json_expect_object (input, "$", error))
      || !pen_json_check_keys (obj, "$", keys, error)
      || !pen_cli_take_seed (ctx, obj, error))
    return FALSE;

  if (!(member = json_object_get_member (obj, "wizard")))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.wizard: missing");
      return FALSE;
    }
  if (!(board = pen_board_from_json (member, "$.wizard", error)))
    return FALSE;

  if (!(member = json_object_get_member (obj, "task")))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.task: missing");
      return FALSE;
    }
  if (!(task = pen_task_from_json (member, "$.task", error)))
    return FALSE;

  if ((member = json_object_get_member (obj, "experience")))
    {
      JsonObject *exp;
      const char *ids[PEN_N_SYMBOLS + 1] = { NULL, };

      for (guint i = 0; i < PEN_N_SYMBOLS; i++)
        ids[i] = pen_symbol_to_string (i);
      if (!(exp = pen_json_expect_object (member, "$.experience", error))
          || !pen_json_check_keys (exp, "$.experience", ids, error))
        return FALSE;
      for (guint i = 0; i < PEN_N_SYMBOLS; i++)
        {
          gint64 v = 0;
          if (!pen_json_get_int (exp, "$.experience", ids[i], FALSE, 0, 999, &v, error))
            return FALSE;
          experience[i] = (guint) v;
        }
    }

  result = pen_task_solve (task, board, experience);
  output = pen_task_result_to_json (result);
  pen_cli_print_json (ctx, output);
  return TRUE;
}
