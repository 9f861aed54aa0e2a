/* pen-place-dialog.c: placing a die in a location, its section's effect in the same step
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-locations.h"
#include "pen-place-dialog.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

struct _PenPlaceDialog
{
  AdwMessageDialog  parent_instance;

  PenGame          *game;
  guint             wizard;
  guint             index;
  PenColor          color;
  GStrv             sections;
  GPtrArray        *buttons;     /* GtkCheckButton, one per section */
  GtkWidget        *effect_box;
  GHashTable       *pickers;     /* key -> GtkDropDown */
  GHashTable       *required;    /* key -> TRUE: an item must be chosen */
  GPtrArray        *cards;       /* char *: the "card" or "slot" picker's items after the first */
  int               chosen;
};

G_DEFINE_FINAL_TYPE (PenPlaceDialog, pen_place_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum {
  SUBMIT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const PenIngredient resource_ingredients[] = {
  PEN_INGREDIENT_BLOOD, PEN_INGREDIENT_CRYSTAL, PEN_INGREDIENT_JEWEL, PEN_INGREDIENT_FRUIT,
  PEN_INGREDIENT_TRINKET, PEN_INGREDIENT_ARCANA,
};

const char * const *
pen_place_dialog_get_sections (PenPlaceDialog *self)
{
  g_return_val_if_fail (PEN_IS_PLACE_DIALOG (self), NULL);
  return (const char * const *) self->sections;
}

GtkCheckButton *
pen_place_dialog_get_section_button (PenPlaceDialog *self,
                                     guint           i)
{
  g_return_val_if_fail (PEN_IS_PLACE_DIALOG (self), NULL);
  g_return_val_if_fail (i < self->buttons->len, NULL);
  return g_ptr_array_index (self->buttons, i);
}

GtkDropDown *
pen_place_dialog_get_picker (PenPlaceDialog *self,
                             const char     *key)
{
  g_return_val_if_fail (PEN_IS_PLACE_DIALOG (self), NULL);
  return g_hash_table_lookup (self->pickers, key);
}

static void
split (const char  *open,
       char       **location,
       char       **section)
{
  const char *slash = strchr (open, '/');

  *location = g_strndup (open, slash - open);
  *section = g_strdup (slash + 1);
}

static gboolean
answer_ok (PenPlaceDialog *self)
{
  GHashTableIter iter;
  gpointer key, picker;

  if (self->chosen < 0)
    return FALSE;
  g_hash_table_iter_init (&iter, self->pickers);
  while (g_hash_table_iter_next (&iter, &key, &picker))
    if (g_hash_table_contains (self->required, key)
        && gtk_drop_down_get_selected (picker) == 0)
      return FALSE;
  return TRUE;
}

static void
update_response (PenPlaceDialog *self)
{
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "place", answer_ok (self));
}

static GtkDropDown *
add_picker (PenPlaceDialog     *self,
            const char         *key,
            const char         *title,
            const char * const *items,
            gboolean            required)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *picker = gtk_drop_down_new_from_strings (items);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_widget_set_valign (picker, GTK_ALIGN_CENTER);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (picker), 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (picker), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  title, -1);
  g_signal_connect_object (picker, "notify::selected", G_CALLBACK (update_response), self,
                           G_CONNECT_SWAPPED);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), picker);
  gtk_list_box_append (GTK_LIST_BOX (self->effect_box), row);
  g_hash_table_insert (self->pickers, g_strdup (key), picker);
  if (required)
    g_hash_table_add (self->required, g_strdup (key));
  return GTK_DROP_DOWN (picker);
}

static void
add_face_picker (PenPlaceDialog *self,
                 const char     *key,
                 const char     *title)
{
  PenTable *table = pen_game_get_table (self->game);
  gboolean physical = pen_table_get_physical (table);
  const char *items[] = { physical ? "—" : _("The app rolls"), "1", "2", "3", "4", "5", "6",
                          NULL };

  add_picker (self, key, title, items, physical);
}

