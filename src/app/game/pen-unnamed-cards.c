/* pen-unnamed-cards.c: the face-up cards the catalogue cannot name, each with "Name It…"
 *
 * One folded row ("12 cards to name") that opens on the cards, so that a physical game's dozen
 * do not push the turn box below the first screen. The rows follow a string list of the card
 * ids; a move in the game changes them only when the cards to name change.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-box.h"
#include "pen-card-name-dialog.h"
#include "pen-name-card-row.h"
#include "pen-turn.h"
#include "pen-unnamed-cards.h"

struct _PenUnnamedCards
{
  PenSection     parent_instance;

  AdwExpanderRow *expander;
  GtkStringList  *cards;  /* the ids of the cards listed */
  GStrv           places; /* where each lies, as the table finds it ("Guild, cell 2") */
  GPtrArray      *rows;   /* their rows in the expander, in order */
};

G_DEFINE_FINAL_TYPE (PenUnnamedCards, pen_unnamed_cards, PEN_TYPE_SECTION)

guint
pen_unnamed_cards_get_n_cards (PenUnnamedCards *self)
{
  g_return_val_if_fail (PEN_IS_UNNAMED_CARDS (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->cards));
}

static void
name_submit_cb (PenUnnamedCards *self,
                PenAction       *action)
{
  pen_section_submit (PEN_SECTION (self), action);
}

static GtkWindow *
name_card (PenUnnamedCards *self,
           const char      *card)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  PenCardNameDialog *dialog;

  dialog = pen_card_name_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                     pen_section_get_game (PEN_SECTION (self)), card);
  g_signal_connect_object (dialog, "submit", G_CALLBACK (name_submit_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

GtkWindow *
pen_unnamed_cards_name (PenUnnamedCards *self,
                        guint            i)
{
  g_return_val_if_fail (PEN_IS_UNNAMED_CARDS (self), NULL);
  g_return_val_if_fail (i < pen_unnamed_cards_get_n_cards (self), NULL);

  return name_card (self, gtk_string_list_get_string (self->cards, i));
}

static void
name_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  name_card (PEN_UNNAMED_CARDS (widget), g_variant_get_string (param, NULL));
}

/* The expander's rows follow the list, all made again when it changes (rarely: when a card is
 * named or turns up); AdwExpanderRow has no model binding in libadwaita 1.2 */
static void
cards_changed_cb (PenUnnamedCards *self)
{
  guint n = pen_unnamed_cards_get_n_cards (self);
  g_autofree char *subtitle = NULL;

  for (guint i = 0; i < self->rows->len; i++)
    adw_expander_row_remove (self->expander, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  for (guint i = 0; i < n; i++)
    {
      const char *card = gtk_string_list_get_string (self->cards, i);
      const char *place = self->places != NULL && i < g_strv_length (self->places)
                          ? self->places[i] : NULL;
      GtkWidget *row;

      if (place != NULL && *place == '\0')
        place = NULL;
      /* titled by where it lies, which tells the table which card it is (play finding R4);
       * its number in the box under it */
      row = pen_name_card_row_new (card, place != NULL ? place : pen_turn_card_name (card));
      if (place != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), pen_turn_card_name (card));

      g_ptr_array_add (self->rows, row);
      adw_expander_row_add_row (self->expander, row);
    }
  /* Translators: the folded row of the face-up cards to name */
  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%u face-up card the app cannot name: read it out",
                                           "%u face-up cards the app cannot name: read each one "
                                           "out",
                                           n),
                              n);
  adw_expander_row_set_subtitle (self->expander, subtitle);
}

