/* pen-end-sheet.c: the end of the game, every printed number still unknown in one sheet
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-box.h"
#include "pen-card-name-dialog.h"
#include "pen-catalog.h"
#include "pen-end-sheet.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

struct _PenEndSheet
{
  PenSection  parent_instance;

  GtkLabel   *status;
  GtkWidget  *cards_box;
  GtkButton  *score_button;
  GPtrArray  *cards;      /* char *: the cards listed, in order */
  GHashTable *points;     /* card -> AdwEntryRow */
  GHashTable *symbols;    /* "card/symbol" -> GtkToggleButton */
};

G_DEFINE_FINAL_TYPE (PenEndSheet, pen_end_sheet, PEN_TYPE_SECTION)

enum {
  DONE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

guint
pen_end_sheet_get_n_cards (PenEndSheet *self)
{
  g_return_val_if_fail (PEN_IS_END_SHEET (self), 0);
  return self->cards->len;
}

GtkEditable *
pen_end_sheet_get_points (PenEndSheet *self,
                          const char  *card)
{
  g_return_val_if_fail (PEN_IS_END_SHEET (self), NULL);
  return g_hash_table_lookup (self->points, card);
}

GtkToggleButton *
pen_end_sheet_get_symbol (PenEndSheet *self,
                          const char  *card,
                          const char  *symbol)
{
  g_autofree char *key = g_strdup_printf ("%s/%s", card, symbol);

  g_return_val_if_fail (PEN_IS_END_SHEET (self), NULL);
  return g_hash_table_lookup (self->symbols, key);
}

GtkButton *
pen_end_sheet_get_score_button (PenEndSheet *self)
{
  g_return_val_if_fail (PEN_IS_END_SHEET (self), NULL);
  return self->score_button;
}

static void
name_submit_cb (PenEndSheet *self,
                PenAction   *action)
{
  pen_section_submit (PEN_SECTION (self), action);
}

static void
name_clicked_cb (GtkButton   *button,
                 PenEndSheet *self)
{
  const char *card = g_object_get_data (G_OBJECT (button), "card");
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  PenCardNameDialog *dialog;

  dialog = pen_card_name_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                     pen_section_get_game (PEN_SECTION (self)), card);
  g_signal_connect_object (dialog, "submit", G_CALLBACK (name_submit_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Whether a points entry holds a number (or nothing) */
static gboolean
points_value (GtkEditable *entry,
              int         *value)
{
  const char *text = gtk_editable_get_text (entry);
  guint64 v;

  *value = -1;
  if (text[0] == '\0')
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 0, 99, &v, NULL))
    return FALSE;
  *value = (int) v;
  return TRUE;
}

static void
update_button (PenEndSheet *self)
{
  GHashTableIter iter;
  gpointer entry;
  gboolean ok = TRUE;
  int v;

  g_hash_table_iter_init (&iter, self->points);
  while (g_hash_table_iter_next (&iter, NULL, &entry))
    ok &= points_value (entry, &v);
  gtk_widget_set_sensitive (GTK_WIDGET (self->score_button), ok);
}

static void
score_clicked_cb (PenEndSheet *self)
{
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < self->cards->len; i++)
    {
      const char *card = g_ptr_array_index (self->cards, i);
      GtkEditable *entry = g_hash_table_lookup (self->points, card);
      g_autoptr(JsonObject) params = json_object_new ();
      g_autoptr(JsonObject) values = json_object_new ();
      g_autoptr(JsonArray) symbols = json_array_new ();
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
      g_autoptr(GError) error = NULL;
      PenAction *action;
      int v;

      if (entry != NULL && points_value (entry, &v) && v >= 0)
        json_object_set_int_member (values, "vp", v);
      for (guint s = 0; s < PEN_N_SYMBOLS; s++)
        {
          GtkToggleButton *t = pen_end_sheet_get_symbol (self, card, pen_symbol_to_string (s));

          if (t != NULL && gtk_toggle_button_get_active (t))
            json_array_add_string_element (symbols, pen_symbol_to_string (s));
        }
      if (json_array_get_length (symbols) > 0)
        json_object_set_array_member (values, "symbols", g_steal_pointer (&symbols));
      if (json_object_get_size (values) == 0)
        continue;
      json_object_set_string_member (params, "action", "card-identify");
      json_object_set_string_member (params, "card", card);
      json_object_set_object_member (params, "values", g_steal_pointer (&values));
      json_node_set_object (node, params);
      if (!(action = pen_action_new_from_json (node, "$", &error)))
        {
          g_critical ("%s: %s", G_OBJECT_TYPE_NAME (self), error->message);
          return;
        }
      g_ptr_array_add (actions, action);
    }
  /* every answer first (the sheet rebuilds on each), then the score */
  for (guint i = 0; i < actions->len; i++)
    pen_section_submit (PEN_SECTION (self), g_ptr_array_index (actions, i));
  g_signal_emit (self, signals[DONE], 0);
}

static const char *
where_label (PenTable              *table,
             const PenCardSighting *s)
{
  if (s->wizard >= 0 && (guint) s->wizard < pen_table_get_n_players (table))
    return pen_wizard_get_name (pen_table_get_wizard (table, s->wizard));
  return "";
}

