/* fuzz-common.h: what every libFuzzer target of tests/fuzz sets up once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <stdint.h>

#include "pen-turn.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static char *fuzz_dir;

/* No real user data is read or written; a critical warning is a bug, so it aborts */
static inline void
fuzz_init (void)
{
  fuzz_dir = g_dir_make_tmp ("penumbra-fuzz-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", fuzz_dir, TRUE);
  g_setenv ("XDG_CONFIG_HOME", fuzz_dir, TRUE);
  g_setenv ("LC_ALL", "C", TRUE);
  g_setenv ("PENUMBRA_LOCK_TIMEOUT_MS", "0", TRUE);
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  pen_turn_set_card_language ("en");
}

/* A NUL-terminated copy of the input */
static inline char *
fuzz_text (const uint8_t *data,
           size_t         size)
{
  char *text = g_malloc (size + 1);

  if (size > 0)
    memcpy (text, data, size);
  text[size] = '\0';
  return text;
}
