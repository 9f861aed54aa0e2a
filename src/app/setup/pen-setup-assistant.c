/* pen-setup-assistant.c
 *
 * The assistant never changes a game: its steps write the table's answers to a PenSetupDraft,
 * which builds one new-game action from them and previews it on a scratch game to show the
 * faces the app rolls. The new game rolls the same faces: both start from the seed. The
 * choices where the rulebook is silent are the draft's (pen-setup-draft.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-setup-assistant.h"
#include "pen-setup-common-step.h"
#include "pen-setup-fate-step.h"
#include "pen-setup-pieces-step.h"
#include "pen-setup-players-step.h"
#include "pen-setup-talents-step.h"
#include "pen-widget-utils.h"

struct _PenSetupAssistant
{
  AdwWindow       parent_instance;

  AdwWindowTitle *window_title;
  GtkProgressBar *progress;
  GtkStack       *stack;
  PenSetupStep   *steps[PEN_SETUP_ASSISTANT_STEPS];
  GtkButton      *back_button;
  GtkButton      *next_button;

  PenSetupDraft  *draft;
  guint           step;
  guint           shown;          /* the step on screen, for the transition */
};

G_DEFINE_FINAL_TYPE (PenSetupAssistant, pen_setup_assistant, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_DRAFT,
  PROP_STEP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char * const step_names[PEN_SETUP_ASSISTANT_STEPS] = {
  "players", "talents", "common", "fate", "pieces",
};

PenSetupDraft *
pen_setup_assistant_get_draft (PenSetupAssistant *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), NULL);
  return self->draft;
}

static gboolean
can_advance (PenSetupAssistant *self)
{
  /* physical: the game starts once the table has entered every face it rolled */
  if (self->step + 1 == PEN_SETUP_ASSISTANT_STEPS)
    return pen_setup_draft_get_faces_entered (self->draft);
  /* physical: the table names the Classes it drew (Q2) */
  if (self->step == 2)
    return pen_setup_draft_get_class_draws_named (self->draft);
  return self->step != 1 || pen_setup_draft_get_complete (self->draft);
}

static void
update_nav (PenSetupAssistant *self)
{
  g_autofree char *text = g_strdup_printf (_("Step %u of %u"), self->step + 1,
                                           PEN_SETUP_ASSISTANT_STEPS);
  gboolean last = self->step + 1 == PEN_SETUP_ASSISTANT_STEPS;

  adw_window_title_set_subtitle (self->window_title, text);
  gtk_progress_bar_set_fraction (self->progress,
                                 (double) (self->step + 1) / PEN_SETUP_ASSISTANT_STEPS);
  gtk_widget_set_sensitive (GTK_WIDGET (self->back_button), self->step > 0);
  /* The last step starts the game with its own button at the end of its content: a Start
   * button where Next was took a double tap on Next and skipped the step (play finding Y11) */
  gtk_widget_set_visible (GTK_WIDGET (self->next_button), !last);
  gtk_widget_set_sensitive (GTK_WIDGET (self->next_button), !last && can_advance (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "setup.start", last && can_advance (self));
}

static const char *titles[PEN_SETUP_ASSISTANT_STEPS] = {
  N_("Players and Seed"), N_("Talents"), N_("Common Play Area"), N_("Fate Deck"),
  N_("Starting Pieces"),
};

/* The step's title; a table that shuffles and deals has no seed to show (play finding X8) */
static void
update_title (PenSetupAssistant *self)
{
  adw_window_title_set_title (self->window_title,
                              self->step == 0 && pen_setup_draft_get_physical (self->draft)
                              ? _("Players") : _(titles[self->step]));
}

static void
show_step (PenSetupAssistant *self)
{
  GtkWidget *page;

  /* only the step in view does any work */
  pen_setup_step_refresh (self->steps[self->step]);
  /* slide one step at a time; a jump (or the first page) just appears */
  gtk_stack_set_transition_type (self->stack, self->step == self->shown + 1
                                              || self->step + 1 == self->shown
                                              ? GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT
                                              : GTK_STACK_TRANSITION_TYPE_NONE);
  gtk_stack_set_visible_child_name (self->stack, step_names[self->step]);
  self->shown = self->step;
  update_title (self);
  update_nav (self);

  /* keyboard users land on the first control of the new step */
  page = gtk_stack_get_visible_child (self->stack);
  if (gtk_widget_get_mapped (page))
    gtk_widget_child_focus (page, GTK_DIR_TAB_FORWARD);
}

guint
pen_setup_assistant_get_step (PenSetupAssistant *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), 0);
  return self->step;
}

