/* pen-rules.c: the rules reference, its term links and its search
 *
 * Search is a small BM25F ranker over three fields of each section (title, keywords plus the
 * aliases that link to it, body), on case-folded, NFC-normalised words with "ё" read as "е",
 * common words dropped and a light suffix-stripping stemmer for English and for Russian. The
 * last query word also matches as a prefix (search as you type), and Russian stems that differ
 * only in a short tail match at a small discount, because a suffix stripper cannot tell the
 * ending of "разлом" from the one of "разлома". Exact title matches get a fixed bonus so that
 * typing a section's name always brings that section first.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "pen-core-resources.h"
#include "pen-json.h"
#include "pen-rules.h"
#include "pen-types.h"

#define RESOURCE_DIR "/io/github/penumbracompanion/PenumbraCompanion/core/"

/* Field weights and BM25 constants: the usual k1 and b; titles count three times the body. */
#define WEIGHT_TITLE       3.0
#define WEIGHT_KEYWORDS    2.0
#define WEIGHT_BODY        1.0
#define BM25_K1            1.2
#define BM25_B             0.75
/* Discounts for looser matches of a query word. */
#define FACTOR_NEAR        0.9
#define FACTOR_PREFIX      0.7
/* Bonuses added to the BM25 sum. */
#define BONUS_EXACT_TITLE  10.0
#define BONUS_TITLE_COVER  3.0
#define BONUS_PHRASE       2.0
/* Snippets longer than this (in characters) are cut to a window around the first hit. */
#define SNIPPET_MAX_CHARS  160
#define SNIPPET_LEAD_CHARS 40

static const char * const languages[] = { "en", "ru", NULL };

typedef struct
{
  guint  doc;
  double wtf;   /* weighted term frequency over the fields */
} Posting;

typedef struct
{
  PenRulesSection *section;     /* borrowed from Lang.sections */
  double           length;      /* weighted number of words */
  char            *title_key;   /* stems of the title, space-separated */
  GPtrArray       *title_stems;
  char            *folded_text; /* normalised title and body, for the phrase bonus */
} Doc;

typedef struct
{
  char       *language;
  GPtrArray  *sections;    /* PenRulesSection, reading order */
  GHashTable *by_id;       /* id → PenRulesSection (borrowed) */
  GHashTable *terms;       /* normalised alias → id */
  GHashTable *term_keys;   /* stem key of an alias → id (first alias wins) */
  GPtrArray  *key_order;   /* the keys of term_keys in file order, for near matches */
  GArray     *docs;        /* Doc */
  GHashTable *postings;    /* stem → GArray of Posting */
  GPtrArray  *vocab;       /* the stems (borrowed keys of postings), sorted */
  double      avg_length;
} Lang;

struct _PenRules
{
  GObject     parent_instance;

  char       *language;
  GHashTable *langs;       /* language → Lang, filled on first use */
  guint       n_exposed;   /* items the list model last reported */
};

static void pen_rules_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PenRules, pen_rules, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      pen_rules_list_model_init))

G_DEFINE_BOXED_TYPE (PenRulesResult, pen_rules_result, pen_rules_result_copy,
                     pen_rules_result_free)