static void
pen_end_sheet_position_changed (PenSection *section)
{
  PenEndSheet *self = PEN_END_SHEET (section);
  PenTable *table = pen_section_get_table (section);
  g_autoptr(GPtrArray) unknown = table ? pen_box_list_unknown_numbers (table) : NULL;

  pen_widget_remove_all (self->cards_box);
  g_ptr_array_set_size (self->cards, 0);
  g_hash_table_remove_all (self->points);
  g_hash_table_remove_all (self->symbols);

  if (unknown == NULL || unknown->len == 0)
    {
      gtk_label_set_label (self->status, _("Every card's points and symbols are known."));
      update_button (self);
      return;
    }
  {
    g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
      "%u card still lacks its printed numbers: enter them from the card, then score.",
      "%u cards still lack their printed numbers: enter them from the cards, then score.",
      unknown->len), unknown->len);

    gtk_label_set_label (self->status, text);
  }

  for (guint i = 0; i < unknown->len; i++)
    {
      PenCardSighting *s = g_ptr_array_index (unknown, i);
      PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), s->card);
      GtkWidget *group = adw_preferences_group_new ();

      g_ptr_array_add (self->cards, g_strdup (s->card));
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group),
                                       pen_turn_card_name (s->card));
      adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                             where_label (table, s));
      if (card != NULL && pen_card_is_placeholder (card))
        {
          GtkWidget *row = adw_action_row_new ();
          GtkWidget *button = gtk_button_new_with_mnemonic (_("_Name It…"));

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                         _("Not named yet: read the card out"));
          gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
          g_object_set_data_full (G_OBJECT (button), "card", g_strdup (s->card), g_free);
          g_signal_connect (button, "clicked", G_CALLBACK (name_clicked_cb), self);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
        }
      else
        {
          if (s->missing != NULL && g_strv_contains ((const char * const *) s->missing, "vp"))
            {
              GtkWidget *row = adw_entry_row_new ();

              adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Points"));
              g_signal_connect_object (row, "changed", G_CALLBACK (update_button), self,
                                       G_CONNECT_SWAPPED);
              adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
              g_hash_table_insert (self->points, g_strdup (s->card), row);
            }
          if (s->missing != NULL
              && g_strv_contains ((const char * const *) s->missing, "symbols"))
            {
              GtkWidget *flow = gtk_flow_box_new ();

              gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
              gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 6);
              gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 2);
              gtk_widget_set_margin_top (flow, 6);
              for (guint k = 0; k < PEN_N_SYMBOLS; k++)
                {
                  GtkWidget *t = gtk_toggle_button_new_with_label (pen_symbol_get_label (k));

                  gtk_flow_box_append (GTK_FLOW_BOX (flow), t);
                  g_hash_table_insert (self->symbols,
                                       g_strdup_printf ("%s/%s", s->card,
                                                        pen_symbol_to_string (k)), t);
                }
              adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), flow);
            }
        }
      gtk_box_append (GTK_BOX (self->cards_box), group);
    }
  update_button (self);
}

static void
pen_end_sheet_dispose (GObject *object)
{
  PenEndSheet *self = PEN_END_SHEET (object);

  g_clear_pointer (&self->cards, g_ptr_array_unref);
  g_clear_pointer (&self->points, g_hash_table_unref);
  g_clear_pointer (&self->symbols, g_hash_table_unref);

  G_OBJECT_CLASS (pen_end_sheet_parent_class)->dispose (object);
}

static void
pen_end_sheet_class_init (PenEndSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_end_sheet_dispose;
  section_class->position_changed = pen_end_sheet_position_changed;

  /* Every answer was submitted: show the final score */
  signals[DONE] = g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
pen_end_sheet_init (PenEndSheet *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *title = gtk_label_new (_("Before the Final Score"));

  self->cards = g_ptr_array_new_with_free_func (g_free);
  self->points = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->symbols = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  gtk_widget_add_css_class (title, "title-2");
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->status, TRUE);
  gtk_label_set_xalign (self->status, 0);
  self->cards_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  self->score_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("Show the _Final Score")));
  gtk_widget_add_css_class (GTK_WIDGET (self->score_button), "suggested-action");
  gtk_widget_add_css_class (GTK_WIDGET (self->score_button), "pill");
  gtk_widget_set_halign (GTK_WIDGET (self->score_button), GTK_ALIGN_CENTER);
  g_signal_connect_swapped (self->score_button, "clicked", G_CALLBACK (score_clicked_cb), self);

  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->status));
  gtk_box_append (GTK_BOX (box), self->cards_box);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->score_button));
  gtk_widget_set_margin_top (box, 24);
  gtk_widget_set_margin_bottom (box, 24);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 600);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), clamp);
  gtk_widget_set_vexpand (scroller, TRUE);
  adw_bin_set_child (ADW_BIN (self), scroller);
}

GtkWidget *
pen_end_sheet_new (void)
{
  return g_object_new (PEN_TYPE_END_SHEET, NULL);
}
