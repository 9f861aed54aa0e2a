/* pen-setup-player-talents.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-setup-cards.h"
#include "pen-setup-player-talents.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

struct _PenSetupPlayerTalents
{
  AdwPreferencesGroup  parent_instance;

  AdwActionRow        *dealt_rows[2];
  GtkCheckButton      *checks[2];
  AdwComboRow         *talent_row;
  AdwComboRow         *name_row;
  AdwEntryRow         *name_entry;
  AdwComboRow         *mark_row;
  AdwActionRow        *number_row;
  GtkSpinButton       *number_spin;

  PenSetupDraft       *draft;
  guint                player;
  GPtrArray           *talent_ids;
  GPtrArray           *name_ids;
  gboolean             typing;       /* "Another: type its name" chosen, nothing typed yet */
  gboolean             syncing;
};

G_DEFINE_FINAL_TYPE (PenSetupPlayerTalents, pen_setup_player_talents,
                     ADW_TYPE_PREFERENCES_GROUP)

/* Physical: "Choose…" until the player says, then the Talents no other player kept, then one
 * the rulebook does not name; the kept one selected */
static void
sync_talent_row (PenSetupPlayerTalents *self)
{
  g_autoptr(GPtrArray) ids = pen_setup_draft_list_talents (self->draft, self->player);
  guint sel = 0;

  if (!pen_setup_same_ids (ids, self->talent_ids))
    {
      g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

      gtk_string_list_append (model, _("Choose…"));
      for (guint i = 0; i < ids->len; i++)
        gtk_string_list_append (model, pen_turn_card_name (g_ptr_array_index (ids, i)));
      gtk_string_list_append (model, _("Another Talent"));
      g_clear_pointer (&self->talent_ids, g_ptr_array_unref);
      self->talent_ids = g_steal_pointer (&ids);
      adw_combo_row_set_model (self->talent_row, G_LIST_MODEL (model));
    }
  if (pen_setup_draft_get_talent_said (self->draft, self->player))
    sel = pen_setup_index_of (self->talent_ids,
                              pen_setup_draft_get_talent (self->draft, self->player)) + 1;
  adw_combo_row_set_selected (self->talent_row, sel);
}

/* App-dealt, a kept Talent the catalogue cannot name: "Later", the names it may have, then
 * "Another: type its name" with the entry below (play finding P10) */
static void
sync_name_row (PenSetupPlayerTalents *self)
{
  gboolean unnamed = pen_setup_draft_get_talent_unnamed (self->draft, self->player);
  g_autoptr(GPtrArray) ids = pen_setup_draft_list_talent_names (self->draft, self->player);
  const char *as = pen_setup_draft_get_talent_as (self->draft, self->player);
  const char *typed = pen_setup_draft_get_talent_typed (self->draft, self->player);
  g_autofree char *shown = NULL;
  guint sel = 0;

  gtk_widget_set_visible (GTK_WIDGET (self->name_row), unnamed);
  if (!pen_setup_same_ids (ids, self->name_ids))
    {
      g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

      gtk_string_list_append (model, _("Later"));
      for (guint i = 0; i < ids->len; i++)
        gtk_string_list_append (model, pen_turn_card_name (g_ptr_array_index (ids, i)));
      gtk_string_list_append (model, _("Another: type its name"));
      g_clear_pointer (&self->name_ids, g_ptr_array_unref);
      self->name_ids = g_steal_pointer (&ids);
      adw_combo_row_set_model (self->name_row, G_LIST_MODEL (model));
    }
  if (!unnamed)
    self->typing = FALSE;
  if (typed != NULL || self->typing)
    sel = self->name_ids->len + 1;
  else if (as != NULL)
    sel = pen_setup_index_of (self->name_ids, as) + 1;
  adw_combo_row_set_selected (self->name_row, sel);
  /* once named, no subtitle: the name chosen keeps the row's width (360 px, Russian) */
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->name_row),
                               sel == 0 ? _("Read it off the card: asked once") : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->name_entry), unnamed && sel == self->name_ids->len + 1);
  /* the draft keeps the name stripped: a space being typed is not taken back */
  shown = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entry))));
  if (g_strcmp0 (shown, typed != NULL ? typed : "") != 0 && (typed != NULL || !self->typing))
    gtk_editable_set_text (GTK_EDITABLE (self->name_entry), typed != NULL ? typed : "");
}

/* App-dealt: a dealt Talent's row, titled by the name the table gave it once it is the kept
 * one and named, not "Talent 4 of 12" any more (play finding R3) */
