/* pen-table-page.c: the shared table — whose turn, the turn controls, the trial and contract
 * rows, the Fate deck, prophecies, goals, events and markets — and the guided recount
 *
 * Every tap becomes one action sent with "submit"; the page redraws from the model when the
 * game's position changes (apply, undo, redo).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-box.h"
#include "pen-catalog.h"
#include "pen-event-panel.h"
#include "pen-json.h"
#include "pen-recount-window.h"
#include "pen-rest-panel.h"
#include "pen-table-page.h"
#include "pen-turn.h"
#include "pen-unnamed-cards.h"
#include "pen-widget-utils.h"

struct _PenTablePage
{
  PenSection           parent_instance;

  GtkFlowBox          *columns;
  GtkBox              *turn_column;
  GtkLabel            *turn_title;
  GtkLabel            *turn_detail;
  GtkLabel            *placements_label;
  GtkWidget           *phase_box;
  GtkLabel            *phase_label;
  GtkLabel            *phase_detail;
  GtkWidget           *score_button;
  GtkWidget           *news_box;
  GtkLabel            *news_label;
  GtkLabel            *news_text;
  GtkWidget           *start_box;
  GtkBox              *start_header;
  GtkWidget           *study_button;
  GtkWidget           *trial_button;
  GtkWidget           *rest_button;
  GtkLabel            *start_hint;
  GtkWidget           *end_box;
  AdwActionRow        *reveal_row;
  AdwActionRow        *contract_reveal_row;
  GtkLabel            *end_hint;
  GtkWidget           *end_button;
  AdwPreferencesGroup *trials_group;
  AdwPreferencesGroup *guild_group;
  AdwPreferencesGroup *reserved_group;
  AdwPreferencesGroup *fate_group;
  AdwPreferencesGroup *in_play_group;
  AdwPreferencesGroup *markets_group;
  GtkListBox          *trials_list;
  GtkListBox          *reserved_list;
  GtkListBox          *fate_list;
  GtkListBox          *in_play_list;
  GtkListBox          *markets_list;
  GtkBox              *contract_cells;
  GtkBox              *trial_box;
  GtkLabel            *urgent_label;
  GtkMenuButton       *deck_reserve_button;
  GtkPopover          *deck_reserve_popover;
  AdwMessageDialog    *begin_form;     /* the "Begin this Trial" form while it is open */

  GtkDropDown         *reveal_drop;
  GtkDropDown         *contract_drop;
  GPtrArray           *reveal_ids;     /* the card id behind each reveal_drop item */
  GPtrArray           *contract_ids;   /* behind each contract_drop item; item 0: none */
  char                *reveal_sig;

  GtkMenuButton       *cells[PEN_CONTRACT_CELLS];
  GtkStack            *cell_stacks[PEN_CONTRACT_CELLS];
  char                *cell_ids[PEN_CONTRACT_CELLS];
  gboolean             cells_ready;

  GPtrArray           *last_deck;      /* Fate deck ids at the last refresh */
  char                *news_card;      /* the Fate card just revealed */

  GtkWindow           *recount;
  GHashTable          *parts;          /* part name → what it showed when last drawn */

};

G_DEFINE_FINAL_TYPE (PenTablePage, pen_table_page, PEN_TYPE_SECTION)


/* Reports an action upward (taking it); the window submits it to the game. */
static void
submit (PenTablePage *self,
        PenAction    *action)
{
  pen_section_submit_new (PEN_SECTION (self), action);
}

/* Whether a part of the page would show what it showed when it was last drawn: KEY holds
 * everything the part shows. Only a part that changed is rebuilt. */
static gboolean
part_unchanged (PenTablePage *self,
                const char   *part,
                GString      *key)
{
  if (g_strcmp0 (g_hash_table_lookup (self->parts, part), key->str) == 0)
    return TRUE;
  g_hash_table_replace (self->parts, (gpointer) part, g_strdup (key->str));
  return FALSE;
}

static void
key_add_cards (GString    *key,
               GListModel *cards)
{
  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);

      const char *id = pen_table_card_get_card_id (tc);

      g_string_append_printf (key, "%s|%s|%d;", id ? id : "", pen_table_card_get_zone (tc),
                              pen_table_card_get_rotated (tc));
    }
}

/* ---- helpers on the model ---- */

static PenTable *
get_table (PenTablePage *self)
{
  return pen_section_get_table (PEN_SECTION (self));
}

static PenCard *
lookup (const char *id)
{
  return id ? pen_catalog_lookup (pen_catalog_get_default (), id) : NULL;
}

static int
card_type (const char *id)
{
  PenCard *card = lookup (id);

  return card ? (int) pen_card_get_card_type (card) : -1;
}

static const char *
card_text (const char *id)
{
  PenCard *card = lookup (id);

  return card ? pen_card_get_text (card, pen_turn_get_card_language ()) : NULL;
}

static PenWizard *
current_wizard (PenTable *table)
{
  if (pen_table_get_n_players (table) == 0)
    return NULL;
  return pen_table_get_wizard (table, pen_table_get_current (table));
}

/* An Urgent contract (a user card with the flag; the rulebook names none) */
static gboolean
is_urgent (const char *id)
{
  PenCard *card = lookup (id);

  return card != NULL && pen_card_get_urgent (card);
}

static GPtrArray *
list_ids (GListModel *list)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (list, i);
      g_ptr_array_add (ids, g_strdup (pen_table_card_get_card_id (tc)));
    }
  return ids;
}

static gboolean
has_reserved_trial (PenWizard *w)
{
  GListModel *cards = pen_wizard_get_cards (w);

  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
      if (g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_RESERVED) == 0
          && card_type (pen_table_card_get_card_id (tc)) == PEN_CARD_TRIAL)
        return TRUE;
    }
  return FALSE;
}

/* "a Trial, add it to the row": what the table does with a revealed Fate card */
static const char *
fate_instruction (const char *id)
{
  switch (card_type (id))
    {
    case PEN_CARD_TRIAL: return _("a Trial, add it to the row");
    case PEN_CARD_EVENT: return _("an Event, apply it now");
    case PEN_CARD_GOAL: return _("a Goal, put it where everyone can see it");
    case PEN_CARD_PROPHECY: return _("a Prophecy, put it where everyone can see it");
    default: return _("bring it into play");
    }
}

/* ---- popovers with one button per action ---- */

/* What a button submits: its action, or that action completed by the card chosen in a
 * drop-down beside it (fill: the card becomes the value of fill_key; refill: the card that
 * refills the Guild row becomes "reveal") */
typedef struct
{
  PenTablePage *self;
  PenAction    *action;     /* NULL: the button only closes its popover */
  GtkDropDown  *fill;
  const char   *fill_key;
  GtkDropDown  *refill;
} Tap;

static void
tap_free (gpointer data,
          GClosure *closure)
{
  Tap *tap = data;

  g_clear_object (&tap->action);
  g_free (tap);
}

/* The card id chosen in a card_drop_down(), or NULL for its first item ("none") */
static const char *
chosen_card (GtkDropDown *drop)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (drop);
  const char *id = item != NULL ? gtk_string_object_get_string (item) : NULL;

  return id != NULL && *id != '\0' ? id : NULL;
}

static void
tap_clicked_cb (GtkButton *button,
                Tap       *tap)
{
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_POPOVER);
  g_autoptr(JsonObject) obj = NULL;

  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
  if (tap->action == NULL)
    return;
  if (tap->fill == NULL && (tap->refill == NULL || chosen_card (tap->refill) == NULL))
    {
      pen_section_submit (PEN_SECTION (tap->self), tap->action);
      return;
    }

  {
    JsonObject *params = pen_action_get_params (tap->action);
    g_autoptr(GList) members = json_object_get_members (params);

    obj = json_object_new ();
    for (GList *l = members; l != NULL; l = l->next)
      json_object_set_member (obj, l->data,
                              json_node_copy (json_object_get_member (params, l->data)));
  }
  if (tap->fill != NULL)
    {
      /* an empty cell filled, a card named: the chosen card is the value */
      if (chosen_card (tap->fill) == NULL)
        return;
      json_object_set_string_member (obj, tap->fill_key, chosen_card (tap->fill));
    }
  /* a contract taken from the Guild in physical mode: name the card that refills the row */
  if (tap->refill != NULL && chosen_card (tap->refill) != NULL)
    json_object_set_string_member (obj, "reveal", chosen_card (tap->refill));
  submit (tap->self, pen_action_new_with_params (pen_action_get_kind (tap->action), obj));
}

/* The button submits action (taken; NULL: it only closes its popover) */
static Tap *
connect_tap (PenTablePage *self,
             GtkWidget    *button,
             PenAction    *action)
{
  Tap *tap = g_new0 (Tap, 1);

  tap->self = self;
  tap->action = action;
  g_signal_connect_data (button, "clicked", G_CALLBACK (tap_clicked_cb), tap, tap_free, 0);
  return tap;
}

static GtkWidget *
action_button (PenTablePage *self,
               const char   *label,
               PenAction    *action)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "popover-action");
  gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
  gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), TRUE);
  connect_tap (self, button, action);
  return button;
}

static GtkWidget *
popover_heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 32);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_top (label, 4);
  return label;
}

static GtkWidget *
popover_note (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 32);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_margin_start (label, 6);
  return label;
}

static GtkBox *
popover_box (GtkMenuButton *button)
{
  GtkPopover *popover = gtk_menu_button_get_popover (button);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  gtk_popover_set_child (popover, box);
  return GTK_BOX (box);
}

static void
rule_button_clicked_cb (GtkButton    *button,
                        PenTablePage *self)
{
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_POPOVER);

  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
  pen_section_show_rule (PEN_SECTION (self), g_object_get_data (G_OBJECT (button), "term"));
}

/* A small "?" button that asks the window to show the rule of a term */
static GtkWidget *
rule_button (PenTablePage *self,
             const char   *term,
             const char   *what)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("help-about-symbolic");
  g_autofree char *tip = g_strdup_printf (_("Rules: %s"), what);

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, tip);
  pen_widget_set_accessible_label (button, tip);
  g_object_set_data_full (G_OBJECT (button), "term", g_strdup (term), g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (rule_button_clicked_cb), self);
  return button;
}

/* The same inside a popover, where a lone icon would be unclear: a labelled flat button */
static GtkWidget *
rule_link (PenTablePage *self,
           const char   *term,
           const char   *what)
{
  GtkWidget *button = rule_button (self, term, what);
  g_autofree char *label = g_strdup_printf (_("Rules: %s"), what);
  GtkWidget *content = adw_button_content_new ();

  adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (content), "help-about-symbolic");
  adw_button_content_set_label (ADW_BUTTON_CONTENT (content), label);
  gtk_button_set_child (GTK_BUTTON (button), content);
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_add_css_class (button, "popover-action");
  return button;
}