enum {
  PROP_0,
  PROP_LANGUAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Words and stems */

static const char * const stop_words[] = {
  /* English */
  "a", "an", "the", "of", "to", "and", "or", "in", "on", "at", "by", "for", "with", "from",
  "as", "is", "are", "be", "it", "its", "this", "that", "these", "those", "you", "your",
  "if", "then", "than", "can", "may", "do", "does", "what", "how", "which", "when", "there",
  /* Russian */
  "и", "в", "во", "на", "с", "со", "по", "к", "ко", "а", "но", "или", "из", "за", "до", "от",
  "о", "об", "для", "что", "как", "это", "то", "же", "бы", "ли", "вы", "ваш", "ваши", "вашу",
  "вашего", "его", "ее", "их", "он", "она", "они", "оно", "при", "у", "так", "если", "когда",
  NULL
};

static gboolean
is_stop_word (const char *word)
{
  static GHashTable *set = NULL;

  if (g_once_init_enter (&set))
    {
      GHashTable *s = g_hash_table_new (g_str_hash, g_str_equal);

      for (guint i = 0; stop_words[i] != NULL; i++)
        g_hash_table_add (s, (gpointer) stop_words[i]);
      g_once_init_leave (&set, s);
    }

  return g_hash_table_contains (set, word);
}

/* NFC, case-folded, "ё" → "е". */
static char *
normalize_text (const char *text)
{
  g_autofree char *nfc = g_utf8_normalize (text, -1, G_NORMALIZE_DEFAULT_COMPOSE);
  g_autofree char *folded = NULL;
  GString *s;

  if (nfc == NULL)   /* not valid UTF-8 */
    nfc = g_utf8_make_valid (text, -1);
  folded = g_utf8_casefold (nfc, -1);
  s = g_string_new (folded);
  g_string_replace (s, "ё", "е", 0);
  return g_string_free (s, FALSE);
}

typedef struct
{
  char  *word;    /* normalised */
  gsize  start;   /* byte offsets in the normalised text */
  gsize  end;
} Token;

static void
token_clear (Token *token)
{
  g_free (token->word);
}

/* Splits normalised text into runs of letters and digits. */
static GArray *
split_words (const char *folded)
{
  GArray *tokens = g_array_new (FALSE, FALSE, sizeof (Token));
  const char *p = folded;
  const char *start = NULL;

  g_array_set_clear_func (tokens, (GDestroyNotify) token_clear);

  for (;;)
    {
      gunichar c = g_utf8_get_char (p);
      gboolean word_char = c != 0 && g_unichar_isalnum (c);

      if (word_char && start == NULL)
        start = p;
      else if (!word_char && start != NULL)
        {
          Token token = { g_strndup (start, p - start), start - folded, p - folded };

          g_array_append_val (tokens, token);
          start = NULL;
        }
      if (c == 0)
        break;
      p = g_utf8_next_char (p);
    }

  return tokens;
}

static gboolean
is_cyrillic (const char *word)
{
  gunichar c = g_utf8_get_char (word);

  return c >= 0x0400 && c <= 0x04FF;
}

static gboolean
strip_suffix (GString    *s,
              const char *suffix,
              gsize       min_chars_left)
{
  gsize n = strlen (suffix);

  if (s->len <= n || !g_str_has_suffix (s->str, suffix))
    return FALSE;
  if (g_utf8_strlen (s->str, s->len - n) < (glong) min_chars_left)
    return FALSE;
  g_string_truncate (s, s->len - n);
  return TRUE;
}

/* A light English stemmer: plurals, -ing, -ed, -ment, -ly and a final -e, so that "placing",
 * "placed", "place" and "placement" meet. Not Porter: just enough for rule words. */
static void
stem_english (GString *s)
{
  static const char * const doubles[] = { "bb", "dd", "gg", "mm", "nn", "pp", "tt", NULL };

  if (g_str_equal (s->str, "dice"))
    {
      g_string_assign (s, "die");
      return;
    }

  if (g_str_has_suffix (s->str, "ies") && s->len > 4)
    {
      g_string_truncate (s, s->len - 3);
      g_string_append_c (s, 'y');
    }
  else if (g_str_has_suffix (s->str, "sses"))
    g_string_truncate (s, s->len - 2);
  else if (g_str_has_suffix (s->str, "s") && !g_str_has_suffix (s->str, "ss")
           && !g_str_has_suffix (s->str, "us") && !g_str_has_suffix (s->str, "is")
           && s->len > 3)
    g_string_truncate (s, s->len - 1);

  if (strip_suffix (s, "ing", 3) || strip_suffix (s, "ed", 3))
    {
      for (guint i = 0; doubles[i] != NULL; i++)
        if (g_str_has_suffix (s->str, doubles[i]))
          {
            g_string_truncate (s, s->len - 1);
            break;
          }
    }
  else if (!strip_suffix (s, "ment", 4))
    strip_suffix (s, "ly", 3);

  if (s->len > 4 && s->str[s->len - 1] == 'e')
    g_string_truncate (s, s->len - 1);
}

/* A light Russian stemmer: one reflexive ending, then the longest matching case, number,
 * adjective or verb ending, keeping at least three letters ("угрозы", "угрозу", "угрозой" →
 * "угроз"). */
static void
stem_russian (GString *s)
{
  static const char * const endings[] = {
    "ениями", "ением", "иями", "ения", "ение", "ении", "ению", "остью", "ость", "ости",
    "ями", "ами", "ого", "его", "ому", "ему", "ыми", "ими", "ией", "иям", "ием", "иях",
    "ить", "ать", "ять", "еть", "ыть", "ьте", "ите", "ете",
    "ая", "яя", "ое", "ее", "ие", "ые", "ой", "ей", "ий", "ый", "ом", "ем", "ах", "ях",
    "ов", "ев", "ам", "ям", "ую", "юю", "ью", "ия", "ии", "ию", "ть", "ет", "ит", "ут",
    "ют", "ат", "ят",
    "а", "я", "о", "е", "ы", "и", "у", "ю", "ь", "й",
    NULL
  };

  if (!strip_suffix (s, "ся", 4))
    strip_suffix (s, "сь", 4);

  for (guint i = 0; endings[i] != NULL; i++)
    if (strip_suffix (s, endings[i], 3))
      break;
}

/* word must already be normalised */
static char *
stem_normalized (const char *word)
{
  GString *s = g_string_new (word);

  if (is_cyrillic (word))
    stem_russian (s);
  else if (g_ascii_isalpha (word[0]))
    stem_english (s);

  return g_string_free (s, FALSE);
}

char *
pen_rules_stem_word (const char *word)
{
  g_autofree char *folded = NULL;

  g_return_val_if_fail (word != NULL, NULL);

  folded = normalize_text (word);
  return stem_normalized (folded);
}

/* The stems of the non-common words of text, in order. */
static GPtrArray *
stems_of (const char *text)
{
  g_autofree char *folded = normalize_text (text);
  g_autoptr(GArray) tokens = split_words (folded);
  GPtrArray *stems = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < tokens->len; i++)
    {
      Token *t = &g_array_index (tokens, Token, i);

      if (!is_stop_word (t->word))
        g_ptr_array_add (stems, stem_normalized (t->word));
    }

  return stems;
}

static char *
join_stems (GPtrArray *stems)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < stems->len; i++)
    {
      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, g_ptr_array_index (stems, i));
    }

  return g_string_free (s, FALSE);
}

static char *
stem_key (const char *text)
{
  g_autoptr(GPtrArray) stems = stems_of (text);

  return join_stems (stems);
}

