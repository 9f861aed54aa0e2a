/* pen-widget-utils.c: small helpers shared by the app's widgets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <pango/pangocairo.h>

#include "pen-widget-utils.h"

/* Every child of a box, list box, flow box or any other widget that holds its children
 * directly */
void
pen_widget_remove_all (GtkWidget *container)
{
  GtkWidget *child;

  g_return_if_fail (GTK_IS_WIDGET (container));

  while ((child = gtk_widget_get_first_child (container)) != NULL)
    {
      if (GTK_IS_BOX (container))
        gtk_box_remove (GTK_BOX (container), child);
      else if (GTK_IS_LIST_BOX (container))
        gtk_list_box_remove (GTK_LIST_BOX (container), child);
      else if (GTK_IS_FLOW_BOX (container))
        gtk_flow_box_remove (GTK_FLOW_BOX (container), child);
      else
        gtk_widget_unparent (child);
    }
}

void
pen_widget_set_accessible_label (GtkWidget  *widget,
                                 const char *label)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

/* GTK 4.8 runs the tooltip query under the pointer again on every gtk_widget_set_tooltip_text
 * (), changed or not: a tooltip in view is hidden and shown again, with its relayout and
 * frames. A view that sets its tooltips on each refresh sets them through this. */
void
pen_widget_set_tooltip_text (GtkWidget  *widget,
                             const char *text)
{
  /* GTK takes "" for no tooltip */
  if (text != NULL && *text == '\0')
    text = NULL;
  if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0)
    return;
  gtk_widget_set_tooltip_text (widget, text);
}

void
pen_widget_toast (GtkWidget  *widget,
                  const char *message)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (message));
  else
    g_message ("%s", message);
}

GtkWidget *
pen_placeholder_row (const char *text)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), text);
  gtk_widget_add_css_class (row, "dim-label");
  return row;
}

/* The holder's one child is a GtkScrolledWindow: it asks at least the height of what it
 * scrolls, up to "up_to" pixels, rather than the few pixels a scrolled window asks */
static void
hold_measure (GtkWidget      *holder,
              GtkOrientation  orientation,
              int             for_size,
              int            *minimum,
              int            *natural,
              int            *minimum_baseline,
              int            *natural_baseline)
{
  GtkWidget *scroller = gtk_widget_get_first_child (holder);
  GtkWidget *content;
  int min = 0, nat = 0;

  if (scroller == NULL || !gtk_widget_should_layout (scroller))
    {
      *minimum = *natural = 0;
      return;
    }
  gtk_widget_measure (scroller, orientation, for_size, &min, &nat, NULL, NULL);
  content = GTK_IS_SCROLLED_WINDOW (scroller)
            ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)) : NULL;
  if (orientation == GTK_ORIENTATION_VERTICAL && content != NULL
      && gtk_widget_should_layout (content))
    {
      int up_to = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (holder), "pen-hold-up-to"));
      int content_nat = 0;

      gtk_widget_measure (content, orientation, for_size, NULL, &content_nat, NULL, NULL);
      min = MAX (min, MIN (content_nat, up_to));
      nat = MAX (nat, min);
    }
  *minimum = min;
  *natural = nat;
}

static void
hold_allocate (GtkWidget *holder,
               int        width,
               int        height,
               int        baseline)
{
  GtkWidget *scroller = gtk_widget_get_first_child (holder);

  if (scroller != NULL && gtk_widget_should_layout (scroller))
    gtk_widget_allocate (scroller, width, height, baseline, NULL);
}

/* A scrolled window in a dialog (its extra child) shows what it scrolls, up to up_to pixels,
 * before the dialog's texts take the height: a dialog's height is set once it is shown, for
 * the width it was measured at, and when the narrower window wrapped its heading and body on
 * more lines (Russian, 360 px), the scrolled part was squeezed to a strip (play finding E3,
 * session 14). holder: a widget whose only child is the scrolled window. */
void
pen_scrolled_hold_content (GtkWidget *holder,
                           int        up_to)
{
  g_return_if_fail (GTK_IS_WIDGET (holder));

  g_object_set_data (G_OBJECT (holder), "pen-hold-up-to", GINT_TO_POINTER (up_to));
  gtk_widget_set_layout_manager (holder, gtk_custom_layout_new (NULL, hold_measure,
                                                                hold_allocate));
}

/* A dialog's default size suits a desktop; on a phone the window it belongs to is 360 px
 * wide, and a bigger dialog would stick out of the screen. Keeps the default size, at most the
 * parent's (its laid-out size, or the default size it will get). */
