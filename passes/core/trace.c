/*===- trace.c - The debug trace switch ------------------------------------===*
 *
 * See amdsync/trace.h. The only place the core reads the environment or
 * writes to stderr on its own.
 *===----------------------------------------------------------------------===*/
#include "amdsync/trace.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *name;
  unsigned flag;
} kCategories[] = {
    {"pipeline", AMDSYNC_TRACE_PIPELINE},
    {"windows", AMDSYNC_TRACE_WINDOWS},
    {"uniformity", AMDSYNC_TRACE_UNIFORMITY},
    {"placement", AMDSYNC_TRACE_PLACEMENT},
    {"signals", AMDSYNC_TRACE_SIGNALS},
    {"index", AMDSYNC_TRACE_INDEX},
    {"all", AMDSYNC_TRACE_ALL},
};

unsigned amdsyncTraceParse(const char *spec) {
  unsigned flags = 0;
  while (spec && *spec) {
    size_t n = strcspn(spec, ",");
    for (size_t i = 0; i < sizeof kCategories / sizeof kCategories[0]; ++i)
      if (strlen(kCategories[i].name) == n &&
          strncmp(kCategories[i].name, spec, n) == 0)
        flags |= kCategories[i].flag;
    spec += n;
    if (*spec == ',')
      spec++;
  }
  return flags;
}

unsigned amdsyncTraceFromEnv(void) {
  return amdsyncTraceParse(getenv("AMDSYNC_TRACE"));
}

void amdsyncTrace(unsigned enabled, unsigned category, const char *fmt, ...) {
  if (!(enabled & category))
    return;
  const char *name = "?";
  for (size_t i = 0; i < sizeof kCategories / sizeof kCategories[0]; ++i)
    if (kCategories[i].flag == category)
      name = kCategories[i].name;
  char line[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  fprintf(stderr, "amdsync-trace: %s: %s\n", name, line);
}
