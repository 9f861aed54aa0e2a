/* pen-wizard-board.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-catalog.h"
#include "pen-die-view.h"
#include "pen-place-dialog.h"
#include "pen-turn.h"
#include "pen-wizard-board.h"

struct _PenWizardBoard
{
  PenSection  parent_instance;

  GtkLabel   *name_label;
  GtkLabel   *turn_label;
  GtkLabel   *score_label;
  GtkFlowBox *marks_box;
  GtkFlowBox *spark_box;
  GtkFlowBox *dice_box;
  GtkLabel   *no_dice_label;
  GtkMenuButton *gain_die_button;
  GtkFlowBox *ingredients_box;
  GtkFlowBox *fate_box;
  GtkListBox *cards_list;
  GtkFlowBox *equipment_box;
  GtkDropDown *gain_card_drop;
  GtkPopover *gain_card_popover;
  GPtrArray  *gain_card_ids;
  GtkLabel   *equipment[4];

  PenWizard  *wizard;
  PenTable   *table;
  guint       index;
  GtkMenuButton *cells[PEN_MARK_CELLS];
  GtkLabel   *counts[PEN_N_INGREDIENTS];
  GtkLabel   *light_label;
  GtkLabel   *dark_label;
  GtkLabel   *wounds_label;
  GPtrArray  *watched;   /* marks whose notify we follow */
};

G_DEFINE_FINAL_TYPE (PenWizardBoard, pen_wizard_board, PEN_TYPE_SECTION)


static void update_equipment (PenWizardBoard *self);
static void fill_gain_card_list (PenWizardBoard *self);

/* Reports an action upward (taking it); the window submits it to the game. */
static void
submit (PenWizardBoard *self,
        PenAction      *action)
{
  pen_section_submit_new (PEN_SECTION (self), action);
}

/* ---- marks ---- */

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
mark_menu (PenWizardBoard *self,
           guint           cell)
{
  GMenu *menu = g_menu_new ();
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
cell_popup_cb (GtkMenuButton *button,
               gpointer       user_data)
{
  PenWizardBoard *self = user_data;
  g_autoptr(GMenuModel) menu = NULL;
  guint cell = 0;

  /* the button's place among the cells is its cell */
  while (cell < PEN_MARK_CELLS && self->cells[cell] != button)
    cell++;
  g_return_if_fail (cell < PEN_MARK_CELLS);
  menu = mark_menu (self, cell);

  gtk_menu_button_set_menu_model (button, menu);
}

static void
update_cells (PenWizardBoard *self)
{
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    {
      GtkMenuButton *button = self->cells[cell];
      PenMark *mark = self->wizard ? pen_wizard_get_mark_in_cell (self->wizard, cell) : NULL;
      GtkWidget *box = gtk_menu_button_get_child (button);
      GtkWidget *kind_label = gtk_widget_get_first_child (box);
      GtkWidget *icon = gtk_widget_get_next_sibling (kind_label);
      GtkWidget *value_label = gtk_widget_get_next_sibling (icon);
      guint value = self->table ? pen_table_get_cell_value (self->table, cell) : 0;
      g_autofree char *value_text = value ? g_strdup_printf ("⚀%u", value) : g_strdup ("⚀?");
      g_autofree char *access = NULL;
      const char *classes[] = { "mark-cell", NULL, NULL, NULL };

      classes[1] = cell >= PEN_DISCIPLINE_CELLS ? "spark-cell" : "discipline-cell";
      if (mark != NULL)
        {
          PenMarkKind kind = pen_mark_get_kind (mark);
          PenMarkState state = pen_mark_get_state (mark);

          value = pen_mark_get_value (mark) ? pen_mark_get_value (mark) : value;
          g_free (value_text);
          value_text = value ? g_strdup_printf ("⚀%u", value) : g_strdup ("⚀?");
          gtk_label_set_label (GTK_LABEL (kind_label), pen_mark_kind_get_label (kind));
          gtk_image_set_from_icon_name (GTK_IMAGE (icon), state_icon (state));
          gtk_widget_set_visible (icon, TRUE);
          classes[2] = state == PEN_MARK_WOUNDED ? "wounded"
                       : state == PEN_MARK_DISCHARGED ? "discharged" : "charged";
          /* Translators: "Ruby Mark, Charged, value 3" */
          access = g_strdup_printf (_("%s, %s, value %s"), pen_mark_kind_get_mark_name (kind),
                                    pen_mark_state_get_label (state),
                                    value ? value_text + strlen ("⚀") : _("unknown"));
          gtk_widget_add_css_class (GTK_WIDGET (button), pen_mark_kind_to_string (kind));
        }
      else
        {
          gtk_label_set_label (GTK_LABEL (kind_label), "—");
          gtk_widget_set_visible (icon, FALSE);
          classes[2] = "empty";
          access = g_strdup_printf (_("Empty cell %u"), cell + 1);
        }
      gtk_label_set_label (GTK_LABEL (value_label), value_text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (value_label),
                                   value ? _("The die face under this cell")
                                         : _("Unknown: type the value printed on your board in "
                                             "Preferences → Wizard Board"));
      gtk_widget_set_css_classes (GTK_WIDGET (button), classes);
      if (mark != NULL)
        gtk_widget_add_css_class (GTK_WIDGET (button),
                                  pen_mark_kind_to_string (pen_mark_get_kind (mark)));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      access, -1);
    }
}

