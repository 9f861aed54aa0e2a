/* pen-end-sheet.c: the end of the game, every printed number still unknown in one sheet
 *
 * A view of a PenEndForm (src/core): the form lists the items and keeps what is typed; the
 * sheet makes one PenEndCard per item, again whenever the list changes (a card was named),
 * each filled in from the form, so nothing typed is lost.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-board-layout.h"
#include "pen-card-name-dialog.h"
#include "pen-catalog.h"
#include "pen-end-card.h"
#include "pen-end-form.h"
#include "pen-end-sheet.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

struct _PenEndSheet
{
  PenSection     parent_instance;

  GtkLabel      *status;
  GtkWidget     *cards_box;
  GtkButton     *score_button;
  PenEndForm    *form;
  char          *named;     /* the card last sent to be named, to go on with */
  gboolean       submitting;
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
  return pen_end_form_get_n_items (self->form);
}

PenEndForm *
pen_end_sheet_get_form (PenEndSheet *self)
{
  g_return_val_if_fail (PEN_IS_END_SHEET (self), NULL);
  return self->form;
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

/* The card of a named card's item, or of a Goal's for wizard */
static PenEndCard *
find_card (PenEndSheet    *self,
           PenEndItemKind  kind,
           const char     *id,
           int             wizard)
{
  int i = pen_end_form_find (self->form, kind, id, wizard);

  return i >= 0 ? card_row (self, i) : NULL;
}

GtkEditable *
pen_end_sheet_get_points (PenEndSheet *self,
                          const char  *card)
{
  return pen_end_sheet_get_field (self, card, "vp");
}

GtkEditable *
pen_end_sheet_get_field (PenEndSheet *self,
                         const char  *card,
                         const char  *field)
{
  PenEndCard *row;

  g_return_val_if_fail (PEN_IS_END_SHEET (self), NULL);
  row = find_card (self, PEN_END_ITEM_CARD, card, -1);
  return row ? pen_end_card_get_field (row, field) : NULL;
}

GtkEditable *
pen_end_sheet_get_goal (PenEndSheet *self,
                        const char  *goal,
                        guint        wizard)
{
  PenEndCard *row;

  g_return_val_if_fail (PEN_IS_END_SHEET (self), NULL);
  row = find_card (self, PEN_END_ITEM_GOAL, goal, (int) wizard);
  return row ? pen_end_card_get_field (row, "vp") : NULL;
}

GtkEditable *
pen_end_sheet_get_cell (PenEndSheet *self,
                        guint        cell)
{
  int i;

  g_return_val_if_fail (PEN_IS_END_SHEET (self), NULL);
  i = pen_end_form_find_cell (self->form, cell);
  return i >= 0 ? pen_end_card_get_field (card_row (self, i), "vp") : NULL;
}

gboolean
pen_end_sheet_lists_name (PenEndSheet *self,
                          const char  *card)
{
  g_return_val_if_fail (PEN_IS_END_SHEET (self), FALSE);
  return pen_end_form_find (self->form, PEN_END_ITEM_NAME, card, -1) >= 0;
}

GtkToggleButton *
pen_end_sheet_get_symbol (PenEndSheet *self,
                          const char  *card,
                          const char  *symbol)
{
  PenEndCard *row;

  g_return_val_if_fail (PEN_IS_END_SHEET (self), NULL);
  row = find_card (self, PEN_END_ITEM_CARD, card, -1);
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
  /* once named, the card's own fields are where the table goes on */
  g_free (self->named);
  self->named = g_strdup (pen_action_get_string (action, "as"));
  pen_section_submit (PEN_SECTION (self), action);
}

/* Focus on the first field of the card just named, or of the Goal (rather than wherever GTK
 * puts it, which may select what is typed in another card) */
static void
focus_named (PenEndSheet *self)
{
  int i;

  if (self->named == NULL)
    return;
  i = pen_end_form_find (self->form, PEN_END_ITEM_CARD, self->named, -1);
  /* a Goal named: its first player's points */
  for (guint k = 0; i < 0 && k < pen_end_form_get_n_items (self->form); k++)
    if (pen_end_form_get_kind (self->form, k) == PEN_END_ITEM_GOAL
        && g_strcmp0 (pen_end_form_get_id (self->form, k), self->named) == 0)
      i = (int) k;
  g_clear_pointer (&self->named, g_free);
  if (i >= 0)
    {
      PenEndCard *card = card_row (self, i);

      for (guint f = 0; f < 3; f++)
        {
          static const char * const fields[] = { "vp", "light", "dark" };
          GtkEditable *entry = pen_end_card_get_field (card, fields[f]);

          if (entry != NULL)
            {
              gtk_widget_grab_focus (GTK_WIDGET (entry));
              return;
            }
        }
    }
}

GtkWidget *
pen_end_sheet_name (PenEndSheet *self,
                    const char  *card)
{
  GtkRoot *root;
  PenCardNameDialog *dialog;

  g_return_val_if_fail (PEN_IS_END_SHEET (self), NULL);
  g_return_val_if_fail (pen_section_get_game (PEN_SECTION (self)) != NULL, NULL);

  root = gtk_widget_get_root (GTK_WIDGET (self));
  dialog = pen_card_name_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                     pen_section_get_game (PEN_SECTION (self)), card);
  g_signal_connect_object (dialog, "submit", G_CALLBACK (name_submit_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WIDGET (dialog);
}

static void
name_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  pen_end_sheet_name (PEN_END_SHEET (widget), g_variant_get_string (param, NULL));
}

static void
update_button (PenEndSheet *self)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->score_button),
                            pen_end_form_check (self->form, NULL));
}

