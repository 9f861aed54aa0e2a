/* fuzz-cli.c: every command of penumbra-cli that reads input, in-process
 *
 * The first byte picks the command; the rest is its standard input (a JSON document, or
 * apply's lines into a save that starts missing). The contract (../shared/spec/cli.md): exit 0
 * with output, or exit 2 with one error line and no output; never a crash.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "fuzz-common.h"
#include "pen-cli.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static const char * const commands[][3] = {
    { "threat-odds", NULL, NULL },
    { "threat-resolve", NULL, NULL },
    { "task", NULL, NULL },
    { "score", NULL, NULL },
    { "apply", "SAVE", NULL },
    { "score", "--details", NULL },
  };
  g_autofree char *save = g_build_filename (fuzz_dir, "fuzz.json", NULL);
  g_autoptr(GInputStream) in = NULL;
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GOutputStream) err = g_memory_output_stream_new_resizable ();
  char *argv[4] = { (char *) "penumbra-cli", NULL, NULL, NULL };
  guint pick;
  int argc = 2, status;
  gsize out_len, err_len;

  if (size == 0)
    return 0;
  pick = data[0] % G_N_ELEMENTS (commands);
  argv[1] = (char *) commands[pick][0];
  if (commands[pick][1] != NULL)
    argv[argc++] = g_str_equal (commands[pick][1], "SAVE") ? save : (char *) commands[pick][1];
  g_unlink (save);
  in = g_memory_input_stream_new_from_data (data + 1, size - 1, NULL);

  status = pen_cli_run (argc, argv, in, out, err);
  g_output_stream_close (out, NULL, NULL);
  g_output_stream_close (err, NULL, NULL);
  out_len = g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out));
  err_len = g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (err));

  g_assert_true (status == 0 || status == 2);
  if (status == 2)
    {
      const char *e = g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (err));

      g_assert_cmpuint (err_len, >, 0);
      /* one line */
      g_assert_true (memchr (e, '\n', err_len) == e + err_len - 1);
      if (!g_str_equal (argv[1], "apply"))
        g_assert_cmpuint (out_len, ==, 0);
    }
  return 0;
}