void
pen_window_fit_parent (GtkWindow *window,
                       GtkWindow *parent)
{
  int w, h, dw, dh;

  g_return_if_fail (GTK_IS_WINDOW (window));

  if (parent == NULL)
    return;
  gtk_window_set_transient_for (window, parent);
  w = gtk_widget_get_width (GTK_WIDGET (parent));
  h = gtk_widget_get_height (GTK_WIDGET (parent));
  if (w <= 0 || h <= 0)
    gtk_window_get_default_size (parent, &w, &h);
  gtk_window_get_default_size (window, &dw, &dh);
  if (w > 0 && dw > w)
    dw = w;
  if (h > 0 && dh > h)
    dh = h;
  gtk_window_set_default_size (window, dw, dh);
}

void
pen_window_cover_parent_dialog (GtkWindow *window)
{
  GtkWindow *parent;
  int w, h;

  g_return_if_fail (GTK_IS_WINDOW (window));

  parent = gtk_window_get_transient_for (window);
  if (parent == NULL || !ADW_IS_MESSAGE_DIALOG (parent))
    return;
  w = gtk_widget_get_width (GTK_WIDGET (parent));
  h = gtk_widget_get_height (GTK_WIDGET (parent));
  if (w > 0 && h > 0)
    {
      gtk_widget_set_size_request (GTK_WIDGET (window), w, h);
      gtk_window_set_default_size (window, w, h);
    }
}

/* GtkSpinButton changes its value on every scroll event it gets, focused or not; in a
 * scrolled form a wheel turn that passes over one edits it. Its own scroll controllers are
 * switched off while the focus is elsewhere, so the event goes on to the scrolled window. */
static void
spin_scroll_set_enabled (GtkWidget *spin,
                         gboolean   enabled)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (spin);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_SCROLL (c))
        gtk_event_controller_set_propagation_phase (c, enabled ? GTK_PHASE_BUBBLE
                                                               : GTK_PHASE_NONE);
    }
}

static void
spin_focus_enter_cb (GtkEventControllerFocus *focus,
                     gpointer                 user_data)
{
  spin_scroll_set_enabled (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus)),
                           TRUE);
}

static void
spin_focus_leave_cb (GtkEventControllerFocus *focus,
                     gpointer                 user_data)
{
  spin_scroll_set_enabled (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus)),
                           FALSE);
}

void
pen_spin_button_scroll_when_focused (GtkSpinButton *spin)
{
  GtkEventController *focus;
  g_autoptr(GListModel) controllers = NULL;

  g_return_if_fail (GTK_IS_SPIN_BUTTON (spin));

  controllers = gtk_widget_observe_controllers (GTK_WIDGET (spin));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      /* done already */
      if (g_strcmp0 (gtk_event_controller_get_name (c), "pen-spin-scroll-focus") == 0)
        return;
    }
  focus = gtk_event_controller_focus_new ();
  gtk_event_controller_set_name (focus, "pen-spin-scroll-focus");
  g_signal_connect (focus, "enter", G_CALLBACK (spin_focus_enter_cb), NULL);
  g_signal_connect (focus, "leave", G_CALLBACK (spin_focus_leave_cb), NULL);
  /* before the scroll controllers go off: observe_controllers lists this one too */
  spin_scroll_set_enabled (GTK_WIDGET (spin), FALSE);
  gtk_widget_add_controller (GTK_WIDGET (spin), focus);
}

void
pen_spin_buttons_scroll_when_focused (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (GTK_IS_SPIN_BUTTON (widget))
    {
      pen_spin_button_scroll_when_focused (GTK_SPIN_BUTTON (widget));
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    pen_spin_buttons_scroll_when_focused (child);
}

/* the popup's item: its whole text, and a check mark on the chosen one, as AdwComboRow's own */
static void
wrap_setup_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* wide enough for most items on one line, narrow enough for a phone's screen (at 30 the
   * Russian kinds' list was 309 px in a 300 px dialog: play finding E5) */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 26);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_item_set_child (item, box);
}

static void
update_check (GObject     *source,
              GParamSpec  *pspec,
              GtkListItem *item)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  guint selected = GTK_INVALID_LIST_POSITION;

  g_object_get (source, "selected", &selected, NULL);
  gtk_widget_set_opacity (gtk_widget_get_last_child (box),
                          selected == gtk_list_item_get_position (item));
}

