/* pen-place-dialog.c: placing a die in a location, its section's effect in the same step
 *
 * The answers live in a PenPlaceForm (the core), which builds the place action. The dialog
 * shows the form: the sections open to the die, a PenChoiceRow each, and what the chosen
 * section asks, a PenPickerRow per question, both lists bound to string lists.
 *
 * What the table cannot see is said once the place is applied: a Threat die the app rolled
 * in the Ruins, and a Mortal Wound, which ends the turn at once (PenPlaceDialog:report).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-choice-row.h"
#include "pen-locations.h"
#include "pen-picker-row.h"
#include "pen-card-name-dialog.h"
#include "pen-place-dialog.h"
#include "pen-place-form.h"
#include "pen-resource-faces-dialog.h"
#include "pen-table-util.h"
#include "pen-widget-utils.h"

struct _PenPlaceDialog
{
  AdwMessageDialog   parent_instance;

  GtkListBox        *sections_list;
  GtkListBox        *questions_list;
  GtkScrolledWindow *sections_scroller;
  GtkScrolledWindow *questions_scroller;
  AdwClamp          *size_clamp;
  GtkWidget         *content_box;
  GtkLabel          *problem_label;
  GtkLabel          *note_label;
  GtkWidget         *name_contract;
  GtkWidget         *bribe;
  GtkWidget         *resource_faces;
  PenPlaceForm      *form;
  PenGame           *game;
  guint              wizard;
  GtkStringList     *questions;     /* the keys of the form's questions */
  PenChoiceRow      *first_row;     /* the sections' radio group */
  gboolean           bribing;       /* a Bribe was submitted: the markets are read again */
  guint              in_view_tick;  /* the tick keeping the chosen section in view, or 0 */
  guint              in_view_frames;  /* frames it still runs: until the list is laid out */
  /* Place submitted and not applied at once (a refusal offering "Do It Anyway", the table's
   * dice asked): the dialog waits hidden, its answers kept */
  guint              waiting_position;  /* the game's position when Place was tapped */
  gboolean           waiting_wounded;   /* the wizard had a Mortal Wound this turn then */
  gboolean           waiting_rolls;     /* the app rolls the Ruins' Threat die for it */
  GPtrArray         *before;            /* the windows there were then */
  guint              settle_idle;
  guint              close_idle;
};

