/* pen-score-value-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-score-value-row.h"

struct _PenScoreValueRow
{
  AdwEntryRow    parent_instance;

  PenScoreField  field;
  char          *key;
  guint          number;
};

G_DEFINE_FINAL_TYPE (PenScoreValueRow, pen_score_value_row, ADW_TYPE_ENTRY_ROW)

static void
apply_cb (PenScoreValueRow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int value;

  if (!pen_score_form_parse (self->field, gtk_editable_get_text (GTK_EDITABLE (self)), &value,
                             NULL))
    {
      gtk_widget_add_css_class (widget, "error");
      return;
    }
  gtk_widget_remove_css_class (widget, "error");
  switch (self->field)
    {
    case PEN_SCORE_FIELD_GOAL:
      gtk_widget_activate_action (widget, "score.goal-vp", "(isi)", (int) self->number, self->key,
                                  value);
      break;
    case PEN_SCORE_FIELD_CARD_VP:
      gtk_widget_activate_action (widget, "score.card-vp", "(si)", self->key, value);
      break;
    case PEN_SCORE_FIELD_CELL_VP:
    default:
      gtk_widget_activate_action (widget, "score.cell-vp", "(ui)", self->number, value);
      break;
    }
}

GtkWidget *
pen_score_value_row_new (PenScoreField  field,
                         const char    *key,
                         guint          number,
                         const char    *title)
{
  PenScoreValueRow *self = g_object_new (PEN_TYPE_SCORE_VALUE_ROW, "title", title, NULL);

  self->field = field;
  self->key = g_strdup (key);
  self->number = number;
  adw_entry_row_set_input_purpose (ADW_ENTRY_ROW (self),
                                   field == PEN_SCORE_FIELD_CARD_VP ? GTK_INPUT_PURPOSE_NUMBER
                                                                    : GTK_INPUT_PURPOSE_DIGITS);
  return GTK_WIDGET (self);
}

static void
pen_score_value_row_finalize (GObject *object)
{
  g_free (PEN_SCORE_VALUE_ROW (object)->key);

  G_OBJECT_CLASS (pen_score_value_row_parent_class)->finalize (object);
}

static void
pen_score_value_row_class_init (PenScoreValueRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pen_score_value_row_finalize;
}

static void
pen_score_value_row_init (PenScoreValueRow *self)
{
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self), FALSE);
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (self), TRUE);
  g_signal_connect (self, "apply", G_CALLBACK (apply_cb), NULL);
}