static GtkMenuButton *
menu_button_with_popover (void)
{
  GtkMenuButton *button = GTK_MENU_BUTTON (gtk_menu_button_new ());
  GtkWidget *popover = gtk_popover_new ();

  gtk_menu_button_set_popover (button, popover);
  return button;
}

static char *
card_drop_label (GtkStringObject *item,
                 const char      *id,
                 const char      *first_label)
{
  return g_strdup (*id == '\0' ? (first_label ? first_label : "") : pen_turn_card_name (id));
}

/* A searchable drop-down of card names; ids (transfer full) are the ids behind the items */
static GtkDropDown *
card_drop_down (GPtrArray  *ids,
                const char *first_label)
{
  g_autoptr(GPtrArray) owned = ids;
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
  GtkExpression *id_expr = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
  GtkExpression *expr;
  GtkDropDown *drop;

  /* the items are the ids ("" for the first, "none"); they show as card names */
  for (guint i = 0; i < ids->len; i++)
    gtk_string_list_append (model, i == 0 || g_ptr_array_index (ids, i) == NULL
                                   ? "" : g_ptr_array_index (ids, i));
  expr = gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 1, &id_expr,
                                      G_CALLBACK (card_drop_label), g_strdup (first_label),
                                      (GClosureNotify) g_free);
  drop = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&model)), expr));
  gtk_drop_down_set_enable_search (drop, TRUE);
  return drop;
}

/* Contracts that could refill the Guild: every contract not in the row nor owned */
static GPtrArray *
possible_contracts (PenTable *table)
{
  g_autoptr(GPtrArray) all = pen_catalog_list_by_type (pen_catalog_get_default (),
                                                       PEN_CARD_CONTRACT);
  g_autoptr(GHashTable) used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) row = list_ids (pen_table_get_contract_row (table));

  for (guint i = 0; i < row->len; i++)
    if (g_ptr_array_index (row, i))
      g_hash_table_add (used, g_strdup (g_ptr_array_index (row, i)));
  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    {
      g_autoptr(GPtrArray) cards = list_ids (pen_wizard_get_cards (pen_table_get_wizard (table,
                                                                                         w)));
      for (guint i = 0; i < cards->len; i++)
        g_hash_table_add (used, g_strdup (g_ptr_array_index (cards, i)));
    }
  g_ptr_array_add (ids, NULL);   /* "none revealed" */
  for (guint i = 0; i < all->len; i++)
    {
      const char *id = pen_card_get_id (g_ptr_array_index (all, i));
      if (!g_hash_table_contains (used, id))
        g_ptr_array_add (ids, g_strdup (id));
    }
  return ids;
}

/* ---- the trial row and reserved cards ---- */

static char *
trial_summary (const char *id)
{
  PenCard *card = lookup (id);
  g_autoptr(GString) s = g_string_new (NULL);
  int d, t, l, k;

  if (card == NULL)
    return g_strdup (_("Not in the catalogue"));
  d = pen_card_get_difficulty (card);
  t = pen_card_get_threat (card);
  l = pen_card_get_light (card);
  k = pen_card_get_dark (card);
  if (d > 0)
    g_string_append_printf (s, _("Difficulty %d"), d);
  else
    g_string_append (s, _("Difficulty ?"));
  g_string_append (s, " · ");
  if (t >= 0)
    g_string_append_printf (s, _("Threat %d"), t);
  else
    g_string_append (s, _("Threat ?"));
  g_string_append (s, " · ");
  /* the symbols each path brings; unknown numbers are shown as "?" */
  if (l >= 0)
    g_string_append_printf (s, _("Light +%d"), l);
  else
    g_string_append (s, _("Light ?"));
  g_string_append (s, " / ");
  if (k >= 0)
    g_string_append_printf (s, _("Darkness +%d"), k);
  else
    g_string_append (s, _("Darkness ?"));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static void
face_threat_clicked_cb (GtkButton    *button,
                        PenTablePage *self)
{
  guint wizard = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "wizard"));
  const char *id = g_object_get_data (G_OBJECT (button), "card");
  PenCard *card = id ? pen_catalog_lookup (pen_catalog_get_default (), id) : NULL;
  int threat = card ? pen_card_get_threat (card) : -1;

  /* the printed Threat when the catalogue knows it; otherwise the helper starts at 0 and the
   * player sets the number on the card */
  gtk_widget_activate_action (GTK_WIDGET (self), "threat-helper.start", "(uuus)", wizard,
                              (guint) MAX (threat, 0), 0u, pen_turn_card_name (id));
}

/* "Face its Threat" and "Task helper" for a card being attempted */
static GtkWidget *
helper_buttons (PenTablePage *self,
                guint         wizard,
                const char   *id)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *threat = gtk_button_new_with_mnemonic (_("Face its _Threat…"));
  GtkWidget *task = gtk_button_new_with_mnemonic (_("Tas_k Helper…"));

  gtk_widget_set_tooltip_text (threat, _("Open the Threat helper for this card"));
  gtk_widget_set_tooltip_text (task, _("Can the task be done now, and with which dice?"));
  g_object_set_data (G_OBJECT (threat), "wizard", GUINT_TO_POINTER (wizard));
  g_object_set_data_full (G_OBJECT (threat), "card", g_strdup (id), g_free);
  g_signal_connect (threat, "clicked", G_CALLBACK (face_threat_clicked_cb), self);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (task), "win.task-helper");
  gtk_widget_set_hexpand (threat, TRUE);
  gtk_widget_set_hexpand (task, TRUE);
  gtk_box_append (GTK_BOX (box), threat);
  gtk_box_append (GTK_BOX (box), task);
  gtk_box_set_homogeneous (GTK_BOX (box), TRUE);
  return box;
}


static gboolean
trial_matches (const PenTrial *trial,
               int             index,
               const char     *id)
{
  return trial != NULL && (index >= 0 ? trial->index == index
                                      : trial->index < 0 && g_strcmp0 (trial->card, id) == 0);
}

/* ---- "Begin this Trial": the form for the card's Properties ---- */

/* The Properties with a switch, in the order of the rulebook */
static const PenTrialProperty switch_properties[] = {
  PEN_TRIAL_SHIELD, PEN_TRIAL_TRAP, PEN_TRIAL_SUPPRESS_CRYSTALS, PEN_TRIAL_SUPPRESS_POTIONS,
  PEN_TRIAL_SUPPRESS_ARTIFACTS, PEN_TRIAL_SUPPRESS_PETS
};

static const char *
property_hint (PenTrialProperty property)
{
  switch (property)
    {
    case PEN_TRIAL_RIFT:
      return _("Before the Threat roll, discard X dice from the supply");
    case PEN_TRIAL_VIGILANCE:
      return _("Before the Threat roll, at most X wizard cards or chains (Primagic is free)");
    case PEN_TRIAL_SHIELD:
      return _("Its own task comes before the task of either path");
    case PEN_TRIAL_TRAP:
      return _("Failing it brings a Mortal Wound card");
    case PEN_TRIAL_SUPPRESS_CRYSTALS:
      return _("No Crystals during the whole trial");
    case PEN_TRIAL_SUPPRESS_POTIONS:
      return _("No Potions during the whole trial");
    case PEN_TRIAL_SUPPRESS_ARTIFACTS:
      return _("No Artifacts during the whole trial");
    case PEN_TRIAL_SUPPRESS_PETS:
      return _("No Pets during the whole trial");
    default:
      return "";
    }
}

static GtkWidget *
form_spin_row (AdwMessageDialog *dialog,
               GtkListBox       *list,
               PenTrialProperty  property)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (0, 30, 1);
  g_autofree char *title = g_strdup_printf (_("%s (X)"), pen_trial_property_get_label (property));
  g_autofree char *name = g_strdup_printf ("form-%s", pen_trial_property_to_string (property));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), property_hint (property));
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_widget_set_name (spin, name);
  gtk_widget_set_tooltip_text (spin, _("0: the card does not have it"));
  pen_widget_set_accessible_label (spin, title);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  gtk_list_box_append (list, row);
  g_object_set_data (G_OBJECT (dialog), name, spin);
  return spin;
}

static GtkWidget *
form_switch_row (AdwMessageDialog *dialog,
                 GtkListBox       *list,
                 PenTrialProperty  property)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *sw = gtk_switch_new ();
  const char *title = pen_trial_property_get_label (property);
  g_autofree char *name = g_strdup_printf ("form-%s", pen_trial_property_to_string (property));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), property_hint (property));
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  gtk_widget_set_name (sw, name);
  pen_widget_set_accessible_label (sw, title);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  gtk_list_box_append (list, row);
  g_object_set_data (G_OBJECT (dialog), name, sw);
  return sw;
}

static void
begin_form_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        PenTablePage     *self)
{
  g_autoptr(JsonObject) properties = json_object_new ();
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "index"));
  const char *id = g_object_get_data (G_OBJECT (dialog), "card");
  PenTable *table = get_table (self);

  if (self->begin_form == dialog)
    self->begin_form = NULL;
  if (!g_str_equal (response, "begin") || table == NULL)
    return;

  for (guint i = 0; i < 2; i++)
    {
      PenTrialProperty p = i == 0 ? PEN_TRIAL_RIFT : PEN_TRIAL_VIGILANCE;
      g_autofree char *name = g_strdup_printf ("form-%s", pen_trial_property_to_string (p));
      int x = gtk_spin_button_get_value_as_int (g_object_get_data (G_OBJECT (dialog), name));

      if (x > 0)
        {
          json_object_set_int_member (properties, pen_trial_property_to_string (p), x);
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (switch_properties); i++)
    {
      PenTrialProperty p = switch_properties[i];
      g_autofree char *name = g_strdup_printf ("form-%s", pen_trial_property_to_string (p));

      if (!gtk_switch_get_active (g_object_get_data (G_OBJECT (dialog), name)))
        continue;
      if (p == PEN_TRIAL_SHIELD)
        {
          const char *task = gtk_editable_get_text (g_object_get_data (G_OBJECT (dialog),
                                                                       "form-shield-task"));
          g_autofree char *stripped = g_strstrip (g_strdup (task));

          if (*stripped)
            json_object_set_string_member (properties, pen_trial_property_to_string (p),
                                           stripped);
          else
            json_object_set_boolean_member (properties, pen_trial_property_to_string (p), TRUE);
        }
      else
        json_object_set_boolean_member (properties, pen_trial_property_to_string (p), TRUE);
    }
  submit (self, pen_action_new_trial_begin (pen_table_get_current (table), index, id,
                                            properties));
}

static void
shield_switch_cb (GtkSwitch  *sw,
                  GParamSpec *pspec,
                  GtkWidget  *task_row)
{
  gtk_widget_set_sensitive (task_row, gtk_switch_get_active (sw));
}