G_DEFINE_FINAL_TYPE (PenPlaceDialog, pen_place_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum {
  SUBMIT,
  REPORT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

const char * const *
pen_place_dialog_get_sections (PenPlaceDialog *self)
{
  g_return_val_if_fail (PEN_IS_PLACE_DIALOG (self), NULL);
  return pen_place_form_get_sections (self->form);
}

GtkCheckButton *
pen_place_dialog_get_section_button (PenPlaceDialog *self,
                                     guint           i)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (PEN_IS_PLACE_DIALOG (self), NULL);
  row = gtk_list_box_get_row_at_index (self->sections_list, i);
  g_return_val_if_fail (row != NULL, NULL);
  return pen_choice_row_get_check (PEN_CHOICE_ROW (row));
}

GtkDropDown *
pen_place_dialog_get_picker (PenPlaceDialog *self,
                             const char     *key)
{
  g_return_val_if_fail (PEN_IS_PLACE_DIALOG (self), NULL);

  for (guint i = 0; i < pen_place_form_get_n_questions (self->form); i++)
    if (g_str_equal (pen_place_form_get_key (self->form, i), key))
      return pen_picker_row_get_drop_down (PEN_PICKER_ROW (gtk_list_box_get_row_at_index
                                                             (self->questions_list, i)));
  return NULL;
}

static void section_in_view_soon (PenPlaceDialog *self);

/* The lines the problem label keeps while an exchange is chosen: what "You give … and get …:
 * both sides must be worth the same." takes on a phone */
#define EXCHANGE_PROBLEM_LINES 3

/* Whether the chosen place is an exchange (the Bazaar's) */
static gboolean
exchange_chosen (PenPlaceDialog *self)
{
  int chosen = pen_place_form_get_chosen (self->form);
  const char * const *sections = pen_place_form_get_sections (self->form);
  g_auto(GStrv) parts = NULL;

  if (chosen < 0 || sections == NULL)
    return FALSE;
  parts = g_strsplit (sections[chosen], "/", 2);
  return parts[0] != NULL && parts[1] != NULL
         && pen_locations_get_effect (pen_locations_get_default (), parts[0], parts[1])
            == PEN_EFFECT_EXCHANGE;
}

/* The problem label said or not: while an exchange is chosen it keeps the room of a few
 * lines, shown or not, so the first row given does not move the rows under the finger as the
 * "does not balance" line comes (play finding Q5) */
static void
show_problem (PenPlaceDialog *self,
              const char     *problem)
{
  GtkWidget *label = GTK_WIDGET (self->problem_label);
  gboolean exchange = exchange_chosen (self);
  int height = -1;

  if (exchange)
    {
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (label, NULL);
      g_autoptr(GString) lines = g_string_new ("X");

      for (guint i = 1; i < EXCHANGE_PROBLEM_LINES; i++)
        g_string_append (lines, "\nX");
      pango_layout_set_text (layout, lines->str, -1);
      pango_layout_get_pixel_size (layout, NULL, &height);
    }
  gtk_label_set_label (self->problem_label, problem != NULL ? problem : "");
  gtk_widget_set_size_request (label, -1, height);
  gtk_widget_set_visible (label, problem != NULL || exchange);
}

static void
complete_cb (PenPlaceDialog *self)
{
  g_autofree char *problem = pen_place_form_get_problem (self->form);
  g_autofree char *note = pen_place_form_get_note (self->form);

  gtk_label_set_label (self->note_label, note);
  gtk_widget_set_visible (GTK_WIDGET (self->note_label), note != NULL);
  /* a question the other answers make pointless stays in its place, insensitive (Q5) */
  for (guint i = 0; i < pen_place_form_get_n_questions (self->form); i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->questions_list, i);

      if (row != NULL)
        {
          gtk_widget_set_sensitive (GTK_WIDGET (row),
                                    pen_place_form_get_sensitive (self->form, i));
          /* another Contract's Threat dice are not asked (play finding B7) */
          gtk_widget_set_visible (GTK_WIDGET (row), pen_place_form_get_shown (self->form, i));
        }
    }
  {
    const char *to_name = pen_place_form_get_contract_to_name (self->form);

    gtk_widget_set_visible (self->name_contract, to_name != NULL);
    /* a card already named lacks only its task: the button says so, not "Name" again (play
     * finding C8) */
    if (to_name != NULL)
      gtk_button_set_label (GTK_BUTTON (self->name_contract),
                            pen_card_id_is_placeholder (to_name) ? _("_Name This Contract…")
                                                                 : _("_Enter Its Task…"));
  }
  gtk_widget_set_visible (self->bribe, pen_place_form_get_bribe_market (self->form) != NULL);
  gtk_widget_set_visible (self->resource_faces,
                          pen_place_form_get_resource_faces_wanted (self->form));
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "place",
                                           pen_place_form_get_complete (self->form));
  show_problem (self, problem);
  /* a note or button shown takes height from the sections: the chosen one stays in view */
  section_in_view_soon (self);
}

/* Each drop-down whose answers the form reads differently now (a Contract just named: "Lost
 * Hut" where "Contract 9 of 36" was) shows the new ones, its answer kept */
static void
reread_answers (PenPlaceDialog *self)
{
  for (guint i = 0; i < pen_place_form_get_n_questions (self->form); i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->questions_list, i);
      const char * const *answers = pen_place_form_get_answers (self->form, i);
      g_autoptr(GListModel) items = NULL;
      g_autoptr(GtkStringList) fresh = NULL;
      gboolean same = TRUE;
      guint selected;

      if (row == NULL || answers == NULL)
        continue;
      g_object_get (row, "items", &items, NULL);
      for (guint j = 0; same && (answers[j] != NULL || j < g_list_model_get_n_items (items)); j++)
        same = answers[j] != NULL && j < g_list_model_get_n_items (items)
               && g_str_equal (answers[j], gtk_string_list_get_string (GTK_STRING_LIST (items),
                                                                       j));
      if (same)
        continue;
      selected = pen_picker_row_get_selected (PEN_PICKER_ROW (row));
      fresh = gtk_string_list_new (answers);
      g_object_set (row, "items", fresh, NULL);
      gtk_drop_down_set_selected (pen_picker_row_get_drop_down (PEN_PICKER_ROW (row)), selected);
    }
}

/* The chosen section's row, or NULL */
static GtkWidget *
chosen_section_row (PenPlaceDialog *self)
{
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->sections_list));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    if (PEN_IS_CHOICE_ROW (row)
        && gtk_check_button_get_active (pen_choice_row_get_check (PEN_CHOICE_ROW (row))))
      return row;
  return NULL;
}

