/* pen-score-symbols-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-score-symbols-row.h"
#include "pen-widget-utils.h"

struct _PenScoreSymbolsRow
{
  AdwExpanderRow  parent_instance;

  AdwActionRow   *rows[PEN_N_SYMBOLS];
  GtkSpinButton  *spins[PEN_N_SYMBOLS];
  GtkButton      *save_button;

  char           *card;
  PenScoreForm   *form;
};

G_DEFINE_FINAL_TYPE (PenScoreSymbolsRow, pen_score_symbols_row, ADW_TYPE_EXPANDER_ROW)

static void
spin_changed_cb (GtkSpinButton      *spin,
                 PenScoreSymbolsRow *self)
{
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    if (self->spins[s] == spin && self->form != NULL)
      pen_score_form_set_symbol (self->form, self->card, s,
                                 gtk_spin_button_get_value_as_int (spin));
}

static void
save_cb (PenScoreSymbolsRow *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "score.symbols", "s", self->card);
}

GtkWidget *
pen_score_symbols_row_new (const char   *card,
                           const char   *title,
                           PenScoreForm *form)
{
  PenScoreSymbolsRow *self = g_object_new (PEN_TYPE_SCORE_SYMBOLS_ROW, "title", title, NULL);
  g_autofree char *name = g_strdup_printf ("symbols-%s", card);

  self->card = g_strdup (card);
  self->form = g_object_ref (form);
  gtk_widget_set_name (GTK_WIDGET (self->save_button), name);
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    {
      g_autofree char *spin_name = g_strdup_printf ("%s-%s", name, pen_symbol_to_string (s));

      gtk_widget_set_name (GTK_WIDGET (self->spins[s]), spin_name);
      gtk_spin_button_set_value (self->spins[s], pen_score_form_get_symbol (form, card, s));
      g_signal_connect (self->spins[s], "value-changed", G_CALLBACK (spin_changed_cb), self);
    }
  return GTK_WIDGET (self);
}

static void
pen_score_symbols_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_SCORE_SYMBOLS_ROW);

  G_OBJECT_CLASS (pen_score_symbols_row_parent_class)->dispose (object);
}

static void
pen_score_symbols_row_finalize (GObject *object)
{
  PenScoreSymbolsRow *self = PEN_SCORE_SYMBOLS_ROW (object);

  g_free (self->card);
  g_clear_object (&self->form);

  G_OBJECT_CLASS (pen_score_symbols_row_parent_class)->finalize (object);
}

static void
pen_score_symbols_row_class_init (PenScoreSymbolsRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_score_symbols_row_dispose;
  object_class->finalize = pen_score_symbols_row_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-score-symbols-row.ui");
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    {
      g_autofree char *row = g_strdup_printf ("row%u", s);
      g_autofree char *spin = g_strdup_printf ("spin%u", s);

      gtk_widget_class_bind_template_child_full (widget_class, row, FALSE,
                                                 G_STRUCT_OFFSET (PenScoreSymbolsRow, rows)
                                                 + s * sizeof (gpointer));
      gtk_widget_class_bind_template_child_full (widget_class, spin, FALSE,
                                                 G_STRUCT_OFFSET (PenScoreSymbolsRow, spins)
                                                 + s * sizeof (gpointer));
    }
  gtk_widget_class_bind_template_child (widget_class, PenScoreSymbolsRow, save_button);
  gtk_widget_class_bind_template_callback (widget_class, save_cb);
}

static void
pen_score_symbols_row_init (PenScoreSymbolsRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* a wheel turn over a number scrolls the form */
  pen_spin_buttons_scroll_when_focused (GTK_WIDGET (self));
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->rows[s]), pen_symbol_get_label (s));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->spins[s]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, pen_symbol_get_label (s), -1);
    }
}
