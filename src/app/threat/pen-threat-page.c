/* pen-threat-page.c: the Threat helper
 *
 * One Threat roll in three steps, as the rulebook orders them: 1 Prepare (the defences that
 * discard Threat dice, Rift), 2 Roll (the app rolls, or the table rolls and the player taps the
 * faces; then "adjust" effects), 3 Distribute (automatic, with a choice only where the rules
 * leave one). The odds come from pen-threat.c and follow every change of step 1 before it is
 * committed. The whole roll is applied as ONE "threat" action, so one undo takes it all back.
 *
 * When the app rolls, the faces are read from a COPY of the game's seeded generator: the action
 * is submitted with "count" and the game draws the very same faces from its own generator when
 * it applies it. So the player can see and adjust the faces before applying, the roll is in the
 * log, and neither undo nor "start over" can give a different roll.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "pen-die-view.h"
#include "pen-json.h"
#include "pen-threat.h"
#include "pen-threat-page.h"
#include "pen-widget-utils.h"

typedef enum
{
  C_THREAT,
  C_UNCANCELLABLE,
  C_DISCARD,
  C_DEFEND,
  C_DEFEND_PLACED,
  C_RIFT,
  N_COUNTERS
} Counter;

static const char * const counter_ids[N_COUNTERS] = {
  "threat", "uncancellable", "discard", "defend", "defend-placed", "rift"
};

typedef enum
{
  ROLL_NONE,   /* still preparing */
  ROLL_APP,    /* the app rolled (from the game's generator) */
  ROLL_TABLE,  /* the table rolls; the player taps the faces */
} RollMode;

#define N_FACES 7  /* indexed by face 1..6 */
#define WHAT_IF_LINES 6

struct _PenThreatPage
{
  PenSection           parent_instance;

  GtkLabel            *title_label;
  GtkWidget           *columns;
  AdwComboRow         *wizard_row;
  AdwEntryRow         *source_row;
  AdwPreferencesGroup *board_group;
  GtkLabel            *unknown_label;
  GtkFlowBox          *supply_box;
  GtkListBox          *marks_list;
  GtkSwitch           *show_odds_switch;
  GtkWidget           *odds_box;
  GtkLabel            *odds_label;
  GtkLabel            *odds_detail_label;
  GtkDrawingArea      *chart;
  GtkLabel            *whatif_label;
  GtkLabel            *hidden_label;
  AdwPreferencesGroup *prep_group;
  GtkBox              *roll_box;
  GtkBox              *distribute_box;

  /* built in code */
  GtkWidget           *counter_rows[N_COUNTERS];
  GtkLabel            *counter_labels[N_COUNTERS];
  GtkWidget           *discard_all_row;
  GtkSwitch           *discard_all_switch;
  GtkLabel            *prep_error_label;
  GtkWidget           *prep_summary_row;
  GtkLabel            *summary_label;   /* NULL until the roll is complete */
  GtkLabel            *applied_label;

  GtkStringList       *wizard_names;
  gboolean             syncing;

  guint                wizard;
  guint                counts[N_COUNTERS];
  gboolean             discard_all;
  char                *source;

  gboolean             prep_ok;
  guint                n_dice;          /* after step 1 */
  RollMode             roll_mode;
  PenRandom            rolled_from;     /* ROLL_APP: the generator the faces came from */
  GArray              *faces;           /* guint8, as rolled */
  GArray              *adjust;          /* gint, one per die */
  GArray              *pick_die[N_FACES];  /* guint supply indices (of the prepared board) */
  GArray              *pick_mark[N_FACES]; /* guint mark indices */
  GArray              *curve;           /* PenThreatCurvePoint, NULL when there is none */
  char                *summary;
  char                *applied;
};

G_DEFINE_FINAL_TYPE (PenThreatPage, pen_threat_page, PEN_TYPE_SECTION)


static void refresh (PenThreatPage *self);

/* ---- model helpers ---------------------------------------------------------------------- */

static PenTable *
get_table (PenThreatPage *self)
{
  return pen_section_get_table (PEN_SECTION (self));
}

static PenWizard *
get_wizard (PenThreatPage *self)
{
  PenTable *table = get_table (self);

  if (table == NULL || self->wizard >= pen_table_get_n_players (table))
    return NULL;
  return pen_table_get_wizard (table, self->wizard);
}

static gboolean
hide_odds (PenThreatPage *self)
{
  PenTable *table = get_table (self);

  return table != NULL && pen_table_get_hide_odds (table);
}

/* A percentage in plain words; never "0%" for something that can happen. */
static char *
percent (double p)
{
  if (p <= 0.0)
    return g_strdup ("0%");
  if (p < 0.005)
    return g_strdup ("<1%");
  if (p > 0.995 && p < 1.0)
    return g_strdup (">99%");
  return g_strdup_printf ("%d%%", (int) floor (p * 100.0 + 0.5));
}

static void
clear_picks (PenThreatPage *self)
{
  for (guint f = 0; f < N_FACES; f++)
    {
      g_clear_pointer (&self->pick_die[f], g_array_unref);
      g_clear_pointer (&self->pick_mark[f], g_array_unref);
    }
}

/* A change of the dice showing f only unsettles the choices about face f */
static void
clear_face_picks (PenThreatPage *self,
                  guint          f)
{
  if (f < N_FACES)
    {
      g_clear_pointer (&self->pick_die[f], g_array_unref);
      g_clear_pointer (&self->pick_mark[f], g_array_unref);
    }
}

static void
reset_roll (PenThreatPage *self)
{
  self->roll_mode = ROLL_NONE;
  g_array_set_size (self->faces, 0);
  g_array_set_size (self->adjust, 0);
  clear_picks (self);
}

/* Fills prep from the page's step 1. defend_dice must hold counts[C_DEFEND] entries. */
static void
make_prep (PenThreatPage  *self,
           const PenBoard *board,
           PenThreatPrep  *prep,
           guint          *defend_dice)
{
  g_autoptr(GArray) order = pen_threat_defend_order (board);

  pen_threat_prep_init (prep, self->counts[C_THREAT]);
  prep->uncancellable = self->counts[C_UNCANCELLABLE];
  prep->discard = self->counts[C_DISCARD];
  prep->discard_all = self->discard_all;
  prep->defend_placed = self->counts[C_DEFEND_PLACED];
  prep->rift = self->counts[C_RIFT];
  /* the Yellow dice that protect least go first (pen_threat_defend_order) */
  prep->defend = MIN (self->counts[C_DEFEND], order->len);
  for (guint i = 0; i < prep->defend; i++)
    defend_dice[i] = g_array_index (order, guint, i);
  prep->defend_dice = prep->defend > 0 ? defend_dice : NULL;
}

static guint
count_yellow (const PenBoard *board)
{
  guint n = 0;

  for (guint i = 0; i < board->supply->len; i++)
    n += g_array_index (board->supply, PenDieValue, i).color == PEN_COLOR_YELLOW;
  return n;
}

static guint8
final_face (PenThreatPage *self,
            guint          i)
{
  return g_array_index (self->faces, guint8, i) + g_array_index (self->adjust, gint, i);
}

static char *
describe_die (const PenDieValue *die)
{
  /* Translators: a supply die, e.g. "the Spark 2" */
  return g_strdup_printf (_("the %s %u"), pen_color_get_label (die->color), die->value);
}

static char *
describe_mark (const PenMarkValue *mark)
{
  return g_strdup (pen_mark_kind_get_mark_definite (mark->kind));
}

/* "a", "a and b", "a, b and c" */
static char *
join_list (GPtrArray *items)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < items->len; i++)
    {
      if (i > 0)
        g_string_append (s, i + 1 == items->len ? _(" and ") : ", ");
      g_string_append (s, g_ptr_array_index (items, i));
    }
  return g_string_free (s, FALSE);
}

static char *
capitalize (char *text)
{
  if (text != NULL && *text != '\0')
    {
      gunichar c = g_unichar_toupper (g_utf8_get_char (text));
      char buf[8];
      int len = g_unichar_to_utf8 (c, buf);
      const char *rest = g_utf8_next_char (text);
      char *out = g_strdup_printf ("%.*s%s", len, buf, rest);
      g_free (text);
      return out;
    }
  return text;
}

/* The plain sentence for a resolved roll: "Lose the Spark 2 and the Bone 6; the Jasper Mark is
 * wounded; 4 and 5 miss." */
static char *
summarize (const PenBoard        *board,
           const PenThreatResult *result)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) text = g_string_new (NULL);

  if (result->lost->len > 0)
    {
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *list = NULL;

      for (guint i = 0; i < result->lost->len; i++)
        g_ptr_array_add (items, describe_die (&g_array_index (result->lost, PenThreatLostDie,
                                                              i).die));
      list = join_list (items);
      /* Translators: %s is a list of dice, "the Spark 2 and the Bone 6" */
      g_ptr_array_add (parts, g_strdup_printf (_("lose %s"), list));
    }
  if (result->wounded->len > 0)
    {
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *list = NULL;

      for (guint i = 0; i < result->wounded->len; i++)
        {
          guint m = g_array_index (result->wounded, guint, i);
          g_ptr_array_add (items, describe_mark (&g_array_index (board->marks, PenMarkValue, m)));
        }
      list = join_list (items);
      g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is wounded",
                                                            "%s are wounded",
                                                            result->wounded->len), list));
    }
  if (result->mortal_wound)
    g_ptr_array_add (parts, g_strdup (_("a Mortal Wound: every die left in the supply is "
                                        "discarded and the next turn is a Rest")));
  else if (result->n_wounded_hits > 0)
    g_ptr_array_add (parts, g_strdup (_("a die falls on a wounded Mark, but there is already a "
                                        "Mortal Wound this turn")));
  if (result->misses->len > 0)
    {
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *list = NULL;

      for (guint i = 0; i < result->misses->len; i++)
        g_ptr_array_add (items, g_strdup_printf ("%u", g_array_index (result->misses, guint8, i)));
      list = join_list (items);
      g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s misses",
                                                            "%s miss", result->misses->len),
                                               list));
    }

  if (parts->len == 0)
    return g_strdup (_("No Threat dice: nothing happens."));
  for (guint i = 0; i < parts->len; i++)
    {
      if (i > 0)
        g_string_append (text, "; ");
      g_string_append (text, g_ptr_array_index (parts, i));
    }
  if (result->lost->len == 0 && result->wounded->len == 0 && !result->mortal_wound)
    g_string_prepend (text, _("No harm: "));
  g_string_append_c (text, '.');
  return capitalize (g_string_free (g_steal_pointer (&text), FALSE));
}

