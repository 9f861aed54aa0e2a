/* pen-setup-common-step.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-card-name-dialog.h"
#include "pen-setup-cards.h"
#include "pen-setup-common-step.h"
#include "pen-setup-row.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

#define MAX_TRIALS PEN_SETUP_DRAFT_MAX_PLAYERS
#define CELLS      PEN_SETUP_CONTRACT_CELLS
/* four Classes in a game, two cards in each market */
#define CLASS_ROWS (4 * PEN_SETUP_CLASS_MARKET)

struct _PenSetupCommonStep
{
  PenSetupStep         parent_instance;

  GtkListBox          *boards_list;
  AdwPreferencesGroup *classes_group;
  char                *classes_text;    /* the group's description when the app deals */
  GtkListBox          *classes_list;
  GtkListBox          *draws_list;
  AdwComboRow         *draw_rows[PEN_SETUP_CLASSES];
  int                  draw_offered[PEN_SETUP_CLASSES][PEN_MARK_SPARK];
  guint                n_draw_offered[PEN_SETUP_CLASSES];
  GtkListBox          *prophecy_list;
  AdwPreferencesGroup *trials_group;
  GtkListBox          *trials_list;
  GtkWidget           *trial_picks;
  AdwComboRow         *trial_rows[MAX_TRIALS];
  AdwPreferencesGroup *contracts_group;
  GtkListBox          *contracts_list;
  GtkWidget           *contract_picks;
  AdwComboRow         *contract_rows[CELLS];
  AdwPreferencesGroup *markets_group;
  GtkListBox          *markets_list;
  char                *markets_text;    /* the group's description when the app deals */
  GtkWidget           *class_group;
  AdwComboRow         *class_rows[CLASS_ROWS];

  GListStore          *classes;
  GListStore          *trials;
  GListStore          *contracts;
  GPtrArray           *trial_ids;
  GPtrArray           *contract_ids;
  /* what each picker offers: the cards not picked in another one */
  GPtrArray           *trial_offered[MAX_TRIALS];
  GPtrArray           *contract_offered[CELLS];
  GPtrArray           *discipline_ids;            /* the catalogue's Discipline cards */
  int                  class_of_row[CLASS_ROWS];  /* the Class a row's market is by, or -1 */
  GPtrArray           *class_offered[CLASS_ROWS];
  gboolean             syncing;
  guint                sync_source;
};

G_DEFINE_FINAL_TYPE (PenSetupCommonStep, pen_setup_common_step, PEN_TYPE_SETUP_STEP)

static void
refresh_classes (PenSetupCommonStep *self,
                 PenSetupDraft      *draft)
{
  g_autoptr(GListStore) rows = g_list_store_new (PEN_TYPE_SETUP_ITEM);
  gboolean chosen[PEN_MARK_SPARK], from_player[PEN_MARK_SPARK];
  gboolean physical = pen_setup_draft_get_physical (draft);

  pen_setup_draft_get_classes (draft, chosen, from_player);
  adw_preferences_group_set_description (self->classes_group,
                                         physical && pen_setup_draft_get_n_class_draws (draft)
                                         ? _("Always four: the Classes of the players' starting "
                                             "disciplines, the rest drawn at random from the "
                                             "others. Which did the table draw? The Classes not "
                                             "drawn go back in the box.")
                                         : self->classes_text);
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    {
      g_autoptr(GString) who = g_string_new (NULL);
      g_autofree char *sub = NULL;

      /* physical: the table draws the others, named in the pickers below */
      if (!chosen[k] || (physical && !from_player[k]))
        continue;
      for (guint i = 0; i < pen_setup_draft_get_n_players (draft); i++)
        if (pen_setup_draft_get_start_mark (draft, i) == (int) k)
          {
            if (who->len > 0)
              g_string_append (who, ", ");
            g_string_append (who, pen_setup_draft_get_name (draft, i));
          }
      if (who->len > 0)
        sub = g_strdup_printf (_("Starting discipline of %s"), who->str);
      pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, pen_mark_kind_get_class_name (k),
                           sub != NULL ? sub : _("Added at random"));
    }
  pen_setup_items_replace (self->classes, rows);
}

/* Physical play, Q2: a picker for each Class the table draws at random, offering the Classes
 * that are no player's starting discipline nor drawn in another picker, "Not drawn yet" last
 * (the default: the app does not pick for the table) */
