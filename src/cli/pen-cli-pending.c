/* pen-cli-pending.c: subcommands whose core is still being written
 *
 * Each one says so and exits 2; its owner deletes its block here when the real file lands.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-cli.h"
#include "pen-types.h"

#define PENDING(func, name)                                              \
  gboolean                                                               \
  func (PenCliContext *ctx, GError **error)                              \
  {                                                                      \
    g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,                    \
                 "%s is not available in this build yet", name);         \
    return FALSE;                                                        \
  }

