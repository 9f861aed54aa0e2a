/* pen-wizard-board.c
 *
 * One wizard's board: a header (name, points, whose turn) over four sections bound to the
 * wizard (pen-wizard-board.ui): the Marks, the dice, the Ingredients and the cards. The
 * sections draw what changed in the wizard's properties and lists; their buttons and menus
 * activate the board's actions (board.die, board.mark, …), which become typed actions here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-place-dialog.h"
#include "pen-table-util.h"
#include "pen-width-bin.h"
#include "pen-wizard-board.h"
#include "pen-wizard-cards.h"
#include "pen-wizard-dice.h"
#include "pen-wizard-ingredients.h"
#include "pen-wizard-marks.h"

struct _PenWizardBoard
{
  PenSection  parent_instance;

  GtkWidget  *turn_badge;     /* the turn label's PenWidthBin */
  GtkLabel   *turn_label;
  GtkLabel   *score_label;

  PenWizard  *wizard;
  PenTable   *table;
  guint       index;
};

G_DEFINE_FINAL_TYPE (PenWizardBoard, pen_wizard_board, PEN_TYPE_SECTION)

enum {
  PROP_0,
  PROP_WIZARD,
  PROP_TABLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Reports an action upward (taking it); the window submits it to the game. */
static void
submit (PenWizardBoard *self,
        PenAction      *action)
{
  pen_section_submit_new (PEN_SECTION (self), action);
}

/* ---- actions ---- */

static void
place_then (PenSection *section,
            gpointer    action)
{
  pen_section_submit (section, action);
}

/* A Contract fulfilled at the Guild asks its reward's cards first (Contracts and Trials ›
 * Rewards › Cards), as the Guild cell's popover does; the place dialog waits for that window */
static void
place_submit_cb (PenWizardBoard *self,
                 PenAction      *action)
{
  pen_tu_ask_reward_cards (PEN_SECTION (self), action, place_then);
}

/* "Place in a location": where it may go now, and the place's effect, in one step */
static void
place_in_location (PenWizardBoard *self,
                   guint           index)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GError) error = NULL;
  PenPlaceDialog *dialog;

  dialog = pen_place_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                 pen_section_get_game (PEN_SECTION (self)), self->index, index,
                                 &error);
  if (dialog == NULL)
    {
      g_critical ("%s: %s", G_OBJECT_TYPE_NAME (self), error->message);
      return;
    }
  g_signal_connect_object (dialog, "submit", G_CALLBACK (place_submit_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
die_activated (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  PenWizardBoard *self = PEN_WIZARD_BOARD (widget);
  const char *op;
  guint index;
  int arg;

  g_variant_get (param, "(&sui)", &op, &index, &arg);
  gboolean primagic = op[0] == 'p';

  if (g_str_equal (op, "adjust") || g_str_equal (op, "p-adjust"))
    submit (self, pen_action_new_die_adjust (self->index, index, arg, primagic));
  else if (g_str_equal (op, "flip") || g_str_equal (op, "p-flip"))
    submit (self, pen_action_new_die_flip (self->index, index, primagic));
  else if (g_str_equal (op, "reroll") || g_str_equal (op, "p-reroll"))
    submit (self, pen_action_new_die_reroll (self->index, index, primagic));
  else if (g_str_equal (op, "set"))
    submit (self, pen_action_new_die_set (self->index, index, arg));
  else if (g_str_equal (op, "recolor"))
    submit (self, pen_action_new_die_recolor (self->index, index, arg));
  else if (g_str_equal (op, "place"))
    place_in_location (self, index);
  else if (g_str_equal (op, "discard"))
    submit (self, pen_action_new_die_discard (self->index, index));
}

static void
mark_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  PenWizardBoard *self = PEN_WIZARD_BOARD (widget);
  const char *op;
  guint cell;

  g_variant_get (param, "(&su)", &op, &cell);
  if (g_str_equal (op, "heal-fruits"))
    {
      /* Primagic Heal: 2 Fruits, then the Mark heals (two steps in the history) */
      submit (self, pen_action_new_ingredient_spend (self->index, PEN_INGREDIENT_FRUIT, 2));
      op = "heal";
    }
  submit (self, pen_action_new_mark (op, self->index, cell));
}

static void
gain_mark_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  PenWizardBoard *self = PEN_WIZARD_BOARD (widget);

  int kind = pen_mark_kind_from_string (g_variant_get_string (param, NULL));

  g_return_if_fail (kind >= 0);
  submit (self, pen_action_new_mark_gain (self->index, kind));
}