static void
sync_draw_pickers (PenSetupCommonStep *self,
                   PenSetupDraft      *draft)
{
  gboolean chosen[PEN_MARK_SPARK], from_player[PEN_MARK_SPARK];
  guint n = pen_setup_draft_get_physical (draft) ? pen_setup_draft_get_n_class_draws (draft) : 0;

  pen_setup_draft_get_named_classes (draft, chosen, from_player);
  gtk_widget_set_visible (GTK_WIDGET (self->draws_list), n > 0);
  for (guint i = 0; i < PEN_SETUP_CLASSES; i++)
    {
      int own = pen_setup_draft_get_class_draw (draft, i);
      int now[PEN_MARK_SPARK];
      guint n_now = 0, sel;
      gboolean same;

      gtk_widget_set_visible (GTK_WIDGET (self->draw_rows[i]), i < n);
      if (i >= n)
        continue;
      {
        /* one draw needs no number (play finding B6: "Class drawn at random, 1") */
        /* TRANSLATORS: a picker for the Class the table draws at random, when it draws
         * several: "Random Class No. 2" */
        g_autofree char *title = n > 1 ? g_strdup_printf (_("Random Class No. %u"), i + 1)
                                       : g_strdup (_("Random Class"));

        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->draw_rows[i]), title);
      }
      for (guint k = 0; k < PEN_MARK_SPARK; k++)
        if (!from_player[k] && (!chosen[k] || (int) k == own))
          now[n_now++] = k;
      same = n_now == self->n_draw_offered[i];
      for (guint k = 0; k < n_now && same; k++)
        same = now[k] == self->draw_offered[i][k];
      if (!same || adw_combo_row_get_model (self->draw_rows[i]) == NULL)
        {
          g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

          for (guint k = 0; k < n_now; k++)
            {
              gtk_string_list_append (model, pen_mark_kind_get_class_name (now[k]));
              self->draw_offered[i][k] = now[k];
            }
          self->n_draw_offered[i] = n_now;
          gtk_string_list_append (model, _("Not drawn yet"));
          adw_combo_row_set_model (self->draw_rows[i], G_LIST_MODEL (model));
        }
      sel = n_now;
      for (guint k = 0; k < n_now; k++)
        if (now[k] == own)
          sel = k;
      if (adw_combo_row_get_selected (self->draw_rows[i]) != sel)
        adw_combo_row_set_selected (self->draw_rows[i], sel);
    }
}

/* Each picker of a row offers the cards no other picker of it holds (a card is in one place),
 * and shows its own pick; its model is replaced only when what it offers changed */
static void
sync_pickers (AdwComboRow  **rows,
              GPtrArray    **offered,
              guint          n_rows,
              guint          n_shown,
              GPtrArray     *ids,
              const char    *last,
              PenSetupDraft *draft,
              const char *(*get_pick) (PenSetupDraft *, guint))
{
  for (guint i = 0; i < n_rows; i++)
    {
      g_autoptr(GPtrArray) now = g_ptr_array_new ();
      guint sel;

      for (guint k = 0; k < ids->len; k++)
        {
          const char *id = g_ptr_array_index (ids, k);
          gboolean elsewhere = FALSE;

          for (guint j = 0; j < n_shown && j < n_rows; j++)
            if (j != i && g_strcmp0 (get_pick (draft, j), id) == 0)
              elsewhere = TRUE;
          if (!elsewhere)
            g_ptr_array_add (now, (gpointer) id);
        }
      /* a card the catalogue does not name, picked here as "another card" */
      if (pen_card_id_is_placeholder (get_pick (draft, i)))
        g_ptr_array_add (now, (gpointer) get_pick (draft, i));
      if (!pen_setup_same_ids (now, offered[i]))
        {
          g_autoptr(GtkStringList) model = pen_setup_ids_model (now, _("Another card: name it"));
          const char *own = get_pick (draft, i);
          g_autofree char *named = pen_setup_draft_get_naming_title (draft, own);

          /* the unnamed card picked here, by the name the table gave it (play finding R3) */
          if (named != NULL)
            {
              const char *shown[] = { named, NULL };

              gtk_string_list_splice (model, now->len - 1, 1, shown);
            }
          gtk_string_list_append (model, last);
          g_clear_pointer (&offered[i], g_ptr_array_unref);
          /* the placeholder's id is the draft's: keep a copy */
          offered[i] = g_ptr_array_new_with_free_func (g_free);
          for (guint k = 0; k < now->len; k++)
            g_ptr_array_add (offered[i], g_strdup (g_ptr_array_index (now, k)));
          adw_combo_row_set_model (rows[i], G_LIST_MODEL (model));
        }
      /* the offered cards, "Another card: name it", "Another …: name it later" */
      sel = get_pick (draft, i) != NULL ? pen_setup_index_of (offered[i], get_pick (draft, i))
                                        : offered[i]->len + 1;
      if (adw_combo_row_get_selected (rows[i]) != sel)
        adw_combo_row_set_selected (rows[i], sel);
    }
}

