/* pen-test-utils.c: helpers shared by the tests, compiled once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-json.h"
#include "pen-test-utils.h"

char *
pen_test_snapshot_text (PenGame *game)
{
  g_autoptr(JsonNode) node = pen_table_to_json (pen_game_get_table (game));

  return pen_json_to_string (node, FALSE);
}

char *
pen_test_take_action_text (PenAction *action)
{
  g_autoptr(PenAction) owned = action;
  g_autoptr(JsonNode) node = NULL;

  if (owned == NULL)
    return NULL;
  node = pen_action_to_json (owned);
  return pen_json_to_string (node, FALSE);
}

void
pen_test_run (PenGame    *game,
              const char *json)
{
  g_autoptr(GError) error = NULL;

  if (!pen_game_submit_json (game, json, &error))
    g_error ("refused: %s: %s", json, error->message);
}

void
pen_test_submit_cb (gpointer   sender,
                    PenAction *action,
                    PenGame   *game)
{
  g_autoptr(GError) error = NULL;

  if (!pen_game_submit (game, action, &error))
    g_error ("%s sent an action the rules refuse: %s: %s", G_OBJECT_TYPE_NAME (sender),
             pen_action_get_kind (action), error->message);
}
