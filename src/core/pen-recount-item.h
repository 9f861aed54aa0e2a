/* pen-recount-item.h: one value of "Check the table", as the app has it and as counted
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* What an item counts. wizard: whose (the wizard steps); index: its place in its list */
typedef enum
{
  PEN_RECOUNT_MARK,        /* detail: the PenMarkKind, cell: its cell, value: its PenMarkState */
  PEN_RECOUNT_DIE,         /* detail: the PenColor, value: its face, present: on the board */
  PEN_RECOUNT_INGREDIENT,  /* detail: the PenIngredient, value: how many */
  PEN_RECOUNT_TRIAL,       /* card, present: in the trial row */
  PEN_RECOUNT_CONTRACT,    /* index: the cell, card, present: in its cell */
  PEN_RECOUNT_FATE,        /* value: the cards left in the Fate deck */
  PEN_N_RECOUNT_KINDS
} PenRecountKind;

#define PEN_TYPE_RECOUNT_ITEM (pen_recount_item_get_type ())
G_DECLARE_FINAL_TYPE (PenRecountItem, pen_recount_item, PEN, RECOUNT_ITEM, GObject)

PenRecountItem *pen_recount_item_new          (PenRecountKind  kind,
                                               guint           wizard,
                                               guint           index,
                                               int             detail,
                                               const char     *card,
                                               int             value,
                                               int             maximum);

PenRecountKind  pen_recount_item_get_kind     (PenRecountItem *self);
guint           pen_recount_item_get_wizard   (PenRecountItem *self);
guint           pen_recount_item_get_index    (PenRecountItem *self);
int             pen_recount_item_get_detail   (PenRecountItem *self);
guint           pen_recount_item_get_cell     (PenRecountItem *self);
void            pen_recount_item_set_cell     (PenRecountItem *self,
                                               guint           cell);
const char     *pen_recount_item_get_card     (PenRecountItem *self);
int             pen_recount_item_get_original (PenRecountItem *self);
int             pen_recount_item_get_minimum  (PenRecountItem *self);
int             pen_recount_item_get_maximum  (PenRecountItem *self);

int             pen_recount_item_get_value    (PenRecountItem *self);
void            pen_recount_item_set_value    (PenRecountItem *self,
                                               int             value);
gboolean        pen_recount_item_get_present  (PenRecountItem *self);
void            pen_recount_item_set_present  (PenRecountItem *self,
                                               gboolean        present);
gboolean        pen_recount_item_get_changed  (PenRecountItem *self);

G_END_DECLS
