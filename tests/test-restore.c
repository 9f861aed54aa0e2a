/* test-restore.c: what an undo tells the views
 *
 * The views are bound to the table's objects and lists: when an undo restores a snapshot,
 * the table, its wizards and their dice, marks and cards notify only the properties that
 * really changed, and the lists emit "items-changed" only for the range that changed, with
 * the objects kept (so a bound view redraws only that).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-action.h"
#include "pen-demo.h"
#include "pen-die.h"
#include "pen-table-card.h"
#include "pen-wizard.h"

/* Every notify and items-changed of the table's object graph, as "what:property" and
 * "what items-changed POSITION REMOVED ADDED" */
typedef struct
{
  GPtrArray *log;
  GPtrArray *watched;  /* every object connected to, to disconnect */
} Recorder;

typedef struct
{
  Recorder *rec;
  char     *name;
} Watch;

static void
watch_free (gpointer  data,
            GClosure *closure)
{
  Watch *w = data;

  g_free (w->name);
  g_free (w);
}

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           Watch      *w)
{
  g_ptr_array_add (w->rec->log, g_strdup_printf ("%s:%s", w->name, pspec->name));
}

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Watch      *w)
{
  g_ptr_array_add (w->rec->log, g_strdup_printf ("%s items-changed %u %u %u", w->name,
                                                 position, removed, added));
}

static void
watch (Recorder   *rec,
       gpointer    object,
       const char *name)
{
  Watch *w = g_new0 (Watch, 1);

  w->rec = rec;
  w->name = g_strdup (name);
  if (G_IS_LIST_MODEL (object))
    g_signal_connect_data (object, "items-changed", G_CALLBACK (items_changed_cb), w,
                           watch_free, 0);
  else
    g_signal_connect_data (object, "notify", G_CALLBACK (notify_cb), w, watch_free, 0);
  g_ptr_array_add (rec->watched, g_object_ref (object));
}

static void
watch_list (Recorder   *rec,
            GListModel *list,
            const char *name)
{
  watch (rec, list, name);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (list, i);
      g_autofree char *item_name = g_strdup_printf ("%s[%u]", name, i);

      watch (rec, item, item_name);
    }
}

static Recorder *
recorder_new (PenTable *table)
{
  Recorder *rec = g_new0 (Recorder, 1);
  struct { GListModel *list; const char *name; } lists[] = {
    { pen_table_get_trial_row (table), "trial_row" },
    { pen_table_get_contract_row (table), "contract_row" },
    { pen_table_get_contract_deck (table), "contract_deck" },
    { pen_table_get_fate_deck (table), "fate_deck" },
    { pen_table_get_in_play (table), "in_play" },
    { pen_table_get_markets (table), "markets" },
    { pen_table_get_market_decks (table), "market_decks" },
    { pen_table_get_placed (table), "placed" },
  };

  rec->log = g_ptr_array_new_with_free_func (g_free);
  rec->watched = g_ptr_array_new_with_free_func (g_object_unref);
  watch (rec, table, "table");
  watch_list (rec, pen_table_get_players (table), "players");
  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    watch_list (rec, lists[i].list, lists[i].name);
  for (guint w = 0; w < pen_table_get_n_players (table); w++)
    {
      PenWizard *wizard = pen_table_get_wizard (table, w);
      g_autofree char *supply = g_strdup_printf ("players[%u].supply", w);
      g_autofree char *marks = g_strdup_printf ("players[%u].marks", w);
      g_autofree char *cards = g_strdup_printf ("players[%u].cards", w);

      watch_list (rec, pen_wizard_get_supply (wizard), supply);
      watch_list (rec, pen_wizard_get_marks (wizard), marks);
      watch_list (rec, pen_wizard_get_cards (wizard), cards);
    }
  return rec;
}

static void
recorder_free (Recorder *rec)
{
  for (guint i = 0; i < rec->watched->len; i++)
    g_signal_handlers_disconnect_matched (g_ptr_array_index (rec->watched, i),
                                          G_SIGNAL_MATCH_FUNC, 0, 0, NULL, notify_cb, NULL);
  for (guint i = 0; i < rec->watched->len; i++)
    g_signal_handlers_disconnect_matched (g_ptr_array_index (rec->watched, i),
                                          G_SIGNAL_MATCH_FUNC, 0, 0, NULL, items_changed_cb,
                                          NULL);
  g_ptr_array_unref (rec->watched);
  g_ptr_array_unref (rec->log);
  g_free (rec);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Recorder, recorder_free)

