/* The target table. */
#include "amdsync/target.h"
#include "unit.h"

#include <string.h>

int main(void) {
  static const char *const kRequired[] = {"gfx90a", "gfx942", "gfx950",
                                          "gfx1030", "gfx1100", "gfx1200",
                                          "gfx1201", "gfx1250"};
  for (size_t i = 0; i < sizeof kRequired / sizeof kRequired[0]; ++i) {
    const AmdsyncTarget *t = amdsyncTargetLookup(kRequired[i]);
    CHECK(t != NULL);
    CHECK(strstr(amdsyncTargetKnownList(), kRequired[i]) != NULL);
  }
  CHECK(amdsyncTargetLookup("gfx9999") == NULL);
  CHECK(amdsyncTargetLookup(NULL) == NULL);
  CHECK_EQ(amdsyncTargetLookup("gfx942")->barrier, AMDSYNC_BARRIER_MONOLITHIC);
  CHECK_EQ(amdsyncTargetLookup("gfx942")->default_wave_size, 64);
  CHECK_EQ(amdsyncTargetLookup("gfx1100")->default_wave_size, 32);
  CHECK_EQ(amdsyncTargetLookup("gfx1201")->barrier, AMDSYNC_BARRIER_SPLIT);
  CHECK_EQ(amdsyncTargetLookup("gfx1250")->barrier, AMDSYNC_BARRIER_SPLIT);
  CHECK(amdsyncTargetLookup("gfx1250")->max_asynccnt > 0);
  CHECK_EQ(amdsyncTargetLookup("gfx942")->max_asynccnt, 0);
  /* Every entry is reachable by name and listed. */
  for (int i = 0; i < amdsyncTargetCount(); ++i) {
    const AmdsyncTarget *t = amdsyncTargetAt(i);
    CHECK(amdsyncTargetLookup(t->chip) == t);
    CHECK(strstr(amdsyncTargetKnownList(), t->chip) != NULL);
  }
  return unitReport("core_target");
}
