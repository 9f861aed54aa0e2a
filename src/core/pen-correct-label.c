/* pen-correct-label.c: what a "correct" step did, in words, for the History list
 *
 * A correction names a value of the snapshot by its path ("contract_row[0].id",
 * "players[1].ingredients.blood"); the History list must never show that path, nor a card's
 * id. The label reads the path against the table before the correction: the wizard by name,
 * the card by its name, the place by what the table calls it ("Guild cell 1"). A path the
 * labeller does not know still gets words ("Ann: the board corrected", "The table
 * corrected").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-correct-label.h"
#include "pen-mark.h"
#include "pen-table-card.h"
#include "pen-turn.h"
#include "pen-wizard.h"

/* the parts of a path: "players[0].ingredients.blood" → players, 0, ingredients, blood */
static GStrv
split_target (const char *target)
{
  g_autofree char *norm = g_strdup (target);
  g_auto(GStrv) raw = NULL;
  g_autoptr(GStrvBuilder) parts = g_strv_builder_new ();

  g_strdelimit (norm, "[]", '.');
  raw = g_strsplit (norm, ".", -1);
  for (guint i = 0; raw[i] != NULL; i++)
    if (raw[i][0] != '\0')
      g_strv_builder_add (parts, raw[i]);
  return g_strv_builder_end (parts);
}

/* part as a list index, or -1 */
static gint64
index_of (const char *part)
{
  char *end = NULL;
  gint64 i;

  if (part == NULL || !g_ascii_isdigit (part[0]))
    return -1;
  i = g_ascii_strtoll (part, &end, 10);
  return end != NULL && *end == '\0' ? i : -1;
}

static gboolean
value_int (JsonNode *value,
           gint64   *out)
{
  if (value == NULL || !JSON_NODE_HOLDS_VALUE (value)
      || json_node_get_value_type (value) != G_TYPE_INT64)
    return FALSE;
  *out = json_node_get_int (value);
  return TRUE;
}

