/* pen-faces-dialog.c: physical play, the faces the table rolled
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-faces-dialog.h"
#include "pen-types.h"

struct _PenFacesDialog
{
  AdwMessageDialog  parent_instance;

  PenGame          *game;
  PenAction        *action;
  GPtrArray        *pickers;   /* GtkDropDown, one per die */
};

G_DEFINE_FINAL_TYPE (PenFacesDialog, pen_faces_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum {
  SUBMIT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

gboolean
pen_faces_dialog_needs_faces (const GError *error)
{
  return g_error_matches (error, PEN_ERROR, PEN_ERROR_NEEDS_FACES);
}

guint
pen_faces_dialog_get_n_dice (PenFacesDialog *self)
{
  g_return_val_if_fail (PEN_IS_FACES_DIALOG (self), 0);
  return self->pickers->len;
}

GtkDropDown *
pen_faces_dialog_get_picker (PenFacesDialog *self,
                             guint           i)
{
  g_return_val_if_fail (PEN_IS_FACES_DIALOG (self), NULL);
  g_return_val_if_fail (i < self->pickers->len, NULL);
  return g_ptr_array_index (self->pickers, i);
}

static gboolean
all_given (PenFacesDialog *self)
{
  for (guint i = 0; i < self->pickers->len; i++)
    if (gtk_drop_down_get_selected (g_ptr_array_index (self->pickers, i)) == 0)
      return FALSE;
  return TRUE;
}

static void
picked_cb (PenFacesDialog *self)
{
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "done", all_given (self));
}

static void
pen_faces_dialog_response (AdwMessageDialog *dialog,
                           const char       *response)
{
  PenFacesDialog *self = PEN_FACES_DIALOG (dialog);

  if (g_strcmp0 (response, "done") == 0 && all_given (self))
    {
      g_autoptr(JsonNode) node = pen_action_to_json (self->action);
      g_autoptr(GError) error = NULL;
      g_autoptr(PenAction) copy = pen_action_new_from_json (node, "$", &error);
      g_autofree guint *faces = g_new0 (guint, MAX (self->pickers->len, 1));

      for (guint i = 0; i < self->pickers->len; i++)
        faces[i] = gtk_drop_down_get_selected (g_ptr_array_index (self->pickers, i));
      if (copy == NULL)
        g_critical ("%s: %s", G_OBJECT_TYPE_NAME (self), error->message);
      else
        {
          pen_action_set_faces (copy, faces, self->pickers->len);
          g_signal_emit (self, signals[SUBMIT], 0, copy);
        }
    }
  if (ADW_MESSAGE_DIALOG_CLASS (pen_faces_dialog_parent_class)->response != NULL)
    ADW_MESSAGE_DIALOG_CLASS (pen_faces_dialog_parent_class)->response (dialog, response);
}

static void
pen_faces_dialog_dispose (GObject *object)
{
  PenFacesDialog *self = PEN_FACES_DIALOG (object);

  g_clear_object (&self->game);
  g_clear_object (&self->action);
  g_clear_pointer (&self->pickers, g_ptr_array_unref);

  G_OBJECT_CLASS (pen_faces_dialog_parent_class)->dispose (object);
}

static void
pen_faces_dialog_class_init (PenFacesDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);

  object_class->dispose = pen_faces_dialog_dispose;
  dialog_class->response = pen_faces_dialog_response;

  /* The action with the faces the table rolled: for the window to submit */
  signals[SUBMIT] = g_signal_new ("submit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_ACTION);
}

static void
pen_faces_dialog_init (PenFacesDialog *self)
{
  self->pickers = g_ptr_array_new ();
}

PenFacesDialog *
pen_faces_dialog_new (GtkWindow  *parent,
                      PenGame    *game,
                      PenAction  *action,
                      GError    **error)
{
  static const char * const faces[] = { "—", "1", "2", "3", "4", "5", "6", NULL };
  g_autoptr(GArray) rolls = NULL;
  PenFacesDialog *self;
  GtkWidget *list;

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);
  g_return_val_if_fail (PEN_IS_ACTION (action), NULL);

  if (!(rolls = pen_action_list_rolls (action, pen_game_get_table (game), error)))
    return NULL;

  self = g_object_new (PEN_TYPE_FACES_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       "heading", _("What Did the Dice Show?"),
                       "body", g_dngettext (GETTEXT_PACKAGE,
                                            "The table rolls this die: say its face.",
                                            "The table rolls these dice: say each face.",
                                            rolls->len),
                       NULL);
  self->game = g_object_ref (game);
  self->action = g_object_ref (action);

  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint i = 0; i < rolls->len; i++)
    {
      PenColor color = g_array_index (rolls, guint, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *picker = gtk_drop_down_new_from_strings (faces);
      const char *title = pen_color_get_die_name (color);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (picker), 0);
      gtk_widget_set_valign (picker, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (picker), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      title, -1);
      g_signal_connect_object (picker, "notify::selected", G_CALLBACK (picked_cb), self,
                               G_CONNECT_SWAPPED);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), picker);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
      g_ptr_array_add (self->pickers, picker);
    }
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (self), list);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (self),
                                    "cancel", _("_Cancel"),
                                    "done", _("_Done"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (self), "done",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (self), "cancel");
  picked_cb (self);
  return self;
}
