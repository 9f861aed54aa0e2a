/* pen-guild-section.c: the Guild's four contract cells, an Urgent contract's effect, and Bind
 * (a contract reserved from the top three of the deck)
 *
 * Only a cell whose card changed redraws, and it slides only after a new action: not on the
 * first showing, an undo, a redo or a jump in the history (those show the row as it is at
 * once: a slide is 350 ms of frames).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-contract-cell.h"
#include "pen-deck-reserve-popover.h"
#include "pen-guild-section.h"
#include "pen-rival.h"
#include "pen-rule-button.h"
#include "pen-table-util.h"
#include "pen-turn.h"
#include "pen-widget-utils.h"

struct _PenGuildSection
{
  PenSection             parent_instance;

  GtkWidget             *cells_box;
  PenContractCell       *cells[PEN_CONTRACT_CELLS];
  GtkLabel              *urgent_label;
  GtkWidget             *deck_reserve_button;
  PenDeckReservePopover *deck_reserve_popover;

  gboolean               shown;    /* the cells show this game already */
  guint                  position; /* the game's position they show */
  PenAction             *next;     /* the first undone action then (what a redo applies) */
};

G_DEFINE_FINAL_TYPE (PenGuildSection, pen_guild_section, PEN_TYPE_SECTION)

/* While an Urgent contract is in the Guild row its effect applies to every player; it stops
 * when someone fulfils it or it leaves the row (Russian rules chapter) */
static void
update_urgent (PenGuildSection *self,
               GPtrArray       *ids)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      const char *effect;

      if (id == NULL || !pen_tu_is_urgent (id))
        continue;
      effect = pen_tu_card_text (id);
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append_printf (text, _("Urgent: in effect for every player — %s"),
                              pen_turn_card_name (id));
      g_string_append (text, ". ");
      g_string_append (text, effect != NULL ? effect
                                            : _("Its effect is not in the catalogue: read the "
                                                "card."));
    }
  gtk_label_set_label (self->urgent_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->urgent_label), text->len > 0);
}

static void
pen_guild_section_position_changed (PenSection *section)
{
  PenGuildSection *self = PEN_GUILD_SECTION (section);
  PenTable *table = pen_section_get_table (section);
  PenGame *game = pen_section_get_game (section);
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(PenAction) last = NULL;
  GListModel *history;
  gboolean animate;
  guint position;

  if (table == NULL)
    return;
  history = game != NULL ? pen_game_get_history (game) : NULL;
  position = game != NULL ? pen_game_get_position (game) : 0;
  if (history != NULL && position > 0)
    last = g_list_model_get_item (history, position - 1);
  /* one action more, and not the one a redo would have applied */
  animate = self->shown && position == self->position + 1 && (last == NULL || last != self->next);
  ids = pen_tu_list_ids (pen_table_get_contract_row (table));
  for (guint i = 0; i < PEN_CONTRACT_CELLS; i++)
    pen_contract_cell_show (self->cells[i], i, i < ids->len ? g_ptr_array_index (ids, i) : NULL,
                            animate);
  self->shown = TRUE;
  self->position = position;
  g_clear_object (&self->next);
  if (history != NULL && position < g_list_model_get_n_items (history))
    self->next = g_list_model_get_item (history, position);
  update_urgent (self, ids);
  /* after the game the row is a record: nothing more is taken from it */
  gtk_widget_set_sensitive (self->cells_box, pen_table_get_phase (table) != PEN_PHASE_ENDED);
  /* nor on the Rival's turn: it never binds a Contract (docs/rival.md) */
  gtk_widget_set_visible (self->deck_reserve_button,
                          pen_table_get_phase (table) != PEN_PHASE_ENDED
                          && !pen_rival_is_due (table));
}

static void
pen_guild_section_game_set (PenSection *section,
                            PenGame    *game)
{
  PEN_GUILD_SECTION (section)->shown = FALSE;
  g_clear_object (&PEN_GUILD_SECTION (section)->next);
}

static void
deck_reserve_show_cb (PenGuildSection *self)
{
  PenTable *table = pen_section_get_table (PEN_SECTION (self));

  if (table != NULL)
    pen_deck_reserve_popover_update (self->deck_reserve_popover, table);
}

static void
pen_guild_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_GUILD_SECTION);
  g_clear_object (&PEN_GUILD_SECTION (object)->next);

  G_OBJECT_CLASS (pen_guild_section_parent_class)->dispose (object);
}

static void
pen_guild_section_class_init (PenGuildSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PenSectionClass *section_class = PEN_SECTION_CLASS (klass);

  object_class->dispose = pen_guild_section_dispose;
  section_class->game_set = pen_guild_section_game_set;
  section_class->position_changed = pen_guild_section_position_changed;

  g_type_ensure (PEN_TYPE_CONTRACT_CELL);
  g_type_ensure (PEN_TYPE_DECK_RESERVE_POPOVER);
  g_type_ensure (PEN_TYPE_RULE_BUTTON);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-guild-section.ui");
  gtk_widget_class_bind_template_child (widget_class, PenGuildSection, cells_box);
  for (guint i = 0; i < PEN_CONTRACT_CELLS; i++)
    {
      g_autofree char *id = g_strdup_printf ("cell%u", i);

      gtk_widget_class_bind_template_child_full (widget_class, id, FALSE,
                                                 G_STRUCT_OFFSET (PenGuildSection, cells)
                                                 + i * sizeof (gpointer));
    }
  gtk_widget_class_bind_template_child (widget_class, PenGuildSection, urgent_label);
  gtk_widget_class_bind_template_child (widget_class, PenGuildSection, deck_reserve_button);
  gtk_widget_class_bind_template_child (widget_class, PenGuildSection, deck_reserve_popover);
  gtk_widget_class_bind_template_callback (widget_class, deck_reserve_show_cb);
}

static void
pen_guild_section_init (PenGuildSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_widget_set_accessible_label (self->deck_reserve_button,
                                   _("Look at the top three contracts of the deck and reserve "
                                     "one (Bind: 1 Blood)"));
}