AdwMessageDialog *
pen_table_page_open_begin_form (PenTablePage *self,
                                int           index,
                                const char   *card)
{
  PenTable *table = get_table (self);
  GtkWidget *dialog, *list, *shield, *task_row, *scroller;
  g_autofree char *body = NULL;

  g_return_val_if_fail (PEN_IS_TABLE_PAGE (self), NULL);
  g_return_val_if_fail (card != NULL, NULL);
  if (table == NULL)
    return NULL;

  body = g_strdup_printf (_("Which Properties does %s have? They are in force from now until "
                            "the trial ends. The rulebook prints no card's Properties: read "
                            "them off the card."), pen_turn_card_name (card));
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _("Begin this Trial"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "begin", _("_Begin"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "begin",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "begin");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "index", GINT_TO_POINTER (index));
  g_object_set_data_full (G_OBJECT (dialog), "card", g_strdup (card), g_free);

  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  form_spin_row (ADW_MESSAGE_DIALOG (dialog), GTK_LIST_BOX (list), PEN_TRIAL_RIFT);
  form_spin_row (ADW_MESSAGE_DIALOG (dialog), GTK_LIST_BOX (list), PEN_TRIAL_VIGILANCE);
  for (guint i = 0; i < G_N_ELEMENTS (switch_properties); i++)
    {
      GtkWidget *sw = form_switch_row (ADW_MESSAGE_DIALOG (dialog), GTK_LIST_BOX (list),
                                       switch_properties[i]);
      if (switch_properties[i] == PEN_TRIAL_SHIELD)
        {
          shield = sw;
          /* the Shield's task as printed, for the reminder (optional) */
          task_row = adw_entry_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (task_row),
                                         _("The Shield’s task (optional)"));
          gtk_widget_set_name (task_row, "form-shield-task");
          gtk_widget_set_sensitive (task_row, FALSE);
          g_object_set_data (G_OBJECT (dialog), "form-shield-task", task_row);
          g_signal_connect_object (shield, "notify::active", G_CALLBACK (shield_switch_cb),
                                   task_row, 0);
          gtk_list_box_append (GTK_LIST_BOX (list), task_row);
        }
    }
  /* eight rows: scroll on a short phone screen */
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 420);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scroller);

  g_signal_connect_object (dialog, "response", G_CALLBACK (begin_form_response_cb), self, 0);
  self->begin_form = ADW_MESSAGE_DIALOG (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  return ADW_MESSAGE_DIALOG (dialog);
}

static void
begin_clicked_cb (GtkButton    *button,
                  PenTablePage *self)
{
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_POPOVER);
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "index"));
  g_autofree char *id = g_strdup (g_object_get_data (G_OBJECT (button), "card"));

  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
  pen_table_page_open_begin_form (self, index, id);
}

/* ---- the trial in progress ---- */

static GtkWidget *
panel_button (const char *label,
              const char *name,
              const char *accessible)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_name (button, name);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  if (accessible != NULL)
    {
      pen_widget_set_accessible_label (button, accessible);
      gtk_widget_set_tooltip_text (button, accessible);
    }
  return button;
}

static GtkWidget *
panel_action (PenTablePage *self,
              const char   *label,
              const char   *name,
              const char   *accessible,
              PenAction    *action)
{
  GtkWidget *button = panel_button (label, name, accessible);

  connect_tap (self, button, action);
  return button;
}

static void
update_trial_panel (PenTablePage *self,
                    PenTable     *table)
{
  const PenTrial *trial = pen_table_get_trial (table);
  GtkWidget *child, *label, *list, *buttons;
  g_autofree char *title = NULL, *who = NULL;
  guint shown = 0;

  pen_widget_remove_all (GTK_WIDGET (self->trial_box));
  gtk_widget_set_visible (GTK_WIDGET (self->trial_box), trial != NULL);
  if (trial == NULL || trial->wizard >= pen_table_get_n_players (table))
    return;

  title = g_strdup_printf (_("Trial in progress: %s"), pen_turn_card_name (trial->card));
  label = gtk_label_new (title);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "title-4");
  gtk_box_append (self->trial_box, label);
  who = g_strdup_printf (trial->index >= 0 ? _("%s attempts it from the trial row")
                                           : _("%s attempts the trial they reserved"),
                         pen_wizard_get_name (pen_table_get_wizard (table, trial->wizard)));
  label = gtk_label_new (who);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (self->trial_box, label);

  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint i = 0; i < PEN_N_TRIAL_PROPERTIES; i++)
    {
      PenTrialProperty p = 1u << i;
      const char *id = pen_trial_property_to_string (p);
      gboolean cancelled = (trial->cancelled & p) != 0;
      /* Rift and Vigilance act at the main Threat roll; after it they are spent */
      gboolean spent = (p == PEN_TRIAL_RIFT || p == PEN_TRIAL_VIGILANCE) && trial->threat_rolled;
      GtkWidget *row;
      g_autofree char *row_title = NULL, *sub = NULL, *name = NULL, *acc = NULL;

      if (!(trial->properties & p))
        continue;
      shown++;
      row = adw_action_row_new ();
      if (p == PEN_TRIAL_RIFT)
        row_title = g_strdup_printf (_("Rift %u"), trial->rift);
      else if (p == PEN_TRIAL_VIGILANCE)
        row_title = g_strdup_printf (_("Vigilance %u"), trial->vigilance);
      else
        row_title = g_strdup (pen_trial_property_get_label (p));

      if (cancelled)
        sub = g_strdup (_("Cancelled: no longer in force"));
      else if (spent && p == PEN_TRIAL_RIFT)
        sub = g_strdup (_("Applied at the Threat roll"));
      else if (p == PEN_TRIAL_VIGILANCE)
        sub = g_strdup_printf (spent ? _("%u of %u wizard cards or chains used; the Threat "
                                         "roll is over")
                                     : _("%u of %u wizard cards or chains used before the "
                                         "Threat roll (Primagic does not count)"),
                               trial->vigilance_used, trial->vigilance);
      else if (p == PEN_TRIAL_SHIELD && trial->shield_done)
        sub = g_strdup (_("Its task is done: go on to a path"));
      else if (p == PEN_TRIAL_SHIELD)
        sub = trial->shield_task
              ? g_strdup_printf (_("First its task: %s"), trial->shield_task)
              : g_strdup (_("First its task (see the card), then a path"));
      else if (p == PEN_TRIAL_TRAP)
        sub = g_strdup (_("Warning: failing it brings a Mortal Wound card"));
      else
        sub = g_strdup (property_hint (p));
      if (p == PEN_TRIAL_RIFT && !cancelled && !spent)
        {
          g_free (sub);
          sub = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Before the Threat roll, discard %u die from the "
                                              "supply (the Threat helper counts it)",
                                              "Before the Threat roll, discard %u dice from the "
                                              "supply (the Threat helper counts them)",
                                              trial->rift), trial->rift);
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), row_title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), sub);
      name = g_strdup_printf ("property-%s", id);
      gtk_widget_set_name (row, name);
      if (cancelled)
        gtk_widget_add_css_class (row, "dim-label");

      if (p == PEN_TRIAL_VIGILANCE && !cancelled && !spent)
        {
          GtkWidget *use = panel_action (self, _("+1"), "vigilance-use",
                                         _("One more wizard card or chain used"),
                                         pen_action_new_vigilance_use (1));
          gtk_widget_set_sensitive (use, trial->vigilance_used < trial->vigilance);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), use);
        }
      if (p == PEN_TRIAL_SHIELD && !cancelled && !trial->shield_done)
        adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                   panel_action (self, _("Done"), "shield-done",
                                                 _("The Shield’s task is done"),
                                                 pen_action_new_trial_property (NULL, NULL,
                                                                                TRUE)));
      if (!cancelled && !spent && !(p == PEN_TRIAL_SHIELD && trial->shield_done))
        {
          g_free (name);
          name = g_strdup_printf ("cancel-%s", id);
          acc = g_strdup_printf (_("Cancel %s (Liquid Darkness, Corruption, Pariah…)"),
                                 pen_trial_property_get_label (p));
          adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                     panel_action (self, _("Cancel"), name, acc,
                                                   pen_action_new_trial_property (id, NULL,
                                                                                  FALSE)));
        }
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  if (shown > 0)
    gtk_box_append (self->trial_box, list);
  else
    {
      label = gtk_label_new (_("No Properties"));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (self->trial_box, label);
      g_object_ref_sink (list);
      g_object_unref (list);
    }

  /* the two helpers, side by side when they fit (a phone puts them one under the other) */
  buttons = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (buttons), GTK_SELECTION_NONE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (buttons), 1);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (buttons), 2);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (buttons), TRUE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (buttons), 6);
  {
    GtkWidget *helpers = helper_buttons (self, trial->wizard, trial->card);

    while ((child = gtk_widget_get_first_child (helpers)) != NULL)
      {
        g_object_ref (child);
        gtk_box_remove (GTK_BOX (helpers), child);
        gtk_flow_box_append (GTK_FLOW_BOX (buttons), child);
        g_object_unref (child);
      }
    g_object_ref_sink (helpers);
    g_object_unref (helpers);
  }
  gtk_box_append (self->trial_box, buttons);

  buttons = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (buttons), GTK_SELECTION_NONE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (buttons), 1);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (buttons), 3);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (buttons), TRUE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_append (GTK_FLOW_BOX (buttons),
                       panel_action (self, _("Passed: _Light"), "trial-passed-light",
                                     _("Passed by the path of Light"),
                                     pen_action_new_trial_take (trial->wizard, trial->index,
                                                                trial->card, PEN_PATH_LIGHT)));
  gtk_flow_box_append (GTK_FLOW_BOX (buttons),
                       panel_action (self, _("Passed: _Darkness"), "trial-passed-dark",
                                     _("Passed by the path of Darkness"),
                                     pen_action_new_trial_take (trial->wizard, trial->index,
                                                                trial->card, PEN_PATH_DARK)));
  child = panel_action (self, _("_Failed"), "trial-failed",
                        pen_trial_in_force (trial, PEN_TRIAL_TRAP)
                        ? _("Failed: the card leaves the game, and the Trap brings a Mortal "
                            "Wound")
                        : _("Failed: the card leaves the game"),
                        pen_action_new_trial_fail (trial->wizard, trial->index, trial->card));
  gtk_widget_add_css_class (child, "destructive-action");
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), child);
  gtk_box_append (self->trial_box, buttons);
  gtk_box_append (self->trial_box, rule_link (self, "Properties", _("Properties")));
}

