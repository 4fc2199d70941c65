/* tessera-json-check.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-record"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tessera-engine.h"
#include "tessera-json-check.h"

/* One walk over the bytes of a record's JSON text (RFC 8259, strictly) that keeps the line,
 * the column and the key path, so that every refusal can say where. Besides the grammar it
 * refuses what json-glib would read wrong: two equal keys in one object, a string that is not
 * UTF-8 once unescaped (a lone surrogate escape), \u0000, a number with a fraction or an
 * exponent (a record has whole numbers only) and a whole number past 64 bits. No recursion:
 * the nesting is a fixed stack of TESSERA_RECORD_MAX_DEPTH frames. */

/* An object's keys are compared one by one up to this many; past it, a hash table. */
#define LINEAR_KEYS 16

typedef struct
{
  gboolean    object;
  gboolean    in_member;   /* a key's value or an element is being read */
  guint       index;       /* the element being read, in an array */
  guint       key;         /* the key being read, in Checker.keys, in an object */
  guint       first_key;   /* this object's first key in Checker.keys */
  gsize       decoded_len; /* Checker.decoded's length when the object began */
  GHashTable *key_set;     /* char *, once the object has many keys */
} Frame;

typedef struct
{
  gboolean decoded;   /* in Checker.decoded (it had escapes) or in the text itself */
  gsize    offset;
  gsize    length;
} Key;

typedef struct
{
  const char *data;
  const char *p;
  const char *end;
  const char *line_start;
  guint       line;
  GArray     *keys;       /* Key, of the objects open now */
  GString    *decoded;    /* keys with escapes, unescaped */
  guint       depth;
  Frame       frames[TESSERA_RECORD_MAX_DEPTH];
} Checker;

static const char *
key_text (const Checker *c,
          const Key     *key)
{
  return key->decoded ? c->decoded->str + key->offset : c->data + key->offset;
}

/* Where the walk is, as the record's keys say it: players[1].name, events[3].turn.at[0]. */
static char *
describe_path (const Checker *c)
{
  GString *path = g_string_new (NULL);

  for (guint i = 0; i < c->depth && c->frames[i].in_member; i++)
    {
      const Frame *frame = &c->frames[i];

      if (frame->object)
        {
          const Key *key = &g_array_index (c->keys, Key, frame->key);
          const char *text = key_text (c, key);
          gboolean plain = key->length > 0 && key->length <= 40;

          for (gsize k = 0; k < key->length && plain; k++)
            plain = g_ascii_isalnum (text[k]) || text[k] == '_' || text[k] == '-' || text[k] == '+';
          if (plain)
            g_string_append_printf (path, "%s%.*s", path->len > 0 ? "." : "", (int) key->length, text);
          else
            {
              /* A key nobody would type: quoted, and cut where it is long. */
              g_autofree char *cut = g_utf8_make_valid (text, MIN (key->length, 40));

              g_string_append_printf (path, "[\"%s%s\"]", cut, key->length > 40 ? "…" : "");
            }
        }
      else
        g_string_append_printf (path, "[%u]", frame->index);
    }
  if (path->len == 0)
    {
      g_string_free (path, TRUE);
      return NULL;
    }
  return g_string_free (path, FALSE);
}

/* The column of @at, in characters from 1. */
static guint
column_of (const Checker *c,
           const char    *at)
{
  guint column = 1;

  for (const char *q = c->line_start; q < at; q++)
    if (((guchar) *q & 0xC0) != 0x80)
      column++;
  return column;
}

/* What stands at @at, for "expected …, found …". */
static char *
describe_found (const Checker *c,
                const char    *at)
{
  guchar byte;
  gunichar u;

  if (at >= c->end)
    return g_strdup (_("the end of the text"));
  byte = (guchar) *at;
  if (byte < 0x20 || byte == 0x7F)
    return g_strdup_printf ("U+%04X", byte);
  if (byte < 0x80)
    return g_strdup_printf ("\"%c\"", byte);
  u = g_utf8_get_char_validated (at, c->end - at);
  if (u == (gunichar) -1 || u == (gunichar) -2)
    /* TRANSLATORS: what was found where JSON was expected: "byte 0xFF, which is not UTF-8" */
    return g_strdup_printf (_("byte 0x%02X, which is not UTF-8"), byte);
  return g_strdup_printf ("\"%.*s\"", (int) (g_utf8_next_char (at) - at), at);
}