static const char *
value_string (JsonNode *value)
{
  if (value == NULL || !JSON_NODE_HOLDS_VALUE (value)
      || json_node_get_value_type (value) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (value);
}

static gboolean
value_true (JsonNode *value)
{
  return value != NULL && JSON_NODE_HOLDS_VALUE (value)
         && json_node_get_value_type (value) == G_TYPE_BOOLEAN && json_node_get_boolean (value);
}

/* the card at index of list, NULL past its end (transfer none) */
static const char *
card_at (GListModel *list,
         gint64      index)
{
  g_autoptr(PenTableCard) card = NULL;

  if (index < 0 || index >= g_list_model_get_n_items (list))
    return NULL;
  card = g_list_model_get_item (list, index);
  return pen_table_card_get_card_id (card);
}

/* a card list of the table: its name in a sentence, the row cell's name */
static const char *
list_label (const char *list)
{
  if (g_str_equal (list, "trial_row"))
    return _("The row of Trials");
  if (g_str_equal (list, "contract_row"))
    return _("The Guild’s Contracts");
  if (g_str_equal (list, "contract_deck"))
    return _("The Contract deck");
  if (g_str_equal (list, "fate_deck"))
    return _("The Fate deck");
  if (g_str_equal (list, "in_play"))
    return _("The cards in play");
  if (g_str_equal (list, "markets"))
    return _("The markets");
  if (g_str_equal (list, "market_decks"))
    return _("The market decks");
  return NULL;
}

static GListModel *
list_model (PenTable   *table,
            const char *list)
{
  if (g_str_equal (list, "trial_row"))
    return pen_table_get_trial_row (table);
  if (g_str_equal (list, "contract_row"))
    return pen_table_get_contract_row (table);
  if (g_str_equal (list, "contract_deck"))
    return pen_table_get_contract_deck (table);
  if (g_str_equal (list, "fate_deck"))
    return pen_table_get_fate_deck (table);
  if (g_str_equal (list, "in_play"))
    return pen_table_get_in_play (table);
  if (g_str_equal (list, "markets"))
    return pen_table_get_markets (table);
  return NULL;
}

/* a card of the table's lists: "contract_row", 2, "id" */
static char *
label_card_list (PenTable    *table,
                 const char  *list,
                 char       **rest,
                 JsonNode    *value)
{
  const char *what = list_label (list);
  GListModel *model = list_model (table, list);
  gint64 index = index_of (rest[0]);
  const char *old = model ? card_at (model, index) : NULL;

  if (what == NULL)
    return NULL;
  if (index >= 0 && g_strcmp0 (rest[1], "id") == 0 && rest[2] == NULL)
    {
      const char *id = value_string (value);

      if (g_str_equal (list, "contract_row"))
        {
          if (id == NULL)
            return g_strdup_printf (_("Guild cell %u emptied"), (guint) index + 1);
          if (old != NULL && g_strcmp0 (old, id) != 0)
            /* e.g. "Guild cell 1: Lost Hut in place of Contract 8 of 36" */
            return g_strdup_printf (_("Guild cell %u: %s in place of %s"), (guint) index + 1,
                                    pen_turn_card_name (id), pen_turn_card_name (old));
          return g_strdup_printf (_("%s put in Guild cell %u"), pen_turn_card_name (id),
                                  (guint) index + 1);
        }
      if (g_str_equal (list, "trial_row"))
        {
          if (id == NULL)
            return g_strdup_printf (_("Place %u of the row of Trials emptied"),
                                    (guint) index + 1);
          return g_strdup_printf (_("%s put in place %u of the row of Trials"),
                                  pen_turn_card_name (id), (guint) index + 1);
        }
      /* "The Fate deck: card 3 is Wildwood" */
      return g_strdup_printf (_("%s: card %u is %s"), what, (guint) index + 1,
                              pen_turn_card_name (id));
    }
  if (index >= 0 && old != NULL)
    return g_strdup_printf (_("%s: %s corrected"), what, pen_turn_card_name (old));
  return g_strdup_printf (_("%s corrected"), what);
}

static char *
label_supply (PenWizard  *w,
              char      **rest,
              JsonNode   *value)
{
  const char *name = pen_wizard_get_display_name (w);
  gint64 index = index_of (rest[0]);
  gint64 n;

  if (index < 0)
    return g_strdup_printf (_("%s: the dice in the supply corrected"), name);
  if (g_strcmp0 (rest[1], "value") == 0 && value_int (value, &n))
    return g_strdup_printf (_("%s: die %u of the supply shows %d"), name, (guint) index + 1,
                            (int) n);
  if (g_strcmp0 (rest[1], "color") == 0 && value_string (value) != NULL
      && pen_color_from_string (value_string (value)) >= 0)
    return g_strdup_printf (_("%s: die %u of the supply is a %s"), name, (guint) index + 1,
                            pen_color_get_die_name (pen_color_from_string (value_string (value))));
  if (g_strcmp0 (rest[1], "temporary") == 0)
    return g_strdup_printf (value_true (value) ? _("%s: die %u of the supply is temporary")
                                               : _("%s: die %u of the supply is kept"),
                            name, (guint) index + 1);
  return g_strdup_printf (_("%s: die %u of the supply corrected"), name, (guint) index + 1);
}

static char *
label_marks (PenWizard  *w,
             char      **rest,
             JsonNode   *value)
{
  const char *name = pen_wizard_get_display_name (w);
  GListModel *marks = pen_wizard_get_marks (w);
  gint64 index = index_of (rest[0]);
  g_autoptr(PenMark) mark = NULL;
  const char *kind;
  gint64 n;

  if (index < 0 || index >= g_list_model_get_n_items (marks))
    return g_strdup_printf (_("%s: the Marks corrected"), name);
  mark = g_list_model_get_item (marks, index);
  kind = pen_mark_kind_get_label (pen_mark_get_kind (mark));
  if (g_strcmp0 (rest[1], "state") == 0 && value_string (value) != NULL
      && pen_mark_state_from_string (value_string (value)) >= 0)
    /* e.g. "Ann: Ruby Mark: Wounded" */
    return g_strdup_printf (_("%s: %s Mark: %s"), name, kind,
                            pen_mark_state_get_label (pen_mark_state_from_string
                                                        (value_string (value))));
  if (g_strcmp0 (rest[1], "value") == 0 && value_int (value, &n))
    return g_strdup_printf (_("%s: the value under the %s Mark is %d"), name, kind, (int) n);
  return g_strdup_printf (_("%s: %s Mark corrected"), name, kind);
}

static char *
label_cards (PenWizard  *w,
             char      **rest,
             JsonNode   *value)
{
  const char *name = pen_wizard_get_display_name (w);
  gint64 index = index_of (rest[0]);
  const char *old = card_at (pen_wizard_get_cards (w), index);

  if (old == NULL && index < 0)
    return g_strdup_printf (_("%s: the cards corrected"), name);
  if (g_strcmp0 (rest[1], "id") == 0 && value_string (value) != NULL)
    return g_strdup_printf (_("%s: %s in place of %s"), name,
                            pen_turn_card_name (value_string (value)), pen_turn_card_name (old));
  if (g_strcmp0 (rest[1], "zone") == 0 && pen_zone_get_label (value_string (value)) != NULL)
    /* e.g. "Ann: Goldeater now in Experience" */
    return g_strdup_printf (_("%s: %s now in %s"), name, pen_turn_card_name (old),
                            pen_zone_get_label (value_string (value)));
  if (g_strcmp0 (rest[1], "rotated") == 0)
    return g_strdup_printf (value_true (value) ? _("%s rotates %s") : _("%s unrotates %s"),
                            name, pen_turn_card_name (old));
  return g_strdup_printf (_("%s: %s corrected"), name, pen_turn_card_name (old));
}

/* "players", 0, … */
static char *
label_player (PenTable    *table,
              char       **rest,
              JsonNode    *value)
{
  gint64 index = index_of (rest[0]);
  const char *key = rest[0] ? rest[1] : NULL;
  PenWizard *w;
  const char *name;
  gint64 n;

  if (index < 0 || index >= pen_table_get_n_players (table))
    return g_strdup (_("The players corrected"));
  w = pen_table_get_wizard (table, index);
  name = pen_wizard_get_display_name (w);
  if (key == NULL)
    return g_strdup_printf (_("%s: the whole board corrected"), name);
  rest += 2;
  if (g_str_equal (key, "supply"))
    return label_supply (w, rest, value);
  if (g_str_equal (key, "marks"))
    return label_marks (w, rest, value);
  if (g_str_equal (key, "cards"))
    return label_cards (w, rest, value);
  if (g_str_equal (key, "ingredients") && rest[0] != NULL
      && pen_ingredient_from_string (rest[0]) >= 0 && value_int (value, &n))
    /* e.g. "Ann: Blood corrected to 4" */
    return g_strdup_printf (_("%s: %s corrected to %d"), name,
                            pen_ingredient_get_label (pen_ingredient_from_string (rest[0])),
                            (int) n);
  if (g_str_equal (key, "ingredients"))
    return g_strdup_printf (_("%s: the ingredients corrected"), name);
  if (g_str_equal (key, "light") && value_int (value, &n))
    return g_strdup_printf (_("%s: Light corrected to %d"), name, (int) n);
  if (g_str_equal (key, "dark") && value_int (value, &n))
    return g_strdup_printf (_("%s: Darkness corrected to %d"), name, (int) n);
  if (g_str_equal (key, "mortal_wounds") && value_int (value, &n))
    return g_strdup_printf (_("%s: Mortal Wounds corrected to %d"), name, (int) n);
  if (g_str_equal (key, "mortal_wound_this_turn"))
    return g_strdup_printf (value_true (value) ? _("%s: a Mortal Wound this turn")
                                               : _("%s: no Mortal Wound this turn"), name);
  if (g_str_equal (key, "must_rest"))
    return g_strdup_printf (value_true (value) ? _("%s must rest next turn")
                                               : _("%s need not rest next turn"), name);
  if (g_str_equal (key, "name") && value_string (value) != NULL)
    return g_strdup_printf (_("%s is now called %s"), name, value_string (value));
  if (g_str_equal (key, "goal_vp") && rest[0] != NULL && value_int (value, &n))
    return g_strdup_printf (_("%s: points for %s corrected to %d"), name,
                            pen_turn_card_name (rest[0]), (int) n);
  return g_strdup_printf (_("%s: the board corrected"), name);
}

char *
pen_correct_label (PenTable   *table,
                   const char *target,
                   JsonNode   *value)
{
  g_auto(GStrv) parts = NULL;
  const char *top;
  char *label = NULL;
  gint64 n;

  g_return_val_if_fail (PEN_IS_TABLE (table), NULL);
  g_return_val_if_fail (target != NULL, NULL);

  parts = split_target (target);
  top = parts[0];
  if (top == NULL)
    return g_strdup (_("The table corrected"));
  if (g_str_equal (top, "players"))
    return label_player (table, parts + 1, value);
  if (list_label (top) != NULL && (label = label_card_list (table, top, parts + 1, value)))
    return label;
  if (g_str_equal (top, "current") && value_int (value, &n) && n >= 0
      && n < pen_table_get_n_players (table))
    return g_strdup_printf (_("%s’s turn now"),
                            pen_wizard_get_display_name (pen_table_get_wizard (table, n)));
  if (g_str_equal (top, "turn") && value_int (value, &n))
    return g_strdup_printf (_("Turn number corrected to %d"), (int) n);
  if (g_str_equal (top, "turn_kind") && value_string (value) != NULL
      && pen_turn_kind_from_string (value_string (value)) >= 0)
    return g_strdup_printf (_("This turn: %s"),
                            pen_turn_kind_get_label (pen_turn_kind_from_string
                                                       (value_string (value))));
  if (g_str_equal (top, "placements_left") && value_int (value, &n))
    return g_strdup_printf (_("Placements left this turn corrected to %d"), (int) n);
  if (g_str_equal (top, "trinket_used"))
    return g_strdup (value_true (value) ? _("The Trinket’s extra placement used this turn")
                                        : _("The Trinket’s extra placement not used this turn"));
  if (g_str_equal (top, "guild_placements") && value_int (value, &n))
    return g_strdup_printf (_("Guild placements this turn corrected to %d"), (int) n);
  if (g_str_equal (top, "trials_this_turn") && value_int (value, &n))
    return g_strdup_printf (_("Trials attempted this turn corrected to %d"), (int) n);
  if (g_str_equal (top, "cell_values") && parts[1] != NULL && index_of (parts[1]) >= 0
      && value_int (value, &n))
    return g_strdup_printf (_("Wizard board: the value under cell %d is %d"),
                            (int) index_of (parts[1]) + 1, (int) n);
  if (g_str_equal (top, "cell_values"))
    return g_strdup (_("Wizard board: the values under the cells corrected"));
  if (g_str_equal (top, "placed"))
    return g_strdup (_("The dice in locations corrected"));
  if (g_str_equal (top, "trial"))
    return g_strdup (_("The Trial in progress corrected"));
  if (g_str_equal (top, "hide_odds"))
    return g_strdup (value_true (value) ? _("Odds hidden") : _("Odds shown"));
  if (g_str_equal (top, "classes"))
    return g_strdup (_("The Classes in the game corrected"));
  if (g_str_equal (top, "solo_level") && value_int (value, &n))
    return g_strdup_printf (_("The Rival’s level corrected to %d"), (int) n);
  if (g_str_equal (top, "phase") || g_str_equal (top, "final_turns")
      || g_str_equal (top, "ended_by"))
    return g_strdup (_("The end of the game corrected"));
  if (g_str_equal (top, "mode") || g_str_equal (top, "table_rolls")
      || g_str_equal (top, "table_markets"))
    return g_strdup (_("Who rolls and shuffles corrected"));
  return g_strdup (_("The table corrected"));
}
