/* pen-action.c: the action kinds and their rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-action.h"
#include "pen-box.h"
#include "pen-correct-label.h"
#include "pen-json.h"
#include "pen-locations.h"
#include "pen-rest.h"
#include "pen-rival.h"
#include "pen-rule.h"
#include "pen-score.h"
#include "pen-turn.h"

typedef gboolean (*ApplyFunc) (PenTable    *table,
                               JsonObject  *params,
                               GString     *label,
                               GError     **error);

typedef struct
{
  const char         *kind;
  const char * const *keys;
  ApplyFunc           apply;
} ActionKind;

struct _PenAction
{
  GObject           parent_instance;

  const ActionKind *kind;
  JsonObject       *params;
  char             *label;
  char             *before;   /* pen_table_snapshot () of the table before the last apply */
  JsonNode         *before_node; /* before, parsed ahead (pen_action_prepare_revert ()) */
  GArray           *overrides; /* guint PenRule: the rules the last apply overruled */
};

G_DEFINE_FINAL_TYPE (PenAction, pen_action, G_TYPE_OBJECT)

#define P "$"

/* ---- parameter helpers ---- */

static PenWizard *
get_wizard (PenTable    *table,
            JsonObject  *params,
            GError     **error)
{
  gint64 w;
  guint n = pen_table_get_n_players (table);

  if (n == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "no game has been started");
      return NULL;
    }
  if (!pen_json_get_int (params, P, "wizard", TRUE, 0, n - 1, &w, error))
    return NULL;
  return pen_table_get_wizard (table, w);
}

static PenDie *
get_die (PenWizard   *wizard,
         JsonObject  *params,
         guint       *index,
         GError     **error)
{
  guint n = g_list_model_get_n_items (pen_wizard_get_supply (wizard));
  gint64 i;

  if (n == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "%s has no dice", pen_wizard_get_name (wizard));
      return NULL;
    }
  if (!pen_json_get_int (params, P, "index", TRUE, 0, n - 1, &i, error))
    return NULL;
  if (index)
    *index = i;
  return pen_wizard_get_die (wizard, i);
}

static PenMark *
get_mark (PenWizard   *wizard,
          JsonObject  *params,
          GError     **error)
{
  gint64 cell;
  PenMark *mark;

  if (!pen_json_get_int (params, P, "cell", TRUE, 0, PEN_MARK_CELLS - 1, &cell, error))
    return NULL;
  mark = pen_wizard_get_mark_in_cell (wizard, cell);
  if (mark == NULL)
    g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$.cell: cell %d holds no mark",
                 (int) cell);
  return mark;
}

static gboolean
get_face (PenTable    *table,
          JsonObject  *params,
          const char  *key,
          PenColor     color,
          guint       *value,
          GError     **error)
{
  gint64 v = 0;

  if (!pen_json_get_int (params, P, key, FALSE, 1, 6, &v, error))
    return FALSE;
  /* without a value the die is rolled: by the table in physical mode ("faces") */
  *value = v ? (guint) v : pen_rule_roll_die (table, color, TRUE);
  return TRUE;
}

static PenCard *
lookup_card (const char  *id,
             const char  *path,
             GError     **error)
{
  PenCard *card = pen_catalog_lookup (pen_catalog_get_default (), id);

  if (card == NULL)
    g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: \"%s\" is not a known card id", path,
                 id);
  return card;
}

static const char *
card_name (const char *id)
{
  return pen_turn_card_name (id);
}

static void
describe_die (GString    *s,
              PenColor    color,
              guint       value)
{
  g_string_append_printf (s, _("%s %u"), pen_color_get_label (color), value);
}

/* ---- kinds ---- */

static gboolean
apply_new_game (PenTable    *table,
                JsonObject  *params,
                GString     *label,
                GError     **error)
{
  return pen_turn_new_game (table, params, label, error);
}

/* "resume": a game saved before the log recorded its set-up (the first version's saves) cannot
 * be replayed by today's rules and dealing, so it goes on from the table it saved:
 * {"action": "resume", "table": {the saved snapshot}, "earlier": [its old log, as it was]}.
 * Like new-game it can only start a log. */
static gboolean
apply_resume (PenTable    *table,
              JsonObject  *params,
              GString     *label,
              GError     **error)
{
  JsonNode *earlier = json_object_get_member (params, "earlier");
  guint n = 0;

  if (pen_table_get_n_players (table) > 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$.action: a game is already under way");
      return FALSE;
    }
  if (!json_object_has_member (params, "table"))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.table: missing");
      return FALSE;
    }
  if (earlier != NULL)
    {
      if (!JSON_NODE_HOLDS_ARRAY (earlier))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.earlier: not an array");
          return FALSE;
        }
      n = json_array_get_length (json_node_get_array (earlier));
    }
  if (!pen_table_load_json (table, json_object_get_member (params, "table"), error))
    return FALSE;
  g_string_append_printf (label, g_dngettext (GETTEXT_PACKAGE,
                                              "Resumed an older save: %u step kept",
                                              "Resumed an older save: %u steps kept", n), n);
  return TRUE;
}

static gboolean
apply_die_gain (PenTable    *table,
                JsonObject  *params,
                GString     *label,
                GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  gboolean temporary = FALSE;
  g_autoptr(PenDie) die = NULL;
  int color;
  guint value;

  if (w == NULL
      || !pen_json_get_enum (params, P, "color", TRUE, pen_color_from_string, "die colour",
                             &color, error)
      || !pen_json_get_bool (params, P, "temporary", FALSE, &temporary, error)
      || !get_face (table, params, "value", color, &value, error))
    return FALSE;

  die = pen_die_new (color, value, temporary);
  pen_wizard_add_die (w, die);
  g_string_printf (label, _("%s gains a die: "), pen_wizard_get_display_name (w));
  describe_die (label, color, value);
  return TRUE;
}

static gboolean
apply_die_discard (PenTable    *table,
                   JsonObject  *params,
                   GString     *label,
                   GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  PenDie *die;
  guint index;

  if (w == NULL || !(die = get_die (w, params, &index, error)))
    return FALSE;
  g_string_printf (label, _("%s discards a die: "), pen_wizard_get_display_name (w));
  describe_die (label, pen_die_get_color (die), pen_die_get_value (die));
  pen_wizard_remove_die (w, index);
  return TRUE;
}

static gboolean
apply_die_place (PenTable    *table,
                 JsonObject  *params,
                 GString     *label,
                 GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  const char *location = NULL;
  gboolean outside = FALSE;
  g_autoptr(PenDie) placed = NULL;
  PenDie *die;
  guint index;

  if (w == NULL || !(die = get_die (w, params, &index, error))
      || !pen_json_get_string (params, P, "location", FALSE, &location, error)
      || !pen_json_get_bool (params, P, "outside", FALSE, &outside, error))
    return FALSE;

  if (!pen_turn_use_placement (table, w, params, error))
    return FALSE;

  placed = pen_die_new (pen_die_get_color (die), pen_die_get_value (die), FALSE);
  g_list_store_append (G_LIST_STORE (pen_table_get_placed (table)), placed);
  if (location)
    {
      /* the location's name ("the Guild" reads "Guild"), not its id ("guild": play finding
       * Y1, the Rival's turns in History); a location the data does not know keeps its word */
      const char *name = pen_locations_get_name (pen_locations_get_default (), location);

      g_string_printf (label, _("%s places a die in %s: "), pen_wizard_get_display_name (w),
                       name ? name : location);
    }
  else
    g_string_printf (label, _("%s places a die: "), pen_wizard_get_display_name (w));
  describe_die (label, pen_die_get_color (die), pen_die_get_value (die));
  pen_wizard_remove_die (w, index);
  return TRUE;
}

static gboolean
apply_die_change (PenTable    *table,
                  JsonObject  *params,
                  GString     *label,
                  GError     **error,
                  const char  *kind)
{
  PenWizard *w = get_wizard (table, params, error);
  PenDie *die;
  guint old, value;
  PenColor old_color;
  gboolean setup = FALSE;

  if (w == NULL || !(die = get_die (w, params, NULL, error)))
    return FALSE;
  old = pen_die_get_value (die);
  old_color = pen_die_get_color (die);

  /* Primagic Manipulate: Crystals pay for it (1 reroll, 2 adjust, 2 flip, 3 recolour) */
  if (json_object_has_member (params, "primagic"))
    {
      gboolean primagic = FALSE;
      guint cost = g_str_equal (kind, "reroll") ? 1 : g_str_equal (kind, "recolor") ? 3 : 2;
      guint have = pen_wizard_get_ingredient (w, PEN_INGREDIENT_CRYSTAL);

      if (!pen_json_get_bool (params, P, "primagic", TRUE, &primagic, error))
        return FALSE;
      if (primagic && g_str_equal (kind, "set"))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "$.primagic: Crystals cannot set a die");
          return FALSE;
        }
      if (primagic && have < cost)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED,
                       "$.primagic: this costs %u Crystals and %s has %u", cost,
                       pen_wizard_get_name (w), have);
          return FALSE;
        }
      if (primagic)
        pen_wizard_set_ingredient (w, PEN_INGREDIENT_CRYSTAL, have - cost);
    }

  if (g_str_equal (kind, "set"))
    {
      gint64 v;
      if (!pen_json_get_int (params, P, "value", TRUE, 1, 6, &v, error)
          || !pen_json_get_bool (params, P, "setup", FALSE, &setup, error))
        return FALSE;
      value = v;
    }
  else if (g_str_equal (kind, "flip"))
    value = 7 - old;
  else if (g_str_equal (kind, "adjust"))
    {
      gint64 delta;
      if (!pen_json_get_int (params, P, "delta", TRUE, -1, 1, &delta, error))
        return FALSE;
      if (delta == 0 || (int) old + delta < 1 || (int) old + delta > 6)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED,
                       "$.delta: a %u cannot be adjusted by %+d", old, (int) delta);
          return FALSE;
        }
      value = old + delta;
    }
  else if (g_str_equal (kind, "reroll"))
    {
      if (!get_face (table, params, "value", old_color, &value, error))
        return FALSE;
    }
  else /* recolor */
    {
      int color;
      if (!pen_json_get_enum (params, P, "color", TRUE, pen_color_from_string, "die colour",
                              &color, error))
        return FALSE;
      if ((PenColor) color == old_color)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED,
                       "$.color: recolouring needs a different colour");
          return FALSE;
        }
      pen_die_set_color (die, color);
      value = old;
    }

  pen_die_set_value (die, value);
  /* physical set-up: the face the table rolled, said in the assistant; the face it takes the
   * place of was the app's preview, never at the table, so it is not shown (play finding V2) */
  if (setup)
    {
      g_autoptr(GString) face = g_string_new (NULL);

      describe_die (face, pen_die_get_color (die), value);
      /* Translators: physical play, a starting die as the table rolled it: "Ann: the table
       * rolled Bone 5 at set-up" */
      g_string_printf (label, _("%s: the table rolled %s at set-up"),
                       pen_wizard_get_display_name (w), face->str);
      return TRUE;
    }
  g_string_printf (label, "%s: ", pen_wizard_get_display_name (w));
  describe_die (label, old_color, old);
  g_string_append (label, " → ");
  describe_die (label, pen_die_get_color (die), value);
  return TRUE;
}

