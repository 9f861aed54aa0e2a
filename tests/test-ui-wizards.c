/* test-ui-wizards.c: the Wizard board's sections (PenWizardSection) follow their wizard: what
 * the wizard gains shows at once, what another wizard gains does not, and a section given
 * another wizard shows that one's
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "pen-demo.h"
#include "pen-die-button.h"
#include "pen-wizard-card-row.h"
#include "pen-wizard-cards.h"
#include "pen-wizard-dice.h"
#include "pen-test-gtk-utils.h"

static guint
count (GtkWidget *root,
       GType      type)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  pen_test_collect (root, type, found);
  return found->len;
}

static guint
n_items (GListModel *model)
{
  return g_list_model_get_n_items (model);
}

static void
submit (PenGame   *game,
        PenAction *action)
{
  g_autoptr(PenAction) owned = action;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (owned);
  g_assert_true (pen_game_submit (game, owned, &error));
  g_assert_no_error (error);
}

static void
notified_cb (guint *n)
{
  (*n)++;
}

static void
test_section_follows_wizard (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_demo_new_game (&error);
  PenTable *table;
  PenWizard *ann, *boris;
  GtkWidget *dice, *cards;
  guint notified = 0;

  g_assert_no_error (error);
  table = pen_game_get_table (game);
  ann = pen_table_get_wizard (table, 0);
  boris = pen_table_get_wizard (table, 1);
  dice = g_object_ref_sink (g_object_new (PEN_TYPE_WIZARD_DICE, "wizard", ann, NULL));
  cards = g_object_ref_sink (g_object_new (PEN_TYPE_WIZARD_CARDS, "wizard", ann, NULL));
  g_signal_connect_swapped (dice, "notify::wizard", G_CALLBACK (notified_cb), &notified);
  g_assert_true (pen_wizard_section_get_wizard (PEN_WIZARD_SECTION (dice)) == ann);
  g_assert_cmpuint (n_items (pen_wizard_get_supply (ann)),
                    !=, n_items (pen_wizard_get_supply (boris)));
  g_assert_cmpuint (count (dice, PEN_TYPE_DIE_BUTTON), ==, n_items (pen_wizard_get_supply (ann)));
  g_assert_cmpuint (count (cards, PEN_TYPE_WIZARD_CARD_ROW),
                    ==, n_items (pen_wizard_get_cards (ann)));

  /* another wizard: its dice and cards, one notify */
  g_object_set (dice, "wizard", boris, NULL);
  g_object_set (dice, "wizard", boris, NULL);
  g_object_set (cards, "wizard", boris, NULL);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (count (dice, PEN_TYPE_DIE_BUTTON),
                    ==, n_items (pen_wizard_get_supply (boris)));
  g_assert_cmpuint (count (cards, PEN_TYPE_WIZARD_CARD_ROW),
                    ==, n_items (pen_wizard_get_cards (boris)));

  /* Ann's gains leave them be; Boris's show */
  {
    guint boris_dice = n_items (pen_wizard_get_supply (boris));
    guint boris_cards = n_items (pen_wizard_get_cards (boris));

    submit (game, pen_action_new_die_gain (0, PEN_COLOR_RED, FALSE));
    g_assert_cmpuint (count (dice, PEN_TYPE_DIE_BUTTON), ==, boris_dice);
    submit (game, pen_action_new_die_gain (1, PEN_COLOR_RED, FALSE));
    g_assert_cmpuint (count (dice, PEN_TYPE_DIE_BUTTON), ==, boris_dice + 1);
    submit (game, pen_action_new_card_gain (1, "aranea", NULL));
    g_assert_cmpuint (n_items (pen_wizard_get_cards (boris)), ==, boris_cards + 1);
    g_assert_cmpuint (count (cards, PEN_TYPE_WIZARD_CARD_ROW), ==, boris_cards + 1);
  }

  /* no wizard: nothing shown, and "No dice" says so */
  g_object_set (dice, "wizard", NULL, NULL);
  g_assert_cmpuint (count (dice, PEN_TYPE_DIE_BUTTON), ==, 0);
  g_assert_true (pen_test_has_label (dice, "No dice: a Rest brings them back."));
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    gboolean shown = FALSE;

    pen_test_collect (dice, GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      if (g_str_equal (gtk_label_get_label (g_ptr_array_index (labels, i)),
                       "No dice: a Rest brings them back."))
        shown = gtk_widget_get_visible (g_ptr_array_index (labels, i));
    g_assert_true (shown);
  }
  g_assert_cmpuint (notified, ==, 2);
  /* the old wizard's list is let go: its changes reach nothing */
  submit (game, pen_action_new_die_gain (1, PEN_COLOR_BLUE, FALSE));
  g_assert_cmpuint (count (dice, PEN_TYPE_DIE_BUTTON), ==, 0);

  g_object_unref (dice);
  g_object_unref (cards);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/penumbra/ui/wizards/section-follows-wizard", test_section_follows_wizard);
  return g_test_run ();
}
