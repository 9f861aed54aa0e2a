/* pen-threat-prep-view.c: step 1 of a Threat roll, the preparation
 *
 * The counters (Threat dice, uncancellable dice, cards, DEFEND, Rift) are bound to the roll's
 * properties; what follows from them (the Yellow dice DEFEND spends, a refusal) is shown when
 * the roll says its preparation changed. Once rolling, the step folds into one line with a
 * "Change" button.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-die-view.h"
#include "pen-threat-counter-row.h"
#include "pen-threat-prep-view.h"
#include "pen-widget-utils.h"

struct _PenThreatPrepView
{
  AdwBin               parent_instance;

  AdwPreferencesGroup *prep_group;
  PenThreatCounterRow *counter_rows[PEN_THREAT_N_COUNTS];
  GtkWidget           *discard_all_row;
  GtkSwitch           *discard_all_switch;
  AdwActionRow        *prep_summary_row;
  GtkLabel            *prep_error_label;
  GtkWidget           *rift_box;
  GtkLabel            *rift_label;
  GtkFlowBox          *rift_dice_box;
  GPtrArray           *rift_buttons;    /* GtkToggleButton, one per supply die */

  PenThreatRoll       *roll;
};

G_DEFINE_FINAL_TYPE (PenThreatPrepView, pen_threat_prep_view, ADW_TYPE_BIN)

char *
pen_threat_describe_die (const PenDieValue *die)
{
  /* Translators: a supply die, e.g. "the Spark 2" */
  return g_strdup_printf (_("the %s %u"), pen_color_get_label (die->color), die->value);
}

char *
pen_threat_join_list (GPtrArray *items)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < items->len; i++)
    {
      if (i > 0)
        g_string_append (s, i + 1 == items->len ? _(" and ") : ", ");
      g_string_append (s, g_ptr_array_index (items, i));
    }
  return g_string_free (s, FALSE);
}

/* which Yellow dice DEFEND spends, so the player knows what the choice costs */
static void
update_defend (PenThreatPrepView *self)
{
  const PenBoard *board = pen_threat_roll_get_board (self->roll);
  GArray *defend = pen_threat_roll_get_defend_dice (self->roll);
  AdwActionRow *row = ADW_ACTION_ROW (self->counter_rows[PEN_THREAT_COUNT_DEFEND]);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;
  g_autofree char *sub = NULL;
  guint yellow = 0;

  if (board == NULL)
    return;
  for (guint i = 0; i < board->supply->len; i++)
    yellow += g_array_index (board->supply, PenDieValue, i).color == PEN_COLOR_YELLOW;
  if (yellow == 0)
    {
      adw_action_row_set_subtitle (row, _("No Yellow die in the supply"));
      return;
    }
  for (guint i = 0; i < defend->len; i++)
    g_ptr_array_add (items, pen_threat_describe_die (&g_array_index (board->supply, PenDieValue,
                                                                     g_array_index (defend, guint,
                                                                                    i))));
  list = pen_threat_join_list (items);
  sub = items->len > 0
    ? g_strdup_printf (_("Discards %s from the supply; one Threat die each"), list)
    : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Yellow die in the supply",
                                    "%u Yellow dice in the supply", yellow), yellow);
  adw_action_row_set_subtitle (row, sub);
}

static void
update_summary (PenThreatPrepView *self)
{
  const PenThreatPrepResult *prep = pen_threat_roll_get_prep_result (self->roll);
  g_autoptr(GString) text = g_string_new (NULL);
  guint n_dice = pen_threat_roll_get_n_dice (self->roll);
  guint total = pen_threat_roll_get_count (self->roll, PEN_THREAT_COUNT_THREAT)
    + pen_threat_roll_get_count (self->roll, PEN_THREAT_COUNT_UNCANCELLABLE);

  if (prep == NULL)
    return;
  g_string_printf (text, g_dngettext (GETTEXT_PACKAGE, "Threat %u: %u die to roll",
                                      "Threat %u: %u dice to roll", n_dice), total, n_dice);
  if (prep->n_cancelled > 0)
    g_string_append_printf (text, _(", %u discarded"), prep->n_cancelled);
  if (prep->defended->len > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                               ", %u Yellow die spent on DEFEND",
                                               ", %u Yellow dice spent on DEFEND",
                                               prep->defended->len), prep->defended->len);
  if (prep->rifted->len > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, ", %u die lost to Rift",
                                               ", %u dice lost to Rift", prep->rifted->len),
                            prep->rifted->len);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->prep_summary_row), text->str);
}