char *
pen_list_item_text (GtkExpression *expression,
                    gpointer       item)
{
  g_auto(GValue) value = G_VALUE_INIT;

  if (expression != NULL && gtk_expression_evaluate (expression, item, &value)
      && G_VALUE_HOLDS_STRING (&value))
    return g_value_dup_string (&value);
  if (GTK_IS_STRING_OBJECT (item))
    return g_strdup (gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
  return NULL;
}

void
pen_checked_item_bind (GtkListItem *item,
                       GObject     *source)
{
  g_autoptr(GtkExpression) expression = NULL;
  g_autofree char *text = NULL;

  g_object_get (source, "expression", &expression, NULL);
  text = pen_list_item_text (expression, gtk_list_item_get_item (item));
  gtk_label_set_label (GTK_LABEL (gtk_widget_get_first_child (gtk_list_item_get_child (item))),
                       text ? text : "");
  g_signal_connect (source, "notify::selected", G_CALLBACK (update_check), item);
  update_check (source, NULL, item);
}

void
pen_checked_item_unbind (GtkListItem *item,
                         GObject     *source)
{
  g_signal_handlers_disconnect_by_func (source, update_check, item);
}

static void
wrap_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              AdwComboRow              *row)
{
  pen_checked_item_bind (item, G_OBJECT (row));
}

static void
wrap_unbind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                AdwComboRow              *row)
{
  pen_checked_item_unbind (item, G_OBJECT (row));
}

/* AdwComboRow's own popup items are ellipsized: at 360 px "Сбросить кубики на …" and
 * "Бросить кубики на с…" could not be told apart */
/* The first label under widget, depth first */
static GtkWidget *
first_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = first_label (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

void
pen_preferences_group_wrap_title (AdwPreferencesGroup *group)
{
  GtkWidget *label;

  g_return_if_fail (ADW_IS_PREFERENCES_GROUP (group));

  /* the group's header comes first in its template, the title first in the header */
  label = first_label (GTK_WIDGET (group));
  g_return_if_fail (label != NULL);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_NONE);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
}

void
pen_combo_row_wrap_popup (AdwComboRow *row)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  g_signal_connect (factory, "setup", G_CALLBACK (wrap_setup_cb), NULL);
  /* the factory lives as long as the row: it is the row's */
  g_signal_connect (factory, "bind", G_CALLBACK (wrap_bind_cb), row);
  g_signal_connect (factory, "unbind", G_CALLBACK (wrap_unbind_cb), row);
  adw_combo_row_set_list_factory (row, factory);
  /* within the window too, sideways and up or down (play finding E5) */
  pen_popover_keep_in_window (GTK_WIDGET (row));
}

static GtkWidget *
first_of_type (GtkWidget *widget,
               GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = first_of_type (c, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The sideways offset that keeps a popover nat_w wide inside a window width wide: GTK centres
 * it on its parent (at parent_bounds, in the window), then it is shifted in */
int
pen_popover_inward_offset (const graphene_rect_t *parent_bounds,
                           int                    nat_w,
                           int                    width)
{
  int left = (int) (parent_bounds->origin.x + parent_bounds->size.width / 2) - nat_w / 2;
  int offset = 0;

  if (left + nat_w > width)
    offset = width - (left + nat_w);
  if (left + offset < 0)
    offset = -left;
  return offset;
}

/* Placed as it opens: inside the window it belongs to (its root), sideways and up or down */
static void
in_window_show_cb (GtkPopover *popover)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (popover));
  GtkRoot *root = parent != NULL ? gtk_widget_get_root (parent) : NULL;
  GtkWidget *scroller = first_of_type (GTK_WIDGET (popover), GTK_TYPE_SCROLLED_WINDOW);
  gpointer kept;
  graphene_rect_t bounds;
  int width, height, nat_w = 0, nat_h = 0, list_h = 0, offset = 0;
  int above, below, room;

  if (root == NULL || !gtk_widget_compute_bounds (parent, GTK_WIDGET (root), &bounds))
    return;
  width = gtk_widget_get_width (GTK_WIDGET (root));
  height = gtk_widget_get_height (GTK_WIDGET (root));
  if (width <= 0 || height <= 0)
    return;
  /* the list's own limit, kept from the first time */
  if (scroller != NULL)
    {
      kept = g_object_get_data (G_OBJECT (scroller), "pen-max-content-height");
      if (kept == NULL)
        {
          kept = GINT_TO_POINTER (gtk_scrolled_window_get_max_content_height (
                                    GTK_SCROLLED_WINDOW (scroller)) + 2);
          g_object_set_data (G_OBJECT (scroller), "pen-max-content-height", kept);
        }
      gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller),
                                                  GPOINTER_TO_INT (kept) - 2);
    }
  gtk_widget_measure (GTK_WIDGET (popover), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat_w,
                      NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (popover), GTK_ORIENTATION_VERTICAL, nat_w, NULL, &nat_h,
                      NULL, NULL);

  offset = pen_popover_inward_offset (&bounds, nat_w, width);

  /* below if it fits there or there is more room there, else above; the list scrolls in the
   * room it has */
  below = height - (int) (bounds.origin.y + bounds.size.height);
  above = (int) bounds.origin.y;
  if (nat_h > below && above > below)
    {
      gtk_popover_set_position (popover, GTK_POS_TOP);
      room = above;
    }
  else
    {
      gtk_popover_set_position (popover, GTK_POS_BOTTOM);
      room = below;
    }
  if (scroller != NULL && nat_h > room)
    {
      gtk_widget_measure (scroller, GTK_ORIENTATION_VERTICAL, -1, NULL, &list_h, NULL, NULL);
      gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller),
                                                  MAX (list_h - (nat_h - room), 96));
    }
  gtk_popover_set_offset (popover, offset, 0);
}

