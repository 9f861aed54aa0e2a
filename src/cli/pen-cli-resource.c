/* pen-cli-resource.c: penumbra-cli resource-die [--set]
 *
 * The Resource die's six faces, which the rulebook does not print (pen-locations.h): prints
 * {"faces": [{"fruit": 1}, …] or null}; with --set, reads {"faces": [six faces] or null} first
 * and saves it in the user's data (resource-die.json), as the app's dialog does. A user file
 * that cannot be read is said in "extra": {"user_error": …} and set aside, never lost, when
 * new faces are saved.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-cli.h"
#include "pen-json.h"
#include "pen-locations.h"
#include "pen-types.h"

gboolean
pen_cli_resource_die (PenCliContext  *ctx,
                      GError        **error)
{
  gboolean set = FALSE;
  GOptionEntry entries[] = {
    { "set", 0, 0, G_OPTION_ARG_NONE, &set, "Save the faces read from the input first", NULL },
    { NULL }
  };
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  PenLocations *locations;

  if (!pen_cli_parse_options (ctx, entries, error))
    return FALSE;
  if (ctx->argc > 1)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "unexpected argument \"%s\"",
                   ctx->argv[1]);
      return FALSE;
    }
  locations = pen_locations_get_default ();
  if (set)
    {
      static const char * const keys[] = { "faces", NULL };
      g_autoptr(JsonNode) input = pen_cli_read_input (ctx, error);
      JsonObject *obj;
      g_autoptr(GError) local = NULL;

      if (input == NULL
          || !(obj = pen_json_expect_object (input, "$", error))
          || !pen_json_check_keys (obj, "$", keys, error))
        return FALSE;
      if (!json_object_has_member (obj, "faces"))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.faces: missing");
          return FALSE;
        }
      if (!pen_locations_set_resource_faces (locations, json_object_get_member (obj, "faces"),
                                             &local))
        {
          /* the faces' paths start at $.faces in the input */
          if (local->domain == PEN_ERROR && g_str_has_prefix (local->message, "$"))
            g_set_error (error, local->domain, local->code, "$.faces%s", local->message + 1);
          else
            g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
    }

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "faces");
  json_builder_add_value (b, pen_locations_get_resource_faces_json (locations));
  pen_cli_add_user_error (b, pen_locations_get_user_error (locations));
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  pen_cli_print_json (ctx, root);
  return TRUE;
}