/* once laid out: the chosen row scrolled into view */
static gboolean
section_in_view_tick_cb (GtkWidget     *widget,
                         GdkFrameClock *clock,
                         gpointer       user_data)
{
  PenPlaceDialog *self = PEN_PLACE_DIALOG (widget);
  GtkWidget *row = chosen_section_row (self);
  graphene_rect_t b;

  if (row != NULL && gtk_widget_compute_bounds (row, GTK_WIDGET (self->sections_list), &b))
    gtk_adjustment_clamp_page (gtk_scrolled_window_get_vadjustment (self->sections_scroller),
                               b.origin.y, b.origin.y + b.size.height);
  if (--self->in_view_frames > 0)
    return G_SOURCE_CONTINUE;
  self->in_view_tick = 0;
  return G_SOURCE_REMOVE;
}

/* the chosen row in view over the next frames, once the list's new height is laid out */
static void
section_in_view_soon (PenPlaceDialog *self)
{
  self->in_view_frames = 3;
  if (self->in_view_tick == 0)
    self->in_view_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self),
                                                       section_in_view_tick_cb, NULL, NULL);
}

/* The focus on the chosen section's radio and its row in view: the naming dialog gone, GTK
 * would leave the focus to the dialog and the sections scroll back to their top, the chosen
 * Guild row out of view (play finding S3) */
static void
keep_section_in_view (PenPlaceDialog *self)
{
  GtkWidget *row = chosen_section_row (self);

  if (row == NULL)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (pen_choice_row_get_check (PEN_CHOICE_ROW (row))));
  section_in_view_soon (self);
}

/* the card named (and its task, the numbers on it) is submitted, and the Guild's notes follow */
static void
contract_named_cb (PenPlaceDialog *self,
                   PenAction      *action)
{
  g_signal_emit (self, signals[SUBMIT], 0, action);
  pen_place_form_reread_contracts (self->form, pen_game_get_table (self->game));
  /* the card named is no refill the table may turn up now */
  if (pen_table_get_physical (pen_game_get_table (self->game)))
    {
      g_autoptr(GPtrArray) draws = pen_tu_drawable_contracts (self->game,
                                                              pen_game_get_table (self->game));

      g_ptr_array_add (draws, NULL);
      pen_place_form_set_contract_draws (self->form, (const char * const *) draws->pdata);
    }
  reread_answers (self);
  complete_cb (self);
}

