/* pen-rest-panel.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-catalog.h"
#include "pen-rest.h"
#include "pen-rest-panel.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

/* the four ingredients the Bazaar takes, in the rate's order */
static const PenIngredient bazaar[] = {
  PEN_INGREDIENT_FRUIT, PEN_INGREDIENT_CRYSTAL, PEN_INGREDIENT_JEWEL, PEN_INGREDIENT_TRINKET
};
#define N_BAZAAR G_N_ELEMENTS (bazaar)

struct _PenRestPanel
{
  PenSection      parent_instance;

  GtkLabel       *title_label;
  AdwExpanderRow *exchange_row;
  AdwExpanderRow *brew_row;
  AdwExpanderRow *buy_row;

  GtkSpinButton  *give[N_BAZAAR];
  AdwActionRow   *give_rows[N_BAZAAR];
  GtkSpinButton  *get[N_BAZAAR];
  GtkLabel       *balance_label;
  GtkButton      *apply_button;
  GtkBox         *brew_box;
  GtkBox         *buy_box;
  GtkDropDown    *pick_dropdown;
  GPtrArray      *pick_ids;     /* the card picker's ids, in its order */

  guint           wizard;
  gboolean        refreshing;
};

G_DEFINE_FINAL_TYPE (PenRestPanel, pen_rest_panel, PEN_TYPE_SECTION)


static PenWizard *
current_wizard (PenRestPanel *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));

  if (table == NULL || pen_table_get_n_players (table) == 0)
    return NULL;
  return pen_table_get_wizard (table, pen_table_get_current (table));
}

/* "2 Crystals, 1 Fruits"; "nothing" for an empty cost */
static char *
describe_cost (const guint cost[PEN_N_INGREDIENTS])
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (cost[i] > 0)
      {
        g_autofree char *amount = pen_ingredient_format_amount (i, cost[i]);

        g_string_append_printf (s, "%s%s", s->len ? ", " : "", amount);
      }
  if (s->len == 0)
    g_string_append (s, _("nothing"));
  return g_string_free (s, FALSE);
}

/* Reports an action upward (taking it); the window submits it to the game. */
static void
submit (PenRestPanel *self,
        PenAction    *action)
{
  pen_section_submit_new (PEN_SECTION (self), action);
}

/* ---- exchange ---- */

static void
read_exchange (PenRestPanel *self,
               guint         give[PEN_N_INGREDIENTS],
               guint         get[PEN_N_INGREDIENTS])
{
  memset (give, 0, sizeof (guint) * PEN_N_INGREDIENTS);
  memset (get, 0, sizeof (guint) * PEN_N_INGREDIENTS);
  for (guint i = 0; i < N_BAZAAR; i++)
    {
      give[bazaar[i]] = gtk_spin_button_get_value_as_int (self->give[i]);
      get[bazaar[i]] = gtk_spin_button_get_value_as_int (self->get[i]);
    }
}

PenAction *
pen_rest_panel_get_exchange_action (PenRestPanel *self)
{
  guint give[PEN_N_INGREDIENTS], get[PEN_N_INGREDIENTS];
  PenWizard *w = current_wizard (self);

  g_return_val_if_fail (PEN_IS_REST_PANEL (self), NULL);

  read_exchange (self, give, get);
  if (w == NULL || !pen_rest_check_exchange (give, get, NULL, NULL, NULL))
    return NULL;
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (give[i] > pen_wizard_get_ingredient (w, i))
      return NULL;
  return pen_action_new_exchange (self->wizard, give, get);
}