static void
score_clicked_cb (PenEndSheet *self)
{
  g_autoptr(GPtrArray) actions = pen_end_form_to_actions (self->form, NULL);
  g_autoptr(GError) error = NULL;

  if (actions == NULL)
    return;
  /* the board's printed points go to the user's board file, remembered for every game */
  if (!pen_end_form_store_cells (self->form, pen_board_layout_get_default (), &error))
    {
      gtk_label_set_label (self->status, error->message);
      return;
    }
  /* every answer first, then the score. The sheet is not made again after each answer: with
   * 17 items that took seconds with no sign of the press, and the table pressed again (play
   * findings R10, T10) */
  self->submitting = TRUE;
  for (guint i = 0; i < actions->len; i++)
    pen_section_submit (PEN_SECTION (self), g_ptr_array_index (actions, i));
  self->submitting = FALSE;
  g_signal_emit (self, signals[DONE], 0);
  /* once, if still in view (the score page hides it) */
  pen_section_queue_refresh (PEN_SECTION (self));
}

static void update_status (PenEndSheet *self);

/* a number typed on a card (notify::valid comes with each): the button and the count follow */
static void
card_changed (PenEndSheet *self)
{
  update_button (self);
  update_status (self);
}

/* Every item again, each filled in from the form */
static void
rebuild (PenEndSheet *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->cards_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->cards_box), child);
  for (guint i = 0; i < pen_end_form_get_n_items (self->form); i++)
    {
      const char *id = pen_end_form_get_id (self->form, i);
      int w = pen_end_form_get_wizard (self->form, i);
      const char *who = "";
      g_autofree char *description = NULL;
      GtkWidget *card;

      if (table != NULL && w >= 0 && (guint) w < pen_table_get_n_players (table))
        who = pen_wizard_get_display_name (pen_table_get_wizard (table, w));
      /* a board cell: whose Marks are on it */
      if (pen_end_form_get_kind (self->form, i) == PEN_END_ITEM_CELL)
        {
          int cell = pen_end_form_get_cell (self->form, i);
          g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
          g_auto(GStrv) list = NULL;
          g_autofree char *joined = NULL, *title = NULL;

          for (guint p = 0; table != NULL && p < pen_table_get_n_players (table); p++)
            {
              PenWizard *wizard = pen_table_get_wizard (table, p);

              if (pen_wizard_get_mark_in_cell (wizard, cell) != NULL)
                g_strv_builder_add (names, pen_wizard_get_display_name (wizard));
            }
          list = g_strv_builder_end (names);
          joined = g_strjoinv (", ", list);
          /* Translators: on the end sheet, a cell of the Wizard board whose victory points the
           * rulebook does not print; the players who have a Mark on it */
          description = g_strdup_printf (_("The victory points printed under it, on every "
                                           "board · Marks: %s"), joined);
          /* counted as a table counts them: the eight Mastery cells, then the three Spark
           * cells apart (play finding P12) */
          title = cell < PEN_DISCIPLINE_CELLS
                  ? g_strdup_printf (_("Wizard board: Mastery cell %d"), cell + 1)
                  : g_strdup_printf (_("Wizard board: Spark cell %d"),
                                     cell - PEN_DISCIPLINE_CELLS + 1);
          card = pen_end_card_new (self->form, i, title, description);
          g_signal_connect_object (card, "notify::valid", G_CALLBACK (card_changed), self,
                                   G_CONNECT_SWAPPED);
          gtk_box_append (GTK_BOX (self->cards_box), card);
          continue;
        }
      /* a Goal: whose points these are */
      if (pen_end_form_get_kind (self->form, i) == PEN_END_ITEM_GOAL)
        description = g_strdup_printf (_("Goal: the points %s scores for it"), who);
      /* a named card: its type too, so that a name the table typed leads to the card */
      else if (pen_end_form_get_kind (self->form, i) == PEN_END_ITEM_CARD)
        {
          PenCard *c = pen_catalog_lookup (pen_catalog_get_default (), id);

          if (c != NULL)
            /* Translators: on the end sheet, under a card's name: "Trial · Masha" */
            description = g_strdup_printf (C_("end sheet", "%s · %s"),
                                           pen_card_type_get_label (pen_card_get_card_type (c)),
                                           who);
        }
      card = pen_end_card_new (self->form, i, pen_turn_card_name (id),
                               description ? description : who);
      g_signal_connect_object (card, "notify::valid", G_CALLBACK (card_changed), self,
                               G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (self->cards_box), card);
    }
  focus_named (self);
}