/* GTK keeps a popover inside the monitor, not the window (the dialog, the phone's window):
 * the list of a drop-down near a dialog's bottom opened 80 px below a 720 px window, and one
 * near its right edge 24 px past it (play finding E5, session 14). Every time it opens it is
 * shifted in sideways, opens upward when there is more room above, and its list (its
 * GtkScrolledWindow) is made short enough to scroll within the room. widget: a popover, or a
 * widget whose first popover (a drop-down's, a combo row's) it is. */
void
pen_popover_keep_in_window (GtkWidget *widget)
{
  GtkWidget *popover;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  popover = first_of_type (widget, GTK_TYPE_POPOVER);
  if (popover == NULL
      || g_signal_handler_find (popover, G_SIGNAL_MATCH_FUNC, 0, 0, NULL, in_window_show_cb,
                                NULL) != 0)
    return;
  g_signal_connect (popover, "show", G_CALLBACK (in_window_show_cb), NULL);
}

static void
ellipsize_setup_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  /* cut with "…" (the popup shows it whole): GtkDropDown 4.8's button does not wrap a label
   * to its width, it clips it and its arrow */
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
button_bind_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   GtkDropDown              *drop)
{
  g_autofree char *text = pen_list_item_text (gtk_drop_down_get_expression (drop),
                                              gtk_list_item_get_item (item));

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)), text ? text : "");
}

static void
checked_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 GObject                  *source)
{
  pen_checked_item_bind (item, source);
}

static void
checked_unbind_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   GObject                  *source)
{
  pen_checked_item_unbind (item, source);
}

/* A drop-down within a phone's 360 px: the chosen item on its button is cut with "…" rather
 * than widen the dialog or the row past the window (play finding E4, session 14: «Руководство
 * по Хорошим Манерам» made the Artifact naming dialog 400 px wide), and the popup's items wrap
 * at 26 characters, so the popup is no wider than the window either (E5) */
void
pen_drop_down_fit (GtkDropDown *drop)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) list_factory = gtk_signal_list_item_factory_new ();

  g_return_if_fail (GTK_IS_DROP_DOWN (drop));

  g_signal_connect (factory, "setup", G_CALLBACK (ellipsize_setup_cb), NULL);
  g_signal_connect_object (factory, "bind", G_CALLBACK (button_bind_cb), drop, 0);
  g_signal_connect (list_factory, "setup", G_CALLBACK (wrap_setup_cb), NULL);
  g_signal_connect_object (list_factory, "bind", G_CALLBACK (checked_bind_cb), drop, 0);
  g_signal_connect_object (list_factory, "unbind", G_CALLBACK (checked_unbind_cb), drop, 0);
  gtk_drop_down_set_factory (drop, factory);
  gtk_drop_down_set_list_factory (drop, list_factory);
  pen_popover_keep_in_window (GTK_WIDGET (drop));
}

/* A tap on a drop-down does not give its button the focus (Tab still reaches it): the page
 * stays still anyway (pen_widget_keep_scroll_still ()), and the focus stays where the player
 * left it (play findings P9, T9). */
void
pen_drop_down_keep_scroll (GtkDropDown *drop)
{
  g_return_if_fail (GTK_IS_DROP_DOWN (drop));

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (drop)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      gtk_widget_set_focus_on_click (child, FALSE);
  /* and its list opens within the window (play finding E5) */
  pen_popover_keep_in_window (GTK_WIDGET (drop));
}

