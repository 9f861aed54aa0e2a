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
 *   bench-taps [--width=W] [--height=H] [--repeat=N] [--page=NAME] [--no-play] [--damage]
 *              [--shots=DIR]
 *
 * After the Table page's three taps it also plays a placement, a turn's end (with its Fate
 * reveal) and a Threat roll (`play` below; --no-play leaves them out).
 *
 * Prints figures; asserts nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <string.h>
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
  guint          frames;
  gint64         first_frame;
  GtkWidget     *damage_window;
  GskRenderNode *damage_node;
} Paints;

/* --damage: what each frame redraws. After every frame the window's render nodes are taken
 * again (the widgets' cached nodes, the very ones just drawn) and compared with the previous
 * frame's the way GSK diffs them (same node: nothing; a container, transform, clip or opacity
 * that did not change: its children; anything else: its bounds), and the largest changed
 * nodes are printed with the widget they belong to. A rough copy of gsk_render_node_diff(),
 * to find out why an area is redrawn. */
typedef struct
{
  graphene_rect_t   bounds;
  const char       *why;
  GskRenderNodeType type_a;
  GskRenderNodeType type_b;
} Change;

static void
add_change (GArray                 *out,
            const graphene_point_t *at,
            GskRenderNode          *a,
            GskRenderNode          *b,
            const char             *why)
{
  Change c = { .why = why, .type_a = a ? (int) gsk_render_node_get_node_type (a) : -1,
               .type_b = b ? (int) gsk_render_node_get_node_type (b) : -1 };
  graphene_rect_t r;

  if (a != NULL)
    gsk_render_node_get_bounds (a, &c.bounds);
  if (b != NULL)
    {
      gsk_render_node_get_bounds (b, &r);
      if (a != NULL)
        graphene_rect_union (&c.bounds, &r, &c.bounds);
      else
        c.bounds = r;
    }
  c.bounds.origin.x += at->x;
  c.bounds.origin.y += at->y;
  g_array_append_val (out, c);
}

static gboolean
leaves_equal (GskRenderNode *a,
              GskRenderNode *b)
{
  g_autoptr(GBytes) x = gsk_render_node_serialize (a);
  g_autoptr(GBytes) y = gsk_render_node_serialize (b);

  return g_bytes_equal (x, y);
}

