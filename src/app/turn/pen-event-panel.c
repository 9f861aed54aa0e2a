/* pen-event-panel.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-catalog.h"
#include "pen-event-panel.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

typedef struct
{
  guint          wizard;
  GtkDropDown   *ingredient;
  GtkSpinButton *count;
} GainRow;

struct _PenEventPanel
{
  PenSection parent_instance;

  GtkBox    *box;
  GtkLabel  *title_label;
  GtkLabel  *text_label;
  GtkBox    *form_box;
  GtkButton *apply_button;

  guint      last_position;
  guint      last_deck;
  char      *event;
  GArray    *rows;        /* GainRow */
};

G_DEFINE_FINAL_TYPE (PenEventPanel, pen_event_panel, PEN_TYPE_SECTION)


/* The Events the app can apply: their effect is printed in the rulebook and mechanical */
static gboolean
is_mechanical (const char *id)
{
  return g_strcmp0 (id, "harvest") == 0;
}

PenAction *
pen_event_panel_get_action (PenEventPanel *self)
{
  g_autoptr(JsonObject) params = NULL;
  JsonArray *gains;

  g_return_val_if_fail (PEN_IS_EVENT_PANEL (self), NULL);

  if (self->event == NULL || self->rows->len == 0)
    return NULL;
  gains = json_array_new ();
  for (guint i = 0; i < self->rows->len; i++)
    {
      GainRow *row = &g_array_index (self->rows, GainRow, i);
      guint count = gtk_spin_button_get_value_as_int (row->count);
      guint ing = gtk_drop_down_get_selected (row->ingredient);
      JsonObject *gain, *ingredients;

      if (count == 0 || ing >= PEN_N_INGREDIENTS)
        continue;
      gain = json_object_new ();
      ingredients = json_object_new ();
      json_object_set_int_member (gain, "wizard", row->wizard);
      json_object_set_int_member (ingredients, pen_ingredient_to_string (ing), count);
      json_object_set_object_member (gain, "ingredients", ingredients);
      json_array_add_object_element (gains, gain);
    }
  params = json_object_new ();
  json_object_set_array_member (params, "gains", gains);
  json_object_set_string_member (params, "event", self->event);
  if (json_array_get_length (gains) == 0)
    return NULL;
  return pen_action_new_with_params ("resource-gain", params);
}

static void
update_apply (PenEventPanel *self)
{
  g_autoptr(PenAction) action = pen_event_panel_get_action (self);

  gtk_widget_set_sensitive (GTK_WIDGET (self->apply_button), action != NULL);
}

static void
apply_clicked_cb (PenEventPanel *self)
{
  pen_section_submit_new (PEN_SECTION (self), pen_event_panel_get_action (self));
}

static void
done_clicked_cb (PenEventPanel *self)
{
  g_clear_pointer (&self->event, g_free);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

void
pen_event_panel_set_gain (PenEventPanel *self,
                          guint          row,
                          PenIngredient  ingredient,
                          guint          count)
{
  g_return_if_fail (PEN_IS_EVENT_PANEL (self));
  g_return_if_fail (row < self->rows->len);

  gtk_drop_down_set_selected (g_array_index (self->rows, GainRow, row).ingredient, ingredient);
  gtk_spin_button_set_value (g_array_index (self->rows, GainRow, row).count, count);
  update_apply (self);
}

const char *
pen_event_panel_get_event (PenEventPanel *self)
{
  g_return_val_if_fail (PEN_IS_EVENT_PANEL (self), NULL);

  return self->event;
}

static void
add_gain_row (PenEventPanel *self,
              guint          wizard,
              const char    *title)
{
  const char *labels[PEN_N_INGREDIENTS + 1] = { NULL, };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (title);
  GainRow row = { wizard, NULL, NULL };
  g_autofree char *what = g_strdup_printf (_("%s: Ingredient"), title);
  g_autofree char *how = g_strdup_printf (_("%s: how many"), title);

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    labels[i] = pen_ingredient_get_label (i);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (box), label);
  row.ingredient = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (labels));
  gtk_drop_down_set_selected (row.ingredient, PEN_INGREDIENT_FRUIT);
  gtk_widget_set_hexpand (GTK_WIDGET (row.ingredient), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row.ingredient), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  what, -1);
  row.count = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 6, 1));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row.count), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  how, -1);
  g_signal_connect_object (row.count, "value-changed", G_CALLBACK (update_apply), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (row.ingredient, "notify::selected", G_CALLBACK (update_apply), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (line), GTK_WIDGET (row.ingredient));
  gtk_box_append (GTK_BOX (line), GTK_WIDGET (row.count));
  gtk_box_append (GTK_BOX (box), line);
  gtk_box_append (self->form_box, box);
  g_array_append_val (self->rows, row);
}