static void
watch_marks (PenWizardBoard *self)
{
  GListModel *marks;

  for (guint i = 0; i < self->watched->len; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->watched, i), self);
  g_ptr_array_set_size (self->watched, 0);
  if (self->wizard == NULL)
    return;
  marks = pen_wizard_get_marks (self->wizard);
  for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
      g_signal_connect_swapped (mark, "notify", G_CALLBACK (update_cells), self);
      g_ptr_array_add (self->watched, g_object_ref (mark));
    }
}

static void
marks_changed_cb (PenWizardBoard *self)
{
  watch_marks (self);
  update_cells (self);
}

/* ---- dice ---- */

static GMenuModel *
die_menu (PenWizardBoard *self,
          guint           index)
{
  GMenu *menu = g_menu_new ();
  GMenu *section = g_menu_new ();
  GMenu *set = g_menu_new ();
  GMenu *recolor = g_menu_new ();
  GMenu *primagic = g_menu_new ();
  PenDie *die = pen_wizard_get_die (self->wizard, index);
  guint value = pen_die_get_value (die);
  guint crystals = pen_wizard_get_ingredient (self->wizard, PEN_INGREDIENT_CRYSTAL);

#define DIE_ITEM(m, label, op, arg)                                                  \
  G_STMT_START {                                                                     \
    g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);                       \
    g_menu_item_set_action_and_target (item, "board.die", "(sui)", op, index, arg);  \
    g_menu_append_item (m, item);                                                    \
  } G_STMT_END

  if (value < 6)
    DIE_ITEM (section, _("Adjust +1"), "adjust", 1);
  if (value > 1)
    DIE_ITEM (section, _("Adjust −1"), "adjust", -1);
  DIE_ITEM (section, _("Flip"), "flip", 0);
  DIE_ITEM (section, _("Reroll"), "reroll", 0);
  for (guint v = 1; v <= 6; v++)
    {
      g_autofree char *label = g_strdup_printf (_("Set to %u"), v);
      if (v != value)
        DIE_ITEM (set, label, "set", (int) v);
    }
  g_menu_append_submenu (section, _("Set"), G_MENU_MODEL (set));
  for (guint c = 0; c < PEN_N_COLORS; c++)
    if (c != pen_die_get_color (die))
      DIE_ITEM (recolor, pen_color_get_label (c), "recolor", (int) c);
  g_menu_append_submenu (section, _("Recolour"), G_MENU_MODEL (recolor));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));

  /* Primagic: the same manipulations paid with Crystals (1 reroll, 2 adjust, 2 flip,
   * 3 recolour) */
  if (crystals >= 1)
    DIE_ITEM (primagic, _("Reroll — 1 Crystal"), "p-reroll", 0);
  if (crystals >= 2 && value < 6)
    DIE_ITEM (primagic, _("Adjust +1 — 2 Crystals"), "p-adjust", 1);
  if (crystals >= 2 && value > 1)
    DIE_ITEM (primagic, _("Adjust −1 — 2 Crystals"), "p-adjust", -1);
  if (crystals >= 2)
    DIE_ITEM (primagic, _("Flip — 2 Crystals"), "p-flip", 0);
  if (g_menu_model_get_n_items (G_MENU_MODEL (primagic)) > 0)
    g_menu_append_section (menu, _("Pay with Crystals"), G_MENU_MODEL (primagic));

  {
    GMenu *last = g_menu_new ();
    DIE_ITEM (last, _("Place in a location"), "place", 0);
    DIE_ITEM (last, _("Discard"), "discard", 0);
    g_menu_append_section (menu, NULL, G_MENU_MODEL (last));
    g_object_unref (last);
  }