static void
name_contract_clicked_cb (PenPlaceDialog *self)
{
  const char *card = pen_place_form_get_contract_to_name (self->form);
  PenCardNameDialog *dialog;

  if (card == NULL)
    return;
  dialog = pen_card_name_dialog_new (GTK_WINDOW (self), self->game, card);
  g_signal_connect_object (dialog, "submit", G_CALLBACK (contract_named_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (keep_section_in_view), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* the faces typed in: the app rolls the Resource dice now ("The app rolls" first) */
static void
resource_faces_saved_cb (PenPlaceDialog *self)
{
  pen_place_form_reread_resource_faces (self->form);
  complete_cb (self);
}

static void
resource_faces_clicked_cb (PenPlaceDialog *self)
{
  PenResourceFacesDialog *dialog = pen_resource_faces_dialog_new (GTK_WINDOW (self));

  g_signal_connect_object (dialog, "saved", G_CALLBACK (resource_faces_saved_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (keep_section_in_view), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

GtkWidget *
pen_place_dialog_get_resource_faces (PenPlaceDialog *self)
{
  g_return_val_if_fail (PEN_IS_PLACE_DIALOG (self), NULL);
  return self->resource_faces;
}

static void set_market_draws (PenPlaceDialog *self,
                              const char     *open);

/* Bribe: the market's cards go, new ones come (the table names them as it would any card it
 * turns up); the rules refuse it without a Jewel or off the player's Study turn, and the table
 * may do it anyway. The market is read again once it is applied (position_cb). */
static void
bribe_clicked_cb (PenPlaceDialog *self)
{
  const char *market = pen_place_form_get_bribe_market (self->form);
  g_autoptr(PenAction) action = NULL;

  if (market == NULL)
    return;
  action = pen_action_new_bribe (self->wizard, market, NULL);
  self->bribing = TRUE;
  g_signal_emit (self, signals[SUBMIT], 0, action);
}

static void
position_cb (PenPlaceDialog *self)
{
  guint position = pen_game_get_position (self->game);
  g_autoptr(PenAction) last = NULL;

  if (!self->bribing || position == 0)
    return;
  last = g_list_model_get_item (pen_game_get_history (self->game), position - 1);
  if (last == NULL || g_strcmp0 (pen_action_get_kind (last), "bribe") != 0)
    return;
  self->bribing = FALSE;
  /* the cards the table may name follow the log: the discarded ones are out */
  if (pen_place_form_get_chosen (self->form) >= 0)
    set_market_draws (self, pen_place_form_get_sections (self->form)
                              [pen_place_form_get_chosen (self->form)]);
  pen_place_form_reread_markets (self->form, pen_game_get_table (self->game));
}

GtkWidget *
pen_place_dialog_get_bribe (PenPlaceDialog *self)
{
  g_return_val_if_fail (PEN_IS_PLACE_DIALOG (self), NULL);
  return self->bribe;
}

GtkWidget *
pen_place_dialog_get_name_contract (PenPlaceDialog *self)
{
  g_return_val_if_fail (PEN_IS_PLACE_DIALOG (self), NULL);
  return self->name_contract;
}

GtkLabel *
pen_place_dialog_get_note_label (PenPlaceDialog *self)
{
  g_return_val_if_fail (PEN_IS_PLACE_DIALOG (self), NULL);
  return self->note_label;
}

GtkLabel *
pen_place_dialog_get_problem_label (PenPlaceDialog *self)
{
  g_return_val_if_fail (PEN_IS_PLACE_DIALOG (self), NULL);
  return self->problem_label;
}

static void
answer_cb (PenPickerRow   *row,
           GParamSpec     *pspec,
           PenPlaceDialog *self)
{
  pen_place_form_set_answer (self->form, gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)),
                             pen_picker_row_get_selected (row));
  complete_cb (self);
}

static GtkWidget *
create_question_row (gpointer item,
                     gpointer user_data)
{
  PenPlaceDialog *self = user_data;
  const char *key = gtk_string_object_get_string (item);
  g_autoptr(GtkStringList) answers = NULL;
  GtkWidget *row = NULL;

  for (guint i = 0; i < pen_place_form_get_n_questions (self->form) && row == NULL; i++)
    if (g_str_equal (pen_place_form_get_key (self->form, i), key))
      {
        answers = gtk_string_list_new (pen_place_form_get_answers (self->form, i));
        row = pen_picker_row_new (pen_place_form_get_question (self->form, i),
                                  G_LIST_MODEL (answers));
        /* a long answer ("Другой Контракт: назвать позже") gives way in the middle rather
         * than widening the dialog past a phone's 360 px; the popup shows it whole */
        pen_picker_row_narrow_drop_down (pen_picker_row_get_drop_down (PEN_PICKER_ROW (row)));
        /* the form's answer: the one possible payment is chosen already ("0") */
        gtk_drop_down_set_selected (pen_picker_row_get_drop_down (PEN_PICKER_ROW (row)),
                                    pen_place_form_get_answer (self->form, i));
        gtk_widget_set_sensitive (row, pen_place_form_get_sensitive (self->form, i));
        gtk_widget_set_visible (row, pen_place_form_get_shown (self->form, i));
      }
  g_return_val_if_fail (row != NULL, NULL);
  g_signal_connect_object (row, "notify::selected", G_CALLBACK (answer_cb), self, 0);
  return row;
}

/* A table that says its market's cards: which it may name, bought or turned up, once the
 * Brewery or the Shop is chosen (the draws read the whole log) */
static void
set_market_draws (PenPlaceDialog *self,
                  const char     *open)
{
  gboolean brewery = g_str_has_prefix (open, "brewery/");

  if (!pen_place_form_get_table_markets (self->form)
      || (!brewery && !g_str_has_prefix (open, "shop/")))
    return;
  {
    g_autoptr(GPtrArray) ids = pen_tu_market_draws (self->game, brewery ? PEN_DRAW_POTION
                                                                        : PEN_DRAW_ARTIFACT);
    /* two for each purchase (the card bought, the one turned up): the Brewery's any number */
    guint n = 2 * MAX (2, pen_catalog_get_box_count (pen_catalog_get_default (),
                                                     brewery ? PEN_CARD_POTION
                                                             : PEN_CARD_ARTIFACT));
    g_autoptr(GPtrArray) spares = pen_draw_others (self->game, brewery ? PEN_CARD_POTION
                                                                       : PEN_CARD_ARTIFACT, n);

    g_ptr_array_add (spares, NULL);
    pen_place_form_set_market_draws (self->form, brewery ? "brewery" : "shop",
                                     (const char * const *) ids->pdata,
                                     (const char * const *) spares->pdata);
  }
}

/* AdwMessageDialog (libadwaita 1.2) is at most 372 px wide (600 over a wide window, as its
 * content asks) */
#define DIALOG_MAX_WIDTH 372
#define DIALOG_INSET 10
/* a content this much narrower than the dialog still decides the dialog's minimum width */
#define PROBE_INSET 40
/* what the heading, body and responses take of the height, at most, on a phone */
#define DIALOG_CHROME_HEIGHT 330
#define CONTENT_MAX_HEIGHT 430
#define CONTENT_MIN_HEIGHT 200

/* The dialog's size does not follow its answers: it was as wide as its widest answer shown
 * (305 px, then 345 once a card was chosen, 396 with "Другой Контракт: назвать позже" at
 * 360 px) and grew as questions appeared, so Place moved under the finger between two taps
 * (play findings T1, R11, R12). The places and questions get a fixed box, as wide as the
 * dialog may be and never wider than the window; the places' list gives its height to the
 * questions. */
static void
fix_size (PenPlaceDialog *self)
{
  GtkWidget *box = self->content_box;
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  int parent_width = 0, parent_height = 0, width, height, dialog_min = 0, box_min = 0, chrome;

  /* the window's size as it is resized (its default size follows it), or as it is shown
   * maximized */
  if (parent != NULL)
    {
      gtk_window_get_default_size (parent, &parent_width, &parent_height);
      if (gtk_window_is_maximized (parent) || gtk_window_is_fullscreen (parent)
          || parent_width <= 0 || parent_height <= 0)
        {
          parent_width = gtk_widget_get_width (GTK_WIDGET (parent));
          parent_height = gtk_widget_get_height (GTK_WIDGET (parent));
        }
    }
  /* libadwaita keeps a dialog inside its parent; a naming dialog over this one is as wide
   * (pen_window_cover_parent_dialog), so this one leaves it room */
  width = parent_width > 0 ? MIN (DIALOG_MAX_WIDTH, parent_width - 2 * DIALOG_INSET)
                           : DIALOG_MAX_WIDTH;
  height = parent_height > 0 ? parent_height - DIALOG_CHROME_HEIGHT : CONTENT_MAX_HEIGHT;
  height = CLAMP (height, CONTENT_MIN_HEIGHT, CONTENT_MAX_HEIGHT);
  /* what the dialog puts around its content (its padding, as the style sheet says): measured
   * with the content at a width that decides the dialog's (above its own minimum, 310 px) */
  gtk_widget_set_size_request (box, width - PROBE_INSET, height);
  adw_clamp_set_maximum_size (self->size_clamp, width - PROBE_INSET);
  adw_clamp_set_tightening_threshold (self->size_clamp, width - PROBE_INSET);
  gtk_widget_measure (GTK_WIDGET (self), GTK_ORIENTATION_HORIZONTAL, -1, &dialog_min, NULL,
                      NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (self->size_clamp), GTK_ORIENTATION_HORIZONTAL, -1, &box_min,
                      NULL, NULL, NULL);
  chrome = dialog_min > box_min ? dialog_min - box_min : 0;
  /* the content as wide as the dialog may be: the clamp's natural width is that too, so the
   * dialog neither grows with an answer nor shrinks with a place that asks less */
  gtk_widget_set_size_request (box, width - chrome, height);
  adw_clamp_set_maximum_size (self->size_clamp, width - chrome);
  adw_clamp_set_tightening_threshold (self->size_clamp, width - chrome);
}

/* The Brewery asks one purchase more, or fewer: the rows follow the form's questions */
static void
questions_changed_cb (PenPlaceDialog *self,
                      guint           position,
                      guint           removed,
                      guint           added)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) keys = NULL;

  for (guint i = position; i < position + added; i++)
    g_strv_builder_add (builder, pen_place_form_get_key (self->form, i));
  keys = g_strv_builder_end (builder);
  gtk_string_list_splice (self->questions, position, removed, (const char * const *) keys);
  complete_cb (self);
}

static void
section_toggled_cb (GtkCheckButton *check,
                    PenPlaceDialog *self)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (check), PEN_TYPE_CHOICE_ROW);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) keys = NULL;
  guint n;

  if (!gtk_check_button_get_active (check))
    return;
  set_market_draws (self, pen_place_form_get_sections (self->form)
                            [gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row))]);
  pen_place_form_choose (self->form, gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)));
  n = pen_place_form_get_n_questions (self->form);
  for (guint i = 0; i < n; i++)
    g_strv_builder_add (builder, pen_place_form_get_key (self->form, i));
  keys = g_strv_builder_end (builder);
  gtk_string_list_splice (self->questions, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->questions)),
                          (const char * const *) keys);
  gtk_widget_set_visible (GTK_WIDGET (self->questions_scroller), n > 0);
  /* the list just got shorter: the row tapped stays in view */
  section_in_view_soon (self);
  complete_cb (self);
}

