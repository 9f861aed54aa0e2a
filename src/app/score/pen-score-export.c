/* pen-score-export.c
 *
 * The CSV is pen_score_sheet_to_csv with translated headers, in ranking order. The image is
 * the sheet as drawn (title, ranking, chart, per-player rows), rendered to PNG through
 * gtk_widget_snapshot_child → GskRenderNode → gsk_renderer_render_texture on the window's
 * background.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-score-export.h"

struct _PenScoreExport
{
  AdwPreferencesGroup   parent_instance;

  AdwActionRow         *export_csv_row;
  AdwActionRow         *export_png_row;

  const PenScoreSheet  *sheet;
  GtkWidget            *area;
  gboolean              png;       /* what the chooser saves */
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (PenScoreExport, pen_score_export, ADW_TYPE_PREFERENCES_GROUP)

void
pen_score_export_set_sheet (PenScoreExport      *self,
                            const PenScoreSheet *sheet,
                            GtkWidget           *area)
{
  g_return_if_fail (PEN_IS_SCORE_EXPORT (self));

  self->sheet = sheet;
  self->area = area;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "export.csv", sheet != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "export.png", sheet != NULL);
}

gboolean
pen_score_export_csv (PenScoreExport *self,
                      GFile          *file,
                      GError        **error)
{
  g_autofree char *csv = NULL;

  g_return_val_if_fail (PEN_IS_SCORE_EXPORT (self), FALSE);

  if (self->sheet == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, _("There is no score sheet to export"));
      return FALSE;
    }
  csv = pen_score_sheet_to_csv (self->sheet, TRUE);
  return g_file_replace_contents (file, csv, strlen (csv), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

/* The expander rows' arrows open nothing on paper: gathered to be left out of the picture */
static void
collect_arrows (GtkWidget *widget,
                GPtrArray *arrows)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (gtk_widget_has_css_class (child, "expander-row-arrow"))
        g_ptr_array_add (arrows, child);
      else
        collect_arrows (child, arrows);
    }
}

gboolean
pen_score_export_png (PenScoreExport *self,
                      GFile          *file,
                      GError        **error)
{
  const int pad = 24;
  GtkWidget *area;
  int width, height;
  GtkNative *native;
  GskRenderer *renderer;
  GtkWidget *parent;
  graphene_rect_t bounds;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GPtrArray) arrows = g_ptr_array_new ();
  GdkRGBA fg, bg;

  g_return_val_if_fail (PEN_IS_SCORE_EXPORT (self), FALSE);

  area = self->area;
  if (self->sheet == NULL || area == NULL || (native = gtk_widget_get_native (area)) == NULL
      || !gtk_widget_get_mapped (area) || (width = gtk_widget_get_width (area)) <= 0
      || (height = gtk_widget_get_height (area)) <= 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED,
                   _("The score sheet must be on screen to be exported as an image"));
      return FALSE;
    }
  renderer = gtk_native_get_renderer (native);

  /* the sheet has no background of its own: give it the window's, light or dark */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (area), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  bg = 0.299 * fg.red + 0.587 * fg.green + 0.114 * fg.blue > 0.5
       ? (GdkRGBA) { 0.14, 0.14, 0.14, 1 } : (GdkRGBA) { 0.98, 0.98, 0.98, 1 };

  /* a clean sheet: the arrows are see-through while it is drawn (their room stays, so
   * nothing moves on screen) */
  collect_arrows (area, arrows);
  for (guint i = 0; i < arrows->len; i++)
    gtk_widget_set_opacity (g_ptr_array_index (arrows, i), 0);
  /* drawn afresh through its parent, not from a GtkWidgetPaintable: that one shows the
   * widget's last drawing, which hiding the arrows has just thrown away, and the picture came
   * out blank (play finding V7) */
  parent = gtk_widget_get_parent (area);
  if (parent == NULL || !gtk_widget_compute_bounds (area, parent, &bounds))
    bounds = GRAPHENE_RECT_INIT (0, 0, width, height);
  snapshot = gtk_snapshot_new ();
  gtk_snapshot_append_color (snapshot, &bg,
                             &GRAPHENE_RECT_INIT (0, 0, width + 2 * pad, height + 2 * pad));
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (pad - bounds.origin.x,
                                                          pad - bounds.origin.y));
  if (parent != NULL)
    gtk_widget_snapshot_child (parent, area, snapshot);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  for (guint i = 0; i < arrows->len; i++)
    gtk_widget_set_opacity (g_ptr_array_index (arrows, i), 1);
  if (node == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, _("Nothing was drawn"));
      return FALSE;
    }
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width + 2 * pad,
                                                              height + 2 * pad));
  png = gdk_texture_save_to_png_bytes (texture);
  return g_file_replace_contents (file, g_bytes_get_data (png, NULL), g_bytes_get_size (png),
                                  NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL,
                                  error);
}

