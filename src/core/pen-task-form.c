/* pen-task-form.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-catalog.h"
#include "pen-count.h"
#include "pen-die.h"
#include "pen-task-form.h"
#include "pen-turn.h"

struct _PenTaskForm
{
  GObject        parent_instance;

  PenGame       *game;
  guint          wizard;
  PenTaskKind    kind;
  guint          roll_color;
  guint          count;
  int            at_least;
  char          *values;
  guint          threat;
  GListStore    *colors;        /* PenCount, 0 or 1, index: PenColor */
  GListStore    *ingredients;   /* PenCount, index: PenIngredient */
  GListStore    *symbols;       /* PenCount, index: PenSymbol */
  GListStore    *dice;          /* PenDie: what the answer spends */

  PenTask       *task;
  PenTaskResult *result;
  guint          result_wizard;
  char          *verdict;
  char          *detail;
  gboolean       can_pay;
  gboolean       frozen;
};

G_DEFINE_FINAL_TYPE (PenTaskForm, pen_task_form, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_WIZARD,
  PROP_KIND,
  PROP_ROLL_COLOR,
  PROP_COUNT,
  PROP_AT_LEAST,
  PROP_VALUES,
  PROP_THREAT,
  PROP_FEASIBLE,
  PROP_CAN_PAY,
  PROP_VERDICT,
  PROP_DETAIL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static guint
count_at (GListStore *store,
          guint       i)
{
  g_autoptr(PenCount) count = g_list_model_get_item (G_LIST_MODEL (store), i);

  return count ? pen_count_get_value (count) : 0;
}

static void
read_task (PenTaskForm *self)
{
  PenTask *task = pen_task_new (self->kind);

  switch (self->kind)
    {
    case PEN_TASK_DISCARD_SUM:
    case PEN_TASK_DISCARD_EXACT:
      task->colors = pen_task_form_get_colors (self);
      if (task->colors == 0)
        task->colors = 1u << PEN_COLOR_BONE;
      task->at_least = self->at_least;
      if (self->kind == PEN_TASK_DISCARD_EXACT)
        for (const char *c = self->values; c && *c && task->n_values < PEN_TASK_MAX_VALUES; c++)
          if (*c >= '1' && *c <= '6')
            task->values[task->n_values++] = *c - '0';
      break;
    case PEN_TASK_ROLL_SUM:
      task->colors = 1u << MIN (self->roll_color, PEN_N_COLORS - 1);
      task->count = self->count;
      task->at_least = self->at_least;
      break;
    case PEN_TASK_DISCARD_INGREDIENTS:
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        task->ingredients[i] = count_at (self->ingredients, i);
      break;
    case PEN_TASK_WITHSTAND:
      task->threat = self->threat;
      break;
    case PEN_TASK_HAVE_EXPERIENCE:
      for (guint s = 0; s < PEN_N_SYMBOLS; s++)
        task->symbols[s] = count_at (self->symbols, s);
      break;
    case PEN_N_TASK_KINDS:
    default:
      break;
    }
  g_clear_pointer (&self->task, pen_task_free);
  self->task = task;
}

static char *
percent (double p)
{
  return g_strdup_printf ("%.0f%%", 100.0 * p);
}

static char *
describe_odds (PenTaskForm *self,
               PenTable    *table)
{
  g_autofree char *bare = percent (self->result->p_success);
  GString *s = g_string_new (NULL);

  if (pen_table_get_hide_odds (table))
    g_string_append (s, _("The odds are hidden in this game."));
  else if (self->kind == PEN_TASK_ROLL_SUM)
    {
      g_autofree char *with = percent (self->result->p_success_with_crystals);

      g_string_append_printf (s, _("As the dice fall: %s."), bare);
      if (self->result->crystals > 0)
        {
          g_string_append (s, " ");
          g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                  "With up to %u Crystal spent well: %s.",
                                                  "With up to %u Crystals spent well: %s.",
                                                  self->result->crystals),
                                  self->result->crystals, with);
        }
    }
  else
    g_string_append_printf (s, _("Chance to come through without a Mortal Wound: %s."), bare);
  return g_string_free (s, FALSE);
}