static void
sync_dealt_titles (PenSetupPlayerTalents *self)
{
  char **pair;
  guint kept;

  if (pen_setup_draft_get_physical (self->draft))
    return;
  pair = g_ptr_array_index (pen_setup_draft_get_setup (self->draft)->talents_dealt,
                            self->player);
  kept = pen_setup_draft_get_kept (self->draft, self->player);
  for (guint j = 0; j < 2 && pair != NULL && pair[0] != NULL; j++)
    {
      const char *as = pen_setup_draft_get_talent_as (self->draft, self->player);
      const char *typed = pen_setup_draft_get_talent_typed (self->draft, self->player);
      g_autofree char *title = NULL;
      g_autofree char *sub = NULL;

      if (j == 1 && pair[1] == NULL)
        break;
      if (j == kept && (as != NULL || typed != NULL))
        {
          title = g_strdup (as != NULL ? pen_turn_card_name (as) : typed);
          sub = pen_setup_card_subtitle (as != NULL ? as : pair[j], FALSE);
        }
      else
        {
          title = pen_setup_card_title (pair[j]);
          sub = pen_setup_card_subtitle (pair[j], FALSE);
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->dealt_rows[j]), title);
      adw_action_row_set_subtitle (self->dealt_rows[j], sub);
    }
}

/* Brings the rows that depend on the answers up to date, without rebuilding them */
static void
sync_rows (PenSetupPlayerTalents *self)
{
  int fixed;

  if (self->draft == NULL || self->player >= pen_setup_draft_get_n_players (self->draft))
    return;
  self->syncing = TRUE;
  if (pen_setup_draft_get_physical (self->draft))
    sync_talent_row (self);
  sync_name_row (self);
  sync_dealt_titles (self);
  fixed = pen_setup_draft_get_fixed_mark (self->draft, self->player);
  adw_combo_row_set_selected (self->mark_row,
                              (guint) (pen_setup_draft_get_start_mark (self->draft,
                                                                       self->player) + 1));
  gtk_widget_set_sensitive (GTK_WIDGET (self->mark_row), fixed < 0);
  /* once chosen, a short subtitle: a long one took the row's width and the chosen value was
   * ellipsized to "…" at 360 px in Russian (play finding 1) */
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->mark_row),
                               fixed >= 0 || pen_setup_draft_get_start_mark (self->draft,
                                                                             self->player) >= 0
                               ? _("From the Talent card")
                               : _("Shown on the Talent card: choose it"));
  gtk_widget_set_visible (GTK_WIDGET (self->number_row),
                          pen_setup_draft_get_n_players (self->draft) > 1
                          && !pen_setup_draft_get_number_known (self->draft, self->player));
  if (!pen_setup_draft_get_physical (self->draft))
    gtk_check_button_set_active (self->checks[pen_setup_draft_get_kept (self->draft,
                                                                        self->player)], TRUE);
  self->syncing = FALSE;
}

void
pen_setup_player_talents_show (PenSetupPlayerTalents *self,
                               PenSetupDraft         *draft,
                               guint                  player)
{
  gboolean physical;
  const char *name;

  g_return_if_fail (PEN_IS_SETUP_PLAYER_TALENTS (self));
  g_return_if_fail (player < pen_setup_draft_get_n_players (draft));

  if (self->draft != draft)
    {
      if (self->draft != NULL)
        g_signal_handlers_disconnect_by_data (self->draft, self);
      g_set_object (&self->draft, draft);
      g_signal_connect_object (draft, "answers-changed", G_CALLBACK (sync_rows), self,
                               G_CONNECT_SWAPPED);
    }
  if (self->player != player)
    self->typing = FALSE;
  self->player = player;
  physical = pen_setup_draft_get_physical (draft);
  name = pen_setup_draft_get_name (draft, player);
  pen_setup_group_set_text (ADW_PREFERENCES_GROUP (self), name, NULL);

  self->syncing = TRUE;
  for (guint j = 0; j < 2; j++)
    {
      char **pair = g_ptr_array_index (pen_setup_draft_get_setup (draft)->talents_dealt, player);
      gboolean shown = !physical && pair[0] != NULL && (j == 0 || pair[1] != NULL);

      gtk_widget_set_visible (GTK_WIDGET (self->dealt_rows[j]), shown);
      if (shown)
        {
          g_autofree char *title = pen_setup_card_title (pair[j]);
          g_autofree char *sub = pen_setup_card_subtitle (pair[j], FALSE);
          g_autofree char *a11y = g_strdup_printf (_("%s keeps %s"), name, title);

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->dealt_rows[j]), title);
          adw_action_row_set_subtitle (self->dealt_rows[j], sub);
          gtk_accessible_update_property (GTK_ACCESSIBLE (self->checks[j]),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->talent_row), physical);
  gtk_spin_button_set_value (self->number_spin,
                             pen_setup_draft_get_turn_number (draft, player));
  self->syncing = FALSE;
  sync_rows (self);
}

static void
check_toggled_cb (PenSetupPlayerTalents *self,
                  GtkCheckButton        *check)
{
  if (self->syncing || self->draft == NULL || !gtk_check_button_get_active (check))
    return;
  pen_setup_draft_keep_talent (self->draft, self->player, check == self->checks[1] ? 1 : 0,
                               NULL);
}

static void
talent_selected_cb (PenSetupPlayerTalents *self)
{
  guint sel = adw_combo_row_get_selected (self->talent_row);

  /* 0 is "Choose…": nothing said yet */
  if (self->syncing || self->draft == NULL || sel == 0 || sel == GTK_INVALID_LIST_POSITION)
    return;
  pen_setup_draft_set_talent (self->draft, self->player,
                              sel <= self->talent_ids->len
                              ? g_ptr_array_index (self->talent_ids, sel - 1) : NULL, NULL);
}

