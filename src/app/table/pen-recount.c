/* pen-recount.c: "Check the table", a guided recount
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-json.h"
#include "pen-recount.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

/* One step per wizard (marks, dice, ingredients), then the rows and the Fate deck. Every
 * value starts as the app has it; the user confirms or corrects it, and the corrections go
 * out together as ONE "recount" action, so a single undo takes them all back. */

typedef enum
{
  ITEM_MARK_STATE,
  ITEM_INGREDIENT,
  ITEM_DICE,
  ITEM_TRIAL_ROW,
  ITEM_CONTRACT_CELL,
  ITEM_FATE_COUNT,
} ItemKind;

typedef struct
{
  ItemKind   kind;
  char      *target;
  GtkWidget *widget;      /* combo row, spin button, or switch */
  int        original;
  GPtrArray *widgets;     /* ITEM_DICE / ITEM_TRIAL_ROW: one (spin, switch) per element */
  JsonNode  *elements;    /* the snapshot's array behind it */
} RecountItem;

typedef struct
{
  PenSection   *page;
  GtkWindow    *window;
  GtkStack     *stack;
  AdwWindowTitle *title;
  GtkWidget    *back;
  GtkWidget    *next;
  GPtrArray    *items;
  GPtrArray    *step_names;
  guint         step;
} Recount;

static void
recount_item_free (RecountItem *item)
{
  g_free (item->target);
  g_clear_pointer (&item->widgets, g_ptr_array_unref);
  g_clear_pointer (&item->elements, json_node_unref);
  g_free (item);
}

static void
recount_free (Recount *r)
{
  g_ptr_array_unref (r->items);
  g_ptr_array_unref (r->step_names);
  g_free (r);
}

static RecountItem *
add_item (Recount    *r,
          ItemKind    kind,
          char       *target,
          GtkWidget  *widget,
          int         original)
{
  RecountItem *item = g_new0 (RecountItem, 1);

  item->kind = kind;
  item->target = target;
  item->widget = widget;
  item->original = original;
  g_ptr_array_add (r->items, item);
  return item;
}

static GtkWidget *
spin_row (const char *title,
          const char *subtitle,
          int         min,
          int         max,
          int         value,
          GtkWidget **spin_out)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  pen_widget_set_accessible_label (spin, title);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  *spin_out = spin;
  return row;
}

static GtkWidget *
switch_row (const char *title,
            const char *subtitle,
            GtkWidget **switch_out)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *sw = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_switch_set_active (GTK_SWITCH (sw), TRUE);
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  pen_widget_set_accessible_label (sw, title);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  *switch_out = sw;
  return row;
}

