/* pen-setup-cards.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-catalog.h"
#include "pen-setup.h"
#include "pen-setup-cards.h"
#include "pen-turn.h"

char *
pen_setup_card_title (const char *id)
{
  int difficulty;

  if (id == NULL)
    return g_strdup (_("Not recorded"));
  if (g_str_equal (id, "unknown-talent"))
    return g_strdup (_("A Talent the rulebook does not name — pick from your deck"));
  if (sscanf (id, "unknown-trial-%d", &difficulty) == 1)
    return g_strdup_printf (_("A Difficulty %d Trial the rulebook does not name"), difficulty);
  if (g_str_equal (id, "unknown-event"))
    return g_strdup (_("An Event the rulebook does not name"));
  if (g_str_equal (id, "unknown-prophecy"))
    return g_strdup (_("A Prophecy the rulebook does not name"));
  if (g_str_equal (id, "unknown-goal"))
    return g_strdup (_("A Goal the rulebook does not name"));
  if (g_str_equal (id, "unknown-contract"))
    return g_strdup (_("A Difficulty 1 Contract the app cannot pick"));
  return g_strdup (pen_turn_card_name (id));
}

char *
pen_setup_card_subtitle (const char *id,
                         gboolean    first_game)
{
  PenCard *card;
  GString *s;
  int difficulty, players;

  if (id != NULL && pen_setup_is_placeholder (id))
    {
      if (g_str_equal (id, "unknown-talent"))
        return g_strdup (_("The app does not know it: the player keeps a real card"));
      if (g_str_equal (id, "unknown-contract"))
        return g_strdup (_("Reveal Contracts by the rule above"));
      return g_strdup (_("Take one at random from the box, among the cards not listed here"));
    }
  card = id != NULL ? pen_catalog_lookup (pen_catalog_get_default (), id) : NULL;
  if (card == NULL)
    return NULL;
  s = g_string_new (pen_card_type_get_label (pen_card_get_card_type (card)));
  difficulty = pen_card_get_difficulty (card);
  if (difficulty > 0)
    g_string_append_printf (s, " · %s %d", C_("card", "Difficulty"), difficulty);
  players = first_game ? pen_card_get_players (card) : 0;
  if (players == 3)
    g_string_append_printf (s, " · %s", _("3+ players only"));
  else if (players == 4)
    g_string_append_printf (s, " · %s", _("4 players only"));
  return g_string_free (s, FALSE);
}

GPtrArray *
pen_setup_catalog_ids (PenCardType type,
                       int         difficulty)
{
  g_autoptr(GPtrArray) cards = pen_catalog_list_by_type (pen_catalog_get_default (), type);
  GPtrArray *ids = g_ptr_array_new ();

  for (guint i = 0; i < cards->len; i++)
    {
      PenCard *card = g_ptr_array_index (cards, i);

      if (difficulty > 0 && pen_card_get_difficulty (card) != difficulty)
        continue;
      if (g_str_equal (pen_card_get_id (card), "end-of-time"))
        continue;
      g_ptr_array_add (ids, (gpointer) pen_card_get_id (card));
    }
  return ids;
}

GtkStringList *
pen_setup_ids_model (GPtrArray  *ids,
                     const char *last)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; i < ids->len; i++)
    gtk_string_list_append (list, pen_turn_card_name (g_ptr_array_index (ids, i)));
  gtk_string_list_append (list, last);
  return list;
}

guint
pen_setup_index_of (GPtrArray  *ids,
                    const char *id)
{
  for (guint i = 0; i < ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (ids, i), id) == 0)
      return i;
  return ids->len;
}

gboolean
pen_setup_same_ids (GPtrArray *a,
                    GPtrArray *b)
{
  if (a == NULL || b == NULL || a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (g_strcmp0 (g_ptr_array_index (a, i), g_ptr_array_index (b, i)) != 0)
      return FALSE;
  return TRUE;
}

GtkStringList *
pen_setup_mark_model (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  gtk_string_list_append (list, _("Choose…"));
  for (guint k = 0; k < PEN_MARK_SPARK; k++)
    gtk_string_list_append (list, pen_mark_kind_get_label (k));
  return list;
}

void
pen_setup_group_set_text (AdwPreferencesGroup *group,
                          const char          *title,
                          const char          *description)
{
  g_autofree char *t = title != NULL ? g_markup_escape_text (title, -1) : NULL;
  g_autofree char *d = description != NULL ? g_markup_escape_text (description, -1) : NULL;

  adw_preferences_group_set_title (group, t != NULL ? t : "");
  adw_preferences_group_set_description (group, d);
}