/* ---- two columns or one ---------------------------------------------------------------- */

/* Libadwaita 1.2 has no breakpoints: the two columns (board | odds and steps) sit side by side
 * from this width on, and are stacked below it. A GtkBox whose layout is replaced by this
 * custom one: its minimum width stays that of ONE column, so the window can always shrink. */
#define COLUMNS_MIN_WIDE 720
#define COLUMNS_GAP 24

static void
columns_measure (GtkWidget      *widget,
                 GtkOrientation  orientation,
                 int             for_size,
                 int            *minimum,
                 int            *natural,
                 int            *minimum_baseline,
                 int            *natural_baseline)
{
  GtkWidget *a = gtk_widget_get_first_child (widget);
  GtkWidget *b = a ? gtk_widget_get_next_sibling (a) : NULL;
  int min_a = 0, nat_a = 0, min_b = 0, nat_b = 0;

  *minimum = *natural = 0;
  if (a == NULL || b == NULL)
    return;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      gtk_widget_measure (a, orientation, -1, &min_a, &nat_a, NULL, NULL);
      gtk_widget_measure (b, orientation, -1, &min_b, &nat_b, NULL, NULL);
      *minimum = MAX (min_a, min_b);
      *natural = MAX (*minimum, nat_a + nat_b + COLUMNS_GAP);
      return;
    }
  if (for_size >= COLUMNS_MIN_WIDE)
    {
      int col = (for_size - COLUMNS_GAP) / 2;
      gtk_widget_measure (a, orientation, col, &min_a, &nat_a, NULL, NULL);
      gtk_widget_measure (b, orientation, col, &min_b, &nat_b, NULL, NULL);
      *minimum = MAX (min_a, min_b);
      *natural = MAX (nat_a, nat_b);
    }
  else
    {
      gtk_widget_measure (a, orientation, for_size, &min_a, &nat_a, NULL, NULL);
      gtk_widget_measure (b, orientation, for_size, &min_b, &nat_b, NULL, NULL);
      *minimum = min_a + min_b + COLUMNS_GAP;
      *natural = nat_a + nat_b + COLUMNS_GAP;
    }
}

static void
columns_allocate (GtkWidget *widget,
                  int        width,
                  int        height,
                  int        baseline)
{
  GtkWidget *a = gtk_widget_get_first_child (widget);
  GtkWidget *b = a ? gtk_widget_get_next_sibling (a) : NULL;
  int h_a, h_b, unused;

  if (a == NULL || b == NULL)
    return;
  if (width >= COLUMNS_MIN_WIDE)
    {
      int col = (width - COLUMNS_GAP) / 2;
      gtk_widget_measure (a, GTK_ORIENTATION_VERTICAL, col, &h_a, &unused, NULL, NULL);
      gtk_widget_measure (b, GTK_ORIENTATION_VERTICAL, col, &h_b, &unused, NULL, NULL);
      gtk_widget_size_allocate (a, &(GtkAllocation) { 0, 0, col, MAX (h_a, height) }, -1);
      gtk_widget_size_allocate (b, &(GtkAllocation) { col + COLUMNS_GAP, 0, width - col
                                                      - COLUMNS_GAP, MAX (h_b, height) }, -1);
    }
  else
    {
      gtk_widget_measure (a, GTK_ORIENTATION_VERTICAL, width, &h_a, &unused, NULL, NULL);
      gtk_widget_measure (b, GTK_ORIENTATION_VERTICAL, width, &h_b, &unused, NULL, NULL);
      gtk_widget_size_allocate (a, &(GtkAllocation) { 0, 0, width, h_a }, -1);
      gtk_widget_size_allocate (b, &(GtkAllocation) { 0, h_a + COLUMNS_GAP, width,
                                                      MAX (h_b, height - h_a - COLUMNS_GAP) },
                                -1);
    }
}

static GtkSizeRequestMode
columns_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* ---- widgets built in code -------------------------------------------------------------- */

static GtkWidget *
icon_button (const char *icon,
             const char *label,
             const char *action,
             GVariant   *target)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_add_css_class (button, "circular");
  gtk_widget_add_css_class (button, "threat-touch");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), target);
  return button;
}

static void
add_counter (PenThreatPage *self,
             Counter        c,
             const char    *title,
             const char    *fewer,
             const char    *more)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *count = gtk_label_new ("0");

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_widget_add_css_class (count, "numeric");
  gtk_widget_add_css_class (count, "title-3");
  gtk_widget_add_css_class (count, "threat-count");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             icon_button ("list-remove-symbolic", fewer, "threat.change",
                                          g_variant_new ("(si)", counter_ids[c], -1)));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), count);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             icon_button ("list-add-symbolic", more, "threat.change",
                                          g_variant_new ("(si)", counter_ids[c], 1)));
  adw_preferences_group_add (self->prep_group, row);
  self->counter_rows[c] = row;
  self->counter_labels[c] = GTK_LABEL (count);
}


static GtkWidget *
wrap_label (const char *text,
            const char *css)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (css != NULL)
    gtk_widget_add_css_class (label, css);
  return label;
}

/* A black Threat die showing face; adjusted dice show where they came from. */
static GtkWidget *
threat_die_label (guint face)
{
  g_autofree char *text = g_strdup_printf ("%u", face);
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "threat-die");
  return label;
}

/* ---- refresh: the board ----------------------------------------------------------------- */

static void
refresh_wizards (PenThreatPage *self)
{
  PenTable *table = get_table (self);
  guint n = table ? pen_table_get_n_players (table) : 0;
  gboolean same = n == g_list_model_get_n_items (G_LIST_MODEL (self->wizard_names));

  for (guint i = 0; same && i < n; i++)
    same = g_strcmp0 (gtk_string_list_get_string (self->wizard_names, i),
                      pen_wizard_get_name (pen_table_get_wizard (table, i))) == 0;
  if (!same)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();

      for (guint i = 0; i < n; i++)
        g_ptr_array_add (names, (char *) pen_wizard_get_name (pen_table_get_wizard (table, i)));
      g_ptr_array_add (names, NULL);
      self->syncing = TRUE;
      gtk_string_list_splice (self->wizard_names, 0,
                              g_list_model_get_n_items (G_LIST_MODEL (self->wizard_names)),
                              (const char * const *) names->pdata);
      self->syncing = FALSE;
    }
  if (n > 0 && self->wizard >= n)
    self->wizard = 0;
  self->syncing = TRUE;
  if (n > 0 && adw_combo_row_get_selected (self->wizard_row) != self->wizard)
    adw_combo_row_set_selected (self->wizard_row, self->wizard);
  self->syncing = FALSE;
}

