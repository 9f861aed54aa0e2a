/* pen-table-util.c: what the Table page's sections share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-box.h"
#include "pen-card-name-dialog.h"
#include "pen-rule.h"
#include "pen-faces-dialog.h"
#include "pen-table-util.h"
#include "pen-reward-cards-dialog.h"
#include "pen-trial-path-dialog.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

PenCard *
pen_tu_lookup (const char *id)
{
  return id != NULL ? pen_catalog_lookup (pen_catalog_get_default (), id) : NULL;
}

int
pen_tu_card_type (const char *id)
{
  PenCard *card = pen_tu_lookup (id);

  return card != NULL ? (int) pen_card_get_card_type (card) : -1;
}

const char *
pen_tu_card_text (const char *id)
{
  PenCard *card = pen_tu_lookup (id);

  return card != NULL ? pen_card_get_text (card, pen_turn_get_card_language ()) : NULL;
}

gboolean
pen_tu_is_urgent (const char *id)
{
  PenCard *card = pen_tu_lookup (id);

  return card != NULL && pen_card_get_urgent (card);
}

PenWizard *
pen_tu_current_wizard (PenTable *table)
{
  if (table == NULL || pen_table_get_n_players (table) == 0)
    return NULL;
  return pen_table_get_wizard (table, pen_table_get_current (table));
}

gboolean
pen_tu_has_reserved_trial (PenWizard *wizard)
{
  GListModel *cards = pen_wizard_get_cards (wizard);

  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);

      if (g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_RESERVED) == 0
          && pen_tu_card_type (pen_table_card_get_card_id (tc)) == PEN_CARD_TRIAL)
        return TRUE;
    }
  return FALSE;
}

/* game (may be NULL) tells the Difficulty of a Trial not named yet by the stack it came from */
char *
pen_tu_trial_summary (PenGame    *game,
                      const char *id)
{
  PenCard *card = pen_tu_lookup (id);
  g_autoptr(GString) s = g_string_new (NULL);
  int d, t, l, k;

  if (card == NULL)
    return g_strdup (_("Not in the catalogue"));
  d = pen_card_get_difficulty (card);
  t = pen_card_get_threat (card);
  l = pen_card_get_light (card);
  k = pen_card_get_dark (card);
  /* a card turned up from a stack of a Fate deck built by the rules: its stack's Difficulty */
  if (d <= 0 && game != NULL)
    d = pen_box_required_difficulty (game, id);
  if (d > 0)
    g_string_append_printf (s, _("Difficulty %d"), d);
  else
    g_string_append (s, _("Difficulty ?"));
  g_string_append (s, " · ");
  if (t >= 0)
    g_string_append_printf (s, _("Threat %d"), t);
  else
    g_string_append (s, _("Threat ?"));
  g_string_append (s, " · ");
  /* the symbols each path brings; unknown numbers are shown as "?" */
  if (l >= 0)
    g_string_append_printf (s, _("Light +%d"), l);
  else
    g_string_append (s, _("Light ?"));
  g_string_append (s, " / ");
  if (k >= 0)
    g_string_append_printf (s, _("Darkness +%d"), k);
  else
    g_string_append (s, _("Darkness ?"));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

GPtrArray *
pen_tu_list_ids (GListModel *cards)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);

      g_ptr_array_add (ids, g_strdup (pen_table_card_get_card_id (tc)));
    }
  return ids;
}

GPtrArray *
pen_tu_possible_contracts (PenTable *table)
{
  g_autoptr(GPtrArray) all = pen_catalog_list_by_type (pen_catalog_get_default (),
                                                       PEN_CARD_CONTRACT);
  g_autoptr(GHashTable) used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) row = pen_tu_list_ids (pen_table_get_contract_row (table));
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < row->len; i++)
    if (g_ptr_array_index (row, i) != NULL)
      g_hash_table_add (used, g_strdup (g_ptr_array_index (row, i)));
  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    {
      g_autoptr(GPtrArray) cards = pen_tu_list_ids (pen_wizard_get_cards (
                                                      pen_table_get_wizard (table, w)));

      for (guint i = 0; i < cards->len; i++)
        if (g_ptr_array_index (cards, i) != NULL)
          g_hash_table_add (used, g_strdup (g_ptr_array_index (cards, i)));
    }
  g_ptr_array_add (ids, NULL);   /* "none revealed" */
  for (guint i = 0; i < all->len; i++)
    {
      const char *id = pen_card_get_id (g_ptr_array_index (all, i));

      if (!g_hash_table_contains (used, id))
        g_ptr_array_add (ids, g_strdup (id));
    }
  return ids;
}