#define DIE_CHANGE(name, kind)                                                    \
  static gboolean                                                                 \
  apply_die_##name (PenTable *table, JsonObject *params, GString *label,         \
                    GError **error)                                               \
  {                                                                               \
    return apply_die_change (table, params, label, error, kind);                  \
  }

DIE_CHANGE (set, "set")
DIE_CHANGE (flip, "flip")
DIE_CHANGE (adjust, "adjust")
DIE_CHANGE (reroll, "reroll")
DIE_CHANGE (recolor, "recolor")

static gboolean
apply_ingredient (PenTable    *table,
                  JsonObject  *params,
                  GString     *label,
                  GError     **error,
                  gboolean     gain)
{
  PenWizard *w = get_wizard (table, params, error);
  gint64 count = 1;
  int ing;
  guint have;

  if (w == NULL
      || !pen_json_get_enum (params, P, "ingredient", TRUE, pen_ingredient_from_string,
                             "ingredient", &ing, error)
      || !pen_json_get_int (params, P, "count", FALSE, 1, 99, &count, error))
    return FALSE;

  have = pen_wizard_get_ingredient (w, ing);
  if (gain)
    {
      /* over 12, the excess goes straight back to the common supply */
      g_autofree char *amount = pen_ingredient_format_amount (ing, count);

      pen_wizard_set_ingredient (w, ing, MIN (have + count, PEN_INGREDIENT_CAP));
      /* Translators: a wizard, then an amount: "Boris gains 2 Jewels" */
      g_string_printf (label, C_("ingredients", "%s gains %s"), pen_wizard_get_display_name (w), amount);
    }
  else
    {
      if (have < count)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$.count: %s has only %u %s",
                       pen_wizard_get_name (w), have, pen_ingredient_to_string (ing));
          return FALSE;
        }
      g_autofree char *amount = pen_ingredient_format_amount (ing, count);

      pen_wizard_set_ingredient (w, ing, have - count);
      /* Translators: a wizard, then an amount: "Boris spends 2 Jewels" */
      g_string_printf (label, C_("ingredients", "%s spends %s"), pen_wizard_get_display_name (w), amount);
    }
  return TRUE;
}

static gboolean
apply_ingredient_gain (PenTable *table, JsonObject *params, GString *label, GError **error)
{
  return apply_ingredient (table, params, label, error, TRUE);
}

static gboolean
apply_ingredient_spend (PenTable *table, JsonObject *params, GString *label, GError **error)
{
  return apply_ingredient (table, params, label, error, FALSE);
}

static gboolean
apply_mark_gain (PenTable    *table,
                 JsonObject  *params,
                 GString     *label,
                 GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  gboolean rest_effect = TRUE;
  int kind;

  if (w == NULL
      || !pen_json_get_enum (params, P, "kind", TRUE, pen_mark_kind_from_string, "mark kind",
                             &kind, error)
      || !pen_json_get_bool (params, P, "rest_effect", FALSE, &rest_effect, error))
    return FALSE;

  if (!pen_turn_gain_mark (table, w, kind, rest_effect, error))
    return FALSE;
  /* Translators: a wizard, then a Mark with its article: "Boris gains a Ruby Mark" */
  g_string_printf (label, C_("mark", "%s gains %s"), pen_wizard_get_display_name (w),
                   pen_mark_kind_get_mark_object (kind));
  return TRUE;
}

static gboolean
apply_mark_state (PenTable    *table,
                  JsonObject  *params,
                  GString     *label,
                  GError     **error,
                  PenMarkState from_mask_charged,
                  const char  *what)
{
  PenWizard *w = get_wizard (table, params, error);
  PenMark *mark;
  PenMarkState state;

  if (w == NULL || !(mark = get_mark (w, params, error)))
    return FALSE;
  state = pen_mark_get_state (mark);

  if (g_str_equal (what, "use"))
    {
      if (state != PEN_MARK_CHARGED)
        goto refused;
      pen_mark_set_state (mark, PEN_MARK_DISCHARGED);
      g_string_printf (label, C_("mark", "%s uses %s"), pen_wizard_get_display_name (w),
                       pen_mark_kind_get_mark_object (pen_mark_get_kind (mark)));
    }
  else if (g_str_equal (what, "recharge"))
    {
      if (state != PEN_MARK_DISCHARGED)
        goto refused;
      pen_mark_set_state (mark, PEN_MARK_CHARGED);
      g_string_printf (label, C_("mark", "%s recharges %s"), pen_wizard_get_display_name (w),
                       pen_mark_kind_get_mark_object (pen_mark_get_kind (mark)));
    }
  else if (g_str_equal (what, "wound"))
    {
      if (state == PEN_MARK_WOUNDED)
        goto refused;
      pen_mark_set_state (mark, PEN_MARK_WOUNDED);
      /* Translators: a wizard, then a Mark's name: "Boris: Ruby Mark wounded" */
      g_string_printf (label, _("%s: %s wounded"), pen_wizard_get_display_name (w),
                       pen_mark_kind_get_mark_name (pen_mark_get_kind (mark)));
    }
  else if (g_str_equal (what, "heal"))
    {
      gboolean rest_effect = TRUE;

      if (state != PEN_MARK_WOUNDED)
        goto refused;
      if (!pen_json_get_bool (params, P, "rest_effect", FALSE, &rest_effect, error))
        return FALSE;
      pen_mark_set_state (mark, PEN_MARK_CHARGED);
      if (rest_effect)
        pen_turn_rest_effect (table, w, mark);
      g_string_printf (label, C_("mark", "%s heals %s"), pen_wizard_get_display_name (w),
                       pen_mark_kind_get_mark_object (pen_mark_get_kind (mark)));
    }
  else /* blood */
    {
      if (state != PEN_MARK_WOUNDED)
        goto refused;
      pen_mark_set_state (mark, PEN_MARK_DISCHARGED);
      /* Translators: a wizard, then a Mark with its article: "… to use a Ruby Mark …" */
      g_string_printf (label, _("%s pays 1 Blood to use %s that is wounded"),
                       pen_wizard_get_display_name (w),
                       pen_mark_kind_get_mark_object (pen_mark_get_kind (mark)));
    }
  return TRUE;

refused:
  g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$.cell: a %s mark cannot be %s",
               pen_mark_state_to_string (state),
               g_str_equal (what, "use") ? "used" :
               g_str_equal (what, "recharge") ? "recharged" :
               g_str_equal (what, "wound") ? "wounded again" :
               g_str_equal (what, "heal") ? "healed" : "flipped for Blood");
  return FALSE;
}

#define MARK_STATE(name)                                                          \
  static gboolean                                                                 \
  apply_mark_##name (PenTable *table, JsonObject *params, GString *label,        \
                     GError **error)                                              \
  {                                                                               \
    return apply_mark_state (table, params, label, error, 0, #name);              \
  }

MARK_STATE (use)
MARK_STATE (recharge)
MARK_STATE (wound)
MARK_STATE (heal)
MARK_STATE (blood)

static gboolean
apply_card_gain (PenTable    *table,
                 JsonObject  *params,
                 GString     *label,
                 GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  const char *id = NULL, *zone = NULL;
  g_autoptr(PenTableCard) tc = NULL;
  PenCard *card;

  if (w == NULL || !pen_json_get_string (params, P, "card", TRUE, &id, error)
      || !pen_json_get_string (params, P, "zone", FALSE, &zone, error)
      || !(card = lookup_card (id, "$.card", error)))
    return FALSE;

  /* Two cards of the same name never share a play area. */
  if (pen_wizard_find_card (w, id) >= 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$.card: %s already has %s",
                   pen_wizard_get_name (w), id);
      return FALSE;
    }

  if (zone == NULL)
    zone = pen_turn_default_zone (card);
  if (!pen_turn_check_zone (w, card, zone, error))
    return FALSE;

  tc = pen_table_card_new (id, zone, FALSE, NULL);
  pen_wizard_add_card (w, tc);
  g_string_printf (label, _("%s gains %s"), pen_wizard_get_display_name (w), card_name (id));
  return TRUE;
}