static void
show_event (PenEventPanel *self,
            PenTable      *table)
{
  PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), self->event);
  const char *text = card ? pen_card_get_text (card, pen_turn_get_card_language ()) : NULL;
  g_autofree char *title = g_strdup_printf (_("Event: %s"), pen_turn_card_name (self->event));
  guint n = pen_table_get_n_players (table);
  guint you;

  gtk_label_set_label (self->title_label, title);
  pen_widget_remove_all (GTK_WIDGET (self->form_box));
  g_array_set_size (self->rows, 0);

  if (text == NULL)
    {
      gtk_label_set_label (self->text_label, _("Read the card; the rulebook does not print its "
                                               "text. Apply it at the table and record what "
                                               "changes."));
      gtk_widget_set_visible (GTK_WIDGET (self->form_box), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->apply_button), FALSE);
      return;
    }
  if (!is_mechanical (self->event))
    {
      gtk_label_set_label (self->text_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->form_box), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->apply_button), FALSE);
      return;
    }

  /* Harvest: one Resource die each, one more for the player who revealed it. The die's faces
   * are not printed, so the table tells what each gave. */
  /* the card's text is in the Fate news just above */
  gtk_label_set_label (self->text_label, _("Roll the Resource dice at the table and enter what "
                                           "each gave."));
  you = pen_table_get_turn_kind (table) == PEN_TURN_NONE ? (pen_table_get_current (table) + n - 1)
                                                            % n
                                                         : pen_table_get_current (table);
  for (guint w = 0; w < n; w++)
    add_gain_row (self, w, pen_wizard_get_name (pen_table_get_wizard (table, w)));
  {
    g_autofree char *second = g_strdup_printf (_("%s, the second die"),
                                               pen_wizard_get_name (pen_table_get_wizard (table,
                                                                                          you)));
    add_gain_row (self, you, second);
  }
  gtk_widget_set_visible (GTK_WIDGET (self->form_box), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->apply_button), TRUE);
  update_apply (self);
}

static void
pen_event_panel_position_changed (PenSection *section)
{
  PenEventPanel *self = PEN_EVENT_PANEL (section);
  PenTable *table = pen_section_get_table (PEN_SECTION (self));
  PenGame *game = pen_section_get_game (PEN_SECTION (self));
  guint pos = game ? pen_game_get_position (game) : 0;
  guint deck = table ? g_list_model_get_n_items (pen_table_get_fate_deck (table)) : 0;
  gboolean revealed = FALSE;

  if (table != NULL && pos == self->last_position + 1 && deck + 1 == self->last_deck)
    {
      g_autoptr(PenAction) last = g_list_model_get_item (pen_game_get_history (game), pos - 1);
      const char *kind = pen_action_get_kind (last);

      revealed = g_str_equal (kind, "turn-end") || g_str_equal (kind, "fate-reveal")
                 || g_str_equal (kind, "rival-turn");
    }
  self->last_position = pos;
  self->last_deck = deck;
  /* shown until the next action: any change of position clears it */
  g_clear_pointer (&self->event, g_free);

  if (revealed)
    {
      GListModel *in_play = pen_table_get_in_play (table);

      /* the card revealed last is the newest in play; only an Event concerns this panel */
      for (guint i = g_list_model_get_n_items (in_play); i > 0 && self->event == NULL; i--)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (in_play, i - 1);

          if (g_strcmp0 (pen_table_card_get_zone (tc), "event") == 0)
            self->event = g_strdup (pen_table_card_get_card_id (tc));
          break;
        }
    }
  if (self->event != NULL)
    show_event (self, table);
  gtk_widget_set_visible (GTK_WIDGET (self), self->event != NULL);
}

