/* pen-task-dialog.c: the task helper — can this wizard do this task now, with which dice,
 * and at what odds — and pays it in one undoable step
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-catalog.h"
#include "pen-die-view.h"
#include "pen-json.h"
#include "pen-task-dialog.h"
#include "pen-tasks.h"
#include "pen-widget-utils.h"

struct _PenTaskDialog
{
  AdwWindow      parent_instance;

  AdwComboRow   *wizard_row;
  AdwComboRow   *kind_row;
  GtkWidget     *colors_row;
  GtkWidget     *colors_box;
  GtkWidget     *color_buttons[PEN_N_COLORS];
  AdwComboRow   *roll_color_row;
  GtkWidget     *at_least_row;
  GtkSpinButton *at_least_spin;
  GtkWidget     *count_row;
  GtkSpinButton *count_spin;
  AdwEntryRow   *values_row;
  GtkWidget     *threat_row;
  GtkSpinButton *threat_spin;
  GtkWidget     *ingredients_group;
  GtkSpinButton *ingredient_spins[PEN_N_INGREDIENTS];
  GtkWidget     *symbols_group;
  GtkSpinButton *symbol_spins[PEN_N_SYMBOLS];
  GtkLabel      *verdict_label;
  GtkLabel      *detail_label;
  GtkWidget     *dice_box;
  GtkWidget     *pay_button;

  PenGame       *game;
  PenTask       *task;
  PenTaskResult *result;
  guint          wizard;
};

G_DEFINE_FINAL_TYPE (PenTaskDialog, pen_task_dialog, ADW_TYPE_WINDOW)

enum {
  SUBMIT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const PenTaskKind kind_order[] = {
  PEN_TASK_DISCARD_SUM, PEN_TASK_DISCARD_EXACT, PEN_TASK_ROLL_SUM, PEN_TASK_DISCARD_INGREDIENTS,
  PEN_TASK_WITHSTAND, PEN_TASK_HAVE_EXPERIENCE,
};

static PenTaskKind
current_kind (PenTaskDialog *self)
{
  guint i = adw_combo_row_get_selected (self->kind_row);

  return kind_order[MIN (i, G_N_ELEMENTS (kind_order) - 1)];
}

static void
experience_of (PenWizard *wizard,
               guint     *symbols)
{
  GListModel *cards = pen_wizard_get_cards (wizard);

  memset (symbols, 0, sizeof (guint) * PEN_N_SYMBOLS);
  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
      PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                          pen_table_card_get_card_id (tc));

      if (card == NULL || g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_EXPERIENCE) != 0)
        continue;
      for (guint s = 0; s < PEN_N_SYMBOLS; s++)
        symbols[s] += pen_card_count_symbol (card, s);
    }
}

static void
update_visibility (PenTaskDialog *self)
{
  PenTaskKind kind = current_kind (self);

  gtk_widget_set_visible (self->colors_row, kind == PEN_TASK_DISCARD_SUM
                                            || kind == PEN_TASK_DISCARD_EXACT);
  gtk_widget_set_visible (GTK_WIDGET (self->roll_color_row), kind == PEN_TASK_ROLL_SUM);
  gtk_widget_set_visible (self->at_least_row, kind == PEN_TASK_DISCARD_SUM
                                              || kind == PEN_TASK_ROLL_SUM);
  gtk_widget_set_visible (self->count_row, kind == PEN_TASK_ROLL_SUM);
  gtk_widget_set_visible (GTK_WIDGET (self->values_row), kind == PEN_TASK_DISCARD_EXACT);
  gtk_widget_set_visible (self->threat_row, kind == PEN_TASK_WITHSTAND);
  gtk_widget_set_visible (self->ingredients_group, kind == PEN_TASK_DISCARD_INGREDIENTS);
  gtk_widget_set_visible (self->symbols_group, kind == PEN_TASK_HAVE_EXPERIENCE);
}

static char *
percent (double p)
{
  return g_strdup_printf ("%.0f%%", 100.0 * p);
}

static void
recompute (PenTaskDialog *self)
{
  PenTaskKind kind = current_kind (self);
  PenTable *table;
  PenWizard *wizard;
  g_autoptr(PenBoard) board = NULL;
  g_autofree char *describe = NULL;
  g_autoptr(GString) detail = g_string_new (NULL);
  guint experience[PEN_N_SYMBOLS];
  gboolean pay = FALSE;

  update_visibility (self);
  if (self->game == NULL)
    return;
  table = pen_game_get_table (self->game);
  if (pen_table_get_n_players (table) == 0)
    return;
  self->wizard = MIN (adw_combo_row_get_selected (self->wizard_row),
                      pen_table_get_n_players (table) - 1);
  wizard = pen_table_get_wizard (table, self->wizard);
  board = pen_wizard_to_board (wizard);
  experience_of (wizard, experience);

  g_clear_pointer (&self->task, pen_task_free);
  g_clear_pointer (&self->result, pen_task_result_free);
  self->task = pen_task_new (kind);

  switch (kind)
    {
    case PEN_TASK_DISCARD_SUM:
    case PEN_TASK_DISCARD_EXACT:
      self->task->colors = 0;
      for (guint c = 0; c < PEN_N_COLORS; c++)
        if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->color_buttons[c])))
          self->task->colors |= 1u << c;
      if (self->task->colors == 0)
        self->task->colors = 1u << PEN_COLOR_BONE;
      self->task->at_least = gtk_spin_button_get_value_as_int (self->at_least_spin);
      if (kind == PEN_TASK_DISCARD_EXACT)
        {
          const char *text = gtk_editable_get_text (GTK_EDITABLE (self->values_row));
          self->task->n_values = 0;
          for (const char *c = text; *c && self->task->n_values < PEN_TASK_MAX_VALUES; c++)
            if (*c >= '1' && *c <= '6')
              self->task->values[self->task->n_values++] = *c - '0';
        }
      break;
    case PEN_TASK_ROLL_SUM:
      self->task->colors = 1u << MIN (adw_combo_row_get_selected (self->roll_color_row),
                                      PEN_N_COLORS - 1);
      self->task->count = gtk_spin_button_get_value_as_int (self->count_spin);
      self->task->at_least = gtk_spin_button_get_value_as_int (self->at_least_spin);
      break;
    case PEN_TASK_DISCARD_INGREDIENTS:
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        self->task->ingredients[i] = gtk_spin_button_get_value_as_int (self->ingredient_spins[i]);
      break;
    case PEN_TASK_WITHSTAND:
      self->task->threat = gtk_spin_button_get_value_as_int (self->threat_spin);
      break;
    case PEN_TASK_HAVE_EXPERIENCE:
      for (guint s = 0; s < PEN_N_SYMBOLS; s++)
        self->task->symbols[s] = gtk_spin_button_get_value_as_int (self->symbol_spins[s]);
      break;
    case PEN_N_TASK_KINDS:
    default:
      break;
    }

  /* Crystal Suppression of the trial this wizard is attempting: no Crystals at all */
  {
    const PenTrial *trial = pen_table_get_trial (table);

    self->task->suppress_crystals = trial != NULL && trial->wizard == self->wizard
                                    && pen_trial_in_force (trial, PEN_TRIAL_SUPPRESS_CRYSTALS);
  }
  self->result = pen_task_solve (self->task, board, experience);
  describe = pen_task_result_describe (self->result, self->task, board);

  gtk_label_set_label (self->verdict_label,
                       self->result->feasible ? _("Possible now") : _("Not possible now"));
  gtk_widget_set_css_classes (GTK_WIDGET (self->verdict_label),
                              (const char *[]) { "title-3", self->result->feasible ? "success"
                                                                                   : "warning",
                                                 NULL });
  g_string_append (detail, describe ? describe : "");

  if (kind == PEN_TASK_ROLL_SUM || kind == PEN_TASK_WITHSTAND)
    {
      g_autofree char *bare = percent (self->result->p_success);

      if (pen_table_get_hide_odds (table))
        g_string_append_printf (detail, "\n%s", _("The odds are hidden in this game."));
      else if (kind == PEN_TASK_ROLL_SUM)
        {
          g_autofree char *with = percent (self->result->p_success_with_crystals);
          g_string_append_printf (detail, "\n%s", "");
          g_string_append_printf (detail, _("As the dice fall: %s."), bare);
          if (self->result->crystals > 0)
            {
              g_string_append (detail, " ");
              g_string_append_printf (detail,
                                      g_dngettext (GETTEXT_PACKAGE,
                                                   "With up to %u Crystal spent well: %s.",
                                                   "With up to %u Crystals spent well: %s.",
                                                   self->result->crystals),
                                      self->result->crystals, with);
            }
        }
      else
        {
          g_string_append_printf (detail, "\n%s", "");
          g_string_append_printf (detail, _("Chance to come through without a Mortal Wound: %s."),
                                  bare);
        }
    }
  gtk_label_set_label (self->detail_label, detail->str);

  /* the dice the solver spends, drawn as they lie in the supply */
  pen_widget_remove_all (self->dice_box);
  if (self->result->use != NULL)
    for (guint i = 0; i < self->result->use->len; i++)
      {
        guint index = g_array_index (self->result->use, guint, i);
        const PenDieValue *die;
        GtkWidget *view;

        if (index >= board->supply->len)
          continue;
        die = &g_array_index (board->supply, PenDieValue, index);
        view = pen_die_view_new ();
        pen_die_view_set_die (PEN_DIE_VIEW (view), die->color, die->value, die->temporary);
        gtk_box_append (GTK_BOX (self->dice_box), view);
      }

  pay = self->result->feasible
        && (kind == PEN_TASK_DISCARD_SUM || kind == PEN_TASK_DISCARD_EXACT
            || kind == PEN_TASK_DISCARD_INGREDIENTS);
  gtk_widget_set_sensitive (self->pay_button, pay);
}

