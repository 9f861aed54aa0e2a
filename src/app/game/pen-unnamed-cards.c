/* pen-unnamed-cards.c: the face-up cards the catalogue cannot name, each with "Name It…"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-box.h"
#include "pen-card-name-dialog.h"
#include "pen-turn.h"
#include "pen-unnamed-cards.h"

struct _PenUnnamedCards
{
  PenSection  parent_instance;

  GtkWidget  *group;
  GPtrArray  *cards;   /* char *: the cards listed */
};

G_DEFINE_FINAL_TYPE (PenUnnamedCards, pen_unnamed_cards, PEN_TYPE_SECTION)

guint
pen_unnamed_cards_get_n_cards (PenUnnamedCards *self)
{
  g_return_val_if_fail (PEN_IS_UNNAMED_CARDS (self), 0);
  return self->cards->len;
}

static void
name_submit_cb (PenUnnamedCards *self,
                PenAction       *action)
{
  pen_section_submit (PEN_SECTION (self), action);
}

GtkWindow *
pen_unnamed_cards_name (PenUnnamedCards *self,
                        guint            i)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  PenCardNameDialog *dialog;

  g_return_val_if_fail (PEN_IS_UNNAMED_CARDS (self), NULL);
  g_return_val_if_fail (i < self->cards->len, NULL);

  dialog = pen_card_name_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                     pen_section_get_game (PEN_SECTION (self)),
                                     g_ptr_array_index (self->cards, i));
  g_signal_connect_object (dialog, "submit", G_CALLBACK (name_submit_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

static void
name_clicked_cb (GtkButton       *button,
                 PenUnnamedCards *self)
{
  const char *card = g_object_get_data (G_OBJECT (button), "card");

  for (guint i = 0; i < self->cards->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->cards, i), card) == 0)
      {
        pen_unnamed_cards_name (self, i);
        return;
      }
}

static void
pen_unnamed_cards_position_changed (PenSection *section)
{
  PenUnnamedCards *self = PEN_UNNAMED_CARDS (section);
  PenTable *table = pen_section_get_table (section);
  g_autoptr(GPtrArray) open = table ? pen_box_list_unidentified (table) : NULL;
  GtkWidget *list;

  g_ptr_array_set_size (self->cards, 0);
  if (self->group != NULL)
    adw_bin_set_child (ADW_BIN (self), NULL);
  self->group = NULL;
  gtk_widget_set_visible (GTK_WIDGET (self), open != NULL && open->len > 0);
  if (open == NULL || open->len == 0)
    return;

  self->group = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  {
    GtkWidget *title = gtk_label_new (_("Cards to Name"));
    GtkWidget *help = gtk_label_new (_("These cards lie face up but the app cannot name them: "
                                       "read each one out, once."));

    gtk_widget_add_css_class (title, "heading");
    gtk_label_set_xalign (GTK_LABEL (title), 0);
    gtk_label_set_wrap (GTK_LABEL (help), TRUE);
    gtk_label_set_xalign (GTK_LABEL (help), 0);
    gtk_widget_add_css_class (help, "dim-label");
    gtk_box_append (GTK_BOX (self->group), title);
    gtk_box_append (GTK_BOX (self->group), help);
  }
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint i = 0; i < open->len; i++)
    {
      PenCardSighting *s = g_ptr_array_index (open, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_button_new_with_mnemonic (_("_Name It…"));

      g_ptr_array_add (self->cards, g_strdup (s->card));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), pen_turn_card_name (s->card));
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_object_set_data_full (G_OBJECT (button), "card", g_strdup (s->card), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (name_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  gtk_box_append (GTK_BOX (self->group), list);
  adw_bin_set_child (ADW_BIN (self), self->group);
}

static void
pen_unnamed_cards_finalize (GObject *object)
{
  PenUnnamedCards *self = PEN_UNNAMED_CARDS (object);

  g_clear_pointer (&self->cards, g_ptr_array_unref);

  G_OBJECT_CLASS (pen_unnamed_cards_parent_class)->finalize (object);
}

static void
pen_unnamed_cards_class_init (PenUnnamedCardsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->finalize = pen_unnamed_cards_finalize;
  section_class->position_changed = pen_unnamed_cards_position_changed;
}

static void
pen_unnamed_cards_init (PenUnnamedCards *self)
{
  self->cards = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
pen_unnamed_cards_new (void)
{
  return g_object_new (PEN_TYPE_UNNAMED_CARDS, NULL);
}
