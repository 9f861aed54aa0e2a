/* pen-random.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "pen-random.h"

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static inline guint64
rotl (guint64 x,
      int     k)
{
  return (x << k) | (x >> (64 - k));
}

void
pen_random_init (PenRandom *r,
                 guint64    seed)
{
  guint64 x = seed;

  for (guint i = 0; i < 4; i++)
    r->s[i] = splitmix64 (&x);
}

guint64
pen_random_next_u64 (PenRandom *r)
{
  guint64 result = rotl (r->s[1] * 5, 7) * 9;
  guint64 t = r->s[1] << 17;

  r->s[2] ^= r->s[0];
  r->s[3] ^= r->s[1];
  r->s[1] ^= r->s[2];
  r->s[0] ^= r->s[3];
  r->s[2] ^= t;
  r->s[3] = rotl (r->s[3], 45);
  return result;
}

guint
pen_random_range (PenRandom *r,
                  guint      n)
{
  guint64 limit, v;

  g_return_val_if_fail (n > 0, 0);
  /* reject the top sliver that would bias small values */
  limit = G_MAXUINT64 - (G_MAXUINT64 % n) - 1;
  do
    v = pen_random_next_u64 (r);
  while (v > limit);
  return (guint) (v % n);
}

guint
pen_random_die (PenRandom *r)
{
  return pen_random_range (r, 6) + 1;
}

void
pen_random_shuffle (PenRandom *r,
                    GPtrArray *array)
{
  for (guint i = array->len; i > 1; i--)
    {
      guint j = pen_random_range (r, i);
      gpointer tmp = array->pdata[i - 1];
      array->pdata[i - 1] = array->pdata[j];
      array->pdata[j] = tmp;
    }
}

char *
pen_random_to_string (const PenRandom *r)
{
  return g_strdup_printf ("%016" G_GINT64_MODIFIER "x:%016" G_GINT64_MODIFIER "x:%016"
                          G_GINT64_MODIFIER "x:%016" G_GINT64_MODIFIER "x",
                          r->s[0], r->s[1], r->s[2], r->s[3]);
}

gboolean
pen_random_from_string (PenRandom  *r,
                        const char *str)
{
  g_auto(GStrv) parts = NULL;
  PenRandom tmp;

  if (str == NULL)
    return FALSE;
  parts = g_strsplit (str, ":", -1);
  if (g_strv_length (parts) != 4)
    return FALSE;
  for (guint i = 0; i < 4; i++)
    {
      char *end = NULL;
      if (strlen (parts[i]) != 16)
        return FALSE;
      tmp.s[i] = g_ascii_strtoull (parts[i], &end, 16);
      if (end == NULL || *end != '\0')
        return FALSE;
    }
  if ((tmp.s[0] | tmp.s[1] | tmp.s[2] | tmp.s[3]) == 0)
    return FALSE;
  *r = tmp;
  return TRUE;
}