static void
update_balance (PenRestPanel *self)
{
  guint give[PEN_N_INGREDIENTS], get[PEN_N_INGREDIENTS], lg = 0, lt = 0;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  PenWizard *w = current_wizard (self);

  read_exchange (self, give, get);
  pen_rest_check_exchange (give, get, &lg, &lt, &error);
  action = pen_rest_panel_get_exchange_action (self);
  if (lg == 0 && lt == 0)
    text = g_strdup (_("Choose what to give and what to get. One lot is 4 Fruits, 3 Crystals, "
                       "2 Jewels or 1 Trinket."));
  else if (action != NULL)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Balanced: %u lot for %u lot.",
                                         "Balanced: %u lots for %u lots.", lg), lg, lt);
  else if (lg != lt)
    text = g_strdup_printf (_("Not balanced: lots given %u, lots received %u."), lg, lt);
  else if (w != NULL && error == NULL)
    text = g_strdup_printf (_("%s does not have that much to give."), pen_wizard_get_name (w));
  else
    text = g_strdup (_("Only the Bazaar’s four Ingredients, never the same one on both sides."));
  gtk_label_set_label (self->balance_label, text);
  gtk_widget_set_sensitive (GTK_WIDGET (self->apply_button), action != NULL);
}

static void
apply_exchange_cb (PenRestPanel *self)
{
  PenAction *action = pen_rest_panel_get_exchange_action (self);

  if (action == NULL)
    return;
  submit (self, action);
  /* a new exchange starts from nothing */
  for (guint i = 0; i < N_BAZAAR; i++)
    {
      gtk_spin_button_set_value (self->give[i], 0);
      gtk_spin_button_set_value (self->get[i], 0);
    }
}

void
pen_rest_panel_set_exchange (PenRestPanel *self,
                             const guint  *give,
                             const guint  *get)
{
  g_return_if_fail (PEN_IS_REST_PANEL (self));

  for (guint i = 0; i < N_BAZAAR; i++)
    {
      gtk_spin_button_set_value (self->give[i], give ? give[bazaar[i]] : 0);
      gtk_spin_button_set_value (self->get[i], get ? get[bazaar[i]] : 0);
    }
  update_balance (self);
}

static GtkSpinButton *
add_spin_row (PenRestPanel   *self,
              const char     *title,
              guint           lot,
              AdwActionRow  **row_out)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (0, 24, lot);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_spin_button_set_snap_to_ticks (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  adw_expander_row_add_row (self->exchange_row, row);
  g_signal_connect_object (spin, "value-changed", G_CALLBACK (update_balance), self,
                           G_CONNECT_SWAPPED);
  if (row_out)
    *row_out = ADW_ACTION_ROW (row);
  return GTK_SPIN_BUTTON (spin);
}

static void
build_exchange (PenRestPanel *self)
{
  GtkWidget *row, *box;

  for (guint i = 0; i < N_BAZAAR; i++)
    {
      /* TRANSLATORS: the exchange calculator's rows, e.g. "Give Fruits" */
      g_autofree char *title = g_strdup_printf (_("Give %s"), pen_ingredient_get_label (bazaar[i]));
      self->give[i] = add_spin_row (self, title, pen_rest_bazaar_lot (bazaar[i]),
                                    &self->give_rows[i]);
    }
  for (guint i = 0; i < N_BAZAAR; i++)
    {
      g_autofree char *title = g_strdup_printf (_("Get %s"), pen_ingredient_get_label (bazaar[i]));
      self->get[i] = add_spin_row (self, title, pen_rest_bazaar_lot (bazaar[i]), NULL);
    }

  row = gtk_list_box_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  self->balance_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->balance_label, TRUE);
  gtk_label_set_xalign (self->balance_label, 0);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->balance_label));
  self->apply_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Exchange")));
  gtk_widget_set_halign (GTK_WIDGET (self->apply_button), GTK_ALIGN_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->apply_button), "suggested-action");
  g_signal_connect_object (self->apply_button, "clicked", G_CALLBACK (apply_exchange_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->apply_button));
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  adw_expander_row_add_row (self->exchange_row, row);
}

/* ---- paying: a dialog with the amount of each Ingredient ---- */