static void
diff_nodes (GskRenderNode          *a,
            GskRenderNode          *b,
            const graphene_point_t *at,
            GArray                 *out)
{
  GskRenderNodeType type;

  if (a == b)
    return;
  type = gsk_render_node_get_node_type (a);
  if (type != gsk_render_node_get_node_type (b))
    {
      add_change (out, at, a, b, "type");
      return;
    }
  switch ((int) type)
    {
    case GSK_CONTAINER_NODE:
      {
        guint na = gsk_container_node_get_n_children (a);
        guint nb = gsk_container_node_get_n_children (b);
        guint p = 0, s = 0;

        if (na == nb)
          {
            for (guint i = 0; i < na; i++)
              diff_nodes (gsk_container_node_get_child (a, i),
                          gsk_container_node_get_child (b, i), at, out);
            break;
          }
        while (p < na && p < nb
               && gsk_container_node_get_child (a, p) == gsk_container_node_get_child (b, p))
          p++;
        while (s < na - p && s < nb - p
               && gsk_container_node_get_child (a, na - 1 - s)
                  == gsk_container_node_get_child (b, nb - 1 - s))
          s++;
        for (guint i = p; i < na - s; i++)
          add_change (out, at, gsk_container_node_get_child (a, i), NULL, "removed");
        for (guint i = p; i < nb - s; i++)
          add_change (out, at, NULL, gsk_container_node_get_child (b, i), "added");
      }
      break;
    case GSK_TRANSFORM_NODE:
      if (gsk_transform_equal (gsk_transform_node_get_transform (a),
                               gsk_transform_node_get_transform (b)))
        {
          GskTransform *t = gsk_transform_node_get_transform (a);
          graphene_point_t inner = *at;
          float dx, dy;

          if (gsk_transform_get_category (t) >= GSK_TRANSFORM_CATEGORY_2D_TRANSLATE)
            {
              gsk_transform_to_translate (t, &dx, &dy);
              inner.x += dx;
              inner.y += dy;
            }
          diff_nodes (gsk_transform_node_get_child (a), gsk_transform_node_get_child (b),
                      &inner, out);
        }
      else
        add_change (out, at, a, b, "moved");
      break;
    case GSK_OPACITY_NODE:
      if (gsk_opacity_node_get_opacity (a) == gsk_opacity_node_get_opacity (b))
        diff_nodes (gsk_opacity_node_get_child (a), gsk_opacity_node_get_child (b), at, out);
      else
        add_change (out, at, a, b, "opacity");
      break;
    case GSK_CLIP_NODE:
      if (graphene_rect_equal (gsk_clip_node_get_clip (a), gsk_clip_node_get_clip (b)))
        diff_nodes (gsk_clip_node_get_child (a), gsk_clip_node_get_child (b), at, out);
      else
        add_change (out, at, a, b, "clip");
      break;
    case GSK_ROUNDED_CLIP_NODE:
      if (memcmp (gsk_rounded_clip_node_get_clip (a), gsk_rounded_clip_node_get_clip (b),
                  sizeof (GskRoundedRect)) == 0)
        diff_nodes (gsk_rounded_clip_node_get_child (a), gsk_rounded_clip_node_get_child (b),
                    at, out);
      else
        add_change (out, at, a, b, "clip");
      break;
    case GSK_DEBUG_NODE:
      diff_nodes (gsk_debug_node_get_child (a), gsk_debug_node_get_child (b), at, out);
      break;
    case GSK_CAIRO_NODE:
      add_change (out, at, a, b, "cairo");
      break;
    default:
      if (!leaves_equal (a, b))
        add_change (out, at, a, b, "changed");
    }
}

/* the deepest widget whose bounds are these */
static GtkWidget *
widget_at_bounds (GtkWidget             *root,
                  GtkWidget             *widget,
                  const graphene_rect_t *bounds)
{
  GtkWidget *found = NULL;
  graphene_rect_t r;

  if (!gtk_widget_get_mapped (widget))
    return NULL;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL && found == NULL;
       child = gtk_widget_get_next_sibling (child))
    found = widget_at_bounds (root, child, bounds);
  if (found == NULL && gtk_widget_compute_bounds (widget, root, &r)
      && fabsf (r.size.width - bounds->size.width) < 1.5f
      && fabsf (r.size.height - bounds->size.height) < 1.5f)
    found = widget;
  return found;
}

static GskRenderNode *
window_node (GtkWidget *window)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  gdk_paintable_snapshot (paintable, snapshot, gdk_paintable_get_intrinsic_width (paintable),
                          gdk_paintable_get_intrinsic_height (paintable));
  return gtk_snapshot_free_to_node (snapshot);
}

static int
compare_area (gconstpointer a,
              gconstpointer b)
{
  const Change *x = a, *y = b;
  float ax = x->bounds.size.width * x->bounds.size.height;
  float ay = y->bounds.size.width * y->bounds.size.height;

  return ax < ay ? 1 : ax > ay ? -1 : 0;
}