/* A picker's models are made again: the name given to its card changed */
static void
forget_offered (PenSetupCommonStep *self)
{
  for (guint i = 0; i < MAX_TRIALS; i++)
    g_clear_pointer (&self->trial_offered[i], g_ptr_array_unref);
  for (guint c = 0; c < CELLS; c++)
    g_clear_pointer (&self->contract_offered[c], g_ptr_array_unref);
}

/* Physical play: a picker per card of each Class market, offering the catalogue's Discipline
 * cards that may be of that Class and lie in no other market; "not named yet" by default */
static void
sync_class_pickers (PenSetupCommonStep *self,
                    PenSetupDraft      *draft)
{
  gboolean physical = pen_setup_draft_get_physical (draft);
  gboolean chosen[PEN_MARK_SPARK], from_player[PEN_MARK_SPARK];
  guint row = 0;

  gtk_widget_set_visible (self->class_group, physical);
  adw_preferences_group_set_description (self->markets_group,
                                         physical
                                         ? _("Lay them out from the shuffled decks: two cards "
                                             "face up by the Brewery, the Shop and each Class.")
                                         : self->markets_text);
  if (!physical)
    return;
  /* not the app's random pick: a Class the table has not named has no market yet */
  pen_setup_draft_get_named_classes (draft, chosen, from_player);
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    for (guint slot = 0; chosen[k] && slot < PEN_SETUP_CLASS_MARKET && row < CLASS_ROWS; slot++)
      {
        g_autoptr(GPtrArray) now = g_ptr_array_new ();
        /* TRANSLATORS: a card of a Class market: "Ruby Class, card 1" */
        g_autofree char *title = g_strdup_printf (_("%s, card %u"),
                                                  pen_mark_kind_get_class_name (k), slot + 1);
        const char *own = pen_setup_draft_get_class_card (draft, k, slot);
        guint sel;

        for (guint i = 0; i < self->discipline_ids->len; i++)
          {
            const char *id = g_ptr_array_index (self->discipline_ids, i);
            gboolean elsewhere = FALSE;

            if (!pen_setup_draft_class_card_fits (k, id))
              continue;
            for (guint j = 0; j < PEN_MARK_SPARK && !elsewhere; j++)
              for (guint t = 0; t < PEN_SETUP_CLASS_MARKET; t++)
                if ((j != k || t != slot) && chosen[j]
                    && g_strcmp0 (pen_setup_draft_get_class_card (draft, j, t), id) == 0)
                  elsewhere = TRUE;
            /* nor a player's starting card (step 5, or the one the Talent names) */
            for (guint p = 0; p < pen_setup_draft_get_n_players (draft) && !elsewhere; p++)
              elsewhere = g_strcmp0 (pen_setup_draft_get_start_card (draft, p), id) == 0;
            if (!elsewhere)
              g_ptr_array_add (now, (gpointer) id);
          }
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->class_rows[row]), title);
        if (self->class_of_row[row] != (int) k
            || !pen_setup_same_ids (now, self->class_offered[row]))
          {
            g_autoptr(GtkStringList) model =
              pen_setup_ids_model (now, _("Not named yet"));

            g_clear_pointer (&self->class_offered[row], g_ptr_array_unref);
            self->class_offered[row] = g_ptr_array_ref (now);
            self->class_of_row[row] = k;
            adw_combo_row_set_model (self->class_rows[row], G_LIST_MODEL (model));
          }
        /* the offered cards, then "not named yet" */
        sel = pen_setup_index_of (self->class_offered[row], own);
        if (adw_combo_row_get_selected (self->class_rows[row]) != sel)
          adw_combo_row_set_selected (self->class_rows[row], sel);
        gtk_widget_set_visible (GTK_WIDGET (self->class_rows[row]), TRUE);
        row++;
      }
  for (; row < CLASS_ROWS; row++)
    {
      self->class_of_row[row] = -1;
      gtk_widget_set_visible (GTK_WIDGET (self->class_rows[row]), FALSE);
    }
}