typedef struct
{
  PenRestPanel  *self;
  gboolean       buy;        /* else brew */
  char          *card;
  GtkSpinButton *spins[PEN_N_INGREDIENTS];
} PayData;

static void
pay_data_free (PayData *data)
{
  g_object_unref (data->self);
  g_free (data->card);
  g_free (data);
}

static void
pay_response_cb (AdwMessageDialog *dialog,
                 const char       *response,
                 PayData          *data)
{
  g_autoptr(JsonObject) pay = json_object_new ();

  if (g_strcmp0 (response, "pay") != 0)
    return;
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      int amount = gtk_spin_button_get_value_as_int (data->spins[i]);

      if (amount > 0)
        json_object_set_int_member (pay, pen_ingredient_to_string (i), amount);
    }
  if (data->buy)
    submit (data->self, pen_action_new_buy (data->self->wizard, data->card, pay, NULL));
  else
    submit (data->self, pen_action_new_brew (data->self->wizard, data->card, pay));
}

/* Asks what was paid, pre-filled with the card's cost when it is known */
static void
ask_payment (PenRestPanel *self,
             const char   *heading,
             const char   *body,
             const guint  *cost,
             gboolean      buy,
             const char   *card)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  AdwMessageDialog *dialog;
  GtkWidget *list = gtk_list_box_new ();
  PayData *data = g_new0 (PayData, 1);

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root)
                                                                           : NULL,
                                                       heading, body));
  data->self = g_object_ref (self);
  data->buy = buy;
  data->card = g_strdup (card);
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *spin = gtk_spin_button_new_with_range (0, PEN_INGREDIENT_CAP, 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), pen_ingredient_get_label (i));
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), cost ? cost[i] : 0);
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      pen_ingredient_get_label (i), -1);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
      data->spins[i] = GTK_SPIN_BUTTON (spin);
    }
  adw_message_dialog_set_extra_child (dialog, list);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "pay", _("_Pay"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "pay", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "pay");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (pay_response_cb), data,
                         (GClosureNotify) pay_data_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- brew ---- */

/* A button about one card: the card's id travels with its click handler */
typedef struct
{
  PenRestPanel *self;
  char         *card;
} CardTap;

static void
card_tap_free (gpointer  data,
               GClosure *closure)
{
  CardTap *tap = data;

  g_free (tap->card);
  g_free (tap);
}

static void
connect_card (GtkWidget    *button,
              PenRestPanel *self,
              const char   *card,
              GCallback     clicked)
{
  CardTap *tap = g_new0 (CardTap, 1);

  tap->self = self;
  tap->card = g_strdup (card);
  g_signal_connect_data (button, "clicked", clicked, tap, card_tap_free, 0);
}

static void
brew_clicked_cb (GtkButton *button,
                 CardTap   *tap)
{
  PenRestPanel *self = tap->self;
  const char *id = tap->card;
  PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), id);
  guint cost[PEN_N_INGREDIENTS];

  if (card != NULL && pen_rest_card_cost (card, cost))
    submit (self, pen_action_new_brew (self->wizard, id, NULL));
  else
    {
      g_autofree char *heading = g_strdup_printf (_("Brew %s"), pen_turn_card_name (id));
      ask_payment (self, heading, _("The rulebook does not print this Recipe’s cost. What did "
                                    "you pay, as printed on the card?"), NULL, FALSE, id);
    }
}

static GtkWidget *
item_line (const char *title,
           const char *subtitle,
           GtkWidget  *button)
{
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (title);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (texts), label);
  if (subtitle != NULL)
    {
      GtkWidget *sub = gtk_label_new (subtitle);

      gtk_label_set_wrap (GTK_LABEL (sub), TRUE);
      gtk_label_set_xalign (GTK_LABEL (sub), 0);
      gtk_widget_add_css_class (sub, "dim-label");
      gtk_widget_add_css_class (sub, "caption");
      gtk_box_append (GTK_BOX (texts), sub);
    }
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_box_append (GTK_BOX (line), texts);
  if (button != NULL)
    {
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (line), button);
    }
  return line;
}

