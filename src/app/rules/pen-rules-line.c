/* pen-rules-line.c: one line of a rules section's body, a paragraph or a list item
 *
 * A paragraph shows its text alone; a list item ("• ", "1. " or "a. ") shows its marker in a
 * column of its own beside the text, indented under a numbered step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-rules-line.h"

struct _PenRulesLine
{
  GtkWidget  parent_instance;

  GtkLabel  *mark;
  GtkLabel  *text;
};

G_DEFINE_FINAL_TYPE (PenRulesLine, pen_rules_line, GTK_TYPE_WIDGET)

typedef enum {
  LINE_PARAGRAPH,
  LINE_BULLET,
  LINE_STEP,
  LINE_SUBSTEP,
} LineKind;

/* The body's own light markup (pen-rules-section.h): "• " items, "1. " steps, and "a. "
 * sub-steps (Cyrillic letters in Russian). Sets *marker to the number or letter. */
static LineKind
classify_line (const char  *line,
               const char **text,
               char       **marker)
{
  const char *p = line;

  *marker = NULL;
  *text = line;
  if (g_str_has_prefix (line, "• "))
    {
      *text = line + strlen ("• ");
      return LINE_BULLET;
    }
  while (g_ascii_isdigit (*p))
    p++;
  if (p > line && p - line <= 3 && g_str_has_prefix (p, ". "))
    {
      *marker = g_strndup (line, p - line + 1);
      *text = p + 2;
      return LINE_STEP;
    }
  if (g_unichar_islower (g_utf8_get_char (line)))
    {
      p = g_utf8_next_char (line);
      if (g_str_has_prefix (p, ". "))
        {
          *marker = g_strndup (line, p - line + 1);
          *text = p + 2;
          return LINE_SUBSTEP;
        }
    }
  return LINE_PARAGRAPH;
}

/* Pango markup for an item: a short lead-in such as "Charged (raised):" or "Prepare." is
 * set in bold, so a list of definitions reads at a glance. A lead-in before a colon may be a
 * little longer than one before a full stop, which is more often a whole short sentence. */
static char *
item_markup (const char *text)
{
  const char *ends[] = { ": ", ". ", "? " };
  const guint max_words[] = { 6, 4, 4 };
  const glong max_chars[] = { 44, 32, 32 };
  const char *cut = NULL;
  guint which = 0;
  g_autofree char *lead = NULL;
  g_autofree char *lead_escaped = NULL;
  g_autofree char *rest_escaped = NULL;
  g_auto(GStrv) words = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
    {
      const char *at = strstr (text, ends[i]);

      if (at != NULL && (cut == NULL || at < cut))
        {
          cut = at;
          which = i;
        }
    }
  if (cut == NULL)
    return g_markup_escape_text (text, -1);

  lead = g_strndup (text, cut - text + 1);
  words = g_strsplit (lead, " ", -1);
  if (g_utf8_strlen (lead, -1) > max_chars[which] || g_strv_length (words) > max_words[which])
    return g_markup_escape_text (text, -1);

  lead_escaped = g_markup_escape_text (lead, -1);
  rest_escaped = g_markup_escape_text (cut + 1, -1);
  return g_strdup_printf ("<b>%s</b>%s", lead_escaped, rest_escaped);
}

static void
pen_rules_line_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_RULES_LINE);

  G_OBJECT_CLASS (pen_rules_line_parent_class)->dispose (object);
}

static void
pen_rules_line_class_init (PenRulesLineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_rules_line_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-rules-line.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRulesLine, mark);
  gtk_widget_class_bind_template_child (widget_class, PenRulesLine, text);
}

static void
pen_rules_line_init (PenRulesLine *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
pen_rules_line_new (const char *line,
                    gboolean   *in_steps)
{
  PenRulesLine *self = g_object_new (PEN_TYPE_RULES_LINE, NULL);
  g_autofree char *marker = NULL;
  g_autofree char *markup = NULL;
  const char *text;
  LineKind kind = classify_line (line, &text, &marker);

  g_return_val_if_fail (in_steps != NULL, NULL);

  if (kind == LINE_PARAGRAPH)
    {
      *in_steps = FALSE;
      markup = g_markup_escape_text (text, -1);
      gtk_label_set_markup (self->text, markup);
      return GTK_WIDGET (self);
    }

  /* items under a numbered step belong to it: indent them like its text */
  if (kind == LINE_STEP)
    *in_steps = TRUE;
  if (kind == LINE_SUBSTEP || (kind == LINE_BULLET && *in_steps))
    gtk_widget_set_margin_start (GTK_WIDGET (self), 28);
  gtk_widget_add_css_class (GTK_WIDGET (self), "rules-item");
  gtk_label_set_label (self->mark, marker != NULL ? marker : "•");
  gtk_widget_set_visible (GTK_WIDGET (self->mark), TRUE);
  if (kind == LINE_STEP)
    gtk_widget_add_css_class (GTK_WIDGET (self->mark), "heading");
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->mark), GTK_ACCESSIBLE_STATE_HIDDEN,
                               kind == LINE_BULLET, -1);
  markup = item_markup (text);
  gtk_label_set_markup (self->text, markup);
  return GTK_WIDGET (self);
}