static void
sync_all_pickers (PenSetupCommonStep *self,
                  PenSetupDraft      *draft)
{
  const PenSetup *setup = pen_setup_draft_get_setup (draft);

  sync_draw_pickers (self, draft);
  sync_class_pickers (self, draft);

  sync_pickers (self->trial_rows, self->trial_offered, MAX_TRIALS, setup->trial_row->len,
                self->trial_ids, _("Another Trial: name it later"), draft,
                pen_setup_draft_get_trial_pick);
  sync_pickers (self->contract_rows, self->contract_offered, CELLS, CELLS, self->contract_ids,
                _("Another Contract: name it later"), draft,
                pen_setup_draft_get_contract_pick);
}

static void
refresh_trials (PenSetupCommonStep *self,
                PenSetupDraft      *draft)
{
  const PenSetup *setup = pen_setup_draft_get_setup (draft);
  g_autoptr(GListStore) rows = g_list_store_new (PEN_TYPE_SETUP_ITEM);
  gboolean picks = pen_setup_draft_get_table_trial_row (draft);
  g_autofree char *desc = NULL;

  if (picks)
    desc = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Shuffle the Difficulty 1 Trials and reveal %u, face "
                                         "up; the rest go back in the box. Which came up?",
                                         "Shuffle the Difficulty 1 Trials and reveal %u, face "
                                         "up; the rest go back in the box. Which came up?",
                                         setup->trial_row->len),
                            setup->trial_row->len);
  else
    desc = g_strdup (pen_setup_draft_get_ready_made (draft)
                     ? _("The rulebook's starting row, face up, next to the Fate deck.")
                     : _("Dealt by the app from the Difficulty 1 Trials: lay them face up; "
                         "the other Difficulty 1 Trials go back in the box."));
  pen_setup_group_set_text (self->trials_group, _("Row of Trials"), desc);
  gtk_widget_set_visible (GTK_WIDGET (self->trials_list), !picks);
  gtk_widget_set_visible (self->trial_picks, picks);
  for (guint i = 0; i < MAX_TRIALS; i++)
    gtk_widget_set_visible (GTK_WIDGET (self->trial_rows[i]), i < setup->trial_row->len);
  for (guint i = 0; i < setup->trial_row->len && !picks; i++)
    {
      const char *id = g_ptr_array_index (setup->trial_row, i);
      g_autofree char *title = pen_setup_card_title (id);
      g_autofree char *sub = pen_setup_card_subtitle (id, setup->ready_made);

      pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, title, sub);
    }
  pen_setup_items_replace (self->trials, rows);
}

/* App-dealt, the app cannot know which Contract the table's shuffle turns up for a cell (the
 * rulebook names four of the box's 36 and prints no difficulty), so the table lays the row out
 * by the book's rule and the list is the app's record of it: the cards it names, to take out of
 * the deck, and for the others each cell's Contract called by its number until the table names
 * it. The physical rule over a list of numbered cards read as if the app had chosen four cards
 * (play finding Q3). */
