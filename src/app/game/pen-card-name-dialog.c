/* pen-card-name-dialog.c: the table says what a face-up card is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-box.h"
#include "pen-card-name-dialog.h"
#include "pen-catalog.h"
#include "pen-override-dialog.h"
#include "pen-printed-task.h"
#include "pen-symbol-picker.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

struct _PenCardNameDialog
{
  AdwMessageDialog  parent_instance;

  PenGame          *game;
  char             *card;
  gboolean          placeholder;
  GPtrArray        *choices;      /* char *: catalogue ids, in the picker's order after "—" */
  GtkWidget        *rows;         /* the list of the name and the numbers */
  GtkWidget        *name_picker_row;
  GtkDropDown      *name_picker;
  GtkWidget        *name_entry;   /* AdwEntryRow */
  GtkWidget        *fields[6];    /* AdwEntryRow, as number_fields */
  GtkWidget        *symbols_label;
  PenSymbolPicker  *symbols;
  gboolean          ask_symbols;
  gboolean          fields_shown;
  PenCard          *shown;        /* the card whose known numbers the fields show (unowned) */
  GtkLabel         *reason;       /* why the answer cannot be sent, when a rule says so */
  int               required_difficulty;  /* pen_box_required_difficulty, 0: any */
  PenPrintedTask   *printed_task; /* a Contract's task and reward */
  gboolean          ask_task;
};

