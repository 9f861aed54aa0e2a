/* pen-rules.c: the rules reference, its term links and its search
 *
 * Search is a small BM25F ranker over three fields of each section (title, keywords plus the
 * aliases that link to it, body), on case-folded, NFC-normalised words with "ё" read as "е"
 * and Latin look-alikes in a Cyrillic word read as Cyrillic (and the other way round), common
 * and question words dropped, and Snowball's English and Russian stemmers (libstemmer);
 * British spellings are indexed under the American stem. A query word matches, best first:
 * its stem; for Russian, a stem that differs only in a short tail (Snowball's "разл" for
 * "разлом" but "разлом" for "разлома"); else a word of the index one typo away (two for
 * words of eight letters or more); the last word also as a prefix (search as you type); and
 * a word nothing here matches, or written in the other language's alphabet, through the
 * other language's index, whose sections have the same ids. A word in the title or the
 * keywords outweighs the body, and exact title matches get a fixed bonus so that typing a
 * section's name always brings that section first. Each result lists, per query word, what
 * it matched and how ("thrat" → "threat", a typo).
 *
 * What one query word matches is cached per language, so typing a query letter by letter
 * only looks up the word being typed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <libstemmer.h>

#include "pen-core-resources.h"
#include "pen-json.h"
#include "pen-rules.h"
#include "pen-types.h"

#define RESOURCE_DIR "/io/github/penumbracompanion/PenumbraCompanion/core/"

/* Field weights and BM25 constants: the usual k1 and b. A word in the keywords also earns
 * FIELD_BONUS times its weight, in the title TITLE_BONUS times, so the section *about* a word
 * outranks one that only mentions it, however often. */
#define WEIGHT_TITLE       4.0
#define WEIGHT_KEYWORDS    3.0
#define WEIGHT_BODY        1.0
#define BM25_K1            1.2
#define BM25_B             0.75
#define FIELD_BONUS        1.0
#define TITLE_BONUS        1.5
/* Discounts for looser matches of a query word. */
#define FACTOR_NEAR        0.9
#define FACTOR_TYPO_1      0.8
#define FACTOR_TYPO_2      0.6
#define FACTOR_PREFIX      0.7
#define FACTOR_OTHER_LANG  0.9
/* Bonuses added to the BM25 sum. */
#define BONUS_EXACT_TITLE  10.0
#define BONUS_TITLE_COVER  3.0
#define BONUS_TITLE_IN_QUERY 4.0
#define BONUS_PHRASE       2.0
/* Snippets longer than this (in characters) are cut to a window around the first hit. */
#define SNIPPET_MAX_CHARS  160
#define SNIPPET_LEAD_CHARS 40
/* Query words remembered per language, so typing only looks up the word being typed. */
#define CACHE_MAX_WORDS    512

static const char * const languages[] = { "en", "ru", NULL };

enum {
  FIELD_TITLE = 1 << 0,
  FIELD_KEYWORDS = 1 << 1,
  FIELD_BODY = 1 << 2,
};

typedef struct
{
  guint       doc;
  float       wtf;       /* weighted term frequency over the fields */
  guint8      fields;    /* FIELD_* the stem occurs in */
  const char *surface;   /* the word as it first occurs in the section, title first */
} Posting;

/* A line or sentence of a body, for snippets, with the stem of each word. */
typedef struct
{
  const char  *text;      /* in Lang.strings */
  guint        n;
  const char **stems;     /* canonical stems (keys of Lang.postings), NULL for common words */
  guint       *offsets;   /* character offset of each word in text */
} Unit;

typedef struct
{
  PenRulesSection *section;     /* borrowed from Lang.sections */
  double           length;      /* weighted number of words */
  char            *title_key;   /* stems of the title, space-separated */
  guint            n_title_stems;
  char            *folded_text; /* normalised title and body, for the phrase bonus */
  GArray          *units;       /* Unit */
} Doc;

/* A word of the index as written, for typo and prefix matches. */
typedef struct
{
  const char *word;    /* normalised, in Lang.strings */
  const char *stem;    /* canonical */
  gunichar   *chars;
  guint       len;
} Surface;

typedef struct _Lang Lang;

/* A stem of some language's index that a query word matches, and how well. */
typedef struct
{
  const char        *stem;      /* canonical, in lang */
  Lang              *lang;
  double             factor;
  PenRulesMatchKind  kind;
  const char        *surface;   /* the word it matched, for typos and prefixes */
} Term;

/* All a query word matches in one language; cached. */
typedef struct
{
  char    *word;
  char    *stem;
  GArray  *terms;    /* Term */
  double   weight;   /* the highest factor × idf among terms: how telling a hit is */
} WordMatches;