/* Russian stems that differ only in a short tail ("разл" from "разлом", "разлом" from
 * "разлома") are near matches. */
static gboolean
near_match (const char *a,
            const char *b)
{
  glong la, lb;
  const char *shorter, *longer;

  if (!is_cyrillic (a) || !is_cyrillic (b))
    return FALSE;

  la = g_utf8_strlen (a, -1);
  lb = g_utf8_strlen (b, -1);
  shorter = la <= lb ? a : b;
  longer = la <= lb ? b : a;

  return MIN (la, lb) >= 4 && ABS (la - lb) <= 2 && g_str_has_prefix (longer, shorter);
}

/* Loading */

static void
doc_clear (Doc *doc)
{
  g_free (doc->title_key);
  g_clear_pointer (&doc->title_stems, g_ptr_array_unref);
  g_free (doc->folded_text);
}

static void
lang_free (Lang *lang)
{
  g_free (lang->language);
  g_clear_pointer (&lang->vocab, g_ptr_array_unref);
  g_clear_pointer (&lang->postings, g_hash_table_unref);
  g_clear_pointer (&lang->docs, g_array_unref);
  g_clear_pointer (&lang->key_order, g_ptr_array_unref);
  g_clear_pointer (&lang->term_keys, g_hash_table_unref);
  g_clear_pointer (&lang->terms, g_hash_table_unref);
  g_clear_pointer (&lang->by_id, g_hash_table_unref);
  g_clear_pointer (&lang->sections, g_ptr_array_unref);
  g_free (lang);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Lang, lang_free)

static gboolean
is_known_language (const char *language)
{
  return language != NULL && g_strv_contains (languages, language);
}

static char **
read_string_array (JsonObject  *obj,
                   const char  *path,
                   const char  *key,
                   GError     **error)
{
  g_autofree char *member_path = pen_json_path_key (path, key);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *array;

  if (!json_object_has_member (obj, key))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: missing", member_path);
      return NULL;
    }
  array = pen_json_expect_array (json_object_get_member (obj, key), member_path, error);
  if (array == NULL)
    return NULL;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        {
          g_autofree char *item_path = pen_json_path_index (member_path, i);

          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: expected a string",
                       item_path);
          return NULL;
        }
      g_strv_builder_add (builder, json_node_get_string (node));
    }

  return g_strv_builder_end (builder);
}

static PenRulesSection *
read_section (JsonNode    *node,
              const char  *path,
              GError     **error)
{
  static const char * const keys[] = {
    "id", "title", "parent", "keywords", "see_also", "body", NULL
  };
  const char *id = NULL, *title = NULL, *parent = NULL, *body = NULL;
  g_auto(GStrv) keywords = NULL;
  g_auto(GStrv) see_also = NULL;
  JsonObject *obj;

  if ((obj = pen_json_expect_object (node, path, error)) == NULL
      || !pen_json_check_keys (obj, path, keys, error)
      || !pen_json_get_string (obj, path, "id", TRUE, &id, error)
      || !pen_json_get_string (obj, path, "title", TRUE, &title, error)
      || !pen_json_get_string (obj, path, "body", TRUE, &body, error)
      || (keywords = read_string_array (obj, path, "keywords", error)) == NULL
      || (see_also = read_string_array (obj, path, "see_also", error)) == NULL)
    return NULL;

  /* "parent" is null for a top-level section */
  if (json_object_has_member (obj, "parent")
      && !JSON_NODE_HOLDS_NULL (json_object_get_member (obj, "parent"))
      && !pen_json_get_string (obj, path, "parent", TRUE, &parent, error))
    return NULL;

  if (*id == '\0')
    {
      g_autofree char *id_path = pen_json_path_key (path, "id");

      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "%s: empty id", id_path);
      return NULL;
    }

  return pen_rules_section_new (id, title, parent, (const char * const *) keywords,
                                (const char * const *) see_also, body);
}