static void
refresh_contracts (PenSetupCommonStep *self,
                   PenSetupDraft      *draft)
{
  const PenSetup *setup = pen_setup_draft_get_setup (draft);
  g_autoptr(GListStore) rows = g_list_store_new (PEN_TYPE_SETUP_ITEM);
  gboolean physical = pen_setup_draft_get_physical (draft);
  gboolean all_placeholders = TRUE, any_named = FALSE;
  const char *rule = _("Shuffle the Contract deck well. Reveal Contracts one by one: a "
                       "Difficulty 1 Contract (one dot) goes in the rightmost free Guild cell, "
                       "a Difficulty 2 one (two dots) to the bottom of the deck, until all four "
                       "cells are full.");
  g_autofree char *text = NULL;

  for (guint c = 0; c < setup->contract_row->len; c++)
    {
      const char *id = g_ptr_array_index (setup->contract_row, c);

      if (!pen_setup_is_placeholder (id))
        all_placeholders = FALSE;
      if (!pen_setup_is_placeholder (id) && !pen_card_id_is_placeholder (id))
        any_named = TRUE;
    }
  if (physical)
    text = g_strdup_printf ("%s %s", rule, _("Which Contracts are in the row?"));
  else if (all_placeholders)
    text = g_strdup_printf ("%s %s", rule,
                            _("The rulebook prints no Contract's difficulty, so the app cannot "
                              "deal this row: lay it out by this rule. The app records the "
                              "cells as not known yet."));
  else if (any_named)
    text = g_strdup_printf ("%s %s %s",
                            _("First take the Contracts the app names below out of the deck "
                              "and lay them in their cells."),
                            rule,
                            _("The app does not choose the other cells’ Contracts: it calls "
                              "each by a number until the table reads it and names it under "
                              "Cards to Name on the Table page."));
  else
    text = g_strdup_printf ("%s %s", rule,
                            _("The app does not choose these four Contracts: it calls each "
                              "cell’s by a number until the table reads it and names it under "
                              "Cards to Name on the Table page."));
  pen_setup_group_set_text (self->contracts_group, _("The Guild's Contracts"), text);
  gtk_widget_set_visible (GTK_WIDGET (self->contracts_list), !physical);
  gtk_widget_set_visible (self->contract_picks, physical);
  for (guint c = 0; c < CELLS; c++)
    {
      /* TRANSLATORS: a cell of the Guild's row, counted from the left */
      g_autofree char *cell = g_strdup_printf (_("Cell %u from the left"), c + 1);
      const char *id;

      if (physical || c >= setup->contract_row->len)
        continue;
      id = g_ptr_array_index (setup->contract_row, c);
      if (pen_setup_is_placeholder (id))
        pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, cell,
                             _("A Difficulty 1 Contract, revealed by the rule"));
      else if (pen_card_id_is_placeholder (id))
        {
          /* the cell first: the number is only what the app calls the card for now */
          /* TRANSLATORS: %s is a Contract not named yet, "Contract 17 of 36" */
          g_autofree char *sub = g_strdup_printf (_("Revealed by the rule; called “%s” until "
                                                    "it is named"),
                                                  pen_turn_card_name (id));

          pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, cell, sub);
        }
      else
        {
          /* TRANSLATORS: %s is a cell of the Guild's row, "Cell 2 from the left" */
          g_autofree char *sub = g_strdup_printf (_("%s: take it out of the deck"), cell);

          pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, pen_turn_card_name (id), sub);
        }
    }
  pen_setup_items_replace (self->contracts, rows);
}

static void
pen_setup_common_step_refresh (PenSetupStep *step)
{
  PenSetupCommonStep *self = PEN_SETUP_COMMON_STEP (step);
  PenSetupDraft *draft = pen_setup_step_get_draft (step);

  self->syncing = TRUE;
  refresh_classes (self, draft);
  refresh_trials (self, draft);
  refresh_contracts (self, draft);
  sync_all_pickers (self, draft);
  self->syncing = FALSE;
}

static gboolean
sync_idle_cb (gpointer data)
{
  PenSetupCommonStep *self = data;
  PenSetupDraft *draft = pen_setup_step_get_draft (PEN_SETUP_STEP (self));

  self->sync_source = 0;
  self->syncing = TRUE;
  sync_all_pickers (self, draft);
  self->syncing = FALSE;
  return G_SOURCE_REMOVE;
}

/* The id a picker's choice stands for: an offered card, a fresh "another card" (NULL when the
 * box has none left) or NULL for "not recorded" (the last item) */
static char *
picked_id (PenSetupDraft *draft,
           GPtrArray     *offered,
           guint          sel,
           PenCardType    type,
           guint          where)
{
  const char *own = type == PEN_CARD_TRIAL ? pen_setup_draft_get_trial_pick (draft, where)
                                           : pen_setup_draft_get_contract_pick (draft, where);

  if (sel < offered->len)
    return g_strdup (g_ptr_array_index (offered, sel));
  if (sel == offered->len)
    {
      /* chosen again while this picker already holds an unnamed card: keep that one */
      if (pen_card_id_is_placeholder (own))
        return g_strdup (own);
      return pen_setup_draft_another (draft, type, where);
    }
  return NULL;
}

static void
sync_soon (PenSetupCommonStep *self);

static void
naming_submit_cb (PenSetupCommonStep *self,
                  PenAction          *action,
                  PenCardNameDialog  *dialog)
{
  PenSetupDraft *draft = pen_setup_step_get_draft (PEN_SETUP_STEP (self));

  if (draft == NULL)
    return;
  pen_setup_draft_set_naming (draft, pen_card_name_dialog_get_card (dialog), action, NULL);
  forget_offered (self);
  sync_soon (self);
}

