/* pen-widget-utils.h: small helpers shared by the app's widgets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

void       pen_widget_remove_all           (GtkWidget  *container);
/* What a screen reader says for widget */
void       pen_widget_set_accessible_label (GtkWidget  *widget,
                                            const char *label);
/* Sets the tooltip only when it changes (see the .c) */
void       pen_widget_set_tooltip_text     (GtkWidget  *widget,
                                            const char *text);
/* Shows message in a toast over the window widget is in (its AdwToastOverlay), or logs it
 * when there is none */
void       pen_widget_toast                (GtkWidget  *widget,
                                            const char *message);
/* Lays out a page not in view (a stack's other page) ahead of time at width, and draws its
 * text once offscreen (see the .c) */
void       pen_widget_warm_hidden          (GtkWidget  *page,
                                            int         width);
/* A dimmed row that says a list is empty */
GtkWidget *pen_placeholder_row             (const char *text);
/* Makes window transient for parent and no bigger than it (a phone's 360 px) */
void       pen_popover_keep_in_window      (GtkWidget  *widget);
void       pen_drop_down_fit               (GtkDropDown *drop);
void       pen_widget_requery_tooltip      (GtkWidget   *widget);
int        pen_popover_inward_offset       (const graphene_rect_t *parent_bounds,
                                            int                    nat_w,
                                            int                    width);
void       pen_scrolled_hold_content       (GtkWidget  *holder,
                                            int         up_to);
void       pen_window_fit_parent           (GtkWindow  *window,
                                            GtkWindow  *parent);
/* The spin button takes the mouse wheel only while the focus is in it: a wheel turn over it
 * scrolls the form it is in rather than changing its number unseen (as GNOME Settings) */
void       pen_spin_button_scroll_when_focused (GtkSpinButton *spin);
/* The same for every spin button inside widget now */
void       pen_spin_buttons_scroll_when_focused (GtkWidget    *widget);
/* When window is transient for another dialog, at least as big as that one: its button row
 * is never seen under window's own (a tap there would do nothing, window being modal) */
void       pen_window_cover_parent_dialog  (GtkWindow  *window);
/* The group's title wraps rather than being cut ("Планшет: Святослав Тихомиров-Зал…"):
 * libadwaita 1.2 ellipsizes it */
void       pen_preferences_group_wrap_title (AdwPreferencesGroup *group);
/* The combo row's popup shows each item whole, wrapped, rather than cut at 360 px */
void       pen_combo_row_wrap_popup        (AdwComboRow *row);

/* A tap on the drop-down does not take the focus, which scrolls the page (see the .c) */
void       pen_drop_down_keep_scroll       (GtkDropDown *drop);
/* The drop-down's search works from the keyboard (see the .c): opening it puts the focus in
 * its search entry, Enter there picks the first match, Down goes to the list, Escape closes
 * it; the focus comes back to the drop-down when it closes. Its items are GtkStringObjects
 * unless it has an expression already. */
void       pen_drop_down_search_keys       (GtkDropDown *drop);
/* Every scrolled window under widget (itself included) stays where the player scrolled it when
 * the focus moves inside it (a tap, a menu or dialog closing); only a focus moved by a
 * navigation key is brought into view (see the .c). For the scrolled windows there now. */
void       pen_widget_keep_scroll_still    (GtkWidget   *widget);

/* The text a drop-down or combo row shows for item: its expression's string, else a
 * GtkStringObject's; NULL for neither. Transfer full. */
/* A popup item made of a label and a check mark (its last child): binds the item's text by
 * source's "expression" and checks it while it is source's "selected" (a GtkDropDown or an
 * AdwComboRow); unbind disconnects what bind connected */
void       pen_checked_item_bind           (GtkListItem *item,
                                            GObject     *source);
void       pen_checked_item_unbind         (GtkListItem *item,
                                            GObject     *source);
char      *pen_list_item_text              (GtkExpression *expression,
                                            gpointer       item);

/* While a popover (a menu too) is open, the tooltips of the widgets it opens from (its button
 * and what holds it) are off, so none lies over it; they come back when it closes. Once per
 * process (the window calls it); pen_tooltips_quieted_by () is for tests. */
void       pen_tooltips_quiet_under_popovers (void);
gboolean   pen_tooltips_quieted_by         (GtkWidget   *popover,
                                            GtkWidget   *widget);

G_END_DECLS
