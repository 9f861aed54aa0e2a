/* bench-taps.c: what one tap costs in the window, on every page
 *
 * Opens the window on the demo game and, on each page in turn, taps undo, redo and a die flip
 * (the first die of the first wizard: on the Wizards page through its board's own action, on
 * the other pages as the same action submitted to the window). Each tap is measured from the
 * tap until its frames are drawn and the window is quiet again: milliseconds to the first drawn
 * frame, milliseconds until quiet, and the number of frames. Under callgrind
 * (tests/bench/taps.sh) each tap is also one dump of its own, so that its instructions can be
 * read per tap; nothing else of the run is collected.
 *
 *   bench-taps [--width=W] [--height=H] [--repeat=N] [--page=NAME]
 *
 * Prints figures; asserts nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#ifdef HAVE_CALLGRIND_H
#include <valgrind/callgrind.h>
#else
#define RUNNING_ON_VALGRIND 0
#define CALLGRIND_TOGGLE_COLLECT
#define CALLGRIND_DUMP_STATS_AT(label) (void) (label)
#endif

#include "pen-application.h"
#include "pen-demo.h"
#include "pen-window.h"
#include "pen-wizard-board.h"

typedef struct
{
  guint  frames;
  gint64 first_frame;
} Paints;

static void
after_paint_cb (GdkFrameClock *clock,
                Paints        *paints)
{
  if (paints->frames++ == 0)
    paints->first_frame = g_get_monotonic_time ();
}

static gboolean
quiet_timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Run the main loop until a frame was drawn (if one is due) and nothing happened for a
 * while: every idle, every relayout and every frame the tap caused is counted. */
static void
settle (Paints *paints,
        guint   quiet_ms)
{
  for (;;)
    {
      guint frames = paints->frames;
      gboolean done = FALSE;
      guint id;

      while (g_main_context_iteration (NULL, FALSE))
        ;
      id = g_timeout_add (quiet_ms, quiet_timeout_cb, &done);
      while (!done && paints->frames == frames)
        g_main_context_iteration (NULL, TRUE);
      if (done && paints->frames == frames)
        break;
      if (!done)
        g_source_remove (id);
    }
}

static GtkWidget *
find_first (GtkWidget *root,
            GType      type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type) && gtk_widget_is_drawable (child))
        return child;
      if ((found = find_first (child, type)) != NULL)
        return found;
    }
  return NULL;
}

typedef enum {
  TAP_UNDO,
  TAP_REDO,
  TAP_FLIP,
} Tap;

static const char *tap_names[] = { "undo", "redo", "die-flip" };

static void
tap (PenWindow  *window,
     const char *page,
     Tap         what)
{
  switch (what)
    {
    case TAP_UNDO:
      gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
      break;
    case TAP_REDO:
      gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
      break;
    case TAP_FLIP:
    default:
      if (g_str_equal (page, "wizards"))
        {
          GtkWidget *board = find_first (GTK_WIDGET (window), PEN_TYPE_WIZARD_BOARD);

          /* exactly what the die's "Flip" menu item does */
          if (board != NULL)
            {
              gtk_widget_activate_action (board, "board.die", "(sui)", "flip", 0, 0);
              break;
            }
        }
      pen_window_submit (window, "{\"action\":\"die-flip\",\"wizard\":0,\"index\":0}");
      break;
    }
}

int
main (int   argc,
      char *argv[])
{
  static const char *pages[] = { "table", "wizards", "threat", "score", "rules" };
  int width = 1000, height = 720, repeat = 1;
  g_autofree char *only = NULL;
  GOptionEntry entries[] = {
    { "width", 0, 0, G_OPTION_ARG_INT, &width, "Window width", "W" },
    { "height", 0, 0, G_OPTION_ARG_INT, &height, "Window height", "H" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "Taps of each kind on each page", "N" },
    { "page", 0, 0, G_OPTION_ARG_STRING, &only, "Only this page", "NAME" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- cost of a tap, per page");
  g_autoptr(GError) error = NULL;
  g_autoptr(PenApplication) app = NULL;
  g_autoptr(PenGame) game = NULL;
  Paints paints = { 0 };
  PenWindow *window;
  guint quiet_ms = RUNNING_ON_VALGRIND ? 1500 : 150;

  if (g_getenv ("GSK_RENDERER") == NULL)
    g_setenv ("GSK_RENDERER", "cairo", FALSE);
  if (g_getenv ("GDK_DEBUG") == NULL)
    g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
  setlocale (LC_ALL, "");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }

  app = pen_application_new ();
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  game = pen_demo_new_game (&error);
  if (game == NULL)
    {
      g_printerr ("demo game: %s\n", error->message);
      return 1;
    }

  window = pen_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  pen_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  while (gtk_native_get_surface (GTK_NATIVE (window)) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_signal_connect (gdk_surface_get_frame_clock (gtk_native_get_surface (GTK_NATIVE (window))),
                    "after-paint", G_CALLBACK (after_paint_cb), &paints);
  settle (&paints, quiet_ms);

  g_print ("%-8s %-9s %9s %9s %7s\n", "page", "tap", "ms-frame", "ms-quiet", "frames");
  for (guint p = 0; p < G_N_ELEMENTS (pages); p++)
    {
      if (only != NULL && !g_str_equal (only, pages[p]))
        continue;
      pen_window_show_page (window, pages[p]);
      settle (&paints, quiet_ms);
      for (int r = 0; r < repeat; r++)
        for (Tap t = TAP_UNDO; t <= TAP_FLIP; t++)
          {
            g_autofree char *label = g_strdup_printf ("%s %s", pages[p], tap_names[t]);
            gint64 t0, t1;
            guint frames;

            paints.frames = 0;
            paints.first_frame = 0;
            CALLGRIND_TOGGLE_COLLECT;
            t0 = g_get_monotonic_time ();
            tap (window, pages[p], t);
            settle (&paints, quiet_ms);
            t1 = g_get_monotonic_time ();
            CALLGRIND_TOGGLE_COLLECT;
            CALLGRIND_DUMP_STATS_AT (label);
            frames = paints.frames;
            /* the quiet wait at the end is not the tap's */
            g_print ("%-8s %-9s %9.1f %9.1f %7u\n", pages[p], tap_names[t],
                     frames > 0 ? (paints.first_frame - t0) / 1000.0 : 0.0,
                     (t1 - t0) / 1000.0 - quiet_ms, frames);
          }
      /* the flip is taken back (not measured) so that every page starts from the same game */
      gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
      settle (&paints, quiet_ms);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return 0;
}