/* "Another card: name it" picked: the Table page's naming dialog asks its name now, over the
 * game the set-up makes (play finding R3); "Later" leaves it to Cards to Name on the Table
 * page. Starting the game names it (pen_setup_draft_set_naming). */
static void
ask_name (PenSetupCommonStep *self,
          PenSetupDraft      *draft,
          const char         *card)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  PenGame *preview = pen_setup_draft_get_preview_game (draft, NULL);
  PenCardNameDialog *dialog;

  if (preview == NULL || card == NULL)
    return;
  dialog = pen_card_name_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, preview,
                                     card);
  g_signal_connect_object (dialog, "submit", G_CALLBACK (naming_submit_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
pick_selected_cb (PenSetupCommonStep *self,
                  GParamSpec         *pspec,
                  AdwComboRow        *row)
{
  PenSetupDraft *draft = pen_setup_step_get_draft (PEN_SETUP_STEP (self));
  guint sel = adw_combo_row_get_selected (row);
  g_autofree char *to_name = NULL;

  if (self->syncing || draft == NULL)
    return;
  for (guint i = 0; i < MAX_TRIALS; i++)
    if (row == self->trial_rows[i] && self->trial_offered[i] != NULL)
      {
        g_autofree char *id = picked_id (draft, self->trial_offered[i], sel, PEN_CARD_TRIAL, i);
        gboolean fresh = sel == self->trial_offered[i]->len
                         && g_strcmp0 (id, pen_setup_draft_get_trial_pick (draft, i)) != 0;

        if ((id != NULL || sel > self->trial_offered[i]->len)
            && pen_setup_draft_set_trial_pick (draft, i, id, NULL) && fresh)
          to_name = g_steal_pointer (&id);
      }
  for (guint c = 0; c < CELLS; c++)
    if (row == self->contract_rows[c] && self->contract_offered[c] != NULL)
      {
        g_autofree char *id = picked_id (draft, self->contract_offered[c], sel,
                                         PEN_CARD_CONTRACT, c);
        gboolean fresh = sel == self->contract_offered[c]->len
                         && g_strcmp0 (id, pen_setup_draft_get_contract_pick (draft, c)) != 0;

        if ((id != NULL || sel > self->contract_offered[c]->len)
            && pen_setup_draft_set_contract_pick (draft, c, id, NULL) && fresh)
          to_name = g_steal_pointer (&id);
      }
  for (guint r = 0; r < CLASS_ROWS; r++)
    /* each Class has its market's rows in turn: card 1, card 2; the last item: not named */
    if (row == self->class_rows[r] && self->class_of_row[r] >= 0
        && self->class_offered[r] != NULL)
      pen_setup_draft_set_class_card (draft, self->class_of_row[r], r % PEN_SETUP_CLASS_MARKET,
                                      sel < self->class_offered[r]->len
                                      ? g_ptr_array_index (self->class_offered[r], sel) : NULL,
                                      NULL);
  /* the card picked here is no longer offered in the other pickers; not from here: a picker's
   * model is not replaced while it is changing its selection */
  sync_soon (self);
  if (to_name != NULL)
    ask_name (self, draft, to_name);
}

static void
sync_soon (PenSetupCommonStep *self)
{
  if (self->sync_source == 0)
    self->sync_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, sync_idle_cb, self, NULL);
}

static void
draw_selected_cb (PenSetupCommonStep *self,
                  GParamSpec         *pspec,
                  AdwComboRow        *row)
{
  PenSetupDraft *draft = pen_setup_step_get_draft (PEN_SETUP_STEP (self));
  guint sel = adw_combo_row_get_selected (row);

  if (self->syncing || draft == NULL)
    return;
  for (guint i = 0; i < PEN_SETUP_CLASSES; i++)
    if (row == self->draw_rows[i])
      pen_setup_draft_set_class_draw (draft, i, sel < self->n_draw_offered[i]
                                                ? self->draw_offered[i][sel] : -1);
  /* the other draws no longer offer it, and its Class market appears; not from here: a
   * picker's model is not replaced while it is changing its selection */
  if (self->sync_source == 0)
    self->sync_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, sync_idle_cb, self, NULL);
}