/* index >= 0: the row's trial; otherwise the reserved card id */
static void
fill_trial_popover (PenTablePage  *self,
                    GtkMenuButton *button,
                    int            index,
                    const char    *id)
{
  PenTable *table = get_table (self);
  PenWizard *w = current_wizard (table);
  guint wi = pen_table_get_current (table);
  GtkBox *box = popover_box (button);
  g_autofree char *head = NULL, *label = NULL;
  const PenTrial *trial = pen_table_get_trial (table);

  if (w == NULL)
    return;
  head = g_strdup_printf (_("%s attempts %s"), pen_wizard_get_name (w), pen_turn_card_name (id));
  gtk_box_append (box, popover_heading (head));
  if (pen_table_get_turn_kind (table) != PEN_TURN_TRIAL)
    gtk_box_append (box, popover_note (_("A trial is attempted on a Trial turn.")));
  else if (trial == NULL)
    {
      /* its Properties are in force from the moment it is chosen */
      GtkWidget *begin = gtk_button_new_with_mnemonic (_("_Begin this Trial…"));

      gtk_widget_set_name (begin, "begin-trial");
      gtk_widget_add_css_class (begin, "suggested-action");
      gtk_widget_set_tooltip_text (begin, _("Choose it and say which Properties it has"));
      g_object_set_data (G_OBJECT (begin), "index", GINT_TO_POINTER (index));
      g_object_set_data_full (G_OBJECT (begin), "card", g_strdup (id), g_free);
      g_signal_connect (begin, "clicked", G_CALLBACK (begin_clicked_cb), self);
      gtk_box_append (box, begin);
    }
  else if (trial_matches (trial, index, id))
    gtk_box_append (box, popover_note (_("In progress: its Properties are at the top of the "
                                         "page.")));
  else
    {
      gtk_box_append (box, popover_note (_("Another trial is in progress this turn.")));
      gtk_box_append (box, rule_link (self, "Trials", _("Trials")));
      return;
    }

  gtk_box_append (box, helper_buttons (self, wi, id));

  gtk_box_append (box, action_button (self, _("Passed by the path of _Light"),
                                      pen_action_new_trial_take (wi, index, id, PEN_PATH_LIGHT)));
  gtk_box_append (box, action_button (self, _("Passed by the path of _Darkness"),
                                      pen_action_new_trial_take (wi, index, id, PEN_PATH_DARK)));
  gtk_box_append (box, action_button (self, _("_Failed: the card leaves the game"),
                                      pen_action_new_trial_fail (wi, index, id)));

  if (index >= 0 && trial == NULL)
    {
      GtkWidget *reserve;

      label = g_strdup_printf (_("_Reserve it for %s"), pen_wizard_get_name (w));
      gtk_box_append (box, gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
      reserve = action_button (self, label, pen_action_new_trial_reserve (wi, index));
      gtk_box_append (box, reserve);
      if (has_reserved_trial (w))
        {
          gtk_widget_set_sensitive (reserve, FALSE);
          gtk_box_append (box, popover_note (_("At most one reserved trial: this wizard already "
                                               "has one.")));
        }
    }
  gtk_box_append (box, rule_link (self, "Trials", _("Trials")));
}

static void
trial_popover_show_cb (GtkPopover   *popover,
                       PenTablePage *self)
{
  GtkMenuButton *button = GTK_MENU_BUTTON (gtk_widget_get_parent (GTK_WIDGET (popover)));
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "index"));
  const char *id = g_object_get_data (G_OBJECT (button), "card");

  fill_trial_popover (self, button, index, id);
}

static void
fill_contract_popover_reserved (PenTablePage  *self,
                                GtkMenuButton *button,
                                const char    *id)
{
  PenTable *table = get_table (self);
  GtkBox *box = popover_box (button);
  g_autofree char *head = NULL;
  guint wi = pen_table_get_current (table);

  head = g_strdup_printf (_("%s: a reserved contract"), pen_turn_card_name (id));
  gtk_box_append (box, popover_heading (head));
  gtk_box_append (box, helper_buttons (self, wi, id));
  gtk_box_append (box, action_button (self, _("_Fulfilled (placed in the Guild)"),
                                      pen_action_new_contract_take (wi, -1, id)));
  gtk_box_append (box, action_button (self, _("_Attempt failed: it stays reserved"), NULL));
  gtk_box_append (box, rule_link (self, "Reserving", _("Reserving")));
}

static void
reserved_popover_show_cb (GtkPopover   *popover,
                          PenTablePage *self)
{
  GtkMenuButton *button = GTK_MENU_BUTTON (gtk_widget_get_parent (GTK_WIDGET (popover)));
  const char *id = g_object_get_data (G_OBJECT (button), "card");

  if (card_type (id) == PEN_CARD_TRIAL)
    fill_trial_popover (self, button, -1, id);
  else
    fill_contract_popover_reserved (self, button, id);
}

static GtkWidget *
card_row (PenTablePage *self,
          const char   *id,
          const char   *subtitle,
          GCallback     show_cb,
          int           index)
{
  GtkWidget *row = adw_action_row_new ();
  GtkMenuButton *button = menu_button_with_popover ();
  g_autofree char *tip = g_strdup_printf (_("Actions for %s"), pen_turn_card_name (id));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), pen_turn_card_name (id));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_menu_button_set_icon_name (button, "view-more-symbolic");
  gtk_widget_set_valign (GTK_WIDGET (button), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (button), "flat");
  gtk_widget_set_tooltip_text (GTK_WIDGET (button), tip);
  pen_widget_set_accessible_label (GTK_WIDGET (button), tip);
  g_object_set_data_full (G_OBJECT (button), "card", g_strdup (id), g_free);
  g_object_set_data (G_OBJECT (button), "index", GINT_TO_POINTER (index));
  g_signal_connect (gtk_menu_button_get_popover (button), "show", show_cb, self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (button));
  /* a tap anywhere on the row opens the actions */
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (button));
  return row;
}

static void
update_trials (PenTablePage *self,
               PenTable     *table)
{
  GListModel *row = pen_table_get_trial_row (table);
  guint n = g_list_model_get_n_items (row);
  g_autoptr(GString) key = g_string_new (NULL);

  key_add_cards (key, row);
  if (part_unchanged (self, "trials", key))
    return;
  pen_widget_remove_all (GTK_WIDGET (self->trials_list));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (row, i);
      g_autofree char *sub = trial_summary (pen_table_card_get_card_id (tc));

      gtk_list_box_append (self->trials_list,
                           card_row (self, pen_table_card_get_card_id (tc), sub,
                                     G_CALLBACK (trial_popover_show_cb), i));
    }
  if (n == 0)
    gtk_list_box_append (self->trials_list, pen_placeholder_row (_("The trial row is empty")));
}

static void
update_reserved (PenTablePage *self,
                 PenTable     *table)
{
  PenWizard *w = current_wizard (table);
  GListModel *cards;
  guint found = 0;
  g_autofree char *title = NULL;
  g_autoptr(GString) key = g_string_new (NULL);

  if (w != NULL)
    {
      g_string_append_printf (key, "%u|%s;", pen_table_get_current (table),
                              pen_wizard_get_name (w));
      key_add_cards (key, pen_wizard_get_cards (w));
    }
  if (part_unchanged (self, "reserved", key))
    return;
  pen_widget_remove_all (GTK_WIDGET (self->reserved_list));
  if (w == NULL)
    return;
  title = g_strdup_printf (_("Reserved by %s"), pen_wizard_get_name (w));
  adw_preferences_group_set_title (self->reserved_group, title);
  cards = pen_wizard_get_cards (w);
  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (cards, i);
      const char *id = pen_table_card_get_card_id (tc);
      int type = card_type (id);
      g_autofree char *sub = NULL;

      if (g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_RESERVED) != 0)
        continue;
      sub = type == PEN_CARD_TRIAL ? trial_summary (id)
                                   : g_strdup (_("Contract · −3 points if still reserved at the "
                                                 "end"));
      gtk_list_box_append (self->reserved_list,
                           card_row (self, id, sub, G_CALLBACK (reserved_popover_show_cb), -1));
      found++;
    }
  if (found == 0)
    gtk_list_box_append (self->reserved_list, pen_placeholder_row (_("Nothing reserved")));
}

/* ---- the Guild's four contract cells ---- */

static void
contract_popover_show_cb (GtkPopover   *popover,
                          PenTablePage *self)
{
  GtkMenuButton *button = GTK_MENU_BUTTON (gtk_widget_get_parent (GTK_WIDGET (popover)));
  guint slot = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "slot"));
  PenTable *table = get_table (self);
  GtkBox *box = popover_box (button);
  const char *id;
  PenWizard *cur;
  GtkDropDown *refill = NULL;
  g_autofree char *head = NULL, *label = NULL;
  GtkWidget *reserve;

  if (table == NULL || (cur = current_wizard (table)) == NULL)
    return;
  id = self->cell_ids[slot];
  if (id == NULL)
    {
      gtk_box_append (box, popover_heading (_("An empty Guild cell")));
      gtk_box_append (box, popover_note (_("It fills when a contract leaves the row and the "
                                           "deck has cards left.")));
      if (pen_table_get_physical (table))
        {
          /* the table turned a contract over without the app being told: record it */
          GtkDropDown *drop = card_drop_down (possible_contracts (table), _("Choose…"));
          GtkWidget *put;

          pen_widget_set_accessible_label (GTK_WIDGET (drop), _("The contract in this cell"));
          gtk_widget_set_margin_start (GTK_WIDGET (drop), 6);
          gtk_widget_set_margin_end (GTK_WIDGET (drop), 6);
          gtk_box_append (box, GTK_WIDGET (drop));
          g_autofree char *target = g_strdup_printf ("contract_row[%u].id", slot);
          Tap *tap;

          put = action_button (self, _("_Put it in the cell"), NULL);
          tap = connect_tap (self, put, pen_action_new_correct (target, json_node_init_null (
                                                                 json_node_alloc ())));
          tap->fill = drop;
          tap->fill_key = "value";
          gtk_box_append (box, put);
        }
      return;
    }

  head = g_strdup_printf (_("%s (cell %u)"), pen_turn_card_name (id), slot + 1);
  gtk_box_append (box, popover_heading (head));
  if (pen_table_get_physical (table))
    {
      /* the table turns over the card that refills the row: say which it is */
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *l = gtk_label_new (_("Refilled with"));

      refill = card_drop_down (possible_contracts (table), _("Not known yet"));
      pen_widget_set_accessible_label (GTK_WIDGET (refill), _("The contract that refills the row"));
      gtk_widget_set_margin_start (row, 6);
      gtk_widget_set_hexpand (GTK_WIDGET (refill), TRUE);
      gtk_box_append (GTK_BOX (row), l);
      gtk_box_append (GTK_BOX (row), GTK_WIDGET (refill));
      gtk_box_append (box, row);
    }
  gtk_box_append (box, helper_buttons (self, pen_table_get_current (table), id));
  gtk_box_append (box, popover_note (_("Fulfilled by:")));
  /* the current wizard first: the Guild is visited on their Study turn */
  for (guint k = 0; k < pen_table_get_n_players (table); k++)
    {
      guint wi = (pen_table_get_current (table) + k) % pen_table_get_n_players (table);
      PenWizard *w = pen_table_get_wizard (table, wi);
      GtkWidget *b;

      b = action_button (self, pen_wizard_get_name (w), NULL);
      connect_tap (self, b, pen_action_new_contract_take (wi, slot, NULL))->refill = refill;
      gtk_box_append (box, b);
    }
  gtk_box_append (box, gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  label = g_strdup_printf (_("_Reserve it for %s (Bind: 1 Blood)"), pen_wizard_get_name (cur));
  reserve = action_button (self, label, NULL);
  connect_tap (self, reserve, pen_action_new_contract_reserve (pen_table_get_current (table), slot,
                                                               NULL))->refill = refill;
  gtk_box_append (box, reserve);
  if (is_urgent (id))
    {
      gtk_widget_set_sensitive (reserve, FALSE);
      gtk_box_append (box, popover_note (_("An Urgent contract cannot be reserved.")));
    }
  else if (pen_wizard_get_ingredient (cur, PEN_INGREDIENT_BLOOD) == 0)
    {
      gtk_widget_set_sensitive (reserve, FALSE);
      gtk_box_append (box, popover_note (_("Reserving costs 1 Blood and this wizard has none.")));
    }
  gtk_box_append (box, action_button (self, _("_Attempt failed: it stays in the Guild"), NULL));
  gtk_box_append (box, rule_link (self, "Contracts", _("Contracts")));
}

