/* pen-score-page.c
 *
 * The Score page: during the game the score as the table stands, at the end the final sheet,
 * and the archive of finished games. Every figure is taken apart into the items behind it
 * (cards, symbol piles, Marks, Goals); hints tell what one more symbol would be worth.
 *
 * Changes go through actions like everywhere else: the points of a Goal entered by hand are a
 * "goal-vp" action, so undo takes them back. The numbers typed in for cards the rulebook does
 * not print are the user's catalogue (pen_catalog_set_user_value), not part of the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-archive.h"
#include "pen-board-layout.h"
#include "pen-box.h"
#include "pen-catalog.h"
#include "pen-end-sheet.h"
#include "pen-json.h"
#include "pen-score-chart.h"
#include "pen-score-page.h"
#include "pen-show.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

struct _PenScorePage
{
  PenSection     parent_instance;

  GtkStack      *stack;
  GtkStack      *sheet_stack;
  PenEndSheet   *end_sheet;      /* the printed numbers still unknown, before the final score */
  gboolean       end_sheet_done;
  GtkWidget     *export_area;
  GtkLabel      *title_label;
  GtkLabel      *subtitle_label;
  GtkWidget     *final_list;
  AdwActionRow  *archive_row;
  GtkWidget     *archive_button;
  GtkFlowBox    *ranking_box;
  PenScoreChart *chart;
  GtkBox        *players_box;
  AdwPreferencesGroup *unknown_group;
  GtkBox        *archive_box;

  PenScoreSheet *sheet;
  GFile         *archive_dir;
  gboolean             export_png;      /* what the chooser saves */
  GPtrArray     *unknown_rows;   /* rows added to unknown_group, to remove them again */
  GHashTable    *expanded;       /* "player:category" of the open expanders */
  char                *shown;          /* what the sheet showed when last drawn */
  PenPhase       last_phase;
  gulong         catalog_handler;
  gulong         layout_handler;
  gboolean       archived;       /* the sheet shown is in the archive */
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (PenScorePage, pen_score_page, PEN_TYPE_SECTION)


static void refresh_archive (PenScorePage *self);

static GFile *
archive_dir (PenScorePage *self)
{
  if (self->archive_dir == NULL)
    self->archive_dir = pen_archive_get_default_dir ();
  return self->archive_dir;
}

static char *
save_path (PenScorePage *self)
{
  PenGame *game = pen_section_get_game (PEN_SECTION (self));
  GFile *file = game ? pen_game_get_file (game) : NULL;

  return file ? g_file_get_path (file) : NULL;
}

/* ---- small widgets ---- */


static GtkWidget *
points_label (int points)
{
  g_autofree char *text = g_strdup_printf ("%+d", points);
  GtkWidget *label = gtk_label_new (points == 0 ? "0" : text);

  gtk_widget_add_css_class (label, "score-points");
  gtk_widget_add_css_class (label, "numeric");
  if (points < 0)
    gtk_widget_add_css_class (label, "negative");
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  return label;
}

/* Open values are tagged in words, not only by colour. */
static GtkWidget *
open_tag (void)
{
  GtkWidget *label = gtk_label_new (_("house value"));

  gtk_widget_add_css_class (label, "open-value");
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (label, _("The rulebook does not print this value: the app uses a "
                                        "stand-in from its open scoring tables"));
  return label;
}

/* "Goldeater, Lost Hut": the cards behind an item, each once with a count. */
static char *
describe_sources (char **sources)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  GString *s;

  if (sources == NULL || sources[0] == NULL)
    return NULL;
  for (guint i = 0; sources[i] != NULL; i++)
    {
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, sources[i]));

      if (n == 0)
        g_ptr_array_add (names, g_strdup (sources[i]));
      g_hash_table_insert (counts, sources[i], GUINT_TO_POINTER (n + 1));
    }
  s = g_string_new (NULL);
  for (guint i = 0; i < names->len; i++)
    {
      const char *id = g_ptr_array_index (names, i);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, id));
      /* "trials[0]": a card without an id; otherwise the card's name */
      const char *name = strchr (id, '[') ? id : pen_turn_card_name (id);

      if (s->len > 0)
        g_string_append (s, ", ");
      if (n > 1)
        g_string_append_printf (s, "%s ×%u", name, n);
      else
        g_string_append (s, name);
    }
  return g_string_free (s, FALSE);
}

/* What a row or button of the sheet stands for, kept with its handler: a key (an expander's,
 * a card's or a goal's id), a number (a wizard, a cell) and, for a card's symbols, the spin
 * buttons to read */
typedef struct
{
  PenScorePage   *self;
  char           *key;
  guint           number;
  GtkSpinButton **spins;
} RowData;

static void
row_data_free (gpointer  data,
               GClosure *closure)
{
  RowData *d = data;

  g_free (d->key);
  g_free (d->spins);
  g_free (d);
}

static RowData *
connect_row (gpointer      instance,
             const char   *signal,
             GCallback     handler,
             PenScorePage *self,
             const char   *key,
             guint         number)
{
  RowData *d = g_new0 (RowData, 1);

  d->self = self;
  d->key = g_strdup (key);
  d->number = number;
  g_signal_connect_data (instance, signal, handler, d, row_data_free, 0);
  return d;
}

static void
expander_notify_cb (AdwExpanderRow *row,
                    GParamSpec     *pspec,
                    RowData        *d)
{
  PenScorePage *self = d->self;
  const char *key = d->key;

  if (adw_expander_row_get_expanded (row))
    g_hash_table_add (self->expanded, g_strdup (key));
  else
    g_hash_table_remove (self->expanded, key);
}

/* An expander that stays open across refreshes */
static AdwExpanderRow *
new_expander (PenScorePage *self,
              const char   *key,
              const char   *title,
              const char   *subtitle)
{
  AdwExpanderRow *row = ADW_EXPANDER_ROW (adw_expander_row_new ());

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_expander_row_set_subtitle (row, subtitle);
  adw_expander_row_set_expanded (row, g_hash_table_contains (self->expanded, key));
  connect_row (row, "notify::expanded", G_CALLBACK (expander_notify_cb), self, key, 0);
  return row;
}