static PenTableCard *
get_owned_card (PenWizard   *w,
                JsonObject  *params,
                guint       *index,
                GError     **error)
{
  const char *id = NULL;
  int i;

  if (!pen_json_get_string (params, P, "card", TRUE, &id, error))
    return NULL;
  i = pen_wizard_find_card (w, id);
  if (i < 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$.card: %s has no %s",
                   pen_wizard_get_name (w), id);
      return NULL;
    }
  if (index)
    *index = i;
  {
    g_autoptr(PenTableCard) tc = g_list_model_get_item (pen_wizard_get_cards (w), i);
    return tc;
  }
}

static gboolean
apply_card_rotate (PenTable    *table,
                   JsonObject  *params,
                   GString     *label,
                   GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  gboolean rotated = TRUE;
  PenTableCard *tc;

  if (w == NULL || !(tc = get_owned_card (w, params, NULL, error))
      || !pen_json_get_bool (params, P, "rotated", FALSE, &rotated, error))
    return FALSE;
  if (pen_table_card_get_rotated (tc) == rotated)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$.card: %s is already %s",
                   pen_table_card_get_card_id (tc), rotated ? "rotated" : "upright");
      return FALSE;
    }
  pen_table_card_set_rotated (tc, rotated);
  /* a brewed Potion that unrotates, by whatever effect, goes back to the Grimoire as a Recipe
   * (as on Rest); a ready-made one is discarded when used, never rotated */
  if (!rotated && g_strcmp0 (pen_table_card_get_zone (tc), PEN_ZONE_INVENTORY) == 0)
    {
      PenCard *card = pen_catalog_lookup (pen_catalog_get_default (),
                                          pen_table_card_get_card_id (tc));

      if (card != NULL && pen_card_get_card_type (card) == PEN_CARD_POTION)
        pen_table_card_set_zone (tc, PEN_ZONE_GRIMOIRE);
    }
  g_string_printf (label, rotated ? _("%s rotates %s") : _("%s unrotates %s"),
                   pen_wizard_get_display_name (w), card_name (pen_table_card_get_card_id (tc)));
  return TRUE;
}

static gboolean
apply_card_move (PenTable    *table,
                 JsonObject  *params,
                 GString     *label,
                 GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  const char *zone = NULL;
  PenTableCard *tc;
  PenCard *card;
  const char *shown;

  if (w == NULL || !(tc = get_owned_card (w, params, NULL, error))
      || !pen_json_get_string (params, P, "zone", TRUE, &zone, error))
    return FALSE;
  card = pen_catalog_lookup (pen_catalog_get_default (), pen_table_card_get_card_id (tc));
  if (card != NULL && !pen_turn_check_zone (w, card, zone, error))
    return FALSE;
  pen_table_card_set_zone (tc, zone);
  shown = pen_zone_get_label (zone);
  g_string_printf (label, _("%s moves %s to %s"), pen_wizard_get_display_name (w),
                   card_name (pen_table_card_get_card_id (tc)), shown ? shown : zone);
  return TRUE;
}

static gboolean
apply_card_discard (PenTable    *table,
                    JsonObject  *params,
                    GString     *label,
                    GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  PenTableCard *tc;
  guint index;

  if (w == NULL || !(tc = get_owned_card (w, params, &index, error)))
    return FALSE;
  g_string_printf (label, _("%s discards %s"), pen_wizard_get_display_name (w),
                   card_name (pen_table_card_get_card_id (tc)));
  pen_wizard_remove_card (w, index);
  return TRUE;
}

static gboolean
apply_contract_take (PenTable    *table,
                     JsonObject  *params,
                     GString     *label,
                     GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  g_autoptr(GString) threat_label = g_string_new (NULL);
  g_autofree char *id = NULL;
  gboolean fulfilled = TRUE;

  if (w == NULL
      || !(id = pen_turn_fulfil_contract (table, w, params, &fulfilled, threat_label, error)))
    return FALSE;
  if (fulfilled)
    g_string_printf (label, _("%s fulfils the contract %s"), pen_wizard_get_display_name (w),
                     card_name (id));
  else
    /* Translators: a wizard, then a Contract whose "Withstand Threat" task brought a Mortal
     * Wound */
    g_string_printf (label, _("%s does not fulfil the contract %s"),
                     pen_wizard_get_display_name (w), card_name (id));
  if (threat_label->len > 0)
    g_string_append_printf (label, "; %s", threat_label->str);
  if (fulfilled)
    pen_turn_label_reward_cards (params, label);
  return TRUE;
}

static gboolean
apply_contract_reserve (PenTable    *table,
                        JsonObject  *params,
                        GString     *label,
                        GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  g_autofree char *id = NULL;

  if (w == NULL || !(id = pen_turn_reserve_contract (table, w, params, error)))
    return FALSE;
  g_string_printf (label, _("%s reserves a contract"), pen_wizard_get_display_name (w));
  /* Bind's Blood paid by flipping a wounded Mark (USE BLOOD) */
  if (json_object_has_member (params, "blood_mark"))
    {
      PenMark *mark = pen_wizard_get_mark_in_cell (w, json_object_get_int_member (params,
                                                                                  "blood_mark"));

      if (mark != NULL)
        /* Translators: after "Ann reserves a contract"; a Mark's name */
        g_string_append_printf (label, _("; 1 Blood from the wounded %s"),
                                pen_mark_kind_get_mark_name (pen_mark_get_kind (mark)));
    }
  return TRUE;
}

static gboolean
apply_trial_take (PenTable    *table,
                  JsonObject  *params,
                  GString     *label,
                  GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  g_autoptr(GString) threat_label = g_string_new (NULL);
  g_autofree char *id = NULL;
  guint n_dice = w != NULL ? g_list_model_get_n_items (pen_wizard_get_supply (w)) : 0;
  gboolean passed = TRUE;
  const char *path;

  if (w == NULL
      || !(id = pen_turn_pass_trial (table, w, params, &passed, threat_label, error)))
    return FALSE;
  /* a "Withstand Threat" task that brought a Mortal Wound: the Trial is failed */
  if (!passed)
    {
      g_string_printf (label, _("%s fails the trial %s"), pen_wizard_get_display_name (w),
                       card_name (id));
      g_string_append_printf (label, "; %s", threat_label->str);
      return TRUE;
    }
  path = json_object_get_string_member_with_default (params, "path", NULL);
  /* the path said, as the Trial row's menu does: History follows the Light and the Darkness
   * counted at the end (play finding P6, session 12) */
  if (g_strcmp0 (path, "light") == 0)
    g_string_printf (label, _("%s passes the trial %s by the path of Light"),
                     pen_wizard_get_display_name (w), card_name (id));
  else if (g_strcmp0 (path, "dark") == 0)
    g_string_printf (label, _("%s passes the trial %s by the path of Darkness"),
                     pen_wizard_get_display_name (w), card_name (id));
  else
    g_string_printf (label, _("%s passes the trial %s"), pen_wizard_get_display_name (w),
                     card_name (id));
  if (threat_label->len > 0)
    g_string_append_printf (label, "; %s", threat_label->str);
  /* the reward's cards, as pen_turn_pass_trial () wrote them */
  pen_turn_label_reward_cards (params, label);
  /* a trial harder than the wizard's Spark Marks brings a Spark Mark and its die: History
   * says the die's face, as a die gained anywhere else does */
  for (guint i = n_dice; i < g_list_model_get_n_items (pen_wizard_get_supply (w)); i++)
    {
      g_autoptr(PenDie) die = g_list_model_get_item (pen_wizard_get_supply (w), i);

      g_string_append (label, "; ");
      g_string_append_printf (label, _("%s gains a die: "), pen_wizard_get_display_name (w));
      describe_die (label, pen_die_get_color (die), pen_die_get_value (die));
    }
  return TRUE;
}

static gboolean
apply_trial_fail (PenTable    *table,
                  JsonObject  *params,
                  GString     *label,
                  GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  g_autofree char *id = NULL;

  if (w == NULL || !(id = pen_turn_fail_trial (table, w, params, error)))
    return FALSE;
  g_string_printf (label, _("%s fails the trial %s"), pen_wizard_get_display_name (w),
                   card_name (id));
  return TRUE;
}

static gboolean
apply_trial_begin (PenTable    *table,
                   JsonObject  *params,
                   GString     *label,
                   GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);

  if (w == NULL || !pen_turn_begin_trial (table, w, params, error))
    return FALSE;
  g_string_printf (label, _("%s begins the trial %s"), pen_wizard_get_display_name (w),
                   card_name (pen_table_get_trial (table)->card));
  return TRUE;
}

static gboolean
apply_trial_property (PenTable    *table,
                      JsonObject  *params,
                      GString     *label,
                      GError     **error)
{
  return pen_turn_trial_property (table, params, label, error);
}

static gboolean
apply_vigilance_use (PenTable    *table,
                     JsonObject  *params,
                     GString     *label,
                     GError     **error)
{
  return pen_turn_vigilance_use (table, params, label, error);
}

static gboolean
apply_trial_reserve (PenTable    *table,
                     JsonObject  *params,
                     GString     *label,
                     GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  g_autofree char *id = NULL;

  if (w == NULL || !(id = pen_turn_reserve_trial (table, w, params, error)))
    return FALSE;
  g_string_printf (label, _("%s reserves the trial %s"), pen_wizard_get_display_name (w),
                   card_name (id));
  return TRUE;
}

