/* pen-types.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-json.h"
#include "pen-types.h"

G_DEFINE_QUARK (pen-error-quark, pen_error)

gboolean
pen_refuse (GError     **error,
            const char  *format,
            ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, PEN_ERROR, PEN_ERROR_REFUSED, msg);
  return FALSE;
}

static const char * const color_ids[] = {
  "bone", "red", "orange", "yellow", "green", "blue", "purple", "spark", NULL
};
static const char * const color_letters[] = { "B", "R", "O", "Y", "G", "U", "P", "S" };
static const char * const mark_kind_ids[] = {
  "ruby", "amber", "jasper", "emerald", "sapphire", "amethyst", "spark", NULL
};
static const char * const mark_state_ids[] = { "charged", "discharged", "wounded", NULL };
static const char * const ingredient_ids[] = {
  "blood", "crystal", "jewel", "fruit", "trinket", "arcana", NULL
};
static const char * const symbol_ids[] = {
  "monsters", "beasts", "wilds", "mystic", "wizards", "society", NULL
};
static const char * const path_ids[] = { "light", "dark", NULL };

int
pen_id_lookup (const char * const *ids,
               const char         *str)
{
  if (str == NULL)
    return -1;
  for (int i = 0; ids[i] != NULL; i++)
    if (g_str_equal (ids[i], str))
      return i;
  return -1;
}

#define ID_FUNCS(name, Type, ids, n)                         \
  const char *                                               \
  pen_##name##_to_string (Type v)                            \
  {                                                          \
    g_return_val_if_fail ((int) v >= 0 && (int) v < n, NULL); \
    return ids[v];                                           \
  }                                                          \
  int                                                        \
  pen_##name##_from_string (const char *str)                 \
  {                                                          \
    return pen_id_lookup (ids, str);                                \
  }

ID_FUNCS (color, PenColor, color_ids, PEN_N_COLORS)
ID_FUNCS (mark_kind, PenMarkKind, mark_kind_ids, PEN_N_MARK_KINDS)
ID_FUNCS (mark_state, PenMarkState, mark_state_ids, PEN_N_MARK_STATES)
ID_FUNCS (ingredient, PenIngredient, ingredient_ids, PEN_N_INGREDIENTS)
ID_FUNCS (symbol, PenSymbol, symbol_ids, PEN_N_SYMBOLS)
ID_FUNCS (path, PenPath, path_ids, PEN_N_PATHS)

PenColor
pen_mark_kind_color (PenMarkKind kind)
{
  if (kind == PEN_MARK_SPARK)
    return PEN_COLOR_SPARK;
  return (PenColor) (PEN_COLOR_RED + kind);
}

const char *
pen_color_get_letter (PenColor color)
{
  g_return_val_if_fail (color < PEN_N_COLORS, "?");
  return color_letters[color];
}

/* The letter drawn on a die, so that colour is never the only cue; translated (the ids'
 * letters, pen_color_get_letter (), are not) */
const char *
pen_color_get_short_label (PenColor color)
{
  switch (color)
    {
    /* TRANSLATORS: a one-letter abbreviation of the die colour Bone, drawn on the die; the
     * eight letters of the colours must differ */
    case PEN_COLOR_BONE: return C_("die colour letter", "B");
    /* TRANSLATORS: a one-letter abbreviation of the die colour Red (the Ruby discipline) */
    case PEN_COLOR_RED: return C_("die colour letter", "R");
    /* TRANSLATORS: a one-letter abbreviation of the die colour Orange */
    case PEN_COLOR_ORANGE: return C_("die colour letter", "O");
    /* TRANSLATORS: a one-letter abbreviation of the die colour Yellow */
    case PEN_COLOR_YELLOW: return C_("die colour letter", "Y");
    /* TRANSLATORS: a one-letter abbreviation of the die colour Green */
    case PEN_COLOR_GREEN: return C_("die colour letter", "G");
    /* TRANSLATORS: a one-letter abbreviation of the die colour Blue ("U": "B" is Bone's) */
    case PEN_COLOR_BLUE: return C_("die colour letter", "U");
    /* TRANSLATORS: a one-letter abbreviation of the die colour Purple */
    case PEN_COLOR_PURPLE: return C_("die colour letter", "P");
    /* TRANSLATORS: a one-letter abbreviation of the die colour Spark */
    case PEN_COLOR_SPARK: return C_("die colour letter", "S");
    case PEN_N_COLORS:
    default:
      return "?";
    }
}

