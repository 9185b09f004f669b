/* Work-efficient (Blelloch) exclusive scan of 512 ints per workgroup (256
   work-items, two elements each). Hand-written barriers: 1 after the load,
   1 per up-sweep level (9), 1 after clearing the root, 1 per down-sweep
   level (9): static 4, executed 20 per workgroup. Needs index reasoning
   (each level's active lanes touch disjoint pairs). */
#include "prelude.h"
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void scan(__global const int *in, __global int *out) {
  __local int t[512];
  int lid = LID_X();
  int base = GROUP_X() * 512;
  t[2 * lid] = in[base + 2 * lid];
  t[2 * lid + 1] = in[base + 2 * lid + 1];
  int offset = 1;
  LOCAL_BARRIER();
  for (int d = 256; d > 0; d >>= 1) {
    if (lid < d) {
      int ai = offset * (2 * lid + 1) - 1, bi = offset * (2 * lid + 2) - 1;
      t[bi] += t[ai];
    }
    offset *= 2;
    LOCAL_BARRIER();
  }
  if (lid == 0)
    t[511] = 0;
  LOCAL_BARRIER();
  for (int d = 1; d < 512; d *= 2) {
    offset >>= 1;
    if (lid < d) {
      int ai = offset * (2 * lid + 1) - 1, bi = offset * (2 * lid + 2) - 1;
      int x = t[ai];
      t[ai] = t[bi];
      t[bi] += x;
    }
    LOCAL_BARRIER();
  }
  out[base + 2 * lid] = t[2 * lid];
  out[base + 2 * lid + 1] = t[2 * lid + 1];
}