static gboolean
apply_fate (PenTable    *table,
            JsonObject  *params,
            GString     *label,
            GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  gint64 light = 0, dark = 0;

  if (w == NULL || !pen_json_get_int (params, P, "light", FALSE, -99, 99, &light, error)
      || !pen_json_get_int (params, P, "dark", FALSE, -99, 99, &dark, error))
    return FALSE;
  if ((gint64) pen_wizard_get_light (w) + light < 0 || (gint64) pen_wizard_get_dark (w) + dark < 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$: Light and Darkness cannot go below 0");
      return FALSE;
    }
  /* a snapshot holds at most 999 of each: beyond, a refusal or an undo could not restore it */
  if ((gint64) pen_wizard_get_light (w) + light > 999
      || (gint64) pen_wizard_get_dark (w) + dark > 999)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$: Light and Darkness go up to 999");
      return FALSE;
    }
  pen_wizard_set_light (w, pen_wizard_get_light (w) + light);
  pen_wizard_set_dark (w, pen_wizard_get_dark (w) + dark);
  g_string_printf (label, _("%s: Light %+d, Darkness %+d"), pen_wizard_get_display_name (w),
                   (int) light,
                   (int) dark);
  return TRUE;
}

static gboolean
apply_mortal_wound (PenTable    *table,
                    JsonObject  *params,
                    GString     *label,
                    GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);

  if (w == NULL || !pen_turn_mortal_wound (table, w, error))
    return FALSE;
  g_string_printf (label, _("%s gains a Mortal Wound"), pen_wizard_get_display_name (w));
  return TRUE;
}

static gboolean
apply_turn_start (PenTable    *table,
                  JsonObject  *params,
                  GString     *label,
                  GError     **error)
{
  return pen_turn_start (table, params, label, error);
}

static gboolean
apply_turn_end (PenTable    *table,
                JsonObject  *params,
                GString     *label,
                GError     **error)
{
  return pen_turn_end (table, params, label, error);
}

static gboolean
apply_fate_reveal (PenTable    *table,
                   JsonObject  *params,
                   GString     *label,
                   GError     **error)
{
  return pen_turn_reveal_fate (table, params, label, error);
}

static gboolean
apply_threat (PenTable    *table,
              JsonObject  *params,
              GString     *label,
              GError     **error)
{
  const PenTrial *trial;
  gint64 trial_wizard;
  gboolean main_roll;

  /* the Threat step of a named Trial begins it, when it was not begun with its Properties */
  if (!pen_turn_threat_trial (table, params, error))
    return FALSE;
  trial = pen_table_get_trial (table);
  trial_wizard = trial != NULL && !trial->threat_rolled ? (gint64) trial->wizard : -1;

  /* the first Threat roll of the trial's wizard is its main one: Rift and Vigilance have
   * acted (later rolls, Retaliation or "withstand", are not affected by them). A Mortal
   * Wound may have ended the trial: look again. */
  if (!pen_turn_threat (table, params, label, error))
    return FALSE;
  main_roll = json_object_get_int_member (params, "wizard") == trial_wizard;
  trial = pen_table_get_trial (table);
  if (main_roll && trial != NULL)
    {
      g_autoptr(PenTrial) copy = pen_trial_copy (trial);

      copy->threat_rolled = TRUE;
      pen_table_set_trial (table, copy);
    }
  return TRUE;
}

static gboolean
apply_setting (PenTable    *table,
               JsonObject  *params,
               GString     *label,
               GError     **error)
{
  gboolean hide = FALSE;

  if (!pen_json_get_bool (params, P, "hide_odds", TRUE, &hide, error))
    return FALSE;
  pen_table_set_hide_odds (table, hide);
  g_string_assign (label, hide ? _("Odds hidden") : _("Odds shown"));
  return TRUE;
}

/* "board-value": the die face printed under a cell of the Wizard board, entered during the
 * game: {"action": "board-value", "cell": 8, "value": 3} (0: unknown again). Every wizard's
 * board is the same print, so every mark in that cell takes it, and marks gained there
 * later too. Undone like any action. */
static gboolean
apply_board_value (PenTable    *table,
                   JsonObject  *params,
                   GString     *label,
                   GError     **error)
{
  gint64 cell, value;

  if (!pen_json_get_int (params, P, "cell", TRUE, 0, PEN_MARK_CELLS - 1, &cell, error)
      || !pen_json_get_int (params, P, "value", TRUE, 0, 6, &value, error))
    return FALSE;
  if (pen_table_get_n_players (table) == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "no game has been started");
      return FALSE;
    }
  if (pen_table_get_cell_value (table, cell) == value)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$.value: cell %d shows %d already",
                   (int) cell, (int) value);
      return FALSE;
    }
  pen_table_set_cell_value (table, cell, value);
  for (guint i = 0; i < pen_table_get_n_players (table); i++)
    {
      PenMark *mark = pen_wizard_get_mark_in_cell (pen_table_get_wizard (table, i), cell);

      if (mark != NULL)
        pen_mark_set_value (mark, value);
    }
  if (value == 0)
    g_string_printf (label, _("Wizard board: the value under cell %d is unknown again"),
                     (int) cell + 1);
  else
    g_string_printf (label, _("Wizard board: the value under cell %d is %d"), (int) cell + 1,
                     (int) value);
  return TRUE;
}

/* Sets one value of a table snapshot by its path ("players[0].ingredients.blood"). path names
 * the correction in messages ("$" or "$.corrections[2]"). The snapshot is not validated here:
 * the caller loads it, so a correction cannot break the table. */
static gboolean
correct_snapshot (JsonNode    *snap,
                  JsonObject  *correction,
                  const char  *path,
                  const char **target_out,
                  GError     **error)
{
  g_auto(GStrv) parts = NULL;
  const char *target = NULL;
  JsonNode *value, *cur;
  JsonNode *parent = NULL;
  const char *last_key = NULL;
  gint64 last_index = -1;

  if (!pen_json_get_string (correction, path, "target", TRUE, &target, error))
    return FALSE;
  if (!(value = json_object_get_member (correction, "value")))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.value: missing", path);
      return FALSE;
    }

  /* "players[0].ingredients.blood" → players, [0], ingredients, blood */
  {
    g_autofree char *norm = g_strdup (target);
    g_strdelimit (norm, "[]", '.');
    parts = g_strsplit (norm, ".", -1);
  }
  cur = snap;
  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *end = NULL;
      gint64 idx;

      if (parts[i][0] == '\0')
        continue;
      parent = cur;
      last_key = NULL;
      last_index = -1;
      if (JSON_NODE_HOLDS_OBJECT (cur) && json_object_has_member (json_node_get_object (cur),
                                                                 parts[i]))
        {
          last_key = parts[i];
          cur = json_object_get_member (json_node_get_object (cur), parts[i]);
        }
      else if (JSON_NODE_HOLDS_ARRAY (cur)
               && (idx = g_ascii_strtoll (parts[i], &end, 10), end && *end == '\0')
               && idx >= 0 && idx < json_array_get_length (json_node_get_array (cur)))
        {
          last_index = idx;
          cur = json_array_get_element (json_node_get_array (cur), idx);
        }
      else
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.target: \"%s\" names nothing on "
                       "the table", path, target);
          return FALSE;
        }
    }
  if (parent == NULL || g_strcmp0 (last_key, "random") == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.target: \"%s\" cannot be corrected",
                   path, target);
      return FALSE;
    }
  if (last_key)
    json_object_set_member (json_node_get_object (parent), last_key, json_node_copy (value));
  else
    {
      JsonArray *arr = json_node_get_array (parent);
      g_autoptr(GList) elems = json_array_get_elements (arr);
      g_autoptr(JsonArray) copy = json_array_new ();
      guint i = 0;

      for (GList *l = elems; l; l = l->next, i++)
        json_array_add_element (copy, i == last_index ? json_node_copy (value)
                                                      : json_node_copy (l->data));
      json_node_set_array (parent, copy);
    }
  if (target_out)
    *target_out = target;
  return TRUE;
}

/* "goal-vp": the points a wizard scores for a Goal whose condition the rulebook does not
 * state, entered by hand: {"wizard": 0, "goal": "mastery", "vp": 4}; "vp": null clears them.
 * A Goal the scoring works out itself (Heroism) is refused: its points are not typed in. */
static gboolean
apply_goal_vp (PenTable    *table,
               JsonObject  *params,
               GString     *label,
               GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  g_autoptr(PenScoreRules) rules = NULL;
  const PenScoreGoalRule *rule;
  const char *goal = NULL;
  PenCard *card;
  JsonNode *vp_node;
  gint64 vp;

  if (w == NULL || !pen_json_get_string (params, P, "goal", TRUE, &goal, error)
      || !(card = lookup_card (goal, "$.goal", error)))
    return FALSE;
  if (pen_card_get_card_type (card) != PEN_CARD_GOAL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.goal: \"%s\" is not a Goal", goal);
      return FALSE;
    }
  rules = pen_score_rules_new_default ();
  rule = pen_score_rules_get_goal (rules, goal);
  if (rule != NULL && rule->computed)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "$.goal: %s is worked out from the table; its points are not entered", goal);
      return FALSE;
    }
  vp_node = json_object_get_member (params, "vp");
  if (vp_node == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.vp: missing");
      return FALSE;
    }
  if (JSON_NODE_HOLDS_NULL (vp_node))
    {
      pen_wizard_clear_goal_vp (w, goal);
      g_string_printf (label, _("%s: points for %s cleared"), pen_wizard_get_display_name (w),
                       card_name (goal));
      return TRUE;
    }
  if (!pen_json_get_int (params, P, "vp", TRUE, PEN_GOAL_VP_MIN, PEN_GOAL_VP_MAX, &vp, error))
    return FALSE;
  pen_wizard_set_goal_vp (w, goal, vp);
  g_string_printf (label, g_dngettext (GETTEXT_PACKAGE, "%s scores %d point for %s",
                                       "%s scores %d points for %s", vp),
                   pen_wizard_get_display_name (w), (int) vp, card_name (goal));
  return TRUE;
}