static GtkWidget *
item_row (const PenScoreItem *item)
{
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
  g_autofree char *from = describe_sources (item->sources);

  /* a Trial or Contract item names its card by id: show the card's name */
  if (from == NULL && item->id != NULL && pen_catalog_lookup (pen_catalog_get_default (),
                                                              item->id) != NULL)
    from = g_strdup (pen_turn_card_name (item->id));

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), item->text ? item->text : "");
  adw_action_row_set_title_lines (row, 0);
  if (from != NULL)
    {
      /* Translators: the cards behind a score item */
      g_autofree char *subtitle = g_strdup_printf (_("From %s"), from);
      adw_action_row_set_subtitle (row, subtitle);
      adw_action_row_set_subtitle_lines (row, 0);
    }
  if (item->open)
    adw_action_row_add_suffix (row, open_tag ());
  adw_action_row_add_suffix (row, points_label (item->points));
  return GTK_WIDGET (row);
}

/* ---- goals entered by hand ---- */

static void
goal_apply_cb (AdwEntryRow *row,
               RowData     *d)
{
  PenScorePage *self = d->self;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));
  const char *goal = d->key;
  int wizard = d->number;
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  guint64 vp = 0;

  if (*stripped == '\0')
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "score.goal-vp", "(isi)", wizard, goal, -1);
      return;
    }
  if (!g_ascii_string_to_unsigned (stripped, 10, PEN_GOAL_VP_MIN, PEN_GOAL_VP_MAX, &vp, NULL))
    {
      gtk_widget_add_css_class (GTK_WIDGET (row), "error");
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (row), "error");
  gtk_widget_activate_action (GTK_WIDGET (self), "score.goal-vp", "(isi)", wizard, goal, (int) vp);
}

static GtkWidget *
goal_entry_row (PenScorePage *self,
                guint         wizard,
                const char   *goal)
{
  PenWizard *w = pen_table_get_wizard (pen_section_get_table (PEN_SECTION (self)), wizard);
  AdwEntryRow *row = ADW_ENTRY_ROW (adw_entry_row_new ());
  g_autofree char *title = g_strdup_printf (_("%s: points entered by hand"),
                                            pen_score_goal_get_label (goal));
  g_autofree char *name = NULL;
  int vp;

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_entry_row_set_show_apply_button (row, TRUE);
  adw_entry_row_set_input_purpose (row, GTK_INPUT_PURPOSE_DIGITS);
  if (pen_wizard_get_goal_vp (w, goal, &vp))
    {
      g_autofree char *text = g_strdup_printf ("%d", vp);
      gtk_editable_set_text (GTK_EDITABLE (row), text);
    }
  gtk_widget_set_tooltip_text (GTK_WIDGET (row),
                               _("The rulebook does not state this Goal’s condition: type in "
                                 "the points it gives; leave empty to clear them"));
  name = g_strdup_printf ("goal-%s-%u", goal, wizard);
  gtk_widget_set_name (GTK_WIDGET (row), name);
  connect_row (row, "apply", G_CALLBACK (goal_apply_cb), self, goal, wizard);
  return GTK_WIDGET (row);
}

static void
goal_vp_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  PenScorePage *self = PEN_SCORE_PAGE (widget);
  const char *goal;
  int wizard, vp;

  g_variant_get (param, "(i&si)", &wizard, &goal, &vp);
  pen_section_submit_new (PEN_SECTION (self), pen_action_new_goal_vp (wizard, goal, vp));
}

/* ---- numbers the rulebook does not print ---- */

static void
toast (PenScorePage *self,
       const char   *message)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (message));
  else
    g_message ("%s", message);
}

static void
set_user_value (PenScorePage *self,
                const char   *card,
                const char   *field,
                JsonNode     *value)
{
  g_autoptr(GError) error = NULL;

  if (!pen_catalog_set_user_value (pen_catalog_get_default (), card, field, value, &error))
    toast (self, error->message);
  /* the catalogue's items-changed refreshes the page */
}

static void
vp_apply_cb (AdwEntryRow *row,
             RowData     *d)
{
  PenScorePage *self = d->self;
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
  const char *card = d->key;
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_VALUE);
  gint64 vp;

  if (!g_ascii_string_to_signed (text, 10, -20, 50, &vp, NULL))
    {
      gtk_widget_add_css_class (GTK_WIDGET (row), "error");
      return;
    }
  json_node_set_int (node, vp);
  set_user_value (self, card, "vp", node);
}

static void
symbols_save_cb (GtkButton *button,
                 RowData   *d)
{
  PenScorePage *self = d->self;
  GtkSpinButton **spins = d->spins;
  const char *card = d->key;
  g_autoptr(JsonArray) array = json_array_new ();
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_ARRAY);

  for (guint s = 0; s < PEN_N_SYMBOLS; s++)
    for (int n = gtk_spin_button_get_value_as_int (spins[s]); n > 0; n--)
      json_array_add_string_element (array, pen_symbol_to_string (s));
  json_node_set_array (node, array);
  set_user_value (self, card, "symbols", node);
}

static void
add_unknown_row (PenScorePage *self,
                 GtkWidget    *row)
{
  adw_preferences_group_add (self->unknown_group, row);
  g_ptr_array_add (self->unknown_rows, row);
}

static void
cell_vp_apply_cb (AdwEntryRow *row,
                  RowData     *d)
{
  PenScorePage *self = d->self;
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
  guint cell = d->number;
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_VALUE);
  g_autoptr(GError) error = NULL;
  gint64 vp;

  if (!g_ascii_string_to_signed (text, 10, 0, 50, &vp, NULL))
    {
      gtk_widget_add_css_class (GTK_WIDGET (row), "error");
      return;
    }
  json_node_set_int (node, vp);
  if (!pen_board_layout_set_user_value (pen_board_layout_get_default (), cell, "vp", node,
                                        &error))
    toast (self, error->message);
}

