/* pen-rival-panel.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-fate-choices.h"
#include "pen-keep-height.h"
#include "pen-picker-row.h"
#include "pen-rival.h"
#include "pen-rival-panel.h"
#include "pen-turn.h"
#include "pen-step-label.h"
#include "pen-table-util.h"
#include "pen-widget-utils.h"

struct _PenRivalPanel
{
  PenSection    parent_instance;

  GtkLabel     *why_label;
  GtkFlowBox   *steps_box;
  PenKeepHeight *steps_keeper;
  GtkBox       *reveal_box;
  GtkLabel     *reveal_label;
  GtkDropDown  *reveal_dropdown;
  GtkBox       *contract_box;
  GtkLabel     *contract_label;
  GtkDropDown  *contract_dropdown;
  GtkButton    *play_button;

  GtkStringList *steps;       /* the plan's numbered instructions */
  PenFateChoices *fate;      /* reveal_dropdown's cards */
  guint         contract_at;  /* the game position the contract picker was built for
                               * (G_MAXUINT: none): what the draw can give changes only with it */
  gboolean      refreshing;
  char         *asking_trial; /* the Trial the turn played passes, its numbers to ask */
  guint         asking_wizard;
  int           asking_path;
};

G_DEFINE_FINAL_TYPE (PenRivalPanel, pen_rival_panel, PEN_TYPE_SECTION)


static const char *
selected_reveal (PenRivalPanel *self)
{
  if (!gtk_widget_get_visible (GTK_WIDGET (self->reveal_box)))
    return NULL;
  return pen_fate_choices_get_card (self->fate);
}

static const char *
selected_contract (PenRivalPanel *self)
{
  if (!gtk_widget_get_visible (GTK_WIDGET (self->contract_box)))
    return NULL;
  return pen_tu_chosen_card (self->contract_dropdown);
}

/* Physical play: the contract the table turned up for the Guild at the end of a Trial or Rest
 * turn, to record (never the app's guess); nothing preselected, as on a player's turn */
static void
update_contract_choices (PenRivalPanel *self,
                         PenTable      *table,
                         gboolean       wanted)
{
  PenGame *game = pen_section_get_game (PEN_SECTION (self));

  gtk_widget_set_visible (GTK_WIDGET (self->contract_box), wanted);
  if (!wanted || game == NULL || pen_game_get_position (game) == self->contract_at)
    return;
  self->contract_at = pen_game_get_position (game);
  /* nothing preselected: the Play button waits for the table's pick */
  pen_tu_set_card_choices (self->contract_dropdown, pen_tu_drawable_contracts (game, table),
                           _("Unknown"));
  /* as on a player's turn: the card laid unnamed, no sheet at the Rival's turn's end */
  if (pen_table_get_physical (table))
    pen_tu_offer_name_later (self->contract_dropdown);
}

/* The steps list takes lines: the steps the same at both ends stay, only the ones between
 * change */
static void
set_steps (PenRivalPanel      *self,
           const char * const *lines)
{
  GListModel *model = G_LIST_MODEL (self->steps);
  guint n = g_list_model_get_n_items (model), len = lines ? g_strv_length ((char **) lines) : 0;
  guint head = 0, tail = 0;

  while (head < n && head < len
         && g_str_equal (gtk_string_list_get_string (self->steps, head), lines[head]))
    head++;
  while (tail < n - head && tail < len - head
         && g_str_equal (gtk_string_list_get_string (self->steps, n - 1 - tail),
                         lines[len - 1 - tail]))
    tail++;
  if (head + tail < n || head + tail < len)
    {
      g_autoptr(GStrvBuilder) middle = g_strv_builder_new ();
      g_auto(GStrv) added = NULL;

      for (guint i = head; i < len - tail; i++)
        g_strv_builder_add (middle, lines[i]);
      added = g_strv_builder_end (middle);
      gtk_string_list_splice (self->steps, head, n - head - tail, (const char * const *) added);
    }
}