static void
refresh_board (PenThreatPage *self,
               PenWizard     *w)
{
  GListModel *supply = pen_wizard_get_supply (w);
  GListModel *marks = pen_wizard_get_marks (w);
  guint n_unknown = 0, n_supply;
  g_autofree char *title = g_strdup_printf (_("%s’s Board"), pen_wizard_get_name (w));
  g_autofree char *supply_title = NULL;

  adw_preferences_group_set_title (self->board_group, title);
  if (pen_wizard_get_mortal_wound_this_turn (w))
    adw_preferences_group_set_description (self->board_group,
                                           _("Already has a Mortal Wound this turn: a die on a "
                                             "wounded Mark brings no second card."));
  else
    adw_preferences_group_set_description (self->board_group, NULL);

  pen_widget_remove_all (GTK_WIDGET (self->supply_box));
  for (guint i = 0; i < g_list_model_get_n_items (supply); i++)
    {
      g_autoptr(PenDie) die = g_list_model_get_item (supply, i);
      GtkWidget *view = pen_die_view_new ();
      g_autofree char *tip = pen_die_view_describe (pen_die_get_color (die),
                                                    pen_die_get_value (die),
                                                    pen_die_get_temporary (die));

      pen_die_view_set_die (PEN_DIE_VIEW (view), pen_die_get_color (die),
                            pen_die_get_value (die), pen_die_get_temporary (die));
      gtk_widget_set_tooltip_text (view, tip);
      gtk_flow_box_append (self->supply_box, view);
      gtk_widget_set_focusable (gtk_widget_get_parent (view), FALSE);
    }
  if (g_list_model_get_n_items (supply) == 0)
    {
      GtkWidget *empty = wrap_label (_("No dice in the supply"), "dim-label");
      gtk_flow_box_append (self->supply_box, empty);
      gtk_widget_set_focusable (gtk_widget_get_parent (empty), FALSE);
    }
  n_supply = g_list_model_get_n_items (supply);
  supply_title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Supply: %u die",
                                               "Supply: %u dice", n_supply), n_supply);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->supply_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, supply_title, -1);

  pen_widget_remove_all (GTK_WIDGET (self->marks_list));
  for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *value;
      PenMarkKind kind = pen_mark_get_kind (mark);
      const char *mark_title = pen_mark_kind_get_mark_name (kind);
      g_autofree char *value_text = NULL;
      g_autofree char *subtitle = NULL;
      guint v = pen_mark_get_value (mark);

      if (v == 0)
        {
          n_unknown++;
          value_text = g_strdup ("?");
          /* Translators: a Mark's state, then why it is flagged */
          subtitle = g_strdup_printf (_("%s · value not entered: never hit in the odds"),
                                      pen_mark_state_get_label (pen_mark_get_state (mark)));
        }
      else
        {
          value_text = g_strdup_printf ("%u", v);
          /* Translators: a Mark's state and the die value under its cell */
          subtitle = g_strdup_printf (_("%s · hit by a %u"),
                                      pen_mark_state_get_label (pen_mark_get_state (mark)), v);
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), mark_title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      value = threat_die_label (0);
      gtk_label_set_label (GTK_LABEL (value), value_text);
      gtk_widget_remove_css_class (value, "threat-die");
      gtk_widget_add_css_class (value, "mark-value");
      gtk_widget_set_valign (value, GTK_ALIGN_CENTER);
      if (v == 0)
        gtk_widget_add_css_class (value, "unknown");
      if (pen_mark_get_state (mark) == PEN_MARK_WOUNDED)
        gtk_widget_add_css_class (row, "threat-wounded");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), value);
      gtk_list_box_append (self->marks_list, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->marks_list), g_list_model_get_n_items (marks) > 0);

  if (n_unknown > 0)
    {
      g_autofree char *text =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "⚠ %u Mark has no value entered yet (shown as “?”). The "
                                      "odds treat it as never hit. Enter the values printed on "
                                      "your board in Preferences → Wizard Board.",
                                      "⚠ %u Marks have no value entered yet (shown as “?”). The "
                                      "odds treat them as never hit. Enter the values printed "
                                      "on your board in Preferences → Wizard Board.",
                                      n_unknown), n_unknown);
      gtk_label_set_label (self->unknown_label, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->unknown_label), n_unknown > 0);
}

/* ---- refresh: step 1 and the odds ------------------------------------------------------- */

static void
refresh_prep (PenThreatPage *self,
              PenBoard      *board)
{
  g_auto(PenThreatPrepResult) prep_result = { 0, };
  g_autofree guint *defend_dice = g_new0 (guint, MAX (self->counts[C_DEFEND], 1));
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) order = pen_threat_defend_order (board);
  gboolean locked = self->roll_mode != ROLL_NONE;
  PenThreatPrep prep;
  guint yellow = count_yellow (board);

  /* once rolling, step 1 folds into one line, so steps 2 and 3 come into view */
  for (guint c = 0; c < N_COUNTERS; c++)
    {
      g_autofree char *text = g_strdup_printf ("%u", self->counts[c]);
      gtk_label_set_label (self->counter_labels[c], text);
      gtk_widget_set_visible (self->counter_rows[c], !locked);
    }
  gtk_widget_set_visible (self->discard_all_row, !locked);
  gtk_widget_set_visible (self->prep_summary_row, locked);
  gtk_widget_set_sensitive (GTK_WIDGET (self->wizard_row), !locked);
  adw_preferences_group_set_description (self->prep_group,
                                         locked ? NULL : _("Every defence changes the odds "
                                                           "above before you commit to it."));

  /* which Yellow dice DEFEND spends, so the player knows what the choice costs */
  if (yellow == 0)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->counter_rows[C_DEFEND]),
                                 _("No Yellow die in the supply"));
  else
    {
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *list = NULL;
      g_autofree char *sub = NULL;

      for (guint i = 0; i < MIN (self->counts[C_DEFEND], order->len); i++)
        g_ptr_array_add (items, describe_die (&g_array_index (board->supply, PenDieValue,
                                                              g_array_index (order, guint, i))));
      list = join_list (items);
      sub = items->len > 0
        ? g_strdup_printf (_("Discards %s from the supply; one Threat die each"), list)
        : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Yellow die in the supply",
                                        "%u Yellow dice in the supply", yellow), yellow);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->counter_rows[C_DEFEND]), sub);
    }

  g_clear_pointer (&self->curve, g_array_unref);
  make_prep (self, board, &prep, defend_dice);
  self->prep_ok = pen_threat_prep_apply (board, &prep, NULL, &prep_result, &error);
  gtk_widget_set_visible (GTK_WIDGET (self->prep_error_label), !self->prep_ok);
  if (!self->prep_ok)
    {
      self->n_dice = 0;
      gtk_label_set_label (self->prep_error_label, error->message);
      gtk_label_set_label (self->odds_label, _("This preparation is not allowed"));
      gtk_label_set_label (self->odds_detail_label, "");
      gtk_label_set_label (self->whatif_label, "");
      gtk_widget_queue_draw (GTK_WIDGET (self->chart));
      return;
    }
  self->n_dice = prep_result.n_dice;
  {
    g_autoptr(GString) text = g_string_new (NULL);
    guint total = self->counts[C_THREAT] + self->counts[C_UNCANCELLABLE];

    g_string_printf (text, g_dngettext (GETTEXT_PACKAGE, "Threat %u: %u die to roll",
                                        "Threat %u: %u dice to roll", self->n_dice),
                     total, self->n_dice);
    if (prep_result.n_cancelled > 0)
      g_string_append_printf (text, _(", %u discarded"), prep_result.n_cancelled);
    if (prep_result.defended->len > 0)
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 ", %u Yellow die spent on DEFEND",
                                                 ", %u Yellow dice spent on DEFEND",
                                                 prep_result.defended->len),
                              prep_result.defended->len);
    if (prep_result.rifted->len > 0)
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, ", %u die lost to Rift",
                                                 ", %u dice lost to Rift",
                                                 prep_result.rifted->len),
                              prep_result.rifted->len);
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->prep_summary_row), text->str);
  }

  if (!hide_odds (self))
    {
      g_autoptr(PenThreatOdds) odds = pen_threat_odds_new (prep_result.board, self->n_dice,
                                                           FALSE);
      g_autofree char *line = pen_threat_summary_to_string (&odds->summary);
      g_autofree char *unharmed = percent (odds->summary.p_unharmed);
      g_autofree char *detail = NULL;
      g_autoptr(GString) whatif = g_string_new (NULL);
      g_autoptr(GError) curve_error = NULL;

      gtk_label_set_label (self->odds_label, line);
      detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%u Threat die to roll; no harm at all: %s; "
                                             "about %.1f dice lost, %.1f wounds on average",
                                             "%u Threat dice to roll; no harm at all: %s; "
                                             "about %.1f dice lost, %.1f wounds on average",
                                             self->n_dice),
                                self->n_dice, unharmed, odds->summary.expected_dice_lost,
                                odds->summary.expected_wounds);
      gtk_label_set_label (self->odds_detail_label, detail);

      self->curve = pen_threat_what_if (board, &prep, NULL, &curve_error);
      if (self->curve != NULL && self->curve->len > 1)
        {
          g_string_append (whatif, _("What each defence buys:"));
          for (guint i = 1; i < MIN (self->curve->len, WHAT_IF_LINES + 1); i++)
            {
              const PenThreatCurvePoint *pt = &g_array_index (self->curve, PenThreatCurvePoint, i);
              g_autofree char *card = percent (pt->by_card.p_mortal_wound);
              g_autofree char *card_w = percent (pt->by_card.p_wounded);

              g_string_append_c (whatif, '\n');
              /* Translators: "2 dice fewer: Mortal Wound 5%, wound 30% by a card" */
              g_string_append_printf (whatif,
                                      g_dngettext (GETTEXT_PACKAGE,
                                                   "• %u die fewer: Mortal Wound %s, wound %s",
                                                   "• %u dice fewer: Mortal Wound %s, wound %s",
                                                   pt->removed),
                                      pt->removed, card, card_w);
              if (!pt->by_card_possible)
                g_string_append (whatif, _(" (no card allowed)"));
              if (pt->by_defend_possible)
                {
                  g_autofree char *def = percent (pt->by_defend.p_mortal_wound);
                  g_autofree char *def_w = percent (pt->by_defend.p_wounded);
                  guint k = MIN (self->counts[C_DEFEND], order->len) + pt->removed - 1;
                  g_autofree char *die = k < order->len
                    ? describe_die (&g_array_index (board->supply, PenDieValue,
                                                    g_array_index (order, guint, k)))
                    : g_strdup ("?");

                  /* Translators: DEFEND by discarding Yellow dice: the die it spends last */
                  g_string_append_printf (whatif, _("; with DEFEND (up to %s): %s, %s"), die, def,
                                          def_w);
                }
            }
        }
      else if (self->curve == NULL)
        g_string_append (whatif, curve_error->message);
      gtk_label_set_label (self->whatif_label, whatif->str);
      gtk_widget_set_visible (GTK_WIDGET (self->chart), !locked && self->curve != NULL
                              && self->curve->len > 1);
      gtk_widget_set_visible (GTK_WIDGET (self->whatif_label), !locked);
      gtk_widget_set_visible (GTK_WIDGET (self->odds_detail_label), self->n_dice > 0);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, whatif->str, -1);
    }
  else
    {
      gtk_label_set_label (self->odds_label, "");
      gtk_label_set_label (self->odds_detail_label, "");
      gtk_label_set_label (self->whatif_label, "");
    }
  gtk_widget_queue_draw (GTK_WIDGET (self->chart));
}

