/* pen-rest-panel.c
 *
 * The panel binds to three models: the exchange calculator (a PenExchangeForm, its eight
 * PenCountRows declared in the .ui), the Recipes to brew and the cards to buy (GListStores of
 * PenRestOffer, bound to their lists). A change of position updates the items in place: a row
 * is added or removed only when a card comes or goes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-catalog.h"
#include "pen-count-row.h"
#include "pen-exchange-form.h"
#include "pen-rest.h"
#include "pen-rest-offer.h"
#include "pen-rest-offer-row.h"
#include "pen-rest-panel.h"
#include "pen-rest-pay-dialog.h"
#include "pen-rest-pick-row.h"
#include "pen-table-util.h"
#include "pen-turn.h"

#define N_BAZAAR 4

struct _PenRestPanel
{
  PenSection       parent_instance;

  GtkLabel        *title_label;
  AdwExpanderRow  *exchange_row;
  AdwExpanderRow  *brew_row;
  AdwExpanderRow  *buy_row;
  PenCountRow     *give_rows[N_BAZAAR];
  PenCountRow     *get_rows[N_BAZAAR];
  GtkLabel        *balance_label;
  GtkButton       *apply_button;
  GtkWidget       *brew_note;
  GtkListBox      *brew_list;
  GtkLabel        *buy_note;
  GtkListBox      *buy_list;

  PenExchangeForm *exchange;
  GListStore      *brew;      /* PenRestOffer */
  GListStore      *buy;       /* PenRestOffer */
  guint            wizard;
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

/* The store takes the offers: the items of the same card (or the same picker) at both ends
 * stay and take the new texts; only the ones between are replaced. */
static void
sync_offers (GListStore *store,
             GPtrArray  *offers)
{
  GListModel *model = G_LIST_MODEL (store);
  guint n = g_list_model_get_n_items (model), head = 0, tail = 0;

  for (; head < n && head < offers->len; head++)
    {
      g_autoptr(PenRestOffer) old = g_list_model_get_item (model, head);
      PenRestOffer *offer = g_ptr_array_index (offers, head);

      if (pen_rest_offer_get_picker (old) ? !pen_rest_offer_same_picker (old, offer)
                                          : g_strcmp0 (pen_rest_offer_get_card (old),
                                                       pen_rest_offer_get_card (offer)) != 0
                                            || pen_rest_offer_get_picker (offer))
        break;
      pen_rest_offer_update (old, offer);
    }
  for (; tail < n - head && tail < offers->len - head; tail++)
    {
      g_autoptr(PenRestOffer) old = g_list_model_get_item (model, n - 1 - tail);
      PenRestOffer *offer = g_ptr_array_index (offers, offers->len - 1 - tail);

      if (pen_rest_offer_get_picker (old) ? !pen_rest_offer_same_picker (old, offer)
                                          : g_strcmp0 (pen_rest_offer_get_card (old),
                                                       pen_rest_offer_get_card (offer)) != 0
                                            || pen_rest_offer_get_picker (offer))
        break;
      pen_rest_offer_update (old, offer);
    }
  if (head + tail < n || head + tail < offers->len)
    g_list_store_splice (store, head, n - head - tail, offers->pdata + head,
                         offers->len - head - tail);
}

/* ---- exchange ---- */

PenAction *
pen_rest_panel_get_exchange_action (PenRestPanel *self)
{
  g_return_val_if_fail (PEN_IS_REST_PANEL (self), NULL);

  return pen_exchange_form_get_action (self->exchange);
}

static void
apply_clicked_cb (PenRestPanel *self)
{
  PenAction *action = pen_exchange_form_get_action (self->exchange);

  if (action == NULL)
    return;
  pen_section_submit_new (PEN_SECTION (self), action);
  /* a new exchange starts from nothing */
  pen_exchange_form_clear (self->exchange);
}

void
pen_rest_panel_set_exchange (PenRestPanel *self,
                             const guint  *give,
                             const guint  *get)
{
  g_return_if_fail (PEN_IS_REST_PANEL (self));

  pen_exchange_form_set (self->exchange, give, get);
}

/* ---- paying ---- */

static void
pay_response_cb (PenRestPayDialog *dialog,
                 const char       *response,
                 PenRestPanel     *self)
{
  if (g_strcmp0 (response, "pay") != 0)
    return;
  pen_section_submit_new (PEN_SECTION (self), pen_rest_pay_dialog_get_action (dialog,
                                                                              self->wizard));
}