static void
pen_setup_common_step_dispose (GObject *object)
{
  PenSetupCommonStep *self = PEN_SETUP_COMMON_STEP (object);

  g_clear_handle_id (&self->sync_source, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_SETUP_COMMON_STEP);
  g_clear_object (&self->classes);
  g_clear_object (&self->trials);
  g_clear_object (&self->contracts);
  g_clear_pointer (&self->trial_ids, g_ptr_array_unref);
  g_clear_pointer (&self->contract_ids, g_ptr_array_unref);
  for (guint i = 0; i < MAX_TRIALS; i++)
    g_clear_pointer (&self->trial_offered[i], g_ptr_array_unref);
  for (guint c = 0; c < CELLS; c++)
    g_clear_pointer (&self->contract_offered[c], g_ptr_array_unref);
  for (guint r = 0; r < CLASS_ROWS; r++)
    g_clear_pointer (&self->class_offered[r], g_ptr_array_unref);
  g_clear_pointer (&self->discipline_ids, g_ptr_array_unref);
  g_clear_pointer (&self->markets_text, g_free);
  g_clear_pointer (&self->classes_text, g_free);

  G_OBJECT_CLASS (pen_setup_common_step_parent_class)->dispose (object);
}

static void
pen_setup_common_step_class_init (PenSetupCommonStepClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pen_setup_common_step_dispose;
  PEN_SETUP_STEP_CLASS (klass)->refresh = pen_setup_common_step_refresh;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-setup-common-step.ui");
  gtk_widget_class_bind_template_child (widget_class, PenSetupCommonStep, boards_list);
  gtk_widget_class_bind_template_child (widget_class, PenSetupCommonStep, classes_group);
  gtk_widget_class_bind_template_child (widget_class, PenSetupCommonStep, classes_list);
  gtk_widget_class_bind_template_child (widget_class, PenSetupCommonStep, draws_list);
  gtk_widget_class_bind_template_child (widget_class, PenSetupCommonStep, prophecy_list);
  gtk_widget_class_bind_template_child (widget_class, PenSetupCommonStep, trials_group);
  gtk_widget_class_bind_template_child (widget_class, PenSetupCommonStep, trials_list);
  gtk_widget_class_bind_template_child (widget_class, PenSetupCommonStep, trial_picks);
  gtk_widget_class_bind_template_child (widget_class, PenSetupCommonStep, contracts_group);
  gtk_widget_class_bind_template_child (widget_class, PenSetupCommonStep, contracts_list);
  gtk_widget_class_bind_template_child (widget_class, PenSetupCommonStep, contract_picks);
  gtk_widget_class_bind_template_child (widget_class, PenSetupCommonStep, markets_list);
  for (guint i = 0; i < MAX_TRIALS; i++)
    {
      g_autofree char *id = g_strdup_printf ("trial_row%u", i);
      gtk_widget_class_bind_template_child_full (widget_class, id, FALSE,
                                                 G_STRUCT_OFFSET (PenSetupCommonStep, trial_rows)
                                                 + i * sizeof (gpointer));
    }
  for (guint c = 0; c < CELLS; c++)
    {
      g_autofree char *id = g_strdup_printf ("contract_row%u", c);
      gtk_widget_class_bind_template_child_full (widget_class, id, FALSE,
                                                 G_STRUCT_OFFSET (PenSetupCommonStep,
                                                                  contract_rows)
                                                 + c * sizeof (gpointer));
    }
  gtk_widget_class_bind_template_child (widget_class, PenSetupCommonStep, class_group);
  gtk_widget_class_bind_template_child (widget_class, PenSetupCommonStep, markets_group);
  for (guint r = 0; r < CLASS_ROWS; r++)
    {
      g_autofree char *id = g_strdup_printf ("class_row%u", r);
      gtk_widget_class_bind_template_child_full (widget_class, id, FALSE,
                                                 G_STRUCT_OFFSET (PenSetupCommonStep,
                                                                  class_rows)
                                                 + r * sizeof (gpointer));
    }
  gtk_widget_class_bind_template_callback (widget_class, pick_selected_cb);
}

static int
by_name (gconstpointer a,
         gconstpointer b)
{
  return g_utf8_collate (pen_turn_card_name (*(char * const *) a),
                         pen_turn_card_name (*(char * const *) b));
}

/* A list of rows that never change */
static void
fill (GtkListBox *list,
      const char *first,
      ...)
{
  g_autoptr(GListStore) store = g_list_store_new (PEN_TYPE_SETUP_ITEM);
  va_list args;

  va_start (args, first);
  for (const char *title = first; title != NULL; title = va_arg (args, const char *))
    pen_setup_items_add (store, PEN_SETUP_ITEM_CHECK, title, va_arg (args, const char *));
  va_end (args);
  pen_setup_row_bind (list, G_LIST_MODEL (store), NULL);
}