/* The what-if curve: for 0, 1, 2… dice removed by a card, a solid bar for the Mortal Wound
 * chance and an outlined one for the chance of any wound; a dot marks DEFEND's Mortal Wound
 * chance. The text under the chart says the same in words. */
static void
draw_chart (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  PenThreatPage *self = PEN_THREAT_PAGE (user_data);
  GdkRGBA fg;
  guint n;
  double left = 36, top = 22, bottom = 22, plot_w, plot_h, group_w, bar_w;
  PangoLayout *layout;

  if (self->curve == NULL || self->curve->len == 0 || hide_odds (self))
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  n = MIN (self->curve->len, 13);
  plot_w = width - left - 6;
  plot_h = height - top - bottom;
  group_w = plot_w / n;
  bar_w = MIN (group_w * 0.35, 28);
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), NULL);

  /* grid and axis labels */
  cairo_set_line_width (cr, 1);
  for (guint g = 0; g <= 2; g++)
    {
      double y = top + plot_h - plot_h * g / 2.0;
      char text[8];
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, g == 0 ? 0.6 : 0.18);
      cairo_move_to (cr, left, floor (y) + 0.5);
      cairo_line_to (cr, width - 6, floor (y) + 0.5);
      cairo_stroke (cr);
      g_snprintf (text, sizeof text, "%u%%", g * 50);
      pango_layout_set_text (layout, text, -1);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.7);
      cairo_move_to (cr, 0, y - 8);
      pango_cairo_show_layout (cr, layout);
    }

  for (guint i = 0; i < n; i++)
    {
      const PenThreatCurvePoint *pt = &g_array_index (self->curve, PenThreatCurvePoint, i);
      double x = left + group_w * i + (group_w - 2 * bar_w) / 2;
      double hm = plot_h * pt->by_card.p_mortal_wound;
      double hw = plot_h * pt->by_card.p_wounded;
      char text[8];
      int tw, th;

      /* Mortal Wound: solid */
      cairo_set_source_rgb (cr, 0.75, 0.11, 0.16);
      cairo_rectangle (cr, x, top + plot_h - hm, bar_w, hm);
      cairo_fill (cr);
      /* any wound: outlined, so it reads without colour */
      cairo_set_source_rgba (cr, 0.90, 0.38, 0.0, 0.35);
      cairo_rectangle (cr, x + bar_w + 0.5, top + plot_h - hw + 0.5, bar_w - 1, MAX (hw - 1, 0));
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.90, 0.38, 0.0);
      cairo_stroke (cr);
      if (i > 0 && pt->by_defend_possible)
        {
          double y = top + plot_h - plot_h * pt->by_defend.p_mortal_wound;
          cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.9);
          cairo_arc (cr, x + bar_w / 2, y, 3.5, 0, 2 * G_PI);
          cairo_fill (cr);
        }

      g_snprintf (text, sizeof text, i == 0 ? "0" : "−%u", i);
      pango_layout_set_text (layout, text, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.8);
      cairo_move_to (cr, left + group_w * i + (group_w - tw) / 2, height - bottom + 3);
      pango_cairo_show_layout (cr, layout);
    }

  /* legend */
  pango_layout_set_text (layout, _("■ Mortal Wound   □ a wound   ● Mortal Wound with DEFEND"),
                         -1);
  pango_layout_set_width (layout, (width - left) * PANGO_SCALE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.8);
  cairo_move_to (cr, left, 0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* ---- refresh: step 2 -------------------------------------------------------------------- */

static void
refresh_roll (PenThreatPage *self)
{
  GtkWidget *box = GTK_WIDGET (self->roll_box);

  pen_widget_remove_all (box);
  if (!self->prep_ok)
    {
      gtk_box_append (self->roll_box, wrap_label (_("Fix the preparation first."), "dim-label"));
      return;
    }

  if (self->roll_mode == ROLL_NONE)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "%u Threat die to roll.",
                                                            "%u Threat dice to roll.",
                                                            self->n_dice), self->n_dice);
      GtkWidget *buttons = gtk_flow_box_new ();
      GtkWidget *app = gtk_button_new_with_mnemonic (_("_Roll for Me"));
      GtkWidget *table = gtk_button_new_with_mnemonic (_("The _Table Rolls"));

      gtk_box_append (self->roll_box, wrap_label (text, "title-4"));
      gtk_widget_add_css_class (app, "suggested-action");
      gtk_widget_add_css_class (app, "pill");
      gtk_widget_add_css_class (table, "pill");
      gtk_widget_set_tooltip_text (app, _("The app rolls with the game’s own dice: the roll is "
                                          "kept in the log and undo never rolls again"));
      gtk_widget_set_tooltip_text (table, _("Roll real dice and tap the faces they show"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (app), "threat.roll");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (app), "s", "app");
      gtk_actionable_set_action_name (GTK_ACTIONABLE (table), "threat.roll");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (table), "s", "table");
      gtk_widget_set_hexpand (app, TRUE);
      gtk_widget_set_hexpand (table, TRUE);
      /* side by side, or one above the other on a phone */
      gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (buttons), GTK_SELECTION_NONE);
      gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (buttons), TRUE);
      gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (buttons), 2);
      gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (buttons), 12);
      gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (buttons), 12);
      gtk_flow_box_append (GTK_FLOW_BOX (buttons), app);
      gtk_flow_box_append (GTK_FLOW_BOX (buttons), table);
      /* physical play: the app never rolls for the table */
      if (pen_section_get_table (PEN_SECTION (self)) != NULL
          && pen_table_get_physical (pen_section_get_table (PEN_SECTION (self))))
        {
          gtk_widget_set_visible (gtk_widget_get_parent (app), FALSE);
          gtk_widget_add_css_class (table, "suggested-action");
        }
      for (GtkWidget *c = gtk_widget_get_first_child (buttons); c != NULL;
           c = gtk_widget_get_next_sibling (c))
        gtk_widget_set_focusable (c, FALSE);
      gtk_box_append (self->roll_box, buttons);
      return;
    }

  if (self->roll_mode == ROLL_TABLE)
    {
      g_autofree char *text = g_strdup_printf (_("Tap the faces the table rolled: %u of %u"),
                                               self->faces->len, self->n_dice);
      GtkWidget *grid = gtk_grid_new ();

      gtk_box_append (self->roll_box, wrap_label (text, NULL));
      gtk_widget_set_visible (grid, self->faces->len < self->n_dice);
      gtk_grid_set_column_homogeneous (GTK_GRID (grid), TRUE);
      gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
      for (guint f = 1; f <= 6; f++)
        {
          GtkWidget *button = gtk_button_new ();
          g_autofree char *name = g_strdup_printf (_("Add a Threat die showing %u"), f);

          gtk_button_set_child (GTK_BUTTON (button), threat_die_label (f));
          gtk_widget_add_css_class (button, "threat-face");
          gtk_widget_add_css_class (button, "flat");
          gtk_widget_set_tooltip_text (button, name);
          gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          name, -1);
          gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "threat.face");
          gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "i", (gint32) f);
          gtk_widget_set_sensitive (button, self->faces->len < self->n_dice);
          gtk_grid_attach (GTK_GRID (grid), button, f - 1, 0, 1, 1);
        }
      gtk_box_append (self->roll_box, grid);
    }
  else
    gtk_box_append (self->roll_box,
                    wrap_label (_("The app rolled these faces with the game’s dice; they are "
                                  "recorded when you apply the roll."), NULL));

  if (self->faces->len > 0)
    {
      GtkWidget *flow = gtk_flow_box_new ();

      gtk_box_append (self->roll_box,
                      wrap_label (self->roll_mode == ROLL_TABLE
                                  ? _("The roll (tap a die to take it back):")
                                  : _("The roll:"), "heading"));
      gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
      gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
      gtk_widget_set_halign (flow, GTK_ALIGN_START);
      gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 3);
      gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 10);
      gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 6);
      gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 6);
      for (guint i = 0; i < self->faces->len; i++)
        {
          GtkWidget *col = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
          GtkWidget *adj = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
          guint8 face = final_face (self, i);
          guint8 rolled = g_array_index (self->faces, guint8, i);
          g_autofree char *less = g_strdup_printf (_("Adjust Threat die %u down by 1"), i + 1);
          g_autofree char *more = g_strdup_printf (_("Adjust Threat die %u up by 1"), i + 1);
          GtkWidget *down = icon_button ("go-down-symbolic", less, "threat.adjust",
                                         g_variant_new ("(ui)", i, -1));
          GtkWidget *up = icon_button ("go-up-symbolic", more, "threat.adjust",
                                       g_variant_new ("(ui)", i, 1));

          if (self->roll_mode == ROLL_TABLE)
            {
              GtkWidget *button = gtk_button_new ();
              g_autofree char *name = g_strdup_printf (_("Threat die %u shows %u: remove it"),
                                                       i + 1, face);

              gtk_button_set_child (GTK_BUTTON (button), threat_die_label (face));
              gtk_widget_add_css_class (button, "threat-face");
              gtk_widget_add_css_class (button, "flat");
              gtk_widget_set_tooltip_text (button, name);
              gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
              gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "threat.remove");
              gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", i);
              gtk_box_append (GTK_BOX (col), button);
            }
          else
            {
              GtkWidget *die = threat_die_label (face);
              g_autofree char *name = g_strdup_printf (_("Threat die %u shows %u"), i + 1, face);

              gtk_widget_set_halign (die, GTK_ALIGN_CENTER);
              gtk_accessible_update_property (GTK_ACCESSIBLE (die),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
              gtk_box_append (GTK_BOX (col), die);
            }
          if (face != rolled)
            {
              g_autofree char *was = g_strdup_printf (_("rolled %u"), rolled);
              gtk_box_append (GTK_BOX (col), wrap_label (was, "caption"));
              gtk_widget_set_halign (gtk_widget_get_last_child (col), GTK_ALIGN_CENTER);
            }
          gtk_widget_set_sensitive (down, face > 1);
          gtk_widget_set_sensitive (up, face < 6);
          gtk_widget_add_css_class (down, "flat");
          gtk_widget_add_css_class (up, "flat");
          gtk_box_append (GTK_BOX (adj), down);
          gtk_box_append (GTK_BOX (adj), up);
          gtk_widget_set_halign (adj, GTK_ALIGN_CENTER);
          gtk_box_append (GTK_BOX (col), adj);
          gtk_flow_box_append (GTK_FLOW_BOX (flow), col);
          gtk_widget_set_focusable (gtk_widget_get_parent (col), FALSE);
        }
      gtk_box_append (self->roll_box, flow);
      gtk_box_append (self->roll_box,
                      wrap_label (_("“Adjust X Threat dice” effects: use the arrows under a "
                                    "die (1 cannot go down, 6 cannot go up)."), "dim-label"));
    }

}

