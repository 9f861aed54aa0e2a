/* pen-mark-cell.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-mark-cell.h"
#include "pen-widget-utils.h"

struct _PenMarkCell
{
  AdwBin         parent_instance;

  GtkMenuButton *button;
  GtkLabel      *kind_label;
  GtkImage      *state_icon;
  GtkLabel      *value_label;

  guint          cell;
  PenWizard     *wizard;
  int            shown[3];   /* kind (-1: empty), state, value: what is drawn */
};

G_DEFINE_FINAL_TYPE (PenMarkCell, pen_mark_cell, ADW_TYPE_BIN)

static const char *
state_icon (PenMarkState state)
{
  switch (state)
    {
    case PEN_MARK_CHARGED: return "go-up-symbolic";
    case PEN_MARK_DISCHARGED: return "go-down-symbolic";
    case PEN_MARK_WOUNDED: return "emblem-important-symbolic";
    case PEN_N_MARK_STATES:
    default:
      return NULL;
    }
}

static GMenuModel *
mark_menu (PenMarkCell *self)
{
  GMenu *menu = g_menu_new ();
  guint cell = self->cell;
  PenMark *mark = pen_wizard_get_mark_in_cell (self->wizard, cell);

  if (mark == NULL)
    {
      gboolean spark = cell >= PEN_DISCIPLINE_CELLS;

      if ((int) cell != pen_wizard_first_free_cell (self->wizard, spark))
        {
          g_menu_append (menu, _("Marks fill the cells from left to right"), "board.none");
          return G_MENU_MODEL (menu);
        }
      if (spark)
        g_menu_append (menu, _("Gain a Spark Mark"), "board.gain-mark::spark");
      else
        for (guint k = 0; k < PEN_MARK_SPARK; k++)
          {
            /* Translators: "Gain a Ruby Mark"; %s already holds its article */
            g_autofree char *label = g_strdup_printf (_("Gain %s"),
                                                      pen_mark_kind_get_mark_object (k));
            g_autofree char *detailed = g_strdup_printf ("board.gain-mark::%s",
                                                         pen_mark_kind_to_string (k));
            g_menu_append (menu, label, detailed);
          }
      return G_MENU_MODEL (menu);
    }

#define ITEM(label, op)                                                            \
  G_STMT_START {                                                                   \
    g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);                     \
    g_menu_item_set_action_and_target (item, "board.mark", "(su)", op, cell);      \
    g_menu_append_item (menu, item);                                               \
  } G_STMT_END

  switch (pen_mark_get_state (mark))
    {
    case PEN_MARK_CHARGED:
      ITEM (_("Use the Mark"), "use");
      ITEM (_("Wound"), "wound");
      break;
    case PEN_MARK_DISCHARGED:
      ITEM (_("Recharge"), "recharge");
      ITEM (_("Wound"), "wound");
      break;
    case PEN_MARK_WOUNDED:
      ITEM (_("Heal (and take its Rest effect)"), "heal");
      ITEM (_("Heal for 2 Fruits (Primagic)"), "heal-fruits");
      ITEM (_("Flip to pay 1 Blood"), "blood");
      break;
    case PEN_N_MARK_STATES:
    default:
      break;
    }
#undef ITEM
  {
    g_autoptr(GMenu) help = g_menu_new ();

    g_menu_append (help, _("What the States Mean"), "board.rule::mark-states");
    g_menu_append_section (menu, NULL, G_MENU_MODEL (help));
  }
  return G_MENU_MODEL (menu);
}

static void
popup_cb (GtkMenuButton *button,
          gpointer       user_data)
{
  PenMarkCell *self = user_data;
  g_autoptr(GMenuModel) menu = NULL;

  if (self->wizard == NULL)
    return;
  menu = mark_menu (self);
  gtk_menu_button_set_menu_model (button, menu);
}