G_DEFINE_FINAL_TYPE (PenCardNameDialog, pen_card_name_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum {
  SUBMIT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The numbers printed on a card of each type that the score and the rules read */
static const struct
{
  const char *field;   /* also the id of its entry row in the template */
  guint       types;   /* mask of 1 << PenCardType */
  int         max;
} number_fields[] = {
  { "difficulty", 1u << PEN_CARD_TRIAL | 1u << PEN_CARD_CONTRACT, 4 },
  { "threat", 1u << PEN_CARD_TRIAL, 30 },
  { "vp", 1u << PEN_CARD_TRIAL | 1u << PEN_CARD_CONTRACT | 1u << PEN_CARD_ARTIFACT
          | 1u << PEN_CARD_TOME, 20 },
  /* a Trial's: what passing it by that path brings (Contracts and Trials › Light and Darkness) */
  { "light", 1u << PEN_CARD_TRIAL | 1u << PEN_CARD_CONTRACT, 10 },
  { "dark", 1u << PEN_CARD_TRIAL | 1u << PEN_CARD_CONTRACT, 10 },
  /* a Discipline card's (a Class gives one): the Arcana its cost takes when it is used */
  { "arcana_cost", 1u << PEN_CARD_DISCIPLINE | 1u << PEN_CARD_SPELL | 1u << PEN_CARD_PET,
    PEN_INGREDIENT_CAP },
};

G_STATIC_ASSERT (G_N_ELEMENTS (number_fields) == 6);

PenPrintedTask *
pen_card_name_dialog_get_printed_task (PenCardNameDialog *self)
{
  g_return_val_if_fail (PEN_IS_CARD_NAME_DIALOG (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->printed_task)) ? self->printed_task : NULL;
}

GtkLabel *
pen_card_name_dialog_get_reason (PenCardNameDialog *self)
{
  g_return_val_if_fail (PEN_IS_CARD_NAME_DIALOG (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->reason)) ? self->reason : NULL;
}

/* The entry row of a number the card still lacks, or NULL */
static GtkEditable *
field_entry (PenCardNameDialog *self,
             const char        *field)
{
  for (guint i = 0; i < G_N_ELEMENTS (number_fields); i++)
    if (g_strcmp0 (number_fields[i].field, field) == 0)
      return gtk_widget_get_visible (self->fields[i]) ? GTK_EDITABLE (self->fields[i]) : NULL;
  return NULL;
}

#define SYMBOL_TYPES (1u << PEN_CARD_TRIAL | 1u << PEN_CARD_CONTRACT | 1u << PEN_CARD_ARTIFACT \
                      | 1u << PEN_CARD_TOME)

GtkDropDown *
pen_card_name_dialog_get_name_picker (PenCardNameDialog *self)
{
  g_return_val_if_fail (PEN_IS_CARD_NAME_DIALOG (self), NULL);
  return self->name_picker;
}

GtkEditable *
pen_card_name_dialog_get_name_entry (PenCardNameDialog *self)
{
  g_return_val_if_fail (PEN_IS_CARD_NAME_DIALOG (self), NULL);
  return self->placeholder ? GTK_EDITABLE (self->name_entry) : NULL;
}

GtkEditable *
pen_card_name_dialog_get_field (PenCardNameDialog *self,
                                const char        *field)
{
  g_return_val_if_fail (PEN_IS_CARD_NAME_DIALOG (self), NULL);
  return field_entry (self, field);
}

GtkToggleButton *
pen_card_name_dialog_get_symbol (PenCardNameDialog *self,
                                 const char        *symbol)
{
  g_return_val_if_fail (PEN_IS_CARD_NAME_DIALOG (self), NULL);
  if (!self->ask_symbols)
    return NULL;
  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    if (g_strcmp0 (pen_symbol_to_string (s), symbol) == 0)
      return pen_symbol_picker_get_toggle (self->symbols, s);
  return NULL;
}

const char *
pen_card_name_dialog_get_choice (PenCardNameDialog *self,
                                 guint              i)
{
  g_return_val_if_fail (PEN_IS_CARD_NAME_DIALOG (self), NULL);
  return i >= 1 && i <= self->choices->len ? g_ptr_array_index (self->choices, i - 1) : NULL;
}

/* -1: empty (not said), -2: not a number in range */
static int
field_value (PenCardNameDialog *self,
             const char        *field,
             int                max)
{
  GtkEditable *entry = field_entry (self, field);
  const char *text = entry ? gtk_editable_get_text (entry) : "";
  guint64 v;

  if (text[0] == '\0')
    return -1;
  if (!g_ascii_string_to_unsigned (text, 10, 0, max, &v, NULL))
    return -2;
  return (int) v;
}

/* Why the Difficulty typed cannot be this card's, or NULL: where it came from tells it (the
 * starting row's Trials are of Difficulty 1, a stack of a deck built by the rules holds one
 * difficulty). Transfer full. */
static char *
difficulty_reason (PenCardNameDialog *self)
{
  int typed = field_value (self, "difficulty", 4);

  if (self->required_difficulty <= 0 || typed < 0
      || !gtk_editable_get_editable (GTK_EDITABLE (self->fields[0])))
    return NULL;
  if (typed == self->required_difficulty)
    return NULL;
  if (self->required_difficulty == 1)
    return g_strdup (_("The Trials of the starting row are of Difficulty 1."));
  return g_strdup_printf (_("This card came from the Fate deck’s Difficulty %d stack: its "
                            "Trials are of Difficulty %d."), self->required_difficulty,
                          self->required_difficulty);
}

static PenCard *target_card (PenCardNameDialog *self);

/* A Contract's task and reward are asked while the card it is named as lacks them */
static gboolean
task_asked (PenCardNameDialog *self)
{
  PenCard *target;

  if (!self->ask_task)
    return FALSE;
  target = target_card (self);
  return target == NULL || !pen_card_is_known (target, "task");
}

/* Whether the answer is whole enough to send; an unknown number may stay unsaid */
static gboolean
answer_ok (PenCardNameDialog *self)
{
  if (self->placeholder)
    {
      guint sel = gtk_drop_down_get_selected (self->name_picker);

      if (sel == 0 || sel == GTK_INVALID_LIST_POSITION)
        return FALSE;
      if (sel == self->choices->len + 1)
        {
          g_autofree char *name = g_strdup (gtk_editable_get_text (
                                    GTK_EDITABLE (self->name_entry)));

          if (g_strstrip (name)[0] == '\0')
            return FALSE;
        }
    }
  /* the numbers shown as printed are not the table's to check */
  for (guint i = 0; i < G_N_ELEMENTS (number_fields); i++)
    if (gtk_editable_get_editable (GTK_EDITABLE (self->fields[i]))
        && field_value (self, number_fields[i].field, number_fields[i].max) == -2)
      return FALSE;
  /* a Difficulty its place cannot hold is shown with the reason, and sent all the same: the
   * core refuses it by rule stack-difficulty, and the table may do it anyway */
  return !task_asked (self) || pen_printed_task_get_valid (self->printed_task);
}

/* Why a number typed turns Save off, said on its row and under the rows (play finding Y4: a
 * Darkness of 11 turned Save off with nothing to say why), or NULL. Transfer full. */
static char *
range_reason (PenCardNameDialog *self)
{
  GString *out = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (number_fields); i++)
    {
      gboolean bad = gtk_widget_get_visible (self->fields[i])
                     && gtk_editable_get_editable (GTK_EDITABLE (self->fields[i]))
                     && field_value (self, number_fields[i].field, number_fields[i].max) == -2;

      if (bad)
        {
          /* Translators: under the numbers of a card, for one out of range: "Darkness: a
           * number from 0 to 10." */
          g_autofree char *line = g_strdup_printf (_("%s: a number from 0 to %d."),
                                                   adw_preferences_row_get_title (
                                                     ADW_PREFERENCES_ROW (self->fields[i])),
                                                   number_fields[i].max);

          if (out == NULL)
            out = g_string_new (line);
          else
            g_string_append_printf (out, "\n%s", line);
          gtk_widget_add_css_class (self->fields[i], "error");
        }
      else
        gtk_widget_remove_css_class (self->fields[i], "error");
    }
  return out != NULL ? g_string_free (out, FALSE) : NULL;
}