/* The cells under the wizards' Marks whose points the rulebook does not print */
static void
update_unknown_cells (PenScorePage *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));
  PenBoardLayout *layout = pen_board_layout_get_default ();
  gboolean seen[PEN_MARK_CELLS] = { FALSE, };

  for (guint p = 0; p < pen_table_get_n_players (table); p++)
    {
      GListModel *marks = pen_wizard_get_marks (pen_table_get_wizard (table, p));

      for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
        {
          g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
          guint cell = pen_mark_get_cell (mark);

          if (cell < PEN_MARK_CELLS && pen_board_layout_get_vp (layout, cell) < 0)
            seen[cell] = TRUE;
        }
    }
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    {
      AdwEntryRow *row;
      g_autofree char *title = NULL;

      if (!seen[cell])
        continue;
      row = ADW_ENTRY_ROW (adw_entry_row_new ());
      /* Translators: an entry for the victory points printed under a cell of the board */
      title = g_strdup_printf (_("Board cell %u: victory points under it"), cell + 1);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_entry_row_set_show_apply_button (row, TRUE);
      adw_entry_row_set_input_purpose (row, GTK_INPUT_PURPOSE_DIGITS);
      connect_row (row, "apply", G_CALLBACK (cell_vp_apply_cb), self, NULL, cell);
      add_unknown_row (self, GTK_WIDGET (row));
    }
}

static void
update_unknown (PenScorePage *self,
                GPtrArray    *unknown)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  PenCatalog *catalog = pen_catalog_get_default ();

  for (guint i = 0; i < self->unknown_rows->len; i++)
    adw_preferences_group_remove (self->unknown_group, g_ptr_array_index (self->unknown_rows, i));
  g_ptr_array_set_size (self->unknown_rows, 0);

  for (guint i = 0; unknown != NULL && i < unknown->len; i++)
    {
      const char *id = g_ptr_array_index (unknown, i);
      PenCard *card = pen_catalog_lookup (catalog, id);
      const char *name = pen_turn_card_name (id);

      if (card == NULL || !g_hash_table_add (seen, (gpointer) id))
        continue;
      if (!pen_card_is_known (card, "vp"))
        {
          AdwEntryRow *row = ADW_ENTRY_ROW (adw_entry_row_new ());
          /* Translators: an entry for a card's printed victory points */
          g_autofree char *title = g_strdup_printf (_("%s: victory points"), name);
          g_autofree char *widget_name = g_strdup_printf ("vp-%s", id);

          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
          adw_entry_row_set_show_apply_button (row, TRUE);
          adw_entry_row_set_input_purpose (row, GTK_INPUT_PURPOSE_NUMBER);
          gtk_widget_set_name (GTK_WIDGET (row), widget_name);
          connect_row (row, "apply", G_CALLBACK (vp_apply_cb), self, id, 0);
          add_unknown_row (self, GTK_WIDGET (row));
        }
      if (!pen_card_is_known (card, "symbols"))
        {
          g_autofree char *key = g_strdup_printf ("symbols:%s", id);
          g_autofree char *title = g_strdup_printf (_("%s: experience symbols"), name);
          AdwExpanderRow *row = new_expander (self, key, title,
                                              _("How many of each symbol the card shows"));
          GtkSpinButton **spins = g_new0 (GtkSpinButton *, PEN_N_SYMBOLS);
          GtkWidget *save = gtk_button_new_with_mnemonic (_("_Save Symbols"));
          AdwActionRow *save_row = ADW_ACTION_ROW (adw_action_row_new ());
          g_autofree char *widget_name = g_strdup_printf ("symbols-%s", id);

          for (guint s = 0; s < PEN_N_SYMBOLS; s++)
            {
              AdwActionRow *srow = ADW_ACTION_ROW (adw_action_row_new ());
              GtkWidget *spin = gtk_spin_button_new_with_range (0, 6, 1);
              g_autofree char *spin_name = NULL;

              adw_preferences_row_set_title (ADW_PREFERENCES_ROW (srow), pen_symbol_get_label (s));
              gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
              gtk_accessible_update_property (GTK_ACCESSIBLE (spin),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL,
                                              pen_symbol_get_label (s), -1);
              spin_name = g_strdup_printf ("%s-%s", widget_name, pen_symbol_to_string (s));
              gtk_widget_set_name (spin, spin_name);
              adw_action_row_add_suffix (srow, spin);
              adw_action_row_set_activatable_widget (srow, spin);
              spins[s] = GTK_SPIN_BUTTON (spin);
              adw_expander_row_add_row (row, GTK_WIDGET (srow));
            }
          gtk_widget_set_valign (save, GTK_ALIGN_CENTER);
          gtk_widget_add_css_class (save, "suggested-action");
          gtk_widget_set_name (save, widget_name);
          connect_row (save, "clicked", G_CALLBACK (symbols_save_cb), self, id, 0)->spins = spins;
          adw_action_row_add_suffix (save_row, save);
          adw_expander_row_add_row (row, GTK_WIDGET (save_row));
          add_unknown_row (self, GTK_WIDGET (row));
        }
    }
  update_unknown_cells (self);
  gtk_widget_set_visible (GTK_WIDGET (self->unknown_group), self->unknown_rows->len > 0);
}

/* ---- the sheet ---- */

