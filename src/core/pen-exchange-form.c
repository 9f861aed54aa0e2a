/* pen-exchange-form.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pen-count.h"
#include "pen-exchange-form.h"
#include "pen-rest.h"

/* the four ingredients the Bazaar takes, in the rate's order */
static const PenIngredient bazaar[] = {
  PEN_INGREDIENT_FRUIT, PEN_INGREDIENT_CRYSTAL, PEN_INGREDIENT_JEWEL, PEN_INGREDIENT_TRINKET
};
#define N_BAZAAR G_N_ELEMENTS (bazaar)

struct _PenExchangeForm
{
  GObject     parent_instance;

  GListStore *give;   /* PenCount, in bazaar[] order */
  GListStore *get;
  PenWizard  *wizard;
  guint       index;
  char       *balance;
  gboolean    acceptable;
  gboolean    frozen;
};

G_DEFINE_FINAL_TYPE (PenExchangeForm, pen_exchange_form, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_BALANCE,
  PROP_ACCEPTABLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
read_side (GListStore *store,
           guint       counts[PEN_N_INGREDIENTS])
{
  memset (counts, 0, sizeof (guint) * PEN_N_INGREDIENTS);
  for (guint i = 0; i < N_BAZAAR; i++)
    {
      g_autoptr(PenCount) count = g_list_model_get_item (G_LIST_MODEL (store), i);

      counts[bazaar[i]] = pen_count_get_value (count);
    }
}

static void
write_side (GListStore  *store,
            const guint *counts)
{
  for (guint i = 0; i < N_BAZAAR; i++)
    {
      g_autoptr(PenCount) count = g_list_model_get_item (G_LIST_MODEL (store), i);

      pen_count_set_value (count, counts ? counts[bazaar[i]] : 0);
    }
}

PenAction *
pen_exchange_form_get_action (PenExchangeForm *self)
{
  guint give[PEN_N_INGREDIENTS], get[PEN_N_INGREDIENTS];

  g_return_val_if_fail (PEN_IS_EXCHANGE_FORM (self), NULL);

  read_side (self->give, give);
  read_side (self->get, get);
  if (self->wizard == NULL || !pen_rest_check_exchange (give, get, NULL, NULL, NULL))
    return NULL;
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (give[i] > pen_wizard_get_ingredient (self->wizard, i))
      return NULL;
  return pen_action_new_exchange (self->index, give, get);
}

static void
update (PenExchangeForm *self)
{
  guint give[PEN_N_INGREDIENTS], get[PEN_N_INGREDIENTS], lg = 0, lt = 0;
  g_autoptr(PenAction) action = NULL;
  g_autoptr(GError) error = NULL;
  char *text;

  if (self->frozen)
    return;
  read_side (self->give, give);
  read_side (self->get, get);
  pen_rest_check_exchange (give, get, &lg, &lt, &error);
  action = pen_exchange_form_get_action (self);
  if (lg == 0 && lt == 0)
    /* the book's words (Locations › Bazaar: "The exchange rate is shown above the cell"),
     * never the code's "lots" (play finding Q5) */
    text = g_strdup (_("Choose what to give and what to get, at the Bazaar’s rate: 4 Fruits = "
                       "3 Crystals = 2 Jewels = 1 Trinket."));
  else if (action != NULL)
    /* balanced: as many lots given as got, each lot worth a Trinket at the book's rate */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Balanced at the Bazaar’s rate: each side is worth "
                                         "%u Trinket.",
                                         "Balanced at the Bazaar’s rate: each side is worth "
                                         "%u Trinkets.", lg), lg);
  else if (lg != lt)
    text = pen_rest_describe_imbalance (give, get, lg, lt);
  else if (self->wizard != NULL && error == NULL)
    text = g_strdup_printf (_("%s does not have that much to give."),
                            pen_wizard_get_display_name (self->wizard));
  else
    text = g_strdup (_("Only the Bazaar’s four Ingredients, never the same one on both sides."));
  if (g_strcmp0 (text, self->balance) != 0)
    {
      g_free (self->balance);
      self->balance = text;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BALANCE]);
    }
  else
    g_free (text);
  if (self->acceptable != (action != NULL))
    {
      self->acceptable = action != NULL;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACCEPTABLE]);
    }
}

static void
pen_exchange_form_dispose (GObject *object)
{
  PenExchangeForm *self = PEN_EXCHANGE_FORM (object);

  g_clear_object (&self->give);
  g_clear_object (&self->get);
  g_clear_object (&self->wizard);

  G_OBJECT_CLASS (pen_exchange_form_parent_class)->dispose (object);
}

