/* pen-picker-row.c: a row that asks the table to pick one of a few answers
 *
 * The question as the title, the answers in a drop-down under it ("items", the first one meaning
 * "not said"); "selected" follows the drop-down. The question wraps by words above the
 * drop-down, never squeezed beside it, so it stays readable at 360 px in any language.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-picker-row.h"
#include "pen-widget-utils.h"

struct _PenPickerRow
{
  AdwPreferencesRow  parent_instance;

  GtkDropDown       *drop_down;
  GListModel        *items;
};

G_DEFINE_FINAL_TYPE (PenPickerRow, pen_picker_row, ADW_TYPE_PREFERENCES_ROW)

enum {
  PROP_0,
  PROP_ITEMS,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

guint
pen_picker_row_get_selected (PenPickerRow *self)
{
  g_return_val_if_fail (PEN_IS_PICKER_ROW (self), 0);
  return gtk_drop_down_get_selected (self->drop_down);
}

GtkDropDown *
pen_picker_row_get_drop_down (PenPickerRow *self)
{
  g_return_val_if_fail (PEN_IS_PICKER_ROW (self), NULL);
  return self->drop_down;
}

static void
selected_cb (PenPickerRow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

/* the question is the drop-down's name for a screen reader */
static void
title_cb (PenPickerRow *self)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->drop_down),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self)), -1);
}

/* the labels of an action row's title and subtitle wrap by words only */
static void
wrap_by_words (GtkWidget *widget,
               GtkWidget *suffix)
{
  if (widget == suffix)
    return;
  if (GTK_IS_LABEL (widget))
    gtk_label_set_wrap_mode (GTK_LABEL (widget), PANGO_WRAP_WORD);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    wrap_by_words (c, suffix);
}

/* A drop-down's item as a label broken between words into lines of NARROW_CHARS at most (by
 * narrow_bind_cb), so a long one never widens the row past a phone and is still read whole:
 * the middle ellipsis cut the chosen Fate card, «Возрождение Г… (Пророчество)» (play finding
 * R14). The lines are broken here, not by the label's own wrapping: the drop-down's button
 * gives its item its one-line width whatever it is allocated. */
#define NARROW_CHARS 20
static void
narrow_setup_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "pen-narrow-item");
  gtk_list_item_set_child (item, label);
}

/* the popup's item in full: an ellipsized one would let the popup shrink to the button's
 * width, every name cut in the middle ("Аране…ание)"); a popup is its own surface, so a wide
 * one never widens the window */
static void
full_setup_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

/* A dialog's answer on the button wraps by words within 22 characters: the button's natural
 * width is the longest line, so a long answer ("Another Contract: name it later") no longer
 * widens a message dialog past a phone's 360 px (play finding V4) and is still read whole */
static void
wrap_setup_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 22);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

/* the popup's item in full with a check mark on the chosen one, as GtkDropDown's own */
static void
checked_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("object-select-symbolic"));
  gtk_list_item_set_child (item, box);
}

static void
checked_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 GtkDropDown              *drop_down)
{
  pen_checked_item_bind (item, G_OBJECT (drop_down));
}

static void
checked_unbind_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   GtkDropDown              *drop_down)
{
  pen_checked_item_unbind (item, G_OBJECT (drop_down));
}

/* text with its spaces turned into line breaks where a line would pass width characters; a
 * longer word keeps a line of its own */
static char *
break_lines (const char *text,
             guint       width)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  GString *out = g_string_new (NULL);
  guint line = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      guint len = (guint) g_utf8_strlen (words[i], -1);

      if (i > 0)
        {
          if (line + 1 + len > width)
            {
              g_string_append_c (out, '\n');
              line = 0;
            }
          else
            {
              g_string_append_c (out, ' ');
              line++;
            }
        }
      g_string_append (out, words[i]);
      line += len;
    }
  return g_string_free (out, FALSE);
}

static void
narrow_bind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                GtkDropDown              *drop_down)
{
  g_autofree char *text = pen_list_item_text (gtk_drop_down_get_expression (drop_down),
                                              gtk_list_item_get_item (item));
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *shown = NULL;

  /* the button's item in lines; the popup's (full_setup_cb) on one */
  if (gtk_widget_has_css_class (label, "pen-narrow-item") && text != NULL)
    shown = break_lines (text, NARROW_CHARS);
  gtk_label_set_label (GTK_LABEL (label), shown ? shown : text ? text : "");
}

/* Nothing chosen: the button's hidden item keeps the name it was bound to, which wrapped
 * into a tall button beside "(None)"; it is emptied (a choice binds it again) */
static void
clear_narrow_labels (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "pen-narrow-item"))
    gtk_label_set_label (GTK_LABEL (widget), "");
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    clear_narrow_labels (c);
}

static void
narrow_selected_cb (GtkDropDown *drop_down)
{
  if (gtk_drop_down_get_selected (drop_down) == GTK_INVALID_LIST_POSITION)
    clear_narrow_labels (GTK_WIDGET (drop_down));
}