static void
gain_die_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  PenWizardBoard *self = PEN_WIZARD_BOARD (widget);

  int color = pen_color_from_string (g_variant_get_string (param, NULL));

  g_return_if_fail (color >= 0);
  submit (self, pen_action_new_die_gain (self->index, color, FALSE));
}

static void
ingredient_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  PenWizardBoard *self = PEN_WIZARD_BOARD (widget);
  const char *id;
  int delta;

  g_variant_get (param, "(&si)", &id, &delta);
  g_return_if_fail (pen_ingredient_from_string (id) >= 0);
  if (delta > 0)
    submit (self, pen_action_new_ingredient_gain (self->index, pen_ingredient_from_string (id), 1));
  else
    submit (self, pen_action_new_ingredient_spend (self->index, pen_ingredient_from_string (id),
                                                   1));
}

static void
fate_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  PenWizardBoard *self = PEN_WIZARD_BOARD (widget);
  const char *what;
  int delta;

  g_variant_get (param, "(&si)", &what, &delta);
  if (g_str_equal (what, "wounds"))
    {
      if (delta > 0)
        submit (self, pen_action_new_mortal_wound (self->index));
      else
        {
          g_autofree char *target = g_strdup_printf ("players[%u].mortal_wounds", self->index);
          guint wounds = MAX (pen_wizard_get_mortal_wounds (self->wizard), 1) - 1;

          submit (self, pen_action_new_correct_int (target, wounds));
        }
    }
  else if (g_str_equal (what, "light"))
    submit (self, pen_action_new_fate (self->index, delta, 0));
  else
    submit (self, pen_action_new_fate (self->index, 0, delta));
}

static void
card_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  PenWizardBoard *self = PEN_WIZARD_BOARD (widget);
  const char *op, *id;
  int index;

  g_variant_get (param, "(&s&s)", &op, &id);
  index = pen_wizard_find_card (self->wizard, id);
  if (index < 0)
    return;
  if (g_str_equal (op, "rotate"))
    {
      g_autoptr(PenTableCard) card = g_list_model_get_item (pen_wizard_get_cards (self->wizard),
                                                            index);
      submit (self, pen_action_new_card_rotate (self->index, id,
                                                !pen_table_card_get_rotated (card)));
    }
  else
    submit (self, pen_action_new_card_discard (self->index, id));
}

static void
gain_card_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  PenWizardBoard *self = PEN_WIZARD_BOARD (widget);

  submit (self, pen_action_new_card_gain (self->index, g_variant_get_string (param, NULL), NULL));
}

/* A "?" beside a heading: the window opens the rule for the term (a rules section id) */
static void
rule_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  pen_section_show_rule (PEN_SECTION (widget), g_variant_get_string (param, NULL));
}

/* ---- setup ---- */

/* The name shown in the header: the solo Rival's is translated (its name in the game is not) */
static char *
display_name_cb (PenWizardBoard *self,
                 const char     *name)
{
  return g_strdup (self->wizard != NULL ? pen_wizard_get_display_name (self->wizard) : name);
}

void
pen_wizard_board_set_wizard (PenWizardBoard *self,
                             PenTable       *table,
                             PenWizard      *wizard,
                             guint           index)
{
  g_return_if_fail (PEN_IS_WIZARD_BOARD (self));

  self->index = index;
  if (g_set_object (&self->table, table))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE]);
  if (g_set_object (&self->wizard, wizard))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIZARD]);
}