static const char * const number_fields[] = { "vp", "light", "dark", NULL };

/* Whether item i still waits for an answer: a number it asks left empty, a card to name
 * (it asks nothing to type), or symbols only with none marked yet */
static gboolean
item_open (PenEndForm *form,
           guint       i)
{
  gboolean asks = FALSE;

  for (guint f = 0; number_fields[f] != NULL; f++)
    if (pen_end_form_asks (form, i, number_fields[f]))
      {
        const char *text = pen_end_form_get_text (form, i, number_fields[f]);

        asks = TRUE;
        if (text == NULL || *text == '\0')
          return TRUE;
      }
  if (asks)
    return FALSE;
  if (!pen_end_form_asks (form, i, "symbols"))
    return TRUE;
  for (int s = 0; s < PEN_N_SYMBOLS; s++)
    if (pen_end_form_get_symbol (form, i, s))
      return FALSE;
  return TRUE;
}

/* The status counts the items still unanswered, not the sheet's rows: the typed answers stay
 * on the sheet until "Show the Final Score" (play finding P9) */
static void
update_status (PenEndSheet *self)
{
  guint n = 0;

  for (guint i = 0; i < pen_end_form_get_n_items (self->form); i++)
    if (item_open (self->form, i))
      n++;
  if (n == 0)
    gtk_label_set_label (self->status, _("Every card's points and symbols are known."));
  else
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
        "%u item still needs its printed numbers: enter them from the cards, then score.",
        "%u items still need their printed numbers: enter them from the cards, then score.",
        n), n);

      gtk_label_set_label (self->status, text);
    }
}

static void
pen_end_sheet_position_changed (PenSection *section)
{
  PenEndSheet *self = PEN_END_SHEET (section);
  PenTable *table = pen_section_get_table (section);

  if (self->submitting)
    return;
  if (pen_end_form_update (self->form, table))
    rebuild (self);
  update_status (self);
  update_button (self);
}

static void
pen_end_sheet_dispose (GObject *object)
{
  PenEndSheet *self = PEN_END_SHEET (object);

  g_clear_object (&self->form);
  g_clear_pointer (&self->named, g_free);

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
  self->form = pen_end_form_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_widget_keep_scroll_still (GTK_WIDGET (self));
}

GtkWidget *
pen_end_sheet_new (void)
{
  return g_object_new (PEN_TYPE_END_SHEET, NULL);
}
