/* pen-recount-form.h: "Check the table", the guided recount, as a form without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-action.h"
#include "pen-recount-item.h"
#include "pen-table.h"

G_BEGIN_DECLS

#define PEN_TYPE_RECOUNT_FORM (pen_recount_form_get_type ())
G_DECLARE_FINAL_TYPE (PenRecountForm, pen_recount_form, PEN, RECOUNT_FORM, GObject)

/* One step per wizard (marks, dice, ingredients), then the rows and the Fate deck. Every item
 * starts as the table has it; the user confirms or corrects it, and the corrections go out
 * together as ONE "recount" action, so a single undo takes them all back. */
PenRecountForm *pen_recount_form_new               (PenTable       *table);

guint           pen_recount_form_get_n_steps       (PenRecountForm *self);
guint           pen_recount_form_get_step          (PenRecountForm *self);
void            pen_recount_form_set_step          (PenRecountForm *self,
                                                    guint           step);
gboolean        pen_recount_form_get_last_step     (PenRecountForm *self);
/* The wizard a step counts, or -1 for the last (the rows and the Fate deck) */
int             pen_recount_form_get_step_wizard   (PenRecountForm *self,
                                                    guint           step);
/* The items of one kind on a step: a GListModel of PenRecountItem (transfer none; empty when
 * the step has none of that kind) */
GListModel     *pen_recount_form_get_items         (PenRecountForm *self,
                                                    guint           step,
                                                    PenRecountKind  kind);

/* The corrections as the "recount" action takes them: a wizard's dice and the trial row count
 * as one each (the whole list is replaced) */
guint           pen_recount_form_get_n_corrections (PenRecountForm *self);
JsonArray      *pen_recount_form_get_corrections   (PenRecountForm *self);
/* The "recount" action, or NULL when the table matches */
PenAction      *pen_recount_form_to_action         (PenRecountForm *self);

G_END_DECLS