static GtkWidget *
create_section_row (gpointer item,
                    gpointer user_data)
{
  PenPlaceDialog *self = user_data;
  PenLocations *locations = pen_locations_get_default ();
  const char *open = gtk_string_object_get_string (item);
  const char *slash = strchr (open, '/');
  g_autofree char *location = g_strndup (open, slash - open);
  const char *plus = strchr (open, '+');
  g_autofree char *section = plus != NULL ? g_strndup (slash + 1, plus - slash - 1)
                                          : g_strdup (slash + 1);
  const char *name = pen_locations_get_section_name (locations, location, section);
  g_autofree char *subtitle = NULL;
  GtkWidget *row;

  if (g_str_has_suffix (open, PEN_PLACE_FORM_APPEAR))
    /* TRANSLATORS: a section whose cells are all taken, placed in through the Primagic Appear */
    subtitle = g_strdup_printf (_("%s — outside the cells: Appear, 1 Arcana"), name);
  else if (g_str_has_suffix (open, PEN_PLACE_FORM_KNOCK_OUT_DISCARD))
    /* TRANSLATORS: the Primagic Knock Out, discarding a Red die to discard a placed die */
    subtitle = g_strdup_printf (_("%s — discard a Red die to knock out the die there: Knock "
                                  "Out"), name);
  else if (g_str_has_suffix (open, PEN_PLACE_FORM_KNOCK_OUT))
    /* TRANSLATORS: the Primagic Knock Out, a Red die placed in place of a lower die */
    subtitle = g_strdup_printf (_("%s — in place of a lower die: Knock Out"), name);
  else
    subtitle = g_strdup (name);
  row = pen_choice_row_new (pen_locations_get_name (locations, location), subtitle,
                            self->first_row);
  if (self->first_row == NULL)
    self->first_row = PEN_CHOICE_ROW (row);
  g_signal_connect_object (pen_choice_row_get_check (PEN_CHOICE_ROW (row)), "toggled",
                           G_CALLBACK (section_toggled_cb), self, 0);
  return row;
}

