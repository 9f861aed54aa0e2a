/* pen-rules-result-row.c: a search result in the Rules page's list
 *
 * The section's title, the sentence that matched with the searched words in bold, and why it
 * matched ("Matched: thrat → threat (typo)"). Activating the row opens the section
 * (the "rules.show" action of the page).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-rules-result-row.h"

struct _PenRulesResultRow
{
  GtkListBoxRow  parent_instance;

  PenRulesHit   *hit;
  GtkLabel      *title;
  GtkLabel      *snippet;
  GtkLabel      *matched;
};

G_DEFINE_FINAL_TYPE (PenRulesResultRow, pen_rules_result_row, GTK_TYPE_LIST_BOX_ROW)

enum {
  PROP_0,
  PROP_HIT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Whether a word of a result is one the user searched for: the same stem, or (for three
 * letters or more, as the search matches what is still being typed) one it starts with */
static gboolean
word_matches (const char *word,
              GPtrArray  *stems)
{
  g_autofree char *stem = pen_rules_stem_word (word);
  g_autofree char *folded = g_utf8_casefold (word, -1);

  for (guint i = 0; i < stems->len; i++)
    {
      const char *q = g_ptr_array_index (stems, i);

      if (g_str_equal (stem, q) ||
          (g_utf8_strlen (q, -1) >= 3 && g_str_has_prefix (folded, q)))
        return TRUE;
    }
  return FALSE;
}

/* Pango markup of text with the searched words in bold */
static char *
highlight (const char *text,
           GPtrArray  *stems)
{
  GString *markup = g_string_new (NULL);
  const char *p = text;

  while (*p != '\0')
    {
      const char *start = p;
      gboolean word = g_unichar_isalnum (g_utf8_get_char (p));
      g_autofree char *piece = NULL;
      g_autofree char *escaped = NULL;

      while (*p != '\0' && g_unichar_isalnum (g_utf8_get_char (p)) == word)
        p = g_utf8_next_char (p);
      piece = g_strndup (start, p - start);
      escaped = g_markup_escape_text (piece, -1);
      if (word && word_matches (piece, stems))
        g_string_append_printf (markup, "<b>%s</b>", escaped);
      else
        g_string_append (markup, escaped);
    }
  return g_string_free (markup, FALSE);
}

/* Why a result matched: "Matched: thrat → threat (typo), wound" */
static char *
describe_matches (const PenRulesResult *result)
{
  g_autoptr(GString) list = g_string_new (NULL);

  for (guint i = 0; i < result->matched->len; i++)
    {
      const PenRulesMatch *m = g_ptr_array_index (result->matched, i);
      g_autofree char *item = NULL;

      switch (m->kind)
        {
        case PEN_RULES_MATCH_EXACT:
          item = g_strdup (m->word);
          break;
        case PEN_RULES_MATCH_TYPO:
          /* Translators: a search word and the word it was read as, "thrat → threat (typo)" */
          item = g_strdup_printf (_("%s → %s (typo)"), m->word, m->term);
          break;
        case PEN_RULES_MATCH_OTHER_LANGUAGE:
          /* Translators: a word in the other language and the section it found,
           * "угроза → Threat (other language)" */
          item = g_strdup_printf (_("%s → %s (other language)"), m->word, m->term);
          break;
        case PEN_RULES_MATCH_FORM:
        case PEN_RULES_MATCH_SPELLING:
        case PEN_RULES_MATCH_PREFIX:
        default:
          item = g_strdup_printf ("%s → %s", m->word, m->term);
          break;
        }
      if (list->len > 0)
        g_string_append (list, ", ");
      g_string_append (list, item);
    }
  /* Translators: why a search result was found, "Matched: thrat → threat (typo), wound" */
  return g_strdup_printf (_("Matched: %s"), list->str);
}

static void
set_hit (PenRulesResultRow *self,
         PenRulesHit       *hit)
{
  const PenRulesResult *result;
  g_autoptr(GPtrArray) stems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *markup = NULL;
  g_autofree char *why = NULL;

  if (!g_set_object (&self->hit, hit) || hit == NULL)
    return;
  result = pen_rules_hit_get_result (hit);

  /* bold what the query met, typos and other forms included; common words met nothing */
  for (guint i = 0; i < result->matched->len; i++)
    {
      const PenRulesMatch *m = g_ptr_array_index (result->matched, i);

      if (m->kind != PEN_RULES_MATCH_OTHER_LANGUAGE)
        g_ptr_array_add (stems, pen_rules_stem_word (m->term));
    }
  markup = highlight (result->snippet, stems);
  why = describe_matches (result);

  gtk_label_set_label (self->title, result->title);
  gtk_label_set_label (self->snippet, markup);
  gtk_label_set_label (self->matched, why);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self), "s", result->id);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self), "rules.show");
}

PenRulesHit *
pen_rules_result_row_get_hit (PenRulesResultRow *self)
{
  g_return_val_if_fail (PEN_IS_RULES_RESULT_ROW (self), NULL);
  return self->hit;
}

static void
pen_rules_result_row_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  PenRulesResultRow *self = PEN_RULES_RESULT_ROW (object);

  switch (prop_id)
    {
    case PROP_HIT:
      g_value_set_object (value, self->hit);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rules_result_row_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  PenRulesResultRow *self = PEN_RULES_RESULT_ROW (object);

  switch (prop_id)
    {
    case PROP_HIT:
      set_hit (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rules_result_row_dispose (GObject *object)
{
  PenRulesResultRow *self = PEN_RULES_RESULT_ROW (object);

  g_clear_object (&self->hit);

  G_OBJECT_CLASS (pen_rules_result_row_parent_class)->dispose (object);
}

static void
pen_rules_result_row_class_init (PenRulesResultRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_rules_result_row_dispose;
  object_class->get_property = pen_rules_result_row_get_property;
  object_class->set_property = pen_rules_result_row_set_property;

  properties[PROP_HIT] =
    g_param_spec_object ("hit", NULL, NULL, PEN_TYPE_RULES_HIT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-rules-result-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRulesResultRow, title);
  gtk_widget_class_bind_template_child (widget_class, PenRulesResultRow, snippet);
  gtk_widget_class_bind_template_child (widget_class, PenRulesResultRow, matched);
}

static void
pen_rules_result_row_init (PenRulesResultRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
pen_rules_result_row_new (PenRulesHit *hit)
{
  return g_object_new (PEN_TYPE_RULES_RESULT_ROW, "hit", hit, NULL);
}