static GtkWidget *
rank_card (const PenScoreResult *result,
           gboolean              tied)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *place = tied ? g_strdup_printf (_("Place %u, tied"), result->place)
                                : g_strdup_printf (_("Place %u"), result->place);
  g_autofree char *total = g_strdup_printf ("%d", result->total);
  g_autofree char *points = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point",
                                                          "%d points", result->total),
                                             result->total);
  g_autofree char *a11y = g_strdup_printf ("%s: %s, %s", place, result->name, points);
  GtkWidget *place_label = gtk_label_new (place);
  GtkWidget *name_label = gtk_label_new (result->name);
  GtkWidget *total_label = gtk_label_new (total);
  GtkWidget *unit_label = gtk_label_new (g_dngettext (GETTEXT_PACKAGE, "point", "points",
                                                      result->total));

  gtk_widget_add_css_class (box, "card");
  gtk_widget_add_css_class (box, "rank-card");
  if (result->place == 1)
    gtk_widget_add_css_class (box, "first");
  gtk_widget_add_css_class (place_label, "caption-heading");
  gtk_widget_add_css_class (place_label, "rank-place");
  gtk_widget_add_css_class (name_label, "title-4");
  gtk_widget_add_css_class (name_label, "rank-name");
  gtk_label_set_ellipsize (GTK_LABEL (name_label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (total_label, "title-1");
  gtk_widget_add_css_class (total_label, "rank-total");
  gtk_widget_add_css_class (total_label, "numeric");
  gtk_widget_add_css_class (unit_label, "dim-label");
  gtk_box_append (GTK_BOX (box), place_label);
  gtk_box_append (GTK_BOX (box), name_label);
  gtk_box_append (GTK_BOX (box), total_label);
  gtk_box_append (GTK_BOX (box), unit_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
  return box;
}

static int
compare_hints (gconstpointer a,
               gconstpointer b)
{
  const PenScoreHint *x = *(PenScoreHint * const *) a;
  const PenScoreHint *y = *(PenScoreHint * const *) b;

  return y->gain - x->gain;
}

static char *
category_summary (const PenScoreResult *result,
                  PenScoreCategory      category,
                  guint                 n_items)
{
  if (category == PEN_SCORE_EXPERIENCE && result->sets_of_six > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u set of six symbols",
                                         "%u sets of six symbols", result->sets_of_six),
                            result->sets_of_six);
  if (category == PEN_SCORE_FATE)
    return g_strdup_printf (_("Light %u, Darkness %u"), result->light, result->dark);
  if (n_items == 0)
    return g_strdup (_("Nothing yet"));
  return NULL;
}

/* The Board's points, Mark by Mark: the figure printed under each cell that holds one */
static void
add_board_rows (PenScorePage   *self,
                AdwExpanderRow *expander,
                guint           wizard)
{
  PenWizard *w = pen_table_get_wizard (pen_section_get_table (PEN_SECTION (self)), wizard);
  GListModel *marks = pen_wizard_get_marks (w);
  PenBoardLayout *layout = pen_board_layout_get_default ();

  for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
      guint cell = pen_mark_get_cell (mark);
      int vp = pen_board_layout_get_vp (layout, cell);
      AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
      /* Translators: a Mark's name, then its cell: "Ruby Mark, cell 2" */
      g_autofree char *title = g_strdup_printf (_("%s, cell %u"),
                                                pen_mark_kind_get_mark_name (
                                                  pen_mark_get_kind (mark)),
                                                cell + 1);

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      if (vp < 0)
        {
          GtkWidget *unknown = gtk_label_new ("?");

          adw_action_row_set_subtitle (row, _("The points under this cell are not typed in yet; "
                                              "they count 0"));
          gtk_widget_add_css_class (unknown, "score-points");
          adw_action_row_add_suffix (row, unknown);
        }
      else
        adw_action_row_add_suffix (row, points_label (vp));
      adw_expander_row_add_row (expander, GTK_WIDGET (row));
    }
}

static GtkWidget *
player_group (PenScorePage         *self,
              const PenScoreResult *result,
              guint                 wizard,
              GPtrArray            *goals_by_hand,
              gboolean              tied)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  g_autofree char *description = NULL;
  g_autoptr(GPtrArray) hints = g_ptr_array_new ();
  g_autoptr(GPtrArray) empty = g_ptr_array_new ();
  PenWizard *w = pen_table_get_wizard (pen_section_get_table (PEN_SECTION (self)), wizard);
  guint n_marks = g_list_model_get_n_items (pen_wizard_get_marks (w));
  g_autofree char *total_text = g_strdup_printf ("%d", result->total);
  GtkWidget *total = gtk_label_new (total_text);

  {
    g_autofree char *points = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point",
                                                            "%d points", ABS (result->total)),
                                               result->total);
    /* Translators: "Place 2, tied · 11 points" */
    description = tied ? g_strdup_printf (_("Place %u, tied · %s"), result->place, points)
                       : g_strdup_printf (_("Place %u · %s"), result->place, points);
  }
  adw_preferences_group_set_title (group, result->name);
  adw_preferences_group_set_description (group, description);
  gtk_widget_add_css_class (total, "title-3");
  gtk_widget_add_css_class (total, "numeric");
  gtk_widget_set_valign (total, GTK_ALIGN_CENTER);
  adw_preferences_group_set_header_suffix (group, total);

  for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
    {
      g_autofree char *key = g_strdup_printf ("%u:%u", wizard, c);
      g_autofree char *summary = NULL;
      AdwExpanderRow *row;
      guint n_items = 0;
      gboolean open = FALSE;

      for (guint i = 0; i < result->items->len; i++)
        {
          const PenScoreItem *item = g_ptr_array_index (result->items, i);
          if (item->category == c)
            {
              n_items++;
              open |= item->open;
            }
        }
      if (n_items == 0 && result->points[c] == 0
          && (c != PEN_SCORE_GOALS || goals_by_hand->len == 0)
          && (c != PEN_SCORE_BOARD || n_marks == 0))
        {
          g_ptr_array_add (empty, (gpointer) pen_score_category_get_label (c));
          continue;
        }
      summary = category_summary (result, c, n_items);
      row = new_expander (self, key, pen_score_category_get_label (c), summary);
      /* the action area packs from the end: the figure stays in the rightmost column */
      adw_expander_row_add_action (row, points_label (result->points[c]));
      if (open)
        adw_expander_row_add_action (row, open_tag ());
      for (guint i = 0; i < result->items->len; i++)
        {
          const PenScoreItem *item = g_ptr_array_index (result->items, i);
          if (item->category == c)
            adw_expander_row_add_row (row, item_row (item));
        }
      if (c == PEN_SCORE_BOARD && n_marks > 0)
        {
          g_autofree char *marks = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                 "%u Mark on the board",
                                                                 "%u Marks on the board",
                                                                 n_marks), n_marks);
          adw_expander_row_set_subtitle (row, marks);
          add_board_rows (self, row, wizard);
        }
      if (c == PEN_SCORE_GOALS)
        for (guint g = 0; g < goals_by_hand->len; g++)
          adw_expander_row_add_row (row, goal_entry_row (self, wizard,
                                                         g_ptr_array_index (goals_by_hand, g)));
      adw_preferences_group_add (group, GTK_WIDGET (row));
    }
  if (empty->len > 0)
    {
      /* the categories without a single item share one row, to keep the sheet short */
      AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
      g_autofree char *list = NULL;

      g_ptr_array_add (empty, NULL);
      list = g_strjoinv (", ", (char **) empty->pdata);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No points yet"));
      adw_action_row_set_subtitle (row, list);
      adw_action_row_set_subtitle_lines (row, 0);
      adw_action_row_add_suffix (row, points_label (0));
      gtk_widget_add_css_class (GTK_WIDGET (row), "dim-label");
      adw_preferences_group_add (group, GTK_WIDGET (row));
    }

  for (guint i = 0; i < result->hints->len; i++)
    {
      PenScoreHint *hint = g_ptr_array_index (result->hints, i);
      if (hint->gain > 0)
        g_ptr_array_add (hints, hint);
    }
  if (hints->len > 0)
    {
      g_autofree char *key = g_strdup_printf ("%u:hints", wizard);
      const PenScoreHint *best;
      AdwExpanderRow *row;

      g_ptr_array_sort (hints, compare_hints);
      best = g_ptr_array_index (hints, 0);
      row = new_expander (self, key, _("Hints"), best->text);
      adw_expander_row_set_icon_name (row, "dialog-information-symbolic");
      for (guint i = 0; i < hints->len; i++)
        {
          const PenScoreHint *hint = g_ptr_array_index (hints, i);
          AdwActionRow *hrow = ADW_ACTION_ROW (adw_action_row_new ());

          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (hrow), FALSE);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (hrow), hint->text);
          adw_action_row_set_title_lines (hrow, 0);
          if (hint->completes_set)
            adw_action_row_set_subtitle (hrow, _("Completes a set of six"));
          if (hint->open)
            adw_action_row_add_suffix (hrow, open_tag ());
          adw_action_row_add_suffix (hrow, points_label (hint->gain));
          adw_expander_row_add_row (row, GTK_WIDGET (hrow));
        }
      adw_preferences_group_add (group, GTK_WIDGET (row));
    }
  return GTK_WIDGET (group);
}

