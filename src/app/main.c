/* main.c: penumbra-companion
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "pen-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(PenApplication) app = NULL;

  /* Every view here is flat 2D, which GTK's cairo renderer draws well: skipping OpenGL saves
   * its set-up at start (tens of ms, and tens of MiB with software GL, as on many phones and
   * virtual machines). A renderer chosen in the environment still wins. */
  if (g_getenv ("GSK_RENDERER") == NULL && g_getenv ("PENUMBRA_USE_GL") == NULL)
    {
      g_setenv ("GSK_RENDERER", "cairo", FALSE);
      if (g_getenv ("GDK_DEBUG") == NULL)
        g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
    }

  setlocale (LC_ALL, "");
  /* build-aux/run points this at the build tree's translations */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PENUMBRA_LOCALEDIR") ? g_getenv ("PENUMBRA_LOCALEDIR")
                                                                   : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = pen_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