/* "correct": set any value of the snapshot by its path, e.g.
 * {"action": "correct", "target": "players[0].ingredients.blood", "value": 4}.
 * The whole snapshot is validated again, so a correction cannot break the table. */
static gboolean
apply_correct (PenTable    *table,
               JsonObject  *params,
               GString     *label,
               GError     **error)
{
  g_autoptr(JsonNode) snap = pen_table_to_json (table);
  g_autofree char *words = NULL;
  const char *target = NULL;

  if (!correct_snapshot (snap, params, P, &target, error))
    return FALSE;
  /* in words, read against the table before the correction: never the path or an id */
  words = pen_correct_label (table, target, json_object_get_member (params, "value"));
  if (!pen_table_load_json (table, snap, error))
    {
      g_prefix_error (error, "$.value: not accepted: ");
      return FALSE;
    }
  g_string_assign (label, words);
  return TRUE;
}

/* "recount": the corrections of one recount of the table, applied together as one step:
 * {"action": "recount", "corrections": [{"target": PATH, "value": V}, ...]} (the paths of
 * "correct"). The snapshot is validated once, after all of them, so corrections that only
 * make sense together (a die removed and another's face changed) are accepted. */
static gboolean
apply_recount (PenTable    *table,
               JsonObject  *params,
               GString     *label,
               GError     **error)
{
  static const char * const keys[] = { "target", "value", NULL };
  g_autoptr(JsonNode) snap = pen_table_to_json (table);
  JsonArray *list;
  guint n;

  if (!json_object_has_member (params, "corrections"))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$.corrections: missing");
      return FALSE;
    }
  if (!(list = pen_json_expect_array (json_object_get_member (params, "corrections"),
                                      "$.corrections", error)))
    return FALSE;
  n = json_array_get_length (list);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *ep = pen_json_path_index ("$.corrections", i);
      JsonObject *c;

      if (!(c = pen_json_expect_object (json_array_get_element (list, i), ep, error))
          || !pen_json_check_keys (c, ep, keys, error)
          || !correct_snapshot (snap, c, ep, NULL, error))
        return FALSE;
    }
  if (!pen_table_load_json (table, snap, error))
    {
      g_prefix_error (error, "$.corrections: not accepted: ");
      return FALSE;
    }
  if (n == 0)
    g_string_assign (label, _("Recount: the table matches"));
  else
    g_string_printf (label, g_dngettext (GETTEXT_PACKAGE, "Recount: %u correction",
                                         "Recount: %u corrections", n), n);
  return TRUE;
}

/* "prophecy-fulfil": the table confirms that a prophecy in play is fulfilled (the app checks
 * End of Time and Unity by itself at the end of a turn; the others only the players can
 * judge). "The current player finishes their turn as usual, after which all players take one
 * more turn each, including the player on whose turn the Prophecy was fulfilled": the current
 * player's turn has begun as soon as the last one ended, whether or not a turn type has been
 * chosen yet, so it is always that turn and then one more for each player. A table that only
 * notices it now, before a turn type is chosen, may say it was fulfilled on the turn that
 * just ended ("on_last_turn": true): then every player, the current one first, has one. */
static gboolean
apply_prophecy_fulfil (PenTable    *table,
                       JsonObject  *params,
                       GString     *label,
                       GError     **error)
{
  GListModel *in_play = pen_table_get_in_play (table);
  guint n = pen_table_get_n_players (table);
  const char *id = NULL;
  gboolean found = FALSE, on_last_turn = FALSE;

  if (!pen_json_get_string (params, P, "card", TRUE, &id, error)
      || !pen_json_get_bool (params, P, "on_last_turn", FALSE, &on_last_turn, error))
    return FALSE;
  if (n == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "no game has been started");
      return FALSE;
    }
  for (guint i = 0; i < g_list_model_get_n_items (in_play); i++)
    {
      g_autoptr(PenTableCard) tc = g_list_model_get_item (in_play, i);
      if (g_strcmp0 (pen_table_card_get_card_id (tc), id) == 0
          && g_strcmp0 (pen_table_card_get_zone (tc), "prophecy") == 0)
        found = TRUE;
    }
  if (!found)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$.card: %s is not a prophecy in play",
                   id);
      return FALSE;
    }
  if (pen_table_get_phase (table) != PEN_PHASE_PLAYING)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$.card: the game is already ending");
      return FALSE;
    }
  pen_table_set_phase (table, PEN_PHASE_FINAL_ROUND);
  if (on_last_turn && (pen_table_get_turn_kind (table) != PEN_TURN_NONE
                       || pen_table_get_turn (table) == 0))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$.on_last_turn: %s",
                   pen_table_get_turn (table) == 0 ? "no turn has ended yet"
                                                  : "the current turn has begun");
      return FALSE;
    }
  /* End of Time and Unity are the app's to judge: the table overrules it explicitly */
  if (!pen_turn_check_prophecy (table, id, "$.card", error))
    return FALSE;
  pen_table_set_final_turns (table, on_last_turn ? n : n + 1);
  pen_table_set_ended_by (table, id);
  g_string_printf (label, _("Prophecy fulfilled: %s"), card_name (id));
  return TRUE;
}

static gboolean apply_rival_turn (PenTable    *table,
                                  JsonObject  *params,
                                  GString     *label,
                                  GError     **error);

static gint
compare_desc (gconstpointer a,
              gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? 1 : x > y ? -1 : 0;
}

/* "task-pay": what a task costs, paid in one step: dice from the supply, ingredients, and
 * wounded marks flipped to pay Blood, e.g.
 * {"action": "task-pay", "wizard": 0, "dice": [0, 3], "ingredients": {"crystal": 2},
 *  "marks": [4]} */
gboolean
pen_turn_task_pay (PenTable    *table,
                JsonObject  *params,
                GString     *label,
                GError     **error)
{
  PenWizard *w = get_wizard (table, params, error);
  g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n_supply, spend[PEN_N_INGREDIENTS] = { 0, };
  guint n_marks = 0, n_ingredients = 0;
  JsonArray *arr;

  if (w == NULL)
    return FALSE;
  n_supply = g_list_model_get_n_items (pen_wizard_get_supply (w));

  if (json_object_has_member (params, "dice"))
    {
      if (!(arr = pen_json_expect_array (json_object_get_member (params, "dice"), "$.dice",
                                         error)))
        return FALSE;
      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          g_autofree char *ep = pen_json_path_index ("$.dice", i);
          gint64 v;
          guint index;

          if (n_supply == 0)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "%s: %s has no dice", ep,
                           pen_wizard_get_name (w));
              return FALSE;
            }
          if (!pen_json_node_int (json_array_get_element (arr, i), ep, 0, n_supply - 1, &v,
                                  error))
            return FALSE;
          index = v;
          for (guint k = 0; k < dice->len; k++)
            if (g_array_index (dice, guint, k) == index)
              {
                g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: die %u is listed twice",
                             ep, index);
                return FALSE;
              }
          g_array_append_val (dice, index);
        }
    }

  if (json_object_has_member (params, "ingredients"))
    {
      JsonObject *ing;
      const char *ids[PEN_N_INGREDIENTS + 1] = { NULL, };

      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        ids[i] = pen_ingredient_to_string (i);
      if (!(ing = pen_json_expect_object (json_object_get_member (params, "ingredients"),
                                          "$.ingredients", error))
          || !pen_json_check_keys (ing, "$.ingredients", ids, error))
        return FALSE;
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        {
          gint64 v = 0;
          if (!pen_json_get_int (ing, "$.ingredients", ids[i], FALSE, 0, PEN_INGREDIENT_CAP, &v,
                                 error))
            return FALSE;
          if (pen_wizard_get_ingredient (w, i) < v)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "$.ingredients.%s: %s has only "
                           "%u", ids[i], pen_wizard_get_name (w), pen_wizard_get_ingredient (w, i));
              return FALSE;
            }
          spend[i] = v;
          n_ingredients += v;
        }
    }

  if (json_object_has_member (params, "marks"))
    {
      if (!(arr = pen_json_expect_array (json_object_get_member (params, "marks"), "$.marks",
                                         error)))
        return FALSE;
      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          g_autofree char *ep = pen_json_path_index ("$.marks", i);
          PenMark *mark;
          gint64 cell;

          if (!pen_json_node_int (json_array_get_element (arr, i), ep, 0, PEN_MARK_CELLS - 1,
                                  &cell, error))
            return FALSE;
          mark = pen_wizard_get_mark_in_cell (w, cell);
          /* a wounded mark flipped pays 1 Blood; listed twice it is no longer wounded */
          if (mark == NULL || pen_mark_get_state (mark) != PEN_MARK_WOUNDED)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "%s: cell %d holds no wounded "
                           "mark", ep, (int) cell);
              return FALSE;
            }
          pen_mark_set_state (mark, PEN_MARK_DISCHARGED);
          n_marks++;
        }
    }

  if (dice->len == 0 && n_ingredients == 0 && n_marks == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "$: nothing to pay");
      return FALSE;
    }

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    pen_wizard_set_ingredient (w, i, pen_wizard_get_ingredient (w, i) - spend[i]);
  /* highest index first, so the others stay where they are */
  g_array_sort (dice, (GCompareFunc) compare_desc);
  for (guint i = 0; i < dice->len; i++)
    pen_wizard_remove_die (w, g_array_index (dice, guint, i));

  g_string_printf (label, _("%s pays for a task: "), pen_wizard_get_display_name (w));
  g_string_append_printf (label, g_dngettext (GETTEXT_PACKAGE, "%u die", "%u dice", dice->len),
                          dice->len);
  if (n_ingredients > 0)
    g_string_append_printf (label, g_dngettext (GETTEXT_PACKAGE, ", %u ingredient",
                                                ", %u ingredients", n_ingredients),
                            n_ingredients);
  if (n_marks > 0)
    g_string_append_printf (label, g_dngettext (GETTEXT_PACKAGE, ", %u wounded Mark for Blood",
                                                ", %u wounded Marks for Blood", n_marks),
                            n_marks);
  return TRUE;
}