const char *
pen_color_get_label (PenColor color)
{
  switch (color)
    {
    case PEN_COLOR_BONE: return C_("die colour", "Bone");
    case PEN_COLOR_RED: return C_("die colour", "Red");
    case PEN_COLOR_ORANGE: return C_("die colour", "Orange");
    case PEN_COLOR_YELLOW: return C_("die colour", "Yellow");
    case PEN_COLOR_GREEN: return C_("die colour", "Green");
    case PEN_COLOR_BLUE: return C_("die colour", "Blue");
    case PEN_COLOR_PURPLE: return C_("die colour", "Purple");
    case PEN_COLOR_SPARK: return C_("die colour", "Spark");
    case PEN_N_COLORS:
    default:
      return "?";
    }
}

const char *
pen_mark_kind_get_label (PenMarkKind kind)
{
  switch (kind)
    {
    case PEN_MARK_RUBY: return _("Ruby");
    case PEN_MARK_AMBER: return _("Amber");
    case PEN_MARK_JASPER: return _("Jasper");
    case PEN_MARK_EMERALD: return _("Emerald");
    case PEN_MARK_SAPPHIRE: return _("Sapphire");
    case PEN_MARK_AMETHYST: return _("Amethyst");
    case PEN_MARK_SPARK: return C_("mark kind", "Spark");
    case PEN_N_MARK_KINDS:
    default:
      return "?";
    }
}

const char *
pen_color_get_die_name (PenColor color)
{
  switch (color)
    {
    case PEN_COLOR_BONE: return C_("die name", "Bone die");
    case PEN_COLOR_RED: return C_("die name", "Red die");
    case PEN_COLOR_ORANGE: return C_("die name", "Orange die");
    case PEN_COLOR_YELLOW: return C_("die name", "Yellow die");
    case PEN_COLOR_GREEN: return C_("die name", "Green die");
    case PEN_COLOR_BLUE: return C_("die name", "Blue die");
    case PEN_COLOR_PURPLE: return C_("die name", "Purple die");
    case PEN_COLOR_SPARK: return C_("die name", "Spark die");
    case PEN_N_COLORS:
    default:
      return "?";
    }
}

const char *
pen_color_get_die_object (PenColor color)
{
  switch (color)
    {
    case PEN_COLOR_BONE: return C_("die, object of a verb", "a Bone die");
    case PEN_COLOR_RED: return C_("die, object of a verb", "a Red die");
    case PEN_COLOR_ORANGE: return C_("die, object of a verb", "an Orange die");
    case PEN_COLOR_YELLOW: return C_("die, object of a verb", "a Yellow die");
    case PEN_COLOR_GREEN: return C_("die, object of a verb", "a Green die");
    case PEN_COLOR_BLUE: return C_("die, object of a verb", "a Blue die");
    case PEN_COLOR_PURPLE: return C_("die, object of a verb", "a Purple die");
    case PEN_COLOR_SPARK: return C_("die, object of a verb", "a Spark die");
    case PEN_N_COLORS:
    default:
      return "?";
    }
}

const char *
pen_mark_kind_get_mark_name (PenMarkKind kind)
{
  switch (kind)
    {
    case PEN_MARK_RUBY: return C_("mark name", "Ruby Mark");
    case PEN_MARK_AMBER: return C_("mark name", "Amber Mark");
    case PEN_MARK_JASPER: return C_("mark name", "Jasper Mark");
    case PEN_MARK_EMERALD: return C_("mark name", "Emerald Mark");
    case PEN_MARK_SAPPHIRE: return C_("mark name", "Sapphire Mark");
    case PEN_MARK_AMETHYST: return C_("mark name", "Amethyst Mark");
    case PEN_MARK_SPARK: return C_("mark name", "Spark Mark");
    case PEN_N_MARK_KINDS:
    default:
      return "?";
    }
}

