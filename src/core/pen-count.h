/* pen-count.h: one number of a form (how many Fruits to give, which Ingredient a die gave…)
 *
 * An item of the forms' list models: a title and a subtitle to show, a value between 0 and
 * upper in steps of step, and what it counts (index: an ingredient, a symbol, a colour, a
 * wizard — the form's owner says). choice is a second value for the rows that pick one of a
 * list as well as a number (the Harvest's "which Ingredient"). Views bind to the properties.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PEN_TYPE_COUNT (pen_count_get_type ())
G_DECLARE_FINAL_TYPE (PenCount, pen_count, PEN, COUNT, GObject)

PenCount   *pen_count_new          (guint       index,
                                    const char *title,
                                    guint       upper,
                                    guint       step);
/* A list of n counts, index i titled label (i), each from 0 to upper in steps of 1 */
GListStore *pen_count_store_new    (guint       n,
                                    const char *(*label) (guint),
                                    guint       upper);
/* Titles for pen_count_store_new (): the label of colour, Ingredient or symbol i */
const char *pen_count_color_title      (guint i);
const char *pen_count_ingredient_title (guint i);
const char *pen_count_symbol_title     (guint i);
guint       pen_count_get_index    (PenCount   *self);
const char *pen_count_get_title    (PenCount   *self);
void        pen_count_set_title    (PenCount   *self,
                                    const char *title);
const char *pen_count_get_subtitle (PenCount   *self);
void        pen_count_set_subtitle (PenCount   *self,
                                    const char *subtitle);
guint       pen_count_get_value    (PenCount   *self);
void        pen_count_set_value    (PenCount   *self,
                                    guint       value);
guint       pen_count_get_upper    (PenCount   *self);
guint       pen_count_get_step     (PenCount   *self);
guint       pen_count_get_choice   (PenCount   *self);
void        pen_count_set_choice   (PenCount   *self,
                                    guint       choice);

G_END_DECLS
