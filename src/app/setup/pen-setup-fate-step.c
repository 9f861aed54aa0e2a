/* pen-setup-fate-step.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-catalog.h"
#include "pen-setup-cards.h"
#include "pen-setup-fate-step.h"
#include "pen-setup-row.h"
#include "pen-turn.h"

#define STACKS 3

struct _PenSetupFateStep
{
  PenSetupStep         parent_instance;

  GtkWidget           *rules_box;
  GtkListBox          *rules_list;
  GtkWidget           *listed_box;
  GtkLabel            *listed_intro;
  GtkLabel            *deck_note;
  GtkExpander         *order_expander;
  GtkListBox          *order_list;
  GtkWidget           *deck_group;
  GtkListBox          *deck_list;
  AdwPreferencesGroup *stack_groups[STACKS];
  GtkListBox          *stack_lists[STACKS];
  GtkWidget           *left_out_group;
  GtkListBox          *left_out_list;

  GListStore          *rules;
  GListStore          *deck;
  GListStore          *order;
  GListStore          *stacks[STACKS];
  GListStore          *left_out;
};

G_DEFINE_FINAL_TYPE (PenSetupFateStep, pen_setup_fate_step, PEN_TYPE_SETUP_STEP)

/* Physical, the deck built by the rules: how to build it */
static void
refresh_rules (PenSetupFateStep *self,
               const PenSetup   *setup)
{
  g_autoptr(GListStore) rows = g_list_store_new (PEN_TYPE_SETUP_ITEM);
  guint table_players = setup->table_players;
  guint len = setup->fate_deck->len;
  g_autofree char *s1 = NULL, *s2 = NULL, *s3 = NULL;

  pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, _("Sort the large cards"),
                       _("Prophecies, Events, Goals and Trials; the Trials by difficulty, shown "
                         "by the dots in the corner"));
  s1 = g_strdup_printf (_("Shuffle the Difficulty 2, 3 and 4 Trials separately and deal %u "
                          "from each, face down"), table_players);
  pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, _("Three stacks"), s1);
  s2 = g_strdup_printf (_("One random Goal into the Difficulty 2 stack, one random Prophecy "
                          "into each stack, then Events until each stack has %u cards"),
                        2 * table_players);
  pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, _("Goal, Prophecies and Events"), s2);
  pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, _("Shuffle each stack on its own"),
                       _("Then put them together without shuffling: Difficulty 2 on top, "
                         "Difficulty 4 at the bottom"));
  s3 = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card, face down, to the left of "
                                     "the row of Trials", "%u cards, face down, to the left "
                                     "of the row of Trials", len), len);
  pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, _("The Fate deck"), s3);
  pen_setup_items_replace (self->rules, rows);
}

/* The cards of the first-game list marked for more players than the table's */
static void
refresh_left_out (PenSetupFateStep *self,
                  const PenSetup   *setup)
{
  const char *sections[] = { "trial_row", "fate_deck" };
  g_autoptr(GListStore) rows = g_list_store_new (PEN_TYPE_SETUP_ITEM);

  for (guint s = 0; s < G_N_ELEMENTS (sections) && setup->ready_made; s++)
    {
      g_autoptr(GPtrArray) cards = pen_catalog_get_first_game (pen_catalog_get_default (),
                                                               sections[s]);

      for (guint i = 0; i < cards->len; i++)
        {
          PenCard *card = g_ptr_array_index (cards, i);
          int players = pen_card_get_players (card);
          g_autofree char *sub = NULL;

          if (players <= 0 || (guint) players <= setup->table_players)
            continue;
          sub = pen_setup_card_subtitle (pen_card_get_id (card), TRUE);
          pen_setup_items_add (rows, PEN_SETUP_ITEM_PLAIN,
                               pen_turn_card_name (pen_card_get_id (card)), sub);
        }
    }
  pen_setup_items_replace (self->left_out, rows);
  gtk_widget_set_visible (self->left_out_group,
                          g_list_model_get_n_items (G_LIST_MODEL (self->left_out)) > 0);
}