static GtkWidget *
note_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
update_brew (PenRestPanel *self,
             PenWizard    *w)
{
  GListModel *cards = pen_wizard_get_cards (w);
  guint n = 0;

  pen_widget_remove_all (GTK_WIDGET (self->brew_box));
  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
      const char *id = pen_table_card_get_card_id (tc);
      PenCard *card = id ? pen_catalog_lookup (pen_catalog_get_default (), id) : NULL;
      guint cost[PEN_N_INGREDIENTS];
      g_autofree char *sub = NULL, *cost_text = NULL, *name = NULL;
      GtkWidget *button;
      gboolean known, can = TRUE;

      if (card == NULL || pen_card_get_card_type (card) != PEN_CARD_POTION
          || g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_GRIMOIRE) != 0
          || pen_table_card_get_rotated (tc))
        continue;
      known = pen_rest_card_cost (card, cost);
      if (known)
        {
          cost_text = describe_cost (cost);
          sub = g_strdup_printf (_("Costs %s"), cost_text);
          for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
            can &= pen_wizard_get_ingredient (w, k) >= cost[k];
          if (!can)
            {
              g_free (sub);
              sub = g_strdup_printf (_("Costs %s: not enough yet"), cost_text);
            }
        }
      else
        sub = g_strdup (_("Cost not in the rulebook: you say what you paid"));
      button = gtk_button_new_with_label (known ? _("Brew") : _("Brew…"));
      name = g_strdup_printf (_("Brew %s"), pen_turn_card_name (id));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      name, -1);
      gtk_widget_set_tooltip_text (button, can ? name : _("Not enough Ingredients"));
      gtk_widget_set_sensitive (button, can);
      connect_card (button, self, id, G_CALLBACK (brew_clicked_cb));
      gtk_box_append (self->brew_box, item_line (pen_turn_card_name (id), sub, button));
      n++;
    }
  if (n == 0)
    gtk_box_append (self->brew_box, note_label (_("No Recipes in the Grimoire: a brewed Potion "
                                                  "comes back as a Recipe when it unrotates.")));
  {
    g_autofree char *subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Recipe",
                                                              "%u Recipes", n), n);
    adw_expander_row_set_subtitle (self->brew_row, subtitle);
  }
}

/* ---- buy ---- */

/* Whether the wizard bought something since this turn started (one per Rest) */
static char *
bought_this_turn (PenRestPanel *self)
{
  PenGame *game = pen_section_get_game (PEN_SECTION (self));
  GListModel *history = pen_game_get_history (game);

  for (guint i = pen_game_get_position (game); i > 0; i--)
    {
      g_autoptr(PenAction) action = g_list_model_get_item (history, i - 1);
      const char *kind = pen_action_get_kind (action);

      if (g_str_equal (kind, "turn-start"))
        break;
      if (g_str_equal (kind, "buy"))
        return g_strdup (json_object_get_string_member (pen_action_get_params (action),
                                                        "card"));
    }
  return NULL;
}

static void
buy_card (PenRestPanel *self,
          const char   *id)
{
  PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), id);
  guint cost[PEN_N_INGREDIENTS];
  gboolean known = card != NULL && pen_rest_card_cost (card, cost);
  g_autofree char *heading = g_strdup_printf (_("Buy %s"), pen_turn_card_name (id));

  ask_payment (self, heading,
               known ? _("The usual cost is filled in. A Blue die placed in the shop takes one "
                         "Ingredient off: change it to what you paid.")
                     : _("The rulebook does not print this card’s cost. What did you pay?"),
               known ? cost : NULL, TRUE, id);
}

static void
buy_clicked_cb (GtkButton *button,
                CardTap   *tap)
{
  buy_card (tap->self, tap->card);
}

