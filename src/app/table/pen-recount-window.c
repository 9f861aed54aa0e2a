/* pen-recount-window.c: "Check the table", a guided recount of the physical table
 *
 * The steps and what was counted live in a PenRecountForm (the core); this window shows one
 * step at a time and submits the form's one "recount" action at the end.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-recount-form.h"
#include "pen-recount-step.h"
#include "pen-recount-window.h"
#include "pen-widget-utils.h"

struct _PenRecountWindow
{
  AdwWindow       parent_instance;

  AdwWindowTitle *title;
  GtkStack       *stack;
  GtkWidget      *back;
  GtkWidget      *next;

  PenRecountForm *form;
  PenSection     *section;   /* weak: where the action goes */
};

G_DEFINE_FINAL_TYPE (PenRecountWindow, pen_recount_window, ADW_TYPE_WINDOW)

static char *
step_name (PenRecountWindow *self,
           PenTable         *table,
           guint             step)
{
  int wi = pen_recount_form_get_step_wizard (self->form, step);

  return wi >= 0 ? g_strdup (pen_wizard_get_display_name (pen_table_get_wizard (table, wi)))
                 : g_strdup (_("Rows and deck"));
}

static void
update (PenRecountWindow *self)
{
  guint step = pen_recount_form_get_step (self->form);
  guint n_steps = pen_recount_form_get_n_steps (self->form);
  GtkWidget *page = gtk_widget_get_first_child (GTK_WIDGET (self->stack));
  g_autofree char *sub = NULL;

  for (guint i = 0; i < step && page != NULL; i++)
    page = gtk_widget_get_next_sibling (page);
  if (page != NULL)
    {
      gtk_stack_set_visible_child (self->stack, page);
      sub = g_strdup_printf (_("Step %u of %u · %s"), step + 1, n_steps,
                             pen_recount_step_get_name (PEN_RECOUNT_STEP (page)));
      adw_window_title_set_subtitle (self->title, sub);
    }
  gtk_widget_set_sensitive (self->back, step > 0);
  if (!pen_recount_form_get_last_step (self->form))
    gtk_button_set_label (GTK_BUTTON (self->next), _("_Next"));
  else
    {
      guint n = pen_recount_form_get_n_corrections (self->form);
      g_autofree char *label = n == 0 ? g_strdup (_("_The Table Matches"))
                                      : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                      "_Apply %u Correction",
                                                                      "_Apply %u Corrections",
                                                                      n), n);
      gtk_button_set_label (GTK_BUTTON (self->next), label);
    }
}

static void
back_clicked_cb (PenRecountWindow *self)
{
  guint step = pen_recount_form_get_step (self->form);

  if (step > 0)
    pen_recount_form_set_step (self->form, step - 1);
}

static void
next_clicked_cb (PenRecountWindow *self)
{
  if (!pen_recount_form_get_last_step (self->form))
    {
      pen_recount_form_set_step (self->form, pen_recount_form_get_step (self->form) + 1);
      return;
    }
  if (self->section != NULL)
    pen_section_submit_new (self->section, pen_recount_form_to_action (self->form));
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
pen_recount_window_dispose (GObject *object)
{
  PenRecountWindow *self = PEN_RECOUNT_WINDOW (object);

  g_clear_weak_pointer (&self->section);
  if (self->form != NULL)
    g_signal_handlers_disconnect_by_data (self->form, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_RECOUNT_WINDOW);
  g_clear_object (&self->form);

  G_OBJECT_CLASS (pen_recount_window_parent_class)->dispose (object);
}

static void
pen_recount_window_class_init (PenRecountWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_recount_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-recount-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRecountWindow, title);
  gtk_widget_class_bind_template_child (widget_class, PenRecountWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, PenRecountWindow, back);
  gtk_widget_class_bind_template_child (widget_class, PenRecountWindow, next);
  gtk_widget_class_bind_template_callback (widget_class, back_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, next_clicked_cb);
  /* closing it counts nothing, as its close button */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pen_recount_window_init (PenRecountWindow *self)
{
  g_type_ensure (PEN_TYPE_RECOUNT_STEP);
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWindow *
pen_recount_window_open (PenSection *section,
                         PenTable   *table)
{
  PenRecountWindow *self;
  GtkRoot *root;

  g_return_val_if_fail (PEN_IS_SECTION (section), NULL);
  g_return_val_if_fail (PEN_IS_TABLE (table), NULL);

  self = g_object_new (PEN_TYPE_RECOUNT_WINDOW, NULL);
  self->form = pen_recount_form_new (table);
  g_set_weak_pointer (&self->section, section);
  root = gtk_widget_get_root (GTK_WIDGET (section));
  if (GTK_IS_WINDOW (root))
    pen_window_fit_parent (GTK_WINDOW (self), GTK_WINDOW (root));
  for (guint i = 0; i < pen_recount_form_get_n_steps (self->form); i++)
    {
      g_autofree char *name = step_name (self, table, i);

      gtk_stack_add_child (self->stack, g_object_new (PEN_TYPE_RECOUNT_STEP, "form", self->form,
                                                      "step", i, "name", name, NULL));
    }
  g_signal_connect_object (self->form, "notify::step", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->form, "notify::n-corrections", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  update (self);
  gtk_window_present (GTK_WINDOW (self));
  return GTK_WINDOW (self);
}