/* How many Resource dice the placement rolls */
static guint
n_resource_dice (PenPlaceDialog *self,
                 const char     *location,
                 int             effect)
{
  int area = pen_locations_get_area (pen_locations_get_default (), location);
  guint n = effect == PEN_EFFECT_RESOURCE;

  if ((self->color == PEN_COLOR_GREEN && area == PEN_AREA_WILDS)
      || (self->color == PEN_COLOR_PURPLE && area == PEN_AREA_CITY))
    n++;
  return n;
}

static void
build_effect (PenPlaceDialog *self)
{
  PenLocations *locations = pen_locations_get_default ();
  PenTable *table = pen_game_get_table (self->game);
  g_autofree char *location = NULL, *section = NULL;
  guint faces[6][PEN_N_INGREDIENTS];
  gboolean ask_resource;
  int effect;
  guint n_resource;

  pen_widget_remove_all (self->effect_box);
  g_hash_table_remove_all (self->pickers);
  g_hash_table_remove_all (self->required);
  g_ptr_array_set_size (self->cards, 0);
  gtk_widget_set_visible (self->effect_box, FALSE);
  if (self->chosen < 0)
    return;

  split (self->sections[self->chosen], &location, &section);
  effect = pen_locations_get_effect (locations, location, section);
  switch (effect)
    {
    case PEN_EFFECT_DIE:
      add_face_picker (self, "value", _("The gained die shows"));
      break;
    case PEN_EFFECT_SPARK:
      add_face_picker (self, "value", _("The Spark die shows"));
      break;
    case PEN_EFFECT_BLOOD:
      if (self->color != PEN_COLOR_YELLOW)
        add_face_picker (self, "threat", _("The Threat die shows"));
      break;
    case PEN_EFFECT_CONTRACT:
      {
        GListModel *row = pen_table_get_contract_row (table);
        g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
        g_auto(GStrv) items = NULL;

        g_strv_builder_add (b, _("No Contract now"));
        for (guint i = 0; i < g_list_model_get_n_items (row); i++)
          {
            g_autoptr(PenTableCard) tc = g_list_model_get_item (row, i);
            const char *id = pen_table_card_get_card_id (tc);

            if (id == NULL)
              continue;
            g_ptr_array_add (self->cards, g_strdup_printf ("%u", i));
            g_strv_builder_add (b, pen_turn_card_name (id));
          }
        items = g_strv_builder_end (b);
        add_picker (self, "slot", _("Contract fulfilled"), (const char * const *) items, FALSE);
      }
      break;
    case PEN_EFFECT_MARK_AND_CARD:
    case PEN_EFFECT_CARD:
      {
        GListModel *markets = pen_table_get_markets (table);
        int discipline = pen_locations_get_discipline (locations, location);
        const char *market = discipline >= 0 ? pen_mark_kind_to_string (discipline) : NULL;
        g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
        g_auto(GStrv) items = NULL;

        g_strv_builder_add (b, _("The top card of the deck"));
        for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
          {
            g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);

            if (g_strcmp0 (pen_table_card_get_zone (tc), market) != 0
                || pen_table_card_get_card_id (tc) == NULL)
              continue;
            g_ptr_array_add (self->cards, g_strdup (pen_table_card_get_card_id (tc)));
            g_strv_builder_add (b, pen_turn_card_name (pen_table_card_get_card_id (tc)));
          }
        items = g_strv_builder_end (b);
        add_picker (self, "card", _("Card taken"), (const char * const *) items, FALSE);
      }
      break;
    default:
      break;
    }

  n_resource = n_resource_dice (self, location, effect);
  ask_resource = pen_table_get_physical (table)
                 || !pen_locations_get_resource_faces (locations, faces);
  for (guint i = 0; i < n_resource && ask_resource; i++)
    {
      g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
      g_auto(GStrv) items = NULL;
      g_autofree char *key = g_strdup_printf ("resource-%u", i);
      g_autofree char *title = g_strdup_printf (_("Resource die %u gave"), i + 1);

      g_strv_builder_add (b, "—");
      for (guint k = 0; k < G_N_ELEMENTS (resource_ingredients); k++)
        g_strv_builder_add (b, pen_ingredient_get_label (resource_ingredients[k]));
      items = g_strv_builder_end (b);
      add_picker (self, key, title, (const char * const *) items, TRUE);
    }
  gtk_widget_set_visible (self->effect_box, g_hash_table_size (self->pickers) > 0);
}