void
pen_mark_cell_show (PenMarkCell *self,
                    PenWizard   *wizard,
                    guint        face)
{
  PenMark *mark = wizard ? pen_wizard_get_mark_in_cell (wizard, self->cell) : NULL;
  int kind = mark ? (int) pen_mark_get_kind (mark) : -1;
  int state = mark ? (int) pen_mark_get_state (mark) : -1;
  guint value = mark && pen_mark_get_value (mark) ? pen_mark_get_value (mark) : face;
  g_autofree char *value_text = value ? g_strdup_printf ("⚀%u", value) : g_strdup ("⚀?");
  g_autofree char *access = NULL;
  const char *classes[] = { "mark-cell", NULL, NULL, NULL, NULL };
  GtkWidget *button = GTK_WIDGET (self->button);

  g_return_if_fail (PEN_IS_MARK_CELL (self));

  g_set_object (&self->wizard, wizard);
  if (self->shown[0] == kind && self->shown[1] == state && self->shown[2] == (int) value)
    return;
  self->shown[0] = kind;
  self->shown[1] = state;
  self->shown[2] = value;

  classes[1] = self->cell >= PEN_DISCIPLINE_CELLS ? "spark-cell" : "discipline-cell";
  if (mark != NULL)
    {
      gtk_label_set_label (self->kind_label, pen_mark_kind_get_label (kind));
      gtk_image_set_from_icon_name (self->state_icon, state_icon (state));
      gtk_widget_set_visible (GTK_WIDGET (self->state_icon), TRUE);
      classes[2] = state == PEN_MARK_WOUNDED ? "wounded"
                   : state == PEN_MARK_DISCHARGED ? "discharged" : "charged";
      classes[3] = pen_mark_kind_to_string (kind);
      /* Translators: "Ruby Mark, Charged, value 3" */
      access = g_strdup_printf (_("%s, %s, value %s"), pen_mark_kind_get_mark_name (kind),
                                pen_mark_state_get_label (state),
                                value ? value_text + strlen ("⚀") : _("unknown"));
    }
  else
    {
      gtk_label_set_label (self->kind_label, "—");
      gtk_widget_set_visible (GTK_WIDGET (self->state_icon), FALSE);
      classes[2] = "empty";
      access = g_strdup_printf (_("Empty cell %u"), self->cell + 1);
    }
  gtk_label_set_label (self->value_label, value_text);
  pen_widget_set_tooltip_text (GTK_WIDGET (self->value_label),
                               value ? _("The die face under this cell")
                                     : _("Unknown: type the value printed on your board in "
                                         "Preferences → Wizard Board"));
  gtk_widget_set_css_classes (button, classes);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  access, -1);
}

GtkWidget *
pen_mark_cell_new (guint cell)
{
  PenMarkCell *self = g_object_new (PEN_TYPE_MARK_CELL, NULL);

  self->cell = cell;
  pen_mark_cell_show (self, NULL, 0);
  return GTK_WIDGET (self);
}

static void
pen_mark_cell_dispose (GObject *object)
{
  PenMarkCell *self = PEN_MARK_CELL (object);

  /* the button is the bin's child: the bin lets it go, then the template forgets it */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_MARK_CELL);
  g_clear_object (&self->wizard);

  G_OBJECT_CLASS (pen_mark_cell_parent_class)->dispose (object);
}

static void
pen_mark_cell_class_init (PenMarkCellClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pen_mark_cell_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-mark-cell.ui");
  gtk_widget_class_bind_template_child (widget_class, PenMarkCell, button);
  gtk_widget_class_bind_template_child (widget_class, PenMarkCell, kind_label);
  gtk_widget_class_bind_template_child (widget_class, PenMarkCell, state_icon);
  gtk_widget_class_bind_template_child (widget_class, PenMarkCell, value_label);
}

static void
pen_mark_cell_init (PenMarkCell *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->shown[0] = -2;   /* nothing drawn yet */
  gtk_menu_button_set_create_popup_func (self->button, popup_cb, self, NULL);
}
