/* pen-faces-dialog.c: physical play, the faces the table rolled
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-faces-dialog.h"
#include "pen-picker-row.h"
#include "pen-tasks.h"
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
  /* DEFEND before that roll: the Yellow dice it may discard, best first, the task's line */
  PenBoard         *board;
  GArray           *defend_order;  /* guint supply indices */
  PenPickerRow     *defend_row;
  char             *note;
  gboolean          app_rolls;
  gboolean          trial;
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

static guint
n_defend (PenFacesDialog *self)
{
  return self->defend_row != NULL ? pen_picker_row_get_selected (self->defend_row) : 0;
}

guint
pen_faces_dialog_get_n_dice (PenFacesDialog *self)
{
  guint n;

  g_return_val_if_fail (PEN_IS_FACES_DIALOG (self), 0);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->dice));
  return n - MIN (n_defend (self), n);
}

GtkDropDown *
pen_faces_dialog_get_defend (PenFacesDialog *self)
{
  g_return_val_if_fail (PEN_IS_FACES_DIALOG (self), NULL);
  return self->defend_row != NULL ? pen_picker_row_get_drop_down (self->defend_row) : NULL;
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
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "done",
                                           self->app_rolls || all_given (self));
}

/* The task's line, then what DEFEND chosen leaves, then what the table does */
static void
update_withstand (PenFacesDialog *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->dice)), left;
  g_autofree char *defend = NULL, *body = NULL;
  const char *tail;

  if (!self->withstand)
    return;
  left = pen_faces_dialog_get_n_dice (self);
  if (n_defend (self) > 0 && self->board != NULL)
    defend = pen_task_withstand_defend_describe (self->board, n, n_defend (self));
  if (left == 0)
    tail = _("No Threat die is left to roll.");
  else if (self->app_rolls && self->trial)
    tail = g_dngettext (GETTEXT_PACKAGE,
                        "The app rolls the Threat die as the Trial is passed. A Mortal Wound "
                        "leaves the task unfulfilled: the Trial is failed and the turn ends.",
                        "The app rolls the Threat dice as the Trial is passed. A Mortal Wound "
                        "leaves the task unfulfilled: the Trial is failed and the turn ends.",
                        left);
  else if (self->app_rolls)
    tail = g_dngettext (GETTEXT_PACKAGE,
                        "The app rolls the Threat die as the Contract is fulfilled. A Mortal "
                        "Wound leaves the task unfulfilled: the Contract stays where it was and "
                        "the turn ends.",
                        "The app rolls the Threat dice as the Contract is fulfilled. A Mortal "
                        "Wound leaves the task unfulfilled: the Contract stays where it was and "
                        "the turn ends.",
                        left);
  else
    tail = g_dngettext (GETTEXT_PACKAGE,
                        "The table rolls this Threat die: say its face. A Mortal Wound leaves "
                        "the task unfulfilled.",
                        "The table rolls these Threat dice: say each face. A Mortal Wound "
                        "leaves the task unfulfilled.", left);
  body = g_strdup_printf ("%s%s%s\n\n%s", self->note != NULL ? self->note : "",
                          defend != NULL ? "\n" : "", defend != NULL ? defend : "", tail);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), g_strstrip (body));
  for (guint i = 0; i < n; i++)
    gtk_widget_set_visible (GTK_WIDGET (gtk_list_box_get_row_at_index (self->dice_list, i)),
                            !self->app_rolls && i < left);
  gtk_widget_set_visible (GTK_WIDGET (self->dice_list), !self->app_rolls && left > 0);
  picked_cb (self);
}

/* Physical play: a Mortal Wound from the task's roll is said, as app-dealt play says the roll:
 * the Trial failed, or the Contract not fulfilled, and why */