#undef DIE_ITEM

  g_object_unref (section);
  g_object_unref (set);
  g_object_unref (recolor);
  g_object_unref (primagic);
  return G_MENU_MODEL (menu);
}

static void
die_popup_cb (GtkMenuButton *button,
              gpointer       user_data)
{
  PenWizardBoard *self = user_data;
  GtkWidget *child = gtk_widget_get_parent (GTK_WIDGET (button));
  int index = gtk_flow_box_child_get_index (GTK_FLOW_BOX_CHILD (child));
  g_autoptr(GMenuModel) menu = NULL;

  if (index < 0)
    return;
  menu = die_menu (self, index);
  gtk_menu_button_set_menu_model (button, menu);
}

static void
die_changed_cb (PenDie        *die,
                GParamSpec    *pspec,
                GtkMenuButton *button)
{
  PenDieView *view = PEN_DIE_VIEW (gtk_menu_button_get_child (button));
  g_autofree char *label = pen_die_view_describe (pen_die_get_color (die),
                                                  pen_die_get_value (die),
                                                  pen_die_get_temporary (die));

  pen_die_view_set_die (view, pen_die_get_color (die), pen_die_get_value (die),
                        pen_die_get_temporary (die));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (button), label);
}

static GtkWidget *
create_die (gpointer item,
            gpointer user_data)
{
  PenWizardBoard *self = user_data;
  PenDie *die = item;
  GtkWidget *button = gtk_menu_button_new ();

  gtk_menu_button_set_child (GTK_MENU_BUTTON (button), pen_die_view_new ());
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "die-button");
  gtk_menu_button_set_create_popup_func (GTK_MENU_BUTTON (button), die_popup_cb, self, NULL);
  g_signal_connect_object (die, "notify", G_CALLBACK (die_changed_cb), button, 0);
  die_changed_cb (die, NULL, GTK_MENU_BUTTON (button));
  return button;
}

static void
supply_changed_cb (PenWizardBoard *self)
{
  gboolean empty = self->wizard == NULL
                   || g_list_model_get_n_items (pen_wizard_get_supply (self->wizard)) == 0;

  gtk_widget_set_visible (GTK_WIDGET (self->no_dice_label), empty);
}

/* ---- cards ---- */

static void
card_row_update (PenTableCard *card,
                 GParamSpec   *pspec,
                 AdwActionRow *row)
{
  const char *zone = pen_table_card_get_zone (card);
  const char *path = pen_table_card_get_path (card);
  g_autoptr(GString) sub = g_string_new (NULL);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                 pen_turn_card_name (pen_table_card_get_card_id (card)));
  if (g_strcmp0 (zone, PEN_ZONE_GRIMOIRE) == 0)
    g_string_append (sub, _("Grimoire"));
  else if (g_strcmp0 (zone, PEN_ZONE_INVENTORY) == 0)
    g_string_append (sub, _("Inventory"));
  else if (g_strcmp0 (zone, PEN_ZONE_EXPERIENCE) == 0)
    g_string_append (sub, _("Experience"));
  else if (g_strcmp0 (zone, PEN_ZONE_EQUIPMENT) == 0)
    g_string_append (sub, _("Equipment"));
  else if (g_strcmp0 (zone, PEN_ZONE_RESERVED) == 0)
    g_string_append (sub, _("Reserved"));
  else if (g_strcmp0 (zone, PEN_ZONE_TALENT) == 0)
    g_string_append (sub, _("Talent"));
  if (path != NULL)
    g_string_append_printf (sub, " · %s", g_str_equal (path, "light") ? _("path of Light")
                                                                      : _("path of Darkness"));
  if (pen_table_card_get_rotated (card))
    g_string_append_printf (sub, " · %s", _("rotated"));
  adw_action_row_set_subtitle (row, sub->str);
}

