/* pen-threat-board.c: the board of the wizard facing a Threat: supply dice and Marks
 *
 * The supply and the Marks are bound to the wizard's list models: a die or a Mark that changes
 * updates its own view, nothing else is rebuilt. Marks whose value is unknown ("?") are never
 * hit in the odds; a notice names them, and each one's "?" takes its value.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-die-view.h"
#include "pen-keep-height.h"
#include "pen-threat-board.h"
#include "pen-threat-mark-row.h"
#include "pen-widget-utils.h"

struct _PenThreatBoard
{
  PenSection           parent_instance;

  AdwPreferencesGroup *board_group;
  GtkLabel            *unknown_label;
  PenKeepHeight       *unknown_keeper;
  GtkFlowBox          *supply_box;
  GtkLabel            *empty_label;
  GtkListBox          *marks_list;

  guint                wizard;
  PenWizard           *shown;   /* whose models the lists are bound to */
};

G_DEFINE_FINAL_TYPE (PenThreatBoard, pen_threat_board, PEN_TYPE_SECTION)

enum
{
  PROP_0,
  PROP_WIZARD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
die_changed_cb (PenDie     *die,
                GParamSpec *pspec,
                PenDieView *view)
{
  g_autofree char *tip = pen_die_view_describe (pen_die_get_color (die), pen_die_get_value (die),
                                                pen_die_get_temporary (die));

  pen_die_view_set_die (view, pen_die_get_color (die), pen_die_get_value (die),
                        pen_die_get_temporary (die));
  pen_widget_set_tooltip_text (GTK_WIDGET (view), tip);
}

static GtkWidget *
create_die (gpointer item,
            gpointer user_data)
{
  GtkWidget *view = pen_die_view_new ();

  die_changed_cb (item, NULL, PEN_DIE_VIEW (view));
  g_signal_connect_object (item, "notify", G_CALLBACK (die_changed_cb), view, 0);
  return view;
}

static GtkWidget *
create_mark (gpointer item,
             gpointer user_data)
{
  return pen_threat_mark_row_new (item);
}

/* after the flow box made its children: dice are not stops for the keyboard */
static void
supply_changed_cb (PenThreatBoard *self,
                   guint           position,
                   guint           removed,
                   guint           added)
{
  for (guint i = position; i < position + added; i++)
    {
      GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index (self->supply_box, i);

      if (child != NULL)
        gtk_widget_set_focusable (GTK_WIDGET (child), FALSE);
    }
}

static void
bind_wizard (PenThreatBoard *self,
             PenWizard      *w)
{
  if (self->shown != NULL)
    g_signal_handlers_disconnect_by_func (pen_wizard_get_supply (self->shown), supply_changed_cb,
                                          self);
  g_set_object (&self->shown, w);
  gtk_flow_box_bind_model (self->supply_box, w ? pen_wizard_get_supply (w) : NULL, create_die,
                           NULL, NULL);
  gtk_list_box_bind_model (self->marks_list, w ? pen_wizard_get_marks (w) : NULL, create_mark,
                           NULL, NULL);
  if (w != NULL)
    {
      g_signal_connect_object (pen_wizard_get_supply (w), "items-changed",
                               G_CALLBACK (supply_changed_cb), self, G_CONNECT_SWAPPED);
      supply_changed_cb (self, 0, 0, g_list_model_get_n_items (pen_wizard_get_supply (w)));
    }
}

static void
pen_threat_board_position_changed (PenSection *section)
{
  PenThreatBoard *self = PEN_THREAT_BOARD (section);
  PenTable *table = pen_section_get_table (section);
  PenWizard *w = table != NULL && self->wizard < pen_table_get_n_players (table)
    ? pen_table_get_wizard (table, self->wizard) : NULL;
  g_autoptr(GPtrArray) unknown = NULL;
  GListModel *marks;
  guint n_unknown = 0, n_supply;
  g_autofree char *title = NULL;
  g_autofree char *supply_title = NULL;

  if (w != self->shown)
    bind_wizard (self, w);
  if (w == NULL)
    return;

  title = g_strdup_printf (_("%s’s Board"), pen_wizard_get_display_name (w));
  adw_preferences_group_set_title (self->board_group, title);
  adw_preferences_group_set_description (self->board_group,
                                         pen_wizard_get_mortal_wound_this_turn (w)
                                         ? _("Already has a Mortal Wound this turn: a die on "
                                             "a wounded Mark brings no second card.")
                                         : NULL);
  n_supply = g_list_model_get_n_items (pen_wizard_get_supply (w));
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label), n_supply == 0);
  supply_title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Supply: %u die",
                                               "Supply: %u dice", n_supply), n_supply);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->supply_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, supply_title, -1);

  marks = pen_wizard_get_marks (w);
  unknown = g_ptr_array_new ();
  for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);

      if (pen_mark_get_value (mark) == 0)
        g_ptr_array_add (unknown,
                         (gpointer) pen_mark_kind_get_mark_name (pen_mark_get_kind (mark)));
    }
  n_unknown = unknown->len;
  gtk_widget_set_visible (GTK_WIDGET (self->marks_list), g_list_model_get_n_items (marks) > 0);
  if (n_unknown > 0)
    {
      g_autofree char *names = NULL;
      g_autofree char *text = NULL;

      g_ptr_array_add (unknown, NULL);
      /* the list of names is in the language of the page */
      names = g_strjoinv (", ", (char **) unknown->pdata);
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "⚠ %u Mark has no value entered yet: %s. The odds "
                                           "treat it as never hit. Tap “?” to enter the value "
                                           "printed under its cell.",
                                           "⚠ %u Marks have no value entered yet: %s. The odds "
                                           "treat them as never hit. Tap “?” to enter the values "
                                           "printed under their cells.",
                                           n_unknown), n_unknown, names);
      gtk_label_set_label (self->unknown_label, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->unknown_label), n_unknown > 0);
  /* a value entered shortens the warning, or ends it: the Marks under it stay where they
   * were until the turn is over (play finding T11) */
  {
    g_autofree char *key = g_strdup_printf ("%u:%u", self->wizard, pen_table_get_turn (table));

    pen_keep_height_set_key (self->unknown_keeper, key);
    gtk_widget_set_visible (GTK_WIDGET (self->unknown_keeper),
                            n_unknown > 0 || pen_keep_height_get_holding (self->unknown_keeper));
  }
}