static void
bind_list (GtkListBox  *list,
           GListStore **store)
{
  *store = g_list_store_new (PEN_TYPE_SETUP_ITEM);
  pen_setup_row_bind (list, G_LIST_MODEL (*store), NULL);
}

static void
pen_setup_common_step_init (PenSetupCommonStep *self)
{
  g_autoptr(GtkStringList) trial_model = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->markets_text = g_strdup (adw_preferences_group_get_description (self->markets_group));
  self->classes_text = g_strdup (adw_preferences_group_get_description (self->classes_group));
  for (guint i = 0; i < PEN_SETUP_CLASSES; i++)
    {
      self->draw_rows[i] = ADW_COMBO_ROW (adw_combo_row_new ());
      gtk_list_box_append (self->draws_list, GTK_WIDGET (self->draw_rows[i]));
      g_signal_connect_object (self->draw_rows[i], "notify::selected",
                               G_CALLBACK (draw_selected_cb), self, G_CONNECT_SWAPPED);
    }

  fill (self->boards_list,
        _("City board and Wilds board"), _("In the middle of the table"),
        _("Dice, Ingredients and Mark tokens"), _("Within everyone's reach"),
        _("Mortal Wound cards"), _("In the common play area"), NULL);
  fill (self->prophecy_list, pen_turn_card_name ("end-of-time"),
        _("Face up above the location boards: it is in play in every game"), NULL);
  fill (self->markets_list,
        _("Brewery"), _("The Potion deck above it, two cards revealed beside it"),
        _("Shop"), _("The Artifact deck above it, two cards revealed beside it"),
        _("Each Class"), _("Its Discipline deck above it, two cards revealed beside it"),
        _("The other two Discipline decks"), _("In the common play area: they can still be used"),
        NULL);
  bind_list (self->classes_list, &self->classes);
  bind_list (self->trials_list, &self->trials);
  bind_list (self->contracts_list, &self->contracts);
  /* the pickers' items whole: "Another card: name it" and "Another Trial: name it later" (then
   * "Not recorded (…)") were cut to
   * "Другая карта: назва…" in Russian (play finding T5) */
  for (guint i = 0; i < MAX_TRIALS; i++)
    pen_combo_row_wrap_popup (self->trial_rows[i]);
  for (guint c = 0; c < CELLS; c++)
    pen_combo_row_wrap_popup (self->contract_rows[c]);
  for (guint r = 0; r < CLASS_ROWS; r++)
    pen_combo_row_wrap_popup (self->class_rows[r]);

  self->syncing = TRUE;
  self->trial_ids = pen_setup_catalog_ids (PEN_CARD_TRIAL, 1);
  /* the same words for a card not named yet as everywhere else (play finding B4: "Not
   * recorded" here, "Another Contract: name it later" on the Table page) */
  trial_model = pen_setup_ids_model (self->trial_ids, _("Another Trial: name it later"));
  for (guint i = 0; i < MAX_TRIALS; i++)
    {
      g_autofree char *title = g_strdup_printf (_("Trial %u"), i + 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->trial_rows[i]), title);
      adw_combo_row_set_model (self->trial_rows[i], G_LIST_MODEL (trial_model));
    }
  {
    static const PenCardType kinds[] = {
      PEN_CARD_SPELL, PEN_CARD_PET, PEN_CARD_DISCIPLINE
    };

    self->discipline_ids = g_ptr_array_new ();
    for (guint t = 0; t < G_N_ELEMENTS (kinds); t++)
      {
        g_autoptr(GPtrArray) ids = pen_setup_catalog_ids (kinds[t], 0);

        g_ptr_array_extend (self->discipline_ids, ids, NULL, NULL);
      }
    g_ptr_array_sort (self->discipline_ids, by_name);
    for (guint r = 0; r < CLASS_ROWS; r++)
      self->class_of_row[r] = -1;
  }
  self->contract_ids = pen_setup_catalog_ids (PEN_CARD_CONTRACT, 0);
  for (guint c = 0; c < CELLS; c++)
    {
      g_autoptr(GtkStringList) model
        = pen_setup_ids_model (self->contract_ids, _("Another Contract: name it later"));
      g_autofree char *cell = g_strdup_printf (_("Cell %u from the left"), c + 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->contract_rows[c]), cell);
      adw_combo_row_set_model (self->contract_rows[c], G_LIST_MODEL (model));
    }
  self->syncing = FALSE;
}