static GtkWidget *
create_card_row (gpointer item,
                 gpointer user_data)
{
  PenTableCard *card = item;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *rotate = gtk_button_new_from_icon_name ("object-rotate-right-symbolic");
  GtkWidget *discard = gtk_button_new_from_icon_name ("user-trash-symbolic");
  const char *id = pen_table_card_get_card_id (card);

  gtk_widget_set_valign (rotate, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (discard, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (rotate, "flat");
  gtk_widget_add_css_class (discard, "flat");
  gtk_widget_set_tooltip_text (rotate, _("Rotate or unrotate"));
  gtk_widget_set_tooltip_text (discard, _("Discard"));
  gtk_actionable_set_action_target (GTK_ACTIONABLE (rotate), "(ss)", "rotate", id);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (rotate), "board.card");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (discard), "(ss)", "discard", id);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (discard), "board.card");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), rotate);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), discard);
  g_signal_connect_object (card, "notify", G_CALLBACK (card_row_update), row, 0);
  g_signal_connect_object (card, "notify::zone", G_CALLBACK (update_equipment), user_data,
                           G_CONNECT_SWAPPED);
  card_row_update (card, NULL, ADW_ACTION_ROW (row));
  return row;
}

/* ---- equipment ---- */

static const char * const equipment_ids[] = { "conductor", "pendant", "mantle", "ring" };

static const char *
equipment_label (guint slot)
{
  switch (slot)
    {
    case 0: return _("Conductor");
    case 1: return _("Pendant");
    case 2: return _("Mantle");
    case 3: return _("Ring");
    default: return "?";
    }
}

/* The four Equipment cells above the board: the artifact in each, or empty */
static void
update_equipment (PenWizardBoard *self)
{
  GListModel *cards = self->wizard ? pen_wizard_get_cards (self->wizard) : NULL;

  for (guint slot = 0; slot < G_N_ELEMENTS (equipment_ids); slot++)
    {
      const char *held = NULL;
      g_autofree char *access = NULL;

      for (guint i = 0; cards != NULL && i < g_list_model_get_n_items (cards); i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
          PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                              pen_table_card_get_card_id (tc));

          if (card != NULL && g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_EQUIPMENT) == 0
              && g_strcmp0 (pen_card_get_equipment (card), equipment_ids[slot]) == 0)
            held = pen_table_card_get_card_id (tc);
        }
      gtk_label_set_label (self->equipment[slot], held ? pen_turn_card_name (held) : "—");
      access = g_strdup_printf (_("%s: %s"), equipment_label (slot),
                                held ? pen_turn_card_name (held) : _("empty"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->equipment[slot]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, access, -1);
      if (held)
        gtk_widget_remove_css_class (GTK_WIDGET (self->equipment[slot]), "dim-label");
      else
        gtk_widget_add_css_class (GTK_WIDGET (self->equipment[slot]), "dim-label");
    }
}

/* ---- gaining a card (a reward, a purchase, a class) ---- */

static void
fill_gain_card_list (PenWizardBoard *self)
{
  static const PenCardType gainable[] = {
    PEN_CARD_SPELL, PEN_CARD_POTION, PEN_CARD_PET, PEN_CARD_ARTIFACT, PEN_CARD_TOME,
  };
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GtkExpression) expression = NULL;

  g_ptr_array_set_size (self->gain_card_ids, 0);
  for (guint t = 0; t < G_N_ELEMENTS (gainable); t++)
    {
      g_autoptr(GPtrArray) cards = pen_catalog_list_by_type (pen_catalog_get_default (),
                                                             gainable[t]);

      for (guint i = 0; cards != NULL && i < cards->len; i++)
        {
          PenCard *card = g_ptr_array_index (cards, i);
          g_autofree char *label = NULL;

          /* a wizard never holds two cards of the same name */
          if (self->wizard != NULL
              && pen_wizard_find_card (self->wizard, pen_card_get_id (card)) >= 0)
            continue;
          label = g_strdup_printf ("%s (%s)", pen_turn_card_name (pen_card_get_id (card)),
                                   pen_card_type_get_label (gainable[t]));
          gtk_string_list_append (names, label);
          g_ptr_array_add (self->gain_card_ids, g_strdup (pen_card_get_id (card)));
        }
    }
  expression = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
  gtk_drop_down_set_expression (self->gain_card_drop, expression);
  gtk_drop_down_set_model (self->gain_card_drop, G_LIST_MODEL (names));
}