/* What came of an export is said on its own row, not in a toast: at 1280×800 the toast sat
 * over "Export as Image…", where the next tap goes, and took that tap (play finding P8) */
void
pen_score_export_save (PenScoreExport *self,
                       GFile          *file,
                       gboolean        png)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *msg = NULL;

  g_return_if_fail (PEN_IS_SCORE_EXPORT (self));
  g_return_if_fail (G_IS_FILE (file));

  if (png ? pen_score_export_png (self, file, &error) : pen_score_export_csv (self, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      msg = g_strdup_printf (_("Saved %s"), name);
    }
  else
    msg = g_strdup_printf (_("Could not export: %s"), error->message);
  adw_action_row_set_subtitle (png ? self->export_png_row : self->export_csv_row, msg);
}

static void
chooser_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     PenScoreExport  *self)
{
  gboolean png = self->png;
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_clear_object (&self->chooser);
  if (file != NULL)
    pen_score_export_save (self, file, png);
}

/* Where the chooser opens: the user's Pictures for the image, Documents for the CSV, else the
 * home folder. GTK's own start was the app's working folder, here the source tree (play finding
 * R21). A special folder not made yet (its name in user-dirs.dirs only) is passed over. */
static GFile *
start_folder (gboolean png)
{
  const char *dir = g_get_user_special_dir (png ? G_USER_DIRECTORY_PICTURES
                                                : G_USER_DIRECTORY_DOCUMENTS);

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    dir = g_get_home_dir ();
  return g_file_new_for_path (dir);
}

static void
open_chooser (PenScoreExport *self,
              gboolean        png)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  /* the game's name in it: in Documents or Pictures "score-…" alone says little */
  g_autofree char *stem = g_date_time_format (now, "penumbra-score-%Y-%m-%d");
  g_autofree char *name = g_strconcat (stem, png ? ".png" : ".csv", NULL);
  g_autoptr(GFile) folder = start_folder (png);
  g_autoptr(GError) error = NULL;

  if (self->sheet == NULL)
    return;
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (png ? _("Export as Image") : _("Export as CSV"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
                                               _("_Cancel"));
  gtk_file_filter_set_name (filter, png ? _("PNG images") : _("CSV spreadsheets"));
  gtk_file_filter_add_mime_type (filter, png ? "image/png" : "text/csv");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  if (!gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, &error))
    g_debug ("%s: %s", G_OBJECT_TYPE_NAME (self), error->message);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  self->png = png;
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
export_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  open_chooser (PEN_SCORE_EXPORT (widget), g_str_equal (action_name, "export.png"));
}

static void
pen_score_export_dispose (GObject *object)
{
  PenScoreExport *self = PEN_SCORE_EXPORT (object);

  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_SCORE_EXPORT);

  G_OBJECT_CLASS (pen_score_export_parent_class)->dispose (object);
}

static void
pen_score_export_class_init (PenScoreExportClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pen_score_export_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-score-export.ui");
  gtk_widget_class_bind_template_child (widget_class, PenScoreExport, export_csv_row);
  gtk_widget_class_bind_template_child (widget_class, PenScoreExport, export_png_row);
  gtk_widget_class_install_action (widget_class, "export.csv", NULL, export_activated);
  gtk_widget_class_install_action (widget_class, "export.png", NULL, export_activated);
}

static void
pen_score_export_init (PenScoreExport *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_score_export_set_sheet (self, NULL, NULL);
}
