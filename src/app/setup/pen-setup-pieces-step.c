/* pen-setup-pieces-step.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-box.h"
#include "pen-card.h"
#include "pen-catalog.h"
#include "pen-setup-cards.h"
#include "pen-setup-pieces-step.h"
#include "pen-setup-row.h"
#include "pen-table-card.h"
#include "pen-turn.h"

#define MAX_WIZARDS PEN_SETUP_DRAFT_MAX_WIZARDS

struct _PenSetupPiecesStep
{
  PenSetupStep         parent_instance;

  GtkLabel            *message;
  AdwPreferencesGroup *groups[MAX_WIZARDS];
  GtkListBox          *lists[MAX_WIZARDS];

  GListStore          *pieces[MAX_WIZARDS];
};

G_DEFINE_FINAL_TYPE (PenSetupPiecesStep, pen_setup_pieces_step, PEN_TYPE_SETUP_STEP)

/* The player (as given) who takes the w-th turn */
static guint
player_of (PenSetupDraft *draft,
           guint          w)
{
  guint order[PEN_SETUP_DRAFT_MAX_PLAYERS];

  pen_setup_draft_get_order (draft, order);
  return order[w];
}

/* What the kept Talent shows besides its Mark (Setup › Talents): the starting Discipline card
 * and the starting Ingredients, asked when the catalogue does not know them */
static void
talent_pieces (PenSetupDraft *draft,
               PenWizard     *wizard,
               guint          w,
               GListStore    *rows)
{
  guint player = player_of (draft, w);
  const char *start_card = pen_setup_draft_get_start_card (draft, player);
  const char *name = pen_wizard_get_display_name (wizard);
  const char *talent = pen_setup_draft_get_talent (draft, player);
  gboolean named_talent = talent != NULL && !pen_setup_is_placeholder (talent)
                          && pen_catalog_lookup (pen_catalog_get_default (), talent) != NULL
                          && !pen_card_id_is_placeholder (talent);

  if (pen_setup_draft_get_physical (draft))
    {
      /* TRANSLATORS: a wizard's name: the field where the table says its starting card */
      g_autofree char *a11y = g_strdup_printf (_("%s: starting Discipline card"), name);
      g_autoptr(PenSetupItem) item = NULL;

      item = pen_setup_item_new_field (PEN_SETUP_ITEM_START_CARD, _("Starting Discipline card"),
                                       _("Shown on the Talent. Not named: the end sheet "
                                         "asks for it."),
                                       a11y, player, 0, 0);
      g_list_store_append (rows, item);
    }
  else if (start_card != NULL)
    {
      g_autofree char *title = g_strdup_printf (_("Starting Discipline card: %s"),
                                                pen_turn_card_name (start_card));

      pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, title,
                           _("Named on the Talent and added to the wizard’s cards; a Spell "
                             "goes below the board, in the Grimoire"));
    }
  else
    pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, _("Starting Discipline card"),
                         _("Shown on the Talent; a Spell goes in the Grimoire. The app adds it "
                           "unnamed: the end sheet asks for it."));

  if (pen_setup_draft_get_ingredients_known (draft, player))
    {
      g_autoptr(GString) list = g_string_new (NULL);
      g_autofree char *title = NULL;

      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        {
          guint count = pen_setup_draft_get_ingredient (draft, player, k);
          g_autofree char *amount = NULL;

          if (count == 0)
            continue;
          amount = pen_ingredient_format_amount (k, count);
          if (list->len > 0)
            g_string_append (list, ", ");
          g_string_append (list, amount);
        }
      /* TRANSLATORS: the Ingredients a Talent starts with: "2 Fruits, 1 Blood" */
      title = g_strdup_printf (_("Starting Ingredients: %s"),
                               list->len > 0 ? list->str : C_("ingredients", "none"));
      pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, title,
                           _("As the table entered them for this Talent before"));
      return;
    }
  pen_setup_items_add (rows, PEN_SETUP_ITEM_PLAIN, _("Starting Ingredients"),
                       named_talent
                       ? _("Shown on the Talent: enter them. The app remembers them for this "
                           "Talent.")
                       : _("Shown on the Talent: enter them."));
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    {
      /* TRANSLATORS: a wizard, then an Ingredient: "Boris: starting Fruits" */
      g_autofree char *a11y = g_strdup_printf (_("%s: starting %s"), name,
                                               pen_ingredient_get_label (k));
      g_autoptr(PenSetupItem) item = NULL;

      item = pen_setup_item_new_field (PEN_SETUP_ITEM_INGREDIENT, pen_ingredient_get_label (k),
                                       NULL, a11y, player, k,
                                       pen_setup_draft_get_ingredient (draft, player, k));
      g_list_store_append (rows, item);
    }
}

