/* pen-setup-talents-step.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-setup-player-talents.h"
#include "pen-setup-talents-step.h"

struct _PenSetupTalentsStep
{
  PenSetupStep           parent_instance;

  GtkLabel              *intro;
  PenSetupPlayerTalents *players[PEN_SETUP_DRAFT_MAX_PLAYERS];
  GtkWidget             *order_group;
  AdwActionRow          *order_row;
  GtkWidget             *hint;
};

G_DEFINE_FINAL_TYPE (PenSetupTalentsStep, pen_setup_talents_step, PEN_TYPE_SETUP_STEP)

/* The turn order the Talents give, and whether every discipline is chosen */
static void
answers_changed_cb (PenSetupTalentsStep *self)
{
  PenSetupDraft *draft = pen_setup_step_get_draft (PEN_SETUP_STEP (self));
  guint order[PEN_SETUP_DRAFT_MAX_PLAYERS];
  g_autoptr(GString) text = g_string_new (NULL);
  gboolean known = pen_setup_draft_get_order (draft, order);

  for (guint k = 0; k < pen_setup_draft_get_n_players (draft); k++)
    {
      if (k > 0)
        g_string_append (text, ", ");
      g_string_append_printf (text, "%u. %s", k + 1, pen_setup_draft_get_name (draft, order[k]));
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->order_row), text->str);
  adw_action_row_set_subtitle (self->order_row,
                               known ? _("By the Talents' turn-order numbers, lowest first. "
                                         "Sit clockwise in this order.")
                                     : _("Until every turn-order number is given, the app "
                                         "keeps the order the names were typed in."));
}

static void
pen_setup_talents_step_refresh (PenSetupStep *step)
{
  PenSetupTalentsStep *self = PEN_SETUP_TALENTS_STEP (step);
  PenSetupDraft *draft = pen_setup_step_get_draft (step);
  guint n = pen_setup_draft_get_n_players (draft);

  gtk_label_set_label (self->intro,
                       pen_setup_draft_get_physical (draft)
                       ? _("Deal each player two random Talents. Each keeps one and puts the "
                           "other back in the box; then everyone reveals the Talent they kept. "
                           "Record it here.")
                       : _("The app dealt each player two Talents. Each keeps one and puts the "
                           "other back in the box; then everyone reveals the Talent they kept."));
  for (guint i = 0; i < PEN_SETUP_DRAFT_MAX_PLAYERS; i++)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->players[i]), i < n);
      if (i < n)
        pen_setup_player_talents_show (self->players[i], draft, i);
    }
  gtk_widget_set_visible (self->order_group, n > 1);
  answers_changed_cb (self);
}

/* The hint under the lists keeps its place once every discipline is chosen: hiding it made
 * the page shorter, and with the page scrolled to its end everything above moved down under
 * the finger, so the next tap opened the row above the one aimed at (play finding R12) */
static void
complete_changed_cb (PenSetupTalentsStep *self)
{
  gboolean complete = pen_setup_draft_get_complete (pen_setup_step_get_draft (PEN_SETUP_STEP
                                                                               (self)));

  gtk_widget_set_opacity (self->hint, complete ? 0.0 : 1.0);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->hint), GTK_ACCESSIBLE_STATE_HIDDEN,
                               complete, -1);
}

static void
pen_setup_talents_step_draft_set (PenSetupStep  *step,
                                  PenSetupDraft *draft)
{
  PenSetupTalentsStep *self = PEN_SETUP_TALENTS_STEP (step);

  g_signal_connect_object (draft, "answers-changed", G_CALLBACK (answers_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (draft, "notify::complete", G_CALLBACK (complete_changed_cb), self,
                           G_CONNECT_SWAPPED);
  complete_changed_cb (self);
}

static void
pen_setup_talents_step_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_SETUP_TALENTS_STEP);

  G_OBJECT_CLASS (pen_setup_talents_step_parent_class)->dispose (object);
}

static void
pen_setup_talents_step_class_init (PenSetupTalentsStepClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSetupStepClass *step_class = PEN_SETUP_STEP_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pen_setup_talents_step_dispose;
  step_class->draft_set = pen_setup_talents_step_draft_set;
  step_class->refresh = pen_setup_talents_step_refresh;

  g_type_ensure (PEN_TYPE_SETUP_PLAYER_TALENTS);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-setup-talents-step.ui");
  gtk_widget_class_bind_template_child (widget_class, PenSetupTalentsStep, intro);
  for (guint i = 0; i < PEN_SETUP_DRAFT_MAX_PLAYERS; i++)
    {
      g_autofree char *id = g_strdup_printf ("player%u", i);
      gtk_widget_class_bind_template_child_full (widget_class, id, FALSE,
                                                 G_STRUCT_OFFSET (PenSetupTalentsStep, players)
                                                 + i * sizeof (gpointer));
    }
  gtk_widget_class_bind_template_child (widget_class, PenSetupTalentsStep, order_group);
  gtk_widget_class_bind_template_child (widget_class, PenSetupTalentsStep, order_row);
  gtk_widget_class_bind_template_child (widget_class, PenSetupTalentsStep, hint);
}

static void
pen_setup_talents_step_init (PenSetupTalentsStep *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