static gboolean
apply_seed (PenSetupAssistant *self)
{
  return pen_setup_players_step_apply_seed (PEN_SETUP_PLAYERS_STEP (self->steps[0]));
}

void
pen_setup_assistant_set_step (PenSetupAssistant *self,
                              guint              step)
{
  g_return_if_fail (PEN_IS_SETUP_ASSISTANT (self));
  g_return_if_fail (step < PEN_SETUP_ASSISTANT_STEPS);

  if (self->step == 0 && step != 0)
    apply_seed (self);
  if (step == self->step)
    return;
  self->step = step;
  show_step (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

gboolean
pen_setup_assistant_back (PenSetupAssistant *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), FALSE);

  if (self->step == 0)
    return FALSE;
  pen_setup_assistant_set_step (self, self->step - 1);
  return TRUE;
}

gboolean
pen_setup_assistant_next (PenSetupAssistant *self)
{
  g_return_val_if_fail (PEN_IS_SETUP_ASSISTANT (self), FALSE);

  if (self->step == 0 && !apply_seed (self))
    return FALSE;
  if (!can_advance (self))
    return FALSE;
  if (self->step + 1 == PEN_SETUP_ASSISTANT_STEPS)
    {
      /* an action the rules refuse would lose the table's answers: the step shows why */
      if (pen_setup_draft_get_preview (self->draft, NULL) == NULL)
        return FALSE;
      pen_setup_assistant_finish (self);
      return TRUE;
    }
  pen_setup_assistant_set_step (self, self->step + 1);
  return TRUE;
}

static void
back_clicked_cb (PenSetupAssistant *self)
{
  pen_setup_assistant_back (self);
}

static void
next_clicked_cb (PenSetupAssistant *self)
{
  /* Next never starts the game: a second tap that lands after the last step came up does
   * nothing (play finding Y11) */
  if (self->step + 1 < PEN_SETUP_ASSISTANT_STEPS)
    pen_setup_assistant_next (self);
}

static void
start_activated_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  PenSetupAssistant *self = PEN_SETUP_ASSISTANT (widget);

  if (self->step + 1 == PEN_SETUP_ASSISTANT_STEPS)
    pen_setup_assistant_next (self);
}

static gboolean
back_shortcut_cb (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   user_data)
{
  return pen_setup_assistant_back (PEN_SETUP_ASSISTANT (widget));
}

static gboolean
next_shortcut_cb (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   user_data)
{
  PenSetupAssistant *self = PEN_SETUP_ASSISTANT (widget);

  /* Alt+Right never finishes: starting the game takes the button */
  if (self->step + 1 == PEN_SETUP_ASSISTANT_STEPS)
    return FALSE;
  return pen_setup_assistant_next (self);
}

static gboolean
close_shortcut_cb (GtkWidget *widget,
                   GVariant  *args,
                   gpointer   user_data)
{
  gtk_window_close (GTK_WINDOW (widget));
  return TRUE;
}

