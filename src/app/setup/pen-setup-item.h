/* pen-setup-item.h: one line of a set-up step's checklist, as a list item
 *
 * A row of the assistant's lists (pen-setup-row.h shows it): a title and subtitle, and
 * what the row offers: a tick box for the table's checklist, nothing, a field for the face
 * the table rolled on a die (physical mode), for a starting Ingredient's count, or a choice
 * of the starting Discipline card (physical mode).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  PEN_SETUP_ITEM_CHECK,
  PEN_SETUP_ITEM_PLAIN,
  PEN_SETUP_ITEM_DIE,
  /* a count 0–12 of one starting Ingredient (index) of player (wizard: as given) */
  PEN_SETUP_ITEM_INGREDIENT,
  /* physical: which Discipline card player (wizard: as given) starts with */
  PEN_SETUP_ITEM_START_CARD,
} PenSetupItemKind;

#define PEN_TYPE_SETUP_ITEM (pen_setup_item_get_type ())
G_DECLARE_FINAL_TYPE (PenSetupItem, pen_setup_item, PEN, SETUP_ITEM, GObject)

PenSetupItem     *pen_setup_item_new          (PenSetupItemKind  kind,
                                               const char       *title,
                                               const char       *subtitle);
/* A die of wizard (turn order) at index in its supply, showing face; a11y names the field */
PenSetupItem     *pen_setup_item_new_die      (const char       *title,
                                               const char       *subtitle,
                                               const char       *a11y,
                                               guint             wizard,
                                               guint             index,
                                               guint             face);
/* A field of kind INGREDIENT or START_CARD for player (as given), index its Ingredient */
PenSetupItem     *pen_setup_item_new_field    (PenSetupItemKind  kind,
                                               const char       *title,
                                               const char       *subtitle,
                                               const char       *a11y,
                                               guint             player,
                                               guint             index,
                                               guint             value);
PenSetupItemKind  pen_setup_item_get_kind     (PenSetupItem     *self);
const char       *pen_setup_item_get_title    (PenSetupItem     *self);
const char       *pen_setup_item_get_subtitle (PenSetupItem     *self);
const char       *pen_setup_item_get_a11y     (PenSetupItem     *self);
guint             pen_setup_item_get_wizard   (PenSetupItem     *self);
guint             pen_setup_item_get_index    (PenSetupItem     *self);
guint             pen_setup_item_get_face     (PenSetupItem     *self);

/* Appends to store (a GListStore of PenSetupItem) */
void              pen_setup_items_add         (GListStore       *store,
                                               PenSetupItemKind  kind,
                                               const char       *title,
                                               const char       *subtitle);

/* Replaces the items of store by those of items, in one change */
void              pen_setup_items_replace     (GListStore       *store,
                                               GListStore       *items);

G_END_DECLS