static void
update_archive_state (PenScorePage *self)
{
  if (self->archived)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->archive_row),
                                     _("Kept in the Archive"));
      adw_action_row_set_subtitle (self->archive_row,
                                   _("This sheet is saved with the finished games"));
      adw_action_row_set_icon_name (self->archive_row, "emblem-ok-symbolic");
      gtk_button_set_label (GTK_BUTTON (self->archive_button), _("Show _Archive"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->archive_button),
                                      "score.show-archive");
      gtk_widget_remove_css_class (self->archive_button, "suggested-action");
    }
  else
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->archive_row),
                                     _("Not in the Archive"));
      adw_action_row_set_subtitle (self->archive_row,
                                   _("Keep this sheet with the finished games"));
      adw_action_row_set_icon_name (self->archive_row, "document-save-symbolic");
      gtk_button_set_label (GTK_BUTTON (self->archive_button), _("_Archive"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->archive_button), "score.archive");
      gtk_widget_add_css_class (self->archive_button, "suggested-action");
    }
}

static gboolean
archive_sheet (PenScorePage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenArchiveEntry) entry = NULL;
  g_autofree char *path = save_path (self);

  if (self->sheet == NULL)
    return FALSE;
  entry = pen_archive_add (archive_dir (self), NULL, self->sheet, path, &error);
  if (entry == NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("The game could not be archived: %s"),
                                              error->message);
      toast (self, msg);
      return FALSE;
    }
  self->archived = TRUE;
  update_archive_state (self);
  refresh_archive (self);
  return TRUE;
}