static void
build_contract_cells (PenTablePage *self)
{
  for (guint i = 0; i < PEN_CONTRACT_CELLS; i++)
    {
      GtkMenuButton *button = menu_button_with_popover ();
      GtkWidget *stack = gtk_stack_new ();

      for (guint k = 0; k < 2; k++)
        {
          GtkWidget *label = gtk_label_new (NULL);

          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
          gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
          /* narrow enough for four cells on a phone; words break only when they must */
          gtk_label_set_width_chars (GTK_LABEL (label), 6);
          gtk_label_set_max_width_chars (GTK_LABEL (label), 12);
          gtk_stack_add_named (GTK_STACK (stack), label, k == 0 ? "a" : "b");
        }
      /* a change slides in from the left, as the physical row shifts right */
      gtk_stack_set_transition_type (GTK_STACK (stack), GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT);
      gtk_stack_set_transition_duration (GTK_STACK (stack), 350);
      gtk_stack_set_interpolate_size (GTK_STACK (stack), TRUE);
      gtk_widget_set_hexpand (stack, TRUE);
      gtk_menu_button_set_child (button, stack);
      /* the menu button centres its content box at its natural width: fill the cell
       * instead, so names wrap between words */
      gtk_widget_set_halign (stack, GTK_ALIGN_FILL);
      gtk_widget_set_halign (gtk_widget_get_parent (stack), GTK_ALIGN_FILL);
      gtk_menu_button_set_always_show_arrow (button, FALSE);
      gtk_widget_add_css_class (GTK_WIDGET (button), "contract-cell");
      g_object_set_data (G_OBJECT (button), "slot", GUINT_TO_POINTER (i));
      g_signal_connect (gtk_menu_button_get_popover (button), "show",
                        G_CALLBACK (contract_popover_show_cb), self);
      gtk_box_append (self->contract_cells, GTK_WIDGET (button));
      self->cells[i] = button;
      self->cell_stacks[i] = GTK_STACK (stack);
    }
}

/* While an Urgent contract is in the Guild row its effect applies to every player; it stops
 * when someone fulfils it or it leaves the row (Russian rules chapter) */
static void
update_urgent (PenTablePage *self,
               PenTable     *table)
{
  GListModel *row = pen_table_get_contract_row (table);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < PEN_CONTRACT_CELLS; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (row, i);
      const char *id = tc ? pen_table_card_get_card_id (tc) : NULL;
      const char *effect;

      if (id == NULL || !is_urgent (id))
        continue;
      effect = card_text (id);
      if (text->len)
        g_string_append_c (text, '\n');
      g_string_append_printf (text, _("Urgent: in effect for every player — %s"),
                              pen_turn_card_name (id));
      g_string_append (text, ". ");
      g_string_append (text, effect ? effect
                                    : _("Its effect is not in the catalogue: read the card."));
    }
  gtk_label_set_label (self->urgent_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->urgent_label), text->len > 0);
}

/* Bind: look at the top three of the contract deck and reserve one. In app-dealt mode the app
 * knows them; in physical mode the table says which card it took. */
static void
deck_reserve_show_cb (GtkPopover   *popover,
                      PenTablePage *self)
{
  PenTable *table = get_table (self);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  PenWizard *cur;
  g_autofree char *head = NULL;
  gboolean blood;

  gtk_popover_set_child (popover, box);
  if (table == NULL || (cur = current_wizard (table)) == NULL)
    return;
  head = g_strdup_printf (_("%s looks at the top three contracts"), pen_wizard_get_name (cur));
  gtk_box_append (GTK_BOX (box), popover_heading (head));
  blood = pen_wizard_get_ingredient (cur, PEN_INGREDIENT_BLOOD) > 0;
  if (!blood)
    gtk_box_append (GTK_BOX (box),
                    popover_note (_("Reserving costs 1 Blood and this wizard has none.")));
  gtk_box_append (GTK_BOX (box), popover_note (_("Reserve one of them; the others go to the "
                                                 "bottom of the deck. An Urgent contract "
                                                 "cannot be reserved.")));
  if (pen_table_get_physical (table))
    {
      GtkDropDown *drop = card_drop_down (possible_contracts (table), _("Choose…"));
      g_autofree char *label = NULL;
      GtkWidget *put;
      Tap *tap;

      pen_widget_set_accessible_label (GTK_WIDGET (drop), _("The contract reserved from the deck"));
      gtk_widget_set_name (GTK_WIDGET (drop), "deck-reserve-card");
      gtk_widget_set_margin_start (GTK_WIDGET (drop), 6);
      gtk_widget_set_margin_end (GTK_WIDGET (drop), 6);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (drop));
      label = g_strdup_printf (_("_Reserve it for %s"), pen_wizard_get_name (cur));
      put = action_button (self, label, NULL);
      tap = connect_tap (self, put, pen_action_new_contract_reserve (pen_table_get_current (table),
                                                                     -1, NULL));
      tap->fill = drop;
      tap->fill_key = "card";
      gtk_widget_set_name (put, "deck-reserve");
      gtk_widget_set_sensitive (put, blood);
      gtk_box_append (GTK_BOX (box), put);
    }
  else
    {
      GListModel *deck = pen_table_get_contract_deck (table);
      guint n = MIN (3, g_list_model_get_n_items (deck));

      if (n == 0)
        gtk_box_append (GTK_BOX (box), popover_note (_("The contract deck is empty.")));
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(PenTableCard) tc = g_list_model_get_item (deck, i);
          const char *id = pen_table_card_get_card_id (tc);
          g_autofree char *label = NULL, *name = NULL;
          GtkWidget *b;

          if (id == NULL)
            continue;
          label = is_urgent (id) ? g_strdup_printf (_("%s (Urgent: cannot be reserved)"),
                                                    pen_turn_card_name (id))
                                 : g_strdup_printf (_("Reserve %s"), pen_turn_card_name (id));
          b = action_button (self, label,
                             pen_action_new_contract_reserve (pen_table_get_current (table), -1,
                                                              id));
          name = g_strdup_printf ("deck-reserve-%u", i);
          gtk_widget_set_name (b, name);
          gtk_widget_set_sensitive (b, blood && !is_urgent (id));
          gtk_box_append (GTK_BOX (box), b);
        }
    }
  gtk_box_append (GTK_BOX (box), rule_link (self, "Reserving", _("Reserving")));
}

static void
update_contracts (PenTablePage *self,
                  PenTable     *table)
{
  GListModel *row = pen_table_get_contract_row (table);
  gboolean animate = self->cells_ready;

  for (guint i = 0; i < PEN_CONTRACT_CELLS; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (row, i);
      const char *id = tc ? pen_table_card_get_card_id (tc) : NULL;
      GtkStack *stack = self->cell_stacks[i];
      const char *vis = gtk_stack_get_visible_child_name (stack);
      const char *other = g_strcmp0 (vis, "a") == 0 ? "b" : "a";
      g_autofree char *tip = NULL;
      g_autofree char *urgent_name = id && is_urgent (id)
                                     ? g_strdup_printf (_("%s (Urgent)"), pen_turn_card_name (id))
                                     : NULL;
      const char *name = urgent_name ? urgent_name : id ? pen_turn_card_name (id) : _("Empty");

      if (animate && g_strcmp0 (id, self->cell_ids[i]) == 0)
        continue;
      g_free (self->cell_ids[i]);
      self->cell_ids[i] = g_strdup (id);
      gtk_label_set_label (GTK_LABEL (gtk_stack_get_child_by_name (stack, other)), name);
      gtk_stack_set_transition_type (stack, animate ? GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT
                                                    : GTK_STACK_TRANSITION_TYPE_NONE);
      gtk_stack_set_visible_child_name (stack, other);
      tip = g_strdup_printf (_("Guild cell %u: %s"), i + 1, name);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->cells[i]), tip);
      pen_widget_set_accessible_label (GTK_WIDGET (self->cells[i]), tip);
      if (id == NULL)
        gtk_widget_add_css_class (GTK_WIDGET (self->cells[i]), "empty");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self->cells[i]), "empty");
    }
  self->cells_ready = TRUE;
  update_urgent (self, table);
}

/* ---- Fate: the deck, its odds, what is in play, markets ---- */

static void
update_fate (PenTablePage *self,
             PenTable     *table)
{
  GListModel *deck = pen_table_get_fate_deck (table);
  guint n = g_list_model_get_n_items (deck);
  guint counts[PEN_N_CARD_TYPES] = { 0, };
  guint unknown = 0;
  static const PenCardType shown[] = {
    PEN_CARD_TRIAL, PEN_CARD_EVENT, PEN_CARD_GOAL, PEN_CARD_PROPHECY
  };
  GtkWidget *row, *label;
  g_autofree char *count = g_strdup_printf ("%u", n);
  g_autoptr(GString) key = g_string_new (NULL);

  g_string_append_printf (key, "%d|%d;", pen_table_get_physical (table),
                          pen_table_get_hide_odds (table));
  key_add_cards (key, deck);
  if (part_unchanged (self, "fate", key))
    return;
  pen_widget_remove_all (GTK_WIDGET (self->fate_list));
  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Cards left"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               pen_table_get_physical (table)
                               ? _("Shuffled on the table: these are the cards still possible")
                               : _("Dealt by the app: its order stays hidden"));
  label = gtk_label_new (count);
  gtk_widget_add_css_class (label, "title-3");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  gtk_list_box_append (self->fate_list, row);

  if (n == 0)
    return;
  if (pen_table_get_hide_odds (table))
    {
      gtk_list_box_append (self->fate_list,
                           pen_placeholder_row (_("Odds are hidden (Preferences)")));
      return;
    }

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (deck, i);
      int type = card_type (pen_table_card_get_card_id (tc));

      if (type >= 0)
        counts[type]++;
      else
        unknown++;
    }
  for (guint k = 0; k < G_N_ELEMENTS (shown); k++)
    {
      PenCardType type = shown[k];
      GtkWidget *bar;
      g_autofree char *sub = NULL, *title = NULL, *acc = NULL;

      if (counts[type] == 0)
        continue;
      title = g_strdup_printf (_("Next card: %s"), pen_card_type_get_label (type));
      sub = g_strdup_printf (_("%u of %u · %.0f%%"), counts[type], n,
                             100.0 * counts[type] / n);
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), sub);
      bar = gtk_level_bar_new_for_interval (0, n);
      gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), counts[type]);
      gtk_widget_set_size_request (bar, 96, -1);
      gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
      acc = g_strdup_printf ("%s: %s", title, sub);
      pen_widget_set_accessible_label (bar, acc);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), bar);
      gtk_list_box_append (self->fate_list, row);
    }
  if (unknown > 0)
    {
      g_autofree char *t = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                         "%u card not in the catalogue",
                                                         "%u cards not in the catalogue",
                                                         unknown), unknown);
      gtk_list_box_append (self->fate_list, pen_placeholder_row (t));
    }
}