/* ---- the object ---- */

static void
pen_event_panel_game_set (PenSection *section,
                          PenGame    *game)
{
  PenEventPanel *self = PEN_EVENT_PANEL (section);

  g_clear_pointer (&self->event, g_free);
  /* only what is revealed from now on */
  self->last_position = game ? pen_game_get_position (game) : 0;
  self->last_deck = game ? g_list_model_get_n_items (pen_table_get_fate_deck (
                                                       pen_game_get_table (game))) : 0;
}

PenEventPanel *
pen_event_panel_new (void)
{
  return g_object_new (PEN_TYPE_EVENT_PANEL, NULL);
}

PenGame *
pen_event_panel_get_game (PenEventPanel *self)
{
  g_return_val_if_fail (PEN_IS_EVENT_PANEL (self), NULL);

  return pen_section_get_game (PEN_SECTION (self));
}

void
pen_event_panel_set_game (PenEventPanel *self,
                          PenGame       *game)
{
  pen_section_set_game (PEN_SECTION (self), game);
}

static void
pen_event_panel_finalize (GObject *object)
{
  PenEventPanel *self = PEN_EVENT_PANEL (object);

  g_clear_pointer (&self->event, g_free);
  g_clear_pointer (&self->rows, g_array_unref);

  G_OBJECT_CLASS (pen_event_panel_parent_class)->finalize (object);
}



static void
pen_event_panel_class_init (PenEventPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  section_class->game_set = pen_event_panel_game_set;
  section_class->position_changed = pen_event_panel_position_changed;

  object_class->finalize = pen_event_panel_finalize;

}

static void
pen_event_panel_init (PenEventPanel *self)
{
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *done = gtk_button_new_with_mnemonic (_("_Done"));

  self->rows = g_array_new (FALSE, FALSE, sizeof (GainRow));
  self->box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 8));
  gtk_widget_add_css_class (GTK_WIDGET (self->box), "card");
  gtk_widget_add_css_class (GTK_WIDGET (self->box), "event-panel");
  self->title_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->title_label, TRUE);
  gtk_label_set_xalign (self->title_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->title_label), "heading");
  self->text_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->text_label, TRUE);
  gtk_label_set_xalign (self->text_label, 0);
  self->form_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 8));
  self->apply_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Apply the Harvest")));
  gtk_widget_add_css_class (GTK_WIDGET (self->apply_button), "suggested-action");
  g_signal_connect_object (self->apply_button, "clicked", G_CALLBACK (apply_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_set_tooltip_text (done, _("Hide this until the next Event"));
  g_signal_connect_object (done, "clicked", G_CALLBACK (done_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (buttons), done);
  gtk_box_append (GTK_BOX (buttons), GTK_WIDGET (self->apply_button));

  gtk_widget_set_margin_top (GTK_WIDGET (self->title_label), 12);
  gtk_box_append (self->box, GTK_WIDGET (self->title_label));
  gtk_box_append (self->box, GTK_WIDGET (self->text_label));
  gtk_box_append (self->box, GTK_WIDGET (self->form_box));
  gtk_box_append (self->box, buttons);
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->box)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      gtk_widget_set_margin_start (c, 12);
      gtk_widget_set_margin_end (c, 12);
    }
  gtk_widget_set_margin_bottom (buttons, 12);
  adw_bin_set_child (ADW_BIN (self), GTK_WIDGET (self->box));
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}