/* ---- refresh: step 3 -------------------------------------------------------------------- */

static gboolean
roll_complete (PenThreatPage *self)
{
  return self->prep_ok && self->roll_mode != ROLL_NONE && self->faces->len == self->n_dice;
}

/* Two pieces are the same choice when nothing the rules or the score look at tells them
 * apart. */
static gboolean
dice_all_alike (const PenBoard *board,
                GArray         *candidates)
{
  const PenDieValue *a = &g_array_index (board->supply, PenDieValue,
                                         g_array_index (candidates, guint, 0));

  for (guint i = 1; i < candidates->len; i++)
    {
      const PenDieValue *b = &g_array_index (board->supply, PenDieValue,
                                             g_array_index (candidates, guint, i));
      if (a->color != b->color || a->temporary != b->temporary)
        return FALSE;
    }
  return TRUE;
}

static gboolean
marks_all_alike (const PenBoard *board,
                 GArray         *candidates)
{
  const PenMarkValue *a = &g_array_index (board->marks, PenMarkValue,
                                          g_array_index (candidates, guint, 0));

  for (guint i = 1; i < candidates->len; i++)
    {
      const PenMarkValue *b = &g_array_index (board->marks, PenMarkValue,
                                              g_array_index (candidates, guint, i));
      if (a->kind != b->kind || a->state != b->state)
        return FALSE;
    }
  return TRUE;
}

static gboolean
array_has (GArray *array,
           guint   value)
{
  for (guint i = 0; array != NULL && i < array->len; i++)
    if (g_array_index (array, guint, i) == value)
      return TRUE;
  return FALSE;
}

/* Resolves the roll on the prepared board with the player's picks. Fills picks_out (gint,
 * one per die) when non-NULL. */
static gboolean
resolve_roll (PenThreatPage   *self,
              PenThreatResult *result,
              PenBoard       **prep_board_out,
              GArray          *picks_out,
              gboolean         build_rows)
{
  PenWizard *w = get_wizard (self);
  g_autoptr(PenBoard) board = NULL;
  g_auto(PenThreatPrepResult) prep_result = { 0, };
  g_auto(PenThreatResult) first = { 0, };
  g_autofree guint *defend_dice = g_new0 (guint, MAX (self->counts[C_DEFEND], 1));
  g_autofree guint8 *faces = g_new0 (guint8, MAX (self->faces->len, 1));
  g_autoptr(GArray) picks = g_array_new (FALSE, FALSE, sizeof (gint));
  guint used_die[N_FACES] = { 0, }, used_mark[N_FACES] = { 0, };
  gboolean any_pick = FALSE;
  PenThreatChoices choices;
  PenThreatPrep prep;

  if (w == NULL || !roll_complete (self))
    return FALSE;
  board = pen_wizard_to_board (w);
  make_prep (self, board, &prep, defend_dice);
  if (!pen_threat_prep_apply (board, &prep, NULL, &prep_result, NULL))
    return FALSE;
  for (guint i = 0; i < self->faces->len; i++)
    faces[i] = final_face (self, i);

  /* the defaults first: they tell which dice reach the supply and which the marks */
  pen_threat_resolve (prep_result.board, faces, self->faces->len, NULL, &first);

  for (guint f = 1; f <= 6; f++)
    {
      g_autoptr(GArray) dice_c = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GArray) marks_c = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GArray) def_dice = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GArray) def_marks = g_array_new (FALSE, FALSE, sizeof (guint));

      for (guint i = 0; i < prep_result.board->supply->len; i++)
        if (g_array_index (prep_result.board->supply, PenDieValue, i).value == f)
          g_array_append_val (dice_c, i);
      for (guint i = 0; i < prep_result.board->marks->len; i++)
        {
          const PenMarkValue *m = &g_array_index (prep_result.board->marks, PenMarkValue, i);
          if (m->value == f && m->state != PEN_MARK_WOUNDED)
            g_array_append_val (marks_c, i);
        }
      for (guint i = 0; i < first.dice->len; i++)
        {
          const PenThreatDieResult *r = &g_array_index (first.dice, PenThreatDieResult, i);
          guint t = r->target;
          if (r->face != f)
            continue;
          if (r->hit == PEN_THREAT_HIT_DIE)
            g_array_append_val (def_dice, t);
          else if (r->hit == PEN_THREAT_HIT_MARK)
            g_array_append_val (def_marks, t);
        }

      /* a real choice: fewer hits than candidates, and the candidates differ */
      if (def_dice->len > 0 && def_dice->len < dice_c->len
          && !dice_all_alike (prep_result.board, dice_c))
        {
          if (self->pick_die[f] == NULL || self->pick_die[f]->len != def_dice->len)
            {
              g_clear_pointer (&self->pick_die[f], g_array_unref);
              self->pick_die[f] = g_array_ref (def_dice);
            }
          if (build_rows)
            {
              GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
              GtkWidget *flow = gtk_flow_box_new ();
              g_autofree char *q = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                 "Which die showing %u is lost? "
                                                                 "Tap to choose.",
                                                                 "Which %2$u dice showing %1$u "
                                                                 "are lost? Tap to choose.",
                                                                 def_dice->len), f,
                                                    def_dice->len);

              gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
              gtk_box_append (GTK_BOX (box), wrap_label (q, "heading"));
              for (guint c = 0; c < dice_c->len; c++)
                {
                  guint idx = g_array_index (dice_c, guint, c);
                  const PenDieValue *d = &g_array_index (prep_result.board->supply, PenDieValue,
                                                         idx);
                  gboolean chosen = array_has (self->pick_die[f], idx);
                  /* a plain button: an actionable toggle would take its state from the
                   * (stateless) action and never look chosen */
                  GtkWidget *button = gtk_button_new ();
                  GtkWidget *inner = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
                  GtkWidget *view = pen_die_view_new ();
                  g_autofree char *desc = pen_die_view_describe (d->color, d->value,
                                                                 d->temporary);
                  g_autofree char *name = g_strdup_printf (chosen ? _("%s: lost") : _("%s: kept"),
                                                           desc);

                  pen_die_view_set_die (PEN_DIE_VIEW (view), d->color, d->value, d->temporary);
                  gtk_box_append (GTK_BOX (inner), view);
                  gtk_box_append (GTK_BOX (inner), gtk_label_new (chosen ? _("Lost") : _("Kept")));
                  gtk_button_set_child (GTK_BUTTON (button), inner);
                  if (chosen)
                    gtk_widget_add_css_class (button, "chosen");
                  gtk_widget_add_css_class (button, "threat-choice");
                  gtk_widget_set_tooltip_text (button, name);
                  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
                  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "threat.pick");
                  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(suu)", "die",
                                                    f, idx);
                  gtk_flow_box_append (GTK_FLOW_BOX (flow), button);
                }
              gtk_box_append (GTK_BOX (box), flow);
              gtk_box_append (self->distribute_box, box);
            }
        }
      else
        g_clear_pointer (&self->pick_die[f], g_array_unref);

      if (def_marks->len > 0 && def_marks->len < marks_c->len
          && !marks_all_alike (prep_result.board, marks_c))
        {
          if (self->pick_mark[f] == NULL || self->pick_mark[f]->len != def_marks->len)
            {
              g_clear_pointer (&self->pick_mark[f], g_array_unref);
              self->pick_mark[f] = g_array_ref (def_marks);
            }
          if (build_rows)
            {
              GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
              GtkWidget *flow = gtk_flow_box_new ();
              g_autofree char *q = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                 "Which Mark of value %u is "
                                                                 "wounded? Tap to choose.",
                                                                 "Which %2$u Marks of value %1$u "
                                                                 "are wounded? Tap to choose.",
                                                                 def_marks->len), f,
                                                    def_marks->len);

              gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
              gtk_box_append (GTK_BOX (box), wrap_label (q, "heading"));
              for (guint c = 0; c < marks_c->len; c++)
                {
                  guint idx = g_array_index (marks_c, guint, c);
                  const PenMarkValue *m = &g_array_index (prep_result.board->marks,
                                                          PenMarkValue, idx);
                  gboolean chosen = array_has (self->pick_mark[f], idx);
                  g_autofree char *text = g_strdup_printf ("%s (%s) — %s",
                                                           pen_mark_kind_get_mark_name (m->kind),
                                                           pen_mark_state_get_label (m->state),
                                                           chosen ? _("wounded") : _("spared"));
                  GtkWidget *button = gtk_button_new_with_label (text);

                  if (chosen)
                    gtk_widget_add_css_class (button, "chosen");
                  gtk_widget_add_css_class (button, "threat-choice");
                  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "threat.pick");
                  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(suu)", "mark",
                                                    f, idx);
                  gtk_flow_box_append (GTK_FLOW_BOX (flow), button);
                }
              gtk_box_append (GTK_BOX (box), flow);
              gtk_box_append (self->distribute_box, box);
            }
        }
      else
        g_clear_pointer (&self->pick_mark[f], g_array_unref);
    }

  /* the picks, die by die: the dice of a face that reach the supply take the chosen dice in
   * turn, and likewise for marks */
  for (guint i = 0; i < first.dice->len; i++)
    {
      const PenThreatDieResult *r = &g_array_index (first.dice, PenThreatDieResult, i);
      gint pick = -1;

      if (r->hit == PEN_THREAT_HIT_DIE && self->pick_die[r->face] != NULL
          && used_die[r->face] < self->pick_die[r->face]->len)
        pick = g_array_index (self->pick_die[r->face], guint, used_die[r->face]++);
      else if (r->hit == PEN_THREAT_HIT_MARK && self->pick_mark[r->face] != NULL
               && used_mark[r->face] < self->pick_mark[r->face]->len)
        pick = g_array_index (self->pick_mark[r->face], guint, used_mark[r->face]++);
      any_pick |= pick >= 0;
      g_array_append_val (picks, pick);
    }

  pen_threat_choices_init (&choices);
  choices.picks = (const gint *) picks->data;
  pen_threat_resolve (prep_result.board, faces, self->faces->len, &choices, result);
  if (picks_out != NULL && any_pick)
    g_array_append_vals (picks_out, picks->data, picks->len);
  if (prep_board_out != NULL)
    *prep_board_out = pen_board_copy (prep_result.board);
  return TRUE;
}