/* The state of a prophecy the app can judge, or NULL when the table confirms it */
static char *
prophecy_state (PenTable   *table,
                const char *id)
{
  if (g_str_equal (id, "end-of-time"))
    {
      guint n = g_list_model_get_n_items (pen_table_get_fate_deck (table));
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Fulfilled when the Fate deck is empty: %u card left",
                                           "Fulfilled when the Fate deck is empty: %u cards left",
                                           n), n);
    }
  if (g_str_equal (id, "unity"))
    {
      g_autoptr(GString) s = g_string_new (_("Every wizard passes three trials:"));

      for (guint i = 0; i < pen_table_get_n_players (table); i++)
        {
          PenWizard *w = pen_table_get_wizard (table, i);
          g_string_append_printf (s, " %s %u/3", pen_wizard_get_name (w),
                                  MIN (pen_turn_count_trials (w), 3));
          if (i + 1 < pen_table_get_n_players (table))
            g_string_append_c (s, ',');
        }
      return g_string_free (g_steal_pointer (&s), FALSE);
    }
  return NULL;
}

static void
update_in_play (PenTablePage *self,
                PenTable     *table)
{
  GListModel *in_play = pen_table_get_in_play (table);
  guint n = g_list_model_get_n_items (in_play);
  g_autoptr(GString) key = g_string_new (NULL);

  g_string_append_printf (key, "%d|%s;", pen_table_get_phase (table),
                          pen_table_get_ended_by (table) ? pen_table_get_ended_by (table) : "");
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (in_play, i);
      const char *id = pen_table_card_get_card_id (tc);
      g_autofree char *state = id ? prophecy_state (table, id) : NULL;

      g_string_append_printf (key, "%s|%s|%s;", id ? id : "",
                              pen_table_card_get_zone (tc), state ? state : "");
    }
  if (part_unchanged (self, "in-play", key))
    return;
  pen_widget_remove_all (GTK_WIDGET (self->in_play_list));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (in_play, i);
      const char *id = pen_table_card_get_card_id (tc);
      const char *zone = pen_table_card_get_zone (tc);
      const char *text = card_text (id);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *title = NULL, *sub = NULL;

      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
      if (g_strcmp0 (zone, "prophecy") == 0)
        {
          g_autofree char *state = prophecy_state (table, id);

          title = g_strdup_printf (_("Prophecy: %s"), pen_turn_card_name (id));
          if (g_strcmp0 (pen_table_get_ended_by (table), id) == 0)
            {
              GtkWidget *done = gtk_image_new_from_icon_name ("emblem-ok-symbolic");
              pen_widget_set_accessible_label (done, _("Fulfilled"));
              adw_action_row_add_suffix (ADW_ACTION_ROW (row), done);
              sub = g_strdup (_("Fulfilled: the final round is on"));
            }
          else if (state != NULL)
            sub = g_steal_pointer (&state);
          else
            {
              sub = g_strdup_printf ("%s%s%s", text ? text : "", text ? " · " : "",
                                     _("The table confirms it"));
              if (pen_table_get_phase (table) == PEN_PHASE_PLAYING)
                {
                  GtkWidget *b = gtk_button_new_with_label (_("Fulfilled"));
                  g_autofree char *acc = g_strdup_printf (_("%s is fulfilled"),
                                                          pen_turn_card_name (id));
                  gtk_widget_set_valign (b, GTK_ALIGN_CENTER);
                  gtk_widget_set_tooltip_text (b, acc);
                  pen_widget_set_accessible_label (b, acc);
                  connect_tap (self, b, pen_action_new_prophecy_fulfil (id));
                  adw_action_row_add_suffix (ADW_ACTION_ROW (row), b);
                }
            }
        }
      else if (g_strcmp0 (zone, "goal") == 0)
        {
          title = g_strdup_printf (_("Goal: %s"), pen_turn_card_name (id));
          sub = g_strdup (text ? text : _("Scored at the end of the game"));
        }
      else if (g_strcmp0 (zone, "event") == 0)
        {
          title = g_strdup_printf (_("Event: %s"), pen_turn_card_name (id));
          sub = g_strdup (text ? text : _("Read the card to the table"));
        }
      else
        {
          title = g_strdup (pen_turn_card_name (id));
          sub = g_strdup (text ? text : "");
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), sub);
      gtk_list_box_append (self->in_play_list, row);
    }
  if (n == 0)
    gtk_list_box_append (self->in_play_list, pen_placeholder_row (_("Nothing in play")));
}

static void
update_markets (PenTablePage *self,
                PenTable     *table)
{
  GListModel *markets = pen_table_get_markets (table);
  g_autoptr(GPtrArray) zones = g_ptr_array_new ();
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                       (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GString) key = g_string_new (NULL);

  key_add_cards (key, markets);
  if (part_unchanged (self, "markets", key))
    return;
  pen_widget_remove_all (GTK_WIDGET (self->markets_list));
  for (guint i = 0; i < g_list_model_get_n_items (markets); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (markets, i);
      const char *zone = pen_table_card_get_zone (tc);
      GPtrArray *list = g_hash_table_lookup (names, zone);

      if (list == NULL)
        {
          list = g_ptr_array_new ();
          g_hash_table_insert (names, (gpointer) zone, list);
          g_ptr_array_add (zones, (gpointer) zone);
        }
      g_ptr_array_add (list, (gpointer) pen_turn_card_name (pen_table_card_get_card_id (tc)));
    }
  for (guint i = 0; i < zones->len; i++)
    {
      GPtrArray *list = g_hash_table_lookup (names, g_ptr_array_index (zones, i));
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *title = g_strdup (g_ptr_array_index (zones, i));
      g_autofree char *sub = NULL;

      g_ptr_array_add (list, NULL);
      sub = g_strjoinv (", ", (char **) list->pdata);
      g_ptr_array_remove_index (list, list->len - 1);
      /* zone ids are the market's name: "brewery" → "Brewery" */
      title[0] = g_ascii_toupper (title[0]);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), sub);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
      gtk_list_box_append (self->markets_list, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->markets_group), zones->len > 0);
}

/* ---- the news of the last Fate card ---- */

static void
update_news (PenTablePage *self,
             PenTable     *table)
{
  g_autoptr(GPtrArray) deck = list_ids (pen_table_get_fate_deck (table));
  PenGame *game = pen_section_get_game (PEN_SECTION (self));
  guint pos = pen_game_get_position (game);
  g_autoptr(PenAction) last = pos > 0 ? g_list_model_get_item (pen_game_get_history (game),
                                                                pos - 1) : NULL;

  if (self->last_deck != NULL && deck->len + 1 == self->last_deck->len && last != NULL
      && (g_str_equal (pen_action_get_kind (last), "turn-end")
          || g_str_equal (pen_action_get_kind (last), "fate-reveal")))
    {
      /* the card that left the deck: the one counted more often before than now */
      for (guint i = 0; i < self->last_deck->len; i++)
        {
          const char *id = g_ptr_array_index (self->last_deck, i);
          guint before = 0, now = 0;

          for (guint k = 0; k < self->last_deck->len; k++)
            before += g_strcmp0 (g_ptr_array_index (self->last_deck, k), id) == 0;
          for (guint k = 0; k < deck->len; k++)
            now += g_strcmp0 (g_ptr_array_index (deck, k), id) == 0;
          if (before > now)
            {
              g_free (self->news_card);
              self->news_card = g_strdup (id);
              break;
            }
        }
    }
  else if (self->last_deck != NULL && deck->len > self->last_deck->len)
    g_clear_pointer (&self->news_card, g_free);   /* undone */
  g_clear_pointer (&self->last_deck, g_ptr_array_unref);
  self->last_deck = g_steal_pointer (&deck);

  gtk_widget_set_visible (self->news_box, self->news_card != NULL);
  if (self->news_card != NULL)
    {
      const char *text = card_text (self->news_card);
      g_autofree char *news = g_strdup_printf (_("Fate: %s — %s"),
                                               pen_turn_card_name (self->news_card),
                                               fate_instruction (self->news_card));
      gboolean show_text = card_type (self->news_card) == PEN_CARD_EVENT
                           || card_type (self->news_card) == PEN_CARD_GOAL
                           || card_type (self->news_card) == PEN_CARD_PROPHECY;

      gtk_label_set_label (self->news_label, news);
      gtk_label_set_label (self->news_text, text ? text : _("Read the card to the table."));
      gtk_widget_set_visible (GTK_WIDGET (self->news_text), show_text);
    }
}

/* ---- the turn ---- */

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_utf8_collate (pen_turn_card_name (*(char * const *) a),
                         pen_turn_card_name (*(char * const *) b));
}

