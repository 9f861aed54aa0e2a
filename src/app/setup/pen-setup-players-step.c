/* pen-setup-players-step.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-setup-cards.h"
#include "pen-setup-players-step.h"
#include "pen-setup-row.h"

struct _PenSetupPlayersStep
{
  PenSetupStep         parent_instance;

  AdwPreferencesGroup *players_group;
  GtkListBox          *players_list;
  AdwEntryRow         *seed_row;
  GtkWidget           *seed_group;
  GtkSwitch           *physical_switch;
  GtkSwitch           *ready_made_switch;
  AdwPreferencesGroup *rival_group;
  AdwComboRow         *level_row;

  GListStore          *players;
};

G_DEFINE_FINAL_TYPE (PenSetupPlayersStep, pen_setup_players_step, PEN_TYPE_SETUP_STEP)

static void
seed_changed_cb (PenSetupPlayersStep *self)
{
  PenSetupDraft *draft = pen_setup_step_get_draft (PEN_SETUP_STEP (self));
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                           pen_setup_draft_get_seed (draft));

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->seed_row), text);
  gtk_widget_remove_css_class (GTK_WIDGET (self->seed_row), "error");
}

gboolean
pen_setup_players_step_apply_seed (PenSetupPlayersStep *self)
{
  PenSetupDraft *draft = pen_setup_step_get_draft (PEN_SETUP_STEP (self));

  g_return_val_if_fail (PEN_IS_SETUP_PLAYERS_STEP (self), FALSE);

  if (!pen_setup_draft_set_seed_text (draft, gtk_editable_get_text (GTK_EDITABLE (self->seed_row)),
                                      NULL))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->seed_row), "error");
      return FALSE;
    }
  seed_changed_cb (self);
  return TRUE;
}

static void
seed_apply_cb (PenSetupPlayersStep *self)
{
  pen_setup_players_step_apply_seed (self);
}

static void
seed_typed_cb (PenSetupPlayersStep *self)
{
  gtk_widget_remove_css_class (GTK_WIDGET (self->seed_row), "error");
}

static void
new_seed_cb (PenSetupPlayersStep *self)
{
  /* short enough to read out across the table */
  pen_setup_draft_set_seed (pen_setup_step_get_draft (PEN_SETUP_STEP (self)),
                            (guint64) g_random_int_range (1, 1000000));
}

static void
copy_seed_cb (PenSetupPlayersStep *self)
{
  guint64 seed = pen_setup_draft_get_seed (pen_setup_step_get_draft (PEN_SETUP_STEP (self)));
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
}

/* the Rival's level, 1 to 3 (a solo game only: a group game has no "solo" key) */
static void
level_cb (PenSetupPlayersStep *self)
{
  PenSetupDraft *draft = pen_setup_step_get_draft (PEN_SETUP_STEP (self));

  if (draft != NULL && pen_setup_draft_get_n_players (draft) == 1)
    pen_setup_draft_set_solo_level (draft, adw_combo_row_get_selected (self->level_row) + 1,
                                    NULL);
}

static void
pen_setup_players_step_refresh (PenSetupStep *step)
{
  PenSetupPlayersStep *self = PEN_SETUP_PLAYERS_STEP (step);
  PenSetupDraft *draft = pen_setup_step_get_draft (step);
  guint n = pen_setup_draft_get_n_players (draft);
  g_autoptr(GListStore) rows = g_list_store_new (PEN_TYPE_SETUP_ITEM);
  g_autofree char *desc = NULL;

  if (n == 1)
    desc = g_strdup (_("A solo game is set up as a game for two wizards: the Rival is the "
                       "second one. The app plays it by its own rules, not by the solo-mode "
                       "sheet: each of its turns says what to do with its pieces."));
  else
    desc = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u player, in the order typed on the "
                                         "start page.", "%u players, in the order typed on the "
                                         "start page.", n), n);
  pen_setup_group_set_text (self->players_group, _("Players"), desc);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *sub = g_strdup_printf (_("Wizard %u"), i + 1);
      pen_setup_items_add (rows, PEN_SETUP_ITEM_PLAIN, pen_setup_draft_get_name (draft, i), sub);
    }
  if (n == 1)
    pen_setup_items_add (rows, PEN_SETUP_ITEM_PLAIN, _("Rival"),
                         _("The second wizard of a solo game"));
  pen_setup_items_replace (self->players, rows);
  gtk_widget_set_visible (GTK_WIDGET (self->rival_group), n == 1);
  if (n == 1)
    adw_combo_row_set_selected (self->level_row,
                                MAX (pen_setup_draft_get_solo_level (draft), 1) - 1);
}

static void
pen_setup_players_step_draft_set (PenSetupStep  *step,
                                  PenSetupDraft *draft)
{
  PenSetupPlayersStep *self = PEN_SETUP_PLAYERS_STEP (step);

  g_object_bind_property (draft, "physical", self->physical_switch, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (draft, "ready-made", self->ready_made_switch, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  /* a table that shuffles and deals lays out nothing from the seed (play finding X8) */
  g_object_bind_property (draft, "physical", self->seed_group, "visible",
                          G_BINDING_INVERT_BOOLEAN | G_BINDING_SYNC_CREATE);
  g_signal_connect_object (draft, "notify::seed", G_CALLBACK (seed_changed_cb), self,
                           G_CONNECT_SWAPPED);
  seed_changed_cb (self);
}

static void
pen_setup_players_step_dispose (GObject *object)
{
  PenSetupPlayersStep *self = PEN_SETUP_PLAYERS_STEP (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_SETUP_PLAYERS_STEP);
  g_clear_object (&self->players);

  G_OBJECT_CLASS (pen_setup_players_step_parent_class)->dispose (object);
}

static void
pen_setup_players_step_class_init (PenSetupPlayersStepClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSetupStepClass *step_class = PEN_SETUP_STEP_CLASS (klass);

  object_class->dispose = pen_setup_players_step_dispose;
  step_class->draft_set = pen_setup_players_step_draft_set;
  step_class->refresh = pen_setup_players_step_refresh;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-setup-players-step.ui");
  gtk_widget_class_bind_template_child (widget_class, PenSetupPlayersStep, players_group);
  gtk_widget_class_bind_template_child (widget_class, PenSetupPlayersStep, players_list);
  gtk_widget_class_bind_template_child (widget_class, PenSetupPlayersStep, seed_row);
  gtk_widget_class_bind_template_child (widget_class, PenSetupPlayersStep, seed_group);
  gtk_widget_class_bind_template_child (widget_class, PenSetupPlayersStep, physical_switch);
  gtk_widget_class_bind_template_child (widget_class, PenSetupPlayersStep, ready_made_switch);
  gtk_widget_class_bind_template_child (widget_class, PenSetupPlayersStep, rival_group);
  gtk_widget_class_bind_template_child (widget_class, PenSetupPlayersStep, level_row);
  gtk_widget_class_bind_template_callback (widget_class, seed_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, seed_typed_cb);
  gtk_widget_class_bind_template_callback (widget_class, new_seed_cb);
  gtk_widget_class_bind_template_callback (widget_class, copy_seed_cb);
  gtk_widget_class_bind_template_callback (widget_class, level_cb);
}

static void
pen_setup_players_step_init (PenSetupPlayersStep *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->players = g_list_store_new (PEN_TYPE_SETUP_ITEM);
  pen_setup_row_bind (self->players_list, G_LIST_MODEL (self->players), NULL);
}