static void
refresh_distribute (PenThreatPage *self)
{
  g_auto(PenThreatResult) result = { 0, };
  g_autoptr(PenBoard) prep_board = NULL;
  PenWizard *w = get_wizard (self);
  GtkWidget *apply;
  g_autofree char *apply_label = NULL;

  pen_widget_remove_all (GTK_WIDGET (self->distribute_box));
  self->summary_label = NULL;
  g_clear_pointer (&self->summary, g_free);

  if (self->applied != NULL)
    gtk_box_append (self->distribute_box, wrap_label (self->applied, "threat-applied"));

  if (w == NULL || !roll_complete (self))
    {
      gtk_box_append (self->distribute_box,
                      wrap_label (_("Once every Threat die is rolled, the results are shared out "
                                    "here: supply dice of the same face first, then Marks of "
                                    "that value."), "dim-label"));
      return;
    }

  resolve_roll (self, &result, &prep_board, NULL, TRUE);
  self->summary = summarize (prep_board, &result);
  self->summary_label = GTK_LABEL (wrap_label (self->summary, "title-4"));
  gtk_widget_add_css_class (GTK_WIDGET (self->summary_label), "threat-summary");
  gtk_box_append (self->distribute_box, GTK_WIDGET (self->summary_label));

  /* Translators: %s is the wizard's name */
  apply_label = g_strdup_printf (_("Apply to %s’s Board"), pen_wizard_get_name (w));
  apply = gtk_button_new_with_label (apply_label);
  gtk_widget_add_css_class (apply, "suggested-action");
  gtk_widget_add_css_class (apply, "pill");
  gtk_widget_set_halign (apply, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (apply, _("One step in the history: undo takes the whole roll "
                                        "back"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (apply), "threat.apply");
  gtk_box_append (self->distribute_box, apply);
}

static void
refresh_title (PenThreatPage *self)
{
  PenWizard *w = get_wizard (self);
  guint total = self->counts[C_THREAT] + self->counts[C_UNCANCELLABLE];
  g_autofree char *title = NULL;

  if (w == NULL)
    title = g_strdup (_("Threat"));
  else if (total == 0 && (self->source == NULL || *self->source == '\0'))
    title = g_strdup_printf (_("Set up a Threat for %s"), pen_wizard_get_name (w));
  else if (self->source != NULL && *self->source != '\0')
    /* Translators: "Boris faces Threat 3 — Goldeater" */
    title = g_strdup_printf (_("%s faces Threat %u — %s"), pen_wizard_get_name (w), total,
                             self->source);
  else
    title = g_strdup_printf (_("%s faces Threat %u"), pen_wizard_get_name (w), total);
  gtk_label_set_label (self->title_label, title);
}

static void
refresh (PenThreatPage *self)
{
  PenWizard *w;
  g_autoptr(PenBoard) board = NULL;
  gboolean hidden = hide_odds (self);

  refresh_wizards (self);
  w = get_wizard (self);
  gtk_widget_set_visible (GTK_WIDGET (self->columns), w != NULL);
  refresh_title (self);
  if (w == NULL)
    return;

  self->syncing = TRUE;
  gtk_switch_set_active (self->show_odds_switch, !hidden);
  gtk_switch_set_active (self->discard_all_switch, self->discard_all);
  self->syncing = FALSE;
  gtk_widget_set_visible (self->odds_box, !hidden);
  gtk_widget_set_visible (GTK_WIDGET (self->hidden_label), hidden);

  refresh_board (self, w);
  board = pen_wizard_to_board (w);
  refresh_prep (self, board);
  refresh_roll (self);
  refresh_distribute (self);
}

/* ---- actions ---------------------------------------------------------------------------- */

static void
change_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  PenThreatPage *self = PEN_THREAT_PAGE (widget);
  const char *id;
  gint32 delta;
  guint c;

  g_variant_get (param, "(&si)", &id, &delta);
  for (c = 0; c < N_COUNTERS; c++)
    if (g_str_equal (counter_ids[c], id))
      break;
  if (c == N_COUNTERS || self->roll_mode != ROLL_NONE)
    return;
  if (delta < 0 && self->counts[c] == 0)
    return;
  if (delta > 0 && (c == C_THREAT || c == C_UNCANCELLABLE)
      && self->counts[C_THREAT] + self->counts[C_UNCANCELLABLE] >= 30)
    return;
  if (delta > 0 && self->counts[c] >= 30)
    return;
  if (delta > 0 && c == C_DEFEND && get_wizard (self) != NULL)
    {
      /* only the Yellow dice there are */
      g_autoptr(PenBoard) board = pen_wizard_to_board (get_wizard (self));
      if (self->counts[c] >= count_yellow (board))
        return;
    }
  self->counts[c] += delta;
  g_clear_pointer (&self->applied, g_free);
  refresh (self);
}

static void
roll_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  PenThreatPage *self = PEN_THREAT_PAGE (widget);
  const char *mode = g_variant_get_string (param, NULL);
  PenTable *table = get_table (self);

  if (table == NULL || !self->prep_ok || self->roll_mode != ROLL_NONE)
    return;
  reset_roll (self);
  g_clear_pointer (&self->applied, g_free);
  if (g_str_equal (mode, "app") && !pen_table_get_physical (table))
    {
      /* a copy of the game's generator: the "count" action will draw these same faces */
      PenRandom r = *pen_table_get_random (table);

      self->rolled_from = r;

      for (guint i = 0; i < self->n_dice; i++)
        {
          guint8 face = pen_random_die (&r);
          gint zero = 0;
          g_array_append_val (self->faces, face);
          g_array_append_val (self->adjust, zero);
        }
      self->roll_mode = ROLL_APP;
    }
  else
    self->roll_mode = ROLL_TABLE;
  refresh (self);
}

static void
face_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  PenThreatPage *self = PEN_THREAT_PAGE (widget);
  gint32 f = g_variant_get_int32 (param);
  guint8 face = f;
  gint zero = 0;

  if (self->roll_mode != ROLL_TABLE || f < 1 || f > 6 || self->faces->len >= self->n_dice)
    return;
  g_array_append_val (self->faces, face);
  g_array_append_val (self->adjust, zero);
  clear_face_picks (self, face);
  refresh (self);
}

static void
remove_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  PenThreatPage *self = PEN_THREAT_PAGE (widget);
  guint i = g_variant_get_uint32 (param);

  if (self->roll_mode != ROLL_TABLE || i >= self->faces->len)
    return;
  clear_face_picks (self, final_face (self, i));
  g_array_remove_index (self->faces, i);
  g_array_remove_index (self->adjust, i);
  refresh (self);
}

static void
adjust_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  PenThreatPage *self = PEN_THREAT_PAGE (widget);
  guint i;
  gint32 delta;
  gint v;

  g_variant_get (param, "(ui)", &i, &delta);
  if (self->roll_mode == ROLL_NONE || i >= self->faces->len)
    return;
  v = final_face (self, i) + delta;
  /* a 1 cannot go down and a 6 cannot go up */
  if (v < 1 || v > 6)
    return;
  clear_face_picks (self, final_face (self, i));
  clear_face_picks (self, v);
  g_array_index (self->adjust, gint, i) += delta;
  refresh (self);
}