static void
pen_score_page_position_changed (PenSection *section)
{
  PenScorePage *self = PEN_SCORE_PAGE (section);
  PenTable *table;
  g_autoptr(GPtrArray) unknown = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) goals_by_hand = g_ptr_array_new ();
  g_autoptr(PenScoreRules) rules = pen_score_rules_new_default ();
  PenScoreInput *input;
  GListModel *in_play;
  PenPhase phase;
  gboolean ended;

  g_clear_pointer (&self->sheet, pen_score_sheet_free);
  if (pen_section_get_game (PEN_SECTION (self)) == NULL)
    {
      gtk_stack_set_visible_child_name (self->sheet_stack, "empty");
      pen_score_chart_set_sheet (self->chart, NULL);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "score.export-csv", FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "score.export-png", FALSE);
      return;
    }
  gtk_stack_set_visible_child_name (self->sheet_stack, "sheet");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "score.export-csv", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "score.export-png", TRUE);

  table = pen_section_get_table (PEN_SECTION (self));
  input = pen_show_score_input (table, unknown);
  self->sheet = pen_score_compute (input);
  pen_score_input_free (input);
  phase = pen_table_get_phase (table);
  /* the game is over: first the numbers still unknown, all players' at once, then the score */
  if (phase != PEN_PHASE_ENDED)
    self->end_sheet_done = FALSE;
  else if (!self->end_sheet_done)
    {
      g_autoptr(GPtrArray) missing = pen_box_list_unknown_numbers (table);

      pen_section_set_game (PEN_SECTION (self->end_sheet), pen_section_get_game (section));
      if (missing->len > 0)
        gtk_stack_set_visible_child_name (self->sheet_stack, "missing");
    }
  ended = phase == PEN_PHASE_ENDED;

  /* the Goals in play whose points are typed in */
  in_play = pen_table_get_in_play (table);
  for (guint i = 0; i < g_list_model_get_n_items (in_play); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (in_play, i);
      const char *id = pen_table_card_get_card_id (tc);
      const PenScoreGoalRule *rule = pen_score_rules_get_goal (rules, id);

      if (g_strcmp0 (pen_table_card_get_zone (tc), "goal") == 0
          && (rule == NULL || !rule->computed))
        g_ptr_array_add (goals_by_hand, (gpointer) id);
    }

  /* nothing to redraw when the sheet shows the same as before (a die flip, most often) */
  {
    g_autoptr(JsonNode) node = pen_score_sheet_to_json (self->sheet, TRUE);
    g_autofree char *json = pen_json_to_string (node, FALSE);
    g_autoptr(GString) key = g_string_new (json);

    g_string_append_printf (key, "|%d", phase);
    for (guint i = 0; i < unknown->len; i++)
      g_string_append_printf (key, "|%s", (const char *) g_ptr_array_index (unknown, i));
    g_string_append_c (key, '|');
    for (guint i = 0; i < goals_by_hand->len; i++)
      g_string_append_printf (key, "|%s", (const char *) g_ptr_array_index (goals_by_hand, i));
    if (g_strcmp0 (self->shown, key->str) == 0)
      goto archive;
    g_free (self->shown);
    self->shown = g_string_free (g_steal_pointer (&key), FALSE);
  }

  gtk_label_set_label (self->title_label, ended ? _("Final Scores") : _("Running Score"));
  if (ended)
    gtk_label_set_label (self->subtitle_label, _("The game is over. Players with the same total "
                                                 "share a place: the rulebook names no "
                                                 "tiebreak."));
  else if (phase == PEN_PHASE_FINAL_ROUND)
    gtk_label_set_label (self->subtitle_label, _("The final round is on. The score counts what "
                                                 "is on the table now."));
  else
    gtk_label_set_label (self->subtitle_label, _("The score as the table stands now; it follows "
                                                 "every move, undo included."));

  pen_widget_remove_all (GTK_WIDGET (self->ranking_box));
  for (guint g = 0; g < self->sheet->ranking->len; g++)
    {
      GPtrArray *group = g_ptr_array_index (self->sheet->ranking, g);

      for (guint j = 0; j < group->len; j++)
        gtk_flow_box_append (self->ranking_box, rank_card (g_ptr_array_index (group, j),
                                                           group->len > 1));
    }
  pen_score_chart_set_sheet (self->chart, self->sheet);

  pen_widget_remove_all (GTK_WIDGET (self->players_box));
  for (guint g = 0; g < self->sheet->ranking->len; g++)
    {
      GPtrArray *group = g_ptr_array_index (self->sheet->ranking, g);

      for (guint j = 0; j < group->len; j++)
        {
          const PenScoreResult *result = g_ptr_array_index (group, j);
          guint wizard = 0;

          g_ptr_array_find (self->sheet->results, result, &wizard);
          gtk_box_append (self->players_box, player_group (self, result, wizard, goals_by_hand,
                                                           group->len > 1));
        }
    }
  update_unknown (self, unknown);

archive:
  /* the end of the game: keep its sheet, once */
  if (ended)
    {
      g_autofree char *path = save_path (self);

      self->archived = pen_archive_contains (archive_dir (self), self->sheet, path);
      if (!self->archived && self->last_phase != PEN_PHASE_ENDED)
        archive_sheet (self);
      update_archive_state (self);
    }
  gtk_widget_set_visible (self->final_list, ended);
  self->last_phase = phase;
}

static void
catalog_changed_cb (PenScorePage *self)
{
  g_clear_pointer (&self->shown, g_free);
  pen_section_queue_refresh (PEN_SECTION (self));
}

/* ---- the archive ---- */

static char *
sheet_summary (JsonNode *sheet,
               gboolean  categories,
               guint     index)
{
  JsonArray *players = json_object_get_array_member (json_node_get_object (sheet), "players");
  JsonObject *p = json_array_get_object_element (players, index);
  GString *s = g_string_new (NULL);

  if (!categories)
    return g_string_free (s, FALSE);
  for (guint c = 0; c < PEN_N_SCORE_CATEGORIES; c++)
    {
      const char *key = pen_score_category_to_string (c);
      gint64 v = json_object_has_member (p, key) ? json_object_get_int_member (p, key) : 0;

      if (v == 0)
        continue;
      g_string_append_printf (s, "%s%s %+d", s->len ? ", " : "", pen_score_category_get_label (c),
                              (int) v);
    }
  return g_string_free (s, FALSE);
}

static GtkWidget *
archive_entry_row (PenScorePage    *self,
                   PenArchiveEntry *entry)
{
  g_autoptr(GDateTime) local = g_date_time_to_local (entry->date);
  g_autofree char *date = g_date_time_format (local, "%x %H:%M");
  JsonObject *sheet = json_node_get_object (entry->sheet);
  JsonArray *players = json_object_get_array_member (sheet, "players");
  GString *subtitle = g_string_new (NULL);
  g_autofree char *key = NULL;
  g_autofree char *sub = NULL;
  AdwExpanderRow *row;
  g_autoptr(GPtrArray) order = g_ptr_array_new ();

  /* players best first: the sheet's "place" (details), else as stored */
  for (guint i = 0; i < json_array_get_length (players); i++)
    g_ptr_array_add (order, json_array_get_object_element (players, i));
  for (guint i = 1; i < order->len; i++)
    for (guint j = i; j > 0; j--)
      {
        JsonObject *a = g_ptr_array_index (order, j - 1), *b = g_ptr_array_index (order, j);
        if (json_object_get_int_member_with_default (a, "total", 0)
            >= json_object_get_int_member_with_default (b, "total", 0))
          break;
        g_ptr_array_index (order, j - 1) = b;
        g_ptr_array_index (order, j) = a;
      }
  for (guint i = 0; i < order->len; i++)
    {
      JsonObject *p = g_ptr_array_index (order, i);
      g_string_append_printf (subtitle, "%s%s %d", i ? " · " : "",
                              json_object_get_string_member_with_default (p, "name", "?"),
                              (int) json_object_get_int_member_with_default (p, "total", 0));
    }
  key = g_file_get_basename (entry->file);
  sub = g_string_free (subtitle, FALSE);
  row = new_expander (self, key, date, sub);
  for (guint i = 0; i < order->len; i++)
    {
      JsonObject *p = g_ptr_array_index (order, i);
      AdwActionRow *prow = ADW_ACTION_ROW (adw_action_row_new ());
      guint index = 0;
      g_autofree char *detail = NULL;
      int total = json_object_get_int_member_with_default (p, "total", 0);

      for (guint k = 0; k < json_array_get_length (players); k++)
        if (json_array_get_object_element (players, k) == p)
          index = k;
      detail = sheet_summary (entry->sheet, TRUE, index);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (prow), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (prow),
                                     json_object_get_string_member_with_default (p, "name", "?"));
      adw_action_row_set_subtitle (prow, *detail ? detail : _("No points"));
      adw_action_row_set_subtitle_lines (prow, 0);
      adw_action_row_add_suffix (prow, points_label (total));
      adw_expander_row_add_row (row, GTK_WIDGET (prow));
    }
  return GTK_WIDGET (row);
}

