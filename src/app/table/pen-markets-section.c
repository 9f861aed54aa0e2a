/* pen-markets-section.c: the markets and the cards for sale in each
 *
 * A row per market, bound to a list of the markets' names; a change of a market's cards
 * retitles its row only. Each row has its Bribe (Primagic, Ingredients › Jewels: "during
 * Study", any one market): the core refuses it off the player's Study turn or without a Jewel,
 * and the table may do it anyway; after the game there is no Bribe at all.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-locations.h"
#include "pen-markets-section.h"
#include "pen-turn.h"

struct _PenMarketsSection
{
  PenSection     parent_instance;

  GtkListBox    *list;

  GtkStringList *zones;      /* the markets, in the order of the table */
  GHashTable    *contents;   /* zone → the names of its cards, ", "-joined */
  AdwToast      *bribe_toast;  /* weak: what the last Bribe did, while shown */
};

G_DEFINE_FINAL_TYPE (PenMarketsSection, pen_markets_section, PEN_TYPE_SECTION)

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  PenMarketsSection *self = user_data;
  PenLocations *locations = pen_locations_get_default ();
  const char *zone = gtk_string_object_get_string (item);
  g_autofree char *class_id = g_strdup_printf ("%s-class", zone);
  const char *name = pen_locations_get_name (locations, zone);
  g_autofree char *title = NULL;
  GtkWidget *row, *bribe;

  /* zone ids are the location's ("brewery") or its Class's ("ruby"), named in the reader's
   * language as the place dialog names them */
  if (name == NULL)
    name = pen_locations_get_name (locations, class_id);
  title = g_strdup (name != NULL ? name : zone);
  row = g_object_new (ADW_TYPE_ACTION_ROW, "title", title, "subtitle-lines", 0,
                      "subtitle", g_hash_table_lookup (self->contents, zone), NULL);
  /* Translators: the Primagic Bribe, refreshing one market for 1 Jewel */
  bribe = g_object_new (GTK_TYPE_BUTTON, "label", _("_Bribe"), "use-underline", TRUE,
                        "valign", GTK_ALIGN_CENTER, "action-name", "market.bribe",
                        "action-target", g_variant_new_string (zone),
                        "tooltip-text", _("Discard 1 Jewel to lay out new cards in this market "
                                          "(Primagic Bribe, during Study)"), NULL);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), bribe);
  return row;
}

/* What the Bribe did, with Undo; gone with the next change of the game, after which Undo
 * would take back something else (or when closed) */
static void
bribe_toast (PenMarketsSection *self,
             PenGame           *game,
             const char        *zone)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  PenLocations *locations = pen_locations_get_default ();
  g_autofree char *class_id = g_strdup_printf ("%s-class", zone);
  const char *name = pen_locations_get_name (locations, zone);
  g_autofree char *title = NULL;
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  if (name == NULL)
    name = pen_locations_get_name (locations, class_id);
  /* Translators: a toast after the Primagic Bribe; %s is the market: "Brewery" */
  title = g_strdup_printf (_("Bribe: 1 Jewel spent, new cards in %s"), name ? name : zone);
  escaped = g_markup_escape_text (title, -1);
  toast = adw_toast_new (escaped);
  /* the whole sentence, over two lines on a phone rather than cut (the toast's own title is
   * one line) */
  adw_toast_set_custom_title (toast, g_object_new (GTK_TYPE_LABEL, "label", title, "wrap", TRUE,
                                                   "wrap-mode", PANGO_WRAP_WORD,
                                                   "lines", 4, "xalign", 0.0f,
                                                   /* with Undo and the close button within a
                                                    * phone's 360 px, in Russian too */
                                                   "max-width-chars", 16,
                                                   "css-classes", (const char *[]) { "heading",
                                                                                     NULL },
                                                   NULL));
  adw_toast_set_button_label (toast, _("Undo"));
  adw_toast_set_action_name (toast, "win.undo");
  /* no timeout: a toast that timed out as the finger came down let the tap on Undo land on the
   * Bribe button under it, a second Bribe (seen at 360 px in Russian, its four lines read
   * slowly); it goes with the next change of the game, or its close button */
  adw_toast_set_timeout (toast, 0);
  g_signal_connect_object (game, "notify::position", G_CALLBACK (adw_toast_dismiss), toast,
                           G_CONNECT_SWAPPED);
  g_clear_weak_pointer (&self->bribe_toast);
  g_set_weak_pointer (&self->bribe_toast, toast);
  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
  else
    g_object_unref (toast);
}

AdwToast *
pen_markets_section_get_bribe_toast (PenMarketsSection *self)
{
  g_return_val_if_fail (PEN_IS_MARKETS_SECTION (self), NULL);
  return self->bribe_toast;
}

