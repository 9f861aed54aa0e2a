/* pen-catalog.h: the card catalogue, a GListModel of PenCard
 *
 * The rulebook's cards (data/cards.json in the core GResource) with the user catalogue merged
 * on top: the numbers the user typed in for unknown values, and cards the rulebook does not
 * name. The user catalogue lives in $XDG_DATA_HOME/penumbra-companion/user-cards.json:
 *
 *   {"format": 1,
 *    "values": {"goldeater": {"vp": 4, "symbols": ["monsters"]}},
 *    "cards":  [{"id": "my-trial", "type": "trial", "name": {"en": "My Trial"}, …}]}
 *
 * It is saved atomically after every change, and can be exported and imported so that a
 * group types each card in once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "pen-card.h"

G_BEGIN_DECLS

#define PEN_TYPE_CATALOG (pen_catalog_get_type ())
G_DECLARE_FINAL_TYPE (PenCatalog, pen_catalog, PEN, CATALOG, GObject)

/* The catalogue of this process: the built-in cards plus the user catalogue of the user data
 * directory, loaded on first use. Transfer none. */
PenCatalog  *pen_catalog_get_default        (void);

/* A catalogue whose user file is user_file (NULL: built-in cards only, nothing is saved).
 * A user file that cannot be read is left untouched on disk, reported by
 * pen_catalog_get_user_error(), and moved aside to FILE.corrupt before the first save. */
PenCatalog  *pen_catalog_new                (const char  *user_file);

/* The default user file: $XDG_DATA_HOME/penumbra-companion/user-cards.json */
char        *pen_catalog_get_default_user_file (void);

/* The problem with the user file found when loading it, or NULL */
const GError *pen_catalog_get_user_error    (PenCatalog  *catalog);

/* Transfer none; NULL for an unknown id. A placeholder id ("contract#12", see pen-card.h) of
 * a type whose box count is known gives a card of that type with every number unknown. */
PenCard     *pen_catalog_lookup             (PenCatalog  *catalog,
                                             const char  *id);
/* The cards of one type in catalogue order (rulebook order, then user cards). Transfer
 * container: an array of PenCard references. */
GPtrArray   *pen_catalog_list_by_type       (PenCatalog  *catalog,
                                             PenCardType  type);
/* How many cards of a type the box holds (Components), or -1 when the rulebook does not say */
int          pen_catalog_get_box_count      (PenCatalog  *catalog,
                                             PenCardType  type);

/* Every card of a type the box holds, as ids: the catalogue's named cards (rulebook and user
 * cards, in catalogue order), then placeholders for the rest ("contract#5" … "contract#36"
 * when 4 are named). With no box count, the named cards only. Transfer full (char *). */
GPtrArray   *pen_catalog_box_pool           (PenCatalog  *catalog,
                                             PenCardType  type);

/* The rulebook's ready-made deck for the first game. section is "prophecies", "trial_row" or
 * "fate_deck" (top to bottom); every card, whatever its player mark. Transfer container. */
GPtrArray   *pen_catalog_get_first_game     (PenCatalog  *catalog,
                                             const char  *section);
gboolean     pen_catalog_is_first_game      (PenCatalog  *catalog,
                                             const char  *id);

/* Answers a field of a card (one of pen_card_get_user_fields()). For a rulebook card only an
 * unknown or derived field can be answered; a user card's fields can all be changed. value
 * NULL or a JSON null removes the answer. The value is validated as the catalogue validates
 * cards; on error nothing changes. Saves the user catalogue. */
gboolean     pen_catalog_set_user_value     (PenCatalog  *catalog,
                                             const char  *id,
                                             const char  *field,
                                             JsonNode    *value,
                                             GError     **error);
/* The same with a number (a card's printed "vp" …) */
gboolean     pen_catalog_set_user_int       (PenCatalog  *catalog,
                                             const char  *id,
                                             const char  *field,
                                             gint64       value,
                                             GError     **error);
/* Adds (or replaces) a card the rulebook does not name; its id must not be a rulebook card's. */
gboolean     pen_catalog_add_user_card      (PenCatalog  *catalog,
                                             JsonObject  *card,
                                             GError     **error);
gboolean     pen_catalog_remove_user_card   (PenCatalog  *catalog,
                                             const char  *id,
                                             GError     **error);

/* The user catalogue as a document of the shape above. Transfer full. */
JsonNode    *pen_catalog_user_to_json       (PenCatalog  *catalog);
gboolean     pen_catalog_export_user        (PenCatalog  *catalog,
                                             GFile       *file,
                                             GError     **error);
/* Reads a user catalogue and merges it in: its answers replace the same answers, its cards
 * replace cards with the same id. The whole file is validated first; any fault fails with
 * PEN_ERROR_INVALID naming its JSON path, and then nothing changes. */
gboolean     pen_catalog_import_user        (PenCatalog  *catalog,
                                             GFile       *file,
                                             GError     **error);

G_END_DECLS