/* GTK 4.8's drop-down with a search (play findings A6, E6): opening it leaves the focus on
 * the list, where typing does nothing (a click into the entry was needed); in the entry,
 * Escape only stops the search and the popover stays open; Enter does nothing; and once the
 * popover closes the focus stays in it, unseen, where no key reaches the dialog (a second
 * Escape does not close it). Without an expression its search matches nothing. */

static GtkWidget *
find_descendant (GtkWidget *root,
                 GType      type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        return child;
      if ((found = find_descendant (child, type)) != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
drop_down_popover (GtkDropDown *drop)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (drop)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      return child;
  return NULL;
}

static void
search_popover_map_cb (GtkWidget   *popover,
                       GtkDropDown *drop)
{
  if (gtk_drop_down_get_enable_search (drop))
    gtk_widget_grab_focus (find_descendant (popover, GTK_TYPE_SEARCH_ENTRY));
}

static void
search_popover_closed_cb (GtkWidget   *popover,
                          GtkDropDown *drop)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (drop));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus != NULL && gtk_widget_is_ancestor (focus, popover))
    gtk_widget_grab_focus (GTK_WIDGET (drop));
}

static void
search_stop_cb (GtkSearchEntry *entry,
                GtkDropDown    *drop)
{
  gtk_popover_popdown (GTK_POPOVER (drop_down_popover (drop)));
}

/* The list filtered as each letter is typed, not 150 ms later (the entry's "search-changed",
 * which GTK's drop-down waits for): Enter right after typing picks from the matches */
static void
search_changed_now_cb (GtkEditable *entry,
                       GtkDropDown *drop)
{
  GtkWidget *list = find_descendant (drop_down_popover (drop), GTK_TYPE_LIST_VIEW);
  GtkSelectionModel *shown = gtk_list_view_get_model (GTK_LIST_VIEW (list));
  GListModel *filtered;
  GtkFilter *filter;

  if (!GTK_IS_SINGLE_SELECTION (shown))
    return;
  filtered = gtk_single_selection_get_model (GTK_SINGLE_SELECTION (shown));
  if (!GTK_IS_FILTER_LIST_MODEL (filtered))
    return;
  /* at once: a Down or Enter right after the letters finds the list they leave */
  gtk_filter_list_model_set_incremental (GTK_FILTER_LIST_MODEL (filtered), FALSE);
  filter = gtk_filter_list_model_get_filter (GTK_FILTER_LIST_MODEL (filtered));
  if (GTK_IS_STRING_FILTER (filter))
    gtk_string_filter_set_search (GTK_STRING_FILTER (filter), gtk_editable_get_text (entry));
}

/* Picks item, one of the drop-down's model */
static void
select_item (GtkDropDown *drop,
             GObject     *picked)
{
  GListModel *model = gtk_drop_down_get_model (drop);

  for (guint i = 0, n = model != NULL ? g_list_model_get_n_items (model) : 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      if (item == picked)
        {
          gtk_drop_down_set_selected (drop, i);
          return;
        }
    }
}

/* Enter in the search: the first item the search leaves (none typed: the one chosen stays) */
static void
search_activate_cb (GtkSearchEntry *entry,
                    GtkDropDown    *drop)
{
  GtkWidget *popover = drop_down_popover (drop);
  GtkWidget *list = find_descendant (popover, GTK_TYPE_LIST_VIEW);
  GListModel *shown = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
  g_autoptr(GObject) first = NULL;

  if (*gtk_editable_get_text (GTK_EDITABLE (entry)) != '\0' && shown != NULL)
    first = g_list_model_get_item (shown, 0);
  gtk_popover_popdown (GTK_POPOVER (popover));
  if (first != NULL)
    select_item (drop, first);
}

/* Down in the search: to the list, its first item */
static gboolean
search_key_cb (GtkEventControllerKey *keys,
               guint                  keyval,
               guint                  keycode,
               GdkModifierType        state,
               GtkDropDown           *drop)
{
  GtkWidget *list;

  if ((keyval != GDK_KEY_Down && keyval != GDK_KEY_KP_Down)
      || (state & gtk_accelerator_get_default_mod_mask ()) != 0)
    return GDK_EVENT_PROPAGATE;
  list = find_descendant (drop_down_popover (drop), GTK_TYPE_LIST_VIEW);
  return gtk_widget_child_focus (list, GTK_DIR_TAB_FORWARD);
}

