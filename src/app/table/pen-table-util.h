/* pen-table-util.h: what the Table page's sections share — card lookups on the model and the
 * way a tap inside a section (or a popover of it) reaches the section
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pen-box.h"
#include "pen-catalog.h"
#include "pen-section.h"

G_BEGIN_DECLS

PenCard    *pen_tu_lookup               (const char *id);
int         pen_tu_card_type            (const char *id);
/* The card's text in the card language, or NULL */
const char *pen_tu_card_text            (const char *id);
/* An Urgent contract (a user card with the flag; the rulebook names none) */
gboolean    pen_tu_is_urgent            (const char *id);
PenWizard  *pen_tu_current_wizard       (PenTable   *table);
gboolean    pen_tu_has_reserved_trial   (PenWizard  *wizard);
/* "Difficulty 3 · Threat 4 · Light +1 / Darkness +2", "?" for what is not known */
char       *pen_tu_trial_summary        (PenGame    *game,
                                          const char *id);
/* The card ids of a list of PenTableCard (NULL for an unknown card) */
GPtrArray  *pen_tu_list_ids             (GListModel *cards);
/* Contracts that could refill the Guild: NULL ("none") first, then every contract not in the
 * row nor owned */
GPtrArray  *pen_tu_possible_contracts   (PenTable   *table);
/* In physical play, the Contracts a draw from the deck can still give (pen_draw_candidates:
 * never one in the row, owned, discarded or set aside), sorted by name, then a fresh
 * placeholder, "Another card: name it" (pen_draw_another), with no "none" item (the table says
 * what it turned up); else as pen_tu_possible_contracts. game may be NULL (then that). */
/* The Potions (PEN_DRAW_POTION) or Artifacts (PEN_DRAW_ARTIFACT) the table may still name,
 * sorted by name, NULL-terminated */
GPtrArray  *pen_tu_market_draws         (PenGame    *game,
                                         PenDraw     draw);
GPtrArray  *pen_tu_drawable_contracts   (PenGame    *game,
                                         PenTable   *table);
/* The Fate cards the table may have revealed, appended to names and returned as ids in the
 * same order (the one list of them: the turn controls and the Rival's panel both show it,
 * through PenFateChoices). With the first-game deck in physical play
 * (pen_table_get_fate_next): "Next: Name", then "Another card…" (id "") — or, with all,
 * the next card then every other card of the deck in its order, "Name (Type)". Otherwise the
 * distinct cards the deck holds by name ("Name (Type)", sorted); with a deck of cards not known
 * (physical play, built by the rules), exactly what it can still give (pen_draw_candidates),
 * then one "Another card: name it (Type)" per type it can hold. *preselect (may be NULL): the
 * item to choose first, the next card, else GTK_INVALID_LIST_POSITION. game may be NULL.
 * Transfer full. */
GPtrArray  *pen_tu_fate_choices         (PenGame       *game,
                                         PenTable      *table,
                                         gboolean       all,
                                         GtkStringList *names,
                                         guint         *preselect);
/* Gives drop a model of the card ids (transfer full), shown by name, a placeholder as
 * "Another card: name it"; item 0 reads first_label */
void        pen_tu_set_card_choices     (GtkDropDown *drop,
                                         GPtrArray   *ids,
                                         const char  *first_label);
/* The card id chosen in such a drop-down, or NULL for its first item */
/* TRUE when the table picked an item, or there is nothing to pick (an empty deck) */
gboolean    pen_tu_card_chosen_or_none  (GtkDropDown *drop);
const char *pen_tu_chosen_card          (GtkDropDown *drop);
/* Physical play: a Contract picker whose last item is an unnamed card ("Another card: name
 * it") also offers "Another Contract: name it later" just before it, the same card, which no
 * naming sheet asks about at the turn's end (play findings X6, V7, Z8) */
void        pen_tu_offer_name_later     (GtkDropDown *drop);
/* TRUE when "… name it later" is chosen (pen_tu_chosen_card is its card) */
gboolean    pen_tu_chosen_later         (GtkDropDown *drop);

/* The section that shows widget (a popover counts as inside its button) */
PenSection *pen_tu_section              (GtkWidget  *widget);
/* Closes the popover around widget, if any, and submits action (taken) from its section */
void        pen_tu_submit               (GtkWidget  *widget,
                                         PenAction  *action);
/* Closes the popover around widget, if any */
void        pen_tu_popdown              (GtkWidget  *widget);
/* Shifts a popover sideways so it stays inside its window */
void        pen_tu_popover_in_window    (GtkPopover *popover);

/* What to do once a card's printed number is asked: run with widget's section */
typedef void (*PenTuThen) (PenSection *section,
                           gpointer    data);
/* Runs then (section, data) at once when the catalogue knows card's printed field ("threat",
 * "light", …; the user catalogue counts; NULL: nothing to ask); else asks the table first,
 * with the card-naming dialog ("Numbers on Goldeater": the answer is submitted, so remembered
 * for later games), and runs then once it is answered ("Save") or put off ("Later"), with
 * the number or without it. destroy (may be NULL) frees data in every case. */
void        pen_tu_with_printed         (GtkWidget     *widget,
                                         const char    *card,
                                         const char    *field,
                                         PenTuThen      then,
                                         gpointer       data,
                                         GDestroyNotify destroy);
/* The same for a question the app asks by itself (the Rival's Trial once its turn is played):
 * the sheet waits while another naming sheet is open (pen_card_name_dialog_present_queued) */
void        pen_tu_with_printed_queued  (GtkWidget     *widget,
                                         const char    *card,
                                         const char    *field,
                                         PenTuThen      then,
                                         gpointer       data,
                                         GDestroyNotify destroy);
/* Takes (passes) the Trial by path, or fails it when path < 0, as pen_tu_submit: a pass by a
 * path whose Light or Darkness the card has not printed for the app yet asks it first */
void        pen_tu_take_trial           (GtkWidget  *widget,
                                         guint       wizard,
                                         int         index,
                                         const char *card,
                                         int         path);
/* Fulfils a Contract (action: a contract-take, taken) as pen_tu_submit; in app-dealt play a
 * Contract whose task is WITHSTAND THREAT first says the odds and offers DEFEND's Yellow dice
 * (*Withstand the Threat*, "Roll and Fulfil"), then what the app rolled */
void        pen_tu_take_contract        (GtkWidget  *widget,
                                         PenAction  *action);
/* Contracts and Trials › Rewards › Cards: when action (a trial-take; a contract-take, or a
 * Guild placement that fulfils a Contract) gives cards the table has not chosen yet, asks
 * them (PenRewardCardsDialog) and runs then (section, action) with them, or without them
 * ("Skip"); otherwise runs then at once */
void        pen_tu_ask_reward_cards     (PenSection *section,
                                         PenAction  *action,
                                         PenTuThen   then);

G_END_DECLS