#define KEYS(...) ((const char * const []) { "action", __VA_ARGS__, NULL })

static const ActionKind kinds[] = {
  { "new-game", KEYS ("players", "seed", "mode", "solo", "ready_made", "cell_values", "start",
                      "setup", "hide_odds", "table_rolls", "table_markets"), apply_new_game },
  { "resume", KEYS ("table", "earlier"), apply_resume },
  { "die-gain", KEYS ("wizard", "color", "value", "temporary"), apply_die_gain },
  { "die-discard", KEYS ("wizard", "index"), apply_die_discard },
  { "die-place", KEYS ("wizard", "index", "location", "outside", "trinket"), apply_die_place },
  { "die-set", KEYS ("wizard", "index", "value", "setup"), apply_die_set },
  { "die-flip", KEYS ("wizard", "index", "primagic"), apply_die_flip },
  { "die-adjust", KEYS ("wizard", "index", "delta", "primagic"), apply_die_adjust },
  { "die-reroll", KEYS ("wizard", "index", "value", "primagic"), apply_die_reroll },
  { "die-recolor", KEYS ("wizard", "index", "color", "primagic"), apply_die_recolor },
  { "ingredient-gain", KEYS ("wizard", "ingredient", "count"), apply_ingredient_gain },
  { "ingredient-spend", KEYS ("wizard", "ingredient", "count"), apply_ingredient_spend },
  { "mark-gain", KEYS ("wizard", "kind", "rest_effect"), apply_mark_gain },
  { "mark-use", KEYS ("wizard", "cell"), apply_mark_use },
  { "mark-recharge", KEYS ("wizard", "cell"), apply_mark_recharge },
  { "mark-wound", KEYS ("wizard", "cell"), apply_mark_wound },
  { "mark-heal", KEYS ("wizard", "cell", "rest_effect"), apply_mark_heal },
  { "mark-blood", KEYS ("wizard", "cell"), apply_mark_blood },
  { "card-gain", KEYS ("wizard", "card", "zone"), apply_card_gain },
  { "card-rotate", KEYS ("wizard", "card", "rotated"), apply_card_rotate },
  { "card-move", KEYS ("wizard", "card", "zone"), apply_card_move },
  { "card-discard", KEYS ("wizard", "card"), apply_card_discard },
  { "contract-take", KEYS ("wizard", "slot", "card", "reveal", "fate", "task_pay", "reward",
                            "blood_source", "withstand", "withstand_rolled", "defend",
                            "yellow_placed", "reward_cards"),
    apply_contract_take },
  { "contract-reserve", KEYS ("wizard", "slot", "card", "reveal", "bottom", "blood_source",
                               "blood_mark"),
    apply_contract_reserve },
  { "trial-take", KEYS ("wizard", "index", "card", "path", "fate", "task_pay", "reward",
                        "blood_source", "withstand", "withstand_rolled", "defend",
                        "reward_cards"),
    apply_trial_take },
  { "trial-fail", KEYS ("wizard", "index", "card"), apply_trial_fail },
  { "trial-reserve", KEYS ("wizard", "index"), apply_trial_reserve },
  { "trial-begin", KEYS ("wizard", "index", "card", "properties"), apply_trial_begin },
  { "trial-property", KEYS ("cancel", "with", "shield_done"), apply_trial_property },
  { "vigilance-use", KEYS ("count"), apply_vigilance_use },
  { "fate", KEYS ("wizard", "light", "dark"), apply_fate },
  { "mortal-wound", KEYS ("wizard"), apply_mortal_wound },
  { "turn-start", KEYS ("kind"), apply_turn_start },
  { "turn-end", KEYS ("reveal", "contract"), apply_turn_end },
  { "fate-reveal", KEYS ("card"), apply_fate_reveal },
  { "threat", KEYS ("wizard", "dice", "lose_first", "discard", "count", "threat",
                    "uncancellable", "discard_all", "defend", "defend_placed", "rift", "rift_dice",
                    "adjust", "picks", "trial"), apply_threat },
  { "goal-vp", KEYS ("wizard", "goal", "vp"), apply_goal_vp },
  { "setting", KEYS ("hide_odds"), apply_setting },
  { "board-value", KEYS ("cell", "value"), apply_board_value },
  { "correct", KEYS ("target", "value"), apply_correct },
  { "task-pay", KEYS ("wizard", "dice", "ingredients", "marks"), pen_turn_task_pay },
  { "recount", KEYS ("corrections"), apply_recount },
  { "prophecy-fulfil", KEYS ("card", "on_last_turn"), apply_prophecy_fulfil },
  { "rival-turn", KEYS ("reveal", "contract", "fate"), apply_rival_turn },
  /* the Rest options and the market (pen-rest.h) */
  { "exchange", KEYS ("wizard", "give", "get"), pen_rest_exchange },
  { "brew", KEYS ("wizard", "card", "pay"), pen_rest_brew },
  { "buy", KEYS ("wizard", "card", "pay", "reveal"), pen_rest_buy },
  { "resource-gain", KEYS ("gains", "event"), pen_rest_resource_gain },
  /* cards of the box the catalogue cannot name (pen-box.h) */
  { "card-identify", KEYS ("card", "as", "entry", "values", "fate", "renumber", "correct",
                           "stack_difficulty", "as_gone"),
    pen_box_identify },
  /* a placement in a location, with the section's effect (pen-locations.h) */
  { "bribe", KEYS ("wizard", "market", "reveal"), pen_locations_bribe },
  { "knock-out", KEYS ("wizard", "discard", "placed"), pen_locations_knock_out },
  { "place", KEYS ("wizard", "index", "location", "section", "cell", "outside", "trinket",
                   "arcana", "card", "reveal", "value", "give", "get", "buy", "slot", "contract",
                   "resource", "threat", "threat_pick", "fate", "task_pay", "reward",
                   "knock_out", "knock_out_discard", "blood_source", "blood_mark",
                   "primagic_resource", "withstand", "withstand_rolled", "defend",
                   "reward_cards"),
    pen_locations_place },
};

/* "rival-turn": the solo Rival plays its whole turn, planned by pen_rival_plan_turn() from the
 * table and the game's own generator, as ONE action: {"action": "rival-turn"} (+ "reveal",
 * "contract" for the turn-end when the table must name them). The planned steps are ordinary
 * actions applied here in order; a step the rules refuse refuses the whole turn (and
 * pen_action_apply restores the snapshot), so it is atomic and undone in one step.
 *
 * What a step moved because of the catalogue (a passed Trial's Light or Darkness, "fate", as
 * trial-take records it) joins the action, by step: "fate": {"3": {"light": 0, "dark": 0}}.
 * A replay gives each step what it recorded, so the Rival moves the same after the table has
 * named the card's numbers on the end sheet (which move the Fate themselves). */
/* Applies the Rival's planned steps in order. fates: what each step moved when first played
 * (or NULL); recorded gets what they moved now. gains (when not NULL) gets, for each step, a
 * GArray of PenRivalDie: the dice wizard's supply gained in it; labels (when not NULL) gets
 * what each step did, as History reads it */
static gboolean
apply_rival_steps (PenTable    *table,
                   JsonArray   *steps,
                   JsonObject  *fates,
                   JsonObject  *recorded,
                   guint        wizard,
                   GPtrArray   *gains,
                   GPtrArray   *labels,
                   GError     **error)
{
  for (guint i = 0; i < json_array_get_length (steps); i++)
    {
      JsonObject *obj = json_array_get_object_element (steps, i);
      const char *kind = json_object_get_string_member (obj, "action");
      g_autoptr(GString) sub = g_string_new (NULL);
      g_autofree char *key = g_strdup_printf ("%u", i);
      GListModel *supply = gains != NULL
                           ? pen_wizard_get_supply (pen_table_get_wizard (table, wizard)) : NULL;
      guint before = supply != NULL ? g_list_model_get_n_items (supply) : 0;
      gboolean done = FALSE;

      /* what this step moved when it was first played */
      if (fates != NULL && json_object_has_member (fates, key))
        json_object_set_member (obj, "fate",
                                json_node_copy (json_object_get_member (fates, key)));
      for (guint k = 0; k < G_N_ELEMENTS (kinds) && !done; k++)
        if (g_str_equal (kinds[k].kind, kind))
          {
            if (!kinds[k].apply (table, obj, sub, error))
              {
                g_prefix_error (error, "the Rival's step %u (%s): ", i, kind);
                return FALSE;
              }
            done = TRUE;
          }
      g_assert (done);
      if (labels != NULL && sub->len > 0)
        g_ptr_array_add (labels, g_strdup (sub->str));
      if (json_object_has_member (obj, "fate"))
        json_object_set_member (recorded, key, json_node_copy (json_object_get_member (obj,
                                                                                       "fate")));
      if (gains != NULL)
        {
          GArray *gained = g_array_new (FALSE, FALSE, sizeof (PenRivalDie));

          /* a gained die joins the end of the supply */
          for (guint d = before; d < g_list_model_get_n_items (supply); d++)
            {
              g_autoptr(PenDie) die = g_list_model_get_item (supply, d);
              PenRivalDie rd = { pen_die_get_color (die), pen_die_get_value (die) };

              g_array_append_val (gained, rd);
            }
          g_ptr_array_add (gains, gained);
        }
    }
  return TRUE;
}