static void
print_damage (GtkWidget      *window,
              GskRenderNode **previous)
{
  g_autoptr(GArray) changes = g_array_new (FALSE, FALSE, sizeof (Change));
  GskRenderNode *node = window_node (window);
  graphene_rect_t all = GRAPHENE_RECT_INIT (0, 0, 0, 0);

  /* BENCH_DAMAGE_DUMP=DIR: every frame's nodes also in DIR/frame-NNN.node, to diff */
  if (g_getenv ("BENCH_DAMAGE_DUMP") != NULL)
    {
      static guint n;
      g_autofree char *name = g_strdup_printf ("frame-%03u.node", n++);
      g_autofree char *path = g_build_filename (g_getenv ("BENCH_DAMAGE_DUMP"), name, NULL);

      gsk_render_node_write_to_file (node, path, NULL);
    }
  if (*previous != NULL)
    diff_nodes (*previous, node, &GRAPHENE_POINT_INIT (0, 0), changes);
  g_clear_pointer (previous, gsk_render_node_unref);
  *previous = node;
  g_array_sort (changes, compare_area);
  for (guint i = 0; i < changes->len; i++)
    {
      Change *c = &g_array_index (changes, Change, i);

      if (i == 0)
        all = c->bounds;
      else
        graphene_rect_union (&all, &c->bounds, &all);
    }
  g_print ("  frame: %u changed nodes, extents %.0fx%.0f at %.0f,%.0f\n", changes->len,
           all.size.width, all.size.height, all.origin.x, all.origin.y);
  for (guint i = 0; i < MIN (changes->len, 6); i++)
    {
      Change *c = &g_array_index (changes, Change, i);
      GtkWidget *w = widget_at_bounds (window, window, &c->bounds);
      g_autofree char *classes = w ? g_strjoinv (".", gtk_widget_get_css_classes (w)) : NULL;

      g_print ("    %-8s %4.0fx%-4.0f at %4.0f,%-4.0f node %d→%d  %s%s%s\n", c->why,
               c->bounds.size.width, c->bounds.size.height, c->bounds.origin.x,
               c->bounds.origin.y, c->type_a, c->type_b, w ? G_OBJECT_TYPE_NAME (w) : "-",
               classes && *classes ? "." : "", classes ? classes : "");
    }
}

static void
after_paint_cb (GdkFrameClock *clock,
                Paints        *paints)
{
  if (paints->frames++ == 0)
    paints->first_frame = g_get_monotonic_time ();
  if (paints->damage_window != NULL)
    print_damage (paints->damage_window, &paints->damage_node);
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

/* Then, on the Table page, the taps a table makes most in a game, each as the window submits
 * it (the dialog's own work is not counted, the change it makes is): a placement (the place
 * dialog's action: a die of Ann's supply in the Forest) and ending the turn (the app's Fate
 * deck reveals its card), then, the turn not undone, a Trial turn and Boris's Threat roll of 3
 * dice with the Threat page shown. Each "measure" step is a tap of its own; the undos (not
 * measured) give back the demo game. The Threat roll is the action submitted, which the
 * Threat page's own steps (PenThreatRoll) do not take part in: it measures what the roll
 * changes in the window, not the page's rolling; and the later pages' undo and redo then run
 * after a Threat roll taken back. */
typedef struct
{
  const char *label;  /* NULL: not measured */
  const char *kind;   /* NULL: undo */
  const char *params;
  const char *page;   /* shown first (not measured), or NULL */
} Play;

static const Play play[] = {
  { "place", "place", "\"wizard\": 0, \"index\": 0, \"location\": \"forest\", "
    "\"resource\": [{\"fruit\": 1}]" },
  { NULL, NULL, NULL },
  { "end-turn", "turn-end", "" },
  { NULL, "turn-start", "\"kind\": \"trial\"" },
  { "threat", "threat", "\"wizard\": 1, \"count\": 3", "threat" },
  { NULL, NULL, NULL },
  { NULL, NULL, NULL },
  { NULL, NULL, NULL },
};

static gboolean
play_step (PenWindow  *window,
           const Play *step)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenAction) action = NULL;

  if (step->kind == NULL)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
      return TRUE;
    }
  action = pen_action_new (step->kind, step->params, &error);
  if (action == NULL)
    g_printerr ("%s: %s\n", step->kind, error->message);
  else if (!pen_window_submit (window, action))
    g_printerr ("%s: refused\n", step->kind);
  else
    return TRUE;
  return FALSE;
}

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
      {
        g_autoptr(PenAction) flip = pen_action_new_die_flip (0, 0, FALSE);

        pen_window_submit (window, flip);
      }
      break;
    }
}