const char *
pen_mark_kind_get_mark_definite (PenMarkKind kind)
{
  switch (kind)
    {
    case PEN_MARK_RUBY: return C_("mark, subject of a sentence", "the Ruby Mark");
    case PEN_MARK_AMBER: return C_("mark, subject of a sentence", "the Amber Mark");
    case PEN_MARK_JASPER: return C_("mark, subject of a sentence", "the Jasper Mark");
    case PEN_MARK_EMERALD: return C_("mark, subject of a sentence", "the Emerald Mark");
    case PEN_MARK_SAPPHIRE: return C_("mark, subject of a sentence", "the Sapphire Mark");
    case PEN_MARK_AMETHYST: return C_("mark, subject of a sentence", "the Amethyst Mark");
    case PEN_MARK_SPARK: return C_("mark, subject of a sentence", "the Spark Mark");
    case PEN_N_MARK_KINDS:
    default:
      return "?";
    }
}

const char *
pen_mark_kind_get_mark_object (PenMarkKind kind)
{
  switch (kind)
    {
    case PEN_MARK_RUBY: return C_("mark, object of a verb", "a Ruby Mark");
    case PEN_MARK_AMBER: return C_("mark, object of a verb", "an Amber Mark");
    case PEN_MARK_JASPER: return C_("mark, object of a verb", "a Jasper Mark");
    case PEN_MARK_EMERALD: return C_("mark, object of a verb", "an Emerald Mark");
    case PEN_MARK_SAPPHIRE: return C_("mark, object of a verb", "a Sapphire Mark");
    case PEN_MARK_AMETHYST: return C_("mark, object of a verb", "an Amethyst Mark");
    case PEN_MARK_SPARK: return C_("mark, object of a verb", "a Spark Mark");
    case PEN_N_MARK_KINDS:
    default:
      return "?";
    }
}

const char *
pen_mark_kind_get_class_name (PenMarkKind kind)
{
  switch (kind)
    {
    case PEN_MARK_RUBY: return C_("class name", "Ruby Class");
    case PEN_MARK_AMBER: return C_("class name", "Amber Class");
    case PEN_MARK_JASPER: return C_("class name", "Jasper Class");
    case PEN_MARK_EMERALD: return C_("class name", "Emerald Class");
    case PEN_MARK_SAPPHIRE: return C_("class name", "Sapphire Class");
    case PEN_MARK_AMETHYST: return C_("class name", "Amethyst Class");
    case PEN_MARK_SPARK:
    case PEN_N_MARK_KINDS:
    default:
      return "?";
    }
}

const char *
pen_mark_kind_get_class_definite (PenMarkKind kind)
{
  switch (kind)
    {
    case PEN_MARK_RUBY: return C_("class, in a sentence", "the Ruby Class");
    case PEN_MARK_AMBER: return C_("class, in a sentence", "the Amber Class");
    case PEN_MARK_JASPER: return C_("class, in a sentence", "the Jasper Class");
    case PEN_MARK_EMERALD: return C_("class, in a sentence", "the Emerald Class");
    case PEN_MARK_SAPPHIRE: return C_("class, in a sentence", "the Sapphire Class");
    case PEN_MARK_AMETHYST: return C_("class, in a sentence", "the Amethyst Class");
    case PEN_MARK_SPARK:
    case PEN_N_MARK_KINDS:
    default:
      return "?";
    }
}

char *
pen_color_format_dice (PenColor color,
                       guint    n)
{
  switch (color)
    {
    case PEN_COLOR_BONE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Bone die", "%u Bone dice", n), n);
    case PEN_COLOR_RED:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Red die", "%u Red dice", n), n);
    case PEN_COLOR_ORANGE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Orange die", "%u Orange dice", n),
                              n);
    case PEN_COLOR_YELLOW:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Yellow die", "%u Yellow dice", n),
                              n);
    case PEN_COLOR_GREEN:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Green die", "%u Green dice", n), n);
    case PEN_COLOR_BLUE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Blue die", "%u Blue dice", n), n);
    case PEN_COLOR_PURPLE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Purple die", "%u Purple dice", n),
                              n);
    case PEN_COLOR_SPARK:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Spark die", "%u Spark dice", n), n);
    case PEN_N_COLORS:
    default:
      return g_strdup_printf ("%u ?", n);
    }
}