GPtrArray *
pen_rival_steps_gains (PenTable        *table,
                       guint            wizard,
                       JsonArray       *steps,
                       const PenRandom *random)
{
  g_autoptr(PenTable) copy = pen_table_new ();
  g_autofree char *snapshot = pen_table_snapshot (table);
  g_autoptr(JsonNode) node = json_node_init_array (json_node_alloc (), steps);
  /* a deep copy: the steps record what they moved ("fate") in their objects */
  g_autofree char *text = json_to_string (node, FALSE);
  g_autoptr(JsonNode) steps_copy = json_from_string (text, NULL);
  g_autoptr(JsonObject) recorded = json_object_new ();
  g_autoptr(GPtrArray) gains = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

  if (steps_copy == NULL || !pen_table_load_snapshot (copy, snapshot, NULL))
    return NULL;
  *pen_table_get_random (copy) = *random;
  if (!apply_rival_steps (copy, json_node_get_array (steps_copy), NULL, recorded, wizard, gains,
                          NULL, NULL))
    return NULL;
  return g_steal_pointer (&gains);
}

static gboolean
apply_rival_turn (PenTable    *table,
                  JsonObject  *params,
                  GString     *label,
                  GError     **error)
{
  g_autoptr(PenRivalPlan) plan = NULL;
  const char *reveal = NULL, *contract = NULL;
  JsonArray *steps;
  JsonObject *fates = NULL;
  g_autoptr(JsonObject) recorded = json_object_new ();
  g_autoptr(GPtrArray) done_labels = g_ptr_array_new_with_free_func (g_free);

  if (!pen_json_get_string (params, P, "reveal", FALSE, &reveal, error)
      || !pen_json_get_string (params, P, "contract", FALSE, &contract, error))
    return FALSE;
  if (json_object_has_member (params, "fate")
      && !(fates = pen_json_expect_object (json_object_get_member (params, "fate"), "$.fate",
                                           error)))
    return FALSE;
  if (pen_table_get_n_players (table) == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "no game has been started");
      return FALSE;
    }
  if (!(plan = pen_rival_plan_turn (table, pen_table_get_current (table), reveal, contract,
                                    error)))
    return FALSE;
  if (pen_rival_plan_get_needs_reveal (plan))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED,
                   "$.reveal: say which Fate card the table revealed");
      return FALSE;
    }

  *pen_table_get_random (table) = *pen_rival_plan_get_random_after (plan);
  steps = pen_rival_plan_get_steps (plan);
  if (!apply_rival_steps (table, steps, fates, recorded, pen_table_get_current (table), NULL,
                          done_labels, error))
    return FALSE;
  if (json_object_get_size (recorded) > 0)
    json_object_set_object_member (params, "fate", json_object_ref (recorded));

  /* History says what the turn did, step by step as any wizard's actions read ("Rival ends
   * the turn; Fate: Aranea"), not the plan's instructions to the table, which are in the
   * imperative and cannot name the Fate card they reveal (play finding Y1) */
  g_string_assign (label, _("Rival's turn:"));
  for (guint i = 0; i < done_labels->len; i++)
    {
      g_string_append (label, i == 0 ? " " : "; ");
      g_string_append (label, g_ptr_array_index (done_labels, i));
    }
  return TRUE;
}

const char * const *
pen_action_list_kinds (void)
{
  static const char *names[G_N_ELEMENTS (kinds) + 1];

  if (names[0] == NULL)
    for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
      names[i] = kinds[i].kind;
  return names;
}

/* ---- the object ---- */

static void
pen_action_finalize (GObject *object)
{
  PenAction *self = (PenAction *) object;

  g_clear_pointer (&self->params, json_object_unref);
  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->before, g_free);
  g_clear_pointer (&self->before_node, json_node_unref);
  g_clear_pointer (&self->overrides, g_array_unref);

  G_OBJECT_CLASS (pen_action_parent_class)->finalize (object);
}

static void
pen_action_class_init (PenActionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pen_action_finalize;
}

static void
pen_action_init (PenAction *self)
{
}

PenAction *
pen_action_new_from_json (JsonNode    *node,
                          const char  *path,
                          GError     **error)
{
  g_autoptr(PenAction) self = NULL;
  const ActionKind *kind = NULL;
  const char *type = NULL;
  JsonObject *obj;
  g_autoptr(GError) local_error = NULL;

  if (!(obj = pen_json_expect_object (node, path, &local_error))
      || !pen_json_get_string (obj, path, "action", TRUE, &type, &local_error))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_str_equal (kinds[i].kind, type))
      kind = &kinds[i];
  if (kind == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.action: \"%s\" is not a known action",
                   path, type);
      return NULL;
    }
  {
    /* every kind may carry an override and the faces the table rolled (pen-rule.h) */
    g_autoptr(GPtrArray) keys = g_ptr_array_new ();

    for (guint i = 0; kind->keys[i] != NULL; i++)
      g_ptr_array_add (keys, (gpointer) kind->keys[i]);
    g_ptr_array_add (keys, (gpointer) "override");
    g_ptr_array_add (keys, (gpointer) "faces");
    g_ptr_array_add (keys, NULL);
    if (!pen_json_check_keys (obj, path, (const char * const *) keys->pdata, error))
      return NULL;
  }

  self = g_object_new (PEN_TYPE_ACTION, NULL);
  self->kind = kind;
  self->params = json_object_ref (obj);
  return g_steal_pointer (&self);
}

PenAction *
pen_action_new (const char  *type,
                const char  *params_json,
                GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) node = NULL;

  if (params_json == NULL || *params_json == '\0')
    text = g_strdup_printf ("{\"action\": \"%s\"}", type);
  else
    text = g_strdup_printf ("{\"action\": \"%s\", %s}", type, params_json);
  if (!(node = pen_json_parse (text, -1, error)))
    return NULL;
  return pen_action_new_from_json (node, "$", error);
}

const char *
pen_action_get_kind (PenAction *self)
{
  return self->kind->kind;
}

JsonObject *
pen_action_get_params (PenAction *self)
{
  return self->params;
}

const char *
pen_action_get_string (PenAction  *self,
                       const char *key)
{
  JsonNode *node;

  g_return_val_if_fail (PEN_IS_ACTION (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  node = json_object_get_member (self->params, key);
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* json_node_copy () shares objects and arrays: a copy that can change on its own */
static JsonNode *
deep_copy (JsonNode *node)
{
  JsonNode *copy;

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *from = json_node_get_object (node);
        JsonObject *to = json_object_new ();
        g_autoptr(GList) members = json_object_get_members (from);

        for (GList *l = members; l != NULL; l = l->next)
          json_object_set_member (to, l->data, deep_copy (json_object_get_member (from, l->data)));
        copy = json_node_new (JSON_NODE_OBJECT);
        json_node_take_object (copy, to);
        return copy;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *from = json_node_get_array (node);
        guint n = json_array_get_length (from);
        JsonArray *to = json_array_sized_new (n);

        for (guint i = 0; i < n; i++)
          json_array_add_element (to, deep_copy (json_array_get_element (from, i)));
        copy = json_node_new (JSON_NODE_ARRAY);
        json_node_take_array (copy, to);
        return copy;
      }
    case JSON_NODE_VALUE:
    case JSON_NODE_NULL:
    default:
      return json_node_copy (node);
    }
}

PenAction *
pen_action_dup (PenAction *self)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) params = NULL;
  PenAction *copy;

  g_return_val_if_fail (PEN_IS_ACTION (self), NULL);

  node = json_node_new (JSON_NODE_OBJECT);
  json_node_set_object (node, self->params);
  params = deep_copy (node);
  copy = g_object_new (PEN_TYPE_ACTION, NULL);
  copy->kind = self->kind;
  copy->params = json_object_ref (json_node_get_object (params));
  return copy;
}

const char *
pen_action_get_label (PenAction *self)
{
  return self->label ? self->label : self->kind->kind;
}

gboolean
pen_action_get_applied (PenAction *self)
{
  return self->before != NULL;
}

JsonNode *
pen_action_to_json (PenAction *self)
{
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_node_set_object (node, self->params);
  return node;
}

static gboolean
apply_in_context (PenAction  *self,
                  PenTable   *table,
                  gboolean    collect,
                  GString    *label,
                  GArray    **overrides,
                  GArray    **rolled,
                  GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonObject) copy = NULL;
  JsonObject *params = self->params;
  gboolean ok;

  /* a dry run leaves no facts in the action ("fate", "task_pay", …): the real apply must
   * meet the rules again (the facts are new members, so a copy of the members will do) */
  if (collect)
    {
      JsonObjectIter iter;
      const char *key;
      JsonNode *member;

      copy = json_object_new ();
      json_object_iter_init (&iter, self->params);
      while (json_object_iter_next (&iter, &key, &member))
        json_object_set_member (copy, key, json_node_copy (member));
      params = copy;
    }
  ok = pen_rule_begin (table, params, collect, &local_error)
       && self->kind->apply (table, params, label, &local_error);
  /* always ends the context; a missing face fails a successful apply */
  if (!pen_rule_end (table, ok, overrides, rolled, ok ? &local_error : NULL))
    ok = FALSE;
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return ok;
}

static void
restore (PenTable   *table,
         const char *before)
{
  g_autoptr(GError) restore_error = NULL;

  /* leave the table exactly as it was; a snapshot that cannot be read back is a bug in the
   * model (the table would stay half-changed), so say it loudly */
  if (!pen_table_load_snapshot (table, before, &restore_error))
    g_critical ("cannot restore the table: %s", restore_error->message);
}

