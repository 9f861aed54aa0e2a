/* pen-score-standing.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-score-standing.h"
#include "pen-score-unknown.h"

struct _PenScoreShared
{
  PenScoreSheet *sheet;
};

struct _PenScoreStanding
{
  GObject         parent_instance;

  PenScoreShared *shared;
  guint           wizard;
  gboolean        tied;
  gboolean        place_known;  /* no player's unknown points can change it */
  PenTable       *table;
  GStrv           goals;
  GHashTable     *expanded;
  char           *key;
};

G_DEFINE_FINAL_TYPE (PenScoreStanding, pen_score_standing, G_TYPE_OBJECT)

PenScoreShared *
pen_score_shared_new (PenScoreSheet *sheet)
{
  PenScoreShared *shared = g_rc_box_new0 (PenScoreShared);

  shared->sheet = sheet;
  return shared;
}

PenScoreShared *
pen_score_shared_ref (PenScoreShared *shared)
{
  return g_rc_box_acquire (shared);
}

static void
shared_clear (gpointer data)
{
  PenScoreShared *shared = data;

  g_clear_pointer (&shared->sheet, pen_score_sheet_free);
}

void
pen_score_shared_unref (PenScoreShared *shared)
{
  g_rc_box_release_full (shared, shared_clear);
}

const PenScoreSheet *
pen_score_shared_get_sheet (PenScoreShared *shared)
{
  return shared->sheet;
}

/* The player's figures with their details, the Marks on the board and the Goals typed in */
static char *
make_key (PenScoreStanding *self,
          const char       *figures)
{
  PenWizard *w = pen_table_get_wizard (self->table, self->wizard);
  GListModel *marks = pen_wizard_get_marks (w);
  GString *key = g_string_new (figures);

  g_string_append_printf (key, "|%d%d|", self->tied, self->place_known);
  for (guint i = 0; i < g_list_model_get_n_items (marks); i++)
    {
      g_autoptr(PenMark) mark = g_list_model_get_item (marks, i);
      g_string_append_printf (key, "%d:%u,", pen_mark_get_kind (mark), pen_mark_get_cell (mark));
    }
  for (guint i = 0; self->goals[i] != NULL; i++)
    {
      int vp = -1;

      pen_wizard_get_goal_vp (w, self->goals[i], &vp);
      g_string_append_printf (key, "|%s=%d", self->goals[i], vp);
    }
  return g_string_free (key, FALSE);
}

PenScoreStanding *
pen_score_standing_new (PenScoreShared *shared,
                        guint           wizard,
                        gboolean        tied,
                        PenTable       *table,
                        GStrv           goals_by_hand,
                        GHashTable     *expanded,
                        const char     *figures)
{
  PenScoreStanding *self = g_object_new (PEN_TYPE_SCORE_STANDING, NULL);

  g_return_val_if_fail (wizard < shared->sheet->results->len, self);

  self->shared = pen_score_shared_ref (shared);
  self->wizard = wizard;
  self->tied = tied;
  self->table = g_object_ref (table);
  {
    /* whose points are not all known yet (play finding B8) */
    guint n = shared->sheet->results->len;
    g_autofree gboolean *unknown = g_new0 (gboolean, n);

    for (guint i = 0; i < n; i++)
      unknown[i] = pen_score_unknown_wizard_has (table, i);
    self->place_known = pen_score_sheet_place_known (shared->sheet, wizard, unknown);
  }
  self->goals = g_strdupv (goals_by_hand);
  self->expanded = g_hash_table_ref (expanded);
  self->key = make_key (self, figures);
  return self;
}

const PenScoreResult *
pen_score_standing_get_result (PenScoreStanding *self)
{
  return g_ptr_array_index (self->shared->sheet->results, self->wizard);
}

guint
pen_score_standing_get_wizard (PenScoreStanding *self)
{
  return self->wizard;
}

gboolean
pen_score_standing_get_place_known (PenScoreStanding *self)
{
  return self->place_known;
}

gboolean
pen_score_standing_get_tied (PenScoreStanding *self)
{
  return self->tied;
}

PenTable *
pen_score_standing_get_table (PenScoreStanding *self)
{
  return self->table;
}

const char * const *
pen_score_standing_get_goals (PenScoreStanding *self)
{
  return (const char * const *) self->goals;
}

GHashTable *
pen_score_standing_get_expanded (PenScoreStanding *self)
{
  return self->expanded;
}

const char *
pen_score_standing_get_key (PenScoreStanding *self)
{
  return self->key;
}

static void
pen_score_standing_finalize (GObject *object)
{
  PenScoreStanding *self = PEN_SCORE_STANDING (object);

  g_clear_pointer (&self->shared, pen_score_shared_unref);
  g_clear_object (&self->table);
  g_clear_pointer (&self->goals, g_strfreev);
  g_clear_pointer (&self->expanded, g_hash_table_unref);
  g_clear_pointer (&self->key, g_free);

  G_OBJECT_CLASS (pen_score_standing_parent_class)->finalize (object);
}

static void
pen_score_standing_class_init (PenScoreStandingClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pen_score_standing_finalize;
}

static void
pen_score_standing_init (PenScoreStanding *self)
{
}
