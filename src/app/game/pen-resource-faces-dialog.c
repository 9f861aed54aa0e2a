/* pen-resource-faces-dialog.c: the Resource die's six faces, typed in once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-locations.h"
#include "pen-resource-faces-dialog.h"
#include "pen-widget-utils.h"

/* what a Resource die's face can show (Ingredients › Resource die) */
static const PenIngredient kinds[] = {
  PEN_INGREDIENT_FRUIT, PEN_INGREDIENT_CRYSTAL, PEN_INGREDIENT_JEWEL,
};
#define N_KINDS G_N_ELEMENTS (kinds)

struct _PenResourceFacesDialog
{
  AdwMessageDialog  parent_instance;

  GtkScrolledWindow *faces_scroller;
  GtkListBox       *faces_list;
  GtkLabel         *error_label;
  GtkLabel         *problem_label;
  GtkSpinButton    *spins[6][N_KINDS];
};

G_DEFINE_FINAL_TYPE (PenResourceFacesDialog, pen_resource_faces_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum {
  SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

GtkSpinButton *
pen_resource_faces_dialog_get_spin (PenResourceFacesDialog *self,
                                    guint                   face,
                                    PenIngredient           ingredient)
{
  g_return_val_if_fail (PEN_IS_RESOURCE_FACES_DIALOG (self), NULL);
  g_return_val_if_fail (face < 6, NULL);

  for (guint k = 0; k < N_KINDS; k++)
    if (kinds[k] == ingredient)
      return self->spins[face][k];
  return NULL;
}

/* The faces as pen_locations_set_resource_faces () takes them; the first face showing
 * nothing in *empty, the first showing more than PEN_RESOURCE_FACE_MAX in *over (-1: none) */
static JsonNode *
build_faces (PenResourceFacesDialog *self,
             int                    *empty,
             int                    *over)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  *empty = -1;
  *over = -1;
  json_builder_begin_array (b);
  for (guint f = 0; f < 6; f++)
    {
      guint shown = 0;

      json_builder_begin_object (b);
      for (guint k = 0; k < N_KINDS; k++)
        {
          int n = gtk_spin_button_get_value_as_int (self->spins[f][k]);

          if (n <= 0)
            continue;
          json_builder_set_member_name (b, pen_ingredient_to_string (kinds[k]));
          json_builder_add_int_value (b, n);
          shown += (guint) n;
        }
      json_builder_end_object (b);
      if (shown == 0 && *empty < 0)
        *empty = (int) f;
      if (shown > PEN_RESOURCE_FACE_MAX && *over < 0)
        *over = (int) f;
    }
  json_builder_end_array (b);
  return json_builder_get_root (b);
}

static void
changed_cb (PenResourceFacesDialog *self)
{
  g_autoptr(JsonNode) faces = NULL;
  g_autofree char *problem = NULL;
  int empty, over;

  faces = build_faces (self, &empty, &over);
  if (empty >= 0)
    problem = g_strdup_printf (_("Face %d shows nothing yet: every face shows at least one "
                                 "Ingredient."), empty + 1);
  else if (over >= 0)
    /* Translators: %d is a face of the Resource die, %u how many Ingredients it may show */
    problem = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "Face %d shows too many: a face of the Resource die "
                                            "shows at most %u Ingredient in all.",
                                            "Face %d shows too many: a face of the Resource die "
                                            "shows at most %u Ingredients in all.",
                                            PEN_RESOURCE_FACE_MAX),
                               over + 1, PEN_RESOURCE_FACE_MAX);
  gtk_label_set_label (self->problem_label, problem);
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), problem != NULL);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "save",
                                           empty < 0 && over < 0);
}