/* What happened, when the table could not see it: the step's History label ("Masha places a
 * die in the Ruins: Threat die 3 … Mortal Wound"), and what a Mortal Wound means now */
static void
report (PenPlaceDialog *self,
        gboolean        mortal)
{
  g_autoptr(PenAction) last = g_list_model_get_item (pen_game_get_history (self->game),
                                                     pen_game_get_position (self->game) - 1);
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  if (mortal)
    body = g_strdup_printf ("%s\n\n%s", pen_action_get_label (last),
                            _("A Mortal Wound ends the turn at once: no more placements, "
                              "Contracts or Trials. End the turn on the Table page."));
  else
    body = g_strdup (pen_action_get_label (last));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent,
                                                       mortal ? _("Mortal Wound: the turn ends")
                                                       : pen_place_form_rolls_withstand (self->form)
                                                       ? _("The App Rolled the Contract's Threat")
                                                       : _("The App Rolled the Threat Die"),
                                                       body));
  gtk_widget_set_name (GTK_WIDGET (dialog), mortal ? "place-report-mortal-wound"
                                                   : "place-report-threat");
  adw_message_dialog_add_response (dialog, "close", _("_OK"));
  adw_message_dialog_set_default_response (dialog, "close");
  adw_message_dialog_set_close_response (dialog, "close");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  g_signal_emit (self, signals[REPORT], 0, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The placement just applied: what the table could not see is said (report ()); wounded:
 * the wizard had a Mortal Wound this turn before it, app_rolled: the app rolled the Ruins'
 * Threat die for it */
static void
report_applied (PenPlaceDialog *self,
                gboolean        wounded,
                gboolean        app_rolled)
{
  PenWizard *w = pen_table_get_wizard (pen_game_get_table (self->game), self->wizard);
  gboolean mortal;

  if (w == NULL)
    return;
  mortal = !wounded && pen_wizard_get_mortal_wound_this_turn (w);
  if (mortal || app_rolled)
    report (self, mortal);
}

static gboolean settle_cb (gpointer data);

/* Closing only hides the dialog (hide-on-close, for a refused Place): once answered, it goes.
 * One still shown was answered by its caller (adw_message_dialog_response ()), who closes it */
static gboolean
close_cb (gpointer data)
{
  PenPlaceDialog *self = data;

  self->close_idle = 0;
  if (!gtk_widget_get_visible (GTK_WIDGET (self)))
    gtk_window_destroy (GTK_WINDOW (self));
  return G_SOURCE_REMOVE;
}

static void
pending_destroyed_cb (PenPlaceDialog *self)
{
  /* an override's answer is submitted after its dialog is gone: settled once it is done */
  if (self->settle_idle == 0)
    self->settle_idle = g_idle_add (settle_cb, self);
}

/* Waiting for the window that asks about the placement (the refusal, the dice): applied, the
 * dialog goes; still to answer, it waits for the next window; cancelled (play finding W3, "bad
 * input loses nothing"), the dialog is back as it was, to pick another place */
static gboolean
settle_cb (gpointer data)
{
  PenPlaceDialog *self = data;
  g_autoptr(GList) toplevels = NULL;

  self->settle_idle = 0;
  if (pen_game_get_position (self->game) != self->waiting_position)
    {
      /* applied through "Do It Anyway" or the dice asked: said as a placement applied at once
       * is (the Threat die the app rolled, a Mortal Wound) */
      if (pen_game_get_position (self->game) == self->waiting_position + 1)
        report_applied (self, self->waiting_wounded, self->waiting_rolls);
      return close_cb (self);
    }
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (l->data != (gpointer) self && gtk_widget_get_visible (l->data)
        && !g_ptr_array_find (self->before, l->data, NULL))
      {
        g_ptr_array_add (self->before, l->data);
        g_signal_connect_object (l->data, "destroy", G_CALLBACK (pending_destroyed_cb), self,
                                 G_CONNECT_SWAPPED);
        return G_SOURCE_REMOVE;
      }
  gtk_window_present (GTK_WINDOW (self));
  return G_SOURCE_REMOVE;
}

static void
pen_place_dialog_response (AdwMessageDialog *dialog,
                           const char       *response)
{
  PenPlaceDialog *self = PEN_PLACE_DIALOG (dialog);
  gboolean keep = FALSE;

  if (g_strcmp0 (response, "place") == 0 && pen_place_form_get_complete (self->form))
    {
      g_autoptr(PenAction) action = pen_place_form_build_action (self->form);
      PenTable *table = pen_game_get_table (self->game);
      PenWizard *w = pen_table_get_wizard (table, self->wizard);
      gboolean wounded = w != NULL && pen_wizard_get_mortal_wound_this_turn (w);
      guint position = pen_game_get_position (self->game);
      /* the Ruins' Threat die, when no one at the table saw it rolled */
      gboolean app_rolled = (pen_place_form_rolls_ruins_threat (self->form)
                             || pen_place_form_rolls_withstand (self->form))
                            && !pen_table_get_table_rolls (table);

      g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

      /* the windows there are before: a refusal's or the dice's is a new one */
      g_ptr_array_set_size (self->before, 0);
      for (GList *l = toplevels; l != NULL; l = l->next)
        if (l->data != (gpointer) self)
          g_ptr_array_add (self->before, l->data);
      g_object_ref (self);
      g_signal_emit (self, signals[SUBMIT], 0, action);
      /* applied at once (not waiting for the table to overrule a refusal) */
      if (pen_game_get_position (self->game) == position + 1)
        report_applied (self, wounded, app_rolled);
      else if (pen_game_get_position (self->game) == position)
        {
          /* not applied yet: hidden (hide-on-close), kept until the table has answered */
          keep = TRUE;
          self->waiting_position = position;
          self->waiting_wounded = wounded;
          self->waiting_rolls = app_rolled;
          pending_destroyed_cb (self);
        }
      g_object_unref (self);
    }
  if (ADW_MESSAGE_DIALOG_CLASS (pen_place_dialog_parent_class)->response != NULL)
    ADW_MESSAGE_DIALOG_CLASS (pen_place_dialog_parent_class)->response (dialog, response);
  if (!keep && self->close_idle == 0)
    self->close_idle = g_idle_add (close_cb, self);
}

static void
pen_place_dialog_dispose (GObject *object)
{
  PenPlaceDialog *self = PEN_PLACE_DIALOG (object);

  g_clear_handle_id (&self->settle_idle, g_source_remove);
  g_clear_handle_id (&self->close_idle, g_source_remove);
  g_clear_pointer (&self->before, g_ptr_array_unref);
  if (self->in_view_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->in_view_tick);
  self->in_view_tick = 0;
  g_clear_object (&self->form);
  g_clear_object (&self->questions);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (pen_place_dialog_parent_class)->dispose (object);
}

static void
pen_place_dialog_class_init (PenPlaceDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);

  object_class->dispose = pen_place_dialog_dispose;
  dialog_class->response = pen_place_dialog_response;

  /* The place action: for the window to submit */
  signals[SUBMIT] = g_signal_new ("submit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_ACTION);
  /* The message saying what happened (an AdwMessageDialog), as it is shown */
  signals[REPORT] = g_signal_new ("report", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, ADW_TYPE_MESSAGE_DIALOG);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-place-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PenPlaceDialog, sections_list);
  gtk_widget_class_bind_template_child (widget_class, PenPlaceDialog, questions_list);
  gtk_widget_class_bind_template_child (widget_class, PenPlaceDialog, sections_scroller);
  gtk_widget_class_bind_template_child (widget_class, PenPlaceDialog, questions_scroller);
  gtk_widget_class_bind_template_child (widget_class, PenPlaceDialog, size_clamp);
  gtk_widget_class_bind_template_child (widget_class, PenPlaceDialog, content_box);
  gtk_widget_class_bind_template_child (widget_class, PenPlaceDialog, problem_label);
  gtk_widget_class_bind_template_child (widget_class, PenPlaceDialog, note_label);
  gtk_widget_class_bind_template_child (widget_class, PenPlaceDialog, name_contract);
  gtk_widget_class_bind_template_child (widget_class, PenPlaceDialog, bribe);
  gtk_widget_class_bind_template_child (widget_class, PenPlaceDialog, resource_faces);
  gtk_widget_class_bind_template_callback (widget_class, name_contract_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, bribe_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, resource_faces_clicked_cb);
}