static int
compare_titles (gconstpointer a,
                gconstpointer b)
{
  PenSetupItem *x = *(PenSetupItem **) a, *y = *(PenSetupItem **) b;

  return g_utf8_collate (pen_setup_item_get_title (x), pen_setup_item_get_title (y));
}

/* A stack's cards by name, not in their order */
static void
add_sorted (GListStore *to,
            GPtrArray  *items)
{
  g_ptr_array_sort (items, compare_titles);
  for (guint i = 0; i < items->len; i++)
    g_list_store_append (to, g_ptr_array_index (items, i));
}

/* The deck the app knows, top first: in three stacks when it has their size. The first-game
 * deck's order is the book's, printed for all to read; a deck the app dealt by the rules is
 * shuffled face down, so its stacks show what they hold by name and the order hides behind
 * the expander, for the one player who builds the deck unseen (play finding P1). */
static void
refresh_deck (PenSetupFateStep *self,
              const PenSetup   *setup)
{
  guint stack = 2 * setup->table_players;
  guint len = setup->fate_deck->len;
  gboolean stacked = len == STACKS * stack;
  gboolean hidden = !setup->ready_made;
  g_autoptr(GListStore) plain = g_list_store_new (PEN_TYPE_SETUP_ITEM);
  g_autoptr(GListStore) order = g_list_store_new (PEN_TYPE_SETUP_ITEM);
  GListStore *rows[STACKS];
  GPtrArray *by_name[STACKS];

  for (guint s = 0; s < STACKS; s++)
    {
      rows[s] = g_list_store_new (PEN_TYPE_SETUP_ITEM);
      by_name[s] = g_ptr_array_new_with_free_func (g_object_unref);
    }
  for (guint i = 0; i < len; i++)
    {
      const char *id = g_ptr_array_index (setup->fate_deck, i);
      g_autofree char *name = pen_setup_card_title (id);
      g_autofree char *title = g_strdup_printf ("%u. %s", i + 1, name);
      g_autofree char *sub = pen_setup_card_subtitle (id, setup->ready_made);

      if (hidden)
        {
          pen_setup_items_add (order, PEN_SETUP_ITEM_PLAIN, title, sub);
          if (stacked)
            g_ptr_array_add (by_name[i / stack],
                             pen_setup_item_new (PEN_SETUP_ITEM_CHECK, name, sub));
        }
      else
        pen_setup_items_add (stacked ? rows[i / stack] : plain, PEN_SETUP_ITEM_CHECK, title,
                             sub);
    }
  pen_setup_items_replace (self->deck, plain);
  pen_setup_items_replace (self->order, order);
  gtk_widget_set_visible (self->deck_group, !stacked && !hidden && len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->order_expander), hidden && len > 0);
  for (guint s = 0; s < STACKS; s++)
    {
      static const char *where[] = { N_("Top"), N_("Middle"), N_("Bottom") };
      /* TRANSLATORS: e.g. "Stack 1 · Top" */
      g_autofree char *head = g_strdup_printf (_("Stack %u · %s"), s + 1, _(where[s]));
      g_autofree char *desc = g_strdup_printf (_("With the Difficulty %u Trials"), s + 2);

      pen_setup_group_set_text (self->stack_groups[s], head, desc);
      gtk_widget_set_visible (GTK_WIDGET (self->stack_groups[s]), stacked);
      add_sorted (rows[s], by_name[s]);
      pen_setup_items_replace (self->stacks[s], rows[s]);
      g_object_unref (rows[s]);
      g_ptr_array_unref (by_name[s]);
    }
}

