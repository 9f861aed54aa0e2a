/* pen-demo.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-demo.h"

/* The first-game deck for three players; the four contracts the rulebook names; the Potions
 * and Artifacts it names in the Brewery and the Shop. */
static const char demo_actions[] =
  "{\"action\":\"new-game\",\"players\":[\"Ann\",\"Boris\",\"Chloe\"],\"seed\":2024,"
  "\"start\":[{\"mark\":\"ruby\",\"talent\":\"druid\"},{\"mark\":\"jasper\",\"talent\":\"pariah\"},"
  "{\"mark\":\"emerald\"}],"
  "\"setup\":{\"prophecies\":[\"end-of-time\"],"
  "\"trial_row\":[\"goldeater\",\"scrollers\",\"out-of-tune-clock\"],"
  "\"fate_deck\":[\"wildwood\",\"guild-revival\",\"aranea\",\"mastery\",\"fog-of-oblivion\","
  "\"extracurricular-reading\",\"plains-of-agony\",\"song-of-overcoming\",\"radomir-flaming\","
  "\"secret-deal\",\"swarm-of-umbrals\",\"festival\",\"basilisk\",\"awakened-spark\","
  "\"night-of-horrors\",\"fresh-batch\",\"dragan-ivancevic\",\"practice\"],"
  "\"contract_row\":[\"lost-hut\",\"sorcerous-prison\",\"scarlet-pact\",\"brightshine\"],"
  /* the Brewery's and the Shop's markets, so that the demo can buy (play finding P12) */
  "\"markets\":{\"brewery\":[\"triplet\",\"liquid-luck\"],"
  "\"shop\":[\"wand-of-everwood\",\"ringing-staff\"]},"
  "\"market_decks\":{\"brewery\":[\"dead-water\",\"silverling\",\"ichor\",\"liquid-darkness\"],"
  "\"shop\":[\"pulsing-staff\",\"thorny-patch\",\"guard-wand\",\"phylactery\","
  "\"whispering-ring\"]}}}\n"
  "{\"action\":\"turn-start\",\"kind\":\"study\"}\n"
  "{\"action\":\"ingredient-gain\",\"wizard\":0,\"ingredient\":\"blood\",\"count\":3}\n"
  "{\"action\":\"die-place\",\"wizard\":0,\"index\":0,\"location\":\"Forest\"}\n"
  "{\"action\":\"ingredient-gain\",\"wizard\":0,\"ingredient\":\"fruit\",\"count\":2}\n"
  "{\"action\":\"turn-end\"}\n"
  "{\"action\":\"turn-start\",\"kind\":\"study\"}\n"
  "{\"action\":\"die-place\",\"wizard\":1,\"index\":0,\"location\":\"Guild\"}\n"
  /* what the task took and the reward gave, as the log records them: the demo is the same
   * whatever the user's catalogue knows of Lost Hut */
  "{\"action\":\"contract-take\",\"wizard\":1,\"slot\":0,\"task_pay\":{},\"reward\":{}}\n"
  "{\"action\":\"ingredient-gain\",\"wizard\":1,\"ingredient\":\"arcana\",\"count\":2}\n"
  "{\"action\":\"turn-end\"}\n"
  "{\"action\":\"turn-start\",\"kind\":\"study\"}\n"
  "{\"action\":\"die-place\",\"wizard\":2,\"index\":1,\"location\":\"Emerald Class\"}\n"
  "{\"action\":\"card-gain\",\"wizard\":2,\"card\":\"healing\"}\n"
  "{\"action\":\"die-gain\",\"wizard\":2,\"color\":\"green\"}\n"
  "{\"action\":\"turn-end\"}\n"
  "{\"action\":\"turn-start\",\"kind\":\"study\"}\n"
  "{\"action\":\"ingredient-gain\",\"wizard\":0,\"ingredient\":\"arcana\",\"count\":3}\n"
  "{\"action\":\"mark-gain\",\"wizard\":0,\"kind\":\"amethyst\"}\n"
  "{\"action\":\"ingredient-spend\",\"wizard\":0,\"ingredient\":\"arcana\",\"count\":2}\n"
  "{\"action\":\"card-gain\",\"wizard\":0,\"card\":\"scarlet-downpour\"}\n"
  "{\"action\":\"ingredient-gain\",\"wizard\":0,\"ingredient\":\"crystal\",\"count\":2}\n"
  "{\"action\":\"turn-end\"}\n"
  "{\"action\":\"turn-start\",\"kind\":\"trial\"}\n"
  "{\"action\":\"threat\",\"wizard\":1,\"dice\":[2,5,6]}\n"
  "{\"action\":\"trial-take\",\"wizard\":1,\"index\":0,\"path\":\"dark\",\"task_pay\":{},"
  "\"reward\":{}}\n"
  "{\"action\":\"ingredient-gain\",\"wizard\":1,\"ingredient\":\"jewel\",\"count\":3}\n"
  "{\"action\":\"turn-end\"}\n"
  "{\"action\":\"turn-start\",\"kind\":\"study\"}\n"
  "{\"action\":\"card-gain\",\"wizard\":2,\"card\":\"radiant-staff\"}\n"
  "{\"action\":\"ingredient-gain\",\"wizard\":2,\"ingredient\":\"trinket\",\"count\":1}\n"
  "{\"action\":\"turn-end\"}\n"
  "{\"action\":\"turn-start\",\"kind\":\"study\"}\n";

const char *
pen_demo_get_actions (void)
{
  return demo_actions;
}

PenGame *
pen_demo_new_game (GError **error)
{
  g_autoptr(PenGame) game = pen_game_new ();
  g_auto(GStrv) lines = g_strsplit (demo_actions, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (*lines[i] == '\0')
        continue;
      if (!pen_game_submit_json (game, lines[i], error))
        {
          g_prefix_error (error, "demo line %u: ", i + 1);
          return NULL;
        }
    }
  return g_steal_pointer (&game);
}