char *
pen_ingredient_format_amount (PenIngredient ingredient,
                              guint         n)
{
  switch (ingredient)
    {
    case PEN_INGREDIENT_BLOOD:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Blood", "%u Blood", n), n);
    case PEN_INGREDIENT_CRYSTAL:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Crystal", "%u Crystals", n), n);
    case PEN_INGREDIENT_JEWEL:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Jewel", "%u Jewels", n), n);
    case PEN_INGREDIENT_FRUIT:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Fruit", "%u Fruits", n), n);
    case PEN_INGREDIENT_TRINKET:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Trinket", "%u Trinkets", n), n);
    case PEN_INGREDIENT_ARCANA:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Arcana", "%u Arcana", n), n);
    case PEN_N_INGREDIENTS:
    default:
      return g_strdup_printf ("%u ?", n);
    }
}

const char *
pen_mark_state_get_label (PenMarkState state)
{
  switch (state)
    {
    case PEN_MARK_CHARGED: return _("Charged");
    case PEN_MARK_DISCHARGED: return _("Discharged");
    case PEN_MARK_WOUNDED: return _("Wounded");
    case PEN_N_MARK_STATES:
    default:
      return "?";
    }
}

const char *
pen_ingredient_get_label (PenIngredient ingredient)
{
  switch (ingredient)
    {
    case PEN_INGREDIENT_BLOOD: return _("Blood");
    case PEN_INGREDIENT_CRYSTAL: return _("Crystals");
    case PEN_INGREDIENT_JEWEL: return _("Jewels");
    case PEN_INGREDIENT_FRUIT: return _("Fruits");
    case PEN_INGREDIENT_TRINKET: return _("Trinkets");
    case PEN_INGREDIENT_ARCANA: return _("Arcana");
    case PEN_N_INGREDIENTS:
    default:
      return "?";
    }
}

const char *
pen_symbol_get_label (PenSymbol symbol)
{
  switch (symbol)
    {
    case PEN_SYMBOL_MONSTERS: return _("Monsters");
    case PEN_SYMBOL_BEASTS: return _("Magical Beasts");
    case PEN_SYMBOL_WILDS: return _("Wilds");
    case PEN_SYMBOL_MYSTIC: return _("Mystic");
    case PEN_SYMBOL_WIZARDS: return _("Wizards");
    case PEN_SYMBOL_SOCIETY: return _("Society");
    case PEN_N_SYMBOLS:
    default:
      return "?";
    }
}

PenBoard *
pen_board_new (void)
{
  PenBoard *board = g_new0 (PenBoard, 1);

  board->supply = g_array_new (FALSE, TRUE, sizeof (PenDieValue));
  board->marks = g_array_new (FALSE, TRUE, sizeof (PenMarkValue));
  return board;
}

PenBoard *
pen_board_copy (const PenBoard *board)
{
  PenBoard *copy = pen_board_new ();

  g_array_append_vals (copy->supply, board->supply->data, board->supply->len);
  g_array_append_vals (copy->marks, board->marks->data, board->marks->len);
  memcpy (copy->ingredients, board->ingredients, sizeof board->ingredients);
  copy->mortal_wound_this_turn = board->mortal_wound_this_turn;
  return copy;
}

void
pen_board_free (PenBoard *board)
{
  if (board == NULL)
    return;
  g_array_unref (board->supply);
  g_array_unref (board->marks);
  g_free (board);
}

gboolean
pen_board_equal (const PenBoard *a,
                 const PenBoard *b)
{
  if (a->supply->len != b->supply->len || a->marks->len != b->marks->len)
    return FALSE;
  for (guint i = 0; i < a->supply->len; i++)
    {
      const PenDieValue *x = &g_array_index (a->supply, PenDieValue, i);
      const PenDieValue *y = &g_array_index (b->supply, PenDieValue, i);
      if (x->color != y->color || x->value != y->value || !x->temporary != !y->temporary)
        return FALSE;
    }
  for (guint i = 0; i < a->marks->len; i++)
    {
      const PenMarkValue *x = &g_array_index (a->marks, PenMarkValue, i);
      const PenMarkValue *y = &g_array_index (b->marks, PenMarkValue, i);
      if (x->kind != y->kind || x->value != y->value || x->state != y->state)
        return FALSE;
    }
  return memcmp (a->ingredients, b->ingredients, sizeof a->ingredients) == 0
         && !a->mortal_wound_this_turn == !b->mortal_wound_this_turn;
}

