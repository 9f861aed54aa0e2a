/* pen-setup-cards.h: how the set-up steps name cards, and the models of their pickers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pen-card.h"

G_BEGIN_DECLS

/* A card's name, or what to do for a placeholder ("A Difficulty 2 Trial the rulebook does not
 * name"); NULL: "Not recorded" */
char          *pen_setup_card_title     (const char       *id);
/* Its type, difficulty and, in the first-game deck (first_game), its player-count mark ("3+",
 * "4"), or what to do for a placeholder; may be NULL. The book marks player counts only in its
 * first-game list: a deck built by the rules may deal any card at any count. */
char          *pen_setup_card_subtitle  (const char       *id,
                                         gboolean          first_game);
/* The catalogue's ids of a type (and difficulty when > 0), End of Time left out; the ids live
 * as long as the catalogue */
GPtrArray     *pen_setup_catalog_ids    (PenCardType       type,
                                         int               difficulty);
/* A picker model: the names of ids, then last */
GtkStringList *pen_setup_ids_model      (GPtrArray        *ids,
                                         const char       *last);
/* The position of id in ids; ids->len (the last item) when absent or NULL */
guint          pen_setup_index_of       (GPtrArray        *ids,
                                         const char       *id);
/* TRUE when both lists hold the same ids in the same order (FALSE when either is NULL): a
 * picker's model is replaced only when what it offers changed */
gboolean       pen_setup_same_ids       (GPtrArray        *a,
                                         GPtrArray        *b);
/* "Choose…" and the six disciplines */
GtkStringList *pen_setup_mark_model     (void);
/* Group titles and descriptions are markup: player names are escaped. NULL hides either. */
void           pen_setup_group_set_text (AdwPreferencesGroup *group,
                                         const char          *title,
                                         const char          *description);

G_END_DECLS
