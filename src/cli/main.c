/* main.c: penumbra-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>
#include <locale.h>

#include "pen-cli.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GInputStream) in = g_unix_input_stream_new (0, FALSE);
  g_autoptr(GOutputStream) out = g_unix_output_stream_new (1, FALSE);
  g_autoptr(GOutputStream) err = g_unix_output_stream_new (2, FALSE);

  setlocale (LC_ALL, "");
  return pen_cli_run (argc, argv, in, out, err);
}