static char *
log_text (Recorder *rec)
{
  g_ptr_array_add (rec->log, NULL);
  g_autofree char *text = g_strjoinv ("\n", (char **) rec->log->pdata);

  g_ptr_array_remove_index (rec->log, rec->log->len - 1);
  return g_steal_pointer (&text);
}

static PenGame *
demo_game (void)
{
  g_autoptr(GError) error = NULL;
  PenGame *game = pen_demo_new_game (&error);

  g_assert_no_error (error);
  return game;
}

static void
submit (PenGame   *game,
        PenAction *action)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenAction) owned = action;

  g_assert_true (pen_game_submit (game, owned, &error));
  g_assert_no_error (error);
}

/* Undoing a die flip: only that die's value is told, no list changes */
static void
test_undo_die_flip (void)
{
  g_autoptr(PenGame) game = demo_game ();
  PenTable *table = pen_game_get_table (game);
  GListModel *supply = pen_wizard_get_supply (pen_table_get_wizard (table, 0));
  g_autoptr(PenDie) die = NULL;
  g_autoptr(Recorder) rec = NULL;
  g_autofree char *log = NULL;
  guint before;

  g_assert_cmpuint (g_list_model_get_n_items (supply), >=, 3);
  die = g_list_model_get_item (supply, 1);
  before = pen_die_get_value (die);
  submit (game, pen_action_new_die_flip (0, 1, FALSE));
  g_assert_cmpuint (pen_die_get_value (die), ==, 7 - before);

  rec = recorder_new (table);
  g_assert_true (pen_game_undo (game));
  log = log_text (rec);
  g_assert_cmpstr (log, ==, "players[0].supply[1]:value");
  g_assert_cmpuint (pen_die_get_value (die), ==, before);

  /* and the redo the same way back */
  g_ptr_array_set_size (rec->log, 0);
  g_assert_true (pen_game_redo (game, NULL));
  g_clear_pointer (&log, g_free);
  log = log_text (rec);
  g_assert_cmpstr (log, ==, "players[0].supply[1]:value");
}

/* Undoing the discard of a die in the middle of a supply: one die inserted where it was, the
 * others neither moved nor told */
static void
test_undo_die_discard (void)
{
  g_autoptr(PenGame) game = demo_game ();
  PenTable *table = pen_game_get_table (game);
  GListModel *supply = pen_wizard_get_supply (pen_table_get_wizard (table, 0));
  g_autoptr(Recorder) rec = NULL;
  g_autofree char *log = NULL;
  g_autoptr(PenDie) first = NULL;
  g_autoptr(PenDie) last = NULL;
  guint n = g_list_model_get_n_items (supply);

  g_assert_cmpuint (n, >=, 3);
  submit (game, pen_action_new_die_discard (0, 1));
  g_assert_cmpuint (g_list_model_get_n_items (supply), ==, n - 1);
  first = g_list_model_get_item (supply, 0);
  last = g_list_model_get_item (supply, n - 2);

  rec = recorder_new (table);
  g_assert_true (pen_game_undo (game));
  log = log_text (rec);
  g_assert_cmpuint (g_list_model_get_n_items (supply), ==, n);
  /* the wizard's own properties that the discard did not touch stay silent too */
  g_assert_cmpstr (log, ==, "players[0].supply items-changed 1 0 1");
  g_assert_true (g_list_model_get_item (supply, 0) == (gpointer) first);
  g_object_unref (first);
  g_assert_true (g_list_model_get_item (supply, n - 1) == (gpointer) last);
  g_object_unref (last);
}

/* An undo that changes nothing the views show (the table as it was): nothing told at all */
static void
test_restore_same (void)
{
  g_autoptr(PenGame) game = demo_game ();
  PenTable *table = pen_game_get_table (game);
  g_autofree char *snapshot = pen_table_snapshot (table);
  g_autoptr(Recorder) rec = recorder_new (table);
  g_autoptr(GError) error = NULL;
  g_autofree char *log = NULL;

  g_assert_true (pen_table_load_snapshot (table, snapshot, &error));
  g_assert_no_error (error);
  log = log_text (rec);
  g_assert_cmpstr (log, ==, "");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/penumbra/restore/undo-die-flip", test_undo_die_flip);
  g_test_add_func ("/penumbra/restore/undo-die-discard", test_undo_die_discard);
  g_test_add_func ("/penumbra/restore/same", test_restore_same);

  return g_test_run ();
}