gboolean
pen_resource_faces_dialog_save (PenResourceFacesDialog *self,
                                GError                **error)
{
  g_autoptr(JsonNode) faces = NULL;
  int empty, over;

  g_return_val_if_fail (PEN_IS_RESOURCE_FACES_DIALOG (self), FALSE);

  faces = build_faces (self, &empty, &over);
  if (!pen_locations_set_resource_faces (pen_locations_get_default (), faces, error))
    return FALSE;
  g_signal_emit (self, signals[SAVED], 0);
  return TRUE;
}

/* A failure to save is said in a dialog of its own: the faces typed are lost then, the file
 * is not (it is set aside or left as it was) */
static void
say_error (GtkWindow    *parent,
           const GError *error)
{
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, _("The Faces Were Not Saved"),
                                                       error->message));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
pen_resource_faces_dialog_response (AdwMessageDialog *dialog,
                                    const char       *response)
{
  PenResourceFacesDialog *self = PEN_RESOURCE_FACES_DIALOG (dialog);
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  g_autoptr(GError) error = NULL;

  if (g_str_equal (response, "save"))
    {
      if (!pen_resource_faces_dialog_save (self, &error))
        say_error (parent, error);
    }
  else if (g_str_equal (response, "forget"))
    {
      if (!pen_locations_set_resource_faces (pen_locations_get_default (), NULL, &error))
        say_error (parent, error);
      else
        g_signal_emit (self, signals[SAVED], 0);
    }
}

char *
pen_resource_faces_dialog_describe (void)
{
  guint faces[6][PEN_N_INGREDIENTS];
  g_autoptr(GString) s = g_string_new (NULL);

  if (!pen_locations_get_resource_faces (pen_locations_get_default (), faces))
    return g_strdup (_("Not typed in yet"));
  for (guint f = 0; f < 6; f++)
    {
      g_autofree char *face = pen_locations_describe_resource_face (faces[f]);

      /* Translators: between two faces of the Resource die: "2 Fruits · 1 Jewel" */
      g_string_append_printf (s, "%s%s", f > 0 ? _(" · ") : "", face);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static void
pen_resource_faces_dialog_class_init (PenResourceFacesDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  ADW_MESSAGE_DIALOG_CLASS (klass)->response = pen_resource_faces_dialog_response;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-resource-faces-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PenResourceFacesDialog, faces_scroller);
  gtk_widget_class_bind_template_child (widget_class, PenResourceFacesDialog, faces_list);
  gtk_widget_class_bind_template_child (widget_class, PenResourceFacesDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, PenResourceFacesDialog, problem_label);

  /* the faces saved, or forgotten: what rolls the die asks again */
  signals[SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                 NULL, NULL, NULL, G_TYPE_NONE, 0);
}

/* The number Tab went to is scrolled into sight: the face rows take no focus of their own,
 * so the list does not follow it by itself (play finding A5) */
static void
focus_cb (PenResourceFacesDialog *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->faces_scroller);
  GtkWidget *spin;
  graphene_rect_t bounds;
  double value, page;

  if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->faces_list))
      || (spin = gtk_widget_get_ancestor (focus, GTK_TYPE_SPIN_BUTTON)) == NULL
      || !gtk_widget_compute_bounds (spin, GTK_WIDGET (self->faces_list), &bounds))
    return;
  value = gtk_adjustment_get_value (adjustment);
  page = gtk_adjustment_get_page_size (adjustment);
  if (bounds.origin.y < value)
    gtk_adjustment_set_value (adjustment, bounds.origin.y);
  else if (bounds.origin.y + bounds.size.height > value + page)
    gtk_adjustment_set_value (adjustment, bounds.origin.y + bounds.size.height - page);
}