struct _Lang
{
  char         *language;
  GPtrArray    *sections;    /* PenRulesSection, reading order */
  GHashTable   *by_id;       /* id → PenRulesSection (borrowed) */
  GHashTable   *doc_index;   /* id → its index in docs, plus one */
  GHashTable   *terms;       /* normalised alias → id */
  GHashTable   *term_keys;   /* stem key of an alias → id (first alias wins) */
  GPtrArray    *key_order;   /* the keys of term_keys in file order, for near matches */
  GStringChunk *strings;     /* stems, words and snippet units */
  GArray       *docs;        /* Doc */
  GHashTable   *postings;    /* canonical stem → GArray of Posting */
  GPtrArray    *vocab;       /* the canonical stems, sorted */
  GArray       *surfaces;    /* Surface */
  GHashTable   *surface_set; /* word → TRUE */
  GHashTable   *cache;       /* "w" or "p" (a prefix) + query word → WordMatches */
  double        avg_length;
};

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
  /* English, with the words a question is phrased in */
  "a", "an", "the", "of", "to", "and", "or", "in", "on", "at", "by", "for", "with", "from",
  "as", "is", "are", "be", "it", "its", "this", "that", "these", "those", "you", "your",
  "if", "then", "than", "can", "may", "do", "does", "what", "how", "which", "when", "there",
  "i", "me", "my", "we", "us", "our", "they", "them", "their", "he", "she", "his", "her",
  "who", "whom", "whose", "where", "why", "did", "done", "doing", "am", "was", "were", "been",
  "being", "have", "has", "had", "having", "will", "would", "shall", "should", "could",
  "might", "must", "happen", "happens", "happened", "about", "any", "some", "so", "into",
  "onto", "just", "also", "get", "gets", "got", "need", "needs", "still", "s", "during",
  "while",
  /* Russian, ё written е */
  "и", "в", "во", "на", "с", "со", "по", "к", "ко", "а", "но", "или", "из", "за", "до", "от",
  "о", "об", "для", "что", "как", "это", "то", "же", "бы", "ли", "вы", "ваш", "ваши", "вашу",
  "вашего", "его", "ее", "их", "он", "она", "они", "оно", "при", "у", "так", "если", "когда",
  "я", "мне", "меня", "мой", "моя", "мое", "мои", "моих", "мы", "нам", "нас", "наш", "где",
  "куда", "откуда", "зачем", "почему", "какой", "какая", "какое", "какие", "каким", "какую",
  "каких", "чем", "чего", "чему", "кто", "кого", "кому", "можно", "нужно", "надо",
  "происходит", "произойдет", "будет", "бывает", "есть", "быть", "был", "была", "были",
  "еще", "уже", "разве", "ну", "тогда", "там", "тут", "здесь", "чтобы", "этот", "эта",
  "эти", "этого", "этой", "этом", "тот", "та", "те", "того", "ты", "тебе", "тебя", "себе",
  "себя", "свой", "свою", "своего", "своих", "делать", "делает",
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

/* Case-folded letters that look alike in the Latin and the Cyrillic alphabet, pairwise. */
static const gunichar lookalike_latin[] = {
  'a', 'c', 'e', 'o', 'p', 'x', 'y', 'k', 'm', 't', 'h', 'b', 0
};
static const gunichar lookalike_cyrillic[] = {
  0x0430, 0x0441, 0x0435, 0x043E, 0x0440, 0x0445, 0x0443, 0x043A, 0x043C, 0x0442, 0x043D,
  0x0432, 0
};

static gboolean
is_cyrillic_char (gunichar c)
{
  return c >= 0x0400 && c <= 0x04FF;
}

