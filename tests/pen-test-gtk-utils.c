/* pen-test-gtk-utils.c: helpers shared by the UI tests, compiled once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "pen-rest-panel.h"
#include "pen-test-gtk-utils.h"
#include "pen-test-utils.h"

void
pen_test_flush (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

GtkWidget *
pen_test_find_first (GtkWidget *root,
                     GType      type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        return child;
      if ((found = pen_test_find_first (child, type)) != NULL)
        return found;
    }
  return NULL;
}

void
pen_test_collect (GtkWidget *root,
                  GType      type,
                  GPtrArray *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        g_ptr_array_add (out, child);
      pen_test_collect (child, type, out);
    }
}

GtkWidget *
pen_test_find_button (GtkWidget  *root,
                      const char *label)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (child)),
                                              label) == 0)
        return child;
      if ((found = pen_test_find_button (child, label)) != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
pen_test_find_named (GtkWidget  *root,
                     const char *name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (g_strcmp0 (gtk_widget_get_name (child), name) == 0)
        return child;
      if ((found = pen_test_find_named (child, name)) != NULL)
        return found;
    }
  return NULL;
}

gboolean
pen_test_spin_takes_wheel (GtkWidget *spin)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (spin);
  gboolean takes = FALSE;

  g_assert_true (GTK_IS_SPIN_BUTTON (spin));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_SCROLL (c)
          && gtk_event_controller_get_propagation_phase (c) != GTK_PHASE_NONE)
        takes = TRUE;
    }
  return takes;
}

gboolean
pen_test_has_label (GtkWidget  *root,
                    const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (child)), text) == 0)
        return TRUE;
      if (pen_test_has_label (child, text))
        return TRUE;
    }
  return FALSE;
}

void
pen_test_render_onto (GtkSnapshot *snapshot,
                      GtkWidget   *widget,
                      int          x,
                      int          y)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  graphene_point_t at = GRAPHENE_POINT_INIT (x, y);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &at);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), gtk_widget_get_width (widget),
                          gtk_widget_get_height (widget));
  gtk_snapshot_restore (snapshot);
}

void
pen_test_wait_frames (guint rounds)
{
  for (guint i = 0; i < rounds; i++)
    {
      g_usleep (20000);
      pen_test_flush ();
    }
}

void
pen_test_save_png (GtkWidget  *window,
                   const char *path)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int w = gtk_widget_get_width (window), h = gtk_widget_get_height (window);

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (window)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

void
pen_test_save_over (GtkWidget  *window,
                    GtkWidget  *dialog,
                    int         w,
                    int         h,
                    const char *path)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;

  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.2, 0.2, 0.2, 1 },
                             &GRAPHENE_RECT_INIT (0, 0, w, h));
  pen_test_render_onto (snapshot, window, 0, 0);
  if (dialog != NULL)
    {
      int dw = gtk_widget_get_width (dialog), dh = gtk_widget_get_height (dialog);

      gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0, 0, 0, 0.4 },
                                 &GRAPHENE_RECT_INIT (0, 0, w, h));
      pen_test_render_onto (snapshot, dialog, MAX (0, (w - dw) / 2), MAX (0, (h - dh) / 2));
    }
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("%s", path);
}

void
pen_test_load_style (void)
{
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (css, "/io/github/penumbracompanion/PenumbraCompanion/"
                                       "style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

const char *
pen_test_shots_dir (const char *variable)
{
  const char *dir = g_getenv (variable);

  if (dir == NULL)
    {
      g_autofree char *why = g_strdup_printf ("set %s=DIR to save screenshots", variable);

      g_test_skip (why);
      return NULL;
    }
  pen_test_load_style ();
  return dir;
}

char *
pen_test_init_translated (int          *argc,
                          char       ***argv,
                          const char   *name)
{
  const char *localedir = g_getenv ("PENUMBRA_LOCALEDIR");
  g_autofree char *template = g_strdup_printf ("penumbra-%s-XXXXXX", name);
  char *tmp = g_dir_make_tmp (template, NULL);

  g_assert_nonnull (tmp);
  /* never touch the user's saves or settings */
  g_setenv ("XDG_DATA_HOME", tmp, TRUE);
  g_setenv ("XDG_CONFIG_HOME", tmp, TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  gtk_test_init (argc, argv, NULL);
  /* gtk_test_init () keeps the C locale */
  setlocale (LC_ALL, "");
  adw_init ();
  if (localedir != NULL)
    bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  return tmp;
}

PenTablePage *
pen_test_table_page_new (PenGame *game)
{
  PenTablePage *page = g_object_new (PEN_TYPE_TABLE_PAGE, "game", game, NULL);

  g_object_ref_sink (page);
  g_signal_connect (page, "submit", G_CALLBACK (pen_test_submit_cb), game);
  return page;
}

void
pen_test_rest_turn (PenGame      *game,
                    PenTablePage *page,
                    gboolean      buy)
{
  GtkWidget *panel = pen_test_find_first (GTK_WIDGET (page), PEN_TYPE_REST_PANEL);
  guint give[PEN_N_INGREDIENTS] = { 0, }, get[PEN_N_INGREDIENTS] = { 0, };
  guint n = 0;

  g_assert_nonnull (panel);
  pen_table_page_end_turn (page);
  pen_test_run (game, "{\"action\": \"ingredient-gain\", \"wizard\": 1, \"ingredient\": "
                "\"fruit\", \"count\": 8}");
  pen_test_run (game, "{\"action\": \"card-gain\", \"wizard\": 1, \"card\": \"triplet\"}");
  pen_table_page_start_turn (page, PEN_TURN_REST);
  pen_test_flush ();
  give[PEN_INGREDIENT_FRUIT] = 4;
  get[PEN_INGREDIENT_JEWEL] = 2;
  pen_rest_panel_set_exchange (PEN_REST_PANEL (panel), give, get);
  for (GtkWidget *row = pen_test_find_first (panel, ADW_TYPE_EXPANDER_ROW); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (ADW_IS_EXPANDER_ROW (row))
      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), buy ? n++ > 0 : n++ == 0);
}

void
pen_test_harvest_game (PenGame *game)
{
  pen_test_run (game, "{\"action\": \"new-game\", \"players\": [\"Ann\", \"Boris\", "
                "\"Cleo\"], \"setup\": {\"prophecies\": [\"end-of-time\"], "
                "\"fate_deck\": [\"harvest\", \"aranea\"]}}");
  pen_test_run (game, "{\"action\": \"turn-start\", \"kind\": \"rest\"}");
  pen_test_run (game, "{\"action\": \"turn-end\"}");
}