/* One face: its title, then a count for each Ingredient, wrapping on a phone */
static GtkWidget *
face_row (PenResourceFacesDialog *self,
          guint                   f)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *flow = gtk_flow_box_new ();
  g_autofree char *title = g_strdup_printf (_("Face %u"), f + 1);
  GtkWidget *label = gtk_label_new (title);

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  /* Tab goes on to the next face's first number, not to its row */
  gtk_widget_set_focusable (row, FALSE);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (box), label);
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 1);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), N_KINDS);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 12);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 6);
  for (guint k = 0; k < N_KINDS; k++)
    {
      GtkWidget *item = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *name = gtk_label_new (pen_ingredient_get_label (kinds[k]));
      GtkWidget *spin = gtk_spin_button_new_with_range (0, PEN_RESOURCE_FACE_MAX, 1);
      g_autofree char *access = g_strdup_printf (_("Face %u: %s"), f + 1,
                                                 pen_ingredient_get_label (kinds[k]));

      gtk_widget_set_hexpand (name, TRUE);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      access, -1);
      g_signal_connect_object (spin, "value-changed", G_CALLBACK (changed_cb), self,
                               G_CONNECT_SWAPPED);
      self->spins[f][k] = GTK_SPIN_BUTTON (spin);
      /* Tab goes from number to number (play finding A5): the − and + are clicked, and the
       * arrow keys change the number, so they are no stops of their own, which they were only
       * while sensitive, so that a run of typed values landed in the wrong numbers */
      for (GtkWidget *child = gtk_widget_get_first_child (spin); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        if (GTK_IS_BUTTON (child))
          gtk_widget_set_focusable (child, FALSE);
      gtk_box_append (GTK_BOX (item), name);
      gtk_box_append (GTK_BOX (item), spin);
      gtk_flow_box_append (GTK_FLOW_BOX (flow), item);
      /* ... nor is the place a number takes in the wrapping row */
      gtk_widget_set_focusable (gtk_widget_get_parent (item), FALSE);
    }
  gtk_box_append (GTK_BOX (box), flow);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

static void
pen_resource_faces_dialog_init (PenResourceFacesDialog *self)
{
  PenLocations *locations = pen_locations_get_default ();
  const GError *user_error = pen_locations_get_user_error (locations);
  guint faces[6][PEN_N_INGREDIENTS];
  gboolean known;

  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint f = 0; f < 6; f++)
    gtk_list_box_append (self->faces_list, face_row (self, f));

  g_signal_connect_object (self, "notify::focus-widget", G_CALLBACK (focus_cb), self,
                           G_CONNECT_SWAPPED);
  /* focus_cb alone follows the focus: the viewport's and the list's own scroll to the
   * focused face's whole row fought it, leaving the number above the view */
  gtk_viewport_set_scroll_to_focus (GTK_VIEWPORT (gtk_scrolled_window_get_child (
    self->faces_scroller)), FALSE);
  gtk_list_box_set_adjustment (self->faces_list, NULL);
  /* and again once the list is laid out: a Tab before the first layout had no place to go */
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->faces_scroller), "changed",
                           G_CALLBACK (focus_cb), self, G_CONNECT_SWAPPED);
  /* a wheel turn over a number scrolls the faces, not the number (finding Z1) */
  pen_spin_buttons_scroll_when_focused (GTK_WIDGET (self->faces_list));

  known = pen_locations_get_resource_faces (locations, faces);
  for (guint f = 0; known && f < 6; f++)
    for (guint k = 0; k < N_KINDS; k++)
      gtk_spin_button_set_value (self->spins[f][k], faces[f][kinds[k]]);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "forget", known);
  if (user_error != NULL)
    {
      /* Translators: %s is the file and what is wrong with it */
      g_autofree char *text = g_strdup_printf (_("The faces saved before could not be read "
                                                 "(%s). Saving sets that file aside, with "
                                                 ".corrupt added to its name."),
                                               user_error->message);

      gtk_label_set_label (self->error_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
    }
  changed_cb (self);
}

PenResourceFacesDialog *
pen_resource_faces_dialog_new (GtkWindow *parent)
{
  return g_object_new (PEN_TYPE_RESOURCE_FACES_DIALOG, "transient-for", parent, NULL);
}