static void
index_field (GHashTable *tf,
             const char *text,
             double      weight,
             double     *length)
{
  g_autoptr(GPtrArray) stems = stems_of (text);

  for (guint i = 0; i < stems->len; i++)
    {
      const char *stem = g_ptr_array_index (stems, i);
      double *w = g_hash_table_lookup (tf, stem);

      if (w == NULL)
        {
          w = g_new0 (double, 1);
          g_hash_table_insert (tf, g_strdup (stem), w);
        }
      *w += weight;
      *length += weight;
    }
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
string_free (gpointer string)
{
  g_string_free (string, TRUE);
}

static void
build_index (Lang *lang)
{
  g_autoptr(GHashTable) aliases = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                         string_free);
  GHashTableIter iter;
  gpointer key, value;
  double total = 0;

  /* every alias that links to a section is searchable as a keyword of it */
  g_hash_table_iter_init (&iter, lang->terms);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GString *s = g_hash_table_lookup (aliases, value);

      if (s == NULL)
        g_hash_table_insert (aliases, value, s = g_string_new (NULL));
      g_string_append_printf (s, " %s", (const char *) key);
    }

  lang->docs = g_array_sized_new (FALSE, TRUE, sizeof (Doc), lang->sections->len);
  g_array_set_clear_func (lang->docs, (GDestroyNotify) doc_clear);
  lang->postings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                          (GDestroyNotify) g_array_unref);

  for (guint i = 0; i < lang->sections->len; i++)
    {
      PenRulesSection *section = g_ptr_array_index (lang->sections, i);
      g_autoptr(GHashTable) tf = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                        g_free);
      g_autofree char *keywords = g_strjoinv (" ",
                                              (char **) pen_rules_section_get_keywords (section));
      g_autofree char *both = g_strconcat (pen_rules_section_get_title (section), "\n",
                                           pen_rules_section_get_body (section), NULL);
      GString *alias_text = g_hash_table_lookup (aliases, pen_rules_section_get_id (section));
      Doc doc = { section, 0, NULL, NULL, NULL };

      index_field (tf, pen_rules_section_get_title (section), WEIGHT_TITLE, &doc.length);
      index_field (tf, keywords, WEIGHT_KEYWORDS, &doc.length);
      if (alias_text != NULL)
        index_field (tf, alias_text->str, WEIGHT_KEYWORDS, &doc.length);
      index_field (tf, pen_rules_section_get_body (section), WEIGHT_BODY, &doc.length);

      doc.title_stems = stems_of (pen_rules_section_get_title (section));
      doc.title_key = join_stems (doc.title_stems);
      doc.folded_text = normalize_text (both);
      total += doc.length;
      g_array_append_val (lang->docs, doc);

      g_hash_table_iter_init (&iter, tf);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          GArray *list = g_hash_table_lookup (lang->postings, key);
          Posting posting = { i, *(double *) value };

          if (list == NULL)
            {
              list = g_array_new (FALSE, FALSE, sizeof (Posting));
              g_hash_table_insert (lang->postings, g_strdup (key), list);
            }
          g_array_append_val (list, posting);
        }
    }

  lang->avg_length = lang->sections->len > 0 ? total / lang->sections->len : 1;
  if (lang->avg_length <= 0)
    lang->avg_length = 1;

  lang->vocab = g_ptr_array_new ();
  g_hash_table_iter_init (&iter, lang->postings);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (lang->vocab, key);
  g_ptr_array_sort (lang->vocab, compare_strings);
}

static Lang *
lang_load (const char  *language,
           GError     **error)
{
  static const char * const top_keys[] = { "language", "sections", "terms", NULL };
  g_autofree char *resource = g_strdup_printf (RESOURCE_DIR "rules-%s.json", language);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(Lang) lang = g_new0 (Lang, 1);
  g_autoptr(GError) local_error = NULL;
  JsonObject *obj, *terms;
  JsonArray *sections;
  const char *file_language = NULL;
  GList *members;

  /* static linking drops the resource unless something references it */
  bytes = g_resource_lookup_data (pen_core_get_resource (), resource,
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, &local_error);
  if (bytes == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID, "rules-%s.json: %s", language,
                   local_error->message);
      return NULL;
    }

  root = pen_json_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), error);
  if (root == NULL
      || (obj = pen_json_expect_object (root, "$", error)) == NULL
      || !pen_json_check_keys (obj, "$", top_keys, error)
      || !pen_json_get_string (obj, "$", "language", TRUE, &file_language, error)
      || (sections = pen_json_expect_array (json_object_get_member (obj, "sections"),
                                            "$.sections", error)) == NULL
      || (terms = pen_json_expect_object (json_object_get_member (obj, "terms"), "$.terms",
                                          error)) == NULL)
    {
      g_prefix_error (error, "rules-%s.json: ", language);
      return NULL;
    }

  if (!g_str_equal (file_language, language))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "rules-%s.json: $.language: \"%s\" is not \"%s\"", language, file_language,
                   language);
      return NULL;
    }

  lang->language = g_strdup (language);
  lang->sections = g_ptr_array_new_with_free_func (g_object_unref);
  lang->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  lang->terms = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  lang->term_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  lang->key_order = g_ptr_array_new ();

  for (guint i = 0; i < json_array_get_length (sections); i++)
    {
      g_autofree char *path = pen_json_path_index ("$.sections", i);
      PenRulesSection *section = read_section (json_array_get_element (sections, i), path,
                                               error);

      if (section == NULL)
        {
          g_prefix_error (error, "rules-%s.json: ", language);
          return NULL;
        }
      if (g_hash_table_contains (lang->by_id, pen_rules_section_get_id (section)))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "rules-%s.json: %s.id: \"%s\" is used twice", language, path,
                       pen_rules_section_get_id (section));
          g_object_unref (section);
          return NULL;
        }
      g_ptr_array_add (lang->sections, section);
      g_hash_table_insert (lang->by_id, (gpointer) pen_rules_section_get_id (section), section);
    }

  /* json-glib keeps members in file order, so "first alias wins" is stable */
  members = json_object_get_members (terms);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (terms, l->data);
      const char *target;

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING
          || !g_hash_table_contains (lang->by_id, (target = json_node_get_string (node))))
        {
          g_autofree char *path = pen_json_path_key ("$.terms", l->data);

          g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                       "rules-%s.json: %s: not the id of a section", language, path);
          g_list_free (members);
          return NULL;
        }
      g_hash_table_insert (lang->terms, normalize_text (l->data), g_strdup (target));
    }
  g_list_free (members);

  /* stem keys: section ids and titles first, then aliases */
  for (guint i = 0; i < lang->sections->len; i++)
    {
      PenRulesSection *section = g_ptr_array_index (lang->sections, i);
      const char *id = pen_rules_section_get_id (section);
      char *key = stem_key (pen_rules_section_get_title (section));

      if (*key != '\0' && !g_hash_table_contains (lang->term_keys, key))
        {
          g_hash_table_insert (lang->term_keys, key, (gpointer) id);
          g_ptr_array_add (lang->key_order, key);
        }
      else
        g_free (key);
    }
  members = json_object_get_members (terms);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *target = json_object_get_string_member (terms, l->data);
      PenRulesSection *section = g_hash_table_lookup (lang->by_id, target);
      char *key = stem_key (l->data);

      /* the id string is owned by the section, which lives as long as lang */
      if (*key != '\0' && !g_hash_table_contains (lang->term_keys, key))
        {
          g_hash_table_insert (lang->term_keys, key,
                               (gpointer) pen_rules_section_get_id (section));
          g_ptr_array_add (lang->key_order, key);
        }
      else
        g_free (key);
    }
  g_list_free (members);

  build_index (lang);

  return g_steal_pointer (&lang);
}