static void
gain_card_clicked_cb (PenWizardBoard *self)
{
  guint i = gtk_drop_down_get_selected (self->gain_card_drop);

  if (i >= self->gain_card_ids->len)
    return;
  submit (self, pen_action_new_card_gain (self->index, g_ptr_array_index (self->gain_card_ids, i),
                                          NULL));
  gtk_popover_popdown (self->gain_card_popover);
}

/* ---- counters ---- */

static GtkWidget *
counter (PenWizardBoard  *self,
         const char      *title,
         const char      *css,
         const char      *action,
         const char      *target,
         GtkLabel       **count_out)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *label = gtk_label_new (title);
  GtkWidget *count = gtk_label_new ("0");
  GtkWidget *minus = gtk_button_new_from_icon_name ("list-remove-symbolic");
  GtkWidget *plus = gtk_button_new_from_icon_name ("list-add-symbolic");
  /* Translators: a counter's title, "Jewels: one fewer" */
  g_autofree char *less = g_strdup_printf (_("%s: one fewer"), title);
  /* Translators: a counter's title, "Jewels: one more" */
  g_autofree char *more = g_strdup_printf (_("%s: one more"), title);

  gtk_widget_add_css_class (box, "counter");
  if (css)
    gtk_widget_add_css_class (box, css);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (count, "numeric");
  gtk_widget_add_css_class (count, "count");
  gtk_widget_add_css_class (minus, "flat");
  gtk_widget_add_css_class (minus, "circular");
  gtk_widget_add_css_class (plus, "flat");
  gtk_widget_add_css_class (plus, "circular");
  gtk_widget_set_tooltip_text (minus, less);
  gtk_widget_set_tooltip_text (plus, more);
  gtk_accessible_update_property (GTK_ACCESSIBLE (minus), GTK_ACCESSIBLE_PROPERTY_LABEL, less, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (plus), GTK_ACCESSIBLE_PROPERTY_LABEL, more, -1);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (minus), "(si)", target, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (minus), action);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (plus), "(si)", target, 1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (plus), action);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), minus);
  gtk_box_append (GTK_BOX (box), count);
  gtk_box_append (GTK_BOX (box), plus);
  *count_out = GTK_LABEL (count);
  return box;
}

static void
update_counts (PenWizardBoard *self)
{
  if (self->wizard == NULL)
    return;
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      g_autofree char *text = g_strdup_printf ("%u", pen_wizard_get_ingredient (self->wizard, i));
      gtk_label_set_label (self->counts[i], text);
    }
  {
    g_autofree char *l = g_strdup_printf ("%u", pen_wizard_get_light (self->wizard));
    g_autofree char *d = g_strdup_printf ("%u", pen_wizard_get_dark (self->wizard));
    g_autofree char *w = g_strdup_printf ("%u", pen_wizard_get_mortal_wounds (self->wizard));
    gtk_label_set_label (self->light_label, l);
    gtk_label_set_label (self->dark_label, d);
    gtk_label_set_label (self->wounds_label, w);
  }
  gtk_label_set_label (self->name_label, pen_wizard_get_name (self->wizard));
}

/* ---- actions ---- */

static void
place_submit_cb (PenWizardBoard *self,
                 PenAction      *action)
{
  pen_section_submit (PEN_SECTION (self), action);
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
          JsonNode *value = json_node_init_int (json_node_alloc (),
                                                MAX (pen_wizard_get_mortal_wounds (self->wizard),
                                                     1) - 1);

          submit (self, pen_action_new_correct (target, value));
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

/* A "?" beside a heading: the window opens the rule for the term (a rules section id) */
static void
rule_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  pen_section_show_rule (PEN_SECTION (widget), g_variant_get_string (param, NULL));
}