static void
update_reveal_choices (PenTablePage *self,
                       PenTable     *table)
{
  g_autoptr(GPtrArray) deck = list_ids (pen_table_get_fate_deck (table));
  g_autoptr(GString) sig = g_string_new (NULL);
  GPtrArray *ids;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *contracts;
  g_autoptr(GtkStringList) cnames = gtk_string_list_new (NULL);
  gboolean unknown_deck = TRUE;

  for (guint i = 0; i < deck->len; i++)
    g_string_append_printf (sig, "%s,", (char *) g_ptr_array_index (deck, i));
  {
    g_autoptr(GPtrArray) row = list_ids (pen_table_get_contract_row (table));
    for (guint i = 0; i < row->len; i++)
      g_string_append_printf (sig, "|%s", (char *) g_ptr_array_index (row, i));
  }
  /* in physical play what the deck can give depends on the whole game */
  if (pen_table_get_physical (table) && pen_section_get_game (PEN_SECTION (self)) != NULL)
    g_string_append_printf (sig, "#%u",
                            pen_game_get_position (pen_section_get_game (PEN_SECTION (self))));
  if (g_strcmp0 (sig->str, self->reveal_sig) == 0)
    return;
  g_free (self->reveal_sig);
  self->reveal_sig = g_strdup (sig->str);

  /* every distinct card still possible, in name order; in physical play with a deck whose
   * cards are not known (built by the rules), exactly what it can still give
   * (pen_draw_candidates), then "another card: name it" */
  ids = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < deck->len; i++)
    unknown_deck &= g_ptr_array_index (deck, i) == NULL;
  unknown_deck &= pen_table_get_physical (table)
                  && pen_section_get_game (PEN_SECTION (self)) != NULL;
  if (unknown_deck)
    {
      g_autoptr(GPtrArray) possible = pen_draw_candidates (pen_section_get_game (PEN_SECTION (self)),
                                                           PEN_DRAW_FATE);

      for (guint i = 0; i < possible->len; i++)
        g_ptr_array_add (ids, g_strdup (g_ptr_array_index (possible, i)));
    }
  else
    for (guint i = 0; i < deck->len; i++)
      if (g_ptr_array_index (deck, i) && g_hash_table_add (seen, g_ptr_array_index (deck, i)))
        g_ptr_array_add (ids, g_strdup (g_ptr_array_index (deck, i)));
  g_ptr_array_sort (ids, compare_names);
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      int type = card_type (id);
      g_autofree char *label = g_strdup_printf ("%s (%s)", pen_turn_card_name (id),
                                                type >= 0 ? pen_card_type_get_label (type) : "?");
      gtk_string_list_append (names, label);
    }
  if (unknown_deck)
    {
      /* a Fate card the catalogue cannot name: a Trial is the likeliest, named once up */
      char *another = pen_draw_another (pen_section_get_game (PEN_SECTION (self)),
                                        PEN_CARD_TRIAL);

      if (another != NULL)
        {
          g_ptr_array_add (ids, another);
          gtk_string_list_append (names, _("Another card: name it"));
        }
    }
  g_clear_pointer (&self->reveal_ids, g_ptr_array_unref);
  self->reveal_ids = ids;
  gtk_drop_down_set_model (self->reveal_drop, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->reveal_drop, GTK_INVALID_LIST_POSITION);

  contracts = possible_contracts (table);
  for (guint i = 0; i < contracts->len; i++)
    gtk_string_list_append (cnames, i == 0 ? _("Unknown")
                                           : pen_turn_card_name (g_ptr_array_index (contracts, i)));
  g_clear_pointer (&self->contract_ids, g_ptr_array_unref);
  self->contract_ids = contracts;
  gtk_drop_down_set_model (self->contract_drop, G_LIST_MODEL (cnames));
  gtk_drop_down_set_selected (self->contract_drop, 0);
}

/* In physical mode a Trial or Rest turn ends only once the revealed Fate card is named */
static void
update_end_button (PenTablePage *self)
{
  PenTable *table = get_table (self);
  gboolean ok = TRUE;

  if (table != NULL && pen_table_get_physical (table)
      && (pen_table_get_turn_kind (table) == PEN_TURN_TRIAL
          || pen_table_get_turn_kind (table) == PEN_TURN_REST)
      && g_list_model_get_n_items (pen_table_get_fate_deck (table)) > 0)
    ok = gtk_drop_down_get_selected (self->reveal_drop) != GTK_INVALID_LIST_POSITION;
  gtk_widget_set_sensitive (self->end_button, ok);
  gtk_widget_set_tooltip_text (self->end_button,
                               ok ? NULL : _("First pick the Fate card the table revealed"));
}

static void
update_turn (PenTablePage *self,
             PenTable     *table)
{
  PenWizard *w = current_wizard (table);
  guint n = pen_table_get_n_players (table);
  PenTurnKind kind = pen_table_get_turn_kind (table);
  PenPhase phase = pen_table_get_phase (table);
  gboolean first_round = pen_table_get_turn (table) < n;
  gboolean refresh_turn = kind == PEN_TURN_TRIAL || kind == PEN_TURN_REST;
  guint deck = g_list_model_get_n_items (pen_table_get_fate_deck (table));
  g_autofree char *title = NULL, *detail = NULL;

  if (w == NULL)
    {
      gtk_label_set_label (self->turn_title, _("No game"));
      return;
    }

  if (phase == PEN_PHASE_ENDED)
    title = g_strdup (_("Game over"));
  else if (kind == PEN_TURN_NONE)
    title = g_strdup_printf (_("%s’s turn"), pen_wizard_get_name (w));
  else
    title = g_strdup_printf (_("%s’s turn — %s"), pen_wizard_get_name (w),
                             pen_turn_kind_get_label (kind));
  gtk_label_set_label (self->turn_title, title);
  detail = g_strdup_printf (_("Turn %u · round %u · %s"), pen_table_get_turn (table) + 1,
                            pen_table_get_turn (table) / n + 1,
                            pen_table_get_physical (table) ? _("Fate deck on the table")
                                                           : _("Fate deck dealt by the app"));
  gtk_label_set_label (self->turn_detail, detail);

  /* placements: the turn's own, the Trinket's one extra, Arcana for outside a cell */
  if (kind == PEN_TURN_STUDY && phase != PEN_PHASE_ENDED)
    {
      int left = pen_table_get_placements_left (table);
      guint trinkets = pen_wizard_get_ingredient (w, PEN_INGREDIENT_TRINKET);
      guint arcana = pen_wizard_get_ingredient (w, PEN_INGREDIENT_ARCANA);
      g_autoptr(GString) s = g_string_new (NULL);

      g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "%d placement left",
                                              "%d placements left", left), left);
      if (first_round)
        g_string_append (s, _(" (first round: one placement)"));
      g_string_append_c (s, '\n');
      if (pen_table_get_trinket_used (table))
        g_string_append (s, _("Trinket placement: used this turn"));
      else if (trinkets > 0)
        g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                "Trinket placement: available (%u Trinket)",
                                                "Trinket placement: available (%u Trinkets)",
                                                trinkets), trinkets);
      else
        g_string_append (s, _("Trinket placement: no Trinket"));
      g_string_append_c (s, '\n');
      g_string_append_printf (s, _("Outside a cell: 1 Arcana each (%u Arcana)"), arcana);
      gtk_label_set_label (self->placements_label, s->str);
      gtk_widget_set_visible (GTK_WIDGET (self->placements_label), TRUE);
    }
  else if (kind == PEN_TURN_TRIAL)
    {
      gtk_label_set_label (self->placements_label, _("Attempt one trial: tap it in the row."));
      gtk_widget_set_visible (GTK_WIDGET (self->placements_label), TRUE);
    }
  else if (kind == PEN_TURN_REST)
    {
      gtk_label_set_label (self->placements_label,
                           _("The Rest thread is applied: dice gained, cards unrotated, Marks "
                             "recharged."));
      gtk_widget_set_visible (GTK_WIDGET (self->placements_label), TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->placements_label), FALSE);

  /* the end of the game */
  gtk_widget_set_visible (self->phase_box, phase != PEN_PHASE_PLAYING);
  gtk_widget_set_visible (self->score_button, phase == PEN_PHASE_ENDED);
  if (phase == PEN_PHASE_FINAL_ROUND)
    {
      guint left = pen_table_get_final_turns (table);
      const char *by = pen_table_get_ended_by (table);
      g_autofree char *d = NULL;

      gtk_label_set_label (self->phase_label, _("Final round: everyone has one more turn"));
      d = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is fulfilled · %u turn left",
                                        "%s is fulfilled · %u turns left", left),
                           by ? pen_turn_card_name (by) : _("A prophecy"), left);
      gtk_label_set_label (self->phase_detail, d);
    }
  else if (phase == PEN_PHASE_ENDED)
    {
      const char *by = pen_table_get_ended_by (table);
      g_autofree char *d = g_strdup_printf (_("Ended by the prophecy %s"),
                                            by ? pen_turn_card_name (by) : "?");

      gtk_label_set_label (self->phase_label, _("Game over — see the scores"));
      gtk_label_set_label (self->phase_detail, d);
    }

  /* starting: a Mortal Wound makes the next turn a Rest */
  gtk_widget_set_visible (self->start_box, kind == PEN_TURN_NONE && phase != PEN_PHASE_ENDED);
  gtk_widget_set_sensitive (self->study_button, !pen_wizard_get_must_rest (w));
  gtk_widget_set_sensitive (self->trial_button, !pen_wizard_get_must_rest (w)
                            && (g_list_model_get_n_items (pen_table_get_trial_row (table)) > 0
                                || has_reserved_trial (w)));
  if (pen_wizard_get_must_rest (w))
    gtk_widget_add_css_class (self->rest_button, "suggested-action");
  else
    gtk_widget_remove_css_class (self->rest_button, "suggested-action");
  if (pen_wizard_get_must_rest (w))
    {
      g_autofree char *why = g_strdup_printf (_("After a Mortal Wound, %s’s next turn must be a "
                                                "Rest."), pen_wizard_get_name (w));
      gtk_label_set_label (self->start_hint, why);
      gtk_widget_set_tooltip_text (self->study_button, why);
      gtk_widget_set_tooltip_text (self->trial_button, why);
      gtk_widget_set_visible (GTK_WIDGET (self->start_hint), TRUE);
    }
  else
    {
      gtk_widget_set_tooltip_text (self->study_button,
                                   _("Two placements in locations (one in the first round)"));
      gtk_widget_set_tooltip_text (self->trial_button, _("Attempt one trial"));
      gtk_label_set_label (self->start_hint,
                           _("First round: a Study turn has a single placement."));
      gtk_widget_set_visible (GTK_WIDGET (self->start_hint), first_round);
    }

  /* ending: a Trial or Rest turn refreshes the Guild and reveals the next Fate card */
  gtk_widget_set_visible (self->end_box, kind != PEN_TURN_NONE && phase != PEN_PHASE_ENDED);
  gtk_widget_set_visible (GTK_WIDGET (self->reveal_row),
                          refresh_turn && pen_table_get_physical (table) && deck > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->contract_reveal_row),
                          refresh_turn && pen_table_get_physical (table));
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->reveal_row)),
                          refresh_turn && pen_table_get_physical (table));
  if (refresh_turn && pen_table_get_physical (table))
    update_reveal_choices (self, table);
  update_end_button (self);
  if (!refresh_turn)
    gtk_label_set_label (self->end_hint, _("Temporary dice are discarded at the end of the "
                                           "turn."));
  else if (deck == 0)
    gtk_label_set_label (self->end_hint, _("The Guild row shifts right and refills; the Fate "
                                           "deck is empty."));
  else if (pen_table_get_physical (table))
    gtk_label_set_label (self->end_hint, _("Turn over the next Fate card, then say which it "
                                           "is. The Guild row shifts right and refills."));
  else
    gtk_label_set_label (self->end_hint, _("The app reveals the next Fate card; the Guild row "
                                           "shifts right and refills."));
}