static void
pay_clicked_cb (PenTaskDialog *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(PenAction) action = NULL;

  if (self->result == NULL || !self->result->feasible)
    return;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "wizard");
  json_builder_add_int_value (b, self->wizard);
  json_builder_set_member_name (b, "dice");
  json_builder_begin_array (b);
  if (self->result->use != NULL)
    for (guint i = 0; i < self->result->use->len; i++)
      json_builder_add_int_value (b, g_array_index (self->result->use, guint, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "ingredients");
  json_builder_begin_object (b);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (self->result->pay[i] > 0)
      {
        json_builder_set_member_name (b, pen_ingredient_to_string (i));
        json_builder_add_int_value (b, self->result->pay[i]);
      }
  json_builder_end_object (b);
  json_builder_set_member_name (b, "marks");
  json_builder_begin_array (b);
  if (self->result->marks != NULL)
    {
      PenWizard *wizard = pen_table_get_wizard (pen_game_get_table (self->game), self->wizard);
      GListModel *marks = pen_wizard_get_marks (wizard);

      /* the solver names marks by their place in the list; the action names their cell */
      for (guint i = 0; i < self->result->marks->len; i++)
        {
          g_autoptr(PenMark) mark = g_list_model_get_item (marks,
                                                           g_array_index (self->result->marks,
                                                                          guint, i));
          if (mark != NULL)
            json_builder_add_int_value (b, pen_mark_get_cell (mark));
        }
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  node = json_builder_get_root (b);
  action = pen_action_new_with_params ("task-pay", json_node_get_object (node));

  if (action != NULL)
    g_signal_emit (self, signals[SUBMIT], 0, action);
  recompute (self);
}

static GtkWidget *
spin_row (const char     *title,
          const char     *subtitle,
          double          lo,
          double          hi,
          double          value,
          GtkSpinButton **spin_out)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (lo, hi, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  *spin_out = GTK_SPIN_BUTTON (spin);
  return row;
}

static void
build (PenTaskDialog *self)
{
  GtkWidget *toolbar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *scroll = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *task_group = adw_preferences_group_new ();
  GtkWidget *result_group = adw_preferences_group_new ();
  GtkWidget *result_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) colors = gtk_string_list_new (NULL);

  gtk_window_set_title (GTK_WINDOW (self), _("Task Helper"));
  gtk_window_set_default_size (GTK_WINDOW (self), 520, 680);
  gtk_box_append (GTK_BOX (toolbar), header);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroll, TRUE);
  gtk_box_append (GTK_BOX (toolbar), scroll);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), clamp);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 24);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (task_group), _("The Task"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (task_group),
                                         _("As printed on the contract or trial."));
  gtk_box_append (GTK_BOX (box), task_group);

  self->wizard_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->wizard_row), _("Wizard"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (task_group), GTK_WIDGET (self->wizard_row));

  gtk_string_list_append (kinds, _("Discard dice with a total"));
  gtk_string_list_append (kinds, _("Discard dice with exact faces"));
  gtk_string_list_append (kinds, _("Roll dice for a total"));
  gtk_string_list_append (kinds, _("Discard ingredients"));
  gtk_string_list_append (kinds, _("Withstand Threat"));
  gtk_string_list_append (kinds, _("Have experience"));
  self->kind_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->kind_row), _("Kind"));
  adw_combo_row_set_model (self->kind_row, G_LIST_MODEL (kinds));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (task_group), GTK_WIDGET (self->kind_row));

  /* colour toggles: each a letter and a name, never colour alone */
  self->colors_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->colors_row), _("Colours"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->colors_row),
                               _("Bone takes any die; a Spark die stands in for a colour"));
  self->colors_box = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->colors_box), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->colors_box), 8);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (self->colors_box), 4);
  for (guint c = 0; c < PEN_N_COLORS; c++)
    {
      GtkWidget *toggle = gtk_toggle_button_new_with_label (pen_color_get_letter (c));

      gtk_widget_set_tooltip_text (toggle, pen_color_get_label (c));
      gtk_accessible_update_property (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      pen_color_get_label (c), -1);
      gtk_widget_add_css_class (toggle, "color-toggle");
      gtk_widget_add_css_class (toggle, pen_color_to_string (c));
      g_signal_connect_swapped (toggle, "toggled", G_CALLBACK (recompute), self);
      gtk_flow_box_append (GTK_FLOW_BOX (self->colors_box), toggle);
      self->color_buttons[c] = toggle;
      gtk_string_list_append (colors, pen_color_get_label (c));
    }
  gtk_widget_set_margin_bottom (self->colors_box, 6);
  {
    GtkWidget *wrap = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append (GTK_BOX (wrap), self->colors_row);
    gtk_box_append (GTK_BOX (wrap), self->colors_box);
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (task_group), wrap);
    self->colors_row = wrap;
  }

  self->roll_color_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->roll_color_row), _("Colour Rolled"));
  adw_combo_row_set_model (self->roll_color_row, G_LIST_MODEL (colors));
  adw_combo_row_set_selected (self->roll_color_row, PEN_COLOR_YELLOW);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (task_group),
                             GTK_WIDGET (self->roll_color_row));

  self->count_row = spin_row (_("Dice Rolled"), NULL, 1, PEN_TASK_MAX_ROLL, 2, &self->count_spin);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (task_group), self->count_row);
  self->at_least_row = spin_row (_("Total at Least"), NULL, 0, 60, 7, &self->at_least_spin);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (task_group), self->at_least_row);

  self->values_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->values_row),
                                 _("Faces, e.g. 2 4"));
  gtk_editable_set_text (GTK_EDITABLE (self->values_row), "2 4");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (task_group), GTK_WIDGET (self->values_row));

  self->threat_row = spin_row (_("Threat Dice"), NULL, 0, 30, 3, &self->threat_spin);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (task_group), self->threat_row);

  self->ingredients_group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->ingredients_group),
                                   _("Ingredients to Discard"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self->ingredients_group),
                                         _("A wounded Mark may pay one Blood"));
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->ingredients_group),
                               spin_row (pen_ingredient_get_label (i), NULL, 0, 12,
                                         i == PEN_INGREDIENT_CRYSTAL ? 3 : 0,
                                         &self->ingredient_spins[i]));
  gtk_box_append (GTK_BOX (box), self->ingredients_group);

  self->symbols_group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->symbols_group),
                                   _("Experience Symbols Needed"));
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->symbols_group),
                               spin_row (pen_symbol_get_label (s), NULL, 0, 12, 0,
                                         &self->symbol_spins[s]));
  gtk_box_append (GTK_BOX (box), self->symbols_group);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (result_group), _("Answer"));
  gtk_box_append (GTK_BOX (box), result_group);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (result_group), result_box);
  self->verdict_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->verdict_label, 0);
  gtk_box_append (GTK_BOX (result_box), GTK_WIDGET (self->verdict_label));
  self->detail_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->detail_label, 0);
  gtk_label_set_wrap (self->detail_label, TRUE);
  gtk_label_set_selectable (self->detail_label, TRUE);
  gtk_box_append (GTK_BOX (result_box), GTK_WIDGET (self->detail_label));
  self->dice_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (result_box), self->dice_box);
  self->pay_button = gtk_button_new_with_mnemonic (_("_Pay It"));
  gtk_widget_set_halign (self->pay_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->pay_button, "pill");
  gtk_widget_add_css_class (self->pay_button, "suggested-action");
  gtk_widget_set_tooltip_text (self->pay_button,
                               _("Discard what the answer uses, as one step you can undo"));
  g_signal_connect_swapped (self->pay_button, "clicked", G_CALLBACK (pay_clicked_cb), self);
  gtk_box_append (GTK_BOX (box), self->pay_button);

  adw_window_set_content (ADW_WINDOW (self), toolbar);

  g_signal_connect_swapped (self->wizard_row, "notify::selected", G_CALLBACK (recompute), self);
  g_signal_connect_swapped (self->kind_row, "notify::selected", G_CALLBACK (recompute), self);
  g_signal_connect_swapped (self->roll_color_row, "notify::selected", G_CALLBACK (recompute),
                            self);
  g_signal_connect_swapped (self->count_spin, "value-changed", G_CALLBACK (recompute), self);
  g_signal_connect_swapped (self->at_least_spin, "value-changed", G_CALLBACK (recompute), self);
  g_signal_connect_swapped (self->threat_spin, "value-changed", G_CALLBACK (recompute), self);
  g_signal_connect_swapped (self->values_row, "changed", G_CALLBACK (recompute), self);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    g_signal_connect_swapped (self->ingredient_spins[i], "value-changed",
                              G_CALLBACK (recompute), self);
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    g_signal_connect_swapped (self->symbol_spins[s], "value-changed", G_CALLBACK (recompute),
                              self);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->color_buttons[PEN_COLOR_RED]), TRUE);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->color_buttons[PEN_COLOR_PURPLE]), TRUE);
  gtk_spin_button_set_value (self->at_least_spin, 8);
}