static void
buy_picked_cb (GtkButton    *button,
               PenRestPanel *self)
{
  guint i = gtk_drop_down_get_selected (self->pick_dropdown);

  if (self->pick_ids != NULL && i < self->pick_ids->len)
    buy_card (self, g_ptr_array_index (self->pick_ids, i));
}

static void
update_buy (PenRestPanel *self,
            PenTable     *table,
            PenWizard    *w)
{
  GListModel *markets = pen_table_get_markets (table);
  g_autofree char *bought = bought_this_turn (self);
  gboolean recorded[2] = { FALSE, FALSE };   /* brewery, shop */
  guint n = 0;

  pen_widget_remove_all (GTK_WIDGET (self->buy_box));
  self->pick_dropdown = NULL;
  g_clear_pointer (&self->pick_ids, g_ptr_array_unref);

  if (bought != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Bought this Rest: %s. One Potion or one "
                                                 "Artifact per Rest."),
                                               pen_turn_card_name (bought));
      gtk_box_append (self->buy_box, note_label (text));
      adw_expander_row_set_subtitle (self->buy_row, _("Done for this Rest"));
      return;
    }

  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);
      const char *zone = pen_table_card_get_zone (tc);
      const char *id = pen_table_card_get_card_id (tc);
      PenCard *card = id ? pen_catalog_lookup (pen_catalog_get_default (), id) : NULL;
      guint cost[PEN_N_INGREDIENTS];
      g_autofree char *sub = NULL, *cost_text = NULL, *name = NULL;
      GtkWidget *button;
      gboolean is_brewery = g_strcmp0 (zone, "brewery") == 0;

      if (!is_brewery && g_strcmp0 (zone, "shop") != 0)
        continue;
      recorded[is_brewery ? 0 : 1] = TRUE;
      if (card == NULL)
        continue;
      if (pen_rest_card_cost (card, cost))
        {
          cost_text = describe_cost (cost);
          sub = g_strdup_printf (is_brewery ? _("Brewery · costs %s") : _("Shop · costs %s"),
                                 cost_text);
        }
      else
        sub = g_strdup (is_brewery ? _("Brewery · cost not in the rulebook")
                                   : _("Shop · cost not in the rulebook"));
      button = gtk_button_new_with_label (_("Buy…"));
      name = g_strdup_printf (_("Buy %s"), pen_turn_card_name (id));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      name, -1);
      gtk_widget_set_tooltip_text (button, name);
      /* two cards of the same name never share a play area */
      gtk_widget_set_sensitive (button, pen_wizard_find_card (w, id) < 0);
      connect_card (button, self, id, G_CALLBACK (buy_clicked_cb));
      gtk_box_append (self->buy_box, item_line (pen_turn_card_name (id), sub, button));
      n++;
    }

  if (!recorded[0] || !recorded[1])
    {
      static const PenCardType types[] = { PEN_CARD_POTION, PEN_CARD_ARTIFACT };
      g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
      GtkWidget *button;

      gtk_box_append (self->buy_box,
                      note_label (n == 0 ? _("The markets are not recorded: add the card you "
                                             "bought.")
                                         : _("One market is not recorded: add the card you "
                                             "bought there.")));
      self->pick_ids = g_ptr_array_new_with_free_func (g_free);
      for (guint t = 0; t < G_N_ELEMENTS (types); t++)
        {
          g_autoptr(GPtrArray) cards = NULL;

          if (recorded[t])
            continue;
          cards = pen_catalog_list_by_type (pen_catalog_get_default (), types[t]);
          for (guint i = 0; i < cards->len; i++)
            {
              const char *id = pen_card_get_id (g_ptr_array_index (cards, i));

              if (pen_wizard_find_card (w, id) >= 0)
                continue;
              g_ptr_array_add (self->pick_ids, g_strdup (id));
              gtk_string_list_append (names, pen_turn_card_name (id));
            }
        }
      self->pick_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (
        G_LIST_MODEL (g_steal_pointer (&names)), NULL));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->pick_dropdown),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("The card you bought"),
                                      -1);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->pick_dropdown), _("The card you bought"));
      gtk_widget_set_hexpand (GTK_WIDGET (self->pick_dropdown), TRUE);
      button = gtk_button_new_with_label (_("Buy…"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Buy the chosen card"), -1);
      gtk_widget_set_sensitive (button, self->pick_ids->len > 0);
      g_signal_connect (button, "clicked", G_CALLBACK (buy_picked_cb), self);
      {
        GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);

        gtk_box_append (GTK_BOX (line), GTK_WIDGET (self->pick_dropdown));
        gtk_box_append (GTK_BOX (line), button);
        gtk_box_append (self->buy_box, line);
      }
    }
  adw_expander_row_set_subtitle (self->buy_row, _("One Potion or one Artifact, at the usual "
                                                  "cost"));
}

