/* pen-end-sheet.c: the end of the game, every printed number still unknown in one sheet
 *
 * The cards follow a string list of their ids, a PenEndCard each in a box (a list box would
 * draw them as rows); a move in the game changes the list only when the cards or what they
 * lack change, so what the table typed stays.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-box.h"
#include "pen-card-name-dialog.h"
#include "pen-catalog.h"
#include "pen-end-card.h"
#include "pen-end-sheet.h"
#include "pen-turn.h"

struct _PenEndSheet
{
  PenSection     parent_instance;

  GtkLabel      *status;
  GtkWidget     *cards_box;
  GtkButton     *score_button;
  GtkStringList *cards;     /* the ids of the cards listed */
  GPtrArray     *unknown;   /* PenCardSighting: what each lacks, in the same order */
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
  return g_list_model_get_n_items (G_LIST_MODEL (self->cards));
}

static PenEndCard *
card_row (PenEndSheet *self,
          guint        i)
{
  GtkWidget *child = gtk_widget_get_first_child (self->cards_box);

  for (; child != NULL && i > 0; i--)
    child = gtk_widget_get_next_sibling (child);
  return child ? PEN_END_CARD (child) : NULL;
}

static PenEndCard *
find_card (PenEndSheet *self,
           const char  *card)
{
  for (guint i = 0; i < pen_end_sheet_get_n_cards (self); i++)
    if (g_strcmp0 (gtk_string_list_get_string (self->cards, i), card) == 0)
      return card_row (self, i);
  return NULL;
}

GtkEditable *
pen_end_sheet_get_points (PenEndSheet *self,
                          const char  *card)
{
  PenEndCard *row;

  g_return_val_if_fail (PEN_IS_END_SHEET (self), NULL);
  row = find_card (self, card);
  return row ? pen_end_card_get_points (row) : NULL;
}

GtkToggleButton *
pen_end_sheet_get_symbol (PenEndSheet *self,
                          const char  *card,
                          const char  *symbol)
{
  PenEndCard *row;

  g_return_val_if_fail (PEN_IS_END_SHEET (self), NULL);
  row = find_card (self, card);
  return row ? pen_end_card_get_symbol (row, symbol) : NULL;
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
name_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  PenEndSheet *self = PEN_END_SHEET (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  PenCardNameDialog *dialog;

  dialog = pen_card_name_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                     pen_section_get_game (PEN_SECTION (self)),
                                     g_variant_get_string (param, NULL));
  g_signal_connect_object (dialog, "submit", G_CALLBACK (name_submit_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
update_button (PenEndSheet *self)
{
  gboolean ok = TRUE;

  for (guint i = 0; i < pen_end_sheet_get_n_cards (self); i++)
    ok &= pen_end_card_get_valid (card_row (self, i));
  gtk_widget_set_sensitive (GTK_WIDGET (self->score_button), ok);
}

static void
score_clicked_cb (PenEndSheet *self)
{
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < pen_end_sheet_get_n_cards (self); i++)
    {
      PenAction *action = pen_end_card_build_action (card_row (self, i));

      if (action != NULL)
        g_ptr_array_add (actions, action);
    }
  /* every answer first (the sheet changes on each), then the score */
  for (guint i = 0; i < actions->len; i++)
    pen_section_submit (PEN_SECTION (self), g_ptr_array_index (actions, i));
  g_signal_emit (self, signals[DONE], 0);
}

static gboolean
missing (const PenCardSighting *s,
         const char            *field)
{
  return s->missing != NULL && g_strv_contains ((const char * const *) s->missing, field);
}

static GtkWidget *
create_card (PenEndSheet *self,
             gpointer     item)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));
  const char *id = gtk_string_object_get_string (item);
  const PenCardSighting *s = NULL;
  PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), id);
  const char *where = "";
  GtkWidget *row;

  for (guint i = 0; i < self->unknown->len && s == NULL; i++)
    if (g_str_equal (((PenCardSighting *) g_ptr_array_index (self->unknown, i))->card, id))
      s = g_ptr_array_index (self->unknown, i);
  g_return_val_if_fail (s != NULL, NULL);
  if (table != NULL && s->wizard >= 0 && (guint) s->wizard < pen_table_get_n_players (table))
    where = pen_wizard_get_name (pen_table_get_wizard (table, s->wizard));

  row = g_object_new (PEN_TYPE_END_CARD,
                      "card", id,
                      "title", pen_turn_card_name (id),
                      "description", where,
                      "placeholder", card != NULL && pen_card_is_placeholder (card),
                      "ask-points", missing (s, "vp"),
                      "ask-symbols", missing (s, "symbols"),
                      NULL);
  g_signal_connect_object (row, "notify::valid", G_CALLBACK (update_button), self,
                           G_CONNECT_SWAPPED);
  return row;
}