static void
recount_wizard_step (Recount   *r,
                     JsonNode  *snap,
                     PenTable  *table,
                     guint      wi)
{
  PenWizard *w = pen_table_get_wizard (table, wi);
  JsonObject *player = json_array_get_object_element (
    json_object_get_array_member (json_node_get_object (snap), "players"), wi);
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *marks = adw_preferences_group_new ();
  GtkWidget *dice = adw_preferences_group_new ();
  GtkWidget *ingr = adw_preferences_group_new ();
  JsonArray *arr;
  RecountItem *item;
  g_autofree char *dice_desc = NULL;

  /* marks and their states */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (marks), _("Marks"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (marks),
                                         _("Charged, discharged or wounded, as on the board"));
  arr = json_object_get_array_member (player, "marks");
  for (guint k = 0; k < json_array_get_length (arr); k++)
    {
      JsonObject *m = json_array_get_object_element (arr, k);
      int kind = pen_mark_kind_from_string (json_object_get_string_member (m, "kind"));
      int state = pen_mark_state_from_string (json_object_get_string_member (m, "state"));
      GtkWidget *row = adw_combo_row_new ();
      g_autoptr(GtkStringList) states = gtk_string_list_new (NULL);
      /* Translators: a Mark's name, then its cell: "Ruby Mark, cell 2" */
      g_autofree char *title = g_strdup_printf (_("%s, cell %d"),
                                                kind >= 0 ? pen_mark_kind_get_mark_name (kind)
                                                : "?",
                                                (int) json_object_get_int_member (m, "cell") + 1);

      for (guint s = 0; s < PEN_N_MARK_STATES; s++)
        gtk_string_list_append (states, pen_mark_state_get_label (s));
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (states));
      adw_combo_row_set_selected (ADW_COMBO_ROW (row), MAX (state, 0));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (marks), row);
      add_item (r, ITEM_MARK_STATE, g_strdup_printf ("players[%u].marks[%u].state", wi, k), row,
                MAX (state, 0));
    }
  if (json_array_get_length (arr) == 0)
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (marks), pen_placeholder_row (_("No marks")));

  /* dice: how many and their faces */
  arr = json_object_get_array_member (player, "supply");
  dice_desc = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "The app counts %u die. Turn off one that is not "
                                            "there; set each face.",
                                            "The app counts %u dice. Turn off any that are not "
                                            "there; set each face.",
                                            json_array_get_length (arr)),
                               json_array_get_length (arr));
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (dice), _("Dice"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (dice), dice_desc);
  item = add_item (r, ITEM_DICE, g_strdup_printf ("players[%u].supply", wi), NULL, 0);
  item->widgets = g_ptr_array_new ();
  item->elements = json_node_copy (json_object_get_member (player, "supply"));
  for (guint k = 0; k < json_array_get_length (arr); k++)
    {
      JsonObject *d = json_array_get_object_element (arr, k);
      int color = pen_color_from_string (json_object_get_string_member (d, "color"));
      GtkWidget *row, *spin, *sw = gtk_check_button_new ();
      /* Translators: a die's name, then its place in the supply: "Red die, 3rd" */
      g_autofree char *title = g_strdup_printf (_("%s no. %u"),
                                                color >= 0 ? pen_color_get_die_name (color)
                                                : "?",
                                                k + 1);
      g_autofree char *there = g_strdup_printf (_("%s is on the board"), title);

      row = spin_row (title, NULL, 1, 6, json_object_get_int_member (d, "value"), &spin);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (sw), TRUE);
      gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (sw, there);
      pen_widget_set_accessible_label (sw, there);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), sw);
      g_ptr_array_add (item->widgets, spin);
      g_ptr_array_add (item->widgets, sw);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (dice), row);
    }
  if (json_array_get_length (arr) == 0)
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (dice), pen_placeholder_row (_("No dice")));

  /* ingredients */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (ingr), _("Ingredients"));
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    {
      GtkWidget *spin, *row;
      guint have = pen_wizard_get_ingredient (w, k);

      row = spin_row (pen_ingredient_get_label (k), NULL, 0, PEN_INGREDIENT_CAP, have, &spin);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (ingr), row);
      add_item (r, ITEM_INGREDIENT,
                g_strdup_printf ("players[%u].ingredients.%s", wi, pen_ingredient_to_string (k)),
                spin, have);
    }

  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (marks));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (dice));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (ingr));
  gtk_stack_add_child (r->stack, page);
  g_ptr_array_add (r->step_names, g_strdup (pen_wizard_get_name (w)));
}

static void
recount_rows_step (Recount  *r,
                   JsonNode *snap,
                   PenTable *table)
{
  JsonObject *obj = json_node_get_object (snap);
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *trials = adw_preferences_group_new ();
  GtkWidget *guild = adw_preferences_group_new ();
  GtkWidget *fate = adw_preferences_group_new ();
  JsonArray *arr;
  RecountItem *item;
  GtkWidget *spin, *row;
  guint n;

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (trials), _("Trial Row"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (trials),
                                         _("Turn off a trial that is not on the table"));
  item = add_item (r, ITEM_TRIAL_ROW, g_strdup ("trial_row"), NULL, 0);
  item->widgets = g_ptr_array_new ();
  item->elements = json_node_copy (json_object_get_member (obj, "trial_row"));
  arr = json_object_get_array_member (obj, "trial_row");
  for (guint k = 0; k < json_array_get_length (arr); k++)
    {
      const char *id = json_object_get_string_member (json_array_get_object_element (arr, k), "id");
      GtkWidget *sw;

      row = switch_row (pen_turn_card_name (id), NULL, &sw);
      g_ptr_array_add (item->widgets, sw);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (trials), row);
    }
  if (json_array_get_length (arr) == 0)
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (trials),
                               pen_placeholder_row (_("The trial row is empty")));

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (guild), _("Guild Contracts"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (guild),
                                         _("Turn off a cell that is empty on the table"));
  arr = json_object_get_array_member (obj, "contract_row");
  for (guint k = 0; k < json_array_get_length (arr); k++)
    {
      JsonObject *c = json_array_get_object_element (arr, k);
      const char *id = json_object_has_member (c, "id") && !json_object_get_null_member (c, "id")
                       ? json_object_get_string_member (c, "id") : NULL;
      g_autofree char *title = g_strdup_printf (_("Cell %u"), k + 1);
      GtkWidget *sw;

      if (id == NULL)
        continue;
      row = switch_row (title, pen_turn_card_name (id), &sw);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (guild), row);
      add_item (r, ITEM_CONTRACT_CELL, g_strdup_printf ("contract_row[%u].id", k), sw, 1);
    }

  n = g_list_model_get_n_items (pen_table_get_fate_deck (table));
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (fate), _("Fate Deck"));
  /* The app cannot know which cards are missing: a lower count drops them from the top
   * (in app-dealt mode the top is what the table would have drawn). */
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (fate),
                                         _("Count the cards left; fewer drops them from the top "
                                           "of the app’s deck"));
  row = spin_row (_("Cards left"), NULL, 0, n, n, &spin);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (fate), row);
  item = add_item (r, ITEM_FATE_COUNT, g_strdup ("fate_deck"), spin, n);
  item->elements = json_node_copy (json_object_get_member (obj, "fate_deck"));

  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (trials));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (guild));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (fate));
  gtk_stack_add_child (r->stack, page);
  g_ptr_array_add (r->step_names, g_strdup (_("Rows and deck")));
}

