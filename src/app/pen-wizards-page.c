/* pen-wizards-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-rival-panel.h"
#include "pen-show.h"
#include "pen-wizard-board.h"
#include "pen-wizards-page.h"

struct _PenWizardsPage
{
  AdwBin      parent_instance;

  GtkFlowBox *boards_box;

  PenGame    *game;
};

G_DEFINE_FINAL_TYPE (PenWizardsPage, pen_wizards_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

enum {
  SUBMIT,
  SHOW_RULE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Reports an action upward; the window submits it to the game. */
static void G_GNUC_UNUSED
submit (PenWizardsPage *self,
        const char *action_json)
{
  g_signal_emit (self, signals[SUBMIT], 0, action_json);
}

static void
board_submit_cb (PenWizardsPage *self,
                 const char     *action_json)
{
  submit (self, action_json);
}

static void
board_show_rule_cb (PenWizardsPage *self,
                    const char     *term)
{
  g_signal_emit (self, signals[SHOW_RULE], 0, term);
}

static GtkWidget *
create_board (gpointer item,
              gpointer user_data)
{
  PenWizardsPage *self = user_data;
  PenTable *table = pen_game_get_table (self->game);
  PenWizardBoard *board = pen_wizard_board_new ();
  GListModel *players = pen_table_get_players (table);
  guint index = 0;

  /* the board's index in the turn order is the wizard's id in actions */
  for (guint i = 0; i < g_list_model_get_n_items (players); i++)
    {
      g_autoptr(PenWizard) w = g_list_model_get_item (players, i);
      if (w == item)
        index = i;
    }
  pen_wizard_board_set_wizard (board, table, item, index);
  g_signal_connect_object (board, "submit", G_CALLBACK (board_submit_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (board, "show-rule", G_CALLBACK (board_show_rule_cb), self,
                           G_CONNECT_SWAPPED);
  return GTK_WIDGET (board);
}

static void
update_status (PenWizardsPage *self)
{
  PenTable *table;
  PenScoreSheet *sheet;
  GtkWidget *child;
  guint i = 0;

  if (self->game == NULL)
    return;
  table = pen_game_get_table (self->game);
  sheet = pen_show_score (table);
  for (child = gtk_widget_get_first_child (GTK_WIDGET (self->boards_box)); child != NULL;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      PenWizardBoard *board = PEN_WIZARD_BOARD (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child)));
      g_autofree char *turn = NULL;
      int score = 0;

      if (i < sheet->results->len)
        score = ((PenScoreResult *) g_ptr_array_index (sheet->results, i))->total;
      if (i == pen_table_get_current (table) && pen_table_get_phase (table) != PEN_PHASE_ENDED)
        {
          PenTurnKind kind = pen_table_get_turn_kind (table);
          int left = pen_table_get_placements_left (table);

          if (kind == PEN_TURN_STUDY)
            turn = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Study · %d placement left",
                                                 "Study · %d placements left", left), left);
          else if (kind == PEN_TURN_NONE)
            turn = g_strdup (_("Their turn"));
          else
            turn = g_strdup (pen_turn_kind_get_label (kind));
        }
      pen_wizard_board_set_status (board, turn, score);
    }
  pen_score_sheet_free (sheet);
}

static void
game_changed (PenWizardsPage *self)
{
  if (self->game == NULL)
    {
      gtk_flow_box_bind_model (self->boards_box, NULL, NULL, NULL, NULL);
      return;
    }
  gtk_flow_box_bind_model (self->boards_box,
                           pen_table_get_players (pen_game_get_table (self->game)),
                           create_board, self, NULL);
  g_signal_connect_object (self->game, "notify::position", G_CALLBACK (update_status), self,
                           G_CONNECT_SWAPPED);
  update_status (self);
}

PenGame *
pen_wizards_page_get_game (PenWizardsPage *self)
{
  return self->game;
}

void
pen_wizards_page_set_game (PenWizardsPage *self,
                          PenGame *game)
{
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (!g_set_object (&self->game, game))
    return;
  game_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

static void
pen_wizards_page_dispose (GObject *object)
{
  PenWizardsPage *self = PEN_WIZARDS_PAGE (object);

  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_WIZARDS_PAGE);

  G_OBJECT_CLASS (pen_wizards_page_parent_class)->dispose (object);
}

static void
pen_wizards_page_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  PenWizardsPage *self = PEN_WIZARDS_PAGE (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_wizards_page_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  PenWizardsPage *self = PEN_WIZARDS_PAGE (object);

  switch (prop_id)
    {
    case PROP_GAME:
      pen_wizards_page_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Boards side by side when there is room for them (a board reads well from about 560 px):
 * GtkFlowBox alone places by natural width, which puts one board per line even on wide
 * screens. The page lays its child out itself for that (no layout manager). */
static void
pen_wizards_page_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  *minimum = *natural = 0;
  if (child != NULL)
    gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline,
                        natural_baseline);
}

static void
pen_wizards_page_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  PenWizardsPage *self = PEN_WIZARDS_PAGE (widget);
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));
  guint per_line = CLAMP (width / 560, 1, 4);

  if (gtk_flow_box_get_min_children_per_line (self->boards_box) != per_line)
    gtk_flow_box_set_min_children_per_line (self->boards_box, per_line);
  if (child != NULL)
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

static void
pen_wizards_page_class_init (PenWizardsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_wizards_page_dispose;
  widget_class->measure = pen_wizards_page_measure;
  widget_class->size_allocate = pen_wizards_page_size_allocate;
  object_class->get_property = pen_wizards_page_get_property;
  object_class->set_property = pen_wizards_page_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PEN_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* An action as JSON text, for the window to submit */
  signals[SUBMIT] = g_signal_new ("submit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* A game term whose rule the user asked for: the window shows it on the Rules page */
  signals[SHOW_RULE] = g_signal_new ("show-rule", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /* the solo Rival's turn, above the boards (pen-rival-panel.h) */
  g_type_ensure (PEN_TYPE_RIVAL_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-wizards-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PenWizardsPage, boards_box);
  gtk_widget_class_bind_template_callback (widget_class, board_submit_cb);
}

static void
pen_wizards_page_init (PenWizardsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* measure and size_allocate below lay the child out */
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
}