/* The box follows the list: the cards removed go, the ones added come in their place */
static void
cards_changed_cb (GListModel  *model,
                  guint        position,
                  guint        removed,
                  guint        added,
                  PenEndSheet *self)
{
  GtkWidget *before = position > 0 ? GTK_WIDGET (card_row (self, position - 1)) : NULL;

  for (guint i = 0; i < removed; i++)
    gtk_box_remove (GTK_BOX (self->cards_box), GTK_WIDGET (card_row (self, position)));
  for (guint i = 0; i < added; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, position + i);
      GtkWidget *card = create_card (self, item);

      gtk_box_insert_child_after (GTK_BOX (self->cards_box), card, before);
      before = card;
    }
}

/* Whether the sheet already lists these cards, each lacking the same numbers */
static gboolean
same_cards (PenEndSheet *self,
            GPtrArray   *unknown)
{
  if (self->unknown == NULL || self->unknown->len != unknown->len)
    return FALSE;
  for (guint i = 0; i < unknown->len; i++)
    {
      PenCardSighting *a = g_ptr_array_index (self->unknown, i);
      PenCardSighting *b = g_ptr_array_index (unknown, i);

      if (!g_str_equal (a->card, b->card) || a->wizard != b->wizard
          || (a->missing == NULL) != (b->missing == NULL)
          || (a->missing != NULL && !g_strv_equal ((const char * const *) a->missing,
                                                   (const char * const *) b->missing)))
        return FALSE;
    }
  return TRUE;
}

static void
pen_end_sheet_position_changed (PenSection *section)
{
  PenEndSheet *self = PEN_END_SHEET (section);
  PenTable *table = pen_section_get_table (section);
  g_autoptr(GPtrArray) unknown = table ? pen_box_list_unknown_numbers (table)
                                       : g_ptr_array_new ();
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) ids = NULL;

  if (unknown->len == 0)
    gtk_label_set_label (self->status, _("Every card's points and symbols are known."));
  else
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
        "%u card still lacks its printed numbers: enter them from the card, then score.",
        "%u cards still lack their printed numbers: enter them from the cards, then score.",
        unknown->len), unknown->len);

      gtk_label_set_label (self->status, text);
    }
  if (same_cards (self, unknown))
    return;

  for (guint i = 0; i < unknown->len; i++)
    g_strv_builder_add (builder, ((PenCardSighting *) g_ptr_array_index (unknown, i))->card);
  ids = g_strv_builder_end (builder);
  g_clear_pointer (&self->unknown, g_ptr_array_unref);
  self->unknown = g_steal_pointer (&unknown);
  gtk_string_list_splice (self->cards, 0, pen_end_sheet_get_n_cards (self),
                          (const char * const *) ids);
  update_button (self);
}

static void
pen_end_sheet_dispose (GObject *object)
{
  PenEndSheet *self = PEN_END_SHEET (object);

  g_clear_object (&self->cards);
  g_clear_pointer (&self->unknown, g_ptr_array_unref);

  G_OBJECT_CLASS (pen_end_sheet_parent_class)->dispose (object);
}

static void
pen_end_sheet_class_init (PenEndSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_end_sheet_dispose;
  section_class->position_changed = pen_end_sheet_position_changed;

  /* Every answer was submitted: show the final score */
  signals[DONE] = g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-end-sheet.ui");
  gtk_widget_class_bind_template_child (widget_class, PenEndSheet, status);
  gtk_widget_class_bind_template_child (widget_class, PenEndSheet, cards_box);
  gtk_widget_class_bind_template_child (widget_class, PenEndSheet, score_button);
  gtk_widget_class_bind_template_callback (widget_class, score_clicked_cb);
  gtk_widget_class_install_action (widget_class, "card.name", "s", name_activated);
}

static void
pen_end_sheet_init (PenEndSheet *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cards = gtk_string_list_new (NULL);
  g_signal_connect_object (self->cards, "items-changed", G_CALLBACK (cards_changed_cb), self, 0);
}

GtkWidget *
pen_end_sheet_new (void)
{
  return g_object_new (PEN_TYPE_END_SHEET, NULL);
}