static void
pen_table_page_position_changed (PenSection *section)
{
  PenTablePage *self = PEN_TABLE_PAGE (section);
  PenTable *table = get_table (self);

  if (table == NULL || pen_table_get_n_players (table) == 0)
    {
      gtk_label_set_label (self->turn_title, _("No game"));
      return;
    }
  update_news (self, table);
  update_turn (self, table);
  /* after the game the rows are a record: nothing more is taken from them */
  gtk_widget_set_sensitive (GTK_WIDGET (self->trials_list),
                            pen_table_get_phase (table) != PEN_PHASE_ENDED);
  gtk_widget_set_sensitive (GTK_WIDGET (self->reserved_list),
                            pen_table_get_phase (table) != PEN_PHASE_ENDED);
  gtk_widget_set_sensitive (GTK_WIDGET (self->contract_cells),
                            pen_table_get_phase (table) != PEN_PHASE_ENDED);
  update_trial_panel (self, table);
  update_trials (self, table);
  update_reserved (self, table);
  update_contracts (self, table);
  update_fate (self, table);
  update_in_play (self, table);
  update_markets (self, table);
}

static void
pen_table_page_game_set (PenSection *section,
                         PenGame    *game)
{
  PenTablePage *self = PEN_TABLE_PAGE (section);

  g_clear_pointer (&self->last_deck, g_ptr_array_unref);
  g_clear_pointer (&self->news_card, g_free);
  g_clear_pointer (&self->reveal_sig, g_free);
  self->cells_ready = FALSE;
  g_hash_table_remove_all (self->parts);
  if (self->recount != NULL)
    gtk_window_destroy (self->recount);
}

/* ---- the turn controls ---- */

void
pen_table_page_start_turn (PenTablePage *self,
                           PenTurnKind   kind)
{
  g_return_if_fail (PEN_IS_TABLE_PAGE (self));
  g_return_if_fail (kind > PEN_TURN_NONE && kind < PEN_N_TURN_KINDS);

  submit (self, pen_action_new_turn_start (kind));
}

void
pen_table_page_end_turn (PenTablePage *self)
{
  PenTable *table = get_table (self);
  const char *reveal = NULL, *contract = NULL;
  PenTurnKind kind;

  g_return_if_fail (PEN_IS_TABLE_PAGE (self));
  if (table == NULL)
    return;
  kind = pen_table_get_turn_kind (table);
  if ((kind == PEN_TURN_TRIAL || kind == PEN_TURN_REST) && pen_table_get_physical (table))
    {
      guint sel = gtk_drop_down_get_selected (self->reveal_drop);
      guint csel = gtk_drop_down_get_selected (self->contract_drop);

      if (self->reveal_ids != NULL && sel < self->reveal_ids->len
          && g_list_model_get_n_items (pen_table_get_fate_deck (table)) > 0)
        {
        reveal = g_ptr_array_index (self->reveal_ids, sel);
        }
      if (self->contract_ids != NULL && csel > 0 && csel < self->contract_ids->len)
        {
        contract = g_ptr_array_index (self->contract_ids, csel);
        }
    }
  submit (self, pen_action_new_turn_end (reveal, contract));
}

const char *
pen_table_page_get_turn_text (PenTablePage *self)
{
  g_return_val_if_fail (PEN_IS_TABLE_PAGE (self), NULL);

  return gtk_label_get_label (self->turn_title);
}

const char *
pen_table_page_get_news_text (PenTablePage *self)
{
  g_return_val_if_fail (PEN_IS_TABLE_PAGE (self), NULL);

  return gtk_widget_get_visible (self->news_box) ? gtk_label_get_label (self->news_label) : NULL;
}

static void
study_clicked_cb (PenTablePage *self)
{
  pen_table_page_start_turn (self, PEN_TURN_STUDY);
}

static void
trial_clicked_cb (PenTablePage *self)
{
  pen_table_page_start_turn (self, PEN_TURN_TRIAL);
}

static void
rest_clicked_cb (PenTablePage *self)
{
  pen_table_page_start_turn (self, PEN_TURN_REST);
}

static void
end_clicked_cb (PenTablePage *self)
{
  pen_table_page_end_turn (self);
}

static void
recount_destroyed_cb (GtkWindow    *window,
                      PenTablePage *self)
{
  if (self->recount == window)
    self->recount = NULL;
}

void
pen_table_page_check_table (PenTablePage *self)
{
  PenTable *table = get_table (self);

  g_return_if_fail (PEN_IS_TABLE_PAGE (self));
  if (table == NULL || pen_table_get_n_players (table) == 0)
    return;
  if (self->recount != NULL)
    {
      gtk_window_present (self->recount);
      return;
    }
  self->recount = pen_recount_window_open (PEN_SECTION (self), table);
  g_signal_connect_object (self->recount, "destroy", G_CALLBACK (recount_destroyed_cb), self, 0);
}

GtkWindow *
pen_table_page_get_recount_window (PenTablePage *self)
{
  g_return_val_if_fail (PEN_IS_TABLE_PAGE (self), NULL);

  return self->recount;
}

/* ---- the object ---- */

static void
pen_table_page_dispose (GObject *object)
{
  PenTablePage *self = PEN_TABLE_PAGE (object);

  if (self->recount != NULL)
    gtk_window_destroy (self->recount);
  if (self->begin_form != NULL)
    gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->begin_form)));
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_TABLE_PAGE);

  G_OBJECT_CLASS (pen_table_page_parent_class)->dispose (object);
}

static void
pen_table_page_finalize (GObject *object)
{
  PenTablePage *self = PEN_TABLE_PAGE (object);

  g_clear_pointer (&self->reveal_ids, g_ptr_array_unref);
  g_clear_pointer (&self->contract_ids, g_ptr_array_unref);
  g_clear_pointer (&self->reveal_sig, g_free);
  g_clear_pointer (&self->last_deck, g_ptr_array_unref);
  g_clear_pointer (&self->news_card, g_free);
  g_clear_pointer (&self->parts, g_hash_table_unref);
  for (guint i = 0; i < PEN_CONTRACT_CELLS; i++)
    g_clear_pointer (&self->cell_ids[i], g_free);

  G_OBJECT_CLASS (pen_table_page_parent_class)->finalize (object);
}



static void
pen_table_page_class_init (PenTablePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_table_page_dispose;
  object_class->finalize = pen_table_page_finalize;
  section_class->game_set = pen_table_page_game_set;
  section_class->position_changed = pen_table_page_position_changed;
  /* the Rest options and the Event just revealed, under the turn banner */
  g_type_ensure (PEN_TYPE_REST_PANEL);
  g_type_ensure (PEN_TYPE_EVENT_PANEL);


  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-table-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, columns);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, turn_column);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, turn_title);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, turn_detail);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, placements_label);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, phase_box);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, phase_label);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, phase_detail);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, score_button);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, news_box);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, news_label);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, news_text);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, start_box);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, start_header);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, study_button);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, trial_button);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, rest_button);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, start_hint);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, end_box);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, reveal_row);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, contract_reveal_row);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, end_hint);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, end_button);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, trials_group);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, guild_group);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, reserved_group);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, fate_group);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, in_play_group);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, markets_group);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, trials_list);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, reserved_list);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, fate_list);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, in_play_list);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, markets_list);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, contract_cells);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, trial_box);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, urgent_label);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, deck_reserve_button);
  gtk_widget_class_bind_template_child (widget_class, PenTablePage, deck_reserve_popover);
  gtk_widget_class_bind_template_callback (widget_class, study_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, trial_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, rest_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, end_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, pen_section_submit);
}

static void
pen_table_page_init (PenTablePage *self)
{
  self->parts = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  gtk_widget_init_template (GTK_WIDGET (self));

  /* first in the turn column: the face-up cards the table must name */
  {
    GtkWidget *unnamed = pen_unnamed_cards_new ();

    gtk_box_prepend (self->turn_column, unnamed);
    g_object_bind_property (self, "game", unnamed, "game", G_BINDING_SYNC_CREATE);
    pen_section_forward (PEN_SECTION (self), PEN_SECTION (unnamed));
  }

  self->reveal_drop = GTK_DROP_DOWN (gtk_drop_down_new (NULL, gtk_property_expression_new (
                                                          GTK_TYPE_STRING_OBJECT, NULL,
                                                          "string")));
  gtk_drop_down_set_enable_search (self->reveal_drop, TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->reveal_drop), GTK_ALIGN_CENTER);
  pen_widget_set_accessible_label (GTK_WIDGET (self->reveal_drop), _("Fate card revealed"));
  adw_action_row_add_suffix (self->reveal_row, GTK_WIDGET (self->reveal_drop));
  g_signal_connect_object (self->reveal_drop, "notify::selected", G_CALLBACK (update_end_button),
                           self, G_CONNECT_SWAPPED);
  self->contract_drop = GTK_DROP_DOWN (gtk_drop_down_new (NULL, gtk_property_expression_new (
                                                            GTK_TYPE_STRING_OBJECT, NULL,
                                                            "string")));
  gtk_drop_down_set_enable_search (self->contract_drop, TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->contract_drop), GTK_ALIGN_CENTER);
  pen_widget_set_accessible_label (GTK_WIDGET (self->contract_drop),
                                   _("New contract in the Guild"));
  adw_action_row_add_suffix (self->contract_reveal_row, GTK_WIDGET (self->contract_drop));

  build_contract_cells (self);
  g_signal_connect (self->deck_reserve_popover, "show", G_CALLBACK (deck_reserve_show_cb), self);
  gtk_widget_set_name (GTK_WIDGET (self->deck_reserve_button), "deck-reserve-button");
  gtk_widget_set_name (GTK_WIDGET (self->urgent_label), "urgent-label");
  gtk_widget_set_name (GTK_WIDGET (self->trial_box), "trial-panel");
  pen_widget_set_accessible_label (GTK_WIDGET (self->deck_reserve_button),
                        _("Look at the top three contracts of the deck and reserve one (Bind: 1 "
                                   "Blood)"));

  /* the columns are layout only: Tab goes straight to the controls inside them */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->columns)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);

  adw_preferences_group_set_header_suffix (self->trials_group,
                                           rule_button (self, "Trials", _("Trials")));
  adw_preferences_group_set_header_suffix (self->guild_group,
                                           rule_button (self, "Contracts", _("Contracts")));
  adw_preferences_group_set_header_suffix (self->reserved_group,
                                           rule_button (self, "Reserving", _("Reserving")));
  adw_preferences_group_set_header_suffix (self->fate_group,
                                           rule_button (self, "The Fate deck in play",
                                                        _("The Fate deck in play")));
  adw_preferences_group_set_header_suffix (self->in_play_group,
                                           rule_button (self, "End of the game",
                                                        _("End of the game")));
  gtk_box_append (self->start_header, rule_button (self, "Turn Sequence", _("Turn Sequence")));
}