static void
wizard_pieces (PenSetupDraft *draft,
               PenWizard     *wizard,
               guint          w,
               GListStore    *rows)
{
  GListModel *marks = pen_wizard_get_marks (wizard);
  GListModel *supply = pen_wizard_get_supply (wizard);
  gboolean rival = pen_wizard_get_rival (wizard);
  g_autoptr(GString) dice = g_string_new (NULL);
  g_autoptr(GString) faces = g_string_new (NULL);

  /* the Rival's Marks sit in its own board's cells too (play finding V2: its Spark Mark was
   * laid "in the first Spark cell" of no board) */
  pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, _("Wizard board"),
                       rival ? _("A spare one, for its Marks: any colour")
                             : _("Any colour: the boards play the same"));
  for (guint m = 0; m < g_list_model_get_n_items (marks); m++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (marks, m);
      PenMarkKind kind = pen_mark_get_kind (mark);

      if (kind == PEN_MARK_SPARK)
        pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, _("Spark Mark"),
                             _("In the first (leftmost) Spark cell"));
      else
        pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, pen_mark_kind_get_mark_name (kind),
                             _("The starting Mark, in the first (leftmost) cell"));
    }
  if (!rival)
    talent_pieces (draft, wizard, w, rows);

  for (guint d = 0; d < g_list_model_get_n_items (supply); d++)
    {
      g_autoptr(PenDie) die = g_list_model_get_item (supply, d);

      if (d > 0)
        {
          g_string_append (dice, ", ");
          g_string_append (faces, ", ");
        }
      g_string_append (dice, pen_color_get_label (pen_die_get_color (die)));
      g_string_append_printf (faces, "%s %u", pen_color_get_label (pen_die_get_color (die)),
                              pen_die_get_value (die));
    }
  if (!pen_setup_draft_get_physical (draft))
    {
      g_autofree char *title = g_strdup_printf (_("Dice: %s"), dice->str);
      g_autofree char *sub = g_strdup_printf (_("Rolled: %s"), faces->str);

      pen_setup_items_add (rows, PEN_SETUP_ITEM_CHECK, title, sub);
      return;
    }
  for (guint d = 0; d < g_list_model_get_n_items (supply) && d < PEN_SETUP_DRAFT_MAX_DICE; d++)
    {
      g_autoptr(PenDie) die = g_list_model_get_item (supply, d);
      const char *title = pen_color_get_die_name (pen_die_get_color (die));
      /* TRANSLATORS: a wizard, then a die's name: "Boris: face rolled, Bone die" */
      g_autofree char *a11y = g_strdup_printf (_("%s: face rolled, %s"),
                                               pen_wizard_get_display_name (wizard), title);
      guint typed = pen_setup_draft_get_die (draft, w, d);
      g_autoptr(PenSetupItem) item = pen_setup_item_new_die (title,
                                                             _("Roll it and enter the face"),
                                                             a11y, w, d, typed);

      g_list_store_append (rows, item);
    }
}