void
pen_picker_row_stack_action_row (AdwActionRow *row,
                                 GtkWidget    *suffix)
{
  GtkWidget *header;

  g_return_if_fail (ADW_IS_ACTION_ROW (row));
  g_return_if_fail (GTK_IS_WIDGET (suffix));

  /* AdwActionRow lays its prefixes, title and suffixes out in one box, its only child */
  header = gtk_widget_get_first_child (GTK_WIDGET (row));
  g_return_if_fail (GTK_IS_ORIENTABLE (header));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (header), GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_halign (header, GTK_ALIGN_FILL);
  gtk_widget_set_hexpand (header, TRUE);
  if (GTK_IS_BOX (header))
    gtk_box_set_spacing (GTK_BOX (header), 6);
  gtk_widget_set_halign (suffix, GTK_ALIGN_START);
  wrap_by_words (header, suffix);
  if (GTK_IS_DROP_DOWN (suffix))
    pen_picker_row_narrow_drop_down (GTK_DROP_DOWN (suffix));
}

void
pen_picker_row_narrow_drop_down (GtkDropDown *drop_down)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) list_factory = gtk_signal_list_item_factory_new ();

  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));

  /* the button's item wraps between words; the popup's shows the whole name */
  g_signal_connect (factory, "setup", G_CALLBACK (narrow_setup_cb), NULL);
  g_signal_connect_object (factory, "bind", G_CALLBACK (narrow_bind_cb), drop_down, 0);
  g_signal_connect (list_factory, "setup", G_CALLBACK (full_setup_cb), NULL);
  g_signal_connect_object (list_factory, "bind", G_CALLBACK (narrow_bind_cb), drop_down, 0);
  gtk_drop_down_set_factory (drop_down, factory);
  gtk_drop_down_set_list_factory (drop_down, list_factory);
  pen_popover_keep_in_window (GTK_WIDGET (drop_down));
  g_signal_connect (drop_down, "notify::selected", G_CALLBACK (narrow_selected_cb), NULL);
  g_signal_connect (drop_down, "notify::model", G_CALLBACK (narrow_selected_cb), NULL);
  narrow_selected_cb (drop_down);
}

static void
pen_picker_row_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  PenPickerRow *self = PEN_PICKER_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEMS:
      g_value_set_object (value, self->items);
      break;
    case PROP_SELECTED:
      g_value_set_uint (value, gtk_drop_down_get_selected (self->drop_down));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_picker_row_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  PenPickerRow *self = PEN_PICKER_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEMS:
      if (g_set_object (&self->items, g_value_get_object (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_SELECTED:
      gtk_drop_down_set_selected (self->drop_down, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_picker_row_dispose (GObject *object)
{
  PenPickerRow *self = PEN_PICKER_ROW (object);

  g_clear_object (&self->items);

  G_OBJECT_CLASS (pen_picker_row_parent_class)->dispose (object);
}

static void
pen_picker_row_class_init (PenPickerRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_picker_row_dispose;
  object_class->get_property = pen_picker_row_get_property;
  object_class->set_property = pen_picker_row_set_property;

  properties[PROP_ITEMS] =
    g_param_spec_object ("items", NULL, NULL, G_TYPE_LIST_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED] =
    g_param_spec_uint ("selected", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/penumbracompanion/PenumbraCompanion/"
                                               "pen-picker-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenPickerRow, drop_down);
  gtk_widget_class_bind_template_callback (widget_class, selected_cb);
}

static void
pen_picker_row_init (PenPickerRow *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) list_factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  /* the button's answer wraps; the popup shows each answer on one line, the chosen one
   * checked */
  g_signal_connect (factory, "setup", G_CALLBACK (wrap_setup_cb), NULL);
  g_signal_connect_object (factory, "bind", G_CALLBACK (narrow_bind_cb), self->drop_down, 0);
  g_signal_connect (list_factory, "setup", G_CALLBACK (checked_setup_cb), NULL);
  g_signal_connect_object (list_factory, "bind", G_CALLBACK (checked_bind_cb), self->drop_down,
                           0);
  g_signal_connect_object (list_factory, "unbind", G_CALLBACK (checked_unbind_cb),
                           self->drop_down, 0);
  gtk_drop_down_set_factory (self->drop_down, factory);
  gtk_drop_down_set_list_factory (self->drop_down, list_factory);
  /* the list within the window at 360 px (play finding E5) */
  pen_popover_keep_in_window (GTK_WIDGET (self->drop_down));
  g_signal_connect (self, "notify::title", G_CALLBACK (title_cb), NULL);
}

GtkWidget *
pen_picker_row_new (const char *title,
                    GListModel *items)
{
  PenPickerRow *self = g_object_new (PEN_TYPE_PICKER_ROW, "title", title, "items", items, NULL);

  /* the first answer, "not said", until the table picks */
  gtk_drop_down_set_selected (self->drop_down, 0);
  return GTK_WIDGET (self);
}
