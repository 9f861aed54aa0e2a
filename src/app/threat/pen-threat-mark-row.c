/* pen-threat-mark-row.c: a Mark of the board facing a Threat, with the value that hits it
 *
 * Follows its PenMark: a change of the Mark updates this row only. A Mark whose value is not
 * known shows a "?" button: its popover takes the value printed under the cell (nothing is
 * filled in for the player) and activates "threat.board-value" (cell, value).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-threat-mark-row.h"
#include "pen-widget-utils.h"

struct _PenThreatMarkRow
{
  AdwActionRow  parent_instance;

  GtkLabel     *value_label;
  GtkWidget    *value_button;
  GtkPopover   *value_popover;
  GtkLabel     *value_prompt;
  GtkSpinButton *value_spin;
  GtkWidget    *enter_button;

  PenMark      *mark;
};

G_DEFINE_FINAL_TYPE (PenThreatMarkRow, pen_threat_mark_row, ADW_TYPE_ACTION_ROW)

enum
{
  PROP_0,
  PROP_MARK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update (PenThreatMarkRow *self)
{
  PenMarkState state = pen_mark_get_state (self->mark);
  guint v = pen_mark_get_value (self->mark);
  g_autofree char *subtitle = NULL;
  char value[8];

  if (v == 0)
    /* Translators: a Mark's state, then why it is flagged */
    subtitle = g_strdup_printf (_("%s · value not entered: never hit in the odds"),
                                pen_mark_state_get_label (state));
  else
    /* Translators: a Mark's state and the die value under its cell */
    subtitle = g_strdup_printf (_("%s · hit by a %u"), pen_mark_state_get_label (state), v);
  g_snprintf (value, sizeof value, v == 0 ? "?" : "%u", v);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self),
                                 pen_mark_kind_get_mark_name (pen_mark_get_kind (self->mark)));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle);
  gtk_label_set_label (self->value_label, value);
  gtk_widget_set_visible (GTK_WIDGET (self->value_label), v != 0);
  gtk_widget_set_visible (self->value_button, v == 0);
  if (v != 0)
    gtk_popover_popdown (self->value_popover);
  if (state == PEN_MARK_WOUNDED)
    gtk_widget_add_css_class (GTK_WIDGET (self), "threat-wounded");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "threat-wounded");
}

/* 0 is "not entered": the box stays empty rather than suggest a value */
static gboolean
spin_output_cb (GtkSpinButton *spin,
                gpointer       user_data)
{
  int v = gtk_spin_button_get_value_as_int (spin);
  char text[8];

  g_snprintf (text, sizeof text, "%d", v);
  gtk_editable_set_text (GTK_EDITABLE (spin), v == 0 ? "" : text);
  return TRUE;
}

/* The value typed so far: the text, not yet committed to the spin button (which happens only
 * on Return or leaving the field), so that "2" then a tap on Enter works */
static int
typed_value (PenThreatMarkRow *self)
{
  g_autofree char *text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->value_spin)));
  guint64 v = 0;

  if (!g_ascii_string_to_unsigned (g_strstrip (text), 10, 1, 6, &v, NULL))
    return 0;
  return (int) v;
}

static void
spin_changed_cb (PenThreatMarkRow *self)
{
  gtk_widget_set_sensitive (self->enter_button, typed_value (self) >= 1);
}

static void
popover_shown_cb (PenThreatMarkRow *self)
{
  g_autofree char *prompt = NULL;

  /* Translators: the Mark's name; the player reads the die face printed under its cell */
  prompt = g_strdup_printf (_("Value printed under the %s’s cell"),
                            pen_mark_kind_get_mark_name (pen_mark_get_kind (self->mark)));
  gtk_label_set_label (self->value_prompt, prompt);
  gtk_spin_button_set_value (self->value_spin, 0);
  spin_output_cb (self->value_spin, NULL);
  spin_changed_cb (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->value_spin));
}

static void
enter_clicked_cb (PenThreatMarkRow *self)
{
  int v;

  gtk_spin_button_update (self->value_spin);
  v = gtk_spin_button_get_value_as_int (self->value_spin);
  if (v < 1 || v > 6)
    return;
  gtk_popover_popdown (self->value_popover);
  gtk_widget_activate_action (GTK_WIDGET (self), "threat.board-value", "(uu)",
                              pen_mark_get_cell (self->mark), (guint) v);
}

static void
pen_threat_mark_row_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  PenThreatMarkRow *self = PEN_THREAT_MARK_ROW (object);

  switch (prop_id)
    {
    case PROP_MARK:
      g_value_set_object (value, self->mark);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_threat_mark_row_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  PenThreatMarkRow *self = PEN_THREAT_MARK_ROW (object);

  switch (prop_id)
    {
    case PROP_MARK:
      self->mark = g_value_dup_object (value);
      g_signal_connect_object (self->mark, "notify", G_CALLBACK (update), self,
                               G_CONNECT_SWAPPED);
      update (self);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_threat_mark_row_dispose (GObject *object)
{
  PenThreatMarkRow *self = PEN_THREAT_MARK_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_THREAT_MARK_ROW);
  g_clear_object (&self->mark);

  G_OBJECT_CLASS (pen_threat_mark_row_parent_class)->dispose (object);
}

static void
pen_threat_mark_row_class_init (PenThreatMarkRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_threat_mark_row_dispose;
  object_class->get_property = pen_threat_mark_row_get_property;
  object_class->set_property = pen_threat_mark_row_set_property;

  properties[PROP_MARK] =
    g_param_spec_object ("mark", NULL, NULL, PEN_TYPE_MARK,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-threat-mark-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenThreatMarkRow, value_label);
  gtk_widget_class_bind_template_child (widget_class, PenThreatMarkRow, value_button);
  gtk_widget_class_bind_template_child (widget_class, PenThreatMarkRow, value_popover);
  gtk_widget_class_bind_template_child (widget_class, PenThreatMarkRow, value_prompt);
  gtk_widget_class_bind_template_child (widget_class, PenThreatMarkRow, value_spin);
  gtk_widget_class_bind_template_child (widget_class, PenThreatMarkRow, enter_button);
  gtk_widget_class_bind_template_callback (widget_class, spin_output_cb);
  gtk_widget_class_bind_template_callback (widget_class, spin_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, popover_shown_cb);
  gtk_widget_class_bind_template_callback (widget_class, enter_clicked_cb);
}

static void
pen_threat_mark_row_init (PenThreatMarkRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* a wheel turn over a number scrolls the form */
  pen_spin_buttons_scroll_when_focused (GTK_WIDGET (self));
  /* Return in the field enters the value, as "Enter" does (GtkSpinButton has no "activate"
   * of its own before GTK 4.14: its text has) */
  g_signal_connect_object (gtk_editable_get_delegate (GTK_EDITABLE (self->value_spin)),
                           "activate", G_CALLBACK (enter_clicked_cb), self, G_CONNECT_SWAPPED);
}

GtkWidget *
pen_threat_mark_row_new (PenMark *mark)
{
  return g_object_new (PEN_TYPE_THREAT_MARK_ROW, "mark", mark, NULL);
}