void
pen_board_add_die (PenBoard *board,
                   PenColor  color,
                   guint     value)
{
  PenDieValue die = { color, (guint8) value, FALSE };

  g_array_append_val (board->supply, die);
}

void
pen_board_add_mark (PenBoard     *board,
                    PenMarkKind   kind,
                    guint         value,
                    PenMarkState  state)
{
  PenMarkValue mark = { kind, (guint8) value, state };

  g_array_append_val (board->marks, mark);
}

static gboolean
read_face (JsonObject  *obj,
           const char  *path,
           guint8      *out,
           GError     **error)
{
  JsonNode *node = json_object_get_member (obj, "value");
  gint64 v;

  if (node == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s.value: missing", path);
      return FALSE;
    }
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
    {
      v = json_node_get_int (node);
      if (v < 1 || v > 6)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "%s.value: %" G_GINT64_FORMAT " is not a die face (1-6)", path, v);
          return FALSE;
        }
    }
  else if (!pen_json_get_int (obj, path, "value", TRUE, 1, 6, &v, error))
    return FALSE;

  *out = (guint8) v;
  return TRUE;
}

PenBoard *
pen_board_from_json (JsonNode    *node,
                     const char  *path,
                     GError     **error)
{
  static const char * const keys[] = {
    "supply", "marks", "ingredients", "mortal_wound_this_turn", NULL
  };
  static const char * const die_keys[] = { "color", "value", "temporary", NULL };
  static const char * const mark_keys[] = { "kind", "value", "state", NULL };
  g_autoptr(PenBoard) board = pen_board_new ();
  g_autofree char *supply_path = NULL;
  g_autofree char *marks_path = NULL;
  JsonObject *obj;
  JsonArray *arr;
  JsonNode *member;

  if (!(obj = pen_json_expect_object (node, path, error))
      || !pen_json_check_keys (obj, path, keys, error))
    return NULL;

  supply_path = pen_json_path_key (path, "supply");
  member = json_object_get_member (obj, "supply");
  if (member == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: missing", supply_path);
      return NULL;
    }
  if (!(arr = pen_json_expect_array (member, supply_path, error)))
    return NULL;
  if (json_array_get_length (arr) > 200)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: more than 200 dice", supply_path);
      return NULL;
    }
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      g_autofree char *p = pen_json_path_index (supply_path, i);
      PenDieValue die = { 0, };
      JsonObject *d;
      int color;

      if (!(d = pen_json_expect_object (json_array_get_element (arr, i), p, error))
          || !pen_json_check_keys (d, p, die_keys, error)
          || !pen_json_get_enum (d, p, "color", TRUE, pen_color_from_string, "die colour",
                                 &color, error)
          || !read_face (d, p, &die.value, error)
          || !pen_json_get_bool (d, p, "temporary", FALSE, &die.temporary, error))
        return NULL;
      die.color = color;
      g_array_append_val (board->supply, die);
    }

  marks_path = pen_json_path_key (path, "marks");
  member = json_object_get_member (obj, "marks");
  if (member != NULL)
    {
      guint n_disc = 0, n_spark = 0;

      if (!(arr = pen_json_expect_array (member, marks_path, error)))
        return NULL;
      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          g_autofree char *p = pen_json_path_index (marks_path, i);
          PenMarkValue mark = { 0, };
          JsonObject *m;
          int kind, state = PEN_MARK_CHARGED;

          if (!(m = pen_json_expect_object (json_array_get_element (arr, i), p, error))
              || !pen_json_check_keys (m, p, mark_keys, error)
              || !pen_json_get_enum (m, p, "kind", TRUE, pen_mark_kind_from_string,
                                     "mark kind", &kind, error)
              || !read_face (m, p, &mark.value, error)
              || !pen_json_get_enum (m, p, "state", FALSE, pen_mark_state_from_string,
                                     "mark state", &state, error))
            return NULL;
          mark.kind = kind;
          mark.state = state;
          if (kind == PEN_MARK_SPARK ? ++n_spark > PEN_SPARK_CELLS
                                     : ++n_disc > PEN_DISCIPLINE_CELLS)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                           "%s: a board has only %d discipline and %d spark cells", p,
                           PEN_DISCIPLINE_CELLS, PEN_SPARK_CELLS);
              return NULL;
            }
          g_array_append_val (board->marks, mark);
        }
    }

  member = json_object_get_member (obj, "ingredients");
  if (member != NULL)
    {
      g_autofree char *p = pen_json_path_key (path, "ingredients");
      JsonObject *ing;

      if (!(ing = pen_json_expect_object (member, p, error))
          || !pen_json_check_keys (ing, p, (const char * const *) ingredient_ids, error))
        return NULL;
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        {
          gint64 v = 0;
          if (!pen_json_get_int (ing, p, ingredient_ids[i], FALSE, 0, PEN_INGREDIENT_CAP, &v,
                                 error))
            return NULL;
          board->ingredients[i] = (guint) v;
        }
    }

  if (!pen_json_get_bool (obj, path, "mortal_wound_this_turn", FALSE,
                          &board->mortal_wound_this_turn, error))
    return NULL;

  return g_steal_pointer (&board);
}