static void
section_toggled_cb (GtkCheckButton *button,
                    PenPlaceDialog *self)
{
  if (!gtk_check_button_get_active (button))
    return;
  self->chosen = -1;
  for (guint i = 0; i < self->buttons->len; i++)
    if (g_ptr_array_index (self->buttons, i) == (gpointer) button)
      self->chosen = i;
  build_effect (self);
  update_response (self);
}

static PenAction *
build_action (PenPlaceDialog *self)
{
  g_autoptr(JsonObject) params = json_object_new ();
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(GError) error = NULL;
  g_autofree char *location = NULL, *section = NULL;
  GtkDropDown *picker;
  JsonArray *resource = NULL;
  PenAction *action;

  split (self->sections[self->chosen], &location, &section);
  json_object_set_string_member (params, "action", "place");
  json_object_set_int_member (params, "wizard", self->wizard);
  json_object_set_int_member (params, "index", self->index);
  json_object_set_string_member (params, "location", location);
  json_object_set_string_member (params, "section", section);
  for (guint k = 0; k < 2; k++)
    {
      const char *key = k == 0 ? "value" : "threat";

      if ((picker = g_hash_table_lookup (self->pickers, key))
          && gtk_drop_down_get_selected (picker) > 0)
        json_object_set_int_member (params, key, gtk_drop_down_get_selected (picker));
    }
  if ((picker = g_hash_table_lookup (self->pickers, "slot"))
      && gtk_drop_down_get_selected (picker) > 0)
    json_object_set_int_member (params, "slot",
      g_ascii_strtoll (g_ptr_array_index (self->cards, gtk_drop_down_get_selected (picker) - 1),
                       NULL, 10));
  if ((picker = g_hash_table_lookup (self->pickers, "card"))
      && gtk_drop_down_get_selected (picker) > 0)
    json_object_set_string_member (params, "card",
      g_ptr_array_index (self->cards, gtk_drop_down_get_selected (picker) - 1));
  for (guint i = 0; ; i++)
    {
      g_autofree char *key = g_strdup_printf ("resource-%u", i);
      JsonObject *gave;
      guint sel;

      if (!(picker = g_hash_table_lookup (self->pickers, key)))
        break;
      sel = gtk_drop_down_get_selected (picker);
      if (resource == NULL)
        {
          resource = json_array_new ();
          json_object_set_array_member (params, "resource", resource);
        }
      gave = json_object_new ();
      json_object_set_int_member (gave, pen_ingredient_to_string (resource_ingredients[sel - 1]),
                                  1);
      json_array_add_object_element (resource, gave);
    }
  json_node_set_object (node, params);
  if (!(action = pen_action_new_from_json (node, "$", &error)))
    g_critical ("%s: %s", G_OBJECT_TYPE_NAME (self), error->message);
  return action;
}

static void
pen_place_dialog_response (AdwMessageDialog *dialog,
                           const char       *response)
{
  PenPlaceDialog *self = PEN_PLACE_DIALOG (dialog);

  if (g_strcmp0 (response, "place") == 0 && answer_ok (self))
    {
      g_autoptr(PenAction) action = build_action (self);

      if (action != NULL)
        g_signal_emit (self, signals[SUBMIT], 0, action);
    }
  if (ADW_MESSAGE_DIALOG_CLASS (pen_place_dialog_parent_class)->response != NULL)
    ADW_MESSAGE_DIALOG_CLASS (pen_place_dialog_parent_class)->response (dialog, response);
}

