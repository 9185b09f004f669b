/*===- spelling.c - Meaning read from printed IR, in one place ------------===*
 *
 * See spelling.h. Plain string reading, no IR API.
 *===----------------------------------------------------------------------===*/
#include "spelling.h"

#include <stdio.h>
#include <string.h>

/* The value of `key = "..."` in `text`, copied into `out`; false when the
   key is absent or the value does not fit. */
static bool quotedField(const char *text, const char *key, char *out,
                        size_t size) {
  const char *c = strstr(text, key);
  if (!c)
    return false;
  c += strlen(key);
  const char *end = strchr(c, '"');
  if (!end || (size_t)(end - c) + 1 > size)
    return false;
  memcpy(out, c, (size_t)(end - c));
  out[end - c] = '\0';
  return true;
}

bool amdsyncSpellRocdlTarget(const char *text, char *chip, size_t chip_size,
                             bool *wave64) {
  *wave64 = false;
  if (strncmp(text, "#rocdl.target", 13) != 0 || chip_size == 0)
    return false;
  if (!strstr(text, "chip = \"")) {
    snprintf(chip, chip_size, "gfx900"); /* the attribute's default */
  } else if (!quotedField(text, "chip = \"", chip, chip_size)) {
    return false;
  }
  const char *f = strstr(text, "features = \"");
  if (f) {
    f += strlen("features = \"");
    const char *end = strchr(f, '"');
    const char *w = strstr(f, "+wavefrontsize64");
    *wave64 = w && end && w < end;
  }
  return true;
}

/* The values of every "amdgpu-synchronize-as" tag in a printed MMRA:
   whether there is one, whether one is "local" and whether one is
   anything else. */
typedef struct {
  bool tagged, local, other;
} MmraSync;

static MmraSync readMmraSync(const char *text) {
  static const char kKey[] = "\"amdgpu-synchronize-as\"";
  MmraSync m = {false, false, false};
  for (const char *c = strstr(text, kKey); c; c = strstr(c + 1, kKey)) {
    m.tagged = true;
    const char *v = c + strlen(kKey);
    while (*v == ' ')
      v++;
    if (*v != ':') {
      m.other = true; /* not a value we can read: assume the worst */
      continue;
    }
    v++;
    while (*v == ' ')
      v++;
    if (strncmp(v, "\"local\"", 7) == 0)
      m.local = true;
    else
      m.other = true;
  }
  return m;
}

bool amdsyncSpellMmraOrdersLocal(const char *text) {
  MmraSync m = readMmraSync(text);
  return !m.tagged || m.local;
}

bool amdsyncSpellMmraLdsOnly(const char *text) {
  MmraSync m = readMmraSync(text);
  return m.tagged && m.local && !m.other;
}
