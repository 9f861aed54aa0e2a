/* pen-types.h: plain value types and vocabulary shared by the whole core
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define PEN_ERROR (pen_error_quark ())
GQuark pen_error_quark (void);

typedef enum
{
  PEN_ERROR_INVALID,   /* bad input: malformed, unknown key, out of range, unknown id */
  PEN_ERROR_REFUSED,   /* the rules refuse this action now */
  PEN_ERROR_CORRUPT,   /* a save that cannot be read */
  PEN_ERROR_NEWER,     /* a save written by a newer format */
  PEN_ERROR_IO,
  PEN_ERROR_NEEDS_FACES, /* physical mode: the table must say what its dice show */
} PenErrorCode;

/* Sets error to PEN_ERROR_REFUSED with the message, and returns FALSE: how the rules say no */
gboolean pen_refuse (GError     **error,
                     const char  *format,
                     ...) G_GNUC_PRINTF (2, 3);

typedef enum
{
  PEN_COLOR_BONE,
  PEN_COLOR_RED,
  PEN_COLOR_ORANGE,
  PEN_COLOR_YELLOW,
  PEN_COLOR_GREEN,
  PEN_COLOR_BLUE,
  PEN_COLOR_PURPLE,
  PEN_COLOR_SPARK,
  PEN_N_COLORS
} PenColor;

/* Mark kinds: the six disciplines, in the order of their colours, then spark. */
typedef enum
{
  PEN_MARK_RUBY,
  PEN_MARK_AMBER,
  PEN_MARK_JASPER,
  PEN_MARK_EMERALD,
  PEN_MARK_SAPPHIRE,
  PEN_MARK_AMETHYST,
  PEN_MARK_SPARK,
  PEN_N_MARK_KINDS
} PenMarkKind;

typedef enum
{
  PEN_MARK_CHARGED,
  PEN_MARK_DISCHARGED,
  PEN_MARK_WOUNDED,
  PEN_N_MARK_STATES
} PenMarkState;

typedef enum
{
  PEN_INGREDIENT_BLOOD,
  PEN_INGREDIENT_CRYSTAL,
  PEN_INGREDIENT_JEWEL,
  PEN_INGREDIENT_FRUIT,
  PEN_INGREDIENT_TRINKET,
  PEN_INGREDIENT_ARCANA,
  PEN_N_INGREDIENTS
} PenIngredient;

typedef enum
{
  PEN_SYMBOL_MONSTERS,
  PEN_SYMBOL_BEASTS,
  PEN_SYMBOL_WILDS,
  PEN_SYMBOL_MYSTIC,
  PEN_SYMBOL_WIZARDS,
  PEN_SYMBOL_SOCIETY,
  PEN_N_SYMBOLS
} PenSymbol;

typedef enum
{
  PEN_PATH_LIGHT,
  PEN_PATH_DARK,
  PEN_N_PATHS
} PenPath;

#define PEN_INGREDIENT_CAP 12
#define PEN_DISCIPLINE_CELLS 8
#define PEN_SPARK_CELLS 3
#define PEN_MARK_CELLS (PEN_DISCIPLINE_CELLS + PEN_SPARK_CELLS)

/* Vocabulary of ../shared/spec/cli.md. Each _from_string returns -1 for an unknown id. */
const char *pen_color_to_string         (PenColor      color);
int         pen_color_from_string       (const char   *str);
const char *pen_mark_kind_to_string     (PenMarkKind   kind);
int         pen_mark_kind_from_string   (const char   *str);
const char *pen_mark_state_to_string    (PenMarkState  state);
int         pen_mark_state_from_string  (const char   *str);
const char *pen_ingredient_to_string    (PenIngredient ingredient);
int         pen_ingredient_from_string  (const char   *str);
const char *pen_symbol_to_string        (PenSymbol     symbol);
int         pen_symbol_from_string      (const char   *str);
const char *pen_path_to_string          (PenPath       path);
int         pen_path_from_string        (const char   *str);

/* A set of Ingredients as JSON, {"fruit": 2, "blood": 1} (each 0 to PEN_INGREDIENT_CAP, a
 * missing one 0): read into counts[PEN_N_INGREDIENTS]; written with the non-zero ones only */