static void
report_withstand (PenFacesDialog *self)
{
  g_autoptr(PenAction) last = g_list_model_get_item (pen_game_get_history (self->game),
                                                     pen_game_get_position (self->game) - 1);
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  body = g_strdup_printf ("%s\n\n%s", pen_action_get_label (last),
                          self->trial
                          ? _("A Mortal Wound leaves the task unfulfilled: the Trial is failed, "
                              "its card leaves the game, and the turn ends.")
                          : _("A Mortal Wound leaves the task unfulfilled: the Contract is not "
                              "fulfilled and stays where it was, and the turn ends."));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent,
                                                       self->trial
                                                       ? _("The Trial Is Failed")
                                                       : _("The Contract Is Not Fulfilled"),
                                                       body));
  gtk_widget_set_name (GTK_WIDGET (dialog), "withstand-report");
  adw_message_dialog_add_response (dialog, "close", _("_OK"));
  adw_message_dialog_set_default_response (dialog, "close");
  adw_message_dialog_set_close_response (dialog, "close");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
pen_faces_dialog_response (AdwMessageDialog *dialog,
                           const char       *response)
{
  PenFacesDialog *self = PEN_FACES_DIALOG (dialog);

  if ((g_strcmp0 (response, "done") == 0 && (self->app_rolls || all_given (self)))
      || (g_strcmp0 (response, "roll") == 0 && self->app_rolls))
    {
      g_autoptr(PenAction) copy = pen_action_dup (self->action);
      guint n = pen_faces_dialog_get_n_dice (self);
      g_autofree guint *faces = g_new0 (guint, MAX (n, 1));
      JsonObject *params = pen_action_get_params (self->action);
      gint64 w = json_object_get_int_member_with_default (params, "wizard", 0);
      PenTable *table = pen_game_get_table (self->game);
      PenWizard *wizard = w >= 0 && w < pen_table_get_n_players (table)
                          ? pen_table_get_wizard (table, w) : NULL;
      gboolean wounded = wizard != NULL && pen_wizard_get_mortal_wound_this_turn (wizard);
      guint position = pen_game_get_position (self->game);

      for (guint i = 0; i < n; i++)
        faces[i] = face (self, i);
      if (self->withstand && n_defend (self) > 0)
        pen_action_set_defend (copy, (const guint *) self->defend_order->data, n_defend (self));
      if (self->withstand && !self->app_rolls)
        pen_action_set_withstand (copy, faces, n);
      else if (!self->withstand)
        pen_action_set_faces (copy, faces, n);
      g_object_ref (self);
      g_signal_emit (self, signals[SUBMIT], 0, copy);
      if (self->withstand && !self->app_rolls && wizard != NULL && !wounded
          && pen_game_get_position (self->game) == position + 1
          && pen_wizard_get_mortal_wound_this_turn (wizard))
        report_withstand (self);
      g_object_unref (self);
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
  g_clear_pointer (&self->board, pen_board_free);
  g_clear_pointer (&self->defend_order, g_array_unref);
  g_clear_pointer (&self->note, g_free);

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
 * Threat roll." The task's line with its odds, DEFEND's Yellow dice to discard first (Primagic:
 * "before the Threat roll, discard any number of Yellow dice from your supply to discard the
 * same number of Threat dice"; none chosen), then one row per Threat die left, nothing chosen;
 * app_rolls: no rows, the app rolls as the Trial is passed */
static PenFacesDialog *
withstand_new (GtkWindow  *parent,
               PenGame    *game,
               PenAction  *action,
               guint       n_dice,
               const char *note,
               gboolean    app_rolls)
{
  JsonObject *params = pen_action_get_params (action);
  gint64 w = json_object_get_int_member_with_default (params, "wizard", 0);
  PenTable *table = pen_game_get_table (game);
  PenFacesDialog *self;

  self = g_object_new (PEN_TYPE_FACES_DIALOG,
                       "transient-for", parent,
                       /* Translators: the heading of the dialog asking a "Withstand Threat"
                        * task's Threat dice */
                       "heading", app_rolls ? _("Withstand the Threat")
                                            : _("What Did the Task’s Threat Dice Show?"),
                       NULL);
  gtk_widget_set_name (GTK_WIDGET (self), app_rolls ? "trial-withstand" : "withstand-faces");
  self->game = g_object_ref (game);
  self->action = g_object_ref (action);
  self->withstand = TRUE;
  self->app_rolls = app_rolls;
  self->trial = g_str_equal (pen_action_get_kind (action), "trial-take");
  self->note = g_strdup (note);
  if (w >= 0 && w < pen_table_get_n_players (table))
    {
      self->board = pen_wizard_to_board (pen_table_get_wizard (table, w));
      self->defend_order = pen_task_withstand_defend_order (self->board, n_dice);
    }
  if (app_rolls)
    {
      /* "done" rolls ("roll" too, as the dialog's own name for it) */
      adw_message_dialog_set_response_label (ADW_MESSAGE_DIALOG (self), "done",
                                             self->trial ? _("_Roll and Pass")
                                                         /* Translators: a Contract's
                                                          * "Withstand Threat" task */
                                                         : _("_Roll and Fulfil"));
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (self), "done");
    }
  for (guint i = 0; i < n_dice; i++)
    {
      /* Translators: a row of the dialog asking a task's Threat dice, %u its number */
      g_autofree char *label = g_strdup_printf (_("Threat die %u"), i + 1);
      g_autoptr(GtkStringObject) name = gtk_string_object_new (label);

      g_list_store_append (self->dice, name);
    }
  if (self->defend_order != NULL && self->defend_order->len > 0)
    {
      g_autoptr(GtkStringList) answers = gtk_string_list_new (NULL);
      GtkWidget *list = gtk_list_box_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

      /* Translators: no Yellow die discarded for DEFEND */
      gtk_string_list_append (answers, C_("defend", "None"));
      for (guint k = 1; k <= self->defend_order->len; k++)
        {
          g_autofree char *dice = pen_task_withstand_defend_dice (self->board, n_dice, k);

          gtk_string_list_append (answers, dice);
        }
      self->defend_row = PEN_PICKER_ROW (pen_picker_row_new (_("DEFEND: discard Yellow dice"),
                                                             G_LIST_MODEL (answers)));
      gtk_widget_set_name (GTK_WIDGET (self->defend_row), "withstand-defend");
      g_signal_connect_object (self->defend_row, "notify::selected",
                               G_CALLBACK (update_withstand), self, G_CONNECT_SWAPPED);
      gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
      gtk_widget_add_css_class (list, "boxed-list");
      gtk_list_box_append (GTK_LIST_BOX (list), GTK_WIDGET (self->defend_row));
      g_object_ref (self->dice_list);
      adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (self), box);
      gtk_box_append (GTK_BOX (box), list);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->dice_list));
      g_object_unref (self->dice_list);
    }
  else if (app_rolls)
    adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (self), NULL);
  update_withstand (self);
  return self;
}

PenFacesDialog *
pen_faces_dialog_new_withstand_roll (GtkWindow *parent,
                                     PenGame   *game,
                                     PenAction *action)
{
  g_autofree char *note = NULL;
  guint n;

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);
  g_return_val_if_fail (PEN_IS_ACTION (action), NULL);

  n = pen_action_withstand_dice (action, pen_game_get_table (game), &note);
  return n > 0 ? withstand_new (parent, game, action, n, note, TRUE) : NULL;
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
      return withstand_new (parent, game, action, withstand, note, FALSE);
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
  /* many dice (a Rest's, seven with Harvest) scroll inside: the dialog fits a 360×720 window
   * (play finding C3: 740 px tall) */
  {
    GtkWidget *scroller = gtk_scrolled_window_new ();

    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                    GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
    gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 400);
    g_object_ref (self->dice_list);
    adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (self), scroller);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->dice_list));
    g_object_unref (self->dice_list);
  }
  picked_cb (self);
  return self;
}