static Lang *
get_lang (PenRules    *self,
          const char  *language,
          GError     **error)
{
  Lang *lang;

  if (language == NULL)
    language = self->language;

  if (!is_known_language (language))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_INVALID,
                   "\"%s\" is not a language of the rules reference (en, ru)",
                   language ? language : "");
      return NULL;
    }

  lang = g_hash_table_lookup (self->langs, language);
  if (lang == NULL)
    {
      lang = lang_load (language, error);
      if (lang == NULL)
        return NULL;
      g_hash_table_insert (self->langs, lang->language, lang);
    }

  return lang;
}

static Lang *
get_current_lang (PenRules *self)
{
  g_autoptr(GError) error = NULL;
  Lang *lang = get_lang (self, NULL, &error);

  if (lang == NULL)
    g_warning ("The rules reference cannot be read: %s", error->message);

  return lang;
}

/* PenRulesResult */

PenRulesResult *
pen_rules_result_copy (const PenRulesResult *result)
{
  PenRulesResult *copy = g_new0 (PenRulesResult, 1);

  copy->id = g_strdup (result->id);
  copy->title = g_strdup (result->title);
  copy->snippet = g_strdup (result->snippet);
  copy->score = result->score;
  return copy;
}

void
pen_rules_result_free (PenRulesResult *result)
{
  if (result == NULL)
    return;
  g_free (result->id);
  g_free (result->title);
  g_free (result->snippet);
  g_free (result);
}

/* GListModel */

static GType
pen_rules_get_item_type (GListModel *model)
{
  return PEN_TYPE_RULES_SECTION;
}

static guint
pen_rules_get_n_items (GListModel *model)
{
  PenRules *self = PEN_RULES (model);
  Lang *lang = get_current_lang (self);

  self->n_exposed = lang ? lang->sections->len : 0;
  return self->n_exposed;
}

static gpointer
pen_rules_get_item (GListModel *model,
                    guint       position)
{
  PenRules *self = PEN_RULES (model);
  Lang *lang = get_current_lang (self);

  if (lang == NULL || position >= lang->sections->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (lang->sections, position));
}

static void
pen_rules_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = pen_rules_get_item_type;
  iface->get_n_items = pen_rules_get_n_items;
  iface->get_item = pen_rules_get_item;
}

/* GObject */

static void
pen_rules_finalize (GObject *object)
{
  PenRules *self = PEN_RULES (object);

  g_free (self->language);
  g_hash_table_unref (self->langs);

  G_OBJECT_CLASS (pen_rules_parent_class)->finalize (object);
}