void
pen_drop_down_search_keys (GtkDropDown *drop)
{
  GtkWidget *popover;
  GtkWidget *entry;
  GtkEventController *keys;

  g_return_if_fail (GTK_IS_DROP_DOWN (drop));

  popover = drop_down_popover (drop);
  g_return_if_fail (popover != NULL);
  entry = find_descendant (popover, GTK_TYPE_SEARCH_ENTRY);
  g_return_if_fail (entry != NULL);

  if (gtk_drop_down_get_expression (drop) == NULL)
    {
      g_autoptr(GtkExpression) expression =
        gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");

      gtk_drop_down_set_expression (drop, expression);
    }
  g_signal_connect_after (popover, "map", G_CALLBACK (search_popover_map_cb), drop);
  g_signal_connect (popover, "closed", G_CALLBACK (search_popover_closed_cb), drop);
  g_signal_connect (entry, "stop-search", G_CALLBACK (search_stop_cb), drop);
  g_signal_connect (entry, "activate", G_CALLBACK (search_activate_cb), drop);
  g_signal_connect (entry, "changed", G_CALLBACK (search_changed_now_cb), drop);
  /* typing while the list has the focus goes on with the search */
  gtk_search_entry_set_key_capture_widget (GTK_SEARCH_ENTRY (entry), popover);
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (search_key_cb), drop);
  gtk_widget_add_controller (entry, keys);
}

/* A page shown for the first time pays, in the frame that shows it, for its text laid out
 * (pango, harfbuzz) and for its glyphs drawn the first time (FreeType loads and hints each
 * glyph, cairo caches its mask): 8 M instructions of the turn controls' start page on an undo.
 * Done once ahead, at idle, the frame finds it all cached: GTK keeps a widget's measurements
 * until it changes, skips an allocation whose size did not change, and cairo keeps the glyphs
 * of a font (the labels' own layouts hold the very fonts their text nodes are drawn with). */
static void
draw_text_offscreen (GtkWidget *widget)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    {
      PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (widget));
      cairo_surface_t *surface;
      PangoRectangle ink;
      cairo_t *cr;

      pango_layout_get_pixel_extents (layout, &ink, NULL);
      if (ink.width <= 0 || ink.height <= 0)
        return;
      /* an image surface, as the frames are drawn into: the same font options, and so the
       * same glyph masks */
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, MIN (ink.width, 2048),
                                            MIN (ink.height, 512));
      cr = cairo_create (surface);
      cairo_move_to (cr, -ink.x, -ink.y);
      pango_cairo_show_layout (cr, layout);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    draw_text_offscreen (child);
}