/* The dice store changes only where the answer's dice differ */
static void
show_dice (PenTaskForm    *self,
           const PenBoard *board)
{
  g_autoptr(GPtrArray) dice = g_ptr_array_new_with_free_func (g_object_unref);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->dice)), same = 0;

  if (self->result != NULL && self->result->use != NULL)
    for (guint i = 0; i < self->result->use->len; i++)
      {
        guint index = g_array_index (self->result->use, guint, i);
        const PenDieValue *die;

        if (index >= board->supply->len)
          continue;
        die = &g_array_index (board->supply, PenDieValue, index);
        g_ptr_array_add (dice, pen_die_new (die->color, die->value, die->temporary));
      }
  while (same < n && same < dice->len)
    {
      g_autoptr(PenDie) old = g_list_model_get_item (G_LIST_MODEL (self->dice), same);
      PenDie *die = g_ptr_array_index (dice, same);

      if (pen_die_get_color (old) != pen_die_get_color (die)
          || pen_die_get_value (old) != pen_die_get_value (die)
          || pen_die_get_temporary (old) != pen_die_get_temporary (die))
        break;
      same++;
    }
  if (same < n || same < dice->len)
    g_list_store_splice (self->dice, same, n - same, dice->pdata + same, dice->len - same);
}

static void
set_answer (PenTaskForm *self,
            const char  *verdict,
            const char  *detail,
            gboolean     was_feasible,
            gboolean     can_pay)
{
  if (g_strcmp0 (self->verdict, verdict) != 0)
    {
      g_free (self->verdict);
      self->verdict = g_strdup (verdict);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VERDICT]);
    }
  if (g_strcmp0 (self->detail, detail) != 0)
    {
      g_free (self->detail);
      self->detail = g_strdup (detail);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DETAIL]);
    }
  if (was_feasible != pen_task_form_get_feasible (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FEASIBLE]);
  if (self->can_pay != can_pay)
    {
      self->can_pay = can_pay;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_PAY]);
    }
}

static void
solve (PenTaskForm *self)
{
  gboolean was_feasible = pen_task_form_get_feasible (self);
  PenTable *table;
  PenWizard *wizard;
  const PenTrial *trial;
  g_autoptr(PenBoard) board = NULL;
  g_autofree char *describe = NULL, *odds = NULL, *detail = NULL;
  guint experience[PEN_N_SYMBOLS];

  if (self->frozen || self->game == NULL)
    return;
  read_task (self);
  g_clear_pointer (&self->result, pen_task_result_free);
  table = pen_game_get_table (self->game);
  if (pen_table_get_n_players (table) == 0)
    {
      set_answer (self, NULL, NULL, was_feasible, FALSE);
      return;
    }
  self->result_wizard = MIN (self->wizard, pen_table_get_n_players (table) - 1);
  wizard = pen_table_get_wizard (table, self->result_wizard);
  board = pen_wizard_to_board (wizard);
  pen_turn_count_experience (wizard, experience);

  /* Crystal Suppression of the trial this wizard is attempting: no Crystals at all */
  trial = pen_table_get_trial (table);
  self->task->suppress_crystals = trial != NULL && trial->wizard == self->result_wizard
                                  && pen_trial_in_force (trial, PEN_TRIAL_SUPPRESS_CRYSTALS);
  self->result = pen_task_solve (self->task, board, experience);
  describe = pen_task_result_describe (self->result, self->task, board);
  if (self->kind == PEN_TASK_ROLL_SUM || self->kind == PEN_TASK_WITHSTAND)
    odds = describe_odds (self, table);
  detail = g_strconcat (describe ? describe : "", odds ? "\n" : "", odds, NULL);
  show_dice (self, board);
  set_answer (self, self->result->feasible ? _("Possible now") : _("Not possible now"), detail,
              was_feasible,
              self->result->feasible && (self->kind == PEN_TASK_DISCARD_SUM
                                         || self->kind == PEN_TASK_DISCARD_EXACT
                                         || self->kind == PEN_TASK_DISCARD_INGREDIENTS));
}

static void
watch_counts (PenTaskForm *self,
              GListStore  *store)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (store)); i++)
    {
      g_autoptr(PenCount) count = g_list_model_get_item (G_LIST_MODEL (store), i);

      g_signal_connect_object (count, "notify::value", G_CALLBACK (solve), self,
                               G_CONNECT_SWAPPED);
    }
}

static void
set_count_at (GListStore *store,
              guint       i,
              guint       value)
{
  g_autoptr(PenCount) count = g_list_model_get_item (G_LIST_MODEL (store), i);

  pen_count_set_value (count, value);
}