static gboolean
is_latin_char (gunichar c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* A word typed with letters of both alphabets ("yгроза" with a Latin "y") is read in the
 * alphabet most of its letters are in, when the others all have a look-alike there. */
static char *
fix_script (const char *word)
{
  guint n_cyrillic = 0, n_latin = 0;
  gboolean to_cyrillic;
  GString *s;

  for (const char *p = word; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      n_cyrillic += is_cyrillic_char (c);
      n_latin += is_latin_char (c);
    }
  if (n_cyrillic == 0 || n_latin == 0)
    return g_strdup (word);

  to_cyrillic = n_cyrillic >= n_latin;
  s = g_string_new (NULL);
  for (const char *p = word; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      const gunichar *from = to_cyrillic ? lookalike_latin : lookalike_cyrillic;
      const gunichar *to = to_cyrillic ? lookalike_cyrillic : lookalike_latin;
      guint i;

      for (i = 0; from[i] != 0 && from[i] != c; i++)
        ;
      if (from[i] != 0)
        c = to[i];
      else if (to_cyrillic ? is_latin_char (c) : is_cyrillic_char (c))
        {
          /* a letter with no look-alike: the word really mixes alphabets; leave it */
          g_string_free (s, TRUE);
          return g_strdup (word);
        }
      g_string_append_unichar (s, c);
    }
  return g_string_free (s, FALSE);
}

typedef struct
{
  char  *word;    /* normalised, in one alphabet */
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
          g_autofree char *raw = g_strndup (start, p - start);
          Token token = { fix_script (raw), start - folded, p - folded };

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
  return is_cyrillic_char (g_utf8_get_char (word));
}

/* British spellings, as the English stemmer leaves them, and the American stem both are
 * indexed under, so that "armour" finds "armor" and "colour" "color". */
static const char * const spellings[][2] = {
  { "colour", "color" }, { "armour", "armor" }, { "defenc", "defens" },
  { "offenc", "offens" }, { "honour", "honor" }, { "favour", "favor" },
  { "favourit", "favorit" }, { "vigour", "vigor" }, { "behaviour", "behavior" },
  { "neighbour", "neighbor" }, { "rumour", "rumor" }, { "harbour", "harbor" },
  { "labour", "labor" }, { "valour", "valor" }, { "centr", "center" }, { "metr", "meter" },
  { "theatr", "theater" }, { "fibr", "fiber" }, { "grey", "gray" }, { "catalogu", "catalog" },
  { "dialogu", "dialog" }, { "jewelleri", "jewelri" }, { "organis", "organ" },
  { "realis", "realiz" }, { "recognis", "recogn" }, { "prioritis", "priorit" },
  { "summaris", "summar" }, { "speciali", "special" }, { "licenc", "licens" },
  { "practis", "practic" }, { "analys", "analyz" }, { "plough", "plow" },
  { "sceptic", "skeptic" }, { "mould", "mold" }, { "programm", "program" },
};

static const char *
american_stem (const char *stem)
{
  for (guint i = 0; i < G_N_ELEMENTS (spellings); i++)
    if (g_str_equal (stem, spellings[i][0]))
      return spellings[i][1];
  return NULL;
}

/* The Snowball stemmers are not thread-safe: one of each, used under a lock. */
static GMutex stemmer_lock;
static struct sb_stemmer *stemmer_en;
static struct sb_stemmer *stemmer_ru;

static char *
snowball (const char *word,
          gboolean    russian)
{
  struct sb_stemmer **stemmer = russian ? &stemmer_ru : &stemmer_en;
  const sb_symbol *stem;
  char *result;

  g_mutex_lock (&stemmer_lock);
  if (*stemmer == NULL)
    *stemmer = sb_stemmer_new (russian ? "russian" : "english", "UTF_8");
  if (*stemmer == NULL)   /* out of memory: the word itself still matches */
    {
      g_mutex_unlock (&stemmer_lock);
      return g_strdup (word);
    }
  stem = sb_stemmer_stem (*stemmer, (const sb_symbol *) word, strlen (word));
  result = stem ? g_strndup ((const char *) stem, sb_stemmer_length (*stemmer))
                : g_strdup (word);
  g_mutex_unlock (&stemmer_lock);
  return result;
}

/* word must already be normalised; spelled is set when a British spelling was read as the
 * American one */
static char *
stem_spelled (const char *word,
              gboolean   *spelled)
{
  char *stem;
  const char *american;

  if (spelled)
    *spelled = FALSE;
  if (is_cyrillic (word))
    return snowball (word, TRUE);
  if (!g_ascii_isalpha (word[0]))
    return g_strdup (word);
  /* the one irregular plural of the game */
  if (g_str_equal (word, "dice"))
    return g_strdup ("die");

  stem = snowball (word, FALSE);
  if ((american = american_stem (stem)) != NULL)
    {
      g_free (stem);
      stem = g_strdup (american);
      if (spelled)
        *spelled = TRUE;
    }
  return stem;
}

static char *
stem_normalized (const char *word)
{
  return stem_spelled (word, NULL);
}

char *
pen_rules_stem_word (const char *word)
{
  g_autofree char *folded = NULL;
  g_autofree char *fixed = NULL;

  g_return_val_if_fail (word != NULL, NULL);

  folded = normalize_text (word);
  fixed = fix_script (folded);
  return stem_normalized (fixed);
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

/* Typos: how many edits a word of n letters may have and still match, and the optimal
 * string alignment distance (insertions, deletions, substitutions and swaps of neighbours),
 * or max + 1 when it is over max. */
static guint
typo_budget (guint n)
{
  return n < 4 ? 0 : n < 8 ? 1 : 2;
}

#define MAX_WORD_CHARS 40

static guint
edit_distance (const gunichar *a,
               guint           la,
               const gunichar *b,
               guint           lb,
               guint           max)
{
  guint rows[3][MAX_WORD_CHARS + 1];
  guint *prev2 = rows[0], *prev = rows[1], *cur = rows[2];

  if (la > MAX_WORD_CHARS || lb > MAX_WORD_CHARS)
    return max + 1;
  if ((la > lb ? la - lb : lb - la) > max)
    return max + 1;

  for (guint j = 0; j <= lb; j++)
    prev[j] = j;
  for (guint i = 1; i <= la; i++)
    {
      guint row_min;
      guint *t;

      cur[0] = i;
      row_min = i;
      for (guint j = 1; j <= lb; j++)
        {
          guint cost = a[i - 1] == b[j - 1] ? 0 : 1;
          guint d = MIN (MIN (prev[j] + 1, cur[j - 1] + 1), prev[j - 1] + cost);

          if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
            d = MIN (d, prev2[j - 2] + 1);
          cur[j] = d;
          row_min = MIN (row_min, d);
        }
      if (row_min > max)
        return max + 1;
      t = prev2;
      prev2 = prev;
      prev = cur;
      cur = t;
    }
  return prev[lb];
}

/* Loading */

static void
unit_clear (Unit *unit)
{
  g_free (unit->stems);
  g_free (unit->offsets);
}

static void
doc_clear (Doc *doc)
{
  g_free (doc->title_key);
  g_free (doc->folded_text);
  g_clear_pointer (&doc->units, g_array_unref);
}

static void
surface_clear (Surface *surface)
{
  g_free (surface->chars);
}

static void
word_matches_free (WordMatches *matches)
{
  g_free (matches->word);
  g_free (matches->stem);
  g_array_unref (matches->terms);
  g_free (matches);
}

static void
lang_free (Lang *lang)
{
  g_free (lang->language);
  g_clear_pointer (&lang->cache, g_hash_table_unref);
  g_clear_pointer (&lang->surface_set, g_hash_table_unref);
  g_clear_pointer (&lang->surfaces, g_array_unref);
  g_clear_pointer (&lang->vocab, g_ptr_array_unref);
  g_clear_pointer (&lang->postings, g_hash_table_unref);
  g_clear_pointer (&lang->docs, g_array_unref);
  g_clear_pointer (&lang->key_order, g_ptr_array_unref);
  g_clear_pointer (&lang->term_keys, g_hash_table_unref);
  g_clear_pointer (&lang->terms, g_hash_table_unref);
  g_clear_pointer (&lang->doc_index, g_hash_table_unref);
  g_clear_pointer (&lang->by_id, g_hash_table_unref);
  g_clear_pointer (&lang->sections, g_ptr_array_unref);
  if (lang->strings)
    g_string_chunk_free (lang->strings);
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

typedef struct
{
  double      weight;
  guint8      fields;
  const char *surface;
} Occurrence;

/* The canonical copy of a stem, added to the index's vocabulary when new. */
static const char *
intern_stem (Lang       *lang,
             const char *stem)
{
  gpointer key;

  if (g_hash_table_lookup_extended (lang->postings, stem, &key, NULL))
    return key;
  key = g_string_chunk_insert (lang->strings, stem);
  g_hash_table_insert (lang->postings, key, g_array_new (FALSE, FALSE, sizeof (Posting)));
  return key;
}

static void
add_surface (Lang       *lang,
             const char *word,
             const char *stem)
{
  Surface surface;
  glong len;

  if (g_hash_table_contains (lang->surface_set, word))
    return;
  surface.word = g_string_chunk_insert_const (lang->strings, word);
  surface.stem = stem;
  surface.chars = g_utf8_to_ucs4_fast (word, -1, &len);
  surface.len = len;
  g_hash_table_add (lang->surface_set, (gpointer) surface.word);
  g_array_append_val (lang->surfaces, surface);
}

static void
index_field (Lang       *lang,
             GHashTable *occurrences,
             const char *text,
             double      weight,
             guint8      field,
             double     *length)
{
  g_autofree char *folded = normalize_text (text);
  g_autoptr(GArray) tokens = split_words (folded);

  for (guint i = 0; i < tokens->len; i++)
    {
      Token *t = &g_array_index (tokens, Token, i);
      g_autofree char *stem = NULL;
      const char *canonical;
      Occurrence *o;

      if (is_stop_word (t->word))
        continue;
      stem = stem_normalized (t->word);
      canonical = intern_stem (lang, stem);
      add_surface (lang, t->word, canonical);
      o = g_hash_table_lookup (occurrences, canonical);
      if (o == NULL)
        {
          o = g_new0 (Occurrence, 1);
          o->surface = g_string_chunk_insert_const (lang->strings, t->word);
          g_hash_table_insert (occurrences, (gpointer) canonical, o);
        }
      o->weight += weight;
      o->fields |= field;
      *length += weight;
    }
}

/* The body's lines, and long lines split after ". ", each with its words' stems. */
static GArray *
make_units (Lang       *lang,
            const char *body)
{
  GArray *units = g_array_new (FALSE, FALSE, sizeof (Unit));
  g_auto(GStrv) lines = g_strsplit (body, "\n", -1);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  g_array_set_clear_func (units, (GDestroyNotify) unit_clear);

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
          g_ptr_array_add (texts, g_strndup (line, p + 1 - line));
          line = p + 2;
        }
      if (*line != '\0')
        g_ptr_array_add (texts, g_strdup (line));
    }

  for (guint i = 0; i < texts->len; i++)
    {
      g_autofree char *folded = normalize_text (g_ptr_array_index (texts, i));
      g_autoptr(GArray) tokens = split_words (folded);
      Unit unit;

      unit.text = g_string_chunk_insert (lang->strings, g_ptr_array_index (texts, i));
      unit.n = tokens->len;
      unit.stems = g_new0 (const char *, MAX (tokens->len, 1));
      unit.offsets = g_new0 (guint, MAX (tokens->len, 1));
      for (guint t = 0; t < tokens->len; t++)
        {
          Token *token = &g_array_index (tokens, Token, t);
          g_autofree char *stem = NULL;
          gpointer key;

          /* Case folding keeps the character count of Latin and Cyrillic text, so the
           * offset in the folded unit is the offset in the original. */
          unit.offsets[t] = g_utf8_pointer_to_offset (folded, folded + token->start);
          if (is_stop_word (token->word))
            continue;
          stem = stem_normalized (token->word);
          if (g_hash_table_lookup_extended (lang->postings, stem, &key, NULL))
            unit.stems[t] = key;
        }
      g_array_append_val (units, unit);
    }

  return units;
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

  lang->strings = g_string_chunk_new (16 * 1024);
  lang->docs = g_array_sized_new (FALSE, TRUE, sizeof (Doc), lang->sections->len);
  g_array_set_clear_func (lang->docs, (GDestroyNotify) doc_clear);
  lang->postings = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                          (GDestroyNotify) g_array_unref);
  lang->surfaces = g_array_new (FALSE, FALSE, sizeof (Surface));
  g_array_set_clear_func (lang->surfaces, (GDestroyNotify) surface_clear);
  lang->surface_set = g_hash_table_new (g_str_hash, g_str_equal);
  lang->doc_index = g_hash_table_new (g_str_hash, g_str_equal);
  lang->cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify) word_matches_free);

  for (guint i = 0; i < lang->sections->len; i++)
    {
      PenRulesSection *section = g_ptr_array_index (lang->sections, i);
      g_autoptr(GHashTable) occurrences = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                                 g_free);
      g_autofree char *keywords = g_strjoinv (" ",
                                              (char **) pen_rules_section_get_keywords (section));
      g_autofree char *both = g_strconcat (pen_rules_section_get_title (section), "\n",
                                           pen_rules_section_get_body (section), NULL);
      GString *alias_text = g_hash_table_lookup (aliases, pen_rules_section_get_id (section));
      g_autoptr(GPtrArray) title_stems = stems_of (pen_rules_section_get_title (section));
      Doc doc = { section, 0, NULL, title_stems->len, NULL, NULL };

      index_field (lang, occurrences, pen_rules_section_get_title (section), WEIGHT_TITLE,
                   FIELD_TITLE, &doc.length);
      index_field (lang, occurrences, keywords, WEIGHT_KEYWORDS, FIELD_KEYWORDS, &doc.length);
      if (alias_text != NULL)
        index_field (lang, occurrences, alias_text->str, WEIGHT_KEYWORDS, FIELD_KEYWORDS,
                     &doc.length);
      index_field (lang, occurrences, pen_rules_section_get_body (section), WEIGHT_BODY,
                   FIELD_BODY, &doc.length);

      doc.title_key = join_stems (title_stems);
      doc.folded_text = normalize_text (both);
      doc.units = make_units (lang, pen_rules_section_get_body (section));
      total += doc.length;
      g_array_append_val (lang->docs, doc);
      g_hash_table_insert (lang->doc_index, (gpointer) pen_rules_section_get_id (section),
                           GUINT_TO_POINTER (i + 1));

      g_hash_table_iter_init (&iter, occurrences);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          GArray *list = g_hash_table_lookup (lang->postings, key);
          Occurrence *o = value;
          Posting posting = { i, o->weight, o->fields, o->surface };

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

