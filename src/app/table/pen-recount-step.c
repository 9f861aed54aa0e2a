/* pen-recount-step.c: one step of "Check the table"
 *
 * Its lists are bound to the step's items in the PenRecountForm: a row per item.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-recount-form.h"
#include "pen-recount-mark-row.h"
#include "pen-recount-row.h"
#include "pen-recount-step.h"
#include "pen-widget-utils.h"

struct _PenRecountStep
{
  AdwPreferencesPage   parent_instance;

  AdwPreferencesGroup *groups[PEN_N_RECOUNT_KINDS];
  GtkListBox          *lists[PEN_N_RECOUNT_KINDS];

  PenRecountForm      *form;
  guint                step;
  char                *name;
};

G_DEFINE_FINAL_TYPE (PenRecountStep, pen_recount_step, ADW_TYPE_PREFERENCES_PAGE)

enum {
  PROP_0,
  PROP_FORM,
  PROP_STEP,
  PROP_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  if (pen_recount_item_get_kind (item) == PEN_RECOUNT_MARK)
    return g_object_new (PEN_TYPE_RECOUNT_MARK_ROW, "item", item, NULL);
  return g_object_new (PEN_TYPE_RECOUNT_ROW, "item", item, NULL);
}

static void
bind_lists (PenRecountStep *self)
{
  gboolean wizard = pen_recount_form_get_step_wizard (self->form, self->step) >= 0;
  static const char *empty[PEN_N_RECOUNT_KINDS] = {
    [PEN_RECOUNT_MARK] = N_("No marks"),
    [PEN_RECOUNT_DIE] = N_("No dice"),
    [PEN_RECOUNT_TRIAL] = N_("The trial row is empty"),
  };

  for (guint kind = 0; kind < PEN_N_RECOUNT_KINDS; kind++)
    {
      GListModel *items = pen_recount_form_get_items (self->form, self->step, kind);
      gboolean of_wizard = kind == PEN_RECOUNT_MARK || kind == PEN_RECOUNT_DIE
                           || kind == PEN_RECOUNT_INGREDIENT;

      gtk_widget_set_visible (GTK_WIDGET (self->groups[kind]), of_wizard == wizard);
      gtk_list_box_bind_model (self->lists[kind], items, create_row, NULL, NULL);
      if (empty[kind] != NULL)
        gtk_list_box_set_placeholder (self->lists[kind], pen_placeholder_row (_(empty[kind])));
      /* the guild has no placeholder: an empty cell is simply not listed */
      gtk_widget_set_visible (GTK_WIDGET (self->lists[kind]),
                              empty[kind] != NULL || g_list_model_get_n_items (items) > 0);
    }
  if (wizard)
    {
      guint n = g_list_model_get_n_items (pen_recount_form_get_items (self->form, self->step,
                                                                      PEN_RECOUNT_DIE));
      g_autofree char *desc = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "The app counts %u die. Turn off "
                                                            "one that is not there; set each "
                                                            "face.",
                                                            "The app counts %u dice. Turn off "
                                                            "any that are not there; set each "
                                                            "face.", n), n);

      adw_preferences_group_set_description (self->groups[PEN_RECOUNT_DIE], desc);
    }
}

static void
pen_recount_step_constructed (GObject *object)
{
  PenRecountStep *self = PEN_RECOUNT_STEP (object);

  G_OBJECT_CLASS (pen_recount_step_parent_class)->constructed (object);
  if (self->form != NULL)
    bind_lists (self);
}

static void
pen_recount_step_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  PenRecountStep *self = PEN_RECOUNT_STEP (object);

  switch (prop_id)
    {
    case PROP_FORM:
      g_value_set_object (value, self->form);
      break;
    case PROP_STEP:
      g_value_set_uint (value, self->step);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_recount_step_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  PenRecountStep *self = PEN_RECOUNT_STEP (object);

  switch (prop_id)
    {
    case PROP_FORM:
      self->form = g_value_dup_object (value);
      break;
    case PROP_STEP:
      self->step = g_value_get_uint (value);
      break;
    case PROP_NAME:
      self->name = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_recount_step_dispose (GObject *object)
{
  PenRecountStep *self = PEN_RECOUNT_STEP (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_RECOUNT_STEP);
  g_clear_object (&self->form);

  G_OBJECT_CLASS (pen_recount_step_parent_class)->dispose (object);
}

static void
pen_recount_step_finalize (GObject *object)
{
  PenRecountStep *self = PEN_RECOUNT_STEP (object);

  g_free (self->name);

  G_OBJECT_CLASS (pen_recount_step_parent_class)->finalize (object);
}

static void
pen_recount_step_class_init (PenRecountStepClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = pen_recount_step_constructed;
  object_class->get_property = pen_recount_step_get_property;
  object_class->set_property = pen_recount_step_set_property;
  object_class->dispose = pen_recount_step_dispose;
  object_class->finalize = pen_recount_step_finalize;

  properties[PROP_FORM] = g_param_spec_object ("form", NULL, NULL, PEN_TYPE_RECOUNT_FORM, flags);
  properties[PROP_STEP] = g_param_spec_uint ("step", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-recount-step.ui");
#define BIND(kind, group, list) \
  gtk_widget_class_bind_template_child_full (widget_class, group, FALSE, \
    G_STRUCT_OFFSET (PenRecountStep, groups) + kind * sizeof (gpointer)); \
  gtk_widget_class_bind_template_child_full (widget_class, list, FALSE, \
    G_STRUCT_OFFSET (PenRecountStep, lists) + kind * sizeof (gpointer))
  BIND (PEN_RECOUNT_MARK, "marks_group", "marks_list");
  BIND (PEN_RECOUNT_DIE, "dice_group", "dice_list");
  BIND (PEN_RECOUNT_INGREDIENT, "ingredients_group", "ingredients_list");
  BIND (PEN_RECOUNT_TRIAL, "trials_group", "trials_list");
  BIND (PEN_RECOUNT_CONTRACT, "guild_group", "guild_list");
  BIND (PEN_RECOUNT_FATE, "fate_group", "fate_list");
#undef BIND
}

static void
pen_recount_step_init (PenRecountStep *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

const char *
pen_recount_step_get_name (PenRecountStep *self)
{
  g_return_val_if_fail (PEN_IS_RECOUNT_STEP (self), NULL);
  return self->name;
}