static void
pen_task_form_dispose (GObject *object)
{
  PenTaskForm *self = PEN_TASK_FORM (object);

  g_clear_object (&self->game);
  g_clear_object (&self->colors);
  g_clear_object (&self->ingredients);
  g_clear_object (&self->symbols);
  g_clear_object (&self->dice);

  G_OBJECT_CLASS (pen_task_form_parent_class)->dispose (object);
}

static void
pen_task_form_finalize (GObject *object)
{
  PenTaskForm *self = PEN_TASK_FORM (object);

  g_clear_pointer (&self->values, g_free);
  g_clear_pointer (&self->verdict, g_free);
  g_clear_pointer (&self->detail, g_free);
  g_clear_pointer (&self->task, pen_task_free);
  g_clear_pointer (&self->result, pen_task_result_free);

  G_OBJECT_CLASS (pen_task_form_parent_class)->finalize (object);
}

static void
pen_task_form_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PenTaskForm *self = PEN_TASK_FORM (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    case PROP_WIZARD:
      g_value_set_uint (value, self->wizard);
      break;

    case PROP_KIND:
      g_value_set_uint (value, self->kind);
      break;

    case PROP_ROLL_COLOR:
      g_value_set_uint (value, self->roll_color);
      break;

    case PROP_COUNT:
      g_value_set_uint (value, self->count);
      break;

    case PROP_AT_LEAST:
      g_value_set_int (value, self->at_least);
      break;

    case PROP_VALUES:
      g_value_set_string (value, self->values);
      break;

    case PROP_THREAT:
      g_value_set_uint (value, self->threat);
      break;

    case PROP_FEASIBLE:
      g_value_set_boolean (value, pen_task_form_get_feasible (self));
      break;

    case PROP_CAN_PAY:
      g_value_set_boolean (value, self->can_pay);
      break;

    case PROP_VERDICT:
      g_value_set_string (value, self->verdict);
      break;

    case PROP_DETAIL:
      g_value_set_string (value, self->detail);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_task_form_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  PenTaskForm *self = PEN_TASK_FORM (object);

  switch (prop_id)
    {
    case PROP_GAME:
      if (g_set_object (&self->game, g_value_get_object (value)) && self->game != NULL)
        g_signal_connect_object (self->game, "notify::position", G_CALLBACK (solve), self,
                                 G_CONNECT_SWAPPED);
      break;

    case PROP_WIZARD:
      self->wizard = g_value_get_uint (value);
      break;

    case PROP_KIND:
      self->kind = MIN (g_value_get_uint (value), PEN_N_TASK_KINDS - 1);
      break;

    case PROP_ROLL_COLOR:
      self->roll_color = MIN (g_value_get_uint (value), PEN_N_COLORS - 1);
      break;

    case PROP_COUNT:
      self->count = g_value_get_uint (value);
      break;

    case PROP_AT_LEAST:
      self->at_least = g_value_get_int (value);
      break;

    case PROP_VALUES:
      g_free (self->values);
      self->values = g_value_dup_string (value);
      break;

    case PROP_THREAT:
      self->threat = g_value_get_uint (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  solve (self);
}

static void
pen_task_form_class_init (PenTaskFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS;
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = pen_task_form_dispose;
  object_class->finalize = pen_task_form_finalize;
  object_class->get_property = pen_task_form_get_property;
  object_class->set_property = pen_task_form_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PEN_TYPE_GAME, rw | G_PARAM_CONSTRUCT_ONLY);
  properties[PROP_WIZARD] = g_param_spec_uint ("wizard", NULL, NULL, 0, G_MAXUINT, 0, rw);
  properties[PROP_KIND] =
    g_param_spec_uint ("kind", NULL, NULL, 0, PEN_N_TASK_KINDS - 1, PEN_TASK_DISCARD_SUM, rw);
  properties[PROP_ROLL_COLOR] =
    g_param_spec_uint ("roll-color", NULL, NULL, 0, PEN_N_COLORS - 1, PEN_COLOR_YELLOW, rw);
  properties[PROP_COUNT] =
    g_param_spec_uint ("count", NULL, NULL, 1, PEN_TASK_MAX_ROLL, 2, rw);
  properties[PROP_AT_LEAST] = g_param_spec_int ("at-least", NULL, NULL, 0, 60, 8, rw);
  properties[PROP_VALUES] = g_param_spec_string ("values", NULL, NULL, "2 4", rw);
  properties[PROP_THREAT] = g_param_spec_uint ("threat", NULL, NULL, 0, 30, 3, rw);
  properties[PROP_FEASIBLE] = g_param_spec_boolean ("feasible", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_PAY] = g_param_spec_boolean ("can-pay", NULL, NULL, FALSE, ro);
  properties[PROP_VERDICT] = g_param_spec_string ("verdict", NULL, NULL, NULL, ro);
  properties[PROP_DETAIL] = g_param_spec_string ("detail", NULL, NULL, NULL, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_task_form_init (PenTaskForm *self)
{
  self->kind = PEN_TASK_DISCARD_SUM;
  self->roll_color = PEN_COLOR_YELLOW;
  self->count = 2;
  self->at_least = 8;
  self->values = g_strdup ("2 4");
  self->threat = 3;
  self->colors = pen_count_store_new (PEN_N_COLORS, pen_count_color_title, 1);
  self->ingredients = pen_count_store_new (PEN_N_INGREDIENTS, pen_count_ingredient_title, 12);
  self->symbols = pen_count_store_new (PEN_N_SYMBOLS, pen_count_symbol_title, 12);
  self->dice = g_list_store_new (PEN_TYPE_DIE);
  set_count_at (self->colors, PEN_COLOR_RED, 1);
  set_count_at (self->colors, PEN_COLOR_PURPLE, 1);
  set_count_at (self->ingredients, PEN_INGREDIENT_CRYSTAL, 3);
  watch_counts (self, self->colors);
  watch_counts (self, self->ingredients);
  watch_counts (self, self->symbols);
}

PenTaskForm *
pen_task_form_new (PenGame *game,
                   guint    wizard)
{
  g_return_val_if_fail (PEN_IS_GAME (game), NULL);

  return g_object_new (PEN_TYPE_TASK_FORM, "game", game, "wizard", wizard, NULL);
}

PenGame *
pen_task_form_get_game (PenTaskForm *self)
{
  g_return_val_if_fail (PEN_IS_TASK_FORM (self), NULL);

  return self->game;
}

PenTaskKind
pen_task_form_get_kind (PenTaskForm *self)
{
  g_return_val_if_fail (PEN_IS_TASK_FORM (self), PEN_TASK_DISCARD_SUM);

  return self->kind;
}

void
pen_task_form_set_kind (PenTaskForm *self,
                        PenTaskKind  kind)
{
  g_return_if_fail (PEN_IS_TASK_FORM (self));

  g_object_set (self, "kind", (guint) kind, NULL);
}

guint
pen_task_form_get_wizard (PenTaskForm *self)
{
  g_return_val_if_fail (PEN_IS_TASK_FORM (self), 0);

  return self->wizard;
}

guint
pen_task_form_get_colors (PenTaskForm *self)
{
  guint colors = 0;

  g_return_val_if_fail (PEN_IS_TASK_FORM (self), 0);

  for (guint c = 0; c < PEN_N_COLORS; c++)
    if (count_at (self->colors, c) > 0)
      colors |= 1u << c;
  return colors;
}

/* One answer for the whole change, not one per colour */
void
pen_task_form_set_colors (PenTaskForm *self,
                          guint        colors)
{
  g_return_if_fail (PEN_IS_TASK_FORM (self));

  self->frozen = TRUE;
  for (guint c = 0; c < PEN_N_COLORS; c++)
    set_count_at (self->colors, c, (colors >> c) & 1);
  self->frozen = FALSE;
  solve (self);
}

void
pen_task_form_set_task (PenTaskForm   *self,
                        const PenTask *task)
{
  g_autoptr(GString) values = g_string_new (NULL);
  guint roll_color = 0;

  g_return_if_fail (PEN_IS_TASK_FORM (self));
  g_return_if_fail (task != NULL);

  for (guint i = 0; i < task->n_values; i++)
    g_string_append_printf (values, i ? " %u" : "%u", task->values[i]);
  for (guint c = 0; c < PEN_N_COLORS; c++)
    if (task->colors & (1u << c))
      {
        roll_color = c;
        break;
      }
  /* one answer for the whole task */
  self->frozen = TRUE;
  g_object_set (self, "kind", (guint) task->kind, NULL);
  if (task->kind == PEN_TASK_ROLL_SUM)
    g_object_set (self, "roll-color", roll_color,
                  "count", CLAMP (task->count, 1u, (guint) PEN_TASK_MAX_ROLL), NULL);
  if (task->kind == PEN_TASK_DISCARD_SUM || task->kind == PEN_TASK_ROLL_SUM)
    g_object_set (self, "at-least", CLAMP (task->at_least, 0, 60), NULL);
  if (task->kind == PEN_TASK_DISCARD_EXACT)
    g_object_set (self, "values", values->str, NULL);
  if (task->kind == PEN_TASK_WITHSTAND)
    g_object_set (self, "threat", task->threat, NULL);
  if (task->kind == PEN_TASK_DISCARD_SUM || task->kind == PEN_TASK_DISCARD_EXACT)
    for (guint c = 0; c < PEN_N_COLORS; c++)
      set_count_at (self->colors, c, (task->colors >> c) & 1);
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    set_count_at (self->ingredients, k, task->kind == PEN_TASK_DISCARD_INGREDIENTS
                                        ? task->ingredients[k] : 0);
  for (guint k = 0; k < PEN_N_SYMBOLS; k++)
    set_count_at (self->symbols, k, task->kind == PEN_TASK_HAVE_EXPERIENCE
                                    ? task->symbols[k] : 0);
  self->frozen = FALSE;
  solve (self);
}

GListModel *
pen_task_form_get_color_list (PenTaskForm *self)
{
  g_return_val_if_fail (PEN_IS_TASK_FORM (self), NULL);

  return G_LIST_MODEL (self->colors);
}

GListModel *
pen_task_form_get_ingredients (PenTaskForm *self)
{
  g_return_val_if_fail (PEN_IS_TASK_FORM (self), NULL);

  return G_LIST_MODEL (self->ingredients);
}

GListModel *
pen_task_form_get_symbols (PenTaskForm *self)
{
  g_return_val_if_fail (PEN_IS_TASK_FORM (self), NULL);

  return G_LIST_MODEL (self->symbols);
}

GListModel *
pen_task_form_get_dice (PenTaskForm *self)
{
  g_return_val_if_fail (PEN_IS_TASK_FORM (self), NULL);

  return G_LIST_MODEL (self->dice);
}

gboolean
pen_task_form_get_feasible (PenTaskForm *self)
{
  g_return_val_if_fail (PEN_IS_TASK_FORM (self), FALSE);

  return self->result != NULL && self->result->feasible;
}

gboolean
pen_task_form_get_can_pay (PenTaskForm *self)
{
  g_return_val_if_fail (PEN_IS_TASK_FORM (self), FALSE);

  return self->can_pay;
}

const char *
pen_task_form_get_verdict (PenTaskForm *self)
{
  g_return_val_if_fail (PEN_IS_TASK_FORM (self), NULL);

  return self->verdict;
}

const char *
pen_task_form_get_detail (PenTaskForm *self)
{
  g_return_val_if_fail (PEN_IS_TASK_FORM (self), NULL);

  return self->detail;
}

const PenTask *
pen_task_form_get_task (PenTaskForm *self)
{
  g_return_val_if_fail (PEN_IS_TASK_FORM (self), NULL);

  return self->task;
}

PenAction *
pen_task_form_get_action (PenTaskForm *self)
{
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *use;

  g_return_val_if_fail (PEN_IS_TASK_FORM (self), NULL);

  if (!self->can_pay || self->result == NULL)
    return NULL;
  if (self->result->marks != NULL)
    {
      PenTable *table = pen_game_get_table (self->game);
      GListModel *marks = pen_wizard_get_marks (pen_table_get_wizard (table,
                                                                      self->result_wizard));

      /* the solver names marks by their place in the list; the action names their cell */
      for (guint i = 0; i < self->result->marks->len; i++)
        {
          g_autoptr(PenMark) mark = g_list_model_get_item (marks,
                                                           g_array_index (self->result->marks,
                                                                          guint, i));
          guint cell;

          if (mark == NULL)
            continue;
          cell = pen_mark_get_cell (mark);
          g_array_append_val (cells, cell);
        }
    }
  use = self->result->use;
  return pen_action_new_task_pay (self->result_wizard, use ? (guint *) use->data : NULL,
                                  use ? use->len : 0, self->result->pay, (guint *) cells->data,
                                  cells->len);
}