static gboolean
array_has (GArray *array,
           guint   value)
{
  for (guint i = 0; i < array->len; i++)
    if (g_array_index (array, guint, i) == value)
      return TRUE;
  return FALSE;
}

static void update_rift (PenThreatPrepView *self);

/* a die tapped: the page chooses it (or not); the toggles then show what the roll holds */
static void
rift_toggle_clicked_cb (GtkButton         *button,
                        PenThreatPrepView *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "pen-rift-index"));

  gtk_widget_activate_action (GTK_WIDGET (self), "threat.rift-die", "u", index);
  update_rift (self);
}

/* one toggle per supply die, remade only when the supply is another */
static void
rebuild_rift_buttons (PenThreatPrepView *self,
                      const PenBoard    *board)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->rift_dice_box))) != NULL)
    gtk_flow_box_remove (self->rift_dice_box, child);
  g_ptr_array_set_size (self->rift_buttons, 0);
  for (guint i = 0; board != NULL && i < board->supply->len; i++)
    {
      const PenDieValue *die = &g_array_index (board->supply, PenDieValue, i);
      GtkWidget *button = gtk_toggle_button_new ();
      GtkWidget *view = pen_die_view_new ();
      g_autofree char *label = pen_die_view_describe (die->color, die->value, die->temporary);

      pen_die_view_set_die (PEN_DIE_VIEW (view), die->color, die->value, die->temporary);
      gtk_button_set_child (GTK_BUTTON (button), view);
      pen_widget_set_tooltip_text (button, label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      label, -1);
      g_object_set_data (G_OBJECT (button), "pen-rift-index", GUINT_TO_POINTER (i));
      g_signal_connect_object (button, "clicked", G_CALLBACK (rift_toggle_clicked_cb), self, 0);
      gtk_widget_add_css_class (button, "threat-touch");
      gtk_widget_add_css_class (button, "rift-die");
      gtk_flow_box_append (self->rift_dice_box, button);
      gtk_widget_set_focusable (gtk_widget_get_parent (button), FALSE);
      g_ptr_array_add (self->rift_buttons, button);
    }
}

/* Rift (X): the player taps the X dice it discards; the count says what is left to choose */
static void
update_rift (PenThreatPrepView *self)
{
  const PenBoard *board = pen_threat_roll_get_board (self->roll);
  guint needed = pen_threat_roll_get_rift_needed (self->roll);
  guint missing = pen_threat_roll_get_rift_missing (self->roll);
  GArray *chosen = pen_threat_roll_get_rift_dice (self->roll);
  GArray *defend = pen_threat_roll_get_defend_dice (self->roll);
  gboolean preparing = pen_threat_roll_get_mode (self->roll) == PEN_THREAT_ROLL_PREPARING;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (self->rift_box, preparing && needed > 0);
  if (!preparing || needed == 0 || board == NULL)
    return;
  if (self->rift_buttons->len != board->supply->len)
    rebuild_rift_buttons (self, board);
  for (guint i = 0; i < self->rift_buttons->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (self->rift_buttons, i);

      g_signal_handlers_block_by_func (button, rift_toggle_clicked_cb, self);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), array_has (chosen, i));
      g_signal_handlers_unblock_by_func (button, rift_toggle_clicked_cb, self);
      /* a die chosen for Rift reads as gone at a glance */
      if (array_has (chosen, i))
        gtk_widget_add_css_class (button, "destructive-action");
      else
        gtk_widget_remove_css_class (button, "destructive-action");
      /* DEFEND's Yellow dice are spent first: Rift cannot take them */
      gtk_widget_set_sensitive (button, !array_has (defend, i));
    }
  if (missing > 0 && chosen->len == 0)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Choose %u die for Rift",
                                         "Choose %u dice for Rift", missing), missing);
  else if (missing > 0)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Choose %u more die for Rift",
                                         "Choose %u more dice for Rift", missing), missing);
  else
    {
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *list = NULL;

      for (guint i = 0; i < chosen->len; i++)
        g_ptr_array_add (items,
                         pen_threat_describe_die (&g_array_index (board->supply, PenDieValue,
                                                                  g_array_index (chosen, guint,
                                                                                 i))));
      list = pen_threat_join_list (items);
      /* Translators: "Rift discards the Spark 6 and the Bone 3" */
      text = g_strdup_printf (_("Rift discards %s"), list);
    }
  gtk_label_set_label (self->rift_label, text);
  gtk_widget_remove_css_class (GTK_WIDGET (self->rift_label), missing > 0 ? "success" : "accent");
  gtk_widget_add_css_class (GTK_WIDGET (self->rift_label), missing > 0 ? "accent" : "success");
}

