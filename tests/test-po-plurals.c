/* test-po-plurals.c: every plural message of the Russian translation, run under Russian
 *
 * Usage: test-po-plurals PO_FILE LOCALEDIR
 *
 * Reads po/ru.po, then asks gettext, with LANGUAGE=ru and the build tree's compiled catalogue,
 * for each plural message at 1, 2, 5 and 21: each must come back translated, in the form the
 * Russian rule picks (one for 1 and 21, few for 2, many for 5). Then a few whole phrases,
 * rendered through the code that builds them, are read as a Russian reader would.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "pen-types.h"

typedef struct
{
  char *ctxt;
  char *id;
  char *plural;
  char *str[3];
  guint n_str;
  guint line;
} Entry;

static const char *po_path;
static GPtrArray *entries;   /* Entry, the plural ones */
static char *plural_forms;   /* the header's Plural-Forms */

static void
entry_free (Entry *e)
{
  g_free (e->ctxt);
  g_free (e->id);
  g_free (e->plural);
  for (guint i = 0; i < 3; i++)
    g_free (e->str[i]);
  g_free (e);
}

/* The text of a quoted po string, escapes undone */
static void
append_quoted (GString    *out,
               const char *line)
{
  const char *p = strchr (line, '"');
  g_autofree char *inner = NULL;
  g_autofree char *text = NULL;
  const char *end;

  g_assert_nonnull (p);
  end = strrchr (line, '"');
  g_assert_true (end > p);
  inner = g_strndup (p + 1, end - p - 1);
  text = g_strcompress (inner);
  g_string_append (out, text);
}

/* Where the field being read goes, once complete */
static void
finish_field (GString **current,
              char    **target)
{
  if (*current == NULL)
    return;
  g_free (*target);
  *target = g_string_free (*current, FALSE);
  *current = NULL;
}

static void
load_po (void)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  GString *current = NULL;
  char **target = NULL;
  Entry *e = NULL;

  if (!g_file_get_contents (po_path, &contents, NULL, &error))
    g_error ("%s: %s", po_path, error->message);
  lines = g_strsplit (contents, "\n", -1);
  entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);

  for (guint i = 0; ; i++)
    {
      const char *line = lines[i];
      char **next = NULL;

      if (line == NULL || *line == '\0')
        {
          /* end of an entry */
          if (e != NULL)
            finish_field (&current, target);
          if (e != NULL && e->id != NULL && *e->id == '\0' && e->str[0] != NULL)
            {
              const char *pf = strstr (e->str[0], "Plural-Forms: ");

              if (pf != NULL)
                plural_forms = g_strndup (pf + strlen ("Plural-Forms: "),
                                          strcspn (pf + strlen ("Plural-Forms: "), "\n"));
            }
          if (e != NULL && e->plural != NULL)
            g_ptr_array_add (entries, e);
          else if (e != NULL)
            entry_free (e);
          e = NULL;
          if (line == NULL)
            break;
          continue;
        }
      if (line[0] == '#')
        continue;
      if (e == NULL)
        {
          e = g_new0 (Entry, 1);
          e->line = i + 1;
        }
      if (line[0] == '"')
        {
          if (current == NULL)
            g_error ("%s:%u: a string outside a field", po_path, i + 1);
          append_quoted (current, line);
          continue;
        }

      if (g_str_has_prefix (line, "msgctxt \""))
        next = &e->ctxt;
      else if (g_str_has_prefix (line, "msgid \""))
        next = &e->id;
      else if (g_str_has_prefix (line, "msgid_plural \""))
        next = &e->plural;
      else if (g_str_has_prefix (line, "msgstr \""))
        {
          next = &e->str[0];
          e->n_str = MAX (e->n_str, 1);
        }
      else if (g_str_has_prefix (line, "msgstr[") && line[7] >= '0' && line[7] <= '2')
        {
          guint k = line[7] - '0';

          next = &e->str[k];
          e->n_str = MAX (e->n_str, k + 1);
        }
      else
        g_error ("%s:%u: cannot read \"%s\"", po_path, i + 1, line);

      finish_field (&current, target);
      current = g_string_new (NULL);
      target = next;
      append_quoted (current, line);
    }

  g_assert_nonnull (plural_forms);
}

/* Russian: one for 1, 21, 31…; few for 2–4, 22–24…; many for the rest */
static guint
russian_form (gulong n)
{
  return n % 10 == 1 && n % 100 != 11 ? 0
         : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2;
}

static const char *
translate (const Entry *e,
           gulong       n)
{
  if (e->ctxt == NULL)
    return g_dngettext (GETTEXT_PACKAGE, e->id, e->plural, n);
  else
    {
      /* as g_dpgettext2 does for the singular: context EOT msgid */
      g_autofree char *id = g_strconcat (e->ctxt, "\004", e->id, NULL);
      const char *s = g_dngettext (GETTEXT_PACKAGE, id, e->plural, n);

      return s == id ? e->plural : s;
    }
}

static void
test_header (void)
{
  /* the three forms and the rule russian_form() implements */
  g_assert_cmpstr (plural_forms, ==,
                   "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
                   "(n%100<10 || n%100>=20) ? 1 : 2);");
  /* the catalogue in use is the Russian one */
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Rules"), ==, "Правила");
}