static int
by_card_name (gconstpointer a,
              gconstpointer b)
{
  return g_utf8_collate (pen_turn_card_name (*(char * const *) a),
                         pen_turn_card_name (*(char * const *) b));
}

GPtrArray *
pen_tu_drawable_contracts (PenGame  *game,
                           PenTable *table)
{
  g_autoptr(GPtrArray) candidates = NULL;
  GPtrArray *ids;
  char *another;

  if (game == NULL || !pen_table_get_physical (table))
    return pen_tu_possible_contracts (table);
  candidates = pen_draw_candidates (game, PEN_DRAW_CONTRACT);
  g_ptr_array_sort (candidates, by_card_name);
  ids = g_ptr_array_new_with_free_func (g_free);
  /* no "not known" item: the table says what it turned up, and nothing is preselected */
  for (guint i = 0; i < candidates->len; i++)
    g_ptr_array_add (ids, g_strdup (g_ptr_array_index (candidates, i)));
  if ((another = pen_draw_another (game, PEN_CARD_CONTRACT)) != NULL)
    g_ptr_array_add (ids, another);
  return ids;
}

GPtrArray *
pen_tu_market_draws (PenGame  *game,
                     PenDraw   draw)
{
  GPtrArray *ids = pen_draw_candidates (game, draw);

  g_ptr_array_sort (ids, by_card_name);
  g_ptr_array_add (ids, NULL);
  return ids;
}

static char *
fate_label (const char *id)
{
  int type = pen_tu_card_type (id);

  return g_strdup_printf ("%s (%s)", pen_turn_card_name (id),
                          type >= 0 ? pen_card_type_get_label (type) : "?");
}

GPtrArray *
pen_tu_fate_choices (PenGame       *game,
                     PenTable      *table,
                     gboolean       all,
                     GtkStringList *names,
                     guint         *preselect)
{
  g_autoptr(GPtrArray) deck = pen_tu_list_ids (pen_table_get_fate_deck (table));
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  const char *next = pen_table_get_physical (table) ? pen_table_get_fate_next (table) : NULL;
  gboolean unknown_deck = game != NULL;

  if (preselect != NULL)
    *preselect = GTK_INVALID_LIST_POSITION;
  if (next != NULL)
    {
      /* the first-game deck lies in the printed order: the table turns over its top card;
       * another is a deviation the table asks for, and the rules then ask it to confirm */
      /* Translators: the Fate card the first-game deck gives next, "Next: Aranea"; short, so
       * that the card's name stays whole on a phone */
      g_autofree char *shown = g_strdup_printf (_("Next: %s"), pen_turn_card_name (next));

      g_ptr_array_add (ids, g_strdup (next));
      gtk_string_list_append (names, shown);
      if (preselect != NULL)
        *preselect = 0;
      if (!all)
        {
          g_ptr_array_add (ids, g_strdup (""));
          gtk_string_list_append (names, _("Another card…"));
          return ids;
        }
      /* the rest in the order they lie, the deck's order being the printed one */
      for (guint i = 1; i < deck->len; i++)
        if (g_ptr_array_index (deck, i) != NULL)
          {
            g_autofree char *other = fate_label (g_ptr_array_index (deck, i));

            g_ptr_array_add (ids, g_strdup (g_ptr_array_index (deck, i)));
            gtk_string_list_append (names, other);
          }
      return ids;
    }

  for (guint i = 0; i < deck->len; i++)
    unknown_deck &= g_ptr_array_index (deck, i) == NULL;
  if (unknown_deck)
    {
      g_autoptr(GPtrArray) possible = pen_draw_candidates (game, PEN_DRAW_FATE);

      for (guint i = 0; i < possible->len; i++)
        g_ptr_array_add (ids, g_strdup (g_ptr_array_index (possible, i)));
    }
  else
    for (guint i = 0; i < deck->len; i++)
      if (g_ptr_array_index (deck, i) && g_hash_table_add (seen, g_ptr_array_index (deck, i)))
        g_ptr_array_add (ids, g_strdup (g_ptr_array_index (deck, i)));
  g_ptr_array_sort (ids, by_card_name);
  for (guint i = 0; i < ids->len; i++)
    {
      g_autofree char *label = fate_label (g_ptr_array_index (ids, i));

      gtk_string_list_append (names, label);
    }
  if (unknown_deck)
    {
      /* a Fate card the catalogue cannot name: the table says its type here, and names it
       * once up with only the names of that type still possible */
      g_autoptr(GPtrArray) others = pen_draw_another_each (game, PEN_DRAW_FATE);

      for (guint i = 0; i < others->len; i++)
        {
          const char *another = g_ptr_array_index (others, i);
          /* Translators: the last items of the Fate card picker, "… (Trial)", "… (Event)" */
          g_autofree char *label = g_strdup_printf (_("Another card: name it (%s)"),
                                                    pen_card_type_get_label (
                                                      pen_tu_card_type (another)));

          g_ptr_array_add (ids, g_strdup (another));
          gtk_string_list_append (names, label);
        }
    }
  return ids;
}