/* "not valid JSON at line 12, column 1, in events: expected …" for text that is not JSON;
 * "players[0], at line 3, column 30: the key …" for JSON that a record may not hold. */
G_GNUC_PRINTF (5, 0)
static gboolean
set_error (const Checker  *c,
           const char     *at,
           gboolean        syntax,
           GError        **error,
           const char     *format,
           va_list         args)
{
  g_autofree char *detail = g_strdup_vprintf (format, args);
  g_autofree char *path = describe_path (c);
  guint column = column_of (c, at);

  if (!syntax)
    /* TRANSLATORS: "players[1].name, at line 3, column 14: \ud800 is half of …"; %s first is where in the record */
    g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD, _("%s, at line %u, column %u: %s"),
                 path != NULL ? path : _("record"), c->line, column, detail);
  else if (path != NULL)
    /* TRANSLATORS: "not valid JSON at line 12, column 1, in events: expected "," or "]", found "}"" */
    g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD, _("not valid JSON at line %u, column %u, in %s: %s"),
                 c->line, column, path, detail);
  else
    g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD, _("not valid JSON at line %u, column %u: %s"),
                 c->line, column, detail);
  return FALSE;
}

G_GNUC_PRINTF (4, 5)
static gboolean
syntax_error (const Checker  *c,
              const char     *at,
              GError        **error,
              const char     *format,
              ...)
{
  va_list args;

  va_start (args, format);
  set_error (c, at, TRUE, error, format, args);
  va_end (args);
  return FALSE;
}

G_GNUC_PRINTF (4, 5)
static gboolean
content_error (const Checker  *c,
               const char     *at,
               GError        **error,
               const char     *format,
               ...)
{
  va_list args;

  va_start (args, format);
  set_error (c, at, FALSE, error, format, args);
  va_end (args);
  return FALSE;
}

static void
skip_space (Checker *c)
{
  while (c->p < c->end)
    {
      switch (*c->p)
        {
        case ' ':
        case '\t':
        case '\r':
          c->p++;
          break;

        case '\n':
          c->line++;
          c->line_start = ++c->p;
          break;

        default:
          return;
        }
    }
}

static gboolean
read_hex4 (const Checker *c,
           const char    *at,
           gunichar      *value)
{
  *value = 0;
  if (c->end - at < 4)
    return FALSE;
  for (guint i = 0; i < 4; i++)
    {
      int digit = g_ascii_xdigit_value (at[i]);

      if (digit < 0)
        return FALSE;
      *value = *value * 16 + (gunichar) digit;
    }
  return TRUE;
}

/* An escape at c->p (the backslash); leaves c->p after it. */
static gboolean
check_escape (Checker  *c,
              GError  **error)
{
  const char *at = c->p;
  gunichar u, low;

  switch (c->end - at > 1 ? at[1] : '\0')
    {
    case '"':
    case '\\':
    case '/':
    case 'b':
    case 'f':
    case 'n':
    case 'r':
    case 't':
      c->p += 2;
      return TRUE;

    case 'u':
      if (!read_hex4 (c, at + 2, &u))
        return syntax_error (c, at, error, _("\\u must be followed by four hexadecimal digits"));
      if (u == 0)
        return content_error (c, at, error, _("a string holds \\u0000, the NUL character, which no text in a record may hold"));
      if (u >= 0xD800 && u <= 0xDBFF && c->end - at >= 12 && at[6] == '\\' && at[7] == 'u' &&
          read_hex4 (c, at + 8, &low) && low >= 0xDC00 && low <= 0xDFFF)
        {
          c->p += 12;
          return TRUE;
        }
      if (u >= 0xD800 && u <= 0xDFFF)
        /* TRANSLATORS: %.6s is the escape as written, \ud800 */
        return content_error (c, at, error, _("%.6s is half of a UTF-16 surrogate pair without its other half, so it is no character"),
                              at);
      c->p += 6;
      return TRUE;

    default:
      return syntax_error (c, at, error, _("a \\ in a string must be followed by one of \" \\ / b f n r t u"));
    }
}