static void
name_selected_cb (PenSetupPlayerTalents *self)
{
  guint sel = adw_combo_row_get_selected (self->name_row);
  const char *text;

  if (self->syncing || self->draft == NULL || self->name_ids == NULL
      || sel == GTK_INVALID_LIST_POSITION)
    return;
  self->typing = sel == self->name_ids->len + 1;
  text = gtk_editable_get_text (GTK_EDITABLE (self->name_entry));
  /* 0 is "Later": the Talent stays unnamed, as before */
  pen_setup_draft_name_talent (self->draft, self->player,
                               sel > 0 && !self->typing
                               ? g_ptr_array_index (self->name_ids, sel - 1) : NULL,
                               self->typing ? text : NULL, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->name_entry), self->typing);
}

static void
name_typed_cb (PenSetupPlayerTalents *self)
{
  if (self->syncing || self->draft == NULL || !self->typing)
    return;
  pen_setup_draft_name_talent (self->draft, self->player, NULL,
                               gtk_editable_get_text (GTK_EDITABLE (self->name_entry)), NULL);
}

static void
mark_selected_cb (PenSetupPlayerTalents *self)
{
  guint sel = adw_combo_row_get_selected (self->mark_row);

  if (self->syncing || self->draft == NULL
      || pen_setup_draft_get_fixed_mark (self->draft, self->player) >= 0)
    return;
  pen_setup_draft_set_start_mark (self->draft, self->player,
                                  sel == 0 || sel == GTK_INVALID_LIST_POSITION
                                  ? -1 : (int) sel - 1, NULL);
}

static void
number_changed_cb (PenSetupPlayerTalents *self)
{
  if (self->syncing || self->draft == NULL)
    return;
  pen_setup_draft_set_turn_number (self->draft, self->player,
                                   (guint) gtk_spin_button_get_value_as_int (self->number_spin),
                                   NULL);
}

static void
pen_setup_player_talents_dispose (GObject *object)
{
  PenSetupPlayerTalents *self = PEN_SETUP_PLAYER_TALENTS (object);

  if (self->draft != NULL)
    g_signal_handlers_disconnect_by_data (self->draft, self);
  g_clear_object (&self->draft);
  g_clear_pointer (&self->talent_ids, g_ptr_array_unref);
  g_clear_pointer (&self->name_ids, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_SETUP_PLAYER_TALENTS);

  G_OBJECT_CLASS (pen_setup_player_talents_parent_class)->dispose (object);
}

static void
pen_setup_player_talents_class_init (PenSetupPlayerTalentsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_setup_player_talents_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-setup-player-talents.ui");
  gtk_widget_class_bind_template_child_full (widget_class, "dealt_row0", FALSE,
                                             G_STRUCT_OFFSET (PenSetupPlayerTalents,
                                                              dealt_rows[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "dealt_row1", FALSE,
                                             G_STRUCT_OFFSET (PenSetupPlayerTalents,
                                                              dealt_rows[1]));
  gtk_widget_class_bind_template_child_full (widget_class, "check0", FALSE,
                                             G_STRUCT_OFFSET (PenSetupPlayerTalents, checks[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "check1", FALSE,
                                             G_STRUCT_OFFSET (PenSetupPlayerTalents, checks[1]));
  gtk_widget_class_bind_template_child (widget_class, PenSetupPlayerTalents, talent_row);
  gtk_widget_class_bind_template_child (widget_class, PenSetupPlayerTalents, name_row);
  gtk_widget_class_bind_template_child (widget_class, PenSetupPlayerTalents, name_entry);
  gtk_widget_class_bind_template_child (widget_class, PenSetupPlayerTalents, mark_row);
  gtk_widget_class_bind_template_child (widget_class, PenSetupPlayerTalents, number_row);
  gtk_widget_class_bind_template_child (widget_class, PenSetupPlayerTalents, number_spin);
  gtk_widget_class_bind_template_callback (widget_class, check_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, talent_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, name_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, name_typed_cb);
  gtk_widget_class_bind_template_callback (widget_class, mark_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, number_changed_cb);
}

static void
pen_setup_player_talents_init (PenSetupPlayerTalents *self)
{
  g_autoptr(GtkStringList) marks = pen_setup_mark_model ();

  gtk_widget_init_template (GTK_WIDGET (self));
  /* a wheel turn over a number scrolls the form */
  pen_spin_buttons_scroll_when_focused (GTK_WIDGET (self));
  self->syncing = TRUE;
  adw_combo_row_set_model (self->mark_row, G_LIST_MODEL (marks));
  pen_combo_row_wrap_popup (self->name_row);
  /* their lists within the assistant's window at 360 px (play finding E5) */
  pen_popover_keep_in_window (GTK_WIDGET (self->talent_row));
  pen_popover_keep_in_window (GTK_WIDGET (self->mark_row));
  self->syncing = FALSE;
}