/* A name typed that the catalogue knows for a card this one can no longer be (face up, in
 * play, out of the game): said under the rows; "Name It" sends it for the core to refuse by
 * rule card-still-possible, as a name the picker never offers (play finding Z7). Transfer
 * full. */
static char *
known_name_reason (PenCardNameDialog *self)
{
  g_autofree char *id = NULL;

  if (!self->placeholder
      || gtk_drop_down_get_selected (self->name_picker) != self->choices->len + 1)
    return NULL;
  id = pen_box_known_card_named (pen_catalog_get_default (), self->card,
                                 gtk_editable_get_text (GTK_EDITABLE (self->name_entry)));
  if (id == NULL
      || g_ptr_array_find_with_equal_func (self->choices, id, g_str_equal, NULL))
    return NULL;
  /* Translators: under a name typed for a card turned up: "Lost Hut cannot be this card: …" */
  return g_strdup_printf (_("%s cannot be this card: the box has one of each, and that one is "
                            "elsewhere on the table or out of the game."),
                          pen_turn_card_name (id));
}

static void update_fields (PenCardNameDialog *self);

static void
update_cb (PenCardNameDialog *self)
{
  g_autofree char *reason = NULL;
  g_autofree char *range = NULL;
  g_autofree char *difficulty = NULL;
  g_autofree char *known = NULL;
  GString *why = NULL;

  update_fields (self);
  range = range_reason (self);
  difficulty = difficulty_reason (self);
  known = known_name_reason (self);
  for (guint i = 0; i < 3; i++)
    {
      const char *line = i == 0 ? known : i == 1 ? range : difficulty;

      if (line == NULL)
        continue;
      if (why == NULL)
        why = g_string_new (line);
      else
        g_string_append_printf (why, "\n%s", line);
    }
  reason = why != NULL ? g_string_free (why, FALSE) : NULL;
  gtk_label_set_label (self->reason, reason ? reason : "");
  gtk_widget_set_visible (GTK_WIDGET (self->reason), reason != NULL);
  if (self->placeholder)
    gtk_widget_set_visible (self->name_entry, gtk_drop_down_get_selected (self->name_picker)
                                               == self->choices->len + 1);
  /* a list with no row shown is an empty box above the form (play findings S3, V3, Z4) */
  {
    gboolean any = FALSE;

    for (GtkWidget *row = gtk_widget_get_first_child (self->rows); row != NULL && !any;
         row = gtk_widget_get_next_sibling (row))
      any = gtk_widget_get_visible (row);
    gtk_widget_set_visible (self->rows, any);
  }
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "name", answer_ok (self));
}

/* The catalogue card the answer is about: the one picked for a placeholder (NULL while none
 * is, or for a typed name), else the card itself */
static PenCard *
target_card (PenCardNameDialog *self)
{
  PenCatalog *catalog = pen_catalog_get_default ();
  guint sel;

  if (!self->placeholder)
    return pen_catalog_lookup (catalog, self->card);
  sel = gtk_drop_down_get_selected (self->name_picker);
  if (sel == self->choices->len + 1)
    {
      /* a name typed that the catalogue knows is that card (play finding Z7) */
      g_autofree char *id = pen_box_known_card_named (catalog, self->card,
                                                      gtk_editable_get_text (
                                                        GTK_EDITABLE (self->name_entry)));

      return id != NULL ? pen_catalog_lookup (catalog, id) : NULL;
    }
  if (sel == 0 || sel == GTK_INVALID_LIST_POSITION || sel > self->choices->len)
    return NULL;
  return pen_catalog_lookup (catalog, g_ptr_array_index (self->choices, sel - 1));
}

