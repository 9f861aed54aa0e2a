/* bench-threat-odds.c: exact Threat odds for many dice on a rich board
 *
 * Usage: bench-threat-odds [COUNT [REPEAT]]   (COUNT 0-100, default 30; REPEAT default 1)
 *
 * Prints the summary so the work cannot be optimised away. tests/bench/threat-odds.sh runs it
 * under callgrind and reports the instructions spent in pen_threat_odds_new() alone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "pen-threat.h"

/* A late-game board: 12 dice spread over every face, all 11 cells filled, wounds on three
 * values, so every face has supply dice and marks and most can give a Mortal Wound. */
static PenBoard *
rich_board (void)
{
  static const struct { PenColor color; guint value; } supply[] = {
    { PEN_COLOR_BONE, 1 }, { PEN_COLOR_BONE, 3 }, { PEN_COLOR_RED, 2 }, { PEN_COLOR_RED, 5 },
    { PEN_COLOR_ORANGE, 4 }, { PEN_COLOR_YELLOW, 6 }, { PEN_COLOR_YELLOW, 2 },
    { PEN_COLOR_GREEN, 3 }, { PEN_COLOR_BLUE, 1 }, { PEN_COLOR_PURPLE, 6 },
    { PEN_COLOR_SPARK, 4 }, { PEN_COLOR_SPARK, 5 },
  };
  static const struct { PenMarkKind kind; guint value; PenMarkState state; } marks[] = {
    { PEN_MARK_RUBY, 1, PEN_MARK_CHARGED }, { PEN_MARK_AMBER, 2, PEN_MARK_WOUNDED },
    { PEN_MARK_JASPER, 2, PEN_MARK_DISCHARGED }, { PEN_MARK_EMERALD, 3, PEN_MARK_CHARGED },
    { PEN_MARK_SAPPHIRE, 4, PEN_MARK_CHARGED }, { PEN_MARK_AMETHYST, 4, PEN_MARK_WOUNDED },
    { PEN_MARK_RUBY, 5, PEN_MARK_DISCHARGED }, { PEN_MARK_JASPER, 6, PEN_MARK_CHARGED },
    { PEN_MARK_SPARK, 1, PEN_MARK_CHARGED }, { PEN_MARK_SPARK, 3, PEN_MARK_WOUNDED },
    { PEN_MARK_SPARK, 6, PEN_MARK_DISCHARGED },
  };
  PenBoard *board = pen_board_new ();

  for (guint i = 0; i < G_N_ELEMENTS (supply); i++)
    pen_board_add_die (board, supply[i].color, supply[i].value);
  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    pen_board_add_mark (board, marks[i].kind, marks[i].value, marks[i].state);
  return board;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(PenBoard) board = rich_board ();
  guint count = argc > 1 ? (guint) strtoul (argv[1], NULL, 10) : 30;
  guint repeat = argc > 2 ? (guint) strtoul (argv[2], NULL, 10) : 1;
  PenThreatSummary summary = { 0, };

  if (count > PEN_THREAT_ODDS_MAX_DICE)
    {
      fprintf (stderr, "COUNT must be 0-%d\n", PEN_THREAT_ODDS_MAX_DICE);
      return 2;
    }

  for (guint r = 0; r < repeat; r++)
    {
      g_autoptr(PenThreatOdds) odds = pen_threat_odds_new (board, count, FALSE);

      summary = odds->summary;
    }

  printf ("count %u: p_mortal_wound %.15f p_wounded %.15f p_unharmed %.15f "
          "expected_wounds %.15f expected_dice_lost %.15f\n",
          summary.n_dice, summary.p_mortal_wound, summary.p_wounded, summary.p_unharmed,
          summary.expected_wounds, summary.expected_dice_lost);
  return 0;
}