/* json_node_copy shares objects; a die edited for one correction list must not change the
 * snapshot it is compared with */
static JsonNode *
deep_copy (JsonNode *node)
{
  g_autofree char *text = json_to_string (node, FALSE);

  return json_from_string (text, NULL);
}

/* The corrections as one JSON array; n_out counts them */
static JsonNode *
recount_corrections (Recount *r,
                     guint   *n_out)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  guint n = 0;

  json_builder_begin_array (b);
  for (guint i = 0; i < r->items->len; i++)
    {
      RecountItem *item = g_ptr_array_index (r->items, i);
      JsonNode *value = NULL;

      switch (item->kind)
        {
        case ITEM_MARK_STATE:
          {
            guint sel = adw_combo_row_get_selected (ADW_COMBO_ROW (item->widget));
            if ((int) sel != item->original && sel < PEN_N_MARK_STATES)
              {
                value = json_node_new (JSON_NODE_VALUE);
                json_node_set_string (value, pen_mark_state_to_string (sel));
              }
          }
          break;
        case ITEM_INGREDIENT:
          {
            int v = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (item->widget));
            if (v != item->original)
              {
                value = json_node_new (JSON_NODE_VALUE);
                json_node_set_int (value, v);
              }
          }
          break;
        case ITEM_CONTRACT_CELL:
          if (!gtk_switch_get_active (GTK_SWITCH (item->widget)))
            value = json_node_new (JSON_NODE_NULL);
          break;
        case ITEM_DICE:
        case ITEM_TRIAL_ROW:
          {
            JsonArray *src = json_node_get_array (item->elements);
            g_autoptr(JsonArray) out = json_array_new ();
            gboolean changed = FALSE;
            guint per = item->kind == ITEM_DICE ? 2 : 1;

            for (guint k = 0; k < json_array_get_length (src); k++)
              {
                JsonNode *e = deep_copy (json_array_get_element (src, k));
                GtkWidget *on = g_ptr_array_index (item->widgets, k * per + per - 1);
                gboolean there = item->kind == ITEM_DICE
                                 ? gtk_check_button_get_active (GTK_CHECK_BUTTON (on))
                                 : gtk_switch_get_active (GTK_SWITCH (on));

                if (item->kind == ITEM_DICE)
                  {
                    GtkSpinButton *spin = g_ptr_array_index (item->widgets, k * 2);
                    JsonObject *d = json_node_get_object (e);
                    int face = gtk_spin_button_get_value_as_int (spin);

                    if (face != json_object_get_int_member (d, "value"))
                      {
                        json_object_set_int_member (d, "value", face);
                        changed = TRUE;
                      }
                  }
                if (there)
                  json_array_add_element (out, e);
                else
                  {
                    json_node_unref (e);
                    changed = TRUE;
                  }
              }
            if (changed)
              {
                value = json_node_new (JSON_NODE_ARRAY);
                json_node_set_array (value, out);
              }
          }
          break;
        case ITEM_FATE_COUNT:
          {
            int v = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (item->widget));
            if (v < item->original)
              {
                JsonArray *src = json_node_get_array (item->elements);
                g_autoptr(JsonArray) out = json_array_new ();
                guint drop = item->original - v;

                for (guint k = drop; k < json_array_get_length (src); k++)
                  json_array_add_element (out, json_node_copy (json_array_get_element (src, k)));
                value = json_node_new (JSON_NODE_ARRAY);
                json_node_set_array (value, out);
              }
          }
          break;
        default:
          break;
        }
      if (value == NULL)
        continue;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "target");
      json_builder_add_string_value (b, item->target);
      json_builder_set_member_name (b, "value");
      json_builder_add_value (b, value);
      json_builder_end_object (b);
      n++;
    }
  json_builder_end_array (b);
  *n_out = n;
  return json_builder_get_root (b);
}