static void
clear_steps (PenRivalPanel *self)
{
  set_steps (self, NULL);
}

static void
show_plan (PenRivalPanel *self,
           PenRivalPlan  *plan)
{
  const char * const *lines = pen_rival_plan_get_instructions (plan);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) numbered = NULL;

  gtk_label_set_label (self->why_label, pen_rival_plan_get_why (plan));
  for (guint i = 0; lines[i] != NULL; i++)
    {
      /* TRANSLATORS: a numbered instruction: "1. Put the Rival's Bone 2 on the Guild." */
      g_autofree char *text = g_strdup_printf (_("%u. %s"), i + 1, lines[i]);

      g_strv_builder_add (builder, text);
    }
  numbered = g_strv_builder_end (builder);
  set_steps (self, (const char * const *) numbered);
}

static void
nothing_then (PenSection *section,
              gpointer    data)
{
}

/* The Rival's Trial counts in its score by its points, symbols and Light or Darkness: asked
 * once the turn that passed it is played, while the card is in hand (play finding Y6); "Later"
 * leaves them to the end sheet */
static void
ask_rival_trial (PenRivalPanel *self,
                 PenTable      *table)
{
  g_autofree char *card = g_steal_pointer (&self->asking_trial);
  const char *fields[] = { self->asking_path == PEN_PATH_DARK ? "dark" : "light", "vp",
                           "symbols" };
  PenCard *known;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  PenWizard *rival;

  if (card == NULL || table == NULL || self->asking_wizard >= pen_table_get_n_players (table)
      || !GTK_IS_WINDOW (root))
    return;
  rival = pen_table_get_wizard (table, self->asking_wizard);
  known = pen_tu_lookup (card);
  if (known == NULL || pen_wizard_find_card (rival, card) < 0)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (!pen_card_is_known (known, fields[i]))
      {
        pen_tu_with_printed_queued (GTK_WIDGET (self), card, fields[i], nothing_then, NULL,
                                    NULL);
        return;
      }
}

/* The Trial the Rival's planned turn passes (its row card, the path), or NULL */
static char *
planned_trial (PenTable     *table,
               PenRivalPlan *plan,
               int          *path)
{
  JsonArray *steps = plan != NULL ? pen_rival_plan_get_steps (plan) : NULL;

  for (guint i = 0; steps != NULL && i < json_array_get_length (steps); i++)
    {
      JsonObject *step = json_array_get_object_element (steps, i);
      gint64 index;
      g_autoptr(PenTableCard) tc = NULL;

      if (step == NULL
          || g_strcmp0 (json_object_get_string_member_with_default (step, "action", ""),
                        "trial-take") != 0)
        continue;
      index = json_object_get_int_member_with_default (step, "index", -1);
      *path = pen_path_from_string (json_object_get_string_member_with_default (step, "path",
                                                                                "light"));
      if (index < 0
          || index >= (gint64) g_list_model_get_n_items (pen_table_get_trial_row (table)))
        return NULL;
      tc = g_list_model_get_item (pen_table_get_trial_row (table), index);
      return g_strdup (pen_table_card_get_card_id (tc));
    }
  return NULL;
}

