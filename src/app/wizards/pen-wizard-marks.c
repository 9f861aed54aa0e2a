/* pen-wizard-marks.c
 *
 * The twelve cells follow the "wizard"'s list of Marks and every Mark's properties; the die
 * faces under them come from the "table". A change redraws only the cells whose Mark changed
 * (pen_mark_cell_show compares with what it drew).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-mark-cell.h"
#include "pen-table.h"
#include "pen-wizard-marks.h"

struct _PenWizardMarks
{
  PenWizardSection  parent_instance;

  GtkFlowBox       *marks_box;
  GtkFlowBox       *spark_box;
  PenMarkCell      *cells[PEN_MARK_CELLS];

  PenTable         *table;
  GPtrArray        *watched;   /* the Marks whose notify we follow */
};

G_DEFINE_FINAL_TYPE (PenWizardMarks, pen_wizard_marks, PEN_TYPE_WIZARD_SECTION)

enum {
  PROP_0,
  PROP_TABLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_cells (PenWizardMarks *self)
{
  PenWizard *wizard = pen_wizard_section_get_wizard (PEN_WIZARD_SECTION (self));

  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    pen_mark_cell_show (self->cells[cell], wizard,
                        self->table ? pen_table_get_cell_value (self->table, cell) : 0);
}

static void
unwatch (PenWizardMarks *self)
{
  for (guint i = 0; i < self->watched->len; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->watched, i), self);
  g_ptr_array_set_size (self->watched, 0);
}

/* every Mark's changes redraw the cells */
static void
pen_wizard_marks_list_changed (PenWizardSection *section)
{
  PenWizardMarks *self = PEN_WIZARD_MARKS (section);
  PenWizard *wizard = pen_wizard_section_get_wizard (section);
  GListModel *marks;

  unwatch (self);
  if (wizard != NULL)
    {
      marks = pen_wizard_get_marks (wizard);
      for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
        {
          g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
          g_signal_connect_swapped (mark, "notify", G_CALLBACK (update_cells), self);
          g_ptr_array_add (self->watched, g_object_ref (mark));
        }
    }
  update_cells (self);
}

static void
pen_wizard_marks_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  PenWizardMarks *self = PEN_WIZARD_MARKS (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      g_value_set_object (value, self->table);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_wizard_marks_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  PenWizardMarks *self = PEN_WIZARD_MARKS (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      if (g_set_object (&self->table, g_value_get_object (value)))
        {
          update_cells (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_wizard_marks_dispose (GObject *object)
{
  PenWizardMarks *self = PEN_WIZARD_MARKS (object);

  unwatch (self);
  g_clear_object (&self->table);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_WIZARD_MARKS);

  G_OBJECT_CLASS (pen_wizard_marks_parent_class)->dispose (object);
}

static void
pen_wizard_marks_finalize (GObject *object)
{
  g_clear_pointer (&PEN_WIZARD_MARKS (object)->watched, g_ptr_array_unref);

  G_OBJECT_CLASS (pen_wizard_marks_parent_class)->finalize (object);
}

static void
pen_wizard_marks_class_init (PenWizardMarksClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenWizardSectionClass *section_class = PEN_WIZARD_SECTION_CLASS (klass);

  object_class->get_property = pen_wizard_marks_get_property;
  object_class->set_property = pen_wizard_marks_set_property;
  object_class->dispose = pen_wizard_marks_dispose;
  object_class->finalize = pen_wizard_marks_finalize;
  section_class->get_list = pen_wizard_get_marks;
  section_class->list_changed = pen_wizard_marks_list_changed;

  properties[PROP_TABLE] =
    g_param_spec_object ("table", NULL, NULL, PEN_TYPE_TABLE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-wizard-marks.ui");
  gtk_widget_class_bind_template_child (widget_class, PenWizardMarks, marks_box);
  gtk_widget_class_bind_template_child (widget_class, PenWizardMarks, spark_box);
}

static void
pen_wizard_marks_init (PenWizardMarks *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->watched = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint cell = 0; cell < PEN_MARK_CELLS; cell++)
    {
      GtkWidget *widget = pen_mark_cell_new (cell);

      gtk_flow_box_append (cell < PEN_DISCIPLINE_CELLS ? self->marks_box : self->spark_box,
                           widget);
      self->cells[cell] = PEN_MARK_CELL (widget);
    }
}