gboolean    pen_ingredients_read        (JsonNode     *node,
                                         const char   *path,
                                         guint        *counts,
                                         GError      **error);
JsonNode   *pen_ingredients_to_json     (const guint  *counts);

/* The position of str in a NULL-terminated list of ids, or -1 */
int         pen_id_lookup               (const char * const *ids,
                                         const char   *str);

/* ruby→red … amethyst→purple, spark→spark */
PenColor    pen_mark_kind_color         (PenMarkKind   kind);

/* Translated, human names ("Red", "Blood", …) for the UI. */
const char *pen_color_get_label         (PenColor      color);
const char *pen_color_get_short_label   (PenColor      color);
const char *pen_mark_kind_get_label     (PenMarkKind   kind);
const char *pen_mark_state_get_label    (PenMarkState  state);
const char *pen_ingredient_get_label    (PenIngredient ingredient);
const char *pen_symbol_get_label        (PenSymbol     symbol);
/* Whole names, each translated on its own so that a language can decline them: "Red die",
 * "Ruby Mark", "Ruby Class"; as a sentence's definite subject ("the Ruby Mark") and object
 * ("a Ruby Mark", "an Amber Mark"). */
const char *pen_color_get_die_name           (PenColor      color);
const char *pen_color_get_die_object         (PenColor      color);
const char *pen_mark_kind_get_mark_name      (PenMarkKind   kind);
const char *pen_mark_kind_get_mark_definite  (PenMarkKind   kind);
const char *pen_mark_kind_get_mark_object    (PenMarkKind   kind);
const char *pen_mark_kind_get_class_name     (PenMarkKind   kind);
const char *pen_mark_kind_get_class_definite (PenMarkKind   kind);
/* "1 Red die", "3 Red dice" */
char       *pen_color_format_dice            (PenColor      color,
                                              guint         n);
/* "1 Jewel", "3 Jewels", "2 Blood": a count of one ingredient, plural as the language needs */
char       *pen_ingredient_format_amount     (PenIngredient ingredient,
                                              guint         n);
/* Appends "1 Crystal, 2 Fruits" (every count above 0, in the ingredients' order), or "nothing" */
void        pen_ingredient_append_amounts    (GString      *s,
                                              const guint   amounts[PEN_N_INGREDIENTS]);
/* One letter that tells a colour without colour vision (B R O Y G U P S). */
const char *pen_color_get_letter        (PenColor      color);

/* A die as it lies in a supply. */
typedef struct
{
  PenColor color;
  guint8   value;      /* 1..6 */
  gboolean temporary;
} PenDieValue;

/* A mark as it lies in its cell; value is the die face printed under the cell. */
typedef struct
{
  PenMarkKind  kind;
  guint8       value;  /* 1..6 */
  PenMarkState state;
} PenMarkValue;

/* The plain, copyable state of one wizard board that the rules functions read: the spec's
 * WIZARD object. */
typedef struct
{
  GArray   *supply;                           /* of PenDieValue */
  GArray   *marks;                            /* of PenMarkValue, in cell order */
  guint     ingredients[PEN_N_INGREDIENTS];
  gboolean  mortal_wound_this_turn;
} PenBoard;

PenBoard   *pen_board_new        (void);
PenBoard   *pen_board_copy       (const PenBoard *board);
void        pen_board_free       (PenBoard       *board);
gboolean    pen_board_equal      (const PenBoard *a,
                                  const PenBoard *b);
void        pen_board_add_die    (PenBoard       *board,
                                  PenColor        color,
                                  guint           value);
void        pen_board_add_mark   (PenBoard       *board,
                                  PenMarkKind     kind,
                                  guint           value,
                                  PenMarkState    state);

/* Strict reader of the spec's WIZARD object: unknown keys, wrong types and out-of-range
 * values fail with PEN_ERROR_INVALID and a message that starts with the JSON path, e.g.
 * "$.wizard.supply[2].value: 7 is not a die face (1-6)". */
PenBoard   *pen_board_from_json  (JsonNode       *node,
                                  const char     *path,
                                  GError        **error);
JsonNode   *pen_board_to_json    (const PenBoard *board);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenBoard, pen_board_free)

G_END_DECLS