/* Asks what was paid, pre-filled with the card's cost when it is known. Transfer none. */
static PenRestPayDialog *
ask_payment (PenRestPanel *self,
             const char   *heading,
             const char   *body,
             const guint  *cost,
             gboolean      buy,
             const char   *card)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  PenRestPayDialog *dialog;

  dialog = pen_rest_pay_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading,
                                    body, cost, buy, card);
  g_signal_connect_object (dialog, "response", G_CALLBACK (pay_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

/* ---- brew ---- */

static void
brew_chosen_cb (PenRestPanel *self,
                const char   *id)
{
  PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), id);
  guint cost[PEN_N_INGREDIENTS];

  if (card != NULL && pen_rest_card_cost (card, cost))
    pen_section_submit_new (PEN_SECTION (self), pen_action_new_brew (self->wizard, id, NULL));
  else
    {
      g_autofree char *heading = g_strdup_printf (_("Brew %s"), pen_turn_card_name (id));
      ask_payment (self, heading, _("The rulebook does not print this Recipe’s cost. What did "
                                    "you pay, as printed on the card?"), NULL, FALSE, id);
    }
}

static PenRestOffer *
brew_offer (PenWizard  *w,
            const char *id,
            PenCard    *card)
{
  PenRestOffer *offer = pen_rest_offer_new (id);
  guint cost[PEN_N_INGREDIENTS];
  g_autofree char *sub = NULL, *cost_text = NULL, *name = NULL;
  gboolean known = pen_rest_card_cost (card, cost), can = TRUE;

  if (known)
    {
      cost_text = describe_cost (cost);
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        can &= pen_wizard_get_ingredient (w, k) >= cost[k];
      sub = can ? g_strdup_printf (_("Costs %s"), cost_text)
                : g_strdup_printf (_("Costs %s: not enough yet"), cost_text);
    }
  else
    sub = g_strdup (_("Cost not in the rulebook: you say what you paid"));
  name = g_strdup_printf (_("Brew %s"), pen_turn_card_name (id));
  pen_rest_offer_set_shown (offer, pen_turn_card_name (id), sub, known ? _("Brew") : _("Brew…"),
                            can ? name : _("Not enough Ingredients"), name, can);
  return offer;
}

static void
update_brew (PenRestPanel *self,
             PenWizard    *w)
{
  GListModel *cards = pen_wizard_get_cards (w);
  g_autoptr(GPtrArray) offers = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *subtitle = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
      const char *id = pen_table_card_get_card_id (tc);
      PenCard *card = id ? pen_catalog_lookup (pen_catalog_get_default (), id) : NULL;

      if (card == NULL || pen_card_get_card_type (card) != PEN_CARD_POTION
          || g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_GRIMOIRE) != 0
          || pen_table_card_get_rotated (tc))
        continue;
      g_ptr_array_add (offers, brew_offer (w, id, card));
    }
  sync_offers (self->brew, offers);
  gtk_widget_set_visible (self->brew_note, offers->len == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->brew_list), offers->len > 0);
  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Recipe", "%u Recipes",
                                           offers->len), offers->len);
  adw_expander_row_set_subtitle (self->brew_row, subtitle);
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
        return g_strdup (pen_action_get_string (action, "card"));
    }
  return NULL;
}

static const char *picker_name (const char *id);

/* A table that says its market's cards: the market is refilled after a Rest's purchase as after
 * one at the Brewery or the Shop (Locations › Brewery: "Right after buying a Potion, reveal a
 * new Potion card from the top of the deck and put it in the vacated place"; Rest › "Buy 1
 * Potion or 1 Artifact from the market, at the usual cost"), so the table says which card it
 * turned up, of those still possible or another (play finding V6). App-dealt, the core deals
 * it from the market's deck. */