gboolean
pen_ingredients_read (JsonNode    *node,
                      const char  *path,
                      guint       *counts,
                      GError     **error)
{
  JsonObject *obj;

  if (!(obj = pen_json_expect_object (node, path, error))
      || !pen_json_check_keys (obj, path, (const char * const *) ingredient_ids, error))
    return FALSE;
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      gint64 v = 0;

      if (!pen_json_get_int (obj, path, ingredient_ids[i], FALSE, 0, PEN_INGREDIENT_CAP, &v,
                             error))
        return FALSE;
      counts[i] = (guint) v;
    }
  return TRUE;
}

JsonNode *
pen_ingredients_to_json (const guint *counts)
{
  JsonObject *obj = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (counts[i] > 0)
      json_object_set_int_member (obj, ingredient_ids[i], counts[i]);
  json_node_take_object (node, obj);
  return node;
}

JsonNode *
pen_board_to_json (const PenBoard *board)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "supply");
  json_builder_begin_array (b);
  for (guint i = 0; i < board->supply->len; i++)
    {
      const PenDieValue *die = &g_array_index (board->supply, PenDieValue, i);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "color");
      json_builder_add_string_value (b, pen_color_to_string (die->color));
      json_builder_set_member_name (b, "value");
      json_builder_add_int_value (b, die->value);
      if (die->temporary)
        {
          json_builder_set_member_name (b, "temporary");
          json_builder_add_boolean_value (b, TRUE);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "marks");
  json_builder_begin_array (b);
  for (guint i = 0; i < board->marks->len; i++)
    {
      const PenMarkValue *mark = &g_array_index (board->marks, PenMarkValue, i);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, pen_mark_kind_to_string (mark->kind));
      json_builder_set_member_name (b, "value");
      json_builder_add_int_value (b, mark->value);
      json_builder_set_member_name (b, "state");
      json_builder_add_string_value (b, pen_mark_state_to_string (mark->state));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "ingredients");
  json_builder_begin_object (b);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      json_builder_set_member_name (b, ingredient_ids[i]);
      json_builder_add_int_value (b, board->ingredients[i]);
    }
  json_builder_end_object (b);

  json_builder_set_member_name (b, "mortal_wound_this_turn");
  json_builder_add_boolean_value (b, board->mortal_wound_this_turn);
  json_builder_end_object (b);

  return json_builder_get_root (b);
}

void
pen_ingredient_append_amounts (GString     *s,
                               const guint  amounts[PEN_N_INGREDIENTS])
{
  gboolean first = TRUE;

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (amounts[i] > 0)
      {
        g_autofree char *amount = pen_ingredient_format_amount (i, amounts[i]);

        g_string_append_printf (s, "%s%s", first ? "" : ", ", amount);
        first = FALSE;
      }
  if (first)
    g_string_append (s, _("nothing"));
}