static void
pen_setup_pieces_step_refresh (PenSetupStep *step)
{
  PenSetupPiecesStep *self = PEN_SETUP_PIECES_STEP (step);
  PenSetupDraft *draft = pen_setup_step_get_draft (step);
  g_autoptr(GError) error = NULL;
  PenTable *table = pen_setup_draft_get_preview (draft, &error);
  guint n = table != NULL ? pen_table_get_n_players (table) : 0;

  if (table == NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("The game cannot be created: %s"),
                                              error->message);
      gtk_label_set_label (self->message, msg);
    }
  else
    gtk_label_set_label (self->message,
                         pen_setup_draft_get_physical (draft)
                         ? _("Each wizard takes these pieces and rolls the dice. Enter the faces "
                             "rolled.")
                         : _("Each wizard takes these pieces. The app has rolled the dice: set "
                             "each die to the face shown."));
  for (guint w = 0; w < MAX_WIZARDS; w++)
    {
      g_autoptr(GListStore) rows = g_list_store_new (PEN_TYPE_SETUP_ITEM);

      gtk_widget_set_visible (GTK_WIDGET (self->groups[w]), w < n);
      if (w < n)
        {
          PenWizard *wizard = pen_table_get_wizard (table, w);
          gboolean rival = pen_wizard_get_rival (wizard);
          g_autofree char *heading = rival ? g_strdup (pen_wizard_get_display_name (wizard))
                                           : g_strdup_printf (_("%u. %s"), w + 1,
                                                              pen_wizard_get_display_name (wizard));

          pen_setup_group_set_text (self->groups[w], heading,
                                    rival ? _("The app plays the Rival by its own rules, "
                                              "not by the solo-mode sheet: lay out only these "
                                              "pieces for it.") : NULL);
          wizard_pieces (draft, wizard, w, rows);
        }
      pen_setup_items_replace (self->pieces[w], rows);
    }
}

static void
pen_setup_pieces_step_draft_set (PenSetupStep  *step,
                                 PenSetupDraft *draft)
{
  PenSetupPiecesStep *self = PEN_SETUP_PIECES_STEP (step);

  for (guint w = 0; w < MAX_WIZARDS; w++)
    pen_setup_row_bind (self->lists[w], G_LIST_MODEL (self->pieces[w]), draft);
}

static void
pen_setup_pieces_step_dispose (GObject *object)
{
  PenSetupPiecesStep *self = PEN_SETUP_PIECES_STEP (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_SETUP_PIECES_STEP);
  for (guint w = 0; w < MAX_WIZARDS; w++)
    g_clear_object (&self->pieces[w]);

  G_OBJECT_CLASS (pen_setup_pieces_step_parent_class)->dispose (object);
}

static void
pen_setup_pieces_step_class_init (PenSetupPiecesStepClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSetupStepClass *step_class = PEN_SETUP_STEP_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pen_setup_pieces_step_dispose;
  step_class->draft_set = pen_setup_pieces_step_draft_set;
  step_class->refresh = pen_setup_pieces_step_refresh;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-setup-pieces-step.ui");
  gtk_widget_class_bind_template_child (widget_class, PenSetupPiecesStep, message);
  for (guint w = 0; w < MAX_WIZARDS; w++)
    {
      g_autofree char *group = g_strdup_printf ("group%u", w);
      g_autofree char *list = g_strdup_printf ("list%u", w);

      gtk_widget_class_bind_template_child_full (widget_class, group, FALSE,
                                                 G_STRUCT_OFFSET (PenSetupPiecesStep, groups)
                                                 + w * sizeof (gpointer));
      gtk_widget_class_bind_template_child_full (widget_class, list, FALSE,
                                                 G_STRUCT_OFFSET (PenSetupPiecesStep, lists)
                                                 + w * sizeof (gpointer));
    }
}

static void
pen_setup_pieces_step_init (PenSetupPiecesStep *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint w = 0; w < MAX_WIZARDS; w++)
    self->pieces[w] = g_list_store_new (PEN_TYPE_SETUP_ITEM);
}