static void
pen_place_dialog_dispose (GObject *object)
{
  PenPlaceDialog *self = PEN_PLACE_DIALOG (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->sections, g_strfreev);
  g_clear_pointer (&self->buttons, g_ptr_array_unref);
  g_clear_pointer (&self->pickers, g_hash_table_unref);
  g_clear_pointer (&self->required, g_hash_table_unref);
  g_clear_pointer (&self->cards, g_ptr_array_unref);

  G_OBJECT_CLASS (pen_place_dialog_parent_class)->dispose (object);
}

static void
pen_place_dialog_class_init (PenPlaceDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);

  object_class->dispose = pen_place_dialog_dispose;
  dialog_class->response = pen_place_dialog_response;

  /* The place action: for the window to submit */
  signals[SUBMIT] = g_signal_new ("submit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_ACTION);
}

static void
pen_place_dialog_init (PenPlaceDialog *self)
{
  self->buttons = g_ptr_array_new ();
  self->pickers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->required = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->cards = g_ptr_array_new_with_free_func (g_free);
  self->chosen = -1;
}

PenPlaceDialog *
pen_place_dialog_new (GtkWindow  *parent,
                      PenGame    *game,
                      guint       wizard,
                      guint       index,
                      GError    **error)
{
  PenLocations *locations = pen_locations_get_default ();
  PenTable *table;
  GListModel *supply;
  g_autoptr(PenDie) die = NULL;
  PenPlaceDialog *self;
  g_autofree char *heading = NULL;
  GtkWidget *box, *list, *scroller, *group = NULL;

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);

  table = pen_game_get_table (game);
  if (wizard >= pen_table_get_n_players (table))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "wizard %u: no such wizard", wizard);
      return NULL;
    }
  supply = pen_wizard_get_supply (pen_table_get_wizard (table, wizard));
  if (index >= g_list_model_get_n_items (supply))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "index %u: no such die in the supply",
                   index);
      return NULL;
    }
  die = g_list_model_get_item (supply, index);

  self = g_object_new (PEN_TYPE_PLACE_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       NULL);
  self->game = g_object_ref (game);
  self->wizard = wizard;
  self->index = index;
  self->color = pen_die_get_color (die);
  self->sections = pen_locations_list_open (locations, table, self->color,
                                            pen_die_get_value (die));

  heading = g_strdup_printf (_("Place %s %u"), pen_color_get_die_name (self->color),
                             pen_die_get_value (die));
  adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (self), heading);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self),
                               self->sections[0] != NULL
                               ? _("Where does it go? Only the places it may take now are "
                                   "offered; the place's effect is applied in the same step.")
                               : _("This die may go nowhere now: every place that takes it "
                                   "is taken."));

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint i = 0; self->sections[i] != NULL; i++)
    {
      g_autofree char *location = NULL, *section = NULL;
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();

      split (self->sections[i], &location, &section);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     pen_locations_get_name (locations, location));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                   pen_locations_get_section_name (locations, location,
                                                                   section));
      if (group != NULL)
        gtk_check_button_set_group (GTK_CHECK_BUTTON (check), GTK_CHECK_BUTTON (group));
      else
        group = check;
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      g_signal_connect (check, "toggled", G_CALLBACK (section_toggled_cb), self);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
      g_ptr_array_add (self->buttons, check);
    }
  gtk_widget_set_visible (list, self->buttons->len > 0);

  self->effect_box = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->effect_box), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->effect_box, "boxed-list");
  gtk_widget_set_visible (self->effect_box, FALSE);

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 300);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list);
  /* the places scroll; what the chosen one asks stays in view below them */
  gtk_box_append (GTK_BOX (box), scroller);
  gtk_box_append (GTK_BOX (box), self->effect_box);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (self), box);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (self),
                                    "cancel", _("_Cancel"),
                                    "place", _("_Place"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (self), "place",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (self), "cancel");
  update_response (self);
  return self;
}