/* The numbers the catalogue knows for the card picked are shown as printed and not asked;
 * the others are blank to type in. Nothing is ever made up. */
static void
update_fields (PenCardNameDialog *self)
{
  PenCard *target;

  if (self->card == NULL)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->printed_task), task_asked (self));
  target = target_card (self);
  /* typing in a field changes nothing here; picking another card does */
  if (self->fields_shown && target == self->shown)
    return;
  self->fields_shown = TRUE;
  self->shown = target;

  for (guint i = 0; i < G_N_ELEMENTS (number_fields); i++)
    {
      GtkEditable *entry = GTK_EDITABLE (self->fields[i]);
      gboolean known = target != NULL && pen_card_is_known (target, number_fields[i].field);

      if (known)
        {
          g_autofree char *text = NULL;
          int v = 0;

          g_object_get (target, number_fields[i].field, &v, NULL);
          text = g_strdup_printf ("%d", v);
          gtk_editable_set_text (entry, text);
        }
      else if (!gtk_editable_get_editable (entry))
        gtk_editable_set_text (entry, "");
      gtk_editable_set_editable (entry, !known);
      gtk_widget_set_sensitive (self->fields[i], !known);
    }
  if (self->ask_symbols)
    {
      gboolean known = target != NULL && pen_card_is_known (target, "symbols");

      for (guint s = 0; s < PEN_N_SYMBOLS; s++)
        {
          GtkToggleButton *t = pen_symbol_picker_get_toggle (self->symbols, s);

          if (known)
            gtk_toggle_button_set_active (t, pen_card_count_symbol (target, s) > 0);
          else if (!gtk_widget_get_sensitive (GTK_WIDGET (t)))
            gtk_toggle_button_set_active (t, FALSE);
          gtk_widget_set_sensitive (GTK_WIDGET (t), !known);
        }
    }
}

static PenAction *
build_action (PenCardNameDialog *self)
{
  PenCardNumbers numbers = PEN_CARD_NUMBERS_INIT;
  g_autofree char *typed = NULL;
  const char *as = NULL;

  if (self->placeholder)
    {
      guint sel = gtk_drop_down_get_selected (self->name_picker);

      if (sel <= self->choices->len)
        as = g_ptr_array_index (self->choices, sel - 1);
      else
        typed = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entry)));
    }
  /* only what the table typed: the numbers shown as printed are the catalogue's already */
  for (guint i = 0; i < G_N_ELEMENTS (number_fields); i++)
    if (gtk_editable_get_editable (GTK_EDITABLE (self->fields[i])))
      *pen_card_numbers_at (&numbers, number_fields[i].field)
        = MAX (field_value (self, number_fields[i].field, number_fields[i].max), -1);
  if (self->ask_symbols && pen_symbol_picker_get_any (self->symbols)
      && gtk_widget_get_sensitive (GTK_WIDGET (pen_symbol_picker_get_toggle (self->symbols, 0))))
    {
      numbers.symbols_said = TRUE;
      for (guint s = 0; s < PEN_N_SYMBOLS; s++)
        if (gtk_toggle_button_get_active (pen_symbol_picker_get_toggle (self->symbols, s)))
          numbers.symbols |= 1u << s;
    }
  if (task_asked (self) && pen_printed_task_get_said (self->printed_task))
    {
      numbers.task = pen_printed_task_get_task (self->printed_task);
      pen_printed_task_get_reward (self->printed_task, &numbers.reward);
    }
  /* a named card of which the table said nothing: nothing to remember */
  if (!self->placeholder && !numbers.symbols_said && numbers.task == NULL)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (number_fields); i++)
        any |= *pen_card_numbers_at (&numbers, number_fields[i].field) >= 0;
      if (!any)
        return NULL;
    }
  return pen_box_name_action (self->card, as, typed, &numbers);
}

static void
pen_card_name_dialog_response (AdwMessageDialog *dialog,
                               const char       *response)
{
  PenCardNameDialog *self = PEN_CARD_NAME_DIALOG (dialog);

  if (g_strcmp0 (response, "name") == 0 && answer_ok (self))
    {
      g_autoptr(PenAction) action = build_action (self);

      if (action != NULL)
        g_signal_emit (self, signals[SUBMIT], 0, action);
    }
  if (ADW_MESSAGE_DIALOG_CLASS (pen_card_name_dialog_parent_class)->response != NULL)
    ADW_MESSAGE_DIALOG_CLASS (pen_card_name_dialog_parent_class)->response (dialog, response);
}

