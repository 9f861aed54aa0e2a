/* pen-rules.h: The bilingual rules reference and its search
 *
 * The reference lives in data/rules-en.json and data/rules-ru.json (compiled into the core
 * GResource): sections with the same ids in both languages, and a "terms" map from any game
 * term or alias (English or Russian) to a section id, so the app can link a tapped term to its
 * rule. A language is parsed and indexed lazily, on first use, so start-up stays fast.
 *
 * The text paraphrases the rulebook (never copies it; tests/test-rules.c checks). Russian names
 * the Russian chapters do not print are the project's choice: Лес, Святилище, Руины (Forest,
 * Sanctuary, Ruins), кубик Ресурсов (Resource die), «Изменить на 1» (Adjust).
 *
 * PenRules is a GListModel of PenRulesSection in the current language, in reading order; use
 * pen_rules_section_get_parent() to build a tree.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pen-rules-section.h"

G_BEGIN_DECLS

/* How a query word matched a section. */
typedef enum
{
  PEN_RULES_MATCH_EXACT,            /* the word itself */
  PEN_RULES_MATCH_FORM,             /* another form of it: "wounds" → "wounded" */
  PEN_RULES_MATCH_SPELLING,         /* the British or American spelling: "armour" → "armor" */
  PEN_RULES_MATCH_TYPO,             /* a word a typo or two away: "thrat" → "threat" */
  PEN_RULES_MATCH_PREFIX,           /* the word being typed begins it: "vigil" → "vigilance" */
  PEN_RULES_MATCH_OTHER_LANGUAGE,   /* through the other language: "угроза" → "Threat" */
} PenRulesMatchKind;

/* "exact", "form", "spelling", "typo", "prefix", "other-language" */
const char *pen_rules_match_kind_to_string (PenRulesMatchKind kind);

typedef struct
{
  char              *word;   /* the query word, normalised (lower case, "ё" as "е") */
  char              *term;   /* what it matched: a word of the section, or for
                              * PEN_RULES_MATCH_OTHER_LANGUAGE the section's title */
  PenRulesMatchKind  kind;
} PenRulesMatch;

/* One search hit. score is higher for a better match; results come best first, ties by id. */
typedef struct
{
  char      *id;
  char      *title;
  char      *snippet;   /* the best matching sentence or window, "…" where it was cut */
  double     score;
  GPtrArray *matched;   /* PenRulesMatch, in query order, one per query word that matched */
} PenRulesResult;

#define PEN_TYPE_RULES_RESULT (pen_rules_result_get_type ())
GType           pen_rules_result_get_type   (void) G_GNUC_CONST;
PenRulesResult *pen_rules_result_copy       (const PenRulesResult *result);
void            pen_rules_result_free       (PenRulesResult       *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenRulesResult, pen_rules_result_free)

#define PEN_TYPE_RULES (pen_rules_get_type ())
G_DECLARE_FINAL_TYPE (PenRules, pen_rules, PEN, RULES, GObject)

/* The languages the reference is written in, NULL-terminated: "en", "ru". */
const char * const *pen_rules_get_languages   (void);
/* "ru" when the user's locale is Russian, else "en". */
const char         *pen_rules_default_language (void);

PenRules        *pen_rules_new                (void);
/* A shared instance for the app; the CLI and tests may use their own. */
PenRules        *pen_rules_get_default        (void);

const char      *pen_rules_get_language       (PenRules    *self);
/* Switches the language of the list model (emits items-changed). An unknown language is a
 * programming error and is ignored with a warning. */
void             pen_rules_set_language       (PenRules    *self,
                                               const char  *language);

/* Parses a language now instead of on first use (e.g. from an idle callback). Fails with
 * PEN_ERROR_INVALID for an unknown language, or when the data is broken. */
gboolean         pen_rules_load               (PenRules    *self,
                                               const char  *language,
                                               GError     **error);

/* A section of the current language by id, or NULL. (transfer none) */
PenRulesSection *pen_rules_lookup             (PenRules    *self,
                                               const char  *id);
/* The same, in a given language (NULL: the current one). (transfer none) */
PenRulesSection *pen_rules_lookup_in          (PenRules    *self,
                                               const char  *id,
                                               const char  *language);
/* The section id for a game term as printed anywhere in the app or the book, in English or
 * Russian, any case, any inflection the stemmer knows ("Разлома" → "rift", "Mortal Wounds"
 * → "mortal-wound"), or a section id itself. NULL when nothing fits. */
const char      *pen_rules_lookup_term        (PenRules    *self,
                                               const char  *term);

/* Searches the reference in language (NULL: the current one). Returns PenRulesResult*, best
 * first; an empty query (or one of only common words) gives no results. max_results 0 means
 * no limit. Fails only for an unknown language or broken data. */
GPtrArray       *pen_rules_search             (PenRules    *self,
                                               const char  *query,
                                               const char  *language,
                                               guint        max_results,
                                               GError     **error);

/* Exposed for tests: the search's normalised, stemmed form of one word ("угрозы" → "угроз",
 * "wounds" → "wound", "colour" → "color"). */
char            *pen_rules_stem_word          (const char  *word);

G_END_DECLS
