/* Counter maxima, clamping and the s_waitcnt encodings of GFX9/10/11
   (test/e2e/waitcnt-encodings.mlir checks the same values against llc). */
#include "amdsync/counters.h"
#include "unit.h"

static const AmdsyncTarget *T(const char *chip) {
  return amdsyncTargetLookup(chip);
}

static void testKnownEncodings(void) {
  /* TOOLCHAIN-FACTS: amdgpu.memory_counter_wait load(0) ds(1) on gfx942 is
     rocdl.s.waitcnt 368 = vmcnt 0, expcnt 7, lgkmcnt 1. */
  CHECK_EQ(amdsyncEncodeWaitcnt(T("gfx942"), 0, 7, 1), 368);
  /* All fields at maximum: "wait for nothing". */
  CHECK_EQ(amdsyncEncodeWaitcnt(T("gfx942"), 63, 7, 15), 0xCF7F);
  CHECK_EQ(amdsyncEncodeWaitcnt(T("gfx1030"), 63, 7, 63), 0xFF7F);
  CHECK_EQ(amdsyncEncodeWaitcnt(T("gfx1100"), 63, 7, 63), 0xFC07 | 0x3F0);
  /* vmcnt's high bits on GFX9/10 live in bits 15:14. */
  CHECK_EQ(amdsyncEncodeWaitcnt(T("gfx90a"), 17, 0, 0), (1 | (1 << 14)));
  /* GFX11: vmcnt in 15:10, lgkmcnt in 9:4, expcnt in 2:0. */
  CHECK_EQ(amdsyncEncodeWaitcnt(T("gfx1100"), 3, 2, 1), (3 << 10) | (1 << 4) | 2);
  /* GFX12 has no combined s_waitcnt. */
  CHECK_EQ(amdsyncEncodeWaitcnt(T("gfx1201"), 0, 0, 0), -1);
  CHECK_EQ(amdsyncEncodeWaitcnt(T("gfx1250"), 0, 0, 0), -1);
}

/* Every value of every field round-trips on every s_waitcnt target. */
static void testRoundTrip(void) {
  static const char *const kChips[] = {"gfx90a", "gfx942", "gfx950",
                                       "gfx1030", "gfx1100"};
  for (size_t c = 0; c < sizeof kChips / sizeof kChips[0]; ++c) {
    const AmdsyncTarget *t = T(kChips[c]);
    int bad = 0;
    for (int vm = 0; vm <= t->max_vmcnt; ++vm)
      for (int e = 0; e <= t->max_expcnt; ++e)
        for (int l = 0; l <= t->max_lgkmcnt; ++l) {
          int imm = amdsyncEncodeWaitcnt(t, vm, e, l);
          int dv, de, dl;
          if (imm < 0 || imm > 0xFFFF ||
              amdsyncDecodeWaitcnt(t, imm, &dv, &de, &dl) != 0 || dv != vm ||
              de != e || dl != l)
            bad++;
        }
    CHECK_EQ(bad, 0);
  }
}

static void testClamp(void) {
  /* A count above the maximum is clamped down: it only waits more. */
  CHECK_EQ(amdsyncCounterClamp(T("gfx1250"), AMDSYNC_COUNTER_ASYNC, 1000),
           T("gfx1250")->max_asynccnt);
  CHECK_EQ(amdsyncCounterClamp(T("gfx1250"), AMDSYNC_COUNTER_TENSOR, 3), 3);
  CHECK_EQ(amdsyncCounterClamp(T("gfx1250"), AMDSYNC_COUNTER_ASYNC, -2), 0);
  CHECK_EQ(amdsyncCounterClamp(T("gfx942"), AMDSYNC_COUNTER_VM, 64), 63);
  /* Encodings clamp each field too. */
  CHECK_EQ(amdsyncEncodeWaitcnt(T("gfx942"), 99, 99, 99),
           amdsyncEncodeWaitcnt(T("gfx942"), 63, 7, 15));
}

static void testCounterFor(void) {
  CHECK_EQ(amdsyncCounterFor(T("gfx1250"), AMDSYNC_ASYNC_LDS_LOAD),
           AMDSYNC_COUNTER_ASYNC);
  CHECK_EQ(amdsyncCounterFor(T("gfx1250"), AMDSYNC_ASYNC_LDS_STORE),
           AMDSYNC_COUNTER_ASYNC);
  CHECK_EQ(amdsyncCounterFor(T("gfx1250"), AMDSYNC_ASYNC_TENSOR),
           AMDSYNC_COUNTER_TENSOR);
  CHECK_EQ(amdsyncCounterFor(T("gfx942"), AMDSYNC_ASYNC_LDS_DMA),
           AMDSYNC_COUNTER_VM);
  /* Every chip with vmcnt counts LDS DMA on it (GFX10 and GFX11 too: the
     IR carries the wait llc would add); GFX12 has no vmcnt. */
  CHECK_EQ(amdsyncCounterFor(T("gfx1030"), AMDSYNC_ASYNC_LDS_DMA),
           AMDSYNC_COUNTER_VM);
  CHECK_EQ(amdsyncCounterFor(T("gfx1100"), AMDSYNC_ASYNC_LDS_DMA),
           AMDSYNC_COUNTER_VM);
  CHECK_EQ(amdsyncCounterFor(T("gfx1201"), AMDSYNC_ASYNC_LDS_DMA),
           AMDSYNC_COUNTER_NONE);
  /* By generation, not by the counter's maximum: the checker's placeholder
     for "no chip" (GFX9, every maximum 0) still counts it. */
  AmdsyncTarget any = *T("gfx942");
  any.max_vmcnt = 0;
  CHECK_EQ(amdsyncCounterFor(&any, AMDSYNC_ASYNC_LDS_DMA), AMDSYNC_COUNTER_VM);
}

int main(void) {
  testKnownEncodings();
  testRoundTrip();
  testClamp();
  testCounterFor();
  return unitReport("core_counters");
}