guint
pen_threat_board_get_wizard (PenThreatBoard *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_BOARD (self), 0);
  return self->wizard;
}

void
pen_threat_board_set_wizard (PenThreatBoard *self,
                             guint           wizard)
{
  g_return_if_fail (PEN_IS_THREAT_BOARD (self));

  if (self->wizard == wizard)
    return;
  self->wizard = wizard;
  pen_section_queue_refresh (PEN_SECTION (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIZARD]);
}

static void
pen_threat_board_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_WIZARD:
      g_value_set_uint (value, PEN_THREAT_BOARD (object)->wizard);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_threat_board_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_WIZARD:
      pen_threat_board_set_wizard (PEN_THREAT_BOARD (object), g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_threat_board_dispose (GObject *object)
{
  PenThreatBoard *self = PEN_THREAT_BOARD (object);

  if (self->shown != NULL)
    bind_wizard (self, NULL);
  /* the group is a template child and the bin's child: the bin lets go of it first */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_THREAT_BOARD);

  G_OBJECT_CLASS (pen_threat_board_parent_class)->dispose (object);
}

static void
pen_threat_board_class_init (PenThreatBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_threat_board_dispose;
  object_class->get_property = pen_threat_board_get_property;
  object_class->set_property = pen_threat_board_set_property;
  section_class->position_changed = pen_threat_board_position_changed;

  properties[PROP_WIZARD] =
    g_param_spec_uint ("wizard", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (PEN_TYPE_KEEP_HEIGHT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-threat-board.ui");
  gtk_widget_class_bind_template_child (widget_class, PenThreatBoard, board_group);
  gtk_widget_class_bind_template_child (widget_class, PenThreatBoard, unknown_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatBoard, unknown_keeper);
  gtk_widget_class_bind_template_child (widget_class, PenThreatBoard, supply_box);
  gtk_widget_class_bind_template_child (widget_class, PenThreatBoard, empty_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatBoard, marks_list);
}

static void
pen_threat_board_init (PenThreatBoard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* the title holds the wizard's name, long at times */
  pen_preferences_group_wrap_title (self->board_group);
}