/* ---- setup ---- */

void
pen_wizard_board_set_wizard (PenWizardBoard *self,
                             PenTable       *table,
                             PenWizard      *wizard,
                             guint           index)
{
  if (self->wizard != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->wizard, self);
      g_signal_handlers_disconnect_by_data (pen_wizard_get_marks (self->wizard), self);
      g_signal_handlers_disconnect_by_data (pen_wizard_get_supply (self->wizard), self);
      g_signal_handlers_disconnect_by_data (pen_wizard_get_cards (self->wizard), self);
    }
  g_set_object (&self->wizard, wizard);
  g_set_object (&self->table, table);
  self->index = index;

  if (wizard == NULL)
    {
      gtk_flow_box_bind_model (self->dice_box, NULL, NULL, NULL, NULL);
      gtk_list_box_bind_model (self->cards_list, NULL, NULL, NULL, NULL);
      watch_marks (self);
      return;
    }

  g_signal_connect_swapped (wizard, "notify", G_CALLBACK (update_counts), self);
  g_signal_connect_swapped (pen_wizard_get_marks (wizard), "items-changed",
                            G_CALLBACK (marks_changed_cb), self);
  g_signal_connect_swapped (pen_wizard_get_supply (wizard), "items-changed",
                            G_CALLBACK (supply_changed_cb), self);
  gtk_flow_box_bind_model (self->dice_box, pen_wizard_get_supply (wizard), create_die, self,
                           NULL);
  gtk_list_box_bind_model (self->cards_list, pen_wizard_get_cards (wizard), create_card_row,
                           self, NULL);
  g_signal_connect_swapped (pen_wizard_get_cards (wizard), "items-changed",
                            G_CALLBACK (update_equipment), self);
  g_signal_connect_swapped (pen_wizard_get_cards (wizard), "items-changed",
                            G_CALLBACK (fill_gain_card_list), self);
  update_equipment (self);
  fill_gain_card_list (self);
  marks_changed_cb (self);
  supply_changed_cb (self);
  update_counts (self);
}

PenWizard *
pen_wizard_board_get_wizard (PenWizardBoard *self)
{
  return self->wizard;
}

void
pen_wizard_board_set_status (PenWizardBoard *self,
                             const char     *turn_text,
                             int             score)
{
  g_autofree char *points = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point",
                                                          "%d points", ABS (score)), score);

  gtk_widget_set_visible (GTK_WIDGET (self->turn_label), turn_text != NULL);
  if (turn_text != NULL)
    gtk_label_set_label (self->turn_label, turn_text);
  gtk_label_set_label (self->score_label, points);
  if (turn_text != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self), "current");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "current");
}

static void
pen_wizard_board_dispose (GObject *object)
{
  PenWizardBoard *self = PEN_WIZARD_BOARD (object);

  pen_wizard_board_set_wizard (self, NULL, NULL, 0);
  g_clear_pointer (&self->watched, g_ptr_array_unref);
  g_clear_pointer (&self->gain_card_ids, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_WIZARD_BOARD);

  G_OBJECT_CLASS (pen_wizard_board_parent_class)->dispose (object);
}

static void
pen_wizard_board_class_init (PenWizardBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_wizard_board_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-wizard-board.ui");
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, name_label);
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, turn_label);
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, score_label);
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, marks_box);
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, spark_box);
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, dice_box);
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, no_dice_label);
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, gain_die_button);
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, ingredients_box);
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, fate_box);
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, cards_list);
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, equipment_box);
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, gain_card_drop);
  gtk_widget_class_bind_template_child (widget_class, PenWizardBoard, gain_card_popover);
  gtk_widget_class_bind_template_callback (widget_class, gain_card_clicked_cb);

  gtk_widget_class_install_action (widget_class, "board.die", "(sui)", die_activated);
  gtk_widget_class_install_action (widget_class, "board.mark", "(su)", mark_activated);
  gtk_widget_class_install_action (widget_class, "board.gain-mark", "s", gain_mark_activated);
  gtk_widget_class_install_action (widget_class, "board.gain-die", "s", gain_die_activated);
  gtk_widget_class_install_action (widget_class, "board.ingredient", "(si)",
                                   ingredient_activated);
  gtk_widget_class_install_action (widget_class, "board.fate", "(si)", fate_activated);
  gtk_widget_class_install_action (widget_class, "board.card", "(ss)", card_activated);
  gtk_widget_class_install_action (widget_class, "board.none", NULL, NULL);
  gtk_widget_class_install_action (widget_class, "board.rule", "s", rule_activated);
}