void
pen_setup_assistant_finish (PenSetupAssistant *self)
{
  g_return_if_fail (PEN_IS_SETUP_ASSISTANT (self));

  g_object_ref (self);
  g_signal_emit (self, signals[FINISHED], 0, self->draft);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

void
pen_setup_assistant_present (PenSetupAssistant *self,
                             GtkWindow         *parent)
{
  g_return_if_fail (PEN_IS_SETUP_ASSISTANT (self));

  if (parent != NULL)
    {
      int w = gtk_widget_get_width (GTK_WIDGET (parent));
      int h = gtk_widget_get_height (GTK_WIDGET (parent));

      /* a parent that has not been laid out yet still knows the size it will get */
      if (w <= 0 || h <= 0)
        gtk_window_get_default_size (parent, &w, &h);
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
      if (w > 0 && h > 0)
        gtk_window_set_default_size (GTK_WINDOW (self), MIN (640, w), MIN (760, h));
    }
  gtk_window_present (GTK_WINDOW (self));
}

static void
pen_setup_assistant_constructed (GObject *object)
{
  PenSetupAssistant *self = PEN_SETUP_ASSISTANT (object);

  G_OBJECT_CLASS (pen_setup_assistant_parent_class)->constructed (object);

  if (self->draft == NULL)
    self->draft = pen_setup_draft_new ();
  for (guint i = 0; i < PEN_SETUP_ASSISTANT_STEPS; i++)
    pen_setup_step_set_draft (self->steps[i], self->draft);
  g_signal_connect_object (self->draft, "notify::complete", G_CALLBACK (update_nav), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->draft, "notify::faces-entered", G_CALLBACK (update_nav), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->draft, "answers-changed", G_CALLBACK (update_nav), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->draft, "notify::physical", G_CALLBACK (update_title), self,
                           G_CONNECT_SWAPPED);
  show_step (self);
}

static void
pen_setup_assistant_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  PenSetupAssistant *self = PEN_SETUP_ASSISTANT (object);

  switch (prop_id)
    {
    case PROP_DRAFT:
      g_value_set_object (value, self->draft);
      break;
    case PROP_STEP:
      g_value_set_uint (value, self->step);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_setup_assistant_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  PenSetupAssistant *self = PEN_SETUP_ASSISTANT (object);

  switch (prop_id)
    {
    case PROP_DRAFT:
      self->draft = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_setup_assistant_dispose (GObject *object)
{
  PenSetupAssistant *self = PEN_SETUP_ASSISTANT (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_SETUP_ASSISTANT);
  g_clear_object (&self->draft);

  G_OBJECT_CLASS (pen_setup_assistant_parent_class)->dispose (object);
}

static void
pen_setup_assistant_class_init (PenSetupAssistantClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GType step_types[PEN_SETUP_ASSISTANT_STEPS] = {
    PEN_TYPE_SETUP_PLAYERS_STEP, PEN_TYPE_SETUP_TALENTS_STEP, PEN_TYPE_SETUP_COMMON_STEP,
    PEN_TYPE_SETUP_FATE_STEP, PEN_TYPE_SETUP_PIECES_STEP,
  };

  object_class->constructed = pen_setup_assistant_constructed;
  object_class->get_property = pen_setup_assistant_get_property;
  object_class->set_property = pen_setup_assistant_set_property;
  object_class->dispose = pen_setup_assistant_dispose;

  properties[PROP_DRAFT] = g_param_spec_object ("draft", NULL, NULL, PEN_TYPE_SETUP_DRAFT,
                                                G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY
                                                | G_PARAM_STATIC_STRINGS);
  properties[PROP_STEP] = g_param_spec_uint ("step", NULL, NULL, 0,
                                             PEN_SETUP_ASSISTANT_STEPS - 1, 0,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS
                                             | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The draft, complete: pen_setup_draft_start() makes the game from it */
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_SETUP_DRAFT);

  for (guint i = 0; i < PEN_SETUP_ASSISTANT_STEPS; i++)
    g_type_ensure (step_types[i]);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-setup-assistant.ui");
  gtk_widget_class_bind_template_child (widget_class, PenSetupAssistant, window_title);
  gtk_widget_class_bind_template_child (widget_class, PenSetupAssistant, progress);
  gtk_widget_class_bind_template_child (widget_class, PenSetupAssistant, stack);
  for (guint i = 0; i < PEN_SETUP_ASSISTANT_STEPS; i++)
    {
      g_autofree char *id = g_strdup_printf ("%s_step", step_names[i]);
      gtk_widget_class_bind_template_child_full (widget_class, id, FALSE,
                                                 G_STRUCT_OFFSET (PenSetupAssistant, steps)
                                                 + i * sizeof (gpointer));
    }
  gtk_widget_class_bind_template_child (widget_class, PenSetupAssistant, back_button);
  gtk_widget_class_bind_template_child (widget_class, PenSetupAssistant, next_button);
  gtk_widget_class_bind_template_callback (widget_class, back_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, next_clicked_cb);

  /* "Start the Game", the last step's own button */
  gtk_widget_class_install_action (widget_class, "setup.start", NULL, start_activated_cb);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Left, GDK_ALT_MASK, back_shortcut_cb,
                                NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Right, GDK_ALT_MASK, next_shortcut_cb,
                                NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, close_shortcut_cb, NULL);
}

static void
pen_setup_assistant_init (PenSetupAssistant *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_widget_keep_scroll_still (GTK_WIDGET (self));
}

PenSetupAssistant *
pen_setup_assistant_new (PenSetupDraft *draft)
{
  g_return_val_if_fail (draft == NULL || PEN_IS_SETUP_DRAFT (draft), NULL);

  return g_object_new (PEN_TYPE_SETUP_ASSISTANT, "draft", draft, NULL);
}