/* ---- refresh ---- */

static void
pen_rest_panel_position_changed (PenSection *section)
{
  PenRestPanel *self = PEN_REST_PANEL (section);
  PenTable *table = pen_section_get_table (PEN_SECTION (self));
  PenWizard *w = current_wizard (self);
  gboolean show = w != NULL && pen_table_get_turn_kind (table) == PEN_TURN_REST
                  && !pen_wizard_get_rival (w);

  gtk_widget_set_visible (GTK_WIDGET (self), show);
  if (!show)
    return;

  self->refreshing = TRUE;
  self->wizard = pen_table_get_current (table);
  {
    g_autofree char *title = g_strdup_printf (_("Rest options for %s"), pen_wizard_get_name (w));
    gtk_label_set_label (self->title_label, title);
  }
  for (guint i = 0; i < N_BAZAAR; i++)
    {
      guint have = pen_wizard_get_ingredient (w, bazaar[i]);
      g_autofree char *sub = g_strdup_printf (_("You have %u"), have);

      adw_action_row_set_subtitle (self->give_rows[i], sub);
    }
  update_balance (self);
  update_brew (self, w);
  update_buy (self, table, w);
  self->refreshing = FALSE;
}

/* ---- the object ---- */

PenRestPanel *
pen_rest_panel_new (void)
{
  return g_object_new (PEN_TYPE_REST_PANEL, NULL);
}

PenGame *
pen_rest_panel_get_game (PenRestPanel *self)
{
  g_return_val_if_fail (PEN_IS_REST_PANEL (self), NULL);

  return pen_section_get_game (PEN_SECTION (self));
}

void
pen_rest_panel_set_game (PenRestPanel *self,
                         PenGame      *game)
{
  pen_section_set_game (PEN_SECTION (self), game);
}

static void
pen_rest_panel_dispose (GObject *object)
{
  PenRestPanel *self = PEN_REST_PANEL (object);

  g_clear_pointer (&self->pick_ids, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_REST_PANEL);

  G_OBJECT_CLASS (pen_rest_panel_parent_class)->dispose (object);
}



static void
pen_rest_panel_class_init (PenRestPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  section_class->position_changed = pen_rest_panel_position_changed;

  object_class->dispose = pen_rest_panel_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-rest-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRestPanel, title_label);
  gtk_widget_class_bind_template_child (widget_class, PenRestPanel, exchange_row);
  gtk_widget_class_bind_template_child (widget_class, PenRestPanel, brew_row);
  gtk_widget_class_bind_template_child (widget_class, PenRestPanel, buy_row);
}

static GtkBox *
add_box_row (AdwExpanderRow *expander)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  adw_expander_row_add_row (expander, row);
  return GTK_BOX (box);
}

static void
pen_rest_panel_init (PenRestPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  build_exchange (self);
  self->brew_box = add_box_row (self->brew_row);
  self->buy_box = add_box_row (self->buy_row);
  update_balance (self);
}