static void
pen_rival_panel_position_changed (PenSection *section)
{
  PenRivalPanel *self = PEN_RIVAL_PANEL (section);
  PenTable *table;
  g_autoptr(PenRivalPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  const char *reveal;

  if (self->refreshing)
    return;
  table = pen_section_get_table (PEN_SECTION (self));
  if (self->asking_trial != NULL)
    ask_rival_trial (self, table);
  if (table == NULL || !pen_rival_is_due (table))
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      clear_steps (self);
      return;
    }

  /* the steps keep their height through the Rival's turn: picking its cards rewrites them */
  {
    g_autofree char *key = g_strdup_printf ("%u", pen_table_get_turn (table));

    pen_keep_height_set_key (self->steps_keeper, key);
  }
  self->refreshing = TRUE;
  plan = pen_rival_plan_turn (table, pen_table_get_current (table), NULL, NULL, &error);
  if (plan != NULL && pen_rival_plan_get_needs_reveal (plan))
    {
      /* the one list of the Fate cards (the turn controls show it too) */
      pen_fate_choices_update (self->fate, pen_section_get_game (PEN_SECTION (self)), table);
      gtk_widget_set_visible (GTK_WIDGET (self->reveal_box), TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->reveal_box), FALSE);
  /* the contract the table turned up for the row: at the end of a Trial or Rest, or when a
   * Study takes one from the Guild (play finding T2) */
  update_contract_choices (self, table, plan != NULL && pen_rival_plan_get_refills_guild (plan));
  /* plan again with the cards chosen, so the instructions name them */
  reveal = selected_reveal (self);
  if (plan != NULL && ((gtk_widget_get_visible (GTK_WIDGET (self->reveal_box)) && reveal != NULL)
                       || selected_contract (self) != NULL))
    {
      g_autoptr(PenRivalPlan) named = pen_rival_plan_turn (table, pen_table_get_current (table),
                                                           reveal, selected_contract (self),
                                                           NULL);
      if (named != NULL)
        {
          pen_rival_plan_free (plan);
          plan = g_steal_pointer (&named);
        }
    }
  self->refreshing = FALSE;
  /* app-dealt: the faces the app will roll, for the table to put down (play finding V12) */
  if (plan != NULL)
    pen_rival_plan_predict_faces (plan, table);

  if (plan == NULL)
    {
      gtk_label_set_label (self->why_label, error ? error->message : "");
      clear_steps (self);
    }
  else
    show_plan (self, plan);
  gtk_widget_set_sensitive (GTK_WIDGET (self->play_button),
                            plan != NULL && (!gtk_widget_get_visible (GTK_WIDGET (self->reveal_box))
                                             || selected_reveal (self) != NULL)
                            && (!gtk_widget_get_visible (GTK_WIDGET (self->contract_box))
                                || pen_tu_card_chosen_or_none (self->contract_dropdown)));
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
}

static PenAction *
build_action (PenRivalPanel *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));

  if (table == NULL || !pen_rival_is_due (table))
    return NULL;
  return pen_action_new_rival_turn (selected_reveal (self), selected_contract (self));
}

PenAction *
pen_rival_panel_get_action (PenRivalPanel *self)
{
  g_return_val_if_fail (PEN_IS_RIVAL_PANEL (self), NULL);
  return build_action (self);
}

static void
play_clicked_cb (PenRivalPanel *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));

  /* the Trial this turn passes, asked about once it is played (the faces may come first) */
  g_clear_pointer (&self->asking_trial, g_free);
  if (table != NULL && pen_rival_is_due (table))
    {
      g_autoptr(PenRivalPlan) plan = pen_rival_plan_turn (table, pen_table_get_current (table),
                                                          selected_reveal (self),
                                                          selected_contract (self), NULL);

      self->asking_wizard = pen_table_get_current (table);
      self->asking_trial = planned_trial (table, plan, &self->asking_path);
    }
  /* the cards turned up that no naming sheet asks about now (play finding Z8) */
  if (table != NULL && pen_table_get_physical (table))
    {
      const char *unread[3] = { NULL, };
      guint n_unread = 0;

      if (selected_contract (self) != NULL && pen_tu_chosen_later (self->contract_dropdown))
        unread[n_unread++] = selected_contract (self);
      if (selected_reveal (self) != NULL && pen_fate_choices_get_unread (self->fate))
        unread[n_unread++] = selected_reveal (self);
      gtk_widget_activate_action (GTK_WIDGET (self), "win.leave-unread", "^as", unread);
    }
  pen_section_submit_new (PEN_SECTION (self), build_action (self));
}