static void
pick_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  PenThreatPage *self = PEN_THREAT_PAGE (widget);
  const char *kind;
  guint face, index;
  GArray *chosen;

  g_variant_get (param, "(&suu)", &kind, &face, &index);
  if (face < 1 || face > 6)
    return;
  chosen = g_str_equal (kind, "die") ? self->pick_die[face] : self->pick_mark[face];
  /* tapping a kept piece swaps it for the piece chosen longest ago, so the count stays what
   * the rules require */
  if (chosen != NULL && chosen->len > 0 && !array_has (chosen, index))
    {
      g_array_remove_index (chosen, 0);
      g_array_append_val (chosen, index);
    }
  refresh (self);
}

static void
restart_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  PenThreatPage *self = PEN_THREAT_PAGE (widget);

  reset_roll (self);
  refresh (self);
}

/* The whole roll, preparation included, as one "threat" action. */
static PenAction *
build_action (PenThreatPage *self)
{
  g_auto(PenThreatResult) result = { 0, };
  g_autoptr(GArray) picks = g_array_new (FALSE, FALSE, sizeof (gint));
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;
  PenWizard *w = get_wizard (self);
  g_autoptr(PenBoard) board = NULL;
  g_autoptr(GArray) order = NULL;
  gboolean adjusted = FALSE;

  if (w == NULL || !resolve_roll (self, &result, NULL, picks, FALSE))
    return NULL;
  board = pen_wizard_to_board (w);
  order = pen_threat_defend_order (board);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "wizard");
  json_builder_add_int_value (b, self->wizard);
  json_builder_set_member_name (b, "threat");
  json_builder_add_int_value (b, self->counts[C_THREAT]);
  if (self->counts[C_UNCANCELLABLE] > 0)
    {
      json_builder_set_member_name (b, "uncancellable");
      json_builder_add_int_value (b, self->counts[C_UNCANCELLABLE]);
    }
  if (self->counts[C_DISCARD] > 0)
    {
      json_builder_set_member_name (b, "discard");
      json_builder_add_int_value (b, self->counts[C_DISCARD]);
    }
  if (self->discard_all)
    {
      json_builder_set_member_name (b, "discard_all");
      json_builder_add_boolean_value (b, TRUE);
    }
  if (self->counts[C_DEFEND] > 0)
    {
      json_builder_set_member_name (b, "defend");
      json_builder_begin_array (b);
      for (guint i = 0; i < MIN (self->counts[C_DEFEND], order->len); i++)
        json_builder_add_int_value (b, g_array_index (order, guint, i));
      json_builder_end_array (b);
    }
  if (self->counts[C_DEFEND_PLACED] > 0)
    {
      json_builder_set_member_name (b, "defend_placed");
      json_builder_add_int_value (b, self->counts[C_DEFEND_PLACED]);
    }
  if (self->counts[C_RIFT] > 0)
    {
      json_builder_set_member_name (b, "rift");
      json_builder_add_int_value (b, self->counts[C_RIFT]);
    }
  if (self->roll_mode == ROLL_APP
      && memcmp (&self->rolled_from, pen_table_get_random (get_table (self)),
                 sizeof (PenRandom)) == 0)
    {
      /* the game rolls again from the same generator state: the same faces. (Should another
       * action have used the generator since, the faces shown are sent as "dice" instead, so
       * what is applied is always what the player saw.) */
      json_builder_set_member_name (b, "count");
      json_builder_add_int_value (b, self->faces->len);
    }
  else
    {
      json_builder_set_member_name (b, "dice");
      json_builder_begin_array (b);
      for (guint i = 0; i < self->faces->len; i++)
        json_builder_add_int_value (b, g_array_index (self->faces, guint8, i));
      json_builder_end_array (b);
    }
  for (guint i = 0; i < self->adjust->len; i++)
    adjusted |= g_array_index (self->adjust, gint, i) != 0;
  if (adjusted)
    {
      json_builder_set_member_name (b, "adjust");
      json_builder_begin_array (b);
      for (guint i = 0; i < self->adjust->len; i++)
        json_builder_add_int_value (b, g_array_index (self->adjust, gint, i));
      json_builder_end_array (b);
    }
  if (picks->len > 0)
    {
      json_builder_set_member_name (b, "picks");
      json_builder_begin_array (b);
      for (guint i = 0; i < picks->len; i++)
        json_builder_add_int_value (b, g_array_index (picks, gint, i));
      json_builder_end_array (b);
    }
  if (self->source != NULL && *self->source != '\0')
    {
      json_builder_set_member_name (b, "extra");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "source");
      json_builder_add_string_value (b, self->source);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
  node = json_builder_get_root (b);
  return pen_action_new_with_params ("threat", json_node_get_object (node));
}

static void
apply_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  pen_threat_page_apply (PEN_THREAT_PAGE (widget));
}

/* ---- public API ------------------------------------------------------------------------- */

/**
 * pen_threat_page_start:
 * @wizard: the player index
 * @threat: Threat dice that effects may discard
 * @uncancellable: Threat dice of an uncancellable Threat (nothing discards them)
 * @source_label: (nullable): where the Threat comes from, e.g. a card's name
 *
 * Sets up a new Threat roll (dropping one in progress) and shows the page.
 */
void
pen_threat_page_start (PenThreatPage *self,
                       guint          wizard,
                       guint          threat,
                       guint          uncancellable,
                       const char    *source_label)
{
  g_return_if_fail (PEN_IS_THREAT_PAGE (self));

  /* the window hands pages their game lazily: fetch it before setting the Threat up */
  if (pen_section_get_game (PEN_SECTION (self)) == NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.sync-pages", NULL);

  self->wizard = wizard;
  memset (self->counts, 0, sizeof self->counts);
  self->counts[C_THREAT] = MIN (threat, 30);
  self->counts[C_UNCANCELLABLE] = MIN (uncancellable, 30 - self->counts[C_THREAT]);
  /* a trial in progress with Rift X in force: its main Threat roll loses X dice first */
  if (pen_section_get_game (PEN_SECTION (self)) != NULL)
    {
      const PenTrial *trial = pen_table_get_trial (pen_section_get_table (PEN_SECTION (self)));

      if (trial != NULL && trial->wizard == wizard && !trial->threat_rolled
          && pen_trial_in_force (trial, PEN_TRIAL_RIFT))
        self->counts[C_RIFT] = MIN (trial->rift, 30);
    }
  self->discard_all = FALSE;
  g_free (self->source);
  self->source = g_strdup (source_label);
  g_clear_pointer (&self->applied, g_free);
  reset_roll (self);
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->source_row), source_label ? source_label : "");
  self->syncing = FALSE;
  refresh (self);
  /* the window switches to this page (no-op outside a window) */
  gtk_widget_activate_action (GTK_WIDGET (self), "win.page", "s", "threat");
}

/* Enters the table's roll (as if the faces were tapped); replaces any roll so far. */
void
pen_threat_page_set_faces (PenThreatPage *self,
                           const guint8  *faces,
                           guint          n_faces)
{
  g_return_if_fail (PEN_IS_THREAT_PAGE (self));

  reset_roll (self);
  self->roll_mode = ROLL_TABLE;
  for (guint i = 0; i < n_faces && i < self->n_dice; i++)
    {
      gint zero = 0;
      guint8 f = CLAMP (faces[i], 1, 6);
      g_array_append_val (self->faces, f);
      g_array_append_val (self->adjust, zero);
    }
  refresh (self);
}

/* The distribution sentence shown in step 3, or NULL before the roll is complete. */
const char *
pen_threat_page_get_summary (PenThreatPage *self)
{
  g_return_val_if_fail (PEN_IS_THREAT_PAGE (self), NULL);
  return self->summary;
}

/* The action "Apply" would submit, or NULL (free it). */
char *
pen_threat_page_get_action (PenThreatPage *self)
{
  g_autoptr(PenAction) action = NULL;
  g_autoptr(JsonNode) node = NULL;

  g_return_val_if_fail (PEN_IS_THREAT_PAGE (self), NULL);
  if (!(action = build_action (self)))
    return NULL;
  node = pen_action_to_json (action);
  return pen_json_to_string (node, FALSE);
}

/* Submits the roll; TRUE when the game took it. */
gboolean
pen_threat_page_apply (PenThreatPage *self)
{
  g_autoptr(PenAction) action = NULL;
  guint before;

  g_return_val_if_fail (PEN_IS_THREAT_PAGE (self), FALSE);
  if (pen_section_get_game (PEN_SECTION (self)) == NULL || !(action = build_action (self)))
    return FALSE;
  before = pen_game_get_position (pen_section_get_game (PEN_SECTION (self)));
  g_object_ref (self);
  pen_section_submit (PEN_SECTION (self), action);
  if (pen_section_get_game (PEN_SECTION (self)) == NULL
      || pen_game_get_position (pen_section_get_game (PEN_SECTION (self))) == before)
    {
      g_object_unref (self);
      return FALSE;
    }
  /* done: keep the wizard, start afresh */
  self->applied = g_strdup_printf (_("Applied: %s"), self->summary ? self->summary : "");
  memset (self->counts, 0, sizeof self->counts);
  self->discard_all = FALSE;
  g_clear_pointer (&self->source, g_free);
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->source_row), "");
  self->syncing = FALSE;
  reset_roll (self);
  refresh (self);
  g_object_unref (self);
  return TRUE;
}

/* ---- signal handlers -------------------------------------------------------------------- */

static void
wizard_selected_cb (PenThreatPage *self)
{
  guint sel = adw_combo_row_get_selected (self->wizard_row);

  if (self->syncing || sel == GTK_INVALID_LIST_POSITION || sel == self->wizard)
    return;
  self->wizard = sel;
  reset_roll (self);
  g_clear_pointer (&self->applied, g_free);
  refresh (self);
}