/* the preparation changed: what it spends, and whether the rules allow it */
static void
prep_changed_cb (PenThreatPrepView *self)
{
  const GError *error = pen_threat_roll_get_prep_error (self->roll);
  gboolean ok = pen_threat_roll_get_prep_ok (self->roll);

  update_defend (self);
  update_summary (self);
  update_rift (self);
  /* the Rift choice asks for itself above; the red line is for what the rules refuse */
  gtk_widget_set_visible (GTK_WIDGET (self->prep_error_label),
                          !ok && pen_threat_roll_get_board (self->roll) != NULL
                          && pen_threat_roll_get_rift_missing (self->roll) == 0);
  if (!ok && error != NULL)
    gtk_label_set_label (self->prep_error_label, error->message);
}

/* once rolling, step 1 folds into one line, so steps 2 and 3 come into view */
static void
mode_changed_cb (PenThreatPrepView *self)
{
  gboolean locked = pen_threat_roll_get_mode (self->roll) != PEN_THREAT_ROLL_PREPARING;

  for (guint c = 0; c < PEN_THREAT_N_COUNTS; c++)
    gtk_widget_set_visible (GTK_WIDGET (self->counter_rows[c]), !locked);
  gtk_widget_set_visible (self->discard_all_row, !locked);
  gtk_widget_set_visible (GTK_WIDGET (self->prep_summary_row), locked);
  update_rift (self);
  adw_preferences_group_set_description (self->prep_group,
                                         locked ? NULL : _("Every defence changes the odds "
                                                           "below before you commit to it."));
}

void
pen_threat_prep_view_set_roll (PenThreatPrepView *self,
                               PenThreatRoll     *roll)
{
  g_autoptr(GEnumClass) counts = g_type_class_ref (PEN_TYPE_THREAT_COUNT);

  g_return_if_fail (PEN_IS_THREAT_PREP_VIEW (self));
  g_return_if_fail (self->roll == NULL && PEN_IS_THREAT_ROLL (roll));

  self->roll = g_object_ref (roll);
  for (guint c = 0; c < PEN_THREAT_N_COUNTS; c++)
    g_object_bind_property (roll, g_enum_get_value (counts, c)->value_nick,
                            self->counter_rows[c], "value", G_BINDING_SYNC_CREATE);
  g_object_bind_property (roll, "discard-all", self->discard_all_switch, "active",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_signal_connect_object (roll, "odds-changed", G_CALLBACK (prep_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (roll, "notify::mode", G_CALLBACK (mode_changed_cb), self,
                           G_CONNECT_SWAPPED);
  prep_changed_cb (self);
  mode_changed_cb (self);
}

static void
pen_threat_prep_view_dispose (GObject *object)
{
  PenThreatPrepView *self = PEN_THREAT_PREP_VIEW (object);

  /* the group is a template child and the bin's child: the bin lets go of it first */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_THREAT_PREP_VIEW);
  g_clear_object (&self->roll);
  g_clear_pointer (&self->rift_buttons, g_ptr_array_unref);

  G_OBJECT_CLASS (pen_threat_prep_view_parent_class)->dispose (object);
}

/* the row of counter c, bound to counter_rows[c] */
#define BIND_COUNTER(name, c) \
  gtk_widget_class_bind_template_child_full (widget_class, name, FALSE, \
                                             G_STRUCT_OFFSET (PenThreatPrepView, counter_rows) \
                                             + (c) * sizeof (gpointer))

static void
pen_threat_prep_view_class_init (PenThreatPrepViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_threat_prep_view_dispose;

  g_type_ensure (PEN_TYPE_THREAT_COUNTER_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-threat-prep-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PenThreatPrepView, prep_group);
  BIND_COUNTER ("threat_row", PEN_THREAT_COUNT_THREAT);
  BIND_COUNTER ("uncancellable_row", PEN_THREAT_COUNT_UNCANCELLABLE);
  BIND_COUNTER ("discard_row", PEN_THREAT_COUNT_DISCARD);
  BIND_COUNTER ("defend_row", PEN_THREAT_COUNT_DEFEND);
  BIND_COUNTER ("defend_placed_row", PEN_THREAT_COUNT_DEFEND_PLACED);
  BIND_COUNTER ("rift_row", PEN_THREAT_COUNT_RIFT);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPrepView, discard_all_row);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPrepView, discard_all_switch);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPrepView, prep_summary_row);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPrepView, prep_error_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPrepView, rift_box);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPrepView, rift_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPrepView, rift_dice_box);
}

static void
pen_threat_prep_view_init (PenThreatPrepView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rift_buttons = g_ptr_array_new ();
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->discard_all_switch),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("A card discards them all"),
                                  -1);
}