static void
ask_turned_up (PenRestPanel     *self,
               PenRestPayDialog *dialog,
               const char       *bought)
{
  PenGame *game = pen_section_get_game (PEN_SECTION (self));
  PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), bought);
  gboolean artifact = card != NULL && pen_card_get_card_type (card) != PEN_CARD_POTION;
  PenCardType type = artifact ? PEN_CARD_ARTIFACT : PEN_CARD_POTION;
  g_autoptr(GPtrArray) draws = NULL;
  g_autoptr(GPtrArray) others = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  if (game == NULL || card == NULL || !pen_table_get_table_markets (pen_game_get_table (game)))
    return;
  draws = pen_tu_market_draws (game, artifact ? PEN_DRAW_ARTIFACT : PEN_DRAW_POTION);
  for (guint i = 0; g_ptr_array_index (draws, i) != NULL; i++)
    if (g_strcmp0 (g_ptr_array_index (draws, i), bought) != 0)
      {
        g_ptr_array_add (ids, g_ptr_array_index (draws, i));
        g_ptr_array_add (names, (gpointer) pen_turn_card_name (g_ptr_array_index (draws, i)));
      }
  /* another card, not named yet: not the one bought if that was one too */
  others = pen_draw_others (game, type, 2);
  for (guint i = 0; i < others->len; i++)
    if (g_strcmp0 (g_ptr_array_index (others, i), bought) != 0)
      {
        g_ptr_array_add (ids, g_ptr_array_index (others, i));
        g_ptr_array_add (names, (gpointer) picker_name (g_ptr_array_index (others, i)));
        break;
      }
  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (names, NULL);
  if (ids->len == 1)
    return;
  pen_rest_pay_dialog_ask_turned_up (dialog, artifact ? _("Artifact turned up in the Shop")
                                                      : _("Potion turned up in the Brewery"),
                                     (const char * const *) ids->pdata,
                                     (const char * const *) names->pdata);
}

static void
buy_chosen_cb (PenRestPanel *self,
               const char   *id)
{
  PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), id);
  guint cost[PEN_N_INGREDIENTS];
  gboolean known = card != NULL && pen_rest_purchase_cost (card, cost);
  PenCardType type;
  g_autofree char *heading = !pen_card_parse_placeholder (id, &type, NULL)
                             ? g_strdup_printf (_("Buy %s"), pen_turn_card_name (id))
                             : g_strdup (type == PEN_CARD_ARTIFACT ? _("Buy an Artifact")
                                                                   : _("Buy a Potion"));

  PenRestPayDialog *dialog;

  dialog = ask_payment (self, heading,
                        known ? _("The usual cost is filled in. A Blue die placed in the shop "
                                  "takes one Ingredient off: change it to what you paid.")
                              : _("The rulebook does not print this card’s cost. What did you "
                                  "pay?"),
                        known ? cost : NULL, TRUE, id);
  ask_turned_up (self, dialog, id);
}

static PenRestOffer *
buy_offer (PenWizard  *w,
           const char *id,
           PenCard    *card,
           gboolean    is_brewery)
{
  PenRestOffer *offer = pen_rest_offer_new (id);
  guint cost[PEN_N_INGREDIENTS];
  g_autofree char *sub = NULL, *cost_text = NULL, *name = NULL;

  if (pen_rest_purchase_cost (card, cost))
    {
      cost_text = describe_cost (cost);
      sub = g_strdup_printf (is_brewery ? _("Brewery · costs %s") : _("Shop · costs %s"),
                             cost_text);
    }
  else
    sub = g_strdup (is_brewery ? _("Brewery · cost not in the rulebook")
                               : _("Shop · cost not in the rulebook"));
  name = g_strdup_printf (_("Buy %s"), pen_turn_card_name (id));
  /* two cards of the same name never share a play area */
  pen_rest_offer_set_shown (offer, pen_turn_card_name (id), sub, _("Buy…"), name, name,
                            pen_wizard_find_card (w, id) < 0);
  return offer;
}

/* A card of the picker as the table reads it: a placeholder is a card still to be named, not
 * a card the app knows ("Potion 7 of 14" would read as one) */
static const char *
picker_name (const char *id)
{
  PenCardType type;

  if (!pen_card_parse_placeholder (id, &type, NULL))
    return pen_turn_card_name (id);
  return type == PEN_CARD_ARTIFACT ? _("Another Artifact: name it later")
                                   : _("Another Potion: name it later");
}