static void
source_changed_cb (PenThreatPage *self)
{
  if (self->syncing)
    return;
  g_free (self->source);
  self->source = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->source_row)));
  refresh_title (self);
}

static void
show_odds_cb (PenThreatPage *self)
{
  gboolean hide = !gtk_switch_get_active (self->show_odds_switch);

  if (self->syncing || pen_section_get_game (PEN_SECTION (self)) == NULL
      || hide == hide_odds (self))
    return;
  pen_section_submit_new (PEN_SECTION (self), pen_action_new_setting_hide_odds (hide));
  refresh (self);
}

static void
discard_all_cb (PenThreatPage *self)
{
  if (self->syncing || self->roll_mode != ROLL_NONE)
    return;
  self->discard_all = gtk_switch_get_active (self->discard_all_switch);
  refresh (self);
}

static void
pen_threat_page_position_changed (PenSection *section)
{
  PenThreatPage *self = PEN_THREAT_PAGE (section);

  /* the board may have changed under the choices */
  clear_picks (self);
  refresh (self);
}

static void
pen_threat_page_game_set (PenSection *section,
                          PenGame    *game)
{
  PenThreatPage *self = PEN_THREAT_PAGE (section);

  /* by hand, a Threat most often concerns the wizard whose turn it is */
  self->wizard = game != NULL ? pen_table_get_current (pen_game_get_table (game)) : 0;
  memset (self->counts, 0, sizeof self->counts);
  g_clear_pointer (&self->applied, g_free);
  reset_roll (self);
}

PenGame *
pen_threat_page_get_game (PenThreatPage *self)
{
  return pen_section_get_game (PEN_SECTION (self));
}

void
pen_threat_page_set_game (PenThreatPage *self,
                          PenGame       *game)
{
  pen_section_set_game (PEN_SECTION (self), game);
}

/* "threat-helper.start" ((uuus): wizard, threat, uncancellable, source) on the window, so any
 * page can start a Threat without holding this page: gtk_widget_activate_action (widget,
 * "threat-helper.start", "(uuus)", wizard, threat, uncancellable, "Goldeater"). */
static void
start_action_cb (GSimpleAction *action,
                 GVariant      *param,
                 gpointer       user_data)
{
  PenThreatPage *self = PEN_THREAT_PAGE (user_data);
  guint wizard, threat, uncancellable;
  const char *source;

  g_variant_get (param, "(uuu&s)", &wizard, &threat, &uncancellable, &source);
  pen_threat_page_start (self, wizard, threat, uncancellable, *source ? source : NULL);
}

static void
pen_threat_page_root (GtkWidget *widget)
{
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) start = g_simple_action_new ("start", G_VARIANT_TYPE ("(uuus)"));

  GTK_WIDGET_CLASS (pen_threat_page_parent_class)->root (widget);
  g_signal_connect_object (start, "activate", G_CALLBACK (start_action_cb), widget, 0);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (start));
  gtk_widget_insert_action_group (GTK_WIDGET (gtk_widget_get_root (widget)), "threat-helper",
                                  G_ACTION_GROUP (group));
}

static void
pen_threat_page_unroot (GtkWidget *widget)
{
  gtk_widget_insert_action_group (GTK_WIDGET (gtk_widget_get_root (widget)), "threat-helper",
                                  NULL);
  GTK_WIDGET_CLASS (pen_threat_page_parent_class)->unroot (widget);
}


static void
pen_threat_page_dispose (GObject *object)
{
  PenThreatPage *self = PEN_THREAT_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_THREAT_PAGE);

  G_OBJECT_CLASS (pen_threat_page_parent_class)->dispose (object);
}

static void
pen_threat_page_finalize (GObject *object)
{
  PenThreatPage *self = PEN_THREAT_PAGE (object);

  clear_picks (self);
  g_clear_pointer (&self->faces, g_array_unref);
  g_clear_pointer (&self->adjust, g_array_unref);
  g_clear_pointer (&self->curve, g_array_unref);
  g_clear_object (&self->wizard_names);
  g_free (self->source);
  g_free (self->summary);
  g_free (self->applied);

  G_OBJECT_CLASS (pen_threat_page_parent_class)->finalize (object);
}



static void
pen_threat_page_class_init (PenThreatPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  section_class->game_set = pen_threat_page_game_set;
  section_class->position_changed = pen_threat_page_position_changed;

  object_class->dispose = pen_threat_page_dispose;
  object_class->finalize = pen_threat_page_finalize;
  widget_class->root = pen_threat_page_root;
  widget_class->unroot = pen_threat_page_unroot;


  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-threat-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, title_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, columns);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, wizard_row);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, source_row);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, board_group);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, unknown_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, supply_box);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, marks_list);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, show_odds_switch);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, odds_box);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, odds_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, odds_detail_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, chart);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, whatif_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, hidden_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, prep_group);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, roll_box);
  gtk_widget_class_bind_template_child (widget_class, PenThreatPage, distribute_box);

  gtk_widget_class_install_action (widget_class, "threat.change", "(si)", change_activated);
  gtk_widget_class_install_action (widget_class, "threat.roll", "s", roll_activated);
  gtk_widget_class_install_action (widget_class, "threat.face", "i", face_activated);
  gtk_widget_class_install_action (widget_class, "threat.remove", "u", remove_activated);
  gtk_widget_class_install_action (widget_class, "threat.adjust", "(ui)", adjust_activated);
  gtk_widget_class_install_action (widget_class, "threat.pick", "(suu)", pick_activated);
  gtk_widget_class_install_action (widget_class, "threat.restart", NULL, restart_activated);
  gtk_widget_class_install_action (widget_class, "threat.apply", NULL, apply_activated);
}

static void
pen_threat_page_init (PenThreatPage *self)
{
  GtkWidget *row;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_layout_manager (self->columns,
                                 gtk_custom_layout_new (columns_request_mode, columns_measure,
                                                        columns_allocate));

  self->faces = g_array_new (FALSE, FALSE, sizeof (guint8));
  self->adjust = g_array_new (FALSE, FALSE, sizeof (gint));
  self->wizard_names = gtk_string_list_new (NULL);
  adw_combo_row_set_model (self->wizard_row, G_LIST_MODEL (self->wizard_names));
  g_signal_connect_object (self->wizard_row, "notify::selected", G_CALLBACK (wizard_selected_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->source_row, "changed", G_CALLBACK (source_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->show_odds_switch, "notify::active", G_CALLBACK (show_odds_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->show_odds_switch),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Show the odds"), -1);
  gtk_drawing_area_set_draw_func (self->chart, draw_chart, self, NULL);

  add_counter (self, C_THREAT, _("Threat dice"), _("One Threat die fewer"),
               _("One Threat die more"));
  add_counter (self, C_UNCANCELLABLE, _("Uncancellable Threat dice"),
               _("One uncancellable die fewer"), _("One uncancellable die more"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->counter_rows[C_UNCANCELLABLE]),
                               _("Shown on a red background; nothing discards them"));
  add_counter (self, C_DISCARD, _("Discarded by cards"), _("One die fewer discarded"),
               _("One more die discarded"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->counter_rows[C_DISCARD]),
                               _("“Discard X Threat dice” effects, added up"));

  row = adw_action_row_new ();
  self->discard_all_switch = GTK_SWITCH (gtk_switch_new ());
  gtk_widget_set_valign (GTK_WIDGET (self->discard_all_switch), GTK_ALIGN_CENTER);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("A card discards them all"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Every cancellable Threat die"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->discard_all_switch));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row),
                                         GTK_WIDGET (self->discard_all_switch));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->discard_all_switch),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("A card discards them all"),
                                  -1);
  g_signal_connect_object (self->discard_all_switch, "notify::active",
                           G_CALLBACK (discard_all_cb), self, G_CONNECT_SWAPPED);
  adw_preferences_group_add (self->prep_group, row);
  self->discard_all_row = row;

  add_counter (self, C_DEFEND, _("DEFEND: discard Yellow dice"), _("One Yellow die fewer"),
               _("One Yellow die more"));
  add_counter (self, C_DEFEND_PLACED, _("DEFEND: Yellow dice placed here"),
               _("One placed Yellow die fewer"), _("One placed Yellow die more"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->counter_rows[C_DEFEND_PLACED]),
                               _("Already off the supply; one Threat die each"));
  add_counter (self, C_RIFT, _("Rift"), _("Rift one lower"), _("Rift one higher"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->counter_rows[C_RIFT]),
                               _("Trial Property: supply dice discarded before the roll"));

  row = adw_action_row_new ();
  {
    GtkWidget *restart = gtk_button_new_with_mnemonic (_("_Change"));
    gtk_widget_set_valign (restart, GTK_ALIGN_CENTER);
    gtk_widget_add_css_class (restart, "threat-touch");
    gtk_widget_set_tooltip_text (restart, _("Back to step 1; the roll is dropped"));
    gtk_actionable_set_action_name (GTK_ACTIONABLE (restart), "threat.restart");
    adw_action_row_add_suffix (ADW_ACTION_ROW (row), restart);
  }
  gtk_widget_set_visible (row, FALSE);
  adw_preferences_group_add (self->prep_group, row);
  self->prep_summary_row = row;

  self->prep_error_label = GTK_LABEL (wrap_label ("", "error"));
  gtk_widget_set_margin_top (GTK_WIDGET (self->prep_error_label), 6);
  gtk_widget_set_visible (GTK_WIDGET (self->prep_error_label), FALSE);
  adw_preferences_group_add (self->prep_group, GTK_WIDGET (self->prep_error_label));

  refresh (self);
}
