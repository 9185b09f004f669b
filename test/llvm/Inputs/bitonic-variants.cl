/* Bitonic steps that look like test/opencl/bitonic.cl's but are not
   race-free within a step: each variant's partner `lid ^ j` must not be
   taken for lid + j.
   - WRONG_BIT: the guard tests bit 2j of lid, not bit j: lanes t and
     t ^ j both pass it and exchange the same pair.
   - READ_FIRST: every lane reads v[partner] before the guard (which then
     does not cover the read): lane t ^ j reads v[t] while lane t writes it.
   The authors' barrier at the end of each step orders neither. */
#include "prelude.h" /* test/opencl's: the builtins as intrinsics */
#ifndef WRONG_BIT
#define WRONG_BIT 0
#endif
#ifndef READ_FIRST
#define READ_FIRST 0
#endif
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void bitonic_variant(__global float *data) {
  __local float v[256];
  int lid = LID_X();
  v[lid] = data[GROUP_X() * 256 + lid];
  LOCAL_BARRIER();
  for (int k = 2; k <= 256; k <<= 1) {
    for (int j = k >> 1; j > 0; j >>= 1) {
      int partner = lid ^ j;
      float early = READ_FIRST ? v[partner] : 0.0f;
      if (WRONG_BIT ? (lid & (2 * j)) == 0 : partner > lid) {
        float a = v[lid], b = READ_FIRST ? early : v[partner];
        bool up = (lid & k) == 0;
        if ((a > b) == up) {
          v[lid] = b;
          v[partner] = a;
        }
      }
      LOCAL_BARRIER();
    }
  }
  data[GROUP_X() * 256 + lid] = v[lid];
}

/* Some lanes write past a bit test and every lane then reads what one of
   them wrote: the barrier between is needed (n, a kernel argument, is 1
   and 0 in the oracle's runs). In lane0_guard the writers are the lanes
   below n with bit 0 of lid clear, writing v[lid + 1]: v[1] for lane 0;
   taking the test for "bit set" puts the writes at even elements, apart
   from the read of v[1]. In upper_xor they are the lanes above n with bit
   0 set, writing their partners v[lid ^ 1]: v[0] for lane 1; taking the
   partner for lid + 1 puts the writes at v[2] and above, apart from the
   read of v[0]. */
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void lane0_guard(__global float *out, int n) {
  __local float v[256];
  int lid = LID_X();
  v[lid] = 0.0f;
  LOCAL_BARRIER();
  int partner = lid ^ 1;
  if (partner > lid && lid < n)
    v[lid + 1] = 1.0f;
  out[lid] = v[1];
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void upper_xor(__global float *out, int n) {
  __local float v[256];
  int lid = LID_X();
  v[lid] = 0.0f;
  LOCAL_BARRIER();
  int partner = lid ^ 1;
  if (partner < lid && lid > n)
    v[partner] = 1.0f;
  out[lid] = v[0];
}
