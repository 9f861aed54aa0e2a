/* pen-rules-section.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-rules-section.h"

struct _PenRulesSection
{
  GObject parent_instance;

  char  *id;
  char  *title;
  char  *parent;
  char **keywords;
  char **see_also;
  char  *body;
};

G_DEFINE_FINAL_TYPE (PenRulesSection, pen_rules_section, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_TITLE,
  PROP_PARENT,
  PROP_KEYWORDS,
  PROP_SEE_ALSO,
  PROP_BODY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pen_rules_section_finalize (GObject *object)
{
  PenRulesSection *self = PEN_RULES_SECTION (object);

  g_free (self->id);
  g_free (self->title);
  g_free (self->parent);
  g_strfreev (self->keywords);
  g_strfreev (self->see_also);
  g_free (self->body);

  G_OBJECT_CLASS (pen_rules_section_parent_class)->finalize (object);
}

static void
pen_rules_section_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  PenRulesSection *self = PEN_RULES_SECTION (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;

    case PROP_PARENT:
      g_value_set_string (value, self->parent);
      break;

    case PROP_KEYWORDS:
      g_value_set_boxed (value, self->keywords);
      break;

    case PROP_SEE_ALSO:
      g_value_set_boxed (value, self->see_also);
      break;

    case PROP_BODY:
      g_value_set_string (value, self->body);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* All properties are construct-only: a section is a read-only view of the data file. */
static void
pen_rules_section_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  PenRulesSection *self = PEN_RULES_SECTION (object);

  switch (prop_id)
    {
    case PROP_ID:
      self->id = g_value_dup_string (value);
      break;

    case PROP_TITLE:
      self->title = g_value_dup_string (value);
      break;

    case PROP_PARENT:
      self->parent = g_value_dup_string (value);
      break;

    case PROP_KEYWORDS:
      self->keywords = g_value_dup_boxed (value);
      break;

    case PROP_SEE_ALSO:
      self->see_also = g_value_dup_boxed (value);
      break;

    case PROP_BODY:
      self->body = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rules_section_constructed (GObject *object)
{
  PenRulesSection *self = PEN_RULES_SECTION (object);

  G_OBJECT_CLASS (pen_rules_section_parent_class)->constructed (object);

  /* Getters never return NULL lists or strings (except the parent). */
  if (self->id == NULL)
    self->id = g_strdup ("");
  if (self->title == NULL)
    self->title = g_strdup ("");
  if (self->body == NULL)
    self->body = g_strdup ("");
  if (self->keywords == NULL)
    self->keywords = g_new0 (char *, 1);
  if (self->see_also == NULL)
    self->see_also = g_new0 (char *, 1);
}

static void
pen_rules_section_class_init (PenRulesSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = pen_rules_section_finalize;
  object_class->get_property = pen_rules_section_get_property;
  object_class->set_property = pen_rules_section_set_property;
  object_class->constructed = pen_rules_section_constructed;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL, flags);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL, flags);
  properties[PROP_PARENT] =
    g_param_spec_string ("parent", NULL, NULL, NULL, flags);
  properties[PROP_KEYWORDS] =
    g_param_spec_boxed ("keywords", NULL, NULL, G_TYPE_STRV, flags);
  properties[PROP_SEE_ALSO] =
    g_param_spec_boxed ("see-also", NULL, NULL, G_TYPE_STRV, flags);
  properties[PROP_BODY] =
    g_param_spec_string ("body", NULL, NULL, NULL, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_rules_section_init (PenRulesSection *self)
{
}

PenRulesSection *
pen_rules_section_new (const char         *id,
                       const char         *title,
                       const char         *parent,
                       const char * const *keywords,
                       const char * const *see_also,
                       const char         *body)
{
  return g_object_new (PEN_TYPE_RULES_SECTION,
                       "id", id,
                       "title", title,
                       "parent", parent,
                       "keywords", keywords,
                       "see-also", see_also,
                       "body", body,
                       NULL);
}

const char *
pen_rules_section_get_id (PenRulesSection *self)
{
  g_return_val_if_fail (PEN_IS_RULES_SECTION (self), NULL);

  return self->id;
}

const char *
pen_rules_section_get_title (PenRulesSection *self)
{
  g_return_val_if_fail (PEN_IS_RULES_SECTION (self), NULL);

  return self->title;
}

const char *
pen_rules_section_get_parent (PenRulesSection *self)
{
  g_return_val_if_fail (PEN_IS_RULES_SECTION (self), NULL);

  return self->parent;
}

const char * const *
pen_rules_section_get_keywords (PenRulesSection *self)
{
  g_return_val_if_fail (PEN_IS_RULES_SECTION (self), NULL);

  return (const char * const *) self->keywords;
}

const char * const *
pen_rules_section_get_see_also (PenRulesSection *self)
{
  g_return_val_if_fail (PEN_IS_RULES_SECTION (self), NULL);

  return (const char * const *) self->see_also;
}

const char *
pen_rules_section_get_body (PenRulesSection *self)
{
  g_return_val_if_fail (PEN_IS_RULES_SECTION (self), NULL);

  return self->body;
}