static void
recount_update (Recount *r)
{
  guint n_steps = r->step_names->len;
  g_autofree char *sub = g_strdup_printf (_("Step %u of %u · %s"), r->step + 1, n_steps,
                                          (char *) g_ptr_array_index (r->step_names, r->step));
  GtkWidget *page = gtk_widget_get_first_child (GTK_WIDGET (r->stack));

  for (guint i = 0; i < r->step && page; i++)
    page = gtk_widget_get_next_sibling (page);
  if (page)
    gtk_stack_set_visible_child (r->stack, page);
  adw_window_title_set_subtitle (r->title, sub);
  gtk_widget_set_sensitive (r->back, r->step > 0);
  if (r->step + 1 < n_steps)
    gtk_button_set_label (GTK_BUTTON (r->next), _("_Next"));
  else
    {
      guint n = 0;
      g_autoptr(JsonNode) list = recount_corrections (r, &n);
      g_autofree char *label = n == 0 ? g_strdup (_("_The Table Matches"))
                                      : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                      "_Apply %u Correction",
                                                                      "_Apply %u Corrections",
                                                                      n), n);
      gtk_button_set_label (GTK_BUTTON (r->next), label);
    }
}

static void
recount_back_cb (GtkButton *button,
                 Recount   *r)
{
  if (r->step > 0)
    r->step--;
  recount_update (r);
}

static void
recount_next_cb (GtkButton *button,
                 Recount   *r)
{
  guint n = 0;
  g_autoptr(JsonNode) list = NULL;
  PenSection *page = r->page;

  if (r->step + 1 < r->step_names->len)
    {
      r->step++;
      recount_update (r);
      return;
    }
  list = recount_corrections (r, &n);
  if (n > 0 && page != NULL)
    pen_section_submit_new (page, pen_action_new_recount (json_node_get_array (list)));
  gtk_window_destroy (r->window);
}

/* The recount window for table, shown; its corrections go to page as one "recount" action */
GtkWindow *
pen_recount_open (PenSection *page,
                  PenTable   *table)
{
  g_autoptr(JsonNode) snap = NULL;
  Recount *r;
  GtkWidget *box, *header, *bar;
  GtkRoot *root;

  g_return_val_if_fail (PEN_IS_SECTION (page), NULL);
  g_return_val_if_fail (PEN_IS_TABLE (table), NULL);

  snap = pen_table_to_json (table);
  r = g_new0 (Recount, 1);
  r->page = page;
  r->items = g_ptr_array_new_with_free_func ((GDestroyNotify) recount_item_free);
  r->step_names = g_ptr_array_new_with_free_func (g_free);
  r->window = GTK_WINDOW (adw_window_new ());
  gtk_window_set_title (r->window, _("Check the Table"));
  gtk_window_set_modal (r->window, TRUE);
  gtk_window_set_default_size (r->window, 460, 680);
  root = gtk_widget_get_root (GTK_WIDGET (page));
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (r->window, GTK_WINDOW (root));
  g_object_set_data_full (G_OBJECT (r->window), "recount", r, (GDestroyNotify) recount_free);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  r->title = ADW_WINDOW_TITLE (adw_window_title_new (_("Check the Table"), NULL));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (r->title));
  gtk_box_append (GTK_BOX (box), header);

  r->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_transition_type (r->stack, GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT);
  gtk_widget_set_vexpand (GTK_WIDGET (r->stack), TRUE);
  for (guint i = 0; i < pen_table_get_n_players (table); i++)
    recount_wizard_step (r, snap, table, i);
  recount_rows_step (r, snap, table);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (r->stack));

  bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_top (bar, 8);
  gtk_widget_set_margin_bottom (bar, 12);
  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  r->back = gtk_button_new_with_mnemonic (_("_Back"));
  gtk_widget_add_css_class (r->back, "pill");
  gtk_widget_set_name (r->back, "recount-back");
  r->next = gtk_button_new_with_mnemonic (_("_Next"));
  gtk_widget_add_css_class (r->next, "pill");
  gtk_widget_add_css_class (r->next, "suggested-action");
  gtk_widget_set_name (r->next, "recount-next");
  gtk_widget_set_hexpand (r->next, TRUE);
  gtk_widget_set_halign (r->next, GTK_ALIGN_END);
  g_signal_connect (r->back, "clicked", G_CALLBACK (recount_back_cb), r);
  g_signal_connect (r->next, "clicked", G_CALLBACK (recount_next_cb), r);
  gtk_box_append (GTK_BOX (bar), r->back);
  gtk_box_append (GTK_BOX (bar), r->next);
  gtk_box_append (GTK_BOX (box), bar);
  adw_window_set_content (ADW_WINDOW (r->window), box);

  recount_update (r);
  gtk_window_present (r->window);
  return r->window;
}

