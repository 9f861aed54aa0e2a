/* pen-random.h: the game's own random generator
 *
 * xoshiro256** seeded through splitmix64: identical on every machine, and its whole state is
 * four 64-bit words that a game saves, so undo + redo never re-rolls.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint64 s[4];
} PenRandom;

void     pen_random_init        (PenRandom  *r,
                                 guint64     seed);
guint64  pen_random_next_u64    (PenRandom  *r);
/* Uniform in [0, n), without modulo bias; n > 0 */
guint    pen_random_range       (PenRandom  *r,
                                 guint       n);
/* A die face 1..6 */
guint    pen_random_die         (PenRandom  *r);
/* Fisher–Yates */
void     pen_random_shuffle     (PenRandom  *r,
                                 GPtrArray  *array);
/* "hex:hex:hex:hex", and back (FALSE on a malformed string) */
char    *pen_random_to_string   (const PenRandom *r);
gboolean pen_random_from_string (PenRandom  *r,
                                 const char *str);

G_END_DECLS