/* the item of a card the table names later: its id after this (no card id has a space) */
#define LATER "later "

static char *
card_choice_label (GtkStringObject *item,
                   const char      *id,
                   const char      *first_label)
{
  if (*id == '\0')
    return g_strdup (first_label ? first_label : "");
  if (g_str_has_prefix (id, LATER))
    return g_strdup (_("Another Contract: name it later"));
  /* a card the catalogue cannot name, for the table to name once it lies there */
  if (pen_card_id_is_placeholder (id))
    return g_strdup (_("Another card: name it"));
  return g_strdup (pen_turn_card_name (id));
}

void
pen_tu_set_card_choices (GtkDropDown *drop,
                         GPtrArray   *ids,
                         const char  *first_label)
{
  g_autoptr(GPtrArray) owned = ids;
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
  GtkExpression *id_expr = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
  g_autoptr(GtkExpression) expr = NULL;

  /* the items are the ids ("" for "none"); they show as card names */
  for (guint i = 0; i < ids->len; i++)
    gtk_string_list_append (model, g_ptr_array_index (ids, i) == NULL
                                   ? "" : g_ptr_array_index (ids, i));
  expr = gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 1, &id_expr,
                                      G_CALLBACK (card_choice_label), g_strdup (first_label),
                                      (GClosureNotify) g_free);
  gtk_drop_down_set_expression (drop, expr);
  gtk_drop_down_set_model (drop, G_LIST_MODEL (model));
  /* a list without "none" first preselects nothing: the table picks */
  gtk_drop_down_set_selected (drop, ids->len > 0 && g_ptr_array_index (ids, 0) == NULL
                                    ? 0 : GTK_INVALID_LIST_POSITION);
}

gboolean
pen_tu_card_chosen_or_none (GtkDropDown *drop)
{
  GListModel *model = gtk_drop_down_get_model (drop);

  return model == NULL || g_list_model_get_n_items (model) == 0
         || gtk_drop_down_get_selected (drop) != GTK_INVALID_LIST_POSITION;
}

const char *
pen_tu_chosen_card (GtkDropDown *drop)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (drop);
  const char *id = item != NULL ? gtk_string_object_get_string (item) : NULL;

  if (id != NULL && g_str_has_prefix (id, LATER))
    id += strlen (LATER);
  return id != NULL && *id != '\0' ? id : NULL;
}

gboolean
pen_tu_chosen_later (GtkDropDown *drop)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (drop);

  return item != NULL && g_str_has_prefix (gtk_string_object_get_string (item), LATER);
}

void
pen_tu_offer_name_later (GtkDropDown *drop)
{
  GListModel *model = gtk_drop_down_get_model (drop);
  guint n = model != NULL ? g_list_model_get_n_items (model) : 0;
  const char *last;
  g_autofree char *later = NULL;
  const char *items[2] = { NULL, NULL };
  guint selected;

  if (!GTK_IS_STRING_LIST (model) || n == 0)
    return;
  last = gtk_string_list_get_string (GTK_STRING_LIST (model), n - 1);
  if (!pen_card_id_is_placeholder (last)
      || (n >= 2 && g_str_has_prefix (gtk_string_list_get_string (GTK_STRING_LIST (model), n - 2),
                                      LATER)))
    return;
  later = g_strconcat (LATER, last, NULL);
  items[0] = later;
  selected = gtk_drop_down_get_selected (drop);
  gtk_string_list_splice (GTK_STRING_LIST (model), n - 1, 0, items);
  /* nothing preselected stays so: the table picks */
  gtk_drop_down_set_selected (drop, selected >= n - 1 && selected != GTK_INVALID_LIST_POSITION
                                    ? selected + 1 : selected);
}

