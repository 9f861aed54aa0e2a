/* pen-helper-buttons.c: "Face its Threat…" and "Task Helper…" for a card being attempted,
 * side by side when they fit (a phone puts them one under the other); "stacked" always puts
 * them one under the other, for a popover that must fit a phone's width
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-helper-buttons.h"
#include "pen-table-util.h"
#include "pen-turn.h"

struct _PenHelperButtons
{
  AdwBin  parent_instance;

  GtkFlowBox *flow;
  gboolean  stacked;
  guint     wizard;
  char     *card;
  gboolean  trial;   /* a Trial: its Threat is the Trial's Threat step */
  int       index;   /* the Trial's index in the row, or -1 (a reserved one) */
};

G_DEFINE_FINAL_TYPE (PenHelperButtons, pen_helper_buttons, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_STACKED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* the printed Threat, asked first when the catalogue did not know it; one the table left
 * unsaid starts the helper at 0, for the player to set. A Trial's roll names the Trial, which
 * it attempts. The buttons are read when the answer is in: a card the table just named has
 * its new id by then. */
static void
face_then (PenSection *section,
           gpointer    data)
{
  PenHelperButtons *self = data;
  PenCard *card = pen_tu_lookup (self->card);
  int threat = card != NULL ? pen_card_get_threat (card) : -1;

  if (self->trial)
    {
      gtk_widget_activate_action (GTK_WIDGET (section), "threat-helper.start-trial", "(uuis)",
                                  self->wizard, (guint) MAX (threat, 0), (gint32) self->index,
                                  self->card ? self->card : "");
      return;
    }
  gtk_widget_activate_action (GTK_WIDGET (section), "threat-helper.start", "(uuus)",
                              self->wizard, (guint) MAX (threat, 0), 0u,
                              pen_turn_card_name (self->card));
}

static void
face_threat_clicked_cb (PenHelperButtons *self,
                        GtkButton        *button)
{
  pen_tu_with_printed (GTK_WIDGET (self), self->card, "threat", face_then, g_object_ref (self),
                       g_object_unref);
}

/* The task helper with the card's printed task when the catalogue knows it */
static void
task_clicked_cb (PenHelperButtons *self,
                 GtkButton        *button)
{
  pen_tu_popdown (GTK_WIDGET (self));
  gtk_widget_activate_action (GTK_WIDGET (self), "win.task-helper-card", "s",
                              self->card != NULL ? self->card : "");
}

void
pen_helper_buttons_set_card (PenHelperButtons *self,
                             guint             wizard,
                             const char       *card)
{
  g_return_if_fail (PEN_IS_HELPER_BUTTONS (self));

  self->wizard = wizard;
  g_free (self->card);
  self->card = g_strdup (card);
  self->trial = FALSE;
  self->index = -1;
}

void
pen_helper_buttons_set_trial (PenHelperButtons *self,
                              guint             wizard,
                              int               index,
                              const char       *card)
{
  g_return_if_fail (PEN_IS_HELPER_BUTTONS (self));

  pen_helper_buttons_set_card (self, wizard, card);
  self->trial = index >= 0 || card != NULL;
  self->index = MAX (index, -1);
}

gboolean
pen_helper_buttons_get_stacked (PenHelperButtons *self)
{
  g_return_val_if_fail (PEN_IS_HELPER_BUTTONS (self), FALSE);

  return self->stacked;
}

void
pen_helper_buttons_set_stacked (PenHelperButtons *self,
                                gboolean          stacked)
{
  g_return_if_fail (PEN_IS_HELPER_BUTTONS (self));

  stacked = !!stacked;
  if (self->stacked == stacked)
    return;
  self->stacked = stacked;
  /* side by side, the two buttons make a popover wider than a phone (play finding S1) */
  gtk_flow_box_set_max_children_per_line (self->flow, stacked ? 1 : 2);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STACKED]);
}

static void
pen_helper_buttons_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  PenHelperButtons *self = PEN_HELPER_BUTTONS (object);

  switch (prop_id)
    {
    case PROP_STACKED:
      g_value_set_boolean (value, self->stacked);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_helper_buttons_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  PenHelperButtons *self = PEN_HELPER_BUTTONS (object);

  switch (prop_id)
    {
    case PROP_STACKED:
      pen_helper_buttons_set_stacked (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_helper_buttons_finalize (GObject *object)
{
  PenHelperButtons *self = PEN_HELPER_BUTTONS (object);

  g_free (self->card);

  G_OBJECT_CLASS (pen_helper_buttons_parent_class)->finalize (object);
}

static void
pen_helper_buttons_class_init (PenHelperButtonsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pen_helper_buttons_finalize;
  object_class->get_property = pen_helper_buttons_get_property;
  object_class->set_property = pen_helper_buttons_set_property;

  properties[PROP_STACKED] =
    g_param_spec_boolean ("stacked", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-helper-buttons.ui");
  gtk_widget_class_bind_template_child (widget_class, PenHelperButtons, flow);
  gtk_widget_class_bind_template_callback (widget_class, face_threat_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, task_clicked_cb);
}

static void
pen_helper_buttons_init (PenHelperButtons *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