void
pen_widget_warm_hidden (GtkWidget *page,
                        int        width)
{
  int min_w, min_h, nat_h;

  g_return_if_fail (GTK_IS_WIDGET (page));

  if (width <= 0 || !gtk_widget_get_visible (page) || gtk_widget_get_mapped (page)
      || gtk_widget_get_root (page) == NULL)
    return;
  /* what its parent will ask when it is shown: its width, its height for that width */
  gtk_widget_measure (page, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
  width = MAX (width, min_w);
  gtk_widget_measure (page, GTK_ORIENTATION_VERTICAL, width, &min_h, &nat_h, NULL, NULL);
  gtk_widget_measure (page, GTK_ORIENTATION_HORIZONTAL, nat_h, NULL, NULL, NULL, NULL);
  gtk_widget_size_allocate (page, &(GtkAllocation) { 0, 0, width, nat_h }, -1);
  draw_text_offscreen (page);
}

/* GTK 4.8's GtkViewport (the one a scrolled window puts around a child that does not scroll
 * itself) has "scroll-to-focus" on, and animates its adjustment to every widget that takes the
 * focus inside it: a die's button partly under the fold when tapped; each item of the die's
 * menu as the pointer passes over it (the popover is the button's child, and the item's bounds
 * are taken as if it lay on the page: 100 px and more); the button again when the menu or a
 * drop-down's popup closes. The page moved under the player's finger and the next tap hit a
 * Blood "−" (play findings P6b, T9). So the viewport never follows the focus; only a focus move
 * made by a navigation key (Tab, the arrows, Page Up/Down, Home, End) brings the focused widget
 * into view, at once and by the least that shows it, as GTK does. */
typedef struct
{
  GtkScrolledWindow  *scroller;   /* the struct lives as long as the scroller's map handler */
  GtkRoot            *root;       /* while mapped */
  GtkEventController *keys;       /* on root, while mapped */
  gulong              focus_id;
  guint               key_idle;
  gboolean            by_key;     /* a navigation key is being handled */
} KeepStill;

static gboolean
key_over_cb (gpointer user_data)
{
  KeepStill *ks = user_data;

  ks->by_key = FALSE;
  ks->key_idle = 0;
  return G_SOURCE_REMOVE;
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                KeepStill             *ks)
{
  switch (keyval)
    {
    case GDK_KEY_Tab: case GDK_KEY_ISO_Left_Tab: case GDK_KEY_KP_Tab:
    case GDK_KEY_Up: case GDK_KEY_Down: case GDK_KEY_Left: case GDK_KEY_Right:
    case GDK_KEY_KP_Up: case GDK_KEY_KP_Down: case GDK_KEY_KP_Left: case GDK_KEY_KP_Right:
    case GDK_KEY_Page_Up: case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Up:
    case GDK_KEY_KP_Page_Down: case GDK_KEY_Home: case GDK_KEY_End: case GDK_KEY_KP_Home:
    case GDK_KEY_KP_End:
      /* the focus moves while this key is handled; over once the loop is back (before any
       * other event: the events' source has a lower priority) */
      ks->by_key = TRUE;
      if (ks->key_idle == 0)
        ks->key_idle = g_idle_add_full (G_PRIORITY_HIGH, key_over_cb, ks, NULL);
      break;
    default:
      break;
    }
  return GDK_EVENT_PROPAGATE;
}

static void
scroll_to_show (GtkAdjustment *adj,
                double         start,
                double         size)
{
  double value = gtk_adjustment_get_value (adj);
  double page = gtk_adjustment_get_page_size (adj);

  if (start < value)
    gtk_adjustment_set_value (adj, start);
  else if (start + size > value + page)
    gtk_adjustment_set_value (adj, MIN (start, start + size - page));
}

static void
focus_changed_cb (GtkRoot    *root,
                  GParamSpec *pspec,
                  KeepStill  *ks)
{
  GtkWidget *viewport = gtk_scrolled_window_get_child (ks->scroller);
  GtkWidget *content = GTK_IS_VIEWPORT (viewport) ? gtk_viewport_get_child (GTK_VIEWPORT (viewport))
                                                  : NULL;
  GtkWidget *focus = gtk_root_get_focus (root);
  graphene_rect_t bounds;

  if (!ks->by_key || focus == NULL || content == NULL || !gtk_widget_is_ancestor (focus, content)
      /* an item of a popover the page holds lies on a surface of its own */
      || gtk_widget_get_native (focus) != gtk_widget_get_native (content))
    return;
  if (GTK_IS_TEXT (focus))
    focus = gtk_widget_get_parent (focus);
  if (!gtk_widget_compute_bounds (focus, content, &bounds))
    return;
  scroll_to_show (gtk_scrolled_window_get_vadjustment (ks->scroller), bounds.origin.y,
                  bounds.size.height);
  scroll_to_show (gtk_scrolled_window_get_hadjustment (ks->scroller), bounds.origin.x,
                  bounds.size.width);
}

static void
keep_still_unmap_cb (GtkWidget *scroller,
                     KeepStill *ks)
{
  if (ks->root != NULL)
    {
      g_clear_signal_handler (&ks->focus_id, ks->root);
      gtk_widget_remove_controller (GTK_WIDGET (ks->root), ks->keys);
      ks->keys = NULL;
      ks->root = NULL;
    }
  g_clear_handle_id (&ks->key_idle, g_source_remove);
  ks->by_key = FALSE;
}

static void
keep_still_map_cb (GtkWidget *scroller,
                   KeepStill *ks)
{
  keep_still_unmap_cb (scroller, ks);
  ks->root = gtk_widget_get_root (scroller);
  if (ks->root == NULL)
    return;
  ks->focus_id = g_signal_connect (ks->root, "notify::focus-widget",
                                   G_CALLBACK (focus_changed_cb), ks);
  ks->keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_name (ks->keys, "pen-keep-scroll-still");
  gtk_event_controller_set_propagation_phase (ks->keys, GTK_PHASE_CAPTURE);
  g_signal_connect (ks->keys, "key-pressed", G_CALLBACK (key_pressed_cb), ks);
  gtk_widget_add_controller (GTK_WIDGET (ks->root), ks->keys);
}

static void
keep_still_free (gpointer  data,
                 GClosure *closure)
{
  KeepStill *ks = data;

  /* unmapped before it goes */
  g_warn_if_fail (ks->root == NULL);
  g_clear_handle_id (&ks->key_idle, g_source_remove);
  g_free (ks);
}

static void
keep_scroller_still (GtkScrolledWindow *scroller)
{
  GtkWidget *viewport = gtk_scrolled_window_get_child (scroller);
  KeepStill *ks;

  if (!GTK_IS_VIEWPORT (viewport) || !gtk_viewport_get_scroll_to_focus (GTK_VIEWPORT (viewport)))
    return;
  gtk_viewport_set_scroll_to_focus (GTK_VIEWPORT (viewport), FALSE);
  ks = g_new0 (KeepStill, 1);
  ks->scroller = scroller;
  g_signal_connect_data (scroller, "map", G_CALLBACK (keep_still_map_cb), ks, keep_still_free,
                         0);
  g_signal_connect (scroller, "unmap", G_CALLBACK (keep_still_unmap_cb), ks);
  if (gtk_widget_get_mapped (GTK_WIDGET (scroller)))
    keep_still_map_cb (GTK_WIDGET (scroller), ks);
}

void
pen_widget_keep_scroll_still (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (GTK_IS_SCROLLED_WINDOW (widget))
    keep_scroller_still (GTK_SCROLLED_WINDOW (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    pen_widget_keep_scroll_still (child);
}

/* ---- no tooltip over an open popover or menu (play finding R22, the T4 family) ---- */

/* an open popover → the widgets under it whose tooltips it turned off (GPtrArray of refs) */
static GHashTable *quieted_openers;

static gboolean
popover_map_hook (GSignalInvocationHint *hint,
                  guint                  n_values,
                  const GValue          *values,
                  gpointer               data)
{
  GObject *object = g_value_get_object (&values[0]);
  gboolean mapped = GPOINTER_TO_INT (data);
  GtkWidget *popover;

  if (!GTK_IS_POPOVER (object))
    return TRUE;
  popover = GTK_WIDGET (object);
  if (mapped && !g_hash_table_contains (quieted_openers, popover))
    {
      GPtrArray *openers = g_ptr_array_new_with_free_func (g_object_unref);

      /* the button that opened it and what holds it (a row with its own tooltip): the
       * pointer is still over them, and their tooltip would lie over the popover's top */
      for (GtkWidget *w = gtk_widget_get_parent (popover); w != NULL;
           w = gtk_widget_get_parent (w))
        if (gtk_widget_get_has_tooltip (w))
          {
            gtk_widget_set_has_tooltip (w, FALSE);
            /* hides one already shown */
            pen_widget_requery_tooltip (w);
            g_ptr_array_add (openers, g_object_ref (w));
          }
      g_hash_table_insert (quieted_openers, popover, openers);
    }
  else if (!mapped)
    {
      GPtrArray *openers = g_hash_table_lookup (quieted_openers, popover);

      for (guint i = 0; openers != NULL && i < openers->len; i++)
        gtk_widget_set_has_tooltip (g_ptr_array_index (openers, i), TRUE);
      g_hash_table_remove (quieted_openers, popover);
    }
  return TRUE;
}

void
pen_tooltips_quiet_under_popovers (void)
{
  if (quieted_openers != NULL)
    return;
  quieted_openers = g_hash_table_new_full (NULL, NULL, NULL,
                                           (GDestroyNotify) g_ptr_array_unref);
  /* every popover, menus included, wherever it was made: one hook on map and unmap */
  g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, popover_map_hook,
                              GINT_TO_POINTER (TRUE), NULL);
  g_signal_add_emission_hook (g_signal_lookup ("unmap", GTK_TYPE_WIDGET), 0, popover_map_hook,
                              GINT_TO_POINTER (FALSE), NULL);
}

gboolean
pen_tooltips_quieted_by (GtkWidget *popover,
                         GtkWidget *widget)
{
  GPtrArray *openers = quieted_openers ? g_hash_table_lookup (quieted_openers, popover) : NULL;

  return openers != NULL && g_ptr_array_find (openers, widget, NULL);
}

/* gtk_widget_trigger_tooltip_query (), only while the pointer is over the widget's own window:
 * GTK 4.8 asks the position of whatever surface the pointer is over, and one going away
 * (a dialog closing under the pointer) made it fail with a critical */
void
pen_widget_requery_tooltip (GtkWidget *widget)
{
  GdkSeat *seat;
  GdkDevice *pointer;
  GtkNative *native;
  double x, y;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  native = gtk_widget_get_native (widget);
  seat = gdk_display_get_default_seat (gtk_widget_get_display (widget));
  pointer = seat != NULL ? gdk_seat_get_pointer (seat) : NULL;
  if (native != NULL && pointer != NULL && gtk_widget_get_realized (GTK_WIDGET (native))
      && gdk_device_get_surface_at_position (pointer, &x, &y) == gtk_native_get_surface (native))
    gtk_widget_trigger_tooltip_query (widget);
}