static void
pen_setup_fate_step_refresh (PenSetupStep *step)
{
  PenSetupFateStep *self = PEN_SETUP_FATE_STEP (step);
  PenSetupDraft *draft = pen_setup_step_get_draft (step);
  const PenSetup *setup = pen_setup_draft_get_setup (draft);
  gboolean rules = pen_setup_draft_get_table_trial_row (draft);

  gtk_widget_set_visible (self->rules_box, rules);
  gtk_widget_set_visible (self->listed_box, !rules);
  if (rules)
    {
      refresh_rules (self, setup);
      return;
    }
  gtk_label_set_label (self->listed_intro,
                       setup->ready_made
                       ? _("Build the deck in this order, top to bottom:")
                       : _("Set the Fate deck's cards apart, face down, stack by stack:"));
  gtk_label_set_label (self->deck_note,
                       setup->ready_made
                       ? _("This is the rulebook's first-game deck, three stacks one on top of "
                           "the other; the cards for more players than yours are left out.")
                       : _("The app dealt three stacks by the rules — the Difficulty 2, 3 and 4 "
                           "Trials, a Prophecy in each, the Goal in the first, Events to fill "
                           "up — and keeps their order hidden, as a shuffled deck: each time a "
                           "Fate card is revealed, the Table page names it and the table takes "
                           "that card. Each stack is listed by name, not in its order."));
  gtk_expander_set_expanded (self->order_expander, FALSE);
  refresh_deck (self, setup);
  refresh_left_out (self, setup);
}

static void
pen_setup_fate_step_dispose (GObject *object)
{
  PenSetupFateStep *self = PEN_SETUP_FATE_STEP (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_SETUP_FATE_STEP);
  g_clear_object (&self->rules);
  g_clear_object (&self->deck);
  g_clear_object (&self->order);
  for (guint s = 0; s < STACKS; s++)
    g_clear_object (&self->stacks[s]);
  g_clear_object (&self->left_out);

  G_OBJECT_CLASS (pen_setup_fate_step_parent_class)->dispose (object);
}

static void
pen_setup_fate_step_class_init (PenSetupFateStepClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pen_setup_fate_step_dispose;
  PEN_SETUP_STEP_CLASS (klass)->refresh = pen_setup_fate_step_refresh;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-setup-fate-step.ui");
  gtk_widget_class_bind_template_child (widget_class, PenSetupFateStep, rules_box);
  gtk_widget_class_bind_template_child (widget_class, PenSetupFateStep, rules_list);
  gtk_widget_class_bind_template_child (widget_class, PenSetupFateStep, listed_box);
  gtk_widget_class_bind_template_child (widget_class, PenSetupFateStep, listed_intro);
  gtk_widget_class_bind_template_child (widget_class, PenSetupFateStep, deck_note);
  gtk_widget_class_bind_template_child (widget_class, PenSetupFateStep, order_expander);
  gtk_widget_class_bind_template_child (widget_class, PenSetupFateStep, order_list);
  gtk_widget_class_bind_template_child (widget_class, PenSetupFateStep, deck_group);
  gtk_widget_class_bind_template_child (widget_class, PenSetupFateStep, deck_list);
  gtk_widget_class_bind_template_child (widget_class, PenSetupFateStep, left_out_group);
  gtk_widget_class_bind_template_child (widget_class, PenSetupFateStep, left_out_list);
  for (guint s = 0; s < STACKS; s++)
    {
      g_autofree char *group = g_strdup_printf ("stack_group%u", s);
      g_autofree char *list = g_strdup_printf ("stack_list%u", s);

      gtk_widget_class_bind_template_child_full (widget_class, group, FALSE,
                                                 G_STRUCT_OFFSET (PenSetupFateStep, stack_groups)
                                                 + s * sizeof (gpointer));
      gtk_widget_class_bind_template_child_full (widget_class, list, FALSE,
                                                 G_STRUCT_OFFSET (PenSetupFateStep, stack_lists)
                                                 + s * sizeof (gpointer));
    }
}

static GListStore *
bound_store (GtkListBox *list)
{
  GListStore *store = g_list_store_new (PEN_TYPE_SETUP_ITEM);

  pen_setup_row_bind (list, G_LIST_MODEL (store), NULL);
  return store;
}

static void
pen_setup_fate_step_init (PenSetupFateStep *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rules = bound_store (self->rules_list);
  self->deck = bound_store (self->deck_list);
  self->order = bound_store (self->order_list);
  for (guint s = 0; s < STACKS; s++)
    self->stacks[s] = bound_store (self->stack_lists[s]);
  self->left_out = bound_store (self->left_out_list);
}