static void
pen_wizard_board_init (PenWizardBoard *self)
{
  g_autoptr(GMenu) gain = g_menu_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->watched = g_ptr_array_new_with_free_func (g_object_unref);
  self->gain_card_ids = g_ptr_array_new_with_free_func (g_free);
  /* built again when it opens too, for cards added to the catalogue meanwhile */
  g_signal_connect_swapped (self->gain_card_popover, "show", G_CALLBACK (fill_gain_card_list),
                            self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "board.none", FALSE);

  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    {
      GtkWidget *button = gtk_menu_button_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *kind = gtk_label_new ("—");
      GtkWidget *icon = gtk_image_new ();
      GtkWidget *value = gtk_label_new ("?");

      gtk_label_set_ellipsize (GTK_LABEL (kind), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (kind), 8);
      gtk_widget_add_css_class (kind, "caption");
      gtk_widget_add_css_class (value, "caption");
      gtk_widget_add_css_class (value, "numeric");
      gtk_box_append (GTK_BOX (box), kind);
      gtk_box_append (GTK_BOX (box), icon);
      gtk_box_append (GTK_BOX (box), value);
      gtk_menu_button_set_child (GTK_MENU_BUTTON (button), box);
      gtk_menu_button_set_create_popup_func (GTK_MENU_BUTTON (button), cell_popup_cb, self, NULL);
      gtk_flow_box_append (cell < PEN_DISCIPLINE_CELLS ? self->marks_box : self->spark_box,
                           button);
      self->cells[cell] = GTK_MENU_BUTTON (button);
    }

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      GtkWidget *c = counter (self, pen_ingredient_get_label (i), pen_ingredient_to_string (i),
                              "board.ingredient", pen_ingredient_to_string (i), &self->counts[i]);
      gtk_widget_set_tooltip_text (c, _("At most 12; more goes back to the common supply"));
      gtk_flow_box_append (self->ingredients_box, c);
    }
  gtk_flow_box_append (self->fate_box, counter (self, _("Light"), "light", "board.fate", "light",
                                                &self->light_label));
  gtk_flow_box_append (self->fate_box, counter (self, _("Darkness"), "dark", "board.fate", "dark",
                                                &self->dark_label));
  gtk_flow_box_append (self->fate_box, counter (self, _("Mortal Wounds"), "wounds", "board.fate",
                                                "wounds", &self->wounds_label));

  for (guint slot = 0; slot < G_N_ELEMENTS (equipment_ids); slot++)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *title = gtk_label_new (equipment_label (slot));
      GtkWidget *held = gtk_label_new ("—");

      gtk_widget_add_css_class (box, "equipment-slot");
      gtk_widget_add_css_class (title, "caption");
      gtk_widget_add_css_class (title, "dim-label");
      gtk_label_set_ellipsize (GTK_LABEL (held), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (held), 14);
      gtk_box_append (GTK_BOX (box), title);
      gtk_box_append (GTK_BOX (box), held);
      gtk_flow_box_append (self->equipment_box, box);
      self->equipment[slot] = GTK_LABEL (held);
    }

  for (guint c = 0; c < PEN_N_COLORS; c++)
    {
      g_autofree char *detailed = g_strdup_printf ("board.gain-die::%s", pen_color_to_string (c));
      g_menu_append (gain, pen_color_get_label (c), detailed);
    }
  gtk_menu_button_set_menu_model (self->gain_die_button, G_MENU_MODEL (gain));
}

PenWizardBoard *
pen_wizard_board_new (void)
{
  return g_object_new (PEN_TYPE_WIZARD_BOARD, NULL);
}