/* The cards of the markets not recorded that the wizard may have bought */
static PenRestOffer *
picker_offer (PenGame        *game,
              PenWizard      *w,
              const gboolean  recorded[2],
              guint           n_offers)
{
  static const PenCardType types[] = { PEN_CARD_POTION, PEN_CARD_ARTIFACT };
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  PenRestOffer *offer;
  gboolean at_table = game != NULL && pen_table_get_table_markets (pen_game_get_table (game));
  const char *note;

  for (guint t = 0; t < G_N_ELEMENTS (types); t++)
    {
      g_autoptr(GPtrArray) cards = NULL;

      if (recorded[t])
        continue;
      /* a table that says its market cards: those still possible, or another */
      if (game != NULL && pen_table_get_table_markets (pen_game_get_table (game)))
        {
          g_autoptr(GPtrArray) possible = pen_tu_market_draws (game, t == 0 ? PEN_DRAW_POTION
                                                                            : PEN_DRAW_ARTIFACT);
          char *another = pen_draw_another (game, types[t]);

          for (guint i = 0; g_ptr_array_index (possible, i) != NULL; i++)
            if (pen_wizard_find_card (w, g_ptr_array_index (possible, i)) < 0)
              g_ptr_array_add (ids, g_strdup (g_ptr_array_index (possible, i)));
          if (another != NULL)
            g_ptr_array_add (ids, another);
          continue;
        }
      cards = pen_catalog_list_by_type (pen_catalog_get_default (), types[t]);
      for (guint i = 0; i < cards->len; i++)
        {
          const char *id = pen_card_get_id (g_ptr_array_index (cards, i));

          if (pen_wizard_find_card (w, id) < 0)
            g_ptr_array_add (ids, g_strdup (id));
        }
    }
  for (guint i = 0; i < ids->len; i++)
    g_ptr_array_add (names, g_strdup (picker_name (g_ptr_array_index (ids, i))));
  offer = pen_rest_offer_new_picker (ids, names);
  /* a table that lays out its markets has them on the Table page, their cards not named yet:
   * saying they are not recorded would contradict it */
  if (at_table)
    note = n_offers == 0 ? _("The cards in the Brewery and the Shop are not named yet: pick the "
                             "one you bought.")
                         : _("A market’s cards are not named yet: pick the one you bought "
                             "there.");
  else
    note = n_offers == 0 ? _("The markets are not recorded: add the card you bought.")
                         : _("One market is not recorded: add the card you bought there.");
  pen_rest_offer_set_shown (offer, NULL, note, NULL, NULL, NULL, ids->len > 0);
  return offer;
}

static void
update_buy (PenRestPanel *self,
            PenTable     *table,
            PenWizard    *w)
{
  GListModel *markets = pen_table_get_markets (table);
  g_autofree char *bought = bought_this_turn (self);
  g_autoptr(GPtrArray) offers = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean recorded[2] = { FALSE, FALSE };   /* brewery, shop */
  gboolean unknown[2] = { FALSE, FALSE };    /* a face-up card the table has not named */

  gtk_widget_set_visible (GTK_WIDGET (self->buy_note), bought != NULL);
  if (bought != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Bought this Rest: %s. One Potion or one "
                                                 "Artifact per Rest."),
                                               pen_turn_card_name (bought));
      gtk_label_set_label (self->buy_note, text);
      sync_offers (self->buy, offers);
      gtk_widget_set_visible (GTK_WIDGET (self->buy_list), FALSE);
      adw_expander_row_set_subtitle (self->buy_row, _("Done for this Rest"));
      return;
    }

  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);
      const char *zone = pen_table_card_get_zone (tc);
      const char *id = pen_table_card_get_card_id (tc);
      PenCard *card = id ? pen_catalog_lookup (pen_catalog_get_default (), id) : NULL;
      gboolean is_brewery = g_strcmp0 (zone, "brewery") == 0;

      if (!is_brewery && g_strcmp0 (zone, "shop") != 0)
        continue;
      recorded[is_brewery ? 0 : 1] = TRUE;
      if (card != NULL)
        g_ptr_array_add (offers, buy_offer (w, id, card, is_brewery));
      else if (id == NULL)
        unknown[is_brewery ? 0 : 1] = TRUE;
    }
  /* a card not named yet is picked as for a market not recorded */
  for (guint t = 0; t < 2; t++)
    recorded[t] = recorded[t] && !unknown[t];
  if (!recorded[0] || !recorded[1])
    g_ptr_array_add (offers, picker_offer (pen_section_get_game (PEN_SECTION (self)), w, recorded,
                                           offers->len));
  sync_offers (self->buy, offers);
  gtk_widget_set_visible (GTK_WIDGET (self->buy_list), offers->len > 0);
  adw_expander_row_set_subtitle (self->buy_row, _("One Potion or one Artifact, at the usual "
                                                  "cost"));
}

static GtkWidget *
create_brew_row (gpointer item,
                 gpointer user_data)
{
  GtkWidget *row = g_object_new (PEN_TYPE_REST_OFFER_ROW, "offer", item, NULL);

  g_signal_connect_object (row, "chosen", G_CALLBACK (brew_chosen_cb), user_data,
                           G_CONNECT_SWAPPED);
  return row;
}

