/* pen-turn-banner.c: whose turn it is, of which kind, and what is left of it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-table-util.h"
#include "pen-turn-banner.h"
#include "pen-turn.h"

struct _PenTurnBanner
{
  PenSection  parent_instance;

  GtkLabel   *title;
  GtkLabel   *detail;
  GtkLabel   *placements;
};

G_DEFINE_FINAL_TYPE (PenTurnBanner, pen_turn_banner, PEN_TYPE_SECTION)

/* placements: the turn's own, the Trinket's one extra, Arcana for outside a cell */
static char *
study_placements (PenTable  *table,
                  PenWizard *w)
{
  int left = pen_table_get_placements_left (table);
  guint trinkets = pen_wizard_get_ingredient (w, PEN_INGREDIENT_TRINKET);
  guint arcana = pen_wizard_get_ingredient (w, PEN_INGREDIENT_ARCANA);
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "%d placement left",
                                          "%d placements left", left), left);
  if (pen_table_get_turn (table) < pen_table_get_n_players (table))
    g_string_append (s, _(" (first round: one placement)"));
  g_string_append_c (s, '\n');
  if (pen_table_get_trinket_used (table))
    g_string_append (s, _("Trinket placement: used this turn"));
  else if (trinkets > 0)
    g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                            "Trinket placement: available (%u Trinket)",
                                            "Trinket placement: available (%u Trinkets)",
                                            trinkets), trinkets);
  else
    g_string_append (s, _("Trinket placement: no Trinket"));
  g_string_append_c (s, '\n');
  g_string_append_printf (s, _("Outside a cell: 1 Arcana each (%u Arcana)"), arcana);
  return g_string_free (s, FALSE);
}

/* A Trial turn, step by step (Trials › Passing a Trial: Threat, then the task, then the
 * reward): what the player does now */
static char *
trial_step (PenTable *table)
{
  const PenTrial *trial = pen_table_get_trial (table);
  const char *name;

  if (trial == NULL)
    return g_strdup (pen_table_get_trials_this_turn (table) > 0
                     ? _("The trial of this turn is over: end the turn.")
                     : _("Attempt one trial: tap it in the row."));
  name = pen_turn_card_name (trial->card);
  if (!trial->threat_rolled)
    return g_strdup_printf (_("Attempting %s: face its Threat first, then attempt the task of "
                              "a path."), name);
  if (pen_trial_in_force (trial, PEN_TRIAL_SHIELD) && !trial->shield_done)
    return g_strdup_printf (_("Attempting %s: the Threat is faced. Now the Shield’s task, then "
                              "the task of a path."), name);
  return g_strdup_printf (_("Attempting %s: the Threat is faced. Now the task of a path: "
                            "passed or failed."), name);
}

static void
pen_turn_banner_position_changed (PenSection *section)
{
  PenTurnBanner *self = PEN_TURN_BANNER (section);
  PenTable *table = pen_section_get_table (section);
  PenWizard *w = pen_tu_current_wizard (table);
  g_autofree char *title = NULL, *detail = NULL, *placements = NULL;
  PenTurnKind kind;
  PenPhase phase;
  guint n;

  if (w == NULL)
    {
      gtk_label_set_label (self->title, _("No game"));
      return;
    }
  n = pen_table_get_n_players (table);
  kind = pen_table_get_turn_kind (table);
  phase = pen_table_get_phase (table);
  if (phase == PEN_PHASE_ENDED)
    title = g_strdup (_("Game over"));
  else if (kind == PEN_TURN_NONE)
    title = g_strdup_printf (_("%s’s turn"), pen_wizard_get_display_name (w));
  else
    title = g_strdup_printf (_("%s’s turn — %s"), pen_wizard_get_display_name (w),
                             pen_turn_kind_get_label (kind));
  gtk_label_set_label (self->title, title);
  /* an empty deck is what End of Time counts; after the game the deck is no longer in play */
  if (g_list_model_get_n_items (pen_table_get_fate_deck (table)) == 0)
    detail = g_strdup_printf (_("Turn %u · round %u · %s"), pen_table_get_turn (table) + 1,
                              pen_table_get_turn (table) / n + 1, _("Fate deck empty"));
  else if (phase == PEN_PHASE_ENDED)
    detail = g_strdup_printf (_("Turn %u · round %u"), pen_table_get_turn (table) + 1,
                              pen_table_get_turn (table) / n + 1);
  else
    detail = g_strdup_printf (_("Turn %u · round %u · %s"), pen_table_get_turn (table) + 1,
                              pen_table_get_turn (table) / n + 1,
                              pen_table_get_physical (table) ? _("Fate deck on the table")
                                                             : _("Fate deck dealt by the app"));
  gtk_label_set_label (self->detail, detail);

  /* a Mortal Wound ends the turn at once, whatever the turn (Threat: Mortal Wound) */
  if (kind != PEN_TURN_NONE && phase != PEN_PHASE_ENDED
      && pen_wizard_get_mortal_wound_this_turn (w))
    placements = g_strdup (_("Mortal Wound: the turn ends. Nothing more can be done this turn: "
                             "end it."));
  else if (kind == PEN_TURN_STUDY && phase != PEN_PHASE_ENDED)
    placements = study_placements (table, w);
  else if (kind == PEN_TURN_TRIAL && phase != PEN_PHASE_ENDED)
    placements = trial_step (table);
  else if (kind == PEN_TURN_REST && phase != PEN_PHASE_ENDED)
    placements = g_strdup (_("The Rest thread is applied: dice gained, cards unrotated, Marks "
                             "recharged."));
  if (placements != NULL)
    gtk_label_set_label (self->placements, placements);
  gtk_widget_set_visible (GTK_WIDGET (self->placements), placements != NULL);
}

const char *
pen_turn_banner_get_title (PenTurnBanner *self)
{
  g_return_val_if_fail (PEN_IS_TURN_BANNER (self), NULL);

  return gtk_label_get_label (self->title);
}

const char *
pen_turn_banner_get_detail (PenTurnBanner *self)
{
  g_return_val_if_fail (PEN_IS_TURN_BANNER (self), NULL);

  return gtk_label_get_label (self->detail);
}

const char *
pen_turn_banner_get_step (PenTurnBanner *self)
{
  g_return_val_if_fail (PEN_IS_TURN_BANNER (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->placements))
         ? gtk_label_get_label (self->placements) : NULL;
}

static void
pen_turn_banner_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_TURN_BANNER);

  G_OBJECT_CLASS (pen_turn_banner_parent_class)->dispose (object);
}

static void
pen_turn_banner_class_init (PenTurnBannerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_turn_banner_dispose;
  section_class->position_changed = pen_turn_banner_position_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-turn-banner.ui");
  gtk_widget_class_bind_template_child (widget_class, PenTurnBanner, title);
  gtk_widget_class_bind_template_child (widget_class, PenTurnBanner, detail);
  gtk_widget_class_bind_template_child (widget_class, PenTurnBanner, placements);
}

static void
pen_turn_banner_init (PenTurnBanner *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
