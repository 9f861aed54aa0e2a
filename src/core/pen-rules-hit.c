/* pen-rules-hit.c: one search result of the rules reference, as a list item
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-rules-hit.h"

struct _PenRulesHit
{
  GObject         parent_instance;

  PenRulesResult *result;
};

G_DEFINE_FINAL_TYPE (PenRulesHit, pen_rules_hit, G_TYPE_OBJECT)

static void
pen_rules_hit_finalize (GObject *object)
{
  PenRulesHit *self = PEN_RULES_HIT (object);

  g_clear_pointer (&self->result, pen_rules_result_free);

  G_OBJECT_CLASS (pen_rules_hit_parent_class)->finalize (object);
}

static void
pen_rules_hit_class_init (PenRulesHitClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pen_rules_hit_finalize;
}

static void
pen_rules_hit_init (PenRulesHit *self)
{
}

PenRulesHit *
pen_rules_hit_new (const PenRulesResult *result)
{
  PenRulesHit *self;

  g_return_val_if_fail (result != NULL, NULL);

  self = g_object_new (PEN_TYPE_RULES_HIT, NULL);
  self->result = pen_rules_result_copy (result);
  return self;
}

const PenRulesResult *
pen_rules_hit_get_result (PenRulesHit *self)
{
  g_return_val_if_fail (PEN_IS_RULES_HIT (self), NULL);
  return self->result;
}

const char *
pen_rules_hit_get_id (PenRulesHit *self)
{
  g_return_val_if_fail (PEN_IS_RULES_HIT (self), NULL);
  return self->result->id;
}

GListStore *
pen_rules_hit_search (PenRules    *rules,
                      const char  *query,
                      guint        max_results,
                      GError     **error)
{
  g_autoptr(GPtrArray) results = NULL;
  GListStore *store;

  g_return_val_if_fail (PEN_IS_RULES (rules), NULL);
  g_return_val_if_fail (query != NULL, NULL);

  results = pen_rules_search (rules, query, NULL, max_results, error);
  if (results == NULL)
    return NULL;
  store = g_list_store_new (PEN_TYPE_RULES_HIT);
  for (guint i = 0; i < results->len; i++)
    {
      g_autoptr(PenRulesHit) hit = pen_rules_hit_new (g_ptr_array_index (results, i));

      g_list_store_append (store, hit);
    }
  return store;
}