static GtkWidget *
create_buy_row (gpointer item,
                gpointer user_data)
{
  GtkWidget *row = g_object_new (pen_rest_offer_get_picker (item) ? PEN_TYPE_REST_PICK_ROW
                                                                  : PEN_TYPE_REST_OFFER_ROW,
                                 "offer", item, NULL);

  g_signal_connect_object (row, "chosen", G_CALLBACK (buy_chosen_cb), user_data,
                           G_CONNECT_SWAPPED);
  return row;
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
  g_autofree char *title = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self), show);
  if (!show)
    return;

  self->wizard = pen_table_get_current (table);
  title = g_strdup_printf (_("Rest options for %s"), pen_wizard_get_display_name (w));
  gtk_label_set_label (self->title_label, title);
  pen_exchange_form_set_wizard (self->exchange, self->wizard, w);
  update_brew (self, w);
  update_buy (self, table, w);
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

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_REST_PANEL);
  g_clear_object (&self->exchange);
  g_clear_object (&self->brew);
  g_clear_object (&self->buy);

  G_OBJECT_CLASS (pen_rest_panel_parent_class)->dispose (object);
}

static void
pen_rest_panel_class_init (PenRestPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);
  /* the template's rows of the exchange, one per Ingredient offered */
  static const char * const give_names[] = { "give_0", "give_1", "give_2", "give_3" };
  static const char * const get_names[] = { "get_0", "get_1", "get_2", "get_3" };

  G_STATIC_ASSERT (G_N_ELEMENTS (give_names) == G_N_ELEMENTS (((PenRestPanel *) 0)->give_rows));
  G_STATIC_ASSERT (G_N_ELEMENTS (get_names) == G_N_ELEMENTS (((PenRestPanel *) 0)->get_rows));

  section_class->position_changed = pen_rest_panel_position_changed;

  object_class->dispose = pen_rest_panel_dispose;
  g_type_ensure (PEN_TYPE_COUNT_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-rest-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRestPanel, title_label);
  gtk_widget_class_bind_template_child (widget_class, PenRestPanel, exchange_row);
  gtk_widget_class_bind_template_child (widget_class, PenRestPanel, brew_row);
  gtk_widget_class_bind_template_child (widget_class, PenRestPanel, buy_row);
  for (guint i = 0; i < G_N_ELEMENTS (give_names); i++)
    {
      gtk_widget_class_bind_template_child_full (widget_class, give_names[i], FALSE,
                                                 G_STRUCT_OFFSET (PenRestPanel, give_rows)
                                                 + i * sizeof (gpointer));
      gtk_widget_class_bind_template_child_full (widget_class, get_names[i], FALSE,
                                                 G_STRUCT_OFFSET (PenRestPanel, get_rows)
                                                 + i * sizeof (gpointer));
    }
  gtk_widget_class_bind_template_child (widget_class, PenRestPanel, balance_label);
  gtk_widget_class_bind_template_child (widget_class, PenRestPanel, apply_button);
  gtk_widget_class_bind_template_child (widget_class, PenRestPanel, brew_note);
  gtk_widget_class_bind_template_child (widget_class, PenRestPanel, brew_list);
  gtk_widget_class_bind_template_child (widget_class, PenRestPanel, buy_note);
  gtk_widget_class_bind_template_child (widget_class, PenRestPanel, buy_list);
  gtk_widget_class_bind_template_callback (widget_class, apply_clicked_cb);
}

static void
pen_rest_panel_init (PenRestPanel *self)
{
  GListModel *give, *get;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->exchange = pen_exchange_form_new ();
  give = pen_exchange_form_get_give (self->exchange);
  get = pen_exchange_form_get_get (self->exchange);
  for (guint i = 0; i < N_BAZAAR; i++)
    {
      g_autoptr(PenCount) g = g_list_model_get_item (give, i);
      g_autoptr(PenCount) t = g_list_model_get_item (get, i);

      pen_count_row_set_count (self->give_rows[i], g);
      pen_count_row_set_count (self->get_rows[i], t);
    }
  g_object_bind_property (self->exchange, "balance", self->balance_label, "label",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->exchange, "acceptable", self->apply_button, "sensitive",
                          G_BINDING_SYNC_CREATE);

  self->brew = g_list_store_new (PEN_TYPE_REST_OFFER);
  self->buy = g_list_store_new (PEN_TYPE_REST_OFFER);
  gtk_list_box_bind_model (self->brew_list, G_LIST_MODEL (self->brew), create_brew_row, self,
                           NULL);
  gtk_list_box_bind_model (self->buy_list, G_LIST_MODEL (self->buy), create_buy_row, self, NULL);
}
