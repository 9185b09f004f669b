/*===- target.c - The target table ------------------------------------------===*
 *
 * The one place that knows per-chip facts. Counter maxima are the widths of
 * the s_waitcnt / s_wait_*cnt fields (spec/amdgpu-usage.txt, "Memory model"
 * code sequences per generation).
 *===----------------------------------------------------------------------===*/
#include "amdsync/target.h"

#include <string.h>

#define GFX9(name)                                                             \
  {name, AMDSYNC_GEN_GFX9, AMDSYNC_BARRIER_MONOLITHIC, 64, false,              \
   63, 7, 15, 0, 0, 0, 0, 0, 0, 0}
#define GFX10(name)                                                            \
  {name, AMDSYNC_GEN_GFX10, AMDSYNC_BARRIER_MONOLITHIC, 32, true,              \
   63, 7, 63, 63, 0, 0, 0, 0, 0, 0}
#define GFX11(name)                                                            \
  {name, AMDSYNC_GEN_GFX11, AMDSYNC_BARRIER_MONOLITHIC, 32, true,              \
   63, 7, 63, 63, 0, 0, 0, 0, 0, 0}
#define GFX12(name)                                                            \
  {name, AMDSYNC_GEN_GFX12, AMDSYNC_BARRIER_SPLIT, 32, true,                   \
   0, 7, 0, 0, 63, 63, 63, 31, 0, 0}
#define GFX1250(name)                                                          \
  {name, AMDSYNC_GEN_GFX1250, AMDSYNC_BARRIER_SPLIT, 32, false,                \
   0, 7, 0, 0, 63, 63, 63, 31, 15, 15}

static const AmdsyncTarget kTargets[] = {
    GFX9("gfx908"),   GFX9("gfx90a"),   GFX9("gfx942"),   GFX9("gfx950"),
    GFX10("gfx1030"), GFX11("gfx1100"), GFX11("gfx1101"), GFX11("gfx1102"),
    GFX12("gfx1200"), GFX12("gfx1201"), GFX1250("gfx1250"),
};

enum { kNumTargets = sizeof(kTargets) / sizeof(kTargets[0]) };

const AmdsyncTarget *amdsyncTargetLookup(const char *chip) {
  if (!chip)
    return NULL;
  for (int i = 0; i < kNumTargets; ++i)
    if (strcmp(kTargets[i].chip, chip) == 0)
      return &kTargets[i];
  return NULL;
}

const char *amdsyncTargetKnownList(void) {
  return "gfx908, gfx90a, gfx942, gfx950, gfx1030, gfx1100, gfx1101, "
         "gfx1102, gfx1200, gfx1201, gfx1250";
}

int amdsyncTargetCount(void) { return kNumTargets; }

const AmdsyncTarget *amdsyncTargetAt(int i) {
  return (i >= 0 && i < kNumTargets) ? &kTargets[i] : NULL;
}

const char *amdsyncGenerationName(AmdsyncGeneration gen) {
  switch (gen) {
  case AMDSYNC_GEN_GFX9:
    return "GFX9";
  case AMDSYNC_GEN_GFX10:
    return "GFX10";
  case AMDSYNC_GEN_GFX11:
    return "GFX11";
  case AMDSYNC_GEN_GFX12:
    return "GFX12";
  case AMDSYNC_GEN_GFX1250:
    return "GFX12.5";
  }
  return "?";
}