static void
match_free (PenRulesMatch *match)
{
  g_free (match->word);
  g_free (match->term);
  g_free (match);
}

PenRulesResult *
pen_rules_result_copy (const PenRulesResult *result)
{
  PenRulesResult *copy = g_new0 (PenRulesResult, 1);

  copy->id = g_strdup (result->id);
  copy->title = g_strdup (result->title);
  copy->snippet = g_strdup (result->snippet);
  copy->score = result->score;
  copy->matched = g_ptr_array_new_with_free_func ((GDestroyNotify) match_free);
  for (guint i = 0; result->matched != NULL && i < result->matched->len; i++)
    {
      const PenRulesMatch *m = g_ptr_array_index (result->matched, i);
      PenRulesMatch *c = g_new0 (PenRulesMatch, 1);

      c->word = g_strdup (m->word);
      c->term = g_strdup (m->term);
      c->kind = m->kind;
      g_ptr_array_add (copy->matched, c);
    }
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
  g_clear_pointer (&result->matched, g_ptr_array_unref);
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

const char *
pen_rules_match_kind_to_string (PenRulesMatchKind kind)
{
  switch (kind)
    {
    case PEN_RULES_MATCH_EXACT: return "exact";
    case PEN_RULES_MATCH_FORM: return "form";
    case PEN_RULES_MATCH_SPELLING: return "spelling";
    case PEN_RULES_MATCH_TYPO: return "typo";
    case PEN_RULES_MATCH_PREFIX: return "prefix";
    case PEN_RULES_MATCH_OTHER_LANGUAGE: return "other-language";
    default: return "?";
    }
}

static double
idf_of (Lang       *lang,
        const char *stem)
{
  double df = ((GArray *) g_hash_table_lookup (lang->postings, stem))->len;
  double n = lang->docs->len;

  return log (1.0 + (n - df + 0.5) / (df + 0.5));
}

/* Adds a term, or betters the factor of one already there for the same stem. seen maps the
 * (canonical, so one language's) stems in terms to their index plus one. */
static void
add_term (GArray            *terms,
          GHashTable        *seen,
          Lang              *lang,
          const char        *stem,
          double             factor,
          PenRulesMatchKind  kind,
          const char        *surface)
{
  Term term = { stem, lang, factor, kind, surface };
  guint i = GPOINTER_TO_UINT (g_hash_table_lookup (seen, stem));

  if (i > 0)
    {
      Term *t = &g_array_index (terms, Term, i - 1);

      if (factor > t->factor)
        *t = term;
      return;
    }
  g_array_append_val (terms, term);
  g_hash_table_insert (seen, (gpointer) stem, GUINT_TO_POINTER (terms->len));
}

/* What word (normalised, not a common word) matches in one language's index: its stem, then
 * a Russian stem differing in a short tail, else a word a typo or two away (as many as the
 * word's length allows); the word being typed also matches words it begins. */
static void
match_in (Lang       *lang,
          const char *word,
          const char *stem,
          gboolean    spelled,
          gboolean    prefix,
          gboolean    other,
          GArray     *terms)
{
  double scale = other ? FACTOR_OTHER_LANG : 1.0;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  gpointer key;
  glong len = g_utf8_strlen (word, -1);

#define KIND(k) (other ? PEN_RULES_MATCH_OTHER_LANGUAGE : (k))

  if (g_hash_table_lookup_extended (lang->postings, stem, &key, NULL))
    add_term (terms, seen, lang, key, scale, KIND (spelled ? PEN_RULES_MATCH_SPELLING
                                                     : PEN_RULES_MATCH_FORM), NULL);

  if (is_cyrillic (stem))
    for (guint i = 0; i < lang->vocab->len; i++)
      {
        const char *v = g_ptr_array_index (lang->vocab, i);

        if (near_match (v, stem) && !g_str_equal (v, stem))
          add_term (terms, seen, lang, v, scale * FACTOR_NEAR, KIND (PEN_RULES_MATCH_FORM),
                    NULL);
      }

  if (terms->len == 0 && typo_budget (len) > 0)
    {
      guint budget = typo_budget (len);
      glong n;
      g_autofree gunichar *chars = g_utf8_to_ucs4_fast (word, -1, &n);

      for (guint i = 0; i < lang->surfaces->len; i++)
        {
          Surface *s = &g_array_index (lang->surfaces, Surface, i);
          guint d;

          if ((s->len > (guint) n ? s->len - n : n - s->len) > budget)
            continue;
          d = edit_distance (chars, n, s->chars, s->len, budget);
          if (d > 0 && d <= budget)
            add_term (terms, seen, lang, s->stem,
                      scale * (d == 1 ? FACTOR_TYPO_1 : FACTOR_TYPO_2),
                      KIND (PEN_RULES_MATCH_TYPO), s->word);
        }
    }

  if (prefix)
    for (guint i = 0; i < lang->surfaces->len; i++)
      {
        Surface *s = &g_array_index (lang->surfaces, Surface, i);

        if (s->len > (guint) len && g_str_has_prefix (s->word, word))
          add_term (terms, seen, lang, s->stem, scale * FACTOR_PREFIX,
                    KIND (PEN_RULES_MATCH_PREFIX), s->word);
      }

#undef KIND
}

static const char *
other_language (const char *language)
{
  return g_str_equal (language, "en") ? "ru" : "en";
}

static WordMatches *
match_word (PenRules   *self,
            Lang       *lang,
            const char *word,
            gboolean    prefix)
{
  g_autofree char *cache_key = g_strconcat (prefix ? "p" : "w", word, NULL);
  WordMatches *matches = g_hash_table_lookup (lang->cache, cache_key);
  gboolean spelled = FALSE;
  gboolean russian = g_str_equal (lang->language, "ru");
  gboolean foreign;

  if (matches != NULL)
    return matches;

  matches = g_new0 (WordMatches, 1);
  matches->word = g_strdup (word);
  matches->stem = stem_spelled (word, &spelled);
  matches->terms = g_array_new (FALSE, FALSE, sizeof (Term));

  /* a word in the other language's alphabet is looked up there only; a word of this one
   * there too when nothing here fits */
  foreign = russian ? g_ascii_isalpha (word[0]) : is_cyrillic (word);
  if (!foreign)
    match_in (lang, word, matches->stem, spelled, prefix, FALSE, matches->terms);
  if (matches->terms->len == 0)
    {
      g_autoptr(GError) error = NULL;
      Lang *other = get_lang (self, other_language (lang->language), &error);

      if (other == NULL)
        g_warning ("The rules reference cannot be read: %s", error->message);
      else
        match_in (other, word, matches->stem, spelled, prefix, TRUE, matches->terms);
    }

  for (guint i = 0; i < matches->terms->len; i++)
    {
      Term *t = &g_array_index (matches->terms, Term, i);

      matches->weight = MAX (matches->weight, t->factor * idf_of (t->lang, t->stem));
    }

  g_hash_table_insert (lang->cache, g_steal_pointer (&cache_key), matches);
  return matches;
}

/* The query's words, common words dropped; the last one also matches as a prefix (search
 * as you type). (The matches are borrowed from the cache.) */
static GPtrArray *
parse_query (PenRules   *self,
             Lang       *lang,
             const char *query)
{
  g_autofree char *folded = normalize_text (query);
  g_autoptr(GArray) tokens = split_words (folded);
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();
  GPtrArray *words = g_ptr_array_new ();

  for (guint i = 0; i < tokens->len; i++)
    {
      Token *t = &g_array_index (tokens, Token, i);

      if (!is_stop_word (t->word))
        g_ptr_array_add (kept, t->word);
    }

  /* forget old words before, never while, looking these up: words borrows from the cache */
  if (g_hash_table_size (lang->cache) + kept->len > CACHE_MAX_WORDS)
    g_hash_table_remove_all (lang->cache);
  for (guint i = 0; i < kept->len; i++)
    g_ptr_array_add (words, match_word (self, lang, g_ptr_array_index (kept, i),
                                        i + 1 == kept->len));

  return words;
}

/* The best line or sentence of the body for the query, cut to a window around its first hit
 * when it is long. masks maps a canonical stem to the bits of the query words it answers. */
static char *
make_snippet (Doc        *doc,
              GHashTable *masks,
              GPtrArray  *words)
{
  const Unit *best = NULL;
  glong best_hit = -1;
  double best_weight = 0;
  glong length, start, end;
  GString *s;

  if (doc->units->len == 0)
    return g_strdup ("");

  for (guint i = 0; i < doc->units->len; i++)
    {
      const Unit *unit = &g_array_index (doc->units, Unit, i);
      guint64 seen = 0;
      double weight = 0;
      glong first_hit = -1;

      for (guint t = 0; t < unit->n; t++)
        {
          guint64 mask;

          if (unit->stems[t] == NULL)
            continue;
          mask = GPOINTER_TO_SIZE (g_hash_table_lookup (masks, unit->stems[t]));
          if (mask == 0)
            continue;
          for (guint w = 0; w < words->len && w < 64; w++)
            if ((mask & (G_GUINT64_CONSTANT (1) << w)) && !(seen & (G_GUINT64_CONSTANT (1) << w)))
              {
                /* rare words tell more: "12" beats "ingredients" */
                weight += MAX (((WordMatches *) g_ptr_array_index (words, w))->weight, 0.01);
                seen |= G_GUINT64_CONSTANT (1) << w;
              }
          if (first_hit < 0)
            first_hit = unit->offsets[t];
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
      best = &g_array_index (doc->units, Unit, 0);
      best_hit = 0;
    }

  length = g_utf8_strlen (best->text, -1);
  if (length <= SNIPPET_MAX_CHARS)
    return g_strdup (best->text);

  start = MAX (0, MIN (best_hit - SNIPPET_LEAD_CHARS, length - SNIPPET_MAX_CHARS));
  end = MIN (length, start + SNIPPET_MAX_CHARS);
  /* move the cuts to word boundaries */
  if (start > 0)
    {
      const char *p = g_utf8_offset_to_pointer (best->text, start);
      const char *space = strchr (p, ' ');

      if (space != NULL && g_utf8_pointer_to_offset (best->text, space) < best_hit)
        start = g_utf8_pointer_to_offset (best->text, space) + 1;
    }
  if (end < length)
    {
      const char *p = g_utf8_offset_to_pointer (best->text, end);
      const char *q = p;

      while (q > best->text && *q != ' ')
        q = g_utf8_prev_char (q);
      if (g_utf8_pointer_to_offset (best->text, q) > best_hit)
        end = g_utf8_pointer_to_offset (best->text, q);
    }

  s = g_string_new (NULL);
  if (start > 0)
    g_string_append (s, "…");
  g_string_append_len (s, g_utf8_offset_to_pointer (best->text, start),
                       g_utf8_offset_to_pointer (best->text, end)
                       - g_utf8_offset_to_pointer (best->text, start));
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

/* How one query word scored in one section: the best of its terms there. */
typedef struct
{
  double             score;
  const Term        *term;
  const char        *surface;   /* the section's word it met */
  guint8             fields;
} Hit;

GPtrArray *
pen_rules_search (PenRules    *self,
                  const char  *query,
                  const char  *language,
                  guint        max_results,
                  GError     **error)
{
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func (
    (GDestroyNotify) pen_rules_result_free);
  g_autoptr(GPtrArray) words = NULL;
  g_autoptr(GHashTable) masks = NULL;
  g_autofree Hit *hits = NULL;
  g_autofree double *bm25 = NULL;
  g_autofree guint *matched = NULL;
  g_autofree double *answered = NULL;
  double total_weight = 0;
  g_autofree char *query_key = NULL;
  g_autofree char *query_phrase = NULL;
  Lang *lang;
  guint n_docs, n_words;

  g_return_val_if_fail (PEN_IS_RULES (self), NULL);

  if ((lang = get_lang (self, language, error)) == NULL)
    return NULL;
  if (query == NULL)
    return g_steal_pointer (&results);

  words = parse_query (self, lang, query);
  n_words = words->len;
  if (n_words == 0)
    return g_steal_pointer (&results);

  n_docs = lang->docs->len;
  bm25 = g_new0 (double, n_docs);
  matched = g_new0 (guint, n_docs);
  answered = g_new0 (double, n_docs);
  hits = g_new0 (Hit, (gsize) n_words * n_docs);
  masks = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint w = 0; w < n_words; w++)
    {
      WordMatches *wm = g_ptr_array_index (words, w);
      Hit *row = hits + (gsize) w * n_docs;

      for (guint t = 0; t < wm->terms->len; t++)
        {
          const Term *term = &g_array_index (wm->terms, Term, t);
          GArray *list = g_hash_table_lookup (term->lang->postings, term->stem);
          double idf = idf_of (term->lang, term->stem);

          if (term->lang == lang && w < 64)
            {
              guint64 mask = GPOINTER_TO_SIZE (g_hash_table_lookup (masks, term->stem));

              mask |= G_GUINT64_CONSTANT (1) << w;
              g_hash_table_insert (masks, (gpointer) term->stem, GSIZE_TO_POINTER (mask));
            }

          for (guint p = 0; p < list->len; p++)
            {
              const Posting *posting = &g_array_index (list, Posting, p);
              const Doc *doc = &g_array_index (term->lang->docs, Doc, posting->doc);
              double norm = BM25_K1 * (1 - BM25_B
                                       + BM25_B * doc->length / term->lang->avg_length);
              double score = term->factor * idf * posting->wtf * (BM25_K1 + 1)
                             / (posting->wtf + norm);
              guint d = posting->doc;

              if (posting->fields & FIELD_TITLE)
                score += term->factor * idf * TITLE_BONUS;
              else if (posting->fields & FIELD_KEYWORDS)
                score += term->factor * idf * FIELD_BONUS;
              if (term->lang != lang)
                {
                  /* the same section in this language */
                  d = GPOINTER_TO_UINT (g_hash_table_lookup (
                    lang->doc_index, pen_rules_section_get_id (doc->section)));
                  if (d == 0)
                    continue;
                  d--;
                }
              if (score > row[d].score)
                {
                  row[d].score = score;
                  row[d].term = term;
                  row[d].surface = posting->surface;
                  row[d].fields = posting->fields;
                }
            }
        }

      for (guint d = 0; d < n_docs; d++)
        if (row[d].score > 0)
          {
            bm25[d] += row[d].score;
            matched[d]++;
            answered[d] += wm->weight;
          }
      total_weight += wm->weight;
    }

  {
    g_autoptr(GPtrArray) stems = g_ptr_array_new ();

    for (guint w = 0; w < n_words; w++)
      g_ptr_array_add (stems, ((WordMatches *) g_ptr_array_index (words, w))->stem);
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
      gboolean covered = TRUE;
      double least = 1.0;
      double in_title = 0, all = 0;
      guint n_in_title = 0;
      double score;

      if (matched[d] == 0)
        continue;

      /* documents that answer every word of the query come first, the telling words
       * counting for more than the common ones */
      score = bm25[d] * (0.5 + 0.5 * (total_weight > 0 ? answered[d] / total_weight
                                                       : (double) matched[d] / n_words));

      for (guint w = 0; w < n_words && covered; w++)
        {
          const Hit *hit = &hits[(gsize) w * n_docs + d];

          covered = (hit->fields & FIELD_TITLE) != 0;
          if (covered)
            least = MIN (least, hit->term->factor);
        }
      /* the whole title, word for word: in full for the very words, less through a typo or
       * the other language */
      if (g_str_equal (doc->title_key, query_key))
        score += BONUS_EXACT_TITLE;
      else if (covered && doc->n_title_stems == n_words)
        score += BONUS_EXACT_TITLE * least * least;
      else if (covered)
        score += BONUS_TITLE_COVER;
      else
        {
          /* a question that holds the whole title ("what does the rift property do"): by how
           * telling the title's words are among the question's */
          for (guint w = 0; w < n_words; w++)
            {
              const Hit *hit = &hits[(gsize) w * n_docs + d];
              double weight = ((WordMatches *) g_ptr_array_index (words, w))->weight;

              all += weight;
              if (hit->fields & FIELD_TITLE)
                {
                  in_title += weight;
                  n_in_title++;
                }
            }
          if (n_in_title >= doc->n_title_stems && all > 0)
            score += BONUS_TITLE_IN_QUERY * in_title / all;
        }

      if (n_words > 1 && strstr (doc->folded_text, query_phrase) != NULL)
        score += BONUS_PHRASE;

      result = g_new0 (PenRulesResult, 1);
      result->id = g_strdup (pen_rules_section_get_id (doc->section));
      result->title = g_strdup (pen_rules_section_get_title (doc->section));
      /* a multiple of 1/256 is exact in binary, so JSON prints it short ("7.203125") */
      result->score = round (score * 256) / 256;
      result->matched = g_ptr_array_new_with_free_func ((GDestroyNotify) match_free);
      for (guint w = 0; w < n_words; w++)
        {
          const Hit *hit = &hits[(gsize) w * n_docs + d];
          PenRulesMatch *match;

          if (hit->term == NULL)
            continue;
          match = g_new0 (PenRulesMatch, 1);
          match->word = g_strdup (((WordMatches *) g_ptr_array_index (words, w))->word);
          match->kind = hit->term->kind;
          switch (hit->term->kind)
            {
            case PEN_RULES_MATCH_OTHER_LANGUAGE:
              /* the other language's word found this section: name it as shown here */
              match->term = g_strdup (pen_rules_section_get_title (doc->section));
              break;
            case PEN_RULES_MATCH_TYPO:
            case PEN_RULES_MATCH_PREFIX:
              match->term = g_strdup (hit->term->surface);
              break;
            case PEN_RULES_MATCH_EXACT:
            case PEN_RULES_MATCH_FORM:
            case PEN_RULES_MATCH_SPELLING:
            default:
              match->term = g_strdup (hit->surface);
              if (match->kind == PEN_RULES_MATCH_FORM && g_str_equal (match->term, match->word))
                match->kind = PEN_RULES_MATCH_EXACT;
              break;
            }
          g_ptr_array_add (result->matched, match);
        }
      g_ptr_array_add (results, result);
    }

  g_ptr_array_sort (results, compare_results);
  if (max_results > 0 && results->len > max_results)
    g_ptr_array_set_size (results, max_results);

  /* snippets only for what is returned */
  for (guint i = 0; i < results->len; i++)
    {
      PenRulesResult *result = g_ptr_array_index (results, i);
      guint d = GPOINTER_TO_UINT (g_hash_table_lookup (lang->doc_index, result->id)) - 1;

      result->snippet = make_snippet (&g_array_index (lang->docs, Doc, d), masks, words);
    }

  return g_steal_pointer (&results);
}