static void
pen_exchange_form_finalize (GObject *object)
{
  PenExchangeForm *self = PEN_EXCHANGE_FORM (object);

  g_clear_pointer (&self->balance, g_free);

  G_OBJECT_CLASS (pen_exchange_form_parent_class)->finalize (object);
}

static void
pen_exchange_form_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  PenExchangeForm *self = PEN_EXCHANGE_FORM (object);

  switch (prop_id)
    {
    case PROP_BALANCE:
      g_value_set_string (value, self->balance);
      break;

    case PROP_ACCEPTABLE:
      g_value_set_boolean (value, self->acceptable);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_exchange_form_class_init (PenExchangeFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pen_exchange_form_dispose;
  object_class->finalize = pen_exchange_form_finalize;
  object_class->get_property = pen_exchange_form_get_property;

  properties[PROP_BALANCE] =
    g_param_spec_string ("balance", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ACCEPTABLE] =
    g_param_spec_boolean ("acceptable", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static GListStore *
new_side (PenExchangeForm *self,
          gboolean         give)
{
  GListStore *store = g_list_store_new (PEN_TYPE_COUNT);

  for (guint i = 0; i < N_BAZAAR; i++)
    {
      const char *label = pen_ingredient_get_label (bazaar[i]);
      /* TRANSLATORS: the exchange calculator's rows, e.g. "Give Fruits" */
      g_autofree char *title = give ? g_strdup_printf (_("Give %s"), label)
                                    : g_strdup_printf (_("Get %s"), label);
      g_autoptr(PenCount) count = pen_count_new (bazaar[i], title, 24,
                                                 pen_rest_bazaar_lot (bazaar[i]));

      g_signal_connect_object (count, "notify::value", G_CALLBACK (update), self,
                               G_CONNECT_SWAPPED);
      g_list_store_append (store, count);
    }
  return store;
}

static void
pen_exchange_form_init (PenExchangeForm *self)
{
  self->give = new_side (self, TRUE);
  self->get = new_side (self, FALSE);
  update (self);
}

PenExchangeForm *
pen_exchange_form_new (void)
{
  return g_object_new (PEN_TYPE_EXCHANGE_FORM, NULL);
}

void
pen_exchange_form_set_wizard (PenExchangeForm *self,
                              guint            index,
                              PenWizard       *wizard)
{
  g_return_if_fail (PEN_IS_EXCHANGE_FORM (self));
  g_return_if_fail (wizard == NULL || PEN_IS_WIZARD (wizard));

  g_set_object (&self->wizard, wizard);
  self->index = index;
  for (guint i = 0; i < N_BAZAAR; i++)
    {
      g_autoptr(PenCount) count = g_list_model_get_item (G_LIST_MODEL (self->give), i);
      g_autofree char *have = NULL;

      if (wizard != NULL)
        have = g_strdup_printf (_("You have %u"), pen_wizard_get_ingredient (wizard, bazaar[i]));
      pen_count_set_subtitle (count, have);
    }
  update (self);
}

GListModel *
pen_exchange_form_get_give (PenExchangeForm *self)
{
  g_return_val_if_fail (PEN_IS_EXCHANGE_FORM (self), NULL);

  return G_LIST_MODEL (self->give);
}

GListModel *
pen_exchange_form_get_get (PenExchangeForm *self)
{
  g_return_val_if_fail (PEN_IS_EXCHANGE_FORM (self), NULL);

  return G_LIST_MODEL (self->get);
}

void
pen_exchange_form_set (PenExchangeForm *self,
                       const guint     *give,
                       const guint     *get)
{
  g_return_if_fail (PEN_IS_EXCHANGE_FORM (self));

  self->frozen = TRUE;
  write_side (self->give, give);
  write_side (self->get, get);
  self->frozen = FALSE;
  update (self);
}

void
pen_exchange_form_clear (PenExchangeForm *self)
{
  pen_exchange_form_set (self, NULL, NULL);
}

const char *
pen_exchange_form_get_balance (PenExchangeForm *self)
{
  g_return_val_if_fail (PEN_IS_EXCHANGE_FORM (self), NULL);

  return self->balance;
}

gboolean
pen_exchange_form_get_acceptable (PenExchangeForm *self)
{
  g_return_val_if_fail (PEN_IS_EXCHANGE_FORM (self), FALSE);

  return self->acceptable;
}