/* A string at c->p (its opening quote); leaves c->p after its closing quote. */
static gboolean
check_string (Checker   *c,
              gboolean  *escaped,
              GError   **error)
{
  const char *start = c->p++;
  gboolean high = FALSE;

  *escaped = FALSE;
  for (;;)
    {
      guchar byte;

      if (c->p == c->end)
        return syntax_error (c, start, error, _("the string that begins here is not closed"));
      byte = (guchar) *c->p;
      if (byte == '"')
        break;
      if (byte == '\\')
        {
          if (!check_escape (c, error))
            return FALSE;
          *escaped = TRUE;
          continue;
        }
      if (byte < 0x20)
        return syntax_error (c, c->p, error, _("a string may not hold U+%04X as it is; write it as an escape"), byte);
      high |= byte >= 0x80;
      c->p++;
    }
  if (high)
    {
      const char *bad;

      if (!g_utf8_validate (start + 1, c->p - start - 1, &bad))
        return syntax_error (c, bad, error, _("the text is not UTF-8: byte 0x%02X cannot stand here"), (guchar) *bad);
    }
  c->p++;
  return TRUE;
}

/* The string between @start and @end (checked, without its quotes) unescaped onto @out. */
static void
unescape (const char *start,
          const char *end,
          GString    *out)
{
  for (const char *q = start; q < end;)
    {
      gunichar u = 0;

      if (*q != '\\')
        {
          g_string_append_c (out, *q++);
          continue;
        }
      switch (q[1])
        {
        case 'b': g_string_append_c (out, '\b'); break;
        case 'f': g_string_append_c (out, '\f'); break;
        case 'n': g_string_append_c (out, '\n'); break;
        case 'r': g_string_append_c (out, '\r'); break;
        case 't': g_string_append_c (out, '\t'); break;
        case 'u':
          for (guint i = 2; i < 6; i++)
            u = u * 16 + (gunichar) g_ascii_xdigit_value (q[i]);
          if (u >= 0xD800 && u <= 0xDBFF)
            {
              gunichar low = 0;

              for (guint i = 8; i < 12; i++)
                low = low * 16 + (gunichar) g_ascii_xdigit_value (q[i]);
              u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
              q += 6;
            }
          g_string_append_unichar (out, u);
          q += 4;
          break;
        default: g_string_append_c (out, q[1]); break;
        }
      q += 2;
    }
}

static gboolean
same_key (const Checker *c,
          const Key     *a,
          const Key     *b)
{
  return a->length == b->length && memcmp (key_text (c, a), key_text (c, b), a->length) == 0;
}

/* A key at c->p; refused when its object has it already (json-glib would keep the last). */
static gboolean
check_key (Checker  *c,
           Frame    *frame,
           GError  **error)
{
  const char *start = c->p;
  gboolean escaped;
  Key key;
  guint n_keys;

  if (c->p == c->end || *c->p != '"')
    {
      g_autofree char *found = describe_found (c, c->p);

      return syntax_error (c, c->p, error, _("expected a key in double quotes, found %s"), found);
    }
  if (!check_string (c, &escaped, error))
    return FALSE;
  if (c->keys == NULL)
    c->keys = g_array_sized_new (FALSE, FALSE, sizeof (Key), 32);
  if (escaped)
    {
      if (c->decoded == NULL)
        c->decoded = g_string_new (NULL);
      key.decoded = TRUE;
      key.offset = c->decoded->len;
      unescape (start + 1, c->p - 1, c->decoded);
      key.length = c->decoded->len - key.offset;
      g_string_append_c (c->decoded, '\0');
    }
  else
    {
      key.decoded = FALSE;
      key.offset = (gsize) (start + 1 - c->data);
      key.length = (gsize) (c->p - start - 2);
    }

  n_keys = c->keys->len - frame->first_key;
  if (n_keys < LINEAR_KEYS)
    {
      for (guint i = frame->first_key; i < c->keys->len; i++)
        if (same_key (c, &g_array_index (c->keys, Key, i), &key))
          goto twice;
    }
  else
    {
      if (frame->key_set == NULL)
        {
          frame->key_set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          for (guint i = frame->first_key; i < c->keys->len; i++)
            {
              const Key *old = &g_array_index (c->keys, Key, i);

              g_hash_table_add (frame->key_set, g_strndup (key_text (c, old), old->length));
            }
        }
      if (!g_hash_table_add (frame->key_set, g_strndup (key_text (c, &key), key.length)))
        goto twice;
    }
  g_array_append_val (c->keys, key);
  frame->key = c->keys->len - 1;
  frame->in_member = TRUE;
  return TRUE;

twice:
  {
    g_autofree char *shown = g_utf8_make_valid (key_text (c, &key), MIN (key.length, 60));

    return content_error (c, start, error, _("the key \"%s\" appears twice in one object; a key may appear once"), shown);
  }
}