static void
pen_card_name_dialog_dispose (GObject *object)
{
  PenCardNameDialog *self = PEN_CARD_NAME_DIALOG (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->card, g_free);
  g_clear_pointer (&self->choices, g_ptr_array_unref);

  G_OBJECT_CLASS (pen_card_name_dialog_parent_class)->dispose (object);
}

static void
pen_card_name_dialog_class_init (PenCardNameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);

  object_class->dispose = pen_card_name_dialog_dispose;
  dialog_class->response = pen_card_name_dialog_response;

  g_type_ensure (PEN_TYPE_SYMBOL_PICKER);
  g_type_ensure (PEN_TYPE_PRINTED_TASK);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-card-name-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PenCardNameDialog, rows);
  gtk_widget_class_bind_template_child (widget_class, PenCardNameDialog, name_picker_row);
  gtk_widget_class_bind_template_child (widget_class, PenCardNameDialog, name_picker);
  gtk_widget_class_bind_template_child (widget_class, PenCardNameDialog, name_entry);
  gtk_widget_class_bind_template_child (widget_class, PenCardNameDialog, symbols_label);
  gtk_widget_class_bind_template_child (widget_class, PenCardNameDialog, symbols);
  gtk_widget_class_bind_template_child (widget_class, PenCardNameDialog, reason);
  gtk_widget_class_bind_template_child (widget_class, PenCardNameDialog, printed_task);
  for (guint i = 0; i < G_N_ELEMENTS (number_fields); i++)
    gtk_widget_class_bind_template_child_full (widget_class, number_fields[i].field, FALSE,
                                               G_STRUCT_OFFSET (PenCardNameDialog, fields)
                                               + i * sizeof (GtkWidget *));
  gtk_widget_class_bind_template_callback (widget_class, update_cb);

  /* The card-identify action: for the window to submit */
  signals[SUBMIT] = g_signal_new ("submit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_ACTION);
}

/* The focus starts in the first field to fill (the picker, else the first number asked), not
 * on the row that holds the picker, where Space does nothing */
static void
focus_first_field_cb (PenCardNameDialog *self)
{
  GtkWidget *first = NULL;

  if (gtk_widget_get_visible (self->name_picker_row))
    first = GTK_WIDGET (self->name_picker);
  else if (gtk_widget_get_visible (self->name_entry))
    first = self->name_entry;
  for (guint i = 0; first == NULL && i < G_N_ELEMENTS (self->fields); i++)
    if (gtk_widget_get_visible (self->fields[i])
        && gtk_editable_get_editable (GTK_EDITABLE (self->fields[i])))
      first = self->fields[i];
  if (first != NULL)
    gtk_widget_grab_focus (first);
}

static void
pen_card_name_dialog_init (PenCardNameDialog *self)
{
  self->choices = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_widget_keep_scroll_still (GTK_WIDGET (self));
  pen_drop_down_search_keys (self->name_picker);
  g_signal_connect_after (self, "map", G_CALLBACK (focus_first_field_cb), NULL);
  /* a long name cut on the button: the sheet stays within a phone's window (E4) */
  pen_drop_down_fit (self->name_picker);
}

static int
by_name (gconstpointer a,
         gconstpointer b)
{
  return g_utf8_collate (pen_turn_card_name (*(const char **) a),
                         pen_turn_card_name (*(const char **) b));
}

/* The cards it may be: named ones neither face up elsewhere nor out of the game */
/* The heading for an unnamed card that lies on no row or market (a card taken, in play):
 * "What Is Contract ? of 36?" read badly (play finding Y8), and "What Is Discipline card 3 of
 * 96?" said nothing at a table (B1) */