PenWizard *
pen_wizard_board_get_wizard (PenWizardBoard *self)
{
  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), NULL);

  return self->wizard;
}

void
pen_wizard_board_set_status (PenWizardBoard *self,
                             const char     *turn_text,
                             int             score)
{
  g_autofree char *points = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point",
                                                          "%d points", ABS (score)), score);

  /* hidden, not gone: the badge's row stays on every board (pen-wizard-board.ui) */
  gtk_widget_set_opacity (self->turn_badge, turn_text != NULL ? 1 : 0);
  gtk_label_set_label (self->turn_label, turn_text != NULL ? turn_text : "");
  gtk_label_set_label (self->score_label, points);
  if (turn_text != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self), "current");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "current");
}

void
pen_wizard_board_set_score_label (PenWizardBoard *self,
                                  const char     *label)
{
  g_return_if_fail (PEN_IS_WIZARD_BOARD (self));

  gtk_label_set_label (self->score_label, label);
}

static void
pen_wizard_board_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  PenWizardBoard *self = PEN_WIZARD_BOARD (object);

  switch (prop_id)
    {
    case PROP_WIZARD:
      g_value_set_object (value, self->wizard);
      break;
    case PROP_TABLE:
      g_value_set_object (value, self->table);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_wizard_board_dispose (GObject *object)
{
  PenWizardBoard *self = PEN_WIZARD_BOARD (object);

  pen_wizard_board_set_wizard (self, NULL, NULL, 0);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_WIZARD_BOARD);

  G_OBJECT_CLASS (pen_wizard_board_parent_class)->dispose (object);
}

static void
pen_wizard_board_class_init (PenWizardBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = pen_wizard_board_get_property;
  object_class->dispose = pen_wizard_board_dispose;

  /* set through pen_wizard_board_set_wizard (); the sections bind to them */
  properties[PROP_WIZARD] =
    g_param_spec_object ("wizard", NULL, NULL, PEN_TYPE_WIZARD,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TABLE] =
    g_param_spec_object ("table", NULL, NULL, PEN_TYPE_TABLE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (PEN_TYPE_WIZARD);
  g_type_ensure (PEN_TYPE_WIZARD_CARDS);
  g_type_ensure (PEN_TYPE_WIZARD_DICE);
  g_type_ensure (PEN_TYPE_WIZARD_INGREDIENTS);
  g_type_ensure (PEN_TYPE_WIZARD_MARKS);
  g_type_ensure (PEN_TYPE_WIDTH_BIN);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-wizard-board.ui");
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, turn_badge);
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, turn_label);
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, score_label);
  gtk_widget_class_bind_template_callback (widget_class, display_name_cb);

  gtk_widget_class_install_action (widget_class, "board.die", "(sui)", die_activated);
  gtk_widget_class_install_action (widget_class, "board.mark", "(su)", mark_activated);
  gtk_widget_class_install_action (widget_class, "board.gain-mark", "s", gain_mark_activated);
  gtk_widget_class_install_action (widget_class, "board.gain-die", "s", gain_die_activated);
  gtk_widget_class_install_action (widget_class, "board.ingredient", "(si)",
                                   ingredient_activated);
  gtk_widget_class_install_action (widget_class, "board.fate", "(si)", fate_activated);
  gtk_widget_class_install_action (widget_class, "board.card", "(ss)", card_activated);
  /* card id: a card the wizard gains (a reward, a purchase, a class) */
  gtk_widget_class_install_action (widget_class, "board.gain-card", "s", gain_card_activated);
  gtk_widget_class_install_action (widget_class, "board.none", NULL, NULL);
  gtk_widget_class_install_action (widget_class, "board.rule", "s", rule_activated);
}

static void
pen_wizard_board_init (PenWizardBoard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "board.none", FALSE);
  /* a board below the fold draws nothing (pen-section.c, "Culling") */
  pen_section_set_cull (PEN_SECTION (self), TRUE);
}

PenWizardBoard *
pen_wizard_board_new (void)
{
  return g_object_new (PEN_TYPE_WIZARD_BOARD, NULL);
}