static void
pen_task_dialog_dispose (GObject *object)
{
  PenTaskDialog *self = PEN_TASK_DIALOG (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_pointer (&self->task, pen_task_free);
  g_clear_pointer (&self->result, pen_task_result_free);

  G_OBJECT_CLASS (pen_task_dialog_parent_class)->dispose (object);
}

static void
pen_task_dialog_class_init (PenTaskDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_task_dialog_dispose;
  /* one action, for the window to submit */
  signals[SUBMIT] = g_signal_new ("submit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_ACTION);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pen_task_dialog_init (PenTaskDialog *self)
{
  build (self);
}

PenTaskDialog *
pen_task_dialog_new (PenGame *game,
                     guint    wizard)
{
  PenTaskDialog *self = g_object_new (PEN_TYPE_TASK_DIALOG, "modal", TRUE, NULL);
  PenTable *table = pen_game_get_table (game);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  self->game = g_object_ref (game);
  for (guint i = 0; i < pen_table_get_n_players (table); i++)
    gtk_string_list_append (names, pen_wizard_get_name (pen_table_get_wizard (table, i)));
  adw_combo_row_set_model (self->wizard_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->wizard_row, wizard);
  /* the answer follows the table: undo, a die gained… */
  g_signal_connect_object (game, "notify::position", G_CALLBACK (recompute), self,
                           G_CONNECT_SWAPPED);
  recompute (self);
  return self;
}

void
pen_task_dialog_set_task (PenTaskDialog *self,
                          const char    *kind,
                          guint          colors,
                          int            at_least)
{
  int k = pen_task_kind_from_string (kind);

  for (guint i = 0; k >= 0 && i < G_N_ELEMENTS (kind_order); i++)
    if ((int) kind_order[i] == k)
      adw_combo_row_set_selected (self->kind_row, i);
  for (guint c = 0; c < PEN_N_COLORS; c++)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->color_buttons[c]),
                                  (colors >> c) & 1);
  gtk_spin_button_set_value (self->at_least_spin, at_least);
  recompute (self);
}

gboolean
pen_task_dialog_get_feasible (PenTaskDialog *self)
{
  return self->result != NULL && self->result->feasible;
}

const char *
pen_task_dialog_get_verdict (PenTaskDialog *self)
{
  return gtk_label_get_label (self->verdict_label);
}

void
pen_task_dialog_pay (PenTaskDialog *self)
{
  pay_clicked_cb (self);
}