static void
reveal_selected_cb (PenRivalPanel *self)
{
  pen_section_queue_refresh (PEN_SECTION (self));
}

static void
pen_rival_panel_game_set (PenSection *section,
                          PenGame    *game)
{
  PenRivalPanel *self = PEN_RIVAL_PANEL (section);

  self->contract_at = G_MAXUINT;
}

PenRivalPanel *
pen_rival_panel_new (void)
{
  return g_object_new (PEN_TYPE_RIVAL_PANEL, NULL);
}

PenGame *
pen_rival_panel_get_game (PenRivalPanel *self)
{
  g_return_val_if_fail (PEN_IS_RIVAL_PANEL (self), NULL);

  return pen_section_get_game (PEN_SECTION (self));
}

void
pen_rival_panel_set_game (PenRivalPanel *self,
                          PenGame       *game)
{
  pen_section_set_game (PEN_SECTION (self), game);
}

static void
pen_rival_panel_dispose (GObject *object)
{
  PenRivalPanel *self = PEN_RIVAL_PANEL (object);

  g_clear_object (&self->fate);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_RIVAL_PANEL);
  g_clear_object (&self->steps);
  g_clear_pointer (&self->asking_trial, g_free);

  G_OBJECT_CLASS (pen_rival_panel_parent_class)->dispose (object);
}



static void
pen_rival_panel_class_init (PenRivalPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  section_class->game_set = pen_rival_panel_game_set;
  section_class->position_changed = pen_rival_panel_position_changed;

  object_class->dispose = pen_rival_panel_dispose;


  g_type_ensure (PEN_TYPE_KEEP_HEIGHT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-rival-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRivalPanel, why_label);
  gtk_widget_class_bind_template_child (widget_class, PenRivalPanel, steps_box);
  gtk_widget_class_bind_template_child (widget_class, PenRivalPanel, steps_keeper);
  gtk_widget_class_bind_template_child (widget_class, PenRivalPanel, reveal_box);
  gtk_widget_class_bind_template_child (widget_class, PenRivalPanel, reveal_label);
  gtk_widget_class_bind_template_child (widget_class, PenRivalPanel, reveal_dropdown);
  gtk_widget_class_bind_template_child (widget_class, PenRivalPanel, contract_box);
  gtk_widget_class_bind_template_child (widget_class, PenRivalPanel, contract_label);
  gtk_widget_class_bind_template_child (widget_class, PenRivalPanel, contract_dropdown);
  gtk_widget_class_bind_template_child (widget_class, PenRivalPanel, play_button);
  gtk_widget_class_bind_template_callback (widget_class, play_clicked_cb);
}

static void
pen_rival_panel_init (PenRivalPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->fate = pen_fate_choices_new (self->reveal_dropdown);
  pen_fate_choices_set_offer_unread (self->fate, TRUE);
  self->contract_at = G_MAXUINT;
  self->steps = gtk_string_list_new (NULL);
  gtk_flow_box_bind_model (self->steps_box, G_LIST_MODEL (self->steps), pen_step_label_create,
                           NULL, NULL);
  /* "Возрождение Гильдии (Пророчество)" must not widen the window past 360 px */
  pen_picker_row_narrow_drop_down (self->reveal_dropdown);
  pen_picker_row_narrow_drop_down (self->contract_dropdown);
  /* a pick leaves the Table page where it was (play findings P9, T9) */
  pen_drop_down_keep_scroll (self->reveal_dropdown);
  pen_drop_down_keep_scroll (self->contract_dropdown);
  g_signal_connect_object (self->reveal_dropdown, "notify::selected",
                           G_CALLBACK (reveal_selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->contract_dropdown, "notify::selected",
                           G_CALLBACK (reveal_selected_cb), self, G_CONNECT_SWAPPED);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->contract_dropdown),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, self->contract_label, NULL,
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->reveal_dropdown),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Fate card revealed"), -1);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->reveal_dropdown),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, self->reveal_label, NULL,
                                  -1);
}
