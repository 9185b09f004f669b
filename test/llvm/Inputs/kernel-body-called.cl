/* test/llvm/hostile-kernel-body-called.ll: K2 states a flat size of at
   most 128 lanes, and K1, which states nothing, calls it as a function. */
#include "prelude.h"
__kernel __attribute__((amdgpu_flat_work_group_size(1, 128))) void
K2(__global int *out) {
  __local int buf[512];
  int t = LID_X();
  buf[t] = t;
  int v = buf[t + 128];
  LOCAL_BARRIER();
  out[t] = v;
}
__kernel void K1(__global int *out) { K2(out); }