/* Bribe, by the player whose turn it is: the core says when it is not allowed */
static void
bribe_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (widget));

  PenGame *game = pen_section_get_game (PEN_SECTION (widget));
  const char *zone = g_variant_get_string (param, NULL);
  guint position;

  if (table == NULL || game == NULL || pen_table_get_n_players (table) == 0)
    return;
  position = pen_game_get_position (game);
  pen_section_submit_new (PEN_SECTION (widget),
                          pen_action_new_bribe (pen_table_get_current (table), zone, NULL));
  /* one tap spends a Jewel: say so, with Undo at hand (play finding U2). A Bribe the rules
   * refused and the table did anyway was confirmed already. */
  if (pen_game_get_position (game) == position + 1)
    bribe_toast (PEN_MARKETS_SECTION (widget), game, zone);
}

static void
pen_markets_section_position_changed (PenSection *section)
{
  PenMarketsSection *self = PEN_MARKETS_SECTION (section);
  PenTable *table = pen_section_get_table (section);
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                       (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) zones = g_ptr_array_new_with_free_func (g_free);
  GListModel *markets;
  gboolean same;
  guint n;

  if (table == NULL)
    return;
  markets = pen_table_get_markets (table);
  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);
      const char *zone = pen_table_card_get_zone (tc);
      GPtrArray *list = g_hash_table_lookup (names, zone);

      if (list == NULL)
        {
          list = g_ptr_array_new ();
          g_hash_table_insert (names, g_strdup (zone), list);
          g_ptr_array_add (zones, g_strdup (zone));
        }
      /* an unnamed card: the row is its Class, its place in the list where it lies; the box's
       * count ("Discipline card 3 of 96") meant nothing at a table (play finding B1) */
      g_ptr_array_add (list, pen_card_id_is_placeholder (pen_table_card_get_card_id (tc))
                             ? (gpointer) _("a card not named yet")
                             : (gpointer) pen_turn_card_name (pen_table_card_get_card_id (tc)));
    }

  /* in the book's order, City then School (Brewery, Shop, the Classes in the Disciplines'
   * order), whatever order the set-up gave them: the table finds a market where it looks */
  {
    static const char * const order[] = { "brewery", "shop", "ruby", "amber", "jasper",
                                          "emerald", "sapphire", "amethyst" };
    g_autoptr(GPtrArray) sorted = g_ptr_array_new_with_free_func (g_free);

    for (guint k = 0; k < G_N_ELEMENTS (order); k++)
      for (guint i = 0; i < zones->len; i++)
        if (g_strcmp0 (g_ptr_array_index (zones, i), order[k]) == 0)
          g_ptr_array_add (sorted, g_strdup (order[k]));
    for (guint i = 0; i < zones->len; i++)
      if (!g_strv_contains (order, g_ptr_array_index (zones, i)))
        g_ptr_array_add (sorted, g_strdup (g_ptr_array_index (zones, i)));
    g_ptr_array_unref (zones);
    zones = g_steal_pointer (&sorted);
  }

  /* the markets themselves: only when they are not the same */
  n = g_list_model_get_n_items (G_LIST_MODEL (self->zones));
  same = n == zones->len;
  for (guint i = 0; same && i < n; i++)
    same = g_strcmp0 (gtk_string_list_get_string (self->zones, i),
                      g_ptr_array_index (zones, i)) == 0;
  for (guint i = 0; i < zones->len; i++)
    {
      const char *zone = g_ptr_array_index (zones, i);
      GPtrArray *list = g_hash_table_lookup (names, zone);
      g_autofree char *sub = NULL;
      GtkListBoxRow *row;

      g_ptr_array_add (list, NULL);
      sub = g_strjoinv (", ", (char **) list->pdata);
      if (g_strcmp0 (g_hash_table_lookup (self->contents, zone), sub) == 0)
        continue;
      g_hash_table_replace (self->contents, g_strdup (zone), g_strdup (sub));
      row = same ? gtk_list_box_get_row_at_index (self->list, i) : NULL;
      if (row != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), sub);
    }
  if (!same)
    {
      g_ptr_array_add (zones, NULL);
      gtk_string_list_splice (self->zones, 0, n, (const char * const *) zones->pdata);
    }
  gtk_widget_set_visible (GTK_WIDGET (self), g_list_model_get_n_items (markets) > 0);
  /* once the game is over nothing of a turn is left: no Bribe either (play finding W8) */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "market.bribe",
                                 pen_table_get_phase (table) != PEN_PHASE_ENDED);
}

static void
pen_markets_section_dispose (GObject *object)
{
  PenMarketsSection *self = PEN_MARKETS_SECTION (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_MARKETS_SECTION);
  g_clear_object (&self->zones);
  g_clear_pointer (&self->contents, g_hash_table_unref);
  g_clear_weak_pointer (&self->bribe_toast);

  G_OBJECT_CLASS (pen_markets_section_parent_class)->dispose (object);
}

static void
pen_markets_section_class_init (PenMarketsSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_markets_section_dispose;
  section_class->position_changed = pen_markets_section_position_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-markets-section.ui");
  gtk_widget_class_bind_template_child (widget_class, PenMarketsSection, list);
  gtk_widget_class_install_action (widget_class, "market.bribe", "s", bribe_activated);
}

static void
pen_markets_section_init (PenMarketsSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->zones = gtk_string_list_new (NULL);
  self->contents = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  gtk_list_box_bind_model (self->list, G_LIST_MODEL (self->zones), create_row, self, NULL);
}