PenSection *
pen_tu_section (GtkWidget *widget)
{
  GtkWidget *section = gtk_widget_get_ancestor (widget, PEN_TYPE_SECTION);

  return section != NULL ? PEN_SECTION (section) : NULL;
}

void
pen_tu_popdown (GtkWidget *widget)
{
  GtkWidget *popover = gtk_widget_get_ancestor (widget, GTK_TYPE_POPOVER);

  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
}

/* GTK keeps a popover inside the monitor, not the window: on a phone-sized window the popover
 * of a button near its right edge hung past it (play finding S1). Shift it in. */
void
pen_tu_popover_in_window (GtkPopover *popover)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (popover));
  GtkRoot *root = parent != NULL ? gtk_widget_get_root (parent) : NULL;
  graphene_rect_t bounds;
  int natural = 0;

  if (root == NULL || !gtk_widget_compute_bounds (parent, GTK_WIDGET (root), &bounds))
    return;
  gtk_widget_measure (GTK_WIDGET (popover), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural,
                      NULL, NULL);
  gtk_popover_set_offset (popover,
                          pen_popover_inward_offset (&bounds, natural,
                                                     gtk_widget_get_width (GTK_WIDGET (root))),
                          0);
}

void
pen_tu_submit (GtkWidget *widget,
               PenAction *action)
{
  g_autoptr(PenAction) owned = action;
  PenSection *section = pen_tu_section (widget);

  pen_tu_popdown (widget);
  if (section != NULL && owned != NULL)
    pen_section_submit (section, owned);
}

typedef struct
{
  PenSection     *section;   /* weak */
  PenTuThen       then;
  gpointer        data;
  GDestroyNotify  destroy;
} Pending;

static void
pending_free (gpointer  p,
              GClosure *closure)
{
  Pending *pending = p;

  g_clear_weak_pointer (&pending->section);
  if (pending->destroy != NULL)
    pending->destroy (pending->data);
  g_free (pending);
}

static void
printed_submit_cb (PenCardNameDialog *dialog,
                   PenAction         *action,
                   Pending           *pending)
{
  if (pending->section != NULL)
    pen_section_submit (pending->section, action);
}

/* connected after the class handler, which emitted "submit": the number is in by now. "Later"
 * (or Escape) goes on too, without it: the step the player tapped is not undone by a question
 * the table would rather answer at the end */
static void
printed_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     Pending          *pending)
{
  if (pending->section != NULL)
    pending->then (pending->section, pending->data);
}

static void with_printed (GtkWidget     *widget,
                          const char    *card,
                          const char    *field,
                          PenTuThen      then,
                          gpointer       data,
                          GDestroyNotify destroy,
                          gboolean       queued);

void
pen_tu_with_printed (GtkWidget     *widget,
                     const char    *card,
                     const char    *field,
                     PenTuThen      then,
                     gpointer       data,
                     GDestroyNotify destroy)
{
  with_printed (widget, card, field, then, data, destroy, FALSE);
}

void
pen_tu_with_printed_queued (GtkWidget     *widget,
                            const char    *card,
                            const char    *field,
                            PenTuThen      then,
                            gpointer       data,
                            GDestroyNotify destroy)
{
  with_printed (widget, card, field, then, data, destroy, TRUE);
}