static void
pen_place_dialog_init (PenPlaceDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_widget_keep_scroll_still (GTK_WIDGET (self));
  self->questions = gtk_string_list_new (NULL);
  self->before = g_ptr_array_new ();
  /* closing hides: a refused Place keeps the dialog for the table to come back to (W3) */
  gtk_window_set_hide_on_close (GTK_WINDOW (self), TRUE);
  gtk_list_box_bind_model (self->questions_list, G_LIST_MODEL (self->questions),
                           create_question_row, self, NULL);
}

PenPlaceDialog *
pen_place_dialog_new (GtkWindow  *parent,
                      PenGame    *game,
                      guint       wizard,
                      guint       index,
                      GError    **error)
{
  g_autoptr(PenPlaceForm) form = NULL;
  g_autoptr(GtkStringList) sections = NULL;
  g_autofree char *heading = NULL;
  PenPlaceDialog *self;
  const char * const *open;

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);

  form = pen_place_form_new (pen_game_get_table (game), wizard, index, error);
  if (form == NULL)
    return NULL;
  if (pen_table_get_physical (pen_game_get_table (game)))
    {
      g_autoptr(GPtrArray) draws = pen_tu_drawable_contracts (game, pen_game_get_table (game));

      g_ptr_array_add (draws, NULL);
      pen_place_form_set_contract_draws (form, (const char * const *) draws->pdata);
    }
  open = pen_place_form_get_sections (form);

  heading = g_strdup_printf (_("Place %s %u"),
                             pen_color_get_die_name (pen_place_form_get_color (form)),
                             pen_place_form_get_value (form));
  self = g_object_new (PEN_TYPE_PLACE_DIALOG,
                       "transient-for", parent,
                       "heading", heading,
                       "body", open[0] != NULL
                               ? _("Where does it go? Only the places it may take now are "
                                   "offered; the place's effect is applied in the same step.")
                               : _("This die may go nowhere now: every place that takes it "
                                   "is taken."),
                       NULL);
  self->form = g_steal_pointer (&form);
  self->game = g_object_ref (game);
  self->wizard = wizard;
  g_signal_connect_object (self->form, "notify::complete", G_CALLBACK (complete_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->form, "questions-changed", G_CALLBACK (questions_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::position", G_CALLBACK (position_cb), self,
                           G_CONNECT_SWAPPED);

  sections = gtk_string_list_new (open);
  gtk_list_box_bind_model (self->sections_list, G_LIST_MODEL (sections), create_section_row,
                           self, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->sections_list), open[0] != NULL);
  fix_size (self);
  /* a window resized with the dialog open: the dialog follows, and stays within it */
  if (parent != NULL)
    {
      g_signal_connect_object (parent, "notify::default-width", G_CALLBACK (fix_size), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (parent, "notify::default-height", G_CALLBACK (fix_size), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (parent, "notify::maximized", G_CALLBACK (fix_size), self,
                               G_CONNECT_SWAPPED);
    }
  complete_cb (self);
  return self;
}