static void
refresh_archive (PenScorePage *self)
{
  g_autoptr(GPtrArray) skipped = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  AdwPreferencesGroup *group;

  pen_widget_remove_all (GTK_WIDGET (self->archive_box));
  entries = pen_archive_list (archive_dir (self), skipped, &error);
  if (entries == NULL || entries->len == 0)
    {
      GtkWidget *status = adw_status_page_new ();

      adw_status_page_set_icon_name (ADW_STATUS_PAGE (status), "folder-symbolic");
      adw_status_page_set_title (ADW_STATUS_PAGE (status), _("No Finished Games Yet"));
      adw_status_page_set_description (ADW_STATUS_PAGE (status),
                                       error ? error->message
                                             : _("Every game that ends is kept here with its "
                                                 "score sheet."));
      gtk_box_append (self->archive_box, status);
    }
  else
    {
      g_autofree char *description =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game, newest first",
                                      "%u games, newest first", entries->len), entries->len);

      group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      adw_preferences_group_set_title (group, _("Finished Games"));
      adw_preferences_group_set_description (group, description);
      for (guint i = 0; i < entries->len; i++)
        adw_preferences_group_add (group, archive_entry_row (self,
                                                             g_ptr_array_index (entries, i)));
      gtk_box_append (self->archive_box, GTK_WIDGET (group));
    }
  if (skipped->len > 0)
    {
      g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "%u file could not be read",
                                                             "%u files could not be read",
                                                             skipped->len), skipped->len);
      AdwExpanderRow *row = new_expander (self, "skipped", title,
                                          _("They were left as they are"));

      group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      adw_expander_row_set_icon_name (row, "dialog-warning-symbolic");
      for (guint i = 0; i < skipped->len; i++)
        {
          AdwActionRow *srow = ADW_ACTION_ROW (adw_action_row_new ());

          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (srow), FALSE);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (srow),
                                         g_ptr_array_index (skipped, i));
          adw_action_row_set_title_lines (srow, 0);
          adw_expander_row_add_row (row, GTK_WIDGET (srow));
        }
      adw_preferences_group_add (group, GTK_WIDGET (row));
      gtk_box_append (self->archive_box, GTK_WIDGET (group));
    }
}

static void
stack_changed_cb (PenScorePage *self)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "archive") == 0)
    refresh_archive (self);
}

static void
archive_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  archive_sheet (PEN_SCORE_PAGE (widget));
}

static void
show_archive_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *param)
{
  PenScorePage *self = PEN_SCORE_PAGE (widget);

  gtk_stack_set_visible_child_name (self->stack, "archive");
}

/* ---- exports ---- */

gboolean
pen_score_page_export_csv (PenScorePage *self,
                           GFile        *file,
                           GError      **error)
{
  g_autofree char *csv = NULL;

  g_return_val_if_fail (PEN_IS_SCORE_PAGE (self), FALSE);

  if (self->sheet == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, _("There is no score sheet to export"));
      return FALSE;
    }
  csv = pen_score_sheet_to_csv (self->sheet, TRUE);
  return g_file_replace_contents (file, csv, strlen (csv), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

gboolean
pen_score_page_export_png (PenScorePage *self,
                           GFile        *file,
                           GError      **error)
{
  const int pad = 24;
  GtkWidget *area;
  int width, height;
  GtkNative *native;
  GskRenderer *renderer;
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GBytes) png = NULL;
  GdkRGBA fg, bg;

  g_return_val_if_fail (PEN_IS_SCORE_PAGE (self), FALSE);

  area = self->export_area;
  width = gtk_widget_get_width (area);
  height = gtk_widget_get_height (area);
  native = gtk_widget_get_native (area);
  if (self->sheet == NULL || native == NULL || !gtk_widget_get_mapped (area) || width <= 0
      || height <= 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED,
                   _("The score sheet must be on screen to be exported as an image"));
      return FALSE;
    }
  renderer = gtk_native_get_renderer (native);

  /* the sheet has no background of its own: give it the window's, light or dark */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (area), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  bg = 0.299 * fg.red + 0.587 * fg.green + 0.114 * fg.blue > 0.5
       ? (GdkRGBA) { 0.14, 0.14, 0.14, 1 } : (GdkRGBA) { 0.98, 0.98, 0.98, 1 };

  paintable = gtk_widget_paintable_new (area);
  snapshot = gtk_snapshot_new ();
  gtk_snapshot_append_color (snapshot, &bg,
                             &GRAPHENE_RECT_INIT (0, 0, width + 2 * pad, height + 2 * pad));
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (pad, pad));
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, _("Nothing was drawn"));
      return FALSE;
    }
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width + 2 * pad,
                                                              height + 2 * pad));
  png = gdk_texture_save_to_png_bytes (texture);
  return g_file_replace_contents (file, g_bytes_get_data (png, NULL), g_bytes_get_size (png),
                                  NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL,
                                  error);
}