static const char *
unnumbered_heading (PenCardType type)
{
  switch (type)
    {
    case PEN_CARD_TRIAL: return _("Which Trial Is This?");
    case PEN_CARD_CONTRACT: return _("Which Contract Is This?");
    case PEN_CARD_EVENT: return _("Which Event Is This?");
    case PEN_CARD_PROPHECY: return _("Which Prophecy Is This?");
    case PEN_CARD_GOAL: return _("Which Goal Is This?");
    case PEN_CARD_TALENT: return _("Which Talent Is This?");
    case PEN_CARD_POTION: return _("Which Potion Is This?");
    case PEN_CARD_ARTIFACT: return _("Which Artifact Is This?");
    case PEN_CARD_MORTAL_WOUND: return _("Which Mortal Wound Is This?");
    case PEN_CARD_DISCIPLINE: return _("Which Discipline Card Is This?");
    case PEN_CARD_SPELL:
    case PEN_CARD_PET:
    case PEN_CARD_TOME:
    case PEN_N_CARD_TYPES:
    default:
      return _("Which Card Is This?");
    }
}

static void
fill_name_picker (PenCardNameDialog *self)
{
  g_autoptr(GPtrArray) possible = pen_box_list_names_for (self->game, self->card);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  for (guint i = 0; i < possible->len; i++)
    g_ptr_array_add (self->choices, g_strdup (g_ptr_array_index (possible, i)));
  g_ptr_array_sort (self->choices, by_name);
  gtk_string_list_append (names, _("Choose…"));
  for (guint i = 0; i < self->choices->len; i++)
    gtk_string_list_append (names, pen_turn_card_name (g_ptr_array_index (self->choices, i)));
  gtk_string_list_append (names, _("Another card: name it"));

  gtk_drop_down_set_model (self->name_picker, G_LIST_MODEL (names));
  gtk_drop_down_set_enable_search (self->name_picker, self->choices->len > 8);
  gtk_drop_down_set_selected (self->name_picker, 0);
  gtk_widget_set_visible (self->name_picker_row, TRUE);
}

/* ---- At most one naming sheet at a time (play finding Z8) ----
 *
 * The sheets the app opens by itself (a card turned up at a turn's end, the Rival's Trial,
 * a number the next step needs) wait in one queue, and each waits while another sheet is
 * open over the table (another naming sheet, a refusal's "Do It Anyway"): two were open
 * at once when the Rival's turn both refilled the Guild and passed a Trial. */

static GQueue    waiting = G_QUEUE_INIT;  /* PenCardNameDialog, a reference each */
static GtkWindow *showing;                /* weak: the queued sheet open now */
static GtkWindow *blocker;                /* weak: the other sheet it waits for */
static guint     next_id;

static gboolean present_next_idle (gpointer data);

static void
gone_cb (GtkWidget *window)
{
  if ((GtkWindow *) window == showing)
    g_clear_weak_pointer (&showing);
  if ((GtkWindow *) window == blocker)
    g_clear_weak_pointer (&blocker);
  if (next_id == 0 && !g_queue_is_empty (&waiting))
    next_id = g_idle_add (present_next_idle, NULL);
}

/* Another sheet open over the table that a naming sheet would cover: another naming sheet,
 * a refusal's "Do It Anyway" (the place dialog is not one: a card a Class gave is named over
 * it) */
static GtkWindow *
open_sheet (void)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    {
      GtkWindow *w = l->data;

      if (gtk_widget_get_visible (GTK_WIDGET (w))
          && (PEN_IS_CARD_NAME_DIALOG (w) || PEN_IS_OVERRIDE_DIALOG (w)))
        return w;
    }
  return NULL;
}

static void
present_next (void)
{
  PenCardNameDialog *next;
  GtkWindow *other;

  if (showing != NULL || g_queue_is_empty (&waiting))
    return;
  other = open_sheet ();
  if (other != NULL)
    {
      if (other != blocker)
        {
          g_set_weak_pointer (&blocker, other);
          g_signal_connect (other, "hide", G_CALLBACK (gone_cb), NULL);
          g_signal_connect (other, "destroy", G_CALLBACK (gone_cb), NULL);
        }
      return;
    }
  next = g_queue_pop_head (&waiting);
  g_set_weak_pointer (&showing, GTK_WINDOW (next));
  g_signal_connect (next, "hide", G_CALLBACK (gone_cb), NULL);
  g_signal_connect (next, "destroy", G_CALLBACK (gone_cb), NULL);
  gtk_window_present (GTK_WINDOW (next));
  g_object_unref (next);
}

static gboolean
present_next_idle (gpointer data)
{
  next_id = 0;
  present_next ();
  return G_SOURCE_REMOVE;
}

/* a sheet destroyed while it waits (its window closed) leaves the queue */
static void
waiting_destroy_cb (GtkWidget *dialog)
{
  if (g_queue_remove (&waiting, dialog))
    g_object_unref (dialog);
}