/* Where a card to name lies, in the words the set-up used to lay it out */
static char *
place_text (PenTable        *table,
            PenCardSighting *s)
{
  guint at = (guint) MAX (s->index, 0) + 1;
  int kind;

  if (g_strcmp0 (s->where, "contract-row") == 0)
    /* TRANSLATORS: a card to name, by where it lies: a Guild cell counted from the left */
    return g_strdup_printf (_("Guild, cell %u from the left"), at);
  if (g_strcmp0 (s->where, "trial-row") == 0)
    /* TRANSLATORS: a card to name, by where it lies: a card of the row of Trials */
    return g_strdup_printf (_("Row of Trials, card %u"), at);
  if (g_strcmp0 (s->where, "in-play") == 0)
    /* TRANSLATORS: a card to name, by where it lies: face up in play (the Fate card) */
    return g_strdup (_("In play"));
  if (s->wizard >= 0 && (guint) s->wizard < pen_table_get_n_players (table))
    /* TRANSLATORS: a card to name, by where it lies: in a player's play area */
    return g_strdup_printf (_("In front of %s"),
                            pen_wizard_get_display_name (pen_table_get_wizard (table,
                                                                               s->wizard)));
  if (s->index < 0)
    return NULL;
  if (g_strcmp0 (s->where, "brewery") == 0)
    return g_strdup_printf (_("%s, card %u"), _("Brewery"), at);
  if (g_strcmp0 (s->where, "shop") == 0)
    return g_strdup_printf (_("%s, card %u"), _("Shop"), at);
  kind = pen_mark_kind_from_string (s->where);
  if (kind >= 0 && kind < PEN_MARK_SPARK)
    /* TRANSLATORS: a card of a Class market: "Ruby Class, card 1" */
    return g_strdup_printf (_("%s, card %u"), pen_mark_kind_get_class_name (kind), at);
  return NULL;
}

static void
pen_unnamed_cards_position_changed (PenSection *section)
{
  PenUnnamedCards *self = PEN_UNNAMED_CARDS (section);
  PenTable *table = pen_section_get_table (section);
  g_autoptr(GPtrArray) open = table ? pen_box_list_unidentified (table) : NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) where = g_strv_builder_new ();
  g_auto(GStrv) ids = NULL;
  g_auto(GStrv) places = NULL;
  guint n = pen_unnamed_cards_get_n_cards (self);
  gboolean same;

  for (guint i = 0; open != NULL && i < open->len; i++)
    {
      PenCardSighting *s = g_ptr_array_index (open, i);
      g_autofree char *place = place_text (table, s);

      g_strv_builder_add (builder, s->card);
      g_strv_builder_add (where, place != NULL ? place : "");
    }
  ids = g_strv_builder_end (builder);
  places = g_strv_builder_end (where);

  /* most moves name no card and move none: then nothing changes */
  same = g_strv_length (ids) == n && self->places != NULL
         && g_strv_equal ((const char * const *) places, (const char * const *) self->places);
  for (guint i = 0; same && i < n; i++)
    same = g_str_equal (ids[i], gtk_string_list_get_string (self->cards, i));
  if (!same)
    {
      g_strfreev (self->places);
      self->places = g_steal_pointer (&places);
      gtk_string_list_splice (self->cards, 0, n, (const char * const *) ids);
    }
  /* once the game is over the end sheet asks what still counts (the Experience zones' cards,
   * named or not): Cards to Name no longer nags about the rest (play finding V11) */
  gtk_widget_set_visible (GTK_WIDGET (self),
                          ids[0] != NULL && pen_table_get_phase (table) != PEN_PHASE_ENDED);
}

static void
pen_unnamed_cards_dispose (GObject *object)
{
  PenUnnamedCards *self = PEN_UNNAMED_CARDS (object);

  g_clear_object (&self->cards);
  g_clear_pointer (&self->places, g_strfreev);
  g_clear_pointer (&self->rows, g_ptr_array_unref);

  G_OBJECT_CLASS (pen_unnamed_cards_parent_class)->dispose (object);
}

static void
pen_unnamed_cards_class_init (PenUnnamedCardsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_unnamed_cards_dispose;
  section_class->position_changed = pen_unnamed_cards_position_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-unnamed-cards.ui");
  gtk_widget_class_bind_template_child (widget_class, PenUnnamedCards, expander);
  gtk_widget_class_install_action (widget_class, "card.name", "s", name_activated);
}

static void
pen_unnamed_cards_init (PenUnnamedCards *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cards = gtk_string_list_new (NULL);
  self->rows = g_ptr_array_new ();
  g_signal_connect_object (self->cards, "items-changed", G_CALLBACK (cards_changed_cb), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
pen_unnamed_cards_new (void)
{
  return g_object_new (PEN_TYPE_UNNAMED_CARDS, NULL);
}