static void
chooser_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     PenScorePage    *self)
{
  gboolean png = self->export_png;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_clear_object (&self->chooser);
  if (file == NULL)
    return;
  if (png ? pen_score_page_export_png (self, file, &error)
          : pen_score_page_export_csv (self, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *msg = g_strdup_printf (_("Saved %s"), name);
      toast (self, msg);
    }
  else
    {
      g_autofree char *msg = g_strdup_printf (_("Could not export: %s"), error->message);
      toast (self, msg);
    }
}

static void
open_chooser (PenScorePage *self,
              gboolean      png)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stem = g_date_time_format (now, "score-%Y-%m-%d");
  g_autofree char *name = g_strconcat (stem, png ? ".png" : ".csv", NULL);

  if (self->sheet == NULL)
    return;
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (png ? _("Export as Image") : _("Export as CSV"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
                                               _("_Cancel"));
  gtk_file_filter_set_name (filter, png ? _("PNG images") : _("CSV spreadsheets"));
  gtk_file_filter_add_mime_type (filter, png ? "image/png" : "text/csv");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  self->export_png = png;
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
export_csv_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  open_chooser (PEN_SCORE_PAGE (widget), FALSE);
}

static void
export_png_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  PenScorePage *self = PEN_SCORE_PAGE (widget);

  /* the image is of the sheet as drawn */
  gtk_stack_set_visible_child_name (self->stack, "sheet");
  open_chooser (self, TRUE);
}

/* ---- the object ---- */

const PenScoreSheet *
pen_score_page_get_sheet (PenScorePage *self)
{
  g_return_val_if_fail (PEN_IS_SCORE_PAGE (self), NULL);

  return self->sheet;
}

void
pen_score_page_set_archive_dir (PenScorePage *self,
                                GFile        *dir)
{
  g_return_if_fail (PEN_IS_SCORE_PAGE (self));

  g_set_object (&self->archive_dir, dir);
  refresh_archive (self);
}

/* The end of the game is archived when it comes, whether the page is in view or not */
static void
position_cb (PenScorePage *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));

  if (table != NULL && pen_section_get_stale (PEN_SECTION (self))
      && pen_table_get_phase (table) == PEN_PHASE_ENDED && self->last_phase != PEN_PHASE_ENDED)
    pen_score_page_position_changed (PEN_SECTION (self));
}

static void
pen_score_page_game_set (PenSection *section,
                         PenGame    *game)
{
  PenScorePage *self = PEN_SCORE_PAGE (section);

  g_hash_table_remove_all (self->expanded);
  g_clear_pointer (&self->shown, g_free);
  /* a game opened after its end is not archived again by opening it */
  self->last_phase = game ? pen_table_get_phase (pen_game_get_table (game)) : PEN_PHASE_PLAYING;
  if (game != NULL)
    g_signal_connect_object (game, "notify::position", G_CALLBACK (position_cb), self,
                             G_CONNECT_SWAPPED);
}

PenGame *
pen_score_page_get_game (PenScorePage *self)
{
  return pen_section_get_game (PEN_SECTION (self));
}

void
pen_score_page_set_game (PenScorePage *self,
                         PenGame      *game)
{
  pen_section_set_game (PEN_SECTION (self), game);
}

static void
pen_score_page_dispose (GObject *object)
{
  PenScorePage *self = PEN_SCORE_PAGE (object);

  g_clear_signal_handler (&self->catalog_handler, pen_catalog_get_default ());
  g_clear_signal_handler (&self->layout_handler, pen_board_layout_get_default ());
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_SCORE_PAGE);

  G_OBJECT_CLASS (pen_score_page_parent_class)->dispose (object);
}

static void
pen_score_page_finalize (GObject *object)
{
  PenScorePage *self = PEN_SCORE_PAGE (object);

  g_clear_pointer (&self->sheet, pen_score_sheet_free);
  g_clear_pointer (&self->shown, g_free);
  g_clear_object (&self->archive_dir);
  g_clear_pointer (&self->unknown_rows, g_ptr_array_unref);
  g_clear_pointer (&self->expanded, g_hash_table_unref);

  G_OBJECT_CLASS (pen_score_page_parent_class)->finalize (object);
}



static void
pen_score_page_class_init (PenScorePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  section_class->game_set = pen_score_page_game_set;
  section_class->position_changed = pen_score_page_position_changed;

  object_class->dispose = pen_score_page_dispose;
  object_class->finalize = pen_score_page_finalize;


  g_type_ensure (PEN_TYPE_SCORE_CHART);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-score-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, stack);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, sheet_stack);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, export_area);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, title_label);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, final_list);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, archive_row);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, archive_button);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, ranking_box);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, chart);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, players_box);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, unknown_group);
  gtk_widget_class_bind_template_child (widget_class, PenScorePage, archive_box);
  gtk_widget_class_bind_template_callback (widget_class, stack_changed_cb);

  /* (wizard, goal id, points); points below 0 clear them */
  gtk_widget_class_install_action (widget_class, "score.goal-vp", "(isi)", goal_vp_activated);
  gtk_widget_class_install_action (widget_class, "score.archive", NULL, archive_activated);
  gtk_widget_class_install_action (widget_class, "score.show-archive", NULL,
                                   show_archive_activated);
  gtk_widget_class_install_action (widget_class, "score.export-csv", NULL, export_csv_activated);
  gtk_widget_class_install_action (widget_class, "score.export-png", NULL, export_png_activated);
}

static void
end_sheet_done_cb (PenScorePage *self)
{
  self->end_sheet_done = TRUE;
  gtk_stack_set_visible_child_name (self->sheet_stack, "sheet");
}

static void
pen_score_page_init (PenScorePage *self)
{
  self->unknown_rows = g_ptr_array_new ();
  self->expanded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->last_phase = PEN_PHASE_PLAYING;
  gtk_widget_init_template (GTK_WIDGET (self));
  self->end_sheet = PEN_END_SHEET (pen_end_sheet_new ());
  gtk_stack_add_named (self->sheet_stack, GTK_WIDGET (self->end_sheet), "missing");
  pen_section_forward (PEN_SECTION (self), PEN_SECTION (self->end_sheet));
  g_signal_connect_object (self->end_sheet, "done", G_CALLBACK (end_sheet_done_cb), self,
                           G_CONNECT_SWAPPED);
  /* disconnected in dispose: the catalogue outlives the page */
  self->catalog_handler = g_signal_connect_swapped (pen_catalog_get_default (), "items-changed",
                                                    G_CALLBACK (catalog_changed_cb), self);
  self->layout_handler = g_signal_connect_swapped (pen_board_layout_get_default (), "changed",
                                                   G_CALLBACK (catalog_changed_cb), self);
  pen_section_queue_refresh (PEN_SECTION (self));
}