gboolean
pen_action_apply (PenAction  *self,
                  PenTable   *table,
                  GError    **error)
{
  g_autofree char *before = pen_table_snapshot (table);
  g_autoptr(GString) label = g_string_new (NULL);
  g_autoptr(GArray) overrides = NULL;

  if (!apply_in_context (self, table, FALSE, label, &overrides, NULL, error))
    {
      restore (table, before);
      return FALSE;
    }

  g_clear_pointer (&self->before, g_free);
  g_clear_pointer (&self->before_node, json_node_unref);
  self->before = g_steal_pointer (&before);
  g_clear_pointer (&self->overrides, g_array_unref);
  self->overrides = g_steal_pointer (&overrides);
  if (self->overrides->len > 0)
    {
      for (guint i = 0; i < self->overrides->len; i++)
        {
          PenRule rule = g_array_index (self->overrides, guint, i);

          /* TRANSLATORS: after a history step, the rule the table overruled */
          g_string_append_printf (label, _(" — override: %s"), pen_rule_get_label (rule));
        }
    }
  g_free (self->label);
  self->label = label->len ? g_strdup (label->str) : NULL;
  return TRUE;
}

GArray *
pen_action_list_rolls (PenAction  *self,
                       PenTable   *table,
                       GError    **error)
{
  g_autofree char *before = pen_table_snapshot (table);
  g_autoptr(GString) label = g_string_new (NULL);
  g_autoptr(GArray) rolled = NULL;
  gboolean ok;

  ok = apply_in_context (self, table, TRUE, label, NULL, &rolled, error);
  restore (table, before);
  return ok ? g_steal_pointer (&rolled) : NULL;
}

guint
pen_action_withstand_dice (PenAction  *self,
                           PenTable   *table,
                           char      **note)
{
  JsonObject *params;
  JsonNode *card, *at, *wizard;
  g_autoptr(PenTableCard) cell = NULL;
  g_autoptr(PenContractTask) task = NULL;
  const char *id = NULL;
  gboolean trial, yellow = FALSE;
  int path = -1;
  guint n, w;

  g_return_val_if_fail (PEN_IS_ACTION (self), 0);
  g_return_val_if_fail (PEN_IS_TABLE (table), 0);

  if (note != NULL)
    *note = NULL;
  params = self->params;
  trial = g_str_equal (self->kind->kind, "trial-take");
  if ((!trial && !g_str_equal (self->kind->kind, "contract-take"))
      || json_object_has_member (params, "withstand"))
    return 0;
  wizard = json_object_get_member (params, "wizard");
  if (wizard == NULL || !JSON_NODE_HOLDS_VALUE (wizard)
      || json_node_get_value_type (wizard) != G_TYPE_INT64 || json_node_get_int (wizard) < 0
      || json_node_get_int (wizard) >= pen_table_get_n_players (table))
    return 0;
  w = json_node_get_int (wizard);
  if (pen_wizard_get_rival (pen_table_get_wizard (table, w)))
    return 0;
  card = json_object_get_member (params, "card");
  at = json_object_get_member (params, trial ? "index" : "slot");
  if (card != NULL && JSON_NODE_HOLDS_VALUE (card)
      && json_node_get_value_type (card) == G_TYPE_STRING)
    id = json_node_get_string (card);
  else if (at != NULL && JSON_NODE_HOLDS_VALUE (at)
           && json_node_get_value_type (at) == G_TYPE_INT64 && json_node_get_int (at) >= 0)
    {
      GListModel *row = trial ? pen_table_get_trial_row (table)
                              : pen_table_get_contract_row (table);

      if (json_node_get_int (at) < g_list_model_get_n_items (row))
        {
          cell = g_list_model_get_item (row, json_node_get_int (at));
          id = pen_table_card_get_card_id (cell);
        }
    }
  if (trial)
    {
      const char *said = json_object_get_string_member_with_default (params, "path", "");

      path = pen_path_from_string (said);
      n = path >= 0 ? pen_turn_trial_withstand (id, path) : 0;
    }
  else
    {
      JsonNode *placed = json_object_get_member (params, "yellow_placed");

      n = pen_turn_contract_withstand (id);
      /* DEFEND's "place": a Yellow die placed in the Guild discards one (pen_turn.c) */
      yellow = placed != NULL && JSON_NODE_HOLDS_VALUE (placed)
               && json_node_get_value_type (placed) == G_TYPE_BOOLEAN
               ? json_node_get_boolean (placed) : pen_table_get_guild_yellow (table) > 0;
      if (n > 0 && yellow)
        n--;
    }
  if ((n > 0 || yellow) && note != NULL)
    {
      task = trial ? pen_turn_trial_task (table, w, id, path)
                   : pen_turn_contract_task (table, w, id, -1);
      *note = task != NULL ? g_strdup (task->describe) : NULL;
      if (yellow && *note != NULL)
        {
          g_autofree char *left = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                "The Yellow die placed in the "
                                                                "Guild discards one (DEFEND): "
                                                                "%u Threat die left.",
                                                                "The Yellow die placed in the "
                                                                "Guild discards one (DEFEND): "
                                                                "%u Threat dice left.", n), n);
          char *said = g_strdup_printf ("%s\n%s", *note, left);

          g_free (*note);
          *note = said;
        }
    }
  return n;
}

void
pen_action_set_defend (PenAction   *self,
                       const guint *dice,
                       guint        n_dice)
{
  JsonArray *arr;

  g_return_if_fail (PEN_IS_ACTION (self));
  g_return_if_fail (self->before == NULL);
  g_return_if_fail (dice != NULL || n_dice == 0);

  if (n_dice == 0)
    {
      json_object_remove_member (self->params, "defend");
      return;
    }
  arr = json_array_sized_new (n_dice);
  for (guint i = 0; i < n_dice; i++)
    json_array_add_int_element (arr, dice[i]);
  json_object_set_array_member (self->params, "defend", arr);
}

void
pen_action_set_withstand (PenAction   *self,
                          const guint *faces,
                          guint        n_faces)
{
  JsonArray *arr;

  g_return_if_fail (PEN_IS_ACTION (self));
  g_return_if_fail (self->before == NULL);
  g_return_if_fail (faces != NULL || n_faces == 0);

  arr = json_array_sized_new (n_faces);
  for (guint i = 0; i < n_faces; i++)
    {
      g_return_if_fail (faces[i] >= 1 && faces[i] <= 6);
      json_array_add_int_element (arr, faces[i]);
    }
  json_object_set_array_member (self->params, "withstand", arr);
}

gboolean
pen_action_check (PenAction  *self,
                  PenTable   *table,
                  GError    **error)
{
  g_autofree char *before = pen_table_snapshot (table);
  g_autoptr(GString) label = g_string_new (NULL);
  gboolean ok;

  ok = apply_in_context (self, table, TRUE, label, NULL, NULL, error);
  restore (table, before);
  return ok;
}

GArray *
pen_action_get_overrides (PenAction *self)
{
  return self->before != NULL ? self->overrides : NULL;
}

gboolean
pen_action_get_overruled (PenAction *self)
{
  return self->overrides != NULL && self->overrides->len > 0;
}

gboolean
pen_action_get_override (PenAction *self)
{
  JsonNode *node = json_object_get_member (self->params, "override");

  if (node == NULL)
    return FALSE;
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    return json_node_get_boolean (node);
  return JSON_NODE_HOLDS_ARRAY (node);
}

void
pen_action_set_override (PenAction *self,
                         gboolean   override)
{
  g_return_if_fail (self->before == NULL);

  if (override)
    json_object_set_boolean_member (self->params, "override", TRUE);
  else
    json_object_remove_member (self->params, "override");
}

void
pen_action_set_faces (PenAction   *self,
                      const guint *faces,
                      guint        n_faces)
{
  JsonArray *arr;

  g_return_if_fail (self->before == NULL);
  g_return_if_fail (faces != NULL || n_faces == 0);

  if (n_faces == 0)
    {
      json_object_remove_member (self->params, "faces");
      return;
    }
  for (guint i = 0; i < n_faces; i++)
    g_return_if_fail (faces[i] >= 1 && faces[i] <= 6);
  arr = json_array_sized_new (n_faces);
  for (guint i = 0; i < n_faces; i++)
    json_array_add_int_element (arr, faces[i]);
  json_object_set_array_member (self->params, "faces", arr);
}

void
pen_action_set_trial (PenAction  *self,
                      int         index,
                      const char *card)
{
  JsonObject *trial;

  g_return_if_fail (PEN_IS_ACTION (self));
  g_return_if_fail (self->before == NULL);
  g_return_if_fail (index >= 0 || card != NULL);

  trial = json_object_new ();
  if (index >= 0)
    json_object_set_int_member (trial, "index", index);
  else
    json_object_set_string_member (trial, "card", card);
  json_object_set_object_member (self->params, "trial", trial);
}

void
pen_action_revert (PenAction *self,
                   PenTable  *table)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (self->before != NULL);

  if (self->before_node != NULL ? !pen_table_load_snapshot_node (table, self->before_node, &error)
                                : !pen_table_load_snapshot (table, self->before, &error))
    g_critical ("cannot restore the table: %s", error->message);
  g_clear_pointer (&self->before, g_free);
  g_clear_pointer (&self->before_node, json_node_unref);
}

void
pen_action_prepare_revert (PenAction *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (PEN_IS_ACTION (self));

  if (self->before == NULL || self->before_node != NULL)
    return;
  /* the table's own snapshot: failing to read it is a bug, which the revert will say */
  self->before_node = pen_json_parse_trusted (self->before, &error);
}
