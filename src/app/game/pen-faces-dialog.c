/* pen-faces-dialog.c: physical play, the faces the table rolled
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-faces-dialog.h"
#include "pen-picker-row.h"
#include "pen-types.h"

struct _PenFacesDialog
{
  AdwMessageDialog  parent_instance;

  PenGame          *game;
  PenAction        *action;
  GtkListBox       *dice_list;
  GListStore       *dice;      /* GtkStringObject: the name of each die the table rolls */
  GListModel       *faces;     /* GtkStringObject: "—", "1" … "6" */
  gboolean          withstand; /* the dice are a "Withstand Threat" task's Threat dice */
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
  return g_list_model_get_n_items (G_LIST_MODEL (self->dice));
}

GtkDropDown *
pen_faces_dialog_get_picker (PenFacesDialog *self,
                             guint           i)
{
  g_return_val_if_fail (PEN_IS_FACES_DIALOG (self), NULL);
  g_return_val_if_fail (i < pen_faces_dialog_get_n_dice (self), NULL);
  return pen_picker_row_get_drop_down (PEN_PICKER_ROW (gtk_list_box_get_row_at_index
                                                         (self->dice_list, i)));
}

static guint
face (PenFacesDialog *self,
      guint           i)
{
  return pen_picker_row_get_selected (PEN_PICKER_ROW (gtk_list_box_get_row_at_index
                                                        (self->dice_list, i)));
}

static gboolean
all_given (PenFacesDialog *self)
{
  for (guint i = 0; i < pen_faces_dialog_get_n_dice (self); i++)
    if (face (self, i) == 0)
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
      g_autoptr(PenAction) copy = pen_action_dup (self->action);
      guint n = pen_faces_dialog_get_n_dice (self);
      g_autofree guint *faces = g_new0 (guint, MAX (n, 1));

      for (guint i = 0; i < n; i++)
        faces[i] = face (self, i);
      if (self->withstand)
        pen_action_set_withstand (copy, faces, n);
      else
        pen_action_set_faces (copy, faces, n);
      g_signal_emit (self, signals[SUBMIT], 0, copy);
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
  g_clear_object (&self->dice);
  g_clear_object (&self->faces);

  G_OBJECT_CLASS (pen_faces_dialog_parent_class)->dispose (object);
}

static void
pen_faces_dialog_class_init (PenFacesDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);

  object_class->dispose = pen_faces_dialog_dispose;
  dialog_class->response = pen_faces_dialog_response;

  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass),
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-faces-dialog.ui");
  gtk_widget_class_bind_template_child (GTK_WIDGET_CLASS (klass), PenFacesDialog, dice_list);

  /* The action with the faces the table rolled: for the window to submit */
  signals[SUBMIT] = g_signal_new ("submit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_ACTION);
}

static GtkWidget *
create_die_row (gpointer item,
                gpointer user_data)
{
  PenFacesDialog *self = user_data;
  GtkWidget *row = pen_picker_row_new (gtk_string_object_get_string (item), self->faces);

  g_signal_connect_object (row, "notify::selected", G_CALLBACK (picked_cb), self,
                           G_CONNECT_SWAPPED);
  return row;
}

static void
pen_faces_dialog_init (PenFacesDialog *self)
{
  static const char * const faces[] = { "—", "1", "2", "3", "4", "5", "6", NULL };

  gtk_widget_init_template (GTK_WIDGET (self));
  self->dice = g_list_store_new (GTK_TYPE_STRING_OBJECT);
  self->faces = G_LIST_MODEL (gtk_string_list_new (faces));
  gtk_list_box_bind_model (self->dice_list, G_LIST_MODEL (self->dice), create_die_row, self,
                           NULL);
}

/* WITHSTAND THREAT (Contracts and Trials › Tasks): "Roll and apply the indicated number of
 * Threat dice. The task is fulfilled if the Wizard did not receive a Mortal Wound during this
 * Threat roll." The task's line with its odds, then one row per Threat die, nothing chosen */
static PenFacesDialog *
withstand_new (GtkWindow  *parent,
               PenGame    *game,
               PenAction  *action,
               guint       n_dice,
               const char *note)
{
  g_autofree char *body = NULL;
  PenFacesDialog *self;

  body = g_strdup_printf ("%s\n\n%s", note != NULL ? note : "",
                          g_dngettext (GETTEXT_PACKAGE,
                                       "The table rolls this Threat die: say its face. A "
                                       "Mortal Wound leaves the task unfulfilled.",
                                       "The table rolls these Threat dice: say each face. A "
                                       "Mortal Wound leaves the task unfulfilled.", n_dice));
  self = g_object_new (PEN_TYPE_FACES_DIALOG,
                       "transient-for", parent,
                       /* Translators: the heading of the dialog asking a "Withstand Threat"
                        * task's Threat dice */
                       "heading", _("What Did the Task’s Threat Dice Show?"),
                       "body", g_strstrip (body),
                       NULL);
  gtk_widget_set_name (GTK_WIDGET (self), "withstand-faces");
  self->game = g_object_ref (game);
  self->action = g_object_ref (action);
  self->withstand = TRUE;
  for (guint i = 0; i < n_dice; i++)
    {
      /* Translators: a row of the dialog asking a task's Threat dice, %u its number */
      g_autofree char *label = g_strdup_printf (_("Threat die %u"), i + 1);
      g_autoptr(GtkStringObject) name = gtk_string_object_new (label);

      g_list_store_append (self->dice, name);
    }
  picked_cb (self);
  return self;
}

PenFacesDialog *
pen_faces_dialog_new (GtkWindow  *parent,
                      PenGame    *game,
                      PenAction  *action,
                      GError    **error)
{
  g_autoptr(GArray) rolls = NULL;
  g_autoptr(GError) local_error = NULL;
  PenFacesDialog *self;
  guint withstand;

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);
  g_return_val_if_fail (PEN_IS_ACTION (action), NULL);

  if (!(rolls = pen_action_list_rolls (action, pen_game_get_table (game), &local_error)))
    {
      g_autofree char *note = NULL;

      /* a "Withstand Threat" task's Threat dice, asked before anything else is rolled */
      if (!pen_faces_dialog_needs_faces (local_error)
          || (withstand = pen_action_withstand_dice (action, pen_game_get_table (game),
                                                     &note)) == 0)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      return withstand_new (parent, game, action, withstand, note);
    }

  self = g_object_new (PEN_TYPE_FACES_DIALOG,
                       "transient-for", parent,
                       "body", g_dngettext (GETTEXT_PACKAGE,
                                            "The table rolls this die: say its face.",
                                            "The table rolls these dice: say each face.",
                                            rolls->len),
                       NULL);
  self->game = g_object_ref (game);
  self->action = g_object_ref (action);

  for (guint i = 0; i < rolls->len; i++)
    {
      g_autoptr(GtkStringObject) name =
        gtk_string_object_new (pen_color_get_die_name (g_array_index (rolls, guint, i)));

      g_list_store_append (self->dice, name);
    }
  picked_cb (self);
  return self;
}