/* --shots=DIR: the window as drawn after a tap, DIR/PAGE-TAP.png (not measured) */
static void
save_shot (GtkWidget  *window,
           const char *dir,
           const char *label)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *name = g_strdelimit (g_strconcat (label, ".png", NULL), " ", '-');
  g_autofree char *path = g_build_filename (dir, name, NULL);
  int width = gtk_widget_get_width (window), height = gtk_widget_get_height (window);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_mkdir_with_parents (dir, 0755);
  if (!gdk_texture_save_to_png (texture, path))
    g_printerr ("cannot write %s\n", path);
}

int
main (int   argc,
      char *argv[])
{
  static const char *pages[] = { "table", "wizards", "threat", "score", "rules" };
  int width = 1000, height = 720, repeat = 1;
  gboolean damage = FALSE, no_play = FALSE;
  g_autofree char *only = NULL;
  g_autofree char *shots = NULL;
  GOptionEntry entries[] = {
    { "width", 0, 0, G_OPTION_ARG_INT, &width, "Window width", "W" },
    { "height", 0, 0, G_OPTION_ARG_INT, &height, "Window height", "H" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "Taps of each kind on each page", "N" },
    { "page", 0, 0, G_OPTION_ARG_STRING, &only, "Only this page", "NAME" },
    { "no-play", 0, 0, G_OPTION_ARG_NONE, &no_play,
      "Only undo, redo and die flip (no placement, no turn end)", NULL },
    { "damage", 0, 0, G_OPTION_ARG_NONE, &damage, "Print what each frame redraws", NULL },
    { "shots", 0, 0, G_OPTION_ARG_FILENAME, &shots, "Save the window after each tap in DIR",
      "DIR" },
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
  /* as the app does (main.c): LANGUAGE=ru PENUMBRA_LOCALEDIR=BUILD/po for the Russian window */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PENUMBRA_LOCALEDIR") ? g_getenv ("PENUMBRA_LOCALEDIR")
                                                                   : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
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
  if (damage)
    paints.damage_window = GTK_WIDGET (window);

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
            if (shots != NULL)
              save_shot (GTK_WIDGET (window), shots, label);
          }
      /* the flip is taken back (not measured) so that every page starts from the same game */
      gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
      settle (&paints, quiet_ms);
      if (!g_str_equal (pages[p], "table") || no_play)
        continue;
      for (guint i = 0; i < G_N_ELEMENTS (play); i++)
        {
          g_autofree char *label = NULL;
          gboolean ok;
          gint64 t0, t1;
          guint frames;

          if (play[i].page != NULL)
            {
              pen_window_show_page (window, play[i].page);
              settle (&paints, quiet_ms);
            }

          if (play[i].label == NULL)
            {
              if (!play_step (window, &play[i]))
                break;
              settle (&paints, quiet_ms);
              continue;
            }
          label = g_strdup_printf ("%s %s", play[i].page ? play[i].page : pages[p],
                                   play[i].label);
          paints.frames = 0;
          paints.first_frame = 0;
          CALLGRIND_TOGGLE_COLLECT;
          t0 = g_get_monotonic_time ();
          ok = play_step (window, &play[i]);
          settle (&paints, quiet_ms);
          t1 = g_get_monotonic_time ();
          CALLGRIND_TOGGLE_COLLECT;
          CALLGRIND_DUMP_STATS_AT (label);
          frames = paints.frames;
          g_print ("%-8s %-9s %9.1f %9.1f %7u\n", play[i].page ? play[i].page : pages[p],
                   play[i].label,
                   frames > 0 ? (paints.first_frame - t0) / 1000.0 : 0.0,
                   (t1 - t0) / 1000.0 - quiet_ms, frames);
          if (shots != NULL)
            save_shot (GTK_WIDGET (window), shots, label);
          /* the undos below would take back the demo game's own actions */
          if (!ok)
            break;
        }
    }

  paints.damage_window = NULL;
  g_clear_pointer (&paints.damage_node, gsk_render_node_unref);
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return 0;
}