static void
pen_rules_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  PenRules *self = PEN_RULES (object);

  switch (prop_id)
    {
    case PROP_LANGUAGE:
      g_value_set_string (value, self->language);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rules_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  PenRules *self = PEN_RULES (object);

  switch (prop_id)
    {
    case PROP_LANGUAGE:
      pen_rules_set_language (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rules_class_init (PenRulesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pen_rules_finalize;
  object_class->get_property = pen_rules_get_property;
  object_class->set_property = pen_rules_set_property;

  properties[PROP_LANGUAGE] =
    g_param_spec_string ("language", NULL, NULL, "en",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_rules_init (PenRules *self)
{
  self->language = g_strdup (pen_rules_default_language ());
  self->langs = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                       (GDestroyNotify) lang_free);
}

/* Public API */

const char * const *
pen_rules_get_languages (void)
{
  return languages;
}

const char *
pen_rules_default_language (void)
{
  const char * const *names = g_get_language_names ();

  return names[0] != NULL && g_str_has_prefix (names[0], "ru") ? "ru" : "en";
}

PenRules *
pen_rules_new (void)
{
  return g_object_new (PEN_TYPE_RULES, NULL);
}

PenRules *
pen_rules_get_default (void)
{
  static PenRules *instance = NULL;

  if (g_once_init_enter (&instance))
    g_once_init_leave (&instance, pen_rules_new ());

  return instance;
}

const char *
pen_rules_get_language (PenRules *self)
{
  g_return_val_if_fail (PEN_IS_RULES (self), NULL);

  return self->language;
}

void
pen_rules_set_language (PenRules   *self,
                        const char *language)
{
  guint old_n, new_n;
  Lang *lang;

  g_return_if_fail (PEN_IS_RULES (self));

  if (!is_known_language (language))
    {
      g_warning ("\"%s\" is not a language of the rules reference", language ? language : "");
      return;
    }
  if (g_strcmp0 (self->language, language) == 0)
    return;

  g_free (self->language);
  self->language = g_strdup (language);

  /* Only a view that has seen the items needs telling; loading stays lazy otherwise. */
  old_n = self->n_exposed;
  if (old_n > 0)
    {
      lang = get_current_lang (self);
      new_n = self->n_exposed = lang ? lang->sections->len : 0;
      g_list_model_items_changed (G_LIST_MODEL (self), 0, old_n, new_n);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LANGUAGE]);
}

gboolean
pen_rules_load (PenRules    *self,
                const char  *language,
                GError     **error)
{
  g_return_val_if_fail (PEN_IS_RULES (self), FALSE);

  return get_lang (self, language, error) != NULL;
}

PenRulesSection *
pen_rules_lookup_in (PenRules   *self,
                     const char *id,
                     const char *language)
{
  g_autoptr(GError) error = NULL;
  Lang *lang;

  g_return_val_if_fail (PEN_IS_RULES (self), NULL);

  if (id == NULL)
    return NULL;
  if ((lang = get_lang (self, language, &error)) == NULL)
    {
      g_warning ("The rules reference cannot be read: %s", error->message);
      return NULL;
    }

  return g_hash_table_lookup (lang->by_id, id);
}

PenRulesSection *
pen_rules_lookup (PenRules   *self,
                  const char *id)
{
  return pen_rules_lookup_in (self, id, NULL);
}

static const char *
lookup_term_in (Lang       *lang,
                const char *folded,
                const char *key)
{
  PenRulesSection *section = NULL;
  const char *id;

  /* return the section's own copy of the id, which lives as long as lang */
  if ((id = g_hash_table_lookup (lang->terms, folded)) != NULL)
    section = g_hash_table_lookup (lang->by_id, id);
  else
    section = g_hash_table_lookup (lang->by_id, folded);
  if (section != NULL)
    return pen_rules_section_get_id (section);
  if (*key == '\0')
    return NULL;
  if ((id = g_hash_table_lookup (lang->term_keys, key)) != NULL)
    return id;

  /* "Разлома" stems to "разлом" but the alias "разлом" to "разл": accept keys whose words
   * all match nearly; the first such alias in file order wins */
  {
    g_auto(GStrv) words = g_strsplit (key, " ", -1);

    for (guint i = 0; i < lang->key_order->len; i++)
      {
        const char *candidate = g_ptr_array_index (lang->key_order, i);
        g_auto(GStrv) other = g_strsplit (candidate, " ", -1);
        gboolean all = g_strv_length (other) == g_strv_length (words);

        for (guint w = 0; all && words[w] != NULL; w++)
          all = g_str_equal (words[w], other[w]) || near_match (words[w], other[w]);
        if (all)
          return g_hash_table_lookup (lang->term_keys, candidate);
      }
  }
  return NULL;
}

const char *
pen_rules_lookup_term (PenRules   *self,
                       const char *term)
{
  g_autofree char *folded = NULL;
  g_autofree char *key = NULL;
  g_autoptr(GString) hyphenated = NULL;
  Lang *current;

  g_return_val_if_fail (PEN_IS_RULES (self), NULL);

  if (term == NULL)
    return NULL;

  folded = g_strstrip (normalize_text (term));
  folded = g_strdelimit (folded, "\t\n", ' ');
  key = stem_key (folded);
  hyphenated = g_string_new (folded);
  g_string_replace (hyphenated, " ", "-", 0);
  g_string_replace (hyphenated, "_", "-", 0);

  /* the current language first, then the others: a Russian term still links in English */
  if ((current = get_current_lang (self)) != NULL)
    {
      const char *id = lookup_term_in (current, folded, key);

      if (id == NULL)
        id = lookup_term_in (current, hyphenated->str, "");
      if (id != NULL)
        return id;
    }

  for (guint i = 0; languages[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      Lang *lang;
      const char *id;

      if (g_str_equal (languages[i], self->language))
        continue;
      if ((lang = get_lang (self, languages[i], &error)) == NULL)
        {
          g_warning ("The rules reference cannot be read: %s", error->message);
          continue;
        }
      if ((id = lookup_term_in (lang, folded, key)) != NULL)
        return id;
    }

  return NULL;
}

/* Search */

typedef struct
{
  char      *word;     /* normalised query word */
  char      *stem;
  gboolean   prefix;   /* the last word: also matches as a prefix */
  GPtrArray *terms;    /* vocabulary stems it matches (borrowed) */
  GArray    *factors;  /* double, one per entry of terms */
  double     weight;   /* the highest idf among terms: how telling a hit on this word is */
} QueryWord;

static void
query_word_clear (QueryWord *qw)
{
  g_free (qw->word);
  g_free (qw->stem);
  g_clear_pointer (&qw->terms, g_ptr_array_unref);
  g_clear_pointer (&qw->factors, g_array_unref);
}

/* How well an index stem (or a word of a snippet) answers a query word: 0 for not at all. */
static double
match_factor (const QueryWord *qw,
              const char      *stem)
{
  if (g_str_equal (stem, qw->stem))
    return 1.0;
  if (near_match (stem, qw->stem))
    return FACTOR_NEAR;
  if (qw->prefix
      && (g_str_has_prefix (stem, qw->stem)
          || (g_utf8_strlen (qw->word, -1) >= 2 && g_str_has_prefix (stem, qw->word))))
    return FACTOR_PREFIX;
  return 0;
}

static GArray *
parse_query (Lang       *lang,
             const char *query)
{
  g_autofree char *folded = normalize_text (query);
  g_autoptr(GArray) tokens = split_words (folded);
  GArray *words = g_array_new (FALSE, TRUE, sizeof (QueryWord));

  g_array_set_clear_func (words, (GDestroyNotify) query_word_clear);

  for (guint i = 0; i < tokens->len; i++)
    {
      Token *t = &g_array_index (tokens, Token, i);
      QueryWord qw = { 0, };

      if (is_stop_word (t->word))
        continue;
      qw.word = g_strdup (t->word);
      qw.stem = stem_normalized (t->word);
      qw.terms = g_ptr_array_new ();
      qw.factors = g_array_new (FALSE, FALSE, sizeof (double));
      g_array_append_val (words, qw);
    }

  if (words->len > 0)
    g_array_index (words, QueryWord, words->len - 1).prefix = TRUE;

  /* the vocabulary is small (a few thousand stems): a scan per word is cheap */
  for (guint i = 0; i < words->len; i++)
    {
      QueryWord *qw = &g_array_index (words, QueryWord, i);

      for (guint j = 0; j < lang->vocab->len; j++)
        {
          const char *stem = g_ptr_array_index (lang->vocab, j);
          double f = match_factor (qw, stem);

          if (f > 0)
            {
              double df = ((GArray *) g_hash_table_lookup (lang->postings, stem))->len;
              double idf = log (1.0 + (lang->docs->len - df + 0.5) / (df + 0.5));

              g_ptr_array_add (qw->terms, (gpointer) stem);
              g_array_append_val (qw->factors, f);
              qw->weight = MAX (qw->weight, f * idf);
            }
        }
    }

  return words;
}

/* The best line or sentence of the body for the query, cut to a window around its first hit
 * when it is long. */
static char *
make_snippet (PenRulesSection *section,
              GArray          *words)
{
  const char *body = pen_rules_section_get_body (section);
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) lines = g_strsplit (body, "\n", -1);
  const char *best = NULL;
  glong best_hit = -1;
  double best_weight = 0;
  glong length, start, end;
  GString *s;

  /* units: lines, and long lines split after ". " */
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      const char *p;

      if (g_str_has_prefix (line, "• "))
        line += strlen ("• ");
      /* (skipping a leading "1. " step number) */
      while ((p = strstr (line + MIN (strlen (line), 3), ". ")) != NULL
             && g_utf8_strlen (line, -1) > SNIPPET_MAX_CHARS)
        {
          g_ptr_array_add (units, g_strndup (line, p + 1 - line));
          line = p + 2;
        }
      if (*line != '\0')
        g_ptr_array_add (units, g_strdup (line));
    }
  if (units->len == 0)
    return g_strdup ("");

  for (guint i = 0; i < units->len; i++)
    {
      const char *unit = g_ptr_array_index (units, i);
      g_autofree char *folded = normalize_text (unit);
      g_autoptr(GArray) tokens = split_words (folded);
      g_autofree gboolean *seen = g_new0 (gboolean, words->len + 1);
      double weight = 0;
      glong first_hit = -1;

      for (guint t = 0; t < tokens->len; t++)
        {
          Token *token = &g_array_index (tokens, Token, t);
          g_autofree char *stem = stem_normalized (token->word);

          for (guint w = 0; w < words->len; w++)
            if (match_factor (&g_array_index (words, QueryWord, w), stem) > 0)
              {
                /* rare words tell more: "12" beats "ingredients" */
                if (!seen[w])
                  weight += MAX (g_array_index (words, QueryWord, w).weight, 0.01);
                seen[w] = TRUE;
                if (first_hit < 0)
                  first_hit = g_utf8_pointer_to_offset (folded, folded + token->start);
              }
        }

      if (weight > best_weight)
        {
          best = unit;
          best_weight = weight;
          best_hit = first_hit;
        }
    }

  if (best == NULL)
    {
      best = g_ptr_array_index (units, 0);
      best_hit = 0;
    }

  /* Case folding keeps the character count of Latin and Cyrillic text, so the hit's
   * character offset in the folded unit is its offset in the original. */
  length = g_utf8_strlen (best, -1);
  if (length <= SNIPPET_MAX_CHARS)
    return g_strdup (best);

  start = MAX (0, MIN (best_hit - SNIPPET_LEAD_CHARS, length - SNIPPET_MAX_CHARS));
  end = MIN (length, start + SNIPPET_MAX_CHARS);
  /* move the cuts to word boundaries */
  if (start > 0)
    {
      const char *p = g_utf8_offset_to_pointer (best, start);
      const char *space = strchr (p, ' ');

      if (space != NULL && g_utf8_pointer_to_offset (best, space) < best_hit)
        start = g_utf8_pointer_to_offset (best, space) + 1;
    }
  if (end < length)
    {
      const char *p = g_utf8_offset_to_pointer (best, end);
      const char *q = p;

      while (q > best && *q != ' ')
        q = g_utf8_prev_char (q);
      if (g_utf8_pointer_to_offset (best, q) > best_hit)
        end = g_utf8_pointer_to_offset (best, q);
    }

  s = g_string_new (NULL);
  if (start > 0)
    g_string_append (s, "…");
  g_string_append_len (s, g_utf8_offset_to_pointer (best, start),
                       g_utf8_offset_to_pointer (best, end)
                       - g_utf8_offset_to_pointer (best, start));
  if (end < length)
    g_string_append (s, "…");

  return g_string_free (s, FALSE);
}

static int
compare_results (gconstpointer a,
                 gconstpointer b)
{
  const PenRulesResult *ra = *(const PenRulesResult * const *) a;
  const PenRulesResult *rb = *(const PenRulesResult * const *) b;

  /* scores are already rounded, so equal-looking scores compare equal on every machine */
  if (ra->score != rb->score)
    return ra->score > rb->score ? -1 : 1;
  return strcmp (ra->id, rb->id);
}

GPtrArray *
pen_rules_search (PenRules    *self,
                  const char  *query,
                  const char  *language,
                  guint        max_results,
                  GError     **error)
{
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func (
    (GDestroyNotify) pen_rules_result_free);
  g_autoptr(GArray) words = NULL;
  g_autofree double *bm25 = NULL;
  g_autofree guint *matched = NULL;
  g_autofree char *query_key = NULL;
  g_autofree char *query_phrase = NULL;
  Lang *lang;
  guint n_docs;

  g_return_val_if_fail (PEN_IS_RULES (self), NULL);

  if ((lang = get_lang (self, language, error)) == NULL)
    return NULL;
  if (query == NULL)
    return g_steal_pointer (&results);

  words = parse_query (lang, query);
  if (words->len == 0)
    return g_steal_pointer (&results);

  n_docs = lang->docs->len;
  bm25 = g_new0 (double, n_docs);
  matched = g_new0 (guint, n_docs);

  for (guint w = 0; w < words->len; w++)
    {
      QueryWord *qw = &g_array_index (words, QueryWord, w);
      g_autofree double *best = g_new0 (double, n_docs);

      /* per document, the best of the stems this word matches */
      for (guint t = 0; t < qw->terms->len; t++)
        {
          GArray *list = g_hash_table_lookup (lang->postings, g_ptr_array_index (qw->terms, t));
          double factor = g_array_index (qw->factors, double, t);
          double df = list->len;
          double idf = log (1.0 + (n_docs - df + 0.5) / (df + 0.5));

          for (guint p = 0; p < list->len; p++)
            {
              Posting *posting = &g_array_index (list, Posting, p);
              Doc *doc = &g_array_index (lang->docs, Doc, posting->doc);
              double norm = BM25_K1 * (1 - BM25_B + BM25_B * doc->length / lang->avg_length);
              double score = factor * idf * posting->wtf * (BM25_K1 + 1) / (posting->wtf + norm);

              best[posting->doc] = MAX (best[posting->doc], score);
            }
        }

      for (guint d = 0; d < n_docs; d++)
        if (best[d] > 0)
          {
            bm25[d] += best[d];
            matched[d]++;
          }
    }

  {
    g_autoptr(GPtrArray) stems = g_ptr_array_new ();

    for (guint w = 0; w < words->len; w++)
      g_ptr_array_add (stems, g_array_index (words, QueryWord, w).stem);
    query_key = join_stems (stems);
  }
  {
    g_autofree char *folded = normalize_text (query);
    g_autoptr(GArray) tokens = split_words (folded);
    g_autoptr(GString) s = g_string_new (NULL);

    for (guint i = 0; i < tokens->len; i++)
      g_string_append_printf (s, "%s%s", i > 0 ? " " : "",
                              g_array_index (tokens, Token, i).word);
    query_phrase = g_strdup (s->str);
  }

  for (guint d = 0; d < n_docs; d++)
    {
      Doc *doc = &g_array_index (lang->docs, Doc, d);
      PenRulesResult *result;
      double score;

      if (matched[d] == 0)
        continue;

      /* documents that answer every word of the query come first */
      score = bm25[d] * (0.5 + 0.5 * matched[d] / words->len);

      if (g_str_equal (doc->title_key, query_key))
        score += BONUS_EXACT_TITLE;
      else
        {
          gboolean covered = TRUE;

          for (guint w = 0; w < words->len && covered; w++)
            {
              gboolean found = FALSE;

              for (guint t = 0; t < doc->title_stems->len && !found; t++)
                found = match_factor (&g_array_index (words, QueryWord, w),
                                      g_ptr_array_index (doc->title_stems, t)) > 0;
              covered = found;
            }
          if (covered)
            score += BONUS_TITLE_COVER;
        }

      if (words->len > 1 && strstr (doc->folded_text, query_phrase) != NULL)
        score += BONUS_PHRASE;

      result = g_new0 (PenRulesResult, 1);
      result->id = g_strdup (pen_rules_section_get_id (doc->section));
      result->title = g_strdup (pen_rules_section_get_title (doc->section));
      /* a multiple of 1/256 is exact in binary, so JSON prints it short ("7.203125") */
      result->score = round (score * 256) / 256;
      g_ptr_array_add (results, result);
    }

  g_ptr_array_sort (results, compare_results);
  if (max_results > 0 && results->len > max_results)
    g_ptr_array_set_size (results, max_results);

  /* snippets only for what is returned */
  for (guint i = 0; i < results->len; i++)
    {
      PenRulesResult *result = g_ptr_array_index (results, i);

      result->snippet = make_snippet (g_hash_table_lookup (lang->by_id, result->id), words);
    }

  return g_steal_pointer (&results);
}