void
pen_card_name_dialog_present_queued (PenCardNameDialog *self,
                                     gboolean           first)
{
  g_return_if_fail (PEN_IS_CARD_NAME_DIALOG (self));

  if (first)
    g_queue_push_head (&waiting, g_object_ref (self));
  else
    g_queue_push_tail (&waiting, g_object_ref (self));
  /* a window closed while its sheet waits takes the sheet with it */
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
  g_signal_connect (self, "destroy", G_CALLBACK (waiting_destroy_cb), NULL);
  /* once every handler of the move that asks has queued its sheet: the first comes first */
  if (next_id == 0)
    next_id = g_idle_add (present_next_idle, NULL);
}

const char *
pen_card_name_dialog_get_card (PenCardNameDialog *self)
{
  g_return_val_if_fail (PEN_IS_CARD_NAME_DIALOG (self), NULL);
  return self->card;
}

PenCardNameDialog *
pen_card_name_dialog_new (GtkWindow  *parent,
                          PenGame    *game,
                          const char *card)
{
  PenCardNameDialog *self;
  PenCard *known;
  PenCardType type;
  g_autofree char *heading = NULL;

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);
  g_return_val_if_fail (card != NULL, NULL);

  known = pen_catalog_lookup (pen_catalog_get_default (), card);
  g_return_val_if_fail (known != NULL, NULL);
  type = pen_card_get_card_type (known);

  self = g_object_new (PEN_TYPE_CARD_NAME_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->game = g_object_ref (game);
  self->card = g_strdup (card);
  self->placeholder = pen_card_is_placeholder (known);
  self->required_difficulty = pen_box_required_difficulty (game, card);

  /* which card the table is asked about: by where it lies ("Emerald Class, left card"), the
   * box's count ("Discipline card 3 of 96") saying nothing a table can pick a card up by
   * (play finding B1); one in a hand or a play area is the card just taken or revealed */
  if (!self->placeholder)
    heading = g_strdup_printf (_("Numbers on %s"), pen_turn_card_name (card));
  else
    {
      g_autofree char *where = pen_box_placeholder_where (pen_game_get_table (game), card);

      /* Translators: the naming sheet of an unnamed card, by where the table finds it:
       * "Which Card Is This: Emerald Class, left card?" */
      heading = where != NULL ? g_strdup_printf (_("Which Card Is This: %s?"), where)
                              : g_strdup (unnumbered_heading (type));
    }
  adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (self), heading);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self),
                               self->placeholder
                               ? _("Read the card out: its name and the numbers printed on it. "
                                   "The app remembers them for every later game.")
                               : _("Read out the numbers printed on the card. The app remembers "
                                   "them for every later game."));

  if (self->placeholder)
    {
      fill_name_picker (self);
      adw_message_dialog_set_response_label (ADW_MESSAGE_DIALOG (self), "name", _("_Name It"));
      /* the same answer as a picker's "Another Contract: name it later" (play findings V7,
       * Z8): the card waits under Cards to Name and on the end sheet */
      adw_message_dialog_set_response_label (ADW_MESSAGE_DIALOG (self), "cancel",
                                             _("Name _Later"));
    }
  for (guint i = 0; i < G_N_ELEMENTS (number_fields); i++)
    gtk_widget_set_visible (self->fields[i], (number_fields[i].types & (1u << type))
                                             && !pen_card_is_known (known, number_fields[i].field));
  self->ask_symbols = (SYMBOL_TYPES & (1u << type)) && !pen_card_is_known (known, "symbols");
  gtk_widget_set_visible (self->symbols_label, self->ask_symbols);
  gtk_widget_set_visible (GTK_WIDGET (self->symbols), self->ask_symbols);
  /* the task and reward printed on a Contract (Contracts and Trials › Tasks, Rewards) */
  self->ask_task = type == PEN_CARD_CONTRACT && !pen_card_is_known (known, "task");
  pen_printed_task_set_game (self->printed_task, game);
  g_signal_connect_object (self->printed_task, "notify::valid", G_CALLBACK (update_cb), self,
                           G_CONNECT_SWAPPED);

  update_cb (self);
  /* over the place dialog (its "Name This Contract…"): hide its Cancel / Place row */
  pen_window_cover_parent_dialog (GTK_WINDOW (self));
  return self;
}