static void
with_printed (GtkWidget     *widget,
              const char    *card,
              const char    *field,
              PenTuThen      then,
              gpointer       data,
              GDestroyNotify destroy,
              gboolean       queued)
{
  PenSection *section = pen_tu_section (widget);
  PenCard *known = pen_tu_lookup (card);
  PenGame *game = section != NULL ? pen_section_get_game (section) : NULL;
  PenCardNameDialog *dialog;
  GtkRoot *root;
  Pending *pending;

  pen_tu_popdown (widget);
  if (section == NULL || known == NULL || game == NULL || field == NULL
      || pen_card_is_known (known, field))
    {
      if (section != NULL)
        then (section, data);
      if (destroy != NULL)
        destroy (data);
      return;
    }
  root = gtk_widget_get_root (GTK_WIDGET (section));
  dialog = pen_card_name_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, game, card);
  pending = g_new0 (Pending, 1);
  g_set_weak_pointer (&pending->section, section);
  pending->then = then;
  pending->data = data;
  pending->destroy = destroy;
  g_signal_connect (dialog, "submit", G_CALLBACK (printed_submit_cb), pending);
  g_signal_connect_data (dialog, "response", G_CALLBACK (printed_response_cb), pending,
                         pending_free, G_CONNECT_AFTER);
  /* the step the player tapped asks now (nothing else can be open: the sheets are modal);
   * the Rival's Trial, asked by itself, comes one sheet at a time, before the Guild's new
   * card (play finding Z8) */
  if (queued)
    pen_card_name_dialog_present_queued (dialog, TRUE);
  else
    gtk_window_present (GTK_WINDOW (dialog));
}

static void
submit_then (PenSection *section,
             gpointer    action)
{
  pen_section_submit (section, action);
}

/* A Trial passed by a path whose task and reward the catalogue lacks */
typedef struct
{
  char      *card;
  PenPath    path;
  PenAction *action;
} PathAsk;

static void
path_ask_free (gpointer data)
{
  PathAsk *ask = data;

  g_free (ask->card);
  g_clear_object (&ask->action);
  g_free (ask);
}

/* WITHSTAND THREAT as the chosen path's task ("Roll and apply the indicated number of Threat
 * dice. The task is fulfilled if the Wizard did not receive a Mortal Wound during this Threat
 * roll"): rolled with the pass. App-dealt, the odds are said before (the task's line, as the
 * Guild's Contract note says it) and what the app rolled after; physical, the pass asks the
 * table the faces, the odds above them (PenFacesDialog) */
typedef struct
{
  PenSection *section;   /* weak */
  PenAction  *action;
} Withstand;

static void
withstand_free (gpointer  data,
                GClosure *closure)
{
  Withstand *w = data;

  g_clear_weak_pointer (&w->section);
  g_clear_object (&w->action);
  g_free (w);
}

static void
submit_withstand (PenSection *section,
                  PenAction  *action)
{
  PenGame *game = pen_section_get_game (section);
  guint position = game != NULL ? pen_game_get_position (game) : 0;
  g_autoptr(PenAction) last = NULL;
  AdwMessageDialog *dialog;
  GtkRoot *root;

  pen_section_submit (section, action);
  if (game == NULL || pen_game_get_position (game) != position + 1)
    return;
  /* what the app rolled, and whether it passed: History's words */
  last = g_list_model_get_item (pen_game_get_history (game), position);
  root = gtk_widget_get_root (GTK_WIDGET (section));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root)
                                                                          : NULL,
                                                     _("The App Rolled the Task’s Threat"),
                                                     pen_action_get_label (last)));
  gtk_widget_set_name (GTK_WIDGET (dialog), "trial-withstand-report");
  adw_message_dialog_add_response (dialog, "close", _("_OK"));
  adw_message_dialog_set_default_response (dialog, "close");
  adw_message_dialog_set_close_response (dialog, "close");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
withstand_submit_cb (PenFacesDialog *dialog,
                     PenAction      *action,
                     Withstand      *w)
{
  if (w->section != NULL)
    submit_withstand (w->section, action);
}

/* A Trial passed or a Contract fulfilled whose task is WITHSTAND THREAT: app-dealt, the odds,
 * DEFEND's Yellow dice to discard first, then "Roll and Pass" or "Roll and Fulfil"; physical,
 * the step goes on and the table is asked the faces (pen_table_submit ()) */