/* A number at c->p. A record's numbers are whole, and json-glib wraps one past 64 bits to -1. */
static gboolean
check_number (Checker  *c,
              GError  **error)
{
  const char *start = c->p;
  gboolean negative = FALSE, whole = TRUE, too_large = FALSE;
  guint64 value = 0;

  if (*c->p == '-')
    {
      negative = TRUE;
      c->p++;
    }
  if (c->p == c->end || !g_ascii_isdigit (*c->p))
    {
      g_autofree char *found = describe_found (c, c->p);

      return syntax_error (c, c->p, error, _("a number needs a digit here, found %s"), found);
    }
  if (*c->p == '0')
    {
      if (++c->p < c->end && g_ascii_isdigit (*c->p))
        return syntax_error (c, start, error, _("a number may not begin with 0"));
    }
  else
    for (; c->p < c->end && g_ascii_isdigit (*c->p); c->p++)
      {
        guint digit = (guint) (*c->p - '0');

        if (value > (G_MAXUINT64 - digit) / 10)
          too_large = TRUE;
        else
          value = value * 10 + digit;
      }
  if (c->p < c->end && *c->p == '.')
    {
      whole = FALSE;
      if (++c->p == c->end || !g_ascii_isdigit (*c->p))
        {
          g_autofree char *found = describe_found (c, c->p);

          return syntax_error (c, c->p, error, _("a number needs a digit here, found %s"), found);
        }
      while (c->p < c->end && g_ascii_isdigit (*c->p))
        c->p++;
    }
  if (c->p < c->end && (*c->p == 'e' || *c->p == 'E'))
    {
      whole = FALSE;
      if (++c->p < c->end && (*c->p == '+' || *c->p == '-'))
        c->p++;
      if (c->p == c->end || !g_ascii_isdigit (*c->p))
        {
          g_autofree char *found = describe_found (c, c->p);

          return syntax_error (c, c->p, error, _("a number needs a digit here, found %s"), found);
        }
      while (c->p < c->end && g_ascii_isdigit (*c->p))
        c->p++;
    }
  if (whole && !too_large && value <= (negative ? (guint64) G_MAXINT64 + 1 : (guint64) G_MAXINT64))
    return TRUE;

  {
    gsize length = (gsize) (c->p - start);
    g_autofree char *written = NULL;

    /* As written, cut short when it is long: a million digits say nothing more than thirty. */
    if (length <= 30)
      written = g_strndup (start, length);
    else
      /* TRANSLATORS: a number cut short: "10000000000000000000… (100001 characters)" */
      written = g_strdup_printf (_("%.20s… (%u characters)"), start, (guint) length);
    if (!whole)
      return content_error (c, start, error, _("%s is not a whole number; the numbers of a record are whole, "
                                               "without a fraction or an exponent"), written);
    return content_error (c, start, error, _("%s is far too large for any number of a record"), written);
  }
}

static gboolean
check_literal (Checker  *c,
               GError  **error)
{
  static const char * const literals[] = { "true", "false", "null" };

  for (guint i = 0; i < G_N_ELEMENTS (literals); i++)
    {
      gsize length = strlen (literals[i]);

      if ((gsize) (c->end - c->p) >= length && memcmp (c->p, literals[i], length) == 0)
        {
          c->p += length;
          return TRUE;
        }
    }
  {
    g_autofree char *found = describe_found (c, c->p);

    return syntax_error (c, c->p, error, _("expected a value, found %s"), found);
  }
}

