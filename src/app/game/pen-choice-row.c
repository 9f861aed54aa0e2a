/* pen-choice-row.c: one of several choices, a row with a radio check button
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-choice-row.h"

struct _PenChoiceRow
{
  AdwActionRow    parent_instance;

  GtkCheckButton *check;
};

G_DEFINE_FINAL_TYPE (PenChoiceRow, pen_choice_row, ADW_TYPE_ACTION_ROW)

GtkCheckButton *
pen_choice_row_get_check (PenChoiceRow *self)
{
  g_return_val_if_fail (PEN_IS_CHOICE_ROW (self), NULL);
  return self->check;
}

static void
pen_choice_row_class_init (PenChoiceRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-choice-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenChoiceRow, check);
}

static void
pen_choice_row_init (PenChoiceRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
pen_choice_row_new (const char   *title,
                    const char   *subtitle,
                    PenChoiceRow *group)
{
  PenChoiceRow *self = g_object_new (PEN_TYPE_CHOICE_ROW,
                                     "title", title,
                                     "subtitle", subtitle,
                                     NULL);

  if (group != NULL)
    gtk_check_button_set_group (self->check, group->check);
  return GTK_WIDGET (self);
}