static void
roll_withstand (PenSection *section,
                PenAction  *action)
{
  PenTable *table = pen_section_get_table (section);
  PenGame *game = pen_section_get_game (section);
  PenFacesDialog *dialog;
  Withstand *w;
  GtkRoot *root;

  if (table == NULL || game == NULL || pen_table_get_table_rolls (table)
      || pen_action_withstand_dice (action, table, NULL) == 0)
    {
      pen_section_submit (section, action);
      return;
    }
  root = gtk_widget_get_root (GTK_WIDGET (section));
  dialog = pen_faces_dialog_new_withstand_roll (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                game, action);
  w = g_new0 (Withstand, 1);
  g_set_weak_pointer (&w->section, section);
  w->action = g_object_ref (action);
  g_signal_connect_data (dialog, "submit", G_CALLBACK (withstand_submit_cb), w,
                         withstand_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A step waiting for its reward's cards (PenRewardCardsDialog), then for then */
static void
reward_cards_submit_cb (PenRewardCardsDialog *dialog,
                        PenAction            *action,
                        Pending              *pending)
{
  if (pending->section != NULL)
    pending->then (pending->section, action);
}

void
pen_tu_ask_reward_cards (PenSection *section,
                         PenAction  *action,
                         PenTuThen   then)
{
  PenGame *game = pen_section_get_game (section);
  PenRewardCardsDialog *dialog;
  Pending *pending;
  GtkRoot *root;

  if (game == NULL || !pen_reward_cards_needed (game, action))
    {
      then (section, action);
      return;
    }
  root = gtk_widget_get_root (GTK_WIDGET (section));
  dialog = pen_reward_cards_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, game,
                                        action);
  pending = g_new0 (Pending, 1);
  g_set_weak_pointer (&pending->section, section);
  pending->then = then;
  g_signal_connect_data (dialog, "submit", G_CALLBACK (reward_cards_submit_cb), pending,
                         pending_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
roll_withstand_then (PenSection *section,
                     gpointer    action)
{
  roll_withstand (section, action);
}

/* Contracts and Trials › Rewards › Cards ("Gain any Artifact from the Shop market or from the
 * top of the Artifact deck"): the pass asks which card each of the path's reward cards is,
 * then goes on through roll_withstand () (play finding E2, session 14) */
static void
pass_trial (PenSection *section,
            PenAction  *action)
{
  pen_tu_ask_reward_cards (section, action, roll_withstand_then);
}

/* The Trial path dialog's steps: the naming as it is, the pass through pass_trial () */
static void
path_submit_cb (PenTrialPathDialog *dialog,
                PenAction          *action,
                PenSection         *section)
{
  if (g_str_equal (pen_action_get_kind (action), "trial-take"))
    pass_trial (section, action);
  else
    pen_section_submit (section, action);
}

/* Trials › Passing a Trial: the chosen path's task and reward, read off the card once, then
 * the pass that pays the task and gives the reward (play finding Y5) */
static void
ask_path_then (PenSection *section,
               gpointer    data)
{
  PathAsk *ask = data;
  PenGame *game = pen_section_get_game (section);
  PenTable *table = pen_section_get_table (section);
  JsonObject *params = pen_action_get_params (ask->action);
  gint64 wizard = json_object_get_int_member_with_default (params, "wizard", 0);
  g_autoptr(GError) refused = NULL;
  PenTrialPathDialog *dialog;
  GtkRoot *root;

  if (game == NULL || table == NULL || wizard >= pen_table_get_n_players (table)
      || pen_wizard_get_rival (pen_table_get_wizard (table, wizard)))
    {
      roll_withstand (section, ask->action);
      return;
    }
  /* a path remembered whose task the wizard cannot do: it may have been read wrong, so the
   * table may say it again (play finding V4) before "Do It Anyway" */
  if (!pen_trial_path_unknown (ask->card, ask->path)
      && (pen_action_check (ask->action, table, &refused)
          || pen_rule_from_error (refused) != PEN_RULE_TRIAL_TASK))
    {
      pass_trial (section, ask->action);
      return;
    }
  root = gtk_widget_get_root (GTK_WIDGET (section));
  dialog = pen_trial_path_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, game,
                                      ask->card, ask->path, ask->action);
  if (refused != NULL)
    pen_trial_path_dialog_set_correcting (dialog, pen_rule_get_error_label (refused));
  gtk_widget_set_name (GTK_WIDGET (dialog), "trial-path");
  g_signal_connect_object (dialog, "submit", G_CALLBACK (path_submit_cb), section, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The points, symbols, Light or Darkness the card does not print yet, asked, then the step */
static void
take_trial_asking (GtkWidget  *widget,
                   const char *card,
                   int         path,
                   PenAction  *action)
{
  /* a Trial passed counts in the score by its points and symbols too (Final scoring): all
   * asked once now, while the card is in hand, not only at the end (play finding P11) */
  const char *fields[] = { path == PEN_PATH_LIGHT ? "light" : "dark", "vp", "symbols" };
  PenCard *known = pen_tu_lookup (card);
  const char *field = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (fields) && path >= 0 && known != NULL && field == NULL;
       i++)
    if (!pen_card_is_known (known, fields[i]))
      field = fields[i];
  if (path >= 0)
    {
      PathAsk *ask = g_new0 (PathAsk, 1);

      ask->card = g_strdup (card);
      ask->path = path;
      ask->action = action;
      pen_tu_with_printed (widget, card, field, ask_path_then, ask, path_ask_free);
      return;
    }
  pen_tu_with_printed (widget, card, field, submit_then, action, g_object_unref);
}

typedef struct
{
  PenSection *section;   /* weak */
  char       *card;
  int         path;
  PenAction  *action;
} TakeTrial;

static void
take_trial_free (gpointer  data,
                 GClosure *closure)
{
  TakeTrial *take = data;

  g_clear_weak_pointer (&take->section);
  g_free (take->card);
  g_clear_object (&take->action);
  g_free (take);
}

static void
unfaced_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     TakeTrial        *take)
{
  if (take->section != NULL && g_str_equal (response, "pass"))
    take_trial_asking (GTK_WIDGET (take->section), take->card, take->path,
                       g_steal_pointer (&take->action));
}

void
pen_tu_take_trial (GtkWidget  *widget,
                   guint       wizard,
                   int         index,
                   const char *card,
                   int         path)
{
  /* the Light or Darkness the path brings is printed on the card (Contracts and Trials ›
   * Light and Darkness): asked the first time it matters. The core reads it from the
   * catalogue when the action is applied, so the action can be made now. */
  PenAction *action = path >= 0 ? pen_action_new_trial_take (wizard, index, card, path)
                                : pen_action_new_trial_fail (wizard, index, card);
  PenSection *section = pen_tu_section (widget);
  PenTable *table = section != NULL ? pen_section_get_table (section) : NULL;
  PenCard *known = pen_tu_lookup (card);
  int threat = known != NULL ? pen_card_get_threat (known) : -1;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  TakeTrial *take;
  GtkRoot *root;

  /* the book: a Trial is its Threat, then a path's task. A pass with no Threat roll on record
   * this turn is told so, and the table goes on as it says: the Threat may have been faced
   * off the app (play finding V14; docs/turn-rules.md) */
  if (path < 0 || table == NULL || threat == 0
      || pen_turn_trial_threat_faced (table, wizard, index, card))
    {
      take_trial_asking (widget, card, path, action);
      return;
    }
  pen_tu_popdown (widget);
  if (threat > 0)
    body = g_strdup_printf (_("Its Threat %d has not been faced this turn. The book rolls a "
                              "Trial’s Threat before the task of its path."), threat);
  else
    body = g_strdup (_("Its Threat has not been faced this turn. The book rolls a Trial’s "
                       "Threat before the task of its path."));
  root = gtk_widget_get_root (GTK_WIDGET (section));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root)
                                                                          : NULL,
                                                     pen_turn_card_name (card), body));
  gtk_widget_set_name (GTK_WIDGET (dialog), "threat-not-faced");
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"),
                                    "pass", _("_Passed All the Same"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "pass", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "pass");
  adw_message_dialog_set_close_response (dialog, "cancel");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  take = g_new0 (TakeTrial, 1);
  g_set_weak_pointer (&take->section, section);
  take->card = g_strdup (card);
  take->path = path;
  take->action = action;
  g_signal_connect_data (dialog, "response", G_CALLBACK (unfaced_response_cb), take,
                         take_trial_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
pen_tu_take_contract (GtkWidget *widget,
                      PenAction *action)
{
  g_autoptr(PenAction) owned = action;
  PenSection *section = pen_tu_section (widget);

  pen_tu_popdown (widget);
  /* the reward's cards asked first, as a Trial's pass asks them */
  if (section != NULL && owned != NULL)
    pen_tu_ask_reward_cards (section, owned, roll_withstand_then);
}