static void
test_every_plural (void)
{
  static const gulong counts[] = { 1, 2, 5, 21 };

  g_assert_cmpuint (entries->len, >, 50);
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = g_ptr_array_index (entries, i);

      if (e->n_str != 3)
        g_error ("%s:%u: \"%s\" has %u plural forms, not 3", po_path, e->line, e->id, e->n_str);
      for (guint c = 0; c < G_N_ELEMENTS (counts); c++)
        {
          const char *got = translate (e, counts[c]);
          const char *want = e->str[russian_form (counts[c])];

          if (*want == '\0' || g_strcmp0 (got, want) != 0)
            g_error ("%s:%u: \"%s\" for %lu gives \"%s\", not form %u \"%s\"", po_path, e->line,
                     e->id, counts[c], got, russian_form (counts[c]), want);
        }
    }
  g_test_message ("%u plural messages checked at 1, 2, 5 and 21", entries->len);
}

/* Whole phrases a Russian reader sees, through the code that builds them */
static void
test_phrases (void)
{
  static const struct { guint n; const char *want; } cards[] = {
    { 1, "1 карта вне каталога" }, { 2, "2 карты вне каталога" },
    { 5, "5 карт вне каталога" }, { 21, "21 карта вне каталога" },
  };
  static const struct { guint n; const char *want; } players[] = {
    { 1, "Новая игра: 1 игрок" }, { 2, "Новая игра: 2 игрока" },
    { 5, "Новая игра: 5 игроков" }, { 21, "Новая игра: 21 игрок" },
  };
  static const struct { guint n; const char *jewels, *red; } amounts[] = {
    { 1, "1 Драгоценность", "1 Красный кубик" },
    { 2, "2 Драгоценности", "2 Красных кубика" },
    { 5, "5 Драгоценностей", "5 Красных кубиков" },
    { 21, "21 Драгоценность", "21 Красный кубик" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cards); i++)
    {
      g_autofree char *c = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                         "%u card not in the catalogue",
                                                         "%u cards not in the catalogue",
                                                         cards[i].n), cards[i].n);
      g_autofree char *p = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                         "New game for %u player",
                                                         "New game for %u players",
                                                         players[i].n), players[i].n);
      g_autofree char *j = pen_ingredient_format_amount (PEN_INGREDIENT_JEWEL, amounts[i].n);
      g_autofree char *r = pen_color_format_dice (PEN_COLOR_RED, amounts[i].n);

      g_assert_cmpstr (c, ==, cards[i].want);
      g_assert_cmpstr (p, ==, players[i].want);
      g_assert_cmpstr (j, ==, amounts[i].jewels);
      g_assert_cmpstr (r, ==, amounts[i].red);
    }

  {
    g_autofree char *one = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                         "Study · %d placement left",
                                                         "Study · %d placements left", 21), 21);
    g_autofree char *rift = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          ", %u die lost to Rift",
                                                          ", %u dice lost to Rift", 5), 5);

    /* finding Z10: an average is no count: "2.0 кубика" never, the noun before the number */
    g_autofree char *odds = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          "%u Threat die to roll; no harm at "
                                                          "all: %s; about %.1f dice lost, %.1f "
                                                          "wounds on average",
                                                          "%u Threat dice to roll; no harm at "
                                                          "all: %s; about %.1f dice lost, %.1f "
                                                          "wounds on average", 5),
                                             5, "10%", 2.0, 0.5);

    g_assert_cmpstr (odds, ==, "Бросить 5 кубиков Угрозы; совсем без вреда: 10%; в среднем "
                     "теряется кубиков: 2.0, ран: 0.5");
    g_assert_cmpstr (one, ==, "Обучение · осталось 21 размещение");
    g_assert_cmpstr (rift, ==, ", из-за Разлома потеряно 5 кубиков");
  }

  /* the place dialog's note names its button as the button reads (play finding A3) */
  {
    static const char * const pairs[][2] = {
      { "Its task is not known yet: name the card with Name This Contract… below, or spend "
        "what the card asks by hand.", "_Name This Contract…" },
      { "Its task is not known yet: enter it with Enter Its Task… below, or spend what the card "
        "asks by hand.", "_Enter Its Task…" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
      {
        const char *note = g_dgettext (GETTEXT_PACKAGE, pairs[i][0]);
        g_autoptr(GString) button = g_string_new (g_dgettext (GETTEXT_PACKAGE, pairs[i][1]));

        g_string_replace (button, "_", "", 0);
        g_assert_cmpstr (note, !=, pairs[i][0]);
        g_assert_nonnull (strstr (note, button->str));
      }
  }

  /* names declined whole, never pasted into a frame */
  g_assert_cmpstr (pen_mark_kind_get_class_name (PEN_MARK_AMBER), ==, "Янтарный Класс");
  g_assert_cmpstr (pen_mark_kind_get_mark_name (PEN_MARK_RUBY), ==, "Рубиновая Метка");
  g_assert_cmpstr (pen_mark_kind_get_mark_object (PEN_MARK_SAPPHIRE), ==, "Сапфировую Метку");
  g_assert_cmpstr (pen_mark_kind_get_mark_name (PEN_MARK_SPARK), ==, "Метка Искры");
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "ru", TRUE);
  /* any locale but "C": glibc ignores LANGUAGE under C, not under C.UTF-8 */
  if (setlocale (LC_ALL, "C.UTF-8") == NULL)
    setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  if (argc < 3)
    g_error ("usage: test-po-plurals PO_FILE LOCALEDIR");
  po_path = argv[1];
  bindtextdomain (GETTEXT_PACKAGE, argv[2]);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  load_po ();

  g_test_add_func ("/penumbra/po/plurals/header", test_header);
  g_test_add_func ("/penumbra/po/plurals/every", test_every_plural);
  g_test_add_func ("/penumbra/po/plurals/phrases", test_phrases);
  return g_test_run ();
}