static void
close_frame (Checker *c)
{
  Frame *frame = &c->frames[--c->depth];

  if (!frame->object)
    return;
  g_clear_pointer (&frame->key_set, g_hash_table_unref);
  if (c->keys != NULL)
    g_array_set_size (c->keys, frame->first_key);
  if (c->decoded != NULL)
    g_string_truncate (c->decoded, frame->decoded_len);
}

/**
 * _tessera_json_check:
 * @data: JSON text, not necessarily nul-terminated
 * @length: its length in bytes
 *
 * Returns: whether @data is one JSON value (RFC 8259) that json-glib reads as written and a
 *   record may hold, nested at most %TESSERA_RECORD_MAX_DEPTH levels; %FALSE with @error
 *   naming the line, the column and, where there is one, the key path
 */
gboolean
_tessera_json_check (const char  *data,
                     gsize        length,
                     GError     **error)
{
  Checker c = { data, data, data + length, data, 1, NULL, NULL, 0, { { 0 } } };
  gboolean ok = FALSE;
  Frame *frame;
  gboolean escaped;

  /* A byte order mark, as some Windows editors write: RFC 8259 lets a reader skip it, and
   * json-glib always has. */
  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    c.p = c.line_start = data + 3;

value:
  skip_space (&c);
  if (c.p == c.end)
    {
      g_autofree char *found = describe_found (&c, c.p);

      syntax_error (&c, c.p, error, _("expected a value, found %s"), found);
      goto out;
    }
  switch (*c.p)
    {
    case '{':
    case '[':
      if (c.depth == TESSERA_RECORD_MAX_DEPTH)
        {
          g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                       _("the record is nested more than %d levels deep at line %u, column %u; a record may be nested at most %d levels"),
                       TESSERA_RECORD_MAX_DEPTH, c.line, column_of (&c, c.p), TESSERA_RECORD_MAX_DEPTH);
          goto out;
        }
      frame = &c.frames[c.depth++];
      *frame = (Frame) { *c.p == '{', FALSE, 0, 0, c.keys != NULL ? c.keys->len : 0,
                         c.decoded != NULL ? c.decoded->len : 0, NULL };
      c.p++;
      skip_space (&c);
      if (c.p < c.end && *c.p == (frame->object ? '}' : ']'))
        {
          c.p++;
          close_frame (&c);
          goto next;
        }
      if (frame->object)
        goto key;
      frame->in_member = TRUE;
      goto value;

    case '"':
      if (!check_string (&c, &escaped, error))
        goto out;
      goto next;

    case '-':
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
      if (!check_number (&c, error))
        goto out;
      goto next;

    default:
      if (!check_literal (&c, error))
        goto out;
      goto next;
    }

key:
  frame = &c.frames[c.depth - 1];
  if (!check_key (&c, frame, error))
    goto out;
  skip_space (&c);
  if (c.p == c.end || *c.p != ':')
    {
      g_autofree char *found = describe_found (&c, c.p);

      syntax_error (&c, c.p, error, _("expected \":\" after the key, found %s"), found);
      goto out;
    }
  c.p++;
  goto value;

next:
  skip_space (&c);
  if (c.depth == 0)
    {
      if (c.p != c.end)
        {
          g_autofree char *found = describe_found (&c, c.p);

          syntax_error (&c, c.p, error, _("expected the end of the text, found %s"), found);
          goto out;
        }
      ok = TRUE;
      goto out;
    }
  frame = &c.frames[c.depth - 1];
  if (c.p < c.end && *c.p == ',')
    {
      c.p++;
      if (!frame->object)
        {
          frame->index++;
          goto value;
        }
      frame->in_member = FALSE;
      skip_space (&c);
      goto key;
    }
  if (c.p < c.end && *c.p == (frame->object ? '}' : ']'))
    {
      c.p++;
      close_frame (&c);
      goto next;
    }
  {
    g_autofree char *found = describe_found (&c, c.p);

    frame->in_member = FALSE;
    if (frame->object)
      syntax_error (&c, c.p, error, _("expected \",\" or \"}\", found %s"), found);
    else
      syntax_error (&c, c.p, error, _("expected \",\" or \"]\", found %s"), found);
  }

out:
  while (c.depth > 0)
    close_frame (&c);
  if (c.keys != NULL)
    g_array_unref (c.keys);
  if (c.decoded != NULL)
    g_string_free (c.decoded, TRUE);
  return ok;
}
