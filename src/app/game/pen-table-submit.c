/* pen-table-submit.c: submitting an action at the table, where the table may have to answer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-faces-dialog.h"
#include "pen-override-dialog.h"
#include "pen-table-submit.h"

typedef struct
{
  GtkWindow            *parent;   /* weak */
  PenGame              *game;
  PenTableSubmitReport  report;
  gpointer              data;
} Answer;

static void
answer_free (gpointer  data,
             GClosure *closure)
{
  Answer *answer = data;

  g_clear_weak_pointer (&answer->parent);
  g_clear_object (&answer->game);
  g_free (answer);
}

static void
answered_cb (GObject   *dialog,
             PenAction *action,
             Answer    *answer)
{
  pen_table_submit (answer->parent, answer->game, action, answer->report, answer->data);
}

static void
ask (GtkWindow            *parent,
     GtkWindow            *dialog,
     PenGame              *game,
     PenTableSubmitReport  report,
     gpointer              data)
{
  Answer *answer = g_new0 (Answer, 1);

  g_set_weak_pointer (&answer->parent, parent);
  answer->game = g_object_ref (game);
  answer->report = report;
  answer->data = data;
  g_signal_connect_data (dialog, "submit", G_CALLBACK (answered_cb), answer, answer_free, 0);
  gtk_window_present (dialog);
}

char *
pen_table_error_text (const GError *error)
{
  g_return_val_if_fail (error != NULL, NULL);

  if (error->domain != PEN_ERROR)
    return g_strdup (error->message);
  g_debug ("the core says: %s", error->message);
  switch ((PenErrorCode) error->code)
    {
    case PEN_ERROR_NEEDS_FACES:
      return g_strdup (_("This step needs the faces of dice the table rolls, and the app "
                         "cannot ask for them here. Nothing was changed."));
    case PEN_ERROR_REFUSED:
      return g_strdup (_("The rules do not allow this step now. Nothing was changed."));
    case PEN_ERROR_CORRUPT:
      return g_strdup (_("The game's file is damaged and cannot be read."));
    case PEN_ERROR_NEWER:
      return g_strdup (_("The game's file was written by a newer version of the app."));
    case PEN_ERROR_IO:
      return g_strdup (_("The game's file could not be read or written."));
    case PEN_ERROR_INVALID:
    default:
      return g_strdup (_("The app could not make this step from what was entered. Nothing "
                         "was changed."));
    }
}

gboolean
pen_table_submit (GtkWindow            *parent,
                  PenGame              *game,
                  PenAction            *action,
                  PenTableSubmitReport  report,
                  gpointer              data)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (PEN_IS_GAME (game), FALSE);
  g_return_val_if_fail (PEN_IS_ACTION (action), FALSE);

  if (pen_game_submit (game, action, &error))
    return TRUE;

  if (pen_override_dialog_can_override (error))
    {
      ask (parent, GTK_WINDOW (pen_override_dialog_new (parent, game, action, error)), game,
           report, data);
      return FALSE;
    }
  if (pen_faces_dialog_needs_faces (error))
    {
      g_autoptr(GError) list_error = NULL;
      PenFacesDialog *dialog = pen_faces_dialog_new (parent, game, action, &list_error);

      if (dialog != NULL)
        {
          ask (parent, GTK_WINDOW (dialog), game, report, data);
          return FALSE;
        }
      g_clear_error (&error);
      error = g_steal_pointer (&list_error);
    }
  if (report != NULL)
    {
      /* in the user's words, never the core's English (play finding B3) */
      g_autofree char *text = pen_table_error_text (error);
      g_autoptr(GError) shown = g_error_new_literal (error->domain, error->code, text);

      report (data, shown);
    }
  return FALSE;
}
